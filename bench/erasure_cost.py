"""What erasure's file scrubbing costs: ``secure_delete`` on ingest, and one ``erase_scope``.

Usage: ``.venv/bin/python bench/erasure_cost.py [NOTES] [ROUNDS]`` (defaults 3000, 3). Each round
ingests NOTES notes (one in ten under user_id=alice) into a fresh file store with the hash
embedder and no extractor, once with ``secure_delete`` OFF and once ON (alternating), then erases
alice's scope (delete + full-text merge + WAL truncate). Prints medians.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from worlddb import WorldDB
from worlddb.testing import HashEmbedder


def one_round(notes: int, secure: bool) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as folder:
        db = WorldDB.open(Path(folder) / "b.db", embedder=HashEmbedder(), extractor=None)
        db.store._write_connection.execute(f"PRAGMA secure_delete = {'ON' if secure else 'OFF'}")
        started = time.perf_counter()
        for i in range(notes):
            user = "alice" if i % 10 == 0 else f"user{i % 7}"
            db.remember(
                f"Note {i}: I work at Company{i % 50} in City{i % 30}; my manager is "
                f"Person{i % 40} Smith.",
                scopes={"user_id": user},
            )
        ingest = time.perf_counter() - started
        started = time.perf_counter()
        db.erase_scope("user_id", "alice")
        erase = time.perf_counter() - started
        db.close()
    return ingest, erase


def main() -> None:
    notes = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    runs: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    for _ in range(rounds):
        for secure in (False, True):
            runs[secure].append(one_round(notes, secure))
    for secure in (False, True):
        ingest = statistics.median(r[0] for r in runs[secure])
        erase = statistics.median(r[1] for r in runs[secure])
        print(
            f"secure_delete={'ON ' if secure else 'OFF'} notes={notes}: ingest "
            f"{notes / ingest:.0f} notes/s, erase_scope({notes // 10} notes) {erase * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
