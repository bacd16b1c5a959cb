"""The storage seam: what the layers above ask of a backend, as three small Protocols.

``StoreReads`` are typed reads; ``WriteTransaction`` is one open write transaction (the row
writes plus the reads the reconciler makes while it decides, which see the transaction's own
uncommitted rows); ``Store`` is an open store: reads, ``transaction()`` and the few store-level
operations (the writer slot, checkpoint, sidecar files, invariant checks). No method takes or
returns a connection, a lock or a file path of the database itself, so a second backend (e.g.
PostgreSQL with a connection pool, where a read on another connection would not see an open
transaction's rows) implements these and nothing above ``worlddb.store`` changes.

SQLite implements them with ``worlddb.store.Store`` and ``worlddb.store._writer.Writer``; the
conformance is checked by mypy in ``tests/test_storage_seam.py``. Derived from today's call
sites, so every method here has a caller above the store.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

from worlddb.model import Edge, EdgeSpec, MergeProposal, NodeId, World, WorldSpec
from worlddb.store.episodes import EpisodeReads
from worlddb.store.lane_protocols import LaneQueries
from worlddb.store.reads import TimeView
from worlddb.store.resolver_queries import ResolverReads
from worlddb.store.retention import RetentionRows

__all__ = ["PurgedRow", "Store", "StoreReads", "WriteTransaction"]


class PurgedRow(Protocol):
    """A deleted world's row id (for the vector index) and whether it was full-text indexed."""

    @property
    def rid(self) -> int: ...

    @property
    def was_searchable(self) -> bool: ...


class StoreReads(Protocol):
    """Typed reads. Never write, never block a writer, never hand out a cursor.

    Callers: every layer above the store (index lanes, resolver, recall, query, engine, CLI,
    server), from any thread, concurrently. On a ``Store`` a read sees the last committed state
    (a thread inside ``Store.snapshot()`` sees one state for all its reads); on a
    ``WriteTransaction`` it sees that transaction, own rows included. Unknown ids give ``None``
    or an empty result, except the ``get_*`` reads and ``resolve_id``, which raise
    ``NotFoundError`` (``AmbiguousIdError`` for a prefix naming several worlds).
    """

    # worlds
    def find_world(self, world_id: str) -> World | None: ...
    def get_world(self, world_id: str) -> World: ...
    def resolve_id(self, id_or_prefix: str) -> NodeId: ...
    def worlds_by_rid(self, rids: Iterable[int]) -> dict[int, World]: ...
    def rid_of(self, world_id: str) -> int | None: ...
    def ids_of(self, rids: Sequence[int]) -> dict[int, NodeId]: ...
    def exists(self, world_id: str) -> bool: ...
    def existing(self, world_ids: Iterable[str]) -> set[str]: ...
    def blob(self, world_id: str) -> bytes | None: ...
    def visible_rids(self, rids: Sequence[int], view: TimeView, now: int) -> set[int]: ...
    def list_worlds(
        self,
        *,
        types: Sequence[str] | None = None,
        view: TimeView,
        now: int,
        scope_ids: Sequence[str] | None = None,
        after_rid: int = 0,
        limit: int = 50,
    ) -> list[World]: ...
    def find_by_name(self, norm: str, *, types: Sequence[str] | None = None) -> list[NodeId]: ...
    def find_by_names(
        self, norms: Sequence[str], *, types: Sequence[str] | None = None
    ) -> dict[str, list[NodeId]]: ...
    def open_worlds_named(
        self, norm: str, types: Sequence[str], scopes: Collection[str]
    ) -> list[World]: ...

    # edges and proposals
    def edges_of(
        self,
        world_id: str,
        *,
        direction: str = "out",
        types: Sequence[str] | None = None,
        include_retired: bool = False,
    ) -> list[Edge]: ...
    def find_edge(self, edge_id: str) -> Edge | None: ...
    def get_edge(self, edge_id: str) -> Edge: ...
    def proposals(self, status: str | None = "pending") -> list[MergeProposal]: ...
    def proposal_status(self, a: str, b: str) -> str | None: ...

    # scopes, counts
    def scope_counts(self) -> list[tuple[NodeId, str, int]]: ...
    def scopes_of(self, rid: int) -> list[NodeId]: ...
    def scope_member_ids(self, scope: str) -> list[NodeId]: ...
    def shared_member_ids(self, scope: str) -> frozenset[str]: ...
    def counts(self) -> dict[str, int]: ...
    def meta(self, key: str) -> str | None: ...

    # embedding rows (the vector index's source of truth)
    def embeddings_by_hash(self, text_hashes: Sequence[str]) -> dict[str, bytes]: ...
    def embedding_stats(self) -> tuple[int, int]: ...
    def embedding_rows(self) -> Iterator[tuple[int, bytes]]: ...
    def searchable_rows(self) -> list[tuple[int, str, str, str]]: ...


