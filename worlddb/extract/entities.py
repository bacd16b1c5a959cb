"""Find entity mentions in one message and type them by cue words, without a model.

Sources, in the order they claim characters: names already known to the store (matched in any
case), quoted names, capitalised spans, lowercase place names after a place cue, "named X", and
amounts ("$1,200", "3 kg", "20%"). A capitalised word that opens a sentence is kept only when it
is known or recurs capitalised mid-sentence, since "Honestly," and "Denver" look alike there.
Types come from the store, then suffixes ("Acme Corp", "Lake Tahoe"), then short gazetteers,
then the words just before or after the mention ("work at X", "my sister X", "bought an X").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from worlddb.extract import lexicon as lx
from worlddb.extract.entity_types import type_of

__all__ = ["AliasIndex", "Mention", "find_mentions"]

_MAX_ALIAS_TOKENS: Final = 6
_ENTITY_TYPES: Final = frozenset({"Person", "Organization", "Place", "Product", "Tool", "Entity"})

_UPPER = "A-ZÀ-ÖØ-Þ"
# A capitalised token ("Denver", "O'Hare", "Dr.") or a brand with a lowercase head ("iPhone").
_CAP = (
    rf"(?:[{_UPPER}][\w'’&-]*(?:(?<=\b(?:Dr|Mr|Ms|St|Mt|Ft|Jr|Sr))\.|(?<=\bMrs)\.|(?<=\bProf)\.)?"
    r"|[a-z]{1,2}[A-Z][\w'’&-]*)"
)
_CONNECT = r"(?:of|of[ \t]+the|de|da|del|della|di|du|la|le|van|von|der|den|&)"
_NOT_UNIT = (
    r"(?!\s*(?:%|[:/.,]\d|(?:years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|"
    r"times?|am|pm|kids|people|or|to|and|of|more|percent|miles?|km|kg|lbs?|dollars|bucks)\b))"
)
# Matched only at candidate starts found by _SPAN_START (a cheap scan), never by a full search.
# Tokens join over spaces and tabs only: a line break ends a name (a title-case list such as
# "Harmonic Hub\nSynergy Studio\n..." is many names, never one).
_SPAN = re.compile(
    rf"{_CAP}(?:(?:[ \t]+{_CONNECT})?[ \t]+{_CAP}|[ \t]+\d{{1,4}}[A-Za-z]{{0,3}}\b{_NOT_UNIT})*"
)
_MAX_SPAN_TOKENS: Final = 8
"""Longer capitalised runs are headlines or shouting, not names."""
_MAX_TOKEN_CHARS: Final = 40
"""A longer "word" is a code, a hash or base64, not a name."""
_SPAN_START = re.compile(rf"[{_UPPER}]")
_BRAND_START = re.compile(r"\b[a-z]{1,2}[A-Z]")
_LOWER_UPPER = re.compile(r"[a-z][A-Z]")  # a cheap pre-check before the word-boundary scan
_SELF: Final = frozenset({"I", "I'm", "I’m", "I've", "I’ve", "I'll", "I’ll", "I'd", "I’d"})
_TOKEN = re.compile(r"[\w][\w'’&.-]*")
_QUOTED = re.compile(
    r"[\"“]([^\"”\n]{2,60})[\"”]|\b(?:called|named|titled)\s+['‘]([^'’\n]{2,60})['’]"
)
_NAMED = re.compile(r"\b(?:named|called)\s+([a-z][\w'-]{1,30})\b")
_PLACE_LEAD = re.compile(
    r"\b(?:in|to|from|near|visit(?:ed|ing)?|around)\s+([a-z][a-z'.]+(?:\s+[a-z][a-z'.]+){0,2})"
)
_NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_AMOUNT = re.compile(
    rf"[$€£¥]\s?{_NUMBER}(?:\s?(?:k|K|m|M|bn|million|billion|thousand)\b)?"
    rf"|{_NUMBER}\s?(?:%|°\s?[CF]\b|percent\b|(?:dollars|bucks|euros|usd|eur|gbp|kg|kgs|kilos?|"
    r"kilograms?|lbs?|pounds|grams?|mg|km|kms|kilometers?|kilometres?|miles?|meters?|metres?|"
    r"cm|mm|ft|feet|inches|mph|ml|liters?|litres?|gallons?|oz|ounces?)\b)",
)
_AMOUNT_START = re.compile(r"[$€£¥]|\d+")
_PUNCTUATION: Final = str.maketrans({c: " " for c in ".,;:!?()[]{}\"“”'’/"})
_NAMING_CUE = re.compile(r"\b(?:called|named|titled)\s*$")
_SENTENCE_BREAKS: Final = frozenset('.!?\n\r;"“(*•-')
_RIGHT_AGENT = re.compile(
    r"\s+(?:said|says|told|tells|announced|asked|wrote|texted|called|emailed|recommended|"
    r"suggested|thinks|believes|confirmed|reported|is\s+sending|sent)\b",
    re.IGNORECASE,
)
_HOUSE_NUMBER = re.compile(r"\b\d{1,5}\s+$")
_TITLES: Final = frozenset({"dr", "mr", "mrs", "ms", "mx", "prof", "sir", "dame", "rev", "capt"})
"""Honorifics set aside from a person's stored name (kept as an alias)."""
_DEFINED = re.compile(r"[ \t]*\(([A-Z][A-Za-z&.]{1,9})\)")
_NOT_INITIALS: Final = frozenset({"of", "and", "the", "for", "de", "&"})


