"""Pre-filling a store with chat notes spread over user scopes, shared by the benches.

The PostgreSQL recall script and the MCP fleet both need the same starting store: generated
chat turns written as Notes in changesets of 1000 (one bulk load), each note contained in one
of ``users`` ``user_id`` Scopes in turn, so scoped recall has something to find in every scope.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from worlddb.bench.embedder import chat_texts
from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec

__all__ = ["prefill_scoped_notes"]

BATCH = 1000


def prefill_scoped_notes(db: WorldDB, count: int, users: int, *, prefix: str = "u") -> float:
    """Write ``count`` notes over the scopes ``user_id=<prefix><i>`` (``i < users``); notes/s.

    One ``WorldDB.write_bulk`` (the scopes, then changesets of ``BATCH`` notes): into an empty
    store the backend defers its index upkeep to the end (``Store.bulk_transaction``)."""
    if count <= 0:
        return 0.0
    texts = chat_texts(count, 3)
    scopes = [scope_world("user_id", f"{prefix}{u}") for u in range(users)]

    def changesets() -> Iterator[Changeset]:
        yield Changeset(worlds=tuple(scopes))
        for lo in range(0, count, BATCH):
            notes = [
                WorldSpec(type="Note", content=f"{texts[i]} (note {i})", created_at=1 + i)
                for i in range(lo, min(lo + BATCH, count))
            ]
            edges = tuple(
                EdgeSpec("contains", world_id(scopes[(lo + j) % users]), world_id(n))
                for j, n in enumerate(notes)
            )
            yield Changeset(worlds=tuple(notes), edges=edges)

    start = time.perf_counter()
    db.write_bulk(changesets())
    return count / (time.perf_counter() - start)
