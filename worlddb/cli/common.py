"""What every CLI command shares: the open database, scope options, and output.

Human-readable text by default; ``--json`` (before or after the command name) prints one JSON
document instead, for scripts; ``--db`` is accepted in either place too (``accept_db_anywhere``).
Progress bars and notes go to stderr so stdout stays parseable. Times given on the command line
may be relative (``yesterday``, ``3 days ago``, ``last week``): ``parse_when``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

import click

from worlddb.engine import WorldDB
from worlddb.errors import ValidationError
from worlddb.extract.dates import find_dates
from worlddb.scopes import SCOPE_KINDS
from worlddb.settings import embedder_named, extractor_named, resolve_db_path
from worlddb.timeutil import now_us, parse_time

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

__all__ = [
    "SHORT_ID",
    "CliState",
    "accept_db_anywhere",
    "emit",
    "json_option",
    "note",
    "parse_when",
    "pass_state",
    "progress",
    "scope_options",
    "scopes_from",
]

SHORT_ID: Final = 12
_LEADS: Final = ("", "in ", "on ", "since ")  # words allowed before a relative date
F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class CliState:
    """Global options, carried on the click context."""

    db_path: str | None = None
    db_given: bool = False  # --db on the command line (not $WORLDDB_DB, not the default)
    as_json: bool = False
    embedder: str = "default"
    extractor: str = "default"

    def path(self) -> Path:
        """The database file: ``--db``/``$WORLDDB_DB``, else the per-user default (created).

        For the commands that work on the SQLite file itself; a ``postgresql://`` URL is
        refused here (``open`` accepts it)."""
        target = resolve_db_path(self.db_path)
        if isinstance(target, str):
            raise ValidationError(
                "this command works on a SQLite file, not a PostgreSQL URL", field="db"
            )
        return target

    def target(self) -> Path | str:
        """What ``open`` opens: the database file, or a ``postgresql://`` URL as given."""
        return resolve_db_path(self.db_path)

    @contextmanager
    def open(self) -> Iterator[WorldDB]:
        """Open the database for one command and close it afterwards."""
        with WorldDB.open(
            self.target(),
            embedder=embedder_named(self.embedder),
            extractor=extractor_named(self.extractor),
        ) as db:
            yield db


pass_state = click.make_pass_decorator(CliState, ensure=True)


def _set_json(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        ctx.ensure_object(CliState).as_json = True


def json_option(fn: F) -> F:
    """``--json`` after the command name (it is also accepted before it)."""
    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        expose_value=False,
        callback=_set_json,
        is_eager=True,
        help="Print JSON instead of text.",
    )(fn)


def _set_db(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        state = ctx.ensure_object(CliState)
        state.db_path, state.db_given = value, True


def accept_db_anywhere(command: click.Command) -> click.Command:
    """Give ``command`` (and a group's subcommands) ``--db`` and ``--json`` after its name.

    ``worlddb write --db x.db ...`` then means ``worlddb --db x.db write ...``. A command with its
    own ``--db`` (``restore``'s destination, a benchmark's) or ``--json`` keeps it.
    """
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            accept_db_anywhere(sub)
        return command
    taken = {opt for param in command.params for opt in param.opts}
    if "--db" not in taken:
        command.params.append(
            click.Option(
                ["--db"],
                type=click.Path(dir_okay=False),
                expose_value=False,
                callback=_set_db,
                is_eager=True,
                help="Database file (also accepted before the command name).",
            )
        )
    if "--json" not in taken:
        json_option(command)
    return command


def parse_when(value: str | None, option: str) -> int | None:
    """An ISO-8601 time or a relative date (``yesterday``, ``3 days ago``, ``last week``).

    A relative date means 00:00 UTC of that day (of the period's first day for ``last week``,
    ``last month``), resolved against now.

    Raises:
        click.BadParameter: neither, naming ``option``.
    """
    if value is None:
        return None
    try:
        return parse_time(value, field=option)
    except ValidationError:
        pass
    text = " ".join(value.split()).lower()
    spans = find_dates(text, now_us())
    if len(spans) == 1 and spans[0].end == len(text) and text[: spans[0].start] in _LEADS:
        return spans[0].us
    if text == "now":
        return now_us()
    raise click.BadParameter(
        f"{value!r} is not a time: give ISO-8601 (2024-05-01, 2024-05-01T12:00:00Z) or a "
        "relative date (now, today, yesterday, '3 days ago', 'last week')",
        param_hint=option,
    )


def scope_options(fn: F) -> F:
    """``--user-id``, ``--agent-id``, ``--app-id``, ``--run-id``."""
    for kind in reversed(SCOPE_KINDS):
        flag = "--" + kind.replace("_", "-")
        fn = click.option(flag, kind, default=None, metavar="VALUE", help=f"Scope {kind}.")(fn)
    return fn


def scopes_from(values: Mapping[str, object]) -> dict[str, str]:
    """The scope options that were given, as the engine's mapping."""
    return {k: str(v) for k, v in values.items() if k in SCOPE_KINDS and v is not None}


def emit(state: CliState, data: object, human: Callable[[], None]) -> None:
    """Print ``data`` as JSON under ``--json``, else run ``human`` to print text."""
    if state.as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))
    else:
        human()


def progress(length: int, label: str) -> ProgressBar[int]:
    """A progress bar on stderr, shown only when stderr is a terminal."""
    return click.progressbar(
        length=length,
        label=label,
        file=sys.stderr,
        show_pos=True,
        hidden=not sys.stderr.isatty(),
    )


def note(message: str) -> None:
    """A side remark on stderr (never part of parseable output)."""
    click.echo(message, err=True)
