"""Freeze (and materialise) the LongMemEval_S question subsets used to tune multi-evidence recall.

Tuning honestly (issue 12, part 5): tune only on questions whose ``question_id`` blake3 hash has
an even first byte; the odd half is held out. The subsets are the multi-session and
temporal-reasoning questions of the strict average (the types multi-evidence recall is for),
``PER_TYPE`` of each type per half, drawn with a fixed seed from the file's order. Nothing but the
question id's hash, the question type and the gold file's ``counted_in_official_strict_avg`` flag
chooses them: no run's results.

    python scripts/lme_subsets.py freeze          # writes bench/data/lme_multi_{tune,holdout}.txt
    python scripts/lme_subsets.py materialise DIR # DIR/lme_multi_{tune,holdout}.json.xz + gold
"""

from __future__ import annotations

import json
import lzma
import random
import sys
from pathlib import Path

from worlddb.eval.longmemeval import iter_json_array
from worlddb.hashing import digest

DATA = Path("/work/shared/data/longmemeval/longmemeval_s_cleaned_498of500.json.xz")
GOLD = DATA.with_name("longmemeval_s_cleaned_498of500.gold.jsonl")
OUT = Path(__file__).resolve().parent.parent / "bench" / "data"
TYPES = ("multi-session", "temporal-reasoning")
PER_TYPE = 36
SEED = 12


def half(question_id: str) -> str:
    """``tune`` when blake3(question_id)'s first byte is even, else ``holdout``."""
    first_byte = int(digest(question_id.encode("utf-8"))[:2], 16)
    return "tune" if first_byte % 2 == 0 else "holdout"


def freeze() -> None:
    rows = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line]
    for name in ("tune", "holdout"):
        chosen: list[str] = []
        for qtype in TYPES:
            pool = [
                r["question_id"]
                for r in rows
                if r["question_type"] == qtype
                and r["counted_in_official_strict_avg"]
                and half(r["question_id"]) == name
            ]
            chosen += sorted(random.Random(f"{SEED}:{name}:{qtype}").sample(pool, PER_TYPE))
        (OUT / f"lme_multi_{name}.txt").write_text("\n".join(chosen) + "\n", encoding="utf-8")
        print(name, len(chosen))


def materialise(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {
        name: set((OUT / f"lme_multi_{name}.txt").read_text(encoding="utf-8").split())
        for name in ("tune", "holdout")
    }
    kept: dict[str, list[object]] = {name: [] for name in wanted}
    with lzma.open(DATA, "rt", encoding="utf-8") as fh:
        for question in iter_json_array(fh):
            for name, ids in wanted.items():
                if question["question_id"] in ids:
                    kept[name].append(question)
    gold = GOLD.read_text(encoding="utf-8").splitlines()
    for name, questions in kept.items():
        stem = folder / f"lme_multi_{name}"
        with lzma.open(stem.with_suffix(".json.xz"), "wt", encoding="utf-8") as out:
            json.dump(questions, out)
        lines = [g for g in gold if g and json.loads(g)["question_id"] in wanted[name]]
        stem.with_suffix(".gold.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(name, len(questions), len(lines))


if __name__ == "__main__":
    if sys.argv[1:2] == ["freeze"]:
        freeze()
    else:
        materialise(Path(sys.argv[2]))
