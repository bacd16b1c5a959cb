"""The full-text lane: BM25 over the FTS5 index, filtered by time, type and scope.

The query always runs the FTS5 match *first* and then joins each matching row to ``nodes`` by
primary key to apply the ``WorldFilter``: the cost is one index probe per match, never a scan of
the store and never a per-row re-run of the text match (``CROSS JOIN`` pins that join order so
the planner cannot start from a type or scope index). ``text_query_plan`` exposes the plan so a
test can hold the lane to it.

User text goes through ``worlddb.index.fts_query.build_match``: any string becomes a valid,
literal MATCH expression, with stopwords dropped and the term count capped so long questions
stay fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from worlddb.index.filters import CHUNK, WorldFilter
from worlddb.index.fts_query import MAX_TERMS, build_match
from worlddb.store import Store

__all__ = [
    "CONTENT_WEIGHT",
    "NAME_WEIGHT",
    "TextHit",
    "match_rids",
    "search_text",
    "text_query_plan",
]

NAME_WEIGHT: Final = 2.0
"""BM25 weight of the ``name`` column: only entity-like worlds index a name, and a query that
names an entity should rank it above a passing mention in some long turn."""
CONTENT_WEIGHT: Final = 1.0


@dataclass(frozen=True, slots=True)
class TextHit:
    """One full-text match: a row id and its BM25 score (higher is better)."""

    rid: int
    score: float


def _search_sql(flt: WorldFilter) -> tuple[str, list[object]]:
    where, params = flt.where("n")
    sql = (
        f"SELECT fts.rowid, bm25(fts, {NAME_WEIGHT}, {CONTENT_WEIGHT}) AS score "
        "FROM fts CROSS JOIN nodes AS n ON n.rid = fts.rowid "
        f"WHERE fts MATCH ? AND {where} ORDER BY score, fts.rowid LIMIT ?"
    )
    return sql, params


def search_text(store: Store, text: str, *, flt: WorldFilter, limit: int,
                max_terms: int = MAX_TERMS) -> list[TextHit]:
    """The ``limit`` best BM25 matches for ``text`` that ``flt`` admits, best first.

    Args:
        store: The store to search.
        text: Any user text; it never reaches FTS5 unquoted.
        flt: Which worlds may be returned.
        limit: How many hits at most.
        max_terms: The most query words kept (the most specific ones).

    Returns:
        Hits best first; empty when the text has no searchable word.
    """
    match = build_match(text, max_terms=max_terms)
    if match is None or limit <= 0:
        return []
    sql, params = _search_sql(flt)
    with store.lock:
        rows = store.conn.execute(sql, [match, *params, limit]).fetchall()
    # FTS5's bm25() is negative (more negative is better); flip it so every lane is higher-better.
    return [TextHit(int(rid), -float(score)) for rid, score in rows]


def match_rids(store: Store, text: str, rids: Iterable[int]) -> list[TextHit]:
    """Which of ``rids`` match ``text``, best first (to check a candidate set against text)."""
    match = build_match(text)
    wanted = list(dict.fromkeys(rids))
    if match is None or not wanted:
        return []
    hits: list[TextHit] = []
    with store.lock:
        for start in range(0, len(wanted), CHUNK):
            chunk = wanted[start : start + CHUNK]
            marks = ",".join("?" * len(chunk))
            hits += [
                TextHit(int(rid), -float(score))
                for rid, score in store.conn.execute(
                    f"SELECT rowid, bm25(fts, {NAME_WEIGHT}, {CONTENT_WEIGHT}) FROM fts "
                    f"WHERE fts MATCH ? AND rowid IN ({marks})",
                    [match, *chunk],
                )
            ]
    hits.sort(key=lambda hit: (-hit.score, hit.rid))
    return hits


def text_query_plan(store: Store, text: str, *, flt: WorldFilter, limit: int = 10) -> list[str]:
    """The ``EXPLAIN QUERY PLAN`` detail lines of the search ``search_text`` would run."""
    match = build_match(text) or '""'
    sql, params = _search_sql(flt)
    with store.lock:
        rows = store.conn.execute(f"EXPLAIN QUERY PLAN {sql}", [match, *params, limit]).fetchall()
    return [str(row[-1]) for row in rows]
