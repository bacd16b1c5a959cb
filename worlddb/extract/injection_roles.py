"""Injection rules about form: fake chat turns, tool-call look-alikes, re-cast personas.

Where ``worlddb.extract.injection_patterns`` reads what a text asks (drop your rules, rewrite the
memory), these rules read what it pretends to be: a system or assistant turn ("SYSTEM:",
``<|im_start|>system``, "### Instruction:", a ``{"role": "system"}`` message, "assistant:" on a
line of user content), a tool invocation (``{"tool": "memory_write"}``, ``<function_calls>``,
"call memory_purge", ReAct ``Action:`` lines), or a new identity for the assistant ("you are
now DAN", "act as the system administrator", "Attention AI agent:"). Role play that gives the
assistant an ordinary job ("act as a Spanish tutor", "I want you to act as an app developer")
is chat, not injection. Same tuning protocol as the phrase rules.
"""

from __future__ import annotations

import re
from typing import Final

from worlddb.extract.injection_patterns import AI_WORDS, Rule

__all__ = ["HIDDEN_ADDRESSEE", "HIDDEN_IMPERATIVE", "ROLE_RULES"]

_I = re.IGNORECASE
_IM = re.IGNORECASE | re.MULTILINE

_AI_STRICT = (
    r"(?:AI(?:\s+(?:assistant|model|agent))?|A\.I\.|assistant|LLM|language\s+model|chatbot)"
)

_YOU_ARE = r"you(?:\s+are|'re)"

_TOOLISH = (
    r"(?:memory_\w+|functions\.\w+|\w*(?:delete|purge|erase|wipe|retire|send_email|exec|"
    r"shell|bash|transfer)\w*)"
)

_ROLE_LINE_PAYLOAD = (
    r"[^\n]{0,120}?\b(?:you|your|must|always|never|ignore|forget|disregard|store|save|record|"
    r"remember|delete|obey|comply|policy|the\s+user|new\s+rules?)\b"
)

_AI_HINTS: Final = ("ai", "a.i.", "assistant", "llm", "language model", "chatbot", "bot",
                    "agent", "model", "gpt", "claude")  # fmt: skip

