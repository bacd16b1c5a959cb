"""Turn recall hits into LongMemEval rankings of sessions and turns, without looking at labels.

Recall returns worlds of several types; the benchmark ranks sessions (and turns). The mapping:

* a ``Turn`` hit stands for its turn, and so for its session;
* a ``Fact`` hit stands for the turns it was ``derived_from`` (ingest order), and their sessions;
* a ``Session`` hit stands for the session (no particular turn);
* a ``Summary`` hit (only when the harness consolidates, ``HarnessOptions.summaries``) stands
  for the session it was ``derived_from`` (no particular turn);
* anything else (entities, scopes) is skipped: an entity such as "user" refers to most sessions
  of a haystack, so spreading its rank over them would rank by mention count, not relevance;
  the facts that mention it are hits of their own when they matter.

A session's rank is its best (first) hit's rank. The official metrics reach k = 50 and a haystack
holds 38-58 sessions, so the ranking is then completed with every session recall did not reach:
those dated on or before the question newest first, then those dated after it (which an as-of
recall cannot return) oldest first. The fill uses dates only, which the engine also sees; the
turn ranking is completed the same way, session by session, in message order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from worlddb.eval.longmemeval import Session

__all__ = [
    "DERIVED_TYPES",
    "SKIPPED_TYPES",
    "HitLike",
    "Located",
    "RankedHaystack",
    "build_rankings",
    "fill_order",
    "locate_hits",
]

SKIPPED_TYPES: Final = frozenset({"Scope"})
"""Types never mapped to sessions even when they carry an edge that would allow it."""

DERIVED_TYPES: Final = frozenset({"Fact", "Summary"})
"""Types standing for what they were ``derived_from``: turns for facts, sessions for summaries."""

Located = tuple[str, int | None]
"""``(opaque session id, 0-based turn index or None)``."""


class HitLike(Protocol):
    """What ranking needs of a recall hit."""

    @property
    def id(self) -> str: ...

    @property
    def type(self) -> str: ...


@dataclass(frozen=True, slots=True)
class RankedHaystack:
    """A question's full rankings: every session once, every turn once, best first."""

    sessions: tuple[str, ...]
    turns: tuple[tuple[str, int], ...]
    reached: int
    """How many sessions recall itself placed (the rest are the date-ordered fill)."""


def locate_hits(
    hits: Iterable[HitLike],
    *,
    sessions: Mapping[str, str],
    turns: Mapping[str, tuple[str, int]],
    derived_from: Callable[[str], Sequence[str]],
) -> list[Located]:
    """Map hits, best first, onto ``(session, turn index)`` pairs, best first.

    Args:
        hits: Recall hits (anything with ``id`` and ``type``), best first.
        sessions: Session world id → opaque session id.
        turns: Turn world id → ``(opaque session id, turn index)``; a turn world shared by two
            sessions (same text, same time) maps to the first one ingested.
        derived_from: Fact or Summary world id → the world ids it was derived from
            (``derived_from`` edges).

    Returns:
        One entry per located hit position; a fact derived from two turns yields two entries.
    """
    out: list[Located] = []
    for hit in hits:
        if hit.type in SKIPPED_TYPES:
            continue
        if hit.id in turns:
            out.append(turns[hit.id])
        elif hit.id in sessions:
            out.append((sessions[hit.id], None))
        elif hit.type in DERIVED_TYPES:
            targets = derived_from(hit.id)
            sources: list[Located] = [turns[t] for t in targets if t in turns]
            sources += [(sessions[t], None) for t in targets if t in sessions]
            out.extend(dict.fromkeys(sources))
    return out


def build_rankings(
    located: Iterable[Located], haystack: Sequence[Session], *, question_date: int
) -> RankedHaystack:
    """Rank every session and turn of ``haystack``: located ones first, then the date fill.

    Args:
        located: ``(opaque session id, turn index or None)`` pairs, best first; ids outside the
            haystack are ignored.
        haystack: The question's sessions.
        question_date: When the question is asked (microseconds UTC), for the fill order.
    """
    by_id = {s.opaque_id: s for s in haystack}
    session_rank: dict[str, None] = {}
    turn_rank: dict[tuple[str, int], None] = {}
    for session_id, turn in located:
        if session_id not in by_id:
            continue
        session_rank.setdefault(session_id)
        if turn is not None and 0 <= turn < len(by_id[session_id].messages):
            turn_rank.setdefault((session_id, turn))
    reached = len(session_rank)
    for session in fill_order(haystack, question_date=question_date):
        session_rank.setdefault(session.opaque_id)
    for session_id in session_rank:
        for turn in range(len(by_id[session_id].messages)):
            turn_rank.setdefault((session_id, turn))
    return RankedHaystack(tuple(session_rank), tuple(turn_rank), reached)


def fill_order(haystack: Sequence[Session], *, question_date: int) -> list[Session]:
    """Sessions on or before ``question_date`` newest first, then later ones oldest first."""
    before = [s for s in haystack if s.date_us <= question_date]
    after = [s for s in haystack if s.date_us > question_date]
    before.sort(key=lambda s: s.date_us, reverse=True)
    after.sort(key=lambda s: s.date_us)
    return before + after
