"""``export`` from SQLite, ``import`` into PostgreSQL and back: lossless, hash-verified.

Every world line carries its canonical bytes and ``blake3(bytes) == id``; the PostgreSQL
store's blobs must hash to the same ids, and exporting it again must give the same records
(ingest times aside: an import is a new ingest).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import PgServer
from worlddb.cli.exchange import export_lines, import_lines
from worlddb.engine import WorldDB
from worlddb.hashing import digest
from worlddb.testing import HashEmbedder


def _stable(lines: list[str]) -> list[dict[str, Any]]:
    return [{k: v for k, v in json.loads(line).items() if k != "ingested_at"} for line in lines]


def _open(target: str | Path) -> WorldDB:
    return WorldDB.open(target, embedder=HashEmbedder(), extractor="default")


def test_export_import_moves_a_store_to_postgres_and_back_losslessly(
    pg_server: PgServer, tmp_path: Path
) -> None:
    with _open(tmp_path / "a.db") as db:
        first = db.remember("Maya moved to Lisbon in 2022.", scopes={"user_id": "maya"}).id
        db.amend(first, "Maya moved to Porto in 2022.")
        db.remember("Maya's sister Ines works at Acme.", scopes={"user_id": "maya"})
        exported = list(export_lines(db))
    pg = pg_server.fresh_url()
    with _open(pg) as db:
        stats = import_lines(db, exported)
        assert stats.worlds == sum('"kind": "world"' in line for line in exported)
        assert db.verify() == []
        again = list(export_lines(db))
        for line in again[1:]:
            record = json.loads(line)
            if record.get("kind") == "world":
                blob = db.blob(record["id"])
                assert blob is not None and digest(blob) == record["id"]
    assert _stable(again) == _stable(exported)
    with _open(tmp_path / "b.db") as back:
        import_lines(back, again)
        assert _stable(list(export_lines(back))) == _stable(exported)
