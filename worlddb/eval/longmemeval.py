"""LongMemEval, the dataset side of the harness: stream questions, hide the labels, write rankings.

The benchmark's labels leak through its ids: evidence sessions are named ``answer_*`` and turns
carry ``has_answer`` (see ``shared/data/longmemeval/README.md``, "Traps"). So what this module hands
on is scrubbed:

* every session gets an opaque id, ``blake3(salt ‖ dataset id)`` with a per-run random salt, and
  a message keeps only ``role`` and ``content``;
* sessions are sorted by date (stably: equal dates keep dataset order), so their position says
  nothing either;
* the opaque → dataset id map lives in ``Question._label_map``; only ``write_rankings_line``
  (scoring) reads it, and the engine must never be given it, nor ``question_id`` or ``answer``.

Haystacks that repeat a session id (13 in LongMemEval_S, always with identical content but a
different date) keep both copies under distinct opaque ids that map back to the same dataset id.
Sessions dated after the question are kept: answering "as of ``question_date``" is the engine's
job, and that is part of what is measured.

The files are one big JSON array (LongMemEval_S is 257 MB decompressed), so it is parsed one
element at a time with ``json.JSONDecoder.raw_decode`` over chunks: peak memory is one question,
not the file.
"""

from __future__ import annotations

import json
import lzma
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final

from worlddb.errors import NotFoundError, ValidationError
from worlddb.hashing import digest
from worlddb.timeutil import parse_time

__all__ = [
    "Message",
    "Question",
    "Session",
    "iter_json_array",
    "iter_questions",
    "write_rankings_line",
]

_CHUNK_CHARS: Final = 1 << 20
_SALT_BYTES: Final = 16
_WHITESPACE: Final = " \t\n\r"
_AFTER_VALUE: Final = _WHITESPACE + ",]"
_FIELDS: Final = (
    "question_id",
    "question_type",
    "question",
    "question_date",
    "haystack_dates",
    "haystack_session_ids",
    "haystack_sessions",
)


@dataclass(frozen=True, slots=True)
class Message:
    """One chat turn as the engine may see it: no ``has_answer``."""

    role: str
    content: str


@dataclass(frozen=True, slots=True)
class Session:
    """One haystack session under its opaque id; ``messages[i]`` is the dataset's turn ``i + 1``."""

    opaque_id: str
    date_us: int
    messages: tuple[Message, ...]


@dataclass(frozen=True)
class Question:
    """One LongMemEval question with its scrubbed haystack.

    Attributes:
        question_id: The dataset id; a label (``_abs`` marks abstention), keep it harness-side.
        question_type: e.g. ``"multi-session"``.
        question: The question text, the only thing to ask the engine.
        question_date: When the question is asked, microseconds UTC: recall as of this time.
        sessions: The haystack, sorted by date.
        answer: The reference answer (as text), for QA scoring only.
        _label_map: Opaque session id → dataset session id. Scoring only: never give it (or
            ``dataset_session_id``) to the engine.
    """

    question_id: str
    question_type: str
    question: str
    question_date: int
    sessions: tuple[Session, ...]
    answer: str = field(repr=False)
    _label_map: Mapping[str, str] = field(repr=False, compare=False)

    @property
    def is_abstention(self) -> bool:
        """Whether the question has no answer in its haystack (the ``_abs`` questions)."""
        return self.question_id.endswith("_abs")

    def dataset_session_id(self, opaque_id: str) -> str:
        """Map an opaque session id back to the dataset's id, for scoring only.

        Raises:
            NotFoundError: ``opaque_id`` is not a session of this question's haystack.
        """
        try:
            return self._label_map[opaque_id]
        except KeyError:
            raise NotFoundError(opaque_id, what="session of this question") from None

    def get_session(self, opaque_id: str) -> Session:
        """The session with this opaque id.

        Raises:
            NotFoundError: ``opaque_id`` is not a session of this question's haystack.
        """
        for session in self.sessions:
            if session.opaque_id == opaque_id:
                return session
        raise NotFoundError(opaque_id, what="session of this question")


