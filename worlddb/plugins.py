"""Plug-in protocols: Embedder, Extractor, Summarizer, and the value objects they exchange.

Plug-ins are passed to ``WorldDB`` by constructor injection; entry points (groups
``worlddb.embedders``, ``worlddb.extractors``, ``worlddb.summarizers``, ``worlddb.edge_handlers``)
are only consulted when asked. All methods are synchronous and batch-shaped; they are called from
the engine's writer thread, never concurrently on one instance, and must not touch the store.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Literal, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from worlddb.errors import PluginError, ValidationError

__all__ = [
    "Embedder",
    "Episode",
    "ExtractedEdge",
    "ExtractedEntity",
    "ExtractedFact",
    "Extraction",
    "Extractor",
    "Message",
    "Summarizer",
    "Vectors",
    "check_texts",
    "load_plugin",
]

logger = logging.getLogger(__name__)

Vectors = npt.NDArray[np.float32]


def check_texts(texts: Sequence[str]) -> None:
    """Refuse what an embedder cannot take: a bare string (not a batch) or non-str items."""
    if isinstance(texts, str | bytes):
        raise ValidationError(
            f"expected a sequence of texts, got a single {type(texts).__name__} {texts[:40]!r}",
            field="texts",
            value=texts,
        )
    for text in texts:
        if not isinstance(text, str):
            raise ValidationError(
                f"texts must be str, got {type(text).__name__} {repr(text)[:60]}",
                field="texts",
                value=text,
            )


@runtime_checkable
class Embedder(Protocol):
    """Map texts to L2-normalised float32 vectors of a fixed width.

    ``key`` names provider, model, dimension and revision (``"onnx:all-MiniLM-L6-v2:384:int8-1"``);
    it is stored in the database, and opening a store with a different key is refused. Documents
    and queries have separate methods because some models embed them differently. Long texts must
    be chunked, never truncated. Called in batches from the writer thread; may raise
    ``PluginError``; must be deterministic for the same input batch.
    """

    @property
    def key(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    def embed_documents(self, texts: Sequence[str], /) -> Vectors: ...

    def embed_queries(self, texts: Sequence[str], /) -> Vectors: ...


@dataclass(frozen=True, slots=True)
class Message:
    """One conversation message. ``timestamp`` is microseconds UTC or ``None`` (the episode's)."""

    role: str
    content: str
    timestamp: int | None = None


@dataclass(frozen=True, slots=True)
class Episode:
    """What an extractor reads: the new messages, the episode time, and recent context turns."""

    messages: tuple[Message, ...]
    occurred_at: int
    context: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class ExtractedEntity:
    """An entity mention. ``type`` is Person, Organization, Place, Product, Tool or Entity."""

    name: str
    type: str = "Entity"
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ExtractedFact:
    """A fact sentence about some entities, with its valid time when the text states it.

    ``key`` is a label local to one extraction (edges refer to facts by it). ``subject``,
    ``attribute`` and ``value`` are a normalised reading of the sentence ("user", "lives_in",
    "Denver") that lets ingest find the older fact a new one updates; ``change_cue`` is the word
    that signalled an update ("now", "moved", "no longer"...), if any. ``turn_index`` points into
    ``Episode.messages``.
    """

    key: str
    text: str
    entities: tuple[str, ...] = ()
    valid_from: int | None = None
    valid_to: int | None = None
    turn_index: int | None = None
    subject: str | None = None
    attribute: str | None = None
    value: str | None = None
    change_cue: str | None = None
    negated: bool = False


@dataclass(frozen=True, slots=True)
class ExtractedEdge:
    """A typed edge between two facts of the same extraction (by ``ExtractedFact.key``)."""

    type: str
    source: str
    target: str
    evidence: str = ""


@dataclass(frozen=True, slots=True)
class Extraction:
    """What an extractor found in one episode. ``untrusted`` lists message indices that carried
    prompt-injection markers: they are stored and searchable but nothing is extracted from them."""

    entities: tuple[ExtractedEntity, ...] = ()
    facts: tuple[ExtractedFact, ...] = ()
    edges: tuple[ExtractedEdge, ...] = ()
    untrusted: tuple[int, ...] = ()
    dates: tuple[tuple[str, int], ...] = field(default=())


@runtime_checkable
class Extractor(Protocol):
    """Turn an episode into entities, facts and edges. May call a model; never touches the store.

    Called once per episode on the writer thread. Should not raise for odd text: return an empty
    ``Extraction`` instead. A model-backed extractor raises ``PluginError`` on failure so that the
    caller can fall back without losing the episode.
    """

    def extract(self, episode: Episode, /) -> Extraction: ...


@runtime_checkable
class Summarizer(Protocol):
    """Produce a short summary of a world from its children's texts (used when compacting)."""

    def summarize(self, texts: Sequence[str], /) -> str: ...


PluginKind = Literal["embedder", "extractor", "summarizer"]


def load_plugin(kind: PluginKind, name: str) -> object:
    """Load entry point ``name`` from group ``worlddb.<kind>s`` and check it fits the protocol."""
    protocol: type = {"embedder": Embedder, "extractor": Extractor, "summarizer": Summarizer}[kind]
    group = f"worlddb.{kind}s"
    matches = [ep for ep in entry_points(group=group) if ep.name == name]
    if not matches:
        raise PluginError(f"no {kind} plug-in named {name!r} in entry-point group {group!r}")
    try:
        factory = matches[0].load()
        plugin = factory()
    except Exception as exc:  # the loader is one of the three places allowed to catch broadly
        logger.exception("loading %s plug-in %r failed", kind, name)
        raise PluginError(f"{kind} plug-in {name!r} failed to load: {exc}") from exc
    if not isinstance(plugin, protocol):
        raise PluginError(f"{kind} plug-in {name!r} does not implement the {kind} protocol")
    return plugin
