"""Embedders that call a hosted API: the shared pipeline ``ApiEmbedder`` and ``OpenAIEmbedder``.

``VoyageEmbedder`` (``worlddb.embedding.voyage``) is built on the same base. Every
``ApiEmbedder`` implements ``worlddb.plugins.Embedder`` with these invariants:

* Long text is never truncated. A text longer than ``max_chars`` is cut into overlapping
  character windows (``text_windows``), each window is embedded, and the text's vector is the
  length-weighted mean of its windows, re-normalised. Characters, not tokens, because no
  tokenizer ships with worlddb: the limits assume 3 ASCII characters per token (English
  averages ~4) and count each non-ASCII character as ``NON_ASCII_WEIGHT`` of them.
* Windows are sent in requests of at most ``batch_size`` inputs and ``MAX_REQUEST_CHARS``
  characters, so a batch never exceeds the provider's per-request token budget.
* Vectors come back as float32 ``(n, dimension)`` with unit rows; a reply of the wrong width,
  with missing rows or non-finite values raises ``PluginError``, as does every SDK or HTTP error
  (the cause is chained). An empty text is sent as one space: both APIs reject "".
* Nothing is read from the environment at import or construction. The client (and with it the
  API key) is created on first use; ``openai`` itself is imported only then, so this module
  imports without the ``openai`` extra installed.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np

from worlddb.errors import PluginError, ValidationError
from worlddb.plugins import check_texts

if TYPE_CHECKING:
    import numpy.typing as npt
    import openai

    # Same alias as worlddb.plugins.Vectors; not imported, as the two are independent layers.
    Vectors = npt.NDArray[np.float32]

__all__ = [
    "MAX_REQUEST_CHARS",
    "MAX_WINDOW_CHARS",
    "NON_ASCII_WEIGHT",
    "WINDOW_OVERLAP_CHARS",
    "ApiEmbedder",
    "InputType",
    "OpenAIEmbedder",
    "as_matrix",
    "text_cost",
    "text_windows",
]

logger = logging.getLogger(__name__)

MAX_WINDOW_CHARS: Final = 24_000  # ~8k tokens at 3 chars/token: OpenAI's 8,192-token input limit
WINDOW_OVERLAP_CHARS: Final = 400  # shared by neighbouring windows so no sentence is cut blind
# OpenAI allows 300k tokens per request; Voyage 120k-1M depending on the model (120k for -large).
MAX_REQUEST_CHARS: Final = 300_000
KEY_REVISION: Final = "1"  # bump when windowing or pooling changes what a key's vectors mean
NON_ASCII_WEIGHT: Final = 6  # a non-ASCII char may be 1-2 tokens: count it as 6 ASCII chars
_BREAK_SEARCH: Final = 0.5  # look for whitespace in the last half of a window to cut there
_OPENAI_FIXED_WIDTH: Final = {"text-embedding-ada-002": 1536}  # models without `dimensions`

InputType = Literal["document", "query"]


def _char_costs(text: str) -> npt.NDArray[np.int64]:
    """Budget units per character: 1 for ASCII, ``NON_ASCII_WEIGHT`` for anything else."""
    points = np.frombuffer(text.encode("utf-32-le"), dtype="<u4")
    return np.where(points < 128, 1, NON_ASCII_WEIGHT).astype(np.int64)


def text_cost(text: str) -> int:
    """The budget ``text`` uses: its length, with each non-ASCII character counted heavier."""
    return int(_char_costs(text).sum())


def text_windows(
    text: str, *, max_chars: int = MAX_WINDOW_CHARS, overlap: int = WINDOW_OVERLAP_CHARS
) -> list[tuple[int, int]]:
    """Cut ``text`` into ``(start, end)`` spans of cost at most ``max_chars`` covering it in order.

    Cost is ``text_cost``: CJK text or emoji take more tokens per character than English, so a
    window of them holds fewer characters. A span ends after the last whitespace in its second
    half when there is one, so words stay whole; neighbouring spans share ``overlap``
    characters (fewer when a window is short). A text that fits, "" included, is one span.
    """
    if max_chars < 2 or not 0 <= overlap < max_chars // 2:
        raise ValidationError(
            f"bad window size/overlap {(max_chars, overlap)!r}", field="max_chars"
        )
    cum = np.concatenate(([0], np.cumsum(_char_costs(text))))
    n = len(text)
    spans: list[tuple[int, int]] = []
    start = cut = 0
    while cum[n] - cum[start] > max_chars:
        # The furthest end within budget; at least one character, even one that costs more.
        hard = max(int(np.searchsorted(cum, cum[start] + max_chars, side="right")) - 1, start + 1)
        floor = max(start + int((hard - start) * _BREAK_SEARCH), cut)  # end past the last span
        cut = hard
        for i in range(hard - 1, floor - 1, -1):
            if text[i].isspace():
                cut = i + 1
                break
        spans.append((start, cut))
        if cut == n:  # only a last, over-budget character remained
            return spans
        # Step back for the overlap, but only as far as lets the next window pass ``cut``.
        reach = int(np.searchsorted(cum, cum[cut + 1] - max_chars, side="left"))
        start = min(max(cut - min(overlap, (cut - start) // 2), reach), cut)
    spans.append((start, n))
    return spans


def as_matrix(rows: Sequence[object], *, width: int, provider: str) -> Vectors:
    """Turn a reply's embeddings (float lists or base64 float32) into a checked float32 matrix."""
    import base64
    import binascii

    out = np.empty((len(rows), width), dtype=np.float32)
    for i, row in enumerate(rows):
        try:
            if isinstance(row, str):
                vec = np.frombuffer(base64.b64decode(row, validate=True), dtype="<f4")
            else:
                vec = np.asarray(row, dtype=np.float32)
        except (binascii.Error, ValueError, TypeError) as exc:
            raise PluginError(f"{provider} returned an unreadable embedding: {exc}") from exc
        if vec.shape != (width,):
            raise PluginError(
                f"{provider} returned an embedding of shape {vec.shape!r}, expected ({width},)"
            )
        out[i] = vec
    if not np.isfinite(out).all():
        raise PluginError(f"{provider} returned an embedding with non-finite values")
    return out


