"""``worlddb bench retention``: what recording recall reinforcement costs a recall.

Two stores with the same ``memories`` notes (``HashEmbedder``), one recording recalls
(``record_recalls=True``, the default: a ``Reinforcer`` buffering and flushing in the
background) and one not. The same ``queries`` recalls run against each, alternating store per
round (``rounds``), and each statistic is the median over rounds. Also reported: the cost of
``Reinforcer.record`` itself and of one background flush (the only part that takes the write
lock), per recall it carried.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from worlddb.engine import WorldDB
from worlddb.model import Changeset, WorldSpec
from worlddb.testing import HashEmbedder

__all__ = ["run_retention_bench"]

_WORDS = (
    "piano", "lesson", "garden", "budget", "flight", "hotel", "doctor", "marathon", "coffee",
    "laptop", "release", "incident", "hiring", "salary", "vacation", "birthday", "apartment",
)  # fmt: skip


def _fill(db: WorldDB, memories: int, seed: int) -> None:
    rng = random.Random(seed)
    for lo in range(0, memories, 1000):
        specs = [
            WorldSpec(type="Note", content=f"{' '.join(rng.choices(_WORDS, k=8))} #{i}")
            for i in range(lo, min(lo + 1000, memories))
        ]
        db.write(Changeset(worlds=tuple(specs)))


def run_retention_bench(
    memories: int = 10_000, *, queries: int = 200, rounds: int = 3, seed: int = 0
) -> dict[str, object]:
    """Recall P50/P95 with and without recording, and the recorder's own costs."""
    rng = random.Random(seed + 1)
    questions = [" ".join(rng.choices(_WORDS, k=3)) for _ in range(queries)]
    with tempfile.TemporaryDirectory() as tmp:
        dbs = {
            flag: WorldDB.open(
                Path(tmp) / f"{flag}.db",
                embedder=HashEmbedder(128),
                extractor=None,
                record_recalls=flag == "on",
            )
            for flag in ("on", "off")
        }
        try:
            for db in dbs.values():
                _fill(db, memories, seed)
            runs: dict[str, list[tuple[float, float]]] = {"on": [], "off": []}
            for _ in range(rounds):
                for flag, db in dbs.items():
                    ms = []
                    for q in questions:
                        began = time.perf_counter()
                        db.recall(q)
                        ms.append((time.perf_counter() - began) * 1000)
                    runs[flag].append((float(np.percentile(ms, 50)), float(np.percentile(ms, 95))))
            recorder = dbs["on"].reinforcer
            assert recorder is not None
            recorder.flush()
            began = time.perf_counter()
            for _ in range(queries):
                recorder.record(list(range(1, 11)))
            record_us = (time.perf_counter() - began) * 1e6 / queries
            began = time.perf_counter()
            recorder.flush()
            flush_ms = (time.perf_counter() - began) * 1000
        finally:
            for db in dbs.values():
                db.close()
    out: dict[str, object] = {"memories": memories, "queries": queries, "rounds": rounds}
    for flag in ("off", "on"):
        out[f"recall_p50_ms_{flag}"] = round(statistics.median(p for p, _ in runs[flag]), 3)
        out[f"recall_p95_ms_{flag}"] = round(statistics.median(p for _, p in runs[flag]), 3)
    out["record_call_us"] = round(record_us, 2)
    out["flush_ms_per_recall"] = round(flush_ms / queries, 4)
    return out
