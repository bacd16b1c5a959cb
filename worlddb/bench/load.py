"""``worlddb bench load``: bulk-load synthetic typed worlds and ``refers_to`` edges.

Everything goes through the reconciler (validation, handlers, FTS upkeep, one transaction per
changeset), exactly like a user's writes. ``writes_per_s`` counts worlds plus edges committed per
second spent inside ``WorldDB.write`` (generating the synthetic data is excluded and
reported separately as ``end_to_end_writes_per_s``); ``peak_rss_mb`` is the process's
high-water mark; ``file_mb`` the database file (after a checkpoint) on disk.
"""

from __future__ import annotations

import os
import random
import resource
import time
from pathlib import Path
from typing import Any

from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec

__all__ = ["run_load_bench"]

_WORDS = [
    "project",
    "budget",
    "meeting",
    "launch",
    "design",
    "review",
    "client",
    "contract",
    "invoice",
    "travel",
    "flight",
    "hotel",
    "doctor",
    "appointment",
    "recipe",
    "garden",
    "piano",
    "lesson",
    "marathon",
    "training",
    "coffee",
    "laptop",
    "upgrade",
    "database",
    "migration",
    "release",
    "incident",
    "postmortem",
    "hiring",
    "interview",
    "offer",
    "salary",
    "vacation",
    "birthday",
    "party",
    "gift",
    "sister",
    "brother",
    "parents",
    "apartment",
    "lease",
    "moving",
    "city",
    "weekend",
    "hike",
]
_NAMES = [
    "Alice",
    "Bob",
    "Carol",
    "Dave",
    "Erin",
    "Frank",
    "Grace",
    "Heidi",
    "Ivan",
    "Judy",
    "Mallory",
    "Niaj",
    "Olivia",
    "Peggy",
    "Rupert",
    "Sybil",
    "Trent",
    "Victor",
    "Walter",
    "Yvonne",
]


def _pg_bytes(url: str) -> int:
    from worlddb.bench.backends import store_bytes

    return store_bytes(url)


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_load_bench(
    nodes: int,
    edges: int,
    db_path: str | Path,
    *,
    batch: int = 5000,
    seed: int = 0,
    backend: str | None = None,
    db: str | None = None,
) -> dict[str, Any]:
    """Load ``nodes`` worlds and ``edges`` refers_to edges into a new store at ``db_path``.

    ``backend="sqlite,postgres"`` loads the same data into each backend in turn (SQLite at
    ``db_path``, PostgreSQL in ``db`` or a throwaway ``pgserver``) and reports them side by
    side (``worlddb.bench.backends``); ``db_path`` may itself be a ``postgresql://`` URL.
    """
    if backend is None:
        return _load_one(nodes, edges, db_path, batch=batch, seed=seed)
    from worlddb.bench.backends import compare

    def one(target: str | Path) -> dict[str, float]:
        return _load_one(nodes, edges, target, batch=batch, seed=seed)

    ratios = ("writes_per_s", "end_to_end_writes_per_s")
    return compare(backend, db_path, one, db=db, ratios=ratios)


def _load_one(
    nodes: int, edges: int, db_path: str | Path, *, batch: int = 5000, seed: int = 0
) -> dict[str, float]:
    pg_url = str(db_path) if str(db_path).lower().startswith(("postgresql:", "postgres:")) else None
    path = Path(db_path)
    for suffix in ("", "-wal", "-shm", ".hnsw", ".hnsw.json") if pg_url is None else ():
        candidate = Path(str(path) + suffix)
        if candidate.exists():
            candidate.unlink()
    rng = random.Random(seed)
    entity_count = max(1, nodes // 20)
    fact_count = nodes - entity_count
    edges_per_fact = edges / max(1, fact_count)
    written_worlds = written_edges = 0
    start = time.perf_counter()
    with WorldDB.open(pg_url or path, embedder=None, extractor=None) as db:
        entity_ids: list[str] = []
        write_seconds = 0.0
        for lo in range(0, entity_count, batch):
            specs = [
                WorldSpec(type="Entity", name=f"{rng.choice(_NAMES)} {i}")
                for i in range(lo, min(lo + batch, entity_count))
            ]
            tick = time.perf_counter()
            db.write(Changeset(worlds=tuple(specs)))
            write_seconds += time.perf_counter() - tick
            entity_ids += [world_id(s) for s in specs]
            written_worlds += len(specs)
        carry = 0.0
        for lo in range(0, fact_count, batch):
            specs = []
            links: list[EdgeSpec] = []
            for i in range(lo, min(lo + batch, fact_count)):
                text = " ".join(rng.choices(_WORDS, k=12))
                spec = WorldSpec(type="Fact", content=f"{text} #{i}", created_at=i)
                specs.append(spec)
                carry += edges_per_fact
                fid = world_id(spec)
                targets = set()
                while carry >= 1:
                    carry -= 1
                    targets.add(rng.choice(entity_ids))
                links += [EdgeSpec("refers_to", fid, t) for t in targets]
            tick = time.perf_counter()
            db.write(Changeset(worlds=tuple(specs), edges=tuple(links)))
            write_seconds += time.perf_counter() - tick
            written_worlds += len(specs)
            written_edges += len(links)
        db.store.checkpoint()
    elapsed = time.perf_counter() - start
    file_bytes = os.path.getsize(path) if pg_url is None else _pg_bytes(pg_url)
    return {
        "nodes": written_worlds,
        "edges": written_edges,
        "seconds": round(elapsed, 2),
        "write_seconds": round(write_seconds, 2),
        "writes_per_s": round((written_worlds + written_edges) / write_seconds, 1),
        "end_to_end_writes_per_s": round((written_worlds + written_edges) / elapsed, 1),
        "peak_rss_mb": round(_peak_rss_mb(), 1),
        "file_mb": round(file_bytes / 2**20, 1),
    }
