"""The ``speaker`` prior (``worlddb.recall.speaker``): an assistant's turn ranks a little below
the user's when both match, unless the question asks about the assistant's own words; lane
ranks stay visible and other types are untouched."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.model import NodeId
from worlddb.plugins import Message
from worlddb.recall.speaker import (
    ASSISTANT_WEIGHT,
    addresses_assistant,
    reweighed,
    speaker_weights,
)

pytestmark = pytest.mark.worlddb(embedder="hash")

REPLY = "Juicers are great: a cold press juicer keeps more nutrients than a centrifugal juicer."
SAID = "I bought a cold press juicer at the market."


def _session(db: WorldDB) -> tuple[NodeId, NodeId]:
    result = db.ingest_session(
        [Message("user", SAID), Message("assistant", REPLY)], occurred_at="2024-02-01"
    )
    user, assistant = result.turns
    return user, assistant


def _turns(db: WorldDB, question: str, lanes: list[str]) -> list[str]:
    hits = db.recall(question, lanes=lanes, types=["Turn"]).hits
    return [h.id for h in hits]


def test_the_users_statement_passes_a_reply_that_matches_slightly_better(db: WorldDB) -> None:
    user, assistant = _session(db)
    question = "which cold press juicer did I buy"
    assert _turns(db, question, ["bm25"])[:2] == [assistant, user]
    assert _turns(db, question, ["bm25", "speaker"])[:2] == [user, assistant]
    hits = db.recall(question, lanes=["bm25", "speaker"], types=["Turn"]).hits
    ranks = {h.id: h.ranks for h in hits}
    assert ranks[assistant] == {"bm25": 1} and ranks[user] == {"bm25": 2}  # lanes as they ranked


def test_a_question_about_the_assistants_words_keeps_the_reply_first(db: WorldDB) -> None:
    user, assistant = _session(db)
    question = "which cold press juicer did you recommend"
    assert _turns(db, question, ["bm25", "speaker"])[:2] == [assistant, user]


def test_notes_and_facts_keep_their_scores(db: WorldDB) -> None:
    _session(db)
    note = db.remember("Juicer juicer: the cold press juicer manual is in the drawer.").id
    question = "cold press juicer"
    plain = {h.id: h.score for h in db.recall(question, lanes=["bm25"]).hits}
    prior = {h.id: h.score for h in db.recall(question, lanes=["bm25", "speaker"]).hits}
    assert prior[note] == plain[note]


@pytest.mark.parametrize(
    ("question", "about_assistant"),
    [
        ("What did you recommend for my trip?", True),
        ("Remind me of your suggestion about the oven.", True),
        ("Can you remind me where I parked?", False),
        ("Could you tell me what I bought last week?", False),
        ("Do you remember my sister's name?", False),
        ("Where do I live now?", False),
    ],
)
def test_which_questions_ask_about_the_assistant(question: str, about_assistant: bool) -> None:
    assert addresses_assistant(question) is about_assistant


def test_only_assistant_turns_are_weighed() -> None:
    speakers = {1: "user", 2: "assistant", 3: "assistant"}
    assert speaker_weights("what did I buy", speakers) == {2: ASSISTANT_WEIGHT, 3: ASSISTANT_WEIGHT}
    assert speaker_weights("what did you say", speakers) == {}


@given(st.lists(st.floats(0.001, 1.0), min_size=1, max_size=30), st.sets(st.integers(0, 29)))
def test_reweighing_is_a_stable_reordering(scores: list[float], lowered: set[int]) -> None:
    ordered = sorted(scores, reverse=True)
    fused = [(str(i), s) for i, s in enumerate(ordered)]
    weights = {i: ASSISTANT_WEIGHT for i in lowered if i < len(fused)}
    out = reweighed(fused, weights)
    assert sorted(at for at, _ in out) == list(range(len(fused)))  # a permutation
    new = [score for _, score in out]
    assert new == sorted(new, reverse=True)
    for at, score in out:
        assert score == pytest.approx(ordered[at] * weights.get(at, 1.0))
    if not weights:
        assert [at for at, _ in out] == list(range(len(fused)))
