"""The vector lane's exact scan of a narrow scope: PostgreSQL picks the rows that can rank
(pgvector distances), the lane ranks them (``index.dense._rank``) as it ranks every member's
vector on SQLite — the same hits, scores and tie order, with fewer rows read."""

from __future__ import annotations

import numpy as np

from worlddb.engine import WorldDB
from worlddb.index.dense import _rank, search_dense
from worlddb.index.filters import WorldFilter, resolve_scopes
from worlddb.model import NodeId
from worlddb.testing import HashEmbedder

TEXTS = [f"note {i} about {w}" for i, w in enumerate(["tea", "chess", "jazz", "sailing"] * 8)]


def _store(db: WorldDB) -> NodeId:
    for i, text in enumerate(TEXTS):
        db.remember(text, scopes={"user_id": "u1" if i % 2 else "u2"})
    db.remember("a note with no scope of ours", scopes={"user_id": "u3"})
    (scope,) = resolve_scopes(db.store, ["user_id=u1"]) or ()
    return scope


def test_postgresql_ranks_a_scope_exactly_like_the_lane(pg_url: str) -> None:
    embedder = HashEmbedder()
    with WorldDB.open(pg_url, embedder=embedder, extractor=None) as db:
        scope = _store(db)
        flt = WorldFilter(now=db.now(), scopes=(scope,))
        query = np.asarray(embedder.embed_queries(["jazz note"])[0], dtype=np.float32)
        lanes = db.store.lanes
        rows = lanes.admitted_nearest(flt, scope, query.astype("<f4").tobytes(), 5)
        everything = lanes.admitted_vectors(flt, scope)
        assert rows is not None and 5 <= len(rows) < len(everything)  # not every member
        assert set(rows) <= set(everything)  # nothing from another scope, the stored bytes
        expected = _rank(query, everything, 5)
        assert _rank(query, rows, 5) == expected  # the same hits, scores and tie order
        assert db.vectors is not None
        hits = search_dense(db.store, db.vectors, query, flt=flt, limit=5)
        assert hits == expected


def test_sqlite_leaves_the_ranking_to_the_lane() -> None:
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None) as db:
        scope = _store(db)
        flt = WorldFilter(now=db.now(), scopes=(scope,))
        assert db.store.lanes.admitted_nearest(flt, scope, b"\0" * 4 * 8, 5) is None
