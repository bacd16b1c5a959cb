"""The store invariants I1-I10 of ``worlddb.reconciler``, checked by a Hypothesis state machine.

The machine drives a file-backed store through puts, links of every built-in type, same_as
proposals and decisions, retirements, edits, purges, re-applied changesets, refused changesets
and reopening. A plain-dict model predicts every outcome (commit, refusal or no-op) and every
validity interval exactly; after each step the store is compared with the model and with
``WorldDB.verify()``. A refusal must leave the database file byte-identical (I7).

Cost (``scripts/long_invariants.py`` runs this for hours): the store lives on tmpfs when the
machine has one (``/dev/shm``), so WAL checkpoints cost no disk flush; and a step that *proved*
the store unchanged (a refusal: the file byte-identical; ``reopen`` and ``reapply``: every row
equal) skips the invariants after it. That skip is exact, not sampled: every invariant is a
function of the stored rows (read over SQL: no read path keeps state in Python), the model and
``intervals``, and such a step changes none of them, so each invariant would return what it
returned after the step before.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tests.strategies import FakeClock, file_bytes, logical_dump
from worlddb.engine import WorldDB
from worlddb.errors import HandlerRefusedError, ValidationError, ValidityError
from worlddb.handlers import default_handlers
from worlddb.hashing import digest, edge_id, world_id
from worlddb.model import Changeset, CommitResult, EdgeSpec, World, WorldSpec
from worlddb.resolver import ExactResolver

ACYCLIC = frozenset({"contains", "supersedes", "derived_from", "subtype_of", "precedes"})
ORDERED = frozenset({"causes", "precedes"})
LINK_TYPES = (
    "contains",
    "refers_to",
    "supersedes",
    "contradicts",
    "implies",
    "derived_from",
    "instance_of",
    "subtype_of",
    "causes",
    "precedes",
)
TIMES = (None, 100, 200, 300, 400)
KINDS = st.sampled_from(["Note", "Fact", "Person", "Session"])
STARTS = st.sampled_from(TIMES)
LENGTHS = st.sampled_from([None, 50, 150])
DEAD = frozenset({"retired", "rejected"})


@dataclass
class MWorld:
    type: str
    text: str
    valid_from: int | None
    valid_to: int | None
    children: tuple[str, ...]
    parent: str | None = None


@dataclass
class MEdge:
    type: str
    source: str
    target: str
    status: str


@dataclass
class Model:
    worlds: dict[str, MWorld] = field(default_factory=dict)
    edges: dict[str, MEdge] = field(default_factory=dict)
    members: dict[str, set[str]] = field(default_factory=dict)
    damaged: set[str] = field(default_factory=set)  # parents whose blob names a purged child

    def live(self, edge_type: str) -> list[MEdge]:
        return [e for e in self.edges.values() if e.type == edge_type and e.status not in DEAD]

    def reaches(self, start: str, goal: str, edge_type: str) -> bool:
        seen, queue = {start}, deque([start])
        while queue:
            current = queue.popleft()
            if current == goal:
                return True
            for e in self.live(edge_type):
                if e.source == current and e.target not in seen:
                    seen.add(e.target)
                    queue.append(e.target)
        return False

    def descendants(self, root: str) -> set[str]:
        seen, queue = {root}, deque([root])
        while queue:
            current = queue.popleft()
            for e in self.live("contains"):
                if e.source == current and e.target not in seen:
                    seen.add(e.target)
                    queue.append(e.target)
        return seen

    def rejected_pair(self, a: str, b: str) -> bool:
        return any(
            e.type == "same_as" and e.status == "rejected" and {e.source, e.target} == {a, b}
            for e in self.edges.values()
        )

    def close(self, wid: str, at: int) -> None:
        """Tighten ``wid``'s validity to ``at`` and, if it changed, run the close cascade."""
        world = self.worlds[wid]
        if world.valid_to is None or world.valid_to > at:
            world.valid_to = at
            self.closed(wid, at)

    def closed(self, wid: str, at: int) -> None:
        """The handlers' ``on_endpoint_closed``, in the store's order (sources' side first).

        A closed Session closes each world it contains once every Session holding that world
        has closed; a world derived from ``wid`` closes once every world it was derived from has.
        """
        touching = [e for e in self.edges.values() if e.status not in DEAD and e.source == wid]
        touching += [e for e in self.edges.values() if e.status not in DEAD and e.target == wid]
        for e in touching:
            if e.type == "contains" and e.source == wid and self.worlds[wid].type == "Session":
                holders = [
                    h.source
                    for h in self.live("contains")
                    if h.target == e.target and self.worlds[h.source].type == "Session"
                ]
                self.close_when_all_closed(e.target, holders, at)
            elif e.type == "derived_from" and e.target == wid:
                sources = [d.target for d in self.live("derived_from") if d.source == e.source]
                self.close_when_all_closed(e.source, sources, at)

    def close_when_all_closed(self, wid: str, holders: list[str], at: int) -> None:
        ends = [self.worlds[h].valid_to for h in holders]
        if any(end is None for end in ends):
            return
        last = max([at, *(end for end in ends if end is not None)])
        world = self.worlds[wid]
        if world.valid_to is not None and world.valid_to <= last:
            return
        self.close(wid, last if world.valid_from is None else max(last, world.valid_from))

    def add_edge(self, spec: EdgeSpec, status: str = "active") -> None:
        self.edges[edge_id(spec)] = MEdge(spec.type, spec.source, spec.target, status)
        if spec.type == "contains" and self.worlds[spec.source].type == "Scope":
            self.members.setdefault(spec.source, set()).update(self.descendants(spec.target))


