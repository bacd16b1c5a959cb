"""The explorer as a Starlette app: a JSON API over ``WorldDB`` and the page's static files.

``explorer_app`` is mounted by the MCP server's HTTP transport (at ``/ui``, behind the same
bearer tokens) and served on its own by ``worlddb ui``. The page (``static/``) is plain ES
modules with a vendored copy of Preact and htm: nothing is built or downloaded on the user's
machine. The page shell and its scripts hold no data and load without a token; every
``api/`` route answers ``401`` without a valid token and never says more.

Engine calls are synchronous, so each runs on a worker thread; the explorer's own writes are
applied one at a time (the engine's writer slot orders them against any other writer).
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import re
from collections.abc import Awaitable, Callable
from functools import partial
from importlib.resources import files
from typing import Any, Final

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from worlddb.engine import WorldDB
from worlddb.engine.access import ScopeGrant
from worlddb.errors import NotFoundError, ScopeError, ValidationError, WorldDBError
from worlddb.scopes import SCOPE_KINDS
from worlddb.ui.auth import Authenticator, TokenLookup
from worlddb.ui.explorer import Explorer

__all__ = ["EngineSource", "explorer_app"]

logger = logging.getLogger(__name__)

EngineSource = Callable[[], WorldDB | None]
"""Returns the open engine, or ``None`` while it is not open yet (answered with 503)."""

MAX_LIMIT: Final = 200
MAX_BODY: Final = 16_384
_IMPORT_MAP = re.compile(r'<script type="importmap">(.*?)</script>', re.DOTALL)


def _index_html() -> tuple[str, str]:
    """The page and its Content-Security-Policy (the inline import map allowed by its hash)."""
    page = (files("worlddb.ui") / "static" / "index.html").read_text(encoding="utf-8")
    found = _IMPORT_MAP.search(page)
    allowed = ""
    if found is not None:
        digest = hashlib.sha256(found.group(1).encode("utf-8")).digest()
        allowed = f" 'sha256-{base64.b64encode(digest).decode('ascii')}'"
    policy = (
        f"default-src 'self'; script-src 'self'{allowed}; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    )
    return page, policy


def _error(status: int, message: str) -> JSONResponse:
    headers = {"Cache-Control": "no-store"}
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="worlddb"'
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _status_of(exc: WorldDBError) -> int:
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, ScopeError):
        return 403
    return 400


def _scopes(request: Request) -> dict[str, str]:
    return {k: v for k in SCOPE_KINDS if (v := request.query_params.get(k, "").strip())}


def _flag(request: Request, name: str) -> bool:
    return request.query_params.get(name, "").lower() in ("1", "true", "yes", "on")


def _int(request: Request, name: str, default: int, high: int = MAX_LIMIT) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError(f"{name} must be a whole number", field=name, value=raw) from None
    if not 1 <= value <= high:
        raise ValidationError(f"{name} must be between 1 and {high}", field=name, value=value)
    return value


def _text(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str):
        raise ValidationError(f"{name} is required (a string)", field=name)
    return value


Handler = Callable[[Explorer, Request, dict[str, Any]], Any]


def explorer_app(engine: EngineSource, *, tokens: TokenLookup | None) -> Starlette:
    """The explorer for the engine ``engine()`` returns.

    Args:
        engine: returns the open ``WorldDB`` (``None`` until it is open).
        tokens: maps a bearer token to its scope grant; ``None`` means no token is configured
            (the app then answers only requests addressed to a loopback host name).
    """
    auth = Authenticator(tokens)
    page, policy = _index_html()
    write_lock = anyio.Lock()
    page_headers = {
        "Content-Security-Policy": policy,
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
    }

    async def index(_: Request) -> Response:
        return HTMLResponse(page, headers=page_headers)

    def api(handler: Handler, *, write: bool = False) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            grant: ScopeGrant | None = auth.grant_for(request.headers)
            if grant is None:
                return _error(401, "a valid bearer token is required")
            db = engine()
            if db is None:
                return _error(503, "the database is not open yet")
            body: dict[str, Any] = {}
            if write:
                if request.headers.get("content-type", "").split(";")[0] != "application/json":
                    return _error(415, "send a JSON body (Content-Type: application/json)")
                raw = await request.body()
                try:
                    parsed = json.loads(raw or b"{}") if len(raw) <= MAX_BODY else None
                except ValueError:
                    parsed = None
                if not isinstance(parsed, dict):
                    return _error(400, "the body must be a JSON object")
                body = parsed
            call = partial(handler, Explorer(db, grant), request, body)
            try:
                if write:
                    async with write_lock:
                        result = await anyio.to_thread.run_sync(call)
                else:
                    result = await anyio.to_thread.run_sync(call)
            except WorldDBError as exc:
                return _error(_status_of(exc), str(exc))
            return JSONResponse(result, headers={"Cache-Control": "no-store"})

        return endpoint

    routes: list[BaseRoute] = [
        Route("/", index),
        Route("/api/session", api(lambda x, r, b: x.session())),
        Route("/api/scopes", api(lambda x, r, b: x.scopes())),
        Route(
            "/api/memories",
            api(
                lambda x, r, b: x.memories(
                    _scopes(r),
                    include_retired=_flag(r, "include_retired"),
                    limit=_int(r, "limit", 50),
                    after=r.query_params.get("after") or None,
                )
            ),
        ),
        Route(
            "/api/recall",
            api(
                lambda x, r, b: x.recall(
                    r.query_params.get("q", ""),
                    _scopes(r),
                    limit=_int(r, "limit", 20, 100),
                    valid_at=r.query_params.get("valid_at"),
                    known_at=r.query_params.get("known_at"),
                    include_retired=_flag(r, "include_retired"),
                )
            ),
        ),
        Route("/api/world/{id}", api(lambda x, r, b: x.world(r.path_params["id"]))),
        Route(
            "/api/graph/{id}",
            api(lambda x, r, b: x.graph(r.path_params["id"], depth=_int(r, "depth", 1, 3))),
        ),
        Route(
            "/api/timeline",
            api(
                lambda x, r, b: x.timeline(
                    _scopes(r),
                    valid_at=r.query_params.get("valid_at"),
                    known_at=r.query_params.get("known_at"),
                    limit=_int(r, "limit", 200, 1000),
                )
            ),
        ),
        Route("/api/proposals", api(lambda x, r, b: x.proposals())),
        Route(
            "/api/contradictions",
            api(lambda x, r, b: x.contradictions(_scopes(r), scan=_int(r, "scan", 5000, 50_000))),
        ),
        Route(
            "/api/proposals/{edge}/accept",
            api(lambda x, r, b: x.accept(r.path_params["edge"]), write=True),
            methods=["POST"],
        ),
        Route(
            "/api/proposals/{edge}/reject",
            api(lambda x, r, b: x.reject(r.path_params["edge"]), write=True),
            methods=["POST"],
        ),
        Route(
            "/api/world/{id}/retire",
            api(lambda x, r, b: x.retire(r.path_params["id"], _text(b, "confirm")), write=True),
            methods=["POST"],
        ),
        Route(
            "/api/world/{id}/purge",
            api(lambda x, r, b: x.purge(r.path_params["id"], _text(b, "confirm")), write=True),
            methods=["POST"],
        ),
        Route(
            "/api/scope/purge",
            api(
                lambda x, r, b: x.purge_scope(
                    _text(b, "kind"),
                    _text(b, "value"),
                    confirm=_text(b, "confirm"),
                    erase=b.get("erase") is True,
                ),
                write=True,
            ),
            methods=["POST"],
        ),
        Mount("/static", StaticFiles(packages=[("worlddb.ui", "static")]), name="static"),
    ]
    return Starlette(routes=routes)
