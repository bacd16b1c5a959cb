"""``WorldDB``: the facade that wires store, handlers, resolver, embedder and indexes together.

Every write goes to the reconciler; every read goes to the store's typed reads (or recall). The
facade owns lifecycles: it opens the store, checks the embedder against the one the store was
built with, hydrates the vector index, and saves it on close.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Literal

from worlddb.errors import ModelMismatchError, NotFoundError, ValidationError, WorldDBError
from worlddb.handlers import HandlerRegistry, default_handlers, load_entry_point_handlers
from worlddb.hashing import world_id
from worlddb.index.vector import VectorIndex
from worlddb.ingest import Ingestor
from worlddb.memory import MemoryOps
from worlddb.model import (
    Changeset,
    CommitResult,
    Edge,
    EdgeSpec,
    MergeProposal,
    NodeId,
    World,
    WorldSpec,
)
from worlddb.plugins import Embedder, Extractor
from worlddb.recall import LANES, Recall, RecallResult
from worlddb.reconciler import Reconciler
from worlddb.reconciler.erasure import purge_worlds
from worlddb.reconciler.versions import edit_world
from worlddb.resolver import Resolver, TieredResolver, recluster
from worlddb.resolver.recluster import RECLUSTER_BUDGET_S
from worlddb.store import MEMORY, Store, open_store
from worlddb.store.reads import TimeView
from worlddb.timeutil import TimeLike, now_us, parse_time

__all__ = ["EmbedderChoice", "ExtractorChoice", "WorldDB"]

logger = logging.getLogger(__name__)

EmbedderChoice = Embedder | Literal["default"] | None
ExtractorChoice = Extractor | Literal["default"] | None
EMBEDDER_META_KEY = "embedder_key"


def _default_embedder() -> Embedder:
    from worlddb.embedding import default_embedder

    return default_embedder()


def _default_extractor() -> Extractor:
    from worlddb.extract import OfflineExtractor

    return OfflineExtractor()


class WorldDB(MemoryOps):
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
        path = None if self.store.is_memory else Path(self.store.path + ".hnsw")
        index = VectorIndex(self.embedder.dimension, path)
        conn = self.store.conn
        count, max_rid = conn.execute(
            "SELECT count(*), coalesce(max(rid), 0) FROM embeddings"
        ).fetchone()
        expected = {
            "count": int(count),
            "max_rid": int(max_rid),
            "dimension": self.embedder.dimension,
        }
        if not index.try_load(expected):
            index.rebuild(
                (
                    (int(r), bytes(v))
                    for r, v in conn.execute("SELECT rid, vector FROM embeddings ORDER BY rid")
                ),
                int(count),
            )
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

    def _recluster_after_commit(self, changeset: Changeset, result: CommitResult) -> None:
        """The reconciler's after-commit listener: re-resolve around newly resolved entities."""
        if self.recluster_budget_s > 0 and any(w.resolve for w in changeset.worlds):
            seeds = [*result.created, *result.existing]
            try:
                self.recluster(seeds, budget_s=self.recluster_budget_s)
            except WorldDBError:
                logger.warning("recluster after commit failed", exc_info=True)

    def recluster(self, seeds: Sequence[str], *, budget_s: float = RECLUSTER_BUDGET_S) -> list[str]:
        """Re-resolve the 2-hop neighbourhood of ``seeds``; returns new proposal edge ids.

        Needs the tiered resolver (any other resolver: nothing to do). Proposals are staged
        through the reconciler like every write; nothing is merged.
        """
        resolver = self.reconciler.resolver
        if not isinstance(resolver, TieredResolver):
            return []
        ids = [self.store.resolve_id(s) for s in seeds]
        return recluster(self.store, resolver, ids, write=self.reconciler.apply, budget_s=budget_s)

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
        return purge_worlds(self.reconciler, [self.store.get_world(target).id])

    # -- identity -------------------------------------------------------------------------------
    def proposals(self, status: str | None = "pending") -> list[MergeProposal]:
        return self.store.proposals(status)

    def accept_merge(self, edge_id: str) -> None:
        """Confirm a staged ``same_as``: the two worlds become one equivalence class."""
        self.reconciler.decide_merge(edge_id, accept=True)

    def reject_merge(self, edge_id: str) -> None:
        """Reject a staged ``same_as`` for good: the pair is never proposed again."""
        self.reconciler.decide_merge(edge_id, accept=False)

    def equivalence_class(self, target: str) -> list[NodeId]:
        """Every world linked to ``target`` by accepted ``same_as`` edges, transitively."""
        start = self.store.resolve_id(target)
        seen = {start}
        queue = deque([start])
        while queue:
            current = queue.popleft()
            for edge in self.store.edges_of(current, direction="both", types=["same_as"]):
                if edge.status != "accepted":
                    continue
                other = edge.target if edge.source == current else edge.source
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        return sorted(seen)

    def export_identity(self, target: str) -> dict[str, object]:
        """Every member of ``target``'s identity class and the union of their provenance."""
        members = [self.store.get_world(m) for m in self.equivalence_class(target)]
        provenance = sorted({p for m in members for p in m.provenance})
        aliases = sorted({a for m in members for a in (m.name, *m.aliases) if a})
        return {"members": [m.id for m in members], "names": aliases, "provenance": provenance}

    # -- reads ----------------------------------------------------------------------------------
    def get(self, target: str) -> World:
        """A world by full id or unique prefix (≥ 8 hex); raises ``NotFoundError``."""
        return self.store.get_world(target)

    def find(self, target: str) -> World | None:
        """A world by full id or prefix, or ``None`` when nothing (or several) match."""
        try:
            return self.get(target)
        except (NotFoundError, ValidationError):
            return None

    def children(self, target: str) -> list[World]:
        world = self.get(target)
        loaded = [self.store.find_world(c) for c in world.children]
        return [w for w in loaded if w is not None]

    def parent(self, target: str) -> World | None:
        world = self.get(target)
        return None if world.parent is None else self.store.find_world(world.parent)

    def edges(
        self,
        target: str,
        *,
        direction: str = "out",
        types: Sequence[str] | None = None,
        include_retired: bool = False,
    ) -> list[Edge]:
        return self.store.edges_of(
            self.store.resolve_id(target),
            direction=direction,
            types=types,
            include_retired=include_retired,
        )

    def history(self, target: str) -> list[World]:
        """Every version of a world, oldest first, following ``supersedes`` both ways."""
        start = self.store.resolve_id(target)
        older: list[NodeId] = []
        current = start
        while True:
            prev = [e.target for e in self.store.edges_of(current, types=["supersedes"])]
            if not prev or prev[0] in older or prev[0] == start:
                break
            current = prev[0]
            older.append(current)
        newer: list[NodeId] = []
        current = start
        while True:
            nxt = [
                e.source for e in self.store.edges_of(current, direction="in", types=["supersedes"])
            ]
            if not nxt or nxt[0] in newer or nxt[0] == start:
                break
            current = nxt[0]
            newer.append(current)
        chain = [*reversed(older), start, *newer]
        return [self.store.get_world(w) for w in chain]

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
        view = self.view(
            valid_at=valid_at, known_at=known_at, include_superseded=include_superseded
        )
        return self.store.list_worlds(
            types=types,
            view=view,
            now=self.now(),
            scope_ids=scope_ids,
            after_rid=after,
            limit=limit,
        )

    def is_visible(
        self, target: str, *, valid_at: TimeLike | None = None, known_at: TimeLike | None = None
    ) -> bool:
        """Whether a world is visible at the given point in valid and ingest time."""
        rid = self.store.rid_of(self.store.resolve_id(target))
        if rid is None:  # a full id is resolved without a lookup
            raise NotFoundError(target)
        view = self.view(valid_at=valid_at, known_at=known_at)
        return bool(self.store.visible_rids([rid], view, self.now()))

    @staticmethod
    def view(
        *,
        valid_at: TimeLike | None = None,
        known_at: TimeLike | None = None,
        include_superseded: bool = False,
    ) -> TimeView:
        return TimeView(
            valid_at=parse_time(valid_at, field="valid_at"),
            known_at=parse_time(known_at, field="known_at"),
            include_closed=include_superseded,
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
    ) -> RecallResult:
        """Hybrid recall (BM25, vectors, entity graph fused by RRF); no model on the read path.

        ``scopes`` restricts to memories of those scopes; ``valid_at``/``known_at`` pin valid
        and ingest time; ``include_retired`` shows closed (superseded, retired) worlds too.
        """
        view = self.view(valid_at=valid_at, known_at=known_at, include_superseded=include_retired)
        return self.searcher.recall(
            query,
            limit=limit,
            scope_ids=self.scope_ids(scopes),
            view=view,
            lanes=lanes,
            depth=depth,
            types=types,
        )

    def verify(self) -> list[str]:
        """Check every reconciler invariant on this store; an empty list means healthy."""
        from worlddb.verify import verify_store

        return verify_store(self.store)

    def iter_worlds(self, batch: int = 1000) -> Iterator[World]:
        """Every stored world, open or closed, in insertion order."""
        after = 0
        view = TimeView(include_closed=True)
        while True:
            page = self.store.list_worlds(view=view, now=self.now(), after_rid=after, limit=batch)
            if not page:
                return
            yield from page
            after = int(self.store.rid_of(page[-1].id) or 0)
