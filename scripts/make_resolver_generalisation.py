"""Generate the resolver *generalisation* set: name variants the resolver was not tuned on.

Why a second set: the seeded set (``make_resolver_data.py``) builds its variants with the same
ideas the resolver was tuned with (typos, a nickname table, initials), so a high score there says
little about names the resolver has never seen. This set is built by a different method: names
are drawn from maintained sources and from short lists written here from general knowledge,
*before* the resolver's rules for them existed, and every pair is typed by the kind of variant
(or hard negative) it is. The split into a development half and a hold-out half is fixed by a
seeded shuffle per category and written once; the hold-out half is committed before any tuning.

Sources (all installed packages; nothing is downloaded):

* ``names`` (US Census 1990 name frequency files, MIT): given names and surnames; the hard
  negatives "one letter apart" (Robert / Roberta, Lang / Lane) are census pairs at edit distance 1;
* ``nicknames`` (carltonnorthern's hand-curated table, Apache-2.0): given name / nickname pairs;
* ``pycountry`` (ISO 3166 and its translations, LGPL-2.1): country names, official and common
  names, US state codes, German and other subdivision names with diacritics;
* ``cleanco`` (legal-form terms by country, MIT): company legal forms;
* lists below (``ACRONYMS``, ``PRODUCTS``, ``CITY_ABBREVIATIONS``, ``TRANSLITERATIONS``,
  ``REAL_COMPANIES``, hand negatives): well-known public names and their usual short forms.

Rows (``bench/data/resolver_gen_{dev,holdout}.jsonl``): ``{"id", "category", "kind", "type",
"stored", "query", "source"}``. ``stored`` is the canonical entity written to the store, ``query``
the name resolved against it; ``kind`` is ``positive`` (the query is the stored entity) or
``negative`` (it is a different entity; any proposal is wrong).

Usage: ``python scripts/make_resolver_generalisation.py [--seed 13] [--out bench/data]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 13

ACRONYMS = """
International Business Machines|IBM
National Aeronautics and Space Administration|NASA
Procter & Gamble|P&G
Bank of America|BofA
University of California, Berkeley|UC Berkeley
Massachusetts Institute of Technology|MIT
University of California, Los Angeles|UCLA
General Electric|GE
Hewlett-Packard|HP
Advanced Micro Devices|AMD
North Atlantic Treaty Organization|NATO
World Health Organization|WHO
Federal Bureau of Investigation|FBI
Central Intelligence Agency|CIA
British Broadcasting Corporation|BBC
Cable News Network|CNN
Internal Revenue Service|IRS
Environmental Protection Agency|EPA
Food and Drug Administration|FDA
European Central Bank|ECB
International Monetary Fund|IMF
Royal Bank of Canada|RBC
Toronto-Dominion Bank|TD Bank
American Telephone and Telegraph|AT&T
Johnson & Johnson|J&J
Taiwan Semiconductor Manufacturing Company|TSMC
Bayerische Motoren Werke|BMW
Minnesota Mining and Manufacturing|3M
Electronic Arts|EA
Carnegie Mellon University|CMU
New York University|NYU
London School of Economics|LSE
European Space Agency|ESA
Organisation for Economic Co-operation and Development|OECD
Securities and Exchange Commission|SEC
National Health Service|NHS
Amazon Web Services|AWS
Royal Dutch Shell|RDS
Ernst & Young|EY
PricewaterhouseCoopers|PwC
Boston Consulting Group|BCG
Kentucky Fried Chicken|KFC
United Parcel Service|UPS
Home Box Office|HBO
Federal Reserve Bank of New York|NY Fed
Massachusetts General Hospital|Mass General
Tata Consultancy Services|TCS
Deutsche Bahn|DB
Indian Institute of Technology Bombay|IIT Bombay
University of Southern California|USC
""".strip()

PRODUCTS = """
Visual Studio Code|VS Code
Visual Studio Code|VSCode
PostgreSQL|Postgres
Kubernetes|K8s
JavaScript|JS
TypeScript|TS
Google Cloud Platform|GCP
Google Cloud|GCP
Microsoft Teams|MS Teams
Microsoft Teams|Teams
React|ReactJS
React|React.js
Windows 11|Win 11
Windows 10|Win10
Node.js|Node
Node.js|NodeJS
Vue.js|Vue
Next.js|NextJS
Amazon Web Services|AWS
Microsoft Excel|Excel
Microsoft Word|MS Word
Google Docs|GDocs
Adobe Photoshop|Photoshop
Internet Explorer|IE
Microsoft Edge|Edge
Mozilla Firefox|Firefox
Google Chrome|Chrome
Golang|Go
Python 3|Python3
Objective-C|ObjC
C Sharp|C#
Elasticsearch|Elastic Search
MongoDB|Mongo
Microsoft SQL Server|MSSQL
Microsoft SQL Server|SQL Server
Amazon S3|S3
Amazon Elastic Compute Cloud|EC2
GitHub Actions|GH Actions
Jupyter Notebook|Jupyter
scikit-learn|sklearn
TensorFlow|TF
PyTorch|Torch
macOS|Mac OS
macOS|OS X
iPhone 15|iPhone15
Raspberry Pi|RPi
Slack|Slack app
Zoom|Zoom Meetings
Microsoft Outlook|Outlook
Microsoft PowerPoint|PPT
Salesforce CRM|Salesforce
Docker Desktop|Docker
Amazon DynamoDB|DynamoDB
Terraform|TF CLI
""".strip()

PRODUCT_NEGATIVES = """
JavaScript|Java
React|Preact
React|React Native
Windows 11|Windows 10
Python 3|Python 2
C++|C
C#|F#
Git|Gist
Rust|Rest
Vue.js|Vite
Node.js|Deno
MySQL|MSSQL
PostgreSQL|PostGIS
Kubernetes|Kubeflow
Microsoft Excel|Microsoft Exchange
Microsoft Word|WordPress
Microsoft Teams|Team Foundation Server
Swift|Swiftly
Docker Desktop|Docker Compose
Google Chrome|Chromium
Slack|Slick
Jira|Jina
Figma|Sigma
Notion|Motion
Keras|Kedro
Flask|Flash
GitLab|GitHub
Redis|Redux
Angular|AngularJS
Terraform|Terragrunt
""".strip()

CITY_ABBREVIATIONS = """
New York City|NYC
San Francisco|SF
Los Angeles|LA
Washington, D.C.|DC
Philadelphia|Philly
Las Vegas|Vegas
Rio de Janeiro|Rio
Saint Petersburg|St. Petersburg
Kuala Lumpur|KL
Ho Chi Minh City|HCMC
Salt Lake City|SLC
New Orleans|NOLA
Mexico City|CDMX
Buenos Aires|BA
São Paulo|Sao Paulo
München|Muenchen
Zürich|Zurich
Köln|Koeln
Düsseldorf|Duesseldorf
Malmö|Malmo
Kraków|Krakow
Montréal|Montreal
Québec City|Quebec City
Bogotá|Bogota
Reykjavík|Reykjavik
""".strip()

TRANSLITERATIONS = """
Alexander|Aleksandr
Mohammed|Muhammad
Mohammed|Mohamed
Søren|Soeren
Søren|Soren
Jürgen|Juergen
José|Jose
François|Francois
Zoë|Zoe
Łukasz|Lukasz
Sergei|Sergey
Dmitri|Dmitry
Yuri|Yury
Andrei|Andrey
Nikolai|Nikolay
Mikhail|Michail
Tatiana|Tatyana
Natalia|Natalya
Olga|Olha
Yevgeny|Evgeny
Ahmed|Ahmad
Hussein|Hussain
Mustafa|Moustafa
Youssef|Yusuf
Zhou|Chou
Björn|Bjoern
Gülsen|Guelsen
Renée|Renee
Chloé|Chloe
Núñez|Nunez
Dvořák|Dvorak
Müller|Mueller
Schröder|Schroeder
Ødegaard|Odegaard
Çelik|Celik
""".strip()

SURNAME_VOWEL_NEGATIVES = """
Möller|Müller
Jansen|Jensen
Hansen|Hanson
Petersen|Peterson
Larsen|Larson
Nilsen|Nilson
Carlsen|Carlson
Olsen|Olson
Hoffman|Huffman
Mann|Menn
""".strip()

REAL_COMPANIES = """
Salesforce.com, Inc.|Salesforce
Toyota Motor Corporation|Toyota
The Goldman Sachs Group, Inc.|Goldman Sachs
Alphabet Inc.|Alphabet
Siemens Aktiengesellschaft|Siemens
Volkswagen AG|Volkswagen
Nestlé S.A.|Nestle
Sony Group Corporation|Sony
Amazon.com, Inc.|Amazon
Booking Holdings Inc.|Booking Holdings
Unilever PLC|Unilever
Samsung Electronics Co., Ltd.|Samsung Electronics
The Coca-Cola Company|Coca-Cola
The Walt Disney Company|Walt Disney
Banco Santander, S.A.|Banco Santander
Infosys Limited|Infosys
Telefonaktiebolaget LM Ericsson|Ericsson
AB Volvo|Volvo
Koninklijke Philips N.V.|Philips
L'Oréal S.A.|L'Oreal
""".strip()

COMPANY_NEGATIVES = """
Globex|Globe
Stripe|Stride
Oracle|Oracles Consulting
Apple|Appl Labs
Uber|Umber
Lyft|Left Labs
Meta|Metta
Intel|Intex
Tesla|Tessla Motors
Nvidia|Nividia Partners
Shopify|Spotify
Dropbox|Dripbox
Airbnb|Airbus
Netflix|Netlify
Zillow|Pillow
Twilio|Trello
Square|Squire
Asana|Asama
Canva|Canvas
Monzo|Monza
""".strip()

ACRONYM_NEGATIVES = """
General Electric|GM
International Business Machines|IBN
Bank of America|BofI
Advanced Micro Devices|AMG
Hewlett-Packard|HPE
Federal Bureau of Investigation|FBO
European Central Bank|ECM
World Health Organization|WTO
Environmental Protection Agency|EPO
Massachusetts Institute of Technology|MTI
""".strip()

SURNAME_TRANSLITERATIONS = {"Müller", "Schröder", "Ødegaard", "Çelik", "Núñez", "Dvořák", "Zhou"}
TITLES = ["Dr.", "Prof.", "Mr.", "Mrs.", "Ms.", "Sir", "Dame", "Rev.", "Capt.", "Dr"]
SUFFIXES = ["Jr.", "Sr.", "III", "PhD", "MD", "Esq."]
WORLD_GIVEN = [
    "Priya",
    "Arjun",
    "Wei",
    "Hiroshi",
    "Fatima",
    "Aisha",
    "Chidi",
    "Oluwaseun",
    "Mateo",
    "Sofia",
    "Ingrid",
    "Lars",
    "Yuki",
    "Kenji",
    "Anika",
    "Rahul",
    "Mei",
    "Li",
    "Amara",
    "Tomasz",
    "Agnieszka",
    "Giulia",
    "Luca",
    "Nadia",
    "Omar",
    "Leila",
    "Sanjay",
    "Deepa",
]
WORLD_SURNAME = [
    "Raman",
    "Patel",
    "Chen",
    "Tanaka",
    "Okafor",
    "Adeyemi",
    "Rossi",
    "Kowalski",
    "Nakamura",
    "Haddad",
    "Khan",
    "Suzuki",
    "Lindqvist",
    "Novak",
    "Moreau",
    "Fischer",
    "Gupta",
    "Iyer",
    "Mensah",
    "Silva",
    "Costa",
    "Bauer",
    "Nowak",
    "Yilmaz",
]
INDUSTRY = [
    "Logistics",
    "Capital",
    "Analytics",
    "Foods",
    "Pharma",
    "Robotics",
    "Textiles",
    "Energy",
    "Partners",
    "Holdings",
    "Consulting",
    "Media",
    "Biotech",
    "Freight",
    "Software",
]
LEGAL_FORM_COUNTRIES = [
    "Germany",
    "France",
    "United Kingdom",
    "Australia",
    "Netherlands",
    "Italy",
    "Spain",
    "Sweden",
    "Finland",
    "Poland",
    "Japan",
    "United States of America",
    "Brazil",
    "Switzerland",
    "Denmark",
    "Norway",
    "Belgium",
    "India",
    "Mexico",
    "Austria",
]

CATEGORY_SIZE = {
    "nickname": 80,
    "title": 40,
    "one_edit_given": 50,
    "one_edit_surname": 50,
    "other_given": 24,
    "company_form": 30,
    "place": 40,
    "place_negative": 30,
    "diacritics": 30,
}


def pairs(block: str) -> list[tuple[str, str]]:
    return [tuple(line.split("|", 1)) for line in block.splitlines()]  # type: ignore[misc]


def census(file: str, limit: int) -> list[str]:
    import names

    path = Path(names.__file__).parent / file
    rows = [line.split()[0] for line in path.read_text().splitlines() if line.strip()]
    return [r.title() for r in rows[:limit]]


def osa1(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one edit apart (insert, delete, substitute, swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        i, j = diff[0], diff[-1]
        return len(diff) == 2 and j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def one_edit_pairs(pool: list[str], related: set[frozenset[str]]) -> list[tuple[str, str]]:
    by_len: dict[int, list[str]] = defaultdict(list)
    for word in pool:
        by_len[len(word)].append(word)
    out = []
    for word in pool:
        if len(word) < 4:
            continue
        for size in (len(word), len(word) + 1):
            for other in by_len[size]:
                if other > word or size > len(word):
                    key = frozenset((word.lower(), other.lower()))
                    if key not in related and osa1(word.lower(), other.lower()):
                        out.append((word, other))
    return sorted(set(out))


def build(seed: int) -> list[dict[str, str]]:
    import cleanco.termdata
    import pycountry
    from nicknames import NickNamer

    rng = random.Random(seed)
    given = sorted(set(census("dist.male.first", 400) + census("dist.female.first", 600)))
    surnames = census("dist.all.last", 4000)
    common_surnames = surnames[:1500]
    namer = NickNamer()
    related: set[frozenset[str]] = set()
    for name in given:
        for other in namer.nicknames_of(name.lower()) | namer.canonicals_of(name.lower()):
            related.add(frozenset((name.lower(), other)))
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        rows.append(
            {"category": cat, "kind": kind, "type": type_, "stored": stored, "query": query,
             "source": source}
        )  # fmt: skip

    # positives --------------------------------------------------------------------------------
    nick_pairs = sorted(
        (g, n.title())
        for g in given
        for n in namer.nicknames_of(g.lower())
        if len(n) > 2 and n.title() not in given
    )
    for g, n in rng.sample(nick_pairs, CATEGORY_SIZE["nickname"]):
        s = rng.choice(common_surnames)
        stored, query = (f"{g} {s}", f"{n} {s}") if rng.random() < 0.7 else (f"{n} {s}", f"{g} {s}")
        add("nickname", "positive", "Person", stored, query, "nicknames+census")
    for i in range(CATEGORY_SIZE["title"]):
        pool_g, pool_s = (WORLD_GIVEN, WORLD_SURNAME) if i % 2 else (given, common_surnames)
        person = f"{rng.choice(pool_g)} {rng.choice(pool_s)}"
        if i % 3 == 2:
            titled, source = f"{person} {rng.choice(SUFFIXES)}", "suffix"
        else:
            titled, source = f"{rng.choice(TITLES)} {person}", "title"
        stored, query = (person, titled) if rng.random() < 0.6 else (titled, person)
        add("title", "positive", "Person", stored, query, source)
    for a, b in pairs(TRANSLITERATIONS):
        s = rng.choice(common_surnames + WORLD_SURNAME)
        if a in SURNAME_TRANSLITERATIONS:
            g = rng.choice(given)
            add("transliteration", "positive", "Person", f"{g} {a}", f"{g} {b}", "hand")
        else:
            add("transliteration", "positive", "Person", f"{a} {s}", f"{b} {s}", "hand")
    for full, short in pairs(ACRONYMS):
        add("acronym", "positive", "Organization", full, short, "hand")
    for full, short in pairs(PRODUCTS):
        add("product", "positive", "Tool", full, short, "hand")
    legal = [
        (country, form)
        for country, forms in cleanco.termdata.terms_by_country.items()
        if country in LEGAL_FORM_COUNTRIES
        for form in forms
    ]
    for _ in range(CATEGORY_SIZE["company_form"]):
        country, form = rng.choice(legal)
        base = f"{rng.choice(common_surnames)} {rng.choice(INDUSTRY)}"
        formal = f"{base} {form.upper() if len(form) <= 3 else form.title()}"
        add("company_form", "positive", "Organization", formal, base, f"cleanco:{country}")
    for formal, short in pairs(REAL_COMPANIES):
        add("company_form", "positive", "Organization", formal, short, "hand")
    place_pos: list[tuple[str, str, str]] = []
    for c in pycountry.countries:
        if getattr(c, "official_name", None) and c.official_name != c.name:
            place_pos.append((c.name, c.official_name, "pycountry:official_name"))
        if getattr(c, "common_name", None):
            place_pos.append((c.name, c.common_name, "pycountry:common_name"))
    for sub in sorted(pycountry.subdivisions.get(country_code="US"), key=lambda x: x.code):
        if sub.type == "State":
            place_pos.append((sub.name, sub.code.split("-")[1], "pycountry:US state code"))
    for c in rng.sample(place_pos, CATEGORY_SIZE["place"]):
        add("place", "positive", "Place", c[0], c[1], c[2])
    for full, short in pairs(CITY_ABBREVIATIONS):
        add("place", "positive", "Place", full, short, "hand")
    accented = []
    for cc in ("DE", "FR", "ES", "PL", "CZ", "SE", "AT"):
        for sub in sorted(pycountry.subdivisions.get(country_code=cc), key=lambda x: x.code):
            folded = unicodedata.normalize("NFKD", sub.name)
            ascii_ = "".join(ch for ch in folded if not unicodedata.combining(ch))
            if ascii_ != sub.name and ascii_.isascii():
                accented.append((sub.name, ascii_, f"pycountry:{cc}"))
    for name, ascii_, source in rng.sample(accented, CATEGORY_SIZE["diacritics"]):
        add("diacritics", "positive", "Place", name, ascii_, source)

    # negatives --------------------------------------------------------------------------------
    given_pairs = one_edit_pairs(given, related)
    for a, b in rng.sample(given_pairs, CATEGORY_SIZE["one_edit_given"]):
        s = rng.choice(common_surnames)
        add("one_edit_given", "negative", "Person", f"{a} {s}", f"{b} {s}", "census")
    surname_pairs = one_edit_pairs(surnames[:2500], set())
    for a, b in rng.sample(surname_pairs, CATEGORY_SIZE["one_edit_surname"]):
        g = rng.choice(given)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", "census")
    for a, b in pairs(SURNAME_VOWEL_NEGATIVES):
        g = rng.choice(given)
        add("vowel_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", "hand")
    for _ in range(CATEGORY_SIZE["other_given"]):
        a, b = rng.sample(given, 2)
        if frozenset((a.lower(), b.lower())) in related:
            continue
        s = rng.choice(common_surnames)
        add("other_given", "negative", "Person", f"{a} {s}", f"{b} {s}", "census")
    for a, b in pairs(COMPANY_NEGATIVES):
        add("one_edit_company", "negative", "Organization", a, b, "hand")
    for a, b in rng.sample(surname_pairs, 20):
        industry = rng.choice(INDUSTRY)
        add("one_edit_company", "negative", "Organization", f"{a} {industry}", f"{b} {industry}",
            "census")  # fmt: skip
    for a, b in pairs(ACRONYM_NEGATIVES):
        add("acronym_negative", "negative", "Organization", a, b, "hand")
    for a, b in pairs(PRODUCT_NEGATIVES):
        add("product_negative", "negative", "Tool", a, b, "hand")
    country_names = sorted(c.name for c in pycountry.countries if "," not in c.name)
    close = [
        (a, b)
        for a in country_names
        for b in country_names
        if a < b and (osa1(a.lower(), b.lower()) or (a in b.split() or b in a.split()))
    ]
    states = sorted(s.name for s in pycountry.subdivisions.get(country_code="US"))
    close += [(a, b) for a in states for b in states if a != b and a in b.split()]
    close += [
        (a, b)
        for a in country_names
        for b in country_names
        if a != b and b.startswith(a) and b not in a and len(b) <= len(a) + 3
    ]
    for a, b in rng.sample(sorted(set(close)), min(CATEGORY_SIZE["place_negative"], len(close))):
        add("place_negative", "negative", "Place", a, b, "pycountry")
    return rows


def split(rows: list[dict[str, str]], seed: int) -> dict[str, list[dict[str, str]]]:
    """Half of each category to ``dev``, half to ``holdout``; a stored entity stays in one half."""
    rng = random.Random(seed + 1)
    by_cat: dict[str, list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        by_cat[row["category"]].append(row)
    halves: dict[str, list[dict[str, str]]] = {"dev": [], "holdout": []}
    for cat in sorted(by_cat):
        groups: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
        for row in by_cat[cat]:
            groups[(row["type"], row["stored"])].append(row)
        keys = sorted(groups)
        rng.shuffle(keys)
        for i, key in enumerate(keys):
            halves["dev" if i % 2 == 0 else "holdout"] += groups[key]
    for half, items in halves.items():
        for i, row in enumerate(items):
            row["id"] = f"{half[0]}{i:04d}"
    return halves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    args = parser.parse_args()
    halves = split(build(args.seed), args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for half, items in halves.items():
        path = args.out / f"resolver_gen_{half}.jsonl"
        text = "".join(
            json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in items
        )
        path.write_text(text, encoding="utf-8")
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        print(f"{path}: {len(items)} rows, sha256 {digest}")


if __name__ == "__main__":
    main()
