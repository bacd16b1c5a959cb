"""Labelled scenarios for the consolidator's tests and benchmarks, and the quality measures.

``labelled_scenario`` writes a small user with fitness / work / family clusters whose entity
labels are known; ``community_quality`` reports purity and NMI of the Community worlds found
against them. ``rich_scenario`` gives every consolidation step something to do. Used by
``worlddb.bench.consolidate`` and ``tests/test_consolidate_*.py``.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Final

from worlddb.consolidate import COMMUNITY_TYPE
from worlddb.engine import WorldDB
from worlddb.hashing import world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.store.reads import TimeView

__all__ = [
    "CLUSTERS",
    "DAY_US",
    "T0",
    "community_quality",
    "labelled_scenario",
    "nmi",
    "purity",
    "rich_scenario",
]

CLUSTERS: Final[Mapping[str, tuple[str, ...]]] = {
    "fitness": (
        "gym", "marathon", "yoga class", "Coach Mike", "protein shake", "running shoes",
        "swimming pool", "cycling club",
    ),
    "work": (
        "Acme Corp", "quarterly report", "Jira", "standup meeting", "Sarah the manager",
        "product launch", "budget review", "Slack",
    ),
    "family": (
        "Mom", "Dad", "sister Emma", "Thanksgiving", "grandma Rose", "nephew Leo",
        "family trip", "birthday party",
    ),
}  # fmt: skip
_TEMPLATES: Final = (
    "I talked about {a} and {b} today.",
    "This week {a} came up again, together with {b}.",
    "Planning around {a}; {b} matters for it as well.",
    "Made progress on {a} after thinking about {b} and {c}.",
)
DAY_US: Final = 86_400_000_000
T0: Final = 1_700_000_000_000_000


def labelled_scenario(
    db: WorldDB,
    *,
    notes_per_cluster: int = 15,
    noise: float = 0.1,
    seed: int = 0,
    start: int = T0,
) -> dict[str, str]:
    """Write notes whose facts name entities of one cluster (and, with probability ``noise``,
    one entity of another); return entity id → cluster label."""
    rng = random.Random(seed)
    labels: dict[str, str] = {}
    entities = {
        label: [WorldSpec(type="Entity", name=name) for name in names]
        for label, names in CLUSTERS.items()
    }
    for label, specs in entities.items():
        for spec in specs:
            labels[world_id(spec)] = label
    clusters = sorted(CLUSTERS)
    moment = start
    for i in range(notes_per_cluster):
        for label in clusters:
            moment += DAY_US // 4
            picked = rng.sample(entities[label], 3)
            if rng.random() < noise:
                other = rng.choice([c for c in clusters if c != label])
                picked[1] = rng.choice(entities[other])
            text = rng.choice(_TEMPLATES).format(
                a=picked[0].name, b=picked[1].name, c=picked[2].name
            )
            named = picked if "{c}" in text or picked[2].name in text else picked[:2]
            _write_note(db, text, named, moment, i)
    return labels


def _write_note(db: WorldDB, text: str, named: Sequence[WorldSpec], moment: int, salt: int) -> None:
    note = WorldSpec(type="Note", content=text, created_at=moment, valid_from=moment)
    fact = WorldSpec(type="Fact", content=text, created_at=moment + salt, valid_from=moment)
    fid = world_id(fact)
    edges = [EdgeSpec("derived_from", fid, world_id(note))]
    edges += [EdgeSpec("refers_to", fid, world_id(e)) for e in named]
    db.write(Changeset(worlds=(note, fact, *named), edges=tuple(edges)))


def rich_scenario(db: WorldDB, *, start: int = T0) -> dict[str, str]:
    """Something for every step: labelled clusters, three sessions of four turns, a ``causes``
    chain, a ``subtype_of`` chain with an ``instance_of``, and two open facts giving the user
    two blood types. Returns names → world ids of the handles tests look at."""
    labelled_scenario(db, notes_per_cluster=6, start=start)
    out: dict[str, str] = {}
    for n in range(3):
        moment = start + (n + 1) * DAY_US
        turns = [
            WorldSpec(
                type="Turn",
                name="user" if k % 2 == 0 else "assistant",
                content=f"Session {n}: {text}",
                created_at=moment + k,
                valid_from=moment,
            )
            for k, text in enumerate(
                (
                    "I signed up for the spring marathon in Boston.",
                    "Great, the Boston marathon is in April; training takes sixteen weeks.",
                    "I will run four times a week and swim on Sundays.",
                    "A sixteen week marathon plan with four runs a week fits that.",
                )
            )
        ]
        session = WorldSpec(
            type="Session",
            children=tuple(world_id(t) for t in turns),
            created_at=moment,
            valid_from=moment,
        )
        db.write(Changeset(worlds=(*turns, session)))
        out[f"session{n}"] = world_id(session)
    events = [
        WorldSpec(type="Event", name=name, valid_from=start + i * DAY_US)
        for i, name in enumerate(("storm", "power cut", "spoiled food", "takeaway dinner"))
    ]
    classes = [WorldSpec(type="Entity", name=n) for n in ("Dog", "Mammal", "Animal")]
    rex = WorldSpec(type="Entity", name="Rex")
    links = [EdgeSpec("causes", world_id(a), world_id(b)) for a, b in pairwise(events)]
    links += [EdgeSpec("subtype_of", world_id(a), world_id(b)) for a, b in pairwise(classes)]
    links.append(EdgeSpec("instance_of", world_id(rex), world_id(classes[0])))
    db.write(Changeset(worlds=(*events, *classes, rex), edges=tuple(links)))
    out.update({w.name: world_id(w) for w in (*events, *classes, rex)})
    for i, text in enumerate(("My blood type is A positive.", "My blood type is O negative.")):
        fact = WorldSpec(
            type="Fact",
            content=text,
            created_at=start + i,
            valid_from=start + i,
            aliases=("user::blood_type",),
        )
        db.write(Changeset(worlds=(fact,)))
        out[f"blood{i}"] = world_id(fact)
    return out


def purity(found: Sequence[set[str]], gold: Mapping[str, str]) -> float:
    """Share of labelled members that sit in a community whose majority label is theirs."""
    total = sum(len([m for m in c if m in gold]) for c in found)
    if not total:
        return 0.0
    hits = sum(
        Counter(gold[m] for m in c if m in gold).most_common(1)[0][1]
        for c in found
        if any(m in gold for m in c)
    )
    return hits / total


def nmi(found: Sequence[set[str]], gold: Mapping[str, str]) -> float:
    """Normalised mutual information (arithmetic mean) between communities and labels, over the
    labelled entities the communities hold."""
    pairs = [(i, gold[m]) for i, c in enumerate(found) for m in c if m in gold]
    n = len(pairs)
    if not n:
        return 0.0
    pc, pl, joint = Counter(i for i, _ in pairs), Counter(g for _, g in pairs), Counter(pairs)
    mi = sum(v / n * math.log((v / n) / (pc[i] / n * pl[g] / n)) for (i, g), v in joint.items())
    hc = -sum(v / n * math.log(v / n) for v in pc.values())
    hl = -sum(v / n * math.log(v / n) for v in pl.values())
    return 1.0 if hc + hl == 0 else 2 * mi / (hc + hl)


def community_quality(db: WorldDB, gold: Mapping[str, str]) -> dict[str, float]:
    """Purity, NMI and coverage of the open Community worlds against ``gold`` labels."""
    found: list[set[str]] = []
    after = 0
    while True:
        batch = db.store.list_worlds(
            types=[COMMUNITY_TYPE], view=TimeView(), now=db.now(), after_rid=after, limit=500
        )
        for community in batch:
            found.append({e.target for e in db.edges(community.id, types=["contains"])})
        if len(batch) < 500:
            break
        after = db.store.rid_of(batch[-1].id) or after
    covered = len({m for c in found for m in c if m in gold})
    return {
        "communities": len(found),
        "purity": round(purity(found, gold), 3),
        "nmi": round(nmi(found, gold), 3),
        "coverage": round(covered / max(1, len(gold)), 3),
    }
