"""Name structure before string distance: the words of a name that carry its identity. Pure.

A string distance between "Dr. Priya Raman" and "Priya Raman", or between "Harper Logistics GmbH"
and "Harper Logistics", measures the title and the legal form, not the identity. So before any
comparison a name is parsed into the words that identify it:

* every word is transliterated to ASCII (``anyascii``: "Søren" → "soren", "Łukasz" → "lukasz",
  "北京" → "beijing"; Greek digraphs as ELOT 743 writes them, ``greek``: "Σταυρίδης" →
  "stavridis") and case-folded; apostrophes go ("O'Brien" → "obrien");
* a person's leading titles ("Dr.", "Prof.", "Capt.") and trailing generational or degree
  suffixes ("Jr.", "III", "PhD") are set aside (``nameparser``'s vocabulary); suffixes are kept
  apart so "John Smith Jr." is still not "John Smith Sr.";
* an organisation's trailing legal form ("GmbH", "S. de R.L.", "Inc."; ``cleanco``'s terms of every
  country), a leading "The" and a web domain ("Salesforce.com") are set aside; the common forms
  ("Inc.", "Ltd") stay, optional words of the name, so a typo in one still aligns
  (``legal_suffixes``);
* a trailing version glued to a word is split off ("Win10" → "win 10", "Python3" → "python 3"), and
  so is a "js" ending ("ReactJS" → "react js");
* an organisation's legal-form or abbreviation word mistyped by one slip (``slips``: "Korp.",
  "Lzbs", "Ync.") is read as that word (not its first word, which names the organisation).
* a word written with a full stop after it ("Tapin Sel.") is recorded as written short
  (``NameForm.cut``), and "Sta." and "Sto." so written are Santa and Santo.

A name is never reduced to nothing: what would leave no word (or, for a person, a single word)
is kept as written.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from anyascii import anyascii

from worlddb.resolver.chinese import chinese_keys
from worlddb.resolver.cjk_forms import cjk_legal_form
from worlddb.resolver.greek import elot_digraphs
from worlddb.resolver.legal_suffixes import mistyped_form, strip_organisation
from worlddb.resolver.lexicon import ABBREVIATIONS, DOTTED_ABBREVIATIONS
from worlddb.resolver.namedata import (
    all_given,
    given_names,
    suffixes,
    titles,
)

__all__ = [
    "FAMILY_PARTICLES",
    "TITLE_GUESS_PENALTY",
    "NameForm",
    "Reading",
    "cross_script_key",
    "dotted_words",
    "fold_words",
    "name_form",
    "readings",
    "respell",
    "stored_readings",
    "translit_key",
    "umlaut_spelling",
    "unlisted_titles",
    "untitled",
]

_SPLIT: Final = re.compile(r"[\W_]+")
_TRAILING_DIGITS: Final = re.compile(r"^([a-z]{2,})([0-9]+)$")


@dataclass(frozen=True, slots=True)
class NameForm:
    """A name prepared for comparison: identifying words, their concatenation, numbers, codes.

    ``suffix`` holds what was set aside from ``words`` that still tells two entities apart: a
    person's generational or degree suffixes, an organisation's legal form.
    """

    words: tuple[str, ...]
    joined: str
    numbers: frozenset[str]
    sounds: frozenset[str]
    suffix: frozenset[str] = frozenset()
    cut: frozenset[tuple[str, str]] = frozenset()
    """Words written short with a full stop ("Tapin Sel.", "Amarasi Tim."), each as (word
    of ``words``, as written): a prefix of the other name's word by the writer's own mark
    (``dotted_words``), even where a word was read as a legal form mistyped ("Sel." as SRL)."""
    initialled: bool = False
    """The name ends in initials written with full stops ("Miura K.K."): an abbreviation by the
    writer's own mark, so two letters may stand for a form written out (``written_out``)."""
    cyrillic: bool = False
    """A person's name written in Cyrillic letters: its given name may be an East Slavic pet
    form of another's (``slavic``), which in Latin letters would meet too many names."""


@lru_cache(maxsize=65536)
def _folded_text(name: str) -> str:
    """``name`` transliterated (``anyascii``, Greek by ELOT 743), case-folded, no apostrophes;
    a letter of the Arabic script with a hamza or madda read as its bare letter, as a Latin
    letter's accent is dropped (``anyascii`` writes "آرش" "arsh" but "ارش" "rsh")."""
    return anyascii(elot_digraphs(name.translate(_ARABIC_BARE))).casefold().replace("'", "")


