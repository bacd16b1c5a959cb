"""Edge handler semantics: the eleven built-in types, custom handlers and plug-in loading."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.strategies import file_bytes, logical_dump
from worlddb.engine import WorldDB
from worlddb.errors import (
    HandlerError,
    HandlerRefusedError,
    PluginError,
    ReconcileError,
    ValidationError,
)
from worlddb.handlers import (
    HandlerRegistry,
    PlainHandler,
    WriteContext,
    default_handlers,
    load_entry_point_handlers,
)
from worlddb.hashing import world_id
from worlddb.model import DEFAULT_EDGE_TYPES, Changeset, Edge, EdgeSpec, NodeId, WorldSpec


def _fact(
    db: WorldDB, text: str, valid_from: int | None = None, valid_to: int | None = None
) -> NodeId:
    return db.put("Fact", content=text, valid_from=valid_from, valid_to=valid_to)


def _edge(db: WorldDB, eid: str) -> Edge:
    return db.store.get_edge(eid)


# -- the registry --------------------------------------------------------------------------------
def test_default_handlers_is_a_fresh_registry_of_the_eleven_types() -> None:
    one, two = default_handlers(), default_handlers()
    assert one is not two
    assert set(one.types) == set(DEFAULT_EDGE_TYPES) and len(DEFAULT_EDGE_TYPES) == 11
    one.register("mentions", PlainHandler())
    assert "mentions" in one and "mentions" not in two


@pytest.mark.parametrize("bad", ["Contains", "1x", "", "has space", "x" * 65, "é"])
def test_registering_a_malformed_edge_type_is_refused(bad: str) -> None:
    with pytest.raises(ValidationError) as info:
        HandlerRegistry().register(bad, PlainHandler())
    assert info.value.field == "edge_type"


def test_duplicate_and_non_handler_registrations_are_refused() -> None:
    registry = default_handlers()
    with pytest.raises(ValidationError):
        registry.register("contains", PlainHandler())
    with pytest.raises(ValidationError) as info:
        registry.register("mentions", object())  # type: ignore[arg-type]
    assert info.value.field == "handler"


def test_an_unknown_type_resolves_to_a_validation_error() -> None:
    with pytest.raises(ValidationError) as info:
        default_handlers().resolve("mentions")
    assert info.value.value == "mentions"


def test_the_registry_freezes_when_an_engine_opens() -> None:
    registry = default_handlers()
    with WorldDB.open(embedder=None, extractor=None, handlers=registry) as db:
        with pytest.raises(ValidationError):
            registry.register("mentions", PlainHandler())
        assert db.handlers is registry


# -- contains ------------------------------------------------------------------------------------
def test_children_get_structural_contains_edges_and_a_parent(db: WorldDB) -> None:
    t1, t2 = db.put("Turn", "user", "hi"), db.put("Turn", "assistant", "hello")
    session = db.put("Session", children=[t1, t2])
    assert sorted(e.target for e in db.edges(session, types=["contains"])) == sorted([t1, t2])
    assert {db.get(t).parent for t in (t1, t2)} == {session}


def test_contains_from_a_scope_indexes_the_member_and_its_descendants(db: WorldDB) -> None:
    turn = db.put("Turn", "user", "hi")
    session = db.put("Session", children=[turn])
    (scope,) = db.ensure_scopes({"user_id": "alice"})
    eid = db.link(scope, session, "contains")
    members = {db.store.ids_of([r])[r] for r in _members(db, scope)}
    assert members == {session, turn}
    db.retire_edge(eid)
    assert _members(db, scope) == []


def _members(db: WorldDB, scope: str) -> list[int]:
    return [
        r[0]
        for r in db.store._connection.execute(
            "SELECT rid FROM scope_members WHERE scope = ?", (bytes.fromhex(scope),)
        )
    ]


def test_contains_between_ordinary_worlds_indexes_no_membership(db: WorldDB) -> None:
    a, b = db.put("Topic", "travel"), db.put("Note", content="trip to Rome")
    db.link(a, b, "contains")
    assert db.store._connection.execute("SELECT count(*) FROM scope_members").fetchone()[0] == 0


@pytest.mark.parametrize(
    "edge_type", ["contains", "supersedes", "derived_from", "subtype_of", "precedes"]
)
def test_acyclic_types_refuse_a_cycle(db: WorldDB, edge_type: str) -> None:
    a, b, c = (_fact(db, f"step {i}") for i in range(3))
    db.link(a, b, edge_type)
    db.link(b, c, edge_type)
    before = logical_dump(db)
    with pytest.raises(HandlerRefusedError) as info:
        db.link(c, a, edge_type)
    assert info.value.edge_type == edge_type
    assert logical_dump(db) == before


@pytest.mark.parametrize("edge_type", sorted(DEFAULT_EDGE_TYPES))
def test_no_type_lets_a_world_point_at_itself(db: WorldDB, edge_type: str) -> None:
    a = _fact(db, "lonely")
    before = logical_dump(db)
    with pytest.raises(HandlerRefusedError):
        db.link(a, a, edge_type)
    assert logical_dump(db) == before


# -- supersedes ----------------------------------------------------------------------------------
def test_supersedes_closes_the_target_where_the_source_begins(db: WorldDB) -> None:
    old = _fact(db, "Alice lives in Paris", valid_from=100)
    new = _fact(db, "Alice lives in Berlin", valid_from=500)
    result = db.write(Changeset(edges=(EdgeSpec("supersedes", new, old),)))
    assert result.closed == (old,)
    assert (db.get(old).valid_from, db.get(old).valid_to) == (100, 500)
    assert db.get(new).valid_to is None


def test_supersedes_without_a_start_closes_at_the_ingest_time(db: WorldDB) -> None:
    old, new = _fact(db, "v1", valid_from=100), _fact(db, "v2")
    result = db.write(Changeset(edges=(EdgeSpec("supersedes", new, old),)))
    assert db.get(old).valid_to == result.ingested_at


def test_supersedes_only_tightens(db: WorldDB) -> None:
    early = _fact(db, "closed early", valid_from=100, valid_to=200)
    late = _fact(db, "closed late", valid_from=100, valid_to=900)
    new_a, new_b = _fact(db, "successor a", valid_from=500), _fact(db, "successor b", 500)
    result = db.write(
        Changeset(edges=(EdgeSpec("supersedes", new_a, early), EdgeSpec("supersedes", new_b, late)))
    )
    assert db.get(early).valid_to == 200  # already closed before 500: unchanged
    assert db.get(late).valid_to == 500  # closed later: tightened
    assert result.closed == (late,)


def test_supersedes_refuses_time_travel(db: WorldDB) -> None:
    old = _fact(db, "Alice lives in Berlin", valid_from=500)
    new = _fact(db, "Alice lives in Paris", valid_from=100)
    before = logical_dump(db)
    with pytest.raises(HandlerRefusedError) as info:
        db.link(new, old, "supersedes")
    assert info.value.edge_type == "supersedes"
    assert logical_dump(db) == before
    assert db.get(old).valid_to is None


# -- same_as, contradicts ------------------------------------------------------------------------
def test_same_as_stages_a_pending_proposal_and_never_merges(db: WorldDB) -> None:
    a, b = db.put("Person", "Sarah Connor"), db.put("Person", "S. Connor")
    result = db.write(
        Changeset(
            edges=(
                EdgeSpec(
                    "same_as",
                    a,
                    b,
                    {"tier": "fuzzy", "score_milli": 870, "evidence": "token overlap"},
                ),
            )
        )
    )
    (proposal,) = db.proposals()
    assert result.proposals == (proposal.edge_id,)
    assert (proposal.source, proposal.target, proposal.status) == (a, b, "pending")
    assert (proposal.tier, proposal.score, proposal.evidence) == ("fuzzy", 0.87, "token overlap")
    assert _edge(db, proposal.edge_id).status == "pending"
    assert db.equivalence_class(a) == [a] and db.equivalence_class(b) == [b]
    assert db.get(a).name == "Sarah Connor" and db.get(b).name == "S. Connor"
    db.accept_merge(proposal.edge_id)
    assert db.equivalence_class(a) == db.equivalence_class(b) == sorted([a, b])
    assert db.proposals() == [] and db.proposals("accepted")[0].edge_id == proposal.edge_id


def test_a_rejected_pair_is_never_proposed_again(db: WorldDB) -> None:
    a, b = db.put("Person", "Sarah"), db.put("Person", "Sara")
    eid = db.link(a, b, "same_as")
    db.reject_merge(eid)
    assert db.proposals() == [] and db.proposals("rejected")[0].edge_id == eid
    before = logical_dump(db)
    with pytest.raises(HandlerRefusedError):
        db.link(b, a, "same_as")
    assert logical_dump(db) == before
    with pytest.raises(ValidationError):
        db.accept_merge(eid)


def test_same_as_rewrites_reads_only_once_accepted(db: WorldDB) -> None:
    a, b = db.put("Person", "Ann"), db.put("Person", "Anne")
    eid = db.link(a, b, "same_as")
    handler = db.handlers.resolve("same_as")
    assert handler.on_query_rewrite(_edge(db, eid), a) == ()
    db.accept_merge(eid)
    assert handler.on_query_rewrite(_edge(db, eid), a) == (b,)
    assert handler.on_query_rewrite(_edge(db, eid), b) == (a,)


def test_contradicts_keeps_both_and_reports_the_conflict(db: WorldDB) -> None:
    a = _fact(db, "The meeting is on Monday", valid_from=100)
    b = _fact(db, "The meeting is on Tuesday", valid_from=100)
    result = db.write(Changeset(edges=(EdgeSpec("contradicts", b, a),)))
    assert result.conflicts == ((b, a),)
    assert db.is_visible(a, valid_at=150) and db.is_visible(b, valid_at=150)
    assert result.closed == ()
    edge = _edge(db, result.edges[0])
    handler = db.handlers.resolve("contradicts")
    assert handler.on_query_rewrite(edge, a) == (b,) and handler.on_query_rewrite(edge, b) == (a,)


@pytest.mark.parametrize(
    "edge_type", ["refers_to", "implies", "instance_of", "derived_from", "subtype_of"]
)
def test_relation_types_record_the_edge_without_side_effects(db: WorldDB, edge_type: str) -> None:
    a, b = _fact(db, "a", valid_from=100), _fact(db, "b", valid_from=50)
    result = db.write(Changeset(edges=(EdgeSpec(edge_type, a, b, {"note": "x"}),)))
    (edge,) = db.edges(a, types=[edge_type])
    assert (edge.target, edge.properties, edge.status) == (b, {"note": "x"}, "active")
    assert (result.closed, result.conflicts, result.proposals) == ((), (), ())
    assert db.get(b).valid_to is None


# -- causes, precedes ----------------------------------------------------------------------------
@pytest.mark.parametrize("edge_type", ["causes", "precedes"])
def test_ordered_types_refuse_a_source_that_begins_after_its_target(
    db: WorldDB, edge_type: str
) -> None:
    early, late = _fact(db, "rain", valid_from=100), _fact(db, "wet street", valid_from=200)
    db.link(early, late, edge_type)
    same_time = _fact(db, "thunder", valid_from=100)
    db.link(same_time, early, edge_type)
    before = logical_dump(db)
    with pytest.raises(HandlerRefusedError) as info:
        db.link(late, same_time, edge_type)
    assert info.value.edge_type == edge_type
    assert logical_dump(db) == before


def test_ordered_types_accept_worlds_without_a_known_start(db: WorldDB) -> None:
    undated, dated = _fact(db, "undated"), _fact(db, "dated", valid_from=100)
    db.link(dated, undated, "precedes")
    db.link(undated, dated, "causes")
    assert len(db.edges(dated)) == 1 and len(db.edges(undated)) == 1


def test_causes_allows_a_cycle_precedes_does_not(db: WorldDB) -> None:
    a, b = _fact(db, "feedback a"), _fact(db, "feedback b")
    db.link(a, b, "causes")
    db.link(b, a, "causes")
    db.link(a, b, "precedes")
    with pytest.raises(HandlerRefusedError):
        db.link(b, a, "precedes")


# -- custom handlers and atomicity ---------------------------------------------------------------
class RefusingHandler(PlainHandler):
    """Writes a derived world, then vetoes the changeset."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        ctx.add_world(WorldSpec("Note", content=f"derived from {edge.id}"))
        ctx.refuse("this edge is never allowed")


