"""Scopes: who a memory belongs to (``user_id``, ``agent_id``, ``app_id``, ``run_id``).

Each scope is a Scope world with a deterministic id derived from its kind and value, so every
writer names the same world. Memories attach to scopes through ``contains`` edges (the contains
handler keeps the ``scope_members`` index), so one memory can belong to several scopes and
cross-scope recall is a graph operation.

Isolation: a Note's id depends on the scopes it is written for (``note_label``), so two users who
write the same words get two memories: neither learns that the other wrote them, and neither's
retire or amend touches the other's. Likewise an extracted entity's id (``entity_salt``), and
entities resolve only among the entities visible in the write's scopes (see
``worlddb.resolver.blocking`` and the README's "Scopes and shared entities").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from worlddb.errors import ScopeError
from worlddb.hashing import digest, scope_world, world_id
from worlddb.model import NodeId, WorldSpec

__all__ = [
    "SCOPE_KINDS",
    "ScopeInfo",
    "entity_salt",
    "note_label",
    "parse_scope_name",
    "scope_id",
    "scope_specs",
    "validate_scopes",
]

SCOPE_KINDS: Final = ("user_id", "agent_id", "app_id", "run_id")
MAX_SCOPE_VALUE: Final = 256
_VALUE = re.compile(r"^[^\x00-\x1f\x7f=]+$")


@dataclass(frozen=True, slots=True)
class ScopeInfo:
    """A registered scope and how many worlds it holds."""

    kind: str
    value: str
    id: NodeId
    members: int


def validate_scopes(scopes: Mapping[str, str] | None, *, required: bool = False) -> dict[str, str]:
    """Check a scopes mapping: known kinds, non-empty printable values without ``=``."""
    if scopes is None:
        if required:
            raise ScopeError("at least one scope is required (user_id, agent_id, app_id, run_id)")
        return {}
    if not isinstance(scopes, Mapping):
        raise ScopeError(f"scopes must be an object, not {scopes!r}")
    out: dict[str, str] = {}
    for kind, value in scopes.items():
        if kind not in SCOPE_KINDS:
            raise ScopeError(f"unknown scope kind {kind!r}; use one of {', '.join(SCOPE_KINDS)}")
        if value is None:
            continue
        if (
            not isinstance(value, str)
            or not value.strip()
            or len(value) > MAX_SCOPE_VALUE
            or not _VALUE.match(value)
        ):
            raise ScopeError(
                f"scope {kind} value {value!r} must be 1-{MAX_SCOPE_VALUE} "
                "printable characters without '='"
            )
        out[kind] = value.strip()
    if required and not out:
        raise ScopeError("at least one scope is required (user_id, agent_id, app_id, run_id)")
    return out


def scope_id(kind: str, value: str) -> NodeId:
    """The deterministic id of the Scope world ``kind=value``."""
    validate_scopes({kind: value})
    return world_id(scope_world(kind, value.strip()))


def note_label(scopes: Mapping[str, str]) -> str:
    """The name that puts a Note's scopes into its id: ``""`` unscoped, else an opaque digest.

    A Note's name is a label (never searched, never its text), so this changes only identity:
    the same words written for alice and for bob are two memories.
    """
    if not scopes:
        return ""
    labels = "\n".join(f"{kind}={value}" for kind, value in sorted(scopes.items()))
    return "scopes:" + digest(labels.encode("utf-8"))[:16]


def entity_salt(scopes: Mapping[str, str]) -> int:
    """The identity time of an entity written for ``scopes`` (``0`` unscoped).

    Entities are content-addressed by type and name; this puts the scopes into the address
    without touching the name. It is not a time: outputs show no ``created_at`` for entities.
    """
    if not scopes:
        return 0
    labels = "\n".join(f"{kind}={value}" for kind, value in sorted(scopes.items()))
    return int(digest(b"entity\n" + labels.encode("utf-8"))[:12], 16)


def scope_specs(scopes: Mapping[str, str]) -> list[WorldSpec]:
    return [scope_world(kind, value) for kind, value in sorted(scopes.items())]


def parse_scope_name(name: str) -> tuple[str, str]:
    """Split a Scope world's name (``"user_id=alice"``) into kind and value."""
    kind, _, value = name.partition("=")
    return kind, value
