"""Over the MCP SDK: a recall answers while another client's write is parked in its transaction.

The write's entity goes to a resolver that blocks inside ``BEGIN IMMEDIATE`` until released, so
the write is provably in flight; a second client's ``memory_recall`` must return meanwhile (the
server runs tools on worker threads and reads never wait on the write lock or transaction).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import pytest
from mcp.client import Client
from worlddb_mcp import create_server

from worlddb.engine import WorldDB
from worlddb.model import Resolution, WorldSpec
from worlddb.testing import HashEmbedder

pytestmark = pytest.mark.anyio

PATIENCE_S = 30.0  # a deadlock guard, not a speed target
SCOPES = {"user_id": "alice"}


class ParkingResolver:
    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def resolve(self, spec: WorldSpec, /) -> Resolution:
        self.entered.set()
        if not self.release.wait(PATIENCE_S):
            raise TimeoutError("the test never released the writer")
        return Resolution("new")


async def test_a_recall_returns_while_another_clients_write_is_inside_its_transaction(
    tmp_path: Path,
) -> None:
    resolver = ParkingResolver()
    db = WorldDB.open(tmp_path / "w.db", embedder=HashEmbedder(), extractor=None, resolver=resolver)
    try:
        db.remember("the zeppelin hangar is in Friedrichshafen", scopes=SCOPES)
        server = create_server(db)
        written: list[dict[str, Any]] = []
        async with Client(server) as writer, Client(server) as reader:

            async def write() -> None:
                result = await writer.call_tool(
                    "memory_write",
                    {
                        "text": "Quentin Okafor runs the quokka sanctuary",
                        "scopes": SCOPES,
                        "entities": [{"name": "Quentin Okafor", "type": "Person"}],
                    },
                )
                assert not result.is_error
                written.append(dict(result.structured_content or {}))

            async with anyio.create_task_group() as group:
                group.start_soon(write)
                assert await anyio.to_thread.run_sync(resolver.entered.wait, PATIENCE_S)
                with anyio.fail_after(PATIENCE_S):
                    found = await reader.call_tool(
                        "memory_recall", {"query": "zeppelin hangar", "scopes": SCOPES}
                    )
                assert not written and not resolver.release.is_set()  # still parked
                assert not found.is_error
                texts = [h["text"] for h in (found.structured_content or {})["hits"]]
                assert any("zeppelin" in t for t in texts)
                assert not any("quokka" in t for t in texts)  # uncommitted: not visible
                resolver.release.set()
            assert written
    finally:
        resolver.release.set()
        db.close()
