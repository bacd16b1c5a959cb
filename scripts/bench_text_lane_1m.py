"""The bounded text lane against exact FTS5 BM25 on one big FTS5 table, lane alone.

    python scripts/bench_text_lane_1m.py build PATH [DOCS]      # ~1 min for 1M rows
    python scripts/bench_text_lane_1m.py measure PATH [QUESTIONS]

``build`` writes DOCS rows of the recall bench's generated text (``worlddb.bench.recall``'s
Zipf vocabulary; a quarter short "facts" of 5–12 words, the rest 6–24-word turns) into an FTS5
table shaped like the store's (``name``, ``content``, contentless, porter unicode61), plus a
sample of the facts for questions. ``measure`` asks 4-word questions drawn from those facts and
runs ``worlddb.index.fts_bounded.bounded_top`` (through the store's own ``TextSql`` reads)
against plain FTS5 BM25 on every one: wall and CPU percentiles, the top-10 overlap, the share
of the exact top 10's summed BM25 and how often each finds the source fact. Why not the recall
bench: loading 1M worlds through the reconciler takes 1.5–3 hours on this box; the lane's cost
is the FTS5 table's, which this builds in a minute (no filter: every row is admitted).
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import sys
import time

import numpy as np

from worlddb.bench.recall import _Text
from worlddb.index import fts_bounded
from worlddb.index.filters import WorldFilter
from worlddb.store.lanes_text import TextSql

WEIGHTS = (2.0, 1.0)


def build(path: str, docs: int) -> None:
    rng = random.Random(0)
    text = _Text(rng)
    conn = sqlite3.connect(path)  # noqa: TID251 -- a bare FTS5 table, not a store
    conn.execute(
        "CREATE VIRTUAL TABLE fts USING fts5(name, content, content='', "
        "tokenize='porter unicode61 remove_diacritics 2')"
    )
    facts: list[tuple[int, str]] = []
    for start in range(0, docs, 50_000):
        rows = []
        for i in range(start, min(docs, start + 50_000)):
            fact = i % 12 < 3
            content = text.sentence(5, 12) if fact else text.sentence(6, 24)
            if fact:
                facts.append((i + 1, content))
            rows.append((i + 1, content))
        conn.executemany("INSERT INTO fts(rowid, name, content) VALUES (?, '', ?)", rows)
        conn.commit()
    with open(path + ".facts.json", "w", encoding="utf-8") as fh:
        json.dump(facts[:: max(1, len(facts) // 2000)], fh)


class _Source:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self._connection = conn
        self._guard = contextlib.nullcontext()


class _Table(TextSql):
    """The store's text reads over the bare table; every row is admitted (no ``nodes``)."""

    def admit_rids(self, rids: list[int], flt: WorldFilter) -> set[int]:
        return set(rids)

    def row_bound(self) -> int:
        return int(self.conn.execute("SELECT coalesce(max(id), 0) FROM fts_docsize").fetchone()[0])


def measure(path: str, questions: int) -> None:
    conn = sqlite3.connect(path)  # noqa: TID251 -- a bare FTS5 table, not a store
    table = _Table(_Source(conn))  # type: ignore[arg-type]
    with open(path + ".facts.json", encoding="utf-8") as fh:
        facts = json.load(fh)
    rng = random.Random(1)
    asked = []
    for _ in range(questions):
        rid, sentence = rng.choice(facts)
        words = sentence.split()
        asked.append(
            (rid, [f'"{w}"' for w in dict.fromkeys(rng.sample(words, min(4, len(words))))])
        )

    def exact(match: str, limit: int = 10) -> list[tuple[int, float]]:
        sql = (
            "SELECT rowid, -bm25(fts, 2.0, 1.0) FROM fts WHERE fts MATCH ? "
            "ORDER BY bm25(fts, 2.0, 1.0) LIMIT ?"
        )
        return [(int(r), float(s)) for r, s in conn.execute(sql, (match, limit))]

    wall, cpu, wall_exact = [], [], []
    overlap, share, found, found_exact = [], [], [], []
    for source, terms in asked:
        match = " OR ".join(terms)
        c, w = time.process_time(), time.perf_counter()
        got = fts_bounded.bounded_top(table, terms, WorldFilter(), 10, WEIGHTS)  # type: ignore[arg-type]
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        w = time.perf_counter()
        ref = exact(match)
        wall_exact.append((time.perf_counter() - w) * 1000)
        hits = got if got is not None else ref
        ids = [r for r, _ in hits]
        marks = ",".join("?" * len(ids))
        true = conn.execute(
            f"SELECT -bm25(fts, 2.0, 1.0) FROM fts WHERE fts MATCH ? AND rowid IN ({marks})",
            [match, *ids],
        ).fetchall()
        overlap.append(len(set(ids) & {r for r, _ in ref}) / max(1, len(ref)))
        share.append(sum(s for (s,) in true) / max(1e-9, sum(s for _, s in ref)))
        found.append(source in ids)
        found_exact.append(source in {r for r, _ in ref})

    def pct(xs: list[float]) -> str:
        return f"{np.percentile(xs, 50):.1f} / {np.percentile(xs, 95):.1f}"

    print(
        json.dumps(
            {
                "questions": questions,
                "bounded_wall_p50_p95_ms": pct(wall),
                "bounded_cpu_p50_p95_ms": pct(cpu),
                "exact_wall_p50_p95_ms": pct(wall_exact),
                "overlap_at_10": round(float(np.mean(overlap)), 3),
                "score_share": round(float(np.mean(share)), 3),
                "finds_source_fact": round(float(np.mean(found)), 3),
                "exact_finds_source_fact": round(float(np.mean(found_exact)), 3),
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    command, target = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    if command == "build":
        build(target, count or 1_000_000)
    else:
        measure(target, count or 100)
