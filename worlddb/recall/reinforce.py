"""``Reinforcer``: records which worlds each recall returned, off the recall's own path.

A recall must not wait for a write, and a write of retention rows must not make the store's
real writers (the reconciler) wait either. So ``record`` only appends ``(rid, time)`` pairs to
an in-memory buffer (a lock and a list append: microseconds), and a daemon thread writes the
buffer every ``flush_every_s`` seconds in one short transaction through
``RetentionRows.reinforce``, waiting at most ``wait_s`` for the write lock. If the lock is busy
the events stay buffered for the next attempt; past ``max_pending`` the oldest are dropped and
counted in ``dropped`` (retention is a soft signal: losing a few recalls under a write storm is
better than slowing anything). ``flush()`` writes now (tests, the CLI), ``close()`` flushes
and stops the thread. Switch it off by not building one (``WorldDB(record_recalls=False)``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import Final

from worlddb.recall.retention import RetentionModel
from worlddb.store.retention import RetentionRows
from worlddb.timeutil import now_us

__all__ = ["Reinforcer"]

logger = logging.getLogger(__name__)

FLUSH_EVERY_S: Final = 2.0
WAIT_S: Final = 0.05
MAX_PENDING: Final = 100_000


class Reinforcer:
    """Buffers recall events and writes them in batches on a background thread."""

    def __init__(
        self,
        rows: RetentionRows,
        model: RetentionModel | None = None,
        *,
        clock: Callable[[], int] = now_us,
        flush_every_s: float = FLUSH_EVERY_S,
        wait_s: float = WAIT_S,
        max_pending: int = MAX_PENDING,
        background: bool = True,
    ) -> None:
        self.rows = rows
        self.model = model or RetentionModel()
        self.clock = clock
        self.flush_every_s = flush_every_s
        self.wait_s = wait_s
        self.max_pending = max_pending
        self.background = background
        self.dropped = 0
        self._pending: list[tuple[int, int]] = []
        self._lock = threading.Lock()
        self._flushing = threading.Lock()
        self._wake = threading.Event()
        self._stop = False
        self._thread: threading.Thread | None = None

    def record(self, rids: Sequence[int]) -> None:
        """Count one recall of each of ``rids`` now. Never blocks on the store."""
        if not rids:
            return
        at = self.clock()
        with self._lock:
            if self._stop:
                return
            self._pending.extend((rid, at) for rid in rids)
            excess = len(self._pending) - self.max_pending
            if excess > 0:
                del self._pending[:excess]
                self.dropped += excess
            if self.background and self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="worlddb-reinforce", daemon=True
                )
                self._thread.start()

    @property
    def pending(self) -> int:
        """How many recall events wait to be written."""
        with self._lock:
            return len(self._pending)

    def flush(self, wait_s: float | None = None) -> bool:
        """Write the buffered events now; ``False`` if the write lock stayed busy (they are
        kept for the next attempt)."""
        with self._flushing:
            with self._lock:
                batch, self._pending = self._pending, []
            if not batch:
                return True
            events: dict[int, list[int]] = {}
            for rid, at in batch:
                events.setdefault(rid, []).append(at)
            try:
                written = self.rows.reinforce(
                    events, self.model.combine, self.wait_s if wait_s is None else wait_s
                )
            except Exception:  # a closed store, a full disk: retention is never worth a crash
                logger.warning("retention: could not record %d recalls", len(batch), exc_info=True)
                return False
            if not written:
                with self._lock:
                    self._pending[:0] = batch
            return written

    def close(self, wait_s: float = 1.0) -> None:
        """Stop the thread and make one last attempt to write what is buffered."""
        with self._lock:
            self._stop = True
            thread, self._thread = self._thread, None
        self._wake.set()
        if thread is not None:
            thread.join()
        self.flush(wait_s)

    def _run(self) -> None:
        while True:
            self._wake.wait(self.flush_every_s)
            if self._stop:
                return
            self.flush()
