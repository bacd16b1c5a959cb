"""Composed world embeddings: mean and attention pooling, and recomposing a leaf's path."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.hashing import scope_world, world_id
from worlddb.index.compose import KINDS, attention_pool, compose, mean_pool, recompose_path
from worlddb.index.vector import decode_vector
from worlddb.model import Changeset, EdgeSpec, WorldSpec

FINITE = st.floats(-10, 10, allow_nan=False, width=32)
MATRIX = hnp.arrays(np.float32, st.tuples(st.integers(1, 6), st.just(8)), elements=FINITE)


pytestmark = pytest.mark.worlddb(embedder="hash")


def _vector(db: WorldDB, wid: str) -> np.ndarray:
    row = db.store._connection.execute(
        "SELECT e.vector FROM nodes n JOIN embeddings e ON e.rid = n.rid WHERE n.id = ?",
        (bytes.fromhex(wid),),
    ).fetchone()
    return decode_vector(bytes(row[0]))


def _rid(db: WorldDB, wid: str) -> int:
    rid = db.store.rid_of(wid)
    assert rid is not None
    return rid


def _unit(v: np.ndarray) -> np.ndarray:
    return np.asarray(v / np.linalg.norm(v), dtype=np.float32)


@given(MATRIX)
def test_pools_are_unit_length_and_order_free(children: np.ndarray) -> None:
    if not np.linalg.norm(children.mean(axis=0)) > 1e-3:
        return  # a mean of ~0 has no direction to normalise
    query = children[0]
    for pooled, shuffled in [
        (mean_pool(children), mean_pool(children[::-1])),
        (attention_pool(query, children), attention_pool(query, children[::-1])),
    ]:
        assert float(np.linalg.norm(pooled)) == pytest.approx(1.0, abs=1e-4)
        np.testing.assert_allclose(pooled, shuffled, atol=1e-5)


def test_attention_leans_towards_the_child_most_like_the_query() -> None:
    children = np.array([[4.0, 0.0], [0.0, 4.0]], dtype=np.float32)
    pooled = attention_pool(np.array([4.0, 0.0], dtype=np.float32), children)
    assert pooled[0] > pooled[1] > 0
    # softmax(children · q / √d) by hand: logits 16/√2 and 0.
    weight = 1 / (1 + np.exp(-16 / np.sqrt(2)))
    np.testing.assert_allclose(pooled, _unit(np.array([4 * weight, 4 * (1 - weight)])), rtol=1e-5)


def test_attention_without_own_embedding_queries_with_the_mean() -> None:
    children = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0]], dtype=np.float32)
    expected = attention_pool(mean_pool(children), children)
    np.testing.assert_allclose(compose("attn", None, children), expected)


def test_bad_inputs_raise_validation_errors() -> None:
    with pytest.raises(ValidationError):
        mean_pool(np.zeros((0, 4), dtype=np.float32))
    with pytest.raises(ValidationError):
        attention_pool(np.zeros(3, dtype=np.float32), np.ones((2, 4), dtype=np.float32))
    with pytest.raises(ValidationError) as err:
        compose("max", None, np.ones((2, 4), dtype=np.float32))
    assert err.value.field == "kind"


def test_recompose_path_composes_a_session_from_its_turns(db: WorldDB) -> None:
    t1 = db.put("Turn", "user", "I adopted a cat named Miso")
    t2 = db.put("Turn", "assistant", "Miso is a lovely name for a cat")
    session = db.put("Session", name="chat one", children=[t1, t2])
    rows = recompose_path(db.store, _rid(db, t1))
    assert [(rid, kind) for rid, kind, _ in rows] == [(_rid(db, session), k) for k in KINDS]
    got = {kind: vec for _, kind, vec in rows}
    turns = np.vstack([_vector(db, t1), _vector(db, t2)])
    np.testing.assert_allclose(got["mean"], _unit(turns.mean(axis=0)), rtol=1e-5)
    np.testing.assert_allclose(got["attn"], attention_pool(_vector(db, session), turns), rtol=1e-5)


def test_a_leaf_change_recomposes_only_its_path_to_the_root(db: WorldDB) -> None:
    a1 = db.put("Turn", "user", "first session first turn")
    s1 = db.put("Session", name="one", children=[a1])
    b1 = db.put("Turn", "user", "second session first turn")
    s2 = db.put("Session", name="two", children=[b1])
    root = db.put("Conversation", name="all of it", children=[s1, s2])
    scope = scope_world("user_id", "ann")
    db.write(Changeset(worlds=(scope,), edges=(EdgeSpec("contains", world_id(scope), a1),)))
    rows = recompose_path(db.store, _rid(db, a1))
    assert [rid for rid, _, _ in rows] == [_rid(db, s1)] * 2 + [_rid(db, root)] * 2
    # The root composes its sessions' *composed* vectors, not their own name embeddings.
    got = {(rid, kind): vec for rid, kind, vec in rows}
    s2_mean = _unit(_vector(db, b1))
    expected = _unit(np.vstack([got[(_rid(db, s1), "mean")], s2_mean]).mean(axis=0))
    np.testing.assert_allclose(got[(_rid(db, root), "mean")], expected, rtol=1e-5)


def test_a_world_without_children_or_vectors_composes_nothing(db: WorldDB) -> None:
    lone = db.put("Note", content="nothing inside")
    assert recompose_path(db.store, _rid(db, lone)) == []
    empty = WorldSpec(type="Folder")
    db.write(Changeset(worlds=(empty,)))
    assert recompose_path(db.store, _rid(db, world_id(empty))) == []
