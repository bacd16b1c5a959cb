"""HashEmbedder, the deterministic test double for the Embedder protocol."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from worlddb.errors import ValidationError
from worlddb.plugins import Embedder
from worlddb.testing import HashEmbedder

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzé", min_size=1, max_size=8)
sentences = st.lists(words, min_size=1, max_size=12).map(" ".join)


def test_fits_the_protocol_and_names_its_space() -> None:
    embedder = HashEmbedder()
    assert isinstance(embedder, Embedder)
    assert embedder.dimension == 64 and embedder.key == "hash:v1:64"
    assert HashEmbedder(16).key == "hash:v1:16"


@given(st.lists(st.text(max_size=80), max_size=8), st.integers(min_value=1, max_value=300))
def test_vectors_are_unit_float32_rows_of_the_chosen_width(texts: list[str], dim: int) -> None:
    vectors = HashEmbedder(dim).embed_documents(texts)
    assert vectors.shape == (len(texts), dim) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_same_text_gives_the_same_vector_across_instances_batches_and_processes() -> None:
    texts = ["The user moved to Denver", "unrelated words here", ""]
    a = HashEmbedder().embed_documents(texts)
    b = HashEmbedder().embed_queries(texts[::-1])[::-1]
    np.testing.assert_array_equal(a, b)
    code = (
        "from worlddb.testing import HashEmbedder;"
        "print(HashEmbedder().embed_documents(['The user moved to Denver'])[0].tobytes().hex())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == a[0].tobytes().hex()  # blake3, not the salted built-in hash()


@given(sentences, sentences, words)
def test_texts_sharing_a_word_have_positive_cosine(left: str, right: str, shared: str) -> None:
    a, b = HashEmbedder().embed_documents([f"{left} {shared}", f"{shared} {right}"])
    assert float(a @ b) > 0.0


@given(sentences)
def test_case_and_punctuation_do_not_matter(text: str) -> None:
    a, b = HashEmbedder().embed_documents([text, text.upper().replace(" ", ", ")])
    np.testing.assert_allclose(a, b, atol=1e-6)


def test_more_overlap_ranks_higher() -> None:
    (query,) = HashEmbedder(256).embed_queries(["where does the user live now"])
    near, far = HashEmbedder(256).embed_documents(
        ["the user lives in denver now", "chocolate cake recipe with walnuts"]
    )
    assert float(query @ near) > float(query @ far)


def test_word_order_changes_the_vector_through_bigrams() -> None:
    a, b = HashEmbedder().embed_documents(["dog bites man", "man bites dog"])
    assert not np.allclose(a, b)
    assert float(a @ b) > 0.5  # same unigrams, so still close


def test_empty_input_gives_an_empty_matrix() -> None:
    assert HashEmbedder(8).embed_documents([]).shape == (0, 8)


@pytest.mark.parametrize("dim", [0, -3, True, 2.5, "64"])
def test_bad_dimension_is_refused(dim: object) -> None:
    with pytest.raises(ValidationError, match="dimension"):
        HashEmbedder(dim)  # type: ignore[arg-type]


def test_a_bare_string_or_non_text_is_refused() -> None:
    with pytest.raises(ValidationError, match="single str"):
        HashEmbedder().embed_documents("hello")
    with pytest.raises(ValidationError, match="must be str"):
        HashEmbedder().embed_queries([b"bytes"])  # type: ignore[list-item]
