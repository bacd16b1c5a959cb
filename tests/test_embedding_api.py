"""OpenAIEmbedder and VoyageEmbedder through the SDKs' own mock transports; never the network.

A ``FakeEmbeddingsServer`` plays the provider: it checks each request's JSON and answers with
``HashEmbedder`` vectors (scaled, so normalisation is exercised) in the provider's reply shape.
The OpenAI client is ``openai.OpenAI(api_key="test", http_client=httpx2.Client(transport=
httpx2.MockTransport(server)))``; the installed openai SDK (3.x) is built on ``httpx2``.
"""

from __future__ import annotations

import base64
import json
import socket
import sys
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import httpx2
import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from worlddb.embedding import api, voyage
from worlddb.embedding.api import OpenAIEmbedder, text_cost, text_windows
from worlddb.embedding.voyage import VoyageEmbedder
from worlddb.engine import WorldDB
from worlddb.errors import PluginError, ValidationError
from worlddb.plugins import Embedder
from worlddb.testing import HashEmbedder

VOYAGE_PROMPTS = {
    "document": "Represent the document for retrieval: ",
    "query": "Represent the query for retrieving supporting documents: ",
}
SCALE = 3.0  # the fake answers with vectors of norm 3, so the embedders must re-normalise


class NetworkUsedError(AssertionError):
    """A test tried to resolve a host name or open a real socket."""


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make any name lookup or connection fail loudly, proving the mock transports are used."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise NetworkUsedError(f"test tried to reach the network: {args[1:]!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    yield


class FakeEmbeddingsServer:
    """An embeddings endpoint (OpenAI or Voyage flavour) that records and checks each request."""

    def __init__(self, flavour: str, *, model: str, dimension: int) -> None:
        self.flavour = flavour
        self.model = model
        self.dimension = dimension
        self.requests: list[dict[str, Any]] = []
        self.statuses: list[int] = []  # answered (with an error body) before any 200
        self.width = dimension  # what it actually answers with
        self.drop_last = False
        self.corrupt: str | None = None  # "garbage", "nan" or "zero": a broken first vector
        self.encoding: str | None = None  # None: as asked; "float": always float lists
        self.sends_dimensions = True  # whether requests must carry dimensions/output_dimension
        self.hasher = HashEmbedder(dimension)

    def vectors(self, texts: list[str], input_type: str | None = None) -> np.ndarray[Any, Any]:
        prefix = VOYAGE_PROMPTS[input_type] if input_type else ""
        return self.hasher.embed_documents([prefix + t for t in texts])

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        assert request.method == "POST"
        body = json.loads(request.content)
        self.requests.append(body)
        assert body["model"] == self.model
        assert isinstance(body["input"], list) and body["input"]
        assert all(isinstance(t, str) and t for t in body["input"])
        if self.flavour == "openai":
            assert request.url.path.endswith("/embeddings")
            assert request.headers["authorization"] == "Bearer test"
            assert body.get("dimensions") == (self.dimension if self.sends_dimensions else None)
            input_type = None
        else:
            assert str(request.url) == voyage.VOYAGE_URL
            assert request.headers["authorization"] == "Bearer voyage-test"
            assert body["output_dimension"] == self.dimension
            assert body["truncation"] is False
            input_type = body["input_type"]
            assert input_type in ("document", "query")
        if self.statuses:
            code = self.statuses.pop(0)
            return httpx2.Response(code, json={"error": {"message": f"fake {code}"}})
        vecs = self.vectors(body["input"], input_type) * SCALE
        if self.width != self.dimension:
            vecs = np.ones((len(body["input"]), self.width), dtype=np.float32)
        if self.corrupt in ("nan", "zero"):
            vecs[0] = np.nan if self.corrupt == "nan" else 0.0
        encoding = self.encoding or body.get("encoding_format") or "float"
        rows = [
            base64.b64encode(v.astype("<f4").tobytes()).decode() if encoding == "base64"
            else v.tolist()
            for v in vecs
        ]  # fmt: skip
        if self.corrupt == "garbage":
            rows[0] = "not base64!"
        data = [{"object": "embedding", "index": i, "embedding": r} for i, r in enumerate(rows)]
        data.reverse()  # the embedders must order by "index", not by position
        if self.drop_last:
            data = data[1:]
        usage = {"prompt_tokens": 5, "total_tokens": 5} if self.flavour == "openai" else {
            "total_tokens": 5}  # fmt: skip
        reply = {"object": "list", "data": data, "model": self.model, "usage": usage}
        return httpx2.Response(200, json=reply)


def _openai_client(server: FakeEmbeddingsServer) -> Any:
    openai = pytest.importorskip("openai")
    return openai.OpenAI(
        api_key="test",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(server)),
    )


