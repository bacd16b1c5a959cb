"""The dense lane: HNSW with over-fetch and filters, exact search for narrow filters."""

from __future__ import annotations

import numpy as np
import pytest

from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.index import dense
from worlddb.index.dense import score_rids, search_dense
from worlddb.index.filters import WorldFilter, resolve_scopes
from worlddb.model import Changeset, EdgeSpec, WorldSpec

pytestmark = pytest.mark.worlddb(embedder="hash")


def _query(db: WorldDB, text: str) -> np.ndarray:
    assert db.embedder is not None
    return np.asarray(db.embedder.embed_queries([text])[0], dtype=np.float32)


def _texts(db: WorldDB, rids: list[int]) -> list[str]:
    worlds = db.store.worlds_by_rid(rids)
    return [worlds[r].text for r in rids]


def test_nearest_first_and_closed_worlds_filtered_after_overfetch(db: WorldDB) -> None:
    closed = db.put("Fact", content="the red kite flies high")
    db.retire(closed)
    db.put("Fact", content="the red kite")
    db.put("Fact", content="green frogs in the pond")
    assert db.vectors is not None
    hits = search_dense(
        db.store, db.vectors, _query(db, "red kite"), flt=WorldFilter(now=db.now()), limit=1
    )
    assert _texts(db, [h.rid for h in hits]) == ["the red kite"]
    assert hits[0].score == pytest.approx(1.0, abs=0.2)


def test_growing_fetch_reaches_worlds_behind_many_closed_ones(
    db: WorldDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dense, "OVERFETCH", 1)
    closed = [db.put("Fact", content=f"kite story number {i}") for i in range(12)]
    for wid in closed:
        db.retire(wid)
    db.put("Fact", content="a story about a frog")
    assert db.vectors is not None
    hits = search_dense(
        db.store, db.vectors, _query(db, "kite story"), flt=WorldFilter(now=db.now()), limit=1
    )
    assert _texts(db, [h.rid for h in hits]) == ["a story about a frog"]


def test_narrow_scope_uses_exact_search_and_finds_the_scoped_world(
    db: WorldDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HNSW's top-k would be other users' worlds; the scope is small enough to scan exactly."""
    db.write(
        Changeset(worlds=tuple(WorldSpec(type="Fact", content=f"kite fact {i}") for i in range(40)))
    )
    scope = scope_world("user_id", "zoe")
    mine = WorldSpec(type="Fact", content="zoe has a frog")
    db.write(
        Changeset(
            worlds=(scope, mine), edges=(EdgeSpec("contains", world_id(scope), world_id(mine)),)
        )
    )
    assert db.vectors is not None
    monkeypatch.setattr(dense, "MAX_FETCH", 4)  # starve the approximate path on purpose
    monkeypatch.setattr(dense, "EXACT_BALANCE", 100.0)
    flt = WorldFilter(now=db.now(), scopes=resolve_scopes(db.store, ["user_id=zoe"]))
    hits = search_dense(db.store, db.vectors, _query(db, "kite fact"), flt=flt, limit=3)
    assert _texts(db, [h.rid for h in hits]) == ["zoe has a frog"]
    monkeypatch.setattr(dense, "EXACT_MAX", 0)
    monkeypatch.setattr(dense, "SCOPE_EXACT_MAX", 0)
    # No exact scan: hnswlib's filtered search walks the graph admitting only the scope's rids.
    hits = search_dense(db.store, db.vectors, _query(db, "kite fact"), flt=flt, limit=3)
    assert _texts(db, [h.rid for h in hits]) == ["zoe has a frog"]
    # Filtering HNSW's top-k afterwards starves: why the scope-first paths exist.
    monkeypatch.setattr(db.vectors, "filters", False)
    assert search_dense(db.store, db.vectors, _query(db, "kite fact"), flt=flt, limit=3) == []


def test_score_rids_ranks_only_the_candidates_with_vectors(db: WorldDB) -> None:
    a = db.put("Fact", content="blue whale")
    b = db.put("Fact", content="blue sky over the sea")
    rids = [db.store.rid_of(w) for w in (b, a)]
    assert None not in rids
    hits = score_rids(db.store, _query(db, "blue whale"), [r for r in rids if r is not None])
    assert _texts(db, [h.rid for h in hits]) == ["blue whale", "blue sky over the sea"]
    assert hits[0].score > hits[1].score
