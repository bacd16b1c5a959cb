"""A psycopg connection that speaks the SQLite backend's SQL: the PostgreSQL dialect layer.

Most of the store's reads (``ReadMixin``, the lanes, the resolver's blocking queries, the
walks and closures of a write) are plain SQL that PostgreSQL runs as written, apart from a few
spellings. Rather than keep a second copy of ~100 statements that would drift from the first,
the PostgreSQL backend runs the same statements through ``PgConnection.execute``, which
rewrites each statement once (cached by its text) and keeps the rest to PostgreSQL:

* ``?`` placeholders become ``%s`` (a literal ``%`` is doubled first);
* ``CROSS JOIN ... ON`` (SQLite's join-order pin) becomes ``JOIN ... ON``;
* ``INSERT OR IGNORE INTO`` becomes ``INSERT INTO ... ON CONFLICT DO NOTHING``;
* ``fts MATCH ?`` becomes ``fts.doc @@ <tsquery>`` (or ``fts.name_tsv`` under a ``name :``
  filter), the FTS5 expression parameter rendered by ``worlddb.store.postgres.tsquery``;
* FTS5's two commands (the ``'delete'`` row of a contentless table, ``'optimize'``) become a
  ``DELETE`` and a no-op (dead rows leave the files at ``checkpoint()``'s ``VACUUM``).

What cannot be translated statement by statement (BM25 ranking, ``INSERT OR REPLACE`` of
vectors, migrations, locking) is written for PostgreSQL in this package instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import psycopg

from worlddb.store.postgres.tsquery import to_tsquery_sql

__all__ = ["PgConnection", "translate"]

_MATCH = "fts MATCH ?"
_EXACT = {
    "INSERT INTO fts (fts, rowid, name, content) VALUES ('delete', ?, ?, ?)": (
        "DELETE FROM fts WHERE rowid = ? AND ?::text IS NOT NULL AND ?::text IS NOT NULL"
    ),
    "INSERT INTO fts (fts) VALUES ('optimize')": "SELECT 1",
}
_IGNORE = re.compile(r"^\s*INSERT OR IGNORE INTO", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Plan:
    """A translated statement: text pieces around each ``fts MATCH``, and which parameter
    (by position) holds each match expression."""

    pieces: tuple[str, ...]
    match_args: tuple[int, ...]

    def render(self, params: Sequence[Any]) -> tuple[str, list[Any]]:
        if not self.match_args:
            return self.pieces[0], list(params)
        text = [self.pieces[0]]
        out: list[Any] = []
        start = 0
        for i, arg in enumerate(self.match_args):
            out += params[start:arg]
            query = to_tsquery_sql(str(params[arg]))
            text.append(f"fts.{query.column} @@ {query.sql}")
            text.append(self.pieces[i + 1])
            out += query.params
            start = arg + 1
        out += params[start:]
        return "".join(text), out


def _marks(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


@lru_cache(maxsize=2048)
def translate(sql: str) -> _Plan:
    """The PostgreSQL form of one SQLite statement of this code base (see the module doc)."""
    sql = _EXACT.get(sql, sql)
    if _IGNORE.match(sql):
        sql = _IGNORE.sub("INSERT INTO", sql, count=1) + " ON CONFLICT DO NOTHING"
    sql = sql.replace("CROSS JOIN", "JOIN")
    parts = sql.split(_MATCH)
    pieces = [_marks(p) for p in parts]
    match_args: list[int] = []
    seen = 0
    for part in parts[:-1]:
        seen += part.count("?")
        match_args.append(seen)
        seen += 1
    return _Plan(tuple(pieces), tuple(match_args))


class PgConnection:
    """``execute``/``executemany`` of ``sqlite3.Connection`` over one psycopg connection.

    Only what the store's SQL modules call: each returns a psycopg cursor (iterable, with
    ``fetchone``/``fetchall``/``rowcount``). ``raw`` is the psycopg connection, for the
    statements this package writes in PostgreSQL's own dialect.
    """

    __slots__ = ("_pending", "_raw")

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self._raw = raw
        self._pending: dict[str, list[Sequence[Any]]] = {}

    @property
    def raw(self) -> psycopg.Connection[Any]:
        """The psycopg connection (a caller reading ``embeddings`` calls ``flush`` first)."""
        return self._raw

    def defer(self, sql: str, row: Sequence[Any]) -> None:
        """Queue one ``embeddings`` row for ``sql`` (PostgreSQL dialect): written by one
        ``executemany`` before the next statement on this connection that names
        ``embeddings`` (and at commit), so no read can miss it, while a write path that
        stores one vector per world between its other reads saves a round trip per world."""
        self._pending.setdefault(sql, []).append(row)

    def flush(self) -> None:
        """Write the deferred rows now."""
        while self._pending:
            sql, rows = self._pending.popitem()
            self._raw.cursor().executemany(sql, rows)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        if self._pending and "embeddings" in sql:
            self.flush()
        text, params = translate(sql).render(list(parameters))
        return self._raw.execute(text, params)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> psycopg.Cursor[Any]:
        if self._pending and "embeddings" in sql:
            self.flush()
        batch = [list(r) for r in rows]
        plan = translate(sql)
        if len(batch) == 1:  # one row: a plain execute is one round trip, not a pipeline
            text, params = plan.render(batch[0])
            return self._raw.execute(text, params)
        cur = self._raw.cursor()
        if batch:
            text, _ = plan.render(batch[0])
            cur.executemany(text, [plan.render(r)[1] for r in batch])
        return cur
