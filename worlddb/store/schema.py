"""The store's schema and its ordered migrations.

Immutable blobs (world id → canonical bytes) are the truth of what a world *is*; every other table
is a projection of them plus the mutable state that lives outside the hash (validity, provenance,
aliases, proposals, embeddings). ``SCHEMA_VERSION`` is stored in ``PRAGMA user_version``; a store
written by a newer library is refused rather than guessed at.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Final

from worlddb.errors import IntegrityError, SchemaVersionError
from worlddb.phonetic import phonetic_key

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

# V5: every world and edge id is its 32 raw bytes (a BLOB), not 64 hex characters (issue 14): half
# the key bytes in every row and id index, files a third smaller and the bulk floor ~10% cheaper
# at 1M worlds (BENCHMARKS.md); ``worlddb.store.ids`` converts at the statements. Each table
# holding ids is rebuilt (SQLite cannot change a column's type in place): the same columns in the
# same order with BLOB id columns, its rows copied through ``_UNHEX``, its indexes recreated from
# their own text. Row ids are copied, so ``fts`` (keyed by ``nodes.rid``) and every ``rid`` stay
# valid.
_V5_TABLES: Final = {
    "blobs": (
        "(id BLOB PRIMARY KEY, body BLOB NOT NULL) WITHOUT ROWID",
        ("id",),
    ),
    "nodes": (
        """(
    rid         INTEGER PRIMARY KEY,
    id          BLOB NOT NULL UNIQUE,
    type        TEXT NOT NULL,
    name        TEXT NOT NULL,
    norm_name   TEXT NOT NULL,
    content     TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    parent      BLOB,
    valid_from  INTEGER,
    valid_to    INTEGER,
    ingested_at INTEGER NOT NULL,
    flags       TEXT NOT NULL DEFAULT '',
    fts_indexed INTEGER NOT NULL DEFAULT 0,
    phonetic    TEXT NOT NULL DEFAULT ''
)""",
        ("id", "parent"),
    ),
    "edges": (
        """(
    rid         INTEGER PRIMARY KEY,
    id          BLOB NOT NULL UNIQUE,
    type        TEXT NOT NULL,
    src         BLOB NOT NULL,
    dst         BLOB NOT NULL,
    props       TEXT NOT NULL DEFAULT '{}',
    valid_from  INTEGER,
    valid_to    INTEGER,
    ingested_at INTEGER NOT NULL,
    status      TEXT NOT NULL DEFAULT 'active'
)""",
        ("id", "src", "dst"),
    ),
    "aliases": (
        """(
    node        BLOB NOT NULL,
    norm_alias  TEXT NOT NULL,
    alias       TEXT NOT NULL,
    recorded_at INTEGER NOT NULL,
    phonetic    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (node, norm_alias)
) WITHOUT ROWID""",
        ("node",),
    ),
    "provenance": (
        """(
    node        BLOB NOT NULL,
    source      TEXT NOT NULL,
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (node, source)
) WITHOUT ROWID""",
        ("node",),
    ),
    "merge_proposals": (
        """(
    edge_id    BLOB PRIMARY KEY,
    src        BLOB NOT NULL,
    dst        BLOB NOT NULL,
    tier       TEXT NOT NULL,
    score      REAL NOT NULL,
    evidence   TEXT NOT NULL,
    status     TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    decided_at INTEGER
) WITHOUT ROWID""",
        ("edge_id", "src", "dst"),
    ),
    "scope_members": (
        """(
    scope BLOB NOT NULL,
    rid   INTEGER NOT NULL,
    PRIMARY KEY (scope, rid)
) WITHOUT ROWID""",
        ("scope",),
    ),
}
"""Table → (its V5 definition after the name, its id columns)."""

_UNHEX: Final = "worlddb_v5_unhex"


def _unhex(value: str | bytes | None) -> bytes | None:
    """A stored hex id as its bytes (SQLite 3.40 has no ``unhex()``); NULL stays NULL."""
    return bytes.fromhex(value) if isinstance(value, str) else value


def _check_hex_ids(conn: sqlite3.Connection, table: str, column: str) -> None:
    """Refuse the upgrade, with the offending value, when ``table.column`` holds something
    that is not a 64-character lowercase hex id: converting it would fail deep inside SQLite
    with "user-defined function raised exception", which names neither the table nor the row.
    """
    bad = conn.execute(
        f"SELECT {column} FROM {table} WHERE {column} IS NOT NULL AND (typeof({column}) != "
        f"'text' OR length({column}) != 64 OR {column} GLOB '*[^0-9a-f]*') LIMIT 1"
    ).fetchone()
    if bad is not None:
        raise IntegrityError(
            f"cannot upgrade the store to schema 5: {table}.{column} holds {bad[0]!r}, not a "
            "64-character lowercase hex id; the file is unchanged"
        )


def _v5(conn: sqlite3.Connection) -> None:
    """Rebuild every id-holding table with BLOB id columns (see ``_V5_TABLES``)."""
    conn.create_function(_UNHEX, 1, _unhex, deterministic=True)
    try:
        for table, (definition, id_columns) in _V5_TABLES.items():
            columns = [str(r[1]) for r in conn.execute(f'PRAGMA table_info("{table}")')]
            indexes = [
                str(r[0])
                for r in conn.execute(
                    "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? "
                    "AND sql IS NOT NULL ORDER BY name",
                    (table,),
                )
            ]
            for column in id_columns:
                _check_hex_ids(conn, table, column)
            values = [f"{_UNHEX}({c})" if c in id_columns else c for c in columns]
            conn.execute(f"CREATE TABLE {table}_v5 {definition}")
            conn.execute(
                f"INSERT INTO {table}_v5 ({', '.join(columns)}) "
                f"SELECT {', '.join(values)} FROM {table}"
            )
            conn.execute(f"DROP TABLE {table}")
            conn.execute(f"ALTER TABLE {table}_v5 RENAME TO {table}")
            for sql in indexes:
                conn.execute(sql)
    finally:
        conn.create_function(_UNHEX, 1, None)


# V6: phonetic keys spell a Latin letter that carries no mark to drop ("ø", "æ", "ð", "þ", "ł")
# in ASCII (``worlddb.phonetic.words``), so "Røst" blocks "Roest" as "Zürich" blocks "Zurich";
# V2 to V5 kept such a word verbatim. Only a name holding a character outside ASCII can get
# another key, so only those rows are read, and only a key that changes is written.
_NOT_ASCII: Final = "*[^\x01-\x7f]*"


def _v6(conn: sqlite3.Connection) -> None:
    """Re-key the names and aliases whose phonetic key the ASCII spelling changes."""
    names = conn.execute(
        "SELECT rid, name, phonetic FROM nodes WHERE name GLOB ?", (_NOT_ASCII,)
    ).fetchall()
    conn.executemany(
        "UPDATE nodes SET phonetic = ? WHERE rid = ?",
        [(key, rid) for rid, name, old in names if (key := phonetic_key(name)) != old],
    )
    aliases = conn.execute(
        "SELECT node, norm_alias, alias, phonetic FROM aliases WHERE alias GLOB ?", (_NOT_ASCII,)
    ).fetchall()
    conn.executemany(
        "UPDATE aliases SET phonetic = ? WHERE node = ? AND norm_alias = ?",
        [(key, n, norm) for n, norm, alias, old in aliases if (key := phonetic_key(alias)) != old],
    )


Migration = str | Callable[[sqlite3.Connection], None]
"""A script of statements, or a step that needs Python (V5's conversion of every id)."""

MIGRATIONS: Final[tuple[Migration, ...]] = (_V1, _V2, _V3, _V4, _v5, _v6)
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
                step = MIGRATIONS[found]
                if isinstance(step, str):
                    for statement in _split(step):
                        conn.execute(statement)
                else:
                    step(conn)
                conn.execute(f"PRAGMA user_version = {found + 1}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


def _split(script: str) -> list[str]:
    """Split a migration into statements, dropping ``--`` comments (no ';' inside a statement)."""
    lines = [line for line in script.splitlines() if not line.strip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
