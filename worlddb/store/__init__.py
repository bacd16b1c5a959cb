"""The SQLite store: one connection, WAL, ``BEGIN IMMEDIATE`` transactions, typed reads.

``Store`` owns the connection and hands out two things: read methods (``worlddb.store.reads``,
mixed in here) and a transaction context manager used only by the reconciler, which wraps the
private writer (``worlddb.store._writer``) around the connection inside it. The connection is
shared across threads behind a re-entrant lock; SQLite serialises writers across processes
(WAL + ``BEGIN IMMEDIATE`` + busy timeout), so two processes on one file stay correct.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from worlddb.errors import ClosedError, ValidationError
from worlddb.store.reads import ReadMixin
from worlddb.store.schema import SCHEMA_VERSION, migrate

__all__ = ["MEMORY", "Store", "open_store"]

logger = logging.getLogger(__name__)

MEMORY: Final = ":memory:"
BUSY_TIMEOUT_MS: Final = 10_000
CHECKPOINT_EVERY: Final = 256


class Store(ReadMixin):
    """An open worlddb SQLite file (or in-memory database)."""

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        self._conn: sqlite3.Connection | None = conn
        self.path = path
        self.lock = threading.RLock()
        self._commits = 0

    @property
    def conn(self) -> sqlite3.Connection:
        """The live connection; raises ``ClosedError`` after ``close()``."""
        if self._conn is None:
            raise ClosedError()
        return self._conn

    @property
    def is_memory(self) -> bool:
        return self.path == MEMORY

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` write transaction; rolled back on any exception."""
        with self.lock:
            conn = self.conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            self._commits += 1
            if self._commits % CHECKPOINT_EVERY == 0 and not self.is_memory:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def meta(self, key: str) -> str | None:
        with self.lock:
            row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        """Write one meta key in its own transaction (store-level settings, not world data)."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def checkpoint(self) -> None:
        """Fold the WAL back into the main file (``TRUNCATE``)."""
        if not self.is_memory:
            with self.lock:
                self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        """Checkpoint and close; idempotent."""
        with self.lock:
            if self._conn is None:
                return
            try:
                self.checkpoint()
            finally:
                self._conn.close()
                self._conn = None


def open_store(path: str | Path = MEMORY) -> Store:
    """Open (creating if needed) a store at ``path`` and migrate it to the current schema."""
    text = str(path)
    if text != MEMORY:
        parent = Path(text).expanduser().resolve().parent
        if not parent.is_dir():
            raise ValidationError(
                f"cannot create store {text!r}: directory {str(parent)!r} does not exist",
                field="path",
                value=text,
            )
    conn = sqlite3.connect(
        text, isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000
    )
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if text != MEMORY:
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA temp_store = MEMORY")
        conn.execute("PRAGMA cache_size = -262144")  # 256 MiB: index pages stay hot at 1M worlds
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    logger.debug("opened store %s at schema %d", text, SCHEMA_VERSION)
    return Store(conn, text)
