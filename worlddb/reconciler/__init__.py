"""The reconciler: THE write path. Nothing else in worlddb writes to the store.

A changeset goes through, in order:

1. **validate** — types, sizes, intervals, canonical encodability, that every child and edge
   endpoint exists (in the store or the changeset). Failure raises ``ValidationError`` before
   any I/O.
2. **resolve** — worlds written with ``resolve=True`` go to the resolver. An exact match maps the
   proposed world onto the stored one (its name becomes an alias and the display name); a
   fuzzy, phonetic or embedding match writes the new world *and* stages a ``same_as`` merge
   proposal — identity is never merged silently.
3. **embed** — new text worlds are embedded before the transaction opens (cached by text hash).
4. **transaction** (``BEGIN IMMEDIATE``) — worlds, projection rows, FTS rows, structural
   ``contains`` edges, interior edges and changeset edges are written; each *new* edge runs its
   type's handler ``on_insert`` with a ``WriteContext``. Any refusal or crash rolls everything
   back and raises a typed ``ReconcileError``: the store is byte-identical to before.
5. **after commit** — the HNSW index is updated (it cannot roll back, so it never sees
   uncommitted vectors; if that fails it is rebuilt from the table on next open).

``Reconciler`` is split by noun: edge insertion and the handler calls of step 4 live in
``reconciler.edges``, embedding and the vector index (steps 3 and 5) in
``reconciler.embeddings``; ``Reconciler`` mixes them in.

Invariants (checked by ``worlddb.verify`` and by the Hypothesis state machine in
``tests/test_invariants.py``):

I1. A world's id equals blake3 of its stored canonical bytes.
I2. Editing a world re-hashes exactly it and its ancestors; the old versions stay readable and
    are linked to the new ones by ``supersedes``.
I3. Validity only tightens: no write widens a world's ``[valid_from, valid_to)``.
I4. No dangling edges: both endpoints of every edge are stored worlds.
I5. FTS rows match the stored text worlds one to one, with the same text.
I6. Re-applying a committed changeset changes nothing.
I7. A refused changeset leaves the database file byte-identical.
I8. No ``same_as`` proposal merges without an explicit ``accept_merge``.
I9. Accepted ``same_as`` is symmetric in ``equivalence_class``.
I10. No orphan proposals: every merge proposal has its ``same_as`` edge and both worlds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from worlddb.errors import NotFoundError, ValidationError, ValidityError
from worlddb.handlers import HandlerRegistry, PlainHandler
from worlddb.index.compose import recompose_paths
from worlddb.index.vector import VectorIndex, encode_vector
from worlddb.model import Changeset, CommitResult, EdgeSpec, NodeId, WorldSpec
from worlddb.plugins import Embedder
from worlddb.reconciler.context import Outcome, TxnContext
from worlddb.reconciler.edges import EdgeOps
from worlddb.reconciler.embeddings import EmbeddingOps, text_of
from worlddb.reconciler.validate import validate_changeset
from worlddb.resolver import ExactResolver, Resolver
from worlddb.store import Store
from worlddb.store._writer import Writer
from worlddb.timeutil import now_us

__all__ = ["Reconciler", "is_searchable"]

logger = logging.getLogger(__name__)

_UNSEARCHABLE_TYPES = frozenset({"Scope"})
MAX_PROPOSALS_PER_ENTITY = 3


def is_searchable(spec: WorldSpec) -> bool:
    """Whether a world's text goes into the FTS and vector lanes."""
    return spec.type not in _UNSEARCHABLE_TYPES and bool(spec.content or spec.name)


