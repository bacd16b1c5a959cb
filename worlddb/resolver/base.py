"""The resolver protocol, the type-compatibility rule and the exact tier.

The reconciler calls a ``Resolver`` for every world written with ``resolve=True``, on the writer
thread, inside the write transaction (so it sees exactly the state the write commits against).
An ``exact`` answer maps the proposed world onto the stored one; any other ``resolved`` or
``ambiguous`` answer only stages ``same_as`` proposals, so a resolver can be wrong without
merging anything.

A resolver that also implements ``ScopedResolver`` is asked to look only among the entities
visible in the write's scopes; the reconciler drops any answer outside them either way, so a
write in one scope never lands on, proposes, or learns of an entity of another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, runtime_checkable

from worlddb.model import NodeId, Resolution, WorldSpec
from worlddb.normalize import normalize_name
from worlddb.resolver.blocking import within_scopes
from worlddb.resolver.context import MentionContext
from worlddb.store.protocols import Store

__all__ = [
    "ENTITY_TYPES",
    "GENERIC_TYPE",
    "NEW",
    "ContextualResolver",
    "ExactResolver",
    "Resolver",
    "ScopedResolver",
    "candidate_types",
    "compatible_types",
]

ENTITY_TYPES: Final = frozenset(
    {"Entity", "Person", "Organization", "Place", "Product", "Tool", "Topic", "Event"}
)
GENERIC_TYPE: Final = "Entity"
NEW: Final = Resolution("new")


class Resolver(Protocol):
    """Decide what a proposed entity is.

    Called by the reconciler on the writer thread, once per proposed world with ``resolve=True``,
    inside the write transaction (its store reads see that transaction). May read the store;
    must not write to it.
    """

    def resolve(self, spec: WorldSpec, /) -> Resolution: ...


@runtime_checkable
class ScopedResolver(Resolver, Protocol):
    """A resolver that can be told where to look.

    ``scopes`` are Scope world ids: answer only with entities that are members of every one of
    them, or, when it is empty, with entities that belong to no scope. Answers must not depend
    on entities outside (not even to call a name ambiguous).
    """

    def resolve_within(self, spec: WorldSpec, scopes: Sequence[str], /) -> Resolution: ...


@runtime_checkable
class ContextualResolver(ScopedResolver, Protocol):
    """A scoped resolver that also weighs what the write says around the proposed entity.

    ``context`` (``worlddb.resolver.context.mention_context``) names the entities the same
    changeset ties to the proposed one and its other entities. Same calling rules as
    ``Resolver``; the context only ever narrows or explains answers within ``scopes``.
    """

    def resolve_in_context(
        self, spec: WorldSpec, scopes: Sequence[str], context: MentionContext, /
    ) -> Resolution: ...


def compatible_types(a: str, b: str) -> bool:
    """Whether worlds of types ``a`` and ``b`` may be one entity (a Person is not a Tool)."""
    return a == b or GENERIC_TYPE in (a, b)


def candidate_types(kind: str) -> list[str]:
    """The stored types a proposed ``kind`` may resolve to: itself and the generic type.

    A generic ``Entity`` may resolve to any entity type.
    """
    if kind == GENERIC_TYPE:
        return sorted(ENTITY_TYPES)
    return [kind, GENERIC_TYPE]


class ExactResolver:
    """The exact tier alone: normalised name or alias equality, type-compatible."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def resolve(self, spec: WorldSpec, /, *, scopes: Sequence[str] | None = None) -> Resolution:
        """Resolve ``spec`` by name or alias equality (ambiguous when several worlds match).

        ``scopes``: look only there (see ``ScopedResolver``); ``None`` looks everywhere.
        """
        for surface in (spec.name, *spec.aliases):
            norm = normalize_name(surface)
            if not norm:
                continue
            found = self.store.find_by_name(norm, types=candidate_types(spec.type))
            matches = within_scopes(self.store, found, scopes)
            if len(matches) == 1:
                return Resolution("resolved", matches[0], "exact", 1.0)
            if len(matches) > 1:
                return Resolution(
                    "ambiguous",
                    None,
                    "exact",
                    1.0,
                    tuple((NodeId(m), "exact", 1.0) for m in matches),
                )
        return NEW

    def resolve_within(self, spec: WorldSpec, scopes: Sequence[str], /) -> Resolution:
        """``resolve`` among the entities in every one of ``scopes``."""
        return self.resolve(spec, scopes=tuple(scopes))
