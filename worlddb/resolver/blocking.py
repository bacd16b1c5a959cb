"""Blocking: the few stored entities worth comparing with a proposed name. Reads only.

Comparing a name with every stored entity is linear in the store; blocking keeps the resolver's
cost flat at 100k+ entities by asking indexes for a bounded candidate set:

* FTS5 over the ``name`` column: every word, every word but one, or a shared 3–4 letter prefix
  (so a typo late in a word still blocks), and for a name of ``ENDS_FROM`` words or more its
  first two and its last two words alone (a descriptive part written short, a legal form
  written first), cut at ``limit``;
* the alias index by normalised prefix (aliases are not in FTS);
* the phonetic-key indexes of names and aliases (schema V2), for spellings that share no word.

Every query is an index lookup (``tests/test_resolver_similarity.py`` checks the plans); candidates
are then filtered by type and loaded with their aliases in one more query. The SQL itself lives
in the store layer (``worlddb.store.resolver_queries``, the ``BlockingQueries`` Protocol); this
module decides which words to ask for.

Scope isolation: every query takes ``scopes``, the scopes a resolution may look into. ``None``
looks everywhere; a tuple of Scope world ids admits only entities that are members of every one
of them (what a recall with those scopes would see); the empty tuple admits only entities that
belong to no scope. The condition sits inside each query, before its ``LIMIT``, so entities of
other scopes neither answer nor crowd the candidates out: a write cannot learn that a name
exists elsewhere.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from worlddb.index.fts_query import tokenize
from worlddb.model import NodeId
from worlddb.normalize import normalize_name
from worlddb.resolver.lexicon import CONNECTORS, LEGAL_FORMS, is_han_or_kana, is_hangul
from worlddb.store.protocols import Store
from worlddb.store.resolver_queries import BlockingQueries, NodeRow, resolver_reads_of

__all__ = [
    "Blocker",
    "Candidate",
    "ScopeSet",
    "fts_expression",
    "strong_words",
    "within_scopes",
    "word_prefix",
]

ScopeSet = Sequence[str] | None
"""Where a resolution may look: ``None`` everywhere, ``()`` only unscoped entities, otherwise
only entities in every listed scope (Scope world ids)."""

MAX_TERMS: Final = 16
ENDS_FROM: Final = 4
"""From this many words the widest stage also asks for the first two and the last two alone:
"Genial Investimentos Corretora de Valores Mobiliários" is stored as "Genial Investimentos
CVM", "Акционерное общество «Кацеров и Жмарев»" as "АО «Кацеров и Жмарев»"."""
PREFIX_MIN_WORD: Final = 4
ALIAS_PREFIX_CHARS: Final = 4
SPLIT_MIN_PART: Final = 3  # "PostPilot" is also looked up as "post pilot", "pos tpilot", ...
_UNSTABLE_ENDINGS: Final = frozenset("eisy")  # the porter stemmer rewrites these word endings
_MEMO_SIZE: Final = 32768  # per pure function below: every resolution asks again for each stage


@dataclass(slots=True)
class Candidate:
    """A stored entity that may be the proposed one: its display name first, then its aliases."""

    rid: int
    id: NodeId
    type: str
    surfaces: list[str] = field(default_factory=list)


def word_prefix(word: str) -> str:
    """A prefix of ``word`` that survives porter stemming (FTS5 stems prefix queries too)."""
    prefix = word[:4] if len(word) > PREFIX_MIN_WORD else word[:3]
    if len(prefix) > 3 and prefix[-1] in _UNSTABLE_ENDINGS:
        prefix = prefix[:3]
    return prefix


def _quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def strong_words(surface: str) -> list[str]:
    """The words of ``surface`` that identify it: no legal forms, connectors or initials.

    When nothing else is left, the weak words are kept ("The Co.").
    """
    return list(_strong_words(surface))


@lru_cache(maxsize=_MEMO_SIZE)
def _strong_words(surface: str) -> tuple[str, ...]:
    found = [w for w in tokenize(surface) if len(w) > 1 or w.isdigit()]
    strong = [w for w in found if w not in LEGAL_FORMS and w not in CONNECTORS]
    return tuple(dict.fromkeys(strong or found))[:MAX_TERMS]


def _loose(word: str) -> str:
    if len(word) >= MIN_DENSE_PREFIX and any(is_hangul(c) or is_han_or_kana(c) for c in word):
        # Chinese, Japanese and Korean write a word without spaces, so "广州" is the start of
        # the one token "广州市" (Guangzhou City): the word itself is the prefix to look for.
        return f"({_quote(word)} OR {_quote(word)} *)"
    if len(word) < PREFIX_MIN_WORD or word.isdigit():
        return _quote(word)
    return f"({_quote(word)} OR {_quote(word_prefix(word))} *)"


MIN_DENSE_PREFIX: Final = 2  # characters of a CJK or Hangul word searched as a prefix


def _respaced(found: list[str]) -> list[str]:
    """Groups for the same words spaced differently: "Post Pilot" / "PostPilot"."""
    if len(found) > 1:
        groups = []
        for i in range(len(found) - 1):
            if found[i].isalpha() and found[i + 1].isalpha():
                joined = [*found[:i], found[i] + found[i + 1], *found[i + 2 :]]
                groups.append("(" + " AND ".join(_quote(w) for w in joined) + ")")
        return groups
    word = found[0]
    if len(word) < 2 * SPLIT_MIN_PART or word.isdigit():
        return []
    return [
        f"({_quote(word[:i])} AND {_quote(word[i:])})"
        for i in range(SPLIT_MIN_PART, len(word) - SPLIT_MIN_PART + 1)
    ]


