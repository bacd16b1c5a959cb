"""``PgLanes``: every retrieval-lane Protocol over PostgreSQL.

The graph, admission, composition, name and hydration reads are the SQLite lanes' statements
run through the dialect layer (``worlddb.store.postgres.dialect``). Written here:

* **Text ranking.** PostgreSQL has no BM25. The score keeps BM25's form, a sum over the
  query's terms of IDF × a saturating term frequency: the IDF is BM25's,
  ``ln(1 + (N - df + 0.5) / (df + 0.5))``, with ``df`` counted over the rows the whole match
  selects (the GIN index finds them; the lane keeps common terms out of the match) and ``N``
  the largest row id (as ``row_bound``); the frequency part is ``ts_rank_cd`` of that one term
  (cover density; the ``(name, content)`` weights as the ``A``/``D`` weights of ``doc``,
  scaled so the larger is 1; normalisation 1 divides by ``1 + log(document length)``). Plain
  ``ts_rank_cd`` over the whole match, without IDF, ranked LongMemEval sessions far worse
  (BENCHMARKS.md).
* **Nearest vectors** (``NearestQueries``): pgvector's HNSW index, one partial index per
  dimension, queried with ``hnsw.ef_search`` raised to the request (and iterative scans past
  pgvector's 1000 cap), so the vector lane needs no in-process index.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

from worlddb.model import NodeId
from worlddb.store.filters import WorldFilter
from worlddb.store.lane_sql import where_sql
from worlddb.store.lanes_sqlite import SqliteLanes
from worlddb.store.postgres.dialect import PgConnection
from worlddb.store.postgres.tsquery import to_tsquery_sql
from worlddb.store.postgres.writer import vector_literal

__all__ = ["EXACT_COUNT_UP_TO", "PgLanes"]

_CHILDREN: Final = (
    "SELECT c.rid FROM nodes p JOIN edges e ON e.src = p.id "
    "JOIN nodes c ON c.id = e.dst WHERE p.rid = ? AND p.type != 'Scope' "
    "AND e.type = 'contains' "
    "AND e.status = 'active' ORDER BY e.rid",
    "SELECT p.rid, c.rid FROM nodes p JOIN edges e ON e.src = p.id "
    "JOIN nodes c ON c.id = e.dst WHERE p.rid = ANY(%s) AND p.type != 'Scope' "
    "AND e.type = 'contains' AND e.status = 'active' ORDER BY p.rid, e.rid",
)
"""``CompositionSql.children``'s statement (the memo key) and its batched form."""
_PARENTS: Final = (
    "SELECT p.rid FROM nodes c JOIN edges e ON e.dst = c.id "
    "JOIN nodes p ON p.id = e.src WHERE c.rid = ? AND p.type != 'Scope' "
    "AND e.type = 'contains' "
    "AND e.status = 'active' ORDER BY p.rid",
    "SELECT c.rid, p.rid FROM nodes c JOIN edges e ON e.dst = c.id "
    "JOIN nodes p ON p.id = e.src WHERE c.rid = ANY(%s) AND p.type != 'Scope' "
    "AND e.type = 'contains' AND e.status = 'active' ORDER BY c.rid, p.rid",
)
"""``CompositionSql.parents``'s statement (the memo key) and its batched form."""

EF_SEARCH_MAX: Final = 1000  # pgvector's cap on hnsw.ef_search


