"""Slips: the one-letter differences that are typing or hearing errors, not another name. Pure.

A name one letter off another is a different name as often as it is a typo (Carlsen / Carlson,
Prasad / Prasadh). What tells a typo apart is *how* the letters differ: Damerau's kinds of typing
error (a letter left out, doubled, struck on a neighbouring key, two letters swapped) and writing
a consonant the way it sounds. ``typing_slip`` says whether a difference is one of those; the
name comparison (``similarity``) accepts a one-edit difference as a typo only then, and the name
forms (``forms``) read a short legal-form or abbreviation word mistyped so ("Korp.", "Lzbs") as
that word.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

from rapidfuzz.distance import OSA

__all__ = [
    "NEIGHBOURS",
    "SOUND_ALIKE",
    "WIDE_NEIGHBOURS",
    "other_name_in_script",
    "typing_slip",
    "wide_slip",
]

_KEY_ROWS: Final = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def _keyboard(above: tuple[int, ...]) -> dict[str, frozenset[str]]:
    """Each letter's neighbours on a QWERTY keyboard: the same row's keys beside it, and the keys
    of the row above at the column offsets ``above`` (and so, in turn, of the row below)."""
    where = {ch: (r, c) for r, row in enumerate(_KEY_ROWS) for c, ch in enumerate(row)}
    near: dict[str, set[str]] = {ch: set() for ch in where}
    for ch, (r, c) in where.items():
        for other, (r2, c2) in where.items():
            if (r2 == r and abs(c2 - c) == 1) or (r2 == r - 1 and c2 - c in above):
                near[ch].add(other)
                near[other].add(ch)
    return {ch: frozenset(n) for ch, n in near.items()}


NEIGHBOURS: Final = _keyboard(above=(0, 1))
"""The keys touching each key on a staggered keyboard (each row sits a little to the right of
the one above it): "d" touches "e" and "r" above, "x" and "c" below."""
WIDE_NEIGHBOURS: Final = _keyboard(above=(-1, 0, 1))
"""``NEIGHBOURS`` and the key diagonally one further on each side of the rows above and below,
as if the rows were not staggered: a finger landing a little off ("e" for "f", "v" for "d"), and
the square grid that common typing-error generators take for a keyboard. Wider, so it explains
more real names one letter apart too; ``wide_slip`` says when it is read."""
SOUND_ALIKE: Final = frozenset(
    frozenset(p) for p in ("ck", "kq", "cq", "cs", "sz", "iy", "uw", "fv", "gj", "xz")
)
"""Letters that spell one sound in English or other Latin-script spellings (c/k, s/z, i/y, u/w
after a vowel, f/v in German, g/j before e/i, x/z in Spanish and Catalan)."""


@lru_cache(maxsize=65536)
def typing_slip(typed: str, stored: str) -> bool:
    """Whether ``typed`` is ``stored`` with one slip (Damerau's kinds of typing error, and
    writing what one hears): a letter left out ("Kline" typed "Kine"), a key next to the right
    one, a consonant spelled by another letter of the same sound ("Becker" / "Beccer"), a letter
    doubled, an extra letter struck beside its neighbour's key, or two adjacent letters
    swapped. Names spelled apart otherwise (Carlsen / Carlson, Prasad / Prasadh, Mann / Menn) are
    two names: a vowel changed or a letter added that no key explains is another name.

    Not symmetric: ``stored`` is the spelling already settled on, so a new mention lacking one
    of its letters is a slip, while one with a letter more is a slip only when that key sits
    beside a neighbouring letter's (or doubles it).
    """
    if _transposed(typed, stored):
        return True
    if len(typed) == len(stored):
        diff = [i for i in range(len(typed)) if typed[i] != stored[i]]
        if len(diff) != 1:
            return False
        pair = frozenset((typed[diff[0]], stored[diff[0]]))
        return pair in SOUND_ALIKE or typed[diff[0]] in NEIGHBOURS.get(stored[diff[0]], ())
    if len(typed) == len(stored) - 1:
        return any(stored[:i] + stored[i + 1 :] == typed for i in range(len(stored)))
    if len(typed) != len(stored) + 1:
        return False
    for i in range(len(typed)):
        if typed[:i] + typed[i + 1 :] == stored:
            extra, beside = typed[i], typed[max(i - 1, 0) : i] + typed[i + 1 : i + 2]
            if any(ch == extra or extra in NEIGHBOURS.get(ch, frozenset()) for ch in beside):
                return True
    return False


@lru_cache(maxsize=65536)
def wide_slip(typed: str, stored: str) -> bool:
    """Whether ``typed`` is ``stored`` with one slip on ``WIDE_NEIGHBOURS``' keys, after its first
    letter: a letter struck for a key up to one column off diagonally, or struck beside such a
    key's, anywhere but at the start ("Martlnez" / Martinez, "Rosfnberg" / Rosenberg).

    Why not the first letter: one letter changed at the start is another name far more often
    than a slip (Nauri / Gauri, Rajendra / Gajendra), and people type the first letter of a name
    with the most care. Every ``typing_slip`` is also a wide slip. The caller decides when the
    wider reading may stand (``word_similarity``: only for a typed word no list knows as a name).
    """
    if typing_slip(typed, stored):
        return True
    if not typed or not stored or typed[0] != stored[0]:
        return False
    if len(typed) == len(stored):
        diff = [i for i in range(len(typed)) if typed[i] != stored[i]]
        return len(diff) == 1 and typed[diff[0]] in WIDE_NEIGHBOURS.get(stored[diff[0]], ())
    if len(typed) != len(stored) + 1:
        return False
    for i in range(1, len(typed)):
        if typed[:i] + typed[i + 1 :] == stored:
            extra, beside = typed[i], typed[i - 1] + typed[i + 1 : i + 2]
            if any(extra in WIDE_NEIGHBOURS.get(ch, frozenset()) for ch in beside):
                return True
    return False


def _transposed(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with two adjacent letters swapped."""
    if len(a) != len(b):
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


