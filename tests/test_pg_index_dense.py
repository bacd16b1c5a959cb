"""The store-level tests of ``tests/test_index_dense.py`` on PostgreSQL (``tests/pg_support``)."""

from __future__ import annotations

from tests.pg_support import adopt

ADOPTED = adopt("tests.test_index_dense", globals())
