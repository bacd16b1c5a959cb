"""A store survives close and reopen; a newer schema or another embedder is refused on open."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.strategies import file_bytes, logical_dump, raw_connection
from worlddb.engine import WorldDB
from worlddb.errors import ModelMismatchError, PluginError, SchemaVersionError
from worlddb.plugins import Message
from worlddb.store.schema import SCHEMA_VERSION
from worlddb.testing import HashEmbedder


def _populate(db: WorldDB) -> dict[str, str]:
    session = db.ingest_session(
        [Message("user", "I live in Paris"), Message("assistant", "ok")],
        occurred_at="2024-01-01",
        scopes={"user_id": "alice"},
    )
    paris = db.put("Fact", content="user lives in Paris", valid_from="2024-01-01")
    berlin = db.put("Fact", content="user lives in Berlin", valid_from="2024-06-01")
    db.link(berlin, paris, "supersedes")
    a, b = db.put("Person", "Ann"), db.put("Person", "Anne")
    proposal = db.link(a, b, "same_as")
    db.edit(session.turns[1], content="okay")
    return {"session": session.id, "paris": paris, "berlin": berlin, "proposal": proposal}


def test_everything_written_is_readable_after_reopening(db_path: Path) -> None:
    with WorldDB.open(db_path, embedder=None, extractor=None) as db:
        ids = _populate(db)
        worlds = list(db.iter_worlds())
        edges = {w.id: db.edges(w.id, direction="both", include_retired=True) for w in worlds}
        proposals = db.proposals()
        dump = logical_dump(db)
    with WorldDB.open(db_path, embedder=None, extractor=None) as db:
        assert list(db.iter_worlds()) == worlds
        assert {
            w.id: db.edges(w.id, direction="both", include_retired=True) for w in worlds
        } == edges
        assert db.proposals() == proposals
        assert logical_dump(db) == dump
        assert db.verify() == []
        assert db.get(ids["paris"]).valid_to == db.get(ids["berlin"]).valid_from
        assert [w.content for w in db.memories({"user_id": "alice"})[0]] == [""]
        db.accept_merge(ids["proposal"])
        (accepted,) = db.proposals("accepted")
        assert db.equivalence_class(accepted.source) == sorted([accepted.source, accepted.target])


def test_a_store_from_a_newer_library_is_refused_untouched(db_path: Path) -> None:
    with WorldDB.open(db_path, embedder=None, extractor=None) as db:
        db.put("Note", content="written by an old library")
    conn = raw_connection(db_path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 7}")
    conn.close()
    before = db_path.read_bytes()
    with pytest.raises(SchemaVersionError) as info:
        WorldDB.open(db_path, embedder=None, extractor=None)
    assert (info.value.found, info.value.supported) == (SCHEMA_VERSION + 7, SCHEMA_VERSION)
    assert db_path.read_bytes() == before


def test_another_embedder_is_refused_and_the_same_one_reopens(db_path: Path) -> None:
    with WorldDB.open(db_path, embedder=HashEmbedder(16), extractor=None) as db:
        db.remember("vectors for this note")
        before = file_bytes(db)
    with pytest.raises(ModelMismatchError) as info:
        WorldDB.open(db_path, embedder=HashEmbedder(32), extractor=None)
    assert isinstance(info.value, PluginError)
    assert (info.value.stored, info.value.offered) == ("hash:v1:16", "hash:v1:32")
    with WorldDB.open(db_path, embedder=HashEmbedder(16), extractor=None) as db:
        assert file_bytes(db) == before
        assert db.vectors is not None and db.verify() == []
    with WorldDB.open(db_path, embedder=None, extractor=None) as db:
        assert db.verify() == []


def test_a_lost_vector_index_is_rebuilt_from_the_table(db_path: Path) -> None:
    with WorldDB.open(db_path, embedder=HashEmbedder(16), extractor=None) as db:
        ids = [db.remember(f"note number {i}").id for i in range(5)]
    sidecars = list(db_path.parent.glob(f"{db_path.name}.hnsw*"))
    assert sidecars, "closing saved no vector index to lose"
    for sidecar in sidecars:
        sidecar.unlink()
    with WorldDB.open(db_path, embedder=HashEmbedder(16), extractor=None) as db:
        assert db.vectors is not None
        rids = {db.store.rid_of(w) for w in ids}
        query = HashEmbedder(16).embed_queries(["note number 3"])[0]
        hits = db.vectors.search(query, k=5)
        assert {rid for rid, _ in hits} == rids
