"""Scoped recall at scale (issue 12, item 4): other scopes growing never changes a scope's hits.

Each test builds the same user's memory twice in real SQLite stores with the real HNSW index:
alone, and followed by twenty times as much data of other users that shares its words, its
entities and even copies of its texts (the worst case for a lane that cuts a store-wide
candidate list before the scope filter: every cut place goes to a near-identical row of another
scope). The lanes' caps are shrunk so that, at this small scale, a cut before the filter would
bite the way it does at a million worlds. A scoped read must return the same hits in both.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import PgServer
from worlddb.engine import WorldDB
from worlddb.hashing import scope_world, world_id
from worlddb.index import dense, fts, fts_bounded, graph
from worlddb.index.dense import score_rids, search_dense
from worlddb.index.filters import WorldFilter, resolve_scopes
from worlddb.index.fts import search_text
from worlddb.index.graph import find_entities, mentions
from worlddb.model import Changeset, EdgeSpec, NodeId, WorldSpec
from worlddb.testing import HashEmbedder

GROWTH = 20
USER_FACTS = 30
ENTITY_TYPES = ("Organization", "Person", "Place")
WORDS = [f"{a}{b}" for a in ("ka", "lo", "mi", "ren", "tu", "sa", "vi", "no") for b in "dfgkm"]
SHARED = (
    WorldSpec(type="Person", name="Ada Lovelace"),
    WorldSpec(type="Place", name="Paris Office"),
    WorldSpec(type="Organization", name="Nimbus Corp"),
)
PRIVATE = WorldSpec(type="Person", name="Boris Tern")  # the user's own, linked to Ada
START = 1_700_000_000_000_000


def _sentence(rng: random.Random, mention: str) -> str:
    weights = [1 / (i + 1) for i in range(len(WORDS))]
    words = rng.choices(WORDS, weights=weights, k=rng.randint(4, 9))
    words.insert(rng.randrange(len(words) + 1), mention)
    return " ".join(words)


def _memory(scope: WorldSpec, facts: list[tuple[str, WorldSpec, int]]) -> Changeset:
    """Facts (text, the entity it names, time) in ``scope``, with the entities they name."""
    worlds: list[WorldSpec] = [scope]
    edges: list[EdgeSpec] = []
    named: dict[NodeId, WorldSpec] = {}
    for text, entity, moment in facts:
        fact = WorldSpec(type="Fact", content=text, created_at=moment, valid_from=moment)
        worlds.append(fact)
        named[world_id(entity)] = entity
        edges += [
            EdgeSpec("refers_to", world_id(fact), world_id(entity)),
            EdgeSpec("contains", world_id(scope), world_id(fact)),
        ]
    worlds += named.values()
    edges += [EdgeSpec("contains", world_id(scope), wid) for wid in named]
    return Changeset(worlds=tuple(worlds), edges=tuple(edges))


def _user_facts() -> list[tuple[str, WorldSpec, int]]:
    rng = random.Random(7)
    out = []
    for i in range(USER_FACTS):
        entity = PRIVATE if i % 5 == 4 else SHARED[i % 3]
        out.append((_sentence(rng, entity.name), entity, START + i))
    return out


def _build(path: Path | str, others: int) -> WorldDB:
    """The user's memory, then ``others`` × as many facts of ten other users."""
    db = WorldDB.open(path, embedder=HashEmbedder(), extractor=None)
    db.recluster_budget_s = 0.0
    mine = _user_facts()
    user = scope_world("user_id", "u0")
    db.write(_memory(user, mine))
    # The user's own entity refers to a shared one: the graph lane's second hop reaches it.
    db.write(
        Changeset(
            worlds=(user, PRIVATE),
            edges=(EdgeSpec("refers_to", world_id(PRIVATE), world_id(SHARED[0])),),
        )
    )
    rng = random.Random(11)
    for u in range(1, 11):
        scope = scope_world("user_id", f"u{u}")
        facts: list[tuple[str, WorldSpec, int]] = []
        for j in range(others * USER_FACTS // 10):
            moment = START + 10_000 * u + j + 1000
            if j % 2 == 0:  # a copy of one of the user's texts, in another scope
                text, entity, _ = mine[rng.randrange(len(mine))]
                entity = entity if entity is not PRIVATE else SHARED[0]
            else:
                entity = SHARED[rng.randrange(3)]
                text = _sentence(rng, entity.name)
            facts.append((text, entity, moment))
        if not facts:
            continue
        db.write(_memory(scope, facts))
        # Their own entities link to the shared one too, newer than the user's link.
        theirs = WorldSpec(type="Person", name=f"Other Person {u}")
        db.write(
            Changeset(
                worlds=(scope, theirs),
                edges=(
                    EdgeSpec("refers_to", world_id(theirs), world_id(SHARED[0])),
                    EdgeSpec("contains", world_id(scope), world_id(theirs)),
                ),
            )
        )
    return db


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[WorldDB, WorldDB]]:
    alone = _build(tmp_path / "alone.db", 0)
    crowded = _build(tmp_path / "crowded.db", GROWTH)
    try:
        yield alone, crowded
    finally:
        alone.close()
        crowded.close()


