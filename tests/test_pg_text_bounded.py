"""The SQLite bounded text plan never starts on PostgreSQL (it reads FTS5's own statistics);
with its thresholds forced to zero, a PostgreSQL recall of a common word still answers."""

from __future__ import annotations

import pytest

from worlddb.engine import WorldDB
from worlddb.index import fts_bounded
from worlddb.testing import HashEmbedder


def test_a_common_term_on_postgresql_takes_the_exact_query(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fts_bounded, "BOUNDED_MIN_ROWS", 0)
    monkeypatch.setattr(fts_bounded, "TERM_WINDOW", 1)
    monkeypatch.setattr(fts_bounded, "EXACT_MAX_ROWS", 0)
    with WorldDB.open(pg_url, embedder=HashEmbedder(), extractor=None) as db:
        for i in range(6):
            db.put("Note", "", f"the garden note number {i}")
        hits = db.recall("garden", lanes=("bm25",), limit=3).hits
        assert len(hits) == 3 and all("garden" in h.text for h in hits)
