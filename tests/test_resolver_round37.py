"""Round 37 (issue 13): a Korean or Japanese company's legal form, written out ("주식회사",
"株式会社") or as the sign in brackets ISO 20275 gives it ("(주)", "㈱"), at either end of the
name, is set aside as that form's keys (``cjk_forms``); and two such companies' names one
syllable apart in Hangul are two companies (round 36's rule, read without the form).
Development data: every set up to r35. The names below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.cjk_forms import cjk_legal_form
from worlddb.resolver.forms import name_form

pytestmark = pytest.mark.worlddb(recluster=False)


@pytest.mark.parametrize(
    ("name", "rest", "keys"),
    [
        ("(주)한빛소프트", "한빛소프트", {"ju"}),
        ("㈜한빛소프트", "한빛소프트", {"ju"}),  # one character for the sign and its brackets
        ("한빛소프트(주)", "한빛소프트", {"ju"}),
        ("주식회사 한빛소프트", "한빛소프트", {"ju"}),
        ("유한회사청담", "청담", {"yu"}),  # written out, run together
        ("(株)ミドリ電化", "ミドリ電化", {"zhu"}),
        ("ミドリ電化株式会社", "ミドリ電化", {"zhu"}),
        ("(합)청담", "(합)청담", set()),  # a convention ISO 20275 does not record
        ("Acme (US)", "Acme (US)", set()),
    ],
)
def test_the_form_is_set_aside_at_either_end(name: str, rest: str, keys: set[str]) -> None:
    assert cjk_legal_form(name) == (rest, frozenset(keys))


def test_both_writings_give_one_name_and_one_form() -> None:
    short, long_ = name_form("(주)한빛소프트"), name_form("주식회사 한빛소프트")
    assert short.words == long_.words and short.suffix == long_.suffix == {"ju"}


def test_companies_resolve_across_the_two_writings(db: WorldDB) -> None:
    hanbit, midori = store_all(
        db, ("Organization", "주식회사 한빛소프트"), ("Organization", "ミドリ電化株式会社")
    )
    assert resolve(db, "Organization", "(주)한빛소프트").world_id == hanbit
    assert resolve(db, "Organization", "(株)ミドリ電化").world_id == midori
    assert resolve(db, "Organization", "(유)한빛소프트").world_id is None  # another form


def test_a_syllable_apart_is_another_company_with_its_form(db: WorldDB) -> None:
    store_all(db, ("Organization", "(유)동원산업"))
    assert resolve(db, "Organization", "(유)동언산업").world_id is None
