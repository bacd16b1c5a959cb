"""Plain chat logs: one message per line, optionally timestamped.

Accepted lines (the shapes IRC/Slack/WhatsApp-style text logs share)::

    [2024-05-01 10:00] Alice: I moved to Denver last week.
    [2024-05-01T10:01:30Z] Assistant: Congratulations on the move!
    Alice: no timestamp is fine too
        an indented line continues the message above
    ---

A ``---`` line, or a message on a new calendar day, starts a new conversation; each
conversation becomes one Session dated by its first timestamp (a log without any timestamp is
imported undated). A speaker named ``assistant``, ``ai``, ``bot``, ``claude``, ``chatgpt``,
``gpt`` or ``system`` speaks as the assistant; everyone else speaks as a user, with the name
kept in the text ("Alice: ...") so that who said what stays searchable. Any other line is an
error naming the file and line. ``PATH`` is a file or a folder of ``.txt`` / ``.log`` files.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from worlddb.errors import ValidationError
from worlddb.imports.common import clean_metadata
from worlddb.imports.records import ImportFormatError, MemoryRecord, Record
from worlddb.plugins import Message
from worlddb.timeutil import parse_time, to_datetime

__all__ = ["ChatLogImporter"]

_LINE: Final = re.compile(
    r"^(?:\[(?P<ts>[^\]]{4,40})\]\s*)?(?P<who>[^\s:\[\]][^:\[\]]{0,39}?)\s*:(?:\s(?P<text>.*))?$"
)
_ASSISTANTS: Final = frozenset({"assistant", "ai", "bot", "claude", "chatgpt", "gpt", "system"})
_SEPARATOR: Final = "---"


@dataclass
class _Conversation:
    first_line: int
    turns: list[Message] = field(default_factory=list)
    day: str | None = None


def _message(who: str, text: str, stamp: int | None) -> Message:
    name = " ".join(who.split())
    if name.lower() in _ASSISTANTS:
        return Message("assistant", text, stamp)
    return Message("user", f"{name}: {text}", stamp)


def _conversations(path: Path, rel: str) -> Iterator[_Conversation]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise ImportFormatError(rel, f"not UTF-8 text ({exc.reason})") from None
    current: _Conversation | None = None
    stamp: int | None = None
    for number, line in enumerate(lines, start=1):
        where = f"{rel}:{number}"
        if not line.strip():
            continue
        if line.strip() == _SEPARATOR:
            if current is not None and current.turns:
                yield current
            current = None
            continue
        if line[:1].isspace() and current is not None and current.turns:
            last = current.turns[-1]
            current.turns[-1] = Message(
                last.role, f"{last.content}\n{line.strip()}", last.timestamp
            )
            continue
        match = _LINE.match(line.rstrip())
        if match is None or not (match.group("text") or "").strip():
            raise ImportFormatError(
                where,
                f"cannot read {line.strip()[:60]!r}: expected "
                "'[2024-05-01 10:00] Name: text' or 'Name: text'",
            )
        if match.group("ts") is not None:
            try:
                stamp = parse_time(match.group("ts"), field="timestamp")
            except ValidationError:
                raise ImportFormatError(
                    where, f"{match.group('ts')!r} is not a date and time"
                ) from None
        day = to_datetime(stamp).date().isoformat() if stamp is not None else None
        if (
            current is not None
            and current.turns
            and day is not None
            and current.day
            not in {
                None,
                day,
            }
        ):
            yield current
            current = None
        if current is None:
            current = _Conversation(number)
        current.day = current.day or day
        current.turns.append(_message(match.group("who"), match.group("text").strip(), stamp))
    if current is not None and current.turns:
        yield current


def _files(source: Path) -> list[tuple[Path, str]]:
    if source.is_file():
        return [(source, source.name)]
    found = [
        (p, p.relative_to(source).as_posix())
        for p in sorted(source.rglob("*"))
        if p.is_file() and p.suffix.lower() in {".txt", ".log"}
    ]
    if not found:
        raise ImportFormatError(str(source), "no .txt or .log files in this folder")
    return found


class ChatLogImporter:
    """``chat-log``: plain text chat logs (``[time] Name: text`` or ``Name: text`` lines)."""

    name: Final = "chat-log"
    summary: Final = "plain text chat logs ('[2024-05-01 10:00] Alice: text' or 'Alice: text')"

    def records(self, source: Path, scopes: Mapping[str, str], /) -> Iterator[Record]:
        for path, rel in _files(source):
            for conv in _conversations(path, rel):
                stamps = [m.timestamp for m in conv.turns if m.timestamp is not None]
                yield MemoryRecord(
                    f"{rel}:{conv.first_line}",
                    tuple(conv.turns),
                    min(stamps, default=None),
                    scopes,
                    clean_metadata({"source": "chat-log", "path": rel}),
                )
