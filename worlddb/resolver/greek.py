"""Greek names in Latin letters as Greeks write them: ELOT 743's digraph rules. Pure.

``anyascii`` romanises Greek letter by letter, so "Σταυρίδης" comes out "Stayridis" and
"Νικολάου" "Nikolaoy", while the names' owners, their passports and every other record write
"Stavridis" and "Nikolaou": the letter-by-letter form shares neither words nor keys with them.
ELOT 743 (the Greek standard, adopted by the UN as its romanisation of Greek, and ISO 843's
transcription) reads these pairs as one sound each, and only these need rules of their own —
single letters are left to ``anyascii``:

* ου → ou;
* αυ, ευ, ηυ → av, ev, iv before a vowel or a voiced consonant, af, ef, if before a voiceless
  one (θ κ ξ π σ τ φ χ ψ) or at the end of a word;
* γγ → ng, γξ → nx, γχ → nch.

Accents are dropped first (they do not change these readings), and the text is lower-cased, as
every caller folds case anyway.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

__all__ = ["elot_digraphs"]

_GREEK: Final = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
_OU: Final = re.compile(r"ου")
_BEFORE_VOICELESS: Final = re.compile(r"([αεη])υ(?=[θκξπστφχψς]|$|[^\u0370-\u03ff])")
_BEFORE_VOICED: Final = re.compile(r"([αεη])υ")
_VOICELESS_FORM: Final = {"α": "af", "ε": "ef", "η": "if"}
_VOICED_FORM: Final = {"α": "av", "ε": "ev", "η": "iv"}
_NASAL: Final = (("γγ", "ng"), ("γξ", "nx"), ("γχ", "nch"))


@lru_cache(maxsize=65536)
def elot_digraphs(text: str) -> str:
    """``text`` with its Greek digraphs written in Latin letters (ELOT 743), lower-cased;
    text with no Greek letter is returned unchanged."""
    if not _GREEK.search(text):
        return text
    plain = "".join(
        ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch)
    ).casefold()
    plain = _OU.sub("ou", plain)
    plain = _BEFORE_VOICELESS.sub(lambda m: _VOICELESS_FORM[m[1]], plain)
    plain = _BEFORE_VOICED.sub(lambda m: _VOICED_FORM[m[1]], plain)
    for pair, latin in _NASAL:
        plain = plain.replace(pair, latin)
    return unicodedata.normalize("NFC", plain)
