"""Reciprocal rank fusion: merge several best-first id lists into one ranking. Pure.

RRF (Cormack, Clarke & Büttcher, SIGIR 2009) scores an id by ``Σ w_lane / (k + rank_lane)`` over
the lanes that rank it, with 1-based ranks. It needs no score calibration between retrievers (BM25
scores and cosine similarities are not comparable), which is why recall fuses with it.

Invariants (property-tested in ``tests/test_fusion.py``):

* the result does not depend on the order of the lanes in the mapping: lanes are visited in
  sorted name order so even the floating-point sums are identical;
* it is monotone in rank: moving an id up in a lane never lowers its score or its position;
* ties are broken deterministically: higher score first, then the best single-lane rank, then
  the id itself;
* a lane with weight 0 is switched off: it contributes nothing and does not appear in ``ranks``;
* an id listed twice in one lane counts once, at its best (first) rank.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from worlddb.errors import ValidationError

__all__ = ["RRF_K", "FusedHit", "rrf"]

RRF_K: Final = 60
"""The usual RRF damping constant: large enough that rank 1 does not drown every other lane."""


@dataclass(frozen=True, slots=True)
class FusedHit:
    """One id in the fused ranking.

    Attributes:
        id: The id as it appeared in the lanes.
        score: The fused RRF score; higher is better.
        ranks: The 1-based rank of the id in each lane that contributed to ``score``.
    """

    id: str
    score: float
    ranks: dict[str, int] = field(default_factory=dict)

    @property
    def best_rank(self) -> int:
        """The best (smallest) rank the id holds in any contributing lane."""
        return min(self.ranks.values())


def rrf(
    rankings: Mapping[str, Sequence[str]],
    *,
    k: int = RRF_K,
    weights: Mapping[str, float] | None = None,
    depth: Mapping[str, int] | None = None,
) -> list[FusedHit]:
    """Fuse best-first rankings with reciprocal rank fusion.

    Args:
        rankings: Lane name → ids, best first. Lanes may be empty.
        k: The RRF damping constant, a positive integer.
        weights: Lane name → non-negative multiplier (default 1.0). Names of lanes that are not
            in ``rankings`` are ignored, so one weight table can serve calls that omit a lane.
        depth: Lane name → how many of that lane's top ids contribute (default: all).

    Returns:
        Every id that some switched-on lane contributes, best first.

    Raises:
        ValidationError: ``k`` is not a positive integer, a weight is negative or not finite, or
            a depth is negative.
    """
    if isinstance(k, bool) or not isinstance(k, int) or k <= 0:
        raise ValidationError(f"rrf k must be a positive integer, not {k!r}", field="k", value=k)
    lane_weights = _check_weights(weights or {})
    lane_depths = _check_depths(depth or {})

    ranks: dict[str, dict[str, int]] = {}
    for lane in sorted(rankings):
        weight = lane_weights.get(lane, 1.0)
        if weight == 0.0:
            continue
        limit = lane_depths.get(lane)
        ids = rankings[lane] if limit is None else rankings[lane][:limit]
        for position, item in enumerate(ids, start=1):
            per_lane = ranks.setdefault(item, {})
            per_lane.setdefault(lane, position)

    hits = []
    for item, per_lane in ranks.items():
        # Sum in sorted lane order (dicts keep insertion order, and lanes were visited sorted):
        # the same terms in the same order give bit-identical floats whatever the mapping order.
        score = 0.0
        for lane, rank in per_lane.items():
            score += lane_weights.get(lane, 1.0) / (k + rank)
        hits.append(FusedHit(item, score, per_lane))
    hits.sort(key=lambda hit: (-hit.score, hit.best_rank, hit.id))
    return hits


def _check_weights(weights: Mapping[str, float]) -> dict[str, float]:
    out: dict[str, float] = {}
    for lane, weight in weights.items():
        if isinstance(weight, bool) or not isinstance(weight, int | float):
            raise ValidationError(
                f"weight for lane {lane!r} must be a number, not {weight!r}",
                field="weights",
                value=weight,
            )
        if not math.isfinite(weight) or weight < 0:
            raise ValidationError(
                f"weight for lane {lane!r} must be finite and non-negative, not {weight!r}",
                field="weights",
                value=weight,
            )
        out[lane] = float(weight)
    return out


def _check_depths(depth: Mapping[str, int]) -> dict[str, int]:
    for lane, limit in depth.items():
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValidationError(
                f"depth for lane {lane!r} must be a non-negative integer, not {limit!r}",
                field="depth",
                value=limit,
            )
    return dict(depth)
