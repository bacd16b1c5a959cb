"""~200 randomised and malformed MCP tool calls against real servers: the short ``bench fuzz``.

The server runs as users run it (a ``python -m worlddb_mcp`` child over stdio, or streamable
HTTP on a loopback port with bearer tokens) and the SDK client sends calls broken in one way
each. No call may crash the tool, hang or kill the server, and every call that failed must leave
the store's digest as it was. The full 10,000-call runs are in BENCHMARKS.md.
"""

from __future__ import annotations

import random
from pathlib import Path

from worlddb.bench.fuzz import make_call, run_fuzz_bench, store_digest
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder


def test_fuzzed_calls_over_http_crash_nothing_and_leave_the_store_unchanged(
    tmp_path: Path,
) -> None:
    report = run_fuzz_bench(200, "http", seed=1, workdir=tmp_path)
    assert report["failures"] == 0, report["failure_samples"]
    assert report["server_tracebacks_logged"] == 0
    outcomes = report["outcomes"]
    assert sum(outcomes.values()) == 200
    kinds = {key.split("/")[1] for key in outcomes}
    assert {"ok", "refused", "unauthorized"} <= kinds  # valid calls, refusals and bad tokens


def test_fuzzed_calls_over_stdio_crash_nothing(tmp_path: Path) -> None:
    report = run_fuzz_bench(60, "stdio", seed=2, workdir=tmp_path)
    assert report["failures"] == 0, report["failure_samples"]
    assert sum(report["outcomes"].values()) == 60


def test_the_digest_sees_a_committed_write_and_not_a_read(tmp_path: Path) -> None:
    path = tmp_path / "d.db"
    with WorldDB.open(path, embedder=HashEmbedder(), extractor=None) as db:
        db.remember("first", scopes={"user_id": "a"})
        before = store_digest(path)
        db.recall("first", scopes={"user_id": "a"})
        assert store_digest(path) == before
        db.remember("second", scopes={"user_id": "a"})
        assert store_digest(path) != before


def test_the_generator_breaks_calls_in_every_way_it_names() -> None:
    rng = random.Random(0)
    seen = {make_call(rng, ["ab" * 32])[0] for _ in range(500)}
    assert seen == {
        "valid", "missing", "extra", "wrong_type", "huge", "surrogate", "bad_id", "bad_scope",
        "bad_time", "unknown_tool", "no_arguments",
    }  # fmt: skip
