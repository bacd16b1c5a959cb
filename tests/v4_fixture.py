"""What a V4 store (ids as hex text) reads as, for the BLOB-id upgrade tests of both backends.

``tests/data/v4_store/store.db`` and ``store.db.json`` (what the V4 code read from it) were
written by ``scripts/make_v4_fixture.py`` with the V4 code on the path; the script keeps its own
copy of these readers because it must run on that older code, not on this tree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from worlddb import WorldDB

__all__ = ["FIXTURE", "READ", "USER", "assert_reads_as_v4", "hits", "world"]

FIXTURE = Path(__file__).parent / "data" / "v4_store" / "store.db"
READ: dict[str, Any] = json.loads(Path(f"{FIXTURE}.json").read_text())
USER = {"user_id": "ada"}


def world(db: WorldDB, wid: str) -> dict[str, Any]:
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


def hits(db: WorldDB, question: str, **options: Any) -> list[str]:
    return [hit.id for hit in db.recall(question, scopes=USER, limit=5, **options).hits]


def assert_reads_as_v4(db: WorldDB) -> None:
    """The upgraded store answers as the V4 code did: worlds, edges, proposals, id prefixes of
    odd and even length, the amended fact's history, counts, and a clean ``verify``."""
    ids = sorted(w.id for w in db.iter_worlds())
    assert ids == READ["ids"]
    assert {wid: world(db, wid) for wid in ids} == READ["worlds"]
    edges = sorted(
        {
            (e.id, e.type, e.source, e.target, e.status)
            for wid in ids
            for e in db.edges(wid, direction="both", include_retired=True)
        }
    )
    assert [list(e) for e in edges] == READ["edges"]
    proposals = [[p.edge_id, p.source, p.target, p.status] for p in db.proposals(None)]
    assert proposals == READ["proposals"]
    prefix, full = READ["prefix"]
    assert db.get(prefix).id == full  # odd length
    assert db.get(full[:10]).id == full  # even length
    amended = READ["amended"]
    assert [w.id for w in db.history(amended["new"])] == amended["history"]
    assert db.counts() == READ["counts"]
    assert db.verify() == []