def _openai(dimension: int = 32, **kwargs: Any) -> tuple[OpenAIEmbedder, FakeEmbeddingsServer]:
    server = FakeEmbeddingsServer("openai", model="text-embedding-3-small", dimension=dimension)
    return OpenAIEmbedder(_openai_client(server), dimension=dimension, **kwargs), server


def _voyage(dimension: int = 32, **kwargs: Any) -> tuple[VoyageEmbedder, FakeEmbeddingsServer]:
    server = FakeEmbeddingsServer("voyage", model="voyage-3.5", dimension=dimension)
    http = httpx2.Client(transport=httpx2.MockTransport(server))
    return VoyageEmbedder(http, api_key="voyage-test", dimension=dimension, **kwargs), server


def _words(n_chars: int, seed: int = 0) -> str:
    rng = np.random.default_rng(seed)
    words = [f"w{int(i)}" for i in rng.integers(0, 500, size=n_chars // 3)]
    return " ".join(words)[:n_chars]


# -- OpenAI -----------------------------------------------------------------------------------


def test_openai_returns_unit_float32_rows_matching_the_servers_vectors() -> None:
    embedder, server = _openai()
    texts = ["Alice lives in Paris", "Bob likes tea", ""]
    out = embedder.embed_documents(texts)
    assert out.shape == (3, 32) and out.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, rtol=1e-5)
    expected = server.vectors(["Alice lives in Paris", "Bob likes tea", " "])
    np.testing.assert_allclose(out, expected, atol=1e-5)
    assert server.requests[0]["input"][2] == " "  # the API rejects "", so a space is sent
    assert server.requests[0]["encoding_format"] == "base64"
    assert isinstance(embedder, Embedder)
    assert embedder.key == "openai:text-embedding-3-small:32:1" and embedder.dimension == 32
    assert embedder.model == "text-embedding-3-small"


def test_openai_embeds_queries_like_documents() -> None:
    embedder, _ = _openai()
    texts = ["where does Alice live?"]
    np.testing.assert_array_equal(embedder.embed_queries(texts), embedder.embed_documents(texts))


def test_openai_accepts_float_list_replies() -> None:
    """A compatible proxy may ignore ``encoding_format`` and answer with plain floats."""
    embedder, server = _openai()
    server.encoding = "float"
    out = embedder.embed_documents(["plain floats"])
    np.testing.assert_allclose(out, server.vectors(["plain floats"]), atol=1e-5)


def test_openai_requests_never_exceed_batch_size_and_keep_order() -> None:
    embedder, server = _openai(batch_size=3)
    texts = [f"fact number {i} about topic {i % 4}" for i in range(10)]
    out = embedder.embed_documents(texts)
    assert [len(r["input"]) for r in server.requests] == [3, 3, 3, 1]
    assert [t for r in server.requests for t in r["input"]] == texts
    np.testing.assert_allclose(out, server.vectors(texts), atol=1e-5)


def test_requests_stay_under_the_character_budget() -> None:
    embedder, server = _openai(batch_size=1000)
    texts = [_words(20_000, seed=i) for i in range(20)]
    embedder.embed_documents(texts)
    sizes = [sum(len(t) for t in r["input"]) for r in server.requests]
    assert len(sizes) > 1 and max(sizes) <= api.MAX_REQUEST_CHARS
    assert sum(len(r["input"]) for r in server.requests) == 20


def test_long_text_is_split_into_windows_and_pooled_into_one_vector() -> None:
    embedder, server = _openai()
    long_text = _words(60_000)
    out = embedder.embed_documents(["short one", long_text])
    sent = [t for r in server.requests for t in r["input"]]
    windows = sent[1:]
    assert sent[0] == "short one" and len(windows) >= 3
    assert all(len(w) <= api.MAX_WINDOW_CHARS for w in windows)
    assert all(w in long_text for w in windows) and "".join(windows) != long_text
    assert long_text.startswith(windows[0]) and long_text.endswith(windows[-1])
    weights = np.array([len(w) for w in windows], dtype=np.float32)[:, None]
    pooled = (server.vectors(windows) * weights).sum(axis=0)
    np.testing.assert_allclose(out[1], pooled / np.linalg.norm(pooled), atol=1e-5)
    assert out.shape == (2, 32)


def test_openai_sdk_error_becomes_plugin_error_with_the_cause() -> None:
    openai = pytest.importorskip("openai")
    embedder, server = _openai()
    server.statuses = [400]
    with pytest.raises(PluginError) as info:
        embedder.embed_documents(["anything"])
    assert isinstance(info.value.__cause__, openai.BadRequestError)


@pytest.mark.parametrize("fault", ["width", "missing_row", "garbage", "nan", "zero"])
def test_malformed_openai_reply_becomes_plugin_error(fault: str) -> None:
    embedder, server = _openai()
    server.width = 31 if fault == "width" else 32
    server.drop_last = fault == "missing_row"
    server.corrupt = fault if fault in ("garbage", "nan", "zero") else None
    with pytest.raises(PluginError):
        embedder.embed_documents(["one", "two"])


def test_openai_client_is_created_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """Construction reads nothing; the missing key surfaces as a PluginError when embedding."""
    pytest.importorskip("openai")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    embedder = OpenAIEmbedder()  # would raise here if the client were built eagerly
    with pytest.raises(PluginError) as info:
        embedder.embed_documents(["x"])
    assert "OpenAI client" in str(info.value)


def test_missing_openai_package_is_a_plugin_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openai", None)  # makes `import openai` raise ImportError
    with pytest.raises(PluginError) as info:
        OpenAIEmbedder().embed_documents(["x"])
    assert "worlddb[openai]" in str(info.value)


def test_ada_002_has_a_fixed_width_and_is_not_sent_dimensions() -> None:
    with pytest.raises(ValidationError):
        OpenAIEmbedder(model="text-embedding-ada-002", dimension=256)
    server = FakeEmbeddingsServer("openai", model="text-embedding-ada-002", dimension=1536)
    server.sends_dimensions = False
    embedder = OpenAIEmbedder(_openai_client(server), model="text-embedding-ada-002")
    assert embedder.embed_documents(["x"]).shape == (1, 1536)


def test_empty_batch_makes_no_request_and_bad_input_is_rejected() -> None:
    embedder, server = _openai()
    assert embedder.embed_documents([]).shape == (0, 32)
    assert server.requests == []
    with pytest.raises(ValidationError):
        embedder.embed_documents("a single string")
    with pytest.raises(ValidationError):
        embedder.embed_documents([b"bytes"])  # type: ignore[list-item]
    for bad in ({"dimension": 0}, {"batch_size": 0}, {"model": ""}, {"max_chars": 1}):
        with pytest.raises(ValidationError):
            OpenAIEmbedder(**bad)
    with pytest.raises(ValidationError):
        VoyageEmbedder(max_retries=-1)
    assert repr(embedder) == "OpenAIEmbedder(model='text-embedding-3-small', dimension=32)"


def test_engine_stores_an_embedding_row_made_by_the_openai_embedder() -> None:
    embedder, server = _openai()
    with WorldDB.open(":memory:", embedder=embedder, extractor=None) as db:
        db.put("Fact", content="Alice lives in Paris")
        (count,) = db.store._connection.execute("SELECT count(*) FROM embeddings").fetchone()
    assert count == 1
    assert any("Alice lives in Paris" in t for r in server.requests for t in r["input"])


# -- Voyage -----------------------------------------------------------------------------------


def test_voyage_sends_document_and_query_input_types() -> None:
    embedder, server = _voyage()
    docs = embedder.embed_documents(["Alice lives in Paris"])
    queries = embedder.embed_queries(["Alice lives in Paris"])
    assert [r["input_type"] for r in server.requests] == ["document", "query"]
    np.testing.assert_allclose(
        docs, server.vectors(["Alice lives in Paris"], "document"), atol=1e-5
    )
    np.testing.assert_allclose(
        queries, server.vectors(["Alice lives in Paris"], "query"), atol=1e-5
    )
    assert not np.allclose(docs, queries)
    np.testing.assert_allclose(np.linalg.norm(queries, axis=1), 1.0, rtol=1e-5)
    assert embedder.key == "voyage:voyage-3.5:32:1"


def test_voyage_batches_and_chunks_like_openai() -> None:
    embedder, server = _voyage(batch_size=2)
    out = embedder.embed_documents(["a", "b", "c", _words(30_000)])
    assert max(len(r["input"]) for r in server.requests) <= 2
    assert sum(len(r["input"]) for r in server.requests) >= 5  # three short + two windows
    assert out.shape == (4, 32)


def test_voyage_retries_rate_limits_then_succeeds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voyage, "VOYAGE_BACKOFF_S", 0.0)
    embedder, server = _voyage()
    server.statuses = [429, 503]
    assert embedder.embed_documents(["x"]).shape == (1, 32)
    assert len(server.requests) == 3


