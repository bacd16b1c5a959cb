"""Context evidence: what the write says around a proposed entity, and what the store knows.

A name alone cannot tell "Jon Lane at Acme" from "Jon Lang at Acme": one letter apart, two known
surnames, so the name rule says two people. What they are *seen with* can: the entities a fact of
the write ties to the proposed one (its employer, its city, a colleague) and the entities the
stored candidate is already tied to. This module gathers both sides and compares them:

* ``WriteContext`` (built once per changeset) reads the write: the entities a fact of the same
  changeset refers to along with the proposed one, or that an edge of the write joins to it
  (``linked``), and the write's other entities (``co_mentioned``, the looser signal of one
  conversation);
* ``StoredContext`` reads the store through ``BlockingQueries.context_names``: each candidate's
  entities one edge away, or sharing a fact with it (``refers_to`` on both sides);
* ``ContextWeigher`` applies ``judge`` to a resolution's options (the tiered resolver's hook);
* ``judge`` says whether a candidate's context *supports* the proposal (a shared entity), *weakens*
  it (the write ties the entity to others and the candidate has stored ties, none shared) or says
  nothing, and spells that out for the proposal's evidence. Only a shared *linked* entity (not
  a mere co-mention) may rescue a pair the name rules veto.

Names are compared by their parsed core (``name_form(...).joined``: no legal form, case, accents
or punctuation), so "Acme Corp." in a write matches a stored "ACME Corporation".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from worlddb.model import EdgeSpec, WorldSpec
from worlddb.resolver.forms import name_form
from worlddb.resolver.options import NEUTRAL, SUPPORTS, WEAKENS, Option
from worlddb.store.resolver_queries import ENTITY_TYPES, BlockingQueries

__all__ = [
    "NO_CONTEXT",
    "ContextJudgement",
    "ContextWeigher",
    "MentionContext",
    "StoredContext",
    "WriteContext",
    "judge",
    "mention_context",
]

MAX_CONTEXT: Final = 32  # names kept per side: a long conversation names many things
MAX_STORED_PER_ENTITY: Final = 256  # stored ties read per candidate (a hub has thousands)


@dataclass(frozen=True, slots=True)
class MentionContext:
    """The entities a write names around one proposed entity (display names)."""

    linked: tuple[str, ...] = ()
    co_mentioned: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.linked or self.co_mentioned)


NO_CONTEXT: Final = MentionContext()


@dataclass(frozen=True, slots=True)
class ContextJudgement:
    """What a candidate's stored ties say about one proposal."""

    verdict: int = NEUTRAL  # SUPPORTS, NEUTRAL or WEAKENS
    shared: tuple[str, ...] = ()
    note: str = ""
    linked: bool = False  # a shared entity is one the write ties to the proposed one


def _key(name: str) -> str:
    return name_form(name).joined


class WriteContext:
    """The context of every proposed world of one changeset, indexed once (``of``).

    ``worlds`` are the changeset's worlds by id, ``edges`` its edges; a world's own interior
    edges count too. Building the index is linear in the edges, so a changeset with many
    entities is not rescanned per entity.
    """

    def __init__(self, worlds: Mapping[str, WorldSpec], edges: Sequence[EdgeSpec]) -> None:
        self.worlds = worlds
        pairs = [(e.source, e.target) for e in edges]
        pairs += [(e.source, e.target) for s in worlds.values() for e in s.edges]
        self.out: dict[str, list[str]] = {}
        self.into: dict[str, list[str]] = {}
        for src, dst in pairs:
            self.out.setdefault(src, []).append(dst)
            self.into.setdefault(dst, []).append(src)
        self.entities = [w for w, spec in worlds.items() if self._named(w)]

    def _named(self, world: str) -> str | None:
        spec = self.worlds.get(world)
        if spec is None or spec.type not in ENTITY_TYPES:
            return None
        return spec.name or None

    def of(self, wid: str) -> MentionContext:
        """``linked``: entities an edge of the write joins to ``wid``, or that a world of the
        write (a fact) refers to along with it; ``co_mentioned``: the write's other entities."""
        near = [*self.out.get(wid, ()), *self.into.get(wid, ())]
        for referrer in self.into.get(wid, ()):
            near += self.out.get(referrer, ())
        linked = [n for w in near if w != wid and (n := self._named(w)) is not None]
        co = [n for w in self.entities if w != wid and (n := self._named(w)) is not None]
        return MentionContext(
            tuple(dict.fromkeys(linked))[:MAX_CONTEXT], tuple(dict.fromkeys(co))[:MAX_CONTEXT]
        )


def mention_context(
    wid: str, worlds: Mapping[str, WorldSpec], edges: Sequence[EdgeSpec]
) -> MentionContext:
    """The context a changeset gives proposed world ``wid`` (see ``WriteContext``)."""
    return WriteContext(worlds, edges).of(wid)


class StoredContext:
    """Candidates' stored ties, read once per resolution and only for the candidates asked."""

    def __init__(self, queries: BlockingQueries) -> None:
        self.queries = queries
        self._known: dict[str, dict[str, str]] = {}

    def of(self, world: str) -> dict[str, str]:
        """Core name → display name of the entities ``world`` is tied to in the store."""
        if world not in self._known:
            names: dict[str, str] = {}
            for other in self.queries.context_names(world, MAX_STORED_PER_ENTITY):
                key = _key(other)
                if key:
                    names.setdefault(key, other)
            self._known[world] = names
        return self._known[world]


def judge(context: MentionContext, stored: Mapping[str, str]) -> ContextJudgement:
    """Whether ``stored`` ties (core → name) support or weaken a proposal made in ``context``."""
    if not context:
        return ContextJudgement()
    linked = {_key(n) for n in context.linked} - {""}
    loose = {_key(n) for n in context.co_mentioned} - {""}
    shared = [stored[k] for k in stored if k in linked or k in loose]
    if shared:
        names = ", ".join(repr(n) for n in shared[:3])
        tied = any(k in linked for k in stored)
        how = "tied to" if tied else "mentioned with"
        return ContextJudgement(
            SUPPORTS, tuple(shared), f"context: both {how} {names}", linked=tied
        )
    if linked and stored:
        return ContextJudgement(
            WEAKENS, (), f"context: none shared ({len(linked)} given, {len(stored)} stored)"
        )
    return ContextJudgement(NEUTRAL, (), "context: nothing to compare")


class ContextWeigher:
    """Applies one write's context to a resolution's options (see the module docstring).

    ``weigh`` records the verdict on every option and drops the *close calls* that the context
    weakens: options below their tier's ``sure`` score. ``rescue`` keeps the vetoed pairs whose
    candidate is tied to an entity the write ties to the proposed one.
    """

    def __init__(self, context: MentionContext, stored: StoredContext) -> None:
        self.context = context
        self.stored = stored

    def judged(self, option: Option, *, tied: bool = False) -> Option:
        verdict = judge(self.context, self.stored.of(option.world_id))
        evidence = f"{option.evidence}; {verdict.note}" if verdict.note else option.evidence
        support = verdict.verdict
        if tied and support == SUPPORTS and not verdict.linked:
            support = NEUTRAL  # a co-mention in one conversation is too loose to rescue a veto
        return replace(option, evidence=evidence, support=support)

    def weigh(self, options: Sequence[Option], sure: float) -> list[Option]:
        judged = [self.judged(o) for o in options]
        return [o for o in judged if o.support != WEAKENS or o.score >= sure]

    def rescue(self, options: Sequence[Option]) -> list[Option]:
        return [o for o in (self.judged(o, tied=True) for o in options) if o.support == SUPPORTS]
