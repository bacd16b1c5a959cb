"""The episode lane: rank episodes (sessions) by all their evidence, not their single best hit.

Recall ranks turns and facts; a question about several past conversations ("How many doctors
did I visit?") is answered by several *sessions*, each holding one or more moderately relevant
turns and facts, while a haystack session that matches one query word well holds only that.
Ranking a session by its best hit alone (what mapping hits to sessions does) cannot tell them
apart. This lane scores each episode by the reciprocal ranks of *several* of its hits in the
text and vector lanes — the RRF sum, kept to each episode's best ``per_episode`` hits per lane
so that a long session does not win by length alone — and fusion weighs the resulting episode
order like any other lane. The episode worlds (Session, or a Note for a text) are hits of
their own; a hit's episode comes from ``EpisodeReads`` (a turn's parent, a fact's source turn's
parent). Pure apart from that read.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = ["EPISODE_POOL", "PER_EPISODE", "rank_episodes"]

EPISODE_POOL: Final = 50
"""How many of each relevance lane's top hits count as an episode's evidence."""
PER_EPISODE: Final = 3
"""How many hits of one episode count, per lane."""


def rank_episodes(
    rankings: Mapping[str, Sequence[int]],
    episode_of: Mapping[int, int],
    *,
    k: int,
    per_episode: int = PER_EPISODE,
) -> list[int]:
    """Episode rids, best first, by the summed ``1 / (k + rank)`` of their best hits per lane.

    Args:
        rankings: Lane → hit rids, best first (already cut to the pool).
        episode_of: Hit rid → its episode's rid; hits without one are skipped.
        k: The RRF damping constant (the same as fusion's, so scores are comparable).
        per_episode: Hits of one episode that count in each lane.

    Ties go to the episode whose best hit ranks higher, then to the smaller rid.
    """
    contributions: dict[int, float] = defaultdict(float)
    best: dict[int, int] = {}
    for lane in sorted(rankings):
        counted: dict[int, int] = defaultdict(int)
        for rank, rid in enumerate(rankings[lane], start=1):
            episode = episode_of.get(rid)
            if episode is None or counted[episode] >= per_episode:
                continue
            counted[episode] += 1
            contributions[episode] += 1.0 / (k + rank)
            best[episode] = min(best.get(episode, rank), rank)
    return sorted(contributions, key=lambda e: (-contributions[e], best[e], e))
