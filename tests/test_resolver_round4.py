"""Identity across scripts, written-short titles, subdivision codes, tool aliases (issue 13,
round 4): each mechanism on names it was not tuned on, and what it must still keep apart."""

from __future__ import annotations

import pytest

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Resolution, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.aliases import alias_names, query_acronym
from worlddb.resolver.forms import name_form, umlaut_spelling, untitled
from worlddb.resolver.romanised import foreign_script, skeletons

pytestmark = pytest.mark.worlddb(recluster=False)


def resolve(db: WorldDB, kind: str, name: str) -> Resolution:
    return TieredResolver(db.store).resolve(WorldSpec(type=kind, name=name))


# -- across scripts ------------------------------------------------------------------------------
def test_romanisation_skeletons_agree_across_systems() -> None:
    assert foreign_script("Мирон Верес") and not foreign_script("Søren Łukasz")
    # anyascii, GOST-style and English-style romanisations of one Cyrillic surname
    assert skeletons("Охримович")[0] == skeletons("Okhrimovich")[0] == skeletons("Okhrimovych")[0]
    assert skeletons("司徒美彤")[1] == skeletons("Situ Meitong")[1]  # one word or two: one key
    assert skeletons("Miron Veres")[0] != skeletons("Boris Petrov")[0]


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Мирон Верес", "Miron Veres"),
        ("Варвара Охримович", "Varvara Ohrimovich"),  # another romanisation than anyascii's
        ("Ιάκωβος Δημητρίου", "Iakovos Dimitriou"),
        ("司徒美彤", "Situ Meitong"),
        ("Miron Veres", "Мирон Верес"),  # the query in the other script
    ],
)
def test_a_name_stored_in_another_script_is_found_by_its_romanisation(
    db: WorldDB, stored: str, query: str
) -> None:
    (target, _) = store_all(db, ("Person", stored), ("Person", "Miriam Vance"))
    result = resolve(db, "Person", query)
    assert (result.outcome, result.world_id) == ("resolved", target)
    assert result.tier != "exact"  # a proposal, never a silent merge


def test_romanisation_blocking_does_not_pair_two_people(db: WorldDB) -> None:
    store_all(db, ("Person", "Мирон Верес"))
    assert resolve(db, "Person", "Marina Voronova").outcome == "new"


# -- written-short titles ------------------------------------------------------------------------
def test_untitled_drops_abbreviated_titles_and_dotted_degrees_only() -> None:
    assert untitled("Dr. med. Hans Weber") == "Hans Weber"
    assert untitled("Univ.Prof. Nuyan Seven") == "Nuyan Seven"
    assert untitled("Ann Lee, LL.D") == "Ann Lee"
    assert untitled("John Smith, Jr.") == "John Smith Jr"  # a suffix still tells people apart
    assert untitled("J.R. Smith") == "J.R. Smith"  # initials are the name
    assert untitled("Dr. Smith") == "Dr. Smith"  # two words always remain
    assert name_form("Otis Guerrero, M.D.", True).words == ("otis", "guerrero")


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Hans Weber", "Dr. med. Hans Weber"),
        ("MUDr. Ignác Bartoš", "Ignác Bartoš"),
        ("Otis Guerrero", "Otis Guerrero, M.D."),
    ],
)
def test_titles_written_short_never_block_a_match(db: WorldDB, stored: str, query: str) -> None:
    (target,) = store_all(db, ("Person", stored))
    assert resolve(db, "Person", query).world_id == target


def test_a_title_does_not_make_two_people_one(db: WorldDB) -> None:
    store_all(db, ("Person", "Hans Weber"))
    assert resolve(db, "Person", "Dr. med. Greta Weber").outcome == "new"


# -- acronyms and legal forms --------------------------------------------------------------------
def test_a_legal_form_in_capitals_is_not_an_acronym() -> None:
    assert query_acronym("Fischer S.A.D") is None
    assert query_acronym("Heinrich S.A.R.L.") is None
    assert query_acronym("IBM Corp.") == "ibm"
    assert query_acronym("J.P. Morgan") == "jpm"


