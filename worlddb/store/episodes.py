"""Reads for multi-evidence recall: which episode a hit belongs to, and its stored vector.

Recall ranks worlds (turns, facts), but a memory graph's unit of evidence is often the episode
they came from: the Session holding a turn (``nodes.parent``), the turn a fact was
``derived_from`` and so its session; a Session or Note is its own episode. These reads sit
behind ``EpisodeReads`` so recall holds no SQL of its own: every read is a primary-key or
``edges_src`` probe, bounded by the ids asked about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, Protocol

from worlddb.store.ids import probe
from worlddb.store.lane_sql import Connected

__all__ = ["EpisodeReads", "SqliteEpisodeReads"]

_CHUNK: Final = 400

# A fact's episode is the parent of the turn it was derived from (or that world itself when it
# has no parent: a Note); anything else's is its parent, or itself.
_EPISODE_SQL: Final = """
SELECT n.rid, coalesce(
    (SELECT coalesce(tp.rid, t.rid) FROM edges e
       JOIN nodes t ON t.id = e.dst
       LEFT JOIN nodes tp ON tp.id = t.parent
      WHERE n.type = 'Fact' AND e.src = n.id AND e.type = 'derived_from'
        AND e.status = 'active'
      ORDER BY e.rid LIMIT 1),
    (SELECT p.rid FROM nodes p WHERE p.id = n.parent),
    n.rid)
FROM nodes n WHERE n.rid IN ({marks})
"""


class EpisodeReads(Protocol):
    """What multi-evidence recall reads besides the lanes' own indexes."""

    def episodes_of(self, rids: Iterable[int]) -> Mapping[int, int]:
        """Each known rid → the rid of its episode (itself when it is one)."""
        ...

    def vectors_of(self, rids: Iterable[int]) -> Mapping[int, bytes]:
        """Each rid with a stored embedding → its vector (little-endian float32 bytes)."""
        ...

    def doc_freqs(self, words: Iterable[str], cap: int) -> tuple[Mapping[str, int], int]:
        """How many indexed worlds hold each word (counting stops at ``cap``), and how many
        worlds there are: the inverse document frequency of candidate expansion words."""
        ...

    def mention_counts(self, entities: Iterable[str], cap: int) -> Mapping[str, int]:
        """How many live ``refers_to`` edges point at each entity (counting stops at ``cap``):
        an entity most memories mention (the user) says nothing about any one of them."""
        ...


class SqliteEpisodeReads:
    """``EpisodeReads`` over a store's connection (SQLite's, or PostgreSQL's through its
    dialect layer)."""

    def __init__(self, store: Connected) -> None:
        self.store = store

    def episodes_of(self, rids: Iterable[int]) -> dict[int, int]:
        out: dict[int, int] = {}
        for chunk in _chunks(rids):
            sql = _EPISODE_SQL.format(marks=",".join("?" * len(chunk)))
            with self.store._guard:
                out.update((int(a), int(b)) for a, b in self.store._connection.execute(sql, chunk))
        return out

    def vectors_of(self, rids: Iterable[int]) -> dict[int, bytes]:
        out: dict[int, bytes] = {}
        for chunk in _chunks(rids):
            marks = ",".join("?" * len(chunk))
            with self.store._guard:
                rows = self.store._connection.execute(
                    f"SELECT rid, vector FROM embeddings WHERE rid IN ({marks})", chunk
                ).fetchall()
            out.update((int(r), bytes(v)) for r, v in rows)
        return out

    def doc_freqs(self, words: Iterable[str], cap: int) -> tuple[dict[str, int], int]:
        out: dict[str, int] = {}
        with self.store._guard:
            (size,) = self.store._connection.execute(
                "SELECT coalesce(max(rid), 0) FROM nodes"
            ).fetchone()
            for word in dict.fromkeys(words):
                if not word.isalnum():
                    continue  # only plain words reach FTS5, always as a quoted phrase
                (count,) = self.store._connection.execute(
                    "SELECT count(*) FROM (SELECT rowid FROM fts WHERE fts MATCH ? LIMIT ?)",
                    (f'"{word}"', cap),
                ).fetchone()
                out[word] = int(count)
        return out, int(size)

    def mention_counts(self, entities: Iterable[str], cap: int) -> dict[str, int]:
        out: dict[str, int] = {}
        with self.store._guard:
            for entity in dict.fromkeys(entities):
                (count,) = self.store._connection.execute(
                    "SELECT count(*) FROM (SELECT 1 FROM edges WHERE dst = ? AND type = "
                    "'refers_to' AND status = 'active' LIMIT ?)",
                    (probe(entity), cap),
                ).fetchone()
                out[entity] = int(count)
        return out


def _chunks(rids: Iterable[int]) -> Iterable[list[int]]:
    wanted = list(dict.fromkeys(int(r) for r in rids))
    for start in range(0, len(wanted), _CHUNK):
        yield wanted[start : start + _CHUNK]