_ARABIC_BARE: Final = str.maketrans(
    {
        ch: parts[0]
        for ch in map(chr, range(0x0600, 0x0700))
        if len(parts := unicodedata.normalize("NFD", ch)) == 2 and parts[1] in "\u0653\u0654\u0655"
    }
    | {"\u0671": "\u0627"}
)
"""Arabic-script letters that Unicode writes as a bare letter with a madda or hamza (آ, أ, ؤ, ئ,
ۀ …) → the bare letter, and the alef wasla → alef."""


@lru_cache(maxsize=65536)
def fold_words(name: str) -> tuple[str, ...]:
    """Lowercase ASCII words of ``name``: transliterated, no apostrophes, split at punctuation."""
    text = _folded_text(name)
    out: list[str] = []
    for word in _SPLIT.split(text):
        if not word:
            continue
        glued = _TRAILING_DIGITS.match(word)
        if glued:
            out += [glued.group(1), glued.group(2)]
        elif len(word) > 4 and word.endswith("js"):
            out += [word[:-2], "js"]
        else:
            out.append(word)
    return tuple(out)


_DOTTED: Final = re.compile(r"\b([a-z]{2,})\.(?=\s|$)")


@lru_cache(maxsize=65536)
def dotted_words(name: str) -> frozenset[str]:
    """The words of ``name`` (folded as ``fold_words`` folds them) written with a full stop
    after them, before a space or the end: "Sel." in "Tapin Sel.". Initials ("S.R.L.") are one
    letter each and are not words here."""
    return frozenset(_DOTTED.findall(_folded_text(name)))


def _strip_person(words: list[str]) -> tuple[list[str], frozenset[str]]:
    honorifics, endings = titles(), suffixes()
    while len(words) > 2 and words[0] in honorifics:
        words = words[1:]
    found: set[str] = set()
    while len(words) > 2 and words[-1] in endings:
        found.add(words[-1])
        words = words[:-1]
    return words, frozenset(found)


_CYRILLIC: Final = re.compile("[\u0400-\u04ff]")
_INITIALS_END: Final = re.compile(r"(?:(?<![^\W\d_])[^\W\d_]\.\s?){2,}\s*$")
"""Two initials or more, each with its full stop, ending a name: "K.K.", "G. K.", "A.Ş."."""
_ABBREVIATED: Final = re.compile(r"^[^\W\d_]{2,}\.$|^[^\W\d_]+\.[^\W\d_.]+\.?$")
_DOTTED_RUN: Final = re.compile(r"^(?:[^\W\d_]{1,2}\.){1,3}[^\W\d_]{0,4}\.?$")


def untitled(name: str) -> str:
    """A person's name without its written-short titles: leading words abbreviated with a full
    stop ("Dr. med.", "MUDr.", "Ing.", "Univ.Prof.", "Sig.ra"), which no vocabulary lists in
    full; dotted degrees after the name ("M.D.", "LL.D", "M.Eng.") joined into one word, so the
    suffix vocabulary reads them. Initials ("J.", "J.R.") stay: they are a single letter each,
    and at least two words always remain."""
    tokens = name.replace(",", " , ").split()
    while len([t for t in tokens if t != ","]) > 2 and _ABBREVIATED.match(tokens[0]):
        tokens = tokens[1:]
    words = [t for t in tokens if t != ","]
    if len(words) > 2 and _DOTTED_RUN.match(words[-1]) and "." in words[-1]:
        joined = tokens[-1].replace(".", "")
        if joined.casefold() in suffixes():
            tokens[-1] = joined  # "Jr." is read by the suffix vocabulary: Jr. is not Sr.
        elif len(tokens) > 1 and tokens[-2] == ",":
            tokens = tokens[:-2]  # a degree after a comma: "Ann Lee, LL.D"
    while len(tokens) > 3 and tokens[-2] == "," and _post_nominal(tokens[-1]):
        tokens = tokens[:-2]  # "Ann Lee, MBA, CPA": letters after a comma, not a name
    return " ".join(t for t in tokens if t != ",")


_POST_NOMINAL: Final = re.compile(r"^[A-Z][A-Za-z]{1,6}$")


