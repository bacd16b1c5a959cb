"""Korean personal names across scripts: "김태혁" is "Tae-hyuk Kim", "Kim Taehyuk", "Gim Tae-hyeok".
Pure.

Hangul is an alphabet packed into syllable blocks, so a name in Hangul says exactly which sounds
it has: each block is an initial consonant, a vowel and an optional final (Unicode lays the 11,172
blocks out arithmetically: ``code = 588 * initial + 28 * vowel + final``). Latin spellings of
Korean names do not: the official Revised Romanization (2000) writes 김 "Gim", 정 "Jeong", 혁
"hyeok", while people write "Kim", "Jung" or "Chung", "hyuk". ``anyascii`` gives the official
spelling run together ("GimTaeHyeog"), which shares no word with "Tae-hyuk Kim"; so the string
comparison never saw such a pair and round 9's hold-out found none of them (0 of 44).

What this module knows, and where it comes from:

* the romanisation of each initial, vowel and final, from the Revised Romanization's tables,
  with the older McCune-Reischauer and customary spellings beside them (k/g, t/d, p/b, ch/j for
  plain stops; "u" and "o" for ㅓ as in "Sung", "Jun", "Chol"; "oo" for ㅜ as in "Joo"; "ee" for ㅣ
  and ㅢ as in "Lee", "Hee"; "yu"/"you" for ㅕ as in "Hyun", "Young"; "oi" for ㅚ as in "Choi";
  "sh" for ㅅ before i as in "Shin"; "woo" for 우; "wh" for ㅎ before a w- vowel as in "Whang");
  McCune-Reischauer's "ŏ"/"ŭ" are spelled "eo"/"eu" before accents are folded (``latin_words``);
* the written-long "h" after any block's vowel ("Jiah", "Ah-reum"), and two conventions of
  family names: an "r" written after the vowel as well (non-rhotic English spelling: "Ahn",
  "Oh", "Sohn", "Suh", "Park", "Hur"), and the initial sound law (두음법칙): a family name that
  the South writes with a silent ㅇ or ㄴ was written with ㄹ, and its Latin spelling often keeps
  it ("Lee"/"Rhee" for 이, "Lim" for 임, "Ryu" for 유/류, "Roh" for 노).

``spells`` decides: the Latin letters must be exactly one allowed spelling per block, in order,
with the family name read first or last. It does not guess between lookalike names (Jung 정 and
Jang 장 differ in their vowel and stay apart; Cho 조 and Choi 최 too). Spellings a convention
makes ambiguous stay ambiguous ("Yun" spells both 윤 and, rarely, 연): the comparison above this
one proposes in that case, it does not pick.

``hangul_key`` / ``latin_keys`` are the blocking side: a lossy key (the consonant classes, no
vowels) under which stored names are indexed, so that a candidate is found whichever way its
vowels were spelled; ``spells`` then checks each candidate exactly.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from itertools import islice, product
from typing import Final

from anyascii import anyascii

from worlddb.resolver.lexicon import is_hangul

__all__ = [
    "KOREAN_WHY",
    "block_spellings",
    "could_be_korean",
    "family_splits",
    "hangul_key",
    "is_hangul_name",
    "latin_keys",
    "latin_words",
    "one_korean_name",
    "other_hangul_name",
    "spells",
]

KOREAN_WHY: Final = (
    "transliteration: a Korean name in Hangul and its Latin spelling (Revised Romanization, "
    "McCune-Reischauer and customary spellings, block by block)"
)
"""The evidence a proposal records when this module matched it."""

_FIRST: Final = 0xAC00  # 가, the first syllable block
_MAX_SYLLABLES: Final = 6

# The 19 initials, 21 vowels and 28 finals in Unicode order, each with its Latin spellings (the
# Revised Romanization's first, then McCune-Reischauer's and customary ones).
_INITIALS: Final[tuple[tuple[str, ...], ...]] = (
    ("g", "k"),  # ㄱ
    ("kk", "gg", "k", "g"),  # ㄲ
    ("n",),  # ㄴ
    ("d", "t"),  # ㄷ
    ("tt", "dd", "t", "d"),  # ㄸ
    ("r", "l"),  # ㄹ
    ("m",),  # ㅁ
    ("b", "p"),  # ㅂ
    ("pp", "bb", "p", "b"),  # ㅃ
    ("s", "sh"),  # ㅅ
    ("ss", "s"),  # ㅆ
    ("",),  # ㅇ (silent)
    ("j", "ch"),  # ㅈ
    ("jj", "tch", "j", "ch"),  # ㅉ
    ("ch", "c"),  # ㅊ
    ("k", "kh"),  # ㅋ
    ("t", "th"),  # ㅌ
    ("p", "ph"),  # ㅍ
    ("h",),  # ㅎ
)
_VOWELS: Final[tuple[tuple[str, ...], ...]] = (
    ("a",),  # ㅏ
    ("ae", "ai"),  # ㅐ
    ("ya",),  # ㅑ
    ("yae",),  # ㅒ
    ("eo", "u", "o"),  # ㅓ
    ("e",),  # ㅔ
    ("yeo", "yu", "yo", "you"),  # ㅕ
    ("ye",),  # ㅖ
    ("o",),  # ㅗ
    ("wa",),  # ㅘ
    ("wae",),  # ㅙ
    ("oe", "oi", "we"),  # ㅚ
    ("yo",),  # ㅛ
    ("u", "oo", "ou"),  # ㅜ
    ("wo", "weo"),  # ㅝ
    ("we",),  # ㅞ
    ("wi", "wee"),  # ㅟ
    ("yu", "yoo", "you"),  # ㅠ
    ("eu", "u"),  # ㅡ
    ("ui", "eui", "ee", "i"),  # ㅢ
    ("i", "ee"),  # ㅣ
)
_FINALS: Final[tuple[tuple[str, ...], ...]] = (
    ("",),
    ("k", "g"),  # ㄱ
    ("k", "kk"),  # ㄲ
    ("k",),  # ㄳ
    ("n",),  # ㄴ
    ("n",),  # ㄵ
    ("n",),  # ㄶ
    ("t", "d"),  # ㄷ
    ("l", "r"),  # ㄹ
    ("k",),  # ㄺ
    ("m",),  # ㄻ
    ("l",),  # ㄼ
    ("l",),  # ㄽ
    ("l",),  # ㄾ
    ("p",),  # ㄿ
    ("l",),  # ㅀ
    ("m",),  # ㅁ
    ("p", "b"),  # ㅂ
    ("p",),  # ㅄ
    ("t", "s"),  # ㅅ
    ("t", "ss"),  # ㅆ
    ("ng",),  # ㅇ
    ("t", "j"),  # ㅈ
    ("t",),  # ㅊ
    ("k",),  # ㅋ
    ("t",),  # ㅌ
    ("p",),  # ㅍ
    ("t",),  # ㅎ
)
_SILENT: Final = 11  # ㅇ as an initial
_NIEUN: Final = 2  # ㄴ
# After a silent initial: 우 "woo"/"wu", 이 "yi", 으 "eu"/"u" as before.
_AFTER_SILENT: Final = {13: ("u", "oo", "ou", "woo", "wu"), 20: ("i", "ee", "yi")}
# The vowels before which the initial sound law dropped ㄹ (i and the y- vowels) or turned it into
# ㄴ (the others): the family names that may keep an "l"/"r" in Latin.
_I_LIKE: Final = frozenset({2, 3, 6, 7, 12, 17, 20})

# Consonant classes of the blocking key: one letter per class, vowels and h left out.
_INITIAL_CLASS: Final = "kknttlmppss-jjjktp-"  # ㄱ … ㅎ; "-": ㅇ and ㅎ carry none
_FINAL_CLASS: Final = "-kkknnntlkmlllplmppttqttktpt"  # none, ㄱ … ㅎ; "q": ㅇ (ng)


def _blocks(name: str) -> list[tuple[int, int, int]] | None:
    """(initial, vowel, final) of each syllable of an all-Hangul name (spaces and a middle dot
    allowed), or ``None`` for anything else."""
    if name.isascii():
        return None
    letters = [ch for ch in name if not ch.isspace() and ch not in "·・-"]
    if not letters or len(letters) > _MAX_SYLLABLES:
        return None
    out = []
    for ch in letters:
        if not is_hangul(ch):
            return None
        code = ord(ch) - _FIRST
        out.append((code // 588, (code % 588) // 28, code % 28))
    return out


def is_hangul_name(name: str) -> bool:
    """Whether ``name`` is written wholly in Hangul syllables (a Korean name in Korean)."""
    return _blocks(name) is not None


def _alternatives(options: tuple[str, ...]) -> str:
    return "(?:" + "|".join(sorted(set(options), key=len, reverse=True)) + ")"


_HIEUH: Final = 18  # ㅎ
_EO: Final = 4  # ㅓ
_UI: Final = 19  # ㅢ


@lru_cache(maxsize=65536)
def block_spellings(
    initial: int, vowel: int, final: int, *, family: bool, strict: bool = False
) -> frozenset[str]:
    """Every Latin spelling of one syllable block that this module accepts.

    ``family``: the block starts a family name (the written-long vowel may take "h" or "r", the
    initial sound law's "l"/"r"). Any block may take the written-long "h" after its vowel
    ("Jiah", "Ah-reum"). ``strict`` leaves out "o" for ㅓ (McCune-Reischauer's "ŏ" without its
    breve), which reads "Jon" as 전 and so as "Jun", and "i" for ㅢ, which reads "Lisa" as 릐사
    and so as "Luisa": two Latin names are compared strictly.
    """
    starts = list(_INITIALS[initial])
    vowels = list(
        _AFTER_SILENT.get(vowel, _VOWELS[vowel]) if initial == _SILENT else _VOWELS[vowel]
    )
    if strict and vowel == _EO:
        vowels.remove("o")
    if strict and vowel == _UI:
        vowels.remove("i")
    if family and initial == _SILENT and vowel in _I_LIKE:
        starts += ["l", "r", "rh"]  # 이 "Lee"/"Rhee", 임 "Lim", 유 "Ryu"
    if family and initial == _NIEUN and vowel not in _I_LIKE:
        starts += ["r", "l"]  # 노 "Roh", 나 "Ra"
    lengths = ("", "h", "r") if family else ("", "h")  # "Ahn", "Park"; "Jiah"
    out = {
        start + vowel_spelling + length + end
        for start in starts
        for vowel_spelling in vowels
        for length in lengths
        for end in _FINALS[final]
    }
    if initial == _HIEUH:  # 황 "Whang": the w of ㅘ ㅝ ㅟ ... written before the h
        out |= {
            "wh" + v[1:] + length + end
            for v in vowels
            if v.startswith("w")
            for length in lengths
            for end in _FINALS[final]
        }
    return frozenset(out)


def _syllable(initial: int, vowel: int, final: int, family: bool) -> str:
    return _alternatives(tuple(block_spellings(initial, vowel, final, family=family)))


@lru_cache(maxsize=16384)
def _pattern(hangul: str) -> re.Pattern[str] | None:
    blocks = _blocks(hangul)
    if blocks is None:
        return None
    parts = [_syllable(i, v, f, family=n == 0) for n, (i, v, f) in enumerate(blocks)]
    return re.compile("".join(parts))


_WORD: Final = re.compile(r"[a-z]+(?:-[a-z]+)*")


# McCune-Reischauer's vowels with a breve (or the caron often typed for it) are exactly the
# Revised Romanization's "eo" and "eu": spelled out before the accents are folded away, they
# keep saying which vowel they are ("Sŏng" is 성, never 송).
_MR_VOWELS: Final = str.maketrans({"ŏ": "eo", "ǒ": "eo", "ŭ": "eu", "ǔ": "eu"})


@lru_cache(maxsize=65536)
def latin_words(latin: str) -> tuple[str, ...] | None:
    """The words of a Latin name, lower case, hyphens and apostrophes (McCune-Reischauer's
    "K'ang") removed, its "ŏ"/"ŭ" spelled "eo"/"eu"; ``None`` if the name has anything but
    letters, spaces, hyphens, a comma."""
    folded = unicodedata.normalize("NFC", latin).casefold().translate(_MR_VOWELS)
    text = anyascii(folded).replace("'", "").replace("\u2019", "").replace(",", " ")
    words = text.split()
    if not words or not all(_WORD.fullmatch(w) for w in words):
        return None
    return tuple(w.replace("-", "") for w in words)


def family_splits(words: Sequence[str]) -> list[tuple[str, str]]:
    """(family name, given name run together) with the family name first or, for a name of
    several words, last ("Tae-hyuk Kim" → ("kim", "taehyuk") too): East Asian names are written
    both ways round in Latin letters."""
    out = [(words[0], "".join(words[1:]))]
    if len(words) > 1:
        out.append((words[-1], "".join(words[:-1])))
    return out


@lru_cache(maxsize=65536)
def spells(hangul: str, latin: str) -> bool:
    """Whether ``latin`` is a spelling of the Korean name ``hangul`` (family name first or last;
    the given name hyphenated, spaced or run together)."""
    pattern = _pattern(hangul)
    words = latin_words(latin)
    if pattern is None or words is None:
        return False
    return any(pattern.fullmatch(family + given) for family, given in family_splits(words))


def hangul_key(name: str) -> str | None:
    """The blocking key of a name in Hangul: its consonant classes in order (ㅇ, ㅎ and the
    vowels left out, runs of one class written once)."""
    blocks = _blocks(name)
    if blocks is None:
        return None
    classes = "".join(_INITIAL_CLASS[i] + _FINAL_CLASS[f] for i, _, f in blocks)
    return _squeeze(classes.replace("-", ""))


_DIGRAPHS: Final = (("tch", "j"), ("ch", "j"), ("sh", "s"), ("kh", "k"), ("ph", "p"), ("th", "t"))
_LATIN_CLASS: Final = str.maketrans("gcdbr", "kjtpl", "aeiouywh")
_NG_SPLIT: Final = re.compile(r"(ng)")
_NG_OPEN: Final = re.compile(r"[aeiouwyg]")
_RUN: Final = re.compile(r"(.)\1+")
_MAX_KEYS: Final = 16
_WRITTEN_LONG: Final = re.compile(r"(?<=[aeiou])[hr](?=[^aeiouy]|$)")  # "Ahn", "Park"


def _squeeze(classes: str) -> str:
    return _RUN.sub(r"\1", classes)


def _classes(letters: str) -> set[str]:
    """The consonant-class keys of romanised letters. An "ng" before a vowel or a "g" may be ㅇ
    or ㄴ + ㄱ ("Hangil": 항일 or 한길; "Gangga": 간까), so each such "ng" is read both ways."""
    for digraph, single in _DIGRAPHS:
        letters = letters.replace(digraph, single)
    pieces = _NG_SPLIT.split(letters)  # text, "ng", text, "ng", ...
    choices = [
        (piece,) if n % 2 == 0 else ("q", "nk") if _NG_OPEN.match(pieces[n + 1]) else ("q",)
        for n, piece in enumerate(pieces)
    ]
    out = set()
    for reading in islice(product(*choices), _MAX_KEYS):
        out.add(_squeeze("".join(reading).translate(_LATIN_CLASS)))
    return out


def _any_syllable() -> str:
    starts = {spelling for options in _INITIALS for spelling in options} | {"l", "r", "rh", "wh"}
    vowels = {spelling for options in _VOWELS for spelling in options}
    vowels |= {spelling for options in _AFTER_SILENT.values() for spelling in options}
    vowels |= {spelling[1:] for spelling in vowels if spelling.startswith("w")}  # "Whang"
    finals = {spelling for options in _FINALS for spelling in options}
    return (
        _alternatives(tuple(starts))
        + _alternatives(tuple(vowels))
        + "(?:h|r)?"
        + (_alternatives(tuple(finals)))
    )


_WORD_SHAPE: Final = re.compile(f"(?:{_any_syllable()}){{1,3}}")


@lru_cache(maxsize=65536)
def could_be_korean(name: str) -> bool:
    """Whether a Latin name could be a Korean name as ``spells`` reads it: two to four words,
    each one to three romanised syllables. A cheap test that leaves most other names out of
    the index ("John Smith" and "Maria Brown" are not; "Kim Min-jun" and "Namgung Min" are)."""
    words = latin_words(name)
    return (
        words is not None
        and 1 < len(words) <= 4
        and all(_WORD_SHAPE.fullmatch(word) for word in words)
    )


@lru_cache(maxsize=65536)
def latin_keys(name: str) -> frozenset[str]:
    """The blocking keys a Latin name would have if it were a Korean name (family name first or
    last; the family name's written-long vowel and kept initial ㄹ/ㄴ read both ways). Empty for
    a name that is not letters and hyphens."""
    words = latin_words(name)
    if words is None or len(words) > 4:
        return frozenset()
    keys: set[str] = set()
    for family, rest in family_splits(words):
        variants = {family, _WRITTEN_LONG.sub("", family)}
        variants |= {v[1:] for v in variants if v[:1] in "lr" and len(v) > 1}  # Lee, Roh
        variants |= {"n" + v[1:] for v in variants if v[:1] in "lr"}
        for variant in variants:
            keys |= _classes(variant + rest)
            if len(keys) >= _MAX_KEYS:
                return frozenset(keys)
    return frozenset(keys)


def one_korean_name(a: str, b: str) -> bool:
    """Whether one of two names is in Hangul and the other spells it in Latin letters."""
    if is_hangul_name(a):
        return spells(a, b)
    return is_hangul_name(b) and spells(b, a)


def other_hangul_name(a: str, b: str, personal: bool = True) -> bool:
    """Whether two names in Hangul differ in a block: another syllable is another name
    (김영일 is not 김영길; 봉성면 is not 공성면), though their romanisations are one letter apart.
    Hangul has no keyboard model here (``slips``), so no block is read as mistyped. Other
    names than people's (``personal`` off) must have as many blocks: a place's name with its
    unit and without it (용산구 / 용산) are compared as usual."""
    blocks_a, blocks_b = _blocks(a), _blocks(b)
    if blocks_a is None or blocks_b is None or blocks_a == blocks_b:
        return False
    return personal or len(blocks_a) == len(blocks_b)
