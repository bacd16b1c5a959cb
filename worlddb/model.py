"""Value objects of the worlddb vocabulary: worlds, edges, changesets and commit results.

A *world* is every node of the graph: a type, a name, content, the ids of its children and the
edges among those children. Those fields (plus ``created_at``) are its canonical content and its
id is their blake3 hash (see ``worlddb.hashing``). Validity, provenance, aliases and flags live
outside the hash on mutable projection rows, so a handler can close validity without re-hashing.

All times are integer microseconds since the epoch, UTC (``worlddb.timeutil`` converts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, NewType

__all__ = [
    "DEFAULT_EDGE_TYPES",
    "TEXT_WORLD_TYPES",
    "Changeset",
    "CommitResult",
    "Edge",
    "EdgeSpec",
    "InteriorEdge",
    "MergeProposal",
    "NodeId",
    "Resolution",
    "World",
    "WorldSpec",
    "fts_columns",
]

NodeId = NewType("NodeId", str)

DEFAULT_EDGE_TYPES: Final = (
    "contains",
    "refers_to",
    "supersedes",
    "same_as",
    "contradicts",
    "implies",
    "derived_from",
    "instance_of",
    "subtype_of",
    "causes",
    "precedes",
)

# World types whose text goes into the FTS5 lane. Entities are searched by name too.
TEXT_WORLD_TYPES: Final = frozenset(
    {
        "Turn",
        "Fact",
        "Summary",
        "Entity",
        "Person",
        "Organization",
        "Place",
        "Product",
        "Tool",
        "Event",
        "Decision",
        "Topic",
        "Note",
        "Memory",
        "Document",
    }
)


@dataclass(frozen=True, slots=True)
class InteriorEdge:
    """An edge between two children of the same world; part of that world's canonical content."""

    type: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class WorldSpec:
    """A world a caller proposes to write. Fields up to ``created_at`` are hashed into the id."""

    type: str
    name: str = ""
    content: str = ""
    children: tuple[str, ...] = ()
    edges: tuple[InteriorEdge, ...] = ()
    created_at: int = 0
    # Outside the hash: projection state.
    valid_from: int | None = None
    valid_to: int | None = None
    provenance: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    resolve: bool = False


@dataclass(frozen=True, slots=True)
class World:
    """A stored world as read back: canonical content plus its projection row."""

    id: NodeId
    type: str
    name: str
    content: str
    children: tuple[NodeId, ...]
    edges: tuple[InteriorEdge, ...]
    created_at: int
    valid_from: int | None
    valid_to: int | None
    ingested_at: int
    parent: NodeId | None
    provenance: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()

    @property
    def text(self) -> str:
        """The searchable text: content, or the name for worlds without content."""
        return self.content or self.name

    def is_valid_at(self, moment: int) -> bool:
        """Whether ``moment`` lies in ``[valid_from, valid_to)``."""
        lower_ok = self.valid_from is None or self.valid_from <= moment
        upper_ok = self.valid_to is None or moment < self.valid_to
        return lower_ok and upper_ok


@dataclass(frozen=True, slots=True)
class EdgeSpec:
    """An edge a caller proposes between two worlds (by id). Its id hashes type, source, target."""

    type: str
    source: str
    target: str
    properties: Mapping[str, object] = field(default_factory=dict)
    valid_from: int | None = None
    valid_to: int | None = None


@dataclass(frozen=True, slots=True)
class Edge:
    """A stored edge; ``status`` is ``active``, ``retired`` or, for ``same_as``, the proposal's."""

    id: str
    type: str
    source: NodeId
    target: NodeId
    properties: Mapping[str, object]
    valid_from: int | None
    valid_to: int | None
    ingested_at: int
    status: str


@dataclass(frozen=True, slots=True)
class MergeProposal:
    """A staged ``same_as``: the resolver thinks two worlds are one; a person or caller decides."""

    edge_id: str
    source: NodeId
    target: NodeId
    tier: str
    score: float
    evidence: str
    status: str
    created_at: int


@dataclass(frozen=True, slots=True)
class Changeset:
    """Everything one reconciler transaction writes: worlds and edges, all or nothing."""

    worlds: tuple[WorldSpec, ...] = ()
    edges: tuple[EdgeSpec, ...] = ()
    source: str | None = None


@dataclass(frozen=True, slots=True)
class CommitResult:
    """What a committed changeset did.

    ``ids`` maps each proposed world's own id to the id it landed as: the same id, or an existing
    world's id when the resolver matched it.
    """

    ids: Mapping[str, NodeId]
    created: tuple[NodeId, ...]
    existing: tuple[NodeId, ...]
    edges: tuple[str, ...]
    proposals: tuple[str, ...]
    closed: tuple[NodeId, ...]
    conflicts: tuple[tuple[NodeId, NodeId], ...]
    resolutions: Mapping[str, tuple[str, float]]
    ingested_at: int


@dataclass(frozen=True, slots=True)
class Resolution:
    """The resolver's answer for one proposed entity.

    ``outcome`` is ``resolved`` (``world_id`` is the match), ``ambiguous`` (``options`` holds the
    candidates, best first, as ``(id, tier, score)``) or ``new``. ``tier`` names the tier that
    fired: exact, alias, fuzzy, acronym, phonetic, embedding or tiebreaker. ``evidence``, when
    given, says why each option was proposed (same order as ``options``): the rule, its data
    source and the context that supports or weakens it; it is recorded on the proposal.
    """

    outcome: str
    world_id: NodeId | None = None
    tier: str = ""
    score: float = 0.0
    options: tuple[tuple[NodeId, str, float], ...] = ()
    evidence: tuple[str, ...] = ()

    def why(self, world: NodeId) -> str:
        """The evidence recorded for ``world`` (empty when none was given)."""
        for (option, _, _), reason in zip(self.options, self.evidence, strict=False):
            if option == world:
                return reason
        return ""


# World types whose ``name`` is a label (a Turn's role, a Fact's key), not searchable words.
_LABEL_NAMED_TYPES: Final = frozenset({"Turn", "Session", "Note", "Fact", "Scope"})


def fts_columns(type_: str, name: str, content: str) -> tuple[str, str]:
    """The (name, content) text the FTS lane indexes for a world."""
    return ("" if type_ in _LABEL_NAMED_TYPES else name), content
