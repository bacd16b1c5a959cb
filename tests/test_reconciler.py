"""The write path: validation before I/O, atomic commits, resolution, tightening, purge."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import (
    FakeClock,
    file_bytes,
    junk_edge_specs,
    junk_world_specs,
    logical_dump,
    table_count,
)
from worlddb.engine import WorldDB
from worlddb.errors import (
    CanonicalEncodingError,
    HandlerRefusedError,
    NotFoundError,
    ValidationError,
    ValidityError,
    WorldDBError,
)
from worlddb.handlers import PlainHandler, WriteContext, default_handlers
from worlddb.hashing import world_id
from worlddb.model import Changeset, Edge, EdgeSpec, InteriorEdge, NodeId, Resolution, WorldSpec
from worlddb.normalize import normalize_name
from worlddb.plugins import Vectors
from worlddb.resolver import ExactResolver
from worlddb.testing import HashEmbedder

A, B = "a" * 64, "b" * 64
NOTE = WorldSpec("Note", content="a note")


def _bad_worlds() -> list[tuple[str, WorldSpec, str]]:
    note = NOTE
    return [
        ("type", replace(note, type="1bad"), "type"),
        ("type-none", replace(note, type=None), "type"),  # type: ignore[arg-type]
        ("name", replace(note, name=None), "name"),  # type: ignore[arg-type]
        ("long-name", replace(note, name="x" * 1001), "name"),
        ("created-bool", replace(note, created_at=True), "created_at"),
        ("created-float", replace(note, created_at=1.5), "created_at"),  # type: ignore[arg-type]
        ("inverted", replace(note, valid_from=10, valid_to=10), "valid_to"),
        ("float-time", replace(note, valid_from=1.5), "valid_from"),  # type: ignore[arg-type]
        ("huge-time", replace(note, valid_to=2**70), "valid_to"),
        ("child-id", replace(note, children=("nope",)), "children"),
        ("child-missing", replace(note, children=(A,)), "children"),
        ("child-repeat", replace(note, children=(A, A)), "children"),
        ("child-unhashable", replace(note, children=([1],)), "children"),  # type: ignore[arg-type]
        ("interior-outside", replace(note, edges=(InteriorEdge("implies", A, B),)), "edges"),
        ("interior-junk", replace(note, edges=("junk",)), "edges"),  # type: ignore[arg-type]
        ("provenance-empty", replace(note, provenance=(" ",)), "provenance"),
        ("alias-type", replace(note, aliases=(5,)), "aliases"),  # type: ignore[arg-type]
        ("flag", replace(note, flags=frozenset({"Bad"})), "flags"),
    ]


@pytest.mark.parametrize(
    ("spec", "field"), [(s, f) for _, s, f in _bad_worlds()], ids=[i for i, _, _ in _bad_worlds()]
)
def test_a_malformed_world_is_refused_before_any_write(
    db: WorldDB, spec: WorldSpec, field: str
) -> None:
    before = logical_dump(db)
    with pytest.raises(ValidationError) as info:
        db.write(Changeset(worlds=(spec,)))
    assert info.value.field == field
    assert logical_dump(db) == before


@pytest.mark.parametrize(
    "spec",
    [
        replace(NOTE, aliases=("Sam\ud800",)),
        replace(NOTE, provenance=("label:\udfff",)),
        replace(NOTE, content="lone \ud800"),
    ],
)
def test_lone_surrogates_anywhere_are_canonical_encoding_errors(
    db: WorldDB, spec: WorldSpec
) -> None:
    before = logical_dump(db)
    with pytest.raises(CanonicalEncodingError):
        db.write(Changeset(worlds=(spec,)))
    with pytest.raises(CanonicalEncodingError):
        db.write(Changeset(worlds=(NOTE,), source="src \ud800"))
    assert logical_dump(db) == before


def test_malformed_edges_are_refused_before_any_write(db: WorldDB) -> None:
    a, b = db.put("Note", content="a"), db.put("Note", content="b")
    cases: list[tuple[EdgeSpec, type[ValidationError], str | None]] = [
        (EdgeSpec("bogus", a, b), ValidationError, "type"),
        (EdgeSpec(5, a, b), ValidationError, "type"),  # type: ignore[arg-type]
        (EdgeSpec("refers_to", a[:10], b), ValidationError, "source"),
        (EdgeSpec("refers_to", a, b.upper()), ValidationError, "target"),
        (EdgeSpec("refers_to", a, "c" * 64), ValidationError, "edges"),
        (EdgeSpec("refers_to", a, b, {"w": 0.5}), CanonicalEncodingError, None),
        (EdgeSpec("refers_to", a, b, {1: 2}), CanonicalEncodingError, None),  # type: ignore[dict-item]
        (EdgeSpec("refers_to", a, b, [1, 2]), ValidationError, "properties"),  # type: ignore[arg-type]
        (EdgeSpec("refers_to", a, b, {}, 5, 5), ValidationError, "valid_to"),
        (EdgeSpec("refers_to", a, b, {}, 2**64), ValidationError, "valid_from"),
    ]
    before = logical_dump(db)
    for spec, error, field in cases:
        with pytest.raises(error) as info:
            db.write(Changeset(worlds=(WorldSpec("Note", content="rides along"),), edges=(spec,)))
        if field is not None:
            assert info.value.field == field, spec
    assert logical_dump(db) == before


def test_an_unknown_interior_edge_type_is_refused(db: WorldDB) -> None:
    a, b = db.put("Turn", "user", "a"), db.put("Turn", "user", "b")
    before = logical_dump(db)
    with pytest.raises(ValidationError):
        db.write(
            Changeset(
                worlds=(
                    WorldSpec("Session", children=(a, b), edges=(InteriorEdge("bogus", a, b),)),
                )
            )
        )
    assert logical_dump(db) == before


@pytest.mark.parametrize("junk", [None, "changeset", [NOTE]])
def test_anything_but_a_changeset_is_refused(db: WorldDB, junk: object) -> None:
    with pytest.raises(ValidationError):
        db.write(junk)  # type: ignore[arg-type]


def test_a_long_source_is_refused(db: WorldDB) -> None:
    with pytest.raises(ValidationError) as info:
        db.write(Changeset(worlds=(NOTE,), source="s" * 2001))
    assert info.value.field == "source"


def test_a_commit_reports_what_it_did(db: WorldDB) -> None:
    t1, t2 = WorldSpec("Turn", "user", "hi"), WorldSpec("Turn", "assistant", "hello")
    session = WorldSpec(
        "Session",
        children=(world_id(t1), world_id(t2)),
        edges=(InteriorEdge("precedes", world_id(t1), world_id(t2)),),
    )
    result = db.write(Changeset(worlds=(t1, t2, session, t1), source="chat-1"))
    ids = [world_id(s) for s in (t1, t2, session)]
    assert result.created == tuple(ids) and result.existing == ()
    assert dict(result.ids) == {i: i for i in ids}
    assert len(result.edges) == 3  # two structural contains + the interior precedes
    assert db.get(ids[0]).provenance == ("chat-1",)
    again = db.write(Changeset(worlds=(t1, t2, session), source="chat-1"))
    assert again.created == () and again.existing == tuple(ids) and again.edges == ()
    assert again.ingested_at > result.ingested_at


def test_re_applying_a_changeset_changes_nothing(db: WorldDB) -> None:
    """I6: every row, FTS and validity log included, stays as it was."""
    old = db.put("Fact", content="Alice lives in Paris", valid_from=10)
    new = WorldSpec(
        "Fact",
        content="Alice lives in Berlin",
        valid_from=20,
        aliases=("home",),
        flags=frozenset({"pinned"}),
        provenance=("p1",),
    )
    person = WorldSpec("Person", name="Alice", resolve=True)
    changeset = Changeset(
        worlds=(new, person),
        edges=(
            EdgeSpec("supersedes", world_id(new), old),
            EdgeSpec("refers_to", world_id(new), world_id(person)),
        ),
        source="turn-1",
    )
    db.write(changeset)
    snapshot = logical_dump(db)
    result = db.write(changeset)
    assert logical_dump(db) == snapshot
    assert (result.created, result.edges, result.closed) == ((), (), ())


def test_rewriting_a_stored_world_folds_in_projection_state_and_only_tightens(db: WorldDB) -> None:
    spec = WorldSpec("Fact", content="the sky is blue", valid_from=100, valid_to=900)
    db.write(Changeset(worlds=(spec,)))
    wid = world_id(spec)
    db.write(
        Changeset(
            worlds=(
                replace(spec, aliases=("sky",), provenance=("obs",), flags=frozenset({"pinned"})),
            )
        )
    )
    world = db.get(wid)
    assert (world.aliases, world.provenance, world.flags) == (
        ("sky",),
        ("obs",),
        frozenset({"pinned"}),
    )
    db.write(Changeset(worlds=(replace(spec, valid_from=0, valid_to=None),)))
    assert (db.get(wid).valid_from, db.get(wid).valid_to) == (100, 900)
    result = db.write(Changeset(worlds=(replace(spec, valid_from=200, valid_to=800),)))
    assert (db.get(wid).valid_from, db.get(wid).valid_to) == (200, 800)
    assert result.closed == (wid,)


def _exact_only(db: WorldDB) -> WorldDB:
    """Pin the resolver to the exact tier, so these tests state the reconciler's contract."""
    db.reconciler.resolver = ExactResolver(db.store)
    return db


