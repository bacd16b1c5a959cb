"""The explorer's JSON API on a real uvicorn server on 127.0.0.1: auth, scope rules, reads that
match the Python API, and writes (merges, retire, purge) checked through the Python API."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from worlddb_mcp import HttpOptions, TokenRegistry, create_server, http_app, load_tokens

from tests.ui_live import ALICE, Seeded, seed, serving
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder
from worlddb.ui import SingleToken, explorer_app

TOKEN = "explorer-token-0123456789"
ROOT_TOKEN = "root-token-0123456789abcdef"
BOB_TOKEN = "bob-token-0123456789abcdef"
GET_ROUTES = (
    "session",
    "scopes",
    "memories?user_id=alice",
    "recall?q=genmaicha&user_id=alice",
    "timeline?user_id=alice",
    "proposals",
    "contradictions?user_id=alice",
)


@pytest.fixture
def db() -> Iterator[WorldDB]:
    with WorldDB.open(":memory:", embedder=HashEmbedder()) as opened:
        yield opened


@pytest.fixture
def seeded(db: WorldDB) -> Seeded:
    return seed(db)


@pytest.fixture
def api(db: WorldDB, seeded: Seeded) -> Iterator[httpx2.Client]:
    """A client of the explorer served on its own (as ``worlddb ui`` does), with the token."""
    with (
        serving(explorer_app(lambda: db, tokens=SingleToken(TOKEN))) as base,
        httpx2.Client(
            base_url=base + "/api/", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30
        ) as client,
    ):
        yield client


def ok(response: httpx2.Response) -> Any:
    assert response.status_code == 200, response.text
    return response.json()


def test_a_missing_or_wrong_token_gets_401_and_no_data(
    db: WorldDB, seeded: Seeded, api: httpx2.Client
) -> None:
    base = str(api.base_url)
    routes = [*GET_ROUTES, f"world/{seeded.tea_note}", f"graph/{seeded.robert}"]
    for headers in (
        {},
        {"Authorization": "Bearer wrong-token-0123456789"},
        {"Authorization": TOKEN},
    ):
        for route in routes:
            response = httpx2.get(base + route, headers=headers)
            assert response.status_code == 401, (route, headers)
            assert response.json() == {"error": "a valid bearer token is required"}
            assert "genmaicha" not in response.text
        for route in (
            f"proposals/{seeded.proposal}/accept",
            f"world/{seeded.tea_note}/retire",
            f"world/{seeded.tea_note}/purge",
        ):
            response = httpx2.post(base + route, headers=headers, json={"confirm": seeded.tea_note})
            assert response.status_code == 401, route
    assert db.get(seeded.tea_note).valid_to is None
    assert [p.edge_id for p in db.proposals("pending")] == [seeded.proposal]
    # The page itself (no data in it) loads without a token and shows the sign-in form.
    page = httpx2.get(base.removesuffix("api/"))
    assert page.status_code == 200 and "genmaicha" not in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_every_read_answers_for_a_valid_token(api: httpx2.Client) -> None:
    for route in GET_ROUTES:
        ok(api.get(route))
    session = ok(api.get("session"))
    assert session["restricted"] is False and session["grant"] == {}


def test_search_finds_a_remembered_fact_with_lane_ranks(api: httpx2.Client, seeded: Seeded) -> None:
    found = ok(api.get("recall", params={"q": "genmaicha", **ALICE}))
    assert found["hits"][0]["id"] == seeded.tea_note
    assert found["hits"][0]["ranks"]["bm25"] == 1
    assert found["hits"][0]["scopes"] == ["user_id=alice"]
    assert set(found["lanes"]) >= {"bm25", "vector"}


def test_the_world_view_shows_denver_current_and_boston_past(
    api: httpx2.Client, seeded: Seeded
) -> None:
    view = ok(api.get(f"world/{seeded.denver_fact}"))
    assert view["world"]["text"] == "I moved to Denver" and view["world"]["state"] == "current"
    history = [(h["preview"], h["state"], h["this"]) for h in view["history"]]
    assert history == [("I live in Boston", "past", False), ("I moved to Denver", "current", True)]
    assert view["history"][0]["valid_to"] == "2024-06-02T00:00:00Z"
    edges = {(e["type"], e["direction"], e["other_id"]) for e in view["edges"]}
    assert ("supersedes", "out", seeded.boston_fact) in edges
    assert ("derived_from", "out", seeded.denver_note) in edges
    assert view["scopes"] == ["user_id=alice"]
    # A prefix works like the Python API's; an unknown id is a 404 that says so.
    assert ok(api.get(f"world/{seeded.denver_fact[:10]}"))["world"]["id"] == seeded.denver_fact
    assert api.get("world/" + "0" * 64).status_code == 404


def test_the_timeline_pins_valid_time_and_ingest_time(
    db: WorldDB, api: httpx2.Client, seeded: Seeded
) -> None:
    def visible(**params: str) -> set[str]:
        items = ok(api.get("timeline", params={**ALICE, **params}))["items"]
        return {i["id"] for i in items if i["visible"]}

    in_march = visible(valid_at="2024-03-01")
    assert seeded.boston_fact in in_march and seeded.denver_fact not in in_march
    today = visible()
    assert seeded.denver_fact in today and seeded.boston_fact not in today
    stored = db.worlds(types=["Note", "Session", "Fact"], scope_ids=db.scope_ids(ALICE))
    assert today == {w.id for w in stored}
    assert visible(known_at="2000-01-01") == set()
    assert api.get("timeline", params={**ALICE, "valid_at": "soon"}).status_code == 400
    assert ok(api.get("timeline", params=ALICE))["complete"] is True
    assert ok(api.get("timeline", params={**ALICE, "limit": 3}))["complete"] is False


def test_accept_and_reject_change_the_store(
    db: WorldDB, api: httpx2.Client, seeded: Seeded
) -> None:
    [shown] = ok(api.get("proposals"))["proposals"]
    assert shown["edge_id"] == seeded.proposal
    assert {shown["source"]["id"], shown["target"]["id"]} == {seeded.robert, seeded.bobby}
    ok(api.post(f"proposals/{seeded.proposal}/accept", json={}))
    assert db.proposals("pending") == []
    assert set(db.equivalence_class(seeded.robert)) == {seeded.robert, seeded.bobby}
    assert ok(api.get("proposals"))["proposals"] == []
    # A second staged merge, rejected: it leaves the pending list for good.
    other = db.link(seeded.boston_note, seeded.tea_note, "same_as")
    ok(api.post(f"proposals/{other}/reject", json={}))
    assert [p.status for p in db.proposals(None) if p.edge_id == other] == ["rejected"]
    assert api.post("proposals/" + "0" * 64 + "/accept", json={}).status_code == 404


def test_retire_and_purge_need_the_confirmation(
    db: WorldDB, api: httpx2.Client, seeded: Seeded
) -> None:
    note = seeded.tea_note
    for body in ({}, {"confirm": "no"}, {"confirm": seeded.boston_note[:8]}):
        response = api.post(f"world/{note}/retire", json=body)
        assert response.status_code == 400 and "confirm" in response.json()["error"]
    assert api.post(f"world/{note}/retire", content=b"confirm").status_code == 415
    assert db.get(note).valid_to is None
    retired = ok(api.post(f"world/{note}/retire", json={"confirm": note[:8]}))
    assert retired["retired"] is True and db.get(note).valid_to is not None
    hits = ok(api.get("recall", params={"q": "genmaicha", **ALICE}))["hits"]
    assert all(h["id"] != note for h in hits)  # a retired note is not recalled
    assert api.post(f"world/{note}/purge", json={"confirm": "0" * 8}).status_code == 400
    assert db.find(note) is not None
    purged = ok(api.post(f"world/{note}/purge", json={"confirm": note}))
    assert purged["erased"] >= 1 and db.find(note) is None


def test_a_scope_is_retired_or_erased_only_with_its_value_as_confirmation(
    db: WorldDB, api: httpx2.Client, seeded: Seeded
) -> None:
    bob = {"kind": "user_id", "value": "bob"}
    for confirm in ("", "alice", "Bob"):
        response = api.post("scope/purge", json={**bob, "confirm": confirm})
        assert response.status_code == 400 and "nothing was changed" in response.json()["error"]
    assert api.post("scope/purge", json={**bob}).status_code == 400
    assert db.get(seeded.locker_note).valid_to is None
    retired = ok(api.post("scope/purge", json={**bob, "confirm": "bob"}))
    assert retired == {"scope": "user_id=bob", "erased": False, "count": 1}
    assert db.get(seeded.locker_note).valid_to is not None
    erased = ok(api.post("scope/purge", json={**bob, "confirm": "bob", "erase": True}))
    assert erased["erased"] is True and erased["count"] == 1
    assert db.find(seeded.locker_note) is None
    assert db.get(seeded.tea_note).valid_to is None  # alice's memories are untouched
    gone = api.post("scope/purge", json={"kind": "user_id", "value": "carol", "confirm": "carol"})
    assert gone.status_code == 404


def test_the_graph_is_the_neighbourhood_within_depth(api: httpx2.Client, seeded: Seeded) -> None:
    near = ok(api.get(f"graph/{seeded.denver_place}"))
    assert near["root"] == seeded.denver_place
    assert {n["id"] for n in near["nodes"]} == {seeded.denver_place, seeded.denver_fact}
    assert [e["type"] for e in near["edges"]] == ["refers_to"]
    farther = ok(api.get(f"graph/{seeded.denver_place}", params={"depth": 2}))
    ids = {n["id"] for n in farther["nodes"]}
    assert {seeded.denver_note, seeded.boston_fact} <= ids  # derived_from, supersedes
    assert all(n["type"] != "Scope" for n in farther["nodes"])
    assert {e["type"] for e in farther["edges"]} == {"refers_to", "derived_from", "supersedes"}
    merge = ok(api.get(f"graph/{seeded.robert}"))
    assert seeded.bobby in {n["id"] for n in merge["nodes"]}  # the pending same_as
    assert api.get(f"graph/{seeded.robert}", params={"depth": 9}).status_code == 400


def test_contradictions_come_in_pairs(api: httpx2.Client, seeded: Seeded) -> None:
    found = ok(api.get("contradictions", params=ALICE))
    assert found["complete"] is True and found["scanned"] >= 2
    [pair] = found["pairs"]
    assert pair["edge_id"] == seeded.contradiction
    assert {pair["left"]["text"], pair["right"]["text"]} == {
        "The offsite is in March",
        "The offsite is in April",
    }


# -- behind the MCP server's tokens -------------------------------------------------------------
@pytest.fixture
def mounted(db: WorldDB, seeded: Seeded) -> Iterator[str]:
    """The MCP server's HTTP app with a root token and a token bound to bob; yields /ui/api/."""
    registry = TokenRegistry(
        (
            *load_tokens(env={"WORLDDB_TOKEN": ROOT_TOKEN}).tokens,
            *load_tokens(env={"WORLDDB_TOKEN": f"{BOB_TOKEN} user_id=bob"}).tokens,
        )
    )
    app = http_app(create_server(db, tokens=registry), HttpOptions(), registry)
    with serving(app) as base:
        yield base + "/ui/api/"


