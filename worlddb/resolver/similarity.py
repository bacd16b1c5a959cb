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
  words). The phonetic tier also accepts words that sound alike once respelled ("Phillip"/"Filip").

The score is the length-weighted mean of the aligned words' similarities, less a small penalty
per unmatched optional word; the evidence names the strongest reason used.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from rapidfuzz.distance import OSA, JaroWinkler

from worlddb.phonetic import words
from worlddb.resolver.lexicon import (
    ABBREVIATIONS,
    CONNECTORS,
    GIVEN_NAMES,
    LEGAL_FORMS,
    are_nicknames,
)

__all__ = ["NameForm", "NameMatch", "compare_names", "hard_conflict", "name_form", "respell"]

NICKNAME_SIMILARITY: Final = 0.95
INITIAL_SIMILARITY: Final = 0.9
PHONETIC_SIMILARITY: Final = 0.86
SPACING_SIMILARITY: Final = 0.99
MIN_WORD_SIMILARITY: Final = 0.8
OPTIONAL_PENALTY: Final = 0.02
INITIAL_WEIGHT: Final = 2.0  # an initial weighs the same whatever name it abbreviates
SHORT_WORD: Final = 3  # up to this length a word must match exactly (no typo allowance)
LONG_WORD: Final = 12  # from this length two edits are still a typo


@dataclass(frozen=True, slots=True)
class NameForm:
    """A name prepared for comparison: expanded words, their concatenation, numbers, codes."""

    words: tuple[str, ...]
    joined: str
    numbers: frozenset[str]
    sounds: frozenset[str]


@dataclass(frozen=True, slots=True)
class NameMatch:
    """Two names judged to be one: a score in [0, 1] and the reason (``typo``, ``nickname``...)."""

    score: float
    evidence: str


@lru_cache(maxsize=131072)
def name_form(name: str) -> NameForm:
    """The comparison form of ``name``: folded words with abbreviations expanded."""
    expanded = tuple(ABBREVIATIONS.get(w, w) for w in words(name))
    numbers = frozenset(w for w in expanded if not w.isalpha())
    return NameForm(expanded, "".join(expanded), numbers, frozenset(map(respell, expanded)))


@lru_cache(maxsize=262144)
def _word_similarity(a: str, b: str, phonetic: bool) -> tuple[float, str]:
    """How alike two words are, with the reason; ``0.0`` when they must not be aligned."""
    if a == b:
        return 1.0, "equal"
    if are_nicknames(a, b):
        return NICKNAME_SIMILARITY, "nickname"
    if len(a) == 1 or len(b) == 1:
        if len(a) != len(b) and a[0] == b[0]:
            return INITIAL_SIMILARITY, "initial"
        return 0.0, ""
    if a in GIVEN_NAMES and b in GIVEN_NAMES:
        return 0.0, ""  # two different given names: two different people
    if not (a + b).isalpha():
        return 0.0, ""  # words are letters and digits only: a number matches only itself
    longest = max(len(a), len(b))
    allowed = 0 if longest <= SHORT_WORD else 1 if longest < LONG_WORD else 2
    if OSA.distance(a, b, score_cutoff=allowed + 1) <= allowed:
        return JaroWinkler.normalized_similarity(a, b), "typo"
    if phonetic and respell(a) == respell(b):
        return max(PHONETIC_SIMILARITY, JaroWinkler.normalized_similarity(a, b)), "phonetic"
    return 0.0, ""


_RESPELLINGS: Final = (
    ("ph", "f"),
    ("ck", "k"),
    ("qu", "kw"),
    ("x", "ks"),
    ("th", "t"),
    ("z", "s"),
    ("ie", "i"),
    ("y", "i"),
)
_SOFT_C: Final = re.compile(r"c(?=[eiy])")
_DOUBLED: Final = re.compile(r"(.)\1+")


