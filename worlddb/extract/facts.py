"""Read first-person facts ("I moved to Denver", "my sister's name is Ana") out of one message.

Each clause that starts a new first-person statement is matched against a short, ordered list
of patterns; the first that fits gives a normalised ``(attribute, value)`` reading with subject
``"user"``. Relations ("my sister Ana") are read in addition to that one reading. A clause that
does not fit any pattern yields nothing: precision matters more than recall here, because a
wrong fact can later supersede a right one.

Values are trimmed at clause boundaries and date expressions; values of *name* attributes
(places, employers, people) must be capitalised, or be a known place or alias when lowercase.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Literal

from worlddb.extract import lexicon as lx

__all__ = ["RawFact", "find_facts", "is_single_valued", "split_clauses"]

_Kind = Literal["name", "phrase", "number"]
_Known = Callable[[str], str | None]
_MAX_VALUE_WORDS: Final = 8
_MIN_CLAUSE_WORDS: Final = 2  # a shorter run before "and I" is a joint subject, not a clause
_I = re.IGNORECASE

_SINGLE_VALUED: Final = frozenset(
    [
        "lives_in",
        "works_at",
        "job_title",
        "studies_at",
        "hometown",
        "diet",
        "drives",
        "age",
        "name",
        "birthday",
        "spouse_name",
        "partner_name",
        "boss_name",
        "manager_name",
        "landlord_name",
        "therapist_name",
        "doctor_name",
        "dentist_name",
        "mother_name",
        "father_name",
        "car",
        "phone",
        "laptop",
        "bank",
        "gym",
        "carrier",
        "team",
        "major",
        "salary",
        "budget",
        "address",
        "commute",
        "rent",
    ]
)
_CANON_REL: Final = {
    "mom": "mother", "mum": "mother", "dad": "father", "wife": "spouse", "husband": "spouse",
    "boyfriend": "partner", "girlfriend": "partner", "fiance": "partner", "fiancé": "partner",
    "fiancee": "partner", "fiancée": "partner", "co-worker": "coworker", "neighbour": "neighbor",
    "grandma": "grandmother", "grandpa": "grandfather", "puppy": "dog", "kitten": "cat",
    "bunny": "rabbit",
}  # fmt: skip
_ANIMALS = "dog|puppy|cat|kitten|parrot|bird|rabbit|bunny|hamster|fish|turtle|horse|snake|gecko"
_REL = "|".join(sorted(lx.RELATIONS, key=len, reverse=True))
_SUBJ = r"\b(?P<subj>i|we)"
_MID = (
    r"(?P<mid>(?:(?:'m|’m|'ve|’ve|'re|’re|'d|’d|'ll|’ll)|\s+(?:am|are|have|has|had|was|were|will|"
    r"would|be|been|don't|don’t|do\s+not|didn't|did\s+not|no\s+longer|never|not|now|just|"
    r"recently|finally|actually|officially|currently|still|also|really|basically|mostly|mainly|"
    r"usually|already|even|then|eventually|totally|permanently|originally|used\s+to|gonna|"
    r"going\s+to|planning\s+to|about\s+to|hoping\s+to|want\s+to|absolutely|truly|kinda|"
    r"somehow|seriously|definitely|started|starting|began|begun))*)"
)
_VAL = r"(?P<v>.+)"
_V = rf"\s+{_VAL}"
_JOBS = (
    r"engineer|developer|nurse|teacher|doctor|designer|manager|lawyer|accountant|analyst|"
    r"consultant|programmer|scientist|researcher|chef|cook|writer|student|architect|pharmacist|"
    r"therapist|electrician|plumber|mechanic|firefighter|paramedic|librarian|professor|barista|"
    r"cashier|dentist|veterinarian|pilot|photographer|journalist|editor|realtor|recruiter|"
    r"marketer|intern|freelancer|contractor|dev|pm|director|lecturer|paralegal|technician"
)


def _w(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _p(body: str) -> re.Pattern[str]:
    """Compile a clause pattern; it runs case-sensitively on the lowercased clause (faster)."""
    return re.compile(body)


# (attribute or "{group}" template, value kind, negated by the pattern itself, hint words,
# pattern); a pattern is tried only when one of its hint words occurs in the clause.
_PATTERNS: Final[tuple[tuple[str, _Kind, bool, frozenset[str], re.Pattern[str]], ...]] = (
    ("uses", "phrase", False, _w("switched"), _p(rf"{_SUBJ}{_MID}\s+switched\s+(?:over\s+)?from\s+(?P<old>.+?)\s+to{_V}")),  # noqa: E501
    ("lives_in", "name", False, _w("live lives lived living reside resides resided residing based staying settled"), _p(rf"{_SUBJ}{_MID}\s+(?P<verb>live|lived|living|reside|residing|based|staying|settled)\s+(?:in|at|near|outside(?:\s+of)?){_V}")),  # noqa: E501
    ("lives_in", "name", False, _w("move moved moving relocated relocating"), _p(rf"{_SUBJ}{_MID}\s+(?:move|moved|moving|relocated|relocating)\s+(?:back\s+)?(?:to|into|over\s+to){_V}")),  # noqa: E501
    ("lives_in", "name", False, _w("home place apartment house flat"), _p(rf"\bmy\s+(?:new\s+)?(?:home|place|apartment|house|flat)\s+is\s+(?:now\s+)?(?:in|near){_V}")),  # noqa: E501
    ("hometown", "name", False, _w("from grew born"), _p(rf"{_SUBJ}{_MID}\s+(?:from|grew\s+up\s+in|born\s+in|born\s+and\s+raised\s+in){_V}")),  # noqa: E501
    ("job_title", "phrase", False, _w("as"), _p(rf"{_SUBJ}{_MID}\s+(?:work(?:ing)?|employed)\s+as\s+(?:an?\s+)?(?P<v>.+)")),  # noqa: E501
    ("works_at", "name", False, _w("work working worked employed interning teach teaching"), _p(rf"{_SUBJ}{_MID}\s+(?P<verb>work|working|worked|employed|interning|teach|teaching)\s+(?:full[- ]time\s+|part[- ]time\s+|remotely\s+)?(?:at|for|with){_V}")),  # noqa: E501
    ("works_at", "name", False, _w("job position role gig internship offer"), _p(rf"{_SUBJ}{_MID}\s+(?:got|started|accepted|took|landed|have|began|start|starting)\s+(?:a\s+|an\s+|the\s+|my\s+)?(?:new\s+)?(?:\w+\s+)?(?:job|position|role|gig|internship|offer)\s+(?:at|with){_V}")),  # noqa: E501
    ("works_at", "name", False, _w("join joined joining hired started start starting"), _p(rf"{_SUBJ}{_MID}\s+(?:joined|join|joining|(?:got\s+)?hired\s+(?:at|by)|started\s+at|start\s+at|starting\s+at){_V}")),  # noqa: E501
    ("works_at", "name", False, _w("at"), _p(rf"\bi(?:'m|’m|\s+am){_MID}\s+(?:working\s+)?at{_V}")),
    ("works_at", "name", True, _w("quit left leaving"), _p(rf"{_SUBJ}{_MID}\s+(?:quit|left|leaving)\s+(?:my\s+job\s+at\s+)?(?P<v>.+)")),  # noqa: E501
    ("works_at", "name", False, _w("job work office employer company"), _p(rf"\bmy\s+(?:new\s+)?(?:job|work|office|employer|company)\s+is\s+(?:now\s+)?(?:at\s+|with\s+)?{_VAL}")),  # noqa: E501
    ("job_title", "phrase", False, _w("promoted"), _p(rf"{_SUBJ}{_MID}\s+(?:got\s+)?promoted\s+to\s+(?:an?\s+)?(?P<v>.+)")),  # noqa: E501
    ("job_title", "phrase", False, _w("i'm i’m am im"), _p(rf"\bi(?:'m|’m|\s+am){_MID}\s+(?:an?\s+)(?P<v>(?:[\w-]+\s+){{0,2}}(?:{_JOBS}))\b(?:\s+(?:at|for)\s+(?P<org>.+))?")),  # noqa: E501
    ("job_title", "phrase", False, _w("title role position"), _p(rf"\bmy\s+(?:new\s+)?(?:job\s+title|title|role|position)\s+is\s+(?:now\s+)?(?:an?\s+)?{_VAL}")),  # noqa: E501
    ("studies_at", "name", False, _w("study studying studied enrolled student attend attending"), _p(rf"{_SUBJ}{_MID}\s+(?:study|studying|studied|enrolled|a\s+student|student|attend|attending)\s+at{_V}")),  # noqa: E501
    ("studying", "phrase", False, _w("learning studying majoring class course lesson lessons"), _p(rf"{_SUBJ}{_MID}\s+(?:learning|studying|majoring\s+in|taking\s+(?:a\s+)?(?:class|course|lessons?)\s+(?:in|on)){_V}")),  # noqa: E501
    ("spouse_name", "name", False, _w("married engaged"), _p(rf"{_SUBJ}{_MID}\s+(?:got\s+)?(?:married|engaged)\s+to{_V}")),  # noqa: E501
    ("partner_name", "name", False, _w("dating seeing"), _p(rf"{_SUBJ}{_MID}\s+(?:dating|seeing)\s+(?:someone\s+|a\s+(?:guy|girl|man|woman)\s+)?(?:new\s+)?(?:named\s+|called\s+)?(?P<v>.+)")),  # noqa: E501
    ("partner_name", "name", True, _w("broke split separated"), _p(rf"{_SUBJ}{_MID}\s+(?:broke\s+up|split\s+up|separated)\s+(?:with|from){_V}")),  # noqa: E501
    ("partner_name", "name", True, _w("broke split separated divorced"), _p(r"(?P<v>[\w'-]+)\s+and\s+i\s+(?:just\s+)?(?:broke\s+up|split\s+up|separated|divorced|got\s+divorced)\b")),  # noqa: E501
    ("{animal}_name", "name", False, _w("named called"), _p(rf"{_SUBJ}{_MID}\s+(?:have|has|own|got|adopted|adopt|rescued|getting)\s+(?:an?\s+|another\s+|two\s+|one\s+)?(?:new\s+)?(?:[\w-]+\s+)?(?P<animal>{_ANIMALS})\s+(?:named|called){_V}")),  # noqa: E501
    ("allergic_to", "phrase", False, _w("allergic intolerant"), _p(rf"{_SUBJ}{_MID}\s+(?:severely\s+|very\s+|mildly\s+|super\s+)?(?:allergic|intolerant)\s+to{_V}")),  # noqa: E501
    ("diet", "phrase", False, _w("vegetarian vegan pescatarian pescetarian keto paleo gluten dairy"), _p(rf"{_SUBJ}{_MID}\s+(?:(?:went|gone|going|switched\s+to|a|an)\s+)?(?:full\s+)?(?P<v>vegetarian|vegan|pescatarian|pescetarian|keto|paleo|gluten[- ]free|dairy[- ]free)\b")),  # noqa: E501
    ("drives", "phrase", False, _w("drive driving"), _p(rf"{_SUBJ}{_MID}\s+(?:drive|driving)\s+(?:an?\s+|the\s+)(?P<v>.+)")),  # noqa: E501
    ("uses", "phrase", False, _w("use using switched switching moved rely"), _p(rf"{_SUBJ}{_MID}\s+(?:use|using|switched\s+(?:over\s+)?to|switching\s+to|moved\s+over\s+to|rely\s+on){_V}")),  # noqa: E501
    ("prefers", "phrase", False, _w("prefer prefers preferred"), _p(rf"{_SUBJ}{_MID}\s+prefer(?:s|red)?{_V}")),  # noqa: E501
    ("dislikes", "phrase", False, _w("hate dislike detest stand"), _p(rf"{_SUBJ}{_MID}\s+(?:hate|dislike|detest|can't\s+stand|cannot\s+stand){_V}")),  # noqa: E501
    ("likes", "phrase", False, _w("like love enjoy adore into fan obsessed passionate"), _p(rf"{_SUBJ}{_MID}\s+(?:like|love|enjoy|adore|into|a\s+(?:big\s+|huge\s+)?fan\s+of|obsessed\s+with|passionate\s+about){_V}")),  # noqa: E501
    ("favorite_{what}", "phrase", False, _w("favorite favourite"), _p(r"\bmy\s+(?:new\s+|current\s+|all[- ]time\s+)*favou?rite\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|has\s+to\s+be|would\s+be)\s+(?:now\s+|still\s+|definitely\s+)?(?P<v>.+)")),  # noqa: E501
    ("owns", "phrase", False, _w("bought buy purchased ordered own splurged picked upgraded treated new"), _p(rf"{_SUBJ}{_MID}\s+(?:bought|buy|purchased|ordered|own|splurged\s+on|picked\s+up|upgraded\s+to|treated\s+myself\s+to|got\s+(?:myself\s+)?(?:an?\s+)?new){_V}")),  # noqa: E501
    ("condition", "phrase", False, _w("diagnosed"), _p(rf"{_SUBJ}{_MID}\s+(?:been\s+|got\s+)?diagnosed\s+with{_V}")),  # noqa: E501
    ("medication", "phrase", False, _w("take taking prescribed"), _p(rf"{_SUBJ}{_MID}\s+(?:take|taking|prescribed|started\s+taking)\s+(?P<v>.+?)\s+(?:for|every|daily|twice|each)\b")),  # noqa: E501
    ("activity", "phrase", True, _w("quit stopped gave give"), _p(rf"{_SUBJ}{_MID}\s+(?:quit|stopped|gave\s+up|give\s+up){_V}")),  # noqa: E501
    ("activity", "phrase", False, _w("started began took taking"), _p(rf"{_SUBJ}{_MID}\s+(?:started|began|took\s+up|taking\s+up){_V}")),  # noqa: E501
    ("plans_trip_to", "name", False, _w("going traveling travelling flying heading headed driving off"), _p(rf"{_SUBJ}{_MID}\s+(?:going|traveling|travelling|flying|heading|headed|driving|off)\s+to{_V}")),  # noqa: E501
    ("plans_trip_to", "name", False, _w("trip"), _p(rf"{_SUBJ}{_MID}\s+(?:planning|booked|booking|planned)\s+(?:an?\s+|my\s+|our\s+)?(?:\w+\s+)?trip\s+to{_V}")),  # noqa: E501
    ("visited", "name", False, _w("went been traveled travelled flew drove got came returned visited vacationed backpacked"), _p(rf"{_SUBJ}{_MID}\s+(?:went|been|traveled|travelled|flew|drove|got\s+back|came\s+back|returned|visited|vacationed|backpacked)(?:\s+(?:back\s+)?(?:to|from|in|through|around))?{_V}")),  # noqa: E501
    ("age", "number", False, _w("i'm i’m am im turned be"), _p(r"\bi(?:'m|’m|\s+am|\s+just\s+turned|\s+turned|\s+will\s+be|'ll\s+be)\s+(?P<v>\d{1,3})(?=\s*(?:years?\s+old|yo\b|y/o|$|[.,!;]|\s+(?:now|today|yesterday|this|next|last|on|in|and|but|so)\b))")),  # noqa: E501
    ("name", "name", False, _w("name call"), _p(rf"\b(?:my\s+name\s+is|(?:please\s+)?call\s+me){_V}")),  # noqa: E501
    ("birthday", "phrase", False, _w("birthday"), _p(rf"\bmy\s+birthday\s+is\s+(?:on\s+)?{_VAL}")),
    ("{what}", "phrase", False, _w("car phone laptop bank gym carrier team major salary budget address commute rent"), _p(r"\bmy\s+(?:new\s+)?(?P<what>car|phone|laptop|bank|gym|carrier|team|major|salary|budget|address|commute|rent)\s+is\s+(?:now\s+)?(?:an?\s+|the\s+)?(?P<v>.+)")),  # noqa: E501
)  # fmt: skip
_RELATION = _p(
    rf"\bmy\s+(?:(?:older|younger|little|big|baby|best|twin|new|step|late)\s+)?"
    rf"(?P<rel>{_REL}|{_ANIMALS})(?:'s|’s)?\s*(?:name\s+is|is\s+named|is\s+called|named|called|is|,)?"
    r"\s*(?P<v>\S.*)"
)
_WORDS = re.compile(r"[\w'’]+")
_FIRST_PERSON_WORDS: Final = frozenset(
    [
        "i",
        "i'm",
        "i’m",
        "im",
        "i've",
        "i’ve",
        "i'd",
        "i’d",
        "i'll",
        "i’ll",
        "we",
        "we're",
        "we’re",
        "we've",
        "we’ve",
        "my",
    ]
)
# Patterns that open with the subject ("I", "we", "my") are matched only at subject positions.
_SUBJECT = re.compile(r"\b(?:i|we|my)\b")
_ANCHORED: Final = frozenset(
    i
    for i, rule in enumerate(_PATTERNS)
    if rule[4].pattern.startswith((r"\b(?P<subj>", r"\bmy", r"\bi("))
)
_BY_WORD: Final[dict[str, tuple[int, ...]]] = {
    word: tuple(i for i, rule in enumerate(_PATTERNS) if word in rule[3])
    for word in {w for rule in _PATTERNS for w in rule[3]}
}
_SENTENCES = re.compile(r"[.!?;\n]+")
_ABBREVIATION_END = re.compile(r"\b(?:Dr|Mr|Ms|Mrs|St|vs|Jr|Sr|Mt|Prof)$")
# A comma or conjunction where a new first-person clause starts ("..., but now I live in X").
_CLAUSE_BREAK = re.compile(
    r"(?:,|\b(?:but|and|so|although|though|while|whereas|because)\b)"
    r"(?=\s*(?:(?:but|and|so)\s+)?(?:(?:now|these\s+days|nowadays|currently|recently|actually|"
    r"then|since\s+then)\s*,?\s+)?(?:i|i'm|i’m|i've|we|my)\b)"
)
_CONJUNCTIONS: Final = ("but", "and", "so", "although", "though", "while", "whereas", "because")
_ANY_FIRST_PERSON = re.compile(r"\b(?:i|im|we|my)\b")
_BOUNDARY = re.compile(
    r"\s*(?:[,;:.!?()\[\]\"“”]|\s[-–—]\s|\b(?:because|since|but|so|which|where|who|when|while|"
    r"after|before|until|though|although|with|and\s+(?:i|we|my|it|he|she|they|then|now|also|so)|"
    r"now|anymore|any\s+more|instead|these\s+days|nowadays|lately|too|as\s+well|again|then|"
    r"for\s+(?:the\s+)?(?:past\s+|last\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|few|couple|several)|rather\s+than|than|if|at\s+the\s+moment|right\s+now|every|each|"
    r"twice|once|daily|weekly|as\s+an?|as\s+of|starting|from\s+(?:now|next|this))\b)",
    _I,
)
_EDGE_WORDS: Final = frozenset(
    [
        "in",
        "on",
        "at",
        "to",
        "from",
        "of",
        "by",
        "for",
        "the",
        "a",
        "an",
        "and",
        "or",
        "my",
        "our",
        "last",
        "next",
        "this",
        "around",
        "about",
        "since",
        "during",
        "some",
    ]
)
_EXTRA_CUTS: Final = {
    "prefers": re.compile(r"\s+(?:over|to)\s+", _I),
    "job_title": re.compile(r"\s+(?:at|for|with|in)\s+", _I),
}
_PRONOUNS: Final = frozenset(
    ["it", "you", "that", "this", "them", "him", "her", "there", "here", "to", "me", "us"]
)
_CHANGE_CUE = re.compile(
    r"\b(?i:(no\s+longer|used\s+to|these\s+days|nowadays|anymore|any\s+more|switched|switching|"
    r"moved|moving|changed|instead|turned|now))\b|\b(new)\b"
)
_NEGATION = re.compile(r"no\s+longer|n't|n’t|\bnot\b|\bnever\b", _I)
_PAST = re.compile(r"used\s+to", _I)


@dataclass(frozen=True, slots=True)
class RawFact:
    """One first-person reading of a clause, with the clause's span in the message."""

    attribute: str
    value: str
    text: str
    start: int
    end: int
    change_cue: str | None = None
    negated: bool = False
    past: bool = False


