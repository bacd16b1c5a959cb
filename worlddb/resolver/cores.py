"""Names written with more than the name: a place's region or unit, a tool's namespace.

"Vincennes, Indiana", "Springfield, Ill." and "Perth, WA" name Vincennes, Springfield and Perth;
"용산구" (Yongsan District) and "横浜市" (Yokohama City) name 용산 and 横浜; Ansible's
"community.docker.docker_container" and Java's "org.apache.kafka" are the tools
"docker_container" and "kafka" named with their namespace. The tiered resolver compares such a
name also by this core (``core_of``), on one side of a pair at a time, so "Paris, France" is
never compared as "Paris" with "Paris, Texas". Pure: the regions it recognises are the Place
alias groups of ``aliases`` (countries, subdivisions, US states and their AP forms).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from worlddb.normalize import normalize_name
from worlddb.resolver.aliases import alias_types
from worlddb.resolver.units import MIN_UNIT_CORE, unit_dropped

__all__ = [
    "CORED_TYPES",
    "MIN_LOCAL_NAME",
    "MIN_UNIT_CORE",
    "core_of",
    "local_name",
    "place_core",
    "unit_dropped",
    "unqualified",
]


CORED_TYPES: Final = frozenset({"Place", "Tool", "Product"})


def core_of(kind: str, surface: str) -> str | None:
    """``surface`` without what a name of this type may carry beside the name, else ``None``."""
    if kind == "Place":
        return place_core(surface)
    if kind in ("Tool", "Product"):
        return local_name(surface)
    return None


_QUALIFIED: Final = re.compile(r"^[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*){2,}$")
MIN_LOCAL_NAME: Final = 4


def local_name(surface: str) -> str | None:
    """The last part of a fully qualified, dotted identifier of at least three parts
    ("community.docker.docker_container" → "docker_container", "org.apache.kafka" → "kafka"):
    the name a tool's own ecosystem writes without its namespace. Two parts ("vue.js",
    "socket.io") are a name, not a namespace; a short last part ("org.json.io") says too
    little on its own."""
    text = surface.strip()
    if not _QUALIFIED.match(text):
        return None
    last = text.rsplit(".", 1)[1]
    return last if len(last) >= MIN_LOCAL_NAME else None


def place_core(surface: str) -> str | None:
    """A place's name without the region after its comma or the unit it ends with."""
    return unqualified(surface) or unit_dropped(surface)


@lru_cache(maxsize=65536)
def unqualified(surface: str) -> str | None:
    """A place's name without the region written after it ("Vincennes, Indiana", "Springfield,
    Ill.", "Perth, WA", "Paris, France" → the first part), else ``None``: the qualifier must be
    a country, subdivision or state name or code of the alias groups, so "Washington, D.C." as a
    whole and "Bonaire, Sint Eustatius and Saba" (not a region after a comma) stay names."""
    head, comma, tail = surface.rpartition(",")
    if not comma or not head.strip() or not normalize_name(tail):
        return None
    if alias_types(surface):
        return None  # the whole surface is a name of its own ("Washington, D.C.")
    if "Place" not in alias_types(tail):
        return None
    return head.strip()
