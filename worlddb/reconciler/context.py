"""The one implementation of ``WriteContext``: what handlers may do inside a transaction.

It wraps the store's ``WriteTransaction`` (kept private: handlers get capabilities, not rows) and
accumulates what the commit result reports (closed worlds, conflicts, proposals) and what must
happen after the commit (vector index updates). Every read it makes goes through the
transaction, so a handler sees what the changeset has written so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from worlddb.errors import HandlerRefusedError, NotFoundError, ValidityError
from worlddb.model import Edge, EdgeSpec, NodeId, World, WorldSpec
from worlddb.store.protocols import WriteTransaction

__all__ = ["Outcome", "TxnContext"]

MAX_DERIVED_DEPTH = 8


@dataclass
class Outcome:
    """What one transaction did, gathered while it runs."""

    created: list[NodeId] = field(default_factory=list)
    existing: list[NodeId] = field(default_factory=list)
    edges: list[str] = field(default_factory=list)
    proposals: list[str] = field(default_factory=list)
    closed: list[NodeId] = field(default_factory=list)
    conflicts: list[tuple[NodeId, NodeId]] = field(default_factory=list)
    new_rids: list[int] = field(default_factory=list)
    removed_rids: list[int] = field(default_factory=list)


class TxnContext:
    """``WriteContext`` over one open transaction."""

    def __init__(
        self,
        txn: WriteTransaction,
        outcome: Outcome,
        insert_world: Callable[[WorldSpec], NodeId],
        insert_edge: Callable[[EdgeSpec, int], str],
        on_closed: Callable[[TxnContext, NodeId, int], None] | None = None,
    ) -> None:
        self._txn = txn
        self.outcome = outcome
        self._insert_world = insert_world
        self._insert_edge = insert_edge
        self._on_closed = on_closed
        self.edge_type = ""
        self.depth = 0

    @property
    def now(self) -> int:
        return self._txn.now

    def world(self, world_id: str, /) -> World:
        found = self._txn.find_world(world_id)
        if found is None:
            raise NotFoundError(world_id)
        return found

    def edges(
        self, world_id: str, /, *, direction: str = "out", types: Sequence[str] | None = None
    ) -> list[Edge]:
        return self._txn.edges_of(world_id, direction=direction, types=types)

    def close_validity(self, world_id: str, /, at: int) -> bool:
        row = self._txn.validity(world_id)
        if row is None:
            raise NotFoundError(world_id)
        rid, valid_from, valid_to = row
        if valid_to is not None and valid_to <= at:
            return False  # already closed at or before ``at``: validity only tightens
        if valid_from is not None and at < valid_from:
            raise ValidityError(
                f"cannot close world {world_id[:12]} at {at!r}, before it begins ({valid_from!r})",
                field="valid_to",
                value=at,
            )
        self._txn.set_validity(rid, valid_from, at)
        self.outcome.closed.append(NodeId(world_id))
        self._closed(world_id, at)
        return True

    def _closed(self, world_id: str, at: int) -> None:
        """Let the handlers of the edges touching a newly closed world act on it."""
        if self._on_closed is None:
            return
        if self.depth >= MAX_DERIVED_DEPTH * 4:
            self.refuse(f"closing {world_id[:12]} cascades deeper than {MAX_DERIVED_DEPTH * 4}")
        outer_type, outer_depth = self.edge_type, self.depth
        self.depth += 1
        try:
            self._on_closed(self, NodeId(world_id), at)
        finally:
            self.edge_type, self.depth = outer_type, outer_depth

    def tighten(self, world_id: str, valid_from: int | None, valid_to: int | None) -> bool:
        """Apply a requested interval if it is within the current one; refuse any widening."""
        row = self._txn.validity(world_id)
        if row is None:
            raise NotFoundError(world_id)
        rid, cur_from, cur_to = row
        new_from = cur_from if valid_from is None else valid_from
        new_to = cur_to if valid_to is None else valid_to
        widens = (cur_from is not None and (new_from is None or new_from < cur_from)) or (
            cur_to is not None and (new_to is None or new_to > cur_to)
        )
        if widens:
            raise ValidityError(
                f"world {world_id[:12]}: validity only tightens; [{cur_from}, {cur_to}) cannot "
                f"become [{new_from}, {new_to})",
                field="validity",
                value=(new_from, new_to),
            )
        if new_from is not None and new_to is not None and new_to <= new_from:
            raise ValidityError(
                f"world {world_id[:12]}: valid_to must be after valid_from",
                field="validity",
                value=(new_from, new_to),
            )
        if (new_from, new_to) == (cur_from, cur_to):
            return False
        self._txn.set_validity(rid, new_from, new_to)
        if new_to != cur_to:
            self.outcome.closed.append(NodeId(world_id))
            if new_to is not None:
                self._closed(world_id, new_to)
        return True

    def add_world(self, spec: WorldSpec, /) -> NodeId:
        return self._insert_world(spec)

    def add_edge(self, spec: EdgeSpec, /) -> str:
        if self.depth >= MAX_DERIVED_DEPTH:
            self.refuse(f"derived edges nest deeper than {MAX_DERIVED_DEPTH} levels")
        return self._insert_edge(spec, self.depth + 1)

    def stage_merge(self, edge: Edge, /, *, tier: str, score: float, evidence: str) -> None:
        status = self._txn.proposal_status(edge.source, edge.target)
        if status == "rejected":
            self.refuse(
                f"{edge.source[:12]} and {edge.target[:12]} were rejected as the same "
                "entity before; a rejected pair is never proposed again"
            )
        self._txn.set_edge_status(edge.id, "pending")
        self._txn.insert_proposal(edge.id, edge.source, edge.target, tier, score, evidence)
        self.outcome.proposals.append(edge.id)

    def flag_conflict(self, a: str, b: str, /) -> None:
        self.outcome.conflicts.append((NodeId(a), NodeId(b)))

    def mark(self, world_id: str, flag: str, /) -> None:
        self._txn.add_flags(world_id, (flag,))

    def descendants(self, roots: Sequence[str]) -> list[int]:
        """Row ids of ``roots`` and everything they contain (structural ``contains``)."""
        return self._txn.descendants(roots)

    def add_scope_members(self, scope_id: str, world_ids: Sequence[str], /) -> None:
        self._txn.add_scope_members(scope_id, self.descendants(world_ids))

    def remove_scope_members(self, scope_id: str, world_ids: Sequence[str], /) -> None:
        self._txn.remove_scope_members(scope_id, self.descendants(world_ids))

    def reaches(self, start: str, goal: str, /, *, edge_type: str, limit: int = 10_000) -> bool:
        return self._txn.reaches(start, goal, edge_type=edge_type, limit=limit)

    def refuse(self, reason: str, /) -> NoReturn:
        raise HandlerRefusedError(self.edge_type or "unknown", reason)
