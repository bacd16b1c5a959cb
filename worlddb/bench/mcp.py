"""``worlddb bench mcp``: memory_write and memory_recall round trips through a real MCP transport.

The store is pre-filled with ``memories`` notes (in batched changesets through the reconciler,
so the embeddings and indexes are real), then a server process is started exactly as a user
would start it (``python -m worlddb_mcp``, over stdio or streamable HTTP on 127.0.0.1) and an SDK
client times each call from send to parsed result (``write_*``, ``recall_*``: the protocol round
trip; ``recall_sdk_*`` adds the Python SDK client's jsonschema check of the structured result,
which that client runs on every ``call_tool``). Targets at 100k memories: write P95 ≤ 30 ms,
recall P95 ≤ 50 ms. Run ``python -m worlddb.bench.mcp MEMORIES [stdio|http]`` for JSON.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Final, Literal, TextIO

import anyio
import numpy as np

from worlddb.bench.embedder import chat_texts
from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.testing import HashEmbedder
from worlddb.timeutil import now_us

__all__ = ["run_mcp_bench"]

SCOPES: Final = {"user_id": "bench"}
BATCH: Final = 1000
WARMUP: Final = 10
START_TIMEOUT_S: Final = 120.0
_QUERIES: Final = (
    "where did my sister move",
    "what am I allergic to",
    "when is the dentist appointment",
    "what car did we buy",
    "who asked about the quarterly budget",
    "the Berlin office",
    "hiking trip plans",
    "migration to Postgres",
    "vegetarian diet",
    "new laptop",
)


def _prefill(path: Path, memories: int, embedder: str, seed: int) -> float:
    """Write ``memories`` notes under ``SCOPES``; returns seconds taken."""
    start = time.perf_counter()
    chosen: HashEmbedder | Literal["default"] = HashEmbedder() if embedder == "hash" else "default"
    scope = scope_world(*next(iter(SCOPES.items())))
    scope_id = world_id(scope)
    texts = chat_texts(memories, seed)
    base = now_us() - memories * 1_000_000
    with WorldDB.open(path, embedder=chosen, extractor=None) as db:
        db.write(Changeset(worlds=(scope,)))
        for lo in range(0, memories, BATCH):
            notes = [
                WorldSpec(
                    type="Note",
                    content=f"{texts[i]} (note {i})",
                    created_at=base + i * 1_000_000,
                    valid_from=base + i * 1_000_000,
                )
                for i in range(lo, min(lo + BATCH, memories))
            ]
            edges = tuple(EdgeSpec("contains", scope_id, world_id(n)) for n in notes)
            db.write(Changeset(worlds=tuple(notes), edges=edges))
    return time.perf_counter() - start


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _percentiles(samples: Sequence[float]) -> tuple[float, float]:
    return (
        round(float(np.percentile(samples, 50)), 3),
        round(float(np.percentile(samples, 95)), 3),
    )


async def _raw_call(client: Any, name: str, arguments: dict[str, Any]) -> float:
    """One tools/call on the wire, in ms; skips the SDK client's output-schema check."""
    import mcp_types

    request = mcp_types.CallToolRequest(
        params=mcp_types.CallToolRequestParams(name=name, arguments=arguments)
    )
    start = time.perf_counter()
    result = await client.session.send_request(request, mcp_types.CallToolResult)
    elapsed = (time.perf_counter() - start) * 1000
    if result.is_error:
        raise RuntimeError(f"{name} failed: {result.content}")
    return elapsed


async def _sdk_call(client: Any, name: str, arguments: dict[str, Any]) -> float:
    """One ``Client.call_tool`` in ms, including the SDK's jsonschema check of the result."""
    start = time.perf_counter()
    result = await client.call_tool(name, arguments)
    elapsed = (time.perf_counter() - start) * 1000
    if result.is_error:
        raise RuntimeError(f"{name} failed: {result.content}")
    return elapsed


async def _timed_calls(client: Any, calls: int, seed: int) -> dict[str, Any]:
    # Fresh texts each run: the write path reuses stored embeddings for text it has seen.
    nonce = os.urandom(4).hex()
    rng = random.Random(seed)
    texts = chat_texts(WARMUP + calls, seed + 1)
    samples: dict[str, list[float]] = {"write": [], "recall": [], "recall_sdk": []}
    for i in range(WARMUP + calls):
        query = {"query": f"{rng.choice(_QUERIES)} {i}", "scopes": SCOPES}
        took = {
            "write": await _raw_call(
                client, "memory_write", {"text": f"bench {nonce} {i}: {texts[i]}", "scopes": SCOPES}
            ),
            "recall": await _raw_call(client, "memory_recall", query),
            "recall_sdk": await _sdk_call(client, "memory_recall", query),
        }
        if i >= WARMUP:
            for key, value in took.items():
                samples[key].append(value)
    out: dict[str, Any] = {}
    for key, values in samples.items():
        out[f"{key}_p50_ms"], out[f"{key}_p95_ms"] = _percentiles(values)
    return out


