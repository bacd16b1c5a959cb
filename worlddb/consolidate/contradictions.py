"""The contradiction sweep: a subject with two open values of a functional relation.

Users say which relations hold one value at a time (``lives_in``, ``birthday``) by registering
them in a ``FunctionalRelations`` instance handed to the consolidator (the CLI's
``--functional``). A fact is on relation ``r`` of subject ``s`` when it carries the alias
``fact_key(s, r)`` (``"user::lives_in"``), which is how ingest indexes every extracted claim.

For each fact written since the last run, the sweep reads the other open facts on the same key
in the same scopes (one indexed read); when two state different values (``same_value`` from
the extractor's attribute reading decides: "Denver" and "Denver, CO" are one value) and no live
``contradicts`` or ``supersedes`` edge links them yet, it writes ``contradicts`` from the newer to
the older through the ``contradicts`` handler (both stay; the conflict is flagged and surfaced by
reads). Ingest already closes or contests updates of the attributes its own table knows; the
sweep covers the relations the user declares beyond it, and facts written through the API.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from worlddb.consolidate.base import StepReport, Writes, read_cursor, save_cursor, scopes_of
from worlddb.errors import ReconcileError, ValidationError
from worlddb.extract import read_statements, same_value
from worlddb.hashing import digest
from worlddb.model import Changeset, EdgeSpec, World
from worlddb.normalize import normalize_name
from worlddb.store.reads import TimeView

__all__ = ["ContradictionSweep", "FunctionalRelations"]

MAX_PER_FACT: Final = 16
_BATCH: Final = 500
_LINKS: Final = ("contradicts", "supersedes")
_ALL: Final = TimeView(include_closed=True)  # the cursor steps over no row (closed: skipped)


class FunctionalRelations:
    """The relations (fact attributes) a subject holds one value of at a time. An instance,
    not a global: each consolidator gets its own."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._names: set[str] = set()
        for name in names:
            self.register(name)

    def register(self, name: str) -> None:
        norm = normalize_name(name)
        if not norm or "::" in norm:
            raise ValidationError(
                f"a functional relation is an attribute name like 'lives_in', not {name!r}",
                field="functional",
                value=name,
            )
        self._names.add(norm)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def keys_of(self, fact: World) -> list[tuple[str, str]]:
        """``(key, relation)`` for each registered relation ``fact`` is aliased under."""
        out = []
        for alias in fact.aliases:
            norm = normalize_name(alias)
            subject, sep, relation = norm.rpartition("::")
            if sep and subject and relation in self._names:
                out.append((norm, relation))
        return out


@dataclass
class ContradictionSweep:
    """Link open facts that disagree on a functional relation with ``contradicts``."""

    relations: FunctionalRelations = field(default_factory=FunctionalRelations)
    name: str = "contradictions"

    def run(self, writes: Writes, now: int, report: StepReport) -> None:
        store = writes.store
        if not len(self.relations):
            report.details["relations"] = 0
            return
        # A changed registry means earlier facts were never looked at for the new relations.
        signature = int(digest("|".join(self.relations).encode())[:12], 16)
        cursor = read_cursor(store, self.name)
        after = cursor.get("rid", 0) if cursor.get("relations") == signature else 0
        while True:
            batch = store.list_worlds(
                types=["Fact"], view=_ALL, now=now, after_rid=after, limit=_BATCH
            )
            for fact in batch:
                report.examined += 1
                if fact.valid_to is None:
                    self._sweep(writes, fact, report)
                rid = store.rid_of(fact.id)
                after = rid if rid is not None else after
            save_cursor(store, self.name, {"rid": after, "relations": signature})
            if len(batch) < _BATCH:
                return

    def _sweep(self, writes: Writes, fact: World, report: StepReport) -> None:
        store = writes.store
        scopes = scopes_of(store, fact.id)
        for key, relation in self.relations.keys_of(fact):
            values = _values(fact, relation)
            linked = {
                e.target if e.source == fact.id else e.source
                for e in store.edges_of(fact.id, direction="both", types=list(_LINKS))
            }
            edges: list[EdgeSpec] = []
            for other in store.open_worlds_named(key, ["Fact"], scopes):
                if other.id == fact.id or other.id in linked:
                    continue
                if any(same_value(a, b) for a in values for b in _values(other, relation)):
                    continue
                newer, older = sorted(
                    (fact, other), key=lambda w: (w.valid_from or 0, w.created_at, w.id)
                )[::-1]
                edges.append(EdgeSpec("contradicts", newer.id, older.id))
                if len(edges) >= MAX_PER_FACT:
                    break
            if edges:
                try:
                    writes.apply(Changeset(edges=tuple(edges)), report)
                except ReconcileError:
                    refused = report.details.get("refused", 0)
                    report.details["refused"] = (refused if isinstance(refused, int) else 0) + 1


def _values(fact: World, relation: str) -> list[str]:
    """What ``fact`` states as the value of ``relation`` (its whole text when unreadable)."""
    readings = [
        r.value for r in read_statements(fact.content, relation, fact.created_at) if r.value
    ]
    return [v for v in readings if v] or [fact.content]
