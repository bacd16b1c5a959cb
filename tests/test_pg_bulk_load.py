"""Bulk loads on PostgreSQL: the store-level tests of ``tests/test_bulk_load.py``
(``tests/pg_support``), then the deferred index upkeep of a load into an empty store
(``worlddb.store.postgres.bulk``): every index comes back, valid and used by the planner,
a failing load (a bad row, an index that does not verify) leaves the store and its indexes
as they were, and a lane read inside the load gets its indexes built first."""

from __future__ import annotations

import psycopg
import pytest

from tests.pg_support import adopt
from tests.test_bulk_load import _clock, _failing, _mixed, _plain
from worlddb import ValidationError, WorldDB
from worlddb.errors import IntegrityError
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.testing import HashEmbedder

# Not adopted: its own marker asks for the hash embedder on SQLite (the HNSW sidecar).
ADOPTED = adopt(
    "tests.test_bulk_load",
    globals(),
    skip=("test_a_bulk_load_with_an_embedder_indexes_its_vectors_after_the_commit",),
)


# -- deferred index upkeep on PostgreSQL (``worlddb.store.postgres.bulk``) --------------------

_INDEXES = (
    "SELECT c.relname, pg_get_indexdef(i.indexrelid), i.indisvalid FROM pg_index i "
    "JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid "
    "WHERE t.relnamespace = current_schema()::regnamespace ORDER BY 1"
)


def _indexes(url: str) -> list[tuple[str, str, bool]]:
    with psycopg.connect(url) as conn:
        return [(str(n), str(d), bool(v)) for n, d, v in conn.execute(_INDEXES)]


def _plan(url: str, sql: str) -> str:
    """The plan of ``sql`` with sequential scans priced out (the tables are tiny)."""
    with psycopg.connect(url) as conn:
        conn.execute("SET enable_seqscan = off")
        return "\n".join(str(r[0]) for r in conn.execute(f"EXPLAIN {sql}"))


def _open_pg(url: str, embedder: HashEmbedder | None) -> WorldDB:
    db = WorldDB.open(url, embedder=embedder, extractor=None, clock=_clock())
    db.recluster_budget_s = 0.0
    return db


@pytest.mark.parametrize("embedded", [False, True], ids=["no-embedder", "hash-embedder"])
def test_a_bulk_load_into_an_empty_store_rebuilds_every_index_and_reads_use_them(
    pg_url: str, embedded: bool
) -> None:
    embedder = HashEmbedder() if embedded else None
    with _open_pg(pg_url, embedder):
        pass
    before = _indexes(pg_url)
    with _open_pg(pg_url, embedder) as db:
        report = db.write_bulk(_plain(40))
        stats = dict(db.store.last_write_stats)
        # without an embedder the B-trees wait for the whole load, as on SQLite
        assert report.deferred_until == (0 if embedded else report.changesets)
        assert stats["lanes_built_early"] == 0  # nothing in this load read a lane
        assert stats["index_build_ms"] >= 0
        assert db.verify() == []
        assert {h.text for h in db.recall("saffron glacier note 11", limit=5).hits}
    after = _indexes(pg_url)
    hnsw = [row for row in after if row[0].startswith("embeddings_hnsw_")]
    assert len(hnsw) == int(embedded)  # the first vector's dimension got its index, at the end
    assert [row for row in after if row not in hnsw] == before
    assert all(valid for _, _, valid in after)
    text = "SELECT rowid FROM fts WHERE doc @@ to_tsquery('worlddb', 'saffron')"
    assert "fts_doc" in _plan(pg_url, text)
    assert "nodes_norm_name" in _plan(pg_url, "SELECT rid FROM nodes WHERE norm_name = 'x'")
    assert "edges_dst" in _plan(pg_url, "SELECT id FROM edges WHERE dst = 'x'")
    if embedded:
        name = hnsw[0][0]
        dim = int(name.rsplit("_", 1)[1])
        query = "[" + ",".join(["0.5"] * dim) + "]"
        nearest = (
            f"SELECT rid FROM embeddings WHERE vector_dims(vec) = {dim} "
            f"ORDER BY vec::vector({dim}) <=> '{query}'::vector({dim}) LIMIT 5"
        )
        assert name in _plan(pg_url, nearest)


