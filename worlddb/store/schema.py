"""The store's schema and its ordered migrations.

Immutable blobs (world id → canonical bytes) are the truth of what a world *is*; every other table
is a projection of them plus the mutable state that lives outside the hash (validity, provenance,
aliases, proposals, embeddings). ``SCHEMA_VERSION`` is stored in ``PRAGMA user_version``; a store
written by a newer library is refused rather than guessed at.
"""

from __future__ import annotations

import sqlite3
from typing import Final

from worlddb.errors import SchemaVersionError

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "migrate"]

_V1: Final = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE blobs (id TEXT PRIMARY KEY, body BLOB NOT NULL) WITHOUT ROWID;

CREATE TABLE nodes (
    rid         INTEGER PRIMARY KEY,
    id          TEXT NOT NULL UNIQUE,
    type        TEXT NOT NULL,
    name        TEXT NOT NULL,
    norm_name   TEXT NOT NULL,
    content     TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    parent      TEXT,
    valid_from  INTEGER,
    valid_to    INTEGER,
    ingested_at INTEGER NOT NULL,
    flags       TEXT NOT NULL DEFAULT '',
    fts_indexed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX nodes_norm_name ON nodes (norm_name, type);
CREATE INDEX nodes_type ON nodes (type, ingested_at);
CREATE INDEX nodes_parent ON nodes (parent);

-- Every validity state a world has had, stamped with the ingest time it became known, so a
-- read pinned to an earlier ingest time sees the validity as it was then.
CREATE TABLE validity_log (
    seq         INTEGER PRIMARY KEY,
    rid         INTEGER NOT NULL,
    valid_from  INTEGER,
    valid_to    INTEGER,
    recorded_at INTEGER NOT NULL
);
CREATE INDEX validity_log_rid ON validity_log (rid, recorded_at);

CREATE TABLE edges (
    rid         INTEGER PRIMARY KEY,
    id          TEXT NOT NULL UNIQUE,
    type        TEXT NOT NULL,
    src         TEXT NOT NULL,
    dst         TEXT NOT NULL,
    props       TEXT NOT NULL DEFAULT '{}',
    valid_from  INTEGER,
    valid_to    INTEGER,
    ingested_at INTEGER NOT NULL,
    status      TEXT NOT NULL DEFAULT 'active'
);
CREATE INDEX edges_src ON edges (src, type);
CREATE INDEX edges_dst ON edges (dst, type);

CREATE TABLE aliases (
    node        TEXT NOT NULL,
    norm_alias  TEXT NOT NULL,
    alias       TEXT NOT NULL,
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (node, norm_alias)
) WITHOUT ROWID;
CREATE INDEX aliases_norm ON aliases (norm_alias);

CREATE TABLE provenance (
    node        TEXT NOT NULL,
    source      TEXT NOT NULL,
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (node, source)
) WITHOUT ROWID;

CREATE TABLE merge_proposals (
    edge_id    TEXT PRIMARY KEY,
    src        TEXT NOT NULL,
    dst        TEXT NOT NULL,
    tier       TEXT NOT NULL,
    score      REAL NOT NULL,
    evidence   TEXT NOT NULL,
    status     TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    decided_at INTEGER
) WITHOUT ROWID;
CREATE INDEX merge_proposals_pair ON merge_proposals (src, dst);
CREATE INDEX merge_proposals_status ON merge_proposals (status);

-- Denormalised scope membership: (scope world id, member rid), maintained by the contains handler.
CREATE TABLE scope_members (
    scope TEXT NOT NULL,
    rid   INTEGER NOT NULL,
    PRIMARY KEY (scope, rid)
) WITHOUT ROWID;
CREATE INDEX scope_members_rid ON scope_members (rid);

CREATE TABLE embeddings (
    rid       INTEGER PRIMARY KEY,
    text_hash TEXT NOT NULL,
    vector    BLOB NOT NULL
);
CREATE INDEX embeddings_text_hash ON embeddings (text_hash);

CREATE TABLE composed_embeddings (
    rid    INTEGER NOT NULL,
    kind   TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (rid, kind)
) WITHOUT ROWID;

-- Contentless: the indexed text comes from ``fts_columns`` (worlddb.model), which leaves out
-- names that are labels rather than words (a Turn's name is its role).
CREATE VIRTUAL TABLE fts USING fts5 (
    name, content,
    content = '',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
"""

# V2: phonetic keys (worlddb.phonetic) of names and aliases, indexed for the resolver's
# phonetic tier. Rows written before V2 keep '' until they are re-keyed; the resolver also keys
# the candidates it blocks through FTS, so those rows are still reachable.
_V2: Final = """
ALTER TABLE nodes ADD COLUMN phonetic TEXT NOT NULL DEFAULT '';
CREATE INDEX nodes_phonetic ON nodes (phonetic, type) WHERE phonetic != '';
ALTER TABLE aliases ADD COLUMN phonetic TEXT NOT NULL DEFAULT '';
CREATE INDEX aliases_phonetic ON aliases (phonetic) WHERE phonetic != '';
"""

# V3: as-of-ingest reads pick a world's last validity state by (recorded_at, seq) in one index.
_V3: Final = """
CREATE INDEX validity_log_rid_time ON validity_log (rid, recorded_at, seq);
DROP INDEX validity_log_rid;
"""

# V4: retention (worlddb.store.retention): per world, the decayed reinforcement from the recalls
# that returned it, as of a time, and how many there were. Outside the hash, like embeddings.
_V4: Final = """
CREATE TABLE retention (
    rid      INTEGER PRIMARY KEY,
    strength REAL NOT NULL,
    as_of    INTEGER NOT NULL,
    recalls  INTEGER NOT NULL
);
"""

MIGRATIONS: Final[tuple[str, ...]] = (_V1, _V2, _V3, _V4)
SCHEMA_VERSION: Final = len(MIGRATIONS)


def migrate(conn: sqlite3.Connection) -> int:
    """Bring ``conn`` up to ``SCHEMA_VERSION``; refuse a store newer than this library.

    The version is re-read inside ``BEGIN IMMEDIATE`` so two processes opening a fresh file at
    once cannot both run the same migration.
    """
    while True:
        (found,) = conn.execute("PRAGMA user_version").fetchone()
        if found > SCHEMA_VERSION:
            raise SchemaVersionError(found, SCHEMA_VERSION)
        if found == SCHEMA_VERSION:
            return SCHEMA_VERSION
        conn.execute("BEGIN IMMEDIATE")
        try:
            (current,) = conn.execute("PRAGMA user_version").fetchone()
            if current == found:
                for statement in _split(MIGRATIONS[found]):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {found + 1}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


def _split(script: str) -> list[str]:
    """Split a migration into statements, dropping ``--`` comments (no ';' inside a statement)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
