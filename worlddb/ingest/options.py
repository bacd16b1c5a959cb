"""``IngestOptions``: what a caller attaches to one memory besides its text and its time.

Scopes, an opaque label, metadata and caller-supplied entities and facts travel together from a
front end through ``WorldDB.remember`` and the ``Ingestor`` down to the changeset; one typed value
carries them so each layer passes one argument instead of repeating the keyword list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from worlddb.plugins import ExtractedEntity, ExtractedFact

__all__ = ["IngestOptions"]


@dataclass(frozen=True, slots=True)
class IngestOptions:
    """The extras of one ingest.

    ``scopes`` (already validated) place the memory; ``label`` and ``metadata`` become opaque
    provenance (never searchable content); ``entities`` and ``facts`` are written as if the
    extractor had found them.
    """

    scopes: Mapping[str, str] = field(default_factory=dict)
    label: str | None = None
    metadata: Mapping[str, str] | None = None
    entities: Sequence[ExtractedEntity] = ()
    facts: Sequence[ExtractedFact] = ()
