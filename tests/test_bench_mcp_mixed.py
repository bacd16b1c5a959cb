"""``worlddb bench mcp``: stdio round trips beside in-process writes; mixed mode over HTTP."""

from __future__ import annotations

import pytest

from worlddb.bench.mcp import run_mcp_bench


@pytest.mark.slow
def test_mixed_mode_reports_recalls_idle_and_under_a_write_from_one_server() -> None:
    result = run_mcp_bench(
        30,
        "http",
        calls=3,
        embedder="hash",
        extractor="none",
        mode="mixed",
        write_chars=20_000,
        interval_s=0.05,
    )
    assert result["mode"] == "mixed" and result["write_chars"] == 20_000
    assert result["large_writes_completed"] >= 1 and result["large_write_p50_ms"] > 0
    assert 1 <= result["recall_under_write_samples"] <= 3
    assert 0 < result["recall_idle_p50_ms"] <= result["recall_idle_p95_ms"]
    assert 0 < result["recall_under_write_p50_ms"] <= result["recall_under_write_p95_ms"]


def test_mixed_mode_needs_http_and_a_known_mode() -> None:
    with pytest.raises(ValueError, match="http"):
        run_mcp_bench(1, "stdio", mode="mixed")
    with pytest.raises(ValueError, match="mode"):
        run_mcp_bench(1, "http", mode="both")


@pytest.mark.slow
def test_sequential_mode_reports_stdio_round_trips_beside_in_process_writes() -> None:
    result = run_mcp_bench(20, "stdio", calls=3, embedder="hash", extractor="none")
    assert 0 < result["write_p50_ms"] <= result["write_p95_ms"]
    assert 0 < result["inproc_write_p50_ms"] <= result["inproc_write_p95_ms"]
    assert 0 <= result["inproc_write_cpu_p50_ms"] <= result["inproc_write_cpu_p95_ms"]