def test_the_mcp_server_mounts_the_explorer_behind_its_tokens(mounted: str, seeded: Seeded) -> None:
    root = {"Authorization": f"Bearer {ROOT_TOKEN}"}
    assert httpx2.get(mounted + "session").status_code == 401
    assert (
        httpx2.get(mounted + "session", headers={"Authorization": "Bearer " + "x" * 24}).status_code
        == 401
    )
    assert ok(httpx2.get(mounted + "session", headers=root))["restricted"] is False
    hits = ok(httpx2.get(mounted + "recall", params={"q": "genmaicha"}, headers=root))["hits"]
    assert hits[0]["id"] == seeded.tea_note
    page = httpx2.get(mounted.removesuffix("api/"))
    assert page.status_code == 200 and "importmap" in page.text
    assert httpx2.get(mounted.removesuffix("api/") + "static/vendor/preact.mjs").status_code == 200
    redirect = httpx2.get(mounted.removesuffix("/api/"), follow_redirects=False)
    assert redirect.status_code in (301, 302, 307) and redirect.headers["location"].endswith("/ui/")
    # The MCP endpoint itself still refuses a missing token.
    assert httpx2.post(mounted.removesuffix("ui/api/") + "mcp", json={}).status_code == 401


def test_a_token_bound_to_bob_sees_only_bob(db: WorldDB, mounted: str, seeded: Seeded) -> None:
    bob = {"Authorization": f"Bearer {BOB_TOKEN}"}

    def get(route: str, **params: str) -> httpx2.Response:
        return httpx2.get(mounted + route, params=params, headers=bob)

    assert ok(get("session")) | {"now": None} == {
        "restricted": True,
        "grant": {"user_id": ["bob"]},
        "now": None,
    }
    assert [s["value"] for s in ok(get("scopes"))["scopes"]] == ["bob"]
    for route in ("memories", "recall", "timeline", "contradictions"):
        assert get(route, q="genmaicha", user_id="alice").status_code == 403, route
        assert get(route, q="genmaicha").status_code == 403, route  # must name user_id
    assert [m["id"] for m in ok(get("memories", user_id="bob"))["items"]] == [seeded.locker_note]
    hits = ok(get("recall", q="genmaicha", user_id="bob"))["hits"]
    assert hits and {h["id"] for h in hits} <= {seeded.locker_note}  # vectors find only bob's
    for world in (seeded.tea_note, seeded.tea_note[:10], seeded.robert):
        response = get(f"world/{world}")
        assert response.status_code == 404 and "genmaicha" not in response.text
        assert get(f"graph/{world}").status_code == 404
    assert ok(get("proposals"))["proposals"] == []
    for route, body in (
        (f"proposals/{seeded.proposal}/accept", {}),
        (f"world/{seeded.tea_note}/retire", {"confirm": seeded.tea_note}),
        (f"world/{seeded.tea_note}/purge", {"confirm": seeded.tea_note}),
        ("scope/purge", {"kind": "user_id", "value": "alice", "confirm": "alice", "erase": True}),
    ):
        assert httpx2.post(mounted + route, json=body, headers=bob).status_code == 404, route
    assert db.get(seeded.tea_note).valid_to is None
    assert [p.edge_id for p in db.proposals("pending")] == [seeded.proposal]
    view = ok(get(f"world/{seeded.locker_note}"))
    assert view["world"]["text"] == "Bob's locker code is 4312"


