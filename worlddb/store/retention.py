"""Retention rows: how often, and how lately, recall returned each world (outside the hash).

A world's retention score (``worlddb.recall.retention`` holds the model) comes from its age and
from the recalls that returned it. The recalls are kept here, one row per world in the
``retention`` table (schema V4): the decayed reinforcement ``strength`` as of time ``as_of``
and a plain ``recalls`` count. Like embeddings and validity, the row is projection state, not
content: it never enters a world's hash, and ``purge_world`` deletes it with the world.

``RetentionRows`` is the seam: a backend answers the reads and applies a batch of recall events
in one short transaction, combining each world's stored row with its new events through a
function the caller passes (the decay model stays above the store). The write must not hold up
the store's real writers: it waits at most ``wait_s`` for the write lock and otherwise gives up
(returns ``False``, writing nothing) so the caller can keep the events for a later attempt.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Protocol

from worlddb.model import NodeId
from worlddb.store.filters import WorldFilter
from worlddb.store.ids import hexid
from worlddb.store.lane_sql import Connected, where_sql
from worlddb.store.sql import chunked

__all__ = ["Reinforcement", "RetentionRow", "RetentionRows", "RetentionSql", "SqliteRetention"]

_BORN = "coalesce(n.valid_from, nullif(n.created_at, 0), n.ingested_at)"


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """A world's stored reinforcement: ``strength`` as of ``as_of`` (µs), from ``recalls``."""

    strength: float
    as_of: int
    recalls: int


@dataclass(frozen=True, slots=True)
class RetentionRow:
    """A world as retention sees it: when it was born (valid-from, else creation, else ingest
    time) and its reinforcement (``None`` if recall never returned it)."""

    rid: int
    id: NodeId
    type: str
    born: int
    reinforcement: Reinforcement | None


Combine = Callable[[Reinforcement | None, Sequence[int]], Reinforcement]
"""Fold a world's new recall times into its stored reinforcement (or ``None``)."""


class RetentionRows(Protocol):
    """Reads and the one write of retention. Reads from any thread; the write from any thread,
    in its own short transaction, never inside the reconciler's."""

    def retention_of(self, rids: Sequence[int]) -> dict[int, RetentionRow]:
        """Retention rows of those of ``rids`` that exist."""
        ...

    def retention_page(self, flt: WorldFilter, after_rid: int, limit: int) -> list[RetentionRow]:
        """Up to ``limit`` worlds ``flt`` admits with row id above ``after_rid``, ascending."""
        ...

    def reinforce(
        self, events: Mapping[int, Sequence[int]], combine: Combine, wait_s: float
    ) -> bool:
        """Apply recall times per world row id in one transaction; ``False`` (nothing written)
        when the write lock was not free within ``wait_s`` seconds."""
        ...


class RetentionSql:
    """The reads of ``RetentionRows`` and the row arithmetic of a reinforcement, over a
    store's connection (SQLite's, or PostgreSQL's through its dialect layer); the backends
    differ only in how ``reinforce`` takes the write."""

    def __init__(self, store: Connected) -> None:
        self._store = store

    def _rows(self, sql: str, params: Sequence[object]) -> list[RetentionRow]:
        with self._store._guard:
            rows = self._store._connection.execute(sql, params).fetchall()
        return [
            RetentionRow(
                int(rid),
                NodeId(hexid(wid)),
                str(kind),
                int(born),
                None if strength is None else Reinforcement(float(strength), int(at), int(n)),
            )
            for rid, wid, kind, born, strength, at, n in rows
        ]

    def retention_of(self, rids: Sequence[int]) -> dict[int, RetentionRow]:
        out: dict[int, RetentionRow] = {}
        for chunk, marks in chunked(rids):
            for row in self._rows(
                f"SELECT n.rid, n.id, n.type, {_BORN}, r.strength, r.as_of, r.recalls "
                f"FROM nodes n LEFT JOIN retention r ON r.rid = n.rid WHERE n.rid IN ({marks})",
                chunk,
            ):
                out[row.rid] = row
        return out

    def retention_page(self, flt: WorldFilter, after_rid: int, limit: int) -> list[RetentionRow]:
        where, params = where_sql(flt, "n")
        return self._rows(
            f"SELECT n.rid, n.id, n.type, {_BORN}, r.strength, r.as_of, r.recalls "
            "FROM nodes n LEFT JOIN retention r ON r.rid = n.rid "
            f"WHERE n.rid > ? AND {where} ORDER BY n.rid LIMIT ?",
            [after_rid, *params, limit],
        )

    @staticmethod
    def _apply(
        conn: sqlite3.Connection, events: Mapping[int, Sequence[int]], combine: Combine
    ) -> None:
        rids = list(events)
        stored: dict[int, Reinforcement] = {}
        live: set[int] = set()
        for chunk, marks in chunked(rids):
            live.update(
                int(r[0])
                for r in conn.execute(f"SELECT rid FROM nodes WHERE rid IN ({marks})", chunk)
            )
            for rid, strength, at, n in conn.execute(
                f"SELECT rid, strength, as_of, recalls FROM retention WHERE rid IN ({marks})",
                chunk,
            ):
                stored[int(rid)] = Reinforcement(float(strength), int(at), int(n))
        rows = []
        for rid in rids:
            if rid in live:  # a world purged since its recall leaves no row behind
                new = combine(stored.get(rid), events[rid])
                rows.append((rid, new.strength, new.as_of, new.recalls))
        conn.executemany(
            "INSERT INTO retention (rid, strength, as_of, recalls) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (rid) DO UPDATE SET strength = excluded.strength, "
            "as_of = excluded.as_of, recalls = excluded.recalls",
            rows,
        )


class _SqliteWritable(Connected, Protocol):
    """The SQLite ``Store``'s writer slot, as ``SqliteRetention.reinforce`` takes it."""

    @property
    def write_lock(self) -> threading.RLock: ...

    def _writing(self) -> AbstractContextManager[sqlite3.Connection]: ...


class SqliteRetention(RetentionSql):
    """``RetentionRows`` over the SQLite store's ``retention`` table."""

    def __init__(self, store: _SqliteWritable) -> None:
        super().__init__(store)
        self._sqlite = store

    def reinforce(
        self, events: Mapping[int, Sequence[int]], combine: Combine, wait_s: float
    ) -> bool:
        if not events:
            return True
        store = self._sqlite
        if not store.write_lock.acquire(timeout=wait_s):
            return False
        try:
            with store._writing() as conn:
                conn.execute(f"PRAGMA busy_timeout = {max(1, int(wait_s * 1000))}")
                try:
                    conn.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError:  # another process holds the file's write lock
                    return False
                finally:
                    conn.execute(f"PRAGMA busy_timeout = {_busy_ms()}")
                try:
                    self._apply(conn, events, combine)
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            return True
        finally:
            store.write_lock.release()


def _busy_ms() -> int:
    from worlddb.store import BUSY_TIMEOUT_MS

    return BUSY_TIMEOUT_MS