@pytest.fixture
def pg_stores(pg_server: PgServer) -> Iterator[tuple[WorldDB, WorldDB]]:
    """The same two stores on PostgreSQL (its lanes inherit the scoped graph statements)."""
    alone = _build(pg_server.fresh_url(), 0)
    crowded = _build(pg_server.fresh_url(), GROWTH)
    try:
        yield alone, crowded
    finally:
        alone.close()
        crowded.close()


def _user_filter(db: WorldDB) -> WorldFilter:
    return WorldFilter(now=db.now(), scopes=resolve_scopes(db.store, ["user_id=u0"]))


def _texts(db: WorldDB, rids: list[int]) -> list[str]:
    worlds = db.store.worlds_by_rid(rids)
    return [worlds[r].text for r in rids]


def test_the_crowded_store_really_is_crowded(stores: tuple[WorldDB, WorldDB]) -> None:
    alone, crowded = stores
    assert alone.store.counts()["nodes"] * GROWTH < crowded.store.counts()["nodes"] * 1.2
    # The user's own rows have the same row ids in both stores (written first).
    flt = _user_filter(alone)
    mine = search_text(alone.store, "Ada", flt=flt, limit=50)
    assert mine and _texts(alone, [h.rid for h in mine]) == _texts(crowded, [h.rid for h in mine])


