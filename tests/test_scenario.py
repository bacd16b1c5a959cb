"""A small story read at three points in valid time and at one earlier point in ingest time.

Alice lives in Paris from January; in June she moves to Berlin (a knowledge update that arrives
later, so it supersedes). Two sources disagree about her favourite colour from February (a
contradiction: both stay). A novel she is writing is a nested world whose own fact (its heroine
lives on Mars) must never be touched by updates about Alice.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.strategies import FakeClock
from worlddb.engine import WorldDB
from worlddb.model import Changeset, EdgeSpec, NodeId
from worlddb.timeutil import parse_time

DEC, MAR, JUL = "2023-12-15", "2024-03-15", "2024-07-15"


@dataclass(frozen=True)
class Story:
    db: WorldDB
    paris: NodeId
    berlin: NodeId
    blue: NodeId
    green: NodeId
    novel: NodeId
    chapter: NodeId
    mars: NodeId
    before_update: int
    conflicts: tuple[tuple[NodeId, NodeId], ...]


@pytest.fixture
def story() -> Iterator[Story]:
    clock = FakeClock()
    with WorldDB.open(embedder=None, extractor=None, clock=clock) as db:
        paris = db.put("Fact", content="Alice lives in Paris", valid_from="2024-01-01")
        mars = db.put("Fact", content="The heroine lives on Mars", valid_from="2024-01-10")
        chapter = db.put("Chapter", "Chapter 1", children=[mars], valid_from="2024-01-10")
        novel = db.put("Novel", "Red Dust", children=[chapter], valid_from="2024-01-10")
        blue = db.put("Fact", content="Alice's favourite colour is blue", valid_from="2024-02-01")
        green = db.put("Fact", content="Alice's favourite colour is green", valid_from="2024-02-01")
        conflict = db.write(Changeset(edges=(EdgeSpec("contradicts", green, blue),)))
        before_update = clock.advance(3600)
        clock.advance(3600)
        berlin = db.put("Fact", content="Alice lives in Berlin", valid_from="2024-06-01")
        db.link(berlin, paris, "supersedes")
        yield Story(
            db, paris, berlin, blue, green, novel, chapter, mars, before_update, conflict.conflicts
        )


def _facts(story: Story, valid_at: str, known_at: int | None = None) -> set[NodeId]:
    return {w.id for w in story.db.worlds(valid_at=valid_at, known_at=known_at, types=["Fact"])}


def test_before_the_story_begins_nothing_is_valid(story: Story) -> None:
    assert _facts(story, DEC) == set()
    assert story.db.worlds(valid_at=DEC, types=["Novel", "Chapter"]) == []


def test_in_march_alice_lives_in_paris_and_both_colours_stand(story: Story) -> None:
    assert _facts(story, MAR) == {story.paris, story.blue, story.green, story.mars}
    assert story.conflicts == ((story.green, story.blue),)
    assert not story.db.is_visible(story.berlin, valid_at=MAR)


def test_in_july_the_update_has_replaced_paris(story: Story) -> None:
    assert _facts(story, JUL) == {story.berlin, story.blue, story.green, story.mars}
    assert story.db.get(story.paris).valid_to == parse_time("2024-06-01")
    assert story.db.is_visible(story.paris, valid_at=MAR)
    assert not story.db.is_visible(story.paris, valid_at=JUL)


def test_the_nested_world_keeps_its_own_facts(story: Story) -> None:
    assert {w.id for w in story.db.worlds(valid_at=JUL, types=["Novel", "Chapter"])} == {
        story.novel,
        story.chapter,
    }
    assert [w.id for w in story.db.children(story.novel)] == [story.chapter]
    parent = story.db.parent(story.mars)
    assert parent is not None and parent.id == story.chapter
    assert story.db.get(story.mars).valid_to is None


def test_as_known_before_the_update_paris_was_still_valid_in_july(story: Story) -> None:
    known = story.before_update
    assert _facts(story, JUL, known_at=known) == {story.paris, story.blue, story.green, story.mars}
    assert story.db.is_visible(story.paris, valid_at=JUL, known_at=known)
    assert not story.db.is_visible(story.berlin, valid_at=JUL, known_at=known)
    assert _facts(story, MAR, known_at=known) == _facts(story, MAR)
