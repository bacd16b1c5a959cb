"""What replaced what: the current state of each recalled memory, read from its edges.

A memory (a Turn or Note the user wrote) carries the fate of the claims derived from it: the
reconciler links each Fact to its memory with ``derived_from`` and a newer Fact to the one it
replaced with ``supersedes`` (closing the older one's validity), and marks the memory
``claims_closed`` / ``claims_contested`` as that happens. This module turns those edges into
what a reader needs, evaluated at the reader's point in valid time:

* ``status`` — ``current``; ``partly_outdated`` (some of its claims were replaced or retired);
  ``outdated`` (every claim replaced, or the world itself superseded); ``retired`` (closed with
  nothing replacing it);
* ``superseded_by`` — which claim was replaced, by what (as a memory when the hit is a memory),
  and when it stopped being true;
* ``replaces`` — for a newer statement, what it replaced (how "Boston" shows as the past under
  "Denver");
* ``successors`` — the replacing worlds a reader must see *before* the outdated hit;
* ``contested`` — the memories holding the other side of a contradicted claim.

An as-of read before a change sees the older statement as current and nothing of the newer one:
a successor counts only if it is visible to the read's filter (time, ingest time, scopes), so no
other scope's memory ever shows through. Cost: a handful of indexed queries per recall, over
the hits and their claims only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from worlddb.index.filters import WorldFilter, filter_ids
from worlddb.index.fts_query import DEFAULT_STOPWORDS, tokenize
from worlddb.index.graph import edges_touching
from worlddb.model import Edge, NodeId, World
from worlddb.store.protocols import Store

__all__ = [
    "STATUSES",
    "Fate",
    "Succession",
    "about_replaced",
    "read_fates",
    "successor_order",
]

OUTDATED: Final = "outdated"
PARTLY_OUTDATED: Final = "partly_outdated"
STATUSES: Final = ("current", PARTLY_OUTDATED, OUTDATED, "retired")
CLAIM_EDGES: Final = ("supersedes", "contradicts")
MAX_CHAIN: Final = 4
"""How many ``supersedes`` hops a reader follows to reach the statement valid now."""


@dataclass(frozen=True, slots=True)
class Succession:
    """One replacement: ``old`` stopped being true at ``at`` and ``new`` took its place.

    For a memory hit, ``new`` (in ``superseded_by``) and ``old`` (in ``replaces``) name the
    memory that stated the other claim, so a reader can open it; the texts are the claims'.
    """

    old: NodeId
    old_text: str
    new: NodeId
    new_text: str
    at: int | None


@dataclass(frozen=True, slots=True)
class Fate:
    """The state of one hit at the read's point in time (see the module docstring)."""

    status: str = "current"
    superseded_by: tuple[Succession, ...] = ()
    replaces: tuple[Succession, ...] = ()
    successors: tuple[NodeId, ...] = ()
    contested: tuple[NodeId, ...] = ()
    kept: tuple[str, ...] = ()
    """The texts of a partly outdated memory's claims that still hold."""


@dataclass
class _Graph:
    """The edges and worlds around the hits' claims, loaded in a few batched queries."""

    claims: dict[NodeId, list[NodeId]] = field(default_factory=dict)
    sources: dict[NodeId, list[NodeId]] = field(default_factory=dict)
    newer: dict[NodeId, list[NodeId]] = field(default_factory=dict)
    older: dict[NodeId, list[NodeId]] = field(default_factory=dict)
    rivals: dict[NodeId, list[NodeId]] = field(default_factory=dict)
    worlds: dict[NodeId, World] = field(default_factory=dict)


def read_fates(store: Store, hits: Sequence[World], flt: WorldFilter) -> dict[NodeId, Fate]:
    """The fate of each hit (by id) at ``flt``'s point in time; current hits are left out."""
    if not hits:
        return {}
    graph = _load(store, hits, flt)
    visible_now = set(filter_ids(store, graph.worlds, flt.without_types()))
    closed = _closing_rule(flt, visible_now)
    out: dict[NodeId, Fate] = {}
    for hit in hits:
        fate = _fate(hit, graph, flt, visible_now, closed)
        if fate != Fate():
            out[hit.id] = fate
    return out


