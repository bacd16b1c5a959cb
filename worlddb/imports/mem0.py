"""Mem0 exports: what ``Memory.get_all`` / ``MemoryClient.get_all`` return, saved as JSON.

Mem0's documented memory object::

    {"id": "3c90c3cc-...", "memory": "Prefers vegetarian food", "hash": "...",
     "user_id": "alice", "agent_id": null, "app_id": null, "run_id": null,
     "metadata": {"source": "chat"}, "categories": ["food"],
     "created_at": "2024-07-20T01:34:09.123456-07:00", "updated_at": "2024-07-21T..."}

``get_all`` returns ``{"results": [...]}`` (with ``"relations"`` when the graph store is on;
those are not imported) or, from older clients, the bare list. Each memory becomes a Note in
its own scopes (Mem0's ``user_id`` / ``agent_id`` / ``app_id`` / ``run_id`` are worlddb's scope
kinds), valid from when its current text was written: ``updated_at`` when Mem0 rewrote it,
else ``created_at``. Both dates, the Mem0 id and the categories are kept as metadata.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final

from worlddb.imports.common import clean_metadata, load_json, moment, scopes_of
from worlddb.imports.records import ImportFormatError, MemoryRecord, Record, SkippedRecord

__all__ = ["Mem0Importer"]


def _memories(path: Path) -> list[Any]:
    if not path.is_file():
        raise ImportFormatError(str(path), "expected a JSON file saved from Mem0's get_all")
    data = load_json(path)
    if isinstance(data, dict):
        data = data.get("results", data.get("memories"))
    if not isinstance(data, list):
        raise ImportFormatError(
            path.name, 'expected get_all\'s {"results": [...]} or a list of memories'
        )
    return data


def _record(item: object, where: str, scopes: Mapping[str, str]) -> Record:
    if not isinstance(item, dict):
        raise ImportFormatError(where, "a memory must be a JSON object")
    text = item.get("memory")
    if text is not None and not isinstance(text, str):
        raise ImportFormatError(where, "'memory' must be a string")
    mem_id = item.get("id")
    if mem_id is not None and not isinstance(mem_id, str | int):
        raise ImportFormatError(where, "'id' must be a string")
    key = f"mem0:{mem_id}" if mem_id is not None else where
    if not text or not text.strip():
        return SkippedRecord(key, "empty memory")
    created = moment(item.get("created_at"), where, "created_at")
    updated = moment(item.get("updated_at"), where, "updated_at")
    when = updated if updated is not None and (created is None or updated > created) else created
    raw_meta = item.get("metadata") or {}
    if not isinstance(raw_meta, dict):
        raise ImportFormatError(where, "'metadata' must be an object")
    categories = item.get("categories") or []
    if not isinstance(categories, list):
        raise ImportFormatError(where, "'categories' must be a list")
    metadata = clean_metadata(
        {
            **raw_meta,
            "mem0_id": mem_id,
            "mem0_created_at": item.get("created_at"),
            "mem0_updated_at": item.get("updated_at"),
            "categories": ",".join(str(c) for c in categories),
        }
    )
    return MemoryRecord(key, text.strip(), when, scopes_of(item, scopes), metadata)


class Mem0Importer:
    """``mem0``: a Mem0 ``get_all`` result saved as JSON."""

    name: Final = "mem0"
    summary: Final = "Mem0 get_all JSON (memories with user/agent/run scopes and dates)"

    def records(self, source: Path, scopes: Mapping[str, str], /) -> Iterator[Record]:
        for index, item in enumerate(_memories(source)):
            yield _record(item, f"{source.name}: memory #{index + 1}", scopes)
