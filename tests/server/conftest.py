"""Fixtures for the MCP server tests: an in-memory engine with the hash embedder, a client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from mcp.client import Client
from worlddb_mcp import create_server

from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__: list[str] = []

Call = Callable[[Client, str, dict[str, Any]], Awaitable[dict[str, Any]]]
Fail = Callable[[Client, str, dict[str, Any]], Awaitable[str]]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def mem_db() -> Iterator[WorldDB]:
    """An in-memory store with the deterministic hash embedder and no extractor."""
    store = WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
async def client(mem_db: WorldDB) -> AsyncIterator[Client]:
    """An SDK client connected in-process to a server around ``mem_db``."""
    async with Client(create_server(mem_db)) as connected:
        yield connected


async def _call(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Call ``tool`` and return its structured result, failing the test on an error result."""
    result = await client.call_tool(tool, arguments)
    text = result.content[0].text if result.content else ""  # type: ignore[union-attr]
    assert not result.is_error, f"{tool} failed: {text}"
    assert isinstance(result.structured_content, dict)
    return dict(result.structured_content)


async def _fail(client: Client, tool: str, arguments: dict[str, Any]) -> str:
    """Call ``tool`` expecting an error result; return its message."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error, f"{tool} unexpectedly succeeded: {result.structured_content}"
    return result.content[0].text  # type: ignore[union-attr]


@pytest.fixture
def call() -> Call:
    """``await call(client, tool, args)``: the structured result; an error result fails."""
    return _call


@pytest.fixture
def fail() -> Fail:
    """``await fail(client, tool, args)``: the error message; a success fails."""
    return _fail
