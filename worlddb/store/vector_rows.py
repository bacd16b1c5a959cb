"""Reads of the stored embedding rows: the vector index's source of truth (SQLite backend).

The HNSW index is a sidecar rebuilt from these rows when it is missing or stale, the reconciler
reuses a stored vector for text it has embedded before (rows are keyed by the text's hash), and
``reembed`` re-embeds every searchable world's text. Mixed into both the store and the write
transaction, so a transaction sees the vectors it has just written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from worlddb.store.sql import ConnectionMixin, chunked

__all__ = ["VectorRowsMixin"]


class VectorRowsMixin(ConnectionMixin):
    """Embedding-row reads of ``Store`` and of the write transaction (see ``ConnectionMixin``)."""

    def embeddings_by_hash(self, text_hashes: Sequence[str]) -> dict[str, bytes]:
        """Stored vectors (encoded) keyed by the hash of the text they embed."""
        out: dict[str, bytes] = {}
        with self._guard:
            for chunk, marks in chunked(list(dict.fromkeys(text_hashes))):
                for text_hash, blob in self._connection.execute(
                    f"SELECT text_hash, vector FROM embeddings WHERE text_hash IN ({marks})", chunk
                ):
                    out[str(text_hash)] = bytes(blob)
        return out

    def embedding_stats(self) -> tuple[int, int]:
        """``(row count, highest rid)`` of the stored embeddings: a vector sidecar's freshness."""
        with self._guard:
            count, max_rid = self._connection.execute(
                "SELECT count(*), coalesce(max(rid), 0) FROM embeddings"
            ).fetchone()
        return int(count), int(max_rid)

    def embedding_rows(self) -> Iterator[tuple[int, bytes]]:
        """Every stored ``(rid, encoded vector)`` in rid order, streamed (for an index rebuild)."""
        with self._guard:
            for rid, vector in self._connection.execute(
                "SELECT rid, vector FROM embeddings ORDER BY rid"
            ):
                yield int(rid), bytes(vector)

    def searchable_rows(self) -> list[tuple[int, str, str, str]]:
        """``(rid, type, name, content)`` of every full-text indexed world, in rid order."""
        with self._guard:
            return [
                (int(r), str(t), str(n), str(c))
                for r, t, n, c in self._connection.execute(
                    "SELECT rid, type, name, content FROM nodes WHERE fts_indexed = 1 ORDER BY rid"
                )
            ]
