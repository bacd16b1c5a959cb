"""worlddb's MCP server: nine memory tools over stdio or streamable HTTP.

``create_server(db)`` builds the server around an open engine (or a path it opens in its
lifespan); ``worlddb-mcp`` / ``python -m worlddb_mcp`` / ``worlddb serve`` run it.
"""

from worlddb_mcp.app import HttpOptions, create_server, http_app, run_http, run_stdio
from worlddb_mcp.auth import Grant, TokenRegistry, load_tokens
from worlddb_mcp.runtime import AppState

__all__ = [
    "AppState",
    "Grant",
    "HttpOptions",
    "TokenRegistry",
    "create_server",
    "http_app",
    "load_tokens",
    "run_http",
    "run_stdio",
]
