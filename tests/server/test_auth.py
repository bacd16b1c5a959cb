"""Token files, grants and the loopback rule, without a network."""

from __future__ import annotations

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
        env={"WORLDDB_TOKEN": ""},
    )
    assert result.exit_code == 1
    assert "without a token" in result.output
