"""The front ends (CLI, MCP server, bulk import) use the public ``WorldDB`` API only.

Reaching ``db.store`` from a front end ties it to one backend and skips the engine's rules (the
scope-access rule among them); the verbs it needs (``path``, ``counts``, ``blob``, ``meta``,
``set_meta``, ``memory_cursor``, ``permits``, ...) are on the facade instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONT_ENDS = (
    ROOT / "server" / "worlddb_mcp",
    ROOT / "worlddb" / "cli",
    ROOT / "worlddb" / "bulk.py",
)
PRIVATE = frozenset({"store", "reconciler", "ingestor", "searcher", "vectors"})


def internals_reached(source: str, name: str) -> list[str]:
    """``name:line db.attr`` for every ``<something>.store`` (and the like) in ``source``."""
    return [
        f"{name}:{node.lineno} .{node.attr}"
        for node in ast.walk(ast.parse(source, name))
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE
    ]


def _files() -> list[Path]:
    out: list[Path] = []
    for top in FRONT_ENDS:
        out += [top] if top.is_file() else sorted(top.rglob("*.py"))
    return out


def test_no_front_end_reaches_past_the_facade() -> None:
    found = [
        hit
        for path in _files()
        for hit in internals_reached(path.read_text(encoding="utf-8"), path.name)
    ]
    assert found == []


def test_the_check_sees_a_planted_reach() -> None:
    planted = "def f(db):\n    return db.store.counts(), db.counts()\n"
    assert internals_reached(planted, "x.py") == ["x.py:2 .store"]
