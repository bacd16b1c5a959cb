"""Store commands: init, import, export, verify, reindex, serve, stats."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Final

import click

from worlddb.cli.common import CliState, emit, json_option, note, pass_state, progress
from worlddb.cli.exchange import export_lines, import_lines

__all__ = ["COMMANDS"]

# The vector index is a cache of the embeddings table; these sidecars are rebuilt on open.
VECTOR_SIDECARS: Final = (".hnsw", ".hnsw.json")


@click.command()
@json_option
@pass_state
def init(state: CliState) -> None:
    """Create the database (if missing) and print where it is."""
    path = state.target()
    existed = path.exists() if isinstance(path, Path) else True  # a database URL exists
    with state.open() as db:
        counts = db.counts()
        key = db.embedder.key if db.embedder else None
    data = {"path": str(path), "created": not existed, "embedder": key, "counts": counts}
    emit(
        state,
        data,
        lambda: click.echo(
            f"{'created' if not existed else 'opened'} {path} (embedder: {key or 'none'})"
        ),
    )


@click.command(name="import")
@click.argument("source", type=click.File("r", encoding="utf-8"), default="-")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", "export", "sessions", "longmemeval"]),
    default="auto",
    show_default=True,
    help="auto: .json/.json.xz files are LongMemEval, other files export/memory lines.",
)
@click.option("--user-id", default=None, help="Scope for imported sessions without their own.")
@click.option("--restart", is_flag=True, help="Ignore a saved position and start from the top.")
@json_option
@pass_state
def import_(
    state: CliState, /, source: IO[str], fmt: str, user_id: str | None, restart: bool
) -> None:
    """Import SOURCE (default stdin): an export, memory lines, sessions or LongMemEval.

    Export records are verified (their bytes must hash to their ids) before anything is
    written. A memory line is {"text": ..., "scopes": {...}, "occurred_at": ...} or
    {"messages": [{"role": ..., "content": ...}], ...}. With --format sessions (JSONL, one
    {"session_id", "date", "messages", "scopes"} per line) or longmemeval the file is streamed
    through ingest and the import resumes where an interrupted run stopped.
    """
    name = getattr(source, "name", "-")
    if fmt == "auto" and name != "-" and name.lower().endswith((".json", ".json.xz")):
        fmt = "longmemeval"
    if fmt in {"sessions", "longmemeval"}:
        if name == "-":
            raise click.UsageError(f"--format {fmt} reads a file, not stdin")
        source.close()
        _import_sessions(state, Path(name), fmt, user_id, restart)
        return
    lines = source.readlines()
    with state.open() as db, progress(len(lines), "importing") as bar:
        stats = import_lines(db, lines, on_line=lambda: bar.update(1))
    data = {
        "worlds": stats.worlds,
        "edges": stats.edges,
        "memories": stats.memories,
        "skipped_edges": stats.skipped_edges,
        "new": {
            "worlds": stats.new_worlds,
            "edges": stats.new_edges,
            "memories": stats.new_memories,
        },
        "already_present": stats.present,
    }

    def human() -> None:
        new = stats.new_worlds + stats.new_edges + stats.new_memories
        click.echo(
            f"{new} new, {stats.present} already present "
            f"({stats.new_worlds} worlds, {stats.new_edges} edges, {stats.new_memories} memories "
            f"added; {stats.skipped_edges} retired edges or proposals skipped)"
        )

    emit(state, data, human)


def _import_sessions(
    state: CliState, path: Path, fmt: str, user_id: str | None, restart: bool
) -> None:
    from worlddb.bulk import import_sessions

    scopes = {"user_id": user_id} if user_id else None
    # A sessions file has one session per line, so its total is a cheap count; a LongMemEval
    # file's unique sessions are only known after parsing it all, so that bar counts up instead.
    total = _count_lines(path) if fmt == "sessions" else None
    with state.open() as db, session_progress(total) as advance:
        report = import_sessions(
            db, path, fmt=fmt, scopes=scopes, resume=not restart, on_record=advance
        )
    emit(
        state,
        {
            "records": report.records,
            "ingested": report.ingested,
            "unchanged": report.unchanged,
            "resumed_from": report.resumed_from,
        },
        lambda: click.echo(
            f"{report.records} sessions: {report.ingested} ingested, "
            f"{report.unchanged} already stored (resumed after "
            f"{report.resumed_from})"
        ),
    )


def _count_lines(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for line in fh if line.strip())


@contextmanager
def session_progress(total: int | None) -> Iterator[Callable[[int], None]]:
    """``advance(position)`` for a progress display on stderr (shown only on a terminal).

    With a known ``total`` a bar ``48/48``; without one a running count (``sessions: 48``),
    never a bar whose total is 0.
    """
    if total is not None:
        with progress(total, "sessions") as bar:
            yield lambda position: bar.update(max(0, position - bar.pos))
        return
    shown = sys.stderr.isatty()

    def count(position: int) -> None:
        if shown:
            click.echo(f"\rsessions: {position}", nl=False, err=True)

    try:
        yield count
    finally:
        if shown:
            click.echo("", err=True)


@click.command()
@click.argument("dest", type=click.Path(dir_okay=False, allow_dash=True), default="-")
@pass_state
def export(state: CliState, /, dest: str) -> None:
    """Write every world and edge as self-verifying JSONL to DEST (default stdout).

    Each line carries its canonical bytes in base64; blake3 of them equals the line's id.
    """
    with state.open() as db:
        total = db.counts().get("nodes", 0)
        out: IO[str]
        with (
            click.open_file(dest, "w", encoding="utf-8") as out,
            progress(total, "exporting") as bar,
        ):
            for line in export_lines(db, on_world=lambda: bar.update(1)):
                out.write(line + "\n")
    if dest != "-":
        note(f"exported {total} worlds to {dest}")


@click.command()
@json_option
@pass_state
def verify(state: CliState) -> None:
    """Check every stored world against its id and the indexes against the tables.

    Exits with status 1 when a problem is found.
    """
    with state.open() as db:
        problems = db.verify()

    def human() -> None:
        for problem in problems:
            click.echo(problem)
        click.echo("ok" if not problems else f"{len(problems)} problem(s)")

    emit(state, {"ok": not problems, "problems": problems}, human)
    if problems:
        sys.exit(1)


@click.command()
@json_option
@pass_state
def reindex(state: CliState) -> None:
    """Rebuild the vector index from the stored embeddings (after a crash or a copy)."""
    path = state.path()
    removed = []
    for suffix in VECTOR_SIDECARS:
        sidecar = Path(str(path) + suffix)
        if sidecar.exists():
            sidecar.unlink()
            removed.append(sidecar.name)
    with state.open() as db:
        size = db.counts().get("embeddings", 0)
    emit(
        state,
        {"rebuilt": True, "vectors": size, "removed": removed},
        lambda: click.echo(f"rebuilt the vector index ({size} vectors)"),
    )


@click.command(
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    add_help_option=False,
)
@click.pass_context
def serve(ctx: click.Context) -> None:
    """Run the MCP server (same options as `worlddb-mcp`; see `worlddb serve --help`)."""
    try:
        from worlddb_mcp.__main__ import serve_command
    except ImportError as exc:  # the server ships in the same wheel; a broken install lands here
        raise click.ClickException(f"the MCP server is not importable: {exc}") from exc
    state = ctx.ensure_object(CliState)
    args = list(ctx.args)
    if state.db_path and "--db" not in args:
        args = ["--db", state.db_path, *args]
    if state.embedder != "default" and "--embedder" not in args:
        args = ["--embedder", state.embedder, *args]
    if state.extractor != "default" and "--extractor" not in args:
        args = ["--extractor", state.extractor, *args]
    serve_command.main(args=args, prog_name="worlddb serve", standalone_mode=True)


# The database file and what SQLite and the vector index keep beside it.
STORE_FILES: Final = ("", "-wal", "-shm", *VECTOR_SIDECARS)


def store_bytes(path: str) -> dict[str, int]:
    """Sizes of the database file and its sidecars that exist (nothing for ``:memory:``)."""
    if path == ":memory:":
        return {}
    found = {}
    for suffix in STORE_FILES:
        candidate = Path(path + suffix)
        if candidate.is_file():
            found[candidate.name] = candidate.stat().st_size
    return found


@click.command()
@json_option
@pass_state
def stats(state: CliState) -> None:
    """What the store holds: worlds by type (open/closed), scopes, pending proposals, size.

    A world is open while its validity has not ended (a fact nothing superseded, a memory not
    retired) and closed afterwards; closed worlds stay readable in history.
    """
    by_type: dict[str, dict[str, int]] = {}
    with state.open() as db:
        now = db.now()
        for world in db.iter_worlds():
            row = by_type.setdefault(world.type, {"open": 0, "closed": 0})
            row["open" if world.valid_to is None or world.valid_to > now else "closed"] += 1
        scopes = [{"scope": f"{s.kind}={s.value}", "members": s.members} for s in db.list_scopes()]
        pending = len(db.proposals())
        counts = db.counts()
        files = store_bytes(db.path)
    facts = by_type.get("Fact", {"open": 0, "closed": 0})
    data = {
        "path": db.path,
        "worlds": sum(r["open"] + r["closed"] for r in by_type.values()),
        "by_type": dict(sorted(by_type.items())),
        "facts": facts,
        "scopes": scopes,
        "proposals_pending": pending,
        "edges": counts.get("edges", 0),
        "embeddings": counts.get("embeddings", 0),
        "bytes": sum(files.values()),
        "files": files,
    }

    def human() -> None:
        click.echo(f"store:     {db.path} ({_size(data['bytes'])})")  # type: ignore[arg-type]
        click.echo(f"worlds:    {data['worlds']} ({counts.get('edges', 0)} edges)")
        for kind, row in data["by_type"].items():  # type: ignore[attr-defined]
            click.echo(f"  {kind:<13} {row['open']:>7} open {row['closed']:>7} closed")
        click.echo(f"facts:     {facts['open']} open, {facts['closed']} closed")
        click.echo(f"proposals: {pending} pending")
        click.echo(f"scopes:    {len(scopes)}")
        for item in scopes:
            click.echo(f"  {item['scope']}  {item['members']}")

    emit(state, data, human)


def _size(count: int) -> str:
    size = float(count)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{count} B"


COMMANDS = (init, import_, export, verify, reindex, serve, stats)
