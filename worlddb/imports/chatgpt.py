"""ChatGPT data exports: ``conversations.json`` from Settings → Data controls → Export.

The file is a JSON array of conversations. Messages form a tree (every edit or regeneration is
a branch) in ``mapping``; ``current_node`` is the leaf of the branch the user last saw::

    {"id": "...", "title": "...", "create_time": 1714550400.5, "update_time": ...,
     "current_node": "n3",
     "mapping": {"n3": {"id": "n3", "parent": "n2", "children": [],
                        "message": {"author": {"role": "assistant"}, "create_time": 1714550460.1,
                                    "content": {"content_type": "text", "parts": ["..."]}}},
                 ...}}

Each conversation becomes one Session: the path from the root to ``current_node`` (abandoned
branches are not imported), user and assistant messages only (system prompts, hidden context
and tool output are not conversation text), string ``parts`` joined (images are dropped),
dated by ``create_time`` (epoch seconds). ``PATH`` may be the file, the export's ``.zip`` or its
unzipped folder.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final

from worlddb.imports.claude import conversations_file
from worlddb.imports.common import clean_metadata, epoch_seconds, iter_array
from worlddb.imports.records import ImportFormatError, MemoryRecord, Record, SkippedRecord
from worlddb.plugins import Message

__all__ = ["ChatGPTImporter", "current_branch"]

_KEPT_ROLES: Final = frozenset({"user", "assistant"})
_TEXT_TYPES: Final = frozenset({"text", "multimodal_text"})


def current_branch(mapping: Mapping[str, Any], leaf: str | None, where: str) -> list[Any]:
    """The nodes from the root to ``leaf`` (without one: to the newest leaf), in order."""
    if leaf is None:
        roots = [k for k, n in mapping.items() if isinstance(n, dict) and not n.get("parent")]
        leaf = roots[0] if roots else None
        while leaf is not None:
            children = mapping.get(leaf, {}).get("children") or []
            if not children:
                break
            leaf = children[-1]
    path: list[Any] = []
    seen: set[str] = set()
    node_id = leaf
    while node_id is not None:
        if node_id in seen:
            raise ImportFormatError(where, f"the message tree has a cycle at {node_id!r}")
        seen.add(node_id)
        node = mapping.get(node_id)
        if not isinstance(node, dict):
            raise ImportFormatError(where, f"'mapping' has no node {node_id!r}")
        path.append(node)
        parent = node.get("parent")
        node_id = parent if isinstance(parent, str) else None
    return path[::-1]


def _message(node: Mapping[str, Any], where: str) -> Message | None:
    message = node.get("message")
    if message is None:
        return None
    if not isinstance(message, dict):
        raise ImportFormatError(where, "'message' must be an object")
    author = message.get("author")
    role = author.get("role") if isinstance(author, dict) else None
    if not isinstance(role, str):
        raise ImportFormatError(where, "'message.author.role' is missing")
    metadata = message.get("metadata") or {}
    if role not in _KEPT_ROLES or (
        isinstance(metadata, dict) and metadata.get("is_visually_hidden_from_conversation")
    ):
        return None
    content = message.get("content")
    if not isinstance(content, dict):
        raise ImportFormatError(where, "'message.content' must be an object")
    if content.get("content_type") not in _TEXT_TYPES:
        return None
    parts = content.get("parts") or []
    if not isinstance(parts, list):
        raise ImportFormatError(where, "'content.parts' must be a list")
    text = "\n".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
    if not text:
        return None
    return Message(role, text, epoch_seconds(message.get("create_time"), where, "create_time"))


def _record(raw: object, where: str, scopes: Mapping[str, str]) -> Record:
    if not isinstance(raw, dict):
        raise ImportFormatError(where, "a conversation must be a JSON object")
    conv_id = raw.get("conversation_id") or raw.get("id")
    if not isinstance(conv_id, str) or not conv_id:
        raise ImportFormatError(where, "'id' or 'conversation_id' must be a non-empty string")
    where = f"{where} ({conv_id})"
    mapping = raw.get("mapping")
    if not isinstance(mapping, dict):
        raise ImportFormatError(where, "'mapping' must be an object")
    leaf = raw.get("current_node")
    if leaf is not None and not isinstance(leaf, str):
        raise ImportFormatError(where, "'current_node' must be a string")
    turns = []
    for node in current_branch(mapping, leaf, where):
        message = _message(node, f"{where} node {node.get('id')!r}")
        if message is not None:
            turns.append(message)
    key = f"chatgpt:{conv_id}"
    if not turns:
        return SkippedRecord(key, "conversation without text")
    started = epoch_seconds(raw.get("create_time"), where, "create_time")
    metadata = clean_metadata({"source": "chatgpt", "title": raw.get("title")})
    return MemoryRecord(key, tuple(turns), started or turns[0].timestamp, scopes, metadata)


class ChatGPTImporter:
    """``chatgpt``: a ChatGPT export's ``conversations.json``."""

    name: Final = "chatgpt"
    summary: Final = "ChatGPT data export conversations.json (current branch of each chat)"

    def records(self, source: Path, scopes: Mapping[str, str], /) -> Iterator[Record]:
        path = conversations_file(source)
        for index, raw in iter_array(path, "conversation"):
            yield _record(raw, f"{path.name}: conversation #{index + 1}", scopes)
