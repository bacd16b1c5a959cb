"""The dated stories of ``tests/stories.py`` through the Python API, with the offline defaults.

A new user's setup: the bundled MiniLM embedder and the offline extractor, one SQLite store,
each user in their own ``user_id`` scope. Retirements and amendments happen "now", after every
dated note, as they would for an agent correcting its memory today.
"""

from __future__ import annotations

import pytest

from tests.stories import (
    PARAMS,
    STORIES,
    Amend,
    Ask,
    Observed,
    Retire,
    Say,
    Story,
    context_mismatches,
    mismatches,
)
from worlddb import WorldDB

RECALL_LIMIT = 5


def _scopes(who: str) -> dict[str, str]:
    return {"user_id": who}


def _ask(db: WorldDB, ask: Ask) -> list[str]:
    result = db.recall(ask.question, scopes=_scopes(ask.who), valid_at=ask.at, limit=RECALL_LIMIT)
    hits = [Observed(h.text, h.status, h.untrusted, bool(h.conflicts)) for h in result.hits]
    return mismatches(ask, hits) + context_mismatches(ask, result.context())


def _play(db: WorldDB, story: Story) -> None:
    named: dict[str, str] = {}
    for step in story.steps:
        if isinstance(step, Say):
            written = db.remember(step.text, occurred_at=step.day, scopes=_scopes(step.who))
            if step.key is not None:
                named[step.key] = written.id
        elif isinstance(step, Retire):
            assert db.retire(named[step.key])
        elif isinstance(step, Amend):
            named[step.key] = db.amend(named[step.key], step.text).id


@pytest.mark.parametrize("story", PARAMS)
def test_story_through_the_python_api(story: Story) -> None:
    with WorldDB.open(":memory:") as db:
        _play(db, story)
        problems = [line for ask in story.asks for line in _ask(db, ask)]
    assert not problems, "\n".join(problems)


def test_there_are_at_least_thirty_stories_with_three_points_in_time() -> None:
    assert len(STORIES) >= 30
    assert len({s.name for s in STORIES}) == len(STORIES)
    assert all(len({(a.at, a.who, a.question) for a in s.asks}) >= 3 for s in STORIES)
