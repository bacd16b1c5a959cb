"""``Recall``: text, vector and entity-graph lanes fused with RRF. No model call on this path.

One ``recall()`` call:

1. builds one ``WorldFilter`` (time view evaluated at one ``now``, types, scopes), which every
   lane applies to its own candidates by primary-key probes;
2. runs the requested lanes — ``bm25`` (FTS5), ``vector`` (the query embedded with
   ``embed_queries``, then HNSW or exact search), ``graph`` (entities named in the query →
   the worlds that ``refers_to`` them) and ``time`` (when the query names a time, the text and
   vector candidates reordered by closeness to it; see ``anchors``; run only when asked
   for), ``retention`` (the same candidates reordered by retention score, see
   ``retention``; only when asked for) and the optional second rounds of ``rounds``
   (episodes, feedback, categories) —
   each fetching ``max(depth, limit)`` ids;
3. fuses them with reciprocal rank fusion, each lane contributing its top ``depth`` (defaults in
   ``DEFAULT_DEPTH``, scaled with ``limit``; doubled while the union is smaller than
   ``limit``);
4. applies the edge handlers' ``on_query_rewrite`` to the top hits (``contradicts`` surfaces the
   other side) and hydrates each hit with its validity, provenance, scopes and entities.

Defaults respect time: closed worlds stay hidden unless the view says ``include_closed``, and
``valid_at`` / ``known_at`` pin either axis.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from types import MappingProxyType
from typing import Final, Literal

from worlddb.errors import ValidationError
from worlddb.fusion import RRF_K, rrf
from worlddb.handlers import EdgeHandler, HandlerRegistry
from worlddb.index.dense import search_dense
from worlddb.index.filters import WorldFilter, check_types, resolve_scopes
from worlddb.index.fts import search_text
from worlddb.index.fts_query import MAX_TERMS
from worlddb.index.graph import find_entities, mentions
from worlddb.index.vector import VectorIndex
from worlddb.model import NodeId, WorldSpec
from worlddb.plugins import Embedder
from worlddb.recall.anchors import TIME_POOL, TimeAnchor, find_anchor, rank_by_time
from worlddb.recall.beside import with_neighbours
from worlddb.recall.episodes import EPISODE_POOL
from worlddb.recall.feedback import FEEDBACK_POOL
from worlddb.recall.result import RecallResult
from worlddb.recall.retention import RetentionModel, rank_by_retention
from worlddb.recall.rewrite import Hydrator, rewriting_handlers
from worlddb.recall.rounds import SecondRound
from worlddb.recall.speaker import (
    ASSISTANT_WEIGHT,
    addresses_assistant,
    reweighed,
    speaker_weights,
)
from worlddb.resolver import ENTITY_TYPES, GENERIC_TYPE, TieredResolver
from worlddb.store.episodes import EpisodeReads
from worlddb.store.protocols import Store
from worlddb.store.reads import TimeView
from worlddb.timeutil import now_us

__all__ = [
    "DEFAULT_DEPTH",
    "DEPTH_REFERENCE_LIMIT",
    "FUZZY_TIERS",
    "LANES",
    "MAX_LIMIT",
    "OPTIONAL_LANES",
    "FuzzyLookup",
    "Recall",
    "RecallSettings",
    "resolver_fuzzy",
]

LANES: Final = ("bm25", "vector", "graph")
OPTIONAL_LANES: Final = (
    "time",
    "episode",
    "prf",
    "prf_vector",
    "prf_graph",
    "category",
    "retention",
    "speaker",
    "context",
)
"""Lanes run only when asked for. ``speaker`` ranks nothing itself: it is the prior of
``worlddb.recall.speaker`` on fusion (the assistant's turns a little below the user's).
``time`` (see ``worlddb.recall.anchors``) helped LongMemEval's tuning half and lost one
question on the held-out half (BENCHMARKS.md, "Time lane"), so it is not a default until
more evidence says so. The multi-evidence lanes (``SECOND_ROUND``, see
``worlddb.recall.rounds``) neither: none beat the defaults on LongMemEval's held-out half
(BENCHMARKS.md, "Multi-evidence recall"); ``context`` (the turns beside the best hits) lost a
question on the held-out half and crowded the turn ranking (BENCHMARKS.md, "Conversational
context")."""
SECOND_ROUND: Final = ("episode", "prf", "prf_vector", "prf_graph", "category", "context")
"""Optional lanes that run after the text and vector lanes, from their candidates."""
DEFAULT_DEPTH: Final[Mapping[str, int]] = MappingProxyType(
    {
        "vector": 20,
        "bm25": 5,
        "graph": 10,
        "time": 10,
        "episode": 10,
        "prf": 5,
        "prf_vector": 20,
        "prf_graph": 10,
        "category": 5,
        "retention": 10,
        "context": 10,
    }
)
"""How many of each lane's top hits enter fusion at ``limit=10``. Measured advice: dense top-20
plus BM25 top-5 beat equal-depth top-100 fusion on paraphrased questions; to be re-tuned on
LongMemEval."""
DEPTH_REFERENCE_LIMIT: Final = 10
"""The ``limit`` the depths are tuned for; larger limits scale every depth proportionally."""
MAX_LIMIT: Final = 1000
_DEFAULT_VIEW: Final = TimeView()

FuzzyLookup = Callable[[str], Sequence[NodeId]]
"""The resolver's fuzzy tier as the graph lane uses it: a normalised name → entity ids."""
FUZZY_TIERS: Final = frozenset({"fuzzy", "phonetic"})
"""Resolver tiers trusted to name an entity from a query word (the embedding tier is not: it
answers for nearly any word)."""


def resolver_fuzzy(resolver: TieredResolver, scopes: Sequence[str] | None = None) -> FuzzyLookup:
    """The fuzzy and phonetic tiers of ``resolver`` as a name → entity ids lookup.

    Only a confident single answer counts; an ambiguous name names nothing. With ``scopes``,
    only entities in every one of them are looked at, so an entity of another scope can
    neither answer nor make a name ambiguous.
    """
    where = None if scopes is None else tuple(scopes)

    def lookup(norm: str) -> Sequence[NodeId]:
        found = resolver.resolve(WorldSpec(type=GENERIC_TYPE, name=norm), scopes=where)
        if found.outcome == "resolved" and found.tier in FUZZY_TIERS and found.world_id:
            return (found.world_id,)
        return ()

    return lookup


@dataclass(frozen=True, slots=True)
class RecallSettings:
    """Tunable knobs of recall, named so experiments can vary them.

    Attributes:
        depth: Lane → top hits entering fusion at ``limit == DEPTH_REFERENCE_LIMIT``.
        weights: Lane → RRF weight (0 switches a lane off); ``None`` weighs all lanes 1.
        rrf_k: The RRF damping constant.
        graph_hops: 1 (direct mentions) or 2 (also mentions of neighbour entities).
        max_terms: Most query words the text lane keeps.
        entity_types: World types the graph lane treats as entities.
        max_surfaced: Most worlds query rewrites may add per hit.
        hidden_types: Types left out unless asked for by ``types``: entities annotate the
            memories that mention them (``RecallHit.entities``) instead of competing with
            them for places, and Scope worlds are bookkeeping. The consolidator's Summary and
            Community worlds stay out until measured to help (``types`` asks for them).
    """

    depth: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_DEPTH))
    weights: Mapping[str, float] | None = None
    rrf_k: int = RRF_K
    graph_hops: int = 2
    max_terms: int = MAX_TERMS
    entity_types: tuple[str, ...] = tuple(sorted(ENTITY_TYPES))
    max_surfaced: int = 3
    hidden_types: tuple[str, ...] = (*sorted(ENTITY_TYPES), "Scope", "Summary", "Community")


