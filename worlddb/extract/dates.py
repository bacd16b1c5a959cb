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
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Final, Literal

from worlddb.timeutil import parse_time, to_datetime

__all__ = ["DateSpan", "Granularity", "find_dates", "tense_of"]

Granularity = Literal["day", "week", "month", "season", "year"]
_Tense = Literal["past", "future"] | None

_US_PER_DAY: Final = 86_400_000_000
_EPOCH_ORDINAL: Final = date(1970, 1, 1).toordinal()
_TENSE_WINDOW: Final = 80  # characters of the same sentence inspected on each side of a span

_MONTHS: Final = {
    **{name.lower(): i for i, name in enumerate(calendar.month_name) if name},
    **{name.lower(): i for i, name in enumerate(calendar.month_abbr) if name},
    "sept": 9,
}
_FULL_MONTH = "|".join(n.lower() for n in calendar.month_name if n)
_ANY_MONTH = rf"(?:{_FULL_MONTH}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
_WEEKDAYS: Final = {n.lower(): i for i, n in enumerate(calendar.day_name)}
_WEEKDAY = "|".join(_WEEKDAYS)
_SEASONS: Final = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_NUMBERS: Final = {
    "a": 1, "an": 1, "one": 1, "a couple of": 2, "couple of": 2, "a couple": 2, "two": 2,
    "three": 3, "a few": 3, "few": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_NUMBER_WORDS = "|".join(sorted(_NUMBERS, key=len, reverse=True))
_NUM = rf"(?:\d{{1,3}}|{_NUMBER_WORDS})"
_ORDINAL_WORDS: Final = {
    word: i + 1
    for i, word in enumerate(
        ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
         "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
         "seventeenth", "eighteenth", "nineteenth", "twentieth")
    )
}  # fmt: skip
_ORDINAL_WORDS.update({f"twenty-{w}": 20 + n for w, n in list(_ORDINAL_WORDS.items())[:9]})
_ORDINAL_WORDS.update({"thirtieth": 30, "thirty-first": 31})
_ORD_WORD = "|".join(sorted(_ORDINAL_WORDS, key=len, reverse=True))
_DAY = rf"(?:(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?|{_ORD_WORD})"
_YEAR = r"(?:1[89]\d\d|2[01]\d\d)"
_END = r"(?![\w-])"