def iter_questions(path: str | Path, *, salt: bytes | None = None) -> Iterator[Question]:
    """Stream the questions of a LongMemEval ``.json`` or ``.json.xz`` file.

    Args:
        path: The dataset file (a top-level JSON array of questions).
        salt: Mixed into every opaque session id; default: 16 random bytes, fresh for each call,
            so ids differ between runs and cannot be learnt. Pass one to make ids reproducible.

    Yields:
        One ``Question`` at a time, in file order.

    Raises:
        ValidationError: The file is not a JSON array of well-formed questions.
    """
    run_salt = os.urandom(_SALT_BYTES) if salt is None else salt
    name = str(path)
    try:
        with _open_text(path) as fh:
            for index, raw in enumerate(iter_json_array(fh)):
                yield _to_question(raw, run_salt, where=f"{name!r} element {index}")
    except (lzma.LZMAError, EOFError, UnicodeDecodeError) as exc:
        raise ValidationError(f"cannot read {name!r}: {exc}", field="path", value=name) from None


def write_rankings_line(
    fh: IO[str],
    question: Question,
    session_ranking: Sequence[str],
    turn_ranking: Sequence[tuple[str, int]] | None = None,
) -> None:
    """Write one line of the rankings JSONL that ``lme_score.py`` and ``score_rankings`` read.

    Opaque ids are mapped back to dataset ids; a session listed twice (or two copies of a repeated
    session) keeps its first place only.

    Args:
        fh: A text file open for writing.
        question: The question the rankings answer.
        session_ranking: Opaque session ids, best first.
        turn_ranking: ``(opaque session id, turn index)`` pairs, best first, where the index is
            0-based into ``Session.messages``; written as the dataset's 1-based turn id. ``None``
            omits turn rankings.

    Raises:
        NotFoundError: An id is not a session of this question.
        ValidationError: A turn index is outside its session.
    """
    row: dict[str, Any] = {
        "question_id": question.question_id,
        "sessions": _unique(question.dataset_session_id(o) for o in session_ranking),
    }
    if turn_ranking is not None:
        turns = []
        for opaque_id, turn in turn_ranking:
            size = len(question.get_session(opaque_id).messages)
            if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < size:
                raise ValidationError(
                    f"turn index {turn!r} is outside session {opaque_id[:16]!r} ({size} messages)",
                    field="turn_ranking",
                    value=turn,
                )
            turns.append(f"{question.dataset_session_id(opaque_id)}_{turn + 1}")
        row["turns"] = _unique(turns)
    fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def iter_json_array(fh: IO[str], *, chunk_chars: int = _CHUNK_CHARS) -> Iterator[Any]:
    """Yield the elements of a top-level JSON array without reading the whole file.

    Elements are decoded with ``raw_decode`` from a buffer that holds the unread text; when an
    element is cut by the chunk boundary, more text (at least as much again) is read and the
    element decoded afresh, so the work stays linear and the buffer about one element long.

    Raises:
        ValidationError: The text is not a single JSON array.
    """
    reader = _Reader(fh, chunk_chars)
    if reader.next_char() != "[":
        raise ValidationError("the file is not a JSON array", field="path")
    reader.pos += 1
    if reader.next_char() == "]":
        reader.pos += 1
    else:
        while True:
            yield reader.decode()
            sep = reader.next_char()
            reader.pos += 1
            if sep == "]":
                break
            if sep != ",":
                raise ValidationError(
                    f"expected ',' or ']' between array elements, found {sep!r}", field="path"
                )
    if reader.next_char() != "":
        raise ValidationError("text follows the top-level JSON array", field="path")


