"""What every ``worlddb import-from`` format promises, on each format's sample file.

Resumable (an import stopped after K records and rerun ends in the same store as a one-shot
import), a finished import rerun writes nothing, a dry run writes nothing, and a malformed
record in the middle of a source is one line naming where, with the store as it was. Through
the Python API and through the real CLI.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import ClassVar

import pytest
from click.testing import CliRunner

from worlddb import WorldDB
from worlddb.cli import cli
from worlddb.imports import ImportFormatError, default_importers, run_import
from worlddb.plugins import Vectors
from worlddb.testing import HashEmbedder

DATA = Path(__file__).parent / "data" / "imports"
ALICE = {"user_id": "alice"}
ENV = {"WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "default", "WORLDDB_DB": ""}
T0 = 1_750_000_000_000_000  # a fixed ingest clock: two runs can then be compared row by row

SOURCES = {
    "mcp-memory": "memory.jsonl",
    "mem0": "mem0_get_all.json",
    "claude": "claude/conversations.json",
    "chatgpt": "chatgpt/conversations.json",
    "markdown": "markdown",
    "chat-log": "team-chat.log",
}


def _copy(tmp_path: Path, fmt: str) -> Path:
    """The sample copied into tmp_path (Markdown mtimes pinned: an undated note uses them)."""
    src = DATA / SOURCES[fmt]
    dest = tmp_path / "src" / src.name
    if src.is_dir():
        shutil.copytree(src, dest)
        for path in dest.rglob("*"):
            os.utime(path, ns=(1_717_000_000_000_000_000, 1_717_000_000_000_000_000))
    else:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(src, dest)
    return dest


def _open(path: Path) -> WorldDB:
    db = WorldDB.open(path, embedder=HashEmbedder(), extractor="default", clock=lambda: T0)
    db.recluster_budget_s = 0.0  # no background pass: its timing would differ between runs
    return db


def _digest(db: WorldDB) -> str:
    """Every row of every table (the SQL dump), meta and checkpoints included."""
    db.drain_recluster()
    with db.store._guard:  # type: ignore[attr-defined]
        dump = "\n".join(db.store._connection.iterdump())  # type: ignore[attr-defined]
    return hashlib.sha256(dump.encode()).hexdigest()


@pytest.fixture(params=sorted(SOURCES))
def fmt(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[Callable[[str], WorldDB]]:
    dbs: list[WorldDB] = []

    def make(name: str) -> WorldDB:
        dbs.append(_open(tmp_path / f"{name}.db"))
        return dbs[-1]

    yield make
    for db in dbs:
        db.close()


def test_an_interrupted_import_resumes_to_the_one_shot_store(
    fmt: str, tmp_path: Path, opened: Callable[[str], WorldDB]
) -> None:
    source = _copy(tmp_path, fmt)
    importer = default_importers().get(fmt)
    whole = opened("whole")
    one_shot = run_import(whole, importer, source, scopes=ALICE)
    assert one_shot.complete and one_shot.written > 0 and one_shot.resumed == 0

    parts = opened("parts")
    first = run_import(parts, importer, source, scopes=ALICE, limit=1)
    assert not first.complete and first.written + first.skipped == 1
    assert _digest(parts) != _digest(whole)
    rest = run_import(parts, importer, source, scopes=ALICE)
    assert rest.complete and rest.resumed == 1
    assert first.written + rest.written == one_shot.written
    assert _digest(parts) == _digest(whole)


def test_a_finished_import_rerun_writes_nothing(
    fmt: str, tmp_path: Path, opened: Callable[[str], WorldDB]
) -> None:
    source = _copy(tmp_path, fmt)
    importer = default_importers().get(fmt)
    db = opened("db")
    first = run_import(db, importer, source, scopes=ALICE)
    before = _digest(db)
    again = run_import(db, importer, source, scopes=ALICE)
    assert (again.written, again.present, again.resumed) == (0, 0, first.records)
    assert _digest(db) == before
    # Without the checkpoint (a second copy, or --restart), content addressing dedups.
    restarted = run_import(db, importer, source, scopes=ALICE, restart=True)
    assert restarted.written == 0
    assert restarted.present == first.written + first.present
    assert _digest(db) == before


def test_a_dry_run_reports_and_writes_nothing(
    fmt: str, tmp_path: Path, opened: Callable[[str], WorldDB]
) -> None:
    source = _copy(tmp_path, fmt)
    importer = default_importers().get(fmt)
    db = opened("db")
    before = _digest(db)
    plan = run_import(db, importer, source, scopes=ALICE, dry_run=True)
    assert _digest(db) == before
    real = run_import(db, importer, source, scopes=ALICE)
    assert plan.dry_run and (plan.records, plan.kinds) == (real.records, real.kinds)
    assert (plan.written, plan.present, plan.skipped) == (real.written, real.present, real.skipped)
    after = _digest(db)
    replan = run_import(db, importer, source, scopes=ALICE, dry_run=True)
    assert (replan.written, replan.resumed) == (0, real.records)
    # Without the checkpoint the dry run looks the records up: all of them are stored.
    restarted = run_import(db, importer, source, scopes=ALICE, dry_run=True, restart=True)
    assert (restarted.written, restarted.present) == (0, real.written + real.present)
    assert _digest(db) == after


def _break(fmt: str, source: Path) -> str:
    """Spoil one record in the middle of the copied source; returns what the error must name."""
    if fmt == "mcp-memory":
        lines = source.read_text().splitlines()
        lines.insert(3, '{"type": "entity", "name": "Broken"')
        source.write_text("\n".join(lines) + "\n")
        return "memory.jsonl:4"
    if fmt == "mem0":
        data = json.loads(source.read_text())
        data["results"][1]["created_at"] = "last tuesday"
        source.write_text(json.dumps(data))
        return "memory #2"
    if fmt in {"claude", "chatgpt"}:
        data = json.loads(source.read_text())
        if fmt == "claude":
            data[1]["chat_messages"][1]["sender"] = "robot"
        else:
            data[1]["current_node"] = "no-such-node"
        source.write_text(json.dumps(data))
        return "conversation #2"
    if fmt == "markdown":
        (source / "people" / "marco-rossi.md").write_text("---\ntitle: [unclosed\n---\nbody\n")
        return "people/marco-rossi.md:2"
    lines = source.read_text().splitlines()
    lines.insert(4, "this line names no speaker")
    source.write_text("\n".join(lines) + "\n")
    return "team-chat.log:5"


def test_a_malformed_record_mid_source_is_one_line_and_writes_nothing(
    fmt: str, tmp_path: Path, opened: Callable[[str], WorldDB]
) -> None:
    source = _copy(tmp_path, fmt)
    where = _break(fmt, source)
    db = opened("db")
    db.remember("something stored before", scopes=ALICE, occurred_at="2024-01-01")
    before = _digest(db)
    with pytest.raises(ImportFormatError) as caught:
        run_import(db, default_importers().get(fmt), source, scopes=ALICE)
    message = str(caught.value)
    assert "\n" not in message and where in message
    assert _digest(db) == before


def _cli(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "cli.db"), *args], env=ENV)
    return result.exit_code, result.stdout, result.stderr


def _content_of(db: WorldDB) -> list[object]:
    """What a store holds, without ingest times (they follow the clock, not the import)."""
    worlds = sorted(
        (w.id, w.valid_from, w.valid_to, tuple(sorted(w.provenance))) for w in db.iter_worlds()
    )
    edges = sorted(  # merge proposals come from the background recluster pass: left out
        (e.id, e.status, json.dumps(dict(e.properties), sort_keys=True))
        for w in worlds
        for e in db.edges(w[0], include_retired=True)
        if e.type != "same_as"
    )
    return [worlds, edges]


def _content(tmp_path: Path) -> list[object]:
    with WorldDB.open(tmp_path / "cli.db", embedder=HashEmbedder(), extractor=None) as db:
        return _content_of(db)


def test_the_cli_imports_resumes_and_dry_runs(fmt: str, tmp_path: Path) -> None:
    source = str(_copy(tmp_path, fmt))
    code, out, _ = _cli(tmp_path, "--json", "import-from", fmt, source, "--user-id", "alice",
                        "--dry-run")  # fmt: skip
    plan = json.loads(out)
    assert code == 0 and plan["dry_run"] and plan["written"] > 0
    assert not (tmp_path / "cli.db").exists() or _content(tmp_path)[0] == []

    code, out, _ = _cli(tmp_path, "import-from", fmt, source, "--user-id", "alice", "--limit", "1")
    assert code == 0 and "stopped" in out and "rerun" in out
    code, out, _ = _cli(tmp_path, "import-from", fmt, source, "--user-id", "alice")
    assert code == 0 and "1 done by an earlier run" in out, out
    resumed = _content(tmp_path)
    code, out, _ = _cli(tmp_path, "--json", "import-from", fmt, source, "--user-id", "alice")
    summary = json.loads(out)
    assert (summary["written"], summary["resumed"]) == (0, plan["records"])
    assert _content(tmp_path) == resumed

    (tmp_path / "cli.db").rename(tmp_path / "resumed.db")
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"cli.db{suffix}").unlink(missing_ok=True)
    code, out, _ = _cli(tmp_path, "import-from", fmt, source, "--user-id", "alice")
    assert code == 0 and _content(tmp_path) == resumed


def test_the_cli_reports_a_malformed_source_in_one_line(fmt: str, tmp_path: Path) -> None:
    source = _copy(tmp_path, fmt)
    where = _break(fmt, source)
    code, out, err = _cli(tmp_path, "import-from", fmt, str(source), "--user-id", "alice")
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and where in lines[0]
    assert not (tmp_path / "cli.db").exists() or _content(tmp_path)[0] == []


def test_progress_totals_count_every_record_once(
    fmt: str, tmp_path: Path, opened: Callable[[str], WorldDB]
) -> None:
    source = _copy(tmp_path, fmt)
    importer = default_importers().get(fmt)
    db = opened("db")
    calls: list[tuple[int, int]] = []
    ticks: list[int] = []
    first = run_import(db, importer, source, scopes=ALICE, limit=1,
                       on_total=lambda total, done: calls.append((total, done)),
                       on_record=lambda: ticks.append(1))  # fmt: skip
    rest = run_import(db, importer, source, scopes=ALICE,
                      on_total=lambda total, done: calls.append((total, done)),
                      on_record=lambda: ticks.append(2))  # fmt: skip
    assert calls == [(first.records, 0), (first.records, 1)]
    assert ticks.count(1) == 1 and ticks.count(2) == rest.records - 1


class _Bar:
    """Stands in for the CLI's progress bar: records its length and every update."""

    shown: ClassVar[list[_Bar]] = []

    def __init__(self, length: int, label: str) -> None:
        self.length, self.label, self.position = length, label, 0
        _Bar.shown.append(self)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        self.position += n