def _pg(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


def _weights(weights: tuple[float, float]) -> str:
    top = max(weights[0], weights[1], 1e-9)
    name, content = weights[0] / top, weights[1] / top
    return f"'{{{content:.6f},0,0,{name:.6f}}}'::float4[]"


NEAR_TIE: Final = 1e-5

EXACT_COUNT_UP_TO: Final = 10_000
"""``vector_count`` counts rows exactly up to this many (a scan of at most this many rows);
beyond it the planner's estimate is close enough for what the count decides (the vector lane's
exact-versus-HNSW threshold grows with its square root) and costs no scan of a 1M-row table."""
"""Cosine-distance slack of ``admitted_nearest``: far above the float32 rounding by which
pgvector and the lane may disagree (~1e-7), far below any distance that matters."""


class PgLanes(SqliteLanes):
    """``LaneQueries`` and ``NearestQueries`` over a PostgreSQL store or write transaction."""

    def __init__(self, source: Any) -> None:
        super().__init__(source)
        self._primed: dict[str, set[int]] = {}  # per statement: the rids batched already
        self._primed_at: dict[str, int] = {}  # per statement: how far into ``added_rids``

    @property
    def _raw(self) -> Any:
        return cast(PgConnection, self.conn).raw

    def _query(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """Rows of ``sql`` (PostgreSQL's dialect) through the connection, so a write
        transaction's deferred rows are written first and its read memo applies."""
        return list(cast(PgConnection, self.conn).read(sql, params).fetchall())

    def _scored(self, match: str, weights: tuple[float, float]) -> tuple[str, list[object]]:
        """CTEs ``m`` (every row the match selects) and ``s`` (``rowid``, ``score``): BM25's
        form with ``ts_rank_cd`` as the per-term frequency part (see the module docstring).

        ``df`` and ``t`` are ``MATERIALIZED``: inlined, the planner may put the one-row
        aggregate inside the nested loop over a filter's rows and recount ``m`` once per row
        (seen with a scope filter: 2 s for 1.9k matches instead of ~20 ms)."""
        query = to_tsquery_sql(match)
        w = _weights(weights)
        leaves = query.leaves or ((query.sql, ""),)
        counts = ", ".join(
            f"count(*) FILTER (WHERE m.doc @@ {leaf}) AS d{i}" for i, (leaf, _) in enumerate(leaves)
        )
        terms = " + ".join(
            f"ln(1 + (t.n - df.d{i} + 0.5) / (df.d{i} + 0.5)) * ts_rank_cd({w}, m.doc, {leaf}, 1)"
            for i, (leaf, _) in enumerate(leaves)
        )
        sql = (
            f"WITH m AS MATERIALIZED (SELECT rowid, doc FROM fts WHERE {query.column} @@ "
            f"{query.sql}), df AS MATERIALIZED (SELECT {counts} FROM m), "
            "t AS MATERIALIZED (SELECT greatest(coalesce(max(rid), 0), 1)::float8 AS n "
            "FROM nodes), "
            f"s AS (SELECT m.rowid, {terms} AS score FROM m, df, t) "
        )
        leaf_params = [p for _, p in leaves if query.leaves]
        return sql, [*query.params, *leaf_params, *leaf_params]

    def _ranked(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> tuple[str, list[object]]:
        scored, params = self._scored(match, weights)
        where, filter_params = where_sql(flt, "n")
        sql = (
            f"{scored}SELECT s.rowid, s.score FROM s JOIN nodes n ON n.rid = s.rowid "
            f"WHERE {_pg(where)} ORDER BY s.score DESC, s.rowid LIMIT %s"
        )
        return sql, [*params, *filter_params, limit]

    def bm25_top(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        sql, params = self._ranked(match, flt, limit, weights)
        with self.lock:
            rows = self._query(sql, params)
        return [(int(rid), float(score)) for rid, score in rows]

    def bm25_among(
        self, match: str, rids: Sequence[int], weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        if not rids:
            return []
        scored, params = self._scored(match, weights)
        sql = f"{scored}SELECT rowid, score FROM s WHERE rowid = ANY(%s)"
        with self.lock:
            rows = self._query(sql, [*params, [int(r) for r in rids]])
        return [(int(rid), float(score)) for rid, score in rows]

    def bm25_plan(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[str]:
        sql, params = self._ranked(match, flt, limit, weights)
        with self.lock:
            rows = self._query(f"EXPLAIN {sql}", params)
        return [str(row[0]) for row in rows]

    # -- CompositionQueries: batched over the worlds a write transaction added -----------------
    def children(self, rid: int) -> list[int]:
        self._prime(_CHILDREN, rid)
        return super().children(rid)

    def parents(self, rid: int) -> list[int]:
        self._prime(_PARENTS, rid)
        return super().parents(rid)

    def _prime(self, which: tuple[str, str], rid: int) -> None:
        """In a write transaction, answer ``children``/``parents`` of every world it added by
        one query the first time one is asked (the reconciler recomposes each new world's
        vectors, one world at a time): the rows go to the connection's read memo under the
        one-world statement, so a later write to ``edges`` or ``nodes`` forgets them."""
        primed = self._primed.setdefault(which[0], set())
        if rid in primed:
            return
        added: list[int] | None = getattr(self._source, "added_rids", None)
        if added is None or rid not in getattr(self._source, "added_rid_set", ()):
            return
        # Only the worlds added since this statement's last batch: a bulk load's one
        # transaction adds a million, and re-scanning them per call would be quadratic.
        at = self._primed_at.get(which[0], 0)
        batch = sorted(added[at:])
        self._primed_at[which[0]] = len(added)
        primed.update(batch)
        single, batched = which
        answers: dict[tuple[object, ...], list[object]] = {(r,): [] for r in batch}
        conn = cast(PgConnection, self.conn)
        with self.lock:
            for key, value in conn.read(batched, [batch]).fetchall():
                answers[(int(key),)].append((value,))
        conn.prime(single, answers)

    def newest_matches(self, match: str, scan: int) -> list[int]:
        """No window: PostgreSQL ranks in the database (GIN + ``ts_rank_cd``), so the SQLite
        bounded plan (``worlddb.index.fts_bounded``), whose statistics read FTS5's own
        ``fts_data`` record, never starts here; the lane runs its exact, ranked query, and a
        scope's page is completed from the scope's side (``matching_among``)."""
        return []

    def matching_among(self, match: str, rids: Sequence[int]) -> set[int]:
        """Which of ``rids`` match, in one statement that starts from the ids: one primary-key
        probe and one ``@@`` test per id, so a word most rows hold costs the scope's size,
        not a GIN read of every row that holds it (the inherited form runs per chunk of 500
        and leaves the plan to the planner)."""
        if not rids:
            return set()
        query = to_tsquery_sql(match)
        with self.lock:
            rows = self._query(
                "WITH ids AS MATERIALIZED (SELECT DISTINCT unnest(%s::bigint[]) AS rid) "
                f"SELECT f.rowid FROM ids CROSS JOIN LATERAL (SELECT rowid FROM fts "
                f"WHERE fts.rowid = ids.rid AND fts.{query.column} @@ {query.sql}) f",
                [[int(r) for r in rids], *query.params],
            )
        return {int(rid) for (rid,) in rows}

    # -- NearestQueries -------------------------------------------------------------------------
    def nearest(self, query: bytes, k: int) -> list[tuple[int, float]]:
        """The ``k`` stored content vectors nearest ``query`` (cosine), best first."""
        dim = len(query) // 4
        if k <= 0 or dim == 0:
            return []
        literal = vector_literal(query)
        with self.lock:
            conn = cast(PgConnection, self.conn)
            conn.lane_read()
            conn.flush()
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
            ).fetchall()  # not memoised: the search settings above are connection state
        found = [(int(rid), float(score)) for rid, score in rows]
        return sorted(found, key=lambda hit: (-hit[1], hit[0]))

    def admitted_nearest(
        self, flt: WorldFilter, scope: NodeId | None, query: bytes, limit: int
    ) -> list[tuple[int, bytes]]:
        """The admitted rows that can rank in the top ``limit``, chosen by pgvector.

        The lane's exact scan of a narrow scope read every member's vector to the client (a
        user's ~2,000 vectors, ~3 MB, ~50 ms at 100k). Here the database computes each
        member's distance and returns only the rows within ``NEAR_TIE`` of the ``limit``-th
        nearest: pgvector's float arithmetic differs from the lane's in the last bits, so
        the lane ranks these few rows again and the result (scores, ties by row id) is the one
        every backend gives. The planner starts from the scope's members (``CROSS JOIN``).
        """
        dim = len(query) // 4
        if limit <= 0 or dim == 0:
            return []
        source, where, params = self._admitted(flt, scope)
        with self.lock:
            rows = self.conn.execute(
                "WITH d AS MATERIALIZED (SELECT n.rid, e.vector, "
                f"e.vec::vector({dim}) <=> ?::vector({dim}) AS dist FROM {source} "
                f"CROSS JOIN embeddings e ON e.rid = n.rid "
                f"WHERE vector_dims(e.vec) = {dim} AND {where}), "
                "cut AS (SELECT dist FROM d ORDER BY dist OFFSET ? LIMIT 1) "
                "SELECT rid, vector FROM d WHERE NOT EXISTS (SELECT 1 FROM cut) "
                "OR dist <= (SELECT dist FROM cut) + ?",
                [vector_literal(query), *params, limit - 1, NEAR_TIE],
            ).fetchall()
        return [(int(rid), bytes(vector)) for rid, vector in rows]

    def vector_count(self) -> int:
        """How many content vectors are stored: exact up to ``EXACT_COUNT_UP_TO``, beyond it
        PostgreSQL's own estimate, as its planner makes it (rows per page at the last
        ``ANALYZE`` or vacuum × the table's pages now, so rows written since still count).

        A plain ``count(*)`` read every row: ~1 s at 1M, paid whenever the caller's cached
        count expired (``StoreVectorIndex`` re-counts every second). A table never analysed
        has no estimate and is counted exactly, once per call, as before.
        """
        with self.lock:
            bounded = self._query(
                "SELECT count(*) FROM (SELECT 1 FROM embeddings LIMIT %s) s",
                (EXACT_COUNT_UP_TO + 1,),
            )[0][0]
            if int(bounded) <= EXACT_COUNT_UP_TO:
                return int(bounded)
            tuples, pages, now_pages = self._query(
                "SELECT reltuples, relpages, pg_relation_size(oid) / "
                "current_setting('block_size')::int FROM pg_class "
                "WHERE oid = 'embeddings'::regclass",
                (),
            )[0]
            if float(tuples) > 0 and int(pages) > 0:
                estimate = int(float(tuples) / int(pages) * int(now_pages))
                return max(EXACT_COUNT_UP_TO + 1, estimate)
            row = self._query("SELECT count(*) FROM embeddings", ())[0]
        return int(row[0])
