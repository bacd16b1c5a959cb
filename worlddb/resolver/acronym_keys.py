"""Acronym keys of names: a name's initials, and whether an acronym is its words cut short. Pure.

"International Business Machines" answers to IBM, "Bank of America" to BofA (connectors kept
whole), "JavaScript" to JS (camel-case parts), "Kubernetes" to K8s (a numeronym); a name written
as or with an acronym ("IBM", "UC Berkeley") has a key of its own (``query_acronym``). The
resolver's ``AcronymIndex`` (``aliases``) keeps these keys of the stored entities in memory.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import Final

from worlddb.resolver.forms import fold_words
from worlddb.resolver.lexicon import LEGAL_FORMS
from worlddb.resolver.namedata import legal_terms

__all__ = [
    "COMPOUND_WORD",
    "MIN_SYLLABIC",
    "PARTICLES",
    "compound_initials",
    "initials",
    "lead_keys",
    "query_acronym",
    "spelled_out_acronyms",
    "stored_acronyms",
    "syllabic",
    "syllabic_acronym",
    "syllabic_keys",
    "syllabic_lead_keys",
]

_TRAILING: Final = LEGAL_FORMS | {"group", "holding", "holdings", "com", "net", "org", "io"}
_JOINERS: Final = frozenset({"of", "and", "the", "for", "de", "&"})
PARTICLES: Final = _JOINERS | frozenset(
    {"do", "da", "dos", "das", "di", "del", "della", "des", "du", "la", "le", "van", "von", "der",
     "den", "y", "e", "et", "und", "och", "i", "fur", "zu", "zur", "zum", "am", "im", "an",
     "auf", "bei", "ve", "ile", "dan", "untuk", "dari", "es", "na", "ya", "wa", "ng", "sa"}
)  # fmt: skip
"""Articles, prepositions and conjunctions that acronyms skip ("Universidade Federal do Acre" →
UFAC), from the grammars of the EU's Latin-script languages and of Turkish ("ve", "ile"),
Indonesian and Malay ("dan", "untuk", "dari"), Hungarian ("és"), Swahili ("na", "ya", "wa"),
Tagalog ("ng", "sa") and, folded to Latin letters, the Slavic "на" and "и"; not from any test
set."""
_SPELLED_OUT: Final = 5
"""A trailing form this long and all letters is written out ("Company", "Group", "Limited",
"Aktiebolag"), and acronyms often keep its initial ("EKC", "PRG"); "Inc", "Ltd" and "Co" are
already short and never are."""
MIN_SYLLABIC: Final = 3  # letters of an acronym read as its words' first syllables
MAX_SYLLABIC: Final = 10  # ... and at most: "UNILORIN", "CAJASTUR", "INTERVALORA"
MAX_KEY_WORDS: Final = 5  # initials keys looked up for one: names of more words are rare
_CAMEL: Final = re.compile(r"[A-Z][a-z]+|[A-Z]+(?![a-z])|[a-z]+|[0-9]+")
_NUMERONYM: Final = re.compile(r"^([a-z])([0-9]{1,2})([a-z])$")
_QUOTES: Final = frozenset('«»‹›“”„‟"「」『』')


@lru_cache(maxsize=65536)
def query_acronym(surface: str) -> str | None:
    """The acronym key of a name written as (or with) an acronym, else ``None``.

    A token is an acronym when it holds two or more capitals and few lower-case letters ("IBM",
    "P&G", "BofA", "PwC") or is a numeronym ("K8s"); other tokens add their initial ("UC
    Berkeley" → "ucb"); a legal form or dotted abbreviation after the first token ("S.A.R.L.",
    "GmbH") adds nothing. Letters outside ASCII fold one by one as a stored name's word's first
    letter does ("ÖSYM" → "osym", "ХХК" → "kkk" as "Хязгаарлагдмал" → k). A name with a part in
    quotation marks ("АТ «Мінько»", the company Мінько with its legal form) is not one: the
    quoted name is a name, and its initial would meet every name of the same letter.
    """
    if any(ch in _QUOTES for ch in surface):
        return None
    tokens = surface.replace("&", "").split()
    key, seen = "", False
    terms = legal_terms()
    for position, token in enumerate(tokens):
        letters = "".join(ch for ch in token if ch.isalnum())
        if not letters:
            continue
        lower = letters.lower()
        if position and ("." in token or lower in LEGAL_FORMS or (lower,) in terms):
            continue  # "Fischer S.A.D", "Marek S.C.P": a legal form, not the name's initials
        capitals = sum(ch.isupper() for ch in letters)
        if _NUMERONYM.match(letters.lower()) and len(tokens) == 1:
            return letters.lower()
        if capitals >= 2 and len(letters) - capitals <= 2 and len(letters) <= 6:
            key, seen = key + "".join(_first_letter(ch) for ch in letters), True
        else:
            key += _first_letter(letters)
    return key if seen and 2 <= len(key) <= 8 else None


@lru_cache(maxsize=4096)
def _first_letter(text: str) -> str:
    """The first letter of ``text`` folded as ``fold_words`` folds a word ("Ö" → "o", "Х" → "k"
    of "kh"); empty when nothing of it folds to a letter or digit."""
    words = fold_words(text)
    return words[0][0] if words else ""


@lru_cache(maxsize=131072)
def stored_acronyms(name: str, particles: bool = False) -> frozenset[str]:
    """The acronym keys a stored name answers to (see the module docstring).

    Cheap on purpose (the index computes it for every stored organisation and tool once): the
    folded words less trailing legal forms, no full parse.
    """
    words, _ = _without_forms(name)
    keys: set[str] = set()
    if len(words) >= 2:
        keys.add("".join(w[0] for w in words if w not in _JOINERS))
        keys.add("".join(w if w in _JOINERS else w[0] for w in words))
        if particles:  # round-5 matching: "Universidade Federal do Acre" is UFA(C) too
            keys.add(initials(words))
    elif len(words) == 1:
        parts = [p.lower() for p in _CAMEL.findall(name) if not p.isdigit()]
        if len(parts) >= 2 and name.strip().isalnum():  # "JavaScript", not "Amazon.com, Inc."
            keys.add("".join(p[0] for p in parts))
        if len(words[0]) >= 5:
            word = words[0]
            keys.add(f"{word[0]}{len(word) - 2}{word[-1]}")
    return frozenset(k for k in keys if len(k) >= 2)


@lru_cache(maxsize=65536)
def spelled_out_acronyms(name: str) -> frozenset[str]:
    """Acronym keys that keep the initials of the legal form or "Group" a name ends with when
    that is written out ("Eastman Kodak Company" → EKC, "The Phoenix Research Group" → PRG):
    acronyms often do. A second rank of keys: more names share them, so the resolver reads them
    only when no name answers to the key as ``stored_acronyms`` gives it."""
    words, spelled = _without_forms(name)
    if len(words) < 2 or not spelled:
        return frozenset()
    return frozenset({initials(words) + "".join(w[0] for w in spelled)})


def _without_forms(name: str) -> tuple[list[str], list[str]]:
    """The folded words of ``name`` less trailing legal forms and a leading "the", and the
    trailing forms that end it written out in full (``_SPELLED_OUT``), in order."""
    words, spelled = _split_forms(name)
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return words, spelled


def _split_forms(name: str) -> tuple[list[str], list[str]]:
    """The folded words of ``name`` (numbers left out) less its trailing legal forms, and the
    forms written out in full that end it."""
    words = [w for w in fold_words(name) if not w.isdigit()]
    terms = legal_terms()
    spelled: list[str] = []
    while len(words) > 1 and (words[-1] in _TRAILING or (words[-1],) in terms):
        word = words.pop()
        spelled = [word, *spelled] if len(word) >= _SPELLED_OUT and word.isalpha() else []
    return words, spelled


def initials(words: Sequence[str]) -> str:
    """The first letters of folded ``words``, particles (``PARTICLES``) skipped."""
    return "".join(w[0] for w in words if w not in PARTICLES)


COMPOUND_WORD: Final = 8  # a word this long may be a compound whose parts give letters too


@lru_cache(maxsize=65536)
def compound_initials(key: str, words: tuple[str, ...]) -> bool:
    """Whether ``key`` is the initials of folded ``words`` (particles skipped), a long word
    giving one letter more from within it, in order, as a compound gives one for each of its
    parts ("MFB": Microfinance Bank, "GLP": Grünliberale Partei). Every word gives its first
    letter; a word shorter than ``COMPOUND_WORD`` gives only that."""
    kept = [w for w in words if w not in PARTICLES]
    if not kept or len(key) < len(kept) or len(key) > 2 * len(kept):
        return False

    @cache
    def fits(qi: int, wi: int) -> bool:
        if wi == len(kept):
            return qi == len(key)
        word = kept[wi]
        if qi >= len(key) or key[qi] != word[0]:
            return False
        if fits(qi + 1, wi + 1):
            return True
        if len(word) < COMPOUND_WORD or qi + 1 >= len(key):
            return False
        inner = word.find(key[qi + 1], 2)  # a part of two letters at least before it
        return 0 < inner < len(word) - 2 and fits(qi + 2, wi + 1)

    return fits(0, 0)


@lru_cache(maxsize=65536)
def syllabic(key: str, name: str) -> bool:
    """Whether acronym ``key`` is ``name``'s words cut short and run together: every word but
    the particles gives its first letter or more, in order ("UNIMEP": Universidade Metodista de
    Piracicaba, "UFPel": Universidade Federal de Pelotas, "Benelux", "Interpol"). At least one
    word gives two letters or more: plain initials are ``stored_acronyms``' work."""
    words, _ = _split_forms(name)
    if len(words) < 2 or len(key) < MIN_SYLLABIC:
        return False

    @cache
    def fits(qi: int, wi: int) -> bool:
        if wi == len(words):
            return qi == len(key)
        word = words[wi]
        if word in PARTICLES and fits(qi, wi + 1):
            return True
        return any(
            key[qi : qi + k] == word[:k] and fits(qi + k, wi + 1)
            for k in range(1, min(len(word), len(key) - qi) + 1)
        )

    content = [w for w in words if w not in PARTICLES]
    return len(content) < len(key) and fits(0, 0)


