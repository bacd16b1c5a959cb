"""Typed reads over scope membership for the agent-memory verbs (the SQL lives in the store).

A mixin of both the ``Store`` and the write transaction (``Writer``), so ``erase_scope`` lists a
scope's members *inside* the transaction that deletes them: across processes only that
transaction (``BEGIN IMMEDIATE``) holds other writers off, so a member listed before it began
could miss a note another process committed in between, which would then be left in no scope.
"""

from __future__ import annotations

from worlddb.model import NodeId
from worlddb.store.ids import hexid, probe
from worlddb.store.sql import ConnectionMixin

__all__ = ["ScopeMemberReads"]


class ScopeMemberReads(ConnectionMixin):
    """Scope membership reads of ``Store`` and the write transaction (``ConnectionMixin``)."""

    def scope_member_ids(self, scope: str) -> list[NodeId]:
        """The ids of every world that is a member of the Scope world ``scope``."""
        with self._guard:
            return [
                NodeId(hexid(r[0]))
                for r in self._connection.execute(
                    "SELECT n.id FROM scope_members m JOIN nodes n ON n.rid = m.rid "
                    "WHERE m.scope = ?",
                    (probe(scope),),
                )
            ]

    def shared_member_ids(self, scope: str) -> frozenset[str]:
        """The members of ``scope`` that some other scope holds too."""
        key = probe(scope)
        with self._guard:
            return frozenset(
                hexid(r[0])
                for r in self._connection.execute(
                    "SELECT DISTINCT n.id FROM scope_members m JOIN nodes n ON n.rid = m.rid "
                    "WHERE m.scope != ? "
                    "AND m.rid IN (SELECT rid FROM scope_members WHERE scope = ?)",
                    (key, key),
                )
            )
