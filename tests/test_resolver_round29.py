"""Round 29 (issue 13): a legal form written out carries every abbreviation ISO 20275 gives it,
in any jurisdiction ("Sociedad de Responsabilidad Limitada" is S.R.L. in Argentina, S.L. in
Spain), and a legal form written first may stand for its written-out form or be left out
("PT Besulutu" / "Perseroan Terbatas Besulutu", "АО «Гоббасов»" / "Акционерное общество
«Гоббасов»"). Development data: every set up to r29 (r29 read after round 27)."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.namedata import legal_form_keys, legal_form_names
from worlddb.resolver.similarity import compare_names, name_form
from worlddb.resolver.written_out import form_written_first, without_leading_form

pytestmark = pytest.mark.worlddb(recluster=False)


def _match(a: str, b: str, organisation: bool = True) -> bool:
    return compare_names(name_form(a), name_form(b), organisation=organisation) is not None


def test_a_form_written_out_has_every_abbreviation_the_list_gives_it() -> None:
    keys = legal_form_names()[("sociedad", "de", "responsabilidad", "limitada")]
    assert {"srl", "sl", "ltda"} <= keys
    assert legal_form_keys("sociedadderesponsabilidadlimitada") == keys
    assert legal_form_keys("acme") == {"acme"}  # not a form: its own key
    assert _match("Graneros S.R.L.", "Graneros Sociedad de Responsabilidad Limitada")
    assert _match("Graneros S.L.", "Graneros Sociedad de Responsabilidad Limitada")
    assert not _match("Graneros S.L.", "Graneros S.R.L.")  # two abbreviations: two forms


def test_a_form_written_first() -> None:
    assert form_written_first(("pt", "besulutu"), ("perseroan", "terbatas", "besulutu"))
    assert form_written_first(("niname", "jawai"), ("pt", "niname", "jawai"))  # left out
    assert not form_written_first(("pt", "besulutu"), ("pt", "besulutur"))
    assert not form_written_first(("ibm", "cloud"), ("cloud",))  # "IBM" is no legal form
    assert _match("CV Utan", "Commanditaire Vennootschap Utan")
    assert _match("АО «Гоббасов»", "Акционерное общество «Гоббасов»")
    assert not _match("CV Utan", "Commanditaire Vennootschap Utan", organisation=False)
    assert without_leading_form(("perseroan", "terbatas", "besulutu")) == ("besulutu",)
    assert without_leading_form(("besulutu",)) is None


def test_a_form_written_first_resolves_both_ways(db: WorldDB) -> None:
    besulutu, utan, tool = store_all(
        db,
        ("Organization", "PT Besulutu"),
        ("Organization", "Commanditaire Vennootschap Utan"),
        ("Tool", "Ops Flow"),
    )
    assert resolve(db, "Organization", "Perseroan Terbatas Besulutu").world_id == besulutu
    assert resolve(db, "Organization", "CV Utan").world_id == utan
    assert resolve(db, "Tool", "Flow").world_id is None  # a tool's first word is no legal form
    assert resolve(db, "Tool", "Ops Flow").world_id == tool  # ... and the tool is there


def test_a_word_written_short_with_a_full_stop() -> None:
    # round 30: the writer's full stop says the word is short for the other name's word
    assert _match("Tapin Sel.", "Tapin Selatan")  # "Sel." was read as SRL mistyped before
    assert _match("Bunguran Tengah", "Bunguran Teng.")  # either side
    assert not _match("Tapin Sel", "Tapin Selatan")  # no full stop: one syllable is a word
    assert not _match("Tim.", "Timur")  # with nothing else shared, nothing says what for
    assert not _match("Excel.", "Excelsior")
    assert _match("Dover Engineering Korp.", "Dover Engineering Corp.")  # still a slip of Corp.
    assert name_form("Amarasi Tim.").cut == {("tim", "tim")}


def test_a_saint_written_short_with_a_full_stop() -> None:
    # round 33: "Sta." and "Sto." are Santa and Santo when written with their full stop only
    assert _match("Sta. Lucía", "Santa Lucía")
    assert _match("Santa Cruz de Mora", "Sta. Cruz de Mora")
    assert not _match("Sta Lucía", "Santa Lucía")  # no full stop: "Sta" may be "Station"
    assert _match("Smiths Sta", "Smiths Station")  # ... as it is here
    assert _match("Durağan Ltd. Şti.", "Durağan Limited Şirketi")  # "Şti." is no "Sto." mistyped
