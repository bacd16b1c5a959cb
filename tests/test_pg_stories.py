"""The dated stories (``tests/stories.py``) through the Python API on PostgreSQL.

The same steps and asks as ``tests/test_stories.py`` (bundled MiniLM embedder, offline
extractor, one ``user_id`` scope per user), on a fresh PostgreSQL schema per story.
"""

from __future__ import annotations

import pytest

from tests.conftest import PgServer
from tests.stories import PARAMS, Story
from tests.test_stories import _ask, _play
from worlddb import WorldDB


@pytest.mark.parametrize("story", PARAMS)
def test_story_on_postgres(story: Story, pg_server: PgServer) -> None:
    with WorldDB.open(pg_server.fresh_url()) as db:
        _play(db, story)
        problems = [line for ask in story.asks for line in _ask(db, ask)]
    assert not problems, "\n".join(problems)
