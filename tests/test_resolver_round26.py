"""Round 26 (issue 13): a legal form written out against its abbreviation where no list
names the form in full ("Paim Ltda." / "Paim Limitada"), a legal form written first
("ПАО «Базавов»" / "Публичное акционерное общество «Базавов»"), and long names blocked by
their first and last words. Development data: r26 and every earlier set; r27 was built blind
before this round."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.similarity import compare_names, name_form

pytestmark = pytest.mark.worlddb(recluster=False)


def _match(a: str, b: str) -> bool:
    return compare_names(name_form(a), name_form(b)) is not None


def test_a_form_written_out_is_its_abbreviation() -> None:
    assert _match("Paim Ltda.", "Paim Limitada")  # contracted: first, last and inner letters
    assert _match("Paim Limitada", "Paim Ltda.")  # either side
    assert _match("Araujo EIRELI", "Araujo Empresa Individual de Responsabilidade Limitada")
    assert not _match("Paim Ltda.", "Paim Lidas")  # no "t" in it: not "Ltda" contracted
    assert not _match("Paim GmbH", "Paim Gesundheit")  # nor is this "GmbH"
    assert not _match("Acme AS", "Acme Auto Service")  # two-letter initials stand for too much


def test_a_form_written_first_is_its_initials() -> None:
    assert _match("ПАО «Базавов»", "Публичное акционерное общество «Базавов»")
    assert not _match("ПАО «Базавов»", "Публичное акционерное общество «Баранов»")


def test_a_long_name_finds_its_short_form(db: WorldDB) -> None:
    (genial,) = store_all(db, ("Organization", "GENIAL INVESTIMENTOS CVM S.A."))
    long_name = "Genial Investimentos Corretora de Valores Mobiliários S.A."
    assert resolve(db, "Organization", long_name).world_id == genial  # blocked by its ends
    (written_out,) = store_all(db, ("Organization", "Публичное акционерное общество «Ергин»"))
    assert resolve(db, "Organization", "ПАО «Ергин»").world_id == written_out