_F = re.IGNORECASE
_ISO = re.compile(rf"\b({_YEAR})-(\d{{1,2}})-(\d{{1,2}}){_END}")
_SLASH = re.compile(r"(?<![\w/.-])(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?![\w/-])")
_SLASH_SHORT = re.compile(
    r"\b(?P<cue>on|by|until|till|before|after|since)\s+(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![\w/.-])", _F
)
_REL_YEAR = r"(?:,?\s+(?P<y>{y})|\s+(?P<ry>next|this|last)\s+year)?".format(y=_YEAR)
_MONTH_DAY = re.compile(rf"\b(?P<m>{_ANY_MONTH})\s+(?:the\s+)?(?P<d>{_DAY}){_REL_YEAR}{_END}", _F)
_DAY_MONTH = re.compile(
    rf"\b(?:the\s+)?(?P<d>{_DAY})(?:\s+of)?\s+(?P<m>{_ANY_MONTH}){_REL_YEAR}{_END}", _F
)
_MONTH_YEAR = re.compile(rf"\b(?P<m>{_ANY_MONTH}),?\s+(?:of\s+)?(?P<y>{_YEAR})\b", _F)
_MONTH_ONLY = re.compile(
    rf"\b(?P<cue>in|since|during|until|till|by|of|from|early|mid|late|last|next|this|"
    rf"this past|this coming|before|after|around)[\s-]+(?P<m>{_FULL_MONTH}){_END}",
    _F,
)
_YEAR_ONLY = re.compile(
    rf"\b(?:in|since|during|of|from|until|by|back in|around)\s+(?P<y>{_YEAR})\b(?![-/.]\d)", _F
)
_DAY_WORDS = re.compile(
    r"\b(?:the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|yesterday|today|"
    r"tomorrow|tonight|last\s+night|this\s+(?:morning|afternoon|evening))\b",
    _F,
)
_AGO = re.compile(
    rf"\b(?P<n>{_NUM})\s+(?P<u>day|week|month|year)s?\s+(?P<dir>ago|from\s+now)\b", _F
)
_IN_N = re.compile(
    rf"\bin\s+(?:another\s+)?(?P<n>{_NUM})\s+(?P<u>day|week|month|year)s?\b"
    r"(?!\s+(?:later|earlier|before|after|of|or)\b)",
    _F,
)
_REL_PERIOD = re.compile(
    r"\b(?P<mod>last|next|this|this\s+past|this\s+coming|over\s+the|the\s+past|the\s+coming)\s+"
    r"(?P<u>week|weekend|month|year)\b",
    _F,
)
_WEEKDAY_RE = re.compile(
    rf"\b(?:(?P<mod>last|next|this|this\s+past|this\s+coming|coming|past|on)\s+)?"
    rf"(?P<wd>{_WEEKDAY})(?!s\b)\b",
    _F,
)
_SEASON_RE = re.compile(
    r"\b(?:(?P<mod>last|next|this|this\s+past|in\s+the|over\s+the)\s+)?(?P<s>spring|summer|fall"
    rf"|autumn|winter)(?:\s+(?:of\s+)?(?P<y>{_YEAR}))?\b",
    _F,
)
_ORDINAL_ONLY = re.compile(
    rf"\bon\s+(?P<the>the)\s+(?P<d>(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)|{_ORD_WORD})"
    r"(?P<which>\s+of\s+(?:this|next|last)\s+month)?"
    r"(?=\s*(?:$|[,.;:!?)]|(?:at|and|or|when|because|but|so|for|to|in|I)\b))",
    _F,
)
_FUTURE_CUE = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|plan(?:ning)?|hop(?:e|ing)\s+to|want\s+to|scheduled|"
    r"booked|upcoming|coming\s+up|next|leaving|flying\s+out|heading|about\s+to|until|till|"
    r"can't\s+wait|looking\s+forward|due|expect(?:ing)?|starting|soon)\b|'ll\b|"
    r"\b(?:is|are|am|'m|’m|'re|’re)\s+(?:\w+\s+)?\w+ing\b",
    _F,
)
_PAST_CUE = re.compile(
    r"\b(?:was|were|did|had|went|got|came|saw|met|ago|bought|began|took|made|left|quit|said|"
    r"told|ran|broke|found|gave|kept|lost|paid|sent|spent|sold|won|wrote|drove|flew|ate|fell|"
    r"felt|heard|held|knew|sat|stood|taught|thought|woke|wore|became|caught|\w{3,}ed)\b",
    _F,
)
# Where a clause ends for tense purposes: "I quit in December and I'm taking January off".
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|so|because|while|although|though)\b", _F)
_STRONG_MONTH_CUES: Final = frozenset({"in", "since", "during", "early", "mid", "late"})
_RECURRING = re.compile(
    r"(?:\bevery\s+(?:\w+\s+(?:and|or|&)\s+)?|\b(?:Black|Good|Cyber|Super|Ash|Holy|Easter|Palm)\s+)$"
)
_QUOTED_TITLE = re.compile(r"[\"“][A-Z][^\"”\n]{1,80}[\"”]")
_WORD_END = re.compile(r"\s|$")
_SENTENCE_BREAK = re.compile(r"[.!?\n]")


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


def _shift_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def _number(text: str) -> int:
    key = " ".join(text.lower().split())
    return int(key) if key.isdigit() else _NUMBERS[key]


def _day_number(text: str) -> int:
    key = text.lower()
    if key in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[key]
    return int(key.rstrip("stndrh"))


def _lowercase_modal(month: str) -> bool:
    """Lowercase "may" and "march" are usually the verbs ("this may be", "we march")."""
    return month[0].islower() and month.lower() in ("may", "march")


def tense_of(text: str, start: int, end: int) -> _Tense:
    """Guess whether the sentence around ``text[start:end]`` talks about the future or the past.

    Future cues win over past ones ("I'll be back in March" mentions no past verb anyway, and
    "I booked a trip for May" is about May ahead). ``None`` when neither shows.
    """
    left = text[max(0, start - _TENSE_WINDOW) : start]
    right = text[end : end + _TENSE_WINDOW]
    left = _CLAUSE_BREAK.split(_SENTENCE_BREAK.split(left)[-1])[-1]
    right = _CLAUSE_BREAK.split(_SENTENCE_BREAK.split(right)[0])[0]
    window = f"{left} {right}"
    if _FUTURE_CUE.search(window):
        return "future"
    if _PAST_CUE.search(window):
        return "past"
    return None


