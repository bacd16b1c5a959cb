"""Word lists the name comparison needs: given names, nicknames, legal forms, abbreviations.

Why a lexicon at all: a one-letter difference is a typo in "Jonh Smith" but a different person
in "Mary Smith" for "Mark Smith". Edit distance cannot tell these apart; knowing that both
"mark" and "mary" are given names (and not nicknames of each other) can. Likewise "Bob" is
"Robert" only because people say so, not because the strings are close.

Each line of ``_NAME_GROUPS`` is one family of interchangeable forms (spelling variants and
nicknames). A form may sit in several families ("pat": Patrick and Patricia); two forms are
equivalent when they share a family. Every form listed is a known given name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "ABBREVIATIONS",
    "CONNECTORS",
    "DOTTED_ABBREVIATIONS",
    "ECOSYSTEM_AFFIXES",
    "GENERIC_HEADS",
    "GIVEN_NAMES",
    "LEGAL_FORMS",
    "NAME_FAMILIES",
    "OPTIONAL_WORDS",
    "TECH_ENDINGS",
    "VENDORS",
    "VENDOR_SHORT",
    "are_nicknames",
    "is_given_name",
    "is_han_or_kana",
    "is_hangul",
]

_NAME_GROUPS: Final = """
robert bob bobby rob robbie robby bert
william bill billy will willy willie liam wm
richard rick ricky dick rich richie
james jim jimmy jamie
john jack johnny jon
jonathan jon jonny
michael mike mikey mick mickey
christopher chris kit topher
thomas tom tommy
joseph joe joey jos
charles charlie chuck chas
daniel dan danny
matthew matt matty
anthony tony
edward ed eddie ted ned
steven stephen stefan steve stevie
andrew andy drew
joshua josh
benjamin ben benny benji
samuel sam sammy
alexander alex alec xander sandy
nicholas nicolas nick nicky nico
timothy tim timmy
gregory greg
patrick pat paddy
peter pete
david dave davy
kenneth ken kenny
ronald ron ronnie
donald don donnie
douglas doug
gerald gerry jerry
jeffrey geoffrey jeff geoff
lawrence laurence larry
leonard leo len lenny
raymond ray
frederick fred freddie freddy
francis frank frankie
henry hank harry hal
harold harry hal
theodore ted teddy theo
walter walt wally
albert al bert bertie
alfred alf alfie fred
zachary zach zack
nathaniel nathan nate nat
phillip philip filip phil
vincent vince vinny
victor vic
eugene gene
stanley stan
russell russ
clifford cliff
bradley brad
gabriel gabe
isaac ike
mark marc
brian bryan
sean shaun shawn
carl karl
eric erik
alan allan allen al
neil neal
glen glenn
louis lewis lou
jeremy jerry
elizabeth elisabeth liz lizzie beth betty betsy eliza libby
margaret maggie meg peggy marge margie greta
katherine catherine kathryn kate katie kathy cathy kat kit
jennifer jen jenny
jessica jess jessie
rebecca becky becca
susan sue susie suzy
patricia pat patty trish tricia
deborah debra deb debbie
barbara barb babs
christine christina chris chrissy tina
victoria vicky tori
alexandra alex lexi sandra sandy
samantha sam sammy
abigail abby gail
amanda mandy
dorothy dot dottie dolly
jacqueline jackie
judith judy
kimberly kim
pamela pam
theresa teresa terry tess tessa
valerie val
cynthia cindy
stephanie steph
eleanor ellie nell nora
mary molly polly mae
sarah sara sally sadie
frances fran frannie
josephine jo josie
madeline madeleine maddie
nicole nikki
caroline carolyn carrie
virginia ginny
claire clare
ann anne anna annie
"""

_SINGLE_NAMES: Final = """
aaron adam adrian aidan alice alicia amber amelia amy andrea angela anita arthur ashley austin
beatrice brenda brett bruce caleb cameron carla carlos carmen carol cecilia chad chloe clara
colin connor craig dale dana daniela danielle darren dean denise dennis derek diana diane dominic
dustin dylan edith elena ella ellen emily emma erica erin ethan eva evan eve felix fiona gary
george gina grace hannah heather helen hugo hugh ian irene iris isabel ivan jacob jade jane janet
janice jason jean jesse jill joan joanne joel jordan jorge juan julia julian julie june justin
karen keith kelly kevin kyle laura lauren leah lena leon lily linda lisa lucas lucia lucy luis
luke lydia marcus maria marie mario martha martin marvin mason megan melissa mia miguel miles
monica morgan naomi nina noah noel olga oliver olivia oscar owen paul paula pauline pedro
philippa rachel ralph rita roger rosa rose ross roy ruby ruth ryan scott simon sofia sophia
stella stuart sylvia tara taylor todd tyler vera wayne wendy yvonne zoe
"""

_LEGAL: Final = "inc incorporated corp corporation co company ltd limited llc plc gmbh ag sa bv nv"
LEGAL_FORMS: Final = frozenset(f"{_LEGAL} llp lp pty kg oy ab srl spa".split())
"""Company-law suffixes: "Acme Inc" and "Acme" name one company, so these words may go unmatched."""

CONNECTORS: Final = frozenset(["and", "the", "of", "for", "de", "la", "von", "van", "der"])
"""Small words that may go unmatched on either side ("Bank of Ardmore" / "Ardmore Bank")."""

_VENDORS: Final = """
microsoft ms google amazon aws apple adobe mozilla oracle ibm meta atlassian jetbrains salesforce
autodesk cisco intel nvidia hashicorp elastic mongodb docker github gitlab slack zoom dropbox sap
vmware
"""
VENDORS: Final = frozenset(_VENDORS.split())
"""Vendors whose products are named with or without them ("Microsoft Teams" / "Teams"), from the
vendors' own product names. Only a product's *first* word may be a vendor left unmatched."""

VENDOR_SHORT: Final[Mapping[str, str]] = {"ms": "microsoft", "gh": "github", "ibm": "ibm"}
"""Vendors' own short names in product names ("MS Office"), from the vendors' usage."""

ABBREVIATIONS: Final[Mapping[str, str]] = {
    "intl": "international",
    "natl": "national",
    "assoc": "associates",
    "assn": "association",
    "bros": "brothers",
    "dept": "department",
    "univ": "university",
    "inst": "institute",
    "mfg": "manufacturing",
    "svcs": "services",
    "sys": "systems",
    "tech": "technologies",
    "techs": "technologies",
    "labs": "laboratories",
    "lab": "laboratories",
    "mgmt": "management",
    "grp": "group",
    "hldgs": "holdings",
    "inc": "incorporated",
    "corp": "corporation",
    "co": "company",
    "ltd": "limited",
    "jr": "junior",
    "sr": "senior",
    "st": "saint",
    "mt": "mount",
    "ft": "fort",
    # "St." abbreviates the saint of every Romance and Germanic form ("St. Rosa" is Santa
    # Rosa, "St. Pölten" Sankt Pölten): the forms meet in one word.
    "sankt": "saint",
    "santa": "saint",
    "santo": "saint",
    "sainte": "saint",
    "ste": "saint",
}
"""Abbreviated words and the word they stand for; both sides of a comparison are expanded."""

DOTTED_ABBREVIATIONS: Final = {"sta": "saint", "sto": "saint"}
"""Abbreviations read so only when written with a full stop: Spanish, Portuguese and Italian
"Sta." (Santa) and "Sto." (Santo). Without it "Sta" is as often "Station" ("Smiths Sta"), and
in ``ABBREVIATIONS`` a slip of another form would be read as it ("Şti." as "Sto.")."""


def _families() -> dict[str, frozenset[int]]:
    families: dict[str, set[int]] = {}
    for number, line in enumerate(_NAME_GROUPS.split("\n")):
        for form in line.split():
            families.setdefault(form, set()).add(number)
    return {form: frozenset(ids) for form, ids in families.items()}


NAME_FAMILIES: Final[Mapping[str, frozenset[int]]] = _families()
GIVEN_NAMES: Final = frozenset(NAME_FAMILIES) | frozenset(_SINGLE_NAMES.split())


def is_given_name(word: str) -> bool:
    """Whether ``word`` (lowercase) is a known given name or nickname."""
    return word in GIVEN_NAMES


def are_nicknames(a: str, b: str) -> bool:
    """Whether two different lowercase forms are variants or nicknames of one given name."""
    fa, fb = NAME_FAMILIES.get(a), NAME_FAMILIES.get(b)
    return fa is not None and fb is not None and not fa.isdisjoint(fb)


TECH_ENDINGS: Final = frozenset({"sql", "ql", "db", "js"})  # Postgres / PostgreSQL, Mongo / MongoDB
OPTIONAL_WORDS: Final = frozenset({"js", "app", "group", "holding", "holdings"})
"""Words another kind of name may lack: "React.js" / "React", "Sony Group" / "Sony"."""
ECOSYSTEM_AFFIXES: Final = frozenset(
    {"python", "py", "node", "rb", "rs", "django", "flask", "pytest", "sphinxcontrib"}
)
"""Words a package name adds to the tool it is: the language a binding is for ("python-crontab",
"bugzscout-py", "node-sass"; PyPI's, npm's, RubyGems' and crates.io's naming usage) and the
framework a plug-in is for, as each framework's documentation asks its plug-ins to be named
(Django's reusable apps "django-…", Flask's extensions "Flask-…", pytest's plug-ins "pytest-…",
Sphinx's contributed extensions "sphinxcontrib-…"). Optional as the first or the last word of
a Tool's or Product's name: "django-tastypie" is "tastypie", but "Django" is not "django-tastypie"
(its other word is not optional)."""
_SOFTWARE_HEADS: Final = frozenset({"license", "licence", "library", "framework", "toolkit"})
GENERIC_HEADS: Final = {
    "Place": frozenset(
        {"city", "town", "village", "borough", "municipality"}
        | {"gu", "gun", "si", "dong", "eup", "myeon", "shi", "ku", "ken"}
    ),
    "Tool": _SOFTWARE_HEADS | ECOSYSTEM_AFFIXES,
    "Product": _SOFTWARE_HEADS | ECOSYSTEM_AFFIXES,
}
"""Class words that end a name of this type and that everyday usage drops ("Nagoya City" /
"Nagoya", "Kazlib License" / "Kazlib"). Places: the US Census Bureau's legal/statistical area
descriptions for incorporated places (city, town, village, borough, municipality), which its own
place names carry ("Springfield city") and usage drops; and the romanised unit words of Korean
and Japanese place names ("Yongsan-gu", "Yokohama-shi"; the kinds of unit of South Korea's and
Japan's administrative divisions). Tools and products: the class words that
end software and licence names (a library, a framework, a licence). Optional only as the last
word of the longer name, and only for that type: "Mexico City" queried as a *Place* against a
stored "Mexico" is a proposal to review, never a merge."""


def is_hangul(ch: str) -> bool:
    """A Hangul syllable (Korean)."""
    return "\uac00" <= ch <= "\ud7a3"


def is_han_or_kana(ch: str) -> bool:
    """A Han character (Chinese, Japanese kanji) or kana."""
    return "\u4e00" <= ch <= "\u9fff" or "\u3040" <= ch <= "\u30ff"
