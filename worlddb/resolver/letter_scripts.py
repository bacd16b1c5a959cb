"""The scripts whose names are read letter by letter against a Latin spelling, as one table.

Arabic (``abjad``) and Thai (``thai``) each give a coarse consonant key that a name in the
script and its Latin spelling share. The resolver files and looks names up by those keys in two
places, the Latin names by a query's script keys (``script_index``) and the names in the script
by a Latin query's key (``aliases.AcronymIndex``), and both read this table rather than one
branch per script. Pure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from worlddb.resolver import abjad, thai

__all__ = ["ARABIC", "LETTER_SCRIPTS", "THAI", "LetterScript"]


@dataclass(frozen=True)
class LetterScript:
    """One script's keys, each tagged with ``tag`` so that they share an index with others'."""

    tag: str
    written: Callable[[str], bool]
    keys: Callable[[str], tuple[str, ...]]
    latin_key: Callable[[str], str]
    min_key: int

    def script_keys(self, name: str) -> tuple[str, ...]:
        """The tagged keys of ``name`` when it is written in the script, else none."""
        return tuple(self.tag + key for key in self.keys(name)) if self.written(name) else ()

    def latin_keys(self, name: str) -> tuple[str, ...]:
        """The tagged key of a Latin name, as a name in the script is keyed; none when it holds
        fewer than ``min_key`` consonant classes."""
        key = self.latin_key(name)
        return (self.tag + key,) if len(key) >= self.min_key else ()


ARABIC = LetterScript(
    abjad.ABJAD_TAG, abjad.is_arabic, abjad.arabic_keys, abjad.latin_key, abjad.MIN_KEY
)
THAI = LetterScript(thai.THAI_TAG, thai.is_thai, thai.thai_keys, thai.latin_key, thai.MIN_KEY)
LETTER_SCRIPTS = (ARABIC, THAI)