def syllabic_keys(key: str) -> list[str]:
    """The initials keys a syllabic acronym may come from: the letters of ``key`` that begin
    its words, the first always ("unimep" → "ump", "uip", ...), fewer than all of them and
    ``MAX_KEY_WORDS`` at most."""
    return [key[0] + rest for rest in _picks(key[1:])]


def syllabic_lead_keys(key: str) -> list[str]:
    """The ``lead_keys`` a syllabic acronym may come from: its first two letters as its first
    word's, then letters that begin the other words ("uniben" → "unb", ...). Finer than
    ``syllabic_keys``, whose two-letter keys a large store holds too often to read."""
    return [key[:2] + rest for rest in _picks(key[2:])]


def _picks(letters: str) -> list[str]:
    """The subsequences of ``letters``, fewer than all of them, of 1 to ``MAX_KEY_WORDS`` - 1."""
    most = min(len(letters) - 1, MAX_KEY_WORDS - 1)
    return [
        "".join(picked)
        for size in range(1, most + 1)
        for picked in dict.fromkeys(combinations(letters, size))
    ]


@lru_cache(maxsize=131072)
def lead_keys(name: str) -> frozenset[str]:
    """The key a name of several words has as the source of a syllabic acronym: its first
    word's first two letters and the other words' initials, particles and trailing legal forms
    left out ("University of Benin" → "unb", for UNIBEN); see ``syllabic_lead_keys``."""
    words, _ = _without_forms(name)
    content = [w for w in words if w not in PARTICLES]
    if len(content) < 2 or len(content) > MAX_KEY_WORDS or len(content[0]) < 2:
        return frozenset()
    return frozenset({content[0][:2] + "".join(w[0] for w in content[1:])})


@lru_cache(maxsize=65536)
def syllabic_acronym(surface: str) -> str | None:
    """The key of a name written as one syllabic acronym: one word of ``MIN_SYLLABIC`` to
    ``MAX_SYLLABIC`` letters, capitals but for two letters at most ("UNILORIN", "UNLaM",
    "CAJASTUR"), folded; else ``None``. Longer than ``query_acronym``'s, which are initials."""
    letters = surface.strip()
    if not letters.isalpha() or not MIN_SYLLABIC <= len(letters) <= MAX_SYLLABIC:
        return None
    capitals = sum(ch.isupper() for ch in letters)
    if capitals < 2 or len(letters) - capitals > 2:
        return None
    folded = fold_words(letters)
    return folded[0] if len(folded) == 1 and folded[0].isalpha() else None
