"""``worlddb bench write``: the everyday ``remember()`` against its physical floor.

What one write must cost at least is one ONNX embed call of its text, one HNSW insert and one
SQLite insert + commit; everything above that is resolution, supersession checks, reclustering
and bookkeeping. This bench measures both in the same process, on the same store, so the
ratio survives a noisy shared machine.

The store is built once per size (and reused from ``cache_dir``): ``memories`` notes in one
user scope, each naming one of ``entities`` people who are scope members too, written in
batched changesets (the fast path), then ``warmup`` ``remember()`` calls of notes naming people,
places and projects. Each run copies that store to a scratch file and times ``calls``
``remember()`` calls split into ``rounds``; it reports the median over rounds of each round's
P50/P95 (wall and process CPU, all threads), the CPU and wall per write including the wait for
background work at the end of the round, and per round the floor: the median of
``floor_samples`` single embed calls, HNSW adds and meta-row commits, each of a distinct text.
``recluster=0`` switches the after-commit recluster pass off to show its cost.

The embedder is the bundled offline MiniLM: a missing model raises ``ModelMissingError``, it is
never replaced by another embedder.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import numpy as np

from worlddb.bench.embedder import chat_texts
from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.timeutil import now_us

__all__ = ["note_texts", "run_write_bench"]

SCOPE: Final = ("user_id", "bench-user")
BATCH: Final = 500
FLOOR_RID_BASE: Final = 1 << 40  # far above any stored rid: floor adds never collide

_PEOPLE: Final = (
    "Alice Moreau", "Bob Tanaka", "Carla Diaz", "Dmitri Volkov", "Emma Schultz",
    "Farid Haddad", "Grace Liu", "Hannah Berg", "Ivan Petrov", "Julia Rossi",
    "Kenji Sato", "Laura Chen", "Marco Bianchi", "Nina Kowalski", "Omar Said",
    "Priya Nair", "Quentin Dubois", "Rosa Alvarez", "Sven Larsen", "Tara Singh",
)  # fmt: skip
_PLACES: Final = (
    "Berlin", "Lisbon", "Tokyo", "Toronto", "Nairobi", "Oslo", "Madrid", "Seattle",
    "Prague", "Melbourne",
)  # fmt: skip
_PROJECTS: Final = (
    "Project Atlas", "the Orion launch", "the Q3 budget review", "the Postgres migration",
    "the Helios redesign", "the onboarding revamp",
)  # fmt: skip
_TEMPLATES: Final = (
    "Met {p} in {c} to talk about {j}.",
    "{p} said the deadline for {j} moves to next Friday.",
    "Call with {p} and {q} about {j}; {q} will send the notes.",
    "{p} is moving to {c} in the spring.",
    "Lunch with {p} in {c}; she recommended a book on negotiation.",
    "{p} asked me to review the draft for {j} before Monday.",
    "Flight to {c} booked for the {j} kickoff with {p}.",
    "{p} now leads {j} after {q} left for {c}.",
)


def note_texts(n: int, seed: int = 0) -> list[str]:
    """``n`` short notes, each naming one or two people and a place or project."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        p, q = rng.sample(_PEOPLE, 2)
        text = rng.choice(_TEMPLATES).format(
            p=p, q=q, c=rng.choice(_PLACES), j=rng.choice(_PROJECTS)
        )
        out.append(f"{text} (#{seed}-{i})")  # distinct content: every call is a new memory
    return out


