"""The consolidator: worlddb's background "sleep cycle" over what has been written.

``Consolidator(db).run()`` runs named steps, each its own module:

* ``summaries`` (``consolidate.summaries``): a Summary world for each settled Session or Topic;
* ``inferred`` (``consolidate.inferred``): the transitive closure of ``causes`` and
  ``subtype_of`` (and ``instance_of`` through ``subtype_of``), flagged ``inferred``, retracted
  when a premise is retired;
* ``contradictions`` (``consolidate.contradictions``): ``contradicts`` between open facts that
  disagree on a registered functional relation;
* ``communities`` (``consolidate.communities``): Louvain communities of the entity graph, each a
  Community world with its members and an extractive summary.

Properties every step keeps (tested in ``tests/test_consolidate_*.py``):

* **through the reconciler**: every world and edge is a changeset applied by the reconciler,
  so handlers, validation, scopes and the invariants hold as for any write; there is no
  private writer;
* **incremental**: each step keeps a cursor in store meta (``consolidate.<step>``) and reads only
  what was written after it (the closure step rereads its three rare edge types whole);
* **idempotent**: what a step writes is content-addressed from its sources, so a second run on
  an unchanged store writes nothing (not even a cursor);
* **interruptible**: ``max_writes`` stops a run after that many store-changing commits, and a
  ``KeyboardInterrupt`` (or a kill) loses at most the commit in flight, which rolls back; a
  rerun finishes at the same final state.

The consolidator sits beside recall and query (above the reconciler, below the engine): it
takes anything with a ``reconciler`` attribute, such as a ``WorldDB``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from worlddb.consolidate.base import Budget, OutOfBudget, Step, StepReport, Writes
from worlddb.consolidate.communities import COMMUNITY_TYPE, CommunitiesStep
from worlddb.consolidate.contradictions import ContradictionSweep, FunctionalRelations
from worlddb.consolidate.inferred import CLOSED_TYPES, InferredEdgesStep, is_inferred
from worlddb.consolidate.summaries import SUMMARY_TYPE, SummariesStep, live_summary
from worlddb.consolidate.summarizers import ExtractiveSummarizer
from worlddb.errors import ValidationError
from worlddb.plugins import Summarizer
from worlddb.reconciler import Reconciler
from worlddb.timeutil import now_us

__all__ = [
    "CLOSED_TYPES",
    "COMMUNITY_TYPE",
    "STEPS",
    "SUMMARY_TYPE",
    "AnthropicSummarizer",
    "CommunitiesStep",
    "ConsolidationReport",
    "Consolidator",
    "ContradictionSweep",
    "ExtractiveSummarizer",
    "FunctionalRelations",
    "InferredEdgesStep",
    "StepReport",
    "SummariesStep",
    "is_inferred",
    "live_summary",
]

STEPS: Final = ("summaries", "inferred", "contradictions", "communities")
"""The step names, in the order a run takes them (communities last: it reads the others')."""


class HasReconciler(Protocol):
    """What the consolidator needs of a database: its write path (a ``WorldDB`` has one)."""

    @property
    def reconciler(self) -> Reconciler: ...


@dataclass
class ConsolidationReport:
    """What one run did, step by step."""

    steps: dict[str, StepReport] = field(default_factory=dict)
    writes: int = 0
    complete: bool = True
    interrupted: bool = False
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "complete": self.complete,
            "interrupted": self.interrupted,
            "writes": self.writes,
            "seconds": round(self.seconds, 3),
            "steps": {name: r.as_dict() for name, r in self.steps.items()},
        }


class Consolidator:
    """Runs the consolidation steps over one database through its reconciler."""

    def __init__(
        self,
        db: HasReconciler | Reconciler,
        *,
        summarizer: Summarizer | None = None,
        functional: FunctionalRelations | Sequence[str] = (),
        min_age_us: int = 0,
        min_members: int = 2,
        clock: Callable[[], int] = now_us,
    ) -> None:
        self.reconciler = db if isinstance(db, Reconciler) else db.reconciler
        self.summarizer: Summarizer = summarizer or ExtractiveSummarizer()
        self.functional = (
            functional
            if isinstance(functional, FunctionalRelations)
            else FunctionalRelations(functional)
        )
        self.clock = clock
        self.steps: dict[str, Step] = {
            "summaries": SummariesStep(self.summarizer, min_age_us=min_age_us),
            "inferred": InferredEdgesStep(),
            "contradictions": ContradictionSweep(self.functional),
            "communities": CommunitiesStep(self.summarizer, min_members=min_members),
        }

    def run(
        self,
        steps: Sequence[str] | None = None,
        *,
        max_writes: int | None = None,
        on_write: Callable[[str], None] | None = None,
    ) -> ConsolidationReport:
        """Run ``steps`` (default: all, in ``STEPS`` order); stop after ``max_writes`` commits.

        A ``KeyboardInterrupt`` ends the run cleanly: the commit in flight rolls back, the report
        says ``interrupted``, and the next run carries on from the saved cursors.
        """
        chosen = self._chosen(steps)
        budget = Budget(max_writes)
        writes = Writes(self.reconciler, budget, on_write)
        report = ConsolidationReport()
        started = time.perf_counter()
        now = self.clock()
        try:
            for name in chosen:
                step_report = StepReport(name)
                report.steps[name] = step_report
                tick = time.perf_counter()
                try:
                    self.steps[name].run(writes, now, step_report)
                except OutOfBudget:
                    step_report.done = False
                    report.complete = False
                    break
                finally:
                    step_report.seconds = time.perf_counter() - tick
        except KeyboardInterrupt:
            report.complete = False
            report.interrupted = True
            last = list(report.steps.values())[-1:]
            for r in last:
                r.done = False
        report.writes = writes.commits
        report.seconds = time.perf_counter() - started
        return report

    def _chosen(self, steps: Sequence[str] | None) -> list[str]:
        if steps is None:
            return list(STEPS)
        unknown = [s for s in steps if s not in self.steps]
        if unknown:
            raise ValidationError(
                f"unknown consolidation step {unknown[0]!r}; steps: {', '.join(STEPS)}",
                field="steps",
                value=unknown[0],
            )
        return [s for s in STEPS if s in steps]


def __getattr__(name: str) -> object:
    """``AnthropicSummarizer`` on first use: the SDK is an optional extra."""
    if name == "AnthropicSummarizer":
        from worlddb.consolidate.claude import AnthropicSummarizer

        return AnthropicSummarizer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
