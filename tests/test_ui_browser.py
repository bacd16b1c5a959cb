"""The explorer page end to end in headless Chromium (Debian's ``chromium``, driven by
Playwright) against a real server on 127.0.0.1: sign-in, search, the world view after a move,
the timeline's as-of control, the graph, merge decisions and retire with confirmation.

Each test saves a screenshot under ``tests/artifacts/ui/``. Chromium is installed by the
fixture when it is missing and this runs as root with apt-get (once per session, under a file
lock); only where that is impossible are these tests skipped, with the reason.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from worlddb_mcp import HttpOptions, TokenRegistry, create_server, http_app, load_tokens

from tests.ui_live import Seeded, seed, serving
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder
from worlddb.ui import SingleToken, explorer_app

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.slow  # about two seconds a test, one browser for the module

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "ui"
TOKEN = "browser-token-0123456789"
BOB_TOKEN = "bob-browser-token-0123456789"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000


def _install_chromium() -> str | None:
    """Install Debian's chromium if it is missing; the reason it cannot be, or ``None``."""
    if CHROMIUM.exists():
        return None
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "chromium is not installed and installing it needs root"
    if shutil.which("apt-get") is None:
        return "chromium is not installed and there is no apt-get to install it"
    lock_path = Path(tempfile.gettempdir()) / "worlddb-chromium-install.lock"
    with lock_path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another test process may be installing it right now
        if CHROMIUM.exists():
            return None
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (
            ["apt-get", "install", "-y", "-q", "chromium"],
            ["apt-get", "update", "-q"],
            ["apt-get", "install", "-y", "-q", "chromium"],
        ):
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
            if done.returncode == 0 and CHROMIUM.exists():
                return None
        return f"apt-get could not install chromium: {done.stderr.strip()[-300:]}"


@pytest.fixture(scope="session")
def chromium() -> str:
    reason = _install_chromium()
    if reason is not None:
        print(f"\nskipping the explorer's browser tests: {reason}")
        pytest.skip(reason)
    return str(CHROMIUM)


