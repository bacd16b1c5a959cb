"""One LongMemEval question through the engine: ingest its haystack, recall, rank. No labels here.

A worker gets a ``Task``: the question text, its date and the scrubbed sessions under opaque ids;
never the dataset ids, the answer or the question id (the ``index`` is the harness's own counter).
It opens a fresh in-memory ``WorldDB``, ingests the sessions in date order through the normal
ingest path, recalls as of the question date and ranks the haystack (``worlddb.eval.ranking``).
One ingest can serve several recall configurations (lane ablations): each gets its own ranking.

"As of the question date" is taken at day resolution by default: LongMemEval's times within a
day are out of order (its README says so), and 40 of the 418 strict LongMemEval_S questions have
evidence dated later on the question's own day, never on a later day. ``as_of="exact"`` keeps
the timestamp as given. Recall is asked for the memory types ranking can map (turns, facts,
sessions, notes), so entities do not use up the hit budget.

Workers run in spawned processes: ``init_process`` builds the embedder (and its cache
connection) and the extractor once per process, and ``run_task`` reuses them for every question.
``Worker`` is the same thing in-process, for ``workers=1`` and tests.
"""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal

from worlddb.consolidate import SUMMARY_TYPE
from worlddb.eval.longmemeval import Session
from worlddb.eval.ranking import HitLike, RankedHaystack, build_rankings, locate_hits
from worlddb.eval.store_cache import IngestMap, StoreCache, haystack_key
from worlddb.plugins import Embedder, Extractor, Message
from worlddb.reconciler.embeddings import DEFAULT_REPLY_HEAD_CHARS

if TYPE_CHECKING:
    from worlddb.engine import WorldDB

__all__ = [
    "MEMORY_TYPES",
    "AsOf",
    "EngineSetup",
    "Outcome",
    "Task",
    "Worker",
    "as_of_time",
    "init_process",
    "run_task",
]

logger = logging.getLogger(__name__)

MEMORY_TYPES: Final = ("Turn", "Fact", "Session", "Note")
DAY_US: Final = 86_400_000_000

AsOf = Literal["day", "exact"]


