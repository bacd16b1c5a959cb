"""Text → vector memos for embedders, and the counters that show what an embedder really ran.

Why a memo at the embedder: an ingest embeds the same short texts again and again (an entity
name is embedded by the resolver for every mention, for the recluster pass after each commit,
and by every fresh store of a benchmark run), and each of those costs a full model call. A memo
keyed by the exact text serves the repeats from memory, whoever asks, without the callers
batching or caching anything themselves.

Why it is exact: a memo may only return what the embedder would have computed. That holds for
``OnnxEmbedder`` because it runs every window on its own (a text's vector never depends on the
texts embedded beside it), and for any embedder whose vectors depend on the text alone. Wrap
nothing else in ``MemoEmbedder``.

Why bounded by characters too: the memo is for names and short texts, the ones that repeat. A
long chat turn rarely does within one process (the store and the benchmark cache key those on
a text hash), and keeping it would hold its whole text in memory as the key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from worlddb.embedding.wrapper import EmbedderWrapper
from worlddb.errors import ValidationError
from worlddb.plugins import check_texts

if TYPE_CHECKING:
    import numpy.typing as npt

    from worlddb.plugins import Embedder

    # Same alias as worlddb.plugins.Vectors; spelled out so the module reads without it.
    Vectors = npt.NDArray[np.float32]

__all__ = ["MEMO_MAX_CHARS", "MEMO_SIZE", "EmbedStats", "MemoEmbedder", "VectorMemo"]

MEMO_SIZE: Final = 8192  # texts; at 384 float32 dimensions about 13 MB of vectors
MEMO_MAX_CHARS: Final = 256  # longer texts are embedded every time (see the module docstring)


class EmbedStats:
    """What one embedder did: texts asked for, memo hits, model calls and the tokens they ran.

    ``padding_ratio`` is tokens fed to the model (rows × padded width) over real window tokens;
    ``overlap_ratio`` is real window tokens over the texts' own tokens (``[CLS]``/``[SEP]``
    counted once per text), so a text cut into overlapping windows shows above 1.
    """

    __slots__ = (
        "calls",
        "memo_hits",
        "padded_tokens",
        "text_tokens",
        "texts",
        "window_tokens",
        "windows",
    )

    def __init__(self) -> None:
        self.texts = 0
        self.memo_hits = 0
        self.calls = 0
        self.windows = 0
        self.text_tokens = 0
        self.window_tokens = 0
        self.padded_tokens = 0

    @property
    def padding_ratio(self) -> float:
        """Tokens the model ran over real window tokens (1.0: no padding)."""
        return self.padded_tokens / self.window_tokens if self.window_tokens else 1.0

    @property
    def overlap_ratio(self) -> float:
        """Real window tokens over the texts' own tokens (1.0: no token embedded twice)."""
        return self.window_tokens / self.text_tokens if self.text_tokens else 1.0

    def to_dict(self) -> dict[str, float]:
        """The counters and both ratios, for a benchmark report."""
        return {
            "texts": self.texts,
            "memo_hits": self.memo_hits,
            "onnx_calls": self.calls,
            "windows": self.windows,
            "padding_ratio": round(self.padding_ratio, 3),
            "overlap_ratio": round(self.overlap_ratio, 3),
        }

    def __repr__(self) -> str:
        return f"EmbedStats({self.to_dict()!r})"


class VectorMemo:
    """An LRU map from exact text to its vector; thread-safe; ``size=0`` remembers nothing.

    Stored vectors are read-only, so a caller cannot corrupt the memo through a returned row.
    """

    def __init__(self, size: int = MEMO_SIZE, *, max_chars: int = MEMO_MAX_CHARS) -> None:
        """Remember up to ``size`` texts of at most ``max_chars`` characters each.

        Raises:
            ValidationError: ``size`` or ``max_chars`` is negative.
        """
        if size < 0 or max_chars < 0:
            raise ValidationError(
                f"memo size and max_chars must be >= 0, got {(size, max_chars)!r}",
                field="memo_size",
                value=size,
            )
        self.size = size
        self.max_chars = max_chars
        self.hits = 0
        self.misses = 0
        self._vectors: OrderedDict[str, Vectors] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._vectors)

    def get(self, text: str) -> Vectors | None:
        """The remembered vector of ``text``, or ``None`` (counted as a hit or a miss)."""
        with self._lock:
            found = self._vectors.get(text)
            if found is None:
                self.misses += 1
                return None
            self._vectors.move_to_end(text)
            self.hits += 1
            return found

    def put(self, text: str, vector: Vectors) -> None:
        """Remember ``vector`` for ``text`` when the text is short enough; evict the oldest."""
        if not self.size or len(text) > self.max_chars:
            return
        row = np.array(vector, dtype=np.float32)
        row.setflags(write=False)
        with self._lock:
            self._vectors[text] = row
            self._vectors.move_to_end(text)
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)

    def clear(self) -> None:
        """Forget every vector (the counters stay)."""
        with self._lock:
            self._vectors.clear()


class MemoEmbedder(EmbedderWrapper):
    """Any company-independent ``Embedder`` with a memo in front: repeated texts cost nothing.

    Same ``key`` and ``dimension`` as the inner embedder (its vectors are the inner one's).
    Documents and queries have separate memos, since an embedder may embed them differently.
    Within one call, a text asked for twice is embedded once.
    """

    def __init__(
        self, inner: Embedder, *, size: int = MEMO_SIZE, max_chars: int = MEMO_MAX_CHARS
    ) -> None:
        """Wrap ``inner``; see ``VectorMemo`` for ``size`` and ``max_chars``."""
        super().__init__(inner)
        self.documents = VectorMemo(size, max_chars=max_chars)
        self.queries = VectorMemo(size, max_chars=max_chars)

    def __repr__(self) -> str:
        return f"MemoEmbedder({self.inner!r}, size={self.documents.size})"

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        """The inner ``embed_documents``, serving remembered texts from the memo."""
        return memoized(texts, self.documents, self.inner.embed_documents, self.dimension)

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        """The inner ``embed_queries``, serving remembered texts from the memo."""
        return memoized(texts, self.queries, self.inner.embed_queries, self.dimension)


def memoized(
    texts: Sequence[str],
    memo: VectorMemo,
    compute: Callable[[Sequence[str]], Vectors],
    dimension: int,
) -> Vectors:
    """``compute(texts)`` with the texts ``memo`` holds served from it and repeats computed once.

    Raises:
        ValidationError: ``texts`` is a bare string or holds a non-string.
    """
    check_texts(texts)
    out = np.empty((len(texts), dimension), dtype=np.float32)
    todo: dict[str, list[int]] = {}
    for row, text in enumerate(texts):
        waiting = todo.get(text)
        if waiting is not None:
            waiting.append(row)
            continue
        found = memo.get(text)
        if found is None:
            todo[text] = [row]
        else:
            out[row] = found
    if todo:
        fresh = compute(list(todo))
        for (text, rows), vector in zip(todo.items(), fresh, strict=True):
            out[rows] = vector
            memo.put(text, vector)
    return out
