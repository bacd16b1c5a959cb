"""Small SQL-text helpers shared by the store modules: placeholders and chunked ``IN`` lists.

SQLite caps the number of bound parameters per statement, so a lookup of many ids runs as
several ``... IN (?,?,…)`` statements over slices of the ids. Writing that loop out at every call
site made the chunk size and the placeholder text drift; this module is the one place for both.
Only the store's backend modules use it (SQL text stays inside ``worlddb.store``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Final, TypeVar

__all__ = ["CHUNK", "ConnectionMixin", "chunked", "placeholders"]

CHUNK: Final = 500  # ids per ``IN (...)`` list: far below SQLite's bound-parameter limit

T = TypeVar("T")


def placeholders(count: int) -> str:
    """``count`` comma-separated ``?`` marks for an ``IN (...)`` list (``"?,?,?"``)."""
    return ",".join("?" * count)


def chunked(items: Sequence[T], size: int = CHUNK) -> Iterator[tuple[list[T], str]]:
    """Slices of ``items`` of at most ``size``, each with its placeholder text.

    ``for chunk, marks in chunked(ids): conn.execute(f"... IN ({marks})", chunk)``; nothing is
    yielded for an empty ``items`` (an empty ``IN ()`` list is a syntax error in SQLite).
    """
    if size < 1:
        raise ValueError(f"chunk size must be at least 1, got {size}")
    for start in range(0, len(items), size):
        chunk = list(items[start : start + size])
        yield chunk, placeholders(len(chunk))


class ConnectionMixin:
    """Base of the read mixins shared by the ``Store`` and the write transaction.

    ``_connection`` is the connection to read through and ``_guard`` the lock that guards it:
    on the ``Store``, the calling thread's (the write connection on the writing thread, so a
    writer reads its own rows); on the transaction, its own. The concrete class provides both.
    """

    @property
    def _connection(self) -> sqlite3.Connection:
        raise NotImplementedError

    @property
    def _guard(self) -> AbstractContextManager[object]:
        raise NotImplementedError
