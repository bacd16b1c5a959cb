"""``worlddb backup`` and ``worlddb restore``: consistent copies, verified world by world.

Both go through ``worlddb.store.backup.copy_database`` (SQLite's online backup API, one
snapshot) and check the copy before it takes the destination's name: ``PRAGMA integrity_check``
and ``worlddb.verify`` (every blob hashes to its world id, indexes match their tables). The vector
index is not copied; it is rebuilt from the copied embeddings when the restored store opens.
"""

from __future__ import annotations

from pathlib import Path

import click

from worlddb.cli.common import CliState, emit, json_option, pass_state
from worlddb.errors import NotFoundError
from worlddb.store import open_store
from worlddb.store.backup import CopyReport, copy_database, count_worlds, integrity_check
from worlddb.verify import verify_store

__all__ = ["COMMANDS", "backup", "restore", "verify_copy"]


def verify_copy(path: Path) -> list[str]:
    """Problems in the store file at ``path``: SQLite's page check, then every world's hash."""
    problems = integrity_check(path)
    if problems:
        return problems
    store = open_store(path)
    try:
        return verify_store(store)
    finally:
        store.close()


def _emit_copy(state: CliState, verb: str, report: CopyReport) -> None:
    worlds = count_worlds(Path(report.dest))
    data = {
        "source": report.source,
        "dest": report.dest,
        "pages": report.pages,
        "bytes": report.bytes,
        "worlds": worlds,
        "verified": True,
        "seconds": round(report.seconds, 3),
    }
    emit(
        state,
        data,
        lambda: click.echo(
            f"{verb} {report.source} -> {report.dest}: {worlds} worlds verified, "
            f"{report.bytes} bytes in {report.seconds:.2f}s"
        ),
    )


@click.command()
@click.argument("dest", type=click.Path(dir_okay=False))
@click.option("--force", is_flag=True, help="Replace DEST if it exists.")
@json_option
@pass_state
def backup(state: CliState, /, dest: str, force: bool) -> None:
    """Copy the database to DEST while it stays in use, then verify every world's hash.

    The copy is one consistent snapshot even while a server writes. The vector index is not
    copied (it is rebuilt from the copy on open).
    """
    source = state.path()
    if not source.exists():
        raise NotFoundError(str(source), "database file")
    report = copy_database(source, dest, force=force, check=verify_copy)
    _emit_copy(state, "backed up", report)


@click.command()
@click.argument("source", type=click.Path(dir_okay=False))
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="The database to restore into [default: the global --db / WORLDDB_DB].",
)
@click.option("--force", is_flag=True, help="Replace the database if it exists.")
@json_option
@pass_state
def restore(state: CliState, /, source: str, db_path: str | None, force: bool) -> None:
    """Verify the backup SOURCE world by world, then make it the database.

    Nothing is replaced unless every world hashes to its id. Stop any server using the
    database first; --force replaces an existing database and its vector index.
    """
    dest = Path(db_path).expanduser() if db_path else state.path()
    report = copy_database(source, dest, force=force, check=verify_copy)
    _emit_copy(state, "restored", report)


COMMANDS = (backup, restore)
