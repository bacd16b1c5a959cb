"""The plumbing under every tool: the lifespan state, worker threads, the write lock, errors.

Engine calls are synchronous (SQLite), so each runs on a worker thread
(``anyio.to_thread.run_sync``) and the event loop keeps serving other clients during a long write.
Writes also hold the server's one write lock so they apply in arrival order. Reads take no lock:
each worker thread reads through its own WAL connection (``worlddb.store``), so a recall never
waits for a write in progress. A ``WorldDBError`` becomes a ``ToolError`` carrying its message,
which the SDK returns as an error result the model can read and act on; anything else is a crash
the SDK reports without details.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError

from worlddb.engine import WorldDB
from worlddb.errors import NotFoundError, WorldDBError
from worlddb.recall.result import RecallHit
from worlddb.scopes import validate_scopes
from worlddb_mcp.auth import Grant, current_grant

__all__ = [
    "AppContext",
    "AppState",
    "as_tool_error",
    "caller_grant",
    "check_scopes",
    "hit_permitted",
    "run_read",
    "run_write",
]

T = TypeVar("T")


@dataclass
class AppState:
    """What the server's lifespan yields: the one engine and the write lock."""

    db: WorldDB
    write_lock: anyio.Lock


AppContext = Context[AppState, Any]


@contextmanager
def as_tool_error() -> Iterator[None]:
    try:
        yield
    except NotFoundError as exc:
        hint = "" if exc.what != "world" else "; find ids with memory_list or memory_recall"
        raise ToolError(f"{exc}{hint}") from exc
    except WorldDBError as exc:
        raise ToolError(str(exc)) from exc


async def run_read(ctx: AppContext, fn: Callable[[WorldDB], T]) -> T:
    state = ctx.request_context.lifespan_context
    with as_tool_error():
        return await anyio.to_thread.run_sync(partial(fn, state.db))


async def run_write(ctx: AppContext, fn: Callable[[WorldDB], T]) -> T:
    state = ctx.request_context.lifespan_context
    with as_tool_error():
        async with state.write_lock:
            return await anyio.to_thread.run_sync(partial(fn, state.db))


def caller_grant() -> Grant:
    with as_tool_error():
        return current_grant()


def check_scopes(granted: Grant, scopes: Mapping[str, str]) -> dict[str, str]:
    """The request's scopes, validated like the engine does and checked against the grant."""
    with as_tool_error():
        checked = validate_scopes(scopes, required=True)
        granted.check_request(checked)
    return checked


def hit_permitted(db: WorldDB, hit: RecallHit, grant: Grant) -> bool:
    """Defence in depth: recall already filters by scope, this re-checks against the grant."""
    if hit.scopes:
        found: dict[str, set[str]] = {}
        for label in hit.scopes:
            kind, _, value = label.partition("=")
            found.setdefault(kind, set()).add(value)
        return grant.permits_memberships(found)
    return db.permits(grant, db.get(hit.id))