class Recall:
    """Hybrid retrieval over one store. Thread-safe as the store is; holds no per-call state."""

    def __init__(
        self,
        store: Store,
        vectors: VectorIndex | None,
        embedder: Embedder | None,
        handlers: HandlerRegistry | Mapping[str, EdgeHandler],
        *,
        clock: Callable[[], int] = now_us,
        settings: RecallSettings | None = None,
        fuzzy: FuzzyLookup | Literal["default"] | None = "default",
        episodes: EpisodeReads | None = None,
        retention: RetentionModel | None = None,
        on_recalled: Callable[[Sequence[int]], None] | None = None,
    ) -> None:
        """Wire recall to a store, its vector index and embedder (both optional) and handlers.

        Args:
            store: The store to read.
            vectors: The HNSW index over the store's embeddings; ``None`` disables the lane.
            embedder: Embeds the query for the vector lane; ``None`` disables the lane.
            handlers: The edge handlers whose ``on_query_rewrite`` applies to hits.
            clock: What "now" is for views that do not pin ``valid_at``.
            settings: Tunables; defaults to ``RecallSettings()``.
            fuzzy: How the graph lane recognises misspelt entity names: by default the
                ``TieredResolver``'s fuzzy and phonetic tiers; ``None`` for exact and alias
                matches only.
            episodes: The reads the second-round lanes need (a hit's episode, stored
                vectors); by default over ``store``.
            retention: The model of the optional ``retention`` lane
                (``worlddb.recall.retention``); defaults to ``RetentionModel()``.
            on_recalled: Told the row ids each recall returns (a ``Reinforcer.record``);
                must not block.
        """
        self.store = store
        self.vectors = vectors
        self.embedder = embedder
        self.clock = clock
        self.settings = settings or RecallSettings()
        # The default lookup is rebuilt per call, confined to the call's scopes.
        self._fuzzy_resolver: TieredResolver | None = None
        self.fuzzy: FuzzyLookup | None
        if fuzzy == "default":
            self._fuzzy_resolver = TieredResolver(store)
            self.fuzzy = resolver_fuzzy(self._fuzzy_resolver)
        else:
            self.fuzzy = fuzzy
        self._hydrator = Hydrator(
            store, rewriting_handlers(handlers), max_surfaced=self.settings.max_surfaced
        )
        self._second_round = SecondRound(
            store,
            vectors,
            embedder,
            episodes or store.episodes,
            k=self.settings.rrf_k,
            max_terms=self.settings.max_terms,
        )
        self._second_round.entity_types = self.settings.entity_types
        self.retention = retention or RetentionModel()
        self.on_recalled = on_recalled

    def recall(
        self,
        query: str,
        *,
        limit: int = 10,
        scope_ids: Sequence[str] | None = None,
        view: TimeView = _DEFAULT_VIEW,
        lanes: Sequence[str] = LANES,
        depth: Mapping[str, int] | None = None,
        types: Sequence[str] | None = None,
        neighbours: bool = False,
    ) -> RecallResult:
        """The worlds most relevant to ``query``, best first.

        Args:
            query: Any text; it is never interpreted as a query language.
            limit: How many lane hits to return (1 to ``MAX_LIMIT``).
            scope_ids: Only worlds in all of these scopes (ids or ``"kind=value"``); ``None``
                searches every scope.
            view: The point in valid and ingest time; the default hides closed worlds.
            lanes: Which lanes to run (any of ``LANES``), for ablations.
            depth: Per-lane overrides of ``RecallSettings.depth``.
            types: Only worlds of these types; ``None`` keeps every type except
                ``RecallSettings.hidden_types`` (entities and scopes).
            neighbours: Attach to each conversation-turn hit the turns just before and after
                it (``RecallHit.neighbours``, ``worlddb.recall.beside``).

        Returns:
            The fused hits with per-lane ranks, timings and the recognised entities.

        Raises:
            ValidationError: a malformed argument (unknown lane, bad limit, ...).
            ScopeError: a scope reference is neither an id nor ``kind=value``.
        """
        started = time.perf_counter()
        text, wanted = _check(query, limit, lanes, view)
        # Second rounds and the time lane work on the text and vector lanes' candidates.
        wanted.sort(key=lambda lane: 2 if lane in _AFTER_ALL else lane in SECOND_ROUND)
        checked = check_types(types)
        flt = WorldFilter(
            view,
            self.clock(),
            checked,
            resolve_scopes(self.store, scope_ids),
            excluded_types=self.settings.hidden_types if checked is None else (),
        )
        depths = self._depths(wanted, depth, limit)
        rankings: dict[str, list[str]] = {}
        timings: dict[str, float] = {}
        entities: tuple[NodeId, ...] = ()
        anchor = find_anchor(text, flt.moment) if "time" in wanted else None
        for lane in wanted:
            if lane == "speaker":
                continue  # a prior on fusion, not a ranking (``_fuse``)
            began = time.perf_counter()
            fetch = max(depths[lane], limit)
            if (anchor is not None or "retention" in wanted) and lane in ("bm25", "vector"):
                fetch = max(fetch, TIME_POOL)
            if lane in ("bm25", "vector") and set(wanted) & set(SECOND_ROUND):
                fetch = max(fetch, EPISODE_POOL, FEEDBACK_POOL)
            if lane in SECOND_ROUND:
                found = self._second_round.run(lane, text, rankings, flt, fetch)
            elif lane == "time":
                if anchor is None:
                    continue
                found = self._time_lane(anchor, rankings)
            elif lane == "retention":
                pool = _pool(rankings)
                found = rank_by_retention(self.store.retention, self.retention, pool, flt.now)
            elif lane == "bm25":
                found = [
                    h.rid
                    for h in search_text(
                        self.store, text, flt=flt, limit=fetch, max_terms=self.settings.max_terms
                    )
                ]
            elif lane == "vector":
                if self.vectors is None or self.embedder is None or not text.strip():
                    continue
                vector = self.embedder.embed_queries([text])[0]
                found = [
                    h.rid
                    for h in search_dense(self.store, self.vectors, vector, flt=flt, limit=fetch)
                ]
            else:
                fuzzy = self.fuzzy
                if self._fuzzy_resolver is not None and flt.scopes is not None:
                    fuzzy = resolver_fuzzy(self._fuzzy_resolver, flt.scopes)
                matched = find_entities(
                    self.store, text, types=self.settings.entity_types, flt=flt, fuzzy=fuzzy
                )
                entities = tuple(dict.fromkeys(m.id for m in matched))
                found = [
                    h.rid
                    for h in mentions(
                        self.store,
                        entities,
                        flt=flt,
                        limit=fetch,
                        entity_types=self.settings.entity_types,
                        hops=self.settings.graph_hops,
                    )
                ]
            rankings[lane] = [str(rid) for rid in found]
            timings[lane] = _ms(began)
        began = time.perf_counter()
        prior = text if "speaker" in wanted else None
        fused = self._fuse(rankings, depths, limit, speaker_question=prior)
        timings["fusion"] = _ms(began)
        began = time.perf_counter()
        hits = self._hydrator.hydrate([(int(h.id), h.score, h.ranks) for h in fused], flt, query)
        if neighbours:
            hits = with_neighbours(self.store, hits, flt)
        timings["hydrate"] = _ms(began)
        if self.on_recalled is not None:
            self.on_recalled([int(h.id) for h in fused])
        timings["total"] = _ms(started)
        return RecallResult(
            query=query, hits=tuple(hits), lanes=tuple(rankings), timings=timings, entities=entities
        )

    def _time_lane(self, anchor: TimeAnchor, rankings: Mapping[str, list[str]]) -> list[int]:
        """The text and vector candidates (interleaved, best first) reordered by time."""
        pool = _pool(rankings)
        worlds = self.store.worlds_by_rid(pool)
        return rank_by_time(anchor, pool, {rid: w.valid_from for rid, w in worlds.items()})

    def _depths(
        self, lanes: Sequence[str], overrides: Mapping[str, int] | None, limit: int
    ) -> dict[str, int]:
        base = {**self.settings.depth, **(overrides or {})}
        scale = max(1, math.ceil(limit / DEPTH_REFERENCE_LIMIT))
        out: dict[str, int] = {}
        for lane in lanes:
            value = base.get(lane, limit)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValidationError(
                    f"depth for lane {lane!r} must be a non-negative integer, not {value!r}",
                    field="depth",
                    value=value,
                )
            out[lane] = value * scale
        return out

    def _fuse(
        self,
        rankings: Mapping[str, list[str]],
        depths: Mapping[str, int],
        limit: int,
        *,
        speaker_question: str | None = None,
    ) -> list[_Fused]:
        """RRF over each lane's top ``depth``; depths double while too few ids come out.

        With ``speaker_question`` (the ``speaker`` prior asked for), every fused id's score is
        weighed by ``speaker.speaker_weights`` before the top ``limit`` are cut."""
        current = {lane: depths[lane] for lane in rankings}
        while True:
            fused = rrf(
                rankings, k=self.settings.rrf_k, weights=self.settings.weights, depth=current
            )
            short = [lane for lane, d in current.items() if 0 < d < len(rankings[lane])]
            if len(fused) >= limit or not short:
                out = [_Fused(h.id, h.score, dict(h.ranks)) for h in fused]
                if speaker_question is not None and out:
                    out = self._speaker_prior(speaker_question, out, limit)
                return out[:limit]
            for lane in short:
                current[lane] = min(len(rankings[lane]), current[lane] * 2)

    def _speaker_prior(self, question: str, fused: list[_Fused], limit: int) -> list[_Fused]:
        """``fused`` with the speaker prior applied to the ids that can still reach the top
        ``limit``: one scoring below ``ASSISTANT_WEIGHT`` × the ``limit``-th score stays below
        every top hit even once those are lowered, so only the ids above it are read."""
        if addresses_assistant(question):
            return fused
        floor = fused[min(limit, len(fused)) - 1].score * ASSISTANT_WEIGHT
        head = [h for h in fused if h.score >= floor]  # a prefix: ``fused`` is best first
        weights = speaker_weights(question, self.store.lanes.speakers([int(h.id) for h in head]))
        if not weights:
            return fused
        pairs = [(h.id, h.score) for h in head]
        moved = [
            _Fused(head[at].id, score, head[at].ranks) for at, score in reweighed(pairs, weights)
        ]
        return moved + fused[len(head) :]


