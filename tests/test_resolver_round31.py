"""Round 31 (issue 13): a Chinese place name ends with its unit (區 district, 鄉 township, 鎮
town, 縣 county, 市 city) and its English name with the unit's word; across scripts the two
are compared without them ("瑞芳區" / "Ruifang District"), in Latin letters never ("Orange
County" is not "Orange"). Pinyin syllables are compared with their vowels: "Taitung" is not
"Taoyuan", though both keep only "t" and "n". Development data: every set up to r30 (r30 read
after round 30)."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.romanised import han
from worlddb.resolver.units import latin_unit_dropped, unit_dropped

pytestmark = pytest.mark.worlddb(recluster=False)


def test_units_either_side() -> None:
    assert unit_dropped("瑞芳區") == "瑞芳"  # traditional characters, as Taiwan writes them
    assert unit_dropped("芎林鄉") == "芎林"
    assert unit_dropped("北港鎮") == "北港"
    assert unit_dropped("區") is None  # a unit alone is no name
    assert latin_unit_dropped("Ruifang District") == "Ruifang"
    assert latin_unit_dropped("Wang'an Township") == "Wang'an"
    assert latin_unit_dropped("District") is None
    assert latin_unit_dropped("Ruifang") is None
    assert han("桃園市") and not han("Taoyuan") and not han("용산구")


def test_a_chinese_place_meets_its_english_name_both_ways(db: WorldDB) -> None:
    ruifang, dongshan, sihu = store_all(
        db, ("Place", "瑞芳區"), ("Place", "Dongshan District"), ("Place", "四湖鄉")
    )
    assert resolve(db, "Place", "Ruifang District").world_id == ruifang
    assert resolve(db, "Place", "東山區").world_id == dongshan
    assert resolve(db, "Place", "Sihu Township").world_id == sihu
    assert resolve(db, "Place", "Siaya").world_id is None  # "s" alone is no key of "Sihu"


def test_a_unit_word_is_kept_in_latin_letters(db: WorldDB) -> None:
    store_all(db, ("Place", "Orange"))
    assert resolve(db, "Place", "Orange County").world_id is None


def test_pinyin_consonants_alone_name_nothing(db: WorldDB) -> None:
    store_all(db, ("Place", "桃園市"))
    assert resolve(db, "Place", "Taitung City").world_id is None
