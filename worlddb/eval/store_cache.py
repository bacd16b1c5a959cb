"""Keep each question's ingested store on disk, so recall experiments skip re-ingesting.

Ingesting a LongMemEval_S haystack costs ~17 CPU-s; recalling it, well under one. Tuning a
recall mechanism means recalling the same haystacks many times with different code, so a run
given a cache folder saves every freshly ingested store there (an SQLite backup of the
in-memory store plus where its sessions and turns sit in the haystack) and later runs open a
copy of it instead of ingesting again.

The key hashes what ingest sees and nothing else: the haystack's dates, roles and texts in
order, whether extraction ran, the embedder's key and the reply-embedding policy. Opaque
session ids are salted afresh per run, so the saved map names sessions by their position in
the date-sorted haystack, which is the same in every run. The cache is for experiments on
recall only: a change to ingest or the extractor must start a fresh folder (the key cannot see
code).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from worlddb.eval.longmemeval import Session
from worlddb.hashing import digest
from worlddb.store.protocols import Store

__all__ = ["IngestMap", "StoreCache", "haystack_key"]


@dataclass(frozen=True, slots=True)
class IngestMap:
    """Where stored worlds sit in the haystack: session world id → opaque session id, and turn
    world id → (opaque session id, 0-based turn index)."""

    sessions: dict[str, str]
    turns: dict[str, tuple[str, int]]


def haystack_key(
    sessions: Sequence[Session],
    *,
    extraction: bool,
    embedder_key: str,
    reply_head_chars: int | None = None,
) -> str:
    """A content hash of what ingest sees (never the opaque ids, which are salted per run)."""
    parts = [f"extraction={extraction}", f"embedder={embedder_key}"]
    if reply_head_chars is not None:  # keys made before the reply policy stay the same
        parts.append(f"reply_head_chars={reply_head_chars}")
    for session in sessions:
        parts.append(f"@{session.date_us}")
        parts += [f"{m.role}\x1f{m.content}" for m in session.messages]
    return digest("\x1e".join(parts).encode("utf-8"))


class StoreCache:
    """A folder of ingested stores, keyed by ``haystack_key``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def _paths(self, key: str) -> tuple[Path, Path]:
        return self.folder / f"{key}.sqlite", self.folder / f"{key}.map.json"

    def save(self, key: str, store: Store, mapped: IngestMap, sessions: Sequence[Session]) -> None:
        """Copy ``store`` under ``key``, then its map (which marks it done)."""
        store_path, map_path = self._paths(key)
        position = {s.opaque_id: i for i, s in enumerate(sessions)}
        partial = store_path.with_suffix(".partial")
        partial.unlink(missing_ok=True)
        store.copy_to(partial)
        partial.replace(store_path)
        body = {
            "sessions": {w: position[o] for w, o in mapped.sessions.items()},
            "turns": {w: [position[o], i] for w, (o, i) in mapped.turns.items()},
        }
        map_path.write_text(json.dumps(body), encoding="utf-8")

    def load(self, key: str, sessions: Sequence[Session]) -> tuple[Path, IngestMap] | None:
        """A private copy of the store saved under ``key`` (the caller deletes its folder) and
        its map onto ``sessions``' opaque ids; ``None`` when nothing is saved."""
        store_path, map_path = self._paths(key)
        if not map_path.exists():
            return None
        body = json.loads(map_path.read_text(encoding="utf-8"))
        ids = [s.opaque_id for s in sessions]
        mapped = IngestMap(
            {w: ids[p] for w, p in body["sessions"].items()},
            {w: (ids[p], int(i)) for w, (p, i) in body["turns"].items()},
        )
        copy = Path(tempfile.mkdtemp(prefix="worlddb-eval-")) / "store.sqlite"
        shutil.copyfile(store_path, copy)
        return copy, mapped
