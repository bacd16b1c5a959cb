"""Edge handlers: the per-type semantics every edge write and read goes through.

Each edge type has one handler with three hooks:

* ``on_insert(edge, ctx)`` runs inside the reconciler's transaction when a new edge lands. It may
  close validity (only tightening), create derived worlds and edges, stage merge proposals, flag
  conflicts, or refuse the whole changeset by calling ``ctx.refuse`` (nothing is committed).
* ``on_delete(edge, ctx)`` runs when an edge is retired.
* ``on_query_rewrite(edge, hit)`` is consulted by reads: given an edge touching a hit, return the
  ids that must surface with it (``contradicts`` surfaces the other side).

A handler may also define ``on_endpoint_closed(edge, closed, at, ctx)``: the reconciler calls it,
in the same transaction, for every live edge touching a world whose validity was just closed at
``at``. That is how a world's fate travels along its edges: a memory that is retired or amended
closes the facts derived only from it (``derived_from``), a retired session closes its turns
(``contains``), and a closed or contested claim marks the memory it came from so that reads can
say which of its claims were replaced and by what. ``PlainHandler`` defines it as a no-op;
handlers written before the hook existed simply lack it.

Handlers receive a ``WriteContext`` capability, never a connection or the transaction itself:
its one implementation lives in the reconciler on top of the store's ``WriteTransaction``
(``worlddb.store.protocols``), and its reads see what the changeset has written so far.
Registries are instances (``default_handlers()`` returns a fresh one); third-party handlers
arrive through the ``worlddb.edge_handlers`` entry point group, each naming a
``register(registry)`` callable.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import NoReturn, Protocol, runtime_checkable

from worlddb.errors import PluginError, ValidationError
from worlddb.model import Edge, EdgeSpec, NodeId, World, WorldSpec

__all__ = [
    "CLAIMS_CLOSED",
    "CLAIMS_CONTESTED",
    "EdgeHandler",
    "HandlerRegistry",
    "PlainHandler",
    "WriteContext",
    "default_handlers",
    "load_entry_point_handlers",
]

logger = logging.getLogger(__name__)
_EDGE_TYPE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")

CLAIMS_CLOSED = "claims_closed"
"""Flag on a memory some of whose derived claims have closed (superseded or retired). A flag is
projection state outside the hash: it only tells reads where to look; what replaced what, and
when, is read from the edges at the reader's point in valid time."""
CLAIMS_CONTESTED = "claims_contested"
"""Flag on a memory one of whose derived claims is a side of a ``contradicts`` edge."""


class WriteContext(Protocol):
    """What a handler may do inside the reconciler's transaction. Reads see uncommitted rows."""

    @property
    def now(self) -> int:
        """The transaction's ingest time (microseconds)."""
        ...

    def world(self, world_id: str, /) -> World:
        """A world by full id (raises ``NotFoundError``)."""
        ...

    def edges(
        self, world_id: str, /, *, direction: str = "out", types: Sequence[str] | None = None
    ) -> list[Edge]:
        """Live edges touching a world."""
        ...

    def close_validity(self, world_id: str, /, at: int) -> bool:
        """Set ``valid_to = at`` if that tightens the interval; returns whether it changed."""
        ...

    def add_world(self, spec: WorldSpec, /) -> NodeId:
        """Write a derived world in this transaction; returns its id."""
        ...

    def add_edge(self, spec: EdgeSpec, /) -> str:
        """Write a derived edge (its own handler runs too); returns its id."""
        ...

    def stage_merge(self, edge: Edge, /, *, tier: str, score: float, evidence: str) -> None:
        """Record ``edge`` (a ``same_as``) as a pending merge proposal."""
        ...

    def flag_conflict(self, a: str, b: str, /) -> None:
        """Report two worlds as conflicting in the commit result."""
        ...

    def mark(self, world_id: str, flag: str, /) -> None:
        """Add ``flag`` to a world's projection flags (outside the hash; never removed here)."""
        ...

    def add_scope_members(self, scope_id: str, world_ids: Sequence[str], /) -> None:
        """Index ``world_ids`` and all their descendants as members of a Scope world."""
        ...

    def remove_scope_members(self, scope_id: str, world_ids: Sequence[str], /) -> None: ...

    def reaches(self, start: str, goal: str, /, *, edge_type: str, limit: int = 10_000) -> bool:
        """Whether ``goal`` is reachable from ``start`` along live ``edge_type`` edges."""
        ...

    def refuse(self, reason: str, /) -> NoReturn:
        """Veto the whole changeset (raises ``HandlerRefusedError``)."""
        ...


