"""The store-level tests of ``tests/test_index_fts.py`` on PostgreSQL (``tests/pg_support``)."""

from __future__ import annotations

from tests.pg_support import adopt

# Not adopted: asserts SQLite's FTS5 query plan (PostgreSQL's plan is a GIN bitmap scan).
ADOPTED = adopt(
    "tests.test_index_fts",
    globals(),
    skip=("test_plan_runs_the_fts_match_first_then_primary_key_probes",),
)
