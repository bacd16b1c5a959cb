"""The invariant state machine (``tests/test_invariants.py``) on PostgreSQL, at a small size.

Same rules, model and invariants; the store is a fresh PostgreSQL schema per run. Fewer steps
and examples than on SQLite (each example opens a schema and migrates it), enough to drive
every rule through the PostgreSQL transaction, the dialect layer and the reads.
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis.stateful import invariant

from tests import test_invariants as sqlite_machine
from tests.conftest import PgServer
from worlddb.engine import WorldDB
from worlddb.resolver import ExactResolver

_SERVER: list[PgServer] = []


class PgStoreMachine(sqlite_machine.StoreMachine):
    """``StoreMachine`` over PostgreSQL."""

    def _open(self) -> WorldDB:
        if not hasattr(self, "url"):
            self.url = _SERVER[0].fresh_url()
        db = WorldDB.open(self.url, embedder=None, extractor=None, clock=self.clock)
        db.reconciler.resolver = ExactResolver(db.store)
        return db

    # The parent's invariants read the store's connection directly: hold a lease around them.
    @invariant()
    def ids_are_hashes_of_stored_bytes(self) -> None:
        with self.db.store._guard:
            super().ids_are_hashes_of_stored_bytes()

    @invariant()
    def edges_match_the_model_and_never_dangle(self) -> None:
        with self.db.store._guard:
            super().edges_match_the_model_and_never_dangle()

    @invariant()
    def fts_rows_match_the_text_worlds(self) -> None:
        with self.db.store._guard:
            super().fts_rows_match_the_text_worlds()

    @invariant()
    def structure_and_membership_match_the_model(self) -> None:
        with self.db.store._guard:
            super().structure_and_membership_match_the_model()


def _pg_logical_dump(db: WorldDB) -> dict[str, object]:
    """Every row of every table of the store's schema, sorted (``logical_dump`` for SQLite)."""
    with db.store._guard:
        conn = db.store._connection
        tables = [
            str(r[0])
            for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
                "ORDER BY tablename"
            )
        ]
        return {
            t: sorted(conn.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in tables
        }


def test_store_invariants_on_postgres(pg_server: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    _SERVER[:] = [pg_server]
    monkeypatch.setattr(sqlite_machine, "logical_dump", _pg_logical_dump)
    # "the file is unchanged" becomes "every row is unchanged": PostgreSQL has no one file.
    monkeypatch.setattr(sqlite_machine, "file_bytes", lambda db: repr(_pg_logical_dump(db)))
    PgStoreMachine.TestCase.settings = settings(
        max_examples=8, stateful_step_count=15, deadline=None
    )
    PgStoreMachine.TestCase().runTest()


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
