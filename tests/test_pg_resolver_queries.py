"""The store-level tests of ``tests/test_resolver_queries.py`` on PostgreSQL."""

from __future__ import annotations

from tests.pg_support import adopt

ADOPTED = adopt("tests.test_resolver_queries", globals())
