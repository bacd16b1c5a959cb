"""The reconciler's single-purpose writes: retire a world or an edge, tighten validity, decide
a merge proposal.

Each is one write transaction whose checks (the id resolves, the edge is live, the proposal is
pending) read through that transaction, so a check and the write it guards see one state even
with other processes writing the file. A failed check raises inside the transaction, which
rolls back: the store is as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worlddb.errors import NotFoundError, ValidationError
from worlddb.handlers import HandlerRegistry
from worlddb.model import Edge
from worlddb.reconciler.context import Outcome, TxnContext
from worlddb.store.protocols import Store, WriteTransaction

__all__ = ["VerbOps"]


class VerbOps:
    """Mixed into ``Reconciler``; expects ``store``, ``registry``, ``now`` and ``_context``."""

    store: Store
    registry: HandlerRegistry

    if TYPE_CHECKING:  # provided by Reconciler; no runtime stubs to shadow them

        def now(self) -> int: ...

        def _context(
            self, txn: WriteTransaction, outcome: Outcome, source: str | None
        ) -> TxnContext: ...

    def retire(self, world_id_: str, at: int | None = None) -> bool:
        """Close a world's validity at ``at`` (default: now). Only tightens."""
        with self.store.transaction(self.now) as txn:
            wid = txn.resolve_id(world_id_)
            ctx = self._context(txn, Outcome(), None)
            return ctx.close_validity(wid, txn.now if at is None else at)

    def set_validity(self, world_id_: str, valid_from: int | None, valid_to: int | None) -> bool:
        """Tighten a world's validity to ``[valid_from, valid_to)``; widening is refused."""
        with self.store.transaction(self.now) as txn:
            wid = txn.resolve_id(world_id_)
            ctx = self._context(txn, Outcome(), None)
            return ctx.tighten(wid, valid_from, valid_to)

    def retire_edge(self, eid: str, *, status: str = "retired") -> None:
        """Retire an edge (its handler's ``on_delete`` runs in the same transaction)."""
        with self.store.transaction(self.now) as txn:
            self._retire_edge(txn, txn.get_edge(eid), status)

    def _retire_edge(self, txn: WriteTransaction, edge: Edge, status: str) -> None:
        if edge.status in {"retired", "rejected"}:
            return
        if edge.type == "same_as":
            status = "rejected"  # edge and proposal must agree (I8); the pair stays apart
        ctx = self._context(txn, Outcome(), None)
        txn.set_edge_status(edge.id, status, valid_to=txn.now)
        if edge.type == "same_as":
            txn.decide_proposal(edge.id, "rejected")
        ctx.edge_type = edge.type
        self.registry.resolve(edge.type).on_delete(edge, ctx)

    def decide_merge(self, eid: str, *, accept: bool) -> None:
        """Accept or reject a pending ``same_as`` proposal."""
        with self.store.transaction(self.now) as txn:
            edge = txn.get_edge(eid)
            if edge.type != "same_as":
                raise ValidationError(
                    f"edge {eid[:16]!r} is a {edge.type!r} edge, not a same_as proposal",
                    field="edge_id",
                    value=eid,
                )
            if edge.status not in {"pending", "accepted", "rejected"}:
                raise NotFoundError(eid, "merge proposal")
            if not accept:
                self._retire_edge(txn, edge, "rejected")
                return
            if edge.status == "rejected":
                raise ValidationError(
                    f"proposal {eid[:16]!r} was rejected; it cannot be accepted",
                    field="edge_id",
                    value=eid,
                )
            txn.set_edge_status(eid, "accepted")
            txn.decide_proposal(eid, "accepted")
