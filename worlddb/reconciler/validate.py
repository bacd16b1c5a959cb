"""Changeset validation: everything that can be checked before the transaction opens.

A changeset that fails here raises ``ValidationError`` (or ``CanonicalEncodingError``) and never
touches the store. Checks that need the transaction's view (handlers) happen later.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from worlddb.errors import ValidationError
from worlddb.hashing import canonical_bytes, digest, is_node_id, properties_bytes, world_bytes
from worlddb.model import Changeset, EdgeSpec, InteriorEdge, WorldSpec

__all__ = ["MAX_CONTENT_CHARS", "Checked", "validate_changeset"]

MAX_CONTENT_CHARS: Final = 1_000_000
MAX_NAME_CHARS: Final = 1_000
MAX_SOURCE_CHARS: Final = 2_000
_WORLD_TYPE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1  # what SQLite's INTEGER can hold


def _items(value: object, name: str, where: str) -> tuple[object, ...]:
    """A collection field as a tuple; a str (iterable by character) or a scalar is refused."""
    if isinstance(value, str | bytes) or not isinstance(value, tuple | list | set | frozenset):
        raise _fail(f"{where}: {name} must be a tuple, not {value!r}", name, value)
    return tuple(value)


def _fail(message: str, field: str, value: object) -> ValidationError:
    return ValidationError(message, field=field, value=value)


def _check_interval(valid_from: int | None, valid_to: int | None, where: str) -> None:
    if valid_from is None and valid_to is None:
        return
    for name, value in (("valid_from", valid_from), ("valid_to", valid_to)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise _fail(
                f"{where}: {name} must be int microseconds or None, not {value!r}", name, value
            )
        if value is not None and not _INT64_MIN <= value <= _INT64_MAX:
            raise _fail(f"{where}: {name} {value!r} is outside the 64-bit range", name, value)
    if valid_from is not None and valid_to is not None and valid_to <= valid_from:
        raise _fail(
            f"{where}: valid_to {valid_to!r} must be after valid_from {valid_from!r}",
            "valid_to",
            valid_to,
        )


@lru_cache(maxsize=1024)
def _valid_world_type(name: str) -> bool:
    return _WORLD_TYPE.match(name) is not None


def _plain_world(spec: object) -> bool:
    """Whether ``spec`` has the common shape that needs none of ``_check_world``'s slow checks:
    well-typed text within the limits, an ``int`` time, and no children, interior edges,
    validity, provenance, aliases or flags (``world_bytes`` still checks the encoding)."""
    return (
        type(spec) is WorldSpec
        and type(spec.type) is str
        and type(spec.name) is str
        and type(spec.content) is str
        and type(spec.created_at) is int
        and spec.valid_from is None
        and spec.valid_to is None
        and spec.children == ()
        and spec.edges == ()
        and spec.provenance == ()
        and spec.aliases == ()
        and spec.flags == frozenset()
        and len(spec.name) <= MAX_NAME_CHARS
        and len(spec.content) <= MAX_CONTENT_CHARS
        and _valid_world_type(spec.type)
    )


def _plain_edge(edge: object, types: set[str], ids: set[str]) -> bool:
    """Whether ``edge`` is a property-less, validity-less edge of a type already proven
    registered, between ids already proven full world ids (nothing left to check)."""
    return (
        type(edge) is EdgeSpec
        and type(edge.type) is str
        and edge.type in types
        and type(edge.source) is str
        and edge.source in ids
        and type(edge.target) is str
        and edge.target in ids
        and edge.valid_from is None
        and edge.valid_to is None
        and type(edge.properties) is dict
        and not edge.properties
    )


def _check_world(spec: WorldSpec, index: int, is_type: Callable[[str], bool]) -> bytes:
    where = f"world #{index}"
    if not isinstance(spec, WorldSpec):
        raise _fail(f"{where} must be a WorldSpec, not {type(spec).__name__}", "worlds", spec)
    if not isinstance(spec.type, str) or not _WORLD_TYPE.match(spec.type):
        raise _fail(
            f"{where}: type {spec.type!r} must be a letter followed by up to 63 "
            "letters, digits or underscores",
            "type",
            spec.type,
        )
    for name, value, limit in (
        ("name", spec.name, MAX_NAME_CHARS),
        ("content", spec.content, MAX_CONTENT_CHARS),
    ):
        if not isinstance(value, str):
            raise _fail(f"{where}: {name} must be a string, not {value!r}", name, value)
        if len(value) > limit:
            raise _fail(
                f"{where}: {name} has {len(value)} characters; the limit is {limit}",
                name,
                len(value),
            )
    if not isinstance(spec.created_at, int) or isinstance(spec.created_at, bool):
        raise _fail(f"{where}: created_at must be int microseconds", "created_at", spec.created_at)
    _check_interval(spec.valid_from, spec.valid_to, where)
    children = _items(spec.children, "children", where)
    for child in children:
        if not isinstance(child, str) or not is_node_id(child):
            raise _fail(f"{where}: child {child!r} is not a full world id", "children", child)
    if len(set(children)) != len(children):
        raise _fail(f"{where}: children must not repeat an id", "children", spec.children)
    kids = set(children)
    for edge in _items(spec.edges, "edges", where):
        if (
            not isinstance(edge, InteriorEdge)
            or not isinstance(edge.type, str)
            or not is_type(edge.type)
        ):
            raise _fail(
                f"{where}: interior edge {edge!r} must be an InteriorEdge of a registered type",
                "edges",
                edge,
            )
        if edge.source not in kids or edge.target not in kids:
            raise _fail(
                f"{where}: interior edge {edge.type!r} must join two of its children", "edges", edge
            )
    for label, items, limit in (
        ("provenance", spec.provenance, MAX_SOURCE_CHARS),
        ("aliases", spec.aliases, MAX_NAME_CHARS),
    ):
        if items == ():
            continue  # the usual case: nothing to check or encode
        for item in _items(items, label, where):
            if not isinstance(item, str) or not item.strip() or len(item) > limit:
                raise _fail(
                    f"{where}: each {label} entry must be a non-empty string of at "
                    f"most {limit} characters, not {item!r}",
                    label,
                    item,
                )
        canonical_bytes(items)  # a lone surrogate cannot be stored: CanonicalEncodingError
    for flag in _items(spec.flags, "flags", where) if spec.flags else ():
        if not isinstance(flag, str) or not re.fullmatch(r"[a-z_]{1,32}", flag):
            raise _fail(f"{where}: flag {flag!r} must be 1-32 lowercase letters", "flags", flag)
    return world_bytes(spec)  # raises CanonicalEncodingError for anything non-canonical


def _check_edge(spec: EdgeSpec, index: int, is_type: Callable[[str], bool], ids: set[str]) -> None:
    """``ids``: strings already proven full world ids (grows; spares the pattern match)."""
    where = f"edge #{index}"
    if not isinstance(spec, EdgeSpec):
        raise _fail(f"{where} must be an EdgeSpec, not {type(spec).__name__}", "edges", spec)
    if not isinstance(spec.type, str) or not is_type(spec.type):
        raise _fail(f"{where}: unknown edge type {spec.type!r}", "type", spec.type)
    for name, value in (("source", spec.source), ("target", spec.target)):
        if type(value) is str and value in ids:
            continue
        if not isinstance(value, str) or not is_node_id(value):
            raise _fail(f"{where}: {name} {value!r} is not a full world id", name, value)
        ids.add(value)
    if spec.valid_from is not None or spec.valid_to is not None:
        _check_interval(spec.valid_from, spec.valid_to, where)
    if not isinstance(spec.properties, Mapping):
        raise _fail(f"{where}: properties must be a mapping", "properties", spec.properties)
    if spec.properties:
        properties_bytes(spec.properties)


@dataclass(frozen=True, slots=True)
class Checked:
    """A validated changeset: worlds by content id with their canonical bytes."""

    worlds: dict[str, WorldSpec]
    bodies: dict[str, bytes]
    stored: set[str]


def validate_changeset(
    changeset: Changeset,
    *,
    is_type: Callable[[str], bool],
    existing: Callable[[Iterable[str]], set[str]],
) -> Checked:
    """Check a changeset; worlds are keyed by content id (the first spec of an id wins).

    ``existing`` answers, in one batch, which ids are already stored.
    """
    if not isinstance(changeset, Changeset):
        raise _fail(f"expected a Changeset, not {type(changeset).__name__}", "changeset", changeset)
    if changeset.source is not None and (
        not isinstance(changeset.source, str) or len(changeset.source) > MAX_SOURCE_CHARS
    ):
        raise _fail(
            "changeset source must be a string of at most 2000 characters",
            "source",
            changeset.source,
        )
    canonical_bytes(changeset.source)  # a lone surrogate cannot be stored
    worlds: dict[str, WorldSpec] = {}
    bodies: dict[str, bytes] = {}
    _items(changeset.worlds, "worlds", "changeset")
    _items(changeset.edges, "edges", "changeset")
    for i, spec in enumerate(changeset.worlds):
        body = world_bytes(spec) if _plain_world(spec) else _check_world(spec, i, is_type)
        wid = digest(body)
        if wid not in worlds:
            worlds[wid] = spec
            bodies[wid] = body
    ids = set(worlds)  # blake3 digests: full world ids by construction
    edge_types: set[str] = set()  # types this changeset has already proven registered
    for i, edge in enumerate(changeset.edges):
        if not _plain_edge(edge, edge_types, ids):
            _check_edge(edge, i, is_type, ids)
            edge_types.add(edge.type)
    referenced = {c for spec in worlds.values() for c in spec.children}
    referenced |= {e.source for e in changeset.edges} | {e.target for e in changeset.edges}
    stored = existing([*worlds, *referenced])
    known = stored | set(worlds)
    for wid, spec in worlds.items():
        for child in spec.children:
            if child == wid:
                raise _fail("a world cannot contain itself", "children", child)
            if child not in known:
                raise _fail(
                    f"world {wid[:12]}: child {child[:16]} does not exist", "children", child
                )
    for i, edge in enumerate(changeset.edges):
        for endpoint in (edge.source, edge.target):
            if endpoint not in known:
                raise _fail(
                    f"edge #{i} ({edge.type}): world {endpoint[:16]} does not exist",
                    "edges",
                    endpoint,
                )
    return Checked(worlds=worlds, bodies=bodies, stored=stored)
