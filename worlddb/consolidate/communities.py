"""The communities step: Louvain over the entity graph, one Community world per community.

The entity graph links two entities when facts read from the same source (a turn, or a note)
mention them: weight 2 for each fact naming both, 1 for each other shared source. Communities are
found per connected component with ``networkx``'s Louvain (``louvain_communities``, seeded, so
the same graph gives the same partition; networkx is maintained, pure Python, and its Louvain
beat label propagation on the labelled scenario of ``worlddb.bench.consolidate``). Computing
per component makes the incremental run exact: only components holding an entity that a
``refers_to`` edge written since the cursor touches are recomputed, and the answer is the one a
full recomputation would give. Entities of different scope sets are never linked: a community
never mixes alice's entities with bob's.

Each community of at least ``min_members`` entities becomes a ``Community`` world: named by its
three most connected members, its content the ``Summarizer``'s summary of the facts naming its
members, ``contains`` edges to each member, and ``contains`` from each of its scopes. Its id is
content-addressed, so an unchanged community is the same world on every run. A stored community
of a recomputed component that is no longer produced is superseded by the new community sharing
most of its members (or retired when none does).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

import networkx as nx
from networkx.algorithms.community import asyn_lpa_communities, louvain_communities

from worlddb.consolidate.base import (
    StepReport,
    Writes,
    read_cursor,
    save_cursor,
    scope_links,
    scopes_of,
)
from worlddb.errors import ReconcileError
from worlddb.hashing import digest, world_id
from worlddb.index.filters import WorldFilter, filter_ids
from worlddb.index.graph import edges_touching
from worlddb.model import Changeset, EdgeSpec, NodeId, World, WorldSpec
from worlddb.plugins import Summarizer
from worlddb.resolver import ENTITY_TYPES
from worlddb.store.protocols import Store
from worlddb.store.reads import TimeView

__all__ = [
    "ALGORITHMS",
    "COMMUNITY_TYPE",
    "CommunitiesStep",
    "EntityGraph",
    "member_salt",
    "partition",
]

COMMUNITY_TYPE: Final = "Community"
MAX_COMPONENT: Final = 20_000
"""Most entities one component walk gathers (a bound on a single run's work)."""
MAX_FACTS_PER_ENTITY: Final = 200
MAX_SUMMARY_FACTS: Final = 40
_COMPONENTS_PER_COMMIT: Final = 50


class EntityGraph:
    """Reads the entity co-mention graph around some entities, a component at a time.

    Reads go a whole BFS frontier at a time (``edges_touching`` and ``filter_ids`` batch 500 ids
    per query), so a component costs a few queries per hop, not several per fact: at 100k
    worlds the per-world reads made the incremental pass cost ~35 s per 1k new worlds.
    """

    def __init__(self, store: Store, now: int) -> None:
        self.store = store
        # Visibility only: with a type list SQLite plans these id lookups on the type index
        # and scans every Fact (~15 ms a batch at 100k); types are checked on the few worlds
        # loaded instead. A claim is any open world with a refers_to edge (a Fact in practice).
        self.visible = WorldFilter(TimeView(), now)
        self._rids: dict[NodeId, int] = {}
        self._facts_of: dict[str, list[str]] = {}
        self._entities_of: dict[str, list[str]] = {}
        self._source_of: dict[str, str] = {}
        self._scopes: dict[str, tuple[str, ...]] = {}

    def open_entities(self, ids: Iterable[str]) -> list[str]:
        """The open entities among ``ids`` (their scopes loaded), sorted."""
        visible = filter_ids(self.store, ids, self.visible)
        worlds = self.store.worlds_by_rid(visible.values())
        found = {w.id: r for r, w in worlds.items() if w.type in ENTITY_TYPES}
        self._remember(found)
        return sorted(found)

    def _remember(self, found: dict[NodeId, int]) -> None:
        fresh = {w: r for w, r in found.items() if w not in self._scopes}
        self._rids.update(found)
        names = self.store.lanes.scope_names(list(fresh.values()))
        for wid, rid in fresh.items():
            self._scopes[wid] = names.get(rid, ())

    def scope_key(self, wid: str) -> tuple[str, ...]:
        return self._scopes.get(wid, ())

    def facts_of(self, entity: str) -> list[str]:
        """Open facts naming ``entity`` (at most ``MAX_FACTS_PER_ENTITY``, oldest first)."""
        return self._facts_of.get(entity, [])

    def _load_entities(self, entities: list[str]) -> list[str]:
        todo = [e for e in entities if e not in self._facts_of]
        edges = edges_touching(self.store, todo, types=["refers_to"], direction="in")
        open_facts = filter_ids(self.store, [e.source for e in edges], self.visible)
        self._rids.update(open_facts)
        for entity in todo:
            self._facts_of[entity] = []
        for edge in edges:
            named = self._facts_of[edge.target]
            if edge.source in open_facts and len(named) < MAX_FACTS_PER_ENTITY:
                named.append(edge.source)
        return list(dict.fromkeys(f for e in entities for f in self._facts_of[e]))

    def _load_facts(self, facts: list[str]) -> None:
        todo = [f for f in facts if f not in self._entities_of]
        edges = edges_touching(
            self.store, todo, types=["refers_to", "derived_from"], direction="out"
        )
        entities = set(self.open_entities(e.target for e in edges if e.type == "refers_to"))
        named: dict[str, set[str]] = defaultdict(set)
        for edge in edges:
            if edge.type == "refers_to" and edge.target in entities:
                named[edge.source].add(edge.target)
            elif edge.type == "derived_from":
                self._source_of.setdefault(edge.source, edge.target)
        for fact in todo:
            self._entities_of[fact] = sorted(named[fact])
            self._source_of.setdefault(fact, fact)

    def component(self, start: str) -> nx.Graph:
        """The weighted co-mention graph of the component holding ``start`` (same scopes)."""
        key = self.scope_key(start)
        seen = {start}
        frontier = [start]
        done: set[str] = set()
        weights: Counter[tuple[str, str]] = Counter()
        by_source: dict[str, set[str]] = defaultdict(set)
        while frontier and len(seen) < MAX_COMPONENT:
            facts = [f for f in self._load_entities(frontier) if f not in done]
            self._load_facts(facts)
            frontier = []
            for fact in facts:
                done.add(fact)
                named = [e for e in self._entities_of[fact] if self.scope_key(e) == key]
                by_source[self._source_of[fact]].update(named)
                for i, a in enumerate(named):
                    for b in named[i + 1 :]:
                        weights[(a, b)] += 2  # naming both in one fact; the source adds 1
                for other in named:
                    if other not in seen:
                        seen.add(other)
                        frontier.append(other)
        for members in by_source.values():
            ordered = sorted(members)
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    weights[(a, b)] += 1
        graph = nx.Graph()
        graph.add_nodes_from(sorted(seen))
        for (a, b), w in sorted(weights.items()):
            graph.add_edge(a, b, weight=w)
        return graph

    def worlds(self, ids: Iterable[str]) -> dict[str, World]:
        """The worlds ``ids`` (those this graph has read), by id, in one batched read."""
        rids = [self._rids[NodeId(i)] for i in ids if i in self._rids]
        return {w.id: w for w in self.store.worlds_by_rid(rids).values()}


def member_salt(members: Iterable[str]) -> int:
    """The identity time of a community: a salt of its member ids, like ``entity_salt``.

    Not a time. It puts the member set into the address, so two communities that read alike
    (same names, same summary; e.g. in two users' scopes) are never one world.
    """
    return int(digest(("community\n" + "\n".join(sorted(members))).encode())[:12], 16)


ALGORITHMS: Final = ("louvain", "label_propagation")


def partition(
    graph: nx.Graph, min_members: int, algorithm: str = "louvain"
) -> list[tuple[str, ...]]:
    """Communities of ``graph`` (seeded Louvain, or label propagation) with at least
    ``min_members`` entities, sorted."""
    if graph.number_of_edges() == 0:
        return []
    if algorithm == "label_propagation":
        found = asyn_lpa_communities(graph, weight="weight", seed=0)
    else:
        found = louvain_communities(graph, weight="weight", seed=0)
    return sorted(tuple(sorted(c)) for c in found if len(c) >= min_members)


@dataclass
class CommunitiesStep:
    """Keep one Community world per community of the entity graph, incrementally."""

    summarizer: Summarizer
    min_members: int = 2
    algorithm: str = "louvain"
    name: str = "communities"

    def run(self, writes: Writes, now: int, report: StepReport) -> None:
        store = writes.store
        after = read_cursor(store, self.name).get("edge_rid", 0)
        fresh = store.edges_after(after, ["refers_to"])
        if not fresh:
            return
        last = fresh[-1][0]
        graph = EntityGraph(store, now)
        touched = graph.open_entities({e.target for _, e in fresh})
        done: set[str] = set()
        plans: list[_Plan] = []
        for entity in touched:
            if entity in done:
                continue
            component = graph.component(entity)
            done.update(component.nodes)
            report.examined += 1
            plans.append(self._plan(store, graph, component, now))
            if len(plans) >= _COMPONENTS_PER_COMMIT:
                _commit(writes, plans, report)
                plans = []
        _commit(writes, plans, report)
        save_cursor(store, self.name, {"edge_rid": last})
        report.details["components"] = report.examined

    def _plan(self, store: Store, graph: EntityGraph, component: nx.Graph, now: int) -> _Plan:
        """The writes that bring one component's stored communities up to date."""
        plan = _Plan()
        new: dict[str, tuple[str, ...]] = {}
        for members in partition(component, self.min_members, self.algorithm):
            spec = self._community(graph, component, members, now)
            if spec is None:
                continue
            spec = _unretired(store, spec)
            cid = world_id(spec)
            new[cid] = members
            plan.worlds.append(spec)
            plan.edges += [EdgeSpec("contains", cid, m) for m in members]
            plan.edges += scope_links(scopes_of(store, members[0]), spec)
        stored = _stored_communities(store, graph, list(component.nodes))
        for old, old_members in sorted(stored.items()):
            if old in new:
                continue
            best = max(sorted(new), key=lambda c: len(set(new[c]) & old_members), default=None)
            if best is not None and set(new[best]) & old_members:
                plan.supersede.append(EdgeSpec("supersedes", best, old))
            else:
                plan.retire.append(old)
        return plan

    def _community(
        self, graph: EntityGraph, component: nx.Graph, members: tuple[str, ...], now: int
    ) -> WorldSpec | None:
        degree = {m: component.degree(m, weight="weight") for m in members}
        top = sorted(members, key=lambda m: (-degree[m], m))[:3]
        facts: Counter[str] = Counter()
        for m in members:
            for fact in graph.facts_of(m):
                facts[fact] += 1
        chosen = sorted(facts, key=lambda f: (-facts[f], f))[:MAX_SUMMARY_FACTS]
        worlds = graph.worlds([*top, *chosen])
        names = [worlds[m].name for m in top if m in worlds]
        texts = [worlds[f].content for f in sorted(chosen) if f in worlds]
        summary = self.summarizer.summarize(texts) if texts else ""
        if not names:
            return None
        return WorldSpec(
            type=COMMUNITY_TYPE,
            name=", ".join(names),
            content=summary,
            created_at=member_salt(members),
            valid_from=now,
        )


def _unretired(store: Store, spec: WorldSpec) -> WorldSpec:
    """``spec``, or the first revision of it (identity salt + 1, + 2, ...) that is not a closed
    world: a partition can come back to a community it left, and a closed world never reopens
    (validity only tightens), so the returning community is written as a new world."""
    for revision in range(64):
        candidate = replace(spec, created_at=spec.created_at + revision)
        stored = store.find_world(world_id(candidate))
        if stored is None or stored.valid_to is None:
            return candidate
    return replace(spec, created_at=spec.created_at + 64)


def _stored_communities(
    store: Store, graph: EntityGraph, entities: list[str]
) -> dict[NodeId, set[str]]:
    """Open Community worlds holding any of ``entities`` → their members (batched reads)."""
    holders = edges_touching(store, entities, types=["contains"], direction="in")
    visible = filter_ids(store, [e.source for e in holders], graph.visible)
    loaded = store.worlds_by_rid(visible.values()).values()
    open_ones = [w.id for w in loaded if w.type == COMMUNITY_TYPE]
    if not open_ones:
        return {}
    found: dict[NodeId, set[str]] = {c: set() for c in open_ones}
    for edge in edges_touching(store, open_ones, types=["contains"], direction="out"):
        found[edge.source].add(edge.target)
    return found


@dataclass
class _Plan:
    """One component's writes: new communities with their links, the old ones to close."""

    worlds: list[WorldSpec] = field(default_factory=list)
    edges: list[EdgeSpec] = field(default_factory=list)
    supersede: list[EdgeSpec] = field(default_factory=list)
    retire: list[NodeId] = field(default_factory=list)


def _commit(writes: Writes, plans: list[_Plan], report: StepReport) -> None:
    """Write ``plans`` in one changeset (a commit is the costly part: ~50 ms each at 100k
    worlds on a loaded machine). If a handler refuses it (a supersedes that would close a
    cycle), each plan is written alone, a refused supersedes becoming a retirement."""
    if not plans:
        return
    worlds = tuple(w for p in plans for w in p.worlds)
    edges = tuple(e for p in plans for e in (*p.edges, *p.supersede))
    try:
        if worlds or edges:
            writes.apply(Changeset(worlds=worlds, edges=edges), report)
    except ReconcileError:
        for plan in plans:
            writes.apply(Changeset(worlds=tuple(plan.worlds), edges=tuple(plan.edges)), report)
            for spec in plan.supersede:
                try:
                    writes.apply(Changeset(edges=(spec,)), report)
                except ReconcileError:
                    writes.retire_world(spec.target, report)
    for plan in plans:
        for old in plan.retire:
            writes.retire_world(old, report)