def _crowd(n: int) -> list[str]:
    """``n`` distinct people's names (first x last name), the entities of the bulk notes."""
    firsts = [p.split()[0] for p in _PEOPLE] + [f"Alex{i}" for i in range(n // len(_PEOPLE))]
    lasts = [p.split()[1] for p in _PEOPLE]
    return [f"{f} {last}" for f in firsts for last in lasts][:n]


def _build(path: Path, memories: int, warmup: int, entities: int) -> float:
    """Fill ``path`` with ``memories`` bulk notes plus ``warmup`` remembered ones; seconds.

    Like a real user's store, the scope holds entities as well as notes: each bulk note names
    one of ``entities`` people (``refers_to``), and every person is a member of the scope.
    """
    start = time.perf_counter()
    scope = scope_world(*SCOPE)
    scope_id = world_id(scope)
    texts = chat_texts(memories, seed=7)
    people = _crowd(entities)
    rng = random.Random(7)
    seen: set[str] = set()
    base = now_us() - (memories + warmup) * 1_000_000
    with WorldDB.open(path) as db:
        db.write(Changeset(worlds=(scope,)))
        for lo in range(0, memories, BATCH):
            worlds: list[WorldSpec] = []
            edges: list[EdgeSpec] = []
            for i in range(lo, min(lo + BATCH, memories)):
                at = base + i * 1_000_000
                name = rng.choice(people)
                note = WorldSpec(
                    type="Note",
                    content=f"{texts[i]} (asked {name}, note {i})",
                    created_at=at,
                    valid_from=at,
                )
                person = WorldSpec(type="Person", name=name)
                worlds.append(note)
                edges.append(EdgeSpec("contains", scope_id, world_id(note)))
                if name not in seen:
                    seen.add(name)
                    worlds.append(person)
                    edges.append(EdgeSpec("contains", scope_id, world_id(person)))
                edges.append(EdgeSpec("refers_to", world_id(note), world_id(person)))
            db.write(Changeset(worlds=tuple(worlds), edges=tuple(edges)))
        for text in note_texts(warmup, seed=1):
            db.remember(text, scopes=dict([SCOPE]))
        _drain(db)
    return time.perf_counter() - start


def _drain(db: WorldDB) -> None:
    """Wait for any background work the facade queued (a no-op where there is none)."""
    drain: Callable[[], object] | None = getattr(db, "drain_recluster", None)
    if drain is not None:
        drain()


def _store(memories: int, warmup: int, entities: int, cache_dir: Path) -> tuple[Path, float]:
    """The cached built store for these sizes (built now if missing); build seconds or 0."""
    path = cache_dir / f"bench-write-{memories}-{warmup}-{entities}.sqlite"
    if path.exists() and Path(f"{path}.hnsw").exists():
        return path, 0.0
    cache_dir.mkdir(parents=True, exist_ok=True)
    for stale in cache_dir.glob(f"{path.name}*"):
        stale.unlink()
    partial = cache_dir / f"{path.name}.building"
    seconds = _build(partial, memories, warmup, entities)
    for suffix in ("", ".hnsw", ".hnsw.json"):
        source = Path(f"{partial}{suffix}")
        if source.exists():
            source.rename(Path(f"{path}{suffix}"))
    Path(f"{partial}.hnsw.lock").unlink(missing_ok=True)
    return path, seconds


def _copy(source: Path, dest: Path) -> None:
    for suffix in ("", ".hnsw", ".hnsw.json"):
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{dest}{suffix}")


def _ms(samples: Sequence[float], q: float) -> float:
    return float(np.percentile(samples, q)) * 1000


def _floor(db: WorldDB, texts: Sequence[str], offset: int) -> dict[str, float]:
    """Median ms of one embed call, one HNSW add and one one-row commit, over ``texts``."""
    assert db.embedder is not None and db.vectors is not None
    embed, add, commit = [], [], []
    for i, text in enumerate(texts):
        t0 = time.perf_counter()
        vector = db.embedder.embed_documents([text])
        t1 = time.perf_counter()
        rid = FLOOR_RID_BASE + offset + i
        db.vectors.add([rid], vector)
        t2 = time.perf_counter()
        db.set_meta(f"bench.write.floor.{offset + i}", text)
        t3 = time.perf_counter()
        db.vectors.remove([rid])
        embed.append(t1 - t0)
        add.append(t2 - t1)
        commit.append(t3 - t2)
    parts = {
        "embed": float(np.median(embed)) * 1000,
        "hnsw_add": float(np.median(add)) * 1000,
        "sqlite_commit": float(np.median(commit)) * 1000,
    }
    return {**parts, "total": sum(parts.values())}


def _round(db: WorldDB, texts: Sequence[str]) -> dict[str, float]:
    wall, cpu = [], []
    cpu_start, wall_start = time.process_time(), time.perf_counter()
    for text in texts:
        c0, w0 = time.process_time(), time.perf_counter()
        db.remember(text, scopes=dict([SCOPE]))
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    d0 = time.perf_counter()
    _drain(db)
    drain_s = time.perf_counter() - d0
    return {
        "p50": _ms(wall, 50),
        "p95": _ms(wall, 95),
        "cpu_p50": _ms(cpu, 50),
        "cpu_p95": _ms(cpu, 95),
        # all threads' CPU for the round, background work included, per write
        "cpu_per_write": (time.process_time() - cpu_start) / len(texts) * 1000,
        "wall_per_write_drained": (time.perf_counter() - wall_start) / len(texts) * 1000,
        "drain": drain_s * 1000,
    }


def run_write_bench(
    memories: int = 20_000,
    *,
    calls: int = 300,
    rounds: int = 5,
    warmup: int = 300,
    entities: int = 1000,
    floor_samples: int = 30,
    recluster: int = 1,
    cache_dir: str = str(Path(tempfile.gettempdir()) / "worlddb-bench-write"),
    seed: int = 0,
) -> dict[str, object]:
    """Time ``calls`` ``remember()`` calls at ``memories`` stored notes against the floor."""
    if calls < rounds or rounds < 1:
        raise ValueError("calls must be >= rounds >= 1")
    built, build_s = _store(memories, warmup, entities, Path(cache_dir))
    texts = note_texts(calls, seed=100 + seed)
    # distinct texts everywhere: an embedder memo must not make the floor look free
    floor_texts = note_texts(floor_samples * rounds, seed=900 + seed)
    per_round = calls // rounds
    results: list[dict[str, float]] = []
    floors: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="worlddb-bench-write-") as tmp:
        path = Path(tmp) / "store.sqlite"
        _copy(built, path)
        with WorldDB.open(path) as db:
            if not recluster:
                db.recluster_budget_s = 0.0
            db.remember("warm the caches: Alice Moreau in Berlin.", scopes=dict([SCOPE]))
            _drain(db)
            for r in range(rounds):
                lo = r * floor_samples
                floors.append(_floor(db, floor_texts[lo : lo + floor_samples], lo))
                results.append(_round(db, texts[r * per_round : (r + 1) * per_round]))
            counts = db.counts()

    def med(rows: list[dict[str, float]], key: str) -> float:
        return round(float(np.median([row[key] for row in rows])), 2)

    floor_ms = med(floors, "total")
    report: dict[str, object] = {
        "memories": memories,
        "calls": per_round * rounds,
        "rounds": rounds,
        "recluster": bool(recluster),
        **{f"remember_{k}_ms": med(results, k) for k in results[0]},
        **{f"floor_{k}_ms": med(floors, k) for k in floors[0]},
        "ratio_p50_to_floor": round(med(results, "p50") / floor_ms, 2),
        "ratio_p95_to_floor": round(med(results, "p95") / floor_ms, 2),
        "rounds_p50_ms": [round(row["p50"], 1) for row in results],
        "store_nodes": counts.get("nodes", 0),
        "build_s": round(build_s, 1),
    }
    return report
