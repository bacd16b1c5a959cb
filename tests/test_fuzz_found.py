"""An input the changeset fuzzer found in stop 23's long run (libFuzzer seed 4, after ~51k
executions). Its last changeset holds a Scope spec that resolves to an existing Scope of the
same name, and a new Fact that names that spec as a child: written as given, the Fact's
``contains`` edge pointed at a world never stored (a dangling edge, I4). The reconciler now
refuses such a changeset (a parent's id hashes its children's ids, so the child cannot be
swapped for the world it resolved to): one typed line, the store as it was.
"""

from __future__ import annotations

import base64
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError

FOUND = (
    "PfVhZThjYzI4NWM1NTAxpPVhZThjYzI4NWM1NTAxODk3AQA99WFlOGNjMjg1YwAAAAAD6GRjNjI3NWM2Mjc1Y"
    "zU4MjM5NWM1ODIzAAAAAAAAAAg5NUw="
)


def _target() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "fuzz" / "fuzz_changeset.py"
    spec = importlib.util.spec_from_file_location("fuzz_changeset_found", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_found_input_passes_the_fuzz_target() -> None:
    _target().test_one_input(base64.b64decode(FOUND))


def test_a_child_resolved_to_an_existing_world_is_refused_and_nothing_lands() -> None:
    target = _target()
    with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
        seeds = [db.put(s.type, s.name, s.content, valid_from=s.valid_from) for s in target.SEEDS]
        *before, last = target.decode_changesets(base64.b64decode(FOUND), seeds)
        for changeset in before:
            db.write(changeset)
        rows = target._rows(db)
        with pytest.raises(ValidationError, match="resolved to the existing world") as caught:
            db.write(last)
        assert caught.value.field == "children"
        assert target._rows(db) == rows
        assert db.verify() == []
