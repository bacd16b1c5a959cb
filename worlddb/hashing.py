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
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from json.encoder import encode_basestring as _encode_string

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
    "properties_bytes",
    "scope_world",
    "world_bytes",
    "world_id",
]

WORLD_FORMAT = "worlddb.world/1"
EDGE_FORMAT = "worlddb.edge/1"
MAX_DEPTH = 32
_HEX_ID = re.compile(r"[0-9a-f]{64}\Z")
_INT_MIN, _INT_MAX = -(2**63), 2**63 - 1
_PLAIN_TYPE = re.compile(r"[a-z][a-z0-9_]{0,63}\Z")

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
                raise CanonicalEncodingError(f"object keys must be strings, not {key!r}", value=key)
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
    except CanonicalEncodingError:
        raise
    except (ValueError, RecursionError) as exc:  # ValueError: bad UTF-8/JSON, int digit limit
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


def _utf8(text: object, what: str) -> str:
    """``text`` if it is a str that encodes as UTF-8; the fast path of ``_check`` for strings."""
    if not isinstance(text, str):
        raise CanonicalEncodingError(f"{what} must be a string, not {text!r}", value=text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise CanonicalEncodingError(
            f"{what} {text[:40]!r} is not valid Unicode (lone surrogate)", value=text
        ) from None
    return text


def world_bytes(spec: WorldSpec) -> bytes:
    """The canonical bytes of a world's hashed content.

    Equivalent to ``canonical_bytes`` of the world's value, specialised because every write
    hashes every world: the JSON text is spelled out field by field (keys in sorted order, the
    strings escaped by ``json``'s own encoder), which is byte for byte what ``json.dumps`` with
    the canonical settings gives (``tests/test_hashing.py`` checks the two against each other).
    Anything unusual (a non-string, a lone surrogate) goes through the checked encoder, which
    raises the precise ``CanonicalEncodingError``.
    """
    created = spec.created_at
    if type(created) is int and _INT_MIN <= created <= _INT_MAX:
        try:
            return _spelled_world_bytes(spec, created)
        except (TypeError, AttributeError, ValueError):
            pass  # the checked encoder below raises the precise error
    return _checked_world_bytes(spec)


_CHILDREN, _CONTENT, _EDGES = '{"children":[', '],"content":', ',"edges":['
_FORMAT_NAME = f'],"f":{_encode_string(WORLD_FORMAT)},"name":'


def _spelled_world_bytes(spec: WorldSpec, created: int) -> bytes:
    """``world_bytes`` for well-typed fields; raises on anything else (see ``world_bytes``)."""
    children = ",".join([_encode_string(c) for c in spec.children]) if spec.children else ""
    if spec.edges:
        triples = sorted([e.type, e.source, e.target] for e in spec.edges)
        edges = ",".join(
            [
                f"[{_encode_string(t)},{_encode_string(s)},{_encode_string(d)}]"
                for t, s, d in triples
            ]
        )
    else:
        edges = ""
    text = (
        f"{_CHILDREN}{children}{_CONTENT}{_encode_string(spec.content)},"
        f'"created_at":{int.__repr__(created)}{_EDGES}{edges}{_FORMAT_NAME}'
        f'{_encode_string(spec.name)},"type":{_encode_string(spec.type)}}}'
    )
    return text.encode("utf-8")  # UnicodeEncodeError (a ValueError) on a lone surrogate


def _checked_world_bytes(spec: WorldSpec) -> bytes:
    """The reference encoder of a world: every field checked, then ``json.dumps``."""
    created = spec.created_at
    if (
        isinstance(created, bool)
        or not isinstance(created, int)
        or not _INT_MIN <= created <= _INT_MAX
    ):
        raise CanonicalEncodingError(
            f"created_at {created!r} must be a 64-bit integer", value=created
        )
    value = {
        "children": [_utf8(c, "child id") for c in spec.children],
        "content": _utf8(spec.content, "content"),
        "created_at": created,
        "edges": sorted(
            [
                _utf8(e.type, "edge type"),
                _utf8(e.source, "edge source"),
                _utf8(e.target, "edge target"),
            ]
            for e in spec.edges
        ),
        "f": WORLD_FORMAT,
        "name": _utf8(spec.name, "name"),
        "type": _utf8(spec.type, "type"),
    }
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode(
        "utf-8"
    )


def world_id(spec: WorldSpec) -> NodeId:
    """The content id of a world: blake3 of its canonical bytes."""
    return NodeId(digest(world_bytes(spec)))


def decode_world(data: bytes, *, verify: bool = True) -> WorldSpec:
    """Rebuild the hashed part of a world from its canonical bytes.

    ``verify=False`` skips proving the bytes canonical (re-encoding them), for the store's own
    reads of blobs it wrote; ``worlddb.verify`` checks those separately (invariant I1).
    """
    if not verify:
        try:
            value = json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CanonicalEncodingError(f"bytes are not canonical JSON: {exc}") from None
    else:
        value = decode_canonical(data)
    if not isinstance(value, dict) or value.get("f") != WORLD_FORMAT:
        raise CanonicalEncodingError("bytes are not a canonical world")
    try:
        edges = tuple(InteriorEdge(str(t), str(s), str(d)) for t, s, d in value["edges"])
        spec = WorldSpec(
            type=str(value["type"]),
            name=str(value["name"]),
            content=str(value["content"]),
            children=tuple(str(c) for c in value["children"]),
            edges=edges,
            created_at=int(value["created_at"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CanonicalEncodingError(f"canonical world is malformed: {exc}") from None
    if verify and world_bytes(spec) != data:  # coerced fields, extra keys or unsorted edges
        raise CanonicalEncodingError("bytes are canonical JSON but not a canonical world")
    return spec


@lru_cache(maxsize=256)
def _plain_type(name: str) -> bool:
    return _PLAIN_TYPE.match(name) is not None


def edge_id(spec: EdgeSpec, *, ids_checked: bool = False) -> str:
    """An edge's id hashes its type and endpoints: one edge per (type, source, target).

    ``ids_checked``: the caller has already proven both endpoints full world ids (the
    reconciler, after validation), so they are not matched against the id pattern again.
    """
    if (
        isinstance(spec.type, str)
        and _plain_type(spec.type)
        and (ids_checked or (is_node_id(spec.source) and is_node_id(spec.target)))
    ):
        # Nothing here needs JSON escaping, so the canonical text can be spelled out directly.
        text = (
            f'{{"f":"{EDGE_FORMAT}","source":"{spec.source}","target":"{spec.target}",'
            f'"type":"{spec.type}"}}'
        )
        return digest(text.encode("ascii"))
    value = {
        "f": EDGE_FORMAT,
        "source": _utf8(spec.source, "edge source"),
        "target": _utf8(spec.target, "edge target"),
        "type": _utf8(spec.type, "edge type"),
    }
    return digest(
        json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    )


def properties_bytes(properties: Mapping[str, object]) -> bytes:
    """Canonical bytes of an edge's properties (``{}`` without encoding work when empty)."""
    return b"{}" if not properties else canonical_bytes(dict(properties))


def is_node_id(text: str) -> bool:
    """Whether ``text`` is a full 64-hex-character world id."""
    return isinstance(text, str) and len(text) == 64 and _HEX_ID.match(text) is not None


def scope_world(kind: str, value: str) -> WorldSpec:
    """The Scope world for ``kind=value``: deterministic, so every writer derives the same id."""
    return WorldSpec(type="Scope", name=f"{kind}={value}", content="", created_at=0)
