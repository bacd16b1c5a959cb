"""Several processes writing one SQLite file at once, naming the same new entities (issue 15).

Each worker is a real Python process with its own ``WorldDB`` on the shared file. They start
together and, note by note, mention the same fresh names with differing types, so two workers
often resolve the same new entity while a third has just committed it. Resolution runs inside
the write transaction, so every write must be acknowledged and present afterwards; none may
fail (before the fix, some refused with "a same_as edge cannot point from a world to itself").
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from worlddb.engine import WorldDB

WORKERS = 6
NOTES = 15
START_TIMEOUT_S = 120.0

WORKER = r"""
import json, sys, time
from pathlib import Path
from worlddb.engine import WorldDB
from worlddb.plugins import ExtractedEntity
from worlddb.testing import HashEmbedder

path, here, worker, count = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
FIRST = ["Alice", "Bruno", "Chiara", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas"]
LAST = ["Okafor", "Lindqvist", "Moreau", "Petrov", "Sato", "Haddad", "Novak", "Quinn", "Rossi",
        "Weber"]
db = WorldDB.open(path, embedder=HashEmbedder(), extractor=None)
(here / f"ready{worker}").touch()
while not (here / "go").exists():
    time.sleep(0.002)
acked, failed = [], []
for i in range(count):
    names = [f"{FIRST[(i + k) % 10]} {LAST[(i * 3 + k) % 10]}" for k in range(3)]
    kinds = ["Person" if (worker + k) % 2 else "Entity" for k in range(3)]
    entities = [ExtractedEntity(n, t) for n, t in zip(names, kinds)]
    text = f"worker {worker} note {i}: " + ", ".join(names) + " met."
    try:
        acked.append(db.remember(text, scopes={"user_id": "shared"}, entities=entities).id)
    except Exception as exc:
        failed.append(f"{type(exc).__name__}: {exc}")
db.close()
print(json.dumps({"acked": acked, "failed": failed}))
"""


def test_processes_naming_the_same_new_entities_all_commit(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    WorldDB.open(path, embedder=None, extractor=None).close()  # schema exists before the race
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    procs = [
        subprocess.Popen(
            [sys.executable, str(script), str(path), str(tmp_path), str(w), str(NOTES)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(WORKERS)
    ]
    deadline = time.monotonic() + START_TIMEOUT_S
    while not all((tmp_path / f"ready{w}").exists() for w in range(WORKERS)):
        assert time.monotonic() < deadline, "the workers did not start"
        assert all(p.poll() is None for p in procs), [p.communicate() for p in procs]
        time.sleep(0.01)
    (tmp_path / "go").touch()
    acked: list[str] = []
    failed: list[str] = []
    for proc in procs:
        out, err = proc.communicate(timeout=START_TIMEOUT_S)
        assert proc.returncode == 0, err
        report = json.loads(out.strip().splitlines()[-1])
        acked += report["acked"]
        failed += report["failed"]
    assert failed == []
    assert len(acked) == WORKERS * NOTES
    with WorldDB.open(path, embedder=None, extractor=None) as db:
        assert all(db.find(memory) is not None for memory in acked)
        assert db.verify() == []