@pytest.mark.parametrize(("statuses", "calls"), [([401], 1), ([503, 503, 503, 503], 3)])
def test_voyage_http_errors_become_plugin_errors(
    monkeypatch: pytest.MonkeyPatch, statuses: list[int], calls: int
) -> None:
    """A 401 is not retried; a 5xx is retried ``max_retries`` times, then reported."""
    monkeypatch.setattr(voyage, "VOYAGE_BACKOFF_S", 0.0)
    embedder, server = _voyage()
    server.statuses = list(statuses)
    with pytest.raises(PluginError) as info:
        embedder.embed_documents(["x"])
    assert str(statuses[0]) in str(info.value)
    assert len(server.requests) == calls


def test_voyage_transport_error_becomes_plugin_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voyage, "VOYAGE_BACKOFF_S", 0.0)
    attempts: list[int] = []

    def broken(request: httpx2.Request) -> httpx2.Response:
        attempts.append(1)
        raise httpx2.ConnectError("connection refused", request=request)

    http = httpx2.Client(transport=httpx2.MockTransport(broken))
    embedder = VoyageEmbedder(http, api_key="k", max_retries=1)
    with pytest.raises(PluginError) as info:
        embedder.embed_queries(["x"])
    assert isinstance(info.value.__cause__, httpx2.ConnectError) and len(attempts) == 2


