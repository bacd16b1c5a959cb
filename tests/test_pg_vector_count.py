"""``PgLanes.vector_count`` on the real server: exact while small, PostgreSQL's own estimate
(rows per page × pages now) beyond ``EXACT_COUNT_UP_TO``, so the vector lane's size check never
scans a 1M-row table; a table with no statistics yet is counted exactly."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import pytest

from worlddb.engine import WorldDB
from worlddb.store.postgres import lanes as pg_lanes
from worlddb.store.postgres.dialect import PgConnection
from worlddb.store.postgres.lanes import PgLanes
from worlddb.testing import HashEmbedder


def _remember(db: WorldDB, start: int, count: int) -> None:
    for i in range(start, start + count):
        db.remember(f"note number {i} about the harbour, the ferry and the lighthouse keeper")


def _lanes(db: WorldDB) -> PgLanes:
    lanes = db.store.lanes
    assert isinstance(lanes, PgLanes)
    return lanes


def _exact(db: WorldDB) -> int:
    lanes = _lanes(db)
    with lanes.lock:
        return int(lanes._query("SELECT count(*) FROM embeddings", ())[0][0])


def _analyse(db: WorldDB) -> None:
    lanes = _lanes(db)
    with lanes.lock:
        conn = cast(PgConnection, lanes.conn)
        conn.flush()
        conn.raw.execute("ANALYZE embeddings")


def test_small_tables_are_counted_exactly(pg_url: str) -> None:
    with WorldDB.open(pg_url, embedder=HashEmbedder(), extractor=None) as db:
        assert _lanes(db).vector_count() == 0
        _remember(db, 0, 7)
        assert _lanes(db).vector_count() == _exact(db) >= 7


def test_large_tables_are_estimated_from_pages(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pg_lanes, "EXACT_COUNT_UP_TO", 5)
    with WorldDB.open(pg_url, embedder=HashEmbedder(), extractor=None) as db:
        _remember(db, 0, 60)
        exact = _exact(db)
        # No statistics yet: counted exactly rather than guessed.
        assert _lanes(db).vector_count() == exact
        _analyse(db)
        lanes = _lanes(db)
        statements: list[str] = []
        query = lanes._query

        def recorded(sql: str, params: Sequence[Any]) -> list[Any]:
            statements.append(sql)
            rows: list[Any] = query(sql, params)
            return rows

        monkeypatch.setattr(lanes, "_query", recorded)
        assert lanes.vector_count() == pytest.approx(exact, rel=0.1)
        assert "SELECT count(*) FROM embeddings" not in statements  # no full scan
        # Rows written after the statistics still count, through the table's pages now.
        _remember(db, 60, 120)
        grown = _exact(db)
        assert grown > 2 * exact
        statements.clear()
        assert lanes.vector_count() == pytest.approx(grown, rel=0.25)
        assert "SELECT count(*) FROM embeddings" not in statements
