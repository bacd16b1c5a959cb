"""Which attributes change, and when a newer statement closes (or conflicts with) an older one.

Every fact attribute falls in one of three kinds:

* ``immutable``: one value for life (birthday, birthplace, blood type...). Two different values
  are a *contradiction* to surface, never an update: both statements stay true in the store;
* ``mutable``: one value at a time, and it changes (city, employer, manager, diet...). A later
  different value *supersedes* the older one; two values stated at the same moment contradict;
* ``multi``: many values at once (likes, hobbies, owns, visited...). A new value never closes an
  old one; only an explicit negation or "used to" of *that* value does ("I don't like X
  anymore", "I stopped X").

A restatement or a partial mention of the same value never closes anything: values are compared
after normalisation, and one whose words are a subset of the other's is the same value ("Sarah"
within "Sarah Connor", "March 3rd" and "March 3").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

__all__ = [
    "ADDITIVE",
    "IMMUTABLE",
    "MUTABLE",
    "AttributeKind",
    "Statement",
    "UpdateKind",
    "attribute_kind",
    "is_additive",
    "is_single_valued",
    "same_value",
    "update_kind",
    "value_tokens",
]

AttributeKind = Literal["immutable", "mutable", "multi"]
UpdateKind = Literal["supersedes", "contradicts"]


def _w(words: str) -> frozenset[str]:
    return frozenset(words.split())


IMMUTABLE: Final = _w(
    "birthday birthplace hometown blood_type name birth_year mother_name father_name"
)
MUTABLE: Final = _w(
    "lives_in works_at job_title studies_at diet drives age spouse_name partner_name boss_name "
    "manager_name landlord_name therapist_name doctor_name dentist_name car phone laptop bank "
    "gym carrier team major salary budget address commute rent"
)
# Cues that say a statement is about the past of that value ("I used to live in X").
PAST_CUES: Final = frozenset({"used to"})
# Words that add a value beside the older ones rather than replace them ("I'm vegan now too").
ADDITIVE: Final = re.compile(r"\b(?:also|too|as\s+well|another|additionally|in\s+addition)\b")
# Words dropped before values are compared (extracted values already lose a leading "a").
_STOP: Final = _w("the my our of at in on to and")  # not "a": blood type A
_TOKEN = re.compile(r"[a-z0-9+]+")
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
_MONTHS: Final = {
    "jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june",
    "jul": "july", "aug": "august", "sep": "september", "sept": "september", "oct": "october",
    "nov": "november", "dec": "december",
}  # fmt: skip


def attribute_kind(attribute: str) -> AttributeKind:
    """The kind of ``attribute``; unknown attributes are ``multi`` (the conservative default)."""
    if attribute in IMMUTABLE:
        return "immutable"
    if attribute in MUTABLE or attribute.startswith("favorite_"):
        return "mutable"
    return "multi"


def is_single_valued(attribute: str) -> bool:
    """Whether a person holds one value of ``attribute`` at a time (immutable or mutable)."""
    return attribute_kind(attribute) != "multi"


def is_additive(text: str) -> bool:
    """Whether a statement adds its value beside older ones ("also", "too", "as well")."""
    return bool(ADDITIVE.search(text.lower()))


def value_tokens(value: str | None) -> frozenset[str]:
    """The normalised words of a value: lowercase, no articles, ordinals and months folded."""
    out = set()
    for token in _TOKEN.findall((value or "").lower().replace("’", "'").replace("'s", "")):
        if token in _STOP:
            continue
        ordinal = _ORDINAL.match(token)
        token = ordinal.group(1) if ordinal else _MONTHS.get(token, token)
        out.add(token.lstrip("0") or token)
    return frozenset(out)


def same_value(a: str | None, b: str | None) -> bool:
    """Whether two values name the same thing: one's words are a subset of the other's."""
    ta, tb = value_tokens(a), value_tokens(b)
    return bool(ta and tb) and (ta <= tb or tb <= ta)


@dataclass(frozen=True, slots=True)
class Statement:
    """One side of a comparison: a value, and how it was said."""

    value: str | None
    negated: bool = False
    past: bool = False
    cue: str | None = None
    additive: bool = False


def update_kind(
    attribute: str, old: Statement, new: Statement, *, later: bool
) -> UpdateKind | None:
    """The edge from ``new`` to ``old`` (same subject and attribute), or ``None``.

    ``later`` says ``new`` was said after ``old`` (a different message or session); two values
    of a mutable attribute in one breath ("I live in Austin. I live in Houston.") contradict.
    ``old`` is assumed not negated; a past ``old`` ("I used to", "switched from") is closed
    by any new value. ``new.additive`` ("too", "also") marks a
    value added beside the old one.
    """
    kind = attribute_kind(attribute)
    ended = new.negated or new.past or new.cue in PAST_CUES
    if same_value(old.value, new.value):
        if ended and kind != "immutable":
            return "supersedes"  # "I don't work at Acme anymore", "I used to live in Boston"
        return None  # a restatement or a partial mention never closes
    if ended or new.additive:
        return None  # a negated or past other value says nothing about the live one
    if old.past and kind != "immutable":
        return "supersedes"  # "I switched from Notion to Obsidian": the old value was ended
    if kind == "immutable":
        return "contradicts"
    if kind == "mutable":
        return "supersedes" if later or new.cue else "contradicts"
    return None
