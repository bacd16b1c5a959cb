"""Private write primitives: SQLite's ``WriteTransaction``. Only the store and the reconciler
may import this module.

``Store.transaction()`` yields a ``Writer`` over its open ``BEGIN IMMEDIATE`` transaction; every
method runs inside it and none commits. Its reads (the typed reads of ``ReadMixin`` plus the
transaction's own lookups in ``walks``, ``erasure`` and ``vector_rows``) go through the same
connection, so they see the rows this transaction has written and not yet committed. The import
contract in pyproject.toml (import-linter) fails the build if any module outside ``worlddb.store``
and ``worlddb.reconciler`` imports it, so "the reconciler is the only write path" holds by
construction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import cached_property

from worlddb.hashing import properties_bytes
from worlddb.model import EdgeSpec, NodeId, WorldSpec, fts_columns
from worlddb.normalize import normalize_name
from worlddb.phonetic import phonetic_key
from worlddb.store.deferred import DeferredUpkeep
from worlddb.store.erasure import ClosureMixin
from worlddb.store.fact_reads import OpenFactReads
from worlddb.store.ids import hexid, probes, to_blob
from worlddb.store.lane_protocols import LaneQueries
from worlddb.store.lanes_sqlite import SqliteLanes
from worlddb.store.memory_reads import ScopeMemberReads
from worlddb.store.reads import ReadMixin
from worlddb.store.sql import chunked
from worlddb.store.vector_rows import VectorRowsMixin
from worlddb.store.walks import WalkMixin

__all__ = ["PurgedRow", "Writer"]


@dataclass(frozen=True, slots=True)
class PurgedRow:
    """A deleted world's row id (for the vector index) and whether it was full-text indexed."""

    rid: int
    was_searchable: bool