class Reconciler(EdgeOps, EmbeddingOps):
    """Applies changesets to a store through the edge handlers, one transaction each."""

    def __init__(
        self,
        store: Store,
        registry: HandlerRegistry,
        *,
        resolver: Resolver | None = None,
        embedder: Embedder | None = None,
        vectors: VectorIndex | None = None,
        clock: Callable[[], int] = now_us,
    ) -> None:
        self.store = store
        self.handlers = registry.freeze()
        self.registry = registry
        # Edge types whose handler acts when an endpoint closes (the no-op base is skipped).
        self._closing_types = sorted(
            name
            for name, handler in self.handlers.items()
            if callable(getattr(handler, "on_endpoint_closed", None))
            and getattr(type(handler), "on_endpoint_closed", None)
            is not PlainHandler.on_endpoint_closed
        )
        self.resolver: Resolver = resolver or ExactResolver(store)
        self.embedder = embedder
        self.vectors = vectors
        self._clock = clock
        self._last_now = 0
        # Called after each committed changeset, outside the transaction (e.g. reclustering).
        self.after_commit: list[Callable[[Changeset, CommitResult], None]] = []

    def now(self) -> int:
        """A strictly increasing ingest time, so validity logs order within one process."""
        moment = max(self._clock(), self._last_now + 1)
        self._last_now = moment
        return moment

    # -- the write path -------------------------------------------------------------------------
    def apply(self, changeset: Changeset) -> CommitResult:
        """Validate, resolve, embed and commit ``changeset`` atomically."""
        with self.store.lock:
            checked = validate_changeset(
                changeset, is_type=self.registry.__contains__, existing=self.store.existing
            )
            worlds, bodies = checked.worlds, checked.bodies
            fresh = {wid for wid in worlds if wid not in checked.stored}
            id_map: dict[str, NodeId] = {wid: NodeId(wid) for wid in worlds}
            resolutions: dict[str, tuple[str, float]] = {}
            staged: list[tuple[NodeId, NodeId, str, float, str]] = []
            for wid, spec in worlds.items():
                if spec.resolve and wid in fresh:
                    self._resolve_one(wid, spec, id_map, resolutions, staged)
            embed_ids = [
                w for w in worlds if w in fresh and id_map[w] == w and is_searchable(worlds[w])
            ]
            vectors = self._embed([text_of(worlds[w]) for w in embed_ids])
            now = self.now()
            outcome = Outcome()
            with self.store.transaction() as conn:
                writer = Writer(conn, now)
                ctx = self._context(writer, outcome, changeset.source)
                # Re-checked under the write lock: another process may have written some since.
                stored = self.store.existing(worlds)
                new_ids = [w for w in worlds if w not in stored and id_map[w] == w]
                rids = writer.insert_new_worlds(
                    [(NodeId(w), worlds[w], bodies[w], is_searchable(worlds[w])) for w in new_ids]
                )
                outcome.created += [NodeId(w) for w in new_ids]
                outcome.new_rids += rids
                new_set = set(new_ids)
                for wid, spec in worlds.items():
                    if wid in new_set:
                        self._project(writer, wid, spec, changeset.source)
                    else:
                        self._land_world(
                            ctx, writer, wid, spec, id_map[wid], changeset.source, bodies[wid]
                        )
                writer.set_parents([(c, w) for w in new_ids for c in worlds[w].children])
                edges: list[EdgeSpec] = []
                for wid in new_ids:
                    edges += [EdgeSpec("contains", wid, c) for c in worlds[wid].children]
                    edges += [EdgeSpec(e.type, e.source, e.target) for e in worlds[wid].edges]
                for edge in changeset.edges:
                    src = id_map.get(edge.source, edge.source)
                    dst = id_map.get(edge.target, edge.target)
                    if src != dst or edge.source == edge.target:
                        edges.append(
                            edge
                            if (src, dst) == (edge.source, edge.target)
                            else replace(edge, source=src, target=dst)
                        )
                edges += [
                    EdgeSpec(
                        "same_as",
                        new,
                        old,
                        {
                            "tier": tier,
                            "score_milli": round(score * 1000),
                            "evidence": f"{tier} match score {score:.3f}"
                            + (f"; {why}" if why else ""),
                        },
                    )
                    for new, old, tier, score, why in staged
                ]
                self._insert_edges(ctx, edges)
                fresh_rids = self._store_vectors(writer, embed_ids, worlds, vectors)
                if self.embedder is not None and outcome.new_rids:
                    # Composed embeddings of the new worlds and of every ancestor above them.
                    for rid, kind, vec in recompose_paths(self.store, outcome.new_rids):
                        writer.put_composed(rid, kind, encode_vector(vec))
            self._after_commit(fresh_rids, vectors, outcome.removed_rids)
            result = CommitResult(
                ids=id_map,
                created=tuple(outcome.created),
                existing=tuple(outcome.existing),
                edges=tuple(outcome.edges),
                proposals=tuple(outcome.proposals),
                closed=tuple(dict.fromkeys(outcome.closed)),
                conflicts=tuple(outcome.conflicts),
                resolutions=resolutions,
                ingested_at=now,
            )
        for listener in self.after_commit:
            listener(changeset, result)
        return result

    def _context(self, writer: Writer, outcome: Outcome, source: str | None) -> TxnContext:
        def add_world(spec: WorldSpec) -> NodeId:
            checked = validate_changeset(
                Changeset(worlds=(spec,)),
                is_type=self.registry.__contains__,
                existing=self.store.existing,
            )
            ((wid, body),) = checked.bodies.items()
            self._land_world(ctx, writer, wid, spec, NodeId(wid), source, body)
            self._structure(ctx, writer, wid, spec)
            return NodeId(wid)

        def add_edge(spec: EdgeSpec, depth: int) -> str:
            validate_changeset(
                Changeset(edges=(spec,)),
                is_type=self.registry.__contains__,
                existing=self.store.existing,
            )
            return self._insert_edge(ctx, spec, depth, checked=True)

        ctx = TxnContext(self.store, writer, outcome, add_world, add_edge, self._endpoint_closed)
        return ctx

    def _endpoint_closed(self, ctx: TxnContext, closed: NodeId, at: int) -> None:
        """Run ``on_endpoint_closed`` of every live edge touching ``closed`` (see handlers)."""
        if not self._closing_types:
            return
        for edge in ctx.edges(closed, direction="both", types=self._closing_types):
            hook = getattr(self.handlers[edge.type], "on_endpoint_closed", None)
            if hook is not None:
                ctx.edge_type = edge.type
                hook(edge, closed, at, ctx)

    def _resolve_one(
        self,
        wid: str,
        spec: WorldSpec,
        id_map: dict[str, NodeId],
        resolutions: dict[str, tuple[str, float]],
        staged: list[tuple[NodeId, NodeId, str, float, str]],
    ) -> None:
        res = self.resolver.resolve(spec)
        resolutions[wid] = (res.tier or "new", res.score)
        if res.outcome == "resolved" and res.world_id is not None:
            if res.tier == "exact":
                id_map[wid] = res.world_id
            elif self.store.proposal_status(wid, res.world_id) != "rejected":
                staged.append(
                    (NodeId(wid), res.world_id, res.tier, res.score, res.why(res.world_id))
                )
        elif res.outcome == "ambiguous":
            for option, tier, score in res.options[:MAX_PROPOSALS_PER_ENTITY]:
                if self.store.proposal_status(wid, option) != "rejected":
                    staged.append((NodeId(wid), option, tier, score, res.why(option)))

    def _land_world(
        self,
        ctx: TxnContext,
        writer: Writer,
        wid: str,
        spec: WorldSpec,
        target: NodeId,
        source: str | None,
        body: bytes,
    ) -> None:
        """Insert a new world, or fold the spec's projection state into an existing one."""
        if target == wid:
            rid = writer.insert_world(NodeId(wid), spec, body, searchable=is_searchable(spec))
            if rid is not None:
                ctx.outcome.created.append(NodeId(wid))
                ctx.outcome.new_rids.append(rid)
            else:
                ctx.outcome.existing.append(NodeId(wid))
                if spec.flags:
                    writer.add_flags(wid, spec.flags)
                if not spec.resolve and (spec.valid_from is not None or spec.valid_to is not None):
                    try:
                        ctx.tighten(wid, spec.valid_from, spec.valid_to)
                    except ValidityError:
                        logger.debug("ignoring a looser validity for stored world %s", wid)
        else:
            ctx.outcome.existing.append(target)
            rid_row = writer.conn.execute(
                "SELECT rid, name FROM nodes WHERE id = ?", (target,)
            ).fetchone()
            surface = " ".join(spec.name.split())
            if surface:
                writer.add_alias(target, str(rid_row[1]))
                writer.add_alias(target, surface)
                writer.rename(int(rid_row[0]), surface)
        for alias in spec.aliases:
            writer.add_alias(target, alias)
        for prov in (*spec.provenance, *([source] if source else [])):
            writer.add_provenance(target, prov)

    @staticmethod
    def _project(writer: Writer, wid: str, spec: WorldSpec, source: str | None) -> None:
        """Aliases and provenance of a freshly inserted world."""
        for alias in spec.aliases:
            writer.add_alias(wid, alias)
        for prov in (*spec.provenance, *([source] if source else [])):
            writer.add_provenance(wid, prov)

    # -- other writes ---------------------------------------------------------------------------
    def retire(self, world_id_: str, at: int | None = None) -> bool:
        """Close a world's validity at ``at`` (default: now). Only tightens."""
        with self.store.lock:
            wid = self.store.resolve_id(world_id_)
            now = self.now()
            with self.store.transaction() as conn:
                ctx = self._context(Writer(conn, now), Outcome(), None)
                return ctx.close_validity(wid, now if at is None else at)

    def set_validity(self, world_id_: str, valid_from: int | None, valid_to: int | None) -> bool:
        """Tighten a world's validity to ``[valid_from, valid_to)``; widening is refused."""
        with self.store.lock:
            wid = self.store.resolve_id(world_id_)
            with self.store.transaction() as conn:
                ctx = self._context(Writer(conn, self.now()), Outcome(), None)
                return ctx.tighten(wid, valid_from, valid_to)

    def retire_edge(self, eid: str, *, status: str = "retired") -> None:
        """Retire an edge (its handler's ``on_delete`` runs in the same transaction)."""
        with self.store.lock:
            edge = self.store.get_edge(eid)
            if edge.status in {"retired", "rejected"}:
                return
            now = self.now()
            if edge.type == "same_as":
                status = "rejected"  # edge and proposal must agree (I8); the pair stays apart
            with self.store.transaction() as conn:
                writer = Writer(conn, now)
                ctx = self._context(writer, Outcome(), None)
                writer.set_edge_status(eid, status, valid_to=now)
                if edge.type == "same_as":
                    writer.decide_proposal(eid, "rejected")
                ctx.edge_type = edge.type
                self.registry.resolve(edge.type).on_delete(edge, ctx)

    def decide_merge(self, eid: str, *, accept: bool) -> None:
        """Accept or reject a pending ``same_as`` proposal."""
        with self.store.lock:
            edge = self.store.get_edge(eid)
            if edge.type != "same_as":
                raise ValidationError(
                    f"edge {eid[:16]!r} is a {edge.type!r} edge, not a same_as proposal",
                    field="edge_id",
                    value=eid,
                )
            if edge.status not in {"pending", "accepted", "rejected"}:
                raise NotFoundError(eid, "merge proposal")
            if not accept:
                self.retire_edge(eid, status="rejected")
                return
            if edge.status == "rejected":
                raise ValidationError(
                    f"proposal {eid[:16]!r} was rejected; it cannot be accepted",
                    field="edge_id",
                    value=eid,
                )
            with self.store.transaction() as conn:
                writer = Writer(conn, self.now())
                writer.set_edge_status(eid, "accepted")
                writer.decide_proposal(eid, "accepted")
