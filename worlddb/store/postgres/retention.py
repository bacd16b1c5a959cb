"""``PgRetention``: the retention rows (``worlddb.store.retention``) over PostgreSQL.

The reads are the SQLite backend's own statements (run through the dialect layer); only the
write differs: SQLite's ``BEGIN IMMEDIATE`` with a short busy timeout becomes one transaction
that *tries* the writers' advisory lock, so reinforcement never queues behind a writer of
another process any more than it does on SQLite (``False``: kept for the next flush).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from worlddb.store.postgres.dialect import PgConnection
from worlddb.store.retention import Combine, RetentionSql

if TYPE_CHECKING:
    import sqlite3

    from worlddb.store.postgres.store import PgStore

__all__ = ["PgRetention"]


class PgRetention(RetentionSql):
    """``RetentionRows`` over the PostgreSQL store's ``retention`` table."""

    def __init__(self, store: PgStore) -> None:
        super().__init__(store)
        self._pg = store

    def reinforce(
        self, events: Mapping[int, Sequence[int]], combine: Combine, wait_s: float
    ) -> bool:
        if not events:
            return True
        from worlddb.store.postgres.store import WRITE_LOCK_KEY

        store = self._pg
        if not store.write_lock.acquire(timeout=wait_s):
            return False
        try:
            with store._live_pool().connection() as raw, raw.transaction():
                row = raw.execute(f"SELECT pg_try_advisory_xact_lock({WRITE_LOCK_KEY})").fetchone()
                if row is None or not row[0]:
                    return False  # another process is writing: keep the events for later
                conn = PgConnection(raw)
                self._apply(cast("sqlite3.Connection", conn), events, combine)
                conn.flush()
            return True
        finally:
            store.write_lock.release()
