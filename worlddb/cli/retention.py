"""``worlddb retire --below SCORE``: retire memories whose retention score fell below SCORE.

The scores come from ``WorldDB.retention_below`` (age and recall reinforcement, see
``worlddb.recall.retention``). ``--dry-run`` only lists them and writes nothing. Without it each
one is retired through ``WorldDB.retire`` — the reconciler, one transaction per memory — so it
stays in history (``worlddb history``, ``--include-retired``) and nothing is deleted. Nothing
retires on its own: this command is the only caller.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import click

from worlddb.cli.common import SHORT_ID, CliState, emit
from worlddb.recall.retention import RETIRABLE_TYPES
from worlddb.timeutil import format_us

__all__ = ["retire_below"]


def retire_below(
    state: CliState,
    /,
    threshold: float,
    *,
    dry_run: bool,
    scopes: Mapping[str, str],
    types: Sequence[str],
) -> None:
    """List (``dry_run``) or retire the memories scoring below ``threshold``."""
    with state.open() as db:
        found = db.retention_below(
            threshold, scopes=scopes or None, types=tuple(types) or RETIRABLE_TYPES
        )
        retired = {} if dry_run else {s.id: db.retire(s.id) for s in found}
    rows: list[dict[str, Any]] = [
        {
            "id": s.id,
            "type": s.type,
            "score": round(s.score, 6),
            "recalls": s.recalls,
            "born": format_us(s.born),
            "last_recalled": None if s.last_recalled is None else format_us(s.last_recalled),
            **({} if dry_run else {"retired": retired[s.id]}),
        }
        for s in found
    ]

    def human() -> None:
        verb = "would retire" if dry_run else "retired"
        for row in rows:
            click.echo(
                f"{row['id'][:SHORT_ID]} {row['type']:<6} score {row['score']:.4f}  "
                f"recalls {row['recalls']}"
            )
        click.echo(f"{verb} {len(rows)} memories below {threshold}")

    emit(state, {"below": threshold, "dry_run": dry_run, "memories": rows}, human)
