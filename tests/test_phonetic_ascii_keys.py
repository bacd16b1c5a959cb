"""Phonetic keys spell a Latin letter that has no mark to drop in ASCII (issue 13, round 23).

"ø", "æ", "ð", "þ" and "ł" are letters of their own, which neither FTS5's ``remove_diacritics``
nor the keys up to SQLite schema V5 (PostgreSQL V3) folded: a stored "Røst" or "Borðeyri" shared
no word, prefix or key with "Roest" or "Bordeyri", so the resolver never compared them. Keys now
spell those letters as ``anyascii`` does, and opening an older store re-keys the rows whose key
changes (SQLite V6, PostgreSQL V4).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.test_resolver import resolve, store_all
from worlddb import WorldDB
from worlddb.phonetic import phonetic_key, words
from worlddb.store.schema import SCHEMA_VERSION


def test_latin_letters_without_marks_are_spelled_in_ascii() -> None:
    assert words("Læsø Borðeyri Þing Łódź") == ["laeso", "bordeyri", "thing", "lodz"]
    assert phonetic_key("Røst") == phonetic_key("Roest") == phonetic_key("Rost")
    assert phonetic_key("Hróðvar Þórhallsson") == phonetic_key("Hrodvar Thorhallsson")
    assert words("Мюнхен") == ["мюнхен"]  # another script keeps its word: no code is invented
    assert words("Zürich") == ["zurich"]  # marks were already dropped


@pytest.mark.worlddb(recluster=False)
def test_an_ascii_spelling_finds_the_stored_name(db: WorldDB) -> None:
    rost, laeso = store_all(db, ("Place", "Røst"), ("Place", "Læsø"))
    assert resolve(db, "Place", "Roest").world_id == rost
    assert resolve(db, "Place", "Laesoe").world_id == laeso


def test_an_older_sqlite_store_is_re_keyed_on_open(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        rost = db.put("Place", "Røst", aliases=["Røstlandet"])
        db.put("Place", "Narvik")
    conn = sqlite3.connect(path)
    try:  # as the V5 code wrote them: a non-ASCII word was its own key
        conn.execute("UPDATE nodes SET phonetic = 'røst' WHERE name = 'Røst'")
        conn.execute("UPDATE aliases SET phonetic = 'røstlandet' WHERE alias = 'Røstlandet'")
        conn.execute("PRAGMA user_version = 5")
        conn.commit()
        before = dict(conn.execute("SELECT name, phonetic FROM nodes"))
    finally:
        conn.close()
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        db.recluster_budget_s = 0.0
        assert resolve(db, "Place", "Roest").world_id == rost
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        after = dict(conn.execute("SELECT name, phonetic FROM nodes"))
        assert after["Røst"] == phonetic_key("Roest") != before["Røst"]
        assert after["Narvik"] == before["Narvik"]  # an ASCII name's key is untouched
        (alias_key,) = conn.execute("SELECT phonetic FROM aliases").fetchone()
        assert alias_key == phonetic_key("Rostlandet")
    finally:
        conn.close()


def test_an_older_postgres_database_is_re_keyed_on_open(pg_url: str) -> None:
    import psycopg

    with WorldDB.open(pg_url, embedder=None, extractor=None) as db:
        rost = db.put("Place", "Røst", aliases=["Røstlandet"])
    with psycopg.connect(pg_url, autocommit=True) as pg:
        pg.execute("UPDATE nodes SET phonetic = 'røst' WHERE name = 'Røst'")
        pg.execute("UPDATE aliases SET phonetic = 'røstlandet' WHERE alias = 'Røstlandet'")
        pg.execute("UPDATE worlddb_schema SET version = 3")
    with WorldDB.open(pg_url, embedder=None, extractor=None) as db:
        db.recluster_budget_s = 0.0
        assert resolve(db, "Place", "Roest").world_id == rost
    with psycopg.connect(pg_url, autocommit=True) as pg:
        assert pg.execute("SELECT version FROM worlddb_schema").fetchone() == (4,)
        row = pg.execute("SELECT phonetic FROM nodes WHERE name = 'Røst'").fetchone()
        assert row == (phonetic_key("Roest"),)
        alias = pg.execute("SELECT phonetic FROM aliases").fetchone()
        assert alias == (phonetic_key("Rostlandet"),)
