"""Run lane ablations on one LongMemEval subset with an ingested-store cache; print one table.

    python scripts/lme_ablate.py DATA OUT_STEM CACHE_DIR LANES [LANES ...]

Every lane set (comma-separated) is recalled on the same ingest of each question; the first
question's run fills ``CACHE_DIR`` (``worlddb.eval.store_cache``), later runs only recall. The
table shows, per lane set, the strict session-level recall_any@5, recall_all@5, ndcg_any@5,
recall_all@10 and recall_all@5 by question type. With ``CACHED_ONLY=1`` only the questions
whose store is already cached run (a partial tuning loop while the cache fills). With
``REPLY_HEAD=N`` the stores are those ingested with ``--reply-head-chars N``. With
``SUMMARIES=1`` each store is consolidated (summaries step) after it is opened and recall may
return Summary worlds (``HarnessOptions.summaries``); the cache itself stays summary-free.
"""

from __future__ import annotations

import json
import lzma
import os
import sys
from pathlib import Path

from worlddb.eval.harness import HarnessOptions, parse_lanes, run_longmemeval

SHOWN = ("recall_any@5", "recall_all@5", "ndcg_any@5", "recall_all@10")


def _reply_head() -> int | None:
    """``REPLY_HEAD``: the ``--reply-head-chars`` the cached stores were ingested with."""
    return int(os.environ["REPLY_HEAD"]) if os.environ.get("REPLY_HEAD") else None


def cached_only(data: str, cache: Path) -> str:
    """A copy of ``data`` (and its gold) holding only the questions whose store is cached."""
    from worlddb.embedding import default_embedder
    from worlddb.eval.files import gold_path_for
    from worlddb.eval.longmemeval import Question, iter_json_array, iter_questions
    from worlddb.eval.store_cache import haystack_key

    key = default_embedder().key
    head = _reply_head()

    def stored(q: Question) -> bool:
        found = haystack_key(q.sessions, extraction=True, embedder_key=key, reply_head_chars=head)
        return (cache / f"{found}.map.json").exists()

    keep = {q.question_id for q in iter_questions(data) if stored(q)}
    with lzma.open(data, "rt", encoding="utf-8") as fh:
        kept = [q for q in iter_json_array(fh) if q["question_id"] in keep]
    out = cache.parent / f"cached_{Path(data).name.removesuffix('.json.xz')}.json"
    out.write_text(json.dumps(kept), encoding="utf-8")
    gold = gold_path_for(data)
    assert gold is not None
    lines = [g for g in gold.read_text(encoding="utf-8").splitlines() if g]
    out.with_suffix(".gold.jsonl").write_text(
        "".join(g + "\n" for g in lines if json.loads(g)["question_id"] in keep), encoding="utf-8"
    )
    print(f"{len(kept)} cached questions")
    return str(out)


def main(data: str, stem: str, cache: str, lane_sets: list[str]) -> None:
    sets = [parse_lanes(text) for text in lane_sets]
    if os.environ.get("CACHED_ONLY"):
        data = cached_only(data, Path(cache))
    options = HarnessOptions(
        lanes=sets[0],
        ablations=tuple(sets[1:]),
        workers=int(os.environ.get("WORKERS", "1")),
        resume=False,
        # Every question, in a shuffled order stratified by type: a run stopped early (or cut
        # by the time box) still covers both types.
        sample=10_000,
        store_cache=Path(cache),
        summaries=bool(os.environ.get("SUMMARIES")),
        reply_head_chars=_reply_head(),
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
