"""The after-commit recluster pass runs in the background and never walks through a Scope."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence

import pytest

from worlddb import WorldDB
from worlddb.engine.recluster_worker import ReclusterWorker
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.recluster import neighbourhood


def test_a_write_returns_before_its_recluster_pass_and_drain_waits_for_it(db: WorldDB) -> None:
    gate = threading.Event()
    identity = db._identity
    inner = identity._background_pass

    def held(seeds: Sequence[str], commits: int) -> None:
        gate.wait(30)
        inner(seeds, commits)

    identity.worker._run = held
    alice = WorldSpec(type="Person", name="Alice Zhang", resolve=True)
    typo = WorldSpec(type="Person", name="Alcie Zhang", resolve=True)
    db.write(Changeset(worlds=(alice, typo)))
    assert db.proposals() == []  # the write did not wait for the pass
    assert not db.drain_recluster(timeout=0.05)
    gate.set()
    assert db.drain_recluster(timeout=30)
    assert len(db.proposals()) == 1


def test_seeds_queued_while_a_pass_runs_are_coalesced_into_one_pass() -> None:
    started, release = threading.Event(), threading.Event()
    passes: list[tuple[list[str], int]] = []

    def run(seeds: Sequence[str], commits: int) -> None:
        passes.append((list(seeds), commits))
        started.set()
        release.wait(30)

    worker = ReclusterWorker(run)
    worker.submit(["a"])
    assert started.wait(30)
    worker.submit(["b", "c"])
    worker.submit(["c", "d"])
    assert worker.pending() == 4  # three seeds waiting and one pass running
    release.set()
    assert worker.drain(timeout=30)
    worker.close()
    assert passes == [(["a"], 1), (["b", "c", "d"], 2)]
    worker.submit(["e"])  # after close: ignored
    assert worker.pending() == 0


def test_a_failing_pass_is_logged_and_counted_and_the_worker_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ran: list[str] = []

    def run(seeds: Sequence[str], commits: int) -> None:
        if "bad" in seeds:
            raise RuntimeError("boom")
        ran.extend(seeds)

    worker = ReclusterWorker(run)
    with caplog.at_level(logging.WARNING):
        worker.submit(["bad"])
        assert worker.drain(timeout=30)
        worker.submit(["good"])
        worker.close()  # close drains what is queued
    assert (worker.errors, ran) == (1, ["good"])
    assert "background recluster pass failed" in caplog.text


def test_the_walk_never_enters_a_scope(db: WorldDB) -> None:
    db.recluster_budget_s = 0.0
    scope = scope_world("user_id", "alice")
    ada = WorldSpec(type="Person", name="Ada Lovelace")
    grace = WorldSpec(type="Person", name="Grace Hopper")
    note = WorldSpec(type="Note", content="Ada wrote the first program")
    sid, aid, gid, nid = (world_id(w) for w in (scope, ada, grace, note))
    edges = (
        EdgeSpec("contains", sid, aid),
        EdgeSpec("contains", sid, gid),
        EdgeSpec("contains", sid, nid),
        EdgeSpec("refers_to", nid, aid),
    )
    db.write(Changeset(worlds=(scope, ada, grace, note), edges=edges))
    queries = db.store.resolver_queries
    assert neighbourhood(queries, [aid]) == [aid, nid]  # not the scope, nor Grace through it
    assert neighbourhood(queries, [sid]) == [sid]  # a Scope seed is not expanded
    assert set(queries.neighbours(aid, 10)) == {sid, nid}  # without hub_types: every edge


def test_close_finishes_the_queued_pass() -> None:
    db = WorldDB.open(":memory:", embedder=None, extractor=None)
    alice = WorldSpec(type="Person", name="Alice Zhang", resolve=True)
    typo = WorldSpec(type="Person", name="Alcie Zhang", resolve=True)
    db.write(Changeset(worlds=(alice, typo)))
    db._identity.close()  # what WorldDB.close() does first
    assert len(db.proposals()) == 1
    assert db.recluster_errors == 0
    db.close()


def test_a_seed_erased_before_its_pass_is_skipped_not_an_error(db: WorldDB) -> None:
    gate = threading.Event()
    inner = db._identity._background_pass

    def held(seeds: Sequence[str], commits: int) -> None:
        gate.wait(30)
        inner(seeds, commits)

    db._identity.worker._run = held
    alice = WorldSpec(type="Person", name="Alice Zhang", resolve=True)
    typo = WorldSpec(type="Person", name="Alcie Zhang", resolve=True)
    result = db.write(Changeset(worlds=(alice, typo)))
    db.purge(list(result.ids.values())[1])
    gate.set()
    assert db.drain_recluster(timeout=30)
    assert (db.recluster_errors, db.proposals()) == (0, [])


def test_an_acronym_top_up_waiting_for_the_store_never_blocks_the_writer() -> None:
    # In memory, a reader waits for the write lock; the writer resolves (and tops up the
    # acronym index) while holding it. A top-up holding its own lock while it waited deadlocked.
    db = WorldDB.open(":memory:", embedder=None, extractor=None)
    resolver = db.reconciler.resolver
    assert isinstance(resolver, TieredResolver)
    acronyms = resolver.acronyms
    holding = threading.Event()

    def writer() -> None:
        with db.store.exclusive():
            holding.set()
            time.sleep(0.2)  # the background top-up below is now waiting for the store
            acronyms.lookup("who")

    w = threading.Thread(target=writer, daemon=True)
    w.start()
    assert holding.wait(30)
    reader = threading.Thread(target=acronyms.refresh, daemon=True)
    reader.start()
    w.join(timeout=10)
    reader.join(timeout=10)
    assert not w.is_alive() and not reader.is_alive()
    db.close()
