"""Context evidence (issue 13): what a write names around an entity rescues, vetoes, explains."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.resolver import (
    ENTITY_TYPES,
    MentionContext,
    Option,
    TieredResolver,
    TierPreference,
    mention_context,
)
from worlddb.resolver.namedata import are_nicknames, is_pet_form
from worlddb.store import resolver_queries


@pytest.fixture()
def db() -> Iterator[WorldDB]:
    with WorldDB.open(":memory:", embedder=None, extractor=None) as handle:
        handle.recluster_budget_s = 0.0
        yield handle


def mention(kind: str, name: str, tie: tuple[str, str], *, resolve: bool, text: str) -> Changeset:
    """One fact naming an entity and what it is tied to (an employer, a city)."""
    entity = WorldSpec(type=kind, name=name, resolve=resolve)
    other = WorldSpec(type=tie[0], name=tie[1], resolve=resolve)
    fact = WorldSpec(type="Fact", content=text)
    return Changeset(
        worlds=(entity, other, fact),
        edges=(
            EdgeSpec("refers_to", world_id(fact), world_id(entity)),
            EdgeSpec("refers_to", world_id(fact), world_id(other)),
        ),
    )


def stored(db: WorldDB, kind: str, name: str, tie: tuple[str, str]) -> NodeId:
    db.write(mention(kind, name, tie, resolve=False, text=f"{name} and {tie[1]}"))
    return world_id(WorldSpec(type=kind, name=name))


def test_mention_context_reads_ties_and_co_mentions_from_the_write() -> None:
    change = mention("Person", "Jon Lane", ("Organization", "Acme Corp"), resolve=True, text="x")
    extra = WorldSpec(type="Place", name="Oslo")
    worlds = {world_id(w): w for w in (*change.worlds, extra)}
    person = world_id(change.worlds[0])
    found = mention_context(person, worlds, change.edges)
    assert found.linked == ("Acme Corp",)
    assert found.co_mentioned == ("Acme Corp", "Oslo")  # the Fact is not an entity
    assert not mention_context(person, {person: change.worlds[0]}, ())


def test_one_letter_apart_is_proposed_only_with_a_shared_tie(db: WorldDB) -> None:
    lang = stored(db, "Person", "Jon Lang", ("Organization", "Acme Corp"))
    resolver = TieredResolver(db.store)
    spec = WorldSpec(type="Person", name="Jon Lane")
    assert resolver.resolve(spec).outcome == "new"  # two census surnames: two people
    elsewhere = MentionContext(linked=("Globex",))
    assert resolver.resolve(spec, context=elsewhere).outcome == "new"
    same = resolver.resolve(spec, context=MentionContext(linked=("ACME Corporation",)))
    assert (same.outcome, same.world_id) == ("resolved", lang)
    assert "context: both tied to 'Acme Corp'" in same.why(lang)
    loose = resolver.resolve(spec, context=MentionContext(co_mentioned=("Acme Corp",)))
    assert loose.outcome == "new"  # a co-mention alone does not lift the veto


def test_a_write_through_the_reconciler_carries_its_context(db: WorldDB) -> None:
    lang = stored(db, "Person", "Jon Lang", ("Organization", "Acme Corp"))
    db.write(mention("Person", "Jon Lane", ("Organization", "Acme Corp"), resolve=True, text="y"))
    (proposal,) = db.proposals()
    assert proposal.target == lang
    assert "both tied to 'Acme Corp'" in proposal.evidence


def test_context_picks_among_holders_of_one_acronym(db: WorldDB) -> None:
    fbi = stored(db, "Organization", "Federal Bureau of Investigation", ("Place", "Washington"))
    stored(db, "Organization", "Finova Britt Industries", ("Place", "Leeds"))
    resolver = TieredResolver(db.store)
    spec = WorldSpec(type="Organization", name="FBI")
    assert resolver.resolve(spec).outcome == "new"  # shared: says nothing on its own
    picked = resolver.resolve(spec, context=MentionContext(linked=("Washington",)))
    assert (picked.world_id, picked.tier) == (fbi, "acronym")
    assert "Washington" in picked.why(fbi)


def test_context_that_points_elsewhere_drops_a_close_call(db: WorldDB) -> None:
    hpe = stored(db, "Organization", "Hexa Prime Energy", ("Place", "Houston"))
    resolver = TieredResolver(db.store)
    spec = WorldSpec(type="Organization", name="HPE")
    assert resolver.resolve(spec).world_id == hpe  # a unique acronym, no context: proposed
    away = resolver.resolve(spec, context=MentionContext(linked=("Palo Alto",)))
    assert away.outcome == "new"
    exact = resolver.resolve(
        WorldSpec(type="Organization", name="Hexa Prime Energy"),
        context=MentionContext(linked=("Palo Alto",)),
    )
    assert exact.world_id == hpe  # context never undoes an exact name


def test_the_tiebreaker_prefers_the_option_context_supports() -> None:
    a, b = NodeId("a" * 64), NodeId("b" * 64)
    plain = [Option(a, "fuzzy", 0.95), Option(b, "fuzzy", 0.95)]
    assert TierPreference().choose(WorldSpec(type="Person", name="x"), plain) is None
    backed = [Option(a, "fuzzy", 0.95), Option(b, "fuzzy", 0.95, support=1)]
    assert TierPreference().choose(WorldSpec(type="Person", name="x"), backed) == b


def test_pet_forms_of_common_names_are_nicknames_but_other_pairs_are_not() -> None:
    assert all(is_pet_form(*p) for p in [("wally", "wallace"), ("bertie", "bertha")])
    assert is_pet_form("eve", "genevieve")
    assert not are_nicknames("wally", "wallace")  # two common names: only as a pet form
    assert not is_pet_form("patrick", "peter")  # the table pairs them; two people here
    assert not is_pet_form("emily", "emma")
    assert not is_pet_form("carly", "carlos")  # one is a woman's name, the other a man's


def test_pet_forms_count_for_given_names_not_surnames(db: WorldDB) -> None:
    wallace = stored(db, "Person", "Wallace Moore", ("Organization", "Acme Corp"))
    stored(db, "Person", "Tyler Franklin", ("Organization", "Acme Corp"))
    resolver = TieredResolver(db.store)
    assert resolver.resolve(WorldSpec(type="Person", name="Wally Moore")).world_id == wallace
    assert resolver.resolve(WorldSpec(type="Person", name="Tyler Frank")).outcome == "new"


def test_the_store_layer_knows_the_resolvers_entity_types() -> None:
    assert frozenset(resolver_queries.ENTITY_TYPES) == ENTITY_TYPES
