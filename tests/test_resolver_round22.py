"""Round 22 (issue 13): a leading word read as an unlisted title must leave a given name
behind, not a family name alone ("Naji Al Sheikh" is not "Al Sheikh" with a title).
Development data: r21 and every earlier set."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.forms import unlisted_titles

pytestmark = pytest.mark.worlddb(recluster=False)


def test_a_family_name_with_its_particle_is_not_a_whole_name() -> None:
    assert unlisted_titles("Naji Al Sheikh") is None
    assert unlisted_titles("ناجي آل الشيخ") is None  # Al (آل) in Arabic script
    assert unlisted_titles("فطين أبو داوود") is None  # Abu (أبو)
    assert unlisted_titles("Naji al-Sheikh Hamdan") is None
    assert unlisted_titles("المهندسة آلاء بكيل") == "آلاء بكيل"  # Alaa, a given name, folds as Al


def test_unlisted_titles_are_still_set_aside() -> None:
    assert unlisted_titles("Magister Naji Al Sheikh") == "Naji Al Sheikh"
    assert unlisted_titles("Katariina Anneli Markkula") == "Anneli Markkula"


def test_two_people_of_one_family_stay_two(db: WorldDB) -> None:
    (hasanin,) = store_all(db, ("Person", "حسنين آل الشيخ"))
    assert resolve(db, "Person", "ناجي آل الشيخ").world_id != hasanin
    assert resolve(db, "Person", "Magister حسنين آل الشيخ").world_id == hasanin
