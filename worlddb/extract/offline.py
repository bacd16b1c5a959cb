"""The deterministic, model-free extractor: entities, first-person facts, dates and update edges.

``OfflineExtractor`` is the default ``Extractor``: it needs no network and no model, gives the
same output for the same episode, and is fast enough to run inline on ingest (thousands of
short messages a second on one core). It reads every trusted message for entities and dates,
and reads facts only from user messages, since assistant turns restate and speculate. Messages
with prompt-injection markers go to ``Extraction.untrusted`` and are not read at all.

Edges are proposed only between facts of the same episode, by the attribute table in
``worlddb.extract.attributes``: a later different value of a mutable attribute (city, employer,
manager, diet) *supersedes* the earlier one; two values of an immutable one (birthday,
birthplace) *contradict*; multi-valued attributes (likes, owns, visited) are closed only by a
negation or "used to" of the same value; a restatement or partial mention never closes.

A fact is valid from the time it was said. A date inside the sentence is the time of the event
it names ("my birthday is March 3rd"), and starts the fact's validity only when the sentence
dates the change itself ("I moved to Denver on June 2", "since March I live in Denver").
"""

from __future__ import annotations

import logging
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from worlddb.errors import ValidationError
from worlddb.extract.attributes import Statement, is_single_valued, same_value, update_kind
from worlddb.extract.dates import DateSpan, find_dates
from worlddb.extract.entities import AliasIndex, Mention, find_mentions
from worlddb.extract.fact_patterns import CHANGE_VERB, SINCE_BEFORE
from worlddb.extract.facts import RawFact, find_facts
from worlddb.extract.injection import find_injection_markers
from worlddb.plugins import Episode, ExtractedEdge, ExtractedEntity, ExtractedFact, Extraction

__all__ = ["OfflineExtractor", "propose_edges"]

logger = logging.getLogger(__name__)

USER_ROLES: Final = frozenset({"user", "human"})
SUBJECT_USER: Final = "user"


@dataclass
class _EntityAcc:
    name: str
    type: str
    aliases: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _FactMeta:
    fact: ExtractedFact
    past: bool
    said_at: int | None
    additive: bool

    def statement(self) -> Statement:
        return Statement(
            self.fact.value, self.fact.negated, self.past, self.fact.change_cue, self.additive
        )


MAX_LIVE_VALUES: Final = 32
"""Most live values of one multi-valued attribute a new statement is compared with."""


def propose_edges(
    facts: Sequence[ExtractedFact],
    past: Sequence[bool] = (),
    said_at: Sequence[int | None] = (),
    additive: Sequence[bool] = (),
) -> list[ExtractedEdge]:
    """Propose ``supersedes``/``contradicts`` edges between facts of one extraction.

    A fact is compared with the latest earlier fact of the same ``(subject, attribute)`` that is
    still live (not negated, not already superseded here); ``update_kind`` decides by
    the attribute's kind (immutable, mutable, multi-valued). A negated or past statement closes
    only the same value ("I used to live in Boston" says nothing about Denver). ``past``,
    ``said_at`` (the message time: values said at different times are a change, in one breath a
    conflict) and ``additive`` ("also", "too") line up with ``facts``.
    """
    live: dict[tuple[str | None, str], list[_FactMeta]] = {}
    edges: list[ExtractedEdge] = []
    for i, fact in enumerate(facts):
        if fact.attribute is None:
            continue
        meta = _FactMeta(
            fact,
            i < len(past) and past[i],
            said_at[i] if i < len(said_at) else None,
            i < len(additive) and additive[i],
        )
        slot = (fact.subject, fact.attribute)
        earlier = live.get(slot, [])
        if not earlier:
            if not fact.negated:  # a past value stays live until a newer one closes it
                live[slot] = [meta]
            continue
        single = is_single_valued(fact.attribute)
        closed = [old for old in _compared(earlier, single) if _link(meta, old, edges)]
        remaining = [old for old in earlier if old not in closed]
        if fact.negated or meta.past:
            live[slot] = remaining
        elif single:
            live[slot] = [meta]
        else:
            # The latest ``MAX_LIVE_VALUES`` only: a long message repeating one value stays
            # linear instead of comparing every pair.
            live[slot] = [*remaining, meta][-MAX_LIVE_VALUES:]
    return edges


def _compared(earlier: list[_FactMeta], single: bool) -> list[_FactMeta]:
    """The live facts a new one is compared with: the latest value, or every value (multi)."""
    return earlier[-1:] if single else earlier[::-1]


