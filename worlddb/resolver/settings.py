"""The resolver's thresholds and limits, shared by its tiers (``tiered``, ``alias_tier``,
``scoring``). Pure: a frozen dataclass."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ResolverSettings"]


@dataclass(frozen=True, slots=True)
class ResolverSettings:
    """The resolver's thresholds and limits (scores are in [0, 1]; cosine for embeddings).

    A tier's *accept* threshold makes an answer a candidate; its *confident* threshold, when the
    runner-up trails by at least ``margin``, stops the run at that tier. A name that ties more
    than ``max_ambiguous`` worlds ("J. Smith" among many Smiths) is too unspecific to propose
    anything: it resolves as ``new``. Blocking limits: ``block_limit`` rows per FTS stage,
    ``any_limit`` per left-out-word query, ``phonetic_limit`` per phonetic-key or alias-prefix
    lookup, ``embedding_k`` nearest neighbours. The defaults were tuned on the seeded benchmark
    (``worlddb.bench.resolver``); see its report for what each tier catches.
    """

    fuzzy_accept: float = 0.9
    fuzzy_confident: float = 0.94
    phonetic_accept: float = 0.86
    phonetic_confident: float = 0.9
    embedding_accept: float = 0.95
    embedding_confident: float = 0.98
    margin: float = 0.02
    max_ambiguous: int = 2
    block_limit: int = 48
    any_limit: int = 16
    phonetic_limit: int = 16
    embedding_k: int = 16
    round5_matching: bool = True
    """Round 5 of issue 13, on by default since it was measured on every development set at 10k
    and 100k (no set regresses; round 4's set gains 0.04 precision and 0.19 recall; latency in
    BENCHMARKS.md, "Round 5, finished"): type class words optional at a name's end
    ("Nagoya City", "Kazlib License"), leading words read as unlisted titles at a penalty, names
    across scripts compared by romanisation-insensitive consonant keys, syllabic acronyms
    ("UNIMEP"), and acronym keys that skip particles of other languages. ``False`` is the
    round-4 resolver, kept for ablations (bench ``-p round5=0``)."""
