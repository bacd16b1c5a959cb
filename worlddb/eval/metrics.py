"""LongMemEval retrieval metrics, exactly as the official scorer defines them.

The definitions follow xiaowu0162/LongMemEval ``src/retrieval/eval_utils.py`` as transcribed in
``shared/tools/lme_score.py``, and this module must agree with that script to four decimals
(``tests/test_eval_metrics.py`` runs both). Quirks kept on purpose, because they are the official
numbers:

* the DCG gives rank 1 and rank 2 the same weight (``rel_1 + Σ_{i≥2} rel_i / log2(i)``);
* a question with no gold has ``recall_all = 1`` and ``ndcg = 0``;
* ranked ids are de-duplicated (first occurrence wins) before scoring;
* a question absent from the rankings is scored as an empty ranking at session level, and as all
  zeros at turn level; so is a ranked question without a turn list;
* "strict" averages keep the gold's ``counted_in_official_strict_avg`` questions (no abstention,
  some user-side evidence), "no-abs" keeps every non-abstention question;
* ids the gold does not know are reported and otherwise ignored.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from worlddb.errors import ValidationError

__all__ = [
    "CONVENTIONS",
    "KS",
    "METRICS",
    "Average",
    "GoldQuestion",
    "Granularity",
    "Report",
    "dcg",
    "load_gold",
    "load_rankings",
    "score_question",
    "score_rankings",
]

KS: Final = (1, 3, 5, 10, 30, 50)
METRICS: Final = tuple(
    f"{name}@{k}" for k in KS for name in ("recall_any", "recall_all", "ndcg_any")
)
"""Every metric name, in the order the official scorer lists them."""
CONVENTIONS: Final = ("strict", "no-abs")
_SHOWN: Final = (
    "recall_any@5",
    "recall_all@5",
    "ndcg_any@5",
    "recall_any@10",
    "recall_all@10",
    "ndcg_any@10",
)

Granularity = Literal["session", "turn"]


@dataclass(frozen=True, slots=True)
class GoldQuestion:
    """The scoring labels of one question, from a ``*.gold.jsonl`` line."""

    question_id: str
    question_type: str
    is_abstention: bool
    counted_in_strict: bool
    sessions: frozenset[str]
    turns: frozenset[str]

    def counts_in(self, convention: str) -> bool:
        """Whether this question enters the ``strict`` or ``no-abs`` average."""
        return self.counted_in_strict if convention == "strict" else not self.is_abstention

    def gold(self, granularity: Granularity) -> frozenset[str]:
        """The gold session ids or turn ids (``<session id>_<1-based index>``)."""
        return self.sessions if granularity == "session" else self.turns


@dataclass(frozen=True, slots=True)
class Average:
    """Mean metrics over a set of questions (``nan`` when the set is empty)."""

    n: int
    metrics: dict[str, float]


@dataclass(frozen=True)
class Report:
    """A scored rankings file at one granularity.

    Attributes:
        granularity: ``"session"`` or ``"turn"``.
        n_ranked: How many questions the rankings file holds.
        missing: Gold questions absent from the rankings (scored as described in the module).
        unknown: Ranked questions the gold does not know (ignored).
        averages: ``"strict"`` and ``"no-abs"`` averages.
        by_type: The strict average per question type.
        per_question: Every question's metrics, for error analysis.
    """

    granularity: Granularity
    n_ranked: int
    missing: tuple[str, ...]
    unknown: tuple[str, ...]
    averages: dict[str, Average]
    by_type: dict[str, Average]
    per_question: dict[str, dict[str, float]] = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (per-question metrics included)."""
        return {
            "granularity": self.granularity,
            "n_ranked": self.n_ranked,
            "missing": list(self.missing),
            "unknown": list(self.unknown),
            "averages": {c: {"n": a.n, **a.metrics} for c, a in self.averages.items()},
            "by_type": {t: {"n": a.n, **a.metrics} for t, a in self.by_type.items()},
            "per_question": self.per_question,
        }

    def format_table(self, metrics: Sequence[str] = _SHOWN) -> str:
        """Render the averages and the per-type breakdown as a compact text table."""
        width = max(len(m) for m in metrics)
        head = f"{'':30s} {'n':>4s} " + " ".join(f"{m:>{width}s}" for m in metrics)
        lines = [f"LongMemEval retrieval, {self.granularity} level", head]
        rows = [(name, avg) for name, avg in self.averages.items()]
        rows += [(f"  {qtype}", avg) for qtype, avg in self.by_type.items()]
        for name, avg in rows:
            cells = " ".join(f"{avg.metrics[m]:>{width}.4f}" for m in metrics)
            lines.append(f"{name:30s} {avg.n:>4d} {cells}")
        if self.missing:
            lines.append(f"missing from rankings (scored as zero): {len(self.missing)}")
        if self.unknown:
            lines.append(f"ranked questions the gold does not know: {len(self.unknown)}")
        return "\n".join(lines)


def dcg(relevances: Sequence[int]) -> float:
    """Discounted cumulative gain with the official discount (ranks 1 and 2 weigh the same)."""
    if not relevances:
        return 0.0
    return relevances[0] + sum(r / math.log2(i + 1) for i, r in enumerate(relevances[1:], start=1))


