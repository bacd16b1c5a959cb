"""The SQLite store: one write connection, per-thread read connections, WAL, typed reads.

``Store`` is the SQLite implementation of the storage seam (``worlddb.store.protocols``): typed
read methods (``worlddb.store.reads``, mixed in here) and ``transaction()``, used only by the
reconciler, which yields the private writer (``worlddb.store._writer.Writer``, the
``WriteTransaction``) over the write connection: never the connection itself.

Why two kinds of connection: a write can take seconds (a long note, many entities), and a recall
must not wait for it. In WAL mode a reader on its *own* connection sees the last committed state and
never waits on the writer's transaction, so each thread reads through a connection of its own
(opened on first use, ``query_only``; when a thread ends, its connection goes to the next new thread
with its page cache warm), while writes serialise on ``write_lock`` and the one write connection.
``_connection`` and ``_guard`` (package-private) are thread-aware so every read call site stays the
same: on the thread that holds the write lock they are the write connection and the write lock (its
reads see its own uncommitted rows); on any other thread they are that thread's read connection and
a lock nobody else takes. An in-memory store is one private database, so it keeps a single
connection and serialises everything on the write lock. Across processes SQLite serialises writers
(WAL + ``BEGIN IMMEDIATE`` + busy timeout), so several processes on one file stay correct.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import cached_property
from pathlib import Path
from typing import Final

from worlddb.errors import ClosedError, ValidationError
from worlddb.store._writer import Writer
from worlddb.store.deferred import DeferredUpkeep
from worlddb.store.edge_log import EdgeLogReads
from worlddb.store.fact_reads import OpenFactReads
from worlddb.store.invariants import invariant_problems
from worlddb.store.lane_protocols import LaneQueries
from worlddb.store.lanes_sqlite import SqliteLanes
from worlddb.store.memory_reads import ScopeMemberReads
from worlddb.store.protocols import Store as SeamStore
from worlddb.store.reads import ReadMixin
from worlddb.store.retention import RetentionRows, SqliteRetention
from worlddb.store.schema import SCHEMA_VERSION, migrate
from worlddb.store.served import ServedQueries
from worlddb.store.vector_rows import VectorRowsMixin
from worlddb.store.wal import enable_wal
from worlddb.timeutil import now_us

__all__ = ["BULK_CACHE_KIB", "MEMORY", "Store", "open_sqlite_store", "open_store"]

logger = logging.getLogger(__name__)

MEMORY: Final = ":memory:"
BUSY_TIMEOUT_MS: Final = 10_000
CHECKPOINT_EVERY: Final = 256
CACHE_KIB: Final = 262_144  # 256 MiB of page cache per connection: index pages stay hot at 1M
BULK_CACHE_KIB: Final = 1_048_576  # 1 GiB while a bulk load runs: its whole working set
MAX_SPARE_READERS: Final = 4  # readers kept for future threads after theirs ended


class _Reader:
    """One thread's read connection and the (uncontended) lock that guards its use."""

    __slots__ = ("conn", "depth", "lock", "thread")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.lock = threading.RLock()
        self.thread = threading.current_thread()
        self.depth = 0  # nesting of ``Store.snapshot()`` on this thread

    def adopt(self) -> None:
        """Hand this reader (its thread has ended) to the calling thread."""
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")
        self.thread = threading.current_thread()
        self.depth = 0