@lru_cache(maxsize=65536)
def respell(word: str) -> str:
    """``word`` spelled as it sounds, roughly: "Phillip" → "filip", "Knoks" → "noks".

    Consonant spellings are unified (ph/f, ck/k, soft and hard c, x/ks, z/s, ie/y/i, silent
    leading k and w) and doubled letters collapse; other vowels stay, so "Lane" is not "Luna"
    (which Metaphone and Soundex would both equate). Two words sound alike when their
    respellings are equal.
    """
    for lead, sound in (("kn", "n"), ("wr", "r")):
        if word.startswith(lead):
            word = sound + word[len(lead) :]
    for spelled, sound in _RESPELLINGS:
        word = word.replace(spelled, sound)
    word = _SOFT_C.sub("s", word).replace("c", "k")
    return _DOUBLED.sub(r"\1", word)


def _is_optional(word: str, position: int, size: int, *, personal: bool) -> bool:
    if word in LEGAL_FORMS or word in CONNECTORS or len(word) == 1:
        return True
    return personal and 0 < position < size - 1


_EVIDENCE_RANK: Final = {"phonetic": 0, "nickname": 1, "typo": 2, "initial": 3, "equal": 4}


def compare_names(
    query: NameForm, stored: NameForm, *, phonetic: bool = False, personal: bool = False
) -> NameMatch | None:
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
    if phonetic and not _may_sound_alike(query, stored):
        return None
    size_q, size_s = len(query.words), len(stored.words)
    scored: list[tuple[float, int, int, str]] = []
    partnered = [False] * size_s
    for i, a in enumerate(query.words):
        found = False
        for j, b in enumerate(stored.words):
            sim, why = _word_similarity(a, b, phonetic)
            if sim >= MIN_WORD_SIMILARITY:
                scored.append((sim, i, j, why))
                found = partnered[j] = True
        if not found and not _is_optional(a, i, size_q, personal=personal):
            return None  # most candidates fail here, before any sorting
    if not all(
        partnered[j] or _is_optional(b, j, size_s, personal=personal)
        for j, b in enumerate(stored.words)
    ):
        return None
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    used_q: set[int] = set()
    used_s: set[int] = set()
    total = weight = 0.0
    reasons: set[str] = set()
    pairs: list[tuple[int, int]] = []
    for sim, i, j, why in scored:
        if i in used_q or j in used_s:
            continue
        used_q.add(i)
        used_s.add(j)
        pairs.append((i, j))
        w = (
            INITIAL_WEIGHT
            if why == "initial"
            else float(max(len(query.words[i]), len(stored.words[j])))
        )
        total += sim * w
        weight += w
        reasons.add(why)
    if not used_q:
        return None
    left_q = [i for i in range(len(query.words)) if i not in used_q]
    left_s = [j for j in range(len(stored.words)) if j not in used_s]
    if left_q and left_s:
        return None  # each side has a word the other lacks: they disagree
    if not _in_order([j for _, j in sorted(pairs)]):
        return None  # "Grace Reyes" is not "Rosa Gross", though each word sounds like one
    for side, left in ((query.words, left_q), (stored.words, left_s)):
        if not all(_is_optional(side[k], k, len(side), personal=personal) for k in left):
            return None
    if phonetic and "phonetic" not in reasons:
        return None  # the fuzzy tier already judged this pair
    score = total / weight - OPTIONAL_PENALTY * (len(left_q) + len(left_s))
    evidence = min(reasons, key=lambda r: _EVIDENCE_RANK[r])
    return NameMatch(round(max(score, 0.0), 4), evidence)


def _may_sound_alike(query: NameForm, stored: NameForm) -> bool:
    """Cheap test: do two *different* words of the names share a respelling?"""
    common = query.sounds & stored.sounds
    if not common:
        return False
    shared = set(query.words) & set(stored.words)
    return bool(common - {respell(w) for w in shared})


def _in_order(positions: list[int]) -> bool:
    """Whether aligned words keep their order, up to one rotation ("Smith, John")."""
    descents = sum(1 for a, b in itertools.pairwise(positions) if b < a)
    return descents == 0 or (descents == 1 and positions[-1] < positions[0])


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