def test_an_exact_match_lands_on_the_stored_entity(db: WorldDB) -> None:
    _exact_only(db)
    stored = db.put("Person", "Sarah Connor")
    proposed = WorldSpec("Person", name="sarah  CONNOR", aliases=("Sarah C",), resolve=True)
    note = WorldSpec("Note", content="Sarah called")
    result = db.write(
        Changeset(
            worlds=(proposed, note),
            edges=(EdgeSpec("refers_to", world_id(note), world_id(proposed)),),
        )
    )
    assert result.ids[world_id(proposed)] == stored
    assert result.resolutions[world_id(proposed)] == ("exact", 1.0)
    assert not db.store.exists(world_id(proposed))
    assert [e.target for e in db.edges(world_id(note))] == [stored]
    world = db.get(stored)
    assert world.name == "sarah CONNOR"  # the latest surface form is the display name
    assert {normalize_name(a) for a in world.aliases} == {"sarah connor", "sarah c"}
    assert db.verify() == []


def test_an_ambiguous_exact_match_writes_the_entity_and_proposes_both(db: WorldDB) -> None:
    _exact_only(db)
    one, two = db.put("Person", "Sam"), db.put("Person", "Sam", created_at=1)
    result = db.put("Person", "SAM", resolve=True)
    assert result not in (one, two)
    assert {(p.source, p.target) for p in db.proposals()} == {(result, one), (result, two)}
    assert db.equivalence_class(result) == [result]


