"""The retrieval lanes' backend queries, as small typed Protocols (the storage seam).

Ranking policy lives above this seam, in ``worlddb.index`` and ``worlddb.recall``: which text
terms select rows, when brute force beats HNSW, how hops decay, how lanes fuse. Below it are
only the reads those policies need, each a question about stored rows with a plain answer (row
ids, world ids, scores, vector blobs, ``Edge`` values). A filter crosses the seam as a
``WorldFilter`` value; rendering it for the engine is the backend's business.

A lane obtains its backend from the store: ``store.lanes`` (one object implementing every
Protocol here; ``worlddb.store.lanes_sqlite.SqliteLanes`` for the SQLite store).

Calling contract, common to every method:

* **Who calls:** the index lanes (``worlddb.index``), the query pipeline and recall's
  hydration; ``CompositionQueries`` also the reconciler, inside its write transaction.
* **Which thread:** any. Each call reads through the calling thread's connection: on the thread
  that holds the store's write lock that is the write connection (so the writer sees its own
  uncommitted rows), on any other thread the thread's own read connection, which never waits
  for a writer. A call inside ``Store.snapshot()`` reads that snapshot.
* **What it may not do:** write, keep state between calls, hold a lock or cursor after it
  returns, or call back into a lane. Every answer is a fresh list, set or dict the caller owns.
  Input id lists may be of any length (the backend splits them under its parameter limits);
  an empty input is an empty answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

from worlddb.model import Edge, NodeId
from worlddb.store.filters import WorldFilter

__all__ = [
    "AdmissionQueries",
    "CompositionQueries",
    "DenseQueries",
    "GraphQueries",
    "HydrationQueries",
    "LaneQueries",
    "NameQueries",
    "NearestQueries",
    "TextQueries",
]


class TextQueries(Protocol):
    """The full-text lane's reads (``worlddb.index.fts``): BM25 over the text index.

    ``match`` is an already safe, literal match expression built by
    ``worlddb.index.fts_query.build_match`` (quoted terms joined by ``OR``/``AND``); ``weights``
    are the BM25 column weights ``(name, content)``. Scores are higher-better.
    """

    def row_bound(self) -> int:
        """The largest world row id (0 when empty): an upper bound of the indexed documents."""
        ...

    def term_docs(self, term: str, at_most: int) -> int:
        """How many documents match one quoted ``term``, counting no further than ``at_most``."""
        ...

    def bm25_top(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        """The ``limit`` best ``(rid, score)`` matches that ``flt`` admits, best first (ties by
        rid). The text match runs first; the filter is applied per match, never by a scan."""
        ...

    def bm25_among(
        self, match: str, rids: Sequence[int], weights: tuple[float, float]
    ) -> list[tuple[int, float]]:
        """``(rid, score)`` for those of ``rids`` that match, in no particular order."""
        ...

    def bm25_plan(
        self, match: str, flt: WorldFilter, limit: int, weights: tuple[float, float]
    ) -> list[str]:
        """The engine's plan lines for ``bm25_top`` with these arguments (for plan tests)."""
        ...

    def newest_matches(self, match: str, scan: int) -> list[int]:
        """The rids of the newest ``scan`` matches, newest first (no scoring, no filter)."""
        ...

    def matching_among(self, match: str, rids: Sequence[int]) -> set[int]:
        """Those of ``rids`` that match (no scoring)."""
        ...

    def doc_lengths(self, rids: Sequence[int]) -> dict[int, tuple[int, ...]]:
        """Indexed tokens per column ``(name, content)`` of those of ``rids`` that are indexed."""
        ...

    def text_stats(self) -> tuple[int, float]:
        """How many documents are indexed and their mean length in tokens (all columns)."""
        ...


class DenseQueries(Protocol):
    """The vector lane's reads (``worlddb.index.dense``) over stored content embeddings.

    A vector comes back as its stored blob (little-endian float32, as the reconciler wrote
    it); decoding and scoring stay in the lane.
    """

    def vectors_of(self, rids: Sequence[int]) -> list[tuple[int, bytes]]:
        """``(rid, vector)`` for those of ``rids`` that have a stored vector."""
        ...

    def scope_size(self, scope: NodeId, at_most: int) -> int:
        """How many worlds ``scope`` holds, counting no further than ``at_most``."""
        ...

    def scope_rids(self, scope: NodeId, at_most: int) -> list[int]:
        """The row ids of ``scope``'s members, at most ``at_most`` of them, in no order."""
        ...

    def type_size(self, types: Sequence[str], at_most: int) -> int:
        """How many worlds are of ``types``, counting no further than ``at_most``."""
        ...

    def admitted_vectors(self, flt: WorldFilter, scope: NodeId | None) -> list[tuple[int, bytes]]:
        """``(rid, vector)`` of every world ``flt`` admits, read from ``scope``'s members when
        given (a narrow scope), else from the worlds of ``flt``'s types (a narrow type set)."""
        ...

    def admitted_nearest(
        self, flt: WorldFilter, scope: NodeId | None, query: bytes, limit: int
    ) -> list[tuple[int, bytes]] | None:
        """The rows of ``admitted_vectors`` that can rank in its top ``limit`` for ``query``
        (cosine), chosen inside the store so only those travel: every admitted world within
        ``NEAR_TIE`` of the ``limit``-th nearest one's distance, so the lane's own exact
        ranking of them equals its ranking of all admitted vectors, ties included. ``None``
        when the store cannot compute distances (the lane then reads ``admitted_vectors``)."""
        ...