class Store(
    ReadMixin, VectorRowsMixin, ScopeMemberReads, OpenFactReads, EdgeLogReads, ServedQueries
):
    """An open worlddb SQLite file (or in-memory database).

    ``_connection``, ``_guard``, ``_write_connection`` and ``_writing()`` are this backend's
    internals, used only by the modules of ``worlddb.store``; code above the store uses only what
    ``worlddb.store.protocols.Store`` declares (``path`` stays public: it is the user's file).
    """

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        self._conn: sqlite3.Connection | None = conn
        self.path = path
        self.write_lock = threading.RLock()
        self._writer: int | None = None  # ident of the thread holding ``write_lock``
        self._write_depth = 0
        self._local = threading.local()
        self._readers: list[_Reader] = []
        self._readers_lock = threading.Lock()
        self._commits = 0

    # -- connections ----------------------------------------------------------------------------
    @property
    def _write_connection(self) -> sqlite3.Connection:
        """The write connection; raises ``ClosedError`` after ``close()``."""
        if self._conn is None:
            raise ClosedError()
        return self._conn

    def _writes_here(self) -> bool:
        return self.is_memory or self._writer == threading.get_ident()

    @property
    def _connection(self) -> sqlite3.Connection:
        """This thread's connection: the write one while it writes, else its own reader."""
        conn = self._write_connection
        return conn if self._writes_here() else self._reader().conn

    @property
    def _guard(self) -> AbstractContextManager[object]:
        """Exclusive use of ``conn`` on this thread (only writers ever wait on each other)."""
        if self._writes_here():
            return self.write_lock
        return self._reader().lock

    @property
    def closed(self) -> bool:
        """Whether ``close()`` has run."""
        return self._conn is None

    @property
    def is_memory(self) -> bool:
        return self.path == MEMORY

    @cached_property
    def lanes(self) -> LaneQueries:
        """The retrieval lanes' backend queries over this store (the Protocols and their
        calling contract: ``worlddb.store.lane_protocols``; here ``SqliteLanes``)."""
        return SqliteLanes(self)

    @cached_property
    def retention(self) -> RetentionRows:
        """Retention rows (``worlddb.store.retention``): recall reinforcement per world."""
        return SqliteRetention(self)

    def _reader(self) -> _Reader:
        reader: _Reader | None = getattr(self._local, "reader", None)
        if reader is not None and self._conn is not None:
            return reader
        self._write_connection  # noqa: B018 -- raises ClosedError on a closed store
        with self._readers_lock:
            # A reader whose thread ended (worker pools retire idle threads) is handed to the
            # next new thread, page cache still warm, instead of opening a cold connection.
            alive = [r for r in self._readers if r.thread.is_alive()]
            spare = [r for r in self._readers if not r.thread.is_alive()]
            reader = spare.pop() if spare else None
            if reader is not None:
                reader.adopt()
            for extra in spare[MAX_SPARE_READERS:]:
                extra.conn.close()
            self._readers = [*alive, *spare[:MAX_SPARE_READERS], *([reader] if reader else [])]
        if reader is None:
            reader = _Reader(_connect(self.path, query_only=True))
            with self._readers_lock:
                self._readers.append(reader)
        self._local.reader = reader
        return reader

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """Make this thread the writer: hold ``write_lock``; ``conn`` is the write connection.

        For read-check-then-write sequences that must not interleave with another writer of
        this process (a transaction alone only covers what runs inside it).
        """
        with self.write_lock:
            self._writer = threading.get_ident()
            self._write_depth += 1
            try:
                yield self._write_connection
            finally:
                self._write_depth -= 1
                if self._write_depth == 0:
                    self._writer = None

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Run this thread's reads inside one read transaction: one consistent committed state.

        A no-op on the writing thread (it reads its own transaction) and on an in-memory store.
        WAL readers never block the writer, so a snapshot costs the writer nothing.
        """
        if self._writes_here():
            yield
            return
        reader = self._reader()
        with reader.lock:
            if reader.depth == 0:
                reader.conn.execute("BEGIN")
            reader.depth += 1
            try:
                yield
            finally:
                reader.depth -= 1
                if reader.depth == 0:
                    reader.conn.execute("COMMIT")

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold this process's writer slot (re-entrant); see ``protocols.Store.exclusive``."""
        with self._writing():
            yield

    @contextmanager
    def transaction(self, clock: Callable[[], int] = now_us) -> Iterator[Writer]:
        """One ``BEGIN IMMEDIATE`` write transaction; rolled back on any exception.

        Yields the transaction's ``Writer`` (its reads run on the write connection, so they see
        its own rows); ``clock`` gives its ``now`` once the write lock is held.
        """
        with self._writing() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield Writer(conn, clock(), self.write_lock)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            self._commits += 1
            if self._commits % CHECKPOINT_EVERY == 0 and not self.is_memory:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)")

    @contextmanager
    def bulk_transaction(self, clock: Callable[[], int] = now_us) -> Iterator[Writer]:
        """One large write transaction for a bulk load (see ``protocols.Store``).

        Into an empty store, the secondary indexes and full-text rows are deferred to the
        end of the load (``worlddb.store.deferred``) and the page cache is raised for its
        duration; into a non-empty one it is a plain transaction. A backend with its own
        transactions (a subclass that overrides ``transaction``) gets exactly that.
        """
        if type(self).transaction is not Store.transaction:
            with self.transaction(clock) as txn:
                yield txn
            return
        with self._writing() as conn:
            conn.execute(f"PRAGMA cache_size = -{BULK_CACHE_KIB}")
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    empty = conn.execute("SELECT NOT EXISTS (SELECT 1 FROM nodes)").fetchone()[0]
                    deferred = DeferredUpkeep(conn) if empty else None
                    writer = Writer(conn, clock(), self.write_lock, deferred)
                    yield writer
                    writer.end_deferral()
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")

    def set_meta(self, key: str, value: str) -> None:
        """Write one meta key in its own transaction (store-level settings, not world data)."""
        with self.transaction() as txn:
            txn.set_meta(key, value)

    def copy_to(self, dest: str | Path) -> None:
        """Write a consistent, compacted copy of the committed store to a new file ``dest``.

        Runs on the write connection (readers are ``query_only``, which refuses ``VACUUM
        INTO``), holding this process's writer slot so no write of ours lands mid-copy.
        """
        with self._writing() as conn:
            conn.execute("VACUUM INTO ?", (str(dest),))

    def sidecar_path(self, name: str) -> Path | None:
        """``<database file>.<name>`` (e.g. the HNSW index); ``None`` for an in-memory store."""
        return None if self.is_memory else Path(f"{self.path}.{name}")

    def invariant_problems(self) -> list[str]:
        """Every invariant violation in the stored rows (``worlddb.store.invariants``)."""
        with self._guard:
            return invariant_problems(self._connection)

    def checkpoint(self) -> bool:
        """Fold the WAL back into the main file and truncate it (``TRUNCATE``).

        Returns False when a reader of an older snapshot kept it from completing (the WAL then
        still holds pages it could not fold in); an in-memory store has no WAL (True).
        """
        if self.is_memory:
            return True
        with self._writing() as conn:
            row = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        return row is not None and int(row[0]) == 0

    def close(self) -> None:
        """Close the readers, checkpoint and close; idempotent."""
        with self.write_lock:
            if self._conn is None:
                return
            with self._readers_lock:
                readers, self._readers = self._readers, []
            for reader in readers:
                reader.conn.close()
            try:
                self.checkpoint()
            finally:
                self._conn.close()
                self._conn = None


