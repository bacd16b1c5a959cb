"""What every CLI command shares: the open database, scope options, and output.

Human-readable text by default; ``--json`` (before or after the command name) prints one JSON
document instead, for scripts. Progress bars and notes go to stderr so stdout stays parseable.
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
from worlddb.scopes import SCOPE_KINDS
from worlddb.settings import embedder_named, extractor_named, resolve_db_path

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

__all__ = [
    "SHORT_ID",
    "CliState",
    "emit",
    "json_option",
    "note",
    "pass_state",
    "progress",
    "scope_options",
    "scopes_from",
]

SHORT_ID: Final = 12
F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class CliState:
    """Global options, carried on the click context."""

    db_path: str | None = None
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
        length=length, label=label, file=sys.stderr, hidden=not sys.stderr.isatty()
    )


def note(message: str) -> None:
    """A side remark on stderr (never part of parseable output)."""
    click.echo(message, err=True)
