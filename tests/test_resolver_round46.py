"""Round 46 (issue 13): people's names in Arabic letters against their Latin spelling, read word
by word (``abjad.arabic_name_spelling``), and the Latin people a name's consonant key meets kept
as candidates only when it spells them so. Development data: every set up to r52. The names
below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.abjad import arabic_name_spelling

pytestmark = pytest.mark.worlddb(recluster=False)


def test_a_persons_name_is_read_word_by_word() -> None:
    assert arabic_name_spelling("كاظم الساعدي", "Kadhim Al-Saadi")
    assert arabic_name_spelling("كاظم الساعدي", "Kazem Alsaedi")
    assert not arabic_name_spelling("محمود علي", "Muhammad Ali")  # "و" is written
    assert not arabic_name_spelling("كاظم الساعدي", "Kadhimal Saadi")  # two words, not these
    assert not arabic_name_spelling("كاظم", "Kadhim Saadi")  # as many words


def test_an_arabic_name_finds_the_person_it_spells(db: WorldDB) -> None:
    kadhim, _ = store_all(db, ("Person", "Kadhim Al-Saadi"), ("Person", "Kazim Sadiq"))
    assert resolve(db, "Person", "كاظم الساعدي").world_id == kadhim
    assert resolve(db, "Place", "كاظم الساعدي").world_id is None  # a person, not a place
