"""Second-round lanes: searches that start from the text and vector lanes' candidates.

``episode`` (``worlddb.recall.episodes``) ranks the episodes the candidates belong to by all
their evidence; ``prf`` and ``prf_vector`` (``worlddb.recall.feedback``) search again from the
first round's best hits; ``prf_graph`` follows the memory graph from them (the entities their
facts refer to, hubs left out, and every memory that mentions those); ``category`` expands the
question's category nouns (``worlddb.recall.categories``); ``context`` returns the turns next to
the best hits in their conversation (a question's words often match the turn that *asked* —
"Which book did you like?" — while the answer is the reply beside it). Each is an optional
recall lane, so an ablation switches it alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from worlddb.index.dense import search_dense
from worlddb.index.filters import WorldFilter, filter_ids, filter_rids
from worlddb.index.fts import search_text
from worlddb.index.graph import edges_touching, mentions
from worlddb.index.vector import VectorIndex
from worlddb.plugins import Embedder
from worlddb.recall.beside import neighbour_ids
from worlddb.recall.categories import category_terms
from worlddb.recall.episodes import EPISODE_POOL, PER_EPISODE, rank_episodes
from worlddb.recall.feedback import (
    EXPANSION_TERMS,
    FEEDBACK_DOCS,
    FEEDBACK_POOL,
    ROCCHIO_BETA,
    expansion_terms,
    first_round,
    rocchio,
)
from worlddb.store.episodes import EpisodeReads
from worlddb.store.protocols import Store

__all__ = ["SecondRound"]

_FIRST: Final = ("bm25", "vector")
HUB_MENTIONS: Final = 30
"""An entity more memories than this mention is a hub (the user, "home"): not followed."""
CONTEXT_POOL: Final = 10
"""How many of the first round's best hits lend their neighbouring turns to ``context``."""
DF_CAP: Final = 10_000
"""Document counts stop here: a word in more worlds than this is common anyway."""


class SecondRound:
    """Runs one second-round lane over the first round's rankings (str rids, best first)."""

    def __init__(
        self,
        store: Store,
        vectors: VectorIndex | None,
        embedder: Embedder | None,
        episodes: EpisodeReads,
        *,
        k: int,
        max_terms: int,
    ) -> None:
        self.store = store
        self.vectors = vectors
        self.embedder = embedder
        self.episodes = episodes
        self.k = k
        self.max_terms = max_terms
        # Knobs, named for experiments (see the lanes' modules for what each means).
        self.per_episode = PER_EPISODE
        self.episode_pool = EPISODE_POOL
        self.feedback_docs = FEEDBACK_DOCS
        self.feedback_pool = FEEDBACK_POOL
        self.expansion_terms = EXPANSION_TERMS
        self.beta = ROCCHIO_BETA
        self.use_idf = True
        self.hub_mentions = HUB_MENTIONS
        self.entity_types: tuple[str, ...] = ()
        self.context_pool = CONTEXT_POOL

    def run(
        self,
        lane: str,
        text: str,
        rankings: Mapping[str, Sequence[str]],
        flt: WorldFilter,
        limit: int,
    ) -> list[int]:
        """The lane's hits, best first (at most ``limit``); ``[]`` without a first round."""
        if lane == "category":
            terms = category_terms(text)
            if not terms:
                return []
            hits = search_text(
                self.store, " ".join(terms), flt=flt, limit=limit, max_terms=len(terms)
            )
            return [h.rid for h in hits]
        first = {lane: [int(r) for r in rankings.get(lane, ())] for lane in _FIRST}
        if not any(first.values()):
            return []
        if lane == "episode":
            return self._episodes(first, flt, limit)
        order = first_round(first, self.k)
        if lane == "prf":
            return self._prf_text(text, order, flt, limit)
        if lane == "prf_graph":
            return self._prf_graph(order, flt, limit)
        if lane == "context":
            return self._context(order, flt, limit)
        return self._prf_vector(text, order, flt, limit)

    def _episodes(self, first: Mapping[str, list[int]], flt: WorldFilter, limit: int) -> list[int]:
        pools = {lane: rids[: self.episode_pool] for lane, rids in first.items()}
        episode_of = self.episodes.episodes_of({r for rids in pools.values() for r in rids})
        ranked = rank_episodes(pools, episode_of, k=self.k, per_episode=self.per_episode)
        keep = filter_rids(self.store, ranked, flt)
        return [rid for rid in ranked if rid in keep][:limit]

    def _prf_text(self, text: str, order: list[int], flt: WorldFilter, limit: int) -> list[int]:
        pool = order[: self.feedback_pool]
        worlds = self.store.worlds_by_rid(pool)
        texts = [worlds[r].text for r in pool if r in worlds]
        terms = expansion_terms(
            text,
            texts[: self.feedback_docs],
            texts,
            limit=self.expansion_terms,
            doc_freq=self._doc_freqs if self.use_idf else None,
        )
        if not terms:
            return []
        query = f"{text} {' '.join(terms)}"
        hits = search_text(self.store, query, flt=flt, limit=limit, max_terms=self.max_terms)
        return [h.rid for h in hits]

    def _prf_graph(self, order: list[int], flt: WorldFilter, limit: int) -> list[int]:
        """Worlds that mention the entities the first round's best hits (and the facts
        derived from them) refer to, hub entities left out."""
        top = list(self.store.ids_of(order[: self.feedback_docs]).values())
        derived = edges_touching(self.store, top, types=["derived_from"], direction="in")
        claims = [*top, *(e.source for e in derived)]
        refs = edges_touching(self.store, claims, types=["refers_to"], direction="out")
        entities = list(dict.fromkeys(e.target for e in refs))
        counts = self.episodes.mention_counts(entities, self.hub_mentions + 1)
        seeds = [e for e in entities if counts.get(e, 0) <= self.hub_mentions]
        if not seeds:
            return []
        hits = mentions(
            self.store, seeds, flt=flt, limit=limit, entity_types=self.entity_types, hops=1
        )
        return [h.rid for h in hits]

    def _context(self, order: list[int], flt: WorldFilter, limit: int) -> list[int]:
        """The turns before and after each of the first round's best turns in its session (the
        session's children keep the conversation's order), in the order of those hits."""
        worlds = self.store.worlds_by_rid(order[: self.context_pool])
        turns = [worlds[r] for r in order[: self.context_pool] if r in worlds]
        beside = neighbour_ids(self.store, ((w.id, w.parent) for w in turns if w.type == "Turn"))
        found = list(dict.fromkeys(i for w in turns for _, i in beside.get(w.id, ())))
        admitted = filter_ids(self.store, found, flt)
        return [admitted[i] for i in found if i in admitted][:limit]

    def _doc_freqs(self, words: Sequence[str]) -> tuple[Mapping[str, int], int]:
        return self.episodes.doc_freqs(words, DF_CAP)

    def _prf_vector(self, text: str, order: list[int], flt: WorldFilter, limit: int) -> list[int]:
        if self.vectors is None or self.embedder is None or not text.strip():
            return []
        top = order[: self.feedback_docs]
        stored = self.episodes.vectors_of(top)
        query = self.embedder.embed_queries([text])[0]
        moved = rocchio(query, [stored[r] for r in top if r in stored], beta=self.beta)
        return [h.rid for h in search_dense(self.store, self.vectors, moved, flt=flt, limit=limit)]
