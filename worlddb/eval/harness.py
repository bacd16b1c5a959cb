"""The LongMemEval harness: every question through the engine, rankings out, official metrics back.

For each question a worker opens a fresh in-memory store, ingests the question's scrubbed
haystack (opaque ids, no ``has_answer``; see ``worlddb.eval.longmemeval``) in date order through
the normal ingest path, recalls the question as of its date and ranks every session and turn
(``worlddb.eval.ranking``). The harness, which alone holds the labels, maps the ranking back to
dataset ids and appends one JSONL line per question in the format ``shared/tools/lme_score.py``
reads, then scores the file with ``worlddb.eval.metrics`` (which agrees with that script).

Speed: questions run in parallel in spawned processes (``workers``), each with its own engine,
sharing one embedding cache file (``worlddb.eval.embed_cache``) across questions, processes and
runs; the output file doubles as the resume log (questions already in it are skipped). A subset
run (``limit`` or ``sample``) also writes the gold lines of its questions beside the rankings, so
both this module and ``lme_score.py`` score it over the questions it ran, not all of them.

Lane ablations (``ablations``) reuse each question's ingest: every extra lane set is recalled on
the same store and written to ``<out stem>.<lane+lane>.jsonl``, scored like the main file.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import IO, Any, Final

from worlddb.errors import ValidationError
from worlddb.eval.answer import (
    AnswerReport,
    QAEvaluator,
    read_judgements,
    summarize_answers,
    write_judgement,
)
from worlddb.eval.files import (
    ablation_path,
    gold_path_for,
    iter_planned,
    plan_run,
    read_done,
    stratified_sample,
    write_subset_gold,
)
from worlddb.eval.longmemeval import Question, write_rankings_line
from worlddb.eval.metrics import Granularity, Report, score_rankings
from worlddb.eval.progress import Progress
from worlddb.eval.worker import (
    AsOf,
    EngineSetup,
    Outcome,
    Task,
    Worker,
    init_process,
    run_task,
)
from worlddb.plugins import Embedder
from worlddb.recall import OPTIONAL_LANES
from worlddb.reconciler.embeddings import DEFAULT_REPLY_HEAD_CHARS

__all__ = [
    "DEFAULT_CACHE_PATH",
    "LANES",
    "HarnessOptions",
    "HarnessReport",
    "ablation_path",
    "gold_path_for",
    "parse_lanes",
    "run_longmemeval",
    "stratified_sample",
    "threads_per_worker",
]

logger = logging.getLogger(__name__)

LANES: Final = ("bm25", "vector", "graph")
DEFAULT_CACHE_PATH: Final = Path(tempfile.gettempdir()) / "worlddb-cache" / "embeddings.sqlite"
RECALL_LIMIT: Final = 200  # hits asked of recall; a haystack holds ~500 turns in ~50 sessions
IN_FLIGHT_PER_WORKER: Final = 2  # queued questions per worker: keeps workers fed, memory bounded


@dataclass(frozen=True)
class HarnessOptions:
    """How to run the benchmark.

    Attributes:
        granularity: What the report scores: ``"session"`` or ``"turn"`` (both are written).
        lanes: Recall lanes to use (an ablation runs a subset).
        limit: Only the first ``limit`` questions of the file (after ``sample``).
        sample: A seeded subset of this many questions, stratified by question type.
        seed: The sample's seed.
        extraction: Ingest with the offline extractor; ``False`` stores turns only.
        workers: Processes; ``1`` runs in this process.
        resume: Skip questions already in the output file; ``False`` starts it afresh.
        recall_limit: How many hits to ask recall for.
        embedder_factory: A picklable zero-argument callable returning the embedder; ``None``
            for the default offline model.
        cache_path: The shared embedding cache; ``None`` disables it.
        ablations: Extra lane sets to recall on the same ingest, each into its own file.
        as_of: ``"day"`` (default) recalls as of the end of the question's day, ``"exact"``
            as of its timestamp (see ``worlddb.eval.worker``).
        store_cache: A folder keeping each question's ingested store, so a later run of recall
            experiments reopens it instead of ingesting again (``worlddb.eval.store_cache``).
        summaries: Consolidate each question's store (the summaries step, every session
            settled) after ingest and recall Summary worlds too, each standing for its session
            (BENCHMARKS.md, "Summaries on LongMemEval_S"); off by default.
        reply_head_chars: Assistant replies longer than this are embedded by their head only
            (opt-in, ``worlddb.reconciler.embeddings``); ``None`` (default) embeds them whole.
    """

    granularity: Granularity = "session"
    lanes: tuple[str, ...] = LANES
    limit: int | None = None
    sample: int | None = None
    seed: int = 0
    extraction: bool = True
    workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    resume: bool = True
    recall_limit: int = RECALL_LIMIT
    embedder_factory: Callable[[], Embedder] | None = None
    cache_path: Path | None = DEFAULT_CACHE_PATH
    ablations: tuple[tuple[str, ...], ...] = ()
    as_of: AsOf = "day"
    store_cache: Path | None = None
    summaries: bool = False
    reply_head_chars: int | None = DEFAULT_REPLY_HEAD_CHARS

    def __post_init__(self) -> None:
        if self.granularity not in ("session", "turn"):
            raise ValidationError(
                f"granularity must be 'session' or 'turn', not {self.granularity!r}",
                field="granularity",
                value=self.granularity,
            )
        for lanes in (self.lanes, *self.ablations):
            parse_lanes(",".join(lanes))
        if self.as_of not in ("day", "exact"):
            raise ValidationError(
                f"as_of must be 'day' or 'exact', not {self.as_of!r}",
                field="as_of",
                value=self.as_of,
            )
        for name in ("limit", "sample"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValidationError(f"{name} must be at least 1", field=name, value=value)
        if self.workers < 1 or self.recall_limit < 1:
            raise ValidationError(
                "workers and recall_limit must be at least 1",
                field="workers",
                value=(self.workers, self.recall_limit),
            )


@dataclass(frozen=True)
class HarnessReport:
    """What a run did and how it scored.

    Attributes:
        out: The rankings file.
        gold: The gold file it was scored against (``None``: none found, not scored).
        ran: Questions ranked by this call.
        skipped: Questions skipped because the rankings file already held them (resume).
        wall_s: Wall time of this call.
        ingest_s: Summed ingest time over the questions ranked by this call.
        recall_s: Summed recall-and-rank time over those questions.
        cpu_s: Summed CPU time of the worker processes over those questions (ingest and
            recall, every thread): what a question costs, whatever the machine's load.
        retrieval: Official retrieval metrics over the whole rankings file, when gold is known.
        answers: QA accuracy, in ``--answer`` mode.
        ablations: Lane set (``"bm25+vector"``) → its metrics, for ``options.ablations``.
    """

    out: Path
    gold: Path | None
    ran: int
    skipped: int
    wall_s: float
    ingest_s: float
    recall_s: float
    retrieval: Report | None
    answers: AnswerReport | None = None
    ablations: dict[str, Report] = field(default_factory=dict)
    cpu_s: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (per-question retrieval metrics included)."""
        return {
            "out": str(self.out),
            "gold": None if self.gold is None else str(self.gold),
            "ran": self.ran,
            "skipped": self.skipped,
            "wall_s": round(self.wall_s, 2),
            "ingest_s": round(self.ingest_s, 2),
            "recall_s": round(self.recall_s, 2),
            "cpu_s": round(self.cpu_s, 2),
            "retrieval": None if self.retrieval is None else self.retrieval.to_dict(),
            "answers": None if self.answers is None else self.answers.to_dict(),
            "ablations": {name: r.to_dict() for name, r in self.ablations.items()},
        }

    def format(self) -> str:
        """A human summary: timings, the metric table, and QA accuracy when present."""
        lines = [
            f"ranked {self.ran} questions ({self.skipped} resumed) in {self.wall_s:.1f} s "
            f"(ingest {self.ingest_s:.1f} s, recall {self.recall_s:.1f} s, "
            f"{self.cpu_s / max(self.ran, 1):.1f} CPU-s per question); rankings: {self.out}"
        ]
        if self.retrieval is None:
            lines.append("no gold file found next to the data: not scored")
        else:
            lines.append(self.retrieval.format_table())
        for name, report in self.ablations.items():
            lines.append(f"ablation: lanes {name}")
            lines.append(report.format_table())
        if self.answers is not None:
            lines.append(self.answers.format_table())
        return "\n".join(lines)


