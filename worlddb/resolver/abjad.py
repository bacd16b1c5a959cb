"""Place names in the Arabic script against their Latin spelling. Pure.

The Arabic script (Arabic, Persian, Urdu, Pashto) is an abjad: it writes consonants and long
vowels and leaves short vowels out, so "قطابر" is Qatabir and "الجندية السفلى" is Al Janadyah As
Sufla. Letter-by-letter romanisation (``anyascii``) gives "qtbr" and "ljndyh lsfla", which share
no word with the Latin spelling, and its digraphs are ambiguous besides: "سحار" (s, h, a, r:
Sahar) reads "shar", as "ش" would. So the comparison here works on the Arabic letters
themselves, and asks whether the Latin name can be read as them:

* each Arabic letter is written by one of the Latin spellings romanisation systems give it
  (ALA-LC, UNGEGN's and the British BGN/PCGN system, and the French and English spellings of
  the Maghreb and the Gulf): "ق" as q, k or g, "ج" as j, g or dj, "ث" as th, s or t, "ظ" as z,
  dh or d;
* a Latin vowel the Arabic does not write is a short vowel and is read as nothing; a long-vowel
  letter ("ا", "و", "ي") must be written by a vowel (or, for "و" and "ي", by w/v and y);
* a consonant written twice in Latin letters is one Arabic letter with a shadda ("Al-Jarrahi");
* the article "ال" is written al, el or, before a sun letter, as that letter ("As Sufla",
  "An Nabi"); "ة" and a final "ه" are written h, t or nothing; "ع" and the hamza are left out or
  written with an apostrophe.

Names are compared run together, so the article or the conjunction "و" joined to a word is no
obstacle ("ولمذود" / "wa Lamdhud"). ``arabic_keys`` and ``latin_key`` give a coarse consonant key
that both spellings of one name share, for blocking (``abjad_index``); ``arabic_spelling``
decides for places. A person's name is short and many names share its consonants, so it is read
word by word (``arabic_name_spelling``: each word by its own, "محمد" never read as "Mahmud"), and
the Latin people its key meets are candidates only when it spells them so (``tiered``); Hebrew,
also an abjad, is left to the general key.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from worlddb.resolver.forms import fold_words
from worlddb.resolver.letter_reading import reads, undoubled, written_in

__all__ = [
    "ABJAD_TAG",
    "ABJAD_WHY",
    "MIN_KEY",
    "arabic_keys",
    "arabic_name_spelling",
    "arabic_spelling",
    "is_arabic",
    "latin_key",
]

ABJAD_TAG: Final = "~a="
"""The namespace of these keys where they are filed beside other scripts' (``romanised``)."""
ABJAD_WHY: Final = (
    "transliteration: a name in Arabic letters spelled in Latin ones (abjad: each letter "
    "by its ALA-LC, BGN/PCGN or French spelling, short vowels unwritten)"
)
"""The evidence of a proposal made by ``arabic_spelling``."""
MIN_KEY: Final = 3
"""Consonant classes a key must keep to tell names apart ("sr" meets too many)."""

_VOWELS: Final = frozenset("aeiou")
_SUN: Final = frozenset("تثدذرزسشصضطظلن")
_ARTICLE: Final = "ال"
_LONG: Final = {
    "ا": ("a", "aa", "e", "o"),
    "آ": ("a", "aa"),
    "و": ("w", "v", "u", "o", "ou", "oo", "uu"),
    "ي": ("y", "i", "e", "ee", "ii", "ie", "ey"),
    "ی": ("y", "i", "e", "ee", "ii", "ie", "ey"),
    "ى": ("a", "e", "i", "y", ""),
    "ے": ("e", "y", "ai", "ay"),
}
_SPELLINGS: Final = {
    "ب": ("b", "p"),
    "پ": ("p",),
    "ت": ("t",),
    "ٹ": ("t",),
    "ث": ("th", "s", "t"),
    "ج": ("j", "g", "dj", "dzh", "zh"),
    "چ": ("ch", "tch", "c"),
    "ح": ("h",),
    "خ": ("kh", "x", "ch", "h"),
    "د": ("d",),
    "ڈ": ("d",),
    "ذ": ("dh", "z", "d", "th"),
    "ر": ("r",),
    "ڑ": ("r",),
    "ز": ("z",),
    "ژ": ("zh", "j", "z"),
    "س": ("s",),
    "ش": ("sh", "ch", "sch", "s"),
    "ص": ("s",),
    "ض": ("d", "dh", "z"),
    "ط": ("t",),
    "ظ": ("z", "dh", "d"),
    "ع": ("",),
    "غ": ("gh", "g"),
    "ف": ("f", "ph"),
    "ڤ": ("v",),
    "ق": ("q", "k", "g"),
    "ك": ("k", "c", "ck", "g"),  # g: Moroccan spellings of Amazigh names ("زاكورة" / Zagora)
    "ک": ("k", "c", "ck"),  # Persian and Urdu keheh; their g is "گ"
    "گ": ("g",),
    "ل": ("l",),
    "م": ("m",),
    "ن": ("n",),
    "ں": ("n",),
    "ه": ("h",),
    "ھ": ("h",),
    "ة": ("h", "t", ""),
    "ۃ": ("h", "t", ""),
    "ء": ("",),
    "أ": ("a", "e", "i", "o", "u", ""),
    "إ": ("i", "e", ""),
    "ؤ": ("u", "o", "w", ""),
    "ئ": ("i", "e", "y", ""),
}
_FINAL_OPTIONAL: Final = frozenset("هة")
"""Letters that may go unwritten at the end of a word ("العرافه" / Al Arafa)."""

