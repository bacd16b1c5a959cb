"""``worlddb bench chaos``: N processes × M operations on one store, SIGKILLed at random (issue 15).

Each worker (``worlddb.bench.chaos_worker``) is a real process doing write / amend / retire /
recall / purge on names and scopes shared with the others, through the Python API, an MCP
stdio client (with its own server child) or an MCP streamable-HTTP client (one shared server
on 127.0.0.1). While they run, the parent SIGKILLs ``kills`` workers (a stdio worker's server
child with it) and ``server_kills`` times the HTTP server, at random points of the run, and
restarts each; a restarted worker resumes from its journal.

At the end the store is opened and checked:

- ``verify()`` finds no invariant violation;
- every acknowledged write (and amend) is present with its exact text, unless a purge that
  erased its scope could have run after it (a purge whose start is journalled but whose end is
  not counts as having run); every acknowledged retire or amend left the old memory closed;
  every acknowledged note no one closed is still live;
- every failed call is classified: a deliberate refusal (the memory was erased or retired by
  another worker), a transport break while the HTTP server was down, or an *error surfaced*
  (anything else, including a worker that died by itself): the figure that must be 0.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

from worlddb.bench.chaos_check import check_journals
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__ = ["SERVER_ENV", "HttpServer", "check_journals", "free_port", "run_chaos_bench"]

TRANSPORTS: Final = ("python", "stdio", "http")
START_TIMEOUT_S: Final = 120.0
POLL_S: Final = 0.02
SERVER_ENV: Final = {
    "WORLDDB_EMBEDDER": "hash",
    "WORLDDB_EXTRACTOR": "none",
    "WORLDDB_LOG_LEVEL": "ERROR",
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _kill_tree(proc: subprocess.Popen[bytes]) -> int:
    """SIGKILL ``proc`` and its direct children (a stdio worker's server); how many children."""
    children: list[int] = []
    try:
        text = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text()
        children = [int(p) for p in text.split()]
    except OSError:
        pass
    for pid in (proc.pid, *children):
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    proc.wait()
    for pid in children:  # reap nothing (not ours); just make sure they are gone
        for _ in range(200):
            if not Path(f"/proc/{pid}").exists():
                break
            time.sleep(0.01)
    return len(children)


class HttpServer:
    """``python -m worlddb_mcp --transport http`` on a fixed loopback port, killable."""

    def __init__(self, db: Path, port: int, log: IO[bytes], extra: Sequence[str] = ()) -> None:
        self.db, self.port, self.log, self.extra = db, port, log, tuple(extra)
        self.proc: subprocess.Popen[bytes] | None = None
        self.down: list[tuple[float, float]] = []  # (killed at, healthy again at)

    def start(self) -> None:
        args = ["--transport", "http", "--port", str(self.port), "--db", str(self.db), *self.extra]
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "worlddb_mcp", *args],
            env={**os.environ, **SERVER_ENV},
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the HTTP server exited with {self.proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2):
                    return
            except OSError:
                time.sleep(0.05)
        raise TimeoutError("the HTTP server did not become healthy")

    def kill_and_restart(self) -> None:
        assert self.proc is not None
        killed = time.time()
        _kill_tree(self.proc)
        self.start()
        self.down.append((killed, time.time()))

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                _kill_tree(self.proc)


@dataclass
class _Worker:
    spec: dict[str, Any]
    log: IO[bytes]
    proc: subprocess.Popen[bytes] | None = None
    done: bool = False
    crashes: list[str] = field(default_factory=list)

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "worlddb.bench.chaos_worker", json.dumps(self.spec)],
            env={**os.environ, **SERVER_ENV},
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )

    def progress(self) -> int:
        path = Path(self.spec["journal"])
        if not path.exists():
            return 0
        data = path.read_bytes()
        return data.count(b'{"k": "ack"') + data.count(b'{"k": "err"')


def _schedule(rng: random.Random, count: int, total: int) -> list[int]:
    return sorted(rng.randint(1, max(1, total - 1)) for _ in range(count))


