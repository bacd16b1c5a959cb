"""Hypothesis strategies for worlddb values, plus the store snapshots properties compare.

Two families of strategies: well-formed ones (``canonical_values``, ``world_specs``) that must
always be accepted, and ``junk_*`` ones that mix valid fields with every kind of malformed one
(floats, lone surrogates, bad ids, unknown edge types, inverted intervals, wrong Python types),
so a property can demand "commits cleanly, or raises a typed error and changes nothing".
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Final, cast

from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.model import DEFAULT_EDGE_TYPES, EdgeSpec, InteriorEdge, WorldSpec

__all__ = [
    "INT64",
    "WORLD_TYPES",
    "FakeClock",
    "canonical_values",
    "file_bytes",
    "junk_edge_specs",
    "junk_world_specs",
    "logical_dump",
    "lone_surrogates",
    "node_ids",
    "raw_connection",
    "safe_text",
    "table_count",
    "world_specs",
]

INT64: Final = (-(2**63), 2**63 - 1)
WORLD_TYPES: Final = ("Note", "Fact", "Turn", "Person", "Entity", "Topic", "Session")
HEX: Final = "0123456789abcdef"
SECOND: Final = 1_000_000


class FakeClock:
    """A hand-driven microsecond clock, so ingest times are exact and known to the test."""

    def __init__(self, start: int = 1_700_000_000 * SECOND) -> None:
        self.now = start

    def __call__(self) -> int:
        return self.now

    def advance(self, seconds: float = 1.0) -> int:
        """Move the clock forward and return the new time."""
        self.now += int(seconds * SECOND)
        return self.now


# -- snapshots ------------------------------------------------------------------------------------
def logical_dump(db: WorldDB) -> dict[str, object]:
    """Every row of every real table (FTS shadow tables included), sorted, plus user_version.

    Two dumps are equal exactly when a reader could not tell the stores apart; rid and rowid
    columns are included, so even a write that was undone by a delete shows up.
    """
    conn = db.store._connection
    tables = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
        )
    ]
    dump: dict[str, object] = {"user_version": conn.execute("PRAGMA user_version").fetchone()[0]}
    for table in tables:
        rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
        dump[table] = sorted(rows, key=repr)
    return dump


def file_bytes(db: WorldDB) -> bytes:
    """The database file's bytes after folding the WAL back in (file-backed stores only)."""
    db.store.checkpoint()
    path = Path(db.store.path)
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0, "checkpoint(TRUNCATE) left a WAL"
    return path.read_bytes()


def table_count(db: WorldDB, table: str) -> int:
    """Row count of one table (a tiny convenience for assertions)."""
    row = db.store._connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()
    return int(row[0])


def raw_connection(path: Path) -> sqlite3.Connection:
    """A second, plain connection to a store file, for tests that tamper with it on purpose."""
    return sqlite3.connect(path, isolation_level=None)


# -- well-formed values ---------------------------------------------------------------------------
safe_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30)
words = st.lists(
    st.sampled_from(
        [
            "alice",
            "bob",
            "paris",
            "berlin",
            "coffee",
            "tea",
            "moved",
            "likes",
            "works",
            "at",
            "acme",
            "denver",
            "the",
            "cat",
        ]
    ),
    min_size=1,
    max_size=6,
).map(" ".join)
node_ids = st.text(HEX, min_size=64, max_size=64)
lone_surrogates = st.integers(0xD800, 0xDFFF).map(chr)
int64 = st.integers(*INT64)


def canonical_values(max_leaves: int = 20) -> st.SearchStrategy[object]:
    """Values the canonical codec accepts: JSON without floats, with 64-bit ints."""
    leaves = st.none() | st.booleans() | int64 | safe_text
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(safe_text, inner, max_size=4),
        max_leaves=max_leaves,
    )


@st.composite
def intervals(draw: st.DrawFn) -> tuple[int | None, int | None]:
    """A well-formed ``[valid_from, valid_to)``: either bound may be open."""
    start = draw(st.none() | st.integers(0, 10**15))
    length = draw(st.none() | st.integers(1, 10**12))
    end = None if length is None else (start or 0) + length
    return start, end


@st.composite
def world_specs(draw: st.DrawFn, children: Sequence[str] = ()) -> WorldSpec:
    """A valid leaf-or-parent world spec (children must already exist or travel with it)."""
    valid_from, valid_to = draw(intervals())
    kids = (
        tuple(draw(st.lists(st.sampled_from(list(children)), unique=True, max_size=3)))
        if children
        else ()
    )
    return WorldSpec(
        type=draw(st.sampled_from(WORLD_TYPES)),
        name=draw(safe_text),
        content=draw(words),
        children=kids,
        created_at=draw(st.integers(0, 10**6)),
        valid_from=valid_from,
        valid_to=valid_to,
    )


