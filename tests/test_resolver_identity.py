"""Identity through the engine: proposals, accept/reject, classes, export, aliases, reclustering."""

from __future__ import annotations

import pytest

from worlddb.engine import WorldDB
from worlddb.errors import HandlerRefusedError, ValidationError
from worlddb.handlers.builtin import SameAsHandler
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.resolver import ExactResolver


def put(db: WorldDB, name: str, kind: str = "Person", **kwargs: object) -> NodeId:
    return db.put(kind, name, resolve=True, **kwargs)  # type: ignore[arg-type]


def test_a_fuzzy_match_stages_a_proposal_and_merges_nothing(db: WorldDB) -> None:
    robert = put(db, "Robert Smith", provenance=["chat-1"])
    bob = put(db, "Bob Smith", provenance=["chat-2"])
    assert bob != robert
    (proposal,) = db.proposals()
    assert (proposal.source, proposal.target, proposal.tier) == (bob, robert, "fuzzy")
    assert 0.9 < proposal.score < 1.0
    assert db.equivalence_class(bob) == [bob]


def test_exact_resolution_maps_onto_the_stored_world_and_records_aliases(db: WorldDB) -> None:
    first = put(db, "Ada Lovelace")
    again = put(db, "ADA LOVELACE", aliases=["Countess of Lovelace"])
    assert again == first
    assert db.get(first).name == "ADA LOVELACE"  # the display name follows the latest form
    assert set(db.get(first).aliases) == {"ADA LOVELACE", "Countess of Lovelace"}
    assert put(db, "countess of lovelace") == first  # an alias resolves exactly too
    world = db.get(first)
    assert world.name == "countess of lovelace"
    # one alias row per normalised form, holding the form seen last
    assert sorted(world.aliases, key=str.casefold) == ["ADA LOVELACE", "countess of lovelace"]
    assert db.proposals() == []


def test_three_member_class_is_transitive_and_symmetric(db: WorldDB) -> None:
    robert = put(db, "Robert Smith", provenance=["a"])
    bob = put(db, "Bob Smith", provenance=["b"])
    db.accept_merge(db.proposals()[0].edge_id)
    bobby = put(db, "Bobby Smith", provenance=["c"])
    pending = [p for p in db.proposals() if bobby in (p.source, p.target)]
    assert pending, "the third variant is proposed against the class"
    db.accept_merge(pending[0].edge_id)
    expected = sorted([robert, bob, bobby])
    for member in expected:
        assert db.equivalence_class(member) == expected


def test_export_identity_unions_names_and_provenance(db: WorldDB) -> None:
    robert = put(db, "Robert Smith", provenance=["crm:17"])
    bob = put(db, "Bob Smith", provenance=["chat:2024-05-01"])
    db.accept_merge(db.proposals()[0].edge_id)
    bobby = put(db, "Bobby Smith", provenance=["email:9"])
    for proposal in db.proposals():
        db.accept_merge(proposal.edge_id)
    exported = db.export_identity(bob)
    assert exported["members"] == sorted([robert, bob, bobby])
    assert exported["provenance"] == ["chat:2024-05-01", "crm:17", "email:9"]
    names = exported["names"]
    assert isinstance(names, list)
    assert {"Robert Smith", "Bob Smith", "Bobby Smith"} <= set(names)


def test_rejected_pair_is_never_proposed_again(db: WorldDB) -> None:
    robert = put(db, "Robert Smith")
    bob = put(db, "Bob Smith")
    (proposal,) = db.proposals()
    db.reject_merge(proposal.edge_id)
    assert db.proposals() == []
    assert db.proposals("rejected")[0].edge_id == proposal.edge_id
    assert put(db, "Bob Smith") == bob  # the same mention again: exact, no proposal
    assert db.recluster([bob, robert]) == []
    assert db.proposals() == []
    with pytest.raises(HandlerRefusedError):
        db.link(robert, bob, "same_as")  # not even by hand, in either direction
    with pytest.raises(ValidationError):
        db.accept_merge(proposal.edge_id)
    assert db.equivalence_class(bob) == [bob]


