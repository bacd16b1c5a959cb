"""Reciprocal rank fusion: hand-checked scores and the properties recall relies on."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb.errors import ValidationError
from worlddb.fusion import RRF_K, FusedHit, rrf

IDS = st.sampled_from([f"id{n}" for n in range(12)])
LANE = st.lists(IDS, max_size=10, unique=True)
LANES = st.dictionaries(st.sampled_from(["fts", "vec", "graph", "alias"]), LANE, max_size=4)


def _position(hits: list[FusedHit], item: str) -> int:
    return [hit.id for hit in hits].index(item)


def test_scores_follow_the_rrf_formula() -> None:
    hits = rrf({"fts": ["a", "b"], "vec": ["b", "c"]}, k=10)
    scores = {hit.id: hit.score for hit in hits}
    assert scores["a"] == pytest.approx(1 / 11)
    assert scores["b"] == pytest.approx(1 / 12 + 1 / 11)
    assert scores["c"] == pytest.approx(1 / 12)
    assert [hit.id for hit in hits] == ["b", "a", "c"]
    assert hits[0].ranks == {"fts": 2, "vec": 1}


def test_default_k_is_sixty() -> None:
    (hit,) = rrf({"fts": ["a"]})
    assert RRF_K == 60
    assert hit.score == pytest.approx(1 / 61)


def test_weights_scale_a_lanes_contribution() -> None:
    hits = rrf({"fts": ["a"], "vec": ["b"]}, k=1, weights={"vec": 3.0})
    assert [(hit.id, hit.score) for hit in hits] == [("b", 1.5), ("a", 0.5)]


def test_depth_caps_how_many_of_a_lane_contribute() -> None:
    hits = rrf({"fts": ["a", "b", "c"], "vec": ["c"]}, depth={"fts": 2})
    assert {hit.id: hit.ranks for hit in hits} == {
        "a": {"fts": 1},
        "b": {"fts": 2},
        "c": {"vec": 1},
    }


def test_a_duplicate_in_one_lane_counts_once_at_its_best_rank() -> None:
    (hit,) = rrf({"fts": ["a", "a", "a"]}, k=1)
    assert hit.ranks == {"fts": 1}
    assert hit.score == pytest.approx(0.5)


def test_empty_input_and_empty_lanes_give_an_empty_result() -> None:
    assert rrf({}) == []
    assert rrf({"fts": [], "vec": []}) == []


def test_weight_zero_switches_a_lane_off() -> None:
    hits = rrf({"fts": ["a", "b"], "vec": ["c", "b"]}, weights={"vec": 0})
    assert [hit.id for hit in hits] == ["a", "b"]
    assert all("vec" not in hit.ranks for hit in hits)


@pytest.mark.parametrize("k", [0, -1, True, 1.5, "60"])
def test_bad_k_is_a_validation_error(k: object) -> None:
    with pytest.raises(ValidationError) as info:
        rrf({"fts": ["a"]}, k=k)  # type: ignore[arg-type]
    assert info.value.field == "k"


@pytest.mark.parametrize("weight", [-0.1, math.nan, math.inf, "1", None])
def test_bad_weight_is_a_validation_error(weight: object) -> None:
    with pytest.raises(ValidationError) as info:
        rrf({"fts": ["a"]}, weights={"fts": weight})  # type: ignore[dict-item]
    assert info.value.field == "weights"


@pytest.mark.parametrize("limit", [-1, 2.0, True])
def test_bad_depth_is_a_validation_error(limit: object) -> None:
    with pytest.raises(ValidationError) as info:
        rrf({"fts": ["a"]}, depth={"fts": limit})  # type: ignore[dict-item]
    assert info.value.field == "depth"


@given(LANES, st.randoms(use_true_random=False))
def test_result_does_not_depend_on_lane_order(lanes: dict[str, list[str]], rnd: object) -> None:
    items = list(lanes.items())
    rnd.shuffle(items)  # type: ignore[attr-defined]
    assert rrf(dict(items)) == rrf(lanes)


@given(LANES, st.data(), st.integers(1, 100))
def test_improving_a_rank_never_lowers_score_or_position(
    lanes: dict[str, list[str]], data: st.DataObject, k: int
) -> None:
    candidates = [(lane, i) for lane, ids in sorted(lanes.items()) for i in range(1, len(ids))]
    if not candidates:
        return
    lane, index = data.draw(st.sampled_from(candidates))
    target = data.draw(st.integers(0, index - 1))
    item = lanes[lane][index]
    moved = list(lanes[lane])
    moved.insert(target, moved.pop(index))
    before = rrf(lanes, k=k)
    after = rrf({**lanes, lane: moved}, k=k)
    score_before = next(hit.score for hit in before if hit.id == item)
    score_after = next(hit.score for hit in after if hit.id == item)
    assert score_after > score_before
    assert _position(after, item) <= _position(before, item)


@given(LANES, st.data())
def test_moving_an_item_into_the_depth_window_never_hurts_it(
    lanes: dict[str, list[str]], data: st.DataObject
) -> None:
    if not lanes:
        return
    lane = data.draw(st.sampled_from(sorted(lanes)))
    depth = {lane: data.draw(st.integers(0, 10))}
    ids = lanes[lane]
    if len(ids) < 2:
        return
    index = data.draw(st.integers(1, len(ids) - 1))
    target = data.draw(st.integers(0, index - 1))
    item = ids[index]
    moved = list(ids)
    moved.insert(target, moved.pop(index))
    before = rrf(lanes, depth=depth)
    after = rrf({**lanes, lane: moved}, depth=depth)
    score = {hit.id: hit.score for hit in before}
    score_after = {hit.id: hit.score for hit in after}
    assert score_after.get(item, 0.0) >= score.get(item, 0.0)
    if item in score:
        assert _position(after, item) <= _position(before, item)


@given(LANES)
def test_ordering_is_score_then_best_rank_then_id(lanes: dict[str, list[str]]) -> None:
    hits = rrf(lanes)
    keys = [(-hit.score, min(hit.ranks.values()), hit.id) for hit in hits]
    assert keys == sorted(keys)
    assert len({hit.id for hit in hits}) == len(hits)
    assert {hit.id for hit in hits} == {i for ids in lanes.values() for i in ids}


def test_ties_are_broken_by_best_single_lane_rank_then_id() -> None:
    # k=1: "a" scores 2/(1+3) = 0.5 and "z" scores 1/(1+1) = 0.5, exactly; "z" holds rank 1.
    hits = rrf({"x": ["p", "q", "a"], "y": ["z"]}, k=1, weights={"x": 2.0})
    tied = [hit for hit in hits if hit.id in {"a", "z"}]
    assert tied[0].score == tied[1].score
    assert [hit.id for hit in tied] == ["z", "a"]
    # Same score and same best rank: the id decides.
    assert [hit.id for hit in rrf({"x": ["q"], "y": ["p"]})] == ["p", "q"]


@given(st.integers(1, 30), st.permutations(["fts", "vec", "graph"]))
def test_an_id_in_more_lanes_beats_one_in_a_subset_at_equal_ranks(
    rank: int, names: list[str]
) -> None:
    filler = [f"pad{n}" for n in range(rank - 1)]
    first, second, third = names
    lanes = {first: [*filler, "wide"], second: [*filler, "narrow"], third: [*filler, "wide"]}
    hits = rrf(lanes)
    assert _position(hits, "wide") < _position(hits, "narrow")
    assert set(hits[_position(hits, "wide")].ranks) == {first, third}


@given(LANES, st.dictionaries(st.sampled_from(["fts", "vec", "graph", "alias"]), st.just(0.0)))
def test_zero_weighted_lanes_are_invisible(
    lanes: dict[str, list[str]], zeros: dict[str, float]
) -> None:
    live = {lane: ids for lane, ids in lanes.items() if lane not in zeros}
    assert rrf(lanes, weights=zeros) == rrf(live)
