"""LongMemEval question answering: answer from recalled context, then have an LLM judge it.

Retrieval metrics say whether the evidence was found; this says whether an answerer given what
recall ranked first can actually answer. It needs an Anthropic API key, so it is opt-in
(``--answer``) and never part of the offline test suite, which runs it against mocked responses.

The judge follows the LongMemEval QA protocol (xiaowu0162/LongMemEval ``src/evaluation``), with
a binary CORRECT/WRONG verdict and the benchmark's per-type allowances: off-by-one day counts
pass for temporal reasoning, a stale value alongside the updated one passes for knowledge
updates, preference answers are checked against a rubric, and for abstention questions the
answer is correct when it says the information is not there.

The answerer sees the question, its date and the top ``context_turns`` turns of the ranking,
grouped by session in date order, and nothing else: no ids, no labels.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import IO, TYPE_CHECKING, Final

from worlddb.errors import MissingExtraError, PluginError, ValidationError
from worlddb.eval.longmemeval import Question
from worlddb.timeutil import to_datetime

if TYPE_CHECKING:
    import anthropic

__all__ = [
    "CONTEXT_TURNS",
    "DEFAULT_MODEL",
    "AnswerReport",
    "Judgement",
    "QAEvaluator",
    "read_judgements",
    "summarize_answers",
    "write_judgement",
]

DEFAULT_MODEL: Final = "claude-sonnet-4-6"
CONTEXT_TURNS: Final = 20
MAX_TURN_CHARS: Final = 2_000  # assistant turns run to pages; the gist is at the start
ANSWER_MAX_TOKENS: Final = 512
JUDGE_MAX_TOKENS: Final = 16
ABSTENTION: Final = "abstention"

_VERDICT = re.compile(r"\b(CORRECT|INCORRECT|WRONG)\b")

_ANSWER_SYSTEM: Final = (
    "You answer questions about a user from excerpts of their past chat sessions with an "
    "assistant. Use only the excerpts. Dates matter: each session is dated, and the question is "
    "asked on the current date given. If the excerpts do not contain the answer, say that you "
    "do not know. Answer in one or two sentences."
)
_JUDGE_BASE: Final = (
    "I will give you a question, a correct answer, and a response from a model. Reply CORRECT "
    "if the response contains the correct answer or is equivalent to it, even if it shows "
    "intermediate steps. Reply WRONG if the response is incorrect, or contains only a subset "
    "of the information the answer requires."
)
_JUDGE_EXTRA: Final = {
    "temporal-reasoning": (
        " Do not penalise off-by-one errors in counts of days, weeks or months: predicting 19 "
        "days when the answer is 18 is still CORRECT."
    ),
    "knowledge-update": (
        " If the response mentions earlier information along with an updated answer, it is "
        "CORRECT as long as the updated answer is the correct one."
    ),
}
_JUDGE_PREFERENCE: Final = (
    "I will give you a question, a rubric for the desired personalised response, and a response "
    "from a model. Reply CORRECT if the response satisfies the rubric: it uses the user's "
    "personal information correctly (it need not reflect every point). Reply WRONG otherwise."
)
_JUDGE_ABSTENTION: Final = (
    "I will give you an unanswerable question, an explanation of why it cannot be answered, and "
    "a response from a model. Reply CORRECT if the response identifies the question as "
    "unanswerable (it says the information is missing or that it does not know, even if it "
    "then guesses). Reply WRONG if it answers as though the information were available."
)
_JUDGE_TAIL: Final = "\n\nReply with exactly one word: CORRECT or WRONG."


@dataclass(frozen=True, slots=True)
class Judgement:
    """One question's answer and verdict, as stored in the answers JSONL."""

    question_id: str
    question_type: str
    abstention: bool
    hypothesis: str
    correct: bool


