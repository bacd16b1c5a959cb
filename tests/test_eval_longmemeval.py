"""The LongMemEval loader: streaming, label scrubbing, opaque ids and the rankings line format."""

from __future__ import annotations

import io
import json
import lzma
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worlddb.errors import NotFoundError, ValidationError
from worlddb.eval.longmemeval import (
    Message,
    Question,
    iter_json_array,
    iter_questions,
    write_rankings_line,
)
from worlddb.eval.metrics import score_rankings
from worlddb.timeutil import parse_time

TINY = Path(__file__).parent / "data" / "lme_tiny"
RAW = TINY / "lme_tiny.json"
GOLD = TINY / "lme_tiny.gold.jsonl"
SALT = b"test-salt"


def _raw() -> list[dict]:  # type: ignore[type-arg]
    return json.loads(RAW.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _questions(path: Path = RAW, salt: bytes = SALT) -> list[Question]:
    return list(iter_questions(path, salt=salt))


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_questions_stream_in_file_order_with_their_fields() -> None:
    raw = _raw()
    questions = _questions()
    assert [q.question_id for q in questions] == [r["question_id"] for r in raw]
    for q, r in zip(questions, raw, strict=True):
        assert q.question_type == r["question_type"]
        assert q.question == r["question"]
        assert q.question_date == parse_time(r["question_date"])
        assert q.answer == str(r["answer"])
    assert [q.is_abstention for q in questions] == [False, True, False]


def test_sessions_keep_only_role_and_content_and_map_back_to_their_dataset_ids() -> None:
    for q, r in zip(_questions(), _raw(), strict=True):
        assert any("has_answer" in m for s in r["haystack_sessions"] for m in s)
        raw_sessions = dict(zip(r["haystack_session_ids"], r["haystack_sessions"], strict=True))
        raw_dates = dict(zip(r["haystack_session_ids"], r["haystack_dates"], strict=True))
        assert len(q.sessions) == len(raw_sessions)
        for session in q.sessions:
            dataset_id = q.dataset_session_id(session.opaque_id)
            assert session.date_us == parse_time(raw_dates[dataset_id])
            expected = tuple(Message(m["role"], m["content"]) for m in raw_sessions[dataset_id])
            assert session.messages == expected
            assert all(not hasattr(m, "has_answer") for m in session.messages)


def test_opaque_ids_leak_nothing_of_the_dataset_ids() -> None:
    for q in _questions():
        for session in q.sessions:
            assert len(session.opaque_id) == 64
            assert set(session.opaque_id) <= set("0123456789abcdef")
            assert "answer" not in repr(session)
        assert "answer_" not in repr(q.sessions)
        assert "_label_map" not in repr(q)


def test_sessions_are_sorted_by_date() -> None:
    first = _questions()[0]
    dates = [s.date_us for s in first.sessions]
    assert dates == sorted(dates)
    assert [first.dataset_session_id(s.opaque_id) for s in first.sessions] == [
        "answer_4be1b6b4_3",
        "answer_4be1b6b4_1",
        "answer_4be1b6b4_2",
    ]


def test_equal_dates_keep_dataset_order(tmp_path: Path) -> None:
    raw = _raw()[0]
    raw["haystack_dates"] = ["2023/04/10 (Mon) 17:50"] * 3
    (q,) = _questions(_write(tmp_path, [raw]))
    assert [q.dataset_session_id(s.opaque_id) for s in q.sessions] == raw["haystack_session_ids"]


def test_the_salt_decides_the_opaque_ids() -> None:
    def ids(questions: list[Question]) -> list[str]:
        return [s.opaque_id for q in questions for s in q.sessions]

    assert ids(_questions(salt=b"a")) == ids(_questions(salt=b"a"))
    assert set(ids(_questions(salt=b"a"))).isdisjoint(ids(_questions(salt=b"b")))
    assert set(ids(list(iter_questions(RAW)))).isdisjoint(ids(list(iter_questions(RAW))))


def test_xz_files_read_the_same_as_plain_json(tmp_path: Path) -> None:
    packed = tmp_path / "lme.json.xz"
    with lzma.open(packed, "wb") as fh:
        fh.write(RAW.read_bytes())
    assert _questions(packed) == _questions(RAW)


def test_a_repeated_session_gets_two_opaque_ids_for_one_dataset_id(tmp_path: Path) -> None:
    raw = _raw()[0]
    raw["haystack_session_ids"][2] = raw["haystack_session_ids"][0]
    (q,) = _questions(_write(tmp_path, [raw]))
    repeated = [
        s.opaque_id
        for s in q.sessions
        if q.dataset_session_id(s.opaque_id) == raw["haystack_session_ids"][0]
    ]
    assert len(set(repeated)) == 2
    out = io.StringIO()
    write_rankings_line(out, q, [s.opaque_id for s in q.sessions])
    sessions = json.loads(out.getvalue())["sessions"]
    assert sorted(sessions) == sorted(set(raw["haystack_session_ids"]))


def test_rankings_line_has_the_lme_score_format() -> None:
    q = _questions()[0]
    order = list(reversed(q.sessions))
    out = io.StringIO()
    write_rankings_line(
        out, q, [s.opaque_id for s in order], [(order[0].opaque_id, 0), (order[1].opaque_id, 2)]
    )
    line = out.getvalue()
    assert line.endswith("\n")
    assert line.count("\n") == 1
    row = json.loads(line)
    names = [q.dataset_session_id(s.opaque_id) for s in order]
    assert row == {
        "question_id": q.question_id,
        "sessions": names,
        "turns": [f"{names[0]}_1", f"{names[1]}_3"],
    }


def test_rankings_line_without_turns_omits_them() -> None:
    q = _questions()[0]
    out = io.StringIO()
    write_rankings_line(out, q, [])
    assert json.loads(out.getvalue()) == {"question_id": q.question_id, "sessions": []}


def test_written_rankings_score_with_the_official_metrics(tmp_path: Path) -> None:
    """A ranking that puts the gold first scores 1; the reverse misses at k=1."""
    lines = GOLD.read_text(encoding="utf-8").splitlines()
    gold = {json.loads(line)["question_id"]: json.loads(line) for line in lines}
    rankings = tmp_path / "rankings.jsonl"
    with rankings.open("w") as fh:
        for q in _questions():
            wanted = set(gold[q.question_id]["gold_sessions_official"])
            ranked = sorted(
                q.sessions, key=lambda s: q.dataset_session_id(s.opaque_id) not in wanted
            )
            turns = [(s.opaque_id, i) for s in ranked for i in range(len(s.messages))]
            write_rankings_line(fh, q, [s.opaque_id for s in ranked], turns)
    report = score_rankings(rankings, GOLD, "session")
    assert report.averages["strict"].n == 1
    assert report.averages["strict"].metrics["recall_all@3"] == 1.0
    assert report.averages["strict"].metrics["ndcg_any@3"] == 1.0
    turn = score_rankings(rankings, GOLD, "turn")
    assert turn.per_question["gpt4_2655b836"]["recall_all@50"] == 1.0


def test_foreign_ids_and_bad_turn_indexes_are_refused() -> None:
    first, second = _questions()[:2]
    out = io.StringIO()
    with pytest.raises(NotFoundError):
        write_rankings_line(out, first, [second.sessions[0].opaque_id])
    with pytest.raises(NotFoundError):
        first.dataset_session_id("0" * 64)
    session = first.sessions[0]
    for bad in (-1, len(session.messages), True):
        with pytest.raises(ValidationError):
            write_rankings_line(out, first, [], [(session.opaque_id, bad)])
    assert out.getvalue() == ""


@pytest.mark.parametrize(
    "breakage",
    [
        lambda r: r.pop("haystack_dates"),
        lambda r: r["haystack_dates"].pop(),
        lambda r: r["haystack_sessions"][0].append({"role": "user"}),
        lambda r: r["haystack_sessions"].__setitem__(0, "not a list"),
        lambda r: r.__setitem__("question_date", "yesterday-ish"),
        lambda r: r.__setitem__("question_date", 17),
    ],
)
def test_malformed_questions_are_validation_errors(tmp_path: Path, breakage: object) -> None:
    raw = _raw()[0]
    breakage(raw)  # type: ignore[operator]
    with pytest.raises(ValidationError):
        _questions(_write(tmp_path, [raw]))


def test_a_corrupt_xz_file_is_a_validation_error(tmp_path: Path) -> None:
    broken = tmp_path / "lme.json.xz"
    broken.write_bytes(lzma.compress(RAW.read_bytes())[:500])
    with pytest.raises(ValidationError):
        _questions(broken)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200)
