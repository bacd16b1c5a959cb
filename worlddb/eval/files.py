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
from collections.abc import Iterator
from pathlib import Path

from worlddb.eval.longmemeval import Question, iter_questions

__all__ = [
    "ablation_path",
    "gold_path_for",
    "read_done",
    "select_questions",
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


def stratified_sample(data: str | Path, n: int, *, seed: int = 0) -> frozenset[str]:
    """A seeded subset of ``n`` question ids, allocated to types in proportion to their size.

    Largest remainders round the allocation; within a type, ids are drawn with
    ``random.Random(seed)`` from the type's ids in file order, so the subset is reproducible.
    """
    by_type: dict[str, list[str]] = defaultdict(list)
    for question in iter_questions(data, salt=b"sample"):
        by_type[question.question_type].append(question.question_id)
    total = sum(len(ids) for ids in by_type.values())
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


def select_questions(
    data: str | Path, ids: frozenset[str] | None, limit: int | None, *, seed: int = 0
) -> Iterator[Question]:
    """The questions of ``data`` with an id in ``ids`` (all if ``None``), at most ``limit``.

    Without ``ids`` they stream in file order. A chosen subset is read whole and shuffled with
    ``seed``: the file groups questions by type, so a subset run stopped half-way (or cut by
    ``limit``) still covers every type in proportion.
    """
    stream = iter_questions(data)
    if ids is not None:
        chosen = [q for q in stream if q.question_id in ids]
        random.Random(seed).shuffle(chosen)
        stream = iter(chosen)
    for count, question in enumerate(stream):
        if limit is not None and count >= limit:
            return
        yield question


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
