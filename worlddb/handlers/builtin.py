"""The eleven built-in edge types and their semantics.

========== =================================================================================
contains   structure and world boundaries; from a Scope world it indexes scope membership;
           refuses cycles; a closed Session closes its turns
refers_to  a cross-world reference (the only way a query leaves its world); no side effect
supersedes the source replaces the target: closes the target's validity at the source's
           ``valid_from`` (or the ingest time); only tightens; refuses time travel and cycles
same_as    stages a pending merge proposal; never merges by itself; a rejected pair is refused
contradicts keeps both sides, flags the conflict, marks the sides' sources ``claims_contested``;
           reads surface the other side
implies    a logical consequence; no side effect
derived_from provenance of derived worlds (a fact from a turn); refuses cycles; a derived world
           closes when every world it was derived from has closed (retire or amend a note and
           its facts go with it); a closed derived claim marks its source ``claims_closed``
instance_of  membership of a class; no side effect
subtype_of   class hierarchy; refuses cycles
causes     the cause may not begin after its effect
precedes   temporal order: refuses an order that contradicts known valid times, and cycles
========== =================================================================================
"""

from __future__ import annotations

from collections.abc import Sequence

from worlddb.handlers import (
    CLAIMS_CLOSED,
    CLAIMS_CONTESTED,
    HandlerRegistry,
    PlainHandler,
    WriteContext,
)
from worlddb.model import Edge, NodeId
from worlddb.timeutil import format_us

__all__ = [
    "AcyclicHandler",
    "ContainsHandler",
    "ContradictsHandler",
    "DerivedFromHandler",
    "OrderedHandler",
    "SameAsHandler",
    "SupersedesHandler",
    "register_builtins",
]


class NoSelfLoopHandler(PlainHandler):
    """Records the relation; a world cannot relate to itself."""

    edge_type = "edge"

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        if edge.source == edge.target:
            ctx.refuse(f"a {edge.type} edge cannot point from a world to itself")


class AcyclicHandler(NoSelfLoopHandler):
    """Refuses an edge that would close a cycle among edges of its own type."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        super().on_insert(edge, ctx)
        if ctx.reaches(edge.target, edge.source, edge_type=edge.type):
            ctx.refuse(f"{edge.type} edge {edge.source[:12]}→{edge.target[:12]} would form a cycle")


class ContainsHandler(AcyclicHandler):
    """Structure. A Scope world containing a memory makes it (and its descendants) a member."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        super().on_insert(edge, ctx)
        if ctx.world(edge.source).type == "Scope":
            ctx.add_scope_members(edge.source, [edge.target])

    def on_delete(self, edge: Edge, ctx: WriteContext, /) -> None:
        if ctx.world(edge.source).type == "Scope":
            ctx.remove_scope_members(edge.source, [edge.target])

    def on_endpoint_closed(self, edge: Edge, closed: NodeId, at: int, ctx: WriteContext, /) -> None:
        """A retired conversation retires what was said in it (a Scope never cascades).

        A turn shared by a newer version of its session (an edit re-hashes the session but not
        its unchanged turns) stays open while any session holding it is open.
        """
        if closed == edge.source and ctx.world(edge.source).type in CASCADING_CONTAINERS:
            holders = [
                e.source
                for e in ctx.edges(edge.target, direction="in", types=["contains"])
                if ctx.world(e.source).type in CASCADING_CONTAINERS
            ]
            _close_when_all_closed(ctx, edge.target, holders, at)


class DerivedFromHandler(AcyclicHandler):
    """Provenance of a derived world: it shares the fate of what it was derived from.

    Downward: a derived world (a fact read from a note) closes when every world it was derived
    from has closed — retiring or amending the note closes its facts; a fact also stated in
    another, still valid memory stays. Upward: when a derived claim closes (superseded,
    retired) the source is marked ``claims_closed``, so reads can tell which of its claims were
    replaced, by what and when (worked out from the edges at the reader's point in time).
    """

    def on_endpoint_closed(self, edge: Edge, closed: NodeId, at: int, ctx: WriteContext, /) -> None:
        if closed == edge.source:
            ctx.mark(edge.target, CLAIMS_CLOSED)
            return
        sources = [e.target for e in ctx.edges(edge.source, types=["derived_from"])]
        _close_when_all_closed(ctx, edge.source, sources, at)


