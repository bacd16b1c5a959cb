"""Deferred upkeep of a bulk load into an empty SQLite store: secondary indexes and FTS last.

Why: at a million worlds a load's time goes to B-tree maintenance, not to Python. Every
secondary index of ``nodes`` and ``edges`` is keyed by random text (ids, names), so each row
lands on a random page; a ``CREATE INDEX`` over the finished table sorts once and writes each
page once. Likewise the full-text rows are written in one pass, in rid order, at the end.

Only possible into an *empty* store inside one transaction: nothing outside the transaction
can read the store without those indexes, and a failure rolls the dropped indexes back with
everything else. Inside the transaction, a missing index only makes a read slower, never
wrong; the deferred full-text rows *are* missing, so the reconciler ends the deferral
(``finish``) before the first changeset that may read the lanes or walk the graph (see
``Reconciler.apply_bulk``). ``finish`` rebuilds what was deferred and then verifies it: the
full-text index holds exactly one row per searchable world, both pass their integrity checks.
"""

from __future__ import annotations

import re
import sqlite3
from typing import Final

from worlddb.errors import IntegrityError
from worlddb.model import fts_columns

__all__ = ["DeferredUpkeep"]

_FTS_CHUNK: Final = 50_000
_DEFERRED_TABLES: Final = ("nodes", "edges")
_WHERE: Final = re.compile(r"\sWHERE\s", re.IGNORECASE)  # a partial index's condition


class DeferredUpkeep:
    """Drops the secondary indexes of ``nodes`` and ``edges`` now; ``finish`` rebuilds them.

    ``active`` is True until ``finish``: while it is, the writer leaves full-text rows to
    ``finish`` (their worlds are marked ``fts_indexed`` as usual).
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        marks = ",".join("?" * len(_DEFERRED_TABLES))
        self._indexes: list[tuple[str, str]] = [
            (str(name), str(sql))
            for name, sql in conn.execute(
                # a UNIQUE index stays: it is a constraint the load must meet row by row
                f"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                f"AND upper(sql) NOT LIKE 'CREATE UNIQUE %' AND tbl_name IN ({marks}) "
                "ORDER BY name",
                _DEFERRED_TABLES,
            )
        ]
        for name, _ in self._indexes:
            conn.execute(f'DROP INDEX "{name}"')
        (top,) = conn.execute("SELECT coalesce(max(rid), 0) FROM nodes").fetchone()
        self._fts_from = int(top) + 1
        self.active = True

    def finish(self) -> None:
        """Write the deferred full-text rows, rebuild the indexes, verify both (idempotent)."""
        if not self.active:
            return
        self.active = False
        self._fill_fts()
        for _, sql in self._indexes:
            self._conn.execute(sql)
        self._verify()

    def _fill_fts(self) -> None:
        start = self._fts_from
        while True:
            rows = self._conn.execute(
                "SELECT rid, type, name, content FROM nodes WHERE fts_indexed = 1 AND rid >= ? "
                "ORDER BY rid LIMIT ?",
                (start, _FTS_CHUNK),
            ).fetchall()
            if not rows:
                return
            self._conn.executemany(
                "INSERT INTO fts (rowid, name, content) VALUES (?, ?, ?)",
                [(rid, *fts_columns(kind, name, content)) for rid, kind, name, content in rows],
            )
            start = int(rows[-1][0]) + 1

    def _verify(self) -> None:
        """One full-text row per searchable world (and FTS5's own integrity check passes); each
        rebuilt index holds one entry per row it covers (counted through the index)."""
        (searchable,) = self._conn.execute(
            "SELECT count(*) FROM nodes WHERE fts_indexed = 1"
        ).fetchone()
        (indexed,) = self._conn.execute("SELECT count(*) FROM fts").fetchone()
        if searchable != indexed:
            raise IntegrityError(
                f"bulk load: the full-text index holds {indexed} rows for {searchable} "
                "searchable worlds"
            )
        self._conn.execute("INSERT INTO fts (fts, rank) VALUES ('integrity-check', 0)")
        counted: dict[tuple[str, str], int] = {}
        for name, sql in self._indexes:
            table = str(
                self._conn.execute(
                    "SELECT tbl_name FROM sqlite_master WHERE name = ?", (name,)
                ).fetchone()[0]
            )
            partial = _WHERE.split(sql, maxsplit=1)
            # Any WHERE (``1`` for a full index) keeps SQLite from answering ``count(*)`` from
            # whichever b-tree is smallest: the count is read through this very index.
            cond = f" WHERE {partial[1]}" if len(partial) > 1 else " WHERE 1"
            (through,) = self._conn.execute(
                f'SELECT count(*) FROM "{table}" INDEXED BY "{name}"{cond}'
            ).fetchone()
            if (table, cond) not in counted:
                counted[table, cond] = self._conn.execute(
                    f'SELECT count(*) FROM "{table}" NOT INDEXED{cond}'
                ).fetchone()[0]
            rows = counted[table, cond]
            if through != rows:
                raise IntegrityError(
                    f"bulk load: index {name} holds {through} entries for {rows} rows"
                )
