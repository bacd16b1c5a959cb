"""PostgreSQL schema V3 (ids as BYTEA) upgrading a V2 database that holds real rows.

The V2 database is built from the V4 SQLite fixture (tests/data/v4_store, written by the V4
code): the V2 schema (``MIGRATIONS[:2]``), then every row of the fixture copied in as the V2
code stored it (ids as hex text). Opening it with the current code runs V3; the reads must
match what the V4 code read from the fixture (``store.db.json``).
"""

from __future__ import annotations

import sqlite3

from tests.v4_fixture import FIXTURE, READ, assert_reads_as_v4
from worlddb import WorldDB
from worlddb.model import fts_columns
from worlddb.store.postgres.schema import MIGRATIONS, SCHEMA_VERSION
from worlddb.store.postgres.writer import vector_literal
from worlddb.testing import HashEmbedder

COPIED = (
    "meta",
    "blobs",
    "nodes",
    "validity_log",
    "edges",
    "aliases",
    "provenance",
    "merge_proposals",
    "scope_members",
    "composed_embeddings",
    "retention",
)
ID_COLUMNS = {
    ("blobs", "id"),
    ("nodes", "id"),
    ("nodes", "parent"),
    ("edges", "id"),
    ("edges", "src"),
    ("edges", "dst"),
    ("aliases", "node"),
    ("provenance", "node"),
    ("merge_proposals", "edge_id"),
    ("merge_proposals", "src"),
    ("merge_proposals", "dst"),
    ("scope_members", "scope"),
}


def _v2_database(url: str) -> None:
    """The V2 schema behind ``url``, holding the fixture's rows as V2 stored them."""
    import psycopg

    source = sqlite3.connect(f"file:{FIXTURE}?mode=ro", uri=True)
    try:
        with psycopg.connect(url, autocommit=True) as pg, pg.transaction():
            for script in MIGRATIONS[:2]:
                pg.execute(script.encode())
            pg.execute("CREATE TABLE worlddb_schema (version INTEGER)")
            pg.execute("INSERT INTO worlddb_schema VALUES (2)")
            for table in COPIED:
                cur = source.execute(f"SELECT * FROM {table}")
                columns = [c[0] for c in cur.description]
                marks = ", ".join(["%s"] * len(columns))
                rows = cur.fetchall()
                if rows:
                    pg.cursor().executemany(
                        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
                    )
            pg.cursor().executemany(
                "INSERT INTO embeddings (rid, text_hash, vector, vec) "
                "VALUES (%s, %s, %s, %s::vector)",
                [
                    (rid, text_hash, vector, vector_literal(vector))
                    for rid, text_hash, vector in source.execute(
                        "SELECT rid, text_hash, vector FROM embeddings"
                    )
                ],
            )
            pg.cursor().executemany(
                "INSERT INTO fts (rowid, name, content) VALUES (%s, %s, %s)",
                [
                    (rid, *fts_columns(kind, name, content))
                    for rid, kind, name, content in source.execute(
                        "SELECT rid, type, name, content FROM nodes WHERE fts_indexed = 1"
                    )
                ],
            )
            assert pg.execute("SELECT pg_typeof(id)::text FROM nodes LIMIT 1").fetchone() == (
                "text",
            )
    finally:
        source.close()


def test_a_v2_database_upgrades_to_bytea_ids_and_reads_the_same(pg_url: str) -> None:
    import psycopg

    _v2_database(pg_url)
    db = WorldDB.open(pg_url, embedder=HashEmbedder(), extractor=None, record_recalls=False)
    try:
        assert_reads_as_v4(db)
        db.accept_merge(READ["pending_proposal"])  # and it writes
        assert db.proposals("accepted")[0].edge_id == READ["pending_proposal"]
    finally:
        db.close()
    with psycopg.connect(pg_url, autocommit=True) as pg:
        assert pg.execute("SELECT version FROM worlddb_schema").fetchone() == (SCHEMA_VERSION,)
        kinds = set(
            pg.execute(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND data_type = 'bytea' "
                "AND column_name NOT IN ('body', 'vector')"
            ).fetchall()
        )
        assert kinds == ID_COLUMNS
        lengths = pg.execute("SELECT DISTINCT length(id) FROM nodes").fetchall()
        assert lengths == [(32,)]