def _load(store: Store, hits: Sequence[World], flt: WorldFilter) -> _Graph:
    graph = _Graph(worlds={h.id: h for h in hits})
    ids = [h.id for h in hits]
    for edge in edges_touching(store, ids, types=["derived_from"], direction="in"):
        graph.claims.setdefault(edge.target, []).append(edge.source)
    for hit in ids:
        graph.claims.setdefault(hit, []).insert(0, hit)  # a world is its own claim too
    claims = {c for cs in graph.claims.values() for c in cs}
    frontier = set(claims)
    seen: set[NodeId] = set()
    for _ in range(MAX_CHAIN):
        frontier -= seen
        if not frontier:
            break
        seen |= frontier
        found: set[NodeId] = set()
        for edge in edges_touching(store, frontier, types=list(CLAIM_EDGES), direction="both"):
            _record(graph, edge)
            found |= {edge.source, edge.target}
        # Only replacements are chased further (a successor that was itself replaced).
        frontier = {n for c in frontier for n in graph.newer.get(c, ())}
        claims |= found
    for edge in edges_touching(store, claims, types=["derived_from"], direction="out"):
        graph.sources.setdefault(edge.source, []).append(edge.target)
    wanted = claims | {s for ss in graph.sources.values() for s in ss}
    in_scope = filter_ids(store, wanted - set(graph.worlds), flt.any_time())
    graph.worlds.update({w.id: w for w in store.worlds_by_rid(in_scope.values()).values()})
    return graph


def _record(graph: _Graph, edge: Edge) -> None:
    if edge.type == "supersedes":
        _add(graph.newer, edge.target, edge.source)
        _add(graph.older, edge.source, edge.target)
    else:
        _add(graph.rivals, edge.source, edge.target)
        _add(graph.rivals, edge.target, edge.source)


def _add(index: dict[NodeId, list[NodeId]], key: NodeId, value: NodeId) -> None:
    values = index.setdefault(key, [])
    if value not in values:
        values.append(value)


def _closing_rule(flt: WorldFilter, visible: set[NodeId]) -> Callable[[World], bool]:
    """Whether a world had closed at the read's point on both time axes.

    With ingest time pinned (``known_at``) the projection row may hold a closing learned
    later, so a world counts as closed only if it was known and begun then and the pinned view
    no longer sees it; otherwise the projection row's ``valid_to`` says it.
    """
    moment, known_at = flt.moment, flt.view.known_at
    if known_at is not None and not flt.view.include_closed:
        return lambda w: w.ingested_at <= known_at and _begun(w, moment) and w.id not in visible
    return lambda w: w.valid_to is not None and w.valid_to <= moment


def _begun(world: World, moment: int) -> bool:
    return world.valid_from is None or world.valid_from <= moment


def _fate(
    hit: World,
    graph: _Graph,
    flt: WorldFilter,
    visible: set[NodeId],
    closed_at: Callable[[World], bool],
) -> Fate:
    moment = flt.moment
    is_memory = bool(graph.claims.get(hit.id, [])[1:]) or hit.type in ("Turn", "Note")
    claims = [graph.worlds[c] for c in graph.claims.get(hit.id, ()) if c in graph.worlds]
    derived = [c for c in claims if c.id != hit.id and _begun(c, moment)]
    superseded_by: list[Succession] = []
    replaces: list[Succession] = []
    successors: list[NodeId] = []
    closed_claims = 0
    for claim in [hit, *derived]:
        closed = closed_at(claim)
        closed_claims += int(closed and claim.id != hit.id)
        if closed:
            newest = _newest(claim.id, graph, visible)
            if newest is not None:
                shown = _as_memory(newest, graph, visible) if is_memory else newest
                new_text = graph.worlds[newest].text
                superseded_by.append(
                    Succession(claim.id, claim.text, shown, new_text, claim.valid_to)
                )
                if shown not in successors and shown != hit.id:
                    successors.append(shown)
        for old_id in graph.older.get(claim.id, ()):
            old = graph.worlds.get(old_id)
            if old is None or not closed_at(old):
                continue
            shown_old = _as_memory(old_id, graph, None) if is_memory else old_id
            if shown_old != hit.id:
                replaces.append(Succession(shown_old, old.text, hit.id, claim.text, old.valid_to))
    contested = _contested(hit, [hit, *derived], graph, visible, is_memory)
    kept = tuple(c.text for c in derived if not closed_at(c)) if closed_claims else ()
    return Fate(
        status=_status(hit, derived, closed_claims, superseded_by, closed_at),
        superseded_by=tuple(dict.fromkeys(superseded_by)),
        replaces=tuple(dict.fromkeys(replaces)),
        successors=tuple(successors),
        contested=contested,
        kept=kept,
    )


