"""``WorldDB``: the facade that wires store, handlers, resolver, embedder and indexes together.

Every write goes to the reconciler; every read goes to the store's typed reads (or recall). The
facade owns lifecycles: it opens the store, checks the embedder against the one the store was
built with, hydrates the vector index, and saves it on close.

``WorldDB`` keeps one flat list of public verbs, but each verb is one line that hands the call to
a named collaborator, built here with exactly what it needs (no collaborator reaches another out
of sight): ``Writes`` (``engine.writes``: put, link, edit, retire, erase), ``Reads``
(``engine.reads``: worlds, edges, history, recall), ``Memories`` (``engine.memories``: remember,
amend, scopes), ``Identity`` (``engine.identity``: merge proposals, reclustering) and
``ScopeAccess`` (``engine.access``: the scope-access rule every front end applies).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Literal

from worlddb.engine.access import Memberships, ScopeAccess, ScopeGrant
from worlddb.engine.identity import Identity
from worlddb.engine.memories import Memories
from worlddb.engine.reads import Reads
from worlddb.engine.writes import Writes
from worlddb.errors import ModelMismatchError
from worlddb.handlers import HandlerRegistry, default_handlers, load_entry_point_handlers
from worlddb.index.filters import WorldFilter, check_types, resolve_scopes
from worlddb.index.store_vectors import StoreVectorIndex
from worlddb.index.vector import VectorIndex
from worlddb.ingest import Ingestor, IngestResult
from worlddb.model import Changeset, CommitResult, Edge, MergeProposal, NodeId, World
from worlddb.plugins import Embedder, ExtractedEntity, ExtractedFact, Extractor, Message
from worlddb.query import Query
from worlddb.recall import LANES, Recall, RecallResult
from worlddb.recall.reinforce import Reinforcer
from worlddb.recall.retention import RETIRABLE_TYPES, RetentionScore
from worlddb.recall.retention import below as retention_below
from worlddb.reconciler import BulkReport, Reconciler
from worlddb.reconciler.embeddings import DEFAULT_REPLY_HEAD_CHARS
from worlddb.reconciler.erasure import ErasureReport
from worlddb.resolver import Resolver, TieredResolver
from worlddb.resolver.recluster import RECLUSTER_BUDGET_S
from worlddb.scopes import ScopeInfo
from worlddb.store import MEMORY, open_store
from worlddb.store.lane_protocols import NearestQueries
from worlddb.store.protocols import Store
from worlddb.store.reads import TimeView
from worlddb.timeutil import TimeLike, now_us

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


class WorldDB:
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
        record_recalls: bool = True,
        reply_head_chars: int | None = DEFAULT_REPLY_HEAD_CHARS,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.handlers = handlers or default_handlers()
        self.clock = clock
        self.vectors = self._open_vectors() if embedder is not None else None
        if resolver is None:
            resolver = TieredResolver(store, embedder=embedder, vectors=self.vectors)
        self.reconciler = Reconciler(
            store,
            self.handlers,
            resolver=resolver,
            embedder=embedder,
            vectors=self.vectors,
            clock=clock,
            reply_head_chars=reply_head_chars,
        )
        self.extractor = extractor
        self.ingestor = Ingestor(self.reconciler, extractor)
        # Each recall's hits reinforce their retention (worlddb.recall.retention), written in
        # batches off the recall path; ``record_recalls=False`` switches it off.
        self.reinforcer = Reinforcer(store.retention, clock=clock) if record_recalls else None
        self.searcher = Recall(
            store,
            self.vectors,
            embedder,
            self.handlers,
            clock=clock,
            on_recalled=None if self.reinforcer is None else self.reinforcer.record,
        )
        self._writes = Writes(store, self.reconciler)
        self._reads = Reads(store, self.searcher, clock)
        self._memories = Memories(store, self.reconciler, self.ingestor, clock)
        self._identity = Identity(store, self.reconciler, recluster_budget_s=RECLUSTER_BUDGET_S)
        self._access = ScopeAccess(store)
        self.reconciler.after_commit.append(self._identity.after_commit)

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
        record_recalls: bool = True,
        reply_head_chars: int | None = DEFAULT_REPLY_HEAD_CHARS,
    ) -> WorldDB:
        """Open (or create) the store at ``path``; ``":memory:"`` for a throwaway one.

        ``embedder="default"`` uses the bundled offline MiniLM model; pass ``None`` to run
        without the vector lane, or any ``Embedder``. ``load_plugins=True`` lets every installed
        ``worlddb.edge_handlers`` entry point register its edge types (off by default, so
        nothing installed on the machine changes behaviour unasked). ``reply_head_chars``: opt in to
        embedding an assistant reply longer than this by its head only (its whole text stays
        in the store and the BM25 lane); ``None`` (default) embeds it whole. Faster ingest of
        chat logs for a measured recall cost: ``worlddb.reconciler.embeddings``.
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
                record_recalls=record_recalls,
                reply_head_chars=reply_head_chars,
            )
        except BaseException:
            store.close()
            raise

    @staticmethod
    def reembed(
        path: str | Path,
        embedder: Embedder,
        *,
        reply_head_chars: int | None = DEFAULT_REPLY_HEAD_CHARS,
    ) -> int:
        """Re-embed every searchable world of the store at ``path`` with ``embedder``
        (long assistant replies by their head if ``reply_head_chars`` opts in, as in ``open``).

        This is the migration for ``ModelMismatchError``: afterwards the store opens with the
        new embedder (the vector index is rebuilt from the table on the next open).

        Deliberately committed in batches, not as one transaction: a large store is re-embedded
        without holding the write lock for the whole run, and the embedder key switches only in
        the last commit, so an interrupted run leaves a store that still refuses the new
        embedder until ``reembed`` runs again (it redoes the work; see ``Reconciler.reembed``).
        """
        store = open_store(path)
        try:
            rec = Reconciler(
                store, default_handlers(), embedder=embedder, reply_head_chars=reply_head_chars
            )
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
        if isinstance(self.store.lanes, NearestQueries):  # the backend keeps its own index
            return StoreVectorIndex(self.store.lanes, self.embedder.dimension)
        index = VectorIndex(self.embedder.dimension, self.store.sidecar_path("hnsw"))
        count, max_rid = self.store.embedding_stats()
        expected = {"count": count, "max_rid": max_rid, "dimension": self.embedder.dimension}
        if not index.try_load(expected):
            index.rebuild(self.store.embedding_rows(), count)
        return index

    # -- lifecycle and the store itself -------------------------------------------------------
    def close(self) -> None:
        """Finish queued recluster passes, save the vector index, close the store. Idempotent."""
        self._identity.close()
        if self.reinforcer is not None and not self.store.closed:
            self.reinforcer.close()
        if self.vectors is not None and not self.store.closed:
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

    @property
    def path(self) -> str:
        """The database file's path (``":memory:"`` for a throwaway store)."""
        return self.store.path

    def counts(self) -> dict[str, int]:
        """Row counts of the main tables (``nodes``, ``edges``, ``embeddings``, ...)."""
        return self.store.counts()

    def blob(self, world_id: str) -> bytes | None:
        """A world's canonical bytes (what its id hashes), or ``None`` when none are stored.

        For export and verification: ``blake3`` of the bytes is the world's id.
        """
        return self.store.blob(world_id)

    def meta(self, key: str) -> str | None:
        """A store-level setting (not world data), or ``None`` when unset."""
        return self.store.meta(key)

    def set_meta(self, key: str, value: str) -> None:
        """Write a store-level setting in its own transaction (bookkeeping, not world data)."""
        self.store.set_meta(key, value)

    @property
    def recluster_budget_s(self) -> float:
        """Seconds the recluster pass after a resolving commit may take (``0``: off)."""
        return self._identity.recluster_budget_s

    @recluster_budget_s.setter
    def recluster_budget_s(self, seconds: float) -> None:
        self._identity.recluster_budget_s = seconds

    def drain_recluster(self, timeout: float | None = None) -> bool:
        """Wait until the background recluster passes queued so far have staged their proposals.

        Returns False if ``timeout`` seconds ran out first.
        """
        return self._identity.drain_recluster(timeout)

    @property
    def recluster_errors(self) -> int:
        """Background recluster passes that failed since open (each one logged)."""
        return self._identity.worker.errors

    # -- writes (engine.writes) -----------------------------------------------------------------
    def write(self, changeset: Changeset) -> CommitResult:
        """Commit a changeset through the reconciler (all or nothing).

        After any commit that resolved entities (here or through ingest), their neighbourhood
        is re-resolved (see ``recluster``) for at most ``recluster_budget_s`` seconds; that pass
        runs after the commit on a background thread (``drain_recluster`` waits for it), cannot
        undo it, and its failure is logged and counted (``recluster_errors``), not raised.
        """
        return self._writes.write(changeset)

    def write_bulk(self, changesets: Iterable[Changeset]) -> BulkReport:
        """Commit many changesets as ONE reconciler transaction (all or nothing), for loads.

        Every changeset is validated, resolved and handled as by ``write``; into an empty
        store, index and full-text upkeep is deferred to the end of the load and verified
        (``worlddb.reconciler.bulk``). A bad changeset leaves the store exactly as it was.
        """
        return self.reconciler.apply_bulk(changesets)

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
        return self._writes.put(
            type,
            name,
            content,
            children=children,
            valid_from=valid_from,
            valid_to=valid_to,
            created_at=created_at,
            provenance=provenance,
            aliases=aliases,
            resolve=resolve,
        )

    def link(self, source: str, target: str, type: str, **properties: object) -> str:
        """Write one edge ``source -[type]-> target`` through its handler; returns its id."""
        return self._writes.link(source, target, type, **properties)

    def edit(
        self,
        target: str,
        *,
        name: str | None = None,
        content: str | None = None,
        children: Sequence[str] | None = None,
    ) -> CommitResult:
        """Write a new version of a world (and its ancestors), superseding the old ones."""
        return self._writes.edit(target, name=name, content=content, children=children)

    def retire(self, target: str, at: TimeLike | None = None) -> bool:
        """Close a world's validity (now, or at ``at``); returns whether anything changed."""
        return self._writes.retire(target, at)

    def set_validity(
        self, target: str, valid_from: TimeLike | None, valid_to: TimeLike | None
    ) -> bool:
        """Tighten a world's validity interval; widening raises ``ValidityError``."""
        return self._writes.set_validity(target, valid_from, valid_to)

    def retire_edge(self, edge_id: str) -> None:
        """Retire an edge (its handler's ``on_delete`` runs in the same transaction)."""
        self._writes.retire_edge(edge_id)

    def purge(self, target: str) -> list[NodeId]:
        """Delete a world and everything derived from it. Irreversible; returns deleted ids."""
        return list(self._writes.erase(target).erased)

    def erase(self, target: str) -> ErasureReport:
        """``purge``, reporting what was erased and what was kept because something holds it.

        The erased text leaves the database file too (see ``worlddb.reconciler.erasure``).
        """
        return self._writes.erase(target)

    # -- reads (engine.reads) -------------------------------------------------------------------
    def get(self, target: str) -> World:
        """A world by full id or unique prefix (≥ 8 hex); raises ``NotFoundError``."""
        return self._reads.get(target)

    def find(self, target: str) -> World | None:
        """A world by full id or prefix, or ``None`` when nothing (or several) match."""
        return self._reads.find(target)

    def children(self, target: str) -> list[World]:
        """The stored children of a world, in order."""
        return self._reads.children(target)

    def parent(self, target: str) -> World | None:
        """The world that contains ``target`` structurally, if any."""
        return self._reads.parent(target)

    def edges(
        self,
        target: str,
        *,
        direction: str = "out",
        types: Sequence[str] | None = None,
        include_retired: bool = False,
    ) -> list[Edge]:
        """The edges of a world (``"out"``, ``"in"`` or ``"both"``), optionally of some types."""
        return self._reads.edges(
            target, direction=direction, types=types, include_retired=include_retired
        )

    def history(self, target: str) -> list[World]:
        """Every version of a world, oldest first, following ``supersedes`` both ways."""
        return self._reads.history(target)

    def worlds(
        self,
        *,
        types: Sequence[str] | None = None,
        valid_at: TimeLike | None = None,
        known_at: TimeLike | None = None,
        include_superseded: bool = False,
        scope_ids: Sequence[str] | None = None,
        after: int = 0,
        limit: int = 100,
    ) -> list[World]:
        """Worlds visible at a point on both time axes (default: valid now, known now)."""
        return self._reads.worlds(
            types=types,
            valid_at=valid_at,
            known_at=known_at,
            include_superseded=include_superseded,
            scope_ids=scope_ids,
            after=after,
            limit=limit,
        )

    def is_visible(
        self, target: str, *, valid_at: TimeLike | None = None, known_at: TimeLike | None = None
    ) -> bool:
        """Whether a world is visible at the given point in valid and ingest time."""
        return self._reads.is_visible(target, valid_at=valid_at, known_at=known_at)

    @staticmethod
    def view(
        *,
        valid_at: TimeLike | None = None,
        known_at: TimeLike | None = None,
        include_superseded: bool = False,
    ) -> TimeView:
        """A ``TimeView`` pinning valid time and ingest time (default: now on both)."""
        return Reads.view(
            valid_at=valid_at, known_at=known_at, include_superseded=include_superseded
        )

    def recall(
        self,
        query: str,
        *,
        scopes: Mapping[str, str] | None = None,
        limit: int = 10,
        valid_at: TimeLike | None = None,
        known_at: TimeLike | None = None,
        include_retired: bool = False,
        lanes: Sequence[str] = LANES,
        types: Sequence[str] | None = None,
        depth: Mapping[str, int] | None = None,
        neighbours: bool = False,
    ) -> RecallResult:
        """Hybrid recall (BM25, vectors, entity graph fused by RRF); no model on the read path.

        ``scopes`` restricts to memories of those scopes; ``valid_at``/``known_at`` pin valid
        and ingest time; ``include_retired`` shows closed (superseded, retired) worlds too;
        ``neighbours`` attaches to each conversation-turn hit the turns just before and after
        it (the question a reply answers, the reply to a question).
        """
        return self._reads.recall(
            query,
            scopes=scopes,
            limit=limit,
            valid_at=valid_at,
            known_at=known_at,
            include_retired=include_retired,
            lanes=lanes,
            types=types,
            depth=depth,
            neighbours=neighbours,
        )

    def query(self) -> Query:
        """A query over this store, its vector index and embedder (``worlddb.query``): seeds,
        expansions, filters and the bounded traversals (``shortest_path``, ``spread``,
        ``beam``), executed into a ``Subgraph``."""
        return Query(self.store, vectors=self.vectors, embedder=self.embedder, clock=self.clock)

    def retention_below(
        self,
        threshold: float,
        *,
        scopes: Mapping[str, str] | None = None,
        types: Sequence[str] = RETIRABLE_TYPES,
    ) -> list[RetentionScore]:
        """Live memories of ``types`` (in all of ``scopes``) whose retention score is below
        ``threshold`` now, lowest first (``worlddb.recall.retention``). Reads only: retiring
        them is the caller's decision (``worlddb retire --below``)."""
        if self.reinforcer is not None:
            self.reinforcer.flush()
        scope_ids = self.scope_ids(scopes)
        flt = WorldFilter(
            TimeView(), self.clock(), check_types(types), resolve_scopes(self.store, scope_ids)
        )
        return retention_below(self.store.retention, self.searcher.retention, threshold, flt)

    def verify(self) -> list[str]:
        """Check every reconciler invariant on this store; an empty list means healthy."""
        return self._reads.verify()

    def iter_worlds(self, batch: int = 1000) -> Iterator[World]:
        """Every stored world, open or closed, in insertion order."""
        return self._reads.iter_worlds(batch)

    # -- memories and scopes (engine.memories) --------------------------------------------------
    def remember(
        self,
        text: str | Sequence[Message],
        *,
        scopes: Mapping[str, str] | None = None,
        occurred_at: TimeLike | None = None,
        metadata: Mapping[str, str] | None = None,
        entities: Sequence[ExtractedEntity] = (),
        facts: Sequence[ExtractedFact] = (),
        label: str | None = None,
    ) -> IngestResult:
        """Save a text (a Note) or a list of messages (a Session) under ``scopes``.

        Without ``occurred_at`` the memory is valid from now, and identical content written
        again is the same memory (one row); with it, the time is part of the identity.
        """
        return self._memories.remember(
            text,
            scopes=scopes,
            occurred_at=occurred_at,
            metadata=metadata,
            entities=entities,
            facts=facts,
            label=label,
        )

    def ingest_session(
        self,
        messages: Sequence[Message],
        *,
        occurred_at: TimeLike,
        scopes: Mapping[str, str] | None = None,
        label: str | None = None,
    ) -> IngestResult:
        """Ingest one conversation session (valid time from ``occurred_at`` and timestamps)."""
        return self._memories.ingest_session(
            messages, occurred_at=occurred_at, scopes=scopes, label=label
        )

    def amend(
        self, target: str, text: str, *, scopes: Mapping[str, str] | None = None
    ) -> IngestResult:
        """Write ``text`` as a new memory that supersedes ``target`` (content is immutable)."""
        return self._memories.amend(target, text, scopes=scopes)

    def scope_id(self, kind: str, value: str) -> NodeId:
        """The id of the Scope world ``kind=value`` (whether or not it is stored)."""
        return self._memories.scope_id(kind, value)

    def ensure_scopes(self, scopes: Mapping[str, str]) -> list[NodeId]:
        """Create the Scope worlds for ``scopes`` if missing; returns their ids."""
        return self._memories.ensure_scopes(scopes)

    def list_scopes(self, kind: str | None = None) -> list[ScopeInfo]:
        """Registered scopes (optionally of one kind) with their member counts."""
        return self._memories.list_scopes(kind)

    def scope_ids(self, scopes: Mapping[str, str] | None) -> list[NodeId] | None:
        """Scope world ids for a scopes mapping; ``None`` when no scope is given (everything)."""
        return self._memories.scope_ids(scopes)

    def scopes_of(self, target: str) -> list[str]:
        """The scopes (``"kind=value"``) a world belongs to, directly or through a container."""
        return self._memories.scopes_of(target)

    def memories(
        self,
        scopes: Mapping[str, str] | None = None,
        *,
        include_retired: bool = False,
        after: int = 0,
        limit: int = 50,
    ) -> tuple[list[World], int | None]:
        """Memories (Sessions and Notes) in all of ``scopes``, paginated by a rid cursor."""
        return self._memories.memories(
            scopes, include_retired=include_retired, after=after, limit=limit
        )

    def memory_cursor(self, target: str) -> int | None:
        """The ``after`` cursor for ``memories`` that resumes right after ``target``.

        ``None`` when ``target`` names no stored world (a front end may hand out world ids as
        page tokens, keeping row ids to itself).
        """
        return self._memories.cursor_after(target)

    def retire_scope(self, scopes: Mapping[str, str]) -> int:
        """Close the validity of every live memory in ``scopes``; returns how many closed.

        One transaction: when one memory cannot be closed, none is.
        """
        return self._memories.retire_scope(scopes)

    def purge_scope(self, kind: str, value: str, *, erase: bool = False) -> int:
        """Retire a scope and its memories; with ``erase`` delete them and what derives from them.

        Worlds another scope still holds are kept. Returns the number of memories affected; to
        learn which memories were erased and which were kept, call ``erase_scope``.
        """
        return self._memories.purge_scope(kind, value, erase=erase)

    def erase_scope(self, kind: str, value: str) -> ErasureReport:
        """Delete a scope, its memories and what derives from them, text included, for good.

        Memories (and entities, facts) another scope still holds are kept and listed in
        ``kept``. The text of what was erased leaves the database file too: see
        ``worlddb.reconciler.erasure``.

        Raises:
            NotFoundError: no such scope.
        """
        return self._memories.erase_scope(kind, value)

    # -- the scope-access rule (engine.access) --------------------------------------------------
    def scope_memberships(self, world: World) -> Memberships:
        """The scopes ``world`` belongs to as ``{kind: {values}}`` (a turn inherits its
        session's; a Scope world belongs to itself)."""
        return self._access.memberships(world)

    def permits(self, grant: ScopeGrant, world: World) -> bool:
        """Whether a caller holding ``grant`` may see ``world``."""
        return self._access.permits(world, grant)

    def get_permitted(self, target: str, grant: ScopeGrant) -> World:
        """``get`` among the worlds ``grant`` may see: one out of the grant is "not found".

        Raises:
            NotFoundError: nothing visible matches (also when the match is out of the grant).
            AmbiguousIdError: several visible worlds match; lists only visible candidates.
        """
        return self._access.readable(target, grant)

    # -- identity (engine.identity) -------------------------------------------------------------
    def recluster(self, seeds: Sequence[str], *, budget_s: float = RECLUSTER_BUDGET_S) -> list[str]:
        """Re-resolve the 2-hop neighbourhood of ``seeds``; returns new proposal edge ids."""
        return self._identity.recluster(seeds, budget_s=budget_s)

    def proposals(self, status: str | None = "pending") -> list[MergeProposal]:
        """Merge proposals (``same_as``) with the given status (``None``: all)."""
        return self._identity.proposals(status)

    def accept_merge(self, edge_id: str) -> None:
        """Confirm a staged ``same_as``: the two worlds become one equivalence class."""
        self._identity.accept_merge(edge_id)

    def reject_merge(self, edge_id: str) -> None:
        """Reject a staged ``same_as`` for good: the pair is never proposed again."""
        self._identity.reject_merge(edge_id)

    def equivalence_class(self, target: str) -> list[NodeId]:
        """Every world linked to ``target`` by accepted ``same_as`` edges, transitively."""
        return self._identity.equivalence_class(target)

    def export_identity(self, target: str) -> dict[str, object]:
        """Every member of ``target``'s identity class and the union of their provenance."""
        return self._identity.export_identity(target)
