"""Name comparison for the fuzzy and phonetic tiers. Pure: no store, no I/O.

Two names are compared word by word, not as whole strings: whole-string Jaro–Winkler rewards a
shared prefix, so "Northwind Analytics" and "Northwind Logistics" score 0.89 although they are
different companies. Instead each word of one name is aligned with its most similar word of the
other (order-free, so "Smith, John" is "John Smith"), and the pair of names matches only when

* every word is aligned, except *optional* words on one side only: legal forms ("Inc"),
  connectors ("of"), initials, and for people the middle names;
* no aligned pair is vetoed: numbers must be equal ("Windows 10" is not "Windows 11") and two
  different known given names are different people ("Mark" is not "Mary");
* each aligned pair is equal, a nickname or variant ("Bob"/"Robert"), an initial ("J."/"John"),
  or a likely typo: Jaro–Winkler similarity with an edit distance of at most one (two for long
  words). The phonetic tier also accepts words with the same phonetic code ("Phillip"/"Filip").

The score is the length-weighted mean of the aligned words' similarities, less a small penalty
per unmatched optional word; the evidence names the strongest reason used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from rapidfuzz.distance import OSA, JaroWinkler

from worlddb.phonetic import word_code, words
from worlddb.resolver.lexicon import (
    ABBREVIATIONS,
    CONNECTORS,
    GIVEN_NAMES,
    LEGAL_FORMS,
    are_nicknames,
)

__all__ = ["NameForm", "NameMatch", "compare_names", "hard_conflict", "name_form"]

NICKNAME_SIMILARITY: Final = 0.95
INITIAL_SIMILARITY: Final = 0.9
PHONETIC_SIMILARITY: Final = 0.86
SPACING_SIMILARITY: Final = 0.99
MIN_WORD_SIMILARITY: Final = 0.8
OPTIONAL_PENALTY: Final = 0.02
SHORT_WORD: Final = 3  # up to this length a word must match exactly (no typo allowance)
LONG_WORD: Final = 9  # from this length two edits are still a typo


@dataclass(frozen=True, slots=True)
class NameForm:
    """A name prepared for comparison: expanded words, their concatenation, numbers, codes."""

    words: tuple[str, ...]
    joined: str
    numbers: frozenset[str]


@dataclass(frozen=True, slots=True)
class NameMatch:
    """Two names judged to be one: the score in [0, 1] and the reason (``typo``, ``nickname``...)."""

    score: float
    evidence: str


@lru_cache(maxsize=131072)
def name_form(name: str) -> NameForm:
    """The comparison form of ``name``: folded words with abbreviations expanded."""
    expanded = tuple(ABBREVIATIONS.get(w, w) for w in words(name))
    numbers = frozenset(w for w in expanded if any(ch.isdigit() for ch in w))
    return NameForm(expanded, "".join(expanded), numbers)


def _word_similarity(a: str, b: str, *, phonetic: bool) -> tuple[float, str]:
    """How alike two words are, with the reason; ``0.0`` when they must not be aligned."""
    if a == b:
        return 1.0, "equal"
    if are_nicknames(a, b):
        return NICKNAME_SIMILARITY, "nickname"
    if len(a) == 1 or len(b) == 1:
        if len(a) != len(b) and a[0] == b[0] and not (a + b).isdigit():
            return INITIAL_SIMILARITY, "initial"
        return 0.0, ""
    if a in GIVEN_NAMES and b in GIVEN_NAMES:
        return 0.0, ""  # two different given names: two different people
    if any(ch.isdigit() for ch in a + b):
        return 0.0, ""
    longest = max(len(a), len(b))
    allowed = 0 if longest <= SHORT_WORD else 1 if longest < LONG_WORD else 2
    if OSA.distance(a, b, score_cutoff=allowed + 1) <= allowed:
        return JaroWinkler.normalized_similarity(a, b), "typo"
    if phonetic and word_code(a) == word_code(b):
        return max(PHONETIC_SIMILARITY, JaroWinkler.normalized_similarity(a, b)), "phonetic"
    return 0.0, ""


def _is_optional(word: str, position: int, size: int, *, personal: bool) -> bool:
    if word in LEGAL_FORMS or word in CONNECTORS or len(word) == 1:
        return True
    return personal and 0 < position < size - 1


_EVIDENCE_RANK: Final = {"phonetic": 0, "nickname": 1, "typo": 2, "initial": 3, "equal": 4}


def compare_names(query: NameForm, stored: NameForm, *, phonetic: bool = False,
                  personal: bool = False) -> NameMatch | None:
    """Whether two names denote one entity, with a score; ``None`` when they do not.

    Args:
        query: The proposed name's form.
        stored: A stored name's (or alias's) form.
        phonetic: Also align words that only share a phonetic code (the phonetic tier).
        personal: The names are people's, so unmatched middle names are allowed.
    """
    if not query.words or not stored.words or query.numbers != stored.numbers:
        return None
    if query.joined == stored.joined:
        same = query.words == stored.words
        return NameMatch(1.0 if same else SPACING_SIMILARITY, "equal" if same else "spacing")
    scored: list[tuple[float, int, int, str]] = []
    for i, a in enumerate(query.words):
        for j, b in enumerate(stored.words):
            sim, why = _word_similarity(a, b, phonetic=phonetic)
            if sim >= MIN_WORD_SIMILARITY:
                scored.append((sim, i, j, why))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    used_q: set[int] = set()
    used_s: set[int] = set()
    total = weight = 0.0
    reasons: set[str] = set()
    for sim, i, j, why in scored:
        if i in used_q or j in used_s:
            continue
        used_q.add(i)
        used_s.add(j)
        w = float(max(len(query.words[i]), len(stored.words[j])))
        total += sim * w
        weight += w
        reasons.add(why)
    if not used_q:
        return None
    left_q = [i for i in range(len(query.words)) if i not in used_q]
    left_s = [j for j in range(len(stored.words)) if j not in used_s]
    if left_q and left_s:
        return None  # each side has a word the other lacks: they disagree
    for side, left in ((query.words, left_q), (stored.words, left_s)):
        if not all(_is_optional(side[k], k, len(side), personal=personal) for k in left):
            return None
    if phonetic and "phonetic" not in reasons:
        return None  # the fuzzy tier already judged this pair
    score = total / weight - OPTIONAL_PENALTY * (len(left_q) + len(left_s))
    evidence = min(reasons, key=lambda r: _EVIDENCE_RANK[r])
    return NameMatch(round(max(score, 0.0), 4), evidence)


def hard_conflict(query: NameForm, stored: NameForm) -> bool:
    """Whether two names cannot be one entity whatever an embedding says.

    Different numbers, or given names on both sides of which none is the same name or a
    nickname of the other.
    """
    if query.numbers != stored.numbers:
        return True
    mine = [w for w in query.words if w in GIVEN_NAMES]
    theirs = [w for w in stored.words if w in GIVEN_NAMES]
    if not mine or not theirs:
        return False
    return not any(a == b or are_nicknames(a, b) for a in mine for b in theirs)
