"""A real streamable-HTTP server on a free loopback port, and SDK clients for it, for tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import httpx2
import uvicorn
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from starlette.types import ASGIApp
from worlddb_mcp import HttpOptions, TokenRegistry, create_server, http_app

from worlddb.engine import WorldDB

__all__ = ["http_client", "serving_http"]


@contextmanager
def serve_on_free_port(build: Callable[[int], ASGIApp]) -> Iterator[int]:
    """Serve ``build(port)`` with uvicorn in a thread on a free 127.0.0.1 port; yield the port.

    The socket is bound before the app is built, so an app that must know its port has it.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(build(port), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@contextmanager
def serving_http(
    db: WorldDB, registry: TokenRegistry | None = None, *, stateless: bool = False
) -> Iterator[str]:
    """Serve ``db`` (with ``registry``'s bearer tokens, if any); yield the endpoint URL."""

    def build(port: int) -> ASGIApp:
        options = HttpOptions(host="127.0.0.1", port=port, stateless=stateless)
        return http_app(create_server(db, tokens=registry), options, registry)

    with serve_on_free_port(build) as port:
        yield f"http://127.0.0.1:{port}/mcp"


def http_client(url: str, token: str | None = None) -> Client:
    """An SDK client for ``url``, sending ``token`` as a bearer token when given."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0))
    return Client(streamable_http_client(url, http_client=http))
