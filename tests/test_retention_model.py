"""Retention: the decay model, recall reinforcement, the optional lane, and its write path."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import FakeClock, table_count
from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.recall.reinforce import Reinforcer
from worlddb.recall.retention import DAY_US, RetentionModel
from worlddb.store.retention import RetentionRow
from worlddb.testing import HashEmbedder

H = 30 * DAY_US  # the default half-life


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def mem(clock: FakeClock) -> Iterator[WorldDB]:
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None, clock=clock) as db:
        yield db


def _score(db: WorldDB, wid: str) -> float:
    (found,) = [s for s in db.retention_below(1e9) if s.id == wid]
    return found.score


def test_a_new_memory_scores_one_and_halves_each_half_life(mem: WorldDB, clock: FakeClock) -> None:
    wid = mem.put("Note", "", "the piano lesson moved to Thursday")
    assert _score(mem, wid) == pytest.approx(1.0)
    clock.now += H
    assert _score(mem, wid) == pytest.approx(0.5)
    clock.now += 2 * H
    assert _score(mem, wid) == pytest.approx(0.125)


def test_each_recall_reinforces_and_the_reinforcement_decays(
    mem: WorldDB, clock: FakeClock
) -> None:
    piano = mem.put("Note", "", "the piano lesson moved to Thursday")
    other = mem.put("Note", "", "the garden needs watering")
    clock.now += H
    assert mem.recall("piano lesson", limit=1).hits[0].id == piano
    assert mem.reinforcer is not None
    assert mem.reinforcer.flush()
    # birth trace 0.5, plus one fresh recall trace 1.0; the other note was not returned
    assert _score(mem, piano) == pytest.approx(1.5)
    assert _score(mem, other) == pytest.approx(0.5)
    mem.recall("piano lesson", limit=1)
    mem.reinforcer.flush()
    assert _score(mem, piano) == pytest.approx(2.5)
    clock.now += H
    assert _score(mem, piano) == pytest.approx(1.25)
    (row,) = [s for s in mem.retention_below(1e9) if s.id == piano]
    assert row.recalls == 2 and row.last_recalled == clock.now - H


def test_switched_off_records_nothing(clock: FakeClock) -> None:
    with WorldDB.open(":memory:", embedder=None, extractor=None, record_recalls=False) as db:
        db.put("Note", "", "the piano lesson moved to Thursday")
        assert db.recall("piano").hits
        assert db.reinforcer is None
        assert table_count(db, "retention") == 0


@given(
    st.lists(st.integers(0, 400 * DAY_US), min_size=1, max_size=12),
    st.integers(0, 11),
)
def test_combine_keeps_the_exact_decayed_sum_in_any_order(times: list[int], cut: int) -> None:
    model = RetentionModel()
    first = model.combine(None, times[:cut])
    both = model.combine(first if times[:cut] else None, times[cut:])
    now = max(times) + DAY_US
    row = RetentionRow(1, "x", "Note", now, both)  # type: ignore[arg-type]
    expected = 1.0 + sum(model.decay(now - t) for t in times)  # birth trace is 1 at now
    assert model.score(row, now) == pytest.approx(expected, rel=1e-9)
    assert both.recalls == len(times)


def test_bad_model_and_threshold_are_typed_errors(mem: WorldDB) -> None:
    with pytest.raises(ValidationError):
        RetentionModel(half_life_days=0)
    with pytest.raises(ValidationError):
        mem.retention_below("low")  # type: ignore[arg-type]


def test_the_retention_lane_is_optional_and_its_rank_is_visible(
    mem: WorldDB, clock: FakeClock
) -> None:
    old = mem.put("Note", "", "piano lesson on Thursday at five")
    clock.now += 3 * H
    new = mem.put("Note", "", "piano lesson on Monday at five")
    plain = mem.recall("piano lesson", limit=2)
    assert all("retention" not in h.ranks for h in plain.hits)
    ranked = mem.recall("piano lesson", limit=2, lanes=("bm25", "retention"))
    assert {h.id: h.ranks["retention"] for h in ranked.hits} == {new: 1, old: 2}
    # Reinforce the old one three times: it now out-scores the newer note.
    assert mem.reinforcer is not None
    for _ in range(3):
        mem.reinforcer.record([mem.store.rid_of(old) or 0])
    mem.reinforcer.flush()
    again = mem.recall("piano lesson", limit=2, lanes=("bm25", "retention"))
    assert {h.id: h.ranks["retention"] for h in again.hits} == {old: 1, new: 2}


def test_a_busy_write_lock_never_blocks_recording(tmp_path: object, clock: FakeClock) -> None:
    path = f"{tmp_path}/w.db"
    with WorldDB.open(path, embedder=None, extractor=None, clock=clock) as db:
        wid = db.put("Note", "", "the piano lesson moved to Thursday")
        rid = db.store.rid_of(wid)
        assert rid is not None
        recorder = Reinforcer(db.store.retention, clock=clock, background=False, wait_s=0.01)
        held, release = threading.Event(), threading.Event()

        def writer() -> None:
            with db.store.exclusive():
                held.set()
                release.wait(10)

        thread = threading.Thread(target=writer)
        thread.start()
        held.wait(10)
        try:
            recorder.record([rid])  # returns at once while the lock is held
            assert recorder.flush() is False
            assert recorder.pending == 1
        finally:
            release.set()
            thread.join()
        assert recorder.flush() is True and recorder.pending == 0
        assert table_count(db, "retention") == 1


def test_erasing_a_world_erases_its_retention_row(mem: WorldDB) -> None:
    wid = mem.put("Note", "", "the piano lesson moved to Thursday")
    mem.recall("piano lesson")
    assert mem.reinforcer is not None and mem.reinforcer.flush()
    assert table_count(mem, "retention") == 1
    mem.erase(wid)
    assert table_count(mem, "retention") == 0
