"""Round 35 (issue 13): places written in Arabic letters against their Latin spelling
(``abjad``). The script leaves short vowels out and ``anyascii``'s digraphs are ambiguous, so the
comparison reads the Arabic letters themselves; a consonant key blocks both ways
(``aliases.AcronymIndex`` for a Latin query, ``script_index.ArabicLatinIndex`` for an Arabic
one). Development data: every set up to r33. The names below are none of theirs."""

from __future__ import annotations

import pytest

from tests.test_resolver import resolve, store_all
from worlddb.engine import WorldDB
from worlddb.resolver.abjad import (
    ABJAD_WHY,
    arabic_keys,
    arabic_spelling,
    is_arabic,
    latin_key,
)
from worlddb.resolver.script_index import ArabicLatinIndex

pytestmark = pytest.mark.worlddb(recluster=False)


@pytest.mark.parametrize(
    ("arabic", "latin"),
    [
        ("الحديدة", "Al Hudaydah"),  # article, "ي" as y, "ة" as h
        ("الحديدة", "Hodeidah"),  # the article unwritten, "ي" as ei
        ("ذمار", "Dhamar"),  # "ذ" as dh
        ("تطوان", "Tetouan"),  # the French spelling: "و" as ou (too short a key to block)
        ("مراكش", "Marrakech"),  # "ر" doubled (shadda), "ش" as ch
        ("الشحر", "Ash Shihr"),  # the article written as its sun letter
        ("دير الزور", "Deir ez-Zor"),  # "ي" as ei, the article as "ez"
        ("پشاور", "Peshawar"),  # Urdu: "پ"
        ("قلعة سكر", "Qalat Sukkar"),  # "ة" as t before a word, "ك" doubled
    ],
)
def test_a_latin_spelling_reads_as_the_arabic_letters(arabic: str, latin: str) -> None:
    assert is_arabic(arabic)
    assert arabic_spelling(arabic, latin)


@pytest.mark.parametrize(
    ("arabic", "latin"),
    [
        ("قطابر", "Qatar"),  # a consonant ("ب") left out
        ("ذمار", "Dhamir"),  # a long vowel ("ا") written as another vowel
        ("مراكش", "Markash"),  # "ا" needs a vowel
        ("تعز", "Taiz"),  # two consonants: too short to tell names apart
        ("الحديدة", "Al Hudaydah Sharq"),  # a word more
    ],
)
def test_other_names_do_not_read_as_the_arabic_letters(arabic: str, latin: str) -> None:
    assert not arabic_spelling(arabic, latin)


def test_both_spellings_share_a_blocking_key() -> None:
    assert arabic_keys("الشحر")[0] == latin_key("Ash Shihr")  # article as "sh" read "l"
    assert latin_key("Qalat Sukkar") in arabic_keys("قلعة سكر")  # "ة" read "t"
    assert latin_key("Khartoum") in arabic_keys("الخرطوم")  # without its article
    assert arabic_keys("الخرطوم")[0] != latin_key("Khartoum")
    assert arabic_keys("تعز") == ()  # two consonants: no key


def test_places_resolve_across_the_two_scripts(db: WorldDB) -> None:
    surdud, dhamar = store_all(db, ("Place", "Wadi Surdud"), ("Place", "ذمار"))
    found = resolve(db, "Place", "وادي سردد")
    assert found.world_id == surdud
    assert found.evidence[0].startswith(ABJAD_WHY)
    assert resolve(db, "Place", "Dhamar").world_id == dhamar  # a Latin query, Arabic stored
    assert resolve(db, "Place", "Dhamir").world_id is None


def test_people_are_not_compared_by_their_consonants(db: WorldDB) -> None:
    store_all(db, ("Person", "Mahmoud Aliyev"))
    # the consonants meet ("mhmd", "l"), but a person's name is read word by word since round
    # 46: "Aliyev" spells no "علي" ("محمد علي" and "Mahmud Ali" do meet: short vowels are
    # unwritten, so "محمد" reads Mahmud as well as Muhammad, a proposal, never a merge)
    assert resolve(db, "Person", "محمد علي").world_id is None


def test_the_index_is_built_on_the_first_arabic_query(db: WorldDB) -> None:
    store_all(db, ("Place", "Qalat Sukkar"), ("Organization", "Qalat Sukkar"))
    index = ArabicLatinIndex(db.store)
    assert index.matches("Qalat Sukkar") == []  # a Latin query has nothing to look up
    assert index.keys is None  # ... and builds nothing
    assert len(index.matches("قلعة سكر")) == 1  # the place, not the organisation
    assert index.keys is not None
