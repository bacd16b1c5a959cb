"""The agent-memory surface of ``WorldDB``: remember, amend, scopes, listing and scope erasure.

These are the verbs the MCP tools and the CLI map onto. They compose the ingest path (which goes
through the reconciler) with scope bookkeeping; nothing here writes to the store directly, and
each verb is one transaction (see ``tests/test_atomic_verbs.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from worlddb.errors import NotFoundError, ScopeError, ValidationError
from worlddb.hashing import world_id
from worlddb.ingest import IngestOptions, Ingestor, IngestResult
from worlddb.model import Changeset, NodeId, World
from worlddb.plugins import ExtractedEntity, ExtractedFact, Message
from worlddb.reconciler import Reconciler
from worlddb.reconciler.erasure import ErasureReport
from worlddb.reconciler.scope_writes import erase_scope_members, retire_worlds
from worlddb.scopes import (
    SCOPE_KINDS,
    ScopeInfo,
    parse_scope_name,
    scope_id,
    scope_specs,
    validate_scopes,
)
from worlddb.store.protocols import Store
from worlddb.store.reads import TimeView
from worlddb.timeutil import TimeLike, parse_time

__all__ = ["MEMORY_TYPES", "Memories", "scope_ids"]

MEMORY_TYPES = ("Session", "Note")


def scope_ids(scopes: Mapping[str, str] | None) -> list[NodeId] | None:
    """Scope world ids for a scopes mapping; ``None`` when no scope is given (everything)."""
    checked = validate_scopes(scopes)
    return [scope_id(k, v) for k, v in sorted(checked.items())] or None


class Memories:
    """Memories (Sessions and Notes) and the scopes that hold them.

    Reads go to ``store``; writes go to ``ingestor`` (new memories) or ``reconciler`` (scopes,
    retirement, erasure); ``clock`` stamps memories written without a time.
    """

    def __init__(
        self,
        store: Store,
        reconciler: Reconciler,
        ingestor: Ingestor,
        clock: Callable[[], int],
    ) -> None:
        self.store = store
        self.reconciler = reconciler
        self.ingestor = ingestor
        self.clock = clock

    def now(self) -> int:
        return self.clock()

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
        checked = validate_scopes(scopes)
        when = parse_time(occurred_at, field="occurred_at")
        moment = self.now() if when is None else when
        identity = 0 if when is None else when
        if not isinstance(text, str | list | tuple):
            raise ValidationError(
                "text must be a string or a list of messages", field="text", value=text
            )
        options = IngestOptions(
            scopes=checked, label=label, metadata=metadata, entities=entities, facts=facts
        )
        if isinstance(text, str):
            return self.ingestor.text(
                text, occurred_at=moment, options=options, created_at=identity
            )
        return self.ingestor.session(
            list(text), occurred_at=moment, options=options, created_at=identity
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
        moment = parse_time(occurred_at, field="occurred_at")
        if moment is None:
            raise ValidationError("occurred_at is required", field="occurred_at", value=None)
        options = IngestOptions(scopes=validate_scopes(scopes), label=label)
        return self.ingestor.session(messages, occurred_at=moment, options=options)

    def amend(
        self, target: str, text: str, *, scopes: Mapping[str, str] | None = None
    ) -> IngestResult:
        """Write ``text`` as a new memory that supersedes ``target`` (content is immutable)."""
        old = self.store.get_world(target)
        if old.valid_to is not None:
            raise ValidationError(
                f"memory {old.id[:12]} is already retired; amend its current version",
                field="id",
                value=target,
            )
        if text == old.content:  # checked here: remember() below stamps a fresh identity time
            raise ValidationError(
                "the amended text is identical to the memory", field="text", value=text
            )
        inherited = {
            parse_scope_name(self.store.get_world(s).name)[0]: parse_scope_name(
                self.store.get_world(s).name
            )[1]
            for s in self._direct_scopes(old.id)
        }
        moment = self.now()
        # One changeset: the new note, what is extracted from it and the ``supersedes`` edge to
        # the old one. A refused edge (say, an old note valid from a later date) leaves nothing.
        return self.ingestor.text(
            text,
            occurred_at=moment,
            options=IngestOptions(scopes={**inherited, **validate_scopes(scopes)}),
            created_at=moment,
            replaces=old.id,
        )

    # -- scopes ---------------------------------------------------------------------------------
    def scope_id(self, kind: str, value: str) -> NodeId:
        return scope_id(kind, value)

    def ensure_scopes(self, scopes: Mapping[str, str]) -> list[NodeId]:
        """Create the Scope worlds for ``scopes`` if missing; returns their ids."""
        specs = scope_specs(validate_scopes(scopes, required=True))
        self.reconciler.apply(Changeset(worlds=tuple(specs)))
        return [world_id(s) for s in specs]

    def list_scopes(self, kind: str | None = None) -> list[ScopeInfo]:
        """Registered scopes (optionally of one kind) with their member counts."""
        if kind is not None and kind not in SCOPE_KINDS:
            raise ScopeError(f"unknown scope kind {kind!r}; use one of {', '.join(SCOPE_KINDS)}")
        out: list[ScopeInfo] = []
        for sid, name, count in self.store.scope_counts():
            k, v = parse_scope_name(name)
            if kind is None or k == kind:
                out.append(ScopeInfo(kind=k, value=v, id=sid, members=count))
        return out

    def scope_ids(self, scopes: Mapping[str, str] | None) -> list[NodeId] | None:
        """Scope world ids for a scopes mapping; ``None`` when no scope is given (everything)."""
        return scope_ids(scopes)

    def scopes_of(self, target: str) -> list[str]:
        """The scopes (``"kind=value"``) a world belongs to, directly or through a container."""
        rid = self.store.rid_of(self.store.resolve_id(target))
        if rid is None:
            raise NotFoundError(target)
        names = []
        for sid in self.store.scopes_of(rid):
            scope = self.store.find_world(sid)
            if scope is not None:
                names.append(scope.name)
        return sorted(names)

    def _direct_scopes(self, memory: str) -> list[NodeId]:
        return [
            e.source
            for e in self.store.edges_of(memory, direction="in", types=["contains"])
            if self.store.find_world(e.source) is not None
            and self.store.get_world(e.source).type == "Scope"
        ]

    def memories(
        self,
        scopes: Mapping[str, str] | None = None,
        *,
        include_retired: bool = False,
        after: int = 0,
        limit: int = 50,
    ) -> tuple[list[World], int | None]:
        """Memories (Sessions and Notes) in all of ``scopes``, paginated by a rid cursor."""
        if not 1 <= limit <= 1000:
            raise ValidationError("limit must be between 1 and 1000", field="limit", value=limit)
        view = TimeView(include_closed=include_retired)
        ids = self.scope_ids(scopes)
        page = self.store.list_worlds(
            types=MEMORY_TYPES,
            view=view,
            now=self.now(),
            scope_ids=ids,
            after_rid=after,
            limit=limit + 1,
        )
        if ids is not None and len(ids) > 1:
            page = [w for w in page if set(ids) <= set(self._direct_scopes(w.id))]
        more = len(page) > limit
        page = page[:limit]
        cursor = self.store.rid_of(page[-1].id) if more and page else None
        return page, cursor

    def cursor_after(self, target: str) -> int | None:
        """The ``memories`` cursor right after ``target``; ``None`` when nothing is stored."""
        world = self.store.find_world(target)
        return None if world is None else self.store.rid_of(world.id)

    def retire_scope(self, scopes: Mapping[str, str]) -> int:
        """Close the validity of every live memory in ``scopes``; returns how many closed.

        One transaction, the members listed inside it: if any memory cannot be closed (a
        handler refuses), the error is raised and none is closed.
        """
        validate_scopes(scopes, required=True)
        return len(retire_worlds(self.reconciler, lambda: self._live_members(scopes)))

    def _live_members(self, scopes: Mapping[str, str]) -> list[NodeId]:
        members: list[NodeId] = []
        after = 0
        while True:
            page, cursor = self.memories(scopes, after=after, limit=500)
            members += [w.id for w in page]
            if cursor is None:
                return members
            after = cursor

    def purge_scope(self, kind: str, value: str, *, erase: bool = False) -> int:
        """Retire a scope and its memories; with ``erase`` delete them and what derives from them.

        Worlds another scope still holds are kept. Returns the number of memories affected; to
        learn which memories were erased and which were kept, call ``erase_scope``. Either way
        one transaction: the memories and the scope close (or go) together, or nothing does.
        """
        if erase:
            return len(self.erase_scope(kind, value).memories_erased)
        sid = scope_id(kind, value)

        def scope_and_members() -> list[NodeId]:
            if not self.store.exists(sid):
                raise NotFoundError(f"{kind}={value}", "scope")
            return [*self._live_members({kind: value}), sid]

        closed = retire_worlds(self.reconciler, scope_and_members)
        return sum(1 for w in closed if w != sid)

    def erase_scope(self, kind: str, value: str) -> ErasureReport:
        """Delete a scope, its memories and what derives from them, text included, for good.

        Memories (and entities, facts) another scope still holds are kept and listed in
        ``kept``. The text of what was erased leaves the database file too: see
        ``worlddb.reconciler.erasure``.

        Raises:
            NotFoundError: no such scope.
        """
        return erase_scope_members(
            self.reconciler,
            scope_id(kind, value),
            name=f"{kind}={value}",
            memory_types=MEMORY_TYPES,
        )
