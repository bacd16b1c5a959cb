"""World and edge ids at the store boundary: 64 hex characters above, 32 raw bytes below.

Why: from schema V5 (SQLite) and V3 (PostgreSQL) every column holding a world or edge id is a
32-byte BLOB (``BYTEA``): half the bytes of the hex text in every row and every id index (the
file a third smaller, and SQLite's bulk floor ~10% cheaper at 1M worlds, BENCHMARKS.md). Above
``worlddb.store`` ids stay lowercase hex strings: each statement converts its parameters
(``to_blob`` in a write, which refuses a malformed id; ``probe`` in a read, which finds nothing
for one) and the ids it reads (``hexid``), with the functions defined here and nowhere else.
Order is unchanged: bytes compare as ``memcmp``, which is the order of their lowercase hex, so a
read ordered by id keeps its order and an id prefix is still a range (``prefix_range``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from worlddb.errors import ValidationError

__all__ = ["ID_BYTES", "hexid", "prefix_range", "probe", "probes", "to_blob", "to_blobs"]

ID_BYTES: Final = 32
_PAST_ALL: Final = b"\xff" * (ID_BYTES + 1)  # above every 32-byte id


def to_blob(wid: str) -> bytes:
    """The 32 bytes a 64-hex-character lowercase id is stored as; ``ValidationError`` if
    ``wid`` is not such an id (upper case and whitespace included: they never name a row)."""
    try:
        raw = bytes.fromhex(wid)
    except (TypeError, ValueError):
        raw = b""
    if len(raw) != ID_BYTES or raw.hex() != wid:
        raise ValidationError(
            f"id {wid!r} is not 64 lowercase hex characters", field="id", value=wid
        )
    return raw


def to_blobs(wids: Iterable[str]) -> list[bytes]:
    """``to_blob`` of each of ``wids``, in order."""
    return [to_blob(w) for w in wids]


def probe(wid: object) -> bytes:
    """What a read binds for ``wid``: ``to_blob(wid)``, or for anything that is not an id a
    value no row holds, so a lookup of a malformed id finds nothing (``None``, an empty list),
    as it did when ids were stored as text. Writes use ``to_blob``, which refuses it."""
    try:
        return to_blob(wid)  # type: ignore[arg-type]
    except ValidationError:
        return b""


def probes(wids: Iterable[object]) -> list[bytes]:
    """``probe`` of each of ``wids``, in order."""
    return [probe(w) for w in wids]


def hexid(raw: bytes | memoryview) -> str:
    """The hex id of a stored id (``bytes`` from SQLite, ``bytes`` or ``memoryview`` from
    psycopg)."""
    return raw.hex()


def prefix_range(prefix: str) -> tuple[bytes, bytes]:
    """``(lower, upper)`` with every id whose hex starts with ``prefix`` (lowercase hex, any
    length) in ``lower <= id < upper``: an odd-length prefix's last digit is the high half of
    a byte, so the bounds pad it with ``0``; ``upper`` is the prefix plus one, or past every
    id when the prefix is all ``f``."""
    lower = bytes.fromhex(prefix + "0" * (len(prefix) % 2))
    bumped = int(prefix, 16) + 1
    if bumped >> (4 * len(prefix)):
        return lower, _PAST_ALL
    text = f"{bumped:0{len(prefix)}x}"
    return lower, bytes.fromhex(text + "0" * (len(text) % 2))
