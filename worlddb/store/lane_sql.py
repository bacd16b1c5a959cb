"""What every SQLite lane backend shares: the connection it reads through and filter rendering.

``where_sql`` is the one place a ``WorldFilter`` becomes SQL: one condition over ``nodes``
(aliased), applied as point lookups on ``nodes.rid`` and on the ``scope_members`` primary key
after a lane's own index has produced candidates, so the cost stays proportional to the
candidates, never to the store.
"""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager
from typing import Protocol

from worlddb.store.filters import WorldFilter
from worlddb.store.ids import probe
from worlddb.store.reads import visibility_sql

__all__ = ["Connected", "LaneSql", "where_sql"]


class Connected(Protocol):
    """Where a backend's SQL helpers get their connection: a store of ``worlddb.store``
    (SQLite's ``Store`` or ``PgStore``), whose package-private ``_connection``/``_guard`` are
    thread-aware."""

    @property
    def _connection(self) -> sqlite3.Connection: ...

    @property
    def _guard(self) -> AbstractContextManager[object]: ...


class LaneSql:
    """Base of the SQLite lane backends: reads through the calling thread's connection.

    ``conn`` and ``lock`` are looked up on every call (never cached): on the thread that holds
    the store's write lock they are the write connection (its reads see its own uncommitted
    rows), on any other thread that thread's own read connection.
    """

    def __init__(self, source: Connected) -> None:
        self._source = source

    @property
    def conn(self) -> sqlite3.Connection:
        return self._source._connection

    @property
    def lock(self) -> AbstractContextManager[object]:
        return self._source._guard


def where_sql(flt: WorldFilter, alias: str = "n") -> tuple[str, list[object]]:
    """The SQL condition (over ``nodes`` aliased ``alias``) for ``flt`` and its parameters."""
    sql, params = visibility_sql(flt.view, flt.now, alias)
    clauses = [sql]
    if flt.types is not None:
        # ``type || ''`` keeps SQLite from driving the query through the type index (the
        # portable spelling of its unary ``+``; PostgreSQL runs it too): every caller bounds the
        # rows another way (rid/id lists, an FTS match, a name, a rid cursor), and a type-index
        # walk over all Facts of a 100k store cost ~15 ms per batch.
        clauses.append(f"({alias}.type || '') IN ({','.join('?' * len(flt.types))})")
        params += list(flt.types)
    if flt.excluded_types:
        clauses.append(f"{alias}.type NOT IN ({','.join('?' * len(flt.excluded_types))})")
        params += list(flt.excluded_types)
    if flt.scopes is not None:
        # A world must be in *every* scope (a user's memories written by one agent), as the
        # memory verbs read scopes. Each correlated EXISTS is one primary-key probe of
        # scope_members per candidate row, never a scan of a large scope.
        if not flt.scopes:
            clauses.append("FALSE")
        for scope in flt.scopes:
            clauses.append(
                f"EXISTS (SELECT 1 FROM scope_members m WHERE m.scope = ? AND m.rid = {alias}.rid)"
            )
            params.append(probe(scope))
    return " AND ".join(clauses), params
