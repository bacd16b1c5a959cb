"""Round 32 (issue 13): a query in a Brahmic script finds the Latin names its key meets
(``script_index``), which full-text search and phonetic codes of its letter-by-letter
romanisation missed ("கனிமொழி சிவா" / Kanimozhi Shiva); Thai and Lao are no longer read as
Brahmic ("แม่ลาว" met "Neluwa"). Development data: every set up to r30."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.brahmic import brahmic_script
from worlddb.resolver.script_index import BrahmicLatinIndex

pytestmark = pytest.mark.worlddb(recluster=False)


def test_the_index_is_built_on_the_first_brahmic_query(db: WorldDB) -> None:
    kanimozhi, kalpana, _ = store_all(
        db,
        ("Person", "Kanimozhi Shiva"),
        ("Person", "Kalpana Sudar"),
        ("Organization", "Kalpana Sudar Traders"),  # not a person's or a place's name
    )
    index = BrahmicLatinIndex(db.store)
    assert index.matches("Kanimozhi Shiva") == []  # a Latin query has nothing to look up
    assert index.keys is None  # ... and builds nothing
    assert len(index.matches("கனிமொழி சிவா")) == 1  # Kanimozhi Shiva, not Kalpana Sudar
    assert index.keys is not None
    (later,) = store_all(db, ("Place", "Buttala"))
    assert index.matches("புத்தளை")  # filed on the next query
    assert resolve(db, "Person", "கனிமொழி சிவா").world_id == kanimozhi
    assert resolve(db, "Person", "கல்பனா சுடர்").world_id == kalpana
    assert resolve(db, "Place", "புத்தளை").world_id == later


def test_thai_is_not_read_as_brahmic(db: WorldDB) -> None:
    assert brahmic_script("แม่ลาว") == ""
    store_all(db, ("Place", "Neluwa"))
    assert resolve(db, "Place", "แม่ลาว").world_id is None
