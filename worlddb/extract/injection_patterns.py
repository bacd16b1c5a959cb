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
before its regex runs, so ordinary chat costs a few substring tests. The rules were tuned on
``bench/data/injection_dev.jsonl`` only; ``injection_holdout.jsonl`` was written after they
were frozen (see ``worlddb.bench.injection``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["CATEGORIES", "HIDDEN_ADDRESSEE", "HIDDEN_IMPERATIVE", "RULES", "Rule"]

CATEGORIES: Final = ("override", "memory-write", "role-header", "tool-call", "hidden", "persona")

_I = re.IGNORECASE
_IM = re.IGNORECASE | re.MULTILINE

_VERB = (
    r"(?:ignore|disregard|forget|override|bypass|skip|drop|discard|abandon|neglect|set\s+aside|"
    r"throw\s+out|scrap|circumvent)"
)
_PRIOR = (
    r"(?:previous|prior|above|earlier|preceding|foregoing|original|initial|old|existing|"
    r"system|current|given|default|former)"
)
_RULES = (
    r"(?:instructions?|prompts?|rules|directives?|directions|guidelines|commands|guardrails|"
    r"constraints|restrictions|policies|programming|training|safety\s+(?:rules|settings|filters))"
)
_RULES_OR_CONTEXT = rf"(?:{_RULES}|context|conversation|messages)"
_QUANT = r"(?:(?:all|any|every|each|whatever|of|the|these|those)\s+)*"
_WORD = r"(?:[\w'-]+\s+)?"
_AI = r"(?:AI|A\.I\.|assistant|LLM|language\s+model|chatbot|bot|agent|model|GPT|Claude)"
_AI_STRICT = (
    r"(?:AI(?:\s+(?:assistant|model|agent))?|A\.I\.|assistant|LLM|language\s+model|chatbot)"
)
_MEMORY_VERB = (
    r"(?:save|record|remember|store|write(?:\s+down)?|log|memori[sz]e|note|keep|commit|put)"
)
# "Save it instead" and "keep that instead" are everyday chat; only a pointer at the message
# itself ("this", "the following") with a memory verb reads as a rewrite of the memory.
_SAVE = r"(?:save|record|remember|store|write(?:\s+down)?|log|memori[sz]e|note)"
_POINTER = r"(?:this|these|the\s+following|the\s+text\s+below|this\s+one)"
_THIS = r"(?:this|that|these|it|the\s+following|the\s+text\s+below|this\s+one)"
_TRUTH = r"(?:the\s+)?(?:truth|true|verified|facts?|a\s+fact|confirmed|authoritative|trusted|canon)"
_TAMPER = (
    r"(?:update|overwrite|replace|rewrite|erase|wipe|delete|clear|modify|edit|reset|purge|"
    r"corrupt|alter|poison)"
)
_TOOLISH = (
    r"(?:memory_\w+|functions\.\w+|\w*(?:delete|purge|erase|wipe|retire|send_email|exec|"
    r"shell|bash|transfer)\w*)"
)
_ROLE_LINE_PAYLOAD = (
    r"[^\n]{0,120}?\b(?:you|your|must|always|never|ignore|forget|disregard|store|save|record|"
    r"remember|delete|obey|comply|policy|the\s+user|new\s+rules?)\b"
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
                          "circumvent")  # fmt: skip
_RULE_HINTS: Final = ("instruction", "prompt", "rule", "directive", "direction", "guideline",
                      "command", "guardrail", "constraint", "restriction", "polic", "programming",
                      "training", "safety", "context", "conversation", "message")  # fmt: skip
_MEMORY_HINTS: Final = ("save", "record", "remember", "store", "write", "log", "memori", "note",
                        "keep", "commit", "put")  # fmt: skip
_AI_HINTS: Final = ("ai", "a.i.", "assistant", "llm", "language model", "chatbot", "bot",
                    "agent", "model", "gpt", "claude")  # fmt: skip

_TRUTH_HINTS: Final = ("truth", "true", "verified", "fact", "confirmed", "authoritative",
                       "trusted", "canon", "permanent", "forever")  # fmt: skip
_TAMPER_HINTS: Final = ("updat", "overwrit", "replac", "rewrit", "eras", "wipe", "delet", "clear",
                        "modif", "edit", "reset", "purg", "corrupt", "alter", "poison",
                        "forget")  # fmt: skip
_FROM_NOW_HINTS: Final = ("now on", "henceforth", "going forward", "this point on")

RULES: Final[tuple[Rule, ...]] = (
    # -- override: imperatives that cancel the assistant's instructions -------------------------
    Rule(
        "override-instructions",
        "override",
        (_OVERRIDE_HINTS, _RULE_HINTS),
        re.compile(
            rf"\b{_VERB}\s+(?:"
            r"(?:all|any|every|each)\s+(?:of\s+)?(?:the\s+|your\s+|these\s+)?(?:other\s+)?"
            rf"{_RULES}"
            rf"|{_QUANT}(?:your|its|the\s+{_AI}'s)\s+{_WORD}{_RULES}"
            rf"|{_QUANT}{_PRIOR}\s+{_WORD}{_RULES_OR_CONTEXT})\b",
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
            ),
        ),
        re.compile(
            rf"\b(?:(?:all\s+|your\s+|the\s+)?{_PRIOR}|your|all)\s+{_WORD}{_RULES}\s+"
            r"(?:are|is|have\s+been|were|has\s+been)\s+(?:now\s+|hereby\s+)?(?:void|null|"
            r"cancell?ed|revoked|obsolete|overridden|superseded|invalid|lifted|suspended|"
            r"no\s+longer\s+(?:valid|apply|applicable|in\s+effect|active))\b",
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
        (_MEMORY_HINTS, ("instead",)),
        re.compile(
            rf"\b{_SAVE}\s+{_POINTER}\s+(?:(?:in|into|to|as)\s+(?:your\s+)?\w+\s+)?instead\b"
            rf"|\binstead\s*[,:]?\s+{_SAVE}\s*(?:{_POINTER}|:)"
            r"|\binstead\s+of\s+(?:the\s+|what\s+you\s+)?(?:old|previous|earlier|existing|stored|"
            rf"current|saved|had)\s+\w+\s*[,:]?\s*{_MEMORY_VERB}\b",
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
            r"|permanently\b|forever\b)",
            _I,
        ),
    ),
    Rule(
        "memory-tamper",
        "memory-write",
        (_TAMPER_HINTS, ("memor", "know", "records", "notes", "facts")),
        re.compile(
            rf"\b{_TAMPER}\s+(?:all\s+(?:of\s+)?)?(?:your|its|the\s+(?:assistant's|AI's))\s+"
            r"(?:(?:stored|saved|long-term|persistent)\s+)?(?:memory|memories|knowledge\s+base)\b"
            rf"|\b{_TAMPER}\s+(?:all\s+(?:of\s+)?)?the\s+(?:stored|saved|remembered|long-term|"
            r"persistent)\s+(?:\w+\s+)?(?:memory|memories|records|facts|notes)\b"
            rf"|\b(?:{_TAMPER}|forget)\s+(?:everything|all|whatever)\s+(?:that\s+)?you\s+"
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
            rf"\b{_MEMORY_VERB}\s+(?:that\s+)?the\s+user(?:'s)?\s+(?:is|has|was|wants|lives|"
            r"works|moved|said|prefers|agreed|authori[sz]ed|granted|owes|name|employer|password|"
            r"address|salary)\b",
            _I,
        ),
    ),
    # -- role-header: fake turns of a chat template ----------------------------------------------
    Rule(
        "chat-template-token",
        "role-header",
        (("<|", "[inst", "[/inst", "<<sys", "<</sys", "_of_turn>"),),
        re.compile(
            r"<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|"
            r"start_header_id|end_header_id|begin_of_text)\|>|\[/?INST\]|<</?SYS>>|"
            r"<(?:start|end)_of_turn>",
            _I,
        ),
    ),
    Rule(
        "fake-role-tag",
        "role-header",
        (("<",), (">",)),
        re.compile(
            r"</?\s*(?:system|system[_-]prompt|assistant|tool|tool_call|tool_use|tool_result|"
            r"function_calls?|function_results?|instructions?|admin|developer)\s*>",
            _I,
        ),
    ),
    Rule(
        "fake-role-header",
        "role-header",
        (("#", "[", "system", "human", "assistant"),),
        re.compile(
            r"(?:^|\n)[ \t]*(?:"
            r"#{2,}[ \t]*(?:(?:system(?:[ \t]+(?:prompt|message))?|instruction|assistant|response)"
            r"[ \t]*(?::|$)|instructions[ \t]*:)"
            r"|\[(?:system|assistant|admin|developer|sys)(?:[ \t]+(?:message|note|prompt|override|"
            r"notice|instructions?))?\]"
            r"|(?-i:SYSTEM|Human|Assistant)[ \t]*:|assistant[ \t]*:"
            r"|system[ \t]*:" + _ROLE_LINE_PAYLOAD + ")",
            _IM,
        ),
    ),
    Rule(
        "fake-system-notice",
        "role-header",
        (("system", "admin", "developer", "root"),),
        re.compile(
            r"\[(?i:system|admin|developer)[ \t]+(?i:message|note|prompt|override|notice)\]"
            r"|\b(?:SYSTEM|ADMIN|DEVELOPER|ROOT)[ \t]+(?:OVERRIDE|MESSAGE|NOTICE|INSTRUCTIONS?|"
            r"PROMPT|UPDATE|COMMAND)\b",
        ),
    ),
    # -- tool-call: look-alikes of a tool invocation ---------------------------------------------
    Rule(
        "tool-call-json",
        "tool-call",
        (('"',), (":",)),
        re.compile(
            r"\"(?:tool|tool_name|function|function_name|name|action|recipient_name|command)\"\s*:"
            rf"\s*\"{_TOOLISH}\"|\"type\"\s*:\s*\"(?:tool_use|tool_call|function_call)\"",
            _I,
        ),
    ),
    Rule(
        "tool-call-markup",
        "tool-call",
        (("invoke", "parameter"),),
        re.compile(r"<(?:\w+:)?(?:invoke|parameter)\s+name\s*=", _I),
    ),
    Rule(
        "tool-call-phrase",
        "tool-call",
        (("memory_", "functions."),),
        re.compile(
            r"\b(?:call|invoke|run|execute|trigger|use|fire|issue)\s+(?:the\s+)?(?:tool\s+|"
            r"function\s+)?`?(?:memory_\w+|functions\.\w+)\b|\bmemory_\w+\s*\(",
            _I,
        ),
    ),
    # -- persona: re-casting the assistant -------------------------------------------------------
    Rule(
        "role-reassignment",
        "persona",
        (("now",),),
        re.compile(
            r"\byou\s+(?:are|'re)\s+now\s+(?:an?\s+)?(?:DAN\b|unrestricted|unfiltered|jailbroken|"
            r"free\s+from|no\s+longer\s+(?:bound|an?\s+(?:AI|assistant))|in\s+(?:developer|god|"
            r"admin|debug|jailbreak|DAN)\s+mode|(?:an?\s+)?(?:different|new|evil|rogue)\s+"
            r"(?:AI|assistant|model|persona|system))",
            _I,
        ),
    ),
    Rule(
        "you-are-now",
        "persona",
        (("now",),),
        re.compile(
            r"(?:^|[.!?:\n]\s*)(?:from\s+now\s+on,?\s+)?you\s+(?:are|'re)\s+now"
            r"(?!\s+(?:officially\s+|definitely\s+|really\s+)?(?:my|our)\b)\s+[^.!?\n]{0,80}?"
            r"\b(?:assistant|AI|model|bot|chatbot|persona|character|role|mode|named|called|without|"
            r"no\s+longer|unrestricted|pretend|act|respond|answer|reply|obey)\b",
            _I,
        ),
    ),
    Rule(
        "from-now-on-you",
        "persona",
        (("now on", "henceforth", "going forward"),),
        re.compile(
            r"\b(?:from\s+now\s+on|henceforth|going\s+forward),?\s+you\s+(?:are|will\s+be|act\s+as"
            r"|will\s+act\s+as)\s+(?:an?\s+|the\s+)?(?:\w+\s+){0,2}?(?:AI|assistant|model|bot|"
            r"chatbot|persona|DAN|unfiltered|unrestricted|uncensored|jailbroken)\b",
            _I,
        ),
    ),
    Rule(
        "pretend-to-be",
        "persona",
        (("pretend", "act as", "roleplay", "role-play", "role of", "behave as"),),
        re.compile(
            r"\b(?:pretend\s+(?:that\s+)?(?:you\s+are|you're|to\s+be)|act\s+as(?:\s+if\s+you\s+"
            r"(?:are|were))?|role-?play\s+as|play\s+the\s+role\s+of|(?:will\s+)?(?:now\s+)?"
            r"behave\s+as)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:AI|assistant|system|model|LLM|"
            r"chatbot|administrator|admin|developer|root|sysadmin|DAN|jailbroken|unrestricted|"
            r"unfiltered|uncensored)\b",
            _I,
        ),
    ),
    Rule(
        "mode-switch",
        "persona",
        (("mode",),),
        re.compile(
            r"\b(?:enable|activate|enter|switch\s+to|turn\s+on)\s+(?:developer|god|admin|debug|"
            r"jailbreak|DAN|sudo|maintenance)\s+mode\b|\bjailbreak(?:ed)?\s+mode\b",
            _I,
        ),
    ),
    Rule(
        "reveal-prompt",
        "persona",
        (("prompt", "instructions"),),
        re.compile(
            r"\b(?:reveal|print|show|repeat|output|leak|dump)\s+(?:me\s+)?(?:your|the)\s+"
            r"(?:full\s+|entire\s+|hidden\s+|original\s+)?(?:system\s+prompt|initial\s+"
            r"instructions|hidden\s+instructions)\b",
            _I,
        ),
    ),
    Rule(
        "addressed-to-ai",
        "persona",
        (_AI_HINTS,),
        re.compile(
            rf"\bif\s+you\s+(?:are|'re)\s+(?:an?\s+)?(?:automated\s+|large\s+)?{_AI}\b"
            rf"|\b(?:any|all|every|each)\s+{_AI}s?\s+(?:that\s+(?:is\s+)?|who\s+(?:is\s+)?)?"
            r"(?:reading|processing|parsing|summari[sz]ing|ingesting|reads|processes|sees)\b"
            rf"|\bnote\s+to\s+(?:the\s+|any\s+|all\s+)?{_AI}s?\b"
            rf"|\bthe\s+{_AI_STRICT}\s+(?:must|shall|is\s+(?:required|instructed)\s+to|should\s+"
            r"(?=now|immediately|always))\s*(?:now\s+|immediately\s+|always\s+|also\s+)?"
            r"(?:ignore|forget|disregard|store|save|"
            r"record|remember|delete|erase|wipe|obey|comply|treat|reveal|send|write|overwrite)\b",
            re.IGNORECASE,
        ),
    ),
)

# Inside text a reader cannot see (an HTML comment, a display:none element), any imperative
# aimed at an AI or at its memory counts: hidden text has no business addressing the assistant.
# Two searches rather than one regex with a lookahead, so a long comment costs linear time.
HIDDEN_ADDRESSEE: Final = re.compile(rf"\b(?:you|your|{_AI}s?|memory)\b", _I)
HIDDEN_IMPERATIVE: Final = re.compile(
    r"\b(?:remember|save|store|record|write|ignore|forget|disregard|delete|erase|wipe|obey|tell|"
    r"say|reply|respond|send|must|should|always|never)\b",
    _I,
)
