"""Text-lane and 1-hop figures on a kept ``worlddb bench recall`` store, without its vectors.

    python scripts/bench_recall_text_kept.py STORE WORLDS [QUESTIONS]

For a store whose load was cut (or whose HNSW file is missing): opens it with no embedder (no
vector index to rebuild), replays the bench's corpus for WORLDS (``load_corpus(write=False)``)
and times, per question, the same functions as ``worlddb bench recall``: ``Query…expand``, the
graph lane's 1-hop read, the raw FTS5 floor, the bounded and the exact BM25 lane, fused recall
(bm25 + graph) unscoped and in the question's user scope; wall and CPU percentiles as JSON,
plus the bounded lane's quality against the exact one.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from functools import partial

from worlddb.bench import recall as rb
from worlddb.engine import WorldDB
from worlddb.index.filters import WorldFilter
from worlddb.index.fts import search_text
from worlddb.recall import Recall

NAMES = (
    "expand_1hop",
    "graph_1hop",
    "fts_floor",
    "bm25",
    "bm25_exact",
    "recall_bm25_graph",
    "recall_scoped_bm25_graph",
)


def main(path: str, worlds: int, n: int) -> None:
    corpus = rb.load_corpus(None, worlds, seed=0, write=False)  # type: ignore[arg-type]
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        rng = random.Random(1)
        asked = [rng.choice(corpus.facts) for _ in range(n)]
        questions = [" ".join(rng.sample(t.split(), min(4, len(t.split())))) for t, _ in asked]
        entities = [rng.choice(corpus.entities)[0] for _ in range(n)]
        flt = WorldFilter(now=db.now())
        recall = Recall(db.store, None, None, db.handlers, clock=db.now)
        wall: dict[str, list[float]] = {k: [] for k in NAMES}
        cpu: dict[str, list[float]] = {k: [] for k in NAMES}

        def timed(name: str, fn: Callable[[], object]) -> None:
            c, w = time.process_time(), time.perf_counter()
            fn()
            wall[name].append((time.perf_counter() - w) * 1000)
            cpu[name].append((time.process_time() - c) * 1000)

        for i, q in enumerate(questions):
            timed("expand_1hop", partial(rb._expand, db, entities[i]))
            timed("graph_1hop", partial(rb._graph_1hop, db, entities[i], flt))
            timed("fts_floor", partial(rb._fts_floor, db, q, flt))
            timed("bm25", partial(search_text, db.store, q, flt=flt, limit=10))
            timed("bm25_exact", partial(search_text, db.store, q, flt=flt, limit=10, bounded=False))
            timed("recall_bm25_graph", partial(recall.recall, q, limit=10))
            timed(
                "recall_scoped_bm25_graph",
                partial(recall.recall, q, limit=10, scope_ids=[asked[i][1]]),
            )
        out: dict[str, object] = {"nodes": db.store.counts()["nodes"]}
        for k in NAMES:
            out[k] = {"wall": rb.percentiles(wall[k]), "cpu": rb.percentiles(cpu[k])}
        out["quality"] = rb._text_quality(db, flt, questions, asked)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 200)
