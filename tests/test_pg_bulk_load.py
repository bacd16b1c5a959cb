"""The store-level bulk-load tests of ``tests/test_bulk_load.py`` on PostgreSQL, whose store
has no deferred upkeep: ``write_bulk`` is one plain transaction there (``tests/pg_support``)."""

from __future__ import annotations

from tests.pg_support import adopt

# Not adopted: its own marker asks for the hash embedder on SQLite (the HNSW sidecar).
ADOPTED = adopt(
    "tests.test_bulk_load",
    globals(),
    skip=("test_a_bulk_load_with_an_embedder_indexes_its_vectors_after_the_commit",),
)
