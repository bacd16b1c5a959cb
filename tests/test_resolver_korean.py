"""Korean names across scripts (issue 13, round 10; ``worlddb.resolver.korean``): a name in Hangul
and its Latin spellings are one person; a different vowel, syllable or family name is not."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Changeset, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.aliases import AcronymIndex
from worlddb.resolver.korean import (
    _FINALS,
    _INITIALS,
    _VOWELS,
    could_be_korean,
    hangul_key,
    is_hangul_name,
    latin_keys,
    one_korean_name,
    other_hangul_name,
    spells,
)

pytestmark = pytest.mark.worlddb(recluster=False)

# Public figures' own Latin spellings: each convention the module names, at least once.
SPELLED = [
    ("김태혁", "Tae-hyuk Kim"),  # family last, ㅕ as "yu"
    ("김태혁", "Gim Taehyeok"),  # the Revised Romanization, run together
    ("박지성", "Park Ji-sung"),  # "r" after a family name's vowel, ㅓ as "u"
    ("안중근", "Ahn Jung-geun"),  # "h" after a family name's vowel
    ("손흥민", "Son Heung-min"),
    ("노무현", "Roh Moo-hyun"),  # ㄴ kept as "R", ㅜ as "oo"
    ("이명박", "Lee Myung-bak"),  # ㄹ of the initial sound law kept
    ("류현진", "Ryu Hyun-jin"),
    ("정몽구", "Chung Mong-koo"),  # ㅈ as "ch", ㄱ as "k"
    ("최준석", "Junseok Choi"),  # ㅚ as "oi"
    ("신세경", "Shin Se-kyung"),  # ㅅ as "sh"
    ("권상우", "Kwon Sang-woo"),  # 우 as "woo"
    ("김희선", "Kim Hee-sun"),  # ㅢ as "ee"
    ("엄정화", "Uhm Jung-hwa"),
    ("남궁민", "Namkoong Min"),  # a family name of two syllables
    ("김연아", "Kim Yu Na"),  # spaced given name
    ("반기문", "Ban, Ki-moon"),  # a comma after the family name
]
NOT_SPELLED = [
    ("정민준", "Jang Min-jun"),  # 정 and 장 differ in their vowel
    ("조민준", "Choi Min-jun"),  # 조 is Cho, not Choi
    ("윤민준", "Yeon Min-jun"),  # 윤 is Yoon, not Yeon
    ("김민준", "Kim Min-jae"),  # another given name
    ("김민준", "Park Min-jun"),  # another family name
    ("김민준", "Kim Min"),  # a syllable missing
    ("김민준", "Kim Min-jun Ho"),  # one too many
    ("김민준", "Kim Min-jun 2"),  # not a name's letters
]


@pytest.mark.parametrize(("hangul", "latin"), SPELLED)
def test_latin_spellings_of_a_hangul_name_are_found_and_checked(hangul: str, latin: str) -> None:
    assert spells(hangul, latin)
    assert one_korean_name(hangul, latin) and one_korean_name(latin, hangul)
    assert hangul_key(hangul) in latin_keys(latin)  # the blocking key finds what spells accepts


@pytest.mark.parametrize(("hangul", "latin"), NOT_SPELLED)
def test_other_names_are_not_spellings(hangul: str, latin: str) -> None:
    assert not spells(hangul, latin)


def test_most_other_names_are_left_out_of_the_korean_index() -> None:
    assert not could_be_korean("John Smith") and not could_be_korean("Maria Brown")
    assert not could_be_korean("Kim") and not could_be_korean("김민준")
    assert all(could_be_korean(latin) for _, latin in SPELLED if "," not in latin)


def test_only_hangul_names_are_read_as_korean() -> None:
    assert is_hangul_name("김 민준") and is_hangul_name("남궁민")
    assert not is_hangul_name("Kim Min-jun") and not is_hangul_name("東京")
    assert not is_hangul_name("김민준2") and not is_hangul_name("")
    assert not one_korean_name("Kim Min-jun", "Kim Minjun")  # Latin pairs: the usual comparison
    assert latin_keys("Kim Min-jun 2") == frozenset()


SYLLABLE = st.tuples(
    st.integers(0, len(_INITIALS) - 1),
    st.integers(0, len(_VOWELS) - 1),
    st.sampled_from([0, 1, 4, 8, 16, 17, 21]),  # the finals names use: none, ㄱ ㄴ ㄹ ㅁ ㅂ ㅇ
)


@settings(max_examples=300, deadline=None)
@given(st.lists(SYLLABLE, min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_every_listed_spelling_is_accepted_and_blocked_under_its_key(
    blocks: list[tuple[int, int, int]], rng: random.Random
) -> None:
    """Any Hangul name, spelled with any of the listed spellings of each block (family name
    first or last, given name hyphenated or run together), is accepted by ``spells`` and carries
    the Hangul name's blocking key: the lossy key and the exact check agree."""
    hangul = "".join(chr(0xAC00 + 588 * i + 28 * v + f) for i, v, f in blocks)
    parts = [
        rng.choice(_INITIALS[i]) + rng.choice(_VOWELS[v]) + rng.choice(_FINALS[f])
        for i, v, f in blocks
    ]
    if not parts[0]:  # a family name must have letters to be a word
        return
    given_name = ("-" if rng.random() < 0.5 else "").join(parts[1:])
    family = parts[0].capitalize()
    latin = f"{family} {given_name}" if rng.random() < 0.5 else f"{given_name} {family}"
    if not given_name.strip("-"):
        return
    assert spells(hangul, latin), (hangul, latin)
    assert hangul_key(hangul) in latin_keys(latin), (hangul, latin)
    assert could_be_korean(latin), latin  # the index's cheap test lets every spelling through


