"""Settings shared by the CLI and the MCP server: the database path, the plug-ins, their options.

One home for both front ends, so ``worlddb`` and ``worlddb-mcp`` read the same environment
variables the same way (the server never imports the CLI). ``store_options`` is the
``--db``/``--embedder``/``--extractor`` click option set every command that opens a store uses.

Where worlddb keeps its database when no path is given:

``$WORLDDB_DB`` wins; otherwise a per-user data directory: ``$XDG_DATA_HOME/worlddb`` (default
``~/.local/share/worlddb``) on Linux and other Unixes, ``~/Library/Application Support/worlddb``
on macOS, ``%APPDATA%\\worlddb`` on Windows. Nothing is created at import.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

import click

from worlddb.engine import EmbedderChoice, ExtractorChoice
from worlddb.errors import ValidationError

__all__ = [
    "DB_FILENAME",
    "EMBEDDER_NAMES",
    "EXTRACTOR_NAMES",
    "default_db_path",
    "embedder_named",
    "ensure_parent",
    "extractor_named",
    "resolve_db_path",
    "store_options",
]

F = TypeVar("F", bound=Callable[..., Any])

DB_FILENAME: Final = "worlddb.db"
# "hash" is the deterministic test embedder: fast, no model file, word overlap only.
EMBEDDER_NAMES: Final = ("default", "hash", "none")
# "claude" is AnthropicExtractor (the optional extra worlddb[anthropic]; ANTHROPIC_API_KEY).
EXTRACTOR_NAMES: Final = ("default", "none", "claude")


def default_db_path(env: Mapping[str, str] | None = None, *, platform: str | None = None) -> Path:
    """The database path to use when the caller names none."""
    environ = os.environ if env is None else env
    explicit = environ.get("WORLDDB_DB", "").strip()
    if explicit:
        return Path(explicit).expanduser()
    system = sys.platform if platform is None else platform
    home = Path(environ.get("HOME") or Path.home())
    if system.startswith("win"):
        base = Path(environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif system == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = environ.get("XDG_DATA_HOME", "").strip()
        base = Path(xdg) if xdg else home / ".local" / "share"
    return base / "worlddb" / DB_FILENAME


def ensure_parent(path: Path) -> Path:
    """Create ``path``'s directory if it is missing (only for the default location)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def resolve_db_path(given: str | None) -> Path | str:
    """``--db``/``$WORLDDB_DB`` when given, else the per-user default (its folder created).

    A ``postgresql://`` URL is returned as given (a ``Path`` would fold its ``//``).
    """
    if given and given.lower().startswith(("postgresql://", "postgres://")):
        return given
    return Path(given).expanduser() if given else ensure_parent(default_db_path())


def store_options(fn: F) -> F:
    """``--db`` (``$WORLDDB_DB``), ``--embedder`` and ``--extractor`` (hidden, for tests).

    The command receives ``db_path: str | None``, ``embedder: str`` and ``extractor: str``;
    map them with ``resolve_db_path``, ``embedder_named`` and ``extractor_named``.
    """
    options = (
        click.option(
            "--db",
            "db_path",
            envvar="WORLDDB_DB",
            type=click.Path(dir_okay=False),
            help="Database file or postgresql:// URL [env WORLDDB_DB; default: per-user data dir].",
        ),
        click.option(
            "--embedder",
            type=click.Choice(EMBEDDER_NAMES),
            default="default",
            envvar="WORLDDB_EMBEDDER",
            hidden=True,
        ),
        click.option(
            "--extractor",
            type=click.Choice(EXTRACTOR_NAMES),
            default="default",
            envvar="WORLDDB_EXTRACTOR",
            hidden=True,
        ),
    )
    for option in reversed(options):
        fn = option(fn)
    return fn


def embedder_named(name: str) -> EmbedderChoice:
    """Map ``default``/``hash``/``none`` (``--embedder``, ``$WORLDDB_EMBEDDER``) to an embedder.

    Raises:
        ValidationError: an unknown name.
    """
    if name == "default":
        return "default"
    if name == "none":
        return None
    if name == "hash":
        from worlddb.testing import HashEmbedder

        return HashEmbedder()
    raise ValidationError(
        f"embedder {name!r} is not one of {', '.join(EMBEDDER_NAMES)}", field="embedder", value=name
    )


def extractor_named(name: str) -> ExtractorChoice:
    """Map ``default``/``none``/``claude`` (``--extractor``, ``$WORLDDB_EXTRACTOR``) to a choice.

    Raises:
        ValidationError: an unknown name.
        MissingExtraError: ``claude`` without the ``anthropic`` package installed.
    """
    if name in ("default", "none"):
        return "default" if name == "default" else None
    if name == "claude":
        from worlddb.extract.anthropic import AnthropicExtractor  # MissingExtraError if absent

        return AnthropicExtractor()
    raise ValidationError(
        f"extractor {name!r} is not one of {', '.join(EXTRACTOR_NAMES)}",
        field="extractor",
        value=name,
    )
