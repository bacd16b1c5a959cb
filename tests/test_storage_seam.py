"""The storage seam holds: SQL runs only inside ``worlddb.store``, and the SQLite classes
implement the seam's Protocols (``worlddb.store.protocols``).

The guard walks the source of ``worlddb`` and ``worlddb_mcp`` and fails on any call of
``.execute(``, ``.executemany(`` or ``.executescript(`` outside ``worlddb/store/``: a statement
above the store would be one more place a second backend has to find. The allowlist names every
exception with its reason; temporary entries belong to files another seam branch is moving
right now, and the stale-entry test makes their removal part of that merge.
"""

from __future__ import annotations

import ast
import inspect
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from worlddb.store import Store as SQLiteStore
from worlddb.store._writer import Writer
from worlddb.store.protocols import Store, StoreReads, WriteTransaction

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (ROOT / "worlddb", ROOT / "server" / "worlddb_mcp")
BACKEND = ("worlddb/store/",)
SQL_CALLS = frozenset({"execute", "executemany", "executescript"})

ALLOWED: dict[str, str] = {
    "worlddb/eval/embed_cache.py": (
        "the eval harness's own embedding cache file (shared across stores and runs), not a "
        "worlddb store: it has no backend to go through"
    ),
}


def sql_calls(source: str, name: str) -> list[str]:
    """``name:line .method(`` for every SQL-running call in ``source``.

    A statement call always passes the SQL; ``Query(...).execute()`` (worlddb's own query
    builder) passes nothing and is not one.
    """
    found: list[str] = []
    for node in ast.walk(ast.parse(source, name)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in SQL_CALLS
            and (node.args or node.keywords)
        ):
            found.append(f"{name}:{node.lineno} .{node.func.attr}(")
    return found


def offenders(root: Path, sources: tuple[Path, ...]) -> dict[str, list[str]]:
    """Source files outside the backend that run SQL, relative to ``root``, with their calls."""
    out: dict[str, list[str]] = {}
    for top in sources:
        for path in sorted(top.rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if rel.startswith(BACKEND):
                continue
            calls = sql_calls(path.read_text(encoding="utf-8"), rel)
            if calls:
                out[rel] = calls
    return out


def test_no_sql_runs_outside_the_store() -> None:
    found = offenders(ROOT, SOURCES)
    unexpected = {rel: calls for rel, calls in found.items() if rel not in ALLOWED}
    assert unexpected == {}, "SQL outside worlddb/store/: move it behind the seam's Protocols"


PRIVATE_STORE_MEMBERS = ("_connection", "_guard", "_write_connection", "_writing")


def nodes_above_the_store(root: Path, sources: tuple[Path, ...]) -> Iterator[tuple[str, ast.AST]]:
    """``(file relative to root, node)`` for every syntax node outside ``worlddb/store/``."""
    for top in sources:
        for path in sorted(top.rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if not rel.startswith(BACKEND):
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), rel)):
                    yield rel, node


def private_store_uses(root: Path, sources: tuple[Path, ...]) -> list[str]:
    """``file:line name`` for every attribute access of the SQLite store's private connection
    members outside ``worlddb/store/``."""
    return [
        f"{rel}:{node.lineno} {node.attr}"
        for rel, node in nodes_above_the_store(root, sources)
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE_STORE_MEMBERS
    ]


def test_no_connection_or_lock_is_reached_outside_the_store() -> None:
    assert private_store_uses(ROOT, SOURCES) == []


def test_the_connection_guard_catches_a_planted_use(tmp_path: Path) -> None:
    package = tmp_path / "worlddb"
    (package / "store").mkdir(parents=True)
    (package / "store" / "ok.py").write_text("with store._guard:\n    store._connection\n")
    (package / "engine.py").write_text("rows = db.store._connection\n")
    assert private_store_uses(tmp_path, (package,)) == ["worlddb/engine.py:1 _connection"]


