"""The PostgreSQL classes against the seam's Protocols, and the dialect layer's rewrites.

Pure checks (no server): member names and parameter shapes of ``PgStore``/``PgWriter``/
``PgLanes`` (mypy proves full compatibility in ``worlddb/store/_conformance.py``), and what
``translate``/``to_tsquery_sql`` make of the SQLite statements and FTS5 expressions the code
base sends.
"""

from __future__ import annotations

import pytest

pytest.importorskip("psycopg")

from tests.test_storage_seam import mismatches
from worlddb.errors import ValidationError
from worlddb.store.lane_protocols import LaneQueries, NearestQueries
from worlddb.store.postgres.dialect import translate
from worlddb.store.postgres.lanes import PgLanes
from worlddb.store.postgres.store import PgStore
from worlddb.store.postgres.tsquery import to_tsquery_sql
from worlddb.store.postgres.writer import PgWriter
from worlddb.store.protocols import Store, StoreReads, WriteTransaction


@pytest.mark.parametrize(
    ("protocol", "concrete"),
    [
        (Store, PgStore),
        (StoreReads, PgStore),
        (WriteTransaction, PgWriter),
        (LaneQueries, PgLanes),
        (NearestQueries, PgLanes),
    ],
)
def test_the_postgres_backend_has_every_member_of_the_seam(protocol: type, concrete: type) -> None:
    assert mismatches(protocol, concrete) == []


def test_placeholders_joins_and_ignores_are_rewritten() -> None:
    plan = translate("INSERT OR IGNORE INTO t (a) VALUES (?) -- 5% off")
    assert plan.render([1]) == (
        "INSERT INTO t (a) VALUES (%s) -- 5%% off ON CONFLICT DO NOTHING",
        [1],
    )
    assert "CROSS" not in translate("SELECT 1 FROM a CROSS JOIN b ON a.x = b.x").pieces[0]


def test_an_fts_match_becomes_a_tsquery_with_bound_phrases() -> None:
    sql, params = translate("SELECT n.id FROM fts WHERE n.type = ? AND fts MATCH ? LIMIT ?").render(
        ["Note", '"tea" OR "green tea" *', 5]
    )
    assert "fts.doc @@ (phraseto_tsquery('worlddb', %s) || to_tsquery('worlddb', %s))" in sql
    assert params == ["Note", "tea", "'green' <-> 'tea':*", 5]


def test_fts5_precedence_and_the_name_column_are_kept() -> None:
    query = to_tsquery_sql('name : ("a" OR "b" "c" NOT "d")')
    assert query.column == "name_tsv"
    p = "phraseto_tsquery('worlddb', %s)"
    assert query.sql == f"({p} || ({p} && ({p} && !!{p})))"
    assert query.params == ("a", "b", "c", "d")


@pytest.mark.parametrize("bad", ['"open', "(", '"a" )', "*"])
def test_a_malformed_expression_is_a_validation_error(bad: str) -> None:
    with pytest.raises(ValidationError):
        to_tsquery_sql(bad)
