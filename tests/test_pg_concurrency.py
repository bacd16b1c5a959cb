"""Many writers, one truth: concurrent writers on one PostgreSQL database lose nothing.

Two ``WorldDB`` instances (each with its own pool and in-process lock, as two server
processes would have) write concurrently to one schema, in each write mode of the store
(``WORLDDB_PG_WRITES``). Under ``lock`` every write transaction takes the store's advisory
write lock; under ``serializable`` the server aborts one of two conflicting transactions and
the reconciler runs that changeset again. Either way the reconciler's decisions (entity
resolution, the next row id) see the other writer's committed rows: no acknowledged write is
lost, an entity both name is stored once, and ``verify`` finds nothing.
"""

from __future__ import annotations

import threading

import pytest

from tests.conftest import PgServer
from worlddb.engine import WorldDB

WRITES = 12


@pytest.mark.parametrize("writes", ["lock", "serializable"])
def test_concurrent_writers_lose_nothing_and_resolve_one_entity(
    pg_server: PgServer, writes: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORLDDB_PG_WRITES", writes)
    url = pg_server.fresh_url()
    dbs = [WorldDB.open(url, embedder=None, extractor="default") for _ in range(2)]
    written: list[list[str]] = [[], []]
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def work(i: int) -> None:
        try:
            start.wait()
            for n in range(WRITES):
                text = f"Writer {i} note {n}: Priya Raman reviewed the Falcon launch plan."
                written[i].append(dbs[i].remember(text, scopes={"user_id": "team"}).id)
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert errors == []
        ids = [wid for ws in written for wid in ws]
        assert len(set(ids)) == 2 * WRITES
        for db in dbs:
            assert all(db.get(wid) is not None for wid in ids)
        named = dbs[0].store.find_by_name("priya raman")
        assert len(named) == 1, named
        assert dbs[1].verify() == []
        assert {getattr(db.store, "writes", None) for db in dbs} == {writes}
    finally:
        for db in dbs:
            db.close()
