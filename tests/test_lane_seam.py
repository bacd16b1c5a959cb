"""The retrieval lanes reach storage only through ``store.lanes`` (the lane Protocols).

The index lanes, the query pipeline, recall's hydration and the recall benchmark hold ranking
policy; every statement they need lives in the store's SQLite backend modules. This test reads
their source (AST, so docstrings and the ``Query.execute()`` verb do not count) and fails on a
SQL call (``x.execute(sql, ...)``) or on a use of the store's connection or its lock.
"""

from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import pytest

from worlddb.index import filters as index_filters
from worlddb.store import open_store
from worlddb.store.filters import WorldFilter
from worlddb.store.lane_sql import where_sql
from worlddb.store.lanes_sqlite import SqliteLanes

ROOT = Path(__file__).resolve().parent.parent / "worlddb"
LANE_FILES = sorted(
    [
        *(ROOT / "index").glob("*.py"),
        *(ROOT / "query").glob("*.py"),
        ROOT / "recall" / "rewrite.py",
        ROOT / "bench" / "recall.py",
    ]
)
_SQL_CALLS = frozenset({"execute", "executemany", "executescript"})
_STORE_HANDLES = frozenset(
    {"conn", "write_conn", "lock", "write_lock", "_connection", "_guard", "_write_connection"}
)


def _violations(source: str) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _SQL_CALLS
            and (node.args or node.keywords)  # ``Query(...).execute()`` takes no arguments
        ):
            found.append(f"line {node.lineno}: .{node.func.attr}(...)")
        if isinstance(node, ast.Attribute) and node.attr in _STORE_HANDLES:
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


def test_the_guard_sees_what_it_forbids() -> None:
    bad = (
        "with store.lock:\n"
        "    store.conn.execute('SELECT 1')\n"
        "Query(store).start_ids('x').execute()\n"
    )
    assert sorted(_violations(bad)) == ["line 1: .lock", "line 2: .conn", "line 2: .execute(...)"]


@pytest.mark.parametrize("path", LANE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_lane_modules_hold_no_sql_and_no_connection(path: Path) -> None:
    assert _violations(path.read_text(encoding="utf-8")) == []


def test_the_filter_is_one_plain_value_re_exported_by_the_index() -> None:
    assert index_filters.WorldFilter is WorldFilter
    assert not hasattr(WorldFilter(), "where")


def test_store_lanes_is_one_backend_per_store_reading_the_callers_connection() -> None:
    store = open_store()
    try:
        lanes = store.lanes
        assert isinstance(lanes, SqliteLanes)
        assert store.lanes is lanes
        assert lanes.row_bound() == 0
        assert lanes.admit_ids([], WorldFilter()) == {}
        assert lanes.rids_of(["0" * 64]) == {}
    finally:
        store.close()


def test_an_edge_side_other_than_src_or_dst_never_reaches_the_statement() -> None:
    store = open_store()
    try:
        with pytest.raises(ValueError, match="edge side"):
            store.lanes.edges_at(["x"], "rid; DROP TABLE edges", None, ["active"])  # type: ignore[arg-type]
        assert store.lanes.edges_at(["x"], "src", None, ["active"]) == []
    finally:
        store.close()


def test_an_empty_scope_list_admits_nothing() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE nodes (rid INTEGER PRIMARY KEY, type TEXT)")
    conn.execute("INSERT INTO nodes VALUES (1, 'Fact')")
    where, params = where_sql(WorldFilter(scopes=()).any_time())
    assert conn.execute(f"SELECT rid FROM nodes n WHERE {where}", params).fetchall() == []
    where, params = where_sql(WorldFilter(types=("Fact",)).any_time().without_types())
    assert conn.execute(f"SELECT rid FROM nodes n WHERE {where}", params).fetchall() == [(1,)]
