"""What the explorer page asks of a store, answered for one caller's scope grant.

Every method takes the caller's ``ScopeGrant`` into account the way the MCP tools do (the rule
itself is ``worlddb.engine.access``): a request must name the scopes a bound grant constrains,
a world outside the grant reads exactly like a missing one, and scope labels are cut to the
scopes the caller may touch. Methods are synchronous (they run on a worker thread) and return
plain JSON-ready dicts built by ``worlddb.ui.views``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from worlddb.engine import WorldDB
from worlddb.engine.access import ScopeGrant, scope_labels, shown_labels
from worlddb.errors import NotFoundError, ValidationError
from worlddb.model import World
from worlddb.scopes import validate_scopes
from worlddb.timeutil import format_us, parse_time
from worlddb.ui.views import edge_json, hit_json, proposal_json, world_json

__all__ = ["MAX_EDGES", "MEMORY_TYPES", "TIMELINE_TYPES", "Explorer"]

Json = dict[str, Any]
MAX_EDGES: Final = 100  # an entity gathers many refers_to edges; the page shows the first ones
MEMORY_TYPES: Final = ("Note", "Session")
TIMELINE_TYPES: Final = ("Note", "Session", "Fact")
MAX_GRAPH_NODES: Final = 60
MAX_PAIRS: Final = 200


@dataclass(frozen=True, slots=True)
class Explorer:
    """The explorer's reads and writes over ``db`` for a caller holding ``grant``."""

    db: WorldDB
    grant: ScopeGrant

    # -- helpers --------------------------------------------------------------------------------
    def _visible(self, world: World) -> bool:
        return self.grant.is_unrestricted or self.db.permits(self.grant, world)

    def _scopes(self, requested: Mapping[str, str]) -> dict[str, str]:
        """The request's scopes, validated and checked against the grant (``ScopeError``)."""
        checked = validate_scopes(requested)
        self.grant.check_request(checked)
        return checked

    def _in_all(self, world: World, scopes: Mapping[str, str]) -> bool:
        found = self.db.scope_memberships(world)
        return all(value in found.get(kind, ()) for kind, value in scopes.items())

    def _labels(self, world: World, requested: Mapping[str, str] | None = None) -> list[str]:
        return shown_labels(scope_labels(self.db.scope_memberships(world)), self.grant, requested)

    def _world(self, target: str) -> World:
        return self.db.get_permitted(target, self.grant)

    # -- reads ----------------------------------------------------------------------------------
    def session(self) -> Json:
        """Who the caller is: unrestricted, or the scopes its token is bound to."""
        return {
            "restricted": not self.grant.is_unrestricted,
            "grant": self.grant.to_claim(),
            "now": format_us(self.db.now()),
        }

    def scopes(self) -> Json:
        """The scopes that hold memories and that the caller may touch, with counts."""
        return {
            "scopes": [
                {"kind": s.kind, "value": s.value, "id": s.id, "members": s.members}
                for s in self.db.list_scopes()
                if self.grant.permits_scope(s.kind, s.value)
            ]
        }

    def memories(
        self, scopes: Mapping[str, str], *, include_retired: bool, limit: int, after: str | None
    ) -> Json:
        """Memories (notes and sessions) in all of ``scopes``, oldest first, one page."""
        wanted = self._scopes(scopes)
        cursor = 0
        if after:
            last = self.db.find(after)
            rid = self.db.memory_cursor(after) if last is not None else None
            if last is None or rid is None or not self._visible(last):
                raise ValidationError("unknown page cursor; start again", field="after")
            cursor = rid
        page, more = self.db.memories(
            wanted or None, include_retired=include_retired, after=cursor, limit=limit
        )
        now = self.db.now()
        items = [
            world_json(w, now) | {"scopes": self._labels(w, wanted)}
            for w in page
            if self._visible(w)
        ]
        return {"items": items, "next": page[-1].id if more is not None and page else None}

    def recall(
        self,
        query: str,
        scopes: Mapping[str, str],
        *,
        limit: int,
        valid_at: str | None,
        known_at: str | None,
        include_retired: bool,
    ) -> Json:
        """Recall through the facade; each hit keeps its per-lane ranks and fused score."""
        if not query.strip():
            raise ValidationError("type something to search for", field="q")
        wanted = self._scopes(scopes)
        result = self.db.recall(
            query,
            scopes=wanted or None,
            limit=limit,
            valid_at=parse_time(valid_at or None, field="valid_at"),
            known_at=parse_time(known_at or None, field="known_at"),
            include_retired=include_retired,
        )
        hits = []
        for hit in result.hits:
            if not self.grant.is_unrestricted:
                world = self.db.find(hit.id)
                if world is None or not self._visible(world):
                    continue
            hits.append(hit_json(hit, shown_labels(hit.scopes, self.grant, wanted)))
        return {"query": query, "lanes": list(result.lanes), "hits": hits}

    def world(self, target: str) -> Json:
        """One world in full: children, edges (both ways), provenance, history, validity."""
        world = self._world(target)
        now = self.db.now()
        children = [world_json(c, now) for c in self.db.children(world.id) if self._visible(c)]
        edges = []
        for edge in self.db.edges(world.id, direction="both", include_retired=True):
            other = self.db.find(edge.target if edge.source == world.id else edge.source)
            if other is not None and self._visible(other):
                edges.append(edge_json(edge, world.id, other, now))
            if len(edges) >= MAX_EDGES:
                break
        history = [
            world_json(h, now) | {"this": h.id == world.id}
            for h in self.db.history(world.id)
            if self._visible(h)
        ]
        parent = self.db.parent(world.id)
        return {
            "world": world_json(world, now, full=True),
            "scopes": self._labels(world),
            "parent": world_json(parent, now) if parent and self._visible(parent) else None,
            "children": children,
            "edges": edges,
            "history": history,
        }

    def timeline(
        self, scopes: Mapping[str, str], *, valid_at: str | None, known_at: str | None, limit: int
    ) -> Json:
        """Memories and facts with their validity intervals, and which are visible at the
        chosen point in valid time and ingest time (the as-of control).

        The first ``limit`` in insertion order; ``complete`` is False when there are more.
        """
        wanted = self._scopes(scopes)
        ids = self.db.scope_ids(wanted or None)
        valid = parse_time(valid_at or None, field="valid_at")
        known = parse_time(known_at or None, field="known_at")
        every = self.db.worlds(
            types=TIMELINE_TYPES, include_superseded=True, scope_ids=ids, limit=limit
        )
        seen = {
            w.id
            for w in self.db.worlds(
                types=TIMELINE_TYPES, valid_at=valid, known_at=known, scope_ids=ids, limit=limit
            )
        }
        now = self.db.now()
        items = [
            world_json(w, now) | {"visible": w.id in seen}
            for w in every
            if self._visible(w) and (not wanted or self._in_all(w, wanted))
        ]
        items.sort(key=lambda item: (item["valid_from"] or "", item["ingested_at"] or ""))
        return {
            "valid_at": format_us(valid),
            "known_at": format_us(known),
            "now": format_us(now),
            "items": items,
            "complete": len(every) < limit,
        }

    def graph(self, target: str, *, depth: int) -> Json:
        """The neighbourhood of a world: nodes and edges within ``depth`` hops (capped)."""
        start = self._world(target)
        now = self.db.now()
        nodes: dict[str, Json] = {start.id: world_json(start, now) | {"depth": 0}}
        links: dict[str, Json] = {}
        frontier: list[str] = [start.id]
        for hop in range(1, depth + 1):
            following: list[str] = []
            for node in frontier:
                for edge in self.db.edges(node, direction="both")[:MAX_EDGES]:
                    other_id = edge.target if edge.source == node else edge.source
                    if other_id not in nodes:
                        if len(nodes) >= MAX_GRAPH_NODES:
                            continue
                        other = self.db.find(other_id)
                        if other is None or other.type == "Scope" or not self._visible(other):
                            continue
                        nodes[other_id] = world_json(other, now) | {"depth": hop}
                        following.append(other_id)
                    links[edge.id] = {
                        "id": edge.id,
                        "type": edge.type,
                        "source": edge.source,
                        "target": edge.target,
                        "status": edge.status,
                    }
            frontier = following
        return {"root": start.id, "nodes": list(nodes.values()), "edges": list(links.values())}

    def proposals(self) -> Json:
        """Pending merge proposals whose two sides the caller may both see."""
        now = self.db.now()
        out = []
        for proposal in self.db.proposals("pending"):
            source, target = self.db.find(proposal.source), self.db.find(proposal.target)
            if source and target and self._visible(source) and self._visible(target):
                out.append(proposal_json(proposal, source, target, now))
        return {"proposals": out}

    def contradictions(self, scopes: Mapping[str, str], *, scan: int) -> Json:
        """Pairs joined by ``contradicts`` edges, both sides in full, within ``scopes``.

        The store has no index of edges by type, so this walks the scope's worlds (open and
        closed) in insertion order, at most ``scan`` of them; ``complete`` says whether the
        walk reached the end.
        """
        wanted = self._scopes(scopes)
        ids = self.db.scope_ids(wanted or None)
        now = self.db.now()
        pairs: dict[str, Json] = {}
        after, scanned, complete = 0, 0, False
        while scanned < scan and len(pairs) < MAX_PAIRS:
            page = self.db.worlds(
                include_superseded=True, scope_ids=ids, after=after, limit=min(500, scan - scanned)
            )
            if not page:
                complete = True
                break
            scanned += len(page)
            after = self.db.memory_cursor(page[-1].id) or 0
            for world in page:
                for edge in self.db.edges(world.id, types=["contradicts"], include_retired=True):
                    other = self.db.find(edge.target)
                    if other is None or not (self._visible(world) and self._visible(other)):
                        continue
                    pairs[edge.id] = {
                        "edge_id": edge.id,
                        "status": edge.status,
                        "ingested_at": format_us(edge.ingested_at),
                        "left": world_json(world, now, full=True),
                        "right": world_json(other, now, full=True),
                    }
        return {"pairs": list(pairs.values()), "scanned": scanned, "complete": complete}

    # -- writes ---------------------------------------------------------------------------------
    def _proposal(self, edge_id: str) -> None:
        """Refuse a proposal the caller cannot see both sides of (as if it did not exist)."""
        for proposal in self.db.proposals(None):
            if proposal.edge_id == edge_id:
                source, target = self.db.find(proposal.source), self.db.find(proposal.target)
                if source and target and self._visible(source) and self._visible(target):
                    return
        raise NotFoundError(edge_id, what="proposal")

    def accept(self, edge_id: str) -> Json:
        """Accept a staged merge: the two worlds become one equivalence class."""
        self._proposal(edge_id)
        self.db.accept_merge(edge_id)
        return {"edge_id": edge_id, "status": "accepted"}

    def reject(self, edge_id: str) -> Json:
        """Reject a staged merge for good."""
        self._proposal(edge_id)
        self.db.reject_merge(edge_id)
        return {"edge_id": edge_id, "status": "rejected"}

    def purge_scope(self, kind: str, value: str, *, confirm: str, erase: bool) -> Json:
        """Retire a whole scope's memories, or with ``erase`` delete them (what another scope
        still holds is kept); ``confirm`` repeats the scope's value, as ``memory_purge_scope``
        asks."""
        [(kind, value)] = validate_scopes({kind: value}, required=True).items()
        if not self.grant.permits_scope(kind, value):
            raise NotFoundError(f"{kind}={value}", what="scope")
        if confirm != value:
            raise ValidationError(
                f"confirm must repeat the scope's value {value!r}; nothing was changed",
                field="confirm",
            )
        if not erase:
            count = self.db.purge_scope(kind, value)
            return {"scope": f"{kind}={value}", "erased": False, "count": count}
        report = self.db.erase_scope(kind, value)
        return {
            "scope": f"{kind}={value}",
            "erased": True,
            "count": len(report.memories_erased),
            "kept": len(report.memories_kept),
        }

    @staticmethod
    def _confirmed(world: World, confirm: str) -> None:
        if len(confirm) < 8 or not world.id.startswith(confirm.lower()):
            raise ValidationError(
                f"confirm must repeat the world's id (at least its first 8 characters, "
                f"{world.id[:8]!r}); nothing was changed",
                field="confirm",
            )

    def retire(self, target: str, confirm: str) -> Json:
        """Close a world's validity now (history keeps it); ``confirm`` repeats its id."""
        world = self._world(target)
        self._confirmed(world, confirm)
        changed = self.db.retire(world.id)
        return {
            "id": world.id,
            "retired": changed,
            "valid_to": format_us(self.db.get(world.id).valid_to),
        }

    def purge(self, target: str, confirm: str) -> Json:
        """Delete a world and what derives from it, for good; ``confirm`` repeats its id."""
        world = self._world(target)
        self._confirmed(world, confirm)
        report = self.db.erase(world.id)
        return {"id": world.id, "erased": len(report.erased), "kept": len(report.kept)}
