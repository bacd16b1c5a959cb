"""Composed world embeddings: a container's vector built from its children's.

A world that contains others (a session of turns, a conversation of sessions) has two vectors:
its **content** embedding (its own text, in ``embeddings``; stable, never recomputed) and its
**composed** embeddings (in ``composed_embeddings``, one row per kind), which summarise what it
contains:

* ``mean`` — the L2-normalised mean of the children's vectors;
* ``attn`` — parameter-free attention: the world's own content embedding is the query, the
  children are keys and values; weights are ``softmax(children · query / √d)`` and the result
  is the L2-normalised weighted sum. A world without a content embedding uses its children's
  mean as the query.

A child contributes its composed vector of the same kind when it is itself a container, else
its content embedding; the composed table is never an input to its own row, only to parents,
so recomposition never feeds on its own output. Because children feed parents, a leaf change
invalidates exactly the path from it to the root(s): ``recompose_path`` computes that path,
bottom up, and returns the rows; writing them is the reconciler's job.

Children are the targets of live ``contains`` edges from a non-Scope world (scope membership is
not structure and a Scope has no composed vector).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

import numpy as np

from worlddb.errors import ValidationError
from worlddb.index.vector import decode_vector
from worlddb.plugins import Vectors
from worlddb.store.lane_protocols import CompositionQueries
from worlddb.store.protocols import Store

__all__ = [
    "KINDS",
    "MAX_DEPTH",
    "attention_pool",
    "compose",
    "mean_pool",
    "recompose_path",
    "recompose_paths",
]

KINDS: Final = ("mean", "attn")
MAX_DEPTH: Final = 64
"""Most ancestor levels followed from one leaf (structure deeper than this is malformed)."""
_EPS: Final = 1e-12


def _unit(vector: Vectors) -> Vectors:
    norm = float(np.linalg.norm(vector))
    return (vector / max(norm, _EPS)).astype(np.float32)


def _matrix(children: Vectors) -> Vectors:
    matrix = np.asarray(children, dtype=np.float32)
    if matrix.ndim != 2 or matrix.shape[0] == 0:
        raise ValidationError(
            "children must be a non-empty (n, d) matrix",
            field="children",
            value=getattr(matrix, "shape", None),
        )
    return matrix


def mean_pool(children: Vectors) -> Vectors:
    """The unit-length mean of ``children`` (an ``(n, d)`` matrix).

    Raises:
        ValidationError: ``children`` is empty or not two-dimensional.
    """
    return _unit(_matrix(children).mean(axis=0))


def attention_pool(query: Vectors, children: Vectors) -> Vectors:
    """Scaled dot-product attention of ``query`` over ``children``, L2-normalised.

    Raises:
        ValidationError: ``children`` is empty, or ``query`` does not match its width.
    """
    matrix = _matrix(children)
    q = np.asarray(query, dtype=np.float32).reshape(-1)
    if q.shape[0] != matrix.shape[1]:
        raise ValidationError(
            f"query width {q.shape[0]} does not match children width {matrix.shape[1]}",
            field="query",
            value=q.shape[0],
        )
    logits = (matrix @ q) / np.float32(math.sqrt(matrix.shape[1]))
    weights = np.exp(logits - logits.max())
    weights /= weights.sum()
    return _unit(weights @ matrix)


def compose(kind: str, own: Vectors | None, children: Vectors) -> Vectors:
    """One composed vector of ``kind`` from a world's own embedding and its children's.

    Raises:
        ValidationError: ``kind`` is not one of ``KINDS``.
    """
    if kind == "mean":
        return mean_pool(children)
    if kind == "attn":
        return attention_pool(mean_pool(children) if own is None else own, children)
    raise ValidationError(
        f"composition kind must be one of {KINDS}, not {kind!r}", field="kind", value=kind
    )


def recompose_path(store: Store, rid: int) -> list[tuple[int, str, Vectors]]:
    """Composed vectors for world ``rid`` (if it has children) and all its ancestors.

    Returns ``(rid, kind, vector)`` rows, children before parents, one per kind for every world
    on the path that has at least one child with a vector. Nothing is written.
    """
    return recompose_paths(store.lanes, [rid])


def recompose_paths(
    backend: CompositionQueries, rids: Iterable[int]
) -> list[tuple[int, str, Vectors]]:
    """``recompose_path`` for several changed worlds at once; shared ancestors appear once.

    ``backend`` is where the stored vectors are read: the reconciler passes its open
    transaction's ``lanes``, so the worlds it has just written (uncommitted) are seen.
    """
    reader = _Reader(backend)
    path = reader.path([int(r) for r in rids])
    out: list[tuple[int, str, Vectors]] = []
    for rid in path:
        for kind in KINDS:
            vector = reader.composed(rid, kind, recompute=set(path))
            if vector is not None:
                out.append((rid, kind, vector))
    return out


class _Reader:
    """Memoised reads for one recomposition pass (the store does not change during it)."""

    def __init__(self, backend: CompositionQueries) -> None:
        self.backend = backend
        self._memo: dict[tuple[int, str], Vectors | None] = {}

    def path(self, rids: list[int]) -> list[int]:
        """``rids`` and their ancestors, each after all of its descendants on the path."""
        depth: dict[int, int] = {}
        frontier = {r: 0 for r in rids}
        while frontier:
            nxt: dict[int, int] = {}
            for rid, level in frontier.items():
                if level > MAX_DEPTH or depth.get(rid, -1) >= level:
                    continue
                depth[rid] = level
                for parent in self.backend.parents(rid):
                    nxt[parent] = max(nxt.get(parent, 0), level + 1)
            frontier = nxt
        return sorted(depth, key=lambda r: (depth[r], r))

    def composed(self, rid: int, kind: str, *, recompute: set[int]) -> Vectors | None:
        key = (rid, kind)
        if key not in self._memo:
            if rid not in recompute:
                stored = _decoded(self.backend.composed_vector(rid, kind))
                if stored is not None:
                    self._memo[key] = stored
                    return stored
            inputs = [
                v
                for c in self.backend.children(rid)
                if (v := self.effective(c, kind, recompute=recompute)) is not None
            ]
            self._memo[key] = (
                compose(kind, self._content(rid), np.vstack(inputs)) if inputs else None
            )
        return self._memo[key]

    def effective(self, rid: int, kind: str, *, recompute: set[int]) -> Vectors | None:
        """What a child contributes: its composed vector if it has one, else its content."""
        composed = self.composed(rid, kind, recompute=recompute)
        return composed if composed is not None else self._content(rid)

    def _content(self, rid: int) -> Vectors | None:
        return _decoded(self.backend.content_vector(rid))


def _decoded(blob: bytes | None) -> Vectors | None:
    return None if blob is None else decode_vector(blob)