class CompositionQueries(Protocol):
    """Reads of ``worlddb.index.compose``: a container's structure and its vectors.

    Also called by the reconciler on its writing thread, inside the write transaction, so it
    sees the rows that transaction has written.
    """

    def children(self, rid: int) -> list[int]:
        """Row ids of the targets of live ``contains`` edges of non-Scope world ``rid``."""
        ...

    def parents(self, rid: int) -> list[int]:
        """Row ids of the non-Scope worlds with a live ``contains`` edge to ``rid``."""
        ...

    def content_vector(self, rid: int) -> bytes | None:
        """World ``rid``'s stored content embedding, if any."""
        ...

    def composed_vector(self, rid: int, kind: str) -> bytes | None:
        """World ``rid``'s stored composed embedding of ``kind``, if any."""
        ...


class NameQueries(Protocol):
    """Entity lookup by name for the graph lane (``worlddb.index.graph.find_entities``)."""

    def named(
        self, norms: Sequence[str], types: Sequence[str], flt: WorldFilter
    ) -> list[tuple[str, NodeId, str]]:
        """``(norm, world id, tier)`` for worlds of ``types`` that ``flt`` admits whose
        normalised name (tier ``"exact"``) or alias (tier ``"alias"``) is one of ``norms``."""
        ...


class GraphQueries(Protocol):
    """Edge reads of the graph lane, the query pipeline and recall's rewrites."""

    def mentioning(self, entity: NodeId, flt: WorldFilter, cap: int) -> list[tuple[int, int]]:
        """``(rid, recency)`` of worlds ``flt`` admits among the sources of the ``cap`` newest
        active ``refers_to`` edges to ``entity``; recency is valid-from, else creation, else
        ingest time. When ``flt`` names scopes, the ``cap`` newest *admitted* sources: the
        filter runs before the cap, so other scopes' mentions never take a scope's places."""
        ...

    def neighbours(
        self,
        entity: NodeId,
        entity_types: Sequence[str],
        cap: int,
        flt: WorldFilter | None = None,
    ) -> list[NodeId]:
        """Worlds of ``entity_types`` linked to ``entity`` by an accepted ``same_as`` (either
        way) or an active ``refers_to`` (either way, the ``cap`` newest inbound), newest edge
        first; a world may repeat. With ``flt``, only worlds it admits, and the inbound cap
        counts admitted ones (scoped reads: other scopes' links never take a scope's places)."""
        ...

    def rids_of(self, ids: Sequence[str]) -> dict[NodeId, int]:
        """Row ids of those of ``ids`` that exist."""
        ...

    def edges_at(
        self,
        ids: Sequence[str],
        side: Literal["src", "dst"],
        types: Sequence[str] | None,
        statuses: Sequence[str],
    ) -> list[tuple[int, Edge]]:
        """``(edge rid, edge)`` of edges whose ``side`` end is one of ``ids``, of ``types``
        (every type when ``None`` or empty) and one of ``statuses``, in no particular order."""
        ...

    def adjacency(
        self,
        ids: Sequence[str],
        side: Literal["src", "dst"],
        types: Sequence[str] | None,
        statuses: Sequence[str],
    ) -> list[tuple[NodeId, NodeId, str, str]]:
        """``(near, far, edge type, edge id)`` of the edges whose ``side`` end (``near``) is one
        of ``ids``, filtered like ``edges_at``, in no particular order. Adjacency only: no
        properties are parsed and no world is read, so a traversal pays one index probe per
        frontier batch (``worlddb.query.traverse``)."""
        ...


class AdmissionQueries(Protocol):
    """Which candidates pass a filter: every lane's last step (``worlddb.index.filters``)."""

    def admit_rids(self, rids: Sequence[int], flt: WorldFilter) -> set[int]:
        """The subset of ``rids`` that ``flt`` admits (point lookups by primary key)."""
        ...

    def admit_ids(self, ids: Sequence[str], flt: WorldFilter) -> dict[NodeId, int]:
        """The worlds among ``ids`` that ``flt`` admits, mapped to their row ids."""
        ...


class HydrationQueries(Protocol):
    """Batched reads that turn fused hits into ``RecallHit``s (``worlddb.recall.rewrite``)."""

    def speakers(self, rids: Sequence[int]) -> dict[int, str]:
        """Who said each conversation turn among ``rids``: a ``Turn`` world's name is its role
        ("user", "assistant"); worlds of other types are left out."""
        ...

    def scope_names(self, rids: Sequence[int]) -> dict[int, tuple[str, ...]]:
        """The names of the scopes each of ``rids`` belongs to, sorted by name."""
        ...

    def entity_names(self, ids: Sequence[str]) -> dict[NodeId, tuple[str, ...]]:
        """The distinct names of the worlds each of ``ids`` actively ``refers_to``, in edge
        order (nameless targets left out)."""
        ...


class LaneQueries(
    TextQueries,
    DenseQueries,
    CompositionQueries,
    NameQueries,
    GraphQueries,
    AdmissionQueries,
    HydrationQueries,
    Protocol,
):
    """Everything ``store.lanes`` answers: one backend object for all retrieval lanes."""


@runtime_checkable
class NearestQueries(Protocol):
    """Nearest-vector search kept by the backend itself (PostgreSQL: pgvector's HNSW index).

    Optional: a backend whose ``lanes`` answer this needs no in-process vector index (the
    facade then wraps it in ``worlddb.index.store_vectors.StoreVectorIndex``); SQLite does not
    (its HNSW index is the hnswlib sidecar).
    """

    def nearest(self, query: bytes, k: int) -> list[tuple[int, float]]:
        """The ``k`` stored content vectors nearest ``query`` (cosine similarity), best first."""
        ...

    def vector_count(self) -> int:
        """How many content vectors are stored: exact when few, else an estimate is allowed
        (the count picks a search strategy and tells "empty" from "not"); never a full scan."""
        ...
