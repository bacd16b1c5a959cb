"""The query pipeline: seeds, operators and planner on a small graph with known answers."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from worlddb.engine import WorldDB
from worlddb.errors import NotFoundError, ValidationError
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, NodeId
from worlddb.query import Expand, Filter, Limit, Query, QuerySpec, WhereConnected, plan_start
from worlddb.query import run as query_module
from worlddb.store.reads import TimeView
from worlddb.timeutil import parse_time


@dataclass(frozen=True)
class Graph:
    alice: NodeId
    bob: NodeId
    paris: NodeId
    lives: NodeId  # Alice lives in Paris -> alice, paris
    visited: NodeId  # Bob visited Paris -> bob, paris
    knows: NodeId  # Alice knows Bob -> alice, bob
    old: NodeId  # Alice lived in Rome (closed in 2020) -> alice


pytestmark = pytest.mark.worlddb(embedder="hash")


@pytest.fixture
def g(db: WorldDB) -> Graph:
    alice = db.put("Person", name="Alice")
    bob = db.put("Person", name="Bob")
    paris = db.put("Place", name="Paris")
    lives = db.put("Fact", content="Alice lives in Paris")
    visited = db.put("Fact", content="Bob visited Paris")
    knows = db.put("Fact", content="Alice knows Bob")
    old = db.put(
        "Fact", content="Alice lived in Rome", valid_from="2015-01-01", valid_to="2020-01-01"
    )
    for fact, entities in [
        (lives, [alice, paris]),
        (visited, [bob, paris]),
        (knows, [alice, bob]),
        (old, [alice]),
    ]:
        for entity in entities:
            db.link(fact, entity, "refers_to")
    scope = scope_world("user_id", "alice")
    db.write(Changeset(worlds=(scope,), edges=(EdgeSpec("contains", world_id(scope), lives),)))
    return Graph(alice, bob, paris, lives, visited, knows, old)


def _q(db: WorldDB) -> Query:
    return Query(db.store, vectors=db.vectors, embedder=db.embedder, clock=db.now)


def test_one_hop_in_returns_the_mentions_and_the_edges_walked(db: WorldDB, g: Graph) -> None:
    sub = _q(db).start_ids(g.alice).expand("refers_to", direction="in").execute()
    assert sub.plan == "ids" and sub.start == (g.alice,)
    assert sub.ids == [g.alice, g.lives, g.knows]  # the closed Rome fact is not visible
    assert {(e.source, e.target) for e in sub.edges} == {(g.lives, g.alice), (g.knows, g.alice)}


def test_two_hops_both_ways_reach_the_neighbourhood(db: WorldDB, g: Graph) -> None:
    sub = _q(db).start_ids(g.alice).expand("refers_to", direction="both", hops=2).execute()
    assert set(sub.ids) == {g.alice, g.lives, g.knows, g.paris, g.bob}
    assert g.visited not in sub  # three hops away
    for edge in sub.edges:
        assert edge.source in sub and edge.target in sub


def test_out_direction_follows_edges_forward_only(db: WorldDB, g: Graph) -> None:
    sub = _q(db).start_ids(g.lives).expand(["refers_to"], direction="out").execute()
    assert set(sub.ids) == {g.lives, g.alice, g.paris}
    assert _q(db).start_ids(g.paris).expand("refers_to").execute().ids == [g.paris]


def test_where_connected_keeps_worlds_linked_to_a_node(db: WorldDB, g: Graph) -> None:
    sub = (
        _q(db)
        .start_ids(g.alice)
        .expand("refers_to", direction="in")
        .where_connected("refers_to", "out", g.paris)
        .execute()
    )
    assert sub.ids == [g.lives]
    assert [(e.source, e.target) for e in sub.edges] == []  # the anchor is not a node
    into = (
        _q(db)
        .start_ids(g.paris, g.bob)
        .expand("refers_to", direction="in")
        .where_connected("refers_to", "in", g.visited)
        .execute()
    )
    assert set(into.ids) == {g.paris, g.bob}


def test_filter_by_type_scope_and_validity(db: WorldDB, g: Graph) -> None:
    base = _q(db).start_ids(g.alice).expand("refers_to", direction="both", hops=2)
    assert set(base.filter(types=["Fact"]).execute().ids) == {g.lives, g.knows}
    assert base.filter(scope_ids=["user_id=alice"]).execute().ids == [g.lives]
    in_2018 = TimeView(valid_at=parse_time("2018-01-01"))
    past = (
        _q(db)
        .at(TimeView(include_closed=True))
        .start_ids(g.alice)
        .expand("refers_to", direction="in")
        .filter(view=in_2018)
        .execute()
    )
    assert g.old in past.ids


def test_limit_keeps_start_set_first(db: WorldDB, g: Graph) -> None:
    sub = _q(db).start_ids(g.alice).expand("refers_to", direction="in").limit(2).execute()
    assert sub.ids == [g.alice, g.lives]
    assert len(sub) == 2 and len(sub.edges) == 1


def test_text_seed_and_the_planner_prefers_ids(db: WorldDB, g: Graph) -> None:
    text = _q(db).start_text("Paris").execute()
    assert text.plan == "text"
    assert set(text.ids) == {g.paris, g.lives, g.visited}
    both = _q(db).start_ids(g.lives, g.knows).start_text("Paris").execute()
    assert both.plan == "ids" and both.ids == [g.lives]  # text checks the id seeds


def test_vector_seed_and_vector_check(db: WorldDB, g: Graph) -> None:
    near = _q(db).start_vector("Bob visited Paris", k=1).execute()
    assert near.plan == "vector" and near.ids == [g.visited]
    checked = _q(db).start_text("Alice").start_vector("Alice knows Bob", k=1).execute()
    assert checked.plan == "text" and checked.ids == [g.knows]


def test_spec_is_declarative_and_equivalent_to_the_builder(db: WorldDB, g: Graph) -> None:
    spec = QuerySpec(
        ids=(g.alice,),
        ops=(
            Expand(("refers_to",), "in", 1),
            WhereConnected("refers_to", "out", g.bob),
            Filter(types=("Fact",)),
            Limit(5),
        ),
    )
    built = (
        _q(db)
        .start_ids(g.alice)
        .expand("refers_to", direction="in")
        .where_connected("refers_to", "out", g.bob)
        .filter(types=["Fact"])
        .limit(5)
    )
    assert built.spec == spec
    assert Query(db.store, spec=spec).execute().ids == [g.knows]


def test_expansion_stops_at_the_node_cap(
    db: WorldDB, g: Graph, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(query_module, "MAX_NODES", 2)
    sub = _q(db).start_ids(g.alice).expand("refers_to", direction="in").execute()
    assert sub.truncated and len(sub) == 2


def test_planner_needs_a_seed() -> None:
    with pytest.raises(ValidationError) as err:
        plan_start(QuerySpec())
    assert err.value.field == "start"


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda q, g: q.start_ids(g.alice).expand("refers_to", direction="up"), "direction"),
        (lambda q, g: q.start_ids(g.alice).expand("refers_to", hops=0), "hops"),
        (lambda q, g: q.start_ids(g.alice).expand("refers_to", hops=99), "hops"),
        (lambda q, g: q.start_ids(g.alice).limit(-1), "limit"),
        (lambda q, g: q.start_ids(g.alice).where_connected("refers_to", "x", g.bob), "direction"),
        (lambda q, g: q.start_text("x", k=-3), "k"),
        (lambda q, g: Query(q.store).start_vector("alice"), "vector"),
    ],
)
def test_malformed_queries_raise_validation_errors(
    db: WorldDB, g: Graph, build: object, field: str
) -> None:
    with pytest.raises(ValidationError) as err:
        build(_q(db), g).execute()  # type: ignore[operator]
    assert err.value.field == field


def test_unknown_seed_ids_are_not_found(db: WorldDB, g: Graph) -> None:
    with pytest.raises(NotFoundError):
        _q(db).start_ids("ab" * 32).execute()