class SupersedesHandler(AcyclicHandler):
    """The source replaces the target: the target's validity closes where the source's begins."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        super().on_insert(edge, ctx)
        new, old = ctx.world(edge.source), ctx.world(edge.target)
        at = new.valid_from if new.valid_from is not None else ctx.now
        if old.valid_from is not None and at < old.valid_from:
            ctx.refuse(
                f"world {new.id[:12]} (valid from {format_us(at)}) cannot supersede "
                f"{old.id[:12]}, which only begins at {format_us(old.valid_from)}; "
                "point supersedes from the newer world to the older one"
            )
        ctx.close_validity(old.id, at)


class SameAsHandler(NoSelfLoopHandler):
    """Identity is never merged silently: a ``same_as`` edge only stages a proposal."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        super().on_insert(edge, ctx)
        props = edge.properties
        tier = str(props.get("tier", "manual"))
        milli = props.get("score_milli", 1000)
        score = (milli if isinstance(milli, int) else 1000) / 1000
        ctx.stage_merge(edge, tier=tier, score=score, evidence=str(props.get("evidence", "")))

    def on_query_rewrite(self, edge: Edge, hit: NodeId, /) -> Sequence[NodeId]:
        if edge.status != "accepted":
            return ()
        return (edge.target if hit == edge.source else edge.source,)


class ContradictsHandler(NoSelfLoopHandler):
    """Both sides stay; the conflict is reported now and surfaced by every read."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        super().on_insert(edge, ctx)
        ctx.flag_conflict(edge.source, edge.target)
        for side in (edge.source, edge.target):
            for provenance in ctx.edges(side, direction="out", types=["derived_from"]):
                ctx.mark(provenance.target, CLAIMS_CONTESTED)

    def on_query_rewrite(self, edge: Edge, hit: NodeId, /) -> Sequence[NodeId]:
        return (edge.target if hit == edge.source else edge.source,)


class OrderedHandler(AcyclicHandler):
    """The source must not begin after the target (``causes``, ``precedes``)."""

    def __init__(self, check_cycles: bool) -> None:
        self.check_cycles = check_cycles

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        if self.check_cycles:
            super().on_insert(edge, ctx)
        else:
            NoSelfLoopHandler.on_insert(self, edge, ctx)
        first, then = ctx.world(edge.source), ctx.world(edge.target)
        if (
            first.valid_from is not None
            and then.valid_from is not None
            and first.valid_from > then.valid_from
        ):
            ctx.refuse(
                f"{edge.type}: {first.id[:12]} begins {format_us(first.valid_from)}, after "
                f"{then.id[:12]} begins {format_us(then.valid_from)}"
            )


CASCADING_CONTAINERS = frozenset({"Session"})
"""Container types whose closing closes their children (a Scope or an Entity never does)."""


def _close_when_all_closed(
    ctx: WriteContext, world_id: str, holders: Sequence[str], at: int
) -> None:
    """Close ``world_id`` once every one of ``holders`` has closed, when the last of them did.

    That is the latest of the holders' close times, not ``at`` (the close being processed): holders
    may close out of time order (a note retired as of 400, then another as of 200), and the world
    stays true while any holder is. It closes at its own start if it only begins later: a claim
    about the future ("I start at Globex next month") whose source is retired today never becomes
    true, so its interval closes empty at its start rather than being refused.
    """
    world = ctx.world(world_id)
    ends = [ctx.world(h).valid_to for h in holders]
    if any(end is None for end in ends):
        return
    last = max([at, *(end for end in ends if end is not None)])
    if world.valid_to is not None and world.valid_to <= last:
        return
    begins = world.valid_from
    ctx.close_validity(world_id, last if begins is None else max(last, begins))


def register_builtins(registry: HandlerRegistry) -> None:
    """Register the eleven default edge types on ``registry``."""
    registry.register("contains", ContainsHandler())
    registry.register("refers_to", NoSelfLoopHandler())
    registry.register("supersedes", SupersedesHandler())
    registry.register("same_as", SameAsHandler())
    registry.register("contradicts", ContradictsHandler())
    registry.register("implies", NoSelfLoopHandler())
    registry.register("derived_from", DerivedFromHandler())
    registry.register("instance_of", NoSelfLoopHandler())
    registry.register("subtype_of", AcyclicHandler())
    registry.register("causes", OrderedHandler(check_cycles=False))
    registry.register("precedes", OrderedHandler(check_cycles=True))