# -- junk ---------------------------------------------------------------------------------------
# A junk spec is a valid spec with zero to two fields replaced by malformed values, so the same
# property sees clean commits, handler refusals and every kind of validation error.
_surrogate_text = st.tuples(safe_text, lone_surrogates, safe_text).map("".join)
_bad_text = st.one_of(
    _surrogate_text,
    st.none(),
    st.integers(),
    st.floats(),
    st.binary(max_size=4),
    st.just("x" * 1001),
)
_bad_time = st.one_of(
    st.floats(allow_nan=True),
    st.booleans(),
    st.just("2024-01-01"),
    st.integers(min_value=2**63),
    st.integers(max_value=-(2**63) - 1),
)
_bad_id = st.one_of(
    st.text(HEX, max_size=63),
    node_ids.map(str.upper),
    node_ids,
    st.text(max_size=64).filter(lambda t: len(t) != 64),
    st.none(),
    st.integers(),
)
_bad_strings = st.one_of(
    st.just((" ",)), _surrogate_text.map(lambda t: (t,)), st.just((5,)), st.just("abc"), st.none()
)


def _deep(levels: int) -> object:
    value: object = 0
    for _ in range(levels):
        value = {"k": value}
    return value


_bad_properties = st.one_of(
    st.dictionaries(safe_text, st.floats(), min_size=1, max_size=2),
    st.dictionaries(lone_surrogates, st.integers(), min_size=1, max_size=1),
    st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=2),
    st.dictionaries(safe_text, st.sets(st.integers(), max_size=2), min_size=1, max_size=1),
    st.just({"deep": _deep(40)}),
    st.lists(st.integers(), max_size=2),
    st.none(),
)


def _bad_world_field(ids: Sequence[str]) -> dict[str, st.SearchStrategy[object]]:
    kid = st.sampled_from(list(ids)) if ids else node_ids
    return {
        "type": st.one_of(st.sampled_from(["", "1x", "a b", "T" * 65]), st.none(), st.integers()),
        "name": _bad_text,
        "content": _bad_text,
        "children": st.one_of(
            _bad_id.map(lambda c: (c,)),
            st.just("abc"),
            st.none(),
            st.just(([1],)),
            kid.map(lambda c: (c, c)),
        ),
        "edges": st.one_of(
            st.just(("junk",)),
            st.tuples(st.sampled_from(["bogus", "Contains"]) | st.integers(), kid, kid).map(
                lambda t: (InteriorEdge(*t),)  # type: ignore[arg-type]
            ),
            st.tuples(st.sampled_from(DEFAULT_EDGE_TYPES), node_ids, node_ids).map(
                lambda t: (InteriorEdge(*t),)
            ),
        ),
        "created_at": _bad_time,
        "valid_from": _bad_time,
        "valid_to": _bad_time,
        "provenance": _bad_strings,
        "aliases": _bad_strings,
        "flags": st.one_of(
            st.sampled_from([frozenset({"Bad"}), frozenset({""}), frozenset({"x" * 40})]),
            st.just("abc"),
            st.none(),
        ),
    }


@st.composite
def junk_world_specs(draw: st.DrawFn, ids: Sequence[str] = ()) -> WorldSpec:
    """A ``WorldSpec`` over ``ids`` (existing worlds) with 0-2 fields malformed."""
    spec = draw(world_specs(children=ids))
    spec = replace(
        spec, resolve=draw(st.booleans()), aliases=tuple(draw(st.lists(words, max_size=1)))
    )
    bad = _bad_world_field(ids)
    for name in draw(st.sets(st.sampled_from(sorted(bad)), max_size=2)):
        if name == "valid_to" and draw(st.booleans()):
            spec = replace(spec, valid_from=500, valid_to=draw(st.integers(-10, 500)))
        else:
            spec = replace(spec, **cast(dict[str, Any], {name: draw(bad[name])}))
    return spec


@st.composite
def junk_edge_specs(draw: st.DrawFn, ids: Sequence[str] = ()) -> EdgeSpec:
    """An ``EdgeSpec`` between ``ids`` of any built-in type with 0-2 fields malformed."""
    end = st.sampled_from(list(ids)) if ids else node_ids
    start, stop = draw(intervals())
    spec = EdgeSpec(
        draw(st.sampled_from(DEFAULT_EDGE_TYPES)),
        draw(end),
        draw(end),
        draw(st.dictionaries(safe_text, canonical_values(6), max_size=2)),
        start,
        stop,
    )
    bad: dict[str, st.SearchStrategy[object]] = {
        "type": st.one_of(st.sampled_from(["bogus", "Contains", ""]), st.integers(), st.none()),
        "source": _bad_id,
        "target": _bad_id,
        "properties": _bad_properties,
        "valid_from": _bad_time,
        "valid_to": _bad_time,
    }
    for name in draw(st.sets(st.sampled_from(sorted(bad)), max_size=2)):
        spec = replace(spec, **cast(dict[str, Any], {name: draw(bad[name])}))
    return spec
