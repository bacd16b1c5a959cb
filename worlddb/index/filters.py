"""One filter for every read lane: which worlds a search may return (time, type, scope).

Every lane (text, vector, entity graph, query pipeline) finds candidate row ids its own way and
then keeps only the worlds a ``WorldFilter`` admits. The filter is rendered as one SQL fragment
over ``nodes n`` so each lane applies it as point lookups on ``nodes.rid`` (and on the
``scope_members`` primary key) after its own index has produced candidates. That keeps the cost
proportional to the candidates, never to the store.

Scopes are named by world id or by ``kind=value`` (``"user_id=alice"``); the latter maps to its
Scope world id without a database read, because Scope worlds are content-addressed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from worlddb.errors import ScopeError, ValidationError
from worlddb.hashing import is_node_id, scope_world, world_id
from worlddb.model import NodeId
from worlddb.store import Store
from worlddb.store.reads import MIN_PREFIX, TimeView, visibility_sql

__all__ = ["CHUNK", "WorldFilter", "check_types", "filter_ids", "filter_rids", "resolve_scopes"]

CHUNK: Final = 500
"""Ids per ``IN (...)`` list: well under SQLite's default 999/32766 variable limits."""

_HEX: Final = frozenset("0123456789abcdef")
_DEFAULT_VIEW: Final = TimeView()


@dataclass(frozen=True, slots=True)
class WorldFilter:
    """What a lane may return: visible at ``view`` at ``now``, of ``types``, in ``scopes``.

    Attributes:
        view: The point on both time axes; the default hides closed worlds.
        now: The moment "now" means for ``view.valid_at=None`` (microseconds).
        types: World types to keep; ``None`` keeps every type.
        scopes: Scope world ids; a world passes if it is a member of all of them. ``None``
            skips the check; an empty tuple admits nothing.
        excluded_types: World types never admitted (recall leaves entities out unless asked
            for them by ``types``).
    """

    view: TimeView = _DEFAULT_VIEW
    now: int = 0
    types: tuple[str, ...] | None = None
    scopes: tuple[NodeId, ...] | None = None
    excluded_types: tuple[str, ...] = ()

    def where(self, alias: str = "n") -> tuple[str, list[object]]:
        """The SQL condition (over ``nodes`` aliased ``alias``) and its parameters."""
        sql, params = visibility_sql(self.view, self.now, alias)
        clauses = [sql]
        if self.types is not None:
            clauses.append(f"{alias}.type IN ({','.join('?' * len(self.types))})")
            params += list(self.types)
        if self.excluded_types:
            clauses.append(f"{alias}.type NOT IN ({','.join('?' * len(self.excluded_types))})")
            params += list(self.excluded_types)
        if self.scopes is not None:
            # A world must be in *every* scope (a user's memories written by one agent), as the
            # memory verbs read scopes. Each correlated EXISTS is one primary-key probe of
            # scope_members per candidate row, never a scan of a large scope.
            if not self.scopes:
                clauses.append("0")
            for scope in self.scopes:
                clauses.append(
                    f"EXISTS (SELECT 1 FROM scope_members m WHERE m.scope = ? "
                    f"AND m.rid = {alias}.rid)"
                )
                params.append(scope)
        return " AND ".join(clauses), params

    def without_types(self) -> WorldFilter:
        """The same filter admitting every type (used for surfaced and expanded worlds)."""
        return WorldFilter(self.view, self.now, None, self.scopes)

    def any_time(self) -> WorldFilter:
        """The same scopes and ingest-time pin, every valid time and type (history reads)."""
        view = TimeView(known_at=self.view.known_at, include_closed=True)
        return WorldFilter(view, self.now, None, self.scopes)

    @property
    def moment(self) -> int:
        """The valid time this filter reads at."""
        return self.now if self.view.valid_at is None else self.view.valid_at


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
    wanted = list(dict.fromkeys(rids))
    where, params = flt.where()
    out: set[int] = set()
    with store.lock:
        for start in range(0, len(wanted), CHUNK):
            chunk = wanted[start : start + CHUNK]
            marks = ",".join("?" * len(chunk))
            for (rid,) in store.conn.execute(
                f"SELECT n.rid FROM nodes n WHERE n.rid IN ({marks}) AND {where}",
                [*chunk, *params],
            ):
                out.add(int(rid))
    return out


def filter_ids(store: Store, ids: Iterable[str], flt: WorldFilter) -> dict[NodeId, int]:
    """The worlds among ``ids`` that ``flt`` admits, mapped to their row ids."""
    wanted = list(dict.fromkeys(ids))
    where, params = flt.where()
    out: dict[NodeId, int] = {}
    with store.lock:
        for start in range(0, len(wanted), CHUNK):
            chunk = wanted[start : start + CHUNK]
            marks = ",".join("?" * len(chunk))
            for wid, rid in store.conn.execute(
                f"SELECT n.id, n.rid FROM nodes n WHERE n.id IN ({marks}) AND {where}",
                [*chunk, *params],
            ):
                out[NodeId(str(wid))] = int(rid)
    return out
