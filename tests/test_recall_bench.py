"""The recall benchmark runs end to end on a tiny generated store (numbers are not asserted)."""

from __future__ import annotations

from worlddb.bench.recall import percentiles, run_recall_bench


def test_bench_reports_every_operation_on_a_small_store() -> None:
    report = run_recall_bench(400, queries=4)
    latency = report["latency_ms"]
    assert isinstance(latency, dict)
    assert set(latency) == {"expand_1hop", "bm25", "hnsw_top10", "recall", "recall_scoped"}
    assert all(v["p50"] <= v["p95"] <= v["max"] for v in latency.values())
    assert 300 <= int(report["worlds"]) <= 400  # type: ignore[call-overload]
    assert 0.0 <= float(report["hnsw_recall_at_10"]) <= 1.0  # type: ignore[arg-type]


def test_percentiles_of_a_known_sample() -> None:
    assert percentiles([1.0, 2.0, 3.0, 4.0, 100.0]) == {"p50": 3.0, "p95": 80.8, "max": 100.0}
