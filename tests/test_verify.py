"""``verify`` finds each kind of corruption, named by its invariant, and nothing in a healthy store.

Corruption is introduced with raw SQL on the store's connection: the library itself offers no way
to break an invariant, which is the point.
"""

from __future__ import annotations

import pytest

from worlddb.engine import WorldDB
from worlddb.hashing import canonical_bytes


@pytest.fixture
def busy(db: WorldDB) -> WorldDB:
    """A store with structure, validity changes, a proposal, a scope and an edit."""
    t1, t2 = db.put("Turn", "user", "I live in Paris"), db.put("Turn", "assistant", "ok")
    session = db.put("Session", children=[t1, t2])
    paris = db.put("Fact", content="user lives in Paris", valid_from=10)
    berlin = db.put("Fact", content="user lives in Berlin", valid_from=20)
    db.link(berlin, paris, "supersedes")
    db.link(paris, t1, "derived_from")
    a, b = db.put("Person", "Ann"), db.put("Person", "Anne")
    db.link(a, b, "same_as")
    (scope,) = db.ensure_scopes({"user_id": "u"})
    db.link(scope, session, "contains")
    db.edit(t2, content="okay")
    assert db.verify() == []
    return db


def _one(db: WorldDB, sql: str) -> object:
    row = db.store._connection.execute(sql).fetchone()
    assert row is not None
    return row[0]


def _problems(db: WorldDB, code: str) -> list[str]:
    found = db.verify()
    assert found, "verify found nothing"
    assert all(p.startswith(("I1", "I3", "I4", "I5", "I8", "I10")) for p in found)
    return [p for p in found if p.startswith(code + " ")]


def test_a_blob_that_does_not_hash_to_its_id_is_i1(busy: WorldDB) -> None:
    wid = _one(busy, "SELECT id FROM blobs LIMIT 1")
    busy.store._connection.execute(
        "UPDATE blobs SET body = ? WHERE id = ?", (canonical_bytes({"f": "tampered"}), wid)
    )
    assert _problems(busy, "I1")


def test_a_node_row_that_drifted_from_its_blob_is_i1(busy: WorldDB) -> None:
    busy.store._connection.execute(
        "UPDATE nodes SET content = 'edited in place' WHERE type = 'Fact'"
    )
    assert _problems(busy, "I1")


def test_a_node_without_its_blob_is_i1(busy: WorldDB) -> None:
    busy.store._connection.execute("DELETE FROM blobs WHERE id = (SELECT id FROM nodes LIMIT 1)")
    assert _problems(busy, "I1")


def test_an_inverted_interval_is_i3(busy: WorldDB) -> None:
    busy.store._connection.execute(
        "UPDATE nodes SET valid_from = 100, valid_to = 5 WHERE rid = (SELECT min(rid) FROM nodes)"
    )
    assert _problems(busy, "I3")


def test_an_edge_to_a_missing_world_is_i4(busy: WorldDB) -> None:
    busy.store._connection.execute(
        "UPDATE edges SET dst = ? WHERE type = 'derived_from'", (b"\xff" * 32,)
    )
    assert _problems(busy, "I4")


def test_a_missing_or_extra_fts_row_is_i5(busy: WorldDB) -> None:
    busy.store._connection.execute(
        "INSERT INTO fts (rowid, name, content) VALUES (9999, '', 'stray')"
    )
    assert _problems(busy, "I5")


def test_an_fts_row_with_the_wrong_text_is_i5(busy: WorldDB) -> None:
    row = busy.store._connection.execute(
        "SELECT rid, content FROM nodes WHERE type = 'Fact' AND fts_indexed = 1 LIMIT 1"
    ).fetchone()
    conn = busy.store._connection
    conn.execute(
        "INSERT INTO fts (fts, rowid, name, content) VALUES ('delete', ?, '', ?)", (row[0], row[1])
    )
    conn.execute(
        "INSERT INTO fts (rowid, name, content) VALUES (?, '', 'unrelated words')", (row[0],)
    )
    assert _problems(busy, "I5")


def test_a_merge_without_an_accepted_proposal_is_i8(busy: WorldDB) -> None:
    busy.store._connection.execute("UPDATE edges SET status = 'accepted' WHERE type = 'same_as'")
    assert _problems(busy, "I8")


def test_a_proposal_without_its_edge_is_i10(busy: WorldDB) -> None:
    busy.store._connection.execute("DELETE FROM edges WHERE type = 'same_as'")
    assert _problems(busy, "I10")


def test_a_proposal_naming_a_missing_world_is_i10(busy: WorldDB) -> None:
    busy.store._connection.execute("UPDATE merge_proposals SET dst = ?", (b"\xff" * 32,))
    assert _problems(busy, "I10")


@pytest.mark.parametrize(
    "text",
    [
        "don't stop",
        "e-mail me",
        'say "hi" now',
        "a\x00b c",
        "naïve café",
        "東京タワー 2",
        "___",
        "x\u200by",
    ],
)
def test_ordinary_punctuation_is_not_reported_as_fts_drift(db: WorldDB, text: str) -> None:
    """The spot check tokenizes like FTS5 does (a fuzz finding: "don't" was flagged as I5)."""
    db.put("Note", content=text)
    db.put("Person", text)
    assert db.verify() == []
