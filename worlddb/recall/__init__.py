"""Recall: hybrid retrieval (BM25, vectors, entity graph) fused with RRF, with no model call.

``Recall`` is constructed from a store, its vector index, embedder and edge handlers; the
``WorldDB`` facade holds one. Results are ``RecallResult``s of self-explaining ``RecallHit``s.
"""

from worlddb.recall.fate import Succession
from worlddb.recall.result import Neighbour, RecallHit, RecallResult
from worlddb.recall.search import (
    DEFAULT_DEPTH,
    LANES,
    OPTIONAL_LANES,
    FuzzyLookup,
    Recall,
    RecallSettings,
    resolver_fuzzy,
)

__all__ = [
    "DEFAULT_DEPTH",
    "LANES",
    "OPTIONAL_LANES",
    "FuzzyLookup",
    "Neighbour",
    "Recall",
    "RecallHit",
    "RecallResult",
    "RecallSettings",
    "Succession",
    "resolver_fuzzy",
]
