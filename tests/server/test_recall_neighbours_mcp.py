"""``memory_recall`` with ``neighbours``: a turn hit with the turns beside it, over the SDK's
own in-process client."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from mcp.client import Client

from worlddb import Message
from worlddb.engine import WorldDB

pytestmark = pytest.mark.anyio

Call = Callable[[Client, str, dict[str, Any]], Awaitable[dict[str, Any]]]
ALICE = {"user_id": "alice"}


async def test_a_turn_hit_comes_with_the_reply_beside_it(
    mem_db: WorldDB, client: Client, call: Call
) -> None:
    session = mem_db.ingest_session(
        [
            Message("assistant", "Which novel did you enjoy most this year?"),
            Message("user", "Probably The Left Hand of Darkness, I loved it."),
        ],
        occurred_at="2024-06-01",
        scopes=ALICE,
    )
    asked, answer = session.turns
    args = {"query": "which novel did I enjoy most", "scopes": ALICE}
    plain = await call(client, "memory_recall", args)
    assert all(hit["neighbours"] is None for hit in plain["hits"])
    found = await call(client, "memory_recall", {**args, "neighbours": True})
    hit = next(h for h in found["hits"] if h["id"] == asked)
    assert hit["neighbours"] == [
        {
            "id": answer,
            "speaker": "user",
            "text": "Probably The Left Hand of Darkness, I loved it.",
            "offset": 1,
            "untrusted": False,
        }
    ]
    other = await call(client, "memory_recall", {**args, "scopes": {"user_id": "bob"}})
    assert other["hits"] == []
