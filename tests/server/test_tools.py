"""Every tool through the SDK's in-memory client: what it returns and what it refuses."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client
from worlddb_mcp import create_server

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.hashing import world_id
from worlddb.model import WorldSpec
from worlddb.scopes import note_label
from worlddb.testing import HashEmbedder
from worlddb.timeutil import parse_time

pytestmark = pytest.mark.anyio

Call = Callable[[Client, str, dict[str, Any]], Awaitable[dict[str, Any]]]
Fail = Callable[[Client, str, dict[str, Any]], Awaitable[str]]

TOOL_NAMES = {
    "memory_write",
    "memory_recall",
    "memory_list",
    "memory_read",
    "memory_amend",
    "memory_retire",
    "memory_retire_all",
    "memory_purge_scope",
    "memory_list_scopes",
}
ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}


async def test_the_server_lists_exactly_the_nine_tools_with_described_strict_inputs(
    client: Client,
) -> None:
    tools = (await client.list_tools()).tools
    assert {t.name for t in tools} == TOOL_NAMES
    for tool in tools:
        schema = tool.input_schema
        assert schema.get("additionalProperties") is False, tool.name
        assert tool.output_schema is not None, tool.name
        assert tool.description, tool.name
        for name, prop in schema.get("properties", {}).items():
            assert prop.get("description"), f"{tool.name}.{name} has no description"


async def test_write_then_read_by_short_id_returns_the_text_and_scope(
    client: Client, call: Call
) -> None:
    written = await call(
        client,
        "memory_write",
        {"text": "Alice's sister lives in Lisbon", "scopes": ALICE, "metadata": {"source": "chat"}},
    )
    assert written["created"] is True
    assert written["id"].startswith(written["short_id"])

    read = await call(client, "memory_read", {"id": written["short_id"]})
    assert read["id"] == written["id"]
    assert read["text"] == "Alice's sister lives in Lisbon"
    assert read["scopes"] == ["user_id=alice"]
    assert read["retired"] is False
    assert "meta:source=chat" in read["provenance"]
    assert [h["id"] for h in read["history"]] == [written["id"]]


async def test_writing_the_same_text_at_the_same_time_is_idempotent(
    client: Client, call: Call
) -> None:
    args = {"text": "same words", "scopes": ALICE, "occurred_at": "2024-03-01T09:00:00Z"}
    first = await call(client, "memory_write", args)
    second = await call(client, "memory_write", args)
    assert second["id"] == first["id"]
    assert second["created"] is False


async def test_write_resolves_given_entities_and_reports_their_tier(
    client: Client, call: Call
) -> None:
    first = await call(
        client,
        "memory_write",
        {
            "text": "Met Sarah Chen at the conference",
            "scopes": ALICE,
            "entities": [{"name": "Sarah Chen", "type": "Person"}],
        },
    )
    again = await call(
        client,
        "memory_write",
        {
            "text": "Sarah Chen sent the slides",
            "scopes": ALICE,
            "entities": [{"name": "sarah chen", "type": "Person"}],
        },
    )
    [(name, eid, tier)] = [(e["name"], e["id"], e["tier"]) for e in again["entities"]]
    assert eid == first["entities"][0]["id"]
    assert tier != "new"
    assert name.lower() == "sarah chen"


async def test_write_with_facts_stores_fact_worlds_the_read_can_reach(
    client: Client, call: Call
) -> None:
    written = await call(
        client,
        "memory_write",
        {
            "text": "I moved to Denver in May",
            "scopes": ALICE,
            "facts": [
                {
                    "text": "The user lives in Denver",
                    "entities": ["Denver"],
                    "valid_from": "2024-05-01T00:00:00Z",
                    "subject": "user",
                    "attribute": "lives_in",
                    "value": "Denver",
                }
            ],
        },
    )
    [fact_id] = written["facts"]
    fact = await call(client, "memory_read", {"id": fact_id})
    assert fact["type"] == "Fact"
    assert fact["valid_from"] == "2024-05-01T00:00:00Z"
    assert {e["type"] for e in fact["edges"]} >= {"derived_from", "refers_to"}


async def test_recall_finds_the_memory_and_bounds_its_context(client: Client, call: Call) -> None:
    await call(
        client, "memory_write", {"text": "Alice prefers green tea in the morning", "scopes": ALICE}
    )
    await call(
        client,
        "memory_write",
        {"text": "The quarterly budget review is on Friday", "scopes": ALICE},
    )
    result = await call(
        client,
        "memory_recall",
        {"query": "what tea does alice like", "scopes": ALICE, "explain": True},
    )
    top = result["hits"][0]
    assert "green tea" in top["text"]
    assert top["ranks"] and all(rank >= 1 for rank in top["ranks"].values())
    assert top["scopes"] == ["user_id=alice"]
    assert top["provenance"] is not None
    assert "green tea" in result["context"]
    assert len(result["context"]) <= 4000


async def test_recall_never_crosses_scopes(client: Client, call: Call) -> None:
    await call(
        client, "memory_write", {"text": "bob's secret password hint is tulip", "scopes": BOB}
    )
    await call(client, "memory_write", {"text": "alice has a garden", "scopes": ALICE})
    result = await call(
        client, "memory_recall", {"query": "secret password tulip", "scopes": ALICE}
    )
    assert all("tulip" not in hit["text"] for hit in result["hits"])
    assert "tulip" not in result["context"]


async def test_recall_as_of_sees_the_version_true_then(client: Client, call: Call) -> None:
    old = await call(
        client,
        "memory_write",
        {"text": "Alice works at Acme", "scopes": ALICE, "occurred_at": "2020-01-01T00:00:00Z"},
    )
    await call(client, "memory_amend", {"id": old["id"], "text": "Alice works at Globex"})
    now = await call(client, "memory_recall", {"query": "where does alice work", "scopes": ALICE})
    assert [h["text"] for h in now["hits"]][:1] == ["Alice works at Globex"]
    then = await call(
        client,
        "memory_recall",
        {"query": "where does alice work", "scopes": ALICE, "as_of": "2021-01-01T00:00:00Z"},
    )
    assert "Alice works at Acme" in [h["text"] for h in then["hits"]]
    assert "Alice works at Globex" not in [h["text"] for h in then["hits"]]
    assert then["as_of"] == "2021-01-01T00:00:00Z"


async def test_list_pages_through_every_memory_with_a_cursor(client: Client, call: Call) -> None:
    written = [
        (await call(client, "memory_write", {"text": f"note number {i}", "scopes": ALICE}))["id"]
        for i in range(5)
    ]
    await call(client, "memory_write", {"text": "not alice's", "scopes": BOB})
    seen: list[str] = []
    cursor = None
    for _ in range(5):
        page = await call(
            client,
            "memory_list",
            {"scopes": ALICE, "limit": 2, **({"cursor": cursor} if cursor else {})},
        )
        assert len(page["items"]) <= 2
        seen += [item["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == written


async def test_list_refuses_a_cursor_it_did_not_issue(client: Client, fail: Fail) -> None:
    message = await fail(client, "memory_list", {"scopes": ALICE, "cursor": "abc"})
    assert "cursor" in message


async def test_read_of_an_ambiguous_prefix_lists_the_candidates(
    client: Client, call: Call, fail: Fail
) -> None:
    """The two texts were found by search to share an 8-character id prefix."""
    when = "2024-01-01T00:00:00Z"
    texts = ["prefix probe 6779", "prefix probe 60545"]
    name = note_label(ALICE)  # a note's id depends on its scopes
    ids = [
        world_id(WorldSpec(type="Note", name=name, content=t, created_at=parse_time(when) or 0))
        for t in texts
    ]
    assert ids[0][:8] == ids[1][:8] and ids[0] != ids[1]
    for text in texts:
        await call(client, "memory_write", {"text": text, "scopes": ALICE, "occurred_at": when})
    message = await fail(client, "memory_read", {"id": ids[0][:8]})
    assert "ambiguous" in message
    assert ids[0][:16] in message and ids[1][:16] in message
    assert (await call(client, "memory_read", {"id": ids[1][:20]}))["id"] == ids[1]


async def test_read_of_an_unknown_id_says_how_to_find_ids(client: Client, fail: Fail) -> None:
    message = await fail(client, "memory_read", {"id": "0" * 64})
    assert "memory_list" in message


async def test_amend_supersedes_the_old_memory_and_keeps_history(
    client: Client, call: Call
) -> None:
    old = await call(client, "memory_write", {"text": "Alice lives in Paris", "scopes": ALICE})
    new = await call(
        client, "memory_amend", {"id": old["short_id"], "text": "Alice lives in Berlin"}
    )
    assert new["supersedes"] == old["id"]
    assert old["id"] in new["superseded"]
    read_old = await call(client, "memory_read", {"id": old["id"]})
    assert read_old["retired"] is True
    read_new = await call(client, "memory_read", {"id": new["id"]})
    assert read_new["scopes"] == ["user_id=alice"]
    assert [h["id"] for h in read_new["history"]] == [old["id"], new["id"]]
    listed = await call(client, "memory_list", {"scopes": ALICE})
    assert [i["id"] for i in listed["items"]] == [new["id"]]


async def test_retire_is_idempotent_and_hides_the_memory(client: Client, call: Call) -> None:
    written = await call(client, "memory_write", {"text": "temporary note", "scopes": ALICE})
    first = await call(client, "memory_retire", {"id": written["id"]})
    second = await call(client, "memory_retire", {"id": written["id"]})
    assert first["retired"] is True and first["valid_to"] is not None
    assert second["retired"] is False
    assert (await call(client, "memory_list", {"scopes": ALICE}))["items"] == []
    everything = await call(client, "memory_list", {"scopes": ALICE, "include_retired": True})
    assert [i["id"] for i in everything["items"]] == [written["id"]]


async def test_retire_all_counts_only_the_scope_it_names(client: Client, call: Call) -> None:
    for i in range(3):
        await call(client, "memory_write", {"text": f"alice {i}", "scopes": ALICE})
    await call(client, "memory_write", {"text": "bob 0", "scopes": BOB})
    assert (await call(client, "memory_retire_all", {"scopes": ALICE}))["count"] == 3
    assert (await call(client, "memory_retire_all", {"scopes": ALICE}))["count"] == 0
    assert len((await call(client, "memory_list", {"scopes": BOB}))["items"]) == 1


async def test_purge_needs_the_matching_confirmation_and_changes_nothing_without_it(
    client: Client, mem_db: WorldDB, call: Call, fail: Fail
) -> None:
    await call(client, "memory_write", {"text": "alice's diary", "scopes": ALICE})
    before = mem_db.store.counts()
    message = await fail(
        client, "memory_purge_scope", {"scope": ALICE, "confirm": "bob", "erase": True}
    )
    assert "confirm" in message
    assert mem_db.store.counts() == before


async def test_purge_with_erase_deletes_the_scope_but_keeps_what_another_scope_holds(
    client: Client, mem_db: WorldDB, call: Call
) -> None:
    private = await call(client, "memory_write", {"text": "alice only", "scopes": ALICE})
    shared = await call(
        client,
        "memory_write",
        {"text": "alice and the planner", "scopes": {**ALICE, "agent_id": "planner"}},
    )
    result = await call(
        client, "memory_purge_scope", {"scope": ALICE, "confirm": "alice", "erase": True}
    )
    assert result == {
        "scope": "user_id=alice",
        "erased": True,
        "count": 1,
        "erased_ids": [private["id"]],
        "kept_ids": [shared["id"]],
        "worlds_erased": 2,  # the memory and the scope world itself
        "scrubbed": True,
    }
    assert mem_db.find(private["id"]) is None
    kept = await call(client, "memory_read", {"id": shared["id"]})
    assert kept["text"] == "alice and the planner"


async def test_purge_without_erase_retires_the_scope(
    client: Client, mem_db: WorldDB, call: Call
) -> None:
    written = await call(client, "memory_write", {"text": "soon retired", "scopes": ALICE})
    result = await call(client, "memory_purge_scope", {"scope": ALICE, "confirm": "alice"})
    assert result["erased"] is False and result["count"] == 1
    assert mem_db.get(written["id"]).valid_to is not None


async def test_list_scopes_counts_members_and_filters_by_kind(client: Client, call: Call) -> None:
    await call(client, "memory_write", {"text": "one", "scopes": ALICE})
    await call(client, "memory_write", {"text": "two", "scopes": {**ALICE, "run_id": "r1"}})
    everything = await call(client, "memory_list_scopes", {})
    found = {(s["kind"], s["value"]): s["members"] for s in everything["scopes"]}
    assert found == {("user_id", "alice"): 2, ("run_id", "r1"): 1}
    runs = await call(client, "memory_list_scopes", {"kind": "run_id"})
    assert [(s["kind"], s["value"]) for s in runs["scopes"]] == [("run_id", "r1")]


async def test_errors_name_what_to_fix(client: Client, fail: Fail) -> None:
    assert "at least one" in await fail(client, "memory_write", {"text": "x", "scopes": {}})
    assert "scope" in await fail(client, "memory_write", {"text": "x", "scope": ALICE})
    assert "occurred_at" in await fail(
        client, "memory_write", {"text": "x", "scopes": ALICE, "occurred_at": "last tuesday"}
    )
    assert "exactly one" in await fail(
        client, "memory_purge_scope", {"scope": {**ALICE, "run_id": "r"}, "confirm": "alice"}
    )


async def test_a_server_given_a_path_opens_and_closes_its_own_store(
    tmp_path: Path, call: Call
) -> None:
    server = create_server(path=tmp_path / "own.db", embedder=HashEmbedder(), extractor=None)
    async with Client(server) as client:
        written = await call(client, "memory_write", {"text": "persisted", "scopes": ALICE})
    with WorldDB.open(tmp_path / "own.db", embedder=None, extractor=None) as reopened:
        assert reopened.get(written["id"]).text == "persisted"


def test_a_server_needs_a_store_or_a_path() -> None:
    with pytest.raises(ValidationError):
        create_server()
