"""Round 43 (issue 13): places written in Thai letters against their Latin spelling (``thai``:
each consonant by its RTGS spelling, initial or final; vowels, tone marks and silenced letters
read as vowels or nothing), blocked both ways by a coarse consonant key. Development data: every
set up to r45. The names below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.abjad import arabic_spelling
from worlddb.resolver.thai import is_thai, latin_key, thai_keys, thai_spelling

pytestmark = pytest.mark.worlddb(recluster=False)


@pytest.mark.parametrize(
    ("thai", "latin"),
    [
        ("บางนา", "Bang Na"),
        ("เชียงใหม่", "Chiang Mai"),  # a vowel written before its consonant, "ห" unwritten
        ("ลำปาง", "Lampang"),  # SARA AM: a with a final m
        ("สุโขทัย", "Sukhothai"),
        ("นครปฐม", "Nakhon Pathom"),  # "ร" ending a syllable is n
        ("ทุ่งครุ", "Thung Khru"),  # a tone mark and a vowel below are read as vowels
    ],
)
def test_a_thai_place_name_and_its_latin_spelling(thai: str, latin: str) -> None:
    assert is_thai(thai)
    assert thai_spelling(thai, latin)
    assert latin_key(latin) in thai_keys(thai)  # both are blocked under one key


def test_other_names_are_not_read_as_it() -> None:
    assert not thai_spelling("บางนา", "Bang Kho")
    assert not thai_spelling("เชียงใหม่", "Chiang Rai")
    assert not thai_spelling("Chiang Mai", "Chiang Mai")  # not in Thai letters
    assert thai_keys("นา") == ()  # one consonant class: too short to say anything
    # the reader shared with the Arabic letters still reads them as before
    assert arabic_spelling("قطابر", "Qatabir")


def test_a_thai_place_resolves_both_ways(db: WorldDB) -> None:
    chiang_mai, lampang = store_all(db, ("Place", "Chiang Mai"), ("Place", "ลำปาง"))
    assert resolve(db, "Place", "เชียงใหม่").world_id == chiang_mai
    assert resolve(db, "Place", "Lampang").world_id == lampang
    assert resolve(db, "Person", "Lampang").world_id is None  # places only
