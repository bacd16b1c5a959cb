"""The files of a LongMemEval run: which questions, which gold, what is already done.

A run's rankings file is also its resume log: a question already in it is skipped, and a line
torn by a killed run is dropped before appending. A subset run scores against the gold lines of
the questions its rankings file holds, written beside it, so both ``worlddb.eval.metrics`` and
``lme_score.py`` average over the questions that ran instead of counting the rest as misses.
"""

from __future__ import annotations

import json
import logging
import random
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path

from worlddb.eval.longmemeval import Question, iter_questions

__all__ = [
    "ablation_path",
    "gold_path_for",
    "iter_planned",
    "plan_run",
    "read_done",
    "stratified_sample",
    "write_subset_gold",
]

logger = logging.getLogger(__name__)


def ablation_path(out: str | Path, lanes: tuple[str, ...]) -> Path:
    """Where the rankings of an ablation lane set go: ``<out stem>.<lane+lane>.jsonl``."""
    path = Path(out)
    return path.with_name(f"{path.stem}.{'+'.join(lanes)}.jsonl")


def gold_path_for(data: str | Path) -> Path | None:
    """The ``*.gold.jsonl`` beside a ``*.json`` or ``*.json.xz`` data file, if it exists."""
    name = Path(data).name
    for suffix in (".json.xz", ".json"):
        if name.endswith(suffix):
            candidate = Path(data).with_name(name[: -len(suffix)] + ".gold.jsonl")
            return candidate if candidate.exists() else None
    return None


def plan_run(
    data: str | Path, *, sample: int | None = None, seed: int = 0, limit: int | None = None
) -> list[str]:
    """The question ids a run covers, in the order it runs them.

    Without ``sample``: file order. With it: a stratified sample (``stratified_sample``)
    shuffled with ``seed``, because the file groups questions by type and a subset run stopped
    half-way (or cut by ``limit``) should still cover every type in proportion. ``limit`` then
    keeps the first ``limit`` ids.
    """
    index = _index(data)
    if sample is None:
        ids = [qid for qid, _ in index]
    else:
        chosen = _stratify(index, sample, seed)
        ids = [qid for qid, _ in index if qid in chosen]
        random.Random(seed).shuffle(ids)
    return ids if limit is None else ids[:limit]


def iter_planned(data: str | Path, plan: Sequence[str]) -> Iterator[Question]:
    """Stream the questions of ``plan`` in plan order.

    One pass over the file; a question read before its turn waits in memory, so a plan in file
    order streams with one question in memory, and a shuffled sample holds at most itself.
    """
    position = {qid: i for i, qid in enumerate(plan)}
    waiting: dict[int, Question] = {}
    due = 0
    for question in iter_questions(data):
        place = position.get(question.question_id)
        if place is None:
            continue
        waiting[place] = question
        while due in waiting:
            yield waiting.pop(due)
            due += 1


def stratified_sample(data: str | Path, n: int, *, seed: int = 0) -> frozenset[str]:
    """A seeded subset of ``n`` question ids, allocated to types in proportion to their size.

    Largest remainders round the allocation; within a type, ids are drawn with
    ``random.Random(seed)`` from the type's ids in file order, so the subset is reproducible.
    """
    return _stratify(_index(data), n, seed)


def _index(data: str | Path) -> list[tuple[str, str]]:
    return [(q.question_id, q.question_type) for q in iter_questions(data, salt=b"index")]


def _stratify(index: list[tuple[str, str]], n: int, seed: int) -> frozenset[str]:
    by_type: dict[str, list[str]] = defaultdict(list)
    for qid, qtype in index:
        by_type[qtype].append(qid)
    total = len(index)
    n = min(n, total)
    shares = {t: n * len(ids) / total for t, ids in sorted(by_type.items())}
    counts = {t: int(share) for t, share in shares.items()}
    by_remainder = sorted(shares, key=lambda t: (counts[t] - shares[t], t))
    for qtype in by_remainder[: n - sum(counts.values())]:
        counts[qtype] += 1
    rng = random.Random(seed)
    chosen: set[str] = set()
    for qtype in sorted(by_type):
        chosen.update(rng.sample(by_type[qtype], counts[qtype]))
    return frozenset(chosen)


def write_subset_gold(gold: Path, out: Path) -> Path:
    """Cut ``gold`` to the questions ``out`` holds (resumed lines included); return its path."""
    ranked = {str(json.loads(line)["question_id"]) for line in _lines(out)}
    path = out.with_name(out.stem + ".gold.jsonl")
    kept = [line for line in _lines(gold) if str(json.loads(line)["question_id"]) in ranked]
    path.write_text("".join(f"{line}\n" for line in kept), encoding="utf-8")
    return path


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def read_done(out: Path, resume: bool) -> set[str]:
    """Question ids already in ``out``; a torn line (a killed run) is dropped.

    Without ``resume`` the file is emptied and nothing counts as done.
    """
    if not resume or not out.exists():
        out.write_text("", encoding="utf-8")
        return set()
    kept: list[str] = []
    done: set[str] = set()
    lines = _lines(out)
    for line in lines:
        try:
            row = json.loads(line)
            done.add(str(row["question_id"]))
            kept.append(line)
        except (json.JSONDecodeError, KeyError, TypeError):
            continue
    text = out.read_text(encoding="utf-8")
    if len(kept) != len(lines) or (text and not text.endswith("\n")):
        logger.warning("dropping %d unreadable line(s) from %s", len(lines) - len(kept), out)
        out.write_text("".join(f"{line}\n" for line in kept), encoding="utf-8")
    return done
