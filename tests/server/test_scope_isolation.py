"""Scope isolation through the MCP SDK's real client: two bearer tokens bound to two users on a
real streamable-HTTP server on 127.0.0.1. A bound token learns nothing about another scope: not
its labels, not that an entity or a memory already existed there."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anyio
import httpx2
import pytest
import uvicorn
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from worlddb_mcp import HttpOptions, TokenRegistry, create_server, http_app
from worlddb_mcp.auth import parse_token_line

from worlddb.engine import WorldDB

pytestmark = pytest.mark.anyio

Call = Callable[[Client, str, dict[str, Any]], Awaitable[dict[str, Any]]]
Fail = Callable[[Client, str, dict[str, Any]], Awaitable[str]]

ROOT_TOKEN = "root-token-isolation-0123456789"
ALICE_TOKEN = "alice-token-isolation-0123456789"
BOB_TOKEN = "bob-token-isolation-0123456789ab"
ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}
MARIA = [{"name": "Maria", "type": "Person"}]


@contextmanager
def serving(db: WorldDB) -> Iterator[str]:
    """``db`` over streamable HTTP with a root, an alice and a bob token; yields the URL."""
    lines = [ROOT_TOKEN, f"{ALICE_TOKEN} user_id=alice", f"{BOB_TOKEN} user_id=bob"]
    registry = TokenRegistry(tuple(p for line in lines if (p := parse_token_line(line))))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    options = HttpOptions(host="127.0.0.1", port=port)
    app = http_app(create_server(db, tokens=registry), options, registry)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def client(url: str, token: str) -> Client:
    http = httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {token}"}, timeout=httpx2.Timeout(30.0)
    )
    return Client(streamable_http_client(url, http_client=http))


def _ids(value: Any) -> set[str]:
    """Every 64-hex string anywhere in a tool result."""
    if isinstance(value, dict):
        return set().union(*(_ids(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_ids(v) for v in value)) if value else set()
    if isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value):
        return {value}
    return set()


async def test_the_maria_scenario_over_http_with_two_bound_tokens(
    mem_db: WorldDB, call: Call, fail: Fail
) -> None:
    mem_db.recluster_budget_s = 60.0
    with serving(mem_db) as url, anyio.fail_after(60):
        async with client(url, BOB_TOKEN) as bob, client(url, ALICE_TOKEN) as alice:
            bobs = await call(
                bob,
                "memory_write",
                {"text": "I had coffee with my neighbour Maria", "scopes": BOB, "entities": MARIA},
            )
            bob_ids = _ids(bobs)
            written = await call(
                alice,
                "memory_write",
                {"text": "Maria is my dentist in Porto", "scopes": ALICE, "entities": MARIA},
            )
            (maria,) = written["entities"]
            assert maria["tier"] == "new" and maria["id"] not in bob_ids
            assert written["proposals"] == [] and written["created"] is True

            found = await call(alice, "memory_recall", {"query": "Maria", "scopes": ALICE})
            assert found["hits"] and all(h["scopes"] == ["user_id=alice"] for h in found["hits"])
            assert not _ids(found) & bob_ids
            read = await call(alice, "memory_read", {"id": maria["id"]})
            assert read["scopes"] == ["user_id=alice"] and not _ids(read) & bob_ids
            assert read["created_at"] is None  # an entity's identity salt is not a time

            # bob's Maria by id reads exactly like an id that was never written
            foreign = await fail(alice, "memory_read", {"id": bobs["entities"][0]["id"]})
            missing = await fail(alice, "memory_read", {"id": "0" * 64})
            assert foreign.replace(bobs["entities"][0]["id"], "ID") == missing.replace(
                "0" * 64, "ID"
            )
            scopes = await call(alice, "memory_list_scopes", {})
            assert [(s["kind"], s["value"]) for s in scopes["scopes"]] == [("user_id", "alice")]

            # the same words: a new memory for alice, bob's untouched by her retire
            tea = {"text": "I like green tea", "occurred_at": "2024-03-01T09:00:00Z"}
            bob_tea = await call(bob, "memory_write", {**tea, "scopes": BOB})
            alice_tea = await call(alice, "memory_write", {**tea, "scopes": ALICE})
            assert alice_tea["created"] is True and alice_tea["id"] != bob_tea["id"]
            await call(alice, "memory_retire", {"id": alice_tea["id"]})
            assert (await call(bob, "memory_read", {"id": bob_tea["id"]}))["retired"] is False
        async with client(url, ROOT_TOKEN) as root:
            # the unbound caller still sees both Marias, each in its own scope
            for entity, label in (
                (maria["id"], "user_id=alice"),
                (bobs["entities"][0]["id"], "user_id=bob"),
            ):
                assert (await call(root, "memory_read", {"id": entity}))["scopes"] == [label]


async def test_a_bound_caller_sees_only_the_scope_labels_it_may_touch(
    mem_db: WorldDB, call: Call
) -> None:
    with serving(mem_db) as url, anyio.fail_after(60):
        async with client(url, ALICE_TOKEN) as alice, client(url, ROOT_TOKEN) as root:
            run = {**ALICE, "run_id": "r1"}
            written = await call(
                alice, "memory_write", {"text": "the lake was cold", "scopes": run}
            )
            by_user = await call(alice, "memory_recall", {"query": "lake", "scopes": ALICE})
            assert [h["scopes"] for h in by_user["hits"]] == [["user_id=alice"]]
            by_run = await call(alice, "memory_recall", {"query": "lake", "scopes": run})
            assert [h["scopes"] for h in by_run["hits"]] == [["run_id=r1", "user_id=alice"]]
            assert (await call(alice, "memory_read", {"id": written["id"]}))["scopes"] == [
                "user_id=alice"
            ]
            full = await call(root, "memory_read", {"id": written["id"]})
            assert full["scopes"] == ["run_id=r1", "user_id=alice"]
