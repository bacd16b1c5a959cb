"""The shared embedding cache: transparent, computes each text once, safe across connections."""

from __future__ import annotations

import pickle
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from worlddb.engine import WorldDB
from worlddb.errors import IntegrityError, ValidationError
from worlddb.eval.embed_cache import CachingEmbedder
from worlddb.plugins import Embedder, Message, Vectors
from worlddb.testing import HashEmbedder


class CountingEmbedder:
    """A HashEmbedder that records every text it is asked to embed, per method."""

    def __init__(self, query_offset: bool = False) -> None:
        self.inner = HashEmbedder(16)
        self.documents: list[str] = []
        self.queries: list[str] = []
        self.query_offset = query_offset

    @property
    def key(self) -> str:
        return "counting:" + self.inner.key

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        self.documents.extend(texts)
        return self.inner.embed_documents(texts)

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        self.queries.extend(texts)
        vectors = self.inner.embed_queries(texts)
        return -vectors if self.query_offset else vectors


class BrokenEmbedder(CountingEmbedder):
    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        return np.zeros((len(texts) + 1, self.dimension), dtype=np.float32)


def test_cached_vectors_equal_the_inner_embedders_and_are_computed_once(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cache = CachingEmbedder(inner, tmp_path / "c.sqlite")
    texts = ["alpha beta", "gamma", "alpha beta", "delta epsilon"]
    first = cache.embed_documents(texts)
    second = cache.embed_documents(list(reversed(texts)))
    assert first.dtype == np.float32 and first.shape == (4, 16)
    np.testing.assert_array_equal(first, HashEmbedder(16).embed_documents(texts))
    np.testing.assert_array_equal(second, first[::-1])
    assert sorted(inner.documents) == ["alpha beta", "delta epsilon", "gamma"]
    assert (cache.stats.hits, cache.stats.misses) == (3, 3)


def test_the_cache_outlives_the_process_object_that_filled_it(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "c.sqlite"
    CachingEmbedder(CountingEmbedder(), path).embed_documents(["one", "two"])
    again = CountingEmbedder()
    cache = CachingEmbedder(again, path)
    cache.embed_documents(["two", "one"])
    assert again.documents == []
    assert len(cache) == 2


def test_documents_and_queries_are_cached_apart(tmp_path: Path) -> None:
    inner = CountingEmbedder(query_offset=True)
    cache = CachingEmbedder(inner, tmp_path / "c.sqlite")
    doc = cache.embed_documents(["same text"])
    query = cache.embed_queries(["same text"])
    np.testing.assert_array_equal(query, -doc)
    cache.embed_queries(["same text"])
    assert inner.queries == ["same text"]


def test_the_wrapper_is_transparent_to_a_store(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cache = CachingEmbedder(inner, tmp_path / "c.sqlite")
    assert (cache.key, cache.dimension) == (inner.key, inner.dimension)
    assert isinstance(cache, Embedder)
    path = tmp_path / "world.db"
    with WorldDB.open(path, embedder=cache, extractor=None) as db:
        db.ingest_session([Message("user", "my dog is called Biscuit")], occurred_at="2024-01-01")
    with WorldDB.open(path, embedder=inner, extractor=None) as db:  # no ModelMismatchError
        assert db.store.counts()
    assert "my dog is called Biscuit" in inner.documents
    assert len(cache) == len(set(inner.documents))


def test_it_pickles_without_its_connection(tmp_path: Path) -> None:
    cache = CachingEmbedder(HashEmbedder(8), tmp_path / "c.sqlite")
    cache.embed_documents(["warm"])
    clone = pickle.loads(pickle.dumps(cache))
    assert clone._conn is None
    np.testing.assert_array_equal(clone.embed_documents(["warm"]), cache.embed_documents(["warm"]))
    cache.close()
    cache.close()


def test_concurrent_connections_share_one_file(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    texts = [f"text number {i}" for i in range(200)]
    errors: list[BaseException] = []

    def fill(offset: int) -> None:
        cache = CachingEmbedder(HashEmbedder(8), path)
        try:
            for start in range(offset, len(texts), 20):
                cache.embed_documents(texts[start : start + 40])
        except BaseException as exc:  # collected and re-raised in the test thread
            errors.append(exc)
        finally:
            cache.close()

    threads = [threading.Thread(target=fill, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    final = CachingEmbedder(CountingEmbedder(), path)
    assert len(CachingEmbedder(HashEmbedder(8), path)) == len(texts)
    assert len(final) == 0  # another embedder key sees none of them


def test_one_cache_serves_every_thread_of_its_engine(tmp_path: Path) -> None:
    """The engine embeds entity names on its background recluster thread too: the cache opened
    on one thread must serve another (it raised sqlite3.ProgrammingError there before)."""
    counting = CountingEmbedder()
    cache = CachingEmbedder(counting, tmp_path / "c.sqlite")
    first = cache.embed_documents(["opened here"])
    results: list[Vectors] = []
    errors: list[BaseException] = []

    def elsewhere() -> None:
        try:
            results.append(cache.embed_documents(["opened here", "embedded elsewhere"]))
        except BaseException as exc:  # re-raised in the test thread
            errors.append(exc)

    threads = [threading.Thread(target=elsewhere) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for vectors in results:
        np.testing.assert_array_equal(vectors[0], first[0])
    assert counting.documents.count("opened here") == 1
    assert len(cache) == 2
    cache.close()


def test_a_row_of_the_wrong_width_is_an_integrity_error(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    cache = CachingEmbedder(HashEmbedder(8), path)
    cache.embed_documents(["short"])
    cache.close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE vectors SET vector = x'00'")
    conn.close()
    with pytest.raises(IntegrityError):
        CachingEmbedder(HashEmbedder(8), path).embed_documents(["short"])


def test_an_inner_embedder_of_the_wrong_shape_is_an_integrity_error(tmp_path: Path) -> None:
    with pytest.raises(IntegrityError):
        CachingEmbedder(BrokenEmbedder(), tmp_path / "c.sqlite").embed_documents(["a", "b"])


@pytest.mark.parametrize("path", ["", ":memory:"])
def test_the_cache_must_be_a_file(path: str) -> None:
    with pytest.raises(ValidationError):
        CachingEmbedder(HashEmbedder(8), path)


@pytest.mark.parametrize("texts", ["a single string", [b"bytes"], [3]])
def test_texts_must_be_a_sequence_of_strings(tmp_path: Path, texts: object) -> None:
    cache = CachingEmbedder(HashEmbedder(8), tmp_path / "c.sqlite")
    with pytest.raises(ValidationError):
        cache.embed_documents(texts)  # type: ignore[arg-type]


def test_an_empty_batch_gives_an_empty_matrix(tmp_path: Path) -> None:
    cache = CachingEmbedder(HashEmbedder(8), tmp_path / "c.sqlite")
    assert cache.embed_queries([]).shape == (0, 8)
    assert "CachingEmbedder(HashEmbedder(8)" in repr(cache) and "hits=0" in repr(cache.stats)
