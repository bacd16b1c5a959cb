"""Round 23 (issue 13): a short place name typed one slip off a stored place's name is that
place when no list knows the typed word (a spelling checker's non-word error); a typed word that
is a town's or a person's name is still another name. Development data: r22 and every earlier
set; r23 was built blind before this round."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.places import is_place_name
from worlddb.resolver.similarity import compare_names, name_form

pytestmark = pytest.mark.worlddb(recluster=False)


def test_a_place_name_is_known_by_any_of_its_names() -> None:
    assert is_place_name("Narvik")
    assert is_place_name("narvik")  # case aside
    assert is_place_name("Bozen")  # Bolzano's German name
    assert is_place_name("Zurich")  # accents aside: Zürich
    assert not is_place_name("Narvk")
    assert not is_place_name("")


def test_an_unlisted_short_place_name_one_slip_off_is_a_typo(db: WorldDB) -> None:
    narvik, harlan = store_all(db, ("Place", "Narvik"), ("Place", "Harlan"))
    assert resolve(db, "Place", "Narvk").world_id == narvik  # a letter left out
    assert resolve(db, "Place", "Halran").world_id == harlan  # two letters swapped


def test_a_listed_word_one_slip_off_is_another_name(db: WorldDB) -> None:
    (pisa,) = store_all(db, ("Place", "Pisa"))
    assert resolve(db, "Place", "Lisa").world_id != pisa  # a given name (and p / l are keys apart)
    narvik = name_form("Narvik")
    assert compare_names(name_form("Narvk"), narvik, place=True) is not None
    assert compare_names(name_form("Narvk"), narvik) is None  # not two places: no rule lifted


def test_a_coined_name_of_a_company_still_needs_more(db: WorldDB) -> None:
    # a company's or product's name is coined: that no list knows the typed word says nothing
    (firm,) = store_all(db, ("Organization", "Narvik"))
    assert resolve(db, "Organization", "Narvk").world_id != firm
