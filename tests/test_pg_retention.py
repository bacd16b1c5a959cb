"""Retention on PostgreSQL: recalls reinforce through ``PgRetention`` (its own migration and
transaction), the score decays, and a purge leaves no retention row behind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.strategies import FakeClock
from worlddb.engine import WorldDB
from worlddb.recall.retention import DAY_US
from worlddb.testing import HashEmbedder

H = 30 * DAY_US


@pytest.fixture
def pg_mem(pg_url: str) -> Iterator[tuple[WorldDB, FakeClock]]:
    clock = FakeClock()
    with WorldDB.open(pg_url, embedder=HashEmbedder(), extractor=None, clock=clock) as db:
        yield db, clock


def _score(db: WorldDB, wid: str) -> float:
    (found,) = [s for s in db.retention_below(1e9) if s.id == wid]
    return found.score


def test_recalls_reinforce_and_decay_on_postgresql(pg_mem: tuple[WorldDB, FakeClock]) -> None:
    db, clock = pg_mem
    piano = db.put("Note", "", "the piano lesson moved to Thursday")
    other = db.put("Note", "", "the garden needs watering")
    clock.now += H
    assert db.recall("piano lesson", limit=1).hits[0].id == piano
    assert db.reinforcer is not None and db.reinforcer.flush()
    assert _score(db, piano) == pytest.approx(1.5)
    assert _score(db, other) == pytest.approx(0.5)
    clock.now += H
    assert _score(db, piano) == pytest.approx(0.75)
    db.purge(piano)
    scores = {s.id: s.score for s in db.retention_below(1e9)}
    assert piano not in scores and scores[other] == pytest.approx(0.25)
