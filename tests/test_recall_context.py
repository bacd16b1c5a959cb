"""The context lane: the turns beside a session's best-matching turns, ranked by that match."""

from __future__ import annotations

from worlddb import Message, WorldDB
from worlddb.testing import HashEmbedder

ALICE = {"user_id": "alice"}


def test_the_user_turn_before_a_matching_reply_is_ranked_by_the_context_lane() -> None:
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None) as db:
        session = db.ingest_session(
            [
                Message("user", "Finished the one about the lighthouse keeper, loved it."),
                Message("assistant", "Glad you liked that book! Which book will you read next?"),
                Message("user", "Maybe something about sailing."),
            ],
            occurred_at="2024-03-01",
            scopes=ALICE,
        )
        question = "Which book did I like?"
        plain = db.recall(question, scopes=ALICE, lanes=["bm25", "vector"], types=["Turn"])
        with_context = db.recall(
            question, scopes=ALICE, lanes=["bm25", "vector", "context"], types=["Turn"]
        )
        evidence = session.turns[0]
        reply = session.turns[1]
        assert plain.hits[0].id == reply
        ranks = {h.id: h.ranks for h in with_context.hits}
        assert ranks[evidence].get("context") == 1  # the turn before the best match
        assert "context" in with_context.lanes and "context" not in plain.lanes
        before = {h.id: h.score for h in plain.hits}
        after = {h.id: h.score for h in with_context.hits}
        assert after[evidence] > before.get(evidence, 0.0)


def test_the_context_lane_ranks_only_what_the_read_may_see() -> None:
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None) as db:
        db.ingest_session(
            [Message("user", "a secret plan"), Message("assistant", "the plan is noted")],
            occurred_at="2024-03-01",
            scopes=ALICE,
        )
        hits = db.recall(
            "plan", scopes={"user_id": "bob"}, lanes=["bm25", "vector", "context"]
        ).hits
        assert hits == ()
