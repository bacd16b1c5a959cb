"""Generate the entity-resolution benchmark data, reproducibly from a seed.

Writes three files under ``bench/data`` (or ``--out``):

* ``resolver_canonical.jsonl``: ``{"key", "type", "name"}``, 2,400 canonical people,
  organizations and tools (the entities a query may refer to);
* ``resolver_queries.jsonl``: ``{"name", "type", "kind", "category", "expect"}``: one realistic
  variant per canonical entity (``kind`` = ``positive``, ``expect`` = its key) and as many hard
  negatives (``kind`` = ``negative``, ``expect`` = ``null``): different entities whose names are
  close to a canonical one;
* ``resolver_fillers.jsonl``: ``[type letter, name]`` rows, 100,000 unrelated entities that pad the
  store to benchmark size. No filler shares its core name (the name less legal forms and initials)
  with a canonical entity or a query, so the truth is well defined; near misses remain, as in life.

Variant categories: nickname, typo, transposition, phonetic, case_punct, abbreviation, spacing,
generic_type (the same name typed ``Entity``). Negative categories: other_given, other_surname,
other_middle, other_descriptor, other_head, extra_word, other_version, edition, other_type.

Usage: ``python scripts/make_resolver_data.py [--seed 0] [--out bench/data]``. Needs nothing
beyond the standard library; the name lists are below (common English given names and surnames,
plus syllable-built surnames, company heads and tool names).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

SEED = 0
CANONICAL = {"Person": 1200, "Organization": 700, "Tool": 500}
FILLERS = {"Person": 50_000, "Organization": 30_000, "Tool": 20_000}

GIVEN = {  # given name: its nicknames and spelling variants
    "Robert": "Bob Rob Bobby",
    "William": "Bill Will Billy",
    "Richard": "Rick Dick Rich",
    "James": "Jim Jimmy Jamie",
    "John": "Jack Johnny Jon",
    "Michael": "Mike Mick",
    "Christopher": "Chris",
    "Thomas": "Tom Tommy",
    "Joseph": "Joe Joey",
    "Charles": "Charlie Chuck",
    "Daniel": "Dan Danny",
    "Matthew": "Matt",
    "Anthony": "Tony",
    "Edward": "Ed Eddie Ted",
    "Steven": "Steve Stephen",
    "Andrew": "Andy Drew",
    "Joshua": "Josh",
    "Benjamin": "Ben Benny",
    "Samuel": "Sam",
    "Alexander": "Alex Alec",
    "Nicholas": "Nick Nicky",
    "Timothy": "Tim",
    "Gregory": "Greg",
    "Patrick": "Pat Paddy",
    "Peter": "Pete",
    "David": "Dave",
    "Kenneth": "Ken Kenny",
    "Ronald": "Ron Ronnie",
    "Donald": "Don",
    "Douglas": "Doug",
    "Gerald": "Gerry Jerry",
    "Jeffrey": "Jeff Geoffrey",
    "Lawrence": "Larry Laurence",
    "Leonard": "Len Leo",
    "Raymond": "Ray",
    "Frederick": "Fred Freddie",
    "Francis": "Frank",
    "Henry": "Hank Harry",
    "Theodore": "Ted Theo",
    "Walter": "Walt",
    "Albert": "Al Bert",
    "Zachary": "Zach Zack",
    "Nathaniel": "Nate Nathan",
    "Phillip": "Phil Philip",
    "Vincent": "Vince",
    "Victor": "Vic",
    "Eugene": "Gene",
    "Stanley": "Stan",
    "Russell": "Russ",
    "Bradley": "Brad",
    "Gabriel": "Gabe",
    "Elizabeth": "Liz Beth Betty Eliza",
    "Margaret": "Maggie Meg Peggy",
    "Katherine": "Kate Katie Kathy Catherine",
    "Jennifer": "Jen Jenny",
    "Jessica": "Jess Jessie",
    "Rebecca": "Becky Becca",
    "Susan": "Sue Susie",
    "Patricia": "Pat Patty Trish",
    "Deborah": "Deb Debbie Debra",
    "Barbara": "Barb",
    "Christine": "Chris Tina",
    "Victoria": "Vicky Tori",
    "Samantha": "Sam",
    "Abigail": "Abby",
    "Amanda": "Mandy",
    "Dorothy": "Dot Dottie",
    "Jacqueline": "Jackie",
    "Judith": "Judy",
    "Kimberly": "Kim",
    "Pamela": "Pam",
    "Theresa": "Terry Tess",
    "Valerie": "Val",
    "Cynthia": "Cindy",
    "Stephanie": "Steph",
    "Eleanor": "Ellie Nora",
    "Sarah": "Sally Sara",
    "Josephine": "Josie Jo",
    "Caroline": "Carrie",
    "Virginia": "Ginny",
    "Brian": "Bryan",
    "Sean": "Shaun Shawn",
    "Eric": "Erik",
    "Alan": "Allen Allan",
    "Neil": "Neal",
    "Mark": "",
    "Mary": "",
    "Carl": "",
    "Carla": "",
    "Paul": "",
    "Paula": "",
    "Jason": "",
    "Mason": "",
    "Ryan": "",
    "Dean": "",
    "Jane": "",
    "June": "",
    "Jean": "",
    "Joan": "",
    "Julia": "",
    "Julie": "",
    "Karen": "",
    "Aaron": "",
    "Adam": "",
    "Laura": "",
    "Lauren": "",
    "Maria": "",
    "Mario": "",
    "Martin": "",
    "Marvin": "",
    "Dana": "",
    "Diana": "",
    "Diane": "",
    "Denise": "",
    "Dennis": "",
    "Erica": "",
    "Erin": "",
    "Kevin": "",
    "Keith": "",
    "Kyle": "",
    "Helen": "",
    "Ellen": "",
    "Emily": "",
    "Emma": "",
    "Grace": "",
    "Hannah": "",
    "Ian": "",
    "Ivan": "",
    "Evan": "",
    "Owen": "",
    "Lucas": "",
    "Lucy": "",
    "Luis": "",
    "Megan": "",
    "Morgan": "",
    "Rachel": "",
    "Simon": "",
    "Oscar": "",
    "Olivia": "",
    "Sofia": "",
    "Tyler": "",
    "Taylor": "",
    "Wayne": "",
    "Rosa": "",
    "Rose": "",
    "Ross": "",
    "Roy": "",
    "Nina": "",
    "Gina": "",
    "Tara": "",
    "Todd": "",
    "Noah": "",
    "Leah": "",
    "Lena": "",
    "Colin": "",
    "Craig": "",
    "Derek": "",
    "Fiona": "",
    "Irene": "",
    "Iris": "",
    "Ruth": "",
}

SURNAMES = """
Smith Johnson Williams Brown Jones Miller Davis Garcia Rodriguez Wilson Martinez Anderson Taylor
Thomas Hernandez Moore Martin Jackson Thompson White Lopez Lee Gonzalez Harris Clark Lewis
Robinson Walker Perez Hall Young Allen Sanchez Wright King Scott Green Baker Adams Nelson Hill
Ramirez Campbell Mitchell Roberts Carter Phillips Evans Turner Torres Parker Collins Edwards
Stewart Flores Morris Nguyen Murphy Rivera Cook Rogers Morgan Peterson Cooper Reed Bailey Bell
Gomez Kelly Howard Ward Cox Diaz Richardson Wood Watson Brooks Bennett Gray James Reyes Cruz
Hughes Price Myers Long Foster Sanders Ross Morales Powell Sullivan Russell Ortiz Jenkins
Gutierrez Perry Butler Barnes Fisher Henderson Coleman Simmons Patterson Jordan Reynolds
Hamilton Graham Kim Gonzales Alexander Ramos Wallace Griffin West Cole Hayes Chavez Gibson
Bryant Ellis Stevens Murray Ford Marshall Owens McDonald Harrison Ruiz Kennedy Wells Alvarez
Woods Mendoza Castillo Olson Webb Washington Tucker Freeman Burns Henry Vasquez Snyder Simpson
Crawford Jimenez Porter Mason Shaw Gordon Wagner Hunter Romero Hicks Dixon Hunt Palmer Robertson
Black Holmes Stone Meyer Boyd Mills Warren Fox Rose Rice Moreno Schmidt Patel Ferguson Nichols
Herrera Medina Ryan Fernandez Weaver Daniels Stephens Gardner Payne Kelley Dunn Pierce Arnold
Tran Spencer Peters Hawkins Grant Hansen Castro Hoffman Hart Elliott Cunningham Knight Bradley
Carroll Hudson Duncan Armstrong Berry Andrews Johnston Ray Lane Riley Carpenter Perkins Aguilar
Silva Richards Willis Matthews Chapman Lawrence Garza Vargas Watkins Wheeler Larson Carlson
Harper George Greene Burke Guzman Morrison Munoz Jacobs Obrien Lawson Franklin Lynch Bishop Carr
Salazar Austin Mendez Gilbert Jensen Williamson Montgomery Harvey Oliver Howell Dean Hanson
Weber Garrett Sims Burton Fuller Soto McCoy Welch Chen Schultz Walters Reid Fields Walsh Little
Fowler Bowman Davidson May Day Schneider Newman Brewer Lucas Holland Wong Banks Santos Curtis
Pearson Delgado Valdez Pena Rios Douglas Sandoval Barrett Hopkins Keller Guerrero Stanley Bates
Alvarado Beck Ortega Wade Estrada Contreras Barnett Caldwell Santiago Lambert Powers Chambers
Nunez Craig Leonard Lowe Rhodes Byrd Gregory Shelton Frazier Becker Maldonado Fleming Vega
Sutton Cohen Jennings Parks McDaniel Watts Barker Norris Vaughn Vazquez Holt Schwartz Steele
Benson Neal Dominguez Horton Terry Wolfe Hale Lyons Graves Haynes Miles Park Warner Padilla Bush
Thornton McCarthy Mann Zimmerman Erickson Fletcher McKinney Page Dawson Joseph Marquez Reeves
Klein Espinoza Baldwin Moran Love Robbins Higgins Ball Cortez Le Griffith Bowen Sharp Cummings
Ramsey Hardy Swanson Barber Acosta Luna Chandler Blair Daniel Cross Simon Dennis OConnor Quinn
Gross Navarro Moss Fitzgerald Doyle McLaughlin Rojas Rodgers Stevenson Singh Yang Figueroa
Harmon Newton Paul Manning Garner McGee Reese Francis Burgess Adkins Goodman Curry Brady
Christensen Potter Walton Goodwin Mullins Molina Webster Fischer Campos Avila Sherman Todd Chang
Blake Malone Wolf Hodges Juarez Gill Farmer Hines Gallagher Duran Hubbard Cannon Miranda Wang
Saunders Tate Mack Hammond Carrillo Townsend Wise Ingram Barton Mejia Ayala Schroeder Hampton
Rowe Parsons Frank Waters Strickland Osborne Maxwell Chan Deleon Norman Harrington Casey Patton
Logan Bowers Mueller Glover Floyd Hartman Buchanan Cobb French Kramer McCormick Clarke Tyler
Gibbs Moody Conner Sparks McGuire Leon Bauer Norton Pope Flynn Hogan Robles Salinas Yates
Lindsey Lloyd Marsh McBride Owen Solis Pham Lang Pratt Lara Brock Ballard Trujillo Shaffer Drake
Roman Aguirre Morton Stokes Lamb Pacheco Patrick Cochran Shepherd Cain Burnett Hess Cervantes
Olsen Briggs Ochoa Cabrera Velasquez Montoya Roth Meyers Cardenas Fuentes Weiss Wilkins Hoover
Nicholson Underwood Short Carson Morrow Colon Holloway Summers Bryan Petersen McKenzie Serrano
Wilcox Carey Clayton Poole Calderon Gallegos Greer Rivas Guerra Decker Collier Wall Whitaker
Bass Flowers Davenport Conley Houston Huff Copeland Hood Monroe Massey Roberson Combs Franco
Larsen Pittman Randall Skinner Wilkinson Kirby Cameron Bridges Anthony Richard Kirk Bruce
Singleton Mathis Bradford Boone Abbott Charles Allison Sweeney Atkinson Horn Jefferson Rosales
York Christian Phelps Farrell Castaneda Nash Dickerson Bond Wyatt Foley Chase Gates Vincent
Mathews Hodge Garrison Trevino Villarreal Heath Dalton Valencia Callahan Hensley Atkins Huffman
Roy Boyer Shields Lin Hancock Grimes Glenn Cline Delacruz Camacho Dillon Parrish Oneill Melton
Booth Kane Berg Harrell Pitts Savage Wiggins Brennan Salas Marks Russo Sawyer Baxter Golden
Hutchinson Liu Walter McDowell Wiley Rich Humphrey Johns Koch Suarez Hobbs Beard Gilmore Ibarra
Keith Macias Khan Andrade Ware Stephenson Henson Wilkerson Dyer McClure Blackwell Mercado Tanner
Eaton Clay Barron Beasley Oneal Preston Small Wu Zamora Macdonald Vance Snow McClain Stafford
Orozco Barry English Shannon Kline Jacobson Woodard Huang Kemp Mosley Prince Merritt Hurst
Villanueva Roach Nolan Lam Yoder McCullough Lester Santana Valenzuela Winters Barrera Leach Orr
Berger McKee Strong Conway Stein Whitehead Bullock Escobar Knox Meadows Solomon Velez Odonnell
Kerr Stout Blankenship Browning Kent Lozano
""".split()  # noqa: SIM905

SYLLABLES = """
bar bel ber bran bren cal car cor dal dan der dor el fal fen gar gil hal har hel ken kel kor lan
lar lem lin mar mel mor nor nel or pel per quin ral ran rel ros sal sel sor tal tam ter tor val
vel ver wal wen wil yar zel
""".split()  # noqa: SIM905
ENDINGS = """
son sen ley ton ford man mann er by well wood worth berg stein ski ov ez ini ard ick ett ing
holm ander
""".split()  # noqa: SIM905
ORG_HEADS = """
Northwind Acme Summit Pioneer Apex Meridian Horizon Vanguard Sterling Beacon Keystone Crescent
Evergreen Silverline Bluestone Redwood Ironclad Lakeside Riverside Harbor Granite Cedar Oakridge
Pinecrest Maple Willow Falcon Eagle Phoenix Atlas Orion Zenith Vertex Nimbus Quantum Stellar
Nova Polaris Trident Sentinel Paragon Pinnacle Cobalt Copper Crimson Golden Emerald Sapphire
Onyx Ivory Ember Frontier Heritage Liberty Patriot Union Centurion Monarch Regal Royal Sovereign
Titan Vortex Catalyst Fusion Synergy Velocity Momentum Kinetic Radiant Lumen Solstice Equinox
Aurora Borealis Cascade Glacier Tundra Sahara Mesa Canyon Prairie Meadow Orchard Harvest
Brookfield Fairview Greenfield Westbrook Eastgate Northgate Southport Kingsley Ashford Bradford
Camden Dover Everett Hampton Lancaster Marlow Preston Stratford Thornton Windsor Ardmore
Bellevue
""".split()  # noqa: SIM905
ORG_PREFIXES = """
veri zen lumi nex ori cal avi bri cor dyna ever fin gen hexa inno juno kali lexi magn navi opti
prim quan rexa sola tera ultra vita wexa xeno yara zeta
""".split()  # noqa: SIM905
ORG_SUFFIXES = """
tas ova ex ion ent ara ium ix ora ent ica yon idia ence ara osa eon ita
""".split()  # noqa: SIM905
ORG_KINDS = """
Analytics Logistics Systems Solutions Consulting Partners Holdings Capital Ventures Industries
Robotics Dynamics Networks Software Labs Media Foods Energy Pharmaceuticals Biosciences Health
Insurance Realty Properties Airlines Motors Textiles Chemicals Materials Instruments Devices
Security Telecom Financial Advisors Associates Brewing Apparel Studios Games Publishing Design
Engineering Construction Mining Shipping Foundry Bakery Outfitters Hospitality Travel Education
""".split()  # noqa: SIM905
ORG_INSTITUTIONS = [
    "Bank",
    "Institute",
    "University",
    "Museum",
    "Society",
    "College",
    "Foundation",
    "Trust",
]
LEGAL = ["Inc.", "Ltd", "LLC", "Corp.", "GmbH", "Corporation", "Limited", "Co."]
TOOL_PRE = """
data kube flux git post redis mongo spark kafka hyper nano micro meta terra vector pixel cloud
stack query graph stream log trace build deploy test lint code dev ops net web app sync cache
shard node edge core flow task job batch pipe form doc note mark chart plot map grid table sheet
slide mail chat call zoom sketch frame
""".split()  # noqa: SIM905
TOOL_SUF = """
forge flow base hub lab kit box craft works scope lens bench desk board stack shift sense beam
wave link bridge port gate vault mint press sync smith ware pilot space tide spark grid dash
rail loop
""".split()  # noqa: SIM905
EDITIONS = ["Pro", "Lite", "Studio", "Cloud", "Enterprise", "Mobile", "Server", "Express"]
KEYBOARD = dict(
    zip(
        "qwertyuiopasdfghjklzxcvbnm",
        [
            "wa",
            "qes",
            "wrd",
            "etf",
            "ryg",
            "tuh",
            "yij",
            "uok",
            "ipl",
            "ol",
            "qsz",
            "awdx",
            "serc",
            "drfv",
            "ftgb",
            "gyhn",
            "hujm",
            "jikm",
            "kol",
            "asx",
            "zsdc",
            "xdfv",
            "cfgb",
            "vghn",
            "bhjm",
            "njk",
        ],
        strict=True,
    )
)
PHONETIC_RULES = [
    ("ph", "f"),
    ("f", "ph"),
    ("ck", "k"),
    ("c", "k"),
    ("k", "c"),
    ("y", "i"),
    ("i", "y"),
    ("ee", "ea"),
    ("ie", "y"),
    ("ll", "l"),
    ("l", "ll"),
    ("nn", "n"),
    ("tt", "t"),
    ("ss", "s"),
    ("son", "sen"),
    ("sen", "son"),
    ("mann", "man"),
    ("z", "s"),
    ("s", "z"),
    ("th", "t"),
    ("kn", "n"),
    ("wr", "r"),
    ("ou", "ow"),
    ("ei", "ie"),
    ("ae", "e"),
    ("x", "ks"),
    ("qu", "kw"),
]
ORG_ABBREVIATIONS = {
    "Corporation": "Corp.",
    "International": "Intl",
    "Laboratories": "Labs",
    "Technologies": "Tech",
    "Limited": "Ltd",
    "Company": "Co.",
    "Incorporated": "Inc.",
    "Associates": "Assoc.",
    "Brothers": "Bros.",
    "Manufacturing": "Mfg.",
    "Systems": "Sys.",
    "Corp.": "Corporation",
    "Ltd": "Limited",
    "Co.": "Company",
    "Inc.": "Incorporated",
}


def core_key(name: str) -> str:
    """The name less case, accents, punctuation, legal forms and initials, words sorted."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    text = "".join(c for c in folded if not unicodedata.combining(c)).replace("'", "")
    legal = {
        "inc",
        "ltd",
        "llc",
        "corp",
        "gmbh",
        "corporation",
        "limited",
        "co",
        "company",
        "incorporated",
    }
    words = [w for w in re.split(r"[^0-9a-z]+", text) if len(w) > 1 and w not in legal]
    return " ".join(sorted(words))


