"""Large adds to the HNSW index insert on several threads (bulk loads, rebuilds); small adds,
the everyday write's, stay on the caller's thread. Either way the index answers as the exact
search does, and ``worlddb.bench.recall``'s HNSW bench reports both builds from one run."""

from __future__ import annotations

import os

import numpy as np

from worlddb.bench.recall import run_hnsw_quality
from worlddb.index.vector import PARALLEL_ADD_MIN, VectorIndex, add_threads_default
from worlddb.testing import HashEmbedder


def _vectors(n: int, dim: int = 32, seed: int = 7) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, dim)).astype(np.float32)


def _recall_at_10(index: VectorIndex, matrix: np.ndarray, queries: np.ndarray) -> float:
    unit = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
    found = 0
    for q in queries:
        exact = set((np.argsort(-(unit @ (q / np.linalg.norm(q))))[:10] + 1).tolist())
        found += len(exact & {rid for rid, _ in index.search(q, 10)})
    return found / (10 * len(queries))


def test_a_parallel_build_finds_what_exact_search_finds() -> None:
    matrix = _vectors(4 * PARALLEL_ADD_MIN)
    queries = _vectors(50, seed=8)
    rids = list(range(1, len(matrix) + 1))
    single = VectorIndex(matrix.shape[1], add_threads=1)
    single.add(rids, matrix)
    parallel = VectorIndex(matrix.shape[1], add_threads=3)
    parallel.add(rids, matrix)
    assert len(parallel) == len(single) == len(matrix)
    assert _recall_at_10(parallel, matrix, queries) >= 0.95
    assert _recall_at_10(single, matrix, queries) >= 0.95
    # Re-adding every vector (an update) keeps one entry per rid.
    parallel.add(rids, matrix[::-1].copy())
    assert len(parallel) == len(matrix)
    assert parallel.search(matrix[-1], 1)[0][0] == 1


def test_small_adds_build_the_same_graph_every_time() -> None:
    """Below ``PARALLEL_ADD_MIN`` an add is single-threaded, so the graph is reproducible."""
    matrix = _vectors(PARALLEL_ADD_MIN - 1)
    queries = _vectors(20, seed=9)
    results = []
    for _ in range(2):
        index = VectorIndex(matrix.shape[1], add_threads=4)
        for start in range(0, len(matrix), 100):
            index.add(
                list(range(start + 1, min(start + 101, len(matrix) + 1))),
                matrix[start : start + 100],
            )
        results.append([index.search(q, 10) for q in queries])
    assert results[0] == results[1]


def test_the_default_thread_count_is_the_usable_cores() -> None:
    assert 1 <= add_threads_default() <= (os.cpu_count() or 1)
    assert VectorIndex(8).add_threads == add_threads_default()
    assert VectorIndex(8, add_threads=0).add_threads == 1


def test_the_hnsw_bench_reports_one_thread_and_the_default_in_one_run() -> None:
    report = run_hnsw_quality(PARALLEL_ADD_MIN + 100, queries=20, embedder=HashEmbedder(64))
    assert report["vectors"] == PARALLEL_ADD_MIN + 100
    assert isinstance(report["recall_at_10"], float) and report["recall_at_10"] > 0.5
    threads = add_threads_default()
    if threads > 1:
        assert isinstance(report[f"recall_at_10_{threads}_threads"], float)
        assert report[f"build_s_{threads}_threads"] is not None
        assert isinstance(report["build_speedup"], float)
