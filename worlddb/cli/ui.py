"""``worlddb ui``: serve the explorer page for one database on this machine.

The page always asks for a token: without ``--token`` a random one is made for this run and
printed inside the link (``http://127.0.0.1:8770/#token=...``; a URL fragment never reaches a
server log or a ``Referer`` header). A loopback address is the default; any other address needs
a token chosen with ``--token``, so the link is never the only copy of the secret on a shared
network.
"""

from __future__ import annotations

import secrets
import socket
import sys
import webbrowser
from typing import Final

import click

from worlddb.cli.common import CliState, pass_state
from worlddb.ui import SingleToken, explorer_app

__all__ = ["MIN_TOKEN_CHARS", "ui"]

MIN_TOKEN_CHARS: Final = 16
_LOOPBACK: Final = frozenset({"127.0.0.1", "localhost", "::1"})


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


@click.command()
@click.option(
    "--db",
    "db_path",
    envvar="WORLDDB_DB",
    type=click.Path(dir_okay=False),
    default=None,
    help="Database file (also accepted before the command name) [env WORLDDB_DB].",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8770,
    show_default=True,
    help="Port (0: any free port).",
)
@click.option(
    "--token",
    envvar="WORLDDB_UI_TOKEN",
    default=None,
    help="The token the page asks for [env WORLDDB_UI_TOKEN; default: a new random one].",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@pass_state
def ui(
    state: CliState,
    db_path: str | None,
    host: str,
    port: int,
    token: str | None,
    open_browser: bool,
) -> None:
    """Serve the explorer: browse, search and curate memories in a web page."""
    import uvicorn

    if db_path is not None:
        state.db_path = db_path
    if token is not None and len(token.strip()) < MIN_TOKEN_CHARS:
        raise click.UsageError(f"--token must be at least {MIN_TOKEN_CHARS} characters")
    if token is None and host not in _LOOPBACK:
        raise click.UsageError(
            f"refusing to serve on {host!r} with a generated token; choose one with --token"
        )
    chosen = token.strip() if token is not None else secrets.token_urlsafe(24)
    sock = _bind(host, port)
    with state.open() as db:
        app = explorer_app(lambda: db, tokens=SingleToken(chosen))
        bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        base = f"http://{shown}:{bound}/"
        link = base if token is not None else f"{base}#token={chosen}"
        click.echo(f"worlddb explorer for {db.path}", err=True)
        click.echo(link)
        if token is not None:
            click.echo("sign in with the token given in --token / WORLDDB_UI_TOKEN", err=True)
        click.echo("press Ctrl+C to stop", err=True)
        sys.stdout.flush()
        if open_browser:
            webbrowser.open(link)
        config = uvicorn.Config(app, log_level="warning", lifespan="off")
        try:
            uvicorn.Server(config).run(sockets=[sock])
        finally:
            sock.close()
