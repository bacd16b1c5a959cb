"""Round 44 (issue 13): a name in Greek or Cyrillic letters that ends in a legal form written out
is blocked without it in its own script, as round 42 blocks one that starts with it: the stored
"X Α.Ε." is indexed in Greek, so "X Ανώνυμη Εταιρεία" is looked up as "x", not as its
romanisation. Development data: every set up to r47. The names below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB

pytestmark = pytest.mark.worlddb(recluster=False)


def test_a_greek_form_written_out_at_the_end_is_blocked_in_greek(db: WorldDB) -> None:
    ae, oe = store_all(db, ("Organization", "Αμφίκλεια Α.Ε."), ("Organization", "Δεσκάτη Ο.Ε."))
    assert resolve(db, "Organization", "Αμφίκλεια Ανώνυμη Εταιρεία").world_id == ae
    assert resolve(db, "Organization", "Δεσκάτη Ομόρρυθμη Εταιρεία").world_id == oe
    assert resolve(db, "Organization", "Δεσκάτη Ανώνυμη Εταιρεία").world_id is None  # two forms
