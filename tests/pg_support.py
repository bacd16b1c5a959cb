"""Run an existing test module's store-level tests against PostgreSQL as well.

``adopt("tests.test_store", globals())`` copies every test function of that module whose only
fixture is ``db`` (the configurable store fixture of ``tests/conftest.py``) into the calling
``tests/test_pg_*.py`` module, and gives that module the source module's ``worlddb`` marker
plus ``postgres=True``: the same assertions, run on a fresh schema of the session's
PostgreSQL server. Tests that reach SQLite itself (a file path, ``PRAGMA``) are not adopted.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Collection
from typing import Any

import pytest

__all__ = ["adopt"]

_SQLITE_ONLY = ("_connection", "logical_dump", "file_bytes", "raw_connection", "PRAGMA")
"""A test whose body reaches the SQLite file or connection tests that backend, not the seam."""


def adopt(module: str, into: dict[str, Any], *, skip: Collection[str] = ()) -> list[str]:
    """Copy ``module``'s ``db``-only tests into ``into``; returns their names."""
    source = importlib.import_module(module)
    options: dict[str, Any] = {}
    marks = getattr(source, "pytestmark", [])
    for mark in marks if isinstance(marks, list) else [marks]:
        if getattr(mark, "name", "") == "worlddb":
            options.update(mark.kwargs)
    options["postgres"] = True
    adopted: list[str] = []
    for name, fn in vars(source).items():
        if not name.startswith("test_") or not callable(fn) or name in skip:
            continue
        params = set(inspect.signature(fn).parameters)
        marks = getattr(fn, "pytestmark", [])
        argnames: set[str] = set()
        for mark in marks:
            if mark.name == "parametrize":
                names = mark.args[0]
                argnames |= set(names.split(",") if isinstance(names, str) else names)
        fixtures = {p.strip() for p in params} - {a.strip() for a in argnames}
        source_text = inspect.getsource(fn)
        if any(mark in source_text for mark in _SQLITE_ONLY):
            continue
        if fixtures == {"db"}:
            into[name] = fn
            adopted.append(name)
    into["pytestmark"] = [pytest.mark.worlddb(**options)]
    return adopted
