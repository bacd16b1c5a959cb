"""``worlddb demo`` (the README's first command) and ``worlddb reembed``.

The demo ingests three dated conversations into the database (a move that supersedes an older fact,
a contradiction, the same person written two ways), then recalls with each lane's rank shown,
asks what was true at an earlier date, lists staged merge proposals and checks every invariant.
Everything runs on the embedded defaults: a SQLite file, the bundled offline embedder, no key.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import click

from worlddb.cli.common import CliState, emit
from worlddb.engine import WorldDB
from worlddb.plugins import Message
from worlddb.timeutil import format_us

__all__ = ["demo", "reembed"]

_STORY = (
    (
        "2024-01-15T09:00:00Z",
        [
            ("user", "I live in Boston and I work at Acme Robotics as a data engineer."),
            ("assistant", "Noted: Boston, Acme Robotics, data engineering."),
            ("user", "My manager Sarah Connor wants the pipeline migrated by March."),
        ],
    ),
    (
        "2024-06-02T18:30:00Z",
        [
            ("user", "Big news: I moved to Denver last week, and I now work at Globex."),
            ("assistant", "Congratulations on the move to Denver and the new job at Globex!"),
            ("user", "Sara Connor from my old team says hi."),
        ],
    ),
    (
        "2024-06-20T08:00:00Z",
        [
            ("user", "I'm allergic to peanuts, so the team lunch must be peanut-free."),
            ("assistant", "I'll remember the peanut allergy."),
        ],
    ),
)
_QUESTIONS = ("Where do I live now?", "Who is my manager Sarah?", "Any food allergies?")


def _run(db: WorldDB) -> dict[str, object]:
    scopes = {"user_id": "demo"}
    written = []
    for when, turns in _STORY:
        result = db.ingest_session(
            [Message(role, text) for role, text in turns],
            occurred_at=when,
            scopes=scopes,
            label=f"demo-{when[:10]}",
        )
        written.append(
            {
                "session": result.id[:12],
                "created": result.created,
                "facts": len(result.facts),
                "superseded": len(result.superseded),
                "proposals": len(result.proposals),
            }
        )
    recalls = []
    for question in _QUESTIONS:
        hits = db.recall(question, scopes=scopes, limit=3).hits
        recalls.append(
            {
                "query": question,
                "hits": [
                    {
                        "text": h.text,
                        "type": h.type,
                        "ranks": dict(h.ranks),
                        "valid": [format_us(h.valid_from), format_us(h.valid_to)],
                        "status": h.status,
                        "superseded_by": [
                            {"claim": x.old_text, "by": x.new_text, "at": format_us(x.at)}
                            for x in h.superseded_by
                        ],
                        "replaces": [
                            {"claim": x.old_text, "until": format_us(x.at)} for x in h.replaces
                        ],
                    }
                    for h in hits
                ],
            }
        )
    earlier = db.recall("Where do I live?", scopes=scopes, limit=3, valid_at="2024-03-01")
    return {
        "database": db.path,
        "sessions": written,
        "recall": recalls,
        "as_of_2024_03_01": [h.text for h in earlier.hits],
        "merge_proposals": [
            {
                "tier": p.tier,
                "score": round(p.score, 3),
                "between": [db.get(p.source).name, db.get(p.target).name],
            }
            for p in db.proposals()
        ],
        "verify": db.verify() or "all invariants hold",
    }


@contextmanager
def _demo_store(state: CliState) -> Iterator[CliState]:
    """``state`` itself with ``--db``; else a copy on a throwaway store in a temporary folder.

    Only a ``--db`` typed on the command line counts: ``$WORLDDB_DB`` usually names the user's
    real memory, and the demo's story must not land in it.
    """
    if state.db_given:
        yield state
        return
    with tempfile.TemporaryDirectory(prefix="worlddb-demo-") as folder:
        yield replace(state, db_path=str(Path(folder) / "demo.db"))


@click.command()
@click.pass_obj
def demo(state: CliState) -> None:
    """Ingest a short dated story and show recall, as-of reads and identity proposals.

    Without --db the demo runs on a temporary store that is deleted afterwards (your own
    memory, $WORLDDB_DB or the default store, is never touched); with --db FILE it is kept.
    """
    with _demo_store(state) as chosen, chosen.open() as db:
        report = _run(db)
    if not state.db_given:
        report["database"] = None
        report["temporary"] = True

    def human() -> None:
        click.echo(
            f"database: {report['database']}"
            if report["database"]
            else "database: a temporary store, deleted after the demo (pass --db FILE to keep it)"
        )
        for session in report["sessions"]:  # type: ignore[attr-defined]
            click.echo(
                f"  session {session['session']}: {session['facts']} facts, "
                f"{session['superseded']} superseded, {session['proposals']} proposals"
            )
        for item in report["recall"]:  # type: ignore[attr-defined]
            click.echo(f"\n? {item['query']}")
            for hit in item["hits"]:
                lanes = ", ".join(f"{k} #{v}" for k, v in sorted(hit["ranks"].items()))
                click.echo(f"  - [{hit['type']}] {hit['text']}  ({lanes or 'placed first'})")
                for old in hit["replaces"]:
                    click.echo(f"      past: {old['claim']!r} (until {old['until'][:10]})")
                for new in hit["superseded_by"]:
                    click.echo(
                        f"      {hit['status'].replace('_', ' ')}: {new['claim']!r} replaced "
                        f"on {new['at'][:10]} by {new['by']!r}"
                    )
        click.echo("\nas of 2024-03-01, 'Where do I live?':")
        for text in report["as_of_2024_03_01"]:  # type: ignore[attr-defined]
            click.echo(f"  - {text}")
        click.echo("\nmerge proposals (never merged silently):")
        for prop in report["merge_proposals"] or []:  # type: ignore[attr-defined]
            click.echo(
                f"  - {prop['between'][0]!r} ~ {prop['between'][1]!r} "
                f"({prop['tier']}, {prop['score']})"
            )
        click.echo(f"\nverify: {report['verify']}")

    emit(state, report, human)


@click.command()
@click.pass_obj
def reembed(state: CliState) -> None:
    """Re-embed every stored world with the current embedder (after a model change)."""
    from worlddb.settings import embedder_named

    chosen = embedder_named(state.embedder)
    if chosen is None:
        raise click.UsageError("reembed needs an embedder; --embedder none has none")
    if chosen == "default":
        from worlddb.embedding import default_embedder

        chosen = default_embedder()
    count = WorldDB.reembed(state.path(), chosen)
    emit(
        state,
        {"reembedded": count, "embedder": chosen.key},
        lambda: click.echo(f"re-embedded {count} worlds with {chosen.key}"),
    )