def is_single_valued(attribute: str) -> bool:
    """Whether a person normally holds one value of ``attribute`` at a time."""
    return attribute in _SINGLE_VALUED or attribute.startswith("favorite_")


def _may_break(lower: str, start: int, end: int) -> bool:
    """Cheap test before the clause-break scan: a comma or conjunction, then "i", "we" or "my"."""
    comma = lower.find(",", start, end) != -1
    joined = comma or any(lower.find(f" {c} ", start, end) != -1 for c in _CONJUNCTIONS)
    return joined and any(lower.find(p, start, end) != -1 for p in (" i", "we ", "my "))


def split_clauses(text: str) -> list[tuple[int, int]]:
    """Split text into sentences, then at commas or conjunctions that open a first-person clause.

    Offsets index ``text``; a period after "Dr" or "St" does not end a sentence.
    """
    lower = text.lower() if len(text.lower()) == len(text) else text
    cuts: list[tuple[int, int]] = []
    for m in _SENTENCES.finditer(text):
        if m.group(0) == "." and (
            text[m.end() : m.end() + 1].isdigit()  # "3.5 kg"
            or _ABBREVIATION_END.search(text, max(0, m.start() - 5), m.start())
        ):
            continue
        cuts.append(m.span())
    cuts.append((len(text), len(text)))
    spans: list[tuple[int, int]] = []
    start = 0
    for sentence_end, next_start in cuts:
        clause_start = start
        breaks = (
            _CLAUSE_BREAK.finditer(lower, start, sentence_end)
            if _may_break(lower, start, sentence_end)
            else ()
        )
        for m in breaks:
            if lower.count(" ", clause_start, m.start()) > _MIN_CLAUSE_WORDS:
                spans.append((clause_start, m.start()))
                clause_start = m.end()
        spans.append((clause_start, sentence_end))
        start = next_start
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _name_value(value: str, known: Callable[[str], str | None]) -> str | None:
    """The leading capitalised name of ``value`` ("Denver with my wife" → "Denver")."""
    words = value.split()
    if not words:
        return None
    if words[0] in ("the", "The") and len(words) > 1 and words[1][:1].isupper():
        words = words[1:]
    if not words[0][:1].isupper():
        for n in range(min(3, len(words)), 0, -1):
            phrase = " ".join(words[:n]).rstrip(".,!?").lower()
            display = known(phrase)
            if display is not None:
                return display
            if phrase in lx.KNOWN_PLACES or phrase in lx.KNOWN_PHRASES:
                return phrase.title()
        return None
    kept: list[str] = []
    for word in words:
        if word[:1].isupper() or word[:1].isdigit() or (kept and word in ("of", "de", "&")):
            kept.append(word)
        else:
            break
    while kept and kept[-1] in ("of", "de", "&"):
        kept.pop()
    name = " ".join(kept).rstrip(".,!?'’")
    name = name[:-2] if name.endswith(("'s", "’s")) else name
    return name if name and name.lower() not in lx.COMMON_CAPITALIZED else None


