"""The query pipeline: a start set (ids, text or vector), then graph operators → ``Subgraph``.

``Query`` is the fluent builder and executor (``worlddb.query.run``); ``QuerySpec`` and its
operators are the declarative form (``worlddb.query.spec``).
"""

from worlddb.query.run import MAX_NODES, Query
from worlddb.query.spec import (
    DEFAULT_START_K,
    MAX_HOPS,
    Beam,
    Bounds,
    Expand,
    Filter,
    Limit,
    Operator,
    PreferSummaries,
    QuerySpec,
    ShortestPath,
    Spread,
    Subgraph,
    WhereConnected,
    plan_start,
)

__all__ = [
    "DEFAULT_START_K",
    "MAX_HOPS",
    "MAX_NODES",
    "Beam",
    "Bounds",
    "Expand",
    "Filter",
    "Limit",
    "Operator",
    "PreferSummaries",
    "Query",
    "QuerySpec",
    "ShortestPath",
    "Spread",
    "Subgraph",
    "WhereConnected",
    "plan_start",
]
