"""The default embedder: tokenizer parity, the vector contract, chunking, and no faked model."""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb.embedding import OnnxEmbedder, WordPieceTokenizer, default_embedder
from worlddb.embedding.onnx import (
    DIMENSION,
    KEY,
    MAX_WINDOW_TOKENS,
    MODEL_PATH,
    MODEL_SHA256,
    split_windows,
)
from worlddb.errors import ModelMissingError, PluginError, ValidationError
from worlddb.plugins import Embedder

CASES = Path(__file__).parent / "data" / "wordpiece_cases.jsonl"
VOCAB = MODEL_PATH.with_name("vocab.txt")
TOKENIZER = WordPieceTokenizer.from_file(VOCAB)


@pytest.fixture(scope="module")
def tokenizer() -> WordPieceTokenizer:
    return TOKENIZER


@pytest.fixture(scope="module")
def embedder() -> OnnxEmbedder:
    return default_embedder()


def _cos(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))


# ---------------------------------------------------------------- tokenizer


def test_tokenizer_matches_reference_ids_on_fixture(tokenizer: WordPieceTokenizer) -> None:
    """The fixture holds ids from Hugging Face `tokenizers` (scripts/make_wordpiece_cases.py)."""
    cases = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()]
    assert len(cases) >= 150
    mismatches = [c["text"] for c in cases if tokenizer.encode(c["text"]) != c["ids"]]
    assert mismatches == []


def test_tokenizer_splits_punctuation_lowercases_and_strips_accents(
    tokenizer: WordPieceTokenizer,
) -> None:
    assert tokenizer.tokenize("Café, RÉSUMÉ!") == tokenizer.tokenize("cafe , resume !")
    assert tokenizer.tokenize("東京") == tokenizer.tokenize("東 京")


def test_final_sigma_is_lowercased_per_character(tokenizer: WordPieceTokenizer) -> None:
    """str.lower() would turn a word-final Σ into ς; the reference tokenizer gives σ."""
    assert tokenizer.tokenize("ΣΟΦΟΣ") == tokenizer.tokenize("σοφοσ")


def test_words_over_100_characters_become_unk(tokenizer: WordPieceTokenizer) -> None:
    assert tokenizer.tokenize("a" * 101) == [tokenizer.unk_id]
    assert tokenizer.unk_id not in tokenizer.tokenize("a" * 100)


def test_literal_special_tokens_stay_text(tokenizer: WordPieceTokenizer) -> None:
    ids = tokenizer.encode("hello [SEP] [CLS] world")
    assert ids[0] == tokenizer.cls_id and ids[-1] == tokenizer.sep_id
    assert tokenizer.sep_id not in ids[1:-1] and tokenizer.cls_id not in ids[1:-1]


@given(st.text(max_size=200))
def test_tokenize_gives_valid_ids_for_any_text(text: str) -> None:
    tok = TOKENIZER
    ids = tok.tokenize(text)
    assert all(0 <= i < tok.vocab_size for i in ids)
    assert tok.encode(text) == [tok.cls_id, *ids, tok.sep_id]


def test_vocabulary_without_special_tokens_is_refused() -> None:
    with pytest.raises(ValidationError, match="special tokens"):
        WordPieceTokenizer({"[PAD]": 0, "hello": 1})


def test_missing_vocabulary_raises_model_missing(tmp_path: Path) -> None:
    with pytest.raises(ModelMissingError, match="vocab"):
        WordPieceTokenizer.from_file(tmp_path / "vocab.txt")


# ---------------------------------------------------------------- windows