class FixedResolver:
    """Answers every proposed entity with one fuzzy match."""

    def __init__(self, target: str, tier: str = "fuzzy", score: float = 0.91) -> None:
        self.answer = Resolution("resolved", NodeId(target), tier, score)

    def resolve(self, spec: WorldSpec, /) -> Resolution:
        return self.answer


def test_a_fuzzy_match_stages_a_proposal_and_never_merges() -> None:
    """I8: the resolver's guess is written as a pending same_as, nothing more."""
    seeded = WorldDB.open(embedder=None, extractor=None)
    stored = seeded.put("Person", "Jonathan Smith")
    seeded.reconciler.resolver = FixedResolver(stored)
    try:
        new = seeded.put("Person", "Jon Smith", resolve=True)
        assert new != stored
        (proposal,) = seeded.proposals()
        assert (proposal.source, proposal.target, proposal.tier) == (new, stored, "fuzzy")
        assert proposal.score == pytest.approx(0.91)
        assert seeded.equivalence_class(new) == [new]
        seeded.reject_merge(proposal.edge_id)
        again = seeded.put("Person", "Jon Smith", created_at=1, resolve=True)
        assert {p.source for p in seeded.proposals()} == {again}
        assert seeded.verify() == []
    finally:
        seeded.close()


def test_retire_closes_validity_and_only_tightens(db: WorldDB) -> None:
    wid = db.put("Fact", content="open", valid_from=100)
    assert db.retire(wid, at=500) is True
    assert db.retire(wid, at=800) is False
    assert db.get(wid).valid_to == 500
    assert db.retire(wid, at=300) is True
    assert db.get(wid).valid_to == 300
    with pytest.raises(ValidityError):
        db.retire(wid, at=50)


