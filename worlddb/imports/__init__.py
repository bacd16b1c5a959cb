"""Imports from the memory tools people use today, and an export to leave with.

One module per source format, each an ``Importer`` (``records.py``) that only reads and checks:

=============  ==============================================================================
``mcp-memory``  the MCP reference memory server's ``memory.jsonl`` (``mcp_memory.py``)
``mem0``        a Mem0 ``get_all`` result saved as JSON (``mem0.py``)
``claude``      a Claude.ai data export's ``conversations.json`` (``claude.py``)
``chatgpt``     a ChatGPT data export's ``conversations.json`` (``chatgpt.py``)
``markdown``    a Basic Memory project or any Markdown notes folder (``markdown.py``)
``chat-log``    plain text chat logs (``chatlog.py``)
=============  ==============================================================================

``run_import`` (``runner.py``) gives them all the same guarantees: the whole source is checked
before anything is written, records go through the facade (``remember`` for memories,
``write`` for knowledge-graph records; the reconciler stays the only write path) with the
source's dates as valid time, a checkpoint per record makes an interrupted import resumable and
a finished one a no-op, and a dry run writes nothing. ``mcp_memory_lines`` (``export.py``)
writes the store's knowledge graph back out as MCP reference JSONL.

Registries are instances: ``default_importers()`` returns a fresh one with the six formats.
"""

from __future__ import annotations

from worlddb.imports.export import mcp_memory_lines
from worlddb.imports.records import (
    EntityRecord,
    Importer,
    ImportFormatError,
    MemoryRecord,
    Observation,
    Record,
    RelationRecord,
    SkippedRecord,
)
from worlddb.imports.registry import ImporterRegistry, default_importers
from worlddb.imports.runner import ImportSummary, checkpoint_key, run_import

__all__ = [
    "EntityRecord",
    "ImportFormatError",
    "ImportSummary",
    "Importer",
    "ImporterRegistry",
    "MemoryRecord",
    "Observation",
    "Record",
    "RelationRecord",
    "SkippedRecord",
    "checkpoint_key",
    "default_importers",
    "mcp_memory_lines",
    "run_import",
]
