"""``ImporterRegistry``: format name → importer, one instance per caller (never a global).

The CLI builds one with ``default_importers()``; a program that reads a format of its own
registers its importer on its own registry, and nothing else sees it.
"""

from __future__ import annotations

import re

from worlddb.errors import ValidationError
from worlddb.imports.chatgpt import ChatGPTImporter
from worlddb.imports.chatlog import ChatLogImporter
from worlddb.imports.claude import ClaudeImporter
from worlddb.imports.markdown import MarkdownImporter
from worlddb.imports.mcp_memory import McpMemoryImporter
from worlddb.imports.mem0 import Mem0Importer
from worlddb.imports.records import Importer

__all__ = ["ImporterRegistry", "default_importers"]

_NAME = re.compile(r"^[a-z][a-z0-9-]{0,31}$")


class ImporterRegistry:
    """Importers by format name. Registering a taken name is an error."""

    def __init__(self) -> None:
        self._importers: dict[str, Importer] = {}

    def register(self, importer: Importer) -> Importer:
        """Add ``importer`` under its ``name`` (lowercase, digits and hyphens)."""
        if not isinstance(importer, Importer):
            raise ValidationError(
                "an importer needs name, summary and records()", field="importer", value=importer
            )
        name = importer.name
        if not _NAME.match(name):
            raise ValidationError(
                f"importer name {name!r} must be lowercase letters, digits and hyphens",
                field="name",
                value=name,
            )
        if name in self._importers:
            raise ValidationError(
                f"an importer named {name!r} is already registered", field="name", value=name
            )
        self._importers[name] = importer
        return importer

    def get(self, name: str) -> Importer:
        """The importer for ``name``; an unknown name is a ``ValidationError`` listing the known."""
        try:
            return self._importers[name]
        except KeyError:
            raise ValidationError(
                f"unknown import format {name!r}; known formats: {', '.join(self.names)}",
                field="format",
                value=name,
            ) from None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self._importers))

    def __contains__(self, name: object) -> bool:
        return name in self._importers


def default_importers() -> ImporterRegistry:
    """A fresh registry with the six built-in formats."""
    registry = ImporterRegistry()
    for importer in (
        McpMemoryImporter(),
        Mem0Importer(),
        ClaudeImporter(),
        ChatGPTImporter(),
        MarkdownImporter(),
        ChatLogImporter(),
    ):
        registry.register(importer)
    return registry
