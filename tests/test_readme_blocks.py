"""Every non-Python code block of README.md and server/README.md runs as written.

(The Python blocks run in ``test_readme_examples``.) The blocks are executed the way a new user
would: the first set-up command installs this checkout into a fresh virtualenv and runs the demo;
the Claude Desktop block prints a config whose command and environment then start a real server
that the MCP SDK's client talks to over stdio; the HTTP block serves with the token it printed.

Offline by rule: the fresh virtualenv gets this test run's installed dependencies through a
``.pth`` file, and pip builds worlddb itself with no index and no build isolation (the
``PIP_*`` variables below). That is the only stand-in; the commands are the README's text,
except that the HTTP block's port is swapped for a free one.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from worlddb_mcp import load_tokens

from tests.server.live_http import http_client

ROOT = Path(__file__).resolve().parents[1]
READMES = (ROOT / "README.md", ROOT / "server" / "README.md")
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)

# Each block is claimed by the first line of its text; a new block without a test fails below.
SETUP = "python3 -m venv .venv && HNSWLIB_NO_NATIVE=1 .venv/bin/pip install . && "
PRINT_CONFIG = ".venv/bin/worlddb-mcp --print-config"
CONFIG_EXAMPLE = "{"
HTTP = 'export WORLDDB_TOKEN="$(.venv/bin/worlddb-mcp --new-token)"'
TOKEN_FILE = "# token"
CLI_EXAMPLE = ".venv/bin/worlddb write --db notes.db"
UI = "$ worlddb ui --db memory.db"
IMPORT = 'printf \'%s\\n\' \'{"type":"entity"'
PG_README = "worlddb --db postgresql://user@host/worlddb write"
PG_SERVERS = "for port in 8001 8002 8003 8004; do"
CLAIMED = (
    SETUP,
    PRINT_CONFIG,
    CONFIG_EXAMPLE,
    HTTP,
    TOKEN_FILE,
    CLI_EXAMPLE,
    UI,
    IMPORT,
    PG_README,
    PG_SERVERS,
)
ALICE = {"user_id": "alice"}

pytestmark = pytest.mark.slow


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@dataclass(frozen=True, slots=True)
class Block:
    readme: str
    lang: str
    text: str


def _blocks() -> list[Block]:
    found = []
    for readme in READMES:
        for lang, text in _FENCE.findall(readme.read_text(encoding="utf-8")):
            found.append(Block(readme.relative_to(ROOT).as_posix(), lang, text))
    return found


def _claimed_by(block: Block) -> str | None:
    return next((key for key in CLAIMED if block.text.startswith(key)), None)


def _block(key: str) -> Block:
    matches = [b for b in _blocks() if _claimed_by(b) == key]
    assert matches, f"no README block starts with {key!r}"
    return matches[0]


def test_every_readme_block_is_run_by_a_test() -> None:
    unclaimed = [
        f"{b.readme}: {b.text.splitlines()[0]!r}"
        for b in _blocks()
        if b.lang != "python" and _claimed_by(b) is None
    ]
    assert not unclaimed, f"README blocks no test runs: {unclaimed}"
    assert {_claimed_by(b) for b in _blocks()} >= set(CLAIMED)


def test_the_readme_opens_with_exactly_two_setup_commands() -> None:
    first = _blocks()[0]
    assert first.readme == "README.md" and first.lang == "sh"
    lines = first.text.splitlines()
    assert len(lines) == 2 and lines[0].startswith(SETUP) and lines[1] == "scripts/test"
    # The second command is what CI runs on a clean clone (and what this test is part of).
    assert os.access(ROOT / "scripts" / "test", os.X_OK)
    assert "scripts/test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


# -- a fresh checkout with the README's first command run in it ------------------------------
@dataclass(frozen=True, slots=True)
class Checkout:
    root: Path
    home: Path
    env: dict[str, str]

    def run(self, script: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            cwd=self.root,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


def _source_files() -> list[str]:
    """What a clone of this tree holds (tracked and new, not ignored) that the build reads."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    wanted = ("worlddb/", "server/", "pyproject.toml", "README.md", ".gitignore")
    return [name for name in listed if name.startswith(wanted) and (ROOT / name).is_file()]


