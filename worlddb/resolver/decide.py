"""Turning a resolution's options into its answer: one world, the tiebreaker's pick, or none.

Split from ``tiered`` (which gathers the options) so the decision rule reads on its own: every
answer carries each option's tier, score and evidence (``options.evidence_of``), which the
reconciler records on the proposals it stages.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from worlddb.model import NodeId, Resolution, WorldSpec
from worlddb.resolver.base import NEW
from worlddb.resolver.options import (
    Option,
    Tiebreaker,
    TierPreference,
    evidence_of,
    triples,
)

__all__ = ["answer", "decide"]

logger = logging.getLogger("worlddb.resolver.tiered")


def answer(best: Option, options: Sequence[Option]) -> Resolution:
    """``best`` as the resolved world, with every option's tier, score and evidence."""
    return Resolution(
        "resolved", best.world_id, best.tier, best.score, triples(options), evidence_of(options)
    )


def decide(
    spec: WorldSpec,
    options: Sequence[Option],
    tiebreaker: Tiebreaker | None,
    margin: float,
    max_ambiguous: int,
) -> Resolution:
    """One world: the answer. Several: the tiebreaker's choice, else ``ambiguous`` (or ``new``
    when more than ``max_ambiguous`` worlds tie within ``margin``: too unspecific to propose)."""
    if not options:
        return NEW
    preference = TierPreference()
    per_world: dict[NodeId, Option] = {}
    for option in sorted(options, key=preference.rank):
        per_world.setdefault(option.world_id, option)
    ranked = sorted(per_world.values(), key=preference.rank)
    if len(ranked) == 1:
        return answer(ranked[0], ranked)
    chosen = None if tiebreaker is None else tiebreaker.choose(spec, ranked)
    if chosen is not None and chosen in per_world:
        picked = per_world[chosen]
        logger.debug(
            "tiebreaker chose %s (%s %.3f) among %d worlds",
            chosen[:12],
            picked.tier,
            picked.score,
            len(ranked),
        )
        chooser = type(tiebreaker).__name__
        return Resolution(
            "resolved",
            chosen,
            "tiebreaker",
            picked.score,
            triples(ranked),
            evidence_of(ranked, chooser=chooser),
        )
    best = ranked[0]
    tied = [o for o in ranked if o.tier == best.tier and best.score - o.score <= margin]
    if len(tied) > max_ambiguous:
        logger.debug("%r ties %d worlds: too unspecific to propose", spec.name, len(tied))
        return NEW
    return Resolution(
        "ambiguous", None, best.tier, best.score, triples(ranked), evidence_of(ranked)
    )
