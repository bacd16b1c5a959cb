"""Type an entity mention (Person, Organization, Place, Product, Tool or Entity) without a model.

The order of evidence: the name's own words (suffixes like "Corp" or "Lake", titles like
"Dr."), short gazetteers, then the words just before the mention ("works at X", "my sister X",
"bought an X", "switched to X") and just after it ("X said", "X app"). Cue words are looked up
in sets rather than matched with regular expressions: typing runs for every mention, and set
lookups on the last few words are an order of magnitude cheaper.
"""

from __future__ import annotations

from typing import Final

from worlddb.extract import lexicon as lx

__all__ = ["type_of"]

_CUE_WINDOW: Final = 48  # characters before a mention searched for cue words


def _w(words: str) -> frozenset[str]:
    return frozenset(words.split())


_ORG_HEADS: Final = _w("university bank college school institute museum")
_PLACE_HEADS: Final = _w("lake mount mt. port fort cape isle")
_ORG_VERBS: Final = _w(
    "work works worked working job intern interning internship employed hired interview "
    "interviewed interviewing position role offer engineer manager designer nurse teacher "
    "developer analyst"
)
_ORG_PREPOSITIONS: Final = _w("at for with by")
_ORG_LAST: Final = _w("joined left quit company startup employer")
_ANIMALS: Final = _w(
    "dog puppy cat kitten bird parrot rabbit bunny hamster fish turtle horse pet snake"
)
_OWNERS: Final = _w("my our his her their")
_PERSON_LAST: Final = _w("with told asked met texted married dating thank named and hired emailed")
_TALK: Final = _w("talked spoke talking speaking said wrote")
_PLACE_LAST: Final = _w("in from near around outside downtown visit visited visiting")
_MOTION: Final = _w(
    "move moves moved moving trip flew fly flying flight drove drive driving travel traveled "
    "travelled traveling travelling went go going head headed heading back relocated relocating "
    "vacation"
)
_DETERMINERS: Final = _w("a an the my me myself new used some another second")
_PRODUCT_LAST: Final = _w(
    "bought buy buying ordered purchased returned preordered pre-ordered got watch watched "
    "watching read reading binge binged play played playing"
)
_LISTEN: Final = _w("listen listened listening")
_TOOL_LAST: Final = _w("use uses used using tried trying")
_SWITCH: Final = _w("switch switched switching")
_TOOL_RIGHT: Final = _w("app software tool plugin extension workspace")
_PERSON_RIGHT: Final = _w("said says told thinks wants texted called asked loves hates likes")
_POSSESSED: Final = _w("birthday wedding husband wife kid kids mom dad")


def _left_cue(words: list[str]) -> str | None:
    """The type implied by the words right before a mention, in priority order."""
    if words and words[-1] in ("the", "a", "an"):
        words = words[:-1]
    if not words:
        return None
    last, before = words[-1], words[-3:-1]
    if (last in _ORG_PREPOSITIONS and not _ORG_VERBS.isdisjoint(before)) or last in _ORG_LAST:
        return "Organization"
    if last in ("named", "called") and before and before[-1] in _ANIMALS:
        return "Entity"
    relation = last.rstrip(",").removesuffix("'s").removesuffix("’s")
    if (relation in lx.RELATIONS and not _OWNERS.isdisjoint(before)) or last in _PERSON_LAST:
        return "Person"
    if last == "to" and before and (before[-1] in _TALK or words[-3:-2] == ["sent"]):
        return "Person"
    if last in _PLACE_LAST or (last == "to" and not _MOTION.isdisjoint(before)):
        return "Place"
    trimmed = list(words)
    while len(trimmed) > 1 and trimmed[-1] in _DETERMINERS:
        trimmed.pop()
    if trimmed[-1] in _PRODUCT_LAST or (
        trimmed[-1] == "to"
        and len(trimmed) > 1
        and (trimmed[-2] in _LISTEN or trimmed[-2] == "upgraded")
    ):
        return "Product"
    if last in _TOOL_LAST or (last in ("to", "from") and not _SWITCH.isdisjoint(before)):
        return "Tool"
    return None


def _right_cue(right: str) -> str | None:
    words = right.split(None, 2)
    if not words:
        return None
    if words[0] in _TOOL_RIGHT:
        return "Tool"
    if words[0] in _PERSON_RIGHT or words[:2] in (["and", "i"], ["is", "my"], ["was", "my"]):
        return "Person"
    return None


def type_of(name: str, text: str, start: int, end: int) -> str:
    """Type the mention ``name`` found at ``text[start:end]``."""
    lower = name.lower()
    tokens = lower.split()
    if lower in lx.KNOWN_PHRASES:
        return lx.KNOWN_PHRASES[lower]
    if len(tokens) > 1 and tokens[-1] in lx.ORG_SUFFIXES:
        return "Organization"
    if (len(tokens) > 1 and tokens[-1] in lx.PLACE_SUFFIXES) or tokens[0] in _PLACE_HEADS:
        return "Place"
    if len(tokens) > 1 and tokens[0] in _ORG_HEADS:
        return "Organization"
    if tokens[0] in lx.TITLES and len(tokens) > 1:
        return "Person"
    if lower in lx.KNOWN_TOOLS:
        return "Tool"
    if lower in lx.KNOWN_PLACES:
        return "Place"
    if tokens[0] in lx.KNOWN_ORGS:
        return "Organization"
    if tokens[0] in lx.KNOWN_PRODUCTS or name[:1].islower() or any(c.isdigit() for c in name):
        return "Product"
    right = text[end : end + 24].lower()
    if right.startswith(("'s ", "’s ")):
        if right[3:].split(None, 1)[:1] and right[3:].split(None, 1)[0] in _POSSESSED:
            return "Person"
        right = ""
    right_cue = _right_cue(right) if right[:1].isspace() else None
    if right_cue == "Tool":
        return "Tool"
    left = text[max(0, start - _CUE_WINDOW) : start]
    first_name = tokens[0] in lx.FIRST_NAMES
    if left[-1:].isspace():
        cue = _left_cue(left.lower().split())
        if cue is not None and not (first_name and cue in ("Place", "Product", "Tool")):
            return cue
    if first_name or right_cue == "Person":
        return "Person"
    return "Entity"
