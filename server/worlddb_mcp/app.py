"""Build the MCP server (tools, lifespan, auth) and run it over stdio or streamable HTTP.

One engine per process: the lifespan opens ``WorldDB`` once (or adopts one handed in) and every
tool call shares it. HTTP refuses to listen on a non-loopback address without a bearer token;
tokens may be bound to scopes (see ``worlddb_mcp.auth``).
"""

from __future__ import annotations

import inspect
import ipaddress
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any, Final, Literal

import anyio
import anyio.to_thread
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from worlddb.consolidate import Consolidator
from worlddb.consolidate.schedule import ConsolidationSchedule
from worlddb.engine import EmbedderChoice, ExtractorChoice, WorldDB
from worlddb.errors import ValidationError
from worlddb.ui import explorer_app
from worlddb_mcp.arguments import WorldDBServer
from worlddb_mcp.auth import StaticTokenVerifier, TokenRegistry
from worlddb_mcp.resources import register as register_resources
from worlddb_mcp.runtime import AppState
from worlddb_mcp.stdio import serve_stdio
from worlddb_mcp.tools import TOOLS

__all__ = [
    "HttpOptions",
    "LogLevel",
    "check_http_options",
    "create_server",
    "http_app",
    "is_loopback",
    "package_version",
    "run_http",
    "run_stdio",
]

logger = logging.getLogger(__name__)

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
INSTRUCTIONS: Final = (
    "Long-term memory. Save durable facts and preferences with memory_write; before answering "
    "questions about the user or past work, call memory_recall with the same scopes. Scopes "
    "(user_id, agent_id, app_id, run_id) say whose memory it is; always pass them. Correct a "
    "memory with memory_amend, forget it with memory_retire."
)
_READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
_ANNOTATIONS: Final[dict[str, ToolAnnotations]] = {
    "memory_write": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, open_world_hint=False
    ),
    "memory_recall": _READ_ONLY,
    "memory_list": _READ_ONLY,
    "memory_read": _READ_ONLY,
    "memory_amend": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, open_world_hint=False
    ),
    "memory_retire": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
    ),
    "memory_retire_all": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
    ),
    "memory_purge_scope": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, open_world_hint=False
    ),
    "memory_list_scopes": _READ_ONLY,
}
# AuthSettings wants an issuer even for a plain resource server; with no resource_server_url
# the SDK publishes no OAuth metadata, so this value is never shown to clients.
_STATIC_ISSUER: Final = "http://127.0.0.1"


def package_version() -> str:
    """The installed worlddb version (``serverInfo.version``), or ``"0+unknown"`` from a tree."""
    try:
        return metadata.version("worlddb")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def _strict_tool(fn: Callable[..., Any]) -> Tool:
    """A ``Tool`` whose arguments model forbids unknown keys (a misspelling is an error).

    The description is the docstring without its source indentation (``inspect.cleandoc``):
    a model reads it verbatim.
    """
    tool = Tool.from_function(
        fn, description=inspect.cleandoc(fn.__doc__ or ""), annotations=_ANNOTATIONS[fn.__name__]
    )
    base = tool.fn_metadata.arg_model
    strict: type[BaseModel] = type(
        base.__name__,
        (base,),
        {
            "model_config": ConfigDict(extra="forbid", arbitrary_types_allowed=True),
            "__module__": base.__module__,
        },
    )
    tool.fn_metadata.arg_model = strict  # type: ignore[assignment]
    tool.parameters = strict.model_json_schema(by_alias=True)
    return tool


def create_server(
    db: WorldDB | None = None,
    *,
    path: str | Path | None = None,
    name: str = "worlddb",
    embedder: EmbedderChoice = "default",
    extractor: ExtractorChoice = "default",
    tokens: TokenRegistry | None = None,
    consolidate_every_s: float | None = None,
    functional: Sequence[str] = (),
) -> MCPServer[AppState]:
    """The worlddb MCP server: nine tools, the ``worlddb://world/{id}`` resource, one prompt.

    Args:
        db: an open engine to serve (the caller closes it); if ``None`` the server opens
            ``path`` in its lifespan and closes it on shutdown.
        path: the database file when ``db`` is ``None`` (``":memory:"`` for a throwaway one).
        name: the server name clients see.
        embedder: the embedder for a database the server opens itself.
        extractor: the extractor for a database the server opens itself.
        tokens: bearer tokens to require on HTTP; ``None`` or empty means no auth.
        consolidate_every_s: run ``worlddb.consolidate`` on a background thread this often
            (``None``, the default: never; see ``--consolidate-every``).
        functional: relations its contradiction sweep treats as single-valued
            (``--functional``, ``WORLDDB_FUNCTIONAL``).

    Raises:
        ValidationError: neither ``db`` nor ``path`` was given.
    """
    if db is None and path is None:
        raise ValidationError("create_server needs an open db or a path", field="path")
    write_lock = anyio.Lock()

    @asynccontextmanager
    async def lifespan(_: MCPServer[AppState]) -> AsyncIterator[AppState]:
        if db is not None:
            server.engine = db
            schedule = _schedule(db, consolidate_every_s, functional)
            try:
                yield AppState(db=db, write_lock=write_lock)
            finally:
                if schedule is not None:
                    await anyio.to_thread.run_sync(schedule.stop)
            return
        opened = await anyio.to_thread.run_sync(
            partial(WorldDB.open, str(path), embedder=embedder, extractor=extractor)
        )
        logger.info("worlddb opened %s", path)
        server.engine = opened
        schedule = _schedule(opened, consolidate_every_s, functional)
        try:
            yield AppState(db=opened, write_lock=write_lock)
        finally:
            server.engine = None
            if schedule is not None:
                await anyio.to_thread.run_sync(schedule.stop)
            await anyio.to_thread.run_sync(opened.close)

    auth_kwargs: dict[str, Any] = {}
    if tokens:
        auth_kwargs = {
            "token_verifier": StaticTokenVerifier(tokens),
            "auth": AuthSettings(
                issuer_url=_STATIC_ISSUER,  # type: ignore[arg-type]
                resource_server_url=None,
            ),
        }
    server = WorldDBServer(
        name,
        instructions=INSTRUCTIONS,
        version=package_version(),
        lifespan=lifespan,
        # The SDK configures root logging if nobody has; WARNING keeps a library user's output
        # quiet. The command line configures logging itself first (``--log-level``).
        log_level="WARNING",
        tools=[_strict_tool(fn) for fn in TOOLS],
        **auth_kwargs,
    )

    register_resources(server)

    async def healthz(_: Request) -> Response:
        return JSONResponse({"status": "ok"})

    # An unauthenticated liveness probe for process managers (the SDK leaves custom routes open).
    server.custom_route("/healthz", methods=["GET"], include_in_schema=False)(healthz)
    return server


