"""The category lane: a question names a category, its evidence names instances.

"How many different doctors did I visit?" is answered by turns that say "dermatologist",
"orthopedist", "Dr. Patel": none holds the word "doctor", so neither the text lane nor, often,
the vector lane ranks them near the top. A lexical resource knows the category → kind →
instance links: WordNet's noun hyponyms (doctor → specialist → dermatologist; jewelry →
necklace; citrus → lemon, lime). The lane expands each noun of the question into the words
WordNet files under it and runs the text lane on those words alone, so a memory naming any
instance ranks, by BM25, without the category word.

A noun whose expansion is too large names no useful category ("thing", "event", "time": their
hyponyms are half the language) and is left out; so are the senses after the first
``SENSES`` (WordNet lists senses most frequent first). The graph is a committed build-time
artifact (``data/wordnet_nouns.json.gz``, made by ``scripts/make_wordnet_nouns.py`` from
Princeton WordNet 3.0; its licence is ``data/WORDNET_LICENSE``), loaded once, lazily.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import zip_longest
from typing import Final

from worlddb.index.fts_query import DEFAULT_STOPWORDS, tokenize

__all__ = ["MAX_EXPANSION", "SENSES", "CategoryLexicon", "category_terms", "lexicon"]

SENSES: Final = 2
"""Senses of a query noun followed (WordNet orders them by frequency)."""
DEPTH: Final = 3
"""Hyponym levels followed below a sense."""
MAX_EXPANSION: Final = 150
"""A noun expanding into more words than this is too general to be a category."""
MAX_TERMS: Final = 120
"""Most expansion words one query runs with."""
_NOT_CATEGORIES: Final = frozenset(
    [
        "amount",
        "day",
        "days",
        "hour",
        "hours",
        "kind",
        "kinds",
        "lot",
        "lots",
        "minute",
        "minutes",
        "month",
        "months",
        "number",
        "numbers",
        "piece",
        "pieces",
        "part",
        "parts",
        "second",
        "seconds",
        "sort",
        "sorts",
        "time",
        "times",
        "total",
        "type",
        "types",
        "week",
        "weeks",
        "year",
        "years",
        "way",
        "ways",
        "thing",
        "things",
        "one",
        "ones",
    ]
)
"""Measure and container nouns ("how many *pieces* of ...", "in the last two *months*"): they
name how evidence is counted or when, not what it is about."""
_LOWER_WORD: Final = re.compile(r"(?<![\w'])[a-z]+(?![\w'])")
_SUFFIXES: Final = (
    ("ies", "y"),
    ("ses", "s"),
    ("xes", "x"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("s", ""),
)


@dataclass(frozen=True)
class CategoryLexicon:
    """WordNet's noun hyponym graph: synset → (lemmas, hyponym synsets); lemma → senses."""

    synsets: list[list[list[str] | list[int]]]
    senses: dict[str, list[int]]
    plurals: dict[str, str]

    def singular(self, word: str) -> str | None:
        """The noun ``word`` is the plural of, or ``None`` when it is not a plural noun."""
        base = self.plurals.get(word)
        if base is not None and base in self.senses:
            return base
        for end, stem in _SUFFIXES:
            if word.endswith(end) and word[: -len(end)] + stem in self.senses:
                return word[: -len(end)] + stem
        return None

    def expand(self, lemma: str) -> list[str]:
        """Words filed under ``lemma``'s first senses, nearest first; ``[]`` if too general."""
        out: dict[str, None] = {}
        frontier = list(self.senses.get(lemma, ())[:SENSES])
        seen = set(frontier)
        for _ in range(DEPTH):
            following: list[int] = []
            for synset in frontier:
                words, below = self.synsets[synset]
                out.update(dict.fromkeys(str(w) for w in words))  # synonyms too
                following += [int(b) for b in below if int(b) not in seen]
                seen.update(int(b) for b in below)
            frontier = following
            if len(out) > MAX_EXPANSION:
                return []
        out.update(dict.fromkeys(str(w) for s in frontier for w in self.synsets[s][0]))
        out.pop(lemma, None)
        return [] if len(out) > MAX_EXPANSION else list(out)


@cache
def lexicon() -> CategoryLexicon:
    """The committed WordNet noun graph (read once per process)."""
    raw = resources.files("worlddb.recall").joinpath("data/wordnet_nouns.json.gz").read_bytes()
    body = json.loads(gzip.decompress(raw))
    return CategoryLexicon(body["synsets"], body["senses"], body["plurals"])


def category_terms(query: str, lex: CategoryLexicon | None = None) -> list[str]:
    """The instance and kind words of the query's category nouns, at most ``MAX_TERMS``.

    Query words themselves are never expansion words (the text lane already has them).
    """
    lex = lex or lexicon()
    asked = [w for w in tokenize(query) if w not in DEFAULT_STOPWORDS and not w.isdigit()]
    own = set(asked)
    # A capitalised word is part of a name or title ("Game of Thrones"), not a category.
    lower = set(_LOWER_WORD.findall(query))
    asked = [w for w in asked if w in lower and w not in _NOT_CATEGORIES]
    # Only plural nouns name what is being gathered ("doctors", "festivals", "sports"); a
    # singular noun is usually the topic itself ("money", "attending" would expand into slang
    # and gerunds), so it is left to the other lanes.
    singulars = [lex.singular(w) for w in dict.fromkeys(asked)]
    expansions = [
        [t for t in lex.expand(lemma) if t not in own] for lemma in singulars if lemma is not None
    ]
    # Nearest words of every noun first (round robin), so the cap cuts each noun's far end.
    terms: dict[str, None] = {}
    for tier in zip_longest(*expansions):
        terms.update(dict.fromkeys(t for t in tier if t is not None))
    return list(terms)[:MAX_TERMS]
