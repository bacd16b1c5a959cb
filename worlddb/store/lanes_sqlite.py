"""``SqliteLanes``: the SQLite store's answer to every retrieval-lane Protocol.

One object per store (``Store.lanes``), holding nothing but the store it reads through; each
group of queries lives in its own module (text and admission, vectors and composition, graph
and hydration) so each stays small. The Protocols and their calling contract are in
``worlddb.store.lane_protocols``.
"""

from __future__ import annotations

from worlddb.store.lanes_graph import GraphSql, HydrationSql, NameSql
from worlddb.store.lanes_text import AdmissionSql, TextSql
from worlddb.store.lanes_vectors import CompositionSql, DenseSql

__all__ = ["SqliteLanes"]


class SqliteLanes(TextSql, DenseSql, CompositionSql, NameSql, GraphSql, AdmissionSql, HydrationSql):
    """Every lane's backend queries over one SQLite ``Store`` (satisfies ``LaneQueries``)."""
