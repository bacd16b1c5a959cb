"""The resolver's SQL: blocking, scope filtering, the acronym index's top-up and recluster reads.

Issue 20 keeps every SQL statement in the store layer behind small typed Protocols, so the
resolver (``worlddb.resolver``) states *what* it needs (candidates sharing a word, aliases in a
prefix range, the worlds one edge away) and never touches a connection or a lock.

``ResolverQueries`` is the one implementation, over a ``Store``. Each method takes the store's
thread-aware ``lock`` and ``conn`` for the duration of one statement (or one chunk of 500 ids),
so the calling thread reads its own connection (or, inside a write, the write connection and its
uncommitted rows) and no lock is held between calls.

Scope isolation: every candidate query takes ``scopes`` (``None`` anywhere; ``()`` only entities
in no scope; otherwise only entities in every listed scope). The condition sits inside each
query, before its ``LIMIT``, so entities of other scopes neither answer nor crowd the
candidates out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, TypeVar, runtime_checkable

from worlddb.store.ids import hexid, probe, probes
from worlddb.store.lane_sql import Connected
from worlddb.store.sql import chunked, placeholders

ENTITY_TYPES: Final = (
    "Entity",
    "Event",
    "Organization",
    "Person",
    "Place",
    "Product",
    "Tool",
    "Topic",
)
"""The world types that are entities (``worlddb.resolver.base.ENTITY_TYPES``, which a test keeps
equal: the store sits below the resolver and cannot import it)."""

__all__ = [
    "BlockingQueries",
    "NodeRow",
    "ReclusterQueries",
    "ResolverQueries",
    "ResolverReads",
    "ServesResolverReads",
    "resolver_reads_of",
    "scope_condition",
]

Q = TypeVar("Q")

NodeRow = tuple[int, str, str, str]
"""One stored world as blocking sees it: ``(rid, id, type, name)``."""


def scope_condition(alias: str, scopes: Sequence[str] | None) -> tuple[str, list[object]]:
    """`` AND ...`` restricting ``nodes`` row ``alias`` to ``scopes`` (see the module docstring).

    Each scope is one primary-key probe of ``scope_members`` per candidate row; "no scope" is
    one probe of its ``rid`` index.
    """
    if scopes is None:
        return "", []
    if not scopes:
        return (
            f" AND NOT EXISTS (SELECT 1 FROM scope_members m WHERE m.rid = {alias}.rid)",
            [],
        )
    member = (
        f" AND EXISTS (SELECT 1 FROM scope_members m WHERE m.scope = ? AND m.rid = {alias}.rid)"
    )
    return member * len(scopes), list(probes(scopes))


def _marks(values: Sequence[object]) -> str:
    return placeholders(len(values))


class BlockingQueries(Protocol):
    """Bounded, read-only candidate queries for one resolution.

    Calling contract: called by the resolver (``worlddb.resolver.blocking.Blocker``,
    ``AcronymIndex``, ``within_scopes``) on whichever thread resolves: the reconciler's write
    thread before or inside its write transaction (then reads see that transaction's rows), or
    any reader thread. Every call is one or a few index lookups and returns plain rows; the
    caller may not write through it, hold it across a transaction boundary it does not own, or
    expect ranking (candidate queries are unranked and cut at ``limit``).
    """

    def fts_names(
        self, expression: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        """Worlds of ``types`` whose name matches the FTS5 ``expression``; ``limit`` max."""
        ...

    def alias_range(
        self,
        lower: str,
        upper: str,
        types: Sequence[str],
        scopes: Sequence[str] | None,
        limit: int,
    ) -> list[NodeRow]:
        """Worlds with a normalised alias in ``[lower, upper)``; ``limit`` max."""
        ...

    def phonetic_names(
        self, key: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        """Worlds whose name has phonetic ``key``; ``limit`` max."""
        ...

    def phonetic_aliases(
        self, key: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        """Worlds with an alias of phonetic ``key``; ``limit`` max."""
        ...

    def by_rids(
        self, rids: Sequence[int], types: Sequence[str], scopes: Sequence[str] | None
    ) -> list[NodeRow]:
        """The worlds with these row ids that have one of ``types`` (gone rows are skipped)."""
        ...

    def aliases_of(self, ids: Sequence[str]) -> list[tuple[str, str]]:
        """``(world id, alias)`` for every alias of ``ids``, newest first."""
        ...

    def admitted(self, ids: Sequence[str], scopes: Sequence[str] | None) -> set[str]:
        """The ids among ``ids`` whose worlds ``scopes`` admits."""
        ...

    def names_after(self, rid: int) -> list[tuple[int, str, str]]:
        """``(rid, type, name)`` of every world stored above row id ``rid``, in rid order."""
        ...

    def context_names(self, world: str, limit: int) -> list[str]:
        """Names of the entities tied to ``world``: one live edge away (not ``same_as``), or
        referred to by a world that refers to it (two facts' worth of ``refers_to``); each way
        cut at ``limit``."""
        ...


class ReclusterQueries(Protocol):
    """Reads of the post-commit recluster pass (``worlddb.resolver.recluster``).

    Calling contract: called by the recluster pass (on its background thread, so it reads the
    committed state), after the commit and outside any write transaction; reads only, bounded
    by ``limit`` or by the ids given. The pass may not write through it (its proposals go
    through the reconciler).
    """

    def neighbours(self, world: str, limit: int, *, hub_types: Sequence[str] = ()) -> list[str]:
        """Up to ``limit`` worlds one live edge away from ``world`` each way.

        A world of one of ``hub_types`` is never returned, and has no neighbours itself: a
        hub (a Scope holding every memory of a user) ties unrelated worlds together.
        """
        ...

    def context_names(self, world: str, limit: int) -> list[str]:
        """As ``BlockingQueries.context_names``: the names of the entities tied to ``world``."""
        ...

    def entity_names(
        self, ids: Sequence[str], types: Sequence[str]
    ) -> list[tuple[str, str, str, tuple[str, ...]]]:
        """``(id, type, name, aliases)`` of the named worlds of ``types`` among ``ids``."""
        ...


class ResolverReads(BlockingQueries, ReclusterQueries, Protocol):
    """Everything the resolver reads: what a store serves as ``Store.resolver_queries``."""


@runtime_checkable
class ServesResolverReads(Protocol):
    """A store (rather than its resolver reads): the resolver's helpers accept either, and
    this one-member check tells them apart without naming a backend's class."""

    @property
    def resolver_queries(self) -> ResolverReads: ...


def resolver_reads_of(source: ServesResolverReads | Q) -> ResolverReads | Q:
    """The resolver's reads of ``source``: a store's ``resolver_queries``, or ``source`` itself
    when it already is such reads (a write transaction's, a test's fake)."""
    return source.resolver_queries if isinstance(source, ServesResolverReads) else source


class ResolverQueries:
    """``BlockingQueries`` and ``ReclusterQueries`` over a store's connection (see the module
    docstring): SQLite's statements, which ``PgStore`` runs through its dialect layer."""

    def __init__(self, store: Connected) -> None:
        self.store = store

    def _rows(self, sql: str, args: Sequence[object]) -> list[NodeRow]:
        with self.store._guard:
            rows = self.store._connection.execute(sql, list(args)).fetchall()
        return [(int(r[0]), hexid(r[1]), str(r[2]), str(r[3])) for r in rows]

    # -- blocking -------------------------------------------------------------------------------
    def fts_names(
        self, expression: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        within, scoped = scope_condition("n", scopes)
        sql = (
            "SELECT n.rid, n.id, n.type, n.name FROM fts JOIN nodes n ON n.rid = fts.rowid "
            f"WHERE fts MATCH ? AND n.type IN ({_marks(types)}){within} LIMIT ?"
        )
        return self._rows(sql, [expression, *types, *scoped, limit])

    def alias_range(
        self,
        lower: str,
        upper: str,
        types: Sequence[str],
        scopes: Sequence[str] | None,
        limit: int,
    ) -> list[NodeRow]:
        within, scoped = scope_condition("n", scopes)
        sql = (
            "SELECT n.rid, n.id, n.type, n.name FROM aliases a CROSS JOIN nodes n "
            "ON n.id = a.node WHERE a.norm_alias >= ? AND a.norm_alias < ? "
            f"AND n.type IN ({_marks(types)}){within} LIMIT ?"
        )
        return self._rows(sql, [lower, upper, *types, *scoped, limit])

    def phonetic_names(
        self, key: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        within, scoped = scope_condition("n", scopes)
        sql = (
            "SELECT n.rid, n.id, n.type, n.name FROM nodes n WHERE n.phonetic = ? "
            f"AND n.phonetic != '' AND n.type IN ({_marks(types)}){within} LIMIT ?"
        )
        return self._rows(sql, [key, *types, *scoped, limit])

    def phonetic_aliases(
        self, key: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        within, scoped = scope_condition("n", scopes)
        sql = (
            "SELECT n.rid, n.id, n.type, n.name FROM aliases a CROSS JOIN nodes n "
            "ON n.id = a.node WHERE a.phonetic = ? AND a.phonetic != '' "
            f"AND n.type IN ({_marks(types)}){within} LIMIT ?"
        )
        return self._rows(sql, [key, *types, *scoped, limit])

    def by_rids(
        self, rids: Sequence[int], types: Sequence[str], scopes: Sequence[str] | None
    ) -> list[NodeRow]:
        if not rids:
            return []
        within, scoped = scope_condition("n", scopes)
        sql = (
            f"SELECT n.rid, n.id, n.type, n.name FROM nodes n WHERE n.rid IN ({_marks(rids)}) "
            f"AND n.type IN ({_marks(types)}){within}"
        )
        return self._rows(sql, [*rids, *types, *scoped])

    def aliases_of(self, ids: Sequence[str]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        with self.store._guard:
            for chunk, marks in chunked(probes(ids)):
                out += [
                    (hexid(node), str(alias))
                    for node, alias in self.store._connection.execute(
                        f"SELECT node, alias FROM aliases WHERE node IN ({marks}) "
                        "ORDER BY recorded_at DESC",
                        chunk,
                    )
                ]
        return out

    def admitted(self, ids: Sequence[str], scopes: Sequence[str] | None) -> set[str]:
        condition, params = scope_condition("n", scopes)
        kept: set[str] = set()
        with self.store._guard:
            for chunk, marks in chunked(probes(ids)):
                kept |= {
                    hexid(r[0])
                    for r in self.store._connection.execute(
                        f"SELECT n.id FROM nodes n WHERE n.id IN ({marks}){condition}",
                        [*chunk, *params],
                    )
                }
        return kept

    def names_after(self, rid: int) -> list[tuple[int, str, str]]:
        with self.store._guard:
            rows = self.store._connection.execute(
                "SELECT rid, type, name FROM nodes WHERE rid > ? ORDER BY rid", (rid,)
            ).fetchall()
        return [(int(r), str(kind), str(name)) for r, kind, name in rows]

    def context_names(self, world: str, limit: int) -> list[str]:
        types = sorted(ENTITY_TYPES)
        live = "status NOT IN ('retired', 'rejected')"
        sql = (
            "SELECT n.name FROM ("
            f"SELECT dst AS other FROM (SELECT dst FROM edges WHERE src = ? AND type != 'same_as' "
            f"AND {live} LIMIT ?) "
            "UNION ALL SELECT src FROM (SELECT src FROM edges WHERE dst = ? "
            f"AND type NOT IN ('same_as', 'refers_to', 'contains') AND {live} LIMIT ?) "
            "UNION ALL SELECT b.dst FROM (SELECT src FROM edges WHERE dst = ? "
            f"AND type = 'refers_to' AND {live} LIMIT ?) a "
            "JOIN edges b ON b.src = a.src AND b.type = 'refers_to' "
            f"AND b.status NOT IN ('retired', 'rejected') AND b.dst != ?"
            f") x JOIN nodes n ON n.id = x.other WHERE n.type IN ({_marks(types)}) "
            "AND n.name != '' LIMIT ?"
        )
        wid = probe(world)
        args = [wid, limit, wid, limit, wid, limit, wid, *types, limit]
        with self.store._guard:
            rows = self.store._connection.execute(sql, args).fetchall()
        return list(dict.fromkeys(str(r[0]) for r in rows))

    # -- recluster ------------------------------------------------------------------------------
    def neighbours(self, world: str, limit: int, *, hub_types: Sequence[str] = ()) -> list[str]:
        marks = ",".join("?" * len(hub_types))
        skip = f"AND n.type NOT IN ({marks})" if hub_types else ""
        wid = probe(world)
        with self.store._guard:
            if (
                hub_types
                and self.store._connection.execute(
                    f"SELECT 1 FROM nodes WHERE id = ? AND type IN ({marks})", (wid, *hub_types)
                ).fetchone()
            ):
                return []
            rows = self.store._connection.execute(
                "SELECT dst FROM (SELECT e.dst FROM edges e JOIN nodes n ON n.id = e.dst "
                f"WHERE e.src = ? AND e.status NOT IN ('retired', 'rejected') {skip} LIMIT ?) "
                "UNION ALL SELECT src FROM (SELECT e.src FROM edges e JOIN nodes n "
                "ON n.id = e.src WHERE e.dst = ? AND e.status NOT IN ('retired', 'rejected') "
                f"{skip} LIMIT ?)",
                (wid, *hub_types, limit, wid, *hub_types, limit),
            ).fetchall()
        return [hexid(r[0]) for r in rows]

    def entity_names(
        self, ids: Sequence[str], types: Sequence[str]
    ) -> list[tuple[str, str, str, tuple[str, ...]]]:
        out: list[tuple[str, str, str, tuple[str, ...]]] = []
        with self.store._guard:
            for chunk, marks in chunked(probes(ids)):
                rows = self.store._connection.execute(
                    f"SELECT id, type, name FROM nodes WHERE id IN ({marks}) "
                    f"AND type IN ({','.join('?' * len(types))}) AND name != ''",
                    [*chunk, *types],
                ).fetchall()
                aliases: dict[str, list[str]] = {}
                for node, alias in self.store._connection.execute(
                    f"SELECT node, alias FROM aliases WHERE node IN ({marks})", chunk
                ):
                    aliases.setdefault(hexid(node), []).append(str(alias))
                out += [
                    (hexid(wid), str(kind), str(name), tuple(aliases.get(hexid(wid), ())))
                    for wid, kind, name in rows
                ]
        return out
