"""The HNSW vector lane: an hnswlib index mirrored from the ``embeddings`` table.

The table is the truth; the index is a cache of it. The index is saved beside the database
(``<db>.hnsw``) together with a small sidecar recording how many vectors and which highest rid it
holds. On open the sidecar is compared with the table: a missing, unreadable or stale index is
rebuilt from the table. Updates are applied after each commit (never inside the transaction,
since hnswlib cannot roll back); deletions are marked; the index grows by doubling. Processes
sharing one store save and load the pair under an advisory lock on ``<db>.hnsw.lock``.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final

import hnswlib
import numpy as np

from worlddb.plugins import Vectors

__all__ = [
    "PARALLEL_ADD_MIN",
    "VectorIndex",
    "add_threads_default",
    "decode_vector",
    "encode_vector",
]

logger = logging.getLogger(__name__)

M: Final = 16
EF_CONSTRUCTION: Final = 200
EF_SEARCH: Final = 96
INITIAL_CAPACITY: Final = 1024
ADD_CHUNK: Final = 64  # vectors inserted per lock hold and thread; a search waits for one chunk
PARALLEL_ADD_MIN: Final = 512
"""An ``add`` of at least this many vectors (a bulk load, a rebuild) inserts on several threads;
smaller ones (every everyday write) stay on the caller's thread: for them a thread start
would cost more than it shares, and single-threaded inserts keep their graph reproducible."""


def add_threads_default() -> int:
    """Threads for a large ``add``: the cores this process may run on (hnswlib's own default
    is every core of the machine, which over-subscribes a process confined to fewer)."""
    affinity = getattr(os, "sched_getaffinity", None)
    return max(1, len(affinity(0)) if affinity is not None else (os.cpu_count() or 1))


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on ``path`` between processes (``flock``; none without it)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows has no flock; temp names still differ
        yield
        return
    with open(path, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def encode_vector(vector: Vectors) -> bytes:
    """A vector as little-endian float32 bytes for the embeddings table."""
    return np.asarray(vector, dtype="<f4").tobytes()


def decode_vector(blob: bytes) -> Vectors:
    return np.frombuffer(blob, dtype="<f4").astype(np.float32)


class VectorIndex:
    """Cosine HNSW over world rids. Thread-safe; ``path=None`` keeps it in memory only."""

    in_store = False
    """Whether the store itself indexes the committed vectors (``StoreVectorIndex``): then
    ``add`` needs no vectors, and a bulk load does not read them back to feed it."""

    def __init__(
        self, dimension: int, path: Path | None = None, *, add_threads: int | None = None
    ) -> None:
        self.dimension = dimension
        self.path = path
        self.add_threads = add_threads_default() if add_threads is None else max(1, add_threads)
        self._lock = threading.RLock()
        self._live: set[int] = set()
        self._deleted: set[int] = set()
        self._dirty = False
        self._reset(INITIAL_CAPACITY)

    def _reset(self, capacity: int) -> None:
        index = hnswlib.Index(space="cosine", dim=self.dimension)
        index.init_index(
            max_elements=max(capacity, INITIAL_CAPACITY), ef_construction=EF_CONSTRUCTION, M=M
        )
        index.set_ef(EF_SEARCH)
        index.set_num_threads(1)
        self._index = index
        self._live = set()
        self._deleted = set()

    def __len__(self) -> int:
        return len(self._live)

    def add(self, rids: Sequence[int], vectors: Vectors) -> None:
        """Add (or re-add) vectors for ``rids``; grows the index as needed.

        hnswlib cannot search while it inserts, so the lock is taken per chunk of
        ``ADD_CHUNK`` vectors per inserting thread: a search waits for at most one chunk's
        time, never for a whole large write. An add of ``PARALLEL_ADD_MIN`` or more vectors
        inserts on ``add_threads`` threads (hnswlib's own parallel insert; the graph it builds
        depends on the threads' interleaving, as any HNSW's depends on insertion order).
        """
        if len(rids) == 0:
            return
        matrix = np.asarray(vectors, dtype=np.float32)
        threads = self.add_threads if len(rids) >= PARALLEL_ADD_MIN else 1
        step = ADD_CHUNK * threads
        for start in range(0, len(rids), step):
            chunk = [int(r) for r in rids[start : start + step]]
            with self._lock:
                needed = len(self._live) + len(self._deleted) + len(chunk)
                capacity = self._index.get_max_elements()
                if needed > capacity:
                    self._index.resize_index(max(needed, capacity * 2))
                for rid in (r for r in chunk if r in self._deleted):
                    self._index.unmark_deleted(rid)
                    self._deleted.discard(rid)
                labels = np.asarray(chunk, dtype=np.int64)
                self._index.add_items(
                    matrix[start : start + len(chunk)], labels, num_threads=threads
                )
                self._live.update(chunk)
                self._dirty = True

    def remove(self, rids: Iterable[int]) -> None:
        """Mark ``rids`` deleted (hnswlib keeps the slot; searches skip it)."""
        with self._lock:
            for rid in rids:
                if rid in self._live:
                    self._index.mark_deleted(rid)
                    self._live.discard(rid)
                    self._deleted.add(rid)
                    self._dirty = True

    filters: bool = True
    """Whether ``search`` applies ``allowed`` inside the graph walk (hnswlib's filtered search)."""

    def search(
        self, query: Vectors, k: int, allowed: Collection[int] | None = None
    ) -> list[tuple[int, float]]:
        """The ``k`` nearest rids to ``query`` with cosine similarity, best first.

        With ``allowed``, only those rids are candidates, checked *during* the graph walk
        (hnswlib's ``filter``), so a small allowed set is not starved by nearer rids outside it
        the way a top-k filtered afterwards is; fewer than ``k`` come back only when fewer are
        allowed and live.
        """
        q = np.asarray(query, dtype=np.float32)
        with self._lock:
            k = min(k, len(self._live))
            if allowed is not None:
                k = min(k, len(allowed))
            if k <= 0:
                return []
            self._index.set_ef(max(EF_SEARCH, k))
            if allowed is None:
                labels, distances = self._index.knn_query(q, k=k)
            else:
                labels, distances = self._filtered(q, k, allowed)
        return [(int(r), 1.0 - float(d)) for r, d in zip(labels[0], distances[0], strict=True)]

    def _filtered(
        self, query: Vectors, k: int, allowed: Collection[int]
    ) -> tuple[np.ndarray, np.ndarray]:
        """hnswlib's filtered search; it raises when it finds fewer than ``k`` (some allowed
        rids deleted or unreachable), so ``k`` halves until an answer comes back."""
        while True:
            try:
                found: tuple[np.ndarray, np.ndarray] = self._index.knn_query(
                    query, k=k, filter=allowed.__contains__
                )
                return found
            except RuntimeError:
                if k <= 1:
                    return np.empty((1, 0), dtype=np.uint64), np.empty((1, 0), dtype=np.float32)
                k //= 2

    # -- persistence ----------------------------------------------------------------------------
    def signature(self) -> dict[str, int]:
        with self._lock:
            return {
                "count": len(self._live),
                "max_rid": max(self._live, default=0),
                "dimension": self.dimension,
            }

    def save(self) -> None:
        """Write the index and its sidecar atomically (temp file + rename)."""
        if self.path is None:
            return
        with self._lock:
            if not self._dirty and self.path.exists():
                return
            # Several processes may share one store and close together: each writes its own
            # temp files, and the file lock keeps an index and its sidecar from two of them.
            unique = f".{os.getpid()}.{threading.get_ident()}.tmp"
            tmp = self.path.with_suffix(self.path.suffix + unique)
            side_tmp = self._sidecar().with_suffix(unique)
            with _file_lock(self._lockfile()):
                self._index.save_index(str(tmp))
                os.replace(tmp, self.path)
                sidecar = {**self.signature(), "deleted": sorted(self._deleted)}
                side_tmp.write_text(json.dumps(sidecar))
                os.replace(side_tmp, self._sidecar())
            self._dirty = False

    def _sidecar(self) -> Path:
        assert self.path is not None
        return self.path.with_suffix(self.path.suffix + ".json")

    def _lockfile(self) -> Path:
        assert self.path is not None
        return self.path.with_suffix(self.path.suffix + ".lock")

    def try_load(self, expected: dict[str, int]) -> bool:
        """Load the saved index if its sidecar matches ``expected`` (the table's signature)."""
        if self.path is None or not self.path.exists() or not self._sidecar().exists():
            return False
        try:
            with _file_lock(self._lockfile()):
                side = json.loads(self._sidecar().read_text())
                if {k: side.get(k) for k in expected} != expected:
                    logger.info("vector index %s is stale; rebuilding from the table", self.path)
                    return False
                index = hnswlib.Index(space="cosine", dim=self.dimension)
                index.load_index(str(self.path), max_elements=0)
            index.set_ef(EF_SEARCH)
            index.set_num_threads(1)
            deleted = {int(r) for r in side.get("deleted", [])}
            labels = {int(x) for x in index.get_ids_list()}
        except (OSError, RuntimeError, ValueError, json.JSONDecodeError):
            logger.warning("vector index %s is unreadable; rebuilding", self.path)
            return False
        with self._lock:
            self._index = index
            self._deleted = deleted
            self._live = labels - deleted
            self._dirty = False
        return True

    def rebuild(self, rows: Iterable[tuple[int, bytes]], count: int) -> None:
        """Replace the index with the vectors in ``rows`` ((rid, float32 bytes) pairs)."""
        with self._lock:
            self._reset(max(count, INITIAL_CAPACITY))
            batch_rids: list[int] = []
            batch_vecs: list[Vectors] = []
            for rid, blob in rows:
                batch_rids.append(rid)
                batch_vecs.append(decode_vector(blob))
                if len(batch_rids) >= 4096:
                    self.add(batch_rids, np.vstack(batch_vecs))
                    batch_rids, batch_vecs = [], []
            if batch_rids:
                self.add(batch_rids, np.vstack(batch_vecs))
            self._dirty = True
