"""``worlddb bench traverse`` and ``bench retention`` at toy sizes: they run and report sanely."""

from __future__ import annotations

from pathlib import Path

from worlddb.bench.retention import run_retention_bench
from worlddb.bench.traverse import run_traverse_bench


def test_traverse_bench_finds_every_walk_target(tmp_path: Path) -> None:
    report = run_traverse_bench(400, queries=8, rounds=1, path=str(tmp_path / "t.db"))
    assert report["astar_paths_found"] == 8  # every target is a random walk away
    for name in ("astar", "water_circles", "beam"):
        row = report[name]
        assert isinstance(row, dict) and row["visited_p50"] >= 1 and row["stopped_by_bound"] == 0
    again = run_traverse_bench(400, queries=8, rounds=1, path=str(tmp_path / "t.db"), reuse=1)
    assert "load_s" not in again and again["astar_paths_found"] == 8


def test_retention_bench_reports_both_sides() -> None:
    report = run_retention_bench(300, queries=10, rounds=1)
    assert {"recall_p50_ms_on", "recall_p50_ms_off", "record_call_us"} <= set(report)
