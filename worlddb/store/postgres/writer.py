"""PostgreSQL's ``WriteTransaction``: the SQLite ``Writer`` over a translated connection.

Every write of ``worlddb.store._writer.Writer`` and every read it mixes in runs unchanged
through ``PgConnection`` (``worlddb.store.postgres.dialect``); only the statements SQLite
spells its own way are written here: the vector upserts (``INSERT OR REPLACE``; the content
vector also fills the pgvector column and, on the first vector of a dimension, creates that
dimension's HNSW index) and ``merge_fts`` (PostgreSQL has no segments to merge: a deleted
row's terms leave the table with the row, and its dead tuple at ``checkpoint()``).

``descendants`` (the scope-membership walk the reconciler makes per ``contains`` edge) is one
recursive CTE instead of a query per world. Row ids stay ``max(rid) + 1`` as in SQLite: every
write transaction holds the store's advisory write lock (``PgStore.transaction``), so no two
transactions assign at once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Final, cast

import numpy as np

from worlddb.model import NodeId, WorldSpec
from worlddb.store._writer import PurgedRow, Writer
from worlddb.store.ids import to_blob, to_blobs
from worlddb.store.lane_protocols import LaneQueries
from worlddb.store.postgres.bulk import PgDeferredUpkeep
from worlddb.store.postgres.dialect import PgConnection

__all__ = ["PgWriter", "hnsw_index_sql", "vector_literal"]

HNSW_M: Final = 16
HNSW_EF_CONSTRUCTION: Final = 64


def vector_literal(blob: bytes) -> str:
    """pgvector's text form of a little-endian float32 blob (``[0.1,0.2,...]``), lossless:
    ``repr`` of each float32 round-trips to the same float32."""
    values = np.frombuffer(blob, dtype="<f4")
    return "[" + ",".join(repr(float(v)) for v in values) + "]"


def hnsw_index_sql(dimension: int) -> str:
    """The partial HNSW index over the vectors of one ``dimension`` (cosine distance)."""
    dim = int(dimension)
    return (
        f"CREATE INDEX IF NOT EXISTS embeddings_hnsw_{dim} ON embeddings USING hnsw "
        f"((vec::vector({dim})) vector_cosine_ops) WITH (m = {HNSW_M}, "
        f"ef_construction = {HNSW_EF_CONSTRUCTION}) WHERE vector_dims(vec) = {dim}"
    )


_PUT_EMBEDDING: Final = (
    "INSERT INTO embeddings (rid, text_hash, vector, vec) VALUES (%s, %s, %s, %s::vector) "
    "ON CONFLICT (rid) DO UPDATE SET text_hash = excluded.text_hash, "
    "vector = excluded.vector, vec = excluded.vec"
)
"""Deferred (``PgConnection.defer``): a transaction's vectors go in one ``executemany``."""

_PUT_COMPOSED: Final = (
    "INSERT INTO composed_embeddings (rid, kind, vector) VALUES (%s, %s, %s) "
    "ON CONFLICT (rid, kind) DO UPDATE SET vector = excluded.vector"
)
_ADD_MEMBER: Final = "INSERT INTO scope_members (scope, rid) VALUES (%s, %s) ON CONFLICT DO NOTHING"
_ADD_PROVENANCE: Final = (
    "INSERT INTO provenance (node, source, recorded_at) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING"
)
"""Deferred too: nothing reads what these inserts return."""

_DESCENDANTS: Final = (
    "WITH RECURSIVE d(id) AS (SELECT unnest(%s::bytea[]) UNION "
    "SELECT x.dst FROM d, LATERAL (SELECT e.dst FROM edges e WHERE e.src = d.id "
    "AND e.type = 'contains' AND e.status = 'active' OFFSET 0) x) "
    "SELECT n.rid FROM d, LATERAL (SELECT rid FROM nodes WHERE id = d.id OFFSET 0) n"
)
"""Each step an index lookup (``LATERAL ... OFFSET 0`` keeps the planner from turning the
recursive join into a hash join over all of ``edges``, which it estimates the work table
large enough for: 8 ms per call at 5k notes against 0.8 ms, and growing with the store)."""
_DESCENDANTS_MANY: Final = (
    "WITH RECURSIVE d(root, id) AS (SELECT r, r "
    "FROM unnest(%s::bytea[]) AS r UNION "
    "SELECT d.root, x.dst FROM d, LATERAL (SELECT e.dst FROM edges e WHERE e.src = d.id "
    "AND e.type = 'contains' AND e.status = 'active' OFFSET 0) x) "
    "SELECT d.root, n.rid FROM d, LATERAL (SELECT rid FROM nodes WHERE id = d.id OFFSET 0) n"
)
"""The same walk from many roots at once, each row tagged with its root."""
_OUT_EDGES: Final = (
    "SELECT dst FROM edges WHERE src = ? AND type = ? AND status NOT IN ('retired', 'rejected')"
)
"""``WalkMixin.reaches``'s step (the memo key) and its batched form below."""
_OUT_EDGES_MANY: Final = (
    "SELECT src, dst FROM edges WHERE src = ANY(%s) AND type = %s "
    "AND status NOT IN ('retired', 'rejected')"
)


