"""Export to the MCP reference memory server's JSONL, so leaving is as easy as arriving.

What the format can hold, it gets: every live entity (any world that is not a memory, turn,
fact, summary or scope) as ``{"type": "entity", "name", "entityType", "observations"}``, its
observations being the live Facts that ``refers_to`` it (imported observations and facts
extracted from conversations alike), then every relation Fact as ``{"type": "relation",
"from", "to", "relationType"}``. The format has no dates, no scopes and no conversations:
Sessions and Notes are not exported here (``worlddb export`` keeps everything, verifiably).

The output is deterministic (insertion order), so exporting, importing into a fresh store and
exporting again gives the same lines. Entity names must be unique in the format; a second
entity with a taken name (another type, or another scope) is exported as ``"Name (2)"``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Final

from worlddb.engine import WorldDB
from worlddb.imports.writer import ENTITY_TYPE_PREFIX, RELATION_KEY, ROLE_KEY
from worlddb.model import World
from worlddb.scopes import validate_scopes

__all__ = ["NOT_ENTITIES", "mcp_memory_lines"]

NOT_ENTITIES: Final = frozenset({"Session", "Turn", "Note", "Fact", "Summary", "Scope", "Memory"})


def _live(world: World, now: int) -> bool:
    return world.valid_to is None or world.valid_to > now


def _entity_type(world: World) -> str:
    for prov in sorted(world.provenance):
        if prov.startswith(ENTITY_TYPE_PREFIX) and len(prov) > len(ENTITY_TYPE_PREFIX):
            return prov[len(ENTITY_TYPE_PREFIX) :]
    return world.type


class _Exporter:
    def __init__(self, db: WorldDB, scopes: Mapping[str, str]) -> None:
        self.db = db
        self.now = db.now()
        self.required = {f"{k}={v}" for k, v in validate_scopes(scopes).items()}
        self.names: dict[str, str] = {}
        self.taken: set[str] = set()

    def in_scope(self, world: World) -> bool:
        return not self.required or self.required <= set(self.db.scopes_of(world.id))

    def name(self, world: World) -> str:
        name, n = world.name, 1
        while name in self.taken:
            n += 1
            name = f"{world.name} ({n})"
        self.taken.add(name)
        self.names[world.id] = name
        return name

    def observations(self, entity: World) -> list[str]:
        texts: dict[str, None] = {}
        for edge in self.db.edges(entity.id, direction="in", types=["refers_to"]):
            if RELATION_KEY in edge.properties:
                continue
            fact = self.db.find(edge.source)
            if fact is not None and fact.type == "Fact" and _live(fact, self.now):
                texts.setdefault(" ".join(fact.content.split()), None)
        return [t for t in texts if t]

    def relation(self, fact: World) -> dict[str, str] | None:
        ends: dict[str, str] = {}
        relation = None
        for edge in self.db.edges(fact.id, direction="out", types=["refers_to"]):
            role = edge.properties.get(ROLE_KEY)
            if RELATION_KEY not in edge.properties or edge.target not in self.names:
                continue
            relation = str(edge.properties[RELATION_KEY])
            for end in ("source", "target") if role == "both" else (str(role),):
                ends[end] = self.names[edge.target]
        if relation is None or set(ends) != {"source", "target"}:
            return None
        return {"type": "relation", "from": ends["source"], "to": ends["target"],
                "relationType": relation}  # fmt: skip

    def lines(self) -> Iterator[str]:
        facts: list[World] = []
        for world in self.db.iter_worlds():
            if not _live(world, self.now) or not self.in_scope(world):
                continue
            if world.type == "Fact":
                facts.append(world)
            elif world.type not in NOT_ENTITIES and world.name.strip():
                record = {
                    "type": "entity",
                    "name": self.name(world),
                    "entityType": _entity_type(world),
                    "observations": self.observations(world),
                }
                yield json.dumps(record, ensure_ascii=False)
        seen: set[tuple[str, str, str]] = set()
        for fact in facts:
            relation = self.relation(fact)
            if relation is None:
                continue
            key = (relation["from"], relation["to"], relation["relationType"])
            if key not in seen:
                seen.add(key)
                yield json.dumps(relation, ensure_ascii=False)


def mcp_memory_lines(db: WorldDB, scopes: Mapping[str, str] | None = None) -> Iterator[str]:
    """The store's knowledge graph as MCP reference memory JSONL lines (no newlines).

    ``scopes`` limits the export to worlds in all of them (``{"user_id": "alice"}``).
    """
    return _Exporter(db, scopes or {}).lines()
