"""What makes the default embedder cheap without changing its vectors: one window per model call
(no padding, no company effects), equal windows with a small overlap, and a memo of short texts."""

from __future__ import annotations

import numpy as np
import pytest

from worlddb.embedding import OnnxEmbedder
from worlddb.embedding.memo import EmbedStats, MemoEmbedder, VectorMemo
from worlddb.embedding.onnx import MAX_WINDOW_TOKENS, WINDOW_OVERLAP
from worlddb.errors import ValidationError
from worlddb.testing import HashEmbedder

SHORT = ["Dr. Patel", "Seattle", "my sister Rachel", "Costco"]
SENTENCE = "We moved the weekly planning meeting to Thursday because the office was closed."
LONG = " ".join(
    f"On day {i} I watered the tomatoes and wrote down how tall they were." for i in range(80)
)


@pytest.fixture(scope="module")
def embedder() -> OnnxEmbedder:
    return OnnxEmbedder()


def test_vectors_come_back_in_input_order_and_equal_each_text_embedded_alone(
    embedder: OnnxEmbedder,
) -> None:
    texts = [LONG, SHORT[0], SENTENCE, SHORT[1], "", SHORT[2]]  # lengths deliberately mixed
    together = embedder.embed_documents(texts)
    alone = np.vstack([OnnxEmbedder(memo_size=0).embed_documents([t]) for t in texts])
    np.testing.assert_allclose(together, alone, atol=1e-6)
    reordered = embedder.embed_documents(texts[::-1])
    np.testing.assert_allclose(reordered, together[::-1], atol=1e-6)


def test_one_model_call_per_window_means_no_padding() -> None:
    fresh = OnnxEmbedder(memo_size=0)
    fresh.embed_documents([*SHORT, SENTENCE, LONG])
    stats = fresh.stats
    assert stats.calls == stats.windows > len(SHORT) + 2  # LONG needs several windows
    assert stats.padding_ratio == 1.0
    # Windows of LONG overlap by WINDOW_OVERLAP pieces (+1 for rounding) per boundary only.
    long_windows = stats.windows - len(SHORT) - 1
    shared = stats.window_tokens - stats.text_tokens
    assert 0 < shared <= (long_windows - 1) * (WINDOW_OVERLAP + 1 + 2)  # + [CLS] [SEP] each
    assert stats.to_dict()["onnx_calls"] == stats.calls


def test_a_long_text_is_cut_into_equal_windows_no_longer_than_the_model_takes() -> None:
    fresh = OnnxEmbedder(memo_size=0)
    seen: list[int] = []
    inner = fresh._run

    def spy(session: object, ids: np.ndarray, mask: np.ndarray) -> object:
        seen.append(ids.shape[1])
        return inner(session, ids, mask)

    fresh._run = spy  # type: ignore[method-assign]
    fresh.embed_documents([LONG])
    assert len(seen) >= 4 and len(set(seen)) == 1 and seen[0] <= MAX_WINDOW_TOKENS


def test_repeated_short_texts_are_served_from_the_memo() -> None:
    fresh = OnnxEmbedder()
    first = fresh.embed_documents([*SHORT, SHORT[0]])  # a repeat within one call: one run
    assert (fresh.stats.calls, fresh.memo.hits) == (len(SHORT), 0)
    again = fresh.embed_queries(SHORT[::-1])  # queries and documents are the same for MiniLM
    assert fresh.stats.calls == len(SHORT) and fresh.memo.hits == len(SHORT)
    assert fresh.stats.memo_hits == len(SHORT)
    np.testing.assert_array_equal(again, first[: len(SHORT)][::-1])
    fresh.embed_documents([LONG, LONG])  # too long to remember, but embedded once per call
    fresh.embed_documents([LONG])
    assert fresh.memo.hits == len(SHORT) and len(fresh.memo) == len(SHORT)


def test_a_returned_row_cannot_corrupt_the_memo() -> None:
    fresh = OnnxEmbedder()
    row = fresh.embed_documents([SHORT[0]])
    row[0, :] = 0.0
    np.testing.assert_allclose(np.linalg.norm(fresh.embed_documents([SHORT[0]])[0]), 1.0, 1e-5)


def test_batching_turns_the_memo_off_since_vectors_then_depend_on_company() -> None:
    batching = OnnxEmbedder(batch_size=8)
    batching.embed_documents(SHORT)
    batching.embed_documents(SHORT)
    assert batching.memo.hits == 0 and batching.stats.calls == 2


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValidationError):
        OnnxEmbedder(window_overlap=MAX_WINDOW_TOKENS)
    with pytest.raises(ValidationError):
        OnnxEmbedder(window_overlap=-1)
    with pytest.raises(ValidationError):
        VectorMemo(-1)


def test_the_memo_is_least_recently_used_and_bounded() -> None:
    memo = VectorMemo(2, max_chars=5)
    vec = np.ones(3, dtype=np.float32)
    memo.put("a", vec)
    memo.put("b", vec * 2)
    assert memo.get("a") is not None  # "a" is now the most recent
    memo.put("c", vec * 3)
    assert memo.get("b") is None and memo.get("a") is not None and len(memo) == 2
    memo.put("toolong", vec)
    assert memo.get("toolong") is None
    assert (memo.hits, memo.misses) == (2, 2)


def test_the_memo_wrapper_is_transparent_and_embeds_each_text_once() -> None:
    inner = HashEmbedder(dimension=16)
    calls: list[list[str]] = []
    original = inner.embed_documents

    def counting(texts: list[str], /) -> np.ndarray:
        calls.append(list(texts))
        return original(texts)

    inner.embed_documents = counting  # type: ignore[method-assign]
    memo = MemoEmbedder(inner)
    assert (memo.key, memo.dimension) == (inner.key, inner.dimension)
    first = memo.embed_documents(["x", "y", "x"])
    second = memo.embed_documents(["y", "z"])
    assert calls == [["x", "y"], ["z"]]
    np.testing.assert_array_equal(first[0], first[2])
    np.testing.assert_array_equal(second[0], first[1])
    np.testing.assert_array_equal(second, original(["y", "z"]))
    assert memo.embed_queries([]).shape == (0, 16)
    with pytest.raises(ValidationError):
        memo.embed_documents("x")


def test_stats_ratios_are_one_before_any_work() -> None:
    stats = EmbedStats()
    assert (stats.padding_ratio, stats.overlap_ratio) == (1.0, 1.0)
