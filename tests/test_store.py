"""The SQLite store: opening, transactions, id resolution and the typed, bitemporal reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.strategies import FakeClock
from worlddb.engine import WorldDB
from worlddb.errors import AmbiguousIdError, ClosedError, NotFoundError, ValidationError
from worlddb.hashing import world_id
from worlddb.model import WorldSpec
from worlddb.store import open_store
from worlddb.store.reads import TimeView, visibility_sql
from worlddb.store.schema import SCHEMA_VERSION, migrate

# Two created_at values whose Note ids share their first 8 hex characters (found by search once;
# the test re-checks the collision so a format change cannot make it pass vacuously).
COLLIDING_CREATED_AT = (75547, 101149)


def test_opening_in_a_missing_directory_is_a_validation_error(tmp_path: Path) -> None:
    with pytest.raises(ValidationError) as info:
        open_store(tmp_path / "nope" / "w.db")
    assert info.value.field == "path"


def test_a_new_store_is_at_the_current_schema_and_migrating_again_is_a_no_op(db_path: Path) -> None:
    store = open_store(db_path)
    try:
        assert store._connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert migrate(store._connection) == SCHEMA_VERSION
        assert store._connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        store.close()


def test_a_transaction_rolls_back_on_any_exception(db: WorldDB) -> None:
    db.store.set_meta("k", "before")
    with pytest.raises(KeyError), db.store.transaction() as txn:
        txn.set_meta("k", "during")
        assert txn.meta("k") == "during"  # the transaction reads its own row
        raise KeyError("boom")
    assert db.store.meta("k") == "before"
    db.store.set_meta("k", "after")
    assert db.store.meta("k") == "after"


def test_using_a_closed_store_raises_closed_error_and_close_is_idempotent() -> None:
    store = open_store()
    store.close()
    store.close()
    with pytest.raises(ClosedError):
        store.find_world("a" * 64)


def test_ids_resolve_from_a_full_id_or_a_unique_prefix(db: WorldDB) -> None:
    wid = db.put("Note", content="hello")
    assert db.store.resolve_id(wid) == wid
    assert db.store.resolve_id(wid[:8]) == wid
    assert db.store.resolve_id(f"  {wid[:12].upper()} ") == wid


@pytest.mark.parametrize("bad", ["abc", "a" * 7, "xyz12345", "", "g" * 64])
def test_short_or_non_hex_prefixes_are_validation_errors(db: WorldDB, bad: str) -> None:
    with pytest.raises(ValidationError) as info:
        db.store.resolve_id(bad)
    assert info.value.field == "id"


def test_an_unknown_prefix_is_not_found(db: WorldDB) -> None:
    wid = db.put("Note", content="hello")
    other = "0" * 8 if not wid.startswith("0" * 8) else "f" * 8
    with pytest.raises(NotFoundError):
        db.store.resolve_id(other)


def test_an_ambiguous_prefix_lists_its_candidates(db: WorldDB) -> None:
    specs = [WorldSpec("Note", content="x", created_at=c) for c in COLLIDING_CREATED_AT]
    ids = sorted(world_id(s) for s in specs)
    assert ids[0][:8] == ids[1][:8] and ids[0] != ids[1]
    for spec in specs:
        db.put(spec.type, content=spec.content, created_at=spec.created_at)
    with pytest.raises(AmbiguousIdError) as info:
        db.store.resolve_id(ids[0][:8])
    assert isinstance(info.value, NotFoundError)
    assert info.value.candidates == tuple(ids)
    assert db.store.resolve_id(ids[0][:40]) == ids[0]


def test_find_world_returns_none_and_get_world_raises_for_a_missing_id(db: WorldDB) -> None:
    assert db.store.find_world("c" * 64) is None
    with pytest.raises(NotFoundError) as info:
        db.store.get_world("c" * 64)
    assert info.value.key == "c" * 64


def test_a_stored_world_reads_back_with_its_projection_state(db: WorldDB) -> None:
    kid = db.put("Turn", "user", "hi there")
    wid = db.put(
        "Session",
        children=[kid],
        valid_from=10,
        valid_to=20,
        created_at=5,
        provenance=["label:s1"],
        aliases=["first chat"],
    )
    world = db.store.get_world(wid)
    assert (world.type, world.children, world.created_at) == ("Session", (kid,), 5)
    assert (world.valid_from, world.valid_to) == (10, 20)
    assert world.provenance == ("label:s1",)
    assert world.aliases == ("first chat",)
    assert db.store.get_world(kid).parent == wid
    assert db.store.blob(wid) is not None and db.store.blob("c" * 64) is None


def test_existing_answers_in_one_batch(db: WorldDB) -> None:
    ids = [db.put("Note", content=f"note {i}") for i in range(3)]
    assert db.store.existing([*ids, "d" * 64, ids[0]]) == set(ids)
    assert db.store.exists(ids[1]) and not db.store.exists("d" * 64)


def test_edges_of_rejects_an_unknown_direction(db: WorldDB) -> None:
    with pytest.raises(ValidationError) as info:
        db.store.edges_of("a" * 64, direction="sideways")
    assert info.value.field == "direction"


def test_edges_of_reads_each_direction_and_hides_retired_edges(db: WorldDB) -> None:
    a, b = db.put("Note", content="a"), db.put("Note", content="b")
    eid = db.link(a, b, "refers_to")
    assert [e.id for e in db.store.edges_of(a)] == [eid]
    assert db.store.edges_of(a, direction="in") == []
    assert [e.id for e in db.store.edges_of(b, direction="in")] == [eid]
    assert [e.id for e in db.store.edges_of(b, direction="both")] == [eid]
    db.retire_edge(eid)
    assert db.store.edges_of(a) == []
    (retired,) = db.store.edges_of(a, include_retired=True)
    assert retired.status == "retired" and retired.valid_to is not None


def test_validity_is_half_open(db: WorldDB) -> None:
    wid = db.put("Fact", content="open", valid_from=100, valid_to=200)
    rid = db.store.rid_of(wid)
    assert rid is not None

    def seen(moment: int) -> bool:
        return bool(db.store.visible_rids([rid], TimeView(valid_at=moment), now=0))

    assert [seen(m) for m in (99, 100, 199, 200)] == [False, True, True, False]
    assert db.store.visible_rids([rid], TimeView(include_closed=True), now=0) == {rid}


def test_known_at_replays_the_validity_recorded_at_that_time() -> None:
    clock = FakeClock()
    with WorldDB.open(embedder=None, extractor=None, clock=clock) as store:
        wid = store.put("Fact", content="Alice lives in Paris", valid_from=0)
        written = clock.now
        clock.advance(60)
        store.retire(wid, at=50)
        rid = store.store.rid_of(wid)
        assert rid is not None
        before = TimeView(valid_at=100, known_at=written)
        after = TimeView(valid_at=100, known_at=clock.now)
        assert store.store.visible_rids([rid], before, now=clock.now) == {rid}
        assert store.store.visible_rids([rid], after, now=clock.now) == set()
        too_early = TimeView(valid_at=100, known_at=written - 1)
        assert store.store.visible_rids([rid], too_early, now=clock.now) == set()


def test_visibility_sql_only_pins_ingest_time_when_asked() -> None:
    where, params = visibility_sql(TimeView(include_closed=True), now=5)
    assert (where, params) == ("TRUE", [])
    where, params = visibility_sql(TimeView(known_at=3, include_closed=True), now=5)
    assert params == [3] and "ingested_at" in where


def test_list_worlds_pages_by_rid_and_filters_by_type(db: WorldDB) -> None:
    notes = [db.put("Note", content=f"n{i}") for i in range(5)]
    db.put("Fact", content="a fact")
    first = db.store.list_worlds(types=["Note"], view=TimeView(), now=db.now(), limit=2)
    assert [w.id for w in first] == notes[:2]
    cursor = db.store.rid_of(first[-1].id) or 0
    rest = db.store.list_worlds(
        types=["Note"], view=TimeView(), now=db.now(), after_rid=cursor, limit=10
    )
    assert [w.id for w in rest] == notes[2:]


def test_counts_cover_the_main_tables(db: WorldDB) -> None:
    a, b = db.put("Note", content="a"), db.put("Note", content="b")
    db.link(a, b, "refers_to")
    counts = db.store.counts()
    assert counts["nodes"] == counts["blobs"] == 2
    assert counts["edges"] == 1


def test_two_connections_to_one_file_see_each_others_commits(db_path: Path) -> None:
    with (
        WorldDB.open(db_path, embedder=None, extractor=None) as one,
        WorldDB.open(db_path, embedder=None, extractor=None) as two,
    ):
        wid = one.put("Note", content="shared")
        assert two.get(wid).content == "shared"
        other = two.put("Note", content="from two")
        one.link(wid, other, "refers_to")
        assert [e.target for e in two.edges(wid)] == [other]


def test_chunked_slices_ids_with_matching_placeholders() -> None:
    from worlddb.store.sql import chunked, placeholders

    ids = [f"id{i}" for i in range(7)]
    parts = list(chunked(ids, 3))
    assert [chunk for chunk, _ in parts] == [ids[0:3], ids[3:6], ids[6:7]]
    assert [marks for _, marks in parts] == ["?,?,?", "?,?,?", "?"]
    assert list(chunked([], 3)) == []
    assert placeholders(2) == "?,?"
    with pytest.raises(ValueError):
        list(chunked(ids, 0))


def test_copy_to_writes_a_readable_copy_of_a_file_store(tmp_path: Path) -> None:
    store = open_store(tmp_path / "a.db")
    try:
        store.set_meta("marker", "kept")
        store.copy_to(tmp_path / "copy.db")  # from a reader thread's point of view: not writing
    finally:
        store.close()
    copy = open_store(tmp_path / "copy.db")
    try:
        assert copy.meta("marker") == "kept"
    finally:
        copy.close()
