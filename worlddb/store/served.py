"""The SQL helpers a store serves to the layers above, built over the store's own connection.

The resolver's candidate reads (``ResolverQueries``) and multi-evidence recall's episode reads
(``SqliteEpisodeReads``) are written in SQLite's SQL; the PostgreSQL store runs the same
statements through its dialect layer. Both backends serve them the same way, as
``resolver_queries`` and ``episodes`` (``worlddb.store.protocols.Store``), so the layers above
never build a backend's helper from a backend's class.
"""

from __future__ import annotations

from functools import cached_property

from worlddb.store.episodes import SqliteEpisodeReads
from worlddb.store.resolver_queries import ResolverQueries
from worlddb.store.sql import ConnectionMixin

__all__ = ["ServedQueries"]


class ServedQueries(ConnectionMixin):
    """``resolver_queries`` and ``episodes`` over ``_connection``/``_guard`` (one instance
    each per store: they hold no state)."""

    @cached_property
    def resolver_queries(self) -> ResolverQueries:
        """The resolver's candidate and recluster reads."""
        return ResolverQueries(self)

    @cached_property
    def episodes(self) -> SqliteEpisodeReads:
        """Multi-evidence recall's episode, vector and frequency reads."""
        return SqliteEpisodeReads(self)
