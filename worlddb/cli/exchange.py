"""The JSONL exchange format of ``worlddb export`` / ``worlddb import``.

An export is self-verifying: every world line carries its canonical bytes (base64), and
``blake3(canonical) == id``; every edge line carries the canonical bytes of its hashed fields
(``{"f": "worlddb.edge/1", "type", "source", "target"}``) under the same rule. The first line is a
header naming the format. Validity, provenance, aliases and flags ride alongside (they are not
hashed). ``import`` refuses any line whose bytes do not hash to its id.

``import`` also accepts plain memory lines, one per memory, for bringing in data from elsewhere::

    {"text": "...", "scopes": {"user_id": "alice"}, "occurred_at": "2024-05-01T12:00:00Z"}
    {"messages": [{"role": "user", "content": "..."}], "scopes": {...}}
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from worlddb.engine import WorldDB
from worlddb.errors import IntegrityError, ValidationError
from worlddb.hashing import EDGE_FORMAT, canonical_bytes, decode_world, digest
from worlddb.model import Changeset, Edge, EdgeSpec, WorldSpec
from worlddb.plugins import Message
from worlddb.timeutil import parse_time

__all__ = ["EXPORT_FORMAT", "ImportStats", "export_lines", "import_lines", "verify_line"]

EXPORT_FORMAT: Final = "worlddb.export/1"
BATCH: Final = 500
# Edge statuses that describe live structure; retired edges and undecided proposals are history
# the importing store re-derives (or a person re-decides), so they are not replayed.
_REPLAYED_STATUSES: Final = frozenset({"active", "accepted"})


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _edge_canonical(edge: Edge) -> bytes:
    return canonical_bytes(
        {"f": EDGE_FORMAT, "type": edge.type, "source": edge.source, "target": edge.target}
    )


def export_lines(db: WorldDB, *, on_world: Callable[[], None] | None = None) -> Iterator[str]:
    """Yield the export as JSONL lines (header, worlds in insertion order, then edges)."""
    yield json.dumps(
        {
            "format": EXPORT_FORMAT,
            "embedder": db.embedder.key if db.embedder else None,
            "edge_id": "blake3(canonical)",
            "world_id": "blake3(canonical)",
        }
    )
    ids: list[str] = []
    for world in db.iter_worlds():
        body = db.blob(world.id)
        if body is None:
            raise IntegrityError(f"world {world.id!r} has no stored content")
        ids.append(world.id)
        yield json.dumps(
            {
                "kind": "world",
                "id": world.id,
                "type": world.type,
                "canonical": _b64(body),
                "valid_from": world.valid_from,
                "valid_to": world.valid_to,
                "ingested_at": world.ingested_at,
                "provenance": list(world.provenance),
                "aliases": list(world.aliases),
                "flags": sorted(world.flags),
            },
            ensure_ascii=False,
        )
        if on_world is not None:
            on_world()
    for wid in ids:
        for edge in db.edges(wid, direction="out", include_retired=True):
            yield json.dumps(
                {
                    "kind": "edge",
                    "id": edge.id,
                    "type": edge.type,
                    "source": edge.source,
                    "target": edge.target,
                    "canonical": _b64(_edge_canonical(edge)),
                    "properties": dict(edge.properties),
                    "valid_from": edge.valid_from,
                    "valid_to": edge.valid_to,
                    "ingested_at": edge.ingested_at,
                    "status": edge.status,
                },
                ensure_ascii=False,
            )


def verify_line(record: Mapping[str, Any], *, where: str) -> bytes:
    """Check one export record's bytes hash to its id and return them.

    Raises:
        IntegrityError: the bytes do not hash to the id.
        ValidationError: the record is malformed.
    """
    try:
        body = base64.b64decode(str(record["canonical"]), validate=True)
        claimed = str(record["id"])
    except (KeyError, binascii.Error) as exc:
        raise ValidationError(
            f"{where}: record lacks valid 'id' and base64 'canonical' ({exc})", field="canonical"
        ) from None
    if digest(body) != claimed:
        raise IntegrityError(
            f"{where}: canonical bytes hash to {digest(body)[:16]!r}, "
            f"not to the id {claimed[:16]!r}"
        )
    return body


@dataclass
class ImportStats:
    """What an import did: records read, and of those how many were new to this store.

    Every record is content-addressed, so re-importing an export writes nothing new; the
    ``new_*`` counts say so (``worlds - new_worlds`` were already present).
    """

    worlds: int = 0
    edges: int = 0
    memories: int = 0
    skipped_edges: int = 0
    new_worlds: int = 0
    new_edges: int = 0
    new_memories: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def present(self) -> int:
        """Records that the store already held (worlds, edges and memories together)."""
        return (
            self.worlds
            + self.edges
            + self.memories
            - self.new_worlds
            - self.new_edges
            - self.new_memories
        )


def _world_spec(record: Mapping[str, Any], body: bytes) -> WorldSpec:
    spec = decode_world(body)
    return replace(
        spec,
        valid_from=record.get("valid_from"),
        valid_to=record.get("valid_to"),
        provenance=tuple(record.get("provenance") or ()),
        aliases=tuple(record.get("aliases") or ()),
        flags=frozenset(record.get("flags") or ()),
    )


def _messages(raw: object, where: str) -> list[Message]:
    if not isinstance(raw, list):
        raise ValidationError(f"{where}: 'messages' must be a list", field="messages")
    out = []
    for item in raw:
        if not isinstance(item, Mapping) or not isinstance(item.get("content"), str):
            raise ValidationError(
                f"{where}: each message needs 'role' and 'content'", field="messages"
            )
        out.append(
            Message(
                role=str(item.get("role", "user")),
                content=item["content"],
                timestamp=parse_time(item.get("timestamp"), field="timestamp"),
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class _Memory:
    """A memory line, checked and ready for ``WorldDB.remember``."""

    body: str | list[Message]
    scopes: Mapping[str, str]
    occurred_at: int | None
    metadata: Mapping[str, str] | None


def _memory(record: Mapping[str, Any], where: str) -> _Memory:
    if "messages" in record:
        body: str | list[Message] = _messages(record["messages"], where)
    elif isinstance(record.get("text"), str):
        body = record["text"]
    else:
        raise ValidationError(f"{where}: a memory line needs 'text' or 'messages'", field="text")
    scopes = record.get("scopes") or {}
    metadata = record.get("metadata")
    if not isinstance(scopes, Mapping) or not (metadata is None or isinstance(metadata, Mapping)):
        raise ValidationError(f"{where}: 'scopes' and 'metadata' must be objects", field="scopes")
    when = parse_time(record.get("occurred_at"), field=f"{where}: occurred_at")
    return _Memory(body, scopes, when, metadata)


def _parse(number: int, line: str) -> dict[str, Any] | None:
    where = f"line {number}"
    if not line.strip():
        return None
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{where}: not JSON ({exc.msg})", field="line") from None
    if not isinstance(record, dict):
        raise ValidationError(f"{where}: expected a JSON object", field="line")
    if "format" in record and record.get("kind") is None:
        if record["format"] != EXPORT_FORMAT:
            raise ValidationError(
                f"{where}: unknown export format {record['format']!r}",
                field="format",
                value=record["format"],
            )
        return None
    return record


def import_lines(
    db: WorldDB, lines: Iterable[str], *, on_line: Callable[[], None] | None = None
) -> ImportStats:
    """Import export records and memory lines: all are checked first, then written.

    Worlds go first (in batches, in file order, so children precede parents), then edges, then
    memory lines through ``remember``. Deliberately one commit per batch, not one for the file:
    a large import does not hold the write lock (and a transaction's worth of memory) for its
    whole length, and every record is content-addressed, so rerunning an interrupted import
    rewrites nothing that already landed.

    Raises:
        IntegrityError: an export record's bytes do not hash to its id (nothing is written).
        ValidationError: a line is not JSON or not a known record (nothing is written).
    """
    stats = ImportStats()
    worlds: list[WorldSpec] = []
    edges: list[EdgeSpec] = []
    memories: list[_Memory] = []
    for number, line in enumerate(lines, start=1):
        where = f"line {number}"
        if on_line is not None:
            on_line()
        record = _parse(number, line)
        if record is None:
            continue
        kind = record.get("kind")
        if kind == "world":
            worlds.append(_world_spec(record, verify_line(record, where=where)))
        elif kind == "edge":
            verify_line(record, where=where)
            if record.get("status") not in _REPLAYED_STATUSES or record.get("type") == "same_as":
                stats.skipped_edges += 1
                continue
            edges.append(
                EdgeSpec(
                    str(record["type"]),
                    str(record["source"]),
                    str(record["target"]),
                    dict(record.get("properties") or {}),
                )
            )
        elif kind is None:
            memories.append(_memory(record, where))
        else:
            raise ValidationError(
                f"{where}: unknown record kind {kind!r}", field="kind", value=kind
            )
    for lo in range(0, len(worlds), BATCH):
        stats.new_worlds += len(db.write(Changeset(worlds=tuple(worlds[lo : lo + BATCH]))).created)
    edges_before = db.counts().get("edges", 0)
    for lo in range(0, len(edges), BATCH):
        db.write(Changeset(edges=tuple(edges[lo : lo + BATCH])))
    # Handlers may add edges of their own while memories are written, so count edges here.
    stats.new_edges = db.counts().get("edges", 0) - edges_before
    for memory in memories:
        written = db.remember(
            memory.body,
            scopes=memory.scopes,
            occurred_at=memory.occurred_at,
            metadata=memory.metadata,
        )
        stats.new_memories += int(written.created)
    stats.worlds, stats.edges, stats.memories = len(worlds), len(edges), len(memories)
    return stats
