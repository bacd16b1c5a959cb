"""The store contract tests (``tests/test_store.py`` and friends) against PostgreSQL.

Each adopted test is the SQLite one, unchanged, with a ``db`` on a fresh PostgreSQL schema
(``tests/pg_support.py``); skipped when the session's server cannot start.
"""

from __future__ import annotations

from tests.pg_support import adopt

ADOPTED = adopt("tests.test_store", globals())
