"""Round 45 (issue 13): Moroccan spellings of places in Arabic letters: "ك" written g in Amazigh
names ("زاكورة" / Zagora), a word-initial alif with any vowel or none ("ايسافن" / Issafen), and
the article left out of a later word ("عين الشكاك" / Ain Cheggag) in the blocking key too.
Development data: every set up to r50. The names below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.abjad import arabic_keys, arabic_spelling, latin_key

pytestmark = pytest.mark.worlddb(recluster=False)


def test_moroccan_spellings() -> None:
    assert arabic_spelling("تاكلفت", "Tagelft")  # "ك" as g
    assert arabic_spelling("تاكلفت", "Taklaft")  # ... and still as k
    assert arabic_spelling("امزميز", "Imzmiz")  # an initial alif as i
    assert not arabic_spelling("راب\u06a9", "Rabag")  # Persian "ک" (keheh) is k; its g is "گ"
    assert arabic_spelling("راب\u06a9", "Rabak")
    assert not arabic_spelling("تاكلفت", "Tagount")


def test_the_article_of_a_later_word_may_go_unwritten_in_the_key() -> None:
    keys = arabic_keys("سيدي الغريب")
    assert latin_key("Sidi Gharib") in keys
    assert latin_key("Sidi El Gharib") in keys


def test_a_moroccan_place_resolves_both_ways(db: WorldDB) -> None:
    tagelft, gharib = store_all(db, ("Place", "Tagelft"), ("Place", "سيدي الغريب"))
    assert resolve(db, "Place", "تاكلفت").world_id == tagelft
    assert resolve(db, "Place", "Sidi Gharib").world_id == gharib