def _phrase_value(value: str) -> str | None:
    words = value.split()
    while words and words[-1].lower().strip(".,!?") in _EDGE_WORDS:
        words.pop()
    while words and words[0].lower() in ("a", "an", "the", "my", "some", "our", "myself"):
        words.pop(0)
    if not words or words[0].lower() in _PRONOUNS or len(words) > _MAX_VALUE_WORDS:
        return None
    return " ".join(words).strip(".,!?'\"")


def _trim(
    value: str, kind: _Kind, attribute: str, known: Callable[[str], str | None]
) -> str | None:
    cut = _BOUNDARY.search(value)
    if cut is not None:
        value = value[: cut.start()]
    if attribute in _EXTRA_CUTS:
        value = _EXTRA_CUTS[attribute].split(value, maxsplit=1)[0]
    value = value.strip()
    if kind == "number":
        return value if value.isdigit() else None
    if kind == "name":
        return _name_value(value, known)
    return _phrase_value(value)


def _attribute(template: str, m: re.Match[str]) -> str:
    if "{" not in template:
        return template
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    word = " ".join(groups.get("animal", groups.get("what", "")).lower().split())
    word = _CANON_REL.get(word, word).replace(" ", "_")
    return template.replace("{animal}", word).replace("{what}", word)


def _first_match(
    pattern: re.Pattern[str], lower: str, starts: list[int] | None
) -> re.Match[str] | None:
    """Search ``lower``; a pattern that opens with the subject is only tried where one starts."""
    if starts is None:
        return pattern.search(lower)
    for start in starts:
        m = pattern.match(lower, start)
        if m is not None:
            return m
    return None


