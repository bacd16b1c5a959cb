"""The query pipeline: a start set, then graph operators, returning a ``Subgraph``.

A query is a declarative ``QuerySpec``: how to seed the start set (explicit ids, full text,
and/or a vector query) and an ordered list of operators:

* ``Expand`` — follow edges of some types in a direction for up to ``hops`` hops;
* ``WhereConnected`` — keep worlds that have an edge of a type to (or from) a given world;
* ``Filter`` — keep worlds of some types, in some scopes, or valid at some time;
* ``Limit`` — keep the first ``n`` worlds (start set first, then in discovery order);
* ``ShortestPath`` (A*), ``Spread`` (water circles) and ``Beam`` (query-guided beam search) —
  bounded traversals from the current set (``worlddb.query.traverse``) that replace it with
  what they reach and fill ``Subgraph.paths``/``scores``.

The planner seeds from the cheapest source given — ids, then text, then vector — and applies
the other seeds as checks on that candidate set (text: FTS5 match restricted to the candidates'
row ids; vector: the ``k`` candidates nearest the query). Every world, seeded or reached, must
be visible in the query's ``TimeView`` (closed worlds are hidden by default) and, when the
query is confined with ``within``, a member of those scopes; traversals follow only live edges
(active, or accepted ``same_as``).

``Query`` is the fluent, immutable builder over a spec::

    (Query(store).start_text("alice").expand("refers_to", direction="in", hops=2)
        .filter(types=["Fact"]).limit(20).execute())

``execute()`` returns nodes *and* the edges traversed between them, not flat rows.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from worlddb.errors import NotFoundError, ValidationError
from worlddb.index.dense import score_rids, search_dense
from worlddb.index.filters import WorldFilter, check_types, filter_ids, resolve_scopes
from worlddb.index.fts import match_rids, search_text
from worlddb.index.graph import edges_touching
from worlddb.index.vector import VectorIndex
from worlddb.model import Edge, NodeId, World
from worlddb.plugins import Embedder
from worlddb.query import traverse
from worlddb.query.spec import (
    Beam,
    Bounds,
    Expand,
    Filter,
    Limit,
    Operator,
    PreferSummaries,
    QuerySpec,
    ShortestPath,
    Spread,
    Subgraph,
    WhereConnected,
    check_spec,
    plan_start,
)
from worlddb.store.protocols import Store
from worlddb.store.reads import TimeView
from worlddb.timeutil import now_us

__all__ = ["MAX_NODES", "Query"]

logger = logging.getLogger(__name__)

MAX_NODES: Final = 10_000
"""A traversal stops growing here and marks the subgraph ``truncated``."""


class Query:
    """Fluent, immutable builder and executor of a ``QuerySpec``; each step returns a copy."""

    def __init__(
        self,
        store: Store,
        *,
        vectors: VectorIndex | None = None,
        embedder: Embedder | None = None,
        clock: Callable[[], int] = now_us,
        spec: QuerySpec | None = None,
    ) -> None:
        """Bind a query to a store (and, for vector seeds, an index and embedder)."""
        self.store = store
        self.vectors = vectors
        self.embedder = embedder
        self.clock = clock
        self.spec = spec or QuerySpec()

    def _with(self, **changes: Any) -> Query:
        spec = replace(self.spec, **changes)
        return Query(
            self.store, vectors=self.vectors, embedder=self.embedder, clock=self.clock, spec=spec
        )

    def _then(self, op: Operator) -> Query:
        return self._with(ops=(*self.spec.ops, op))

    # -- seeds ----------------------------------------------------------------------------------
    def start_ids(self, *ids: str) -> Query:
        """Seed with these worlds (full ids or unique prefixes)."""
        return self._with(ids=(*self.spec.ids, *ids))

    def start_text(self, text: str, *, k: int | None = None) -> Query:
        """Seed with the ``k`` best full-text matches of ``text``."""
        return self._with(text=text, text_k=self.spec.text_k if k is None else k)

    def start_vector(self, text: str, *, k: int | None = None) -> Query:
        """Seed with the ``k`` worlds whose embeddings are nearest ``text``'s."""
        return self._with(vector=text, vector_k=self.spec.vector_k if k is None else k)

    def at(self, view: TimeView) -> Query:
        """Evaluate the whole query in ``view`` (e.g. as of a valid time)."""
        return self._with(view=view)

    def within(self, *scope_ids: str) -> Query:
        """Confine seeds, expansions and traversals to worlds in all of ``scope_ids``."""
        return self._with(scope_ids=(*(self.spec.scope_ids or ()), *scope_ids))

    # -- operators ------------------------------------------------------------------------------
    def expand(
        self, edge_types: str | Sequence[str] = (), *, direction: str = "out", hops: int = 1
    ) -> Query:
        """Add worlds reachable along ``edge_types`` (all types if empty) within ``hops``."""
        types = (edge_types,) if isinstance(edge_types, str) else tuple(edge_types)
        return self._then(Expand(types, direction, hops))

    def where_connected(self, edge_type: str, direction: str, node: str) -> Query:
        """Keep worlds with a live ``edge_type`` edge to/from ``node``."""
        return self._then(WhereConnected(edge_type, direction, node))

    def filter(
        self,
        *,
        types: Sequence[str] | None = None,
        scope_ids: Sequence[str] | None = None,
        view: TimeView | None = None,
    ) -> Query:
        """Keep worlds of ``types``, in all of ``scope_ids``, visible in ``view``."""
        return self._then(
            Filter(
                None if types is None else tuple(types),
                None if scope_ids is None else tuple(scope_ids),
                view,
            )
        )

    def shortest_path(
        self,
        target: str,
        edge_types: str | Sequence[str] = (),
        *,
        direction: str = "both",
        weights: Mapping[str, float] | None = None,
        default_weight: float = 1.0,
        semantic_weight: float = 0.5,
        bounds: Bounds | None = None,
    ) -> Query:
        """Replace the set with the cheapest path (A*) from any of its worlds to ``target``."""
        return self._then(
            ShortestPath(
                target,
                _types(edge_types),
                direction,
                tuple(sorted((weights or {}).items())),
                default_weight,
                semantic_weight,
                bounds or Bounds(),
            )
        )

    def spread(
        self,
        edge_types: str | Sequence[str] = (),
        *,
        direction: str = "both",
        decay: float = 0.5,
        hops: int = 3,
        threshold: float = 0.1,
        bounds: Bounds | None = None,
    ) -> Query:
        """Replace the set with the water circles around it (activation ``decay ** hop``)."""
        return self._then(
            Spread(_types(edge_types), direction, decay, hops, threshold, bounds or Bounds())
        )

    def beam(
        self,
        query: str,
        edge_types: str | Sequence[str] = (),
        *,
        direction: str = "both",
        width: int = 5,
        depth: int = 3,
        bounds: Bounds | None = None,
    ) -> Query:
        """Replace the set with a beam search from it, guided by similarity to ``query``."""
        return self._then(
            Beam(query, _types(edge_types), direction, width, depth, bounds or Bounds())
        )

    def prefer_summaries(self) -> Query:
        """Replace the worlds that a live Summary covers (children of a summarised container)
        by that summary, at the place of the first of them: the summary at the default depth,
        the detail on demand (leave this out, or expand from the summary)."""
        return self._then(PreferSummaries())

    def limit(self, n: int) -> Query:
        """Keep the first ``n`` worlds."""
        return self._then(Limit(n))

    def execute(self) -> Subgraph:
        """Run the query.

        Raises:
            ValidationError: a malformed spec (no seed, bad direction, hops or limit).
            NotFoundError: a seed id or ``where_connected`` node does not exist.
            ScopeError: a malformed scope reference in a filter.
        """
        return _Execution(self, self.clock()).run()


