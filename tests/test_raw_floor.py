"""The raw SQLite floors of ``worlddb bench load``: every variant writes every row it is given,
in the schema it names (real SQLite files)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from worlddb.bench.load import _floor_batches, _Synthetic
from worlddb.store.raw_floor import VARIANTS, raw_load_floor


@pytest.mark.parametrize("bulk", [True, False])
@pytest.mark.parametrize("variant", VARIANTS)
def test_each_floor_writes_every_row_in_its_schema(
    tmp_path: Path, variant: str, bulk: bool
) -> None:
    path = tmp_path / "floor.db"
    batches = list(_floor_batches(_Synthetic(60, 90, 25, 0)))
    report = raw_load_floor(path, iter(batches), bulk=bulk, variant=variant)
    nodes = sum(len(b.nodes) for b in batches)
    edges = sum(len(b.edges) for b in batches)
    assert report["rows"] == nodes + edges
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM nodes").fetchone()[0] == nodes
        assert conn.execute("SELECT count(*) FROM edges").fetchone()[0] == edges
        table_sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'edges'").fetchone()
        indexes = {
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'edges' "
                "AND sql IS NOT NULL"
            )
        }
        id_type = conn.execute("SELECT DISTINCT typeof(id) FROM edges").fetchall()
        assert id_type == [("text",)] if variant == "text_ids" else [("blob",)]
        if variant.startswith("edges_keyed"):
            assert "WITHOUT ROWID" in table_sql[0]
        if variant == "edges_keyed":
            assert indexes == {"edges_dst"}
        elif variant == "edges_keyed_kept":
            assert indexes == {"edges_id", "edges_dst", "edges_seq"}
            seqs = [r[0] for r in conn.execute("SELECT seq FROM edges ORDER BY seq")]
            assert seqs == list(range(1, edges + 1))
        else:
            assert {"edges_src", "edges_dst"} <= indexes
