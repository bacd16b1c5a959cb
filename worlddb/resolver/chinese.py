"""Chinese personal names in Hanyu Pinyin and in Wade-Giles: "Zhang Wei" is "Chang Wei", "Xu
Zhiqiang" is "Hsü Chih-ch'iang", "Jiang Jieshi" is "Chiang Chieh-shih". Pure.

Mainland texts write Pinyin; Taiwan, older books and the diaspora write Wade-Giles, which spells
the same syllables otherwise (zh/j/q as "ch", x as "hs", r as "j", z/c as "ts"/"tz", b/d/g as
"p"/"t"/"k", an apostrophe for aspiration that is often left out). The string comparison sees
"Hsu" and "Xu" as two names. The table of every syllable in both systems
(``data/pinyin_wadegiles.tsv``) comes from ``pypinyin`` (MIT) through
``scripts/make_resolver_wadegiles.py``; nothing here is listed by hand.

A name is read once as Pinyin and once as Wade-Giles; each reading is a set of Pinyin spellings
(Wade-Giles without its apostrophes is ambiguous: "chang" is zhang or chang). Two names are one
name when one's Pinyin reading is among the other's Wade-Giles readings, family name first or
last. One side must be read as each system: two names both written in Pinyin are compared by the
string comparison, never here. What that cannot tell apart stays a reading, not a fact: "Chen
Wei" in Wade-Giles *is* Zhen Wei, so the match scores below the confident threshold
(``KOREAN_LATIN_SCORE``'s level), as a proposal that yields to a better reading.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from itertools import islice
from typing import Final

from worlddb.resolver.korean import family_splits, latin_words

__all__ = ["CHINESE_WHY", "chinese_keys", "same_chinese_name", "syllable_readings"]

CHINESE_WHY: Final = (
    "transliteration: one Chinese name in Hanyu Pinyin and in Wade-Giles "
    "(pypinyin's syllable table)"
)
"""The evidence a proposal records when this module matched it."""

_MAX_READINGS: Final = 64
_MAX_SYLLABLES: Final = 4  # per word: a given name joined, or a family name


@cache
def _tables() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]], int]:
    """Spelling → the Pinyin syllables it spells, read as Pinyin and read as Wade-Giles, and the
    longest spelling. ü is "v" in the table and "u" in names ("Lü" → "lu" once folded)."""
    raw = resources.files("worlddb.resolver").joinpath("data/pinyin_wadegiles.tsv")
    pinyin: dict[str, frozenset[str]] = {}
    wade: dict[str, set[str]] = {}
    for line in raw.read_text("utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        syllable, spelled = line.split("\t")
        plain = syllable.replace("v", "u")
        pinyin[plain] = frozenset({plain})
        wade.setdefault(spelled.replace("'", "").replace("v", "u"), set()).add(plain)
    table = {form: frozenset(syllables) for form, syllables in wade.items()}
    return pinyin, table, max(map(len, [*pinyin, *table]))


def syllable_readings(word: str) -> frozenset[str]:
    """The Pinyin syllables ``word`` spells as one syllable, read as Pinyin or as Wade-Giles
    (apostrophes and umlauts dropped); empty when it spells none."""
    as_pinyin, as_wade, _ = _tables()
    return as_pinyin.get(word, frozenset()) | as_wade.get(word, frozenset())


@lru_cache(maxsize=65536)
def _readings(word: str, wade: bool) -> frozenset[str]:
    """Every Pinyin string ``word`` spells syllable by syllable, read as Pinyin or as
    Wade-Giles (at most ``_MAX_SYLLABLES`` syllables, ``_MAX_READINGS`` strings)."""
    as_pinyin, as_wade, longest = _tables()
    table = as_wade if wade else as_pinyin

    memo: dict[tuple[int, int], frozenset[str]] = {}

    def walk(i: int, left: int) -> frozenset[str]:
        if i == len(word):
            return frozenset({""})
        if left == 0:
            return frozenset()
        found = memo.get((i, left))
        if found is None:
            out: set[str] = set()
            for k in range(1, min(longest, len(word) - i) + 1):
                for syllable in table.get(word[i : i + k], ()):
                    out.update(syllable + rest for rest in walk(i + k, left - 1))
                    if len(out) >= _MAX_READINGS:
                        break
            found = memo[(i, left)] = frozenset(out)
        return found

    return walk(0, _MAX_SYLLABLES)


@lru_cache(maxsize=65536)
def chinese_keys(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The name's readings as "family|given" Pinyin strings, family name first or last: as Pinyin,
    and as Wade-Giles. Empty for a name that is not two or three words of such syllables."""
    words = latin_words(name)
    if words is None or not 1 < len(words) <= 3:
        return frozenset(), frozenset()
    keys: list[set[str]] = [set(), set()]
    for n, wade in enumerate((False, True)):
        for family, given in family_splits(words):
            families = _readings(family, wade)
            givens = _readings(given, wade) if families else frozenset()
            if families and givens:
                pairs = (f"{f}|{g}" for f in families for g in givens)
                keys[n].update(islice(pairs, _MAX_READINGS))
    return frozenset(keys[0]), frozenset(keys[1])


@lru_cache(maxsize=65536)
def same_chinese_name(a: str, b: str) -> bool:
    """Whether one name is the other in the other system (Pinyin / Wade-Giles)."""
    pinyin_a, wade_a = chinese_keys(a)
    pinyin_b, wade_b = chinese_keys(b)
    return not pinyin_a.isdisjoint(wade_b) or not pinyin_b.isdisjoint(wade_a)
