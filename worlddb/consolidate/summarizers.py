"""``Summarizer`` plug-ins: an offline extractive default and a Claude-backed option.

``ExtractiveSummarizer`` needs no key and no model: it splits the texts into sentences, weighs
their words by TF-IDF within the batch, and keeps the few sentences most similar to all the
others (degree centrality, the idea behind LexRank), in their original order. Same texts, same
summary, byte for byte, which is what makes a consolidation rerun write nothing new.

``AnthropicSummarizer`` (``worlddb.consolidate.claude``, the ``worlddb[anthropic]`` extra) asks
Claude for a short summary through the ``anthropic`` SDK. A model's answer may differ between
calls, so a rerun may summarise a source again only if its first summary was never written;
once written, the summary world stands (the summaries step looks for an existing live summary
before it asks). Any SDK failure falls back to the extractive summary: a consolidation run
never stops because the model was unavailable.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

import numpy as np

__all__ = ["ExtractiveSummarizer", "split_sentences"]

logger = logging.getLogger(__name__)

_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'])")
_WORD: Final = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_STOP: Final = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "from",
        "has",
        "have",
        "he",
        "her",
        "his",
        "i",
        "i'm",
        "in",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "that",
        "the",
        "their",
        "them",
        "they",
        "this",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "which",
        "who",
        "will",
        "with",
        "you",
        "your",
    ]
)
MAX_SENTENCE_CHARS: Final = 400


def split_sentences(texts: Sequence[str]) -> list[str]:
    """Every non-empty sentence of ``texts``, in order, each cut to ``MAX_SENTENCE_CHARS``."""
    out: list[str] = []
    for text in texts:
        for part in _SENTENCE.split(" ".join(text.split())):
            part = part.strip()
            if part:
                out.append(part[:MAX_SENTENCE_CHARS])
    return out


def _words(sentence: str) -> list[str]:
    return [w for w in _WORD.findall(sentence.lower()) if w not in _STOP and len(w) > 1]


class ExtractiveSummarizer:
    """Keep the ``sentences`` most central sentences (TF-IDF cosine degree), in text order."""

    def __init__(self, sentences: int = 3, max_chars: int = 900) -> None:
        self.sentences = sentences
        self.max_chars = max_chars

    def summarize(self, texts: Sequence[str], /) -> str:
        sentences = list(dict.fromkeys(split_sentences(texts)))
        if len(sentences) <= self.sentences:
            return self._fit(sentences)
        bags = [Counter(_words(s)) for s in sentences]
        df = Counter(w for bag in bags for w in bag)
        n = len(sentences)
        column = {w: i for i, w in enumerate(sorted(df))}
        matrix = np.zeros((n, max(1, len(column))), dtype=np.float64)
        for row, bag in enumerate(bags):
            for w, tf in bag.items():
                matrix[row, column[w]] = tf * math.log((1 + n) / (1 + df[w]))
        norms = np.linalg.norm(matrix, axis=1)
        matrix /= np.where(norms > 0, norms, 1.0)[:, None]
        similarity = matrix @ matrix.T
        # Rounded, so that summation order (BLAS, platform) cannot reorder near-ties.
        scores = np.round(similarity.sum(axis=1) - np.diag(similarity), 9).tolist()
        # Highest centrality first; ties go to the earlier sentence (deterministic).
        ranked = sorted(range(n), key=lambda i: (-scores[i], i))[: self.sentences]
        return self._fit([sentences[i] for i in sorted(ranked)])

    def _fit(self, sentences: Sequence[str]) -> str:
        text = " ".join(sentences)
        return text if len(text) <= self.max_chars else text[: self.max_chars - 1] + "…"
