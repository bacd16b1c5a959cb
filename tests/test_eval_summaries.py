"""The harness's ``summaries`` option: consolidate each store, recall Summary worlds, map them
to their sessions (the engine never sees dataset ids; the harness maps after recall)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest

import worlddb.eval.worker as worker_module
from tests.test_eval_harness import _options, _synthetic
from worlddb.eval.harness import run_longmemeval
from worlddb.eval.metrics import load_rankings
from worlddb.eval.ranking import HitLike

# The evidence session is the oldest of the haystack, so the date fill (newest first) would put
# it last among the sessions before the question: ranked first, a Summary hit placed it there.
EVIDENCE_DATE = "2023/03/01 (Wed) 10:00"


def _summary_hits_only(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make recall keep only its Summary hits; return the list of their ids as they come."""
    seen: list[str] = []
    real = worker_module._recall

    def only_summaries(*args: object, **kwargs: object) -> Sequence[HitLike]:
        hits = [h for h in real(*args, **kwargs) if h.type == "Summary"]  # type: ignore[arg-type]
        seen.extend(h.id for h in hits)
        return hits

    monkeypatch.setattr(worker_module, "_recall", only_summaries)
    return seen


def test_a_summary_hit_ranks_the_session_it_was_derived_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _synthetic(tmp_path, evidence_date=EVIDENCE_DATE)
    seen = _summary_hits_only(monkeypatch)
    out = tmp_path / "sum.jsonl"
    report = run_longmemeval(
        data, out=out, options=_options(lanes=("bm25",), summaries=True), progress=None
    )
    assert report.ran == 2 and seen
    ranked = load_rankings(out)
    for n in (0, 1):
        assert ranked[f"synthetic_{n}"]["sessions"][0] == f"answer_q{n}"


def test_without_the_option_recall_returns_no_summaries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _synthetic(tmp_path, evidence_date=EVIDENCE_DATE)
    seen = _summary_hits_only(monkeypatch)
    out = tmp_path / "plain.jsonl"
    run_longmemeval(data, out=out, options=_options(lanes=("bm25",)), progress=None)
    assert seen == []
    ranked = load_rankings(out)
    assert ranked["synthetic_0"]["sessions"][0] != "answer_q0"  # the date fill, newest first


def test_the_store_cache_stays_summary_free(tmp_path: Path) -> None:
    data = _synthetic(tmp_path, evidence_date=EVIDENCE_DATE)
    stores = tmp_path / "stores"
    options = _options(lanes=("bm25",), summaries=True, store_cache=stores)
    for name in ("first", "second"):  # the second run reopens the cached stores
        run_longmemeval(data, out=tmp_path / f"{name}.jsonl", options=options, progress=None)
        ranked = load_rankings(tmp_path / f"{name}.jsonl")
        assert ranked["synthetic_1"]["sessions"][0] == "answer_q1"
    saved = list(stores.glob("*.sqlite"))
    assert len(saved) == 2
    for path in saved:
        with sqlite3.connect(path) as conn:
            types = {r[0] for r in conn.execute("select type from nodes")}
        assert "Session" in types and "Summary" not in types
