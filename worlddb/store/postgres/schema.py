"""The PostgreSQL schema and its ordered migrations (the same concepts as the SQLite one).

Immutable blobs keyed by their hash are the truth; ``nodes``, ``edges``, ``aliases``,
``provenance``, ``merge_proposals``, ``scope_members``, the embeddings and the full-text rows
are projections plus the state that lives outside the hash (validity and its log, aliases,
proposals). Differences from SQLite, each for a PostgreSQL reason:

* text columns compared by range or ordered (names, aliases) use ``COLLATE "C"``: byte
  order, as SQLite compares, whatever the database's locale (ids are ``bytea`` from V3, which
  compares by bytes anyway);
* ``fts`` keeps ``tsvector`` columns only: a trigger turns the ``(name, content)`` an insert
  carries into a weighted ``doc`` (name ``A``, content ``D``) and a ``name_tsv`` and drops the
  text, so like SQLite's contentless FTS5 table it holds no copy of the text; the
  configuration ``worlddb`` stems English (Snowball) and, like FTS5's ``porter``, keeps
  stopwords;
* ``embeddings.vec`` is a pgvector column beside the exact float32 ``vector`` blob the seam
  returns; its HNSW index is created per dimension on the first vector of that dimension
  (``PgWriter.put_embedding``), since the embedder, not the schema, knows it.

The version lives in ``worlddb_schema``; ``migrate`` takes a transaction-scoped advisory lock
so two processes opening a fresh database at once run each migration once. Requires
PostgreSQL 16+ (a subquery in ``FROM`` without an alias) and the ``vector`` extension.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import psycopg

from worlddb.errors import SchemaVersionError
from worlddb.phonetic import phonetic_key

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "migrate"]

MIGRATE_LOCK: Final = 0x776F_726C_6464_0001  # "worldd" + 1: the migration's advisory lock key

_V1: Final = """
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TEXT SEARCH DICTIONARY worlddb_stem (TEMPLATE = snowball, Language = english);
CREATE TEXT SEARCH CONFIGURATION worlddb (COPY = english);
ALTER TEXT SEARCH CONFIGURATION worlddb ALTER MAPPING
    FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH worlddb_stem;

