"""Each import format on its sample file: what lands, in which scopes, with which dates.

The dates checked are the source's own (a conversation's start, a message's time, Mem0's
``updated_at``, a note's frontmatter date or mtime), read back through ``get`` and through a
recall pinned to a past valid time.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from worlddb import WorldDB
from worlddb.imports import ImportFormatError, default_importers, mcp_memory_lines, run_import
from worlddb.model import World
from worlddb.testing import HashEmbedder
from worlddb.timeutil import parse_time

DATA = Path(__file__).parent / "data" / "imports"
ALICE = {"user_id": "alice"}


def us(text: str) -> int:
    value = parse_time(text)
    assert value is not None
    return value


@pytest.fixture
def db() -> Iterator[WorldDB]:
    opened = WorldDB.open(":memory:", embedder=HashEmbedder(), extractor="default")
    opened.recluster_budget_s = 0.0
    try:
        yield opened
    finally:
        opened.close()


def _import(db: WorldDB, fmt: str, source: Path, scopes: dict[str, str] | None = None) -> None:
    run_import(db, default_importers().get(fmt), source, scopes=ALICE if scopes is None else scopes)


def _memories(db: WorldDB, scopes: dict[str, str]) -> list[World]:
    return db.memories(scopes)[0]


def _turns(db: WorldDB, session: World) -> list[tuple[str, str, int | None]]:
    return [(t.name, t.content, t.valid_from) for t in db.children(session.id)]


def _meta(world: World) -> set[str]:
    return set(world.provenance)


def test_mcp_memory_entities_observations_and_relations(db: WorldDB) -> None:
    _import(db, "mcp-memory", DATA / "memory.jsonl")
    alice = db.recall("Alice_Chen", scopes=ALICE, types=["Person"]).hits
    assert [h.text for h in alice] == ["Alice_Chen"]
    person = db.get(alice[0].id)
    assert "entity_type:person" in person.provenance
    facts = {db.get(e.source).content for e in db.edges(person.id, direction="in")
             if e.type == "refers_to" and "relation" not in e.properties}  # fmt: skip
    assert facts == {
        "Works as a data engineer at Globex",
        "Prefers morning meetings",
        "Speaks fluent Mandarin",
    }
    hit = db.recall("Mandarin", scopes=ALICE, types=["Fact"]).hits[0]
    assert hit.text == "Speaks fluent Mandarin" and hit.entities == ("Alice_Chen",)
    assert hit.valid_from is None  # the format has no dates: nothing is invented
    relation = db.recall("works at", scopes=ALICE, types=["Fact"]).hits[0]
    assert relation.text == "Alice_Chen works at Globex"
    roles = {e.properties["role"]: db.get(e.target).name for e in db.edges(relation.id)
             if e.type == "refers_to"}  # fmt: skip
    assert roles == {"source": "Alice_Chen", "target": "Globex"}
    assert not db.recall("Globex", scopes={"user_id": "bob"}).hits


def test_mem0_scopes_and_dates(db: WorldDB) -> None:
    _import(db, "mem0", DATA / "mem0_get_all.json", scopes={})
    alice = {w.content: w for w in _memories(db, ALICE)}
    assert set(alice) == {
        "Is vegetarian and allergic to peanuts",
        "Lives in Denver after moving from Boston",
    }
    diet = alice["Is vegetarian and allergic to peanuts"]
    assert diet.valid_from == us("2024-03-03T02:45:10.512345Z")
    assert {"label:mem0:1b3c9f0e-8d2a-4c61-9a57-3f0a2c4e7b11", "meta:categories=food,health",
            "meta:source=onboarding chat"} <= _meta(diet)  # fmt: skip
    # Rewritten by Mem0 on 1 June: its current text is valid from then, created_at is kept.
    denver = alice["Lives in Denver after moving from Boston"]
    assert denver.valid_from == us("2024-06-01T19:30:00Z")
    assert "meta:mem0_created_at=2024-01-15T09:00:00.000000-08:00" in _meta(denver)
    in_may = db.recall("Denver", scopes=ALICE, valid_at="2024-05-01", types=["Note"]).hits
    assert "Lives in Denver after moving from Boston" not in [h.text for h in in_may]
    in_july = db.recall("Denver", scopes=ALICE, valid_at="2024-07-01", types=["Note"]).hits
    assert in_july[0].text == "Lives in Denver after moving from Boston"
    bot = _memories(db, {"agent_id": "notes-bot", "run_id": "run-42"})
    assert [w.content for w in bot] == ["Summarise meeting notes as bullet points"]
    assert "meta:priority=2" in _meta(bot[0])


def test_mem0_defaults_place_records_without_scopes(db: WorldDB, tmp_path: Path) -> None:
    source = tmp_path / "bare.json"
    source.write_text('[{"id": "m1", "memory": "Likes jazz", "created_at": "2024-02-02"}]')
    _import(db, "mem0", source, scopes={"user_id": "carol"})
    assert [w.content for w in _memories(db, {"user_id": "carol"})] == ["Likes jazz"]


def test_claude_conversations_keep_turn_times_and_titles(db: WorldDB) -> None:
    _import(db, "claude", DATA / "claude")  # the unzipped export folder
    sessions = sorted(_memories(db, ALICE), key=lambda w: w.valid_from or 0)
    assert [s.valid_from for s in sessions] == [
        us("2024-05-01T09:12:03.481920Z"),
        us("2024-06-12T18:30:00Z"),
    ]
    assert "meta:title=Moving to Denver" in _meta(sessions[0])
    assert "label:claude:5d2f7a3e-9c1b-4e8d-a6f0-2b3c4d5e6f70" in _meta(sessions[0])
    turns = _turns(db, sessions[0])
    assert [(role, when) for role, _, when in turns] == [
        ("user", us("2024-05-01T09:12:03.481920Z")),
        ("assistant", us("2024-05-01T09:12:20.220114Z")),
    ]
    assert "altitude" in turns[1][1] and "classic Denver tip" not in turns[1][1]  # no thinking
    assert _turns(db, sessions[1])[0][1].startswith("My daughter Mia")  # text field fallback
    hits = db.recall("peanut allergy birthday cake", scopes=ALICE, valid_at="2024-05-15").hits
    assert all((h.valid_from or 0) <= us("2024-05-15") for h in hits)


def test_chatgpt_walks_the_current_branch(db: WorldDB) -> None:
    _import(db, "chatgpt", DATA / "chatgpt" / "conversations.json")
    sessions = sorted(_memories(db, ALICE), key=lambda w: w.valid_from or 0)
    assert sessions[0].valid_from == 1709290800123456
    assert "meta:title=Marathon training plan" in _meta(sessions[0])
    assert _turns(db, sessions[0]) == [
        ("user", "I signed up for the Boston marathon in April. I run 30 km a week now.",
         1709290800500000),
        ("assistant", "Build up to 50 km a week with one long run on Sundays.", 1709290860250000),
        ("user", "Here is my current running shoe.", 1709291000000000),
        ("assistant", "That shoe works for long runs; replace it every 600 km.", 1709291100654321),
    ]  # fmt: skip
    assert [role for role, _, _ in _turns(db, sessions[1])] == ["user", "assistant"]  # no tool
    texts = [t for s in sessions for _, t, _ in _turns(db, s)]
    assert not any("abandoned" in t or "swimming" in t for t in texts)  # the other branch


def test_markdown_notes_observations_relations_and_dates(db: WorldDB, tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    shutil.copytree(DATA / "markdown", folder)
    mtime = us("2024-04-20T10:00:00Z") * 1000
    os.utime(folder / "people" / "marco-rossi.md", ns=(mtime, mtime))
    _import(db, "markdown", folder)
    notes = {w.content.splitlines()[0]: w for w in _memories(db, ALICE)}
    assert {k: w.valid_from for k, w in notes.items()} == {
        "# Coffee Brewing Methods": us("2024-02-10T08:30:00Z"),
        "# Coffee Bean Origins": us("2024-03-05T00:00:00Z"),
        "Barista trainer in Lisbon. Runs a weekend course on manual brewing.": mtime // 1000,
    }
    brewing = notes["# Coffee Brewing Methods"]
    assert {"meta:tags=coffee,brewing", "meta:permalink=coffee-brewing-methods",
            "label:coffee-brewing-methods.md"} <= _meta(brewing)  # fmt: skip
    entity = next(w for w in db.worlds(types=["Entity"], limit=1000)
                  if w.name == "Coffee Brewing Methods")  # fmt: skip
    observations = sorted(
        db.get(e.source).content
        for e in db.edges(entity.id, direction="in", types=["refers_to"])
        if "relation" not in e.properties
    )
    assert observations == [
        "[method] Pour over provides more flavor clarity than French press #brewing",
        "[technique] Water temperature at 94 degrees extracts the sweetest cup (from the course)",
    ]  # the task box "- [ ] buy a gooseneck kettle" is not an observation
    fact = db.get(next(e.source for e in db.edges(entity.id, direction="in", types=["refers_to"])
                       if "relation" not in e.properties))  # fmt: skip
    assert fact.valid_from == us("2024-02-10T08:30:00Z")
    relations = {
        (db.get(e.source).content, e.properties["role"])
        for e in db.edges(entity.id, direction="in", types=["refers_to"])
        if "relation" in e.properties
    }
    assert relations == {
        ("Coffee Brewing Methods relates to Coffee Bean Origins", "source"),
        ("Coffee Brewing Methods taught by Marco Rossi", "source"),
        ("Coffee Bean Origins links to Coffee Brewing Methods", "target"),
    }
    assert not any("theme" in w.content for w in _memories(db, ALICE))  # .obsidian skipped
    # The Note is the prose: observation and relation lines are Facts, not extracted again.
    assert brewing.content == (
        "# Coffee Brewing Methods\n\nNotes from the barista course, mostly about pour over.\n\n"
        "- [ ] buy a gooseneck kettle"
    )
    exported = [json.loads(line) for line in mcp_memory_lines(db, ALICE)]
    assert {e["name"] for e in exported if e["type"] == "entity"} >= {
        "Coffee Brewing Methods", "Coffee Bean Origins", "Marco Rossi", "Lisbon Coffee Lab",
    }  # fmt: skip
    assert not {"Observations", "Relations"} & {e.get("name") for e in exported}


def test_chat_log_sessions_speakers_and_times(db: WorldDB) -> None:
    _import(db, "chat-log", DATA / "team-chat.log")
    sessions = sorted(_memories(db, ALICE), key=lambda w: w.valid_from or 0)
    assert [s.valid_from for s in sessions] == [
        us("2024-05-01T10:00:00Z"),
        us("2024-05-02T09:15:00Z"),
        us("2024-05-03T14:00:00Z"),
    ]
    first = _turns(db, sessions[0])
    assert first[0] == (
        "user",
        "Alice: I moved to Denver last week and started at Globex.",
        us("2024-05-01T10:00:00Z"),
    )
    assert first[1][0] == "assistant" and first[1][1] == "Congratulations! How is the new team?"
    assert first[2][1].endswith("Priya Patel,\nshe runs the data platform group.")
    before = db.recall("Falcon ships in September", scopes=ALICE, valid_at="2024-05-02T12:00Z")
    assert all("September" not in h.text for h in before.hits)
    after = db.recall("Falcon ships in September", scopes=ALICE, valid_at="2024-05-04")
    assert any("September" in h.text for h in after.hits)


def test_an_undated_chat_log_is_imported_undated_and_once(db: WorldDB, tmp_path: Path) -> None:
    source = tmp_path / "plain.txt"
    source.write_text("Alice: hello there\nBot: hi Alice\n")
    importer = default_importers().get("chat-log")
    assert run_import(db, importer, source, scopes=ALICE).written == 1
    copy = tmp_path / "copy.txt"
    copy.write_text(source.read_text() + "\n")  # other bytes (no checkpoint), same records
    assert run_import(db, importer, copy, scopes=ALICE).present == 1


@pytest.mark.parametrize(
    ("fmt", "text", "where"),
    [
        ("chat-log", "[2024-13-45 99:00] Alice: hi\n", "bad.txt:1"),
        ("chat-log", "Alice: hi\nhttp://example.com\n", "bad.txt:2"),
        ("mem0", '{"results": [{"memory": 5}]}', "memory #1"),
        (
            "mcp-memory",
            '{"type": "entity", "name": "A", "entityType": "x"}\n{"type": "edge"}',
            "bad.txt:2",
        ),
        ("claude", '{"not": "an array"}', "conversation"),
        ("chatgpt", "[1, 2]", "conversation #1"),
    ],
)
def test_unreadable_input_is_a_typed_error_naming_where(
    db: WorldDB, tmp_path: Path, fmt: str, text: str, where: str
) -> None:
    source = tmp_path / "bad.txt"
    source.write_text(text)
    with pytest.raises(ImportFormatError, match=where.replace(".", r"\.")):
        _import(db, fmt, source)
    assert db.counts().get("nodes", 0) == 0


def test_a_missing_source_is_a_typed_error(db: WorldDB, tmp_path: Path) -> None:
    with pytest.raises(ImportFormatError, match="no such file"):
        _import(db, "mem0", tmp_path / "nowhere.json")


@pytest.mark.parametrize("fmt", ["claude", "chatgpt"])
def test_an_export_zip_is_read_as_is(fmt: str, tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.write(DATA / fmt / "conversations.json", "conversations.json")
        zf.writestr("user.json", "{}")
    stores = []
    for source in (archive, DATA / fmt / "conversations.json"):
        with WorldDB.open(":memory:", embedder=None, extractor="default") as db:
            _import(db, fmt, source)
            stores.append(sorted(w.id for w in db.iter_worlds()))
    assert stores[0] == stores[1] and stores[0]
    empty = tmp_path / "empty.zip"
    with zipfile.ZipFile(empty, "w") as zf:
        zf.writestr("user.json", "{}")
    with (
        WorldDB.open(":memory:", embedder=None, extractor=None) as db,
        pytest.raises(ImportFormatError, match=r"no conversations\.json in this zip"),
    ):
        _import(db, fmt, empty)
