"""Scope isolation in the engine: a write in one scope never lands on, proposes or learns of
another scope's entities, facts or memories (the MCP side is in tests/server)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from worlddb.engine import WorldDB
from worlddb.extract import OfflineExtractor
from worlddb.model import NodeId, Resolution, WorldSpec
from worlddb.plugins import ExtractedEntity, ExtractedFact
from worlddb.resolver import ScopedResolver, TieredResolver, within_scopes
from worlddb.resolver.blocking import Blocker
from worlddb.scopes import scope_id
from worlddb.testing import HashEmbedder

ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}
MARIA = (ExtractedEntity("Maria", "Person"),)


@pytest.fixture
def mem() -> Iterator[WorldDB]:
    db = WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=OfflineExtractor())
    db.recluster_budget_s = 60.0  # the whole neighbourhood: what recluster would propose, it does
    try:
        yield db
    finally:
        db.close()


def test_the_maria_scenario_alice_learns_nothing_of_bobs_maria(mem: WorldDB) -> None:
    bob = mem.remember("I had coffee with my neighbour Maria", scopes=BOB, entities=MARIA)
    alice = mem.remember("Maria is my dentist in Porto", scopes=ALICE, entities=MARIA)
    (bobs_maria,) = [i for n, i, _ in bob.entities if n == "Maria"]
    (alices,) = [(i, t) for n, i, t in alice.entities if n == "Maria"]
    assert alices[1] == "new" and alices[0] != bobs_maria
    assert alice.proposals == () and mem.proposals(status=None) == []  # recluster included
    hits = mem.recall("Maria", scopes=ALICE, types=["Person", "Note"]).hits
    assert {h.type for h in hits} == {"Person", "Note"}
    assert all(h.scopes == ("user_id=alice",) for h in hits)
    assert bobs_maria not in [h.id for h in hits]
    assert mem.scopes_of(alices[0]) == ["user_id=alice"]
    # alice's own second mention lands on her Maria, exactly
    again = mem.remember("Maria moved her practice", scopes=ALICE, entities=MARIA)
    assert [(i, t) for n, i, t in again.entities if n == "Maria"] == [(alices[0], "exact")]


def test_the_same_words_for_two_users_are_two_memories(mem: WorldDB) -> None:
    bob = mem.remember("I like green tea", scopes=BOB)
    alice = mem.remember("I like green tea", scopes=ALICE)
    assert alice.created and bob.created and alice.id != bob.id
    assert mem.remember("I like green tea", scopes=ALICE).id == alice.id  # still idempotent
    assert mem.retire(alice.id)
    assert mem.get(bob.id).valid_to is None
    assert mem.scopes_of(bob.id) == ["user_id=bob"]


def test_a_fact_for_alice_never_supersedes_bobs(mem: WorldDB) -> None:
    def lives(city: str, scopes: dict[str, str]) -> tuple[NodeId, ...]:
        fact = ExtractedFact(
            "f", f"Maria lives in {city}", ("Maria",), None, None, None, "Maria", "lives_in", city
        )
        result = mem.remember(f"Maria lives in {city}", scopes=scopes, facts=(fact,))
        assert not result.conflicts
        return result.superseded

    lives("Lisbon", BOB)
    assert lives("Porto", ALICE) == ()
    bobs = mem.recall("Maria lives", scopes=BOB, types=["Fact"]).hits
    assert [(h.text, h.status) for h in bobs] == [("Maria lives in Lisbon", "current")]
    assert lives("Faro", ALICE) != ()  # within one scope the update still applies


class IgnoresScopes:
    """A plug-in resolver that answers every entity with one stored world, wherever it is."""

    def __init__(self, answer: NodeId) -> None:
        self.answer = answer

    def resolve(self, spec: WorldSpec, /) -> Resolution:
        return Resolution("resolved", self.answer, "exact", 1.0)


def test_the_reconciler_confines_a_resolver_that_ignores_scopes(mem: WorldDB) -> None:
    bob = mem.remember("my neighbour Maria", scopes=BOB, entities=MARIA)
    bobs_maria = bob.entities[0][1]
    mem.reconciler.resolver = IgnoresScopes(bobs_maria)
    assert not isinstance(mem.reconciler.resolver, ScopedResolver)
    alice = mem.remember("my dentist Maria", scopes=ALICE, entities=MARIA)
    maria = [(i, t) for n, i, t in alice.entities if n == "Maria"]
    assert maria[0][0] != bobs_maria and maria[0][1] == "new"
    assert mem.scopes_of(bobs_maria) == ["user_id=bob"]


def test_unscoped_writes_resolve_only_among_unscoped_entities(mem: WorldDB) -> None:
    scoped = mem.remember("Maria called", scopes=ALICE, entities=MARIA).entities[0][1]
    loose = mem.put("Person", "Maria", resolve=True)
    assert loose != scoped
    assert mem.put("Person", "Maria", created_at=5, resolve=True) == loose


def test_foreign_entities_neither_answer_nor_crowd_out_candidates(mem: WorldDB) -> None:
    """Bob's 60 "Maria X" fill every blocking query's LIMIT; alice's one still comes back."""
    for i in range(60):
        mem.remember(
            f"met Maria Silva{i:02d}",
            scopes=BOB,
            entities=[ExtractedEntity(f"Maria Silva{i:02d}", "Person")],
        )
    mine = mem.remember(
        "met Maria Silvano", scopes=ALICE, entities=[ExtractedEntity("Maria Silvano", "Person")]
    )
    resolver = TieredResolver(mem.store)
    spec = WorldSpec(type="Person", name="Maria Silvanno")  # a slip: a letter doubled
    where = (scope_id("user_id", "alice"),)
    found = resolver.resolve(spec, scopes=where)
    ids = {found.world_id, *(o[0] for o in found.options)} - {None}
    assert ids == {mine.entities[0][1]}
    blocker = Blocker(mem.store)
    cands = blocker.by_text(["Maria Silvanno"], ["Person"], stage="loose", limit=8, scopes=where)
    assert [c.id for c in cands.values()] == [mine.entities[0][1]]
    assert within_scopes(mem.store, [mine.entities[0][1]], ()) == []  # alice's is scoped


def test_recall_recognises_only_the_readers_entities(mem: WorldDB) -> None:
    """Bob's "Marianne" is neither a seed of alice's graph lane nor a rival for her "Marion"."""
    bob = mem.remember(
        "my neighbour Marianne", scopes=BOB, entities=[ExtractedEntity("Marianne", "Person")]
    )
    mem.remember("dinner with Marion", scopes=ALICE, entities=[ExtractedEntity("Marion", "Person")])
    assert bob.entities[0][1] not in mem.recall("Marianne", scopes=ALICE).entities
    assert mem.recall("Marianne", scopes=BOB).entities == (bob.entities[0][1],)