class WriteTransaction(StoreReads, Protocol):
    """One open write transaction, stamped with one ingest time ``now``.

    Obtained only from ``Store.transaction()``; used only by the reconciler (the import
    contract keeps every other package away from the concrete class), on the thread that
    opened it, and only inside that ``with`` block. Every read, the inherited ones included,
    sees this transaction's own uncommitted rows: a decision made inside a write must read
    through this object, never through the ``Store`` (which, under a connection pool, would
    read the old state). Nothing here commits or rolls back: leaving the block does, and an
    exception rolls everything back. Methods must not call back into the store or open another
    transaction. Writes trust their input: the reconciler has validated it.
    """

    @property
    def now(self) -> int:
        """The transaction's ingest time (microseconds); every row it writes carries it."""
        ...

    @property
    def lanes(self) -> LaneQueries:
        """The lanes' backend queries, reading inside this transaction (e.g. the composed
        embeddings the reconciler recomputes for the worlds it has just written)."""
        ...

    # reads the reconciler decides on (own rows visible)
    def validity(self, world_id: str) -> tuple[int, int | None, int | None] | None:
        """``(rid, valid_from, valid_to)`` of a stored world, or ``None``."""
        ...

    def rid_and_name(self, world_id: str) -> tuple[int, str] | None:
        """``(rid, display name)`` of a stored world, or ``None``."""
        ...

    def type_of(self, world_id: str) -> str | None: ...
    def types_of(self, world_ids: Iterable[str]) -> dict[str, str]: ...
    def existing_edges(self, edge_ids: list[str]) -> set[str]: ...

    @property
    def deferring(self) -> bool:
        """Whether a bulk load still defers index and full-text upkeep (lanes incomplete)."""
        ...

    def end_deferral(self) -> None:
        """Build and verify what a bulk load deferred; a no-op when nothing is deferred."""
        ...

    def descendants(self, roots: Sequence[str]) -> list[int]:
        """Row ids of ``roots`` and everything they structurally contain (active edges)."""
        ...

    def reaches(self, start: str, goal: str, *, edge_type: str, limit: int = 10_000) -> bool:
        """Whether ``goal`` is reachable from ``start`` along live ``edge_type`` edges."""
        ...

    # the purge closure's lookups (edges of every status)
    def neighbours(self, world_id: str, edge_type: str, *, direction: str) -> set[str]: ...
    def structural_holders(self, world_id: str) -> set[str]: ...
    def referrers(self, world_id: str) -> set[str]: ...
    def memories_naming(self, world_id: str, memory_types: Collection[str]) -> list[str]: ...

    # worlds
    def insert_world(
        self, wid: NodeId, spec: WorldSpec, body: bytes, *, searchable: bool
    ) -> int | None: ...
    def insert_new_worlds(self, rows: list[tuple[NodeId, WorldSpec, bytes, bool]]) -> list[int]: ...
    def set_parents(self, pairs: list[tuple[str, str]]) -> None: ...
    def set_parent(self, child: str, parent: str) -> None: ...
    def add_flags(self, wid: str, flags: Iterable[str]) -> None: ...
    def set_validity(self, rid: int, valid_from: int | None, valid_to: int | None) -> None: ...
    def log_validity(self, rid: int, valid_from: int | None, valid_to: int | None) -> None: ...
    def add_alias(self, wid: str, alias: str) -> bool: ...
    def rename(self, rid: int, name: str) -> None: ...
    def add_provenance(self, wid: str, source: str) -> None: ...
    def add_scope_members(self, scope: str, rids: Iterable[int]) -> None: ...
    def remove_scope_members(self, scope: str, rids: Iterable[int]) -> None: ...

    # edges and proposals
    def insert_new_edges(self, rows: list[tuple[str, EdgeSpec]]) -> None: ...
    def insert_edge(self, eid: str, spec: EdgeSpec, *, status: str = "active") -> bool: ...
    def set_edge_status(self, eid: str, status: str, *, valid_to: int | None = None) -> None: ...
    def insert_proposal(
        self, eid: str, src: str, dst: str, tier: str, score: float, evidence: str
    ) -> None: ...
    def decide_proposal(self, eid: str, status: str) -> None: ...

    # embeddings and settings
    def put_embedding(self, rid: int, text_hash: str, vector: bytes) -> None: ...
    def put_composed(self, rid: int, kind: str, vector: bytes) -> None: ...
    def drop_unsearchable_embeddings(self) -> None: ...
    def clear_composed(self) -> None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # erasure
    def purge_world(self, wid: str) -> PurgedRow | None:
        """Delete a world and every row derived from it; ``None`` if it is not stored."""
        ...

    def merge_fts(self) -> None:
        """Rewrite the full-text index so deleted rows' terms leave it (costly; erasure only)."""
        ...


