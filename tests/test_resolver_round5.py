"""Round-5 matching (issue 13), on by default (``ResolverSettings.round5_matching``): class
words at a name's end, unlisted titles, names across scripts, syllabic acronyms; and what
stays apart."""

from __future__ import annotations

import pytest

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Resolution, WorldSpec
from worlddb.resolver import ResolverSettings, TieredResolver
from worlddb.resolver.aliases import stored_acronyms, syllabic, syllabic_keys
from worlddb.resolver.forms import cross_script_key, unlisted_titles

pytestmark = pytest.mark.worlddb(recluster=False)

ON = ResolverSettings(round5_matching=True)
OFF = ResolverSettings(round5_matching=False)  # the round-4 resolver


def resolve(db: WorldDB, kind: str, name: str, settings: ResolverSettings = ON) -> Resolution:
    return TieredResolver(db.store, settings=settings).resolve(WorldSpec(type=kind, name=name))


def test_cross_script_keys_unify_romanisation_choices_only() -> None:
    # Ukrainian г as h, Russian as g; ц as ts, c or cz; ч as ch or cz
    assert cross_script_key("hnatiuk") == cross_script_key("gnatjuk")
    assert cross_script_key("tsvetkova") == cross_script_key("cvetkova")
    assert cross_script_key("tsvetkova") == cross_script_key("czvetkova")
    assert cross_script_key("petrov") != cross_script_key("petrash")


def test_unlisted_titles_keep_two_words_and_known_given_names() -> None:
    assert unlisted_titles("Kapitän Lena Brandt") == "Lena Brandt"
    assert unlisted_titles("Lena Brandt") is None  # two words always remain
    assert unlisted_titles("Mary Lena Brandt") is None  # a census given name is no title


def test_syllabic_acronyms_need_every_word_and_a_longer_cut() -> None:
    assert syllabic("febraban", "Federação Brasileira de Bancos")
    assert not syllabic("fbb", "Federação Brasileira de Bancos")  # plain initials: other path
    assert not syllabic("febrax", "Federação Brasileira de Bancos")
    assert "fbb" in syllabic_keys("febraban")
    assert "ufa" in stored_acronyms("Universidade Federal do Acre", particles=True)
    assert "ufa" not in stored_acronyms("Universidade Federal do Acre")


@pytest.mark.parametrize(
    ("kind", "stored", "query"),
    [
        ("Place", "Springfield", "Springfield City"),
        ("Tool", "Fooblitz License", "Fooblitz"),
        ("Person", "Lena Brandt", "Kapitän Lena Brandt"),
        ("Person", "Благодар Гнатюк", "Blahodar Hnatiuk"),
        ("Organization", "Serviço Nacional de Aprendizagem Industrial", "SENAI"),
    ],
)
def test_round5_finds_the_variant_only_when_switched_on(
    db: WorldDB, kind: str, stored: str, query: str
) -> None:
    (target, _) = store_all(db, (kind, stored), (kind, "Miriam Vance"))
    result = resolve(db, kind, query)
    assert (result.outcome, result.world_id) == ("resolved", target)
    assert result.tier != "exact"  # a proposal, never a silent merge
    assert result.outcome != resolve(db, kind, query, OFF).outcome


def test_round5_matching_is_the_default() -> None:
    assert ResolverSettings().round5_matching and ResolverSettings() == ON


@pytest.mark.parametrize(
    ("kind", "stored", "query"),
    [
        ("Person", "Благодар Гнатюк", "Blahodar Hnatyshyn"),  # another family
        ("Organization", "Springfield", "Springfield City"),  # "city" is a class word of places
        ("Organization", "Serviço Nacional de Aprendizagem Industrial", "SENAX"),
    ],
)
def test_round5_keeps_apart(db: WorldDB, kind: str, stored: str, query: str) -> None:
    store_all(db, (kind, stored), (kind, "Miriam Vance"))
    assert resolve(db, kind, query).outcome == "new"
