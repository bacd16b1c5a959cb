#!/usr/bin/env python3
"""Long runs of the store invariants (issue 15): the Hypothesis state machine, the changeset fuzzer.

``hypothesis``: ``tests/test_invariants.py``'s ``StoreMachine`` (every rule checked against a
model, ``verify()`` and I7 byte-identity after each step) run for a time budget per seed, in
chunks of ``--examples`` examples of up to ``--steps`` steps, each chunk with its own derived
seed; it counts the rules actually executed (Hypothesis ends many examples before the step
cap). ``atheris``: ``fuzz/fuzz_changeset.py`` under libFuzzer with ``-seed=SEED`` for the same
budget, in a scratch corpus (the committed corpus is read, never grown); it counts executions
and write attempts (each execution decodes up to four changesets and writes them to a fresh
store; ``--operations`` counts write attempts, the unit a state-machine step is also made of).
When atheris is not importable, ``changeset`` replays the target on random bytes instead
(``random``).

Run under ``nice`` on a shared box, e.g.::

    nice -n 15 .venv/bin/python scripts/long_invariants.py hypothesis --seeds 0 1 2 3 4 \\
        --minutes 12 --out /tmp/hyp.json

A 1M-operation seed outlasts a working session: ``--state DIR`` keeps each seed's progress
there (Hypothesis: counts after every chunk; atheris: corpus, crash artifacts and one tally per
leg) and the same command run again resumes every unfinished seed where it stopped.

Prints one JSON line per seed and a summary; the exit status is 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_hypothesis(
    seed: int,
    budget_s: float,
    examples: int,
    steps: int,
    without: Sequence[str] = (),
    operations: int | None = None,
    state: Path | None = None,
) -> dict[str, Any]:
    """Chunks of the state machine until ``budget_s`` runs out (or ``operations`` steps have
    run, whichever comes first); counts rules executed.

    ``without`` leaves edge types out of the ``link`` rule (the machine's model does not yet
    predict every handler's side effects: see ``tests/test_derived_close_time.py``).
    With ``state`` (a file), the counts are saved after every chunk and a later run resumes at
    the next chunk: chunk seeds derive from (seed, chunk), so a seed run in legs executes the
    same examples as one uninterrupted run (a killed leg loses only its unfinished chunk).
    """
    sys.path.insert(0, str(ROOT))
    from hypothesis import HealthCheck, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st
    from hypothesis.stateful import precondition, rule, run_state_machine_as_test

    from tests.test_invariants import LINK_TYPES, StoreMachine

    counts = {"steps": 0, "examples": 0, "checked": 0, "skipped": 0}
    kept = [t for t in LINK_TYPES if t not in without]
    base_link = StoreMachine.link

    class Counted(StoreMachine):
        @precondition(lambda self: self._has_worlds())
        @rule(data=st.data(), edge_type=st.sampled_from(kept))
        def link(self, data: st.DataObject, edge_type: str) -> None:
            base_link(self, data, edge_type)

        def teardown(self) -> None:
            # check_invariants runs once up front, then after every rule: a step is a rule run
            # after @initialize. A skipped round followed a step that proved nothing changed.
            rounds = self.checks_run + self.checks_skipped
            counts["steps"] += max(0, rounds - 2)
            counts["checked"] += max(0, self.checks_run - 2)
            counts["skipped"] += self.checks_skipped
            counts["examples"] += 1
            super().teardown()

    start, cpu_start, load_start = time.monotonic(), time.process_time(), os.getloadavg()[0]
    saved = _load_state(state, {"chunks": 0, "seconds": 0.0, "cpu_seconds": 0.0, "legs": 0})
    if saved.get("without", list(without)) != list(without):
        raise SystemExit(f"{state} was run with --without {saved['without']}, not {list(without)}")
    chunks = int(saved["chunks"])
    for key in counts:
        counts[key] = int(saved.get(key, 0))
    violations: list[str] = list(saved.get("violation_samples", []))

    def progress() -> dict[str, Any]:
        """Every leg so far, this one included once it has run a chunk."""
        return {
            **counts,
            "without": list(without),
            "chunks": chunks,
            "legs": int(saved["legs"]) + int(chunks > int(saved["chunks"])),
            "seconds": round(float(saved["seconds"]) + time.monotonic() - start, 1),
            "cpu_seconds": round(float(saved["cpu_seconds"]) + time.process_time() - cpu_start, 1),
            "violation_samples": violations,
        }

    config = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )
    while time.monotonic() - start < budget_s:
        if operations is not None and counts["steps"] >= operations:
            break
        before = counts["steps"]
        machine = hypothesis_seed(seed * 1_000_003 + chunks)(Counted)
        try:
            run_state_machine_as_test(machine, settings=config)
        except Exception as exc:  # the assertion first, then where it was raised
            head = "".join(traceback.format_exception_only(exc))[:1000]
            violations.append(f"{head}\n{traceback.format_exc()[-2000:]}")
        chunks += 1
        _save_state(state, progress())
        if counts["steps"] == before:
            break  # nothing ran: do not spin
    done = progress()
    return {
        "target": "hypothesis",
        "seed": seed,
        "without": done["without"],
        "steps": counts["steps"],
        "steps_checked": counts["checked"],
        "steps_proved_unchanged": counts["skipped"],
        "examples": counts["examples"],
        "chunks": chunks,
        "legs": done["legs"],
        "seconds": done["seconds"],
        "cpu_seconds": done["cpu_seconds"],
        "load": [round(load_start, 1), round(os.getloadavg()[0], 1)],
        "violations": len(violations),
        "violation_samples": violations[:2],
    }


def _load_state(path: Path | None, default: dict[str, Any]) -> dict[str, Any]:
    """A seed's saved progress (``default`` when there is none yet)."""
    if path is None or not path.exists():
        return dict(default)
    return {**default, **json.loads(path.read_text(encoding="utf-8"))}


def _save_state(path: Path | None, data: dict[str, Any]) -> None:
    """Write progress atomically: a leg killed mid-write leaves the previous state whole."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(data), encoding="utf-8")
    os.replace(partial, path)


def run_atheris(
    seed: int, budget_s: float, operations: int | None = None, state: Path | None = None
) -> dict[str, Any]:
    """libFuzzer on the changeset target for ``budget_s``, or until ``operations`` write
    attempts (changesets handed to ``WorldDB.write``; one input makes up to four) have run,
    whichever comes first.

    The target mirrors its counts to a tally file (``WORLDDB_FUZZ_TALLY``); this polls it and
    sends SIGUSR1, libFuzzer's graceful stop (it finishes the input, prints its final stats and
    exits 0), once the seed has made enough write attempts.

    With ``state`` (a folder), the seed runs in legs that survive the process: the corpus,
    libFuzzer's crash artifacts and one tally per leg live there, so a later run continues the
    same ``-seed`` from the grown corpus and counts every earlier leg's write attempts, a killed
    leg's too (its tally is rewritten after every input). A crash artifact any leg left counts
    as a violation.
    """
    try:
        import atheris  # noqa: F401
    except ImportError:
        return run_random_changesets(seed, budget_s)
    sys.path.insert(0, str(ROOT / "fuzz"))
    from fuzz_changeset import read_tally

    with contextlib.ExitStack() as stack:
        if state is None:
            scratch = Path(
                stack.enter_context(tempfile.TemporaryDirectory(prefix="worlddb-atheris-"))
            )
        else:
            scratch = state
            scratch.mkdir(parents=True, exist_ok=True)
        earlier = _earlier_legs(scratch, read_tally)
        leg = len(earlier)
        tally = scratch / f"tally-{leg:03d}"
        before = {k: sum(int(x[k]) for x in earlier) for k in ("executions", "writes", "refused")}
        wanted = None if operations is None else operations - before["writes"]
        corpus = ROOT / "fuzz" / "corpus" / "changeset"
        command = [
            sys.executable,
            str(ROOT / "fuzz" / "fuzz_changeset.py"),
            f"-seed={seed + 1}",  # libFuzzer treats seed 0 as "pick one"
            f"-max_total_time={int(budget_s)}",
            f"-artifact_prefix={scratch}/",
            "-print_final_stats=1",
            f"{scratch}/corpus",
            str(corpus),
        ]
        (scratch / "corpus").mkdir(exist_ok=True)
        start, cpu_start, load_start = time.monotonic(), _children_cpu(), os.getloadavg()[0]
        returncode, log = 0, ""
        if wanted is None or wanted > 0:
            (scratch / f"leg-{leg:03d}.started").write_text(str(time.time()), encoding="ascii")
            env = {**os.environ, "WORLDDB_FUZZ_TALLY": str(tally)}
            with (
                open(scratch / f"log-{leg:03d}", "w+", encoding="utf-8") as log_file,
                subprocess.Popen(
                    command, stdout=log_file, stderr=subprocess.STDOUT, cwd=ROOT, env=env
                ) as fuzzer,
            ):
                stopped = False
                while fuzzer.poll() is None:
                    time.sleep(1.0)
                    done = read_tally(str(tally))["writes"]
                    if not stopped and wanted is not None and done >= wanted:
                        fuzzer.send_signal(signal.SIGUSR1)
                        stopped = True
                log_file.seek(0)
                log = log_file.read()
            returncode = fuzzer.returncode
        cpu = _children_cpu() - cpu_start
        counts = read_tally(str(tally))
        runs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", log)
        if runs:
            counts["executions"] = int(runs[-1])
        seconds = time.monotonic() - start
        if log:  # a finished leg: its own figures, read by later legs
            _save_state(
                scratch / f"leg-{leg:03d}.json",
                {
                    **counts,
                    "seconds": round(seconds, 1),
                    "cpu_seconds": round(cpu, 1),
                    "exit_status": returncode,
                },
            )
        # libFuzzer's findings: a crash (an assertion or exception), a hang past its per-input
        # timeout, an out-of-memory input. Slow-unit reports are not findings.
        crashes = sorted(
            p.name
            for kind in ("crash", "timeout", "oom", "leak")
            for p in scratch.glob(f"{kind}-*")
        )
        kept = _keep_crashes(scratch, crashes)
        failed_legs = sum(1 for x in earlier if x.get("exit_status") not in (None, 0))
    return {
        "target": "atheris",
        "seed": seed + 1,
        "executions": before["executions"] + counts["executions"],
        "write_attempts": before["writes"] + counts["writes"],
        "writes_refused": before["refused"] + counts["refused"],
        "legs": leg + 1 if log else max(1, leg),
        "legs_killed": sum(1 for x in earlier if x.get("cpu_seconds") is None),
        "seconds": round(sum(float(x["seconds"]) for x in earlier) + seconds, 1),
        "cpu_seconds": round(sum(float(x.get("cpu_seconds") or 0) for x in earlier) + cpu, 1),
        "load": [round(load_start, 1), round(os.getloadavg()[0], 1)],
        "exit_status": returncode,
        # libFuzzer stops at its first finding: one per failed leg, or per artifact left.
        "violations": max(failed_legs + int(returncode != 0), len(crashes)),
        "violation_samples": [log[-6000:]] if returncode != 0 else [],
        "crash_inputs": kept,
    }


def _earlier_legs(scratch: Path, read_tally: Any) -> list[dict[str, Any]]:
    """What every earlier leg of a seed ran: a finished leg's saved figures, or a killed leg's
    tally (rewritten after every input) and wall time up to its last input (CPU unknown)."""
    legs: list[dict[str, Any]] = []
    for tally in sorted(scratch.glob("tally-*")):
        number = tally.name.removeprefix("tally-")
        finished = scratch / f"leg-{number}.json"
        if finished.exists():
            legs.append(json.loads(finished.read_text(encoding="utf-8")))
            continue
        started = scratch / f"leg-{number}.started"
        begun = float(started.read_text(encoding="ascii")) if started.exists() else 0.0
        seconds = max(0.0, tally.stat().st_mtime - begun) if begun else 0.0
        legs.append({**read_tally(str(tally)), "seconds": seconds, "cpu_seconds": None})
    return legs


CRASH_DIR = Path(tempfile.gettempdir()) / "worlddb-atheris-crashes"


def _keep_crashes(scratch: Path, names: Sequence[str]) -> list[dict[str, str]]:
    """Copy libFuzzer's crash inputs out of the scratch folder (deleted with the run), so a
    stop can be replayed: each as its kept path and its bytes in base64."""
    kept: list[dict[str, str]] = []
    for name in names:
        data = (scratch / name).read_bytes()
        CRASH_DIR.mkdir(parents=True, exist_ok=True)
        target = CRASH_DIR / name
        target.write_bytes(data)
        kept.append({"path": str(target), "base64": base64.b64encode(data).decode("ascii")})
    return kept


def _children_cpu() -> float:
    """User plus system CPU seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_random_changesets(seed: int, budget_s: float) -> dict[str, Any]:
    """Without atheris: the changeset target on random byte strings for ``budget_s``."""
    sys.path.insert(0, str(ROOT / "fuzz"))
    import fuzz_changeset

    rng = random.Random(seed)
    start, cpu_start = time.monotonic(), time.process_time()
    runs = 0
    violations: list[str] = []
    while time.monotonic() - start < budget_s:
        data = rng.randbytes(rng.randrange(1, 400))
        try:
            fuzz_changeset.test_one_input(data)
        except Exception:
            violations.append(f"{data.hex()}\n{traceback.format_exc()[-2000:]}")
        runs += 1
    return {
        "target": "random-changesets",
        "seed": seed,
        "executions": runs,
        "seconds": round(time.monotonic() - start, 1),
        "cpu_seconds": round(time.process_time() - cpu_start, 1),
        "violations": len(violations),
        "violation_samples": violations[:2],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", choices=("hypothesis", "atheris", "random"))
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--minutes", type=float, default=10.0, help="Budget per seed.")
    parser.add_argument("--examples", type=int, default=20, help="Hypothesis examples per chunk.")
    parser.add_argument("--steps", type=int, default=100, help="Hypothesis steps per example cap.")
    parser.add_argument(
        "--without", nargs="*", default=[], help="Edge types the link rule leaves out."
    )
    parser.add_argument(
        "--operations",
        type=int,
        default=None,
        help="Stop a seed after this many operations: state-machine steps, or changesets the "
        "fuzz target writes (the time budget still caps it).",
    )
    parser.add_argument("--out", type=Path, default=None, help="Append JSON lines here too.")
    parser.add_argument(
        "--state",
        type=Path,
        default=None,
        help="Keep each seed's progress in this folder and resume from it: a seed run again "
        "continues where the last run (finished or killed) left it, up to --operations.",
    )
    args = parser.parse_args(argv)
    results = []
    for seed in args.seeds:
        budget = args.minutes * 60
        if args.target == "hypothesis":
            state = None if args.state is None else args.state / f"hypothesis-seed{seed}.json"
            result = run_hypothesis(
                seed, budget, args.examples, args.steps, args.without, args.operations, state
            )
        elif args.target == "atheris":
            folder = None if args.state is None else args.state / f"atheris-seed{seed}"
            result = run_atheris(seed, budget, args.operations, folder)
        else:
            result = run_random_changesets(seed, budget)
        results.append(result)
        line = json.dumps(result)
        print(line, flush=True)
        if args.out is not None:
            with args.out.open("a", encoding="utf-8") as out:
                out.write(line + "\n")
    key = {"hypothesis": "steps", "atheris": "write_attempts"}.get(args.target, "executions")
    total = sum(r.get(key) or 0 for r in results)
    violations = sum(r["violations"] for r in results)
    print(
        json.dumps(
            {"target": args.target, key: total, "seeds": len(results), "violations": violations}
        )
    )
    return 1 if violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
