"""Stdio serving that answers every malformed line instead of dropping it.

The SDK's stdio transport turns a line it cannot validate into an ``Exception`` on the read
stream, and the server loop only logs it: the client that sent the line never hears back and
waits for its timeout. JSON-RPC 2.0 says such a line gets an error response -- ``-32700`` when it
is not JSON, ``-32600`` when it is JSON but not a message -- with ``id: null`` unless the id can be
read. ``GuardedReadStream`` sits between the SDK's transport and its server loop (no SDK patch),
writes that reply, and hands the loop only real messages, so the next valid request is served.

Strict JSON parsing (the SDK uses jiter) also refuses a lone surrogate escape such as ``"\\ud800"``;
such a line is a parse error, but when Python's laxer parser can still read a request id from it
the reply carries that id, so the caller's pending request fails at once rather than hanging.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, Self

import mcp_types as types
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from pydantic import ValidationError as PydanticValidationError

if TYPE_CHECKING:  # the SDK's stream protocols (structural; imported for annotations only)
    from mcp.shared._stream_protocols import ReadStream, WriteStream

__all__ = ["INVALID_REQUEST", "PARSE_ERROR", "GuardedReadStream", "error_reply", "serve_stdio"]

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
_MAX_SHOWN: Final = 60  # characters of an offending value quoted back in an error message


class GuardedReadStream:
    """A read stream that answers transport exceptions and yields only messages.

    It wraps the SDK's stdio read stream; ``last_context`` is forwarded so the dispatcher still
    sees the sender's context variables.
    """

    def __init__(
        self,
        inner: ReadStream[SessionMessage | Exception],
        replies: WriteStream[SessionMessage],
    ) -> None:
        self._inner = inner
        self._replies = replies

    @property
    def last_context(self) -> object:
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> SessionMessage | Exception:
        while True:
            item = await self._inner.receive()
            if not await self._answered(item):
                return item

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __aiter__(self) -> Self:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        while True:
            item = await self._inner.__anext__()  # StopAsyncIteration ends the loop as before
            if not await self._answered(item):
                return item

    async def _answered(self, item: SessionMessage | Exception) -> bool:
        """Reply to a transport exception (and swallow it); leave a message alone."""
        if not isinstance(item, Exception):
            return False
        await self._replies.send(SessionMessage(error_reply(item)))
        return True

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc_val: BaseException | None,
        exc_tb: TracebackType | None,
    ) -> bool | None:
        await self.aclose()
        return None


def error_reply(exc: Exception) -> types.JSONRPCError:
    """The JSON-RPC error answering a line the transport could not turn into a message."""
    if not isinstance(exc, PydanticValidationError):
        return _error(None, PARSE_ERROR, f"unreadable message: {_clip(str(exc))}")
    errors: list[Any] = list(exc.errors(include_url=False))
    first: Mapping[str, Any] = errors[0] if errors else {}
    if first.get("type") == "json_invalid":
        raw = first.get("input")
        return _parse_error(raw if isinstance(raw, str) else "", str(first.get("msg", "")))
    message = _top_level_input(errors)
    return _error(_request_id(message), INVALID_REQUEST, _invalid_request_text(message, errors))


def _parse_error(raw: str, reason: str) -> types.JSONRPCError:
    try:
        lax = json.loads(raw)
    except ValueError:
        return _error(None, PARSE_ERROR, f"parse error: the line is not JSON ({reason})")
    return _error(
        _request_id(lax),
        PARSE_ERROR,
        "parse error: the line holds a lone UTF-16 surrogate escape (like \\ud800) or another "
        "value strict JSON refuses; send valid Unicode",
    )


def _top_level_input(errors: list[Any]) -> object:
    """The decoded line, as pydantic reports it on a union-branch or missing-field error."""
    for error in errors:
        loc = error.get("loc", ())
        if len(loc) <= 1 or (len(loc) == 2 and error.get("type") == "missing"):
            return error.get("input")
    return None


def _invalid_request_text(message: object, errors: list[Any]) -> str:
    if not isinstance(message, Mapping):
        kind = "array" if isinstance(message, list) else type(message).__name__
        return f"invalid request: a JSON-RPC message is an object, not {kind}"
    if message.get("jsonrpc") != "2.0":
        return 'invalid request: field "jsonrpc" must be "2.0"'
    if "method" not in message and not {"result", "error"} & message.keys():
        return 'invalid request: field "method" is missing'
    request_errors = [e for e in errors if e.get("loc", ())[:1] == ("JSONRPCRequest",)]
    chosen = (request_errors or errors)[0]
    field = ".".join(str(part) for part in chosen.get("loc", ())[1:]) or "message"
    return f'invalid request: field "{field}": {_clip(str(chosen.get("msg", "invalid")))}'


def _request_id(message: object) -> types.RequestId | None:
    if not isinstance(message, Mapping):
        return None
    value = message.get("id")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    if isinstance(value, str) and not _is_valid_unicode(value):
        return None  # the reply itself must be valid JSON
    return value


def _is_valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _MAX_SHOWN else flat[: _MAX_SHOWN - 1] + "…"


def _error(request_id: types.RequestId | None, code: int, message: str) -> types.JSONRPCError:
    return types.JSONRPCError(
        jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=message)
    )


async def serve_stdio(server: MCPServer[Any]) -> None:
    """Serve ``server`` over the process's stdin/stdout, answering every malformed line."""
    lowlevel = server._lowlevel_server  # what the SDK's own run_stdio_async uses
    async with stdio_server() as (read_stream, write_stream):
        await lowlevel.run(
            GuardedReadStream(read_stream, write_stream),
            write_stream,
            lowlevel.create_initialization_options(),
        )