class _Reader:
    """A sliding text buffer over a file, for ``iter_json_array``."""

    def __init__(self, fh: IO[str], chunk_chars: int) -> None:
        self.fh = fh
        self.chunk = chunk_chars
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.decoder = json.JSONDecoder()

    def _more(self, at_least: int) -> None:
        if self.pos:
            self.buf, self.pos = self.buf[self.pos :], 0
        text = self.fh.read(max(self.chunk, at_least))
        self.eof = not text
        self.buf += text

    def next_char(self) -> str:
        """Skip whitespace; return the next character without consuming it ('' at the end)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in _WHITESPACE:
                self.pos += 1
            if self.pos < len(self.buf) or self.eof:
                return self.buf[self.pos : self.pos + 1]
            self._more(0)

    def decode(self) -> Any:
        """Decode the JSON value that starts at the next non-space character."""
        while True:
            self.next_char()
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as exc:
                if self.eof:
                    raise ValidationError(f"malformed JSON: {exc}", field="path") from None
                self._more(len(self.buf) - self.pos)
                continue
            # A number may be cut by the chunk boundary ("12" of "123", "0" of "0.5"): accept it
            # only when what follows shows that it ended.
            cut = end == len(self.buf) or (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and self.buf[end] not in _AFTER_VALUE
            )
            if cut and not self.eof:
                self._more(len(self.buf) - self.pos)
                continue
            self.pos = end
            return value


def _open_text(path: str | Path) -> IO[str]:
    if str(path).endswith(".xz"):
        return lzma.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def _to_question(raw: object, salt: bytes, *, where: str) -> Question:
    if not isinstance(raw, dict) or any(key not in raw for key in _FIELDS):
        raise ValidationError(f"{where} is not a LongMemEval question (needs {_FIELDS})")
    ids, dates, sessions = (
        raw["haystack_session_ids"],
        raw["haystack_dates"],
        raw["haystack_sessions"],
    )
    if not (isinstance(ids, list) and isinstance(dates, list) and isinstance(sessions, list)):
        raise ValidationError(f"{where}: the haystack fields must be lists")
    if not len(ids) == len(dates) == len(sessions):
        raise ValidationError(
            f"{where}: {len(ids)} session ids, {len(dates)} dates and {len(sessions)} sessions"
        )
    when = [_time(d, where) for d in dates]
    seen: dict[str, int] = {}
    labels: dict[str, str] = {}
    built: list[Session] = []
    for i in sorted(range(len(ids)), key=when.__getitem__):
        dataset_id = str(ids[i])
        copy = seen.get(dataset_id, 0)
        seen[dataset_id] = copy + 1
        opaque = _opaque_id(salt, dataset_id, copy)
        labels[opaque] = dataset_id
        built.append(Session(opaque, when[i], _messages(sessions[i], where)))
    return Question(
        question_id=str(raw["question_id"]),
        question_type=str(raw["question_type"]),
        question=str(raw["question"]),
        question_date=_time(raw["question_date"], where),
        sessions=tuple(built),
        answer=str(raw.get("answer", "")),
        _label_map=labels,
    )


def _opaque_id(salt: bytes, dataset_id: str, copy: int) -> str:
    # The copy number separates repeated sessions; the first copy hashes salt and id alone.
    suffix = b"" if copy == 0 else b"\x00%d" % copy
    return digest(salt + b"\x00" + dataset_id.encode("utf-8") + suffix)


def _messages(raw: object, where: str) -> tuple[Message, ...]:
    if not isinstance(raw, list):
        raise ValidationError(f"{where}: a session must be a list of messages")
    out = []
    for turn in raw:
        if not (
            isinstance(turn, dict)
            and isinstance(turn.get("role"), str)
            and isinstance(turn.get("content"), str)
        ):
            raise ValidationError(f"{where}: a message needs string 'role' and 'content'")
        out.append(Message(turn["role"], turn["content"]))
    return tuple(out)


def _time(value: object, where: str) -> int:
    if not isinstance(value, str):
        raise ValidationError(f"{where}: date {value!r} is not a string", value=value)
    us = parse_time(value, field="date")
    assert us is not None  # parse_time only returns None for None
    return us


def _unique(ids: Iterator[str] | list[str]) -> list[str]:
    return list(dict.fromkeys(ids))
