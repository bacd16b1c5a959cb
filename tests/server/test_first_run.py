"""A first run that works as written: start-up errors, --print-config, --new-token, the version,
tool descriptions, retire's reason, the memory resource and the context prompt.

Start-up runs the installed console script in a real subprocess; the protocol checks go through
the MCP SDK's own client, over stdio against the console script and over streamable HTTP on
127.0.0.1 with scope-bound tokens.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from worlddb_mcp import TokenRegistry, load_tokens

from tests.server.conftest import Call, Fail
from tests.server.live_http import http_client, serving_http
from worlddb.engine import WorldDB

pytestmark = pytest.mark.anyio

CONSOLE_SCRIPT = Path(sys.executable).with_name("worlddb-mcp")
ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}
FAST = {"WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "none", "PATH": "/usr/bin:/bin"}
INITIALIZE = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"},
        },
    }
)


def _server(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the console script as a client would start it, with an initialize request waiting."""
    return subprocess.run(
        [str(CONSOLE_SCRIPT), *args],
        input=INITIALIZE + "\n",
        env={"HOME": "/nonexistent", **FAST, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    assert "Traceback" not in done.stderr and "ExceptionGroup" not in done.stderr
    assert done.stdout == ""  # nothing half-initialised was sent to the client
    return lines[0]


def test_a_database_folder_that_cannot_be_created_is_one_line_and_exit_1(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    line = _one_line_error(_server("--db", str(blocker / "sub" / "memory.db")))
    assert "cannot create the database folder" in line and str(blocker) in line


def test_a_database_that_cannot_be_opened_is_one_line_before_any_client_talks(
    tmp_path: Path,
) -> None:
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"this is not a SQLite database, it only has the name of one" * 100)
    line = _one_line_error(_server("--db", str(broken)))
    assert "not a database" in line


async def test_missing_parent_folders_are_created_and_the_server_serves(
    tmp_path: Path, call: Call
) -> None:
    db = tmp_path / "not" / "yet" / "there" / "memory.db"
    params = StdioServerParameters(
        command=str(CONSOLE_SCRIPT), args=["--db", str(db)], env={**FAST, "HOME": str(tmp_path)}
    )
    with anyio.fail_after(60):
        async with Client(params) as client:
            assert client.server_info.version == metadata.version("worlddb")
            await call(client, "memory_write", {"text": "the folder appeared", "scopes": ALICE})
    assert db.is_file()


def test_print_config_fills_in_absolute_paths_and_creates_nothing(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(CONSOLE_SCRIPT), "--print-config", "--db", "rel/memory.db"],
        cwd=tmp_path,
        env={"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    entry = json.loads(done.stdout)["mcpServers"]["worlddb"]
    assert entry["command"] == str(CONSOLE_SCRIPT)
    assert entry["env"] == {"WORLDDB_DB": str(tmp_path / "rel" / "memory.db")}
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no folder, no database
    default = subprocess.run(
        [str(CONSOLE_SCRIPT), "--print-config"],
        env={"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    shown = json.loads(default.stdout)["mcpServers"]["worlddb"]["env"]["WORLDDB_DB"]
    assert shown == str(tmp_path / "home" / ".local" / "share" / "worlddb" / "worlddb.db")
    assert not (tmp_path / "home").exists()


def test_print_config_for_http_carries_the_url_and_the_token() -> None:
    token = "t" * 40
    done = subprocess.run(
        [str(CONSOLE_SCRIPT), "--print-config", "--transport", "http", "--port", "9911"],
        env={"WORLDDB_TOKEN": token, "PATH": "/usr/bin:/bin", "HOME": "/nonexistent"},
        capture_output=True,
        text=True,
        check=True,
    )
    entry = json.loads(done.stdout)["mcpServers"]["worlddb"]
    assert entry == {
        "type": "http",
        "url": "http://127.0.0.1:9911/mcp",
        "headers": {"Authorization": f"Bearer {token}"},
    }


def test_new_token_prints_a_fresh_token_the_server_accepts() -> None:
    def new() -> str:
        return subprocess.run(
            [str(CONSOLE_SCRIPT), "--new-token"], capture_output=True, text=True, check=True
        ).stdout.strip()

    first, second = new(), new()
    assert first != second and len(first) >= 40 and " " not in first
    registry = load_tokens(env={"WORLDDB_TOKEN": first})
    assert registry.lookup(first) is not None


async def test_version_descriptions_retire_reasons_and_own_outdated_facts(
    client: Client, call: Call, fail: Fail
) -> None:
    assert client.server_info.version == metadata.version("worlddb")
    for tool in (await client.list_tools()).tools:
        description = tool.description or ""
        assert description and not any(line[:1].isspace() for line in description.splitlines())
    note = await call(client, "memory_write", {"text": "the shed is blue", "scopes": ALICE})
    first = await call(client, "memory_retire", {"id": note["id"]})
    assert first["retired"] and first["note"] is None
    again = await call(client, "memory_retire", {"id": note["short_id"]})
    assert not again["retired"]
    assert again["note"] == f"already retired at {first['valid_to']}; nothing changed"
    old = await call(client, "memory_write", {"text": "the door is red", "scopes": ALICE})
    new = await call(client, "memory_amend", {"id": old["id"], "text": "the door is green"})
    amended = await call(client, "memory_retire", {"id": old["id"]})
    assert amended["note"].startswith(f"already superseded by {new['short_id']} at ")
    message = await fail(client, "memory_recall", {"query": "door", "scopes": {}})
    assert (
        message == "memory_recall: scopes: give at least one of user_id, agent_id, app_id, run_id"
    )


async def test_a_back_dated_fact_is_reported_as_outdated_not_as_superseded(
    client: Client, call: Call
) -> None:
    def write(text: str, city: str, when: str) -> dict[str, Any]:
        fact = {"text": text, "subject": "alice", "attribute": "lives_in", "value": city}
        return {"text": text, "scopes": ALICE, "occurred_at": when, "facts": [fact]}

    denver = await call(
        client, "memory_write", write("Alice lives in Denver", "Denver", "2024-06-01")
    )
    chicago = await call(
        client, "memory_write", write("Alice lives in Chicago", "Chicago", "2024-02-01")
    )
    assert denver["facts"] and chicago["facts"]
    assert chicago["superseded"] == []  # it replaced nothing ...
    assert chicago["outdated_on_arrival"] == chicago["facts"]  # ... Denver already replaces it
    boston = await call(
        client, "memory_write", write("Alice lives in Boston", "Boston", "2024-09-01")
    )
    assert boston["superseded"] == denver["facts"] and boston["outdated_on_arrival"] == []


async def _memory_over_stdio(tmp_path: Path) -> tuple[dict[str, Any], Any, Any]:
    params = StdioServerParameters(
        command=str(CONSOLE_SCRIPT), args=["--db", str(tmp_path / "r.db")], env=FAST
    )
    async with Client(params) as client:
        written = await client.call_tool(
            "memory_write", {"text": "Alice's bike is in the blue shed", "scopes": ALICE}
        )
        memory = dict(written.structured_content or {})
        templates = await client.list_resource_templates()
        read = await client.read_resource(f"worlddb://world/{memory['short_id']}")
        prompt = await client.get_prompt("memory_context", {"user_id": "alice", "topic": "bike"})
        newest = await client.get_prompt("memory_context", {"user_id": "alice"})
        with pytest.raises(MCPError, match="no world matches"):
            await client.read_resource("worlddb://world/0123456789ab")
        with pytest.raises(MCPError, match="give at least one of user_id"):
            await client.get_prompt("memory_context", {})
    uris = [t.uri_template for t in templates.resource_templates]
    return memory, (uris, read), (prompt, newest)


async def test_memory_resource_and_context_prompt_over_stdio(tmp_path: Path) -> None:
    with anyio.fail_after(60):
        memory, (uris, read), (prompt, newest) = await _memory_over_stdio(tmp_path)
    assert uris == ["worlddb://world/{id}"]
    body = json.loads(read.contents[0].text)
    assert body["id"] == memory["id"] and body["text"] == "Alice's bike is in the blue shed"
    text = prompt.messages[0].content.text
    assert "blue shed" in text and "user_id=alice" in text
    assert "blue shed" in newest.messages[0].content.text


async def test_a_bound_token_reads_no_other_scope_through_the_resource_or_prompt(
    mem_db: WorldDB,
) -> None:
    bob = mem_db.remember("Bob's locker code is 4312", scopes=BOB)
    alice = mem_db.remember("Alice likes tea", scopes=ALICE)
    registry = TokenRegistry(
        load_tokens(env={"WORLDDB_TOKEN": "alice-token-0123456789 user_id=alice"}).tokens
    )
    with serving_http(mem_db, registry) as url, anyio.fail_after(30):
        async with http_client(url, "alice-token-0123456789") as client:
            mine = await client.read_resource(f"worlddb://world/{alice.id}")
            assert "tea" in mine.contents[0].text
            with pytest.raises(MCPError, match="no world matches"):
                await client.read_resource(f"worlddb://world/{bob.id}")
            with pytest.raises(MCPError, match=r"user_id"):
                await client.get_prompt("memory_context", {"user_id": "bob"})
            own = await client.get_prompt("memory_context", {"user_id": "alice"})
            assert "tea" in own.messages[0].content.text and "4312" not in str(own)


def test_the_config_falls_back_to_python_m_when_there_is_no_console_script(
    tmp_path: Path,
) -> None:
    from worlddb_mcp.config import server_command

    python = tmp_path / "bin" / "python3"
    python.parent.mkdir()
    python.touch()
    assert server_command(str(python)) == [str(python), "-m", "worlddb_mcp"]
    (python.parent / "worlddb-mcp").touch()
    assert server_command(str(python)) == [str(python.parent / "worlddb-mcp")]


def test_worlddb_serve_forwards_print_config(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            str(CONSOLE_SCRIPT.with_name("worlddb")),
            "--db",
            str(tmp_path / "m.db"),
            "serve",
            "--print-config",
        ],
        env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    entry = json.loads(done.stdout)["mcpServers"]["worlddb"]
    assert entry["env"]["WORLDDB_DB"] == str(tmp_path / "m.db")
