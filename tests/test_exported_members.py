"""``worlddb.__all__`` is exactly the public names ``worlddb/__init__.py`` imports (httpx-style)."""

from __future__ import annotations

import ast
from pathlib import Path

import worlddb


def _imported_public_names() -> set[str]:
    tree = ast.parse(Path(worlddb.__file__).read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom | ast.Import):
            for alias in node.names:
                name = (alias.asname or alias.name).split(".")[0]
                if not name.startswith("_") and name != "annotations":
                    names.add(name)
    return names


def test_all_lists_exactly_the_imported_public_names() -> None:
    assert set(worlddb.__all__) == _imported_public_names()


def test_all_is_sorted_unique_and_every_name_resolves() -> None:
    assert list(worlddb.__all__) == sorted(set(worlddb.__all__))
    for name in worlddb.__all__:
        assert getattr(worlddb, name) is not None, name
