"""The reconciler's invariants checked against the stored rows (SQLite backend). Read-only.

``worlddb.verify`` reports these; they live here because each check is a query over the
backend's own tables (a second backend brings its own). Each problem is one line naming the
invariant (``I1``...) and the offending ids; the invariants themselves are listed in
``worlddb.reconciler``.
"""

from __future__ import annotations

import sqlite3

from worlddb.hashing import decode_world, digest, world_bytes
from worlddb.model import fts_columns
from worlddb.store.ids import hexid

__all__ = ["invariant_problems"]


def invariant_problems(conn: sqlite3.Connection) -> list[str]:
    """Every invariant violation found through ``conn`` (empty when healthy)."""
    problems: list[str] = []
    # I1: ids are the hash of the stored canonical bytes, and nodes mirror their blobs.
    for key, body, type_, content, created in conn.execute(
        "SELECT b.id, b.body, n.type, n.content, n.created_at FROM blobs b "
        "LEFT JOIN nodes n ON n.id = b.id"
    ):
        wid, data = _shown(key), bytes(body)
        if digest(data) != wid:
            problems.append(f"I1 blob {wid[:16]} does not hash to its id")
            continue
        spec = decode_world(data)
        if world_bytes(spec) != data:
            problems.append(f"I1 blob {wid[:16]} is not canonical")
        if type_ is None:
            problems.append(f"I1 blob {wid[:16]} has no node row")
        elif (spec.type, spec.content, spec.created_at) != (type_, content, created):
            problems.append(f"I1 node {wid[:16]} drifted from its blob")
    orphans = conn.execute(
        "SELECT count(*) FROM nodes n WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.id = n.id)"
    ).fetchone()[0]
    if orphans:
        problems.append(f"I1 {orphans} node rows have no blob")
    # I3 (state part): every interval is well formed.
    for (key,) in conn.execute(
        "SELECT id FROM nodes WHERE valid_from IS NOT NULL AND valid_to IS NOT NULL "
        "AND valid_to < valid_from"
    ):
        problems.append(f"I3 world {_shown(key)[:16]} has valid_to before valid_from")
    # I4: no dangling edges.
    for eid, src, dst in conn.execute(
        "SELECT e.id, e.src, e.dst FROM edges e WHERE NOT EXISTS "
        "(SELECT 1 FROM nodes n WHERE n.id = e.src) OR NOT EXISTS "
        "(SELECT 1 FROM nodes n WHERE n.id = e.dst)"
    ):
        eid, src, dst = _shown(eid), _shown(src), _shown(dst)
        problems.append(f"I4 edge {eid[:16]} ({src[:12]}→{dst[:12]}) dangles")
    # I5: FTS rows match the searchable worlds one to one, with the same text.
    problems += _check_fts(conn)
    # I8/I10: proposals have their edge, both worlds, and matching status.
    for key, src, dst, status, estatus in conn.execute(
        "SELECT p.edge_id, p.src, p.dst, p.status, e.status FROM merge_proposals p "
        "LEFT JOIN edges e ON e.id = p.edge_id"
    ):
        eid = _shown(key)
        if estatus is None:
            problems.append(f"I10 proposal {eid[:16]} has no same_as edge")
        elif status != estatus:
            problems.append(f"I8 proposal {eid[:16]} is {status} but its edge is {estatus}")
        for end in (src, dst):
            if conn.execute("SELECT 1 FROM nodes WHERE id = ?", (end,)).fetchone() is None:
                problems.append(f"I10 proposal {eid[:16]} points at missing {_shown(end)[:12]}")
    accepted_unproposed = conn.execute(
        "SELECT count(*) FROM edges e WHERE e.type = 'same_as' AND e.status = 'accepted' "
        "AND NOT EXISTS (SELECT 1 FROM merge_proposals p WHERE p.edge_id = e.id "
        "AND p.status = 'accepted')"
    ).fetchone()[0]
    if accepted_unproposed:
        problems.append(f"I8 {accepted_unproposed} same_as edges merged without acceptance")
    return problems


def _shown(value: object) -> str:
    """A stored id as hex; anything else (a tampered row's text) as it is, so a damaged id
    column is reported rather than failing the check."""
    return hexid(value) if isinstance(value, bytes | memoryview) else str(value)


def _check_fts(conn: sqlite3.Connection) -> list[str]:
    problems: list[str] = []
    indexed = {int(r[0]) for r in conn.execute("SELECT rowid FROM fts")}
    expected = {int(r[0]) for r in conn.execute("SELECT rid FROM nodes WHERE fts_indexed = 1")}
    if indexed != expected:
        problems.append(
            f"I5 FTS rows differ from searchable worlds: {len(indexed - expected)} "
            f"extra, {len(expected - indexed)} missing"
        )
        return problems
    # Spot-check the text: each searchable world must match its own FTS row by a content token.
    for rid, type_, name, content in conn.execute(
        "SELECT rid, type, name, content FROM nodes WHERE fts_indexed = 1 ORDER BY rid LIMIT 2000"
    ):
        fname, fcontent = fts_columns(type_, name, content)
        phrase = _first_phrase(fcontent) or _first_phrase(fname)
        if phrase is None:
            continue
        hit = conn.execute(
            "SELECT 1 FROM fts WHERE fts MATCH ? AND rowid = ?", (phrase, rid)
        ).fetchone()
        if hit is None:
            problems.append(f"I5 FTS row {rid} does not hold its world's text")
    return problems


def _first_phrase(text: str) -> str | None:
    """The first word-bearing chunk of ``text`` as an FTS5 phrase.

    The phrase is tokenized by FTS5 itself, exactly as the indexed text was ("don't" is two
    tokens); NUL would end the query string early, so it becomes a space like any separator.
    """
    for raw in text.replace("\x00", " ").split():
        if any(ch.isalnum() for ch in raw):
            return '"' + raw.replace('"', '""') + '"'
    return None
