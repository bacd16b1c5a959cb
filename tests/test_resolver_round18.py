"""Round 18 (issue 13): places' other names from GeoNames, languages' file extensions from
``pygments`` and short names from GitHub Linguist; what each must not reach. Development data:
r17 and every earlier set."""

from __future__ import annotations

import gzip
import io
from importlib import resources

import numpy as np
import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.alias_groups import alias_names
from worlddb.resolver.places import INDEX, build_index, place_key, place_names, places_text

pytestmark = pytest.mark.worlddb(recluster=False)


def _other(surface: str) -> set[str]:
    return {name for name, _ in place_names(surface)}


def test_places_artifact_is_the_built_one_and_credits_its_source() -> None:
    raw = resources.files("worlddb.resolver").joinpath("data/places.tsv.gz").read_bytes()
    lines = gzip.decompress(raw).decode("utf-8").splitlines()
    assert "GeoNames" in lines[2] and "CC BY 4.0" in lines[2]
    places = [line.split("\t") for line in lines if not line.startswith("#")]
    assert len(places) == 234_908  # every place of cities500 (make_resolver_places.py)
    assert all(len(p) == 3 and p[1].isdigit() and p[2] for p in places)
    assert sum(p[2].count("|") for p in places) == 737_604


def test_places_index_is_the_one_built_from_the_data_file() -> None:
    # place_key and key_hash must fold exactly as when the index was built.
    raw = resources.files("worlddb.resolver").joinpath(f"data/{INDEX}").read_bytes()
    with np.load(io.BytesIO(raw)) as committed:
        rebuilt = build_index(places_text())
        for field in ("keys", "rows", "population"):
            assert np.array_equal(committed[field], rebuilt[field]), field


def test_place_key_folds_case_accents_and_punctuation() -> None:
    assert place_key("St. Ulrich in Gröden") == "st ulrich in groden"
    assert place_key("Bal'cana") == "balcana"


def test_a_towns_other_official_and_historical_names() -> None:
    assert "Bolzano" in _other("Bozen") and "Bozen" in _other("Bolzano")
    assert "Valdaora" in _other("Olang")  # a village of 3,000 in South Tyrol
    assert "Helsinki" in _other("Helsingfors")
    assert "Munich" in _other("Мюнхен") and "Uthai Thani" in _other("อุทัยธานี")  # other scripts
    assert "München" in _other("Munich") and "Praha" in _other("Prag")
    assert dict(place_names("Bozen"))["Bolzano"] == "geonames:IT"
    assert "Zurich" in _other("Zurigo")  # the own name unaccented too, as a store may hold it


def test_a_shared_name_reads_as_the_place_that_dwarfs_the_others() -> None:
    assert "Frankfurt am Main" in _other("Frankfurt")  # not Frankfurt (Oder), a tenth its size
    assert _other("Springfield") == set()  # dozens of towns, none dominant


def test_a_hamlet_never_reaches_a_city_through_their_shared_name() -> None:
    # "Bolzano" is also a hamlet near Belluno; its name reads as the city, so the hamlet's
    # own line must not lead from "Bolzano Bellunese" to the city.
    assert "Bolzano" not in _other("Bolzano Bellunese")


def test_a_place_written_as_its_own_name_is_that_place() -> None:
    assert "Vienna" not in _other("Veen")  # a Dutch village, and an old name of Vienna
    assert "Bolzano" in _other("Bozen")  # the Swiss "Bözen" only when written with its accent
    assert "Bolzano" not in _other("Bözen")
    assert "Köln" not in _other("Cologne")  # the price: a village in Gers is named Cologne


def test_codes_and_short_surfaces_are_left_to_the_alias_groups() -> None:
    assert alias_names("LA", ["Place"]) == [("Los Angeles", "aliases.tsv:usage")]
    assert alias_names("Bozen", ["Person"]) == []  # places only


