"""Typed read queries over the store's tables. Reads never write.

Bitemporal filters are built here in one place (``visibility_sql``): a read pins valid time
(``valid_at``) and/or ingest time (``known_at``). Pinning ingest time replays the validity that
was recorded at that time from ``validity_log`` instead of the current projection row.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from worlddb.errors import AmbiguousIdError, NotFoundError, ValidationError
from worlddb.hashing import decode_world, is_node_id
from worlddb.model import Edge, MergeProposal, NodeId, World
from worlddb.store.ids import hexid, prefix_range, probe, probes
from worlddb.store.sql import ConnectionMixin, chunked, placeholders

__all__ = ["EDGE_COLS", "MIN_PREFIX", "ReadMixin", "TimeView", "edge_from_row", "visibility_sql"]

MIN_PREFIX = 8
_INF = 2**62  # an "unbounded" stand-in beyond any representable microsecond time
_HEXCHARS = frozenset("0123456789abcdef")
_NODE_COLS = (
    "n.rid, n.id, n.type, n.name, n.content, n.created_at, n.parent, "
    "n.valid_from, n.valid_to, n.ingested_at, n.flags"
)


@dataclass(frozen=True, slots=True)
class TimeView:
    """A point on both time axes. ``valid_at=None`` means "now"; ``include_closed`` shows all.

    ``known_at`` pins ingest time: only worlds ingested by then, with the validity known then.
    """

    valid_at: int | None = None
    known_at: int | None = None
    include_closed: bool = False


def visibility_sql(view: TimeView, now: int, alias: str = "n") -> tuple[str, list[object]]:
    """A WHERE fragment (and its parameters) selecting the worlds ``view`` can see."""
    clauses: list[str] = []
    params: list[object] = []
    if view.known_at is not None:
        clauses.append(f"{alias}.ingested_at <= ?")
        params.append(view.known_at)
    if view.include_closed:
        return (" AND ".join(clauses) or "TRUE"), params
    moment = now if view.valid_at is None else view.valid_at
    if view.known_at is None:
        clauses.append(f"({alias}.valid_from IS NULL OR {alias}.valid_from <= ?)")
        clauses.append(f"({alias}.valid_to IS NULL OR {alias}.valid_to > ?)")
        params += [moment, moment]
    else:
        # Validity as recorded at known_at: the last logged state at or before it, or the
        # projection row when the world's validity never changed (nothing was logged).
        sub = (
            f"(SELECT coalesce(v.{{col}}, {{inf}}) FROM validity_log v WHERE v.rid = {alias}.rid "
            "AND v.recorded_at <= ? ORDER BY v.recorded_at DESC, v.seq DESC LIMIT 1)"
        )
        vf = (
            f"coalesce({sub.format(col='valid_from', inf=-_INF)}, "
            f"coalesce({alias}.valid_from, {-_INF}))"
        )
        vt = f"coalesce({sub.format(col='valid_to', inf=_INF)}, coalesce({alias}.valid_to, {_INF}))"
        clauses.append(f"{vf} <= ?")
        clauses.append(f"{vt} > ?")
        params += [view.known_at, moment, view.known_at, moment]
    return " AND ".join(clauses), params


class ReadMixin(ConnectionMixin):
    """Typed reads of ``Store`` and of the write transaction (see ``ConnectionMixin``): each takes
    ``_guard`` around its query, so a thread that is writing reads its own transaction."""

    # -- worlds ---------------------------------------------------------------------------------
    def find_world(self, world_id: str) -> World | None:
        """The world with this full id, or ``None``."""
        with self._guard:
            row = self._connection.execute(
                f"SELECT {_NODE_COLS}, b.body FROM nodes n JOIN blobs b ON b.id = n.id "
                "WHERE n.id = ?",
                (probe(world_id),),
            ).fetchone()
            return None if row is None else self._world_from_row(row)

    def get_world(self, world_id: str) -> World:
        """The world with this full id or unique prefix; raises ``NotFoundError``."""
        found = self.find_world(self.resolve_id(world_id))
        if found is None:
            raise NotFoundError(world_id)
        return found

    def resolve_id(self, id_or_prefix: str) -> NodeId:
        """A full id from a full id or a unique prefix of at least 8 hex characters."""
        text = id_or_prefix.strip().lower() if isinstance(id_or_prefix, str) else ""
        if is_node_id(text):
            return NodeId(text)
        if len(text) < MIN_PREFIX or not set(text) <= _HEXCHARS:
            raise ValidationError(
                f"world id {id_or_prefix!r} must be 64 hex characters or a prefix of at least "
                f"{MIN_PREFIX}",
                field="id",
                value=id_or_prefix,
            )
        with self._guard:
            rows = self._connection.execute(
                "SELECT id FROM nodes WHERE id >= ? AND id < ? ORDER BY id LIMIT 11",
                prefix_range(text),
            ).fetchall()
        if not rows:
            raise NotFoundError(id_or_prefix)
        if len(rows) > 1:
            raise AmbiguousIdError(id_or_prefix, [hexid(r[0]) for r in rows])
        return NodeId(hexid(rows[0][0]))

    def worlds_by_rid(self, rids: Iterable[int]) -> dict[int, World]:
        """Load many worlds by row id in one query per 500 ids."""
        wanted = list(dict.fromkeys(rids))
        out: dict[int, World] = {}
        with self._guard:
            for chunk, marks in chunked(wanted):
                rows = self._connection.execute(
                    f"SELECT {_NODE_COLS}, b.body FROM nodes n JOIN blobs b ON b.id = n.id "
                    f"WHERE n.rid IN ({marks})",
                    chunk,
                ).fetchall()
                ids = [hexid(row[1]) for row in rows]
                prov = self._grouped("provenance", "source", ids)
                aliases = self._grouped("aliases", "alias", ids)
                for row in rows:
                    wid = hexid(row[1])
                    out[int(row[0])] = self._world_from_row(
                        row, prov.get(wid, ()), aliases.get(wid, ())
                    )
        return out

    def _grouped(self, table: str, column: str, ids: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """``column`` of ``table`` for many nodes in one query, in the per-node read's order."""
        if not ids:
            return {}
        marks = placeholders(len(ids))
        out: dict[str, list[str]] = {}
        for node, value in self._connection.execute(
            f"SELECT node, {column} FROM {table} WHERE node IN ({marks}) "
            f"ORDER BY node, recorded_at, {column}",
            probes(ids),
        ):
            out.setdefault(hexid(node), []).append(str(value))
        return {node: tuple(values) for node, values in out.items()}

    def rid_of(self, world_id: str) -> int | None:
        with self._guard:
            row = self._connection.execute(
                "SELECT rid FROM nodes WHERE id = ?", (probe(world_id),)
            ).fetchone()
        return None if row is None else int(row[0])

    def ids_of(self, rids: Sequence[int]) -> dict[int, NodeId]:
        out: dict[int, NodeId] = {}
        with self._guard:
            for chunk, marks in chunked(rids):
                for rid, wid in self._connection.execute(
                    f"SELECT rid, id FROM nodes WHERE rid IN ({marks})", chunk
                ):
                    out[int(rid)] = NodeId(hexid(wid))
        return out

    def exists(self, world_id: str) -> bool:
        return self.rid_of(world_id) is not None

    def existing(self, world_ids: Iterable[str]) -> set[str]:
        """The subset of ``world_ids`` that are stored (one query per 500 ids)."""
        wanted = list(dict.fromkeys(world_ids))
        found: set[str] = set()
        with self._guard:
            for chunk, marks in chunked(wanted):
                found.update(
                    hexid(r[0])
                    for r in self._connection.execute(
                        f"SELECT id FROM nodes WHERE id IN ({marks})", probes(chunk)
                    )
                )
        return found

    def blob(self, world_id: str) -> bytes | None:
        with self._guard:
            row = self._connection.execute(
                "SELECT body FROM blobs WHERE id = ?", (probe(world_id),)
            ).fetchone()
        return None if row is None else bytes(row[0])

    def _world_from_row(
        self,
        row: Sequence[Any],
        prov: tuple[str, ...] | None = None,
        aliases: tuple[str, ...] | None = None,
    ) -> World:
        """A ``World`` from a node row plus blob; provenance and aliases are read unless given
        (``worlds_by_rid`` reads them for a whole batch in two queries instead of two per world).
        """
        body = row[11]
        assert isinstance(body, bytes)
        spec = decode_world(body, verify=False)
        wid = hexid(row[1])
        if prov is None:
            prov = tuple(
                r[0]
                for r in self._connection.execute(
                    "SELECT source FROM provenance WHERE node = ? ORDER BY recorded_at, source",
                    (row[1],),
                )
            )
        if aliases is None:
            aliases = tuple(
                r[0]
                for r in self._connection.execute(
                    "SELECT alias FROM aliases WHERE node = ? ORDER BY recorded_at, alias",
                    (row[1],),
                )
            )
        flags = frozenset(f for f in str(row[10]).split(",") if f)
        return World(
            id=NodeId(wid),
            type=str(row[2]),
            name=str(row[3]),
            content=str(row[4]),
            children=tuple(NodeId(c) for c in spec.children),
            edges=spec.edges,
            created_at=int(row[5]),
            parent=None if row[6] is None else NodeId(hexid(row[6])),
            valid_from=row[7],
            valid_to=row[8],
            ingested_at=int(row[9]),
            provenance=prov,
            aliases=aliases,
            flags=flags,
        )

    def visible_rids(self, rids: Sequence[int], view: TimeView, now: int) -> set[int]:
        """The subset of ``rids`` that ``view`` can see."""
        where, params = visibility_sql(view, now)
        out: set[int] = set()
        with self._guard:
            for chunk, marks in chunked(rids):
                for (rid,) in self._connection.execute(
                    f"SELECT n.rid FROM nodes n WHERE n.rid IN ({marks}) AND {where}",
                    [*chunk, *params],
                ):
                    out.add(int(rid))
        return out

    def list_worlds(
        self,
        *,
        types: Sequence[str] | None = None,
        view: TimeView,
        now: int,
        scope_ids: Sequence[str] | None = None,
        after_rid: int = 0,
        limit: int = 50,
    ) -> list[World]:
        """Worlds in rid order (a stable cursor), filtered by type, scope and time."""
        where, params = visibility_sql(view, now)
        clauses = [where, "n.rid > ?"]
        params.append(after_rid)
        if types:
            clauses.append(f"n.type IN ({placeholders(len(types))})")
            params += list(types)
        if scope_ids is not None:
            clauses.append(
                f"n.rid IN (SELECT rid FROM scope_members WHERE scope IN "
                f"({placeholders(len(scope_ids))}))"
            )
            params += probes(scope_ids)
        with self._guard:
            rows = self._connection.execute(
                f"SELECT {_NODE_COLS}, b.body FROM nodes n JOIN blobs b ON b.id = n.id "
                f"WHERE {' AND '.join(clauses)} ORDER BY n.rid LIMIT ?",
                [*params, limit],
            ).fetchall()
            return [self._world_from_row(r) for r in rows]

    def find_by_name(self, norm: str, *, types: Sequence[str] | None = None) -> list[NodeId]:
        """Worlds whose normalised name or alias equals ``norm`` (the resolver's exact tier)."""
        type_sql = f" AND n.type IN ({placeholders(len(types))})" if types else ""
        args: list[object] = [norm, *(types or ())]
        with self._guard:
            rows = self._connection.execute(
                f"SELECT n.id FROM nodes n WHERE n.norm_name = ?{type_sql} "
                f"UNION SELECT n.id FROM aliases a JOIN nodes n ON n.id = a.node "
                f"WHERE a.norm_alias = ?{type_sql}",
                [*args, *args],
            ).fetchall()
        return sorted(NodeId(hexid(r[0])) for r in rows)

    def find_by_names(
        self, norms: Sequence[str], *, types: Sequence[str] | None = None
    ) -> dict[str, list[NodeId]]:
        """``find_by_name`` for many names in one statement per chunk: an alias group of a
        country holds a hundred spellings, and a query per spelling cost milliseconds."""
        type_sql = f" AND n.type IN ({placeholders(len(types))})" if types else ""
        found: dict[str, set[NodeId]] = {}
        for chunk, marks in chunked(list(dict.fromkeys(norms))):
            with self._guard:
                rows = self._connection.execute(
                    f"SELECT n.norm_name, n.id FROM nodes n WHERE n.norm_name IN ({marks})"
                    f"{type_sql} UNION SELECT a.norm_alias, n.id FROM aliases a "
                    f"JOIN nodes n ON n.id = a.node WHERE a.norm_alias IN ({marks}){type_sql}",
                    [*chunk, *(types or ()), *chunk, *(types or ())],
                ).fetchall()
            for norm, wid in rows:
                found.setdefault(str(norm), set()).add(NodeId(hexid(wid)))
        return {norm: sorted(ids) for norm, ids in found.items()}

    # -- edges ----------------------------------------------------------------------------------
    def edges_of(
        self,
        world_id: str,
        *,
        direction: str = "out",
        types: Sequence[str] | None = None,
        include_retired: bool = False,
    ) -> list[Edge]:
        """Edges leaving (``out``), entering (``in``) or touching (``both``) a world."""
        if direction not in {"out", "in", "both"}:
            raise ValidationError(
                f"direction must be 'out', 'in' or 'both', not {direction!r}",
                field="direction",
                value=direction,
            )
        sides = {"out": ["src"], "in": ["dst"], "both": ["src", "dst"]}[direction]
        out: list[Edge] = []
        with self._guard:
            for side in sides:
                sql = f"SELECT {EDGE_COLS} FROM edges WHERE {side} = ?"
                args: list[object] = [probe(world_id)]
                if types:
                    sql += f" AND type IN ({placeholders(len(types))})"
                    args += list(types)
                if not include_retired:
                    sql += " AND status NOT IN ('retired', 'rejected')"
                out += [
                    edge_from_row(r) for r in self._connection.execute(sql + " ORDER BY rid", args)
                ]
        return out

    def find_edge(self, edge_id: str) -> Edge | None:
        with self._guard:
            row = self._connection.execute(
                f"SELECT {EDGE_COLS} FROM edges WHERE id = ?", (probe(edge_id),)
            ).fetchone()
        return None if row is None else edge_from_row(row)

    def get_edge(self, edge_id: str) -> Edge:
        edge = self.find_edge(edge_id)
        if edge is None:
            raise NotFoundError(edge_id, "edge")
        return edge

    # -- proposals ------------------------------------------------------------------------------
    def proposals(self, status: str | None = "pending") -> list[MergeProposal]:
        sql = (
            "SELECT edge_id, src, dst, tier, score, evidence, status, created_at "
            "FROM merge_proposals"
        )
        args: list[object] = []
        if status is not None:
            sql += " WHERE status = ?"
            args.append(status)
        with self._guard:
            rows = self._connection.execute(sql + " ORDER BY created_at, edge_id", args).fetchall()
        return [
            MergeProposal(
                hexid(r[0]),
                NodeId(hexid(r[1])),
                NodeId(hexid(r[2])),
                r[3],
                float(r[4]),
                r[5],
                r[6],
                int(r[7]),
            )
            for r in rows
        ]

    def proposal_status(self, a: str, b: str) -> str | None:
        """The status of any proposal between ``a`` and ``b`` in either direction."""
        one, other = probe(a), probe(b)
        with self._guard:
            rows = self._connection.execute(
                "SELECT status FROM merge_proposals WHERE (src = ? AND dst = ?) "
                "OR (src = ? AND dst = ?)",
                (one, other, other, one),
            ).fetchall()
        statuses = {r[0] for r in rows}
        for status in ("rejected", "accepted", "pending"):
            if status in statuses:
                return status
        return None

    # -- scopes ---------------------------------------------------------------------------------
    def scope_counts(self) -> list[tuple[NodeId, str, int]]:
        """Every Scope world with its member count."""
        with self._guard:
            rows = self._connection.execute(
                "SELECT n.id, n.name, (SELECT count(*) FROM scope_members m WHERE m.scope = n.id) "
                "FROM nodes n WHERE n.type = 'Scope' ORDER BY n.name"
            ).fetchall()
        return [(NodeId(hexid(r[0])), str(r[1]), int(r[2])) for r in rows]

    def scopes_of(self, rid: int) -> list[NodeId]:
        with self._guard:
            rows = self._connection.execute(
                "SELECT scope FROM scope_members WHERE rid = ? ORDER BY scope", (rid,)
            ).fetchall()
        return [NodeId(hexid(r[0])) for r in rows]

    def meta(self, key: str) -> str | None:
        """A store-level setting (e.g. which embedder wrote the vectors), or ``None``."""
        with self._guard:
            row = self._connection.execute(
                "SELECT value FROM meta WHERE key = ?", (key,)
            ).fetchone()
        return None if row is None else str(row[0])

    def counts(self) -> dict[str, int]:
        """Row counts of the main tables (for ``verify``, benchmarks and status)."""
        out: dict[str, int] = {}
        with self._guard:
            for table in (
                "nodes",
                "edges",
                "blobs",
                "aliases",
                "provenance",
                "merge_proposals",
                "embeddings",
                "scope_members",
            ):
                out[table] = int(
                    self._connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                )
        return out


EDGE_COLS = "id, type, src, dst, props, valid_from, valid_to, ingested_at, status"


def edge_from_row(row: Sequence[Any]) -> Edge:
    return Edge(
        id=hexid(row[0]),
        type=str(row[1]),
        source=NodeId(hexid(row[2])),
        target=NodeId(hexid(row[3])),
        properties=json.loads(str(row[4])),
        valid_from=row[5],
        valid_to=row[6],
        ingested_at=int(row[7]),
        status=str(row[8]),
    )
