"""Token files, grants and the loopback rule, without a network."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from worlddb_mcp import HttpOptions, create_server, http_app, load_tokens
from worlddb_mcp.__main__ import serve_command
from worlddb_mcp.app import is_loopback
from worlddb_mcp.auth import Grant, StaticTokenVerifier, parse_token_line

from worlddb.errors import ScopeError, ValidationError
from worlddb.testing import HashEmbedder

TOKEN = "t0k3n-for-tests-0123456789"


def test_a_token_line_binds_scopes_and_values_of_one_kind_are_alternatives() -> None:
    parsed = parse_token_line(f"{TOKEN} user_id=alice user_id=carol agent_id=planner")
    assert parsed is not None
    token, grant = parsed
    assert token == TOKEN
    grant.check_request({"user_id": "carol", "agent_id": "planner", "run_id": "r1"})
    with pytest.raises(ScopeError):
        grant.check_request({"user_id": "bob", "agent_id": "planner"})
    with pytest.raises(ScopeError):
        grant.check_request({"user_id": "alice"})  # agent_id is constrained too


def test_a_bound_grant_refuses_requests_that_omit_its_kind() -> None:
    grant = Grant({"user_id": frozenset({"alice"})})
    with pytest.raises(ScopeError) as caught:
        grant.check_request({"run_id": "r1"})
    assert "scopes.user_id" in str(caught.value)


def test_memberships_and_single_scopes_are_checked_against_the_grant() -> None:
    grant = Grant({"user_id": frozenset({"alice"})})
    assert grant.permits_memberships({"user_id": {"alice", "bob"}})
    assert not grant.permits_memberships({"user_id": {"bob"}, "run_id": {"r"}})
    assert grant.permits_scope("user_id", "alice")
    assert not grant.permits_scope("run_id", "r")
    assert Grant().permits_scope("run_id", "r")


def test_blank_and_comment_lines_are_skipped_and_bad_lines_refused() -> None:
    assert parse_token_line("   ") is None
    assert parse_token_line("# a comment") is None
    with pytest.raises(ValidationError):
        parse_token_line("short")
    with pytest.raises(ValidationError):
        parse_token_line(f"{TOKEN} user=alice")
    with pytest.raises(ValidationError):
        parse_token_line(f"{TOKEN} user_id=")


def test_tokens_come_from_the_environment_and_the_file(tmp_path: Path) -> None:
    path = tmp_path / "tokens"
    path.write_text(f"# tokens\n{TOKEN}-b user_id=bob\n\n", encoding="utf-8")
    registry = load_tokens(token_file=path, env={"WORLDDB_TOKEN": TOKEN})
    assert registry.lookup(TOKEN) == Grant()
    assert registry.lookup(f"{TOKEN}-b") == Grant({"user_id": frozenset({"bob"})})
    assert registry.lookup("wrong-token-wrong-token") is None
    assert not load_tokens(env={})
    with pytest.raises(ValidationError):
        load_tokens(token_file=tmp_path / "missing", env={})


@pytest.mark.anyio
async def test_the_verifier_carries_the_grant_and_hides_the_token() -> None:
    registry = load_tokens(env={"WORLDDB_TOKEN": f"{TOKEN} user_id=alice"})
    access = await StaticTokenVerifier(registry).verify_token(TOKEN)
    assert access is not None
    assert TOKEN not in access.client_id
    assert Grant.from_claim((access.claims or {})["worlddb_scopes"]) == Grant(
        {"user_id": frozenset({"alice"})}
    )
    assert await StaticTokenVerifier(registry).verify_token(TOKEN + "x") is None


def test_loopback_hosts_are_recognised() -> None:
    assert all(is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "[::1]", "127.1.2.3"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "192.168.1.5", "example.com", "::"))


def test_http_refuses_a_public_address_without_a_token() -> None:
    server = create_server(path=":memory:", embedder=HashEmbedder(), extractor=None)
    with pytest.raises(ValidationError):
        http_app(server, HttpOptions(host="0.0.0.0"), None)
    registry = load_tokens(env={"WORLDDB_TOKEN": TOKEN})
    assert (
        http_app(
            create_server(path=":memory:", tokens=registry), HttpOptions(host="0.0.0.0"), registry
        )
        is not None
    )


def test_the_command_exits_1_with_a_message_for_a_public_address_without_token(
    tmp_path: Path,
) -> None:
    result = CliRunner().invoke(
        serve_command,
        [
            "--db",
            str(tmp_path / "x.db"),
            "--transport",
            "http",
            "--host",
            "0.0.0.0",
            "--embedder",
            "hash",
            "--extractor",
            "none",
        ],
        env={"WORLDDB_TOKEN": None, "WORLDDB_TOKEN_FILE": None},
    )
    assert result.exit_code == 1
    assert "without a token" in result.output


@pytest.mark.parametrize("blank", ["", "   ", "\t\n", "# only a comment"])
def test_a_blank_worlddb_token_is_refused_not_read_as_no_auth(blank: str) -> None:
    with pytest.raises(ValidationError) as caught:
        load_tokens(env={"WORLDDB_TOKEN": blank})
    assert "WORLDDB_TOKEN" in str(caught.value)


def test_a_token_file_without_tokens_or_with_a_tokenless_line_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.write_text("# nothing yet\n\n   \n", encoding="utf-8")
    with pytest.raises(ValidationError, match="holds no tokens"):
        load_tokens(token_file=empty, env={})
    with pytest.raises(ValidationError, match="holds no tokens"):
        load_tokens(env={"WORLDDB_TOKEN_FILE": str(empty)})
    with pytest.raises(ValidationError, match="path is empty"):
        load_tokens(env={"WORLDDB_TOKEN_FILE": "  "})
    bindings_only = tmp_path / "bindings"
    bindings_only.write_text("user_id=alice-with-a-long-name\n", encoding="utf-8")
    with pytest.raises(ValidationError, match="no token before it"):
        load_tokens(token_file=bindings_only, env={})


@pytest.mark.parametrize(
    ("extra_env", "expected"),
    [
        ({"WORLDDB_TOKEN": ""}, "WORLDDB_TOKEN is set but holds no token"),
        ({"WORLDDB_TOKEN": "   "}, "WORLDDB_TOKEN is set but holds no token"),
        ({"WORLDDB_TOKEN_FILE": ""}, "token file path is empty"),
    ],
)
def test_the_installed_server_refuses_to_start_with_a_blank_token(
    tmp_path: Path, extra_env: dict[str, str], expected: str
) -> None:
    script = Path(sys.executable).with_name("worlddb-mcp")
    env = {k: v for k, v in os.environ.items() if k not in ("WORLDDB_TOKEN", "WORLDDB_TOKEN_FILE")}
    env.update(extra_env)
    proc = subprocess.run(
        [str(script), "--transport", "http", "--port", "0", "--db", str(tmp_path / "x.db")],
        env={**env, "WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "none"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and expected in lines[0]
    assert "auth: none" not in proc.stderr
    assert not (tmp_path / "x.db").exists()
