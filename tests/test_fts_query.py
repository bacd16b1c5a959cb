"""The FTS5 query builder: any text in, a valid and literal MATCH expression (or None) out."""

from __future__ import annotations

import re
import sqlite3
import string
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from worlddb.errors import ValidationError
from worlddb.index.fts_query import (
    DEFAULT_STOPWORDS,
    MAX_TERMS,
    build_match,
    prefix_match,
    tokenize,
)

TOKENIZER = "porter unicode61 remove_diacritics 2"
ANY_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=300)
NASTY = st.lists(
    st.sampled_from(
        [
            *"\"*^:+-(){}[],.'\\",
            " ",
            "\t",
            "\n",
            "\x00",
            "AND",
            "OR",
            "NOT",
            "NEAR",
            "body",
            "x",
            "é",
            "猫",
            "7",
            "\u0301",
            "\ue000",
            "🙂",
        ]
    ),
    max_size=60,
).map("".join)
QUOTED_LIST = re.compile(r'"[^"]+"(?: \*)?(?: (?:OR|AND) "[^"]+"(?: \*)?)*')


def _table(*rows: str, tokenizer: str = TOKENIZER) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE docs USING fts5(body, tag, tokenize='{tokenizer}')")
    db.executemany("INSERT INTO docs (body, tag) VALUES (?, 'label')", [(r,) for r in rows])
    return db


def _search(db: sqlite3.Connection, expression: str) -> list[str]:
    sql = "SELECT body FROM docs WHERE docs MATCH ? ORDER BY rank"
    return [row[0] for row in db.execute(sql, (expression,))]


@settings(max_examples=300)
@given(ANY_TEXT | NASTY, st.sampled_from(["or", "and"]), st.integers(1, 30))
@example('"unbalanced', "or", 24)
@example("NEAR(a b, 2) body:x OR NOT ^start*", "and", 24)
@example("\x00\x01\x7f", "or", 24)
def test_any_text_gives_none_or_an_expression_fts5_accepts(text: str, mode: str, cap: int) -> None:
    expression = build_match(text, mode=mode, max_terms=cap)  # type: ignore[arg-type]
    if expression is None:
        return
    assert QUOTED_LIST.fullmatch(expression)
    assert expression.count('"') == 2 * (expression.count(" OR ") + expression.count(" AND ") + 1)
    assert expression.count(" OR ") + expression.count(" AND ") < cap
    _search(_table("some body text"), expression)


@given(ANY_TEXT | NASTY)
@example("")
@example("a b c")
def test_any_name_gives_none_or_a_prefix_expression_fts5_accepts(name: str) -> None:
    expression = prefix_match(name)
    if expression is None:
        return
    assert QUOTED_LIST.fullmatch(expression)
    assert expression.endswith('" *')
    _search(_table("some body text"), expression)


def test_operators_in_the_input_are_searched_as_words() -> None:
    db = _table("nothing to see", "a secret plan")
    # Unquoted, "tag:label" is a column filter that matches every row, and "plan*" a prefix.
    assert len(_search(db, "tag:label")) == 2
    assert build_match("tag:label") == '"tag" OR "label"'
    assert _search(db, build_match("body:secret OR tag:plan*") or "") == ["a secret plan"]
    assert build_match('NOT "tag" NEAR OR x*') == '"tag" OR "near"'
    assert build_match("NOT tag NEAR OR x*", stopwords=frozenset()) == (
        '"not" OR "tag" OR "near" OR "or"'
    )


def test_question_words_and_stopwords_are_dropped() -> None:
    assert build_match("What did I tell you about the Eiffel Tower?") == (
        '"tell" OR "eiffel" OR "tower"'
    )
    assert {"what", "when", "did", "how", "where", "which", "who", "why"} <= DEFAULT_STOPWORDS


def test_single_characters_are_dropped_but_digits_and_ideographs_are_kept() -> None:
    assert build_match("a 3 x 猫 q") == '"3" OR "猫"'


def test_terms_are_lowercased_and_deduplicated_in_first_seen_order() -> None:
    assert build_match("Paris, paris PARIS and Rome") == '"paris" OR "rome"'


def test_and_mode_joins_with_and() -> None:
    assert build_match("red apples", mode="and") == '"red" AND "apples"'


