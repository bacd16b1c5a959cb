"""The nine memory tools. Each checks the caller's scope grant, calls the engine, converts.

The signatures are the tools' input schemas (argument descriptions included) and the return
annotations their output schemas; the plumbing (threads, the write lock, error translation)
lives in ``worlddb_mcp.runtime``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Annotated, Any, Final, Literal

from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field

from worlddb.engine import WorldDB
from worlddb.engine.access import scope_labels, shown_labels
from worlddb.model import World
from worlddb.plugins import ExtractedEntity, ExtractedFact
from worlddb.recall import Neighbour, Succession
from worlddb.recall.result import RecallHit
from worlddb.scopes import validate_scopes
from worlddb.timeutil import format_us, parse_time
from worlddb_mcp.auth import Grant
from worlddb_mcp.runtime import (
    AppContext,
    as_tool_error,
    caller_grant,
    check_scopes,
    hit_permitted,
    run_read,
    run_write,
)
from worlddb_mcp.schemas import (
    SHORT_ID,
    AmendResult,
    EntityIn,
    FactIn,
    ListResult,
    NeighbourOut,
    PurgeResult,
    ReadResult,
    RecallHitOut,
    RecallResult,
    RetireAllResult,
    RetireResult,
    Scope,
    ScopeItem,
    Scopes,
    ScopesResult,
    SuccessionOut,
    WriteResult,
)
from worlddb_mcp.views import memory_item, read_result, write_result

__all__ = ["CONTEXT_BUDGET_CHARS", "TOOLS", "read_world"]

logger = logging.getLogger(__name__)

CONTEXT_BUDGET_CHARS: Final = 4000  # the context block fits a prompt without crowding it
SUMMARY_HITS: Final = 3
SUMMARY_TYPES: Final = ("Community", "Summary")
MAX_TEXT_CHARS: Final = 200_000
MAX_QUERY_CHARS: Final = 2000
HEX_DIGITS: Final = frozenset("0123456789abcdef")
NOT_BLANK: Final = r"\S"  # pydantic patterns search, so this means "has a non-space character"
MAX_EDGES: Final = 100  # an entity can gather thousands of refers_to edges; show the first ones


# -- argument types ---------------------------------------------------------------------------
ScopesArg = Annotated[
    Scopes,
    Field(
        description="Whose memories: any of user_id, agent_id, "
        'app_id, run_id, e.g. {"user_id": "alice"}'
    ),
]
IdArg = Annotated[
    str,
    Field(
        min_length=8,
        max_length=64,
        description="Memory id: 64 hex characters, or a unique prefix of at "
        "least 8 (short_id works)",
    ),
]
LimitArg = Annotated[int, Field(ge=1, le=100, description="How many to return (1-100)")]
TimeArg = Annotated[str | None, Field(description="ISO-8601 time, e.g. '2024-05-01T12:00:00Z'")]


def _facts(facts: list[FactIn]) -> list[ExtractedFact]:
    return [
        ExtractedFact(
            key=f"f{i}",
            text=f.text,
            entities=tuple(f.entities),
            valid_from=parse_time(f.valid_from, field=f"facts[{i}].valid_from"),
            valid_to=parse_time(f.valid_to, field=f"facts[{i}].valid_to"),
            subject=f.subject,
            attribute=f.attribute,
            value=f.value,
        )
        for i, f in enumerate(facts)
    ]


# -- the tools --------------------------------------------------------------------------------
async def memory_write(
    ctx: AppContext,
    text: Annotated[
        str,
        Field(
            min_length=1,
            max_length=MAX_TEXT_CHARS,
            pattern=NOT_BLANK,
            description="What to remember, in plain words",
        ),
    ],
    scopes: ScopesArg,
    occurred_at: TimeArg = None,
    metadata: Annotated[
        dict[
            Annotated[str, Field(min_length=1, max_length=64)],
            Annotated[str, Field(max_length=1000)],
        ]
        | None,
        Field(
            max_length=32,
            description="Opaque labels kept as provenance "
            '(not searchable), e.g. {"source": '
            '"email"}',
        ),
    ] = None,
    entities: Annotated[
        list[EntityIn] | None, Field(max_length=50, description="Entities you already recognised")
    ] = None,
    facts: Annotated[
        list[FactIn] | None, Field(max_length=50, description="Facts you already extracted")
    ] = None,
) -> WriteResult:
    """Remember a text for the given scopes.

    Entities in it are resolved against stored ones (uncertain matches are staged as merge
    proposals, never merged silently); a fact that updates a stored one supersedes it. Returns
    the new memory's id (short_id is enough for memory_read).
    """
    wanted = check_scopes(caller_grant(), scopes.as_mapping())
    with as_tool_error():
        when = parse_time(occurred_at, field="occurred_at")
        extracted = _facts(facts or [])
    ents = [ExtractedEntity(e.name, e.type, tuple(e.aliases)) for e in entities or []]
    result = await run_write(
        ctx,
        lambda db: db.remember(
            text, scopes=wanted, occurred_at=when, metadata=metadata, entities=ents, facts=extracted
        ),
    )
    return write_result(result)


async def memory_recall(
    ctx: AppContext,
    query: Annotated[
        str,
        Field(
            min_length=1,
            max_length=MAX_QUERY_CHARS,
            pattern=NOT_BLANK,
            description="What to look for, in plain words",
        ),
    ],
    scopes: ScopesArg,
    limit: LimitArg = 10,
    as_of: Annotated[
        str | None, Field(description="Recall what was true at this ISO-8601 time (default: now)")
    ] = None,
    include_retired: Annotated[
        bool, Field(description="Also return retired and superseded memories")
    ] = False,
    explain: Annotated[
        bool, Field(description="Add provenance, entities and surfaced_by to each hit")
    ] = False,
    include_summaries: Annotated[
        bool,
        Field(
            description="Also return the best community and session summaries (written by "
            "`worlddb consolidate`): an overview for broad questions"
        ),
    ] = False,
    neighbours: Annotated[
        bool,
        Field(
            description="Add to each conversation-turn hit the turns just before and after "
            "it: the question a reply answers, the reply to a question"
        ),
    ] = False,
) -> RecallResult:
    """Find memories relevant to a query within the given scopes, best first.

    Combines keyword, vector and graph retrieval. `context` is a compact block of the hits with
    their dates, sized to paste into a prompt. With `include_summaries`, `summaries` holds the
    consolidator's community and session summaries that match ("what do I do for fitness?").
    """
    granted = caller_grant()
    wanted = check_scopes(granted, scopes.as_mapping())
    with as_tool_error():
        valid_at = parse_time(as_of, field="as_of")

    def run(db: WorldDB) -> RecallResult:
        result = db.recall(
            query,
            scopes=wanted,
            limit=limit,
            valid_at=valid_at,
            include_retired=include_retired,
            neighbours=neighbours,
        )
        if not granted.is_unrestricted:
            result = replace(
                result, hits=tuple(h for h in result.hits if hit_permitted(db, h, granted))
            )
        summaries = None
        if include_summaries:
            found = db.recall(
                query, scopes=wanted, limit=SUMMARY_HITS, valid_at=valid_at, types=SUMMARY_TYPES
            ).hits
            summaries = [
                _hit_out(h, granted, wanted, explain)
                for h in found
                if granted.is_unrestricted or hit_permitted(db, h, granted)
            ]
        return RecallResult(
            hits=[_hit_out(h, granted, wanted, explain) for h in result.hits],
            context=result.context(CONTEXT_BUDGET_CHARS),
            as_of=format_us(valid_at),
            summaries=summaries,
        )

    return await run_read(ctx, run)


def _hit_out(h: RecallHit, granted: Grant, wanted: dict[str, str], explain: bool) -> RecallHitOut:
    return RecallHitOut(
        id=h.id,
        short_id=h.id[:SHORT_ID],
        type=h.type,
        text=h.text,
        score=float(h.score),
        ranks=dict(h.ranks),
        valid_from=format_us(h.valid_from),
        valid_to=format_us(h.valid_to),
        scopes=shown_labels(h.scopes, granted, wanted),
        conflicts=list(h.conflicts),
        status=h.status,
        superseded_by=[_succession(x) for x in h.superseded_by],
        replaces=[_succession(x) for x in h.replaces],
        untrusted=h.untrusted,
        provenance=list(h.provenance) if explain else None,
        entities=list(h.entities) if explain else None,
        surfaced_by=h.surfaced_by if explain else None,
        neighbours=[_neighbour(n) for n in h.neighbours] if h.neighbours else None,
    )


def _neighbour(found: Neighbour) -> NeighbourOut:
    return NeighbourOut(
        id=found.id,
        speaker=found.speaker,
        text=found.text,
        offset=found.offset,
        untrusted=found.untrusted,
    )


def _succession(found: Succession) -> SuccessionOut:
    return SuccessionOut(
        old=found.old,
        old_text=found.old_text,
        new=found.new,
        new_text=found.new_text,
        at=format_us(found.at),
    )


async def memory_list(
    ctx: AppContext,
    scopes: ScopesArg,
    cursor: Annotated[
        str | None, Field(max_length=64, description="next_cursor from the previous page")
    ] = None,
    limit: LimitArg = 20,
    include_retired: Annotated[bool, Field(description="Also list retired memories")] = False,
) -> ListResult:
    """List the memories stored for the given scopes, oldest first, one page at a time."""
    granted = caller_grant()
    wanted = check_scopes(granted, scopes.as_mapping())
    refused = ToolError(
        f"cursor {cursor!r} is not one this server issued; pass next_cursor "
        "from the previous page, or omit it to start from the beginning"
    )
    if cursor is not None and not (len(cursor) == 64 and set(cursor) <= HEX_DIGITS):
        raise refused

    def run(db: WorldDB) -> ListResult:
        # The cursor is the last item's id, not its row id: a row id would tell a bound caller
        # how much every other scope wrote between two pages.
        after = 0
        if cursor is not None:
            last = db.find(cursor)
            rid = db.memory_cursor(cursor) if last is not None else None
            if last is None or rid is None or not db.permits(granted, last):
                raise refused
            after = rid
        page, more = db.memories(wanted, include_retired=include_retired, after=after, limit=limit)
        return ListResult(
            items=[memory_item(w) for w in page],
            next_cursor=page[-1].id if more is not None and page else None,
        )

    return await run_read(ctx, run)


def read_world(db: WorldDB, target: str, granted: Grant) -> ReadResult:
    """``target`` in full as ``granted`` may see it (what memory_read and the resource return)."""
    world = db.get_permitted(target, granted)

    def visible(other: World) -> bool:
        return granted.is_unrestricted or db.permits(granted, other)

    children = [c for c in db.children(world.id) if visible(c)]
    edges = []
    for edge in db.edges(world.id, direction="both", include_retired=True):
        other = edge.target if edge.source == world.id else edge.source
        found = db.find(other)
        if found is not None and visible(found):
            edges.append(edge)
        if len(edges) >= MAX_EDGES:
            break
    history = [h for h in db.history(world.id) if visible(h)]
    return read_result(
        db,
        world,
        scopes=shown_labels(scope_labels(db.scope_memberships(world)), granted),
        children=children,
        edges=edges,
        history=history,
    )


async def memory_read(ctx: AppContext, id: IdArg) -> ReadResult:
    """Read one memory (or any stored world) in full.

    Returns its content, children, edges, validity, scopes, provenance and version history.
    """
    granted = caller_grant()
    return await run_read(ctx, lambda db: read_world(db, id, granted))


async def memory_amend(
    ctx: AppContext,
    id: IdArg,
    text: Annotated[
        str,
        Field(
            min_length=1,
            max_length=MAX_TEXT_CHARS,
            pattern=NOT_BLANK,
            description="The corrected text, in full",
        ),
    ],
) -> AmendResult:
    """Correct a memory: store the new text as a new memory that supersedes the old one.

    The old version stays readable in history but is no longer recalled by default.
    """
    granted = caller_grant()

    def run(db: WorldDB) -> AmendResult:
        old = db.get_permitted(id, granted)
        result = write_result(db.amend(old.id, text))
        return AmendResult(**result.model_dump(), supersedes=old.id)

    return await run_write(ctx, run)


async def memory_retire(ctx: AppContext, id: IdArg) -> RetireResult:
    """Retire a memory: it stops being recalled but stays in history (nothing is deleted)."""
    granted = caller_grant()

    def run(db: WorldDB) -> RetireResult:
        world = db.get_permitted(id, granted)
        changed = db.retire(world.id)
        valid_to = format_us(db.get(world.id).valid_to)
        note = None
        if not changed:
            versions = [h.id for h in db.history(world.id)]
            newer = [
                v
                for v in versions[versions.index(world.id) + 1 :]
                if granted.is_unrestricted or db.permits(granted, db.get(v))
            ]
            why = f"superseded by {newer[0][:SHORT_ID]}" if newer else "retired"
            note = f"already {why} at {valid_to}; nothing changed"
        return RetireResult(id=world.id, retired=changed, valid_to=valid_to, note=note)

    return await run_write(ctx, run)


async def memory_retire_all(ctx: AppContext, scopes: ScopesArg) -> RetireAllResult:
    """Retire every live memory in the given scopes (history is kept; nothing is deleted)."""
    wanted = check_scopes(caller_grant(), scopes.as_mapping())
    count = await run_write(ctx, lambda db: db.retire_scope(wanted))
    return RetireAllResult(count=count)


async def memory_purge_scope(
    ctx: AppContext,
    scope: Annotated[Scope, Field(description='Exactly one scope, e.g. {"user_id": "alice"}')],
    confirm: Annotated[
        str,
        Field(
            description="Must equal the scope's value (e.g. 'alice'), to show the purge is intended"
        ),
    ],
    erase: Annotated[
        bool,
        Field(
            description="True: delete the memories and everything derived "
            "from them, irreversibly (what another scope also "
            "holds is kept). False: retire them"
        ),
    ] = False,
) -> PurgeResult:
    """Remove a whole scope: retire its memories, or with erase=true delete them for good."""
    with as_tool_error():
        [(kind, value)] = validate_scopes(scope.as_mapping(), required=True).items()
    if not caller_grant().permits_scope(kind, value):
        raise ToolError(f"this token may not purge {kind}={value!r}")
    if confirm != value:
        raise ToolError(
            f"confirm must equal the scope's value {value!r} to purge {kind}={value!r}"
            "; nothing was changed"
        )
    if not erase:
        count = await run_write(ctx, lambda db: db.purge_scope(kind, value))
        return PurgeResult(scope=f"{kind}={value}", erased=False, count=count)
    report = await run_write(ctx, lambda db: db.erase_scope(kind, value))
    return PurgeResult(
        scope=f"{kind}={value}",
        erased=True,
        count=len(report.memories_erased),
        erased_ids=list(report.memories_erased),
        kept_ids=list(report.memories_kept),
        worlds_erased=len(report.erased),
        scrubbed=report.scrubbed,
    )


async def memory_list_scopes(
    ctx: AppContext,
    kind: Annotated[
        Literal["user_id", "agent_id", "app_id", "run_id"] | None,
        Field(description="Only scopes of this kind"),
    ] = None,
) -> ScopesResult:
    """List the scopes that hold memories, with how many worlds each holds."""
    granted = caller_grant()
    infos = await run_read(ctx, lambda db: db.list_scopes(kind))
    return ScopesResult(
        scopes=[
            ScopeItem(kind=s.kind, value=s.value, id=s.id, members=s.members)
            for s in infos
            if granted.permits_scope(s.kind, s.value)
        ]
    )


ToolFn = Callable[..., Any]
TOOLS: Final[tuple[ToolFn, ...]] = (
    memory_write,
    memory_recall,
    memory_list,
    memory_read,
    memory_amend,
    memory_retire,
    memory_retire_all,
    memory_purge_scope,
    memory_list_scopes,
)
