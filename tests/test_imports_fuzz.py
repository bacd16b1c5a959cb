"""Whatever a file holds, an import either reads it or refuses it with one typed line.

Hypothesis writes arbitrary JSON documents (shaped loosely like each format, so the deep paths
are reached too) and arbitrary text; the import's checking pass must end in records or an
``ImportFormatError`` without a newline, never any other exception, and never write.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from worlddb import WorldDB
from worlddb.imports import ImportFormatError, default_importers, run_import

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
KEYS = st.sampled_from(
    [
        "type", "name", "entityType", "observations", "from", "to", "relationType", "results",
        "id", "memory", "user_id", "agent_id", "run_id", "metadata", "created_at", "updated_at",
        "uuid", "chat_messages", "sender", "text", "content", "mapping", "current_node",
        "parent", "children", "message", "author", "role", "parts", "content_type",
        "create_time", "conversation_id", "categories",
    ]
)  # fmt: skip
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(KEYS | st.text(), inner, max_size=6)
    ),
    max_leaves=30,
)


def _attempt(fmt: str, name: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / name
        if fmt == "markdown":
            source.mkdir()
            (source / "note.md").write_bytes(data)
        else:
            source.write_bytes(data)
        with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
            try:
                run_import(db, default_importers().get(fmt), source, dry_run=True)
            except ImportFormatError as exc:
                assert "\n" not in str(exc)
            assert db.counts().get("nodes", 0) == 0


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(doc=JSON, fmt=st.sampled_from(["mem0", "claude", "chatgpt"]))
def test_any_json_document_is_read_or_refused_in_one_line(doc: Any, fmt: str) -> None:
    _attempt(fmt, "conversations.json", json.dumps(doc).encode())


@FUZZ
@given(lines=st.lists(JSON, max_size=5))
def test_any_json_lines_are_read_or_refused_in_one_line(lines: list[Any]) -> None:
    _attempt("mcp-memory", "memory.jsonl", "\n".join(json.dumps(x) for x in lines).encode())


@FUZZ
@given(text=st.text(max_size=300), fmt=st.sampled_from(["chat-log", "markdown", "mcp-memory"]))
def test_any_text_is_read_or_refused_in_one_line(text: str, fmt: str) -> None:
    _attempt(fmt, "log.txt", text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(
    front=st.dictionaries(st.sampled_from(["title", "type", "tags", "date", "created"]), JSON),
    body=st.text(max_size=200),
)
def test_any_frontmatter_is_read_or_refused_in_one_line(front: dict[str, Any], body: str) -> None:
    _attempt(
        "markdown",
        "notes",
        f"---\n{json.dumps(front)}\n---\n{body}".encode("utf-8", "surrogatepass"),
    )
