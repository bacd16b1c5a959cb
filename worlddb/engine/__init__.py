"""``WorldDB``: the facade that wires store, handlers, resolver, embedder and indexes together.

Every write goes to the reconciler; every read goes to the store's typed reads (or recall). The
facade owns lifecycles: it opens the store, checks the embedder against the one the store was
built with, hydrates the vector index, and saves it on close.

The class is split by noun: the lifecycle and the writes live here, the reads in
``engine.reads``, merge proposals and reclustering in ``engine.identity``, and the
agent-memory verbs in ``worlddb.memory``; ``WorldDB`` mixes them together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Literal

from worlddb.engine.identity import IdentityOps
from worlddb.engine.reads import ReadOps
from worlddb.errors import ModelMismatchError
from worlddb.handlers import HandlerRegistry, default_handlers, load_entry_point_handlers
from worlddb.hashing import world_id
from worlddb.index.vector import VectorIndex
from worlddb.ingest import Ingestor
from worlddb.memory import MEMORY_TYPES, MemoryOps
from worlddb.model import Changeset, CommitResult, EdgeSpec, NodeId, WorldSpec
from worlddb.plugins import Embedder, Extractor
from worlddb.recall import Recall
from worlddb.reconciler import Reconciler
from worlddb.reconciler.erasure import ErasureReport, purge_worlds
from worlddb.reconciler.versions import edit_world
from worlddb.resolver import Resolver, TieredResolver
from worlddb.resolver.recluster import RECLUSTER_BUDGET_S
from worlddb.store import MEMORY, Store, open_store
from worlddb.timeutil import TimeLike, now_us, parse_time

__all__ = ["EmbedderChoice", "ExtractorChoice", "WorldDB"]

EmbedderChoice = Embedder | Literal["default"] | None
ExtractorChoice = Extractor | Literal["default"] | None
EMBEDDER_META_KEY = "embedder_key"


def _default_embedder() -> Embedder:
    from worlddb.embedding import default_embedder

    return default_embedder()


def _default_extractor() -> Extractor:
    from worlddb.extract import OfflineExtractor

    return OfflineExtractor()


class WorldDB(IdentityOps, ReadOps, MemoryOps):
    """Long-term memory over one SQLite file. Use ``WorldDB.open(path)`` as a context manager."""

    def __init__(
        self,
        store: Store,
        *,
        embedder: Embedder | None,
        extractor: Extractor | None = None,
        handlers: HandlerRegistry | None = None,
        resolver: Resolver | None = None,
        clock: Callable[[], int] = now_us,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.handlers = handlers or default_handlers()
        self.clock = clock
        self.vectors = self._open_vectors() if embedder is not None else None
        if resolver is None:
            resolver = TieredResolver(store, embedder=embedder, vectors=self.vectors)
        self.recluster_budget_s = RECLUSTER_BUDGET_S
        self.reconciler = Reconciler(
            store,
            self.handlers,
            resolver=resolver,
            embedder=embedder,
            vectors=self.vectors,
            clock=clock,
        )
        self.reconciler.after_commit.append(self._recluster_after_commit)
        self.extractor = extractor
        self.ingestor = Ingestor(self.reconciler, extractor)
        self.searcher = Recall(store, self.vectors, embedder, self.handlers, clock=clock)

    @classmethod
    def open(
        cls,
        path: str | Path = MEMORY,
        *,
        embedder: EmbedderChoice = "default",
        extractor: ExtractorChoice = "default",
        handlers: HandlerRegistry | None = None,
        resolver: Resolver | None = None,
        clock: Callable[[], int] = now_us,
        load_plugins: bool = False,
    ) -> WorldDB:
        """Open (or create) the store at ``path``; ``":memory:"`` for a throwaway one.

        ``embedder="default"`` uses the bundled offline MiniLM model; pass ``None`` to run
        without the vector lane, or any ``Embedder``. ``load_plugins=True`` lets every installed
        ``worlddb.edge_handlers`` entry point register its edge types (off by default, so
        nothing installed on the machine changes behaviour unasked).
        """
        if load_plugins:
            handlers = handlers or default_handlers()
            load_entry_point_handlers(handlers)
        chosen = _default_embedder() if embedder == "default" else embedder
        extract = _default_extractor() if extractor == "default" else extractor
        store = open_store(path)
        try:
            if chosen is not None:
                stored = store.meta(EMBEDDER_META_KEY)
                if stored is None:
                    store.set_meta(EMBEDDER_META_KEY, chosen.key)
                elif stored != chosen.key:
                    raise ModelMismatchError(stored, chosen.key)
            return cls(
                store,
                embedder=chosen,
                extractor=extract,
                handlers=handlers,
                resolver=resolver,
                clock=clock,
            )
        except BaseException:
            store.close()
            raise

    @staticmethod
    def reembed(path: str | Path, embedder: Embedder) -> int:
        """Re-embed every searchable world of the store at ``path`` with ``embedder``.

        This is the migration for ``ModelMismatchError``: afterwards the store opens with the
        new embedder (the vector index is rebuilt from the table on the next open).
        """
        store = open_store(path)
        try:
            rec = Reconciler(store, default_handlers(), embedder=embedder)
            count = rec.reembed(embedder, meta_key=EMBEDDER_META_KEY)
        finally:
            store.close()
        for suffix in (".hnsw", ".hnsw.json"):
            stale = Path(str(path) + suffix)
            if stale.exists():
                stale.unlink()
        return count

    def _open_vectors(self) -> VectorIndex:
        assert self.embedder is not None
        index = VectorIndex(self.embedder.dimension, self.store.sidecar_path("hnsw"))
        count, max_rid = self.store.embedding_stats()
        expected = {"count": count, "max_rid": max_rid, "dimension": self.embedder.dimension}
        if not index.try_load(expected):
            index.rebuild(self.store.embedding_rows(), count)
        return index

    # -- lifecycle ------------------------------------------------------------------------------
    def close(self) -> None:
        """Save the vector index, checkpoint and close the store. Idempotent."""
        if self.vectors is not None and self.store._conn is not None:
            self.vectors.save()
        self.store.close()

    def __enter__(self) -> WorldDB:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def now(self) -> int:
        return self.clock()

    # -- writes ---------------------------------------------------------------------------------
    def write(self, changeset: Changeset) -> CommitResult:
        """Commit a changeset through the reconciler (all or nothing).

        After any commit that resolved entities (here or through ingest), their neighbourhood
        is re-resolved (see ``recluster``) for at most ``recluster_budget_s`` seconds; that pass
        runs after the commit, cannot undo it, and its failure is logged, not raised.
        """
        return self.reconciler.apply(changeset)

    def put(
        self,
        type: str,
        name: str = "",
        content: str = "",
        *,
        children: Sequence[str] = (),
        valid_from: TimeLike | None = None,
        valid_to: TimeLike | None = None,
        created_at: TimeLike | None = None,
        provenance: Sequence[str] = (),
        aliases: Sequence[str] = (),
        resolve: bool = False,
    ) -> NodeId:
        """Write one world and return the id it landed as."""
        spec = WorldSpec(
            type=type,
            name=name,
            content=content,
            children=tuple(children),
            created_at=parse_time(created_at, field="created_at") or 0,
            valid_from=parse_time(valid_from, field="valid_from"),
            valid_to=parse_time(valid_to, field="valid_to"),
            provenance=tuple(provenance),
            aliases=tuple(aliases),
            resolve=resolve,
        )
        result = self.write(Changeset(worlds=(spec,)))
        return result.ids[world_id(spec)]

    def link(self, source: str, target: str, type: str, **properties: object) -> str:
        """Write one edge ``source -[type]-> target`` through its handler; returns its id."""
        src, dst = self.store.resolve_id(source), self.store.resolve_id(target)
        result = self.write(Changeset(edges=(EdgeSpec(type, src, dst, properties),)))
        from worlddb.hashing import edge_id

        del result
        return edge_id(EdgeSpec(type, src, dst))

    def edit(
        self,
        target: str,
        *,
        name: str | None = None,
        content: str | None = None,
        children: Sequence[str] | None = None,
    ) -> CommitResult:
        """Write a new version of a world (and its ancestors), superseding the old ones."""
        return edit_world(
            self.reconciler,
            self.store.resolve_id(target),
            name=name,
            content=content,
            children=None if children is None else tuple(children),
        )

    def retire(self, target: str, at: TimeLike | None = None) -> bool:
        """Close a world's validity (now, or at ``at``); returns whether anything changed."""
        return self.reconciler.retire(target, parse_time(at, field="at"))

    def set_validity(
        self, target: str, valid_from: TimeLike | None, valid_to: TimeLike | None
    ) -> bool:
        """Tighten a world's validity interval; widening raises ``ValidityError``."""
        return self.reconciler.set_validity(
            target,
            parse_time(valid_from, field="valid_from"),
            parse_time(valid_to, field="valid_to"),
        )

    def retire_edge(self, edge_id: str) -> None:
        self.reconciler.retire_edge(edge_id)

    def purge(self, target: str) -> list[NodeId]:
        """Delete a world and everything derived from it. Irreversible; returns deleted ids."""
        return list(self.erase(target).erased)

    def erase(self, target: str) -> ErasureReport:
        """``purge``, reporting what was erased and what was kept because something holds it.

        The erased text leaves the database file too (see ``worlddb.reconciler.erasure``).
        """
        return purge_worlds(
            self.reconciler, [self.store.get_world(target).id], memory_types=MEMORY_TYPES
        )
