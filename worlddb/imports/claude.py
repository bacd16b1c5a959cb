"""Claude.ai data exports: ``conversations.json`` from Settings → Privacy → Export data.

The file is a JSON array of conversations::

    {"uuid": "...", "name": "Trip planning", "created_at": "2024-05-01T09:12:03.123456Z",
     "updated_at": "...", "account": {"uuid": "..."},
     "chat_messages": [
        {"uuid": "...", "sender": "human", "text": "...", "created_at": "...",
         "content": [{"type": "text", "text": "..."}], "attachments": [], "files": []},
        {"uuid": "...", "sender": "assistant", ...}]}

Each conversation becomes one Session (``human`` → ``user``), valid from its ``created_at``,
each turn dated by its message's ``created_at``. A message's text is its ``text`` blocks in
``content`` (thinking, tool use and tool results are not conversation text), else its ``text``
field. Attachments are not imported. ``PATH`` may be the file, the export's ``.zip`` or its
unzipped folder.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final

from worlddb.imports.common import clean_metadata, iter_array, moment
from worlddb.imports.records import ImportFormatError, MemoryRecord, Record, SkippedRecord
from worlddb.plugins import Message

__all__ = ["ClaudeImporter", "conversations_file"]

_ROLES: Final = {"human": "user", "assistant": "assistant"}


def conversations_file(path: Path) -> Path:
    """``path`` itself, or the ``conversations.json`` inside an unzipped export folder."""
    if path.is_dir():
        inner = path / "conversations.json"
        if not inner.is_file():
            raise ImportFormatError(str(path), "no conversations.json in this folder")
        return inner
    return path


def _text(message: Mapping[str, object], where: str) -> str:
    content = message.get("content")
    if isinstance(content, list) and content:
        parts = [
            block["text"]
            for block in content
            if isinstance(block, dict)
            and block.get("type") == "text"
            and isinstance(block.get("text"), str)
        ]
        if parts:
            return "\n\n".join(p.strip() for p in parts if p.strip())
    text = message.get("text", "")
    if not isinstance(text, str):
        raise ImportFormatError(where, "'text' must be a string")
    return text.strip()


def _record(raw: object, where: str, scopes: Mapping[str, str]) -> Record:
    if not isinstance(raw, dict):
        raise ImportFormatError(where, "a conversation must be a JSON object")
    uuid = raw.get("uuid")
    if not isinstance(uuid, str) or not uuid:
        raise ImportFormatError(where, "'uuid' must be a non-empty string")
    where = f"{where} ({uuid})"
    messages = raw.get("chat_messages")
    if not isinstance(messages, list):
        raise ImportFormatError(where, "'chat_messages' must be a list")
    turns: list[Message] = []
    for i, msg in enumerate(messages):
        at = f"{where} message #{i + 1}"
        if not isinstance(msg, dict):
            raise ImportFormatError(at, "a message must be a JSON object")
        role = _ROLES.get(str(msg.get("sender")))
        if role is None:
            raise ImportFormatError(
                at, f"'sender' must be 'human' or 'assistant', not {msg.get('sender')!r}"
            )
        text = _text(msg, at)
        if text:
            turns.append(Message(role, text, moment(msg.get("created_at"), at, "created_at")))
    key = f"claude:{uuid}"
    if not turns:
        return SkippedRecord(key, "conversation without text")
    started = moment(raw.get("created_at"), where, "created_at")
    metadata = clean_metadata({"source": "claude.ai", "title": raw.get("name")})
    return MemoryRecord(key, tuple(turns), started or turns[0].timestamp, scopes, metadata)


class ClaudeImporter:
    """``claude``: a Claude.ai export's ``conversations.json``."""

    name: Final = "claude"
    summary: Final = "Claude.ai data export conversations.json (or its .zip or folder)"

    def records(self, source: Path, scopes: Mapping[str, str], /) -> Iterator[Record]:
        path = conversations_file(source)
        for index, raw in iter_array(path, "conversation"):
            yield _record(raw, f"{path.name}: conversation #{index + 1}", scopes)
