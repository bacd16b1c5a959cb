"""Filter helpers for every read lane: check a caller's types and scopes, admit candidates.

Every lane (text, vector, entity graph, query pipeline) finds candidate row ids its own way and
then keeps only the worlds a ``WorldFilter`` admits (``filter_rids``/``filter_ids``). The
filter itself is a plain value defined by the store (``worlddb.store.filters``, re-exported
here); the store's backend applies it as point lookups on the candidates (see
``worlddb.store.lane_protocols.AdmissionQueries``), so the cost stays proportional to the
candidates, never to the store.

Scopes are named by world id or by ``kind=value`` (``"user_id=alice"``); the latter maps to its
Scope world id without a database read, because Scope worlds are content-addressed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from worlddb.errors import ScopeError, ValidationError
from worlddb.hashing import is_node_id, scope_world, world_id
from worlddb.model import NodeId
from worlddb.store.filters import WorldFilter
from worlddb.store.protocols import Store
from worlddb.store.reads import MIN_PREFIX

__all__ = ["WorldFilter", "check_types", "filter_ids", "filter_rids", "resolve_scopes"]

_HEX: Final = frozenset("0123456789abcdef")


def check_types(types: Sequence[str] | None) -> tuple[str, ...] | None:
    """Validate a caller's type list into a tuple (``None`` stays ``None``)."""
    if types is None:
        return None
    if isinstance(types, str):
        raise ValidationError(
            f"types must be a list of type names, not the string {types!r}",
            field="types",
            value=types,
        )
    out = tuple(types)
    for kind in out:
        if not isinstance(kind, str) or not kind:
            raise ValidationError(
                f"world type {kind!r} must be a non-empty string", field="types", value=kind
            )
    return out


def resolve_scopes(store: Store, scope_ids: Sequence[str] | None) -> tuple[NodeId, ...] | None:
    """Turn scope references (world ids, unique id prefixes or ``kind=value``) into world ids.

    A ``kind=value`` name always maps to its Scope world id, whether or not that scope holds
    anything yet (recall then simply finds nothing).

    Raises:
        ScopeError: a reference is neither an id nor ``kind=value``.
    """
    if scope_ids is None:
        return None
    if isinstance(scope_ids, str):
        raise ScopeError(f"scope_ids must be a list of scopes, not the string {scope_ids!r}")
    out: list[NodeId] = []
    for ref in scope_ids:
        if not isinstance(ref, str) or not ref.strip():
            raise ScopeError(f"scope {ref!r} must be a Scope world id or 'kind=value'")
        text = ref.strip()
        if is_node_id(text.lower()):
            out.append(NodeId(text.lower()))
        elif "=" in text:
            kind, _, value = text.partition("=")
            if not kind.strip() or not value.strip():
                raise ScopeError(f"scope {ref!r} must be 'kind=value' with both parts non-empty")
            out.append(world_id(scope_world(kind.strip(), value.strip())))
        elif len(text) >= MIN_PREFIX and set(text.lower()) <= _HEX:
            out.append(store.resolve_id(text))
        else:
            raise ScopeError(f"scope {ref!r} must be a Scope world id or 'kind=value'")
    return tuple(dict.fromkeys(out))


def filter_rids(store: Store, rids: Iterable[int], flt: WorldFilter) -> set[int]:
    """The subset of ``rids`` that ``flt`` admits (point lookups by primary key)."""
    return store.lanes.admit_rids(list(dict.fromkeys(rids)), flt)


def filter_ids(store: Store, ids: Iterable[str], flt: WorldFilter) -> dict[NodeId, int]:
    """The worlds among ``ids`` that ``flt`` admits, mapped to their row ids."""
    return store.lanes.admit_ids(list(dict.fromkeys(ids)), flt)
