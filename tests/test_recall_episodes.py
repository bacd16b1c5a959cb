"""Multi-evidence recall: the episode lane and the two pseudo-relevance feedback lanes."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from worlddb import WorldDB
from worlddb.errors import ValidationError
from worlddb.plugins import Message
from worlddb.recall import OPTIONAL_LANES
from worlddb.recall.categories import MAX_TERMS, CategoryLexicon, category_terms
from worlddb.recall.episodes import rank_episodes
from worlddb.recall.feedback import expansion_terms, first_round, rocchio
from worlddb.testing import HashEmbedder

DAY = 86_400_000_000
START = 1_700_000_000_000_000
SECOND_ROUND = ["episode", "prf", "prf_vector", "category", "context"]
MEMORY = ["Turn", "Fact", "Session"]


def test_an_episode_with_several_hits_outranks_one_with_a_single_better_hit() -> None:
    # Episode 100 holds the best hit only; episode 200 holds ranks 2, 3 and 4.
    rankings = {"bm25": [1, 2, 3, 4], "vector": [1, 5, 2, 6]}
    episode_of = {1: 100, 2: 200, 3: 200, 4: 200, 5: 300, 6: 200}
    assert rank_episodes(rankings, episode_of, k=60)[:2] == [200, 100]


def test_only_the_best_hits_of_an_episode_count_and_unknown_hits_are_skipped() -> None:
    rankings = {"bm25": [1, 2, 3, 4, 9]}
    long = {1: 7, 2: 7, 3: 7, 4: 7}
    one = rank_episodes(rankings, long, k=60, per_episode=1)
    assert one == [7]
    scores_differ = rank_episodes({"bm25": [1, 2, 3, 4, 5]}, {**long, 5: 8}, k=1, per_episode=1)
    assert scores_differ == [7, 8]
    assert rank_episodes({"bm25": [42]}, {}, k=60) == []


def test_ties_go_to_the_better_best_hit_then_the_smaller_id() -> None:
    # Two episodes, each one hit in one lane at the same rank: the smaller id first.
    assert rank_episodes({"a": [1], "b": [2]}, {1: 9, 2: 8}, k=60) == [8, 9]


def test_expansion_terms_are_shared_by_the_feedback_and_rarer_in_the_pool() -> None:
    feedback = [
        "I saw the dermatologist about my skin rash",
        "the dermatologist prescribed a cream for the rash",
        "my skin cleared up after the cream",
    ]
    pool = [*feedback, "the weather was nice", "the cream for coffee", "nice weather again"]
    terms = expansion_terms("which doctor did I see", feedback, pool)
    assert terms[:2] == ["dermatologist", "rash"]
    assert "the" not in terms and "doctor" not in terms
    assert "cream" in terms and terms.index("cream") > terms.index("rash")  # common in the pool
    assert expansion_terms("q", ["only one text about rash"], pool) == []
    assert expansion_terms("q", [], pool) == []


def test_rocchio_moves_the_unit_query_towards_the_feedback_centroid() -> None:
    query = [2.0, 0.0]
    towards = np.asarray([0.0, 1.0], dtype="<f4").tobytes()
    moved = rocchio(query, [towards], beta=1.0)
    assert np.allclose(moved, [np.sqrt(0.5), np.sqrt(0.5)], atol=1e-6)
    assert np.allclose(rocchio(query, []), [1.0, 0.0])
    wrong_size = np.asarray([1.0, 0.0, 0.0], dtype="<f4").tobytes()
    assert np.allclose(rocchio(query, [wrong_size]), [1.0, 0.0])


def test_first_round_fuses_text_and_vector_lanes_only() -> None:
    assert first_round({"bm25": [1, 2], "vector": [2, 3], "graph": [4]}, 60) == [2, 1, 3]


@pytest.fixture
def db() -> Iterator[WorldDB]:
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=None) as opened:
        yield opened


def _session(db: WorldDB, day: int, *texts: str) -> tuple[str, tuple[str, ...]]:
    result = db.ingest_session([Message("user", t) for t in texts], occurred_at=START + day * DAY)
    return result.id, result.turns


def test_a_turn_and_a_fact_derived_from_it_belong_to_the_turns_session(db: WorldDB) -> None:
    session, turns = _session(db, 0, "I adopted a cat named Miso.", "Miso likes tuna.")
    fact = db.put("Fact", content="the user has a cat")
    db.link(fact, turns[1], "derived_from")
    note = db.remember("a note on its own", occurred_at=START)
    rid = {w: db.store.rid_of(w) for w in (session, *turns, fact, note.id)}
    episodes = db.store.episodes.episodes_of(rid.values())
    assert episodes[rid[turns[0]]] == episodes[rid[turns[1]]] == rid[session]
    assert episodes[rid[fact]] == rid[session]
    assert episodes[rid[session]] == rid[session]
    assert episodes[rid[note.id]] == rid[note.id]
    vectors = db.store.episodes.vectors_of([rid[turns[0]], rid[session]])
    assert set(vectors) <= {rid[turns[0]], rid[session]} and rid[turns[0]] in vectors


def test_the_episode_lane_ranks_the_session_with_most_evidence(db: WorldDB) -> None:
    many, _ = _session(
        db,
        0,
        "The dentist cleaned my teeth.",
        "The dentist found a cavity.",
        "Another dentist visit next month.",
    )
    _session(db, 1, "Dentist dentist dentist dentist: one long mention.", "Then we baked bread.")
    for day in range(2, 8):
        _session(db, day, f"Filler conversation number {day} about gardening.")
    result = db.recall("dentist visit", lanes=["bm25", "vector", "episode"], types=MEMORY)
    sessions = [h for h in result.hits if "episode" in h.ranks]
    assert sessions and sessions[0].id == many and sessions[0].type == "Session"
    assert "episode" in result.lanes


def test_second_round_lanes_are_optional_and_follow_the_view(db: WorldDB) -> None:
    assert set(SECOND_ROUND) <= set(OPTIONAL_LANES)
    early, _ = _session(db, 0, "My sister Ana plays the cello.", "Ana practises cello daily.")
    late, _ = _session(db, 30, "Ana's cello recital was great.", "The cello recital sold out.")
    for day in range(1, 6):
        _session(db, day, f"Talk {day} about cycling routes and bike repairs.")
    default = db.recall("cello", types=MEMORY)
    assert not set(SECOND_ROUND) & set(default.lanes)
    before = START + 10 * DAY
    for lane in SECOND_ROUND:
        result = db.recall(
            "cello recital", lanes=["bm25", "vector", lane], valid_at=before, types=MEMORY
        )
        ids = result.ids
        assert early in {*ids, *(h.parent for h in result.hits)}
        assert late not in ids and all(h.valid_from <= before for h in result.hits)  # type: ignore[operator]
    only = db.recall("cello", lanes=["episode"], types=MEMORY)
    assert only.hits == ()  # no first round, nothing to aggregate


def test_the_prf_lane_searches_again_with_the_feedback_words(db: WorldDB) -> None:
    _session(db, 0, "My knee hurt, so an orthopedist checked the ligament.")
    _session(db, 1, "The orthopedist said the knee ligament healed.")
    _session(db, 2, "The knee brace from the orthopedist helps the ligament.")
    target, _ = _session(db, 3, "Physio for the ligament twice a week, the orthopedist says.")
    for day in range(4, 10):
        _session(db, day, f"Chat {day} about kitchen design and a new table.")
    first = db.recall("knee", lanes=["bm25"], types=MEMORY)
    assert target not in {h.parent for h in first.hits}  # no query word in it
    result = db.recall("knee", lanes=["bm25", "vector", "prf"], types=MEMORY)
    assert target in {h.parent for h in result.hits if "prf" in h.ranks}


def test_an_unknown_lane_is_still_refused(db: WorldDB) -> None:
    with pytest.raises(ValidationError, match="unknown recall lane"):
        db.recall("x", lanes=["bm25", "episodes"])


def test_a_plural_category_expands_into_the_kinds_wordnet_files_under_it() -> None:
    terms = category_terms("How many different doctors did I visit?")
    assert {"dermatologist", "orthopedist", "surgeon"} <= set(terms)
    assert "doctor" not in terms and "doctors" not in terms
    assert len(terms) <= MAX_TERMS


def test_singular_measure_and_too_general_nouns_do_not_expand() -> None:
    assert category_terms("How much money did I spend?") == []  # singular: the topic itself
    assert category_terms("How many hours and months did it take?") == []  # measures
    assert category_terms("What things did I do?") == []  # too general
    assert category_terms("") == []


def test_expansion_follows_the_first_senses_to_a_bounded_depth() -> None:
    # "pet": 0 (synonym "companion") -> 1 "dog" -> 2 "terrier" -> 3 "westie" -> 5 "pup"
    # (too deep); 4 "caress" is its second sense, 2 a third one (not followed from there).
    lex = CategoryLexicon(
        synsets=[
            [["pet", "companion"], [1]],
            [["dog"], [2]],
            [["terrier"], [3]],
            [["westie"], [5]],
            [["caress"], []],
            [["pup"], []],
        ],
        senses={"pet": [0, 4, 2], "dog": [1]},
        plurals={"geese": "goose"},
    )
    assert lex.singular("pets") == "pet" and lex.singular("pet") is None
    assert lex.expand("pet") == ["companion", "caress", "dog", "terrier", "westie"]
    assert category_terms("my pets", lex) == lex.expand("pet")


def test_the_category_lane_finds_instances_the_question_never_names(db: WorldDB) -> None:
    derm, _ = _session(db, 0, "The dermatologist looked at the rash on my arm.")
    ortho, _ = _session(db, 1, "My orthopedist wants an x-ray of my knee.")
    for day in range(2, 8):
        _session(db, day, f"Conversation {day} about doctors in television dramas.")
    plain = db.recall("Which doctors did I visit?", lanes=["bm25"], types=MEMORY, limit=3)
    assert not {derm, ortho} & {h.parent for h in plain.hits}
    found = db.recall("Which doctors did I visit?", lanes=["bm25", "category"], types=MEMORY)
    assert {derm, ortho} <= {h.parent for h in found.hits if "category" in h.ranks}


def test_the_graph_feedback_lane_follows_the_best_hits_entities(db: WorldDB) -> None:
    _, first = _session(db, 0, "I adopted a kitten at the shelter.")
    later, second = _session(db, 1, "Miso knocked a glass off the table again.")
    for day in range(2, 8):
        _session(db, day, f"Conversation {day} about the shelter's opening hours.")
    miso = db.put("Pet", name="Miso")
    for turn, text in ((first[0], "the user adopted Miso"), (second[0], "Miso broke a glass")):
        fact = db.put("Fact", content=text)
        db.link(fact, turn, "derived_from")
        db.link(fact, miso, "refers_to")
    plain = db.recall("kitten adoption", lanes=["bm25"], types=MEMORY)
    assert later not in {h.parent for h in plain.hits}
    found = db.recall("kitten adoption", lanes=["bm25", "prf_graph"], types=MEMORY)
    reached = {h.id for h in found.hits if "prf_graph" in h.ranks}
    assert reached and all(h.type == "Fact" for h in found.hits if h.id in reached)
    assert any("glass" in h.text for h in found.hits if h.id in reached)


def test_the_context_lane_returns_the_reply_beside_the_turn_that_asked(db: WorldDB) -> None:
    session = db.ingest_session(
        [
            Message("assistant", "Which novel did you enjoy most this year?"),
            Message("user", "Probably The Left Hand of Darkness, I loved it."),
            Message("assistant", "Le Guin is a wonderful choice."),
            Message("user", "Thanks, see you tomorrow."),
        ],
        occurred_at=START,
    )
    for day in range(1, 8):
        _session(db, day, f"Chat {day} about marathon training and running shoes.")
    asked, answer = session.turns[:2]
    plain = db.recall("which novel did I enjoy most", lanes=["bm25"], types=["Turn"], limit=3)
    assert plain.hits[0].id == asked and answer not in plain.ids  # the answer shares no word
    result = db.recall(
        "which novel did I enjoy most", lanes=["bm25", "context"], types=["Turn"], limit=5
    )
    beside = [h.id for h in result.hits if "context" in h.ranks]
    assert answer in beside and "context" in result.lanes


def test_the_context_lane_keeps_to_the_view_and_needs_a_first_round(db: WorldDB) -> None:
    first = db.ingest_session(
        [Message("user", "What should I plant?"), Message("assistant", "Try tomatoes.")],
        occurred_at=START + 20 * DAY,
    )
    result = db.recall(
        "what should I plant", lanes=["bm25", "context"], types=["Turn"], valid_at=START
    )
    assert result.hits == ()  # the session is not yet valid then
    assert db.recall("plant", lanes=["context"], types=["Turn"]).hits == ()
    later = db.recall("what should I plant", lanes=["bm25", "context"], types=["Turn"])
    assert first.turns[1] in {h.id for h in later.hits if "context" in h.ranks}