@dataclass(frozen=True, slots=True)
class Installed:
    checkout: Checkout
    demo: subprocess.CompletedProcess[str]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """A copy of this tree with the README's first command run in it (once per module)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to copy the source tree from")
    base = tmp_path_factory.mktemp("fresh")
    root, home, shims = base / "worlddb", base / "home", base / "shims"
    for name in _source_files():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, root / name)
    home.mkdir()
    shims.mkdir()
    # `python3` is this interpreter, so the compiled dependencies shared below fit it.
    (shims / "python3").symlink_to(sys.executable)
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("WORLDDB_", "PIP_", "VIRTUAL_ENV", "XDG_", "PYTHON"))
    }
    env.update(
        PATH=f"{shims}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}",
        HOME=str(home),
        PIP_NO_INDEX="1",
        PIP_NO_DEPS="1",
        PIP_NO_BUILD_ISOLATION="0",  # pip reads this variable inverted: "0" turns isolation off
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    checkout = Checkout(root, home, env)
    # Made before the README's command (which then reuses it) only to add the .pth file.
    assert checkout.run("python3 -m venv .venv").returncode == 0
    (Path(_purelib(root / ".venv" / "bin" / "python")) / "_worlddb_test_deps.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    demo = checkout.run(_blocks()[0].text.splitlines()[0])
    return Installed(checkout, demo)


def _purelib(python: Path) -> str:
    code = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    return subprocess.run(
        [str(python), "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()


@pytest.fixture
def checkout(installed: Installed) -> Checkout:
    assert installed.demo.returncode == 0, installed.demo.stderr[-2000:]
    return installed.checkout


def test_first_command_installs_the_checkout_and_runs_the_demo(installed: Installed) -> None:
    done, root = installed.demo, installed.checkout.root
    assert done.returncode == 0, done.stderr[-2000:]
    assert "verify: all invariants hold" in done.stdout
    assert "Denver" in done.stdout and (root / "demo.db").is_file()
    where = _purelib(root / ".venv" / "bin" / "python")
    assert (Path(where) / "worlddb_mcp" / "__init__.py").is_file()  # the wheel holds the server
    assert (root / ".venv" / "bin" / "worlddb-mcp").is_file()


def _printed_json(text: str) -> dict[str, Any]:
    start = text.index("{")
    value, _ = json.JSONDecoder().raw_decode(text[start:])
    assert isinstance(value, dict)
    return value


def _shape(value: object) -> object:
    """Keys all the way down, values replaced by their type: what must match the example."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    return type(value).__name__


