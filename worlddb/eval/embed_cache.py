"""An embedding cache shared by benchmark runs, questions and worker processes.

LongMemEval gives each question its own haystack, but the haystacks are drawn from one pool of
sessions, and an ablation re-ingests every haystack again: without a cache the harness would
embed the same turn dozens of times, and embedding is most of its cost. ``CachingEmbedder`` wraps
any ``Embedder`` and keeps its vectors in a SQLite file keyed by (embedder key, method, blake3 of
the text), so a vector is computed once per machine, whatever the run.

Invariants:

* The wrapper is transparent: same ``key`` and ``dimension`` as the inner embedder, and a store
  built through it accepts the bare embedder later (and the reverse).
* Documents and queries are cached apart, since an embedder may embed them differently.
* Rows are float32 bytes of exactly ``dimension`` values; a row of another size means the file was
  written by something else, and is an ``IntegrityError``, never a silent miss.
* Several processes may share one file: WAL, a busy timeout, and ``INSERT OR IGNORE`` (two
  workers racing on one text both embed it; the first row stays).

The file is a cache, not world data: deleting it only costs time. It is opened with ``sqlite3``
directly, outside ``worlddb.store``, for that reason.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Literal

import numpy as np

from worlddb.embedding.wrapper import EmbedderWrapper
from worlddb.errors import IntegrityError, ValidationError
from worlddb.hashing import digest
from worlddb.plugins import Embedder, Vectors
from worlddb.store.wal import enable_wal

__all__ = ["BUSY_TIMEOUT_MS", "CacheStats", "CachingEmbedder"]

logger = logging.getLogger(__name__)

BUSY_TIMEOUT_MS: Final = 60_000  # a sibling worker may hold the write lock through a big batch
_LOOKUP_CHUNK: Final = 500  # bound parameters per SELECT, well under SQLite's limit
_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS vectors (
    embedder  TEXT NOT NULL,
    kind      TEXT NOT NULL,
    text_hash TEXT NOT NULL,
    vector    BLOB NOT NULL,
    PRIMARY KEY (embedder, kind, text_hash)
) WITHOUT ROWID
"""

Kind = Literal["document", "query"]


class CacheStats:
    """Hit and miss counts of one ``CachingEmbedder`` (texts, after de-duplication per batch)."""

    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0

    def __repr__(self) -> str:
        return f"CacheStats(hits={self.hits}, misses={self.misses})"


class CachingEmbedder(EmbedderWrapper):
    """An ``Embedder`` that serves repeated texts from a SQLite file and embeds only new ones.

    The connection opens on first use, so the wrapper can be built in one process and used in
    another (it pickles without its connection).
    """

    def __init__(self, inner: Embedder, path: str | Path) -> None:
        """Wrap ``inner``; the cache file is ``path`` (its folder is created when needed).

        Raises:
            ValidationError: ``path`` is ``":memory:"`` or empty (a cache must be a file).
        """
        if str(path) in ("", ":memory:"):
            raise ValidationError("the embedding cache needs a file path", field="path", value=path)
        super().__init__(inner)
        self.path = Path(path)
        self.stats = CacheStats()
        self._conn: sqlite3.Connection | None = None
        # The engine embeds from more than one thread (the background recluster pass embeds
        # entity names): one connection, shared, each use of it under this lock.
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"CachingEmbedder({self.inner!r}, {str(self.path)!r})"

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_conn"] = None
        del state["_lock"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        """Embed documents, computing only those the cache lacks."""
        return self._embed(texts, "document")

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        """Embed queries, computing only those the cache lacks."""
        return self._embed(texts, "query")

    def close(self) -> None:
        """Close the cache file (it reopens on next use). Idempotent."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __len__(self) -> int:
        """How many vectors the file holds for this embedder (both kinds)."""
        with self._lock:
            row = (
                self._connect()
                .execute("SELECT count(*) FROM vectors WHERE embedder = ?", (self.key,))
                .fetchone()
            )
        return int(row[0])

    # -- internals ------------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self._conn is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # A cache file, not a worlddb store: worlddb.store's connect would lay out a world
            # schema and migrations here, which this file has no use for.
            conn = sqlite3.connect(  # noqa: TID251
                self.path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False
            )
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            enable_wal(conn, timeout_s=BUSY_TIMEOUT_MS / 1000)
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute(_SCHEMA)
            conn.commit()
            self._conn = conn
        return self._conn

    def _embed(self, texts: Sequence[str], kind: Kind) -> Vectors:
        if isinstance(texts, str | bytes):
            raise ValidationError(
                "expected a sequence of texts, got a single string", field="texts", value=texts
            )
        for text in texts:
            if not isinstance(text, str):
                raise ValidationError(
                    f"texts must be str, got {type(text).__name__}", field="texts", value=text
                )
        hashes = [digest(t.encode("utf-8", "surrogatepass")) for t in texts]
        unique = dict(zip(hashes, texts, strict=True))
        found = self._lookup(list(unique), kind)
        missing = [h for h in unique if h not in found]
        with self._lock:
            self.stats.hits += len(unique) - len(missing)
            self.stats.misses += len(missing)
        if missing:
            fresh = self._compute([unique[h] for h in missing], kind)
            rows = list(zip(missing, fresh, strict=True))
            self._store(rows, kind)
            found.update(rows)
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        for row, text_hash in enumerate(hashes):
            out[row] = found[text_hash]
        return out

    def _compute(self, texts: list[str], kind: Kind) -> list[Vectors]:
        if kind == "document":
            vectors = self.inner.embed_documents(texts)
        else:
            vectors = self.inner.embed_queries(texts)
        array = np.asarray(vectors, dtype=np.float32)
        if array.shape != (len(texts), self.dimension):
            raise IntegrityError(
                f"embedder {self.key!r} returned shape {array.shape!r} for {len(texts)} texts"
            )
        return list(array)

    def _lookup(self, hashes: list[str], kind: Kind) -> dict[str, Vectors]:
        found: dict[str, Vectors] = {}
        width = self.dimension * 4
        with self._lock:
            conn = self._connect()
            for start in range(0, len(hashes), _LOOKUP_CHUNK):
                chunk = hashes[start : start + _LOOKUP_CHUNK]
                marks = ",".join("?" * len(chunk))
                rows = conn.execute(
                    "SELECT text_hash, vector FROM vectors WHERE embedder = ? AND kind = ? "
                    f"AND text_hash IN ({marks})",
                    (self.key, kind, *chunk),
                ).fetchall()
                for text_hash, blob in rows:
                    if len(blob) != width:
                        raise IntegrityError(
                            f"cached vector {text_hash[:16]!r} in {str(self.path)!r} has "
                            f"{len(blob)} bytes, expected {width}"
                        )
                    found[str(text_hash)] = np.frombuffer(blob, dtype=np.float32)
        return found

    def _store(self, rows: list[tuple[str, Vectors]], kind: Kind) -> None:
        with self._lock, self._connect() as conn:
            conn.executemany(
                "INSERT OR IGNORE INTO vectors (embedder, kind, text_hash, vector) "
                "VALUES (?, ?, ?, ?)",
                [(self.key, kind, h, np.ascontiguousarray(v).tobytes()) for h, v in rows],
            )