def _defines_acronym(name: str, acronym: str) -> bool:
    """Whether ``acronym`` spells the initials of ``name``'s words ("Bank of America" / "BofA")."""
    capitals = "".join(ch for ch in acronym if ch.isupper())
    words = [w for w in re.split(r"[\s-]+", name) if w and w.lower() not in _NOT_INITIALS]
    return len(capitals) >= 2 and capitals == "".join(w[0].upper() for w in words)


def _acronym_definitions(text: str, found: list[Mention]) -> list[Mention]:
    """Mentions followed by the acronym they define, "International Business Machines (IBM)",
    with the acronym as an alias; the acronym's span becomes part of the mention."""
    out: list[Mention] = []
    for mention in found:
        m = _DEFINED.match(text, mention.end)
        if m is not None and _defines_acronym(mention.name, m.group(1)):
            mention = Mention(
                mention.name,
                mention.type,
                mention.start,
                m.end(),
                (*mention.aliases, m.group(1)),
            )
        out.append(mention)
    return out


@dataclass(frozen=True, slots=True)
class Mention:
    """An entity mention: its display name, type, character span and other names it was given.

    ``aliases`` holds what the text itself says the entity is also called: the titled form of a
    person ("Dr. Priya Raman" is stored as "Priya Raman", alias "Dr. Priya Raman") and an acronym
    the text defines ("International Business Machines (IBM)").
    """

    name: str
    type: str
    start: int
    end: int
    aliases: tuple[str, ...] = ()


def _norm(token: str) -> str:
    token = token.lower().rstrip(".,!?'’-")
    return token[:-2] if token.endswith(("'s", "’s")) else token


class AliasIndex:
    """Names already in the store, looked up by lowercase token n-grams (case-insensitive)."""

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        """Index ``(alias, entity type)`` pairs; unknown types become ``Entity``."""
        self._names: dict[tuple[str, ...], tuple[str, str]] = {}
        for alias, kind in pairs:
            tokens = tuple(_norm(t) for t in _TOKEN.findall(alias))
            if tokens and len(tokens) <= _MAX_ALIAS_TOKENS and any(tokens):
                self._names.setdefault(tokens, (alias, kind if kind in _ENTITY_TYPES else "Entity"))
        self._firsts = frozenset(key[0] for key in self._names)
        self._longest = max((len(key) for key in self._names), default=0)

    def __len__(self) -> int:
        return len(self._names)

    def find(self, text: str) -> list[Mention]:
        """Return the longest non-overlapping alias matches in ``text``."""
        if not self._names:
            return []
        tokens = [(m.start(), m.end(), _norm(m.group(0))) for m in _TOKEN.finditer(text)]
        found: list[Mention] = []
        i = 0
        while i < len(tokens):
            if tokens[i][2] in self._firsts:
                for n in range(min(self._longest, len(tokens) - i), 0, -1):
                    hit = self._names.get(tuple(t[2] for t in tokens[i : i + n]))
                    if hit is not None:
                        found.append(Mention(hit[0], hit[1], tokens[i][0], tokens[i + n - 1][1]))
                        i += n - 1
                        break
            i += 1
        return found


