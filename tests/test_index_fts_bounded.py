"""The bounded plan of the full-text lane: FTS5's BM25 reproduced on a bounded pool."""

from __future__ import annotations

import pytest

from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.index import fts_bounded
from worlddb.index.filters import WorldFilter, resolve_scopes
from worlddb.index.fts import match_rids, search_text
from worlddb.model import Changeset, EdgeSpec, WorldSpec


@pytest.fixture
def tiny_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a handful of rows look like a big store to the plan."""
    monkeypatch.setattr(fts_bounded, "TERM_WINDOW", 2)
    monkeypatch.setattr(fts_bounded, "EXACT_MAX_ROWS", 0)
    monkeypatch.setattr(fts_bounded, "BOUNDED_MIN_ROWS", 0)


def _fill(db: WorldDB) -> None:
    for i in range(12):
        db.put("Fact", content=f"garden note number {i} about the weather")
    db.put("Fact", content="garden roses")
    db.put("Fact", content="roses and tulips in a long sentence about many other things")
    db.put("Fact", content="tulips")


def test_the_plan_runs_and_its_scores_are_fts5_bm25(
    db: WorldDB, tiny_window: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fill(db)
    flt = WorldFilter(now=db.now())
    calls: list[int] = []
    real = fts_bounded._score

    def counting(*args: object, **kwargs: object) -> float:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fts_bounded, "_score", counting)
    hits = search_text(db.store, "garden roses tulips", flt=flt, limit=5)
    assert calls, "the bounded plan did not run"
    assert len(hits) == 5
    # Every word appears at most once per row, so the plan's BM25 equals FTS5's exactly.
    rids = [h.rid for h in hits]
    exact = {h.rid: h.score for h in match_rids(db.store, "garden roses tulips", rids)}
    for hit in hits:
        assert hit.score == pytest.approx(exact[hit.rid], rel=1e-9)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_the_plan_finds_the_rows_holding_the_rare_terms_together(
    db: WorldDB, tiny_window: None
) -> None:
    _fill(db)
    flt = WorldFilter(now=db.now())
    bounded = search_text(db.store, "garden roses", flt=flt, limit=3)
    exact = search_text(db.store, "garden roses", flt=flt, limit=3, bounded=False)
    assert bounded[0].rid == exact[0].rid  # "garden roses", the one row with both words


def test_names_keep_their_column_weight(db: WorldDB, tiny_window: None) -> None:
    for i in range(6):
        db.put("Fact", content=f"acme shipment {i} left the dock")
    person = db.put("Person", name="Acme Dock")
    flt = WorldFilter(now=db.now())
    hits = search_text(db.store, "acme dock", flt=flt, limit=4)
    exact = {h.rid: h.score for h in match_rids(db.store, "acme dock", [h.rid for h in hits])}
    assert hits[0].rid == db.store.rid_of(person)
    for hit in hits:
        assert hit.score == pytest.approx(exact[hit.rid], rel=1e-9)


def test_a_narrow_scope_falls_back_to_the_exact_query(db: WorldDB, tiny_window: None) -> None:
    """Other users' rows fill the windows; the reader's own rows must still be found."""
    _fill(db)
    scope = scope_world("user_id", "alice")
    mine = [WorldSpec(type="Fact", content=f"alice garden plan {i}") for i in range(3)]
    db.write(
        Changeset(
            worlds=(scope, *mine),
            edges=tuple(EdgeSpec("contains", world_id(scope), world_id(f)) for f in mine),
        )
    )
    for i in range(12):  # newer rows of nobody's scope push alice's out of every window
        db.put("Fact", content=f"garden plan extra {i}")
    flt = WorldFilter(now=db.now(), scopes=resolve_scopes(db.store, ["user_id=alice"]))
    hits = search_text(db.store, "garden plan", flt=flt, limit=10)
    assert {h.rid for h in hits} == {db.store.rid_of(world_id(f)) for f in mine}


def test_small_stores_never_take_the_bounded_plan(db: WorldDB) -> None:
    _fill(db)
    flt = WorldFilter(now=db.now())
    backend = db.store.lanes
    assert fts_bounded.bounded_top(backend, ['"garden"', '"roses"'], flt, 5, (2.0, 1.0)) is None


def test_text_statistics_come_from_the_index(db: WorldDB) -> None:
    a = db.put("Fact", content="one two three")
    b = db.put("Person", name="Ann Lee")
    docs, mean = db.store.lanes.text_stats()
    assert docs == 2
    assert mean == pytest.approx((3 + 2) / 2)
    rid_a, rid_b = db.store.rid_of(a), db.store.rid_of(b)
    assert rid_a is not None and rid_b is not None
    assert db.store.lanes.doc_lengths([rid_a, rid_b]) == {rid_a: (0, 3), rid_b: (2, 0)}
    assert db.store.lanes.newest_matches('"one"', 5) == [rid_a]
    assert db.store.lanes.matching_among('"lee"', [rid_a, rid_b]) == {rid_b}
