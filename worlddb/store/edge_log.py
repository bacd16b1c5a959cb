"""Typed read of the edge table in row order: the consolidator's cursor over what was written.

The consolidator (``worlddb.consolidate``) works incrementally: it remembers the last edge row it
has seen and next time reads only the rows after it (new ``refers_to`` edges say which parts of
the entity graph changed). Its closure step reads every live edge of a few rare types at once.
Both are this one read; a mixin of the ``Store`` like the other reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from worlddb.model import Edge
from worlddb.store.reads import EDGE_COLS, edge_from_row
from worlddb.store.sql import ConnectionMixin, placeholders

__all__ = ["EdgeLogReads"]


class EdgeLogReads(ConnectionMixin):
    """``edges_after``: edges of some types in row order, after a row cursor."""

    def edges_after(
        self,
        after_rid: int,
        types: Sequence[str],
        *,
        limit: int | None = None,
        include_retired: bool = False,
    ) -> list[tuple[int, Edge]]:
        """``(row id, edge)`` of the edges of ``types`` with a row id above ``after_rid``.

        In row order (the order they were written); live ones only unless ``include_retired``.
        """
        if not types:
            return []
        sql = (
            f"SELECT rid, {EDGE_COLS} FROM edges WHERE rid > ? "
            f"AND type IN ({placeholders(len(types))})"
        )
        args: list[object] = [after_rid, *types]
        if not include_retired:
            sql += " AND status NOT IN ('retired', 'rejected')"
        sql += " ORDER BY rid"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        with self._guard:
            rows = self._connection.execute(sql, args).fetchall()
        return [(int(r[0]), edge_from_row(r[1:])) for r in rows]
