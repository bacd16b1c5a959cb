"""Retention: a score per memory from its age and the recalls that returned it.

**The model.** Every *presentation* of a memory leaves a trace that halves every
``half_life``: the memory's birth (valid-from, else creation, else ingest time) and each recall
that returned it. The retention score at time ``now`` is the sum of the traces,

    retention(now) = 2 ** (-(now - born) / H)  +  Σ_j 2 ** (-(now - t_j) / H)

— the shape of ACT-R's base-level activation (a sum of decaying traces of past uses, so both
frequency and recency count), with exponential instead of power-law decay. The exponential is
what makes it cheap: the recall sum is kept *exactly* in two numbers per memory (its value
``strength`` as of ``as_of``; a new recall at ``t`` makes it ``strength · 2^(-(t - as_of)/H) + 1``),
so a recall costs one small upsert and no history grows. A memory just written scores 1; never
recalled, it scores 0.5 after one half-life and 0.1 after about 3.3; each recent recall adds up
to 1. The score is stored nowhere: it is computed at read time from the row
(``worlddb.store.retention``), so the clock can be injected and nothing decays in the file.

**Uses.** An optional recall lane (``"retention"``: the text and vector candidates reordered by
retention, fused by RRF like any lane, its rank visible in each hit's ``ranks``; off by
default) and ``worlddb retire --below SCORE`` (``below``), which lists the memories under a
score so a person, or the CLI through the reconciler, can retire them. Nothing here deletes.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from worlddb.errors import ValidationError
from worlddb.model import NodeId
from worlddb.store.filters import WorldFilter
from worlddb.store.retention import Reinforcement, RetentionRow, RetentionRows

__all__ = [
    "DEFAULT_HALF_LIFE_DAYS",
    "RETIRABLE_TYPES",
    "RetentionModel",
    "RetentionScore",
    "below",
    "rank_by_retention",
]

DAY_US: Final = 86_400 * 1_000_000
DEFAULT_HALF_LIFE_DAYS: Final = 30.0
RETIRABLE_TYPES: Final = ("Note", "Fact")
"""What ``retire --below`` looks at by default: memories, not entities, sessions or scopes."""
_PAGE: Final = 2000


@dataclass(frozen=True, slots=True)
class RetentionModel:
    """Exponentially decaying traces of a memory's birth and recalls (see the module doc)."""

    half_life_days: float = DEFAULT_HALF_LIFE_DAYS

    def __post_init__(self) -> None:
        h = self.half_life_days
        if isinstance(h, bool) or not isinstance(h, int | float) or not h > 0:
            raise ValidationError(
                f"half_life_days must be a positive number, not {h!r}", field="half_life_days"
            )

    def decay(self, elapsed_us: int) -> float:
        """How much of a trace is left after ``elapsed_us`` (1 for a trace from the future)."""
        return float(2.0 ** (-max(0, elapsed_us) / (self.half_life_days * DAY_US)))

    def combine(self, old: Reinforcement | None, times: Sequence[int]) -> Reinforcement:
        """Fold recall ``times`` into ``old``: the exact decayed sum, as of the latest time."""
        strength, as_of, count = (
            (0.0, 0, 0) if old is None else (old.strength, old.as_of, old.recalls)
        )
        for t in sorted(times):
            if t >= as_of:
                strength = strength * self.decay(t - as_of) + 1.0
                as_of = t
            else:  # a late event: its own trace, decayed to the row's time
                strength += self.decay(as_of - t)
        return Reinforcement(strength, as_of, count + len(times))

    def score(self, row: RetentionRow, now: int) -> float:
        """Retention of ``row`` at ``now``: its birth trace plus its recall traces."""
        value = self.decay(now - row.born)
        if row.reinforcement is not None:
            r = row.reinforcement
            value += r.strength * self.decay(now - r.as_of)
        return value


@dataclass(frozen=True, slots=True)
class RetentionScore:
    """A memory's retention at one moment, with what it was computed from."""

    id: NodeId
    type: str
    score: float
    born: int
    recalls: int
    last_recalled: int | None


def rank_by_retention(
    rows: RetentionRows, model: RetentionModel, pool: Sequence[int], now: int
) -> list[int]:
    """``pool`` (row ids) ordered by retention at ``now``, highest first (ties keep order)."""
    found = rows.retention_of(pool)
    scored = [(rid, model.score(found[rid], now)) for rid in pool if rid in found]
    return [rid for rid, _ in sorted(scored, key=lambda item: -item[1])]


def _scores(
    rows: RetentionRows, model: RetentionModel, flt: WorldFilter
) -> Iterator[RetentionScore]:
    after = 0
    while True:
        page = rows.retention_page(flt, after, _PAGE)
        for row in page:
            r = row.reinforcement
            yield RetentionScore(
                row.id,
                row.type,
                model.score(row, flt.now),
                row.born,
                0 if r is None else r.recalls,
                None if r is None else r.as_of,
            )
        if len(page) < _PAGE:
            return
        after = page[-1].rid


def below(
    rows: RetentionRows, model: RetentionModel, threshold: float, flt: WorldFilter
) -> list[RetentionScore]:
    """Every world ``flt`` admits whose retention at ``flt.now`` is below ``threshold``,
    lowest first. A read: it writes and retires nothing.

    Raises:
        ValidationError: ``threshold`` is not a number.
    """
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, int | float)
        or math.isnan(threshold)
    ):
        raise ValidationError(
            f"a retention threshold must be a number, not {threshold!r}", field="below"
        )
    found = [s for s in _scores(rows, model, flt) if s.score < threshold]
    return sorted(found, key=lambda s: (s.score, s.id))
