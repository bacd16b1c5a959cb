"""Typed reads over scope membership for the agent-memory verbs (the SQL lives in the store).

Functions over the SQLite ``Store`` rather than methods, so the store class itself stays untouched;
they read through ``store._connection`` and ``store._guard``, so on the thread holding the writer
slot (``Store.exclusive``) they see what that writer sees (``erase_scope`` lists a scope's members
and deletes them under one writer, so nothing joins the scope in between).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worlddb.model import NodeId

if TYPE_CHECKING:
    from worlddb.store import Store

__all__ = ["scope_member_ids", "shared_member_ids"]


def scope_member_ids(store: Store, scope: str) -> list[NodeId]:
    """The ids of every world that is a member of the Scope world ``scope``."""
    with store._guard:
        return [
            NodeId(r[0])
            for r in store._connection.execute(
                "SELECT n.id FROM scope_members m JOIN nodes n ON n.rid = m.rid WHERE m.scope = ?",
                (scope,),
            )
        ]


def shared_member_ids(store: Store, scope: str) -> frozenset[str]:
    """The members of ``scope`` that some other scope holds too."""
    with store._guard:
        return frozenset(
            r[0]
            for r in store._connection.execute(
                "SELECT DISTINCT n.id FROM scope_members m JOIN nodes n ON n.rid = m.rid "
                "WHERE m.scope != ? "
                "AND m.rid IN (SELECT rid FROM scope_members WHERE scope = ?)",
                (scope, scope),
            )
        )
