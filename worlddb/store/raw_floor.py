"""The raw SQLite floor of a bulk load: the store's own rows written with bare ``executemany``.

``worlddb bench load`` reports the reconciler's speed as a ratio to this floor, measured in the
same run on the same machine: the same schema (a fresh store file, so the same tables, key
types, indexes and connection settings), the same rows (blobs, node rows, full-text rows,
indexed edges, ids bound as their 32 bytes as the store binds them since schema V5), with no
validation, hashing, handlers or existence checks timed (nor the hex-to-bytes conversion of
the ids: the rows are prepared before the clock starts). Two floors:

* ``transactions``: one transaction per batch with every index kept up (what a sequence of
  ``WorldDB.write`` calls asks of SQLite);
* ``bulk``: one transaction for the whole load with the secondary indexes of ``nodes`` and
  ``edges`` dropped first and built after, and the bulk page cache (what ``apply_bulk`` asks
  of SQLite into an empty store).

``variant`` measures what a schema change would buy (or what one bought) without a migration:
``text_ids`` binds every id as its 64 hex characters, the rows of schema V4 and before (SQLite
keeps a TEXT value in a BLOB column as TEXT, so the file holds what V4 wrote), and
``edges_keyed`` replaces ``edges`` by a ``WITHOUT ROWID`` table keyed ``(src, type, dst)`` with
only the ``(dst, type)`` index (no rowid, no id index, no ``(src, type)`` index), and
``edges_keyed_kept`` is that table as the store could actually use it: edges are looked up by
their id (``delete_edge``, proposals) and read in write order (the consolidator's cursor, child
order), so it keeps a unique id index and an ordering column ``seq`` with its own index.

It lives in the store because it runs SQL; it writes only to the new file it is given.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from worlddb.store import BULK_CACHE_KIB, open_sqlite_store

__all__ = ["VARIANTS", "FloorBatch", "raw_load_floor"]


@dataclass(slots=True)
class FloorBatch:
    """One batch of prepared rows, in the store's column order (``worlddb.store._writer``).

    ``nodes``: (rid, id, type, name, norm_name, content, created_at, valid_from, valid_to,
    ingested_at, flags, fts_indexed, phonetic); ``fts``: (rid, name, content); ``edges``: (id,
    type, src, dst, props, valid_from, valid_to, ingested_at, status).
    """

    blobs: list[tuple[str, bytes]] = field(default_factory=list)
    nodes: list[tuple[object, ...]] = field(default_factory=list)
    fts: list[tuple[int, str, str]] = field(default_factory=list)
    edges: list[tuple[object, ...]] = field(default_factory=list)


VARIANTS = ("store", "text_ids", "edges_keyed", "edges_keyed_kept")

_STORE_COLUMNS = ("id", "type", "src", "dst", "props", "valid_from", "valid_to", "ingested_at")
_KEYED_COLUMNS = ("src", "type", "dst", "id", "props", "valid_from", "valid_to", "ingested_at")


def _keyed_table(seq: bool) -> str:
    """The ``(src, type, dst)``-keyed edges table, with the ``seq`` write-order column or not."""
    order = " seq INTEGER NOT NULL," if seq else ""
    return f"""CREATE TABLE edges (
    src BLOB NOT NULL, type TEXT NOT NULL, dst BLOB NOT NULL, id BLOB NOT NULL,
    props TEXT NOT NULL DEFAULT '{{}}', valid_from INTEGER, valid_to INTEGER,
    ingested_at INTEGER NOT NULL, status TEXT NOT NULL DEFAULT 'active',{order}
    PRIMARY KEY (src, type, dst)
) WITHOUT ROWID"""


_EDGE_SCHEMAS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "edges_keyed": (
        _keyed_table(seq=False),
        ("CREATE INDEX edges_dst ON edges (dst, type)",),
        (*_KEYED_COLUMNS, "status"),
    ),
    "edges_keyed_kept": (
        _keyed_table(seq=True),
        (
            "CREATE UNIQUE INDEX edges_id ON edges (id)",
            "CREATE INDEX edges_dst ON edges (dst, type)",
            "CREATE INDEX edges_seq ON edges (seq)",
        ),
        (*_KEYED_COLUMNS, "status", "seq"),
    ),
}
"""Variant → (its edges table, its indexes, the columns an edge row fills, in order)."""


def _as_blobs(batch: FloorBatch) -> FloorBatch:
    def raw(text: object) -> object:
        return bytes.fromhex(text) if isinstance(text, str) else text

    return FloorBatch(
        blobs=[(raw(i), b) for i, b in batch.blobs],  # type: ignore[misc]
        nodes=[(n[0], raw(n[1]), *n[2:]) for n in batch.nodes],
        fts=batch.fts,
        edges=[(raw(e[0]), e[1], raw(e[2]), raw(e[3]), *e[4:]) for e in batch.edges],
    )


def raw_load_floor(
    path: str | Path, batches: Iterable[FloorBatch], *, bulk: bool, variant: str = "store"
) -> dict[str, float]:
    """Write ``batches`` into a new store at ``path``; seconds and CPU seconds of the SQL only.

    Preparing the rows (the iteration over ``batches``) is not timed.
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}, not {variant!r}")
    store = open_sqlite_store(path)
    conn = store._write_connection
    columns: tuple[str, ...] = (*_STORE_COLUMNS, "status")
    schema = _EDGE_SCHEMAS.get(variant)
    if schema is not None:
        table, edge_indexes, columns = schema
        conn.execute("DROP TABLE edges")
        conn.execute(table)
        for index in edge_indexes:
            conn.execute(index)
    insert_edges = (
        f"INSERT INTO edges ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    )
    seq = 0
    wall = cpu = 0.0
    rows = 0

    def timed(statement: str) -> None:
        nonlocal wall, cpu
        began, began_cpu = time.perf_counter(), time.process_time()
        conn.execute(statement)
        wall += time.perf_counter() - began
        cpu += time.process_time() - began_cpu

    try:
        indexes: list[str] = []
        if bulk:
            conn.execute(f"PRAGMA cache_size = -{BULK_CACHE_KIB}")
            timed("BEGIN IMMEDIATE")
            found = conn.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                "AND tbl_name IN ('nodes', 'edges')"
            ).fetchall()
            for name, sql in found:
                timed(f'DROP INDEX "{name}"')
                indexes.append(str(sql))
        for prepared in batches:
            batch = prepared if variant == "text_ids" else _as_blobs(prepared)
            if schema is not None:  # the key's columns first
                batch.edges = [(e[2], e[1], e[3], e[0], *e[4:]) for e in batch.edges]
            if "seq" in columns:
                batch.edges = [(*e, seq + i) for i, e in enumerate(batch.edges, 1)]
                seq += len(batch.edges)
            began, began_cpu = time.perf_counter(), time.process_time()
            if not bulk:
                conn.execute("BEGIN IMMEDIATE")
            conn.executemany("INSERT INTO blobs (id, body) VALUES (?, ?)", batch.blobs)
            conn.executemany(
                "INSERT INTO nodes (rid, id, type, name, norm_name, content, created_at, "
                "valid_from, valid_to, ingested_at, flags, fts_indexed, phonetic) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                batch.nodes,
            )
            conn.executemany("INSERT INTO fts (rowid, name, content) VALUES (?, ?, ?)", batch.fts)
            conn.executemany(insert_edges, batch.edges)
            if not bulk:
                conn.execute("COMMIT")
            wall += time.perf_counter() - began
            cpu += time.process_time() - began_cpu
            rows += len(batch.nodes) + len(batch.edges)
        for sql in indexes:
            timed(sql)
        if bulk:
            timed("COMMIT")
    finally:
        store.close()
    return {
        "rows": rows,
        "seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 2),
        "rows_per_s": round(rows / wall, 1) if wall else 0.0,
    }