ROLE_RULES: Final[tuple[Rule, ...]] = (
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
            r"#{2,}[ \t]*(?:(?:system(?:[ \t]+(?:prompt|message))?|instruction|assistant)"
            r"[ \t]*(?::|$)|(?:instructions|response)[ \t]*:)"
            r"|\[(?:system|assistant|admin|developer|sys)(?:[ \t]+(?:message|note|prompt|override|"
            r"notice|instructions?))?\]"
            r"|(?-i:SYSTEM|Human|Assistant)[ \t]*:|assistant[ \t]*:"
            r"|system[ \t]*:" + _ROLE_LINE_PAYLOAD + ")",
            _IM,
        ),
    ),
    Rule(
        "fake-role-json",
        "role-header",
        (('"role"',),),
        re.compile(r"\"role\"\s*:\s*\"(?:system|developer)\"", _I),
    ),
    Rule(
        "fake-system-notice",
        "role-header",
        (("system", "admin", "developer", "root", "operator"),),
        re.compile(
            r"\[(?i:system|admin|developer)[ \t]+(?i:message|note|prompt|override|notice)"
            r"[ \t]*[\]:]"
            r"|(?:^|\n|[.!?][ \t]+)(?i:system|developer|admin|administrator|operator)[ \t]+"
            r"(?i:message|note|notice|instructions?|prompt|override|update)[ \t]*:"
            r"|\b(?:SYSTEM|ADMIN|DEVELOPER|ROOT)[ \t]+(?:OVERRIDE|MESSAGE|NOTICE|INSTRUCTIONS?|"
            r"PROMPT|UPDATE|COMMAND)\b",
            re.MULTILINE,
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
        "tool-call-react",
        "tool-call",
        (("action", "tool_call", "tool_use", "tool"),),
        re.compile(
            r"(?:^|\n)[ \t]*Action[ \t]*:[ \t]*\w+[ \t]*\n[ \t]*Action[ \t]+Input[ \t]*:"
            r"|\btool_(?:call|use)\s*:"
            r"|\buse\s+your\s+(?:[\w-]+\s+)?(?:tool|function)\s+to\s+(?:save|store|write|delete|erase|"
            r"purge|retire|record|remember|amend|overwrite|forget)\b",
            _IM,
        ),
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
            rf"\b{_YOU_ARE}\s+now\s+(?:an?\s+)?(?:DAN\b|unrestricted|unfiltered|jailbroken|"
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
            rf"(?:^|[.!?:\n]\s*)(?:from\s+now\s+on,?\s+)?{_YOU_ARE}\s+now"
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
            r"|will\s+act\s+as)\s+(?:called\s+|named\s+|known\s+as\s+)?(?:an?\s+|the\s+)?"
            r"(?:\w+\s+){0,2}?(?:AI|assistant|model|\w*bot|\w*GPT|chatbot|persona|DAN|unfiltered|"
            r"unrestricted|uncensored|jailbroken)\b",
            _I,
        ),
    ),
    Rule(
        "pretend-to-be",
        "persona",
        (
            (
                "pretend",
                "act as",
                "roleplay",
                "role-play",
                "role of",
                "behave as",
                "imagine",
                "suppose",
            ),
        ),
        re.compile(
            r"\b(?:pretend\s+(?:that\s+)?(?:you\s+are|you're|to\s+be)|act\s+as(?:\s+if\s+you\s+"
            r"(?:are|were))?|role-?play\s+as|play\s+the\s+role\s+of|(?:will\s+)?(?:now\s+)?"
            r"behave\s+as|(?:imagine|suppose)\s+(?:that\s+)?you(?:\s+are|'re))\s+(?:"
            r"the\s+(?:system|developer|admin|administrator|root\s+user|operator)\b"
            r"|(?:an?\s+|the\s+|my\s+)?(?:system\s+administrator|sysadmin|root\s+(?:user|shell)|"
            r"DAN)\b"
            r"|(?:an?\s+|the\s+)?(?:\w+\s+)?(?:jailbroken|unrestricted|unfiltered|uncensored|evil|"
            r"rogue)\s+(?:AI|assistant|model|LLM|chatbot|bot|version)\b"
            r"|(?:an?\s+)?(?:AI|assistant|model|LLM|chatbot)\s+(?:without|with\s+no)\s+(?:any\s+)?"
            r"(?:rules|restrictions|limits|limitations|filters|guidelines|constraints)\b)",
            _I,
        ),
    ),
    Rule(
        "mode-switch",
        "persona",
        (("mode",),),
        re.compile(
            r"\b(?:enable|activate|enter|switch\s+to|turn\s+on)\s+(?:developer|god|admin|"
            r"jailbreak|DAN|sudo|unrestricted|unfiltered)\s+mode\b|\bjailbreak(?:ed)?\s+mode\b",
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
        (
            (
                *_AI_HINTS,
                "your new",
                "your real",
                "your true",
                "your actual",
                "your only",
                "required",
                "instructed",
                "ordered",
                "commanded",
            ),
        ),
        re.compile(
            rf"\bif\s+{_YOU_ARE}\s+(?:an?\s+)?(?:automated\s+|large\s+)?{AI_WORDS}\b"
            rf"|\b(?:any|all|every|each|as\s+an?|to\s+(?:the|any))\s+{AI_WORDS}s?\s+"
            r"(?:that\s+(?:is\s+)?|who\s+(?:is\s+)?)?"
            r"(?:reading|processing|parsing|summari[sz]ing|ingesting|reads|processes|sees)\b"
            rf"|\bnote\s+to\s+(?:the\s+|any\s+|all\s+)?{AI_WORDS}s?\b"
            r"|(?:^|\n|[.!?]\s+)(?:attention|dear|message\s+(?:to|for)|instructions?\s+for)\s*,?\s+"
            rf"(?:the\s+|any\s+|all\s+)?{_AI_STRICT}(?:\s+(?:assistant|agent|model|system|bot))?s?"
            r"\s*[:,]"
            r"|\byour\s+(?:new|real|true|actual|only)\s+(?:job|role|task|purpose|goal|mission|"
            r"directive|objective)\s+(?:is|will\s+be)\s+to\b"
            r"|\byou\s+are\s+(?:now\s+)?(?:required|instructed|ordered|commanded)\s+to\s+"
            r"(?:remember|store|save|record|forget|ignore|delete|erase|obey|treat)\b"
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
HIDDEN_ADDRESSEE: Final = re.compile(
    rf"\b(?:{AI_WORDS}s?|memory|you\s+(?:must|should|will|need\s+to|are\s+to|have\s+to))\b", _I
)
HIDDEN_IMPERATIVE: Final = re.compile(
    r"\b(?:remember|save|store|record|write|ignore|forget|disregard|delete|erase|wipe|obey|tell|"
    r"say|reply|respond|send|must|should|always|never)\b",
    _I,
)