class ApiEmbedder:
    """Windowing, request batching and pooling shared by the hosted-API embedders.

    A subclass sets ``provider`` and implements ``_request(inputs, input_type)``, which sends
    one request of at most ``batch_size`` windows and returns their raw ``(len, dimension)``
    vectors (any norm), raising ``PluginError`` on failure.
    """

    provider: str = "api"

    def __init__(self, *, model: str, dimension: int, batch_size: int, max_chars: int) -> None:
        if not model:
            raise ValidationError("model name must not be empty", field="model", value=model)
        for name, value in (("dimension", dimension), ("batch_size", batch_size)):
            if value < 1:
                raise ValidationError(f"{name} must be >= 1, got {value!r}", field=name)
        text_windows("", max_chars=max_chars)  # validates max_chars against the overlap
        self._model = model
        self._dimension = dimension
        self._batch_size = batch_size
        self._max_chars = max_chars

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self._model!r}, dimension={self._dimension})"

    @property
    def key(self) -> str:
        """``"<provider>:<model>:<dimension>:<revision>"``, stored with every vector."""
        return f"{self.provider}:{self._model}:{self._dimension}:{KEY_REVISION}"

    @property
    def dimension(self) -> int:
        """Width of every vector."""
        return self._dimension

    @property
    def model(self) -> str:
        """The provider's model name."""
        return self._model

    def _request(self, inputs: list[str], input_type: InputType) -> Vectors:
        raise NotImplementedError  # pragma: no cover - the subclass contract, never called

    def _embed(self, texts: Sequence[str], input_type: InputType) -> Vectors:
        check_texts(texts)
        if not texts:
            return np.zeros((0, self._dimension), dtype=np.float32)
        windows: list[str] = []
        owners: list[int] = []
        for i, text in enumerate(texts):
            for start, end in text_windows(text, max_chars=self._max_chars):
                windows.append(text[start:end] or " ")  # the APIs reject empty input
                owners.append(i)
        raw = np.empty((len(windows), self._dimension), dtype=np.float32)
        for lo, hi in self._batches(windows):
            raw[lo:hi] = self._request(windows[lo:hi], input_type)
        norms = np.linalg.norm(raw, axis=1, keepdims=True)
        if (norms == 0).any():
            raise PluginError(f"{self.provider} returned an all-zero embedding")
        # Weight each unit window vector by its length, so a short tail window counts less.
        weights = np.array([len(w) for w in windows], dtype=np.float32)[:, None]
        sums = np.zeros((len(texts), self._dimension), dtype=np.float32)
        np.add.at(sums, np.asarray(owners), raw / norms * weights)
        pooled = np.linalg.norm(sums, axis=1, keepdims=True)
        unit: Vectors = (sums / np.maximum(pooled, np.float32(1e-12))).astype(np.float32)
        return unit

    def _batches(self, windows: list[str]) -> list[tuple[int, int]]:
        """Consecutive ranges of at most ``batch_size`` windows costing ``MAX_REQUEST_CHARS``."""
        ranges: list[tuple[int, int]] = []
        lo, chars = 0, 0
        for i, window in enumerate(windows):
            cost = text_cost(window)
            if i > lo and (i - lo >= self._batch_size or chars + cost > MAX_REQUEST_CHARS):
                ranges.append((lo, i))
                lo, chars = i, 0
            chars += cost
        ranges.append((lo, len(windows)))
        return ranges