def parse_lanes(text: str) -> tuple[str, ...]:
    """``"bm25,vector"`` → ``("bm25", "vector")``, checked against the known lanes.

    Raises:
        ValidationError: An unknown or repeated lane, or none at all.
    """
    lanes = tuple(part.strip() for part in text.split(",") if part.strip())
    known = (*LANES, *OPTIONAL_LANES)
    unknown = [lane for lane in lanes if lane not in known]
    if not lanes or unknown or len(set(lanes)) != len(lanes):
        raise ValidationError(
            f"lanes must be distinct names from {', '.join(known)}, got {text!r}",
            field="lanes",
            value=text,
        )
    return lanes


def run_longmemeval(
    data: str | Path,
    *,
    out: str | Path,
    options: HarnessOptions | None = None,
    evaluator: QAEvaluator | None = None,
    progress: IO[str] | None = sys.stderr,
) -> HarnessReport:
    """Run LongMemEval retrieval over ``data`` and score it.

    Args:
        data: A LongMemEval ``.json`` or ``.json.xz`` file; its gold is looked up beside it.
        out: The rankings JSONL (appended to when resuming).
        options: How to run (defaults: session level, all lanes, extraction, every core).
        evaluator: Also answer and judge each question (``--answer``); answers go to
            ``<out stem>.answers.jsonl``.
        progress: Where the progress line goes (``None``: nowhere).

    Returns:
        Timings, and the metrics over every question in ``out``.

    Raises:
        ValidationError: Bad options, or a malformed data or gold file.
        PluginError: The embedder or the answering model failed.
    """
    opts = options or HarnessOptions()
    started = time.perf_counter()
    out_path = Path(out)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    answers_path = out_path.with_name(out_path.stem + ".answers.jsonl")
    done = read_done(out_path, opts.resume)
    extra = [ablation_path(out_path, lanes) for lanes in opts.ablations]
    for path in extra:
        done &= read_done(path, opts.resume)
    if evaluator is not None:
        answered = {j.question_id for j in read_judgements(answers_path)} if opts.resume else set()
        if not opts.resume:
            answers_path.write_text("", encoding="utf-8")
        done &= answered
    plan = plan_run(data, sample=opts.sample, seed=opts.seed, limit=opts.limit)
    todo = [qid for qid in plan if qid not in done]
    setup = EngineSetup(
        lane_sets=(opts.lanes, *opts.ablations),
        extraction=opts.extraction,
        recall_limit=opts.recall_limit,
        embedder_factory=opts.embedder_factory,
        cache_path=opts.cache_path,
        as_of=opts.as_of,
        threads=threads_per_worker(opts.workers),
        store_cache=opts.store_cache,
        summaries=opts.summaries,
        reply_head_chars=opts.reply_head_chars,
    )
    skipped, ran, ingest_s, recall_s, cpu_s = len(plan) - len(todo), 0, 0.0, 0.0, 0.0
    bar = Progress(len(todo), progress)
    bar.start(opts.workers, setup.threads, skipped, opts.cache_path)
    with ExitStack() as stack:
        files = [stack.enter_context(p.open("a", encoding="utf-8")) for p in (out_path, *extra)]
        qa = None
        if evaluator is not None:
            qa = stack.enter_context(answers_path.open("a", encoding="utf-8"))
        questions = iter_planned(data, todo)
        for question, outcome in _execute(questions, len(todo), setup, opts.workers):
            for fh, ranked in zip(files, outcome.ranked, strict=True):
                write_rankings_line(fh, question, ranked.sessions, ranked.turns)
                fh.flush()
            if evaluator is not None and qa is not None:
                write_judgement(qa, evaluator.evaluate(question, outcome.ranked[0].turns))
                qa.flush()
            ran += 1
            ingest_s += outcome.ingest_s
            recall_s += outcome.recall_s
            cpu_s += outcome.cpu_s
            bar.step(outcome.cpu_s)
    bar.close()
    gold = gold_path_for(data)
    if gold is not None and (opts.sample is not None or opts.limit is not None):
        gold = write_subset_gold(gold, out_path)
    retrieval = None if gold is None else score_rankings(out_path, gold, opts.granularity)
    ablations = (
        {}
        if gold is None
        else {
            "+".join(lanes): score_rankings(path, gold, opts.granularity)
            for lanes, path in zip(opts.ablations, extra, strict=True)
        }
    )
    answers = None if evaluator is None else summarize_answers(read_judgements(answers_path))
    return HarnessReport(
        out_path,
        gold,
        ran,
        skipped,
        time.perf_counter() - started,
        ingest_s,
        recall_s,
        retrieval,
        answers,
        ablations,
        cpu_s,
    )


