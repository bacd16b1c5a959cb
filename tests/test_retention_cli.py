"""``worlddb retire --below SCORE``: a dry run writes nothing; a real run goes through the
reconciler and leaves history; scopes and types narrow it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from tests.strategies import FakeClock, logical_dump
from worlddb.cli import cli
from worlddb.engine import WorldDB
from worlddb.recall.retention import DAY_US
from worlddb.timeutil import now_us

ENV = {"WORLDDB_EMBEDDER": "none", "WORLDDB_EXTRACTOR": "none", "WORLDDB_DB": ""}


def _run(path: Path, *args: str) -> Result:
    return CliRunner().invoke(
        cli, ["--db", str(path), "--json", *args], env=ENV, catch_exceptions=False
    )


def _json(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def store(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """Old memories (written 200 days ago, so about 0.01) and fresh ones (about 1)."""
    path = tmp_path / "w.db"
    then = FakeClock(now_us() - 200 * DAY_US)
    ids: dict[str, str] = {}
    with WorldDB.open(path, embedder=None, extractor=None, clock=then) as db:
        ids["old_alice"] = db.remember(
            "alice used to play the oboe", scopes={"user_id": "alice"}
        ).id
        ids["old_bob"] = db.remember("bob once lived in Leeds", scopes={"user_id": "bob"}).id
        ids["old_entity"] = db.put("Person", "Carol")
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        ids["new_alice"] = db.remember("alice plays the cello now", scopes={"user_id": "alice"}).id
    return path, ids


def test_dry_run_lists_and_writes_nothing(store: tuple[Path, dict[str, str]]) -> None:
    path, ids = store
    with WorldDB.open(path, embedder=None, extractor=None, record_recalls=False) as db:
        before = logical_dump(db)
    out = _json(_run(path, "retire", "--below", "0.5", "--dry-run"))
    assert {m["id"] for m in out["memories"]} == {ids["old_alice"], ids["old_bob"]}
    assert all(m["score"] < 0.02 and m["recalls"] == 0 for m in out["memories"])
    with WorldDB.open(path, embedder=None, extractor=None, record_recalls=False) as db:
        assert logical_dump(db) == before


def test_retire_below_goes_through_the_reconciler_and_keeps_history(
    store: tuple[Path, dict[str, str]],
) -> None:
    path, ids = store
    out = _json(_run(path, "retire", "--below", "0.5", "--user-id", "alice"))
    assert [(m["id"], m["retired"]) for m in out["memories"]] == [(ids["old_alice"], True)]
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        old = db.get(ids["old_alice"])
        assert old.valid_to is not None  # closed, not deleted
        assert [w.id for w in db.history(ids["old_alice"])] == [ids["old_alice"]]
        assert db.get(ids["old_bob"]).valid_to is None  # another scope
        assert db.get(ids["new_alice"]).valid_to is None  # above the threshold
        assert db.get(ids["old_entity"]).valid_to is None  # not a memory type
        assert not db.is_visible(ids["old_alice"])
        assert db.verify() == []
    again = _json(_run(path, "retire", "--below", "0.5", "--user-id", "alice", "--dry-run"))
    assert again["memories"] == []


def test_types_widen_the_candidates(store: tuple[Path, dict[str, str]]) -> None:
    path, ids = store
    out = _json(_run(path, "retire", "--below", "0.5", "--dry-run", "--type", "Person"))
    assert [m["id"] for m in out["memories"]] == [ids["old_entity"]]


def test_ids_and_below_do_not_mix(store: tuple[Path, dict[str, str]]) -> None:
    path, ids = store
    assert _run(path, "retire", ids["old_bob"], "--below", "0.5").exit_code == 2
    assert _run(path, "retire").exit_code == 2
    assert _run(path, "retire", ids["old_bob"], "--dry-run").exit_code == 2
