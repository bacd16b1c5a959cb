"""Which stored facts a new fact updates: ``supersedes`` / ``contradicts`` edges to the past.

A fact on a stored fact's (subject, attribute), in the same scopes, supersedes or contradicts it
as the attribute table in ``worlddb.extract.attributes`` says; a restatement links nothing.
Kept apart from the rest of ingest because it is the one part that reads the store to decide a
write: the candidates come from one alias lookup per (subject, attribute), filtered by scope.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from worlddb.extract import attribute_kind, statement_of, stored_update_kind
from worlddb.hashing import world_id
from worlddb.model import EdgeSpec, World, WorldSpec
from worlddb.normalize import normalize_name
from worlddb.plugins import ExtractedFact
from worlddb.scopes import scope_specs
from worlddb.store.protocols import Store

__all__ = ["MAX_UPDATE_EDGES", "StoredUpdates", "fact_key", "ordered_edge"]

MAX_UPDATE_EDGES: Final = 16
"""Most update edges one new fact may write: a value stated against many stored ones cannot
write a quadratic number of contradictions."""


def fact_key(subject: str, attribute: str) -> str:
    """The alias under which a fact's (subject, attribute) is indexed for update detection."""
    return normalize_name(f"{subject}::{attribute}")


class StoredUpdates:
    """Finds the stored facts a write's new facts update (read-only; the reconciler writes)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def edges(
        self,
        facts: Sequence[ExtractedFact],
        specs: Mapping[str, WorldSpec],
        scopes: Mapping[str, str] | None = None,
    ) -> list[EdgeSpec]:
        """supersedes / contradicts edges between new facts and stored facts on one attribute.

        Only stored facts the write's scopes can see are candidates (``_open_candidates``): one
        user's statement never closes another's. The stored sentence is re-read for its value,
        and ``update_kind`` decides by the attribute table: a later different value of a mutable
        attribute (city, employer) supersedes, an immutable one (birthday) contradicts, a
        multi-valued one (likes) is closed only by a negation or "used to" of the same value,
        and a restatement or partial mention ("Sarah" for "Sarah Connor") links nothing. The
        edge points from the later fact to the earlier one in valid time, so sessions that
        arrive out of date order still close the right interval.
        """
        edges: list[EdgeSpec] = []
        required = _required_scopes(scopes or {})
        for fact in facts:
            spec = specs.get(fact.key)
            if spec is None or not fact.subject or not fact.attribute:
                continue
            new = statement_of(fact)
            if attribute_kind(fact.attribute) == "multi" and not (new.negated or new.past):
                continue  # a new like, hobby or purchase closes nothing: skip reading them all
            key = fact_key(fact.subject, fact.attribute)
            linked = 0
            for old in self._open_candidates(key, world_id(spec), required):
                kind = stored_update_kind(
                    fact.attribute, old, new, said_at=spec.created_at, valid_from=spec.valid_from
                )
                if kind is not None:
                    edges.append(ordered_edge(kind, spec, _as_spec_time(old.valid_from), old.id))
                    linked += 1
                    if linked >= MAX_UPDATE_EDGES:
                        break
        return edges

    def _open_candidates(self, key: str, own: str, required: frozenset[str]) -> list[World]:
        """Open stored facts under ``key`` that the write's scopes see, newest first.

        One indexed read (``StoreReads.open_worlds_named``): a fact qualifies when it belongs to
        every scope in ``required`` (none: unscoped facts only).
        """
        return [w for w in self.store.open_worlds_named(key, ["Fact"], required) if w.id != own]


def _required_scopes(scopes: Mapping[str, str]) -> frozenset[str]:
    """The scopes a stored fact must share to be updated by a write under ``scopes``.

    A run is one conversation: a later run of the same user updates facts of an earlier one, so
    ``run_id`` is required only when the write names nothing else.
    """
    owners = {k: v for k, v in scopes.items() if k != "run_id"} or dict(scopes)
    return frozenset(world_id(spec) for spec in scope_specs(owners))


def _as_spec_time(valid_from: int | None) -> WorldSpec:
    return WorldSpec(type="Fact", valid_from=valid_from)


def ordered_edge(kind: str, new: WorldSpec, old: WorldSpec, old_id: str | None = None) -> EdgeSpec:
    """An edge from the newer fact to the older one in valid time (out-of-order safe)."""
    new_id, target = world_id(new), old_id or world_id(old)
    if (
        kind == "supersedes"
        and new.valid_from is not None
        and old.valid_from is not None
        and new.valid_from < old.valid_from
    ):
        return EdgeSpec(kind, target, new_id)
    return EdgeSpec(kind, new_id, target)
