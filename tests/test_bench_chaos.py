"""``worlddb bench chaos`` in miniature: real worker processes, a real SIGKILL, the journal check.

The full runs (thousands of operations, dozens of kills) are benchmarks (BENCHMARKS.md); these
short versions run in the normal suite. The checker itself is tested against journals that
claim what the store does not hold, so a run reporting zero losses is not zero by construction.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from worlddb.bench.chaos import check_journals, run_chaos_bench
from worlddb.bench.chaos_worker import classify_message
from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder


def _assert_clean(report: dict[str, Any]) -> None:
    assert report["acknowledged_writes_lost"] == 0, report["samples"]
    assert report["acknowledged_state_wrong"] == 0, report["samples"]
    assert report["errors_surfaced"] == 0, (report["samples"], report["worker_crashes"])
    assert report["verify_problems"] == 0, report["samples"]
    assert not report["timed_out"]


def test_two_python_workers_survive_a_sigkill_and_lose_nothing(tmp_path: Path) -> None:
    report = run_chaos_bench(2, 20, "python", kills=1, workdir=tmp_path)
    _assert_clean(report)
    assert report["kills_survived"]["workers"] == 1
    assert report["operations_finished"] == 40
    assert report["acknowledged"].get("write", 0) > 0
    assert report["acknowledged_writes_checked"] > 0


def test_a_stdio_worker_and_its_server_are_killed_and_nothing_is_lost(tmp_path: Path) -> None:
    report = run_chaos_bench(1, 12, "stdio", kills=1, workdir=tmp_path)
    _assert_clean(report)
    assert report["kills_survived"] == {"workers": 1, "stdio_servers": 1, "http_server": 0}
    assert report["operations_finished"] == 12


def _journal(path: Path, entries: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    return path


def _write_ack(wid: str, text: str, i: int = 0, pool: int | None = None) -> dict[str, Any]:
    return {"k": "ack", "w": 0, "i": i, "op": "write", "t0": 1.0, "t1": 2.0, "pool": pool,
            "id": wid, "text": text}  # fmt: skip


def test_the_check_counts_an_acknowledged_write_missing_from_the_store(tmp_path: Path) -> None:
    db_path = tmp_path / "s.db"
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        kept = db.remember("kept note", scopes={"user_id": "shared"}).id
    journal = _journal(
        tmp_path / "j.jsonl",
        [_write_ack(kept, "kept note"), _write_ack("ab" * 32, "never stored", i=1)],
    )
    report = check_journals(db_path, [journal])
    assert report["acknowledged_writes_lost"] == 1
    assert report["acknowledged_writes_checked"] == 2


def test_the_check_counts_an_acknowledged_retire_that_did_not_stick(tmp_path: Path) -> None:
    db_path = tmp_path / "s.db"
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        live = db.remember("still live", scopes={"user_id": "shared"}).id
    retire = {"k": "ack", "w": 0, "i": 1, "op": "retire", "t0": 3.0, "t1": 4.0, "id": live}
    journal = _journal(tmp_path / "j.jsonl", [_write_ack(live, "still live"), retire])
    assert check_journals(db_path, [journal])["acknowledged_state_wrong"] == 1


def test_a_purge_that_may_have_erased_a_write_exempts_it_but_a_later_write_is_checked(
    tmp_path: Path,
) -> None:
    db_path = tmp_path / "s.db"
    WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None).close()
    purge = {"k": "begin", "w": 1, "i": 0, "op": "purge", "t": 5.0, "pool": 0, "erase": True}
    before = _write_ack("cd" * 32, "erased by the purge", i=0, pool=0)  # t0=1 < purge end (never)
    after = {**_write_ack("ef" * 32, "written after", i=1, pool=0), "t0": 9.0, "t1": 10.0}
    ended = {"k": "ack", "w": 1, "i": 0, "op": "purge", "t0": 5.0, "t1": 6.0, "pool": 0}
    report = check_journals(
        db_path, [_journal(tmp_path / "j.jsonl", [before, purge, ended, after])]
    )
    assert report["writes_possibly_erased_by_a_purge"] == 1
    assert report["acknowledged_writes_lost"] == 1  # the write after the purge ended must exist


def test_errors_are_classified_and_unexplained_ones_are_surfaced(tmp_path: Path) -> None:
    db_path = tmp_path / "s.db"
    WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None).close()
    base = {"k": "err", "w": 0, "op": "write", "t0": 1.0, "t1": 2.0, "error": "x"}
    entries = [
        {**base, "i": 0, "class": "refusal"},
        {**base, "i": 1, "class": "surfaced"},
        {**base, "i": 2, "class": "transport"},  # inside the server's down window: explained
        {**base, "i": 3, "class": "transport", "t0": 50.0, "t1": 51.0},  # not explained
    ]
    report = check_journals(db_path, [_journal(tmp_path / "j.jsonl", entries)], [(1.5, 3.0)])
    assert report["refusals"] == 1
    assert report["transport_breaks_during_server_kills"] == 1
    assert report["errors_surfaced"] == 2


def test_tool_error_messages_are_classified() -> None:
    assert classify_message("memory_write", "Error executing tool memory_write") == "surfaced"
    assert classify_message("memory_write", "") == "surfaced"
    locked = "Error executing tool memory_write: database is locked"
    assert classify_message("memory_write", locked) == "surfaced"
    refused = "Error executing tool memory_amend: memory abc is already retired"
    assert classify_message("memory_amend", refused) == "refusal"
    assert classify_message("memory_read", "memory_read: id: this argument is required") == (
        "refusal"
    )


def test_the_check_finds_text_an_acknowledged_erase_should_have_removed(tmp_path: Path) -> None:
    db_path = tmp_path / "s.db"
    text = "chaos w0 op0: a note the purge claims to have erased"
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        wid = db.remember(text, scopes={"app_id": "pool0"}).id
    begin_write = {"k": "begin", "w": 0, "i": 0, "op": "write", "t": 1.0, "pool": 0, "text": text}
    purge = {"k": "begin", "w": 1, "i": 0, "op": "purge", "t": 5.0, "pool": 0, "erase": True}
    ended = {"k": "ack", "w": 1, "i": 0, "op": "purge", "t0": 5.0, "t1": 6.0, "pool": 0}
    entries = [begin_write, _write_ack(wid, text, pool=0), purge, ended]
    report = check_journals(db_path, [_journal(tmp_path / "j.jsonl", entries)])
    assert report["erased_texts_checked"] == 1
    assert report["erased_texts_found_in_file"] == 1


def test_the_check_counts_an_acknowledged_write_left_in_no_scope(tmp_path: Path) -> None:
    db_path = tmp_path / "s.db"
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        scoped = db.remember("in a scope", scopes={"user_id": "shared"}).id
        bare = db.remember("in no scope").id  # what the erase race leaves behind
    entries = [_write_ack(scoped, "in a scope"), _write_ack(bare, "in no scope", i=1)]
    report = check_journals(db_path, [_journal(tmp_path / "j.jsonl", entries)])
    assert report["acknowledged_writes_in_no_scope"] == 1
    assert report["acknowledged_writes_lost"] == 0


def test_a_retire_killed_after_its_commit_does_not_count_as_state_wrong(tmp_path: Path) -> None:
    db_path = tmp_path / "s.db"
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        note = db.remember("retired by a killed call", scopes={"user_id": "shared"}).id
        db.retire(note)
    begun = {"k": "begin", "w": 0, "i": 1, "op": "retire", "t": 3.0, "pool": None, "id": note}
    entries = [_write_ack(note, "retired by a killed call"), begun]
    assert (
        check_journals(db_path, [_journal(tmp_path / "j.jsonl", entries)])[
            "acknowledged_state_wrong"
        ]
        == 0
    )
