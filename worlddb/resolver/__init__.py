"""Entity resolution: which stored world, if any, a proposed entity is.

The reconciler calls a ``Resolver`` for every world written with ``resolve=True``. ``base`` holds
the protocols, the type-compatibility rule and the exact tier; ``context`` what a write says
around a proposed entity (the entities named with it) and how that weighs on a proposal;
``tiered`` the default resolver (exact, alias, fuzzy, acronym, phonetic, embedding, tiebreaker),
with ``decide`` turning its options into an answer and ``slips`` saying which one-letter
differences are typos rather than another name;
``recluster`` the after-ingest pass that re-resolves a neighbourhood and stages what the first
pass missed through a write callback (this package never imports the reconciler). All SQL is in
``worlddb.store.resolver_queries``.
"""

from worlddb.resolver.base import (
    ENTITY_TYPES,
    GENERIC_TYPE,
    NEW,
    ContextualResolver,
    ExactResolver,
    Resolver,
    ScopedResolver,
    candidate_types,
    compatible_types,
)
from worlddb.resolver.blocking import ScopeSet, within_scopes
from worlddb.resolver.context import NO_CONTEXT, MentionContext, WriteContext, mention_context
from worlddb.resolver.recluster import recluster
from worlddb.resolver.tiered import (
    DEFAULT_TIER_ORDER,
    Option,
    ResolverSettings,
    Tiebreaker,
    TieredResolver,
    TierPreference,
)

__all__ = [
    "DEFAULT_TIER_ORDER",
    "ENTITY_TYPES",
    "GENERIC_TYPE",
    "NEW",
    "NO_CONTEXT",
    "ContextualResolver",
    "ExactResolver",
    "MentionContext",
    "Option",
    "Resolver",
    "ResolverSettings",
    "ScopeSet",
    "ScopedResolver",
    "Tiebreaker",
    "TierPreference",
    "TieredResolver",
    "WriteContext",
    "candidate_types",
    "compatible_types",
    "mention_context",
    "recluster",
    "within_scopes",
]
