"""The time lane: a question that names a time ranks memories by how close they are to it.

"What kitchen appliance did I buy 10 days ago?" names a day; the memory that answers it is
about appliances *and* dated near that day, while the text and vector lanes rank every
appliance alike. So the question's own date expressions are resolved against the read's point
in valid time (the question's date, or now) with the extractor's date grammar, into a period
(a day, a week, a month, a season, a year). The lane then reorders a pool of the other lanes'
candidates by the distance of each memory's valid time from that period, nearest first, and
fusion weighs that order like any other lane (its rank is visible as ``time``).

The lane never adds a memory the text and vector lanes did not consider relevant, so a
question that merely mentions a date cannot fill the hits with unrelated memories of that day.
Relative dates in conversation are loose ("10 days ago" may mean 9 or 12), so a memory within
``slack`` of the period still counts, ranked by its distance; one further away is left out.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from worlddb.extract.dates import find_dates

__all__ = ["TIME_POOL", "TimeAnchor", "find_anchor", "rank_by_time"]

DAY_US: Final = 86_400_000_000
TIME_POOL: Final = 50
"""How many candidates of each relevance lane (text, vector) the time lane may reorder."""
_LENGTH_DAYS: Final = {"day": 1, "week": 7, "season": 91, "year": 365}
_SLACK_DAYS: Final = {"day": 4, "week": 5, "month": 10, "season": 20, "year": 45}
"""How far outside the named period a memory may be and still count, by its granularity."""
_MONTH_NUMBER: Final = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_RANGE_END: Final = re.compile(
    r"\s*(?:-|to|and|through|thru|until|till)\s+(" + "|".join(_MONTH_NUMBER) + r")\b"
)
_WEEKDAYS: Final = frozenset(
    name.lower() for name in (*calendar.day_name, *(f"{d}s" for d in calendar.day_name))
)


@dataclass(frozen=True, slots=True)
class TimeAnchor:
    """The period a question names: ``[start, end)`` in microseconds, with some slack."""

    query: str
    start: int
    end: int
    slack: int

    def distance(self, moment: int) -> int | None:
        """How far ``moment`` lies outside the period (0 inside); None beyond the slack."""
        gap = self.start - moment if moment < self.start else max(0, moment - self.end + 1)
        return gap if gap <= self.slack else None


def find_anchor(query: str, reference: int) -> TimeAnchor | None:
    """The period the date expressions of ``query`` name, resolved against ``reference``.

    Several expressions ("from July to October", "in March and April") span from the first
    period to the last. Two kinds name no time at which something was remembered and are left
    out: periods after the reference ("this weekend", "in a day": a question about the future)
    and a bare weekday ("Saturday mornings", "the Sunday mass": a habit or an event's name).
    """
    periods: list[tuple[int, int, int]] = []
    for span in find_dates(query, reference):
        if span.us > reference or span.text.strip().lower() in _WEEKDAYS:
            continue
        if span.granularity == "month":
            periods.append(_month(span.us))
            periods += _range_end(query[span.end :], span.us, reference)
        else:
            days = _LENGTH_DAYS.get(span.granularity, 1)
            slack = _SLACK_DAYS.get(span.granularity, 4) * DAY_US
            periods.append((span.us, span.us + days * DAY_US, slack))
    if not periods:
        return None
    return TimeAnchor(
        query,
        min(p[0] for p in periods),
        max(p[1] for p in periods),
        max(p[2] for p in periods),
    )


def _month(start: int) -> tuple[int, int, int]:
    day = datetime.fromtimestamp(start / 1_000_000, tz=UTC)
    days = calendar.monthrange(day.year, day.month)[1]
    return start, start + days * DAY_US, _SLACK_DAYS["month"] * DAY_US


def _range_end(rest: str, start: int, reference: int) -> list[tuple[int, int, int]]:
    """The month that closes a range after a month ("July to October", "March and April").

    The date grammar leaves a bare month name after "to"/"and" alone (it could be a verb:
    "may"), but right after a month it can only be the range's end: the first such month after
    ``start``, if it is not after the reference.
    """
    found = _RANGE_END.match(rest.lower())
    if found is None:
        return []
    first = datetime.fromtimestamp(start / 1_000_000, tz=UTC)
    month = _MONTH_NUMBER[found.group(1)]
    year = first.year + (month < first.month)
    end = datetime(year, month, 1, tzinfo=UTC)
    moment = int(end.timestamp()) * 1_000_000
    return [_month(moment)] if moment <= reference else []


def rank_by_time(
    anchor: TimeAnchor, pool: Sequence[int], valid_from: Mapping[int, int | None]
) -> list[int]:
    """The ids of ``pool`` (relevance order) dated near ``anchor``, nearest first.

    Ties keep the pool's order, so among memories of the same day the more relevant one leads.
    An undated memory says nothing about time and is left out.
    """
    scored: list[tuple[int, int, int]] = []
    for position, rid in enumerate(pool):
        moment = valid_from.get(rid)
        if moment is None:
            continue
        gap = anchor.distance(moment)
        if gap is not None:
            scored.append((gap // DAY_US, position, rid))
    return [rid for _, _, rid in sorted(scored)]