def test_a_lane_read_inside_a_bulk_load_builds_the_lane_indexes_first(pg_url: str) -> None:
    """The resolver's fuzzy-name changeset reads the text lane: its indexes are built there,
    the rest of the load keeps them up row by row, and the result is the sequential one's."""
    with _open_pg(pg_url, None) as db:
        report = db.write_bulk(_mixed())
        assert db.store.last_write_stats["lanes_built_early"] == 1
        assert report.deferred_until == len(_plain(30))
        assert len(db.store.proposals()) == 1  # "Ada Harbor 3" proposed, as written one by one
        assert db.verify() == []
        assert db.recall("lantern", limit=100).hits
    assert all(valid for _, _, valid in _indexes(pg_url))


def test_a_failing_bulk_load_leaves_the_empty_store_with_its_indexes(pg_url: str) -> None:
    embedder = HashEmbedder()
    with _open_pg(pg_url, embedder):
        pass
    before = _indexes(pg_url)
    bad = Changeset(edges=(EdgeSpec("refers_to", "ab" * 32, "cd" * 32),))
    with _open_pg(pg_url, embedder) as db:
        with pytest.raises(ValidationError) as caught:
            db.write_bulk(_failing(bad, at=3))
        assert "\n" not in str(caught.value)
        assert db.store.counts()["nodes"] == 0
    assert _indexes(pg_url) == before
    with _open_pg(pg_url, embedder) as db:  # and it loads again, indexes rebuilt
        db.write_bulk(_plain(20))
        assert db.verify() == []
    assert len(_indexes(pg_url)) == len(before) + 1  # + the HNSW index of the new dimension


def test_a_rebuilt_index_that_does_not_verify_rolls_the_load_back(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Verification compares each rebuilt index's entries with its table's rows; a mismatch
    (here the expected count is made one too many) is a typed error and nothing is kept."""
    from worlddb.store.postgres import bulk

    with _open_pg(pg_url, None):
        pass
    before = _indexes(pg_url)
    real = bulk._expected_sql
    monkeypatch.setattr(bulk, "_expected_sql", lambda index: f"SELECT ({real(index)}) + 1")
    with _open_pg(pg_url, None) as db:
        with pytest.raises(IntegrityError) as caught:
            db.write_bulk(_plain(10))
        assert "\n" not in str(caught.value)
        assert db.store.counts()["nodes"] == 0
    assert _indexes(pg_url) == before


def test_a_bulk_load_into_a_non_empty_store_drops_no_index(pg_url: str) -> None:
    with _open_pg(pg_url, HashEmbedder()) as db:
        db.write(_plain(3)[0])
        before = _indexes(pg_url)
        report = db.write_bulk(_plain(20)[1:])
        assert report.deferred_until == 0
        assert "index_build_ms" not in db.store.last_write_stats
        assert db.verify() == []
    assert _indexes(pg_url) == before


def test_a_nul_character_in_a_copied_row_is_refused_and_nothing_is_kept(pg_url: str) -> None:
    """A bulk load writes its many-row inserts by ``COPY``: a NUL (which PostgreSQL text
    cannot hold) is the same typed refusal as on the ``INSERT`` path, the store unchanged."""
    bad = Changeset(
        worlds=tuple(
            WorldSpec(type="Fact", content=f"ok {i}" + "\x00" * (i == 3)) for i in range(5)
        )
    )
    with _open_pg(pg_url, None) as db:
        with pytest.raises(ValidationError) as caught:
            db.write_bulk(_failing(bad, at=2))
        assert caught.value.field == "text" and "\n" not in str(caught.value)
        assert db.store.counts()["nodes"] == 0
        db.write_bulk(_plain(10))
        assert db.store.counts()["nodes"] == 16 and db.verify() == []


def test_a_bulk_load_leaves_column_statistics_for_the_planner(pg_url: str) -> None:
    """Without ANALYZE the first recalls after a load would be planned with no histograms or
    distinct counts (autovacuum has not seen the tables yet)."""
    stats = (
        "SELECT count(*) FROM pg_stats WHERE schemaname = current_schema() "
        "AND tablename IN ('nodes', 'edges', 'fts')"
    )
    with _open_pg(pg_url, None):
        pass
    with psycopg.connect(pg_url) as conn:
        assert conn.execute(stats).fetchone() == (0,)
    with _open_pg(pg_url, None) as db:
        db.write_bulk(_plain(40))
    with psycopg.connect(pg_url) as conn:
        row = conn.execute(stats).fetchone()
    assert row is not None and row[0] > 0
