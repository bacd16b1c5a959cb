"""Words written short by dropping letters: "Brg" for Bridge, "Twp" for Township, "Natl" for
National, "Sq" for Square. Pure.

Postal services, signs, registries and people typing in a hurry shorten a word by keeping its
first letter and some of the others, in order (USPS Publication 28's street and place words,
"Mgmt", "Intl", "Dept"). Such a short form is a subsequence of the whole word that starts with
its first letter. The test alone is weak for short forms (two letters fit many words), so the
name comparison (``similarity``) accepts it only beside a word both names share (or the same
version number), and only between names written in Latin letters, whose conventions these are
(a romanised name's letters were not chosen by whoever shortened it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

__all__ = ["MAX_CUT", "MAX_VOWELS", "MIN_DROPPED", "written_short"]

MIN_DROPPED: Final = 2
"""Letters a short form must leave out: one letter less is a typo's business ("Hil"/"Hill")."""

MAX_CUT: Final = 3
"""Longest short form that is the start of its word ("Sta", "Pt"): a longer start is as often
a word of a compound name ("Flow" / "FlowBeam", "Grid" / "GridWave") or the stem of another
name ("Gentas" / "Gentaslan")."""

MAX_VOWELS: Final = 1
"""Most vowels a short form that is not the word's start keeps after its first letter: writing
short drops vowels first ("Brg", "Natl", "Mgmt", "Pblo"); a form that keeps them is another
word ("Lumen" in "Lumientmel", "Everosa" in "Everionsal")."""

_VOWELS: Final = frozenset("aeiou")


@lru_cache(maxsize=65536)
def written_short(short: str, whole: str) -> bool:
    """Whether ``short`` is ``whole`` written short: at least two letters, starting with the
    same letter, the rest found in ``whole`` in the same order, at least ``MIN_DROPPED``
    letters left out ("fls" / "falls", "st" / "saint", "twp" / "township"), at most
    ``MAX_VOWELS`` vowels kept after the first letter. A short form that is the start of the
    word must be at most ``MAX_CUT`` letters and leave out at least half of it ("sq" /
    "square", "pt" / "port"): one syllable of a longer one ("Tra" / "Trang") is another
    word."""
    if len(short) < 2 or len(whole) < len(short) + MIN_DROPPED or not short.isalpha():
        return False
    if short[0] != whole[0]:
        return False
    if whole.startswith(short):
        return len(short) <= MAX_CUT and 2 * len(short) <= len(whole)
    if sum(ch in _VOWELS for ch in short[1:]) > MAX_VOWELS:
        return False
    rest = iter(whole[1:])
    return all(ch in rest for ch in short[1:])
