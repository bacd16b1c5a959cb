"""``worlddb bench consolidate``: consolidation cost at N worlds, and what it buys a query.

Two parts:

* **cost**: a synthetic store of ``worlds`` worlds (sessions of turns, facts read from the turns
  naming clustered entities) is consolidated once from scratch; then ``rounds`` batches of 1k new
  worlds are written and each is consolidated incrementally (seconds per 1k new worlds: the
  figure that matters for a background job);
* **reads**: summary-first query latency (``start_ids(<per_query sessions>).expand("contains")
  .prefer_summaries()``) against the full-detail traversal (the same without
  ``prefer_summaries``) and the seed alone (the floor), medians over ``queries`` random draws,
  with the node counts each returns.

``part="communities"`` measures community quality and broad-question recall on the labelled
scenario of ``worlddb.bench.consolidate_scenarios`` (re-exported here).
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from worlddb.bench.consolidate_scenarios import (
    CLUSTERS,
    DAY_US,
    T0,
    community_quality,
    labelled_scenario,
    nmi,
    purity,
    rich_scenario,
)
from worlddb.consolidate import COMMUNITY_TYPE, CommunitiesStep, Consolidator
from worlddb.engine import EmbedderChoice, WorldDB
from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.query import Query
from worlddb.store.reads import TimeView

__all__ = [
    "BROAD_QUESTIONS",
    "CLUSTERS",
    "DAY_US",
    "T0",
    "community_quality",
    "labelled_scenario",
    "nmi",
    "purity",
    "rich_scenario",
    "run_communities_bench",
    "run_consolidate_bench",
]

_TOPICS: Final = (
    "training plan", "tax return", "garden beds", "piano practice", "kitchen remodel",
    "job interview", "vacation booking", "car repair", "book club", "dentist visit",
)  # fmt: skip


def _synthetic_sessions(
    rng: random.Random, first: int, count: int, clusters: int
) -> tuple[list[WorldSpec], list[EdgeSpec]]:
    """``count`` sessions (4 turns, 2 facts naming 2 entities of the session's cluster)."""
    worlds: list[WorldSpec] = []
    edges: list[EdgeSpec] = []
    for n in range(first, first + count):
        cluster = rng.randrange(clusters)
        moment = T0 + n * 60_000_000
        topic = _TOPICS[cluster % len(_TOPICS)]
        turns = [
            WorldSpec(
                type="Turn",
                name="user" if k % 2 == 0 else "assistant",
                content=f"Session {n}, part {k}: about the {topic}, step {rng.randrange(1000)}.",
                created_at=moment + k,
                valid_from=moment,
            )
            for k in range(4)
        ]
        session = WorldSpec(
            type="Session",
            children=tuple(world_id(t) for t in turns),
            created_at=moment,
            valid_from=moment,
        )
        worlds += [*turns, session]
        for k in (0, 2):
            names = rng.sample(range(10), 2)
            ents = [WorldSpec(type="Entity", name=f"{topic} item {cluster}-{x}") for x in names]
            fact = WorldSpec(
                type="Fact",
                content=f"The {topic} needs {ents[0].name} and {ents[1].name} (session {n}).",
                created_at=moment + k,
                valid_from=moment,
            )
            fid = world_id(fact)
            worlds += [fact, *ents]
            edges.append(EdgeSpec("derived_from", fid, world_id(turns[k])))
            edges += [EdgeSpec("refers_to", fid, world_id(e)) for e in ents]
    return worlds, edges


def _grow(db: WorldDB, rng: random.Random, first: int, sessions: int, clusters: int) -> int:
    """Write ``sessions`` synthetic sessions in changesets of 50; return the worlds created."""
    created = 0
    for lo in range(first, first + sessions, 50):
        worlds, edges = _synthetic_sessions(rng, lo, min(50, first + sessions - lo), clusters)
        created += len(db.write(Changeset(worlds=tuple(worlds), edges=tuple(edges))).created)
    return created


def _median_ms(samples: Sequence[float]) -> float:
    return round(statistics.median(samples) * 1000, 3)


def run_consolidate_bench(
    worlds: int = 100_000,
    db_path: str | None = None,
    *,
    rounds: int = 3,
    queries: int = 50,
    per_query: int = 20,
    seed: int = 0,
    part: str = "cost",
    embedder: str = "default",
    noise: float = 0.1,
    algorithm: str = "louvain",
) -> dict[str, object]:
    """Consolidate a synthetic store of about ``worlds`` worlds, then 1k-world increments.

    ``part="communities"`` runs ``run_communities_bench(embedder=..., noise=...)`` instead.
    """
    if part == "communities":
        return run_communities_bench(noise=noise, embedder=embedder, algorithm=algorithm)
    rng = random.Random(seed)
    path = Path(db_path) if db_path else Path(f"/tmp/worlddb-bench-consolidate-{worlds}.db")
    for suffix in ("", "-wal", "-shm", ".hnsw", ".hnsw.json"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    per_session = 9  # 4 turns + session + 2 facts + ~2 new entities early on, fewer later
    clusters = max(10, worlds // 400)
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        db.recluster_budget_s = 0
        tick = time.perf_counter()
        sessions = worlds // per_session
        created = _grow(db, rng, 0, sessions, clusters)
        while created < worlds:
            more = max(10, (worlds - created) // per_session)
            created += _grow(db, rng, sessions, more, clusters)
            sessions += more
        load_s = time.perf_counter() - tick
        consolidator = Consolidator(db)
        tick = time.perf_counter()
        full = consolidator.run()
        full_s = time.perf_counter() - tick
        per_1k: list[float] = []
        last = full
        for _ in range(rounds):
            before = db.counts()["nodes"]
            add = 0
            while db.counts()["nodes"] - before < 1000:
                _grow(db, rng, sessions, 20, clusters)
                sessions += 20
                add += 20
            new = db.counts()["nodes"] - before
            tick = time.perf_counter()
            last = consolidator.run()
            per_1k.append((time.perf_counter() - tick) * 1000 / new)
        again = consolidator.run()
        problems = db.store.invariant_problems()
        sample = db.store.list_worlds(
            types=["Session"], view=TimeView(), now=db.now(), limit=max(queries * 20, 1000)
        )
        timings: dict[str, list[float]] = {"floor": [], "full": [], "summary": []}
        sizes: dict[str, list[int]] = {"full": [], "summary": []}
        for _ in range(queries):
            picked = [s.id for s in rng.sample(sample, min(per_query, len(sample)))]
            base = Query(db.store).start_ids(*picked)
            for name, query in (
                ("floor", base),
                ("full", base.expand("contains")),
                ("summary", base.expand("contains").prefer_summaries()),
            ):
                tick = time.perf_counter()
                found = query.execute()
                timings[name].append(time.perf_counter() - tick)
                if name in sizes:
                    sizes[name].append(len(found))
        counts = db.counts()
    return {
        "worlds_loaded": created,
        "worlds": counts["nodes"],
        "edges": counts["edges"],
        "load_s": round(load_s, 1),
        "full_consolidation_s": round(full_s, 1),
        "full_writes": full.writes,
        "s_per_1k_new_worlds": round(statistics.median(per_1k), 3),
        "s_per_1k_rounds": [round(x, 3) for x in per_1k],
        "rerun_writes": again.writes,
        "invariant_problems": len(problems),
        "query_floor_ms": _median_ms(timings["floor"]),
        "query_full_ms": _median_ms(timings["full"]),
        "query_summary_first_ms": _median_ms(timings["summary"]),
        "nodes_full": statistics.median(sizes["full"]),
        "nodes_summary_first": statistics.median(sizes["summary"]),
        "steps": full.as_dict()["steps"],
        "last_increment_steps": last.as_dict()["steps"] if rounds else {},
    }


BROAD_QUESTIONS: Final[Mapping[str, str]] = {
    "fitness": "What do I do for fitness?",
    "work": "How are things going at my job?",
    "family": "What is happening with my relatives?",
}
"""One broad question per cluster, worded without the cluster's entity names."""


def _named(text: str, label: str) -> set[str]:
    lowered = text.lower()
    return {name for name in CLUSTERS[label] if name.lower() in lowered}


def run_communities_bench(
    seeds: Sequence[int] = (0, 1, 2, 3, 4),
    holdout: Sequence[int] = (100, 101, 102, 103, 104),
    *,
    noise: float = 0.1,
    hits: int = 5,
    embedder: str = "default",
    algorithm: str = "louvain",
) -> dict[str, object]:
    """Community quality and what a community summary adds to recall for broad questions.

    For each seed's labelled user and each cluster's broad question: ``coverage_hits`` is the
    share of the cluster's eight entities named in the top ``hits`` recall hits;
    ``coverage_with_summary`` the same over those hits plus the best Community world (what
    ``memory_recall(include_summaries=True)`` adds); ``community_correct`` whether that
    community's majority label is the question's cluster. Seeds and hold-out seeds are reported
    apart (nothing here was tuned; the split is kept for when something is).
    """
    from worlddb.testing import HashEmbedder

    def one(seed: int) -> list[dict[str, float]]:
        chosen: EmbedderChoice = HashEmbedder() if embedder == "hash" else "default"
        rows = []
        with WorldDB.open(":memory:", embedder=chosen, extractor=None) as db:
            db.recluster_budget_s = 0
            gold = labelled_scenario(db, seed=seed, noise=noise)
            consolidator = Consolidator(db)
            consolidator.steps["communities"] = CommunitiesStep(
                consolidator.summarizer, algorithm=algorithm
            )
            consolidator.run(["communities"])
            quality = community_quality(db, gold)
            for label, question in BROAD_QUESTIONS.items():
                found = db.recall(question, limit=hits).hits
                plain = set().union(*(_named(h.text, label) for h in found))
                top = db.recall(question, limit=1, types=[COMMUNITY_TYPE]).hits
                extra: set[str] = set()
                correct = 0.0
                if top:
                    extra = _named(top[0].text, label)
                    members = {e.target for e in db.edges(top[0].id, types=["contains"])}
                    labels = Counter(gold[m] for m in members if m in gold)
                    correct = float(bool(labels) and labels.most_common(1)[0][0] == label)
                size = len(CLUSTERS[label])
                rows.append(
                    {
                        "coverage_hits": len(plain) / size,
                        "coverage_with_summary": len(plain | extra) / size,
                        "community_correct": correct,
                        "purity": quality["purity"],
                        "nmi": quality["nmi"],
                    }
                )
        return rows

    def mean(rows: list[dict[str, float]]) -> dict[str, float]:
        return {k: round(statistics.mean(r[k] for r in rows), 3) for k in rows[0]}

    return {
        "embedder": embedder,
        "algorithm": algorithm,
        "noise": noise,
        "tuning_seeds": mean([r for s in seeds for r in one(s)]),
        "holdout_seeds": mean([r for s in holdout for r in one(s)]),
    }
