"""Edge insertion for the reconciler: structural edges, batched inserts and edge handlers.

Every edge that lands inside a reconciler transaction comes through here, so each *new* edge
runs its type's handler ``on_insert`` exactly once, in order, with the transaction's
``WriteContext``. A handler that refuses raises a typed error; one that crashes becomes a
``HandlerError``. Either way the whole transaction rolls back (I7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

from worlddb.errors import HandlerError, ValidationError, WorldDBError
from worlddb.handlers import EdgeHandler, HandlerRegistry
from worlddb.hashing import edge_id
from worlddb.model import Edge, EdgeSpec, NodeId, WorldSpec
from worlddb.reconciler.context import TxnContext
from worlddb.store.protocols import WriteTransaction

__all__ = ["EdgeOps"]


def _active_edge(eid: str, spec: EdgeSpec, now: int) -> Edge:
    """The stored form of a just-inserted edge, as its handler's ``on_insert`` sees it."""
    return Edge(
        id=eid,
        type=spec.type,
        source=NodeId(spec.source),
        target=NodeId(spec.target),
        properties=dict(spec.properties),
        valid_from=spec.valid_from,
        valid_to=spec.valid_to,
        ingested_at=now,
        status="active",
    )


class EdgeOps:
    """Mixed into ``Reconciler``; expects ``registry`` and its frozen ``handlers``."""

    registry: HandlerRegistry
    handlers: Mapping[str, EdgeHandler]

    def _insert_edges(
        self,
        ctx: TxnContext,
        txn: WriteTransaction,
        specs: Sequence[EdgeSpec],
        fresh: AbstractSet[str] = frozenset(),
    ) -> None:
        """Insert many validated edges at once, then run each new edge's handler in order.

        ``fresh``: worlds this changeset has just created. An edge touching one cannot be
        stored yet (an edge needs both endpoints stored), so it skips the existence lookup (a
        random probe of the edge-id index per edge, the bulk of a large load's edge cost).
        """
        ids: dict[str, EdgeSpec] = {}
        for spec in specs:
            ids.setdefault(edge_id(spec, ids_checked=True), spec)
        # unknown types fail before any edge lands
        handlers = {
            name: self.handlers.get(name) or self.registry.resolve(name)
            for name in {spec.type for spec in ids.values()}
        }
        probe = [
            eid
            for eid, spec in ids.items()
            if spec.source not in fresh and spec.target not in fresh
        ]
        known = txn.existing_edges(probe) if probe else set()
        new = [(eid, spec) for eid, spec in ids.items() if eid not in known]
        txn.insert_new_edges(new)
        self._run_handlers(ctx, new, handlers)

    @staticmethod
    def _run_handlers(
        ctx: TxnContext, new: list[tuple[str, EdgeSpec]], handlers: Mapping[str, EdgeHandler]
    ) -> None:
        """``_run_handler`` for many new edges at depth 0, in order: the same calls, looped
        here rather than one method call per edge (a bulk load runs hundreds of thousands)."""
        record = ctx.outcome.edges.append
        now = ctx.now
        outer_type, outer_depth = ctx.edge_type, ctx.depth
        try:
            for eid, spec in new:
                record(eid)
                edge = _active_edge(eid, spec, now)
                ctx.edge_type, ctx.depth = spec.type, 0
                try:
                    handlers[spec.type].on_insert(edge, ctx)
                except WorldDBError:
                    raise
                except Exception as exc:  # a crashing handler: typed error, the txn rolls back
                    raise HandlerError(spec.type, f"{type(exc).__name__}: {exc}") from exc
        finally:
            ctx.edge_type, ctx.depth = outer_type, outer_depth

    def _structure(self, ctx: TxnContext, txn: WriteTransaction, wid: str, spec: WorldSpec) -> None:
        """Parent pointers, structural ``contains`` edges and interior edges of a new world."""
        for child in spec.children:
            txn.set_parent(child, wid)
            self._insert_edge(ctx, txn, EdgeSpec("contains", wid, child), 0, checked=True)
        for edge in spec.edges:
            self._insert_edge(ctx, txn, EdgeSpec(edge.type, edge.source, edge.target), 0)

    def _insert_edge(
        self,
        ctx: TxnContext,
        txn: WriteTransaction,
        spec: EdgeSpec,
        depth: int,
        *,
        checked: bool = False,
    ) -> str:
        """Insert one edge and run its handler if it is new. ``checked``: endpoints validated."""
        eid = edge_id(spec)
        self.registry.resolve(spec.type)
        if not checked and (not txn.exists(spec.source) or not txn.exists(spec.target)):
            raise ValidationError(
                f"edge {spec.type!r} points at a world that does not exist",
                field="edges",
                value=(spec.source, spec.target),
            )
        if not txn.insert_edge(eid, spec):
            return eid
        ctx.outcome.edges.append(eid)
        self._run_handler(ctx, eid, spec, depth)
        return eid

    def _run_handler(self, ctx: TxnContext, eid: str, spec: EdgeSpec, depth: int) -> None:
        handler = self.handlers.get(spec.type) or self.registry.resolve(spec.type)
        edge = _active_edge(eid, spec, ctx.now)
        outer_type, outer_depth = ctx.edge_type, ctx.depth
        ctx.edge_type, ctx.depth = spec.type, depth
        try:
            handler.on_insert(edge, ctx)
        except WorldDBError:
            raise
        except Exception as exc:  # a crashing handler becomes a typed error; the txn rolls back
            raise HandlerError(spec.type, f"{type(exc).__name__}: {exc}") from exc
        finally:
            ctx.edge_type, ctx.depth = outer_type, outer_depth
