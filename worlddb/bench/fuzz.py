"""``worlddb bench fuzz``: randomised and malformed MCP tool calls against a real server (issue 15).

A server is started as users start it (``python -m worlddb_mcp``, a child on stdio pipes, or
streamable HTTP on 127.0.0.1 with bearer tokens) on a small seeded store, and an MCP SDK client
sends ``calls`` tool calls, most of them broken in one way: a required argument dropped, an
unknown one added, a value of the wrong type, a huge string, a lone surrogate, a malformed or
unknown id, a bad scope, a bad time, an unknown tool, no arguments at all; over HTTP also a
wrong bearer token, or a token bound to another scope. Some calls are left valid, so the store
keeps changing and later calls hit real ids.

The store's digest (every row of the SQLite file, read through a separate read-only
connection) is taken after every call: a call that returned an error result, or raised, must
leave it unchanged. Outcomes are counted by mutation and kind. Failures: a tool crash (the SDK's
bare ``Error executing tool <name>``), a hang (no answer in ``CALL_TIMEOUT_S``), the server
dying, or a digest that moved under a failing call; after the run, ``verify()`` must be clean.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any, Final, TextIO

import anyio

from worlddb.bench.chaos import SERVER_ENV, HttpServer, free_port
from worlddb.bench.chaos_worker import classify_message
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__ = ["make_call", "run_fuzz_bench", "store_digest"]

CALL_TIMEOUT_S: Final = 60.0
TOOLS: Final = (
    "memory_write",
    "memory_recall",
    "memory_list",
    "memory_read",
    "memory_amend",
    "memory_retire",
    "memory_retire_all",
    "memory_purge_scope",
    "memory_list_scopes",
)
ADMIN_TOKEN: Final = "fuzz-admin-token-0123456789"
ALICE_TOKEN: Final = "fuzz-alice-token-0123456789"
SCOPE_VALUES: Final = ("alice", "bob", "carol")
JUNK: Final[tuple[object, ...]] = (0, -1, 2**70, 1.5, True, None, [], ["x"], {}, {"a": 1}, "")
SURROGATES: Final = ("\ud800", "\udfff", "a\udc80b", "\ud83d")  # lone halves
BAD_IDS: Final = ("", "abc", "z" * 64, "0" * 7, "ab" * 32, "ABCDEF01" * 8, "12345678", "../../etc")
BAD_SCOPES: Final[tuple[object, ...]] = (
    {},
    {"user_id": ""},
    {"user_id": "   "},
    {"user_id": "a=b"},
    {"bogus": "x"},
    {"user_id": 5},
    {"user_id": ["alice"]},
    {"user_id": "x" * 5000},
    "alice",
    [{"user_id": "alice"}],
)
BAD_TIMES: Final = ("yesterday", "2024-13-01", "9999-99-99T99:99", "1e309", "", "T", "-0001-01-01")
MUTATIONS: Final = (
    "valid",
    "missing",
    "extra",
    "wrong_type",
    "huge",
    "surrogate",
    "bad_id",
    "bad_scope",
    "bad_time",
    "unknown_tool",
    "no_arguments",
)


def store_digest(path: Path) -> str:
    """SHA-256 of every row of every table of the SQLite file at ``path`` (its SQL dump).

    Read through a fresh read-only connection, so it sees exactly what writers committed. The
    ``retention`` table's rows are left out: they count which memories earlier recalls returned
    and are written in the background, a little after those recalls, so they can land during
    any later call (``worlddb.recall.reinforce``); they are bookkeeping, not memory data.
    """
    # Deliberately not worlddb's own connection: the witness must not share the code under test.
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # noqa: TID251
    try:
        lines = (x for x in conn.iterdump() if not x.startswith('INSERT INTO "retention"'))
        return hashlib.sha256("\n".join(lines).encode()).hexdigest()
    finally:
        conn.close()


def _valid(tool: str, rng: random.Random, ids: list[str]) -> dict[str, Any]:
    scope = {"user_id": rng.choice(SCOPE_VALUES)}
    some_id = rng.choice(ids) if ids else "ab" * 32
    n = rng.randrange(10**6)
    valid: dict[str, dict[str, Any]] = {
        "memory_write": {"text": f"fuzz note {n} about Oslo", "scopes": scope},
        "memory_recall": {"query": f"Oslo {n}", "scopes": scope, "limit": 5},
        "memory_list": {"scopes": scope, "limit": 5},
        "memory_read": {"id": some_id},
        "memory_amend": {"id": some_id, "text": f"amended fuzz note {n}"},
        "memory_retire": {"id": some_id},
        "memory_retire_all": {"scopes": {"run_id": f"r{rng.randrange(3)}"}},
        "memory_purge_scope": {
            "scope": {"run_id": f"r{rng.randrange(3)}"},
            "confirm": f"r{rng.randrange(3)}",
            "erase": rng.random() < 0.5,
        },
        "memory_list_scopes": {},
    }
    return valid[tool]


def make_call(rng: random.Random, ids: list[str]) -> tuple[str, str, dict[str, Any] | None]:
    """One (mutation, tool, arguments): a valid call broken in one random way (or left valid)."""
    mutation = rng.choices(MUTATIONS, weights=(10, 10, 8, 14, 6, 10, 10, 10, 6, 8, 8))[0]
    tool = rng.choice(TOOLS)
    args = dict(_valid(tool, rng, ids))
    keys = list(args)
    strings = [k for k, v in args.items() if isinstance(v, str)]
    if (mutation in ("missing", "wrong_type") and not keys) or (
        mutation in ("huge", "surrogate") and not strings
    ):
        mutation = "valid"  # nothing to break in this tool's arguments: the call stays valid
    if mutation == "missing" and keys:
        del args[rng.choice(keys)]
    elif mutation == "extra":
        args[rng.choice(("bogus", "id2", "__proto__", "scopes_", "x" * 300))] = rng.choice(JUNK)
    elif mutation == "wrong_type" and keys:
        args[rng.choice(keys)] = rng.choice(JUNK)
    elif mutation == "huge" and strings:
        args[rng.choice(strings)] = "Oslo " * rng.choice((40_001, 60_000, 400_000))
    elif mutation == "surrogate" and strings:
        key = rng.choice(strings)
        args[key] = f"{args[key]} {rng.choice(SURROGATES)}"
    elif mutation == "bad_id":
        tool = rng.choice(("memory_read", "memory_amend", "memory_retire"))
        args = {**_valid(tool, rng, ids), "id": rng.choice((*BAD_IDS, ids[0][:8] if ids else ""))}
    elif mutation == "bad_scope":
        tool = rng.choice(("memory_write", "memory_recall", "memory_list", "memory_retire_all"))
        args = {**_valid(tool, rng, ids), "scopes": rng.choice(BAD_SCOPES)}
    elif mutation == "bad_time":
        tool = rng.choice(("memory_write", "memory_recall"))
        key = "occurred_at" if tool == "memory_write" else "as_of"
        args = {**_valid(tool, rng, ids), key: rng.choice(BAD_TIMES)}
    elif mutation == "unknown_tool":
        tool = rng.choice(
            ("memory_delete", "", "memory_write ", "MEMORY_WRITE", "x" * 500, "\ud800")
        )
    elif mutation == "no_arguments":
        return mutation, tool, None
    return mutation, tool, args


class _Failure(Exception):
    """The server crashed, hung or died: the run records it and reconnects."""


async def _send(client: Any, tool: str, args: dict[str, Any] | None) -> tuple[str, str, Any]:
    """(outcome, detail, result) of one call; raises ``_Failure`` for a hang or broken session."""
    from mcp.shared.exceptions import MCPError

    try:
        with anyio.fail_after(CALL_TIMEOUT_S):
            result = await client.call_tool(tool, args)
    except TimeoutError as exc:
        raise _Failure(f"hang: {tool} gave no answer in {CALL_TIMEOUT_S} s") from exc
    except MCPError as exc:
        return "protocol_error", exc.error.message[:200], None
    except (ValueError, TypeError, UnicodeError) as exc:  # refused by the client before sending
        return "client_rejected", f"{type(exc).__name__}: {str(exc)[:200]}", None
    except Exception as exc:
        raise _Failure(f"session broke on {tool}: {type(exc).__name__}: {exc}"[:300]) from exc
    if not result.is_error:
        return "ok", json.dumps(result.structured_content)[:200], result.structured_content
    text = result.content[0].text if result.content else ""
    if classify_message(tool, text) == "surfaced":
        return "crash", text[:200], None
    return "refused", text[:200], None


def _encodable(tool: str, args: dict[str, Any] | None) -> bool:
    try:
        json.dumps([tool, args], ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _leaf(exc: BaseException) -> str:
    """The innermost exception of a (nested) exception group, as ``Type: message``."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return f"{type(exc).__name__}: {exc}"


