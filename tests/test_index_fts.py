"""The full-text lane: BM25 over FTS5, filtered by time, type and scope, FTS-first plans."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.index import fts
from worlddb.index.filters import WorldFilter, resolve_scopes
from worlddb.index.fts import match_rids, search_text, text_query_plan
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.store.reads import TimeView
from worlddb.timeutil import parse_time


def _rid(db: WorldDB, wid: str) -> int:
    rid = db.store.rid_of(wid)
    assert rid is not None
    return rid


def _texts(db: WorldDB, hits: list[int]) -> list[str]:
    worlds = db.store.worlds_by_rid(hits)
    return [worlds[r].text for r in hits]


def _in_scope(db: WorldDB, user: str, content: str) -> str:
    scope = scope_world("user_id", user)
    fact = WorldSpec(type="Fact", content=content)
    db.write(
        Changeset(
            worlds=(scope, fact), edges=(EdgeSpec("contains", world_id(scope), world_id(fact)),)
        )
    )
    return world_id(fact)


def test_better_matches_rank_first(db: WorldDB) -> None:
    db.put("Fact", content="the garden has roses")
    db.put("Fact", content="roses and tulips grow in the garden by the garden shed")
    db.put("Fact", content="the kitchen is blue")
    hits = search_text(db.store, "garden tulips", flt=WorldFilter(now=db.now()), limit=10)
    assert _texts(db, [h.rid for h in hits]) == [
        "roses and tulips grow in the garden by the garden shed",
        "the garden has roses",
    ]
    assert hits[0].score > hits[1].score > 0


def test_stopword_only_question_finds_nothing(db: WorldDB) -> None:
    db.put("Fact", content="what is it that they were")
    assert search_text(db.store, "what were they?", flt=WorldFilter(now=db.now()), limit=5) == []


@given(text=st.text(max_size=200))
def test_any_user_text_is_a_valid_search(text: str) -> None:
    with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
        db.put("Fact", content='AND OR NOT NEAR "quoted" col:umn * ^ ( )')
        hits = search_text(db.store, text, flt=WorldFilter(now=db.now()), limit=3)
    assert len(hits) <= 3


def test_closed_worlds_are_hidden_unless_the_view_includes_them(db: WorldDB) -> None:
    old = db.put("Fact", content="Sam works at Initech", valid_from="2020-01-01")
    new = db.put("Fact", content="Sam works at Globex", valid_from="2023-01-01")
    db.link(new, old, "supersedes")
    now = db.now()
    current = search_text(db.store, "Sam works", flt=WorldFilter(now=now), limit=5)
    assert [h.rid for h in current] == [_rid(db, new)]
    everything = search_text(
        db.store, "Sam works", flt=WorldFilter(TimeView(include_closed=True), now), limit=5
    )
    assert {h.rid for h in everything} == {_rid(db, new), _rid(db, old)}
    back_then = TimeView(valid_at=parse_time("2021-06-01"))
    assert [
        h.rid for h in search_text(db.store, "Sam works", flt=WorldFilter(back_then, now), limit=5)
    ] == [_rid(db, old)]


def test_scope_and_type_filters_apply(db: WorldDB) -> None:
    alice = _in_scope(db, "alice", "the boat is red")
    _in_scope(db, "bob", "the boat is green")
    db.put("Note", content="boat notes")
    flt = WorldFilter(now=db.now(), scopes=resolve_scopes(db.store, ["user_id=alice"]))
    assert [h.rid for h in search_text(db.store, "boat", flt=flt, limit=5)] == [_rid(db, alice)]
    notes = WorldFilter(now=db.now(), types=("Note",))
    assert _texts(db, [h.rid for h in search_text(db.store, "boat", flt=notes, limit=5)]) == [
        "boat notes"
    ]


def test_plan_runs_the_fts_match_first_then_primary_key_probes(db: WorldDB) -> None:
    """Filters must not turn the lane into a scan: FTS drives, nodes are probed by rid."""
    for i in range(30):
        _in_scope(db, f"u{i % 3}", f"memory number {i} about sailing")
    flt = WorldFilter(
        TimeView(known_at=db.now()),
        db.now(),
        ("Fact", "Turn"),
        resolve_scopes(db.store, ["user_id=u1"]),
    )
    plan = text_query_plan(db.store, "sailing memories", flt=flt)
    assert plan[0].startswith("SCAN fts VIRTUAL TABLE INDEX")
    assert "SEARCH n USING INTEGER PRIMARY KEY (rowid=?)" in plan
    assert any("scope_members" in line or "SEARCH m USING PRIMARY KEY" in line for line in plan)
    assert not any(
        line.startswith(("SCAN n", "SCAN nodes", "SCAN m", "SCAN scope_members")) for line in plan
    )
    assert len(search_text(db.store, "sailing", flt=flt, limit=50)) == 10


def test_match_rids_checks_only_the_given_candidates(db: WorldDB) -> None:
    a = db.put("Fact", content="apples are red")
    b = db.put("Fact", content="apples are green")
    c = db.put("Fact", content="pears are green")
    found = match_rids(db.store, "apples", [_rid(db, b), _rid(db, c)])
    assert [h.rid for h in found] == [_rid(db, b)]
    assert _rid(db, a) not in {h.rid for h in found}
    assert match_rids(db.store, "the", [_rid(db, a)]) == []


def test_common_terms_score_but_do_not_select_rows(
    db: WorldDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frequent word must not make the lane touch every row that holds it."""
    monkeypatch.setattr(fts, "COMMON_MIN_DOCS", 3)
    monkeypatch.setattr(fts, "COMMON_FRACTION", 0.0)
    for i in range(6):
        db.put("Fact", content=f"meeting notes {i}")
    both = db.put("Fact", content="meeting with the dentist")
    rare = db.put("Fact", content="dentist appointment")
    flt = WorldFilter(now=db.now())
    hits = search_text(db.store, "dentist meeting", flt=flt, limit=10)
    assert [h.rid for h in hits] == [_rid(db, both), _rid(db, rare)]
    assert hits[0].score > hits[1].score  # "meeting" still counts for the row that has it
    monkeypatch.setattr(fts, "COMMON_MIN_DOCS", 1000)
    assert len(search_text(db.store, "dentist meeting", flt=flt, limit=10)) == 8


def test_all_common_terms_need_all_words_then_fall_back(
    db: WorldDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fts, "COMMON_MIN_DOCS", 2)
    monkeypatch.setattr(fts, "COMMON_FRACTION", 0.0)
    for i in range(4):
        db.put("Fact", content=f"team meeting {i}")
        db.put("Fact", content=f"team lunch {i}")
    db.put("Fact", content="meeting room")
    flt = WorldFilter(now=db.now())
    both = search_text(db.store, "team meeting", flt=flt, limit=4)
    assert len(both) == 4
    assert all("team meeting" in t for t in _texts(db, [h.rid for h in both]))
    wider = search_text(db.store, "team meeting", flt=flt, limit=10)
    assert len(wider) == 9  # fewer than 10 hold both words: the OR query ran
