"""Changeset validation: everything that can be checked before the transaction opens.

A changeset that fails here raises ``ValidationError`` (or ``CanonicalEncodingError``) and never
touches the store. Checks that need the transaction's view (handlers) happen later.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from worlddb.errors import ValidationError
from worlddb.hashing import canonical_bytes, is_node_id, world_bytes, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec

__all__ = ["MAX_CONTENT_CHARS", "validate_changeset"]

MAX_CONTENT_CHARS: Final = 1_000_000
MAX_NAME_CHARS: Final = 1_000
MAX_SOURCE_CHARS: Final = 2_000
_WORLD_TYPE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")


def _fail(message: str, field: str, value: object) -> ValidationError:
    return ValidationError(message, field=field, value=value)


def _check_interval(valid_from: int | None, valid_to: int | None, where: str) -> None:
    for name, value in (("valid_from", valid_from), ("valid_to", valid_to)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise _fail(f"{where}: {name} must be int microseconds or None, not {value!r}",
                        name, value)
    if valid_from is not None and valid_to is not None and valid_to <= valid_from:
        raise _fail(f"{where}: valid_to {valid_to!r} must be after valid_from {valid_from!r}",
                    "valid_to", valid_to)


def _check_world(spec: WorldSpec, index: int) -> None:
    where = f"world #{index}"
    if not isinstance(spec, WorldSpec):
        raise _fail(f"{where} must be a WorldSpec, not {type(spec).__name__}", "worlds", spec)
    if not isinstance(spec.type, str) or not _WORLD_TYPE.match(spec.type):
        raise _fail(f"{where}: type {spec.type!r} must be a letter followed by up to 63 "
                    "letters, digits or underscores", "type", spec.type)
    for name, value, limit in (("name", spec.name, MAX_NAME_CHARS),
                               ("content", spec.content, MAX_CONTENT_CHARS)):
        if not isinstance(value, str):
            raise _fail(f"{where}: {name} must be a string, not {value!r}", name, value)
        if len(value) > limit:
            raise _fail(f"{where}: {name} has {len(value)} characters; the limit is {limit}",
                        name, len(value))
    if not isinstance(spec.created_at, int) or isinstance(spec.created_at, bool):
        raise _fail(f"{where}: created_at must be int microseconds", "created_at",
                    spec.created_at)
    _check_interval(spec.valid_from, spec.valid_to, where)
    if len(set(spec.children)) != len(spec.children):
        raise _fail(f"{where}: children must not repeat an id", "children", spec.children)
    for child in spec.children:
        if not isinstance(child, str) or not is_node_id(child):
            raise _fail(f"{where}: child {child!r} is not a full world id", "children", child)
    kids = set(spec.children)
    for edge in spec.edges:
        if edge.source not in kids or edge.target not in kids:
            raise _fail(f"{where}: interior edge {edge.type!r} must join two of its children",
                        "edges", edge)
    for label, items, limit in (("provenance", spec.provenance, MAX_SOURCE_CHARS),
                                ("aliases", spec.aliases, MAX_NAME_CHARS)):
        for item in items:
            if not isinstance(item, str) or not item.strip() or len(item) > limit:
                raise _fail(f"{where}: each {label} entry must be a non-empty string of at "
                            f"most {limit} characters, not {item!r}", label, item)
    for flag in spec.flags:
        if not isinstance(flag, str) or not re.fullmatch(r"[a-z_]{1,32}", flag):
            raise _fail(f"{where}: flag {flag!r} must be 1-32 lowercase letters", "flags", flag)
    world_bytes(spec)  # raises CanonicalEncodingError for anything without a canonical form


def _check_edge(spec: EdgeSpec, index: int, is_type: Callable[[str], bool]) -> None:
    where = f"edge #{index}"
    if not isinstance(spec, EdgeSpec):
        raise _fail(f"{where} must be an EdgeSpec, not {type(spec).__name__}", "edges", spec)
    if not isinstance(spec.type, str) or not is_type(spec.type):
        raise _fail(f"{where}: unknown edge type {spec.type!r}", "type", spec.type)
    for name, value in (("source", spec.source), ("target", spec.target)):
        if not isinstance(value, str) or not is_node_id(value):
            raise _fail(f"{where}: {name} {value!r} is not a full world id", name, value)
    _check_interval(spec.valid_from, spec.valid_to, where)
    canonical_bytes(dict(spec.properties))


def validate_changeset(changeset: Changeset, *, is_type: Callable[[str], bool],
                       exists: Callable[[str], bool]) -> dict[str, WorldSpec]:
    """Check a changeset; return its worlds keyed by their content id (first spec wins)."""
    if not isinstance(changeset, Changeset):
        raise _fail(f"expected a Changeset, not {type(changeset).__name__}", "changeset",
                    changeset)
    if changeset.source is not None and (
            not isinstance(changeset.source, str) or len(changeset.source) > MAX_SOURCE_CHARS):
        raise _fail("changeset source must be a string of at most 2000 characters", "source",
                    changeset.source)
    worlds: dict[str, WorldSpec] = {}
    for i, spec in enumerate(changeset.worlds):
        _check_world(spec, i)
        worlds.setdefault(world_id(spec), spec)
    known = set(worlds)
    for wid, spec in worlds.items():
        for child in spec.children:
            if child not in known and not exists(child):
                raise _fail(f"world {wid[:12]}: child {child[:16]} does not exist", "children",
                            child)
            if child == wid:
                raise _fail("a world cannot contain itself", "children", child)
    for i, edge in enumerate(changeset.edges):
        _check_edge(edge, i, is_type)
        for endpoint in (edge.source, edge.target):
            if endpoint not in known and not exists(endpoint):
                raise _fail(f"edge #{i} ({edge.type}): world {endpoint[:16]} does not exist",
                            "edges", endpoint)
    return worlds

