"""The MCP reference memory server's knowledge graph (``memory.jsonl``).

The reference server (modelcontextprotocol/servers, ``src/memory``) saves its graph as JSON
Lines, entities first, then relations::

    {"type": "entity", "name": "John_Smith", "entityType": "person",
     "observations": ["Speaks fluent Spanish"]}
    {"type": "relation", "from": "John_Smith", "to": "Anthropic", "relationType": "works_at"}

The format has no dates: entities and observations are imported without a valid-time start
(always valid), and since their identity then carries no time either, importing the same graph
twice stores it once. ``worlddb.imports.export`` writes the same format back.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final

from worlddb.imports.records import (
    EntityRecord,
    ImportFormatError,
    Observation,
    Record,
    RelationRecord,
)

__all__ = ["McpMemoryImporter"]

_FORMAT: Final = "mcp-memory"


def _lines(path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    if not path.is_file():
        raise ImportFormatError(str(path), "expected a memory.jsonl file")
    try:
        with path.open("r", encoding="utf-8") as fh:
            for number, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                where = f"{path.name}:{number}"
                try:
                    item = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ImportFormatError(where, f"not JSON ({exc.msg})") from None
                if not isinstance(item, dict):
                    raise ImportFormatError(where, "expected a JSON object")
                yield where, item
    except UnicodeDecodeError as exc:
        raise ImportFormatError(path.name, f"not UTF-8 text ({exc.reason})") from None


def _string(item: Mapping[str, Any], key: str, where: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ImportFormatError(where, f"'{key}' must be a non-empty string")
    return value


def _entity(item: Mapping[str, Any], where: str, scopes: Mapping[str, str]) -> EntityRecord:
    name = _string(item, "name", where)
    kind = _string(item, "entityType", where)
    raw = item.get("observations", [])
    if not isinstance(raw, list) or not all(isinstance(o, str) for o in raw):
        raise ImportFormatError(where, "'observations' must be a list of strings")
    texts = dict.fromkeys(" ".join(o.split()) for o in raw)  # the server keeps them unique
    observations = tuple(Observation(t) for t in texts if t)
    return EntityRecord(f"{where} entity {name}", name, kind, observations, scopes)


class McpMemoryImporter:
    """``mcp-memory``: a reference memory server ``memory.jsonl`` (entities, relations)."""

    name: Final = _FORMAT
    summary: Final = "MCP reference memory server JSONL (entities, observations, relations)"

    def records(self, source: Path, scopes: Mapping[str, str], /) -> Iterator[Record]:
        kinds: dict[str, str] = {}
        for where, item in _lines(source):
            if item.get("type") == "entity":
                entity = _entity(item, where, scopes)
                kinds.setdefault(entity.name, entity.kind)
        for where, item in _lines(source):
            kind = item.get("type")
            if kind == "entity":
                yield _entity(item, where, scopes)
            elif kind == "relation":
                source_name = _string(item, "from", where)
                target = _string(item, "to", where)
                relation = _string(item, "relationType", where)
                yield RelationRecord(
                    f"{where} relation {source_name} {relation} {target}",
                    source_name,
                    relation,
                    target,
                    kinds.get(source_name),
                    kinds.get(target),
                    scopes,
                )
            else:
                raise ImportFormatError(
                    where, f"'type' must be 'entity' or 'relation', not {kind!r}"
                )
