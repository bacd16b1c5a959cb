"""The query pipeline's data: the declarative ``QuerySpec``, its operators, and ``Subgraph``.

A spec is plain data, so it can be built by hand, by the fluent ``Query`` builder, or by a
planner, and compared or logged. The traversal operators (``ShortestPath``, ``Spread``,
``Beam``) carry their ``Bounds``; ``worlddb.query.traverse`` runs them. ``plan_start`` picks
the cheapest seed; ``check_spec`` validates a spec before it runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from worlddb.errors import ValidationError
from worlddb.model import Edge, NodeId, World
from worlddb.store.reads import TimeView

__all__ = [
    "DEFAULT_START_K",
    "DIRECTIONS",
    "MAX_HOPS",
    "Beam",
    "Bounds",
    "Expand",
    "Filter",
    "Limit",
    "Operator",
    "PreferSummaries",
    "QuerySpec",
    "ShortestPath",
    "Spread",
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


@dataclass(frozen=True, slots=True)
class Bounds:
    """How far a traversal may go: at most ``max_visited`` worlds expanded (each expansion is
    one adjacency read) and ``timeout_s`` seconds of wall time. Hitting either stops the
    traversal with what it has, marked ``Subgraph.truncated`` and ``Subgraph.stopped``."""

    max_visited: int = 10_000
    timeout_s: float = 2.0


@dataclass(frozen=True, slots=True)
class ShortestPath:
    """A* from the current set (any of its worlds) to ``target``; the set becomes the path.

    An edge costs ``weights[type]`` (else ``default_weight``) plus ``semantic_weight`` times
    the angle between its ends' embeddings over pi; see ``worlddb.query.traverse`` for the
    heuristic and why it is admissible.
    """

    target: str
    edge_types: tuple[str, ...] = ()
    direction: str = "both"
    weights: tuple[tuple[str, float], ...] = ()
    default_weight: float = 1.0
    semantic_weight: float = 0.5
    bounds: Bounds = field(default_factory=Bounds)


@dataclass(frozen=True, slots=True)
class Spread:
    """ "Water circles": activation 1 at the current set, times ``decay`` per hop, kept while it
    is at least ``threshold`` and for at most ``hops`` hops; the set becomes every world
    reached, strongest first (``Subgraph.scores`` holds each activation)."""

    edge_types: tuple[str, ...] = ()
    direction: str = "both"
    decay: float = 0.5
    hops: int = 3
    threshold: float = 0.1
    bounds: Bounds = field(default_factory=Bounds)


@dataclass(frozen=True, slots=True)
class Beam:
    """Beam search from the current set: each step keeps the ``width`` unvisited neighbours
    most similar to ``query`` (cosine of embeddings), for ``depth`` steps; the set becomes the
    seeds and every world kept, and ``Subgraph.paths`` the paths to the last beam, best first."""

    query: str
    edge_types: tuple[str, ...] = ()
    direction: str = "both"
    width: int = 5
    depth: int = 3
    bounds: Bounds = field(default_factory=Bounds)


Traversal = ShortestPath | Spread | Beam
Operator = Expand | WhereConnected | Filter | Limit | ShortestPath | Spread | Beam | PreferSummaries


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
        scope_ids: When given, every world the query seeds or reaches must be in all of
            these scopes (ids or ``kind=value``), as recall's ``scope_ids``.
    """

    ids: tuple[str, ...] = ()
    text: str | None = None
    vector: str | None = None
    text_k: int = DEFAULT_START_K
    vector_k: int = DEFAULT_START_K
    ops: tuple[Operator, ...] = ()
    view: TimeView = _DEFAULT_VIEW
    scope_ids: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Subgraph:
    """The answer to a query: worlds, and the edges traversed among them.

    Attributes:
        nodes: The worlds, start set first, then in discovery order.
        edges: Edges the operators traversed whose both ends are in ``nodes``.
        start: The ids of the start set (after seed checks and visibility).
        plan: Which seed the planner started from (``ids``, ``text`` or ``vector``).
        truncated: Whether an expansion stopped at ``MAX_NODES`` or a traversal at its
            ``Bounds`` (the answer is then partial).
        paths: The paths a traversal found (world ids, start to end), best first.
        cost: The cost of the first path of a ``ShortestPath`` (``None`` otherwise).
        scores: A traversal's score per world (activation, similarity, or path cost).
        stopped: Which bound stopped a traversal (``"visited"`` or ``"time"``), if any.
        visited: How many worlds traversals expanded.
    """

    nodes: tuple[World, ...]
    edges: tuple[Edge, ...]
    start: tuple[NodeId, ...]
    plan: str
    truncated: bool = False
    paths: tuple[tuple[NodeId, ...], ...] = ()
    cost: float | None = None
    scores: dict[NodeId, float] = field(default_factory=dict)
    stopped: str | None = None
    visited: int = 0

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
        if isinstance(op, ShortestPath | Spread | Beam):
            check_traversal(op)
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


def _positive(value: object, name: str, *, integer: bool) -> None:
    kinds = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not value > 0:
        kind = "integer" if integer else "number"
        raise ValidationError(
            f"{name} must be a positive {kind}, not {value!r}", field=name, value=value
        )


def check_traversal(op: ShortestPath | Spread | Beam) -> None:
    """Validate a traversal operator's parameters (one typed error naming the bad one)."""
    if op.direction not in DIRECTIONS:
        raise ValidationError(
            f"direction must be 'out', 'in' or 'both', not {op.direction!r}",
            field="direction",
            value=op.direction,
        )
    _positive(op.bounds.max_visited, "max_visited", integer=True)
    _positive(op.bounds.timeout_s, "timeout_s", integer=False)
    if isinstance(op, ShortestPath):
        for name, value in (*op.weights, ("default_weight", op.default_weight)):
            _positive(
                value, f"weight of {name}" if name != "default_weight" else name, integer=False
            )
        mu = op.semantic_weight
        if isinstance(mu, bool) or not isinstance(mu, int | float) or not mu >= 0:
            raise ValidationError(
                f"semantic_weight must be >= 0, not {op.semantic_weight!r}",
                field="semantic_weight",
                value=op.semantic_weight,
            )
    elif isinstance(op, Spread):
        _positive(op.hops, "hops", integer=True)
        for name, value in (("decay", op.decay), ("threshold", op.threshold)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 1:
                raise ValidationError(
                    f"{name} must be in (0, 1], not {value!r}", field=name, value=value
                )
    else:
        _positive(op.width, "width", integer=True)
        _positive(op.depth, "depth", integer=True)
