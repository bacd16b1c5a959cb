"""Pseudo-relevance feedback: a second round of search from the first round's best hits.

The evidence for an aggregation question names instances while the question names a category
("How many doctors did I visit?" — "dermatologist", "Dr. Patel"), and the first round finds
only some of them. Its best hits, though, are mostly about the right thing, so what they share
points at the rest (Rocchio 1971; RM3-style expansion, Lavrenko & Croft 2001). Two lanes, each
a second round over the first round's top ``FEEDBACK_DOCS`` hits (text and vector lanes fused):

* ``prf`` — the text lane again, the question plus ``EXPANSION_TERMS`` words that are common in
  the feedback hits and rare in the wider candidate pool (a contrast, so words common to every
  conversation — "think", "help" — do not qualify: no corpus statistics needed);
* ``prf_vector`` — the vector lane again, with the query vector moved towards the centroid of
  the feedback hits' stored vectors.

Pure: the caller supplies texts, vectors and the searches.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import numpy as np

from worlddb.index.fts_query import DEFAULT_STOPWORDS, tokenize
from worlddb.plugins import Vectors

__all__ = [
    "EXPANSION_TERMS",
    "FEEDBACK_DOCS",
    "FEEDBACK_POOL",
    "ROCCHIO_BETA",
    "expansion_terms",
    "rocchio",
]

FEEDBACK_DOCS: Final = 5
"""How many of the first round's best hits are taken as relevant."""
FEEDBACK_POOL: Final = 50
"""The first round's candidates that serve as background for the term contrast."""
EXPANSION_TERMS: Final = 8
MIN_TERM_CHARS: Final = 3
ROCCHIO_BETA: Final = 0.5
"""Weight of the feedback centroid against the (unit) query vector."""


def expansion_terms(
    query: str,
    feedback: Sequence[str],
    pool: Sequence[str],
    *,
    limit: int = EXPANSION_TERMS,
    doc_freq: Callable[[Sequence[str]], tuple[Mapping[str, int], int]] | None = None,
) -> list[str]:
    """Words shared by the feedback texts and rare elsewhere, best first.

    A word's score is the share of feedback texts holding it minus its share of pool texts,
    times its inverse document frequency in the store when ``doc_freq`` is given (a word in
    every conversation — "need", "trying" — then scores near zero); a word must be in at least
    two feedback texts (one text's words are that text's topic, not the question's), and words
    of the query, stopwords and short or numeric words never count.
    """
    if not feedback:
        return []
    asked = set(tokenize(query))
    fb = _doc_freq(feedback)
    bg = _doc_freq(pool) if pool else Counter()
    candidates = [w for w, count in fb.items() if count >= 2 and w not in asked]
    idf: dict[str, float] = {}
    if doc_freq is not None and candidates:
        freqs, size = doc_freq(candidates)
        idf = {w: math.log(1 + size / (1 + freqs.get(w, 0))) for w in candidates}
    scored = []
    for word in candidates:
        score = fb[word] / len(feedback) - (bg[word] / len(pool) if pool else 0.0)
        score *= idf.get(word, 1.0)
        if score > 0:
            scored.append((-score, -fb[word], word))
    return [word for _, _, word in sorted(scored)[:limit]]


def rocchio(
    query: Sequence[float] | Vectors, feedback: Sequence[bytes], *, beta: float = ROCCHIO_BETA
) -> Vectors:
    """The unit query vector plus ``beta`` × the centroid of the unit feedback vectors.

    ``feedback`` holds stored vectors (little-endian float32 bytes); with none, the query.
    """
    q = np.asarray(query, dtype=np.float32).reshape(-1)
    q = q / max(float(np.linalg.norm(q)), 1e-12)
    rows = [np.frombuffer(blob, dtype="<f4") for blob in feedback if len(blob) == q.size * 4]
    if rows:
        matrix = np.vstack(rows)
        matrix = matrix / np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
        q = q + beta * matrix.mean(axis=0)
        q = q / max(float(np.linalg.norm(q)), 1e-12)
    return q.astype(np.float32)


def _doc_freq(texts: Sequence[str]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(
            {
                w
                for w in tokenize(text)
                if len(w) >= MIN_TERM_CHARS and w not in DEFAULT_STOPWORDS and not w.isdigit()
            }
        )
    return counts


def first_round(rankings: Mapping[str, Sequence[int]], k: int) -> list[int]:
    """The text and vector lanes' hits fused by RRF, best first (the feedback order)."""
    scores: dict[int, float] = {}
    for lane in ("bm25", "vector"):
        for rank, rid in enumerate(rankings.get(lane, ()), start=1):
            scores[rid] = scores.get(rid, 0.0) + 1.0 / (k + rank)
    return sorted(scores, key=lambda rid: (-scores[rid], rid))
