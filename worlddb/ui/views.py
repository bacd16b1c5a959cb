"""Engine objects to the explorer's JSON: times as ISO text, a validity state, previews.

Kept apart from the routes so every shape the page renders is built in one place and can be
checked without a server.
"""

from __future__ import annotations

from typing import Any, Final

from worlddb.model import Edge, MergeProposal, World
from worlddb.recall import RecallHit, Succession
from worlddb.recall.rewrite import UNTRUSTED_FLAG
from worlddb.timeutil import format_us

__all__ = [
    "PREVIEW_CHARS",
    "edge_json",
    "hit_json",
    "preview",
    "proposal_json",
    "validity_state",
    "world_json",
]

PREVIEW_CHARS: Final = 200
_INTERNAL_NAMES: Final = frozenset({"Note", "Fact", "Session"})

Json = dict[str, Any]


def preview(text: str, limit: int = PREVIEW_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def validity_state(valid_from: int | None, valid_to: int | None, now: int) -> str:
    """``current``, ``past`` (validity closed by ``now``) or ``future`` (not valid yet)."""
    if valid_to is not None and valid_to <= now:
        return "past"
    if valid_from is not None and valid_from > now:
        return "future"
    return "current"


def world_json(world: World, now: int, *, full: bool = False) -> Json:
    """A world as the page shows it in lists (``full``: with its whole text and labels)."""
    text = world.text
    out: Json = {
        "id": world.id,
        "type": world.type,
        "name": "" if world.type in _INTERNAL_NAMES or world.type == "Turn" else world.name,
        "preview": preview(text),
        "valid_from": format_us(world.valid_from),
        "valid_to": format_us(world.valid_to),
        "ingested_at": format_us(world.ingested_at),
        "state": validity_state(world.valid_from, world.valid_to, now),
        "untrusted": UNTRUSTED_FLAG in world.flags,
    }
    if full:
        out |= {
            "text": text,
            # A note's, fact's or session's name is an internal label (its scopes' hash).
            "label": "" if world.type in _INTERNAL_NAMES else world.name,
            "provenance": list(world.provenance),
            "aliases": list(world.aliases),
            "flags": sorted(world.flags),
            "parent": world.parent,
        }
    return out


def edge_json(edge: Edge, world_id: str, other: World | None, now: int) -> Json:
    """An edge seen from ``world_id``, with a preview of the world on its other side."""
    outgoing = edge.source == world_id
    return {
        "id": edge.id,
        "type": edge.type,
        "direction": "out" if outgoing else "in",
        "other": None if other is None else world_json(other, now),
        "other_id": edge.target if outgoing else edge.source,
        "status": edge.status,
        "valid_from": format_us(edge.valid_from),
        "valid_to": format_us(edge.valid_to),
        "ingested_at": format_us(edge.ingested_at),
    }


def _succession(found: Succession) -> Json:
    return {
        "old": found.old,
        "old_text": found.old_text,
        "new": found.new,
        "new_text": found.new_text,
        "at": format_us(found.at),
    }


def hit_json(hit: RecallHit, scopes: list[str]) -> Json:
    """One recall hit with its lane ranks, fused score, status and successions."""
    return {
        "id": hit.id,
        "type": hit.type,
        "text": hit.text,
        "score": float(hit.score),
        "ranks": dict(hit.ranks),
        "valid_from": format_us(hit.valid_from),
        "valid_to": format_us(hit.valid_to),
        "ingested_at": format_us(hit.ingested_at),
        "status": hit.status,
        "scopes": scopes,
        "entities": list(hit.entities),
        "conflicts": list(hit.conflicts),
        "surfaced_by": hit.surfaced_by,
        "superseded_by": [_succession(s) for s in hit.superseded_by],
        "replaces": [_succession(s) for s in hit.replaces],
        "untrusted": hit.untrusted,
    }


def proposal_json(proposal: MergeProposal, source: World, target: World, now: int) -> Json:
    """A pending merge with both sides shown in full, and the resolver's evidence."""
    return {
        "edge_id": proposal.edge_id,
        "tier": proposal.tier,
        "score": proposal.score,
        "evidence": proposal.evidence,
        "status": proposal.status,
        "created_at": format_us(proposal.created_at),
        "source": world_json(source, now, full=True),
        "target": world_json(target, now, full=True),
    }
