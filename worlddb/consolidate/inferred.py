"""The inferred-edges step: one-pass transitive closure over ``causes`` and ``subtype_of``, and
``instance_of`` through ``subtype_of``.

Every run reads all live *asserted* edges of the three types (one ordered read; these types are
rare beside ``refers_to`` and ``contains``), computes what they imply, and writes only the
difference with the inferred edges already stored:

* an implied edge not yet stored is written through its handler (``causes`` still refuses a
  cause that begins after its effect, ``subtype_of`` a cycle), flagged
  ``{"inferred": true, "premises": [...]}`` in its properties. Edge ids hash only type, source
  and target, so the flag lives outside the hash: an inferred edge and the same edge asserted
  later are one edge (its properties keep the flag it was first written with);
* a stored inferred edge the asserted edges no longer imply (a premise was retired) is retired.

An edge id that is already taken is never written again: a retired edge (retracted, or retired
by a caller) stays retired even if a later closure implies it once more.

Inferred edges are never premises: the closure is computed from asserted edges alone, so
retracting one premise retracts everything that rested on it and nothing else. A refused edge
is reported and skipped; the store is as it was before that commit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from worlddb.consolidate.base import StepReport, Writes
from worlddb.errors import ReconcileError
from worlddb.hashing import edge_id
from worlddb.model import Changeset, Edge, EdgeSpec

__all__ = ["CLOSED_TYPES", "InferredEdgesStep", "implied_edges", "is_inferred"]

CLOSED_TYPES: Final = ("causes", "subtype_of", "instance_of")
MAX_PER_SOURCE: Final = 1_000
"""Most edges one world may gain per type: a long chain must not write a quadratic flood."""
_BATCH: Final = 100


def is_inferred(edge: Edge) -> bool:
    """Whether the consolidator wrote ``edge`` by inference (not asserted by a caller)."""
    return bool(edge.properties.get("inferred"))


Key = tuple[str, str, str]  # (type, source, target)


def implied_edges(asserted: Iterable[Edge]) -> dict[Key, tuple[str, ...]]:
    """Edges the asserted ones imply but do not state, each with the premise edge ids of one
    derivation (the shortest, found breadth first; ties by edge order)."""
    out_edges: dict[str, dict[str, list[tuple[str, str]]]] = {
        t: defaultdict(list) for t in CLOSED_TYPES
    }
    stated: set[Key] = set()
    for e in asserted:
        out_edges[e.type][e.source].append((e.target, e.id))
        stated.add((e.type, e.source, e.target))
    implied: dict[Key, tuple[str, ...]] = {}
    reach: dict[str, dict[str, dict[str, tuple[str, ...]]]] = {}
    for kind in ("causes", "subtype_of"):
        reach[kind] = {}
        for source in sorted(out_edges[kind]):
            paths = _reach(out_edges[kind], source)
            reach[kind][source] = paths
            for target, premises in paths.items():
                if len(premises) > 1 and (kind, source, target) not in stated:
                    implied[(kind, source, target)] = premises
    supers = reach["subtype_of"]
    for x in sorted(out_edges["instance_of"]):
        found = 0
        for cls, eid in out_edges["instance_of"][x]:
            if found >= MAX_PER_SOURCE:
                break
            for upper, premises in sorted(supers.get(cls, {}).items()):
                key = ("instance_of", x, upper)
                if upper != x and key not in stated and key not in implied:
                    implied[key] = (eid, *premises)
                    found += 1
                if found >= MAX_PER_SOURCE:
                    break
    return implied


def _reach(graph: Mapping[str, list[tuple[str, str]]], source: str) -> dict[str, tuple[str, ...]]:
    """Every world reachable from ``source`` → the edge ids of a shortest path to it."""
    paths: dict[str, tuple[str, ...]] = {}
    frontier: list[tuple[str, tuple[str, ...]]] = [(source, ())]
    seen = {source}
    while frontier and len(paths) < MAX_PER_SOURCE:
        nxt: list[tuple[str, tuple[str, ...]]] = []
        for node, path in frontier:
            for target, eid in graph.get(node, ()):
                if target in seen:
                    continue
                seen.add(target)
                paths[target] = (*path, eid)
                nxt.append((target, paths[target]))
        frontier = nxt
    return paths


@dataclass
class InferredEdgesStep:
    """Write the closure's missing edges; retire inferred edges whose premises are gone."""

    name: str = "inferred"

    def run(self, writes: Writes, now: int, report: StepReport) -> None:
        store = writes.store
        live = [e for _, e in store.edges_after(0, CLOSED_TYPES)]
        asserted = [e for e in live if not is_inferred(e) and e.source != e.target]
        stored_inferred = {(e.type, e.source, e.target): e for e in live if is_inferred(e)}
        report.examined = len(asserted)
        implied = implied_edges(asserted)
        for key in sorted(set(stored_inferred) - set(implied)):
            writes.retire_edge(stored_inferred[key].id, report)
        missing = [
            EdgeSpec(t, s, d, {"inferred": True, "premises": list(premises)})
            for (t, s, d), premises in sorted(implied.items())
            if store.find_edge(edge_id(EdgeSpec(t, s, d))) is None
        ]
        refused = 0
        for start in range(0, len(missing), _BATCH):
            batch = missing[start : start + _BATCH]
            try:
                writes.apply(Changeset(edges=tuple(batch)), report)
            except ReconcileError:
                # One refusal vetoes the batch: write its edges one by one to keep the rest.
                for spec in batch:
                    try:
                        writes.apply(Changeset(edges=(spec,)), report)
                    except ReconcileError:
                        refused += 1
        report.details["refused"] = refused
