"""Purge: a real delete of worlds and everything derived from them (for erasure requests).

Retiring closes validity and keeps history; purging removes rows. The closure of a purge is:
the named worlds, their structural descendants that no surviving world still contains, and every
world ``derived_from`` only purged worlds (a fact extracted from a purged turn). Blobs, FTS rows,
embeddings, aliases, provenance, proposals, scope membership and validity history go with them,
in one transaction; the vector index marks the rows deleted after the commit.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from worlddb.model import NodeId
from worlddb.store._writer import Writer

if TYPE_CHECKING:
    from worlddb.reconciler import Reconciler

__all__ = ["purge_closure", "purge_worlds"]


def purge_closure(
    rec: Reconciler, roots: Iterable[str], *, keep: frozenset[str] = frozenset()
) -> list[NodeId]:
    """Every world a purge of ``roots`` removes; worlds in ``keep`` (and what they hold) stay."""
    conn = rec.store.conn
    doomed: dict[str, None] = {}
    queue = deque(r for r in roots if r not in keep)
    while queue:
        wid = queue.popleft()
        if wid in doomed or wid in keep:
            continue
        doomed[wid] = None
        for (child,) in conn.execute(
            "SELECT dst FROM edges WHERE src = ? AND type = 'contains'", (wid,)
        ):
            holders = {
                h
                for (h,) in conn.execute(
                    "SELECT src FROM edges e JOIN nodes n ON n.id = e.src WHERE e.dst = ? "
                    "AND e.type = 'contains' AND n.type != 'Scope'",
                    (child,),
                )
            }
            if holders <= set(doomed):
                queue.append(child)
        for (derived,) in conn.execute(
            "SELECT src FROM edges WHERE dst = ? AND type = 'derived_from'", (wid,)
        ):
            sources = {
                s
                for (s,) in conn.execute(
                    "SELECT dst FROM edges WHERE src = ? AND type = 'derived_from'", (derived,)
                )
            }
            if sources <= {*doomed, *queue}:
                queue.append(derived)
    return [NodeId(w) for w in doomed]


def purge_worlds(
    rec: Reconciler, roots: Iterable[str], *, keep: frozenset[str] = frozenset()
) -> list[NodeId]:
    """Delete the purge closure of ``roots`` in one transaction; returns the deleted ids."""
    with rec.store.writing():
        doomed = purge_closure(rec, roots, keep=keep)
        removed: list[int] = []
        with rec.store.transaction() as conn:
            writer = Writer(conn, rec.now())
            for wid in doomed:
                rid = writer.purge_world(wid)
                if rid is not None:
                    removed.append(rid)
        if rec.vectors is not None:
            rec.vectors.remove(removed)
        return doomed
