"""Place names in the Thai script against their Latin spelling. Pure.

Thai writes no spaces between a name's words, leaves the vowel of many syllables to the reader,
writes some vowels before the consonant they follow ("เขา" is khao) and gives many consonants
another value at a syllable's end ("ด" is d, and t finally; "ร" r, and n). Letter-by-letter
romanisation (``anyascii``) gives "ekhaanam'un" for "เขาน้ำอุ่น" (Khao Nam Un), which shares
no word with the Latin spelling. So, as ``abjad`` does for Arabic letters, the comparison works on
the Thai letters and asks whether the Latin name reads as them (``letter_reading``):

* each consonant is written by one of the spellings the Royal Thai General System (RTGS) gives
  it, initial or final, and the older or English ones signs and maps still carry ("ก" k or g,
  "จ" ch or j, "พ" ph or p, "ร" r, l or n);
* every vowel sign, tone mark and the vowel carrier "อ" is read as Latin vowels or nothing;
  "ห" before a consonant and "ย", "ว" may go unwritten ("หนอง" Nong, "ห้วย" Huai); a letter
  under the silencing mark "์" may go unwritten ("โพธิ์" Pho);
* Latin vowels, and "y" after them ("Phayao", "Chai"), are read as vowels Thai left unwritten.

``thai_keys`` and ``latin_key`` give a coarse consonant key both spellings of one name share, for
blocking; ``thai_spelling`` decides. Only places are compared so (``scoring``), as with
``abjad``: a person's name is short and its consonants meet too many names.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from worlddb.resolver.forms import fold_words
from worlddb.resolver.letter_reading import reads, undoubled, written_in

__all__ = ["MIN_KEY", "THAI_TAG", "THAI_WHY", "is_thai", "latin_key", "thai_keys", "thai_spelling"]

THAI_TAG: Final = "~t="
"""The namespace of these keys where they are filed beside other scripts' (``romanised``)."""
THAI_WHY: Final = (
    "transliteration: a place's name in Thai letters spelled in Latin ones (each consonant by "
    "its RTGS spelling, initial or final, vowels and tone marks read as vowels or nothing)"
)
MIN_KEY: Final = 3
"""Consonant classes a key must keep to tell names apart."""

_VOWELS: Final = frozenset("aeiouy")
_SILENCER: Final = "\u0e4c"  # THANTHAKHAT: the letter it sits on is not pronounced
_SPELLINGS: Final = {
    **dict.fromkeys("ก", ("k", "g")),
    **dict.fromkeys("ขฃคฅฆ", ("kh", "k", "g")),
    "ง": ("ng",),
    "จ": ("ch", "j", "t", "c"),
    "ฉ": ("ch", "t"),
    "ช": ("ch", "s", "t", "c"),
    "ซ": ("s", "t", "z"),
    "ฌ": ("ch", "t"),
    "ญ": ("y", "n"),
    **dict.fromkeys("ฎด", ("d", "t")),
    **dict.fromkeys("ฏต", ("t", "d")),
    **dict.fromkeys("ฐฑฒถทธ", ("th", "t", "d")),
    **dict.fromkeys("ณน", ("n",)),
    "บ": ("b", "p"),
    "ป": ("p", "b"),
    **dict.fromkeys("ผพภ", ("ph", "p")),
    **dict.fromkeys("ฝฟ", ("f", "ph", "p")),
    "ม": ("m",),
    "ย": ("y", "i", "j", ""),
    "ร": ("r", "l", "n", ""),
    **dict.fromkeys("ลฬ", ("l", "n", "r")),
    "ว": ("w", "v", "o", "u", ""),
    **dict.fromkeys("ศษส", ("s", "t")),
    "ห": ("h", ""),
    "ฮ": ("h",),
    "ฤ": ("r",),
    "ฦ": ("l",),
    "ำ": ("m",),  # SARA AM: the vowel a with a final m
}
"""Each Thai letter's Latin spellings; a letter not listed (vowel signs, "อ") reads as vowels."""
_KEY_CLASSES: Final = {
    **dict.fromkeys("กขฃคฅฆ", "k"),
    "ง": "g",
    **dict.fromkeys("จฉชซฌศษส", "s"),
    **dict.fromkeys("ฎดฏตฐฑฒถทธ", "t"),
    **dict.fromkeys("บปผพภฝฟ", "p"),
    **dict.fromkeys("มำ", "m"),
    **dict.fromkeys("ณนรลฬญฤฦ", "n"),
}
"""Each consonant's class in the blocking key: unions of its spellings, initial and final (n, r
and l are one class: "ร" and "ล" end a syllable as n)."""
_LATIN_CLASSES: Final = (("ng", "G"), ("tch", "S"), ("kh", "K"), ("ch", "S"), ("th", "T"))
_LATIN_LETTER: Final = str.maketrans(
    {
        **dict.fromkeys("kgcq", "k"),
        **dict.fromkeys("jsz", "s"),
        **dict.fromkeys("td", "t"),
        **dict.fromkeys("bpfv", "p"),
        "m": "m",
        **dict.fromkeys("nrl", "n"),
        **dict.fromkeys("aeiouywhx", ""),
    }
)


@lru_cache(maxsize=65536)
def is_thai(name: str) -> bool:
    """Whether ``name`` is written in the Thai script (and no other)."""
    return written_in(name, "THAI")


def _letters(name: str) -> list[tuple[str, tuple[str, ...], bool]]:
    """The letters of a Thai name with their spellings and whether the silencing mark sits on
    them (a silenced letter is also spelled as nothing)."""
    out: list[tuple[str, tuple[str, ...], bool]] = []
    for ch in name:
        if ch == _SILENCER and out:
            letter, spellings, _ = out[-1]
            out[-1] = (letter, (*spellings, ""), True)
        elif ch in _SPELLINGS:
            out.append((ch, _SPELLINGS[ch], False))
    return out


@lru_cache(maxsize=65536)
def thai_keys(name: str) -> tuple[str, ...]:
    """The coarse consonant key of a name in Thai letters (``_KEY_CLASSES``), and the key without
    its silenced letters; keys shorter than ``MIN_KEY`` are left out."""
    if not is_thai(name):
        return ()
    keys: list[str] = []
    for silent in (False, True):
        classes = [
            "" if silent and silenced else _KEY_CLASSES[ch]
            for ch, _, silenced in _letters(name)
            if ch in _KEY_CLASSES
        ]
        key = undoubled("".join(classes))
        if len(key) >= MIN_KEY and key not in keys:
            keys.append(key)
    return tuple(keys)


@lru_cache(maxsize=65536)
def latin_key(name: str) -> str:
    """The coarse consonant key of a Latin name, as ``thai_keys`` keys its Thai spelling."""
    text = "".join(w for w in fold_words(name) if w.isalpha())
    for spelled, cls in _LATIN_CLASSES:
        text = text.replace(spelled, cls)
    return undoubled(text.translate(_LATIN_LETTER).lower())


@lru_cache(maxsize=65536)
def thai_spelling(thai: str, latin: str) -> bool:
    """Whether the Latin name ``latin`` spells the name ``thai`` written in Thai letters (see the
    module docstring); the Thai name must hold at least ``MIN_KEY`` consonant classes."""
    if not thai_keys(thai):
        return False
    text = "".join(w for w in fold_words(latin) if w.isalpha())
    letters = tuple((ch, spellings) for ch, spellings, _ in _letters(thai))
    return bool(text) and reads(letters, text, _VOWELS)
