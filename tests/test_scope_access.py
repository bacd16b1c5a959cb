"""The engine's scope-access rule (``worlddb.engine.access``), with no front end in between.

The MCP server's token tests exercise the same rule through the protocol; these pin it at the
engine, where a web explorer or a script would call it.
"""

from __future__ import annotations

import pytest

from worlddb import Message, NotFoundError, ScopeError, ScopeGrant, WorldDB
from worlddb.engine.access import UNRESTRICTED, scope_labels, shown_labels
from worlddb.hashing import digest

ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}


def _grant(**allowed: str) -> ScopeGrant:
    return ScopeGrant({kind: frozenset(value.split("|")) for kind, value in allowed.items()})


def test_a_turn_inherits_its_sessions_scopes_and_a_scope_belongs_to_itself(db: WorldDB) -> None:
    session = db.remember(
        [Message("user", "hello"), Message("assistant", "hi")], scopes={**ALICE, "run_id": "r1"}
    )
    turn = db.get(session.turns[0])
    assert db.scope_memberships(turn) == {"user_id": {"alice"}, "run_id": {"r1"}}
    assert scope_labels(db.scope_memberships(turn)) == ["run_id=r1", "user_id=alice"]
    scope = db.get(db.scope_id("user_id", "alice"))
    assert db.scope_memberships(scope) == {"user_id": {"alice"}}


def test_a_bound_grant_sees_its_own_memories_and_not_anothers(db: WorldDB) -> None:
    mine = db.get(db.remember("my locker code is 1234", scopes=ALICE).id)
    theirs = db.get(db.remember("my locker code is 9876", scopes=BOB).id)
    alice = _grant(user_id="alice")
    assert db.permits(alice, mine)
    assert not db.permits(alice, theirs)
    assert db.permits(UNRESTRICTED, theirs)
    assert db.permits(_grant(user_id="alice|bob"), theirs)  # values of one kind: alternatives


def test_a_world_out_of_the_grant_reads_as_missing_by_id_and_by_prefix(db: WorldDB) -> None:
    theirs = db.remember("my locker code is 9876", scopes=BOB).id
    alice = _grant(user_id="alice")
    for target in (theirs, theirs[:10]):
        with pytest.raises(NotFoundError):
            db.get_permitted(target, alice)
    assert db.get_permitted(theirs[:10], _grant(user_id="bob")).id == theirs


def test_a_grant_requires_every_kind_it_constrains() -> None:
    bound = _grant(user_id="alice")
    bound.check_request({"user_id": "alice", "run_id": "r1"})
    with pytest.raises(ScopeError, match=r"add scopes\.user_id"):
        bound.check_request({"run_id": "r1"})
    with pytest.raises(ScopeError, match="may not use user_id='bob'"):
        bound.check_request(BOB)
    assert ScopeGrant.from_claim(bound.to_claim()) == bound
    with pytest.raises(ScopeError):
        ScopeGrant.from_claim({"planet": ["mars"]})


def test_labels_shown_to_a_bound_caller_are_cut_to_its_scopes() -> None:
    labels = ["user_id=alice", "user_id=bob", "run_id=r1", "run_id=r2"]
    alice = _grant(user_id="alice")
    assert shown_labels(labels, alice) == ["user_id=alice"]
    assert shown_labels(labels, alice, {"run_id": "r1"}) == ["run_id=r1", "user_id=alice"]
    assert shown_labels(labels, UNRESTRICTED) == sorted(labels)


def test_memory_cursor_resumes_a_listing_right_after_an_item(db: WorldDB) -> None:
    ids = [db.remember(f"note {i}", scopes=ALICE).id for i in range(5)]
    page, _ = db.memories(ALICE, limit=2)
    cursor = db.memory_cursor(page[-1].id)
    assert cursor is not None
    rest, more = db.memories(ALICE, after=cursor, limit=10)
    assert [w.id for w in (*page, *rest)] == ids
    assert more is None
    assert db.memory_cursor("0" * 64) is None


def test_store_level_verbs_read_and_write_what_the_store_holds(db: WorldDB) -> None:
    wid = db.put("Document", "plan", "go to Mars")
    body = db.blob(wid)
    assert body is not None and digest(body) == wid
    assert db.blob("0" * 64) is None
    assert db.counts()["nodes"] == 1
    assert db.meta("test.key") is None
    db.set_meta("test.key", "42")
    assert db.meta("test.key") == "42"
    assert db.path == ":memory:"