class Store(StoreReads, Protocol):
    """An open store: typed reads, one write transaction at a time, store-level operations.

    Reads may come from any thread at any time. Writes go only through ``transaction()``, and
    only the reconciler opens one (besides ``set_meta`` for store-level settings). A backend
    keeps its connections, locks and files to itself: nothing here yields them.
    """

    path: str
    """Where the store lives, as the user named it: a SQLite file's path (``":memory:"`` for a
    throwaway one) or a ``postgresql://`` URL."""

    @property
    def is_memory(self) -> bool:
        """Whether the store lives only in this process (nothing survives ``close()``)."""
        ...

    def transaction(
        self, clock: Callable[[], int] = ...
    ) -> AbstractContextManager[WriteTransaction]:
        """Open one write transaction and yield it; commit on leaving, roll back on error.

        ``clock`` is called once, after the backend has taken its write lock, for the
        transaction's ``now``. Blocks while another writer (thread or process) holds the
        store. Callers: the reconciler only. Never nested on one thread.
        """
        ...

    def bulk_transaction(
        self, clock: Callable[[], int] = ...
    ) -> AbstractContextManager[WriteTransaction]:
        """Like ``transaction()``, for a bulk load of many changesets as one transaction.

        Into an empty store the backend may defer its secondary indexes and full-text rows
        until ``WriteTransaction.end_deferral`` (called at the latest before the commit) and
        verify them then; a backend that cannot just opens a ``transaction()``.
        """
        ...

    def exclusive(self) -> AbstractContextManager[None]:
        """Hold this process's writer slot across a read-then-write sequence (re-entrant).

        For work that spans a transaction and what must follow it before the next writer of
        this process starts (the vector index update after a commit, an edit that reads a
        world and then applies a changeset). Other processes are held off only by
        ``transaction()`` itself. Callers: the reconciler.
        """
        ...

    def snapshot(self) -> AbstractContextManager[None]:
        """Run this thread's reads against one consistent committed state (re-entrant)."""
        ...

    def set_meta(self, key: str, value: str) -> None:
        """Write one store-level setting in its own transaction."""
        ...

    def copy_to(self, dest: str | Path) -> None:
        """Write a consistent copy of the committed store to the new file ``dest``."""
        ...

    def sidecar_path(self, name: str) -> Path | None:
        """Where the store keeps its sidecar file ``name`` (e.g. ``"hnsw"``); ``None`` when it
        keeps no files (in memory). The file is the caller's to write, the path the store's."""
        ...

    def invariant_problems(self) -> list[str]:
        """Every violation of the reconciler's invariants in the stored rows (read-only)."""
        ...

    def checkpoint(self) -> bool:
        """Make deleted data leave the backend's files now; False if a reader held it back."""
        ...

    def close(self) -> None:
        """Release everything; idempotent. Every later call raises ``ClosedError``."""
        ...

    @property
    def closed(self) -> bool:
        """Whether ``close()`` has run (the facade saves its sidecars only while open)."""
        ...

    @property
    def lanes(self) -> LaneQueries:
        """The retrieval lanes' backend queries (``worlddb.store.lane_protocols``)."""
        ...

    @property
    def retention(self) -> RetentionRows:
        """Recall reinforcement per world, outside the hash (``worlddb.store.retention``)."""
        ...

    def edges_after(
        self,
        after_rid: int,
        types: Sequence[str],
        *,
        limit: int | None = None,
        include_retired: bool = False,
    ) -> list[tuple[int, Edge]]:
        """``(row id, edge)`` of the edges of ``types`` written after row ``after_rid``, in
        row order (the consolidator's incremental passes)."""
        ...

    @property
    def resolver_queries(self) -> ResolverReads:
        """The resolver's candidate and recluster reads (``worlddb.store.resolver_queries``)."""
        ...

    @property
    def episodes(self) -> EpisodeReads:
        """Multi-evidence recall's episode, vector and frequency reads
        (``worlddb.store.episodes``)."""
        ...