def score_question(ranked: Sequence[str], gold: frozenset[str]) -> dict[str, float]:
    """Every metric of one best-first ranking against one question's gold ids."""
    ranked = list(dict.fromkeys(ranked))
    out: dict[str, float] = {}
    for k in KS:
        top = ranked[:k]
        out[f"recall_any@{k}"] = float(bool(set(top) & gold))
        out[f"recall_all@{k}"] = float(gold <= set(top)) if gold else 1.0
        ideal = dcg([1] * min(len(gold), k))
        gain = dcg([1 if x in gold else 0 for x in top])
        out[f"ndcg_any@{k}"] = gain / ideal if ideal else 0.0
    return out


def load_gold(path: str | Path) -> dict[str, GoldQuestion]:
    """Read a ``*.gold.jsonl`` file, keeping its question order."""
    gold: dict[str, GoldQuestion] = {}
    for number, row in _jsonl(path):
        try:
            question = GoldQuestion(
                question_id=str(row["question_id"]),
                question_type=str(row["question_type"]),
                is_abstention=bool(row["is_abstention"]),
                counted_in_strict=bool(row["counted_in_official_strict_avg"]),
                sessions=frozenset(row["gold_sessions_official"]),
                turns=frozenset(row["gold_turns_official"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValidationError(
                f"gold line {number} of {str(path)!r} lacks a field or has a bad one: {exc}",
                field="gold",
            ) from None
        gold[question.question_id] = question
    return gold


def load_rankings(path: str | Path) -> dict[str, dict[str, Any]]:
    """Read a rankings JSONL (``question_id``, ``sessions``, optional ``turns``); last line wins."""
    rankings: dict[str, dict[str, Any]] = {}
    for number, row in _jsonl(path):
        if "question_id" not in row or not isinstance(row.get("sessions"), list):
            raise ValidationError(
                f"rankings line {number} of {str(path)!r} needs question_id and a sessions list",
                field="rankings",
            )
        turns = row.get("turns")
        if turns is not None and not isinstance(turns, list):
            raise ValidationError(
                f"rankings line {number} of {str(path)!r} has a turns value that is not a list",
                field="rankings",
            )
        rankings[str(row["question_id"])] = row
    return rankings


def score_rankings(
    rankings_path: str | Path, gold_path: str | Path, granularity: Granularity = "session"
) -> Report:
    """Score a rankings file against a gold file with the official LongMemEval metrics.

    Args:
        rankings_path: A JSONL file in the format ``shared/tools/lme_score.py`` reads.
        gold_path: A ``*.gold.jsonl`` file.
        granularity: ``"session"`` ranks sessions; ``"turn"`` ranks turns.

    Returns:
        The report: strict and no-abs averages, a strict per-type breakdown, per-question metrics.

    Raises:
        ValidationError: A file is malformed, or turn level is asked of rankings without turns.
    """
    if granularity not in ("session", "turn"):
        raise ValidationError(
            f"granularity must be 'session' or 'turn', not {granularity!r}",
            field="granularity",
            value=granularity,
        )
    gold = load_gold(gold_path)
    ranked = load_rankings(rankings_path)
    if granularity == "turn" and not any(row.get("turns") for row in ranked.values()):
        raise ValidationError(
            f"turn-level scoring needs turn lists, and {str(rankings_path)!r} has none",
            field="granularity",
            value=granularity,
        )
    per_question: dict[str, dict[str, float]] = {}
    for qid, labels in gold.items():
        row = ranked.get(qid, {"sessions": []})
        if granularity == "session":
            per_question[qid] = score_question(row["sessions"], labels.sessions)
        elif row.get("turns"):
            per_question[qid] = score_question(row["turns"], labels.turns)
        else:
            per_question[qid] = dict.fromkeys(METRICS, 0.0)
    averages = {
        name: _average(per_question, [q for q, g in gold.items() if g.counts_in(name)])
        for name in CONVENTIONS
    }
    types: dict[str, list[str]] = defaultdict(list)
    for qid, labels in gold.items():
        if labels.counts_in("strict"):
            types[labels.question_type].append(qid)
    return Report(
        granularity=granularity,
        n_ranked=len(ranked),
        missing=tuple(sorted(set(gold) - set(ranked))),
        unknown=tuple(sorted(set(ranked) - set(gold))),
        averages=averages,
        by_type={t: _average(per_question, types[t]) for t in sorted(types)},
        per_question=per_question,
    )


def _average(per_question: dict[str, dict[str, float]], selected: list[str]) -> Average:
    def mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else math.nan

    return Average(
        n=len(selected),
        metrics={m: mean([per_question[q][m] for q in selected]) for m in METRICS},
    )


def _jsonl(path: str | Path) -> Iterable[tuple[int, dict[str, Any]]]:
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValidationError(
                    f"line {number} of {str(path)!r} is not JSON: {exc}", field="path"
                ) from None
            if not isinstance(row, dict):
                raise ValidationError(
                    f"line {number} of {str(path)!r} is not a JSON object", field="path"
                )
            yield number, row
