"""Score an extractor on the hand-labelled chat turns in ``bench/data/extractor_labelled.jsonl``.

Reports micro precision/recall/F1 for entity names (case-insensitive, a leading "the" and a
trailing possessive ignored), for dates (a predicted date matches a gold one when the days are
equal and one span contains the other, ignoring case and a leading preposition), and for
supersessions (turns with ``context_prev``: the earlier turn and this one are read as one
episode and a ``supersedes`` edge from this turn to the earlier one counts as predicted). Also
reports injection flagging and messages per second on the single-turn episodes, and under
``updates`` the fact-update scores per split on the labelled stories (see
``worlddb.bench.extractor_updates``: supersession and contradiction precision/recall and the
false-close rate, through ingest and within one episode).
Run ``python -m worlddb.bench.extractor [PATH]`` for a JSON report on stdout.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from worlddb.bench.extractor_updates import score_update_splits
from worlddb.errors import ValidationError
from worlddb.extract.offline import OfflineExtractor
from worlddb.plugins import Episode, Extraction, Extractor, Message
from worlddb.timeutil import format_us, parse_time

__all__ = [
    "DEFAULT_PATH",
    "LabelledTurn",
    "load_labelled",
    "main",
    "run_extractor_bench",
]

DEFAULT_PATH: Final = Path(__file__).resolve().parents[2] / "bench/data/extractor_labelled.jsonl"
MIN_TIMING_S: Final = 1.0  # repeat the speed pass until at least this much time was measured
LONG_MESSAGE_WORDS: Final = 60
_DAY_US: Final = 86_400_000_000
_LEAD = re.compile(r"^(?:the|on|in|since|of|by|until|over\s+the|in\s+the)\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class LabelledTurn:
    """One labelled chat turn (see ``scripts/make_extractor_labelled.py`` for the rules)."""

    id: str
    timestamp: int
    role: str
    text: str
    entities: tuple[str, ...]
    dates: tuple[tuple[str, str], ...]
    supersedes: bool
    context_prev: str | None = None
    injection: bool = False
    split: str = "tune"


def load_labelled(path: Path | str = DEFAULT_PATH) -> list[LabelledTurn]:
    """Read and check the labelled JSONL file.

    Raises:
        ValidationError: a line is not JSON or lacks a required field.
    """
    turns = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            ts = parse_time(raw["timestamp"], field="timestamp")
            assert ts is not None
            turns.append(
                LabelledTurn(
                    id=str(raw["id"]),
                    timestamp=ts,
                    role=str(raw["role"]),
                    text=str(raw["text"]),
                    entities=tuple(str(e) for e in raw["entities"]),
                    dates=tuple((str(d["span"]), str(d["date"])) for d in raw["dates"]),
                    supersedes=bool(raw["supersedes"]),
                    context_prev=raw.get("context_prev"),
                    injection=bool(raw.get("injection", False)),
                    split=str(raw.get("split", "tune")),
                )
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValidationError(
                f"line {number} of {str(path)!r} is not a labelled turn: {exc}", field="line"
            ) from exc
    return turns


def _prf(tp: int, fp: int, fn: int) -> dict[str, float | int]:
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4),
            "tp": tp, "fp": fp, "fn": fn}  # fmt: skip


def _entity_key(name: str) -> str:
    key = " ".join(name.lower().split())
    key = key[4:] if key.startswith("the ") else key
    return key[:-2] if key.endswith(("'s", "’s")) else key


def _span_key(span: str) -> str:
    return _LEAD.sub("", " ".join(span.lower().split()))


def _match_dates(
    predicted: Iterable[tuple[str, str]], gold: Iterable[tuple[str, str]]
) -> tuple[int, int, int, list[str]]:
    """Greedy one-to-one matching: same day, and one normalised span contains the other."""
    pool = [(_span_key(s), d, s) for s, d in predicted]
    misses: list[str] = []
    tp = 0
    for span, day in gold:
        key = _span_key(span)
        hit = next((p for p in pool if p[1] == day and (p[0] in key or key in p[0])), None)
        if hit is None:
            misses.append(f"missed {span!r}={day}")
        else:
            pool.remove(hit)
            tp += 1
    misses.extend(f"spurious {s!r}={d}" for _, d, s in pool)
    return tp, len(pool), len(misses) - len(pool), misses


def _single(turn: LabelledTurn) -> Episode:
    return Episode((Message(turn.role, turn.text, turn.timestamp),), turn.timestamp)


def _pair(turn: LabelledTurn) -> Episode:
    earlier = Message("user", turn.context_prev or "", turn.timestamp - _DAY_US)
    return Episode((earlier, Message(turn.role, turn.text, turn.timestamp)), turn.timestamp)


def _predicted_supersedes(extraction: Extraction) -> bool:
    turn_of = {fact.key: fact.turn_index for fact in extraction.facts}
    return any(
        e.type == "supersedes" and turn_of.get(e.source) == 1 and turn_of.get(e.target) == 0
        for e in extraction.edges
    )


def _joined(turns: list[LabelledTurn], words: int) -> list[LabelledTurn]:
    """Concatenate consecutive turns into messages of at least ``words`` words (for timing)."""
    joined: list[LabelledTurn] = []
    parts: list[str] = []
    for turn in turns:
        parts.append(turn.text)
        if sum(len(p.split()) for p in parts) >= words:
            joined.append(
                LabelledTurn(turn.id, turn.timestamp, "user", " ".join(parts), (), (), False)
            )
            parts = []
    return joined


def _rate(extractor: Extractor, episodes: list[Episode], min_timing_s: float) -> float:
    """Messages per CPU second on this thread (one core), repeating until enough was timed."""
    if not episodes:
        return 0.0
    rounds, elapsed = 0, 0.0
    while elapsed < min_timing_s or rounds == 0:
        started = time.thread_time()
        for episode in episodes:
            extractor.extract(episode)
        elapsed += time.thread_time() - started
        rounds += 1
    return round(rounds * len(episodes) / max(elapsed, 1e-9), 1)


def _mean_words(episodes: list[Episode]) -> float:
    words = sum(len(e.messages[0].content.split()) for e in episodes)
    return round(words / max(len(episodes), 1), 1)


def _score(
    extractor: Extractor, turns: list[LabelledTurn], mistakes: list[dict[str, object]]
) -> dict[str, object]:
    """Entity, date, supersession and injection scores over ``turns``; appends mistakes."""
    counts = {"ent": [0, 0, 0], "date": [0, 0, 0], "sup": [0, 0, 0]}
    flagged = false_flags = 0
    for turn in turns:
        result = extractor.extract(_single(turn))
        flagged += bool(result.untrusted) and turn.injection
        false_flags += bool(result.untrusted) and not turn.injection
        gold = {_entity_key(name): name for name in turn.entities}
        predicted = {}  # an entity stored under its name but given the gold form as an alias
        for e in result.entities:  # ("Patel", alias "Dr. Patel") found the gold mention
            named = [k for k in map(_entity_key, (e.name, *e.aliases)) if k in gold]
            predicted[named[0] if named else _entity_key(e.name)] = e.name
        for i, n in enumerate((len(predicted.keys() & gold.keys()),
                               len(predicted.keys() - gold.keys()),
                               len(gold.keys() - predicted.keys()))):  # fmt: skip
            counts["ent"][i] += n
        days = [(span, (format_us(us) or "")[:10]) for span, us in result.dates]
        *date_counts, date_misses = _match_dates(days, turn.dates)
        for i, n in enumerate(date_counts):
            counts["date"][i] += n
        problems = [f"entity fp {predicted[k]!r}" for k in predicted.keys() - gold.keys()]
        problems += [f"entity fn {gold[k]!r}" for k in gold.keys() - predicted.keys()]
        problems += date_misses
        if turn.context_prev is not None:
            said = _predicted_supersedes(extractor.extract(_pair(turn)))
            counts["sup"][0] += said and turn.supersedes
            counts["sup"][1] += said and not turn.supersedes
            counts["sup"][2] += turn.supersedes and not said
            if said != turn.supersedes:
                problems.append(f"supersedes predicted={said} gold={turn.supersedes}")
        if problems:
            mistakes.append({"id": turn.id, "text": turn.text, "problems": problems})
    injections = sum(turn.injection for turn in turns)
    return {
        "n_turns": len(turns),
        "entities": _prf(*counts["ent"]),
        "dates": _prf(*counts["date"]),
        "supersedes": _prf(*counts["sup"]),
        "injection": {"flagged": flagged, "total": injections, "false_flags": false_flags},
    }


def run_extractor_bench(
    path: Path | str = DEFAULT_PATH,
    *,
    extractor: Extractor | None = None,
    errors: bool = False,
    min_timing_s: float = MIN_TIMING_S,
) -> dict[str, object]:
    """Score ``extractor`` (default ``OfflineExtractor()``) on the labelled file.

    Returns a JSON-ready dict: ``entities``, ``dates`` and ``supersedes`` (each with precision,
    recall, f1, tp, fp, fn), ``injection`` (flagged/total and false flags) and ``n_turns`` over
    every turn; ``holdout`` with the same scores over the held-out turns alone;
    ``messages_per_s`` with ``mean_words`` (the turns as labelled) and ``messages_per_s_long``
    with ``mean_words_long`` (consecutive turns joined into ~60-word messages). Rates are
    messages per CPU second of this thread, i.e. on one core. With ``errors=True`` the report
    also lists each turn's mistakes. ``updates`` holds ``score_update_splits`` (per split).
    """
    extractor = extractor if extractor is not None else OfflineExtractor()
    turns = load_labelled(path)
    mistakes: list[dict[str, object]] = []
    report = _score(extractor, turns, mistakes)
    report["holdout"] = _score(extractor, [t for t in turns if t.split == "holdout"], [])
    episodes = [_single(turn) for turn in turns]
    long_episodes = [_single(turn) for turn in _joined(turns, LONG_MESSAGE_WORDS)]
    report |= {
        "messages_per_s": _rate(extractor, episodes, min_timing_s),
        "mean_words": _mean_words(episodes),
        "messages_per_s_long": _rate(extractor, long_episodes, min_timing_s),
        "mean_words_long": _mean_words(long_episodes),
    }
    report["updates"] = score_update_splits(errors=errors)
    if errors:
        report["errors"] = mistakes
    return report


def main(argv: list[str] | None = None) -> dict[str, object]:
    """CLI entry: print the JSON report for the file named in ``argv`` (or the default)."""
    args = sys.argv[1:] if argv is None else argv
    paths = [a for a in args if not a.startswith("--")]
    report = run_extractor_bench(paths[0] if paths else DEFAULT_PATH, errors="--errors" in args)
    sys.stdout.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return report


if __name__ == "__main__":
    main()
