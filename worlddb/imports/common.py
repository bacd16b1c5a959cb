"""Helpers every importer shares: reading JSON, reading times, naming types, cleaning metadata.

Each turns what a foreign file holds into worlddb's values and refuses what it cannot read with
an ``ImportFormatError`` that names where, so every importer reports bad input the same way.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import IO, Any, Final

from worlddb.errors import ValidationError
from worlddb.imports.records import ImportFormatError
from worlddb.model import TEXT_WORLD_TYPES
from worlddb.scopes import SCOPE_KINDS
from worlddb.timeutil import parse_time

__all__ = [
    "MAX_META_CHARS",
    "clean_metadata",
    "epoch_seconds",
    "iter_array",
    "load_json",
    "moment",
    "scopes_of",
    "world_type",
]

MAX_META_CHARS: Final = 500
"""Longest metadata value kept (metadata is provenance, not content: a long value is cut)."""

# Entity types the rest of worlddb knows (searched by name, offered to the resolver).
_ENTITY_TYPES: Final = {
    t.lower(): t
    for t in ("Person", "Organization", "Place", "Product", "Tool", "Event", "Decision", "Topic")
    if t in TEXT_WORLD_TYPES
}
_SYNONYMS: Final = {
    "organisation": "Organization",
    "company": "Organization",
    "org": "Organization",
    "location": "Place",
    "city": "Place",
    "country": "Place",
    "people": "Person",
    "user": "Person",
}


def world_type(kind: str | None) -> str:
    """The world type for a foreign type label: a known entity type, else ``Entity``.

    Unknown labels ("project", "note") map to ``Entity`` so the entity stays searchable by name;
    the label itself is kept as provenance (``entity_type:<label>``) for export.
    """
    if not kind:
        return "Entity"
    key = kind.strip().lower()
    return _ENTITY_TYPES.get(key) or _SYNONYMS.get(key) or "Entity"


def load_json(path: Path) -> Any:
    """The whole JSON document at ``path``; bad JSON names its line and column."""
    try:
        with path.open("r", encoding="utf-8") as fh:
            return json.load(fh)
    except json.JSONDecodeError as exc:
        raise ImportFormatError(
            f"{path.name}:{exc.lineno}:{exc.colno}", f"not valid JSON ({exc.msg})"
        ) from None
    except UnicodeDecodeError as exc:
        raise ImportFormatError(path.name, f"not UTF-8 text ({exc.reason})") from None


@contextmanager
def _open_text(path: Path) -> Iterator[IO[str]]:
    """``path`` as UTF-8 text; a ``.zip`` export opens its ``conversations.json`` member."""
    if not zipfile.is_zipfile(path):
        with path.open("r", encoding="utf-8") as fh:
            yield fh
        return
    with zipfile.ZipFile(path) as archive:
        names = sorted(
            (n for n in archive.namelist() if n.rsplit("/", 1)[-1] == "conversations.json"),
            key=lambda n: (n.count("/"), n),
        )
        if not names:
            raise ImportFormatError(path.name, "no conversations.json in this zip archive")
        with io.TextIOWrapper(archive.open(names[0]), encoding="utf-8") as fh:
            yield fh


def iter_array(path: Path, what: str) -> Iterator[tuple[int, Any]]:
    """``(index, element)`` of the top-level JSON array at ``path``, read incrementally.

    Conversation exports run to hundreds of megabytes; reading one element at a time keeps the
    import's memory near the size of one conversation. The export's ``.zip`` is read as is.
    """
    from worlddb.eval.longmemeval import iter_json_array

    index = 0
    try:
        with _open_text(path) as fh:
            for index, element in enumerate(iter_json_array(fh)):
                yield index, element
    except UnicodeDecodeError as exc:
        raise ImportFormatError(path.name, f"not UTF-8 text ({exc.reason})") from None
    except (zipfile.BadZipFile, EOFError) as exc:
        raise ImportFormatError(path.name, f"a damaged zip archive ({exc})") from None
    except ImportFormatError:
        raise
    except ValidationError as exc:
        raise ImportFormatError(
            f"{path.name}", f"{what} #{index + 1}: {exc} (expected a JSON array of {what}s)"
        ) from None


def moment(value: object, where: str, field: str) -> int | None:
    """An ISO-8601 string (or date) as microseconds; ``None``/``""`` stays ``None``."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return parse_time(value if value.tzinfo else value.replace(tzinfo=UTC))
    if isinstance(value, date):
        return parse_time(datetime(value.year, value.month, value.day, tzinfo=UTC))
    if not isinstance(value, str):
        raise ImportFormatError(where, f"'{field}' must be a date string, not {value!r}")
    try:
        return parse_time(value, field=field)
    except ValidationError:
        raise ImportFormatError(where, f"'{field}' {value!r} is not an ISO-8601 time") from None


def epoch_seconds(value: object, where: str, field: str) -> int | None:
    """Seconds since the epoch (ChatGPT's floats) as microseconds; ``None`` stays ``None``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ImportFormatError(where, f"'{field}' must be epoch seconds, not {value!r}")
    if not 0 <= value < 253402300800:
        raise ImportFormatError(where, f"'{field}' {value!r} is out of range")
    return round(value * 1_000_000)


def clean_metadata(raw: Mapping[str, object]) -> dict[str, str]:
    """Metadata as provenance strings: non-strings as JSON, empties dropped, long values cut."""
    out: dict[str, str] = {}
    for key, value in raw.items():
        if value is None or value == "" or value == [] or value == {}:
            continue
        text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)
        text = " ".join(text.split())
        if not text:
            continue
        if len(text) > MAX_META_CHARS:
            text = text[: MAX_META_CHARS - 1] + "…"
        out[str(key)[:100]] = text
    return out


def scopes_of(raw: Mapping[str, object], defaults: Mapping[str, str]) -> dict[str, str]:
    """The scopes a record names (``user_id``, ``agent_id``, ``app_id``, ``run_id``), else the
    caller's defaults: a file that says whose a memory is wins over the command line."""
    own = {k: str(raw[k]) for k in SCOPE_KINDS if isinstance(raw.get(k), str | int) and raw[k]}
    return own or dict(defaults)
