"""Memory commands: write, recall, read, list, history, amend, retire, scopes.

Each is a thin call into ``WorldDB``'s public API plus formatting; ids print as their first 12
characters in text mode (any unique prefix of 8+ is accepted back) and in full in JSON.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from worlddb.cli.common import (
    SHORT_ID,
    CliState,
    emit,
    json_option,
    parse_when,
    pass_state,
    scope_options,
    scopes_from,
)
from worlddb.cli.retention import retire_below
from worlddb.model import Edge, World
from worlddb.recall import Succession
from worlddb.recall.rewrite import UNTRUSTED_FLAG
from worlddb.scopes import SCOPE_KINDS
from worlddb.timeutil import format_us

__all__ = ["COMMANDS"]

PREVIEW = 100


def _preview(text: str, limit: int = PREVIEW) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _world_dict(world: World) -> dict[str, Any]:
    return {
        "id": world.id,
        "type": world.type,
        "name": world.name,
        "text": world.text,
        "created_at": format_us(world.created_at) if world.created_at else None,
        "ingested_at": format_us(world.ingested_at),
        "valid_from": format_us(world.valid_from),
        "valid_to": format_us(world.valid_to),
        "parent": world.parent,
        "children": list(world.children),
        "provenance": list(world.provenance),
        "aliases": list(world.aliases),
        "flags": sorted(world.flags),
        "untrusted": UNTRUSTED_FLAG in world.flags,
    }


def _mark(world: World) -> str:
    """`` [UNTRUSTED]`` for a world flagged as carrying prompt-injection markers."""
    return " [UNTRUSTED]" if UNTRUSTED_FLAG in world.flags else ""


def _edge_dict(edge: Edge) -> dict[str, Any]:
    return {
        "id": edge.id,
        "type": edge.type,
        "source": edge.source,
        "target": edge.target,
        "status": edge.status,
        "valid_from": format_us(edge.valid_from),
        "valid_to": format_us(edge.valid_to),
    }


def _validity(world: World) -> str:
    start = format_us(world.valid_from) or "-∞"
    end = format_us(world.valid_to) or "now"
    return f"{start} → {end}"


def _read_text(text: tuple[str, ...]) -> str:
    joined = " ".join(text)
    if joined in ("", "-"):
        if sys.stdin.isatty() and joined == "":
            raise click.UsageError("give the text as arguments, or '-' to read stdin")
        return sys.stdin.read()
    return joined


@click.command()
@click.argument("text", nargs=-1)
@scope_options
@click.option(
    "--at",
    "occurred_at",
    metavar="TIME",
    help="When it happened: ISO-8601 or a relative date (yesterday, '3 days ago').",
)
@click.option("--meta", multiple=True, metavar="KEY=VALUE", help="Provenance label (repeatable).")
@json_option
@pass_state
def write(
    state: CliState,
    /,
    text: tuple[str, ...],
    occurred_at: str | None,
    meta: tuple[str, ...],
    **scopes: str | None,
) -> None:
    """Remember TEXT (or stdin with '-') under the given scopes."""
    metadata: dict[str, str] = {}
    for item in meta:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{item!r} is not KEY=VALUE", param_hint="--meta")
        metadata[key] = value
    when = parse_when(occurred_at, "--at")
    body = _read_text(text)
    with state.open() as db:
        result = db.remember(
            body, scopes=scopes_from(scopes), occurred_at=when, metadata=metadata or None
        )
        texts = {i: db.get(i).text for i in result.superseded}
    # A commit closes its own new fact too when the write is dated before a newer stored one
    # (a back-dated "I lived in Chicago"): that is not something this write replaced.
    own = set(result.facts)
    replaced = [i for i in result.superseded if i not in own]
    outdated = [i for i in result.superseded if i in own]
    data = {
        "id": result.id,
        "created": result.created,
        "entities": [{"name": n, "id": i, "tier": t} for n, i, t in result.entities],
        "facts": list(result.facts),
        "proposals": list(result.proposals),
        "superseded": replaced,
        "outdated_on_arrival": outdated,
        "conflicts": [list(pair) for pair in result.conflicts],
        "untrusted": bool(result.untrusted),
    }

    def human() -> None:
        verb = "stored" if result.created else "already stored"
        click.echo(f"{verb} {result.id[:SHORT_ID]}")
        for name, eid, tier in result.entities:
            click.echo(f"  entity {name!r} → {eid[:SHORT_ID]} ({tier})")
        for old in replaced:
            click.echo(f"  supersedes fact {old[:SHORT_ID]} {_preview(texts[old], 60)!r}")
        for fact in outdated:
            click.echo(
                f"  fact {fact[:SHORT_ID]} {_preview(texts[fact], 60)!r} is already outdated: "
                "a newer stored fact replaces it"
            )
        if result.proposals:
            click.echo(f"  {len(result.proposals)} merge proposal(s) staged")
        if result.untrusted:
            click.echo("  [UNTRUSTED] prompt-injection markers: stored, nothing extracted")

    emit(state, data, human)


@click.command()
@click.argument("query")
@scope_options
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True)
@click.option(
    "--as-of",
    metavar="TIME",
    help="Recall what was true at this time: ISO-8601 or a relative date (yesterday).",
)
@click.option("--include-retired", is_flag=True, help="Also return retired memories.")
@click.option(
    "--context",
    "context_chars",
    type=click.IntRange(0),
    default=None,
    metavar="CHARS",
    help="Print only the prompt context block, at most CHARS long.",
)
@json_option
@pass_state
def recall(
    state: CliState,
    /,
    query: str,
    limit: int,
    as_of: str | None,
    include_retired: bool,
    context_chars: int | None,
    **scopes: str | None,
) -> None:
    """Find memories relevant to QUERY, best first."""
    valid_at = parse_when(as_of, "--as-of")
    with state.open() as db:
        result = db.recall(
            query,
            scopes=scopes_from(scopes) or None,
            limit=limit,
            valid_at=valid_at,
            include_retired=include_retired,
        )
        context = result.context(context_chars or 4000)
    hits = [
        {
            "id": h.id,
            "type": h.type,
            "text": h.text,
            "score": float(h.score),
            "ranks": dict(h.ranks),
            "valid_from": format_us(h.valid_from),
            "valid_to": format_us(h.valid_to),
            "status": h.status,
            "untrusted": h.untrusted,
            "superseded_by": [_succession(x) for x in h.superseded_by],
            "replaces": [_succession(x) for x in h.replaces],
        }
        for h in result.hits
    ]

    def human() -> None:
        if context_chars is not None:
            click.echo(context)
            return
        if not hits:
            click.echo("no memories match")
        for n, hit in enumerate(result.hits, start=1):
            lanes = ", ".join(f"{lane} #{rank}" for lane, rank in sorted(hit.ranks.items()))
            when = format_us(hit.valid_from) or ""
            mark = " [UNTRUSTED]" if hit.untrusted else ""
            click.echo(
                f"{n:>3}. {hit.id[:SHORT_ID]} {hit.type:<8} {when[:10]:<10} "
                f"{_preview(hit.text, 70)}  [{lanes or 'placed before what it replaced'}]{mark}"
            )
            for new in hit.superseded_by:
                click.echo(
                    f"       {hit.status.replace('_', ' ')}: {_preview(new.old_text, 40)!r} "
                    f"replaced {(format_us(new.at) or '?')[:10]} by {_preview(new.new_text, 40)!r}"
                )
            for old in hit.replaces:
                click.echo(
                    f"       past: {_preview(old.old_text, 50)!r} "
                    f"(until {(format_us(old.at) or '?')[:10]})"
                )

    emit(state, {"hits": hits, "context": context}, human)


def _succession(found: Succession) -> dict[str, str | None]:
    return {
        "old": found.old,
        "old_text": found.old_text,
        "new": found.new,
        "new_text": found.new_text,
        "at": format_us(found.at),
    }


@click.command()
@click.argument("id")
@json_option
@pass_state
def read(state: CliState, /, id: str) -> None:
    """Show one memory (or any world) in full: content, children, edges, history."""
    with state.open() as db:
        world = db.get(id)
        children = db.children(world.id)
        edges = db.edges(world.id, direction="both", include_retired=True)
        history = db.history(world.id)
    data = {
        **_world_dict(world),
        "edges": [_edge_dict(e) for e in edges],
        "history": [h.id for h in history],
    }

    def human() -> None:
        click.echo(f"{world.type} {world.id}{_mark(world)}")
        if world.name:
            click.echo(f"name:     {world.name}")
        click.echo(f"valid:    {_validity(world)}")
        click.echo(f"ingested: {format_us(world.ingested_at)}")
        if world.provenance:
            click.echo(f"from:     {', '.join(world.provenance)}")
        click.echo("")
        click.echo(world.text)
        for child in children:
            click.echo(
                f"  └ {child.id[:SHORT_ID]} {child.type}:{_mark(child)} {_preview(child.text)}"
            )
        for edge in edges:
            arrow = (
                f"→ {edge.target[:SHORT_ID]}"
                if edge.source == world.id
                else f"← {edge.source[:SHORT_ID]}"
            )
            click.echo(f"  {edge.type} {arrow} ({edge.status})")
        if len(history) > 1:
            click.echo("history: " + " → ".join(h.id[:SHORT_ID] for h in history))

    emit(state, data, human)


@click.command(name="list")
@scope_options
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True)
@click.option("--cursor", type=click.IntRange(0), default=0, help="next_cursor of a page.")
@click.option("--all", "all_pages", is_flag=True, help="Every page, not just one.")
@click.option("--include-retired", is_flag=True)
@json_option
@pass_state
def list_(
    state: CliState,
    /,
    limit: int,
    cursor: int,
    all_pages: bool,
    include_retired: bool,
    **scopes: str | None,
) -> None:
    """List stored memories, oldest first."""
    items: list[World] = []
    with state.open() as db:
        nxt: int | None = cursor
        while nxt is not None:
            page, nxt = db.memories(
                scopes_from(scopes) or None, include_retired=include_retired, after=nxt, limit=limit
            )
            items += page
            if not all_pages:
                break
    data = {"items": [_world_dict(w) for w in items], "next_cursor": nxt}

    def human() -> None:
        for world in items:
            live = "" if world.valid_to is None else " (retired)"
            click.echo(
                f"{world.id[:SHORT_ID]} {world.type:<8} "
                f"{(format_us(world.ingested_at) or '')[:19]}{_mark(world)} "
                f"{_preview(world.text, 70)}{live}"
            )
        if nxt is not None:
            click.echo(f"more: --cursor {nxt}", err=True)

    emit(state, data, human)


@click.command()
@click.argument("id")
@json_option
@pass_state
def history(state: CliState, /, id: str) -> None:
    """Show every version of a memory, oldest first."""
    with state.open() as db:
        versions = db.history(id)

    def human() -> None:
        for v in versions:
            click.echo(f"{v.id[:SHORT_ID]} {_validity(v)}{_mark(v)}  {_preview(v.text, 60)}")

    emit(state, [_world_dict(v) for v in versions], human)


@click.command()
@click.argument("id")
@click.argument("text", nargs=-1, required=True)
@json_option
@pass_state
def amend(state: CliState, /, id: str, text: tuple[str, ...]) -> None:
    """Replace a memory's text: a new memory supersedes the old one."""
    with state.open() as db:
        old = db.get(id)
        result = db.amend(old.id, _read_text(text))
    emit(
        state,
        {"id": result.id, "supersedes": old.id, "created": result.created},
        lambda: click.echo(f"{result.id[:SHORT_ID]} supersedes {old.id[:SHORT_ID]}"),
    )


