"""Blocking for one-word names mistyped near their start: "Jsffna" finds "Jaffna".

The full-text blocking (``blocking``) looks a word up whole or by its first three or four
letters, so a slip late in a word still blocks, and a name of several words is found through
its other words. A name of one word mistyped in its first four letters ("Siklkim", "Wmaro",
"Azowieckie") shares no word and no prefix with the stored spelling, and the phonetic key keeps
the first letter, so nothing offers the stored entity to the comparison, which would have
accepted it as a slip. This index closes that gap with deletion keys, the idea behind Wolf
Garbe's SymSpell: each stored one-word name is keyed by its first four letters with one of them
left out (four keys), and so is the query. Two words one substitution, insertion, deletion or
neighbour swap apart within those letters share a key; past them they share all four. The
words under the query's keys are then kept only when one edit apart (``rapidfuzz``'s optimal
string alignment distance), and the comparison decides as for every other candidate.

Kept in memory and topped up from the store like ``aliases.AcronymIndex`` (rows above the last
row id seen), built on the first query that needs it. Distinct words are stored once: a bucket
holds words, and each word its row ids, so the index grows with the vocabulary of one-word
names, not with the number of entities.
"""

from __future__ import annotations

import threading
from typing import Final

from rapidfuzz.distance import OSA

from worlddb.resolver.base import ENTITY_TYPES
from worlddb.resolver.forms import fold_words
from worlddb.resolver.similarity import PROPER_WORD
from worlddb.store.resolver_queries import BlockingQueries

__all__ = ["MIN_LETTERS", "SlipIndex", "slip_keys"]

MIN_LETTERS: Final = PROPER_WORD
"""Shortest word keyed and looked up: the comparison reads two one-word names one letter apart
as two names when both are ``PROPER_WORD`` letters or fewer (Stripe / Stride), so a shorter word
can only be a slip of one a letter longer than it, which is at least this long."""
_HEAD: Final = 4
MAX_ROWS: Final = 50
"""Row ids returned for one query: the comparison reads each, so a common word cannot flood it."""


def slip_keys(word: str) -> frozenset[str]:
    """The deletion keys of ``word``: its first four letters with one of them left out."""
    head = word[:_HEAD]
    return frozenset(head[:i] + head[i + 1 :] for i in range(len(head)))


def one_word(name: str) -> str | None:
    """The folded word of a one-word name of letters (at least ``MIN_LETTERS``), else ``None``."""
    words = fold_words(name)
    if len(words) != 1 or len(words[0]) < MIN_LETTERS or not words[0].isalpha():
        return None
    return words[0]


class SlipIndex:
    """Deletion key → stored one-word names, and each name's row ids (see the module docstring)."""

    def __init__(self, queries: BlockingQueries) -> None:
        self.queries = queries
        self.buckets: dict[str, list[str]] = {}
        self.rows: dict[str, list[int]] = {}
        self.high = 0
        self._lock = threading.Lock()  # the writer and the recluster pass resolve concurrently

    def refresh(self) -> None:
        """Index the entities stored since the last call (read outside the lock)."""
        read = self.queries.names_after(self.high)
        with self._lock:
            for rid, kind, name in read:
                if rid <= self.high:
                    continue  # another top-up indexed it meanwhile
                self.high = rid
                word = one_word(name) if kind in ENTITY_TYPES else None
                if word is None:
                    continue
                holders = self.rows.get(word)
                if holders is None:
                    self.rows[word] = holders = []
                    for key in slip_keys(word):
                        self.buckets.setdefault(key, []).append(word)
                holders.append(rid)

    def matches(self, name: str) -> list[int]:
        """Row ids of stored one-word names one edit from ``name`` (itself one word), in the
        names' order, at most ``MAX_ROWS``; nothing for a name of several words or a short one."""
        word = one_word(name)
        if word is None:
            return []
        self.refresh()
        with self._lock:
            near = {
                other
                for key in slip_keys(word)
                for other in self.buckets.get(key, ())
                if other != word and OSA.distance(word, other, score_cutoff=1) <= 1
            }
            out: list[int] = []
            for other in sorted(near):
                out += self.rows[other][: MAX_ROWS - len(out)]
                if len(out) >= MAX_ROWS:
                    break
        return out
