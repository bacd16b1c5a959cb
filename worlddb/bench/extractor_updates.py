"""Score how the offline extractor and ingest update facts over time, on labelled stories.

A story is a few user statements about one person, each said at its own time
(``bench/data/extractor_updates_dev.jsonl`` for tuning, ``extractor_updates_holdout.jsonl``
written after the rules were frozen). Its gold edges say which later statement ``supersedes``
(closes) or ``contradicts`` (conflicts with, both kept) which earlier one; every other pair of
statements must stay unlinked, and a turn may say on which day its fact becomes valid.

Two paths are measured, because both write update edges in the product:

* ``sessions``: every statement is ingested as its own memory through ``WorldDB.remember``
  (real SQLite, the offline extractor), so ``worlddb.ingest.updates.StoredUpdates`` decides;
* ``episode``: all statements form one episode and ``OfflineExtractor`` proposes the edges.

Edges are compared at turn level: ``(type, newer turn, older turn)``. The false-close rate is
the share of stories in which some statement that should stay open was closed (a predicted
``supersedes`` the gold does not have): a false close hides a true memory, a missed one only
leaves an extra open fact.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.extract.offline import OfflineExtractor
from worlddb.plugins import Episode, Message
from worlddb.timeutil import format_us, parse_time

__all__ = ["DATA_DIR", "SPLITS", "Story", "load_stories", "score_stories", "score_update_splits"]

DATA_DIR: Final = Path(__file__).resolve().parents[2] / "bench/data"
SPLITS: Final = {
    "dev": DATA_DIR / "extractor_updates_dev.jsonl",
    "holdout": DATA_DIR / "extractor_updates_holdout.jsonl",
}
UPDATE_TYPES: Final = ("supersedes", "contradicts")
_Triple = tuple[str, int, int]


@dataclass(frozen=True, slots=True)
class Story:
    """Statements in time order, the gold update edges between them, and gold start days."""

    id: str
    kind: str
    turns: tuple[tuple[int, str], ...]
    edges: frozenset[_Triple]
    valid_from: tuple[tuple[int, str], ...] = ()


def load_stories(path: Path | str) -> list[Story]:
    """Read a stories JSONL file.

    Raises:
        ValidationError: a line is not JSON, lacks a field, or names a turn it does not have.
    """
    stories = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            turns = []
            for turn in raw["turns"]:
                moment = parse_time(turn["at"], field="at")
                assert moment is not None
                turns.append((moment, str(turn["text"])))
            edges = frozenset((str(t), int(a), int(b)) for t, a, b in raw.get("edges", ()))
            starts = tuple(
                (i, str(turn["valid_from"]))
                for i, turn in enumerate(raw["turns"])
                if turn.get("valid_from")
            )
            if any(t not in UPDATE_TYPES or not 0 <= b < a < len(turns) for t, a, b in edges):
                raise ValueError(f"bad edge in {edges}")
            stories.append(Story(str(raw["id"]), str(raw.get("kind", "")), tuple(turns),
                                 edges, starts))  # fmt: skip
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AssertionError) as exc:
            raise ValidationError(
                f"line {number} of {str(path)!r} is not a story: {exc}", field="line"
            ) from exc
    return stories


def _by_sessions(story: Story) -> tuple[set[_Triple], dict[int, str]]:
    """Ingest each statement as its own memory; read the update edges between their facts."""
    turn_of: dict[str, int] = {}  # fact id -> statement index
    starts: dict[int, str] = {}
    with WorldDB.open(":memory:", embedder=None, extractor=OfflineExtractor()) as db:
        for index, (moment, text) in enumerate(story.turns):
            result = db.remember(text, occurred_at=moment, scopes={"user_id": "u"})
            for fid in result.facts:
                turn_of[fid] = index
                starts.setdefault(index, (format_us(db.get(fid).valid_from) or "")[:10])
        found: set[_Triple] = set()
        for source, index in turn_of.items():
            for edge in db.edges(source, types=list(UPDATE_TYPES), include_retired=True):
                other = turn_of.get(str(edge.target))
                if other is not None and other != index:
                    found.add((edge.type, index, other))
    return found, starts


def _by_episode(story: Story) -> set[_Triple]:
    messages = tuple(Message("user", text, moment) for moment, text in story.turns)
    extraction = OfflineExtractor().extract(Episode(messages, story.turns[-1][0]))
    turn_of = {f.key: f.turn_index for f in extraction.facts}
    found: set[_Triple] = set()
    for edge in extraction.edges:
        a, b = turn_of.get(edge.source), turn_of.get(edge.target)
        if edge.type in UPDATE_TYPES and a is not None and b is not None and a != b:
            found.add((edge.type, a, b))
    return found


def _prf(tp: int, fp: int, fn: int) -> dict[str, float | int]:
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return {"precision": round(precision, 4), "recall": round(recall, 4),
            "tp": tp, "fp": fp, "fn": fn}  # fmt: skip


def _tally(
    stories: Iterable[tuple[Story, set[_Triple]]], mistakes: list[dict[str, object]], path: str
) -> dict[str, object]:
    counts = {t: [0, 0, 0] for t in UPDATE_TYPES}
    false_close = n = 0
    for story, found in stories:
        n += 1
        for kind in UPDATE_TYPES:
            gold = {e for e in story.edges if e[0] == kind}
            said = {e for e in found if e[0] == kind}
            for i, value in enumerate((len(gold & said), len(said - gold), len(gold - said))):
                counts[kind][i] += value
        false_close += any(e[0] == "supersedes" and e not in story.edges for e in found)
        if found != set(story.edges):
            mistakes.append({"id": story.id, "path": path, "kind": story.kind,
                             "gold": sorted(story.edges), "predicted": sorted(found),
                             "turns": [text for _, text in story.turns]})  # fmt: skip
    return {
        "supersedes": _prf(*counts["supersedes"]),
        "contradicts": _prf(*counts["contradicts"]),
        "false_close_rate": round(false_close / n, 4) if n else 0.0,
        "false_closes": false_close,
    }


def score_stories(stories: list[Story], mistakes: list[dict[str, object]]) -> dict[str, object]:
    """Update-edge scores over ``stories`` by both paths, plus valid-from accuracy (sessions)."""
    by_sessions = []
    start_hits = start_total = 0
    for story in stories:
        found, starts = _by_sessions(story)
        by_sessions.append((story, found))
        for index, day in story.valid_from:
            start_total += 1
            start_hits += starts.get(index) == day
            if starts.get(index) != day:
                mistakes.append({"id": story.id, "path": "valid_from", "turn": index,
                                 "gold": day, "predicted": starts.get(index)})  # fmt: skip
    episode = [(story, _by_episode(story)) for story in stories]
    return {
        "n_stories": len(stories),
        "sessions": _tally(by_sessions, mistakes, "sessions"),
        "episode": _tally(episode, mistakes, "episode"),
        "valid_from": {"correct": start_hits, "total": start_total},
    }


def score_update_splits(errors: bool = False) -> dict[str, object]:
    """Scores per split (``dev``, ``holdout``) for the split files that exist."""
    report: dict[str, object] = {}
    for split, path in SPLITS.items():
        if not path.exists():
            continue
        mistakes: list[dict[str, object]] = []
        scores = score_stories(load_stories(path), mistakes)
        if errors:
            scores["errors"] = mistakes
        report[split] = scores
    return report
