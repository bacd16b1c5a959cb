"""``worlddb bench load``: bulk-load synthetic typed worlds and ``refers_to`` edges.

Everything goes through the reconciler (validation, handlers, FTS upkeep), exactly like a
user's writes: ``mode="bulk"`` (default) as one ``WorldDB.write_bulk`` of all the changesets,
``mode="write"`` as one ``WorldDB.write`` per changeset. ``writes_per_s`` counts worlds plus
edges committed per second spent inside the reconciler (generating the synthetic data is
excluded and reported separately as ``end_to_end_writes_per_s``); ``cpu_s`` is the process's
CPU time over the same span; ``peak_rss_mb`` is the process's high-water mark; ``file_mb`` the
database file (after a checkpoint) on disk.

``floor=True`` first writes the same rows with bare ``executemany`` into fresh files
(``worlddb.store.raw_floor``): one transaction per changeset with live indexes
(``floor_txn``) and one transaction with the indexes built after (``floor_bulk``), and reports
``ratio_bulk`` / ``ratio_txn`` = writes_per_s over each floor's rows per second.
"""

from __future__ import annotations

import os
import random
import resource
import time
from collections.abc import Iterator
from pathlib import Path

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.hashing import digest, edge_id, world_bytes, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec, fts_columns
from worlddb.normalize import normalize_name
from worlddb.phonetic import phonetic_key
from worlddb.store.raw_floor import FloorBatch, raw_load_floor

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


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", ".hnsw", ".hnsw.json"):
        candidate = Path(str(path) + suffix)
        if candidate.exists():
            candidate.unlink()


