"""A verb that reports failure leaves the store exactly as it was (one changeset per verb).

Each test makes the *last* part of a verb's write refuse (an edge handler that vetoes an edge or
the closing of a world it holds, a version that would travel back in time) after earlier parts would
already have landed had the verb committed in stages, and checks the SQL dump is unchanged.

Verbs that are one transaction by construction and have no part a caller can make refuse
(``accept_merge``/``reject_merge``: two row updates under one writer; ``erase``/``erase_scope``:
one purge transaction; ``ensure_scopes``, ``link``, ``retire``, ``set_validity``,
``retire_edge``: one changeset or one close) are not listed here. ``write`` may be followed by a
recluster pass, which is its own later commit by design (it only stages proposals; see
``WorldDB.write``), and ``worlddb.bulk.import_sessions`` commits one session at a time so that an
interrupted import resumes (see its docstring).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NoReturn

import pytest

from worlddb import (
    EdgeHandler,
    HandlerRefusedError,
    HandlerRegistry,
    Message,
    NodeId,
    WorldDB,
    default_handlers,
)
from worlddb.handlers import PlainHandler, WriteContext
from worlddb.model import Edge
from worlddb.plugins import Episode, ExtractedFact, Extraction
from worlddb.testing import HashEmbedder

ALICE = {"user_id": "alice"}


def _digest(db: WorldDB) -> str:
    """Every row of every table, in a stable order (the SQL dump of the file).

    Waits for the background recluster pass first: it is its own later commit, not the verb's.
    """
    db.drain_recluster()
    with db.store._guard:
        return hashlib.sha256("\n".join(db.store._connection.iterdump()).encode()).hexdigest()


class _Refuses(PlainHandler):
    """An edge handler that vetoes every edge of its type (the refused second half)."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> NoReturn:
        ctx.refuse(f"{edge.type} refused by the test")


def _refusing(edge_type: str) -> HandlerRegistry:
    """The default handlers, except that ``edge_type`` is always refused."""
    defaults = default_handlers()
    registry = HandlerRegistry()
    for name in defaults.types:
        handler: EdgeHandler = _Refuses() if name == edge_type else defaults.resolve(name)
        registry.register(name, handler)
    return registry


class _OneFact:
    """An extractor that finds one fact about Oslo in every episode."""

    def extract(self, episode: Episode, /) -> Extraction:
        return Extraction(facts=(ExtractedFact("f1", "the user lives in Oslo", ("Oslo",)),))


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


class _KeepsOpen(PlainHandler):
    """An edge whose endpoints may never close (closing one is refused)."""

    def on_endpoint_closed(
        self, edge: Edge, closed: NodeId, at: int, ctx: WriteContext, /
    ) -> NoReturn:
        ctx.refuse(f"{closed[:12]} is held open by the test")


def _guarded_db(path: Path) -> WorldDB:
    registry = default_handlers()
    registry.register("keeps_open", _KeepsOpen())
    return WorldDB.open(path, embedder=HashEmbedder(), handlers=registry)


def _alice_with_two_memories(db: WorldDB) -> tuple[str, str]:
    first = db.remember("I live in Oslo", occurred_at="2024-01-10", scopes=ALICE).id
    second = db.remember("I work at Hooli", occurred_at="2024-01-11", scopes=ALICE).id
    return first, second


def test_a_refused_retire_scope_closes_no_memory(tmp_path: Path) -> None:
    with _guarded_db(tmp_path / "c.db") as db:
        _, second = _alice_with_two_memories(db)
        db.link(second, db.put("Thing", "anchor"), "keeps_open")  # the last close is refused
        before = _digest(db)
        with pytest.raises(HandlerRefusedError):
            db.retire_scope(ALICE)
        assert _digest(db) == before
        assert len(db.memories(ALICE)[0]) == 2


def test_a_refused_purge_scope_retires_neither_memories_nor_scope(tmp_path: Path) -> None:
    with _guarded_db(tmp_path / "d.db") as db:
        _alice_with_two_memories(db)
        scope = db.scope_id("user_id", "alice")
        db.link(scope, db.put("Thing", "anchor"), "keeps_open")  # the scope's own close: refused
        before = _digest(db)
        with pytest.raises(HandlerRefusedError):
            db.purge_scope("user_id", "alice")
        assert _digest(db) == before
        assert len(db.memories(ALICE)[0]) == 2
        assert db.get(scope).valid_to is None


def test_a_retire_scope_that_succeeds_closes_every_memory_and_counts_them(tmp_path: Path) -> None:
    with WorldDB.open(tmp_path / "e.db", embedder=HashEmbedder()) as db:
        for day in ("2024-01-10", "2024-01-11", "2024-01-12"):
            db.remember(f"note of {day}", occurred_at=day, scopes=ALICE)
        assert db.purge_scope("user_id", "alice") == 3
        assert db.memories(ALICE)[0] == []
        assert db.get(db.scope_id("user_id", "alice")).valid_to is not None


def test_a_remember_whose_fact_edges_are_refused_leaves_no_note(tmp_path: Path) -> None:
    registry = _refusing("refers_to")
    with WorldDB.open(tmp_path / "f.db", embedder=HashEmbedder(), handlers=registry) as db:
        before = _digest(db)
        fact = ExtractedFact("f1", "the user lives in Oslo", ("Oslo",))
        with pytest.raises(HandlerRefusedError):
            db.remember("I live in Oslo", scopes=ALICE, facts=[fact])
        assert _digest(db) == before
        assert db.memories()[0] == []


def test_an_ingest_session_whose_extracted_edges_are_refused_leaves_no_turn(
    tmp_path: Path,
) -> None:
    registry = _refusing("refers_to")
    with WorldDB.open(
        tmp_path / "g.db", embedder=HashEmbedder(), extractor=_OneFact(), handlers=registry
    ) as db:
        before = _digest(db)
        messages = [Message("user", "I moved to Oslo"), Message("assistant", "Nice!")]
        with pytest.raises(HandlerRefusedError):
            db.ingest_session(messages, occurred_at="2024-02-01", scopes=ALICE)
        assert _digest(db) == before
        assert db.worlds(types=["Turn", "Session"]) == []


def test_a_refused_edit_writes_no_new_version(tmp_path: Path) -> None:
    with WorldDB.open(tmp_path / "h.db", embedder=HashEmbedder()) as db:
        wid = db.put("Document", "plan", "go to Mars", valid_from="2099-01-01")
        before = _digest(db)
        with pytest.raises(HandlerRefusedError):
            db.edit(wid, content="go to Venus")  # the new version cannot supersede a 2099 one
        assert _digest(db) == before


def test_a_put_whose_structure_is_refused_leaves_no_parent(tmp_path: Path) -> None:
    registry = _refusing("contains")
    with WorldDB.open(tmp_path / "i.db", embedder=None, handlers=registry) as db:
        child = db.put("Section", "one", "first")
        before = _digest(db)
        with pytest.raises(HandlerRefusedError):
            db.put("Document", "doc", children=[child])
        assert _digest(db) == before
