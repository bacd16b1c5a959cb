"""``run_import``: one source through one importer into a store, checked first, resumable.

The order of work, and why:

1. **Check the whole source first.** Every record is read and checked (format, scopes, sizes)
   before the first write, so malformed input anywhere in the file is one ``ImportFormatError``
   naming the line or record, and the store is exactly as it was.
2. **Write record by record, checkpointing.** Each record is its own commit (a conversation is
   whole or absent), followed by the position in the store's meta under a key made of the
   format, the scopes and the hash of the source's bytes. An interrupted import continues after
   the last committed record; a rerun of a finished one writes nothing. The import as a whole is
   resumable rather than atomic: one transaction for a whole export would hold the write lock
   (and a transaction's memory) for its whole length.
3. **Dedup by content.** Records are content-addressed, so even without the checkpoint (another
   copy of the same file, ``restart=True``) an identical record lands on what is stored and is
   counted as already present.

A dry run does step 1 and reports what step 2 would write, writing nothing (not even the
checkpoint).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from worlddb.engine import WorldDB
from worlddb.errors import WorldDBError
from worlddb.hashing import digest
from worlddb.imports.records import (
    EntityRecord,
    Importer,
    ImportFormatError,
    MemoryRecord,
    Record,
    RelationRecord,
    SkippedRecord,
)
from worlddb.imports.writer import RecordWriter
from worlddb.ingest import ROLES
from worlddb.reconciler.validate import MAX_CONTENT_CHARS, MAX_NAME_CHARS
from worlddb.scopes import validate_scopes

__all__ = ["CHECKPOINT_PREFIX", "ImportSummary", "checkpoint_key", "run_import"]

CHECKPOINT_PREFIX: Final = "import-from:"
_LABEL_CHARS: Final = 1_000
_CHUNK_BYTES: Final = 1 << 23


@dataclass
class ImportSummary:
    """What an import did (or, for a dry run, would do).

    ``records`` counts every record of the source; each lands in exactly one of ``written``
    (stored something new), ``present`` (its content was already stored), ``resumed`` (an earlier
    run of this import committed it) or ``skipped`` (nothing to import; ``skip_reasons`` says
    why). A dry run counts what it would write under ``written`` and what is already stored
    under ``present``. ``complete`` is false when a
    ``limit`` stopped the run early.
    """

    format: str
    source: str
    records: int = 0
    written: int = 0
    present: int = 0
    resumed: int = 0
    skipped: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    skip_reasons: dict[str, int] = field(default_factory=dict)
    dry_run: bool = False
    complete: bool = True

    def as_dict(self) -> dict[str, object]:
        return {
            "format": self.format,
            "source": self.source,
            "dry_run": self.dry_run,
            "records": self.records,
            "written": self.written,
            "already_present": self.present,
            "resumed": self.resumed,
            "skipped": self.skipped,
            "skip_reasons": dict(self.skip_reasons),
            "kinds": dict(self.kinds),
            "complete": self.complete,
        }


def _file_hash(path: Path) -> str:
    """The hash of a file's bytes, read in chunks (an export can be larger than memory likes)."""
    chunks = []
    with path.open("rb") as fh:
        while block := fh.read(_CHUNK_BYTES):
            chunks.append(digest(block))
    return digest("\n".join(chunks).encode("ascii"))


def _source_hash(source: Path) -> str:
    """The hash of the source's bytes; for a folder, of every file's path, bytes and mtime.

    A folder's mtimes are part of it because a Markdown note without a date is dated by its
    file's mtime: touching the file changes what an import would write.
    """
    if source.is_file():
        return _file_hash(source)
    parts = []
    for path in sorted(p for p in source.rglob("*") if p.is_file()):
        rel = path.relative_to(source).as_posix()
        parts.append(f"{rel}\t{_file_hash(path)}\t{path.stat().st_mtime_ns}")
    return digest("\n".join(parts).encode("utf-8"))


def checkpoint_key(fmt: str, source: Path, scopes: Mapping[str, str]) -> str:
    """The store-meta key of an import's position: format, default scopes and source hash."""
    scope_text = "\n".join(f"{k}={v}" for k, v in sorted(scopes.items()))
    return CHECKPOINT_PREFIX + digest(f"{fmt}\n{scope_text}\n{_source_hash(source)}".encode())


def _kind(record: Record) -> str:
    if isinstance(record, MemoryRecord):
        return "conversation" if not isinstance(record.body, str) else "note"
    if isinstance(record, EntityRecord):
        return "entity"
    if isinstance(record, RelationRecord):
        return "relation"
    return "skipped"


def _check_text(text: str, where: str, what: str, limit: int) -> None:
    if not isinstance(text, str) or not text.strip():
        raise ImportFormatError(where, f"{what} is empty")
    if len(text) > limit:
        raise ImportFormatError(where, f"{what} is longer than {limit} characters")


