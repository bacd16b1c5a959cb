"""Injection rules for paraphrase: structure rather than set phrases.

The phrase rules (``injection_patterns``, ``injection_roles``) know fixed word orders, and each
hold-out written in fresh words found about half its injections missed. These rules look for
the shape instead: an override verb in imperative position with an instruction noun a few words
later and something that points at the assistant ("your", "prior", "all", "system"); a
replacement whose object is a stored memory ("the stored fact", "the old entry", "what you
had"); a persona with no limits; a notice signed by the system or its administrator; the
common non-English forms of "ignore previous instructions". A verb that is not in imperative
position ("she ignores the rules", "I tend to forget instructions") and an object that belongs
to a person ("the instructions on the box", "my earlier email") stay ordinary chat.
"""

from __future__ import annotations

import re
from typing import Final

from worlddb.extract.injection_patterns import AI_WORDS, Rule

__all__ = ["PARAPHRASE_RULES"]

_I = re.IGNORECASE
_IM = re.IGNORECASE | re.MULTILINE

# Where an imperative starts: the text, a line, a sentence or clause, or a softener.
_IMPERATIVE_AT = (
    r"(?:^|[.!?;:,\u2014\u2013(\[\"]\s*|\n\s*|\b(?:please|kindly|just|now|also|and|so|then|simply|"
    r"you\s+(?:must|should|will|need\s+to|have\s+to)|I\s+need\s+you\s+to|I\s+want\s+you\s+to)\s+)"
)
_OVERRIDE = (
    r"(?:ignore|disregard|forget|override|bypass|skip|drop|discard|abandon|neglect|scrap|cancel|"
    r"void|circumvent|throw\s+(?:away|out)|never\s*mind|set\s+aside|"
    r"(?:do\s+not|don't|never)\s+(?:pay\s+(?:any\s+)?(?:attention|heed|mind)\s+to|follow|obey|"
    r"listen\s+to|heed|apply))"
)
_NOUN = (
    r"(?:instructions?|instructed|rules?|guidelines?|directives?|prompts?|programming|training|"
    r"guardrails?|restrictions?|constraints?|policies|policy|guidance|orders|filters?|"
    r"safety\s+(?:settings|measures))"
)
# Something in the window that points at the assistant rather than at a box or a person.
_POINTER = (
    r"(?:your|you|all|every|any|prior|previous|earlier|above|original|initial|old|existing|"
    r"system|developer|operator|safety)"
)
_STORED_THING = (
    r"(?:(?:the|my|your|that|this|any|every)\s+)?(?:(?:stored|saved|remembered|old|previous|"
    r"existing|earlier|current)\s+)?(?:fact|note|entry|record|memory|memories)s?"
    r"|(?:the|my|your)\s+(?:stored|saved|remembered)\s+[\w-]+"
)
_NO_LIMITS = (
    r"(?:with\s+(?:no|zero)\s+|without\s+(?:any\s+)?|free\s+of\s+(?:all\s+|any\s+)?)(?:limits|"
    r"limitations|restrictions|rules|filters|guidelines|censorship|boundaries|guardrails)"
)
_AI_ROLE = rf"(?:{AI_WORDS}|\w*GPT|\w*[Bb]ot|DAN|persona|version)"

_OVERRIDE_HINTS: Final = ("ignor", "disregard", "forget", "overrid", "bypass", "skip", "drop",
                          "discard", "abandon", "neglect", "scrap", "cancel", "void", "circumvent",
                          "throw", "never", "mind", "aside", "attention", "heed", "follow", "obey",
                          "listen", "apply")  # fmt: skip
_NOUN_HINTS: Final = ("instruct", "rule", "guideline", "directive", "prompt", "programming",
                      "training", "guardrail", "restriction", "constraint", "polic", "guidance",
                      "orders", "filter", "safety")  # fmt: skip
_AFTER_NOUN_HINTS: Final = ("ignore", "disregard", "forget", "discard", "bypass", "cancel", "void",
                            "outdated", "obsolete", "revoked", "invalid", "null",
                            "overridden")  # fmt: skip