def threads_per_worker(workers: int) -> int:
    """Each worker's share of the cores, at least one: ``workers`` single-threaded processes
    embed faster than fewer processes with more threads each (BENCHMARKS.md, "Ingest
    throughput"), and more threads than cores only make them wait for each other."""
    return max(1, (os.cpu_count() or 1) // workers)


# -- internals ----------------------------------------------------------------------------------
def _execute(
    questions: Iterator[Question], count: int, setup: EngineSetup, workers: int
) -> Iterator[tuple[Question, Outcome]]:
    """Rank ``count`` questions, yielding each with its outcome as it completes (any order)."""
    tasks = ((q, Task(i, q.question, q.question_date, q.sessions)) for i, q in enumerate(questions))
    if workers == 1 or count <= 1:
        worker = Worker(setup)
        for question, task in tasks:
            yield question, worker.run(task)
        return
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=get_context("spawn"),
        initializer=init_process,
        initargs=(setup,),
    )
    pending: dict[Future[Outcome], Question] = {}
    try:
        for question, task in tasks:
            pending[pool.submit(run_task, task)] = question
            while len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                yield from _drain(pending, wait(pending, return_when=FIRST_COMPLETED).done)
        while pending:
            yield from _drain(pending, wait(pending, return_when=FIRST_COMPLETED).done)
    finally:
        # On an error or Ctrl-C, drop the queued questions rather than run them all first.
        pool.shutdown(wait=True, cancel_futures=True)


def _drain(
    pending: dict[Future[Outcome], Question], finished: set[Future[Outcome]]
) -> Iterator[tuple[Question, Outcome]]:
    for future in finished:
        yield pending.pop(future), future.result()
