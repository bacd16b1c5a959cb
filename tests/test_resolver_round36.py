"""Round 36 (issue 13): two names in Hangul one syllable apart are two entities whatever their
type, as two people's already were (``korean.other_hangul_name``): Hangul has no keyboard model
here, and "봉성면" / "공성면" romanise one letter apart. A place's name with its unit and
without it still meet. Development data: every set up to r35. The names below are none of
theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.korean import other_hangul_name

pytestmark = pytest.mark.worlddb(recluster=False)


def test_a_syllable_apart_is_another_name_for_every_type() -> None:
    assert other_hangul_name("한강면", "안강면", personal=False)
    assert other_hangul_name("김영일", "김영길")
    assert not other_hangul_name("용산구", "용산", personal=False)  # its unit left out
    assert other_hangul_name("용산구", "용산")  # a person's name has no unit
    assert not other_hangul_name("한강면", "한강면", personal=False)


def test_places_and_companies_a_syllable_apart_are_not_proposed(db: WorldDB) -> None:
    store_all(db, ("Place", "한강면"), ("Organization", "동원산업"))
    assert resolve(db, "Place", "안강면").world_id is None
    assert resolve(db, "Organization", "동언산업").world_id is None


def test_a_place_still_meets_its_name_without_its_unit(db: WorldDB) -> None:
    (yongsan,) = store_all(db, ("Place", "용산구"))
    assert resolve(db, "Place", "용산").world_id == yongsan
