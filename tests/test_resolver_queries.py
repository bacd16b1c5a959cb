"""The resolver reaches the store only through ``worlddb.store.resolver_queries`` (issue 20)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from worlddb.engine import WorldDB
from worlddb.model import Changeset, EdgeSpec, WorldSpec
from worlddb.resolver.aliases import AcronymIndex
from worlddb.resolver.blocking import Blocker, within_scopes
from worlddb.resolver.recluster import neighbourhood
from worlddb.store.resolver_queries import NodeRow


class FakeQueries:
    """A ``BlockingQueries`` over a list of rows; FTS: every quoted term is a word of the name."""

    def __init__(self, rows: list[NodeRow], aliases: dict[str, list[str]]) -> None:
        self.rows = rows
        self.aliases = aliases
        self.expressions: list[str] = []

    def fts_names(
        self, expression: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        self.expressions.append(expression)
        terms = set(re.findall(r'"([^"]+)"', expression))
        hits = [r for r in self.rows if r[2] in types and terms <= set(r[3].lower().split())]
        return hits[:limit]

    def alias_range(
        self,
        lower: str,
        upper: str,
        types: Sequence[str],
        scopes: Sequence[str] | None,
        limit: int,
    ) -> list[NodeRow]:
        return [
            r
            for r in self.rows
            if any(lower <= a.lower() < upper for a in self.aliases.get(r[1], []))
        ][:limit]

    def phonetic_names(
        self, key: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        return []

    def phonetic_aliases(
        self, key: str, types: Sequence[str], scopes: Sequence[str] | None, limit: int
    ) -> list[NodeRow]:
        return []

    def by_rids(
        self, rids: Sequence[int], types: Sequence[str], scopes: Sequence[str] | None
    ) -> list[NodeRow]:
        return [r for r in self.rows if r[0] in rids and r[2] in types]

    def aliases_of(self, ids: Sequence[str]) -> list[tuple[str, str]]:
        return [(i, a) for i in ids for a in self.aliases.get(i, [])]

    def admitted(self, ids: Sequence[str], scopes: Sequence[str] | None) -> set[str]:
        return {i for i in ids if i.startswith("in-")}

    def names_after(self, rid: int) -> list[tuple[int, str, str]]:
        return [(r[0], r[2], r[3]) for r in self.rows if r[0] > rid]


def test_blocking_runs_on_any_implementation_of_the_protocol() -> None:
    fake = FakeQueries(
        [(1, "in-a", "Person", "Ada Lovelace"), (2, "out-b", "Person", "Ada Byron")],
        {"in-a": ["Countess Lovelace"]},
    )
    blocker = Blocker(fake)
    found = blocker.with_aliases(
        blocker.by_text(["Ada Lovelace King"], ["Person"], stage="any", limit=5)
    )
    assert [c.surfaces for c in found.values()] == [["Ada Lovelace", "Countess Lovelace"]]
    assert len(fake.expressions) == 3  # one query per word left out
    assert within_scopes(fake, ["out-b", "in-a"], ("s",)) == ["in-a"]
    assert within_scopes(fake, ["out-b"], None) == ["out-b"]  # no scopes: nothing to ask


def test_acronym_index_tops_up_from_the_protocol() -> None:
    fake = FakeQueries([(7, "in-x", "Organization", "World Health Organization")], {})
    index = AcronymIndex(fake)
    assert index.lookup("who") == [7]
    fake.rows.append((9, "in-y", "Organization", "Western Hockey Olympiad"))
    assert index.lookup("who") == [7, 9]
    assert index.high == 9


def test_store_queries_follow_live_edges_and_names(db: WorldDB) -> None:
    db.recluster_budget_s = 0.0
    ada_spec = WorldSpec(type="Person", name="Ada Lovelace", aliases=("Countess",))
    charles_spec = WorldSpec(type="Person", name="Charles Babbage")
    res = db.write(Changeset(worlds=(ada_spec, charles_spec)))
    ada, charles = res.ids.values()
    db.write(Changeset(edges=(EdgeSpec("refers_to", ada, charles),)))
    queries = db.store.resolver_queries
    assert neighbourhood(queries, [ada]) == [ada, charles]
    names = {row[2]: row[3] for row in queries.entity_names([ada, charles], ["Person"])}
    assert names == {"Ada Lovelace": ("Countess",), "Charles Babbage": ()}
    found = queries.alias_range("coun", "coup", ["Person"], None, 5)
    assert [row[3] for row in found] == ["Ada Lovelace"]
    assert queries.admitted([ada, charles], ()) == {ada, charles}  # both unscoped


def test_find_by_names_reads_many_names_at_once(db: WorldDB) -> None:
    db.recluster_budget_s = 0.0
    specs = (
        WorldSpec(type="Place", name="Deutschland", aliases=("Alemania",)),
        WorldSpec(type="Place", name="Svizzera"),
        WorldSpec(type="Person", name="Alemania"),
    )
    res = db.write(Changeset(worlds=specs))
    germany, switzerland, person = res.ids.values()
    many = ["germany", "deutschland", "alemania", "svizzera", "nowhere", "deutschland"]
    found = db.store.find_by_names(many, types=["Place"])
    assert found == {"deutschland": [germany], "alemania": [germany], "svizzera": [switzerland]}
    for norm, ids in found.items():
        assert ids == db.store.find_by_name(norm, types=["Place"])  # the same as one by one
    assert db.store.find_by_names(["alemania"]) == {"alemania": sorted([germany, person])}
    assert db.store.find_by_names([]) == {}
    names = [f"place {i}" for i in range(1200)] + ["svizzera"]  # more than one chunk
    assert db.store.find_by_names(names, types=["Place"]) == {"svizzera": [switzerland]}