def _schedule(
    db: WorldDB, every_s: float | None, functional: Sequence[str]
) -> ConsolidationSchedule | None:
    """The background consolidation, started, when one was asked for."""
    if not every_s:
        return None
    consolidator = Consolidator(db, functional=functional)
    logger.info("consolidating every %.0f s", every_s)
    return ConsolidationSchedule(consolidator.run, every_s).start()


def is_loopback(host: str) -> bool:
    """Whether ``host`` only accepts local connections."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True, slots=True)
class HttpOptions:
    """Where and how to serve streamable HTTP."""

    host: str = "127.0.0.1"
    port: int = 8765
    path: str = "/mcp"
    stateless: bool = False  # stateless + plain JSON responses: no sessions, easy to scale out
    ui_path: str | None = "/ui"  # the explorer page (worlddb.ui), behind the same tokens


def http_app(
    server: MCPServer[AppState], options: HttpOptions, tokens: TokenRegistry | None
) -> Starlette:
    """The Starlette app for ``server``, after the loopback-or-token safety check.

    Raises:
        ValidationError: a non-loopback host without a token, or a path without a leading '/'.
    """
    check_http_options(options, tokens)
    app = server.streamable_http_app(
        streamable_http_path=options.path,
        stateless_http=options.stateless,
        json_response=options.stateless,
        host=options.host,
    )
    if options.ui_path and isinstance(server, WorldDBServer):
        _mount_explorer(app, server, options.ui_path, tokens)
    return app


def check_http_options(options: HttpOptions, tokens: TokenRegistry | None) -> None:
    """Refuse a non-loopback bind without a token and an endpoint path without a leading '/'.

    Raises:
        ValidationError: what is wrong, in one line.
    """
    if not is_loopback(options.host) and not tokens:
        raise ValidationError(
            f"refusing to serve on {options.host!r} without a token: set WORLDDB_TOKEN or pass "
            "--token-file, or bind to 127.0.0.1",
            field="host",
            value=options.host,
        )
    if not options.path.startswith("/"):
        raise ValidationError(
            f"HTTP path {options.path!r} must start with '/'", field="path", value=options.path
        )


def _mount_explorer(
    app: Starlette, server: WorldDBServer, ui_path: str, tokens: TokenRegistry | None
) -> None:
    """Serve the explorer page at ``ui_path``: the same engine, the same tokens and grants."""
    if not ui_path.startswith("/") or ui_path.rstrip("/") == "":
        raise ValidationError(
            f"explorer path {ui_path!r} must start with '/' and name a folder",
            field="ui_path",
            value=ui_path,
        )
    mount = ui_path.rstrip("/")

    async def to_slash(_: Request) -> Response:
        return RedirectResponse(mount + "/")

    lookup = tokens.lookup if tokens else None
    app.router.routes.append(Route(mount, to_slash, include_in_schema=False))
    app.router.routes.append(Mount(mount, explorer_app(lambda: server.engine, tokens=lookup)))


def run_http(
    server: MCPServer[AppState],
    options: HttpOptions,
    tokens: TokenRegistry | None,
    *,
    log_level: LogLevel = "WARNING",
) -> None:
    """Serve streamable HTTP until interrupted."""
    import uvicorn

    app = http_app(server, options, tokens)
    logger.warning(
        "worlddb MCP on http://%s:%d%s (auth: %s)",
        options.host,
        options.port,
        options.path,
        "bearer token" if tokens else "none, loopback only",
    )
    if options.ui_path:
        logger.warning(
            "worlddb explorer on http://%s:%d%s/",
            options.host,
            options.port,
            options.ui_path.rstrip("/"),
        )
    config = uvicorn.Config(app, host=options.host, port=options.port, log_level=log_level.lower())
    anyio.run(uvicorn.Server(config).serve)


def run_stdio(server: MCPServer[AppState]) -> None:
    """Serve over stdin/stdout until the client closes the pipe.

    Every line that is not a JSON-RPC message gets a JSON-RPC error reply (see
    ``worlddb_mcp.stdio``) rather than the SDK's silence.
    """
    anyio.run(serve_stdio, server)
