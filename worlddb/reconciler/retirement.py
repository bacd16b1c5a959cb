"""Retire many worlds in one transaction: a scope's worth of memories, all or nothing.

``Reconciler.retire`` closes one world per transaction. Retiring a scope closes every live
memory in it (and then the scope itself); one per transaction would leave half a scope retired
when a later close is refused (say, a memory valid only from a future date), so the verbs that
retire in bulk come here and a refusal rolls back every close.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from worlddb.model import NodeId
from worlddb.reconciler.context import Outcome
from worlddb.store._writer import Writer

if TYPE_CHECKING:
    from worlddb.reconciler import Reconciler

__all__ = ["retire_worlds"]


def retire_worlds(rec: Reconciler, world_ids: Sequence[str], at: int | None = None) -> list[NodeId]:
    """Close the validity of each of ``world_ids`` at ``at`` (default: now), in one transaction.

    Returns the ids it closed (a world already closed by then is left as it is).

    Raises:
        ValidityError: a world begins after ``at``; nothing is closed.
        NotFoundError: an id names nothing; nothing is closed.
    """
    with rec.store.writing():
        ids = [rec.store.resolve_id(w) for w in world_ids]
        now = rec.now()
        with rec.store.transaction() as conn:
            ctx = rec._context(Writer(conn, now), Outcome(), None)
            return [w for w in ids if ctx.close_validity(w, now if at is None else at)]
