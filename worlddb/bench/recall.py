"""Benchmark recall on a generated memory: lane latencies and HNSW recall@10.

A synthetic store of ``worlds`` worlds is bulk-loaded through the real reconciler in large
changesets, all in one ``WorldDB.write_bulk`` transaction: entities (people, places,
organisations), and sessions of turns plus facts that ``refers_to`` the entities, spread over
user scopes. Words follow a Zipf law over a generated
vocabulary so full-text matches have a realistic skew. Then, for ``queries`` questions built
from stored facts, it times:

* ``expand_1hop`` — ``Query.start_ids(entity).expand("refers_to", direction="in")``;
* ``bm25`` — the full-text lane alone (top 10);
* ``hnsw_top10`` — the vector index alone, on pre-embedded queries;
* ``recall`` / ``recall_scoped`` — the full fused recall, unscoped and in one user's scope;

and measures HNSW recall@10 against brute force over the stored vectors, and how often recall
in the asking user's scope returns the fact a question was drawn from (fused, and the text and
vector lanes alone). Every user scope holds about ``user_worlds`` worlds whatever the store's
size, so a larger store means more *other* users: the shape in which a lane that cuts a global
candidate list before the scope filter loses a user's own facts.

Sessions are dated an hour apart from September 2020, so a store of more than ~650k worlds
holds sessions dated after today; recall reads at the default view (valid now), which hides
them. The measurement therefore reads at the moment just after the newest session
(``Corpus.latest``): before that, a third of the questions at 1M asked about facts not yet
valid, and the 64.5% "scoped recall finds the source fact" at 1M was exactly the share of
questions whose fact was visible (BENCHMARKS.md, "Scoped recall at scale").

``run_hnsw_quality`` measures HNSW recall@10 on the real embedder's vectors of chat-like texts.

Run ``python -m worlddb.bench.recall WORLDS [--real | --hnsw]`` for a JSON report on stdout.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Final

import numpy as np

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.hashing import scope_world, world_id
from worlddb.index.filters import WorldFilter, resolve_scopes
from worlddb.index.fts import match_rids, search_text
from worlddb.index.fts_query import build_match
from worlddb.index.graph import mentions
from worlddb.index.vector import VectorIndex, add_threads_default, decode_vector
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.plugins import Embedder
from worlddb.query import Query
from worlddb.recall import Recall
from worlddb.testing import HashEmbedder

__all__ = [
    "hnsw_recall_at_k",
    "load_corpus",
    "main",
    "percentiles",
    "run_hnsw_quality",
    "run_recall_bench",
]

TURNS_PER_SESSION: Final = 8
FACTS_PER_SESSION: Final = 3
WORLDS_PER_SESSION: Final = 1 + TURNS_PER_SESSION + FACTS_PER_SESSION
WORLDS_PER_ENTITY: Final = 50
WORLDS_PER_USER: Final = 2000
SESSIONS_PER_CHANGESET: Final = 150
VOCABULARY: Final = 4000
BENCH_DIMENSION: Final = 384
_SYLLABLES: Final = (
    "ka",
    "lo",
    "mi",
    "ren",
    "tu",
    "sa",
    "vi",
    "no",
    "del",
    "or",
    "pa",
    "qui",
    "ze",
    "ban",
    "tor",
    "li",
    "mu",
    "an",
    "es",
    "gra",
)
_ENTITY_TYPES: Final = ("Person", "Place", "Organization")


def _vocabulary(rng: random.Random) -> list[str]:
    words: dict[str, None] = {}
    while len(words) < VOCABULARY:
        words["".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4)))] = None
    return list(words)


class _Text:
    """Zipf-distributed sentences over a generated vocabulary."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.words = _vocabulary(rng)
        ranks = np.arange(1, len(self.words) + 1, dtype=np.float64)
        self.cumulative = list(np.cumsum(1 / ranks) / np.sum(1 / ranks))

    def sentence(self, low: int, high: int, *, mention: str | None = None) -> str:
        picks = self.rng.choices(
            self.words, cum_weights=self.cumulative, k=self.rng.randint(low, high)
        )
        if mention is not None:
            picks.insert(self.rng.randrange(len(picks) + 1), mention)
        return " ".join(picks)


