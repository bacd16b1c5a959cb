"""The ``worlddb`` command line through click's CliRunner, on file stores in tmp_path."""

from __future__ import annotations

import base64
import json
import sqlite3
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from worlddb.cli import cli
from worlddb.engine import WorldDB
from worlddb.hashing import digest
from worlddb.settings import default_db_path

ENV = {"WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "none", "WORLDDB_DB": ""}
Run = Callable[..., Result]


@pytest.fixture
def run(tmp_path: Path) -> Run:
    """``run(*args, db=..., input=...)``: invoke the CLI on a store in tmp_path."""

    def invoke(*args: str, db: str = "main.db", input: str | None = None) -> Result:
        return CliRunner().invoke(
            cli, ["--db", str(tmp_path / db), *args], env=ENV, input=input, catch_exceptions=False
        )

    return invoke


def _json(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_init_creates_the_store_once(run: Run, tmp_path: Path) -> None:
    first = _json(run("init", "--json"))
    again = _json(run("--json", "init"))
    assert first["created"] is True and again["created"] is False
    assert first["embedder"] == "hash:v1:64"
    assert (tmp_path / "main.db").exists()


def test_write_list_read_round_trip_in_json(run: Run) -> None:
    written = _json(
        run(
            "write",
            "Alice",
            "moved",
            "to",
            "Lisbon",
            "--user-id",
            "alice",
            "--meta",
            "source=test",
            "--json",
        )
    )
    listed = _json(run("list", "--user-id", "alice", "--json"))
    assert [i["id"] for i in listed["items"]] == [written["id"]]
    read = _json(run("read", written["id"][:10], "--json"))
    assert read["text"] == "Alice moved to Lisbon"
    assert "meta:source=test" in read["provenance"]
    assert _json(run("list", "--user-id", "bob", "--json"))["items"] == []


def test_write_reads_stdin_for_a_dash(run: Run) -> None:
    written = _json(run("write", "-", "--json", input="from a pipe\n"))
    assert _json(run("read", written["id"], "--json"))["text"] == "from a pipe\n"


def test_amend_history_retire_and_scopes(run: Run) -> None:
    old = _json(run("write", "I drive a Civic", "--user-id", "alice", "--json"))["id"]
    new = _json(run("amend", old[:12], "I drive a Corolla", "--json"))
    assert new["supersedes"] == old
    versions = _json(run("history", new["id"], "--json"))
    assert [v["id"] for v in versions] == [old, new["id"]]
    assert _json(run("retire", new["id"], "--json")) == {new["id"]: True}
    assert _json(run("list", "--user-id", "alice", "--json"))["items"] == []
    retired = _json(run("list", "--user-id", "alice", "--include-retired", "--json"))
    assert {i["id"] for i in retired["items"]} == {old, new["id"]}
    scopes = _json(run("scopes", "--json"))
    assert [(s["kind"], s["value"]) for s in scopes] == [("user_id", "alice")]


def test_list_all_follows_the_cursor(run: Run) -> None:
    ids = [_json(run("write", f"note {i}", "--run-id", "r", "--json"))["id"] for i in range(5)]
    page = _json(run("list", "--run-id", "r", "--limit", "2", "--json"))
    assert len(page["items"]) == 2 and page["next_cursor"] is not None
    everything = _json(run("list", "--run-id", "r", "--limit", "2", "--all", "--json"))
    assert [i["id"] for i in everything["items"]] == ids


def test_recall_prints_hits_and_a_bounded_context(run: Run) -> None:
    run("write", "Alice prefers oolong tea", "--user-id", "alice")
    run("write", "The budget meeting is on Friday", "--user-id", "alice")
    result = _json(run("recall", "which tea", "--user-id", "alice", "--json"))
    assert "oolong" in result["hits"][0]["text"]
    context = run("recall", "which tea", "--user-id", "alice", "--context", "30")
    assert context.exit_code == 0 and 0 < len(context.stdout.strip()) <= 30


def test_export_lines_verify_by_rehashing_and_import_reproduces_the_store(
    run: Run, tmp_path: Path
) -> None:
    first = _json(run("write", "keep me", "--user-id", "alice", "--json"))["id"]
    second = _json(run("amend", first, "keep me, amended", "--json"))["id"]
    exported = run("export")
    assert exported.exit_code == 0
    records = [json.loads(line) for line in exported.stdout.splitlines()]
    assert records[0]["format"] == "worlddb.export/1"
    body = records[1:]
    assert body and all(digest(base64.b64decode(r["canonical"])) == r["id"] for r in body)

    (tmp_path / "dump.jsonl").write_text(exported.stdout, encoding="utf-8")
    stats = _json(run("import", str(tmp_path / "dump.jsonl"), "--json", db="copy.db"))
    assert stats["worlds"] == sum(r["kind"] == "world" for r in body)
    assert _json(run("verify", "--json", db="copy.db")) == {"ok": True, "problems": []}
    again = run("export", db="copy.db")

    def stable(text: str) -> list[dict[str, Any]]:
        return [
            {k: v for k, v in json.loads(line).items() if k != "ingested_at"}
            for line in text.splitlines()
        ]

    assert stable(again.stdout) == stable(exported.stdout)
    assert _json(run("read", second, "--json", db="copy.db"))["text"] == "keep me, amended"
    assert _json(run("read", first, "--json", db="copy.db"))["valid_to"] is not None


def test_import_refuses_a_tampered_export_and_writes_nothing(run: Run, tmp_path: Path) -> None:
    run("write", "one", "--user-id", "alice")
    lines = run("export").stdout.splitlines()
    record = json.loads(lines[-1])
    record["canonical"] = base64.b64encode(b'{"tampered":true}').decode()
    lines[-1] = json.dumps(record)
    (tmp_path / "bad.jsonl").write_text("\n".join(lines), encoding="utf-8")
    result = run("import", str(tmp_path / "bad.jsonl"), db="copy.db")
    assert result.exit_code == 1
    assert "hash" in result.output
    with WorldDB.open(tmp_path / "copy.db", embedder=None, extractor=None) as db:
        assert db.store.counts()["nodes"] == 0


def test_import_accepts_plain_memory_lines(run: Run, tmp_path: Path) -> None:
    source = tmp_path / "memories.jsonl"
    source.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                {"text": "a note", "scopes": {"user_id": "carol"}, "occurred_at": "2024-01-02"},
                {
                    "messages": [
                        {"role": "user", "content": "hi"},
                        {"role": "assistant", "content": "hello"},
                    ],
                    "scopes": {"user_id": "carol"},
                },
            ]
        ),
        encoding="utf-8",
    )
    assert _json(run("import", str(source), "--json"))["memories"] == 2
    listed = _json(run("list", "--user-id", "carol", "--json"))
    assert [i["type"] for i in listed["items"]] == ["Note", "Session"]


