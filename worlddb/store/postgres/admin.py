"""Database-level helpers for benches and operators: schemas, sizes, transaction counts.

Kept in the backend (the storage seam allows SQL only under ``worlddb/store/``): a bench that
runs one workload on a fresh schema of a shared PostgreSQL, then reports how large the store
grew and how many transactions the server rolled back, asks for it here.
"""

from __future__ import annotations

import re
from typing import Final
from urllib.parse import quote

import psycopg

from worlddb.errors import ValidationError

__all__ = ["create_schema", "drop_schema", "rolled_back", "schema_bytes", "schema_url"]

_NAME: Final = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def _checked(schema: str) -> str:
    if not _NAME.match(schema):
        raise ValidationError(
            "schema names are lower-case identifiers", field="schema", value=schema
        )
    return schema


def schema_url(base: str, schema: str) -> str:
    """``base`` with ``search_path`` set to ``schema`` (then ``public``, where pgvector is)."""
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options={quote(f'-csearch_path={_checked(schema)},public')}"


def create_schema(base: str, schema: str) -> str:
    """Create the empty ``schema`` (dropping one of that name) in the database at ``base``,
    with the ``vector`` extension available; returns the URL that opens a store in it."""
    name = _checked(schema)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        conn.execute(f"CREATE SCHEMA {name}")
    return schema_url(base, name)


def drop_schema(base: str, schema: str) -> None:
    """Drop ``schema`` and everything in it."""
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {_checked(schema)} CASCADE")


def schema_bytes(url: str) -> int:
    """Bytes on disk of the tables (with their indexes and TOAST) of ``url``'s current schema."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
            "WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'"
        ).fetchone()
    return int(row[0]) if row else 0


def rolled_back(url: str) -> int:
    """Transactions the database at ``url`` has rolled back since its statistics were reset
    (this process's pending counts flushed first)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_stat_force_next_flush()")
        row = conn.execute(
            "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    return int(row[0]) if row else 0
