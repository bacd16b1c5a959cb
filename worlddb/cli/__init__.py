"""The ``worlddb`` command line: a thin client of the public ``WorldDB`` API.

Exit codes: 0 success, 1 a ``WorldDBError`` (printed as ``Error: ...``) or a failed check,
2 a usage error. ``--db`` / ``$WORLDDB_DB`` choose the database (default: a per-user data
directory, see ``worlddb.settings``); ``--json`` switches any command to JSON output.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

import click

from worlddb.cli.admin import COMMANDS as ADMIN_COMMANDS
from worlddb.cli.backup import COMMANDS as BACKUP_COMMANDS
from worlddb.cli.bench import GROUPS
from worlddb.cli.common import CliState, accept_db_anywhere
from worlddb.cli.consolidate import consolidate
from worlddb.cli.demo import demo, reembed
from worlddb.cli.imports import COMMANDS as IMPORT_COMMANDS
from worlddb.cli.memory import COMMANDS as MEMORY_COMMANDS
from worlddb.cli.ui import ui
from worlddb.errors import WorldDBError
from worlddb.settings import store_options

__all__ = ["cli", "main"]


class _Group(click.Group):
    """A group that turns a ``WorldDBError`` from any command into exit status 1.

    Every command added also takes ``--db`` after its name (``accept_db_anywhere``).
    """

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        super().add_command(accept_db_anywhere(cmd), name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except WorldDBError as exc:
            raise click.ClickException(str(exc)) from exc
        except sqlite3.DatabaseError as exc:  # e.g. --db names a file that is not a database
            raise click.ClickException(f"cannot use the database file: {exc}") from exc


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@store_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.version_option(package_name="worlddb")
@click.pass_context
def cli(
    ctx: click.Context, db_path: str | None, as_json: bool, embedder: str, extractor: str
) -> None:
    """worlddb: long-term memory for AI agents."""
    state = ctx.ensure_object(CliState)
    state.db_path = db_path
    state.db_given = ctx.get_parameter_source("db_path") is click.core.ParameterSource.COMMANDLINE
    state.as_json = state.as_json or as_json
    state.embedder = embedder
    state.extractor = extractor


for _command in (demo, reembed, *MEMORY_COMMANDS, *ADMIN_COMMANDS, *BACKUP_COMMANDS, *GROUPS, ui):
    cli.add_command(_command)
for _command in IMPORT_COMMANDS:
    cli.add_command(_command)
cli.add_command(consolidate)


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point (``worlddb``)."""
    cli.main(args=None if argv is None else list(argv), prog_name="worlddb")
