"""A write transaction's read memo and deferred rows (``worlddb.store.postgres.dialect``).

The memo must never answer a read with rows the transaction has since changed: every write
forgets the reads of its table, and a deferred row is written before any statement that names
its table. Measured on a real server: the round trips a changeset makes (issue 18, gap 1).
"""

from __future__ import annotations

import psycopg

from tests.conftest import PgServer
from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.store.postgres.dialect import PgConnection, statement_kind
from worlddb.testing import HashEmbedder


def test_statement_kinds_name_the_tables_a_write_makes_stale() -> None:
    assert statement_kind("SELECT rid FROM nodes n JOIN edges e ON e.src = n.id") == (
        "read",
        frozenset({"nodes", "edges"}),
    )
    assert statement_kind("INSERT INTO scope_members (scope, rid) VALUES (%s, %s)") == (
        "write",
        frozenset({"scope_members"}),
    )
    assert statement_kind("DELETE FROM edges WHERE id = %s")[0] == "write"
    assert statement_kind("UPDATE nodes SET name = %s")[1] == frozenset({"nodes"})
    assert statement_kind("CREATE INDEX x ON nodes (id)")[0] == "other"
    assert statement_kind("INSERT INTO elsewhere VALUES (1)")[0] == "other"  # forgets all
    assert statement_kind("SELECT 1 FROM m, edges WHERE x IN (SELECT rid FROM nodes)") == (
        "read",
        frozenset({"edges", "nodes"}),
    )


def test_memo_answers_repeats_and_forgets_on_writes(pg_server: PgServer) -> None:
    with psycopg.connect(pg_server.fresh_url(), autocommit=True) as raw:
        # two of the store's table names (the memo knows the schema's tables), own columns
        raw.execute("CREATE TABLE meta (k INTEGER PRIMARY KEY, v TEXT)")
        raw.execute("CREATE TABLE blobs (k INTEGER PRIMARY KEY)")
        with raw.transaction():
            conn = PgConnection(raw, memo=True)
            assert conn.execute("SELECT v FROM meta WHERE k = ?", (1,)).fetchone() is None
            assert conn.execute("SELECT v FROM meta WHERE k = ?", (1,)).fetchone() is None
            assert conn.stats == {"round_trips": 1, "memo_hits": 1, "deferred": 0}
            conn.execute("INSERT INTO blobs (k) VALUES (?)", (5,))  # another table: kept
            conn.execute("SELECT v FROM meta WHERE k = ?", (1,))
            assert conn.stats["memo_hits"] == 2
            conn.execute("INSERT INTO meta (k, v) VALUES (?, ?)", (1, "one"))
            assert conn.execute("SELECT v FROM meta WHERE k = ?", (1,)).fetchone() == ("one",)
            conn.execute("UPDATE meta SET v = ? WHERE k = ?", ("uno", 1))
            assert list(conn.execute("SELECT v FROM meta WHERE k = ?", (1,))) == [("uno",)]
            conn.defer("INSERT INTO meta (k, v) VALUES (%s, %s)", (2, "two"))
            conn.defer("INSERT INTO meta (k, v) VALUES (%s, %s)", (3, "three"))
            assert conn.stats["deferred"] == 2
            # the next statement naming meta writes the queued rows first (one executemany)
            assert conn.execute("SELECT count(*) FROM meta").fetchone() == (3,)
            conn.execute("SELECT count(*) FROM blobs")
            conn.read("ALTER TABLE blobs ADD COLUMN w TEXT")  # anything else forgets all
            before = conn.stats["round_trips"]
            conn.execute("SELECT count(*) FROM blobs")
            assert conn.stats["round_trips"] == before + 1


def test_a_bulk_changeset_makes_few_round_trips_per_world(pg_server: PgServer) -> None:
    """Scope memberships and vectors are deferred, the handlers' repeated reads of the one
    Scope world come from the memo, each new world's row id is known without asking, and the
    per-world reads (the cycle check's first step, the membership walk, the composition's
    structure) are read for all new worlds at once: a changeset's round trips no longer grow
    with its size (~10 per contained world before)."""
    scope = scope_world("user_id", "u1")
    notes = [WorldSpec(type="Note", content=f"note {i}", created_at=1 + i) for i in range(60)]
    edges = tuple(EdgeSpec("contains", world_id(scope), world_id(n)) for n in notes)
    with WorldDB.open(pg_server.fresh_url(), embedder=HashEmbedder(), extractor=None) as db:
        db.write(Changeset(worlds=(scope,)))
        db.write(Changeset(worlds=tuple(notes), edges=edges))
        stats = dict(db.store.last_write_stats)  # type: ignore[attr-defined]
        assert all(db.get(world_id(n)) is not None for n in notes)
        assert db.verify() == []
    # the Scope world's row, aliases and provenance: read once, then from the memo; each
    # note's children (twice: two composition kinds) and parents: one batched read each
    assert stats["memo_hits"] >= 6 * (len(notes) - 1), stats
    assert stats["deferred"] == 2 * len(notes)  # a vector and a scope membership each
    assert stats["round_trips"] <= 30, stats  # 60 worlds; ~600 before
