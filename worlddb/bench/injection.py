"""Score the prompt-injection detector on hand-labelled texts, dev and hold-out kept apart.

Four files in ``bench/data``, three tuning rounds. ``injection_dev.jsonl``: the set the first
rules were tuned on. Each ``injection_holdoutN.jsonl`` was written after the rules of round N
were frozen and committed, in fresh phrasings, and measured once (BENCHMARKS.md keeps each
figure); hold-outs 1 and 2 were then tuned on in the next round, hold-out 3 never was. Each
line is ``{"id", "text", "injection",
"category"}``; an injection's category says what it attempts (override, memory-write,
role-header, tool-call, hidden, persona), a benign text's category (``benign-...``) says which
injection it looks like ("ignore the noise upstairs" is ``benign-override``).

Reports precision, recall and F1 per split, the flag rate per category (recall for injection
categories, false-flag rate for benign ones), the misclassified ids, and texts per second on
one core. With ``chat=PATH`` (a LongMemEval JSON file, ``.xz`` accepted) it also reports how
many distinct real chat turns are flagged: a false-flag rate on chat nobody wrote to look
like an injection (``skip=PATH`` leaves out the turns of another such file, e.g. the oracle
file the rules were checked against, so the rate is on unseen turns).

Run ``worlddb bench injection`` (``-p chat=FILE``) or ``python -m worlddb.bench.injection``.
"""

from __future__ import annotations

import json
import lzma
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from worlddb.errors import ValidationError
from worlddb.extract.injection import find_injection_markers

__all__ = [
    "DEV_PATH",
    "HOLDOUT2_PATH",
    "HOLDOUT3_PATH",
    "HOLDOUT_PATH",
    "SPLITS",
    "LabelledText",
    "chat_flags",
    "load_labelled",
    "main",
    "run_injection_bench",
    "score",
]

_DATA: Final = Path(__file__).resolve().parents[2] / "bench/data"
DEV_PATH: Final = _DATA / "injection_dev.jsonl"
HOLDOUT_PATH: Final = _DATA / "injection_holdout.jsonl"
HOLDOUT2_PATH: Final = _DATA / "injection_holdout2.jsonl"
HOLDOUT3_PATH: Final = _DATA / "injection_holdout3.jsonl"
SPLITS: Final = {
    "dev": DEV_PATH,
    "holdout": HOLDOUT_PATH,
    "holdout2": HOLDOUT2_PATH,
    "holdout3": HOLDOUT3_PATH,
}
MIN_TIMING_S: Final = 0.5
MAX_EXAMPLES: Final = 25

Detector = Callable[[str], object]


@dataclass(frozen=True, slots=True)
class LabelledText:
    """One labelled text: is it an injection, and what it attempts (or looks like)."""

    id: str
    text: str
    injection: bool
    category: str


def load_labelled(path: Path | str) -> list[LabelledText]:
    """Read and check a labelled JSONL file.

    Raises:
        ValidationError: a line is not JSON, lacks a field, or repeats an id.
    """
    items: list[LabelledText] = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            item = LabelledText(
                id=str(raw["id"]),
                text=str(raw["text"]),
                injection=bool(raw["injection"]),
                category=str(raw["category"]),
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValidationError(
                f"line {number} of {str(path)!r} is not a labelled text: {exc}", field="line"
            ) from exc
        items.append(item)
    ids = [item.id for item in items]
    if len(set(ids)) != len(ids):
        raise ValidationError(f"{str(path)!r} repeats an id", field="id")
    return items


def _prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4)}


def score(
    items: Iterable[LabelledText], detect: Detector = find_injection_markers
) -> dict[str, object]:
    """Precision/recall of ``detect`` (truthy result = flagged) and the flag rate per category."""
    tp = fp = fn = tn = 0
    per_category: dict[str, list[int]] = {}
    missed: list[str] = []
    false_flags: list[str] = []
    for item in items:
        flagged = bool(detect(item.text))
        counts = per_category.setdefault(item.category, [0, 0])
        counts[0] += 1
        counts[1] += flagged
        if item.injection:
            tp, fn = tp + flagged, fn + (not flagged)
            if not flagged:
                missed.append(item.id)
        else:
            fp, tn = fp + flagged, tn + (not flagged)
            if flagged:
                false_flags.append(item.id)
    return {
        "n": tp + fp + fn + tn,
        "injections": tp + fn,
        **_prf(tp, fp, fn),
        "tp": tp, "fp": fp, "fn": fn, "tn": tn,
        "categories": {
            name: {"n": n, "flagged": flagged, "rate": round(flagged / n, 4)}
            for name, (n, flagged) in sorted(per_category.items())
        },
        "missed": missed,
        "false_flags": false_flags,
    }  # fmt: skip


