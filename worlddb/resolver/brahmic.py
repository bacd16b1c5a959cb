"""Names written in a Brahmic script against their Latin spelling. Pure.

The scripts of South and South-East Asia (Devanagari, Bengali, Tamil, Sinhala, Khmer...)
write a consonant with its vowel as one sign; romanised letter by letter (``anyascii``) the
inherent vowel is dropped ("කලවාන" → "klvan" for Kalawana) and ව/வ/វ come out as "v" where
Sri Lankan and Cambodian spellings write "w". The general cross-script key
(``forms.cross_script_key``) drops "w" and keeps "v", and keeps voicing, so these pairs never
met. ``brahmic_key`` keys both sides alike:

* vowels are dropped (the inherent one is unwritten), aspirates lose their "h" ("th"/"t",
  "dh"/"d": scripts mark aspiration, Latin spellings often do not), "w" is "v";
* an "m" before another consonant is "n": the anusvara (ං, ំ) romanises as "m" whatever nasal
  it stands for ("නාරංදෙනිය" / Narandeniya);
* in **Tamil** only, voiced and voiceless stops are one letter (k/g, t/d, p/b, c/j/s): the
  Tamil script writes each pair with one sign, so "பாதுக்கை" (patukkai) is Padukka. Sinhala,
  Devanagari and Khmer write voicing, so it stays a difference there.

Khmer and Myanmar write no space between words (``SPACELESS``), so a name there is
one word against several in Latin letters ("ព្រែកស្លែង" / Preaek Slaeng): those are compared
run together. Abjads are not Brahmic: their romanisation has no short vowels at all. Places in
Arabic letters are read letter by letter (``abjad``); other abjads are left to the general key
(``romanised.abjad``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

__all__ = ["BRAHMIC", "MIN_KEY", "SPACELESS", "TAMIL", "brahmic_key", "brahmic_script"]

BRAHMIC: Final = frozenset(
    {
        "DEVANAGARI",
        "BENGALI",
        "GURMUKHI",
        "GUJARATI",
        "ORIYA",
        "TAMIL",
        "TELUGU",
        "KANNADA",
        "MALAYALAM",
        "SINHALA",
        "KHMER",
        "MYANMAR",
        "TIBETAN",
    }
)
"""Scripts whose signs carry an inherent vowel (Unicode character names begin so)."""
SPACELESS: Final = frozenset({"KHMER", "MYANMAR"})
"""Brahmic scripts written without spaces between words. (Thai and Lao are left out of
``BRAHMIC``: they write some vowels before the consonant they follow in speech, and their
romanisations (RTGS) are no letter-by-letter reading, so the key would pair unrelated names:
"แม่ลาว" with "Neluwa".)"""
TAMIL: Final = "TAMIL"
MIN_KEY: Final = 3  # consonants a key must keep to tell names apart ("rp" meets too many)

_ASPIRATES: Final = (
    ("kh", "k"),
    ("gh", "g"),
    ("ch", "c"),
    ("jh", "j"),
    ("th", "t"),
    ("dh", "d"),
    ("ph", "p"),
    ("bh", "b"),
    ("sh", "s"),
    ("zh", "l"),  # Tamil ழ: "Kanimozhi" in Latin, "l" letter by letter
    ("ck", "k"),
    ("w", "v"),
    ("q", "k"),
    ("x", "ks"),
    ("z", "s"),
    ("f", "p"),
)
_TAMIL_VOICING: Final = str.maketrans({"g": "k", "d": "t", "b": "p", "j": "c", "s": "c"})
_ANUSVARA: Final = re.compile(r"m(?=[^aeioupbmv])")
_VOWELS: Final = re.compile(r"[aeiou]")
_DOUBLED: Final = re.compile(r"(.)\1+")


@lru_cache(maxsize=65536)
def brahmic_script(name: str) -> str:
    """The Brahmic script ``name`` is written in (``BRAHMIC``), or ``""``."""
    if name.isascii():
        return ""
    for ch in name:
        if ch.isalpha():
            script = unicodedata.name(ch, "").split(" ", 1)[0]
            if script in BRAHMIC:
                return script
    return ""


@lru_cache(maxsize=131072)
def brahmic_key(word: str, script: str) -> str:
    """The key of a romanised word (lower-case ASCII) for comparison with a name written in
    ``script`` (see the module docstring); equal keys are one name spelled two ways."""
    for spelled, plain in _ASPIRATES:
        word = word.replace(spelled, plain)
    word = _ANUSVARA.sub("n", word)
    if script == TAMIL:
        word = word.translate(_TAMIL_VOICING)
    return _DOUBLED.sub(r"\1", _VOWELS.sub("", word))
