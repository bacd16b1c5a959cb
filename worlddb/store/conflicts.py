"""Write conflicts a backend reports instead of waiting, and the retry of a whole changeset.

SQLite and the PostgreSQL backend's default serialise writers on one lock, so a changeset
never meets a concurrent one. Under the PostgreSQL backend's ``serializable`` write mode
(``WORLDDB_PG_WRITES=serializable``, measured against the lock in BENCHMARKS.md) concurrent
transactions run at once and the server aborts one of two that conflict; the store raises
``WriteConflictError`` and nothing of that transaction was written. The reconciler then runs the
changeset's resolution and commit again from the start (``retry_conflicts``), on the state
the winner committed: decisions are never carried over from the aborted attempt.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final, TypeVar

from worlddb.errors import WorldDBError

__all__ = ["CONFLICT_ATTEMPTS", "WriteConflictError", "retry_conflicts"]

CONFLICT_ATTEMPTS: Final = 40
_BACKOFF_S: Final = 0.005
_BACKOFF_MAX_S: Final = 0.5

T = TypeVar("T")


class WriteConflictError(WorldDBError, RuntimeError):
    """A concurrent write transaction conflicted with this one; nothing of it was written."""


def retry_conflicts(attempt: Callable[[], T], *, attempts: int = CONFLICT_ATTEMPTS) -> T:
    """``attempt()``, run again (after a short random back-off) while it raises
    ``WriteConflictError``, at most ``attempts`` times; the last conflict propagates."""
    for tried in range(1, attempts + 1):
        try:
            return attempt()
        except WriteConflictError:
            if tried == attempts:
                raise
            time.sleep(random.uniform(0, _BACKOFF_S * 2 ** min(tried, 6)))
    raise AssertionError("unreachable")  # pragma: no cover
