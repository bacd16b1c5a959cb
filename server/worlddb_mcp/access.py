"""Scope-aware lookups: which scopes a stored world belongs to, and whether a grant may see it.

Every tool that takes an id (read, amend, retire) resolves it here, so a token bound to
``user_id=alice`` cannot reach bob's memories by id, by prefix, or by following edges. A world
the grant may not see is reported exactly like a missing one, so ids do not leak either.
Scope labels shown to a bound caller are cut to the scopes it may touch (``shown_labels``): a
memory or entity that another scope also holds does not say so.
Runs on worker threads (plain sync code over the engine).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Final

from worlddb.engine import WorldDB
from worlddb.errors import AmbiguousIdError, NotFoundError
from worlddb.model import World
from worlddb.scopes import parse_scope_name
from worlddb_mcp.auth import Grant

__all__ = [
    "Memberships",
    "memberships",
    "permits",
    "resolve_readable",
    "scope_labels",
    "shown_labels",
]

Memberships = dict[str, set[str]]
MAX_PARENT_HOPS: Final = 8  # sessions nest turns one level deep; the cap only guards cycles


def memberships(db: WorldDB, world: World) -> Memberships:
    """The scopes ``world`` belongs to as ``{kind: {values}}``.

    A world without scopes of its own (a session's turn) inherits its nearest ancestor's; a Scope
    world "belongs" to itself.
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
        rid = db.store.rid_of(current.id)
        for sid in db.store.scopes_of(rid) if rid is not None else ():
            scope = db.store.find_world(sid)
            if scope is not None:
                kind, value = parse_scope_name(scope.name)
                out[kind].add(value)
        if out or current.parent is None:
            break
        current = db.store.find_world(current.parent)
    return dict(out)


def scope_labels(found: Memberships) -> list[str]:
    """``["user_id=alice", ...]`` sorted, for outputs."""
    return sorted(f"{kind}={value}" for kind, values in found.items() for value in values)


def shown_labels(
    labels: Iterable[str], grant: Grant, requested: Mapping[str, str] | None = None
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


def permits(db: WorldDB, world: World, grant: Grant) -> bool:
    """Whether ``grant`` may see ``world``."""
    return grant.is_unrestricted or grant.permits_memberships(memberships(db, world))


def resolve_readable(db: WorldDB, target: str, grant: Grant) -> World:
    """The world ``target`` (id or ≥ 8-char prefix) names, among those ``grant`` may see.

    Raises:
        NotFoundError: nothing visible matches (also when the match is out of the grant).
        AmbiguousIdError: several visible worlds match; lists only visible candidates.
        ValidationError: ``target`` is not hex or is shorter than 8 characters.
    """
    try:
        world = db.get(target)
    except AmbiguousIdError as exc:
        if grant.is_unrestricted:
            raise
        visible = [
            c
            for c in exc.candidates
            if (w := db.store.find_world(c)) is not None and permits(db, w, grant)
        ]
        if not visible:
            raise NotFoundError(target) from None
        if len(visible) > 1:
            raise AmbiguousIdError(target, visible) from None
        world = db.get(visible[0])
    if not permits(db, world, grant):
        raise NotFoundError(target)
    return world
