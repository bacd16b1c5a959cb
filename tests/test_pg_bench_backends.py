"""The benches' PostgreSQL parameters (issue 18) on the session's real server, tiny sizes.

``worlddb bench mcp -p servers=N`` runs the fleet (server processes started as an operator
would, MCP SDK clients, then every acknowledged id read back and ``verify``);
``worlddb bench recall -p backend=sqlite,postgres`` runs one load and one query set on both
backends and reports them side by side. Speed is not asserted here (BENCHMARKS.md has it):
only that the figures exist and nothing acknowledged was lost.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.conftest import PgServer
from tests.test_cli import ENV
from worlddb.bench.backends import parse_backends
from worlddb.cli import cli
from worlddb.errors import ValidationError


def _bench(*args: str, stderr: list[str] | None = None) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["bench", *args, "--json"], env=ENV, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    if stderr is not None:
        stderr += result.stderr.splitlines()
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_bench_mcp_runs_a_fleet_of_servers_on_one_postgres(pg_server: PgServer) -> None:
    found = _bench(
        "mcp",
        *("--calls", "4", "--memories", "10", "--bench-embedder", "hash"),
        *("-p", "servers=2", "-p", "clients=2", "-p", f"db={pg_server.uri}"),
    )
    assert found["servers"] == 2 and found["clients"] == 2
    assert found["acknowledged_writes"] == 4 and found["failed_writes"] == 0
    assert found["lost_writes"] == 0
    assert found["invariant_problems"] == 0
    assert float(found["recall_p95_ms"]) > 0  # type: ignore[arg-type]


def test_bench_recall_reports_sqlite_beside_postgres(pg_server: PgServer) -> None:
    progress: list[str] = []
    found = _bench(
        "recall",
        *("-p", "worlds=300", "-p", "queries=5", "-p", "backend=sqlite,postgres"),
        *("-p", f"db={pg_server.uri}"),
        stderr=progress,
    )
    # Each backend's result reached stderr as it finished (a long run keeps its first half).
    done = [json.loads(line) for line in progress if line.startswith('{"backend"')]
    assert [d["backend"] for d in done] == ["sqlite", "postgres"]
    assert done[0]["result"]["worlds"] == found["sqlite"]["worlds"]  # type: ignore[index]
    lite, pg = found["sqlite"], found["postgres"]
    assert isinstance(lite, dict) and isinstance(pg, dict)
    assert lite["worlds"] == pg["worlds"]  # the same seeded corpus on both
    assert pg["scoped_recall_finds_source_fact"] == lite["scoped_recall_finds_source_fact"]
    ratios = found["postgres_over_sqlite"]
    assert isinstance(ratios, dict) and "latency_ms.recall_scoped.p95" in ratios


def test_unknown_backend_names_are_refused() -> None:
    assert parse_backends(" SQLite,postgres ") == ["sqlite", "postgres"]
    with pytest.raises(ValidationError):
        parse_backends("sqlite,mysql")
