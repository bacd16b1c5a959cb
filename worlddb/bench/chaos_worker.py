"""One ``worlddb bench chaos`` worker: M random operations on a shared store, journalled durably.

The worker is a separate process the chaos parent may SIGKILL at any moment and restart; it
resumes from its journal. Every line of the journal is written, flushed and fsynced, and an
``ack`` line is written only *after* the call returned, so the journal holds a lower bound of
what the store must contain: a write killed in flight is simply not acknowledged. A ``begin``
line is written (and fsynced) before each call, so the parent also knows which purges may have
committed without being acknowledged.

Operations (on names shared by every worker, so resolution races across processes): ``write``
(a note naming two shared entities, in the shared scope or one of a few *pool* scopes),
``amend`` and ``retire`` (of one of the worker's own live notes), ``recall`` (in the shared
scope) and ``purge`` (a whole pool scope, retired or erased). They go through the Python API
(``WorldDB`` opened on the file), or an MCP SDK client over stdio (the worker spawns its own
``python -m worlddb_mcp`` child) or streamable HTTP (the parent's server).

Each failure is classified: ``refusal`` (a deliberate, typed refusal: the memory was retired or
erased by another operation, the scope is gone), ``transport`` (the connection broke: the
server was killed) or ``surfaced`` (anything else: the error the benchmark counts).
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import anyio

__all__ = ["CALL_TIMEOUT_S", "Outcome", "classify_message", "main"]

CALL_TIMEOUT_S: Final = 120.0
RECONNECT_PATIENCE_S: Final = 900.0  # the parent may kill the HTTP server many times in a row
SHARED: Final = {"user_id": "shared"}
FIRST: Final = ("Alice", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hugo")
LAST: Final = ("Okafor", "Lindqvist", "Moreau", "Petrov", "Sato", "Haddad")
WEIGHTS: Final = {"write": 40, "amend": 12, "retire": 10, "recall": 28, "purge": 10}
# Error messages that mean the store (not the caller) failed, even inside a ToolError.
_STORE_FAILURE: Final = re.compile(
    r"database is locked|busy|disk i/o|malformed|integrity|internal|traceback", re.IGNORECASE
)
_REFUSALS: Final = ("NotFoundError", "ValidationError", "ValidityError", "HandlerRefusedError")


class Outcome(Exception):
    """A failed call, classified (``refusal``, ``transport`` or ``surfaced``)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def classify_message(tool: str, message: str) -> str:
    """``surfaced`` for a crash or a store failure, else ``refusal`` (a deliberate ToolError).

    The SDK reports a crash as the bare ``Error executing tool <name>`` (the exception's text
    stays on the server); a deliberate refusal carries its reason after it, or is the server's
    one-line argument error (``<tool>: <field>: <why>``), or ``Unknown tool: <name>``.
    """
    bare = message.strip()
    if not bare or bare == f"Error executing tool {tool}" or _STORE_FAILURE.search(message):
        return "surfaced"
    return "refusal"


def pool_scope(pool: int) -> dict[str, str]:
    return {"app_id": f"pool{pool}"}


@dataclass
class Journal:
    """The worker's durable log; ``done`` counts finished operations (acknowledged or failed)."""

    path: Path
    done: int = 0
    live: list[str] = field(default_factory=list)
    pending: dict[str, Any] | None = None  # the last ``begin`` without an end

    def load(self) -> None:
        if not self.path.exists():
            return
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by the kill: the operation was not acknowledged
            if entry["k"] in ("ack", "err"):
                self.done += 1
            if entry["k"] == "ack":
                self._track(entry)

    def _track(self, entry: dict[str, Any]) -> None:
        if entry["op"] in ("write", "amend"):
            self.live.append(entry["id"])
        if entry["op"] in ("amend", "retire"):
            old = entry["old"] if entry["op"] == "amend" else entry["id"]
            if old in self.live:
                self.live.remove(old)

    def append(self, entry: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(entry) + "\n")
            out.flush()
            os.fsync(out.fileno())
        if entry["k"] in ("ack", "err"):
            self.done += 1
            self.pending = None
        if entry["k"] == "begin":
            self.pending = entry
        if entry["k"] == "ack":
            self._track(entry)

    def fail_pending(self, kind: str, message: str) -> None:
        """Journal the call in flight, if any, as failed (it was never acknowledged)."""
        if self.pending is not None:
            begun = self.pending
            self.append(
                {"k": "err", "w": begun["w"], "i": begun["i"], "op": begun["op"], "class": kind,
                 "error": message[:500], "t0": begun["t"], "t1": time.time()}
            )  # fmt: skip


