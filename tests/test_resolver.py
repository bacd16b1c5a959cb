"""The tiered resolver: each tier, type compatibility, disagreements and the tiebreaker."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from worlddb.engine import WorldDB
from worlddb.model import Changeset, NodeId, Resolution, WorldSpec
from worlddb.plugins import Vectors
from worlddb.resolver import (
    ENTITY_TYPES,
    ExactResolver,
    Option,
    ResolverSettings,
    TieredResolver,
    TierPreference,
    candidate_types,
    compatible_types,
)


class TableEmbedder:
    """Embeds texts by a fixed table: listed texts share a vector per group; others are unique."""

    def __init__(self, groups: Sequence[Sequence[str]], dimension: int = 32) -> None:
        self.dimension = dimension
        self.key = "table:test:32"
        self._group = {text: n for n, group in enumerate(groups) for text in group}
        self._next = len(groups)
        self._fresh: dict[str, int] = {}

    def _axis(self, text: str) -> int:
        if text in self._group:
            return self._group[text]
        if text not in self._fresh:
            self._fresh[text] = self._next
            self._next += 1
        return self._fresh[text]

    def embed_documents(self, texts: Sequence[str], /) -> Vectors:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            out[row, self._axis(text) % self.dimension] = 1.0
        return out

    def embed_queries(self, texts: Sequence[str], /) -> Vectors:
        return self.embed_documents(texts)


class PickLast:
    """A tiebreaker that records what it saw and picks the last option (or abstains)."""

    def __init__(self, abstain: bool = False) -> None:
        self.abstain = abstain
        self.seen: list[tuple[str, tuple[Option, ...]]] = []

    def choose(self, spec: WorldSpec, options: Sequence[Option], /) -> NodeId | None:
        self.seen.append((spec.name, tuple(options)))
        return None if self.abstain else options[-1].world_id


pytestmark = pytest.mark.worlddb(recluster=False)


def store_all(db: WorldDB, *entities: tuple[str, str]) -> list[NodeId]:
    """Write entities without resolution (so near-duplicates stay separate worlds)."""
    specs = tuple(WorldSpec(type=kind, name=name) for kind, name in entities)
    result = db.write(Changeset(worlds=specs))
    return [result.ids[k] for k in result.ids]


def resolve(db: WorldDB, kind: str, name: str, **kwargs: Any) -> Resolution:
    resolver = TieredResolver(db.store, **kwargs)
    return resolver.resolve(WorldSpec(type=kind, name=name))


# -- the tiers -----------------------------------------------------------------------------------
def test_exact_tier_matches_name_and_alias_case_insensitively(db: WorldDB) -> None:
    (acme,) = store_all(db, ("Organization", "Acme Corporation"))
    db.write(
        Changeset(
            worlds=(
                WorldSpec(
                    type="Organization", name="acme corporation", aliases=("ACME",), resolve=True
                ),
            )
        )
    )
    for surface in ("ACME CORPORATION", "acme", "Acme"):
        result = resolve(db, "Organization", surface)
        assert (result.outcome, result.world_id, result.tier, result.score) == (
            "resolved",
            acme,
            "exact",
            1.0,
        )


@pytest.mark.parametrize(
    ("variant", "tier"),
    [
        ("Robret Smith", "fuzzy"),  # transposed letters
        ("Robrt Smith", "fuzzy"),  # a dropped letter
        ("Smith, Robert", "fuzzy"),  # word order and punctuation
        ("Robert Smith.", "fuzzy"),
        ("Bob Smith", "fuzzy"),  # a nickname
        ("R. Smith", "fuzzy"),  # an initial
        ("ROBERT  SMITH", "exact"),  # case and spacing normalise away
    ],
)
def test_fuzzy_tier_catches_typos_order_nicknames_and_initials(
    db: WorldDB, variant: str, tier: str
) -> None:
    (robert,) = store_all(db, ("Person", "Robert Smith"))
    result = resolve(db, "Person", variant)
    assert (result.outcome, result.world_id, result.tier) == ("resolved", robert, tier)
    assert 0.9 <= result.score <= 1.0


def test_fuzzy_tier_reports_its_score_below_one_for_a_typo(db: WorldDB) -> None:
    store_all(db, ("Tool", "Kubernetes"))
    result = resolve(db, "Tool", "Kubernets")
    assert result.tier == "fuzzy"
    assert 0.9 < result.score < 1.0


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Graphwave", "Grafwave"),  # ph/f: two edits, not a typo, but one sound
        ("Philmore", "Filmore"),  # shares no word or prefix: found through the phonetic key
        ("Knoxville Labs", "Noksville Labs"),
    ],
)
def test_phonetic_tier_matches_names_that_sound_alike(db: WorldDB, stored: str, query: str) -> None:
    (target,) = store_all(db, ("Tool", stored))
    result = resolve(db, "Tool", query)
    assert (result.outcome, result.world_id, result.tier) == ("resolved", target, "phonetic")


def test_phonetic_keys_are_stored_for_names_and_aliases(db: WorldDB) -> None:
    db.write(
        Changeset(
            worlds=(WorldSpec(type="Person", name="Phillip Knight", aliases=("Phil Wright",)),)
        )
    )
    rows = db.store._connection.execute(
        "SELECT phonetic FROM nodes WHERE name = 'Phillip Knight'"
    ).fetchall()
    aliases = db.store._connection.execute("SELECT phonetic FROM aliases").fetchall()
    assert rows == [("F410 N230",)]
    assert aliases == [("F400 R230",)]


def test_embedding_tier_finds_what_spelling_cannot(db: WorldDB) -> None:
    embedder = TableEmbedder([["International Business Machines", "Big Blue"]])
    with WorldDB.open(":memory:", embedder=embedder, extractor=None) as vdb:
        (ibm,) = store_all(vdb, ("Organization", "International Business Machines"))
        store_all(vdb, ("Organization", "Northwind Traders"))
        result = resolve(vdb, "Organization", "Big Blue", embedder=embedder, vectors=vdb.vectors)
        off = resolve(vdb, "Organization", "Big Blue")
    assert (result.outcome, result.world_id, result.tier) == ("resolved", ibm, "embedding")
    assert result.score == pytest.approx(1.0)
    assert off.outcome == "new"  # without an embedder the tier is off


def test_embedding_tier_is_vetoed_by_different_numbers_and_given_names() -> None:
    embedder = TableEmbedder([["Windows 10", "Windows 11"], ["Mark Jones", "Mary Jones"]])
    with WorldDB.open(":memory:", embedder=embedder, extractor=None) as vdb:
        store_all(vdb, ("Tool", "Windows 10"), ("Person", "Mark Jones"))
        for kind, name in (("Tool", "Windows 11"), ("Person", "Mary Jones")):
            result = resolve(vdb, kind, name, embedder=embedder, vectors=vdb.vectors)
            assert result.outcome == "new", name


@pytest.mark.parametrize(
    ("stored", "query"),
    [
        ("Mark Smith", "Mary Smith"),  # different given names
        ("Northwind Analytics", "Northwind Logistics"),  # different descriptor
        ("Windows 10", "Windows 11"),  # different version
        ("DataForge", "DataForge Pro"),  # an edition is another product
        ("John A. Smith", "John B. Smith"),  # different middle initials
    ],
)
def test_close_names_of_different_entities_stay_new(db: WorldDB, stored: str, query: str) -> None:
    store_all(db, ("Entity", stored))
    assert resolve(db, "Entity", query).outcome == "new"


# -- types ---------------------------------------------------------------------------------------
def test_a_person_does_not_resolve_to_a_tool_of_the_same_name(db: WorldDB) -> None:
    store_all(db, ("Tool", "Jordan"))
    assert resolve(db, "Person", "Jordan").outcome == "new"
    assert resolve(db, "Person", "Jordann").outcome == "new"


def test_generic_entities_resolve_across_types_and_typed_ones_to_generic(db: WorldDB) -> None:
    tool, generic = store_all(db, ("Tool", "Jordan"), ("Entity", "Alice Zhang"))
    assert resolve(db, "Entity", "Jordan").world_id == tool
    assert resolve(db, "Person", "Alice Zhang").world_id == generic


def test_type_rules_are_consistent() -> None:
    assert candidate_types("Entity") == sorted(ENTITY_TYPES)
    assert candidate_types("Person") == ["Person", "Entity"]
    assert compatible_types("Person", "Entity") and not compatible_types("Person", "Tool")


# -- disagreement --------------------------------------------------------------------------------
def test_two_exact_matches_are_ambiguous_without_a_tiebreaker_decision(db: WorldDB) -> None:
    first, second = store_all(db, ("Person", "John Smith"), ("Entity", "john smith"))
    result = resolve(db, "Person", "John Smith")
    assert result.outcome == "ambiguous"
    assert {o[0] for o in result.options} == {first, second}
    assert {o[1] for o in result.options} == {"exact"}


def test_a_supplied_tiebreaker_decides_and_the_answer_says_so(db: WorldDB) -> None:
    store_all(db, ("Person", "John Smith"), ("Entity", "john smith"))
    picker = PickLast()
    result = resolve(db, "Person", "John Smith", tiebreaker=picker)
    ((seen_name, seen_options),) = picker.seen
    assert seen_name == "John Smith" and len(seen_options) == 2
    assert (result.outcome, result.tier) == ("resolved", "tiebreaker")
    assert result.world_id == seen_options[-1].world_id
    abstaining = resolve(db, "Person", "John Smith", tiebreaker=PickLast(abstain=True))
    assert abstaining.outcome == "ambiguous"


def test_default_tiebreaker_prefers_fuzzy_over_embedding_when_tiers_disagree() -> None:
    embedder = TableEmbedder([["Jon Smiht", "Jack Sparrow"]])
    with WorldDB.open(":memory:", embedder=embedder, extractor=None) as vdb:
        vdb.recluster_budget_s = 0.0
        fuzzy_world, embedded_world = store_all(
            vdb, ("Person", "Jon Smith"), ("Person", "Jack Sparrow")
        )
        settings = ResolverSettings(fuzzy_confident=1.0)  # keep going past the fuzzy tier
        kwargs = {"embedder": embedder, "vectors": vdb.vectors, "settings": settings}
        decided = resolve(vdb, "Person", "Jon Smiht", **kwargs)
        undecided = resolve(vdb, "Person", "Jon Smiht", tiebreaker=None, **kwargs)
    assert (decided.outcome, decided.world_id, decided.tier) == (
        "resolved",
        fuzzy_world,
        "tiebreaker",
    )
    assert undecided.outcome == "ambiguous"
    assert [(o[0], o[1]) for o in undecided.options] == [
        (fuzzy_world, "fuzzy"),
        (embedded_world, "embedding"),
    ]


def test_tier_preference_ranks_tiers_then_scores_and_refuses_ties() -> None:
    spec = WorldSpec(type="Person", name="x")
    a, b = NodeId("a" * 64), NodeId("b" * 64)
    prefer = TierPreference()
    assert prefer.choose(spec, [Option(a, "phonetic", 0.99), Option(b, "fuzzy", 0.9)]) == b
    assert prefer.choose(spec, [Option(a, "fuzzy", 0.99), Option(b, "fuzzy", 0.9)]) == a
    assert prefer.choose(spec, [Option(a, "fuzzy", 0.95), Option(b, "fuzzy", 0.95)]) is None
    assert prefer.choose(spec, []) is None
    custom = TierPreference(("embedding", "fuzzy"))
    assert custom.choose(spec, [Option(a, "fuzzy", 0.99), Option(b, "embedding", 0.9)]) == b


def test_a_name_tying_many_worlds_is_too_unspecific_to_propose(db: WorldDB) -> None:
    store_all(db, ("Person", "James Perry"), ("Person", "Jane Perry"), ("Person", "Jennifer Perry"))
    assert resolve(db, "Person", "J. Perry").outcome == "new"
    two = resolve(db, "Person", "J. Perry", settings=ResolverSettings(max_ambiguous=3))
    assert two.outcome == "ambiguous" and len(two.options) == 3


def test_thresholds_are_named_settings(db: WorldDB) -> None:
    store_all(db, ("Tool", "Kubernetes"))
    strict = ResolverSettings(fuzzy_accept=0.999, fuzzy_confident=0.999, phonetic_accept=0.999)
    assert resolve(db, "Tool", "Kubernets", settings=strict).outcome == "new"
    assert resolve(db, "Tool", "Kubernets").outcome == "resolved"


def test_exclude_hides_worlds_from_every_tier(db: WorldDB) -> None:
    (robert,) = store_all(db, ("Person", "Robert Smith"))
    resolver = TieredResolver(db.store)
    for name in ("Robert Smith", "Bob Smith", "Robbert Smith"):
        spec = WorldSpec(type="Person", name=name)
        assert resolver.resolve(spec, exclude={robert}).outcome == "new"


def test_names_without_words_are_new(db: WorldDB) -> None:
    store_all(db, ("Person", "Robert Smith"))
    for name in ("", "   ", "...", "\u200b"):
        assert resolve(db, "Person", name).outcome == "new"


def test_the_engine_uses_the_tiered_resolver_by_default(db: WorldDB) -> None:
    assert isinstance(db.reconciler.resolver, TieredResolver)
    with WorldDB.open(
        ":memory:", embedder=None, extractor=None, resolver=ExactResolver(db.store)
    ) as other:
        assert isinstance(other.reconciler.resolver, ExactResolver)