def test_set_validity_tightens_and_refuses_to_widen(db: WorldDB) -> None:
    wid = db.put("Fact", content="bounded", valid_from=100, valid_to=900)
    assert db.set_validity(wid, 200, None) is True
    assert db.set_validity(wid, 200, 900) is False
    before = logical_dump(db)
    for widening in ((50, None), (None, 1000), (300, 250)):
        with pytest.raises(ValidityError):
            db.set_validity(wid, *widening)
    assert logical_dump(db) == before
    with pytest.raises(NotFoundError):
        db.set_validity("c" * 64, 1, 2)


def test_retiring_a_same_as_edge_rejects_the_proposal_consistently(db: WorldDB) -> None:
    a, b = db.put("Person", "Kim"), db.put("Person", "Kimberly")
    eid = db.link(a, b, "same_as")
    db.accept_merge(eid)
    db.retire_edge(eid)
    assert db.equivalence_class(a) == [a]
    assert db.verify() == []
    assert db.link(a, b, "same_as") == eid  # the same edge again: a no-op, still rejected
    assert db.store.get_edge(eid).status == "rejected"
    with pytest.raises(HandlerRefusedError):
        db.link(b, a, "same_as")


def test_merge_decisions_need_a_same_as_proposal(db: WorldDB) -> None:
    a, b = db.put("Note", content="a"), db.put("Note", content="b")
    eid = db.link(a, b, "refers_to")
    with pytest.raises(ValidationError):
        db.accept_merge(eid)
    with pytest.raises(NotFoundError):
        db.accept_merge("e" * 64)


