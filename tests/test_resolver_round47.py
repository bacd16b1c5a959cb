"""Round 47 (issue 13): a letter of the Arabic script with a hamza or madda is read as its bare
letter when names are folded ("آرش" / "ارش"), as a Latin letter's accent is dropped: ``anyascii``
wrote the first "arsh" and the second "rsh". Development data: every set up to r54. The names
below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.forms import fold_words

pytestmark = pytest.mark.worlddb(recluster=False)


@pytest.mark.parametrize(
    ("marked", "bare"),
    [("آوا", "اوا"), ("مؤید", "موید"), ("هائل", "هايل"), ("إسراء", "اسراء"), ("ٱلنور", "النور")],
)
def test_a_hamza_or_madda_folds_away(marked: str, bare: str) -> None:
    assert fold_words(marked) == fold_words(bare)


def test_other_letters_and_latin_accents_fold_as_before() -> None:
    assert fold_words("Zoë Ørsted") == ("zoe", "orsted")
    assert fold_words("آوا") != fold_words("آرا")  # another letter is another name


def test_a_persian_name_with_and_without_its_madda_resolves(db: WorldDB) -> None:
    (ava,) = store_all(db, ("Person", "آوا کرمانی"))
    assert resolve(db, "Person", "اوا کرمانی").world_id == ava