def _pick(candidates: list[date], ref: date, tense: _Tense, *, strict: bool = False) -> date:
    """Choose among occurrences of a recurring date: by tense, else the nearest one."""
    past = [c for c in candidates if c < ref or (c == ref and not strict)]
    future = [c for c in candidates if c > ref or (c == ref and not strict)]
    if tense == "past" and past:
        return max(past)
    if tense == "future" and future:
        return min(future)
    return min(candidates, key=lambda c: (abs((c - ref).days), c > ref))


def _month_day(month: int, day: int, year: int | None, ref: date, tense: _Tense) -> date | None:
    if year is not None:
        return date(year, month, day)
    options = []
    for y in (ref.year - 1, ref.year, ref.year + 1):
        if day <= calendar.monthrange(y, month)[1]:
            options.append(date(y, month, day))
    return _pick(options, ref, tense) if options else None


def _month_only(month: int, cue: str, ref: date, tense: _Tense) -> date:
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


def _weekday(target: int, mod: str, ref: date, tense: _Tense) -> date:
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
    return _pick(candidates, ref, tense, strict=True)


def _period(unit: str, mod: str, ref: date, tense: _Tense) -> tuple[date, Granularity]:
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
        return _shift_months(date(ref.year, ref.month, 1), step), "month"
    return date(ref.year + step, 1, 1), "year"


def _season(name: str, mod: str, year: int | None, ref: date, tense: _Tense) -> date:
    month = _SEASONS[name.lower()]
    if year is not None:
        return date(year, month, 1)
    mod = " ".join(mod.lower().split())
    current = date(ref.year, month, 1)
    if current > ref:
        current = date(ref.year - 1, month, 1)
    season_end = _shift_months(current, 3)
    if mod in ("last", "this past"):
        return current if season_end <= ref else date(current.year - 1, month, 1)
    if mod == "next":
        return date(current.year + 1, month, 1)
    if tense == "future" and season_end <= ref:
        return date(current.year + 1, month, 1)
    return current


def _resolve(kind: str, m: re.Match[str], text: str, ref: date) -> tuple[date, Granularity] | None:
    """Turn one regex match into a date, or ``None`` when it is not a valid date after all."""
    g = m.groupdict()
    tense = tense_of(text, m.start(), m.end())
    if kind == "iso":
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3))), "day"
    if kind == "slash":
        a, b = int(m.group(1)), int(m.group(3))
        month, day = (b, a) if a > 12 else (a, b)
        year = int(m.group(4))
        year = year + (2000 if year < 70 else 1900) if year < 100 else year
        return date(year, month, day), "day"
    if kind == "slash_short":
        a, b = int(g["a"]), int(g["b"])
        month, day = (b, a) if a > 12 else (a, b)
        found = _month_day(month, day, None, ref, tense)
        return (found, "day") if found else None
    if kind in ("month_day", "day_month"):
        if _lowercase_modal(g["m"]):
            return None
        month = _MONTHS[g["m"].lower().rstrip(".")]
        year = int(g["y"]) if g.get("y") else None
        if g.get("ry"):
            year = ref.year + {"next": 1, "this": 0, "last": -1}[g["ry"].lower()]
        found = _month_day(month, _day_number(g["d"]), year, ref, tense)
        return (found, "day") if found else None
    if kind == "month_year":
        return date(int(g["y"]), _MONTHS[g["m"].lower().rstrip(".")], 1), "month"
    if kind == "month_only":
        if _lowercase_modal(g["m"]) and g["cue"].lower() not in _STRONG_MONTH_CUES:
            return None
        return _month_only(_MONTHS[g["m"].lower()], g["cue"], ref, tense), "month"
    if kind == "year_only":
        return date(int(g["y"]), 1, 1), "year"
    if kind == "day_words":
        word = " ".join(m.group(0).lower().split())
        offsets = {"yesterday": -1, "last night": -1, "tomorrow": 1}
        offsets |= {"the day before yesterday": -2, "the day after tomorrow": 2}
        return ref + timedelta(days=offsets.get(word, 0)), "day"
    if kind in ("ago", "in_n"):
        n = _number(g["n"])
        sign = -1 if kind == "ago" and g["dir"].lower() == "ago" else 1
        unit = g["u"].lower()
        if unit in ("day", "week"):
            return ref + timedelta(days=sign * n * (7 if unit == "week" else 1)), "day"
        return _shift_months(ref, sign * n * (12 if unit == "year" else 1)), "day"
    if kind == "period":
        return _period(g["u"], g["mod"], ref, tense)
    if kind == "weekday":
        if _RECURRING.search(text, max(0, m.start() - 40), m.start()):
            return None  # "every Tuesday and Thursday", "Black Friday"
        return _weekday(_WEEKDAYS[g["wd"].lower()], g["mod"] or "", ref, tense), "day"
    if kind == "season":
        if not g["mod"] and not g["y"]:
            return None
        year = int(g["y"]) if g["y"] else None
        return _season(g["s"], g["mod"] or "", year, ref, tense), "season"
    if kind == "ordinal":
        day = _day_number(g["d"])
        if g["which"]:
            step = {"this": 0, "next": 1, "last": -1}[g["which"].split()[1].lower()]
            first = _shift_months(date(ref.year, ref.month, 1), step)
            return _month_day(first.month, day, first.year, ref, tense), "day"
        options = []
        for step in (-1, 0, 1):
            first = _shift_months(date(ref.year, ref.month, 1), step)
            if day <= calendar.monthrange(first.year, first.month)[1]:
                options.append(date(first.year, first.month, day))
        return _pick(options, ref, tense), "day"
    return None


