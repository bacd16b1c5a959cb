"""Round 38 (issue 13): a legal form is read as the listed one (ISO 20275, ``cleanco``) when its
last word is inflected ("Anonim Şirketi": Turkish writes the possessive, ISO lists "anonim
şirket"), when its words come in another order ("komanditní společnost" / ISO's "společnost
komanditní"), or when its ISO abbreviation is written word by word ("Ltd. Şti." / "ltdsti")
(``legal_suffixes._listed_as``). Development data: every set up to r37. The names below are none
of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.forms import name_form

pytestmark = pytest.mark.worlddb(recluster=False)


@pytest.mark.parametrize(
    ("short", "long_"),
    [
        ("Yıldızeli A.Ş.", "Yıldızeli Anonim Şirketi"),  # the last word inflected
        ("Yıldızeli Ltd. Şti.", "Yıldızeli Limited Şirketi"),  # abbreviated word by word
        ("Procházka k.s.", "Procházka komanditní společnost"),  # the words in another order
    ],
)
def test_a_form_written_out_reads_as_its_abbreviation(short: str, long_: str) -> None:
    a, b = name_form(short), name_form(long_)
    assert a.words == b.words
    assert a.suffix & b.suffix


def test_two_forms_stay_two() -> None:
    a, b = name_form("Yıldızeli Ltd. Şti."), name_form("Yıldızeli Anonim Şirketi")
    assert a.words == b.words and not a.suffix & b.suffix


def test_companies_resolve_across_the_two_writings(db: WorldDB) -> None:
    ege, prochazka = store_all(
        db,
        ("Organization", "Egekent Anonim Şirketi"),
        ("Organization", "Procházka komanditní společnost"),
    )
    assert resolve(db, "Organization", "Egekent A.Ş.").world_id == ege
    assert resolve(db, "Organization", "Procházka k.s.").world_id == prochazka
    assert resolve(db, "Organization", "Egekent Ltd. Şti.").world_id is None  # another form
