"""``worlddb eval longmemeval --answer``: the real Anthropic SDK against a local Messages server.

The server is a stdlib ``ThreadingHTTPServer`` on 127.0.0.1 (the conftest network guard lets
loopback through and still refuses every other host). It answers answer prompts with a text
naming the question, and judges a fixed, data-derived subset of the questions CORRECT.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from worlddb.cli import cli
from worlddb.eval.answer import read_judgements

DATA = Path(__file__).parent / "data" / "lme_tiny" / "lme_tiny.json"
JUDGE_TAIL = "Reply with exactly one word: CORRECT or WRONG."
QUESTIONS: dict[str, str] = {
    q["question_id"]: q["question"] for q in json.loads(DATA.read_text(encoding="utf-8"))
}
# Judged CORRECT: every other question of the file, so the accuracy is neither 0 nor 1.
CORRECT_IDS = frozenset(list(QUESTIONS)[::2])
ENV: dict[str, str | None] = {
    "WORLDDB_EMBEDDER": "hash",
    "WORLDDB_EXTRACTOR": "none",
    "WORLDDB_DB": "",
    "ANTHROPIC_AUTH_TOKEN": None,
    "NO_PROXY": "127.0.0.1,localhost",
    "no_proxy": "127.0.0.1,localhost",
}


class MessagesServer(ThreadingHTTPServer):
    """A fake ``POST /v1/messages`` endpoint that keeps every request it was sent."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.lock = threading.Lock()
        self.requests: list[tuple[dict[str, str], dict[str, Any]]] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def bodies(self, *, judge: bool) -> list[dict[str, Any]]:
        """The answer (``judge=False``) or judge request bodies, in arrival order."""
        with self.lock:
            return [b for _, b in self.requests if (JUDGE_TAIL in _prompt(b)) is judge]


def _prompt(body: dict[str, Any]) -> str:
    return str(body["messages"][0]["content"])


class _Handler(BaseHTTPRequestHandler):
    server: MessagesServer
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length))
        if self.path.split("?")[0] != "/v1/messages":
            self._send(404, {"type": "error", "error": {"type": "not_found_error"}})
            return
        with self.server.lock:
            self.server.requests.append(({k.lower(): v for k, v in self.headers.items()}, body))
        prompt = _prompt(body)
        if JUDGE_TAIL in prompt:
            correct = any(QUESTIONS[q] in prompt for q in CORRECT_IDS)
            text = "CORRECT" if correct else "WRONG"
        else:
            match = re.search(r"^Question: (.*)$", prompt, re.MULTILINE)
            text = f"My answer to: {match.group(1) if match else '?'}"
        self._send(
            200,
            {
                "id": f"msg_{len(self.server.requests)}",
                "type": "message",
                "role": "assistant",
                "model": body["model"],
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 2},
            },
        )

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Silence the per-request stderr log."""


@pytest.fixture
def server() -> Iterator[MessagesServer]:
    httpd = MessagesServer()
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def _eval(tmp_path: Path, env: Mapping[str, str | None], *args: str) -> Result:
    return CliRunner().invoke(
        cli,
        ["--db", str(tmp_path / "unused.db"), "eval", "longmemeval", str(DATA), *args],
        env={**ENV, **env},
    )


def test_answer_without_an_api_key_fails_before_ranking_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    out = tmp_path / "r.jsonl"
    result = _eval(tmp_path, {}, "--out", str(out), "--workers", "1", "--answer")
    assert result.exit_code == 1, result.output
    assert "ANTHROPIC_API_KEY" in result.output
    assert not out.exists() and not (tmp_path / "r.answers.jsonl").exists()


def test_answer_options_without_answer_are_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    result = _eval(tmp_path, {}, "--out", str(out), "--judge-model", "m")
    assert result.exit_code == 2 and "--answer" in result.output
    assert not out.exists()


def test_answer_mode_answers_and_judges_every_question_through_the_sdk(
    tmp_path: Path, server: MessagesServer
) -> None:
    env = {"ANTHROPIC_API_KEY": "test-key", "ANTHROPIC_BASE_URL": server.url}
    out = tmp_path / "r.jsonl"
    args = ("--out", str(out), "--workers", "1", "--no-extraction", "--answer")
    models = ("--answer-model", "m-answer", "--judge-model", "m-judge", "--context-turns", "2")
    first = _eval(tmp_path, env, *args, *models)
    assert first.exit_code == 0, first.output

    expected = len(CORRECT_IDS) / len(QUESTIONS)
    assert 0 < expected < 1
    judgements = {j.question_id: j for j in read_judgements(tmp_path / "r.answers.jsonl")}
    assert set(judgements) == set(QUESTIONS)
    assert {q for q, j in judgements.items() if j.correct} == CORRECT_IDS
    for qid, judgement in judgements.items():
        assert judgement.hypothesis == f"My answer to: {QUESTIONS[qid]}"
    assert "LongMemEval QA accuracy" in first.output
    assert re.search(
        rf"^overall\s+{len(QUESTIONS)}\s+{re.escape(f'{expected:.4f}')}$", first.output, re.M
    )

    assert len(server.requests) == 2 * len(QUESTIONS)
    # The key went out (SDK versions differ on the header: x-api-key or a bearer token).
    keys = {
        h.get("x-api-key") or h.get("authorization", "").removeprefix("Bearer ")
        for h, _ in server.requests
    }
    assert keys == {"test-key"}
    answers, judges = server.bodies(judge=False), server.bodies(judge=True)
    assert len(answers) == len(judges) == len(QUESTIONS)
    assert {b["model"] for b in answers} == {"m-answer"}
    assert {b["model"] for b in judges} == {"m-judge"}
    for question, body in zip(QUESTIONS.values(), answers, strict=True):
        prompt = _prompt(body)
        assert f"Question: {question}" in prompt and "Session on" in prompt
        excerpt_lines = re.findall(r"^  (?:user|assistant): ", prompt, re.MULTILINE)
        assert len(excerpt_lines) == 2  # --context-turns 2 reached the evaluator
    for question, body in zip(QUESTIONS.values(), judges, strict=True):
        assert f"Model response: My answer to: {question}" in _prompt(body)

    again = _eval(tmp_path, env, *args, "--json")  # resumes: nothing re-asked
    assert again.exit_code == 0, again.output
    report = json.loads(again.stdout)
    assert (report["ran"], report["skipped"]) == (0, len(QUESTIONS))
    assert report["answers"]["n"] == len(QUESTIONS)
    assert report["answers"]["accuracy"] == pytest.approx(expected)
    assert report["retrieval"] is not None
    assert len(server.requests) == 2 * len(QUESTIONS)


def test_eval_without_an_embedder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    result = _eval(tmp_path, {"WORLDDB_EMBEDDER": "none"}, "--out", str(out))
    assert result.exit_code == 1 and "needs an embedder" in result.output
    assert not out.exists()