@pytest.fixture(scope="module")
def browser(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One headless Chromium per module, with a fresh profile directory."""
    with playwright_api.sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=chromium,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 860},
        )
        context.set_default_timeout(TIMEOUT_MS)
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def db() -> Iterator[WorldDB]:
    with WorldDB.open(":memory:", embedder=HashEmbedder()) as opened:
        yield opened


@pytest.fixture
def seeded(db: WorldDB) -> Seeded:
    return seed(db)


@pytest.fixture
def base(db: WorldDB, seeded: Seeded) -> Iterator[str]:
    with serving(explorer_app(lambda: db, tokens=SingleToken(TOKEN))) as url:
        yield url + "/"


@pytest.fixture
def page(browser: playwright_api.BrowserContext) -> Iterator[playwright_api.Page]:
    opened = browser.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))

    # A Content-Security-Policy violation or a static file that fails to load is logged as a
    # console error. Refused API calls (401, 403, 404) are part of some tests, and the page
    # shows them itself.
    def on_console(message: playwright_api.ConsoleMessage) -> None:
        if message.type == "error" and "/api/" not in message.location.get("url", ""):
            errors.append(f"{message.text} ({message.location.get('url')})")

    opened.on("console", on_console)
    try:
        yield opened
    finally:
        opened.close()
    assert errors == [], f"the page reported errors: {errors}"


def shot(page: playwright_api.Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def signed_in(page: playwright_api.Page, base: str, route: str = "search") -> None:
    """Open the page as ``worlddb ui``'s printed link does, then go to ``route``."""
    page.goto(f"{base}#token={TOKEN}")
    page.get_by_test_id("who").wait_for()
    page.evaluate("route => { location.hash = route }", f"#/{route}")


def test_a_missing_or_wrong_token_gets_the_sign_in_form_and_no_data(
    page: playwright_api.Page, base: str
) -> None:
    page.goto(base)
    page.get_by_test_id("login-form").wait_for()
    page.get_by_test_id("token-input").fill("wrong-token-0123456789")
    page.get_by_test_id("sign-in").click()
    playwright_api.expect(page.get_by_test_id("login-error")).to_contain_text("not accepted")
    shot(page, "login-refused")
    assert "genmaicha" not in page.content() and "Boston" not in page.content()
    page.get_by_test_id("token-input").fill(TOKEN)
    page.get_by_test_id("sign-in").click()
    playwright_api.expect(page.get_by_test_id("who")).to_have_text("all scopes")


def test_search_finds_a_remembered_fact_with_lane_ranks(
    page: playwright_api.Page, base: str
) -> None:
    signed_in(page, base)
    page.get_by_test_id("scope-picker").select_option("user_id=alice")
    page.get_by_test_id("search-input").fill("genmaicha")
    page.get_by_test_id("search-button").click()
    first = page.get_by_test_id("hit").first
    playwright_api.expect(first).to_contain_text("My favourite tea is genmaicha")
    playwright_api.expect(first.get_by_test_id("ranks")).to_contain_text("bm25 #1")
    shot(page, "search")


def test_the_world_view_shows_denver_current_and_boston_past(
    page: playwright_api.Page, base: str, seeded: Seeded
) -> None:
    signed_in(page, base, f"world/{seeded.denver_fact}")
    playwright_api.expect(page.get_by_test_id("world-text")).to_have_text("I moved to Denver")
    items = page.get_by_test_id("history-item")
    playwright_api.expect(items).to_have_count(2)
    playwright_api.expect(items.nth(0)).to_contain_text("I live in Boston")
    playwright_api.expect(items.nth(0).get_by_test_id("state")).to_have_text("past")
    playwright_api.expect(items.nth(1)).to_contain_text("I moved to Denver")
    playwright_api.expect(items.nth(1).get_by_test_id("state")).to_have_text("current")
    playwright_api.expect(page.get_by_test_id("edges")).to_contain_text("supersedes")
    shot(page, "world")


def test_the_timeline_moves_with_the_as_of_control(
    page: playwright_api.Page, base: str, seeded: Seeded
) -> None:
    signed_in(page, base, "timeline")
    page.get_by_test_id("scope-picker").select_option("user_id=alice")
    rows = page.get_by_test_id("timeline-row")
    boston = rows.filter(has_text="I live in Boston").filter(has=page.locator(".type-Fact"))
    playwright_api.expect(boston).to_have_attribute("data-visible", "false")
    page.get_by_test_id("valid-at").fill("2024-03-01")
    playwright_api.expect(boston).to_have_attribute("data-visible", "true")
    denver = rows.filter(has_text="I moved to Denver").first
    playwright_api.expect(denver).to_have_attribute("data-visible", "false")
    shot(page, "timeline")
    page.get_by_test_id("known-at").fill("2000-01-01")
    playwright_api.expect(boston).to_have_attribute("data-visible", "false")


def test_the_neighbourhood_graph_draws_nodes_and_edges(
    page: playwright_api.Page, base: str, seeded: Seeded
) -> None:
    signed_in(page, base, f"graph/{seeded.denver_place}")
    page.get_by_test_id("graph").wait_for()
    page.get_by_test_id("graph-depth").select_option("2")
    playwright_api.expect(page.get_by_test_id("graph-node")).to_have_count(4)
    assert page.locator("svg .edge").count() == 3
    shot(page, "graph")


def test_accept_and_reject_change_the_store(
    page: playwright_api.Page, base: str, db: WorldDB, seeded: Seeded
) -> None:
    signed_in(page, base, "proposals")
    proposal = page.get_by_test_id("proposal")
    playwright_api.expect(proposal).to_have_count(1)
    playwright_api.expect(proposal).to_contain_text("Robert Smith")
    playwright_api.expect(proposal).to_contain_text("Bobby Smith")
    shot(page, "proposals")
    proposal.get_by_test_id("accept").click()
    playwright_api.expect(page.get_by_test_id("no-proposals")).to_be_visible()
    assert db.proposals("pending") == []
    assert set(db.equivalence_class(seeded.robert)) == {seeded.robert, seeded.bobby}
    other = db.link(seeded.boston_note, seeded.tea_note, "same_as")
    page.reload()
    page.get_by_test_id("proposal").get_by_test_id("reject").click()
    playwright_api.expect(page.get_by_test_id("no-proposals")).to_be_visible()
    assert [p.status for p in db.proposals(None) if p.edge_id == other] == ["rejected"]


def test_contradictions_are_side_by_side(page: playwright_api.Page, base: str) -> None:
    signed_in(page, base, "contradictions")
    pair = page.get_by_test_id("contradiction")
    playwright_api.expect(pair).to_contain_text("The offsite is in March")
    playwright_api.expect(pair).to_contain_text("The offsite is in April")


def test_retire_asks_for_confirmation_then_retires(
    page: playwright_api.Page, base: str, db: WorldDB, seeded: Seeded
) -> None:
    signed_in(page, base, f"world/{seeded.tea_note}")
    page.get_by_test_id("retire").click()
    dialog = page.get_by_test_id("confirm-dialog")
    playwright_api.expect(dialog.get_by_test_id("confirm-ok")).to_be_disabled()
    page.get_by_test_id("confirm-cancel").click()
    playwright_api.expect(dialog).to_have_count(0)
    assert db.get(seeded.tea_note).valid_to is None
    page.get_by_test_id("retire").click()
    dialog.get_by_test_id("confirm-input").fill(seeded.tea_note[:8])
    shot(page, "retire-confirm")
    dialog.get_by_test_id("confirm-ok").click()
    playwright_api.expect(page.get_by_test_id("done")).to_have_text("Retired.")
    assert db.get(seeded.tea_note).valid_to is not None
    playwright_api.expect(page.get_by_test_id("world").get_by_test_id("state").first).to_have_text(
        "past"
    )


def test_a_scope_is_retired_from_the_memories_list_after_confirmation(
    page: playwright_api.Page, base: str, db: WorldDB, seeded: Seeded
) -> None:
    signed_in(page, base, "memories")
    page.get_by_test_id("scope-picker").select_option("user_id=bob")
    playwright_api.expect(page.get_by_test_id("memory")).to_have_count(1)
    page.get_by_test_id("retire-scope").click()
    page.get_by_test_id("confirm-input").fill("alice")
    playwright_api.expect(page.get_by_test_id("confirm-ok")).to_be_disabled()
    page.get_by_test_id("confirm-input").fill("bob")
    page.get_by_test_id("confirm-ok").click()
    playwright_api.expect(page.get_by_test_id("scope-done")).to_have_text("Retired 1 memory.")
    playwright_api.expect(page.get_by_test_id("memory")).to_have_count(0)
    assert db.get(seeded.locker_note).valid_to is not None
    assert db.get(seeded.tea_note).valid_to is None


def test_behind_the_mcp_server_a_bound_token_sees_only_its_scope(
    page: playwright_api.Page, db: WorldDB, seeded: Seeded
) -> None:
    registry = TokenRegistry(
        (
            *load_tokens(env={"WORLDDB_TOKEN": TOKEN}).tokens,
            *load_tokens(env={"WORLDDB_TOKEN": f"{BOB_TOKEN} user_id=bob"}).tokens,
        )
    )
    app = http_app(create_server(db, tokens=registry), HttpOptions(), registry)
    with serving(app) as url:
        page.goto(url + "/ui")  # redirected to /ui/
        page.get_by_test_id("token-input").fill(BOB_TOKEN)
        page.get_by_test_id("sign-in").click()
        playwright_api.expect(page.get_by_test_id("who")).to_have_text("token bound to user_id=bob")
        options = page.get_by_test_id("scope-picker").locator("option")
        playwright_api.expect(options.filter(has_text="user_id=bob")).to_have_count(1)
        playwright_api.expect(options.filter(has_text="alice")).to_have_count(0)
        page.get_by_test_id("tab-memories").click()
        playwright_api.expect(page.get_by_test_id("memory")).to_have_count(1)
        playwright_api.expect(page.get_by_test_id("memory")).to_contain_text("locker code")
        page.evaluate("id => { location.hash = '#/world/' + id }", seeded.tea_note)
        playwright_api.expect(page.get_by_test_id("error")).to_contain_text("no world matches")
        assert "genmaicha" not in page.content()
        shot(page, "bound-token")
