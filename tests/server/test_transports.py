"""End to end over real transports: stdio against the installed console script, and streamable
HTTP on 127.0.0.1 (uvicorn in a thread) with and without tokens, scope-bound tokens, and eight
concurrent clients."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from worlddb_mcp import TokenRegistry, load_tokens

from tests.server.live_http import http_client, serving_http
from worlddb.engine import WorldDB

pytestmark = pytest.mark.anyio

Call = Callable[[Client, str, dict[str, Any]], Awaitable[dict[str, Any]]]
Fail = Callable[[Client, str, dict[str, Any]], Awaitable[str]]

ROOT_TOKEN = "root-token-0123456789abcdef"
ALICE_TOKEN = "alice-token-0123456789abcdef"
ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}
CONSOLE_SCRIPT = Path(sys.executable).with_name("worlddb-mcp")


@contextmanager
def serving(db: WorldDB, *, tokens: str = "", stateless: bool = False) -> Iterator[str]:
    """Serve ``db`` over streamable HTTP on a free loopback port; yield the endpoint URL."""
    registry = None
    if tokens:
        registry = TokenRegistry(
            (
                *load_tokens(env={"WORLDDB_TOKEN": ROOT_TOKEN}).tokens,
                *load_tokens(env={"WORLDDB_TOKEN": tokens}).tokens,
            )
        )
    with serving_http(db, registry, stateless=stateless) as url:
        yield url


async def test_stdio_end_to_end_against_the_installed_console_script(
    tmp_path: Path, call: Call
) -> None:
    assert CONSOLE_SCRIPT.exists(), "install the package (editable) into the venv"
    params = StdioServerParameters(
        command=str(CONSOLE_SCRIPT),
        args=["--db", str(tmp_path / "stdio.db")],
        env={"WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "none"},
    )
    with anyio.fail_after(60):
        async with Client(params) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert "memory_recall" in names
            written = await call(
                client, "memory_write", {"text": "stdio remembers the lake", "scopes": ALICE}
            )
            hits = await call(client, "memory_recall", {"query": "lake", "scopes": ALICE})
            assert written["id"] in [h["id"] for h in hits["hits"]]
    with WorldDB.open(tmp_path / "stdio.db", embedder=None, extractor=None) as reopened:
        assert reopened.get(written["id"]).text == "stdio remembers the lake"


async def test_http_without_a_token_on_loopback_serves_every_tool_path(
    mem_db: WorldDB, call: Call
) -> None:
    with serving(mem_db) as url, anyio.fail_after(30):
        async with http_client(url) as client:
            written = await call(client, "memory_write", {"text": "over http", "scopes": ALICE})
            read = await call(client, "memory_read", {"id": written["short_id"]})
            assert read["text"] == "over http"


async def test_stateless_json_http_answers_without_a_session(mem_db: WorldDB, call: Call) -> None:
    with serving(mem_db, stateless=True) as url, anyio.fail_after(30):
        async with http_client(url) as client:
            written = await call(client, "memory_write", {"text": "stateless", "scopes": ALICE})
        async with http_client(url) as again:
            assert (await call(again, "memory_read", {"id": written["id"]}))["text"] == "stateless"


async def test_http_with_tokens_refuses_missing_and_wrong_tokens(
    mem_db: WorldDB, call: Call
) -> None:
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"},
        },
    }
    headers = {"Accept": "application/json, text/event-stream"}
    with serving(mem_db, tokens=ALICE_TOKEN) as url, anyio.fail_after(30):
        async with httpx2.AsyncClient() as raw:
            missing = await raw.post(url, json=initialize, headers=headers)
            wrong = await raw.post(
                url, json=initialize, headers={**headers, "Authorization": "Bearer nope-nope-nope"}
            )
            healthy = await raw.get(url.replace("/mcp", "/healthz"))
        assert missing.status_code == 401 and wrong.status_code == 401
        assert healthy.status_code == 200
        async with http_client(url, ROOT_TOKEN) as client:
            await call(client, "memory_write", {"text": "root may write bob", "scopes": BOB})


async def test_a_scope_bound_token_cannot_read_list_or_purge_another_scope(
    mem_db: WorldDB, call: Call, fail: Fail
) -> None:
    bobs = mem_db.remember("bob's private plan", scopes=BOB).id
    with serving(mem_db, tokens=f"{ALICE_TOKEN} user_id=alice") as url, anyio.fail_after(30):
        async with http_client(url, ALICE_TOKEN) as alice:
            mine = await call(alice, "memory_write", {"text": "alice's plan", "scopes": ALICE})
            assert "bound to" in await fail(alice, "memory_write", {"text": "x", "scopes": BOB})
            assert "bound to" in await fail(
                alice, "memory_recall", {"query": "plan", "scopes": BOB}
            )
            assert "bound to" in await fail(alice, "memory_list", {"scopes": {"run_id": "r"}})
            for tool, extra in (
                ("memory_read", {}),
                ("memory_retire", {}),
                ("memory_amend", {"text": "mine now"}),
            ):
                message = await fail(alice, tool, {"id": bobs, **extra})
                assert "no world matches" in message and "bob" not in message
            assert "may not purge" in await fail(
                alice, "memory_purge_scope", {"scope": BOB, "confirm": "bob", "erase": True}
            )
            assert "bound to" in await fail(alice, "memory_retire_all", {"scopes": BOB})
            scopes = await call(alice, "memory_list_scopes", {})
            assert [(s["kind"], s["value"]) for s in scopes["scopes"]] == [("user_id", "alice")]
            hits = await call(alice, "memory_recall", {"query": "plan", "scopes": ALICE})
            assert [h["id"] for h in hits["hits"]] == [mine["id"]]
            read = await call(alice, "memory_read", {"id": mine["id"]})
            assert all(bobs not in (e["source"], e["target"]) for e in read["edges"])
    assert mem_db.get(bobs).valid_to is None


async def test_eight_concurrent_http_clients_lose_no_writes(mem_db: WorldDB, call: Call) -> None:
    per_client = 6
    written: list[str] = []

    async def worker(n: int, url: str) -> None:
        async with http_client(url) as client:
            for i in range(per_client):
                result = await call(
                    client,
                    "memory_write",
                    {"text": f"client {n} memory {i} about topic{n}x{i}", "scopes": ALICE},
                )
                written.append(result["id"])
                hits = await call(
                    client, "memory_recall", {"query": f"topic{n}x{i}", "scopes": ALICE}
                )
                assert result["id"] in [h["id"] for h in hits["hits"]]

    with serving(mem_db) as url, anyio.fail_after(60):
        async with anyio.create_task_group() as group:
            for n in range(8):
                group.start_soon(worker, n, url)
    assert len(set(written)) == 8 * per_client
    listed, cursor = mem_db.memories(ALICE, limit=1000)
    assert cursor is None
    assert {w.id for w in listed} == set(written)
