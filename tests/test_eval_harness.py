"""The LongMemEval harness end to end: ingest, recall, rank, resume, score, in parallel too."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import anthropic
import httpx2
import pytest

from worlddb.errors import ValidationError
from worlddb.eval.answer import QAEvaluator
from worlddb.eval.files import iter_planned, plan_run
from worlddb.eval.harness import (
    HarnessOptions,
    ablation_path,
    gold_path_for,
    parse_lanes,
    run_longmemeval,
    stratified_sample,
    threads_per_worker,
)
from worlddb.eval.longmemeval import Session
from worlddb.eval.metrics import load_rankings
from worlddb.eval.worker import Task, as_of_time
from worlddb.plugins import Vectors
from worlddb.testing import HashEmbedder
from worlddb.timeutil import parse_time

TINY = Path(__file__).parent / "data" / "lme_tiny"
DATA = TINY / "lme_tiny.json"
LME_SCORE = Path(__file__).resolve().parents[1].parent / "shared" / "tools" / "lme_score.py"
TOPICS = [
    "I repotted the basil and the tomato seedlings on the balcony this weekend.",
    "Can you suggest a beginner marathon training plan with four runs a week?",
    "My landlord raised the rent again so I'm comparing flats near the station.",
    "I'm learning to bake sourdough; my starter smells like acetone, is that bad?",
    "We booked a ferry to the islands for the summer holiday in July.",
    "Help me write a cover letter for a junior data analyst position.",
]


class RecordingEmbedder(HashEmbedder):
    """Keeps every text the engine embedded, to prove what the engine was shown."""

    seen: ClassVar[list[str]] = []

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        RecordingEmbedder.seen.extend(texts)
        return super().embed_documents(texts)


def _options(**changes: object) -> HarnessOptions:
    base = HarnessOptions(
        workers=1, extraction=False, embedder_factory=HashEmbedder, cache_path=None
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def _synthetic(tmp_path: Path, evidence_date: str = "2023/03/16 (Thu) 10:00") -> Path:
    """Two questions over six distractor sessions, one evidence session and a later decoy."""
    questions, gold = [], []
    for n, (question, evidence, decoy) in enumerate(
        [
            (
                "What breed is my dog Biscuit?",
                "My dog Biscuit is a beagle and loves the park.",
                "Biscuit the dog is now a golden retriever puppy, a new dog named Biscuit.",
            ),
            (
                "Which violin teacher did I hire?",
                "I hired Mrs Okafor as my violin teacher.",
                "My violin teacher Mrs Lindqvist replaced the old violin teacher I hired.",
            ),
        ]
    ):
        ids = [f"q{n}_noise_{i}" for i in range(len(TOPICS))] + [f"answer_q{n}", f"q{n}_later"]
        texts = [*TOPICS, evidence, decoy]
        dates = [f"2023/03/{10 + i:02d} (Fri) 10:00" for i in range(len(TOPICS))]
        dates += [evidence_date, "2023/06/01 (Thu) 10:00"]
        sessions = [
            [
                {"role": "user", "content": t, "has_answer": t == evidence},
                {"role": "assistant", "content": "Noted, thanks for telling me."},
            ]
            for t in texts
        ]
        qid = f"synthetic_{n}"
        questions.append(
            {
                "question_id": qid,
                "question_type": ["multi-session", "knowledge-update"][n],
                "question": question,
                "answer": "x",
                "question_date": "2023/05/01 (Mon) 09:00",
                "haystack_dates": dates,
                "haystack_session_ids": ids,
                "haystack_sessions": sessions,
                "answer_session_ids": [f"answer_q{n}"],
            }
        )
        gold.append(
            {
                "question_id": qid,
                "question_type": questions[-1]["question_type"],
                "is_abstention": False,
                "counted_in_official_strict_avg": True,
                "gold_sessions_official": [f"answer_q{n}"],
                "gold_turns_official": [f"answer_q{n}_1"],
            }
        )
    data = tmp_path / "synthetic.json"
    data.write_text(json.dumps(questions), encoding="utf-8")
    (tmp_path / "synthetic.gold.jsonl").write_text(
        "".join(json.dumps(g) + "\n" for g in gold), encoding="utf-8"
    )
    return data


def _lme_score(rankings: Path, gold: Path, tmp_path: Path) -> dict[str, object]:
    summary = tmp_path / "summary.json"
    subprocess.run(
        [sys.executable, str(LME_SCORE), str(rankings), str(gold), "--json", str(summary)],
        check=True,
        capture_output=True,
    )
    return json.loads(summary.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_evidence_session_ranks_first_and_a_later_decoy_stays_out_of_recall(
    tmp_path: Path,
) -> None:
    data = _synthetic(tmp_path)
    for extraction in (False, True):
        out = tmp_path / f"ranks-{extraction}.jsonl"
        report = run_longmemeval(
            data, out=out, options=_options(extraction=extraction), progress=None
        )
        ranked = load_rankings(out)
        for n in (0, 1):
            row = ranked[f"synthetic_{n}"]
            assert row["sessions"][0] == f"answer_q{n}"
            assert row["sessions"][-1] == f"q{n}_later"  # dated after the question
            assert row["turns"][0] == f"answer_q{n}_1"
            assert len(row["sessions"]) == 8 and len(row["turns"]) == 16
        assert report.retrieval is not None
        assert report.retrieval.averages["strict"].metrics["recall_any@1"] == 1.0
        assert (report.ran, report.skipped) == (2, 0)


def test_metrics_match_lme_score_and_hand_computed_values_on_the_tiny_slice(
    tmp_path: Path,
) -> None:
    out = tmp_path / "tiny.jsonl"
    report = run_longmemeval(DATA, out=out, options=_options(), progress=None)
    assert report.gold == TINY / "lme_tiny.gold.jsonl" and report.retrieval is not None
    ranked = load_rankings(out)
    assert list(ranked) == ["gpt4_2655b836", "gpt4_c27434e8_abs", "7161e7e2"]
    # The only strict question: gold answer_4be1b6b4_{2,3} among three sessions.
    first = ranked["gpt4_2655b836"]["sessions"]
    assert sorted(first) == ["answer_4be1b6b4_1", "answer_4be1b6b4_2", "answer_4be1b6b4_3"]
    gold = {"answer_4be1b6b4_2", "answer_4be1b6b4_3"}
    relevance = [int(s in gold) for s in first]
    dcg = relevance[0] + relevance[1] + relevance[2] / 1.5849625007211563
    strict = report.retrieval.averages["strict"]
    assert strict.n == 1
    assert strict.metrics["recall_any@1"] == relevance[0]
    assert strict.metrics["recall_all@1"] == 0.0 and strict.metrics["recall_all@3"] == 1.0
    assert strict.metrics["ndcg_any@3"] == pytest.approx(dcg / 2.0)
    assert "strict" in report.format() and report.to_dict()["ran"] == 3
    if not LME_SCORE.is_file():
        pytest.skip(f"the official scorer is not at {LME_SCORE}")
    official = _lme_score(out, TINY / "lme_tiny.gold.jsonl", tmp_path)
    for convention in ("strict", "no-abs"):
        ours = report.retrieval.averages[convention].metrics
        theirs = official["averages"][convention]["session"]  # type: ignore[index]
        for metric, value in theirs.items():
            assert round(ours[metric], 4) == round(value, 4), (convention, metric)


def test_a_run_resumes_where_it_stopped_and_drops_a_torn_line(tmp_path: Path) -> None:
    out = tmp_path / "tiny.jsonl"
    first = run_longmemeval(DATA, out=out, options=_options(limit=1), progress=None)
    assert (first.ran, first.skipped) == (1, 0)
    assert first.gold == tmp_path / "tiny.gold.jsonl"  # scored over the subset only
    assert first.retrieval is not None and first.retrieval.missing == ()
    with out.open("a", encoding="utf-8") as fh:
        fh.write('{"question_id": "gpt4_c27434e8_abs", "sess')
    second = run_longmemeval(DATA, out=out, options=_options(), progress=None)
    assert (second.ran, second.skipped) == (2, 1)
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
    third = run_longmemeval(DATA, out=out, options=_options(resume=False), progress=None)
    assert (third.ran, third.skipped) == (3, 0)


def test_parallel_workers_write_what_one_worker_writes(tmp_path: Path) -> None:
    data = _synthetic(tmp_path)
    serial, parallel = tmp_path / "serial.jsonl", tmp_path / "parallel.jsonl"
    run_longmemeval(data, out=serial, options=_options(), progress=None)
    cache = tmp_path / "cache" / "vectors.sqlite"
    report = run_longmemeval(
        data, out=parallel, options=_options(workers=2, cache_path=cache), progress=None
    )
    assert load_rankings(parallel) == load_rankings(serial)
    assert report.ran == 2 and cache.exists()


def test_the_engine_never_sees_dataset_ids_or_labels(tmp_path: Path) -> None:
    assert [f.name for f in dataclasses.fields(Task)] == [
        "index",
        "question",
        "question_date",
        "sessions",
    ]
    assert [f.name for f in dataclasses.fields(Session)] == ["opaque_id", "date_us", "messages"]
    RecordingEmbedder.seen = []
    run_longmemeval(
        DATA,
        out=tmp_path / "r.jsonl",
        options=_options(embedder_factory=RecordingEmbedder),
        progress=None,
    )
    assert RecordingEmbedder.seen
    shown = "\n".join(RecordingEmbedder.seen)
    for leak in ("answer_", "has_answer", "gpt4_2655b836", "7161e7e2"):
        assert leak not in shown


def test_answer_mode_writes_judgements_and_reports_accuracy(tmp_path: Path) -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        prompt = json.loads(request.content)["messages"][0]["content"]
        text = (
            ("WRONG" if "Admon" in prompt else "CORRECT")
            if "CORRECT or WRONG" in prompt
            else "An answer."
        )
        return httpx2.Response(
            200,
            json={
                "id": "m",
                "type": "message",
                "role": "assistant",
                "model": "x",
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 1, "output_tokens": 1},
            },
        )

    client = anthropic.Anthropic(
        api_key="test",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(handler)),
    )
    out = tmp_path / "qa.jsonl"
    report = run_longmemeval(
        DATA, out=out, options=_options(resume=False), evaluator=QAEvaluator(client), progress=None
    )
    assert report.answers is not None
    assert report.answers.n == 3 and report.answers.accuracy == pytest.approx(2 / 3)
    assert report.answers.by_type["single-session-assistant"] == (1, 0.0)
    assert (tmp_path / "qa.answers.jsonl").exists()
    again = run_longmemeval(
        DATA, out=out, options=_options(), evaluator=QAEvaluator(client), progress=None
    )
    assert (again.ran, again.skipped, again.answers.n) == (0, 3, 3)  # type: ignore[union-attr]
    assert "QA accuracy" in again.format()


def test_progress_goes_to_the_given_stream(tmp_path: Path) -> None:
    stream = io.StringIO()
    run_longmemeval(DATA, out=tmp_path / "r.jsonl", options=_options(), progress=stream)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("longmemeval: 3 questions to rank (0 already done), 1 worker(s)")
    assert lines[-1].startswith("longmemeval    3/3 100.0%") and "CPU-s/q" in lines[-1]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_redraws_one_line(tmp_path: Path) -> None:
    stream = Terminal()
    run_longmemeval(DATA, out=tmp_path / "r.jsonl", options=_options(), progress=stream)
    text = stream.getvalue()
    assert text.count("\r") == 3 and text.endswith("\n") and text.count("\n") == 2


def test_the_report_counts_the_workers_cpu_time(tmp_path: Path) -> None:
    report = run_longmemeval(DATA, out=tmp_path / "r.jsonl", options=_options(), progress=None)
    assert report.cpu_s > 0 and report.to_dict()["cpu_s"] == round(report.cpu_s, 2)
    assert "CPU-s per question" in report.format()


def test_each_worker_gets_its_share_of_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    assert [threads_per_worker(w) for w in (1, 2, 3, 8, 16)] == [8, 4, 2, 1, 1]


def test_a_sample_runs_only_its_questions(tmp_path: Path) -> None:
    report = run_longmemeval(
        DATA, out=tmp_path / "r.jsonl", options=_options(sample=2, seed=3), progress=None
    )
    assert report.ran == 2 and report.retrieval is not None
    assert set(load_rankings(tmp_path / "r.jsonl")) == stratified_sample(DATA, 2, seed=3)
    assert report.retrieval.missing == ()


def test_without_gold_beside_the_data_nothing_is_scored(tmp_path: Path) -> None:
    data = tmp_path / "copy.json"
    data.write_text(DATA.read_text(encoding="utf-8"), encoding="utf-8")
    assert gold_path_for(data) is None and gold_path_for(tmp_path / "x.txt") is None
    assert gold_path_for(DATA) == TINY / "lme_tiny.gold.jsonl"
    report = run_longmemeval(data, out=tmp_path / "r.jsonl", options=_options(), progress=None)
    assert report.retrieval is None and "not scored" in report.format()


def test_a_stratified_sample_is_seeded_and_proportional(tmp_path: Path) -> None:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    template = raw[0]
    many = [
        dict(template, question_id=f"{kind}_{i}", question_type=kind)
        for kind, count in (("a", 6), ("b", 3), ("c", 1))
        for i in range(count)
    ]
    data = tmp_path / "many.json"
    data.write_text(json.dumps(many), encoding="utf-8")
    picked = stratified_sample(data, 5, seed=1)
    assert picked == stratified_sample(data, 5, seed=1)
    kinds = sorted(q.split("_")[0] for q in picked)
    assert kinds == ["a", "a", "a", "b", "b"]  # 3, 1.5, 0.5: the tie goes to the first type
    assert len(stratified_sample(data, 50)) == 10
    seeds = {stratified_sample(data, 5, seed=s) for s in range(6)}
    assert len(seeds) > 1


def test_a_plan_is_file_order_or_a_shuffled_sample_and_streams_in_its_order(
    tmp_path: Path,
) -> None:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    many = [dict(raw[i % 3], question_id=f"q{i}") for i in range(12)]
    data = tmp_path / "many.json"
    data.write_text(json.dumps(many), encoding="utf-8")
    assert plan_run(data) == [f"q{i}" for i in range(12)]
    assert plan_run(data, limit=4) == ["q0", "q1", "q2", "q3"]
    sampled = plan_run(data, sample=12, seed=5)
    assert sorted(sampled) == sorted(plan_run(data)) and sampled != plan_run(data)
    assert plan_run(data, sample=12, seed=5, limit=3) == sampled[:3]
    order = ["q7", "q2", "q11", "q0"]
    assert [q.question_id for q in iter_planned(data, order)] == order


def test_lanes_parse_and_are_checked() -> None:
    assert parse_lanes(" bm25, vector ") == ("bm25", "vector")
    for bad in ("", "bm25,bm25", "bm25,sparse"):
        with pytest.raises(ValidationError):
            parse_lanes(bad)


@pytest.mark.parametrize(
    "changes",
    [
        {"granularity": "paragraph"},
        {"lanes": ("bm25", "dense")},
        {"limit": 0},
        {"sample": 0},
        {"workers": 0},
        {"recall_limit": 0},
        {"ablations": (("bm25", "bm25"),)},
        {"as_of": "week"},
    ],
)
def test_bad_options_are_validation_errors(changes: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        _options(**changes)


def test_recall_is_as_of_the_question_day_unless_exact_is_asked(tmp_path: Path) -> None:
    """LongMemEval's times within a day are unreliable: same-day evidence counts by default."""
    data = _synthetic(tmp_path, evidence_date="2023/05/01 (Mon) 18:00")  # question: 09:00
    day, exact = tmp_path / "day.jsonl", tmp_path / "exact.jsonl"
    run_longmemeval(data, out=day, options=_options(), progress=None)
    run_longmemeval(data, out=exact, options=_options(as_of="exact"), progress=None)
    for n in (0, 1):
        assert load_rankings(day)[f"synthetic_{n}"]["sessions"][0] == f"answer_q{n}"
        assert load_rankings(exact)[f"synthetic_{n}"]["sessions"][-2:] == [
            f"answer_q{n}",
            f"q{n}_later",
        ]


