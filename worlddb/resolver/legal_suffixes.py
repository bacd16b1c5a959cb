"""An organisation's legal form, found at its name's end and set aside. Pure.

``forms.name_form`` reads an organisation's name through ``strip_organisation``: the forms the
lists name (``cleanco``'s terms, ISO 20275 via ``namedata.legal_terms``), written short or out
("Pvt. Ltd." / "Private Limited", ``_abbreviated_terms``), become the name's ``suffix`` keys;
the common ones ("Inc", "Ltd") stay words of the name, so a typo in one still aligns; and a
form's word mistyped by one slip ("Korp.") is read as that word first (``mistyped_form``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from worlddb.resolver.lexicon import ABBREVIATIONS, LEGAL_FORMS
from worlddb.resolver.namedata import (
    MAX_FORM_WORDS,
    forms_by_abbreviation,
    legal_form_keys,
    legal_terms,
)
from worlddb.resolver.shortened import written_short
from worlddb.resolver.slips import typing_slip

__all__ = ["mistyped_form", "strip_organisation"]

_DOMAINS: Final = frozenset({"com", "net", "org", "io"})
_MAX_LEGAL_WORDS: Final = MAX_FORM_WORDS


def strip_organisation(words: list[str]) -> tuple[list[str], frozenset[str]]:
    """An organisation's folded words without its legal form and what stands for one (a
    domain, "Group", "The" first), and the form's keys (``namedata.legal_form_keys``)."""
    # The common forms ("Inc", "Corp.", "Ltd") stay words of the name, so a typo in one still
    # aligns; what stands before them is stripped: other countries' forms, a domain, "Group".
    # A form of several words that ends in a common one is one form, not a common one after
    # other words: "Limited Liability Company" is LLC, "Joint Stock Company" JSC.
    terms = legal_terms()
    legal: set[str] = set()
    for size in range(min(_MAX_LEGAL_WORDS, len(words) - 1), 1, -1):
        end = tuple(words[-size:])
        found = (end,) if end in terms else _abbreviated_terms(end)
        if found and all(term[-1] in LEGAL_FORMS for term in found):
            legal.update(*(legal_form_keys("".join(term)) for term in found))
            words = words[:-size]
            break
    kept = len(words)
    while kept > 1 and words[kept - 1] in LEGAL_FORMS:
        kept -= 1
    core, tail = words[:kept], words[kept:]
    changed = True
    while changed and len(core) > 1:
        changed = False
        for size in range(min(_MAX_LEGAL_WORDS, len(core) - 1), 0, -1):
            end = tuple(core[-size:])
            listed = _listed_as(end)
            if listed:
                legal.update(legal_form_keys(listed))  # "Aktiengesellschaft" is "AG"
            elif size > 1 and (found := _abbreviated_terms(end)):
                # "Private Limited": both "Pvt Ltd" (India) and "Pte Ltd" (Singapore)
                legal.update(*(legal_form_keys("".join(term)) for term in found))
            elif not (size == 1 and end[0] in _DOMAINS):
                continue
            core, changed = core[:-size], True
            break
    if len(core) > 1 and core[0] == "the":
        core = core[1:]
    return core + tail, frozenset(legal)


_INFLECTION: Final = 2  # letters an inflected form word may add to the listed one
_MIN_STEM: Final = 4  # ... to a stem this long at least
_MAX_ABBREVIATED: Final = 4  # letters of each word of a form abbreviated word by word


def _listed_as(words: tuple[str, ...]) -> str:
    """The run-together words of the listed legal form (``namedata.legal_terms``) that
    ``words`` write, or ``""``: the form itself or run together ("Aktiengesellschaft"); its
    last word inflected ("Anonim Şirketi" / ISO's "anonim şirket", Turkish writes the
    possessive); its words in another order ("komanditní společnost" / ISO's "společnost
    komanditní"); or its ISO abbreviation written word by word ("Ltd. Şti." / "ltdsti")."""
    terms = legal_terms()
    joined = "".join(words)
    if words in terms or (joined,) in terms:
        return joined
    if len(words) < 2:
        return ""
    last = words[-1]
    for cut in range(1, _INFLECTION + 1):
        stem = (*words[:-1], last[:-cut])
        if len(last) - cut >= _MIN_STEM and stem in terms:
            return "".join(stem)
    reordered = _terms_by_words().get(tuple(sorted(words)))
    if reordered:
        return "".join(reordered)
    short = len(words) <= 3 and all(len(w) <= _MAX_ABBREVIATED for w in words)
    return joined if short and joined in forms_by_abbreviation() else ""


@lru_cache(maxsize=1)
def _terms_by_words() -> dict[tuple[str, ...], tuple[str, ...]]:
    """The legal forms of several words by their words sorted (one form per set of words)."""
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for term in sorted(legal_terms()):
        if len(term) > 1:
            out.setdefault(tuple(sorted(term)), term)
    return out


def _abbreviated_terms(words: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The legal forms of several abbreviated words that ``words`` write out, one word for
    each: "Sendirian Berhad" / ("sdn", "bhd"), "Proprietary Limited" / ("pty", "ltd"), and
    "Private Limited" / ("pvt", "ltd") and ("pte", "ltd"), India's and Singapore's. The lists
    (``cleanco``, ISO 20275) name such forms abbreviated only; a registry or a letterhead
    writes the same form out, and the two must be one form (``similarity.compare_names``
    reads two forms as one when their keys meet)."""
    if len(words) < 2 or not all(w.isalpha() for w in words):
        return ()
    return tuple(
        term
        for term in _terms_by_initials().get("".join(w[0] for w in words), ())
        if len(term) == len(words)
        and all(
            a != w
            and (ABBREVIATIONS.get(a) == w or (len(a) >= _MIN_FORM_WORD and written_short(a, w)))
            for a, w in zip(term, words, strict=True)
        )
    )


@lru_cache(maxsize=1)
def _terms_by_initials() -> dict[str, tuple[tuple[str, ...], ...]]:
    """The legal forms of several words (``legal_terms``) by their words' first letters."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for term in sorted(legal_terms()):
        if len(term) > 1 and all(w.isalpha() for w in term):
            out.setdefault("".join(w[0] for w in term), []).append(term)
    return {k: tuple(v) for k, v in out.items()}


_MIN_FORM_WORD: Final = 3  # "As Oy" is no word's short form: two letters stand for too much
_FORM_WORDS: Final = tuple(
    sorted({w for w in LEGAL_FORMS if len(w) >= 3} | {w for w in ABBREVIATIONS if len(w) >= 4})
)
"""The words a slip is read back to: legal forms, and abbreviations of four letters or more. A
word of three letters one slip off a three-letter abbreviation is as often a word or an acronym
of its own: Swedish "län" (lan) is no "lab", Nigeria's "MFB" (microfinance bank) no "mfg"."""
_MIN_FORM_SLIP: Final = 3


@lru_cache(maxsize=65536)
def mistyped_form(word: str) -> str:
    """A legal-form or abbreviation word mistyped by one slip ("korp", "lzbs", "ync") read as
    that word: they are too short for the typo allowance, and unmatched they block a match."""
    if len(word) < _MIN_FORM_SLIP or not word.isalpha() or word in ABBREVIATIONS:
        return word
    if word in LEGAL_FORMS or (word,) in legal_terms():
        return word  # a legal form already ("SARL" is not a slip of "SRL")
    found = [w for w in _FORM_WORDS if abs(len(w) - len(word)) <= 1 and typing_slip(word, w)]
    return found[0] if len(found) == 1 else word
