"""The slip index (issue 13, round 15): one-word names mistyped in their first letters are
offered to the comparison ("Siklkim" → "Sikkim"), which still decides, and only inside the
resolution's scopes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.extract import OfflineExtractor
from worlddb.model import WorldSpec
from worlddb.plugins import ExtractedEntity
from worlddb.resolver import TieredResolver
from worlddb.resolver.slip_index import SlipIndex, slip_keys
from worlddb.testing import HashEmbedder

pytestmark = pytest.mark.worlddb(recluster=False)

_WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=6, max_size=12)


def _one_edit(word: str, kind: int, at: int, letter: str) -> str:
    at = at % len(word)
    if kind == 0:  # a letter changed
        return word[:at] + letter + word[at + 1 :]
    if kind == 1:  # a letter dropped
        return word[:at] + word[at + 1 :]
    if kind == 2:  # a letter added
        return word[:at] + letter + word[at:]
    at = min(at, len(word) - 2)  # two neighbouring letters swapped
    return word[:at] + word[at + 1] + word[at] + word[at + 2 :]


@given(_WORDS, st.integers(0, 3), st.integers(0, 11), st.sampled_from("abcxyz"))
def test_words_one_edit_apart_share_a_deletion_key(
    word: str, kind: int, at: int, letter: str
) -> None:
    typed = _one_edit(word, kind, at, letter)
    assert slip_keys(word) & slip_keys(typed)


def test_a_long_one_word_name_mistyped_at_its_start_is_found(db: WorldDB) -> None:
    sikkim, hrastnik, mazowieckie = store_all(
        db, ("Place", "Sikkim"), ("Place", "Hrastnik"), ("Place", "Mazowieckie")
    )
    resolver = TieredResolver(db.store)
    for typed, stored in (("Siklkim", sikkim), ("Urastnik", hrastnik), ("Azowieckie", mazowieckie)):
        found = resolver.resolve(WorldSpec(type="Place", name=typed))
        assert (found.world_id, found.tier) == (stored, "fuzzy"), typed
    # the comparison still decides: a short one-word name one letter off is another name
    store_all(db, ("Organization", "Stripe"))
    assert resolver.resolve(WorldSpec(type="Organization", name="Ktripe")).outcome == "new"


def test_the_index_follows_the_store_and_ignores_names_of_several_words(db: WorldDB) -> None:
    index = SlipIndex(db.store.resolver_queries)
    assert index.matches("Siklkim") == []
    store_all(db, ("Place", "Sikkim"), ("Place", "New Sikkim Town"), ("Note", "Sikkim"))
    rids = index.matches("Siklkim")
    assert len(rids) == 1  # the Place; a Note is no entity, a name of three words not keyed
    assert index.matches("Siklkim Town") == [] and index.matches("Sik") == []


def test_another_scopes_name_is_never_offered() -> None:
    with WorldDB.open(":memory:", embedder=HashEmbedder(), extractor=OfflineExtractor()) as db:
        bob = {"user_id": "bob"}
        db.remember(
            "We drove to Sikkim", scopes=bob, entities=(ExtractedEntity("Sikkim", "Place"),)
        )
        alice = db.remember(
            "Siklkim is lovely",
            scopes={"user_id": "alice"},
            entities=(ExtractedEntity("Siklkim", "Place"),),
        )
        assert [t for n, _, t in alice.entities if n == "Siklkim"] == ["new"]
        again = db.remember(
            "Siklkim again", scopes=bob, entities=(ExtractedEntity("Siklkim", "Place"),)
        )
        assert [t for n, _, t in again.entities if n == "Siklkim"] == ["fuzzy"]
