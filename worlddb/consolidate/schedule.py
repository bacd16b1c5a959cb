"""Running the consolidator on a schedule (the MCP server's ``--consolidate-every``).

A daemon thread wakes every ``every_s`` seconds and runs one consolidation. It writes through
the same engine as the server's tools; the reconciler serialises writers (one write transaction
at a time), so a consolidation and a tool call never interleave inside a commit. A failed run is
logged and counted, and the next one starts on time: a background job must not take the server
down, and its cursors make the next run pick up where the failed one stopped.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence
from typing import Final

from worlddb.errors import ValidationError

__all__ = ["ConsolidationSchedule", "parse_every", "split_names"]

logger = logging.getLogger(__name__)

_DURATION: Final = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|m|h|d)?\s*$")
_UNIT_S: Final = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


def parse_every(text: str | None) -> float | None:
    """Seconds from ``"90"``, ``"30s"``, ``"10m"``, ``"2h"``, ``"1d"``; ``None`` for empty,
    ``"0"`` or ``"off"`` (no schedule)."""
    if text is None or not text.strip() or text.strip().lower() == "off":
        return None
    match = _DURATION.match(text)
    if match is None:
        raise ValidationError(
            f"a duration looks like 30s, 10m, 2h or 1d, not {text!r}", field="every", value=text
        )
    seconds = float(match.group(1)) * _UNIT_S[match.group(2) or "s"]
    return seconds or None


class ConsolidationSchedule:
    """Call ``run`` every ``every_s`` seconds on a daemon thread until ``stop``."""

    def __init__(
        self,
        run: Callable[[], object],
        every_s: float,
        *,
        name: str = "worlddb-consolidate",
    ) -> None:
        if every_s <= 0:
            raise ValidationError("every_s must be positive", field="every", value=every_s)
        self._run = run
        self.every_s = every_s
        self.runs = 0
        self.errors = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)

    def start(self) -> ConsolidationSchedule:
        self._thread.start()
        return self

    def stop(self, timeout: float | None = 30.0) -> None:
        """Stop waking up; wait up to ``timeout`` for a run in progress to finish."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _loop(self) -> None:
        while not self._stop.wait(self.every_s):
            try:
                self._run()
            except Exception:  # a background job logs and carries on (see the module doc)
                self.errors += 1
                logger.exception("scheduled consolidation failed")
            finally:
                self.runs += 1


def split_names(values: Sequence[str]) -> list[str] | None:
    """``--steps a,b --steps c`` → ``["a", "b", "c"]`` (``None`` when none were given); the
    comma lists of the CLI and server options."""
    names = [n.strip() for v in values for n in v.split(",") if n.strip()]
    return names or None
