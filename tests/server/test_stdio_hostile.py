"""Hostile bytes on the installed server's stdin: every bad line is answered, serving goes on."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CONSOLE_SCRIPT = Path(sys.executable).with_name("worlddb-mcp")
REPLY_TIMEOUT_S = 30.0
ALICE = {"user_id": "alice"}


class StdioPeer:
    """Raw bytes in, decoded reply lines out, against a real ``worlddb-mcp`` process."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self._lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)

    def send(self, raw: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(raw + b"\n")
        self.proc.stdin.flush()

    def reply(self) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=REPLY_TIMEOUT_S)
        except queue.Empty:
            pytest.fail("the server sent no reply (the client would hang until its timeout)")
        decoded = json.loads(line.decode("utf-8"))  # strict UTF-8: the reply is valid JSON text
        assert isinstance(decoded, dict)
        return decoded

    def request(self, request_id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
        message = {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}
        self.send(json.dumps(message).encode())
        answer = self.reply()
        assert answer.get("id") == request_id, answer
        return answer


@pytest.fixture
def peer(tmp_path: Path) -> Iterator[StdioPeer]:
    assert CONSOLE_SCRIPT.exists(), "install the package (editable) into the venv"
    env = {**os.environ, "WORLDDB_EMBEDDER": "hash", "WORLDDB_EXTRACTOR": "none"}
    proc = subprocess.Popen(
        [str(CONSOLE_SCRIPT), "--db", str(tmp_path / "hostile.db")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        yield StdioPeer(proc)
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _initialize(peer: StdioPeer) -> None:
    answer = peer.request(
        1,
        "initialize",
        {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw-bytes", "version": "0"},
        },
    )
    assert "result" in answer, answer
    peer.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')


HOSTILE: list[tuple[bytes, int, object, str]] = [
    (b"this is not json", -32700, None, "not JSON"),
    (b'{"jsonrpc": "2.0", "id": 3, "method": ', -32700, None, "not JSON"),
    (b'"\\ud800"', -32700, None, "surrogate"),
    (b"\xff\xfe\x00garbage", -32700, None, "not JSON"),
    (b"42", -32600, None, "object"),
    (b"[1, 2]", -32600, None, "object"),
    (b"{}", -32600, None, "jsonrpc"),
    (b'{"jsonrpc": "1.0", "id": 4, "method": "ping"}', -32600, 4, "jsonrpc"),
    (b'{"jsonrpc": "2.0", "id": 5}', -32600, 5, "method"),
    (
        b'{"jsonrpc": "2.0", "id": 6, "method": "tools/call", '
        b'"params": {"name": "memory_write", "arguments": {"text": "\\ud800"}}}',
        -32700,
        6,
        "surrogate",
    ),
]


def test_each_hostile_line_gets_an_error_reply_and_the_next_request_is_served(
    peer: StdioPeer,
) -> None:
    for raw, code, reply_id, says in HOSTILE:  # before the handshake
        peer.send(raw)
        answer = peer.reply()
        assert answer["jsonrpc"] == "2.0", raw
        assert answer["id"] == reply_id, raw
        assert answer["error"]["code"] == code, raw
        message = answer["error"]["message"]
        assert says in message and "\n" not in message, (raw, message)
    _initialize(peer)
    for number, (raw, code, _, _) in enumerate(HOSTILE, start=10):  # and between requests
        peer.send(raw)
        assert peer.reply()["error"]["code"] == code, raw
        written = peer.request(
            number,
            "tools/call",
            {"name": "memory_write", "arguments": {"text": f"lake {number}", "scopes": ALICE}},
        )
        assert written["result"]["isError"] is False, written
    assert peer.proc.poll() is None


def test_a_burst_of_garbage_is_answered_line_for_line(peer: StdioPeer) -> None:
    _initialize(peer)
    for raw, *_ in HOSTILE * 3:
        peer.send(raw)
    codes = [peer.reply()["error"]["code"] for _ in HOSTILE * 3]
    assert codes == [code for _, code, *_ in HOSTILE * 3]
    assert "result" in peer.request(9, "tools/list", {})
