"""East Slavic pet forms of given names, by how they are made rather than from a table. Pure.

Russian, Ukrainian and Belarusian pet forms are a part of the full name, a syllable or two, with
a diminutive ending: "Катя" (kat-ya) / "Екатерина", "Ваня" (van-ya) / "Иван", "Ксюша" (ks-yusha) /
"Ксения", "Колян" (kol-yan) / "Николай", "Маруся" (mar-usya) / "Мария". No maintained package
lists them (the English ``nicknames`` table knows none, ``nam_dict`` few), so the endings come
from the grammars' lists of diminutive suffixes (-ша, -ся, -ня, -ля, -ха, -юша, -уша, -ушка,
-очка, -ечка, -ян, -ёжа), read in Latin letters as the resolver folds Cyrillic ("Серёжа" →
serezha, "Ксения" → kseniya). The bare ending -а ("Ира" / "Ирина", "Юра" / "Юрий") is read only
against a full name with an East Slavic given name's ending (-ий, -ия, -ина). The resolver asks
only of names written in Cyrillic (``forms.NameForm.cyrillic``): in Latin letters these endings
make too many names of their own ("Marsha" is not Maria's, "Bryan" not Bradley's). Words are
folded, lowercase ASCII.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

__all__ = ["slavic_pet_form"]

SUFFIXES: Final = (
    "ochka", "echka", "yushka", "ushka", "yusha", "usha", "yusya", "usya", "ezha", "yozha",
    "sha", "sya", "nya", "lya", "kha", "yan", "ya",
)  # fmt: skip
"""Diminutive endings in the resolver's Latin letters, longest first."""
KEPT_CONSONANT: Final = ("nya", "lya")
"""Endings whose consonant comes from the name ("Таня" / "Татьяна"), not "Тамара"."""

FULL_ENDINGS: Final = ("iy", "iya", "ina")
"""East Slavic given names' endings (-ий, -ия, -ина) that let a bare -a mark a pet form."""
MIN_STEM: Final = 2  # letters of the full name a pet form keeps: "Ксюша" keeps "кс"
MIN_INNER_STEM: Final = 3  # ... from within it ("Катя": "кат" of "Екатерина"), or before -я
MIN_CLIPPED: Final = 4  # "Евген" / "Евгений": the name less its ending


@lru_cache(maxsize=65536)
def slavic_pet_form(a: str, b: str) -> bool:
    """Whether one of two folded given names is an East Slavic pet form of the other (see the
    module docstring): a part of the other name (its start, or three letters or more from
    within it) with a diminutive ending, or the other name less its -ий / -ия ending."""
    if a == b or not a.isalpha() or not b.isalpha():
        return False
    return _pet_form(a, b) or _pet_form(b, a)


def _pet_form(pet: str, name: str) -> bool:
    for ending in FULL_ENDINGS:
        stem = name[: -len(ending)]
        if name.endswith(ending) and pet == stem and len(stem) >= MIN_CLIPPED:
            return True  # "evgen" / "evgeniy"
    endings = [*SUFFIXES, "a"] if name.endswith(FULL_ENDINGS) else SUFFIXES
    for ending in endings:
        if not pet.endswith(ending):
            continue
        stem = pet[: -len(ending)]
        least = MIN_INNER_STEM if ending == "ya" else MIN_STEM
        if len(stem) < least or stem == name:
            continue  # "Roberta" / "Robert" never gets here: "Robert" has no Slavic ending
        if ending in KEPT_CONSONANT and ending[0] not in name[len(stem) :]:
            continue
        if name.startswith(stem) or (len(stem) >= MIN_INNER_STEM and stem in name[1:]):
            return True
    return False
