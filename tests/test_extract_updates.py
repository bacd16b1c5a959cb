"""Extraction that gets time right: the attribute table, value comparison and event dates."""

from __future__ import annotations

import pytest

from worlddb.bench.extractor_updates import SPLITS, load_stories, score_stories
from worlddb.extract import OfflineExtractor, Statement, attribute_kind, same_value, update_kind
from worlddb.extract.readings import read_statements
from worlddb.plugins import Episode, Extraction, Message
from worlddb.timeutil import format_us, parse_time

DAY = 86_400_000_000
SAID = parse_time("2023-05-02T10:00:00Z") or 0


def _day(us: int | None) -> str:
    return (format_us(us) or "")[:10]


def _said_apart(*texts: str) -> Extraction:
    """One episode, one message a day."""
    messages = tuple(Message("user", t, SAID + i * DAY) for i, t in enumerate(texts))
    return OfflineExtractor().extract(Episode(messages, SAID))


def _edges(extraction: Extraction) -> list[tuple[str, str | None, str | None]]:
    value = {f.key: f.value for f in extraction.facts}
    return [(e.type, value[e.source], value[e.target]) for e in extraction.edges]


@pytest.mark.parametrize(
    ("attribute", "kind"),
    [("birthday", "immutable"), ("blood_type", "immutable"), ("birthplace", "immutable"),
     ("lives_in", "mutable"), ("works_at", "mutable"), ("manager_name", "mutable"),
     ("diet", "mutable"), ("favorite_band", "mutable"), ("likes", "multi"),
     ("visited", "multi"), ("owns", "multi"), ("something_new", "multi")],
)  # fmt: skip
def test_the_attribute_table_says_what_changes(attribute: str, kind: str) -> None:
    assert attribute_kind(attribute) == kind


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [("Sarah", "Sarah Connor", True), ("March 3rd", "March 3", True),
     ("March 3rd", "March 13", False), ("O positive", "A positive", False),
     ("Toronto, Canada", "Canada", True), ("Denver", "Boulder", False), ("", "x", False)],
)  # fmt: skip
def test_values_are_the_same_when_one_is_within_the_other(a: str, b: str, same: bool) -> None:
    assert same_value(a, b) is same and same_value(b, a) is same


def test_update_kind_follows_the_table() -> None:
    old = Statement("March 3")
    assert update_kind("birthday", old, Statement("March 13"), later=True) == "contradicts"
    assert update_kind("lives_in", Statement("Austin"), Statement("Houston"), later=True) == (
        "supersedes"
    )
    assert update_kind("lives_in", Statement("Austin"), Statement("Houston"), later=False) == (
        "contradicts"
    )
    assert update_kind("likes", Statement("jazz"), Statement("rock", cue="new"), later=True) is None
    assert update_kind("likes", Statement("jazz"), Statement("jazz", negated=True), later=True) == (
        "supersedes"
    )
    assert update_kind(
        "diet", Statement("vegan"), Statement("keto", additive=True), later=True
    ) is (None)


def test_an_event_date_is_not_the_start_of_validity() -> None:
    extraction = _said_apart("My birthday is March 3rd. I'm flying to Tokyo on April 10.")
    assert [f.valid_from for f in extraction.facts] == [SAID, SAID]


@pytest.mark.parametrize(
    ("text", "day"),
    [("I moved to Denver on April 2.", "2023-04-02"),
     ("Since March I live in Denver.", "2023-03-01"),
     ("I joined Nvidia on January 8.", "2023-01-08")],
)  # fmt: skip
def test_a_sentence_that_dates_the_change_sets_validity(text: str, day: str) -> None:
    (fact,) = _said_apart(text).facts
    assert _day(fact.valid_from) == day


def test_a_birthday_said_twice_differently_contradicts_within_an_episode() -> None:
    extraction = _said_apart("My birthday is March 3rd.", "My birthday is March 13.")
    assert _edges(extraction) == [("contradicts", "March 13", "March 3rd")]


def test_new_things_to_like_close_nothing_but_a_negated_like_does() -> None:
    extraction = _said_apart(
        "I love Thai food.", "I love trying new cuisines these days.", "I don't like Thai food."
    )
    assert _edges(extraction) == [("supersedes", "Thai food", "Thai food")]


def test_a_partial_mention_of_a_person_is_the_same_value() -> None:
    extraction = _said_apart(
        "My manager Sarah Connor wants the plan by Friday.", "Had a 1:1 with my manager Sarah."
    )
    assert [f.attribute for f in extraction.facts] == ["manager_name", "manager_name"]
    assert extraction.edges == ()


def test_a_later_change_of_a_mutable_attribute_supersedes_without_a_cue() -> None:
    assert _edges(_said_apart("I live in Austin.", "I live in Houston.")) == [
        ("supersedes", "Houston", "Austin")
    ]


def test_a_stored_sentence_is_read_back_or_compared_whole() -> None:
    assert read_statements("I used to live in Boston.", "lives_in") == [
        Statement("Boston", past=True, cue="used to")
    ]
    assert read_statements("Alice lives in Paris", "lives_in") == [
        Statement("Alice lives in Paris")
    ]


def test_the_story_sets_are_well_formed_and_scored_by_both_paths() -> None:
    stories = load_stories(SPLITS["dev"])
    assert len(stories) >= 100 and len({s.id for s in stories}) == len(stories)
    assert {"move", "job", "manager", "diet", "immutable", "multi"} <= {s.kind for s in stories}
    mistakes: list[dict[str, object]] = []
    report = score_stories(stories[:3], mistakes)
    assert report["n_stories"] == 3 and {"sessions", "episode", "valid_from"} <= report.keys()