def _rate(texts: list[str], detect: Detector, min_timing_s: float) -> float:
    """Texts per CPU second of this thread (one core), repeated until ``min_timing_s``."""
    rounds = 0
    start = time.thread_time()
    elapsed = 0.0
    while elapsed < min_timing_s or rounds == 0:
        for text in texts:
            detect(text)
        rounds += 1
        elapsed = time.thread_time() - start
    return round(rounds * len(texts) / max(elapsed, 1e-9), 1)


def _chat_turns(path: Path | str) -> Iterator[tuple[str, str]]:
    """``(role, content)`` of every turn of a LongMemEval file (plain or ``.xz``)."""
    opener = lzma.open if str(path).endswith(".xz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        questions = json.load(handle)
    for question in questions:
        for session in question["haystack_sessions"]:
            for turn in session:
                yield str(turn["role"]), str(turn["content"])


def chat_flags(
    path: Path | str, *, skip: Path | str | None = None, max_examples: int = MAX_EXAMPLES
) -> dict[str, object]:
    """How many distinct turns of a real chat file the detector flags, by first marker kind.

    Nobody wrote these turns to look like an injection, so the rate bounds the false-flag rate
    from above (some users do paste "ignore all previous instructions" prompts into chat).
    Turns that also occur in ``skip`` are left out, so a file the rules were checked against
    does not count twice.
    """
    seen = {content for _, content in _chat_turns(skip)} if skip is not None else set()
    turns = flagged = 0
    kinds: dict[str, int] = {}
    examples: list[dict[str, str]] = []
    for role, content in _chat_turns(path):
        if content in seen:
            continue
        seen.add(content)
        turns += 1
        markers = find_injection_markers(content)
        if markers:
            flagged += 1
            first = markers[0]
            kinds[first.kind] = kinds.get(first.kind, 0) + 1
            if len(examples) < max_examples:
                around = content[max(0, first.start - 60) : first.start + len(first.text) + 60]
                examples.append({"role": role, "kind": first.kind, "text": around})
    return {
        "turns": turns,
        "flagged": flagged,
        "rate": round(flagged / turns, 5) if turns else 0.0,
        "kinds": dict(sorted(kinds.items(), key=lambda kv: -kv[1])),
        "examples": examples,
    }


def run_injection_bench(
    splits: Mapping[str, Path | str] = SPLITS,
    *,
    chat: Path | str | None = None,
    skip: Path | str | None = None,
    max_examples: int = MAX_EXAMPLES,
    min_timing_s: float = MIN_TIMING_S,
) -> dict[str, object]:
    """Score the detector on each labelled split (and optionally on real chat).

    Returns a JSON-ready dict: one entry per split name, from ``score``; ``texts_per_s`` over
    all the splits' texts on one core; and with ``chat`` a ``chat`` entry from ``chat_flags``.
    """
    loaded = {name: load_labelled(path) for name, path in splits.items()}
    report: dict[str, object] = {name: score(items) for name, items in loaded.items()}
    texts = [item.text for items in loaded.values() for item in items]
    report["texts_per_s"] = _rate(texts, find_injection_markers, min_timing_s)
    if chat is not None:
        report["chat"] = chat_flags(chat, skip=skip, max_examples=max_examples)
    return report


def main(argv: list[str] | None = None) -> dict[str, object]:
    """CLI entry: print the JSON report (``--chat FILE`` adds the real-chat false-flag rate)."""
    args = sys.argv[1:] if argv is None else argv
    chat = args[args.index("--chat") + 1] if "--chat" in args else None
    report = run_injection_bench(chat=chat)
    sys.stdout.write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return report


if __name__ == "__main__":
    main()
