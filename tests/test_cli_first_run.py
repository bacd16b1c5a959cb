"""The CLI defects a first run met, each through the installed ``worlddb`` console script.

``--db`` after the command, relative ``--as-of``/``--at``, a back-dated write's own outdated fact,
re-import counts, the sessions progress bar (on a real terminal), ``demo`` never touching the
user's store, ``stats``, and the ``anthropic`` extra being optional.
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

WORLDDB = Path(sys.executable).with_name("worlddb")
FAST = {"WORLDDB_EMBEDDER": "hash", "PATH": "/usr/bin:/bin"}


def run(
    *args: str, home: Path, env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(WORLDDB), *args],
        env={"HOME": str(home), **FAST, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if check:
        assert done.returncode == 0, done.stderr
    return done


def as_json(*args: str, home: Path, env: dict[str, str] | None = None) -> Any:
    return json.loads(run(*args, "--json", home=home, env=env).stdout)


def test_db_is_accepted_after_the_command_and_wins_over_the_environment(tmp_path: Path) -> None:
    db, other = str(tmp_path / "a.db"), str(tmp_path / "env.db")
    run("write", "--db", db, "--user-id", "u", "after the command", home=tmp_path)
    run("--db", db, "write", "--user-id", "u", "before the command", home=tmp_path)
    listed = as_json("list", "--db", db, home=tmp_path, env={"WORLDDB_DB": other})
    assert [i["text"] for i in listed["items"]] == ["after the command", "before the command"]
    assert not Path(other).exists()


def test_a_file_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"not a database at all, only the name of one" * 100)
    done = run("list", "--db", str(broken), home=tmp_path, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        "Error: cannot use the database file: file is not a database"
    ]


def test_relative_times_work_and_a_bad_one_names_the_option(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    run(
        "write",
        "--db",
        db,
        "--user-id",
        "u",
        "--at",
        "3 days ago",
        "I live in Boston",
        home=tmp_path,
    )
    hits = as_json(
        "recall", "--db", db, "--user-id", "u", "Boston", "--as-of", "yesterday", home=tmp_path
    )
    assert [h["text"] for h in hits["hits"]][:1] == ["I live in Boston"]
    before = as_json(
        "recall", "--db", db, "--user-id", "u", "Boston", "--as-of", "last month", home=tmp_path
    )
    assert "I live in Boston" not in [h["text"] for h in before["hits"]]  # not yet true then
    bad = run("recall", "--db", db, "Boston", "--as-of", "someday soon", home=tmp_path, check=False)
    assert bad.returncode == 2
    error = [line for line in bad.stderr.splitlines() if line.startswith("Error")]
    assert len(error) == 1 and "--as-of" in error[0] and "valid_at" not in bad.stderr


def test_a_back_dated_write_names_its_own_outdated_fact_not_a_supersession(tmp_path: Path) -> None:
    db = str(tmp_path / "w.db")
    first = as_json(
        "write",
        "--db",
        db,
        "--user-id",
        "u",
        "--at",
        "2024-06-01",
        "I live in Denver",
        home=tmp_path,
    )
    late = run(
        "write",
        "--db",
        db,
        "--user-id",
        "u",
        "--at",
        "2024-02-01",
        "I live in Chicago",
        home=tmp_path,
    )
    assert "supersedes" not in late.stdout
    assert "'I live in Chicago' is already outdated" in late.stdout
    back = as_json(
        "write",
        "--db",
        db,
        "--user-id",
        "u",
        "--at",
        "2024-01-01",
        "I live in Austin",
        home=tmp_path,
    )
    assert back["superseded"] == [] and back["outdated_on_arrival"] == back["facts"]
    newer = run(
        "write",
        "--db",
        db,
        "--user-id",
        "u",
        "--at",
        "2024-09-01",
        "I live in Boston",
        home=tmp_path,
    )
    assert f"supersedes fact {first['facts'][0][:12]} 'I live in Denver'" in newer.stdout


def test_reimporting_an_export_reports_nothing_new(tmp_path: Path) -> None:
    db, fresh, dump = tmp_path / "x.db", tmp_path / "y.db", tmp_path / "x.jsonl"
    for text in ("I live in Boston", "I work at Acme", "I moved to Denver"):
        run("write", "--db", str(db), "--user-id", "u", text, home=tmp_path)
    run("export", "--db", str(db), str(dump), home=tmp_path)
    again = run("import", "--db", str(db), str(dump), home=tmp_path).stdout
    records = sum(1 for line in dump.read_text().splitlines() if '"kind"' in line)
    assert again.startswith(f"0 new, {records} already present")
    first = as_json("import", "--db", str(fresh), str(dump), home=tmp_path)
    assert first["already_present"] == 0
    assert first["new"]["worlds"] == first["worlds"] and first["new"]["edges"] == first["edges"]
    second = as_json("import", "--db", str(fresh), str(dump), home=tmp_path)
    assert second["new"] == {"worlds": 0, "edges": 0, "memories": 0}
    assert second["already_present"] == records


def _on_a_terminal(args: list[str], home: Path) -> str:
    """Run ``worlddb`` with stderr on a pseudo-terminal (so the bar is drawn); return stderr."""
    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen(
            [str(WORLDDB), *args],
            env={"HOME": str(home), **FAST, "COLUMNS": "120"},
            stdout=subprocess.DEVNULL,
            stderr=follower,
        )
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert process.wait(timeout=120) == 0, b"".join(chunks).decode()
    finally:
        os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_the_sessions_progress_bar_has_the_real_total(tmp_path: Path) -> None:
    sessions = tmp_path / "s.jsonl"
    lines = [
        {
            "session_id": f"s{i}",
            "date": f"2024-01-0{i + 1}",
            "messages": [{"role": "user", "content": f"note number {i}"}],
        }
        for i in range(3)
    ]
    sessions.write_text("\n".join(json.dumps(x) for x in lines) + "\n\n")
    shown = _on_a_terminal(
        ["--db", str(tmp_path / "p.db"), "import", "--format", "sessions", str(sessions)], tmp_path
    )
    assert "3/3" in shown and "/0" not in shown


def test_demo_without_db_leaves_the_users_store_alone(tmp_path: Path) -> None:
    real = tmp_path / "real" / "memory.db"
    home = tmp_path / "home"
    done = run("demo", home=home, env={"WORLDDB_DB": str(real)})
    assert "temporary store" in done.stdout and "all invariants hold" in done.stdout
    assert not real.exists() and not real.parent.exists() and not home.exists()
    report = as_json("demo", home=home)
    assert report["temporary"] is True and report["database"] is None
    kept = tmp_path / "kept.db"
    run("demo", "--db", str(kept), home=home)
    assert kept.is_file()


def test_stats_counts_types_open_and_closed_facts_proposals_and_size(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    run(
        "write",
        "--db",
        db,
        "--user-id",
        "u",
        "--at",
        "2024-01-01",
        "I live in Boston",
        home=tmp_path,
    )
    run(
        "write",
        "--db",
        db,
        "--user-id",
        "u",
        "--at",
        "2024-06-01",
        "I live in Denver",
        home=tmp_path,
    )
    run("write", "--db", db, "--user-id", "v", "I work at Acme Robotics", home=tmp_path)
    stats = as_json("stats", "--db", db, home=tmp_path)
    assert stats["by_type"]["Note"] == {"open": 3, "closed": 0}
    assert stats["facts"] == {"open": 2, "closed": 1}  # Denver closed Boston
    assert stats["proposals_pending"] == 0
    assert {s["scope"] for s in stats["scopes"]} == {"user_id=u", "user_id=v"}
    assert stats["bytes"] == sum(stats["files"].values()) and stats["files"]["s.db"] > 0
    assert stats["worlds"] == sum(r["open"] + r["closed"] for r in stats["by_type"].values())
    text = run("stats", "--db", db, home=tmp_path).stdout
    assert "facts:     2 open, 1 closed" in text and "proposals: 0 pending" in text


WITHOUT_ANTHROPIC = "import sys; sys.modules['anthropic'] = None; "


def _python(code: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_ANTHROPIC + code],
        env={"HOME": str(home), **FAST},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_core_works_without_anthropic_and_the_claude_extractor_names_the_extra(
    tmp_path: Path,
) -> None:
    core = _python(
        "import worlddb, worlddb.cli, worlddb_mcp.__main__, worlddb.eval.harness; print('ok')",
        tmp_path,
    )
    assert core.returncode == 0 and core.stdout.strip() == "ok", core.stderr
    db = str(tmp_path / "c.db")
    claude = _python(
        f"from worlddb.cli import main; main(['--db', {db!r}, '--extractor', 'claude', "
        "'write', 'hello'])",
        tmp_path,
    )
    assert claude.returncode == 1
    assert claude.stderr.strip() == (
        "Error: the Claude extractor needs the optional package 'anthropic': "
        "pip install 'worlddb[anthropic]'"
    )
    judge = _python(
        "from worlddb.eval.answer import QAEvaluator; QAEvaluator.connect('k')", tmp_path
    )
    assert "pip install 'worlddb[anthropic]'" in judge.stderr
