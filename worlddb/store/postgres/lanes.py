"""``PgLanes``: every retrieval-lane Protocol over PostgreSQL.

The graph, admission, composition, name and hydration reads are the SQLite lanes' statements
run through the dialect layer (``worlddb.store.postgres.dialect``). Written here:

* **Text ranking.** PostgreSQL has no BM25. ``ts_rank_cd`` (cover density: how many query
  terms a document holds and how close together, weighted by column) ranks the rows the GIN
  index finds for the match; the column weights ``(name, content)`` map to the ``A`` and ``D``
  weights of the ``doc`` vector, scaled so the larger is 1, and normalisation 1 divides by
  ``1 + log(document length)`` as BM25's length term does. It has no inverse document
  frequency, so a rare term counts no more than a common one: the quality gap to FTS5's BM25
  is the measured cost (BENCHMARKS.md).
* **Nearest vectors** (``NearestQueries``): pgvector's HNSW index, one partial index per
  dimension, queried with ``hnsw.ef_search`` raised to the request (and iterative scans past
  pgvector's 1000 cap), so the vector lane needs no in-process index.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from worlddb.store.filters import WorldFilter
from worlddb.store.lane_sql import where_sql
from worlddb.store.lanes_sqlite import SqliteLanes
from worlddb.store.postgres.dialect import PgConnection
from worlddb.store.postgres.tsquery import to_tsquery_sql
from worlddb.store.postgres.writer import vector_literal

__all__ = ["PgLanes"]

EF_SEARCH_MAX: Final = 1000  # pgvector's cap on hnsw.ef_search


def _pg(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


def _weights(weights: tuple[float, float]) -> str:
    top = max(weights[0], weights[1], 1e-9)
    name, content = weights[0] / top, weights[1] / top
    return f"'{{{content:.6f},0,0,{name:.6f}}}'::float4[]"


class PgLanes(SqliteLanes):
    """``LaneQueries`` and ``NearestQueries`` over a PostgreSQL store or write transaction."""

    @property
    def _raw(self) -> Any:
        return cast(PgConnection, self.conn).raw

    def _ranked(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> tuple[str, list[object]]:
        query = to_tsquery_sql(match)
        where, params = where_sql(flt, "n")
        sql = (
            f"SELECT fts.rowid, ts_rank_cd({_weights(weights)}, fts.doc, {query.sql}, 1) AS score "
            f"FROM fts JOIN nodes n ON n.rid = fts.rowid WHERE fts.{query.column} @@ {query.sql} "
            f"AND {_pg(where)} ORDER BY score DESC, fts.rowid LIMIT %s"
        )
        return sql, [*query.params, *query.params, *params, limit]

    def bm25_top(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        sql, params = self._ranked(match, flt, limit, weights)
        with self.lock:
            rows = self._raw.execute(sql, params).fetchall()
        return [(int(rid), float(score)) for rid, score in rows]

    def bm25_among(
        self, match: str, rids: Sequence[int], weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        if not rids:
            return []
        query = to_tsquery_sql(match)
        sql = (
            f"SELECT rowid, ts_rank_cd({_weights(weights)}, doc, {query.sql}, 1) FROM fts "
            f"WHERE {query.column} @@ {query.sql} AND rowid = ANY(%s)"
        )
        with self.lock:
            rows = self._raw.execute(
                sql, [*query.params, *query.params, [int(r) for r in rids]]
            ).fetchall()
        return [(int(rid), float(score)) for rid, score in rows]

    def bm25_plan(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[str]:
        sql, params = self._ranked(match, flt, limit, weights)
        with self.lock:
            rows = self._raw.execute(f"EXPLAIN {sql}", params).fetchall()
        return [str(row[0]) for row in rows]

    # -- NearestQueries -------------------------------------------------------------------------
    def nearest(self, query: bytes, k: int) -> list[tuple[int, float]]:
        """The ``k`` stored content vectors nearest ``query`` (cosine), best first."""
        dim = len(query) // 4
        if k <= 0 or dim == 0:
            return []
        literal = vector_literal(query)
        with self.lock:
            cast(PgConnection, self.conn).flush()
            raw = self._raw
            raw.execute(
                "SELECT set_config('hnsw.ef_search', %s, false), "
                "set_config('hnsw.iterative_scan', %s, false)",
                (str(min(max(40, k), EF_SEARCH_MAX)), "relaxed_order" if k > 40 else "off"),
            )
            rows = raw.execute(
                f"SELECT rid, 1 - (vec::vector({dim}) <=> %s::vector({dim})) AS score "
                f"FROM embeddings WHERE vector_dims(vec) = {dim} "
                f"ORDER BY vec::vector({dim}) <=> %s::vector({dim}) LIMIT %s",
                (literal, literal, k),
            ).fetchall()
        found = [(int(rid), float(score)) for rid, score in rows]
        return sorted(found, key=lambda hit: (-hit[1], hit[0]))

    def vector_count(self) -> int:
        """How many content vectors are stored."""
        with self.lock:
            cast(PgConnection, self.conn).flush()
            row = self._raw.execute("SELECT count(*) FROM embeddings").fetchone()
        return int(row[0])
