"""The scope-access rule: which scopes a stored world belongs to, and whether a grant may see it.

It lives in the engine, not in a front end, so every front end (the MCP server, a web explorer,
a script) enforces the same rule. A ``ScopeGrant`` constrains the *kinds* it names: a request
must name each constrained kind with one of the allowed values (values of one kind are
alternatives, kinds are all required). A grant bound to ``user_id=alice`` therefore cannot read,
list, retire or purge ``user_id=bob``, nor reach bob's memories through a scope it does not
constrain (``run_id=...`` alone is refused: the request must also say ``user_id=alice``).

``ScopeAccess`` applies a grant to stored worlds: a world the grant may not see is reported
exactly like a missing one (``readable``), so ids do not leak, and a world without scopes of its
own (a session's turn) inherits its nearest ancestor's. Scope labels shown to a bound caller are
cut to the scopes it may touch (``shown_labels``): a memory another scope also holds does not say
so.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from worlddb.errors import AmbiguousIdError, NotFoundError, ScopeError
from worlddb.model import World
from worlddb.scopes import SCOPE_KINDS, parse_scope_name
from worlddb.store.protocols import Store

__all__ = [
    "UNRESTRICTED",
    "Memberships",
    "ScopeAccess",
    "ScopeGrant",
    "scope_labels",
    "shown_labels",
]

Memberships = dict[str, set[str]]
MAX_PARENT_HOPS: Final = 8  # sessions nest turns one level deep; the cap only guards cycles


@dataclass(frozen=True, slots=True)
class ScopeGrant:
    """What one caller may touch: for each constrained scope kind, the allowed values.

    An empty grant (``ScopeGrant()``) is unrestricted.
    """

    allowed: Mapping[str, frozenset[str]] = field(default_factory=dict)

    @property
    def is_unrestricted(self) -> bool:
        """Whether this grant constrains nothing."""
        return not self.allowed

    def describe(self) -> str:
        """The grant as ``user_id='alice'`` text for error messages."""
        return ", ".join(
            f"{kind}={' or '.join(repr(v) for v in sorted(values))}"
            for kind, values in sorted(self.allowed.items())
        )

    def check_request(self, scopes: Mapping[str, str]) -> None:
        """Refuse a request whose ``scopes`` fall outside this grant.

        Raises:
            ScopeError: a constrained kind is missing or has a value the grant does not allow.
        """
        for kind, values in sorted(self.allowed.items()):
            given = scopes.get(kind)
            if given is None:
                raise ScopeError(
                    f"this token is bound to {self.describe()}; add scopes.{kind} "
                    f"({' or '.join(repr(v) for v in sorted(values))}) to the request"
                )
            if given not in values:
                raise ScopeError(
                    f"this token is bound to {self.describe()} and may not use {kind}={given!r}"
                )

    def permits_scope(self, kind: str, value: str) -> bool:
        """Whether one named scope is inside the grant (for purge and scope listing)."""
        if self.is_unrestricted:
            return True
        return value in self.allowed.get(kind, frozenset())

    def permits_memberships(self, memberships: Mapping[str, Iterable[str]]) -> bool:
        """Whether a stored world, member of ``memberships``, is readable under this grant."""
        for kind, values in self.allowed.items():
            if not values & frozenset(memberships.get(kind, ())):
                return False
        return True

    def to_claim(self) -> dict[str, list[str]]:
        """The grant as plain JSON (``{kind: [values]}``), e.g. a bearer token's claim."""
        return {kind: sorted(values) for kind, values in self.allowed.items()}

    @classmethod
    def from_claim(cls, claim: object) -> ScopeGrant:
        """Rebuild a grant from ``to_claim``'s form.

        Raises:
            ScopeError: the claim is malformed (the request is refused, never widened).
        """
        if not isinstance(claim, Mapping):
            raise ScopeError("the token's scope grant is malformed")
        allowed: dict[str, frozenset[str]] = {}
        for kind, values in claim.items():
            if kind not in SCOPE_KINDS or not isinstance(values, list) or not values:
                raise ScopeError("the token's scope grant is malformed")
            allowed[kind] = frozenset(str(v) for v in values)
        return cls(allowed)


UNRESTRICTED: Final = ScopeGrant()


def scope_labels(found: Memberships) -> list[str]:
    """``["user_id=alice", ...]`` sorted, for outputs."""
    return sorted(f"{kind}={value}" for kind, values in found.items() for value in values)


def shown_labels(
    labels: Iterable[str], grant: ScopeGrant, requested: Mapping[str, str] | None = None
) -> list[str]:
    """The ``kind=value`` labels a caller may see, sorted.

    Unrestricted: all of them. Bound: those of a kind the grant constrains with a value it
    allows, and those the request itself named; a label of any other scope (bob's, or a run
    the caller did not ask about) is left out.
    """
    if grant.is_unrestricted:
        return sorted(labels)
    asked = {f"{kind}={value}" for kind, value in (requested or {}).items()}
    shown = []
    for label in labels:
        kind, value = parse_scope_name(label)
        if label in asked or (kind in grant.allowed and grant.permits_scope(kind, value)):
            shown.append(label)
    return sorted(shown)


class ScopeAccess:
    """Applies a ``ScopeGrant`` to stored worlds (reads only)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def memberships(self, world: World) -> Memberships:
        """The scopes ``world`` belongs to as ``{kind: {values}}``.

        A world without scopes of its own (a session's turn) inherits its nearest ancestor's; a
        Scope world "belongs" to itself.
        """
        out: Memberships = defaultdict(set)
        current: World | None = world
        for _ in range(MAX_PARENT_HOPS):
            if current is None:
                break
            if current.type == "Scope":
                kind, value = parse_scope_name(current.name)
                out[kind].add(value)
                break
            rid = self.store.rid_of(current.id)
            for sid in self.store.scopes_of(rid) if rid is not None else ():
                scope = self.store.find_world(sid)
                if scope is not None:
                    kind, value = parse_scope_name(scope.name)
                    out[kind].add(value)
            if out or current.parent is None:
                break
            current = self.store.find_world(current.parent)
        return dict(out)

    def permits(self, world: World, grant: ScopeGrant) -> bool:
        """Whether ``grant`` may see ``world``."""
        return grant.is_unrestricted or grant.permits_memberships(self.memberships(world))

    def readable(self, target: str, grant: ScopeGrant) -> World:
        """The world ``target`` (id or ≥ 8-char prefix) names, among those ``grant`` may see.

        Raises:
            NotFoundError: nothing visible matches (also when the match is out of the grant).
            AmbiguousIdError: several visible worlds match; lists only visible candidates.
            ValidationError: ``target`` is not hex or is shorter than 8 characters.
        """
        try:
            world = self.store.get_world(target)
        except AmbiguousIdError as exc:
            if grant.is_unrestricted:
                raise
            visible = [
                c
                for c in exc.candidates
                if (w := self.store.find_world(c)) is not None and self.permits(w, grant)
            ]
            if not visible:
                raise NotFoundError(target) from None
            if len(visible) > 1:
                raise AmbiguousIdError(target, visible) from None
            world = self.store.get_world(visible[0])
        if not self.permits(world, grant):
            raise NotFoundError(target)
        return world