@dataclass
class _State:
    nodes: dict[NodeId, int] = field(default_factory=dict)
    edges: dict[str, Edge] = field(default_factory=dict)
    truncated: bool = False
    found: traverse.TraversalResult | None = None
    visited: int = 0


class _Execution:
    """One run of a spec against the store at one ``now``."""

    def __init__(self, query: Query, now: int) -> None:
        self.q = query
        self.spec = query.spec
        self.store = query.store
        scopes = (
            None if self.spec.scope_ids is None else resolve_scopes(self.store, self.spec.scope_ids)
        )
        self.flt = WorldFilter(self.spec.view, now, None, scopes)
        self.state = _State()
        self.loaded: dict[int, World] = {}  # worlds an operator already read, by rid

    def run(self) -> Subgraph:
        plan = plan_start(self.spec)
        check_spec(self.spec)
        self.state.nodes = self._seed(plan)
        start = tuple(self.state.nodes)
        for op in self.spec.ops:
            if isinstance(op, Expand):
                self._expand(op)
            elif isinstance(op, WhereConnected):
                self._where_connected(op)
            elif isinstance(op, Filter):
                self._filter(op)
            elif isinstance(op, ShortestPath | Spread | Beam):
                self._traverse(op)
            elif isinstance(op, PreferSummaries):
                self._prefer_summaries()
            else:
                self.state.nodes = dict(list(self.state.nodes.items())[: op.n])
        kept = self.state.nodes
        worlds = {r: w for r, w in self.loaded.items() if w.id in kept}
        worlds.update(self.store.worlds_by_rid(r for r in kept.values() if r not in worlds))
        edges = tuple(e for e in self.state.edges.values() if e.source in kept and e.target in kept)
        return Subgraph(
            nodes=tuple(worlds[rid] for rid in kept.values() if rid in worlds),
            edges=edges,
            start=tuple(w for w in start if w in kept),
            plan=plan,
            truncated=self.state.truncated,
            **traverse.subgraph_fields(self.state.found, kept, self.state.visited),
        )

    def _seed(self, plan: str) -> dict[NodeId, int]:
        spec = self.spec
        if plan == "ids":
            wanted = [self.store.resolve_id(i) for i in spec.ids]
            for wid in wanted:
                if not self.store.exists(wid):
                    raise NotFoundError(wid)
            visible = filter_ids(self.store, wanted, self.flt)
            rids = [visible[w] for w in dict.fromkeys(wanted) if w in visible]
        elif plan == "text":
            rids = [
                h.rid
                for h in search_text(self.store, spec.text or "", flt=self.flt, limit=spec.text_k)
            ]
        else:
            rids = self._nearest(None)
        if plan != "text" and spec.text is not None:
            matched = {h.rid for h in match_rids(self.store, spec.text, rids)}
            rids = [r for r in rids if r in matched]
        if plan != "vector" and spec.vector is not None:
            near = set(self._nearest(rids))
            rids = [r for r in rids if r in near]
        ids = self.store.ids_of(rids)
        return {ids[r]: r for r in rids if r in ids}

    def _nearest(self, among: list[int] | None) -> list[int]:
        spec = self.spec
        if self.q.embedder is None or (among is None and self.q.vectors is None):
            raise ValidationError(
                "a vector seed needs an embedder and a vector index",
                field="vector",
                value=spec.vector,
            )
        vector = self.q.embedder.embed_queries([spec.vector or ""])[0]
        if among is not None:
            return [h.rid for h in score_rids(self.store, vector, among)[: spec.vector_k]]
        assert self.q.vectors is not None
        return [
            h.rid
            for h in search_dense(
                self.store, self.q.vectors, vector, flt=self.flt, limit=spec.vector_k
            )
        ]

    def _expand(self, op: Expand) -> None:
        frontier = list(self.state.nodes)
        for _ in range(op.hops):
            if not frontier:
                return
            found = edges_touching(
                self.store, frontier, types=op.edge_types or None, direction=op.direction
            )
            frontier_set = set(frontier)
            candidates = [x for e in found for x in _far_ends(e, frontier_set, op.direction)]
            visible = filter_ids(self.store, candidates, self.flt)
            fresh: list[NodeId] = []
            for edge in found:
                far = [x for x in _far_ends(edge, frontier_set, op.direction) if x in visible]
                if not far:
                    continue
                self.state.edges.setdefault(edge.id, edge)
                for node in far:
                    if node in self.state.nodes:
                        continue
                    if len(self.state.nodes) >= MAX_NODES:
                        self.state.truncated = True
                        return
                    self.state.nodes[node] = visible[node]
                    fresh.append(node)
            frontier = fresh

    def _where_connected(self, op: WhereConnected) -> None:
        anchor = self.store.resolve_id(op.node)
        # Edges at the anchor are read from its side: one indexed probe however many worlds
        # the current set holds.
        flipped = {"out": "in", "in": "out", "both": "both"}[op.direction]
        keep: set[NodeId] = set()
        for edge in edges_touching(self.store, [anchor], types=[op.edge_type], direction=flipped):
            other = edge.source if edge.target == anchor else edge.target
            if other in self.state.nodes:
                keep.add(other)
                self.state.edges.setdefault(edge.id, edge)
        self.state.nodes = {w: r for w, r in self.state.nodes.items() if w in keep}

    def _traverse(self, op: ShortestPath | Spread | Beam) -> None:
        """Run one traversal from the current set; its result becomes the set."""
        graph = traverse.StoreGraph(self.store, self.flt, op.edge_types, op.direction)
        sources = list(self.state.nodes)
        graph.rids.update(self.state.nodes)
        if isinstance(op, ShortestPath):
            target = self.store.resolve_id(op.target)
            if not self.store.exists(target):
                raise NotFoundError(target)
            found = traverse.shortest_path(graph, sources, op, target)
        elif isinstance(op, Spread):
            found = traverse.spread(graph, sources, op)
        else:
            if self.q.embedder is None:
                raise ValidationError(
                    "a beam search needs an embedder", field="beam", value=op.query
                )
            found = traverse.beam(graph, sources, op, self.q.embedder.embed_queries([op.query])[0])
        self.state.found = found
        self.state.visited += found.visited
        self.state.truncated = self.state.truncated or found.stopped is not None
        self.state.nodes = {n: graph.rids[n] for n in found.nodes if n in graph.rids}
        # Only the edges the traversal used (a path, or the tree that reached each world), read
        # by primary key: reading every edge touching the result would cost far more.
        for eid in sorted(found.edge_ids):
            edge = self.store.find_edge(eid)
            if edge is not None:
                self.state.edges.setdefault(edge.id, edge)

    def _prefer_summaries(self) -> None:
        nodes = self.state.nodes
        worlds = self.store.worlds_by_rid(nodes.values())
        self.loaded.update(worlds)
        parent_of = {w.id: w.parent for w in worlds.values() if w.parent is not None}
        if not parent_of:
            return
        by_parent: dict[NodeId, NodeId] = {}
        derived = edges_touching(
            self.store, set(parent_of.values()), types=["derived_from"], direction="in"
        )
        visible = filter_ids(self.store, [e.source for e in derived], self.flt)
        if visible:
            summaries = self.store.worlds_by_rid(visible.values())
            self.loaded.update(summaries)
            types = {w.id: w.type for w in summaries.values()}
            for edge in derived:
                if types.get(edge.source) == _SUMMARY:
                    by_parent.setdefault(edge.target, edge.source)
                    self.state.edges.setdefault(edge.id, edge)
        out: dict[NodeId, int] = {}
        for wid, rid in nodes.items():
            parent = parent_of.get(wid)
            summary = by_parent.get(parent) if parent is not None else None
            if summary is None:
                out.setdefault(wid, rid)
            else:
                out.setdefault(summary, visible[summary])
        self.state.nodes = out

    def _filter(self, op: Filter) -> None:
        flt = WorldFilter(
            op.view or self.spec.view,
            self.flt.now,
            check_types(op.types),
            resolve_scopes(self.store, op.scope_ids),
        )
        visible = filter_ids(self.store, list(self.state.nodes), flt)
        self.state.nodes = {w: r for w, r in self.state.nodes.items() if w in visible}


def _types(edge_types: str | Sequence[str]) -> tuple[str, ...]:
    return (edge_types,) if isinstance(edge_types, str) else tuple(edge_types)


_SUMMARY: Final = "Summary"


def _far_ends(edge: Edge, frontier: set[NodeId], direction: str) -> list[NodeId]:
    """The endpoints of ``edge`` an expansion in ``direction`` reaches from ``frontier``."""
    out: list[NodeId] = []
    if direction in ("out", "both") and edge.source in frontier:
        out.append(edge.target)
    if direction in ("in", "both") and edge.target in frontier:
        out.append(edge.source)
    return out
