"""The entity-graph lane and batched edge reads for traversals.

Recall's graph lane answers "what do we know about the things this question names": it finds
the entities named in the query text (``find_entities``: exact name and alias equality on
n-grams, through the indexed normalised columns; the caller may add a fuzzy tier), then pulls
every world that ``refers_to`` them (``mentions``): one hop reaches every mention across every
session. A bounded second hop follows the entity's neighbours (accepted ``same_as`` in either
direction, and ``refers_to`` between entities) with a decayed weight.

**Scoped reads** apply the filter before every cap (``MENTION_CAP``, ``HOP2_MENTION_CAP``,
the neighbours' inbound cap), so a scope's own mentions are never crowded out by other scopes'
mentions of a shared entity: a scoped answer does not change as other scopes grow. The price is
a scan of the entity's mentions until ``cap`` admitted ones are found (unscoped reads keep the
bounded plan).

Hits rank by ``(hop, overlap, recency)``: worlds reached in fewer hops first, then those that
mention more of the query's entities (each entity counts ``HOP_DECAY ** (hop - 1)``), then the
most recent. Every read goes through the store's ``NameQueries``/``GraphQueries`` (index probes
bounded by a cap), so the lane's cost does not grow with the store.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from worlddb.errors import ValidationError
from worlddb.index.filters import WorldFilter
from worlddb.index.fts_query import DEFAULT_STOPWORDS
from worlddb.model import Edge, NodeId
from worlddb.normalize import normalize_name
from worlddb.store.protocols import Store

__all__ = [
    "HOP_DECAY",
    "LIVE_STATUSES",
    "MAX_NGRAM",
    "MENTION_CAP",
    "NEIGHBOUR_CAP",
    "EntityMatch",
    "GraphHit",
    "edges_touching",
    "find_entities",
    "mentions",
    "query_ngrams",
]

MAX_NGRAM: Final = 4
"""Longest entity name, in words, looked up from the query ("University of California Los")."""
MENTION_CAP: Final = 2000
"""Most recent mentions read per seed entity (an entity named in every session has many)."""
NEIGHBOUR_CAP: Final = 16
"""Neighbour entities followed per seed on the second hop."""
HOP2_MENTION_CAP: Final = 200
FUZZY_MAX_WORDS: Final = 2
"""Longest n-gram offered to the fuzzy tier: misspelt names are short; each probe costs."""
FUZZY_MIN_CHARS: Final = 4
FUZZY_MAX_PROBES: Final = 8
"""Fuzzy lookups per query at most (each is an FTS blocking query plus string comparisons)."""
HOP_DECAY: Final = 0.5
LIVE_STATUSES: Final = ("active", "accepted")
"""Edge statuses a traversal follows: retired, rejected and pending edges are not facts."""

_WORD: Final = re.compile(r"\w+(?:['’&.\-]\w+)*")


@dataclass(frozen=True, slots=True)
class EntityMatch:
    """An entity named in the query: which world, through which words, by which tier."""

    id: NodeId
    surface: str
    tier: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class GraphHit:
    """A world reached from the query's entities.

    Attributes:
        rid: The world's row id.
        hop: 1 for a direct mention of a query entity, 2 via a neighbour entity.
        overlap: Σ over the query entities that reach it of ``HOP_DECAY ** (hop - 1)``.
        recency: Its valid-from (or creation, or ingest) time, microseconds.
        via: The query entities that reach it.
    """

    rid: int
    hop: int
    overlap: float
    recency: int
    via: tuple[NodeId, ...]


def query_ngrams(text: str, max_n: int = MAX_NGRAM) -> list[tuple[str, int, int]]:
    """Normalised word n-grams of ``text`` as ``(norm, start, end)``, longest first.

    N-grams made only of stopwords are left out ("what", "the"), but stopwords inside a name
    stay ("bank of america").
    """
    words = _WORD.findall(text)
    lowered = [w.casefold() for w in words]
    out: list[tuple[str, int, int]] = []
    for size in range(min(max_n, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            span = lowered[start : start + size]
            if all(w in DEFAULT_STOPWORDS or len(w) < 2 for w in span):
                continue
            norm = normalize_name(" ".join(words[start : start + size]))
            if norm:
                out.append((norm, start, start + size))
    return out


def find_entities(
    store: Store,
    text: str,
    *,
    types: Sequence[str],
    flt: WorldFilter,
    fuzzy: Callable[[str], Sequence[NodeId]] | None = None,
) -> list[EntityMatch]:
    """The entities of ``types`` that ``text`` names, longest non-overlapping spans first.

    Exact (normalised name) and alias matches are one batched, indexed query. Capitalised words
    left uncovered (proper-noun-like: each probe costs a blocking query, so not every word is
    tried) are then offered one n-gram (of at most ``FUZZY_MAX_WORDS`` words and
    ``FUZZY_MIN_CHARS`` characters, ``FUZZY_MAX_PROBES`` at most) at a time to ``fuzzy`` (the
    resolver's fuzzy tier), if given; it should look in ``flt``'s scopes only. ``flt``'s time
    view and scopes apply to entities (its types do not): an entity of another scope is never
    recognised, so it cannot take a span the reader's own entity would have matched.
    """
    grams = query_ngrams(text)
    if not grams or not types:
        return []
    entity_filter = WorldFilter(flt.view, flt.now, None, flt.scopes)
    found = _named(store, sorted({g for g, _, _ in grams}), types, entity_filter)
    used: set[int] = set()
    out: list[EntityMatch] = []
    for norm, start, end in grams:
        span = set(range(start, end))
        if span & used or norm not in found:
            continue
        used |= span
        out += [EntityMatch(wid, norm, tier, start, end) for wid, tier in found[norm]]
    if fuzzy is not None:
        probes = 0
        proper = [w[:1].isupper() for w in _WORD.findall(text)]
        for norm, start, end in grams:
            span = set(range(start, end))
            if (
                span & used
                or end - start > FUZZY_MAX_WORDS
                or len(norm) < FUZZY_MIN_CHARS
                or not all(proper[start:end])
            ):
                continue
            if probes >= FUZZY_MAX_PROBES:
                break
            probes += 1
            ids = list(fuzzy(norm))
            if ids:
                used |= span
                out += [EntityMatch(NodeId(wid), norm, "fuzzy", start, end) for wid in ids]
    return list({m.id: m for m in reversed(out)}.values())[::-1]


def _named(
    store: Store, norms: Sequence[str], types: Sequence[str], flt: WorldFilter
) -> dict[str, list[tuple[NodeId, str]]]:
    out: dict[str, list[tuple[NodeId, str]]] = {}
    for norm, wid, tier in store.lanes.named(norms, types, flt):
        options = out.setdefault(norm, [])
        if all(w != wid for w, _ in options):
            options.append((wid, tier))
    for options in out.values():
        options.sort(key=lambda item: (item[1] != "exact", item[0]))
    return out


def mentions(
    store: Store,
    seeds: Sequence[NodeId],
    *,
    flt: WorldFilter,
    limit: int,
    entity_types: Sequence[str],
    hops: int = 2,
) -> list[GraphHit]:
    """Worlds that ``refers_to`` the seed entities (hop 1) or their neighbours (hop 2).

    Args:
        store: The store to read.
        seeds: The entities the query names.
        flt: Which worlds may be returned (seeds themselves never are).
        limit: How many hits at most.
        entity_types: Types that count as entities when looking for neighbours.
        hops: 1 or 2.

    Returns:
        Hits ranked by ``(hop, -overlap, -recency, rid)``.
    """
    seen: dict[int, tuple[int, dict[NodeId, float], int]] = {}
    seed_set = set(seeds)
    # A scoped read expands inside its scopes: neighbours must be entities of those scopes,
    # as the seeds are (``find_entities``), so other scopes' links cannot displace them.
    within = None if flt.scopes is None else WorldFilter(flt.view, flt.now, None, flt.scopes)
    for seed in dict.fromkeys(seeds):
        reached: list[tuple[NodeId, int, int]] = [(seed, 1, MENTION_CAP)]
        if hops >= 2:
            reached += [
                (n, 2, HOP2_MENTION_CAP)
                for n in _neighbours(store, seed, entity_types, within)
                if n not in seed_set
            ]
        for entity, hop, cap in reached:
            weight = HOP_DECAY ** (hop - 1)
            for rid, recency in store.lanes.mentioning(entity, flt, cap):
                best, by_seed, _ = seen.setdefault(rid, (hop, {}, recency))
                by_seed[seed] = max(by_seed.get(seed, 0.0), weight)
                seen[rid] = (min(best, hop), by_seed, recency)
    seed_rids = set(store.lanes.rids_of(list(seed_set)).values())
    hits = [
        GraphHit(rid, hop, sum(by_seed.values()), recency, tuple(sorted(by_seed)))
        for rid, (hop, by_seed, recency) in seen.items()
        if rid not in seed_rids
    ]
    hits.sort(key=lambda h: (h.hop, -h.overlap, -h.recency, h.rid))
    return hits[:limit]


def _neighbours(
    store: Store, entity: NodeId, entity_types: Sequence[str], flt: WorldFilter | None
) -> list[NodeId]:
    found = store.lanes.neighbours(entity, entity_types, MENTION_CAP, flt)
    return list(dict.fromkeys(found))[:NEIGHBOUR_CAP]


_SIDES: Final[dict[str, tuple[Literal["src", "dst"], ...]]] = {
    "out": ("src",),
    "in": ("dst",),
    "both": ("src", "dst"),
}


def edges_touching(
    store: Store, ids: Iterable[str], *, types: Sequence[str] | None, direction: str
) -> list[Edge]:
    """Live edges (``LIVE_STATUSES``) of ``types`` leaving (out), entering (in) or touching
    (both) any of ``ids``, oldest edge first; one indexed query per side and 500 ids.

    Raises:
        ValidationError: ``direction`` is not ``out``, ``in`` or ``both``.
    """
    if direction not in _SIDES:
        raise ValidationError(
            f"direction must be 'out', 'in' or 'both', not {direction!r}",
            field="direction",
            value=direction,
        )
    wanted = list(dict.fromkeys(ids))
    found: dict[int, Edge] = {}
    for side in _SIDES[direction]:
        found.update(store.lanes.edges_at(wanted, side, types, LIVE_STATUSES))
    return [found[rid] for rid in sorted(found)]
