"""Session ingest with the real offline extractor: time order, updates and idempotence."""

from __future__ import annotations

from worlddb import Message, WorldDB
from worlddb.testing import HashEmbedder

BOSTON = [Message("user", "I live in Boston these days.")]
DENVER = [Message("user", "I moved to Denver, so I live in Denver now.")]


def _open() -> WorldDB:
    return WorldDB.open(":memory:", embedder=HashEmbedder())


def _live_fact_texts(db: WorldDB, when: str) -> set[str]:
    return {w.content for w in db.worlds(types=["Fact"], valid_at=when)}


def test_a_later_session_supersedes_an_earlier_fact() -> None:
    with _open() as db:
        db.ingest_session(BOSTON, occurred_at="2024-01-10", label="a")
        db.ingest_session(DENVER, occurred_at="2024-06-01", label="b")
        assert any("Boston" in t for t in _live_fact_texts(db, "2024-03-01"))
        june = _live_fact_texts(db, "2024-07-01")
        assert any("Denver" in t for t in june) and not any("Boston" in t for t in june)


def test_sessions_arriving_out_of_date_order_land_in_the_same_place() -> None:
    with _open() as in_order, _open() as reversed_order:
        in_order.ingest_session(BOSTON, occurred_at="2024-01-10")
        in_order.ingest_session(DENVER, occurred_at="2024-06-01")
        reversed_order.ingest_session(DENVER, occurred_at="2024-06-01")
        reversed_order.ingest_session(BOSTON, occurred_at="2024-01-10")
        for when in ("2024-03-01", "2024-07-01"):
            assert _live_fact_texts(in_order, when) == _live_fact_texts(reversed_order, when)
        assert reversed_order.verify() == []


def test_re_ingesting_a_session_is_a_no_op() -> None:
    with _open() as db:
        first = db.ingest_session(DENVER, occurred_at="2024-06-01", label="s1")
        counts = db.store.counts()
        again = db.ingest_session(DENVER, occurred_at="2024-06-01", label="s1")
        assert first.created and not again.created and again.id == first.id
        assert db.store.counts() == counts


def test_multi_valued_attributes_do_not_supersede_each_other() -> None:
    with _open() as db:
        db.ingest_session([Message("user", "I like pizza.")], occurred_at="2024-01-01")
        db.ingest_session([Message("user", "I like sushi.")], occurred_at="2024-02-01")
        live = _live_fact_texts(db, "2024-03-01")
        assert any("pizza" in t for t in live) and any("sushi" in t for t in live)
