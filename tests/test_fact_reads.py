"""``open_worlds_named``: the supersession candidates in one indexed read, scope-filtered in SQL."""

from __future__ import annotations

from worlddb import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec


def _fact(text: str, at: int) -> WorldSpec:
    return WorldSpec(type="Fact", name="user|city", content=text, created_at=at, valid_from=at)


def test_open_facts_on_a_key_are_filtered_by_scope_and_validity(db: WorldDB) -> None:
    alice, bob = scope_world("user_id", "alice"), scope_world("user_id", "bob")
    a, b = world_id(alice), world_id(bob)
    oslo, bergen, paris, rome, lima = (
        _fact(f"lives in {c}", at)
        for c, at in (("Oslo", 1), ("Bergen", 2), ("Paris", 3), ("Rome", 4), ("Lima", 5))
    )
    other = WorldSpec(type="Fact", name="user|employer", content="works at Acme", created_at=6)
    ids = {w.content: world_id(w) for w in (oslo, bergen, paris, rome, lima, other)}
    edges = (
        EdgeSpec("contains", a, ids["lives in Oslo"]),
        EdgeSpec("contains", a, ids["lives in Bergen"]),
        EdgeSpec("contains", b, ids["lives in Bergen"]),  # shared by both users
        EdgeSpec("contains", b, ids["lives in Paris"]),
        EdgeSpec("contains", a, ids["lives in Rome"]),
        EdgeSpec("contains", a, ids["works at Acme"]),
    )
    db.write(Changeset(worlds=(alice, bob, oslo, bergen, paris, rome, lima, other), edges=edges))
    db.retire(ids["lives in Rome"])  # closed: no longer a candidate

    def contents(scopes: list[str]) -> list[str]:
        return [w.content for w in db.store.open_worlds_named("user|city", ["Fact"], scopes)]

    assert contents([a]) == ["lives in Bergen", "lives in Oslo"]  # newest first, Rome closed
    assert contents([a, b]) == ["lives in Bergen"]
    assert contents([b, b]) == ["lives in Paris", "lives in Bergen"]  # a repeat counts once
    assert contents([]) == ["lives in Lima"]  # unscoped facts only
    assert db.store.open_worlds_named("user|city", ["Note"], [a]) == []
