"""The store-level tests of ``tests/test_engine.py`` on PostgreSQL (``tests/pg_support``)."""

from __future__ import annotations

from tests.pg_support import adopt

# Not adopted: its helper reads the SQLite connection directly.
ADOPTED = adopt(
    "tests.test_engine",
    globals(),
    skip=("test_an_edit_re_hashes_exactly_the_world_and_its_ancestors",),
)