def near_keys(name: str) -> set[str]:
    """Keys two names share when their joined cores are within one edit (deletion neighbourhood).

    Both the name's letters in order and its sorted core are keyed, spaces dropped, so
    "MarkBoard Lite" and "Mark Board Lite" share a key too.
    """
    folded = unicodedata.normalize("NFKD", name.casefold())
    ordered = "".join(re.split(r"[^0-9a-z]+", folded.replace("'", "")))
    keys: set[str] = set()
    for joined in (ordered, core_key(name).replace(" ", "")):
        keys |= {joined} | {joined[:i] + joined[i + 1 :] for i in range(len(joined))}
    return keys


class Names:
    """Random names of each type from one seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        real = set(SURNAMES)
        made: set[str] = set()
        while len(made) < 4000:
            parts = [rng.choice(SYLLABLES) for _ in range(rng.choice((1, 1, 2)))]
            word = ("".join(parts) + rng.choice(ENDINGS)).capitalize()
            if word not in real:
                made.add(word)
        self.surnames = sorted(real) + sorted(made)
        heads: set[str] = set(ORG_HEADS)
        while len(heads) < 3000:
            heads.add(
                (rng.choice(ORG_PREFIXES) + rng.choice(ORG_SUFFIXES)).capitalize()
                + rng.choice(("", "", "", rng.choice(SYLLABLES)))
            )
        self.heads = sorted(heads)

    def person(self) -> str:
        r = self.rng
        given = r.choice(sorted(GIVEN))
        middle = f" {r.choice('ABCDEFGHJKLMNPRSTW')}." if r.random() < 0.15 else ""
        surname = r.choice(self.surnames[:600]) if r.random() < 0.5 else r.choice(self.surnames)
        return f"{given}{middle} {surname}"

    def organization(self) -> str:
        r = self.rng
        roll = r.random()
        if roll < 0.1:
            return f"{r.choice(ORG_INSTITUTIONS)} of {r.choice(self.heads)}"
        head = r.choice(self.heads)
        if roll < 0.25:
            head = f"{head} {r.choice(self.heads)}"
        legal = f" {r.choice(LEGAL)}" if r.random() < 0.4 else ""
        return f"{head} {r.choice(ORG_KINDS)}{legal}"

    def tool(self) -> str:
        r = self.rng
        pre, suf = r.choice(TOOL_PRE), r.choice(TOOL_SUF)
        base = (
            pre.capitalize() + suf.capitalize()
            if r.random() < 0.7
            else f"{pre.capitalize()} {suf.capitalize()}"
        )
        roll = r.random()
        if roll < 0.25:
            return f"{base} {r.randint(2, 12)}"
        if roll < 0.4:
            return f"{base} {r.choice(EDITIONS)}"
        return base

    def make(self, kind: str) -> str:
        return {"Person": self.person, "Organization": self.organization, "Tool": self.tool}[kind]()


# -- variants -------------------------------------------------------------------------------
def _typo(rng: random.Random, word: str) -> str:
    i = rng.randrange(len(word))
    low = word[i].lower()
    roll = rng.random()
    if roll < 0.4 and low in KEYBOARD:
        new = rng.choice(KEYBOARD[low])
        return word[:i] + (new.upper() if word[i].isupper() else new) + word[i + 1 :]
    if roll < 0.7 and len(word) > 4:
        return word[:i] + word[i + 1 :]
    return word[:i] + word[i] + word[i:]


def _pick_word(rng: random.Random, name: str, min_len: int = 4) -> tuple[list[str], int] | None:
    words = name.split(" ")
    options = [i for i, w in enumerate(words) if len(w) >= min_len and w.isalpha()]
    return (words, rng.choice(options)) if options else None


def typo(rng: random.Random, name: str, kind: str) -> str | None:
    picked = _pick_word(rng, name)
    if picked is None:
        return None
    words, i = picked
    words[i] = _typo(rng, words[i])
    return " ".join(words)


def transposition(rng: random.Random, name: str, kind: str) -> str | None:
    words = name.split(" ")
    if kind == "Person" and len(words) >= 2 and rng.random() < 0.5:
        return f"{words[-1]}, {' '.join(words[:-1])}"
    picked = _pick_word(rng, name)
    if picked is None:
        return None
    words, i = picked
    w = words[i]
    j = rng.randrange(1, len(w) - 2)  # keep the first letter: people rarely swap it
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    return " ".join(words) if words[i] != w else None


def phonetic(rng: random.Random, name: str, kind: str) -> str | None:
    words = name.split(" ")
    order = list(range(len(words)))
    rng.shuffle(order)
    for i in order:
        w = words[i]
        low = w.lower()
        rules = [(a, b) for a, b in PHONETIC_RULES if a in low]
        rng.shuffle(rules)
        for a, b in rules:
            at = low.find(a)
            changed = low[:at] + b + low[at + len(a) :]
            if changed != low and not any(c.isdigit() for c in changed):
                words[i] = changed.capitalize() if w[:1].isupper() else changed
                return " ".join(words)
    return None


def case_punct(rng: random.Random, name: str, kind: str) -> str | None:
    roll = rng.random()
    if roll < 0.3:
        return name.upper()
    if roll < 0.55:
        return name.lower()
    if roll < 0.75:
        return re.sub(r"[.,]", "", name) if re.search(r"[.,]", name) else name.replace(" ", "-")
    if roll < 0.9:
        return name.replace(" ", ", ", 1) if kind != "Person" else name.replace(" ", "  ")
    return name + "."


def nickname(rng: random.Random, name: str, kind: str) -> str | None:
    first, _, rest = name.partition(" ")
    forms = GIVEN.get(first, "").split()
    if kind != "Person" or not forms or not rest:
        return None
    return f"{rng.choice(forms)} {rest}"


def abbreviation(rng: random.Random, name: str, kind: str) -> str | None:
    words = name.split(" ")
    if kind == "Person":
        if len(words) == 3:
            return f"{words[0]} {words[2]}"  # drop the middle initial
        return (
            f"{words[0][0]}. {' '.join(words[1:])}"
            if rng.random() < 0.7
            else f"{words[0][0]} {' '.join(words[1:])}"
        )
    found = [i for i, w in enumerate(words) if w in ORG_ABBREVIATIONS]
    if found:
        i = rng.choice(found)
        words[i] = ORG_ABBREVIATIONS[words[i]]
        return " ".join(words)
    if kind == "Organization" and words[-1] in LEGAL:
        return " ".join(words[:-1])
    return None


def spacing(rng: random.Random, name: str, kind: str) -> str | None:
    words = name.split(" ")
    camel = [i for i, w in enumerate(words) if re.fullmatch(r"[A-Z][a-z]+[A-Z][a-z]+", w)]
    if camel:
        i = camel[0]
        parts = re.findall(r"[A-Z][a-z]+", words[i])
        words[i] = " ".join(parts) if rng.random() < 0.7 else "-".join(parts)
        return " ".join(words)
    if kind == "Tool" and len(words) >= 2 and words[1].isalpha():
        return words[0] + words[1] + (" " + " ".join(words[2:]) if len(words) > 2 else "")
    return None


VARIANTS: dict[str, list[tuple[str, Callable[[random.Random, str, str], str | None]]]] = {
    "Person": [
        ("nickname", nickname),
        ("typo", typo),
        ("transposition", transposition),
        ("phonetic", phonetic),
        ("case_punct", case_punct),
        ("abbreviation", abbreviation),
    ],
    "Organization": [
        ("typo", typo),
        ("transposition", transposition),
        ("phonetic", phonetic),
        ("case_punct", case_punct),
        ("abbreviation", abbreviation),
    ],
    "Tool": [
        ("typo", typo),
        ("transposition", transposition),
        ("phonetic", phonetic),
        ("case_punct", case_punct),
        ("spacing", spacing),
    ],
}


# -- hard negatives --------------------------------------------------------------------------
def osa(a: str, b: str) -> int:
    """Optimal string alignment distance (edits with adjacent transpositions)."""
    a, b = a.lower(), b.lower()
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def _close(
    rng: random.Random, word: str, pool: list[str], *, same_initial: bool, min_edits: int = 1
) -> str | None:
    def score(other: str) -> int:
        common = 0
        for a, b in zip(word.lower(), other.lower(), strict=False):
            if a != b:
                break
            common += 1
        return common + (2 if abs(len(other) - len(word)) <= 1 else 0)

    options = [p for p in pool if p != word and (not same_initial or p[0] == word[0])]
    options.sort(key=lambda p: (-score(p), p))
    picked: list[str] = []
    for other in options[:40]:
        if min_edits <= 1 or osa(other, word) >= min_edits:
            picked.append(other)
            if len(picked) == 6:
                break
    return rng.choice(picked) if picked else None


def negative(rng: random.Random, names: Names, name: str, kind: str) -> tuple[str, str, str] | None:
    """A different entity with a close name: (name, type, category)."""
    words = name.split(" ")
    if kind == "Person":
        roll = rng.random()
        if len(words) == 3 and roll < 0.15:
            initials = [c for c in "ABCDEFGHJKLMNPRSTW" if c != words[1][0]]
            return f"{words[0]} {rng.choice(initials)}. {words[2]}", kind, "other_middle"
        if roll < 0.55:
            family = {words[0], *GIVEN.get(words[0], "").split()}
            pool = [g for g in GIVEN if g not in family and words[0] not in GIVEN[g].split()]
            other = _close(rng, words[0], pool, same_initial=rng.random() < 0.7)
            return (f"{other} {' '.join(words[1:])}", kind, "other_given") if other else None
        if roll < 0.9:
            # Two edits at least: a one-edit surname is, by construction, also a typo variant.
            other = _close(rng, words[-1], names.surnames, same_initial=True, min_edits=2)
            return (" ".join([*words[:-1], other]), kind, "other_surname") if other else None
        return name, rng.choice(["Organization", "Tool"]), "other_type"
    if kind == "Organization":
        roll = rng.random()
        kinds = [i for i, w in enumerate(words) if w in ORG_KINDS]
        if kinds and roll < 0.4:
            i = kinds[0]
            words[i] = rng.choice([k for k in ORG_KINDS if k != words[i]])
            return " ".join(words), kind, "other_descriptor"
        if roll < 0.7 and words[0] not in ORG_INSTITUTIONS:
            other = _close(rng, words[0], names.heads, same_initial=True, min_edits=2)
            return (" ".join([other, *words[1:]]), kind, "other_head") if other else None
        if roll < 0.9:
            extra = rng.choice(
                [
                    "Europe",
                    "Asia",
                    "Foundation",
                    "Research",
                    "Capital",
                    "Digital",
                    "Global",
                    "North America",
                    "Services",
                ]
            )
            return f"{name} {extra}", kind, "extra_word"
        return name, rng.choice(["Person", "Tool"]), "other_type"
    roll = rng.random()
    if words[-1].isdigit() and roll < 0.5:
        return (
            " ".join([*words[:-1], str(int(words[-1]) + rng.choice((-1, 1, 2)))]),
            kind,
            "other_version",
        )
    if roll < 0.5:
        return f"{name} {rng.randint(2, 12)}", kind, "other_version"
    if roll < 0.85:
        options = [e for e in EDITIONS if e not in words]
        return (
            f"{' '.join(w for w in words if w not in EDITIONS)} {rng.choice(options)}",
            kind,
            "edition",
        )
    return name, rng.choice(["Organization", "Person"]), "other_type"


def generate(
    seed: int = SEED,
) -> tuple[list[dict[str, object]], list[dict[str, object]], list[list[str]]]:
    """Canonical entities, queries and fillers for ``seed``."""
    rng = random.Random(seed)
    names = Names(rng)
    canonical: list[dict[str, object]] = []
    cores: set[str] = set()
    for kind, count in CANONICAL.items():
        made = 0
        while made < count:
            name = names.make(kind)
            if core_key(name) in cores:
                continue
            cores.add(core_key(name))
            made += 1
            canonical.append(
                {"key": f"{kind[0].lower()}{len(canonical):05d}", "type": kind, "name": name}
            )
    stored = {core_key(str(c["name"])) for c in canonical}
    queries: list[dict[str, object]] = []
    for entity in canonical:
        name, kind = str(entity["name"]), str(entity["type"])
        makers = list(VARIANTS[kind])
        rng.shuffle(makers)
        for category, make in makers:
            variant = make(rng, name, kind)
            if variant and variant != name and core_key(variant) not in stored - {core_key(name)}:
                queried = "Entity" if rng.random() < 0.1 else kind
                queries.append(
                    {
                        "name": variant,
                        "type": queried,
                        "kind": "positive",
                        "category": category if queried == kind else "generic_type",
                        "expect": entity["key"],
                    }
                )
                break
        for _ in range(8):
            other = negative(rng, names, name, kind)
            if other and (other[2] == "other_type" or core_key(other[0]) not in stored):
                queries.append(
                    {
                        "name": other[0],
                        "type": other[1],
                        "kind": "negative",
                        "category": other[2],
                        "expect": None,
                    }
                )
                break
    # A filler within one edit of a canonical name or a query (spacing ignored) would be
    # indistinguishable from a typo variant, so the truth would be undefined: leave such out.
    near: set[str] = set()
    for row in (*canonical, *queries):
        near |= near_keys(str(row["name"]))
    taken = stored | {core_key(str(q["name"])) for q in queries}
    fillers: list[list[str]] = []
    for kind, count in FILLERS.items():
        made = 0
        while made < count:
            name = names.make(kind)
            key = core_key(name)
            if key in taken or not near.isdisjoint(near_keys(name)):
                continue
            taken.add(key)
            fillers.append([kind[0], name])
            made += 1
    rng.shuffle(fillers)
    return canonical, queries, fillers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parents[1] / "bench" / "data"
    )
    args = parser.parse_args()
    canonical, queries, fillers = generate(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    for stem, rows in (("canonical", canonical), ("queries", queries), ("fillers", fillers)):
        path = args.out / f"resolver_{stem}.jsonl"
        with path.open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    positives = sum(1 for q in queries if q["kind"] == "positive")
    print(
        f"{len(canonical)} canonical, {positives} positive and {len(queries) - positives} "
        f"negative queries, {len(fillers)} fillers -> {args.out}"
    )


if __name__ == "__main__":
    main()