def _client(transport: str, db: Path, url: str, token: str | None, errlog: TextIO) -> Any:
    import httpx2
    from mcp.client import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp.client.streamable_http import streamable_http_client

    if transport == "stdio":
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "worlddb_mcp", "--db", str(db)],
            env={**os.environ, **SERVER_ENV},
        )
        return Client(stdio_client(params, errlog=errlog))
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(CALL_TIMEOUT_S))
    return Client(streamable_http_client(url, http_client=http))


async def _bad_token(db: Path, url: str, token: str, errlog: TextIO) -> str:
    """Connect with a wrong bearer token; any outcome but a refusal to connect is a finding."""
    try:
        with anyio.fail_after(CALL_TIMEOUT_S):
            async with _client("http", db, url, token, errlog) as client:
                await client.call_tool("memory_list_scopes", {})
    except TimeoutError:
        return "hang"
    except Exception:
        return "unauthorized"
    return "accepted"


async def _fuzz(
    transport: str, db: Path, url: str, calls: int, seed: int, errlog: TextIO
) -> dict[str, Any]:
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    samples: dict[str, str] = {}
    ids = [w.id for w in _seeded(db)]
    digest = store_digest(db)
    done = 0
    while done < calls:
        try:
            async with AsyncExitStack() as stack:
                token = ADMIN_TOKEN if transport == "http" else None
                client = await stack.enter_async_context(_client(transport, db, url, token, errlog))
                alice = client
                if transport == "http":
                    alice = await stack.enter_async_context(
                        _client(transport, db, url, ALICE_TOKEN, errlog)
                    )
                while done < calls:
                    done += 1
                    if transport == "http" and rng.random() < 0.04:
                        wrong = rng.choice(("", "x", ADMIN_TOKEN[:-1], ALICE_TOKEN + " "))
                        outcome = await _bad_token(db, url, wrong, errlog)
                        outcomes[f"bad_token/{outcome}"] += 1
                        if outcome != "unauthorized":
                            failures.append(f"a wrong token was {outcome}")
                        continue
                    mutation, tool, args = make_call(rng, ids)
                    chosen = client
                    if transport == "http" and rng.random() < 0.1:
                        chosen, mutation = alice, f"{mutation}+alice_token"
                    if not _encodable(tool, args):
                        # The SDK client cannot put a lone surrogate on the wire: its writer
                        # task dies and takes the session with it. Raw JSON escapes reach the
                        # server in tests/server/test_stdio_hostile.py instead.
                        outcomes[f"{mutation}/client_cannot_send"] += 1
                        continue
                    outcome, detail, result = await _send(chosen, tool, args)
                    outcomes[f"{mutation}/{outcome}"] += 1
                    samples.setdefault(f"{mutation}/{outcome}", f"{tool}: {detail}")
                    after = store_digest(db)
                    if outcome != "ok" and after != digest:
                        failures.append(f"digest moved under a failing call: {tool} {mutation}")
                    if outcome == "crash":
                        failures.append(f"crash: {tool} {mutation}: {detail}")
                    written = tool in ("memory_write", "memory_amend")
                    if outcome == "ok" and written and isinstance(result, dict):
                        ids.append(str(result["id"]))
                    digest = after
        except _Failure as exc:
            failures.append(str(exc))
            digest = store_digest(db)
        except Exception as exc:  # the session broke outside a call: the server may be gone
            failures.append(f"session broke: {_leaf(exc)}"[:300])
            digest = store_digest(db)
            if transport == "http":
                break  # the one server is gone: nothing more to learn
    return {"outcomes": dict(sorted(outcomes.items())), "failures": failures, "samples": samples}