_KEY_CLASSES: Final = {
    "ب": "b",
    "پ": "b",
    "ت": "t",
    "ٹ": "t",
    "ط": "t",
    "ث": "t",
    "د": "d",
    "ڈ": "d",
    "ذ": "d",
    "ض": "d",
    "ظ": "d",
    "ز": "d",
    "ژ": "d",
    "س": "s",
    "ص": "s",
    "ش": "s",
    "چ": "s",
    "ج": "k",
    "غ": "k",
    "ق": "k",
    "ك": "k",
    "ک": "k",
    "گ": "k",
    "خ": "x",
    "ر": "r",
    "ڑ": "r",
    "ف": "f",
    "ڤ": "f",
    "ل": "l",
    "م": "m",
    "ن": "n",
    "ں": "n",
}
"""Each Arabic consonant's class in the blocking key: the classes are unions of the letters'
Latin spellings (d/dh/z, s/sh, j/g/q/k), so both spellings of one name share a key."""
_LATIN_CLASSES: Final = (
    ("sch", "s"),
    ("tch", "s"),
    ("dj", "k"),
    ("kh", "x"),
    ("gh", "k"),
    ("sh", "s"),
    ("ch", "s"),
    ("th", "t"),
    ("dh", "d"),
    ("ph", "f"),
    ("ck", "k"),
)
_LATIN_LETTER: Final = str.maketrans(
    {"p": "b", "z": "d", "j": "k", "g": "k", "q": "k", "c": "k", "v": "", "w": "", "y": ""}
)


@lru_cache(maxsize=65536)
def is_arabic(name: str) -> bool:
    """Whether ``name`` is written in the Arabic script (and no other)."""
    return written_in(name, "ARABIC")


def _arabic_words(name: str) -> list[str]:
    """The words of a name in Arabic letters, its marks (short vowels, shadda) left out."""
    kept = "".join(ch for ch in name if ch.isalpha() or ch.isspace())
    return kept.split()


def _latin_words(name: str) -> list[str]:
    """The words of a Latin name as ``forms.fold_words`` folds them (accents and apostrophes
    away), numbers left out."""
    return [w for w in fold_words(name) if w.isalpha()]


@lru_cache(maxsize=65536)
def arabic_keys(name: str) -> tuple[str, ...]:
    """The coarse consonant keys of a name in Arabic letters (see ``_KEY_CLASSES``), the first
    the name's as written: with a leading "ال" also left out, as exonyms write it ("الخرطوم" /
    Khartoum), then every word's, as French spellings of the Maghreb often do ("عين الشكاك" /
    Ain Cheggag), and with "ة" ending a word before another also read "t" (the construct state:
    "قلعة سكر" / Qalat Sukkar). Keys shorter than ``MIN_KEY`` are left out."""
    words = _arabic_words(name)
    if not words:
        return ()
    keys: list[str] = []
    for spelled in dict.fromkeys(
        (tuple(words), _unarticled(words[:1]) + tuple(words[1:]), _unarticled(words))
    ):
        for construct in ("", "t"):
            key = undoubled(
                "".join(
                    _KEY_CLASSES.get(ch, "") + _word_h(ch, word, i, construct, j < len(spelled) - 1)
                    for j, word in enumerate(spelled)
                    for i, ch in enumerate(word)
                )
            )
            if len(key) >= MIN_KEY and key not in keys:
                keys.append(key)
    return tuple(keys)


