"""Extraction: turn conversation episodes into entities, facts, dates and update edges.

``OfflineExtractor`` is the deterministic default (no model, no network). The model-backed
``AnthropicExtractor`` lives in ``worlddb.extract.anthropic`` and is imported from there, so
that importing this package does not import the ``anthropic`` SDK.
"""

from __future__ import annotations

from worlddb.extract.attributes import (
    Statement,
    attribute_kind,
    is_single_valued,
    same_value,
    update_kind,
)
from worlddb.extract.dates import DateSpan, find_dates
from worlddb.extract.injection import InjectionMarker, find_injection_markers, is_untrusted
from worlddb.extract.offline import OfflineExtractor
from worlddb.extract.readings import read_statements, statement_of, stored_update_kind

__all__ = [
    "DateSpan",
    "InjectionMarker",
    "OfflineExtractor",
    "Statement",
    "attribute_kind",
    "find_dates",
    "find_injection_markers",
    "is_single_valued",
    "is_untrusted",
    "read_statements",
    "same_value",
    "statement_of",
    "stored_update_kind",
    "update_kind",
]
