"""What an importer yields: typed records, one per thing another memory tool kept.

An importer only reads and checks its source; it never writes. Keeping the records typed (a
memory, an entity with observations, a relation, or a skip with its reason) lets one runner give
every format the same guarantees: the whole source is checked before anything is written,
progress is checkpointed per record, and a dry run can say what would be written.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from worlddb.errors import ValidationError
from worlddb.plugins import ExtractedEntity, ExtractedFact, Message

__all__ = [
    "EntityRecord",
    "ImportFormatError",
    "Importer",
    "MemoryRecord",
    "Observation",
    "Record",
    "RelationRecord",
    "SkippedRecord",
]


class ImportFormatError(ValidationError):
    """The source is not in the format its importer reads; the message names where (one line)."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}", field="source", value=where)


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """A note (``body`` a string) or a conversation (``body`` messages) to remember.

    ``occurred_at`` is the source's own date (microseconds; ``None`` when it has none) and becomes
    the memory's valid time. ``key`` names the record in the source (an id, a path) and is kept
    as the memory's label (opaque provenance).
    """

    key: str
    body: str | tuple[Message, ...]
    occurred_at: int | None
    scopes: Mapping[str, str] = field(default_factory=dict)
    metadata: Mapping[str, str] = field(default_factory=dict)
    entities: tuple[ExtractedEntity, ...] = ()
    facts: tuple[ExtractedFact, ...] = ()


@dataclass(frozen=True, slots=True)
class Observation:
    """One statement about an entity, with its date when the source has one."""

    text: str
    occurred_at: int | None = None


@dataclass(frozen=True, slots=True)
class EntityRecord:
    """A named entity of a knowledge graph (MCP memory, Basic Memory) and what is said of it.

    ``kind`` is the source's own type label ("person", "project"); the world type is derived from
    it, and the label itself is kept so an export can give it back.
    """

    key: str
    name: str
    kind: str
    observations: tuple[Observation, ...] = ()
    scopes: Mapping[str, str] = field(default_factory=dict)
    occurred_at: int | None = None


@dataclass(frozen=True, slots=True)
class RelationRecord:
    """A directed, typed relation between two named entities (``source relation target``).

    ``source_kind`` / ``target_kind`` are the endpoints' type labels as the source declared them
    (``None`` for an endpoint the source never declared).
    """

    key: str
    source: str
    relation: str
    target: str
    source_kind: str | None = None
    target_kind: str | None = None
    scopes: Mapping[str, str] = field(default_factory=dict)
    occurred_at: int | None = None


@dataclass(frozen=True, slots=True)
class SkippedRecord:
    """A record the source holds but that carries nothing to import, and why."""

    key: str
    reason: str


Record = MemoryRecord | EntityRecord | RelationRecord | SkippedRecord


@runtime_checkable
class Importer(Protocol):
    """Reads one source format into records.

    ``records`` must be deterministic (the same source yields the same records in the same
    order: resuming counts on it) and must raise ``ImportFormatError`` naming the line, record
    or file for anything it cannot read. ``scopes`` are the caller's defaults for records whose
    source names none.
    """

    @property
    def name(self) -> str: ...

    @property
    def summary(self) -> str: ...

    def records(self, source: Path, scopes: Mapping[str, str], /) -> Iterator[Record]: ...
