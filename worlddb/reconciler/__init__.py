"""The reconciler: THE write path. Nothing else in worlddb writes to the store.

A changeset goes through, in order:

1. **validate** — types, sizes, intervals, canonical encodability, that every child and edge
   endpoint exists (in the store or the changeset). Failure raises ``ValidationError`` before
   any I/O.
2. **embed** — text worlds the changeset may write new are embedded before the write lock and
   the transaction (cached by text hash), so a long write never holds either while a model runs.
3. **resolve** (inside the transaction) — worlds written with ``resolve=True`` go to the
   resolver. An exact match maps the proposed world onto the stored one (its name becomes an
   alias and the display name); a fuzzy, phonetic or embedding match writes the new world *and*
   stages a ``same_as`` merge proposal — identity is never merged silently. Resolving under
   ``BEGIN IMMEDIATE`` means it sees exactly the state it commits against, even with other
   processes writing the same file. Resolution looks only among the entities visible in the
   world's *write scopes* (the Scope worlds that ``contains`` it in the same changeset; none:
   only unscoped entities), so no write lands on, proposes or learns of an entity of a scope it
   does not write to (``write_scopes``, ``confine``).
4. **write** (same transaction) — worlds, projection rows, FTS rows, structural
   ``contains`` edges, interior edges and changeset edges are written; each *new* edge runs its
   type's handler ``on_insert`` with a ``WriteContext``. Any refusal or crash rolls everything
   back and raises a typed ``ReconcileError``: the store is byte-identical to before.
5. **after commit** — the HNSW index is updated (it cannot roll back, so it never sees
   uncommitted vectors; if that fails it is rebuilt from the table on next open).

``Reconciler`` is split by noun: edge insertion and the handler calls of step 4 live in
``reconciler.edges``, embedding and the vector index (steps 2 and 5) in
``reconciler.embeddings``, the single-purpose writes (retire, tighten, decide a merge) in
``reconciler.verbs``; ``Reconciler`` mixes them in. Every step talks to the store through the
seam's Protocols (``worlddb.store.protocols``): reads made while writing go through the open
``WriteTransaction``, so they see its own rows.

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
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import cast

from worlddb.errors import ValidationError, ValidityError
from worlddb.handlers import HandlerRegistry, PlainHandler
from worlddb.index.compose import recompose_paths
from worlddb.index.vector import VectorIndex, encode_vector
from worlddb.model import Changeset, CommitResult, EdgeSpec, NodeId, Resolution, WorldSpec
from worlddb.plugins import Embedder, Vectors
from worlddb.reconciler.bulk import BulkOps, BulkReport, Written
from worlddb.reconciler.context import Outcome, TxnContext
from worlddb.reconciler.edges import EdgeOps
from worlddb.reconciler.embeddings import DEFAULT_REPLY_HEAD_CHARS, EmbeddingOps, text_of
from worlddb.reconciler.validate import Checked, validate_changeset
from worlddb.reconciler.verbs import VerbOps
from worlddb.resolver import (
    NEW,
    NO_CONTEXT,
    ContextualResolver,
    ExactResolver,
    MentionContext,
    Resolver,
    ScopedResolver,
    WriteContext,
    within_scopes,
)
from worlddb.store.conflicts import retry_conflicts
from worlddb.store.protocols import Store, StoreReads, WriteTransaction
from worlddb.timeutil import now_us

__all__ = ["BulkReport", "Reconciler", "is_searchable"]

logger = logging.getLogger(__name__)

_UNSEARCHABLE_TYPES = frozenset({"Scope"})
MAX_PROPOSALS_PER_ENTITY = 3


def is_searchable(spec: WorldSpec) -> bool:
    """Whether a world's text goes into the FTS and vector lanes."""
    return spec.type not in _UNSEARCHABLE_TYPES and bool(spec.content or spec.name)


