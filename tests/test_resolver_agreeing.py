"""One word mistyped among words that agree (issue 13, round 16): the other words vouch, so a
stray letter struck with any key is a typo, unless the typed word is a known name."""

from __future__ import annotations

import pytest

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.agreeing import typo_among_agreeing
from worlddb.resolver.forms import fold_words, name_form
from worlddb.resolver.similarity import compare_names

pytestmark = pytest.mark.worlddb(recluster=False)


def agree(query: str, stored: str) -> float | None:
    return typo_among_agreeing(fold_words(query), fold_words(stored))


def test_a_stray_letter_among_agreeing_words_is_a_typo() -> None:
    # "f" is no neighbour of "s" or "e": the slip model alone reads "Horsfe" as another word
    assert agree("White Horsfe Cable Factory", "White Horse Cable Factory") is not None
    assert agree("Oce Pridnting Systems", "Oce Printing Systems") is not None
    match = compare_names(name_form("Pridnting Systems GmbH"), name_form("Printing Systems GmbH"))
    assert match is not None and match.evidence == "typo" and match.score > 0.95


def test_what_stays_apart() -> None:
    assert agree("Johansson Lindström", "Johansson Lundström") is None  # a known surname
    assert agree("Horsfe", "Horse") is None  # one word: nothing vouches
    assert agree("Horsfe Ltd", "Horse Ltd") is None  # a legal form does not vouch
    assert agree("Dare County", "Darke County") is None  # too short a word
    assert agree("White Horsfe Cable", "White Horse Table") is None  # two words differ
    assert agree("White Hxrsfe Cable", "White Horse Cable") is None  # two edits
    # people keep the proper-name rules: a letter added that no key explains is another name
    assert (
        compare_names(name_form("Ana Calrvalho"), name_form("Ana Carvalho"), personal=True) is None
    )


def test_resolution_finds_the_company(db: WorldDB) -> None:
    (factory,) = store_all(db, ("Organization", "Dongguan White Horse Cable Factory, Ltd"))
    found = TieredResolver(db.store).resolve(
        WorldSpec(type="Organization", name="Dongguan White Horsfe Cable Factory, Ltd")
    )
    assert (found.world_id, found.tier) == (factory, "fuzzy")
