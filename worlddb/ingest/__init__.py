"""Ingest: conversations and texts into worlds, through the reconciler like every write.

A session becomes a Session world containing Turn worlds (structural ``contains``), with valid
time from the message timestamps and ingest time from the clock. A text becomes a Note world.
The extractor's entities are written with ``resolve=True`` (the resolver maps them onto stored
entities or stages merge proposals); its facts become Fact worlds with ``refers_to`` edges to
their entities and ``derived_from`` edges to their turn. A fact on an older stored fact's
(subject, attribute), in the same scopes, ``supersedes`` or ``contradicts`` it as the attribute
table in ``worlddb.extract.attributes`` says (a restatement links nothing). Caller-supplied
labels (session ids) are opaque provenance: they never enter searchable content. Turns flagged
as untrusted (prompt-injection markers) are stored and searchable, and flagged along with their
Session (a Note is its own turn), but nothing is extracted from them, so they never supersede
or contradict anything; a flagged text cannot amend a memory.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from worlddb.errors import ValidationError
from worlddb.extract import is_untrusted
from worlddb.hashing import world_id
from worlddb.ingest.options import IngestOptions
from worlddb.ingest.updates import MAX_UPDATE_EDGES, StoredUpdates, fact_key, ordered_edge
from worlddb.model import Changeset, CommitResult, EdgeSpec, NodeId, WorldSpec
from worlddb.normalize import normalize_name
from worlddb.plugins import Episode, ExtractedEntity, ExtractedFact, Extraction, Extractor, Message
from worlddb.reconciler import Reconciler
from worlddb.reconciler.validate import MAX_NAME_CHARS
from worlddb.scopes import entity_salt, note_label, scope_specs

__all__ = [
    "MAX_UPDATE_EDGES",
    "IngestOptions",
    "IngestResult",
    "Ingestor",
    "fact_key",
    "within_limits",
]

logger = logging.getLogger(__name__)

ROLES = frozenset({"user", "assistant", "system", "tool"})
CONTEXT_TURNS = 4
UNTRUSTED = "untrusted"
NO_OPTIONS = IngestOptions()


@dataclass(frozen=True, slots=True)
class IngestResult:
    """What one ingest wrote. ``id`` is the memory world (Session or Note)."""

    id: NodeId
    created: bool
    turns: tuple[NodeId, ...] = ()
    entities: tuple[tuple[str, NodeId, str], ...] = ()
    facts: tuple[NodeId, ...] = ()
    proposals: tuple[str, ...] = ()
    superseded: tuple[NodeId, ...] = ()
    conflicts: tuple[tuple[NodeId, NodeId], ...] = ()
    untrusted: tuple[int, ...] = ()
    commit: CommitResult | None = field(default=None, repr=False, compare=False)


class Ingestor:
    """Turns episodes into changesets and applies them."""

    def __init__(self, reconciler: Reconciler, extractor: Extractor | None) -> None:
        self.reconciler = reconciler
        self.store = reconciler.store
        self.extractor = extractor
        self.updates = StoredUpdates(reconciler.store)

    def session(
        self,
        messages: Sequence[Message],
        *,
        occurred_at: int,
        options: IngestOptions = NO_OPTIONS,
        created_at: int | None = None,
    ) -> IngestResult:
        """Ingest one conversation session as a Session world with Turn children.

        ``created_at`` is the identity time hashed into the ids (default: ``occurred_at``); the
        same messages at the same identity time are the same session, so re-ingest is a no-op.
        """
        msgs = _check_messages(messages)
        scopes = options.scopes
        base = occurred_at if created_at is None else created_at
        # The scopes are part of every id (a Turn's name is its role, so they go in its
        # provenance): the same conversation for two users is two sessions, never one shared.
        owner = note_label(scopes or {})
        turns = [
            WorldSpec(
                type="Turn",
                name=m.role,
                content=m.content,
                created_at=(m.timestamp if m.timestamp is not None else base) + i,
                valid_from=m.timestamp if m.timestamp is not None else occurred_at,
                provenance=(owner,) if owner else (),
            )
            for i, m in enumerate(msgs)
        ]
        session = WorldSpec(
            type="Session",
            name=owner,
            children=tuple(world_id(t) for t in turns),
            created_at=base,
            valid_from=occurred_at,
        )
        return self._ingest(
            session,
            turns,
            msgs,
            occurred_at=occurred_at,
            options=options,
        )

    def text(
        self,
        text: str,
        *,
        occurred_at: int,
        options: IngestOptions = NO_OPTIONS,
        created_at: int | None = None,
        replaces: str | None = None,
    ) -> IngestResult:
        """Ingest a free text as a Note world (identity time as for ``session``).

        ``replaces`` names a stored memory the note supersedes, in the same changeset: an
        amendment lands whole or not at all.
        """
        if not isinstance(text, str) or not text.strip():
            raise ValidationError("text must be a non-empty string", field="text", value=text)
        note = WorldSpec(
            type="Note",
            name=note_label(options.scopes),
            content=text,
            created_at=occurred_at if created_at is None else created_at,
            valid_from=occurred_at,
        )
        msgs = (Message("user", text, occurred_at),)
        return self._ingest(
            note,
            [],
            msgs,
            occurred_at=occurred_at,
            options=options,
            replaces=replaces,
        )

    # -- the shared path ------------------------------------------------------------------------
    def _ingest(
        self,
        memory: WorldSpec,
        turns: list[WorldSpec],
        msgs: tuple[Message, ...],
        *,
        occurred_at: int,
        options: IngestOptions,
        replaces: str | None = None,
    ) -> IngestResult:
        scopes, label, metadata = options.scopes, options.label, options.metadata
        entities, facts = options.entities, options.facts
        provenance = tuple(_provenance(label, metadata))
        memory = replace(memory, provenance=provenance)
        mem_id = world_id(memory)
        if self.store.exists(mem_id):
            scope_edges = tuple(
                EdgeSpec("contains", world_id(s), mem_id) for s in scope_specs(scopes or {})
            )
            # The stored memory keeps its validity: seeing it again later must not move its start.
            again = replace(memory, valid_from=None, valid_to=None)
            commit = self.reconciler.apply(
                Changeset(worlds=(again, *scope_specs(scopes or {})), edges=scope_edges)
            )
            return IngestResult(id=mem_id, created=False, commit=commit)
        extraction = self._extract(msgs, occurred_at)
        untrusted = _untrusted(msgs, extraction)
        if untrusted and replaces is not None:
            raise ValidationError(
                "the amended text carries prompt-injection markers; it is not allowed to "
                "replace a memory",
                field="text",
                value=msgs[0].content[:80],
            )
        for index in untrusted if turns else ():
            turns[index] = replace(turns[index], flags=frozenset({UNTRUSTED}))
        if untrusted:
            # The memory (a Note, or a Session holding a flagged turn) carries the flag too, so
            # that every surface listing memories shows it without reading their turns.
            memory = replace(memory, flags=frozenset({UNTRUSTED}))
            mem_id = world_id(memory)
            if not turns:  # a Note is its one turn: nothing in or about it is taken as given
                entities, facts = (), ()
                extraction = replace(extraction, entities=(), facts=(), edges=())
        sources = [world_id(t) for t in turns] or [mem_id]
        ent_specs = {
            normalize_name(e.name): _entity_spec(e, occurred_at, scopes)
            for e in (*extraction.entities, *entities)
            if normalize_name(e.name)
        }
        fact_ids: dict[str, NodeId] = {}  # extraction key -> fact id
        merged: dict[NodeId, WorldSpec] = {}  # fact id -> spec, keys of same-text claims merged
        edges: list[EdgeSpec] = []
        owner = note_label(scopes or {})
        # Nothing is taken from an untrusted turn (a Note is one turn), whatever the extractor
        # did or the caller passed in: no fact, so no supersedes or contradicts edge either.
        all_facts = [
            f
            for f in (*extraction.facts, *facts)
            if f.turn_index is None or f.turn_index not in untrusted
        ]
        for fact in all_facts:
            spec = _fact_spec(fact, msgs, occurred_at, owner)
            if spec is None:
                continue
            fid = world_id(spec)
            same = merged.get(fid)
            if same is not None:
                # One sentence, two claims with one text ("I'm an accountant at KPMG": a job
                # title and an employer) is one Fact world that answers to both keys.
                spec = replace(same, aliases=tuple(dict.fromkeys((*same.aliases, *spec.aliases))))
            merged[fid] = spec
            fact_ids[fact.key] = fid
            turn_src = (
                sources[fact.turn_index]
                if fact.turn_index is not None and 0 <= fact.turn_index < len(sources)
                else sources[0]
            )
            edges.append(EdgeSpec("derived_from", fid, turn_src))
            for name in fact.entities:
                ent = ent_specs.setdefault(
                    normalize_name(name), _entity_spec(ExtractedEntity(name), occurred_at, scopes)
                )
                edges.append(EdgeSpec("refers_to", fid, world_id(ent)))
        fact_specs = {key: merged[fid] for key, fid in fact_ids.items()}
        for ex_edge in extraction.edges:
            a, b = fact_specs.get(ex_edge.source), fact_specs.get(ex_edge.target)
            if a is not None and b is not None and a != b:
                edges.append(ordered_edge(ex_edge.type, a, b))
        edges += self.updates.edges(all_facts, fact_specs, scopes)
        if replaces is not None:
            edges.append(EdgeSpec("supersedes", mem_id, replaces))
        scope_worlds = scope_specs(scopes or {})
        for scope in scope_worlds:
            sid = world_id(scope)
            edges += [
                EdgeSpec("contains", sid, wid)
                for wid in (
                    mem_id,
                    *merged,
                    *(world_id(e) for e in ent_specs.values()),
                )
            ]
        worlds = (*turns, memory, *ent_specs.values(), *merged.values(), *scope_worlds)
        commit = self.reconciler.apply(Changeset(worlds=worlds, edges=tuple(edges), source=None))
        ent_out = tuple(
            (
                e.name,
                commit.ids[world_id(e)],
                commit.resolutions.get(
                    world_id(e), ("exact" if world_id(e) in commit.existing else "new", 1.0)
                )[0],
            )
            for e in ent_specs.values()
        )
        return IngestResult(
            id=mem_id,
            created=mem_id in commit.created,
            turns=tuple(world_id(t) for t in turns),
            entities=ent_out,
            facts=tuple(commit.ids[fid] for fid in merged),
            proposals=commit.proposals,
            superseded=commit.closed,
            conflicts=commit.conflicts,
            untrusted=tuple(sorted(untrusted)),
            commit=commit,
        )

    def _extract(self, msgs: tuple[Message, ...], occurred_at: int) -> Extraction:
        if self.extractor is None:
            return Extraction()
        return within_limits(
            self.extractor.extract(Episode(messages=msgs, occurred_at=occurred_at))
        )


def _untrusted(msgs: Sequence[Message], extraction: Extraction) -> frozenset[int]:
    """Indices of the messages with prompt-injection markers.

    The extractor's verdict is joined with the detector's own, so that a store opened with no
    extractor, or with a plug-in that does not look for injections, still flags them.
    """
    flagged = {i for i in extraction.untrusted if 0 <= i < len(msgs)}
    flagged |= {i for i, m in enumerate(msgs) if i not in flagged and is_untrusted(m.content)}
    return frozenset(flagged)


def within_limits(extraction: Extraction) -> Extraction:
    """``extraction`` without the names a world could not hold (over ``MAX_NAME_CHARS``).

    Extraction is best effort and its output untrusted: an entity name the reconciler would
    refuse must cost that entity (and its mentions), never the session's turns. Dropped names
    are logged; facts stay, without the oversized mention (update keys are normalised names,
    which ``normalize_name`` already bounds).
    """

    def fits(name: str | None) -> bool:
        return name is None or len(" ".join(name.split())) <= MAX_NAME_CHARS

    entities = tuple(e for e in extraction.entities if fits(e.name) and all(map(fits, e.aliases)))
    facts = tuple(
        replace(f, entities=tuple(n for n in f.entities if fits(n))) for f in extraction.facts
    )
    dropped = len(extraction.entities) - len(entities)
    pairs = zip(extraction.facts, facts, strict=True)
    dropped += sum(len(a.entities) - len(b.entities) for a, b in pairs)
    if dropped:
        logger.warning(
            "ingest: dropped %d extracted names over %d characters", dropped, MAX_NAME_CHARS
        )
    return replace(extraction, entities=entities, facts=facts)


def _entity_spec(
    entity: ExtractedEntity, first_seen: int, scopes: Mapping[str, str] | None = None
) -> WorldSpec:
    """An entity to resolve, valid from this mention: no past view shows it before it was named.

    The reconciler applies a resolvable world's validity only when it creates it, so a later
    mention never moves an entity's start (and an earlier one, arriving late, cannot widen it).
    Its identity time is the scopes' salt (``entity_salt``): "Maria" written for alice is not,
    by content address, the "Maria" bob wrote, so only resolution (within alice's scopes) can
    map it onto a stored entity.
    """
    name = " ".join(entity.name.split())
    return WorldSpec(
        type=entity.type or "Entity",
        name=name,
        created_at=entity_salt(scopes or {}),
        aliases=tuple(a for a in entity.aliases if a.strip()),
        valid_from=first_seen,
        resolve=True,
    )


def _fact_spec(
    fact: ExtractedFact, msgs: tuple[Message, ...], occurred_at: int, owner: str = ""
) -> WorldSpec | None:
    """The Fact world for ``fact``; ``owner`` (its memory's scope label, a Fact's name being a
    label) keeps the same claim made for two users two facts, each with its own fate."""
    text = " ".join(fact.text.split())
    if not text:
        return None
    turn_time = occurred_at
    if fact.turn_index is not None and 0 <= fact.turn_index < len(msgs):
        turn_time = msgs[fact.turn_index].timestamp or occurred_at
    valid_from = fact.valid_from if fact.valid_from is not None else turn_time
    valid_to = fact.valid_to if fact.valid_to is not None and fact.valid_to > valid_from else None
    aliases = (fact_key(fact.subject, fact.attribute),) if fact.subject and fact.attribute else ()
    return WorldSpec(
        type="Fact",
        name=owner,
        content=text,
        created_at=turn_time,
        valid_from=valid_from,
        valid_to=valid_to,
        aliases=aliases,
    )


def _provenance(label: str | None, metadata: Mapping[str, str] | None) -> list[str]:
    out = [f"label:{label}"] if label else []
    for key, value in sorted((metadata or {}).items()):
        if not isinstance(key, str) or not isinstance(value, str):
            raise ValidationError(
                "metadata keys and values must be strings", field="metadata", value=(key, value)
            )
        out.append(f"meta:{key}={value}")
    return out


def _check_messages(messages: Sequence[Message]) -> tuple[Message, ...]:
    if not messages:
        raise ValidationError(
            "a session needs at least one message", field="messages", value=messages
        )
    out: list[Message] = []
    for i, msg in enumerate(messages):
        if not isinstance(msg, Message):
            raise ValidationError(f"message #{i} must be a Message", field="messages", value=msg)
        if msg.role not in ROLES:
            raise ValidationError(
                f"message #{i}: role {msg.role!r} must be one of {', '.join(sorted(ROLES))}",
                field="role",
                value=msg.role,
            )
        if not isinstance(msg.content, str):
            raise ValidationError(
                f"message #{i}: content must be a string", field="content", value=msg.content
            )
        out.append(msg)
    return tuple(out)