def _check_record(record: Record, where: str) -> None:
    """Refuse, before anything is written, what the write path would refuse mid-import."""
    if isinstance(record, SkippedRecord):
        return
    try:
        validate_scopes(record.scopes)
    except WorldDBError as exc:
        raise ImportFormatError(where, str(exc)) from None
    if isinstance(record, MemoryRecord):
        if len(record.key) > _LABEL_CHARS:
            raise ImportFormatError(where, "record key is too long")
        if isinstance(record.body, str):
            _check_text(record.body, where, "the text", MAX_CONTENT_CHARS)
        else:
            if not record.body:
                raise ImportFormatError(where, "the conversation has no messages")
            for i, msg in enumerate(record.body):
                if msg.role not in ROLES:
                    raise ImportFormatError(where, f"message #{i + 1}: unknown role {msg.role!r}")
                _check_text(msg.content, where, f"message #{i + 1}", MAX_CONTENT_CHARS)
        for entity in record.entities:
            _check_text(entity.name, where, "an entity name", MAX_NAME_CHARS)
        for fact in record.facts:
            _check_text(fact.text, where, "an observation", MAX_CONTENT_CHARS)
    elif isinstance(record, EntityRecord):
        _check_text(record.name, where, "the entity name", MAX_NAME_CHARS)
        for obs in record.observations:
            _check_text(obs.text, where, "an observation", MAX_CONTENT_CHARS)
    else:
        _check_text(record.source, where, "the relation's 'from'", MAX_NAME_CHARS)
        _check_text(record.target, where, "the relation's 'to'", MAX_NAME_CHARS)
        _check_text(record.relation, where, "the relation type", MAX_NAME_CHARS)


def run_import(
    db: WorldDB,
    importer: Importer,
    source: str | Path,
    *,
    scopes: Mapping[str, str] | None = None,
    dry_run: bool = False,
    restart: bool = False,
    limit: int | None = None,
    on_total: Callable[[int, int], None] | None = None,
    on_record: Callable[[], None] | None = None,
) -> ImportSummary:
    """Import ``source`` with ``importer``; resumes after the last committed record by default.

    ``scopes`` place records whose source names no scope. ``limit`` stops after that many
    records are processed in this run (an interruption, for tests and for importing in slices).
    ``on_total(total, already_done)`` is called once before writing; ``on_record`` after each
    record this run processes.

    Raises:
        ImportFormatError: the source cannot be read as this format (nothing is written).
        ScopeError: ``scopes`` is malformed (nothing is written).
    """
    path = Path(source)
    if not path.exists():
        raise ImportFormatError(str(path), "no such file or folder")
    defaults = validate_scopes(scopes)
    summary = ImportSummary(format=importer.name, source=str(path), dry_run=dry_run)
    kinds: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for index, record in enumerate(_checked_records(importer, path, defaults)):
        _check_record(record, f"{path.name}: record #{index + 1} ({_key(record)})")
        kinds[_kind(record)] += 1
    summary.records = sum(kinds.values())
    summary.kinds = {k: v for k, v in sorted(kinds.items()) if k != "skipped"}
    key = checkpoint_key(importer.name, path, defaults)
    start = 0 if restart else min(int(db.meta(key) or 0), summary.records)
    summary.resumed = start
    if on_total is not None:
        on_total(summary.records, start)
    writer = RecordWriter(db)
    processed = 0
    for index, record in enumerate(importer.records(path, defaults)):
        if index < start:
            continue
        if limit is not None and processed >= limit:
            summary.complete = False
            break
        if isinstance(record, SkippedRecord):
            summary.skipped += 1
            reasons[record.reason] += 1
        elif dry_run and writer.is_stored(record):
            summary.present += 1
        elif dry_run or writer.write(record):
            summary.written += 1
        else:
            summary.present += 1
        if not dry_run:
            db.set_meta(key, str(index + 1))
        processed += 1
        if on_record is not None:
            on_record()
    summary.skip_reasons = dict(sorted(reasons.items()))
    return summary


def _checked_records(
    importer: Importer, path: Path, defaults: Mapping[str, str]
) -> Iterator[Record]:
    """``importer.records``, with any slip of the importer on input it did not foresee (a
    ``TypeError`` on an unexpected shape, say) reported as the one-line ``ImportFormatError``
    that malformed input always gets, naming where reading stopped."""
    count = 0
    try:
        for record in importer.records(path, defaults):
            count += 1
            yield record
    except WorldDBError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError, RecursionError) as exc:
        raise ImportFormatError(
            f"{path.name}: after record #{count}",
            f"cannot be read as {importer.name} ({type(exc).__name__}: {exc})",
        ) from None


def _key(record: Record) -> str:
    key = record.key if len(record.key) <= 80 else record.key[:77] + "..."
    return key
