"""Switching a SQLite file to write-ahead logging while other connections open it too.

SQLite answers ``PRAGMA journal_mode = WAL`` with SQLITE_BUSY at once, without calling the busy
handler, when another connection holds the file's RESERVED lock: the switch needs the exclusive
lock while this connection already reads the file, and waiting there could deadlock. That is
exactly the state of two processes (or threads) opening one new file together — the first lays
out its schema in rollback mode while the second asks for WAL — so the busy timeout alone let
the second fail with "database is locked". Retrying from scratch drops this connection's read
lock, which is what lets the other one finish.
"""

from __future__ import annotations

import sqlite3
import time

__all__ = ["enable_wal"]

_FIRST_PAUSE_S = 0.001
_LONGEST_PAUSE_S = 0.05


def enable_wal(conn: sqlite3.Connection, *, timeout_s: float) -> str:
    """Put ``conn``'s file in WAL mode, retrying for up to ``timeout_s`` while another
    connection holds its write lock; returns the journal mode SQLite reports (``"memory"`` for
    an in-memory database, which has no WAL). Any other error, or a lock still held at the
    deadline, raises as SQLite raised it."""
    deadline = time.monotonic() + timeout_s
    pause = _FIRST_PAUSE_S
    while True:
        try:
            row = conn.execute("PRAGMA journal_mode = WAL").fetchone()
            return str(row[0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, _LONGEST_PAUSE_S)
