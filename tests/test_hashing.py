"""The canonical codec and content ids: round trips, refusals and a pinned byte format."""

from __future__ import annotations

import json

import pytest
from blake3 import blake3
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import INT64, canonical_values, lone_surrogates, safe_text, world_specs
from worlddb.errors import CanonicalEncodingError, ValidationError
from worlddb.hashing import (
    MAX_DEPTH,
    canonical_bytes,
    decode_canonical,
    decode_world,
    digest,
    edge_id,
    is_node_id,
    scope_world,
    world_bytes,
    world_id,
)
from worlddb.model import EdgeSpec, InteriorEdge, WorldSpec

A = "a" * 64
B = "b" * 64


@given(canonical_values())
def test_decode_inverts_encode(value: object) -> None:
    data = canonical_bytes(value)
    assert decode_canonical(data) == _plain(value)
    assert canonical_bytes(decode_canonical(data)) == data


def _plain(value: object) -> object:
    """What a JSON round trip makes of a value (tuples become lists)."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@given(st.dictionaries(safe_text, st.integers(*INT64), max_size=8), st.randoms())
def test_key_order_does_not_change_the_bytes(mapping: dict[str, int], rnd: object) -> None:
    items = list(mapping.items())
    rnd.shuffle(items)  # type: ignore[attr-defined]
    assert canonical_bytes(dict(items)) == canonical_bytes(mapping)


@pytest.mark.parametrize(
    "value",
    [
        1.0,
        float("nan"),
        {"k": 0.5},
        [1, 2.5],
        b"bytes",
        {1: "int key"},
        {("t",): 1},
        2**63,
        -(2**63) - 1,
        object(),
        {"s": {1, 2}},
        "lone \ud800 surrogate",
        {"\udfff": 1},
    ],
    ids=repr,
)
def test_values_without_a_canonical_form_are_refused(value: object) -> None:
    with pytest.raises(CanonicalEncodingError):
        canonical_bytes(value)


def test_canonical_encoding_error_is_a_validation_error() -> None:
    with pytest.raises(ValidationError):
        canonical_bytes(1.5)


def test_nesting_beyond_the_limit_is_refused() -> None:
    deep: object = 0
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(CanonicalEncodingError):
        canonical_bytes(deep)
    shallow: object = 0
    for _ in range(MAX_DEPTH):
        shallow = [shallow]
    assert decode_canonical(canonical_bytes(shallow)) == shallow


def test_the_64_bit_bounds_are_inclusive() -> None:
    for bound in INT64:
        assert decode_canonical(canonical_bytes(bound)) == bound


@pytest.mark.parametrize(
    "data",
    [
        b'{"b":1,"a":2}',
        b'{"a": 1}',
        b" 1",
        b"1.0",
        b"1e3",
        b"NaN",
        b"-0",
        b'"\\u0041"',
        b'{"a":1,"a":1}',
        b"\xff",
        b"",
        b"[1,]",
        b"01",
        b"1" * 5000,
        b"[" * 100_000,
        b'"\\ud800"',
    ],
    ids=lambda d: repr(d[:20]),
)
def test_non_canonical_bytes_are_refused(data: bytes) -> None:
    with pytest.raises(CanonicalEncodingError):
        decode_canonical(data)


@given(st.binary(max_size=64))
def test_decoding_arbitrary_bytes_raises_only_canonical_encoding_error(data: bytes) -> None:
    try:
        value = decode_canonical(data)
    except CanonicalEncodingError:
        return
    assert canonical_bytes(value) == data


@given(canonical_values(), st.data())
def test_a_mutated_encoding_decodes_to_itself_or_is_refused(
    value: object, data: st.DataObject
) -> None:
    encoded = bytearray(canonical_bytes(value))
    index = data.draw(st.integers(0, len(encoded) - 1))
    encoded[index] = data.draw(st.integers(0, 255))
    try:
        decoded = decode_canonical(bytes(encoded))
    except CanonicalEncodingError:
        return
    assert canonical_bytes(decoded) == bytes(encoded)


def test_world_bytes_format_is_pinned() -> None:
    """The id of every stored world depends on these exact bytes; changing them forks ids."""
    spec = WorldSpec(
        "Note",
        name="n",
        content="héllo",
        children=(B, A),
        edges=(InteriorEdge("refers_to", B, A), InteriorEdge("implies", A, B)),
        created_at=7,
        valid_from=1,
        provenance=("p",),
        flags=frozenset({"x"}),
    )
    expected = (
        '{"children":["' + B + '","' + A + '"],"content":"héllo","created_at":7,'
        '"edges":[["implies","' + A + '","' + B + '"],["refers_to","' + B + '","' + A + '"]],'
        '"f":"worlddb.world/1","name":"n","type":"Note"}'
    ).encode()
    assert world_bytes(spec) == expected
    assert world_id(spec) == blake3(expected).hexdigest()


@given(world_specs(children=[A, B]))
def test_world_bytes_equal_the_generic_canonical_encoding(spec: WorldSpec) -> None:
    generic = canonical_bytes(
        {
            "f": "worlddb.world/1",
            "type": spec.type,
            "name": spec.name,
            "content": spec.content,
            "children": list(spec.children),
            "edges": sorted([e.type, e.source, e.target] for e in spec.edges),
            "created_at": spec.created_at,
        }
    )
    assert world_bytes(spec) == generic


_any_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)


@given(
    _any_text,
    _any_text,
    _any_text,
    st.lists(_any_text, max_size=3),
    st.lists(st.tuples(_any_text, _any_text, _any_text), max_size=4),
    st.integers(*INT64),
)
def test_the_spelled_out_world_bytes_equal_json_dumps_for_any_text(
    kind: str,
    name: str,
    content: str,
    children: list[str],
    edges: list[tuple[str, str, str]],
    created: int,
) -> None:
    """``world_bytes`` spells its JSON out by hand (a hot path); ``json.dumps`` is the truth,
    on every escape, control character and non-BMP character, in every field."""
    spec = WorldSpec(
        kind,
        name=name,
        content=content,
        children=tuple(children),
        edges=tuple(InteriorEdge(*e) for e in edges),
        created_at=created,
    )
    reference = {
        "children": children,
        "content": content,
        "created_at": created,
        "edges": sorted([list(e) for e in edges]),
        "f": "worlddb.world/1",
        "name": name,
        "type": kind,
    }
    expected = json.dumps(
        reference, ensure_ascii=False, sort_keys=True, separators=(",", ":")
    ).encode("utf-8")
    assert world_bytes(spec) == expected


@given(world_specs(children=[A, B]), st.integers(0, 10**9), safe_text)
def test_projection_fields_stay_out_of_the_id(spec: WorldSpec, moment: int, text: str) -> None:
    from dataclasses import replace

    moved = replace(
        spec,
        valid_from=moment,
        valid_to=moment + 1,
        provenance=(text or "p",),
        aliases=(text or "a",),
        flags=frozenset({"pinned"}),
        resolve=True,
    )
    assert world_id(moved) == world_id(spec)


@given(world_specs(children=[A, B]))
def test_decode_world_inverts_world_bytes(spec: WorldSpec) -> None:
    back = decode_world(world_bytes(spec))
    assert world_bytes(back) == world_bytes(spec)
    assert (back.type, back.name, back.content, back.children, back.created_at) == (
        spec.type,
        spec.name,
        spec.content,
        spec.children,
        spec.created_at,
    )


@pytest.mark.parametrize(
    "value",
    [
        [1],
        {"f": "other"},
        {"f": "worlddb.world/1"},
        {
            "f": "worlddb.world/1",
            "type": 5,
            "name": "",
            "content": "",
            "children": [],
            "edges": [],
            "created_at": 0,
        },
        {
            "f": "worlddb.world/1",
            "type": "T",
            "name": "",
            "content": "",
            "children": "ab",
            "edges": [],
            "created_at": 0,
        },
        {
            "f": "worlddb.world/1",
            "type": "T",
            "name": "",
            "content": "",
            "children": [],
            "edges": [["a", "b"]],
            "created_at": 0,
        },
        {
            "f": "worlddb.world/1",
            "type": "T",
            "name": "",
            "content": "",
            "children": [],
            "edges": [],
            "created_at": True,
        },
        {
            "f": "worlddb.world/1",
            "type": "T",
            "name": "",
            "content": "",
            "children": [],
            "edges": [["z", "b", "c"], ["a", "b", "c"]],
            "created_at": 0,
        },
        {
            "f": "worlddb.world/1",
            "type": "T",
            "name": "",
            "content": "",
            "children": [],
            "edges": [],
            "created_at": 0,
            "extra": 1,
        },
    ],
)
def test_decode_world_refuses_anything_but_a_canonical_world(value: object) -> None:
    with pytest.raises(CanonicalEncodingError):
        decode_world(canonical_bytes(value))


def test_world_bytes_refuse_what_has_no_canonical_form() -> None:
    for spec in (
        WorldSpec("Note", content="\ud800"),
        WorldSpec("Note", created_at=2**63),
        WorldSpec("Note", created_at=True),
        WorldSpec("Note", name=None),  # type: ignore[arg-type]
    ):
        with pytest.raises(CanonicalEncodingError):
            world_bytes(spec)


def test_world_id_is_blake3_of_the_world_bytes() -> None:
    spec = WorldSpec("Fact", content="Alice lives in Paris", created_at=3)
    assert world_id(spec) == blake3(world_bytes(spec)).hexdigest() == digest(world_bytes(spec))
    assert is_node_id(world_id(spec))


def test_edge_id_hashes_only_type_and_endpoints() -> None:
    plain = EdgeSpec("refers_to", A, B)
    assert edge_id(plain) == edge_id(EdgeSpec("refers_to", A, B, {"w": 1}, 5, 9))
    assert (
        len(
            {
                edge_id(plain),
                edge_id(EdgeSpec("refers_to", B, A)),
                edge_id(EdgeSpec("implies", A, B)),
            }
        )
        == 3
    )
    assert (
        edge_id(plain)
        == blake3(
            json.dumps(
                {"f": "worlddb.edge/1", "source": A, "target": B, "type": "refers_to"},
                separators=(",", ":"),
                sort_keys=True,
            ).encode()
        ).hexdigest()
    )


@given(lone_surrogates)
def test_edge_ids_refuse_lone_surrogates(bad: str) -> None:
    with pytest.raises(CanonicalEncodingError):
        edge_id(EdgeSpec("refers_to" + bad, A, B))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (A, True),
        ("A" * 64, False),
        ("a" * 63, False),
        ("a" * 65, False),
        ("g" * 64, False),
        ("", False),
    ],
)
def test_is_node_id_accepts_only_64_lowercase_hex(text: str, expected: bool) -> None:
    assert is_node_id(text) is expected


def test_scope_worlds_are_deterministic_per_kind_and_value() -> None:
    assert world_id(scope_world("user_id", "alice")) == world_id(scope_world("user_id", "alice"))
    assert world_id(scope_world("user_id", "alice")) != world_id(scope_world("agent_id", "alice"))
    assert scope_world("user_id", "alice").name == "user_id=alice"