class Reconciler(EdgeOps, EmbeddingOps, VerbOps, BulkOps):
    """Applies changesets to a store through the edge handlers, one transaction each."""

    # The SQLite store itself, not just the seam: the resolver and the path recomposition
    # still take it (they read inside the transaction through its thread-aware connection).
    store: Store

    def __init__(
        self,
        store: Store,
        registry: HandlerRegistry,
        *,
        resolver: Resolver | None = None,
        embedder: Embedder | None = None,
        vectors: VectorIndex | None = None,
        clock: Callable[[], int] = now_us,
        reply_head_chars: int | None = DEFAULT_REPLY_HEAD_CHARS,
    ) -> None:
        if reply_head_chars is not None and reply_head_chars < 1:
            raise ValidationError(
                "reply_head_chars must be a positive number of characters or None",
                field="reply_head_chars",
                value=reply_head_chars,
            )
        self.store = store
        self.reply_head_chars = reply_head_chars
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
        """Validate, embed, then resolve and commit ``changeset`` atomically.

        The slow part (embedding) runs before the write lock and the transaction; resolution
        runs inside ``BEGIN IMMEDIATE`` so it sees exactly the state it commits against (two
        processes naming the same new entity at once cannot each stage it against the other's).
        """
        checked = validate_changeset(
            changeset, is_type=self.registry.__contains__, existing=self.store.existing
        )
        worlds = checked.worlds
        # Everything that may be written new is embedded up front (cached by text hash); a world
        # that resolves onto a stored one inside the transaction just leaves its vector unused.
        prepared = [w for w in worlds if w not in checked.stored and is_searchable(worlds[w])]
        prepared_vectors = self._embed(
            [text_of(worlds[w], self.reply_head_chars) for w in prepared]
        )
        # The write lock spans the commit and the vector index update after it, so the next
        # writer of this process resolves against an index that already holds these vectors.
        with self.store.exclusive():
            result = retry_conflicts(  # a backend that aborts one of two conflicting writers
                lambda: self._commit(changeset, checked, prepared, prepared_vectors)
            )
        for listener in self.after_commit:
            listener(changeset, result)
        return result

    def _commit(
        self,
        changeset: Changeset,
        checked: Checked,
        prepared: list[str],
        prepared_vectors: Vectors | None,
    ) -> CommitResult:
        """Resolve and write ``changeset`` in one transaction, then update the vector index."""
        with self.store.transaction(self.now) as txn:
            written = self._write_in(txn, changeset, checked, prepared, prepared_vectors)
        self._after_commit(written.fresh_rids, written.vectors, written.removed_rids)
        return written.result

    def _write_in(
        self,
        txn: WriteTransaction,
        changeset: Changeset,
        checked: Checked,
        prepared: list[str],
        prepared_vectors: Vectors | None,
        *,
        recheck: bool = True,
    ) -> Written:
        """Resolve and write ``changeset`` inside the open ``txn`` (steps 3 and 4).

        ``recheck``: look up again which worlds are stored (validation ran before the lock);
        a bulk load validates inside its transaction, so its ``checked.stored`` is current.
        """
        worlds, bodies = checked.worlds, checked.bodies
        now = txn.now
        outcome = Outcome()
        ctx = self._context(txn, outcome, changeset.source)
        # Re-checked under the write lock: another process may have written some since.
        stored = txn.existing(worlds) if recheck else checked.stored
        id_map: dict[str, NodeId] = {wid: NodeId(wid) for wid in worlds}
        resolutions: dict[str, tuple[str, float]] = {}
        staged: list[tuple[NodeId, NodeId, str, float, str]] = []
        resolving = [w for w, spec in worlds.items() if spec.resolve and w not in stored]
        where = self.write_scopes(changeset, worlds, txn) if resolving else {}
        contexts = WriteContext(worlds, changeset.edges) if resolving else None
        for wid in resolving:
            scopes = where.get(wid, ())
            context = contexts.of(wid) if contexts is not None else NO_CONTEXT
            self._resolve_one(txn, wid, worlds[wid], scopes, id_map, resolutions, staged, context)
        # world ids are str at run time; NodeId only tells the type checker they are ids
        new_ids = cast(list[NodeId], [w for w in worlds if w not in stored and id_map[w] == w])
        _refuse_resolved_children(new_ids, worlds, id_map)
        embed_ids, vectors = self._prepared_vectors(
            new_ids, worlds, prepared, prepared_vectors, searchable=is_searchable, txn=txn
        )
        rids = txn.insert_new_worlds(
            [(w, worlds[w], bodies[w], is_searchable(worlds[w])) for w in new_ids]
        )
        outcome.created += new_ids
        outcome.new_rids += rids
        new_set = set(new_ids)
        for wid, spec in worlds.items():
            if wid in new_set:
                self._project(txn, wid, spec, changeset.source)
            else:
                self._land_world(ctx, txn, wid, spec, id_map[wid], changeset.source, bodies[wid])
        txn.set_parents([(c, w) for w in new_ids for c in worlds[w].children])
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
                    "evidence": f"{tier} match score {score:.3f}" + (f"; {why}" if why else ""),
                },
            )
            for new, old, tier, score, why in staged
        ]
        # Nothing has inserted an edge yet in this changeset (``_land_world``'s handlers could),
        # so no stored edge can touch a world it has just created.
        self._insert_edges(ctx, txn, edges, frozenset() if outcome.edges else new_set)
        fresh_rids = self._store_vectors(txn, embed_ids, worlds, vectors)
        if self.embedder is not None and outcome.new_rids:
            # Composed embeddings of the new worlds and of every ancestor above them.
            for rid, kind, vec in recompose_paths(txn.lanes, outcome.new_rids):
                txn.put_composed(rid, kind, encode_vector(vec))
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
        return Written(result, fresh_rids, vectors, list(outcome.removed_rids))

    def _context(self, txn: WriteTransaction, outcome: Outcome, source: str | None) -> TxnContext:
        def add_world(spec: WorldSpec) -> NodeId:
            checked = validate_changeset(
                Changeset(worlds=(spec,)),
                is_type=self.registry.__contains__,
                existing=txn.existing,
            )
            ((wid, body),) = checked.bodies.items()
            self._land_world(ctx, txn, wid, spec, NodeId(wid), source, body)
            self._structure(ctx, txn, wid, spec)
            return NodeId(wid)

        def add_edge(spec: EdgeSpec, depth: int) -> str:
            validate_changeset(
                Changeset(edges=(spec,)),
                is_type=self.registry.__contains__,
                existing=txn.existing,
            )
            return self._insert_edge(ctx, txn, spec, depth, checked=True)

        ctx = TxnContext(txn, outcome, add_world, add_edge, self._endpoint_closed)
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

    def write_scopes(
        self,
        changeset: Changeset,
        worlds: dict[str, WorldSpec],
        reads: StoreReads | None = None,
    ) -> dict[str, tuple[NodeId, ...]]:
        """World id → the Scope worlds that ``contains`` it in ``changeset`` (sorted ids).

        ``reads``: where stored worlds are looked up (the open transaction, inside one).
        """
        source = reads or self.store
        kinds: dict[str, bool] = {}

        def is_scope(wid: str) -> bool:
            if wid not in kinds:
                spec = worlds.get(wid)
                found = spec.type if spec is not None else None
                if found is None:
                    stored = source.find_world(wid)
                    found = stored.type if stored is not None else ""
                kinds[wid] = found == "Scope"
            return kinds[wid]

        out: dict[str, set[NodeId]] = {}
        for edge in changeset.edges:
            if edge.type == "contains" and is_scope(edge.source):
                out.setdefault(edge.target, set()).add(NodeId(edge.source))
        return {wid: tuple(sorted(found)) for wid, found in out.items()}

    def confine(self, res: Resolution, scopes: tuple[NodeId, ...]) -> Resolution:
        """``res`` without the answers outside ``scopes`` (a resolver that ignored them)."""
        named = [o[0] for o in res.options]
        if res.world_id is not None:
            named.append(res.world_id)
        if not named:
            return res
        allowed = set(within_scopes(self.store, named, scopes))
        if res.world_id is not None and res.world_id not in allowed:
            return NEW
        options = tuple(o for o in res.options if o[0] in allowed)
        if res.outcome == "ambiguous" and not options:
            return NEW
        return res if len(options) == len(res.options) else replace(res, options=options)

    def _resolve_one(
        self,
        txn: WriteTransaction,
        wid: str,
        spec: WorldSpec,
        scopes: tuple[NodeId, ...],
        id_map: dict[str, NodeId],
        resolutions: dict[str, tuple[str, float]],
        staged: list[tuple[NodeId, NodeId, str, float, str]],
        context: MentionContext = NO_CONTEXT,
    ) -> None:
        if isinstance(self.resolver, ContextualResolver):
            res = self.resolver.resolve_in_context(spec, scopes, context)
        elif isinstance(self.resolver, ScopedResolver):
            res = self.resolver.resolve_within(spec, scopes)
        else:
            res = self.resolver.resolve(spec)
        res = self.confine(res, scopes)
        resolutions[wid] = (res.tier or "new", res.score)
        # Resolution runs after the in-transaction existence check, so nothing can store this
        # very world in between; should a resolver still answer with it, it is the same world,
        # never a merge.
        if res.outcome == "resolved" and res.world_id == wid:
            resolutions[wid] = ("exact", 1.0)
            return
        if res.outcome == "resolved" and res.world_id is not None:
            if res.tier == "exact":
                id_map[wid] = res.world_id
            elif txn.proposal_status(wid, res.world_id) != "rejected":
                staged.append(
                    (NodeId(wid), res.world_id, res.tier, res.score, res.why(res.world_id))
                )
        elif res.outcome == "ambiguous":
            options = [o for o in res.options if o[0] != wid][:MAX_PROPOSALS_PER_ENTITY]
            for option, tier, score in options:
                if txn.proposal_status(wid, option) != "rejected":
                    staged.append((NodeId(wid), option, tier, score, res.why(option)))

    def _land_world(
        self,
        ctx: TxnContext,
        txn: WriteTransaction,
        wid: str,
        spec: WorldSpec,
        target: NodeId,
        source: str | None,
        body: bytes,
    ) -> None:
        """Insert a new world, or fold the spec's projection state into an existing one."""
        if target == wid:
            rid = txn.insert_world(NodeId(wid), spec, body, searchable=is_searchable(spec))
            if rid is not None:
                ctx.outcome.created.append(NodeId(wid))
                ctx.outcome.new_rids.append(rid)
            else:
                ctx.outcome.existing.append(NodeId(wid))
                if spec.flags:
                    txn.add_flags(wid, spec.flags)
                if not spec.resolve and (spec.valid_from is not None or spec.valid_to is not None):
                    try:
                        ctx.tighten(wid, spec.valid_from, spec.valid_to)
                    except ValidityError:
                        logger.debug("ignoring a looser validity for stored world %s", wid)
        else:
            ctx.outcome.existing.append(target)
            found = txn.rid_and_name(target)
            assert found is not None  # the resolver answered with a stored world
            rid, name = found
            surface = " ".join(spec.name.split())
            if surface:
                txn.add_alias(target, name)
                txn.add_alias(target, surface)
                txn.rename(rid, surface)
        for alias in spec.aliases:
            txn.add_alias(target, alias)
        for prov in (*spec.provenance, *([source] if source else [])):
            txn.add_provenance(target, prov)

    @staticmethod
    def _project(txn: WriteTransaction, wid: str, spec: WorldSpec, source: str | None) -> None:
        """Aliases and provenance of a freshly inserted world."""
        for alias in spec.aliases:
            txn.add_alias(wid, alias)
        for prov in (*spec.provenance, *([source] if source else [])):
            txn.add_provenance(wid, prov)


def _refuse_resolved_children(
    new_ids: Sequence[str], worlds: dict[str, WorldSpec], id_map: dict[str, NodeId]
) -> None:
    """Refuse a new world whose child resolved to another, existing world.

    A parent's id hashes its children's ids (Merkle), so the child cannot be swapped for the
    world it resolved to without changing the parent's id under the caller; written as given,
    the ``contains`` edge would point at a world that is never stored (I4, found by the
    changeset fuzzer). The caller names the existing world as the child instead.
    """
    for wid in new_ids:
        for child in worlds[wid].children:
            resolved = id_map.get(child, child)
            if resolved != child:
                raise ValidationError(
                    f"world {wid[:12]}: child {child[:12]} resolved to the existing world "
                    f"{resolved[:12]}; name that world as the child instead",
                    field="children",
                    value=child,
                )