def _connect(path: str, *, query_only: bool = False) -> sqlite3.Connection:
    """A connection with the store's settings (every connection, reader or writer, gets them)."""
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000
    )
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA temp_store = MEMORY")
        conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
        if query_only:
            conn.execute("PRAGMA query_only = ON")
        else:
            # Zero what a delete frees (cells, pages): an erased memory's text must not survive
            # in free space of the file. Only the write connection deletes.
            conn.execute("PRAGMA secure_delete = ON")
    except BaseException:
        conn.close()
        raise
    return conn


def open_store(path: str | Path = MEMORY) -> SeamStore:
    """Open (creating if needed) a store at ``path`` and migrate it to the current schema.

    A ``postgresql://`` URL opens the PostgreSQL backend instead (``worlddb.store.postgres``,
    the ``postgres`` extra): another implementation of the same seam
    (``worlddb.store.protocols.Store``), which is what this returns.
    """
    text = str(path)
    if text.lower().startswith(("postgresql://", "postgres://")):
        from worlddb.store.postgres import open_pg_store

        return open_pg_store(text)
    return open_sqlite_store(text)


def open_sqlite_store(path: str | Path = MEMORY) -> Store:
    """``open_store`` for a SQLite file (or ``":memory:"``), typed as the SQLite class: for the
    store's own tools that reach under the seam (the raw-SQL load floor)."""
    text = str(path)
    if text != MEMORY:
        parent = Path(text).expanduser().resolve().parent
        if not parent.is_dir():
            raise ValidationError(
                f"cannot create store {text!r}: directory {str(parent)!r} does not exist",
                field="path",
                value=text,
            )
    conn = _connect(text)
    try:
        if text != MEMORY:
            enable_wal(conn, timeout_s=BUSY_TIMEOUT_MS / 1000)
        conn.execute("PRAGMA synchronous = NORMAL")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    logger.debug("opened store %s at schema %d", text, SCHEMA_VERSION)
    return Store(conn, text)