class PythonOps:
    """The operations through the Python API on the shared file."""

    def __init__(self, db_path: str) -> None:
        from worlddb.engine import WorldDB
        from worlddb.testing import HashEmbedder

        self.db = WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None)

    async def call(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        from worlddb.plugins import ExtractedEntity

        try:
            if op == "write":
                ents = [ExtractedEntity(e["name"], e["type"]) for e in args["entities"]]
                res = self.db.remember(args["text"], scopes=args["scopes"], entities=ents)
                return {"id": res.id}
            if op == "amend":
                return {"id": self.db.amend(args["id"], args["text"]).id}
            if op == "retire":
                return {"changed": self.db.retire(args["id"])}
            if op == "recall":
                return {"hits": len(self.db.recall(args["query"], scopes=SHARED, limit=5).hits)}
            [(kind, value)] = args["scope"].items()
            return {"count": self.db.purge_scope(kind, value, erase=args["erase"])}
        except Exception as exc:  # classified, never swallowed: the parent counts each one
            kind = "refusal" if type(exc).__name__ in _REFUSALS else "surfaced"
            raise Outcome(kind, f"{type(exc).__name__}: {exc}") from exc


_TOOLS: Final = {
    "write": "memory_write",
    "amend": "memory_amend",
    "retire": "memory_retire",
    "recall": "memory_recall",
    "purge": "memory_purge_scope",
}


class McpOps:
    """The operations as MCP tool calls through an SDK ``Client`` (stdio or streamable HTTP)."""

    def __init__(self, client: Any) -> None:
        self.client = client

    async def call(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        tool = _TOOLS[op]
        if op == "recall":
            arguments: dict[str, Any] = {"query": args["query"], "scopes": SHARED, "limit": 5}
        elif op == "purge":
            [value] = args["scope"].values()
            arguments = {"scope": args["scope"], "confirm": value, "erase": args["erase"]}
        else:
            arguments = args
        try:
            with anyio.fail_after(CALL_TIMEOUT_S):
                result = await self.client.call_tool(tool, arguments)
        except TimeoutError as exc:
            raise Outcome("surfaced", f"{tool} hung for {CALL_TIMEOUT_S} s") from exc
        except Exception as exc:  # the session broke: the server (or its pipe) died
            raise Outcome("transport", f"{type(exc).__name__}: {exc}") from exc
        if result.is_error:
            text = result.content[0].text if result.content else ""
            raise Outcome(classify_message(tool, text), text)
        out = result.structured_content or {}
        if op in ("write", "amend"):
            return {"id": out["id"]}
        if op == "retire":
            return {"changed": out["retired"]}
        if op == "recall":
            return {"hits": len(out["hits"])}
        return {"count": out["count"]}


def _next_op(
    rng: random.Random, worker: int, i: int, live: list[str], pools: int
) -> dict[str, Any]:
    op = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    if op in ("amend", "retire") and not live:
        op = "write"
    names = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(2)]
    text = f"chaos w{worker} op{i}: {names[0]} met {names[1]} about item {rng.randrange(10**6)}"
    if op == "write":
        pool = rng.randrange(pools) if rng.random() < 0.5 else None
        scopes = SHARED if pool is None else pool_scope(pool)  # a pool note: erasable by a purge
        entities = [{"name": n, "type": rng.choice(("Person", "Entity"))} for n in names]
        return {"op": op, "pool": pool, "text": text, "scopes": scopes, "entities": entities}
    if op == "amend":
        return {"op": op, "id": rng.choice(live), "text": text + " (amended)"}
    if op == "retire":
        return {"op": op, "id": rng.choice(live)}
    if op == "recall":
        return {"op": op, "query": f"{names[0]} {names[1]}"}
    pool = rng.randrange(pools)
    return {"op": op, "pool": pool, "scope": pool_scope(pool), "erase": rng.random() < 0.5}


async def run_worker(
    ops: Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]],
    journal: Journal,
    *,
    worker: int,
    operations: int,
    seed: int,
    pools: int,
    stop_on_transport: bool = False,
) -> None:
    """Run operations ``journal.done`` .. ``operations - 1``, journalling each outcome."""
    while journal.done < operations:
        i = journal.done
        rng = random.Random(f"{seed}-{worker}-{i}")
        step = _next_op(rng, worker, i, journal.live, pools)
        op = step["op"]
        args = {k: v for k, v in step.items() if k not in ("op", "pool")}
        t0 = time.time()
        begin = {"k": "begin", "w": worker, "i": i, "op": op, "t": t0, "pool": step.get("pool")}
        journal.append({**begin, **args})
        try:
            got = await ops(op, args)
        except Outcome as exc:
            entry = {"k": "err", "w": worker, "i": i, "op": op, "class": exc.kind}
            entry["error"] = str(exc)[:500]
            journal.append({**entry, "t0": t0, "t1": time.time()})
            if exc.kind == "transport" and stop_on_transport:
                return  # the caller opens a new session
            continue
        ack = {"k": "ack", "w": worker, "i": i, "op": op, "t0": t0, "t1": time.time()}
        ack["pool"] = step.get("pool")
        if op == "write":
            ack |= {"id": got["id"], "text": step["text"]}
        elif op == "amend":
            ack |= {"old": step["id"], "id": got["id"], "text": step["text"]}
        elif op == "retire":
            ack |= {"id": step["id"], "changed": got["changed"]}
        elif op == "purge":
            ack |= {"erase": step["erase"], "count": got["count"]}
        journal.append(ack)