def test_a_rejected_pair_does_not_block_other_members(db: WorldDB) -> None:
    robert = put(db, "Robert Smith")
    put(db, "Bob Smith")
    db.reject_merge(db.proposals()[0].edge_id)
    rob = put(db, "Rob Smith")
    targets = {p.target for p in db.proposals() if p.source == rob}
    assert robert in targets


def test_accepted_same_as_rewrites_reads_and_pending_does_not(db: WorldDB) -> None:
    robert = put(db, "Robert Smith")
    bob = put(db, "Bob Smith")
    proposal = db.proposals()[0]
    handler = SameAsHandler()
    edge = db.store.get_edge(proposal.edge_id)
    assert handler.on_query_rewrite(edge, bob) == ()
    db.accept_merge(proposal.edge_id)
    edge = db.store.get_edge(proposal.edge_id)
    assert handler.on_query_rewrite(edge, bob) == (robert,)
    assert handler.on_query_rewrite(edge, robert) == (bob,)


def test_recluster_catches_duplicates_written_in_one_changeset(db: WorldDB) -> None:
    alice = WorldSpec(type="Person", name="Alice Zhang", resolve=True)
    typo = WorldSpec(type="Person", name="Alcie Zhang", resolve=True)
    fact = WorldSpec(type="Fact", content="Alice Zhang leads the platform team")
    result = db.write(Changeset(worlds=(alice, typo, fact)))
    ids = list(result.ids.values())
    assert db.drain_recluster(timeout=60)  # the after-commit pass runs in the background
    (proposal,) = db.proposals()  # staged by the after-commit pass, not the first one
    assert {proposal.source, proposal.target} == {ids[0], ids[1]}
    assert proposal.evidence.startswith("recluster")


def test_recluster_walks_two_hops_from_its_seeds(db: WorldDB) -> None:
    db.recluster_budget_s = 0.0  # only explicit passes below
    specs = (
        WorldSpec(type="Person", name="Grace Hopper"),
        WorldSpec(type="Person", name="Grace Hoper"),
        WorldSpec(type="Note", content="met at the conference"),
    )
    result = db.write(Changeset(worlds=specs))
    hopper, hoper, note = result.ids.values()
    db.link(note, hopper, "refers_to")
    db.link(note, hoper, "refers_to")
    assert db.proposals() == []
    staged = db.recluster([note])
    assert len(staged) == 1
    assert {db.proposals()[0].source, db.proposals()[0].target} == {hopper, hoper}
    assert db.recluster([note]) == []  # a pending pair is not proposed twice


def test_recluster_stops_when_its_budget_is_spent(db: WorldDB) -> None:
    db.recluster_budget_s = 0.0
    specs = (
        WorldSpec(type="Person", name="Grace Hopper"),
        WorldSpec(type="Person", name="Grace Hoper"),
    )
    result = db.write(Changeset(worlds=specs))
    assert db.recluster(list(result.ids.values()), budget_s=0.0) == []
    assert db.proposals() == []


def test_recluster_needs_the_tiered_resolver() -> None:
    with (
        WorldDB.open(":memory:", embedder=None, extractor=None) as first,
        WorldDB.open(
            ":memory:", embedder=None, extractor=None, resolver=ExactResolver(first.store)
        ) as db,
    ):
        a = db.put("Person", "Grace Hopper")
        assert db.recluster([a]) == []


def test_same_as_by_hand_is_a_manual_proposal(db: WorldDB) -> None:
    a = db.put("Organization", "Acme")
    b = db.put("Organization", "Globex")
    eid = db.write(Changeset(edges=(EdgeSpec("same_as", a, b, {"evidence": "merger"}),))).proposals[
        0
    ]
    (proposal,) = db.proposals()
    assert (proposal.edge_id, proposal.tier, proposal.evidence) == (eid, "manual", "merger")
