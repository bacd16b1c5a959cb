"""The shared lane filter: scope references, type lists and the rid/id filters."""

from __future__ import annotations

import pytest

from worlddb.engine import WorldDB
from worlddb.errors import ScopeError, ValidationError
from worlddb.hashing import scope_world, world_id
from worlddb.index.filters import WorldFilter, check_types, filter_ids, filter_rids, resolve_scopes
from worlddb.model import Changeset


def test_scopes_resolve_from_names_ids_and_prefixes(db: WorldDB) -> None:
    spec = scope_world("user_id", "ann")
    db.write(Changeset(worlds=(spec,)))
    sid = world_id(spec)
    refs = [" user_id = ann ", sid.upper(), sid[:10], "user_id=ann"]
    assert resolve_scopes(db.store, refs) == (sid,)
    assert resolve_scopes(db.store, None) is None
    assert resolve_scopes(db.store, []) == ()


@pytest.mark.parametrize("refs", ["user_id=ann", ["=ann"], ["user_id="], ["nope"], [""], [3]])
def test_malformed_scope_references_raise_scope_errors(db: WorldDB, refs: object) -> None:
    with pytest.raises(ScopeError):
        resolve_scopes(db.store, refs)  # type: ignore[arg-type]


def test_type_lists_are_checked() -> None:
    assert check_types(None) is None
    assert check_types(["Fact", "Turn"]) == ("Fact", "Turn")
    for bad in ("Fact", ["Fact", ""], [None]):
        with pytest.raises(ValidationError):
            check_types(bad)  # type: ignore[arg-type]


def test_rid_and_id_filters_agree(db: WorldDB) -> None:
    fact = db.put("Fact", content="one")
    note = db.put("Note", content="two")
    rid = {w: db.store.rid_of(w) for w in (fact, note)}
    only_notes = WorldFilter(now=db.now(), types=("Note",))
    assert filter_rids(db.store, [r for r in rid.values() if r], only_notes) == {rid[note]}
    assert filter_ids(db.store, [fact, note], only_notes) == {note: rid[note]}
    nobody = WorldFilter(now=db.now(), scopes=())
    assert filter_ids(db.store, [fact, note], nobody) == {}
