"""The world-level writes of ``WorldDB``: put, link, edit, retire, validity, purge and erase.

Every verb here is one reconciler transaction (the changeset, or one retirement, edit or
purge), so a refused write leaves the store exactly as it was. Ids given as prefixes are
resolved against ``store`` first; nothing here touches the store's rows itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from worlddb.engine.memories import MEMORY_TYPES
from worlddb.hashing import edge_id, world_id
from worlddb.model import Changeset, CommitResult, EdgeSpec, NodeId, WorldSpec
from worlddb.reconciler import Reconciler
from worlddb.reconciler.erasure import ErasureReport, purge_worlds
from worlddb.reconciler.versions import edit_world
from worlddb.store.protocols import Store
from worlddb.timeutil import TimeLike, parse_time

__all__ = ["Writes"]


class Writes:
    """World and edge writes through ``reconciler``, ids resolved against ``store``."""

    def __init__(self, store: Store, reconciler: Reconciler) -> None:
        self.store = store
        self.reconciler = reconciler

    def write(self, changeset: Changeset) -> CommitResult:
        """Commit a changeset through the reconciler (all or nothing)."""
        return self.reconciler.apply(changeset)

    def put(
        self,
        type: str,
        name: str = "",
        content: str = "",
        *,
        children: Sequence[str] = (),
        valid_from: TimeLike | None = None,
        valid_to: TimeLike | None = None,
        created_at: TimeLike | None = None,
        provenance: Sequence[str] = (),
        aliases: Sequence[str] = (),
        resolve: bool = False,
    ) -> NodeId:
        """Write one world and return the id it landed as."""
        spec = WorldSpec(
            type=type,
            name=name,
            content=content,
            children=tuple(children),
            created_at=parse_time(created_at, field="created_at") or 0,
            valid_from=parse_time(valid_from, field="valid_from"),
            valid_to=parse_time(valid_to, field="valid_to"),
            provenance=tuple(provenance),
            aliases=tuple(aliases),
            resolve=resolve,
        )
        result = self.write(Changeset(worlds=(spec,)))
        return result.ids[world_id(spec)]

    def link(self, source: str, target: str, type: str, **properties: object) -> str:
        """Write one edge ``source -[type]-> target`` through its handler; returns its id."""
        src, dst = self.store.resolve_id(source), self.store.resolve_id(target)
        self.write(Changeset(edges=(EdgeSpec(type, src, dst, properties),)))
        return edge_id(EdgeSpec(type, src, dst))

    def edit(
        self,
        target: str,
        *,
        name: str | None = None,
        content: str | None = None,
        children: Sequence[str] | None = None,
    ) -> CommitResult:
        """Write a new version of a world (and its ancestors), superseding the old ones."""
        return edit_world(
            self.reconciler,
            self.store.resolve_id(target),
            name=name,
            content=content,
            children=None if children is None else tuple(children),
        )

    def retire(self, target: str, at: TimeLike | None = None) -> bool:
        """Close a world's validity (now, or at ``at``); returns whether anything changed."""
        return self.reconciler.retire(target, parse_time(at, field="at"))

    def set_validity(
        self, target: str, valid_from: TimeLike | None, valid_to: TimeLike | None
    ) -> bool:
        """Tighten a world's validity interval; widening raises ``ValidityError``."""
        return self.reconciler.set_validity(
            target,
            parse_time(valid_from, field="valid_from"),
            parse_time(valid_to, field="valid_to"),
        )

    def retire_edge(self, edge_id: str) -> None:
        """Retire an edge (its handler's ``on_delete`` runs in the same transaction)."""
        self.reconciler.retire_edge(edge_id)

    def erase(self, target: str) -> ErasureReport:
        """Delete a world and everything derived from it, reporting what went and what stayed.

        The erased text leaves the database file too (see ``worlddb.reconciler.erasure``).
        """
        return purge_worlds(
            self.reconciler, [self.store.get_world(target).id], memory_types=MEMORY_TYPES
        )
