"""The summaries step, the summarizers (the Claude one through the SDK's mock transport), and
``Query.prefer_summaries()``."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import httpx2
import pytest

from worlddb import WorldDB
from worlddb.bench.consolidate_scenarios import DAY_US, T0, rich_scenario
from worlddb.consolidate import (
    Consolidator,
    ExtractiveSummarizer,
    live_summary,
)
from worlddb.consolidate.claude import AnthropicSummarizer
from worlddb.query import Query

TEXTS = [
    "I signed up for the spring marathon in Boston. It is in April.",
    "Training for the marathon takes sixteen weeks of running.",
    "My sister Emma will visit in May.",
    "The marathon training plan has four runs a week.",
    "I bought new running shoes for the marathon.",
]


def test_extractive_summary_keeps_central_sentences_in_order_and_is_deterministic() -> None:
    summary = ExtractiveSummarizer(sentences=2).summarize(TEXTS)
    assert summary == ExtractiveSummarizer(sentences=2).summarize(list(TEXTS))
    assert "Emma" not in summary  # the off-topic sentence is least central
    kept = [s for s in (t.split(". ")[0] for t in TEXTS) if s.rstrip(".") in summary]
    assert len(kept) == 2
    positions = [summary.index(s.rstrip(".")) for s in kept]
    assert positions == sorted(positions)
    assert ExtractiveSummarizer().summarize([]) == ""


def _client(handler: Any) -> anthropic.Anthropic:
    return anthropic.Anthropic(
        api_key="test", http_client=httpx2.Client(transport=httpx2.MockTransport(handler))
    )


def _reply(text: str) -> dict[str, Any]:
    return {
        "id": "msg_test", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
        "content": [{"type": "text", "text": text}], "stop_reason": "end_turn",
        "stop_sequence": None, "usage": {"input_tokens": 50, "output_tokens": 12},
    }  # fmt: skip


def test_anthropic_summarizer_sends_the_texts_and_returns_the_answer() -> None:
    seen: list[dict[str, Any]] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(json.loads(request.content))
        return httpx2.Response(200, json=_reply("  The user trains for the Boston marathon. "))

    summarizer = AnthropicSummarizer(_client(handler), model="claude-haiku-4-5")
    assert summarizer.summarize(TEXTS) == "The user trains for the Boston marathon."
    assert seen[0]["model"] == "claude-haiku-4-5"
    assert "sixteen weeks" in seen[0]["messages"][0]["content"]


def test_anthropic_summarizer_falls_back_to_extractive_on_failure() -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(400, json={"type": "error", "error": {"type": "x", "message": "no"}})

    summary = AnthropicSummarizer(_client(handler)).summarize(TEXTS)
    assert summary == ExtractiveSummarizer().summarize(TEXTS)


def test_consolidator_with_the_anthropic_summarizer(db: WorldDB) -> None:
    calls = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        calls.append(1)
        return httpx2.Response(200, json=_reply(f"Summary number {len(calls)}."))

    handles = rich_scenario(db)
    summarizer = AnthropicSummarizer(_client(handler))
    Consolidator(db, summarizer=summarizer).run(["summaries"])
    assert len(calls) == 3
    summary = live_summary(db.store, handles["session0"])
    assert summary is not None and summary.content.startswith("Summary number")
    # A model may answer differently next time; a written summary is never asked for again.
    assert Consolidator(db, summarizer=summarizer).run(["summaries"]).writes == 0
    assert len(calls) == 3


def test_summary_links_and_fate(db: WorldDB) -> None:
    handles = rich_scenario(db)
    Consolidator(db).run(["summaries"])
    session = handles["session0"]
    summary = live_summary(db.store, session)
    assert summary is not None and summary.type == "Summary"
    assert "marathon" in summary.content
    assert [e.target for e in db.edges(summary.id, types=["derived_from"])] == [session]
    assert summary.id in {e.target for e in db.edges(session, types=["contains"])}
    db.retire(session)
    closed = db.store.find_world(summary.id)
    assert closed is not None and closed.valid_to is not None
    assert live_summary(db.store, session) is None


def test_min_age_waits_for_settled_containers(db: WorldDB) -> None:
    handles = rich_scenario(db)
    week = 7 * DAY_US
    report = Consolidator(db, min_age_us=week).run(["summaries"])
    assert report.writes == 0 and report.steps["summaries"].details["waiting"] == 1
    later = Consolidator(db, min_age_us=week, clock=lambda: db.now() + 2 * week)
    assert later.run(["summaries"]).steps["summaries"].worlds == 3
    assert live_summary(db.store, handles["session2"]) is not None


def test_sessions_below_min_children_get_no_summary(db: WorldDB) -> None:
    sid = db.put("Turn", "user", "Just one line.", valid_from=T0)
    session = db.put("Session", children=[sid], valid_from=T0)
    Consolidator(db).run(["summaries"])
    assert live_summary(db.store, session) is None


def test_prefer_summaries_shows_the_summary_in_place_of_the_children(db: WorldDB) -> None:
    handles = rich_scenario(db)
    sessions = [handles[f"session{i}"] for i in range(3)]
    full = Query(db.store).start_ids(*sessions).expand("contains")
    before = full.execute()
    assert len(before) == 3 * 5  # each session and its four turns
    assert not any(w.type == "Summary" for w in before.nodes)
    Consolidator(db).run(["summaries"])
    detail = full.execute()
    assert len(detail) == 3 * 6  # the summary is one contains hop down, beside the turns
    brief = full.prefer_summaries().execute()
    assert [w.type for w in brief.nodes].count("Summary") == 3
    assert not any(w.type == "Turn" for w in brief.nodes)
    assert len(brief) == 6
    summary = next(w for w in brief.nodes if w.type == "Summary")
    on_demand = Query(db.store).start_ids(summary.id).expand("derived_from").expand("contains")
    assert sum(w.type == "Turn" for w in on_demand.execute().nodes) == 4


def test_summaries_stay_out_of_default_recall(db: WorldDB) -> None:
    rich_scenario(db)
    Consolidator(db).run()
    hits = db.recall("marathon training sixteen weeks", limit=20).hits
    assert hits and not any(h.type in {"Summary", "Community"} for h in hits)
    asked = db.recall("marathon training", types=["Summary"], limit=5).hits
    assert asked and all(h.type == "Summary" for h in asked)


@pytest.mark.parametrize("sentences", [1, 3])
def test_extractive_summary_length_is_bounded(sentences: int) -> None:
    summary = ExtractiveSummarizer(sentences=sentences, max_chars=120).summarize(TEXTS * 5)
    assert 0 < len(summary) <= 120
