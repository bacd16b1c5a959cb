"""``PgStore``: the storage seam over PostgreSQL, with a psycopg connection pool.

Connections. Reads lease a pooled connection (autocommit) for the span of one typed read
(``_guard``, re-entrant per thread), so concurrent readers never wait for a writer and hold a
connection only while they query. ``snapshot()`` keeps the lease and runs the reads in one
``REPEATABLE READ`` transaction. ``transaction()`` leases one connection for the whole write
and binds it to the writing thread: every read that thread makes through the store while it
writes (the resolver still reads through the store, see ARCHITECTURE.md) runs on the
transaction's connection and sees its uncommitted rows, exactly as on SQLite.

Many writers, one truth. Two write modes (``WORLDDB_PG_WRITES``, read by ``open_pg_store``):

* ``lock`` (the default). Each write transaction first takes ``pg_advisory_xact_lock`` on
  the store's key (``WRITE_LOCK_KEY``, one per schema): writers of every process serialise
  on it (as SQLite's ``BEGIN IMMEDIATE`` serialises them on the file), and the lock is
  released by the commit or rollback. The reconciler decides (resolves entities, supersedes
  facts, assigns row ids) on reads inside the transaction, so one key per store keeps those
  decisions correct without telling the store in advance which worlds a changeset touches.
* ``serializable``. No lock: the transaction runs at ``SERIALIZABLE`` and, when the server
  aborts it for a conflict with a concurrent one (serialization failure, deadlock, or a
  unique row both inserted), raises ``WriteConflictError``; the reconciler runs the whole
  changeset again (``worlddb.store.conflicts``). Measured against ``lock`` with the fleet
  bench (BENCHMARKS.md): every changeset that adds worlds reads ``max(rid)`` and inserts
  after it, so two concurrent changesets nearly always conflict and the retries cost more
  than the waiting they replace; ``lock`` stays the default.

Either way the reconciler's all-or-nothing changeset is one PostgreSQL transaction.

Composed, not inherited: ``PgStore`` implements ``worlddb.store.protocols.Store`` from the
backend-neutral read mixins the SQLite ``Store`` is also made of (``ReadMixin``,
``VectorRowsMixin``, ``ScopeMemberReads``, ``OpenFactReads``, ``EdgeLogReads``), and serves the
resolver's and recall's SQL helpers (``ResolverQueries``, ``SqliteEpisodeReads``) over its own
leased connection; their statements run through the dialect layer. The layers above annotate
the Protocol, never a backend's class (``worlddb.store._conformance`` proves both conform).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import cached_property
from pathlib import Path
from types import TracebackType
from typing import Any, Final, cast

import psycopg
from psycopg_pool import ConnectionPool

from worlddb.errors import ClosedError, ValidationError
from worlddb.store.conflicts import WriteConflictError
from worlddb.store.edge_log import EdgeLogReads
from worlddb.store.fact_reads import OpenFactReads
from worlddb.store.invariants import invariant_problems
from worlddb.store.lane_protocols import LaneQueries
from worlddb.store.memory_reads import ScopeMemberReads
from worlddb.store.postgres.bulk import PgDeferredUpkeep
from worlddb.store.postgres.dialect import PgConnection
from worlddb.store.postgres.lanes import PgLanes
from worlddb.store.postgres.writer import PgWriter
from worlddb.store.reads import ReadMixin
from worlddb.store.retention import RetentionRows
from worlddb.store.served import ServedQueries
from worlddb.store.vector_rows import VectorRowsMixin
from worlddb.timeutil import now_us

__all__ = ["WRITE_LOCK", "WRITE_LOCK_KEY", "WRITE_MODES", "PgStore"]

WRITE_LOCK: Final = 0x776F_726C_6464_0002  # the writers' advisory lock key
WRITE_LOCK_KEY: Final = f"hashtextextended(current_schema(), {WRITE_LOCK})"
"""The key as SQL: advisory locks are per database, so each schema's store (the tests', a
bench's beside a user's) gets its own key and their writers do not wait on each other."""
WRITE_MODES: Final = ("lock", "serializable")
_CONFLICTS: Final = (
    psycopg.errors.SerializationFailure,
    psycopg.errors.DeadlockDetected,
    psycopg.errors.UniqueViolation,
)


def _bulk_upkeep(conn: PgConnection) -> PgDeferredUpkeep | None:
    """The deferred index upkeep of a bulk load, if the store is empty (else ``None``)."""
    row = conn.raw.execute("SELECT EXISTS (SELECT 1 FROM nodes)").fetchone()
    if row is None or row[0]:
        return None
    return PgDeferredUpkeep(conn)


def _is_conflict(exc: BaseException) -> bool:
    """Whether ``exc`` (or what it wraps: a handler's error keeps its cause) is a conflict
    with a concurrent transaction that running the changeset again can resolve."""
    seen: BaseException | None = exc
    for _ in range(8):
        if seen is None:
            return False
        if isinstance(seen, _CONFLICTS):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class _Lease:
    """``PgStore._guard``: lend this thread a pooled connection until the outermost exit."""

    __slots__ = ("store",)

    def __init__(self, store: PgStore) -> None:
        self.store = store

    def __enter__(self) -> None:
        local = self.store._local
        if getattr(local, "depth", 0) == 0:
            pool = self.store._live_pool()
            ctx = pool.connection()
            local.ctx = ctx
            local.conn = PgConnection(ctx.__enter__())
        local.depth = getattr(local, "depth", 0) + 1

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        local = self.store._local
        local.depth -= 1
        if local.depth == 0:
            ctx, local.ctx, local.conn = local.ctx, None, None
            ctx.__exit__(kind, exc, tb)


class PgStore(
    ReadMixin, VectorRowsMixin, ScopeMemberReads, OpenFactReads, EdgeLogReads, ServedQueries
):
    """An open worlddb PostgreSQL database (see the module docstring)."""

    def __init__(
        self, pool: ConnectionPool[Any], url: str, dimensions: set[int], *, writes: str = "lock"
    ) -> None:
        if writes not in WRITE_MODES:
            raise ValidationError(
                f"PostgreSQL write mode must be one of {', '.join(WRITE_MODES)}",
                field="writes",
                value=writes,
            )
        self.writes = writes
        self._pool: ConnectionPool[Any] | None = pool
        self.path = url
        self.write_lock = threading.RLock()
        self._local = threading.local()
        self._dimensions = dimensions
        self.last_write_stats: dict[str, int] = {}
        """Round trips, memo hits and deferred rows of this store's latest write transaction
        (``PgConnection.stats``): what a changeset cost in server round trips."""

    # -- connections ----------------------------------------------------------------------------
    def _live_pool(self) -> ConnectionPool[Any]:
        if self._pool is None:
            raise ClosedError()
        return self._pool

    def _txn(self) -> PgConnection | None:
        found: PgConnection | None = getattr(self._local, "txn", None)
        return found

    @property
    def _connection(self) -> sqlite3.Connection:
        """The writing thread's transaction connection, else the thread's leased one."""
        conn = self._txn() or getattr(self._local, "conn", None)
        if conn is None:
            self._live_pool()
            raise RuntimeError("PgStore read outside its _guard (no leased connection)")
        return cast(sqlite3.Connection, conn)

    @property
    def _guard(self) -> AbstractContextManager[object]:
        if self._txn() is not None:
            return nullcontext()
        return _Lease(self)

    @property
    def closed(self) -> bool:
        return self._pool is None

    @property
    def is_memory(self) -> bool:
        return False

    @cached_property
    def lanes(self) -> LaneQueries:
        """The retrieval lanes' queries over this store (``PgLanes``)."""
        return PgLanes(self)

    @cached_property
    def retention(self) -> RetentionRows:
        """Retention rows over PostgreSQL (``PgRetention``)."""
        from worlddb.store.postgres.retention import PgRetention

        return PgRetention(self)

    # -- transactions ---------------------------------------------------------------------------
    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """This thread's reads in one ``REPEATABLE READ`` transaction (re-entrant)."""
        if self._txn() is not None:
            yield
            return
        with self._guard:
            local = self._local
            raw = cast(PgConnection, local.conn).raw
            depth = getattr(local, "snap", 0)
            if depth == 0:
                raw.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            local.snap = depth + 1
            try:
                yield
            finally:
                local.snap -= 1
                if local.snap == 0:
                    raw.execute("COMMIT")

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold this process's writer slot (re-entrant); other processes: ``transaction()``."""
        with self.write_lock:
            yield

    @contextmanager
    def transaction(self, clock: Callable[[], int] = now_us) -> Iterator[PgWriter]:
        """One PostgreSQL transaction in this store's write mode; rolled back on error
        (``WriteConflictError`` when ``serializable`` lost a conflict: run it again)."""
        with self._write(clock, bulk=False) as txn:
            yield txn

    @contextmanager
    def bulk_transaction(self, clock: Callable[[], int] = now_us) -> Iterator[PgWriter]:
        """``transaction()`` for a bulk load: into an empty store, the secondary B-trees of
        ``nodes`` and ``edges`` wait for ``end_deferral`` and the full-text and vector
        indexes for the end of the load (or the first read that wants them), then are built
        in one pass each and verified (``worlddb.store.postgres.bulk``)."""
        with self._write(clock, bulk=True) as txn:
            yield txn

    @contextmanager
    def _write(self, clock: Callable[[], int], *, bulk: bool) -> Iterator[PgWriter]:
        with self.write_lock:
            if self._txn() is not None:
                raise RuntimeError("PgStore.transaction() is not re-entrant")
            dims = set(self._dimensions)
            try:
                with self._live_pool().connection() as raw, raw.transaction():
                    if self.writes == "serializable":
                        raw.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE")
                    else:
                        raw.execute(f"SELECT pg_advisory_xact_lock({WRITE_LOCK_KEY})")
                    conn = PgConnection(raw, memo=True, copy=bulk)
                    upkeep = _bulk_upkeep(conn) if bulk else None
                    self._local.txn = conn
                    try:
                        yield PgWriter(conn, clock(), dims, upkeep)
                        if upkeep is not None:
                            upkeep.finish()
                            conn.stats["index_build_ms"] = round(upkeep.build_seconds * 1000)
                        conn.flush()
                    except psycopg.DataError as exc:
                        if "NUL" not in str(exc):
                            raise
                        raise ValidationError(
                            "PostgreSQL text cannot hold a NUL character", field="text"
                        ) from exc
                    finally:
                        self._local.txn = None
                        self.last_write_stats = dict(conn.stats)
            except Exception as exc:
                if self.writes == "serializable" and _is_conflict(exc):
                    raise WriteConflictError(
                        "a concurrent write transaction conflicted with this one"
                    ) from exc
                raise
            self._dimensions |= dims

    def set_meta(self, key: str, value: str) -> None:
        """Write one meta key in its own transaction (store-level settings, not world data)."""
        with self.transaction() as txn:
            txn.set_meta(key, value)

    def copy_to(self, dest: str | Path) -> None:
        raise ValidationError(
            "copy_to writes a SQLite file; for PostgreSQL use pg_dump or `worlddb export`",
            field="dest",
            value=str(dest),
        )

    def sidecar_path(self, name: str) -> Path | None:
        """``None``: the vector index lives in the database (pgvector), not in a file."""
        return None

    def invariant_problems(self) -> list[str]:
        with self._guard:
            return invariant_problems(self._connection)

    def checkpoint(self) -> bool:
        """``VACUUM`` the tables a purge deletes from, so dead rows leave the files now."""
        with self._live_pool().connection() as raw:
            raw.autocommit = True
            for table in ("blobs", "nodes", "fts", "edges", "aliases", "embeddings"):
                raw.execute(f"VACUUM {table}")
        return True

    def close(self) -> None:
        """Close the pool; idempotent."""
        with self.write_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()
