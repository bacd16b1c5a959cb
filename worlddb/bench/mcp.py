"""``worlddb bench mcp``: memory_write and memory_recall round trips through a real MCP transport.

The store is pre-filled with ``memories`` notes (in batched changesets through the reconciler,
so the embeddings and indexes are real), then a server process is started exactly as a user
would start it (``python -m worlddb_mcp``, over stdio or streamable HTTP on 127.0.0.1) and an SDK
client times each call from send to parsed result (``write_*``, ``recall_*``: the protocol round
trip; ``recall_sdk_*`` adds the Python SDK client's jsonschema check of the structured result,
which that client runs on every ``call_tool``). Targets at 100k memories: write P95 ≤ 30 ms,
recall P95 ≤ 50 ms. Run ``python -m worlddb.bench.mcp MEMORIES [stdio|http]`` for JSON.

``mode="mixed"`` (HTTP only; issue 11) measures reads during writes instead: one client times
``calls`` recalls on an idle server, then another client writes large notes (``write_chars``
characters each, 190k by default) back to back while the first sends a recall every
``interval_s`` (open loop: it does not wait for the previous answer) whenever a write is in
flight, so a recall stuck behind a write counts with its full wait. Both figures come from the
same server in the same run.
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
WRITE_CHARS: Final = 190_000  # the report: a 190k-character memory_write over HTTP
WRITE_TIMEOUT_S: Final = 600.0
MAX_LOAD_S: Final = 180.0
STOP_GRACE_S: Final = 30.0
RECALL_INTERVAL_S: Final = 0.5  # under load, 100 recalls span ~50 s: more than one large write
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


def _in_process_writes(
    path: Path, embedder: str, extractor: str, calls: int, seed: int
) -> dict[str, float]:
    """``remember()`` on the same store in this process, as the server's tool calls it: the
    floor the MCP round trip is compared with (same texts' kind, fresh nonce, same warm-up)."""
    from worlddb.settings import embedder_named, extractor_named

    nonce = os.urandom(4).hex()
    texts = chat_texts(WARMUP + calls, seed + 2)
    wall: list[float] = []
    cpu: list[float] = []
    scopes = dict(SCOPES)
    with WorldDB.open(
        path, embedder=embedder_named(embedder), extractor=extractor_named(extractor)
    ) as db:
        for i in range(WARMUP + calls):
            began, cpu_began = time.perf_counter(), time.process_time()
            db.remember(f"bench {nonce} {i}: {texts[i]}", scopes=scopes)
            if i >= WARMUP:
                wall.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - cpu_began) * 1000)
        db.drain_recluster()
    out: dict[str, float] = {}
    out["inproc_write_p50_ms"], out["inproc_write_p95_ms"] = _percentiles(wall)
    out["inproc_write_cpu_p50_ms"], out["inproc_write_cpu_p95_ms"] = _percentiles(cpu)
    return out


def _large_text(chars: int, seed: int) -> str:
    """About ``chars`` characters of fresh chat text (a nonce keeps every write a new memory)."""
    parts = [f"bench large note {os.urandom(4).hex()}:"]
    size = len(parts[0])
    batch = 0
    while size < chars:
        for text in chat_texts(200, seed * 1000 + batch):
            parts.append(text)
            size += len(text) + 1
            if size >= chars:
                break
        batch += 1
    return " ".join(parts)[:chars]


