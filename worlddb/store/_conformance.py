"""Static proof that the SQLite classes implement the storage seam (checked by mypy only).

Each assignment below type-checks only if the concrete class structurally satisfies the
Protocol (every member, with compatible signatures), so ``mypy --strict`` fails the build the
moment the SQLite backend drifts from ``worlddb.store.protocols``. Nothing here runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from worlddb.store import Store as SQLiteStore
    from worlddb.store._writer import Writer
    from worlddb.store.protocols import Store, StoreReads, WriteTransaction

    def _sqlite_backend_conforms(store: SQLiteStore, writer: Writer) -> None:
        seam: Store = store
        reads: StoreReads = store
        txn: WriteTransaction = writer
        txn_reads: StoreReads = writer
        del seam, reads, txn, txn_reads
