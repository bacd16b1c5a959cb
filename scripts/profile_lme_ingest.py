"""Profile the part of LongMemEval ingest that is not the embedding model (issue 14).

Why: a cold LongMemEval run is the embedder's time plus everything else; the embedder's share
is measured by the run itself, and this shows where the rest goes. Each of a few questions'
haystacks is ingested into a fresh in-memory store exactly as the harness does
(``worlddb.eval.worker._ingest``), with the hashing test embedder (so no model runs) and the
default offline extractor, under ``cProfile``; the background recluster queue is drained inside
the profile. Prints CPU per question, the shares of the main parts and the top of the profile.

Usage: ``python scripts/profile_lme_ingest.py DATA.json.xz [--questions 3] [--top 30]``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import time
from collections.abc import Callable
from itertools import islice

from worlddb.engine import WorldDB
from worlddb.eval.longmemeval import iter_questions
from worlddb.eval.worker import _ingest
from worlddb.testing import HashEmbedder

Key = tuple[str, int, str]
PARTS: dict[str, Callable[[Key], bool]] = {
    "resolver (TieredResolver.resolve)": lambda k: k[2] == "resolve" and "resolver/tiered" in k[0],
    "extraction (extract/)": lambda k: k[2] == "extract" and "/extract/" in k[0],
    "SQLite statements": lambda k: k[0] == "~" and "execute" in k[2] and "sqlite3" in k[2],
    "hashing embedder": lambda k: "worlddb/testing" in k[0] and k[2].startswith("embed"),
    "hnswlib": lambda k: k[0] == "~" and "hnswlib" in k[2],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    # Every 133rd of the first 400 questions: a spread of haystacks, the same on every run.
    chosen = list(islice(iter_questions(args.data, salt=b"p"), 0, 400))[::133][: args.questions]
    profile = cProfile.Profile()
    started = time.process_time()
    for question in chosen:
        with WorldDB.open(":memory:", embedder=HashEmbedder()) as db:
            profile.enable()
            _ingest(db, question.sessions)
            db.drain_recluster()
            profile.disable()
    cpu = time.process_time() - started
    stats = pstats.Stats(profile)
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"questions {len(chosen)}, CPU per question {cpu / len(chosen):.2f} s (profiled)")
    print(f"profiled time {total:.2f} s")
    raw: dict[Key, tuple[int, int, float, float, object]] = stats.stats  # type: ignore[attr-defined]
    for name, wanted in PARTS.items():
        spent = sum(v[3] for k, v in raw.items() if wanted(k))
        print(f"  {name:36} {spent:7.2f} s  {100 * spent / total:5.1f}%")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(args.top)
    print(out.getvalue())


if __name__ == "__main__":
    main()
