"""The unit a place's name ends with: "용산구", "横浜市", "瑞芳區"; "Ruifang District". Pure.

Korean, Japanese and Chinese place names end with a syllable or character naming their kind of
unit, which usage drops (``unit_dropped``); their English names end with the unit's English
word (``latin_unit_dropped``), which is dropped only to compare the two across scripts: in
Latin letters "Orange County" and "Orange" are two places.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from worlddb.resolver.lexicon import is_han_or_kana, is_hangul

__all__ = ["LATIN_UNITS", "MIN_UNIT_CORE", "latin_unit_dropped", "unit_dropped"]

MIN_UNIT_CORE: Final = 2  # syllables or characters that must remain
_UNIT_SYLLABLES: Final = frozenset("도시군구읍면동리")
"""The last syllable of a Korean place name that names its kind of unit, which usage drops
(South Korea's administrative divisions: -do, -si, -gun, -gu, -eup, -myeon, -dong, -ri)."""
_UNIT_CHARACTERS: Final = frozenset("都道府県市区區町村郡省州縣县鄉乡鎮镇")
"""The same for Japanese and Chinese place names (prefecture, city, ward, town, village,
district, province, county, township: 東京都, 横浜市, 港区; 广州市, 四川省; 瑞芳區, 芎林鄉,
北港鎮, in traditional characters as Taiwan writes them and in simplified)."""


@lru_cache(maxsize=65536)
def unit_dropped(surface: str) -> str | None:
    """A Korean, Japanese or Chinese place name without the unit it ends with ("용산구" →
    "용산", "横浜市" → "横浜"), else ``None``: at least two syllables or characters remain,
    as usage writes such names ("용산", but never a one-syllable "용")."""
    text = surface.strip()
    last = text[-1:]
    if last in _UNIT_SYLLABLES:
        core = text[:-1].rstrip("_ ")
        letters = [c for c in core if is_hangul(c)]
    elif last in _UNIT_CHARACTERS:
        core = text[:-1].rstrip("_ ")
        letters = [c for c in core if is_han_or_kana(c)]
    else:
        return None
    tail = core.replace("_", " ").split()[-1:] if core else []
    if not tail or len([c for c in tail[0] if c in letters]) < MIN_UNIT_CORE:
        return None
    return core


LATIN_UNITS: Final = frozenset(
    [
        "district",
        "county",
        "township",
        "town",
        "city",
        "province",
        "prefecture",
        "ward",
        "village",
        "municipality",
    ]
)
"""The English words for the units ``unit_dropped`` drops (區 district, 縣 county, 鄉 township,
鎮 and 町 town, 市 city, 省 province, 県 prefecture, 区 ward, 村 village)."""


@lru_cache(maxsize=65536)
def latin_unit_dropped(surface: str) -> str | None:
    """A place's name in Latin letters without the unit word it ends with ("Ruifang District" →
    "Ruifang"), else ``None``; for comparing it with the name in another script only."""
    words = surface.split()
    if len(words) < 2 or not surface.isascii() or words[-1].casefold() not in LATIN_UNITS:
        return None
    return " ".join(words[:-1])
