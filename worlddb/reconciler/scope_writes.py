"""Scope-wide writes: retire or erase what a scope holds, all or nothing.

``Reconciler.retire`` closes one world per transaction. Retiring a scope closes every live
memory in it (and maybe the scope itself); one transaction per world would leave half a scope
retired when a later close is refused (a handler holding a world open, say). So the engine's
scope verbs come here: the members are listed inside the writer's slot (nothing joins the scope
between the listing and the write) and every close, or the whole purge, is one transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

from worlddb.errors import NotFoundError
from worlddb.model import NodeId
from worlddb.reconciler.context import Outcome
from worlddb.reconciler.erasure import ErasureReport, purge_worlds

if TYPE_CHECKING:
    from worlddb.reconciler import Reconciler

__all__ = ["erase_scope_members", "retire_worlds"]


def retire_worlds(rec: Reconciler, listed: Callable[[], Sequence[str]]) -> list[NodeId]:
    """Close, now and in one transaction, every world ``listed()`` names inside it.

    Returns the ids it closed (a world already closed is left as it is).

    Raises:
        ValidityError: a world begins after now; nothing is closed.
        HandlerRefusedError: a handler refused a close; nothing is closed.
        NotFoundError: an id names nothing; nothing is closed.
    """
    with rec.store.transaction(rec.now) as txn:
        ids = [txn.resolve_id(w) for w in listed()]
        ctx = rec._context(txn, Outcome(), None)
        return [w for w in ids if ctx.close_validity(w, txn.now)]


def erase_scope_members(
    rec: Reconciler, scope: NodeId, *, name: str, memory_types: Collection[str]
) -> ErasureReport:
    """Purge the Scope world ``scope`` and its members, keeping those another scope holds.

    Raises:
        NotFoundError: no such scope (``name`` says which, as ``kind=value``).
    """
    if not rec.store.exists(scope):
        raise NotFoundError(name, "scope")
    return purge_worlds(rec, [], scope=scope, memory_types=memory_types)