class CrashingHandler(PlainHandler):
    """Closes a validity, then fails the way buggy plug-in code does."""

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        ctx.close_validity(edge.target, ctx.now)
        raise KeyError("missing-config")


class EchoHandler(PlainHandler):
    """Writes a derived ``implies`` edge back and records what it saw."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def on_insert(self, edge: Edge, ctx: WriteContext, /) -> None:
        self.seen.append(ctx.world(edge.target).content)
        ctx.add_edge(EdgeSpec("implies", edge.target, edge.source))

    def on_query_rewrite(self, edge: Edge, hit: NodeId, /) -> Sequence[NodeId]:
        return (edge.target,)


def _custom_db(path: Path, **handlers: PlainHandler) -> WorldDB:
    registry = default_handlers()
    for name, handler in handlers.items():
        registry.register(name, handler)
    return WorldDB.open(path, embedder=None, extractor=None, handlers=registry)


def _doomed_changeset(anchor: str, edge_type: str) -> Changeset:
    """New worlds and an ordinary edge first, so the rollback has real work to undo."""
    fresh = WorldSpec("Note", content="written before the custom edge", valid_from=1)
    return Changeset(
        worlds=(fresh,),
        edges=(
            EdgeSpec("refers_to", world_id(fresh), anchor),
            EdgeSpec(edge_type, world_id(fresh), anchor),
        ),
    )


@pytest.mark.parametrize(
    ("edge_type", "handler", "error"),
    [
        ("vetoed", RefusingHandler(), HandlerRefusedError),
        ("fragile", CrashingHandler(), HandlerError),
    ],
)
def test_a_failing_custom_handler_leaves_the_file_byte_identical(
    db_path: Path, edge_type: str, handler: PlainHandler, error: type[ReconcileError]
) -> None:
    with _custom_db(db_path, **{edge_type: handler}) as db:
        anchor = db.put("Note", content="anchor", valid_from=0)
        dump, raw = logical_dump(db), file_bytes(db)
        with pytest.raises(error) as info:
            db.write(_doomed_changeset(anchor, edge_type))
        assert info.value.edge_type == edge_type  # type: ignore[attr-defined]
        assert logical_dump(db) == dump
        assert file_bytes(db) == raw
        assert db.verify() == []
        assert db.get(anchor).valid_to is None


def test_a_crashing_handler_keeps_the_original_exception_as_cause(db_path: Path) -> None:
    with _custom_db(db_path, fragile=CrashingHandler()) as db:
        anchor = db.put("Note", content="anchor")
        with pytest.raises(HandlerError) as info:
            db.write(_doomed_changeset(anchor, "fragile"))
        assert isinstance(info.value.__cause__, KeyError)


def test_a_custom_handler_sees_the_transaction_and_writes_derived_edges(db_path: Path) -> None:
    echo = EchoHandler()
    with _custom_db(db_path, mentions=echo) as db:
        a, b = db.put("Note", content="a"), db.put("Note", content="b")
        result = db.write(Changeset(edges=(EdgeSpec("mentions", a, b),)))
        assert echo.seen == ["b"]
        assert len(result.edges) == 2
        assert [e.target for e in db.edges(b, types=["implies"])] == [a]
        db.write(Changeset(edges=(EdgeSpec("mentions", a, b),)))
        assert echo.seen == ["b"]  # an existing edge does not run its handler again
        edge = db.edges(a, types=["mentions"])[0]
        assert db.handlers.resolve("mentions").on_query_rewrite(edge, a) == (b,)


# -- entry points --------------------------------------------------------------------------------
PLUGIN_MODULE = "worlddb_test_fake_plugin"


def test_an_installed_distribution_contributes_handlers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / f"{PLUGIN_MODULE}.py").write_text(
        textwrap.dedent("""
        from worlddb.handlers import PlainHandler

        def register(registry):
            registry.register("mentions", PlainHandler())
    """)
    )
    dist = tmp_path / "worlddb_fake_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: worlddb-fake-plugin\nVersion: 1.0\n"
    )
    (dist / "entry_points.txt").write_text(
        f"[worlddb.edge_handlers]\nmentions = {PLUGIN_MODULE}:register\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, PLUGIN_MODULE, raising=False)
    registry = default_handlers()
    try:
        assert load_entry_point_handlers(registry) == ["mentions"]
    finally:
        sys.modules.pop(PLUGIN_MODULE, None)
    with WorldDB.open(embedder=None, extractor=None, handlers=registry) as db:
        a, b = db.put("Note", content="a"), db.put("Note", content="b")
        db.link(a, b, "mentions")
        assert [e.type for e in db.edges(a)] == ["mentions"]
    with WorldDB.open(embedder=None, extractor=None, load_plugins=True) as db:
        assert "mentions" in db.handlers
    sys.modules.pop(PLUGIN_MODULE, None)


class FakeEntryPoint:
    """Just what ``load_entry_point_handlers`` uses of an entry point."""

    def __init__(self, name: str, register: Callable[[HandlerRegistry], None]) -> None:
        self.name = name
        self._register = register

    def load(self) -> Callable[[HandlerRegistry], None]:
        return self._register


def _broken_register(registry: HandlerRegistry) -> None:
    raise RuntimeError("plug-in bug")


def _duplicate_register(registry: HandlerRegistry) -> None:
    registry.register("contains", PlainHandler())


def test_a_failing_plugin_is_a_plugin_error_with_its_cause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "worlddb.handlers.entry_points", lambda group: [FakeEntryPoint("broken", _broken_register)]
    )
    with pytest.raises(PluginError) as info:
        load_entry_point_handlers(default_handlers())
    assert isinstance(info.value.__cause__, RuntimeError)


def test_a_plugin_registering_a_taken_type_is_a_validation_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        "worlddb.handlers.entry_points", lambda group: [FakeEntryPoint("dup", _duplicate_register)]
    )
    with pytest.raises(ValidationError):
        load_entry_point_handlers(default_handlers())