def _seeded(db: Path) -> list[Any]:
    with WorldDB.open(db, embedder=HashEmbedder(), extractor=None) as store:
        if not store.memories()[0]:
            for i, who in enumerate(SCOPE_VALUES * 3):
                store.remember(f"seed note {i}: {who} moved to Oslo", scopes={"user_id": who})
                store.remember(f"run note {i}", scopes={"run_id": f"r{i % 3}", "user_id": who})
        return list(store.memories(limit=1000)[0])


def run_fuzz_bench(
    calls: int = 10_000,
    transport: str = "stdio",
    *,
    seed: int = 0,
    workdir: str | Path | None = None,
) -> dict[str, Any]:
    """Send ``calls`` fuzzed tool calls over ``transport`` (``stdio`` or ``http``); see above."""
    if transport not in ("stdio", "http"):
        raise ValueError(f"transport must be 'stdio' or 'http', not {transport!r}")
    with tempfile.TemporaryDirectory(prefix="worlddb-fuzz-") as tmp:
        here = Path(workdir) if workdir is not None else Path(tmp)
        here.mkdir(parents=True, exist_ok=True)
        db = here / "fuzz.db"
        _seeded(db)
        server = None
        url = ""
        log = (here / "stderr.log").open("ab")
        errlog = (here / "stdio-stderr.log").open("a", encoding="utf-8")
        started = time.monotonic()
        try:
            if transport == "http":
                tokens = here / "tokens"
                tokens.write_text(f"{ADMIN_TOKEN}\n{ALICE_TOKEN} user_id=alice\n")
                server = HttpServer(db, free_port(), log, ["--token-file", str(tokens)])
                server.start()
                url = f"http://127.0.0.1:{server.port}/mcp"
            found = anyio.run(_fuzz, transport, db, url, calls, seed, errlog)
            if server is not None and server.proc is not None and server.proc.poll() is not None:
                found["failures"].append(f"the HTTP server exited with {server.proc.returncode}")
        finally:
            if server is not None:
                server.stop()
            log.close()
            errlog.close()
        wall = time.monotonic() - started
        with WorldDB.open(db, embedder=HashEmbedder(), extractor=None) as store:
            problems = store.verify()
        logged = (here / "stderr.log").read_text(errors="replace")
        logged += (here / "stdio-stderr.log").read_text(errors="replace")
        tracebacks = logged.count("Traceback")
    return {
        "transport": transport,
        "calls": calls,
        "seed": seed,
        "failures": len(found["failures"]) + len(problems),
        "failure_samples": (found["failures"] + problems)[:10],
        "server_tracebacks_logged": tracebacks,
        "verify_problems": len(problems),
        "wall_s": round(wall, 1),
        "outcomes": found["outcomes"],
        "samples": found["samples"],
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m worlddb.bench.fuzz [CALLS] [stdio|http]``: JSON report."""
    args = sys.argv[1:] if argv is None else argv
    result = run_fuzz_bench(int(args[0]) if args else 10_000, args[1] if len(args) > 1 else "stdio")
    sys.stdout.write(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
