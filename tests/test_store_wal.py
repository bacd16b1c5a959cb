"""Opening one new SQLite file from two connections at once: the second must wait for the
first's write lock rather than fail (``worlddb.store.wal``; a CI run once lost the embedding
cache's concurrency test to this race)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from worlddb.eval.embed_cache import CachingEmbedder
from worlddb.store import open_sqlite_store
from worlddb.store.wal import enable_wal
from worlddb.testing import HashEmbedder


@contextmanager
def write_lock_held(path: Path, seconds: float) -> Iterator[None]:
    """Another connection holds ``path``'s RESERVED lock (in rollback mode, as a first opener
    laying out its schema does) and lets go after ``seconds``."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    releaser = threading.Timer(seconds, lambda: holder.execute("COMMIT"))
    releaser.start()
    try:
        yield
    finally:
        releaser.join()
        holder.close()


def test_sqlite_itself_refuses_the_switch_at_once_while_another_holds_the_write_lock(
    tmp_path: Path,
) -> None:
    """The premise: without the retry, the busy timeout does not help."""
    path = tmp_path / "raw.sqlite"
    with write_lock_held(path, 0.3):
        conn = sqlite3.connect(path, isolation_level=None, timeout=5)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            conn.execute("PRAGMA journal_mode = WAL")
        conn.close()


def test_enable_wal_waits_for_the_lock_to_go(tmp_path: Path) -> None:
    path = tmp_path / "wait.sqlite"
    with write_lock_held(path, 0.2):
        conn = sqlite3.connect(path, isolation_level=None, timeout=5)
        assert enable_wal(conn, timeout_s=5) == "wal"
        conn.close()


def test_enable_wal_gives_up_at_its_deadline(tmp_path: Path) -> None:
    path = tmp_path / "late.sqlite"
    with write_lock_held(path, 0.5):
        conn = sqlite3.connect(path, isolation_level=None, timeout=5)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            enable_wal(conn, timeout_s=0.05)
        conn.close()


def test_enable_wal_reports_memory_for_an_in_memory_database() -> None:
    conn = sqlite3.connect(":memory:")
    assert enable_wal(conn, timeout_s=1) == "memory"
    conn.close()


def test_a_store_opens_while_another_opener_holds_the_write_lock(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite"
    with write_lock_held(path, 0.2):
        open_sqlite_store(path).close()
    check = sqlite3.connect(path)
    try:
        assert check.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # it persists
    finally:
        check.close()


def test_the_embedding_cache_opens_while_another_opener_holds_the_write_lock(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cache.sqlite"
    cache = CachingEmbedder(HashEmbedder(8), path)
    try:
        with write_lock_held(path, 0.2):
            vectors = cache.embed_documents(["opened while locked"])
        assert vectors.shape == (1, 8)
        assert len(cache) == 1
    finally:
        cache.close()
