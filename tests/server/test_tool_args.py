"""Hypothesis: malformed arguments to any tool give an error result and leave the store as it was.

Each case starts from a valid call and breaks exactly one thing: drops a required argument, adds
an unknown one, or replaces a value with one of the wrong type or out of range. Nothing here is
a valid call, so every one must be refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp.client import Client
from mcp.server.mcpserver import MCPServer
from worlddb_mcp import AppState, create_server

from tests.server.conftest import Fail
from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.model import WorldSpec
from worlddb.scopes import note_label
from worlddb.timeutil import parse_time

pytestmark = pytest.mark.anyio

ALICE = {"user_id": "alice"}
UNKNOWN_ID = "ab" * 32

junk = st.one_of(
    st.integers(),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.floats(allow_nan=False),
)
bad_text = st.one_of(
    st.just(""),
    st.just("   "),
    st.integers(),
    st.lists(st.text(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.text(max_size=2), max_size=1),
)
bad_bool = st.one_of(
    st.sampled_from(["maybe", "2", "yes please"]),
    st.integers(2, 99),
    st.lists(st.booleans(), max_size=1),
)
bad_limit = st.one_of(
    st.integers(max_value=0),
    st.integers(min_value=101),
    st.sampled_from(["ten", "1.5", ""]),
    st.floats(1.1, 9.9).filter(lambda f: not f.is_integer()),
)
bad_scopes = st.one_of(
    st.just({}),
    st.just({"user_id": ""}),
    st.just({"user_id": "   "}),
    st.just({"user_id": "a=b"}),
    st.just({"user_id": "x" * 257}),
    st.just({"user": "alice"}),
    st.builds(lambda k, v: {k: v}, st.sampled_from(["user_id", "run_id"]), junk),
    st.text(min_size=1, max_size=5).filter(lambda s: not s.strip().startswith(("{", "["))),
    st.lists(st.text(max_size=3), max_size=2),
)
bad_id = st.one_of(
    st.text(max_size=7),
    st.just("z" * 8),
    st.just("0123456g"),
    st.just("f" * 65),
    st.just(UNKNOWN_ID),
    junk,
)
bad_time = st.one_of(
    st.sampled_from(["last tuesday", "2024-13-45", "soon", "12:00"]),
    st.lists(st.text(), max_size=1),
)
bad_metadata = st.one_of(
    st.just({"k": 5}),
    st.just({"": "v"}),
    st.just("k=v"),
    st.just({f"k{i}": "v" for i in range(33)}),
)
bad_entities = st.one_of(
    st.just([{"name": ""}]),
    st.just([{"nom": "x"}]),
    st.just(["Sarah"]),
    st.just([{"name": "Sarah", "age": 3}]),
)
bad_facts = st.one_of(
    st.just([{"text": ""}]),
    st.just([{"fact": "x"}]),
    st.just([{"text": "ok", "valid_from": "whenever"}]),
    st.just([{"text": "ok", "extra": 1}]),
)

# tool -> (a valid call, {argument: strategy of invalid values}, required arguments)
CASES: dict[str, tuple[dict[str, Any], dict[str, st.SearchStrategy[Any]], tuple[str, ...]]] = {
    "memory_write": (
        {"text": "hello", "scopes": ALICE},
        {
            "text": bad_text,
            "scopes": bad_scopes,
            "occurred_at": bad_time,
            "metadata": bad_metadata,
            "entities": bad_entities,
            "facts": bad_facts,
        },
        ("text", "scopes"),
    ),
    "memory_recall": (
        {"query": "hello", "scopes": ALICE},
        {
            "query": bad_text,
            "scopes": bad_scopes,
            "limit": bad_limit,
            "as_of": bad_time,
            "include_retired": bad_bool,
            "explain": bad_bool,
        },
        ("query", "scopes"),
    ),
    "memory_list": (
        {"scopes": ALICE},
        {
            "scopes": bad_scopes,
            "limit": bad_limit,
            "include_retired": bad_bool,
            "cursor": st.sampled_from(["abc", "-1", "1.5", "x" * 40]),
        },
        ("scopes",),
    ),
    "memory_read": ({"id": "SEED"}, {"id": bad_id}, ("id",)),
    "memory_amend": (
        {"id": "SEED", "text": "changed"},
        {"id": bad_id, "text": bad_text},
        ("id", "text"),
    ),
    "memory_retire": ({"id": "SEED"}, {"id": bad_id}, ("id",)),
    "memory_retire_all": ({"scopes": ALICE}, {"scopes": bad_scopes}, ("scopes",)),
    "memory_purge_scope": (
        {"scope": ALICE, "confirm": "alice"},
        {
            "scope": st.one_of(bad_scopes, st.just({"user_id": "alice", "run_id": "r"})),
            "confirm": st.one_of(st.sampled_from(["bob", "ALICE", "alice "]), junk),
            "erase": bad_bool,
        },
        ("scope", "confirm"),
    ),
    "memory_list_scopes": (
        {},
        {"kind": st.one_of(st.sampled_from(["user", "USER_ID", ""]), junk)},
        (),
    ),
}


SEED_TEXT = "the seed memory"
SEED_AT = "2024-01-01T00:00:00Z"
SEED_ID = world_id(
    WorldSpec(
        type="Note",
        name=note_label(ALICE),
        content=SEED_TEXT,
        created_at=parse_time(SEED_AT) or 0,
    )
)


@st.composite
def broken_call(draw: st.DrawFn, tool: str) -> dict[str, Any]:
    """A valid call to ``tool`` with exactly one thing broken."""
    valid, breakers, required = CASES[tool]
    args = {k: (SEED_ID if v == "SEED" else v) for k, v in valid.items()}
    how = draw(st.sampled_from(["drop", "extra", "value"] if required else ["extra", "value"]))
    if how == "drop":
        del args[draw(st.sampled_from(required))]
    elif how == "extra":
        args[draw(st.sampled_from(["scope", "user_id", "ids", "force", "q"]))] = draw(junk)
    else:
        name = draw(st.sampled_from(sorted(breakers)))
        args[name] = draw(breakers[name])
    return args


@pytest.fixture
def server(mem_db: WorldDB) -> MCPServer[AppState]:
    """One server per test, shared by its examples (building tool schemas is the slow part)."""
    mem_db.remember(SEED_TEXT, scopes=ALICE, occurred_at=SEED_AT)
    return create_server(mem_db)


def _property_for(tool: str) -> Callable[..., None]:
    """The property for one tool; arguments are drawn before the coroutine runs."""

    @settings(
        max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    @given(args=broken_call(tool))
    async def prop(args: dict[str, Any], mem_db: WorldDB, server: MCPServer[AppState]) -> None:
        before = mem_db.store.counts()
        async with Client(server) as client:
            result = await client.call_tool(tool, args)
        assert result.is_error, f"{tool}({args!r}) was accepted: {result.structured_content}"
        message = result.content[0].text  # type: ignore[union-attr]
        assert message and message != f"Error executing tool {tool}", "a crash, not a refusal"
        assert mem_db.store.counts() == before
        assert mem_db.get(SEED_ID).valid_to is None

    prop.__name__ = f"test_bad_arguments_to_{tool}_give_an_error_and_change_nothing"
    return prop


test_bad_arguments_to_memory_write = _property_for("memory_write")
test_bad_arguments_to_memory_recall = _property_for("memory_recall")
test_bad_arguments_to_memory_list = _property_for("memory_list")
test_bad_arguments_to_memory_read = _property_for("memory_read")
test_bad_arguments_to_memory_amend = _property_for("memory_amend")
test_bad_arguments_to_memory_retire = _property_for("memory_retire")
test_bad_arguments_to_memory_retire_all = _property_for("memory_retire_all")
test_bad_arguments_to_memory_purge_scope = _property_for("memory_purge_scope")
test_bad_arguments_to_memory_list_scopes = _property_for("memory_list_scopes")


def test_every_tool_has_a_bad_arguments_property() -> None:
    assert set(CASES) == {
        name.removeprefix("test_bad_arguments_to_")
        for name in globals()
        if name.startswith("test_bad_arguments_to_")
    }


@pytest.mark.parametrize(
    ("tool", "arguments", "field"),
    [
        ("memory_recall", {"query": "x", "scopes": {"user_id": "a"}, "limit": "abc"}, "limit"),
        ("memory_write", {"text": "", "scopes": {"user_id": "a"}}, "text"),
        ("memory_write", {"scopes": {"user_id": "a"}}, "text"),
        ("memory_read", {"id": "zz"}, "id"),
        ("memory_list", {"scopes": {"user_id": "a"}, "limit": 0}, "limit"),
    ],
)
async def test_a_bad_argument_is_one_line_that_names_the_field(
    client: Client, fail: Fail, tool: str, arguments: dict[str, Any], field: str
) -> None:
    message = await fail(client, tool, arguments)
    assert "\n" not in message and "pydantic.dev" not in message
    assert message.startswith(f"{tool}: {field}")
