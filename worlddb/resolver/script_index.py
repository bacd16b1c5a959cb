"""Latin names by a script's own keys, for a query written in that script.

A query in Tamil or Sinhala letters ("கனிமொழி சிவா") is blocked by its romanisation
("knimoli civa") through full-text search and phonetic codes, which a Latin spelling with its
vowels and its "w" ("Kanimozhi Shiva") rarely meets; a place in Arabic letters ("قطابر") romanises
to its consonants ("qtbr"), which meet Qatabir no better. So the stored Latin names are filed
under the key the other script's names are compared by, and the query finds the names its own
key meets; the comparison (``scoring``) then decides:

* ``BrahmicLatinIndex``: people's and places' names under ``romanised.brahmic_skeletons`` (both
  Tamil's key and the one other Brahmic scripts share);
* ``ArabicLatinIndex``: places' and people's names under ``abjad.latin_key``, run together
  (people kept only where a name in Arabic letters spells them word by word, ``tiered``);
* ``ThaiLatinIndex``: places' names under ``thai.latin_key``, run together.

Like the Latin side of the Korean index (``aliases.AcronymIndex``), each is built on the first
query that needs it: a store that never sees such a name never pays for it (about 10 µs a name).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Final

from worlddb.resolver.brahmic import TAMIL, brahmic_script
from worlddb.resolver.letter_scripts import ARABIC, THAI, LetterScript
from worlddb.resolver.romanised import (
    brahmic_skeletons,
    file_keys,
    foreign_script,
    skeleton_matches,
)
from worlddb.store.protocols import Store
from worlddb.store.resolver_queries import BlockingQueries, resolver_reads_of

__all__ = ["BUCKET", "ArabicLatinIndex", "BrahmicLatinIndex", "LatinKeyIndex", "ThaiLatinIndex"]

BUCKET: Final = 32  # a key held by more names than this says nothing about any of them

Keying = tuple[frozenset[str], str]


class LatinKeyIndex:
    """Stored Latin names of ``kinds`` by another script's keys (see the module docstring).

    Args:
        source: The store (or its blocking reads) whose names are indexed, by row id.
        kinds: The entity types whose names are filed.
        query_keys: A query's keyings, each its word keys and whole-name key (``romanised.
            skeleton_matches``); none when it is not written in the script.
        stored_keys: The keys a stored Latin name is filed under.
    """

    def __init__(
        self,
        source: Store | BlockingQueries,
        kinds: frozenset[str],
        query_keys: Callable[[str], list[Keying]],
        stored_keys: Callable[[str], Iterable[str]],
    ) -> None:
        self.queries = resolver_reads_of(source)
        self.kinds = kinds
        self.query_keys = query_keys
        self.stored_keys = stored_keys
        self.keys: dict[str, list[int]] | None = None  # built on the first query in the script
        self.high = 0
        self._lock = threading.Lock()

    def matches(self, name: str) -> list[int]:
        """Row ids of stored Latin names that ``name``, written in the script, may be: its
        whole key, or two of its words' keys (one, for a name of one word)."""
        keyings = self.query_keys(name)
        if not keyings:
            return []
        self._refresh()
        found: set[int] = set()
        with self._lock:
            for words, joined in keyings:
                found |= skeleton_matches(self.keys or {}, words, joined, BUCKET)
        return sorted(found)[:BUCKET]

    def _refresh(self) -> None:
        """File the names stored since the last call (all of them, the first time)."""
        read = self.queries.names_after(self.high)  # outside the lock: it may wait for a write
        with self._lock:
            if self.keys is None:
                self.keys = {}
            for rid, kind, name in read:
                if rid <= self.high:
                    continue  # another refresh filed it meanwhile
                self.high = rid
                if kind in self.kinds and not foreign_script(name):
                    file_keys(self.keys, self.stored_keys(name), rid, BUCKET)


def _brahmic_query(name: str) -> list[Keying]:
    script = brahmic_script(name)
    return [brahmic_skeletons(name, script)] if script else []


def _brahmic_stored(name: str) -> set[str]:
    keys: set[str] = set()
    for script in ("", TAMIL):
        words, joined = brahmic_skeletons(name, script)
        keys |= {*words, joined} - {""}
    return keys


def _script_keying(script: LetterScript) -> Callable[[str], list[Keying]]:
    """A query's keyings in ``script``: each key alone ("الخرطوم" is also filed as Khartoum is,
    without its article)."""
    return lambda name: [(frozenset(), key) for key in script.script_keys(name)]


class BrahmicLatinIndex(LatinKeyIndex):
    """People's and places' Latin names by their Brahmic keys ("கனிமொழி" for "Kanimozhi")."""

    def __init__(self, source: Store | BlockingQueries) -> None:
        super().__init__(source, frozenset({"Person", "Place"}), _brahmic_query, _brahmic_stored)


class ArabicLatinIndex(LatinKeyIndex):
    """Places' and people's Latin names by their consonant keys (``abjad``: "قطابر" for
    "Qatabir")."""

    def __init__(self, source: Store | BlockingQueries) -> None:
        super().__init__(
            source, frozenset({"Place", "Person"}), _script_keying(ARABIC), ARABIC.latin_keys
        )


class ThaiLatinIndex(LatinKeyIndex):
    """Places' Latin names by their consonant keys (``thai``: "ดอนหวาย" for "Don Wai")."""

    def __init__(self, source: Store | BlockingQueries) -> None:
        super().__init__(source, frozenset({"Place"}), _script_keying(THAI), THAI.latin_keys)
