"""Fuzz the write path: bytes → changesets → ``WorldDB.write`` on a fresh in-memory store.

Every write must either commit or raise a ``WorldDBError`` (anything else is a finding); a
refused write must leave every row as it was; and after all writes ``verify()`` must find
nothing. The bytes drive a small deterministic decoder (``decode_changesets``), so any input,
including every libFuzzer mutation, is a valid program: opcodes pick world and edge fields from
small tables, but also produce lone surrogates (invalid UTF-8 decoded with ``surrogateescape``),
64-bit overflows, inverted intervals, floats in properties, malformed and unknown ids.

Cost: a fresh store per input used to cost more than the writes (schema migrations and the
three seed writes). Each input now starts from a copy of one template store that holds the
seed worlds (``fresh_store``: SQLite's backup API into a connection opened with the store's own
settings), and a refused write is checked by comparing the database's serialised bytes (equal
bytes imply equal rows; only when the bytes differ are the rows compared, so the finding is the
same as comparing rows every time).

Run with atheris (``python fuzz/fuzz_changeset.py -max_total_time=60 fuzz/corpus/changeset``)
or call ``test_one_input`` directly, as ``tests/test_fuzz_corpus.py`` does for the seed corpus.

Counting: with ``WORLDDB_FUZZ_TALLY=PATH`` set, every input rewrites one line in PATH —
executions, write attempts (changesets handed to ``WorldDB.write``, the unit a long run is
measured in, like one state-machine step), refused writes — so ``scripts/long_invariants.py``
can stop libFuzzer (SIGUSR1, its graceful stop) once a seed has made enough write attempts.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext, suppress
from typing import Final, TypeVar


def _instrumented() -> AbstractContextManager[object]:
    """Coverage-instrument worlddb's modules when run as a fuzzer; a no-op when imported."""
    if __name__ != "__main__":
        return nullcontext()
    import atheris

    hooks: AbstractContextManager[object] = atheris.instrument_imports(include=["worlddb"])
    return hooks


with _instrumented():
    from worlddb.engine import WorldDB
    from worlddb.errors import WorldDBError
    from worlddb.handlers import default_handlers
    from worlddb.hashing import world_id
    from worlddb.model import DEFAULT_EDGE_TYPES, Changeset, EdgeSpec, InteriorEdge, WorldSpec
    from worlddb.store import MEMORY, Store, _connect
    from worlddb.store.schema import migrate

__all__ = [
    "ByteReader",
    "Tally",
    "decode_changesets",
    "fresh_store",
    "main",
    "read_tally",
    "test_one_input",
]

WORLD_TYPES: Final = ("Note", "Fact", "Person", "Session", "Turn", "Scope", "Topic", "bad type")
EDGE_TYPES: Final = (*DEFAULT_EDGE_TYPES, "bogus")
T = TypeVar("T")

TIMES: Final[tuple[int | None, ...]] = (None, 0, 100, 200, 300, -5, 2**63 - 1, 2**63, -(2**63) - 1)
PROPERTY_VALUES: Final[tuple[object, ...]] = (1, "x", True, None, 0.5, [1, "y"], 2**64)
FLAGS: Final = ("pinned", "untrusted", "Bad", "")
SEEDS: Final = (
    WorldSpec("Note", content="seed note", valid_from=100),
    WorldSpec("Person", name="Sam"),
    WorldSpec("Turn", name="user", content="hello there", valid_from=200),
)
MAX_WRITES: Final = 4
MAX_ITEMS: Final = 8


