"""Reads never wait for writes: per-thread WAL readers, committed data only (issue 11, part 6).

A write is held open *inside* its transaction by a resolver that blocks (resolution runs under
``BEGIN IMMEDIATE``); meanwhile another thread recalls, reads and lists. Nothing here is timed:
the reader must finish while the writer is still parked, or the test fails after a generous
timeout instead of hanging.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.index.vector import ADD_CHUNK, VectorIndex
from worlddb.model import Changeset, Resolution, WorldSpec
from worlddb.store import open_store
from worlddb.testing import HashEmbedder

PATIENCE_S = 30.0  # a deadlock guard, not a speed target


class ParkingResolver:
    """Parks the writer inside its transaction until the test releases it."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.saw_uncommitted: list[bool] = []
        self.db: WorldDB | None = None

    def resolve(self, spec: WorldSpec, /) -> Resolution:
        self.entered.set()
        if not self.release.wait(PATIENCE_S):
            raise TimeoutError("the test never released the writer")
        return Resolution("new")


@pytest.fixture
def parked(db_path: Path) -> Iterator[tuple[WorldDB, ParkingResolver]]:
    resolver = ParkingResolver()
    db = WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None, resolver=resolver)
    resolver.db = db
    try:
        yield db, resolver
    finally:
        resolver.release.set()
        db.close()


def _in_thread(fn: object) -> tuple[threading.Thread, list[object], list[BaseException]]:
    out: list[object] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(fn())  # type: ignore[operator]
        except BaseException as exc:  # reported to the test thread
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, out, errors


def test_a_recall_completes_while_another_thread_holds_a_write_transaction_open(
    parked: tuple[WorldDB, ParkingResolver],
) -> None:
    db, resolver = parked
    kept = db.put("Note", content="the zeppelin hangar is in Friedrichshafen")
    pending = WorldSpec(type="Note", content="the quokka sanctuary opens on Rottnest")
    entity = WorldSpec(type="Person", name="Quentin Okafor", resolve=True)
    writer, committed, write_errors = _in_thread(
        lambda: db.write(Changeset(worlds=(pending, entity)))
    )
    assert resolver.entered.wait(PATIENCE_S), "the writer never reached resolution"

    def read_everything() -> tuple[list[str], list[str], bool, int]:
        hits = [h.id for h in db.recall("zeppelin hangar").hits]
        unseen = [h.id for h in db.recall("quokka sanctuary").hits]
        listed = len(db.worlds(types=["Note"]))
        return hits, unseen, db.find(world_id(pending)) is None, listed

    reader, answers, read_errors = _in_thread(read_everything)
    reader.join(PATIENCE_S)
    assert not reader.is_alive(), "the recall waited for the write transaction"
    assert writer.is_alive() and not resolver.release.is_set()  # still parked inside it
    assert not read_errors
    hits, unseen, pending_invisible, listed = answers[0]  # type: ignore[misc]
    assert kept in hits
    assert world_id(pending) not in unseen and pending_invisible  # committed data only
    assert listed == 1

    resolver.release.set()
    writer.join(PATIENCE_S)
    assert not write_errors and committed
    assert world_id(pending) in [h.id for h in db.recall("quokka sanctuary").hits]
    assert db.verify() == []


def test_the_writing_thread_reads_its_own_uncommitted_rows_and_nobody_else_does(
    db_path: Path,
) -> None:
    store = open_store(db_path)
    try:
        with store.transaction() as txn:
            txn.set_meta("k", "inside")
            assert txn.meta("k") == "inside"  # the transaction reads its own rows
            assert store.meta("k") == "inside"  # so does the SQLite store on the writing thread
            other, seen, errors = _in_thread(lambda: store.meta("k"))
            other.join(PATIENCE_S)
            assert not other.is_alive() and not errors
            assert seen == [None]
        assert store.meta("k") == "inside"
    finally:
        store.close()


def test_readers_use_their_own_query_only_connections_on_a_wal_file(db_path: Path) -> None:
    store = open_store(db_path)
    try:
        assert store._write_connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        mine = store._connection
        assert mine is not store._write_connection
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            mine.execute("INSERT INTO meta (key, value) VALUES ('x', 'y')")
        other, theirs, _ = _in_thread(lambda: store._connection)
        other.join(PATIENCE_S)
        assert theirs and theirs[0] is not mine and theirs[0] is not store._write_connection
        with store._writing() as conn:
            assert store._connection is conn is store._write_connection
    finally:
        store.close()


def test_a_snapshot_keeps_one_committed_state_until_it_ends(db_path: Path) -> None:
    store = open_store(db_path)
    try:
        store.set_meta("k", "old")
        with store.snapshot():
            assert store.meta("k") == "old"
            other, _, errors = _in_thread(lambda: store.set_meta("k", "new"))
            other.join(PATIENCE_S)
            assert not other.is_alive() and not errors  # a reader never blocks the writer
            assert store.meta("k") == "old"
        assert store.meta("k") == "new"
    finally:
        store.close()


def test_a_failed_write_leaves_no_rows_and_readers_never_saw_any(db_path: Path) -> None:
    class Exploding:
        def resolve(self, spec: WorldSpec, /) -> Resolution:
            raise RuntimeError("resolver crashed")

    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None, resolver=Exploding()) as db:
        note = WorldSpec(type="Note", content="never stored")
        entity = WorldSpec(type="Person", name="Ada Quist", resolve=True)
        with pytest.raises(RuntimeError):
            db.write(Changeset(worlds=(note, entity)))
        assert db.find(world_id(note)) is None
        assert db.store.counts()["nodes"] == 0
        assert db.vectors is not None and len(db.vectors) == 0


def test_vectors_added_in_chunks_are_all_searchable() -> None:
    index = VectorIndex(8)
    rng = np.random.default_rng(3)
    count = ADD_CHUNK * 3 + 5
    vectors = rng.normal(size=(count, 8)).astype(np.float32)
    rids = list(range(1, count + 1))
    index.add(rids, vectors)
    assert len(index) == count
    for probe in (0, ADD_CHUNK, count - 1):
        assert index.search(vectors[probe], 1)[0][0] == rids[probe]


def test_a_reader_whose_thread_ended_is_reused_by_the_next_thread(db_path: Path) -> None:
    store = open_store(db_path)
    try:
        mine = store._connection  # a live thread keeps its own
        used = []
        for _ in range(5):
            thread, out, errors = _in_thread(lambda: store._connection)
            thread.join(PATIENCE_S)
            assert not errors
            used += out
        assert all(conn is used[0] for conn in used)  # one warm connection, not five cold ones
        assert used[0] is not mine and store._connection is mine
    finally:
        store.close()


def test_threads_recalling_while_another_writes_see_the_store_only_grow(db_path: Path) -> None:
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        stop = threading.Event()

        def recall_until_stopped() -> list[int]:
            counts: list[int] = []
            while not stop.is_set():
                counts.append(len(db.recall("harbour crane", limit=50).hits))
            return counts

        readers = [_in_thread(recall_until_stopped) for _ in range(4)]
        for i in range(20):
            note = WorldSpec(type="Note", content=f"harbour crane number {i} was inspected")
            db.write(Changeset(worlds=(note,)))
        stop.set()
        for thread, out, errors in readers:
            thread.join(PATIENCE_S)
            assert not thread.is_alive() and not errors
            counts = out[0]
            assert isinstance(counts, list) and counts
            assert counts == sorted(counts) and counts[-1] <= 20  # commits only ever add
        assert len(db.recall("harbour crane", limit=50).hits) == 20
        assert db.verify() == []