def _mcp_client(spec: dict[str, Any]) -> Any:
    from mcp.client import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    if spec["transport"] == "stdio":
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "worlddb_mcp", "--db", spec["db"]],
            env={**os.environ, **spec["env"]},
        )
        return Client(stdio_client(params, errlog=sys.stderr))
    return Client(spec["url"])


async def _mcp_worker(spec: dict[str, Any], journal: Journal) -> None:
    """Operations over one MCP session at a time; a broken session is replaced.

    When the HTTP server dies mid-call, the SDK client's transport task fails and cancels the
    session's scope: the exception comes out of the ``async with``, not out of ``call_tool``.
    The call in flight is then journalled as a ``transport`` failure (it was not acknowledged)
    and a new session is opened once the server answers again.
    """
    failing_since: float | None = None
    while journal.done < spec["operations"]:
        try:
            async with _mcp_client(spec) as client:
                failing_since = None
                await run_worker(
                    McpOps(client).call,
                    journal,
                    worker=spec["worker"],
                    operations=spec["operations"],
                    seed=spec["seed"],
                    pools=spec["pools"],
                    stop_on_transport=True,
                )
        except Exception as exc:  # the session broke, or the server is not up yet
            journal.fail_pending("transport", f"session broke: {type(exc).__name__}: {exc}")
            failing_since = failing_since or time.monotonic()
            if time.monotonic() - failing_since > RECONNECT_PATIENCE_S:
                raise
            await anyio.sleep(0.2)


def main(argv: list[str] | None = None) -> int:
    """``python -m worlddb.bench.chaos_worker SPEC_JSON``: run (or resume) one worker."""
    spec = json.loads((argv if argv is not None else sys.argv[1:])[0])
    journal = Journal(Path(spec["journal"]))
    journal.load()
    if spec["transport"] == "python":
        ops = PythonOps(spec["db"])
        anyio.run(
            lambda: run_worker(
                ops.call,
                journal,
                worker=spec["worker"],
                operations=spec["operations"],
                seed=spec["seed"],
                pools=spec["pools"],
            )
        )
        ops.db.close()
    else:
        anyio.run(_mcp_worker, spec, journal)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
