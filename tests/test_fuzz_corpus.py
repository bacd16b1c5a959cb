"""Replay every seed and crash reproducer in ``fuzz/corpus/<target>/`` through its fuzz target.

The targets run without atheris, so each corpus file is an ordinary regression test here; a new
crash found by a fuzzing session is added to the corpus after the bug is fixed.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

FUZZ = Path(__file__).resolve().parent.parent / "fuzz"
TARGETS = ("codec", "changeset")


@cache
def _load(target: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"fuzz_{target}", FUZZ / f"fuzz_{target}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cases() -> list[tuple[str, Path]]:
    return [(t, f) for t in TARGETS for f in sorted((FUZZ / "corpus" / t).iterdir()) if f.is_file()]


def test_every_target_has_a_seed_corpus() -> None:
    for target in TARGETS:
        assert any((FUZZ / "corpus" / target).iterdir()), target


@pytest.mark.parametrize(("target", "path"), _cases(), ids=lambda v: getattr(v, "name", v))
def test_corpus_file_passes_its_target(target: str, path: Path) -> None:
    run: Callable[[bytes], None] = _load(target).test_one_input
    run(path.read_bytes())
