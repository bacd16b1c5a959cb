"""Incremental reclustering: re-resolve the neighbourhood of new worlds after a commit.

The first resolution pass runs before the write transaction and so cannot see what the same
changeset writes: two new mentions of one person in one changeset, entities written without
``resolve=True``, or a stored entity whose better match only just arrived. After the commit this
pass walks up to two hops of live edges around the new worlds, re-resolves every entity found
there against the store (excluding the entity itself and its accepted identity class) and stages
a ``same_as`` proposal for each match that has no proposal yet, in any state: a rejected pair is
never proposed again, a pending one is not duplicated.

The pass is bounded in time (``budget_s``) and never writes by itself: proposals go through the
``write`` callback, which must be the reconciler's apply (this package sits below the reconciler
and does not import it).

Like a write, the pass resolves an entity only among the entities visible in its own scopes (those
it is a member of; an unscoped entity among unscoped ones), so it never proposes that entities
of different users are one. Each entity is re-resolved with its own stored ties as context
(``worlddb.resolver.context``), so its proposals carry the same context evidence as a write's.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Final

from worlddb.model import Changeset, CommitResult, EdgeSpec, NodeId, WorldSpec
from worlddb.resolver.base import ENTITY_TYPES
from worlddb.resolver.context import MAX_CONTEXT, NO_CONTEXT, MentionContext
from worlddb.resolver.tiered import TieredResolver
from worlddb.store.protocols import Store
from worlddb.store.resolver_queries import ReclusterQueries, resolver_reads_of

__all__ = [
    "HUB_TYPES",
    "MAX_NEIGHBOURHOOD",
    "RECLUSTER_BUDGET_S",
    "identity_class",
    "neighbourhood",
    "recluster",
]

logger = logging.getLogger(__name__)

RECLUSTER_BUDGET_S: Final = 0.05
MAX_NEIGHBOURHOOD: Final = 256
MAX_PROPOSALS_PER_ENTITY: Final = 3
SOURCE: Final = "recluster"
# Worlds the walk never enters: a Scope holds every memory of a user, so its members are not
# an entity's neighbourhood (walking through one re-resolved ~20 unrelated entities per write).
HUB_TYPES: Final = ("Scope",)


def neighbourhood(
    store: Store | ReclusterQueries,
    seeds: Sequence[str],
    *,
    hops: int = 2,
    limit: int = MAX_NEIGHBOURHOOD,
) -> list[NodeId]:
    """The seeds and the worlds within ``hops`` live edges of them; seeds first, ``limit`` max.

    The walk never enters or leaves through a world of ``HUB_TYPES`` (see there).
    """
    queries: ReclusterQueries = resolver_reads_of(store)
    order: list[NodeId] = [NodeId(s) for s in dict.fromkeys(seeds)][:limit]
    seen = set(order)
    frontier = deque((w, 0) for w in order)
    while frontier and len(order) < limit:
        world, depth = frontier.popleft()
        if depth >= hops:
            continue
        # bounded per world: a hub may have thousands of edges
        for found in queries.neighbours(world, limit - len(order) + len(seen), hub_types=HUB_TYPES):
            other = NodeId(found)
            if other not in seen and len(order) < limit:
                seen.add(other)
                order.append(other)
                frontier.append((other, depth + 1))
    return order


def identity_class(store: Store, world: str) -> set[str]:
    """``world`` and every world joined to it by accepted ``same_as`` edges, transitively."""
    members = {world}
    queue = deque([world])
    while queue:
        current = queue.popleft()
        for edge in store.edges_of(current, direction="both", types=["same_as"]):
            other = edge.target if edge.source == current else edge.source
            if edge.status == "accepted" and other not in members:
                members.add(other)
                queue.append(other)
    return members


def _entities(queries: ReclusterQueries, ids: Sequence[NodeId]) -> list[WorldSpec | None]:
    """Name specs of the entity worlds among ``ids`` (``None`` for the others), in order."""
    found = {
        wid: WorldSpec(type=kind, name=name, aliases=aliases)
        for wid, kind, name, aliases in queries.entity_names(ids, sorted(ENTITY_TYPES))
    }
    return [found.get(w) for w in ids]


def recluster(
    store: Store,
    resolver: TieredResolver,
    seeds: Sequence[NodeId],
    *,
    write: Callable[[Changeset], CommitResult],
    budget_s: float = RECLUSTER_BUDGET_S,
    clock: Callable[[], float] = time.perf_counter,
) -> list[str]:
    """Re-resolve the 2-hop neighbourhood of ``seeds``; stage new ``same_as`` proposals.

    Args:
        store: The store to read (never written directly).
        resolver: The tiered resolver (it supports excluding worlds).
        seeds: The worlds a commit just wrote.
        write: Applies a changeset through the reconciler; called at most once.
        budget_s: Seconds to spend resolving; entities not reached in time are skipped.
        clock: Monotonic seconds (injectable for tests).

    Returns:
        The edge ids of the proposals staged (empty when nothing new was found).
    """
    deadline = clock() + budget_s
    queries = store.resolver_queries
    ids = neighbourhood(queries, seeds)
    staged: dict[frozenset[str], EdgeSpec] = {}
    for wid, spec in zip(ids, _entities(queries, ids), strict=True):
        if spec is None:
            continue
        if clock() >= deadline:
            logger.debug("recluster: budget of %.3fs spent; stopping", budget_s)
            break
        members = identity_class(store, wid)
        rid = store.rid_of(wid)
        scopes = tuple(store.scopes_of(rid)) if rid is not None else ()
        # The entity's stored ties are its context, as a write's are for a new mention.
        ties = tuple(queries.context_names(wid, MAX_CONTEXT))
        context = MentionContext(linked=ties) if ties else NO_CONTEXT
        result = resolver.resolve(spec, exclude=members, scopes=scopes, context=context)
        if result.outcome == "resolved" and result.world_id is not None:
            targets = [(result.world_id, result.tier, result.score)]
        else:
            targets = list(result.options[:MAX_PROPOSALS_PER_ENTITY])
        for target, tier, score in targets:
            pair = frozenset({wid, target})
            if target in members or pair in staged or store.proposal_status(wid, target):
                continue
            staged[pair] = EdgeSpec(
                "same_as",
                wid,
                target,
                {
                    "tier": tier,
                    "score_milli": round(score * 1000),
                    "evidence": f"{SOURCE}: {tier} match score {score:.3f}",
                },
            )
    if not staged:
        return []
    commit = write(Changeset(edges=tuple(staged.values()), source=SOURCE))
    return list(commit.proposals)