_REPLACE_HINTS: Final = ("replac", "swap", "overwrit", "substitut", "over ", "in place of",
                         "no matter", "rather than", "instead of")  # fmt: skip

PARAPHRASE_RULES: Final[tuple[Rule, ...]] = (
    Rule(
        "override-window",
        "override",
        (_OVERRIDE_HINTS, _NOUN_HINTS),
        re.compile(
            rf"{_IMPERATIVE_AT}{_OVERRIDE}\s+(?!my\b)(?:"
            rf"(?:[\w'-]+\s+){{0,2}}?{_POINTER}\s+(?:[\w'-]+\s+){{0,3}}?{_NOUN}\b"
            rf"|(?:[\w'-]+\s+){{0,3}}?{_NOUN}\s+(?:(?:that\s+)?you\s+(?:got|received|were\s+given|"
            r"have\s+been\s+given|were\s+trained)|(?:set|given|written|defined|provided)\s+by\s+"
            r"(?:your|the)\s+(?:operator|developer|creator|owner|admin|system)))\b",
            _IM,
        ),
    ),
    Rule(
        "override-after-noun",
        "override",
        (_NOUN_HINTS, _AFTER_NOUN_HINTS),
        re.compile(
            rf"\b(?:your|the\s+system|all\s+(?:your\s+)?(?:previous|prior))\s+(?:[\w'-]+\s+){{0,3}}?"
            rf"{_NOUN}\b[^.!?\n]{{0,60}}?(?:\b(?:ignore|disregard|forget|discard|bypass)\s+"
            r"(?:them|it|those|these)\b|\b(?:are|is)\s+(?:now\s+)?(?:outdated|obsolete|void|"
            r"cancell?ed|invalid)\b)"
            r"|\b(?:whatever|what|everything|anything)\s+you\s+(?:were|have\s+been|'ve\s+been)\s+"
            r"(?:instructed|told|asked|given)\b[^.!?\n]{0,40}?\b(?:is|are|has\s+been)\s+(?:now\s+)?"
            r"(?:cancell?ed|void|revoked|obsolete|invalid|null|overridden)\b",
            _I,
        ),
    ),
    Rule(
        "override-non-english",
        "override",
        (("ignor", "instruc", "anweisung", "инструкц", "olvida", "oublie", "vergiss"),),
        re.compile(
            r"\b(?:ignora(?:r)?|olvida(?:r)?)\s+(?:todas\s+)?(?:las|tus)\s+instrucciones"
            r"|\b(?:ignore[rz]?|oublie[rz]?)\s+(?:toutes\s+)?(?:les|tes|vos)\s+(?:instructions|"
            r"consignes)"
            r"|\b(?:ignoriere|vergiss|ignorieren\s+Sie)\s+(?:alle\s+)?(?:vorherigen\s+|bisherigen\s+"
            r"|deine\s+)?(?:Anweisungen|Instruktionen|Regeln)"
            r"|\bignor[ae]\s+(?:todas\s+|tutte\s+)?(?:as|le)\s+(?:instruções|istruzioni)"
            r"|(?:игнорируй|забудь)\s+(?:все\s+)?(?:предыдущие\s+|свои\s+)?(?:инструкции|правила)",
            _I,
        ),
    ),
    Rule(
        "memory-replace",
        "memory-write",
        (_REPLACE_HINTS,),
        re.compile(
            r"\b(?:replace|swap\s+out|overwrite|substitute)\s+(?:all\s+)?(?:" + _STORED_THING + r")"
            r"(?:\s+(?:about|on|for|regarding|with)\b|\s*:)"
            r"|\b(?:over|replacing|overwriting|in\s+place\s+of)\s+(?:the|any|your)\s+(?:old|"
            r"earlier|previous|existing|stored|saved|current)\s+(?:entry|version|note|record|fact|"
            r"memory)\b"
            r"|\b(?:over|in\s+place\s+of|replacing|instead\s+of|rather\s+than|no\s+matter)\s+"
            r"(?:what|whatever|anything)\s+you\s+(?:have\s+)?(?:had|stored|saved|know|"
            r"remember(?:ed)?|recorded)\b",
            _I,
        ),
    ),
    Rule(
        "record-for-later",
        "memory-write",
        (("the user",),),
        re.compile(
            r"(?<!\bto\s)\b(?:save|record|remember|store|log|memori[sz]e|note|write\s+down)\s+"
            r"(?:[\w-]+\s+){0,4}?that\s+the\s+user(?:'s)?\s+(?:waives?|waived|accepts?|accepted|"
            r"allows?|allowed|permits?|permitted|owns?|owned|is|was|has|admits?|admitted|"
            r"confessed|requests?|requested|gave|gives|agrees?|agreed|authori[sz]e[sd]?)\b",
            _I,
        ),
    ),
    Rule(
        "system-signed-notice",
        "role-header",
        (("from",), ("system", "admin", "developer", "operator")),
        re.compile(
            r"\b(?:message|note|notice|update|instructions?|order|directive)\s+from\s+(?:the\s+)?"
            r"(?:system|admin|administrator|sysadmin|developer|operator)s?(?:\s+(?:team|"
            r"administrator))?\s*:",
            _I,
        ),
    ),
    Rule(
        "alpaca-turns",
        "role-header",
        (("#",),),
        re.compile(
            r"#{2,}[ \t]*(instruction|input|output|response)[ \t]*:[ \t]*\n[\s\S]{0,2000}?"
            r"#{2,}[ \t]*(?!\1)(?:instruction|input|output|response)[ \t]*:",
            _I,
        ),
    ),
    Rule(
        "harmony-call",
        "tool-call",
        (("to=", "<|channel|>", "<|call|>", "<|message|>"),),
        re.compile(r"\bassistant\s+to=[\w.]+|<\|(?:channel|message|call|return|constrain)\|>", _I),
    ),
    Rule(
        "memory-tool-use",
        "tool-call",
        (("memory tool", "memory function", "memory api"),),
        re.compile(
            r"\b(?:purge|delete|erase|wipe|retire|write|save|store|overwrite|amend|clear)\b"
            r"[^.!?\n]{0,60}?\b(?:using|with|via|through)\s+(?:the|your)\s+memory\s+"
            r"(?:tool|function|api)\b",
            _I,
        ),
    ),
    Rule(
        "no-limits-persona",
        "persona",
        (("you", "become", "turn into"),),
        re.compile(
            rf"\byou(?:\s+are|'re)\s+(?:now\s+)?(?:an?\s+|the\s+)?(?:[\w-]+\s+)?{_AI_ROLE}\s+"
            rf"{_NO_LIMITS}\b"
            r"|\byou(?:\s+are|'re)\s+no\s+longer\s+(?:an?\s+)?(?:AI|assistant|language\s+model|"
            r"chatbot|bound|restricted|limited|required\s+to)\b"
            r"|\b(?:become|turn\s+into|transform\s+into)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?"
            r"(?:uncensored|unfiltered|unrestricted|jailbroken|evil|rogue)\s+(?:AI|assistant|model|"
            r"chatbot|bot|version)\b"
            r"|\b(?:behave|act)\s+as\s+(?:though|if)\s+you\s+(?:were|are)\s+(?:the\s+|an?\s+)?"
            r"(?:database|db|server|system|IT|site|root)\s+admin(?:istrator)?\b",
            _I,
        ),
    ),
    Rule(
        "ai-reading-this",
        "persona",
        (("reading", "processing", "parsing", "summari", "ingesting", "handling"),),
        re.compile(
            rf"\b{AI_WORDS}s?(?:\s+(?:agents?|assistants?|models?|systems?))?\s+(?:reading|"
            r"processing|parsing|summari[sz]ing|ingesting|handling)\s+(?:this|these|the\s+"
            r"following)\b[^.!?\n]{0,80}?\b(?:must|should|shall|are\s+(?:required|instructed)\s+to)"
            r"\b",
            _I,
        ),
    ),
)