@click.command()
@click.argument("ids", nargs=-1, metavar="[ID...]")
@click.option(
    "--below",
    type=float,
    default=None,
    metavar="SCORE",
    help="Instead of IDs: every memory whose retention score is below SCORE.",
)
@click.option("--dry-run", is_flag=True, help="With --below: only list what would be retired.")
@click.option("--type", "types", multiple=True, help="With --below: memory types (Note, Fact).")
@scope_options
@json_option
@pass_state
def retire(
    state: CliState,
    /,
    ids: tuple[str, ...],
    below: float | None,
    dry_run: bool,
    types: tuple[str, ...],
    **scopes: str | None,
) -> None:
    """Retire memories: no longer recalled, still in history."""
    if below is not None and not ids:
        retire_below(state, below, dry_run=dry_run, scopes=scopes_from(scopes), types=types)
        return
    if below is not None or not ids:
        raise click.UsageError("give memory IDs or --below SCORE (not both)")
    if dry_run or types or scopes_from(scopes):
        raise click.UsageError("--dry-run, --type and scopes go with --below")
    out: dict[str, bool] = {}
    with state.open() as db:
        for target in ids:
            world = db.get(target)
            out[world.id] = db.retire(world.id)

    def human() -> None:
        for wid, changed in out.items():
            click.echo(f"{wid[:SHORT_ID]} {'retired' if changed else 'was already retired'}")

    emit(state, out, human)


@click.command()
@click.option("--kind", type=click.Choice(SCOPE_KINDS), default=None)
@json_option
@pass_state
def scopes(state: CliState, /, kind: str | None) -> None:
    """List scopes and how many worlds each holds."""
    with state.open() as db:
        infos = db.list_scopes(kind)
    data = [{"kind": s.kind, "value": s.value, "id": s.id, "members": s.members} for s in infos]

    def human() -> None:
        for info in infos:
            click.echo(f"{info.kind}={info.value}  {info.members}")

    emit(state, data, human)


COMMANDS = (write, recall, read, list_, history, amend, retire, scopes)
