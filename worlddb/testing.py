"""Deterministic test doubles for worlddb's plug-in protocols (for our tests and plug-in authors).

``HashEmbedder`` stands in for a real ``Embedder`` where a model would be slow or beside the
point: it needs no model file, is bit-for-bit deterministic across processes and platforms, and
still gives texts that share words a positive cosine, so recall tests can rank by overlap. It is
not a product default and carries no semantics beyond word overlap.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

import numpy as np

from worlddb.errors import ValidationError
from worlddb.hashing import digest
from worlddb.plugins import Vectors, check_texts

__all__ = ["HashEmbedder"]

DEFAULT_DIMENSION: Final = 64
BIGRAM_WEIGHT: Final = 0.5  # bigrams add word-order signal without swamping shared unigrams
_WORD = re.compile(r"\w+")
_EMPTY_FEATURE: Final = "\x00empty"  # gives word-less text a unit vector of its own


class HashEmbedder:
    """Feature-hashing embedder: casefolded word unigrams and bigrams, blake3 into buckets.

    Every feature adds a *positive* weight to its bucket, so two texts that share a word always
    have a cosine above zero (and unrelated texts can only collide upwards, never cancel).
    Vectors are float32 and L2-normalised; documents and queries are embedded alike.
    """

    def __init__(self, dimension: int = DEFAULT_DIMENSION) -> None:
        """Create an embedder of ``dimension`` buckets.

        Raises:
            ValidationError: ``dimension`` is not a positive int.
        """
        if isinstance(dimension, bool) or not isinstance(dimension, int) or dimension < 1:
            raise ValidationError(
                f"dimension must be a positive int, got {dimension!r}",
                field="dimension",
                value=dimension,
            )
        self._dimension = dimension
        self._buckets: dict[str, int] = {}

    def __repr__(self) -> str:
        return f"HashEmbedder({self._dimension})"

    @property
    def key(self) -> str:
        """``"hash:v1:<dimension>"``."""
        return f"hash:v1:{self._dimension}"

    @property
    def dimension(self) -> int:
        """The vector width."""
        return self._dimension

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        """Embed texts: float32 ``(len(texts), dimension)`` with unit rows."""
        check_texts(texts)
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in self._features(text):
                out[row, self._bucket(feature)] += weight
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        unit: Vectors = (out / np.maximum(norms, np.float32(1e-12))).astype(np.float32, copy=False)
        return unit

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        """Embed queries exactly as documents."""
        return self.embed_documents(texts)

    @staticmethod
    def _features(text: str) -> list[tuple[str, float]]:
        words = _WORD.findall(text.casefold())
        if not words:
            return [(_EMPTY_FEATURE, 1.0)]
        features = [(f"u:{w}", 1.0) for w in words]
        features += [(f"b:{a} {b}", BIGRAM_WEIGHT) for a, b in pairwise(words)]
        return features

    def _bucket(self, feature: str) -> int:
        bucket = self._buckets.get(feature)
        if bucket is None:
            bucket = (
                int(digest(feature.encode("utf-8", "surrogatepass"))[:16], 16) % self._dimension
            )
            if len(self._buckets) < 100_000:  # bounded memo; hashing again is only slower
                self._buckets[feature] = bucket
        return bucket
