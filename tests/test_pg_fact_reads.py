"""The store-level tests of ``tests/test_fact_reads.py`` on PostgreSQL (``tests/pg_support``)."""

from __future__ import annotations

from tests.pg_support import adopt

ADOPTED = adopt("tests.test_fact_reads", globals())
