"""The phrase rules of the injection detector, grouped by what the injected text tries to do.

Each rule pairs an imperative with a target that only makes sense aimed at the assistant, its
memory or its tools: "ignore" needs *your* / *previous* / *all* instructions ("ignore the noise
upstairs" and "ignore the instructions on the box" are chat), "save" needs *instead* or *as the
truth* ("save this recipe for later" is a request), a role label needs to open a line and
carry an instruction ("System: Ubuntu 22.04" is a spec sheet). A user correcting their own
earlier words ("disregard my previous email about the invoice") is aimed at a person, or at
the user's own message, not at the assistant's rules: possessive *my* never fires the
override rule.

Every rule has a gate: groups of substrings the lowercased text must contain (one per group)
before its regex runs, so ordinary chat costs a few substring tests. The rules were tuned in
rounds, each measured once on a hold-out written after they were frozen; recall on fresh
phrasings stays near one half (``worlddb.bench.injection``, BENCHMARKS.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["AI_WORDS", "CATEGORIES", "INTENT_RULES", "Rule"]

CATEGORIES: Final = ("override", "memory-write", "role-header", "tool-call", "hidden", "persona")

_I = re.IGNORECASE
_IM = re.IGNORECASE | re.MULTILINE

_VERB = (
    r"(?:ignore|disregard|forget|override|bypass|skip|drop|discard|abandon|neglect|set\s+aside|"
    r"throw\s+out|scrap|circumvent|pay\s+no\s+(?:attention|heed|mind)\s+to|"
    r"take\s+no\s+notice\s+of)"
)
_PRIOR = (
    r"(?:previous|prior|above|earlier|preceding|foregoing|original|initial|old|existing|"
    r"system|current|given|default|former)"
)
_RULES = (
    r"(?:instructions?|prompts?|rules|directives?|directions|guidelines|commands|guardrails|"
    r"constraints|restrictions|policies|programming|training|guidance|orders|"
    r"safety\s+(?:rules|settings|filters))"
)
_RULES_OR_CONTEXT = rf"(?:{_RULES}|context|conversation|messages)"
_QUANT = r"(?:(?:all|any|every|each|whatever|of|the|these|those|and)\s+)*"
_WORD = r"(?:[\w'-]+\s+)?"
AI_WORDS = r"(?:AI|A\.I\.|assistant|LLM|language\s+model|chatbot|bot|agent|model|GPT|Claude)"
_MEMORY_VERB = (
    r"(?:save|record|remember|store|write(?:\s+down)?|log|memori[sz]e|note|keep|commit|put)"
)
# "Save it instead" and "keep that instead" are everyday chat; only a pointer at the message
# itself ("this", "the following") with a memory verb reads as a rewrite of the memory.
_SAVE = r"(?:save|record|remember|store|write(?:\s+down)?|log|memori[sz]e|note)"
_POINTER = r"(?:this|these|the\s+following|the\s+text\s+below|this\s+one)"
_THIS = r"(?:this|that|these|it|the\s+following|the\s+text\s+below|this\s+one)"
_TRUTH = (
    r"(?:the\s+|an?\s+)?(?:(?:verified|confirmed|established|permanent|true|undisputed)\s+)?"
    r"(?:truth|true|verified|facts?|confirmed|authoritative|trusted|canon)"
)
_TAMPER = (
    r"(?:update|overwrite|replace|rewrite|erase|wipe|delete|clear|modify|edit|reset|purge|"
    r"corrupt|alter|poison)"
)


@dataclass(frozen=True, slots=True)
class Rule:
    """One detector rule: marker ``kind``, its ``category``, substring ``gate`` and regex."""

    kind: str
    category: str
    gate: tuple[tuple[str, ...], ...]
    pattern: re.Pattern[str]


_OVERRIDE_HINTS: Final = ("ignor", "disregard", "forget", "overrid", "bypass", "skip", "drop",
                          "discard", "abandon", "neglect", "aside", "throw", "scrap",
                          "circumvent", "no attention", "no heed", "no mind",
                          "no notice")  # fmt: skip
_RULE_HINTS: Final = ("instruction", "prompt", "rule", "directive", "direction", "guideline",
                      "command", "guardrail", "constraint", "restriction", "polic", "programming",
                      "training", "safety", "context", "conversation", "message", "guidance",
                      "orders")  # fmt: skip
_MEMORY_HINTS: Final = ("save", "record", "remember", "store", "write", "log", "memori", "note",
                        "keep", "commit", "put")  # fmt: skip

_TRUTH_HINTS: Final = ("truth", "true", "verified", "fact", "confirmed", "authoritative",
                       "trusted", "canon", "permanent", "forever", "long-term", "persistent",
                       "core memory", "lasting")  # fmt: skip
_TAMPER_HINTS: Final = ("updat", "overwrit", "replac", "rewrit", "eras", "wipe", "delet", "clear",
                        "modif", "edit", "reset", "purg", "corrupt", "alter", "poison",
                        "forget")  # fmt: skip
_MEMORY_EDIT_HINTS: Final = (*_TAMPER_HINTS, "change", "add", "write", "put", "insert", "inject",
                             "save", "store", "go into")  # fmt: skip
_FROM_NOW_HINTS: Final = ("now on", "henceforth", "going forward", "this point on")

INTENT_RULES: Final[tuple[Rule, ...]] = (
    # -- override: imperatives that cancel the assistant's instructions -------------------------
    Rule(
        "override-instructions",
        "override",
        (_OVERRIDE_HINTS, _RULE_HINTS),
        re.compile(
            rf"\b{_VERB}\s+(?:"
            r"(?:all|any|every|each)\s+(?:of\s+)?(?:the\s+|your\s+|these\s+)?(?:other\s+)?"
            rf"{_RULES}"
            rf"|{_QUANT}(?:your|its|the\s+{AI_WORDS}'s)\s+{_WORD}{_RULES}"
            rf"|{_QUANT}{_PRIOR}\s+{_WORD}{_RULES_OR_CONTEXT}"
            rf"|{_QUANT}{_RULES}\s+(?:that\s+)?you\s+(?:were|have\s+been|'ve\s+been)\s+"
            r"(?:given|told|taught))\b"
            rf"|\b(?:set|put|push|lay)\s+(?:all\s+(?:of\s+)?)?(?:your|the)\s+(?:{_PRIOR}\s+)?"
            rf"{_RULES}\s+aside\b",
            _I,
        ),
    ),
    Rule(
        "disregard-above",
        "override",
        (_OVERRIDE_HINTS, ("above", "before", "told", "said", "given", "so far")),
        re.compile(
            rf"\b{_VERB}\s+(?:all\s+of\s+|everything\s+|anything\s+)?(?:the\s+|that\s+|what\s+)?"
            r"(?:above|before\s+this|said\s+before|(?:you\s+(?:were|have\s+been|'ve\s+been)\s+)"
            r"(?:told|given|instructed)|so\s+far)\b",
            _I,
        ),
    ),
    Rule(
        "do-not-follow",
        "override",
        (("follow", "obey", "apply", "adhere", "comply"), _RULE_HINTS),
        re.compile(
            r"\b(?:do\s+not|don't|stop|no\s+longer|never)\s+(?:follow(?:ing)?|obey(?:ing)?|"
            r"apply(?:ing)?|adher(?:e|ing)\s+to|comply(?:ing)?\s+with)\s+"
            rf"(?:(?:your|any)\s+{_WORD}{_RULES}|the\s+{_PRIOR}\s+{_WORD}{_RULES})\b",
            _I,
        ),
    ),
    Rule(
        "void-instructions",
        "override",
        (
            _RULE_HINTS,
            (
                "void",
                "null",
                "cancel",
                "revoked",
                "obsolete",
                "overridden",
                "superseded",
                "invalid",
                "lifted",
                "suspended",
                "no longer",
                "changed",
                "replaced",
            ),
        ),
        re.compile(
            rf"\b(?:(?:(?:all\s+|your\s+|the\s+)?{_PRIOR}|your|all)\s+{_WORD}{_RULES}\s+"
            r"(?:(?:that\s+)?you\s+(?:received|were\s+given|got|have\s+been\s+given)"
            r"[^.!?\n]{0,40}?\s+)?"
            rf"|the\s+{_WORD}{_RULES}\s+(?:that\s+)?you\s+(?:received|were\s+given|got|"
            r"have\s+been\s+given)[^.!?\n]{0,40}?\s+)"
            r"(?:(?:are|is|have\s+been|were|has\s+been)\s+(?:now\s+|hereby\s+)?(?:void|null|"
            r"cancell?ed|revoked|obsolete|overridden|superseded|invalid|lifted|suspended|replaced|"
            r"no\s+longer\s+(?:valid|applicable|in\s+effect|active))|(?:have|has)\s+(?:now\s+)?"
            r"(?:changed|been\s+(?:changed|updated|replaced))|(?:now\s+)?no\s+longer\s+"
            r"appl(?:y|ies))\b",
            _I,
        ),
    ),
    Rule(
        "new-instructions",
        "override",
        ((":",), ("instruction", "prompt", "directive", "rules", "task", "orders")),
        re.compile(
            r"(?:^|\n|[.!?]\s+|#+\s*)(?:new|updated|revised|real|actual|hidden|secret|system)"
            r"\s+(?:instructions?|system\s+prompt|directives?|rules|task|orders)\s*:",
            _I,
        ),
    ),
    # -- memory-write: aimed at what the memory holds --------------------------------------------
    Rule(
        "remember-instead",
        "memory-write",
        (_MEMORY_HINTS, ("instead", "rather than")),
        re.compile(
            rf"\b{_SAVE}\s+{_POINTER}\s+(?:(?:in|into|to|as)\s+(?:your\s+)?\w+\s+)?instead\b"
            rf"|\binstead\s*[,:]?\s+{_SAVE}\s*(?:{_POINTER}|:)"
            r"|\binstead\s+of\s+(?:the\s+|what\s+you\s+)?(?:old|previous|earlier|existing|stored|"
            rf"current|saved|had)\s+\w+\s*[,:]?\s*{_MEMORY_VERB}\b"
            r"|\b(?:instead\s+of|rather\s+than)\s+(?:what|whatever|anything)\s+you\s+(?:have\s+)?"
            r"(?:saved|stored|remembered|recorded|know|noted)\b",
            _I,
        ),
    ),
    Rule(
        "memory-as-truth",
        "memory-write",
        (_TRUTH_HINTS,),
        re.compile(
            rf"\b(?:{_MEMORY_VERB}|treat|mark|accept|flag)\s+{_THIS}\s+"
            rf"(?:(?:in|into|to)\s+(?:your\s+)?(?:\w+\s+)?memory\s+)?(?:as\s+{_TRUTH}\b"
            r"|permanently\b|forever\b)"
            rf"|\b{_MEMORY_VERB}\s+{_THIS}\s+(?:to|in|into)\s+(?:your\s+)?(?:long-term|permanent|"
            r"persistent|core)\s+memory\b"
            r"|\b(?:make|take|add|create|keep)\s+a\s+(?:permanent|persistent|lasting|long-term)\s+"
            r"(?:note|record|memory)\s+(?:that\b|of\s+the\s+fact\s+that\b|:)",
            _I,
        ),
    ),
    Rule(
        "memory-tamper",
        "memory-write",
        (_MEMORY_EDIT_HINTS, ("memor", "remember", "know", "records", "notes", "facts")),
        re.compile(
            r"\b(?:overwrite|erase|wipe|delete|clear|purge|corrupt|poison|reset)\s+"
            r"(?:all\s+(?:of\s+)?)?(?:your|its|the\s+(?:assistant's|AI's))\s+"
            r"(?:(?:stored|saved|long-term|persistent)\s+)?(?:memory|memories|knowledge\s+base)\b"
            r"|\b(?:update|modify|edit|change|alter|replace|rewrite)\s+(?:your|its)\s+"
            r"(?:(?:stored|saved|long-term|persistent)\s+)?memory\s*(?::|with\b|to\s+(?:say|show|"
            r"reflect|include|state|read)\b|so\s+that\b)"
            r"|\b(?:add|write|insert|inject|replace|change|edit|update)\b[^.!?\n]{0,30}?"
            r"\b(?:to|into|in|inside)\s+your\s+(?:long-term\s+|permanent\s+)?memory"
            r"(?=\s*(?:[.,:;!?]|$)|\s+(?:that|and|so|as|now|permanently|instead)\b)"
            r"|\bgo\s+into\s+your\s+memory\b"
            rf"|\b{_TAMPER}\s+(?:all\s+(?:of\s+)?)?the\s+(?:stored|saved|remembered|long-term|"
            r"persistent)\s+(?:\w+\s+)?(?:memory|memories|records|facts|notes)\b"
            rf"|\b(?:{_TAMPER}|forget|change)\s+(?:everything|all|whatever|what)\s+(?:that\s+)?you\s+"
            r"(?:know|remember|have\s+stored|stored|have\s+saved|have\s+on\s+file)\s+about\s+"
            r"(?:me|the\s+user|him|her|them|my)\b",
            _I,
        ),
    ),
    Rule(
        "from-now-on-remember",
        "memory-write",
        (_FROM_NOW_HINTS, (*_MEMORY_HINTS, "believe", "treat", "assume", "consider")),
        re.compile(
            r"\b(?:from\s+now\s+on|henceforth|going\s+forward|from\s+this\s+point\s+on)\s*,?\s+"
            r"(?:you\s+(?:must|should|will)\s+)?(?:always\s+)?(?:remember|store|record|save|"
            r"believe|treat|assume|consider)\s+(?:that\s+)?(?:the\s+user\b|this\b|the\s+following"
            r"|me\s+as\b|I\s+am\s+(?:the|an?)\s+(?:admin|owner|administrator|developer|root)\b)",
            _I,
        ),
    ),
    Rule(
        "record-the-user",
        "memory-write",
        (_MEMORY_HINTS, ("the user",)),
        re.compile(
            rf"(?<!\bto\s)\b{_MEMORY_VERB}\s+(?:that\s+)?the\s+user(?:'s)?\s+(?:is|has|was|wants|lives|"
            r"works|moved|said|prefers|agreed|authori[sz]ed|granted|owes|name|employer|password|"
            r"address|salary|approved|consented|confirmed)\b",
            _I,
        ),
    ),
)
