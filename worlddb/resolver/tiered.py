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
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, product
from typing import Final

from worlddb.index.vector import VectorIndex
from worlddb.model import NodeId, Resolution, WorldSpec
from worlddb.normalize import normalize_name
from worlddb.phonetic import phonetic_key
from worlddb.plugins import Embedder
from worlddb.resolver.aliases import (
    MAX_PER_KEY,
    MAX_WITH_CONTEXT,
    MIN_SYLLABIC,
    AcronymIndex,
    alias_names,
    query_acronym,
    spelled_out_acronyms,
    stored_acronyms,
    syllabic,
    syllabic_keys,
)
from worlddb.resolver.base import NEW, candidate_types
from worlddb.resolver.blocking import Blocker, Candidate, ScopeSet, within_scopes
from worlddb.resolver.chinese import CHINESE_WHY, same_chinese_name
from worlddb.resolver.context import NO_CONTEXT, ContextWeigher, MentionContext, StoredContext
from worlddb.resolver.cores import CORED_TYPES, core_of
from worlddb.resolver.decide import answer, decide
from worlddb.resolver.forms import Reading, readings, stored_readings, unlisted_titles, untitled
from worlddb.resolver.japanese import JAPANESE_WHY, same_japanese_name
from worlddb.resolver.korean import KOREAN_WHY, one_korean_name, other_hangul_name
from worlddb.resolver.korean_latin import KOREAN_LATIN_SCORE, KOREAN_LATIN_WHY, same_korean_name
from worlddb.resolver.lexicon import GENERIC_HEADS
from worlddb.resolver.memo import EMBED_MEMO_SIZE, NameVectors
from worlddb.resolver.options import (
    DEFAULT_TIEBREAKER,
    DEFAULT_TIER_ORDER,
    SUPPORTS,
    Option,
    Tiebreaker,
    TierPreference,
    best_per_world,
)
from worlddb.resolver.places import two_places
from worlddb.resolver.romanised import abjad, foreign_script, romanise
from worlddb.resolver.similarity import (
    EVIDENCE_SOURCES,
    TRANSLIT_SIMILARITY,
    NameForm,
    compare_names,
    hard_conflict,
    name_form,
)
from worlddb.resolver.slip_index import SlipIndex
from worlddb.resolver.slips import other_name_in_script
from worlddb.store.protocols import Store

__all__ = [
    "DEFAULT_TIEBREAKER",
    "DEFAULT_TIER_ORDER",
    "Option",
    "ResolverSettings",
    "Tiebreaker",
    "TierPreference",
    "TieredResolver",
]

logger = logging.getLogger(__name__)

MAX_SURFACES: Final = 16  # surfaces compared per candidate: the name, then the newest aliases
QUALIFIER_PENALTY: Final = 0.03  # "Vincennes, Indiana" read as "Vincennes": a little less sure
BLOCKING_STAGES: Final = ("all", "loose", "any")
ALIAS_SCORE: Final = 0.95  # a name listed as an alias of the stored one
ACRONYM_SCORE: Final = 0.92  # an acronym of the stored name's words: a guess several may share
MIN_EXPANDED_ACRONYM: Final = 3  # "GE" stands for too much to propose from a full name
EXPANDED_WHY: Final = "acronym:%s: initials of the proposed name's words"


