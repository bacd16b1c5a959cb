"""Entity-resolution benchmark: precision, recall and latency of the tiered resolver.

Data: ``bench/data/resolver_*.jsonl`` from ``scripts/make_resolver_data.py`` (seeded): 2,400
canonical people, organizations and tools, one realistic variant of each (positives) and as many
hard negatives (different entities with close names), plus 100,000 unrelated fillers.

``run_resolver_bench(entities)`` loads the canonical entities and ``entities - 2400`` fillers
through ``WorldDB.write`` (big changesets, no embedder unless one is given), then resolves every
query with the store's tiered resolver and scores what the reconciler would do with the answer:

* an ``exact`` answer merges, any other ``resolved`` answer stages one ``same_as`` proposal, an
  ``ambiguous`` answer stages proposals to its first three options, ``new`` stages nothing;
* a *prediction* is one merge or proposal; it is correct when it names the query's canonical
  entity. Precision = correct predictions / predictions; recall = positives whose canonical entity
  is predicted / positives. Both are given overall, per tier and per variant category.

Latency is the wall time of ``resolve`` per query (``latency_ms``), after a warm-up over 200
queries, and its CPU time on the calling thread (``cpu_ms``), which a busy machine does not
inflate: on a shared 2-core box the wall-time tail mostly measures waiting for a core.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final

from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.model import Changeset, NodeId, Resolution, WorldSpec
from worlddb.plugins import Embedder
from worlddb.resolver import ResolverSettings, TieredResolver

__all__ = ["DATA_DIR", "load_data", "run_resolver_bench", "score"]

DATA_DIR: Final = Path(__file__).resolve().parents[2] / "bench" / "data"
BATCH: Final = 5000
WARMUP: Final = 200
MAX_PROPOSALS: Final = 3  # what the reconciler stages for an ambiguous answer
_TYPES: Final = {"P": "Person", "O": "Organization", "T": "Tool"}

Row = dict[str, object]


def load_data(data_dir: Path = DATA_DIR) -> tuple[list[Row], list[Row], list[list[str]]]:
    """The canonical entities, the queries and the fillers."""

    def read(stem: str) -> list[object]:
        with (data_dir / f"resolver_{stem}.jsonl").open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]

    return read("canonical"), read("queries"), read("fillers")  # type: ignore[return-value]


def _predictions(result: Resolution) -> list[tuple[NodeId, str]]:
    if result.outcome == "resolved" and result.world_id is not None:
        return [(result.world_id, result.tier)]
    if result.outcome == "ambiguous":
        return [(wid, "ambiguous") for wid, _, _ in result.options[:MAX_PROPOSALS]]
    return []


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def score(
    queries: Sequence[Row], results: Sequence[Resolution], ids: dict[str, NodeId]
) -> dict[str, object]:
    """Precision and recall overall, per tier and per category (see the module docstring)."""
    made = correct = positives = found = 0
    tiers: dict[str, Counter[str]] = defaultdict(Counter)
    categories: dict[str, Counter[str]] = defaultdict(Counter)
    for query, result in zip(queries, results, strict=True):
        expect = ids.get(str(query["expect"])) if query["expect"] else None
        predicted = _predictions(result)
        cat = categories[f"{query['kind']}:{query['category']}"]
        cat["n"] += 1
        hit = False
        for wid, tier in predicted:
            made += 1
            tiers[tier]["predictions"] += 1
            if wid == expect:
                correct += 1
                hit = True
                tiers[tier]["correct"] += 1
        if expect is not None:
            positives += 1
            found += hit
            cat["found"] += hit
            if hit:
                tiers[predicted[0][1] if len(predicted) == 1 else "ambiguous"]["found"] += 1
        cat["predicted"] += bool(predicted)
        cat["wrong"] += any(wid != expect for wid, _ in predicted)
        cat[f"tier:{result.tier or 'new'}"] += 1
    per_tier = {
        tier: {
            "predictions": c["predictions"],
            "precision": _ratio(c["correct"], c["predictions"]),
            "recall_share": _ratio(c["found"], positives),
        }
        for tier, c in sorted(tiers.items())
    }
    per_category = {
        name: {
            "n": c["n"],
            "found": _ratio(c["found"], c["n"]) if name.startswith("positive") else None,
            "wrongly_matched": _ratio(c["wrong"], c["n"]),
            "tiers": {k[5:]: v for k, v in sorted(c.items()) if k.startswith("tier:")},
        }
        for name, c in sorted(categories.items())
    }
    return {
        "precision": _ratio(correct, made),
        "recall": _ratio(found, positives),
        "predictions": made,
        "positives": positives,
        "per_tier": per_tier,
        "per_category": per_category,
    }


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _summary(values: Sequence[float]) -> dict[str, float]:
    return {
        "p50": round(_percentile(values, 0.5), 3),
        "p95": round(_percentile(values, 0.95), 3),
        "p99": round(_percentile(values, 0.99), 3),
        "mean": round(statistics.fmean(values), 3),
    }


def run_resolver_bench(
    entities: int = 10_000,
    *,
    seed: int = 0,
    embedder: Embedder | None = None,
    settings: ResolverSettings | None = None,
    data_dir: Path = DATA_DIR,
    dataset: str = "seeded",
    context: int = 0,
    round5: int | None = None,
) -> dict[str, object]:
    """Load ``entities`` stored entities, resolve every query, report quality and latency.

    Args:
        entities: Stored entities (canonical ones plus fillers); at least the canonical count.
        seed: Chooses which fillers are loaded and the query order.
        embedder: Enables the embedding tier (``None``: the tier is off, as at 100k by default).
        settings: Resolver thresholds (default ``ResolverSettings()``).
        data_dir: Where the generated ``resolver_*.jsonl`` files are.
        dataset: ``seeded`` (``make_resolver_data.py``) or a name of
            ``worlddb.bench.resolver_gen.DATASETS``: ``generalisation``
            (``make_resolver_generalisation.py``: scored per half, dev and hold-out), ``fresh``
            (``make_resolver_fresh.py``) or ``r4`` … ``r61`` (``make_resolver_rN.py``: round N's
            hold-out; the constant ``RN`` there says from which round it is development data).
        context: With ``generalisation``, ``1`` adds the context runs of
            ``worlddb.bench.resolver_context`` (``own`` and ``colleague``) after the plain one.
        round5: ``0`` turns ``ResolverSettings.round5_matching`` off (the round-4 resolver, for
            ablations), ``1`` on; ``None`` keeps ``settings``' own value (on by default).
    """
    from worlddb.bench.resolver_gen import DATASETS, load_generalisation

    halves = DATASETS.get(dataset, ())
    if halves:
        canonical, queries, fillers = load_generalisation(data_dir, halves)
    elif dataset == "seeded":
        canonical, queries, fillers = load_data(data_dir)
    else:
        names = ", ".join(repr(name) for name in DATASETS)
        raise ValueError(f"dataset must be 'seeded' or one of {names}, not {dataset!r}")
    if round5 is not None:
        settings = replace(settings or ResolverSettings(), round5_matching=bool(int(round5)))
    entities = int(entities)
    if entities < len(canonical):
        raise ValueError(f"entities must be at least {len(canonical)}, not {entities}")
    rng = random.Random(seed)
    chosen = rng.sample(fillers, min(entities - len(canonical), len(fillers)))
    specs = [WorldSpec(type=str(c["type"]), name=str(c["name"])) for c in canonical]
    specs += [WorldSpec(type=_TYPES[kind], name=name) for kind, name in chosen]
    ids = {str(c["key"]): world_id(spec) for c, spec in zip(canonical, specs, strict=False)}
    order = list(queries)
    rng.shuffle(order)
    runs: dict[str, tuple[list[Resolution], list[float]]] = {}
    with WorldDB.open(":memory:", embedder=embedder, extractor=None) as db:
        db.recluster_budget_s = 0.0
        started = time.perf_counter()
        for start in range(0, len(specs), BATCH):
            db.write(Changeset(worlds=tuple(specs[start : start + BATCH])))
        load_s = time.perf_counter() - started
        resolver = TieredResolver(
            db.store, embedder=embedder, vectors=db.vectors, settings=settings
        )
        for query in order[:WARMUP]:
            resolver.resolve(WorldSpec(type=str(query["type"]), name=str(query["name"])))
        results: list[Resolution] = []
        latencies: list[float] = []
        cpu: list[float] = []
        for query in order:
            spec = WorldSpec(type=str(query["type"]), name=str(query["name"]))
            t0, c0 = time.perf_counter(), time.thread_time()
            results.append(resolver.resolve(spec))
            cpu.append((time.thread_time() - c0) * 1000)
            latencies.append((time.perf_counter() - t0) * 1000)
        if context and halves:
            runs = _context_runs(db, resolver, specs, canonical, order, ids, seed)
    report: dict[str, object] = {
        "entities": len(specs),
        "queries": len(order),
        "seed": seed,
        "embedder": None if embedder is None else embedder.key,
        "load_s": round(load_s, 2),
        "latency_ms": _summary(latencies),
        "cpu_ms": _summary(cpu),
    }
    if halves:
        report["dataset"] = dataset
        for half in halves:
            mine = [(q, r) for q, r in zip(order, results, strict=True) if q["half"] == half]
            report[half] = score([q for q, _ in mine], [r for _, r in mine], ids)
        if context:
            for mode, (found, cpu_ctx) in runs.items():
                report[f"context_{mode}"] = {"cpu_ms": _summary(cpu_ctx)} | {
                    half: score(
                        [q for q, r in zip(order, found, strict=True) if q["half"] == half],
                        [r for q, r in zip(order, found, strict=True) if q["half"] == half],
                        ids,
                    )
                    for half in halves
                }
    else:
        report.update(score(order, results, ids))
    return report


def _context_runs(
    db: WorldDB,
    resolver: TieredResolver,
    specs: Sequence[WorldSpec],
    canonical: Sequence[Row],
    order: Sequence[Row],
    ids: dict[str, NodeId],
    seed: int,
) -> dict[str, tuple[list[Resolution], list[float]]]:
    """Tie the stored entities to context entities, then resolve every query with context."""
    from worlddb.bench.resolver_context import context_for, store_ties

    ties = store_ties(db, specs, seed)
    out: dict[str, tuple[list[Resolution], list[float]]] = {}
    for mode in ("own", "colleague"):
        rng = random.Random(seed)
        found: list[Resolution] = []
        cpu: list[float] = []
        for query in order:
            expect = ids.get(str(query["expect"])) if query["expect"] else None
            near = ids.get(str(query.get("near")))
            ctx = context_for(expect, near, ties, mode, rng)
            spec = WorldSpec(type=str(query["type"]), name=str(query["name"]))
            c0 = time.thread_time()
            found.append(resolver.resolve(spec, context=ctx))
            cpu.append((time.thread_time() - c0) * 1000)
        out[mode] = (found, cpu)
    return out


def main() -> None:
    """CLI: ``python -m worlddb.bench.resolver [ENTITIES ...]`` prints one JSON report each."""
    import sys

    for arg in sys.argv[1:] or ["10000"]:
        print(json.dumps(run_resolver_bench(int(arg)), indent=1))


if __name__ == "__main__":
    main()
