"""``worlddb import-from FORMAT PATH`` and ``worlddb export-to FORMAT [DEST]``.

Separate commands, not more ``--format`` values of ``import`` / ``export``: those two speak
worlddb's own self-verifying JSONL and read stdin; these read another tool's files (a folder, a
conversations export) and write another tool's format, and their options (scopes for records
that name none, ``--dry-run``, ``--restart``, ``--limit``) mean nothing for the native format.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import IO, Any

import click

from worlddb.cli.common import (
    CliState,
    emit,
    json_option,
    note,
    pass_state,
    progress,
    scope_options,
    scopes_from,
)
from worlddb.imports import ImportSummary, default_importers, mcp_memory_lines, run_import

__all__ = ["COMMANDS"]

EXPORT_FORMATS = ("mcp-memory",)


def _describe(summary: ImportSummary) -> str:
    kinds = ", ".join(f"{n} {k}" for k, n in summary.kinds.items()) or "nothing"
    reasons = "; ".join(f"{r}: {n}" for r, n in summary.skip_reasons.items())
    skipped = f", {summary.skipped} skipped ({reasons})" if summary.skipped else ""
    if summary.dry_run:
        return (
            f"dry run, nothing written: {summary.records} records ({kinds}); would write "
            f"{summary.written}, {summary.present} already present, {summary.resumed} done by "
            f"an earlier run{skipped}"
        )
    head = f"imported {summary.source} as {summary.format}: " if summary.complete else "stopped: "
    tail = "" if summary.complete else "; rerun the same command to continue"
    return (
        f"{head}{summary.written} written, {summary.present} already present, "
        f"{summary.resumed} done by an earlier run{skipped}{tail}"
    )


@click.command(name="import-from")
@click.argument("fmt", metavar="FORMAT", type=click.Choice(default_importers().names))
@click.argument("path", type=click.Path(exists=True, path_type=str))
@scope_options
@click.option("--dry-run", is_flag=True, help="Check the source and report; write nothing.")
@click.option("--restart", is_flag=True, help="Ignore the saved position; start from the top.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Stop after N records.")
@json_option
@pass_state
def import_from(
    state: CliState,
    /,
    fmt: str,
    path: str,
    dry_run: bool,
    restart: bool,
    limit: int | None,
    **scopes: Any,
) -> None:
    """Import PATH, written by another memory tool, in FORMAT.

    \b
    mcp-memory  MCP reference memory server memory.jsonl
    mem0        Mem0 get_all JSON
    claude      Claude.ai export conversations.json (or its .zip, its folder)
    chatgpt     ChatGPT export conversations.json (or its .zip, its folder)
    markdown    Basic Memory / Markdown notes folder
    chat-log    plain text chat logs ('[2024-05-01 10:00] Alice: hi')

    The whole source is checked before anything is written (a malformed record is a one-line
    error and the store is left as it was); the sources' own dates become valid time; each
    record is committed and checkpointed, so an interrupted import resumes where it stopped
    and a finished one rerun writes nothing. The scope options place records whose source
    names no scope (Mem0 records carry their own).
    """
    importer = default_importers().get(fmt)
    with state.open() as db, ExitStack() as stack:
        bars: list[Any] = []

        def on_total(total: int, done: int) -> None:
            bar = stack.enter_context(progress(total, f"importing {fmt}"))
            bar.update(done)
            bars.append(bar)

        summary = run_import(
            db,
            importer,
            path,
            scopes=scopes_from(scopes),
            dry_run=dry_run,
            restart=restart,
            limit=limit,
            on_total=on_total,
            on_record=lambda: bars[0].update(1),
        )
    emit(state, summary.as_dict(), lambda: click.echo(_describe(summary)))


@click.command(name="export-to")
@click.argument("fmt", metavar="FORMAT", type=click.Choice(EXPORT_FORMATS))
@click.argument("dest", type=click.Path(dir_okay=False, allow_dash=True), default="-")
@scope_options
@pass_state
def export_to(state: CliState, /, fmt: str, dest: str, **scopes: Any) -> None:
    """Write the knowledge graph to DEST (default stdout) in another tool's FORMAT.

    mcp-memory: the MCP reference memory server's memory.jsonl (entities with their
    observations, then relations). Sessions and notes have no place in that format; `worlddb
    export` keeps everything. The scope options limit the export to those scopes.
    """
    count = 0
    with state.open() as db:
        out: IO[str]
        with click.open_file(dest, "w", encoding="utf-8") as out:
            for line in mcp_memory_lines(db, scopes_from(scopes)):
                out.write(line + "\n")
                count += 1
    if dest != "-":
        note(f"exported {count} entities and relations to {dest}")


COMMANDS = (import_from, export_to)
