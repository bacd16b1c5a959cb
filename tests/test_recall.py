"""Recall: each lane, their fusion, time views, contradictions, scopes and the vector index."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.errors import ScopeError, ValidationError
from worlddb.fusion import RRF_K
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.recall import LANES, Recall, RecallHit, RecallResult
from worlddb.store.reads import TimeView
from worlddb.testing import HashEmbedder
from worlddb.timeutil import parse_time

pytestmark = pytest.mark.worlddb(embedder="hash")


def _recall(db: WorldDB) -> Recall:
    return Recall(db.store, db.vectors, db.embedder, db.handlers, clock=db.now)


def _fact(db: WorldDB, text: str, *entities: str, valid_from: str | None = None) -> NodeId:
    fact = db.put("Fact", content=text, valid_from=valid_from)
    for entity in entities:
        db.link(fact, entity, "refers_to")
    return fact


def _scoped(db: WorldDB, user: str, text: str) -> NodeId:
    scope = scope_world("user_id", user)
    fact = WorldSpec(type="Fact", content=text)
    db.write(
        Changeset(
            worlds=(scope, fact), edges=(EdgeSpec("contains", world_id(scope), world_id(fact)),)
        )
    )
    return world_id(fact)


def test_text_lane_alone_ranks_keyword_matches(db: WorldDB) -> None:
    best = db.put("Fact", content="the violin lesson is on Tuesday, violin practice daily")
    other = db.put("Fact", content="a violin was sold")
    db.put("Fact", content="the piano is out of tune")
    result = _recall(db).recall("violin practice", lanes=["bm25"])
    assert result.lanes == ("bm25",)
    assert result.ids == [best, other]
    assert [h.ranks for h in result.hits] == [{"bm25": 1}, {"bm25": 2}]


def test_vector_lane_alone_ranks_by_embedding(db: WorldDB) -> None:
    near = db.put("Fact", content="my sister plays the cello")
    db.put("Fact", content="dinner was at eight")
    result = _recall(db).recall("sister cello", lanes=["vector"], limit=1)
    assert result.lanes == ("vector",)
    assert result.ids == [near]
    assert result.hits[0].ranks == {"vector": 1}


def test_graph_lane_finds_mentions_that_never_say_the_name(db: WorldDB) -> None:
    """One hop from the named entity reaches every mention, whatever its words."""
    alice = db.put("Person", name="Alice")
    moved = _fact(db, "She moved to Lisbon last spring", alice)
    job = _fact(db, "Started a job at the aquarium", alice)
    db.put("Fact", content="Nobody else moved anywhere")
    result = _recall(db).recall("What happened to Alice?", lanes=["graph"])
    assert result.entities == (alice,)
    assert set(result.ids) == {moved, job}
    assert all(set(h.ranks) == {"graph"} for h in result.hits)
    assert _recall(db).recall("moved", lanes=["bm25"]).ids != result.ids


def test_fused_hits_carry_every_lane_rank_and_the_rrf_score(db: WorldDB) -> None:
    bob = db.put("Person", name="Bob")
    both = _fact(db, "Bob adopted a greyhound", bob)
    _fact(db, "Bob repainted the kitchen", bob)
    db.put("Fact", content="the greyhound races were cancelled")
    result = _recall(db).recall("Bob greyhound", limit=5)
    assert result.lanes == LANES
    assert set(result.timings) >= {*LANES, "fusion", "hydrate", "total"}
    top = result.hits[0]
    assert top.id == both
    assert set(top.ranks) == {"bm25", "vector", "graph"}
    for hit in result.hits:
        assert hit.score == pytest.approx(sum(1 / (RRF_K + r) for r in hit.ranks.values()))
    scores = [h.score for h in result.hits]
    assert scores == sorted(scores, reverse=True)


def test_lane_depth_caps_what_a_lane_contributes(db: WorldDB) -> None:
    for i in range(8):
        db.put("Fact", content=f"harbour note {i}" + " harbour" * i)
    result = _recall(db).recall(
        "harbour", lanes=["bm25", "vector"], limit=3, depth={"bm25": 1, "vector": 10}
    )
    assert [h.ranks.get("bm25") for h in result.hits if "bm25" in h.ranks] == [1]
    alone = _recall(db).recall("harbour", lanes=["bm25"], limit=6, depth={"bm25": 2})
    assert len(alone.hits) == 6  # depth doubles until the limit is met


def test_closed_facts_are_hidden_unless_asked(db: WorldDB) -> None:
    old = db.put("Fact", content="Dana lives in Oslo", valid_from="2020-01-01")
    new = db.put("Fact", content="Dana lives in Rome", valid_from="2022-01-01")
    db.link(new, old, "supersedes")
    recall = _recall(db)
    assert old not in recall.recall("Dana lives").ids
    assert new in recall.recall("Dana lives").ids
    everything = recall.recall("Dana lives", view=TimeView(include_closed=True))
    assert {old, new} <= set(everything.ids)
    closed = next(h for h in everything.hits if h.id == old)
    assert closed.valid_to == parse_time("2022-01-01")


def test_as_of_recall_pins_either_time_axis(db: WorldDB) -> None:
    old = db.put("Fact", content="Eli works at Initech", valid_from="2019-01-01")
    learned_old = db.now()
    new = db.put("Fact", content="Eli works at Globex", valid_from="2021-01-01")
    db.link(new, old, "supersedes")
    recall = _recall(db)
    then = recall.recall("Eli works", view=TimeView(valid_at=parse_time("2020-06-01")))
    assert then.ids == [old]
    before_update = recall.recall("Eli works", view=TimeView(known_at=learned_old))
    assert before_update.ids == [old]  # the supersession was not known yet
    assert recall.recall("Eli works").ids == [new]


def test_contradictions_surface_the_other_side(db: WorldDB) -> None:
    blue = db.put("Fact", content="Fay's favourite colour is blue")
    green = db.put("Fact", content="Fay prefers green these days")
    db.link(blue, green, "contradicts")
    result = _recall(db).recall("favourite colour", lanes=["bm25"])
    assert result.ids == [blue, green]
    first, surfaced = result.hits
    assert first.conflicts == (green,) and first.surfaced_by is None
    assert surfaced.surfaced_by == blue and surfaced.conflicts == (blue,)
    assert surfaced.ranks == {} and surfaced.score == 0.0
    assert "conflicts with [2]" in result.context()


def test_a_contradiction_outside_the_scope_is_not_surfaced(db: WorldDB) -> None:
    mine = _scoped(db, "gus", "Gus drives a red van")
    theirs = _scoped(db, "hal", "the van is blue")
    db.link(mine, theirs, "contradicts")
    result = _recall(db).recall("red van", scope_ids=["user_id=gus"], lanes=["bm25"])
    assert result.ids == [mine]
    assert result.hits[0].conflicts == ()


def test_scope_filter_accepts_names_and_ids(db: WorldDB) -> None:
    ida = _scoped(db, "ida", "ida keeps bees")
    _scoped(db, "jon", "jon keeps bees too")
    recall = _recall(db)
    by_name = recall.recall("keeps bees", scope_ids=["user_id=ida"])
    by_id = recall.recall("keeps bees", scope_ids=[world_id(scope_world("user_id", "ida"))])
    assert by_name.ids == by_id.ids == [ida]
    assert by_name.hits[0].scopes == ("user_id=ida",)
    assert recall.recall("keeps bees", scope_ids=["user_id=nobody"]).hits == ()
    with pytest.raises(ScopeError):
        recall.recall("bees", scope_ids=["not a scope"])


def test_types_filter_keeps_only_those_types(db: WorldDB) -> None:
    note = db.put("Note", content="kayak trip plan")
    db.put("Fact", content="kayak is green")
    assert _recall(db).recall("kayak", types=["Note"]).ids == [note]


def test_vector_lane_is_skipped_without_an_embedder() -> None:
    with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
        fact = db.put("Fact", content="the lighthouse keeper")
        result = Recall(db.store, None, None, db.handlers).recall("lighthouse")
    assert result.lanes == ("bm25", "graph")
    assert result.ids == [fact]


def test_vector_lane_survives_deleting_the_index_file(tmp_path: Path) -> None:
    path = tmp_path / "memory.db"
    with WorldDB.open(path, embedder=HashEmbedder(), extractor=None) as db:
        fact = db.put("Fact", content="quokkas smile in photographs")
        db.put("Fact", content="tax forms are due")
    index_file = Path(str(path) + ".hnsw")
    assert index_file.exists()
    index_file.unlink()
    with WorldDB.open(path, embedder=HashEmbedder(), extractor=None) as db:
        result = _recall(db).recall("quokkas smile", lanes=["vector"], limit=1)
        assert db.vectors is not None and len(db.vectors) == 2
    assert result.ids == [fact]


def test_misspelt_entity_names_reach_the_graph_lane(db: WorldDB) -> None:
    sarah = db.put("Person", name="Sarah Connor")
    fact = _fact(db, "She trained at the ranch", sarah)
    result = _recall(db).recall("what did Sarah Conor do", lanes=["graph"])
    assert result.entities == (sarah,)
    assert result.ids == [fact]
    exact_only = Recall(db.store, db.vectors, db.embedder, db.handlers, fuzzy=None)
    assert exact_only.recall("what did Sarah Conor do", lanes=["graph"]).ids == []


def test_context_shows_dates_and_entities_within_budget(db: WorldDB) -> None:
    kim = db.put("Person", name="Kim")
    _fact(db, "Kim moved to Quito", kim, valid_from="2024-03-01")
    _fact(db, "Kim's cat is called Pixel", kim)
    result = _recall(db).recall("Kim", lanes=["graph"])
    block = result.context()
    assert "(2024-03-01 → now) Kim moved to Quito — entities: Kim" in block
    assert "[1] Kim's cat is called Pixel — entities: Kim" in block  # newest first
    assert len(result.context(60)) <= 60 and result.context(60).count("\n") == 0
    assert result.context(0) == ""


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"limit": 0}, "limit"),
        ({"limit": True}, "limit"),
        ({"lanes": ["bm25", "magic"]}, "lanes"),
        ({"lanes": "bm25"}, "lanes"),
        ({"depth": {"bm25": -1}}, "depth"),
        ({"types": "Fact"}, "types"),
        ({"view": "now"}, "view"),
    ],
)
def test_bad_arguments_raise_validation_errors(
    db: WorldDB, kwargs: dict[str, object], field: str
) -> None:
    with pytest.raises(ValidationError) as err:
        _recall(db).recall("anything", **kwargs)  # type: ignore[arg-type]
    assert err.value.field == field


def test_empty_and_non_text_queries(db: WorldDB) -> None:
    db.put("Fact", content="something")
    assert _recall(db).recall("   ").hits == ()
    with pytest.raises(ValidationError):
        _recall(db).recall(42)  # type: ignore[arg-type]


def test_result_is_a_plain_replaceable_value(db: WorldDB) -> None:
    from dataclasses import replace

    db.put("Fact", content="walrus")
    result = _recall(db).recall("walrus")
    trimmed = replace(result, hits=())
    assert isinstance(trimmed, RecallResult) and trimmed.context() == ""


def _hit(text: str, **fields: object) -> RecallHit:
    base: dict[str, object] = {
        "id": NodeId(text[:1] * 64),
        "type": "Fact",
        "text": text,
        "score": 0.5,
        "ranks": {"bm25": 1},
        "valid_from": None,
        "valid_to": None,
        "provenance": (),
        "parent": None,
        "scopes": (),
    }
    return RecallHit(**{**base, **fields})  # type: ignore[arg-type]


def test_context_cuts_only_a_first_hit_longer_than_the_budget() -> None:
    result = RecallResult("q", (_hit("x" * 100), _hit("y")), ("bm25",))
    assert result.context(20) == "[1] " + "x" * 15 + "…"
    assert result.context(200) == f"[1] {'x' * 100}\n[2] y"
    assert result.context(106).splitlines() == [f"[1] {'x' * 100}"]  # [2] would not fit


def test_context_writes_times_and_conflicts_outside_the_result() -> None:
    other = NodeId("f" * 64)
    hit = _hit(
        "met at noon",
        valid_from=parse_time("2024-05-02T12:30:00Z"),
        valid_to=parse_time("2024-06-01"),
        conflicts=(other,),
    )
    assert RecallResult("q", (hit,), ()).context() == (
        "[1] (2024-05-02 12:30 → 2024-06-01) met at noon — conflicts with ffffffffffff"
    )
    ends = _hit("ended", valid_to=parse_time("2020-01-01"))
    assert RecallResult("q", (ends,), ()).context() == "[1] (… → 2020-01-01) ended"
    with pytest.raises(ValidationError):
        RecallResult("q", (hit,), ()).context(-1)


@settings(max_examples=25)
@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(1, 4)), min_size=1, max_size=8),
    st.integers(0, 8),
)
def test_recall_only_returns_worlds_visible_in_the_view(
    spans: list[tuple[int, int]], at: int
) -> None:
    """Invariant: whatever the lanes find, no hit lies outside the requested valid time."""
    year = 365 * 24 * 3600 * 1_000_000
    base = parse_time("2020-01-01") or 0
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None) as db:
        for i, (start, length) in enumerate(spans):
            db.put(
                "Fact",
                content=f"ferry timetable entry {i}",
                valid_from=base + start * year,
                valid_to=base + (start + length) * year,
            )
        moment = base + at * year
        result = _recall(db).recall("ferry timetable", limit=20, view=TimeView(valid_at=moment))
        expected = {i for i, (s, n) in enumerate(spans) if s <= at < s + n}
        found = {int(h.text.rsplit(" ", 1)[1]) for h in result.hits}
    assert found == expected


def test_several_scopes_mean_all_of_them(db: WorldDB) -> None:
    """A user's memories written through one agent: never another user's via the agent."""
    user, agent = scope_world("user_id", "kai"), scope_world("agent_id", "bot")
    both = WorldSpec(type="Fact", content="kai likes plums")
    user_only = WorldSpec(type="Fact", content="kai plums again")
    agent_only = WorldSpec(type="Fact", content="someone else likes plums")
    db.write(
        Changeset(
            worlds=(user, agent, both, user_only, agent_only),
            edges=(
                EdgeSpec("contains", world_id(user), world_id(both)),
                EdgeSpec("contains", world_id(agent), world_id(both)),
                EdgeSpec("contains", world_id(user), world_id(user_only)),
                EdgeSpec("contains", world_id(agent), world_id(agent_only)),
            ),
        )
    )
    found = _recall(db).recall("plums", scope_ids=["user_id=kai", "agent_id=bot"])
    assert found.ids == [world_id(both)]
    assert found.hits[0].scopes == ("agent_id=bot", "user_id=kai")
    assert _recall(db).recall("plums", scope_ids=[]).hits == ()
