"""The summaries step: a Summary world for each settled container (a Session or a Topic).

A container qualifies once it was written at least ``min_age`` ago (it is no longer being added
to) and has at least ``min_children`` children. Its Summary world holds the ``Summarizer``'s text
of the children, and is linked per the design:

* ``Summary -derived_from-> container``: provenance; the summary closes when its source does
  (the ``derived_from`` handler), so a retired session takes its summary with it;
* ``container -contains-> Summary``: the summary sits inside the world it condenses, so a query
  that reached the container reaches its summary one ``contains`` hop down, and
  ``Query.prefer_summaries()`` can show it in place of the children;
* ``Scope -contains-> Summary`` for each scope of the container: alice's summary is alice's.

The summary's identity (``created_at``) is the container's, and its text is a function of the
children's (for the extractive default), so a rerun writes the same id: nothing new. Summaries
are committed 50 containers to a changeset (one commit each costs more than the summarising);
the cursor, the last container row examined, moves after each commit and stops before the first
container still too young.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from worlddb.consolidate.base import (
    StepReport,
    Writes,
    read_cursor,
    save_cursor,
    scope_links,
    scopes_of,
)
from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, World, WorldSpec
from worlddb.plugins import Summarizer
from worlddb.store.protocols import Store
from worlddb.store.reads import TimeView

__all__ = ["CONTAINER_TYPES", "SUMMARY_TYPE", "SummariesStep", "live_summary"]

SUMMARY_TYPE: Final = "Summary"
CONTAINER_TYPES: Final = ("Session", "Topic")
_BATCH: Final = 50
_ALL: Final = TimeView(include_closed=True)
"""Cursors read every row (closed ones are skipped by hand): a row the default view hides today
(valid only from a future date) must not be stepped over for good."""


def live_summary(store: Store, container: str) -> World | None:
    """The open Summary world derived from ``container``, if there is one."""
    for edge in store.edges_of(container, direction="in", types=["derived_from"]):
        world = store.find_world(edge.source)
        if world is not None and world.type == SUMMARY_TYPE and world.valid_to is None:
            return world
    return None


@dataclass
class SummariesStep:
    """Summarise settled containers with ``summarizer``."""

    summarizer: Summarizer
    min_age_us: int = 0
    min_children: int = 2
    types: tuple[str, ...] = CONTAINER_TYPES
    name: str = "summaries"

    def run(self, writes: Writes, now: int, report: StepReport) -> None:
        store = writes.store
        after = read_cursor(store, self.name).get("rid", 0)
        while True:
            batch = store.list_worlds(
                types=list(self.types), view=_ALL, now=now, after_rid=after, limit=_BATCH
            )
            pending: list[tuple[WorldSpec, tuple[EdgeSpec, ...]]] = []
            for container in batch:
                if now - container.ingested_at < self.min_age_us:
                    report.details["waiting"] = 1  # too young; later runs pick it up here
                    break
                report.examined += 1
                found = self._summary_of(store, container)
                if found is not None:
                    pending.append(found)
                rid = store.rid_of(container.id)
                after = rid if rid is not None else after
            # One commit per batch of containers: the cursor moves only once it has landed.
            if pending:
                worlds = tuple(spec for spec, _ in pending)
                edges = tuple(e for _, links in pending for e in links)
                writes.apply(Changeset(worlds=worlds, edges=edges), report)
            save_cursor(store, self.name, {"rid": after})
            if len(batch) < _BATCH or "waiting" in report.details:
                return

    def _summary_of(
        self, store: Store, container: World
    ) -> tuple[WorldSpec, tuple[EdgeSpec, ...]] | None:
        """The Summary world of ``container`` and its links, or ``None`` when it needs none."""
        if (
            container.valid_to is not None
            or len(container.children) < self.min_children
            or live_summary(store, container.id)
        ):
            return None
        children = [store.find_world(c) for c in container.children]
        texts = [w.text for w in children if w is not None and w.text.strip()]
        if not texts:
            return None
        text = self.summarizer.summarize(texts)
        if not text.strip():
            return None
        summary = WorldSpec(
            type=SUMMARY_TYPE,
            name=container.name,
            content=text,
            created_at=container.created_at,
            valid_from=container.valid_from,
        )
        sid = world_id(summary)
        edges = (
            EdgeSpec("derived_from", sid, container.id),
            EdgeSpec("contains", container.id, sid),
            *scope_links(scopes_of(store, container.id), summary),
        )
        return summary, edges