def test_every_allowlist_entry_is_still_needed() -> None:
    found = offenders(ROOT, SOURCES)
    stale = sorted(rel for rel in ALLOWED if rel not in found)
    assert stale == [], "these files no longer run SQL: remove their allowlist entries"


def test_the_guard_catches_a_planted_statement(tmp_path: Path) -> None:
    package = tmp_path / "worlddb"
    (package / "store").mkdir(parents=True)
    (package / "store" / "ok.py").write_text("conn.execute('SELECT 1')\n")
    (package / "recall").mkdir()
    (package / "recall" / "fine.py").write_text("text = 'conn.execute(' # a string is no call\n")
    (package / "recall" / "leak.py").write_text(
        "def f(store):\n    return store._connection.execute('SELECT 1')\n"
    )
    (package / "cli.py").write_text("db.executescript('x'); db.executemany('y', [])\n")
    (package / "query.py").write_text("Query(store).start_ids(['a']).execute()\n")
    found = offenders(tmp_path, (package,))
    assert found == {
        "worlddb/cli.py": ["worlddb/cli.py:1 .executescript(", "worlddb/cli.py:1 .executemany("],
        "worlddb/recall/leak.py": ["worlddb/recall/leak.py:2 .execute("],
    }


def test_only_the_store_and_the_reconciler_may_import_the_private_writer() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if c.get("forbidden_modules") == ["worlddb.store._writer"]
    )
    packages = {
        f"worlddb.{p.stem if p.suffix == '.py' else p.name}"
        for p in (ROOT / "worlddb").iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()
    }
    expected = packages - {"worlddb.store", "worlddb.reconciler"} | {"worlddb_mcp"}
    assert set(contract["source_modules"]) == expected


def _members(protocol: type) -> dict[str, inspect.Signature | None]:
    out: dict[str, inspect.Signature | None] = {}
    for klass in protocol.__mro__:
        if klass is object or klass.__name__ == "Protocol" or klass.__name__ == "Generic":
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") or name in out:
                continue
            if isinstance(value, property):
                out[name] = None
            elif callable(value):
                out[name] = inspect.signature(value)
    return out


def mismatches(protocol: type, concrete: type) -> list[str]:
    """Protocol members ``concrete`` lacks or whose parameter names and kinds differ."""
    problems: list[str] = []
    for name, wanted in _members(protocol).items():
        have = inspect.getattr_static(concrete, name, None)
        if have is None:
            problems.append(f"{name}: missing")
            continue
        if wanted is None or isinstance(have, property):
            continue
        got = inspect.signature(have)
        shape = [(p.name, p.kind) for p in wanted.parameters.values()]
        if shape != [(p.name, p.kind) for p in got.parameters.values()]:
            problems.append(f"{name}: {got} is not {wanted}")
    return problems


@pytest.mark.parametrize(
    ("protocol", "concrete"),
    [(Store, SQLiteStore), (StoreReads, SQLiteStore), (WriteTransaction, Writer)],
)
def test_the_sqlite_backend_has_every_member_of_the_seam(protocol: type, concrete: type) -> None:
    # mypy proves full signature compatibility statically (worlddb/store/_conformance.py);
    # this re-checks names and parameter shapes at test time.
    assert mismatches(protocol, concrete) == []


def test_the_conformance_check_can_fail() -> None:
    class Drifted:
        def find_world(self, wid: str) -> None:  # renamed parameter
            return None

    problems = mismatches(StoreReads, Drifted)
    assert "get_world: missing" in problems
    assert any(p.startswith("find_world:") for p in problems)


def test_the_store_yields_a_transaction_object_never_a_connection() -> None:
    from worlddb.store import open_store

    store = open_store()
    try:
        with store.transaction(lambda: 7) as txn:
            assert isinstance(txn, Writer) and txn.now == 7
            assert not hasattr(txn, "execute")
            txn.set_meta("k", "v")
            assert txn.meta("k") == "v"
        assert store.meta("k") == "v"
        assert store.sidecar_path("hnsw") is None
    finally:
        store.close()


