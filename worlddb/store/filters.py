"""What a read may return (time, type, scope), as a plain value that carries no SQL.

Every retrieval lane (text, vector, entity graph, query pipeline) finds candidate row ids its
own way and then keeps only the worlds a ``WorldFilter`` admits. The filter is data only: the
backend renders it for its own engine (the SQLite rendering is ``worlddb.store.lane_sql``), so
the lanes above the store never pass SQL fragments between modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from worlddb.model import NodeId
from worlddb.store.reads import TimeView

__all__ = ["WorldFilter"]

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
