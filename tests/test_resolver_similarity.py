"""Name keys and comparison (pure) and the blocking queries (index lookups, valid FTS5)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worlddb.engine import WorldDB
from worlddb.model import Changeset, WorldSpec
from worlddb.phonetic import phonetic_key, word_code
from worlddb.resolver.blocking import (
    Blocker,
    Candidate,
    fts_expression,
    strong_words,
    word_prefix,
)
from worlddb.resolver.lexicon import are_nicknames, is_given_name
from worlddb.resolver.similarity import compare_names, hard_conflict, name_form, respell
from worlddb.store.resolver_queries import NodeRow, ResolverQueries

NAMES = st.text(alphabet=st.characters(codec="utf-8"), max_size=40)
WORDY = st.lists(st.from_regex(r"[A-Za-z]{2,9}", fullmatch=True), min_size=1, max_size=4).map(
    " ".join
)


# -- keys ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Phillip", "Filip"),
        ("Knight", "Night"),
        ("Wright", "Right"),
        ("Jackson", "Jakson"),
        ("Smith, John", "John Smith"),
    ],
)
def test_phonetic_key_collides_for_digraph_spellings_and_word_order(a: str, b: str) -> None:
    assert phonetic_key(a) == phonetic_key(b) != ""


def test_phonetic_key_keeps_numbers_and_foreign_words_verbatim() -> None:
    assert phonetic_key("Windows 10") != phonetic_key("Windows 11")
    assert word_code("10") == "10"
    assert phonetic_key("张伟") == "张伟"
    assert phonetic_key("...") == ""


@given(NAMES)
def test_phonetic_key_is_total_and_case_blind(name: str) -> None:
    assert phonetic_key(name) == phonetic_key(name.upper().lower()) or not name.isascii()


def test_respelling_unifies_consonants_but_keeps_vowels() -> None:
    assert respell("phillip") == respell("filip")
    assert respell("knox") == respell("noks")
    assert respell("biosciences") == respell("bioscynces")
    assert respell("lane") != respell("luna")


def test_lexicon_knows_nicknames_and_given_names() -> None:
    assert are_nicknames("bob", "robert") and are_nicknames("pat", "patricia")
    assert not are_nicknames("patrick", "patricia")
    assert not are_nicknames("mark", "mary") and is_given_name("mary")
    assert not is_given_name("kubernetes")


# -- comparison ----------------------------------------------------------------------------------
@given(WORDY)
def test_a_name_matches_itself_and_its_case_and_punctuation_variants(name: str) -> None:
    form = name_form(name)
    assert compare_names(form, form) == compare_names(form, name_form(name.upper()))
    match = compare_names(form, name_form(", ".join(name.split()).lower() + "."))
    assert match is not None and match.score == 1.0


@given(WORDY, st.integers(0, 99), st.integers(0, 99))
def test_different_numbers_never_match(name: str, a: int, b: int) -> None:
    first, second = name_form(f"{name} {a}"), name_form(f"{name} {b}")
    assert (compare_names(first, second) is None) == (a != b)
    assert hard_conflict(first, second) == (a != b)


@pytest.mark.parametrize(
    ("a", "b", "personal", "phonetic", "evidence"),
    [
        ("John A. Smith", "John Smith", True, False, "equal"),
        ("Acme Inc.", "Acme", False, False, "equal"),
        ("Acme Corp", "Acme Corporation", False, False, "equal"),
        ("Bank of Ardmore", "Ardmore Bank", False, False, "equal"),
        ("Data Forge", "DataForge", False, False, "spacing"),
        ("Jonh Smith", "John Smith", True, False, "typo"),
        ("Grafwave", "Graphwave", False, True, "phonetic"),
    ],
)
def test_names_that_match(a: str, b: str, personal: bool, phonetic: bool, evidence: str) -> None:
    match = compare_names(name_form(a), name_form(b), personal=personal, phonetic=phonetic)
    assert match is not None and match.evidence == evidence and 0.9 <= match.score <= 1.0


@pytest.mark.parametrize(
    ("a", "b", "personal"),
    [
        ("Mark Smith", "Mary Smith", True),
        ("John A. Smith", "John B. Smith", True),
        ("Northwind Analytics", "Northwind Analytics Europe", False),
        ("Grace Reyes", "Rosa Gross", True),  # words sound alike only across positions
        ("Harris", "Harrison", False),
        ("Acme Capital Partners", "Acme Partners", False),  # only people have middle names
    ],
)
def test_names_that_do_not_match(a: str, b: str, personal: bool) -> None:
    for phonetic in (False, True):
        assert (
            compare_names(name_form(a), name_form(b), personal=personal, phonetic=phonetic) is None
        )


def test_hard_conflict_needs_given_names_on_both_sides() -> None:
    assert hard_conflict(name_form("Mark Jones"), name_form("Mary Jones"))
    assert not hard_conflict(name_form("Bob Jones"), name_form("Robert Jones"))
    assert not hard_conflict(name_form("Jones Consulting"), name_form("Mary Jones"))


# -- blocking ------------------------------------------------------------------------------------
WORDS = [
    "analytics",
    "kubernetes",
    "john",
    "mary",
    "maryland",
    "anderson",
    "tony",
    "tonya",
    "systems",
    "robotics",
    "pharmaceuticals",
    "phoenix",
    "zachary",
    "danielle",
    "stephanie",
    "logistics",
    "energy",
    "ventures",
    "hospitality",
]


def test_word_prefix_survives_porter_stemming() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE VIRTUAL TABLE fts USING fts5(name, "
        "tokenize = 'porter unicode61 remove_diacritics 2')"
    )
    conn.executemany("INSERT INTO fts (rowid, name) VALUES (?, ?)", list(enumerate(WORDS)))
    for rowid, word in enumerate(WORDS):
        query = f'"{word_prefix(word)}" *'
        hits = {r[0] for r in conn.execute("SELECT rowid FROM fts WHERE fts MATCH ?", (query,))}
        assert rowid in hits, (word, query)


def test_strong_words_drop_legal_forms_unless_nothing_is_left() -> None:
    assert strong_words("Acme Holdings Inc.") == ["acme", "holdings"]
    assert strong_words("The Co.") == ["the", "co"]
    assert strong_words("J. Smith") == ["smith"]


@settings(max_examples=200)
@given(st.lists(NAMES, min_size=1, max_size=3), st.sampled_from(["all", "loose", "any"]))
def test_fts_expressions_are_always_valid_fts5(surfaces: list[str], stage: str) -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE VIRTUAL TABLE fts USING fts5(name, content, "
        "tokenize = 'porter unicode61 remove_diacritics 2')"
    )
    conn.execute("INSERT INTO fts (name, content) VALUES ('john smith', '')")
    expression = fts_expression(surfaces, stage=stage)
    if expression is not None:
        conn.execute("SELECT rowid FROM fts WHERE fts MATCH ?", (expression,)).fetchall()


@pytest.fixture()
def stocked() -> Iterator[WorldDB]:
    with WorldDB.open(":memory:", embedder=None, extractor=None) as db:
        db.recluster_budget_s = 0.0
        specs = [
            WorldSpec(type="Person", name=f"Person{i} Smith{i % 7}", aliases=(f"P{i} Alias",))
            for i in range(300)
        ]
        db.write(Changeset(worlds=tuple(specs)))
        db.store._connection.execute("ANALYZE")
        yield db


def test_blocking_queries_use_indexes_not_scans(
    stocked: WorldDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[str, list[object]]] = []
    blocker = Blocker(stocked.store)
    original = ResolverQueries._rows

    def spy(self: ResolverQueries, sql: str, args: list[object]) -> list[NodeRow]:
        seen.append((sql, list(args)))
        return original(self, sql, args)

    monkeypatch.setattr(ResolverQueries, "_rows", spy)
    types = ["Person", "Entity"]
    for stage in ("all", "loose", "any"):
        blocker.by_text(["Person1 Smith1"], types, stage=stage, limit=10)
    blocker.by_alias_prefix(["P1 Alias"], types, limit=10)
    blocker.by_phonetic([phonetic_key("Person1 Smith1")], types, limit=10)
    blocker.by_rids([1, 2, 3], types)
    assert len(seen) >= 7
    for sql, args in seen:
        plan = " | ".join(
            r[3] for r in stocked.store._connection.execute("EXPLAIN QUERY PLAN " + sql, args)
        )
        assert not re.search(r"\bSCAN (n|nodes|a|aliases)\b", plan), (sql, plan)


def test_blocking_finds_typo_spacing_and_alias_candidates(stocked: WorldDB) -> None:
    blocker = Blocker(stocked.store)
    types = ["Person", "Entity"]

    def names(found: dict[int, Candidate]) -> set[str]:
        return {c.surfaces[0] for c in found.values()}

    assert "Person1 Smith1" in names(
        blocker.by_text(["Person1 Smitth1"], types, stage="loose", limit=50)
    )
    assert "Person1 Smith1" in names(
        blocker.by_text(["Person1Smith1"], types, stage="all", limit=50)
    )
    found = blocker.with_aliases(blocker.by_alias_prefix(["P1 Alias"], types, limit=50))
    assert any("P1 Alias" in c.surfaces for c in found.values())
    assert blocker.by_text(["Person1 Smith1"], ["Tool"], stage="all", limit=50) == {}
