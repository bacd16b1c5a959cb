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

Round trips. The engine was written against an in-process database: a changeset makes many
small reads, each a round trip here. A write transaction's connection (``memo=True``) keeps
two economies, both exact:

* **Read memo.** A read statement's rows are kept by ``(statement, parameters)`` until a
  write names one of the tables the read names (``INSERT``/``UPDATE``/``DELETE`` of that
  table; any other statement forgets everything). The transaction holds the writers' lock (or
  runs SERIALIZABLE), so nothing but its own statements changes what it sees: the handlers'
  repeated reads of the same Scope world, or the composition's two reads per new world, cost
  one round trip, not one each.
* **Deferred rows.** Rows whose insert returns nothing the caller reads (vectors, scope
  memberships) are queued and written by one ``executemany`` before the next statement that
  names their table, and at commit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
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
_TABLES = (
    "blobs",
    "nodes",
    "edges",
    "aliases",
    "provenance",
    "merge_proposals",
    "scope_members",
    "embeddings",
    "composed_embeddings",
    "fts",
    "meta",
    "validity_log",
    "retention",
    "worlddb_schema",
)
_NAMED = re.compile(r"\b(" + "|".join(_TABLES) + r")\b", re.IGNORECASE)
_WRITE = re.compile(r"^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)", re.I)
_READ = re.compile(r"^\s*(?:SELECT|WITH)\b", re.IGNORECASE)
_PLAIN_INSERT = re.compile(
    r"^INSERT INTO (?P<table>[a-z_]+) \((?P<columns>[a-z_, ]+)\) VALUES \(%s(?:, %s)*\)$"
)
"""An insert ``COPY`` can replace: one row of bare parameters, nothing after ``VALUES``."""
_MUTATES = re.compile(r"\b(?:INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|TRUNCATE)\b", re.IGNORECASE)
MEMO_ROWS_MAX = 2000
"""A read returning more rows than this is not kept (a scan, not a point read)."""
MEMO_KEYS_MAX = 200_000
"""The memo starts over past this many kept reads: a bulk load's one transaction would
otherwise keep every world's reads of a table it never writes (forgetting is always exact)."""


@lru_cache(maxsize=4096)
def statement_kind(sql: str) -> tuple[str, frozenset[str]]:
    """``("read", tables named)``, ``("write", {table})`` or ``("other", {})`` of a statement
    in PostgreSQL's dialect: what the read memo keeps and what a write makes it forget. A
    read's tables are every schema table its text names anywhere (joins, subqueries, comma
    lists; naming one too many only forgets more); a write to any other table is ``other``,
    which forgets everything."""
    written = _WRITE.match(sql)
    if written is not None and written.group(1).lower() in _TABLES:
        return "write", frozenset({written.group(1).lower()})
    if _READ.match(sql) and not _MUTATES.search(sql):
        return "read", frozenset(t.lower() for t in _NAMED.findall(sql))
    return "other", frozenset()


class _Rows:
    """The kept rows of a memoised read, with the cursor methods the store's code calls."""

    __slots__ = ("_at", "_rows")

    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows
        self._at = 0

    @property
    def rowcount(self) -> int:
        return len(self._rows)

    def fetchone(self) -> Any:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    def fetchall(self) -> list[Any]:
        rest, self._at = self._rows[self._at :], len(self._rows)
        return rest

    def __iter__(self) -> Any:
        return iter(self.fetchall())


def _hashable(params: Sequence[Any]) -> tuple[Any, ...] | None:
    out = []
    for p in params:
        if isinstance(p, list | tuple):
            p = tuple(p)
        try:
            hash(p)
        except TypeError:
            return None
        out.append(p)
    return tuple(out)


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