# One cheap scan finds anchor words; each pattern then runs only in windows around anchors of
# the classes it needs, instead of over the whole text (most chat has no dates at all).
_ANCHOR = re.compile(
    r"(?P<number>\d+)"
    r"|\b(?:(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
    r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
    r"|(?P<weekday>(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
    r"|(?P<dayword>yesterday|today|tomorrow|tonight|night|morning|afternoon|evening)"
    r"|(?P<unit>days?|weeks?|weekend|months?|years?)"
    r"|(?P<season>spring|summer|fall|autumn|winter)"
    rf"|(?P<ordword>{_ORD_WORD}))\b",
    _F,
)
_WINDOW: Final = 48  # characters around an anchor that a date expression can reach
# Order matters: earlier patterns claim their characters first.
_PATTERNS: Final[tuple[tuple[str, re.Pattern[str], frozenset[str]], ...]] = (
    ("iso", _ISO, frozenset({"number"})),
    ("slash", _SLASH, frozenset({"number"})),
    ("slash_short", _SLASH_SHORT, frozenset({"number"})),
    ("month_day", _MONTH_DAY, frozenset({"month"})),
    ("day_month", _DAY_MONTH, frozenset({"month"})),
    ("month_year", _MONTH_YEAR, frozenset({"month"})),
    ("day_words", _DAY_WORDS, frozenset({"dayword"})),
    ("ago", _AGO, frozenset({"unit"})),
    ("in_n", _IN_N, frozenset({"unit"})),
    ("ordinal", _ORDINAL_ONLY, frozenset({"number", "ordword"})),
    ("period", _REL_PERIOD, frozenset({"unit"})),
    ("weekday", _WEEKDAY_RE, frozenset({"weekday"})),
    ("season", _SEASON_RE, frozenset({"season"})),
    ("month_only", _MONTH_ONLY, frozenset({"month"})),
    ("year_only", _YEAR_ONLY, frozenset({"number"})),
)
_PREFIX_WORDS: Final = frozenset(
    ("in", "on", "since", "during", "of", "from", "by", "until", "till", "back in", "around",
     "before", "after", "the", "in the", "over the")
)  # fmt: skip


def _trim(kind: str, m: re.Match[str]) -> tuple[int, int]:
    """Drop a leading preposition that only cued the match ("in 2021" → "2021")."""
    start, end = m.span()
    cue = m.groupdict().get("cue") or m.groupdict().get("mod")
    if kind == "slash_short":
        start = m.start("a")
    elif kind == "ordinal":
        start = m.start("the")
    elif kind in ("month_only", "weekday", "season") and cue and cue.lower() in _PREFIX_WORDS:
        start = m.start("m" if kind == "month_only" else "wd" if kind == "weekday" else "s")
    elif kind == "year_only":
        start = m.start("y")
    return start, end


def _windows(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge ``span ± _WINDOW`` ranges; a window ends at whitespace so no word is cut."""
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        lo = max(0, start - _WINDOW)
        hi = end + _WINDOW
        if hi < len(text):
            stop = _WORD_END.search(text, hi)
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
    anchors = [(m.start(), m.end(), m.lastgroup or "") for m in _ANCHOR.finditer(text)]
    if not anchors:
        return ()
    taken = bytearray(len(text))  # 1 where a date (or a quoted title) already claimed the text
    if '"' in text or "“" in text:
        for m in _QUOTED_TITLE.finditer(text):
            taken[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
    found: list[DateSpan] = []
    for kind, pattern, needs in _PATTERNS:
        for lo, hi in _windows(text, [(a, b) for a, b, c in anchors if c in needs]):
            for m in pattern.finditer(text, lo, hi):
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
