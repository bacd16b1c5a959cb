"""The context lane: in a conversation, the answer often sits next to the turn that matches.

A question ("Which book did I say I liked?") tends to match the assistant's long reply, or the
turn where the user *asked* something, while the evidence is the user's turn beside it. Sessions
keep their turns in order (a Session's children), so the lane takes the best turns of the text
and vector lanes and ranks their neighbours — the turn just before, then the one just after —
in the order of the hits that brought them. Fusion weighs that order like any other lane (its
rank is visible as ``context``); a neighbour that is also a good match on its own gets both
votes. Only turns the read may see (time, type, scope) are ranked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from worlddb.index.filters import WorldFilter, filter_ids
from worlddb.model import NodeId
from worlddb.store import Store

__all__ = ["CONTEXT_POOL", "neighbour_ranking"]

CONTEXT_POOL: Final = 10
"""How many of each relevance lane's best hits (text, vector) lend their neighbours a rank."""


def neighbour_ranking(store: Store, pool: Sequence[int], flt: WorldFilter) -> list[int]:
    """Row ids of the turns beside the turns in ``pool`` (relevance order), best hit first."""
    worlds = store.worlds_by_rid(pool)
    turns = [worlds[rid] for rid in pool if rid in worlds and worlds[rid].type == "Turn"]
    parent_ids = list(dict.fromkeys(t.parent for t in turns if t.parent is not None))
    parent_rids = [rid for rid in (store.rid_of(p) for p in parent_ids) if rid is not None]
    sessions = {w.id: w for w in store.worlds_by_rid(parent_rids).values()}
    wanted: list[NodeId] = []
    for turn in turns:
        session = sessions.get(turn.parent) if turn.parent is not None else None
        if session is None or turn.id not in session.children:
            continue
        at = session.children.index(turn.id)
        wanted += [session.children[i] for i in (at - 1, at + 1) if 0 <= i < len(session.children)]
    order = list(dict.fromkeys(wanted))
    admitted = filter_ids(store, order, flt)
    return [admitted[wid] for wid in order if wid in admitted]
