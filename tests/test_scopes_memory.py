"""Scopes and the agent-memory verbs: remember, amend, list, retire and erase by scope."""

from __future__ import annotations

import pytest

from tests.strategies import logical_dump
from worlddb.engine import WorldDB
from worlddb.errors import NotFoundError, ScopeError, ValidationError
from worlddb.hashing import scope_world, world_id
from worlddb.plugins import Message
from worlddb.scopes import parse_scope_name, scope_id, validate_scopes

ALICE = {"user_id": "alice"}


@pytest.mark.parametrize(
    "bad",
    [
        {"tenant": "x"},
        {"user_id": ""},
        {"user_id": "   "},
        {"user_id": "a=b"},
        {"user_id": "line\nbreak"},
        {"user_id": "x" * 257},
        {"user_id": 5},
        ["user_id"],
    ],
)
def test_malformed_scopes_are_scope_errors(bad: object) -> None:
    with pytest.raises(ScopeError):
        validate_scopes(bad)  # type: ignore[arg-type]


def test_scope_errors_are_permission_errors() -> None:
    with pytest.raises(PermissionError):
        validate_scopes(None, required=True)
    with pytest.raises(ScopeError):
        validate_scopes({"user_id": None}, required=True)  # type: ignore[dict-item]


def test_scopes_are_stripped_and_none_values_dropped() -> None:
    assert validate_scopes({"user_id": " alice ", "run_id": None}) == ALICE  # type: ignore[dict-item]
    assert validate_scopes(None) == {}


def test_scope_ids_are_the_ids_of_deterministic_scope_worlds() -> None:
    assert scope_id("user_id", "alice") == world_id(scope_world("user_id", "alice"))
    assert scope_id("user_id", " alice") == scope_id("user_id", "alice")
    assert parse_scope_name("user_id=a=b") == ("user_id", "a=b")
    with pytest.raises(ScopeError):
        scope_id("tenant", "x")


def test_remember_files_a_note_under_its_scopes(db: WorldDB) -> None:
    result = db.remember("I moved to Denver", scopes={"user_id": "alice", "agent_id": "bot"})
    assert result.created and db.get(result.id).type == "Note"
    counts = {(s.kind, s.value): s.members for s in db.list_scopes()}
    assert counts == {("user_id", "alice"): 1, ("agent_id", "bot"): 1}
    assert [s.value for s in db.list_scopes("agent_id")] == ["bot"]
    with pytest.raises(ScopeError):
        db.list_scopes("tenant")


def test_remembering_the_same_text_again_is_the_same_memory(db: WorldDB) -> None:
    first = db.remember("likes tea", scopes=ALICE)
    snapshot = logical_dump(db)
    again = db.remember("likes tea", scopes=ALICE)
    assert (again.id, again.created) == (first.id, False)
    assert logical_dump(db) == snapshot


def test_an_explicit_time_is_part_of_a_memorys_identity(db: WorldDB) -> None:
    one = db.remember("went running", occurred_at="2024-01-01")
    two = db.remember("went running", occurred_at="2024-01-02")
    assert one.id != two.id
    assert db.get(one.id).valid_from == db.get(one.id).created_at


def test_remembering_messages_writes_a_session(db: WorldDB) -> None:
    result = db.remember([Message("user", "hi"), Message("assistant", "hello")], scopes=ALICE)
    session = db.get(result.id)
    assert session.type == "Session" and session.children == result.turns
    assert [db.get(t).content for t in result.turns] == ["hi", "hello"]


def test_memories_require_every_scope_asked_for_and_page_with_a_cursor(db: WorldDB) -> None:
    both = db.remember("shared with bot", scopes={"user_id": "alice", "agent_id": "bot"})
    alice_only = [db.remember(f"private {i}", scopes=ALICE).id for i in range(3)]
    page, cursor = db.memories({"user_id": "alice", "agent_id": "bot"})
    assert [w.id for w in page] == [both.id] and cursor is None
    seen: list[str] = []
    after = 0
    while True:
        page, cursor = db.memories(ALICE, after=after, limit=2)
        seen += [w.id for w in page]
        if cursor is None:
            break
        after = cursor
    assert seen == [both.id, *alice_only]
    assert {w.id for w in db.memories()[0]} == {both.id, *alice_only}
    for limit in (0, 1001):
        with pytest.raises(ValidationError):
            db.memories(ALICE, limit=limit)


def test_amend_supersedes_the_memory_and_keeps_its_scopes(db: WorldDB) -> None:
    old = db.remember("I live in Denver", scopes=ALICE)
    new = db.amend(old.id, "I live in Boulder")
    assert new.superseded == (old.id,)
    assert db.get(old.id).valid_to is not None
    page, _ = db.memories(ALICE)
    assert [w.content for w in page] == ["I live in Boulder"]
    retired, _ = db.memories(ALICE, include_retired=True)
    assert {w.id for w in retired} == {old.id, new.id}
    with pytest.raises(ValidationError):
        db.amend(old.id, "again")
    with pytest.raises(ValidationError):
        db.amend(new.id, "I live in Boulder")


def test_retire_scope_closes_every_live_memory_in_it(db: WorldDB) -> None:
    for i in range(3):
        db.remember(f"note {i}", scopes=ALICE)
    kept = db.remember("bob's", scopes={"user_id": "bob"})
    assert db.retire_scope(ALICE) == 3
    assert db.memories(ALICE) == ([], None)
    assert [w.id for w in db.memories({"user_id": "bob"})[0]] == [kept.id]
    with pytest.raises(ScopeError):
        db.retire_scope({})


def test_purge_scope_without_erase_retires_the_scope_too(db: WorldDB) -> None:
    db.remember("note", scopes=ALICE)
    assert db.purge_scope("user_id", "alice") == 1
    assert db.get(scope_id("user_id", "alice")).valid_to is not None
    with pytest.raises(NotFoundError):
        db.purge_scope("user_id", "nobody")


def test_erasing_a_scope_deletes_its_memories_but_keeps_shared_ones(db: WorldDB) -> None:
    private = db.remember([Message("user", "secret plan")], scopes=ALICE)
    shared = db.remember("team lunch friday", scopes={"user_id": "alice", "app_id": "team"})
    assert db.purge_scope("user_id", "alice", erase=True) == 1
    assert db.find(private.id) is None
    assert all(db.find(t) is None for t in private.turns)
    assert db.find(shared.id) is not None
    assert db.find(scope_id("user_id", "alice")) is None
    assert [w.id for w in db.memories({"app_id": "team"})[0]] == [shared.id]
    assert db.verify() == []