def _client(
    transport: str, path: Path, env: dict[str, str], port: int, errlog: TextIO
) -> AbstractAsyncContextManager[Any]:
    from mcp.client import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    if transport == "stdio":
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "worlddb_mcp", "--db", str(path)], env=env
        )
        return Client(stdio_client(params, errlog=errlog))
    return Client(f"http://127.0.0.1:{port}/mcp")


def _server_stderr() -> TextIO:
    """Where the server's stderr goes: ours when it is a real file, else nowhere."""
    stream = sys.__stderr__
    try:
        if stream is not None:
            stream.fileno()
            return stream
    except (OSError, ValueError):
        pass
    return open(os.devnull, "w", encoding="utf-8")  # closed at exit; lives as long as the run


async def _wait_healthy(port: int, process: subprocess.Popen[bytes]) -> None:
    import httpx2

    deadline = time.monotonic() + START_TIMEOUT_S
    async with httpx2.AsyncClient() as http:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with status {process.returncode}")
            try:
                if (await http.get(f"http://127.0.0.1:{port}/healthz")).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            await anyio.sleep(0.1)
    raise TimeoutError("the HTTP server did not become healthy")


def run_mcp_bench(
    memories: int,
    transport: Literal["stdio", "http"] = "stdio",
    *,
    calls: int = 200,
    embedder: str = "default",
    extractor: str = "default",
    seed: int = 0,
    db_path: str | Path | None = None,
) -> dict[str, Any]:
    """Time ``calls`` memory_write and memory_recall round trips against ``memories`` notes.

    Args:
        memories: How many notes to pre-fill before timing.
        transport: ``stdio`` (the server as a child process on pipes) or ``http``.
        calls: Timed calls of each tool (after a warm-up of ``WARMUP``).
        embedder: ``default`` (the bundled model) or ``hash`` (fast, for smoke runs).
        extractor: ``default`` (the offline extractor, as users run it) or ``none``.
        seed: Makes texts and queries reproducible.
        db_path: Where to build the store (default: a temporary directory, removed after); an
            existing store there is reused as is, without pre-filling (for repeated runs).

    Returns:
        ``write_p50_ms``, ``write_p95_ms``, ``recall_p50_ms``, ``recall_p95_ms`` and the setup.
    """
    if transport not in ("stdio", "http"):
        raise ValueError(f"transport must be 'stdio' or 'http', not {transport!r}")
    with tempfile.TemporaryDirectory(prefix="worlddb-bench-mcp-") as tmp:
        path = Path(db_path) if db_path is not None else Path(tmp) / "bench.db"
        reused = db_path is not None and path.exists()
        prefill_s = 0.0 if reused else _prefill(path, memories, embedder, seed)
        env = {
            **os.environ,
            "WORLDDB_EMBEDDER": embedder,
            "WORLDDB_EXTRACTOR": extractor,
            "WORLDDB_LOG_LEVEL": "ERROR",
        }
        port = _free_port()
        process = None
        if transport == "http":
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "worlddb_mcp",
                    "--transport",
                    "http",
                    "--port",
                    str(port),
                    "--db",
                    str(path),
                ],
                env=env,
                stdout=subprocess.DEVNULL,
            )

        async def measure() -> dict[str, Any]:
            if process is not None:
                await _wait_healthy(port, process)
            async with _client(transport, path, env, port, _server_stderr()) as client:
                return await _timed_calls(client, calls, seed)

        try:
            timings = anyio.run(measure)
        finally:
            if process is not None:
                process.terminate()
                process.wait(timeout=30)
    return {
        "memories": memories,
        "transport": transport,
        "embedder": embedder,
        "extractor": extractor,
        "calls": calls,
        "prefill_s": round(prefill_s, 2),
        "reused_store": reused,
        **timings,
    }


def main(argv: list[str] | None = None) -> int:
    """Print ``run_mcp_bench`` as JSON: ``python -m worlddb.bench.mcp [MEMORIES] [TRANSPORT]``."""
    args = sys.argv[1:] if argv is None else argv
    memories = int(args[0]) if args else 10_000
    transport: Literal["stdio", "http"] = "http" if len(args) > 1 and args[1] == "http" else "stdio"
    sys.stdout.write(json.dumps(run_mcp_bench(memories, transport), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
