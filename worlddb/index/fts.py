"""The full-text lane: BM25 over the FTS5 index, filtered by time, type and scope.

The store's backend (``TextQueries``, from ``store.lanes``) always runs the FTS5 match *first*
and then probes ``nodes`` by primary key per match to apply the ``WorldFilter``: the cost is one
index probe per match, never a scan of the store and never a per-row re-run of the text match.
``text_query_plan`` exposes the plan so a test can hold the lane to it. This module keeps the
ranking policy: which terms select rows, the column weights, the fallback.

User text goes through ``worlddb.index.fts_query.build_match``: any string becomes a valid,
literal MATCH expression, with stopwords dropped and the term count capped so long questions
stay fast.

**Bounded plan.** When any term matches more than ``fts_bounded.TERM_WINDOW`` rows, the lane
reads bounded id lists and scores a bounded pool itself (``worlddb.index.fts_bounded``), so its
cost does not grow with how many rows a common word matches; otherwise, or when that plan finds
less than a page under the filter, the exact query below runs.

**Scoped reads** (``flt.scopes`` set) never run the bounded plan: its windows are the newest
matches of the whole store, so other scopes' rows would fill them and push a scope's own rows
out (the plan then returned a page drawn from what was left, or fell back). They run the exact
query, whose FTS5 match is complete before the filter. When the common-term rewrite below
leaves fewer than ``limit`` hits in scope, the page is completed with the scope's newest rows
that hold only common words (``_fill``: the common terms' newest matches, unscored, read in
growing windows and intersected with the scope's members, or, where the backend has no
window reader (PostgreSQL), the members that match, asked member by member; a small scope
only, else the plain OR query runs), so a scope never gets fewer hits because other scopes
made its words common. Those rows rank after the rows holding a rare word, newest first,
with score 0. Running the plain OR query instead cost 3× the lane's mean CPU at 100k worlds
(BENCHMARKS.md, "Scoped recall at scale").

**Common terms (exact query).** An OR query costs one scored row per document that holds
*any* term, so one frequent word ("meeting", "today") can make a query touch most of the
store. Each term's document frequency is probed first (a bounded count, no scoring); terms in
more than ``common_cap`` documents stop *selecting* rows but still *score* them: the expression
becomes ``R OR (R AND C)`` (R: the rare terms, C: the common ones), which matches exactly the rows R
matches while BM25 still credits the common words those rows contain. When every term is
common, the rows must hold all of them (an AND query), and only if that finds fewer than
``limit`` does the plain OR query run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from worlddb.index.filters import WorldFilter, filter_rids
from worlddb.index.fts_bounded import bounded_top
from worlddb.index.fts_query import MAX_TERMS, build_match
from worlddb.store.lane_protocols import TextQueries
from worlddb.store.protocols import Store

__all__ = [
    "COMMON_FRACTION",
    "COMMON_MIN_DOCS",
    "CONTENT_WEIGHT",
    "FILL_SCOPE_MAX",
    "FILL_WINDOW",
    "NAME_WEIGHT",
    "TextHit",
    "common_cap",
    "match_rids",
    "search_text",
    "text_query_plan",
]

NAME_WEIGHT: Final = 2.0
"""BM25 weight of the ``name`` column: only entity-like worlds index a name, and a query that
names an entity should rank it above a passing mention in some long turn."""
CONTENT_WEIGHT: Final = 1.0
COMMON_MIN_DOCS: Final = 2000
COMMON_FRACTION: Final = 0.02
"""A term is *common* in more than ``max(COMMON_MIN_DOCS, COMMON_FRACTION × store size)`` docs:
its IDF is then low, and letting it select rows would make the lane scale with the store."""
FILL_SCOPE_MAX: Final = 5000
"""A scope of at most this many members completes a short page by intersecting the common
terms' matches with its members (``_fill``); a larger one runs the plain OR query."""
FILL_WINDOW: Final = 1024
"""The first window of common-term matches read by ``_fill``; each next one is 4× larger."""
_TERM: Final = re.compile(r'"(?:[^"]|"")*"')
_WEIGHTS: Final = (NAME_WEIGHT, CONTENT_WEIGHT)


@dataclass(frozen=True, slots=True)
class TextHit:
    """One full-text match: a row id and its BM25 score (higher is better)."""

    rid: int
    score: float


