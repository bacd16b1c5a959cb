"""Static proof that the SQLite and PostgreSQL classes implement the storage seam (mypy only).

Each assignment below type-checks only if the concrete class structurally satisfies the
Protocol (every member, with compatible signatures), so ``mypy --strict`` fails the build the
moment the SQLite backend drifts from ``worlddb.store.protocols``. Nothing here runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from worlddb.store import Store as SQLiteStore
    from worlddb.store._writer import Writer
    from worlddb.store.lane_protocols import LaneQueries, NearestQueries
    from worlddb.store.postgres.lanes import PgLanes
    from worlddb.store.postgres.store import PgStore
    from worlddb.store.postgres.writer import PgWriter
    from worlddb.store.protocols import Store, StoreReads, WriteTransaction

    def _sqlite_backend_conforms(store: SQLiteStore, writer: Writer) -> None:
        seam: Store = store
        reads: StoreReads = store
        txn: WriteTransaction = writer
        txn_reads: StoreReads = writer
        del seam, reads, txn, txn_reads

    def _postgres_backend_conforms(store: PgStore, writer: PgWriter, lanes: PgLanes) -> None:
        seam: Store = store
        reads: StoreReads = store
        txn: WriteTransaction = writer
        queries: LaneQueries = lanes
        nearest: NearestQueries = lanes
        del seam, reads, txn, queries, nearest
