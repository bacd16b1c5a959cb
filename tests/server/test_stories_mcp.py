"""The dated stories of ``tests/stories.py`` through the MCP tools, with the offline defaults.

The SDK's own client talks to the server in process: ``memory_write`` with ``occurred_at`` for
each dated note, ``memory_retire`` / ``memory_amend`` for corrections, ``memory_recall`` with
``as_of`` for each question. Hits are checked like the Python API's, and the ``context`` block
the model reads must carry the same labels (``OUTDATED``, ``UNTRUSTED``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from mcp.client import Client
from worlddb_mcp import create_server

from tests.server.conftest import Call
from tests.stories import (
    PARAMS,
    Amend,
    Ask,
    Observed,
    Retire,
    Say,
    Story,
    context_mismatches,
    mismatches,
)
from worlddb import WorldDB

pytestmark = pytest.mark.anyio


@pytest.fixture
def default_db() -> Iterator[WorldDB]:
    """A throwaway store with the bundled embedder and the offline extractor."""
    with WorldDB.open(":memory:") as opened:
        yield opened


def _scopes(who: str) -> dict[str, str]:
    return {"user_id": who}


async def _ask(client: Client, call: Call, ask: Ask) -> list[str]:
    args: dict[str, Any] = {"query": ask.question, "scopes": _scopes(ask.who), "limit": 5}
    if ask.at is not None:
        args["as_of"] = ask.at
    result = await call(client, "memory_recall", args)
    hits = [
        Observed(h["text"], h["status"], h["untrusted"], bool(h["conflicts"]))
        for h in result["hits"]
    ]
    return mismatches(ask, hits) + context_mismatches(ask, result["context"])


@pytest.mark.parametrize("story", PARAMS)
async def test_story_through_the_mcp_tools(story: Story, default_db: WorldDB, call: Call) -> None:
    async with Client(create_server(default_db)) as client:
        named: dict[str, str] = {}
        for step in story.steps:
            if isinstance(step, Say):
                args = {"text": step.text, "scopes": _scopes(step.who), "occurred_at": step.day}
                written = await call(client, "memory_write", args)
                if step.key is not None:
                    named[step.key] = written["id"]
            elif isinstance(step, Retire):
                retired = await call(client, "memory_retire", {"id": named[step.key]})
                assert retired["retired"]
            elif isinstance(step, Amend):
                amended = await call(
                    client, "memory_amend", {"id": named[step.key], "text": step.text}
                )
                named[step.key] = amended["id"]
        problems = [line for ask in story.asks for line in await _ask(client, call, ask)]
    assert not problems, "\n".join(problems)
