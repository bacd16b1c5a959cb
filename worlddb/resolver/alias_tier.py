"""The resolver's alias tier: names of one alias group, and acronyms either way.

A name listed with the query in an alias group ("NYC" / "New York City": ISO 3166 via
pycountry, ``data/aliases.tsv``) is an answer at ``ALIAS_SCORE``. Failing that, for names other
than people's, an acronym: the query's letters as the initials of one stored name's words
("IBM"), or the query's own initials naming a stored acronym ("EK" for "Eastman Kodak
Company"). An acronym several stored names share names none of them in particular, unless the
write's context picks one (``context``). ``tiered.TieredResolver`` runs this tier before any
string comparison.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from worlddb.model import NodeId, WorldSpec
from worlddb.normalize import normalize_name
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
    syllabic_acronym,
    syllabic_keys,
)
from worlddb.resolver.blocking import Blocker
from worlddb.resolver.context import ContextWeigher
from worlddb.resolver.options import SUPPORTS, Option, best_per_world
from worlddb.resolver.romanised import foreign_script
from worlddb.store.protocols import Store

__all__ = ["ACRONYM_SCORE", "ALIAS_SCORE", "AliasTier"]

ALIAS_SCORE: Final = 0.95  # a name listed as an alias of the stored one
ACRONYM_SCORE: Final = 0.92  # an acronym of the stored name's words: a guess several may share
MIN_EXPANDED_ACRONYM: Final = 3  # "GE" stands for too much to propose from a full name
EXPANDED_WHY: Final = "acronym:%s: initials of the proposed name's words"
SYLLABIC_WHY: Final = "acronym:%s: the proposed name's words cut short and run together"


class AliasTier:
    """The alias tier over one store (see the module docstring).

    Args:
        store: Read for names equal to an alias or an acronym (never written).
        blocker: Loads candidates by row id.
        acronyms: The stored names' initials keys.
        round5: Syllabic acronyms and written-out legal forms' initials (``ResolverSettings``).
    """

    def __init__(
        self, store: Store, blocker: Blocker, acronyms: AcronymIndex, round5: bool
    ) -> None:
        self.store = store
        self.blocker = blocker
        self.acronyms = acronyms
        self.round5 = round5

    def options(
        self,
        spec: WorldSpec,
        surfaces: Sequence[str],
        types: Sequence[str],
        exclude: Collection[str],
        judge_: ContextWeigher | None = None,
    ) -> list[Option]:
        """The alias tier's answers for ``surfaces``: alias groups, then acronyms either way."""
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
                    and not _written_alike(surface, c.surfaces[0], key)
                    and foreign_script(c.surfaces[0]) == foreign_script(surface)  # see _written
                ]
                if self.round5 and not found and key.isalpha() and len(key) >= MIN_SYLLABIC:
                    syllabic_ = self._syllabic(key, types, exclude)
                    acronyms += [o for o in syllabic_ if not _written_alike(surface, o.name, key)]
            elif self.round5 and (long_ := syllabic_acronym(surface)) is not None:
                acronyms += self._syllabic(long_, types, exclude)  # "UNILORIN", "CAJASTUR"
            acronyms += self._initials_named(surface, types, exclude)
        if judge_ is not None:
            # Context first: the holders whose ties the write's context shares, when any do.
            acronyms = judge_.weigh(acronyms, 2.0)
            backed = [o for o in acronyms if o.support == SUPPORTS]
            acronyms = backed or acronyms
        # An acronym that several stored entities share names none of them in particular.
        return best_per_world(acronyms) if len({o.world_id for o in acronyms}) == 1 else []

    def _written(self, key: str, types: Sequence[str], surface: str) -> list[NodeId]:
        """Stored acronyms written with letters outside ASCII ("GİLT", "ПУМБ") whose folded
        letters are ``key``, in ``surface``'s script: the store finds a name by its case-folded
        spelling, which keeps the marks. Keys are folded to ASCII, so a Cyrillic acronym's key
        meets Latin initials too ("АТ" and "Avieoncar Teraencehal"), which say nothing."""
        held = self.blocker.by_rids(self.acronyms.written_as(key), types)
        own = foreign_script(surface)
        return [c.id for c in held.values() if foreign_script(c.surfaces[0]) == own]

    def _initials_named(
        self, surface: str, types: Sequence[str], exclude: Collection[str]
    ) -> list[Option]:
        """Stored entities named by ``surface``'s initials ("EK" for "Eastman Kodak Company"):
        the keys of ``stored_acronyms`` first and, only when none names anything, the keys that
        keep a written-out legal form's initial ("EKC", ``spelled_out_acronyms``); failing
        both, a stored acronym of one word whose syllables spell ``surface``'s words cut short
        ("UNLaM" for "Universidad Nacional de La Matanza", ``aliases.syllabic``)."""
        round5 = self.round5
        initials = stored_acronyms(surface, round5)
        second = spelled_out_acronyms(surface) if round5 else frozenset()
        for keys in (initials, second):
            named = [
                Option(w, "acronym", ACRONYM_SCORE, EXPANDED_WHY % key, key.upper())
                for key in sorted(keys)
                if len(key) >= MIN_EXPANDED_ACRONYM
                for w in [
                    *self.store.find_by_name(key, types=types),
                    *self._written(key, types, surface),
                ]
                if w not in exclude
            ]
            if named:
                break
        if not round5 or len(surface.split()) < 2:
            return named
        held = self.blocker.by_rids(self.acronyms.syllabic_holders(initials), types, exclude)
        keyed = (
            (c, query_acronym(c.surfaces[0]) or syllabic_acronym(c.surfaces[0]))
            for c in held.values()
            if c.type != "Person"
        )
        return named + [
            Option(c.id, "acronym", ACRONYM_SCORE, SYLLABIC_WHY % key, c.surfaces[0])
            for c, key in keyed
            if key is not None and syllabic(key, surface)
        ]

    def _syllabic(self, key: str, types: Sequence[str], exclude: Collection[str]) -> list[Option]:
        """Stored names whose words cut short spell ``key`` ("UNIMEP"; ``aliases.syllabic``),
        found through the initials keys it may hide."""
        rids = self.acronyms.lookup_many(syllabic_keys(key)) + self.acronyms.lead_holders(key)
        why = f"acronym:{key}: the stored name's words cut short and run together"
        return [
            Option(c.id, "acronym", ACRONYM_SCORE, why, c.surfaces[0])
            for c in self.blocker.by_rids(rids, types, exclude).values()
            if c.type != "Person" and syllabic(key, c.surfaces[0])
        ]


def _written_alike(query: str, stored: str, key: str) -> bool:
    """Whether a query of several words with an acronym in it ("CV Loano & Tamban") meets a
    stored name written the same way ("CV Loano & Taman"): both names abbreviate alike, so the
    shared key says nothing about them (the fuzzy tier compares their words instead). A query
    that is one acronym ("IBM") is what the acronym tier is for."""
    return len(query.split()) > 1 and query_acronym(stored) == key