def _is_sentence_start(text: str, start: int) -> bool:
    """Whether only whitespace separates ``start`` from the text start or a sentence break."""
    i = start - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] in _SENTENCE_BREAKS


def _clean_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Drop common words at either end of a capitalised span and a trailing possessive."""
    if end - start == 1 or (" " not in text[start:end] and "\n" not in text[start:end]):
        word = text[start:end]
        if _norm(word) in lx.COMMON_CAPITALIZED or word.isdigit():
            return None
        if word.endswith(("'s", "’s")):
            end -= 2
        elif word.endswith(("'", "’", "-", "&")):
            end -= 1
        return (start, end) if end > start else None
    words = text[start:end].split()
    offsets = []
    pos = start
    for word in words:
        pos = text.index(word, pos)
        offsets.append((pos, pos + len(word)))
        pos += len(word)
    first, last = 0, len(words)
    while first < last and (_norm(words[first]) in lx.COMMON_CAPITALIZED or words[first].isdigit()):
        first += 1
    while last > first and _norm(words[last - 1]) in lx.COMMON_CAPITALIZED:
        last -= 1
    while last > first and _norm(words[last - 1]) in ("of", "the", "&", "de", "la"):
        last -= 1
    if first == last:
        return None
    s, e = offsets[first][0], offsets[last - 1][1]
    if words[last - 1].endswith(("'s", "’s")):
        e -= 2
    elif words[last - 1].endswith(("'", "’", "-", "&")):
        e -= 1
    return (s, e) if e > s else None


def _keep_single(word: str, text: str, start: int, recurring: set[str]) -> bool:
    """Decide whether a lone capitalised word is a name.

    ``recurring`` holds the capitalised words seen mid-sentence in the same text: a word that
    opens a sentence is a name if it also shows up capitalised where no sentence starts.
    """
    lower = word.lower()
    if len(word) < 2 or lower in lx.STOP_ACRONYMS or lower in lx.COMMON_CAPITALIZED:
        return False
    if not _is_sentence_start(text, start) or word in recurring:
        return True
    if _RIGHT_AGENT.match(text, start + len(word)):
        return True
    if lower in lx.KNOWN_PLACES or lower in lx.KNOWN_ORGS or lower in lx.KNOWN_TOOLS:
        return True
    return lower in lx.FIRST_NAMES or lower in lx.KNOWN_PRODUCTS or not word[1:].islower()


class _Claims:
    """Character ranges already claimed by a mention or a date (a byte mask: O(span) checks)."""

    def __init__(self, size: int, exclude: Iterable[tuple[int, int]]) -> None:
        self.mask = bytearray(size)
        self.found: list[Mention] = []
        for start, end in exclude:
            self.mask[start:end] = b"\x01" * max(0, min(end, size) - start)

    def free(self, start: int, end: int) -> bool:
        return self.mask.find(1, start, end) == -1

    def claim(self, name: str, kind: str, start: int, end: int) -> None:
        self.mask[start:end] = b"\x01" * (end - start)
        aliases: tuple[str, ...] = ()
        tokens = name.split()
        if kind == "Person" and len(tokens) > 1 and tokens[0].rstrip(".").lower() in _TITLES:
            name, aliases = " ".join(tokens[1:]), (name,)  # a title never blocks a match
        self.found.append(Mention(name, kind, start, end, aliases))


def _span_matches(text: str) -> Iterator[re.Match[str]]:
    """Capitalised spans, matched only where a capital (or a brand like "iPhone") starts a word."""
    starts = [m.start() for m in _SPAN_START.finditer(text)]
    if _LOWER_UPPER.search(text) and _BRAND_START.search(text):
        starts = sorted({*starts, *(m.start() for m in _BRAND_START.finditer(text))})
    covered = 0
    for start in starts:
        if start < covered or (start and (text[start - 1].isalnum() or text[start - 1] in "_'’")):
            continue
        m = _SPAN.match(text, start)
        if m is not None:
            covered = m.end()
            yield m


def _capitalised(text: str, claims: _Claims) -> None:
    spans = []
    recurring: set[str] = set()
    for m in _span_matches(text):
        if m.group(0) in _SELF or m.group(0).lower() in lx.NOT_NAMES or not _name_sized(m.group(0)):
            continue
        span = _clean_span(text, m.start(), m.end())
        if span is None:
            continue
        spans.append(span)
        if not _is_sentence_start(text, span[0]):
            recurring.add(text[span[0] : span[1]].split()[0])
    for s, e in spans:
        name = text[s:e]
        if not claims.free(s, e) or name.lower() in lx.NOT_NAMES:
            continue
        if " " not in name and not _keep_single(name, text, s, recurring):
            continue
        if " " in name and name.rsplit(None, 1)[-1].lower() in lx.PLACE_SUFFIXES:
            number = _HOUSE_NUMBER.search(text, max(0, s - 8), s)
            if number:
                s, name = number.start(), text[number.start() : e]
        claims.claim(name, type_of(name, text, s, e), s, e)


def _name_sized(span: str) -> bool:
    tokens = span.split()
    return len(tokens) <= _MAX_SPAN_TOKENS and all(len(t) <= _MAX_TOKEN_CHARS for t in tokens)


def _quoted(text: str, claims: _Claims) -> None:
    for m in _QUOTED.finditer(text):
        group = 1 if m.group(1) is not None else 2
        inner = m.group(group).strip()
        s, e = m.start(group), m.start(group) + len(inner)
        cued = group == 2 or _NAMING_CUE.search(text, max(0, m.start() - 12), m.start())
        if (inner[:1].isupper() or cued) and len(inner.split()) <= 6 and claims.free(s, e):
            kind = "Product" if type_of(inner, text, m.start(), e) == "Product" else "Entity"
            claims.claim(inner, kind, s, e)


def _lowercase_places(text: str, claims: _Claims) -> None:
    for m in _PLACE_LEAD.finditer(text):
        words = m.group(1).split()
        for n in range(len(words), 0, -1):
            phrase = " ".join(words[:n]).rstrip(".")
            s = m.start(1)
            e = s + len(phrase)
            place = phrase in lx.KNOWN_PLACES or lx.KNOWN_PHRASES.get(phrase) == "Place"
            if place and claims.free(s, e):
                claims.claim(phrase.title(), "Place", s, e)
                break


def _amount_starts(text: str) -> Iterator[int]:
    """Where an amount can start: a currency sign, or a number not glued to a word or number."""
    for m in _AMOUNT_START.finditer(text):
        before = text[m.start() - 1 : m.start()]
        if not before or not (before.isalnum() or before in "$€£¥.,"):
            yield m.start()


def find_mentions(
    text: str, *, aliases: AliasIndex | None = None, exclude: Iterable[tuple[int, int]] = ()
) -> list[Mention]:
    """Find the entity mentions in one message, in text order.

    ``exclude`` lists character spans (dates) that must not become entities.
    """
    claims = _Claims(len(text), exclude)
    for known in aliases.find(text) if aliases is not None else ():
        if claims.free(known.start, known.end):
            claims.claim(known.name, known.type, known.start, known.end)
    lower = text.lower()
    if '"' in text or "“" in text or "called" in lower or "named" in lower or "titled" in lower:
        _quoted(text, claims)
    _capitalised(text, claims)
    hits = lx.PLACE_WORDS.intersection(text.translate(_PUNCTUATION).split())
    if hits:  # a known place word written in lowercase ("moved to denver")
        _lowercase_places(text, claims)
    if "named" in lower or "called" in lower:
        for m in _NAMED.finditer(text):
            word, s, e = m.group(1), m.start(1), m.end(1)
            if word not in lx.COMMON_CAPITALIZED and claims.free(s, e):
                claims.claim(word, type_of(word.title(), text, s, e), s, e)
    for start in _amount_starts(text):
        amount = _AMOUNT.match(text, start)
        if amount is not None and claims.free(start, amount.end()):
            claims.claim(amount.group(0), "Entity", start, amount.end())
    claims.found.sort(key=lambda mention: mention.start)
    if "(" in text:
        defined = _acronym_definitions(text, claims.found)
        taken = [(m.start, m.end) for m in defined]
        return [
            m
            for m in defined
            if not any(s <= m.start and m.end <= e and (s, e) != (m.start, m.end) for s, e in taken)
        ]
    return claims.found
