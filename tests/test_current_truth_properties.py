"""Property: in the default view a replaced statement never ranks above what replaced it.

Random dated sequences of statements about a few attributes (where one lives, works, what one
eats), written through ``remember`` with the offline extractor, then recalled at random points
in valid time. Whatever the order, dates and phrasings, every outdated hit's successor is shown
and shown first, and nothing written after the read's valid time is visible.
"""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from worlddb import WorldDB
from worlddb.testing import HashEmbedder
from worlddb.timeutil import parse_time

ALICE = {"user_id": "alice"}
START = date(2023, 1, 1)

ATTRIBUTES = {
    "Where do I live?": (
        ("I live in {}.", "I moved to {}.", "I relocated to {} last week."),
        ("Boston", "Denver", "Lisbon", "Porto", "Austin"),
    ),
    "Where do I work?": (
        ("I work at {}.", "I started a new job at {}.", "I now work at {}."),
        ("Initech", "Hooli", "Globex", "Umbrella"),
    ),
    "What is my diet?": (
        ("I'm {}.", "I'm {} now.", "I became {} this month."),
        ("vegan", "vegetarian", "pescatarian"),
    ),
}
QUESTIONS = sorted(ATTRIBUTES)

statement = st.tuples(
    st.sampled_from(QUESTIONS),
    st.integers(0, 2),
    st.integers(0, 4),
    st.integers(1, 60),
)


def _text(question: str, phrasing: int, value: int) -> str:
    templates, values = ATTRIBUTES[question]
    return templates[phrasing].format(values[value % len(values)])


@settings(max_examples=25, deadline=None)
@given(st.lists(statement, min_size=2, max_size=7), st.lists(st.integers(0, 400), min_size=3))
def test_an_outdated_hit_never_ranks_above_its_successor(
    statements: list[tuple[str, int, int, int]], read_days: list[int]
) -> None:
    with WorldDB.open(":memory:", embedder=HashEmbedder()) as db:
        day = START
        written: dict[str, int] = {}
        for question, phrasing, value, gap in statements:
            day += timedelta(days=gap)
            note = db.remember(
                _text(question, phrasing, value), occurred_at=day.isoformat(), scopes=ALICE
            )
            written.setdefault(note.id, parse_time(day.isoformat()) or 0)
        for offset, question in zip(read_days, QUESTIONS * 3, strict=False):
            at = (START + timedelta(days=offset)).isoformat()
            moment = parse_time(at) or 0
            hits = db.recall(question, scopes=ALICE, valid_at=at, limit=10).hits
            position = {h.id: i for i, h in enumerate(hits)}
            for i, hit in enumerate(hits):
                assert hit.valid_from is None or hit.valid_from <= moment, "a future memory shows"
                if hit.status != "outdated":
                    continue
                assert hit.superseded_by, f"{hit.text!r} is outdated with no successor"
                for succession in hit.superseded_by:
                    if succession.new in position:
                        assert position[succession.new] < i, (
                            f"{hit.text!r} ranks above its successor {succession.new_text!r}"
                        )
