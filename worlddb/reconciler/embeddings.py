"""Embeddings for the reconciler: embed before the transaction, index after the commit.

Text is embedded before the write lock and ``BEGIN IMMEDIATE`` (cached by text hash, so identical
text is embedded once per store), so a long text holds up neither readers nor other writers; the
vectors are written to the ``embeddings`` table inside the transaction, and the HNSW index is
only updated after the commit: it cannot roll back, so it never sees uncommitted vectors.
``reembed`` is the migration to another embedder.

What is embedded is the world's whole text (a long one in overlapping windows, by the
embedder), by default. One opt-in policy trades recall for ingest speed: with
``reply_head_chars=N`` (``WorldDB.open(..., reply_head_chars=REPLY_HEAD_CHARS)``) an assistant's
reply longer than N characters is embedded by its head only. Replies are most of a chat log's
characters (163M of LongMemEval_S's 187M distinct characters; median reply 1,681 characters)
and most of the cost of embedding one. Nothing is cut from the world: its whole content is
stored, hashed and indexed for BM25, so every character stays searchable; only the vector
summarises the head. It is off by default because it costs recall: on the full LongMemEval_S
run it lost 2 of 418 questions at recall_all@5, confirmed paired (BENCHMARKS.md, "Reply
embedding policy").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from worlddb.hashing import digest
from worlddb.index.vector import VectorIndex, decode_vector, encode_vector
from worlddb.model import WorldSpec
from worlddb.plugins import Embedder, Vectors
from worlddb.store.protocols import Store, StoreReads, WriteTransaction

__all__ = [
    "DEFAULT_REPLY_HEAD_CHARS",
    "REPLY_HEAD_CHARS",
    "EmbeddingOps",
    "embedded_text",
    "text_of",
]

REPLY_HEAD_CHARS = 1000
"""The head length to opt in with: about one window of the bundled MiniLM model (254
wordpieces), so a long reply costs one ONNX window instead of several."""

DEFAULT_REPLY_HEAD_CHARS: int | None = None
"""Replies are embedded whole unless a caller opts in (see the module docstring for why)."""

_REPLY_ROLE = "assistant"


def embedded_text(type_: str, name: str, content: str, reply_head_chars: int | None) -> str:
    """The text embedded for a world: its content (else its name), or for a Turn whose role
    (its name) is ``assistant`` and whose content is longer than ``reply_head_chars``, the head
    of the content cut at its last space in the head's final fifth (else exactly there)."""
    text = content or name
    if reply_head_chars is None or type_ != "Turn" or name != _REPLY_ROLE:
        return text
    if len(text) <= reply_head_chars:
        return text
    cut = text.rfind(" ", reply_head_chars * 4 // 5, reply_head_chars + 1)
    return text[: cut if cut > 0 else reply_head_chars]


def text_of(spec: WorldSpec, reply_head_chars: int | None = DEFAULT_REPLY_HEAD_CHARS) -> str:
    """The text of a world that is embedded and whose hash keys its stored vector."""
    return embedded_text(spec.type, spec.name, spec.content, reply_head_chars)


class EmbeddingOps:
    """Mixed into ``Reconciler``; expects ``store``, ``embedder``, ``vectors`` and ``now``."""

    store: Store
    embedder: Embedder | None
    vectors: VectorIndex | None
    reply_head_chars: int | None

    if TYPE_CHECKING:  # provided by Reconciler; no runtime stub to shadow it

        def now(self) -> int: ...

    def _embed(self, texts: Sequence[str], reads: StoreReads | None = None) -> Vectors | None:
        """Vectors of ``texts``, reusing stored ones for text embedded before.

        ``reads``: where to look for stored vectors (the open transaction, inside one).
        """
        if self.embedder is None or not texts:
            return None
        hashes = [digest(t.encode("utf-8")) for t in texts]
        stored = (reads or self.store).embeddings_by_hash(hashes)
        cached: dict[str, Vectors] = {h: decode_vector(blob) for h, blob in stored.items()}
        missing = sorted(
            {h: t for h, t in zip(hashes, texts, strict=True) if h not in cached}.items()
        )
        if missing:
            fresh = self.embedder.embed_documents([t for _, t in missing])
            for (h, _), vec in zip(missing, fresh, strict=True):
                cached[h] = np.asarray(vec, dtype=np.float32)
        return np.vstack([cached[h] for h in hashes]).astype(np.float32)

    def _prepared_vectors(
        self,
        new_ids: Sequence[str],
        worlds: dict[str, WorldSpec],
        prepared: Sequence[str],
        vectors: Vectors | None,
        *,
        searchable: Callable[[WorldSpec], bool],
        txn: WriteTransaction,
    ) -> tuple[list[str], Vectors | None]:
        """The searchable worlds this transaction writes new, and their vectors.

        ``vectors`` were embedded before the transaction for ``prepared``; a world the resolver
        mapped onto a stored one just drops its row. A world that was stored at validation but
        purged since is new again without a prepared vector: rare, so it is embedded here.
        """
        if self.embedder is None:
            return [], None
        row = {wid: i for i, wid in enumerate(prepared)}
        ids = [w for w in new_ids if w in row]
        late = [w for w in new_ids if w not in row and searchable(worlds[w])]
        blocks: list[Vectors] = []
        if ids:
            assert vectors is not None  # ``prepared`` was embedded
            blocks.append(vectors[[row[w] for w in ids]])
        if late:
            extra = self._embed([text_of(worlds[w], self.reply_head_chars) for w in late], txn)
            assert extra is not None
            blocks.append(extra)
        if not blocks:
            return [], None
        return [*ids, *late], np.vstack(blocks).astype(np.float32)

    def _store_vectors(
        self,
        txn: WriteTransaction,
        ids: Sequence[str],
        worlds: dict[str, WorldSpec],
        vectors: Vectors | None,
    ) -> list[int]:
        if vectors is None:
            return []
        rids: list[int] = []
        for wid, vec in zip(ids, vectors, strict=True):
            rid = txn.rid_of(wid)
            assert rid is not None  # written earlier in this transaction
            text_hash = digest(text_of(worlds[wid], self.reply_head_chars).encode("utf-8"))
            txn.put_embedding(rid, text_hash, encode_vector(vec))
            rids.append(rid)
        return rids

    def _after_commit(
        self, rids: Sequence[int], vectors: Vectors | None, removed: Sequence[int]
    ) -> None:
        if self.vectors is None:
            return
        if removed:
            self.vectors.remove(removed)
        if vectors is not None and rids:
            self.vectors.add(list(rids), vectors)

    def reembed(self, embedder: Embedder, *, meta_key: str, batch: int = 256) -> int:
        """Replace every stored embedding with ``embedder``'s and record its key.

        The vectors are computed outside any transaction; each batch commits on its own, and
        the meta key is switched last, so an interrupted run leaves a store that still refuses
        the new embedder until ``reembed`` is run again (it redoes the work, idempotently).
        """
        rows = self.store.searchable_rows()
        done = 0
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            texts = [embedded_text(t, n, c, self.reply_head_chars) for _, t, n, c in chunk]
            vectors = embedder.embed_documents(texts)
            with self.store.transaction(self.now) as txn:
                for (rid, _, _, _), text, vec in zip(chunk, texts, vectors, strict=True):
                    txn.put_embedding(rid, digest(text.encode("utf-8")), encode_vector(vec))
            done += len(chunk)
        with self.store.transaction(self.now) as txn:
            txn.drop_unsearchable_embeddings()
            txn.clear_composed()
            txn.set_meta(meta_key, embedder.key)
        return done
