"""What every consolidation step shares: the write budget, the cursors, the scopes of a world.

A step never writes by itself: it hands changesets (and retirements) to ``Writes``, which sends
them through the reconciler like any other write, counts the ones that changed the store, and
stops the run after ``max_writes`` of them. Cursors are bookkeeping in store meta
(``consolidate.<step>``): they only save work. Correctness does not rest on them: every world a
step writes is content-addressed from what it summarises, so a run cut short anywhere (after a
commit, before its cursor moved) and run again writes the same worlds and edges, and nothing
twice.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.reconciler import Reconciler
from worlddb.store.protocols import Store

__all__ = [
    "CURSOR_PREFIX",
    "Budget",
    "OutOfBudget",
    "Step",
    "StepReport",
    "Writes",
    "scope_links",
]

CURSOR_PREFIX: Final = "consolidate."


class OutOfBudget(Exception):
    """Raised inside a step when the run's write budget is spent; the run stops cleanly."""


@dataclass
class Budget:
    """How many more store-changing commits this run may make (``None``: no limit)."""

    remaining: int | None = None

    def spend(self) -> None:
        if self.remaining is not None:
            self.remaining -= 1

    def check(self) -> None:
        if self.remaining is not None and self.remaining <= 0:
            raise OutOfBudget


@dataclass
class StepReport:
    """What one step did in one run."""

    name: str
    examined: int = 0
    worlds: int = 0
    edges: int = 0
    retired: int = 0
    done: bool = True
    seconds: float = 0.0
    details: dict[str, object] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {
            "examined": self.examined,
            "worlds": self.worlds,
            "edges": self.edges,
            "retired": self.retired,
            "done": self.done,
            "seconds": round(self.seconds, 3),
            **self.details,
        }


class Writes:
    """The one way a step writes: through the reconciler, counted against the budget."""

    def __init__(
        self,
        reconciler: Reconciler,
        budget: Budget,
        on_write: Callable[[str], None] | None = None,
    ) -> None:
        self.reconciler = reconciler
        self.store: Store = reconciler.store
        self.budget = budget
        self.on_write = on_write
        self.commits = 0

    def apply(self, changeset: Changeset, report: StepReport) -> Mapping[str, NodeId]:
        """Commit ``changeset``; returns the id map. Counts it only if it changed anything."""
        self.budget.check()
        result = self.reconciler.apply(changeset)
        if result.created or result.edges or result.closed:
            report.worlds += len(result.created)
            report.edges += len(result.edges)
            self._spent(report)
        return result.ids

    def retire_world(self, wid: str, report: StepReport) -> None:
        self.budget.check()
        if self.reconciler.retire(wid):
            report.retired += 1
            self._spent(report)

    def retire_edge(self, eid: str, report: StepReport) -> None:
        self.budget.check()
        edge = self.store.find_edge(eid)
        if edge is None or edge.status in {"retired", "rejected"}:
            return
        self.reconciler.retire_edge(eid)
        report.retired += 1
        self._spent(report)

    def _spent(self, report: StepReport) -> None:
        self.commits += 1
        self.budget.spend()
        if self.on_write is not None:
            self.on_write(report.name)


class Step(Protocol):
    """One named consolidation step. ``run`` may raise ``OutOfBudget`` between commits."""

    name: str

    def run(self, writes: Writes, now: int, report: StepReport) -> None: ...


def read_cursor(store: Store, step: str) -> dict[str, int]:
    """The step's saved position (empty when it never ran)."""
    raw = store.meta(CURSOR_PREFIX + step)
    if not raw:
        return {}
    loaded = json.loads(raw)
    return {str(k): int(v) for k, v in loaded.items()} if isinstance(loaded, dict) else {}


def save_cursor(store: Store, step: str, cursor: Mapping[str, int]) -> None:
    """Save the step's position, only when it moved (a run with nothing to do writes nothing)."""
    if read_cursor(store, step) != dict(cursor):
        store.set_meta(CURSOR_PREFIX + step, json.dumps(dict(cursor), sort_keys=True))


def scopes_of(store: Store, wid: str) -> list[NodeId]:
    """The Scope worlds ``wid`` is a member of (sorted), so derived worlds can join them."""
    rid = store.rid_of(wid)
    return [] if rid is None else sorted(store.scopes_of(rid))


def scope_links(scopes: Sequence[str], derived: WorldSpec) -> tuple[EdgeSpec, ...]:
    """``contains`` edges putting a derived world in the same scopes as its sources: a summary
    of alice's session is alice's, and scope-filtered reads treat it as such."""
    target = world_id(derived)
    return tuple(EdgeSpec("contains", s, target) for s in scopes)