def test_the_other_name_resolves_to_the_stored_town(db: WorldDB) -> None:
    bolzano, brunico, vienna = store_all(
        db, ("Place", "Bolzano"), ("Place", "Brunico"), ("Place", "Vienna")
    )
    found = resolve(db, "Place", "Bozen")
    assert found.world_id == bolzano and found.tier == "alias"
    assert found.why(bolzano).startswith("alias:")  # GeoNames, or the province's German name
    assert resolve(db, "Place", "Bruneck").world_id == brunico
    assert resolve(db, "Place", "Wien").world_id == vienna
    assert resolve(db, "Place", "Veen").outcome == "new"
    assert resolve(db, "Organization", "Bozen").outcome == "new"


def test_a_languages_registered_file_extension_is_an_alias(db: WorldDB) -> None:
    from worlddb.resolver.alias_groups import _tool_groups

    pygments_extensions = {g[2] for g in _tool_groups() if g[1] == "pygments:lexer file extensions"}
    assert any(names[0] == "Erlang" and "erl" in names for names in pygments_extensions)
    assert alias_names("erl", ["Tool"])[0][0] == "Erlang"
    assert alias_names("pl", ["Tool"])[0][0] == "Perl"  # Perl's alias, not Prolog's extension
    assert not any(n == "Prolog" for n, _ in alias_names("pl", ["Tool"]))
    erlang, typst = store_all(db, ("Tool", "Erlang"), ("Tool", "Typst"))
    assert resolve(db, "Tool", "erl").world_id == erlang
    assert resolve(db, "Tool", "typ").world_id == typst
    assert resolve(db, "Tool", "ty").outcome == "new"


def test_linguist_artifact_is_the_built_one() -> None:
    text = resources.files("worlddb.resolver").joinpath("data/languages.tsv").read_text("utf-8")
    lines = text.splitlines()
    assert "GitHub Linguist" in lines[1] and "linguist-languages 9.5.0" in lines[1]
    groups = [line.split("\t") for line in lines if not line.startswith("#")]
    assert len(groups) == 339  # make_resolver_languages.py
    assert all(kind == "Tool" and source.startswith("linguist:") for kind, source, _ in groups)


def test_linguist_short_names_and_extensions_one_language_claims(db: WorldDB) -> None:
    assert ("GraphQL", "linguist:file extensions") in alias_names("gql", ["Tool"])
    assert ("Protocol Buffer", "linguist:aliases") in alias_names("Protocol Buffers", ["Tool"])
    # ".as" is ActionScript's and AngelScript's files: it names neither
    assert not any(s.startswith("linguist") for _, s in alias_names("as", ["Tool"]))
    assert alias_names("node", ["Tool"]) == []  # listed for JavaScript, but another tool
    graphql, mermaid = store_all(db, ("Tool", "GraphQL"), ("Tool", "Mermaid"))
    assert resolve(db, "Tool", "gql").world_id == graphql
    assert resolve(db, "Tool", "mmd").world_id == mermaid


def test_english_legal_forms_written_out_are_their_initials() -> None:
    from worlddb.resolver.namedata import legal_form_names, legal_terms

    forms = legal_form_names()
    assert forms[("limited", "liability", "company")] == {"llc"}
    assert forms[("closed", "joint", "stock", "company")] == {"cjsc"}
    assert ("cjsc",) in legal_terms() and ("pjsc",) in legal_terms()
    assert ("trade", "union") not in legal_terms()  # a union is no company-law noun
    assert ("pc",) not in forms  # two-letter initials end product names too ("Acme PC")


def test_a_company_with_its_legal_form_long_or_short(db: WorldDB) -> None:
    azerfon, alfa, jsc = store_all(
        db,
        ("Organization", "Azerfon Limited Liability Company"),
        ("Organization", "Alfa Telecom CJSC"),
        ("Organization", "Sai Gon Vegetable Oil JSC"),
    )
    assert resolve(db, "Organization", "Azerfon LLC").world_id == azerfon
    assert resolve(db, "Organization", "Alfa Telecom").world_id == alfa
    assert resolve(db, "Organization", "Sai Gon Vegetable Oil Joint Stock Company").world_id == jsc
    assert resolve(db, "Organization", "Bakcell Limited Liability Company").outcome == "new"
