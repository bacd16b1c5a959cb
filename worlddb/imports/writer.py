"""Records into the store, through the facade: the reconciler stays the only write path.

* A ``MemoryRecord`` goes through ``WorldDB.remember``, the ingest pipeline every memory takes:
  a Note or a Session with its Turns, extraction, scopes, and the source's date as valid time.
* An ``EntityRecord`` or ``RelationRecord`` is one changeset through ``WorldDB.write``. These come
  from knowledge-graph tools whose observations are already atomic statements about a named
  entity, so they are written as what they are (an entity, Fact worlds that ``refers_to`` it)
  rather than re-extracted: extraction would invent entities the source never had and an export
  would no longer give back what was imported.

Every world is content-addressed and its identity carries the source's date (or none), so
writing a record twice writes nothing new: that is what makes a rerun of an import a no-op.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.imports.common import world_type
from worlddb.imports.records import EntityRecord, MemoryRecord, Record, RelationRecord
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.scopes import entity_salt, note_label, scope_specs, validate_scopes

__all__ = [
    "ENTITY_TYPE_PREFIX",
    "RELATION_KEY",
    "ROLE_KEY",
    "RecordWriter",
    "entity_spec",
    "graph_changeset",
    "memory_id",
]

ENTITY_TYPE_PREFIX: Final = "entity_type:"
"""Provenance that keeps an entity's type label as its source spelled it ("person")."""
RELATION_KEY: Final = "relation"
"""``refers_to`` edge property naming the relation a relation Fact states."""
ROLE_KEY: Final = "role"
"""``refers_to`` edge property: which end of the relation (``source``, ``target``, ``both``)."""


def entity_spec(
    name: str, kind: str | None, scopes: Mapping[str, str], valid_from: int | None = None
) -> WorldSpec:
    """The entity world for ``name``, addressed as ingest addresses extracted entities.

    Same type, name and scope salt as ``worlddb.ingest`` gives an extracted entity, so an imported
    "Alice" (type Person) is the stored "Alice" of the same scopes, and the resolver may map it
    onto a stored spelling variant.
    """
    return WorldSpec(
        type=world_type(kind),
        name=" ".join(name.split()),
        created_at=entity_salt(scopes),
        valid_from=valid_from,
        provenance=(f"{ENTITY_TYPE_PREFIX}{kind.strip()}",) if kind and kind.strip() else (),
        resolve=True,
    )


def _fact(text: str, occurred_at: int | None, scopes: Mapping[str, str]) -> WorldSpec:
    """A Fact world as ingest writes one: owned by its scopes' label, dated by its source."""
    return WorldSpec(
        type="Fact",
        name=note_label(scopes),
        content=text,
        created_at=occurred_at or 0,
        valid_from=occurred_at,
    )


def _with_scopes(
    worlds: Iterable[WorldSpec], edges: list[EdgeSpec], scopes: Mapping[str, str]
) -> Changeset:
    unique = {world_id(w): w for w in worlds}
    scope_worlds = scope_specs(scopes)
    for scope in scope_worlds:
        edges += [EdgeSpec("contains", world_id(scope), wid) for wid in unique]
    unique_edges = {(e.type, e.source, e.target): e for e in edges}
    return Changeset(worlds=(*unique.values(), *scope_worlds), edges=tuple(unique_edges.values()))


def graph_changeset(record: EntityRecord | RelationRecord) -> Changeset:
    """The one changeset an entity (with its observations) or a relation becomes."""
    scopes = validate_scopes(record.scopes)
    if isinstance(record, EntityRecord):
        dates = [o.occurred_at for o in record.observations if o.occurred_at is not None]
        first = record.occurred_at if record.occurred_at is not None else min(dates, default=None)
        entity = entity_spec(record.name, record.kind, scopes, first)
        facts = [_fact(o.text, o.occurred_at, scopes) for o in record.observations]
        edges = [EdgeSpec("refers_to", world_id(f), world_id(entity)) for f in facts]
        return _with_scopes((entity, *facts), edges, scopes)
    source = entity_spec(record.source, record.source_kind, scopes, record.occurred_at)
    target = entity_spec(record.target, record.target_kind, scopes, record.occurred_at)
    words = " ".join(record.relation.replace("_", " ").split())
    fact = _fact(f"{source.name} {words} {target.name}", record.occurred_at, scopes)
    fid = world_id(fact)
    ends = [(source, "source"), (target, "target")]
    if world_id(source) == world_id(target):
        ends = [(source, "both")]
    edges = [
        EdgeSpec("refers_to", fid, world_id(end), {RELATION_KEY: record.relation, ROLE_KEY: role})
        for end, role in ends
    ]
    return _with_scopes((source, target, fact), edges, scopes)


def memory_id(record: MemoryRecord) -> str:
    """The id ``remember`` gives the record's Note or Session (its identity rules, restated).

    Used by dry runs only, to tell what is already stored without writing; the guarantee tests
    compare a dry run's count with the real import's, so a change to ingest's identity rules
    that is not mirrored here fails them.
    """
    scopes = validate_scopes(record.scopes)
    identity = record.occurred_at or 0
    if isinstance(record.body, str):
        spec = WorldSpec(type="Note", name=note_label(scopes), content=record.body,
                         created_at=identity)  # fmt: skip
        return world_id(spec)
    turns = [
        WorldSpec(
            type="Turn",
            name=m.role,
            content=m.content,
            created_at=(m.timestamp if m.timestamp is not None else identity) + i,
        )
        for i, m in enumerate(record.body)
    ]
    session = WorldSpec(
        type="Session",
        name=note_label(scopes),
        children=tuple(world_id(t) for t in turns),
        created_at=identity,
    )
    return world_id(session)


class RecordWriter:
    """Writes one record per call; returns whether anything new was stored."""

    def __init__(self, db: WorldDB) -> None:
        self.db = db

    def is_stored(self, record: Record) -> bool:
        """Whether writing ``record`` would store nothing new (for dry runs; writes nothing).

        A memory is stored when its Note or Session is; a graph record when its Facts (its
        observations, or the relation's statement) are, or, for an entity without any, when
        the entity is (one the resolver would map onto another spelling counts as new).
        """
        if isinstance(record, MemoryRecord):
            return self.db.find(memory_id(record)) is not None
        if isinstance(record, EntityRecord | RelationRecord):
            worlds = [w for w in graph_changeset(record).worlds if w.type != "Scope"]
            facts = [w for w in worlds if not w.resolve] or worlds
            return all(self.db.find(world_id(w)) is not None for w in facts)
        return True

    def write(self, record: Record) -> bool:
        if isinstance(record, MemoryRecord):
            body = record.body if isinstance(record.body, str) else list(record.body)
            result = self.db.remember(
                body,
                scopes=record.scopes or None,
                occurred_at=record.occurred_at,
                metadata=record.metadata or None,
                entities=record.entities,
                facts=record.facts,
                label=record.key,
            )
            return result.created
        if isinstance(record, EntityRecord | RelationRecord):
            return bool(self.db.write(graph_changeset(record)).created)
        return False
