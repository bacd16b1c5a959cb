"""Who said it: an optional prior that ranks the assistant's turns a little below the user's.

In a memory of conversations, what the user is asked about later is mostly what the user said
("I moved to Denver", "I bought a juicer") — the assistant's replies around it are generated
explanation: long, on topic and rich in the question's vocabulary, so they match many questions
by their words alone and crowd the user's one-line statement out of the first places. With the
prior on (the ``speaker`` entry of ``recall(lanes=...)``), the fused score of every ``Turn``
whose speaker is the assistant is multiplied by ``ASSISTANT_WEIGHT`` before the top hits are
cut; unless the question asks about what the assistant said ("what did you recommend", "you
told me"), when it stays off. Nothing else moves: other types (notes, facts, sessions) and the
user's turns keep their scores, and every lane's own rank stays visible on the hit.

It is a prior, not a lane: it ranks nothing by itself. The weight and the question rule were
fixed by simulation on LongMemEval_S's tuning half (BENCHMARKS.md, "Speaker prior").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = [
    "ASSISTANT_ROLES",
    "ASSISTANT_WEIGHT",
    "addresses_assistant",
    "reweighed",
    "speaker_weights",
]

ASSISTANT_WEIGHT: Final = 0.9
"""The factor on an assistant turn's fused score: enough to let a user's statement pass a reply
that scores within ~10% of it, not enough to hide a reply that matches much better."""
ASSISTANT_ROLES: Final = frozenset({"assistant"})

_POLITE: Final = re.compile(
    r"\b(can|could|would|will)\s+you\s+(please\s+)?(remind|tell|help|give|list|recall|remember)\b"
    r"|\bdo\s+you\s+(remember|recall|know)\b|\bthank(s| you)\b",
    re.IGNORECASE,
)
"""Ways of asking that address the assistant without asking about what it said."""
_YOU: Final = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)


def addresses_assistant(question: str) -> bool:
    """Whether ``question`` asks about the assistant's own words ("what did you suggest",
    "your recommendation"), once polite requests ("can you remind me") are set aside."""
    return bool(_YOU.search(_POLITE.sub(" ", question)))


def speaker_weights(question: str, speakers: Mapping[int, str]) -> dict[int, float]:
    """Row id → score factor for the turns in ``speakers`` (row id → speaker) that the prior
    lowers for ``question``; empty when the question is about the assistant's words."""
    if addresses_assistant(question):
        return {}
    return {rid: ASSISTANT_WEIGHT for rid, who in speakers.items() if who in ASSISTANT_ROLES}


def reweighed(
    fused: Sequence[tuple[str, float]], weights: Mapping[int, float]
) -> list[tuple[int, float]]:
    """``fused`` (id, score) pairs, best first, rescored by ``weights`` and re-sorted: positions
    in the new order, each with its new score. Ties keep the fused order."""
    scored = [
        (-(score * weights.get(int(hid), 1.0)), position)
        for position, (hid, score) in enumerate(fused)
    ]
    scored.sort()
    return [(position, -negative) for negative, position in scored]
