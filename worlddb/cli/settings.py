"""Settings shared by the CLI and the MCP server: the default database path, the plug-ins.

Where worlddb keeps its database when no path is given:

``$WORLDDB_DB`` wins; otherwise a per-user data directory: ``$XDG_DATA_HOME/worlddb`` (default
``~/.local/share/worlddb``) on Linux and other Unixes, ``~/Library/Application Support/worlddb``
on macOS, ``%APPDATA%\\worlddb`` on Windows. Nothing is created at import.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Final

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
]

DB_FILENAME: Final = "worlddb.db"
# "hash" is the deterministic test embedder: fast, no model file, word overlap only.
EMBEDDER_NAMES: Final = ("default", "hash", "none")
EXTRACTOR_NAMES: Final = ("default", "none")


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
    """Map ``default``/``none`` (``--extractor``, ``$WORLDDB_EXTRACTOR``) to an extractor choice.

    Raises:
        ValidationError: an unknown name.
    """
    if name in ("default", "none"):
        return "default" if name == "default" else None
    raise ValidationError(
        f"extractor {name!r} is not one of {', '.join(EXTRACTOR_NAMES)}",
        field="extractor",
        value=name,
    )
