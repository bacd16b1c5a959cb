"""The store-level tests of ``tests/test_verify.py`` on PostgreSQL (``tests/pg_support``)."""

from __future__ import annotations

from tests.pg_support import adopt

# Not adopted: one case stores a NUL character, which PostgreSQL text cannot hold
# (a known difference: the PostgreSQL backend refuses it with a ValidationError).
ADOPTED = adopt(
    "tests.test_verify", globals(), skip=("test_ordinary_punctuation_is_not_reported_as_fts_drift",)
)