def _cue(clause: str) -> str | None:
    found = _CHANGE_CUE.search(clause)
    return " ".join((found.group(1) or found.group(2)).lower().split()) if found else None


def _read_clause(
    clause: str, lower: str, words: set[str], span: tuple[int, int], cuts: list[int], known: _Known
) -> list[RawFact]:
    """The first pattern reading of one clause (plus "my <relation> <Name>" readings)."""
    start, end = span
    text = clause.strip()
    facts: list[RawFact] = []
    candidates = sorted({i for word in words for i in _BY_WORD.get(word, ())})
    subjects = [m.start() for m in _SUBJECT.finditer(lower)] if candidates else []
    for i in candidates:
        template, kind, negated, _hints, pattern = _PATTERNS[i]
        m = _first_match(pattern, lower, subjects if i in _ANCHORED else None)
        if m is None:
            continue
        attribute = _attribute(template, m)
        limit = next((c for c in cuts if c > m.start("v")), len(clause))
        value = _trim(clause[m.start("v") : limit], kind, attribute, known)
        if value is None:
            continue
        groups = m.groupdict()
        mid = groups.get("mid") or ""
        past = bool(_PAST.search(mid)) or (
            groups.get("verb") in ("lived", "worked") and not re.search(r"'ve|’ve|have", mid)
        )
        neg = negated or bool(_NEGATION.search(mid))
        cue = _cue(clause)
        if groups.get("old"):
            old = _trim(clause[m.start("old") : m.end("old")], kind, attribute, known)
            if old is not None:
                facts.append(RawFact(attribute, old, text, start, end, cue, neg, True))
        facts.append(RawFact(attribute, value, text, start, end, cue, neg, past))
        if groups.get("org"):
            org = _trim(clause[m.start("org") : m.end("org")], "name", "works_at", known)
            if org is not None:
                facts.append(RawFact("works_at", org, text, start, end, cue, neg))
        break
    for m in _RELATION.finditer(lower) if "my" in words else ():
        rel = m.group("rel")
        value = _name_value(clause[m.start("v") : m.end("v")], known)
        if value is not None:
            attribute = f"{_CANON_REL.get(rel, rel).replace('-', '')}_name"
            facts.append(RawFact(attribute, value, text, start, end, _cue(clause)))
    return facts


def find_facts(
    text: str, *, cut_points: Iterable[int] = (), known: _Known = lambda _: None
) -> list[RawFact]:
    """Read first-person facts from one message (assumed to come from the user).

    ``cut_points`` are offsets (date expression starts) where a value must end; ``known`` says
    the display name of a lowercase phrase already in the store, or ``None``.
    """
    if not _ANY_FIRST_PERSON.search(text.lower()):
        return []
    cuts = sorted(cut_points)
    facts: list[RawFact] = []
    for start, end in split_clauses(text):
        clause = text[start:end]
        lower = clause.lower()
        if len(lower) != len(clause):
            lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in clause)
        words = set(_WORDS.findall(lower))
        if words.isdisjoint(_FIRST_PERSON_WORDS):
            continue
        inside = [c - start for c in cuts if start < c <= end]
        facts.extend(_read_clause(clause, lower, words, (start, end), inside, known))
    return facts
