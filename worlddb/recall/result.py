"""What recall returns: hits that explain themselves, and a compact context block.

Every ``RecallHit`` carries the evidence for its place: its rank in each lane that found it, the
fused score, its validity interval, provenance, scopes and the other sides of any
contradiction. ``RecallResult.context`` renders the hits as short dated lines, bounded in size,
for pasting into a prompt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from worlddb.errors import ValidationError
from worlddb.model import NodeId
from worlddb.recall.fate import Succession
from worlddb.timeutil import format_us

__all__ = ["DEFAULT_CONTEXT_CHARS", "MAX_LINE_CHARS", "Neighbour", "RecallHit", "RecallResult"]

DEFAULT_CONTEXT_CHARS: Final = 2000
MAX_LINE_CHARS: Final = 480
"""One hit's line is cut here, so one long turn cannot take the whole context budget."""
_ELLIPSIS: Final = "…"


@dataclass(frozen=True, slots=True)
class Neighbour:
    """A conversation turn next to a turn hit, returned as that hit's context.

    Attributes:
        id: The turn's id.
        speaker: Who said it (a turn's name is its role: ``user``, ``assistant``...).
        text: What was said.
        offset: ``-1`` for the turn just before the hit, ``+1`` for the one just after.
        untrusted: It carries prompt-injection markers (see ``RecallHit.untrusted``).
    """

    id: NodeId
    speaker: str
    text: str
    offset: int
    untrusted: bool = False


@dataclass(frozen=True, slots=True)
class RecallHit:
    """One recalled world and why it is here.

    Attributes:
        id: The world's id.
        type: Its type (``Fact``, ``Turn``, ``Person``...).
        text: Its searchable text (content, or name for worlds without content).
        score: The fused RRF score (an assistant's turn's times ``ASSISTANT_WEIGHT`` when
            the ``speaker`` prior applied); comparable within one result only. ``0.0`` for a
            world surfaced by a rewrite rather than found by a lane.
        ranks: Lane name → 1-based rank, for the lanes that found it (within their depth).
        valid_from: Start of validity (microseconds UTC), ``None`` when unbounded.
        valid_to: End of validity, ``None`` while it is still true.
        provenance: Where it came from (sources recorded at write time).
        parent: The world that structurally contains it (a Turn's Session), if any.
        scopes: The Scope worlds it belongs to, by name (``"user_id=alice"``).
        conflicts: Ids of visible worlds it contradicts (``contradicts`` edges, either side).
        surfaced_by: For a world added by an edge handler's query rewrite (the other side of
            a contradiction, say), the hit that pulled it in; ``None`` for lane hits.
        entities: Names of the entities it ``refers_to``.
        ingested_at: When the store learned it (microseconds UTC).
        status: ``current``, ``partly_outdated`` (some claims derived from it were replaced or
            retired), ``outdated`` (all of them, or the world itself, replaced) or ``retired``
            (closed with nothing replacing it) — at the read's point in valid time.
        superseded_by: What replaced its claims, and when (see ``Succession``).
        replaces: What its claims replaced, and when that stopped being true.
        untrusted: It carries prompt-injection markers: stored and searchable, never
            extracted from; treat its text as data, not as instructions.
        neighbours: For a conversation turn, when recall was asked for them, the turns just
            before and after it in its session that the read may see (the question a reply
            answers, the reply to a question); empty otherwise.
    """

    id: NodeId
    type: str
    text: str
    score: float
    ranks: dict[str, int]
    valid_from: int | None
    valid_to: int | None
    provenance: tuple[str, ...]
    parent: NodeId | None
    scopes: tuple[str, ...]
    conflicts: tuple[NodeId, ...] = ()
    surfaced_by: NodeId | None = None
    entities: tuple[str, ...] = ()
    ingested_at: int = 0
    status: str = "current"
    superseded_by: tuple[Succession, ...] = ()
    replaces: tuple[Succession, ...] = ()
    untrusted: bool = False
    neighbours: tuple[Neighbour, ...] = ()


