"""The consolidator from the MCP server: ``memory_recall(include_summaries=True)`` and the
background schedule (``--consolidate-every``), through a real SDK client in process."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import anyio
import pytest
from mcp.client import Client
from worlddb_mcp import create_server

from worlddb import WorldDB
from worlddb.bench.consolidate_scenarios import DAY_US, T0, rich_scenario
from worlddb.consolidate import Consolidator, live_summary
from worlddb.consolidate.schedule import ConsolidationSchedule, parse_every, split_names
from worlddb.errors import ValidationError
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.scopes import entity_salt
from worlddb.testing import HashEmbedder

ALICE = {"user_id": "alice"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def hashed() -> Iterator[WorldDB]:
    db = WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None)
    db.recluster_budget_s = 0
    try:
        yield db
    finally:
        db.close()


def _note(db: WorldDB, user: str, text: str, names: list[str], at: int) -> None:
    scope = scope_world("user_id", user)
    ents = [
        WorldSpec(type="Entity", name=n, created_at=entity_salt({"user_id": user})) for n in names
    ]
    note = WorldSpec(type="Note", name=f"user_id={user}", content=text, created_at=at)
    fact = WorldSpec(type="Fact", name=f"user_id={user}", content=text, created_at=at)
    fid = world_id(fact)
    edges = [EdgeSpec("derived_from", fid, world_id(note))]
    edges += [EdgeSpec("refers_to", fid, world_id(e)) for e in ents]
    edges += [EdgeSpec("contains", world_id(scope), world_id(w)) for w in (note, fact, *ents)]
    db.write(Changeset(worlds=(scope, note, fact, *ents), edges=tuple(edges)))


async def _recall(client: Client, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool("memory_recall", args)
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return dict(result.structured_content)


@pytest.mark.anyio
async def test_recall_returns_community_summaries_when_asked(hashed: WorldDB) -> None:
    for i, (text, names) in enumerate(
        (
            ("Fitness: gym with Coach Mike.", ["gym", "Coach Mike"]),
            ("Fitness: marathon training at the gym.", ["marathon", "gym"]),
            ("Work: quarterly report for Acme.", ["quarterly report", "Acme"]),
            ("Work: Acme budget review.", ["Acme", "budget review"]),
        )
    ):
        _note(hashed, "alice", text, names, T0 + i * DAY_US)
    _note(hashed, "bob", "Fitness: gym with Coach Mike.", ["gym", "Coach Mike"], T0)
    _note(hashed, "bob", "Fitness: gym and yoga.", ["gym", "yoga"], T0 + DAY_US)
    Consolidator(hashed).run()
    async with Client(create_server(hashed)) as client:
        plain = await _recall(client, {"query": "fitness gym", "scopes": ALICE})
        assert plain["summaries"] is None
        assert all(h["type"] not in {"Community", "Summary"} for h in plain["hits"])
        asked = await _recall(
            client, {"query": "fitness gym", "scopes": ALICE, "include_summaries": True}
        )
    summaries = asked["summaries"]
    assert summaries and summaries[0]["type"] == "Community"
    assert "gym" in summaries[0]["text"].lower()
    assert all(s["scopes"] == ["user_id=alice"] for s in summaries)  # never bob's
    assert asked["hits"] == plain["hits"]  # the hits themselves are unchanged


@pytest.mark.anyio
async def test_the_server_consolidates_on_a_schedule(hashed: WorldDB) -> None:
    handles = rich_scenario(hashed)
    server = create_server(hashed, consolidate_every_s=0.1, functional=["blood_type"])
    async with Client(server) as client:
        deadline = time.monotonic() + 30
        while live_summary(hashed.store, handles["session0"]) is None or not hashed.edges(
            handles["blood1"], types=["contradicts"]
        ):
            assert time.monotonic() < deadline, "no scheduled consolidation within 30 s"
            await anyio.sleep(0.05)
        tools = await client.list_tools()
        assert any(t.name == "memory_recall" for t in tools.tools)
    assert hashed.verify() == []


def test_schedule_logs_failures_and_keeps_running() -> None:
    calls: list[int] = []

    def flaky() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("first run fails")

    schedule = ConsolidationSchedule(flaky, 0.01).start()
    deadline = time.monotonic() + 10
    while len(calls) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    schedule.stop()
    assert len(calls) >= 3 and schedule.errors == 1


def test_parse_every() -> None:
    assert parse_every("90") == 90.0
    assert parse_every("10m") == 600.0
    assert parse_every("2h") == 7200.0
    assert parse_every("1.5d") == 129_600.0
    assert parse_every("off") is None and parse_every("0") is None and parse_every("") is None
    with pytest.raises(ValidationError, match="duration"):
        parse_every("ten minutes")
    assert split_names(("summaries,inferred", " communities ")) == [
        "summaries",
        "inferred",
        "communities",
    ]
    assert split_names(()) is None
