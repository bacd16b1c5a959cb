"""A Korean or Japanese company's legal form, written out or as its sign. Pure.

Korea and Japan write a company's legal form before its name or after it, written out
("주식회사 선유실", "株式会社トヨタ") or as the form's abbreviation ISO 20275 gives, one sign in
brackets ("(주)선유실", "(株)トヨタ"; "㈜" and "㈱" are that sign and its brackets as one
character, which NFKC writes out). Romanised, the sign is a word of one syllable ("ju") and the
written-out form a long word ("jusighoesa"), which the end-of-name parsing (``legal_suffixes``)
reads only after the name and the leading-form rule (``written_out``) only for forms of several
words. ``cjk_legal_form`` sets either writing aside, at either end, as the form's ISO keys
(``namedata.legal_form_names``: "jusighoesa" → "ju", "zhushihuishe" → "zhu"), so the names
compare by what is left and their forms meet by key. Only the forms ISO 20275 lists are read:
"(합)" for 합자회사 is a convention the list does not record.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Final

from anyascii import anyascii

from worlddb.resolver.namedata import legal_form_names

__all__ = ["cjk_legal_form"]

_SIGNS: Final = r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3\u3400-\u4dbf\u4e00-\u9fff]"
_LEADING_SIGN: Final = re.compile(rf"^\s*\(\s*({_SIGNS}{{1,2}})\s*\)\s*(.+)$", re.S)
_TRAILING_SIGN: Final = re.compile(rf"^(.+?)\s*\(\s*({_SIGNS}{{1,2}})\s*\)\s*$", re.S)
_FORM_SIGNS: Final = re.compile(rf"^{_SIGNS}+$")
_LONGEST: Final = 8  # signs in the longest written-out form looked for at a name's start or end


@cache
def _one_word_forms() -> dict[str, frozenset[str]]:
    """ISO 20275's forms of one word (run together, as Korean and Japanese write them) → keys."""
    return {words[0]: keys for words, keys in legal_form_names().items() if len(words) == 1}


@cache
def _sign_keys() -> frozenset[str]:
    """The keys of the one-word forms: what a bracketed sign may fold to ("ju", "zhu")."""
    return frozenset(key for keys in _one_word_forms().values() for key in keys)


def _folded(signs: str) -> str:
    return anyascii(signs).casefold()


def _written_out(signs: str) -> frozenset[str]:
    """The keys of ``signs`` when they are a legal form written out, else nothing."""
    if not _FORM_SIGNS.match(signs):
        return frozenset()
    return _one_word_forms().get(_folded(signs), frozenset())


@lru_cache(maxsize=65536)
def cjk_legal_form(name: str) -> tuple[str, frozenset[str]]:
    """``name`` without a Korean or Japanese legal form at its start or end, and that form's
    keys; ``name`` itself and no keys when it has none (see the module docstring)."""
    if name.isascii():
        return name, frozenset()
    text = unicodedata.normalize("NFKC", name).strip()
    lead, trail = _LEADING_SIGN.match(text), _TRAILING_SIGN.match(text)
    bracketed = [(lead[2], lead[1])] if lead else []
    bracketed += [(trail[1], trail[2])] if trail else []
    for rest, sign in bracketed:  # "(주)선유실", "선유실(주)"
        if _folded(sign) in _sign_keys():
            return rest.strip(), frozenset({_folded(sign)})
    for size in range(min(_LONGEST, len(text) - 1), 1, -1):
        head, tail = text[:size], text[-size:]
        keys = _written_out(head)
        if keys and text[size:].strip():
            return text[size:].strip(), keys
        keys = _written_out(tail)
        if keys and text[:-size].strip():
            return text[:-size].strip(), keys
    return name, frozenset()
