"""Two Latin spellings of one Korean name (issue 13, round 11; ``worlddb.resolver.korean_latin``):
proposed as one person, never merged silently; lookalike names stay apart."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Changeset, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.korean import block_spellings
from worlddb.resolver.korean_latin import KOREAN_LATIN_SCORE, same_korean_name

pytestmark = pytest.mark.worlddb(recluster=False)

ONE_NAME = [
    ("Lee Min-jun", "Yi Minjun"),  # the initial sound law's "L"
    ("Kim Tae-hyuk", "Gim Taehyeok"),  # customary against Revised Romanization
    ("Park Ji-sung", "Bak Jiseong"),
    ("Minjun Lee", "Yi Min-jun"),  # family name last against first
    ("Choi Woo-shik", "Choe Usik"),
    ("Roh Moo-hyun", "No Muhyeon"),
    ("Hwang In-yeop", "Whang Inyeop"),
    ("Son Heung-min", "Sohn Heungmin"),  # the written-long "h"
    ("Kwŏn Sŏng-yŏp", "Gwon Seong-yeop"),  # McCune-Reischauer's breve: exactly RR's "eo"
    ("Ŏm Yu-sŭng", "Eom Yu-seung"),
]
TWO_PEOPLE = [
    ("Jung Min-jun", "Jang Min-jun"),
    ("Cho Min-jun", "Choi Min-jun"),
    ("Yoon Min-jun", "Yeon Min-jun"),
    ("Kim Min-jun", "Kim Min-jae"),
    ("Kim Min-jun", "Park Min-jun"),
    ("Jun Park", "Jon Park"),  # "o" for ㅓ is not read between two Latin names
    ("Anna Lee", "Ana Lee"),
    ("John Smith", "Jon Smith"),  # not shaped like Korean names at all
    ("Kang Min", "Kang Ming"),
    ("Sŏng Min-ho", "Song Min-ho"),  # ŏ is 성's vowel, never 송's
]


@pytest.mark.parametrize(("a", "b"), ONE_NAME)
def test_two_spellings_of_one_korean_name(a: str, b: str) -> None:
    assert same_korean_name(a, b) and same_korean_name(b, a)


@pytest.mark.parametrize(("a", "b"), TWO_PEOPLE)
def test_lookalike_names_stay_apart(a: str, b: str) -> None:
    assert not same_korean_name(a, b)


BLOCK = st.tuples(st.integers(0, 18), st.integers(0, 20), st.sampled_from([0, 1, 4, 8, 16, 17, 21]))


@settings(max_examples=300, deadline=None)
@given(st.lists(BLOCK, min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_any_two_listed_spellings_of_one_name_are_read_as_one(
    blocks: list[tuple[int, int, int]], rng: random.Random
) -> None:
    def spell() -> str:
        parts = [
            rng.choice(sorted(block_spellings(i, v, f, family=n == 0, strict=True)))
            for n, (i, v, f) in enumerate(blocks)
        ]
        family, given_name = parts[0].capitalize(), "-".join(parts[1:])
        return f"{family} {given_name}" if rng.random() < 0.5 else f"{given_name} {family}"

    a, b = spell(), spell()
    if a.replace("-", "").split() == b.replace("-", "").split():
        return  # the same letters: the string comparison's case
    assert same_korean_name(a, b), (a, b)


def test_the_resolver_finds_another_spelling_and_keeps_lookalikes_apart(db: WorldDB) -> None:
    rng = random.Random(3)
    given_names = ["Anna", "Maria", "Omar", "Ivan", "Lea", "Jun", "Min", "Seo"]
    families = ["Kimura", "Parker", "Jang", "Cho", "Yoon", "Kang", "Han", "Oh", "Lee"]
    others = {f"{rng.choice(given_names)} {rng.choice(families)} {i}" for i in range(400)}
    db.write(Changeset(worlds=tuple(WorldSpec(type="Person", name=n) for n in sorted(others))))
    stored, gim = store_all(db, ("Person", "Lee Min-jun"), ("Person", "Gim Taehyeok"))
    resolver = TieredResolver(db.store)
    found = resolver.resolve(WorldSpec(type="Person", name="Yi Minjun"))
    assert found.world_id == stored and found.score == KOREAN_LATIN_SCORE
    assert "Korean" in found.why(stored)
    assert resolver.resolve(WorldSpec(type="Person", name="Jang Min-jun")).outcome == "new"
    # found by the consonant key alone: the two spellings share no word
    assert resolver.resolve(WorldSpec(type="Person", name="Kim Tae-hyuk")).world_id == gim
