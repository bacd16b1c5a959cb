"""Options: what a tier proposes, and the tiebreaker protocol that decides between them.

An ``Option`` carries everything the evidence on a proposal needs: the tier and score, the rule
and data source, the stored name, and what the write's context says about it (``support``, see
``worlddb.resolver.context``). The tiebreaker sees all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from worlddb.model import NodeId, WorldSpec

__all__ = [
    "DEFAULT_TIEBREAKER",
    "DEFAULT_TIER_ORDER",
    "NEUTRAL",
    "SUPPORTS",
    "WEAKENS",
    "Option",
    "Tiebreaker",
    "TierPreference",
    "best_per_world",
    "evidence_of",
    "triples",
]

SUPPORTS: Final = 1
NEUTRAL: Final = 0
WEAKENS: Final = -1
DEFAULT_TIER_ORDER: Final = ("exact", "alias", "fuzzy", "acronym", "embedding", "phonetic")


@dataclass(frozen=True, slots=True)
class Option:
    """One stored world a tier proposes: its id, the tier, the score and why."""

    world_id: NodeId
    tier: str
    score: float
    evidence: str = ""
    name: str = ""
    support: int = NEUTRAL  # what context says: SUPPORTS, NEUTRAL or WEAKENS (``context``)


class Tiebreaker(Protocol):
    """Decides between stored worlds that the tiers disagree on.

    Called on the writer thread, before the write transaction opens, only when the gathered
    options name two or more worlds; ``options`` are best first, each with its evidence: the
    rule and data source, the stored name, and what the write's context says (``support``, and
    ``evidence`` names the shared entities). May be slow (an LLM call, a
    person at a prompt) and may raise ``ResolutionError``; must not write to the store. Returns
    the chosen world's id, or ``None`` to leave the entity ambiguous.
    """

    def choose(self, spec: WorldSpec, options: Sequence[Option], /) -> NodeId | None: ...


class TierPreference:
    """The default tiebreaker: the more trusted tier wins, then context support, then the score.

    Two options of the same tier and support whose scores are within ``margin`` are a tie: no
    choice. Without context every option's support is neutral and only tier and score count.
    """

    def __init__(self, order: Sequence[str] = DEFAULT_TIER_ORDER, *, margin: float = 0.01) -> None:
        self.order = tuple(order)
        self.margin = margin

    def rank(self, option: Option) -> tuple[int, int, float]:
        """Sort key: tier position (unknown tiers last), then support and score, descending."""
        position = self.order.index(option.tier) if option.tier in self.order else len(self.order)
        return position, -option.support, -option.score

    def choose(self, spec: WorldSpec, options: Sequence[Option], /) -> NodeId | None:
        """The best option's world, unless the runner-up ties with it."""
        ranked = sorted(options, key=self.rank)
        if not ranked:
            return None
        best = ranked[0]
        for other in ranked[1:]:
            if other.world_id != best.world_id:
                if (
                    other.tier == best.tier
                    and other.support == best.support
                    and best.score - other.score <= self.margin
                ):
                    return None
                break
        return best.world_id


DEFAULT_TIEBREAKER: Final = TierPreference()


def best_per_world(options: Sequence[Option]) -> list[Option]:
    best: dict[NodeId, Option] = {}
    for option in sorted(options, key=lambda o: (-o.score, o.world_id)):
        best.setdefault(option.world_id, option)
    return list(best.values())


def evidence_of(options: Sequence[Option], *, chooser: str = "") -> tuple[str, ...]:
    """Each option's evidence as recorded on its proposal: rule and source, and the stored name.

    ``chooser``: the tiebreaker that picked among the options; the proposal's tier then says
    only "tiebreaker", so each option's own tier and score are written out, and who chose.
    """
    out = tuple(f"{o.evidence} vs {o.name!r}" if o.name else o.evidence for o in options)
    if not chooser:
        return out
    rivals = len({o.world_id for o in options}) - 1
    return tuple(
        f"{o.tier} {o.score:.3f}: {why}; chosen by {chooser} over {rivals} other(s)"
        for o, why in zip(options, out, strict=True)
    )


def triples(options: Sequence[Option]) -> tuple[tuple[NodeId, str, float], ...]:
    return tuple((o.world_id, o.tier, o.score) for o in options)
