"""``AnthropicSummarizer``: a summary written by Claude (the ``worlddb[anthropic]`` extra).

Kept out of ``summarizers`` so the core, and the offline default, import without the SDK; the
package exposes it lazily (``worlddb.consolidate.AnthropicSummarizer``), and without the extra
that name raises ``MissingExtraError``, one line naming the extra.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from worlddb.consolidate.summarizers import ExtractiveSummarizer
from worlddb.errors import MissingExtraError

try:  # an optional extra: ``pip install 'worlddb[anthropic]'``
    import anthropic
    from anthropic.types import TextBlock
except ImportError as exc:  # pragma: no cover - exercised by a subprocess test
    raise MissingExtraError("the Claude summarizer", "anthropic") from exc

__all__ = ["AnthropicSummarizer"]

logger = logging.getLogger(__name__)


class AnthropicSummarizer:
    """A summary written by Claude; the extractive summary when the call fails."""

    def __init__(
        self,
        client: anthropic.Anthropic | None = None,
        *,
        model: str = "claude-haiku-4-5",
        max_tokens: int = 300,
        max_input_chars: int = 24_000,
        fallback: ExtractiveSummarizer | None = None,
    ) -> None:
        self._client = client
        self.model = model
        self.max_tokens = max_tokens
        self.max_input_chars = max_input_chars
        self.fallback = fallback or ExtractiveSummarizer()

    def summarize(self, texts: Sequence[str], /) -> str:
        joined = "\n".join(f"- {' '.join(t.split())}" for t in texts if t.strip())
        if not joined:
            return ""
        prompt = (
            "Summarise what these notes from one conversation or topic say, in at most three "
            "plain sentences. Keep names, dates and numbers. Answer with the summary only.\n\n"
            + joined[: self.max_input_chars]
        )
        try:
            if self._client is None:
                self._client = anthropic.Anthropic()
            reply = self._client.messages.create(
                model=self.model,
                max_tokens=self.max_tokens,
                messages=[{"role": "user", "content": prompt}],
            )
        except anthropic.AnthropicError:
            logger.warning("summary model call failed; using the extractive summary", exc_info=True)
            return self.fallback.summarize(texts)
        text = " ".join(b.text for b in reply.content if isinstance(b, TextBlock)).strip()
        return " ".join(text.split()) or self.fallback.summarize(texts)
