"""The tiered resolver: exact, alias, fuzzy, acronym, phonetic, embedding tiers; a tiebreaker.

Tiers run in order and the first *confident* answer stops the run:

========= =========================================================================================
exact     normalised name or alias equality through the indexed ``norm_name`` / ``norm_alias``
alias     a name of the same alias group (ISO 3166 via pycountry, ``data/aliases.tsv``): "NYC"
acronym   an acronym of the stored name's own words, or the query's ("IBM"), when exactly one
          stored entity has it (gathered with the fuzzy answers, ranked after them)
fuzzy     word-aligned Jaro–Winkler over names and aliases of FTS-blocked candidates: typos,
          transpositions, case and punctuation, nicknames, initials and abbreviations
phonetic  the same alignment, also accepting words with one phonetic code; candidates come from
          the indexed phonetic keys as well as from FTS ("Phillip"/"Filip", "Knight"/"Night")
embedding cosine between the name's embedding and stored names through the vector index, vetoed
          when the names carry different numbers or different given names
========= =========================================================================================

Answers below a tier's confident threshold but above its accept threshold are gathered; when they
all name one stored world it is the answer, when they name several the tiebreaker decides (or, with
no tiebreaker, the answer is ``ambiguous``). Only ``exact`` merges: the reconciler turns every
other ``resolved`` or ``ambiguous`` answer into pending ``same_as`` proposals.

This module runs the tiers and decides; its collaborators do the work: ``alias_tier.AliasTier``
(alias groups and acronyms), ``blocking.Blocker`` (candidates), ``scoring.CandidateScorer`` (the
fuzzy and phonetic comparison), ``settings.ResolverSettings`` (thresholds).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from typing import Final

from worlddb.index.fts_query import tokenize
from worlddb.index.vector import VectorIndex
from worlddb.model import NodeId, Resolution, WorldSpec
from worlddb.normalize import normalize_name
from worlddb.phonetic import phonetic_key
from worlddb.plugins import Embedder
from worlddb.resolver.abjad import arabic_name_spelling
from worlddb.resolver.alias_tier import AliasTier
from worlddb.resolver.aliases import AcronymIndex
from worlddb.resolver.base import NEW, candidate_types
from worlddb.resolver.blocking import Blocker, Candidate, ScopeSet, within_scopes
from worlddb.resolver.brahmic import brahmic_script
from worlddb.resolver.context import NO_CONTEXT, ContextWeigher, MentionContext, StoredContext
from worlddb.resolver.cores import core_of
from worlddb.resolver.decide import answer, decide
from worlddb.resolver.forms import unlisted_titles, untitled
from worlddb.resolver.memo import EMBED_MEMO_SIZE, NameVectors
from worlddb.resolver.options import (
    DEFAULT_TIEBREAKER,
    DEFAULT_TIER_ORDER,
    Option,
    Tiebreaker,
    TierPreference,
)
from worlddb.resolver.romanised import abjad, foreign_script, romanise
from worlddb.resolver.scoring import MAX_SURFACES, CandidateScorer
from worlddb.resolver.script_index import ArabicLatinIndex, BrahmicLatinIndex, ThaiLatinIndex
from worlddb.resolver.settings import ResolverSettings
from worlddb.resolver.similarity import NameForm, hard_conflict, name_form
from worlddb.resolver.slip_index import SlipIndex
from worlddb.resolver.written_out import (
    kind_written_short,
    without_leading_form,
    written_out_ending,
)
from worlddb.store.protocols import Store

__all__ = [
    "DEFAULT_TIEBREAKER",
    "DEFAULT_TIER_ORDER",
    "MAX_SURFACES",
    "Option",
    "ResolverSettings",
    "Tiebreaker",
    "TierPreference",
    "TieredResolver",
]

logger = logging.getLogger(__name__)

BLOCKING_STAGES: Final = ("all", "loose", "any")


class TieredResolver:
    """Resolves proposed entities through the four tiers; see the module docstring.

    Args:
        store: The store to read candidates from (never written).
        embedder: Embeds names for the embedding tier; with ``vectors``, or the tier is off.
        vectors: The vector index whose labels are ``nodes.rid``.
        tiebreaker: Decides disagreements (default: ``TierPreference()``); ``None`` leaves them
            ``ambiguous``.
        settings: Thresholds and limits.
        memo_size: Name embeddings kept between resolutions (``0``: none); see
            ``worlddb.resolver.memo``. Nothing that depends on the store is kept.
    """

    def __init__(
        self,
        store: Store,
        *,
        embedder: Embedder | None = None,
        vectors: VectorIndex | None = None,
        tiebreaker: Tiebreaker | None = DEFAULT_TIEBREAKER,
        settings: ResolverSettings | None = None,
        memo_size: int = EMBED_MEMO_SIZE,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.vectors = vectors
        self.tiebreaker = tiebreaker
        self.settings = settings or ResolverSettings()
        self.queries = store.resolver_queries
        self.blocker = Blocker(self.queries)
        self.name_vectors = NameVectors(memo_size)
        self.acronyms = AcronymIndex(self.queries, round5=self.settings.round5_matching)
        self.slips = SlipIndex(self.queries)  # one-word names mistyped near their start
        self.brahmic_latin = BrahmicLatinIndex(self.queries)  # "கனிமொழி" for "Kanimozhi"
        self.arabic_latin = ArabicLatinIndex(self.queries)  # "قطابر" for "Qatabir"
        self.thai_latin = ThaiLatinIndex(self.queries)  # "ตลาดน้อย" for "Talat Noi"
        round5 = self.settings.round5_matching
        self.alias_tier = AliasTier(store, self.blocker, self.acronyms, round5)
        self.scorer = CandidateScorer(round5=round5, accept=self.settings.fuzzy_accept)

    def resolve(
        self,
        spec: WorldSpec,
        /,
        *,
        exclude: Collection[str] = (),
        scopes: ScopeSet = None,
        context: MentionContext = NO_CONTEXT,
    ) -> Resolution:
        """Resolve ``spec`` (its name and aliases) against the stored entities.

        Args:
            spec: The proposed world; only ``type``, ``name`` and ``aliases`` are read.
            exclude: Stored worlds that must not be answered (re-resolving a stored world).
            scopes: Where to look (``worlddb.resolver.blocking.ScopeSet``); ``None``: anywhere.
            context: The entities the write names around ``spec`` (``worlddb.resolver.context``):
                close calls whose candidate shares none of them (while having ties of its own)
                are dropped, a pair one letter apart that the name rules veto is proposed when
                they share one, an acronym several stored names share picks the one that
                shares one; every proposal's evidence says which.
        """
        judge_ = ContextWeigher(context, StoredContext(self.queries)) if context else None
        surfaces = [s for s in (spec.name, *spec.aliases) if normalize_name(s)]
        if not surfaces:
            return NEW
        types = candidate_types(spec.type)
        exact = within_scopes(self.queries, self._exact(surfaces, types, exclude), scopes)
        if exact:
            return decide(
                spec,
                [Option(w, "exact", 1.0, "name") for w in exact],
                self.tiebreaker,
                self.settings.margin,
                self.settings.max_ambiguous,
            )
        if spec.type == "Person":  # block by the name without its written-short titles too
            surfaces += [u for u in map(untitled, surfaces) if u not in surfaces]
        forms = surfaces
        s = self.settings
        cands: dict[int, Candidate] = {}
        options = self.alias_tier.options(spec, surfaces, types, exclude, judge_)
        if scopes is not None and options:
            kept = set(within_scopes(self.queries, [o.world_id for o in options], scopes))
            options = [o for o in options if o.world_id in kept]
        if options and options[0].tier == "alias" and len({o.world_id for o in options}) == 1:
            return answer(options[0], options)
        blocking = list(surfaces)
        unformed: list[str] = []  # a name in another script without its form, folded
        kinds: list[str] = []  # "Communauté de communes Sundgau" as "CC Sundgau"
        round5 = self.settings.round5_matching
        if spec.type == "Person" and round5:  # "Magister Aida Gonzalez" blocked as "Aida Gonzalez"
            guesses = (g for g in map(unlisted_titles, surfaces) if g)
            blocking += [g for g in guesses if g not in blocking]
        else:  # "X Gesellschaft mit beschränkter Haftung" is blocked as "X"
            parsed = [(x, name_form(x)) for x in surfaces]
            cores = [" ".join(f.words) for _, f in parsed if f.suffix]
            blocking += [c for c in cores if c and c not in blocking]
            # ... and a name in another script so among the names stored in one (``_romanised``)
            unformed = [" ".join(f.words) for x, f in parsed if f.suffix and foreign_script(x)]
            if spec.type == "Organization":  # "PT Besulutu" blocked as "Besulutu" too
                bare = [_unformed(x, f.words) for x, f in parsed]
                # "Tomita Yugen Kaisha" as "Tomita": a form no list knows, written out, may be
                # stored as its initials ("Tomita Y.K.", ``written_out.form_written_out``)
                bare += [
                    _in_script(x, f.words, slice(0, -cut))
                    for x, f in parsed
                    if (cut := written_out_ending(f))
                ]
                blocking += [" ".join(b) for b in bare if b and " ".join(b) not in blocking]
                kinds = [" ".join(k) for _, f in parsed for k in kind_written_short(f.words)]
        if round5:  # "용산구" is blocked as "용산" too, "org.apache.kafka" as "kafka"
            shorter = [core_of(spec.type, surface) for surface in surfaces]
            blocking += [c for c in shorter if c and c not in blocking]
            spelled = (romanise(c) for c in shorter if c and foreign_script(c))  # "瑞芳": RuiFang
            blocking += [c for c in spelled if c not in blocking]
        # a name written in another script is blocked by its romanisation at every stage, so
        # "Дмитро Рубан" meets "Dmytro Ruban" through the one word they spell alike
        other_script = [(x, romanise(x)) for x in surfaces if foreign_script(x)]
        blocking += [r for _, r in other_script if r not in blocking]
        for stage in BLOCKING_STAGES:
            limit = s.block_limit if stage != "any" else s.any_limit
            found = self.blocker.by_text(
                blocking, types, stage=stage, limit=limit, exclude=exclude, scopes=scopes
            )
            if stage == BLOCKING_STAGES[0]:
                found.update(
                    self.blocker.by_alias_prefix(
                        surfaces, types, limit=s.phonetic_limit, exclude=exclude, scopes=scopes
                    )
                )
                # "Попов Акционерно дружество" meets "Попов АД" by its name without its form
                found.update(self._romanised([*surfaces, *unformed], types, exclude, scopes))
                if kinds:
                    found.update(
                        self.blocker.by_text(
                            kinds, types, stage=stage, limit=limit, exclude=exclude, scopes=scopes
                        )
                    )
                slipped = [r for x in surfaces for r in self.slips.matches(x)]
                found.update(self.blocker.by_rids(slipped, types, exclude, scopes))
            if self._gather(found, cands, forms, spec.type, options, judge_):
                return answer(options[0], options)
        # a name in another script is keyed by its romanisation too ("Νουόρο" as Nouoro meets
        # Nuoro), a person's in an abjad not: its consonants alone meet too many names
        spoken = [r for x, r in other_script if spec.type == "Place" or not abjad(x)]
        # a Brahmic script's "v" is often "w" in Latin letters ("කලවාන" / Kalawana), and the
        # phonetic code tells the two apart
        spoken += [r.replace("v", "w") for x, r in other_script if round5 and brahmic_script(x)]
        keys = {phonetic_key(x) for x in (*surfaces, *spoken)}
        found = self.blocker.by_phonetic(
            keys, types, limit=s.phonetic_limit, exclude=exclude, scopes=scopes
        )
        if self._gather(found, cands, forms, spec.type, options, judge_):
            return answer(options[0], options)
        matched = {o.world_id for o in options}
        phonetic = self.scorer.compare(
            (c for c in cands.values() if c.id not in matched), forms, spec.type, phonetic=True
        )
        heard = [o for o in phonetic if o.score >= s.phonetic_accept]
        if judge_ is not None:
            heard = judge_.weigh(heard, self.settings.phonetic_confident)
        if not options and self._confident(heard, s.phonetic_confident):
            return answer(heard[0], heard)
        options += heard
        embedded = self._embedding(spec, [name_form(x) for x in surfaces], types, exclude)
        if scopes is not None and embedded:
            kept = set(within_scopes(self.queries, [o.world_id for o in embedded], scopes))
            embedded = [o for o in embedded if o.world_id in kept]
        if judge_ is not None:
            embedded = judge_.weigh(embedded, 2.0)  # a cosine is never sure on its own
        if not options and self._confident(embedded, s.embedding_confident):
            return answer(embedded[0], embedded)
        options += embedded
        if judge_ is not None and not options:
            options = judge_.rescue(self.scorer.compare_relaxed(cands.values(), forms, spec.type))
        return decide(
            spec, options, self.tiebreaker, self.settings.margin, self.settings.max_ambiguous
        )

    def resolve_within(self, spec: WorldSpec, scopes: Sequence[str], /) -> Resolution:
        """``resolve`` among the entities in every one of ``scopes`` (see ``ScopedResolver``)."""
        return self.resolve(spec, scopes=tuple(scopes))

    def resolve_in_context(
        self, spec: WorldSpec, scopes: Sequence[str], context: MentionContext, /
    ) -> Resolution:
        """``resolve_within`` with what the write says around ``spec`` (``ContextualResolver``)."""
        return self.resolve(spec, scopes=tuple(scopes), context=context)

    # -- tiers ----------------------------------------------------------------------------------
    def _romanised(
        self,
        surfaces: Sequence[str],
        types: Sequence[str],
        exclude: Collection[str],
        scopes: ScopeSet,
    ) -> dict[int, Candidate]:
        """Candidates across scripts (``romanised``): stored names in another script that the
        romanised query spells, and the East Asian readings of a person's name. (A query written
        in another script is blocked by its romanisation in every stage of ``resolve``.)"""
        rids = [r for x in surfaces for r in self.acronyms.romanised_matches(x)]
        arabic: list[int] = []
        if self.settings.round5_matching:
            rids += [r for x in surfaces for r in self.brahmic_latin.matches(x)]
            if "Place" in types:
                rids += [r for x in surfaces for r in self.thai_latin.matches(x)]
            if "Place" in types or "Person" in types:
                arabic = [r for x in surfaces for r in self.arabic_latin.matches(x)]
        if "Person" in types:  # the name in Hangul; another Latin spelling of an East Asian name
            index = self.acronyms
            for x in surfaces:
                rids += index.korean_matches(x) + index.korean_matches(x, latin=True)
                rids += index.chinese_matches(x) + index.japanese_matches(x)
        found = self.blocker.by_rids(rids, types, exclude, scopes)
        if arabic:
            found.update(
                _spelled_people(self.blocker.by_rids(arabic, types, exclude, scopes), surfaces)
            )
        return found

    def _gather(
        self,
        found: dict[int, Candidate],
        cands: dict[int, Candidate],
        forms: Sequence[str],
        kind: str,
        options: list[Option],
        judge_: ContextWeigher | None = None,
    ) -> bool:
        """Score the new candidates in ``found`` (fuzzy tier); whether the answer is now sure."""
        fresh = self.blocker.with_aliases({r: c for r, c in found.items() if r not in cands})
        cands.update(fresh)
        accepted = [
            o
            for o in self.scorer.compare(fresh.values(), forms, kind, phonetic=False)
            if o.score >= self.settings.fuzzy_accept
        ]
        if judge_ is not None:
            accepted = judge_.weigh(accepted, self.settings.fuzzy_confident)
        if accepted:
            options += accepted
            options.sort(key=lambda o: (-o.score, o.world_id))
        return self._confident(options, self.settings.fuzzy_confident)

    def _exact(
        self, surfaces: Sequence[str], types: Sequence[str], exclude: Collection[str]
    ) -> list[NodeId]:
        for surface in surfaces:
            found = [
                w
                for w in self.store.find_by_name(normalize_name(surface), types=types)
                if w not in exclude
            ]
            if found:
                return found
        return []

    def _embedding(
        self,
        spec: WorldSpec,
        forms: Sequence[NameForm],
        types: Sequence[str],
        exclude: Collection[str],
    ) -> list[Option]:
        if self.embedder is None or self.vectors is None or len(self.vectors) == 0:
            return []
        vector = self.name_vectors.vector(self.embedder, spec.name or spec.aliases[0])
        hits = dict(self.vectors.search(vector, self.settings.embedding_k))
        scores = {rid: round(sim, 4) for rid, sim in hits.items()}
        # Only neighbours above the accept threshold can become options: load just those (most
        # first-pass searches have none, and then no row is read at all).
        kept = [rid for rid, score in scores.items() if score >= self.settings.embedding_accept]
        if not kept:
            return []
        cands = self.blocker.with_aliases(self.blocker.by_rids(kept, types, exclude))
        out: list[Option] = []
        for rid, cand in cands.items():
            score = scores[rid]
            stored = [name_form(s) for s in cand.surfaces[:MAX_SURFACES]]
            if all(hard_conflict(f, g) for f in forms for g in stored):
                continue
            why = "cosine of the names' embeddings, no number or given-name conflict"
            out.append(Option(cand.id, "embedding", score, why, cand.surfaces[0]))
        out.sort(key=lambda o: (-o.score, o.world_id))
        return out

    # -- decisions ------------------------------------------------------------------------------
    def _confident(self, ranked: Sequence[Option], threshold: float) -> bool:
        if not ranked or ranked[0].score < threshold:
            return False
        rivals = [o for o in ranked[1:] if o.world_id != ranked[0].world_id]
        return not rivals or ranked[0].score - rivals[0].score >= self.settings.margin


def _spelled_people(found: dict[int, Candidate], surfaces: Sequence[str]) -> dict[int, Candidate]:
    """The Arabic index's candidates to keep: its places, and the people a name in Arabic letters
    spells word by word (``abjad.arabic_name_spelling``), only those: a person's consonant key
    meets many Latin names that the general comparison across scripts would then take for it."""
    return {
        rid: c
        for rid, c in found.items()
        if c.type != "Person" or any(arabic_name_spelling(x, c.surfaces[0]) for x in surfaces)
    }


def _unformed(surface: str, words: tuple[str, ...]) -> tuple[str, ...] | None:
    """``surface`` without its legal form written first (``without_leading_form`` of its folded
    ``words``), in its own script (``_in_script``)."""
    bare = without_leading_form(words)
    return None if bare is None else _in_script(surface, words, slice(len(words) - len(bare), None))


def _in_script(surface: str, words: tuple[str, ...], part: slice) -> tuple[str, ...]:
    """The ``part`` of ``surface``'s folded ``words``, written in ``surface``'s own script: a
    name stored in Cyrillic or Greek is indexed so, so "Акционерное общество «Касли»" is
    blocked as "касли" and "Λούτσα Ανώνυμη Εταιρεία" as "λούτσα", not as their romanisations."""
    if not foreign_script(surface):
        return words[part]
    tokens = tokenize(surface)
    return tuple(tokens[part]) if len(tokens) == len(words) else words[part]
