"""Bearer tokens for the HTTP transport, and the scope grants they carry.

A token file holds one token per line, optionally followed by the scopes it is bound to::

    # comment
    3f9c...e1            (unbound: may touch every scope)
    8a71...0c user_id=alice
    c2d4...9b user_id=alice user_id=carol agent_id=planner

A grant (``worlddb.engine.access.ScopeGrant``, here ``Grant``) constrains the *kinds* it names:
a request must name each constrained kind with one of the allowed values (values of one kind are
alternatives, kinds are all required). A token bound to ``user_id=alice`` therefore cannot read,
list, retire or purge ``user_id=bob``, nor reach bob's memories through a scope it does not
constrain (``run_id=...`` alone is refused: the request must also say ``user_id=alice``).

Tokens are compared in constant time and never logged; the ``client_id`` the SDK sees is a
short fingerprint. The grant travels to the tools in ``AccessToken.claims`` and is read back with
``current_grant()`` (the SDK's auth context variable follows each request into tool threads).
"""

from __future__ import annotations

import hmac
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken

from worlddb.engine.access import UNRESTRICTED, ScopeGrant
from worlddb.errors import ValidationError
from worlddb.hashing import digest
from worlddb.scopes import SCOPE_KINDS

__all__ = [
    "GRANT_CLAIM",
    "MIN_TOKEN_CHARS",
    "Grant",
    "StaticTokenVerifier",
    "TokenRegistry",
    "current_grant",
    "load_tokens",
    "parse_token_line",
]

logger = logging.getLogger(__name__)

GRANT_CLAIM: Final = "worlddb_scopes"
MIN_TOKEN_CHARS: Final = 16  # shorter tokens are guessable; refuse them outright


# The grant itself, and the rule that applies it to stored worlds, live in the engine
# (``worlddb.engine.access``) so every front end enforces the same rule; a token carries one.
Grant = ScopeGrant


def parse_token_line(line: str, *, where: str = "token") -> tuple[str, Grant] | None:
    """Parse ``TOKEN [kind=value ...]``; ``None`` for blank and comment lines.

    Raises:
        ValidationError: the token is too short or a binding is not ``kind=value``.
    """
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    token, *bindings = text.split()
    kind, sep, _ = token.partition("=")
    if sep and kind in SCOPE_KINDS:
        raise ValidationError(
            f"{where}: the line starts with the scope binding {token!r} but has no token before it",
            field="token",
        )
    if len(token) < MIN_TOKEN_CHARS:
        raise ValidationError(
            f"{where}: tokens must be at least {MIN_TOKEN_CHARS} characters "
            "(generate one with `worlddb-mcp --new-token` or `openssl rand -hex 32`)",
            field="token",
        )
    allowed: dict[str, set[str]] = {}
    for binding in bindings:
        kind, sep, value = binding.partition("=")
        if not sep or kind not in SCOPE_KINDS or not value:
            raise ValidationError(
                f"{where}: scope binding {binding!r} must be kind=value with kind one of "
                f"{', '.join(SCOPE_KINDS)}",
                field="token",
                value=binding,
            )
        allowed.setdefault(kind, set()).add(value)
    return token, Grant({k: frozenset(v) for k, v in allowed.items()})


@dataclass(frozen=True, slots=True)
class TokenRegistry:
    """The tokens one server accepts, each with its grant."""

    tokens: tuple[tuple[str, Grant], ...]

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def lookup(self, presented: str) -> Grant | None:
        """The grant of ``presented``, compared in constant time against every token."""
        found: Grant | None = None
        candidate = presented.encode("utf-8", "surrogatepass")
        for token, grant in self.tokens:
            if hmac.compare_digest(candidate, token.encode("utf-8")):
                found = grant
        return found


def load_tokens(
    *, token_file: str | Path | None = None, env: Mapping[str, str] | None = None
) -> TokenRegistry:
    """Collect tokens from ``WORLDDB_TOKEN`` (one ``TOKEN [bindings]`` line) and a token file.

    The file is ``token_file``, or ``WORLDDB_TOKEN_FILE`` when that is not given. Anything that
    asks for auth but supplies no token -- ``WORLDDB_TOKEN`` set to blanks, an empty file path, a
    file of only comments -- is refused rather than read as "no auth": the server would otherwise
    start open while its operator believes it is locked.

    Raises:
        ValidationError: the file is missing or empty, a line is malformed, or a setting that
            should hold a token is blank.
    """
    environ = os.environ if env is None else env
    entries: list[tuple[str, Grant]] = []
    if "WORLDDB_TOKEN" in environ:
        # Set but blank is a mistake (an unfilled template, a missing secret), never "no auth".
        parsed = parse_token_line(environ["WORLDDB_TOKEN"], where="WORLDDB_TOKEN")
        if parsed is None:
            raise ValidationError(
                "WORLDDB_TOKEN is set but holds no token; put a token in it or unset it",
                field="WORLDDB_TOKEN",
            )
        entries.append(parsed)
    if token_file is None and "WORLDDB_TOKEN_FILE" in environ:
        token_file = environ["WORLDDB_TOKEN_FILE"]
    if token_file is not None:
        if not str(token_file).strip():
            raise ValidationError(
                "the token file path is empty; name a file or unset WORLDDB_TOKEN_FILE",
                field="token_file",
            )
        path = Path(token_file).expanduser()
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise ValidationError(
                f"cannot read token file {str(path)!r}: {exc.strerror}",
                field="token_file",
                value=str(path),
            ) from None
        found = 0
        for number, line in enumerate(lines, start=1):
            parsed = parse_token_line(line, where=f"{path.name}:{number}")
            if parsed is not None:
                entries.append(parsed)
                found += 1
        if not found:
            raise ValidationError(
                f"token file {str(path)!r} holds no tokens; add one per line or drop the file",
                field="token_file",
                value=str(path),
            )
    return TokenRegistry(tuple(entries))


class StaticTokenVerifier:
    """The SDK ``TokenVerifier`` over a ``TokenRegistry``: no expiry, no network."""

    def __init__(self, registry: TokenRegistry) -> None:
        self._registry = registry

    async def verify_token(self, token: str) -> AccessToken | None:
        grant = self._registry.lookup(token)
        if grant is None:
            logger.info("refused a bearer token (fingerprint %s)", _fingerprint(token))
            return None
        return AccessToken(
            token=token,
            client_id=f"token-{_fingerprint(token)}",
            scopes=[],
            claims={GRANT_CLAIM: grant.to_claim()},
        )


def _fingerprint(token: str) -> str:
    return digest(token.encode("utf-8", "surrogatepass"))[:8]


def current_grant() -> Grant:
    """The grant of the request being served; unrestricted on stdio and tokenless HTTP."""
    access = get_access_token()
    if access is None or not access.claims or GRANT_CLAIM not in access.claims:
        return UNRESTRICTED
    return Grant.from_claim(access.claims[GRANT_CLAIM])
