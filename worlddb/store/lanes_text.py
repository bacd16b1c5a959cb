"""SQLite reads of the full-text lane (``TextQueries``) and of admission (``AdmissionQueries``).

The BM25 query always runs the FTS5 match *first* and then joins each matching row to
``nodes`` by primary key to apply the filter: one index probe per match, never a scan of the
store and never a per-row re-run of the text match (``CROSS JOIN`` pins that join order so the
planner cannot start from a type or scope index). FTS5's ``bm25()`` is negative (more negative
is better); it is flipped here so every lane reads higher-better.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from worlddb.model import NodeId
from worlddb.store.filters import WorldFilter
from worlddb.store.ids import hexid, probes
from worlddb.store.lane_sql import LaneSql, where_sql
from worlddb.store.sql import chunked

__all__ = ["AdmissionSql", "TextSql"]

_AVERAGES: Final = 1
"""The ``fts_data`` row FTS5 keeps its totals in (``FTS5_AVERAGES_ROWID``): the document count,
then each column's token count, as varints. ``fts_docsize`` holds each row's column sizes."""


def _search_sql(flt: WorldFilter, weights: tuple[float, float]) -> tuple[str, list[object]]:
    where, params = where_sql(flt, "n")
    sql = (
        f"SELECT fts.rowid, bm25(fts, {weights[0]}, {weights[1]}) AS score "
        "FROM fts CROSS JOIN nodes AS n ON n.rid = fts.rowid "
        f"WHERE fts MATCH ? AND {where} ORDER BY score, fts.rowid LIMIT ?"
    )
    return sql, params


class TextSql(LaneSql):
    """``TextQueries`` over the ``fts`` FTS5 table."""

    def row_bound(self) -> int:
        with self.lock:
            (size,) = self.conn.execute("SELECT coalesce(max(rid), 0) FROM nodes").fetchone()
        return int(size)

    def term_docs(self, term: str, at_most: int) -> int:
        with self.lock:
            (count,) = self.conn.execute(
                "SELECT count(*) FROM (SELECT rowid FROM fts WHERE fts MATCH ? LIMIT ?)",
                (term, at_most),
            ).fetchone()
        return int(count)

    def bm25_top(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        sql, params = _search_sql(flt, weights)
        with self.lock:
            rows = self.conn.execute(sql, [match, *params, limit]).fetchall()
        return [(int(rid), -float(score)) for rid, score in rows]

    def bm25_among(
        self, match: str, rids: Sequence[int], weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        out: list[tuple[int, float]] = []
        with self.lock:
            for chunk, marks in chunked(rids):
                out += [
                    (int(rid), -float(score))
                    for rid, score in self.conn.execute(
                        f"SELECT rowid, bm25(fts, {weights[0]}, {weights[1]}) FROM fts "
                        f"WHERE fts MATCH ? AND rowid IN ({marks})",
                        [match, *chunk],
                    )
                ]
        return out

    def newest_matches(self, match: str, scan: int) -> list[int]:
        # Straight off the doclist in reverse rowid order: no scoring, no join, cost ``scan``.
        with self.lock:
            rows = self.conn.execute(
                "SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid DESC LIMIT ?", (match, scan)
            ).fetchall()
        return [int(rid) for (rid,) in rows]

    def matching_among(self, match: str, rids: Sequence[int]) -> set[int]:
        out: set[int] = set()
        with self.lock:
            for chunk, marks in chunked(rids):
                out.update(
                    int(rid)
                    for (rid,) in self.conn.execute(
                        f"SELECT rowid FROM fts WHERE fts MATCH ? AND rowid IN ({marks})",
                        [match, *chunk],
                    )
                )
        return out

    def doc_lengths(self, rids: Sequence[int]) -> dict[int, tuple[int, ...]]:
        out: dict[int, tuple[int, ...]] = {}
        with self.lock:
            for chunk, marks in chunked(rids):
                for rid, size in self.conn.execute(
                    f"SELECT id, sz FROM fts_docsize WHERE id IN ({marks})", chunk
                ):
                    out[int(rid)] = tuple(_varints(bytes(size)))
        return out

    def text_stats(self) -> tuple[int, float]:
        with self.lock:
            row = self.conn.execute(f"SELECT block FROM fts_data WHERE id = {_AVERAGES}").fetchone()
        if row is None:
            return 0, 0.0
        values = _varints(bytes(row[0]))
        docs = values[0] if values else 0
        return docs, (sum(values[1:]) / docs if docs else 0.0)

    def bm25_plan(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[str]:
        sql, params = _search_sql(flt, weights)
        with self.lock:
            rows = self.conn.execute(
                f"EXPLAIN QUERY PLAN {sql}", [match, *params, limit]
            ).fetchall()
        return [str(row[-1]) for row in rows]


def _varints(blob: bytes) -> list[int]:
    """FTS5's record encoding (SQLite varints: 7 bits a byte, high bit = more follows)."""
    out: list[int] = []
    value = 0
    for byte in blob:
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            out.append(value)
            value = 0
    return out


class AdmissionSql(LaneSql):
    """``AdmissionQueries``: the filter as point lookups on ``nodes`` by primary key."""

    def admit_rids(self, rids: Sequence[int], flt: WorldFilter) -> set[int]:
        where, params = where_sql(flt)
        out: set[int] = set()
        with self.lock:
            for chunk, marks in chunked(rids):
                for (rid,) in self.conn.execute(
                    f"SELECT n.rid FROM nodes n WHERE n.rid IN ({marks}) AND {where}",
                    [*chunk, *params],
                ):
                    out.add(int(rid))
        return out

    def admit_ids(self, ids: Sequence[str], flt: WorldFilter) -> dict[NodeId, int]:
        where, params = where_sql(flt)
        out: dict[NodeId, int] = {}
        with self.lock:
            for chunk, marks in chunked(probes(ids)):
                for wid, rid in self.conn.execute(
                    f"SELECT n.id, n.rid FROM nodes n WHERE n.id IN ({marks}) AND {where}",
                    [*chunk, *params],
                ):
                    out[NodeId(hexid(wid))] = int(rid)
        return out
