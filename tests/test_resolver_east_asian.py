"""Chinese names in Pinyin and Wade-Giles, Japanese names romanised two ways (issue 13, round
12; ``worlddb.resolver.chinese``, ``worlddb.resolver.japanese``)."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from tests.test_resolver import store_all
from worlddb.engine import WorldDB
from worlddb.model import Changeset, WorldSpec
from worlddb.resolver import TieredResolver
from worlddb.resolver.chinese import chinese_keys, same_chinese_name
from worlddb.resolver.japanese import japanese_keys, same_japanese_name
from worlddb.resolver.syllables import two_syllables

pytestmark = pytest.mark.worlddb(recluster=False)

ONE_CHINESE_NAME = [
    ("Zhang Wei", "Chang Wei"),  # zh as ch, the apostrophe-free Wade-Giles
    ("Xu Zhiqiang", "Hsü Chih-ch'iang"),  # x as hs, zhi as chih, q as ch'
    ("Jiang Jieshi", "Chiang Chieh-shih"),
    ("Mao Zedong", "Mao Tse-tung"),  # z as ts, ong as ung
    ("Deng Xiaoping", "Teng Hsiao-p'ing"),  # d as t, p as p'
    ("Wei Zhang", "Chang Wei"),  # family name last against first
    ("Lü Bu", "Lu Pu"),
]
TWO_CHINESE_PEOPLE = [
    ("Zhang Wei", "Jiang Wei"),
    ("Xu Ming", "Shu Ming"),
    ("Chen Hao", "Cheng Hao"),
    ("Wang Li", "Huang Li"),
    ("Zhang Wei", "Zhang Wen"),
    ("John Smith", "Jon Smith"),
]
ONE_JAPANESE_NAME = [
    ("Satō Yūki", "Sato Yuki"),  # macrons dropped
    ("Satoh Yuki", "Satou Yuuki"),  # length as h, as the kana spell it
    ("Ōno Shinji", "Ohno Sinzi"),  # Kunrei-shiki
    ("Honma Kenta", "Homma Kenta"),  # moraic n before m
    ("Saitô Tsutomu", "Saito Tutomu"),
]
TWO_JAPANESE_PEOPLE = [
    ("Sato Yuki", "Saito Yuki"),
    ("Yuki Tanaka", "Yuka Tanaka"),
    ("Ono Jiro", "Ino Jiro"),
    ("Anna Lee", "Ana Lee"),
]


@pytest.mark.parametrize(("a", "b"), ONE_CHINESE_NAME)
def test_pinyin_and_wade_giles_spell_one_name(a: str, b: str) -> None:
    assert same_chinese_name(a, b) and same_chinese_name(b, a)


@pytest.mark.parametrize(("a", "b"), TWO_CHINESE_PEOPLE)
def test_close_chinese_names_stay_apart(a: str, b: str) -> None:
    assert not same_chinese_name(a, b)


@pytest.mark.parametrize(("a", "b"), ONE_JAPANESE_NAME)
def test_two_romanisations_of_one_japanese_name(a: str, b: str) -> None:
    assert same_japanese_name(a, b) and same_japanese_name(b, a)


@pytest.mark.parametrize(("a", "b"), TWO_JAPANESE_PEOPLE)
def test_close_japanese_names_stay_apart(a: str, b: str) -> None:
    assert not same_japanese_name(a, b)


def test_names_of_other_shapes_have_no_keys() -> None:
    assert chinese_keys("John Smith") == (frozenset(), frozenset())
    assert japanese_keys("John Smith") == frozenset()
    assert chinese_keys("Zhang") == (frozenset(), frozenset())  # one word: no family and given


def test_the_syllable_table_is_the_built_one() -> None:
    text = resources.files("worlddb.resolver").joinpath("data/pinyin_wadegiles.tsv")
    lines = text.read_text("utf-8").splitlines()
    assert lines[0].startswith("# Hanyu Pinyin syllables and their Wade-Giles spellings")
    rows = dict(line.split("\t") for line in lines if not line.startswith("#"))
    assert len(rows) == 414  # scripts/make_resolver_wadegiles.py
    assert rows["xu"] == "hsv" and rows["zhi"] == "chih" and rows["ri"] == "jih"
    assert rows["sai"] == "sai" and rows["wai"] == "wai"  # the build script's fix of -ai


def test_the_resolver_finds_the_other_romanisation_among_hundreds(db: WorldDB) -> None:
    rng = random.Random(5)
    given_names = ["Anna", "Wei", "Ming", "Yuki", "Kenta", "Omar", "Lea", "Jun"]
    families = ["Parker", "Wang", "Li", "Chen", "Tanaka", "Suzuki", "Kimura", "Lee"]
    others = {f"{rng.choice(given_names)} {rng.choice(families)} {i}" for i in range(400)}
    db.write(Changeset(worlds=tuple(WorldSpec(type="Person", name=n) for n in sorted(others))))
    xu, sato = store_all(db, ("Person", "Hsü Chih-ch'iang"), ("Person", "Satō Yūki"))
    resolver = TieredResolver(db.store)
    found = resolver.resolve(WorldSpec(type="Person", name="Xu Zhiqiang"))
    assert found.world_id == xu and "Wade-Giles" in found.why(xu)
    found = resolver.resolve(WorldSpec(type="Person", name="Yuuki Satou"))
    assert found.world_id == sato and "Japanese" in found.why(sato)
    assert resolver.resolve(WorldSpec(type="Person", name="Saito Yuki")).world_id != sato


ROMANISED_SYLLABLES_APART = [
    ("Shih Mei", "Chih Mei"),  # 施 / 池 in Wade-Giles: a sound-alike letter, another syllable
    ("Liang En", "Lian En"),  # 梁 / 连: a letter dropped, another syllable
    ("Hung Chin-lien", "Nung Chin-lien"),  # a neighbouring key, another syllable
]
FAMILY_NAME_FIRST_APART = [
    ("Sato Sotaro", "Saito Sotaro"),  # two Japanese surnames, written first
    ("Tong Chen Rui", "Gong Chen Rui"),  # the family name is no unlisted title to set aside
]


@pytest.mark.parametrize(("a", "b"), ROMANISED_SYLLABLES_APART + FAMILY_NAME_FIRST_APART)
def test_names_one_letter_apart_as_syllables_or_out_of_place_are_two_people(
    db: WorldDB, a: str, b: str
) -> None:
    (stored,) = store_all(db, ("Person", b))
    found = TieredResolver(db.store).resolve(WorldSpec(type="Person", name=a))
    assert found.world_id != stored and stored not in {o[0] for o in found.options}


def test_two_spellings_of_one_syllable_are_not_two_syllables() -> None:
    assert two_syllables("shih", "chih") and two_syllables("liang", "lian")
    assert not two_syllables("hsu", "xu")  # one syllable in Wade-Giles and in Pinyin
    assert not two_syllables("khen", "chen")  # "khen" is no Chinese syllable
    assert not two_syllables("sarah", "saarah")  # no syllable of either system
    assert not two_syllables("chen", "chen")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Jon Smithh", "Jon Smith"),  # a doubled letter in an English surname is still a slip
        ("Zachary Macia", "Zachary Macias"),
        ("Ito Hiroshi", "Itoh Hiroshi"),  # one Japanese name, the long vowel written "oh"
        ("Kang Min-jun", "Gang Min-jun"),  # one Korean name, two spellings of 강
    ],
)
def test_slips_and_spellings_of_one_name_still_match(db: WorldDB, typed: str, stored: str) -> None:
    (want,) = store_all(db, ("Person", stored))
    found = TieredResolver(db.store).resolve(WorldSpec(type="Person", name=typed))
    assert want in {found.world_id, *(o[0] for o in found.options)}
