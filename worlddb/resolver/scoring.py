"""The fuzzy and phonetic tiers' comparison of a query with each blocked candidate.

Every stored surface of a candidate (its name, then its newest aliases, ``MAX_SURFACES`` of
them) is read every way it may be read (``forms.readings``: titles set aside, other scripts
romanised, a place's region or a tool's namespace cut off at ``QUALIFIER_PENALTY``) and
compared with every reading of the query (``similarity.compare_names``); a candidate's answer
is its best pair. Name rules that no score can overrule run first: two Hangul names, two names
in one non-Latin script, two towns of their own are never one; a place written in Arabic letters
is compared with a Latin one by its letters (``abjad``), before any romanisation. ``tiered.
TieredResolver`` calls this once per blocking stage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import chain, product
from typing import Final

from worlddb.resolver.abjad import ABJAD_WHY, arabic_name_spelling, arabic_spelling, is_arabic
from worlddb.resolver.blocking import Candidate
from worlddb.resolver.brahmic import brahmic_script
from worlddb.resolver.chinese import CHINESE_WHY, same_chinese_name
from worlddb.resolver.cjk_forms import cjk_legal_form
from worlddb.resolver.cores import CORED_TYPES, core_of
from worlddb.resolver.forms import Reading, readings, stored_readings
from worlddb.resolver.japanese import JAPANESE_WHY, same_japanese_name
from worlddb.resolver.korean import KOREAN_WHY, one_korean_name, other_hangul_name
from worlddb.resolver.korean_latin import KOREAN_LATIN_SCORE, KOREAN_LATIN_WHY, same_korean_name
from worlddb.resolver.lexicon import GENERIC_HEADS
from worlddb.resolver.options import Option, best_per_world
from worlddb.resolver.places import two_places
from worlddb.resolver.romanised import HAN, abjad, foreign_script, han
from worlddb.resolver.similarity import (
    EVIDENCE_SOURCES,
    TRANSLIT_SIMILARITY,
    compare_names,
    name_form,
)
from worlddb.resolver.slips import other_name_in_script
from worlddb.resolver.thai import THAI_WHY, is_thai, thai_spelling
from worlddb.resolver.units import latin_unit_dropped, unit_dropped

__all__ = ["MAX_SURFACES", "QUALIFIER_PENALTY", "CandidateScorer"]

MAX_SURFACES: Final = 16  # surfaces compared per candidate: the name, then the newest aliases
QUALIFIER_PENALTY: Final = 0.03  # "Vincennes, Indiana" read as "Vincennes": a little less sure


class CandidateScorer:
    """Scores blocked candidates against a query (see the module docstring).

    Args:
        round5: Round 5's readings (``ResolverSettings.round5_matching``).
        accept: The fuzzy tier's accept threshold, for ``compare_relaxed``.
    """

    def __init__(self, *, round5: bool, accept: float) -> None:
        self.round5 = round5
        self.accept = accept

    def compare(
        self, cands: Iterable[Candidate], surfaces: Sequence[str], kind: str, *, phonetic: bool
    ) -> list[Option]:
        """Each candidate's best reading against the query's ``surfaces``, best first: every
        stored surface (up to ``MAX_SURFACES``) against every reading of the query's, in the fuzzy
        tier or, with ``phonetic``, the phonetic one (``similarity.compare_names``)."""
        out: list[Option] = []
        round5 = self.round5
        generic = GENERIC_HEADS.get(kind, frozenset()) if round5 else frozenset()
        scripts = [round5 and foreign_script(s) for s in surfaces]
        # The query's forms depend on whether the pair is personal only: read them once each.
        query_forms: dict[bool, list[Reading]] = {}
        # A place named with its region ("Vincennes, Indiana") or its unit ("용산구"), a tool with
        # its namespace, is also read without it, one side at a time: "Paris, France" is never
        # "Paris" with "Paris, Texas".
        heads = [core_of(kind, surface) for surface in surfaces] if round5 else []
        query_heads = [(name_form(h), False, QUALIFIER_PENALTY) for h in heads if h]
        # "Ruifang District" against "瑞芳區": each name without its unit, across scripts only
        units = round5 and kind == "Place"
        bare_query = [r for x in surfaces for r in _bare_reading(x)] if units else []
        unit_query = units and any(unit_dropped(x) for x in surfaces)
        abjad_query = any(abjad(s) for s in surfaces)
        query_script = next((b for b in map(_script_of, surfaces) if b), "")
        for cand in cands:
            personal = "Person" in (kind, cand.type)
            place_pair = kind == cand.type == "Place"
            people = kind == cand.type == "Person"
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
                spelled = _spelled_across(surface, surfaces, place_pair, people) if round5 else ""
                if spelled:  # "قطابر" / "Qatabir", "ตลาดน้อย" / "Talat Noi"
                    tier = "phonetic" if phonetic else "fuzzy"
                    best = Option(cand.id, tier, TRANSLIT_SIMILARITY, spelled, cand.surfaces[0])
                    break
                if all(_two_hangul_names(surface, q, personal) for q in surfaces):
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
                script_ = (_script_of(surface) if foreign else query_script) if round5 else ""
                pairs: Iterable[tuple[Reading, Reading]] = product(stored_forms, forms)
                if cored:
                    pairs = chain(
                        pairs,
                        product(stored_forms, query_heads),
                        product(_core_reading(cand.type, surface), forms),
                    )
                if place_pair and foreign and unit_dropped(surface):
                    cores = _core_reading(cand.type, surface)
                    pairs = chain(pairs, product(cores, bare_query))
                if place_pair and unit_query and not foreign:
                    pairs = chain(pairs, product(_bare_reading(surface), query_heads))
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
                        script=script_,
                        organisation=kind == cand.type == "Organization",
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

    def compare_relaxed(
        self, cands: Iterable[Candidate], surfaces: Sequence[str], kind: str
    ) -> list[Option]:
        """Fuzzy matches the proper-name rules vetoed (one letter apart): for context to judge."""
        out: list[Option] = []
        for cand in cands:
            personal = "Person" in (kind, cand.type)
            forms = [name_form(s, personal) for s in surfaces]
            for surface in cand.surfaces[:MAX_SURFACES]:
                if all(_two_hangul_names(surface, q, personal) for q in surfaces):
                    continue  # another syllable: another name, whatever the context
                stored = name_form(surface, personal)
                for form in forms:
                    match = compare_names(form, stored, personal=personal, strict=False)
                    if match is not None and match.score >= self.accept:
                        why = (
                            f"{match.evidence}: {EVIDENCE_SOURCES[match.evidence]}; names one "
                            "letter apart that the name rules keep apart"
                        )
                        out.append(Option(cand.id, "fuzzy", match.score, why, cand.surfaces[0]))
        return best_per_world(out)


@lru_cache(maxsize=65536)
def _core_reading(kind: str, surface: str) -> tuple[Reading, ...]:
    """A stored name's ``core_of``, as a reading at ``QUALIFIER_PENALTY``."""
    head = core_of(kind, surface)
    return () if head is None else ((name_form(head), False, QUALIFIER_PENALTY),)


