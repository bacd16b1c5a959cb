"""``worlddb-mcp``: run the MCP server (stdio by default, or streamable HTTP).

Every option has an environment variable so a Claude Desktop ``env`` block can configure it:
``WORLDDB_DB``, ``WORLDDB_TRANSPORT``, ``WORLDDB_HOST``, ``WORLDDB_PORT``, ``WORLDDB_HTTP_PATH``,
``WORLDDB_STATELESS``, ``WORLDDB_TOKEN`` / ``WORLDDB_TOKEN_FILE``, ``WORLDDB_LOG_LEVEL``,
``WORLDDB_CONSOLIDATE_EVERY`` (off by default, for stdio and HTTP alike), ``WORLDDB_FUNCTIONAL``.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from typing import cast

import click

from worlddb.consolidate.schedule import parse_every, split_names
from worlddb.errors import WorldDBError
from worlddb.settings import embedder_named, extractor_named, resolve_db_path, store_options

__all__ = ["main", "serve_command"]

_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


@click.command(name="worlddb-mcp", context_settings={"help_option_names": ["-h", "--help"]})
@store_options
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    envvar="WORLDDB_TRANSPORT",
    show_default=True,
    help="How clients connect.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    envvar="WORLDDB_HOST",
    show_default=True,
    help="HTTP bind address; non-loopback requires a token.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    envvar="WORLDDB_PORT",
    show_default=True,
    help="HTTP port.",
)
@click.option(
    "--path",
    "http_path",
    default="/mcp",
    envvar="WORLDDB_HTTP_PATH",
    show_default=True,
    help="HTTP endpoint path.",
)
@click.option(
    "--stateless",
    is_flag=True,
    envvar="WORLDDB_STATELESS",
    help="HTTP without sessions, answering with plain JSON.",
)
@click.option(
    "--token-file",
    type=click.Path(dir_okay=False),
    envvar="WORLDDB_TOKEN_FILE",
    help="Bearer tokens, one per line, optionally 'TOKEN user_id=alice' [also: env WORLDDB_TOKEN].",
)
@click.option(
    "--consolidate-every",
    default="off",
    envvar="WORLDDB_CONSOLIDATE_EVERY",
    show_default=True,
    help="Run the consolidator in the background this often (30s, 10m, 2h; off).",
)
@click.option(
    "--functional",
    default="",
    envvar="WORLDDB_FUNCTIONAL",
    metavar="RELATION[,RELATION]",
    help="Single-valued relations for the scheduled contradiction sweep (lives_in,birthday).",
)
@click.option(
    "--log-level",
    type=click.Choice(_LEVELS),
    default="WARNING",
    envvar="WORLDDB_LOG_LEVEL",
    show_default=True,
    help="Logs go to stderr.",
)
def serve_command(
    db_path: str | None,
    transport: str,
    host: str,
    port: int,
    http_path: str,
    stateless: bool,
    token_file: str | None,
    embedder: str,
    extractor: str,
    consolidate_every: str,
    functional: str,
    log_level: str,
) -> None:
    """Serve worlddb memory to MCP clients (Claude Desktop, IDEs, agents)."""
    from worlddb_mcp.app import HttpOptions, LogLevel, create_server, run_http, run_stdio
    from worlddb_mcp.auth import load_tokens

    level = cast(LogLevel, log_level.upper())
    logging.basicConfig(
        level=level, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        path = resolve_db_path(db_path)
        every_s = parse_every(consolidate_every)
        tokens = load_tokens(token_file=token_file) if transport == "http" else None
        server = create_server(
            path=path,
            embedder=embedder_named(embedder),
            extractor=extractor_named(extractor),
            tokens=tokens,
            consolidate_every_s=every_s,
            functional=split_names((functional,)) or (),
        )
        if transport == "stdio":
            run_stdio(server)
        else:
            options = HttpOptions(host=host, port=port, path=http_path, stateless=stateless)
            run_http(server, options, tokens, log_level=level)
    except WorldDBError as exc:
        raise click.ClickException(str(exc)) from exc


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point."""
    serve_command.main(args=None if argv is None else list(argv), prog_name="worlddb-mcp")


if __name__ == "__main__":
    main()