@pytest.mark.parametrize("text", ["", "   ", "?!", "what did I do", "a b c", '"" ** ^'])
def test_text_without_searchable_words_gives_none(text: str) -> None:
    assert build_match(text) is None


def test_real_search_finds_stemmed_and_accent_folded_words() -> None:
    db = _table("I went running at the café on Tuesday", "We bought a new sofa")
    assert _search(db, build_match("When did I run to the cafe?") or "") == [
        "I went running at the café on Tuesday"
    ]
    assert _search(db, build_match("sofa tuesday", mode="and") or "") == []


def test_long_questions_keep_digit_terms_then_the_longest_terms() -> None:
    words = [f"w{'x' * n}" for n in range(1, 40)]  # lengths 2..40, all distinct
    text = " ".join(["2023", *reversed(words), "ok"])
    expression = build_match(text, max_terms=5)
    assert expression is not None
    kept = re.findall(r'"([^"]+)"', expression)
    assert kept == ["2023", *[w for w in reversed(words)][:4]]


@given(
    st.lists(st.text(string.ascii_lowercase + string.digits, min_size=2, max_size=12), max_size=60),
    st.integers(1, 30),
)
def test_the_cap_keeps_the_most_specific_terms_in_original_order(
    words: list[str], cap: int
) -> None:
    expression = build_match(" ".join(words), max_terms=cap, stopwords=frozenset())
    distinct = list(dict.fromkeys(words))
    if expression is None:
        assert distinct == []
        return
    kept = re.findall(r'"([^"]+)"', expression)
    assert len(kept) == min(cap, len(distinct))
    assert kept == [w for w in distinct if w in kept]

    def specific(word: str) -> tuple[bool, int]:
        return (any(c.isdigit() for c in word), len(word))

    dropped = [w for w in distinct if w not in kept]
    for word in dropped:
        assert all(specific(word) <= specific(k) for k in kept)


@given(st.text(string.printable, max_size=200))
def test_tokenize_splits_ascii_exactly_like_unicode61(text: str) -> None:
    db = _table(text, tokenizer="unicode61")
    db.execute("CREATE VIRTUAL TABLE vocab USING fts5vocab(docs, 'row')")
    vocab = {row[0] for row in db.execute("SELECT term FROM vocab")} - {"label"}
    assert set(tokenize(text)) - {"label"} == vocab


def test_tokenize_keeps_combining_accents_inside_words() -> None:
    assert tokenize("cafe\u0301 NAÏVE x_y") == ["café", "naïve", "x", "y"]


def test_prefix_match_finds_names_typed_half_way() -> None:
    db = _table("Jonathan Smithers", "Jon Smith", "Anna Smith")
    assert prefix_match("Jon Smi") == '"jon" AND "smi" *'
    assert sorted(_search(db, prefix_match("Jon Smi") or "")) == ["Jon Smith"]
    assert sorted(_search(db, prefix_match("Jon Smi", mode="or") or "")) == [
        "Anna Smith",
        "Jon Smith",
        "Jonathan Smithers",
    ]


def test_prefix_match_drops_stopwords_only_when_something_else_remains() -> None:
    assert prefix_match("The Beatles") == '"beatles" *'
    assert prefix_match("The Who") == '"the" AND "who" *'
    assert prefix_match("The The") == '"the" *'
    assert prefix_match("!!") is None


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"max_terms": 0}, "max_terms"),
        ({"max_terms": True}, "max_terms"),
        ({"mode": "xor"}, "mode"),
    ],
)
def test_bad_arguments_are_validation_errors(kwargs: dict[str, Any], field: str) -> None:
    for builder in (build_match, prefix_match):
        with pytest.raises(ValidationError) as info:
            builder("hello world", **kwargs)
        assert info.value.field == field


def test_non_string_text_is_a_validation_error() -> None:
    with pytest.raises(ValidationError):
        build_match(b"bytes")  # type: ignore[arg-type]


def test_default_cap_is_twenty_four() -> None:
    text = " ".join(f"word{n:03d}" for n in range(100))
    expression = build_match(text)
    assert MAX_TERMS == 24
    assert expression is not None
    assert expression.count(" OR ") == MAX_TERMS - 1


def test_lone_surrogates_and_control_characters_separate_words() -> None:
    assert build_match("alpha\ud800beta\x00gamma\x1fdelta") == (
        '"alpha" OR "beta" OR "gamma" OR "delta"'
    )
