"""The harness's progress line: questions done, wall and CPU seconds per question, time left.

On a terminal the line is redrawn in place; in a log it is printed every 5% of the run.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import IO

__all__ = ["Progress"]


class Progress:
    """A plain-text progress line on stderr: a redrawn line on a terminal, else every 5%.

    Each line shows questions done, wall seconds and CPU seconds per question so far, and the
    time left at the rate so far.
    """

    def __init__(self, total: int, stream: IO[str] | None) -> None:
        self.total, self.stream, self.done, self.cpu = total, stream, 0, 0.0
        self.started = time.perf_counter()
        self.tty = bool(stream is not None and stream.isatty())
        self.every = max(1, total // 20)

    def start(self, workers: int, threads: int | None, skipped: int, cache: Path | None) -> None:
        if self.stream is None:
            return
        where = "no embedding cache" if cache is None else f"embedding cache {cache}"
        self.stream.write(
            f"longmemeval: {self.total} questions to rank ({skipped} already done), "
            f"{workers} worker(s) x {threads or 'default'} thread(s), {where}\n"
        )
        self.stream.flush()

    def step(self, cpu_s: float = 0.0) -> None:
        self.done += 1
        self.cpu += cpu_s
        if self.stream is None or not (
            self.tty or self.done % self.every == 0 or self.done == self.total
        ):
            return
        elapsed = time.perf_counter() - self.started
        rate = elapsed / self.done
        eta = rate * (self.total - self.done)
        line = (
            f"longmemeval {self.done:>4d}/{self.total} {100 * self.done / self.total:5.1f}% "
            f"{rate:6.2f} s/q {self.cpu / self.done:6.2f} CPU-s/q  "
            f"elapsed {_clock(elapsed)}  eta {_clock(eta)}"
        )
        self.stream.write(f"\r{line}" if self.tty else f"{line}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None and self.tty and self.done:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes // 60:d}:{minutes % 60:02d}:{secs:02d}"
