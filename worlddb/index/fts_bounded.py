"""The bounded plan of the full-text lane: top-k BM25 at a cost set by the result, not the store.

FTS5 ranks by scoring *every* row that matches (no early exit), and its ``bm25()`` first counts
each query term's documents by reading that term's whole doclist. One common word therefore
makes a query cost O(rows holding it): 55 / 121 ms P50 / P95 at 1M worlds. This plan never asks
FTS5 to score; it reads bounded lists of row ids and scores a bounded pool in Python:

1. **Windows.** Each term's newest ``TERM_WINDOW`` matches (a reverse walk of its doclist, no
   scoring, no filter). A term with no more matches than that is *complete*:
   its document frequency is exact and its window holds every row it matches. Otherwise its
   frequency is estimated from how far back in the rid range the window reached.
2. **Conjunctive probe.** The newest rows holding *all* of the query's informative terms (the
   two rarest, plus any other in at most ``CONJUNCTIVE_MAX_FRACTION`` of the documents): the
   rows BM25 ranks first for a short query hold several of its terms, wherever they sit in
   time. Near-universal words stay out: FTS5 walks them in step with the others, and their IDF
   is close to zero anyway.
3. **Pool.** Candidates ranked by the summed IDF of the terms known to be in them; the best
   ``SHORTLIST ×`` the pool go through the filter (primary-key probes) and get their lengths,
   the ``max(MIN_POOL, limit × POOL_FACTOR)`` best by length-aware score are completed (one
   ``rowid IN`` probe per truncated term for pool rows older than its window) and scored.

Scores follow FTS5's ``bm25()`` (k1 = 1.2, b = 0.75, IDF ``ln((N − n + 0.5)/(n + 0.5))``
floored at 1e-6, document length over all columns, column weights) with one approximation:
each term counts once per column it appears in (term frequency 1). Measured against the
exact lane in BENCHMARKS.md ("Bounded text lane").

The plan runs only in stores of at least ``BOUNDED_MIN_ROWS`` rows, when some term matches more
than ``TERM_WINDOW`` rows and the terms together more than ``EXACT_MAX_ROWS``; below that the
exact FTS5 query is as cheap, so small stores rank exactly as before. When the plan finds fewer
than ``limit`` admitted rows (a narrow scope, type or time filter), the caller runs the exact
query, so a filter never costs hits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from worlddb.index.filters import WorldFilter
from worlddb.store.lane_protocols import LaneQueries

__all__ = [
    "BM25_B",
    "BM25_K1",
    "BOUNDED_MIN_ROWS",
    "CONJUNCTIVE_MAX_FRACTION",
    "EXACT_MAX_ROWS",
    "MIN_POOL",
    "POOL_FACTOR",
    "TERM_WINDOW",
    "bounded_top",
]

TERM_WINDOW: Final = 250
"""Newest matches read per term. Chosen by measured loss (BENCHMARKS.md, "Bounded text lane"):
250, 500 and 1,000 gave the same quality at 1M documents; 2,000 cost twice the CPU for none."""
POOL_FACTOR: Final = 5
MIN_POOL: Final = 50
"""Candidates completed and scored: ``max(MIN_POOL, limit × POOL_FACTOR)``."""
SHORTLIST: Final = 8
"""Rows per conjunctive probe and rows whose lengths are read: ``SHORTLIST ×`` the pool."""
CONJUNCTIVE_MAX_FRACTION: Final = 0.03
"""Beyond the two rarest terms, the conjunctive probe takes only terms in at most this share of
the documents (IDF ≥ ~3.5): a word in a third of the store adds cost, not selectivity."""
PAIR_TERMS: Final = 3
"""The rarest terms whose pairs are also probed: a row holding two of them outranks one holding
only one, wherever it sits in time."""
BOUNDED_MIN_ROWS: Final = 250_000
"""Stores with fewer rows always run the exact query: at 100k worlds it costs 4.6 ms CPU on the
mean against this plan's 8.7 (its common-term rewrite keeps it small); at 575k, 23 against 9.
The crossover between the two was not measured; 250k is a guess inside it."""
EXACT_MAX_ROWS: Final = 5_000
"""Up to this many matching rows (summed over the terms, estimated) the exact FTS5 query runs.
Measured at 575k worlds, 200 questions (BENCHMARKS.md): CPU P95 27.2 ms with 20,000 here (the
exact queries just under it are the slowest), 11.9 with 5,000, 12.0 with none; the top-10
quality against the exact lane stayed (source fact found 50% both ways, summed BM25 1.00)."""
BM25_K1: Final = 1.2
BM25_B: Final = 0.75
_IDF_FLOOR: Final = 1e-6


def bounded_top(
    backend: LaneQueries,
    terms: Sequence[str],
    flt: WorldFilter,
    limit: int,
    weights: tuple[float, float],
) -> list[tuple[int, float]] | None:
    """The ``limit`` best ``(rid, score)`` for the quoted ``terms`` (OR), best first.

    Returns:
        ``None`` when the exact query is cheap (a store under ``BOUNDED_MIN_ROWS``, every term
        complete within its window, or the terms together in at most ``EXACT_MAX_ROWS`` rows),
        or when fewer than ``limit``
        admitted rows were found: the caller then runs the exact query.
    """
    bound = backend.row_bound()
    if bound < BOUNDED_MIN_ROWS:
        return None
    windows = {term: backend.newest_matches(term, TERM_WINDOW + 1) for term in terms}
    if all(len(rows) <= TERM_WINDOW for rows in windows.values()):
        return None
    frequency: dict[str, float] = {}
    oldest: dict[str, int] = {}  # truncated terms: rows below this rid were not read
    known: dict[int, set[str]] = {}
    for term, rows in windows.items():
        if len(rows) > TERM_WINDOW:
            oldest[term] = rows[-1]
            frequency[term] = len(rows) * bound / max(1, bound - rows[-1] + 1)
        else:
            frequency[term] = len(rows)
        for rid in rows:
            known.setdefault(rid, set()).add(term)
    if sum(frequency.values()) <= EXACT_MAX_ROWS:
        return None
    docs, mean_length = backend.text_stats()
    idf = {term: _idf(frequency[term], docs) for term in terms}
    pool_size = max(MIN_POOL, limit * POOL_FACTOR)
    by_rarity = sorted(terms, key=lambda t: frequency[t])
    informative = [
        t
        for i, t in enumerate(by_rarity)
        if i < 2 or frequency[t] <= docs * CONJUNCTIVE_MAX_FRACTION
    ]
    for group in _conjunctions(informative):
        for rid in backend.newest_matches(" AND ".join(group), pool_size * SHORTLIST):
            known.setdefault(rid, set()).update(group)
    # Shortlist by the terms known so far, then by a length-aware score; the filter probes go
    # in that order, a batch at a time, until the pool is full.
    ranked = sorted(known, key=lambda rid: (-sum(idf[t] for t in known[rid]), -rid))
    sizes = backend.doc_lengths(ranked[: pool_size * SHORTLIST])
    named: dict[int, dict[str, float]] = {}  # rows with a name: each term's weighted frequency

    def score(rid: int) -> float:
        size = sizes.get(rid, ())
        freqs = named.get(rid)
        parts = [(idf[t], freqs.get(t, 0.0) if freqs else weights[1]) for t in known[rid]]
        return _score(parts, sum(size), mean_length)

    shortlist = sorted(sizes, key=lambda rid: (-score(rid), rid))
    pool: list[int] = []
    for start in range(0, len(shortlist), pool_size * 2):
        batch = shortlist[start : start + pool_size * 2]
        admitted = backend.admit_rids(batch, flt)
        pool += [rid for rid in batch if rid in admitted]
        if len(pool) >= pool_size:
            break
    pool = pool[:pool_size]
    if len(pool) < limit:
        return None
    for term, last in oldest.items():
        unread = [rid for rid in pool if rid < last and term not in known[rid]]
        for rid in backend.matching_among(term, unread) if unread else ():
            known[rid].add(term)
    with_name = [rid for rid in pool if sizes.get(rid, (0,))[0] > 0]
    if with_name:
        named.update(_column_weights(backend, terms, with_name, weights))
    scored = [(rid, score(rid)) for rid in pool]
    scored.sort(key=lambda hit: (-hit[1], hit[0]))
    return scored[:limit]


def _column_weights(
    backend: LaneQueries, terms: Sequence[str], rids: Sequence[int], weights: tuple[float, float]
) -> dict[int, dict[str, float]]:
    """For rows with a name: each term's BM25 frequency, its column weights summed."""
    out: dict[int, dict[str, float]] = {rid: {} for rid in rids}
    for term in terms:
        for column, weight in zip(("name", "content"), weights, strict=True):
            for rid in backend.matching_among(f"{column} : {term}", rids):
                out[rid][term] = out[rid].get(term, 0.0) + weight
    return out


def _conjunctions(informative: Sequence[str]) -> list[tuple[str, ...]]:
    """All the informative terms together, then each pair of the ``PAIR_TERMS`` rarest."""
    if len(informative) < 2:
        return []
    groups = [tuple(informative)]
    rarest = informative[:PAIR_TERMS]
    groups += [pair for pair in combinations(rarest, 2) if pair != groups[0]]
    return groups


def _idf(frequency: float, docs: int) -> float:
    value = math.log((docs - frequency + 0.5) / (frequency + 0.5)) if docs > frequency else 0.0
    return value if value > 0 else _IDF_FLOOR


def _score(parts: Sequence[tuple[float, float]], length: int, mean_length: float) -> float:
    """FTS5's ``bm25()`` of a row of ``length`` tokens from ``(idf, weighted frequency)`` pairs."""
    norm = BM25_K1 * (1 - BM25_B + BM25_B * (length / mean_length if mean_length else 1.0))
    return sum(idf * f * (BM25_K1 + 1) / (f + norm) for idf, f in parts if f > 0)
