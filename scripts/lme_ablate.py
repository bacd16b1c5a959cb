"""Run lane ablations on one LongMemEval subset with an ingested-store cache; print one table.

    python scripts/lme_ablate.py DATA OUT_STEM CACHE_DIR LANES [LANES ...]

Every lane set (comma-separated) is recalled on the same ingest of each question; the first
question's run fills ``CACHE_DIR`` (``worlddb.eval.store_cache``), later runs only recall. The
table shows, per lane set, the strict session-level recall_any@5, recall_all@5, ndcg_any@5,
recall_all@10 and recall_all@5 by question type.
"""

from __future__ import annotations

import sys
from pathlib import Path

from worlddb.eval.harness import HarnessOptions, parse_lanes, run_longmemeval

SHOWN = ("recall_any@5", "recall_all@5", "ndcg_any@5", "recall_all@10")


def main(data: str, stem: str, cache: str, lane_sets: list[str]) -> None:
    sets = [parse_lanes(text) for text in lane_sets]
    options = HarnessOptions(
        lanes=sets[0],
        ablations=tuple(sets[1:]),
        workers=int(__import__("os").environ.get("WORKERS", "1")),
        resume=False,
        store_cache=Path(cache),
    )
    report = run_longmemeval(data, out=f"{stem}.jsonl", options=options, progress=None)
    print(f"ran {report.ran} in {report.wall_s:.0f} s (ingest {report.ingest_s:.0f} s)")
    reports = {"+".join(sets[0]): report.retrieval, **report.ablations}
    types = sorted(next(iter(reports.values())).by_type)  # type: ignore[union-attr]
    print(
        f"{'lanes':42s} {'n':>3s} "
        + " ".join(f"{m[-9:]:>9s}" for m in SHOWN)
        + "  "
        + " ".join(f"{t[:12]:>12s}" for t in types)
    )
    for name, rep in reports.items():
        assert rep is not None
        strict = rep.averages["strict"]
        cells = " ".join(f"{strict.metrics[m]:9.4f}" for m in SHOWN)
        by = " ".join(f"{rep.by_type[t].metrics['recall_all@5']:12.4f}" for t in types)
        print(f"{name:42s} {strict.n:3d} {cells}  {by}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
