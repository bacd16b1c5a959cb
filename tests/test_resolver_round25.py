"""Round 25 (issue 13): a name whose descriptive tail is written as its initials ("GENIAL
INVESTIMENTOS CVM" / "Genial Investimentos Corretora de Valores Mobiliários"), as registries
write companies' names short. Development data: r25 and every earlier set; r26 was built blind
before this round."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.similarity import compare_names, name_form

pytestmark = pytest.mark.worlddb(recluster=False)


def _match(a: str, b: str) -> str | None:
    found = compare_names(name_form(a), name_form(b))
    return None if found is None else found.evidence


def test_a_tail_written_as_its_initials() -> None:
    long_name = "Genial Investimentos Corretora de Valores Mobiliários S.A."
    assert _match("GENIAL INVESTIMENTOS CVM S.A.", long_name) == "initials"
    assert _match(long_name, "GENIAL INVESTIMENTOS CVM S.A.") == "initials"  # either side
    # shared last words too: the initials stand in the middle
    assert _match("Banco XYZ CFI Ltda", "Banco XYZ Crédito, Financiamento e Investimento Ltda")


def test_initials_need_shared_words_and_three_letters() -> None:
    assert _match("CVM", "Corretora de Valores Mobiliários") is None  # the acronym tier's work
    assert _match("Acme CM", "Acme Capital Markets") is None  # two letters stand for too much
    assert _match("Acme CVX", "Acme Corretora de Valores Mobiliários") is None  # not its initials
    assert _match("Acme Oil", "Acme Oil Refining Plant") is None  # a word left over is no initial


def test_the_short_form_resolves_to_the_stored_name(db: WorldDB) -> None:
    (ubs,) = store_all(
        db, ("Organization", "UBS BB Corretora de Câmbio, Títulos e Valores Mobiliários S.A.")
    )
    assert resolve(db, "Organization", "UBS BB CCTVM S.A.").world_id == ubs
