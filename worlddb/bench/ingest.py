"""``worlddb bench ingest``: turns/s through the real ingest path, and where the time goes.

Real LongMemEval sessions (opaque ids, ``has_answer`` stripped by the loader) are ingested in
date order through ``WorldDB.ingest_session`` with the offline extractor and the default
embedder. The extractor, embedder and resolver are wrapped in timers, so the report splits the
wall time into extraction, embedding, resolving and the rest (SQLite, hashing, handlers).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from worlddb.embedding.wrapper import EmbedderWrapper
from worlddb.engine import WorldDB
from worlddb.eval.longmemeval import iter_questions
from worlddb.model import Resolution, WorldSpec
from worlddb.plugins import Embedder, Episode, Extraction, Extractor, Message, Vectors
from worlddb.resolver import Resolver

__all__ = ["run_ingest_bench"]


class _Timed:
    """Accumulates the seconds spent inside one plug-in."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    def measure(self, fn: Any, *args: Any) -> Any:
        start = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.seconds += time.perf_counter() - start
            self.calls += 1


class _TimedEmbedder(EmbedderWrapper):
    def __init__(self, inner: Embedder, timer: _Timed) -> None:
        super().__init__(inner)
        self.timer = timer

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        result: Vectors = self.timer.measure(self.inner.embed_documents, texts)
        return result

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        result: Vectors = self.timer.measure(self.inner.embed_queries, texts)
        return result


class _TimedExtractor:
    def __init__(self, inner: Extractor, timer: _Timed) -> None:
        self.inner, self.timer = inner, timer

    def extract(self, episode: Episode, /) -> Extraction:
        result: Extraction = self.timer.measure(self.inner.extract, episode)
        return result


class _TimedResolver:
    def __init__(self, inner: Resolver, timer: _Timed) -> None:
        self.inner, self.timer = inner, timer

    def resolve(self, spec: WorldSpec, /) -> Resolution:
        result: Resolution = self.timer.measure(self.inner.resolve, spec)
        return result


def run_ingest_bench(
    data: str | Path, *, sessions: int = 200, embedder: Embedder | None = None
) -> dict[str, float | str]:
    """Ingest the first ``sessions`` distinct sessions of a LongMemEval file into one store."""
    from worlddb.embedding import default_embedder
    from worlddb.extract import OfflineExtractor

    t_embed, t_extract, t_resolve = _Timed(), _Timed(), _Timed()
    inner_embedder = embedder or default_embedder()
    timed_embedder = _TimedEmbedder(inner_embedder, t_embed)
    db = WorldDB.open(
        ":memory:",
        embedder=timed_embedder,
        extractor=_TimedExtractor(OfflineExtractor(), t_extract),
    )
    db.reconciler.resolver = _TimedResolver(db.reconciler.resolver, t_resolve)
    db.recluster_budget_s = 0.0  # reclustering is measured separately by the resolver bench
    turns = done = 0
    seen: set[int] = set()
    start = time.perf_counter()
    try:
        for question in iter_questions(data):
            for session in question.sessions:
                key = hash(tuple(m.content for m in session.messages))
                if key in seen:
                    continue
                seen.add(key)
                messages = [Message(m.role, m.content) for m in session.messages]
                db.ingest_session(messages, occurred_at=session.date_us, label=session.opaque_id)
                turns += len(session.messages)
                done += 1
                if done >= sessions:
                    break
            if done >= sessions:
                break
        wall = time.perf_counter() - start
    finally:
        db.close()
    rest = wall - t_embed.seconds - t_extract.seconds - t_resolve.seconds
    stats = getattr(inner_embedder, "stats", None)  # OnnxEmbedder's model-call counters
    model: dict[str, float | str] = {} if stats is None else dict(stats.to_dict())
    return {
        "sessions": done,
        "turns": turns,
        "seconds": round(wall, 2),
        "turns_per_s": round(turns / wall, 1),
        "share_embedding": round(t_embed.seconds / wall, 3),
        "share_extraction": round(t_extract.seconds / wall, 3),
        "share_resolving": round(t_resolve.seconds / wall, 3),
        "share_sqlite_and_rest": round(rest / wall, 3),
        "embed_calls": t_embed.calls,
        **model,
        "embedder": inner_embedder.key,
    }
