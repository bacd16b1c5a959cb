"""The speaker prior's tests of ``tests/test_recall_speaker.py`` on PostgreSQL (``speakers``
is a lane read of both backends)."""

from __future__ import annotations

from tests.pg_support import adopt

ADOPTED = adopt("tests.test_recall_speaker", globals())