def test_verify_finds_a_corrupted_world_and_exits_1(run: Run, tmp_path: Path) -> None:
    run("write", "soon corrupted", "--user-id", "alice")
    with sqlite3.connect(tmp_path / "main.db") as conn:
        conn.execute(
            "UPDATE blobs SET body = CAST('{}' AS BLOB) WHERE id IN "
            "(SELECT id FROM nodes WHERE type = 'Note')"
        )
    result = run("verify", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["ok"] is False


def test_reindex_rebuilds_the_vector_index(run: Run, tmp_path: Path) -> None:
    run("write", "indexed words", "--user-id", "alice")
    result = _json(run("reindex", "--json"))
    assert result["rebuilt"] is True and result["vectors"] >= 1


def test_exit_codes_mean_something(run: Run) -> None:
    missing = run("read", "0" * 64)
    assert missing.exit_code == 1 and missing.output.startswith("Error:")
    assert run("read", "xyz").exit_code == 1
    assert run("list", "--limit", "0").exit_code == 2
    assert run("no-such-command").exit_code == 2


def test_serve_forwards_to_the_server_and_refuses_a_public_address(run: Run) -> None:
    result = CliRunner().invoke(
        cli,
        ["serve", "--transport", "http", "--host", "0.0.0.0"],
        env={**ENV, "WORLDDB_TOKEN": None, "WORLDDB_TOKEN_FILE": None},
    )
    assert result.exit_code == 1
    assert "without a token" in result.output


def test_bench_subcommands_dispatch_to_run_functions(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, object] = {}

    def run_recall_bench(**kwargs: object) -> dict[str, object]:
        seen.update(kwargs)
        return {"p95_ms": 1.5, "queries": kwargs.get("queries")}

    fake = types.ModuleType("worlddb.bench.recall")
    fake.run_recall_bench = run_recall_bench  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "worlddb.bench.recall", fake)
    result = _json(
        run("bench", "recall", "-p", "queries=7", "-p", "mode=fast", "-p", "floor=false", "--json")
    )
    assert result == {"p95_ms": 1.5, "queries": 7}
    assert seen == {"queries": 7, "mode": "fast", "floor": False}
    assert run("bench", "recall", "-p", "oops").exit_code == 2


def test_bench_load_runs_the_load_benchmark(run: Run, tmp_path: Path) -> None:
    result = _json(
        run(
            "bench",
            "load",
            "--nodes",
            "40",
            "--edges",
            "40",
            "--db",
            str(tmp_path / "load.db"),
            "--json",
        )
    )
    assert result


