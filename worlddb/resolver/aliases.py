"""Alias knowledge: names that share no letters with each other, and acronyms.

"NYC" and "New York City", "K8s" and "Kubernetes", "IBM" and "International Business Machines"
are one entity, and no string distance can say so. Two sources cover them:

* **alias groups** (``alias_groups``: countries, subdivisions, US states, towns' other names,
  programming languages' short names and ``data/aliases.tsv``), re-exported here;
* **acronyms derived from a name's own words**: initials ("International Business Machines" →
  IBM), with connectors kept whole ("Bank of America" → BofA), camel-case parts ("JavaScript" →
  JS), mixed forms ("UC Berkeley" → "University of California, Berkeley") and numeronyms
  ("Kubernetes" → K8s), computed by ``acronym_keys``. ``AcronymIndex`` keeps these keys for
  the stored entities in memory so a query that *is* an acronym finds its expansion without
  scanning the store; the keys that keep a written-out legal form's initial ("Eastman Kodak
  Company" → EKC) are a second rank, read only when no name answers to the first.

Pure except ``AcronymIndex``, which reads (never writes) the store.
"""

from __future__ import annotations

import threading
from bisect import insort
from collections.abc import Callable, Iterable, Mapping
from typing import Final

from worlddb.resolver.acronym_keys import (
    MAX_SYLLABIC,
    MIN_SYLLABIC,
    lead_keys,
    query_acronym,
    spelled_out_acronyms,
    stored_acronyms,
    syllabic,
    syllabic_acronym,
    syllabic_keys,
    syllabic_lead_keys,
)
from worlddb.resolver.alias_groups import alias_names, alias_types
from worlddb.resolver.brahmic import TAMIL, brahmic_script
from worlddb.resolver.chinese import chinese_keys, same_chinese_name
from worlddb.resolver.japanese import japanese_keys, same_japanese_name
from worlddb.resolver.korean import (
    could_be_korean,
    hangul_key,
    is_hangul_name,
    latin_keys,
    one_korean_name,
)
from worlddb.resolver.korean_latin import same_korean_name
from worlddb.resolver.letter_scripts import LETTER_SCRIPTS
from worlddb.resolver.romanised import (
    brahmic_skeletons,
    file_keys,
    foreign_script,
    skeleton_matches,
    skeletons,
)
from worlddb.resolver.units import latin_unit_dropped, unit_dropped
from worlddb.store.protocols import Store
from worlddb.store.resolver_queries import BlockingQueries, resolver_reads_of

__all__ = [
    "MAX_PER_KEY",
    "MAX_WITH_CONTEXT",
    "MIN_SYLLABIC",
    "AcronymIndex",
    "alias_names",
    "alias_types",
    "query_acronym",
    "spelled_out_acronyms",
    "stored_acronyms",
    "syllabic",
    "syllabic_acronym",
    "syllabic_keys",
]

MIN_LEAD_SYLLABIC: Final = 6  # letters of a syllabic acronym looked up by ``lead_keys``
MAX_PER_KEY: Final = 8  # a key shared by more entities than this says nothing on its own
KOREAN_BUCKET: Final = 256  # names held per Korean key (checked exactly at query time)
MAX_WITH_CONTEXT: Final = 32  # ... but context may still pick one out of this many
ACRONYM_TYPES: Final = ("Organization", "Tool", "Product", "Place", "Entity", "Topic", "Event")


def _file(index: dict[str, list[int]], keys: Iterable[str], rid: int) -> None:
    """File row ``rid`` under each of ``keys`` while a key says something (``MAX_WITH_CONTEXT``)."""
    file_keys(index, keys, rid, MAX_WITH_CONTEXT)