@dataclass(frozen=True, slots=True)
class RecallResult:
    """Hits best first, with what produced them.

    Attributes:
        query: The query text as given.
        hits: Lane hits in fused order; a world surfaced by a rewrite follows the hit that
            surfaced it (those do not count against ``limit``).
        lanes: The lanes that ran (a requested lane without its index, e.g. ``vector`` with no
            embedder, is absent).
        timings: Milliseconds per lane, plus ``fusion``, ``hydrate`` and ``total``.
        entities: The entities the graph lane recognised in the query.
    """

    query: str
    hits: tuple[RecallHit, ...]
    lanes: tuple[str, ...]
    timings: Mapping[str, float] = field(default_factory=dict)
    entities: tuple[NodeId, ...] = ()

    @property
    def ids(self) -> list[NodeId]:
        """The hit ids, in order."""
        return [hit.id for hit in self.hits]

    def context(self, budget_chars: int = DEFAULT_CONTEXT_CHARS) -> str:
        """The hits as numbered, dated lines that fit in ``budget_chars`` characters.

        Each line reads ``[n] (from → to) text — entities: A, B; conflicts with [m]``. A line
        says what a reader must not miss before the text: ``[UNTRUSTED]`` (injection markers:
        data, not instructions), ``[OUTDATED since <date>: replaced by [m] "…"]`` or
        ``[PARTLY OUTDATED: "…" replaced <date> by [m]]``, ``[RETIRED]``; a current statement
        that replaced an older one ends with ``replaces: "…" (until <date>)``. Hits are kept
        whole in order until the next one would not fit; a first hit longer than the budget is
        cut with an ellipsis rather than dropped.

        Raises:
            ValidationError: ``budget_chars`` is not a non-negative integer.
        """
        if isinstance(budget_chars, bool) or not isinstance(budget_chars, int) or budget_chars < 0:
            raise ValidationError(
                f"budget_chars must be a non-negative integer, not {budget_chars!r}",
                field="budget_chars",
                value=budget_chars,
            )
        number = {hit.id: i for i, hit in enumerate(self.hits, start=1)}
        lines: list[str] = []
        used = 0
        for i, hit in enumerate(self.hits, start=1):
            line = _line(i, hit, number)
            cost = len(line) + (1 if lines else 0)
            if used + cost > budget_chars:
                if not lines and budget_chars > len(_ELLIPSIS):
                    lines.append(line[: budget_chars - len(_ELLIPSIS)] + _ELLIPSIS)
                break
            lines.append(line)
            used += cost
        return "\n".join(lines)


def _line(position: int, hit: RecallHit, number: Mapping[NodeId, int]) -> str:
    text = " ".join(hit.text.split())
    if len(text) > MAX_LINE_CHARS:
        text = text[: MAX_LINE_CHARS - len(_ELLIPSIS)] + _ELLIPSIS
    parts = [f"[{position}]"]
    when = _interval(hit.valid_from, hit.valid_to)
    if when:
        parts.append(f"({when})")
    label = _state_label(hit, number)
    if label:
        parts.append(label)
    if hit.untrusted:
        parts.append("[UNTRUSTED]")
    parts.append(text)
    notes: list[str] = []
    if hit.replaces:
        notes.append(
            "replaces: "
            + ", ".join(f"{_gist(s.old_text)} (until {_date(s.at)})" for s in hit.replaces[:2])
        )
    if hit.entities:
        notes.append("entities: " + ", ".join(hit.entities))
    if hit.conflicts:
        refs = [f"[{number[c]}]" if c in number else c[:12] for c in hit.conflicts]
        notes.append("conflicts with " + ", ".join(refs))
    line = " ".join(parts)
    return f"{line} — {'; '.join(notes)}" if notes else line


def _state_label(hit: RecallHit, number: Mapping[NodeId, int]) -> str:
    """``[OUTDATED …]``, ``[PARTLY OUTDATED …]`` or ``[RETIRED]``; empty for a current hit."""
    if hit.status == "current":
        return ""
    if hit.status == "retired":
        return "[RETIRED]"
    first = hit.superseded_by[0] if hit.superseded_by else None
    if first is None:
        return "[PARTLY OUTDATED]" if hit.status == "partly_outdated" else "[OUTDATED]"
    by = f"[{number[first.new]}]" if first.new in number else first.new[:12]
    if hit.status == "outdated":
        return f"[OUTDATED since {_date(first.at)}: replaced by {by} {_gist(first.new_text)}]"
    return f"[PARTLY OUTDATED: {_gist(first.old_text)} replaced {_date(first.at)} by {by}]"


def _gist(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return '"' + (flat if len(flat) <= limit else flat[: limit - 1] + _ELLIPSIS) + '"'


def _date(moment: int | None) -> str:
    return "?" if moment is None else (format_us(moment) or "?")[:10]


def _interval(valid_from: int | None, valid_to: int | None) -> str:
    if valid_from is None and valid_to is None:
        return ""
    start = _day(valid_from) if valid_from is not None else "…"
    end = _day(valid_to) if valid_to is not None else "now"
    return f"{start} → {end}"


def _day(moment: int) -> str:
    text = format_us(moment) or ""
    # Midnight is a date written without a time: show it as one.
    return text[:10] if text[10:] in ("T00:00:00Z", "") else text[:16].replace("T", " ")
