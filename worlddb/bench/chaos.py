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

from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__ = ["SERVER_ENV", "HttpServer", "check_journals", "free_port", "run_chaos_bench"]

TRANSPORTS: Final = ("python", "stdio", "http")
START_TIMEOUT_S: Final = 120.0
SERVER_DOWN_GRACE_S: Final = 5.0
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


def _entries(path: Path) -> list[dict[str, Any]]:
    out = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # torn by a kill
    return out


def _erasable(pool: int | None, since: float, purges: list[tuple[int, float, float]]) -> bool:
    """Could an erasing purge of ``pool`` have run after a write that started at ``since``?"""
    return pool is not None and any(p == pool and end > since for p, _, end in purges)


def check_journals(
    db_path: Path, journals: Sequence[Path], server_down: Sequence[tuple[float, float]] = ()
) -> dict[str, Any]:
    """Compare the store with every worker's journal; see the module docstring for the rules."""
    entries = [e for j in journals for e in _entries(j)]
    ends = {(e.get("w"), e["i"]): e["t1"] for e in entries if e["k"] in ("ack", "err")}
    purges = [  # (pool, start, end or +inf when the end was never journalled)
        (e["pool"], e["t"], ends.get((e.get("w"), e["i"]), float("inf")))
        for e in entries
        if e["k"] == "begin" and e["op"] == "purge" and e.get("erase")
    ]
    acks = [e for e in entries if e["k"] == "ack"]
    pools: dict[str, int | None] = {}
    for e in acks:
        if e["op"] == "write":
            pools[e["id"]] = e["pool"]
        elif e["op"] == "amend":
            pools[e["id"]] = pools.get(e["old"])
    # Closed by an acknowledged retire or amend, or possibly by one killed after its commit.
    closed = {e["id"] for e in entries if e["op"] == "retire" and e["k"] in ("ack", "begin")}
    closed |= {e["old"] for e in acks if e["op"] == "amend"}
    closed |= {e["id"] for e in entries if e["op"] == "amend" and e["k"] == "begin"}
    lost: list[str] = []
    reopened: list[str] = []
    orphaned: list[str] = []
    exempt = 0
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        problems = db.verify()
        for e in acks:
            if e["op"] in ("write", "amend"):
                found = db.find(e["id"])
                if found is not None and not db.scopes_of(e["id"]):
                    orphaned.append(f"{e['op']} {e['id'][:12]} (worker {e['w']} op {e['i']})")
                if _erasable(pools.get(e["id"]), e["t0"], purges):
                    exempt += 1
                    continue
                if found is None or found.content != e["text"]:
                    lost.append(f"{e['op']} {e['id'][:12]} (worker op {e['i']})")
                elif e["id"] not in closed and pools.get(e["id"]) is None and found.valid_to:
                    reopened.append(f"{e['id'][:12]} closed though no one retired it")
            if e["op"] in ("retire", "amend"):
                old = e["id"] if e["op"] == "retire" else e["old"]
                found = db.find(old)
                if found is not None and found.valid_to is None:
                    reopened.append(f"{old[:12]} acknowledged {e['op']} but still live")
    erased_checked, erased_found = _canaries(db_path, entries, ends)
    errors = [e for e in entries if e["k"] == "err"]

    def explained(e: dict[str, Any]) -> bool:
        return any(
            e["t1"] >= down and e["t0"] <= up + SERVER_DOWN_GRACE_S for down, up in server_down
        )

    surfaced = [e for e in errors if e["class"] == "surfaced"]
    surfaced += [e for e in errors if e["class"] == "transport" and not explained(e)]
    by_op: dict[str, int] = {}
    for e in acks:
        by_op[e["op"]] = by_op.get(e["op"], 0) + 1
    return {
        "operations_finished": len(acks) + len(errors),
        "acknowledged": by_op,
        "acknowledged_writes_checked": sum(by_op.get(k, 0) for k in ("write", "amend")) - exempt,
        "writes_possibly_erased_by_a_purge": exempt,
        "acknowledged_writes_lost": len(lost),
        "acknowledged_writes_in_no_scope": len(orphaned),
        "acknowledged_state_wrong": len(reopened),
        "refusals": sum(e["class"] == "refusal" for e in errors),
        "transport_breaks_during_server_kills": sum(
            e["class"] == "transport" and explained(e) for e in errors
        ),
        "errors_surfaced": len(surfaced),
        "verify_problems": len(problems),
        "erased_texts_checked": erased_checked,
        "erased_texts_found_in_file": len(erased_found),
        "samples": {
            "lost": lost[:5],
            "state_wrong": reopened[:5],
            "in_no_scope": orphaned[:5],
            "surfaced": [f"{e['op']}: {e['error']}" for e in surfaced[:5]],
            "verify": problems[:5],
            "erased_found": erased_found[:5],
        },
    }


def _canaries(
    db_path: Path, entries: list[dict[str, Any]], ends: dict[tuple[Any, Any], float]
) -> tuple[int, list[str]]:
    """Texts that an acknowledged erasing purge must have removed, and those still on disk.

    A note written (and acknowledged) in a pool before an erasing purge of that pool began, and
    not written again afterwards (a killed write is retried with the same text), must not be in
    any byte of the database files once the purge is acknowledged.
    """
    done_purges = [
        (e["pool"], e["t"])
        for e in entries
        if e["k"] == "begin" and e["op"] == "purge" and e.get("erase")
        and (e.get("w"), e["i"]) in ends
        and any(a["k"] == "ack" and (a["w"], a["i"]) == (e.get("w"), e["i"]) for a in entries)
    ]  # fmt: skip
    last_begin: dict[str, float] = {}
    for e in entries:
        if e["k"] == "begin" and e["op"] == "write":
            last_begin[e["text"]] = max(last_begin.get(e["text"], 0.0), e["t"])

    def gone(e: dict[str, Any]) -> bool:
        settled = max(e["t1"], last_begin.get(e["text"], 0.0))
        return any(p == e["pool"] and settled < t for p, t in done_purges)

    acked = [e for e in entries if e["k"] == "ack" and e["op"] == "write"]
    erased = [e["text"] for e in acked if e["pool"] is not None and gone(e)]
    blob = b"".join(f.read_bytes() for f in db_path.parent.glob(db_path.name + "*") if f.is_file())
    return len(erased), [t for t in erased if t.encode() in blob]


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
