"""The QA answerer and LLM judge, against mocked Anthropic responses only (no network)."""

from __future__ import annotations

import dataclasses
import json
import socket
from collections.abc import Callable
from pathlib import Path

import anthropic
import httpx2
import pytest

from worlddb.errors import PluginError, ValidationError
from worlddb.eval.answer import (
    Judgement,
    QAEvaluator,
    read_judgements,
    summarize_answers,
    write_judgement,
)
from worlddb.eval.longmemeval import Question, iter_questions

TINY = Path(__file__).parent / "data" / "lme_tiny" / "lme_tiny.json"


class SocketBlockedError(RuntimeError):
    """A test in this module opened a socket: the SDK must only talk to the mock transport."""


@pytest.fixture(autouse=True)
def _no_sockets(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise SocketBlockedError("the QA tests must not open sockets")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


Handler = Callable[[httpx2.Request], httpx2.Response]


def _reply(text: str | None, status: int = 200) -> httpx2.Response:
    content = [] if text is None else [{"type": "text", "text": text}]
    return httpx2.Response(
        status,
        json={
            "id": "msg_test",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-6",
            "content": content,
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 2},
        },
    )


class Recorder:
    """Answers with ``answer`` and judges with ``verdict``; keeps every request body."""

    def __init__(self, answer: str = "It was the GPS.", verdict: str = "CORRECT") -> None:
        self.answer, self.verdict = answer, verdict
        self.bodies: list[dict[str, object]] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        body = json.loads(request.content)
        self.bodies.append(body)
        prompt = body["messages"][0]["content"]
        return _reply(self.verdict if "CORRECT or WRONG" in prompt else self.answer)

    def prompt(self, index: int) -> str:
        return str(self.bodies[index]["messages"][0]["content"])  # type: ignore[index]


def _client(handler: Handler) -> anthropic.Anthropic:
    return anthropic.Anthropic(
        api_key="test",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(handler)),
    )


def _questions() -> list[Question]:
    return list(iter_questions(TINY, salt=b"qa"))


def _top_turns(question: Question, n: int = 50) -> list[tuple[str, int]]:
    return [(s.opaque_id, i) for s in question.sessions for i in range(len(s.messages))][:n]


def test_the_answerer_sees_dated_excerpts_and_the_judge_sees_the_reference() -> None:
    recorder = Recorder()
    question = _questions()[0]
    turns = [(question.sessions[2].opaque_id, 1), (question.sessions[0].opaque_id, 0)]
    judgement = QAEvaluator(_client(recorder), model="m-answer", judge_model="m-judge").evaluate(
        question, turns
    )
    assert judgement == Judgement(
        question.question_id, "temporal-reasoning", False, "It was the GPS.", True
    )
    answer_body, judge_body = recorder.bodies
    assert (answer_body["model"], judge_body["model"]) == ("m-answer", "m-judge")
    context = recorder.prompt(0)
    first = question.sessions[0].messages[0].content
    assert first.split()[0] in context and "2023/04/10 (Mon)" in context
    assert context.index("Session on") < context.index(first[:20])
    assert question.question in context and question.answer not in context
    assert "answer_" not in context and "has_answer" not in context
    judge = recorder.prompt(1)
    assert question.answer in judge and "It was the GPS." in judge and "off-by-one" in judge


def test_context_keeps_only_the_top_turns_in_date_order() -> None:
    question = _questions()[0]
    evaluator = QAEvaluator(_client(Recorder()), context_turns=2)
    late, early = question.sessions[2], question.sessions[0]
    context = evaluator.build_context(
        question, [(late.opaque_id, 3), (early.opaque_id, 2), (early.opaque_id, 0)]
    )
    assert context.count("Session on") == 2
    assert context.index(early.messages[2].content[:30]) < context.index(
        late.messages[3].content[:30]
    )
    assert early.messages[0].content[:30] not in context
    assert evaluator.build_context(question, []) == "(no excerpts)"


@pytest.mark.parametrize(
    ("verdict", "expected"),
    [
        ("CORRECT", True),
        ("correct.", True),
        ("WRONG", False),
        ("Incorrect", False),
        ("The answer is WRONG because...", False),
    ],
)
def test_the_verdict_is_read_from_the_judges_reply(verdict: str, expected: bool) -> None:
    question = _questions()[2]
    evaluator = QAEvaluator(_client(Recorder(verdict=verdict)))
    assert evaluator.judge(question, "8 am to 4 pm") is expected


def test_abstention_questions_are_judged_on_saying_the_answer_is_not_there() -> None:
    recorder = Recorder(answer="I don't know.")
    question = _questions()[1]
    judgement = QAEvaluator(_client(recorder)).evaluate(question, _top_turns(question))
    assert judgement.abstention and judgement.correct
    assert "unanswerable" in recorder.prompt(1) and "Explanation:" in recorder.prompt(1)


def test_preference_questions_are_judged_against_a_rubric() -> None:
    recorder = Recorder()
    question = dataclasses.replace(_questions()[0], question_type="single-session-preference")
    assert QAEvaluator(_client(recorder)).judge(question, "Try a detailer you trust.")
    assert "Rubric:" in recorder.prompt(0) and "personal" in recorder.prompt(0)


def test_a_reply_without_a_verdict_or_text_is_a_plugin_error() -> None:
    question = _questions()[0]
    with pytest.raises(PluginError):
        QAEvaluator(_client(Recorder(verdict="maybe"))).judge(question, "GPS")
    with pytest.raises(PluginError):
        QAEvaluator(_client(lambda request: _reply(None))).answer(question, "context")


def test_an_api_error_is_a_plugin_error() -> None:
    def failing(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(
            500, json={"type": "error", "error": {"type": "api_error", "message": "boom"}}
        )

    with pytest.raises(PluginError) as caught:
        QAEvaluator(_client(failing)).answer(_questions()[0], "context")
    assert isinstance(caught.value.__cause__, anthropic.APIError)


def test_connect_needs_an_api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    with pytest.raises(PluginError):
        QAEvaluator.connect()
    evaluator = QAEvaluator.connect("test-key", model="m1")
    assert (evaluator.model, evaluator.judge_model) == ("m1", "m1")


def test_context_turns_must_be_positive() -> None:
    with pytest.raises(ValidationError):
        QAEvaluator(_client(Recorder()), context_turns=0)


def test_judgements_round_trip_and_summarise_per_type(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    rows = [
        Judgement("q1", "multi-session", False, "a", True),
        Judgement("q2", "multi-session", False, "b", False),
        Judgement("q3_abs", "temporal-reasoning", True, "c", True),
        Judgement("q2", "multi-session", False, "b2", True),
    ]
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            write_judgement(fh, row)
        fh.write("\n")
    read = read_judgements(path)
    assert [j.question_id for j in read] == ["q1", "q2", "q3_abs"] and read[1].hypothesis == "b2"
    report = summarize_answers(read)
    assert (report.n, report.accuracy) == (3, 1.0)
    assert report.by_type == {
        "abstention": (1, 1.0),
        "multi-session": (2, 1.0),
        "temporal-reasoning": (1, 1.0),
    }
    assert "abstention" in report.format_table()
    assert report.to_dict()["n"] == 3
    assert read_judgements(tmp_path / "absent.jsonl") == []


def test_a_malformed_answers_line_is_a_validation_error(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_text('{"question_id": "q1"}\n', encoding="utf-8")
    with pytest.raises(ValidationError):
        read_judgements(path)
