"""The text lane alone on LongMemEval_S: FTS5 BM25 (SQLite) beside ``ts_rank_cd`` (PostgreSQL).

    .venv/bin/python scripts/lme_text_lane_pg.py --questions 40

Questions are ``--questions`` of those that count in the official strict average, in file
order, after passing over ``--skip`` of them (chosen by nothing else). The first 40 were
looked at when PostgreSQL's ranking changed from plain ``ts_rank_cd`` to the BM25-form score
(``worlddb.store.postgres.lanes``); ``--skip 40 --questions 40`` is the hold-out, frozen
before that change was measured. Each question's haystack is ingested with the harness's own worker
(``worlddb.eval.worker``: sessions in date order, no extraction, ``HashEmbedder``) into a
fresh SQLite memory store and a fresh PostgreSQL schema, recalled with ``lanes=("bm25",)`` as
of the question's day, and the session ranking is scored with ``worlddb.eval.metrics``
(session recall_any@k, ndcg_any@k). Prints the means per backend and the per-question wins.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path
from typing import Any

import psycopg

from worlddb.engine import WorldDB
from worlddb.eval.longmemeval import iter_questions
from worlddb.eval.metrics import load_gold, score_question
from worlddb.eval.worker import EngineSetup, Task, Worker
from worlddb.testing import HashEmbedder

DATA = Path("/work/shared/data/longmemeval/longmemeval_s_cleaned_498of500.json.xz")
GOLD = DATA.with_name("longmemeval_s_cleaned_498of500.gold.jsonl")
METRICS = ("recall_any@5", "recall_any@10", "ndcg_any@10")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--skip", type=int, default=0, help="strict questions to pass over first")
    args = parser.parse_args()
    from pgserver.postgres_server import get_server

    gold = load_gold(GOLD)
    setup = EngineSetup(
        lane_sets=(("bm25",),),
        extraction=False,
        recall_limit=50,
        embedder_factory=HashEmbedder,
        cache_path=None,
    )
    worker = Worker(setup)
    real_open: Any = WorldDB.open.__func__  # type: ignore[attr-defined]
    scores: dict[str, list[dict[str, float]]] = {"sqlite": [], "postgres": []}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        root.chmod(0o755)
        server = get_server(root / "pg", cleanup_mode="stop")
        base = server.get_uri()
        try:
            done = seen = 0
            for question in iter_questions(DATA):
                label = gold.get(question.question_id)
                if label is None or not label.counted_in_strict:
                    continue
                seen += 1
                if seen <= args.skip:
                    continue
                task = Task(done, question.question, question.question_date, question.sessions)
                for backend in ("sqlite", "postgres"):
                    target = ":memory:"
                    if backend == "postgres":
                        schema = f"q{done}"
                        with psycopg.connect(base, autocommit=True) as conn:
                            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
                            conn.execute(f"CREATE SCHEMA {schema}")
                        target = f"{base}&options=-csearch_path%3D{schema}%2Cpublic"

                    def opener(cls: Any, path: Any, _t: str = target, **kw: Any) -> WorldDB:
                        return real_open(cls, _t if path == ":memory:" else path, **kw)

                    WorldDB.open = classmethod(opener)  # type: ignore[method-assign,assignment]
                    try:
                        outcome = worker.run(task)
                    finally:
                        WorldDB.open = classmethod(real_open)  # type: ignore[method-assign,assignment]
                    ranked = [question.dataset_session_id(s) for s in outcome.ranked[0].sessions]
                    scores[backend].append(score_question(ranked, label.sessions))
                done += 1
                if done >= args.questions:
                    break
        finally:
            server.cleanup()
    for backend, rows in scores.items():
        means = "  ".join(f"{m} {statistics.mean(r[m] for r in rows):.3f}" for m in METRICS)
        print(f"{backend:9} n={len(rows)}  {means}")
    for m in METRICS:
        a, b = scores["sqlite"], scores["postgres"]
        wins = sum(x[m] > y[m] for x, y in zip(a, b, strict=True))
        losses = sum(x[m] < y[m] for x, y in zip(a, b, strict=True))
        print(f"{m}: SQLite better on {wins}, PostgreSQL better on {losses}")


if __name__ == "__main__":
    main()
