"""``worlddb consolidate``: run the consolidator (summaries, inferred edges, contradictions,
communities) once over the database, with a progress bar or a ``--json`` summary."""

from __future__ import annotations

import click

from worlddb.cli.common import CliState, emit, json_option, pass_state, progress
from worlddb.consolidate import STEPS, Consolidator, ExtractiveSummarizer
from worlddb.consolidate.schedule import parse_every, split_names
from worlddb.plugins import Summarizer

__all__ = ["consolidate"]


@click.command()
@click.option("--db", "db_path", type=click.Path(dir_okay=False), help="Database file.")
@click.option(
    "--steps",
    multiple=True,
    metavar="STEP[,STEP]",
    help=f"Only these steps ({', '.join(STEPS)}); default: all.",
)
@click.option(
    "--min-age",
    default="0",
    show_default=True,
    help="Summarise only containers written at least this long ago (30s, 10m, 2h, 1d).",
)
@click.option(
    "--functional",
    multiple=True,
    metavar="RELATION[,RELATION]",
    envvar="WORLDDB_FUNCTIONAL",
    help="Relations holding one value at a time (lives_in, birthday) for the contradiction "
    "sweep [env WORLDDB_FUNCTIONAL, comma-separated].",
)
@click.option(
    "--summarizer",
    type=click.Choice(["extractive", "anthropic"]),
    default="extractive",
    show_default=True,
    help="anthropic: Claude writes the summaries (needs ANTHROPIC_API_KEY).",
)
@click.option(
    "--max-writes",
    type=click.IntRange(1),
    default=None,
    help="Stop after this many commits (a rerun carries on).",
)
@click.option(
    "--verify/--no-verify",
    default=True,
    show_default=True,
    help="Check the store's invariants afterwards (~10 s at 100k worlds).",
)
@json_option
@pass_state
def consolidate(
    state: CliState,
    /,
    db_path: str | None,
    steps: tuple[str, ...],
    min_age: str,
    functional: tuple[str, ...],
    summarizer: str,
    max_writes: int | None,
    verify: bool,
) -> None:
    """Consolidate the memory: summaries, inferred edges, contradictions, communities.

    Incremental and idempotent: a rerun reads only what was written since, and writes nothing
    when nothing changed. Ctrl-C stops cleanly; the next run carries on.
    """
    if db_path is not None:
        state.db_path = db_path
    chosen: Summarizer = _claude() if summarizer == "anthropic" else ExtractiveSummarizer()
    age_s = parse_every(min_age) or 0.0
    with state.open() as db:
        tool = Consolidator(
            db,
            summarizer=chosen,
            functional=split_names(functional) or (),
            min_age_us=int(age_s * 1_000_000),
        )
        with progress(0, "consolidating") as bar:
            report = tool.run(
                split_names(steps), max_writes=max_writes, on_write=lambda _: bar.update(1)
            )
        problems = db.verify() if verify else None
    data = {**report.as_dict(), "invariant_problems": problems}

    def human() -> None:
        for name, step in report.steps.items():
            click.echo(
                f"{name:<15} examined {step.examined:>6}  worlds {step.worlds:>5}  "
                f"edges {step.edges:>5}  retired {step.retired:>4}"
                + ("" if step.done else "  (stopped)")
            )
        status = "complete" if report.complete else "stopped early; run again to finish"
        click.echo(f"{report.writes} commits in {report.seconds:.2f}s, {status}")
        if problems:
            click.echo(f"{len(problems)} invariant problem(s): run `worlddb verify`")
        elif problems is not None:
            click.echo("invariants ok")

    emit(state, data, human)


def _claude() -> Summarizer:
    from worlddb.consolidate.claude import AnthropicSummarizer  # the optional extra

    return AnthropicSummarizer()