def test_graph_lane_is_seeded_and_expanded_inside_the_scope(
    stores: tuple[WorldDB, WorldDB], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Caps of 4 newest edges: other users' newer mentions of Ada (and their entities' newer
    links to her) would fill every place if the scope filter ran after the cap."""
    _graph_lane_keeps_the_scope(stores, monkeypatch)


def test_pg_graph_lane_is_seeded_and_expanded_inside_the_scope(
    pg_stores: tuple[WorldDB, WorldDB], monkeypatch: pytest.MonkeyPatch
) -> None:
    _graph_lane_keeps_the_scope(pg_stores, monkeypatch)


def _graph_lane_keeps_the_scope(
    stores: tuple[WorldDB, WorldDB], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(graph, "MENTION_CAP", 4)
    monkeypatch.setattr(graph, "HOP2_MENTION_CAP", 4)
    answers: list[tuple[list[NodeId], list[tuple[int, int, float]]]] = []
    for db in stores:
        flt = _user_filter(db)
        found = find_entities(db.store, "What did Ada Lovelace say?", types=ENTITY_TYPES, flt=flt)
        reached = mentions(
            db.store, [m.id for m in found], flt=flt, limit=20, entity_types=ENTITY_TYPES, hops=2
        )
        answers.append(([m.id for m in found], [(h.rid, h.hop, h.overlap) for h in reached]))
    assert answers[0] == answers[1]
    seeds, hits = answers[0]
    assert seeds == [world_id(SHARED[0])]
    assert {hop for _, hop, _ in hits} == {1, 2}  # Ada's mentions and, via Boris, his
    assert sum(hop == 1 for _, hop, _ in hits) == 4


def test_vector_lane_scans_a_small_scope_whatever_the_store_holds(
    stores: tuple[WorldDB, WorldDB],
) -> None:
    answers = []
    for db in stores:
        assert db.vectors is not None and db.embedder is not None
        flt = _user_filter(db)
        per_query = []
        for question in ("kad Ada Lovelace", "mim lod Nimbus", "renf tuk Paris", "sag Boris"):
            q = np.asarray(db.embedder.embed_queries([question])[0], dtype=np.float32)
            per_query.append(
                [h.rid for h in search_dense(db.store, db.vectors, q, flt=flt, limit=5)]
            )
        answers.append(per_query)
    assert answers[0] == answers[1]
    assert all(len(hits) == 5 for hits in answers[0])


@pytest.mark.parametrize("question", ["kad Ada Lovelace", "mim lod Nimbus", "renf tuk Paris"])
def test_filtered_hnsw_keeps_a_scope_that_filtering_afterwards_starves(
    stores: tuple[WorldDB, WorldDB], monkeypatch: pytest.MonkeyPatch, question: str
) -> None:
    """No exact scan and a top-8 fetch: HNSW's nearest would be the other scopes' copies.
    hnswlib's filtered search admits only the scope's members during the walk, and finds the
    exact top 5 of the scope in both stores."""
    monkeypatch.setattr(dense, "SCOPE_EXACT_MAX", 0)
    monkeypatch.setattr(dense, "EXACT_MAX", 0)
    monkeypatch.setattr(dense, "MAX_FETCH", 8)
    answers = []
    for db in stores:
        assert db.vectors is not None and db.embedder is not None
        flt = _user_filter(db)
        assert flt.scopes is not None
        q = np.asarray(db.embedder.embed_queries([question])[0], dtype=np.float32)
        hits = [h.rid for h in search_dense(db.store, db.vectors, q, flt=flt, limit=5)]
        members = db.store.lanes.scope_rids(flt.scopes[0], 10_000)
        exact = [h.rid for h in score_rids(db.store, q, members)][:5]
        assert hits == exact
        answers.append(hits)
    assert answers[0] == answers[1]


def _recording_bm25_top(db: WorldDB, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every match expression the text lane ranks with ``bm25_top`` from now on."""
    lanes = type(db.store.lanes)
    ranked: list[str] = []
    real = lanes.bm25_top

    def recording(self: object, match: str, *rest: object) -> object:
        ranked.append(match)
        return real(self, match, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(lanes, "bm25_top", recording)
    return ranked


@pytest.mark.parametrize("backend", ["sqlite", "pg"])
def test_text_lane_never_loses_a_scopes_rows_to_words_other_scopes_made_common(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, backend: str
) -> None:
    """The user has 'zebra' (a rare word) in 2 facts and 'lantern' in 4; other users write
    'lantern' 100 times, so it turns common (cap forced to 5 documents) and stops selecting
    rows: the scoped read must still return all six of the user's matches. The bounded plan is
    forced on too (thresholds at zero): a scoped read must not take it."""
    monkeypatch.setattr(fts, "COMMON_MIN_DOCS", 5)
    monkeypatch.setattr(fts, "COMMON_FRACTION", 0.0)
    monkeypatch.setattr(fts_bounded, "BOUNDED_MIN_ROWS", 0)
    monkeypatch.setattr(fts_bounded, "EXACT_MAX_ROWS", 0)
    monkeypatch.setattr(fts_bounded, "TERM_WINDOW", 2)
    user = scope_world("user_id", "u0")
    mine = [(f"zebra note {i}", SHARED[0], START + i) for i in range(2)]
    mine += [(f"lantern note {i}", SHARED[1], START + 10 + i) for i in range(4)]
    mine += [(f"unrelated note {i}", SHARED[2], START + 20 + i) for i in range(6)]
    answers = []
    for name, others in (("alone", 0), ("crowded", 100)):
        target = (
            tmp_path / f"{name}.db"
            if backend == "sqlite"
            else request.getfixturevalue("pg_server").fresh_url()
        )
        db = WorldDB.open(target, embedder=None, extractor=None)
        try:
            db.write(_memory(user, mine))
            if others:
                theirs = [
                    (f"lantern story {j}", SHARED[1], START + 1000 + j) for j in range(others)
                ]
                db.write(_memory(scope_world("user_id", "u1"), theirs))
            flt = _user_filter(db)
            with monkeypatch.context() as patch:
                ranked = _recording_bm25_top(db, patch)
                hits = search_text(db.store, "zebra lantern", flt=flt, limit=10)
            answers.append(sorted(_texts(db, [h.rid for h in hits])))
            if others:
                # The page is completed from the scope's side: the plain OR query, which
                # scores every row holding the common word, never runs; the filled rows come
                # after the rare word's, newest first, with score 0.
                assert all(" AND " in match for match in ranked), ranked
                filled = [h for h in hits if h.score == 0.0]
                assert [h.rid for h in filled] == sorted((h.rid for h in filled), reverse=True)
                assert _texts(db, [h.rid for h in filled]) == [
                    f"lantern note {i}" for i in range(3, -1, -1)
                ]
            # Unscoped, the rewrite still applies: only rows with the rare word are selected.
            if others:
                everyone = search_text(
                    db.store, "zebra lantern", flt=WorldFilter(now=db.now()), limit=10
                )
                assert len(everyone) == 2
        finally:
            db.close()
    assert answers[0] == answers[1]
    assert answers[0] == sorted(text for text, _, _ in mine[:6])
