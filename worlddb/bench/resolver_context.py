"""Context runs of the resolver benchmark: the same queries, resolved with what a write says.

The generalisation rows carry names only, so context is *added* here, the same way for every
row, by a rule that knows nothing of the resolver:

* every stored entity (canonical ones and fillers) is tied by one ``refers_to`` edge to a
  *context entity* drawn at random from a pool (``POOL`` names, type ``Topic`` so that no query
  can resolve to one): think of it as an employer or a home town, ~1 in ``POOL`` shared by chance;
* ``own``: a positive query is resolved with its entity's context entity named in the write
  (the same person, seen with the same employer); a negative one with another pool entry (a
  different person, seen elsewhere);
* ``colleague``: a negative query is resolved with the context entity of the stored near-name
  it must not match (a different person at the same employer): the adversarial case, where
  context can only mislead.

What this measures is the *mechanism*: the labels are the set's, but which context goes with
which row is this construction's, so the ``own`` figures are an upper bound of what context
brings, and ``colleague`` the price when two different entities share a context.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.resolver import MentionContext

__all__ = ["POOL", "context_for", "store_ties"]

POOL: Final = 5000
BATCH: Final = 5000
CONTEXT_TYPE: Final = "Topic"


def pool_name(index: int) -> str:
    """The display name of pool entry ``index`` (distinct words, no shared prefix games)."""
    return f"Context Venue {index:05d}"


def store_ties(db: WorldDB, specs: Sequence[WorldSpec], seed: int) -> dict[NodeId, int]:
    """Tie every spec's world to a random pool entry; returns world id → pool index."""
    rng = random.Random(seed * 7919 + 13)
    pool = [WorldSpec(type=CONTEXT_TYPE, name=pool_name(i)) for i in range(POOL)]
    db.write(Changeset(worlds=tuple(pool)))
    pool_ids = [world_id(p) for p in pool]
    ties = {world_id(s): rng.randrange(POOL) for s in specs}
    edges = [EdgeSpec("refers_to", wid, pool_ids[i]) for wid, i in ties.items()]
    for start in range(0, len(edges), BATCH):
        db.write(Changeset(edges=tuple(edges[start : start + BATCH])))
    return ties


def context_for(
    expect: NodeId | None,
    near: NodeId | None,
    ties: dict[NodeId, int],
    mode: str,
    rng: random.Random,
) -> MentionContext:
    """The context a query is resolved with in ``mode`` (``own`` or ``colleague``)."""
    if expect is not None:
        return MentionContext(linked=(pool_name(ties[expect]),))
    if mode == "colleague" and near is not None:
        return MentionContext(linked=(pool_name(ties[near]),))
    avoid = ties.get(near) if near is not None else None
    other = rng.randrange(POOL)
    while other == avoid:
        other = rng.randrange(POOL)
    return MentionContext(linked=(pool_name(other),))
