"""Inferred edges (closure, flag, retraction, refusal) and the contradiction sweep."""

from __future__ import annotations

import hashlib
from itertools import pairwise

import pytest

from worlddb import WorldDB
from worlddb.consolidate import Consolidator, FunctionalRelations, is_inferred
from worlddb.consolidate.inferred import implied_edges
from worlddb.errors import ValidationError
from worlddb.handlers import WriteContext, default_handlers
from worlddb.handlers.builtin import OrderedHandler
from worlddb.hashing import world_id
from worlddb.ingest import fact_key
from worlddb.model import Changeset, Edge, WorldSpec

T = 1_700_000_000_000_000
DAY = 86_400_000_000


def _digest(db: WorldDB) -> str:
    with db.store._guard:
        return hashlib.sha256("\n".join(db.store._connection.iterdump()).encode()).hexdigest()


def _chain(db: WorldDB, kind: str, names: list[str], type_: str = "Entity") -> list[str]:
    specs = [WorldSpec(type=type_, name=n, valid_from=T + i * DAY) for i, n in enumerate(names)]
    ids = [db.put(type_, n, valid_from=s.valid_from) for n, s in zip(names, specs, strict=True)]
    for a, b in pairwise(ids):
        db.link(a, b, kind)
    return ids


def _inferred(db: WorldDB, source: str, kind: str) -> dict[str, Edge]:
    return {e.target: e for e in db.edges(source, types=[kind]) if is_inferred(e)}


def test_causes_closure_is_flagged_with_its_premises(db: WorldDB) -> None:
    a, b, c, d = _chain(db, "causes", ["storm", "power cut", "spoiled food", "takeaway"], "Event")
    report = Consolidator(db).run(["inferred"])
    assert report.steps["inferred"].edges == 3  # a→c, a→d, b→d
    assert set(_inferred(db, a, "causes")) == {c, d}
    assert set(_inferred(db, b, "causes")) == {d}
    premises = _inferred(db, a, "causes")[d].properties["premises"]
    assert isinstance(premises, list) and len(premises) == 3
    asserted = {e.id for e in db.edges(a, types=["causes"]) if not is_inferred(e)}
    assert premises[0] in asserted
    assert db.verify() == []


def test_instance_of_follows_subtype_of(db: WorldDB) -> None:
    dog, mammal, animal = _chain(db, "subtype_of", ["Dog", "Mammal", "Animal"])
    rex = db.put("Entity", "Rex")
    db.link(rex, dog, "instance_of")
    Consolidator(db).run(["inferred"])
    assert set(_inferred(db, rex, "instance_of")) == {mammal, animal}
    assert set(_inferred(db, dog, "subtype_of")) == {animal}


def test_retiring_a_premise_retracts_what_rested_on_it(db: WorldDB) -> None:
    a, b, c, d = _chain(db, "causes", ["w", "x", "y", "z"], "Event")
    Consolidator(db).run(["inferred"])
    middle = next(e for e in db.edges(b, types=["causes"]) if e.target == c)
    db.retire_edge(middle.id)
    report = Consolidator(db).run(["inferred"])
    # a→c, a→d and b→d all rested on b→c; c→d alone stays asserted.
    assert report.steps["inferred"].retired == 3
    assert set(_inferred(db, a, "causes")) == set()
    assert [e.target for e in db.edges(c, types=["causes"])] == [d]
    live = {(e.source, e.target) for e in db.edges(a, types=["causes"])}
    assert live == {(a, b)}
    assert Consolidator(db).run(["inferred"]).writes == 0


def test_pure_closure_function() -> None:
    def e(i: str, t: str, s: str, d: str) -> Edge:
        return Edge(i, t, s, d, {}, None, None, 0, "active")  # type: ignore[arg-type]

    implied = implied_edges([e("1", "causes", "a", "b"), e("2", "causes", "b", "a")])
    assert implied == {}  # a cycle implies no self-loops and nothing stated already
    implied = implied_edges(
        [
            e("1", "subtype_of", "a", "b"),
            e("2", "subtype_of", "b", "c"),
            e("3", "instance_of", "x", "a"),
        ]
    )
    assert implied == {
        ("subtype_of", "a", "c"): ("1", "2"),
        ("instance_of", "x", "b"): ("3", "1"),
        ("instance_of", "x", "c"): ("3", "1", "2"),
    }


