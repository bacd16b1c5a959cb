"""SQLite reads of the vector lane (``DenseQueries``) and of composition (``CompositionQueries``).

Vectors come back as the stored blobs; the lanes decode and score them. The brute-force read
(``admitted_vectors``) starts from the narrow side, a scope's members or the worlds of a type
set, and ``CROSS JOIN`` pins that order so the planner cannot start from ``embeddings``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from worlddb.model import NodeId
from worlddb.store.filters import WorldFilter
from worlddb.store.ids import probe
from worlddb.store.lane_sql import LaneSql, where_sql
from worlddb.store.sql import chunked

__all__ = ["CompositionSql", "DenseSql"]


class DenseSql(LaneSql):
    """``DenseQueries`` over the ``embeddings`` table."""

    def vectors_of(self, rids: Sequence[int]) -> list[tuple[int, bytes]]:
        found: list[tuple[int, bytes]] = []
        with self.lock:
            for chunk, marks in chunked(rids):
                found += [
                    (int(r), bytes(v))
                    for r, v in self.conn.execute(
                        f"SELECT rid, vector FROM embeddings WHERE rid IN ({marks})", chunk
                    )
                ]
        return found

    def _bounded_count(self, sql: str, params: list[object], at_most: int) -> int:
        # LIMIT bounds the probe: counting stops at ``at_most``.
        with self.lock:
            (count,) = self.conn.execute(
                f"SELECT count(*) FROM ({sql} LIMIT ?)", [*params, at_most]
            ).fetchone()
        return int(count)

    def scope_size(self, scope: NodeId, at_most: int) -> int:
        return self._bounded_count(
            "SELECT 1 FROM scope_members WHERE scope = ?", [probe(scope)], at_most
        )

    def scope_rids(self, scope: NodeId, at_most: int) -> list[int]:
        with self.lock:
            rows = self.conn.execute(
                "SELECT rid FROM scope_members WHERE scope = ? LIMIT ?", (probe(scope), at_most)
            ).fetchall()
        return [int(rid) for (rid,) in rows]

    def type_size(self, types: Sequence[str], at_most: int) -> int:
        marks = ",".join("?" * len(types))
        return self._bounded_count(
            f"SELECT 1 FROM nodes WHERE type IN ({marks})", [*types], at_most
        )

    def admitted_vectors(self, flt: WorldFilter, scope: NodeId | None) -> list[tuple[int, bytes]]:
        source, where, params = self._admitted(flt, scope)
        with self.lock:
            return [
                (int(r), bytes(v))
                for r, v in self.conn.execute(
                    f"SELECT n.rid, e.vector FROM {source} CROSS JOIN embeddings e "
                    f"ON e.rid = n.rid WHERE {where}",
                    params,
                )
            ]

    def admitted_nearest(
        self, flt: WorldFilter, scope: NodeId | None, query: bytes, limit: int
    ) -> list[tuple[int, bytes]] | None:
        """SQLite has no vector arithmetic: the lane scores ``admitted_vectors`` itself."""
        return None

    @staticmethod
    def _admitted(flt: WorldFilter, scope: NodeId | None) -> tuple[str, str, list[object]]:
        """``FROM`` (aliases ``n``, with ``m`` for a scope's members), ``WHERE`` and parameters
        of the worlds ``flt`` admits, read from ``scope``'s members when given."""
        if scope is not None and flt.scopes is not None and scope in flt.scopes:
            # The rows come from ``scope``'s members: no membership probe for it per row.
            rest = tuple(s for s in flt.scopes if s != scope) or None
            flt = WorldFilter(flt.view, flt.now, flt.types, rest, flt.excluded_types)
        where, params = where_sql(flt, "n")
        if scope is None:
            return "nodes n", where, params
        source = (
            "(SELECT rid FROM scope_members WHERE scope = ?) AS m "
            "CROSS JOIN nodes n ON n.rid = m.rid"
        )
        return source, where, [probe(scope), *params]


class CompositionSql(LaneSql):
    """``CompositionQueries``: ``contains`` structure and stored vectors, one row at a time."""

    def _rows(self, sql: str, args: list[object]) -> list[tuple[Any, ...]]:
        with self.lock:
            return [tuple(r) for r in self.conn.execute(sql, args).fetchall()]

    def children(self, rid: int) -> list[int]:
        return [
            int(r[0])
            for r in self._rows(
                "SELECT c.rid FROM nodes p JOIN edges e ON e.src = p.id "
                "JOIN nodes c ON c.id = e.dst WHERE p.rid = ? AND p.type != 'Scope' "
                "AND e.type = 'contains' "
                "AND e.status = 'active' ORDER BY e.rid",
                [rid],
            )
        ]

    def parents(self, rid: int) -> list[int]:
        return [
            int(r[0])
            for r in self._rows(
                "SELECT p.rid FROM nodes c JOIN edges e ON e.dst = c.id "
                "JOIN nodes p ON p.id = e.src WHERE c.rid = ? AND p.type != 'Scope' "
                "AND e.type = 'contains' "
                "AND e.status = 'active' ORDER BY p.rid",
                [rid],
            )
        ]

    def content_vector(self, rid: int) -> bytes | None:
        rows = self._rows("SELECT vector FROM embeddings WHERE rid = ?", [rid])
        return bytes(rows[0][0]) if rows else None

    def composed_vector(self, rid: int, kind: str) -> bytes | None:
        rows = self._rows(
            "SELECT vector FROM composed_embeddings WHERE rid = ? AND kind = ?", [rid, kind]
        )
        return bytes(rows[0][0]) if rows else None
