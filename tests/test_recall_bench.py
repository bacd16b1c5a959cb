"""The recall benchmark runs end to end on a tiny generated store (numbers are not asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from worlddb.bench.recall import percentiles, run_recall_bench
from worlddb.errors import ValidationError


def test_bench_reports_every_operation_on_a_small_store() -> None:
    report = run_recall_bench(400, queries=4)
    latency = report["latency_ms"]
    assert isinstance(latency, dict)
    assert set(latency) == {
        "expand_1hop",
        "graph_1hop",
        "fts_floor",
        "bm25",
        "bm25_exact",
        "hnsw_top10",
        "recall",
        "recall_scoped",
    }
    assert set(report["cpu_ms_mean"]) == set(latency)  # type: ignore[arg-type]
    quality = report["bm25_vs_exact"]
    assert isinstance(quality, dict)
    assert all(0.0 <= value <= 1.0 for value in quality.values())
    assert all(v["p50"] <= v["p95"] <= v["max"] for v in latency.values())
    assert 300 <= int(report["worlds"]) <= 400  # type: ignore[call-overload]
    assert 0.0 <= float(report["hnsw_recall_at_10"]) <= 1.0  # type: ignore[arg-type]


def test_percentiles_of_a_known_sample() -> None:
    assert percentiles([1.0, 2.0, 3.0, 4.0, 100.0]) == {"p50": 3.0, "p95": 80.8, "max": 100.0}


def test_reuse_measures_a_kept_store_without_writing_again(tmp_path: Path) -> None:
    target = tmp_path / "kept.db"
    first = run_recall_bench(400, queries=3, path=target)
    size = target.stat().st_size
    again = run_recall_bench(400, queries=3, path=target, reuse=True, rounds=2)
    assert again["counts"] == first["counts"]  # nothing written twice
    assert again["load_s"] is None and again["rounds"] == 2
    # The replayed corpus asks for the same facts, so scoped recall finds them as before.
    assert again["scoped_recall_finds_source_fact"] == first["scoped_recall_finds_source_fact"]
    assert target.stat().st_size == size


def test_reuse_without_a_store_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="earlier run"):
        run_recall_bench(400, queries=3, path=tmp_path / "missing.db", reuse=True)
    assert not (tmp_path / "missing.db").exists()


def test_rounds_must_be_positive() -> None:
    with pytest.raises(ValidationError, match="rounds"):
        run_recall_bench(400, queries=3, rounds=0)