def _post_nominal(token: str) -> bool:
    """Whether a word after a comma reads as post-nominal letters (a degree, an order, a
    licence: "OFM", "LMFT", "PhD", "DPhil"): two or more capitals in at most seven letters, and
    not a given name written in capitals ("Lee, ANN" is a name turned round)."""
    if not _POST_NOMINAL.match(token) or sum(c.isupper() for c in token) < 2:
        return False
    return token.casefold() not in all_given() and token.casefold() not in given_names()


FAMILY_PARTICLES: Final = frozenset(
    {"al", "el", "abu", "bin", "ibn", "bint", "ben", "ould", "van", "von", "de", "da", "di",
     "der", "den", "du", "la", "le", "dos", "das", "del", "della",
     "آل", "أبو", "ابو", "بن", "ابن", "بنت", "ولد"}
)  # fmt: skip
"""Words that open a family name of several words: Arabic naming's "Al" (family, آل), "Abu"
(أبو), "bin", "ibn" and "bint" (بن, ابن, بنت), Maghreb "Ould" (ولد); the Dutch, German,
French, Italian, Spanish and Portuguese nobiliary and toponymic particles. Matched as written
(case aside), not folded: "آلاء" (Alaa, a given name) folds like "آل"."""


def _family_particle(word: str) -> bool:
    word = word.casefold().strip(".,")
    return word in FAMILY_PARTICLES or word.startswith(("al-", "el-"))  # "al-Sheikh"


@lru_cache(maxsize=65536)
def unlisted_titles(name: str) -> str | None:
    """A person's name without leading words that may be titles no vocabulary here lists
    ("Magister", "Adjunktus", "LkT", "MBE"), or ``None`` when it has none.

    A leading word is set aside when it is not a given name of the census files (rare ones
    included), is not an initial, and at least two words remain; none is in a name whose words
    are all Chinese syllables, whose first word is its family name ("Tong Chen Rui" is not
    "Chen Rui" with a title). That also strips an unlisted *given* name ("Katariina Anneli
    Markkula" → "Anneli Markkula"), so this is a second reading compared at a penalty beside
    the name as written (``tiered``), never a replacement.
    """
    words = untitled(name).split()
    if any(chinese_keys(" ".join(words))):
        return None
    dropped = 0
    while len(words) > 2:
        folded = fold_words(words[0])
        if not folded or len(folded[0]) < 2 or folded[0] in all_given():
            break
        if _family_particle(words[1]):
            break  # "Naji Al Sheikh": the rest is a family name alone, not a titled name
        words, dropped = words[1:], dropped + 1
    return " ".join(words) if dropped else None


@lru_cache(maxsize=131072)
def name_form(name: str, personal: bool = False) -> NameForm:
    """The comparison form of ``name`` (a person's when ``personal``); see the module docstring."""
    words = list(fold_words(untitled(name) if personal else name))
    suffix: frozenset[str] = frozenset()
    cut: set[tuple[str, str]] = set()
    if personal:
        words, suffix = _strip_person(words)
    else:
        name, cjk = cjk_legal_form(name)  # "(주)선유실", "株式会社トヨタ": the form set aside
        words = list(fold_words(name)) if cjk else words
        dotted = dotted_words(name)
        read = [mistyped_form(w) for w in words[1:]]
        cut = {(r, w) for w, r in zip(words, words[:1] + read, strict=True) if w in dotted}
        words, suffix = strip_organisation(words[:1] + read)
        suffix |= cjk
    as_written = {w for r, w in cut if r == w}  # "Sta." is Santa; "Sta" may be Station
    expanded = tuple(
        DOTTED_ABBREVIATIONS.get(w, ABBREVIATIONS.get(w, w))
        if w in as_written
        else ABBREVIATIONS.get(w, w)
        for w in words
    )
    numbers = frozenset(w for w in expanded if not w.isalpha())
    sounds = frozenset(map(respell, expanded))
    shortened = frozenset((r, w) for r, w in cut if r in expanded)
    initialled = not personal and bool(_INITIALS_END.search(name))
    cyrillic = personal and bool(_CYRILLIC.search(name))
    return NameForm(
        expanded, "".join(expanded), numbers, sounds, suffix, shortened, initialled, cyrillic
    )


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


