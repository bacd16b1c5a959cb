"""Entity resolution: which stored world, if any, a proposed entity is.

The reconciler calls a ``Resolver`` for every world written with ``resolve=True``. ``base`` holds
the protocol, the type-compatibility rule and the exact tier; ``tiered`` the default resolver
(exact, fuzzy, phonetic, embedding, tiebreaker); ``recluster`` the after-ingest pass that
re-resolves a neighbourhood and stages what the first pass missed through a write callback (this
package never imports the reconciler).
"""

from worlddb.resolver.base import (
    ENTITY_TYPES,
    GENERIC_TYPE,
    NEW,
    ExactResolver,
    Resolver,
    ScopedResolver,
    candidate_types,
    compatible_types,
)
from worlddb.resolver.blocking import ScopeSet, within_scopes
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
    "ExactResolver",
    "Option",
    "Resolver",
    "ResolverSettings",
    "ScopeSet",
    "ScopedResolver",
    "Tiebreaker",
    "TierPreference",
    "TieredResolver",
    "candidate_types",
    "compatible_types",
    "recluster",
    "within_scopes",
]
