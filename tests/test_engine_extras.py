"""Small facade additions: scopes_of, and the store's fast blob decoding on reads."""

from __future__ import annotations

import pytest

from worlddb import NotFoundError, WorldDB
from worlddb.errors import CanonicalEncodingError
from worlddb.hashing import decode_world, world_bytes
from worlddb.model import WorldSpec


def test_scopes_of_lists_direct_and_inherited_scopes(db: WorldDB) -> None:
    from worlddb.plugins import Message

    session = db.remember(
        [Message("user", "hello"), Message("assistant", "hi")],
        scopes={"user_id": "alice", "run_id": "r1"},
    )
    assert db.scopes_of(session.id) == ["run_id=r1", "user_id=alice"]
    assert db.scopes_of(session.turns[0]) == ["run_id=r1", "user_id=alice"]
    with pytest.raises(NotFoundError):
        db.scopes_of("0" * 64)


def test_decode_world_without_verification_reads_what_the_store_wrote() -> None:
    spec = WorldSpec(type="Fact", content="café ☕", created_at=7)
    body = world_bytes(spec)
    assert decode_world(body, verify=False) == decode_world(body) == spec
    with pytest.raises(CanonicalEncodingError):
        decode_world(b"\xff", verify=False)
    # Only the verifying path notices non-canonical (but decodable) bytes.
    loose = body.replace(b'"content"', b' "content"')
    assert decode_world(loose, verify=False) == spec
    with pytest.raises(CanonicalEncodingError):
        decode_world(loose)