_EDGE_INSERT = (
    "(id, type, src, dst, props, valid_from, valid_to, ingested_at, status) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
"""The column list and placeholders shared by the bulk and the single edge insert."""


class Writer(ReadMixin, VectorRowsMixin, ScopeMemberReads, OpenFactReads, WalkMixin, ClosureMixin):
    """Row-level writes for one transaction, stamped with one ingest time ``now``.

    ``lock`` is the store's write lock (already held by the thread that opened the
    transaction; taking it again is free), so the inherited reads run unchanged on ``conn``.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        now: int,
        lock: AbstractContextManager[object] | None = None,
        deferred: DeferredUpkeep | None = None,
    ) -> None:
        self._conn = conn
        self._lock: AbstractContextManager[object] = lock if lock is not None else nullcontext()
        self._now = now
        self._deferred = deferred

    @property
    def deferring(self) -> bool:
        """Whether this (bulk) transaction still leaves indexes and full-text rows for later."""
        return self._deferred is not None and self._deferred.active

    def end_deferral(self) -> None:
        """Build what a bulk load deferred (indexes, full-text rows) now; a no-op otherwise."""
        if self._deferred is not None:
            self._deferred.finish()

    @property
    def _defers_fts(self) -> bool:
        """Whether new worlds' full-text rows wait for ``end_deferral`` (SQLite's bulk load)."""
        return self.deferring

    @property
    def now(self) -> int:
        """The ingest time every row of this transaction is stamped with."""
        return self._now

    @property
    def conn(self) -> sqlite3.Connection:
        """The write connection inside its open transaction (backend-internal)."""
        return self._conn

    @property
    def lock(self) -> AbstractContextManager[object]:
        return self._lock

    # The inherited typed reads (``ReadMixin``, ``VectorRowsMixin``) reach the connection by the
    # names the ``Store`` uses; inside a transaction both are this transaction's.
    _connection = conn
    _guard = lock

    @cached_property
    def lanes(self) -> LaneQueries:
        """The lanes' backend queries over this transaction's connection (own rows visible)."""
        return SqliteLanes(self)

    # -- worlds ---------------------------------------------------------------------------------
    def insert_world(
        self, wid: NodeId, spec: WorldSpec, body: bytes, *, searchable: bool
    ) -> int | None:
        """Insert one world (blob, node row, FTS row); ``None`` if it is already stored.

        ``body`` is the world's canonical bytes, already computed (and hashed to ``wid``) by
        the reconciler's validation.
        """
        if (
            self.conn.execute("SELECT 1 FROM blobs WHERE id = ?", (to_blob(wid),)).fetchone()
            is not None
        ):
            return None
        return self.insert_new_worlds([(wid, spec, body, searchable)])[0]

    def insert_new_worlds(self, rows: list[tuple[NodeId, WorldSpec, bytes, bool]]) -> list[int]:
        """Bulk-insert worlds known to be absent (checked inside this transaction).

        Row ids are assigned here so the node, validity and FTS rows can each be written with
        one ``executemany``; returns the rids in input order.
        """
        if not rows:
            return []
        (top,) = self.conn.execute("SELECT coalesce(max(rid), 0) FROM nodes").fetchone()
        rids = list(range(int(top) + 1, int(top) + 1 + len(rows)))
        self.conn.executemany(
            "INSERT INTO blobs (id, body) VALUES (?, ?)",
            [(to_blob(wid), body) for wid, _, body, _ in rows],
        )
        self.conn.executemany(
            "INSERT INTO nodes (rid, id, type, name, norm_name, content, created_at, valid_from, "
            "valid_to, ingested_at, flags, fts_indexed, phonetic) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    rid,
                    to_blob(wid),
                    spec.type,
                    spec.name,
                    normalize_name(spec.name),
                    spec.content,
                    spec.created_at,
                    spec.valid_from,
                    spec.valid_to,
                    self._now,
                    ",".join(sorted(spec.flags)),
                    int(searchable),
                    phonetic_key(spec.name),
                )
                for rid, (wid, spec, _, searchable) in zip(rids, rows, strict=True)
            ],
        )
        if not self._defers_fts:  # else ``DeferredUpkeep.finish`` writes them in one pass
            self.conn.executemany(
                "INSERT INTO fts (rowid, name, content) VALUES (?, ?, ?)",
                [
                    (rid, *fts_columns(spec.type, spec.name, spec.content))
                    for rid, (_, spec, _, searchable) in zip(rids, rows, strict=True)
                    if searchable
                ],
            )
        return rids

    def set_parents(self, pairs: list[tuple[str, str]]) -> None:
        """Point each child at its containing world: ``(child, parent)`` pairs."""
        self.conn.executemany(
            "UPDATE nodes SET parent = ? WHERE id = ?",
            [(to_blob(parent), to_blob(child)) for child, parent in pairs],
        )

    def insert_new_edges(self, rows: list[tuple[str, EdgeSpec]]) -> None:
        """Bulk-insert edges known to be absent (checked inside this transaction)."""
        now = self._now
        self.conn.executemany(
            f"INSERT INTO edges {_EDGE_INSERT}",
            [
                (
                    to_blob(eid),
                    spec.type,
                    to_blob(spec.source),
                    to_blob(spec.target),
                    properties_bytes(spec.properties).decode("utf-8") if spec.properties else "{}",
                    spec.valid_from,
                    spec.valid_to,
                    now,
                    "active",
                )
                for eid, spec in rows
            ],
        )

    def _edge_row(self, eid: str, spec: EdgeSpec, status: str = "active") -> tuple[object, ...]:
        return (
            to_blob(eid),
            spec.type,
            to_blob(spec.source),
            to_blob(spec.target),
            properties_bytes(spec.properties).decode("utf-8"),
            spec.valid_from,
            spec.valid_to,
            self._now,
            status,
        )

    def existing_edges(self, edge_ids: list[str]) -> set[str]:
        """The subset of ``edge_ids`` already stored."""
        found: set[str] = set()
        for chunk, marks in chunked(probes(edge_ids)):
            found.update(
                hexid(r[0])
                for r in self.conn.execute(f"SELECT id FROM edges WHERE id IN ({marks})", chunk)
            )
        return found

    def set_parent(self, child: str, parent: str) -> None:
        self.conn.execute(
            "UPDATE nodes SET parent = ? WHERE id = ?", (to_blob(parent), to_blob(child))
        )

    def add_flags(self, wid: str, flags: Iterable[str]) -> None:
        row = self.conn.execute("SELECT flags FROM nodes WHERE id = ?", (to_blob(wid),)).fetchone()
        merged = sorted({*(f for f in str(row[0]).split(",") if f), *flags})
        self.conn.execute(
            "UPDATE nodes SET flags = ? WHERE id = ?", (",".join(merged), to_blob(wid))
        )

    def set_validity(self, rid: int, valid_from: int | None, valid_to: int | None) -> None:
        """Overwrite the projection row's validity and log it (callers enforce tightening).

        The log holds every state a world's validity has had once it first changes: the
        original state (stamped with the world's ingest time) is logged on the first change, so
        worlds that never change cost no log rows.
        """
        if (
            self.conn.execute("SELECT 1 FROM validity_log WHERE rid = ? LIMIT 1", (rid,)).fetchone()
            is None
        ):
            self.conn.execute(
                "INSERT INTO validity_log (rid, valid_from, valid_to, recorded_at) "
                "SELECT rid, valid_from, valid_to, ingested_at FROM nodes WHERE rid = ?",
                (rid,),
            )
        self.conn.execute(
            "UPDATE nodes SET valid_from = ?, valid_to = ? WHERE rid = ?",
            (valid_from, valid_to, rid),
        )
        self.log_validity(rid, valid_from, valid_to)

    def log_validity(self, rid: int, valid_from: int | None, valid_to: int | None) -> None:
        self.conn.execute(
            "INSERT INTO validity_log (rid, valid_from, valid_to, recorded_at) VALUES (?, ?, ?, ?)",
            (rid, valid_from, valid_to, self._now),
        )

    def add_alias(self, wid: str, alias: str) -> bool:
        norm = normalize_name(alias)
        if not norm:
            return False
        cur = self.conn.execute(
            "INSERT INTO aliases (node, norm_alias, alias, recorded_at, phonetic) "
            "VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (node, norm_alias) DO UPDATE SET alias = excluded.alias, "
            "recorded_at = excluded.recorded_at WHERE aliases.alias != excluded.alias",
            (to_blob(wid), norm, alias, self._now, phonetic_key(alias)),
        )
        return cur.rowcount > 0

    def rename(self, rid: int, name: str) -> None:
        """Change the display name (projection only; the hashed name stays in the blob).

        The FTS row follows the display name, so it is replaced too.
        """
        row = self.conn.execute(
            "SELECT type, name, content, fts_indexed FROM nodes WHERE rid = ?", (rid,)
        ).fetchone()
        if row is None or row[1] == name:
            return
        if row[3]:
            self.conn.execute(
                "INSERT INTO fts (fts, rowid, name, content) VALUES ('delete', ?, ?, ?)",
                (rid, *fts_columns(row[0], row[1], row[2])),
            )
            self.conn.execute(
                "INSERT INTO fts (rowid, name, content) VALUES (?, ?, ?)",
                (rid, *fts_columns(row[0], name, row[2])),
            )
        self.conn.execute(
            "UPDATE nodes SET name = ?, norm_name = ? WHERE rid = ?",
            (name, normalize_name(name), rid),
        )

    def add_provenance(self, wid: str, source: str) -> None:
        self.conn.execute(
            "INSERT OR IGNORE INTO provenance (node, source, recorded_at) VALUES (?, ?, ?)",
            (to_blob(wid), source, self._now),
        )

    def add_scope_members(self, scope: str, rids: Iterable[int]) -> None:
        scope_key = to_blob(scope)
        self.conn.executemany(
            "INSERT OR IGNORE INTO scope_members (scope, rid) VALUES (?, ?)",
            [(scope_key, rid) for rid in rids],
        )

    def remove_scope_members(self, scope: str, rids: Iterable[int]) -> None:
        scope_key = to_blob(scope)
        self.conn.executemany(
            "DELETE FROM scope_members WHERE scope = ? AND rid = ?", [(scope_key, r) for r in rids]
        )

    # -- edges ----------------------------------------------------------------------------------
    def insert_edge(self, eid: str, spec: EdgeSpec, *, status: str = "active") -> bool:
        """Insert an edge; ``False`` if an edge with this id already exists."""
        cur = self.conn.execute(
            f"INSERT OR IGNORE INTO edges {_EDGE_INSERT}", self._edge_row(eid, spec, status)
        )
        return cur.rowcount > 0

    def set_edge_status(self, eid: str, status: str, *, valid_to: int | None = None) -> None:
        self.conn.execute(
            "UPDATE edges SET status = ?, valid_to = coalesce(?, valid_to) WHERE id = ?",
            (status, valid_to, to_blob(eid)),
        )

    def insert_proposal(
        self, eid: str, src: str, dst: str, tier: str, score: float, evidence: str
    ) -> None:
        self.conn.execute(
            "INSERT OR IGNORE INTO merge_proposals (edge_id, src, dst, tier, score, evidence, "
            "status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?)",
            (to_blob(eid), to_blob(src), to_blob(dst), tier, score, evidence, self._now),
        )

    def decide_proposal(self, eid: str, status: str) -> None:
        self.conn.execute(
            "UPDATE merge_proposals SET status = ?, decided_at = ? WHERE edge_id = ?",
            (status, self._now, to_blob(eid)),
        )

    # -- embeddings -----------------------------------------------------------------------------
    def put_embedding(self, rid: int, text_hash: str, vector: bytes) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO embeddings (rid, text_hash, vector) VALUES (?, ?, ?)",
            (rid, text_hash, vector),
        )

    def put_composed(self, rid: int, kind: str, vector: bytes) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO composed_embeddings (rid, kind, vector) VALUES (?, ?, ?)",
            (rid, kind, vector),
        )

    def drop_unsearchable_embeddings(self) -> None:
        """Delete the embeddings of worlds that are no longer full-text indexed (re-embedding)."""
        self.conn.execute(
            "DELETE FROM embeddings WHERE rid NOT IN (SELECT rid FROM nodes WHERE fts_indexed = 1)"
        )

    def clear_composed(self) -> None:
        """Delete every composed embedding (they are recomputed from the new vectors)."""
        self.conn.execute("DELETE FROM composed_embeddings")

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # -- erasure --------------------------------------------------------------------------------
    def purge_world(self, wid: str) -> PurgedRow | None:
        """Delete a world and every row derived from it; ``None`` if it is not stored."""
        raw = to_blob(wid)
        row = self.conn.execute(
            "SELECT rid, type, name, content, fts_indexed FROM nodes WHERE id = ?", (raw,)
        ).fetchone()
        if row is None:
            return None
        rid = int(row[0])
        if row[4]:
            self.conn.execute(
                "INSERT INTO fts (fts, rowid, name, content) VALUES ('delete', ?, ?, ?)",
                (rid, *fts_columns(row[1], row[2], row[3])),
            )
        edge_ids = [
            r[0]
            for r in self.conn.execute("SELECT id FROM edges WHERE src = ? OR dst = ?", (raw, raw))
        ]
        self.conn.executemany(
            "DELETE FROM merge_proposals WHERE edge_id = ?", [(e,) for e in edge_ids]
        )
        # A proposal's evidence quotes both names; it goes even if its edge is already gone.
        self.conn.execute("DELETE FROM merge_proposals WHERE src = ? OR dst = ?", (raw, raw))
        self.conn.execute("DELETE FROM edges WHERE src = ? OR dst = ?", (raw, raw))
        for table, column in (("aliases", "node"), ("provenance", "node"), ("blobs", "id")):
            self.conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (raw,))
        for table in (
            "validity_log",
            "scope_members",
            "embeddings",
            "composed_embeddings",
            "retention",
        ):
            self.conn.execute(f"DELETE FROM {table} WHERE rid = ?", (rid,))
        self.conn.execute("DELETE FROM scope_members WHERE scope = ?", (raw,))
        self.conn.execute("UPDATE nodes SET parent = NULL WHERE parent = ?", (raw,))
        self.conn.execute("DELETE FROM nodes WHERE rid = ?", (rid,))
        return PurgedRow(rid=rid, was_searchable=bool(row[4]))

    def merge_fts(self) -> None:
        """Merge the full-text index into one segment, dropping the terms of deleted rows.

        The index is contentless: a delete only adds a tombstone, and the deleted row's terms
        stay readable in older segments until a merge rewrites them. Costs a pass over the
        whole index, so only erasure calls it.
        """
        self.conn.execute("INSERT INTO fts (fts) VALUES ('optimize')")
