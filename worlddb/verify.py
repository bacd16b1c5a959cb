"""Check a store against the reconciler's invariants (see ``worlddb.reconciler``). Read-only.

Each problem is reported as one line naming the invariant (``I1``...) and the offending ids, so
``worlddb verify`` can print them and the Hypothesis state machine can assert there are none.
The checks themselves are queries over the backend's tables, so the backend runs them
(``Store.invariant_problems``; for SQLite, ``worlddb.store.invariants``); this module caps and
reports them.
"""

from __future__ import annotations

from worlddb.store.protocols import Store

__all__ = ["verify_store"]

MAX_REPORTED = 50


def verify_store(store: Store) -> list[str]:
    """Every invariant violation found in ``store`` (empty when healthy), at most 50."""
    return store.invariant_problems()[:MAX_REPORTED]