@dataclass(frozen=True, slots=True)
class Task:
    """What the engine may know of one question: its text, date and haystack."""

    index: int
    question: str
    question_date: int
    sessions: tuple[Session, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A question's rankings (opaque ids, one per lane set) and what they cost."""

    index: int
    ranked: tuple[RankedHaystack, ...]
    hits: int
    ingest_s: float
    recall_s: float
    cpu_s: float = 0.0


@dataclass(frozen=True)
class EngineSetup:
    """How every worker builds its engine. Must pickle (it travels to spawned processes).

    Attributes:
        lane_sets: One or more recall lane sets, e.g. ``(("bm25", "vector", "graph"),)``;
            each gets its own ranking from the same ingest.
        extraction: Ingest with the offline extractor (facts, entities) or with none.
        recall_limit: How many hits to ask recall for.
        embedder_factory: A picklable zero-argument callable (a class or module-level function)
            returning the embedder; ``None`` for the default offline model.
        cache_path: The shared embedding cache file, or ``None`` for no cache.
        as_of: ``"day"`` recalls as of the end of the question's (UTC) day, ``"exact"`` as of
            its timestamp.
        threads: onnxruntime threads of the default embedder in each worker; ``None`` for its
            own default. The harness gives each worker its share of the cores, so workers
            do not fight over them.
        store_cache: A folder of ingested stores (``worlddb.eval.store_cache``): a haystack
            saved there is recalled from a copy instead of being ingested again; ``None``
            ingests every question afresh.
        summaries: After ingest (and after the store cache saved the store, so the cache stays
            summary-free), run the consolidator's summaries step (every session settled:
            ``min_age`` 0) and let recall return Summary worlds; a Summary hit stands for the
            session it was derived from (``worlddb.eval.ranking``).
        reply_head_chars: Assistant replies longer than this are embedded by their head only
            (``worlddb.reconciler.embeddings``); ``None`` (default) embeds them whole.
    """

    lane_sets: tuple[tuple[str, ...], ...]
    extraction: bool
    recall_limit: int
    embedder_factory: Callable[[], Embedder] | None
    cache_path: Path | None
    as_of: AsOf = "day"
    threads: int | None = None
    store_cache: Path | None = None
    summaries: bool = False
    reply_head_chars: int | None = DEFAULT_REPLY_HEAD_CHARS


class Worker:
    """Ranks tasks with one embedder and extractor, each built once."""

    def __init__(self, setup: EngineSetup) -> None:
        """Build the embedder (wrapped in the cache when one is set) and the extractor."""
        self.setup = setup
        self.embedder = _build_embedder(setup)
        self.extractor = _build_extractor() if setup.extraction else None

    def run(self, task: Task) -> Outcome:
        """Ingest ``task``'s haystack into a fresh store (or reopen its cached copy), recall
        the question with every lane set, rank sessions."""
        from worlddb.engine import WorldDB

        started, cpu = time.perf_counter(), time.process_time()
        cache = None if self.setup.store_cache is None else StoreCache(self.setup.store_cache)
        key = haystack_key(
            task.sessions,
            extraction=self.extractor is not None,
            embedder_key=self.embedder.key,
            reply_head_chars=self.setup.reply_head_chars,
        )
        cached = None if cache is None else cache.load(key, task.sessions)
        path = ":memory:" if cached is None else str(cached[0])
        try:
            with WorldDB.open(
                path,
                embedder=self.embedder,
                extractor=self.extractor,
                reply_head_chars=self.setup.reply_head_chars,
            ) as db:
                if cached is None:
                    mapped = _ingest(db, task.sessions)
                    if cache is not None:
                        cache.save(key, db.store, mapped, task.sessions)
                else:
                    mapped = cached[1]
                if self.setup.summaries:
                    _summarise(db)
                ingested = time.perf_counter()
                ranked, count = self._rank(db, task, mapped)
        finally:
            if cached is not None:
                shutil.rmtree(cached[0].parent, ignore_errors=True)
        done = time.perf_counter()
        return Outcome(
            task.index,
            tuple(ranked),
            count,
            ingested - started,
            done - ingested,
            time.process_time() - cpu,
        )

    def _rank(self, db: WorldDB, task: Task, mapped: IngestMap) -> tuple[list[RankedHaystack], int]:
        cutoff = as_of_time(task.question_date, self.setup.as_of)
        ranked, count = [], 0
        for lanes in self.setup.lane_sets:
            types = (*MEMORY_TYPES, SUMMARY_TYPE) if self.setup.summaries else MEMORY_TYPES
            hits = _recall(db, task.question, lanes, cutoff, self.setup.recall_limit, types)
            located = locate_hits(
                hits,
                sessions=mapped.sessions,
                turns=mapped.turns,
                derived_from=lambda fact: _derived_from(db, fact),
            )
            ranked.append(build_rankings(located, task.sessions, question_date=cutoff))
            count = count or len(hits)
        return ranked, count


def _ingest(db: WorldDB, haystack: Sequence[Session]) -> IngestMap:
    """Ingest the sessions in order; where each stored session and turn sits in the haystack."""
    sessions: dict[str, str] = {}
    turns: dict[str, tuple[str, int]] = {}
    for session in haystack:
        if not session.messages:
            continue  # nothing to store; the ranking's date fill still places it
        result = db.ingest_session(
            [Message(m.role, m.content) for m in session.messages],
            occurred_at=session.date_us,
        )
        sessions.setdefault(result.id, session.opaque_id)
        for index, turn in enumerate(result.turns):
            turns.setdefault(turn, (session.opaque_id, index))
    return IngestMap(sessions, turns)


def as_of_time(question_date: int, as_of: AsOf) -> int:
    """The valid time to recall at: the question's timestamp, or the last moment of its day."""
    if as_of == "exact":
        return question_date
    return (question_date // DAY_US + 1) * DAY_US - 1


_PROCESS_WORKER: Worker | None = None


def init_process(setup: EngineSetup) -> None:
    """Process-pool initializer: build this process's ``Worker``."""
    global _PROCESS_WORKER
    _PROCESS_WORKER = Worker(setup)


def run_task(task: Task) -> Outcome:
    """Process-pool entry point: rank ``task`` with this process's ``Worker``."""
    if _PROCESS_WORKER is None:  # pragma: no cover - only reachable without the initializer
        raise RuntimeError("run_task called in a process that init_process did not set up")
    return _PROCESS_WORKER.run(task)


def _recall(
    db: WorldDB,
    question: str,
    lanes: tuple[str, ...],
    valid_at: int,
    limit: int,
    types: tuple[str, ...] = MEMORY_TYPES,
) -> Sequence[HitLike]:
    result = db.recall(question, limit=limit, valid_at=valid_at, lanes=lanes, types=types)
    return list(result.hits)


def _summarise(db: WorldDB) -> None:
    """A Summary world for every session of the store (the extractive default summariser),
    written through the reconciler like any consolidation run."""
    from worlddb.consolidate import Consolidator

    Consolidator(db, min_age_us=0).run(steps=["summaries"])


def _derived_from(db: WorldDB, fact: str) -> list[str]:
    return [str(edge.target) for edge in db.edges(fact, types=["derived_from"])]


def _build_embedder(setup: EngineSetup) -> Embedder:
    if setup.embedder_factory is None:
        from worlddb.embedding import default_embedder

        embedder: Embedder = default_embedder(intra_op_num_threads=setup.threads)
    else:
        embedder = setup.embedder_factory()
    if setup.cache_path is not None:
        from worlddb.eval.embed_cache import CachingEmbedder

        embedder = CachingEmbedder(embedder, setup.cache_path)
    return embedder


def _build_extractor() -> Extractor:
    from worlddb.extract.offline import OfflineExtractor

    return OfflineExtractor()
