"""Engine objects to tool outputs: ids shortened, times as ISO text, long text previewed.

Kept apart from the tools so the tool bodies read as "check, call, convert" and so the same
shapes can be built in tests without a server.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from worlddb.engine import WorldDB
from worlddb.ingest import IngestResult
from worlddb.model import Edge, World
from worlddb.recall.rewrite import UNTRUSTED_FLAG
from worlddb.resolver import ENTITY_TYPES
from worlddb.timeutil import format_us
from worlddb_mcp.schemas import (
    SHORT_ID,
    ChildOut,
    EdgeOut,
    EntityOut,
    HistoryEntry,
    MemoryItem,
    ReadResult,
    WriteResult,
)

__all__ = [
    "PREVIEW_CHARS",
    "edge_out",
    "memory_item",
    "preview",
    "read_result",
    "untrusted",
    "write_result",
]

PREVIEW_CHARS: Final = 280


def preview(text: str, limit: int = PREVIEW_CHARS) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def untrusted(world: World) -> bool:
    """Whether ``world`` was flagged on ingest as carrying prompt-injection markers."""
    return UNTRUSTED_FLAG in world.flags


def write_result(result: IngestResult) -> WriteResult:
    own = set(result.facts) | {result.id, *result.turns}
    return WriteResult(
        id=result.id,
        short_id=result.id[:SHORT_ID],
        created=result.created,
        entities=[EntityOut(name=n, id=i, tier=t) for n, i, t in result.entities],
        facts=list(result.facts),
        proposals=list(result.proposals),
        superseded=[i for i in result.superseded if i not in own],
        outdated_on_arrival=[i for i in result.superseded if i in own],
        conflicts=[[a, b] for a, b in result.conflicts],
        untrusted=bool(result.untrusted),
    )


def memory_item(world: World) -> MemoryItem:
    return MemoryItem(
        id=world.id,
        short_id=world.id[:SHORT_ID],
        type=world.type,
        preview=preview(world.text),
        chars=len(world.text),
        ingested_at=format_us(world.ingested_at) or "",
        valid_from=format_us(world.valid_from),
        valid_to=format_us(world.valid_to),
        untrusted=untrusted(world),
    )


def edge_out(edge: Edge, world_id: str) -> EdgeOut:
    return EdgeOut(
        id=edge.id,
        type=edge.type,
        source=edge.source,
        target=edge.target,
        direction="out" if edge.source == world_id else "in",
        status=edge.status,
    )


def read_result(
    db: WorldDB,
    world: World,
    *,
    scopes: list[str],
    children: Sequence[World],
    edges: Sequence[Edge],
    history: Sequence[World],
) -> ReadResult:
    """Assemble memory_read's answer from already-filtered parts."""
    return ReadResult(
        id=world.id,
        short_id=world.id[:SHORT_ID],
        type=world.type,
        name=world.name,
        text=world.text,
        # An entity's identity time is its scopes' salt (``worlddb.scopes.entity_salt``).
        created_at=(
            format_us(world.created_at)
            if world.created_at and world.type not in ENTITY_TYPES
            else None
        ),
        ingested_at=format_us(world.ingested_at) or "",
        valid_from=format_us(world.valid_from),
        valid_to=format_us(world.valid_to),
        retired=world.valid_to is not None and world.valid_to <= db.now(),
        scopes=scopes,
        provenance=list(world.provenance),
        aliases=list(world.aliases),
        children=[
            ChildOut(id=c.id, type=c.type, preview=preview(c.text), untrusted=untrusted(c))
            for c in children
        ],
        edges=[edge_out(e, world.id) for e in edges],
        history=[
            HistoryEntry(
                id=h.id,
                valid_from=format_us(h.valid_from),
                valid_to=format_us(h.valid_to),
                ingested_at=format_us(h.ingested_at) or "",
                current=h.id == world.id,
                untrusted=untrusted(h),
            )
            for h in history
        ],
        untrusted=untrusted(world) or any(untrusted(c) for c in children),
    )
