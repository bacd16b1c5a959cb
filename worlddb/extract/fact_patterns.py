"""The vocabulary and regular expressions that ``worlddb.extract.facts`` reads clauses with.

Clause patterns run case-sensitively on the lowercased clause (faster than ``re.IGNORECASE``);
each carries hint words, so a clause is only tried against the patterns whose words it holds,
and patterns that open with the subject ("I", "we", "my") are only tried where one starts.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from worlddb.extract import lexicon as lx

__all__ = [
    "ABBREVIATION_END",
    "ANCHORED",
    "ANY_FIRST_PERSON",
    "BOUNDARY",
    "BY_WORD",
    "CANON_REL",
    "CHANGE_CUE",
    "CHANGE_VERB",
    "CLAUSE_BREAK",
    "CONJUNCTIONS",
    "EDGE_WORDS",
    "EXTRA_CUTS",
    "FIRST_PERSON_WORDS",
    "NEGATION",
    "PAST",
    "PATTERNS",
    "PRONOUNS",
    "RELATION",
    "SENTENCES",
    "SINCE_BEFORE",
    "SUBJECT",
    "WORDS",
    "Kind",
]

Kind = Literal["name", "phrase", "number"]
_I = re.IGNORECASE


def _w(words: str) -> frozenset[str]:
    return frozenset(words.split())


CANON_REL: Final = {
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


def _p(body: str) -> re.Pattern[str]:
    """Compile a clause pattern; it runs case-sensitively on the lowercased clause (faster)."""
    return re.compile(body)


# (attribute or "{group}" template, value kind, negated by the pattern itself, hint words,
# pattern); a pattern is tried only when one of its hint words occurs in the clause.
PATTERNS: Final[tuple[tuple[str, Kind, bool, frozenset[str], re.Pattern[str]], ...]] = (
    ("uses", "phrase", False, _w("switched"), _p(rf"{_SUBJ}{_MID}\s+switched\s+(?:over\s+)?from\s+(?P<old>.+?)\s+to{_V}")),  # noqa: E501
    ("lives_in", "name", False, _w("live lives lived living reside resides resided residing based settled"), _p(rf"{_SUBJ}{_MID}\s+(?P<verb>live|lived|living|reside|residing|based|settled)\s+(?:in|at|near(?!\s+the\b)|outside(?:\s+of)?){_V}")),  # noqa: E501
    ("lives_in", "name", False, _w("move moved moving relocated relocating"), _p(rf"{_SUBJ}{_MID}\s+(?:move|moved|moving|relocated|relocating)\s+(?:back\s+)?(?:to|into|over\s+to){_V}")),  # noqa: E501
    ("lives_in", "name", True, _w("moved relocated"), _p(rf"{_SUBJ}{_MID}\s+(?:moved|relocated)\s+(?:here\s+|over\s+|away\s+)?from{_V}")),  # noqa: E501
    ("lives_in", "name", False, _w("home place apartment house flat"), _p(rf"\bmy\s+(?:new\s+)?(?:home|place|apartment|house|flat)\s+is\s+(?:now\s+)?(?:in|near){_V}")),  # noqa: E501
    ("birthplace", "name", False, _w("born"), _p(rf"{_SUBJ}{_MID}\s+(?:born\s+in|born\s+and\s+raised\s+in){_V}")),  # noqa: E501
    ("birthday", "phrase", False, _w("born"), _p(rf"{_SUBJ}{_MID}\s+born\s+on{_V}")),
    ("hometown", "name", False, _w("from grew"), _p(rf"{_SUBJ}{_MID}\s+(?:from|grew\s+up\s+in){_V}")),  # noqa: E501  # noqa: E501
    ("job_title", "phrase", False, _w("as"), _p(rf"{_SUBJ}{_MID}\s+(?:work(?:ing)?|employed)\s+as\s+(?:an?\s+)?(?P<v>.+)")),  # noqa: E501
    ("works_at", "name", False, _w("work working worked employed interning teach teaching"), _p(rf"{_SUBJ}{_MID}\s+(?P<verb>work|working|worked|employed|interning|teach|teaching)\s+(?:full[- ]time\s+|part[- ]time\s+|remotely\s+)?(?:at|for){_V}")),  # noqa: E501
    ("works_at", "name", False, _w("job position role gig internship offer"), _p(rf"{_SUBJ}{_MID}\s+(?:got|started|accepted|took|landed|have|began|start|starting)\s+(?:a\s+|an\s+|the\s+|my\s+)?(?:new\s+)?(?:\w+\s+)?(?:job|position|role|gig|internship|offer)\s+(?:at|with){_V}")),  # noqa: E501
    ("works_at", "name", False, _w("join joined joining hired started start starting"), _p(rf"{_SUBJ}{_MID}\s+(?:joined|join|joining|(?:got\s+)?hired\s+(?:at|by)|started\s+at|start\s+at|starting\s+at){_V}")),  # noqa: E501
    ("works_at", "name", True, _w("quit left leaving"), _p(rf"{_SUBJ}{_MID}\s+(?:quit|left|leaving)\s+(?:my\s+job\s+at\s+)?(?P<v>.+)")),  # noqa: E501
    ("works_at", "name", True, _w("longer"), _p(rf"\bi(?:'m|’m|\s+am)\s+no\s+longer\s+(?:working\s+|employed\s+)?(?:at|for){_V}")),  # noqa: E501
    ("works_at", "name", False, _w("job work office employer company"), _p(rf"\bmy\s+(?:new\s+)?(?:job|work|office|employer|company)\s+is\s+(?:now\s+)?(?:at\s+|with\s+)?{_VAL}")),  # noqa: E501
    ("works_at", "name", False, _w("new"), _p(rf"\bmy\s+new\s+(?:job|position|role|gig)\s+(?:is\s+)?(?:at|with){_V}")),  # noqa: E501
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
    ("drives", "phrase", False, _w("drive driving"), _p(rf"{_SUBJ}{_MID}\s+(?:drive|driving)\s+(?:an?\s+|the\s+)(?!(?:rental|rented|loaner|borrowed|friend)\b)(?P<v>.+)")),  # noqa: E501
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
    ("birthday", "phrase", False, _w("birthday"), _p(rf"\bmy\s+birthday\s+is\s+(?:actually\s+|on\s+)*{_VAL}")),  # noqa: E501
    ("blood_type", "phrase", False, _w("blood"), _p(rf"\bmy\s+blood\s+type\s+is\s+(?:actually\s+)?{_VAL}")),  # noqa: E501
    ("{what}", "phrase", False, _w("car phone laptop bank gym carrier team major salary budget address commute rent"), _p(r"\bmy\s+(?:new\s+)?(?P<what>car|phone|laptop|bank|gym|carrier|team|major|salary|budget|address|commute|rent)\s+is\s+(?:now\s+)?(?:an?\s+|the\s+)?(?P<v>.+)")),  # noqa: E501
    ("{what}", "phrase", False, _w("changed"), _p(rf"{_SUBJ}{_MID}\s+changed\s+my\s+(?P<what>major|diet|address|phone|bank|gym|carrier|team|name)\s+to{_V}")),  # noqa: E501
)  # fmt: skip
RELATION = _p(
    rf"\bmy\s+(?:(?:older|younger|little|big|baby|best|twin|new|step|late)\s+)?"
    rf"(?P<rel>{_REL}|{_ANIMALS})(?:'s|’s)?\s*(?:name\s+is|is\s+named|is\s+called|named|called|is|,)?"
    r"\s*(?:(?:now|currently|still|actually)\s+)?(?P<v>\S.*)"
)
WORDS = re.compile(r"[\w'’]+")
FIRST_PERSON_WORDS: Final = _w(
    "i i'm i’m im i've i’ve i'd i’d i'll i’ll we we're we’re we've we’ve my"
)
# Patterns that open with the subject ("I", "we", "my") are matched only at subject positions.
SUBJECT = re.compile(r"\b(?:i|we|my)\b")
ANCHORED: Final = frozenset(
    i
    for i, rule in enumerate(PATTERNS)
    if rule[4].pattern.startswith((r"\b(?P<subj>", r"\bmy", r"\bi("))
)
BY_WORD: Final[dict[str, tuple[int, ...]]] = {
    word: tuple(i for i, rule in enumerate(PATTERNS) if word in rule[3])
    for word in {w for rule in PATTERNS for w in rule[3]}
}
SENTENCES = re.compile(r"[.!?;\n]+")
ABBREVIATION_END = re.compile(r"\b(?:Dr|Mr|Ms|Mrs|St|vs|Jr|Sr|Mt|Prof)$")
# A comma or conjunction where a new first-person clause starts ("..., but now I live in X").
CLAUSE_BREAK = re.compile(
    r"(?:,|\b(?:but|and|so|although|though|while|whereas|because)\b)"
    r"(?=\s*(?:(?:but|and|so)\s+)?(?:(?:now|these\s+days|nowadays|currently|recently|actually|"
    r"then|since\s+then)\s*,?\s+)?(?:i|i'm|i’m|i've|we|my)\b)"
)
CONJUNCTIONS: Final = ("but", "and", "so", "although", "though", "while", "whereas", "because")
ANY_FIRST_PERSON = re.compile(r"\b(?:i|im|we|my)\b")
BOUNDARY = re.compile(
    r"\s*(?:[,;:.!?()\[\]\"“”]|\s[-–—]\s|\b(?:because|since|but|so|which|where|who|when|while|"
    r"after|before|until|though|although|with|and\s+(?:i|we|my|it|he|she|they|then|now|also|so)|"
    r"now|anymore|any\s+more|instead|these\s+days|nowadays|lately|too|as\s+well|again|then|"
    r"for\s+(?:the\s+)?(?:past\s+|last\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|few|couple|several)|rather\s+than|than|if|at\s+the\s+moment|right\s+now|every|each|"
    r"twice|once|daily|weekly|as\s+an?|as\s+of|starting|from\s+(?:now|next|this))\b)"
)  # runs on the lowercased value
EDGE_WORDS: Final = _w(
    "in on at to from of by for the a an and or my our last next this around about since "
    "during some"
)
EXTRA_CUTS: Final = {
    "prefers": re.compile(r"\s+(?:over|to)\s+", _I),
    "job_title": re.compile(r"\s+(?:at|for|with|in)\s+", _I),
}
PRONOUNS: Final = _w("it you that this them him her there here to me us")
CHANGE_CUE = re.compile(
    r"\b(?:(no\s+longer|used\s+to|these\s+days|nowadays|anymore|any\s+more|switched|switching|"
    r"moved|moving|changed|instead|turned|now)|(new))\b"
)  # runs on the lowercased clause; "New York" is told apart by the original's case
# Predicates that name a change, so a date in the clause says when the fact became true
# ("I moved to Denver on June 2"); other dates name an event ("my birthday is March 3rd").
CHANGE_VERB = re.compile(
    r"\b(?:move|moved|moving|relocated|relocating|start|started|starting|join|joined|joining|"
    r"hired|began|begun|switched|switching|quit|left|leaving|married|engaged|divorced|broke|"
    r"split|separated|went|gone|turned|promoted|transferred|adopted|bought|purchased|upgraded|"
    r"diagnosed|retired|graduated|enrolled|became|become|settled|landed|accepted)\b"
)
# A date right after one of these dates the state itself ("since March", "as of last week").
SINCE_BEFORE = re.compile(r"\b(?:since|as\s+of|starting|effective|from)\s*$")
NEGATION = re.compile(r"no\s+longer|n't|n’t|\bnot\b|\bnever\b", _I)
PAST = re.compile(r"used\s+to", _I)
