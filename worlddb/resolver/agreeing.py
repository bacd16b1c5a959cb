"""One word mistyped among words that agree: "Dongguan White Horsfe Cable Factory". Pure.

The slip model (``slips``) accepts a one-letter difference as a typo only when it looks like a
slip of the fingers, because for one word on its own a letter changed, added or dropped any
other way very often spells another name (Carlsen / Carlson, Stripe / Stride). In a name of
several words that agree word for word but for one, the other words already say which entity
is meant: a stray letter in the one left ("Horsfe", "Pridnting", "Calrvalho") is a typo,
whatever key it was struck with, unless the word as typed is itself a name the name data know
(then "Novák Pap" and "Novák Papp", "Johansson Lindström" and "Johansson Lundström" may be two
firms or two people, and the usual rules decide).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from rapidfuzz.distance import OSA, JaroWinkler

from worlddb.resolver.lexicon import CONNECTORS, LEGAL_FORMS
from worlddb.resolver.namedata import (
    all_given,
    all_surnames,
    common_given,
    given_abroad,
    surnames_abroad,
)

__all__ = ["MIN_TYPO_WORD", "typo_among_agreeing"]

MIN_TYPO_WORD: Final = 5
"""Shortest word (either spelling) read this way: shorter, one letter is too much of it."""
_MIN_AGREEING: Final = 3  # letters of an agreeing word that vouches (not "of", "la", "&")


@cache
def _known_names() -> frozenset[str]:
    return all_given() | all_surnames() | common_given() | given_abroad() | surnames_abroad()


def typo_among_agreeing(query: tuple[str, ...], stored: tuple[str, ...]) -> float | None:
    """The similarity of the one differing word when ``query`` and ``stored`` (folded words)
    agree word for word but for one, one edit apart, whose typed spelling is no known name;
    ``None`` otherwise."""
    if len(query) != len(stored) or len(query) < 2:
        return None
    differ = [(a, b) for a, b in zip(query, stored, strict=True) if a != b]
    if len(differ) != 1:
        return None
    typed, meant = differ[0]
    if min(len(typed), len(meant)) < MIN_TYPO_WORD or not (typed + meant).isalpha():
        return None
    vouching = [
        w
        for w in query
        if w != typed and len(w) >= _MIN_AGREEING and w not in LEGAL_FORMS and w not in CONNECTORS
    ]
    if not vouching or typed in _known_names():
        return None
    if OSA.distance(typed, meant, score_cutoff=1) != 1:
        return None
    return JaroWinkler.normalized_similarity(typed, meant)
