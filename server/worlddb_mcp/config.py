"""What ``worlddb-mcp --print-config`` and ``--new-token`` print.

Claude Desktop starts a server from its config file with no shell: no ``PATH`` from a virtual
environment, no ``~`` expansion. So the snippet names the console script by its absolute path
(the one next to the interpreter running this, which is the one that was installed) and the
database by its absolute path. A client that takes a URL instead (streamable HTTP) gets the URL
and, when ``WORLDDB_TOKEN`` is set, the ``Authorization`` header.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

__all__ = ["SERVER_KEY", "TOKEN_BYTES", "claude_desktop_config", "new_token", "server_command"]

SERVER_KEY: Final = "worlddb"
TOKEN_BYTES: Final = 32


def server_command(executable: str | None = None) -> list[str]:
    """The absolute command that starts this server: the console script, else ``python -m``."""
    python = Path(executable or sys.executable).absolute()
    scripts = python.parent
    for name in ("worlddb-mcp", "worlddb-mcp.exe"):
        candidate = scripts / name
        if candidate.is_file():
            return [str(candidate)]
    return [str(python), "-m", "worlddb_mcp"]


def claude_desktop_config(
    db_path: Path,
    *,
    transport: str = "stdio",
    host: str = "127.0.0.1",
    port: int = 8765,
    http_path: str = "/mcp",
    env: Mapping[str, str] | None = None,
) -> str:
    """The ``mcpServers`` JSON for this install, ready to paste into a client's config file."""
    entry: dict[str, Any]
    if transport == "stdio":
        command, *args = server_command()
        entry = {"command": command}
        if args:
            entry["args"] = args
        entry["env"] = {"WORLDDB_DB": str(db_path.expanduser().absolute())}
    else:
        shown = f"[{host}]" if ":" in host else host
        entry = {"type": "http", "url": f"http://{shown}:{port}{http_path}"}
        token = (os.environ if env is None else env).get("WORLDDB_TOKEN", "").split()
        if token:
            entry["headers"] = {"Authorization": f"Bearer {token[0]}"}
    return json.dumps({"mcpServers": {SERVER_KEY: entry}}, indent=2)


def new_token() -> str:
    """A fresh bearer token (256 random bits, URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)
