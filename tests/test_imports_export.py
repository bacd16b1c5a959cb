"""``export-to mcp-memory``: the store's knowledge graph as the MCP reference server's JSONL.

Round trip: a reference ``memory.jsonl`` imported, exported, imported into a fresh store and
exported again gives the same lines, and the first export holds what the original file held.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from worlddb import Message, WorldDB
from worlddb.cli import cli
from worlddb.imports import default_importers, mcp_memory_lines, run_import
from worlddb.plugins import ExtractedEntity
from worlddb.testing import HashEmbedder

DATA = Path(__file__).parent / "data" / "imports"
ENV = {"WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "default", "WORLDDB_DB": ""}


@pytest.fixture
def fresh() -> Iterator[list[WorldDB]]:
    opened: list[WorldDB] = []
    yield opened
    for db in opened:
        db.close()


def _db(opened: list[WorldDB]) -> WorldDB:
    db = WorldDB.open(":memory:", embedder=HashEmbedder(), extractor="default")
    db.recluster_budget_s = 0.0
    opened.append(db)
    return db


def _graph(lines: list[str]) -> tuple[dict[str, tuple[str, frozenset[str]]], set[tuple[str, ...]]]:
    entities, relations = {}, set()
    for line in lines:
        item = json.loads(line)
        if item["type"] == "entity":
            entities[item["name"]] = (item["entityType"], frozenset(item["observations"]))
        else:
            relations.add((item["from"], item["relationType"], item["to"]))
    return entities, relations


def test_export_import_export_gives_the_same_jsonl(fresh: list[WorldDB], tmp_path: Path) -> None:
    importer = default_importers().get("mcp-memory")
    first = _db(fresh)
    run_import(first, importer, DATA / "memory.jsonl")
    exported = list(mcp_memory_lines(first))
    assert _graph(exported) == _graph((DATA / "memory.jsonl").read_text().splitlines())

    again = tmp_path / "memory.jsonl"
    again.write_text("\n".join(exported) + "\n")
    second = _db(fresh)
    summary = run_import(second, importer, again)
    assert summary.written == len(exported)
    assert list(mcp_memory_lines(second)) == exported


def test_export_carries_extracted_knowledge_and_respects_scopes(fresh: list[WorldDB]) -> None:
    db = _db(fresh)
    db.remember(
        "Maria is my dentist in Porto",
        scopes={"user_id": "alice"},
        entities=[ExtractedEntity("Maria", "Person")],
        occurred_at="2024-01-02",
    )
    db.remember(
        "coffee with my neighbour Maria",
        scopes={"user_id": "bob"},
        entities=[ExtractedEntity("Maria", "Person")],
        occurred_at="2024-01-03",
    )
    db.ingest_session([Message("user", "hello")], occurred_at="2024-01-04")
    everything = [json.loads(line) for line in mcp_memory_lines(db)]
    names = [e["name"] for e in everything if e["type"] == "entity"]
    assert names.count("Maria") == 1 and "Maria (2)" in names  # names are unique in the format
    assert not any(e.get("entityType") in {"Session", "Turn", "Note", "Scope"} for e in everything)

    alice = [json.loads(line) for line in mcp_memory_lines(db, {"user_id": "alice"})]
    maria = [e for e in alice if e["name"] == "Maria"]
    assert [m["entityType"] for m in maria] == ["Person"]
    assert all("neighbour" not in o for m in alice for o in m.get("observations", []))


def test_a_retired_observation_is_not_exported(fresh: list[WorldDB], tmp_path: Path) -> None:
    db = _db(fresh)
    run_import(db, default_importers().get("mcp-memory"), DATA / "memory.jsonl")
    fact = db.recall("Mandarin", types=["Fact"]).hits[0]
    db.retire(fact.id)
    alice = next(json.loads(x) for x in mcp_memory_lines(db) if "Alice_Chen" in x)
    assert "Speaks fluent Mandarin" not in alice["observations"]
    assert "Prefers morning meetings" in alice["observations"]


def test_the_cli_round_trip(tmp_path: Path) -> None:
    runner = CliRunner()

    def run(db: str, *args: str) -> str:
        result = runner.invoke(cli, ["--db", str(tmp_path / db), *args], env=ENV)
        assert result.exit_code == 0, result.output
        return result.stdout

    run("a.db", "import-from", "mcp-memory", str(DATA / "memory.jsonl"), "--user-id", "alice")
    out = tmp_path / "out.jsonl"
    run("a.db", "export-to", "mcp-memory", str(out), "--user-id", "alice")
    assert run("a.db", "export-to", "mcp-memory") == out.read_text()  # stdout by default
    run("b.db", "import-from", "mcp-memory", str(out))
    assert run("b.db", "export-to", "mcp-memory") == out.read_text()
    assert run("a.db", "export-to", "mcp-memory", "--user-id", "bob") == ""