def _link(new: _FactMeta, old: _FactMeta, edges: list[ExtractedEdge]) -> bool:
    """Append the edge ``new`` owes ``old`` (if any); whether ``old`` is closed by it."""
    if _past_in_one_breath(new, old):
        # "I live in Denver now. I used to live in Boston.": the current value closes the past
        # one. Only within one message: across messages the later (past) statement's time
        # would come after the current one's and the edge could not point back.
        evidence = f"{new.fact.text} | {old.fact.text}"
        edges.append(ExtractedEdge("supersedes", old.fact.key, new.fact.key, evidence))
        return False
    attribute = new.fact.attribute or ""
    later = new.said_at != old.said_at
    kind = update_kind(attribute, old.statement(), new.statement(), later=later)
    if kind == "supersedes" and _dated_before(new, old):
        kind = "contradicts"  # said later, dated earlier: two accounts of one time
    if kind is not None:
        evidence = f"{old.fact.text} | {new.fact.text}"
        edges.append(ExtractedEdge(kind, new.fact.key, old.fact.key, evidence))
    return kind == "supersedes"


def _dated_before(new: _FactMeta, old: _FactMeta) -> bool:
    """Said after ``old`` but dated before it began ("vegan since January", said in April)."""
    return (
        new.said_at is not None
        and old.said_at is not None
        and new.said_at > old.said_at
        and new.fact.valid_from is not None
        and old.fact.valid_from is not None
        and new.fact.valid_from < old.fact.valid_from
    )


def _past_in_one_breath(new: _FactMeta, old: _FactMeta) -> bool:
    """A past other value of a single-valued attribute said in the same message as a live one."""
    return (
        new.past
        and not old.past
        and not new.fact.negated
        and new.said_at == old.said_at
        and is_single_valued(new.fact.attribute or "")
        and not same_value(new.fact.value, old.fact.value)
    )


class OfflineExtractor:
    """Rule-based ``Extractor``: deterministic, offline, and never raises on odd text.

    Args:
        known_aliases: Called once per episode; returns ``(alias, entity type)`` pairs for the
            names already in the store, so that they are recognised in any case ("acme" finds
            "Acme Corp"). The index is rebuilt only when the returned pairs change.
    """

    def __init__(
        self, known_aliases: Callable[[], Iterable[tuple[str, str]]] | None = None
    ) -> None:
        """Create the extractor; ``known_aliases`` is optional."""
        self._known_aliases = known_aliases
        self._alias_key: tuple[tuple[str, str], ...] = ()
        self._aliases = AliasIndex(())
        self._alias_names: dict[str, str] = {}

    def _alias_index(self) -> AliasIndex:
        if self._known_aliases is None:
            return self._aliases
        pairs = tuple(self._known_aliases())
        if pairs != self._alias_key:
            self._alias_key = pairs
            self._aliases = AliasIndex(pairs)
            self._alias_names = {" ".join(a.lower().split()): a for a, _ in reversed(pairs)}
        return self._aliases

    def _known_name(self, phrase: str) -> str | None:
        return self._alias_names.get(" ".join(phrase.lower().split()))

    def extract(self, episode: Episode, /) -> Extraction:
        """Read one episode; see the module docstring for what is extracted and why."""
        aliases = self._alias_index()
        entities: dict[str, _EntityAcc] = {}
        facts: list[ExtractedFact] = []
        past: list[bool] = []
        said_at: list[int | None] = []
        additive: list[bool] = []
        dates: list[tuple[str, int]] = []
        untrusted: list[int] = []
        for index, message in enumerate(episode.messages):
            text = message.content
            if find_injection_markers(text):
                logger.info("message %d carries prompt-injection markers; not extracted", index)
                untrusted.append(index)
                continue
            reference = message.timestamp if message.timestamp is not None else episode.occurred_at
            spans = _safe_dates(text, reference)
            dates.extend((span.text, span.us) for span in spans)
            mentions = find_mentions(
                text, aliases=aliases, exclude=[(s.start, s.end) for s in spans]
            )
            for mention in mentions:
                _add_entity(entities, mention)
            if message.role.lower() not in USER_ROLES:
                continue
            raw_facts = find_facts(
                text, cut_points=[s.start for s in spans], known=self._known_name
            )
            # Each clause looks only at the spans and mentions inside it (bisect, not a scan):
            # a long message with many facts stays linear.
            by_start = sorted(mentions, key=lambda m: m.start)
            mention_starts = [m.start for m in by_start]
            span_starts = [s.start for s in spans]
            for raw in raw_facts:
                here = by_start[
                    bisect_left(mention_starts, raw.start) : bisect_left(mention_starts, raw.end)
                ]
                dated = spans[
                    bisect_left(span_starts, raw.start) : bisect_left(span_starts, raw.end)
                ]
                facts.append(_to_fact(raw, f"f{len(facts)}", index, reference, dated, here, text))
                past.append(raw.past)
                said_at.append(reference)
                additive.append(raw.additive)
        merged, renames = _merge_short_names(entities)
        if renames:
            facts = [_rename_entities(f, renames) for f in facts]
        return Extraction(
            entities=merged,
            facts=tuple(facts),
            edges=tuple(propose_edges(facts, past, said_at, additive)),
            untrusted=tuple(untrusted),
            dates=tuple(dates),
        )