class OpenAIEmbedder(ApiEmbedder):
    """OpenAI embeddings (``text-embedding-3-small`` by default) through the ``openai`` SDK.

    Documents and queries are embedded the same way: OpenAI's models are symmetric. Retries and
    timeouts are the SDK's (configure them on the client you pass in).
    """

    provider = "openai"

    def __init__(
        self,
        client: openai.OpenAI | None = None,
        *,
        model: str = "text-embedding-3-small",
        dimension: int = 1536,
        batch_size: int = 256,
        max_chars: int = MAX_WINDOW_CHARS,
    ) -> None:
        """Configure the embedder; no client is created and no key is read until first use.

        Args:
            client: an ``openai.OpenAI``; by default one is made on first use, reading
                ``OPENAI_API_KEY`` then.
            model: the embedding model.
            dimension: output width, sent as ``dimensions`` (text-embedding-3 models shorten
                their vectors to it); must be 1536 for ``text-embedding-ada-002``.
            batch_size: most inputs per request (the API allows 2048).
            max_chars: longest window sent as one input; longer texts are split.
        """
        fixed = _OPENAI_FIXED_WIDTH.get(model)
        if fixed is not None and dimension != fixed:
            raise ValidationError(
                f"{model!r} only makes {fixed}-dimensional vectors, not {dimension!r}",
                field="dimension",
                value=dimension,
            )
        super().__init__(
            model=model, dimension=dimension, batch_size=batch_size, max_chars=max_chars
        )
        self._client = client

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        """Embed texts to store: float32 ``(len(texts), dimension)``, unit rows.

        Raises:
            PluginError: the SDK is missing, the request failed or the reply is malformed.
        """
        return self._embed(texts, "document")

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        """Embed search queries; identical to ``embed_documents`` for OpenAI's models.

        Raises:
            PluginError: the SDK is missing, the request failed or the reply is malformed.
        """
        return self._embed(texts, "query")

    def _get_client(self) -> openai.OpenAI:
        if self._client is None:
            try:
                import openai
            except ImportError as exc:
                raise PluginError(
                    "OpenAIEmbedder needs the openai package: pip install 'worlddb[openai]'"
                ) from exc
            try:
                self._client = openai.OpenAI()
            except openai.OpenAIError as exc:  # no OPENAI_API_KEY, most often
                raise PluginError(f"cannot create the OpenAI client: {exc}") from exc
        return self._client

    def _request(self, inputs: list[str], input_type: InputType) -> Vectors:
        client = self._get_client()  # first: it reports a missing openai package as PluginError
        import openai

        extra: dict[str, Any] = {}
        if self._model not in _OPENAI_FIXED_WIDTH:
            extra["dimensions"] = self._dimension
        try:
            # base64 asked for explicitly: a quarter of the JSON size, and the SDK then leaves
            # the strings for us to decode (its own decoding differs between versions).
            reply = client.embeddings.create(
                input=inputs, model=self._model, encoding_format="base64", **extra
            )
        except openai.OpenAIError as exc:
            raise PluginError(f"OpenAI embeddings request failed: {exc}") from exc
        data = sorted(reply.data, key=lambda item: item.index)
        if [item.index for item in data] != list(range(len(inputs))):
            raise PluginError(f"OpenAI returned {len(data)} embeddings for {len(inputs)} inputs")
        rows: list[object] = [item.embedding for item in data]
        return as_matrix(rows, width=self._dimension, provider="OpenAI")
