"""The query pipeline's data: the declarative ``QuerySpec``, its operators, and ``Subgraph``.

A spec is plain data, so it can be built by hand, by the fluent ``Query`` builder, or by a
planner, and compared or logged. ``plan_start`` picks the cheapest seed; ``check_spec``
validates a spec before it runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from worlddb.errors import ValidationError
from worlddb.model import Edge, NodeId, World
from worlddb.store.reads import TimeView

__all__ = [
    "DEFAULT_START_K",
    "DIRECTIONS",
    "MAX_HOPS",
    "Expand",
    "Filter",
    "Limit",
    "Operator",
    "PreferSummaries",
    "QuerySpec",
    "Subgraph",
    "WhereConnected",
    "check_spec",
    "plan_start",
]

DEFAULT_START_K: Final = 50
"""How many worlds a text or vector seed contributes."""
MAX_HOPS: Final = 6
DIRECTIONS: Final = ("out", "in", "both")
_DEFAULT_VIEW: Final = TimeView()


@dataclass(frozen=True, slots=True)
class Expand:
    """Add the worlds reachable along ``edge_types`` (all types if empty) within ``hops``."""

    edge_types: tuple[str, ...] = ()
    direction: str = "out"
    hops: int = 1


@dataclass(frozen=True, slots=True)
class WhereConnected:
    """Keep worlds with a live ``edge_type`` edge to ``node`` (``out``), from it (``in``), or
    either (``both``)."""

    edge_type: str
    direction: str
    node: str


@dataclass(frozen=True, slots=True)
class Filter:
    """Keep worlds of ``types``, in all of ``scope_ids``, visible in ``view`` (each optional)."""

    types: tuple[str, ...] | None = None
    scope_ids: tuple[str, ...] | None = None
    view: TimeView | None = None


@dataclass(frozen=True, slots=True)
class PreferSummaries:
    """Show a container's Summary world in place of its children (the consolidator writes
    summaries); the children stay reachable from the summary along ``derived_from`` and
    ``contains`` (detail on demand: query without this operator, or expand from the summary)."""


@dataclass(frozen=True, slots=True)
class Limit:
    """Keep the first ``n`` worlds."""

    n: int


Operator = Expand | WhereConnected | Filter | Limit | PreferSummaries


@dataclass(frozen=True, slots=True)
class QuerySpec:
    """A whole query as data: seeds, operators in order, and the time view.

    Attributes:
        ids: Seed worlds by id or unique prefix.
        text: Seed by full-text search (BM25).
        vector: Seed by vector search on this text.
        text_k: How many worlds the text seed contributes.
        vector_k: How many worlds the vector seed contributes (or keeps, as a check).
        ops: Operators, applied in order.
        view: Which worlds exist for this query; the default hides closed ones.
    """

    ids: tuple[str, ...] = ()
    text: str | None = None
    vector: str | None = None
    text_k: int = DEFAULT_START_K
    vector_k: int = DEFAULT_START_K
    ops: tuple[Operator, ...] = ()
    view: TimeView = _DEFAULT_VIEW


@dataclass(frozen=True, slots=True)
class Subgraph:
    """The answer to a query: worlds, and the edges traversed among them.

    Attributes:
        nodes: The worlds, start set first, then in discovery order.
        edges: Edges the operators traversed whose both ends are in ``nodes``.
        start: The ids of the start set (after seed checks and visibility).
        plan: Which seed the planner started from (``ids``, ``text`` or ``vector``).
        truncated: Whether an expansion stopped at ``MAX_NODES``.
    """

    nodes: tuple[World, ...]
    edges: tuple[Edge, ...]
    start: tuple[NodeId, ...]
    plan: str
    truncated: bool = False

    @property
    def ids(self) -> list[NodeId]:
        """The node ids, in order."""
        return [world.id for world in self.nodes]

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, world_id: object) -> bool:
        return any(world.id == world_id for world in self.nodes)


def plan_start(spec: QuerySpec) -> str:
    """The seed to start from: ``ids`` if given, else ``text``, else ``vector``.

    Raises:
        ValidationError: the spec has no seed at all.
    """
    if spec.ids:
        return "ids"
    if spec.text is not None:
        return "text"
    if spec.vector is not None:
        return "vector"
    raise ValidationError("a query needs a start set: ids, text or vector", field="start")


def check_spec(spec: QuerySpec) -> None:
    for k in (spec.text_k, spec.vector_k):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValidationError(
                f"a seed's k must be a positive integer, not {k!r}", field="k", value=k
            )
    for op in spec.ops:
        if isinstance(op, Expand | WhereConnected) and op.direction not in DIRECTIONS:
            raise ValidationError(
                f"direction must be 'out', 'in' or 'both', not {op.direction!r}",
                field="direction",
                value=op.direction,
            )
        if isinstance(op, Expand) and (
            isinstance(op.hops, bool)
            or not isinstance(op.hops, int)
            or not 1 <= op.hops <= MAX_HOPS
        ):
            raise ValidationError(
                f"hops must be an integer from 1 to {MAX_HOPS}, not {op.hops!r}",
                field="hops",
                value=op.hops,
            )
        if isinstance(op, Limit) and (
            isinstance(op.n, bool) or not isinstance(op.n, int) or op.n < 0
        ):
            raise ValidationError(
                f"limit must be a non-negative integer, not {op.n!r}", field="limit", value=op.n
            )
