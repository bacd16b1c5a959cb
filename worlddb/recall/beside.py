"""The turns beside a turn hit, returned as its context rather than as hits of their own.

In a conversation the turn a question matches is often the one that *asked* ("Which novel did
you enjoy most?"), while the answer is the reply beside it, or the hit is a reply whose
question is the turn before. Ranking those neighbours as hits crowds the ranking (the
``context`` lane, measured on LongMemEval: BENCHMARKS.md, "Conversational context"); attached
to the hit they cost no place. A session's children keep the conversation's order, so a turn's
neighbours are its siblings one place either side; each is shown only if the read's filter
(time view, scopes, types aside) admits it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from worlddb.index.filters import WorldFilter, filter_ids
from worlddb.model import NodeId
from worlddb.recall.result import Neighbour, RecallHit
from worlddb.recall.rewrite import UNTRUSTED_FLAG
from worlddb.store.protocols import Store

__all__ = ["neighbour_ids", "with_neighbours"]

_OFFSETS: Final = (-1, 1)


def neighbour_ids(
    store: Store, turns: Iterable[tuple[NodeId, NodeId | None]]
) -> dict[NodeId, list[tuple[int, NodeId]]]:
    """For each ``(turn id, session id)``: its siblings one place either side in the session's
    children, as ``(offset, id)`` pairs, ``-1`` before ``+1`` (not filtered by any view)."""
    pairs = [(turn, parent) for turn, parent in turns if parent is not None]
    siblings: dict[NodeId, tuple[NodeId, ...]] = {}
    for parent in dict.fromkeys(parent for _, parent in pairs):
        session = store.find_world(parent)
        siblings[parent] = session.children if session is not None else ()
    out: dict[NodeId, list[tuple[int, NodeId]]] = {}
    for turn, parent in pairs:
        around = siblings[parent]
        if turn in around:
            at = around.index(turn)
            out[turn] = [(k, around[at + k]) for k in _OFFSETS if 0 <= at + k < len(around)]
    return out


def with_neighbours(store: Store, hits: Sequence[RecallHit], flt: WorldFilter) -> list[RecallHit]:
    """``hits`` with each ``Turn`` hit's visible neighbouring turns attached (``neighbours``)."""
    wanted = neighbour_ids(store, ((h.id, h.parent) for h in hits if h.type == "Turn"))
    if not wanted:
        return list(hits)
    ids = [i for pairs in wanted.values() for _, i in pairs]
    # Types aside (a recall asked for Facts only still shows a turn hit's neighbours); the
    # read's time view and scopes still apply.
    admitted = filter_ids(store, ids, flt.without_types())
    worlds = store.worlds_by_rid(sorted(admitted.values()))
    by_id = {w.id: w for w in worlds.values() if w.type == "Turn"}
    out: list[RecallHit] = []
    for hit in hits:
        found = tuple(
            Neighbour(
                id=w.id,
                speaker=w.name,
                text=w.text,
                offset=offset,
                untrusted=UNTRUSTED_FLAG in w.flags,
            )
            for offset, i in wanted.get(hit.id, ())
            if (w := by_id.get(i)) is not None
        )
        out.append(replace(hit, neighbours=found) if found else hit)
    return out