def test_eval_score_reports_official_metrics(run: Run, tmp_path: Path) -> None:
    gold = Path(__file__).parent / "data" / "lme_tiny" / "lme_tiny.gold.jsonl"
    rows = [json.loads(line) for line in gold.read_text(encoding="utf-8").splitlines()]
    rankings = tmp_path / "rankings.jsonl"
    rankings.write_text(
        "\n".join(
            json.dumps({"question_id": r["question_id"], "sessions": r["gold_sessions_official"]})
            for r in rows
        ),
        encoding="utf-8",
    )
    report = _json(run("eval", "score", str(rankings), str(gold), "--json"))
    assert report["averages"]["strict"]["recall_any@10"] == 1.0


def test_default_db_path_follows_the_platform_and_the_environment() -> None:
    assert default_db_path({"WORLDDB_DB": "~/x.db", "HOME": "/h"}) == Path("~/x.db").expanduser()
    assert default_db_path({"HOME": "/h"}, platform="linux") == Path(
        "/h/.local/share/worlddb/worlddb.db"
    )
    assert default_db_path({"HOME": "/h", "XDG_DATA_HOME": "/d"}, platform="linux") == Path(
        "/d/worlddb/worlddb.db"
    )
    assert default_db_path({"HOME": "/h"}, platform="darwin") == Path(
        "/h/Library/Application Support/worlddb/worlddb.db"
    )
    assert default_db_path({"HOME": "/h", "APPDATA": "/a"}, platform="win32") == Path(
        "/a/worlddb/worlddb.db"
    )


def test_eval_longmemeval_passes_its_options_to_the_harness(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import worlddb.eval.harness as harness

    seen: dict[str, Any] = {}

    class FakeReport:
        def to_dict(self) -> dict[str, Any]:
            return {"ran": 1}

        def format(self) -> str:
            return "ranked 1"

    def fake_run(
        data: str, *, out: str, options: harness.HarnessOptions, evaluator: object = None
    ) -> FakeReport:
        seen.update(data=data, out=out, options=options, evaluator=evaluator)
        return FakeReport()

    monkeypatch.setattr(harness, "run_longmemeval", fake_run)
    data = Path(__file__).parent / "data" / "lme_tiny" / "lme_tiny.json"
    result = _json(
        run(
            "eval",
            "longmemeval",
            str(data),
            "--out",
            str(tmp_path / "r.jsonl"),
            "--limit",
            "2",
            "--workers",
            "1",
            "--lanes",
            "bm25,vector",
            "--ablation",
            "bm25",
            "--no-extraction",
            "--fresh",
            "--json",
        )
    )
    assert result == {"ran": 1}
    options = seen["options"]
    assert seen["evaluator"] is None  # no --answer: nothing connects to Anthropic
    assert (options.limit, options.workers, options.extraction, options.resume) == (
        2,
        1,
        False,
        False,
    )
    assert options.lanes == ("bm25", "vector") and options.ablations == (("bm25",),)
    assert run("eval", "longmemeval", str(data), "--out", "x", "--lanes", "nope").exit_code == 1


@pytest.mark.slow
def test_bench_mcp_times_round_trips_through_a_real_server(run: Run) -> None:
    result = _json(
        run(
            "bench",
            "mcp",
            "--memories",
            "30",
            "--calls",
            "3",
            "--bench-embedder",
            "hash",
            "-p",
            "extractor=none",
            "--json",
        )
    )
    assert result["memories"] == 30 and result["transport"] == "stdio"
    assert 0 < result["write_p50_ms"] <= result["write_p95_ms"]
    assert 0 < result["recall_p50_ms"] <= result["recall_p95_ms"]


def test_eval_longmemeval_store_cache_reopens_each_ingested_store(run: Run, tmp_path: Path) -> None:
    """``--store-cache``: the first run keeps every question's store, the second reopens them
    (nothing ingested again) and ranks every haystack exactly as the first did."""
    data = Path(__file__).parent / "data" / "lme_tiny" / "lme_tiny.json"
    cache = tmp_path / "stores"

    def ranked(out: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        report = _json(
            run(
                "--embedder",
                "hash",
                "eval",
                "longmemeval",
                str(data),
                "--out",
                str(out),
                "--workers",
                "1",
                "--store-cache",
                str(cache),
                "--json",
            )
        )
        lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines() if x]
        return report, sorted(lines, key=lambda x: str(x["question_id"]))

    def stores() -> dict[str, int]:
        return {p.name: p.stat().st_mtime_ns for p in cache.glob("*.sqlite")}

    first, first_lines = ranked(tmp_path / "a.jsonl")
    saved = stores()
    assert saved and len(saved) == first["ran"]
    second, second_lines = ranked(tmp_path / "b.jsonl")
    # A store is written only after an ingest: none added and none rewritten means every
    # question was reopened, not ingested again (no timing involved).
    assert stores() == saved
    assert second["ran"] == first["ran"] and second_lines == first_lines
