"""What the scope condition in blocking costs: the resolver bench's seeded entities, every query
resolved unrestricted and restricted, CPU per resolution and whether the answers are identical.

Run: ``.venv/bin/python scripts/bench_scope_blocking.py 100000`` (default 10,000 entities).
Two stores: entities in no scope (restricted = the unscoped write's ``()``) and all entities in
``user_id=alice`` (restricted = ``(alice,)``); within each, the restricted answers must equal the
unrestricted ones, since every entity is visible.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from worlddb.bench.resolver import _TYPES, BATCH, load_data
from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, Resolution, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.scopes import scope_id, scope_specs


def main(count: int) -> None:
    canonical, queries, fillers = load_data()
    rng = random.Random(0)
    chosen = rng.sample(fillers, min(count - len(canonical), len(fillers)))
    specs = [WorldSpec(type=str(c["type"]), name=str(c["name"])) for c in canonical]
    specs += [WorldSpec(type=_TYPES[k], name=n) for k, n in chosen]
    order = list(queries)
    rng.shuffle(order)
    alice = scope_id("user_id", "alice")
    for scoped in (False, True):
        with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
            db.recluster_budget_s = 0.0
            for start in range(0, len(specs), BATCH):
                chunk = specs[start : start + BATCH]
                if scoped:
                    edges = tuple(EdgeSpec("contains", alice, world_id(w)) for w in chunk)
                    worlds = (*chunk, *scope_specs({"user_id": "alice"}))
                    db.write(Changeset(worlds=tuple(worlds), edges=edges))
                else:
                    db.write(Changeset(worlds=tuple(chunk)))
            resolver = TieredResolver(db.store)
            out: dict[str, tuple[float, float, list[Resolution]]] = {}
            restricted = (alice,) if scoped else ()
            for label, where in (("unrestricted", None), ("restricted", restricted)):
                for query in order[:200]:  # warm-up
                    resolver.resolve(WorldSpec(type=str(query["type"]), name=str(query["name"])))
                cpu: list[float] = []
                answers: list[Resolution] = []
                for query in order:
                    spec = WorldSpec(type=str(query["type"]), name=str(query["name"]))
                    began = time.thread_time()
                    answers.append(resolver.resolve(spec, scopes=where))
                    cpu.append((time.thread_time() - began) * 1000)
                cpu.sort()
                p95 = cpu[int(0.95 * len(cpu))]
                out[label] = (round(statistics.median(cpu), 3), round(p95, 3), answers)
            same = out["unrestricted"][2] == out["restricted"][2]
            print(
                f"entities {len(specs)} {'in user_id=alice' if scoped else 'unscoped'}: CPU ms "
                f"P50/P95 unrestricted {out['unrestricted'][:2]}, restricted "
                f"{out['restricted'][:2]}; identical answers: {same}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
