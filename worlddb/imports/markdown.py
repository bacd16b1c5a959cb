"""Basic Memory projects and Markdown notes folders (Obsidian-style vaults work too).

Basic Memory's documented note format (its "Knowledge Format" / ``NOTE-FORMAT.md``)::

    ---
    title: Coffee Brewing Methods
    type: note
    tags: [coffee, brewing]
    permalink: coffee-brewing-methods
    ---
    # Coffee Brewing Methods
    - [method] Pour over provides more flavor clarity than French press #brewing
    - relates_to [[Coffee Bean Origins]]

Each ``.md`` file (hidden folders such as ``.obsidian`` and ``.git`` are left out) becomes:

* a Note with the file's prose, in the importer's scopes: the text without its frontmatter,
  observation and relation lines and their conventional ``## Observations`` / ``## Relations``
  headings (those are written as Facts below, not extracted a second time from the text; a
  note of observations only is noted by its title);
* an entity named by ``title`` (else the file name), typed from ``type``;
* one Fact per observation line ``- [category] text`` that ``refers_to`` that entity (a task
  box ``- [ ]`` / ``- [x]`` is not an observation);
* one relation per ``- relation_type [[Target]]`` line, and ``links_to`` for every other
  ``[[wiki link]]`` in the text (``[[Target|label]]`` and ``[[Target#heading]]`` link to
  ``Target``).

Dated by the frontmatter's ``date`` / ``created`` / ``created_at``, else the file's mtime.
Frontmatter is YAML, read with PyYAML's safe loader.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import yaml

from worlddb.imports.common import clean_metadata, moment, world_type
from worlddb.imports.records import (
    ImportFormatError,
    MemoryRecord,
    Record,
    RelationRecord,
    SkippedRecord,
)
from worlddb.plugins import ExtractedEntity, ExtractedFact

__all__ = ["MarkdownImporter", "Note", "parse_note"]

_OBSERVATION: Final = re.compile(r"^\s*[-*]\s+\[([^\]\[]+)\]\s+(\S.*?)\s*$")
_RELATION: Final = re.compile(r"^\s*[-*]\s+([A-Za-z][\w ]{0,62}?)\s+\[\[([^\]]+)\]\]")
_WIKI_LINK: Final = re.compile(r"\[\[([^\]]+)\]\]")
_DATE_KEYS: Final = ("date", "created", "created_at")
_TASK_BOXES: Final = frozenset({" ", "x", "X"})
_SECTION_HEADINGS: Final = frozenset(
    f"{'#' * n} {name}" for n in range(1, 7) for name in ("observations", "relations")
)


@dataclass(frozen=True, slots=True)
class Note:
    """One Markdown note, read: its title, type, text, observations, relations and date."""

    path: str
    title: str
    kind: str
    body: str
    observations: tuple[str, ...]
    relations: tuple[tuple[str, str], ...]
    occurred_at: int
    metadata: Mapping[str, str]


def _target(link: str) -> str:
    return " ".join(link.split("|")[0].split("#")[0].split())


def _frontmatter(text: str, where: str) -> tuple[dict[str, Any], str]:
    if not text.startswith("---"):
        return {}, text
    lines = text.split("\n")
    if lines[0].strip() != "---":
        return {}, text
    for end in range(1, len(lines)):
        if lines[end].strip() in {"---", "..."}:
            break
    else:
        raise ImportFormatError(f"{where}:1", "frontmatter opened with '---' is never closed")
    try:
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise ImportFormatError(
            f"{where}:{line}", f"frontmatter is not valid YAML ({problem})"
        ) from None
    if not isinstance(data, dict):
        raise ImportFormatError(f"{where}:2", "frontmatter must be a YAML mapping")
    return data, "\n".join(lines[end + 1 :])


def _tags(raw: object) -> str:
    if isinstance(raw, list):
        return ",".join(str(t).strip() for t in raw if str(t).strip())
    return ",".join(t.strip() for t in str(raw or "").split(",") if t.strip())


def parse_note(path: Path, rel: str) -> Note:
    """Read one note. Raises ``ImportFormatError`` naming the file (and line) on bad input."""
    try:
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError as exc:
        raise ImportFormatError(rel, f"not UTF-8 text ({exc.reason})") from None
    front, body = _frontmatter(text, rel)
    title = front.get("title") or path.stem
    if not isinstance(title, str | int | float):
        raise ImportFormatError(rel, "frontmatter 'title' must be text")
    kind = front.get("type") or "note"
    if not isinstance(kind, str):
        raise ImportFormatError(rel, "frontmatter 'type' must be text")
    when = None
    for key in _DATE_KEYS:
        if front.get(key) is not None:
            when = moment(front[key], rel, key)
            break
    if when is None:
        when = path.stat().st_mtime_ns // 1000
    observations: list[str] = []
    relations: list[tuple[str, str]] = []
    prose: list[str] = []
    for line in body.split("\n"):
        obs = _OBSERVATION.match(line)
        if obs and obs.group(1) not in _TASK_BOXES:
            observations.append(f"[{obs.group(1).strip()}] {obs.group(2)}")
        elif (rel_match := _RELATION.match(line)) and _target(rel_match.group(2)):
            relations.append(("_".join(rel_match.group(1).split()), _target(rel_match.group(2))))
            line = line[rel_match.end() :]
        elif line.strip().lower() not in _SECTION_HEADINGS:
            prose.append(line)
        relations += [("links_to", _target(m)) for m in _WIKI_LINK.findall(line) if _target(m)]
    metadata = clean_metadata(
        {
            "source": "markdown",
            "path": rel,
            "title": str(title),
            "type": kind,
            "tags": _tags(front.get("tags")),
            "permalink": front.get("permalink"),
            "modified": front.get("modified") or front.get("updated"),
        }
    )
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(prose)).strip()
    return Note(
        rel,
        " ".join(str(title).split()),
        kind,
        text if text or not observations else " ".join(str(title).split()),
        tuple(dict.fromkeys(observations)),
        tuple(dict.fromkeys(relations)),
        when,
        metadata,
    )


def _files(source: Path) -> list[tuple[Path, str]]:
    if source.is_file():
        return [(source, source.name)]
    found = []
    for path in sorted(source.rglob("*.md")):
        rel = path.relative_to(source)
        if path.is_file() and not any(part.startswith(".") for part in rel.parts):
            found.append((path, rel.as_posix()))
    if not found:
        raise ImportFormatError(str(source), "no .md files in this folder")
    return found


class MarkdownImporter:
    """``markdown``: a Basic Memory project or any folder of Markdown notes."""

    name: Final = "markdown"
    summary: Final = "Basic Memory / Markdown notes folder (frontmatter, observations, [[links]])"

    def records(self, source: Path, scopes: Mapping[str, str], /) -> Iterator[Record]:
        files = _files(source)
        kinds: dict[str, str] = {}
        for path, rel in files:
            note = parse_note(path, rel)
            kinds.setdefault(note.title, note.kind)
        for path, rel in files:
            note = parse_note(path, rel)
            if not note.body:
                yield SkippedRecord(rel, "empty note")
                continue
            entity = ExtractedEntity(note.title, world_type(note.kind))
            facts = tuple(
                ExtractedFact(f"o{i}", text, entities=(note.title,))
                for i, text in enumerate(note.observations)
            )
            yield MemoryRecord(
                rel, note.body, note.occurred_at, scopes, note.metadata, (entity,), facts
            )
            for relation, target in note.relations:
                yield RelationRecord(
                    f"{rel}: {relation} [[{target}]]",
                    note.title,
                    relation,
                    target,
                    note.kind,
                    kinds.get(target),
                    scopes,
                    note.occurred_at,
                )
