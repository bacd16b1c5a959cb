"""Edit propagation (Merkle): a new version of a world re-hashes it and every ancestor.

Content is immutable, so an edit writes new versions: the edited world (with ``created_at`` set to
the edit time, so reverting to old content still yields a fresh id) and each ancestor up to the
root with the child id swapped. Each new version ``supersedes`` its predecessor, which closes the
predecessor's validity at the edit time. Old versions stay readable; ``history`` walks the chain.
Scope membership carries over to the new root.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from worlddb.errors import ValidationError
from worlddb.hashing import world_id
from worlddb.model import Changeset, CommitResult, EdgeSpec, InteriorEdge, NodeId, World, WorldSpec

if TYPE_CHECKING:
    from worlddb.reconciler import Reconciler

__all__ = ["edit_world", "spec_of"]

MAX_DEPTH = 256


def spec_of(world: World) -> WorldSpec:
    """The hashed content of a stored world as a spec (projection fields left default)."""
    return WorldSpec(
        type=world.type,
        name=world.name,
        content=world.content,
        children=tuple(world.children),
        edges=tuple(world.edges),
        created_at=world.created_at,
    )


def edit_world(
    rec: Reconciler,
    target: str,
    *,
    name: str | None = None,
    content: str | None = None,
    children: tuple[str, ...] | None = None,
    edges: tuple[InteriorEdge, ...] | None = None,
    source: str | None = None,
) -> CommitResult:
    """Write a new version of ``target`` and of its ancestors, linked by ``supersedes``."""
    store = rec.store
    with store.exclusive():
        old = store.get_world(target)
        if old.valid_to is not None:
            raise ValidationError(
                f"world {old.id[:12]} is closed; edit its current version", field="id", value=target
            )
        at = rec.now()
        new_spec = replace(
            spec_of(old),
            created_at=at,
            valid_from=at,
            name=old.name if name is None else name,
            content=old.content if content is None else content,
            children=old.children if children is None else children,
            edges=old.edges if edges is None else edges,
            provenance=old.provenance,
        )
        if world_id(replace(new_spec, created_at=old.created_at)) == old.id:  # same content
            raise ValidationError("the edit changes nothing", field="content", value=content)
        worlds: list[WorldSpec] = [new_spec]
        links: list[EdgeSpec] = [EdgeSpec("supersedes", world_id(new_spec), old.id)]
        current_old, current_new = old, world_id(new_spec)
        depth = 0
        while current_old.parent is not None and depth < MAX_DEPTH:
            parent = store.get_world(current_old.parent)
            kids = tuple(current_new if c == current_old.id else c for c in parent.children)
            swapped = tuple(
                InteriorEdge(
                    e.type,
                    current_new if e.source == current_old.id else e.source,
                    current_new if e.target == current_old.id else e.target,
                )
                for e in parent.edges
            )
            parent_spec = replace(
                spec_of(parent),
                children=kids,
                edges=swapped,
                created_at=at,
                valid_from=at,
                provenance=parent.provenance,
            )
            worlds.append(parent_spec)
            links.append(EdgeSpec("supersedes", world_id(parent_spec), parent.id))
            current_old, current_new = parent, world_id(parent_spec)
            depth += 1
        for edge in store.edges_of(current_old.id, direction="in", types=["contains"]):
            scope = store.find_world(edge.source)
            if scope is not None and scope.type == "Scope":
                links.append(EdgeSpec("contains", scope.id, NodeId(current_new)))
        return rec.apply(Changeset(worlds=tuple(worlds), edges=tuple(links), source=source))
