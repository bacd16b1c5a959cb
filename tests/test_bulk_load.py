"""Bulk loads through the reconciler (``WorldDB.write_bulk``): same rows as the normal path,
all or nothing, deferred index and full-text upkeep that ends before anything reads it."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterator
from itertools import count
from pathlib import Path

import pytest

from worlddb import ValidationError, WorldDB
from worlddb.bench.fuzz import store_digest
from worlddb.errors import HandlerRefusedError
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec

WORDS = ("harbour", "violin", "orchard", "lantern", "glacier", "saffron", "meadow", "copper")
# Columns stamped with the transaction's time: a bulk load has one, a sequence of writes many.
STAMPS = frozenset({"ingested_at", "recorded_at", "created_at", "decided_at"})
FTS_SHADOW = ("fts_data", "fts_idx", "fts_docsize", "fts_config")


def _clock() -> Callable[[], int]:
    ticks = count(1_700_000_000_000_000, 1000)
    return lambda: next(ticks)


def _plain(facts: int, entities: int = 6) -> list[Changeset]:
    """Entities, then facts that refer to them: changesets the bulk path defers upkeep for."""
    people = [WorldSpec(type="Person", name=f"Ada Harbour {i}") for i in range(entities)]
    out = [Changeset(worlds=tuple(people))]
    for lo in range(0, facts, 7):
        specs = [
            WorldSpec(
                type="Fact",
                content=f"{WORDS[i % 8]} {WORDS[(i * 3) % 8]} note {i}",
                created_at=i,
                aliases=("first alias",) if i % 5 == 0 else (),
            )
            for i in range(lo, min(lo + 7, facts))
        ]
        edges = [
            EdgeSpec("refers_to", world_id(s), world_id(people[(lo + k) % entities]))
            for k, s in enumerate(specs)
        ]
        out.append(Changeset(worlds=tuple(specs), edges=tuple(edges), source="bench"))
    return out


def _mixed() -> list[Changeset]:
    """Plain changesets, then ones that read what a bulk load defers (scopes, nesting,
    resolution by a fuzzy name), then plain again."""
    out = _plain(30)
    scope = scope_world("user_id", "ada")
    turns = [
        WorldSpec(type="Turn", name="user", content=f"the {w} story", created_at=5) for w in WORDS
    ]
    session = WorldSpec(type="Session", children=tuple(world_id(t) for t in turns), created_at=5)
    out.append(
        Changeset(
            worlds=(scope, *turns, session),
            edges=(EdgeSpec("contains", world_id(scope), world_id(session)),),
        )
    )
    out.append(Changeset(worlds=(WorldSpec(type="Person", name="Ada Harbor 3", resolve=True),)))
    out += _plain(10, entities=2)[1:]
    return out


def _logical_rows(path: Path) -> list[str]:
    """Every row of every table but the full-text shadow tables, with time stamps left out,
    sorted; then each full-text term's matching rows (the index's meaning, not its pages)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [
            str(r[0])
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            if r[0] != "fts" and r[0] not in FTS_SHADOW
        ]
        lines: list[str] = []
        for table in sorted(tables):
            columns = [str(c[1]) for c in conn.execute(f'PRAGMA table_info("{table}")')]
            kept = [c for c in columns if c not in STAMPS]
            select = ", ".join(f'"{c}"' for c in kept)
            lines += sorted(
                f"{table}:{row!r}" for row in conn.execute(f'SELECT {select} FROM "{table}"')
            )
        for term in (*WORDS, "ada", "harbour", "story", "note"):
            hits = [
                r[0]
                for r in conn.execute(
                    "SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid", (term,)
                )
            ]
            lines.append(f"fts:{term}:{hits}")
        lines += sorted(f"docsize:{r!r}" for r in conn.execute("SELECT * FROM fts_docsize"))
        return lines
    finally:
        conn.close()


def _open(path: Path) -> WorldDB:
    db = WorldDB.open(path, embedder=None, extractor=None, clock=_clock())
    db.recluster_budget_s = 0.0
    return db