def test_the_explorer_path_must_name_a_folder(db: WorldDB) -> None:
    from worlddb.errors import ValidationError

    for bad in ("ui", "/", "//"):
        with pytest.raises(ValidationError, match="explorer path"):
            http_app(create_server(db), HttpOptions(ui_path=bad), None)
    paths = [
        getattr(r, "path", "") for r in http_app(create_server(db), HttpOptions(), None).routes
    ]
    assert "/ui" in paths
    off = http_app(create_server(db), HttpOptions(ui_path=None), None)
    assert "/ui" not in [getattr(r, "path", "") for r in off.routes]


def test_without_tokens_only_loopback_host_names_are_served(db: WorldDB, seeded: Seeded) -> None:
    app = http_app(create_server(db), HttpOptions(), None)
    with serving(app) as base:
        assert ok(httpx2.get(base + "/ui/api/session"))["restricted"] is False
        rebound = httpx2.get(base + "/ui/api/session", headers={"Host": "evil.example:80"})
        assert rebound.status_code == 401


# -- the command ----------------------------------------------------------------------------
def test_worlddb_ui_serves_with_a_generated_token(tmp_path: Path) -> None:
    db_path = tmp_path / "ui.db"
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        db.remember("The spare key is under the blue pot", scopes=ALICE)
    env = {**os.environ, "WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "none"}
    env.pop("WORLDDB_UI_TOKEN", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "worlddb", "ui", "--db", str(db_path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "worlddb ui printed no link within 60 s"
        link = process.stdout.readline().strip()
        found = re.fullmatch(r"(http://127\.0\.0\.1:\d+/)#token=(\S{16,})", link)
        assert found, link
        base, token = found.groups()
        assert httpx2.get(base + "api/session").status_code == 401
        hits = httpx2.get(
            base + "api/recall",
            params={"q": "spare key", **ALICE},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert ok(hits)["hits"][0]["text"] == "The spare key is under the blue pot"
    finally:
        process.terminate()
        process.wait(timeout=10)
        assert process.stderr is not None
        process.stderr.close()
        process.stdout.close()


def test_worlddb_ui_refuses_a_short_token_and_a_public_address_without_one() -> None:
    from click.testing import CliRunner

    from worlddb.cli import cli

    runner = CliRunner()
    short = runner.invoke(cli, ["ui", "--token", "short"], env={"WORLDDB_UI_TOKEN": None})
    assert short.exit_code == 2 and "at least 16" in short.output
    public = runner.invoke(cli, ["ui", "--host", "0.0.0.0"], env={"WORLDDB_UI_TOKEN": None})
    assert public.exit_code == 2 and "--token" in public.output


def test_the_authenticator_reads_bearer_tokens_and_loopback_hosts() -> None:
    from worlddb.engine.access import ScopeGrant
    from worlddb.ui.auth import Authenticator

    alice = ScopeGrant({"user_id": frozenset({"alice"})})
    bound = Authenticator(SingleToken(TOKEN, alice))
    assert bound.grant_for({"authorization": f"Bearer {TOKEN}"}) == alice
    assert bound.grant_for({"authorization": f"bearer  {TOKEN} "}) == alice
    for refused in ("", TOKEN, f"Basic {TOKEN}", "Bearer ", f"Bearer {TOKEN}x", "Bearer \udcff"):
        assert bound.grant_for({"authorization": refused, "host": "127.0.0.1"}) is None
    open_ = Authenticator(None)
    for host in ("127.0.0.1:8765", "localhost", "localhost:1", "[::1]:8765", "[::1]"):
        assert open_.grant_for({"host": host}) == ScopeGrant(), host
    for host in ("", "evil.example", "127.0.0.1.evil.example:80", "[::2]:80", "10.0.0.1"):
        assert open_.grant_for({"host": host}) is None, host
