"""Canonical encoding and blake3 ids. Pure: no I/O, no clock.

The canonical form is a restricted JSON: objects with string keys (sorted by code point),
arrays, strings, integers, ``true``/``false`` and ``null``. There is no float, no bytes, no
``repr`` fallback: anything else raises ``CanonicalEncodingError``, because two encoders that
disagree on one float would silently fork a world's id. Strings must be valid Unicode (no lone
surrogates); separators are fixed and no whitespace is emitted, so equal values always give equal
bytes and ``decode(encode(v)) == v``.

A world's id is ``blake3(canonical_bytes)`` as 64 hex characters, where the canonical bytes carry
a format tag, the type, name, content, children ids, interior edges and ``created_at``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from blake3 import blake3

from worlddb.errors import CanonicalEncodingError
from worlddb.model import EdgeSpec, InteriorEdge, NodeId, WorldSpec

__all__ = [
    "MAX_DEPTH",
    "WORLD_FORMAT",
    "canonical_bytes",
    "decode_canonical",
    "decode_world",
    "digest",
    "edge_id",
    "is_node_id",
    "scope_world",
    "world_bytes",
    "world_id",
]

WORLD_FORMAT = "worlddb.world/1"
EDGE_FORMAT = "worlddb.edge/1"
MAX_DEPTH = 32
_HEX = frozenset("0123456789abcdef")
_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1

CanonicalValue = (
    None | bool | int | str | Sequence["CanonicalValue"] | Mapping[str, "CanonicalValue"]
)


def _check(value: object, depth: int) -> object:
    """Validate ``value`` and return a plain structure ready for ``json.dumps``."""
    if depth > MAX_DEPTH:
        raise CanonicalEncodingError(f"value nests deeper than {MAX_DEPTH} levels")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not _INT_MIN <= value <= _INT_MAX:
            raise CanonicalEncodingError(
                f"integer {value!r} is outside the signed 64-bit range", value=value
            )
        return value
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise CanonicalEncodingError(
                f"string {value[:40]!r} is not valid Unicode (lone surrogate)", value=value
            ) from None
        return value
    if isinstance(value, list | tuple):
        return [_check(item, depth + 1) for item in value]
    if isinstance(value, Mapping):
        out: dict[str, object] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise CanonicalEncodingError(
                    f"object keys must be strings, not {key!r}", value=key
                )
            _check(key, depth + 1)
            out[key] = _check(item, depth + 1)
        return out
    raise CanonicalEncodingError(
        f"{type(value).__name__} value {value!r} has no canonical encoding "
        "(allowed: str, int, bool, None, list, dict with str keys)",
        value=value,
    )


def canonical_bytes(value: object) -> bytes:
    """Encode ``value`` canonically, or raise ``CanonicalEncodingError``."""
    plain = _check(value, 0)
    return json.dumps(
        plain, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
    ).encode("utf-8")


def decode_canonical(data: bytes) -> object:
    """Decode canonical bytes, refusing any input that is not exactly canonical."""
    try:
        value = json.loads(data.decode("utf-8"), parse_float=_refuse_float, parse_constant=_refuse)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise CanonicalEncodingError(f"bytes are not canonical JSON: {exc}") from None
    if canonical_bytes(value) != data:
        raise CanonicalEncodingError("bytes decode but are not in canonical form")
    return value


def _refuse_float(text: str) -> object:
    raise CanonicalEncodingError(f"floats are not canonical: {text!r}")


def _refuse(text: str) -> object:
    raise CanonicalEncodingError(f"constant {text!r} is not canonical")


def digest(data: bytes) -> str:
    """blake3-256 of ``data`` as lowercase hex."""
    return blake3(data).hexdigest()


def _world_value(spec: WorldSpec) -> dict[str, object]:
    return {
        "f": WORLD_FORMAT,
        "type": spec.type,
        "name": spec.name,
        "content": spec.content,
        "children": list(spec.children),
        "edges": sorted([e.type, e.source, e.target] for e in spec.edges),
        "created_at": spec.created_at,
    }


def world_bytes(spec: WorldSpec) -> bytes:
    """The canonical bytes of a world's hashed content."""
    return canonical_bytes(_world_value(spec))


def world_id(spec: WorldSpec) -> NodeId:
    """The content id of a world: blake3 of its canonical bytes."""
    return NodeId(digest(world_bytes(spec)))


def decode_world(data: bytes) -> WorldSpec:
    """Rebuild the hashed part of a world from its canonical bytes."""
    value = decode_canonical(data)
    if not isinstance(value, dict) or value.get("f") != WORLD_FORMAT:
        raise CanonicalEncodingError("bytes are not a canonical world")
    try:
        edges = tuple(InteriorEdge(str(t), str(s), str(d)) for t, s, d in value["edges"])
        return WorldSpec(
            type=str(value["type"]),
            name=str(value["name"]),
            content=str(value["content"]),
            children=tuple(str(c) for c in value["children"]),
            edges=edges,
            created_at=int(value["created_at"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CanonicalEncodingError(f"canonical world is malformed: {exc}") from None


def edge_id(spec: EdgeSpec) -> str:
    """An edge's id hashes its type and endpoints: one edge per (type, source, target)."""
    return digest(canonical_bytes({"f": EDGE_FORMAT, "type": spec.type,
                                   "source": spec.source, "target": spec.target}))


def is_node_id(text: str) -> bool:
    """Whether ``text`` is a full 64-hex-character world id."""
    return len(text) == 64 and set(text) <= _HEX


def scope_world(kind: str, value: str) -> WorldSpec:
    """The Scope world for ``kind=value``: deterministic, so every writer derives the same id."""
    return WorldSpec(type="Scope", name=f"{kind}={value}", content="", created_at=0)
