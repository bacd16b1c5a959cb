"""The time lane: a question that names a time ranks memories dated near it first."""

from __future__ import annotations

import pytest

from worlddb import WorldDB
from worlddb.recall.anchors import DAY_US, find_anchor, rank_by_time
from worlddb.timeutil import parse_time

ALICE = {"user_id": "alice"}
ASKED = "2024-05-30"
WITH_TIME = ["bm25", "vector", "graph", "time"]


def _us(day: str) -> int:
    moment = parse_time(day)
    assert moment is not None
    return moment


pytestmark = pytest.mark.worlddb(embedder="hash", extractor="default")


@pytest.fixture
def db(db: WorldDB) -> WorldDB:
    """The shared store, holding four of alice's dated memories."""
    for day, text in [
        ("2024-03-02", "I bought a new kitchen appliance, a stand mixer from KitchenAid."),
        ("2024-05-20", "Picked up an air fryer for the kitchen."),
        ("2024-05-01", "I bought a kitchen appliance, a slow cooker, on sale."),
        ("2024-05-21", "We walked the dog by the river."),
    ]:
        db.remember(text, occurred_at=day, scopes=ALICE)
    return db


def test_a_relative_day_resolves_against_the_question_date() -> None:
    anchor = find_anchor("What kitchen appliance did I buy 10 days ago?", _us(ASKED))
    assert anchor is not None
    assert anchor.start == _us("2024-05-20")
    assert anchor.end == anchor.start + DAY_US
    assert anchor.distance(_us("2024-05-20") + 5) == 0
    assert anchor.distance(_us("2024-05-18")) == 2 * DAY_US
    assert anchor.distance(_us("2024-04-01")) is None


def test_a_month_is_the_whole_month() -> None:
    anchor = find_anchor("Where did I travel in February?", _us(ASKED))
    assert anchor is not None
    assert (anchor.start, anchor.end) == (_us("2024-02-01"), _us("2024-03-01"))


def test_no_date_no_anchor() -> None:
    assert find_anchor("What kitchen appliance did I buy?", _us(ASKED)) is None


def test_ranking_is_by_distance_then_by_relevance_and_drops_the_far_and_undated() -> None:
    anchor = find_anchor("yesterday", _us(ASKED))
    assert anchor is not None
    dated = {1: _us("2024-05-29"), 2: _us("2024-05-27"), 3: _us("2024-05-29"), 4: _us("2023-01-01")}
    assert rank_by_time(anchor, [2, 3, 4, 1, 5], {**dated, 5: None}) == [3, 1, 2]


def test_the_memory_dated_near_the_named_day_ranks_first(db: WorldDB) -> None:
    question = "What kitchen appliance did I buy 10 days ago?"
    hits = db.recall(question, scopes=ALICE, valid_at=ASKED, limit=3, lanes=WITH_TIME).hits
    assert "air fryer" in hits[0].text
    assert hits[0].ranks.get("time") == 1
    assert all("dog" not in h.text for h in hits)  # the lane only reorders relevant memories


def test_without_the_time_lane_the_date_is_ignored(db: WorldDB) -> None:
    question = "What kitchen appliance did I buy 10 days ago?"
    hits = db.recall(question, scopes=ALICE, valid_at=ASKED, lanes=["bm25", "vector"]).hits
    assert all("time" not in h.ranks for h in hits)
    assert "air fryer" not in hits[0].text  # so the lane, not the words, put it first above


def test_a_question_without_a_date_runs_no_time_lane(db: WorldDB) -> None:
    result = db.recall(
        "What kitchen appliance did I buy?", scopes=ALICE, valid_at=ASKED, lanes=WITH_TIME
    )
    assert "time" not in result.lanes


def test_a_range_spans_every_named_period() -> None:
    anchor = find_anchor("Which airline did I fly most in March and April?", _us(ASKED))
    assert anchor is not None
    assert (anchor.start, anchor.end) == (_us("2024-03-01"), _us("2024-05-01"))


@pytest.mark.parametrize(
    "question",
    [
        "What time do I wake up on Saturday mornings?",
        "Can you recommend a concert for this weekend?",
        "What should I cook tomorrow?",
    ],
)
def test_habits_and_the_future_name_no_memory_time(question: str) -> None:
    assert find_anchor(question, _us(ASKED)) is None


def test_a_month_range_with_bare_month_names() -> None:
    anchor = find_anchor("How many rides from July to October?", _us("2024-11-30"))
    assert anchor is not None
    assert (anchor.start, anchor.end) == (_us("2024-07-01"), _us("2024-11-01"))
    across = find_anchor("What did I do from November to February?", _us("2024-03-30"))
    assert across is not None
    assert (across.start, across.end) == (_us("2023-11-01"), _us("2024-03-01"))


def test_the_time_lane_runs_only_when_asked_for(db: WorldDB) -> None:
    question = "What kitchen appliance did I buy 10 days ago?"
    assert "time" not in db.recall(question, scopes=ALICE, valid_at=ASKED).lanes
