"""The resolution benchmark: its scoring, a tiny end-to-end run, and the seeded data generator."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from worlddb.bench.resolver import run_resolver_bench, score
from worlddb.model import NodeId, Resolution

ROOT = Path(__file__).resolve().parents[1]
A, B, C = (NodeId(ch * 64) for ch in "abc")


def test_score_counts_predictions_per_tier_and_recall_per_positive() -> None:
    queries: list[dict[str, object]] = [
        {"kind": "positive", "category": "typo", "expect": "a"},  # right, fuzzy
        {"kind": "positive", "category": "typo", "expect": "b"},  # missed
        {"kind": "positive", "category": "nickname", "expect": "c"},  # found among two
        {"kind": "negative", "category": "other_given", "expect": None},  # wrongly matched
        {"kind": "negative", "category": "other_given", "expect": None},  # rightly new
    ]
    results = [
        Resolution("resolved", A, "fuzzy", 0.95),
        Resolution("new"),
        Resolution("ambiguous", None, "fuzzy", 0.93, ((A, "fuzzy", 0.93), (C, "fuzzy", 0.93))),
        Resolution("resolved", B, "phonetic", 0.9),
        Resolution("new"),
    ]
    report: dict[str, Any] = score(queries, results, {"a": A, "b": B, "c": C})
    assert report["predictions"] == 4  # one + two + one
    assert report["precision"] == round(2 / 4, 4)
    assert report["recall"] == round(2 / 3, 4)
    tiers = report["per_tier"]
    assert tiers["fuzzy"] == {"predictions": 1, "precision": 1.0, "recall_share": round(1 / 3, 4)}
    assert tiers["phonetic"]["precision"] == 0.0
    assert tiers["ambiguous"]["predictions"] == 2
    cats = report["per_category"]
    assert cats["positive:typo"]["found"] == 0.5
    assert cats["negative:other_given"]["wrongly_matched"] == 0.5


def _write(path: Path, rows: list[object]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def test_a_tiny_benchmark_runs_end_to_end(tmp_path: Path) -> None:
    _write(
        tmp_path / "resolver_canonical.jsonl",
        [
            {"key": "p1", "type": "Person", "name": "Robert Smith"},
            {"key": "t1", "type": "Tool", "name": "Kubernetes"},
        ],
    )
    _write(
        tmp_path / "resolver_queries.jsonl",
        [
            {
                "name": "Bob Smith",
                "type": "Person",
                "kind": "positive",
                "category": "nickname",
                "expect": "p1",
            },
            {
                "name": "Kubernets",
                "type": "Tool",
                "kind": "positive",
                "category": "typo",
                "expect": "t1",
            },
            {
                "name": "Mary Smith",
                "type": "Person",
                "kind": "negative",
                "category": "other_given",
                "expect": None,
            },
        ],
    )
    _write(tmp_path / "resolver_fillers.jsonl", [["P", "Alice Zhang"], ["O", "Acme Inc."]])
    report: dict[str, Any] = run_resolver_bench(4, data_dir=tmp_path)
    assert (report["entities"], report["queries"]) == (4, 3)
    assert (report["precision"], report["recall"]) == (1.0, 1.0)
    assert set(report["latency_ms"]) == {"p50", "p95", "p99", "mean"}
    with pytest.raises(ValueError):
        run_resolver_bench(1, data_dir=tmp_path)


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_resolver_data", ROOT / "scripts" / "make_resolver_data.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generator_is_seeded_and_keeps_its_promises(monkeypatch: pytest.MonkeyPatch) -> None:
    gen = _generator()
    monkeypatch.setattr(gen, "CANONICAL", {"Person": 60, "Organization": 30, "Tool": 30})
    monkeypatch.setattr(gen, "FILLERS", {"Person": 300, "Organization": 200, "Tool": 100})
    first, second = gen.generate(7), gen.generate(7)
    assert first == second
    assert gen.generate(8) != first
    canonical, queries, fillers = first
    keys = {c["key"] for c in canonical}
    positives = [q for q in queries if q["kind"] == "positive"]
    negatives = [q for q in queries if q["kind"] == "negative"]
    assert len(positives) == len(canonical) and abs(len(negatives) - len(canonical)) <= 2
    assert all(q["expect"] in keys and q["name"] for q in positives)
    assert all(q["expect"] is None for q in negatives)
    near = set().union(*(gen.near_keys(str(r["name"])) for r in (*canonical, *queries)))
    assert all(near.isdisjoint(gen.near_keys(name)) for _, name in fillers)
    assert len(fillers) == 600


def test_the_committed_data_is_what_the_generator_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    data = ROOT / "bench" / "data"
    sizes = sum(
        (data / f"resolver_{s}.jsonl").stat().st_size for s in ("canonical", "queries", "fillers")
    )
    assert sizes <= 5 * 1024 * 1024
    gen = _generator()
    monkeypatch.setattr(gen, "FILLERS", {"Person": 0, "Organization": 0, "Tool": 0})
    canonical, queries, _ = gen.generate(gen.SEED)  # fillers come last from the same stream

    def read(stem: str) -> list[object]:
        text = (data / f"resolver_{stem}.jsonl").read_text(encoding="utf-8")
        return [json.loads(line) for line in text.splitlines()]

    assert read("canonical") == canonical
    assert read("queries") == queries
    assert len(read("fillers")) == sum(_generator().FILLERS.values())