class _Synthetic:
    """The seeded changesets of one load; ``seconds`` / ``cpu_seconds`` went into making them."""

    def __init__(self, nodes: int, edges: int, batch: int, seed: int) -> None:
        self.nodes, self.edges, self.batch, self.seed = nodes, edges, batch, seed
        self.seconds = self.cpu_seconds = 0.0

    def __iter__(self) -> Iterator[Changeset]:
        rng = random.Random(self.seed)
        entity_count = max(1, self.nodes // 20)
        fact_count = self.nodes - entity_count
        edges_per_fact = self.edges / max(1, fact_count)
        entity_ids: list[str] = []
        for lo in range(0, entity_count, self.batch):
            tick, tick_cpu = time.perf_counter(), time.process_time()
            specs = [
                WorldSpec(type="Entity", name=f"{rng.choice(_NAMES)} {i}")
                for i in range(lo, min(lo + self.batch, entity_count))
            ]
            entity_ids += [world_id(s) for s in specs]
            self.seconds += time.perf_counter() - tick
            self.cpu_seconds += time.process_time() - tick_cpu
            yield Changeset(worlds=tuple(specs))
        carry = 0.0
        for lo in range(0, fact_count, self.batch):
            tick, tick_cpu = time.perf_counter(), time.process_time()
            specs = []
            links: list[EdgeSpec] = []
            for i in range(lo, min(lo + self.batch, fact_count)):
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
            self.seconds += time.perf_counter() - tick
            self.cpu_seconds += time.process_time() - tick_cpu
            yield Changeset(worlds=tuple(specs), edges=tuple(links))


def _floor_batches(data: _Synthetic) -> Iterator[FloorBatch]:
    """The rows the store writes for ``data``, prepared untimed (ids, bodies, keys)."""
    rid = 0
    now = 1_700_000_000_000_000
    for changeset in data:
        batch = FloorBatch()
        for spec in changeset.worlds:
            rid += 1
            body = world_bytes(spec)
            wid = digest(body)
            batch.blobs.append((wid, body))
            batch.nodes.append(
                (rid, wid, spec.type, spec.name, normalize_name(spec.name), spec.content,
                 spec.created_at, None, None, now, "", 1, phonetic_key(spec.name))
            )  # fmt: skip
            batch.fts.append((rid, *fts_columns(spec.type, spec.name, spec.content)))
        batch.edges = [
            (edge_id(e), e.type, e.source, e.target, "{}", None, None, now, "active")
            for e in changeset.edges
        ]
        yield batch


def run_load_bench(
    nodes: int,
    edges: int,
    db_path: str | Path,
    *,
    batch: int = 5000,
    seed: int = 0,
    mode: str = "bulk",
    floor: bool = True,
    variants: bool = False,
    backend: str | None = None,
    db: str | None = None,
) -> dict[str, object]:
    """Load ``nodes`` worlds and ``edges`` refers_to edges into a new store at ``db_path``.

    ``variants``: also measure the bulk floor with the hex-text ids of schema V4 (what the
    32-byte ids of V5 bought) and with ``(src, type, dst)``-keyed edges, bare and with the id
    index and write order the store reads (what that key would buy, and what it would cost;
    ``worlddb.store.raw_floor``).
    ``backend="sqlite,postgres"`` loads the same data into each backend in turn (SQLite at
    ``db_path``, PostgreSQL in ``db`` or a throwaway ``pgserver``) and reports them side by
    side (``worlddb.bench.backends``); ``db_path`` may itself be a ``postgresql://`` URL. The
    raw floors are SQLite's, so they run with the SQLite load only.
    """
    if mode not in ("bulk", "write"):
        raise ValidationError(f"mode must be bulk or write, not {mode!r}", field="mode")
    if backend is None:
        return _load_one(
            nodes,
            edges,
            db_path,
            batch=batch,
            seed=seed,
            mode=mode,
            floor=floor,
            variants=variants,
        )
    from worlddb.bench.backends import compare

    def one(target: str | Path) -> dict[str, object]:
        on_sqlite = not _is_pg_url(target)
        return _load_one(
            nodes,
            edges,
            target,
            batch=batch,
            seed=seed,
            mode=mode,
            floor=floor and on_sqlite,
            variants=variants and on_sqlite,
        )

    ratios = ("writes_per_s", "end_to_end_writes_per_s", "cpu_s")
    return compare(backend, db_path, one, db=db, ratios=ratios)


def _is_pg_url(target: str | Path) -> bool:
    return str(target).lower().startswith(("postgresql:", "postgres:"))


def _load_one(
    nodes: int,
    edges: int,
    db_path: str | Path,
    *,
    batch: int,
    seed: int,
    mode: str,
    floor: bool,
    variants: bool,
) -> dict[str, object]:
    """One load into ``db_path`` (a SQLite file, recreated, or a ``postgresql://`` URL)."""
    pg_url = str(db_path) if _is_pg_url(db_path) else None
    path = Path(db_path)
    report: dict[str, object] = {"mode": mode, "load_avg_before": round(os.getloadavg()[0], 2)}
    floors = [("floor_bulk", True, "store"), ("floor_txn", False, "store")] if floor else []
    if variants:
        floors += [("floor_bulk_text_ids", True, "text_ids")]
        floors += [("floor_bulk_edges_keyed", True, "edges_keyed")]
        floors += [("floor_bulk_edges_keyed_kept", True, "edges_keyed_kept")]
    for name, bulk, variant in floors:
        floor_path = Path(f"{path}.{name}")
        _remove(floor_path)
        report[name] = raw_load_floor(
            floor_path,
            _floor_batches(_Synthetic(nodes, edges, batch, seed)),
            bulk=bulk,
            variant=variant,
        )
        _remove(floor_path)
    if pg_url is None:
        _remove(path)
    data = _Synthetic(nodes, edges, batch, seed)
    written_worlds = written_edges = 0
    start = time.perf_counter()
    with WorldDB.open(pg_url or path, embedder=None, extractor=None) as db:
        tick, tick_cpu = time.perf_counter(), time.process_time()
        if mode == "bulk":
            done = db.write_bulk(data)
            written_worlds, written_edges = done.created, done.edges
            report["deferred_changesets"] = f"{done.deferred_until}/{done.changesets}"
        else:
            for changeset in data:
                result = db.write(changeset)
                written_worlds += len(result.created)
                written_edges += len(result.edges)
        write_seconds = time.perf_counter() - tick - data.seconds
        cpu = time.process_time() - tick_cpu - data.cpu_seconds
        built = getattr(db.store, "last_write_stats", {}).get("index_build_ms")
        if built is not None:  # PostgreSQL: the deferred indexes' build, inside write_seconds
            report["index_build_s"] = round(built / 1000, 2)
        db.store.checkpoint()
    elapsed = time.perf_counter() - start
    rate = (written_worlds + written_edges) / write_seconds
    report.update(
        {
            "nodes": written_worlds,
            "edges": written_edges,
            "seconds": round(elapsed, 2),
            "write_seconds": round(write_seconds, 2),
            "cpu_s": round(cpu, 2),
            "writes_per_s": round(rate, 1),
            "end_to_end_writes_per_s": round((written_worlds + written_edges) / elapsed, 1),
            "peak_rss_mb": round(_peak_rss_mb(), 1),
            "file_mb": None if pg_url else round(os.path.getsize(path) / 2**20, 1),
            "load_avg_after": round(os.getloadavg()[0], 2),
        }
    )
    for name in ("floor_bulk", "floor_txn"):
        found = report.get(name)
        if isinstance(found, dict):
            short = name.removeprefix("floor_")
            report[f"ratio_{short}"] = round(rate / found["rows_per_s"], 3)
            # the same ratio in CPU time: steadier than wall time on a shared machine
            report[f"ratio_{short}_cpu"] = round(found["cpu_seconds"] / cpu, 3)
    return report
