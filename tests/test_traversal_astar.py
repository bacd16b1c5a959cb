"""A* finds what Dijkstra finds: the heuristic is admissible, so the path cost is optimal.

The oracle is a plain Dijkstra over the same small graph, read edge by edge through the public
API, with the same edge costs (``traverse.edge_cost``) but no heuristic. Random graphs, random
type weights, random semantic weight and direction.
"""

from __future__ import annotations

import heapq
import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.handlers import PlainHandler, default_handlers
from worlddb.model import NodeId
from worlddb.query import Query, traverse
from worlddb.store.filters import WorldFilter
from worlddb.testing import HashEmbedder

TYPES = ("knows", "likes", "near")
WORDS = ("red", "blue", "apple", "river")
"""Few words, so texts often overlap or repeat: cosines to the goal vary from 0 to 1, which is
where a wrong heuristic would pull the search onto a worse path."""

graphs = st.integers(min_value=2, max_value=8).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3), min_size=n, max_size=n),
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from(TYPES)).filter(
                lambda e: e[0] != e[1]
            ),
            max_size=3 * n,
        ),
        st.integers(0, n - 1),
        st.integers(0, n - 1),
    )
)


def _dijkstra(
    adjacency: dict[NodeId, list[tuple[NodeId, float]]], source: NodeId, goal: NodeId
) -> float:
    best = {source: 0.0}
    heap = [(0.0, source)]
    while heap:
        cost, node = heapq.heappop(heap)
        if node == goal:
            return cost
        if cost > best[node]:
            continue
        for far, step in adjacency.get(node, []):
            if cost + step < best.get(far, math.inf):
                best[far] = cost + step
                heapq.heappush(heap, (cost + step, far))
    return math.inf


@given(
    graphs,
    st.fixed_dictionaries({t: st.sampled_from((0.5, 1.0, 2.0, 3.0)) for t in TYPES}),
    st.sampled_from((0.0, 0.5, 2.0)),
    st.sampled_from(("out", "in", "both")),
)
def test_astar_cost_equals_dijkstra(
    graph: tuple[int, list[list[str]], list[tuple[int, int, str]], int, int],
    weights: dict[str, float],
    mu: float,
    direction: str,
) -> None:
    _, texts, edges, source, goal = graph
    handlers = default_handlers()
    for t in TYPES:
        handlers.register(t, PlainHandler())
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None, handlers=handlers) as db:
        ids = [db.put("Note", f"n{i}", " ".join(words)) for i, words in enumerate(texts)]
        for src, dst, kind in dict.fromkeys(edges):
            db.link(ids[src], ids[dst], kind)
        vectors = traverse.StoreGraph(db.store, WorldFilter(now=db.now()), (), "both").vectors(ids)
        adjacency: dict[NodeId, list[tuple[NodeId, float]]] = {}
        for src, dst, kind in dict.fromkeys(edges):
            a, b = NodeId(ids[src]), NodeId(ids[dst])
            cost = traverse.edge_cost(weights[kind], mu, vectors[a], vectors[b])
            if direction in ("out", "both"):
                adjacency.setdefault(a, []).append((b, cost))
            if direction in ("in", "both"):
                adjacency.setdefault(b, []).append((a, cost))
        expected = _dijkstra(adjacency, NodeId(ids[source]), NodeId(ids[goal]))
        found = (
            Query(db.store)
            .start_ids(ids[source])
            .shortest_path(ids[goal], direction=direction, weights=weights, semantic_weight=mu)
            .execute()
        )
    if math.isinf(expected):
        assert found.paths == () and found.cost is None and not found.truncated
        return
    assert found.cost is not None and math.isclose(found.cost, expected, abs_tol=1e-9)
    path = found.paths[0]
    assert path[0] == ids[source] and path[-1] == ids[goal]
    assert len(set(path)) == len(path)  # a simple path
    steps = [min(c for far, c in adjacency[u] if far == v) for u, v in itertools.pairwise(path)]
    assert math.isclose(sum(steps), found.cost, abs_tol=1e-9)  # the path is what it costs


@pytest.mark.parametrize(("near", "mu"), [(3.0, 0.0), (5.0, 2.0)])
def test_a_lookalike_detour_does_not_win(near: float, mu: float) -> None:
    """X looks like the goal but its last edge is dear; the plain route through Y, Z is cheaper.

    An over-estimating heuristic (ten times either of this one's terms) makes X's side look
    closer than it is, pops the goal through X first and returns the dearer path; the
    admissible one returns the cheap one. ``mu=0`` checks the type-weight term, ``mu=2`` the
    angle term.
    """
    handlers = default_handlers()
    for t in TYPES:
        handlers.register(t, PlainHandler())
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None, handlers=handlers) as db:
        s, x, y, z = (
            db.put("Note", n, c)
            for n, c in [("s", "red"), ("x", "piano stone"), ("y", "blue"), ("z", "river")]
        )
        g = db.put("Note", "g", "piano stone cloud")
        for src, dst, kind in [
            (s, x, "knows"),
            (x, g, "near"),
            (s, y, "knows"),
            (y, z, "knows"),
            (z, g, "knows"),
        ]:
            db.link(src, dst, kind)
        found = (
            Query(db.store)
            .start_ids(s)
            .shortest_path(g, weights={"knows": 1.0, "near": near}, semantic_weight=mu)
            .execute()
        )
    assert found.paths == ((s, y, z, g),)
    if mu == 0:
        assert found.cost == 3.0
