"""Traversal operators on a constructed multi-hop scenario with exact expected answers.

In the spirit of the PersonalAI paper's Tesla Q1–Q3 queries: a small knowledge graph about
Tesla's founders (custom edge types registered as plain handlers), two contradicting documents,
and queries from one hop to four, each with the exact set (or path) it must return.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from worlddb.engine import WorldDB
from worlddb.errors import NotFoundError, ValidationError
from worlddb.handlers import PlainHandler, default_handlers
from worlddb.query import Bounds, Query
from worlddb.store.reads import TimeView
from worlddb.testing import HashEmbedder

RELATIONS = ("founded_by", "born_in", "located_in", "makes")


@dataclass
class Tesla:
    db: WorldDB
    ids: dict[str, str]

    def q(self) -> Query:
        return self.db.query()

    def names(self, ids: object) -> set[str]:
        back = {v: k for k, v in self.ids.items()}
        return {back[i] for i in ids}  # type: ignore[attr-defined]


@pytest.fixture
def tesla() -> Iterator[Tesla]:
    handlers = default_handlers()
    for relation in RELATIONS:
        handlers.register(relation, PlainHandler())
    db = WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None, handlers=handlers)
    worlds = {
        "tesla": ("Organization", "Tesla", "electric car maker"),
        "musk": ("Person", "Elon Musk", "entrepreneur born in Pretoria South Africa"),
        "straubel": ("Person", "JB Straubel", "engineer born in Wisconsin"),
        "spacex": ("Organization", "SpaceX", "rocket company in Hawthorne"),
        "redwood": ("Organization", "Redwood Materials", "battery recycling company"),
        "pretoria": ("Place", "Pretoria", "city in South Africa"),
        "south_africa": ("Place", "South Africa", "country in southern Africa"),
        "model_s": ("Product", "Model S", "electric sedan"),
        "d1": ("Fact", "", "Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning"),
        "d2": ("Fact", "", "Elon Musk founded Tesla"),
        "d4": ("Fact", "", "Tesla's founders are Eberhard, Tarpenning, Musk and Straubel"),
        "d6": ("Fact", "", "Tesla began in 2004"),
    }
    ids = {key: db.put(t, name, content) for key, (t, name, content) in worlds.items()}
    edges = [
        ("tesla", "musk", "founded_by"),
        ("tesla", "straubel", "founded_by"),
        ("spacex", "musk", "founded_by"),
        ("redwood", "straubel", "founded_by"),
        ("musk", "pretoria", "born_in"),
        ("pretoria", "south_africa", "located_in"),
        ("tesla", "model_s", "makes"),
        ("d1", "tesla", "refers_to"),
        ("d2", "tesla", "refers_to"),
        ("d2", "musk", "refers_to"),
        ("d4", "tesla", "refers_to"),
        ("d2", "d1", "contradicts"),
        ("d6", "d1", "contradicts"),
    ]
    for src, dst, kind in edges:
        db.link(ids[src], ids[dst], kind)
    try:
        yield Tesla(db, ids)
    finally:
        db.close()


def test_q1_one_hop_founders(tesla: Tesla) -> None:
    got = tesla.q().start_ids(tesla.ids["tesla"]).expand("founded_by").filter(types=["Person"])
    assert tesla.names(got.execute().ids) == {"musk", "straubel"}


def test_q2_two_hops_founders_birthplace(tesla: Tesla) -> None:
    got = (
        tesla.q()
        .start_ids(tesla.ids["tesla"])
        .expand("founded_by")
        .expand("born_in")
        .filter(types=["Place"])
        .execute()
    )
    assert tesla.names(got.ids) == {"pretoria"}


def test_q3_astar_path_tesla_to_country(tesla: Tesla) -> None:
    got = tesla.q().start_ids(tesla.ids["tesla"]).shortest_path(tesla.ids["south_africa"])
    result = got.execute()
    expected = ("tesla", "musk", "pretoria", "south_africa")
    assert [tesla.names([n]).pop() for n in result.paths[0]] == list(expected)
    assert result.ids == [tesla.ids[k] for k in expected]
    assert {(e.source, e.target) for e in result.edges} == {
        (tesla.ids["tesla"], tesla.ids["musk"]),
        (tesla.ids["musk"], tesla.ids["pretoria"]),
        (tesla.ids["pretoria"], tesla.ids["south_africa"]),
    }
    assert result.cost is not None and 3.0 <= result.cost <= 4.5  # 3 edges of weight 1 + angles
    assert not result.truncated and result.stopped is None


def test_astar_weights_change_the_route(tesla: Tesla) -> None:
    # Redwood is reached only through Straubel; from SpaceX the plain route takes founded_by
    # edges back through Tesla. Priced up, founded_by loses the Musk → Tesla step to a detour
    # through d2, which refers_to both (3 + 1 + 1 + 3 + 3 = 11 instead of 3 * 4 = 12).
    start = tesla.q().start_ids(tesla.ids["spacex"])
    plain = start.shortest_path(tesla.ids["redwood"], semantic_weight=0).execute()
    assert tesla.names(plain.ids) == {"spacex", "musk", "tesla", "straubel", "redwood"}
    assert plain.cost == pytest.approx(4.0)
    pricey = start.shortest_path(
        tesla.ids["redwood"], weights={"founded_by": 3.0}, semantic_weight=0
    ).execute()
    assert pricey.cost == pytest.approx(11.0)
    assert [tesla.names([n]).pop() for n in pricey.paths[0]] == [
        "spacex",
        "musk",
        "d2",
        "tesla",
        "straubel",
        "redwood",
    ]


def test_astar_direction_out_finds_no_route_against_edges(tesla: Tesla) -> None:
    got = (
        tesla.q()
        .start_ids(tesla.ids["south_africa"])
        .shortest_path(tesla.ids["tesla"], direction="out")
        .execute()
    )
    assert got.ids == [] and got.paths == () and not got.truncated


def test_water_circles_exact_rings(tesla: Tesla) -> None:
    got = (
        tesla.q()
        .start_ids(tesla.ids["tesla"])
        .spread(RELATIONS, decay=0.5, hops=2, threshold=0.2)
        .execute()
    )
    by_name = {tesla.names([n]).pop(): s for n, s in got.scores.items()}
    assert by_name == {
        "tesla": 1.0,
        "musk": 0.5,
        "straubel": 0.5,
        "model_s": 0.5,
        "spacex": 0.25,
        "pretoria": 0.25,
        "redwood": 0.25,
    }
    assert got.ids[0] == tesla.ids["tesla"]


def test_water_circles_threshold_stops_the_ripple(tesla: Tesla) -> None:
    got = (
        tesla.q().start_ids(tesla.ids["tesla"]).spread(RELATIONS, decay=0.5, hops=5, threshold=0.3)
    )
    assert tesla.names(got.execute().ids) == {"tesla", "musk", "straubel", "model_s"}


def test_beam_follows_the_query(tesla: Tesla) -> None:
    got = (
        tesla.q()
        .start_ids(tesla.ids["tesla"])
        .beam("born in Pretoria South Africa", RELATIONS, width=1, depth=3)
        .execute()
    )
    assert [tesla.names([n]).pop() for n in got.paths[0]] == [
        "tesla",
        "musk",
        "pretoria",
        "south_africa",
    ]
    assert tesla.names(got.ids) == {"tesla", "musk", "pretoria", "south_africa"}


def test_where_connected_contradicts_out_d1(tesla: Tesla) -> None:
    # Documents about Tesla, then only those that contradict d1 (d6 contradicts it too, but is
    # not about Tesla, so it is not in the set).
    got = (
        tesla.q()
        .start_ids(tesla.ids["tesla"])
        .expand("refers_to", direction="in")
        .where_connected("contradicts", "out", tesla.ids["d1"])
        .execute()
    )
    assert tesla.names(got.ids) == {"d2"}


def test_traversal_then_where_connected(tesla: Tesla) -> None:
    got = (
        tesla.q()
        .start_ids(tesla.ids["d1"])
        .spread(("refers_to", "contradicts"), hops=2, threshold=0.2)
        .where_connected("contradicts", "out", tesla.ids["d1"])
        .execute()
    )
    assert tesla.names(got.ids) == {"d2", "d6"}


def test_as_of_before_a_retirement_still_finds_the_path(tesla: Tesla) -> None:
    before = tesla.db.now()
    tesla.db.retire(tesla.ids["pretoria"])
    query = tesla.q().start_ids(tesla.ids["tesla"]).shortest_path(tesla.ids["south_africa"])
    assert query.execute().paths == ()
    past = query.at(TimeView(valid_at=before)).execute()
    assert tesla.names(past.ids) == {"tesla", "musk", "pretoria", "south_africa"}


def test_scopes_confine_traversals(tesla: Tesla) -> None:
    (scope,) = tesla.db.ensure_scopes({"user_id": "alice"})
    for key, wid in tesla.ids.items():
        if key != "pretoria":
            tesla.db.link(scope, wid, "contains")
    query = tesla.q().within(scope).start_ids(tesla.ids["tesla"])
    assert query.shortest_path(tesla.ids["south_africa"], RELATIONS).execute().paths == ()
    rings = query.spread(RELATIONS, hops=2, threshold=0.2).execute()
    assert tesla.names(rings.ids) == {"tesla", "musk", "straubel", "model_s", "spacex", "redwood"}


def test_bounds_stop_with_a_partial_flag(tesla: Tesla) -> None:
    tight = Bounds(max_visited=2, timeout_s=5.0)
    query = tesla.q().start_ids(tesla.ids["tesla"])
    path = query.shortest_path(tesla.ids["south_africa"], semantic_weight=0, bounds=tight)
    result = path.execute()
    assert result.truncated and result.stopped == "visited" and result.visited == 2
    assert result.paths == ()
    rings = query.spread(RELATIONS, hops=3, threshold=0.1, bounds=tight).execute()
    assert rings.truncated and rings.stopped == "visited"
    # Tesla and then one world of the first ring were expanded (which one is stable but
    # arbitrary): the first ring plus that one's neighbours.
    first_ring = {"tesla", "musk", "straubel", "model_s"}
    names = tesla.names(rings.ids)
    assert first_ring <= names
    assert names - first_ring in ({"spacex", "pretoria"}, {"redwood"}, set())


def test_bad_traversal_arguments_are_typed_errors(tesla: Tesla) -> None:
    query = tesla.q().start_ids(tesla.ids["tesla"])
    with pytest.raises(ValidationError, match="decay"):
        query.spread(decay=1.5).execute()
    with pytest.raises(ValidationError, match="max_visited"):
        query.spread(bounds=Bounds(max_visited=0)).execute()
    with pytest.raises(ValidationError, match="weight"):
        query.shortest_path(tesla.ids["d1"], weights={"makes": 0.0}).execute()
    with pytest.raises(ValidationError, match="direction"):
        query.beam("x", direction="sideways").execute()
    with pytest.raises(NotFoundError):
        query.shortest_path("0" * 64).execute()
    no_embedder = Query(tesla.db.store).start_ids(tesla.ids["tesla"]).beam("x")
    with pytest.raises(ValidationError, match="embedder"):
        no_embedder.execute()
