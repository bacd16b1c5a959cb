"""Latin names by their Brahmic keys, for a query written in a Brahmic script.

A query in Tamil or Sinhala letters ("கனிமொழி சிவா") is blocked by its romanisation
("knimoli civa") through full-text search and phonetic codes, which a Latin spelling with its
vowels and its "w" ("Kanimozhi Shiva") rarely meets. This index files every stored person's
and place's Latin name under ``romanised.brahmic_skeletons`` (both Tamil's key and the one other
Brahmic scripts share), so the query finds the names its own key meets; the comparison
(``similarity.compare_names``) then decides. Like the Latin side of the Korean index
(``aliases.AcronymIndex``), it is built on the first query that needs it: a store that never
sees a Brahmic name never pays for it (about 10 µs a name).
"""

from __future__ import annotations

import threading
from typing import Final

from worlddb.resolver.brahmic import TAMIL, brahmic_script
from worlddb.resolver.romanised import (
    brahmic_skeletons,
    file_keys,
    foreign_script,
    skeleton_matches,
)
from worlddb.store.protocols import Store
from worlddb.store.resolver_queries import BlockingQueries, resolver_reads_of

__all__ = ["BUCKET", "BrahmicLatinIndex"]

BUCKET: Final = 32  # a key held by more names than this says nothing about any of them
_KINDS: Final = frozenset({"Person", "Place"})


class BrahmicLatinIndex:
    """Stored Latin names of people and places by their Brahmic keys (see the module docstring).

    Args:
        source: The store (or its blocking reads) whose names are indexed, by row id.
    """

    def __init__(self, source: Store | BlockingQueries) -> None:
        self.queries = resolver_reads_of(source)
        self.keys: dict[str, list[int]] | None = None  # built on the first Brahmic query
        self.high = 0
        self._lock = threading.Lock()

    def matches(self, name: str) -> list[int]:
        """Row ids of stored Latin names that ``name``, written in a Brahmic script, may be:
        its whole key, or two of its words' keys (one, for a name of one word)."""
        script = brahmic_script(name)
        if not script:
            return []
        words, joined = brahmic_skeletons(name, script)
        self._refresh()
        with self._lock:
            found = skeleton_matches(self.keys or {}, words, joined, BUCKET)
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
                if kind in _KINDS and not foreign_script(name):
                    for script in ("", TAMIL):
                        words, joined = brahmic_skeletons(name, script)
                        file_keys(self.keys, {*words, joined} - {""}, rid, BUCKET)
