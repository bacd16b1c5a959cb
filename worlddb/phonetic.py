"""Phonetic keys of entity names, shared by the store (indexed column) and the resolver. Pure.

A key is a Soundex code per word after four English digraph rewrites (``PH``→``F``, ``CK``→``K``,
leading ``KN``→``N``, leading ``WR``→``R``), so "Phillip" and "Filip", "Knight" and "Night",
"Wright" and "Right" share a code, which plain Soundex (it keeps the first letter) would not
give them. Words that hold a digit keep their digits verbatim (a version number is part of a
product's identity), and the codes are sorted so "Smith, John" and "John Smith" share a key.

Soundex is coarse on purpose: the key *blocks* candidates for the phonetic tier, it never decides
a match by itself (the resolver still compares the words).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

import jellyfish
from anyascii import anyascii

__all__ = ["MAX_KEY_WORDS", "phonetic_key", "word_code", "words"]

MAX_KEY_WORDS: Final = 8
"""Only the first words of a long name go into its key (names read left to right)."""

_SPLIT: Final = re.compile(r"[\W_]+")
_DIGIT: Final = re.compile(r"[0-9]")
_REWRITES: Final = (("ph", "f"), ("ck", "k"))
_LEADING: Final = (("kn", "n"), ("wr", "r"))


def words(name: str) -> list[str]:
    """Lowercase words of ``name``: accents folded, apostrophes dropped, anything else splits.

    A Latin letter that is not a letter with a mark ("ø", "æ", "ð", "þ", "ß", "ł") is spelled
    in ASCII as ``anyascii`` does ("o", "ae", "d", "th", "ss", "l"), so "Røst", "Læsø" and
    "Borðeyri" share a key with "Roest", "Laesoe" and "Bordeyri", as "Zürich" does with
    "Zurich". Words in other scripts are kept as written (their key is the word itself).
    """
    folded = unicodedata.normalize("NFKD", name.casefold())
    text = "".join(ch for ch in folded if not unicodedata.combining(ch))
    text = text.replace("'", "").replace("\u2019", "")
    return [_latin_ascii(w) for w in _SPLIT.split(text) if w]


@lru_cache(maxsize=65536)
def _latin_ascii(word: str) -> str:
    if word.isascii() or not all(_is_latin(ch) for ch in word):
        return word
    return str(anyascii(word)).casefold()


def _is_latin(ch: str) -> bool:
    return ch.isascii() or unicodedata.name(ch, "").startswith("LATIN ")


@lru_cache(maxsize=65536)
def word_code(word: str) -> str:
    """The phonetic code of one lowercase word (verbatim if it holds a digit or is not ASCII)."""
    if _DIGIT.search(word) or not word.isascii():
        return word
    for old, new in _LEADING:
        if word.startswith(old) and len(word) > len(old):
            word = new + word[len(old) :]
    for old, new in _REWRITES:
        word = word.replace(old, new)
    return str(jellyfish.soundex(word)) if word else ""


@lru_cache(maxsize=65536)
def phonetic_key(name: str) -> str:
    """The phonetic key of a name: sorted word codes joined by spaces; ``""`` for no words."""
    codes = [word_code(w) for w in words(name)[:MAX_KEY_WORDS]]
    return " ".join(sorted(c for c in codes if c))
