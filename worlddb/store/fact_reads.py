"""Typed read of the open facts one new fact may update (the supersession candidates).

Each fact the extractor finds is checked against the stored facts on the same
``subject|attribute`` key. Reading them one world at a time (the world, its row id, its scopes)
cost four queries per stored fact, and the count grows with the store (~70 per write at 20k
memories). Here one query picks the open, visible candidates by the ``nodes_norm_name`` index
(and ``aliases_norm``), filtering scope membership in SQL; the worlds are then loaded in one
batched read. A mixin of both the ``Store`` and the write transaction, like the other reads.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from worlddb.model import World
from worlddb.store.ids import probes
from worlddb.store.sql import ConnectionMixin, placeholders

__all__ = ["OpenFactReads"]


class OpenFactReads(ConnectionMixin):
    """``open_worlds_named``; expects ``worlds_by_rid`` too (from ``ReadMixin``)."""

    def worlds_by_rid(self, rids: Iterable[int]) -> dict[int, World]:
        raise NotImplementedError

    def open_worlds_named(
        self, norm: str, types: Sequence[str], scopes: Collection[str]
    ) -> list[World]:
        """Open worlds (no ``valid_to``) of ``types`` named or aliased ``norm`` in ``scopes``.

        A world qualifies when it is a member of every scope in ``scopes``, or, when ``scopes``
        is empty, of none. Newest first by valid time, then by creation time.
        """
        kinds = placeholders(len(types))
        scopes = sorted(set(scopes))
        if scopes:
            within = (
                f"(SELECT count(*) FROM scope_members m WHERE m.rid = n.rid "
                f"AND m.scope IN ({placeholders(len(scopes))})) = ?"
            )
            scope_args: list[object] = [*probes(scopes), len(scopes)]
        else:
            within = "NOT EXISTS (SELECT 1 FROM scope_members m WHERE m.rid = n.rid)"
            scope_args = []
        open_here = f"n.valid_to IS NULL AND n.type IN ({kinds}) AND {within}"
        args = [*types, *scope_args]
        with self._guard:
            rows = self._connection.execute(
                f"SELECT n.rid FROM nodes n WHERE n.norm_name = ? AND {open_here} "
                f"UNION SELECT n.rid FROM aliases a JOIN nodes n ON n.id = a.node "
                f"WHERE a.norm_alias = ? AND {open_here}",
                [norm, *args, norm, *args],
            ).fetchall()
            found = self.worlds_by_rid([int(r[0]) for r in rows])
        by_id = sorted(found.values(), key=lambda w: w.id)  # equal times keep id order
        return sorted(by_id, key=lambda w: (w.valid_from or 0, w.created_at), reverse=True)