class ByteReader:
    """Consumes fuzz bytes deterministically; past the end every read yields zeros."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    @property
    def done(self) -> bool:
        return self.pos >= len(self.data)

    def byte(self) -> int:
        value = self.data[self.pos] if self.pos < len(self.data) else 0
        self.pos += 1
        return value

    def pick(self, options: Sequence[T]) -> T:
        return options[self.byte() % len(options)]

    def text(self) -> str:
        """Up to 15 bytes as UTF-8; invalid bytes become lone surrogates."""
        size = self.byte() % 16
        raw = self.data[self.pos : self.pos + size]
        self.pos += size
        return raw.decode("utf-8", "surrogateescape")


def _node_ref(reader: ByteReader, known: list[str]) -> str:
    choice = reader.byte()
    if choice < 200 and known:
        return known[choice % len(known)]
    return reader.pick(("a" * 64, "A" * 64, "abc", "", "f" * 63 + "g"))


def _world(reader: ByteReader, known: list[str]) -> WorldSpec:
    kind = reader.pick(WORLD_TYPES)
    children = tuple(dict.fromkeys(_node_ref(reader, known) for _ in range(reader.byte() % 3)))
    edges = tuple(
        InteriorEdge(
            reader.pick(EDGE_TYPES),
            _node_ref(reader, list(children)),
            _node_ref(reader, list(children)),
        )
        for _ in range(reader.byte() % 2 if children else 0)
    )
    start, end = reader.pick(TIMES), reader.pick(TIMES)
    return WorldSpec(
        kind,
        name=reader.text(),
        content=reader.text(),
        children=children,
        edges=edges,
        created_at=reader.pick(TIMES) or 0,
        valid_from=start,
        valid_to=end,
        provenance=tuple(reader.text() for _ in range(reader.byte() % 2)),
        aliases=tuple(reader.text() for _ in range(reader.byte() % 2)),
        flags=frozenset(reader.pick(FLAGS) for _ in range(reader.byte() % 2)),
        resolve=bool(reader.byte() % 2),
    )


def _edge(reader: ByteReader, known: list[str]) -> EdgeSpec:
    kind = reader.pick(EDGE_TYPES)
    source, target = _node_ref(reader, known), _node_ref(reader, known)
    properties: dict[str, object] = {}
    for _ in range(reader.byte() % 3):
        properties[reader.text()] = reader.pick(PROPERTY_VALUES)
    return EdgeSpec(kind, source, target, properties, reader.pick(TIMES), reader.pick(TIMES))


def decode_changesets(data: bytes, seeds: Sequence[str]) -> list[Changeset]:
    """The changesets ``data`` describes; ids of the seed worlds and earlier specs are reusable."""
    reader = ByteReader(data)
    known = list(seeds)
    out: list[Changeset] = []
    worlds: list[WorldSpec] = []
    edges: list[EdgeSpec] = []
    while not reader.done and len(out) < MAX_WRITES:
        op = reader.byte() % 4
        if op in (0, 1) and len(worlds) < MAX_ITEMS:
            spec = _world(reader, known)
            worlds.append(spec)
            with suppress(WorldDBError):  # an unhashable spec: the write will refuse it
                known.append(world_id(spec))
        elif op == 2 and len(edges) < MAX_ITEMS:
            edges.append(_edge(reader, known))
        elif op == 3 or len(worlds) + len(edges) >= 2 * MAX_ITEMS:
            out.append(
                Changeset(worlds=tuple(worlds), edges=tuple(edges), source=reader.text() or None)
            )
            worlds, edges = [], []
    if worlds or edges:
        out.append(Changeset(worlds=tuple(worlds), edges=tuple(edges)))
    return out


def _rows(db: WorldDB) -> dict[str, list[object]]:
    """Every row of every real table (FTS shadow tables included), sorted, by table."""
    return _table_rows(db.store._connection)


def _table_rows(conn: sqlite3.Connection) -> dict[str, list[object]]:
    tables = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
        )
    ]
    return {t: sorted(conn.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in tables}


_TEMPLATE: list[tuple[WorldDB, list[str]]] = []
_HANDLERS: Final = default_handlers()  # the built-in handlers keep no state: one registry


def _template() -> tuple[WorldDB, list[str]]:
    """The in-memory store holding only the seed worlds, written once per process."""
    if not _TEMPLATE:
        db = WorldDB.open(MEMORY, embedder=None, extractor=None, handlers=_HANDLERS)
        seeds: list[str] = [
            db.put(s.type, s.name, s.content, valid_from=s.valid_from) for s in SEEDS
        ]
        _TEMPLATE.append((db, seeds))
    return _TEMPLATE[0]


def fresh_store() -> tuple[WorldDB, list[str]]:
    """A new in-memory store with the seed worlds, and their ids: a copy of the template.

    The same steps as ``WorldDB.open(":memory:")`` (``open_store``: the store's connection
    settings, ``synchronous``, ``migrate``, here a no-op on the copied schema) with the template's
    pages copied in before the migration check instead of the migrations and the seed writes.
    """
    template, seeds = _template()
    conn = _connect(MEMORY)
    conn.execute("PRAGMA synchronous = NORMAL")
    template.store._write_connection.backup(conn)
    migrate(conn)
    db = WorldDB(Store(conn, MEMORY), embedder=None, extractor=None, handlers=_HANDLERS)
    return db, list(seeds)


def _changed_tables(conn: sqlite3.Connection, before: bytes) -> list[str]:
    """The tables whose rows differ from those of the serialised database ``before``."""
    if conn.serialize() == before:
        return []
    old = _connect(MEMORY)
    try:
        old.deserialize(before)
        then, now = _table_rows(old), _table_rows(conn)
    finally:
        old.close()
    return sorted(t for t in then.keys() | now.keys() if then.get(t) != now.get(t))


class Tally:
    """Executions, write attempts and refused writes of this process, mirrored to a file.

    The file is one fixed line rewritten in place (``pwrite``), cheap beside an input's
    milliseconds, so the count survives libFuzzer ending the process without Python's exit
    handlers.
    """

    def __init__(self, path: str | None) -> None:
        self.executions = self.writes = self.refused = 0
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644) if path else None

    def record(self, writes: int, refused: int) -> None:
        self.executions += 1
        self.writes += writes
        self.refused += refused
        if self._fd is not None:
            line = f"{self.executions:20d} {self.writes:20d} {self.refused:20d}\n"
            os.pwrite(self._fd, line.encode("ascii"), 0)


def read_tally(path: str) -> dict[str, int]:
    """The counts a ``Tally`` mirrored to ``path`` (zeros when nothing was recorded yet)."""
    try:
        with open(path, encoding="ascii") as handle:
            fields = handle.read().split()
    except FileNotFoundError:
        fields = []
    numbers = [int(f) for f in fields[:3]] if len(fields) >= 3 else [0, 0, 0]
    return dict(zip(("executions", "writes", "refused"), numbers, strict=True))


TALLY: Final = Tally(os.environ.get("WORLDDB_FUZZ_TALLY"))


def test_one_input(data: bytes) -> None:
    """One fuzz iteration on a fresh in-memory store."""
    db, seeds = fresh_store()
    writes = refused = 0
    with db:
        conn = db.store._write_connection
        for changeset in decode_changesets(data, seeds):
            writes += 1
            # A commit that resolved entities queues a recluster pass on a background thread,
            # which may stage proposals (its own transaction) at any moment: wait for it, or
            # its legitimate write lands between the snapshot and the check below.
            db.drain_recluster()
            before = conn.serialize()
            try:
                db.write(changeset)
            except WorldDBError:
                refused += 1
                changed = _changed_tables(conn, before)
                assert not changed, f"a refused changeset changed the store: {changed}"
        db.drain_recluster()
        problems = db.verify()
        assert problems == [], problems
    TALLY.record(writes, refused)


def main() -> None:
    """Run under atheris (libFuzzer flags come from ``sys.argv``)."""
    import atheris

    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