class _NoInference(OrderedHandler):
    """``causes`` as built in, but refusing any edge flagged inferred."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        if edge.properties.get("inferred"):
            ctx.refuse("this store takes no inferred causes")
        super().on_insert(edge, ctx)


def test_a_refused_inferred_edge_leaves_the_store_unchanged(tmp_path: object) -> None:
    registry = default_handlers()
    registry._handlers["causes"] = _NoInference(check_cycles=False)
    with WorldDB.open(":memory:", embedder=None, extractor=None, handlers=registry) as db:
        a, _, _ = _chain(db, "causes", ["p", "q", "r"], "Event")
        before = _digest(db)
        report = Consolidator(db).run(["inferred"])
        assert report.steps["inferred"].details["refused"] == 1
        assert report.writes == 0
        assert _digest(db) == before
        assert _inferred(db, a, "causes") == {}
        assert db.verify() == []


def test_the_builtin_causes_handler_refuses_a_cause_after_its_effect(db: WorldDB) -> None:
    # a (day 5) causes b (no time) causes c (day 1): the closure a→c is refused, b's edges stay.
    a = db.put("Event", "late cause", valid_from=T + 5 * DAY)
    b = db.put("Event", "timeless")
    c = db.put("Event", "early effect", valid_from=T + DAY)
    db.link(a, b, "causes")
    db.link(b, c, "causes")
    before = _digest(db)
    report = Consolidator(db).run(["inferred"])
    assert report.steps["inferred"].details["refused"] == 1
    assert _digest(db) == before


# -- the contradiction sweep ----------------------------------------------------------------------
def _fact(db: WorldDB, text: str, relation: str, at: int, subject: str = "user") -> str:
    spec = WorldSpec(
        type="Fact",
        content=text,
        created_at=at,
        valid_from=at,
        aliases=(fact_key(subject, relation),),
    )
    return str(db.write(Changeset(worlds=(spec,))).ids[world_id(spec)])


def test_two_open_values_of_a_functional_relation_contradict(db: WorldDB) -> None:
    old = _fact(db, "My blood type is A positive.", "blood_type", T)
    new = _fact(db, "My blood type is O negative.", "blood_type", T + DAY)
    same = _fact(db, "Blood type: A positive, as I said.", "blood_type", T + 2 * DAY)
    other = _fact(db, "Bob's blood type is B.", "blood_type", T + DAY, subject="bob")
    report = Consolidator(db, functional=["blood_type"]).run(["contradictions"])
    edges = db.edges(new, direction="both", types=["contradicts"])
    assert {(e.source, e.target) for e in edges} >= {(new, old)}
    assert not db.edges(other, direction="both", types=["contradicts"])  # another subject
    linked_to_old = {e.source for e in db.edges(old, direction="in", types=["contradicts"])}
    assert same not in linked_to_old  # a restatement of the same value is no contradiction
    assert report.steps["contradictions"].edges == len(
        {
            e.id
            for w in (old, new, same)
            for e in db.edges(w, direction="both", types=["contradicts"])
        }
    )
    assert Consolidator(db, functional=["blood_type"]).run(["contradictions"]).writes == 0
    hits = db.recall("blood type O negative", limit=5).hits
    assert any(h.conflicts for h in hits)


def test_unregistered_relations_are_left_alone_until_registered(db: WorldDB) -> None:
    a = _fact(db, "My locker is number 12.", "locker", T)
    _fact(db, "My locker is number 40.", "locker", T + DAY)
    assert Consolidator(db, functional=["blood_type"]).run(["contradictions"]).writes == 0
    # Registering it later re-reads the earlier facts (the cursor notices the new registry).
    relations = FunctionalRelations()
    relations.register("Locker")
    assert Consolidator(db, functional=relations).run(["contradictions"]).writes == 1
    assert db.edges(a, direction="in", types=["contradicts"])


def test_functional_relation_names_are_checked() -> None:
    with pytest.raises(ValidationError, match="attribute name"):
        FunctionalRelations(["user::lives_in"])
    with pytest.raises(ValidationError):
        FunctionalRelations([" "])
    assert "lives_in" in FunctionalRelations(["Lives_In"])
