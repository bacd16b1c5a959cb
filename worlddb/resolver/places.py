"""Places written with more than their name: a region after a comma, a kind of unit at the end.

"Vincennes, Indiana", "Springfield, Ill." and "Perth, WA" name Vincennes, Springfield and Perth;
"용산구" (Yongsan District) and "横浜市" (Yokohama City) name 용산 and 横浜. The tiered resolver
compares a place also by this core (``place_core``), on one side of a pair at a time, so "Paris,
France" is never compared as "Paris" with "Paris, Texas". Pure: the regions it recognises are
the Place alias groups of ``aliases`` (countries, subdivisions, US states and their AP forms).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from worlddb.normalize import normalize_name
from worlddb.resolver.aliases import alias_types

__all__ = ["MIN_UNIT_CORE", "place_core", "unit_dropped", "unqualified"]


def place_core(surface: str) -> str | None:
    """A place's name without the region after its comma or the unit it ends with."""
    return unqualified(surface) or unit_dropped(surface)


@lru_cache(maxsize=65536)
def unqualified(surface: str) -> str | None:
    """A place's name without the region written after it ("Vincennes, Indiana", "Springfield,
    Ill.", "Perth, WA", "Paris, France" → the first part), else ``None``: the qualifier must be
    a country, subdivision or state name or code of the alias groups, so "Washington, D.C." as a
    whole and "Bonaire, Sint Eustatius and Saba" (not a region after a comma) stay names."""
    head, comma, tail = surface.rpartition(",")
    if not comma or not head.strip() or not normalize_name(tail):
        return None
    if alias_types(surface):
        return None  # the whole surface is a name of its own ("Washington, D.C.")
    if "Place" not in alias_types(tail):
        return None
    return head.strip()


MIN_UNIT_CORE: Final = 2  # syllables or characters that must remain
_UNIT_SYLLABLES: Final = frozenset("도시군구읍면동리")
"""The last syllable of a Korean place name that names its kind of unit, which usage drops
(South Korea's administrative divisions: -do, -si, -gun, -gu, -eup, -myeon, -dong, -ri)."""
_UNIT_CHARACTERS: Final = frozenset("都道府県市区町村郡省州縣县")
"""The same for Japanese and Chinese place names (prefecture, city, ward, town, village,
district, province: 東京都, 横浜市, 港区; 广州市, 四川省)."""


def _hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


def _han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


@lru_cache(maxsize=65536)
def unit_dropped(surface: str) -> str | None:
    """A Korean, Japanese or Chinese place name without the unit it ends with ("용산구" →
    "용산", "横浜市" → "横浜"), else ``None``: at least two syllables or characters remain,
    as usage writes such names ("용산", but never a one-syllable "용")."""
    text = surface.strip()
    last = text[-1:]
    if last in _UNIT_SYLLABLES:
        core = text[:-1].rstrip("_ ")
        letters = [c for c in core if _hangul(c)]
    elif last in _UNIT_CHARACTERS:
        core = text[:-1].rstrip("_ ")
        letters = [c for c in core if _han(c) or "\u3040" <= c <= "\u30ff"]
    else:
        return None
    tail = core.replace("_", " ").split()[-1:] if core else []
    if not tail or len([c for c in tail[0] if c in letters]) < MIN_UNIT_CORE:
        return None
    return core