def _sorted_dump(path: Path) -> str:
    """SHA-256 of the SQL dump's lines, sorted (a rebuilt index sits elsewhere in the schema)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return hashlib.sha256("\n".join(sorted(conn.iterdump())).encode()).hexdigest()
    finally:
        conn.close()


def test_a_bulk_load_writes_the_rows_one_write_of_the_same_worlds_writes(tmp_path: Path) -> None:
    changesets = _plain(40)
    merged = Changeset(
        worlds=tuple(w for c in changesets for w in c.worlds),
        edges=tuple(e for c in changesets for e in c.edges),
        source="bench",
    )
    changesets = [Changeset(c.worlds, c.edges, "bench") for c in changesets]
    with _open(tmp_path / "one.db") as db:
        db.write(merged)
    with _open(tmp_path / "bulk.db") as db:
        report = db.write_bulk(iter(changesets))
        assert report.deferred_until == report.changesets == len(changesets)
        assert report.created == len(merged.worlds) and report.edges == len(merged.edges)
        assert db.verify() == []
    assert _sorted_dump(tmp_path / "bulk.db") == _sorted_dump(tmp_path / "one.db")


def test_a_bulk_load_matches_the_same_changesets_written_one_by_one(tmp_path: Path) -> None:
    changesets = _mixed()
    with _open(tmp_path / "seq.db") as db:
        results = [db.write(c) for c in changesets]
    with _open(tmp_path / "bulk.db") as db:
        report = db.write_bulk(changesets)
        # deferral ended at the first changeset with a scope and nested worlds
        assert report.deferred_until == len(_plain(30))
        assert db.verify() == []
        assert len(db.store.proposals()) == 1  # the fuzzy "Harbor" was proposed, not merged
    assert sum(len(r.created) for r in results) == report.created
    assert _logical_rows(tmp_path / "bulk.db") == _logical_rows(tmp_path / "seq.db")


def _failing(bad: Changeset, at: int) -> Iterator[Changeset]:
    for number, changeset in enumerate(_plain(40)):
        if number == at:
            yield bad
        yield changeset


@pytest.mark.parametrize("prefilled", [False, True], ids=["empty", "prefilled"])
@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (Changeset(edges=(EdgeSpec("refers_to", "ab" * 32, "cd" * 32),)), ValidationError),
        (
            Changeset(worlds=(WorldSpec(type="Fact", content="x", created_at=True),)),
            ValidationError,
        ),  # type: ignore[arg-type]
        (
            Changeset(
                worlds=(WorldSpec(type="Note", content="loop"),),
                edges=(
                    EdgeSpec(
                        "causes",
                        world_id(WorldSpec(type="Note", content="loop")),
                        world_id(WorldSpec(type="Note", content="loop")),
                    ),
                ),
            ),
            HandlerRefusedError,
        ),
    ],
    ids=["dangling-edge", "bad-time", "handler-refuses"],
)
def test_a_bad_changeset_leaves_the_store_exactly_as_it_was(
    tmp_path: Path, prefilled: bool, bad: Changeset, error: type[Exception]
) -> None:
    path = tmp_path / "world.db"
    with _open(path) as db:
        if prefilled:
            db.write_bulk(_plain(10, entities=3))
    before = store_digest(path)
    with _open(path) as db:
        with pytest.raises(error) as caught:
            db.write_bulk(_failing(bad, at=3))
        assert "\n" not in str(caught.value)
        assert any("changeset #3" in note for note in caught.value.__notes__)
    assert store_digest(path) == before
    with _open(path) as db:
        assert db.verify() == []
        db.write_bulk(_plain(40))  # the rolled-back load leaves a store that loads again
        assert db.verify() == []


def test_a_bulk_load_into_a_non_empty_store_keeps_upkeep_live(tmp_path: Path) -> None:
    with _open(tmp_path / "world.db") as db:
        db.write(_plain(3)[0])
        report = db.write_bulk(_plain(20)[1:])
        assert report.deferred_until == 0
        assert report.existing == 0 and report.created == 20
        assert db.verify() == []
        assert db.recall("saffron", limit=50).hits


@pytest.mark.worlddb(embedder="hash")
def test_a_bulk_load_with_an_embedder_indexes_its_vectors_after_the_commit(db: WorldDB) -> None:
    report = db.write_bulk(_plain(30))
    assert report.created == 36
    assert db.vectors is not None and len(db.vectors) == 36
    hits = db.recall("glacier orchard note 12", limit=5).hits
    assert hits and db.verify() == []


def test_mixed_changesets_load_in_bulk_and_read_back(db: WorldDB) -> None:
    report = db.write_bulk(_mixed())
    counts = db.store.counts()
    assert counts["nodes"] == report.created and counts["edges"] == report.edges
    assert len(db.store.proposals()) == 1
    assert db.verify() == []
    assert db.recall("lantern", limit=100).hits


def test_a_refused_bulk_load_writes_nothing(db: WorldDB) -> None:
    db.write(_plain(3)[0])
    before = db.store.counts()
    bad = Changeset(edges=(EdgeSpec("refers_to", "ab" * 32, "cd" * 32),))
    with pytest.raises(ValidationError):
        db.write_bulk(_failing(bad, at=2))
    assert db.store.counts() == before
    assert db.verify() == []


def test_indexes_added_by_later_schema_versions_are_deferred_and_rebuilt(tmp_path: Path) -> None:
    """The deferral reads the indexes from the schema itself: a partial index spelled in lower
    case and a UNIQUE one (kept live: it is a constraint) come back exactly as they were."""
    path = tmp_path / "world.db"
    with _open(path):
        pass
    extra = (
        "create index extra_partial on nodes (created_at) where type = 'Fact'",
        "CREATE UNIQUE INDEX extra_unique ON edges (src, type, dst)",
    )
    conn = sqlite3.connect(path)
    for statement in extra:
        conn.execute(statement)
    conn.commit()
    schema_before = sorted(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index'"))
    conn.close()
    with _open(path) as db:
        report = db.write_bulk(_plain(40))
        assert report.deferred_until == report.changesets
        assert db.verify() == []
    conn = sqlite3.connect(path)
    try:
        after = sorted(conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index'"))
        assert after == schema_before
        (through,) = conn.execute(
            "SELECT count(*) FROM nodes INDEXED BY extra_partial WHERE type = 'Fact'"
        ).fetchone()
        assert through == 40
    finally:
        conn.close()
