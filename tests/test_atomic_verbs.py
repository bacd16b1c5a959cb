"""A verb that reports failure leaves the store exactly as it was (one changeset per verb)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from worlddb import HandlerRefusedError, WorldDB
from worlddb.testing import HashEmbedder


def _digest(db: WorldDB) -> str:
    """Every row of every table, in a stable order (the SQL dump of the file)."""
    with db.store.lock:
        return hashlib.sha256("\n".join(db.store.conn.iterdump()).encode()).hexdigest()


def test_a_refused_amend_leaves_no_new_memory_behind(tmp_path: Path) -> None:
    with WorldDB.open(tmp_path / "a.db", embedder=HashEmbedder()) as db:
        future = db.remember("I live in Oslo", occurred_at="2099-01-01T00:00:00Z")
        before = _digest(db)
        listed = [w.id for w in db.memories()[0]]
        with pytest.raises(HandlerRefusedError):
            db.amend(future.id, "I live in Bergen")  # now cannot supersede a 2099 note
        assert _digest(db) == before
        assert [w.id for w in db.memories()[0]] == listed


def test_an_accepted_amend_is_one_commit_with_its_supersedes_edge(tmp_path: Path) -> None:
    with WorldDB.open(tmp_path / "b.db", embedder=HashEmbedder()) as db:
        note = db.remember("I work at Initech", occurred_at="2024-01-10")
        amended = db.amend(note.id, "I work at Hooli")
        assert amended.commit is not None
        assert amended.commit.edges  # the supersedes edge came in the same commit
        assert note.id in amended.superseded
        assert [e.target for e in db.edges(amended.id, types=["supersedes"])] == [note.id]
