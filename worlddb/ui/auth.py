"""Who is asking: the bearer token of an explorer request, and the scope grant it carries.

The explorer applies the same rule as the MCP server: a request presents
``Authorization: Bearer TOKEN``; a token it does not know, or none, gets ``401`` and no data. The
page keeps the token in ``sessionStorage`` (the login form puts it there) and sends it as that
header on every API call, so no cookie exists that another site could make the browser send
(no cross-site request forgery to defend against).

A token maps to a ``ScopeGrant`` (``worlddb.engine.access``): the explorer shows a bound token
only the scopes it may touch. Token *lookup* is a plug-in (``TokenLookup``) so the MCP server
passes its own registry (``worlddb_mcp.auth.TokenRegistry.lookup``) and ``worlddb ui`` its one
token; neither side imports the other.

Without any token configured (the MCP server on a loopback address with auth off) the explorer
is open like the server is, but only to requests whose ``Host`` is a loopback name: a page on
another site that rebinds its DNS name to 127.0.0.1 sends its own host name and is refused.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Protocol

from worlddb.engine.access import UNRESTRICTED, ScopeGrant

__all__ = [
    "LOOPBACK_HOSTS",
    "Authenticator",
    "SingleToken",
    "TokenLookup",
    "bearer_token",
]

LOOPBACK_HOSTS: Final = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})


class TokenLookup(Protocol):
    """Maps a presented token to its grant, or ``None`` for a token it does not know."""

    def __call__(self, presented: str, /) -> ScopeGrant | None: ...


@dataclass(frozen=True, slots=True)
class SingleToken:
    """One token, compared in constant time, with the grant it carries (default: all scopes)."""

    token: str
    grant: ScopeGrant = UNRESTRICTED

    def __call__(self, presented: str, /) -> ScopeGrant | None:
        given = presented.encode("utf-8", "surrogatepass")
        return self.grant if hmac.compare_digest(given, self.token.encode("utf-8")) else None


def bearer_token(headers: Mapping[str, str]) -> str | None:
    """The token of an ``Authorization: Bearer ...`` header, if there is one."""
    value = headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _host_name(host_header: str) -> str:
    if host_header.startswith("["):
        return host_header.split("]", 1)[0] + "]"
    return host_header.rsplit(":", 1)[0] if host_header.count(":") == 1 else host_header


@dataclass(frozen=True, slots=True)
class Authenticator:
    """Decides a request's grant: ``None`` means refuse it (401)."""

    lookup: TokenLookup | None

    @property
    def open(self) -> bool:
        """Whether no token is configured (loopback-only access, unrestricted)."""
        return self.lookup is None

    def grant_for(self, headers: Mapping[str, str]) -> ScopeGrant | None:
        """The grant of the request with these headers, or ``None`` to refuse it."""
        if self.lookup is None:
            return UNRESTRICTED if _host_name(headers.get("host", "")) in LOOPBACK_HOSTS else None
        token = bearer_token(headers)
        return None if token is None else self.lookup(token)
