"""Purge: a real delete of worlds and everything derived from them (for erasure requests).

Retiring closes validity and keeps history; purging removes rows. The closure of a purge is:
the named worlds, their structural descendants that no surviving world still contains, every
world ``derived_from`` only purged worlds (a fact extracted from a purged turn), the entities only
purged facts name, and the earlier versions of a purged memory (see ``_Closure``). Blobs, FTS rows,
embeddings, aliases, provenance, proposals, scope membership and validity history go with them,
in one transaction; the vector index marks the rows deleted after the commit.

Deleting rows is not erasing text. Three more steps make the words leave the file: the write
connection runs with ``secure_delete`` (freed cells and pages are zeroed, see
``worlddb.store``); the full-text index, which is contentless and so keeps each indexed term in
its segments until they merge, is merged (``optimize``) in the same transaction; and the WAL,
which still holds page images written before the delete, is checkpointed and truncated once the
transaction commits. ``ErasureReport`` says what went, what stayed because another scope or world
still holds it, and whether the WAL truncation completed (a reader pinned to an older snapshot
in another process can hold it back until it finishes).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worlddb.model import NodeId
from worlddb.store.protocols import WriteTransaction

if TYPE_CHECKING:
    from worlddb.reconciler import Reconciler

__all__ = ["ErasureReport", "purge_closure", "purge_worlds"]


@dataclass(frozen=True, slots=True)
class ErasureReport:
    """What a purge deleted and what it reached but kept.

    ``kept`` holds worlds the purge named or reached (a memory of the scope, an entity its notes
    mention, a fact derived from it) that stay because another scope or a surviving world still
    holds them. ``memories_erased`` / ``memories_kept`` are the memory-type subsets of each.
    ``scrubbed`` is False when the WAL could not be truncated yet (another process was reading an
    older snapshot); the deleted text then lingers in the ``-wal`` file until the next checkpoint.
    """

    erased: tuple[NodeId, ...]
    kept: tuple[NodeId, ...]
    memories_erased: tuple[NodeId, ...] = ()
    memories_kept: tuple[NodeId, ...] = ()
    scrubbed: bool = True


def purge_closure(
    rec: Reconciler,
    roots: Iterable[str],
    *,
    keep: frozenset[str] = frozenset(),
    memory_types: Collection[str] = (),
) -> list[NodeId]:
    """Every world a purge of ``roots`` removes; worlds in ``keep`` (and what they hold) stay.

    Read inside a write transaction that writes nothing, so the closure is computed through
    the same reads ``purge_worlds`` uses, against the state it would delete from.
    """
    with rec.store.transaction(rec.now) as txn:
        return _Closure(txn, keep, frozenset(memory_types)).run(roots)[0]


class _Closure:
    """The walk from the named worlds to everything that exists only because of them.

    It follows four links, each only when nothing that survives still needs the far end:
    ``contains`` children no surviving (non-scope) world holds; worlds ``derived_from`` only
    doomed ones; ``refers_to`` targets (the entities a purged fact names) that no surviving world
    points at; and, for memories, the older versions a doomed memory ``supersedes`` (its edit
    history). Memories are never reached through ``refers_to``: one memory naming another does
    not make the other disposable.
    """

    def __init__(
        self, txn: WriteTransaction, keep: frozenset[str], memory_types: frozenset[str]
    ) -> None:
        self.txn = txn
        self.keep = keep
        self.memory_types = memory_types
        self.doomed: dict[str, None] = {}
        self.reached: dict[str, None] = {}
        self.queue: deque[str] = deque()
        self.queued: set[str] = set()  # what ``queue`` holds, for O(1) membership

    def run(self, roots: Iterable[str]) -> tuple[list[NodeId], list[NodeId]]:
        """The doomed worlds, and those reached but spared (held by something surviving)."""
        for root in roots:
            self.reached[root] = None
            if root not in self.keep:
                self._enqueue(root)
        while self.queue:
            wid = self.queue.popleft()
            self.queued.discard(wid)
            self.reached[wid] = None
            if wid in self.doomed or wid in self.keep:
                continue
            self.doomed[wid] = None
            self._follow(wid)
        spared = [w for w in self.reached if w not in self.doomed and self.txn.exists(w)]
        return [NodeId(w) for w in self.doomed], [NodeId(w) for w in spared]

    def _enqueue(self, wid: str) -> None:
        if wid not in self.queued and wid not in self.doomed:
            self.queue.append(wid)
            self.queued.add(wid)

    def _going(self, wid: str) -> bool:
        return wid not in self.keep and (wid in self.doomed or wid in self.queued)

    def _offer(self, wid: str, sources: set[str]) -> None:
        self.reached[wid] = None
        if wid not in self.keep and all(self._going(s) for s in sources):
            self._enqueue(wid)

    def _follow(self, wid: str) -> None:
        txn = self.txn
        for child in txn.neighbours(wid, "contains", direction="out"):
            self._offer(child, txn.structural_holders(child))
        for derived in txn.neighbours(wid, "derived_from", direction="in"):
            self._offer(derived, txn.neighbours(derived, "derived_from", direction="out"))
        for target in txn.neighbours(wid, "refers_to", direction="out"):
            if txn.type_of(target) in {*self.memory_types, "Scope"}:
                continue
            pointing = txn.referrers(target)
            if self._named_by_surviving_memory(target):
                pointing.add(target)  # never all doomed: the entity stays
            self._offer(target, pointing)
        if txn.type_of(wid) in self.memory_types:
            for older in txn.neighbours(wid, "supersedes", direction="out"):
                if txn.type_of(older) not in self.memory_types:
                    continue
                self._offer(older, txn.neighbours(older, "supersedes", direction="in"))

    def _named_by_surviving_memory(self, target: str) -> bool:
        """Whether a memory that stays, in a scope of ``target``, contains its name as words.

        An entity mentioned without a fact about it has no edge to the memory that mentions it,
        so the text is the only evidence that something surviving still uses it.
        """
        naming = self.txn.memories_naming(target, self.memory_types)
        return any(not self._going(wid) for wid in naming)


def purge_worlds(
    rec: Reconciler,
    roots: Iterable[str],
    *,
    keep: frozenset[str] = frozenset(),
    memory_types: Collection[str] = (),
    scope: str | None = None,
) -> ErasureReport:
    """Delete the purge closure of ``roots`` in one transaction and scrub the file of its text.

    ``memory_types`` names the world types counted as memories in the report. ``scope`` adds a
    Scope world and its members to ``roots`` (keeping the members another scope holds), listed
    inside the deleting transaction: a member another process commits just before it is then
    either listed and erased or, committed after, written once the erase is done.
    """
    with rec.store.exclusive():
        removed: list[int] = []
        searchable = False
        with rec.store.transaction(rec.now) as txn:
            if scope is not None:
                roots = [*txn.scope_member_ids(scope), scope, *roots]
                keep = keep | txn.shared_member_ids(scope)
            doomed, spared = _Closure(txn, keep, frozenset(memory_types)).run(roots)
            kinds = txn.types_of((*doomed, *spared))
            for wid in doomed:
                purged = txn.purge_world(wid)
                if purged is not None:
                    removed.append(purged.rid)
                    searchable = searchable or purged.was_searchable
            if searchable:
                txn.merge_fts()
        if rec.vectors is not None:
            rec.vectors.remove(removed)
        scrubbed = rec.store.checkpoint() if doomed else True
    return ErasureReport(
        erased=tuple(doomed),
        kept=tuple(spared),
        memories_erased=tuple(w for w in doomed if kinds.get(w) in memory_types),
        memories_kept=tuple(w for w in spared if kinds.get(w) in memory_types),
        scrubbed=scrubbed,
    )
