"""Graph traversals as query operators: A*, "water circles" and beam search, store-backed.

Why not ``networkx`` (``astar_path``, ``bfs_edges``): it needs the whole graph, and for A*
every heuristic value, in memory first. At 100k+ worlds that means reading every edge and
every embedding to answer a question that typically touches a few hundred worlds, and the
copy goes stale with the next write. These traversals instead read the store lazily through
its lane Protocols: each expansion is one indexed adjacency probe
(``GraphQueries.adjacency``, no properties parsed, no world hydrated), one admission probe of
the new neighbours (time view and scopes, exactly as other query operators apply them) and one
read of their embeddings, all cached for the rest of the traversal. The cost is proportional to
what is visited, and ``Bounds`` caps that in worlds expanded and in wall time; hitting a bound
returns what was found so far with ``stopped`` set, never an exception.

**A* costs.** An edge ``u → v`` of type ``t`` costs ``w(t) + μ · θ(u, v) / π``: a per-type
weight (``w ≥ w_min > 0``) plus ``μ`` (``semantic_weight``) times the angle between the two
worlds' unit embeddings, normalised to ``[0, 1]``. A world without an embedding makes that term
its maximum, ``μ``. The heuristic towards goal ``g`` is

    h(n) = w_min · (1 − cos(n, g)) / 2  +  μ · θ(n, g) / π        (0 at g, or without vectors)

It is **admissible** (never above the true remaining cost): any path from ``n ≠ g`` has at
least one edge, so it costs at least ``w_min ≥ w_min · (1 − cos) / 2`` in type weights; and
the angle is a metric on the unit sphere (it obeys the triangle inequality, which ``1 − cos``
alone does not), so the semantic terms along a fully embedded path sum to at least
``θ(n, g)``, while a path through a world without a vector pays ``μ ≥ μ · θ(n, g) / π`` on that
edge. It is also **consistent** (``h(u) ≤ c(u, v) + h(v)``) by the same two facts, so the
first time A* pops the goal its path is optimal: the cost equals Dijkstra's
(``tests/test_traversal_astar.py`` checks it on random graphs). The ``(1 − cos)`` term steers
the search toward worlds that look like the goal; the angle term makes the semantic part of
the cost count.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from worlddb.index.graph import LIVE_STATUSES
from worlddb.model import NodeId
from worlddb.query.spec import Beam, Bounds, ShortestPath, Spread
from worlddb.store.filters import WorldFilter
from worlddb.store.protocols import Store

__all__ = [
    "StoreGraph",
    "TraversalResult",
    "beam",
    "edge_cost",
    "heuristic",
    "shortest_path",
    "spread",
    "subgraph_fields",
]

Vector = npt.NDArray[np.float32]
_SIDES: Final[dict[str, tuple[Literal["src", "dst"], ...]]] = {
    "out": ("src",),
    "in": ("dst",),
    "both": ("src", "dst"),
}


@dataclass
class TraversalResult:
    """What a traversal found: worlds in order, the edges it used, paths and scores."""

    nodes: list[NodeId] = field(default_factory=list)
    edge_ids: set[str] = field(default_factory=set)
    paths: list[tuple[NodeId, ...]] = field(default_factory=list)
    scores: dict[NodeId, float] = field(default_factory=dict)
    cost: float | None = None
    stopped: str | None = None
    visited: int = 0


class _Budget:
    """Counts expansions against ``Bounds`` and says which bound stopped the traversal."""

    def __init__(self, bounds: Bounds) -> None:
        self.bounds = bounds
        self.deadline = time.monotonic() + bounds.timeout_s
        self.visited = 0
        self.stopped: str | None = None

    def take(self, wanted: int) -> int:
        """How many of ``wanted`` expansions may run now (fewer when a bound is reached)."""
        if time.monotonic() > self.deadline:
            self.stopped = "time"
            return 0
        allowed = min(wanted, self.bounds.max_visited - self.visited)
        if allowed < wanted:
            self.stopped = "visited"
        self.visited += allowed
        return allowed


class StoreGraph:
    """The visible graph as a traversal sees it, read lazily from the store and cached.

    Neighbours are the far ends of live edges (``LIVE_STATUSES``) of ``edge_types`` (all when
    empty) in ``direction`` that ``flt`` admits (time view and scopes); self-loops are left out.
    """

    def __init__(
        self, store: Store, flt: WorldFilter, edge_types: Sequence[str], direction: str
    ) -> None:
        self.store = store
        self.flt = flt
        self.types = tuple(edge_types) or None
        self.sides = _SIDES[direction]
        self.rids: dict[NodeId, int] = {}
        self._hidden: set[NodeId] = set()
        self._vectors: dict[NodeId, Vector | None] = {}

    def admit(self, ids: Iterable[NodeId]) -> set[NodeId]:
        """Those of ``ids`` the filter admits (remembering their row ids)."""
        ids = list(ids)
        wanted = [i for i in dict.fromkeys(ids) if i not in self.rids and i not in self._hidden]
        if wanted:
            found = self.store.lanes.admit_ids(wanted, self.flt)
            self.rids.update(found)
            self._hidden.update(i for i in wanted if i not in found)
        return {i for i in ids if i in self.rids}

    def neighbours(self, ids: Sequence[NodeId]) -> dict[NodeId, list[tuple[NodeId, str, str]]]:
        """``near → [(far, edge type, edge id)]`` for visible ``far``, in a stable order."""
        rows: list[tuple[NodeId, NodeId, str, str]] = []
        for side in self.sides:
            rows += self.store.lanes.adjacency(ids, side, self.types, LIVE_STATUSES)
        visible = self.admit(far for _, far, _, _ in rows)
        out: dict[NodeId, list[tuple[NodeId, str, str]]] = {}
        for near, far, etype, eid in sorted(rows, key=lambda r: (r[0], r[3])):
            if far in visible and far != near:
                out.setdefault(near, []).append((far, etype, eid))
        return out

    def vectors(self, ids: Iterable[NodeId]) -> dict[NodeId, Vector | None]:
        """Unit content embeddings of ``ids`` (``None`` for a world without one)."""
        ids = list(dict.fromkeys(ids))
        missing = [i for i in ids if i not in self._vectors]
        if missing:
            self.admit(missing)
            by_rid = {self.rids[i]: i for i in missing if i in self.rids}
            for rid, blob in self.store.lanes.vectors_of(list(by_rid)):
                vec = np.frombuffer(blob, dtype=np.float32)
                norm = float(np.linalg.norm(vec))
                self._vectors[by_rid[rid]] = vec / norm if norm > 0 else None
            for i in missing:
                self._vectors.setdefault(i, None)
        return {i: self._vectors[i] for i in ids}


def _cos(a: Vector, b: Vector) -> float:
    return min(1.0, max(-1.0, float(np.dot(a, b))))


def edge_cost(
    type_weight: float, semantic_weight: float, a: Vector | None, b: Vector | None
) -> float:
    """``w(t) + μ · θ(a, b) / π`` (``μ`` when either end has no vector); see the module doc."""
    if semantic_weight == 0:
        return type_weight
    if a is None or b is None:
        return type_weight + semantic_weight
    return type_weight + semantic_weight * math.acos(_cos(a, b)) / math.pi


def heuristic(w_min: float, semantic_weight: float, a: Vector | None, goal: Vector | None) -> float:
    """``w_min · (1 − cos) / 2 + μ · θ / π`` towards the goal (0 without both vectors)."""
    if a is None or goal is None:
        return 0.0
    cos = _cos(a, goal)
    return w_min * (1 - cos) / 2 + semantic_weight * math.acos(cos) / math.pi


def _trace(parents: dict[NodeId, tuple[NodeId, str]], end: NodeId) -> tuple[list[NodeId], set[str]]:
    path, edges = [end], set()
    while path[-1] in parents:
        prev, eid = parents[path[-1]]
        path.append(prev)
        edges.add(eid)
    return path[::-1], edges


def shortest_path(
    graph: StoreGraph, sources: Sequence[NodeId], op: ShortestPath, target: NodeId
) -> TraversalResult:
    """A* from any of ``sources`` to ``target``; an empty result when it is not reachable."""
    weights = dict(op.weights)
    mu = op.semantic_weight
    if op.edge_types:
        w_min = min(weights.get(t, op.default_weight) for t in op.edge_types)
    else:
        w_min = min([op.default_weight, *weights.values()])
    budget = _Budget(op.bounds)
    if not graph.admit([target]):
        return TraversalResult()
    goal = graph.vectors([target])[target]
    vecs = graph.vectors(sources)
    best: dict[NodeId, float] = {s: 0.0 for s in sources}
    parents: dict[NodeId, tuple[NodeId, str]] = {}
    heap: list[tuple[float, int, NodeId]] = []
    for seq, s in enumerate(sources):
        h = 0.0 if s == target else heuristic(w_min, mu, vecs[s], goal)
        heap.append((h, seq, s))
    heapq.heapify(heap)
    seq = len(heap)
    done: set[NodeId] = set()
    while heap:
        _, _, u = heapq.heappop(heap)
        if u in done:
            continue
        if u == target:
            path, edges = _trace(parents, u)
            return TraversalResult(
                path, edges, [tuple(path)], {u: best[u]}, best[u], None, budget.visited
            )
        if not budget.take(1):
            return TraversalResult(stopped=budget.stopped, visited=budget.visited)
        done.add(u)
        around = graph.neighbours([u]).get(u, [])
        near = graph.vectors([u, *(v for v, _, _ in around)])
        for v, etype, eid in around:
            cost = best[u] + edge_cost(weights.get(etype, op.default_weight), mu, near[u], near[v])
            if cost < best.get(v, math.inf):
                best[v] = cost
                parents[v] = (u, eid)
                done.discard(v)
                h = 0.0 if v == target else heuristic(w_min, mu, near[v], goal)
                heapq.heappush(heap, (cost + h, seq, v))
                seq += 1
    return TraversalResult(visited=budget.visited)


def spread(graph: StoreGraph, sources: Sequence[NodeId], op: Spread) -> TraversalResult:
    """Water circles: breadth-first rings around ``sources``, activation ``decay ** hop``."""
    budget = _Budget(op.bounds)
    scores: dict[NodeId, float] = {s: 1.0 for s in sources}
    edges: set[str] = set()
    frontier = list(sources)
    level = 1.0
    for _ in range(op.hops):
        level *= op.decay
        if not frontier or level < op.threshold:
            break
        allowed = budget.take(len(frontier))
        around = graph.neighbours(frontier[:allowed]) if allowed else {}
        fresh: list[NodeId] = []
        for u in frontier[:allowed]:
            for v, _, eid in around.get(u, []):
                if v not in scores:
                    scores[v] = level
                    edges.add(eid)
                    fresh.append(v)
        frontier = fresh
        if budget.stopped:
            break
    return TraversalResult(list(scores), edges, [], scores, None, budget.stopped, budget.visited)


def beam(graph: StoreGraph, sources: Sequence[NodeId], op: Beam, query: Vector) -> TraversalResult:
    """Beam search from ``sources``, keeping the ``width`` neighbours most like ``query``."""
    budget = _Budget(op.bounds)
    unit = query / max(float(np.linalg.norm(query)), 1e-12)

    def score(vec: Vector | None) -> float:
        return -1.0 if vec is None else _cos(unit, vec)

    scores = {s: score(v) for s, v in graph.vectors(sources).items()}
    parents: dict[NodeId, tuple[NodeId, str]] = {}
    current = sorted(sources, key=lambda s: (-scores[s], s))
    last = current
    for _ in range(op.depth):
        allowed = budget.take(len(current))
        around = graph.neighbours(current[:allowed]) if allowed else {}
        found: dict[NodeId, tuple[NodeId, str]] = {}
        for u in current[:allowed]:  # best first: a world keeps its best parent
            for v, _, eid in around.get(u, []):
                if v not in scores and v not in found:
                    found[v] = (u, eid)
        vecs = graph.vectors(found)
        ranked = sorted(found, key=lambda v: (-score(vecs[v]), v))[: op.width]
        for v in ranked:
            scores[v] = score(vecs[v])
            parents[v] = found[v]
        if ranked:
            last = current = ranked
        if budget.stopped or not ranked:
            break
    paths = [tuple(_trace(parents, end)[0]) for end in last]
    edges = {eid for _, eid in parents.values()}
    kept = [n for n in scores if n in sources or n in parents]
    return TraversalResult(kept, edges, paths, scores, None, budget.stopped, budget.visited)


def subgraph_fields(
    found: TraversalResult | None, kept: Mapping[NodeId, int], visited: int
) -> dict[str, Any]:
    """The last traversal's paths, cost, scores and stop reason, confined to ``kept``."""
    if found is None:
        return {}
    return {
        "paths": tuple(p for p in found.paths if all(n in kept for n in p)),
        "cost": found.cost,
        "scores": {n: s for n, s in found.scores.items() if n in kept},
        "stopped": found.stopped,
        "visited": visited,
    }
