"""MCP resources and prompts: a memory by URI, and a prompt that loads a scope's memories.

Tools are for the model; resources and prompts are for the person driving the client. A client
that lists resource templates can open ``worlddb://world/{id}`` (any id or unique prefix, e.g. a
``short_id`` from a tool result) and attach the memory to a conversation; the ``memory_context``
prompt puts a scope's memories (the newest ones, or those relevant to a topic) at the start of a
conversation. Both apply the caller's token grant exactly as the tools do: a memory of another
scope reads as "not found".
"""

from __future__ import annotations

from typing import Annotated, Final

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.shared.exceptions import MCPError
from pydantic import Field

from worlddb.engine import WorldDB
from worlddb.errors import NotFoundError, WorldDBError
from worlddb.model import World
from worlddb.timeutil import format_us
from worlddb_mcp.auth import current_grant
from worlddb_mcp.runtime import AppContext, AppState, check_scopes
from worlddb_mcp.tools import CONTEXT_BUDGET_CHARS, read_world
from worlddb_mcp.views import preview

__all__ = ["PROMPT_MEMORIES", "WORLD_URI", "register"]

WORLD_URI: Final = "worlddb://world/{id}"
PROMPT_MEMORIES: Final = 30  # the newest memories a topic-less memory_context shows
_INVALID_PARAMS: Final = -32602
_PAGE: Final = 1000


async def world_resource(id: str, ctx: AppContext) -> str:
    """One memory (or any stored world) in full, as memory_read returns it (JSON)."""
    state = ctx.request_context.lifespan_context
    granted = current_grant()
    try:
        result = await anyio.to_thread.run_sync(read_world, state.db, id, granted)
    except NotFoundError as exc:
        raise ResourceNotFoundError(f"{exc}; find ids with memory_list or memory_recall") from exc
    except WorldDBError as exc:
        raise ResourceError(str(exc)) from exc
    return result.model_dump_json(indent=2)


def _newest(db: WorldDB, scopes: dict[str, str], count: int) -> list[World]:
    """The ``count`` newest live memories of ``scopes``, oldest first."""
    kept: list[World] = []
    after: int | None = 0
    while after is not None:
        page, after = db.memories(scopes, after=after, limit=_PAGE)
        kept = (kept + page)[-count:]
    return kept


def _context_text(db: WorldDB, scopes: dict[str, str], topic: str | None) -> str:
    label = ", ".join(f"{k}={v}" for k, v in scopes.items())
    if topic:
        context = db.recall(topic, scopes=scopes, limit=20).context(CONTEXT_BUDGET_CHARS)
        head = f"What I remember about {topic!r} for {label}, most relevant first:"
    else:
        lines = [
            f"- ({(format_us(w.valid_from or w.ingested_at) or '?')[:10]}) {preview(w.text)}"
            for w in _newest(db, scopes, PROMPT_MEMORIES)
        ]
        context = "\n".join(lines)
        head = f"My newest memories for {label}, oldest first:"
    if not context.strip():
        return f"I have no memories stored for {label} yet."
    return f"{head}\n{context}\n\nUse memory_recall with the same scopes for anything else."


async def memory_context(
    ctx: AppContext,
    user_id: Annotated[str | None, Field(description="The end user, e.g. 'alice'")] = None,
    agent_id: Annotated[str | None, Field(description="The agent or assistant")] = None,
    app_id: Annotated[str | None, Field(description="The application")] = None,
    run_id: Annotated[str | None, Field(description="One conversation or task run")] = None,
    topic: Annotated[
        str | None, Field(description="Load what is relevant to this (default: the newest)")
    ] = None,
) -> str:
    """Start a conversation with what worlddb remembers for a scope (give at least one)."""
    given = {"user_id": user_id, "agent_id": agent_id, "app_id": app_id, "run_id": run_id}
    wanted = {k: v for k, v in given.items() if v}
    if not wanted:
        raise MCPError(_INVALID_PARAMS, "give at least one of user_id, agent_id, app_id, run_id")
    try:
        scopes = check_scopes(current_grant(), wanted)
    except ToolError as exc:
        raise MCPError(_INVALID_PARAMS, str(exc)) from exc
    state = ctx.request_context.lifespan_context
    try:
        return await anyio.to_thread.run_sync(_context_text, state.db, scopes, topic or None)
    except WorldDBError as exc:
        raise MCPError(_INVALID_PARAMS, str(exc)) from exc


def register(server: MCPServer[AppState]) -> None:
    """Add the resource template and the prompt to ``server``."""
    server.resource(
        WORLD_URI,
        name="memory",
        title="A worlddb memory",
        description="One memory in full (id or unique prefix of 8+ hex characters), as JSON.",
        mime_type="application/json",
    )(world_resource)
    server.prompt(name="memory_context", title="Load memories for a scope")(memory_context)