@dataclass(frozen=True)
class AnswerReport:
    """QA accuracy overall, per question type, and on abstention questions."""

    n: int
    accuracy: float
    by_type: dict[str, tuple[int, float]]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "n": self.n,
            "accuracy": self.accuracy,
            "by_type": {t: {"n": n, "accuracy": a} for t, (n, a) in self.by_type.items()},
        }

    def format_table(self) -> str:
        """Render accuracy per type as a text table."""
        lines = [
            "LongMemEval QA accuracy (LLM judge)",
            f"{'overall':30s} {self.n:>4d} {self.accuracy:.4f}",
        ]
        lines += [f"  {t:28s} {n:>4d} {a:.4f}" for t, (n, a) in self.by_type.items()]
        return "\n".join(lines)


def _anthropic() -> ModuleType:
    """The ``anthropic`` SDK, imported when first needed (an optional extra).

    Raises:
        MissingExtraError: it is not installed; the message names ``worlddb[anthropic]``.
    """
    try:
        import anthropic
    except ImportError as exc:
        raise MissingExtraError("answering and judging with Claude", "anthropic") from exc
    return anthropic


class QAEvaluator:
    """Answers LongMemEval questions from ranked turns and judges the answers with Claude."""

    def __init__(
        self,
        client: anthropic.Anthropic,
        *,
        model: str = DEFAULT_MODEL,
        judge_model: str | None = None,
        context_turns: int = CONTEXT_TURNS,
    ) -> None:
        """Use ``client`` (build it with the SDK: ``anthropic.Anthropic()`` reads the key).

        Raises:
            ValidationError: ``context_turns`` is not positive.
        """
        if context_turns < 1:
            raise ValidationError(
                "context_turns must be at least 1", field="context_turns", value=context_turns
            )
        self.client = client
        self.model = model
        self.judge_model = judge_model or model
        self.context_turns = context_turns

    @classmethod
    def connect(
        cls,
        api_key: str | None = None,
        *,
        model: str = DEFAULT_MODEL,
        judge_model: str | None = None,
    ) -> QAEvaluator:
        """An evaluator on a fresh client; without ``api_key`` the SDK reads ``ANTHROPIC_API_KEY``.

        Raises:
            PluginError: No API key was given or found.
        """
        sdk = _anthropic()
        try:
            client = sdk.Anthropic(api_key=api_key)
        except sdk.AnthropicError as exc:  # pragma: no cover - older SDKs raise here
            raise PluginError(f"no Anthropic API key (set ANTHROPIC_API_KEY): {exc}") from exc
        if client.api_key is None and getattr(client, "auth_token", None) is None:
            # Newer SDKs only fail at the first call, mid-run: fail before ranking anything.
            raise PluginError("no Anthropic API key: set ANTHROPIC_API_KEY or pass api_key")
        return cls(client, model=model, judge_model=judge_model)

    def evaluate(self, question: Question, turns: Sequence[tuple[str, int]]) -> Judgement:
        """Answer ``question`` from the first turns of its ranking, then judge the answer.

        Args:
            question: The question (its reference answer is used by the judge only).
            turns: ``(opaque session id, turn index)`` pairs, best first.

        Raises:
            PluginError: The API call failed or the judge gave no verdict.
        """
        hypothesis = self.answer(question, self.build_context(question, turns))
        correct = self.judge(question, hypothesis)
        return Judgement(
            question.question_id,
            question.question_type,
            question.is_abstention,
            hypothesis,
            correct,
        )

    def build_context(self, question: Question, turns: Sequence[tuple[str, int]]) -> str:
        """The answerer's context: the top turns, grouped by session in date order."""
        chosen: dict[str, list[int]] = defaultdict(list)
        for session_id, turn in turns[: self.context_turns]:
            chosen[session_id].append(turn)
        sessions = sorted((question.get_session(s) for s in chosen), key=lambda s: s.date_us)
        blocks = []
        for session in sessions:
            lines = [f"Session on {_when(session.date_us)}:"]
            for turn in sorted(chosen[session.opaque_id]):
                message = session.messages[turn]
                text = " ".join(message.content.split())[:MAX_TURN_CHARS]
                lines.append(f"  {message.role}: {text}")
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks) if blocks else "(no excerpts)"

    def answer(self, question: Question, context: str) -> str:
        """Ask the answering model; returns its text."""
        prompt = (
            f"Excerpts from past sessions:\n\n{context}\n\n"
            f"Current date: {_when(question.question_date)}\n"
            f"Question: {question.question}\nAnswer:"
        )
        return self._ask(self.model, _ANSWER_SYSTEM, prompt, ANSWER_MAX_TOKENS)

    def judge(self, question: Question, hypothesis: str) -> bool:
        """Ask the judge whether ``hypothesis`` answers ``question``; True for CORRECT."""
        if question.is_abstention:
            rubric, label = _JUDGE_ABSTENTION, "Explanation"
        elif question.question_type == "single-session-preference":
            rubric, label = _JUDGE_PREFERENCE, "Rubric"
        else:
            rubric = _JUDGE_BASE + _JUDGE_EXTRA.get(question.question_type, "")
            label = "Correct answer"
        prompt = (
            f"{rubric}\n\nQuestion: {question.question}\n{label}: {question.answer}\n"
            f"Model response: {hypothesis}{_JUDGE_TAIL}"
        )
        verdict = self._ask(self.judge_model, None, prompt, JUDGE_MAX_TOKENS)
        match = _VERDICT.search(verdict.upper())
        if match is None:
            raise PluginError(f"the judge gave no CORRECT/WRONG verdict: {verdict[:80]!r}")
        return match.group(1) == "CORRECT"

    def _ask(self, model: str, system: str | None, prompt: str, max_tokens: int) -> str:
        try:
            if system is None:
                reply = self.client.messages.create(
                    model=model,
                    max_tokens=max_tokens,
                    messages=[{"role": "user", "content": prompt}],
                )
            else:
                reply = self.client.messages.create(
                    model=model,
                    max_tokens=max_tokens,
                    system=system,
                    messages=[{"role": "user", "content": prompt}],
                )
        except _anthropic().APIError as exc:
            raise PluginError(f"Anthropic API call to {model!r} failed: {exc}") from exc
        texts = [block.text for block in reply.content if block.type == "text"]
        if not texts:
            raise PluginError(f"{model!r} replied without text (stop reason {reply.stop_reason!r})")
        return "".join(texts).strip()