def _safe_dates(text: str, reference: int) -> tuple[DateSpan, ...]:
    try:
        return find_dates(text, reference)
    except ValidationError:
        logger.warning("reference time %r is out of range; dates not resolved", reference)
        return ()


def _add_entity(entities: dict[str, _EntityAcc], mention: Mention) -> None:
    key = " ".join(mention.name.lower().split())
    found = entities.get(key)
    if found is None:
        found = entities[key] = _EntityAcc(mention.name, mention.type)
    elif found.type == "Entity" and mention.type != "Entity":
        found.type = mention.type
    found.aliases += [a for a in mention.aliases if a not in found.aliases]


def _merge_short_names(
    entities: dict[str, _EntityAcc],
) -> tuple[tuple[ExtractedEntity, ...], dict[str, str]]:
    """Fold "Ana" into "Ana Lopez" when the episode names exactly one person that way."""
    renames: dict[str, str] = {}
    long_people = [e for e in entities.values() if e.type == "Person" and " " in e.name]
    for key, acc in list(entities.items()):
        if " " in acc.name or acc.type not in ("Person", "Entity"):
            continue
        owners = [
            p for p in long_people if key in (p.name.lower().split()[0], p.name.lower().split()[-1])
        ]
        if len(owners) == 1:
            owners[0].aliases.append(acc.name)
            renames[acc.name] = owners[0].name
            del entities[key]
    merged = tuple(ExtractedEntity(e.name, e.type, tuple(e.aliases)) for e in entities.values())
    return merged, renames


def _rename_entities(fact: ExtractedFact, renames: dict[str, str]) -> ExtractedFact:
    names = tuple(dict.fromkeys(renames.get(name, name) for name in fact.entities))
    if names == fact.entities:
        return fact
    return ExtractedFact(
        key=fact.key, text=fact.text, entities=names, valid_from=fact.valid_from,
        valid_to=fact.valid_to, turn_index=fact.turn_index, subject=fact.subject,
        attribute=fact.attribute, value=fact.value, change_cue=fact.change_cue,
        negated=fact.negated,
    )  # fmt: skip


def _to_fact(
    raw: RawFact,
    key: str,
    index: int,
    reference: int,
    spans: tuple[DateSpan, ...],
    mentions: list[Mention],
    text: str,
) -> ExtractedFact:
    names = tuple(dict.fromkeys(m.name for m in mentions if raw.start <= m.start < raw.end))
    cue = "used to" if raw.past else raw.change_cue  # "switched from X": X is in the past
    return ExtractedFact(
        key=key,
        text=raw.text,
        entities=names,
        valid_from=_change_date(raw, spans, text) or reference,
        turn_index=index,
        subject=SUBJECT_USER,
        attribute=raw.attribute,
        value=raw.value,
        change_cue=cue,
        negated=raw.negated,
    )


def _change_date(raw: RawFact, spans: tuple[DateSpan, ...], text: str) -> int | None:
    """The date the clause gives the change itself, or ``None`` (the fact starts when said).

    "I moved to Denver on June 2" and "Since March I live in Denver" date the change; "My
    birthday is March 3rd" and "I'm flying to Tokyo on April 10" name an event, which is not
    when the fact began to hold.
    """
    dated_change = bool(CHANGE_VERB.search(raw.predicate))
    for span in spans:
        if not raw.start <= span.start < raw.end:
            continue
        if dated_change or SINCE_BEFORE.search(text[raw.start : span.start].lower()):
            return span.us
    return None
