"""Schema V5: ids stored as 32-byte BLOBs, and a V4 store written by the V4 code upgrading on open.

The fixture (tests/data/v4_store/store.db) and what the V4 code read from it (store.db.json)
were written by scripts/make_v4_fixture.py with the V4 code on the path; here the current code
opens a copy and must read the same answers, with every id column now 32 bytes.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.v4_fixture import FIXTURE, READ, assert_reads_as_v4, hits
from worlddb import WorldDB
from worlddb.errors import ValidationError
from worlddb.store import open_sqlite_store
from worlddb.store.ids import hexid, prefix_range, probe, to_blob
from worlddb.store.schema import SCHEMA_VERSION
from worlddb.testing import HashEmbedder

ID_COLUMNS = {
    "blobs": ("id",),
    "nodes": ("id", "parent"),
    "edges": ("id", "src", "dst"),
    "aliases": ("node",),
    "provenance": ("node",),
    "merge_proposals": ("edge_id", "src", "dst"),
    "scope_members": ("scope",),
}
NOW = 1_700_000_000_000_000 + 30 * 86_400_000_000 + 60_000_000  # the fixture's reads' time


def _indexes(conn: sqlite3.Connection) -> set[tuple[str, str]]:
    return set(
        conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql NOT NULL")
    )


@pytest.fixture
def upgraded(tmp_path: Path) -> tuple[Path, set[tuple[str, str]]]:
    """A copy of the V4 fixture, and its index definitions before the upgrade."""
    path = tmp_path / "store.db"
    shutil.copyfile(FIXTURE, path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 4
        before = _indexes(conn)
    finally:
        conn.close()
    return path, before


def test_a_v4_store_upgrades_on_open_and_reads_the_same(
    upgraded: tuple[Path, set[tuple[str, str]]],
) -> None:
    path, _ = upgraded
    db = WorldDB.open(
        path, embedder=HashEmbedder(), extractor=None, clock=lambda: NOW, record_recalls=False
    )
    try:
        assert_reads_as_v4(db)
        assert {q: hits(db, q) for q in READ["recall"]} == READ["recall"]
        amended = READ["amended"]
        assert hits(db, "where do I live") == amended["current"]
        assert hits(db, "where do I live", include_retired=True) == amended["with_past"]
    finally:
        db.close()


def test_the_upgrade_stores_every_id_as_32_bytes_and_keeps_every_index(
    upgraded: tuple[Path, set[tuple[str, str]]],
) -> None:
    path, before = upgraded
    open_sqlite_store(path).close()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert _indexes(conn) == before
        for table, columns in ID_COLUMNS.items():
            for column in columns:
                kinds = conn.execute(
                    f"SELECT DISTINCT typeof({column}), length({column}) FROM {table} "
                    f"WHERE {column} IS NOT NULL"
                ).fetchall()
                assert kinds == [("blob", 32)], (table, column, kinds)
                declared = {r[1]: r[2] for r in conn.execute(f"PRAGMA table_info({table})")}
                assert declared[column] == "BLOB"
        (fts,) = conn.execute("SELECT count(*) FROM fts_docsize").fetchone()
        assert fts == conn.execute("SELECT count(*) FROM nodes WHERE fts_indexed = 1").fetchone()[0]
    finally:
        conn.close()


def test_a_new_store_writes_blob_ids(tmp_path: Path) -> None:
    with WorldDB.open(tmp_path / "new.db", embedder=None, extractor=None) as db:
        a = db.put("Entity", "alpha")
        db.link(a, db.put("Entity", "beta"), "refers_to")
        conn = db.store._connection  # type: ignore[attr-defined]
        row = conn.execute(
            "SELECT typeof(id), length(id), id FROM nodes WHERE id = ?", (to_blob(a),)
        )
        assert row.fetchone() == ("blob", 32, bytes.fromhex(a))
        assert conn.execute("SELECT DISTINCT typeof(src) FROM edges").fetchall() == [("blob",)]


def test_ids_convert_at_the_boundary_and_a_bad_id_is_a_validation_error() -> None:
    wid = "0f" * 32
    assert hexid(to_blob(wid)) == wid
    assert probe(wid) == to_blob(wid) and probe("0F" * 32) == probe(None) == b""
    for bad in ("0F" * 32, "0f" * 31, "0f" * 33, "zz" * 32, " " + "0f" * 31 + "0", 7):
        with pytest.raises(ValidationError):
            to_blob(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("prefix", ["1028d3dca", "1028d3dc", "ff", "fff", "0", "abcdef0"])
def test_an_id_prefix_is_a_byte_range_for_odd_and_even_lengths(prefix: str) -> None:
    lower, upper = prefix_range(prefix)
    ids = [f"{n:02x}" * 32 for n in range(256)] + [prefix + "0" * (64 - len(prefix))]
    ids += [prefix + "f" * (64 - len(prefix))]
    inside = {i for i in ids if lower <= bytes.fromhex(i) < upper}
    assert inside == {i for i in ids if i.startswith(prefix)}


def test_a_read_of_a_malformed_id_finds_nothing_and_a_write_refuses_it() -> None:
    with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
        a = db.put("Entity", "alpha")
        store = db.store
        for bad in ("nope", a.upper(), a[:-1], ""):
            assert store.find_world(bad) is None
            assert store.find_edge(bad) is None
            assert store.existing([bad, a]) == {a}
            assert store.edges_of(bad, direction="both") == []
        with pytest.raises(ValidationError), store.transaction() as txn:  # type: ignore[attr-defined]
            txn.add_alias("nope", "alpha")


def test_a_v4_store_with_a_malformed_id_is_refused_whole_and_left_as_it_was(
    tmp_path: Path,
) -> None:
    from worlddb.errors import IntegrityError

    path = tmp_path / "store.db"
    shutil.copyfile(FIXTURE, path)
    conn = sqlite3.connect(path)
    try:
        (node,) = conn.execute("SELECT node FROM provenance LIMIT 1").fetchone()
        conn.execute("UPDATE provenance SET node = 'Not-An-Id' WHERE node = ?", (node,))
        conn.commit()
    finally:
        conn.close()
    before = path.read_bytes()
    with pytest.raises(IntegrityError, match=r"provenance\.node holds 'Not-An-Id'"):
        open_sqlite_store(path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 4  # nothing half-done
        assert conn.execute("SELECT count(*) FROM provenance WHERE node = 'Not-An-Id'").fetchone()
    finally:
        conn.close()
    assert len(path.read_bytes()) == len(before)