_OWN_RULES: Final = frozenset({"LATIN", "CJK", "HANGUL", "HIRAGANA", "KATAKANA"})
"""Scripts this rule leaves alone: Latin has the keyboard model above; Han, kana and Hangul have
their own (``chinese``, ``japanese``, ``korean``), where one sign more or less, or a simplified
character for a traditional one, is not a letter of an alphabet."""


def _script_letters(name: str) -> tuple[str, str] | None:
    """``name``'s script and its letters (case and marks folded, spaces kept), when every letter
    of it is of one alphabet outside ``_OWN_RULES``; ``None`` otherwise."""
    script = ""
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", name.casefold()):
        if unicodedata.category(ch).startswith("M"):
            continue  # a mark (Cyrillic ё's diaeresis, a Thai vowel or tone sign): not counted
        if ch.isspace():
            out.append(" ")
        elif ch.isalpha():
            own = unicodedata.name(ch, "?").split(" ", 1)[0]
            if own in _OWN_RULES or (script and own != script):
                return None
            script = own
            out.append(ch)
    return (script, "".join(out)) if script else None


@lru_cache(maxsize=65536)
def other_name_in_script(a: str, b: str) -> bool:
    """Whether two names written in one alphabet other than Latin (Cyrillic, Armenian, Greek,
    Georgian, Thai, Arabic...) are one letter apart there in a way no slip explains: a letter
    changed, added or dropped, but not two neighbouring letters swapped nor a letter doubled.

    Why: ``typing_slip`` judges the romanised words, and its evidence is Latin's: keys that are
    neighbours on a QWERTY keyboard, letters that spell one English sound. A letter of another
    alphabet romanises to letters whose keys say nothing about how it was typed ("Աբրոյան" /
    "Աբդոյան" read "Abroyan" / "Abdoyan": r and d sit side by side on QWERTY), and one letter
    more or less there is as often another family ("Конюшев" / "Контюшев") as a typo. So in
    these scripts a one-letter difference is two names; context may still vouch for the pair
    (the relaxed comparison does not ask this).
    """
    left, right = _script_letters(a), _script_letters(b)
    if left is None or right is None or left[0] != right[0] or left[1] == right[1]:
        return False
    x, y = left[1], right[1]
    if OSA.distance(x, y, score_cutoff=2) != 1:
        return False
    if _transposed(x, y):
        return False
    short, long_ = sorted((x, y), key=len)
    if len(long_) == len(short) + 1:
        for i in range(len(long_)):
            if long_[:i] + long_[i + 1 :] == short:
                doubled = long_[i] in long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2]
                if doubled:
                    return False
    return True