@given(
    n=st.integers(min_value=0, max_value=2000),
    size=st.integers(min_value=2, max_value=300),
    data=st.data(),
)
def test_windows_cover_every_piece_in_order_without_exceeding_size(
    n: int, size: int, data: st.DataObject
) -> None:
    overlap = data.draw(st.integers(min_value=0, max_value=size - 1))
    pieces = list(range(n))
    windows = split_windows(pieces, size=size, overlap=overlap)
    assert all(len(w) <= size for w in windows)
    assert all(w == pieces[w[0] : w[0] + len(w)] for w in windows if w)
    assert sorted({p for w in windows for p in w}) == pieces  # nothing is left out
    assert len({len(w) for w in windows}) == 1  # equal windows: the plain mean is fair
    # The fewest windows that can cover n pieces with that overlap, overlapping only by it
    # (plus one piece of rounding per boundary): no piece is embedded more than it must be.
    fewest = 1 if n <= size else -(-(n - overlap) // (size - overlap))
    assert len(windows) == fewest
    for left, right in pairwise(windows):
        assert right[0] > left[0]
        assert overlap <= len(set(left) & set(right)) <= overlap + 1


def test_bad_window_geometry_is_refused() -> None:
    with pytest.raises(ValidationError):
        split_windows([1, 2, 3], size=4, overlap=4)


# ---------------------------------------------------------------- embedder contract


def test_embedder_fits_the_protocol_and_names_its_space(embedder: OnnxEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    assert embedder.key == KEY == "onnx:all-MiniLM-L6-v2:384:int8-1"
    assert embedder.dimension == DIMENSION == 384
    assert 1 <= embedder.intra_op_num_threads <= 2


def test_vectors_are_unit_float32_rows(embedder: OnnxEmbedder) -> None:
    texts = ["I moved to Denver.", "", "¿Dónde está la biblioteca? 東京", "a " * 40]
    for vectors in (embedder.embed_documents(texts), embedder.embed_queries(texts)):
        assert vectors.shape == (4, 384) and vectors.dtype == np.float32
        np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
        assert np.isfinite(vectors).all()


def test_empty_input_gives_empty_matrix(embedder: OnnxEmbedder) -> None:
    for vectors in (embedder.embed_documents([]), embedder.embed_queries(())):
        assert vectors.shape == (0, 384) and vectors.dtype == np.float32


def test_a_bare_string_or_non_text_is_refused(embedder: OnnxEmbedder) -> None:
    with pytest.raises(ValidationError, match="single str"):
        embedder.embed_documents("hello")
    with pytest.raises(ValidationError, match="must be str"):
        embedder.embed_queries(["ok", 3])  # type: ignore[list-item]


def test_paraphrases_are_closer_than_unrelated_sentences(embedder: OnnxEmbedder) -> None:
    a, b, c, d = embedder.embed_documents(
        [
            "I moved to Denver last spring.",
            "Last spring I relocated to Denver.",
            "My favourite dessert is chocolate cake.",
            "The quarterly budget review is on Tuesday.",
        ]
    )
    assert float(a @ b) > float(a @ c) + 0.4
    assert float(a @ b) > float(a @ d) + 0.4
    (query,) = embedder.embed_queries(["where does the user live now"])
    assert float(query @ a) > float(query @ c)


def test_long_text_is_chunked_so_a_fact_at_the_very_end_counts(
    embedder: OnnxEmbedder, tokenizer: WordPieceTokenizer
) -> None:
    topics = ["tomatoes", "roses", "compost", "the lawn", "tulips", "the hedge", "basil"]
    filler = " ".join(
        f"On day {i} I watered {topics[i % len(topics)]} in the garden and pulled some weeds."
        for i in range(160)
    )
    tail = " Important: my passport is hidden inside the blue suitcase in the attic."
    assert len(filler.split()) >= 2000
    assert len(tokenizer.tokenize(filler)) > 8 * MAX_WINDOW_TOKENS  # far past one window
    without, with_tail, tail_alone = embedder.embed_documents([filler, filler + tail, tail])
    # Truncated to one window, both texts would read the same 256 pieces: identical vectors.
    assert _cos(without, with_tail) < 0.9995
    assert float(tail_alone @ with_tail) > float(tail_alone @ without) + 0.01
    (query,) = embedder.embed_queries(["where is the passport hidden"])
    assert float(query @ with_tail) > float(query @ without) + 0.01


def test_batched_and_single_vectors_agree(embedder: OnnxEmbedder) -> None:
    """By default every window runs alone, so a text's vector is the same whatever it is
    embedded with. With ``batch_size > 1`` int8 activations are quantized per batch and vectors
    drift a little with their company; for chat turns of a sentence or more under 2%."""
    texts = [
        "My sister started working at the Berlin office last week.",
        "We cancelled the meeting about our migration to Postgres because the client was ill.",
        "The dentist appointment moved to next Tuesday at 3pm, please remember that.",
        " ".join(["I bought a used Honda Civic and it was a disaster."] * 60),
    ]
    batched = embedder.embed_documents(texts)
    batching = OnnxEmbedder(batch_size=32)
    padded = batching.embed_documents(texts)
    for text, row, drifted in zip(texts, batched, padded, strict=True):
        (single,) = OnnxEmbedder(memo_size=0).embed_documents([text])
        np.testing.assert_allclose(single, row, atol=1e-6)
        assert _cos(single, drifted) >= 0.98
    assert batching.stats.padding_ratio > 1.0


def test_same_batch_gives_identical_vectors(embedder: OnnxEmbedder) -> None:
    texts = ["alpha beta", "gamma delta epsilon", "zeta"]
    np.testing.assert_array_equal(embedder.embed_documents(texts), embedder.embed_documents(texts))


def test_concurrent_first_use_loads_once_and_agrees() -> None:
    fresh = OnnxEmbedder()
    results: list[np.ndarray] = []
    threads = [
        threading.Thread(target=lambda: results.append(fresh.embed_queries(["same text"])))
        for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4
    for r in results[1:]:
        np.testing.assert_array_equal(r, results[0])


# ---------------------------------------------------------------- model file guard


def test_missing_model_file_raises_model_missing(tmp_path: Path) -> None:
    with pytest.raises(ModelMissingError, match="does not exist"):
        OnnxEmbedder(tmp_path / "nope.onnx")
    assert issubclass(ModelMissingError, FileNotFoundError)


def test_directory_as_model_path_raises_model_missing(tmp_path: Path) -> None:
    with pytest.raises(ModelMissingError):
        OnnxEmbedder(tmp_path)


def test_model_without_its_vocabulary_raises_model_missing(tmp_path: Path) -> None:
    model = tmp_path / "minilm.onnx"
    model.symlink_to(MODEL_PATH)
    with pytest.raises(ModelMissingError, match="vocabulary"):
        OnnxEmbedder(model)
    assert OnnxEmbedder(model, vocab_path=VOCAB).embed_queries(["ok"]).shape == (1, 384)


def test_a_different_model_file_is_refused_not_used(tmp_path: Path) -> None:
    model = tmp_path / "minilm-l6-v2-int8.onnx"
    model.write_bytes(MODEL_PATH.read_bytes()[:1000])  # a truncated copy
    shutil.copyfile(VOCAB, tmp_path / "vocab.txt")
    embedder = OnnxEmbedder(model)
    with pytest.raises(PluginError, match="sha256"):
        embedder.embed_documents(["anything"])


def test_shipped_model_matches_its_notice() -> None:
    notice = MODEL_PATH.with_name("NOTICE").read_text(encoding="utf-8")
    assert "Apache License, Version 2.0" in notice
    assert f"{MODEL_SHA256}  {MODEL_PATH.name}" in notice
    assert hashlib.sha256(MODEL_PATH.read_bytes()).hexdigest() == MODEL_SHA256


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValidationError):
        OnnxEmbedder(intra_op_num_threads=-1)
    with pytest.raises(ValidationError):
        OnnxEmbedder(batch_size=0)
