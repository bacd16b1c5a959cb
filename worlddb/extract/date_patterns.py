"""The vocabulary and regular expressions that ``worlddb.extract.dates`` matches.

Patterns run case-sensitively on lowercased text (see ``dates.lower_same_length``): that is
several times faster than ``re.IGNORECASE``, and extraction has to keep up with ingest.
``ANCHOR`` finds the words a date expression must contain; each entry of ``PATTERNS`` names the
anchor classes it needs, so a pattern only runs in windows around those words.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from typing import Any, Final

__all__ = [
    "ANCHOR_CLASSES",
    "ANCHOR_NUMBER",
    "ANCHOR_WORD",
    "CLAUSE_BREAK",
    "FUTURE_CUE",
    "MONTHS",
    "NUMBERS",
    "ORDINAL_WORDS",
    "PAST_CUE",
    "PATTERNS",
    "PREFIX_WORDS",
    "QUOTED_TITLE",
    "RECURRING",
    "SEASONS",
    "STRONG_MONTH_CUES",
    "WEEKDAYS",
    "WINDOW_AFTER",
    "WINDOW_BEFORE",
    "WORD_END",
]

MONTHS: Final = {
    **{name.lower(): i for i, name in enumerate(calendar.month_name) if name},
    **{name.lower(): i for i, name in enumerate(calendar.month_abbr) if name},
    "sept": 9,
}
_FULL_MONTH = "|".join(n.lower() for n in calendar.month_name if n)
_ANY_MONTH = rf"(?:{_FULL_MONTH}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
WEEKDAYS: Final = {n.lower(): i for i, n in enumerate(calendar.day_name)}
_WEEKDAY = "|".join(WEEKDAYS)
SEASONS: Final = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
NUMBERS: Final = {
    "a": 1, "an": 1, "one": 1, "a couple of": 2, "couple of": 2, "a couple": 2, "two": 2,
    "three": 3, "a few": 3, "few": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_NUMBER_WORDS = "|".join(sorted(NUMBERS, key=len, reverse=True))
_NUM = rf"(?:\d{{1,3}}|{_NUMBER_WORDS})"
ORDINAL_WORDS: Final = {
    word: i + 1
    for i, word in enumerate(
        ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
         "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
         "seventeenth", "eighteenth", "nineteenth", "twentieth")
    )
}  # fmt: skip
ORDINAL_WORDS.update({f"twenty-{w}": 20 + n for w, n in list(ORDINAL_WORDS.items())[:9]})
ORDINAL_WORDS.update({"thirtieth": 30, "thirty-first": 31})
_ORD_WORD = "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
_DAY = rf"(?:(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?|{_ORD_WORD})"
_YEAR = r"(?:1[89]\d\d|2[01]\d\d)"
_END = r"(?![\w-])"

_ISO = re.compile(rf"\b(?P<iy>{_YEAR})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}}){_END}")
_SLASH = re.compile(
    r"(?<![\w/.-])(?P<a>\d{1,2})(?P<sep>[/-])(?P<b>\d{1,2})(?P=sep)(?P<sy>\d{4}|\d{2})(?![\w/-])"
)
_SLASH_SHORT = re.compile(
    r"\b(?P<cue>on|by|until|till|before|after|since)\s+(?P<a>\d{1,2})/(?P<b>\d{1,2})(?![\w/.-])"
)
_REL_YEAR = rf"(?:,?\s+(?P<y>{_YEAR})|\s+(?P<ry>next|this|last)\s+year)?"
_MONTH_DAY = re.compile(rf"\b(?P<m>{_ANY_MONTH})\s+(?:the\s+)?(?P<d>{_DAY}){_REL_YEAR}{_END}")
_DAY_MONTH = re.compile(
    rf"\b(?:the\s+)?(?P<d>{_DAY})(?:\s+of)?\s+(?P<m>{_ANY_MONTH}){_REL_YEAR}{_END}"
)
_MONTH_YEAR = re.compile(rf"\b(?P<m>{_ANY_MONTH}),?\s+(?:of\s+)?(?P<y>{_YEAR})\b")
_MONTH_ONLY = re.compile(
    rf"\b(?P<cue>in|since|during|until|till|by|of|from|early|mid|late|last|next|this|"
    rf"this past|this coming|before|after|around)[\s-]+(?P<m>{_FULL_MONTH}){_END}"
)
_YEAR_ONLY = re.compile(
    rf"\b(?:in|since|during|of|from|until|by|back in|around)\s+(?P<y>{_YEAR})\b(?![-/.]\d)"
)
_DAY_WORDS = re.compile(
    r"\b(?:the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|yesterday|today|"
    r"tomorrow|tonight|last\s+night|this\s+(?:morning|afternoon|evening))\b"
)
_AGO = re.compile(
    rf"\b(?P<n>{_NUM})\s+(?P<u>day|week|month|year)s?\s+(?P<dir>ago|from\s+now)(?:\s+today)?\b"
)
_IN_N = re.compile(
    rf"\bin\s+(?:another\s+)?(?P<n>{_NUM})\s+(?P<u>day|week|month|year)s?\b"
    r"(?!\s+(?:later|earlier|before|after|of|or)\b)"
)
_REL_PERIOD = re.compile(
    r"\b(?P<mod>last|next|this|this\s+past|this\s+coming|over\s+the|the\s+past|the\s+coming)\s+"
    r"(?P<u>week|weekend|month|year)\b"
)
_WEEKDAY_RE = re.compile(
    rf"\b(?:(?P<mod>last|next|this|this\s+past|this\s+coming|coming|past|on)\s+)?"
    rf"(?P<wd>{_WEEKDAY})(?!s\b)\b"
)
_SEASON_RE = re.compile(
    r"\b(?:(?P<mod>last|next|this|this\s+past|in\s+the|over\s+the)\s+)?(?P<s>spring|summer|fall"
    rf"|autumn|winter)(?:\s+(?:of\s+)?(?P<y>{_YEAR}))?\b"
)
_ORDINAL_ONLY = re.compile(
    rf"\bon\s+(?P<the>the)\s+(?P<d>(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)|{_ORD_WORD})"
    r"(?P<which>\s+of\s+(?:this|next|last)\s+month)?"
    r"(?=\s*(?:$|[,.;:!?)]|(?:at|and|or|when|because|but|so|for|to|in|i)\b))"
)
FUTURE_CUE = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|plan(?:ning)?|hop(?:e|ing)\s+to|want\s+to|scheduled|"
    r"booked|upcoming|coming\s+up|next|leaving|flying\s+out|heading|about\s+to|until|till|"
    r"can't\s+wait|looking\s+forward|due|expect(?:ing)?|starting|soon)\b|'ll\b|"
    r"\b(?:is|are|am|'m|’m|'re|’re)\s+(?:\w+\s+)?\w+ing\b"
)
PAST_CUE = re.compile(
    r"\b(?:was|were|did|had|went|got|came|saw|met|ago|bought|began|took|made|left|quit|said|"
    r"told|ran|broke|found|gave|kept|lost|paid|sent|spent|sold|won|wrote|drove|flew|ate|fell|"
    r"felt|heard|held|knew|sat|stood|taught|thought|woke|wore|became|caught|\w{3,}ed)\b"
)
# Where a clause ends for tense purposes: "I quit in December and I'm taking January off".
CLAUSE_BREAK = re.compile(r"[,;:.!?\n]|\b(?:and|but|so|because|while|although|though)\b")
STRONG_MONTH_CUES: Final = frozenset({"in", "since", "during", "early", "mid", "late"})
RECURRING = re.compile(
    r"(?:\bevery\s+(?:\w+\s+(?:and|or|&)\s+)?|\b(?:Black|Good|Cyber|Super|Ash|Holy|Easter|Palm)\s+)$"
)
QUOTED_TITLE = re.compile(r"[\"“][A-Z][^\"”\n]{1,80}[\"”]")
WORD_END = re.compile(r"\s|$")


def _trie(words: Iterable[str]) -> str:
    """A regex alternation factored by common prefixes (``re`` does not build a trie itself)."""
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = None  # a word ends here
    return _emit(root)


def _emit(node: dict[str, Any]) -> str:
    branches = [re.escape(char) + _emit(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


ANCHOR_CLASSES: Final = {
    **dict.fromkeys(
        [*(m.lower() for m in calendar.month_name if m),
         *(m.lower() for m in calendar.month_abbr if m), "sept"],
        "month",
    ),
    **dict.fromkeys((d.lower() for d in calendar.day_name), "weekday"),
    **dict.fromkeys(("yesterday", "today", "tomorrow", "tonight", "night", "morning", "afternoon",
                     "evening"), "dayword"),
    **dict.fromkeys(("day", "days", "week", "weeks", "weekend", "month", "months", "year",
                     "years"), "unit"),
    **dict.fromkeys(("spring", "summer", "fall", "autumn", "winter"), "season"),
    **dict.fromkeys(ORDINAL_WORDS, "ordword"),
}  # fmt: skip
# Two cheap scans find the words and numbers a date expression must contain; each pattern then
# runs only in windows around anchors of the classes it needs (most chat has no dates at all).
ANCHOR_WORD = re.compile(rf"\b(?:{_trie(ANCHOR_CLASSES)})\b")
ANCHOR_NUMBER = re.compile(r"\d+(?:[/-]\d+)*(?:st|nd|rd|th)?")
WINDOW_BEFORE: Final = 32  # how far before its anchor word a date expression can start
WINDOW_AFTER: Final = 24  # how far after its anchor word it can end
# Order matters: earlier patterns claim their characters first.
# (kind, pattern, anchor classes it needs, hints): with hints, a window is scanned only if it
# contains one of them ("3 years" is no date, "3 years ago" is).
PATTERNS: Final[tuple[tuple[str, re.Pattern[str], frozenset[str], tuple[str, ...]], ...]] = (
    ("iso", _ISO, frozenset({"datenum"}), ()),
    ("slash", _SLASH, frozenset({"datenum"}), ()),
    ("slash_short", _SLASH_SHORT, frozenset({"datenum"}), ("/",)),
    ("month_day", _MONTH_DAY, frozenset({"month"}), ()),
    ("day_month", _DAY_MONTH, frozenset({"month"}), ()),
    ("month_year", _MONTH_YEAR, frozenset({"month"}), ()),
    ("ago", _AGO, frozenset({"unit"}), ("ago", "from now")),
    ("in_n", _IN_N, frozenset({"unit"}), ("in ",)),
    ("day_words", _DAY_WORDS, frozenset({"dayword"}), ()),
    ("ordinal", _ORDINAL_ONLY, frozenset({"ordnum", "ordword"}), ("on ",)),
    (
        "period",
        _REL_PERIOD,
        frozenset({"unit"}),
        ("last", "next", "this", "over", "past", "coming"),
    ),
    ("weekday", _WEEKDAY_RE, frozenset({"weekday"}), ()),
    ("season", _SEASON_RE, frozenset({"season"}), ()),
    ("month_only", _MONTH_ONLY, frozenset({"month"}), ()),
    ("year_only", _YEAR_ONLY, frozenset({"year"}), ()),
)
PREFIX_WORDS: Final = frozenset(
    ("in", "on", "since", "during", "of", "from", "by", "until", "till", "back in", "around",
     "before", "after", "the", "in the", "over the")
)  # fmt: skip