def _when(us: int) -> str:
    # The benchmark's own date format ("2023/05/20 (Sat) 02:21"): the weekday helps with
    # "last Saturday" questions.
    return to_datetime(us).strftime("%Y/%m/%d (%a) %H:%M")


def write_judgement(fh: IO[str], judgement: Judgement) -> None:
    """Append one judgement as a JSON line."""
    fh.write(json.dumps(asdict(judgement), ensure_ascii=False) + "\n")


def read_judgements(path: str | Path) -> list[Judgement]:
    """Read an answers JSONL (last line per question wins); a missing file reads as empty.

    Raises:
        ValidationError: A line is not a judgement.
    """
    found: dict[str, Judgement] = {}
    file = Path(path)
    if not file.exists():
        return []
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            judgement = Judgement(
                str(row["question_id"]),
                str(row["question_type"]),
                bool(row["abstention"]),
                str(row["hypothesis"]),
                bool(row["correct"]),
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValidationError(
                f"answers line {number} of {str(path)!r} is not a judgement: {exc}", field="path"
            ) from None
        found[judgement.question_id] = judgement
    return list(found.values())


def summarize_answers(judgements: Iterable[Judgement]) -> AnswerReport:
    """Accuracy overall and per type; abstention questions also count under ``abstention``."""
    groups: dict[str, list[bool]] = defaultdict(list)
    every: list[bool] = []
    for j in judgements:
        every.append(j.correct)
        groups[j.question_type].append(j.correct)
        if j.abstention:
            groups[ABSTENTION].append(j.correct)

    def accuracy(values: list[bool]) -> float:
        return sum(values) / len(values) if values else float("nan")

    return AnswerReport(
        n=len(every),
        accuracy=accuracy(every),
        by_type={t: (len(v), accuracy(v)) for t, v in sorted(groups.items())},
    )
