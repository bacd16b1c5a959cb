"""Bulk session import: JSONL sessions and LongMemEval files, streamed and resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from worlddb import ValidationError, WorldDB
from worlddb.bulk import import_sessions, sniff_format
from worlddb.cli import cli

TINY = Path(__file__).parent / "data" / "lme_tiny"


def _sessions_file(tmp_path: Path, count: int) -> Path:
    path = tmp_path / "sessions.jsonl"
    with path.open("w") as fh:
        for i in range(count):
            fh.write(
                json.dumps(
                    {
                        "session_id": f"s{i}",
                        "date": f"2024-01-{i + 1:02d}T10:00:00Z",
                        "scopes": {"user_id": "alice"},
                        "messages": [
                            {"role": "user", "content": f"I visited city number {i} today"},
                            {"role": "assistant", "content": f"City {i} sounds lovely"},
                        ],
                    }
                )
                + "\n"
            )
    return path


def test_jsonl_sessions_are_ingested_with_scopes_and_labels(db: WorldDB, tmp_path: Path) -> None:
    report = import_sessions(db, _sessions_file(tmp_path, 3), fmt="sessions")
    assert (report.records, report.ingested, report.unchanged) == (3, 3, 0)
    memories, _ = db.memories({"user_id": "alice"})
    assert len(memories) == 3
    assert all(any(p.startswith("label:s") for p in m.provenance) for m in memories)
    assert db.verify() == []


def test_an_interrupted_import_resumes_after_the_last_committed_session(
    db: WorldDB, tmp_path: Path
) -> None:
    path = _sessions_file(tmp_path, 5)
    seen: list[int] = []

    def stop_after_two(done: int) -> None:
        seen.append(done)
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        import_sessions(db, path, on_record=stop_after_two)
    report = import_sessions(db, path)
    assert report.resumed_from == 2
    assert (report.records, report.ingested, report.unchanged) == (5, 3, 0)
    assert len(db.memories({"user_id": "alice"})[0]) == 5
    # Starting over re-reads everything and changes nothing (content ids).
    again = import_sessions(db, path, resume=False)
    assert (again.ingested, again.unchanged) == (0, 5)


def test_longmemeval_files_import_without_has_answer(db: WorldDB, tmp_path: Path) -> None:
    raw = json.loads((TINY / "lme_tiny.json").read_text())
    assert any("has_answer" in turn for q in raw for s in q["haystack_sessions"] for turn in s)
    report = import_sessions(db, TINY / "lme_tiny.json")
    assert report.ingested == report.records > 0
    texts = " ".join(w.content for w in db.iter_worlds())
    assert "has_answer" not in texts
    labels = {p for w in db.iter_worlds() for p in w.provenance}
    assert any(label.startswith("label:lme:") for label in labels)


def test_bad_lines_raise_a_typed_error_naming_the_line(db: WorldDB, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"session_id": "x", "messages": []}\n')
    with pytest.raises(ValidationError, match="line 1"):
        import_sessions(db, path, fmt="sessions")
    assert sniff_format(Path("a.json.xz")) == "longmemeval"
    assert sniff_format(Path("a.jsonl")) == "sessions"


def test_cli_import_streams_sessions(tmp_path: Path) -> None:
    path = _sessions_file(tmp_path, 2)
    args = [
        "--db",
        str(tmp_path / "c.db"),
        "--embedder",
        "hash",
        "--json",
        "import",
        "--format",
        "sessions",
        str(path),
    ]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    assert json.loads(first.output)["ingested"] == 2
    second = json.loads(CliRunner().invoke(cli, args).output)
    assert second["resumed_from"] == 2 and second["ingested"] == 0