@dataclass(frozen=True, slots=True)
class ResolverSettings:
    """The resolver's thresholds and limits (scores are in [0, 1]; cosine for embeddings).

    A tier's *accept* threshold makes an answer a candidate; its *confident* threshold, when the
    runner-up trails by at least ``margin``, stops the run at that tier. A name that ties more
    than ``max_ambiguous`` worlds ("J. Smith" among many Smiths) is too unspecific to propose
    anything: it resolves as ``new``. Blocking limits: ``block_limit`` rows per FTS stage,
    ``any_limit`` per left-out-word query, ``phonetic_limit`` per phonetic-key or alias-prefix
    lookup, ``embedding_k`` nearest neighbours. The defaults were tuned on the seeded benchmark
    (``worlddb.bench.resolver``); see its report for what each tier catches.
    """

    fuzzy_accept: float = 0.9
    fuzzy_confident: float = 0.94
    phonetic_accept: float = 0.86
    phonetic_confident: float = 0.9
    embedding_accept: float = 0.95
    embedding_confident: float = 0.98
    margin: float = 0.02
    max_ambiguous: int = 2
    block_limit: int = 48
    any_limit: int = 16
    phonetic_limit: int = 16
    embedding_k: int = 16
    round5_matching: bool = True
    """Round 5 of issue 13, on by default since it was measured on every development set at 10k
    and 100k (no set regresses; round 4's set gains 0.04 precision and 0.19 recall; latency in
    BENCHMARKS.md, "Round 5, finished"): type class words optional at a name's end
    ("Nagoya City", "Kazlib License"), leading words read as unlisted titles at a penalty, names
    across scripts compared by romanisation-insensitive consonant keys, syllabic acronyms
    ("UNIMEP"), and acronym keys that skip particles of other languages. ``False`` is the
    round-4 resolver, kept for ablations (bench ``-p round5=0``)."""


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
        options = self._aliases(spec, surfaces, types, exclude, judge_)
        if scopes is not None and options:
            kept = set(within_scopes(self.queries, [o.world_id for o in options], scopes))
            options = [o for o in options if o.world_id in kept]
        if options and options[0].tier == "alias" and len({o.world_id for o in options}) == 1:
            return answer(options[0], options)
        blocking = list(surfaces)
        round5 = self.settings.round5_matching
        if spec.type == "Person" and round5:  # "Magister Aida Gonzalez" blocked as "Aida Gonzalez"
            guesses = (g for g in map(unlisted_titles, surfaces) if g)
            blocking += [g for g in guesses if g not in blocking]
        else:  # "X Gesellschaft mit beschränkter Haftung" is blocked as "X"
            cores = (" ".join(f.words) for f in map(name_form, surfaces) if f.suffix)
            blocking += [c for c in cores if c and c not in blocking]
        if round5:  # "용산구" is blocked as "용산" too, "org.apache.kafka" as "kafka"
            shorter = [core_of(spec.type, surface) for surface in surfaces]
            blocking += [c for c in shorter if c and c not in blocking]
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
                found.update(self._romanised(surfaces, types, exclude, scopes))
                slipped = [r for x in surfaces for r in self.slips.matches(x)]
                found.update(self.blocker.by_rids(slipped, types, exclude, scopes))
            if self._gather(found, cands, forms, spec.type, options, judge_):
                return answer(options[0], options)
        # a name in another script is keyed by its romanisation too ("Νουόρο" as Nouoro meets
        # Nuoro), a person's in an abjad not: its consonants alone meet too many names
        spoken = [r for x, r in other_script if spec.type == "Place" or not abjad(x)]
        keys = {phonetic_key(x) for x in (*surfaces, *spoken)}
        found = self.blocker.by_phonetic(
            keys, types, limit=s.phonetic_limit, exclude=exclude, scopes=scopes
        )
        if self._gather(found, cands, forms, spec.type, options, judge_):
            return answer(options[0], options)
        matched = {o.world_id for o in options}
        phonetic = self._compare(
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
            options = judge_.rescue(self._compare_relaxed(cands.values(), forms, spec.type))
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
    def _aliases(
        self,
        spec: WorldSpec,
        surfaces: Sequence[str],
        types: Sequence[str],
        exclude: Collection[str],
        judge_: ContextWeigher | None = None,
    ) -> list[Option]:
        """The alias tier: alias groups, then acronyms either way (see ``aliases``)."""
        out: list[Option] = []
        others = [
            (other, normalize_name(other), source)
            for surface in surfaces
            for other, source in alias_names(surface, types)
        ]
        if others:  # one read for all: a country's group holds a hundred spellings
            named = self.store.find_by_names([norm for _, norm, _ in others], types=types)
            out += [
                Option(w, "alias", ALIAS_SCORE, f"alias:{source}", other)
                for other, norm, source in others
                for w in named.get(norm, ())
                if w not in exclude
            ]
        if out or spec.type == "Person":
            return best_per_world(out)
        acronyms: list[Option] = []
        for surface in surfaces:
            key = query_acronym(surface)
            if key is not None:
                limit = MAX_PER_KEY if judge_ is None else MAX_WITH_CONTEXT
                found = self.blocker.by_rids(self.acronyms.lookup(key, limit), types, exclude)
                why = f"acronym:{key}: initials of the stored name's words"
                acronyms += [
                    Option(c.id, "acronym", ACRONYM_SCORE, why, c.surfaces[0])
                    for c in found.values()
                    if c.type != "Person"
                ]
                round5 = self.settings.round5_matching
                if round5 and not found and key.isalpha() and len(key) >= MIN_SYLLABIC:
                    acronyms += self._syllabic(key, types, exclude)
            acronyms += self._initials_named(surface, types, exclude)
        if judge_ is not None:
            # Context first: the holders whose ties the write's context shares, when any do.
            acronyms = judge_.weigh(acronyms, 2.0)
            backed = [o for o in acronyms if o.support == SUPPORTS]
            acronyms = backed or acronyms
        # An acronym that several stored entities share names none of them in particular.
        return best_per_world(acronyms) if len({o.world_id for o in acronyms}) == 1 else []

    def _initials_named(
        self, surface: str, types: Sequence[str], exclude: Collection[str]
    ) -> list[Option]:
        """Stored entities named by ``surface``'s initials ("EK" for "Eastman Kodak Company"):
        the keys of ``stored_acronyms`` first and, only when none names anything, the keys that
        keep a written-out legal form's initial ("EKC", ``spelled_out_acronyms``)."""
        round5 = self.settings.round5_matching
        second = spelled_out_acronyms(surface) if round5 else frozenset()
        for keys in (stored_acronyms(surface, round5), second):
            named = [
                Option(w, "acronym", ACRONYM_SCORE, EXPANDED_WHY % key, key.upper())
                for key in sorted(keys)
                if len(key) >= MIN_EXPANDED_ACRONYM
                for w in self.store.find_by_name(key, types=types)
                if w not in exclude
            ]
            if named:
                return named
        return []

    def _syllabic(self, key: str, types: Sequence[str], exclude: Collection[str]) -> list[Option]:
        """Stored names whose words cut short spell ``key`` ("UNIMEP"; ``aliases.syllabic``),
        found through the initials keys it may hide."""
        rids = self.acronyms.lookup_many(syllabic_keys(key))
        why = f"acronym:{key}: the stored name's words cut short and run together"
        return [
            Option(c.id, "acronym", ACRONYM_SCORE, why, c.surfaces[0])
            for c in self.blocker.by_rids(rids, types, exclude).values()
            if c.type != "Person" and syllabic(key, c.surfaces[0])
        ]

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
        if "Person" in types:  # the name in Hangul; another Latin spelling of an East Asian name
            index = self.acronyms
            for x in surfaces:
                rids += index.korean_matches(x) + index.korean_matches(x, latin=True)
                rids += index.chinese_matches(x) + index.japanese_matches(x)
        return self.blocker.by_rids(rids, types, exclude, scopes)

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
            for o in self._compare(fresh.values(), forms, kind, phonetic=False)
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

    def _compare(
        self, cands: Iterable[Candidate], surfaces: Sequence[str], kind: str, *, phonetic: bool
    ) -> list[Option]:
        out: list[Option] = []
        round5 = self.settings.round5_matching
        generic = GENERIC_HEADS.get(kind, frozenset()) if round5 else frozenset()
        scripts = [round5 and foreign_script(s) for s in surfaces]
        # The query's forms depend on whether the pair is personal only: read them once each.
        query_forms: dict[bool, list[Reading]] = {}
        # A place named with its region ("Vincennes, Indiana") or its unit ("용산구"), a tool with
        # its namespace, is also read without it, one side at a time: "Paris, France" is never
        # "Paris" with "Paris, Texas".
        heads = [core_of(kind, surface) for surface in surfaces] if round5 else []
        query_heads = [(name_form(h), False, QUALIFIER_PENALTY) for h in heads if h]
        abjad_query = any(abjad(s) for s in surfaces)
        for cand in cands:
            personal = "Person" in (kind, cand.type)
            place_pair = kind == cand.type == "Place"
            forms = query_forms.get(personal)
            if forms is None:
                forms = query_forms[personal] = readings(surfaces, scripts, personal, titles=round5)
            cored = bool(query_heads) or (round5 and kind == cand.type and kind in CORED_TYPES)
            best: Option | None = None
            for surface in cand.surfaces[:MAX_SURFACES]:
                if personal and any(one_korean_name(surface, q) for q in surfaces):
                    tier = "phonetic" if phonetic else "fuzzy"
                    best = Option(cand.id, tier, TRANSLIT_SIMILARITY, KOREAN_WHY, cand.surfaces[0])
                    break
                if personal and all(other_hangul_name(surface, q) for q in surfaces):
                    continue  # 김영일 is not 김영길: no string distance between Hangul names
                if round5 and all(other_name_in_script(surface, q) for q in surfaces):
                    continue  # "Конюшев" is not "Контюшев": no keyboard model in that script
                if place_pair and all(two_places(surface, q) for q in surfaces):
                    continue  # "Antalya" is not "Antakya": both are towns of their own
                foreign = round5 and foreign_script(surface)
                # two places' names across scripts are compared as people's are (consonant
                # keys), unless one is in an abjad, whose consonants alone meet too many names
                vowelled_places = place_pair and not (abjad(surface) or abjad_query)
                stored_forms = stored_readings(surface, foreign, personal, round5)
                pairs: Iterable[tuple[Reading, Reading]] = product(stored_forms, forms)
                if cored:
                    pairs = chain(
                        pairs,
                        product(stored_forms, query_heads),
                        product(_core_reading(cand.type, surface), forms),
                    )
                for (stored, _, cut), (form, script, penalty) in pairs:
                    match = compare_names(
                        form,
                        stored,
                        phonetic=phonetic,
                        personal=personal,
                        generic=generic,
                        cross=script != foreign and (personal or vowelled_places),
                        latin=not (script or foreign),
                        place=place_pair,
                    )
                    if match is None:
                        continue
                    score = round(match.score - penalty - cut, 4)
                    if best is None or score > best.score:
                        tier = "phonetic" if phonetic else "fuzzy"
                        why = f"{match.evidence}: {EVIDENCE_SOURCES[match.evidence]}"
                        if QUALIFIER_PENALTY in (penalty, cut):
                            why += "; read without its region, its kind of unit or its namespace"
                        elif penalty or cut:
                            why += "; leading words read as titles no vocabulary lists"
                        best = Option(cand.id, tier, score, why, cand.surfaces[0])
            if best is None and personal:  # "Yi Minjun" for "Lee Min-jun": a proposal
                best = self._east_asian_latin(cand, surfaces, phonetic)
            if best is not None:
                out.append(best)
        out.sort(key=lambda o: (-o.score, o.world_id))
        return out

    @staticmethod
    def _east_asian_latin(
        cand: Candidate, surfaces: Sequence[str], phonetic: bool
    ) -> Option | None:
        """Two Latin spellings of one Korean, Chinese or Japanese name (``korean_latin``,
        ``chinese``, ``japanese``), for a candidate the string comparison did not match: scored
        below the confident threshold, so it yields to any better reading."""
        tier = "phonetic" if phonetic else "fuzzy"
        for surface in cand.surfaces[:MAX_SURFACES]:
            for query in surfaces:
                if same_korean_name(surface, query):
                    why = KOREAN_LATIN_WHY
                elif same_chinese_name(surface, query):
                    why = CHINESE_WHY
                elif same_japanese_name(surface, query):
                    why = JAPANESE_WHY
                else:
                    continue
                return Option(cand.id, tier, KOREAN_LATIN_SCORE, why, cand.surfaces[0])
        return None

    def _compare_relaxed(
        self, cands: Iterable[Candidate], surfaces: Sequence[str], kind: str
    ) -> list[Option]:
        """Fuzzy matches the proper-name rules vetoed (one letter apart): for context to judge."""
        out: list[Option] = []
        for cand in cands:
            personal = "Person" in (kind, cand.type)
            forms = [name_form(s, personal) for s in surfaces]
            for surface in cand.surfaces[:MAX_SURFACES]:
                if personal and all(other_hangul_name(surface, q) for q in surfaces):
                    continue  # another syllable: another name, whatever the context
                stored = name_form(surface, personal)
                for form in forms:
                    match = compare_names(form, stored, personal=personal, strict=False)
                    if match is not None and match.score >= self.settings.fuzzy_accept:
                        why = (
                            f"{match.evidence}: {EVIDENCE_SOURCES[match.evidence]}; names one "
                            "letter apart that the name rules keep apart"
                        )
                        out.append(Option(cand.id, "fuzzy", match.score, why, cand.surfaces[0]))
        return best_per_world(out)

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


@lru_cache(maxsize=65536)
def _core_reading(kind: str, surface: str) -> tuple[Reading, ...]:
    """A stored name's ``core_of``, as a reading at ``QUALIFIER_PENALTY``."""
    head = core_of(kind, surface)
    return () if head is None else ((name_form(head), False, QUALIFIER_PENALTY),)