CREATE TABLE meta (key TEXT COLLATE "C" PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE blobs (id TEXT COLLATE "C" PRIMARY KEY, body BYTEA NOT NULL);

CREATE TABLE nodes (
    rid         BIGINT PRIMARY KEY,
    id          TEXT COLLATE "C" NOT NULL UNIQUE,
    type        TEXT COLLATE "C" NOT NULL,
    name        TEXT COLLATE "C" NOT NULL,
    norm_name   TEXT COLLATE "C" NOT NULL,
    content     TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    parent      TEXT COLLATE "C",
    valid_from  BIGINT,
    valid_to    BIGINT,
    ingested_at BIGINT NOT NULL,
    flags       TEXT NOT NULL DEFAULT '',
    fts_indexed INTEGER NOT NULL DEFAULT 0,
    phonetic    TEXT COLLATE "C" NOT NULL DEFAULT ''
);
CREATE INDEX nodes_norm_name ON nodes (norm_name, type);
CREATE INDEX nodes_type ON nodes (type, ingested_at);
CREATE INDEX nodes_parent ON nodes (parent);
CREATE INDEX nodes_phonetic ON nodes (phonetic, type) WHERE phonetic != '';

CREATE TABLE validity_log (
    seq         BIGSERIAL PRIMARY KEY,
    rid         BIGINT NOT NULL,
    valid_from  BIGINT,
    valid_to    BIGINT,
    recorded_at BIGINT NOT NULL
);
CREATE INDEX validity_log_rid_time ON validity_log (rid, recorded_at, seq);

CREATE TABLE edges (
    rid         BIGSERIAL PRIMARY KEY,
    id          TEXT COLLATE "C" NOT NULL UNIQUE,
    type        TEXT COLLATE "C" NOT NULL,
    src         TEXT COLLATE "C" NOT NULL,
    dst         TEXT COLLATE "C" NOT NULL,
    props       TEXT NOT NULL DEFAULT '{}',
    valid_from  BIGINT,
    valid_to    BIGINT,
    ingested_at BIGINT NOT NULL,
    status      TEXT COLLATE "C" NOT NULL DEFAULT 'active'
);
CREATE INDEX edges_src ON edges (src, type);
CREATE INDEX edges_dst ON edges (dst, type);

CREATE TABLE aliases (
    node        TEXT COLLATE "C" NOT NULL,
    norm_alias  TEXT COLLATE "C" NOT NULL,
    alias       TEXT COLLATE "C" NOT NULL,
    recorded_at BIGINT NOT NULL,
    phonetic    TEXT COLLATE "C" NOT NULL DEFAULT '',
    PRIMARY KEY (node, norm_alias)
);
CREATE INDEX aliases_norm ON aliases (norm_alias);
CREATE INDEX aliases_phonetic ON aliases (phonetic) WHERE phonetic != '';

CREATE TABLE provenance (
    node        TEXT COLLATE "C" NOT NULL,
    source      TEXT COLLATE "C" NOT NULL,
    recorded_at BIGINT NOT NULL,
    PRIMARY KEY (node, source)
);

CREATE TABLE merge_proposals (
    edge_id    TEXT COLLATE "C" PRIMARY KEY,
    src        TEXT COLLATE "C" NOT NULL,
    dst        TEXT COLLATE "C" NOT NULL,
    tier       TEXT NOT NULL,
    score      DOUBLE PRECISION NOT NULL,
    evidence   TEXT NOT NULL,
    status     TEXT COLLATE "C" NOT NULL,
    created_at BIGINT NOT NULL,
    decided_at BIGINT
);
CREATE INDEX merge_proposals_pair ON merge_proposals (src, dst);
CREATE INDEX merge_proposals_status ON merge_proposals (status);

CREATE TABLE scope_members (
    scope TEXT COLLATE "C" NOT NULL,
    rid   BIGINT NOT NULL,
    PRIMARY KEY (scope, rid)
);
CREATE INDEX scope_members_rid ON scope_members (rid);

CREATE TABLE embeddings (
    rid       BIGINT PRIMARY KEY,
    text_hash TEXT COLLATE "C" NOT NULL,
    vector    BYTEA NOT NULL,
    vec       vector NOT NULL
);
CREATE INDEX embeddings_text_hash ON embeddings (text_hash);

CREATE TABLE composed_embeddings (
    rid    BIGINT NOT NULL,
    kind   TEXT COLLATE "C" NOT NULL,
    vector BYTEA NOT NULL,
    PRIMARY KEY (rid, kind)
);

CREATE TABLE fts (
    rowid    BIGINT PRIMARY KEY,
    name     TEXT,
    content  TEXT,
    doc      tsvector NOT NULL DEFAULT ''::tsvector,
    name_tsv tsvector NOT NULL DEFAULT ''::tsvector
);
CREATE INDEX fts_doc ON fts USING gin (doc);
CREATE INDEX fts_name ON fts USING gin (name_tsv);

CREATE FUNCTION worlddb_fts_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.doc := setweight(to_tsvector('worlddb', coalesce(NEW.name, '')), 'A')
            || setweight(to_tsvector('worlddb', coalesce(NEW.content, '')), 'D');
    NEW.name_tsv := to_tsvector('worlddb', coalesce(NEW.name, ''));
    NEW.name := NULL;
    NEW.content := NULL;
    RETURN NEW;
END $$;
CREATE TRIGGER fts_row BEFORE INSERT OR UPDATE ON fts
    FOR EACH ROW EXECUTE FUNCTION worlddb_fts_row();
"""

# V2: retention (worlddb.store.retention), as in the SQLite schema's V4: per world, the decayed
# reinforcement from the recalls that returned it. Outside the hash, like embeddings.
_V2: Final = """
CREATE TABLE retention (
    rid      BIGINT PRIMARY KEY,
    strength DOUBLE PRECISION NOT NULL,
    as_of    BIGINT NOT NULL,
    recalls  INTEGER NOT NULL
);
"""

# V3: every world and edge id is its 32 raw bytes (BYTEA), as in the SQLite schema's V5
# (``worlddb.store.ids`` converts at the statements). ``decode(.., 'hex')`` converts in place;
# PostgreSQL rebuilds each index and key over the column it retypes.
_V3: Final = """
ALTER TABLE blobs ALTER COLUMN id TYPE bytea USING decode(id, 'hex');
ALTER TABLE nodes ALTER COLUMN id TYPE bytea USING decode(id, 'hex'),
    ALTER COLUMN parent TYPE bytea USING decode(parent, 'hex');
ALTER TABLE edges ALTER COLUMN id TYPE bytea USING decode(id, 'hex'),
    ALTER COLUMN src TYPE bytea USING decode(src, 'hex'),
    ALTER COLUMN dst TYPE bytea USING decode(dst, 'hex');
ALTER TABLE aliases ALTER COLUMN node TYPE bytea USING decode(node, 'hex');
ALTER TABLE provenance ALTER COLUMN node TYPE bytea USING decode(node, 'hex');
ALTER TABLE merge_proposals ALTER COLUMN edge_id TYPE bytea USING decode(edge_id, 'hex'),
    ALTER COLUMN src TYPE bytea USING decode(src, 'hex'),
    ALTER COLUMN dst TYPE bytea USING decode(dst, 'hex');
ALTER TABLE scope_members ALTER COLUMN scope TYPE bytea USING decode(scope, 'hex');
"""


def _v4(conn: psycopg.Connection[Any]) -> None:
    """V4: phonetic keys spell a Latin letter that carries no mark to drop ("ø", "æ", "ð", "þ")
    in ASCII, as the SQLite schema's V6 does (``worlddb.phonetic.words``): the names and aliases
    holding a character outside ASCII are re-keyed where their key changes."""
    names = conn.execute(
        "SELECT id, name, phonetic FROM nodes WHERE name ~ '[^\\x01-\\x7f]'"
    ).fetchall()
    with conn.cursor() as cur:
        cur.executemany(
            "UPDATE nodes SET phonetic = %s WHERE id = %s",
            [(key, wid) for wid, name, old in names if (key := phonetic_key(name)) != old],
        )
        aliases = conn.execute(
            "SELECT node, norm_alias, alias, phonetic FROM aliases WHERE alias ~ '[^\\x01-\\x7f]'"
        ).fetchall()
        cur.executemany(
            "UPDATE aliases SET phonetic = %s WHERE node = %s AND norm_alias = %s",
            [
                (key, node, norm)
                for node, norm, alias, old in aliases
                if (key := phonetic_key(alias)) != old
            ],
        )


Migration = str | Callable[[psycopg.Connection[Any]], None]
"""A script of statements, or a step that needs Python (V4's new phonetic keys)."""

MIGRATIONS: Final[tuple[Migration, ...]] = (_V1, _V2, _V3, _v4)
SCHEMA_VERSION: Final = len(MIGRATIONS)


def _version(conn: psycopg.Connection[Any]) -> int:
    row = conn.execute("SELECT to_regclass('worlddb_schema') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return 0
    found = conn.execute("SELECT version FROM worlddb_schema").fetchone()
    return 0 if found is None else int(found[0])


def migrate(conn: psycopg.Connection[Any]) -> int:
    """Bring the database behind ``conn`` (autocommit) up to ``SCHEMA_VERSION``.

    Processes that start together serialise on an advisory lock and re-read the version under
    it. A process can still miss a migration another one has just committed (the version probe
    may answer from a catalog cache the advisory lock does not refresh), and then meets that
    migration's objects as duplicates: its transaction rolls back and the loop reads the version
    again, a bounded number of times.
    """
    collisions = 0
    while True:
        found = _version(conn)
        if found > SCHEMA_VERSION:
            raise SchemaVersionError(found, SCHEMA_VERSION)
        if found == SCHEMA_VERSION:
            return SCHEMA_VERSION
        try:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATE_LOCK,))
                current = _version(conn)
                if current == found:
                    step = MIGRATIONS[found]
                    if isinstance(step, str):
                        conn.execute(step.encode())  # bytes: no parameter parsing
                    else:
                        step(conn)
                    conn.execute("CREATE TABLE IF NOT EXISTS worlddb_schema (version INTEGER)")
                    conn.execute("DELETE FROM worlddb_schema")
                    conn.execute("INSERT INTO worlddb_schema VALUES (%s)", (found + 1,))
        except (
            psycopg.errors.UniqueViolation,
            psycopg.errors.DuplicateObject,
            psycopg.errors.DuplicateTable,
        ) as exc:
            collisions += 1
            if collisions > 5:
                raise RuntimeError(f"schema migration keeps colliding: {exc}") from exc
