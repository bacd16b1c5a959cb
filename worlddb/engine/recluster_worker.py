"""The background recluster worker: the after-commit pass leaves the caller's latency.

Re-resolving the neighbourhood of a commit's entities only stages ``same_as`` proposals, never
merges, so nothing the caller reads depends on it having run: it need not sit between a
``remember()`` and its return (measured: it was most of a write's time). One daemon thread per
``WorldDB`` takes the seeds of every resolving commit, coalesces whatever arrived while it was
busy into one pass (bounded by the recluster budget, like before) and stages its proposals
through the reconciler like any write. ``drain()`` waits for the queue to empty (tests, a
caller that wants the proposals now); ``close()`` drains and stops the thread. A failed pass is
logged with its traceback and counted (``errors``), never raised into an unrelated caller.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import Final

__all__ = ["MAX_COALESCED", "MAX_PENDING_SEEDS", "ReclusterWorker"]

logger = logging.getLogger(__name__)

# A coalesced pass gets the budget of each commit it covers, up to this many commits' worth.
MAX_COALESCED: Final = 8
# Seeds kept waiting at most; older ones are dropped first (the pass is best-effort and bounded
# anyway, and a write storm must not grow memory without limit).
MAX_PENDING_SEEDS: Final = 4096


class ReclusterWorker:
    """Runs ``run(seeds, commits)`` on one background thread for what ``submit`` queues.

    ``commits`` is how many submissions the pass coalesces (at most ``MAX_COALESCED``), so the
    caller can give it that many commits' budget.
    """

    def __init__(
        self, run: Callable[[Sequence[str], int], object], *, name: str = "recluster"
    ) -> None:
        self._run = run
        self._name = name
        self._pending: dict[str, None] = {}  # insertion-ordered set of seeds
        self._commits = 0
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._cond = threading.Condition()
        self.errors = 0  # passes that raised (each logged with its traceback)
        self.dropped = 0  # seeds dropped because MAX_PENDING_SEEDS were already waiting
        self.passes = 0

    def submit(self, seeds: Sequence[str]) -> None:
        """Queue ``seeds`` for the next pass (a no-op after ``close()``)."""
        with self._cond:
            if self._closed or not seeds:
                return
            for seed in seeds:
                self._pending.pop(seed, None)
                self._pending[seed] = None
            self._commits += 1
            while len(self._pending) > MAX_PENDING_SEEDS:
                del self._pending[next(iter(self._pending))]
                self.dropped += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def pending(self) -> int:
        """Seeds queued or being reclustered right now (0 when idle)."""
        with self._cond:
            return len(self._pending) + (1 if self._busy else 0)

    def drain(self, timeout: float | None = None) -> bool:
        """Wait until every queued seed was reclustered; False if ``timeout`` ran out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self) -> None:
        """Finish the queued work, then stop the thread. Idempotent."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending) or self._closed)
                if not self._pending:  # closed and nothing left
                    return
                seeds = list(self._pending)
                commits = min(max(self._commits, 1), MAX_COALESCED)
                self._pending.clear()
                self._commits = 0
                self._busy = True
            try:
                self._run(seeds, commits)
            except Exception:
                self.errors += 1
                logger.warning("background recluster pass failed", exc_info=True)
            finally:
                with self._cond:
                    self._busy = False
                    self.passes += 1
                    self._cond.notify_all()