class AcronymIndex:
    """Acronym key → stored entity row ids, kept in memory and topped up from the store.

    Each ``lookup`` first reads the entities added since the last one (rows above the highest
    ``rid`` seen, an index range scan), so the index follows the store without a schema of its
    own. Entries of erased entities go stale but harmless: candidates are re-read by row id,
    which drops rows that are gone, and their names are compared again.
    """

    def __init__(self, source: Store | BlockingQueries, *, round5: bool = False) -> None:
        self.queries = resolver_reads_of(source)
        self.round5 = round5  # the keys of ``ResolverSettings.round5_matching``
        self.keys: dict[str, list[int]] = {}
        self.spelled: dict[str, list[int]] = {}  # ``spelled_out_acronyms``: read second
        # stored acronyms of one word ("UNLaM") by the initials keys their syllables may stand
        # for ("unlm"), for a query that writes the name out (``syllabic_holders``)
        self.syllables: dict[str, list[int]] = {}
        # stored names of several words by their ``lead_keys`` ("unb" for "University of
        # Benin"), for a query written as a syllabic acronym ("UNIBEN", ``lead_holders``)
        self.leads: dict[str, list[int]] = {}
        # stored acronyms written with letters outside ASCII ("GİLT", "EPİAŞ") by their folded
        # key ("gilt"), which the store's lookup by the case-folded name cannot find
        self.written: dict[str, list[int]] = {}
        self.romanised: dict[str, list[int]] = {}  # see ``worlddb.resolver.romanised``
        self.brahmic = False  # whether a name in a Brahmic script is filed in ``romanised``
        # ... and the tags of the letter-read scripts (``letter_scripts``: Arabic, Thai) a name
        # is stored in, whose keys a Latin query is then looked up by too
        self.lettered: set[str] = set()
        # People's names by their Korean blocking key (``worlddb.resolver.korean``): those in
        # Hangul, always; and the *Latin side*: those in Latin letters shaped like Korean names
        # (``latin``), by their Pinyin readings (``chinese``, ``worlddb.resolver.chinese``) and by
        # their Japanese key (``japanese``). The Latin side costs ~66 µs a person (3.3 CPU-s
        # for 50k people), so it is built on the first query that needs it: a store that never
        # sees a Hangul or East Asian-looking name never pays for it.
        # Each bucket holds (row id, name): a query keeps only the names that pass the exact
        # check, so the store reads back real matches, not every holder of a lossy key.
        self.hangul: dict[str, list[tuple[int, str]]] = {}
        self.latin: dict[str, list[tuple[int, str]]] | None = None
        self.chinese: dict[str, list[tuple[int, str]]] = {}
        self.japanese: dict[str, list[tuple[int, str]]] = {}
        self.latin_high = 0  # the row id up to which ``latin`` holds every Latin name
        self.high = 0
        # The writer and the background recluster pass resolve concurrently: one top-up at a
        # time. Never held while reading the store (see ``refresh``).
        self._lock = threading.Lock()

    def refresh(self) -> None:
        """Index the entities stored since the last call (a rowid range: no type index)."""
        # Read outside the lock: the read may wait for the store's write lock (an in-memory
        # store reads under it), and the writer holds that lock while it resolves.
        start = self.high if self.latin is None else min(self.high, self.latin_high)
        read = self.queries.names_after(start)
        with self._lock:
            rows = [r for r in read if r[0] > self.high]  # another top-up may have run since
            if rows:
                self.high = rows[-1][0]
                kinds = frozenset(ACRONYM_TYPES)
                self._add((rid, name) for rid, kind, name in rows if kind in kinds)
                self._add_romanised((rid, name) for rid, _, name in rows if foreign_script(name))
                self._add_hangul((rid, name) for rid, kind, name in rows if kind == "Person")
            if self.latin is not None:
                people = [r for r in read if r[0] > self.latin_high and r[1] == "Person"]
                self.latin_high = max(self.latin_high, read[-1][0] if read else 0)
                self._add_latin(people)

    def _add(self, rows: Iterable[tuple[int, str]]) -> None:
        for rid, name in rows:
            _file(self.keys, stored_acronyms(name, self.round5), rid)
            own = None if name.isascii() else query_acronym(name)
            if own:
                _file(self.written, (own,), rid)
            if self.round5:
                _file(self.spelled, spelled_out_acronyms(name), rid)
                _file(self.leads, lead_keys(name), rid)
                key = syllabic_acronym(name)
                if key and MIN_SYLLABIC <= len(key) <= MAX_SYLLABIC:
                    _file(self.syllables, syllabic_keys(key), rid)

    def _add_romanised(self, rows: Iterable[tuple[int, str]]) -> None:
        for rid, name in rows:
            words, joined = skeletons(name, self.round5)
            _file(self.romanised, {*words, joined} - {""}, rid)
            core = unit_dropped(name) if self.round5 else None
            if core:  # "瑞芳區" under "Ruifang" too, its name without its unit (``units``)
                _file(self.romanised, {skeletons(core, True)[1]} - {""}, rid)
            script = brahmic_script(name) if self.round5 else ""
            if script:  # "කලවාන" under the key "Kalawana" has too (``brahmic``)
                self.brahmic = True
                words, joined = brahmic_skeletons(name, script)
                _file(self.romanised, {*words, joined} - {""}, rid)
            # "قطابر" under Qatabir's consonants (``abjad``), "ดอนหวาย" under Don Wai's
            for lettered in LETTER_SCRIPTS if self.round5 else ():
                keys = lettered.script_keys(name)
                if keys:
                    self.lettered.add(lettered.tag)
                    _file(self.romanised, keys, rid)

    def _add_hangul(self, rows: Iterable[tuple[int, str]]) -> None:
        for rid, name in rows:
            key = hangul_key(name)
            if key:
                bucket = self.hangul.setdefault(key, [])
                if len(bucket) < KOREAN_BUCKET:
                    insort(bucket, (rid, name))

    def _add_latin(self, rows: Iterable[tuple[int, str, str]]) -> None:
        latin = self.latin
        if latin is None:  # the Latin side is not wanted yet
            return
        for rid, _, name in rows:
            as_pinyin, as_wade = chinese_keys(name)
            for index, keys in (
                (self.chinese, as_pinyin | as_wade),
                (self.japanese, japanese_keys(name)),
            ):
                for key in keys:
                    bucket = index.setdefault(key, [])
                    if len(bucket) < KOREAN_BUCKET:
                        insort(bucket, (rid, name))
            if not could_be_korean(name):
                continue
            for key in latin_keys(name):
                bucket = latin.setdefault(key, [])
                if len(bucket) < KOREAN_BUCKET:
                    insort(bucket, (rid, name))

    def korean_matches(self, name: str, *, latin: bool = False) -> list[int]:
        """Row ids of people whose name is ``name`` in the other script (``latin`` false) or
        another Latin spelling of it (``latin`` true), Korean read (``worlddb.resolver.korean``,
        ``korean_latin``): the lossy key finds the candidates, the exact checks keep the real
        ones. The Latin side of the index is built on the first query that needs it."""
        hangul = is_hangul_name(name)
        shaped = not hangul and could_be_korean(name)
        if hangul and latin:
            return []
        if hangul or (shaped and latin):
            self._want_latin()
        self.refresh()
        if hangul:
            key = hangul_key(name)
            keys: Iterable[str] = (key,) if key else ()
            index = self.latin or {}
        elif shaped:
            keys, index = latin_keys(name), (self.latin or {}) if latin else self.hangul
        else:
            return []  # not a Korean name's shape: nothing to find here
        return self._checked(name, index, keys, same_korean_name if latin else one_korean_name)

    def chinese_matches(self, name: str) -> list[int]:
        """Row ids of people whose name is ``name`` in the other of Pinyin and Wade-Giles
        (``worlddb.resolver.chinese``); built with the Latin side of the Korean index."""
        as_pinyin, as_wade = chinese_keys(name)
        return self._other_spellings(name, self.chinese, as_pinyin | as_wade, same_chinese_name)

    def japanese_matches(self, name: str) -> list[int]:
        """Row ids of people whose name is ``name`` romanised another way (Hepburn's long
        vowels, Kunrei-shiki: ``worlddb.resolver.japanese``)."""
        return self._other_spellings(name, self.japanese, japanese_keys(name), same_japanese_name)

    def _other_spellings(
        self,
        name: str,
        index: dict[str, list[tuple[int, str]]],
        keys: frozenset[str],
        check: Callable[[str, str], bool],
    ) -> list[int]:
        if not keys:
            return []
        self._want_latin()
        self.refresh()
        return self._checked(name, index, keys, check)

    def _want_latin(self) -> None:
        """Have the Latin side of the index built (by the next ``refresh``): the first query
        that needs it pays for indexing every stored person."""
        if self.latin is None:
            with self._lock:
                if self.latin is None:
                    self.latin, self.latin_high = {}, 0

    def _checked(
        self,
        name: str,
        index: Mapping[str, list[tuple[int, str]]],
        keys: Iterable[str],
        check: Callable[[str, str], bool],
    ) -> list[int]:
        """Row ids of the names held under ``keys`` that pass the exact ``check`` against
        ``name``: the lossy key finds the candidates, the check keeps the real ones."""
        held: set[tuple[int, str]] = set()
        with self._lock:
            for key in keys:
                held.update(index.get(key, ()))
        return sorted(rid for rid, stored in held if check(name, stored))[:MAX_WITH_CONTEXT]

    def romanised_matches(self, name: str) -> list[int]:
        """Row ids of names stored in another script whose romanisation has ``name``'s
        skeleton: the whole name's, or (of a name of several words) two of its words'."""
        self.refresh()
        keyings = [skeletons(name, self.round5)]
        if self.round5 and not foreign_script(name):
            if self.brahmic:  # also as a Brahmic name's key has it, once one is stored
                keyings += [brahmic_skeletons(name, ""), brahmic_skeletons(name, TAMIL)]
            for lettered in LETTER_SCRIPTS:  # as a name in Arabic or Thai letters is, once one is
                if lettered.tag in self.lettered:
                    keyings += [(frozenset(), key) for key in lettered.latin_keys(name)]
            bare = latin_unit_dropped(name)  # "Ruifang District" as "瑞芳區" is filed
            if bare:
                keyings.append((frozenset(), skeletons(bare, True)[1]))
        found: set[int] = set()
        with self._lock:
            for words, joined in keyings:
                found |= skeleton_matches(self.romanised, words, joined)
        return sorted(found)[:MAX_WITH_CONTEXT]

    def syllabic_holders(self, keys: Iterable[str]) -> list[int]:
        """Row ids of stored one-word acronyms whose syllables may stand for a name with one of
        the initials ``keys`` ("UNLaM" for "Universidad Nacional de La Matanza": "unlm"); the
        caller checks each with ``syllabic``."""
        return self._held(self.syllables, keys, MAX_WITH_CONTEXT)

    def lead_holders(self, key: str) -> list[int]:
        """Row ids of stored names of several words whose first word's first two letters and
        other words' initials ``key``, a syllabic acronym, may hold ("UNIBEN": "unb"); the
        caller checks each with ``syllabic``. A key shorter than ``MIN_LEAD_SYLLABIC`` holds
        too few letters beyond the first word's two to say much ("SAPI": "Sapphire Insurance")."""
        if len(key) < MIN_LEAD_SYLLABIC:
            return []
        return self._held(self.leads, syllabic_lead_keys(key), MAX_WITH_CONTEXT)

    def written_as(self, key: str) -> list[int]:
        """Row ids of stored acronyms with letters outside ASCII whose folded letters are ``key``
        ("GİLT" for "gilt", the initials of "Girişimci İnovatif Liderler Takımı")."""
        return self._held(self.written, (key,), MAX_WITH_CONTEXT)

    def lookup_many(self, keys: Iterable[str], limit: int = MAX_WITH_CONTEXT) -> list[int]:
        """Row ids under any of ``keys`` (each key's holders skipped when over ``limit``)."""
        return self._held(self.keys, keys, limit)

    def _held(self, index: Mapping[str, list[int]], keys: Iterable[str], limit: int) -> list[int]:
        """Row ids ``index`` holds under any of ``keys``, a key held by over ``limit`` skipped."""
        self.refresh()
        found: set[int] = set()
        with self._lock:
            for key in keys:
                held = index.get(key, ())
                if len(held) <= limit:
                    found.update(held)
        return sorted(found)

    def lookup(self, key: str, limit: int = MAX_PER_KEY) -> list[int]:
        """Row ids of stored entities whose name has acronym ``key`` (none when over ``limit``)."""
        self.refresh()
        with self._lock:
            found = list(self.keys.get(key, []) or self.spelled.get(key, []))
        return [] if len(found) > min(limit, MAX_WITH_CONTEXT) else list(found)