def test_as_of_day_is_the_last_microsecond_of_the_utc_day() -> None:
    moment = parse_time("2023-05-01T09:30:00Z")
    assert moment is not None
    assert as_of_time(moment, "exact") == moment
    assert as_of_time(moment, "day") == parse_time("2023-05-02T00:00:00Z") - 1  # type: ignore[operator]


def test_lane_ablations_share_the_ingest_and_get_their_own_files(tmp_path: Path) -> None:
    data = _synthetic(tmp_path)
    out = tmp_path / "main.jsonl"
    report = run_longmemeval(
        data, out=out, progress=None, options=_options(ablations=(("bm25",), ("vector", "graph")))
    )
    assert set(report.ablations) == {"bm25", "vector+graph"}
    for lanes in (("bm25",), ("vector", "graph")):
        path = ablation_path(out, lanes)
        assert path.name == f"main.{'+'.join(lanes)}.jsonl"
        rows = load_rankings(path)
        assert rows["synthetic_0"]["sessions"][0] == "answer_q0"
    assert "ablation: lanes bm25" in report.format()
    assert set(report.to_dict()["ablations"]) == {"bm25", "vector+graph"}


def test_a_store_cache_serves_a_later_run_without_ingesting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import worlddb.eval.worker as worker_module

    data = _synthetic(tmp_path)
    stores = tmp_path / "stores"
    lanes = (("bm25", "vector"), ("bm25", "vector", "episode"))
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    options = _options(extraction=True, store_cache=stores, ablations=lanes)
    run_longmemeval(data, out=first, options=options, progress=None)
    assert len(list(stores.glob("*.sqlite"))) == 2 and len(list(stores.glob("*.map.json"))) == 2

    def refuse(*args: object) -> None:
        raise AssertionError("ingested although the store was cached")

    monkeypatch.setattr(worker_module, "_ingest", refuse)
    copies = tmp_path / "copies"
    copies.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(copies))
    report = run_longmemeval(data, out=second, options=options, progress=None)
    assert report.ran == 2
    # Opaque ids are salted per run; mapped back to dataset ids the rankings are the same.
    for name in ("", ".bm25+vector", ".bm25+vector+episode"):
        a = load_rankings(first.with_name(f"first{name}.jsonl"))
        b = load_rankings(second.with_name(f"second{name}.jsonl"))
        assert a == b and a["synthetic_0"]["sessions"][0] == "answer_q0"
    assert not list(copies.iterdir())  # each private copy is removed after its recall
