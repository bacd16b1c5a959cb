"""Read first-person facts ("I moved to Denver", "my sister's name is Ana") out of one message.

Each clause that starts a new first-person statement is matched against a short, ordered list
of patterns; the first that fits gives a normalised ``(attribute, value)`` reading with subject
``"user"``. Relations ("my sister Ana") are read in addition to that one reading. A clause that
does not fit any pattern yields nothing: precision matters more than recall here, because a
wrong fact can later supersede a right one.

Values are trimmed at clause boundaries and date expressions; values of *name* attributes
(places, employers, people) must be capitalised, or be a known place or alias when lowercase.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from worlddb.extract import lexicon as lx
from worlddb.extract.attributes import ADDITIVE, is_single_valued
from worlddb.extract.fact_patterns import (
    ABBREVIATION_END,
    ANCHORED,
    ANY_FIRST_PERSON,
    BOUNDARY,
    BY_WORD,
    CANON_REL,
    CHANGE_CUE,
    CLAUSE_BREAK,
    CONJUNCTIONS,
    EDGE_WORDS,
    EXTRA_CUTS,
    FIRST_PERSON_WORDS,
    NEGATION,
    PAST,
    PATTERNS,
    PRONOUNS,
    RELATION,
    SENTENCES,
    SUBJECT,
    WORDS,
    Kind,
)

__all__ = ["RawFact", "find_facts", "is_single_valued", "split_clauses"]

_Known = Callable[[str], str | None]
_MAX_VALUE_WORDS: Final = 8
_PLACE_TAIL = re.compile(r"([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*), ([A-Z][a-z]+(?: [A-Z][a-z]+)?)\b")
_PLACE_ATTRIBUTES: Final = frozenset(
    {"lives_in", "hometown", "birthplace", "visited", "plans_trip_to"}
)
_MIN_CLAUSE_WORDS: Final = 2  # a shorter run before "and I" is a joint subject, not a clause


@dataclass(frozen=True, slots=True)
class RawFact:
    """One first-person reading of a clause, with the clause's span in the message.

    ``predicate`` is the lowercased text from the subject to the value ("i moved to "), so that
    a date in the clause can be told to date the change itself or only an event; ``additive``
    says the clause adds a value beside the older ones ("too", "also", "as well").
    """

    attribute: str
    value: str
    text: str
    start: int
    end: int
    change_cue: str | None = None
    negated: bool = False
    past: bool = False
    predicate: str = ""
    additive: bool = False


_JOINER = re.compile(rf",| (?:{'|'.join(CONJUNCTIONS)}) ")
_FIRST_PERSON_HINT = re.compile(r" i|we |my ")


def _may_break(lower: str, start: int, end: int) -> bool:
    """Cheap test before the clause-break scan: a comma or conjunction, then "i", "we" or "my"."""
    return bool(_JOINER.search(lower, start, end) and _FIRST_PERSON_HINT.search(lower, start, end))


def split_clauses(text: str) -> list[tuple[int, int]]:
    """Split text into sentences, then at commas or conjunctions that open a first-person clause.

    Offsets index ``text``; a period after "Dr" or "St" does not end a sentence.
    """
    lower = text.lower() if len(text.lower()) == len(text) else text
    cuts: list[tuple[int, int]] = []
    for m in SENTENCES.finditer(text):
        if m.group(0) == "." and (
            text[m.end() : m.end() + 1].isdigit()  # "3.5 kg"
            or ABBREVIATION_END.search(text, max(0, m.start() - 5), m.start())
        ):
            continue
        cuts.append(m.span())
    cuts.append((len(text), len(text)))
    spans: list[tuple[int, int]] = []
    start = 0
    for sentence_end, next_start in cuts:
        clause_start = start
        breaks = (
            CLAUSE_BREAK.finditer(lower, start, sentence_end)
            if _may_break(lower, start, sentence_end)
            else ()
        )
        for m in breaks:
            if lower.count(" ", clause_start, m.start()) > _MIN_CLAUSE_WORDS:
                spans.append((clause_start, m.start()))
                clause_start = m.end()
        spans.append((clause_start, sentence_end))
        start = next_start
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _name_value(value: str, known: Callable[[str], str | None]) -> str | None:
    """The leading capitalised name of ``value`` ("Denver with my wife" → "Denver")."""
    words = value.split()
    if not words:
        return None
    if words[0] in ("the", "The") and len(words) > 1 and words[1][:1].isupper():
        words = words[1:]
    if not words[0][:1].isupper():
        for n in range(min(3, len(words)), 0, -1):
            phrase = " ".join(words[:n]).rstrip(".,!?").lower()
            display = known(phrase)
            if display is not None:
                return display
            if phrase in lx.KNOWN_PLACES or phrase in lx.KNOWN_PHRASES:
                return phrase.title()
        return None
    kept: list[str] = []
    for word in words:
        if word[:1].isupper() or word[:1].isdigit() or (kept and word in ("of", "de", "&")):
            kept.append(word)
        else:
            break
    while kept and kept[-1] in ("of", "de", "&"):
        kept.pop()
    name = " ".join(kept).rstrip(".,!?'’")
    name = name[:-2] if name.endswith(("'s", "’s")) else name
    return name if name and name.lower() not in lx.COMMON_CAPITALIZED else None


def _phrase_value(value: str) -> str | None:
    words = value.split()
    while words and words[-1].lower().strip(".,!?") in EDGE_WORDS:
        words.pop()
    while words and words[0].lower() in ("a", "an", "the", "my", "some", "our", "myself"):
        words.pop(0)
    if not words or words[0].lower() in PRONOUNS or len(words) > _MAX_VALUE_WORDS:
        return None
    return " ".join(words).strip(".,!?'\"")


def _place_head(value: str) -> tuple[str, str]:
    """Split "Toronto, Canada and ..." into ("Toronto, Canada", " and ..."), else ("", value).

    A comma ends a value, except before a known country or state: "Toronto, Canada" is one
    place, so a later "Toronto" or "Canada" reads as the same place, not another one.
    """
    m = _PLACE_TAIL.match(value)
    if m is None:
        return "", value
    tail = m.group(2).lower()
    if tail in lx.KNOWN_PLACES or lx.KNOWN_PHRASES.get(tail) == "Place":
        return value[: m.end()], value[m.end() :]
    return "", value


def _trim(value: str, kind: Kind, attribute: str, known: Callable[[str], str | None]) -> str | None:
    head, value = _place_head(value) if attribute in _PLACE_ATTRIBUTES else ("", value)
    lowered = value.lower()
    cut = BOUNDARY.search(lowered if len(lowered) == len(value) else value)
    if cut is not None:
        value = value[: cut.start()]
    value = head + value
    if attribute in EXTRA_CUTS:
        value = EXTRA_CUTS[attribute].split(value, maxsplit=1)[0]
    value = value.strip()
    if kind == "number":
        return value if value.isdigit() else None
    if kind == "name":
        return _name_value(value, known)
    return _phrase_value(value)


def _attribute(template: str, m: re.Match[str]) -> str:
    if "{" not in template:
        return template
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    word = " ".join(groups.get("animal", groups.get("what", "")).lower().split())
    word = CANON_REL.get(word, word).replace(" ", "_")
    return template.replace("{animal}", word).replace("{what}", word)


def _first_match(
    pattern: re.Pattern[str], lower: str, starts: list[int] | None
) -> re.Match[str] | None:
    """Search ``lower``; a pattern that opens with the subject is only tried where one starts."""
    if starts is None:
        return pattern.search(lower)
    for start in starts:
        m = pattern.match(lower, start)
        if m is not None:
            return m
    return None


def _cue(clause: str, lower: str) -> str | None:
    for found in CHANGE_CUE.finditer(lower):
        if found.group(1):
            return " ".join(found.group(1).split())
        if clause[found.start()] == "n":  # lowercase "new", not "New York"
            return "new"
    return None


def _read_clause(
    clause: str, lower: str, words: set[str], span: tuple[int, int], cuts: list[int], known: _Known
) -> list[RawFact]:
    """The first pattern reading of one clause (plus "my <relation> <Name>" readings)."""
    start, end = span
    text = clause.strip()
    facts: list[RawFact] = []
    additive = bool(ADDITIVE.search(lower))
    candidates = sorted({i for word in words for i in BY_WORD.get(word, ())})
    subjects = [m.start() for m in SUBJECT.finditer(lower)] if candidates else []
    for i in candidates:
        template, kind, negated, _hints, pattern = PATTERNS[i]
        m = _first_match(pattern, lower, subjects if i in ANCHORED else None)
        if m is None:
            continue
        attribute = _attribute(template, m)
        limit = next((c for c in cuts if c > m.start("v")), len(clause))
        value = _trim(clause[m.start("v") : limit], kind, attribute, known)
        if value is None:
            continue
        groups = m.groupdict()
        mid = groups.get("mid") or ""
        past = bool(PAST.search(mid)) or (
            groups.get("verb") in ("lived", "worked") and not re.search(r"'ve|’ve|have", mid)
        )
        neg = negated or bool(NEGATION.search(mid))
        cue = _cue(clause, lower)
        predicate = lower[m.start() : m.start("v")]
        if groups.get("old"):
            old = _trim(clause[m.start("old") : m.end("old")], kind, attribute, known)
            if old is not None:
                facts.append(
                    RawFact(attribute, old, text, start, end, cue, neg, True, predicate, additive)
                )
        facts.append(
            RawFact(attribute, value, text, start, end, cue, neg, past, predicate, additive)
        )
        if groups.get("org"):
            org = _trim(clause[m.start("org") : m.end("org")], "name", "works_at", known)
            if org is not None:
                facts.append(
                    RawFact("works_at", org, text, start, end, cue, neg, False, predicate, additive)
                )
        break
    for m in RELATION.finditer(lower) if "my" in words else ():
        rel = m.group("rel")
        value = _name_value(clause[m.start("v") : m.end("v")], known)
        if value is not None:
            attribute = f"{CANON_REL.get(rel, rel).replace('-', '')}_name"
            facts.append(
                RawFact(attribute, value, text, start, end, _cue(clause, lower), additive=additive)
            )
    return facts


def find_facts(
    text: str, *, cut_points: Iterable[int] = (), known: _Known = lambda _: None
) -> list[RawFact]:
    """Read first-person facts from one message (assumed to come from the user).

    ``cut_points`` are offsets (date expression starts) where a value must end; ``known`` says
    the display name of a lowercase phrase already in the store, or ``None``.
    """
    if not ANY_FIRST_PERSON.search(text.lower()):
        return []
    cuts = sorted(cut_points)
    facts: list[RawFact] = []
    for start, end in split_clauses(text):
        clause = text[start:end]
        lower = clause.lower()
        if len(lower) != len(clause):
            lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in clause)
        words = set(WORDS.findall(lower))
        if words.isdisjoint(FIRST_PERSON_WORDS):
            continue
        inside = [c - start for c in cuts if start < c <= end]
        facts.extend(_read_clause(clause, lower, words, (start, end), inside, known))
    return facts
