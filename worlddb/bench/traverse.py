"""``worlddb bench traverse``: the traversal operators (A*, water circles, beam) at N worlds.

A synthetic knowledge graph is loaded through the reconciler: ``worlds`` entity worlds on a
ring, each linked to the next and the third next (``refers_to``, ``implies``) and, for half of
them, to a random far world (``instance_of``): a small world, about 2.5 edges per world. Each
world's text names its neighbourhood (``group`` of 50, ``area`` of 1000 consecutive worlds) so
embeddings carry graph locality, as real entity descriptions do, which is what A*'s heuristic
and the beam's guidance exploit; the ``HashEmbedder`` keeps loading fast and offline.

Timed per operator over ``queries`` random starts (``rounds`` times; each statistic is the
median over rounds, which damps a loaded machine): P50/P95 milliseconds, worlds expanded
(``visited``) and how often a bound stopped it. A* targets are the end of a 6-step random walk
from the start (so a path exists); the beam's query is the target's text. The floor is the
rawest read a traversal is made of, one plain 1-hop adjacency probe of the start
(``store.lanes.adjacency``: SQL, no worlds read); each operator's ``x_sql_floor`` is its P50
over the floor's P50 measured in the same run, and ``x_expand_1hop`` the same over the
pipeline's own 1-hop ``expand`` (seed, probe, visibility, hydrated ``Subgraph``), the closer
comparison since every traversal also returns a hydrated ``Subgraph``. ``ms_per_visited`` is a
query's time over the worlds it expanded.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final, Literal

import numpy as np

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.hashing import world_id
from worlddb.index.graph import LIVE_STATUSES
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.query import Query, Subgraph
from worlddb.testing import HashEmbedder

__all__ = ["run_traverse_bench"]

DIMENSION: Final = 128
BATCH: Final = 2000
WALK: Final = 6
_SIDES: Final[tuple[Literal["src", "dst"], ...]] = ("src", "dst")
_TRAVERSALS: Final = ("astar", "water_circles", "beam")
_WORDS: Final = (
    "river", "harbor", "forest", "engine", "garden", "market", "bridge", "tower", "valley",
    "signal", "castle", "meadow", "canyon", "island", "station", "temple", "quarry", "orchard",
)  # fmt: skip


def _text(i: int) -> str:
    group, area = i // 50, i // 1000
    return (
        f"{_WORDS[area % len(_WORDS)]} {_WORDS[group % len(_WORDS)]} area{area} "
        f"group{group} item{i}"
    )


def _load(path: Path, worlds: int, seed: int) -> float:
    rng = random.Random(seed)
    started = time.perf_counter()
    with WorldDB.open(path, embedder=HashEmbedder(DIMENSION), extractor=None) as db:
        ids: list[str] = []
        for lo in range(0, worlds, BATCH):
            specs = [
                WorldSpec(type="Entity", name=f"node {i}", content=_text(i))
                for i in range(lo, min(lo + BATCH, worlds))
            ]
            db.write(Changeset(worlds=tuple(specs)))
            ids += [world_id(s) for s in specs]
        edges: list[EdgeSpec] = []
        for i in range(worlds):
            edges.append(EdgeSpec("refers_to", ids[i], ids[(i + 1) % worlds]))
            edges.append(EdgeSpec("implies", ids[i], ids[(i + 3) % worlds]))
            if rng.random() < 0.5:
                far = rng.randrange(worlds)
                if far != i:
                    edges.append(EdgeSpec("instance_of", ids[i], ids[far]))
            if len(edges) >= BATCH or i == worlds - 1:
                db.write(Changeset(edges=tuple(edges)))
                edges = []
        db.store.checkpoint()
    return time.perf_counter() - started


def _walk(db: WorldDB, start: NodeId, rng: random.Random) -> NodeId:
    node = start
    for _ in range(WALK):
        around = [
            far
            for side in _SIDES
            for _, far, _, _ in db.store.lanes.adjacency([node], side, None, LIVE_STATUSES)
        ]
        node = rng.choice(around) if around else node
    return node


def _time(fn: Callable[[], object]) -> tuple[float, object]:
    began = time.perf_counter()
    out = fn()
    return (time.perf_counter() - began) * 1000, out


def _stats(ms: list[float]) -> tuple[float, float]:
    return float(np.percentile(ms, 50)), float(np.percentile(ms, 95))


def run_traverse_bench(
    worlds: int = 100_000,
    *,
    queries: int = 100,
    rounds: int = 3,
    seed: int = 0,
    path: str | None = None,
    reuse: int = 0,
) -> dict[str, object]:
    """Load a ``worlds``-world graph (or ``reuse`` the one at ``path``) and time the operators.

    Raises:
        ValidationError: ``reuse`` without a store at ``path``, or ``rounds``/``queries`` < 1.
    """
    if rounds < 1 or queries < 1:
        raise ValidationError("rounds and queries must be at least 1", field="rounds")
    store_path = Path(path or f"/tmp/worlddb-traverse-{worlds}.db")
    load_s = None
    if reuse:
        if not store_path.exists():
            raise ValidationError(f"no store to reuse at {store_path}", field="path")
    else:
        for suffix in ("", "-wal", "-shm", ".hnsw", ".hnsw.json"):
            Path(f"{store_path}{suffix}").unlink(missing_ok=True)
        load_s = round(_load(store_path, worlds, seed), 1)
    rng = random.Random(seed + 1)
    with WorldDB.open(
        store_path, embedder=HashEmbedder(DIMENSION), extractor=None, record_recalls=False
    ) as db:
        every = [w.id for w in db.iter_worlds()]
        starts = rng.sample(every, min(queries, len(every)))
        goals = [_walk(db, s, rng) for s in starts]
        texts = {g: db.get(g).text for g in goals}

        def q(start: NodeId) -> Query:
            return Query(db.store, vectors=db.vectors, embedder=db.embedder).start_ids(start)

        ops: dict[str, Callable[[NodeId, NodeId], object]] = {
            "floor_1hop_sql": lambda s, g: db.store.lanes.adjacency(
                [s], "src", None, LIVE_STATUSES
            ),
            "expand_1hop": lambda s, g: q(s).expand(direction="both").execute(),
            "astar": lambda s, g: q(s).shortest_path(g).execute(),
            "water_circles": lambda s, g: q(s).spread(hops=3, decay=0.5, threshold=0.1).execute(),
            "beam": lambda s, g: q(s).beam(texts[g], width=5, depth=WALK).execute(),
        }
        per_round: dict[str, list[tuple[float, float]]] = {name: [] for name in ops}
        visited: dict[str, list[int]] = {name: [] for name in _TRAVERSALS}
        per_world: dict[str, list[float]] = {name: [] for name in _TRAVERSALS}
        stopped: dict[str, int] = {name: 0 for name in _TRAVERSALS}
        found = 0
        for r in range(rounds):
            for name, op in ops.items():
                ms: list[float] = []
                for s, g in zip(starts, goals, strict=True):
                    took, out = _time(lambda: op(s, g))  # noqa: B023
                    ms.append(took)
                    if r == 0 and name in _TRAVERSALS and isinstance(out, Subgraph):
                        visited[name].append(out.visited)
                        per_world[name].append(took / max(1, out.visited))
                        stopped[name] += out.stopped is not None
                        found += name == "astar" and bool(out.paths)
                per_round[name].append(_stats(ms))
    floor = statistics.median(p50 for p50, _ in per_round["floor_1hop_sql"])
    expand = statistics.median(p50 for p50, _ in per_round["expand_1hop"])
    report: dict[str, object] = {"worlds": worlds, "queries": len(starts), "rounds": rounds}
    if load_s is not None:
        report["load_s"] = load_s
    for name in ops:
        p50 = statistics.median(p for p, _ in per_round[name])
        p95 = statistics.median(p for _, p in per_round[name])
        row: dict[str, object] = {"p50_ms": round(p50, 3), "p95_ms": round(p95, 3)}
        if name in _TRAVERSALS:
            row["visited_p50"] = int(statistics.median(visited[name]))
            row["visited_max"] = max(visited[name])
            row["ms_per_visited_p50"] = round(statistics.median(per_world[name]), 3)
            row["stopped_by_bound"] = stopped[name]
        row["x_sql_floor"] = round(p50 / floor, 1) if floor > 0 else None
        row["x_expand_1hop"] = round(p50 / expand, 1) if expand > 0 else None
        report[name] = row
    report["astar_paths_found"] = found
    return report
