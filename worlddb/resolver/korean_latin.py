"""Two Latin spellings of one Korean name: "Lee Min-jun" and "Yi Minjun", "Kim Tae-hyuk" and
"Gim Taehyeok", "Park Ji-sung" and "Bak Jiseong". Pure.

``worlddb.resolver.korean`` matches a name in Hangul to its Latin spellings. Between two Latin
spellings there is no Hangul to go by, so this module asks whether *some* sequence of Hangul
syllable blocks is spelled by both: it walks the two strings together, taking at each step a
piece of each that spells a common block (the tables of ``korean.block_spellings``, family name
and given name each on its own). That is how "Lee" and "Yi" meet (both spell 이), and how "Jung"
and "Jang" stay apart (no block is spelled both ways).

Two Latin names are read strictly: "o" for ㅓ (McCune-Reischauer's "ŏ" without its breve) and "i"
for ㅢ are left out, so "Jon" is not read as 전 and then as "Jun", nor "Lisa" as "Luisa"; the
family name is one block (the two-block family names, 남궁 and a handful more, are left to the
Hangul comparison), which keeps "Nakai" and "Marttila" out; only the final consonants Korean
names use are read (none, ㄱ ㄴ ㄹ ㅁ ㅂ ㅅ ㅇ).

What remains is still a reading, not a fact, so a match here scores below the fuzzy tier's
confident threshold: it never ends the search early, it yields to a better-scored option, and
beside another candidate it leaves the choice to the tiebreaker or to review (``ambiguous``);
only as the one candidate does it resolve, as a fuzzy match does.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache, lru_cache
from typing import Final

from worlddb.resolver.korean import (
    block_spellings,
    could_be_korean,
    family_splits,
    latin_keys,
    latin_words,
)

__all__ = ["KOREAN_LATIN_SCORE", "KOREAN_LATIN_WHY", "same_korean_name"]

KOREAN_LATIN_SCORE: Final = 0.92
"""Above the fuzzy tier's accept threshold (0.90), below its confident one (0.94)."""
KOREAN_LATIN_WHY: Final = (
    "transliteration: two Latin spellings of one Korean name (Revised Romanization, "
    "McCune-Reischauer and customary spellings read block by block)"
)
"""The evidence a proposal records when this module matched it."""

_NAME_FINALS: Final = (0, 1, 4, 8, 16, 17, 19, 21)  # none, ㄱ ㄴ ㄹ ㅁ ㅂ ㅅ ㅇ


@cache
def _readings(family: bool) -> tuple[dict[str, frozenset[int]], int]:
    """Latin spelling → the blocks it may spell (as Unicode offsets), and the longest spelling."""
    found: dict[str, set[int]] = defaultdict(set)
    for initial in range(19):
        for vowel in range(21):
            for final in _NAME_FINALS:
                code = 588 * initial + 28 * vowel + final
                for spelling in block_spellings(initial, vowel, final, family=family, strict=True):
                    if spelling:
                        found[spelling].add(code)
    table = {spelling: frozenset(codes) for spelling, codes in found.items()}
    return table, max(map(len, table))


def _alike(a: str, b: str, *, family: bool) -> bool:
    """Whether ``a`` and ``b`` spell one sequence of blocks (its first block read as a family
    name's when ``family``)."""
    first, longest = _readings(family)
    rest, _ = _readings(False)

    @cache
    def walk(i: int, j: int, start: bool) -> bool:
        if i == len(a) or j == len(b):
            return i == len(a) and j == len(b) and not start
        if family and not start:
            return False  # a family name of one block (see the module docstring)
        table = first if start else rest
        for k in range(1, min(longest, len(a) - i) + 1):
            blocks = table.get(a[i : i + k])
            if not blocks:
                continue
            for m in range(1, min(longest, len(b) - j) + 1):
                others = table.get(b[j : j + m])
                if others and not blocks.isdisjoint(others) and walk(i + k, j + m, False):
                    return True
        return False

    return walk(0, 0, True)


@lru_cache(maxsize=65536)
def same_korean_name(a: str, b: str) -> bool:
    """Whether two Latin names, both shaped like Korean names, can be one Korean name: their
    family names spell a common family name and their given names a common given name."""
    if not (could_be_korean(a) and could_be_korean(b)) or latin_keys(a).isdisjoint(latin_keys(b)):
        return False  # one reading of both would give both its consonant key
    words_a, words_b = latin_words(a), latin_words(b)
    if words_a is None or words_b is None:
        return False
    if words_a == words_b:
        return True  # one spelling once McCune-Reischauer's breves are spelled out ("Ŏm"/"Eom")
    return any(
        _alike(family_a, family_b, family=True) and _alike(given_a, given_b, family=False)
        for family_a, given_a in family_splits(words_a)
        for family_b, given_b in family_splits(words_b)
    )
