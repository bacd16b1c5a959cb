"""A bounded memo of name embeddings for the embedding tier.

Why only embeddings: a name's vector depends on the embedder and the name, never on the store,
so it cannot go stale after a write. Everything that does depend on the store (the vector
search, the candidate rows) is recomputed on every resolution. Measured on a LongMemEval ingest,
about 45% of the names that reach the embedding tier were embedded before by the same resolver
(the first pass, then the recluster pass after the commit, re-resolve the same new entities).

Why one name per call and never a batch: an embedder may quantise its activations per batch, so
a name embedded among others could get a different vector than the same name embedded alone,
which would move scores across the tier's thresholds. The bundled ONNX embedder no longer does
(it runs one window per call since issue 14, and memoises short texts itself), but a plug-in
embedder may; the memo stores exactly what ``embed_documents([name])`` returned.
"""

from __future__ import annotations

import sys
import threading
from typing import Final

import numpy as np

from worlddb.embedding.memo import VectorMemo
from worlddb.errors import ValidationError
from worlddb.plugins import Embedder, Vectors

__all__ = ["EMBED_MEMO_SIZE", "NameVectors"]

EMBED_MEMO_SIZE: Final = 4096  # names; at 384 float32 dimensions about 6 MB


class NameVectors:
    """Name → vector as one ``embed_documents([name])`` call returned it; LRU, thread-safe.

    The LRU itself is ``worlddb.embedding.memo.VectorMemo``; this adds what the resolver needs on
    top: one name per call, and entries that belong to one embedder (asking with another
    embedder object empties the memo first, so a swapped embedder is never served vectors of
    the old one). ``size=0`` turns the memo off (every call embeds).
    """

    def __init__(self, size: int = EMBED_MEMO_SIZE) -> None:
        if size < 0:
            raise ValidationError(
                f"memo size must be >= 0, got {size!r}", field="memo_size", value=size
            )
        self._memo = VectorMemo(size, max_chars=sys.maxsize)
        self._owner: Embedder | None = None
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        return self._memo.size

    @property
    def hits(self) -> int:
        return self._memo.hits

    @property
    def misses(self) -> int:
        return self._memo.misses

    def __len__(self) -> int:
        return len(self._memo)

    def clear(self) -> None:
        """Forget every vector."""
        with self._lock:
            self._memo.clear()
            self._owner = None

    def vector(self, embedder: Embedder, name: str) -> Vectors:
        """``embedder``'s vector for ``name`` alone, from the memo when it holds one."""
        with self._lock:
            if embedder is not self._owner:
                self._memo.clear()
                self._owner = embedder
        found = self._memo.get(name)
        if found is not None:
            return found
        # Outside the lock: an embedder may be slow (a remote API), and a race only embeds twice.
        vector = np.array(embedder.embed_documents([name])[0], dtype=np.float32)
        vector.setflags(write=False)
        with self._lock:
            if embedder is self._owner:
                self._memo.put(name, vector)
        return vector