def fts_expression(surfaces: Sequence[str], *, stage: str) -> str | None:
    """An FTS5 MATCH on the ``name`` column for one blocking stage.

    ``all``: every strong word of a surface (or the same letters spaced otherwise);
    ``loose``: every word or its 3–4 letter prefix (a typo late in a word); ``any`` (run as one
    query per word left out): every word but one (a typo early in that word).
    """
    return _fts_expression(tuple(surfaces), stage)


@lru_cache(maxsize=_MEMO_SIZE)
def _fts_expression(surfaces: tuple[str, ...], stage: str) -> str | None:
    groups: list[str] = []
    for surface in surfaces:
        found = list(_strong_words(surface))
        if not found:
            continue
        if stage == "all":
            groups.append("(" + " AND ".join(_quote(w) for w in found) + ")")
            groups += _respaced(found)
        elif stage == "loose":
            groups.append("(" + " AND ".join(_loose(w) for w in found) + ")")
        else:
            groups += [_quote(w) for w in found]
    unique = list(dict.fromkeys(groups))
    if not unique:
        return None
    return "name : (" + " OR ".join(unique) + ")"


def within_scopes(
    source: Store | BlockingQueries, ids: Sequence[str], scopes: ScopeSet
) -> list[NodeId]:
    """The worlds among ``ids`` that ``scopes`` admits, in the given order."""
    wanted = [NodeId(i) for i in dict.fromkeys(ids)]
    if scopes is None or not wanted:
        return wanted
    kept = resolver_reads_of(source).admitted(wanted, scopes)
    return [i for i in wanted if i in kept]


class Blocker:
    """Bounded candidate queries over one store (each one a ``BlockingQueries`` call)."""

    def __init__(self, source: Store | BlockingQueries) -> None:
        self.queries: BlockingQueries = resolver_reads_of(source)

    def by_text(
        self,
        surfaces: Sequence[str],
        types: Sequence[str],
        *,
        stage: str,
        limit: int,
        exclude: Collection[str] = (),
        scopes: ScopeSet = None,
    ) -> dict[int, Candidate]:
        """Candidates found by one FTS stage (``all``, ``loose`` or ``any``; see above).

        Unranked on purpose: BM25 ranking scores every match and costs milliseconds at 100k
        names, while an unranked, ``LIMIT``-ed match stops early. The stages go from narrow to
        wide, so the truncated wide stages only run when the narrow ones found nothing sure.
        """
        if stage != "any":
            expression = fts_expression(surfaces, stage=stage)
            if expression is None:
                return {}
            return _candidates(self.queries.fts_names(expression, types, scopes, limit), exclude)
        out: dict[int, Candidate] = {}
        for surface in surfaces:
            found = _strong_words(surface)
            if len(found) < 2:
                continue
            subsets = [[w for i, w in enumerate(found) if i != skip] for skip in range(len(found))]
            if len(found) >= ENDS_FROM:  # a name's words spelled short: by its first and last two
                subsets += [list(found[:2]), list(found[-2:])]
            for subset in subsets:
                # one query per subset, so a common word cannot crowd out a rare one
                rest = " AND ".join(_quote(w) for w in subset)
                rows = self.queries.fts_names(f"name : ({rest})", types, scopes, limit)
                out.update(_candidates(rows, exclude))
        return out

    def by_alias_prefix(
        self,
        surfaces: Sequence[str],
        types: Sequence[str],
        *,
        limit: int,
        exclude: Collection[str] = (),
        scopes: ScopeSet = None,
    ) -> dict[int, Candidate]:
        """Candidates with an alias that starts like a surface (aliases are not in FTS)."""
        out: dict[int, Candidate] = {}
        for surface in surfaces:
            prefix = normalize_name(surface)[:ALIAS_PREFIX_CHARS]
            if len(prefix) < 2:
                continue
            upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
            rows = self.queries.alias_range(prefix, upper, types, scopes, limit)
            out.update(_candidates(rows, exclude))
        return out

    def by_phonetic(
        self,
        keys: Iterable[str],
        types: Sequence[str],
        *,
        limit: int,
        exclude: Collection[str] = (),
        scopes: ScopeSet = None,
    ) -> dict[int, Candidate]:
        """Candidates whose name or an alias has one of the phonetic ``keys``."""
        out: dict[int, Candidate] = {}
        for key in dict.fromkeys(k for k in keys if k):
            out.update(_candidates(self.queries.phonetic_names(key, types, scopes, limit), exclude))
            rows = self.queries.phonetic_aliases(key, types, scopes, limit)
            out.update(_candidates(rows, exclude))
        return out

    def by_rids(
        self,
        rids: Sequence[int],
        types: Sequence[str],
        exclude: Collection[str] = (),
        scopes: ScopeSet = None,
    ) -> dict[int, Candidate]:
        """The worlds with these row ids that have one of ``types``."""
        if not rids:
            return {}
        return _candidates(self.queries.by_rids(rids, types, scopes), exclude)

    def with_aliases(self, candidates: dict[int, Candidate]) -> dict[int, Candidate]:
        """Append every candidate's aliases, newest first, to its surfaces (one query per 500)."""
        by_id = {c.id: c for c in candidates.values()}
        for node, alias in self.queries.aliases_of(list(by_id)):
            surfaces = by_id[NodeId(node)].surfaces
            if alias not in surfaces:
                surfaces.append(alias)
        return candidates


def _candidates(rows: Iterable[NodeRow], exclude: Collection[str]) -> dict[int, Candidate]:
    return {
        rid: Candidate(rid, NodeId(wid), kind, [name])
        for rid, wid, kind, name in rows
        if wid not in exclude
    }
