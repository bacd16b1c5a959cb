"""The dense lane: nearest worlds to a query vector, filtered by time, type and scope.

Three strategies, picked per query by the size of the filtered candidate set:

* **exact** — when a scope holds at most ``SCOPE_EXACT_MAX`` worlds, or a scope or type filter
  narrows the store to few enough worlds (see ``EXACT_BALANCE``, at most ``EXACT_MAX``),
  their stored vectors are read through the store's ``DenseQueries`` and scored with one matrix
  product. A selective filter would otherwise starve the approximate index (its top-k would be
  other users' worlds). A small scope always takes this path, whatever the store holds
  besides: its answer is then the same however large other users' scopes grow (before, the
  store's size alone decided whether to scan it, so one user's hits changed between
  approximate and exact as other users wrote);
* **filtered HNSW** — a larger scope that is still so small a share of the index that a
  filtered top-``MAX_FETCH`` would hold fewer than ``limit × OVERFETCH`` of its worlds: the
  index walks its graph admitting only the scope's members (``VectorIndex.search(allowed=…)``,
  hnswlib's filter), so other scopes' nearer vectors cannot crowd it out;
* **HNSW** — otherwise the ``VectorIndex`` is asked for ``limit × OVERFETCH`` neighbours, those
  rids are filtered through ``WorldFilter`` (primary-key probes), and the request grows by
  ``GROWTH`` until enough survive, the index is exhausted, or ``MAX_FETCH`` is reached.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import numpy as np

from worlddb.index.filters import WorldFilter, filter_rids
from worlddb.index.vector import VectorIndex
from worlddb.model import NodeId
from worlddb.plugins import Vectors
from worlddb.store.lane_protocols import DenseQueries
from worlddb.store.protocols import Store

__all__ = [
    "EXACT_BALANCE",
    "EXACT_MAX",
    "FILTERED_MAX",
    "GROWTH",
    "MAX_FETCH",
    "OVERFETCH",
    "SCOPE_EXACT_MAX",
    "DenseHit",
    "score_rids",
    "search_dense",
]

OVERFETCH: Final = 4
"""First HNSW request is ``limit × OVERFETCH``: closed or out-of-scope worlds are dropped after."""
GROWTH: Final = 4
MAX_FETCH: Final = 4096
EXACT_MAX: Final = 5000
"""Up to this many filtered candidates, brute force is both exact and about as fast as HNSW."""
SCOPE_EXACT_MAX: Final = 5000
"""A scope of at most this many worlds is always scanned exactly. Measured on the recall bench
at 100k worlds (a 2,000-world user scope, 2% of the store), the whole lane: CPU P50 / P95
16.3 / 23.3 ms for the scan against 15.5 / 45.7 for HNSW filtered afterwards and 37 / 59 for
hnswlib's filtered search (a Python callback per visited node); the filtered search alone, 80
neighbours: 76 / 17 / 9.4 / 3.3 ms CPU at a 0.2 / 2 / 6 / 20% share of the index
(BENCHMARKS.md, "Scoped recall at scale")."""
FILTERED_MAX: Final = 200_000
"""Most members read into the allowed set of a filtered HNSW search."""
EXACT_BALANCE: Final = 0.7
"""Brute force costs ~1 unit per candidate read; a filtered HNSW search needs about
``limit × index / candidates`` neighbours at ~0.7 units each (measured at 100k, 384-d). They
cross at ``candidates = √(EXACT_BALANCE × limit × index)``: brute force below that."""


@dataclass(frozen=True, slots=True)
class DenseHit:
    """One nearest neighbour: a row id and its cosine similarity to the query."""

    rid: int
    score: float


def search_dense(
    store: Store, vectors: VectorIndex, query: Vectors, *, flt: WorldFilter, limit: int
) -> list[DenseHit]:
    """The ``limit`` worlds nearest ``query`` (cosine) that ``flt`` admits, best first."""
    if limit <= 0 or len(vectors) == 0:
        return []
    q = np.asarray(query, dtype=np.float32).reshape(-1)
    size = len(vectors)
    threshold = min(EXACT_MAX, int(math.sqrt(EXACT_BALANCE * limit * size)))
    backend: DenseQueries = store.lanes
    driver = _narrow(backend, flt, max(threshold, SCOPE_EXACT_MAX if flt.scopes else 0))
    if driver is not None:
        return _exact(backend, q, flt, limit, driver)
    allowed = _scope_members(backend, vectors, flt, limit, size)
    # Inside the scope only time and type can still drop a hit: no over-fetch to start with.
    fetch = limit if allowed is not None else limit * OVERFETCH
    while True:
        found = vectors.search(q, fetch, allowed)
        keep = filter_rids(store, (rid for rid, _ in found), flt)
        hits = [DenseHit(rid, score) for rid, score in found if rid in keep]
        if len(hits) >= limit or len(found) < fetch or fetch >= MAX_FETCH:
            return hits[:limit]
        fetch = min(fetch * GROWTH, MAX_FETCH)


def score_rids(store: Store, query: Vectors, rids: Iterable[int]) -> list[DenseHit]:
    """Cosine similarity of ``query`` to the stored vectors of ``rids``, best first.

    Worlds without a stored vector (not searchable) are left out.
    """
    found = store.lanes.vectors_of(list(dict.fromkeys(rids)))
    return _rank(np.asarray(query, dtype=np.float32).reshape(-1), found, len(found))


def _scope_members(
    backend: DenseQueries, vectors: VectorIndex, flt: WorldFilter, limit: int, size: int
) -> frozenset[int] | None:
    """The members of the smallest of ``flt``'s scopes when a top-``MAX_FETCH`` filtered
    afterwards would likely hold fewer than ``limit × OVERFETCH`` of them; else ``None``."""
    if not flt.scopes or not vectors.filters:
        return None
    # A scope holding at least this many worlds leaves enough in a filtered top-MAX_FETCH.
    enough = min(FILTERED_MAX, size * limit * OVERFETCH // MAX_FETCH)
    sizes = {scope: backend.scope_size(scope, enough + 1) for scope in flt.scopes}
    smallest = min(sizes, key=lambda scope: sizes[scope])
    if sizes[smallest] > enough:
        return None
    return frozenset(backend.scope_rids(smallest, enough + 1))


def _narrow(backend: DenseQueries, flt: WorldFilter, threshold: int) -> tuple[str, str] | None:
    """A filter that alone leaves at most ``threshold`` worlds: ``("scope", id)`` or
    ``("type", "")``; ``None`` when neither is that narrow."""
    # Each probe counts no further than one past the threshold.
    for scope in flt.scopes or ():
        if backend.scope_size(scope, threshold + 1) <= threshold:
            return ("scope", scope)
    if flt.types is not None and backend.type_size(flt.types, threshold + 1) <= threshold:
        return ("type", "")
    return None


def _exact(
    backend: DenseQueries, query: Vectors, flt: WorldFilter, limit: int, driver: tuple[str, str]
) -> list[DenseHit]:
    """Score every admitted world, read from the narrow side (a scope's members or a type)."""
    scope = NodeId(driver[1]) if driver[0] == "scope" else None
    # PostgreSQL picks the rows that can rank (pgvector distances); SQLite returns None.
    rows = backend.admitted_nearest(flt, scope, query.astype("<f4").tobytes(), limit)
    return _rank(query, backend.admitted_vectors(flt, scope) if rows is None else rows, limit)


def _rank(query: Vectors, rows: list[tuple[int, bytes]], limit: int) -> list[DenseHit]:
    if not rows or limit <= 0:
        return []
    # One buffer, one frombuffer: decoding row by row costs more than the product itself.
    matrix = np.frombuffer(b"".join(blob for _, blob in rows), dtype="<f4").reshape(len(rows), -1)
    # einsum, not ``@``/``norm``: those go to OpenBLAS, whose worker threads then spin for
    # milliseconds after each call; on a busy two-core box that cost the 2,000-row scan of a
    # user's scope 5-8 ms CPU against ~1 ms here (same order, scores within 3e-8).
    norms = np.sqrt(np.einsum("ij,ij->i", matrix, matrix)) * max(
        float(np.sqrt(np.einsum("i,i->", query, query))), 1e-12
    )
    scores = np.einsum("ij,j->i", matrix, query) / np.maximum(norms, 1e-12)
    order = np.lexsort((np.array([rid for rid, _ in rows]), -scores))[:limit]
    return [DenseHit(rows[i][0], float(scores[i])) for i in order]
