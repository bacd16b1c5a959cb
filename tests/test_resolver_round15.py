"""Round-15 name knowledge (issue 13): names across scripts. A query in another script is
blocked by its romanisation at every stage, and Greek is romanised as ELOT 743 writes its
digraphs (ου, αυ/ευ, γγ), so "Σταυρίδης" meets "Stavridis"."""

from __future__ import annotations

import pytest

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Resolution, WorldSpec
from worlddb.resolver import TieredResolver

pytestmark = pytest.mark.worlddb(recluster=False)


def resolve(db: WorldDB, kind: str, name: str) -> Resolution:
    return TieredResolver(db.store).resolve(WorldSpec(type=kind, name=name))


def test_greek_digraphs_as_elot_743_writes_them() -> None:
    from worlddb.resolver.greek import elot_digraphs
    from worlddb.resolver.romanised import romanise

    assert romanise("Σταυρίδης") == "stavridis"  # letter by letter: "Stayridis"
    assert romanise("Νικολάου Παρασκευή") == "nikolaou paraskevi"
    assert romanise("Αγγελική") == "angeliki" and romanise("Ναύπλιο") == "nafplio"
    assert romanise("Ευθύμιος") == "efthymios"  # ευ before a voiceless consonant is "ef"
    assert elot_digraphs("Stavridis") == "Stavridis"  # no Greek letter: unchanged


def test_names_across_scripts_meet_through_their_romanisation(db: WorldDB) -> None:
    ruban, stavridis = store_all(db, ("Person", "Dmytro Ruban"), ("Person", "Ανδρέας Σταυρίδης"))
    # a query in Cyrillic is blocked by its romanisation at every stage ("Dmitro" is not
    # "Dmytro", "Ruban" is), then compared as usual
    assert resolve(db, "Person", "Дмитро Рубан").world_id == ruban
    # a Latin query meets a name stored in Greek once the Greek is read as Greeks write it
    assert resolve(db, "Person", "Andreas Stavridis").world_id == stavridis
    assert resolve(db, "Person", "Andreas Stavrou").outcome == "new"