@given(st.lists(JSON, max_size=8), st.sampled_from([None, 0, 2]), st.integers(1, 9))
def test_json_arrays_stream_back_whole_whatever_the_chunking(
    items: list[object], indent: int | None, chunk: int
) -> None:
    text = json.dumps(items, indent=indent)
    assert list(iter_json_array(io.StringIO(text), chunk_chars=chunk)) == items


@pytest.mark.parametrize("text", ["", "{}", "[", "[1,]", "[1 2]", "[1] x", "[tru]", "[1, 2"])
def test_text_that_is_not_one_json_array_is_a_validation_error(text: str) -> None:
    with pytest.raises(ValidationError):
        list(iter_json_array(io.StringIO(text), chunk_chars=2))


class _CountingReader(io.StringIO):
    chars_read = 0

    def read(self, size: int | None = -1) -> str:
        text = super().read(size)
        self.chars_read += len(text)
        return text


def test_the_first_element_arrives_before_the_file_is_read() -> None:
    text = json.dumps([{"n": n, "pad": "x" * 100} for n in range(1000)])
    reader = _CountingReader(text)
    elements = iter_json_array(reader, chunk_chars=256)
    assert next(elements)["n"] == 0
    assert reader.chars_read < 1000
    assert [e["n"] for e in elements] == list(range(1, 1000))
    assert reader.chars_read == len(text)