@pytest.mark.parametrize("fault", ["width", "missing_row", "not_json"])
def test_malformed_voyage_reply_becomes_plugin_error(fault: str) -> None:
    embedder, server = _voyage()
    server.width = 16 if fault == "width" else 32
    server.drop_last = fault == "missing_row"
    if fault == "not_json":
        http = httpx2.Client(transport=httpx2.MockTransport(lambda r: httpx2.Response(200)))
        embedder = VoyageEmbedder(http, api_key="k")
    with pytest.raises(PluginError):
        embedder.embed_documents(["one", "two"])


def test_voyage_reads_its_key_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    server = FakeEmbeddingsServer("voyage", model="voyage-3.5", dimension=32)
    http = httpx2.Client(transport=httpx2.MockTransport(server))
    monkeypatch.delenv("VOYAGE_API_KEY", raising=False)
    embedder = VoyageEmbedder(http, dimension=32)
    with pytest.raises(PluginError):
        embedder.embed_documents(["x"])
    monkeypatch.setenv("VOYAGE_API_KEY", "voyage-test")
    assert embedder.embed_documents(["x"]).shape == (1, 32)


def test_default_voyage_client_is_stopped_by_the_network_guard() -> None:
    """Proves the guard is live: the one embedder here without a mock transport cannot connect."""
    embedder = VoyageEmbedder(api_key="k", max_retries=0)
    with pytest.raises((NetworkUsedError, PluginError)) as info:
        embedder.embed_documents(["x"])
    chain: list[BaseException] = []
    exc: BaseException | None = info.value
    while exc is not None:
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    assert any(isinstance(e, NetworkUsedError) for e in chain)


# -- windows ----------------------------------------------------------------------------------


@example(text="aé", max_chars=4, overlap=1)  # a last character over the budget alone
@given(
    text=st.text(alphabet=st.sampled_from("ab \né"), max_size=400),
    max_chars=st.integers(2, 60),
    overlap=st.integers(0, 29),
)
def test_windows_cover_the_text_in_order_within_the_budget(
    text: str, max_chars: int, overlap: int
) -> None:
    overlap = min(overlap, max_chars // 2 - 1) if max_chars >= 4 else 0
    spans = text_windows(text, max_chars=max_chars, overlap=overlap)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    for start, end in spans:
        assert end - start == 1 or text_cost(text[start:end]) <= max_chars
    for (s1, e1), (s2, e2) in pairwise(spans):
        assert s1 < s2 <= e1 < e2  # advancing, overlapping or touching, never leaving a gap
        assert e1 - s2 <= overlap


def test_non_ascii_text_gets_shorter_windows() -> None:
    """CJK text takes a token or more per character, so its windows hold fewer characters."""
    cjk = "記憶は時間とともに変わる。" * 2500  # 32,500 characters
    spans = text_windows(cjk)
    assert text_cost(cjk) == 6 * len(cjk)
    assert all(text_cost(cjk[s:e]) <= api.MAX_WINDOW_CHARS for s, e in spans)
    assert len(spans) >= text_cost(cjk) // api.MAX_WINDOW_CHARS
    assert len(text_windows("a" * len(cjk))) == 2


def test_window_parameters_are_validated() -> None:
    with pytest.raises(ValidationError):
        text_windows("abc", max_chars=10, overlap=5)
    with pytest.raises(ValidationError):
        text_windows("abc", max_chars=1)