@lru_cache(maxsize=65536)
def _bare_reading(surface: str) -> tuple[Reading, ...]:
    """A place's Latin name without its unit word (``units.latin_unit_dropped``), as a reading
    at ``QUALIFIER_PENALTY``: compared only with a name in another script read without its
    unit character."""
    bare = latin_unit_dropped(surface)
    return () if bare is None else ((name_form(bare), False, QUALIFIER_PENALTY),)


def _two_hangul_names(a: str, b: str, personal: bool) -> bool:
    """``korean.other_hangul_name``, an organisation's names read without their legal form
    ("(유)항월" / "(유)장월", ``cjk_forms``)."""
    if not personal:
        a, b = cjk_legal_form(a)[0], cjk_legal_form(b)[0]
    return other_hangul_name(a, b, personal)


def _spelled_across(surface: str, surfaces: Sequence[str], places: bool, people: bool) -> str:
    """The evidence when one of two places' names is in Arabic or Thai letters and the other,
    in Latin letters, spells it (``abjad.arabic_spelling``, ``thai.thai_spelling``), or one of
    two people's names is in Arabic letters and the other spells it word by word
    (``abjad.arabic_name_spelling``); ``""`` otherwise."""
    if places and _spelled(surface, surfaces, is_arabic, arabic_spelling):
        return ABJAD_WHY
    if people and _spelled(surface, surfaces, is_arabic, arabic_name_spelling):
        return ABJAD_WHY
    if places and _spelled(surface, surfaces, is_thai, thai_spelling):
        return THAI_WHY
    return ""


def _spelled(
    surface: str,
    surfaces: Sequence[str],
    written: Callable[[str], bool],
    spelling: Callable[[str, str], bool],
) -> bool:
    """Whether one of two names is ``written`` in a script and the other, in Latin letters,
    is its ``spelling``."""
    if written(surface):
        return any(not foreign_script(q) and spelling(surface, q) for q in surfaces)
    if foreign_script(surface):
        return False
    return any(written(q) and spelling(q, surface) for q in surfaces)


def _script_of(surface: str) -> str:
    """The script a name across scripts is compared by, where it has its own rules: a
    Brahmic one (``brahmic``) or ``HAN``; else ``""``."""
    return brahmic_script(surface) or (HAN if han(surface) else "")
