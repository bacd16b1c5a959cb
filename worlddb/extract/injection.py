"""Spot prompt-injection markers in a message before anything is extracted from it.

Text that tries to re-instruct a model ("ignore previous instructions", a fake ``<system>`` tag)
must not become trusted memory: a later recall would replay it into a prompt. The extractor
stores such messages but extracts nothing from them. The patterns are deliberately specific
(an imperative plus an instruction noun, a literal chat-template token) so that ordinary chat,
including chat *about* prompts, is rarely flagged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["InjectionMarker", "find_injection_markers", "is_untrusted"]

_F = re.IGNORECASE

_OVERRIDE_VERB = r"(?:ignore|disregard|forget|override|bypass|skip|drop|discard|abandon)"
_PRIOR = (
    r"(?:previous|prior|above|earlier|preceding|foregoing|original|initial|old|existing|system)"
)
_RULES = r"(?:instructions?|prompts?|rules|directives?|directions|guidelines|commands|guardrails|constraints|context|messages)"  # noqa: E501

_VERBS: Final = ("ignor", "disregard", "forget", "overrid", "bypass", "skip", "drop", "discard",
                  "abandon")  # fmt: skip
_NOUNS: Final = ("instruction", "prompt", "rule", "directive", "direction", "guideline", "command",
                 "guardrail", "constraint", "context", "message")  # fmt: skip
# (kind, gate, pattern): the pattern runs only if every gate group has a substring in the
# lowercased text, so ordinary chat costs a few substring tests and no regex scan.
_PATTERNS: Final[tuple[tuple[str, tuple[tuple[str, ...], ...], re.Pattern[str]], ...]] = (
    (
        "override-instructions",
        (_VERBS, _NOUNS),
        re.compile(
            rf"\b{_OVERRIDE_VERB}\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+|everything\s+)*"
            rf"(?:(?:the|your)\s+)?{_PRIOR}\s+(?:\w+\s+)?{_RULES}\b",
            _F,
        ),
    ),
    (
        "disregard-above",
        (_VERBS, ("above", "before", "told")),
        re.compile(
            rf"\b{_OVERRIDE_VERB}\s+(?:all\s+of\s+|everything\s+|anything\s+)?(?:the\s+|that\s+)?"
            r"(?:above|before\s+this|said\s+before|you\s+were\s+told)\b",
            _F,
        ),
    ),
    (
        "do-not-follow",
        (("follow", "obey"), _NOUNS),
        re.compile(
            rf"\b(?:do\s+not|don't|stop)\s+(?:follow(?:ing)?|obey(?:ing)?)\s+(?:your|the|any)\s+"
            rf"(?:{_PRIOR}\s+)?{_RULES}\b",
            _F,
        ),
    ),
    (
        "role-reassignment",
        (("now",),),
        re.compile(
            r"\byou\s+(?:are|'re)\s+now\s+(?:an?\s+)?(?:DAN\b|unrestricted|unfiltered|jailbroken|"
            r"free\s+from|no\s+longer\s+(?:bound|an?\s+(?:AI|assistant))|in\s+(?:developer|god|"
            r"admin|debug|jailbreak|DAN)\s+mode|(?:an?\s+)?(?:different|new|evil|rogue)\s+"
            r"(?:AI|assistant|model|persona|system))",
            _F,
        ),
    ),
    (
        "you-are-now",
        (("now",),),
        re.compile(
            r"(?:^|[.!?:\n]\s*)(?:from\s+now\s+on,?\s+)?you\s+(?:are|'re)\s+now"
            r"(?!\s+(?:officially\s+|definitely\s+|really\s+)?(?:my|our)\b)\s+[^.!?\n]{0,80}?"
            r"\b(?:assistant|AI|model|bot|chatbot|persona|character|role|mode|named|called|without|"
            r"no\s+longer|unrestricted|pretend|act|respond|answer|reply|obey)\b",
            _F,
        ),
    ),
    (
        "mode-switch",
        (("mode",),),
        re.compile(
            r"\b(?:enable|activate|enter|switch\s+to)\s+(?:developer|god|admin|debug|jailbreak|"
            r"DAN)\s+mode\b|\bjailbreak(?:ed)?\s+mode\b",
            _F,
        ),
    ),
    (
        "new-instructions",
        ((":",), ("instruction", "prompt", "directive", "rules")),
        re.compile(
            r"(?:^|\n|[.!?]\s+|#+\s*)(?:new|updated|revised|real|actual|hidden|secret|system)"
            r"\s+(?:instructions?|system\s+prompt|directives?|rules)\s*:",
            _F,
        ),
    ),
    (
        "reveal-prompt",
        (("prompt", "instructions"),),
        re.compile(
            r"\b(?:reveal|print|show|repeat|output|leak|dump)\s+(?:me\s+)?(?:your|the)\s+"
            r"(?:full\s+|entire\s+|hidden\s+|original\s+)?(?:system\s+prompt|initial\s+"
            r"instructions|hidden\s+instructions)\b",
            _F,
        ),
    ),
    (
        "chat-template-token",
        (("<|", "[inst", "[/inst", "<<sys", "<</sys"),),
        re.compile(
            r"<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|"
            r"start_header_id|end_header_id|begin_of_text)\|>|\[/?INST\]|<</?SYS>>",
            _F,
        ),
    ),
    (
        "fake-role-tag",
        (("<",), (">",)),
        re.compile(
            r"</?\s*(?:system|system[_-]prompt|assistant|tool|tool_call|tool_use|tool_result|"
            r"function_calls?|function_results?|instructions?|admin|developer)\s*>",
            _F,
        ),
    ),
    (
        "fake-role-header",
        (("#", "[", "system", "human", "assistant"),),
        re.compile(
            r"(?:^|\n)\s*(?:#{2,}\s*(?i:system|instructions?|assistant|response)\s*:?"
            r"|(?i:\[(?:system|assistant|admin)\])|(?:SYSTEM|Human|Assistant)\s*:)",
        ),
    ),
)


# Every gate hint; a pattern runs only if each of its gate groups has a hint in the text.
_HINTS: Final = frozenset(h for _, gate, _ in _PATTERNS for group in gate for h in group)


@dataclass(frozen=True, slots=True)
class InjectionMarker:
    """One injection marker: which rule fired, the matched text, and where it starts."""

    kind: str
    text: str
    start: int


def find_injection_markers(text: str) -> tuple[InjectionMarker, ...]:
    """Return every injection marker in ``text``, in text order (empty for ordinary chat).

    Never raises for any ``str``; cost is linear in the text length.
    """
    if not text:
        return ()
    lower = text.lower()
    present = frozenset(hint for hint in _HINTS if hint in lower)
    found = [
        InjectionMarker(kind, m.group(0).strip(), m.start())
        for kind, gate, pattern in _PATTERNS
        if all(not present.isdisjoint(group) for group in gate)
        for m in pattern.finditer(text)
    ]
    found.sort(key=lambda marker: marker.start)
    return tuple(found)


def is_untrusted(text: str) -> bool:
    """Whether ``text`` carries any injection marker."""
    return bool(find_injection_markers(text))