def test_a_file_store_keeps_its_sidecars_beside_the_database(tmp_path: Path) -> None:
    from worlddb.store import open_store

    store = open_store(tmp_path / "w.db")
    try:
        assert store.sidecar_path("hnsw") == Path(f"{tmp_path / 'w.db'}.hnsw")
    finally:
        store.close()


def test_a_transactions_reads_see_its_own_rows_and_other_threads_do_not(tmp_path: Path) -> None:
    import threading

    from worlddb.hashing import edge_id, world_bytes, world_id
    from worlddb.model import EdgeSpec, NodeId, WorldSpec
    from worlddb.store import open_store

    store = open_store(tmp_path / "w.db")
    child = WorldSpec(type="Note", name="", content="quokka sanctuary", created_at=1)
    parent = WorldSpec(type="Session", name="s", content="", children=(world_id(child),))
    cid, pid = world_id(child), world_id(parent)
    seen_elsewhere: list[object] = []
    try:
        with store.transaction(lambda: 5) as txn:
            rows = [(NodeId(w), s, world_bytes(s), True) for w, s in ((cid, child), (pid, parent))]
            crid, prid = txn.insert_new_worlds(rows)
            contains = EdgeSpec("contains", pid, cid)
            txn.insert_new_edges([(edge_id(contains), contains)])
            txn.set_validity(crid, None, 9)
            assert txn.existing([cid, pid, "0" * 64]) == {cid, pid}
            assert txn.validity(cid) == (crid, None, 9)
            assert txn.rid_and_name(pid) == (prid, "s")
            assert sorted(txn.descendants([pid])) == sorted([prid, crid])
            assert txn.reaches(pid, cid, edge_type="contains")
            assert txn.types_of([cid, pid]) == {cid: "Note", pid: "Session"}
            found = txn.find_world(cid)
            assert found is not None and found.valid_to == 9
            other = threading.Thread(target=lambda: seen_elsewhere.append(store.find_world(cid)))
            other.start()
            other.join(10)
        assert seen_elsewhere == [None]  # a reader on another thread sees only committed rows
        assert store.exists(cid) and store.exists(pid)
    finally:
        store.close()


def concrete_store_imports(root: Path, sources: tuple[Path, ...]) -> list[str]:
    """``file:line`` of every import of the SQLite ``Store`` class outside the backend."""
    return [
        f"{rel}:{node.lineno}"
        for rel, node in nodes_above_the_store(root, sources)
        if isinstance(node, ast.ImportFrom)
        and node.module == "worlddb.store"
        and any(alias.name == "Store" for alias in node.names)
    ]


def test_the_layers_above_name_the_seam_never_the_sqlite_class() -> None:
    """Above ``worlddb.store`` a store is ``protocols.Store``: annotating the SQLite class
    would let a caller lean on its internals and make a second backend subclass it."""
    assert concrete_store_imports(ROOT, SOURCES) == []


def test_the_concrete_import_guard_catches_a_planted_import(tmp_path: Path) -> None:
    package = tmp_path / "worlddb"
    (package / "store").mkdir(parents=True)
    (package / "store" / "ok.py").write_text("from worlddb.store import Store\n")
    (package / "recall.py").write_text("from worlddb.store import MEMORY, Store\n")
    assert concrete_store_imports(tmp_path, (package,)) == ["worlddb/recall.py:1"]


def test_the_postgresql_store_is_composed_not_a_subclass_of_the_sqlite_one() -> None:
    pytest.importorskip("psycopg", reason="the postgres extra is not installed")
    from worlddb.store.postgres.store import PgStore

    assert SQLiteStore not in PgStore.__mro__
    assert mismatches(Store, PgStore) == []
