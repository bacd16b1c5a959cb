"""Deferred index upkeep of a bulk load into an empty PostgreSQL store.

Why: on PostgreSQL a bulk load's server time goes to index upkeep, above all pgvector's HNSW
insert (measured on the recall bench's corpus at 10k worlds: 45 s with the index live, 20 s
without), then the GIN posting lists of ``fts`` and the B-trees keyed by random ids. A
``CREATE INDEX`` over the finished table sorts (B-tree, GIN) or builds the graph in memory
(HNSW, in parallel) once.

Two groups, ended at different times, because on PostgreSQL a missing index only makes a
read slower, never wrong (unlike SQLite's deferred full-text *rows*, ``worlddb.store
.deferred``; here every row is written as usual, the ``fts`` trigger included):

* **structure** (the non-unique B-trees of ``nodes`` and ``edges``): the write path itself
  reads through them (walks, parents, names), so they come back when the reconciler ends the
  deferral (``WriteTransaction.end_deferral``, the same rule as on SQLite);
* **lanes** (the GIN indexes of ``fts``, the HNSW index per vector dimension): only a text or
  nearest-vector read uses them, and a load of un-resolved worlds makes none, so they stay
  deferred past ``end_deferral`` until the end of the load, or until the transaction's
  connection is about to run such a read (``PgConnection.before_lane_read``: the resolver's
  blocking queries, its embedding tier), whichever comes first.

Only into an empty store, inside the load's one transaction: no other session sees the store
without its indexes (DDL is transactional), and a failure rolls the dropped indexes back with
the rows. Unique indexes stay: they are constraints each row must meet as it is written.

``finish_*`` rebuild with ``maintenance_work_mem`` sized to the data (the HNSW graph must fit
in it, else pgvector's build slows to its on-disk insert) and ``PARALLEL_WORKERS`` maintenance
workers, then verify each rebuilt index: valid, and holding exactly the entries its table's
rows call for (``pg_class.reltuples`` as the build set it: one per covered row for a B-tree and
an HNSW index, one per lexeme, or one placeholder for an empty document, for a GIN index).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from worlddb.errors import IntegrityError
from worlddb.store.postgres.dialect import PgConnection

__all__ = ["PARALLEL_WORKERS", "PgDeferredUpkeep"]

STRUCTURE_TABLES: Final = ("nodes", "edges")
LANE_TABLES: Final = ("fts", "embeddings")
LANE_METHODS: Final = ("gin", "hnsw")
PARALLEL_WORKERS: Final = 1
"""Maintenance workers beside the leader: two processes build on a 2-core machine. Not for
GIN: PostgreSQL 18's parallel GIN build records only part of its entries in ``reltuples``
(measured: 187,399 of 412,939 with one worker; the serial build records all), which the
verification reads, and GIN is a small part of a load's index time (1.5 s serial at 100k)."""
MEM_FLOOR_MB: Final = 64
MEM_CAP_MB: Final = 8192
HNSW_BYTES_PER_VECTOR: Final = 1024
"""Graph bytes per element beyond its float32 vector (neighbour lists at m = 16, headers), so
``maintenance_work_mem`` holds the whole HNSW graph while it is built (x1.25 headroom)."""

_INDEXES: Final = """
SELECT c.relname, am.amname, t.relname, pg_get_indexdef(i.indexrelid),
       pg_get_expr(i.indpred, i.indrelid), pg_get_indexdef(i.indexrelid, 1, true)
FROM pg_index i
JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_class t ON t.oid = i.indrelid
JOIN pg_am am ON am.oid = c.relam
WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY(%s)
  AND NOT i.indisunique AND NOT i.indisprimary
ORDER BY c.relname
"""


@dataclass(frozen=True, slots=True)
class _Index:
    name: str
    method: str
    table: str
    sql: str
    where: str | None
    key: str
    """The first key column's expression (``doc``; ``(vec::vector(384))``)."""


