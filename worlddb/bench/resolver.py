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
        dataset: ``seeded`` (``make_resolver_data.py``), ``generalisation``
            (``make_resolver_generalisation.py``: scored per half, dev and hold-out) or ``fresh``
            (``make_resolver_fresh.py``: round 3's hold-out, development data from round 4 on) or
            ``r4`` (``make_resolver_r4.py``: round 4's hold-out, development data from round 5 on)
            or ``r5`` (``make_resolver_r5.py``: round 5's hold-out, development data from round 6
            on) or ``r6`` (``make_resolver_r6.py``: round 6's hold-out, development data from
            round 7 on) or ``r7`` (``make_resolver_r7.py``: round 7's hold-out, development data
            from round 8 on) or ``r8`` (``make_resolver_r8.py``: round 8's hold-out, development
            data from round 9 on) or ``r9`` (``make_resolver_r9.py``: round 9's hold-out,
            development data from round 10 on) or ``r10`` (``make_resolver_r10.py``: round 10's
            hold-out, development data from round 11 on) or ``r11`` (``make_resolver_r11.py``:
            round 11's hold-out, development data from round 12 on) or ``r12``
            (``make_resolver_r12.py``: round 12's hold-out, development data from round 13 on) or
            ``r13`` (``make_resolver_r13.py``: round 13's hold-out, development data from round 14
            on) or ``r14`` (``make_resolver_r14.py``: round 14's hold-out, development data from
            round 15 on) or ``r15`` (``make_resolver_r15.py``: round 15's hold-out, development data
            from round 16 on) or ``r16`` (``make_resolver_r16.py``: round 16's hold-out,
            development data from round 17 on) or ``r17`` (``make_resolver_r17.py``: round 17's
            hold-out, development data from round 18 on) or ``r18`` (``make_resolver_r18.py``:
            round 18's hold-out, development data from round 19 on) or ``r19``
            (``make_resolver_r19.py``: round 19's hold-out, development data from round 20 on) or
            ``r20`` (``make_resolver_r20.py``: round 20's hold-out, development data from round 21
            on) or ``r21`` (``make_resolver_r21.py``: round 21's hold-out, development data from
            round 22 on) or ``r22`` (``make_resolver_r22.py``: round 22's hold-out, development data
            from round 23 on) or ``r23`` (``make_resolver_r23.py``: round 23's hold-out, development
            data from round 24 on) or ``r24`` (``make_resolver_r24.py``: round 24's hold-out,
            development data from round 25 on) or ``r25`` (``make_resolver_r25.py``: round 25's
            hold-out, development data from round 26 on) or ``r26`` (``make_resolver_r26.py``:
            round 26's hold-out, development data from round 27 on) or ``r27``
            (``make_resolver_r27.py``: round 27's hold-out, development data from round 28 on)
            or ``r28`` (``make_resolver_r28.py``: the round-28 hold-out, for final measurement
            only).
        context: With ``generalisation``, ``1`` adds the context runs of
            ``worlddb.bench.resolver_context`` (``own`` and ``colleague``) after the plain one.
        round5: ``0`` turns ``ResolverSettings.round5_matching`` off (the round-4 resolver, for
            ablations), ``1`` on; ``None`` keeps ``settings``' own value (on by default).
    """
    from worlddb.bench.resolver_gen import (
        FRESH,
        HALVES,
        R4,
        R5,
        R6,
        R7,
        R8,
        R9,
        R10,
        R11,
        R12,
        R13,
        R14,
        R15,
        R16,
        R17,
        R18,
        R19,
        R20,
        R21,
        R22,
        R23,
        R24,
        R25,
        R26,
        R27,
        R28,
        load_generalisation,
    )

    halves = {
        "generalisation": HALVES,
        "fresh": FRESH,
        "r4": R4,
        "r5": R5,
        "r6": R6,
        "r7": R7,
        "r8": R8,
        "r9": R9,
        "r10": R10,
        "r11": R11,
        "r12": R12,
        "r13": R13,
        "r14": R14,
        "r15": R15,
        "r16": R16,
        "r17": R17,
        "r18": R18,
        "r19": R19,
        "r20": R20,
        "r21": R21,
        "r22": R22,
        "r23": R23,
        "r24": R24,
        "r25": R25,
        "r26": R26,
        "r27": R27,
        "r28": R28,
    }.get(dataset, ())
    if halves:
        canonical, queries, fillers = load_generalisation(data_dir, halves)
    elif dataset == "seeded":
        canonical, queries, fillers = load_data(data_dir)
    else:
        raise ValueError(
            "dataset must be 'seeded', 'generalisation', 'fresh', 'r4', 'r5', 'r6', 'r7', 'r8', "
            f"'r9', 'r10', 'r11', 'r12', 'r13', 'r14', 'r15', 'r16', 'r17', 'r18', 'r19', 'r20', "
            f"'r21', 'r22', 'r23', 'r24', 'r25', 'r26', 'r27' or 'r28', not {dataset!r}"
        )
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
