"""SQLite reads of the entity-graph lane and of hydration (names, mentions, edges, labels).

Every read is an index probe (``nodes`` by normalised name or primary key, ``aliases`` by
normalised alias, ``edges`` by ``(src|dst, type)``) bounded by a cap or by its input, so these
reads do not grow with the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from worlddb.model import Edge, NodeId
from worlddb.store.filters import WorldFilter
from worlddb.store.ids import hexid, probe, probes
from worlddb.store.lane_sql import LaneSql, where_sql
from worlddb.store.reads import EDGE_COLS, edge_from_row
from worlddb.store.sql import CHUNK, chunked

__all__ = ["GraphSql", "HydrationSql", "NameSql"]

_RECENCY: Final = "coalesce(n.valid_from, nullif(n.created_at, 0), n.ingested_at)"
_SIDES: Final = ("src", "dst")


class NameSql(LaneSql):
    """``NameQueries``: exact normalised names and aliases in one batched, indexed query."""

    def named(
        self, norms: Sequence[str], types: Sequence[str], flt: WorldFilter
    ) -> list[tuple[str, NodeId, str]]:
        where, params = where_sql(flt, "n")
        type_marks = ",".join("?" * len(types))
        out: list[tuple[str, NodeId, str]] = []
        with self.lock:
            # Each chunk appears twice in the statement: half a chunk keeps it under the limit.
            for chunk, marks in chunked(norms, CHUNK // 2):
                rows = self.conn.execute(
                    f"SELECT n.norm_name, n.id, 'exact' FROM nodes n WHERE n.norm_name IN "
                    f"({marks}) AND n.type IN ({type_marks}) AND {where} "
                    f"UNION SELECT a.norm_alias, n.id, 'alias' FROM aliases a "
                    f"CROSS JOIN nodes n ON n.id = a.node WHERE a.norm_alias IN ({marks}) "
                    f"AND n.type IN ({type_marks}) AND {where}",
                    [*chunk, *types, *params, *chunk, *types, *params],
                ).fetchall()
                out += [(str(norm), NodeId(hexid(wid)), str(tier)) for norm, wid, tier in rows]
        return out


class GraphSql(LaneSql):
    """``GraphQueries`` over ``edges`` (``edges_dst``/``edges_src`` indexes) and ``nodes``."""

    def mentioning(self, entity: NodeId, flt: WorldFilter, cap: int) -> list[tuple[int, int]]:
        where, params = where_sql(flt, "n")
        if flt.scopes is not None:
            # Scoped: the filter runs before the cap, still newest first off the (dst, type)
            # index (its rowid order), so other scopes' mentions never take a scope's places.
            sql = (
                f"SELECT n.rid, {_RECENCY} FROM edges e CROSS JOIN nodes n ON n.id = e.src "
                "WHERE e.dst = ? AND e.type = 'refers_to' AND e.status = 'active' "
                f"AND {where} ORDER BY e.rid DESC LIMIT ?"
            )
            args: list[object] = [probe(entity), *params, cap]
        else:
            # The newest edges first, straight off the (dst, type) index: no sort over every
            # mention.
            sql = (
                f"SELECT n.rid, {_RECENCY} FROM (SELECT src FROM edges WHERE dst = ? "
                "AND type = 'refers_to' AND status = 'active' ORDER BY rid DESC LIMIT ?) AS e "
                f"CROSS JOIN nodes n ON n.id = e.src WHERE {where}"
            )
            args = [probe(entity), cap, *params]
        with self.lock:
            rows = self.conn.execute(sql, args).fetchall()
        return [(int(rid), int(recency)) for rid, recency in rows]

    def neighbours(
        self,
        entity: NodeId,
        entity_types: Sequence[str],
        cap: int,
        flt: WorldFilter | None = None,
    ) -> list[NodeId]:
        marks = ",".join("?" * len(entity_types))
        # With a filter, a neighbour must pass it, checked before the inbound cap too.
        where, params = where_sql(flt, "n") if flt is not None else ("TRUE", [])
        inbound = (
            "SELECT src, rid FROM edges WHERE dst = ? AND type = 'refers_to' "
            "AND status = 'active' ORDER BY rid DESC LIMIT ?"
            if flt is None
            else "SELECT e.src, e.rid FROM edges e CROSS JOIN nodes n ON n.id = e.src "
            "WHERE e.dst = ? AND e.type = 'refers_to' AND e.status = 'active' "
            f"AND n.type IN ({marks}) AND {where} ORDER BY e.rid DESC LIMIT ?"
        )
        near = probe(entity)
        inbound_args = [near, cap] if flt is None else [near, *entity_types, *params, cap]
        with self.lock:
            rows = self.conn.execute(
                "SELECT other FROM ("
                "SELECT dst AS other, rid FROM edges WHERE src = ? AND ((type = 'same_as' AND "
                "status = 'accepted') OR (type = 'refers_to' AND status = 'active')) "
                "UNION ALL SELECT src AS other, rid FROM edges WHERE dst = ? AND type = 'same_as' "
                f"AND status = 'accepted' UNION ALL SELECT src AS other, rid FROM ({inbound})"
                f") AS x WHERE EXISTS (SELECT 1 FROM nodes n WHERE n.id = x.other AND n.type IN "
                f"({marks}) AND {where}) ORDER BY rid DESC",
                [near, near, *inbound_args, *entity_types, *params],
            ).fetchall()
        return [NodeId(hexid(r[0])) for r in rows]

    def rids_of(self, ids: Sequence[str]) -> dict[NodeId, int]:
        out: dict[NodeId, int] = {}
        with self.lock:
            for chunk, marks in chunked(probes(ids)):
                for wid, rid in self.conn.execute(
                    f"SELECT id, rid FROM nodes WHERE id IN ({marks})", chunk
                ):
                    out[NodeId(hexid(wid))] = int(rid)
        return out

    def edges_at(
        self,
        ids: Sequence[str],
        side: Literal["src", "dst"],
        types: Sequence[str] | None,
        statuses: Sequence[str],
    ) -> list[tuple[int, Edge]]:
        if side not in _SIDES:  # interpolated into the statement: never anything else
            raise ValueError(f"edge side must be 'src' or 'dst', not {side!r}")
        type_sql = f" AND type IN ({','.join('?' * len(types))})" if types else ""
        found: list[tuple[int, Edge]] = []
        with self.lock:
            for chunk, marks in chunked(probes(ids)):
                for row in self.conn.execute(
                    f"SELECT {EDGE_COLS}, rid FROM edges WHERE {side} IN ({marks}){type_sql} "
                    f"AND status IN ({','.join('?' * len(statuses))})",
                    [*chunk, *(types or ()), *statuses],
                ):
                    found.append((int(row[9]), edge_from_row(row)))
        return found

    def adjacency(
        self,
        ids: Sequence[str],
        side: Literal["src", "dst"],
        types: Sequence[str] | None,
        statuses: Sequence[str],
    ) -> list[tuple[NodeId, NodeId, str, str]]:
        if side not in _SIDES:  # interpolated into the statement: never anything else
            raise ValueError(f"edge side must be 'src' or 'dst', not {side!r}")
        far = "dst" if side == "src" else "src"
        type_sql = f" AND type IN ({','.join('?' * len(types))})" if types else ""
        found: list[tuple[NodeId, NodeId, str, str]] = []
        with self.lock:
            for chunk, marks in chunked(probes(ids)):
                for near_id, far_id, etype, eid in self.conn.execute(
                    f"SELECT {side}, {far}, type, id FROM edges WHERE {side} IN ({marks})"
                    f"{type_sql} AND status IN ({','.join('?' * len(statuses))})",
                    [*chunk, *(types or ()), *statuses],
                ):
                    found.append(
                        (NodeId(hexid(near_id)), NodeId(hexid(far_id)), str(etype), hexid(eid))
                    )
        return found


class HydrationSql(LaneSql):
    """``HydrationQueries``: scope and entity labels for a page of hits."""

    def speakers(self, rids: Sequence[int]) -> dict[int, str]:
        out: dict[int, str] = {}
        with self.lock:
            for chunk, marks in chunked(rids):
                for rid, name in self.conn.execute(
                    f"SELECT rid, name FROM nodes WHERE rid IN ({marks}) AND type = 'Turn'",
                    chunk,
                ):
                    out[int(rid)] = str(name)
        return out

    def scope_names(self, rids: Sequence[int]) -> dict[int, tuple[str, ...]]:
        out: dict[int, list[str]] = {}
        with self.lock:
            for chunk, marks in chunked(rids):
                for rid, name in self.conn.execute(
                    "SELECT m.rid, s.name FROM scope_members m JOIN nodes s ON s.id = m.scope "
                    f"WHERE m.rid IN ({marks}) ORDER BY s.name",
                    chunk,
                ):
                    out.setdefault(int(rid), []).append(str(name))
        return {rid: tuple(names) for rid, names in out.items()}

    def entity_names(self, ids: Sequence[str]) -> dict[NodeId, tuple[str, ...]]:
        out: dict[NodeId, list[str]] = {}
        with self.lock:
            for chunk, marks in chunked(probes(ids)):
                for src, name in self.conn.execute(
                    "SELECT e.src, n.name FROM edges e JOIN nodes n ON n.id = e.dst "
                    f"WHERE e.src IN ({marks}) AND e.type = 'refers_to' "
                    "AND e.status = 'active' ORDER BY e.rid",
                    chunk,
                ):
                    names = out.setdefault(NodeId(hexid(src)), [])
                    if name and name not in names:
                        names.append(str(name))
        return {wid: tuple(names) for wid, names in out.items()}