@runtime_checkable
class EdgeHandler(Protocol):
    """The semantics of one edge type. Deterministic and idempotent; no network I/O."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None: ...

    def on_delete(self, edge: Edge, ctx: WriteContext, /) -> None: ...

    def on_query_rewrite(self, edge: Edge, hit: NodeId, /) -> Sequence[NodeId]: ...


class PlainHandler:
    """A handler with no side effects: the base for edge types that only record a relation."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        return None

    def on_delete(self, edge: Edge, ctx: WriteContext, /) -> None:
        return None

    def on_query_rewrite(self, edge: Edge, hit: NodeId, /) -> Sequence[NodeId]:
        return ()

    def on_endpoint_closed(self, edge: Edge, closed: NodeId, at: int, ctx: WriteContext, /) -> None:
        """``closed`` (one end of ``edge``) stopped being valid at ``at``; nothing follows."""
        return None


class HandlerRegistry:
    """Edge type → handler, per engine instance. Duplicate registration is an error."""

    def __init__(self) -> None:
        self._handlers: dict[str, EdgeHandler] = {}
        self._frozen = False

    def register(self, edge_type: str, handler: EdgeHandler) -> EdgeHandler:
        """Register ``handler`` for ``edge_type`` (lowercase snake case, ≤ 64 chars)."""
        if self._frozen:
            raise ValidationError(
                "this handler registry is frozen: register before opening",
                field="edge_type",
                value=edge_type,
            )
        if not _EDGE_TYPE.match(edge_type):
            raise ValidationError(
                f"edge type {edge_type!r} must be lowercase snake case (a-z, 0-9, _)",
                field="edge_type",
                value=edge_type,
            )
        if edge_type in self._handlers:
            raise ValidationError(
                f"a handler for edge type {edge_type!r} is already registered",
                field="edge_type",
                value=edge_type,
            )
        if not isinstance(handler, EdgeHandler):
            raise ValidationError(
                f"handler for {edge_type!r} must define on_insert, on_delete and on_query_rewrite",
                field="handler",
                value=handler,
            )
        self._handlers[edge_type] = handler
        return handler

    def resolve(self, edge_type: str) -> EdgeHandler:
        """The handler for ``edge_type``; an unknown type is a ``ValidationError``."""
        try:
            return self._handlers[edge_type]
        except KeyError:
            known = ", ".join(sorted(self._handlers))
            raise ValidationError(
                f"unknown edge type {edge_type!r}; registered types: {known}",
                field="edge_type",
                value=edge_type,
            ) from None

    def __contains__(self, edge_type: object) -> bool:
        return edge_type in self._handlers

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(sorted(self._handlers))

    def freeze(self) -> Mapping[str, EdgeHandler]:
        """Stop further registration and return a read-only view (done when an engine opens)."""
        self._frozen = True
        return MappingProxyType(self._handlers)


def default_handlers() -> HandlerRegistry:
    """A fresh registry holding the eleven built-in edge types."""
    from worlddb.handlers.builtin import register_builtins

    registry = HandlerRegistry()
    register_builtins(registry)
    return registry


def load_entry_point_handlers(
    registry: HandlerRegistry, group: str = "worlddb.edge_handlers"
) -> list[str]:
    """Let every installed ``worlddb.edge_handlers`` entry point register its handlers."""
    loaded: list[str] = []
    for ep in entry_points(group=group):
        try:
            register: Callable[[HandlerRegistry], None] = ep.load()
            register(registry)
        except ValidationError:
            raise
        except Exception as exc:  # the plug-in loader may catch broadly, then re-raise typed
            logger.exception("edge handler plug-in %r failed", ep.name)
            raise PluginError(f"edge handler plug-in {ep.name!r} failed: {exc}") from exc
        loaded.append(ep.name)
    return loaded