def _status(
    hit: World,
    derived: Sequence[World],
    closed: int,
    superseded_by: Sequence[Succession],
    closed_at: Callable[[World], bool],
) -> str:
    own = [s for s in superseded_by if s.old == hit.id]
    if closed_at(hit):
        return OUTDATED if own else "retired"
    if not derived or closed == 0:
        return "current"
    if closed < len(derived):
        return PARTLY_OUTDATED
    return OUTDATED if superseded_by else "retired"


def _newest(claim: NodeId, graph: _Graph, visible: set[NodeId]) -> NodeId | None:
    """The statement that replaced ``claim`` and is visible to the read, following the chain."""
    frontier = list(graph.newer.get(claim, ()))
    seen = {claim}
    for _ in range(MAX_CHAIN):
        for candidate in frontier:
            if candidate in visible:
                return candidate
        seen.update(frontier)
        frontier = [n for c in frontier for n in graph.newer.get(c, ()) if n not in seen]
        if not frontier:
            return None
    return None


def _as_memory(claim: NodeId, graph: _Graph, visible: set[NodeId] | None) -> NodeId:
    """The memory a claim was read from (visible to the read when ``visible`` is given)."""
    for source in graph.sources.get(claim, ()):
        if source in graph.worlds and (visible is None or source in visible):
            return source
    return claim


def _contested(
    hit: World,
    claims: Sequence[World],
    graph: _Graph,
    visible: set[NodeId],
    is_memory: bool,
) -> tuple[NodeId, ...]:
    out: list[NodeId] = []
    for claim in claims:
        if claim.id == hit.id:
            continue  # a hit's own contradictions are the query rewrite's to surface
        for rival in graph.rivals.get(claim.id, ()):
            if rival not in visible:
                continue
            shown = _as_memory(rival, graph, visible) if is_memory else rival
            if shown != hit.id and shown not in out:
                out.append(shown)
    return tuple(out)


def about_replaced(query: str) -> Callable[[Fate], bool]:
    """Whether ``query`` asks about what replaced a hit, so its successors go before it.

    A wholly outdated hit always yields. A partly outdated one still holds current claims and
    the question may be about those ("where do I work?" after a move): it yields only when the
    query shares more content words with a replaced claim than with any claim that still holds.
    """
    terms = _terms(query)

    def pulls(fate: Fate) -> bool:
        if fate.status == OUTDATED:
            return True
        if fate.status != PARTLY_OUTDATED or not terms:
            return False
        replaced = max((len(terms & _terms(s.old_text)) for s in fate.superseded_by), default=0)
        held = max((len(terms & _terms(text)) for text in fate.kept), default=0)
        return replaced > held

    return pulls


def _terms(text: str) -> set[str]:
    """Content words with a light suffix strip ("lives", "living" -> "liv"): enough to tell
    which of a memory's own claims a question is about, not a general stemmer."""
    out: set[str] = set()
    for word in tokenize(text):
        if word in DEFAULT_STOPWORDS or len(word) < 3:
            continue
        for suffix in ("ing", "ed", "es", "s", "e"):
            if len(word) > len(suffix) + 2 and word.endswith(suffix):
                word = word[: -len(suffix)]
                break
        out.add(word)
    return out


def successor_order(
    order: Sequence[NodeId],
    fates: Mapping[NodeId, Fate],
    pulls: Callable[[Fate], bool] = lambda fate: fate.status == OUTDATED,
) -> list[tuple[NodeId, NodeId | None]]:
    """``order`` with the successors of each hit that ``pulls`` moved (or added) just before it.

    By default only wholly outdated hits pull (see ``about_replaced`` for the query-aware rule).
    Returns ``(id, placed_before)`` pairs: ``placed_before`` names the outdated hit that pulled
    a successor in, ``None`` for a hit that keeps its own place.
    """
    out: list[tuple[NodeId, NodeId | None]] = []
    placed: set[NodeId] = set()
    for wid in order:
        if wid in placed:
            continue
        fate = fates.get(wid, Fate())
        for successor in fate.successors if pulls(fate) else ():
            if successor not in placed:
                out.append((successor, wid))
                placed.add(successor)
        out.append((wid, None))
        placed.add(wid)
    return out
