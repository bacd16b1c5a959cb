"""The opt-in reply-embedding policy: a long assistant reply embedded by its head, stored whole.

What must hold: replies are embedded whole by default; opted in, only assistant Turns are cut,
the cut is a prefix of at most the head length, nothing is cut from the stored world or the
BM25 lane (a word from the tail is still found), and ``reembed`` applies the same policy.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb import WorldDB
from worlddb.errors import ValidationError
from worlddb.plugins import Message, Vectors
from worlddb.reconciler.embeddings import REPLY_HEAD_CHARS, embedded_text
from worlddb.store import Store, open_store
from worlddb.testing import HashEmbedder


class RecordingEmbedder(HashEmbedder):
    """The hashing test embedder, remembering every document text it was asked to embed."""

    def __init__(self) -> None:
        super().__init__(64)
        self.seen: list[str] = []

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        self.seen.extend(texts)
        return super().embed_documents(texts)


TAIL_WORD = "xylophonetail"
LONG_REPLY = " ".join(["Here is a plan for your garden beds and the watering rota."] * 40)
LONG_REPLY += f" Finally, remember the {TAIL_WORD} at the very end."


def _ingest(db: WorldDB) -> None:
    db.ingest_session(
        [
            Message("user", "Can you help me plan my garden? " * 60),
            Message("assistant", LONG_REPLY),
        ],
        occurred_at="2024-05-01T10:00:00Z",
    )


def test_a_long_reply_is_embedded_by_its_head_and_stored_whole() -> None:
    embedder = RecordingEmbedder()
    with WorldDB(_store(), embedder=embedder, reply_head_chars=REPLY_HEAD_CHARS) as db:
        _ingest(db)
        reply = next(t for t in embedder.seen if t.startswith("Here is a plan"))
        assert len(reply) <= REPLY_HEAD_CHARS
        assert LONG_REPLY.startswith(reply)
        assert TAIL_WORD not in reply
        user_text = "Can you help me plan my garden? " * 60
        assert user_text.strip() in embedder.seen or user_text in embedder.seen
        stored = [w for w in db.worlds(types=["Turn"]) if w.name == "assistant"]
        assert [w.content for w in stored] == [LONG_REPLY]
        hits = db.recall(TAIL_WORD, lanes=["bm25"], limit=5).hits
        assert any(h.text == LONG_REPLY for h in hits)


def test_by_default_the_whole_reply_is_embedded() -> None:
    for opts in ({}, {"reply_head_chars": None}):
        embedder = RecordingEmbedder()
        with WorldDB(_store(), embedder=embedder, **opts) as db:
            _ingest(db)
        assert LONG_REPLY in embedder.seen


def test_reembed_applies_the_policy(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with WorldDB.open(path, embedder=HashEmbedder(64), extractor=None) as db:
        _ingest(db)
    whole = RecordingEmbedder()
    WorldDB.reembed(path, whole)
    assert LONG_REPLY in whole.seen
    embedder = RecordingEmbedder()
    WorldDB.reembed(path, embedder, reply_head_chars=REPLY_HEAD_CHARS)
    assert LONG_REPLY not in embedder.seen
    assert any(LONG_REPLY.startswith(t) and len(t) <= REPLY_HEAD_CHARS for t in embedder.seen)


@pytest.mark.parametrize("bad", [0, -5])
def test_a_head_length_below_one_is_refused(bad: int) -> None:
    with pytest.raises(ValidationError, match="reply_head_chars"):
        WorldDB(_store(), embedder=HashEmbedder(8), reply_head_chars=bad)


@given(
    text=st.text(min_size=0, max_size=400),
    head=st.integers(min_value=1, max_value=120),
    type_=st.sampled_from(["Turn", "Note", "Fact"]),
    role=st.sampled_from(["assistant", "user", "tool"]),
)
def test_the_embedded_text_is_a_bounded_prefix_only_for_assistant_turns(
    text: str, head: int, type_: str, role: str
) -> None:
    out = embedded_text(type_, role, text, head)
    whole = text or role
    if type_ == "Turn" and role == "assistant" and len(whole) > head:
        assert whole.startswith(out)
        assert 0 < len(out) <= head
        assert len(out) >= head * 4 // 5  # cut at whitespace only in the final fifth
    else:
        assert out == whole
    assert embedded_text(type_, role, text, None) == whole


def _store() -> Store:
    return open_store(":memory:")
