"""The shortcuts that make the long invariant runs cheaper check what the slow versions checked.

``tests/test_invariants.py`` skips a round of invariants only after a step that proved nothing
changed, and proves refusals and reopening by the file's bytes; ``fuzz/fuzz_changeset.py``
starts each input from a copy of a template store and proves refusals by serialised bytes,
comparing rows when the bytes differ. Each test here shows one shortcut fails when it must,
or equals the slow path it replaced.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis.stateful import RuleBasedStateMachine

from tests.strategies import logical_dump
from tests.test_invariants import StoreMachine
from worlddb.engine import WorldDB
from worlddb.errors import HandlerRefusedError

ROOT = Path(__file__).resolve().parent.parent


def _fuzz_target() -> ModuleType:
    path = ROOT / "fuzz" / "fuzz_changeset.py"
    spec = importlib.util.spec_from_file_location("fuzz_changeset_shortcuts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def machine() -> Iterator[StoreMachine]:
    m = StoreMachine()
    m.seed([])
    yield m
    m.teardown()


def test_a_refusal_that_changed_the_file_fails_and_names_the_table(machine: StoreMachine) -> None:
    def sneaky() -> None:
        machine.db.put("Note", content="landed anyway")
        raise HandlerRefusedError("same_as", "pretend refusal")

    with pytest.raises(AssertionError, match=r"tables differing: .*'nodes'"):
        machine._refused(sneaky)
    assert machine.unchanged is False


def test_a_true_refusal_marks_the_step_unchanged(machine: StoreMachine) -> None:
    machine.doomed()
    assert machine.unchanged is True


def test_reopen_keeps_every_row_and_marks_the_step_unchanged(machine: StoreMachine) -> None:
    machine.db.put("Note", content="kept across reopen")
    dump = logical_dump(machine.db)
    machine.reopen()
    assert logical_dump(machine.db) == dump
    assert machine.unchanged is True


def test_only_the_round_after_a_proof_is_skipped(
    machine: StoreMachine, monkeypatch: pytest.MonkeyPatch
) -> None:
    rounds: list[int] = []
    monkeypatch.setattr(
        RuleBasedStateMachine, "check_invariants", lambda self, *a, **k: rounds.append(1)
    )
    machine.check_invariants()  # nothing proved: runs
    machine.doomed()
    machine.check_invariants()  # after the proof: skipped
    machine.check_invariants()  # the proof covers one round only
    assert (len(rounds), machine.checks_run, machine.checks_skipped) == (2, 2, 1)


def test_the_long_run_counts_every_step_as_checked_or_proved_unchanged() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import long_invariants
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    result = long_invariants.run_hypothesis(seed=7, budget_s=0.5, examples=2, steps=10)
    assert result["violations"] == 0
    assert result["steps"] > 0
    assert result["steps"] == result["steps_checked"] + result["steps_proved_unchanged"]


def test_a_fresh_fuzz_store_is_the_store_open_would_make() -> None:
    target = _fuzz_target()
    pragmas = (
        "foreign_keys",
        "secure_delete",
        "cache_size",
        "temp_store",
        "synchronous",
        "journal_mode",
        "user_version",
        "page_size",
    )
    db, seeds = target.fresh_store()
    with db, WorldDB.open(":memory:", embedder=None, extractor=None) as opened:
        expected = [
            opened.put(s.type, s.name, s.content, valid_from=s.valid_from) for s in target.SEEDS
        ]
        assert seeds == expected
        for name in pragmas:
            got = db.store._connection.execute(f"PRAGMA {name}").fetchall()
            assert got == opened.store._connection.execute(f"PRAGMA {name}").fetchall(), name
        schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
        assert db.store._connection.execute(schema).fetchall() == (
            opened.store._connection.execute(schema).fetchall()
        )
        assert [w.id for w in db.iter_worlds()] == [w.id for w in opened.iter_worlds()]


def test_fresh_fuzz_stores_share_nothing() -> None:
    target = _fuzz_target()
    first, _ = target.fresh_store()
    with first:
        first.put("Note", content="only in the first copy")
        second, _ = target.fresh_store()
        with second:
            assert len(list(second.iter_worlds())) == len(target.SEEDS)
    template, _ = target._template()
    assert len(list(template.iter_worlds())) == len(target.SEEDS)


def test_the_refusal_check_compares_rows_when_the_bytes_differ() -> None:
    target = _fuzz_target()
    db, _ = target.fresh_store()
    with db:
        conn = db.store._write_connection
        before = conn.serialize()
        assert target._changed_tables(conn, before) == []
        db.store.set_meta("scratch", "1")
        assert target._changed_tables(conn, before) == ["meta"]
        conn.execute("DELETE FROM meta WHERE key = 'scratch'")
        assert conn.serialize() != before  # the rows are back, the bytes are not
        assert target._changed_tables(conn, before) == []
