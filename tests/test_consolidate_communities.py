"""Communities: quality on the labelled scenario, incremental recomputation, scope isolation."""

from __future__ import annotations

import statistics

from worlddb import WorldDB
from worlddb.bench.consolidate_scenarios import (
    CLUSTERS,
    DAY_US,
    T0,
    community_quality,
    labelled_scenario,
    nmi,
    purity,
)
from worlddb.consolidate import COMMUNITY_TYPE, Consolidator
from worlddb.hashing import scope_world, world_id
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.scopes import entity_salt
from worlddb.store.reads import TimeView


def _open_communities(db: WorldDB) -> dict[str, set[str]]:
    found = db.store.list_worlds(types=[COMMUNITY_TYPE], view=TimeView(), now=db.now(), limit=999)
    return {c.id: {e.target for e in db.edges(c.id, types=["contains"])} for c in found}


def test_quality_metrics_on_known_partitions() -> None:
    gold = {"a": "x", "b": "x", "c": "y", "d": "y"}
    assert purity([{"a", "b"}, {"c", "d"}], gold) == 1.0
    assert nmi([{"a", "b"}, {"c", "d"}], gold) == 1.0
    assert purity([{"a", "b", "c", "d"}], gold) == 0.5
    assert nmi([{"a", "b", "c", "d"}], gold) == 0.0


def test_communities_recover_the_labelled_clusters() -> None:
    """Five seeds of the fitness / work / family user, 10% cross-cluster mentions. One community
    holding everything would score purity 1/3 and NMI 0."""
    scores = []
    for seed in range(5):
        with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
            gold = labelled_scenario(db, seed=seed, noise=0.1)
            Consolidator(db).run(["communities"])
            scores.append(community_quality(db, gold))
            assert db.verify() == []
    assert statistics.mean(s["purity"] for s in scores) >= 0.9
    assert statistics.mean(s["nmi"] for s in scores) >= 0.75
    assert min(s["coverage"] for s in scores) >= 0.9


def test_each_community_has_members_a_name_and_an_extractive_summary(db: WorldDB) -> None:
    gold = labelled_scenario(db, seed=1, noise=0.0)
    Consolidator(db).run(["communities"])
    communities = _open_communities(db)
    assert len(communities) >= len(CLUSTERS)
    for cid, members in communities.items():
        world = db.get(cid)
        labels = {gold[m] for m in members}
        assert len(labels) == 1  # no noise: no community crosses clusters
        names = {db.get(m).name for m in members}
        assert any(n in world.name for n in names)
        assert any(n in world.content for n in names)  # summary sentences name members


def test_only_touched_components_are_recomputed(db: WorldDB) -> None:
    labelled_scenario(db, seed=3, noise=0.0)
    Consolidator(db).run(["communities"])
    before = _open_communities(db)
    gym, pool = (world_id(WorldSpec(type="Entity", name=n)) for n in ("gym", "swimming pool"))
    note = WorldSpec(type="Note", content="Gym then pool.", created_at=T0 + 99 * DAY_US)
    sauna = WorldSpec(type="Entity", name="sauna")
    fact = WorldSpec(type="Fact", content="Gym, swimming pool, then the sauna.",
                     created_at=T0 + 99 * DAY_US, valid_from=T0 + 99 * DAY_US)  # fmt: skip
    fid = world_id(fact)
    db.write(
        Changeset(
            worlds=(note, fact, sauna),
            edges=(
                EdgeSpec("derived_from", fid, world_id(note)),
                EdgeSpec("refers_to", fid, gym),
                EdgeSpec("refers_to", fid, pool),
                EdgeSpec("refers_to", fid, world_id(sauna)),
            ),
        )
    )
    report = Consolidator(db).run(["communities"])
    assert report.steps["communities"].examined == 1  # the fitness component only
    after = _open_communities(db)
    untouched = {c for c, m in before.items() if not m & {gym, pool}}
    assert untouched and untouched <= set(after)  # other clusters' worlds are the same worlds
    replaced = set(before) - set(after)
    assert replaced  # the sauna joined a fitness community: a new world superseded the old one
    assert any(world_id(sauna) in m for m in after.values())
    for old in replaced:
        assert db.get(old).valid_to is not None
        assert db.edges(old, direction="in", types=["supersedes"])
    assert Consolidator(db).run(["communities"]).writes == 0


