"""Find date expressions in chat text and resolve them to day-precision times.

Everything resolves against a *reference* time (the message timestamp) to 00:00 UTC of one day,
in integer microseconds. Conventions, chosen to be simple and predictable rather than clever:

* ``yesterday`` / ``today`` / ``tomorrow`` / ``last night`` / ``tonight``: that day.
* ``N days|weeks|months|years ago`` and ``in N ...``: calendar shift; a month or year shift clamps
  the day (Mar 31 minus one month is Feb 28/29).
* ``last|next|this week``: the Monday of that ISO week (granularity ``week``).
* ``last|next|this weekend`` and ``over the weekend``: the Saturday of that weekend.
* ``last|next|this month`` / ``year``: the first day of that month / year.
* ``last Tuesday``: the latest Tuesday strictly before the reference; ``next Friday``: the first
  Friday strictly after it; ``this Friday``: the one in the current week (upcoming unless the
  sentence is in the past tense).
* A month without a year (``in March``, ``last June``): the first of that month. ``in March``
  means the most recent March not after the reference month, or the next one not before it
  when the sentence reads as future ("will", "going to", "next"...). ``last June``/``next June``
  exclude the current month.
* A day without a year (``May 5th``, ``on the 3rd``, a bare ``Tuesday``): the past or future
  occurrence when the sentence's tense says so, else the nearest one (ties go to the past).
* ``5/12/2023`` is month/day/year unless the first number exceeds 12; ``2023-05-12`` is ISO.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final

from worlddb.extract.date_patterns import (
    ANCHOR_CLASSES,
    ANCHOR_NUMBER,
    ANCHOR_WORD,
    MONTHS,
    NUMBERS,
    ORDINAL_WORDS,
    PATTERNS,
    PREFIX_WORDS,
    QUOTED_TITLE,
    RECURRING,
    STRONG_MONTH_CUES,
    WEEKDAYS,
    WINDOW_AFTER,
    WINDOW_BEFORE,
    WORD_END,
)
from worlddb.extract.date_rules import (
    Granularity,
    Tense,
    month_day,
    month_only,
    period,
    pick,
    season,
    shift_months,
    tense_of,
    weekday,
)
from worlddb.timeutil import parse_time, to_datetime

__all__ = ["DateSpan", "Granularity", "find_dates", "lower_same_length", "tense_of"]


_US_PER_DAY: Final = 86_400_000_000
_EPOCH_ORDINAL: Final = date(1970, 1, 1).toordinal()
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True, slots=True)
class DateSpan:
    """A date expression found in text: the span, where it is, and what it resolves to.

    ``us`` is 00:00 UTC of the resolved day; for coarser expressions (``granularity`` other than
    ``day``) it is the first day of the period.
    """

    text: str
    start: int
    end: int
    us: int
    granularity: Granularity = "day"


def _to_us(day: date) -> int:
    return (day.toordinal() - _EPOCH_ORDINAL) * _US_PER_DAY


def _number(text: str) -> int:
    key = " ".join(text.lower().split())
    return int(key) if key.isdigit() else NUMBERS[key]


def _day_number(text: str) -> int:
    key = text.lower()
    if key in ORDINAL_WORDS:
        return ORDINAL_WORDS[key]
    return int(key.rstrip("stndrh"))


def _lowercase_modal(month: str) -> bool:
    """Lowercase "may" and "march" are usually the verbs ("this may be", "we march")."""
    return month[0].islower() and month.lower() in ("may", "march")


_Resolved = tuple[date, Granularity] | None
_STEP: Final = {"next": 1, "this": 0, "last": -1}
# Kinds whose day depends on the tense of the sentence ("in March", "Tuesday", "the 3rd").
_NEEDS_TENSE: Final = frozenset(
    {
        "slash_short",
        "month_day",
        "day_month",
        "month_only",
        "weekday",
        "season",
        "ordinal",
        "period",
    }
)


def _r_numeric(kind: str, g: dict[str, str], ref: date, tense: Tense) -> _Resolved:
    if kind == "iso":
        return date(int(g["iy"]), int(g["im"]), int(g["id"])), "day"
    a, b = int(g["a"]), int(g["b"])
    month, day = (b, a) if a > 12 else (a, b)
    if kind == "slash_short":
        found = month_day(month, day, None, ref, tense)
        return (found, "day") if found else None
    year = int(g["sy"])
    year = year + (2000 if year < 70 else 1900) if year < 100 else year
    return date(year, month, day), "day"


def _r_month(kind: str, g: dict[str, str], ref: date, tense: Tense) -> _Resolved:
    month = MONTHS[g["m"].rstrip(".")]
    if kind == "month_year":
        return date(int(g["y"]), month, 1), "month"
    if kind == "month_only":
        return month_only(month, g["cue"], ref, tense), "month"
    year = int(g["y"]) if g.get("y") else ref.year + _STEP[g["ry"]] if g.get("ry") else None
    found = month_day(month, _day_number(g["d"]), year, ref, tense)
    return (found, "day") if found else None


def _r_relative(kind: str, g: dict[str, str], ref: date, tense: Tense) -> _Resolved:
    if kind == "day_words":
        offsets = {"yesterday": -1, "last night": -1, "tomorrow": 1}
        offsets |= {"the day before yesterday": -2, "the day after tomorrow": 2}
        return ref + timedelta(days=offsets.get(" ".join(g["w"].split()), 0)), "day"
    if kind == "period":
        return period(g["u"], g["mod"], ref, tense)
    n = _number(g["n"])
    sign = -1 if kind == "ago" and g["dir"] == "ago" else 1
    if g["u"] in ("day", "week"):
        return ref + timedelta(days=sign * n * (7 if g["u"] == "week" else 1)), "day"
    return shift_months(ref, sign * n * (12 if g["u"] == "year" else 1)), "day"


def _r_other(kind: str, g: dict[str, str], ref: date, tense: Tense) -> _Resolved:
    if kind == "year_only":
        return date(int(g["y"]), 1, 1), "year"
    if kind == "weekday":
        return weekday(WEEKDAYS[g["wd"]], g["mod"] or "", ref, tense), "day"
    if kind == "season":
        if not g["mod"] and not g["y"]:
            return None  # a bare "summer" is not a date
        year = int(g["y"]) if g["y"] else None
        return season(g["s"], g["mod"] or "", year, ref, tense), "season"
    day = _day_number(g["d"])
    if g["which"]:
        first = shift_months(date(ref.year, ref.month, 1), _STEP[g["which"].split()[1]])
        return date(first.year, first.month, day), "day"
    options = []
    for step in (-1, 0, 1):
        first = shift_months(date(ref.year, ref.month, 1), step)
        if day <= calendar.monthrange(first.year, first.month)[1]:
            options.append(date(first.year, first.month, day))
    return pick(options, ref, tense), "day"


_RESOLVERS: Final[dict[str, Callable[[str, dict[str, str], date, Tense], _Resolved]]] = {
    "iso": _r_numeric, "slash": _r_numeric, "slash_short": _r_numeric,
    "month_day": _r_month, "day_month": _r_month, "month_year": _r_month, "month_only": _r_month,
    "day_words": _r_relative, "ago": _r_relative, "in_n": _r_relative, "period": _r_relative,
    "year_only": _r_other, "weekday": _r_other, "season": _r_other, "ordinal": _r_other,
}  # fmt: skip


def _resolve(kind: str, m: re.Match[str], text: str, ref: date) -> _Resolved:
    """Turn one match (on lowercased text) into a date, or ``None`` when it is no date after all.

    ``text`` is the original text: case tells "May 5" from "may", and "Black Friday" apart.
    """
    if "m" in m.re.groupindex and m.group("m") is not None:
        cue = m.groupdict().get("cue")
        if _lowercase_modal(text[m.start("m") : m.end("m")]) and cue not in STRONG_MONTH_CUES:
            return None
    if kind == "weekday" and RECURRING.search(text, max(0, m.start() - 40), m.start()):
        return None  # "every Tuesday and Thursday", "Black Friday"
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    groups.setdefault("w", m.group(0))
    for optional in ("mod", "y", "which"):
        groups.setdefault(optional, "")
    tense = tense_of(text, m.start(), m.end()) if kind in _NEEDS_TENSE else None
    return _RESOLVERS[kind](kind, groups, ref, tense)


def _trim(kind: str, m: re.Match[str]) -> tuple[int, int]:
    """Drop a leading preposition that only cued the match ("in 2021" → "2021")."""
    start, end = m.span()
    cue = m.groupdict().get("cue") or m.groupdict().get("mod")
    if kind == "slash_short":
        start = m.start("a")
    elif kind == "ordinal":
        start = m.start("the")
    elif kind in ("month_only", "weekday", "season") and cue and cue.lower() in PREFIX_WORDS:
        start = m.start("m" if kind == "month_only" else "wd" if kind == "weekday" else "s")
    elif kind == "year_only":
        start = m.start("y")
    return start, end


def lower_same_length(text: str) -> str:
    """Lowercase ``text`` keeping every character at its offset.

    Patterns run case-sensitively on the lowercased text, which is several times faster than
    ``re.IGNORECASE``; the few characters whose lowercase is longer ("İ") are left as they are.
    """
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _number_class(token: str) -> str:
    """Classify a digit run: a slashed or dashed date, an ordinal day, a year, or nothing."""
    if "/" in token or "-" in token:
        return "datenum"
    if token.endswith(("st", "nd", "rd", "th")):
        return "ordnum" if len(token) <= 4 else ""
    return "year" if len(token) == 4 and 1800 <= int(token) < 2200 else ""


def _windows(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge ``span ± WINDOW`` ranges; a window ends at whitespace so no word is cut."""
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        lo = max(0, start - WINDOW_BEFORE)
        hi = end + WINDOW_AFTER
        if hi < len(text):
            stop = WORD_END.search(text, hi)
            hi = stop.start() if stop else len(text)
        else:
            hi = len(text)
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def find_dates(text: str, reference: int) -> tuple[DateSpan, ...]:
    """Find and resolve the date expressions in ``text`` against ``reference`` (microseconds).

    Returns the spans in text order; expressions that name an impossible day ("Feb 30") or fall
    outside years 1..9999 are skipped.

    Raises:
        ValidationError: ``reference`` is not a representable time.
    """
    ref_us = parse_time(reference, field="reference")
    assert ref_us is not None
    ref = to_datetime(ref_us).date()
    lower = lower_same_length(text)
    anchors = [(m.start(), m.end(), ANCHOR_CLASSES[m.group()]) for m in ANCHOR_WORD.finditer(lower)]
    if _DIGIT.search(text):
        anchors += [
            (m.start(), m.end(), _number_class(m.group())) for m in ANCHOR_NUMBER.finditer(lower)
        ]
        anchors.sort()
    if not anchors:
        return ()
    taken = bytearray(len(text))  # 1 where a date (or a quoted title) already claimed the text
    if '"' in text or "“" in text:
        for m in QUOTED_TITLE.finditer(text):
            taken[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    found: list[DateSpan] = []
    windows: dict[frozenset[str], list[tuple[int, int]]] = {}
    for kind, pattern, needs, hints in PATTERNS:
        if needs not in windows:
            windows[needs] = _windows(text, [(a, b) for a, b, c in anchors if c in needs])
        for lo, hi in windows[needs]:
            if hints and not any(lower.find(hint, lo, hi) != -1 for hint in hints):
                continue
            for m in pattern.finditer(lower, lo, hi):
                start, end = _trim(kind, m)
                if taken.find(1, start, end) != -1:
                    continue
                try:
                    resolved = _resolve(kind, m, text, ref)
                except (ValueError, OverflowError, KeyError):  # Feb 30, year 10000, odd words
                    continue
                if resolved is None:
                    continue
                day, granularity = resolved
                taken[start:end] = b"\x01" * (end - start)
                found.append(DateSpan(text[start:end], start, end, _to_us(day), granularity))
    found.sort(key=lambda span: span.start)
    return tuple(found)
