"""From recall hits to complete LongMemEval rankings, without labels."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from worlddb.eval.longmemeval import Message, Session
from worlddb.eval.ranking import build_rankings, fill_order, locate_hits


@dataclass(frozen=True)
class Hit:
    id: str
    type: str


def _session(opaque: str, date: int, turns: int = 2) -> Session:
    return Session(opaque, date, tuple(Message("user", f"{opaque} {i}") for i in range(turns)))


SESSIONS = {"sw1": "s1", "sw2": "s2"}
TURNS = {"tw1": ("s1", 0), "tw2": ("s1", 1), "tw3": ("s2", 0)}
EDGES = {"fact-a": ["tw3"], "fact-b": ["tw2", "tw1", "tw2"], "fact-c": ["sw1"], "fact-d": []}


def _locate(*hits: Hit) -> list[tuple[str, int | None]]:
    return locate_hits(
        hits, sessions=SESSIONS, turns=TURNS, derived_from=lambda f: EDGES.get(f, [])
    )


def test_turns_sessions_and_facts_are_located_in_hit_order() -> None:
    located = _locate(
        Hit("fact-a", "Fact"), Hit("tw1", "Turn"), Hit("sw2", "Session"), Hit("fact-b", "Fact")
    )
    assert located == [("s2", 0), ("s1", 0), ("s2", None), ("s1", 1), ("s1", 0)]


def test_entities_scopes_and_unknown_worlds_are_skipped() -> None:
    located = _locate(
        Hit("person-1", "Person"),
        Hit("sw1", "Scope"),
        Hit("fact-d", "Fact"),
        Hit("elsewhere", "Turn"),
        Hit("fact-c", "Fact"),
    )
    assert located == [("s1", None)]


def test_sessions_rank_by_their_best_hit_then_fill_by_date() -> None:
    haystack = [_session("old", 10), _session("hit", 20), _session("new", 30), _session("late", 99)]
    ranked = build_rankings(
        [("hit", 1), ("ghost", 0), ("hit", 0), ("old", None)], haystack, question_date=50
    )
    assert ranked.sessions == ("hit", "old", "new", "late")
    assert ranked.reached == 2
    assert ranked.turns[:2] == (("hit", 1), ("hit", 0))
    assert ranked.turns[2:] == (
        ("old", 0),
        ("old", 1),
        ("new", 0),
        ("new", 1),
        ("late", 0),
        ("late", 1),
    )


def test_fill_puts_sessions_before_the_question_newest_first_then_later_ones() -> None:
    haystack = [
        _session(name, date) for name, date in [("a", 5), ("b", 1), ("c", 70), ("d", 9), ("e", 60)]
    ]
    assert [s.opaque_id for s in fill_order(haystack, question_date=9)] == ["d", "a", "b", "e", "c"]


@given(
    st.lists(st.tuples(st.integers(0, 100), st.integers(0, 4)), min_size=1, max_size=12),
    st.lists(st.tuples(st.integers(0, 14), st.one_of(st.none(), st.integers(-1, 5)))),
    st.integers(0, 100),
)
def test_rankings_cover_the_haystack_once_and_keep_the_located_order(
    shape: list[tuple[int, int]], picks: list[tuple[int, int | None]], question_date: int
) -> None:
    haystack = [_session(f"s{i}", date, turns) for i, (date, turns) in enumerate(shape)]
    located = [(f"s{i}", turn) for i, turn in picks]
    ranked = build_rankings(located, haystack, question_date=question_date)
    assert sorted(ranked.sessions) == sorted(s.opaque_id for s in haystack)
    every_turn = {(s.opaque_id, t) for s in haystack for t in range(len(s.messages))}
    assert len(ranked.turns) == len(every_turn) and set(ranked.turns) == every_turn
    known = [s for s, _ in located if s in ranked.sessions]
    assert ranked.sessions[: ranked.reached] == tuple(dict.fromkeys(known))
    valid = [(s, t) for s, t in located if (s, t) in every_turn]
    assert ranked.turns[: len(set(valid))] == tuple(dict.fromkeys(valid))
