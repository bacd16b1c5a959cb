"""The reads a purge walks to find what exists only because of the worlds it deletes.

``worlddb.reconciler.erasure`` decides *which* links a purge follows (its closure policy); these
are the lookups it makes, inside the purge's own write transaction, so the closure and the
delete see one state. Edges of every status count here: a retired edge still names its ends,
and erasure must not leave text reachable through history.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection

from worlddb.store.ids import hexid, probe
from worlddb.store.sql import placeholders

__all__ = ["ClosureMixin"]

_NEIGHBOURS = {
    "out": "SELECT dst FROM edges WHERE src = ? AND type = ?",
    "in": "SELECT src FROM edges WHERE dst = ? AND type = ?",
}


class ClosureMixin:
    """Purge-closure reads over the transaction's connection; expects ``conn``."""

    @property
    def conn(self) -> sqlite3.Connection:
        raise NotImplementedError

    def neighbours(self, world_id: str, edge_type: str, *, direction: str) -> set[str]:
        """The far ends of ``edge_type`` edges leaving (``out``) or entering (``in``) a world."""
        return {
            hexid(r[0])
            for r in self.conn.execute(_NEIGHBOURS[direction], (probe(world_id), edge_type))
        }

    def structural_holders(self, world_id: str) -> set[str]:
        """The non-Scope worlds that ``contains`` this one."""
        return {
            hexid(r[0])
            for r in self.conn.execute(
                "SELECT src FROM edges e JOIN nodes n ON n.id = e.src WHERE e.dst = ? "
                "AND e.type = 'contains' AND n.type != 'Scope'",
                (probe(world_id),),
            )
        }

    def referrers(self, world_id: str) -> set[str]:
        """Worlds with any edge to this one, except a Scope's ``contains`` (membership)."""
        return {
            hexid(r[0])
            for r in self.conn.execute(
                "SELECT e.src FROM edges e JOIN nodes n ON n.id = e.src WHERE e.dst = ? "
                "AND NOT (e.type = 'contains' AND n.type = 'Scope')",
                (probe(world_id),),
            )
        }

    def memories_naming(self, world_id: str, memory_types: Collection[str]) -> list[str]:
        """Worlds of ``memory_types``, in a scope of ``world_id``, whose text holds its name.

        The name is matched as one full-text phrase; an unnamed or unstored world names nothing.
        """
        row = self.conn.execute(
            "SELECT rid, name FROM nodes WHERE id = ?", (probe(world_id),)
        ).fetchone()
        if row is None or not memory_types or not str(row[1]).strip():
            return []
        phrase = '"' + str(row[1]).replace('"', '""') + '"'
        kinds = placeholders(len(memory_types))
        return [
            hexid(wid)
            for (wid,) in self.conn.execute(
                "SELECT n.id FROM fts JOIN nodes n ON n.rid = fts.rowid "
                f"WHERE fts MATCH ? AND n.type IN ({kinds}) AND n.rid IN ("
                "SELECT m.rid FROM scope_members m WHERE m.scope IN ("
                "SELECT scope FROM scope_members WHERE rid = ?))",
                (phrase, *sorted(memory_types), row[0]),
            )
        ]
