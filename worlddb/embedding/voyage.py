"""``VoyageEmbedder``: Voyage AI embeddings over its REST API, on the shared ``ApiEmbedder``.

Voyage is called with ``httpx2`` (already a dependency of worlddb, through the MCP and Anthropic
SDKs) rather than the ``voyageai`` package, whose client pulls in langchain, tokenizers and
pillow and is built on ``requests``, which has no mock transport for tests. Transient failures
(429, 5xx, connection errors) are retried with exponential backoff; every other failure raises
``PluginError`` with the cause chained. The key is read from ``VOYAGE_API_KEY`` on first use.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from worlddb.embedding.api import MAX_WINDOW_CHARS, ApiEmbedder, InputType, as_matrix
from worlddb.errors import PluginError, ValidationError

if TYPE_CHECKING:
    import httpx2
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]

__all__ = ["VOYAGE_URL", "VoyageEmbedder"]

logger = logging.getLogger(__name__)

VOYAGE_URL: Final = "https://api.voyageai.com/v1/embeddings"
VOYAGE_TIMEOUT_S: Final = 60.0
VOYAGE_RETRY_STATUS: Final = frozenset({429, 500, 502, 503, 504})
VOYAGE_BACKOFF_S: Final = 1.0  # doubled per retry


class VoyageEmbedder(ApiEmbedder):
    """Voyage AI embeddings (``voyage-3.5`` by default) over its REST API.

    Documents are sent with ``input_type="document"`` and queries with ``"query"``: Voyage
    prepends a different retrieval prompt to each, which is why the protocol has two methods.
    ``truncation`` is off, so an over-long window fails loudly instead of being cut.
    """

    provider = "voyage"

    def __init__(
        self,
        http_client: httpx2.Client | None = None,
        *,
        api_key: str | None = None,
        model: str = "voyage-3.5",
        dimension: int = 1024,
        batch_size: int = 128,
        max_retries: int = 2,
    ) -> None:
        """Configure the embedder; no client is created and no key is read until first use.

        Args:
            http_client: an ``httpx2.Client`` to send requests with (tests pass one with a
                ``MockTransport``); by default one is made on first use.
            api_key: the Voyage key; by default ``VOYAGE_API_KEY``, read on first use.
            model: the embedding model.
            dimension: output width, sent as ``output_dimension`` (256, 512, 1024 or 2048 for
                the voyage-3.5 and voyage-4 families).
            batch_size: most inputs per request (the API allows 1000).
            max_retries: extra attempts after a 429, a 5xx or a connection error.
        """
        super().__init__(
            model=model, dimension=dimension, batch_size=batch_size, max_chars=MAX_WINDOW_CHARS
        )
        if max_retries < 0:
            raise ValidationError(f"max_retries must be >= 0, got {max_retries!r}", field="retries")
        self._http = http_client
        self._api_key = api_key
        self._max_retries = max_retries

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        """Embed texts to store (``input_type="document"``): float32 unit rows.

        Raises:
            PluginError: no API key, the request failed after retries, or a malformed reply.
        """
        return self._embed(texts, "document")

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        """Embed search queries (``input_type="query"``): float32 unit rows.

        Raises:
            PluginError: no API key, the request failed after retries, or a malformed reply.
        """
        return self._embed(texts, "query")

    def _get_client(self) -> tuple[httpx2.Client, str]:
        import httpx2

        if self._api_key is None:
            self._api_key = os.environ.get("VOYAGE_API_KEY") or None
            if self._api_key is None:
                raise PluginError("VoyageEmbedder needs an api_key or VOYAGE_API_KEY")
        if self._http is None:
            self._http = httpx2.Client(timeout=VOYAGE_TIMEOUT_S)
        return self._http, self._api_key

    def _request(self, inputs: list[str], input_type: InputType) -> Vectors:
        import httpx2

        client, api_key = self._get_client()
        body = {
            "input": inputs,
            "model": self._model,
            "input_type": input_type,
            "output_dimension": self._dimension,
            "truncation": False,
            "encoding_format": "base64",
        }
        headers = {"Authorization": f"Bearer {api_key}"}
        for attempt in range(self._max_retries + 1):
            last = attempt == self._max_retries
            try:
                response = client.post(VOYAGE_URL, json=body, headers=headers)
            except httpx2.TransportError as exc:
                if last:
                    raise PluginError(f"Voyage embeddings request failed: {exc}") from exc
                logger.warning("Voyage request failed (%s); retrying", exc)
            else:
                if response.status_code == 200:
                    return self._parse(response, len(inputs))
                if last or response.status_code not in VOYAGE_RETRY_STATUS:
                    raise PluginError(
                        f"Voyage embeddings request failed with HTTP {response.status_code}: "
                        f"{response.text[:300]}"
                    )
                logger.warning("Voyage answered HTTP %d; retrying", response.status_code)
            time.sleep(VOYAGE_BACKOFF_S * 2**attempt)
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    def _parse(self, response: httpx2.Response, count: int) -> Vectors:
        try:
            payload = response.json()
            data = sorted(payload["data"], key=lambda item: int(item["index"]))
            rows: list[object] = [item["embedding"] for item in data]
            indices = [int(item["index"]) for item in data]
        except (ValueError, KeyError, TypeError) as exc:
            raise PluginError(f"Voyage returned a malformed reply: {exc!r}") from exc
        if indices != list(range(count)):
            raise PluginError(f"Voyage returned {len(rows)} embeddings for {count} inputs")
        return as_matrix(rows, width=self._dimension, provider="Voyage")
