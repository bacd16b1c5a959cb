"""The labelled extractor set is well formed, and the bench scores what it claims to score."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from worlddb.bench.extractor import DEFAULT_PATH, load_labelled, run_extractor_bench
from worlddb.errors import ValidationError
from worlddb.plugins import Episode, ExtractedEdge, ExtractedEntity, ExtractedFact, Extraction
from worlddb.timeutil import parse_time


def test_labelled_set_is_large_varied_and_consistent() -> None:
    turns = load_labelled(DEFAULT_PATH)
    assert len(turns) >= 200
    assert len({t.id for t in turns}) == len(turns)
    assert {t.role for t in turns} == {"user", "assistant"}
    for turn in turns:
        lowered = turn.text.lower()
        assert all(name.lower() in lowered for name in turn.entities), turn.id
        for span, day in turn.dates:
            assert span.lower() in lowered, turn.id
            date.fromisoformat(day)
        assert not turn.supersedes or turn.context_prev is not None, turn.id
    updates = [t for t in turns if t.context_prev is not None]
    assert sum(t.supersedes for t in updates) >= 15
    assert sum(not t.supersedes for t in updates) >= 5
    assert sum(not t.entities and not t.dates and not t.injection for t in turns) >= 15
    assert sum(t.split == "holdout" for t in turns) >= 40


def _write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


class ScriptedExtractor:
    """Returns a fixed extraction per message text (fakes over mocks)."""

    def __init__(self, answers: dict[str, Extraction]) -> None:
        self.answers = answers

    def extract(self, episode: Episode, /) -> Extraction:
        if len(episode.messages) == 2:  # the update pair: say "supersedes" for the first one
            facts = (
                ExtractedFact("old", "x", turn_index=0),
                ExtractedFact("new", "y", turn_index=1),
            )
            supersedes = episode.messages[1].content == "I live in Oslo now."
            edges = (ExtractedEdge("supersedes", "new", "old"),) if supersedes else ()
            return Extraction(facts=facts, edges=edges)
        return self.answers.get(episode.messages[0].content, Extraction())


def test_scores_count_true_and_false_positives(tmp_path: Path) -> None:
    day = parse_time("2024-03-01T00:00:00Z") or 0
    yesterday = day - 86_400_000_000
    records: list[dict[str, object]] = [
        {"id": "a", "timestamp": "2024-03-01T09:00:00Z", "role": "user",
         "text": "I met Ana at The Louvre yesterday.", "entities": ["Ana", "The Louvre"],
         "dates": [{"span": "yesterday", "date": "2024-02-29"}], "supersedes": False},
        {"id": "b", "timestamp": "2024-03-01T09:00:00Z", "role": "user",
         "text": "I live in Oslo now.", "context_prev": "I live in Rome.", "entities": ["Oslo"],
         "dates": [], "supersedes": True, "split": "holdout"},
        {"id": "c", "timestamp": "2024-03-01T09:00:00Z", "role": "user",
         "text": "I like Rome.", "context_prev": "I like Oslo.", "entities": ["Rome"],
         "dates": [], "supersedes": False},
    ]  # fmt: skip
    answers = {
        "I met Ana at The Louvre yesterday.": Extraction(
            entities=(ExtractedEntity("ana"), ExtractedEntity("Louvre"), ExtractedEntity("Paris")),
            dates=(("yesterday", yesterday), ("at", day)),
        ),
        "I live in Oslo now.": Extraction(untrusted=(0,)),
    }
    report = run_extractor_bench(
        _write(tmp_path / "l.jsonl", records),
        extractor=ScriptedExtractor(answers),
        errors=True,
        min_timing_s=0.0,
    )
    # entities: gold {ana, louvre, oslo, rome}; predicted {ana, louvre, paris}
    assert report["entities"] == pytest.approx(
        {"precision": 2 / 3, "recall": 0.5, "f1": 0.5714, "tp": 2, "fp": 1, "fn": 2}, abs=1e-4
    )
    assert report["dates"] == {
        "precision": 0.5,
        "recall": 1.0,
        "f1": 0.6667,
        "tp": 1,
        "fp": 1,
        "fn": 0,
    }
    assert report["supersedes"] == {
        "precision": 1.0,
        "recall": 1.0,
        "f1": 1.0,
        "tp": 1,
        "fp": 0,
        "fn": 0,
    }
    assert report["injection"] == {"flagged": 0, "total": 0, "false_flags": 1}
    holdout = report["holdout"]
    assert isinstance(holdout, dict) and holdout["n_turns"] == 1
    assert [e["id"] for e in report["errors"]] == ["a", "b", "c"]  # type: ignore[attr-defined]


def test_a_malformed_line_is_a_validation_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "x", "timestamp": "2024-01-01T00:00:00Z"}\n', encoding="utf-8")
    with pytest.raises(ValidationError):
        load_labelled(path)


def test_the_real_bench_reports_bounded_scores_and_a_rate() -> None:
    report = run_extractor_bench(min_timing_s=0.0)
    for key in ("entities", "dates", "supersedes"):
        scores = report[key]
        assert isinstance(scores, dict)
        assert 0.0 <= scores["precision"] <= 1.0 and 0.0 <= scores["recall"] <= 1.0
    assert isinstance(report["messages_per_s_long"], float) and report["messages_per_s_long"] > 0
    assert isinstance(report["mean_words_long"], float) and report["mean_words_long"] >= 60
