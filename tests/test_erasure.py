"""Erasure that erases: after a purge the canary text is in no byte of any database file."""

from __future__ import annotations

from pathlib import Path

import pytest

from worlddb import ErasureReport, NotFoundError, WorldDB

CANARY = "Zorblatqx"  # a word no filler, tokenizer or stemmer produces by accident
ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}


def _files(folder: Path) -> list[Path]:
    """Every file the store keeps: the database, -wal, -shm, the HNSW index and its sidecar."""
    return sorted(p for p in folder.iterdir() if p.is_file())


def _traces(folder: Path, word: str = CANARY) -> dict[str, int]:
    """How often ``word`` (any case) occurs in the raw bytes of each store file."""
    needle = word.lower().encode()
    found = {p.name: p.read_bytes().lower().count(needle) for p in _files(folder)}
    return {name: count for name, count in found.items() if count}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


pytestmark = pytest.mark.worlddb(embedder="hash", extractor="default", on_disk=True)


def _fill(db: WorldDB, scopes: dict[str, str], count: int = 40) -> None:
    """Unrelated memories around the canary, so its rows share pages with rows that stay."""
    for i in range(count):
        db.remember(
            f"Note {i}: the garden beds need compost before the spring rain {i}.", scopes=scopes
        )


def _write_canary(db: WorldDB) -> str:
    result = db.remember(
        f"My manager is {CANARY} Vantrell and I work at {CANARY}corp in Lisbon.", scopes=ALICE
    )
    names = [name for name, _, _ in result.entities]
    assert any(CANARY in name for name in names), names  # an entity carries the canary
    assert result.facts, "the extractor derived a fact from the canary note"
    return result.id


def test_erasing_a_scope_leaves_its_text_in_no_database_file(db: WorldDB, folder: Path) -> None:
    _fill(db, BOB)
    note = _write_canary(db)
    _fill(db, BOB, 10)
    db.store.checkpoint()
    assert _traces(folder), "the canary was written to the file before the purge"

    report = db.erase_scope("user_id", "alice")

    assert isinstance(report, ErasureReport)
    assert report.memories_erased == (note,)
    assert report.memories_kept == ()
    assert report.scrubbed
    assert len(report.erased) > 1 + 2  # the note, its facts and entities, the scope
    assert _traces(folder) == {}, "found while the store is still open"
    for wid in report.erased:
        assert not db.store.exists(wid)
    assert db.recall(CANARY, scopes=BOB).hits == [] or all(
        CANARY not in h.text for h in db.recall(CANARY, scopes=BOB).hits
    )
    db.close()
    assert _traces(folder) == {}, "found after close"


def test_purging_a_world_leaves_its_text_in_no_database_file(db: WorldDB, folder: Path) -> None:
    _fill(db, BOB)
    note = _write_canary(db)
    db.store.checkpoint()
    assert _traces(folder)

    report = db.erase(note)

    assert note in report.erased and report.memories_erased == (note,)
    assert _traces(folder) == {}
    db.close()
    assert _traces(folder) == {}


def test_what_another_scope_holds_is_kept_and_listed(db: WorldDB, folder: Path) -> None:
    shared = db.remember(
        "We both use the Lisbon office on Fridays.", scopes={**ALICE, "agent_id": "x"}
    )
    bobs = db.remember("Bob prefers the Lisbon office in winter.", scopes=BOB)
    own = _write_canary(db)

    report = db.erase_scope("user_id", "alice")

    assert report.memories_erased == (own,)
    assert report.memories_kept == (shared.id,)
    assert shared.id in report.kept and own not in report.kept
    assert db.get(shared.id).text.startswith("We both use")
    assert db.get(bobs.id).text.startswith("Bob prefers")
    lisbon = [wid for name, wid, _ in bobs.entities if name == "Lisbon"]
    assert lisbon and db.store.exists(lisbon[0])  # Bob's note still mentions Lisbon
    assert _traces(folder) == {}
    assert _traces(folder, "Vantrell") == {}
    assert _traces(folder, "Fridays")  # the kept memory's text is still there


def test_purge_scope_still_returns_a_count_and_a_missing_scope_is_an_error(db: WorldDB) -> None:
    _write_canary(db)
    assert db.purge_scope("user_id", "alice", erase=True) == 1
    with pytest.raises(NotFoundError):
        db.erase_scope("user_id", "alice")


def test_secure_delete_is_on_for_the_write_connection(db: WorldDB) -> None:
    assert db.store._write_connection.execute("PRAGMA secure_delete").fetchone()[0] == 1


def test_purging_the_current_version_erases_the_text_of_the_versions_it_replaced(
    db: WorldDB, folder: Path
) -> None:
    _fill(db, BOB)
    first = _write_canary(db)
    amended = db.amend(first, "My manager is Dana and I work from home.", scopes=ALICE)
    db.store.checkpoint()
    assert _traces(folder), "the first version still holds the canary"

    report = db.erase(amended.id)

    assert set(report.memories_erased) == {first, amended.id}
    assert _traces(folder) == {}


@pytest.mark.parametrize("other_text", ["I live in Lisbon.", "My sister lives in Lisbon."])
def test_a_world_purge_keeps_an_entity_another_memory_still_names(
    db: WorldDB, other_text: str
) -> None:
    other = db.remember(other_text, scopes=ALICE)  # with a fact about Lisbon, and without
    lisbon = next(wid for name, wid, _ in other.entities if name == "Lisbon")
    canary = db.remember(
        f"My manager is {CANARY} Vantrell and I work at {CANARY}corp in Lisbon.", scopes=ALICE
    )
    named = {name: wid for name, wid, _ in canary.entities}
    assert named["Lisbon"] == lisbon  # the same place, resolved to one entity

    report = db.erase(canary.id)

    assert lisbon in report.kept and db.store.exists(lisbon)
    gone = [wid for name, wid in named.items() if CANARY in name]
    assert gone and all(wid in report.erased and not db.store.exists(wid) for wid in gone)
