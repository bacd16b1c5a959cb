"""``worlddb bench`` and ``worlddb eval``: dispatch to the benchmark and evaluation modules.

``eval longmemeval`` drives ``worlddb.eval.harness.run_longmemeval`` (with ``--answer`` it also
answers and judges each question with Claude, ``worlddb.eval.answer``); ``eval score`` scores a
rankings file with ``worlddb.eval.metrics``.

Each bench subcommand imports ``worlddb.bench.<name>`` lazily and calls its ``run_<name>_bench``
function, printing the returned dict (a table, or JSON with ``--json``). Options a runner takes
beyond the ones listed can be passed as ``-p key=value`` (ints and floats are converted).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from worlddb.cli.common import CliState, emit, json_option, pass_state
from worlddb.errors import ValidationError

if TYPE_CHECKING:
    from worlddb.eval.answer import QAEvaluator

__all__ = ["GROUPS"]


_BOOLEANS = {"true": True, "false": False, "yes": True, "no": False}


def _value(text: str) -> object:
    """A ``-p`` value as the benches take it: an int, a float, a bool ("true"/"false",
    "yes"/"no": ``-p floor=false`` must not read as the truthy string "false"), else text."""
    if text.lower() in _BOOLEANS:
        return _BOOLEANS[text.lower()]
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            continue
    return text


def _params(items: tuple[str, ...]) -> dict[str, object]:
    out: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.isidentifier():
            raise click.BadParameter(f"{item!r} is not key=value", param_hint="-p")
        out[key] = _value(value)
    return out


def _runner(module: str, function: str) -> Callable[..., Any]:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        raise click.ClickException(f"{module} is not available in this install ({exc})") from exc
    fn = getattr(mod, function, None)
    if not callable(fn):
        raise click.ClickException(f"{module} has no {function}()")
    return fn  # type: ignore[no-any-return]


def _report(state: CliState, /, title: str, result: object) -> None:
    def human() -> None:
        click.echo(title)
        if isinstance(result, dict):
            width = max((len(str(k)) for k in result), default=0)
            for key, value in result.items():
                shown = json.dumps(value) if isinstance(value, dict | list) else value
                click.echo(f"  {key:<{width}}  {shown}")
        else:
            click.echo(str(result))

    emit(state, result, human)


_PARAM = click.option(
    "-p",
    "--param",
    "params",
    multiple=True,
    metavar="KEY=VALUE",
    help="Extra keyword argument for the runner (repeatable).",
)


@click.group()
def bench() -> None:
    """Benchmarks (each prints a dict of measurements)."""


def _bench_command(name: str, summary: str) -> click.Command:
    """A generic ``bench <name>`` that calls ``worlddb.bench.<name>.run_<name>_bench(**params)``."""

    @click.command(
        name=name,
        help=f"{summary} [worlddb.bench.{name}.run_{name}_bench]; pass "
        "its arguments as -p key=value.",
    )
    @_PARAM
    @json_option
    @pass_state
    def command(state: CliState, /, params: tuple[str, ...]) -> None:
        fn = _runner(f"worlddb.bench.{name}", f"run_{name}_bench")
        _report(state, f"bench {name}", fn(**_params(params)))

    return command


@bench.command(name="load")
@click.option("--nodes", type=click.IntRange(1), default=100_000, show_default=True)
@click.option("--edges", type=click.IntRange(0), default=300_000, show_default=True)
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    required=True,
    help="Scratch database file (deleted and recreated).",
)
@_PARAM
@json_option
@pass_state
def bench_load(
    state: CliState, /, nodes: int, edges: int, db_path: str, params: tuple[str, ...]
) -> None:
    """Bulk-load synthetic worlds and edges through the reconciler [worlddb.bench.load]."""
    fn = _runner("worlddb.bench.load", "run_load_bench")
    _report(state, "bench load", fn(nodes, edges, db_path, **_params(params)))


@bench.command(name="mcp")
@click.option("--memories", type=click.IntRange(1), default=10_000, show_default=True)
@click.option(
    "--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True
)
@click.option(
    "--calls",
    type=click.IntRange(1),
    default=200,
    show_default=True,
    help="Timed calls of each tool.",
)
@click.option(
    "--bench-embedder",
    "embedder",
    type=click.Choice(["default", "hash"]),
    default="default",
    show_default=True,
    help="hash: fast smoke run.",
)
@_PARAM
@json_option
@pass_state
def bench_mcp(
    state: CliState,
    /,
    memories: int,
    transport: str,
    calls: int,
    embedder: str,
    params: tuple[str, ...],
) -> None:
    """memory_write / memory_recall round trips through a real MCP transport [worlddb.bench.mcp]."""
    fn = _runner("worlddb.bench.mcp", "run_mcp_bench")
    result = fn(memories, transport, calls=calls, embedder=embedder, **_params(params))
    _report(state, "bench mcp", result)


for _name, _summary in (
    ("embedder", "Embedder load time, throughput and query latency"),
    ("resolver", "Entity resolution accuracy and latency"),
    ("recall", "Recall latency and quality"),
    ("extractor", "Offline extractor precision, recall and speed"),
    ("injection", "Injection detector precision/recall, dev and hold-out (-p chat=LME_FILE)"),
    ("ingest", "Turns/s through ingest and its time shares (-p data=LONGMEMEVAL_FILE)"),
    ("write", "remember() P50/P95 at N memories vs the embed+HNSW+SQLite floor (-p recluster=0)"),
    ("chaos", "N processes x M operations on one store, SIGKILLed; nothing acknowledged lost"),
    ("fuzz", "Randomised and malformed MCP tool calls against a real server (-p calls=N)"),
    ("traverse", "A*, water circles and beam search at N worlds vs a 1-hop SQL floor"),
    ("retention", "Recall P50/P95 with and without recording reinforcement"),
    ("consolidate", "Consolidation s per 1k new worlds; summary-first vs full query (-p worlds=N)"),
):
    bench.add_command(_bench_command(_name, _summary))


@click.group(name="eval")
def eval_() -> None:
    """Evaluations (LongMemEval retrieval)."""


@eval_.command(name="score")
@click.argument("rankings", type=click.Path(exists=True, dir_okay=False))
@click.argument("gold", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--granularity", type=click.Choice(["session", "turn"]), default="session", show_default=True
)
@json_option
@pass_state
def eval_score(state: CliState, /, rankings: str, gold: str, granularity: str) -> None:
    """Score a RANKINGS file against GOLD with the official LongMemEval metrics."""
    from worlddb.eval.metrics import score_rankings

    if granularity not in ("session", "turn"):
        raise ValidationError(f"granularity {granularity!r}", field="granularity")
    report = score_rankings(rankings, gold, "session" if granularity == "session" else "turn")
    emit(state, report.to_dict(), lambda: click.echo(report.format_table()))


@eval_.command(name="longmemeval")
@click.argument("data", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    required=True,
    help="Rankings JSONL (appended to: a rerun resumes).",
)
@click.option(
    "--granularity",
    type=click.Choice(["session", "turn"]),
    default="session",
    show_default=True,
    help="What the report scores.",
)
@click.option("--lanes", default=None, metavar="LANES", help="e.g. bm25,vector (default: all).")
@click.option(
    "--ablation",
    multiple=True,
    metavar="LANES",
    help="Also recall with this lane set on the same ingest (repeatable).",
)
@click.option("--limit", type=click.IntRange(1), default=None, help="First N questions only.")
@click.option(
    "--sample",
    type=click.IntRange(1),
    default=None,
    help="A seeded subset of N questions, stratified by type.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--workers", type=click.IntRange(1), default=None, help="Processes (default: cores).")
@click.option("--no-extraction", is_flag=True, help="Store turns only, no offline extractor.")
@click.option("--fresh", is_flag=True, help="Start the rankings file afresh instead of resuming.")
@click.option("--as-of", type=click.Choice(["day", "exact"]), default="day", show_default=True)
@click.option("--recall-limit", type=click.IntRange(1), default=None)
@click.option(
    "--reply-head-chars",
    type=click.IntRange(1),
    default=None,
    help="Embed assistant replies longer than this many characters by their head only "
    "(opt-in, e.g. 1000; default: whole; worlddb.reconciler.embeddings).",
)
@click.option(
    "--store-cache",
    type=click.Path(file_okay=False),
    default=None,
    metavar="DIR",
    help="Keep each question's ingested store here and reopen it on later runs: recall "
    "experiments skip ingest (worlddb.eval.store_cache; a change to ingest needs a new DIR).",
)
@click.option(
    "--answer",
    is_flag=True,
    help="Also answer each question from its ranking and judge it (needs ANTHROPIC_API_KEY).",
)
@click.option(
    "--answer-model",
    default=None,
    metavar="MODEL",
    help="Answering model (default: worlddb.eval.answer.DEFAULT_MODEL).",
)
@click.option("--judge-model", default=None, metavar="MODEL", help="Judge (default: answer model).")
@click.option(
    "--context-turns",
    type=click.IntRange(1),
    default=None,
    help="Top ranked turns the answerer sees (default: worlddb.eval.answer.CONTEXT_TURNS).",
)
@json_option
@pass_state
def eval_longmemeval(
    state: CliState,
    /,
    data: str,
    out: str,
    granularity: str,
    lanes: str | None,
    ablation: tuple[str, ...],
    limit: int | None,
    sample: int | None,
    seed: int,
    workers: int | None,
    no_extraction: bool,
    fresh: bool,
    as_of: str,
    recall_limit: int | None,
    reply_head_chars: int | None,
    store_cache: str | None,
    answer: bool,
    answer_model: str | None,
    judge_model: str | None,
    context_turns: int | None,
) -> None:
    """Rank a LongMemEval file's haystacks and score them [worlddb.eval.harness].

    The global ``--embedder hash`` (``$WORLDDB_EMBEDDER=hash``) ranks with the hashing test
    embedder, uncached (hashing is cheaper than a cache lookup): a fast smoke run.
    """
    from worlddb.eval.harness import HarnessOptions, parse_lanes, run_longmemeval

    given: dict[str, Any] = {
        "granularity": granularity,
        "limit": limit,
        "sample": sample,
        "seed": seed,
        "workers": workers,
        "extraction": not no_extraction,
        "resume": not fresh,
        "as_of": as_of,
        "recall_limit": recall_limit,
        "lanes": parse_lanes(lanes) if lanes else None,
        "ablations": tuple(parse_lanes(a) for a in ablation),
    }
    given = {k: v for k, v in given.items() if v is not None}
    if reply_head_chars is not None:
        given["reply_head_chars"] = reply_head_chars
    if store_cache is not None:
        given["store_cache"] = Path(store_cache)
    options = HarnessOptions(**given, **_embedder_options(state.embedder))
    if not answer and (answer_model or judge_model or context_turns):
        raise click.UsageError("--answer-model, --judge-model and --context-turns need --answer")
    # Connect before ranking anything: a missing key fails now, not after hours of ranking.
    evaluator = _evaluator(answer_model, judge_model, context_turns) if answer else None
    report = run_longmemeval(data, out=out, options=options, evaluator=evaluator)
    emit(state, report.to_dict(), lambda: click.echo(report.format()))


def _embedder_options(name: str) -> dict[str, Any]:
    """Harness options for the global ``--embedder``: ``default`` keeps the harness defaults.

    Raises:
        ValidationError: ``none``: ranking needs an embedder for the vector lane.
    """
    if name == "hash":
        from worlddb.testing import HashEmbedder

        return {"embedder_factory": HashEmbedder, "cache_path": None}
    if name == "none":
        raise ValidationError(
            "eval longmemeval needs an embedder: use --embedder default or hash, not none",
            field="embedder",
            value=name,
        )
    return {}


def _evaluator(
    model: str | None, judge_model: str | None, context_turns: int | None
) -> QAEvaluator:
    """A connected ``QAEvaluator`` (PluginError without an API key) with the given settings."""
    from worlddb.eval.answer import CONTEXT_TURNS, DEFAULT_MODEL, QAEvaluator

    connected = QAEvaluator.connect(model=model or DEFAULT_MODEL, judge_model=judge_model)
    if context_turns is None or context_turns == CONTEXT_TURNS:
        return connected
    # connect() takes no context_turns: rebuild on its client (the constructor validates it).
    return QAEvaluator(
        connected.client,
        model=connected.model,
        judge_model=connected.judge_model,
        context_turns=context_turns,
    )


GROUPS = (bench, eval_)
