"""An erasing purge races a write from another process (found by ``worlddb bench chaos``).

In the 8 x 300 chaos run (seed 1) a note acknowledged in ``app_id=pool2`` while another process
erased that scope ended up in *no* scope: no ``contains`` edge, invisible to scoped recall and
listing, never erased by the later purges of pool2, its text still in the database file. The
scope's members were listed under a lock of this process only, and deleted in a later
transaction; a note another process committed in between was not listed, but its ``contains``
edge went with the scope world. The members are now listed inside the deleting transaction.

The test plays the other process with a second ``WorldDB`` on the same file, committing at the
last moment before the erase's transaction begins (it wraps ``Store.transaction``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

POOL = {"app_id": "pool"}


def test_a_note_committed_during_an_erase_is_erased_or_stays_in_its_scope(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "race.db"
    with (
        WorldDB.open(path, embedder=HashEmbedder(), extractor=None) as db,
        WorldDB.open(path, embedder=HashEmbedder(), extractor=None) as other,
    ):
        db.remember("a note the erase lists", scopes=POOL)
        real = db.store.transaction
        late: dict[str, str] = {}

        def racing(*args: Any, **kwargs: Any) -> Any:
            if "id" not in late:
                late["id"] = other.remember("a note written meanwhile", scopes=POOL).id
            return real(*args, **kwargs)

        monkeypatch.setattr(db.store, "transaction", racing)
        db.erase_scope("app_id", "pool")
        monkeypatch.undo()
        found = db.find(late["id"])
        assert found is None or db.scopes_of(late["id"]) == ["app_id=pool"]
