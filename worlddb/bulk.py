"""Bulk import of conversation sessions: streaming, resumable, through the normal ingest path.

Two input formats:

* ``sessions`` — JSONL, one session per line::

      {"session_id": "s-17", "date": "2024-05-01T12:00:00Z", "scopes": {"user_id": "alice"},
       "messages": [{"role": "user", "content": "...", "timestamp": "..."}]}

* ``longmemeval`` — a LongMemEval file (``.json`` or ``.json.xz``): every question's haystack
  sessions, each ingested once, in file order, with ``has_answer`` dropped.

Memory stays flat in the file size: JSONL is read line by line and the LongMemEval array is
parsed one question at a time. After each committed record the import's position is stored in
the store's ``meta`` table under a key derived from the file's path, size and modification
time, so an interrupted import resumes where it stopped (and ingest is idempotent anyway:
re-ingesting a session is a no-op). Each session is one changeset, so its turns, facts and
entities are embedded in one batch.
"""

from __future__ import annotations

import json
import lzma
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.hashing import digest
from worlddb.plugins import Message
from worlddb.timeutil import parse_time

__all__ = ["FORMATS", "ImportReport", "SessionRecord", "import_sessions", "sniff_format"]

FORMATS: Final = ("sessions", "longmemeval")
_META_PREFIX: Final = "import:"


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """One session to ingest; ``label`` is kept as opaque provenance."""

    label: str
    occurred_at: int
    messages: tuple[Message, ...]
    scopes: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did: records seen, sessions ingested or already present, skipped ones."""

    records: int
    ingested: int
    unchanged: int
    resumed_from: int


def sniff_format(path: Path) -> str:
    """``longmemeval`` for ``.json``/``.json.xz`` files, ``sessions`` for JSONL."""
    name = path.name.lower()
    return "longmemeval" if name.endswith((".json", ".json.xz")) else "sessions"


def _open_text(path: Path) -> IO[str]:
    if path.name.lower().endswith(".xz"):
        return lzma.open(path, "rt", encoding="utf-8")
    return path.open("r", encoding="utf-8")


def _messages(raw: object, where: str) -> tuple[Message, ...]:
    if not isinstance(raw, list) or not raw:
        raise ValidationError(f"{where}: messages must be a non-empty list", field="messages")
    out: list[Message] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("content"), str):
            raise ValidationError(
                f"{where}: message #{i} needs a string 'content'", field="messages"
            )
        stamp = parse_time(item.get("timestamp"), field=f"{where} message #{i} timestamp")
        out.append(Message(str(item.get("role", "user")), item["content"], stamp))
    return tuple(out)


def _jsonl_records(fh: IO[str], default_scopes: Mapping[str, str]) -> Iterator[SessionRecord]:
    for number, line in enumerate(fh, start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValidationError(f"{where}: not JSON ({exc.msg})", field="line") from None
        if not isinstance(raw, dict):
            raise ValidationError(f"{where}: a session must be a JSON object", field="line")
        when = parse_time(raw.get("date") or raw.get("occurred_at"), field=f"{where} date")
        if when is None:
            raise ValidationError(f"{where}: 'date' is required", field="date")
        scopes = raw.get("scopes") or default_scopes
        label = str(raw.get("session_id") or f"line-{number}")
        yield SessionRecord(label, when, _messages(raw.get("messages"), where), dict(scopes))


def _longmemeval_records(fh: IO[str], default_scopes: Mapping[str, str]) -> Iterator[SessionRecord]:
    from worlddb.eval.longmemeval import iter_json_array

    seen: set[str] = set()
    for question in iter_json_array(fh):
        if not isinstance(question, dict):
            raise ValidationError("a LongMemEval file is an array of question objects")
        ids, dates = question.get("haystack_session_ids", []), question.get("haystack_dates", [])
        for sid, date, session in zip(
            ids, dates, question.get("haystack_sessions", []), strict=False
        ):
            key = digest(json.dumps([sid, date, session], sort_keys=True).encode("utf-8"))
            if key in seen:
                continue
            seen.add(key)
            turns = [
                {"role": t.get("role", "user"), "content": t.get("content", "")}
                for t in session
                if isinstance(t, dict)
            ]  # has_answer is dropped here
            when = parse_time(date, field="haystack date")
            assert when is not None
            yield SessionRecord(
                f"lme:{sid}", when, _messages(turns, f"session {sid}"), dict(default_scopes)
            )


def _meta_key(path: Path) -> str:
    stat = path.stat()
    return _META_PREFIX + digest(f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}".encode())


def import_sessions(
    db: WorldDB,
    path: str | Path,
    *,
    fmt: str | None = None,
    scopes: Mapping[str, str] | None = None,
    resume: bool = True,
    on_record: Callable[[int], None] | None = None,
) -> ImportReport:
    """Ingest every session of ``path``; resumes after the last committed record by default.

    Deliberately not one transaction: each session is its own commit, followed by a progress
    mark in the store's meta (``set_meta``), so an import of a large file that is interrupted
    keeps what it wrote and a rerun skips it. A session is whole or absent; the import as a
    whole is resumable rather than atomic.
    """
    source = Path(path)
    if not source.is_file():
        raise ValidationError(f"no file at {str(source)!r}", field="path", value=str(source))
    kind = fmt or sniff_format(source)
    if kind not in FORMATS:
        raise ValidationError(
            f"format {kind!r} is not one of {', '.join(FORMATS)}", field="format", value=kind
        )
    key = _meta_key(source)
    start = int(db.meta(key) or 0) if resume else 0
    reader: Callable[[IO[str], Mapping[str, str]], Iterator[SessionRecord]]
    reader = _jsonl_records if kind == "sessions" else _longmemeval_records
    records = ingested = unchanged = 0
    with _open_text(source) as fh:
        for index, record in enumerate(reader(fh, dict(scopes or {}))):
            records = index + 1
            if index < start:
                continue
            result = db.ingest_session(
                record.messages,
                occurred_at=record.occurred_at,
                scopes=record.scopes or None,
                label=record.label,
            )
            ingested += int(result.created)
            unchanged += int(not result.created)
            db.set_meta(key, str(index + 1))
            if on_record is not None:
                on_record(index + 1)
    return ImportReport(records=records, ingested=ingested, unchanged=unchanged, resumed_from=start)
