"""The consolidator's run properties: idempotent, incremental, interruptible, through the
reconciler, invariants intact. Real SQLite files, a real subprocess killed mid-run."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from worlddb import WorldDB
from worlddb.bench.consolidate_scenarios import DAY_US, T0, rich_scenario
from worlddb.cli import cli
from worlddb.consolidate import STEPS, Consolidator
from worlddb.errors import ValidationError


def _digest(db: WorldDB) -> str:
    """Every row of every table (the SQL dump of the file)."""
    with db.store._guard:
        return hashlib.sha256("\n".join(db.store._connection.iterdump()).encode()).hexdigest()


def _state(db: WorldDB) -> tuple[frozenset[tuple[str, str, bool]], frozenset[tuple[str, str]]]:
    """What the store holds, independent of when it was written: every world (id, type, open)
    and every edge (id, status). Ids are content hashes, so two runs that wrote the same things
    at different times have the same state."""
    worlds = set()
    with db.store._guard:
        rows = db.store._connection.execute("SELECT id, type, valid_to FROM nodes").fetchall()
        edges = db.store._connection.execute("SELECT id, status FROM edges").fetchall()
    worlds = {(bytes(i).hex(), str(t), v is None) for i, t, v in rows}
    return frozenset(worlds), frozenset((bytes(i).hex(), str(s)) for i, s in edges)


def _scenario_file(path: Path) -> None:
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        db.recluster_budget_s = 0
        rich_scenario(db)


def _consolidate(path: Path, **kwargs: object) -> tuple[int, list[str]]:
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        report = Consolidator(db, functional=["blood_type"]).run(**kwargs)  # type: ignore[arg-type]
        return report.writes, db.verify()


def test_second_run_writes_nothing_and_invariants_hold(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    _scenario_file(path)
    writes, problems = _consolidate(path)
    assert writes >= 4  # each step had work: at least one commit each
    assert problems == []
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        before = _digest(db)
        report = Consolidator(db, functional=["blood_type"]).run()
        assert report.writes == 0 and report.complete
        assert _digest(db) == before


def test_each_step_alone_then_all_reaches_the_same_state(tmp_path: Path) -> None:
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    _scenario_file(one)
    shutil.copy(one, two)
    _consolidate(one)
    for step in STEPS:
        _consolidate(two, steps=[step])
    with (
        WorldDB.open(one, embedder=None, extractor=None) as a,
        WorldDB.open(two, embedder=None, extractor=None) as b,
    ):
        assert _state(a) == _state(b)


def test_budget_stops_early_and_reruns_finish_at_the_same_state(tmp_path: Path) -> None:
    whole, pieces = tmp_path / "whole.db", tmp_path / "pieces.db"
    _scenario_file(whole)
    shutil.copy(whole, pieces)
    total, _ = _consolidate(whole)
    runs = 0
    while True:
        with WorldDB.open(pieces, embedder=None, extractor=None) as db:
            report = Consolidator(db, functional=["blood_type"]).run(max_writes=1)
            assert db.verify() == []
        runs += 1
        assert report.writes <= 1
        if report.complete:
            break
        assert runs < total + 2
    assert runs >= total  # one commit per run
    with (
        WorldDB.open(whole, embedder=None, extractor=None) as a,
        WorldDB.open(pieces, embedder=None, extractor=None) as b,
    ):
        assert _state(a) == _state(b)


def test_keyboard_interrupt_stops_cleanly_and_a_rerun_finishes(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.db", tmp_path / "cut.db"
    _scenario_file(whole)
    shutil.copy(whole, cut)
    _consolidate(whole)
    seen = []

    def interrupt(step: str) -> None:
        seen.append(step)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with WorldDB.open(cut, embedder=None, extractor=None) as db:
        report = Consolidator(db, functional=["blood_type"]).run(on_write=interrupt)
        assert report.interrupted and not report.complete
        assert db.verify() == []
        Consolidator(db, functional=["blood_type"]).run()
    with (
        WorldDB.open(whole, embedder=None, extractor=None) as a,
        WorldDB.open(cut, embedder=None, extractor=None) as b,
    ):
        assert _state(a) == _state(b)


_CHILD = textwrap.dedent(
    """
    import sys, time
    from worlddb import WorldDB
    from worlddb.consolidate import Consolidator

    def wrote(step):
        print("wrote", step, flush=True)
        time.sleep(0.2)

    with WorldDB.open(sys.argv[1], embedder=None, extractor=None) as db:
        Consolidator(db, functional=["blood_type"]).run(on_write=wrote)
    print("finished", flush=True)
    """
)


def test_a_killed_run_loses_nothing(tmp_path: Path) -> None:
    whole, killed = tmp_path / "whole.db", tmp_path / "killed.db"
    _scenario_file(whole)
    shutil.copy(whole, killed)
    _consolidate(whole)
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(killed)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    lines = [child.stdout.readline() for _ in range(2)]
    child.kill()  # SIGKILL mid-run: no cleanup, no cursor save
    child.wait(timeout=30)
    assert all(line.startswith("wrote") for line in lines)
    with WorldDB.open(killed, embedder=None, extractor=None) as db:
        assert db.verify() == []
        partial = _state(db)
    writes, problems = _consolidate(killed)
    assert problems == [] and writes > 0
    with (
        WorldDB.open(whole, embedder=None, extractor=None) as a,
        WorldDB.open(killed, embedder=None, extractor=None) as b,
    ):
        assert partial != _state(b)
        assert _state(a) == _state(b)


def test_new_writes_are_picked_up_incrementally(db: WorldDB) -> None:
    rich_scenario(db)
    Consolidator(db).run()
    assert Consolidator(db).run().writes == 0
    handles = rich_scenario(db, start=T0 + 30 * DAY_US)
    report = Consolidator(db).run()
    assert report.steps["summaries"].examined == 3  # only the new sessions
    assert report.steps["summaries"].worlds == 3
    assert db.edges(handles["session0"], types=["contains"])


def test_unknown_step_is_refused(db: WorldDB) -> None:
    with pytest.raises(ValidationError, match="unknown consolidation step 'sleep'"):
        Consolidator(db).run(["sleep"])


def test_cli_consolidate_json_and_rerun(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    _scenario_file(path)
    runner = CliRunner()
    args = ["--embedder", "none", "consolidate", "--db", str(path), "--json"]
    first = runner.invoke(cli, [*args, "--functional", "blood_type"])
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["complete"] and data["invariant_problems"] == []
    assert data["steps"]["contradictions"]["edges"] == 1
    second = runner.invoke(cli, [*args, "--functional", "blood_type"])
    assert json.loads(second.output)["writes"] == 0
    only = runner.invoke(cli, [*args, "--steps", "summaries,inferred"])
    assert set(json.loads(only.output)["steps"]) == {"summaries", "inferred"}
    text = runner.invoke(cli, ["--embedder", "none", "consolidate", "--db", str(path)])
    assert "0 commits" in text.output and "invariants ok" in text.output
    quick = runner.invoke(cli, [*args, "--no-verify"])
    assert json.loads(quick.output)["invariant_problems"] is None


def test_bench_consolidate_smoke(tmp_path: Path) -> None:
    args = ["--json", "bench", "consolidate", "-p", "worlds=400", "-p", "rounds=1"]
    args += ["-p", "queries=3", "-p", f"db_path={tmp_path / 'b.db'}"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rerun_writes"] == 0 and data["invariant_problems"] == 0
    assert data["worlds_loaded"] >= 400
    assert data["nodes_summary_first"] < data["nodes_full"]
    assert data["steps"]["summaries"]["worlds"] > 0