def search_text(
    store: Store,
    text: str,
    *,
    flt: WorldFilter,
    limit: int,
    max_terms: int = MAX_TERMS,
    bounded: bool = True,
) -> list[TextHit]:
    """The ``limit`` best BM25 matches for ``text`` that ``flt`` admits, best first.

    Args:
        store: The store to search.
        text: Any user text; it never reaches FTS5 unquoted.
        flt: Which worlds may be returned.
        limit: How many hits at most.
        max_terms: The most query words kept (the most specific ones).
        bounded: Use the bounded plan (``worlddb.index.fts_bounded``) when a term is common
            and the read is unscoped; ``False`` always runs the exact FTS5 query (to measure
            the plan against it).

    Returns:
        Hits best first; empty when the text has no searchable word.
    """
    match = build_match(text, max_terms=max_terms)
    if match is None or limit <= 0:
        return []
    backend: TextQueries = store.lanes
    if bounded and flt.scopes is None:
        found = bounded_top(store.lanes, _TERM.findall(match), flt, limit, _WEIGHTS)
        if found is not None:
            return [TextHit(rid, score) for rid, score in found]
    selective, fallback, common = _selective(backend, match)
    rows = backend.bm25_top(selective, flt, limit, _WEIGHTS)
    if len(rows) < limit and fallback:
        rows = backend.bm25_top(match, flt, limit, _WEIGHTS)
    elif len(rows) < limit and flt.scopes and common:
        filled = _fill(store, " OR ".join(common), flt, [rid for rid, _ in rows], limit)
        if filled is None:
            rows = backend.bm25_top(match, flt, limit, _WEIGHTS)
        else:
            rows += [(rid, 0.0) for rid in filled]
    return [TextHit(rid, score) for rid, score in rows]


def _fill(
    store: Store, common: str, flt: WorldFilter, have: list[int], limit: int
) -> list[int] | None:
    """The scope's newest rows matching ``common`` that ``flt`` admits, not in ``have``, to
    complete a page of ``limit``; ``None`` when the scope is too large to intersect with (the
    caller then runs the plain OR query). Reads the matches newest first in growing windows,
    so it stops as soon as the page is full and reads every match only when the scope holds
    fewer than a page of them."""
    backend = store.lanes
    assert flt.scopes
    sizes = {scope: backend.scope_size(scope, FILL_SCOPE_MAX + 1) for scope in flt.scopes}
    smallest = min(sizes, key=lambda scope: sizes[scope])
    if sizes[smallest] > FILL_SCOPE_MAX:
        return None
    members = set(backend.scope_rids(smallest, FILL_SCOPE_MAX + 1)) - set(have)
    need = limit - len(have)
    window = FILL_WINDOW
    while True:
        newest = backend.newest_matches(common, window)
        if not newest:
            # No window reader (PostgreSQL), or no match at all: ask from the scope's side,
            # one probe per member, never a read of every row holding a common word.
            newest = sorted(backend.matching_among(common, sorted(members)), reverse=True)
            window = len(newest) + 1
        mine = [rid for rid in newest if rid in members]
        admitted = filter_rids(store, mine, flt)
        found = [rid for rid in mine if rid in admitted]
        if len(found) >= need or len(newest) < window:
            break
        window *= 4
    return found[:need]


def common_cap(store: Store) -> int:
    """The document count above which a term counts as common in this store."""
    return _cap(store.lanes)


def _cap(backend: TextQueries) -> int:
    return max(COMMON_MIN_DOCS, int(backend.row_bound() * COMMON_FRACTION))


def _selective(backend: TextQueries, match: str) -> tuple[str, bool, list[str]]:
    """The expression to run (see the module docstring), whether a fallback may be needed, and
    the common terms."""
    terms = _TERM.findall(match)
    if len(terms) < 2:
        return match, False, []
    cap = _cap(backend)
    common: list[str] = []
    rare: list[str] = []
    for term in terms:
        # Counting stops one past the cap: a common term's full count is never needed.
        (common if backend.term_docs(term, cap + 1) > cap else rare).append(term)
    if not common:
        return match, False, []
    scoring = " OR ".join(common)
    if rare:
        selecting = " OR ".join(rare)
        return f"({selecting}) OR (({selecting}) AND ({scoring}))", False, common
    return " AND ".join(common), True, common


def match_rids(store: Store, text: str, rids: Iterable[int]) -> list[TextHit]:
    """Which of ``rids`` match ``text``, best first (to check a candidate set against text)."""
    match = build_match(text)
    wanted = list(dict.fromkeys(rids))
    if match is None or not wanted:
        return []
    hits = [TextHit(rid, score) for rid, score in store.lanes.bm25_among(match, wanted, _WEIGHTS)]
    hits.sort(key=lambda hit: (-hit.score, hit.rid))
    return hits


def text_query_plan(store: Store, text: str, *, flt: WorldFilter, limit: int = 10) -> list[str]:
    """The ``EXPLAIN QUERY PLAN`` detail lines of the search ``search_text`` would run."""
    match = build_match(text) or '""'
    return store.lanes.bm25_plan(match, flt, limit, _WEIGHTS)
