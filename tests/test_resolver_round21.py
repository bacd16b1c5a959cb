"""Round 21 (issue 13): two towns' own names one letter apart are two towns, as two known
surnames are two families; a slip that spells no town is still a slip. Development data: r20
and every earlier set."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.places import two_places

pytestmark = pytest.mark.worlddb(recluster=False)


def test_two_towns_by_their_own_names() -> None:
    assert two_places("Antalya", "Antakya")  # two Turkish cities
    assert two_places("Riesi", "Rieti")  # two Italian towns
    assert two_places("Trnava", "Trnávka")  # accents count: the village is Trnávka


def test_a_slip_or_another_name_of_one_town_is_not_two() -> None:
    assert not two_places("Narvik", "Narvk")  # no town is named Narvk
    assert not two_places("Bolzano", "Bozen")  # Bozen is Bolzano's other name, not a town's own
    assert not two_places("Antalya", "antalya")  # one name


def test_a_town_one_letter_off_another_stays_apart(db: WorldDB) -> None:
    antalya, narvik = store_all(db, ("Place", "Antalya"), ("Place", "Narvik"))
    assert resolve(db, "Place", "Antakya").world_id != antalya
    assert resolve(db, "Place", "Antalyq").world_id == antalya  # a slip (a, q) still resolves
    assert resolve(db, "Place", "Narvikk").world_id == narvik
    # a company's name one QWERTY slip off (k / l) that makes another town's name is that
    # town's company (round 48: a real-word slip is not read as one); a non-word is still a typo
    (firm,) = store_all(db, ("Organization", "Antalya"))
    assert resolve(db, "Organization", "Antakya").world_id != firm
    assert resolve(db, "Organization", "Antalyq").world_id == firm
