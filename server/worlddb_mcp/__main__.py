"""``worlddb-mcp``: run the MCP server (stdio by default, or streamable HTTP).

Every option has an environment variable so a Claude Desktop ``env`` block can configure it:
``WORLDDB_DB``, ``WORLDDB_TRANSPORT``, ``WORLDDB_HOST``, ``WORLDDB_PORT``, ``WORLDDB_HTTP_PATH``,
``WORLDDB_STATELESS``, ``WORLDDB_TOKEN`` / ``WORLDDB_TOKEN_FILE``, ``WORLDDB_LOG_LEVEL``,
``WORLDDB_CONSOLIDATE_EVERY`` (off by default, for stdio and HTTP alike), ``WORLDDB_FUNCTIONAL``.

Start-up is checked before serving: the database's folder is created, the store is opened and
the tokens are read before the first client connects, so a bad setting is one line on stderr and
exit status 1. (Opened inside the SDK's lifespan instead, a failure surfaced only when a client
connected, as a task-group traceback, while the client saw just "Connection closed".)
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, cast

import click

from worlddb.consolidate.schedule import parse_every, split_names
from worlddb.errors import ValidationError, WorldDBError
from worlddb.settings import (
    default_db_path,
    embedder_named,
    extractor_named,
    resolve_db_path,
    store_options,
)

if TYPE_CHECKING:  # the server modules import the MCP SDK; --help and --new-token stay quick
    from worlddb_mcp.app import LogLevel

__all__ = ["main", "prepare_db_path", "serve_command"]

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
@click.option(
    "--print-config",
    is_flag=True,
    help="Print the Claude Desktop config JSON for this install (absolute paths) and exit.",
)
@click.option(
    "--new-token",
    is_flag=True,
    help="Print a new random bearer token (for WORLDDB_TOKEN or a token file) and exit.",
)
@click.version_option(package_name="worlddb", prog_name="worlddb-mcp")
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
    print_config: bool,
    new_token: bool,
) -> None:
    """Serve worlddb memory to MCP clients (Claude Desktop, IDEs, agents)."""
    from worlddb_mcp import config

    if new_token:
        click.echo(config.new_token())
        return
    if print_config:
        path = Path(db_path).expanduser() if db_path else default_db_path()  # creates nothing
        click.echo(
            config.claude_desktop_config(
                path, transport=transport, host=host, port=port, http_path=http_path
            )
        )
        return
    level = cast("LogLevel", log_level.upper())
    logging.basicConfig(
        level=level, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        _serve(
            db_path,
            transport,
            host,
            port,
            http_path,
            stateless,
            token_file,
            embedder,
            extractor,
            level,
            parse_every(consolidate_every),
            split_names((functional,)) or (),
        )
    except WorldDBError as exc:
        raise click.ClickException(str(exc)) from exc
    except (click.ClickException, click.exceptions.Exit, click.Abort):
        raise
    except (Exception, BaseExceptionGroup) as error:  # one line, never a traceback
        _fail(error)


def _serve(
    db_path: str | None,
    transport: str,
    host: str,
    port: int,
    http_path: str,
    stateless: bool,
    token_file: str | None,
    embedder: str,
    extractor: str,
    level: LogLevel,
    consolidate_every_s: float | None,
    functional: Sequence[str],
) -> None:
    """Check every setting, open the store, then serve until the client or a signal stops us."""
    from worlddb.engine import WorldDB
    from worlddb_mcp.app import HttpOptions, check_http_options, create_server, run_http, run_stdio
    from worlddb_mcp.auth import load_tokens

    tokens = load_tokens(token_file=token_file) if transport == "http" else None
    options = HttpOptions(host=host, port=port, path=http_path, stateless=stateless)
    path = prepare_db_path(resolve_db_path(db_path))
    chosen_embedder, chosen_extractor = embedder_named(embedder), extractor_named(extractor)
    if transport == "http":  # refuse an unsafe bind before opening anything
        check_http_options(options, tokens)
    with WorldDB.open(str(path), embedder=chosen_embedder, extractor=chosen_extractor) as db:
        server = create_server(
            db,
            tokens=tokens,
            consolidate_every_s=consolidate_every_s,
            functional=tuple(functional),
        )
        if transport == "stdio":
            run_stdio(server)
        else:
            run_http(server, options, tokens, log_level=level)


def prepare_db_path(path: Path | str) -> Path | str:
    """``path`` with its folder created (Claude Desktop configs name folders that may not exist).

    A ``postgresql://`` URL (a ``str``, see ``resolve_db_path``) names no folder: returned as is.

    Raises:
        ValidationError: the folder cannot be created (one line naming it and why).
    """
    if isinstance(path, str):
        return path
    if str(path) == ":memory:":
        return path
    folder = path.expanduser().absolute().parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValidationError(
            f"cannot create the database folder {str(folder)!r}: {exc.strerror or exc}",
            field="db",
            value=str(path),
        ) from None
    if path.is_dir():
        raise ValidationError(
            f"the database path {str(path)!r} is a folder; name a file inside it",
            field="db",
            value=str(path),
        )
    return path


def _leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]


def _fail(error: BaseException) -> NoReturn:
    """Exit 1 with one line for the first real failure in ``error`` (a task group's failure
    nests it); the traceback goes to the log at DEBUG (``--log-level DEBUG``)."""
    leaves = _leaves(error)
    if any(isinstance(leaf, KeyboardInterrupt) for leaf in leaves):
        raise SystemExit(130)
    first = next((e for e in leaves if isinstance(e, WorldDBError)), leaves[0])
    logging.getLogger("worlddb_mcp").debug("server failed", exc_info=error)
    message = str(first) if isinstance(first, WorldDBError) else f"{type(first).__name__}: {first}"
    raise click.ClickException(" ".join(message.split()) or type(first).__name__)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point."""
    serve_command.main(args=None if argv is None else list(argv), prog_name="worlddb-mcp")


if __name__ == "__main__":
    main()
