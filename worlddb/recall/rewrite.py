"""Turning fused row ids into ``RecallHit``s: query rewrites and hydration.

Edge handlers may say, for a hit, which other worlds must surface with it
(``on_query_rewrite``): ``contradicts`` names the other side, an accepted ``same_as`` the other
identity. Only edge types whose handler overrides the no-op rewrite are read, so an entity with
fifty thousand ``refers_to`` mentions costs nothing here. A surfaced world must pass the same
time view and scopes as the lane hits (types do not apply: the other side of a contradiction
is shown whatever its type), and follows the hit that surfaced it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from worlddb.handlers import EdgeHandler, HandlerRegistry, PlainHandler
from worlddb.index.filters import CHUNK, WorldFilter, filter_ids
from worlddb.index.graph import edges_touching
from worlddb.model import NodeId
from worlddb.recall.fate import Fate, about_replaced, read_fates, successor_order
from worlddb.recall.result import RecallHit
from worlddb.store import Store

__all__ = ["CONFLICT_EDGE", "Hydrator", "rewriting_handlers"]

CONFLICT_EDGE: Final = "contradicts"
"""The edge type whose rewrites are reported as ``RecallHit.conflicts``."""
UNTRUSTED_FLAG: Final = "untrusted"
"""The flag ingest sets on a turn or note that carries prompt-injection markers."""


def rewriting_handlers(
    handlers: HandlerRegistry | Mapping[str, EdgeHandler],
) -> dict[str, EdgeHandler]:
    """The handlers whose ``on_query_rewrite`` may return something (not the no-op base)."""
    if isinstance(handlers, HandlerRegistry):
        pairs = [(name, handlers.resolve(name)) for name in handlers.types]
    else:
        pairs = list(handlers.items())
    return {
        name: handler
        for name, handler in pairs
        if not isinstance(handler, PlainHandler)
        or type(handler).on_query_rewrite is not PlainHandler.on_query_rewrite
    }


class Hydrator:
    """Builds hits for one store: rewrites, then worlds, scopes and entity names in batches."""

    def __init__(
        self, store: Store, rewriters: Mapping[str, EdgeHandler], *, max_surfaced: int
    ) -> None:
        self.store = store
        self.rewriters = dict(rewriters)
        self.max_surfaced = max_surfaced

    def hydrate(
        self,
        fused: Sequence[tuple[int, float, dict[str, int]]],
        flt: WorldFilter,
        query: str = "",
    ) -> list[RecallHit]:
        """Hits for ``fused`` ``(rid, score, ranks)``: current state first, then rewrites.

        An outdated hit's successor (the statement that replaced it, visible to this read) is
        placed just before it (a partly outdated hit's, when ``query`` is about the replaced
        part) — moved up if a lane found it lower, added if none did — so the
        newest valid statement always ranks above an outdated one. Worlds surfaced by the
        handlers' query rewrites follow the hit that surfaced them.
        """
        by_rid = self.store.worlds_by_rid([rid for rid, _, _ in fused])
        lane = {by_rid[rid].id: (score, ranks) for rid, score, ranks in fused if rid in by_rid}
        fates = dict(read_fates(self.store, [by_rid[r] for r, _, _ in fused if r in by_rid], flt))
        wanted = {s for f in fates.values() for s in f.successors if s not in lane}
        admitted = set(filter_ids(self.store, wanted, flt)) if wanted else set()
        fates = {
            wid: replace(f, successors=tuple(s for s in f.successors if s in lane or s in admitted))
            for wid, f in fates.items()
        }
        placed = successor_order(list(lane), fates, about_replaced(query))
        order = [wid for wid, _ in placed]
        conflicts, surfaced = self._rewrite(order, flt)
        rows: list[tuple[NodeId, float, dict[str, int], NodeId | None]] = []
        for wid, before in placed:
            score, ranks = lane.get(wid, (0.0, {}))
            rows.append((wid, score, ranks, before if wid not in lane else None))
            rows += [(extra, 0.0, {}, wid) for extra in surfaced.get(wid, ())]
        rid_of = self._rids([wid for wid, *_ in rows])
        worlds = self.store.worlds_by_rid(rid_of.values())
        extra = [w for rid, w in worlds.items() if w.id not in lane]
        fates.update(read_fates(self.store, extra, flt))
        scopes = self._scope_names(list(rid_of.values()))
        entities = self._entity_names([wid for wid, *_ in rows])
        hits: list[RecallHit] = []
        for wid, score, ranks, by in rows:
            rid = rid_of.get(wid)
            world = worlds.get(rid) if rid is not None else None
            if world is None or rid is None:
                continue  # purged between the lanes and now
            fate = fates.get(wid, Fate())
            hits.append(
                RecallHit(
                    id=world.id,
                    type=world.type,
                    text=world.text,
                    score=score,
                    ranks=ranks,
                    valid_from=world.valid_from,
                    valid_to=world.valid_to,
                    provenance=world.provenance,
                    parent=world.parent,
                    scopes=scopes.get(rid, ()),
                    conflicts=tuple(dict.fromkeys((*conflicts.get(wid, ()), *fate.contested))),
                    surfaced_by=by,
                    entities=entities.get(wid, ()),
                    ingested_at=world.ingested_at,
                    status=fate.status,
                    superseded_by=fate.superseded_by,
                    replaces=fate.replaces,
                    untrusted=UNTRUSTED_FLAG in world.flags,
                )
            )
        return hits

    def _rewrite(
        self, hits: Sequence[NodeId], flt: WorldFilter
    ) -> tuple[dict[NodeId, tuple[NodeId, ...]], dict[NodeId, list[NodeId]]]:
        if not self.rewriters or not hits:
            return {}, {}
        wanted = set(hits)
        proposals: dict[NodeId, list[tuple[NodeId, bool]]] = {}
        for edge in edges_touching(
            self.store, hits, types=sorted(self.rewriters), direction="both"
        ):
            handler = self.rewriters[edge.type]
            for hit in {edge.source, edge.target} & wanted:
                for other in handler.on_query_rewrite(edge, hit):
                    if other != hit:
                        proposals.setdefault(hit, []).append(
                            (NodeId(other), edge.type == CONFLICT_EDGE)
                        )
        others = {other for pairs in proposals.values() for other, _ in pairs}
        visible = filter_ids(self.store, others, flt.without_types())
        conflicts: dict[NodeId, tuple[NodeId, ...]] = {}
        surfaced: dict[NodeId, list[NodeId]] = {}
        placed = set(hits)
        for hit in hits:
            pairs = [(o, c) for o, c in proposals.get(hit, []) if o in visible]
            conflicts[hit] = tuple(dict.fromkeys(o for o, c in pairs if c))
            for other, _ in pairs:
                if other not in placed and len(surfaced.get(hit, [])) < self.max_surfaced:
                    surfaced.setdefault(hit, []).append(other)
                    placed.add(other)
        # A surfaced world's own conflicts point back at the hit that surfaced it.
        for hit, extras in surfaced.items():
            for extra in extras:
                if extra in conflicts.get(hit, ()):
                    conflicts[extra] = (*conflicts.get(extra, ()), hit)
        return conflicts, surfaced

    def _rids(self, ids: Sequence[NodeId]) -> dict[NodeId, int]:
        out: dict[NodeId, int] = {}
        with self.store.lock:
            for start in range(0, len(ids), CHUNK):
                chunk = list(ids[start : start + CHUNK])
                marks = ",".join("?" * len(chunk))
                for wid, rid in self.store.conn.execute(
                    f"SELECT id, rid FROM nodes WHERE id IN ({marks})", chunk
                ):
                    out[NodeId(str(wid))] = int(rid)
        return out

    def _scope_names(self, rids: Sequence[int]) -> dict[int, tuple[str, ...]]:
        out: dict[int, list[str]] = {}
        with self.store.lock:
            for start in range(0, len(rids), CHUNK):
                chunk = list(rids[start : start + CHUNK])
                marks = ",".join("?" * len(chunk))
                for rid, name in self.store.conn.execute(
                    "SELECT m.rid, s.name FROM scope_members m JOIN nodes s ON s.id = m.scope "
                    f"WHERE m.rid IN ({marks}) ORDER BY s.name",
                    chunk,
                ):
                    out.setdefault(int(rid), []).append(str(name))
        return {rid: tuple(names) for rid, names in out.items()}

    def _entity_names(self, ids: Sequence[NodeId]) -> dict[NodeId, tuple[str, ...]]:
        out: dict[NodeId, list[str]] = {}
        with self.store.lock:
            for start in range(0, len(ids), CHUNK):
                chunk = list(ids[start : start + CHUNK])
                marks = ",".join("?" * len(chunk))
                for src, name in self.store.conn.execute(
                    "SELECT e.src, n.name FROM edges e JOIN nodes n ON n.id = e.dst "
                    f"WHERE e.src IN ({marks}) AND e.type = 'refers_to' "
                    "AND e.status = 'active' ORDER BY e.rid",
                    chunk,
                ):
                    names = out.setdefault(NodeId(str(src)), [])
                    if name and name not in names:
                        names.append(str(name))
        return {wid: tuple(names) for wid, names in out.items()}
