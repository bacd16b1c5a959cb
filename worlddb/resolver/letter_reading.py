"""Whether a Latin spelling reads as a name's letters in a script that leaves vowels unwritten.

Arabic (``abjad``) and Thai (``thai``) write some vowels and leave others to the reader, so a
Latin spelling of a name is checked letter by letter: each letter of the other script is written
by one of the Latin spellings romanisation systems give it, and Latin vowels between them are
read as vowels the script did not write. Pure.
"""

from __future__ import annotations

import unicodedata

__all__ = ["Letters", "reads", "undoubled", "written_in"]

Letters = tuple[tuple[str, tuple[str, ...]], ...]
"""Each letter of a name with its Latin spellings ("" when it may go unwritten), in order."""


def reads(letters: Letters, text: str, vowels: frozenset[str]) -> bool:
    """Whether ``text`` reads as ``letters``: each letter by one of its spellings (a consonant's
    also written twice: an Arabic shadda, a Thai final doubled in Latin letters), with runs of
    ``vowels`` between them read as unwritten vowels."""
    size = len(text)
    reached = {0}
    for _, spellings in letters:
        nxt: set[int] = set()
        for start in reached:
            for pos in _after_vowels(text, start, vowels):
                for spelled in spellings:
                    if not spelled:
                        nxt.add(pos)
                    elif text.startswith(spelled, pos):
                        end = pos + len(spelled)
                        nxt.add(end)
                        if spelled[-1] not in vowels and text.startswith(spelled, end):
                            nxt.add(end + len(spelled))
        if not nxt:
            return False
        reached = nxt
    return any(size in _after_vowels(text, end, vowels) for end in reached)


def _after_vowels(text: str, start: int, vowels: frozenset[str]) -> list[int]:
    """``start`` and every position after a run of ``vowels`` from it."""
    out = [start]
    pos = start
    while pos < len(text) and text[pos] in vowels:
        pos += 1
        out.append(pos)
    return out


def written_in(name: str, script: str) -> bool:
    """Whether every letter of ``name`` (one at least) belongs to ``script``, the first word of
    the letters' Unicode names ("ARABIC", "THAI")."""
    letters = [ch for ch in name if ch.isalpha()]
    return bool(letters) and all(unicodedata.name(ch, "").startswith(script) for ch in letters)


def undoubled(key: str) -> str:
    """``key`` with each run of one letter written once: a consonant key ignores doubling."""
    return "".join(ch for i, ch in enumerate(key) if i == 0 or key[i - 1] != ch)
