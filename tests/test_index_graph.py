"""The entity-graph lane: entities named in a query, their mentions, bounded second hop."""

from __future__ import annotations

import pytest

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.index.filters import WorldFilter
from worlddb.index.graph import (
    HOP_DECAY,
    edges_touching,
    find_entities,
    mentions,
    query_ngrams,
)
from worlddb.model import NodeId
from worlddb.resolver import ENTITY_TYPES
from worlddb.store.reads import TimeView

TYPES = sorted(ENTITY_TYPES)


def _fact(db: WorldDB, text: str, *entities: str, valid_from: str | None = None) -> NodeId:
    fact = db.put("Fact", content=text, valid_from=valid_from)
    for entity in entities:
        db.link(fact, entity, "refers_to")
    return fact


def _ids(db: WorldDB, rids: list[int]) -> list[NodeId]:
    found = db.store.ids_of(rids)
    return [found[r] for r in rids]


def test_ngrams_are_longest_first_and_skip_stopword_runs() -> None:
    grams = query_ngrams("Where is the Bank of America tower?")
    norms = [g for g, _, _ in grams]
    sizes = [end - start for _, start, end in grams]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 4
    assert "bank of america" in norms
    assert "where is the" not in norms and "the" not in norms
    assert "tower" in norms
    assert query_ngrams("what is it?") == []


def test_exact_and_alias_names_are_found_longest_span_first(db: WorldDB) -> None:
    city = db.put("Place", name="New York City")
    york = db.put("Place", name="York")
    bob = db.put("Person", name="Robert", aliases=["Bob"])
    flt = WorldFilter(now=db.now())
    found = find_entities(db.store, "Did Bob fly to new york city?", types=TYPES, flt=flt)
    assert {(m.id, m.tier) for m in found} == {(city, "exact"), (bob, "alias")}
    assert york not in {m.id for m in found}
    assert find_entities(db.store, "Bob", types=["Place"], flt=flt) == []


def test_fuzzy_tier_is_offered_only_uncovered_capitalised_words(db: WorldDB) -> None:
    sarah = db.put("Person", name="Sarah")
    paris = db.put("Place", name="Paris")
    asked: list[str] = []

    def fuzzy(norm: str) -> list[NodeId]:
        asked.append(norm)
        return [sarah] if norm == "sara" else []

    found = find_entities(
        db.store,
        "did Sara fly to paris yesterday",
        types=TYPES,
        flt=WorldFilter(now=db.now()),
        fuzzy=fuzzy,
    )
    assert {(m.id, m.tier) for m in found} == {(paris, "exact"), (sarah, "fuzzy")}
    assert asked == ["sara"]  # not "paris" (covered) nor "yesterday" (not a proper noun)


def test_mentions_span_sessions_and_rank_by_overlap_then_recency(db: WorldDB) -> None:
    alice = db.put("Person", name="Alice")
    acme = db.put("Organization", name="Acme")
    old = _fact(db, "Alice visited the lake", alice, valid_from="2021-01-01")
    new = _fact(db, "Alice bought a bike", alice, valid_from="2023-01-01")
    both = _fact(db, "Alice joined Acme", alice, acme, valid_from="2020-01-01")
    _fact(db, "Acme shipped a product", acme)
    hits = mentions(
        db.store, [alice, acme], flt=WorldFilter(now=db.now()), limit=10, entity_types=TYPES, hops=1
    )
    ordered = _ids(db, [h.rid for h in hits])
    assert ordered[0] == both
    assert ordered.index(new) < ordered.index(old)
    assert hits[0].overlap == 2.0 and hits[0].via == tuple(sorted([alice, acme]))
    assert {h.hop for h in hits} == {1}


def test_second_hop_follows_accepted_same_as_only_with_decayed_weight(db: WorldDB) -> None:
    bob = db.put("Person", name="Bob")
    robert = db.put("Person", name="Robert")
    bobby = db.put("Person", name="Bobby")
    direct = _fact(db, "Bob likes tea", bob)
    twin = _fact(db, "Robert likes coffee", robert)
    stranger = _fact(db, "Bobby likes juice", bobby)
    accepted = db.link(robert, bob, "same_as")
    db.accept_merge(accepted)
    db.link(bobby, bob, "same_as")  # only proposed: not a fact yet
    hits = mentions(db.store, [bob], flt=WorldFilter(now=db.now()), limit=10, entity_types=TYPES)
    assert _ids(db, [h.rid for h in hits]) == [direct, twin]
    assert [h.hop for h in hits] == [1, 2]
    assert hits[1].overlap == HOP_DECAY
    assert stranger not in _ids(db, [h.rid for h in hits])
    one_hop = mentions(
        db.store, [bob], flt=WorldFilter(now=db.now()), limit=10, entity_types=TYPES, hops=1
    )
    assert _ids(db, [h.rid for h in one_hop]) == [direct]


def test_mentions_respect_the_filter_and_retired_edges(db: WorldDB) -> None:
    eve = db.put("Person", name="Eve")
    closed = _fact(db, "Eve lived in Rome", eve, valid_from="2020-01-01")
    db.retire(closed)
    unlinked = _fact(db, "Eve lived in Oslo", eve)
    kept = _fact(db, "Eve lives in Lima", eve)
    db.retire_edge(db.link(unlinked, eve, "refers_to"))
    hits = mentions(db.store, [eve], flt=WorldFilter(now=db.now()), limit=10, entity_types=TYPES)
    assert _ids(db, [h.rid for h in hits]) == [kept]
    everything = mentions(
        db.store,
        [eve],
        flt=WorldFilter(TimeView(include_closed=True), db.now()),
        limit=10,
        entity_types=TYPES,
    )
    assert set(_ids(db, [h.rid for h in everything])) == {kept, closed}
    notes_only = WorldFilter(now=db.now(), types=("Note",))
    assert mentions(db.store, [eve], flt=notes_only, limit=10, entity_types=TYPES) == []


def test_edges_touching_reads_each_direction(db: WorldDB) -> None:
    a, b, c = (db.put("Note", content=t) for t in ("a", "b", "c"))
    ab = db.link(a, b, "precedes")
    cb = db.link(c, b, "implies")
    assert [e.id for e in edges_touching(db.store, [b], types=None, direction="in")] == [ab, cb]
    assert [e.id for e in edges_touching(db.store, [b], types=["implies"], direction="both")] == [
        cb
    ]
    assert edges_touching(db.store, [b], types=None, direction="out") == []
    with pytest.raises(ValidationError) as err:
        edges_touching(db.store, [b], types=None, direction="sideways")
    assert err.value.field == "direction"
