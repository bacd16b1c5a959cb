"""Blocking: the few stored entities worth comparing with a proposed name. Reads only.

Comparing a name with every stored entity is linear in the store; blocking keeps the resolver's
cost flat at 100k+ entities by asking indexes for a bounded candidate set:

* FTS5 over the ``name`` column: any shared word, or a shared 3–4 letter prefix (so a typo late
  in a word still blocks), ranked by BM25 and cut at ``limit``;
* the alias index by normalised prefix (aliases are not in FTS);
* the phonetic-key indexes of names and aliases (schema V2), for spellings that share no word.

Every query is an index lookup (``tests/test_resolver_blocking.py`` checks the plans); candidates
are then filtered by type and loaded with their aliases in one more query.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from worlddb.index.fts_query import tokenize
from worlddb.model import NodeId
from worlddb.normalize import normalize_name
from worlddb.resolver.lexicon import CONNECTORS, LEGAL_FORMS
from worlddb.store import Store

__all__ = ["Blocker", "Candidate", "fts_expression", "word_prefix"]

MAX_TERMS: Final = 16
PREFIX_MIN_WORD: Final = 4
ALIAS_PREFIX_CHARS: Final = 4
_UNSTABLE_ENDINGS: Final = frozenset("eisy")  # the porter stemmer rewrites these word endings


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


def fts_expression(surfaces: Sequence[str], *, max_terms: int = MAX_TERMS) -> str | None:
    """An FTS5 MATCH on the ``name`` column: any word of ``surfaces``, or its prefix.

    Legal forms and connectors ("Inc", "of") are left out while other words remain: they match
    thousands of names and say nothing about which one.
    """
    terms: list[str] = []
    for surface in surfaces:
        found = [w for w in tokenize(surface) if len(w) > 1 or w.isdigit()]
        strong = [w for w in found if w not in LEGAL_FORMS and w not in CONNECTORS] or found
        for word in strong:
            terms.append(_quote(word))
            if len(word) >= PREFIX_MIN_WORD and not word.isdigit():
                terms.append(_quote(word_prefix(word)) + " *")
    unique = list(dict.fromkeys(terms))[:max_terms]
    if not unique:
        return None
    return "name : (" + " OR ".join(unique) + ")"


class Blocker:
    """Bounded candidate queries over one store (thread-safe through the store's lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def by_text(self, surfaces: Sequence[str], types: Sequence[str], *, limit: int,
                exclude: Collection[str] = ()) -> dict[int, Candidate]:
        """Candidates sharing a word or prefix with any surface, best BM25 first."""
        expression = fts_expression(surfaces)
        if expression is None:
            return {}
        marks = ",".join("?" * len(types))
        sql = (
            "SELECT n.rid, n.id, n.type, n.name FROM fts JOIN nodes n ON n.rid = fts.rowid "
            f"WHERE fts MATCH ? AND n.type IN ({marks}) ORDER BY fts.rank LIMIT ?"
        )
        return self._rows(sql, [expression, *types, limit], exclude)

    def by_alias_prefix(self, surfaces: Sequence[str], types: Sequence[str], *, limit: int,
                        exclude: Collection[str] = ()) -> dict[int, Candidate]:
        """Candidates with an alias that starts like a surface (aliases are not in FTS)."""
        out: dict[int, Candidate] = {}
        marks = ",".join("?" * len(types))
        for surface in surfaces:
            prefix = normalize_name(surface)[:ALIAS_PREFIX_CHARS]
            if len(prefix) < 2:
                continue
            upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
            sql = (
                "SELECT n.rid, n.id, n.type, n.name FROM aliases a JOIN nodes n ON n.id = a.node "
                f"WHERE a.norm_alias >= ? AND a.norm_alias < ? AND n.type IN ({marks}) LIMIT ?"
            )
            out.update(self._rows(sql, [prefix, upper, *types, limit], exclude))
        return out

    def by_phonetic(self, keys: Iterable[str], types: Sequence[str], *, limit: int,
                    exclude: Collection[str] = ()) -> dict[int, Candidate]:
        """Candidates whose name or an alias has one of the phonetic ``keys``."""
        out: dict[int, Candidate] = {}
        marks = ",".join("?" * len(types))
        for key in dict.fromkeys(k for k in keys if k):
            out.update(self._rows(
                "SELECT rid, id, type, name FROM nodes WHERE phonetic = ? AND phonetic != '' "
                f"AND type IN ({marks}) LIMIT ?", [key, *types, limit], exclude))
            out.update(self._rows(
                "SELECT n.rid, n.id, n.type, n.name FROM aliases a JOIN nodes n ON n.id = a.node "
                f"WHERE a.phonetic = ? AND a.phonetic != '' AND n.type IN ({marks}) LIMIT ?",
                [key, *types, limit], exclude))
        return out

    def by_rids(self, rids: Sequence[int], types: Sequence[str],
                exclude: Collection[str] = ()) -> dict[int, Candidate]:
        """The worlds with these row ids that have one of ``types``."""
        if not rids:
            return {}
        marks = ",".join("?" * len(rids))
        tmarks = ",".join("?" * len(types))
        return self._rows(
            f"SELECT rid, id, type, name FROM nodes WHERE rid IN ({marks}) AND type IN ({tmarks})",
            [*rids, *types], exclude)

    def with_aliases(self, candidates: dict[int, Candidate]) -> dict[int, Candidate]:
        """Append every candidate's aliases to its surfaces (one query per 500 candidates)."""
        by_id = {c.id: c for c in candidates.values()}
        ids = list(by_id)
        with self.store.lock:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                marks = ",".join("?" * len(chunk))
                for node, alias in self.store.conn.execute(
                    f"SELECT node, alias FROM aliases WHERE node IN ({marks}) "
                    "ORDER BY recorded_at", chunk):
                    surfaces = by_id[node].surfaces
                    if alias not in surfaces:
                        surfaces.append(str(alias))
        return candidates

    def _rows(self, sql: str, args: Sequence[object],
              exclude: Collection[str]) -> dict[int, Candidate]:
        with self.store.lock:
            rows = self.store.conn.execute(sql, list(args)).fetchall()
        return {int(r[0]): Candidate(int(r[0]), NodeId(str(r[1])), str(r[2]), [str(r[3])])
                for r in rows if r[1] not in exclude}
