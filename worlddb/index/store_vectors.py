"""A ``VectorIndex`` whose index lives in the store (pgvector's HNSW), not in this process.

The vector lane, the resolver's embedding tier and the reconciler talk to a ``VectorIndex``:
``len``, ``search``, and ``add``/``remove`` after each commit. With several server processes
on one PostgreSQL database an in-process index would miss the other processes' writes, so for
a backend whose lanes answer ``NearestQueries`` the facade uses this adapter instead: searches
go to the database, ``add``/``remove`` are no-ops (the rows were written in the transaction),
and there is nothing to save or rebuild. ``len`` is the stored vector count, cached for
``COUNT_TTL_S`` (it only picks a search strategy and tells "empty" from "not").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Iterable, Sequence
from typing import Final

import numpy as np

from worlddb.index.vector import VectorIndex, encode_vector
from worlddb.plugins import Vectors
from worlddb.store.lane_protocols import NearestQueries

__all__ = ["COUNT_TTL_S", "StoreVectorIndex"]

COUNT_TTL_S: Final = 1.0


class StoreVectorIndex(VectorIndex):
    """``VectorIndex`` over a backend's own nearest-neighbour search (see the module doc)."""

    def __init__(self, backend: NearestQueries, dimension: int) -> None:
        # No hnswlib index: the base class's state is never built.
        self.dimension = dimension
        self.path = None
        self._backend = backend
        self._count_lock = threading.Lock()
        self._count = 0
        self._counted_at = -COUNT_TTL_S

    def __len__(self) -> int:
        with self._count_lock:
            if time.monotonic() - self._counted_at >= COUNT_TTL_S:
                self._count = self._backend.vector_count()
                self._counted_at = time.monotonic()
            return self._count

    def _stale(self) -> None:
        with self._count_lock:
            self._counted_at = -COUNT_TTL_S

    def add(self, rids: Sequence[int], vectors: Vectors) -> None:
        """Already stored by the transaction; only the cached count goes stale."""
        self._stale()

    def remove(self, rids: Iterable[int]) -> None:
        self._stale()

    in_store = True

    filters = False
    """pgvector's search takes no filter here: ``allowed`` only filters the ``k`` found, so the
    dense lane never asks this index for a filtered search (``worlddb.index.dense`` checks)."""

    def search(
        self, query: Vectors, k: int, allowed: Collection[int] | None = None
    ) -> list[tuple[int, float]]:
        if k <= 0:
            return []
        blob = encode_vector(np.asarray(query, dtype=np.float32).reshape(-1))
        found = self._backend.nearest(blob, k)
        return found if allowed is None else [hit for hit in found if hit[0] in allowed]

    def signature(self) -> dict[str, int]:
        return {"count": len(self), "max_rid": 0, "dimension": self.dimension}

    def save(self) -> None:
        """Nothing to save: the index is the database's."""

    def try_load(self, expected: dict[str, int]) -> bool:
        return True

    def rebuild(self, rows: Iterable[tuple[int, bytes]], count: int) -> None:
        """Nothing to rebuild: the database maintains its index."""
