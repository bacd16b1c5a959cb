"""``scripts/long_invariants.py``: the long runs count what they claim and stop when told.

The atheris run is measured in write attempts (changesets handed to ``WorldDB.write``), read
from the tally the fuzz target mirrors to a file; the run stops libFuzzer with SIGUSR1 once the
count is reached. These run the real target (and libFuzzer, when atheris is installed).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.test_fuzz_corpus import _load

ROOT = Path(__file__).resolve().parent.parent


def test_tally_counts_write_attempts_and_refusals(tmp_path: Path) -> None:
    target = _load("changeset")
    path = tmp_path / "tally"
    tally = target.Tally(str(path))
    assert target.read_tally(str(path)) == {"executions": 0, "writes": 0, "refused": 0}
    tally.record(writes=3, refused=1)
    tally.record(writes=2, refused=2)
    assert target.read_tally(str(path)) == {"executions": 2, "writes": 5, "refused": 3}
    assert target.read_tally(str(tmp_path / "missing")) == {
        "executions": 0,
        "writes": 0,
        "refused": 0,
    }


def test_one_input_counts_the_changesets_it_writes() -> None:
    target = _load("changeset")
    data = bytes([0, 1, 2, 3, 9, 9, 9, 0, 5, 3, 0, 2, 3]) * 4
    db, seeds = target.fresh_store()  # the seed ids the target decodes against
    db.close()
    expected = len(target.decode_changesets(data, seeds))
    before = target.TALLY.writes
    target.test_one_input(data)
    assert expected > 0
    assert target.TALLY.writes - before == expected


def _long_run(tmp_path: Path, *args: str, status: int = 0) -> dict[str, Any]:
    """Run ``scripts/long_invariants.py ARGS``; its first JSON line (one seed's result)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "long_invariants.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path)},
        timeout=300,
    )
    assert done.returncode == status, done.stdout[-2000:] + done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[0])
    return result


def test_atheris_run_stops_after_the_asked_write_attempts(tmp_path: Path) -> None:
    pytest.importorskip("atheris", reason="atheris is not installed: libFuzzer cannot start")
    seed = _long_run(tmp_path, "atheris", "--seeds", "0", "--minutes", "2", "--operations", "300")
    assert seed["violations"] == 0 and seed["exit_status"] == 0
    writes = seed["write_attempts"]
    assert isinstance(writes, int) and writes >= 300
    # Stopped by the count, not by the two-minute budget (which would run tens of thousands).
    assert writes < 6000


def test_hypothesis_seed_resumes_at_its_next_chunk(tmp_path: Path) -> None:
    """A seed run in two legs counts both and runs the chunks an uninterrupted run would."""
    state = tmp_path / "state"
    common = ["hypothesis", "--seeds", "7", "--examples", "2", "--steps", "5", "--state"]
    first = _long_run(tmp_path, *common, str(state), "--operations", "1")
    assert first["legs"] == 1 and first["violations"] == 0
    assert isinstance(first["steps"], int) and first["steps"] >= 1
    second = _long_run(tmp_path, *common, str(state), "--operations", str(first["steps"] + 1))
    assert second["legs"] == 2
    assert second["chunks"] == first["chunks"] + 1  # resumed at the next chunk, not chunk 0
    assert isinstance(second["steps"], int) and second["steps"] > first["steps"]
    saved = json.loads((state / "hypothesis-seed7.json").read_text(encoding="utf-8"))
    assert saved["steps"] == second["steps"] and saved["chunks"] == second["chunks"]
    # Already done: a third run adds nothing and starts no leg.
    third = _long_run(tmp_path, *common, str(state), "--operations", "1")
    assert third["steps"] == second["steps"] and third["legs"] == 2


def test_atheris_seed_resumes_counting_a_killed_leg(tmp_path: Path) -> None:
    """A leg killed mid-run still counts (its tally survives); the next leg runs the rest."""
    pytest.importorskip("atheris", reason="atheris is not installed: libFuzzer cannot start")
    state = tmp_path / "state" / "atheris-seed0"
    state.mkdir(parents=True)
    (state / "tally-000").write_text(f"{5:20d} {150:20d} {40:20d}\n", encoding="ascii")
    (state / "leg-000.started").write_text("0", encoding="ascii")
    result = _long_run(
        tmp_path,
        "atheris",
        "--seeds",
        "0",
        "--minutes",
        "2",
        "--operations",
        "300",
        "--state",
        str(tmp_path / "state"),
    )
    assert result["legs"] == 2 and result["legs_killed"] == 1
    assert result["violations"] == 0 and result["exit_status"] == 0
    writes = result["write_attempts"]
    assert isinstance(writes, int) and 300 <= writes < 6000
    leg = json.loads((state / "leg-001.json").read_text(encoding="utf-8"))
    assert leg["writes"] == writes - 150  # this leg ran only what the killed one had not
    assert (state / "corpus").is_dir()


def test_atheris_finding_of_an_earlier_leg_is_a_violation(tmp_path: Path) -> None:
    """A resumed seed reports what any earlier leg found: a failed exit, a timeout artifact."""
    pytest.importorskip("atheris", reason="atheris is not installed: libFuzzer cannot start")
    state = tmp_path / "state" / "atheris-seed0"
    state.mkdir(parents=True)
    (state / "tally-000").write_text(f"{3:20d} {100:20d} {10:20d}\n", encoding="ascii")
    finished = {"executions": 3, "writes": 100, "refused": 10, "seconds": 5.0}
    (state / "leg-000.json").write_text(
        json.dumps({**finished, "cpu_seconds": 4.0, "exit_status": 77}), encoding="utf-8"
    )
    (state / "timeout-0123").write_bytes(b"\x00\x01")
    # --operations already reached: no new leg runs, the earlier one's findings are reported
    args = ["atheris", "--seeds", "0", "--operations", "50", "--state", str(tmp_path / "state")]
    result = _long_run(tmp_path, *args, status=1)
    assert result["violations"] == 1 and result["legs"] == 1
    assert result["write_attempts"] == 100
    assert [c["path"].rsplit("/", 1)[-1] for c in result["crash_inputs"]] == ["timeout-0123"]
