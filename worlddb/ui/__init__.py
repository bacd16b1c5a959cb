"""The explorer: a web page to look at a store, served by ``worlddb ui`` and the MCP server.

Browse and search memories by scope (recall with each lane's rank), open a world with its
children, edges, provenance, history and validity, move a timeline's as-of point on valid time
and ingest time, draw an entity's neighbourhood, accept or reject merge proposals, compare
contradictions side by side, and retire or purge with a confirmation step.

``explorer_app(engine, tokens=...)`` is the Starlette app (a JSON API plus static files shipped
in this package); ``SingleToken`` is the token lookup of ``worlddb ui``. Access follows the
engine's scope rule (``worlddb.engine.access``): a token bound to scopes sees only those.
"""

from __future__ import annotations

from worlddb.ui.app import EngineSource, explorer_app
from worlddb.ui.auth import SingleToken, TokenLookup
from worlddb.ui.explorer import Explorer

__all__ = ["EngineSource", "Explorer", "SingleToken", "TokenLookup", "explorer_app"]
