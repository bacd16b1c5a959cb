"""Blocking: the few stored entities worth comparing with a proposed name. Reads only.

Comparing a name with every stored entity is linear in the store; blocking keeps the resolver's
cost flat at 100k+ entities by asking indexes for a bounded candidate set:

* FTS5 over the ``name`` column: any shared word, or a shared 3–4 letter prefix (so a typo late
  in a word still blocks), ranked by BM25 and cut at ``limit``;
* the alias index by normalised prefix (aliases are not in FTS);
* the phonetic-key indexes of names and aliases (schema V2), for spellings that share no word.

Every query is an index lookup (``tests/test_resolver_blocking.py`` checks the plans); candidates
are then filtered by type and loaded with their aliases in one more query.

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
from worlddb.resolver.lexicon import CONNECTORS, LEGAL_FORMS
from worlddb.store import Store

__all__ = [
    "Blocker",
    "Candidate",
    "ScopeSet",
    "fts_expression",
    "scope_condition",
    "strong_words",
    "within_scopes",
    "word_prefix",
]

ScopeSet = Sequence[str] | None
"""Where a resolution may look: ``None`` everywhere, ``()`` only unscoped entities, otherwise
only entities in every listed scope (Scope world ids)."""

MAX_TERMS: Final = 16
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
    if len(word) < PREFIX_MIN_WORD or word.isdigit():
        return _quote(word)
    return f"({_quote(word)} OR {_quote(word_prefix(word))} *)"


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


def scope_condition(alias: str, scopes: ScopeSet) -> tuple[str, list[object]]:
    """`` AND ...`` restricting ``nodes`` row ``alias`` to ``scopes`` (see ``ScopeSet``).

    Each scope is one primary-key probe of ``scope_members`` per candidate row; "no scope" is
    one probe of its ``rid`` index.
    """
    if scopes is None:
        return "", []
    if not scopes:
        return (
            f" AND NOT EXISTS (SELECT 1 FROM scope_members m WHERE m.rid = {alias}.rid)",
            [],
        )
    probe = f" AND EXISTS (SELECT 1 FROM scope_members m WHERE m.scope = ? AND m.rid = {alias}.rid)"
    return probe * len(scopes), list(scopes)


def within_scopes(store: Store, ids: Sequence[str], scopes: ScopeSet) -> list[NodeId]:
    """The worlds among ``ids`` that ``scopes`` admits, in the given order."""
    wanted = [NodeId(i) for i in dict.fromkeys(ids)]
    if scopes is None or not wanted:
        return wanted
    condition, params = scope_condition("n", scopes)
    kept: set[str] = set()
    with store.lock:
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            kept |= {
                str(r[0])
                for r in store.conn.execute(
                    f"SELECT n.id FROM nodes n WHERE n.id IN ({marks}){condition}",
                    [*chunk, *params],
                )
            }
    return [i for i in wanted if i in kept]


class Blocker:
    """Bounded candidate queries over one store (thread-safe through the store's lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store

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
        marks = ",".join("?" * len(types))
        within, scoped = scope_condition("n", scopes)
        sql = (
            "SELECT n.rid, n.id, n.type, n.name FROM fts JOIN nodes n ON n.rid = fts.rowid "
            f"WHERE fts MATCH ? AND n.type IN ({marks}){within} LIMIT ?"
        )
        if stage != "any":
            expression = fts_expression(surfaces, stage=stage)
            return (
                {}
                if expression is None
                else self._rows(sql, [expression, *types, *scoped, limit], exclude)
            )
        out: dict[int, Candidate] = {}
        for surface in surfaces:
            found = _strong_words(surface)
            if len(found) < 2:
                continue
            for skipped in range(len(found)):
                # one query per left-out word, so a common word cannot crowd out a rare one
                rest = " AND ".join(_quote(w) for i, w in enumerate(found) if i != skipped)
                args = [f"name : ({rest})", *types, *scoped, limit]
                out.update(self._rows(sql, args, exclude))
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
        marks = ",".join("?" * len(types))
        within, scoped = scope_condition("n", scopes)
        for surface in surfaces:
            prefix = normalize_name(surface)[:ALIAS_PREFIX_CHARS]
            if len(prefix) < 2:
                continue
            upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
            sql = (
                "SELECT n.rid, n.id, n.type, n.name FROM aliases a CROSS JOIN nodes n "
                "ON n.id = a.node WHERE a.norm_alias >= ? AND a.norm_alias < ? "
                f"AND n.type IN ({marks}){within} LIMIT ?"
            )
            out.update(self._rows(sql, [prefix, upper, *types, *scoped, limit], exclude))
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
        marks = ",".join("?" * len(types))
        within, scoped = scope_condition("n", scopes)
        for key in dict.fromkeys(k for k in keys if k):
            out.update(
                self._rows(
                    "SELECT n.rid, n.id, n.type, n.name FROM nodes n WHERE n.phonetic = ? "
                    f"AND n.phonetic != '' AND n.type IN ({marks}){within} LIMIT ?",
                    [key, *types, *scoped, limit],
                    exclude,
                )
            )
            out.update(
                self._rows(
                    "SELECT n.rid, n.id, n.type, n.name FROM aliases a CROSS JOIN nodes n "
                    "ON n.id = a.node WHERE a.phonetic = ? AND a.phonetic != '' "
                    f"AND n.type IN ({marks}){within} LIMIT ?",
                    [key, *types, *scoped, limit],
                    exclude,
                )
            )
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
        marks = ",".join("?" * len(rids))
        tmarks = ",".join("?" * len(types))
        within, scoped = scope_condition("n", scopes)
        return self._rows(
            f"SELECT n.rid, n.id, n.type, n.name FROM nodes n WHERE n.rid IN ({marks}) "
            f"AND n.type IN ({tmarks}){within}",
            [*rids, *types, *scoped],
            exclude,
        )

    def with_aliases(self, candidates: dict[int, Candidate]) -> dict[int, Candidate]:
        """Append every candidate's aliases, newest first, to its surfaces (one query per 500)."""
        by_id = {c.id: c for c in candidates.values()}
        ids = list(by_id)
        with self.store.lock:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                marks = ",".join("?" * len(chunk))
                for node, alias in self.store.conn.execute(
                    f"SELECT node, alias FROM aliases WHERE node IN ({marks}) "
                    "ORDER BY recorded_at DESC",
                    chunk,
                ):
                    surfaces = by_id[node].surfaces
                    if alias not in surfaces:
                        surfaces.append(str(alias))
        return candidates

    def _rows(
        self, sql: str, args: Sequence[object], exclude: Collection[str]
    ) -> dict[int, Candidate]:
        with self.store.lock:
            rows = self.store.conn.execute(sql, list(args)).fetchall()
        return {
            int(r[0]): Candidate(int(r[0]), NodeId(str(r[1])), str(r[2]), [str(r[3])])
            for r in rows
            if r[1] not in exclude
        }