class Corpus:
    """What ``load_corpus`` wrote: entity ids, user scope names and fact texts for queries."""

    def __init__(self) -> None:
        self.entities: list[tuple[NodeId, str]] = []
        self.users: list[str] = []
        self.facts: list[tuple[str, str]] = []  # (text, user scope name)
        self.latest = 0  # the newest session's time (microseconds)
        self.load_seconds = 0.0


def load_corpus(
    db: WorldDB,
    worlds: int,
    *,
    seed: int = 0,
    write: bool = True,
    user_worlds: int = WORLDS_PER_USER,
) -> Corpus:
    """Bulk-load about ``worlds`` worlds into ``db`` through its reconciler.

    With ``write=False`` nothing is written: the generator replays the same seeded sequence and
    only rebuilds the ``Corpus`` of a store an earlier call loaded (so a 1M-world store can be
    measured again, on a quieter machine, without reloading it). ``user_worlds`` is about how
    many worlds each user scope holds (sessions go to users in turn).
    """
    rng = random.Random(seed)
    text = _Text(rng)
    corpus = Corpus()
    began = time.perf_counter()
    n_entities = max(10, worlds // WORLDS_PER_ENTITY)
    specs = []
    for i in range(n_entities):
        first = text.words[-1 - i % len(text.words)]  # wraps past the vocabulary at 1M
        name = f"{first.title()} {rng.choice(text.words[100:]).title()}"
        specs.append(WorldSpec(type=_ENTITY_TYPES[i % 3], name=name))
    corpus.entities = [(world_id(s), s.name) for s in specs]
    corpus.users = [f"user_id=u{i}" for i in range(max(1, worlds // max(1, user_worlds)))]
    sessions = max(1, (worlds - n_entities) // WORLDS_PER_SESSION)

    def changesets() -> Iterator[Changeset]:
        yield Changeset(worlds=tuple(specs))
        for start in range(0, sessions, SESSIONS_PER_CHANGESET):
            batch = range(start, min(sessions, start + SESSIONS_PER_CHANGESET))
            yield _sessions(batch, text, corpus, rng)

    if write:
        db.write_bulk(changesets())  # one transaction, every changeset through the reconciler
    else:
        for _ in changesets():
            pass
    corpus.load_seconds = time.perf_counter() - began
    return corpus


def _sessions(batch: range, text: _Text, corpus: Corpus, rng: random.Random) -> Changeset:
    worlds: list[WorldSpec] = []
    edges: list[EdgeSpec] = []
    scopes: dict[str, WorldSpec] = {}
    for number in batch:
        user = corpus.users[number % len(corpus.users)]
        kind, _, value = user.partition("=")
        scope = scopes.setdefault(user, scope_world(kind, value))
        moment = 1_600_000_000_000_000 + number * 3_600_000_000
        turns = []
        for t in range(TURNS_PER_SESSION):
            entity = rng.choice(corpus.entities) if rng.random() < 0.3 else None
            turn = WorldSpec(
                type="Turn",
                name="user" if t % 2 == 0 else "assistant",
                content=text.sentence(6, 24, mention=entity[1] if entity else None),
                created_at=moment + t,
                valid_from=moment + t,
            )
            turns.append(turn)
            if entity is not None:
                edges.append(EdgeSpec("refers_to", world_id(turn), entity[0]))
        corpus.latest = max(corpus.latest, moment + TURNS_PER_SESSION)
        session = WorldSpec(
            type="Session",
            name=f"session {number}",
            children=tuple(world_id(t) for t in turns),
            created_at=moment,
        )
        worlds += [*turns, session]
        edges.append(EdgeSpec("contains", world_id(scope), world_id(session)))
        for _ in range(FACTS_PER_SESSION):
            named = rng.sample(corpus.entities, rng.randint(1, 2))
            fact = WorldSpec(
                type="Fact",
                content=text.sentence(5, 12, mention=named[0][1]),
                created_at=moment,
                valid_from=moment,
            )
            worlds.append(fact)
            edges += [EdgeSpec("refers_to", world_id(fact), e) for e, _ in named]
            edges.append(EdgeSpec("contains", world_id(scope), world_id(fact)))
            corpus.facts.append((fact.content, user))
    return Changeset(worlds=(*scopes.values(), *worlds), edges=tuple(edges), source="bench")


def percentiles(samples_ms: Sequence[float]) -> dict[str, float]:
    """P50, P95 and max of a list of millisecond timings."""
    ordered = sorted(samples_ms)
    return {
        "p50": round(float(np.percentile(ordered, 50)), 3),
        "p95": round(float(np.percentile(ordered, 95)), 3),
        "max": round(ordered[-1], 3),
    }


def _time(fn: Callable[[], object]) -> float:
    began = time.perf_counter()
    fn()
    return (time.perf_counter() - began) * 1000


def _expand(db: WorldDB, entity: NodeId) -> object:
    return Query(db.store).start_ids(entity).expand("refers_to", direction="in").execute()


def hnsw_recall_at_k(db: WorldDB, queries: np.ndarray, k: int = 10) -> float:
    """Mean overlap of HNSW's top ``k`` with exact cosine top ``k`` over the stored vectors."""
    assert db.vectors is not None
    rows = list(db.store.embedding_rows())
    rids = np.array([int(r) for r, _ in rows])
    matrix = np.vstack([decode_vector(v) for _, v in rows])
    return _overlap(db.vectors, rids, matrix, queries, k)


def _overlap(
    index: VectorIndex, rids: np.ndarray, matrix: np.ndarray, queries: np.ndarray, k: int
) -> float:
    matrix = matrix / np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-12)
    total = 0.0
    for q in queries:
        qn = q / max(float(np.linalg.norm(q)), 1e-12)
        exact = set(rids[np.argsort(-(matrix @ qn), kind="stable")[:k]].tolist())
        approx = {rid for rid, _ in index.search(q, k)}
        total += len(exact & approx) / k
    return round(total / len(queries), 4)


def run_hnsw_quality(
    n: int = 20_000, *, queries: int = 200, k: int = 10, embedder: Embedder | None = None
) -> dict[str, object]:
    """HNSW recall@k against brute force on a real embedder's vectors of chat-like texts.

    The index is the product's ``VectorIndex`` (same M, ef_construction, ef_search); texts come
    from ``worlddb.bench.embedder.chat_texts`` and the queries are other such texts.
    """
    from worlddb.bench.embedder import chat_texts

    if embedder is None:
        from worlddb.embedding import default_embedder

        embedder = default_embedder()
    texts = list(dict.fromkeys(chat_texts(n, seed=0)))
    began = time.perf_counter()
    matrix = np.asarray(embedder.embed_documents(texts), dtype=np.float32)
    embed_s = time.perf_counter() - began
    rids = np.arange(1, len(texts) + 1)
    asked = np.asarray(embedder.embed_queries(chat_texts(queries, seed=99)), dtype=np.float32)
    report: dict[str, object] = {
        "embedder": embedder.key,
        "vectors": len(texts),
        "k": k,
        "embed_s": round(embed_s, 1),
    }
    # One build on one thread (the floor every earlier figure used), then one on the threads a
    # large ``add`` takes by default: the build-time ratio and both recalls come from one run.
    builds: dict[int, float] = {}
    for threads in dict.fromkeys((1, add_threads_default())):
        index = VectorIndex(matrix.shape[1], add_threads=threads)
        wall, cpu = time.perf_counter(), time.process_time()
        index.add(list(rids), matrix)
        builds[threads] = time.perf_counter() - wall
        suffix = "" if threads == 1 else f"_{threads}_threads"
        report[f"build_s{suffix}"] = round(builds[threads], 1)
        report[f"build_cpu_s{suffix}"] = round(time.process_time() - cpu, 1)
        report[f"recall_at_{k}{suffix}"] = _overlap(index, rids, matrix, asked, k)
        report[f"search_ms{suffix}"] = percentiles(
            [_time(partial(index.search, q, k)) for q in asked]
        )
    if len(builds) > 1:
        report["build_speedup"] = round(builds[1] / max(builds[max(builds)], 1e-9), 2)
    return report


def run_recall_bench(
    worlds: int,
    *,
    seed: int = 0,
    embedder: Embedder | None = None,
    queries: int = 200,
    path: Path | str | None = None,
    reuse: bool = False,
    rounds: int = 1,
    user_worlds: int = WORLDS_PER_USER,
    backend: str | None = None,
    db: str | None = None,
) -> dict[str, object]:
    """Load ``worlds`` worlds, then time the lanes on ``queries`` questions.

    Args:
        worlds: About how many worlds to generate.
        seed: Seeds the generator and the query sample.
        embedder: The embedder to load and query with (``HashEmbedder(384)`` by default).
        queries: How many questions to time.
        path: Where to keep the store (a temporary directory, deleted after, by default).
        reuse: Measure the store already at ``path`` (loaded by an earlier call with the same
            ``worlds`` and ``seed``) instead of loading it again.
        rounds: Time every question this many times; each statistic is the median over rounds,
            which damps a noisy machine.
        user_worlds: About how many worlds each user scope holds (``WORLDS_PER_USER``); a
            smaller value makes one user's share of the store at 100k what it is at 1M.
        backend: ``"sqlite,postgres"`` (or one of them): the same load and queries on each
            backend in turn, reported side by side with PostgreSQL/SQLite ratios
            (``worlddb.bench.backends``); ``None`` runs on SQLite alone, as before.
        db: With ``backend`` naming ``postgres``: the ``postgresql://`` database to use (a
            fresh schema in it); default a throwaway ``pgserver`` PostgreSQL.

    Returns:
        Load time, P50/P95/max milliseconds per operation, and HNSW recall@10.

    Raises:
        ValidationError: ``reuse`` without an existing store at ``path``, or ``rounds`` < 1.
    """
    if rounds < 1:
        raise ValidationError("rounds must be at least 1", field="rounds", value=rounds)
    chosen = embedder or HashEmbedder(BENCH_DIMENSION)
    if backend is not None:
        return _on_backends(worlds, backend, db, seed, chosen, queries, rounds, user_worlds)
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(path) if path is not None else Path(tmp) / "bench.db"
        if reuse and not target.exists():
            raise ValidationError(
                f"reuse needs a store loaded by an earlier run at {target}", field="path"
            )
        with WorldDB.open(target, embedder=chosen, extractor=None) as opened:
            corpus = load_corpus(
                opened, worlds, seed=seed, write=not reuse, user_worlds=user_worlds
            )
            report = _measure(opened, corpus, chosen, queries, seed, rounds)
            report["load_s"] = None if reuse else round(corpus.load_seconds, 2)
            report["counts"] = opened.store.counts()
        report["db_bytes"] = target.stat().st_size
        report["user_worlds"] = user_worlds
    return report


def _on_backends(
    worlds: int,
    backend: str,
    db: str | None,
    seed: int,
    embedder: Embedder,
    queries: int,
    rounds: int,
    user_worlds: int = WORLDS_PER_USER,
) -> dict[str, object]:
    """``run_recall_bench`` on each backend of ``backend`` in turn (``bench.backends``)."""
    from worlddb.bench.backends import compare, store_bytes

    def one(target: str | Path) -> dict[str, object]:
        with WorldDB.open(target, embedder=embedder, extractor=None) as store:
            corpus = load_corpus(store, worlds, seed=seed, user_worlds=user_worlds)
            built = getattr(store.store, "last_write_stats", {}).get("index_build_ms")
            report = _measure(store, corpus, embedder, queries, seed, rounds)
            report["index_build_s"] = None if built is None else round(built / 1000, 2)
            report["load_s"] = round(corpus.load_seconds, 2)
            report["load_worlds_per_s"] = round(
                int(store.store.counts()["nodes"]) / max(corpus.load_seconds, 1e-9), 1
            )
            report["counts"] = store.store.counts()
        report["db_bytes"] = store_bytes(target)
        return report

    lanes = ("recall", "recall_scoped", "bm25", "hnsw_top10", "graph_1hop")
    with tempfile.TemporaryDirectory() as tmp:
        return compare(
            backend,
            Path(tmp) / "bench.db",
            one,
            db=db,
            ratios=(
                "load_worlds_per_s",
                *(f"latency_ms.{lane}.{p}" for lane in lanes for p in ("p50", "p95")),
            ),
        )


def _measure(
    db: WorldDB, corpus: Corpus, embedder: Embedder, n: int, seed: int, rounds: int = 1
) -> dict[str, object]:
    rng = random.Random(seed + 1)
    # Read when every generated session is already valid (see the module docstring).
    moment = max(db.now(), corpus.latest + 1)
    recall = Recall(db.store, db.vectors, db.embedder, db.handlers, clock=lambda: moment)
    asked = [rng.choice(corpus.facts) for _ in range(n)]
    questions = [" ".join(rng.sample(t.split(), min(4, len(t.split())))) for t, _ in asked]
    vectors = embedder.embed_queries(questions)
    entities = [rng.choice(corpus.entities)[0] for _ in range(n)]
    assert db.vectors is not None
    index = db.vectors
    flt = WorldFilter(now=moment)
    names = _TIMED
    per_round: list[dict[str, dict[str, float]]] = []
    per_round_cpu: list[dict[str, float]] = []
    found_fact: dict[str, int] = {}
    for _ in range(rounds):
        samples, cpu, found_fact = _time_lanes(
            db, recall, index, flt, questions, vectors, entities, asked
        )
        per_round.append({name: percentiles(samples[name]) for name in names})
        per_round_cpu.append(cpu)
    return {
        "worlds": db.store.counts()["nodes"],
        "embedder": embedder.key,
        "queries": n,
        "rounds": rounds,
        "latency_ms": {name: _median_stats([r[name] for r in per_round]) for name in names},
        "cpu_ms_mean": _median_stats(per_round_cpu),
        "bm25_vs_exact": _text_quality(db, flt, questions, asked),
        "hnsw_recall_at_10": hnsw_recall_at_k(db, vectors[: min(n, 200)]),
        "scoped_recall_finds_source_fact": round(found_fact["fused"] / n, 3),
        "scoped_lane_finds_source_fact": {
            lane: round(count / n, 3) for lane, count in found_fact.items() if lane != "fused"
        },
        "scope_share": _scope_share(db, asked[0][1]),
    }


def _scope_share(db: WorldDB, scope: str) -> float:
    """One asked user's scope size as a share of the store."""
    ids = resolve_scopes(db.store, [scope]) or ()
    size = db.store.lanes.scope_size(ids[0], 10**9)
    return round(size / max(1, db.store.counts()["nodes"]), 5)


def _median_stats(rounds: Sequence[dict[str, float]]) -> dict[str, float]:
    return {key: round(float(np.median([r[key] for r in rounds])), 3) for key in rounds[0]}


_TIMED: Final = (
    "expand_1hop",
    "graph_1hop",
    "fts_floor",
    "bm25",
    "bm25_exact",
    "hnsw_top10",
    "recall",
    "recall_scoped",
)


def _graph_1hop(db: WorldDB, entity: NodeId, flt: WorldFilter) -> object:
    """Recall's 1-hop adjacency: ids and recency off the edge index, then only the top 10
    hydrated (``expand_1hop`` hydrates every neighbour as a full ``World``)."""
    hits = mentions(db.store, [entity], flt=flt, limit=10, entity_types=_ENTITY_TYPES, hops=1)
    return db.store.worlds_by_rid([h.rid for h in hits])


def _fts_floor(db: WorldDB, question: str, flt: WorldFilter) -> object:
    """The raw index floor: read ten matches of the question, unscored."""
    match = build_match(question)
    return db.store.lanes.newest_matches(match, 10) if match else None


def _text_quality(
    db: WorldDB, flt: WorldFilter, questions: Sequence[str], asked: Sequence[tuple[str, str]]
) -> dict[str, float]:
    """The lane's top 10 against the exact (unbounded) FTS5 lane's: the mean overlap, the
    lane's summed exact BM25 as a share of the exact lane's, and how often each finds the fact
    the question was drawn from."""
    overlap = score_share = found = found_exact = 0.0
    for question, (fact, _) in zip(questions, asked, strict=True):
        got = search_text(db.store, question, flt=flt, limit=10)
        ref = search_text(db.store, question, flt=flt, limit=10, bounded=False)
        got_ids = {h.rid for h in got}
        overlap += len(got_ids & {h.rid for h in ref}) / max(1, len(ref))
        # Both sides re-scored by one plain OR query: the exact lane's own scores count a rare
        # term twice (its ``R OR (R AND C)`` expression names it twice).
        mine = sum(h.score for h in match_rids(db.store, question, got_ids))
        best = sum(h.score for h in match_rids(db.store, question, [h.rid for h in ref]))
        score_share += mine / best if best > 0 else 1.0
        texts = db.store.worlds_by_rid([*got_ids, *(h.rid for h in ref)])
        found += fact in {texts[r].content for r in got_ids if r in texts}
        found_exact += fact in {texts[h.rid].content for h in ref if h.rid in texts}
    n = max(1, len(questions))
    return {
        "overlap_at_10": round(overlap / n, 3),
        "score_share": round(score_share / n, 3),
        "finds_source_fact": round(found / n, 3),
        "exact_finds_source_fact": round(found_exact / n, 3),
    }


def _time_lanes(
    db: WorldDB,
    recall: Recall,
    index: VectorIndex,
    flt: WorldFilter,
    questions: Sequence[str],
    vectors: np.ndarray,
    entities: Sequence[NodeId],
    asked: Sequence[tuple[str, str]],
) -> tuple[dict[str, list[float]], dict[str, float], dict[str, int]]:
    samples: dict[str, list[float]] = {k: [] for k in _TIMED}
    cpu: dict[str, float] = {k: 0.0 for k in _TIMED}

    def timed(name: str, fn: Callable[[], object]) -> None:
        began = time.process_time()
        samples[name].append(_time(fn))
        cpu[name] += (time.process_time() - began) * 1000 / len(questions)

    found_fact = dict.fromkeys(("fused", *_SCOPED_LANES), 0)
    for i, question in enumerate(questions):
        seed_id, qvec, scope = entities[i], vectors[i], asked[i][1]
        timed("expand_1hop", partial(_expand, db, seed_id))
        timed("graph_1hop", partial(_graph_1hop, db, seed_id, flt))
        timed("fts_floor", partial(_fts_floor, db, question, flt))
        timed("bm25", partial(search_text, db.store, question, flt=flt, limit=10))
        timed(
            "bm25_exact",
            partial(search_text, db.store, question, flt=flt, limit=10, bounded=False),
        )
        timed("hnsw_top10", partial(index.search, qvec, 10))
        timed("recall", partial(recall.recall, question, limit=10))
        began, cpu_began = time.perf_counter(), time.process_time()
        scoped = recall.recall(question, limit=10, scope_ids=[scope])
        samples["recall_scoped"].append((time.perf_counter() - began) * 1000)
        cpu["recall_scoped"] += (time.process_time() - cpu_began) * 1000 / len(questions)
        found_fact["fused"] += asked[i][0] in {h.text for h in scoped.hits}
        for lane in _SCOPED_LANES:
            alone = recall.recall(question, limit=10, scope_ids=[scope], lanes=[lane])
            found_fact[lane] += asked[i][0] in {h.text for h in alone.hits}
    return samples, cpu, found_fact


_SCOPED_LANES: Final = ("bm25", "vector")
"""Lanes whose scoped found-rate is reported alone (the generated entities are in no user's
scope, so the graph lane finds no seed in a scoped read of this corpus)."""


def main(argv: Sequence[str] | None = None) -> int:
    """CLI: ``python -m worlddb.bench.recall WORLDS [--real | --hnsw [--hash]]``; prints JSON.

    ``--hnsw`` measures HNSW recall@10 and build time (one thread, then the default threads)
    on the real embedder's vectors of WORLDS chat texts; ``--hash`` uses the hash embedder
    the recall bench loads with instead (fast to embed, so large WORLDS are practical).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    real = "--real" in args
    numbers = [int(a) for a in args if a.isdigit()]
    worlds = numbers[0] if numbers else 10_000
    if "--hnsw" in args:
        hashed = HashEmbedder(BENCH_DIMENSION) if "--hash" in args else None
        report = run_hnsw_quality(worlds, embedder=hashed)
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return 0
    embedder: Embedder | None = None
    if real:
        from worlddb.embedding import default_embedder

        embedder = default_embedder()
    report = run_recall_bench(worlds, embedder=embedder)
    sys.stdout.write(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