class PgWriter(Writer):
    """One PostgreSQL write transaction (see the module docstring)."""

    def __init__(
        self,
        conn: PgConnection,
        now: int,
        dimensions: set[int],
        upkeep: PgDeferredUpkeep | None = None,
    ) -> None:
        super().__init__(cast(sqlite3.Connection, conn), now)
        self._pg = conn
        self._dimensions = dimensions  # the store's known HNSW dimensions (shared, grows)
        self._upkeep = upkeep
        self._primed: dict[str, int] = {}  # per batched read: how far into ``_added_ids``
        self._added_ids: list[str] = []
        self.new_rids: dict[str, int] = {}
        """Row ids this transaction assigned, by world id: ``rid_of`` answers them without
        a round trip, and the composition reads batch over them (``PgLanes``)."""
        self.added_rids: list[int] = []
        self.added_rid_set: set[int] = set()
        """The same row ids in the order assigned (purged ones too): a batched read takes
        the ones added since its last batch, not a scan of all of them (``PgLanes``)."""

    @property
    def deferring(self) -> bool:
        """Whether a bulk load still defers the B-trees of ``nodes`` and ``edges``
        (``worlddb.store.postgres.bulk``; the full-text rows are written as usual)."""
        return self._upkeep is not None and self._upkeep.structure_active

    def end_deferral(self) -> None:
        """Rebuild the deferred B-trees (the lane indexes wait: ``finish_lanes``)."""
        if self._upkeep is not None:
            self._upkeep.finish_structure()

    @property
    def _defers_fts(self) -> bool:
        return False

    def insert_new_worlds(self, rows: list[tuple[NodeId, WorldSpec, bytes, bool]]) -> list[int]:
        rids = super().insert_new_worlds(rows)
        self.new_rids.update((str(row[0]), rid) for row, rid in zip(rows, rids, strict=True))
        self._added_ids += [str(row[0]) for row in rows]
        self.added_rids += rids
        self.added_rid_set.update(rids)
        return rids

    def rid_of(self, world_id: str) -> int | None:
        found = self.new_rids.get(world_id)
        return found if found is not None else super().rid_of(world_id)

    def purge_world(self, wid: str) -> PurgedRow | None:
        self.new_rids.pop(wid, None)
        return super().purge_world(wid)

    @cached_property
    def lanes(self) -> LaneQueries:
        """The lanes' queries over this transaction's connection (own rows visible)."""
        from worlddb.store.postgres.lanes import PgLanes

        return PgLanes(self)

    def put_embedding(self, rid: int, text_hash: str, vector: bytes) -> None:
        dim = len(vector) // 4
        if dim not in self._dimensions:
            if self._upkeep is not None and self._upkeep.lanes_active:
                self._upkeep.dimensions.add(dim)  # built at the end of the bulk load
            else:
                self._pg.read(hnsw_index_sql(dim))
            self._dimensions.add(dim)
        self._pg.defer(_PUT_EMBEDDING, (rid, text_hash, vector, vector_literal(vector)))

    def add_provenance(self, wid: str, source: str) -> None:
        """Deferred like the vectors: nothing reads what the insert returns."""
        self._pg.defer(_ADD_PROVENANCE, (to_blob(wid), source, self._now))

    def put_composed(self, rid: int, kind: str, vector: bytes) -> None:
        self._pg.defer(_PUT_COMPOSED, (rid, kind, vector))

    def add_scope_members(self, scope: str, rids: Iterable[int]) -> None:
        scope_key = to_blob(scope)
        for rid in rids:
            self._pg.defer(_ADD_MEMBER, (scope_key, rid))

    def descendants(self, roots: Sequence[str]) -> list[int]:
        """Row ids of ``roots`` and all they contain: one recursive query, not one per world;
        asked for one world this transaction added, it answers for all of them at once (the
        ``contains`` handler asks once per new member of a scope)."""
        if not roots:
            return []
        if len(roots) == 1 and roots[0] in self.new_rids:
            self._prime("descendants", _DESCENDANTS_MANY, _DESCENDANTS, ())
        return [int(r[0]) for r in self._pg.read(_DESCENDANTS, (to_blobs(roots),))]

    def reaches(self, start: str, goal: str, *, edge_type: str, limit: int = 10_000) -> bool:
        """``Writer.reaches``; its first step from a world this transaction added is read for
        all of them at once (the cycle check asks once per new edge)."""
        if start in self.new_rids:
            self._prime(f"reaches {edge_type}", _OUT_EDGES_MANY, _OUT_EDGES, (edge_type,))
        return super().reaches(start, goal, edge_type=edge_type, limit=limit)

    def _prime(self, name: str, batched: str, single: str, extra: tuple[str, ...]) -> None:
        """Read ``batched`` (``root, value`` rows) for the new worlds not yet read under
        ``name`` and keep the answers in the memo as ``single``'s, one per world."""
        at = self._primed.get(name, 0)
        # only the worlds added since the last batch (a bulk load adds a million)
        todo = [wid for wid in self._added_ids[at:] if wid in self.new_rids]
        self._primed[name] = len(self._added_ids)
        if not todo:
            return
        answers: dict[bytes, list[tuple[object]]] = {to_blob(wid): [] for wid in todo}
        for root, value in self._pg.read(batched, (list(answers), *extra)).fetchall():
            answers[bytes(root)].append((value,))
        if single is _DESCENDANTS:
            self._pg.prime(single, {((w,),): rows for w, rows in answers.items()}, native=True)
        else:
            self._pg.prime(single, {(w, *extra): rows for w, rows in answers.items()})

    def merge_fts(self) -> None:
        """Nothing to merge: a deleted row's terms left ``fts`` with the row."""