_AFTER_ALL: Final = ("time", "retention")
"""Lanes that reorder the text and vector lanes' candidates, so they run after both."""


def _pool(rankings: Mapping[str, list[str]]) -> list[int]:
    """The text and vector candidates (interleaved, best first, ``TIME_POOL`` of each)."""
    lists = [rankings.get(lane, [])[:TIME_POOL] for lane in ("bm25", "vector")]
    return list(dict.fromkeys(int(rid) for pair in zip_longest(*lists) for rid in pair if rid))


@dataclass(frozen=True, slots=True)
class _Fused:
    id: str
    score: float
    ranks: dict[str, int]


def _check(query: object, limit: object, lanes: object, view: object) -> tuple[str, list[str]]:
    if not isinstance(query, str):
        raise ValidationError(f"query must be a string, not {query!r}", field="query", value=query)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ValidationError(
            f"limit must be an integer from 1 to {MAX_LIMIT}, not {limit!r}",
            field="limit",
            value=limit,
        )
    if isinstance(lanes, str) or not isinstance(lanes, Sequence):
        raise ValidationError(
            f"lanes must be a list of lane names, not {lanes!r}", field="lanes", value=lanes
        )
    known = (*LANES, *OPTIONAL_LANES)
    unknown = [lane for lane in lanes if lane not in known]
    if unknown:
        raise ValidationError(
            f"unknown recall lane {unknown[0]!r}; lanes are {', '.join(known)}",
            field="lanes",
            value=unknown[0],
        )
    if not isinstance(view, TimeView):
        raise ValidationError(f"view must be a TimeView, not {view!r}", field="view", value=view)
    return query, list(dict.fromkeys(lanes))


def _ms(began: float) -> float:
    return round((time.perf_counter() - began) * 1000, 3)
