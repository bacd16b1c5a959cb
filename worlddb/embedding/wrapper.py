"""The base of an embedder that wraps another (a memo, a cache, a timer).

A wrapper's vectors are the inner embedder's, so its ``key`` and ``dimension`` must be too: the
store records the key and refuses a different one, and a wrapper that reported its own would
split one model's vectors into two. Subclasses implement ``embed_documents``/``embed_queries``.
"""

from __future__ import annotations

from worlddb.plugins import Embedder

__all__ = ["EmbedderWrapper"]


class EmbedderWrapper:
    """Holds ``inner`` and reports its ``key`` and ``dimension`` as its own."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner

    @property
    def key(self) -> str:
        """The inner embedder's key: the vectors are that embedder's vectors."""
        return self.inner.key

    @property
    def dimension(self) -> int:
        """The inner embedder's vector width."""
        return self.inner.dimension