def test_the_cli_bar_ends_full_at_its_total(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import worlddb.cli.imports as cli_imports

    monkeypatch.setattr(cli_imports, "progress", _Bar)
    _Bar.shown = []
    source = str(_copy(tmp_path, fmt))
    assert _cli(tmp_path, "import-from", fmt, source, "--limit", "1")[0] == 0
    assert _cli(tmp_path, "import-from", fmt, source)[0] == 0
    first, second = _Bar.shown
    assert first.length == second.length > 1
    assert (first.position, second.position) == (1, second.length)


class _FailingEmbedder(HashEmbedder):
    """A HashEmbedder (same key) that fails on one text, as a crash in mid-import would."""

    def __init__(self, poison: str) -> None:
        super().__init__()
        self.poison = poison

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        if any(self.poison in t for t in texts):
            raise RuntimeError("embedding service went away")
        return super().embed_documents(texts)


def test_a_crash_mid_import_keeps_what_landed_and_resumes(
    tmp_path: Path, opened: Callable[[str], WorldDB]
) -> None:
    source = _copy(tmp_path, "claude")
    importer = default_importers().get("claude")
    whole = opened("whole")
    run_import(whole, importer, source, scopes=ALICE)

    path = tmp_path / "crashed.db"
    crashing = WorldDB.open(path, embedder=_FailingEmbedder("lemon olive-oil"),
                            extractor="default", clock=lambda: T0)  # fmt: skip
    crashing.recluster_budget_s = 0.0
    with pytest.raises(Exception, match="embedding service went away"):
        run_import(crashing, importer, source, scopes=ALICE)
    assert len(crashing.memories(ALICE)[0]) == 1  # the first conversation landed, whole
    crashing.close()

    resumed = _open(path)
    try:
        summary = run_import(resumed, importer, source, scopes=ALICE)
        assert (summary.resumed, summary.written, summary.skipped) == (1, 1, 1)
        # The same worlds, validity, provenance and edges; only ingest times differ (the
        # clock's tie-breaking restarts with the process).
        assert _content_of(resumed) == _content_of(whole)
    finally:
        resumed.close()
