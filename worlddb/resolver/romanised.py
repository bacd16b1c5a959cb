"""Blocking keys for names stored in another script: "Мирон Верес" found by "Miron Veres". Pure.

The store's full-text index and phonetic keys are built from a name as written, so a name stored
in Cyrillic, Greek or Chinese shares no word, prefix or key with its romanisation: blocking never
offers it, and the comparison (which does transliterate, ``forms.fold_words``) never runs. The
acronym index's scan of stored names (``aliases.AcronymIndex``) therefore also keeps, for each name
written outside the Latin script, the *skeletons* of its romanised words (``anyascii``): the first
letter and the consonants, with the letters romanisation systems disagree on left out (vowels,
``h``/``j``/``w``/``y``, doubled letters; "Okhrimovich", "Ohrimovič" and "Okhrimovych" give one
key), plus the skeleton of the whole name run together (Chinese names romanise to one word per
syllable or to one word: "Situ Meitong" / "SituMeitong"). A romanised query looks its own
skeletons up; the candidates then go through the ordinary comparison, which decides.

A query written in another script is blocked by its romanisation as well (``romanise``), at every
blocking stage (``tiered``), its phonetic key included; except a person's name in an abjad
(``abjad``: Hebrew, Arabic, Syriac, Thaana), whose romanisation has no short vowels, so its key
meets too many Latin names ("ארי מילר", Ari Miller, met "Roy Mueller").
"""

from __future__ import annotations

import re
import unicodedata
from bisect import insort
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Final

from anyascii import anyascii

from worlddb.resolver.brahmic import MIN_KEY, TAMIL, brahmic_key
from worlddb.resolver.forms import cross_script_key, fold_words, translit_key
from worlddb.resolver.greek import elot_digraphs

__all__ = [
    "ABJADS",
    "HAN",
    "MIN_SHARED",
    "abjad",
    "brahmic_skeletons",
    "file_keys",
    "foreign_script",
    "han",
    "romanise",
    "skeleton_matches",
    "skeletons",
]

MIN_SHARED: Final = 2  # word skeletons a multi-word name must share (or its whole-name key)
ABJADS: Final = frozenset({"HEBREW", "ARABIC", "SYRIAC", "THAANA"})
"""Scripts that leave short vowels unwritten (Unicode character names begin so)."""
_DROPPED: Final = re.compile(r"[aeiouyhjw]")
_DOUBLED: Final = re.compile(r"(.)\1+")


@lru_cache(maxsize=65536)
def foreign_script(name: str) -> bool:
    """Whether ``name`` has a letter outside the Latin script (Cyrillic, Greek, Han...)."""
    if name.isascii():
        return False
    return any(ch.isalpha() and not unicodedata.name(ch, "").startswith("LATIN") for ch in name)


HAN: Final = "HAN"
"""The script name ``han`` stands for, where a pair's other script is named (``brahmic``)."""


@lru_cache(maxsize=16384)
def han(name: str) -> bool:
    """Whether ``name`` has a Han character: romanised, its syllables are Pinyin's, whose
    consonants alone ("Taitung" / "Taoyuan": "tn") tell too few names apart."""
    return any("\u4e00" <= ch <= "\u9fff" for ch in name)


@lru_cache(maxsize=16384)
def abjad(name: str) -> bool:
    """Whether ``name`` has a letter of a script that leaves short vowels out (``ABJADS``): its
    romanisation is its consonants, which a Latin name's consonant key meets by chance."""
    return any(unicodedata.name(ch, "").split(" ", 1)[0] in ABJADS for ch in name)


def romanise(name: str) -> str:
    """``name`` in Latin letters (``anyascii``; Greek digraphs as ELOT 743 writes them), for
    blocking a query written in another script."""
    return anyascii(elot_digraphs(name))


def _skeleton(word: str, cross: bool = False) -> str:
    if cross:  # round-5 matching: g/h, c/cz/ts, kh/h unified too (``forms.cross_script_key``)
        return cross_script_key(word)
    key = translit_key(word)
    return _DOUBLED.sub(r"\1", key[0] + _DROPPED.sub("", key[1:])) if key else ""


@lru_cache(maxsize=65536)
def skeletons(name: str, cross: bool = False) -> tuple[frozenset[str], str]:
    """The word skeletons of ``name``'s romanisation and the skeleton of its words run together.

    Words of one letter (initials) and digits carry no key. ``cross``: the round-5 keys
    (``forms.cross_script_key``), which also unify g/h, c/cz/ts and kh/h.
    """
    words = [w for w in fold_words(name) if w.isalpha()]
    keys = frozenset(_skeleton(w, cross) for w in words if len(w) > 1)
    return keys, ("=" + _skeleton("".join(words), cross)) if words else ""


_BRAHMIC_TAG: Final = {TAMIL: "~t"}  # Tamil keys merge voicing: their own namespace
_OTHER_BRAHMIC: Final = "~b"


@lru_cache(maxsize=65536)
def brahmic_skeletons(name: str, script: str) -> tuple[frozenset[str], str]:
    """``skeletons`` by ``brahmic.brahmic_key``, for a name written in ``script`` or, with
    ``script`` of ``""``, a Latin name to look them up by (under the key every Brahmic script
    but Tamil shares; ``TAMIL`` gives Tamil's). Keys shorter than ``brahmic.MIN_KEY`` are left
    out, and every key is tagged so that it meets only names keyed the same way."""
    tag = _BRAHMIC_TAG.get(script, _OTHER_BRAHMIC)
    words = [w for w in fold_words(name) if w.isalpha()]
    keys = {brahmic_key(w, script) for w in words if len(w) > 1}
    joined = brahmic_key("".join(words), script)
    return (
        frozenset(tag + k for k in keys if len(k) >= MIN_KEY),
        tag + "=" + joined if len(joined) >= MIN_KEY else "",
    )


def file_keys(index: dict[str, list[int]], keys: Iterable[str], rid: int, limit: int) -> None:
    """File row ``rid`` under each of ``keys``, in order, while a key holds at most ``limit``
    rows: one more is filed, so a lookup can tell a key too common to say anything."""
    for key in keys:
        bucket = index.setdefault(key, [])
        if len(bucket) <= limit:
            insort(bucket, rid)


def skeleton_matches(
    index: Mapping[str, Sequence[int]],
    words: frozenset[str],
    joined: str,
    limit: int | None = None,
) -> set[int]:
    """Row ids ``index`` holds under a name's whole key ``joined`` or under ``MIN_SHARED`` of its
    word keys ``words`` (one, for a name of one word), as ``skeletons`` and
    ``brahmic_skeletons`` give them; a key holding more than ``limit`` rows is skipped."""

    def held(key: str) -> Sequence[int]:
        rows = index.get(key, ())
        return rows if limit is None or len(rows) <= limit else ()

    found = set(held(joined)) if joined else set()
    hits = Counter(rid for key in words for rid in held(key))
    need = min(MIN_SHARED, len(words))
    return found | {rid for rid, n in hits.items() if n >= need}
