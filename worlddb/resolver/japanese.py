"""Japanese personal names romanised two ways: "Satō" is "Sato", "Satoh" and "Satou"; "Ōno" is
"Ohno" and "Oono"; "Shinji" is Kunrei-shiki's "Sinzi"; "Honma" is "Homma". Pure.

Hepburn marks a long vowel with a macron (ō), which passports drop or write "oh", and word
processors write as the kana spell it ("ou", "oo", "uu"); Kunrei-shiki and Nihon-shiki spell
some morae otherwise ("si", "ti", "tu", "hu", "zi", "sya"); the moraic n before b, m, p is written
"m" by traditional Hepburn. Each name is brought to one key — long vowels short, Kunrei's
spellings, "n" for that "m" — and two names with one key and different letters are one name
romanised two ways. The rules are those of the systems themselves (Hepburn, Kunrei-shiki / ISO
3602); nothing is listed per name.

Only names that read as Japanese morae are keyed (every word a run of (consonant)(y)vowel and
moraic n once the key is made: not "Smith"). Dropping length loses what it said: 大野 "Ōno" and
小野 "Ono" are two families that passports both write "Ono", so a match here is a reading, not a
fact, and scores below the confident threshold.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

from anyascii import anyascii

__all__ = ["JAPANESE_WHY", "japanese_keys", "same_japanese_name"]

JAPANESE_WHY: Final = (
    "transliteration: one Japanese name romanised two ways (Hepburn long vowels, "
    "Kunrei-shiki, moraic n)"
)
"""The evidence a proposal records when this module matched it."""

_LONG_MARKS: Final = str.maketrans("āâīîūûēêōô", "aaiiuueeoo")
_LONG: Final = (("ou", "o"), ("oo", "o"), ("uu", "u"), ("aa", "a"), ("ee", "e"))
_OH: Final = re.compile(r"oh(?=[^aeiouy]|$)")  # "Satoh", "Ohno": h marks length, not ha-gyō
_KUNREI: Final = (
    ("tsu", "tu"),
    ("shi", "si"),
    ("chi", "ti"),
    ("sh", "sy"),
    ("ch", "ty"),
    ("ji", "zi"),
    ("j", "zy"),
    ("fu", "hu"),
    ("di", "zi"),
    ("du", "zu"),
)
_MORAIC_M: Final = re.compile(r"m(?=[bmp])")
_MORAE: Final = re.compile(r"(?:(?:[kgsztdnhbpmr]y?|w|y)?[aeiou]|n)+")


@lru_cache(maxsize=65536)
def _word_key(word: str) -> str | None:
    key = word.translate(_LONG_MARKS)
    key = anyascii(key).casefold().replace("'", "").replace("-", "")
    key = _OH.sub("o", key)
    for long, short in _LONG:
        key = key.replace(long, short)
    for hepburn, kunrei in _KUNREI:
        key = key.replace(hepburn, kunrei)
    key = _MORAIC_M.sub("n", key)
    return key if _MORAE.fullmatch(key) else None


@lru_cache(maxsize=65536)
def japanese_keys(name: str) -> frozenset[str]:
    """The name's keys, "family|given", family name first or last; empty unless it is two words
    that read as Japanese morae."""
    words = unicodedata.normalize("NFC", name).casefold().replace(",", " ").split()
    if len(words) != 2:
        return frozenset()
    keys = [_word_key(word) for word in words]
    first, last = keys
    if first is None or last is None:
        return frozenset()
    return frozenset({f"{first}|{last}", f"{last}|{first}"})


@lru_cache(maxsize=65536)
def same_japanese_name(a: str, b: str) -> bool:
    """Whether two names written differently are one Japanese name under the key."""
    if a.casefold() == b.casefold():
        return False
    return not japanese_keys(a).isdisjoint(japanese_keys(b))
