"""Chinese syllables one letter apart are two names, not one name mistyped. Pure.

A Chinese name is written syllable by syllable, and a syllable's romanisation is short: change,
drop or add one letter and it very often spells *another* syllable, so another character, so
another name. "Shih" and "Chih" are 施 and 池 (Wade-Giles), "Liang" and "Lian" are 梁 and 连,
"Hung" and "Nung" are 洪 and 农. The slip model (``slips``) reads these as a sound-alike letter,
a dropped letter or a neighbouring key, because for an English name a letter dropped rarely
makes another name; for a syllable it usually does. So a word pair where each word is one
syllable of Hanyu Pinyin or Wade-Giles (``chinese``'s table, from ``pypinyin``) and whose
readings have nothing in common is two names. Readings in common keep a pair: "Hsu" and "Xu"
both spell one syllable, and are judged as one name in two systems elsewhere.

Why Chinese only: every short Latin word spells *some* Korean block once the customary
spellings are admitted ("Mark" reads as 막 with the written-long "r" of "Park"), so the same
rule over Korean blocks would call "Marm" / "Mark" and "Khen" / "Chen" two Korean names; it was
measured so on the development sets and dropped. Korean names one block apart are told apart in
Hangul (``korean.other_hangul_name``) but not yet in Latin letters.
"""

from __future__ import annotations

from functools import lru_cache

from worlddb.resolver.chinese import syllable_readings

__all__ = ["two_syllables"]


@lru_cache(maxsize=65536)
def two_syllables(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` (folded words) are each one Chinese syllable, in Pinyin or in
    Wade-Giles, and cannot be the same syllable: two names, not one mistyped."""
    if a == b:
        return False
    mine, theirs = syllable_readings(a), syllable_readings(b)
    return bool(mine) and bool(theirs) and mine.isdisjoint(theirs)