_TRANSLIT: Final = (
    ("ae", "a"),
    ("oe", "o"),
    ("ue", "u"),
    ("kh", "h"),
    ("ch", "h"),
    ("ks", "x"),
    ("y", "i"),
)


_CROSS_DIGRAPHS: Final = (
    ("tsch", "c"),
    ("tch", "c"),
    ("cz", "c"),
    ("ts", "c"),
    ("tz", "c"),
    ("ch", "c"),
    ("kh", "h"),
    ("ph", "f"),
    ("th", "t"),
    ("x", "ks"),
    ("q", "k"),
    ("g", "h"),
)
_CROSS_DROPPED: Final = re.compile(r"[aeiouyhjw]")


@lru_cache(maxsize=65536)
def cross_script_key(word: str) -> str:
    """The consonants of a romanised word once the choices romanisation systems disagree on are
    unified: vowels (Greek η as "i", "h" or "ī"), h/j/w/y, ц as "c", "cz", "ts" or "tz", г as
    "g" or "h" (Russian or Ukrainian), х as "kh" or "h", ч as "ch", "cz" or "tsch", x/ks, doubled
    letters. Compared only between a name in
    another script and a Latin one, where every difference is the romanisation's, not a slip."""
    for spelled, plain in _CROSS_DIGRAPHS:
        word = word.replace(spelled, plain)
    return _DOUBLED.sub(r"\1", _CROSS_DROPPED.sub("", word))


@lru_cache(maxsize=65536)
def translit_key(word: str) -> str:
    """``word`` with romanisation choices unified: German "ue"/"ü" ("Muenchen" / "München"),
    Scandinavian "oe"/"ø" ("Soeren" / "Søren"), Russian "ks"/"x", "kh"/"h" and "y"/"i"
    ("Aleksandr" / "Alexander", "Sergey" / "Sergei"), and "ch" for the same sound in Greek and
    German romanisations of Cyrillic names ("Michail" / "Mikhail")."""
    for spelled, plain in _TRANSLIT:
        word = word.replace(spelled, plain)
    return word


_UMLAUT_E: Final = re.compile(r"([aou])e(?=[^aeiouy])")
_MIN_UMLAUT_WORD: Final = 4


def umlaut_spelling(a: str, b: str) -> bool:
    """Whether two words differ only by umlauts written out ("mueller" / "muller" for Müller,
    "schroeder" / "schroder", "soeren" / "soren"): the German and Scandinavian convention
    (DIN 5007-2) against the letter with its marks dropped. Census files list such pairs as two
    surnames, but they are one name spelled two ways."""
    if a == b or min(len(a), len(b)) < _MIN_UMLAUT_WORD:
        return False
    return _umlauts_dropped(a) == _umlauts_dropped(b)


@lru_cache(maxsize=65536)
def _umlauts_dropped(word: str) -> str:
    """``word`` with every umlaut written out ("ue") written as the bare vowel; kept, since the
    same words meet many others (``umlaut_spelling`` runs on every new pair of words)."""
    return _UMLAUT_E.sub(r"\1", word)


TITLE_GUESS_PENALTY: Final = 0.04
"""Score a match loses when it needs leading words read as unlisted titles (``readings``)."""


Reading = tuple[NameForm, bool, float]
"""A comparison form, whether its surface is in another script, and the score it costs."""


def readings(
    surfaces: Sequence[str], scripts: Sequence[bool], personal: bool, *, titles: bool
) -> list[Reading]:
    """Each surface's comparison form with its script flag, and (``titles``) for a person's name
    also the reading without leading words that may be unlisted titles, at a penalty."""
    out = [(name_form(s, personal), f, 0.0) for s, f in zip(surfaces, scripts, strict=True)]
    if personal and titles:
        for s, f in zip(surfaces, scripts, strict=True):
            guess = unlisted_titles(s)
            if guess:
                out.append((name_form(guess, True), f, TITLE_GUESS_PENALTY))
    return out


@lru_cache(maxsize=131072)
def stored_readings(
    surface: str, foreign: bool, personal: bool, titles: bool
) -> tuple[Reading, ...]:
    """``readings`` of one stored surface, kept: the same stored names are candidates of many
    resolutions, and their forms never change (``NameForm`` is immutable)."""
    return tuple(readings([surface], [foreign], personal, titles=titles))