class ChainHandler(PlainHandler):
    """Derives another edge of its own type to a fresh world: unbounded without a limit."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        nxt = ctx.add_world(WorldSpec("Note", content=f"after {edge.target}"))
        ctx.add_edge(EdgeSpec("chain", edge.target, nxt))


def test_derived_edges_cannot_nest_without_bound() -> None:
    registry = default_handlers()
    registry.register("chain", ChainHandler())
    with WorldDB.open(embedder=None, extractor=None, handlers=registry) as db:
        a, b = db.put("Note", content="a"), db.put("Note", content="b")
        before = logical_dump(db)
        with pytest.raises(HandlerRefusedError) as info:
            db.link(a, b, "chain")
        assert info.value.edge_type == "chain"
        assert logical_dump(db) == before


def test_purge_deletes_the_closure_and_everything_derived(db: WorldDB) -> None:
    t1, t2 = db.put("Turn", "user", "I live in Paris"), db.put("Turn", "user", "bye")
    session = db.put("Session", children=[t1, t2])
    keeper = db.put("Session", children=[t2], created_at=1)
    fact = db.put("Fact", content="user lives in Paris")
    shared_fact = db.put("Fact", content="user says bye")
    other = db.put("Note", content="unrelated")
    db.link(fact, t1, "derived_from")
    db.link(shared_fact, t2, "derived_from")
    db.link(fact, other, "refers_to")
    gone = db.purge(session)
    assert set(gone) == {session, t1, fact}
    assert all(db.find(w) is None for w in gone)
    assert all(db.find(w) is not None for w in (t2, keeper, shared_fact, other))
    assert db.edges(other, direction="in") == []
    assert (
        table_count(db, "fts")
        == db.store._connection.execute(
            "SELECT count(*) FROM nodes WHERE fts_indexed = 1"
        ).fetchone()[0]
    )
    assert db.verify() == []
    with pytest.raises(NotFoundError):
        db.purge(session)


def test_ingest_time_is_strictly_increasing_under_a_frozen_clock() -> None:
    clock = FakeClock()
    with WorldDB.open(embedder=None, extractor=None, clock=clock) as db:
        times = [
            db.write(Changeset(worlds=(WorldSpec("Note", content=f"n{i}"),))).ingested_at
            for i in range(3)
        ]
    assert times == sorted(set(times)) and times[0] >= clock.now


class CountingEmbedder(HashEmbedder):
    """A HashEmbedder that remembers every batch it was asked to embed."""

    def __init__(self) -> None:
        super().__init__(16)
        self.batches: list[list[str]] = []

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        self.batches.append(list(texts))
        return super().embed_documents(texts)


def test_new_text_worlds_are_embedded_once_per_distinct_text() -> None:
    embedder = CountingEmbedder()
    with WorldDB.open(embedder=embedder, extractor=None) as db:
        db.write(
            Changeset(
                worlds=(
                    WorldSpec("Note", content="same text"),
                    WorldSpec("Note", content="same text", created_at=1),
                    WorldSpec("Scope", name="user_id=x"),
                )
            )
        )
        db.put("Note", content="same text", created_at=2)
        assert embedder.batches == [["same text"]]
        assert table_count(db, "embeddings") == 3
        vectors = [
            np.frombuffer(r[0], dtype="<f4")
            for r in db.store._connection.execute("SELECT vector FROM embeddings")
        ]
        assert all(np.array_equal(vectors[0], v) for v in vectors)


@pytest.fixture(scope="module")
def junk_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[WorldDB, list[str]]]:
    """One file-backed store shared by every junk example (each checks its own before/after)."""
    db = WorldDB.open(tmp_path_factory.mktemp("junk") / "junk.db", embedder=None, extractor=None)
    ids: list[str] = [db.put("Note", content=f"seed {i}", valid_from=100 * i) for i in range(3)]
    ids += [db.put("Person", "Sam"), db.put("Turn", "user", "hello")]
    yield db, ids
    db.close()


@given(data=st.data())
def test_junk_is_refused_with_a_typed_error_and_leaves_the_file_as_it_was(
    junk_store: tuple[WorldDB, list[str]], data: st.DataObject
) -> None:
    """Floats, lone surrogates, bad ids, unknown types, inverted intervals, wrong Python types:
    the write either commits a healthy store or raises a WorldDBError and changes no byte."""
    db, ids = junk_store
    worlds = data.draw(st.lists(junk_world_specs(ids), max_size=2))
    edges = data.draw(st.lists(junk_edge_specs(ids), max_size=2))
    dump, raw = logical_dump(db), file_bytes(db)
    try:
        db.write(Changeset(worlds=tuple(worlds), edges=tuple(edges)))
    except WorldDBError:
        assert logical_dump(db) == dump
        assert file_bytes(db) == raw
    assert db.verify() == []


class _FindsItself:
    """A resolver that finds the proposed world itself, as it does when another writer stored
    identical content between this changeset's existence check and its resolution."""

    def __init__(self, tier: str, ambiguous: bool = False) -> None:
        self.tier, self.ambiguous = tier, ambiguous

    def resolve(self, spec: WorldSpec, /) -> Resolution:
        own = world_id(spec)
        if self.ambiguous:
            return Resolution("ambiguous", options=((own, self.tier, 0.9),))
        return Resolution("resolved", own, self.tier, 0.9)


@pytest.mark.parametrize(
    ("tier", "ambiguous"), [("fuzzy", False), ("exact", False), ("fuzzy", True)]
)
def test_a_resolver_that_finds_the_world_itself_stages_no_self_merge(
    tier: str, ambiguous: bool
) -> None:
    spec = WorldSpec(type="Person", name="Maria Silva", resolve=True)
    with WorldDB.open(
        ":memory:", embedder=None, extractor=None, resolver=_FindsItself(tier, ambiguous)
    ) as db:
        result = db.write(Changeset(worlds=(spec,)))
        assert result.proposals == ()
        assert db.get(world_id(spec)).name == "Maria Silva"
        assert db.proposals() == []