@pytest.mark.anyio
async def test_print_config_block_gives_a_working_claude_desktop_config(
    checkout: Checkout,
) -> None:
    printed = checkout.run(_block(PRINT_CONFIG).text)
    assert printed.returncode == 0, printed.stderr
    config = _printed_json(printed.stdout)
    example = json.loads(_block(CONFIG_EXAMPLE).text)
    assert _shape(config) == _shape(example)
    entry = config["mcpServers"]["worlddb"]
    command, db = Path(entry["command"]), Path(entry["env"]["WORLDDB_DB"])
    assert command == checkout.root / ".venv" / "bin" / "worlddb-mcp" and command.is_file()
    assert db == checkout.home / ".local" / "share" / "worlddb" / "worlddb.db"
    assert not db.parent.exists()  # printing the config creates nothing; the server will
    # Claude Desktop starts the command with the config's env and no shell: no venv on PATH.
    params = StdioServerParameters(
        command=entry["command"],
        args=entry.get("args", []),
        env={**entry["env"], "HOME": str(checkout.home), "PATH": "/usr/bin:/bin"},
    )
    with anyio.fail_after(120):
        async with Client(params) as client:
            assert client.server_info.version == metadata.version("worlddb")
            written = await client.call_tool(
                "memory_write", {"text": "Alice keeps bees in Denver", "scopes": ALICE}
            )
            assert not written.is_error, written.content
            found = await client.call_tool("memory_recall", {"query": "bees", "scopes": ALICE})
            assert "bees" in json.dumps(found.structured_content)
    assert db.is_file()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def http_block(checkout: Checkout) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = _free_port()
    script = _block(HTTP).text.replace("8765", str(port))
    process = subprocess.Popen(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=checkout.root,
        env=checkout.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        yield process, port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def _read_config(process: subprocess.Popen[str]) -> dict[str, Any]:
    assert process.stdout is not None
    text = ""
    while True:
        line = process.stdout.readline()
        assert line, (
            f"the HTTP block printed no config: {process.stderr.read() if process.stderr else ''}"
        )
        text += line
        if line.startswith("}"):
            return _printed_json(text)


@pytest.mark.anyio
async def test_http_block_serves_with_the_token_it_printed(
    http_block: tuple[subprocess.Popen[str], int],
) -> None:
    process, port = http_block
    entry = _read_config(process)["mcpServers"]["worlddb"]
    assert entry["url"] == f"http://127.0.0.1:{port}/mcp"
    token = entry["headers"]["Authorization"].removeprefix("Bearer ")
    assert len(token) >= 32
    deadline = time.monotonic() + 120
    async with httpx2.AsyncClient() as http:
        while True:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            try:
                if (await http.get(f"http://127.0.0.1:{port}/healthz")).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not come up"
            await anyio.sleep(0.2)
        refused = await http.post(entry["url"], json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
        assert refused.status_code == 401
    with anyio.fail_after(60):
        async with http_client(entry["url"], token) as client:
            written = await client.call_tool(
                "memory_write", {"text": "served over http", "scopes": ALICE}
            )
            assert not written.is_error, written.content


def test_token_file_block_is_a_valid_token_file(tmp_path: Path) -> None:
    path = tmp_path / "tokens.txt"
    path.write_text(_block(TOKEN_FILE).text, encoding="utf-8")
    registry = load_tokens(token_file=path, env={})
    grants = [grant for _, grant in registry.tokens]
    assert len(grants) == 3 and grants[0].is_unrestricted
    assert grants[1].permits_scope("user_id", "alice")
    assert not grants[1].permits_scope("user_id", "bob")
    assert grants[2].permits_scope("user_id", "carol") and grants[2].permits_scope(
        "app_id", "support"
    )


def test_cli_example_block_runs(checkout: Checkout) -> None:
    done = checkout.run(_block(CLI_EXAMPLE).text)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("stored ")
    assert "Alice moved to Denver" in done.stdout  # recalled as of today
    assert "worlds:" in done.stdout and "proposals: 0 pending" in done.stdout


def test_ui_block_serves_the_page_behind_the_token_it_printed(tmp_path: Path) -> None:
    """The explorer block: its command (port swapped for a free one) prints a link like the
    README's; the page loads, and the data API answers only with the printed token."""
    import select

    lines = _block(UI).text.splitlines()
    command = lines[0].removeprefix("$ ").split("#")[0].strip()
    shape = re.compile(r"(http://127\.0\.0\.1:\d+/)#token=(\S{16,})")
    assert shape.fullmatch(lines[1].replace("…", "x" * 16)), lines[1]
    bindir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", "")}
    env.pop("WORLDDB_UI_TOKEN", None)
    process = subprocess.Popen(
        ["bash", "-c", f"exec {command} --port 0"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 120)
        assert ready, "worlddb ui printed no link within 120 s"
        found = shape.fullmatch(process.stdout.readline().strip())
        assert found
        base, token = found.groups()
        assert httpx2.get(base).status_code == 200
        assert httpx2.get(base + "api/session").status_code == 401
        bearer = {"Authorization": f"Bearer {token}"}
        assert httpx2.get(base + "api/session", headers=bearer).status_code == 200
        assert (tmp_path / "memory.db").exists()
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def test_import_block_round_trips_through_the_mcp_memory_format(tmp_path: Path) -> None:
    """The imports block, as written, in an empty folder: dry run, import, export."""
    bindir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", "")}
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", _block(IMPORT).text],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in (tmp_path / "leaving.jsonl").read_text().splitlines()]
    alice = [e for e in lines if e.get("type") == "entity" and e.get("name") == "Alice"]
    assert alice and "Lives in Denver" in alice[0]["observations"], lines


def _bin_path() -> dict[str, str]:
    bindir = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", "")}


def _wait_healthy(port: int, process: subprocess.Popen[bytes], timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        assert process.poll() is None, "the server exited"
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return
        except httpx2.TransportError:
            pass
        assert time.monotonic() < deadline, f"no server on port {port}"
        time.sleep(0.2)


def test_postgresql_block_writes_and_serves_on_a_real_server(pg_url: str) -> None:
    """README's PostgreSQL block, with its placeholder URL swapped for the test server's (and the
    server line given a free port, as the HTTP block is): the write lands, the server serves."""
    write, serve = _block(PG_README).text.splitlines()[:2]
    placeholder = "postgresql://user@host/worlddb"
    env = _bin_path()
    done = subprocess.run(
        ["bash", "-c", write.replace(placeholder, shlex.quote(pg_url))],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    port = _free_port()
    command = serve.split("#")[0].strip().replace(placeholder, shlex.quote(pg_url))
    process = subprocess.Popen(
        ["bash", "-c", f"exec {command} --port {port}"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_healthy(port, process)
    finally:
        process.terminate()
        process.wait(timeout=30)
    from worlddb.engine import WorldDB

    with WorldDB.open(pg_url, embedder=None, extractor=None) as db:
        hits = db.recall("Porto", scopes={"user_id": "maya"}).hits
        assert hits and "Porto" in hits[0].text


def test_server_postgresql_block_runs_four_servers_on_one_database(
    pg_url: str, tmp_path: Path
) -> None:
    """server/README's loop, with its ports swapped for free ones and the URL for the test
    server's: four stateless HTTP processes answer on one database."""
    text = _block(PG_SERVERS).text
    ports: list[int] = []
    while len(ports) < 4:  # four different ones (a port just freed can come back)
        port = _free_port()
        if port not in ports:
            ports.append(port)
    script = text.replace("8001 8002 8003 8004", " ".join(map(str, ports))).replace(
        "postgresql://worlddb@db/worlddb", shlex.quote(pg_url)
    )
    log = tmp_path / "servers.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            ["bash", "-c", script + "\nwait"],
            env=_bin_path(),
            stdout=sink,
            stderr=sink,
            start_new_session=True,
        )
    try:
        for port in ports:
            try:
                _wait_healthy(port, process)
            except AssertionError as exc:
                raise AssertionError(f"{exc}: {log.read_text(errors='replace')[-2000:]}") from None
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