def _unarticled(words: list[str]) -> tuple[str, ...]:
    """``words`` with the article "ال" left out of each (of more than two letters after it)."""
    return tuple(w[len(_ARTICLE) :] if w.startswith(_ARTICLE) and len(w) > 4 else w for w in words)


def _word_h(ch: str, word: str, i: int, construct: str, inner: bool) -> str:
    """What "ح", "ه" and "ة" add to a key: "h" within a word (a final one is left out, as a Latin
    final "h" is: it is as often the unwritten "ة" of "Hudaydah" / "Hudayda"), and ``construct``
    for a "ة" ending a word before another (``inner``)."""
    if ch in "ةۃ":
        return construct if inner else ""
    return "h" if ch in "حهھ" and i < len(word) - 1 else ""


@lru_cache(maxsize=65536)
def latin_key(name: str) -> str:
    """The coarse consonant key of a Latin name, as ``arabic_keys`` keys its Arabic spelling:
    vowels, "w", "y", "v" and a final "h" left out, the article written as its sun letter read
    "l"."""
    words = _latin_words(name)
    out: list[str] = []
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        if _assimilated_article(word, after):
            word = "al"
        for spelled, cls in _LATIN_CLASSES:
            word = word.replace(spelled, cls.upper())
        if word.endswith("h"):  # a real "h" (digraphs are upper case here) at the end
            word = word[:-1]
        word = word.lower().translate(_LATIN_LETTER)
        out.append("".join(ch for ch in word if ch not in _VOWELS))
    return undoubled("".join(out))


def _assimilated_article(word: str, after: str) -> bool:
    """Whether ``word`` is the article written as the sun letter it precedes ("as Sufla")."""
    if len(word) < 2 or word[0] not in "ae" or not after:
        return False
    return word[1:] in ("t", "th", "d", "dh", "r", "z", "s", "sh", "n") and after.startswith(
        word[1:]
    )


@lru_cache(maxsize=65536)
def arabic_spelling(arabic: str, latin: str) -> bool:
    """Whether the Latin name ``latin`` spells the name ``arabic`` written in Arabic letters (see
    the module docstring); both must hold at least ``MIN_KEY`` consonant classes."""
    if not _readable(arabic):
        return False
    letters = _arabic_letters(arabic)
    text = "".join(_latin_words(latin))
    if not text:
        return False
    return reads(tuple(letters), text, _VOWELS)


@lru_cache(maxsize=65536)
def arabic_name_spelling(arabic: str, latin: str) -> bool:
    """``arabic_spelling`` for a person's name, word by word: as many words, each spelled by its
    own (a name run together reads too many others: "إلياس مراح" as "Luis Moore")."""
    words, spelled = _arabic_words(arabic), [w for w in latin.split() if _latin_words(w)]
    if len(words) != len(spelled) or not _readable(arabic):
        return False
    return all(
        reads(tuple(_arabic_letters(a)), "".join(_latin_words(b)), _VOWELS)
        for a, b in zip(words, spelled, strict=True)
    )


def _readable(arabic: str) -> bool:
    """Whether ``arabic`` is in Arabic letters with ``MIN_KEY`` consonants at least: two meet
    too many names."""
    return is_arabic(arabic) and sum(ch in _KEY_CLASSES or ch in "حهھ" for ch in arabic) >= MIN_KEY


def _arabic_letters(name: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each letter of ``name`` with its Latin spellings in its place (article, word ends)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for word in _arabic_words(name):
        article = word.startswith(_ARTICLE) and len(word) > 2
        for i, ch in enumerate(word):
            spellings = _LONG.get(ch) or _SPELLINGS.get(ch, ("",))
            if article and i == 0:
                spellings = ("a", "e", "i", "u", "")
            elif article and i == 1 and word[2] not in _SUN:
                spellings = ("l", "")  # the article left unwritten: الخرطوم / Khartoum
            elif article and i == 1:
                spellings = ("l", "", *_SPELLINGS.get(word[2], ()))
            elif i == len(word) - 1 and ch in _FINAL_OPTIONAL:
                spellings = (*spellings, "")
            elif i == 0 and ch == "ا":
                spellings = (*spellings, "i", "u", "")  # an alif begins a word with any vowel
            out.append((ch, spellings))
    return out
