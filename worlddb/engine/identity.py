"""The identity surface of ``WorldDB``: merge proposals, equivalence classes and reclustering.

Identity is never merged silently (I8): the resolver only stages ``same_as`` proposals, and
these verbs are how a caller decides them, reads the resulting classes, or re-resolves a
neighbourhood after new entities land. Every write still goes through the reconciler.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Sequence

from worlddb.engine.recluster_worker import ReclusterWorker
from worlddb.model import Changeset, CommitResult, MergeProposal, NodeId
from worlddb.reconciler import Reconciler
from worlddb.resolver import TieredResolver, recluster
from worlddb.resolver.recluster import RECLUSTER_BUDGET_S
from worlddb.store.protocols import Store

__all__ = ["Identity"]

logger = logging.getLogger(__name__)


class Identity:
    """Merge proposals, equivalence classes and reclustering over ``store`` and ``reconciler``.

    ``recluster_budget_s`` bounds the recluster pass that follows every commit that resolved
    entities (``0`` turns it off); ``after_commit`` is the listener that queues it, registered on
    the reconciler by whoever wires the two together (``WorldDB``). The pass runs on a
    background thread (``worlddb.engine.recluster_worker``): it only stages proposals, so the
    write that triggered it returns without waiting. ``drain_recluster`` waits for it;
    ``close`` drains and stops the thread.
    """

    def __init__(
        self,
        store: Store,
        reconciler: Reconciler,
        *,
        recluster_budget_s: float = RECLUSTER_BUDGET_S,
    ) -> None:
        self.store = store
        self.reconciler = reconciler
        self.recluster_budget_s = recluster_budget_s
        self.worker = ReclusterWorker(self._background_pass)

    def after_commit(self, changeset: Changeset, result: CommitResult) -> None:
        """The reconciler's after-commit listener: queue a recluster around resolved entities.

        The pass commits its proposals on its own, after the commit it follows, on the worker
        thread: it cannot undo that commit, and its failure is logged and counted, not raised.
        """
        if self.recluster_budget_s > 0 and any(w.resolve for w in changeset.worlds):
            self.worker.submit([*result.created, *result.existing])

    def _background_pass(self, seeds: Sequence[str], commits: int) -> None:
        budget = self.recluster_budget_s * commits
        # a seed erased since its commit is simply gone, not an error of the pass
        alive = self.store.existing(seeds)
        if budget > 0 and alive:
            self.recluster([s for s in seeds if s in alive], budget_s=budget)

    def drain_recluster(self, timeout: float | None = None) -> bool:
        """Wait for the queued recluster passes; False if ``timeout`` seconds ran out first."""
        return self.worker.drain(timeout)

    def close(self) -> None:
        """Finish the queued recluster passes and stop the worker thread."""
        self.worker.close()

    def recluster(self, seeds: Sequence[str], *, budget_s: float = RECLUSTER_BUDGET_S) -> list[str]:
        """Re-resolve the 2-hop neighbourhood of ``seeds``; returns new proposal edge ids.

        Needs the tiered resolver (any other resolver: nothing to do). Proposals are staged
        through the reconciler like every write; nothing is merged.
        """
        resolver = self.reconciler.resolver
        if not isinstance(resolver, TieredResolver):
            return []
        ids = [self.store.resolve_id(s) for s in seeds]
        return recluster(self.store, resolver, ids, write=self.reconciler.apply, budget_s=budget_s)

    def proposals(self, status: str | None = "pending") -> list[MergeProposal]:
        return self.store.proposals(status)

    def accept_merge(self, edge_id: str) -> None:
        """Confirm a staged ``same_as``: the two worlds become one equivalence class."""
        self.reconciler.decide_merge(edge_id, accept=True)

    def reject_merge(self, edge_id: str) -> None:
        """Reject a staged ``same_as`` for good: the pair is never proposed again."""
        self.reconciler.decide_merge(edge_id, accept=False)

    def equivalence_class(self, target: str) -> list[NodeId]:
        """Every world linked to ``target`` by accepted ``same_as`` edges, transitively."""
        start = self.store.resolve_id(target)
        seen = {start}
        queue = deque([start])
        while queue:
            current = queue.popleft()
            for edge in self.store.edges_of(current, direction="both", types=["same_as"]):
                if edge.status != "accepted":
                    continue
                other = edge.target if edge.source == current else edge.source
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        return sorted(seen)

    def export_identity(self, target: str) -> dict[str, object]:
        """Every member of ``target``'s identity class and the union of their provenance."""
        members = [self.store.get_world(m) for m in self.equivalence_class(target)]
        provenance = sorted({p for m in members for p in m.provenance})
        aliases = sorted({a for m in members for a in (m.name, *m.aliases) if a})
        return {"members": [m.id for m in members], "names": aliases, "provenance": provenance}