class PgDeferredUpkeep:
    """Drops a bulk load's deferrable indexes now; ``finish_structure``/``finish_lanes``
    rebuild and verify them (see the module docstring). ``dimensions`` are the vector
    dimensions whose HNSW index the load must (re)build: the dropped ones, and each new one
    ``PgWriter.put_embedding`` meets while the lanes are deferred."""

    def __init__(self, conn: PgConnection) -> None:
        self._conn = conn
        raw = conn.raw
        found = [
            _Index(str(n), str(m), str(t), str(sql), None if w is None else str(w), str(k))
            for n, m, t, sql, w, k in raw.execute(
                _INDEXES, (list(STRUCTURE_TABLES + LANE_TABLES),)
            ).fetchall()
        ]
        self._structure = [i for i in found if i.table in STRUCTURE_TABLES]
        self._lanes = [i for i in found if i.table in LANE_TABLES and i.method in LANE_METHODS]
        self.dimensions: set[int] = set()
        """New vector dimensions met while the lanes are deferred (their HNSW index is built
        by ``finish_lanes``, not by the first vector's insert)."""
        for index in (*self._structure, *self._lanes):
            raw.execute(f'DROP INDEX "{index.name}"')
        self.structure_active = True
        self.lanes_active = True
        self.build_seconds = 0.0
        conn.before_lane_read = self.finish_lanes

    def finish_structure(self) -> None:
        """Rebuild and verify the B-trees of ``nodes`` and ``edges`` (idempotent)."""
        if not self.structure_active:
            return
        self.structure_active = False
        self._build(self._structure)

    def finish(self) -> None:
        """The end of the load: every deferred index rebuilt and verified, the tables analysed."""
        self.finish_structure()
        self.finish_lanes()
        self._analyze()

    def _analyze(self) -> None:
        """``ANALYZE`` this schema's tables inside the load's transaction (it counts the
        transaction's own rows).

        A bulk load writes every row before autovacuum has looked at any table, so the first
        reads after it would be planned without column statistics (row counts come back with
        the rebuilt indexes; histograms and distinct counts do not); PostgreSQL's advice after
        populating a database. Measured at 100k (BENCHMARKS.md, "Round 3"): it did not move
        recall P95, so it guards the plans rather than explaining that round's latencies."""
        self._conn.flush()
        raw = self._conn.raw
        tables = [
            str(name)
            for (name,) in raw.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            ).fetchall()
        ]
        for table in tables:
            raw.execute(f'ANALYZE "{table}"')

    def finish_lanes(self) -> None:
        """Rebuild and verify the full-text and vector indexes (idempotent)."""
        if not self.lanes_active:
            return
        self.lanes_active = False
        self._conn.stats["lanes_built_early"] = int(self._conn.before_lane_read is None)
        self._conn.before_lane_read = None
        from worlddb.store.postgres.writer import hnsw_index_sql

        dropped = {i.name for i in self._lanes}
        extra = [
            _Index(
                f"embeddings_hnsw_{d}",
                "hnsw",
                "embeddings",
                hnsw_index_sql(d),
                f"vector_dims(vec) = {d}",
                f"(vec::vector({d}))",
            )
            for d in sorted(self.dimensions)
            if f"embeddings_hnsw_{d}" not in dropped
        ]
        self._build([*self._lanes, *extra])

    def _build(self, indexes: Iterable[_Index]) -> None:
        todo = list(indexes)
        if not todo:
            return
        began = time.perf_counter()
        conn = self._conn
        conn.flush()  # deferred rows (vectors, memberships) go in before the build reads them
        raw = conn.raw
        mem = self._memory_mb(todo)
        raw.execute(f"SET LOCAL maintenance_work_mem = '{mem}MB'")
        for index in todo:  # the read memo stays right: an index changes no read's rows
            workers = 0 if index.method == "gin" else PARALLEL_WORKERS
            raw.execute(f"SET LOCAL max_parallel_maintenance_workers = {workers}")
            raw.execute(index.sql)
        self._verify(todo)
        self.build_seconds += time.perf_counter() - began

    def _memory_mb(self, todo: list[_Index]) -> int:
        """Enough ``maintenance_work_mem`` for the largest build: the HNSW graph of the
        vectors, or the sort of the largest table indexed (its size on disk)."""
        need = 0
        for index in todo:
            if index.method == "hnsw":
                count, dim = _one(
                    self._conn,
                    "SELECT count(*), coalesce(max(vector_dims(vec)), 0) FROM embeddings"
                    f"{_where(index)}",
                )
                need = max(need, int(count) * (4 * int(dim) + HNSW_BYTES_PER_VECTOR) * 5 // 4)
        for table in {i.table for i in todo}:
            (size,) = _one(self._conn, "SELECT pg_table_size(%s::regclass)", (table,))
            need = max(need, int(size))
        return int(min(MEM_CAP_MB, max(MEM_FLOOR_MB, need // 2**20 + 1)))

    def _verify(self, built: list[_Index]) -> None:
        raw = self._conn.raw
        for index in built:
            row = raw.execute(
                "SELECT i.indisvalid AND i.indisready, c.reltuples FROM pg_index i "
                "JOIN pg_class c ON c.oid = i.indexrelid "
                "WHERE c.relname = %s AND c.relnamespace = current_schema()::regnamespace",
                (index.name,),
            ).fetchone()
            if row is None or not row[0]:
                raise IntegrityError(f"bulk load: index {index.name} was not rebuilt valid")
            (wanted,) = _one(self._conn, _expected_sql(index))
            if round(float(row[1])) != int(wanted):
                raise IntegrityError(
                    f"bulk load: index {index.name} holds {round(float(row[1]))} entries "
                    f"for {int(wanted)} expected"
                )


def _one(conn: PgConnection, sql: str, params: tuple[object, ...] = ()) -> tuple[Any, ...]:
    """The one row of an aggregate query."""
    row = conn.raw.execute(sql, params or None).fetchone()  # None: a literal % stays as is
    assert row is not None  # an aggregate always returns a row
    return tuple(row)


def _where(index: _Index, *more: str) -> str:
    conds = [c for c in (index.where, *more) if c]
    return f" WHERE {' AND '.join(f'({c})' for c in conds)}" if conds else ""


def _expected_sql(index: _Index) -> str:
    """The entries a fresh build of ``index`` holds, counted from its table's rows."""
    if index.method == "gin":  # a tsvector column: one entry per lexeme, or one placeholder
        return (
            f"SELECT coalesce(sum(greatest(length({index.key}), 1)), 0) "
            f"FROM {index.table}{_where(index)}"
        )
    if index.method == "hnsw":  # pgvector leaves a zero vector out of a cosine index
        return f"SELECT count(*) FROM {index.table}{_where(index, 'vector_norm(vec) > 0')}"
    return f"SELECT count(*) FROM {index.table}{_where(index)}"
