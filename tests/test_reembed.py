"""`WorldDB.reembed`: the migration for a store built with another embedder."""

from __future__ import annotations

from pathlib import Path

import pytest

from worlddb import ModelMismatchError, WorldDB
from worlddb.testing import HashEmbedder


def test_reembed_migrates_a_store_to_a_new_embedder(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with WorldDB.open(path, embedder=HashEmbedder(32), extractor=None) as db:
        db.remember("I love hiking in the Alps")
        db.remember("The quarterly budget review is on Friday")
    with pytest.raises(ModelMismatchError):
        WorldDB.open(path, embedder=HashEmbedder(48))

    assert WorldDB.reembed(path, HashEmbedder(48)) == 2

    with WorldDB.open(path, embedder=HashEmbedder(48), extractor=None) as db:
        rows = db.store._connection.execute("SELECT vector FROM embeddings").fetchall()
        assert {len(bytes(r[0])) for r in rows} == {48 * 4}
        hits = db.recall("hiking alps", lanes=("vector",), limit=1).hits
        assert [h.text for h in hits] == ["I love hiking in the Alps"]
        assert db.verify() == []


def test_reembed_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with WorldDB.open(path, embedder=HashEmbedder(32), extractor=None) as db:
        db.remember("one memory")
    assert WorldDB.reembed(path, HashEmbedder(32)) == 1
    assert WorldDB.reembed(path, HashEmbedder(32)) == 1
    with WorldDB.open(path, embedder=HashEmbedder(32), extractor=None) as db:
        assert db.store.counts()["embeddings"] == 1