def run_chaos_bench(
    processes: int = 6,
    operations: int = 200,
    transports: str = "python,stdio,http",
    *,
    kill_rate: float = 0.01,
    kills: int | None = None,
    server_kills: int | None = None,
    pools: int = 3,
    seed: int = 0,
    timeout_s: float = 3600.0,
    workdir: str | Path | None = None,
) -> dict[str, Any]:
    """Run the chaos workload and check the store (see the module docstring).

    Args:
        processes: Worker processes; transports are assigned round robin.
        operations: Operations per worker (a call killed in flight counts as not done).
        transports: Comma-separated subset of ``python``, ``stdio``, ``http``.
        kill_rate: Worker SIGKILLs per operation (``kills`` overrides); the HTTP server is
            killed half as often (``server_kills`` overrides).
        pools: Scopes that writes share and purges remove.
        seed: Makes the operations and the kill points reproducible.
        timeout_s: Give up (and report it) after this long.
        workdir: Keep the store, journals and logs here (default: a temporary directory).
    """
    chosen = [t.strip() for t in transports.split(",") if t.strip()]
    if not chosen or any(t not in TRANSPORTS for t in chosen):
        raise ValueError(f"transports must be a subset of {','.join(TRANSPORTS)}: {transports!r}")
    total = processes * operations
    n_kills = round(kill_rate * total) if kills is None else kills
    n_server = (round(kill_rate * total / 2) if server_kills is None else server_kills) * (
        "http" in chosen
    )
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="worlddb-chaos-") as tmp:
        here = Path(workdir) if workdir is not None else Path(tmp)
        here.mkdir(parents=True, exist_ok=True)
        db_path = here / "chaos.db"
        WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None).close()
        log = (here / "stderr.log").open("ab")
        server = HttpServer(db_path, free_port(), log) if "http" in chosen else None
        workers = [
            _Worker(
                {
                    "db": str(db_path),
                    "transport": chosen[w % len(chosen)],
                    "url": f"http://127.0.0.1:{server.port}/mcp" if server else "",
                    "journal": str(here / f"journal-{w}.jsonl"),
                    "worker": w,
                    "operations": operations,
                    "seed": seed,
                    "pools": pools,
                    "env": SERVER_ENV,
                },
                log,
            )
            for w in range(processes)
        ]
        started = time.monotonic()
        kill_at, server_at = _schedule(rng, n_kills, total), _schedule(rng, n_server, total)
        killed = {"workers": 0, "stdio_servers": 0, "http_server": 0}
        timed_out = False
        try:
            if server is not None:
                server.start()
            for worker in workers:
                worker.start()
            while not all(w.done for w in workers):
                if time.monotonic() - started > timeout_s:
                    timed_out = True
                    break
                time.sleep(POLL_S)
                progress = sum(w.progress() for w in workers)
                for worker in workers:
                    assert worker.proc is not None
                    code = worker.proc.poll()
                    if code is None or worker.done:
                        continue
                    if code == 0 and worker.progress() >= operations:
                        worker.done = True
                        continue
                    worker.crashes.append(f"worker {worker.spec['worker']} exited with {code}")
                    worker.start()
                live = [w for w in workers if not w.done]
                while kill_at and progress >= kill_at[0] and live:
                    kill_at.pop(0)
                    victim = rng.choice(live)
                    assert victim.proc is not None
                    killed["stdio_servers"] += _kill_tree(victim.proc)
                    killed["workers"] += 1
                    victim.start()
                while server is not None and server_at and progress >= server_at[0]:
                    server_at.pop(0)
                    server.kill_and_restart()
                    killed["http_server"] += 1
        finally:
            for worker in workers:
                if worker.proc is not None and worker.proc.poll() is None:
                    _kill_tree(worker.proc)
            if server is not None:
                server.stop()
            log.close()
        wall = time.monotonic() - started
        report = check_journals(
            db_path, [Path(w.spec["journal"]) for w in workers], server.down if server else []
        )
    crashes = [c for w in workers for c in w.crashes]
    report["errors_surfaced"] += len(crashes) + int(timed_out)
    return {
        "processes": processes,
        "operations_per_process": operations,
        "transports": ",".join(chosen),
        "seed": seed,
        "kills_survived": killed,
        "worker_crashes": crashes[:5],
        "timed_out": timed_out,
        "wall_s": round(wall, 1),
        "ops_per_s": round(report["operations_finished"] / wall, 1) if wall else None,
        **report,
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m worlddb.bench.chaos [PROCESSES] [OPERATIONS] [TRANSPORTS]``: JSON report."""
    args = sys.argv[1:] if argv is None else argv
    result = run_chaos_bench(
        int(args[0]) if args else 6,
        int(args[1]) if len(args) > 1 else 200,
        args[2] if len(args) > 2 else "python,stdio,http",
    )
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