def scratch_dir() -> str | None:
    """``/dev/shm`` (tmpfs: fsync is free) when writable, else the default temporary directory."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK) else None


def changed_tables(before: object, after: object) -> str:
    """Which tables differ between two ``file_bytes`` snapshots (for an I7 failure message)."""
    if not isinstance(before, bytes) or not isinstance(after, bytes):
        return "the store's rows changed"
    dumps = []
    for raw in (before, after):
        image = bytearray(raw)
        image[18:20] = b"\x01\x01"  # a WAL file's header, read as a rollback-journal image
        conn = sqlite3.connect(":memory:")
        conn.deserialize(bytes(image))
        names = [r[0] for r in conn.execute(_TABLES)]
        dumps.append({t: sorted(conn.execute(f'SELECT * FROM "{t}"'), key=repr) for t in names})
        conn.close()
    tables = sorted(
        t for t in dumps[0].keys() | dumps[1].keys() if dumps[0].get(t) != dumps[1].get(t)
    )
    return f"a refusal changed the file; tables differing: {tables or 'none (pages only)'}"


_TABLES = (
    "SELECT name FROM sqlite_master WHERE type = 'table' "
    "AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name"
)


class StoreMachine(RuleBasedStateMachine):
    """One file-backed store against its model."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="worlddb-machine-", dir=scratch_dir()))
        self.path = self.tmp / "machine.db"
        self.clock = FakeClock(start=2 * 10**15)
        self.handlers = default_handlers()  # stateless handlers: one registry for every reopen
        self.db = self._open()
        self.model = Model()
        self.counter = 0
        self.last: Changeset | None = None
        self.intervals: dict[str, tuple[int | None, int | None]] = {}
        self.unchanged = False  # the last rule proved rows, model and intervals as they were
        self.checks_run = 0  # invariant rounds run / skipped (``scripts/long_invariants.py``)
        self.checks_skipped = 0
        self.round_worlds: dict[str, World] = {}

    def check_invariants(self, *args: Any, **kwargs: Any) -> None:
        """Hypothesis runs this after every rule: skip it when the rule proved nothing changed.

        Exact (see the module docstring): the skipped round would see the rows, model and
        intervals the previous round passed on.
        """
        if self.unchanged:
            self.unchanged = False
            self.checks_skipped += 1
            return
        self.checks_run += 1
        self.round_worlds = {}  # invariants only read: one round may share its reads
        super().check_invariants(*args, **kwargs)

    def _stored(self, wid: str) -> World:
        """``db.get(wid)``, read once per round of invariants."""
        world = self.round_worlds.get(wid)
        if world is None:
            world = self.round_worlds[wid] = self.db.get(wid)
        return world

    def _open(self) -> WorldDB:
        db = WorldDB.open(
            self.path, embedder=None, extractor=None, clock=self.clock, handlers=self.handlers
        )
        db.reconciler.resolver = ExactResolver(db.store)  # resolution is not under test here
        return db

    def teardown(self) -> None:
        self.db.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- helpers ---------------------------------------------------------------------------------
    def _fresh(self) -> int:
        self.counter += 1
        self.clock.advance(1)
        return self.counter

    def _pick(
        self, data: st.DataObject, *, open_only: bool = False, types: tuple[str, ...] | None = None
    ) -> str:
        ids = sorted(
            w
            for w, m in self.model.worlds.items()
            if (not open_only or m.valid_to is None)
            and (types is None or m.type in types)
            and m.type != "Scope"
        )
        return data.draw(st.sampled_from(ids))

    def _commit(self, changeset: Changeset) -> CommitResult:
        result = self.db.write(changeset)
        self.last = changeset
        return result

    def _refused(self, call: object, error: type[Exception] = HandlerRefusedError) -> None:
        """I7: a refusal leaves the file (and so every row) exactly as it was.

        Equal file bytes after a full checkpoint imply equal rows for every reader, so the rows
        are compared (to name what changed) only when the bytes differ.
        """
        raw = file_bytes(self.db)
        with pytest.raises(error):
            call()  # type: ignore[operator]
        after = file_bytes(self.db)
        assert after == raw, changed_tables(raw, after)
        self.unchanged = True

    def _has_worlds(self) -> bool:
        return any(m.type != "Scope" for m in self.model.worlds.values())

    # -- rules -----------------------------------------------------------------------------------
    @initialize(first=st.lists(st.tuples(KINDS, STARTS, LENGTHS), min_size=1, max_size=3))
    def seed(self, first: list[tuple[str, int | None, int | None]]) -> None:
        """The scope and one to three worlds.

        Hypothesis switches rules off per example (swarm testing): without worlds to start
        from, an example that drew ``put`` off could only run ``doomed`` and ``reopen``, about
        half of all examples and 44 % of the steps.
        """
        (scope,) = self.db.ensure_scopes({"user_id": "machine"})
        self.model.worlds[scope] = MWorld("Scope", "user_id=machine", None, None, ())
        for kind, start, length in first:
            self._put(kind, start, length, ())

    @rule(data=st.data(), kind=KINDS, start=STARTS, length=LENGTHS, n_children=st.integers(0, 2))
    def put(
        self, data: st.DataObject, kind: str, start: int | None, length: int | None, n_children: int
    ) -> None:
        orphans = sorted(
            w
            for w, m in self.model.worlds.items()
            if m.parent is None and m.type not in ("Scope", "Session")
        )
        kids = (
            tuple(
                data.draw(
                    st.lists(
                        st.sampled_from(orphans),
                        unique=True,
                        max_size=min(n_children, len(orphans)),
                    )
                )
            )
            if kind == "Session" and orphans
            else ()
        )
        self._put(kind, start, length, kids)

    def _put(self, kind: str, start: int | None, length: int | None, kids: tuple[str, ...]) -> None:
        n = self._fresh()
        end = None if length is None else (start or 0) + length
        spec = WorldSpec(
            kind,
            name=f"name {n}" if kind == "Person" else "",
            content="" if kind == "Person" else f"text number {n}",
            children=kids,
            valid_from=start,
            valid_to=end,
        )
        result = self._commit(Changeset(worlds=(spec,)))
        wid = world_id(spec)
        assert result.created == (wid,)
        self.model.worlds[wid] = MWorld(kind, spec.content or spec.name, start, end, kids)
        for kid in kids:
            self.model.worlds[kid].parent = wid
            self.model.add_edge(EdgeSpec("contains", wid, kid))

    @precondition(lambda self: self._has_worlds())
    @rule(data=st.data(), edge_type=st.sampled_from(LINK_TYPES))
    def link(self, data: st.DataObject, edge_type: str) -> None:
        a, b = self._pick(data), self._pick(data)
        spec = EdgeSpec(edge_type, a, b)
        if edge_id(spec) in self.model.edges:
            self._commit(Changeset(edges=(spec,)))
            return
        src, dst = self.model.worlds[a], self.model.worlds[b]
        refuse = a == b or (edge_type in ACYCLIC and self.model.reaches(b, a, edge_type))
        if edge_type == "supersedes" and None not in (src.valid_from, dst.valid_from):
            refuse = refuse or src.valid_from < dst.valid_from  # type: ignore[operator]
        if edge_type in ORDERED and None not in (src.valid_from, dst.valid_from):
            refuse = refuse or src.valid_from > dst.valid_from  # type: ignore[operator]
        if refuse:
            self._refused(lambda: self.db.write(Changeset(edges=(spec,))))
            return
        result = self._commit(Changeset(edges=(spec,)))
        self.model.add_edge(spec)
        if edge_type == "supersedes":
            self.model.close(
                b, src.valid_from if src.valid_from is not None else result.ingested_at
            )
        if edge_type == "contradicts":
            assert result.conflicts == ((a, b),)

    @precondition(lambda self: self._has_worlds())
    @rule(data=st.data())
    def scope_contains(self, data: st.DataObject) -> None:
        scope = next(w for w, m in self.model.worlds.items() if m.type == "Scope")
        target = self._pick(data)
        spec = EdgeSpec("contains", scope, target)
        self._commit(Changeset(edges=(spec,)))
        if edge_id(spec) not in self.model.edges:
            self.model.add_edge(spec)

    @precondition(lambda self: sum(m.type == "Person" for m in self.model.worlds.values()) >= 2)
    @rule(data=st.data())
    def propose_same_as(self, data: st.DataObject) -> None:
        a, b = self._pick(data, types=("Person",)), self._pick(data, types=("Person",))
        spec = EdgeSpec("same_as", a, b, {"tier": "manual"})
        if edge_id(spec) in self.model.edges:
            self._commit(Changeset(edges=(spec,)))
        elif a == b or self.model.rejected_pair(a, b):
            self._refused(lambda: self.db.write(Changeset(edges=(spec,))))
        else:
            result = self._commit(Changeset(edges=(spec,)))
            assert result.proposals == (edge_id(spec),)
            self.model.add_edge(spec, status="pending")

    @precondition(lambda self: any(e.status == "pending" for e in self.model.edges.values()))
    @rule(data=st.data(), accept=st.booleans())
    def decide(self, data: st.DataObject, accept: bool) -> None:
        eid = data.draw(
            st.sampled_from(sorted(e for e, m in self.model.edges.items() if m.status == "pending"))
        )
        if accept:
            self.db.accept_merge(eid)
        else:
            self.db.reject_merge(eid)
        self.model.edges[eid].status = "accepted" if accept else "rejected"

    @precondition(lambda self: any(e.status not in DEAD for e in self.model.edges.values()))
    @rule(data=st.data())
    def retire_edge(self, data: st.DataObject) -> None:
        eid = data.draw(
            st.sampled_from(sorted(e for e, m in self.model.edges.items() if m.status not in DEAD))
        )
        edge = self.model.edges[eid]
        if edge.type == "contains" and self.model.worlds[edge.source].type == "Scope":
            self.model.members[edge.source] -= self.model.descendants(edge.target)
        self.db.retire_edge(eid)
        edge.status = "rejected" if edge.type == "same_as" else "retired"

    @precondition(lambda self: self._has_worlds())
    @rule(data=st.data(), at=st.sampled_from([50, 150, 250, 350, 450]))
    def retire(self, data: st.DataObject, at: int) -> None:
        wid = self._pick(data)
        world = self.model.worlds[wid]
        if world.valid_to is not None and world.valid_to <= at:
            assert self.db.retire(wid, at=at) is False
        elif world.valid_from is not None and at < world.valid_from:
            self._refused(lambda: self.db.retire(wid, at=at), ValidityError)
        else:
            assert self.db.retire(wid, at=at) is True
            self.model.close(wid, at)

    @precondition(
        lambda self: any(
            m.valid_to is None and m.type != "Scope" for m in self.model.worlds.values()
        )
    )
    @rule(data=st.data())
    def edit(self, data: st.DataObject) -> None:
        """I2: exactly the world and its ancestors get new versions, each superseding the old."""
        wid = self._pick(data, open_only=True)
        chain = [wid]
        while self.model.worlds[chain[-1]].parent is not None:
            chain.append(self.model.worlds[chain[-1]].parent)  # type: ignore[arg-type]
        n = self._fresh()
        if any(
            w in self.model.damaged for w in chain
        ):  # the world itself or an ancestor names a purged child
            self._refused(lambda: self.db.edit(wid, content=f"edit {n}"), ValidationError)
            return
        if self.model.worlds[wid].type == "Person":
            result = self.db.edit(wid, name=f"renamed {n}")
        else:
            result = self.db.edit(wid, content=f"edit {n}")
        assert len(result.created) == len(chain)
        at = self.db.get(result.created[0]).valid_from
        assert at is not None
        swapped: str | None = None
        for old, new in zip(chain, result.created, strict=True):
            before = self.model.worlds[old]
            kids = tuple(
                swapped if swapped is not None and c == chain[chain.index(old) - 1] else c
                for c in before.children
            )
            text = f"edit {n}" if old == wid and before.type != "Person" else before.text
            text = f"renamed {n}" if old == wid and before.type == "Person" else text
            self.model.worlds[new] = MWorld(before.type, text, at, None, kids)
            self.model.add_edge(EdgeSpec("supersedes", new, old))
            for kid in kids:
                self.model.worlds[kid].parent = new
                self.model.add_edge(EdgeSpec("contains", new, kid))
            assert self.db.get(new).children == kids
            swapped = new
        # The edit is one changeset: every new version holds its kids before any old version
        # closes. Closing an old world may cascade to an old ancestor (a Session derived from
        # it), and that ancestor's kids stay open because its new version already holds them.
        for old in chain:
            self.model.close(old, at)
        root_old, root_new = chain[-1], result.created[-1]
        for e in list(self.model.live("contains")):
            if e.target == root_old and self.model.worlds[e.source].type == "Scope":
                self.model.add_edge(EdgeSpec("contains", e.source, root_new))
        assert [w.id for w in self.db.history(result.created[0])][-2:] == [wid, result.created[0]]

    @precondition(lambda self: self._has_worlds())
    @rule(data=st.data())
    def purge(self, data: st.DataObject) -> None:
        wid = self._pick(data)
        gone = set(self.db.purge(wid))
        assert wid in gone
        self.last = None  # writing a purged world again is a new write, not a re-application
        for dead in gone:
            self.model.worlds.pop(dead)
        for eid, e in list(self.model.edges.items()):
            if e.source in gone or e.target in gone:
                del self.model.edges[eid]
        for members in self.model.members.values():
            members -= gone
        for w, m in self.model.worlds.items():
            if m.parent in gone:
                m.parent = None
            if set(m.children) & gone:
                self.model.damaged.add(w)

    @precondition(lambda self: self.last is not None)
    @rule()
    def reapply(self) -> None:
        """I6: re-applying the last committed changeset changes nothing."""
        assert self.last is not None
        dump = logical_dump(self.db)
        try:
            result = self.db.write(self.last)
        except ValidationError:
            return  # a purge since removed one of its worlds' children or endpoints
        assert logical_dump(self.db) == dump
        assert (result.created, result.edges, result.closed) == ((), (), ())
        self.unchanged = True

    @rule()
    def doomed(self) -> None:
        """I7: new worlds plus a refused edge: nothing of the changeset lands."""
        spec = WorldSpec("Note", content=f"doomed {self._fresh()}")
        wid = world_id(spec)
        self._refused(
            lambda: self.db.write(
                Changeset(worlds=(spec,), edges=(EdgeSpec("refers_to", wid, wid),))
            )
        )

    @rule()
    def reopen(self) -> None:
        """Closing and opening again changes no byte of the file (so no row any reader sees)."""
        raw = file_bytes(self.db)
        self.db.close()
        self.db = self._open()
        after = file_bytes(self.db)
        assert after == raw, changed_tables(raw, after)
        self.unchanged = True

    # -- invariants ------------------------------------------------------------------------------
    @invariant()
    def verify_finds_nothing(self) -> None:
        assert self.db.verify() == []

    @invariant()
    def ids_are_hashes_of_stored_bytes(self) -> None:
        """I1, independently of verify."""
        rows = self.db.store._connection.execute("SELECT id, body FROM blobs").fetchall()
        assert {bytes(wid).hex() for wid, _ in rows} == set(self.model.worlds)
        assert all(digest(bytes(body)) == bytes(wid).hex() for wid, body in rows)

    @invariant()
    def validity_matches_the_model_and_only_tightens(self) -> None:
        """I3."""
        for wid, m in self.model.worlds.items():
            stored = self._stored(wid)
            now = (stored.valid_from, stored.valid_to)
            assert now == (m.valid_from, m.valid_to), wid
            if wid in self.intervals:
                old_from, old_to = self.intervals[wid]
                assert old_from is None or (now[0] is not None and now[0] >= old_from)
                assert old_to is None or (now[1] is not None and now[1] <= old_to)
            self.intervals[wid] = now

    @invariant()
    def edges_match_the_model_and_never_dangle(self) -> None:
        """I4, plus every edge's status."""
        rows = self.db.store._connection.execute("SELECT id, type, src, dst, status FROM edges")
        stored = {r[0].hex(): MEdge(r[1], r[2].hex(), r[3].hex(), r[4]) for r in rows}
        assert stored == self.model.edges
        assert all({e.source, e.target} <= set(self.model.worlds) for e in stored.values())

    @invariant()
    def fts_rows_match_the_text_worlds(self) -> None:
        """I5."""
        conn = self.db.store._connection
        fts = {r[0] for r in conn.execute("SELECT rowid FROM fts")}
        expected = {
            self.db.store.rid_of(w)
            for w, m in self.model.worlds.items()
            if m.type != "Scope" and m.text
        }
        assert fts == expected

    @invariant()
    def identity_is_merged_only_by_acceptance(self) -> None:
        """I8, I9, I10."""
        statuses = {p.edge_id: p.status for p in self.db.proposals(None)}
        assert statuses == {e: m.status for e, m in self.model.edges.items() if m.type == "same_as"}
        for e in self.model.edges.values():
            if e.type == "same_as":
                together = e.target in self.db.equivalence_class(e.source)
                assert together == (e.status == "accepted") or self._linked_otherwise(e)
                assert together == (e.source in self.db.equivalence_class(e.target))

    def _linked_otherwise(self, edge: MEdge) -> bool:
        accepted = [
            e for e in self.model.edges.values() if e.type == "same_as" and e.status == "accepted"
        ]
        seen, queue = {edge.source}, deque([edge.source])
        while queue:
            current = queue.popleft()
            for e in accepted:
                for x, y in ((e.source, e.target), (e.target, e.source)):
                    if x == current and y not in seen:
                        seen.add(y)
                        queue.append(y)
        return edge.target in seen

    @invariant()
    def structure_and_membership_match_the_model(self) -> None:
        for wid, m in self.model.worlds.items():
            assert self._stored(wid).parent == m.parent, wid
        rows = self.db.store._connection.execute(
            "SELECT m.scope, n.id FROM scope_members m JOIN nodes n ON n.rid = m.rid"
        )
        stored: dict[str, set[str]] = {}
        for scope, member in rows:
            stored.setdefault(scope.hex(), set()).add(member.hex())
        assert stored == {s: ms for s, ms in self.model.members.items() if ms}


# Examples come from the active profile (dev 30, ci 60: about 7 s and 15 s on two cores).
StoreMachine.TestCase.settings = settings(stateful_step_count=30, deadline=None)
test_store_invariants = StoreMachine.TestCase
