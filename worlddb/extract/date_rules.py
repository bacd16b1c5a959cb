"""Calendar rules: which day a vague date expression means, given the reference day and tense.

Pure functions on ``datetime.date`` used by ``worlddb.extract.dates``; the conventions they
implement are listed in that module's docstring.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from typing import Final, Literal

from worlddb.extract.date_patterns import CLAUSE_BREAK, FUTURE_CUE, PAST_CUE, SEASONS

__all__ = [
    "Granularity",
    "Tense",
    "month_day",
    "month_only",
    "period",
    "pick",
    "season",
    "shift_months",
    "tense_of",
    "weekday",
]

Granularity = Literal["day", "week", "month", "season", "year"]
Tense = Literal["past", "future"] | None

TENSE_WINDOW: Final = 80  # characters of the same clause inspected on each side of a span


def shift_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def tense_of(text: str, start: int, end: int) -> Tense:
    """Guess whether the sentence around ``text[start:end]`` talks about the future or the past.

    Future cues win over past ones ("I'll be back in March" mentions no past verb anyway, and
    "I booked a trip for May" is about May ahead). ``None`` when neither shows.
    """
    left = CLAUSE_BREAK.split(text[max(0, start - TENSE_WINDOW) : start].lower())[-1]
    right = CLAUSE_BREAK.split(text[end : end + TENSE_WINDOW].lower(), maxsplit=1)[0]
    window = f"{left} {right}"
    if FUTURE_CUE.search(window):
        return "future"
    if PAST_CUE.search(window):
        return "past"
    return None


def pick(candidates: list[date], ref: date, tense: Tense, *, strict: bool = False) -> date:
    """Choose among occurrences of a recurring date: by tense, else the nearest one."""
    past = [c for c in candidates if c < ref or (c == ref and not strict)]
    future = [c for c in candidates if c > ref or (c == ref and not strict)]
    if tense == "past" and past:
        return max(past)
    if tense == "future" and future:
        return min(future)
    return min(candidates, key=lambda c: (abs((c - ref).days), c > ref))


def month_day(month: int, day: int, year: int | None, ref: date, tense: Tense) -> date | None:
    if year is not None:
        return date(year, month, day)
    options = []
    for y in (ref.year - 1, ref.year, ref.year + 1):
        if day <= calendar.monthrange(y, month)[1]:
            options.append(date(y, month, day))
    return pick(options, ref, tense) if options else None


def month_only(month: int, cue: str, ref: date, tense: Tense) -> date:
    cue = " ".join(cue.lower().split())
    if cue in ("last", "this past"):
        year = ref.year if month < ref.month else ref.year - 1
    elif cue in ("next", "this coming"):
        year = ref.year if month > ref.month else ref.year + 1
    elif cue == "this":
        year = ref.year
    elif tense == "future" or cue in ("until", "till", "by"):
        year = ref.year if month >= ref.month else ref.year + 1
    else:
        year = ref.year if month <= ref.month else ref.year - 1
    return date(year, month, 1)


def weekday(target: int, mod: str, ref: date, tense: Tense) -> date:
    mod = " ".join(mod.lower().split())
    back = (ref.weekday() - target) % 7 or 7
    ahead = (target - ref.weekday()) % 7 or 7
    if mod in ("last", "past", "this past"):
        return ref - timedelta(days=back)
    if mod in ("next", "coming", "this coming"):
        return ref + timedelta(days=ahead)
    if mod == "this":
        if target == ref.weekday():
            return ref
        return ref - timedelta(days=back) if tense == "past" else ref + timedelta(days=ahead)
    if target == ref.weekday():
        return ref
    candidates = [ref - timedelta(days=back), ref + timedelta(days=ahead)]
    return pick(candidates, ref, tense, strict=True)


def period(unit: str, mod: str, ref: date, tense: Tense) -> tuple[date, Granularity]:
    mod = " ".join(mod.lower().split())
    step = (
        -1
        if mod in ("last", "this past", "the past")
        else 1
        if mod.endswith(("next", "coming"))
        else 0
    )
    unit = unit.lower()
    if unit == "week":
        monday = ref - timedelta(days=ref.weekday())
        return monday + timedelta(weeks=step), "week"
    if unit == "weekend":
        saturday = ref - timedelta(days=ref.weekday()) + timedelta(days=5)
        if mod == "over the":
            if tense == "future":
                return (saturday if saturday >= ref else saturday + timedelta(weeks=1)), "day"
            return (saturday if saturday <= ref else saturday - timedelta(weeks=1)), "day"
        return saturday + timedelta(weeks=step), "day"
    if unit == "month":
        return shift_months(date(ref.year, ref.month, 1), step), "month"
    return date(ref.year + step, 1, 1), "year"


def season(name: str, mod: str, year: int | None, ref: date, tense: Tense) -> date:
    month = SEASONS[name.lower()]
    if year is not None:
        return date(year, month, 1)
    mod = " ".join(mod.lower().split())
    current = date(ref.year, month, 1)
    if current > ref:
        current = date(ref.year - 1, month, 1)
    season_end = shift_months(current, 3)
    if mod in ("last", "this past"):
        return current if season_end <= ref else date(current.year - 1, month, 1)
    if mod == "next":
        return date(current.year + 1, month, 1)
    if tense == "future" and season_end <= ref:
        return date(current.year + 1, month, 1)
    return current
