"""``worlddb backup`` / ``restore`` as a user runs them: real processes, one of them writing."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from worlddb import WorldDB
from worlddb.testing import HashEmbedder

CLI = Path(sys.executable).with_name("worlddb")
ENV = {**os.environ, "WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "none"}
ALICE = {"user_id": "alice"}

WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from worlddb import WorldDB
    from worlddb.testing import HashEmbedder

    path, stop = sys.argv[1], Path(sys.argv[2])
    with WorldDB.open(path, embedder=HashEmbedder(), extractor=None) as db:
        i = 0
        while not stop.exists():
            db.remember(f"note {i} about the lake and the weather", scopes={"user_id": "alice"})
            i += 1
            print(i, flush=True)
    """
)


def worlddb(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CLI), *args], env=ENV, capture_output=True, text=True, timeout=120, check=False
    )


def _notes(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {str(r[0]) for r in conn.execute("SELECT content FROM nodes WHERE type = 'Note'")}
    finally:
        conn.close()


def _seed(path: Path, count: int = 5) -> list[str]:
    with WorldDB.open(path, embedder=HashEmbedder(), extractor=None) as db:
        return [db.remember(f"seed {i} by the lake", scopes=ALICE).id for i in range(count)]


def test_backups_taken_while_another_process_writes_are_consistent_and_restore(
    tmp_path: Path,
) -> None:
    source = tmp_path / "live.db"
    seeded = _seed(source)
    stop = tmp_path / "stop"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(source), str(stop)],
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    backups: list[tuple[Path, int, int]] = []
    try:
        assert writer.stdout is not None
        for _ in range(3):  # wait for the writer to be under way
            assert writer.stdout.readline(), writer.stderr.read() if writer.stderr else ""
        for n in range(3):
            before = len(_notes(source))
            dest = tmp_path / f"backup-{n}.db"
            done = worlddb("--db", str(source), "--json", "backup", str(dest))
            assert done.returncode == 0, done.stderr
            backups.append((dest, before, len(_notes(source))))
            time.sleep(0.2)
        assert writer.poll() is None, "the writer kept writing through every backup"
    finally:
        stop.touch()
        writer.wait(timeout=60)
    assert writer.returncode == 0, writer.stderr.read() if writer.stderr else ""
    final = len(_notes(source))
    assert final > backups[0][1], "the writer wrote during the backups"

    for dest, before, after in backups:
        assert sorted(p.name for p in tmp_path.glob(f"{dest.name}*")) == [dest.name]
        held = _notes(dest)
        assert before <= len(held) <= after  # a snapshot between the two counts
        check = worlddb("--db", str(dest), "verify")
        assert check.returncode == 0, check.stdout + check.stderr

    restored = tmp_path / "restored.db"
    dest, _, _ = backups[-1]
    done = worlddb("restore", str(dest), "--db", str(restored))
    assert done.returncode == 0, done.stderr
    assert "verified" in done.stdout
    with WorldDB.open(restored, embedder=HashEmbedder(), extractor=None) as db:
        assert all(db.get(wid).text.startswith("seed") for wid in seeded)
        assert db.verify() == []
        assert {h.id for h in db.recall("seed by the lake", scopes=ALICE, limit=50).hits} >= set(
            seeded
        )


def test_a_tampered_backup_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    source = tmp_path / "src.db"
    seeded = _seed(source)
    backup = tmp_path / "b.db"
    assert worlddb("--db", str(source), "backup", str(backup)).returncode == 0
    conn = sqlite3.connect(backup)
    with conn:
        wid = bytes.fromhex(seeded[2])  # ids are stored as their 32 bytes (schema V5)
        body = conn.execute("SELECT body FROM blobs WHERE id = ?", (wid,)).fetchone()[0]
        forged = bytes(body).replace(b"seed 2", b"seed 9")
        conn.execute("UPDATE blobs SET body = ? WHERE id = ?", (forged, wid))
    conn.close()

    target = tmp_path / "restored.db"
    done = worlddb("restore", str(backup), "--db", str(target))

    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "failed verification" in lines[0] and seeded[2][:16] in lines[0]
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_an_existing_destination_needs_force_and_its_stale_files_go(tmp_path: Path) -> None:
    source = tmp_path / "src.db"
    _seed(source, 2)
    dest = tmp_path / "dest.db"
    _seed(dest, 4)
    Path(f"{dest}.hnsw.json").write_text("{}", encoding="utf-8")  # a stale vector sidecar

    refused = worlddb("--db", str(source), "backup", str(dest))
    assert refused.returncode == 1
    assert (
        refused.stderr.strip() == f"Error: {str(dest)!r} already exists; pass --force to replace it"
    )
    assert len(_notes(dest)) == 4

    forced = worlddb("--db", str(source), "backup", str(dest), "--force")
    assert forced.returncode == 0, forced.stderr
    assert len(_notes(dest)) == 2
    assert not Path(f"{dest}.hnsw.json").exists()


@pytest.mark.parametrize("args", [("backup", "x.db"), ("restore", "missing.db", "--db", "y.db")])
def test_a_missing_source_is_a_one_line_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    done = subprocess.run(
        [str(CLI), "--db", str(tmp_path / "none.db"), *args],
        env=ENV,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("Error: ")