def test_one_letter_apart_companies_with_a_dotted_form_are_not_proposed(db: WorldDB) -> None:
    store_all(db, ("Organization", "Heidrich S.A.R.L."), ("Organization", "Hallgren S.A."))
    assert resolve(db, "Organization", "Heinrich S.A.R.L.").tier != "acronym"
    assert resolve(db, "Organization", "Hellgren S.A.").tier != "acronym"


# -- places ---------------------------------------------------------------------------------------
def test_lettered_subdivision_codes_are_aliases() -> None:
    assert ("Queensland", "pycountry:ISO 3166-2:AU") in alias_names("QLD", ["Place"])
    assert ("Saskatchewan", "pycountry:ISO 3166-2:CA") in alias_names("SK", ["Place"])
    assert alias_names("QLD", ["Person"]) == []


def test_place_short_forms_resolve(db: WorldDB) -> None:
    qld, rosa = store_all(db, ("Place", "Queensland"), ("Place", "Santa Rosa"))
    result = resolve(db, "Place", "QLD")
    assert (result.world_id, result.tier) == (qld, "alias")
    assert any("ISO 3166-2:AU" in reason for reason in result.evidence)
    assert resolve(db, "Place", "St. Rosa").world_id == rosa


# -- tools ----------------------------------------------------------------------------------------
def test_tool_aliases_come_from_the_lexer_registry_and_shorten_the_name() -> None:
    from worlddb.resolver.alias_groups import _tool_groups

    lexers = {g[2][0]: g[2][1:] for g in _tool_groups() if g[1] == "pygments:lexer aliases"}
    assert "make" in lexers["Makefile"] and "rst" in lexers["reStructuredText"]
    assert {"Makefile", "makefile"} & {name for name, _ in alias_names("make", ["Tool"])}
    assert all(name != "sage" for name, _ in alias_names("Python", ["Tool"]))  # not a shortening


def test_a_tool_alias_resolves_as_a_proposal(db: WorldDB) -> None:
    (coffee,) = store_all(db, ("Tool", "CoffeeScript"))
    result = resolve(db, "Tool", "coffee")
    assert (result.world_id, result.tier) == (coffee, "alias")


# -- umlauts written out ----------------------------------------------------------------------
def test_umlauts_written_out_are_one_spelling() -> None:
    assert umlaut_spelling("mueller", "muller") and umlaut_spelling("schroeder", "schroder")
    assert not umlaut_spelling("joel", "jol")  # too short to be a convention
    assert not umlaut_spelling("mueller", "miller")


def test_a_surname_with_its_umlaut_written_out_is_found(db: WorldDB) -> None:
    target, _ = store_all(db, ("Person", "Annette Müller"), ("Person", "Annette Miller"))
    result = resolve(db, "Person", "Annette Mueller")
    assert (result.outcome, result.world_id) == ("resolved", target)


# -- legal forms written out ------------------------------------------------------------------
def test_iso_20275_legal_forms_written_out_read_as_their_abbreviation() -> None:
    assert name_form("Siemens Aktiengesellschaft").words == ("siemens",)
    assert name_form("Siemens Aktiengesellschaft").suffix == frozenset({"ag"})
    assert "gmbh" in name_form("Harper Gesellschaft mit beschränkter Haftung").suffix
    assert name_form("Acme Foundation").words == ("acme", "foundation")  # English: a word


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Siemens Aktiengesellschaft", "Siemens"),
        ("Harper Logistik GmbH", "Harper Logistik Gesellschaft mit beschränkter Haftung"),
    ],
)
def test_a_company_is_found_without_or_with_its_legal_form_written_out(
    db: WorldDB, stored: str, query: str
) -> None:
    (target,) = store_all(db, ("Organization", stored))
    assert resolve(db, "Organization", query).world_id == target


def test_two_legal_forms_keep_two_companies_apart(db: WorldDB) -> None:
    store_all(db, ("Organization", "Harper Logistik Aktiengesellschaft"))
    assert resolve(db, "Organization", "Harper Logistik SARL").outcome == "new"