def _scoped_note(db: WorldDB, user: str, text: str, names: list[str], at: int) -> None:
    scope = scope_world("user_id", user)
    salt = entity_salt({"user_id": user})
    ents = [WorldSpec(type="Entity", name=n, created_at=salt) for n in names]
    note = WorldSpec(type="Note", name=f"user_id={user}", content=text, created_at=at)
    fact = WorldSpec(type="Fact", name=f"user_id={user}", content=text, created_at=at)
    fid = world_id(fact)
    edges = [EdgeSpec("derived_from", fid, world_id(note))]
    edges += [EdgeSpec("refers_to", fid, world_id(e)) for e in ents]
    edges += [EdgeSpec("contains", world_id(scope), world_id(w)) for w in (note, fact, *ents)]
    db.write(Changeset(worlds=(scope, note, fact, *ents), edges=tuple(edges)))


def test_communities_never_mix_scopes(db: WorldDB) -> None:
    for user in ("alice", "bob"):
        _scoped_note(db, user, "Gym with Coach Mike.", ["gym", "Coach Mike"], T0)
        _scoped_note(db, user, "Marathon and gym.", ["marathon", "gym"], T0 + DAY_US)
    Consolidator(db).run(["communities"])
    communities = _open_communities(db)
    assert len(communities) == 2
    owners = set()
    for cid, members in communities.items():
        scopes = {tuple(db.scopes_of(m)) for m in members}
        assert len(scopes) == 1, scopes
        assert tuple(db.scopes_of(cid)) in scopes
        owners |= scopes
    assert owners == {("user_id=alice",), ("user_id=bob",)}
    alice = db.recall("gym Coach Mike", scopes={"user_id": "alice"}, types=[COMMUNITY_TYPE])
    assert [h.id for h in alice.hits] and all(
        db.scopes_of(h.id) == ["user_id=alice"] for h in alice.hits
    )


class _Constant:
    """A summarizer that always says the same thing: communities differ only by members."""

    def summarize(self, texts: object, /) -> str:
        return "Fitness things."


def _link_note(db: WorldDB, text: str, names: list[str], at: int) -> None:
    ents = [WorldSpec(type="Entity", name=n) for n in names]
    note = WorldSpec(type="Note", content=text, created_at=at)
    fact = WorldSpec(type="Fact", content=text, created_at=at, valid_from=at)
    fid = world_id(fact)
    edges = [EdgeSpec("derived_from", fid, world_id(note))]
    edges += [EdgeSpec("refers_to", fid, world_id(e)) for e in ents]
    db.write(Changeset(worlds=(note, fact, *ents), edges=tuple(edges)))


def test_a_community_that_comes_back_is_written_anew(db: WorldDB) -> None:
    """The partition can return to a community it left; its old world is closed for good, so
    the returning one is a new world (a revision), never a cycle of supersedes."""
    _link_note(db, "Gym and pool.", ["gym", "pool"], T0)
    _link_note(db, "Pool and sauna.", ["pool", "sauna"], T0 + 1)
    Consolidator(db, summarizer=_Constant()).run(["communities"])
    (first,) = _open_communities(db)
    db.retire(first)
    _link_note(db, "Gym alone.", ["gym"], T0 + 2)  # touches the component, changes nothing
    report = Consolidator(db, summarizer=_Constant()).run(["communities"])
    assert report.complete
    (again,) = _open_communities(db)
    assert again != first
    assert _open_communities(db)[again] == {
        world_id(WorldSpec(type="Entity", name=n)) for n in ("gym", "pool", "sauna")
    }
    assert db.get(again).created_at == db.get(first).created_at + 1
    assert db.verify() == []
