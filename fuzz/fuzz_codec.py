"""Fuzz the canonical codec: decoding never raises anything but ``CanonicalEncodingError``, and
whatever decodes (or encodes) round-trips byte for byte.

Three checks per input:

1. ``decode_canonical(data)`` either raises ``CanonicalEncodingError`` or returns a value whose
   canonical encoding is exactly ``data``;
2. ``decode_world(data)`` likewise, against ``world_bytes``;
3. ``data`` read as lax JSON (floats, whitespace, any key order) is a value to *encode*:
   ``canonical_bytes`` either refuses it with ``CanonicalEncodingError`` or produces bytes that
   decode back to an equal value.

Run with atheris (``python fuzz/fuzz_codec.py -max_total_time=60 fuzz/corpus/codec``) or call
``test_one_input`` directly, as ``tests/test_fuzz_corpus.py`` does for the seed corpus.
"""

from __future__ import annotations

import json
import sys
from contextlib import AbstractContextManager, nullcontext


def _instrumented() -> AbstractContextManager[object]:
    """Coverage-instrument worlddb's modules when run as a fuzzer; a no-op when imported."""
    if __name__ != "__main__":
        return nullcontext()
    import atheris

    hooks: AbstractContextManager[object] = atheris.instrument_imports(include=["worlddb"])
    return hooks


with _instrumented():
    from worlddb.errors import CanonicalEncodingError
    from worlddb.hashing import canonical_bytes, decode_canonical, decode_world, world_bytes

__all__ = ["main", "test_one_input"]


def _lax_json(data: bytes) -> tuple[bool, object]:
    """Parse ``data`` as ordinary JSON; ``(False, None)`` when it is not JSON at all."""
    try:
        return True, json.loads(data.decode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError):  # the stdlib parser's refusals, not ours
        return False, None


def test_one_input(data: bytes) -> None:
    """One fuzz iteration; raises ``AssertionError`` (or anything unexpected) on a finding."""
    try:
        value = decode_canonical(data)
    except CanonicalEncodingError:
        pass
    else:
        assert canonical_bytes(value) == data, "decoded value does not re-encode to its bytes"

    try:
        spec = decode_world(data)
    except CanonicalEncodingError:
        pass
    else:
        assert world_bytes(spec) == data, "decoded world does not re-encode to its bytes"

    parsed, candidate = _lax_json(data)
    if not parsed:
        return
    try:
        encoded = canonical_bytes(candidate)
    except CanonicalEncodingError:
        return
    assert decode_canonical(encoded) == candidate, "encode/decode changed the value"
    assert canonical_bytes(decode_canonical(encoded)) == encoded


def main() -> None:
    """Run under atheris (libFuzzer flags come from ``sys.argv``)."""
    import atheris

    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
