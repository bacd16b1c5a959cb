"""``worlddb --db postgresql://...``: the CLI opens PostgreSQL by URL (the path is not a file)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.test_cli import ENV
from worlddb.cli import cli


def test_the_cli_writes_recalls_and_verifies_on_postgres(pg_url: str) -> None:
    def run(*args: str) -> object:
        result = CliRunner().invoke(cli, ["--db", pg_url, *args], env=ENV, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    assert run("init", "--json")["path"] == pg_url  # type: ignore[index]
    written = run("write", "Maya moved to Porto in 2022", "--user-id", "maya", "--json")
    found = run("recall", "where did Maya move", "--user-id", "maya", "--json")
    assert found["hits"][0]["id"] == written["id"]  # type: ignore[index]
    assert run("verify", "--json") == {"ok": True, "problems": []}
