"""The deterministic, model-free extractor: entities, first-person facts, dates and update edges.

``OfflineExtractor`` is the default ``Extractor``: it needs no network and no model, gives the
same output for the same episode, and is fast enough to run inline on ingest (thousands of
short messages a second on one core). It reads every trusted message for entities and dates,
and reads facts only from user messages, since assistant turns restate and speculate. Messages
with prompt-injection markers go to ``Extraction.untrusted`` and are not read at all.

Edges are proposed only between facts of the same episode. A later fact with the same
``(subject, attribute)`` and a different value *supersedes* the earlier one when a change cue
("now", "moved", "no longer", "used to"...) marks the update; without a cue, two values of a
single-valued attribute (``lives_in``, ``works_at``...) *contradict* each other. Facts that
update something already in the store carry ``change_cue`` so that ingest can find the older
fact there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from worlddb.errors import ValidationError
from worlddb.extract.dates import DateSpan, find_dates
from worlddb.extract.entities import AliasIndex, Mention, find_mentions
from worlddb.extract.facts import RawFact, find_facts, is_single_valued
from worlddb.extract.injection import find_injection_markers
from worlddb.plugins import Episode, ExtractedEdge, ExtractedEntity, ExtractedFact, Extraction

__all__ = ["OfflineExtractor", "propose_edges"]

logger = logging.getLogger(__name__)

USER_ROLES: Final = frozenset({"user", "human"})
# Cues that mark an update whatever the attribute; "new" alone only counts for single-valued
# attributes ("my new job at X" replaces the old job, "a new bike" does not replace the car).
STRONG_CUES: Final = frozenset(
    {"now", "anymore", "any more", "switched", "switching", "moved", "moving", "no longer",
     "changed", "instead", "used to", "these days", "nowadays", "turned"}
)  # fmt: skip
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


def _norm_value(value: str | None) -> str:
    return " ".join((value or "").lower().split())


def propose_edges(facts: Sequence[ExtractedFact], past: Sequence[bool] = ()) -> list[ExtractedEdge]:
    """Propose ``supersedes``/``contradicts`` edges between facts of one extraction.

    A fact is compared with the latest earlier fact of the same ``(subject, attribute)`` that is
    still live (not negated, not already superseded here). The newer of the two is the later
    one, unless the later one is marked ``past`` ("I used to live in Boston"); ``past`` lines up
    with ``facts``. A negated restatement of the same value ("I don't work at Acme anymore")
    supersedes it; a negation of some other value says nothing about the live one.
    """
    live: dict[tuple[str | None, str], _FactMeta] = {}
    edges: list[ExtractedEdge] = []
    for i, fact in enumerate(facts):
        if fact.attribute is None:
            continue
        meta = _FactMeta(fact, i < len(past) and past[i])
        slot = (fact.subject, fact.attribute)
        earlier = live.get(slot)
        if earlier is None:
            if not fact.negated:
                live[slot] = meta
            continue
        new, old = (earlier, meta) if meta.past and not earlier.past else (meta, earlier)
        same_value = _norm_value(new.fact.value) == _norm_value(old.fact.value)
        evidence = f"{old.fact.text} | {new.fact.text}"
        single = is_single_valued(fact.attribute)
        cue = new.fact.change_cue
        if new.fact.negated:
            if same_value:
                edges.append(ExtractedEdge("supersedes", new.fact.key, old.fact.key, evidence))
                del live[slot]
            continue
        if old.fact.negated or same_value:
            live[slot] = new
            continue
        if old.past or cue in STRONG_CUES or (cue == "new" and single):
            edges.append(ExtractedEdge("supersedes", new.fact.key, old.fact.key, evidence))
        elif single:
            edges.append(ExtractedEdge("contradicts", new.fact.key, old.fact.key, evidence))
        live[slot] = new
    return edges


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
            for raw in raw_facts:
                facts.append(_to_fact(raw, f"f{len(facts)}", index, reference, spans, mentions))
                past.append(raw.past)
        merged, renames = _merge_short_names(entities)
        if renames:
            facts = [_rename_entities(f, renames) for f in facts]
        return Extraction(
            entities=merged,
            facts=tuple(facts),
            edges=tuple(propose_edges(facts, past)),
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
) -> ExtractedFact:
    stated = next((s.us for s in spans if raw.start <= s.start < raw.end), None)
    names = tuple(dict.fromkeys(m.name for m in mentions if raw.start <= m.start < raw.end))
    return ExtractedFact(
        key=key,
        text=raw.text,
        entities=names,
        valid_from=stated if stated is not None else reference,
        turn_index=index,
        subject=SUBJECT_USER,
        attribute=raw.attribute,
        value=raw.value,
        change_cue=raw.change_cue,
        negated=raw.negated,
    )
