"""The end-of-run check of ``worlddb bench chaos``: the store against every worker's journal.

Kept apart from the orchestration so it can be run on a kept work directory after the fact
(``check_journals(db, journals)``) and tested against journals that claim what the store does
not hold. The rules are in ``worlddb.bench.chaos``'s docstring.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from worlddb.engine import WorldDB
from worlddb.testing import HashEmbedder

__all__ = ["SERVER_DOWN_GRACE_S", "check_journals"]

SERVER_DOWN_GRACE_S: Final = 5.0


def _entries(path: Path) -> list[dict[str, Any]]:
    out = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # torn by a kill
    return out


def _erasable(pool: int | None, since: float, purges: list[tuple[int, float, float]]) -> bool:
    """Could an erasing purge of ``pool`` have run after a write that started at ``since``?"""
    return pool is not None and any(p == pool and end > since for p, _, end in purges)


def check_journals(
    db_path: Path, journals: Sequence[Path], server_down: Sequence[tuple[float, float]] = ()
) -> dict[str, Any]:
    """Compare the store with every worker's journal; see the module docstring for the rules."""
    entries = [e for j in journals for e in _entries(j)]
    ends = {(e.get("w"), e["i"]): e["t1"] for e in entries if e["k"] in ("ack", "err")}
    purges = [  # (pool, start, end or +inf when the end was never journalled)
        (e["pool"], e["t"], ends.get((e.get("w"), e["i"]), float("inf")))
        for e in entries
        if e["k"] == "begin" and e["op"] == "purge" and e.get("erase")
    ]
    acks = [e for e in entries if e["k"] == "ack"]
    pools: dict[str, int | None] = {}
    for e in acks:
        if e["op"] == "write":
            pools[e["id"]] = e["pool"]
        elif e["op"] == "amend":
            pools[e["id"]] = pools.get(e["old"])
    # Closed by an acknowledged retire or amend, or possibly by one killed after its commit.
    closed = {e["id"] for e in entries if e["op"] == "retire" and e["k"] in ("ack", "begin")}
    closed |= {e["old"] for e in acks if e["op"] == "amend"}
    closed |= {e["id"] for e in entries if e["op"] == "amend" and e["k"] == "begin"}
    lost: list[str] = []
    reopened: list[str] = []
    orphaned: list[str] = []
    exempt = 0
    with WorldDB.open(db_path, embedder=HashEmbedder(), extractor=None) as db:
        problems = db.verify()
        for e in acks:
            if e["op"] in ("write", "amend"):
                found = db.find(e["id"])
                if found is not None and not db.scopes_of(e["id"]):
                    orphaned.append(f"{e['op']} {e['id'][:12]} (worker {e['w']} op {e['i']})")
                if _erasable(pools.get(e["id"]), e["t0"], purges):
                    exempt += 1
                    continue
                if found is None or found.content != e["text"]:
                    lost.append(f"{e['op']} {e['id'][:12]} (worker op {e['i']})")
                elif e["id"] not in closed and pools.get(e["id"]) is None and found.valid_to:
                    reopened.append(f"{e['id'][:12]} closed though no one retired it")
            if e["op"] in ("retire", "amend"):
                old = e["id"] if e["op"] == "retire" else e["old"]
                found = db.find(old)
                if found is not None and found.valid_to is None:
                    reopened.append(f"{old[:12]} acknowledged {e['op']} but still live")
    erased_checked, erased_found = _canaries(db_path, entries, ends)
    errors = [e for e in entries if e["k"] == "err"]

    def explained(e: dict[str, Any]) -> bool:
        return any(
            e["t1"] >= down and e["t0"] <= up + SERVER_DOWN_GRACE_S for down, up in server_down
        )

    surfaced = [e for e in errors if e["class"] == "surfaced"]
    surfaced += [e for e in errors if e["class"] == "transport" and not explained(e)]
    by_op: dict[str, int] = {}
    for e in acks:
        by_op[e["op"]] = by_op.get(e["op"], 0) + 1
    return {
        "operations_finished": len(acks) + len(errors),
        "acknowledged": by_op,
        "acknowledged_writes_checked": sum(by_op.get(k, 0) for k in ("write", "amend")) - exempt,
        "writes_possibly_erased_by_a_purge": exempt,
        "acknowledged_writes_lost": len(lost),
        "acknowledged_writes_in_no_scope": len(orphaned),
        "acknowledged_state_wrong": len(reopened),
        "refusals": sum(e["class"] == "refusal" for e in errors),
        "transport_breaks_during_server_kills": sum(
            e["class"] == "transport" and explained(e) for e in errors
        ),
        "errors_surfaced": len(surfaced),
        "verify_problems": len(problems),
        "erased_texts_checked": erased_checked,
        "erased_texts_found_in_file": len(erased_found),
        "samples": {
            "lost": lost[:5],
            "state_wrong": reopened[:5],
            "in_no_scope": orphaned[:5],
            "surfaced": [f"{e['op']}: {e['error']}" for e in surfaced[:5]],
            "verify": problems[:5],
            "erased_found": erased_found[:5],
        },
    }


def _canaries(
    db_path: Path, entries: list[dict[str, Any]], ends: dict[tuple[Any, Any], float]
) -> tuple[int, list[str]]:
    """Texts that an acknowledged erasing purge must have removed, and those still on disk.

    A note written (and acknowledged) in a pool before an erasing purge of that pool began, and
    not written again afterwards (a killed write is retried with the same text), must not be in
    any byte of the database files once the purge is acknowledged.
    """
    done_purges = [
        (e["pool"], e["t"])
        for e in entries
        if e["k"] == "begin" and e["op"] == "purge" and e.get("erase")
        and (e.get("w"), e["i"]) in ends
        and any(a["k"] == "ack" and (a["w"], a["i"]) == (e.get("w"), e["i"]) for a in entries)
    ]  # fmt: skip
    last_begin: dict[str, float] = {}
    for e in entries:
        if e["k"] == "begin" and e["op"] == "write":
            last_begin[e["text"]] = max(last_begin.get(e["text"], 0.0), e["t"])

    def gone(e: dict[str, Any]) -> bool:
        settled = max(e["t1"], last_begin.get(e["text"], 0.0))
        return any(p == e["pool"] and settled < t for p, t in done_purges)

    acked = [e for e in entries if e["k"] == "ack" and e["op"] == "write"]
    erased = [e["text"] for e in acked if e["pool"] is not None and gone(e)]
    blob = b"".join(f.read_bytes() for f in db_path.parent.glob(db_path.name + "*") if f.is_file())
    return len(erased), [t for t in erased if t.encode() in blob]
