"""The store-level tests of ``tests/test_scopes_memory.py`` on PostgreSQL (``tests/pg_support``)."""

from __future__ import annotations

from tests.pg_support import adopt

ADOPTED = adopt("tests.test_scopes_memory", globals())
