"""The ``WorldDB`` facade: lifecycle, writes, edits, identity and bitemporal reads."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.strategies import FakeClock, logical_dump
from worlddb.engine import WorldDB
from worlddb.errors import ClosedError, NotFoundError, ValidationError
from worlddb.hashing import world_id
from worlddb.model import WorldSpec
from worlddb.timeutil import parse_time

JAN, JUN = parse_time("2024-01-01"), parse_time("2024-06-01")


def test_a_closed_engine_raises_closed_error_and_closing_twice_is_fine() -> None:
    with WorldDB.open(embedder=None, extractor=None) as db:
        wid = db.put("Note", content="x")
    db.close()
    with pytest.raises(ClosedError):
        db.get(wid)


def test_put_accepts_datetimes_iso_strings_and_microseconds(db: WorldDB) -> None:
    a = db.put("Fact", content="a", valid_from=datetime(2024, 1, 1, tzinfo=UTC))
    b = db.put("Fact", content="b", valid_from="2024-01-01T00:00:00Z")
    c = db.put("Fact", content="c", valid_from=JAN)
    assert db.get(a).valid_from == db.get(b).valid_from == db.get(c).valid_from == JAN
    with pytest.raises(ValidationError) as info:
        db.put("Fact", content="d", valid_from="next tuesday-ish")
    assert info.value.field == "valid_from"


def test_put_returns_the_content_id(db: WorldDB) -> None:
    wid = db.put("Note", "title", "body", created_at=5)
    assert wid == world_id(WorldSpec("Note", "title", "body", created_at=5))
    assert db.put("Note", "title", "body", created_at=5) == wid


def test_link_accepts_prefixes_and_stores_properties(db: WorldDB) -> None:
    a, b = db.put("Note", content="a"), db.put("Note", content="b")
    eid = db.link(a[:10], b[:10], "refers_to", why="example", weight=3)
    (edge,) = db.edges(a)
    assert (edge.id, edge.target, dict(edge.properties)) == (
        eid,
        b,
        {"why": "example", "weight": 3},
    )


def test_find_returns_none_where_get_raises(db: WorldDB) -> None:
    wid = db.put("Note", content="x")
    assert db.find(wid[:8]) == db.get(wid[:8])
    for missing in ("c" * 64, "nope", "12"):
        assert db.find(missing) is None
    with pytest.raises(NotFoundError):
        db.get("c" * 64)
    with pytest.raises(NotFoundError):
        db.is_visible("c" * 64)


def test_children_and_parent_navigate_structure(db: WorldDB) -> None:
    t1, t2 = db.put("Turn", "user", "one"), db.put("Turn", "assistant", "two")
    session = db.put("Session", children=[t1, t2])
    assert [w.id for w in db.children(session)] == [t1, t2]
    assert db.parent(t1) is not None and db.parent(t1).id == session  # type: ignore[union-attr]
    assert db.parent(session) is None


def test_an_edit_re_hashes_exactly_the_world_and_its_ancestors(db: WorldDB) -> None:
    """I2: siblings keep their ids; every new version supersedes its old one."""
    t1, t2 = db.put("Turn", "user", "I like tea"), db.put("Turn", "assistant", "noted")
    session = db.put("Session", children=[t1, t2])
    topic = db.put("Topic", "drinks", children=[session])
    (scope,) = db.ensure_scopes({"user_id": "u1"})
    db.link(scope, topic, "contains")
    before = {w.id for w in db.iter_worlds()}
    result = db.edit(t1, content="I like coffee")
    new_turn, new_session, new_topic = result.created
    assert {w.id for w in db.iter_worlds()} - before == {new_turn, new_session, new_topic}
    assert db.get(new_turn).content == "I like coffee"
    assert db.get(new_session).children == (new_turn, t2)
    assert db.get(new_topic).children == (new_session,)
    assert db.get(t2).parent == new_session
    assert set(result.closed) == {t1, session, topic}
    edit_time = db.get(new_turn).valid_from
    assert edit_time is not None and edit_time <= result.ingested_at
    for old, new in ((t1, new_turn), (session, new_session), (topic, new_topic)):
        assert db.get(old).valid_to == db.get(new).valid_from == edit_time
        assert [e.target for e in db.edges(new, types=["supersedes"])] == [old]
    assert db.get(t1).content == "I like tea"  # the old version stays readable
    assert [w.id for w in db.history(new_turn)] == [t1, new_turn]
    assert [w.id for w in db.history(t1)] == [t1, new_turn]
    assert db.store.rid_of(new_turn) in _scope_rids(db, scope)
    assert db.verify() == []


def _scope_rids(db: WorldDB, scope: str) -> set[int]:
    return {
        r[0]
        for r in db.store._connection.execute(
            "SELECT rid FROM scope_members WHERE scope = ?", (bytes.fromhex(scope),)
        )
    }


def test_an_edit_that_changes_nothing_is_refused(db: WorldDB) -> None:
    wid = db.put("Note", content="same")
    before = logical_dump(db)
    with pytest.raises(ValidationError):
        db.edit(wid, content="same")
    assert logical_dump(db) == before


def test_only_the_current_version_can_be_edited(db: WorldDB) -> None:
    wid = db.put("Note", content="v1")
    db.edit(wid, content="v2")
    with pytest.raises(ValidationError):
        db.edit(wid, content="v3")
    with pytest.raises(NotFoundError):
        db.edit("c" * 64, content="x")


def test_worlds_filters_by_valid_time_type_and_superseded() -> None:
    clock = FakeClock(start=JUN + 10**9)  # type: ignore[operator]
    with WorldDB.open(embedder=None, extractor=None, clock=clock) as db:
        paris = db.put("Fact", content="Alice lives in Paris", valid_from=JAN)
        berlin = db.put("Fact", content="Alice lives in Berlin", valid_from=JUN)
        db.link(berlin, paris, "supersedes")
        note = db.put("Note", content="unrelated", valid_from=JAN)

        def ids(**kw: object) -> set[str]:
            return {w.id for w in db.worlds(**kw)}  # type: ignore[arg-type]

        assert ids(types=["Fact"]) == {berlin}
        assert ids(types=["Fact"], valid_at="2024-03-01") == {paris}
        assert ids(types=["Fact"], include_superseded=True) == {paris, berlin}
        assert ids(valid_at="2023-12-31") == set()
        assert ids(types=["Note", "Fact"]) == {berlin, note}
        assert [w.id for w in db.worlds(limit=1)] == [berlin]


def test_iter_worlds_yields_every_world_in_insertion_order(db: WorldDB) -> None:
    ids = [db.put("Note", content=f"n{i}", valid_to=10 if i % 2 else None) for i in range(7)]
    assert [w.id for w in db.iter_worlds(batch=3)] == ids


def test_accepted_same_as_is_transitive_and_symmetric(db: WorldDB) -> None:
    """I9: every member of a class sees the same class."""
    a, b, c = (
        db.put("Person", name, provenance=[f"src:{name}"]) for name in ("Bob", "Robert", "Bobby")
    )
    for left, right in ((a, b), (c, b)):
        db.accept_merge(db.link(left, right, "same_as"))
    expected = sorted([a, b, c])
    assert db.equivalence_class(a) == db.equivalence_class(b) == db.equivalence_class(c) == expected
    identity = db.export_identity(c)
    assert identity["members"] == expected
    assert identity["names"] == ["Bob", "Bobby", "Robert"]
    assert identity["provenance"] == ["src:Bob", "src:Bobby", "src:Robert"]


def test_view_parses_time_arguments() -> None:
    view = WorldDB.view(valid_at="2024-01-01", known_at=5, include_superseded=True)
    assert (view.valid_at, view.known_at, view.include_closed) == (JAN, 5, True)
    with pytest.raises(ValidationError):
        WorldDB.view(valid_at=True)
