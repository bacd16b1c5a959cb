"""Bulk loads through the reconciler: many changesets, one transaction, upkeep deferred.

``apply_bulk`` runs every changeset through the same steps as ``apply`` (validation, embedding,
resolution, the writes, every new edge's handler) inside ONE write transaction, so a load is
all or nothing: a bad row anywhere leaves the store exactly as it was and raises the typed
error of that row (with a note naming the changeset). What it saves:

* one ``BEGIN``/``COMMIT`` (and one existence check per world) instead of one per changeset;
* into an empty store, the backend defers its secondary indexes and full-text rows to the end
  of the load (``Store.bulk_transaction``) and builds them in one pass. That is safe only while
  nothing inside the load reads them, so the deferral ends (they are built there and then,
  and kept up as usual afterwards) before the first changeset that could: one that resolves
  entities, nests worlds (``contains`` walks the graph), writes a world already stored (its
  validity may close edges), carries an edge whose handler does more than check the edge
  itself, or runs with an embedder (composed vectors walk the parents).

The price of one transaction: the store's other writers (threads, processes) wait for the
whole load, and a process's writer gives up after the store's busy timeout.

The vector index is updated after the commit from the stored vectors, streamed in chunks, so
the load never holds all its vectors in memory (not at all when the store indexes them itself,
as pgvector does). ``after_commit`` listeners hear, after the
commit, of the changesets that resolved entities (the only ones the built-in listener acts on;
keeping every changeset of a million-world load in memory to replay it is not an option).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from worlddb.errors import WorldDBError
from worlddb.handlers import EdgeHandler, HandlerRegistry, PlainHandler
from worlddb.handlers.builtin import NoSelfLoopHandler
from worlddb.index.vector import VectorIndex, decode_vector
from worlddb.model import Changeset, CommitResult
from worlddb.plugins import Embedder, Vectors
from worlddb.reconciler.validate import Checked, validate_changeset
from worlddb.store.protocols import Store, StoreReads, WriteTransaction

__all__ = ["BulkOps", "BulkReport", "Written"]

_INDEX_CHUNK: Final = 20_000
_SELF_CONTAINED: Final = (PlainHandler.on_insert, NoSelfLoopHandler.on_insert)
"""``on_insert`` bodies that read nothing beyond the edge itself (deferral can go on)."""


@dataclass(frozen=True, slots=True)
class Written:
    """What writing one changeset inside a transaction did, for the steps after the commit."""

    result: CommitResult
    fresh_rids: list[int]
    vectors: Vectors | None
    removed_rids: list[int]


@dataclass(frozen=True, slots=True)
class BulkReport:
    """What a bulk load committed.

    ``deferred_until`` is how many changesets were written with index and full-text upkeep
    deferred (all of them when ``== changesets``; 0 into a non-empty store).
    """

    changesets: int
    created: int
    existing: int
    edges: int
    deferred_until: int
    ingested_at: int


class BulkOps:
    """Mixed into ``Reconciler``; expects its write steps (``_write_in``, ``_embed``)."""

    store: Store
    registry: HandlerRegistry
    handlers: Mapping[str, EdgeHandler]
    embedder: Embedder | None
    vectors: VectorIndex | None
    reply_head_chars: int | None
    after_commit: list[Callable[[Changeset, CommitResult], None]]

    if TYPE_CHECKING:  # provided by Reconciler

        def now(self) -> int: ...

        def _embed(
            self, texts: Sequence[str], reads: StoreReads | None = None
        ) -> Vectors | None: ...

        def _write_in(
            self,
            txn: WriteTransaction,
            changeset: Changeset,
            checked: Checked,
            prepared: list[str],
            prepared_vectors: Vectors | None,
            *,
            recheck: bool = True,
        ) -> Written: ...

    def apply_bulk(self, changesets: Iterable[Changeset]) -> BulkReport:
        """Apply ``changesets`` in order as one transaction (see the module docstring)."""
        count = created = existing = edges = deferred_until = 0
        fresh: list[int] = []
        removed: list[int] = []
        heard: list[tuple[Changeset, CommitResult]] = []
        with self.store.exclusive():
            with self.store.bulk_transaction(self.now) as txn:
                now = txn.now
                for number, changeset in enumerate(changesets):
                    try:
                        written = self._bulk_one(txn, changeset)
                    except WorldDBError as exc:
                        exc.add_note(f"in changeset #{number} of a bulk load; nothing was written")
                        raise
                    count += 1
                    deferred_until += int(txn.deferring)
                    result = written.result
                    created += len(result.created)
                    existing += len(result.existing)
                    edges += len(result.edges)
                    fresh += written.fresh_rids
                    removed += written.removed_rids
                    if self.after_commit and any(w.resolve for w in changeset.worlds):
                        heard.append((changeset, result))
            self._index_after_bulk(fresh, removed)
        for changeset, result in heard:
            for listener in self.after_commit:
                listener(changeset, result)
        return BulkReport(count, created, existing, edges, deferred_until, now)

    def _bulk_one(self, txn: WriteTransaction, changeset: Changeset) -> Written:
        """Validate, embed and write one changeset of a bulk load inside its transaction."""
        from worlddb.reconciler import is_searchable
        from worlddb.reconciler.embeddings import text_of

        checked = validate_changeset(
            changeset, is_type=self.registry.__contains__, existing=txn.existing
        )
        if txn.deferring and not self._keeps_deferral(changeset, checked):
            txn.end_deferral()
        worlds, stored = checked.worlds, checked.stored
        prepared = [w for w in worlds if w not in stored and is_searchable(worlds[w])]
        vectors = self._embed([text_of(worlds[w], self.reply_head_chars) for w in prepared], txn)
        return self._write_in(txn, changeset, checked, prepared, vectors, recheck=False)

    def _keeps_deferral(self, changeset: Changeset, checked: Checked) -> bool:
        """Whether writing ``changeset`` reads nothing that a bulk load defers (see module)."""
        if self.embedder is not None:
            return False
        stored = checked.stored
        for wid, spec in checked.worlds.items():
            if spec.resolve or spec.children or spec.edges or wid in stored:
                return False
        for name in {edge.type for edge in changeset.edges}:
            handler = self.handlers.get(name)
            if handler is None or getattr(type(handler), "on_insert", None) not in _SELF_CONTAINED:
                return False
        return True

    def _index_after_bulk(self, fresh: list[int], removed: list[int]) -> None:
        """Add the load's committed vectors to the vector index, streamed from the store."""
        if self.vectors is None:
            return
        if removed:
            self.vectors.remove(removed)
        if not fresh:
            return
        if self.vectors.in_store:  # already indexed in the transaction: nothing to stream
            self.vectors.add(fresh, np.empty((0, self.vectors.dimension), dtype=np.float32))
            return
        wanted = set(fresh)
        rids: list[int] = []
        blocks: list[Vectors] = []

        def flush() -> None:
            assert self.vectors is not None
            self.vectors.add(list(rids), np.vstack(blocks).astype(np.float32))
            rids.clear()
            blocks.clear()

        for rid, blob in self.store.embedding_rows():
            if rid in wanted:
                rids.append(rid)
                blocks.append(decode_vector(blob))
                if len(rids) >= _INDEX_CHUNK:
                    flush()
        if rids:
            flush()