async def _mixed_calls(
    reader: Any,
    writer: Any,
    calls: int,
    seed: int,
    write_chars: int,
    *,
    max_load_s: float,
    interval_s: float,
) -> dict[str, Any]:
    """Recall latency idle, then while ``writer`` writes large notes back to back."""
    rng = random.Random(seed)

    def query(i: int) -> dict[str, Any]:
        return {"query": f"{rng.choice(_QUERIES)} {i}", "scopes": SCOPES}

    for i in range(WARMUP):
        await _raw_call(reader, "memory_recall", query(i))
    idle = [await _raw_call(reader, "memory_recall", query(i)) for i in range(calls)]
    writes: list[float] = []
    in_flight = False
    stop = False

    async def write_loop() -> None:
        nonlocal in_flight
        for n in range(1_000_000):
            if stop:
                return
            text = _large_text(write_chars, seed + n)
            in_flight = True
            try:
                with anyio.fail_after(WRITE_TIMEOUT_S):
                    took = await _raw_call(writer, "memory_write", {"text": text, "scopes": SCOPES})
            finally:
                in_flight = False
            writes.append(took)

    loaded: list[float] = []

    async def recall(i: int) -> None:
        loaded.append(await _raw_call(reader, "memory_recall", query(i)))

    async with anyio.create_task_group() as group:
        group.start_soon(write_loop)
        while not in_flight:
            await anyio.sleep(0.005)
        # Open loop: a recall is sent every ``interval_s`` while a write is in flight, whether
        # or not the previous one has answered, so a recall stuck behind a write costs one
        # long sample instead of hiding the samples it would have delayed.
        deadline = time.monotonic() + max_load_s
        async with anyio.create_task_group() as recalls:
            due = time.monotonic()
            sent = 0
            while sent < calls and (time.monotonic() < deadline or sent == 0):
                if in_flight:
                    recalls.start_soon(recall, sent)
                    sent += 1
                due += interval_s
                await anyio.sleep(max(0.0, due - time.monotonic()))
        stop = True
        while not writes:  # let one write finish so its duration is known
            await anyio.sleep(0.05)
        group.cancel_scope.cancel()  # the server finishes the write in flight on its own
    idle_p50, idle_p95 = _percentiles(idle)
    load_p50, load_p95 = _percentiles(loaded)
    write_p50, _ = _percentiles(writes)
    return {
        "write_chars": write_chars,
        "large_writes_completed": len(writes),
        "large_write_p50_ms": write_p50,
        "large_write_max_ms": round(max(writes), 3),
        "recall_idle_p50_ms": idle_p50,
        "recall_idle_p95_ms": idle_p95,
        "recall_idle_max_ms": round(max(idle), 3),
        "recall_under_write_p50_ms": load_p50,
        "recall_under_write_p95_ms": load_p95,
        "recall_under_write_max_ms": round(max(loaded), 3),
        "recall_under_write_samples": len(loaded),
        "p95_ratio_under_write_to_idle": round(load_p95 / idle_p95, 2),
    }


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


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server; kill it if it is still finishing a large write after ``STOP_GRACE_S``."""
    process.terminate()
    try:
        process.wait(timeout=STOP_GRACE_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=STOP_GRACE_S)


def run_mcp_bench(
    memories: int,
    transport: Literal["stdio", "http"] = "stdio",
    *,
    calls: int = 200,
    embedder: str = "default",
    extractor: str = "default",
    seed: int = 0,
    db_path: str | Path | None = None,
    mode: str = "sequential",
    write_chars: int = WRITE_CHARS,
    max_load_s: float = MAX_LOAD_S,
    interval_s: float = RECALL_INTERVAL_S,
    in_process: bool = True,
    servers: int = 0,
    clients: int = 8,
    db: str | None = None,
    writes: str = "lock",
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
        mode: ``sequential`` (write, recall, recall per step) or ``mixed`` (HTTP only: recall
            latency idle and while another client writes ``write_chars``-character notes).
        write_chars: Size of each large note in ``mixed`` mode.
        max_load_s: In ``mixed`` mode, stop sending recalls under load after this many seconds
            even with fewer than ``calls`` sent.
        interval_s: In ``mixed`` mode, seconds between recalls sent under load (open loop).
        in_process: In ``sequential`` mode, then time ``calls`` ``remember()`` calls on the same
            store in this process (``inproc_write_*``): the write without the transport.
        servers: More than 0: the fleet instead (``worlddb.bench.mcp_fleet``, issue 18):
            ``servers`` HTTP server processes and ``clients`` clients on one database ``db``
            (``pgserver``, the default: a throwaway PostgreSQL; a ``postgresql://`` URL; or a
            SQLite file), ``calls`` writes in all, the store's write mode ``writes``.

    Returns:
        ``write_p50_ms``, ``write_p95_ms``, ``recall_p50_ms``, ``recall_p95_ms``, the in-process
        ``inproc_write_*`` figures and the setup.
    """
    if servers > 0:
        from worlddb.bench.mcp_fleet import run_fleet_bench

        return run_fleet_bench(
            db or "pgserver",
            servers,
            clients,
            calls,
            memories=memories,
            embedder=embedder,
            writes=writes,
        )
    if transport not in ("stdio", "http"):
        raise ValueError(f"transport must be 'stdio' or 'http', not {transport!r}")
    if mode not in ("sequential", "mixed"):
        raise ValueError(f"mode must be 'sequential' or 'mixed', not {mode!r}")
    if mode == "mixed" and transport != "http":
        raise ValueError("mixed mode needs two clients on one server: use transport='http'")
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
                if mode == "sequential":
                    return await _timed_calls(client, calls, seed)
                async with _client(transport, path, env, port, _server_stderr()) as writer:
                    return await _mixed_calls(
                        client,
                        writer,
                        calls,
                        seed,
                        write_chars,
                        max_load_s=max_load_s,
                        interval_s=interval_s,
                    )

        try:
            timings = anyio.run(measure)
        finally:
            if process is not None:
                _stop(process)
        if mode == "sequential" and in_process:
            timings.update(_in_process_writes(path, embedder, extractor, calls, seed))
    return {
        "memories": memories,
        "transport": transport,
        "mode": mode,
        "embedder": embedder,
        "extractor": extractor,
        "calls": calls,
        "prefill_s": round(prefill_s, 2),
        "reused_store": reused,
        **timings,
    }


def main(argv: list[str] | None = None) -> int:
    """Print ``run_mcp_bench`` as JSON.

    Usage: ``python -m worlddb.bench.mcp [MEMORIES] [stdio|http] [sequential|mixed]``.
    """
    args = sys.argv[1:] if argv is None else argv
    memories = int(args[0]) if args else 10_000
    transport: Literal["stdio", "http"] = "http" if len(args) > 1 and args[1] == "http" else "stdio"
    mode = args[2] if len(args) > 2 else "sequential"
    result = run_mcp_bench(memories, transport, mode=mode)
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
