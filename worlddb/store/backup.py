"""Copy a live store to another file, consistently, and put a copy back in place.

``copy_database`` uses SQLite's online backup API in a single step: the copy is one read
transaction's snapshot, so it is consistent while a server (or any other process) keeps writing
-- in WAL mode the writer is not blocked and the copy simply does not see writes that commit
after it began. The copy goes to a temporary file beside the destination, is checked (by a
caller-supplied ``check``, e.g. every world's hash), flushed to disk, and only then renamed over
the destination, so a failed or interrupted backup never leaves a half-written file under the
destination's name.

The HNSW vector index (``<db>.hnsw`` and its ``.json`` sidecar) is not copied: it is a cache of
the ``embeddings`` table and a copy of it could not be taken in the same snapshot. Any stale
sidecars at the destination are removed, so the index is rebuilt from the copied table on first
open.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from worlddb.errors import IntegrityError, NotFoundError, ValidationError
from worlddb.store import _connect

__all__ = ["CopyReport", "copy_database", "count_worlds", "integrity_check", "store_files"]

_COMPANIONS: Final = ("-wal", "-shm", ".hnsw", ".hnsw.json")  # files that belong to one store

Check = Callable[[Path], Sequence[str]]


@dataclass(frozen=True, slots=True)
class CopyReport:
    """What ``copy_database`` wrote."""

    source: str
    dest: str
    pages: int
    bytes: int
    seconds: float


def store_files(path: Path) -> list[Path]:
    """The database file and the companions of it that exist (WAL, shared memory, vectors)."""
    return [p for p in (path, *(Path(f"{path}{s}") for s in _COMPANIONS)) if p.exists()]


def copy_database(
    source: str | Path, dest: str | Path, *, force: bool = False, check: Check | None = None
) -> CopyReport:
    """Copy the store at ``source`` to ``dest`` as one consistent snapshot.

    Args:
        source: an existing store file (may be open and written by other processes).
        dest: the file to create.
        force: replace ``dest`` (and its WAL and vector sidecars) if it exists.
        check: called on the finished temporary copy; any problem it returns aborts the copy
            and leaves ``dest`` untouched.

    Raises:
        NotFoundError: ``source`` does not exist.
        ValidationError: ``dest`` exists (without ``force``), is ``source``, or its directory
            is missing.
        IntegrityError: ``check`` found problems in the copy.
    """
    src = Path(source).expanduser()
    out = Path(dest).expanduser()
    if not src.is_file():
        raise NotFoundError(str(src), "database file")
    if out.exists() and out.resolve() == src.resolve():
        raise ValidationError(f"{str(out)!r} is the source itself", field="dest", value=str(out))
    if out.exists() and not force:
        raise ValidationError(
            f"{str(out)!r} already exists; pass --force to replace it", field="dest", value=str(out)
        )
    if not out.parent.is_dir():
        raise ValidationError(
            f"directory {str(out.parent)!r} does not exist", field="dest", value=str(out)
        )
    temp = out.with_name(f".{out.name}.partial-{os.getpid()}")
    started = time.perf_counter()
    try:
        pages = _snapshot(src, temp)
        problems = list(check(temp)) if check is not None else []
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise IntegrityError(
                f"the copy of {str(src)!r} failed verification: {problems[0]}{more}; "
                f"{str(out)!r} was not written"
            )
        _fsync(temp)
        for stale in store_files(out):
            if stale != out:  # a stale WAL would be replayed into the new file: remove it first
                stale.unlink()
        os.replace(temp, out)
    finally:
        for leftover in store_files(temp):
            leftover.unlink()
    return CopyReport(
        source=str(src),
        dest=str(out),
        pages=pages,
        bytes=out.stat().st_size,
        seconds=time.perf_counter() - started,
    )


def _snapshot(src: Path, temp: Path) -> int:
    """Copy ``src`` into the new file ``temp`` in one backup step; returns the page count."""
    for leftover in store_files(temp):
        leftover.unlink()
    try:
        source = _connect(str(src), query_only=True)
        try:
            target = _connect(str(temp))
            try:
                source.backup(target, pages=-1)  # one step: one read snapshot of the source
                (pages,) = target.execute("PRAGMA page_count").fetchone()
                # The copy keeps the source's WAL mode; fold its log in so it is one file.
                target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                target.close()
        finally:
            source.close()
    except sqlite3.DatabaseError as exc:
        raise ValidationError(
            f"cannot copy {str(src)!r}: {exc}", field="source", value=str(src)
        ) from None
    return int(pages)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def integrity_check(path: Path) -> list[str]:
    """SQLite's own page-level check of the file at ``path`` (empty when sound)."""
    conn = _connect(str(path), query_only=True)
    try:
        found = [str(r[0]) for r in conn.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:
        return [f"SQLite cannot read the file: {exc}"]
    finally:
        conn.close()
    return [] if found == ["ok"] else [f"SQLite integrity_check: {p}" for p in found]


def count_worlds(path: Path) -> int:
    """How many worlds the store file at ``path`` holds."""
    conn = _connect(str(path), query_only=True)
    try:
        return int(conn.execute("SELECT count(*) FROM blobs").fetchone()[0])
    finally:
        conn.close()
