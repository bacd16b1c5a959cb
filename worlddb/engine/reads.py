"""The read surface of ``WorldDB``: worlds, edges, version history, time views and recall.

Nothing here writes. Reads go to the store's typed reads (or to recall), and every time
argument is parsed into a ``TimeView`` over valid time and ingest time, so a caller can pin
either axis (default: valid now, known now).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from worlddb.engine.memories import scope_ids
from worlddb.errors import NotFoundError, ValidationError
from worlddb.model import Edge, NodeId, World
from worlddb.recall import LANES, Recall, RecallResult
from worlddb.store.protocols import Store
from worlddb.store.reads import TimeView
from worlddb.timeutil import TimeLike, parse_time

__all__ = ["Reads"]


class Reads:
    """Worlds, edges, history and recall over ``store`` (and ``searcher``), as of ``clock``."""

    def __init__(self, store: Store, searcher: Recall, clock: Callable[[], int]) -> None:
        self.store = store
        self.searcher = searcher
        self.clock = clock

    def now(self) -> int:
        return self.clock()

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
        neighbours: bool = False,
    ) -> RecallResult:
        """Hybrid recall (BM25, vectors, entity graph fused by RRF); no model on the read path.

        ``scopes`` restricts to memories of those scopes; ``valid_at``/``known_at`` pin valid
        and ingest time; ``include_retired`` shows closed (superseded, retired) worlds too;
        ``neighbours`` attaches to each conversation-turn hit the turns just before and after
        it (the question a reply answers, the reply to a question).
        """
        view = self.view(valid_at=valid_at, known_at=known_at, include_superseded=include_retired)
        # One read transaction: every lane and the hydration see one committed state, and a
        # write committing meanwhile cannot show a hit whose rows are not there yet.
        with self.store.snapshot():
            return self.searcher.recall(
                query,
                limit=limit,
                scope_ids=scope_ids(scopes),
                view=view,
                lanes=lanes,
                depth=depth,
                types=types,
                neighbours=neighbours,
            )

    def verify(self) -> list[str]:
        """Check every reconciler invariant on this store; an empty list means healthy."""
        from worlddb.verify import verify_store

        with self.store.snapshot():
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
