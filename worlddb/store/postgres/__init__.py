"""The PostgreSQL + pgvector backend of the storage seam (issue 18), selected by URL.

``open_store("postgresql://...")`` (``worlddb.store.open_store`` routes here) opens a
connection pool, migrates the database and returns a ``PgStore``; SQLite paths keep opening
the SQLite store. Install with the ``postgres`` extra (``psycopg`` 3 and ``psycopg_pool``);
the server needs the ``vector`` extension (pgvector) and PostgreSQL 16 or newer.
"""

from __future__ import annotations

import os
import re
from typing import Final

import psycopg
from psycopg_pool import ConnectionPool

from worlddb.store.postgres.schema import migrate
from worlddb.store.postgres.store import PgStore

__all__ = ["WRITES_ENV", "PgStore", "is_postgres_url", "open_pg_store"]

_URL: Final = re.compile(r"^postgres(ql)?://", re.IGNORECASE)
POOL_MAX: Final = 16
WRITES_ENV: Final = "WORLDDB_PG_WRITES"


def is_postgres_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(target, str) and _URL.match(target) is not None


def open_pg_store(url: str, *, pool_max: int = POOL_MAX, writes: str | None = None) -> PgStore:
    """Open (creating the schema if needed) the worlddb store in the database at ``url``.

    ``writes`` is the write mode (``PgStore``'s docstring): ``lock`` (default) or
    ``serializable``; ``None`` reads ``WORLDDB_PG_WRITES`` from the environment, so server
    processes started with it pick it up."""
    mode = writes or os.environ.get(WRITES_ENV, "").strip().lower() or "lock"
    with psycopg.connect(url, autocommit=True) as conn:
        migrate(conn)
        dims = {
            int(row[0])
            for row in conn.execute(
                "SELECT substring(indexname from 'embeddings_hnsw_([0-9]+)') FROM pg_indexes "
                "WHERE tablename = 'embeddings' AND indexname LIKE 'embeddings_hnsw_%' "
                "AND schemaname = current_schema()"
            )
        }
    pool = ConnectionPool(
        url, min_size=1, max_size=pool_max, kwargs={"autocommit": True}, open=True
    )
    try:
        return PgStore(pool, url, dims, writes=mode)
    except BaseException:
        pool.close()
        raise
