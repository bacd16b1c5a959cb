"""Benchmark the default embedder on generated chat-like texts.

Measures what an agent feels: how long the first use waits for the model, how many turns per
second ingest can embed in batches, and the latency of one short query at recall time.
Run ``python -m worlddb.bench.embedder [N_TEXTS]`` for a JSON report on stdout.
"""

from __future__ import annotations

import json
import random
import resource
import sys
import time
from typing import Final

import numpy as np

from worlddb.embedding import OnnxEmbedder, WordPieceTokenizer
from worlddb.embedding.onnx import MODEL_PATH

__all__ = ["chat_texts", "main", "run_embedder_bench"]

N_QUERIES: Final = 200
WARMUP_QUERIES: Final = 10

_SUBJECTS = ("I", "My sister", "Our team", "The landlord", "My doctor", "Alex", "We", "The client")
_VERBS = (
    "moved to",
    "started working at",
    "is allergic to",
    "bought",
    "cancelled the meeting about",
    "asked me about",
    "really enjoys",
    "no longer uses",
    "will visit",
    "is worried about",
)
_OBJECTS = (
    "Denver",
    "a new laptop",
    "peanuts",
    "the quarterly budget",
    "Python 3.12",
    "sushi",
    "the Berlin office",
    "a vegetarian diet",
    "the hiking trip",
    "our migration to Postgres",
    "the dentist appointment",
    "a used Honda Civic",
    "the kids' school in Lyon",
)
_TAILS = (
    "",
    "last week",
    "since March",
    "because the rent went up",
    "next Tuesday at 3pm",
    "and it was a disaster",
    "but I'm not sure it will last",
    "— please remember that",
    "after talking it over with everyone on the call for about an hour",
)
_QUERIES = (
    "where does the user live",
    "food allergies",
    "what car do they drive",
    "upcoming trips",
    "work changes",
    "who is Alex",
    "budget meeting",
    "diet",
    "dentist",
    "database migration",
)


def chat_texts(n: int, seed: int = 0) -> list[str]:
    """Return ``n`` chat turns of one to four sentences (deterministic for ``seed``)."""
    rng = random.Random(seed)
    texts = []
    for _ in range(n):
        sentences = [
            f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)} "
            f"{rng.choice(_TAILS)}".strip()
            + "."
            for _ in range(rng.randint(1, 4))
        ]
        texts.append(" ".join(sentences))
    return texts


def run_embedder_bench(n_texts: int = 2000, seed: int = 0) -> dict[str, float]:
    """Time load, batch throughput and single-query latency of the default embedder.

    Returns:
        ``load_s`` (session start, incl. checksum), ``throughput_texts_per_s`` (one
        ``embed_documents`` call over all texts), ``mean_tokens_per_text``, ``query_p50_ms`` and
        ``query_p95_ms`` (one short query per call), ``peak_rss_mb`` and ``threads``.
    """
    texts = chat_texts(n_texts, seed)
    embedder = OnnxEmbedder(memo_size=0)  # repeated queries must reach the model to be timed
    start = time.perf_counter()
    embedder.load()
    load_s = time.perf_counter() - start

    start = time.perf_counter()
    embedder.embed_documents(texts)
    batch_s = time.perf_counter() - start

    rng = random.Random(seed + 1)
    queries = [rng.choice(_QUERIES) for _ in range(N_QUERIES + WARMUP_QUERIES)]
    latencies = []
    for i, query in enumerate(queries):
        start = time.perf_counter()
        embedder.embed_queries([query])
        if i >= WARMUP_QUERIES:
            latencies.append((time.perf_counter() - start) * 1000.0)

    tokenizer = WordPieceTokenizer.from_file(MODEL_PATH.with_name("vocab.txt"))
    tokens = float(np.mean([len(tokenizer.encode(t)) for t in texts])) if texts else 0.0
    return {
        "n_texts": float(n_texts),
        "threads": float(embedder.intra_op_num_threads),
        "load_s": round(load_s, 4),
        "throughput_texts_per_s": round(n_texts / batch_s, 1) if batch_s else 0.0,
        "mean_tokens_per_text": round(tokens, 1),
        "query_p50_ms": round(float(np.percentile(latencies, 50)), 3),
        "query_p95_ms": round(float(np.percentile(latencies, 95)), 3),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Print ``run_embedder_bench`` as JSON; the optional argument is the number of texts."""
    args = sys.argv[1:] if argv is None else argv
    n = int(args[0]) if args else 2000
    sys.stdout.write(json.dumps(run_embedder_bench(n), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
