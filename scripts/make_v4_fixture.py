"""Write the schema-V4 fixture store that tests/test_blob_id_migration.py upgrades, and what the
V4 code read from it.

Why a committed file: the V5 migration (ids as 32-byte BLOBs, ``worlddb.store.schema``) must
upgrade stores that exist, written by the code that wrote them. Run this with the V4 code on
the path (a checkout of the commit before V5), e.g.::

    git archive <v4 commit> worlddb | tar -x -C /tmp/v4src
    PYTHONPATH=/tmp/v4src python scripts/make_v4_fixture.py tests/data/v4_store/store.db

It writes the store (one file: closed, so the WAL is folded in) and ``<store>.json`` beside it:
every world, edge and proposal as the V4 code reads them, a unique id prefix and what it
resolves to, recall hits for three questions, and the current and past answers of an amended
memory. The store holds worlds with children (a session of turns), edges of several types
(contains, refers_to, derived_from, supersedes, contradicts, causes, same_as), aliases,
provenance, a pending ``same_as`` proposal, scope memberships and vectors (``HashEmbedder``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from worlddb import Message, WorldDB
from worlddb.testing import HashEmbedder

DAY_US = 86_400_000_000
T0 = 1_700_000_000_000_000  # 2023-11-14, in microseconds
USER = {"user_id": "ada"}
QUESTIONS = ("where does the user live", "marathon training plan", "Ada Lovelace engine")


def _clock() -> Any:
    """A clock that ticks one second per call from T0 + 30 days: the same store every run."""
    now = [T0 + 30 * DAY_US]

    def tick() -> int:
        now[0] += 1_000_000
        return now[0]

    return tick


def _world(db: WorldDB, wid: str) -> dict[str, Any]:
    w = db.get(wid)
    return {
        "id": w.id,
        "type": w.type,
        "name": w.name,
        "content": w.content,
        "children": list(w.children),
        "parent": w.parent,
        "valid_from": w.valid_from,
        "valid_to": w.valid_to,
        "provenance": list(w.provenance),
        "aliases": list(w.aliases),
        "scopes": db.scopes_of(wid),
    }


def _hits(db: WorldDB, question: str, **options: Any) -> list[str]:
    return [hit.id for hit in db.recall(question, scopes=USER, limit=5, **options).hits]


def build(path: Path) -> dict[str, Any]:
    """Write the store at ``path``; return what the code on the path reads from it."""
    db = WorldDB.open(path, embedder=HashEmbedder(), clock=_clock(), record_recalls=False)
    try:
        home = db.remember("I live in Boston near the harbour.", scopes=USER, occurred_at=T0)
        db.remember("I moved to Denver last week.", scopes=USER, occurred_at=T0 + 10 * DAY_US)
        db.ingest_session(
            [
                Message(role="user", content="I signed up for the spring marathon."),
                Message(role="assistant", content="A sixteen week training plan fits that."),
            ],
            occurred_at=T0 + 2 * DAY_US,
            scopes=USER,
        )
        ada = db.put(
            "Person",
            "Ada Lovelace",
            aliases=("Countess of Lovelace",),
            provenance=("fixture:people",),
        )
        countess = db.put("Person", "Augusta Ada King", provenance=("fixture:people",))
        engine = db.put("Product", "Analytical Engine", content="a mechanical general computer")
        note = db.remember("Ada Lovelace wrote the first program for the engine.", scopes=USER)
        db.link(note.id, ada, "refers_to")
        db.link(note.id, engine, "refers_to")
        proposal = db.link(ada, countess, "same_as")
        storm = db.put("Event", "storm", valid_from=T0)
        outage = db.put("Event", "power cut", valid_from=T0 + DAY_US)
        db.link(storm, outage, "causes")
        left = db.remember("The meeting is on Monday.", scopes=USER)
        right = db.remember("The meeting is on Tuesday.", scopes=USER)
        db.link(left.id, right.id, "contradicts")
        amended = db.amend(home.id, "I live in Cambridge now.", scopes=USER)
        ids = sorted(w.id for w in db.iter_worlds())
        edges = sorted(
            {
                (e.id, e.type, e.source, e.target, e.status)
                for wid in ids
                for e in db.edges(wid, direction="both", include_retired=True)
            }
        )
        prefix = ada[:9]  # odd length: the last hex digit is half a byte
        return {
            "ids": ids,
            "worlds": {wid: _world(db, wid) for wid in ids},
            "edges": [list(e) for e in edges],
            "proposals": [[p.edge_id, p.source, p.target, p.status] for p in db.proposals(None)],
            "pending_proposal": proposal,
            "prefix": [prefix, db.get(prefix).id],
            "recall": {q: _hits(db, q) for q in QUESTIONS},
            "amended": {
                "old": home.id,
                "new": amended.id,
                "current": _hits(db, "where do I live"),
                "with_past": _hits(db, "where do I live", include_retired=True),
                "history": [w.id for w in db.history(amended.id)],
            },
            "counts": db.counts(),
            "verify": db.verify(),
        }
    finally:
        db.close()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    path = Path(argv[0])
    for stale in (path, *(Path(f"{path}{s}") for s in ("-wal", "-shm", ".hnsw", ".hnsw.json"))):
        stale.unlink(missing_ok=True)
    read = build(path)
    for sidecar in (Path(f"{path}{s}") for s in (".hnsw", ".hnsw.json", ".hnsw.lock")):
        sidecar.unlink(missing_ok=True)  # a cache of the embeddings table: rebuilt on open
    Path(f"{path}.json").write_text(json.dumps(read, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path} ({path.stat().st_size} bytes) and {path}.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
