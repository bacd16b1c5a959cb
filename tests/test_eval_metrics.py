"""LongMemEval metrics: hand-computed cases, and agreement with the official scorer script."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from worlddb.errors import ValidationError
from worlddb.eval.metrics import KS, METRICS, Granularity, dcg, score_question, score_rankings

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
LME_SCORE = SHARED / "tools" / "lme_score.py"
ORACLE_GOLD = SHARED / "data" / "longmemeval" / "longmemeval_oracle.gold.jsonl"
TINY_GOLD = Path(__file__).parent / "data" / "lme_tiny" / "lme_tiny.gold.jsonl"


def _gold_line(
    qid: str,
    qtype: str,
    sessions: list[str],
    turns: list[str],
    *,
    abstention: bool = False,
    strict: bool = True,
) -> dict[str, object]:
    return {
        "question_id": qid,
        "question_type": qtype,
        "is_abstention": abstention,
        "counted_in_official_strict_avg": strict,
        "gold_sessions_official": sessions,
        "gold_turns_official": turns,
    }


def _jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_dcg_gives_ranks_one_and_two_the_same_weight() -> None:
    assert dcg([]) == 0.0
    assert dcg([1, 0]) == dcg([0, 1]) == 1.0
    assert dcg([0, 0, 1]) == pytest.approx(1 / math.log2(3))


def test_one_question_by_hand() -> None:
    # gold {a, b}; ranking x a y b (and a duplicate a that must not count twice).
    got = score_question(["x", "a", "a", "y", "b"], frozenset({"a", "b"}))
    assert (got["recall_any@1"], got["recall_all@1"], got["ndcg_any@1"]) == (0.0, 0.0, 0.0)
    # top 3 = x a y: dcg = 0 + 1/log2(2) + 0 = 1; ideal = dcg([1, 1]) = 2.
    assert (got["recall_any@3"], got["recall_all@3"]) == (1.0, 0.0)
    assert got["ndcg_any@3"] == pytest.approx(0.5)
    # top 5 = x a y b: dcg = 1 + 1/log2(4) = 1.5; ideal 2.
    assert got["recall_all@5"] == 1.0
    assert got["ndcg_any@5"] == pytest.approx(0.75)
    assert set(got) == set(METRICS)


def test_empty_gold_has_recall_all_one_and_ndcg_zero() -> None:
    got = score_question(["x", "y"], frozenset())
    assert all(got[f"recall_all@{k}"] == 1.0 for k in KS)
    assert all(got[f"ndcg_any@{k}"] == 0.0 for k in KS)
    assert all(got[f"recall_any@{k}"] == 0.0 for k in KS)


def test_averages_and_types_by_hand(tmp_path: Path) -> None:
    gold = _jsonl(
        tmp_path / "gold.jsonl",
        [
            _gold_line("q1", "multi-session", ["s1", "s2"], ["s1_1", "s2_3"]),
            _gold_line("q2", "knowledge-update", ["s9"], ["s9_2"]),
            _gold_line("q3", "single-session-assistant", [], [], strict=False),
            _gold_line("q4_abs", "multi-session", ["s5"], ["s5_1"], abstention=True, strict=False),
        ],
    )
    ranked = _jsonl(
        tmp_path / "ranked.jsonl",
        [
            {"question_id": "q1", "sessions": ["s2", "x", "s1"], "turns": ["s1_1", "s2_3"]},
            {"question_id": "q3", "sessions": ["y"]},
            {"question_id": "q4_abs", "sessions": ["s5"]},
            {"question_id": "stranger", "sessions": ["s1"]},
        ],
    )
    report = score_rankings(ranked, gold, "session")
    strict, no_abs = report.averages["strict"], report.averages["no-abs"]
    assert (strict.n, no_abs.n) == (2, 3)
    # q1: recall_any@1 = 1, recall_all@1 = 0, recall_all@3 = 1; q2 missing: all 0.
    assert strict.metrics["recall_any@1"] == 0.5
    assert strict.metrics["recall_all@1"] == 0.0
    assert strict.metrics["recall_all@3"] == 0.5
    # q1 ndcg@3: dcg(1,0,1) = 1 + 1/log2(3), ideal dcg(1,1) = 2.
    assert strict.metrics["ndcg_any@3"] == pytest.approx((1 + 1 / math.log2(3)) / 2 / 2)
    # no-abs adds q3, whose empty gold gives recall_all 1 and recall_any 0.
    assert no_abs.metrics["recall_all@3"] == pytest.approx(2 / 3)
    assert no_abs.metrics["recall_any@1"] == pytest.approx(1 / 3)
    assert {t: a.n for t, a in report.by_type.items()} == {
        "knowledge-update": 1,
        "multi-session": 1,
    }
    assert report.by_type["multi-session"].metrics["recall_all@3"] == 1.0
    assert (report.missing, report.unknown, report.n_ranked) == (("q2",), ("stranger",), 4)

    turns = score_rankings(ranked, gold, "turn")
    # Only q1 has turns (both gold in the top 2); q2 missing and q3 without turns count as 0.
    assert turns.per_question["q1"]["recall_all@1"] == 0.0
    assert turns.per_question["q1"]["recall_all@3"] == 1.0
    assert turns.averages["strict"].metrics["recall_all@3"] == 0.5
    assert turns.averages["no-abs"].metrics["recall_all@3"] == pytest.approx(1 / 3)


def test_report_renders_and_serialises(tmp_path: Path) -> None:
    gold = _jsonl(tmp_path / "gold.jsonl", [_gold_line("q1", "multi-session", ["s1"], ["s1_1"])])
    ranked = _jsonl(tmp_path / "ranked.jsonl", [{"question_id": "q1", "sessions": ["s1"]}])
    report = score_rankings(ranked, gold)
    table = report.format_table()
    assert "strict" in table
    assert "multi-session" in table
    assert "1.0000" in table
    data = json.loads(json.dumps(report.to_dict()))
    assert data["averages"]["strict"]["recall_any@1"] == 1.0
    assert data["by_type"]["multi-session"]["n"] == 1


def test_turn_level_without_turn_lists_is_a_validation_error(tmp_path: Path) -> None:
    gold = _jsonl(tmp_path / "gold.jsonl", [_gold_line("q1", "multi-session", ["s1"], ["s1_1"])])
    ranked = _jsonl(tmp_path / "ranked.jsonl", [{"question_id": "q1", "sessions": ["s1"]}])
    with pytest.raises(ValidationError):
        score_rankings(ranked, gold, "turn")
    with pytest.raises(ValidationError):
        score_rankings(ranked, gold, "paragraph")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "line",
    [
        '{"sessions": []}',
        '{"question_id": "q1"}',
        '{"question_id": "q1", "sessions": "s1"}',
        '{"question_id": "q1", "sessions": [], "turns": "t"}',
        "[1]",
        "{not json",
    ],
)
def test_malformed_rankings_are_validation_errors(tmp_path: Path, line: str) -> None:
    ranked = tmp_path / "ranked.jsonl"
    ranked.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValidationError):
        score_rankings(ranked, TINY_GOLD)


def test_a_gold_line_without_its_labels_is_a_validation_error(tmp_path: Path) -> None:
    gold = _jsonl(tmp_path / "gold.jsonl", [{"question_id": "q1"}])
    ranked = _jsonl(tmp_path / "ranked.jsonl", [{"question_id": "q1", "sessions": []}])
    with pytest.raises(ValidationError):
        score_rankings(ranked, gold)


def _random_rankings(gold_path: Path, seed: int) -> list[dict[str, object]]:
    """Random rankings over the gold's real ids, with the edge cases lme_score must handle."""
    rnd = random.Random(seed)
    golds = [json.loads(line) for line in gold_path.read_text(encoding="utf-8").splitlines()]
    rows: list[dict[str, object]] = []
    for g in golds:
        if rnd.random() < 0.05:
            continue  # missing question
        pool = [*g["answer_session_ids"], *(f"noise_{rnd.randrange(10**6)}" for _ in range(60))]
        rnd.shuffle(pool)
        sessions = pool[: rnd.choice([0, 1, 3, 8, 40, 70])]
        if sessions and rnd.random() < 0.2:
            sessions.insert(rnd.randrange(len(sessions)), sessions[0])  # duplicate
        row: dict[str, object] = {"question_id": g["question_id"], "sessions": sessions}
        if rnd.random() < 0.8:
            turn_pool = [
                *g["gold_turns_official"],
                *(f"{rnd.choice(pool)}_{rnd.randint(1, 14)}" for _ in range(60)),
            ]
            rnd.shuffle(turn_pool)
            row["turns"] = turn_pool[: rnd.choice([0, 2, 5, 12, 55])]
        rows.append(row)
    rows.append({"question_id": "not_in_gold", "sessions": ["x"]})
    rnd.shuffle(rows)
    return rows


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_agrees_with_the_official_scorer_to_four_decimals(tmp_path: Path, seed: int) -> None:
    if not (LME_SCORE.is_file() and ORACLE_GOLD.is_file()):
        pytest.skip(f"the shared LongMemEval data and scorer are not at {SHARED}")
    ranked = _jsonl(tmp_path / "ranked.jsonl", _random_rankings(ORACLE_GOLD, seed))
    summary_path = tmp_path / "summary.json"
    subprocess.run(
        [
            sys.executable,
            str(LME_SCORE),
            str(ranked),
            str(ORACLE_GOLD),
            "--json",
            str(summary_path),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    official = json.loads(summary_path.read_text())
    compared = 0
    levels: tuple[Granularity, ...] = ("session", "turn")
    for level in levels:
        report = score_rankings(ranked, ORACLE_GOLD, level)
        assert list(report.missing) == official["missing"]
        assert list(report.unknown) == official["unknown"]
        assert report.n_ranked == official["n_ranked"]
        for convention in ("strict", "no-abs"):
            theirs = official["averages"][convention]
            ours = report.averages[convention]
            assert ours.n == theirs["n"]
            assert set(ours.metrics) == set(theirs[level])
            for metric, value in theirs[level].items():
                assert round(ours.metrics[metric], 4) == round(value, 4), (level, metric)
                compared += 1
        if level == "session":
            assert set(report.by_type) == set(official["by_type"])
            for qtype, theirs in official["by_type"].items():
                assert report.by_type[qtype].n == theirs["n"]
                for metric, value in theirs.items():
                    if metric != "n":
                        assert round(report.by_type[qtype].metrics[metric], 4) == round(value, 4)
                        compared += 1
    assert compared == 2 * 2 * len(METRICS) + 6 * len(official["by_type"])
