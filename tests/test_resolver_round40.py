"""Round 40 (issue 13): a legal form written as initials with full stops ("K.K.", "Y.K.") may
stand for a form no list knows written out ("Kabushiki Kaisha", "Yugen Kaisha": the Hepburn
spellings of the Japanese forms ISO 20275 lists in Kunrei-shiki), two letters being enough where
the writer marked them as initials (``forms.NameForm.initialled``); an organisation's name ending
in a form written out whose initials are listed is blocked without it too, so it meets the name
stored with the initials. Development data: every set up to r41. The names below are none of
theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.forms import name_form

pytestmark = pytest.mark.worlddb(recluster=False)


def test_initials_with_full_stops_are_marked() -> None:
    assert name_form("Hoshino K.K.").initialled
    assert name_form("Hoshino G. K.").initialled
    assert not name_form("Hoshino KK").initialled
    assert not name_form("J. K. Hoshino", personal=True).initialled


def test_dotted_initials_meet_the_form_written_out(db: WorldDB) -> None:
    hoshino, kaneda = store_all(
        db, ("Organization", "Hoshino Kabushiki Kaisha"), ("Organization", "Kaneda Y.K.")
    )
    assert resolve(db, "Organization", "Hoshino K.K.").world_id == hoshino
    assert resolve(db, "Organization", "Kaneda Yugen Kaisha").world_id == kaneda


def test_a_french_form_written_out_meets_its_initials(db: WorldDB) -> None:
    (lanvellec,) = store_all(db, ("Organization", "Lanvellec SARL"))
    found = resolve(db, "Organization", "Lanvellec société à responsabilité limitée")
    assert found.world_id == lanvellec


def test_two_letters_without_full_stops_stand_for_too_much(db: WorldDB) -> None:
    store_all(db, ("Organization", "Hoshino Auto Service"))
    assert resolve(db, "Organization", "Hoshino AS").world_id is None
