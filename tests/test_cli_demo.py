"""`worlddb demo` (the README's main job) and `worlddb reembed`, through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from worlddb.cli import cli


def test_demo_shows_supersession_as_of_reads_and_a_merge_proposal(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    result = CliRunner().invoke(cli, ["--db", str(db), "--embedder", "hash", "--json", "demo"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["verify"] == "all invariants hold"
    assert any(s["superseded"] for s in report["sessions"])
    assert {tuple(sorted(p["between"])) for p in report["merge_proposals"]} == {
        ("Sara Connor", "Sarah Connor")
    }
    live_texts = [h["text"] for item in report["recall"] for h in item["hits"]]
    assert "I live in Boston" not in live_texts  # the superseded fact is hidden by default
    assert any("Boston" in text for text in report["as_of_2024_03_01"])


def test_demo_twice_is_idempotent(tmp_path: Path) -> None:
    args = ["--db", str(tmp_path / "d.db"), "--embedder", "hash", "--json", "demo"]
    first = json.loads(CliRunner().invoke(cli, args).output)
    second = json.loads(CliRunner().invoke(cli, args).output)
    assert all(s["created"] for s in first["sessions"])
    assert not any(s["created"] for s in second["sessions"])


def test_reembed_switches_the_store_to_another_embedder(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    runner = CliRunner()
    assert (
        runner.invoke(
            cli, ["--db", db, "--embedder", "hash", "write", "--user-id", "u", "hello there"]
        ).exit_code
        == 0
    )
    refused = runner.invoke(cli, ["--db", db, "--embedder", "default", "list"])
    assert refused.exit_code == 1 and "reembed" in refused.output
    done = runner.invoke(cli, ["--db", db, "--json", "reembed"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["reembedded"] >= 1
    assert runner.invoke(cli, ["--db", db, "list"]).exit_code == 0
