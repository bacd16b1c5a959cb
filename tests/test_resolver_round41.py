"""Round 41 (issue 13): a body's kind written first as its initials ("CC Sundgau" /
"Communauté de communes Sundgau", an elided article skipped: "CA" for "Communauté
d'agglomération"), and syllabic acronyms of up to ten letters ("UNILORIN", "GESVALT") found in a
large store by their first word's first two letters. Development data: every set up to r43. The
names below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.acronym_keys import (
    lead_keys,
    syllabic,
    syllabic_acronym,
    syllabic_keys,
    syllabic_lead_keys,
)
from worlddb.resolver.aliases import MAX_WITH_CONTEXT
from worlddb.resolver.forms import fold_words
from worlddb.resolver.similarity import compare_names, name_form
from worlddb.resolver.written_out import initials_within, kind_written_short

pytestmark = pytest.mark.worlddb(recluster=False)


def _match(a: str, b: str) -> bool:
    return compare_names(name_form(a), name_form(b), organisation=True) is not None


def test_a_kind_written_first_as_initials() -> None:
    assert _match("CC Vallée du Lot", "Communauté de communes Vallée du Lot")
    assert _match("CA du Grésivaudan", "Communauté d'agglomération du Grésivaudan")
    assert not _match("CC Vallée du Lot", "Communauté de communes Vallée du Loir")
    # two letters stand for the kind only when the whole rest is shared
    kind = (("cc", "lot"), ("communaute", "de", "communes", "lot"))
    assert initials_within(*kind, organisation=True) is not None
    assert initials_within(*kind) is None  # an organisation's kind: not a place's or a tool's
    # an elided article is skipped as a second try only, never in a name's first word
    assert kind_written_short(fold_words("Communauté d'agglomération du Grésivaudan")) == [
        ("cd", "du", "gresivaudan"),
        ("ca", "du", "gresivaudan"),
    ]
    assert kind_written_short(fold_words("Dallas Fire Rescue")) == [("df", "rescue")]
    assert kind_written_short(fold_words("Sundgau")) == []


def test_a_kind_written_first_is_blocked_by_its_initials(db: WorldDB) -> None:
    # "Communauté de communes Pays Vert" shares one word with "CC Pays Vert" once "Pays" and
    # "Vert" are common: only the kind's initials find it
    stored = [("Organization", f"Communauté de communes Pays {n}") for n in ("Bleu", "Noir")]
    cc, *_ = store_all(db, ("Organization", "CC Pays Vert"), *stored)
    found = resolve(db, "Organization", "Communauté de communes Pays Vert")
    assert found.world_id == cc
    assert resolve(db, "Organization", "Communauté de communes Pays Gris").world_id is None


def test_syllabic_acronyms_of_up_to_ten_letters() -> None:
    assert syllabic_acronym("UNILORIN") == "unilorin"
    assert syllabic_acronym("UNLaM") == "unlam"
    assert syllabic_acronym("Lorin") is None  # a word, not an acronym
    assert syllabic_acronym("ABCDEFGHIJK") is None  # longer than any we read
    assert syllabic("unilorin", "University of Ilorin")
    assert not syllabic("unilorin", "University of Ilorin Teaching Hospital")
    assert lead_keys("University of Ilorin") == {"uni"}
    assert "uni" in syllabic_lead_keys("unilorin")
    assert all(len(k) <= 5 for k in syllabic_keys("intervalora"))


def test_a_long_syllabic_acronym_resolves_both_ways(db: WorldDB) -> None:
    ilorin, valt = store_all(
        db,
        ("Organization", "University of Ilorin"),
        ("Organization", "GESVALT"),
    )
    assert resolve(db, "Organization", "UNILORIN").world_id == ilorin
    found = resolve(db, "Organization", "Gestion de Valoraciones y Tasaciones")
    assert found.world_id == valt


def test_a_syllabic_acronym_is_found_among_many_sharing_its_initials(db: WorldDB) -> None:
    # more stored names answer to "ub" than an initials key may hold: the first word's first
    # two letters ("unb") still find the one "UNIBEN" stands for
    crowd = [("Organization", f"Urban B{w}bank") for w in _words(MAX_WITH_CONTEXT + 8)]
    benin, *_ = store_all(db, ("Organization", "University of Benin"), *crowd)
    assert resolve(db, "Organization", "UNIBEN").world_id == benin
    # four letters are too few to read that way: among as many names with initials "si",
    # "SAPI" is not taken for "Sapphire Insurance"
    crowd = [("Organization", f"Sunny I{w}nsurance") for w in _words(MAX_WITH_CONTEXT + 8)]
    sapphire, *_ = store_all(db, ("Organization", "Sapphire Insurance"), *crowd)
    assert resolve(db, "Organization", "SAPI").world_id is None
    assert resolve(db, "Organization", "Sapphire Insurance").world_id == sapphire


def _words(n: int) -> list[str]:
    """``n`` distinct made-up pieces of words."""
    return [f"{a}{b}" for a in "aeiou" for b in "cdfgklmnprst"][:n]