def _others(n: int) -> list[WorldSpec]:
    rng = random.Random(7)
    given_names = ["Anna", "Jun", "Min", "Ho", "Sun", "Maria", "Kenji", "Omar", "Lea", "Ivan"]
    families = ["Kimura", "Parker", "Lee-Smith", "Jang", "Cho", "Yoon", "Kang", "Han", "Oh"]
    names = {f"{rng.choice(given_names)} {rng.choice(families)} {i}" for i in range(n)}
    names |= {
        chr(0xAC00 + rng.randrange(11172)) + chr(0xAC00 + rng.randrange(11172)) for _ in range(n)
    }
    return [WorldSpec(type="Person", name=name) for name in sorted(names)]


def test_the_resolver_finds_a_korean_name_in_the_other_script_among_hundreds(db: WorldDB) -> None:
    """Through blocking at scale: a Hangul query finds the Latin spelling stored among 600 other
    people (many of them Korean-looking both ways) and back; the evidence names the rule."""
    db.write(Changeset(worlds=tuple(_others(300))))
    hangul, latin = store_all(db, ("Person", "김태혁"), ("Person", "Park Ji-sung"))
    resolver = TieredResolver(db.store)
    found = resolver.resolve(WorldSpec(type="Person", name="Tae-hyuk Kim"))
    assert found.world_id == hangul
    assert "Korean" in found.why(hangul)
    assert resolver.resolve(WorldSpec(type="Person", name="박지성")).world_id == latin
    assert resolver.resolve(WorldSpec(type="Person", name="장지성")).outcome == "new"  # Jang
    assert resolver.resolve(WorldSpec(type="Person", name="Kim Tae-min")).world_id != hangul


def test_the_latin_side_of_the_index_is_built_on_the_first_korean_query(db: WorldDB) -> None:
    """Most stores never see a Korean name: their people's Latin names are indexed only once a
    query in Hangul or shaped like a Korean name arrives, and from then on every later write."""
    store_all(db, ("Person", "Park Ji-sung"), ("Person", "박지성"))
    index = AcronymIndex(db.store)
    assert index.korean_matches("John Smith", latin=True) == []
    assert len(index.korean_matches("Bak Jiseong")) == 1  # the name in Hangul
    assert index.latin is None
    assert len(index.korean_matches("박지성")) == 1  # its Latin spelling
    assert index.latin is not None
    assert len(index.korean_matches("Bak Jiseong", latin=True)) == 1  # "Park Ji-sung"
    store_all(db, ("Person", "Kim Tae-hyuk"), ("Person", "Taehyuk Gim"))
    assert len(index.korean_matches("김태혁")) == 2
    assert index.korean_matches("김태훈") == []  # another given name: another consonant key


def test_hangul_names_a_block_apart_are_two_people(db: WorldDB) -> None:
    """Their romanisations are one letter apart ("GimYeongIl" / "GimYeongGil"), which the string
    comparison would read as a slip; in Hangul another block is another syllable of the name."""
    assert other_hangul_name("김영일", "김영길") and not other_hangul_name("김영일", "김 영일")
    assert not other_hangul_name("김영일", "Kim Young-il")
    (stored,) = store_all(db, ("Person", "김영길"))
    resolver = TieredResolver(db.store)
    assert resolver.resolve(WorldSpec(type="Person", name="김영일")).outcome == "new"
    assert resolver.resolve(WorldSpec(type="Person", name="김 영길")).world_id == stored
