"""One-line tool-argument errors that name the field, instead of pydantic's multi-line dump.

The SDK reports a schema mismatch as pydantic's full text (several lines, an input echo and a
documentation URL). A model reads a tool error to correct its call, so the message says which
argument is wrong and why, in one line: ``memory_recall: limit: Input should be a valid integer
(got 'abc')``. ``WorldDBServer`` keeps every other SDK behaviour; it only rewrites the message of
a validation failure, at its own layer, without patching the SDK.
"""

from __future__ import annotations

from typing import Any, Final

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from pydantic import ValidationError as PydanticValidationError

from worlddb.engine import WorldDB
from worlddb_mcp.runtime import AppState

__all__ = ["WorldDBServer", "describe_invalid_arguments"]

_ECHO_CHARS: Final = 40


def describe_invalid_arguments(tool: str, error: PydanticValidationError) -> str:
    """``tool: field: message (got value)`` for the first problem, with a count of the rest."""
    problems = error.errors(include_url=False)
    first = problems[0]
    field = ".".join(str(part) for part in first["loc"]) or "arguments"
    message = first["msg"].removeprefix("Value error, ")  # pydantic's prefix for a validator
    if first["type"] == "missing":
        message = "this argument is required"
    elif "input" in first and not isinstance(first["input"], dict):
        shown = repr(first["input"])
        if len(shown) > _ECHO_CHARS:
            shown = shown[: _ECHO_CHARS - 1] + "…"
        message = f"{message} (got {shown})"
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return " ".join(f"{tool}: {field}: {message}{more}".split())


class WorldDBServer(MCPServer[AppState]):
    """The SDK's server with one-line argument errors (see the module docstring).

    ``engine`` is the open ``WorldDB`` while the lifespan runs (the explorer page mounted
    beside the MCP endpoint reads it; ``None`` before and after).
    """

    engine: WorldDB | None = None

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[AppState, Any] | None = None
    ) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(exc, UnexpectedToolError) or not isinstance(
                cause, PydanticValidationError
            ):
                raise
            raise ToolError(describe_invalid_arguments(name, cause)) from cause
