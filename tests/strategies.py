"""Hypothesis strategies for worlddb values, plus the store snapshots properties compare.

Two families of strategies: well-formed ones (``canonical_values``, ``world_specs``) that must
always be accepted, and ``junk_*`` ones that mix valid fields with every kind of malformed one
(floats, lone surrogates, bad ids, unknown edge types, inverted intervals, wrong Python types),
so a property can demand "commits cleanly, or raises a typed error and changes nothing".
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.model import DEFAULT_EDGE_TYPES, EdgeSpec, InteriorEdge, WorldSpec

__all__ = [
    "FakeClock",
    "INT64",
    "WORLD_TYPES",
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
    conn = db.store.conn
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' "
        "ORDER BY name")]
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
    row = db.store.conn.execute(f'SELECT count(*) FROM "{table}"').fetchone()
    return int(row[0])


def raw_connection(path: Path) -> sqlite3.Connection:
    """A second, plain connection to a store file, for tests that tamper with it on purpose."""
    return sqlite3.connect(path, isolation_level=None)


# -- well-formed values ---------------------------------------------------------------------------
safe_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30)
words = st.lists(st.sampled_from(["alice", "bob", "paris", "berlin", "coffee", "tea", "moved",
                                  "likes", "works", "at", "acme", "denver", "the", "cat"]),
                 min_size=1, max_size=6).map(" ".join)
node_ids = st.text(HEX, min_size=64, max_size=64)
lone_surrogates = st.integers(0xD800, 0xDFFF).map(chr)
int64 = st.integers(*INT64)


def canonical_values(max_leaves: int = 20) -> st.SearchStrategy[object]:
    """Values the canonical codec accepts: JSON without floats, with 64-bit ints."""
    leaves = st.none() | st.booleans() | int64 | safe_text
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(safe_text, inner, max_size=4),
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
    kids = tuple(draw(st.lists(st.sampled_from(list(children)), unique=True, max_size=3))) \
        if children else ()
    return WorldSpec(type=draw(st.sampled_from(WORLD_TYPES)), name=draw(safe_text),
                     content=draw(words), children=kids, created_at=draw(st.integers(0, 10**6)),
                     valid_from=valid_from, valid_to=valid_to)


# -- junk -----------------------------------------------------------------------------------------
def _maybe_bad_text(max_size: int = 20) -> st.SearchStrategy[object]:
    with_surrogate = st.tuples(safe_text, lone_surrogates, safe_text).map("".join)
    return st.one_of(safe_text, with_surrogate, st.none(), st.integers(), st.floats(),
                     st.binary(max_size=4), st.just("x" * 1001))


def _maybe_bad_time() -> st.SearchStrategy[object]:
    return st.one_of(st.none(), st.integers(-(10**15), 10**15), st.integers(),
                     st.floats(allow_nan=True), st.booleans(), st.just("2024-01-01"))


def _maybe_bad_id(ids: Sequence[str]) -> st.SearchStrategy[object]:
    options: list[st.SearchStrategy[object]] = [
        node_ids,
        st.text(HEX, max_size=70),
        node_ids.map(str.upper),
        st.text(max_size=64),
        st.none(),
        st.integers(),
    ]
    if ids:
        options.insert(0, st.sampled_from(list(ids)))
    return st.one_of(*options)


def _maybe_bad_properties() -> st.SearchStrategy[object]:
    good = st.dictionaries(safe_text, canonical_values(6), max_size=3)
    floaty = st.dictionaries(safe_text, st.floats(), min_size=1, max_size=2)
    surrogate_key = st.dictionaries(lone_surrogates, st.integers(), min_size=1, max_size=1)
    non_str_key = st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=2)
    wrong_type = st.one_of(st.lists(st.integers(), max_size=2), st.integers(), st.none())
    return st.one_of(good, floaty, surrogate_key, non_str_key, wrong_type)


@st.composite
def junk_world_specs(draw: st.DrawFn, ids: Sequence[str] = ()) -> WorldSpec:
    """A ``WorldSpec`` whose every field may be malformed (or fine)."""
    type_ = draw(st.one_of(st.sampled_from(WORLD_TYPES), st.sampled_from(["", "1x", "a b"]),
                           st.just("T" * 65), st.none(), st.integers()))
    children = draw(st.one_of(
        st.lists(_maybe_bad_id(ids), max_size=3).map(tuple),
        st.just("abc"), st.none()))
    kid_ids = [c for c in children if isinstance(c, str)] if isinstance(children, tuple) else []
    edge = st.builds(InteriorEdge,
                     st.one_of(st.sampled_from(DEFAULT_EDGE_TYPES), st.just("bogus"),
                               st.integers()),
                     _maybe_bad_id(kid_ids), _maybe_bad_id(kid_ids))
    edges = draw(st.one_of(st.lists(edge, max_size=2).map(tuple), st.just(("junk",))))
    return WorldSpec(
        type=type_,  # type: ignore[arg-type]
        name=draw(_maybe_bad_text()),  # type: ignore[arg-type]
        content=draw(_maybe_bad_text()),  # type: ignore[arg-type]
        children=children,  # type: ignore[arg-type]
        edges=edges,  # type: ignore[arg-type]
        created_at=draw(st.one_of(st.integers(0, 10**6), _maybe_bad_time())),  # type: ignore[arg-type]
        valid_from=draw(_maybe_bad_time()),  # type: ignore[arg-type]
        valid_to=draw(_maybe_bad_time()),  # type: ignore[arg-type]
        provenance=tuple(draw(st.lists(_maybe_bad_text(), max_size=2))),  # type: ignore[arg-type]
        aliases=tuple(draw(st.lists(_maybe_bad_text(), max_size=2))),  # type: ignore[arg-type]
        flags=frozenset(draw(st.lists(st.sampled_from(["ok", "Bad", "", "x" * 40, "pinned"]),
                                      max_size=2))),
        resolve=draw(st.booleans()),
    )


@st.composite
def junk_edge_specs(draw: st.DrawFn, ids: Sequence[str] = ()) -> EdgeSpec:
    """An ``EdgeSpec`` whose type, endpoints, properties or interval may be malformed."""
    return EdgeSpec(
        type=draw(st.one_of(st.sampled_from(DEFAULT_EDGE_TYPES),
                            st.sampled_from(["bogus", "Contains", ""]), st.integers())),  # type: ignore[arg-type]
        source=draw(_maybe_bad_id(ids)),  # type: ignore[arg-type]
        target=draw(_maybe_bad_id(ids)),  # type: ignore[arg-type]
        properties=draw(_maybe_bad_properties()),  # type: ignore[arg-type]
        valid_from=draw(_maybe_bad_time()),  # type: ignore[arg-type]
        valid_to=draw(_maybe_bad_time()),  # type: ignore[arg-type]
    )
