"""Reads a write transaction makes while it decides what to write (SQLite backend).

The reconciler checks validity before tightening it, walks structural ``contains`` edges to
find scope members, walks an edge type to refuse cycles, and re-reads a stored world's row id
and display name before folding a proposed world into it. All of them run inside the open
transaction and must see its own uncommitted rows, so they are methods of the transaction
object (``worlddb.store._writer.Writer`` mixes this in), never reads through the store.
"""

from __future__ import annotations

import sqlite3
from collections import deque
from collections.abc import Iterable, Sequence

from worlddb.store.ids import hexid, probe, probes
from worlddb.store.sql import chunked

__all__ = ["WalkMixin"]


class WalkMixin:
    """Typed reads over the transaction's connection; expects ``conn`` on the instance."""

    @property
    def conn(self) -> sqlite3.Connection:
        raise NotImplementedError

    def validity(self, world_id: str) -> tuple[int, int | None, int | None] | None:
        """``(rid, valid_from, valid_to)`` of a stored world, or ``None``."""
        row = self.conn.execute(
            "SELECT rid, valid_from, valid_to FROM nodes WHERE id = ?", (probe(world_id),)
        ).fetchone()
        return None if row is None else (int(row[0]), row[1], row[2])

    def rid_and_name(self, world_id: str) -> tuple[int, str] | None:
        """``(rid, display name)`` of a stored world, or ``None``."""
        row = self.conn.execute(
            "SELECT rid, name FROM nodes WHERE id = ?", (probe(world_id),)
        ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def type_of(self, world_id: str) -> str | None:
        row = self.conn.execute(
            "SELECT type FROM nodes WHERE id = ?", (probe(world_id),)
        ).fetchone()
        return None if row is None else str(row[0])

    def types_of(self, world_ids: Iterable[str]) -> dict[str, str]:
        """The stored type of each of ``world_ids`` (ids not stored are left out)."""
        kinds: dict[str, str] = {}
        for chunk, marks in chunked(probes(world_ids)):
            for wid, kind in self.conn.execute(
                f"SELECT id, type FROM nodes WHERE id IN ({marks})", chunk
            ):
                kinds[hexid(wid)] = str(kind)
        return kinds

    def descendants(self, roots: Sequence[str]) -> list[int]:
        """Row ids of ``roots`` and everything they contain (active structural ``contains``)."""
        seen: dict[bytes, int] = {}
        queue = deque(probes(roots))
        while queue:
            wid = queue.popleft()
            if wid in seen:
                continue
            row = self.conn.execute("SELECT rid FROM nodes WHERE id = ?", (wid,)).fetchone()
            if row is None:
                continue
            seen[wid] = int(row[0])
            queue.extend(
                r[0]
                for r in self.conn.execute(
                    "SELECT dst FROM edges WHERE src = ? AND type = 'contains' "
                    "AND status = 'active'",
                    (wid,),
                )
            )
        return list(seen.values())

    def reaches(self, start: str, goal: str, *, edge_type: str, limit: int = 10_000) -> bool:
        """Whether ``goal`` is reachable from ``start`` along live ``edge_type`` edges.

        Gives up (``False``) after visiting ``limit`` worlds.
        """
        seen = {probe(start)}
        queue = deque(seen)
        target = probe(goal)
        while queue and len(seen) <= limit:
            current = queue.popleft()
            if current == target:
                return True
            for (nxt,) in self.conn.execute(
                "SELECT dst FROM edges WHERE src = ? AND type = ? "
                "AND status NOT IN ('retired', 'rejected')",
                (current, edge_type),
            ):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return False