def _is_lane_read(text: str, tables: frozenset[str]) -> bool:
    """Whether a read may want a lane index: it names ``fts``, or orders by vector distance."""
    return "fts" in tables or "<=>" in text


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
    ``fetchone``/``fetchall``/``rowcount``) or, for a memoised read, an object with the same
    methods. ``raw`` is the psycopg connection, for the statements this package writes in
    PostgreSQL's own dialect (``read``/``write`` keep the memo right for those).
    """

    __slots__ = ("_by_table", "_memo", "_pending", "_raw", "before_lane_read", "copy", "stats")

    def __init__(
        self, raw: psycopg.Connection[Any], *, memo: bool = False, copy: bool = False
    ) -> None:
        self._raw = raw
        self.copy = copy
        """Write a plain multi-row ``INSERT`` (no ``ON CONFLICT``, no casts) by ``COPY``:
        a bulk load's rows, several times fewer server and client cycles per row."""
        self._pending: dict[str, tuple[frozenset[str], list[Sequence[Any]]]] = {}
        self._memo: dict[tuple[str, tuple[Any, ...]], tuple[frozenset[str], list[Any]]] | None
        self._memo = {} if memo else None
        self._by_table: dict[str, set[tuple[str, tuple[Any, ...]]]] = {}
        """The memo's keys by table named: a write forgets its table's reads without a scan
        of the whole memo (a bulk load's one transaction keeps thousands)."""
        self.before_lane_read: Callable[[], None] | None = None
        """Called once, then cleared, before the first read of the full-text table or a
        nearest-vector search: a bulk load builds the lane indexes it deferred there."""
        self.stats = {"round_trips": 0, "memo_hits": 0, "deferred": 0}

    def lane_read(self) -> None:
        """A lane read is about to run: fire (and clear) ``before_lane_read`` if set."""
        hook, self.before_lane_read = self.before_lane_read, None
        if hook is not None:
            hook()

    @property
    def raw(self) -> psycopg.Connection[Any]:
        """The psycopg connection (a caller reading deferred tables calls ``flush`` first)."""
        return self._raw

    def defer(self, sql: str, row: Sequence[Any]) -> None:
        """Queue one row for ``sql`` (an ``INSERT`` in PostgreSQL's dialect whose result
        nobody reads): written by one ``executemany`` before the next statement on this
        connection that names its table (and at commit), so no read can miss it, while a write
        path that stores one row per world between its other reads saves a round trip each."""
        tables = statement_kind(sql)[1]
        self._pending.setdefault(sql, (tables, []))[1].append(row)
        self.stats["deferred"] += 1

    def flush(self) -> None:
        """Write the deferred rows now."""
        while self._pending:
            sql, (tables, rows) = self._pending.popitem()
            self._forget(tables)
            self.stats["round_trips"] += 1
            self._raw.cursor().executemany(sql, rows)

    def _before(self, text: str) -> tuple[str, frozenset[str]]:
        """Flush deferred rows the statement may see; forget what a write makes stale."""
        kind, tables = statement_kind(text)
        if self.before_lane_read is not None and kind == "read" and _is_lane_read(text, tables):
            self.lane_read()
        if self._pending:
            if kind == "other":
                self.flush()
            else:
                for sql in [q for q, (t, _) in self._pending.items() if t & tables]:
                    t, rows = self._pending.pop(sql)
                    self._forget(t)
                    self.stats["round_trips"] += 1
                    self._raw.cursor().executemany(sql, rows)
        if kind == "write":
            self._forget(tables)
        elif kind == "other" and self._memo:
            self._memo.clear()
            self._by_table.clear()
        return kind, tables

    def _forget(self, tables: frozenset[str]) -> None:
        if self._memo:
            for table in tables:
                for key in self._by_table.pop(table, ()):
                    self._memo.pop(key, None)  # a key kept under two tables goes at the first

    def _keep(
        self, key: tuple[str, tuple[Any, ...]], tables: frozenset[str], rows: list[Any]
    ) -> None:
        assert self._memo is not None
        if len(self._memo) >= MEMO_KEYS_MAX:
            self._memo.clear()
            self._by_table.clear()
        self._memo[key] = (tables, rows)
        for table in tables:
            self._by_table.setdefault(table, set()).add(key)

    def prime(
        self, sql: str, answers: dict[tuple[Any, ...], list[Any]], *, native: bool = False
    ) -> None:
        """Keep, for the store's statement ``sql`` (SQLite dialect; PostgreSQL's when
        ``native``), the rows each parameter tuple of ``answers`` returns, read by one batched
        query instead of one each: forgotten like any kept read when a write names one of its
        tables. Only on a memo connection."""
        if self._memo is None:
            return
        for params, rows in answers.items():
            if native:
                text, rendered = sql, list(params)
            else:
                text, rendered = translate(sql).render(list(params))
            key = _hashable(rendered)
            if key is not None:
                self._keep((text, key), statement_kind(text)[1], rows)

    def read(self, text: str, params: Sequence[Any] = ()) -> Any:
        """Run ``text`` (PostgreSQL's dialect); a read is answered from the memo if kept."""
        kind, tables = self._before(text)
        key = _hashable(params) if kind == "read" and self._memo is not None else None
        if key is not None and self._memo is not None:
            found = self._memo.get((text, key))
            if found is not None:
                self.stats["memo_hits"] += 1
                return _Rows(found[1])
            self.stats["round_trips"] += 1
            cur = self._raw.execute(text, params)
            rows = cur.fetchall() if cur.description is not None else []
            if len(rows) <= MEMO_ROWS_MAX:
                self._keep((text, key), tables, rows)
            return _Rows(rows)
        self.stats["round_trips"] += 1
        return self._raw.execute(text, params)

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Any:
        text, params = translate(sql).render(list(parameters))
        return self.read(text, params)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Any:
        batch = [list(r) for r in rows]
        plan = translate(sql)
        if len(batch) == 1:  # one row: a plain execute is one round trip, not a pipeline
            text, params = plan.render(batch[0])
            return self.read(text, params)
        cur = self._raw.cursor()
        if batch:
            text, _ = plan.render(batch[0])
            self._before(text)
            self.stats["round_trips"] += 1
            plain = _PLAIN_INSERT.match(text) if self.copy and not plan.match_args else None
            if plain is None:
                cur.executemany(text, [plan.render(r)[1] for r in batch])
                return cur
            with cur.copy(f"COPY {plain['table']} ({plain['columns']}) FROM STDIN") as copy:
                for row in batch:
                    copy.write_row(row)
        return cur
