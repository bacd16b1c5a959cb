"""The explorer on a real uvicorn server on a free loopback port, and a seeded store, for the
explorer's API and browser tests (``tests/test_ui_*.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from starlette.types import ASGIApp

from tests.server.live_http import serve_on_free_port
from worlddb.engine import WorldDB
from worlddb.plugins import ExtractedEntity

__all__ = ["ALICE", "BOB", "Seeded", "seed", "serving"]

ALICE = {"user_id": "alice"}
BOB = {"user_id": "bob"}


@dataclass(frozen=True)
class Seeded:
    """Ids of what ``seed`` wrote."""

    boston_note: str
    denver_note: str
    boston_fact: str
    denver_fact: str
    denver_place: str
    tea_note: str
    locker_note: str
    proposal: str
    robert: str
    bobby: str
    contradiction: str


def seed(db: WorldDB) -> Seeded:
    """Alice moved from Boston to Denver; a tea note; bob's secret; a merge; a contradiction."""
    boston = db.remember("I live in Boston", occurred_at="2024-01-15", scopes=ALICE)
    denver = db.remember("I moved to Denver", occurred_at="2024-06-02", scopes=ALICE)
    tea = db.remember("My favourite tea is genmaicha", occurred_at="2024-03-01", scopes=ALICE)
    locker = db.remember("Bob's locker code is 4312", scopes=BOB)
    robert = db.remember(
        "Lunch with Robert Smith from accounting",
        occurred_at="2024-02-01",
        scopes=ALICE,
        entities=[ExtractedEntity("Robert Smith", "Person")],
    )
    bobby = db.remember(
        "Bobby Smith sent the budget",
        occurred_at="2024-02-03",
        scopes=ALICE,
        entities=[ExtractedEntity("Bobby Smith", "Person")],
    )
    early = db.remember("The offsite is in March", occurred_at="2024-02-10", scopes=ALICE)
    late = db.remember("The offsite is in April", occurred_at="2024-02-11", scopes=ALICE)
    db.drain_recluster(10)
    robert_id, bobby_id = robert.entities[0][1], bobby.entities[0][1]
    pending = {(p.source, p.target): p.edge_id for p in db.proposals("pending")}
    proposal = pending.get((robert_id, bobby_id)) or pending.get((bobby_id, robert_id))
    if proposal is None:
        proposal = db.link(bobby_id, robert_id, "same_as")
    contradiction = db.link(late.id, early.id, "contradicts")
    return Seeded(
        boston_note=boston.id,
        denver_note=denver.id,
        boston_fact=boston.facts[0],
        denver_fact=denver.facts[0],
        denver_place=denver.entities[0][1],
        tea_note=tea.id,
        locker_note=locker.id,
        proposal=proposal,
        robert=robert_id,
        bobby=bobby_id,
        contradiction=contradiction,
    )


@contextmanager
def serving(app: ASGIApp) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread on a free 127.0.0.1 port; yield its base URL."""
    with serve_on_free_port(lambda _port: app) as port:
        yield f"http://127.0.0.1:{port}"
