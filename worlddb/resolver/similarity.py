"""Name comparison for the fuzzy and phonetic tiers. Pure: no store, no I/O.

Names are first parsed (``forms``: titles, suffixes and legal forms set aside, transliterated to
ASCII), then compared word by word, not as whole strings: whole-string Jaro–Winkler rewards a
shared prefix, so "Northwind Analytics" and "Northwind Logistics" score 0.89 although they are
different companies. Each word of one name is aligned with its most similar word of the other
(order-free, so "Smith, John" is "John Smith"), and the pair of names matches only when

* every word is aligned, except *optional* words on one side only: legal forms ("Inc"),
  connectors ("of"), initials, for people the middle names, for products a leading vendor
  ("Microsoft Teams" / "Teams") or a "js" ending;
* no aligned pair is vetoed: numbers must be equal ("Windows 10" is not "Windows 11"), and two
  different *known* names one letter apart are different people (census given names: "Robert" is
  not "Roberta"; census surnames: "Lang" is not "Lane") unless a nickname, a transliteration, a
  swap of two adjacent letters ("Brian"/"Brain", a slip of the fingers) or, for a given name in
  the phonetic tier, one sound spelled two ways ("Caren"/"Karen") explains them; two Chinese
  syllables one letter apart ("Shih"/"Chih", ``syllables``) and two surnames abroad written
  first ("Sato"/"Saito" in "Sato Ken") are two names too; a short one-word name one letter off
  another ("Stripe"/"Stride") is not proposed either, unless the two are places and no list
  knows the typed word ("Narvk"/"Narvik", a non-word);
* each aligned pair is equal, a nickname ("Bob"/"Robert", the ``nicknames`` table), an initial
  ("J."/"John"), a transliteration ("Soeren"/"Søren", "Aleksandr"/"Alexander",
  "Muhammad"/"Mohammed"), a product variant ("Postgres"/"PostgreSQL", "Win 11"/"Windows 11"), a
  word written short beside a shared word ("Kennett Sq"/"Kennett Square", ``shortened``), or
  a likely typo: an edit distance of at most one (two for long words). The phonetic tier also
  accepts words that sound alike once respelled ("Phillip"/"Filip");
* or, for names other than people's, the names share their first words and what is left of
  one is the initials of what is left of the other ("UBS BB CCTVM" / "UBS BB Corretora de
  Câmbio, Títulos e Valores Mobiliários", ``initials``).

The score is the length-weighted mean of the aligned words' similarities, less a small penalty
per unmatched optional word; the evidence names the strongest reason used, and
``EVIDENCE_SOURCES`` the data behind it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

from worlddb.resolver.brahmic import SPACELESS, brahmic_key
from worlddb.resolver.forms import NameForm, name_form, respell
from worlddb.resolver.lexicon import (
    CONNECTORS,
    ECOSYSTEM_AFFIXES,
    LEGAL_FORMS,
    OPTIONAL_WORDS,
    VENDORS,
)
from worlddb.resolver.namedata import (
    are_nicknames,
    given_names,
)
from worlddb.resolver.shortened import written_short
from worlddb.resolver.word_similarity import (
    ABBREVIATION_SIMILARITY,
    PROPER_WORD,
    SLIP_SIMILARITY,
    TRANSLIT_SIMILARITY,
    listed_word,
    word_role,
    word_similarity,
)
from worlddb.resolver.written_out import form_written_first, form_written_out, initials_within

__all__ = [
    "EVIDENCE_SOURCES",
    "PROPER_WORD",
    "SLIP_SIMILARITY",
    "TRANSLIT_SIMILARITY",
    "NameForm",
    "NameMatch",
    "compare_names",
    "hard_conflict",
    "name_form",
    "respell",
]

SPACING_SIMILARITY: Final = 0.99
MIN_WORD_SIMILARITY: Final = 0.8
OPTIONAL_PENALTY: Final = 0.02
MIN_RUN_KEY: Final = 4  # consonants of a name run together (``_run_together``)
INITIAL_WEIGHT: Final = 2.0  # an initial weighs the same whatever name it abbreviates


@dataclass(frozen=True, slots=True)
class NameMatch:
    """Two names judged to be one: a score in [0, 1] and the reason (``typo``, ``nickname``...)."""

    score: float
    evidence: str


def _is_optional(
    word: str, position: int, size: int, *, personal: bool, generic: frozenset[str] = frozenset()
) -> bool:
    if word in LEGAL_FORMS or word in CONNECTORS or len(word) == 1:
        return True
    last = position == size - 1
    if word in generic and size > 1 and (last or (position == 0 and word in ECOSYSTEM_AFFIXES)):
        return True
    if personal:
        return 0 < position < size - 1
    return (position == 0 and word in VENDORS) or word in OPTIONAL_WORDS


EVIDENCE_SOURCES: Final = {
    "equal": "same words once titles, suffixes and legal forms (nameparser, cleanco) are set aside",
    "spacing": "same letters spaced otherwise",
    "initial": "an initial of the stored word",
    "nickname": "nicknames table and lexicon families, or a pet form made by cutting the name "
    "short or by an East Slavic diminutive ending",
    "vendor": "vendor short name (lexicon)",
    "transliteration": "romanisation variant (anyascii, transliteration rules)",
    "variant": "tech name ending (-SQL, -DB, -JS)",
    "abbreviation": "abbreviated word, same version number",
    "shortened": "a word written short, letters dropped in order (Brg, Twp), beside a shared word",
    "typo": "one or two edits, not two known names (US Census name lists), a slip of the "
    "fingers (QWERTY neighbour, dropped or doubled letter) when both are rarer census names",
    "phonetic": "same respelled sound",
    "initials": "shared words, and the initials of the other name's remaining words (particles "
    "skipped) written as one word: GENIAL INVESTIMENTOS CVM / Genial Investimentos Corretora "
    "de Valores Mobiliários",
}
"""Where each kind of evidence comes from, recorded on the proposals it makes."""

_EVIDENCE_RANK: Final = {
    "phonetic": 0,
    "initials": 1,
    "abbreviation": 1,
    "shortened": 1,
    "typo": 2,
    "variant": 3,
    "transliteration": 4,
    "nickname": 5,
    "vendor": 5,
    "initial": 6,
    "equal": 7,
}


def compare_names(
    query: NameForm,
    stored: NameForm,
    *,
    phonetic: bool = False,
    personal: bool = False,
    strict: bool = True,
    generic: frozenset[str] = frozenset(),
    cross: bool = False,
    latin: bool = True,
    place: bool = False,
    script: str = "",
    organisation: bool = False,
) -> NameMatch | None:
    """Whether two names denote one entity, with a score; ``None`` when they do not.

    Args:
        query: The proposed name's form.
        stored: A stored name's (or alias's) form.
        phonetic: Also align words that only share a phonetic code (the phonetic tier).
        personal: The names are people's, so unmatched middle names are allowed.
        strict: Apply the proper-name rules (two known names one letter apart, a short one-word
            name one letter off: different entities). ``False`` when context vouches for the
            pair (``worlddb.resolver.context``): the caller must then have that support.
        generic: Class words of the query's type (``GENERIC_HEADS``) that may end either name
            unmatched ("Adachi City" / "Adachi"), at a penalty like other optional words.
        cross: One of the two names was written in another script (see ``word_similarity``).
        latin: Both names were written in Latin letters, so a word may be written short
            (``shortened``: "Brg" / "Bridge" beside a shared word).
        place: Both names are places'. A short one-word name one slip off a stored place's
            name is that place mistyped when no list knows the typed word ("Narvk" / Narvik):
            a spelling checker's non-word error. A town's own name is another town
            (``places.two_places``), and a word coined for a company or product says nothing,
            so this holds for places only.
        script: With ``cross``, the other script where it has rules of its own: a Brahmic one
            (``brahmic``), whose key compares words too, and whose names written without spaces
            (Khmer, Myanmar) are compared run together against the other's words ("ព្រែកស្លែង"
            / Preaek Slaeng); or ``romanised.HAN``, whose Pinyin is never compared by its
            consonants alone.
        organisation: Both names are organisations', so a legal form written first may stand
            for its written-out form or be left out (``written_out.form_written_first``).
    """
    if not query.words or not stored.words or query.numbers != stored.numbers:
        return None
    if not personal:
        query, stored = form_written_out(query, stored)
        stored, query = form_written_out(stored, query)
    if query.suffix and stored.suffix and not _same_suffix(query, stored, personal):
        return None  # "Jr." is not "Sr.", a GmbH is not an Inc.
    if query.joined == stored.joined:
        same = query.words == stored.words
        return NameMatch(1.0 if same else SPACING_SIMILARITY, "equal" if same else "spacing")
    if cross and script and not phonetic and _run_together(query, stored, script):
        return NameMatch(TRANSLIT_SIMILARITY, "transliteration")
    if phonetic and not _may_sound_alike(query, stored):
        return None
    if not (personal or phonetic):  # the phonetic tier never re-judges what this one judged
        if organisation and form_written_first(query.words, stored.words):
            return NameMatch(1.0 - OPTIONAL_PENALTY, "equal")
        mixed = initials_within(query.words, stored.words, organisation=organisation)
        if mixed is not None:
            return NameMatch(mixed, "initials")
    size_q, size_s = len(query.words), len(stored.words)
    slavic = personal and (query.cyrillic or stored.cyrillic)  # "Катя" / "Екатерина"
    dotted = bool(query.cut or stored.cut)  # a word written short with a full stop
    scored: list[tuple[float, int, int, str]] = []
    partnered = [False] * size_s
    for i, a in enumerate(query.words):
        found = False
        for j, b in enumerate(stored.words):
            role = word_role(i, j, size_q, size_s, personal)
            sim, why = word_similarity(
                a, b, phonetic, role, strict, cross, place, script, slavic=slavic
            )
            weak = sim < MIN_WORD_SIMILARITY or why == "abbreviation"  # needs a number
            if weak and latin and dotted and _cut_short(a, b, query, stored):
                sim, why = ABBREVIATION_SIMILARITY, "shortened"  # "Tapin Sel." / "... Selatan"
            if sim >= MIN_WORD_SIMILARITY:
                scored.append((sim, i, j, why))
                found = partnered[j] = True
        if not found and not _is_optional(a, i, size_q, personal=personal, generic=generic):
            return None  # most candidates fail here, before any sorting
    if not all(
        partnered[j] or _is_optional(b, j, size_s, personal=personal, generic=generic)
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
        if not all(
            _is_optional(side[k], k, len(side), personal=personal, generic=generic) for k in left
        ):
            return None
    if phonetic and "phonetic" not in reasons:
        return None  # the fuzzy tier already judged this pair
    if "abbreviation" in reasons and not query.numbers:
        return None  # "Win 11" is "Windows 11", but "Excel" is not "Excelsior"
    if "shortened" in reasons:
        anchored = bool(reasons - {"shortened", "initial"})  # "Kennett Sq" / "Kennett Square"
        if not (latin and (anchored or query.numbers)):
            return None
    if strict and reasons <= {"typo", "phonetic"} and len(pairs) == 1 and not personal:
        i, j = pairs[0]
        short = max(len(query.words[i]), len(stored.words[j])) <= PROPER_WORD
        if short and not (place and not listed_word(query.words[i])):
            return None  # a short one-word name one letter off: Stripe / Stride, Meta / Metta
    score = total / weight - OPTIONAL_PENALTY * (len(left_q) + len(left_s))
    evidence = min(reasons, key=lambda r: _EVIDENCE_RANK[r])
    return NameMatch(round(max(score, 0.0), 4), evidence)


def _cut_short(a: str, b: str, query: NameForm, stored: NameForm) -> bool:
    """Whether one word is the other written short with a full stop (``NameForm.cut``): "Tim."
    / "Timur", "Sta." / "Santa". The writer's mark says it is short for something; the other
    words of the names must say for what (``shortened`` needs an anchor)."""
    return any(w == a and _short_for(s, b) for w, s in query.cut) or any(
        w == b and _short_for(s, a) for w, s in stored.cut
    )


def _short_for(written: str, word: str) -> bool:
    """Whether a word written with a full stop is ``word`` cut short ("Tim." / "Timur") or
    contracted ("Sta." / "Santa", letters left out in order, ``shortened.written_short``)."""
    if len(written) >= len(word):
        return False
    return word.startswith(written) or written_short(written, word)


def _same_suffix(query: NameForm, stored: NameForm, personal: bool) -> bool:
    """Whether two names' suffixes agree: a person's all of them, an organisation's legal form
    by one key (a form written out carries the key of each abbreviation it may stand for,
    ``legal_suffixes._abbreviated_terms``)."""
    if personal:
        return query.suffix == stored.suffix
    return bool(query.suffix & stored.suffix)


def _run_together(query: NameForm, stored: NameForm, script: str) -> bool:
    """Whether a name of one word and a name of several are one name run together: the name
    in a script written without spaces (``brahmic.SPACELESS``) against its Latin words."""
    if script not in SPACELESS or len(query.words) == len(stored.words):
        return False
    if min(len(query.words), len(stored.words)) != 1:
        return False
    key = brahmic_key(query.joined, script)
    return len(key) >= MIN_RUN_KEY and key == brahmic_key(stored.joined, script)


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
    known = given_names()
    mine = [w for w in query.words if w in known]
    theirs = [w for w in stored.words if w in known]
    if not mine or not theirs:
        return False
    return not any(a == b or are_nicknames(a, b) for a in mine for b in theirs)
